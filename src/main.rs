//! `bgw`: the backgammon workbench. With a subcommand it is the command line; with none it
//! prints the help (the desktop workbench will open there).

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
