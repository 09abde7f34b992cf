//! `bgw`: the backgammon workbench. With a subcommand it is the command line; with none it
//! opens the desktop workbench.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
