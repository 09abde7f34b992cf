//! The command line: one module per subcommand, each a thin layer over the library.
//!
//! Errors in what the user typed end the run with a one-line message on stderr and exit code 2.

mod bearoff;
mod calibrate;
mod champion;
mod duel;
mod learn;
mod moves;
mod play;
mod rank;
mod show;
mod tune;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The backgammon workbench: positions, legal moves, the classic program, bear-off databases.
#[derive(Parser)]
#[command(name = "bgw", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Every legal result of a roll, one line each: move and resulting Position ID.
    Moves(moves::Args),
    /// A position as a text diagram, with pip counts, Position ID, Match ID and XGID.
    Show(show::Args),
    /// Measure the engine's speed on this machine.
    Calibrate(calibrate::Args),
    /// Every legal result of a roll ranked by the classic program's BRDVAL, term by term.
    Rank(rank::Args),
    /// Play a game against the classic program at the terminal.
    Play(play::Args),
    /// Let the classic program learn by GOOD/BAD in games against itself.
    Learn(learn::Args),
    /// One-sided bear-off databases: analyse a race, build, inspect gnubg .bd files.
    Bearoff(bearoff::Args),
    /// Cubeless money games between two players with duplicate dice: points per game ± error.
    Duel(duel::Args),
    /// Search for stronger classic weights: a (1+λ) evolution strategy, duels against pubeval.
    Tune(tune::Args),
    /// Seed 002, «Чемпион»: the goat program against the wolves — replies with their trace,
    /// exact solution, move values, the article's game, measurements, play.
    #[command(alias = "wolves")]
    Champion(champion::Args),
}

/// A failed run: the message printed after `bgw: `.
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// Writes to stdout; a closed pipe (`bgw … | head`) is not an error of the user's.
pub fn print(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError(e.to_string())),
        _ => Ok(()),
    }
}

/// No subcommand: the desktop workbench (or, built without the `gui` feature, the help).
fn open_workbench() -> Result<ExitCode, CliError> {
    #[cfg(feature = "gui")]
    {
        bgw::app::run()
            .map(|()| ExitCode::SUCCESS)
            .map_err(|e| CliError(format!("cannot open the workbench window: {e}")))
    }
    #[cfg(not(feature = "gui"))]
    {
        use clap::CommandFactory;
        let _ = Cli::command().print_help();
        Ok(ExitCode::SUCCESS)
    }
}

/// Runs the command line and returns the process's exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        None => open_workbench(),
        Some(Command::Moves(args)) => moves::run(args),
        Some(Command::Show(args)) => show::run(args),
        Some(Command::Calibrate(args)) => calibrate::run(args),
        Some(Command::Rank(args)) => rank::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Learn(args)) => learn::run(args),
        Some(Command::Bearoff(args)) => bearoff::run(args),
        Some(Command::Duel(args)) => duel::run(args),
        Some(Command::Tune(args)) => tune::run(args),
        Some(Command::Champion(args)) => champion::run(args),
    };
    outcome.unwrap_or_else(|CliError(message)| {
        eprintln!("bgw: {message}");
        ExitCode::from(2)
    })
}
