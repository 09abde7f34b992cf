//! The command line: one module per subcommand, each a thin layer over the library.
//!
//! A failed run ends with a one-line message on stderr and an exit code by its class
//! ([`Exit`]): 2 for what the user typed, 1 for failures while running, 128 + the signal's
//! number when a signal stopped it (130 Ctrl+C, 143 SIGTERM, 129 SIGHUP), 141 when stdout is
//! a pipe its reader closed.
//!
//! Every byte for the user goes through [`print`] (stdout, checked) or [`eprint`] (stderr).

mod archive;
mod archive_add;
mod archive_db;
mod archive_merge;
mod bearoff;
mod bearoff_cube;
mod bearoff_errors;
mod bearoff_exact;
mod bearoff_side;
mod bearoff_two_sided;
mod benchmark;
mod calibrate;
mod champion;
mod cube;
mod decision_lines;
mod drill;
mod duel;
mod eval;
mod fit;
mod fit_rounds;
mod interrupt;
mod learn;
mod match_files;
mod match_review;
mod moves;
mod play;
mod progress;
mod rank;
mod rank_gnubg;
mod reference;
mod rollout;
mod show;
mod terms;
mod tune;
mod version;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// The backgammon workbench: positions, legal moves, the classic program, bear-off databases.
#[derive(Parser)]
#[command(name = "bgw", version, about, long_about = None, after_help = EXIT_CODES)]
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
    /// gnubg rolls out chosen moves (or its best N): equity, standard error, probabilities.
    Rollout(rollout::Args),
    /// Play a game against the classic program at the terminal.
    Play(play::Args),
    /// Let the classic program learn by GOOD/BAD in games against itself.
    Learn(learn::Args),
    /// One-sided bear-off databases: analyse a race, build, inspect gnubg .bd files.
    Bearoff(bearoff::Args),
    /// Cubeless money games between two players with duplicate dice: points per game ± error,
    /// or until a sequential test (SPRT) decides.
    Duel(duel::Args),
    /// Search for stronger classic weights: a (1+λ) evolution strategy, duels against pubeval.
    Tune(tune::Args),
    /// Players scored against GNU Backgammon's verdict on a benchmark of decisions.
    Benchmark(benchmark::Args),
    /// Fit the classic weights to a benchmark (the smallest mean loss against gnubg's
    /// choices), score them on a hold-out set and duel them against pubeval.
    Fit(fit::Args),
    /// The classic program's terms, the seed's and those beyond, and what each extra term
    /// buys (refits, hold-out loss, ppg against pubeval).
    Terms(terms::Args),
    /// gnubg's cube decision before the roll at the position's match state (PositionID:MatchID
    /// or XGID): no double, double/take, double/pass and the proper action.
    Cube(cube::Args),
    /// gnubg's evaluation of a position by its own nets, evaluated in bgw (no gnubg program
    /// needed): the five cubeless probabilities and the cubeless equity, at 0 plies.
    Eval(eval::Args),
    /// Seed 002, «Чемпион»: the goat program against the wolves — replies with their trace,
    /// exact solution, move values, the article's game, measurements, play.
    #[command(alias = "wolves")]
    Champion(champion::Args),
    /// Match files (MAT, gnubg's SGF): every decision, each move replayed and checked.
    Match(match_files::Args),
    /// Your archive: match files in one database, reviewed by gnubg in parallel, and
    /// questions to it (players' figures, a player's errors).
    Archive(archive::Args),
    /// Your own errors from the archive as a deck: answer them at the terminal, each card
    /// scheduled again by FSRS (answered well, later; missed, soon); `next` and `answer` for
    /// scripts.
    Drill(drill::Args),
}

/// How a run failed, which decides the exit code (see [`EXIT_CODES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// What the user typed is wrong: arguments, IDs, dice, move text (exit code 2).
    Usage,
    /// Something failed while running: a file that cannot be read, written or parsed, other
    /// I/O (exit code 1).
    Failed,
    /// Stopped by a signal: exit code 128 + its number (130 Ctrl+C, 143 SIGTERM, 129 SIGHUP;
    /// see [`interrupt::exit_code`]).
    Interrupted,
    /// Stdout is a pipe whose reader is gone (`bgw … | head`): the run ends quietly with exit
    /// code 141, what a shell reports for a writer killed by SIGPIPE (128 + 13).
    ClosedPipe,
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Usage => 2,
            Exit::Failed => 1,
            Exit::Interrupted => interrupt::exit_code(),
            Exit::ClosedPipe => 141,
        }
    }
}

/// The exit codes, as `bgw --help` and docs/command-line.md list them.
pub const EXIT_CODES: &str = "Exit codes:
  0    success
  1    a failure while running: a file that cannot be read, written or parsed, other I/O
       (and `bgw moves --batch` when a line failed, `bgw match review` when gnubg did not
       judge every decision and --allow-partial is not given)
  2    what was typed is wrong: arguments, Position IDs, dice, move text, a match longer than
       gnubg plays (64 points) for a command that asks gnubg
  129  stopped by SIGHUP (the terminal closed), 128 + the signal's number as shells report it
  130  stopped by Ctrl+C (SIGINT)
  143  stopped by SIGTERM
       (on a signal, temporary files are removed; tune and learn write the best weights so
       far, play --save-match the game so far)
  141  stdout is a pipe that was closed early (`bgw … | head`): the run ends quietly, as a
       shell reports a writer killed by SIGPIPE (128 + 13)";

/// Refuses, as what was typed (exit 2), a match state gnubg does not play (a match of more
/// than 64 points), before gnubg is asked.
pub fn gnubg_plays(at: &bgw_engine::reference::MatchContext) -> Result<(), CliError> {
    match bgw_engine::reference::gnubg::too_long(at.match_id().match_length) {
        Some(why) => Err(CliError::usage(format!("gnubg cannot judge {why}"))),
        None => Ok(()),
    }
}

/// A failed run: the message printed after `bgw: `, and its class.
#[derive(Debug)]
pub struct CliError {
    /// Which kind of failure, and so the exit code.
    pub exit: Exit,
    /// The one-line message.
    pub message: String,
}

impl CliError {
    /// An error in what the user typed (exit code 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            exit: Exit::Usage,
            message: message.into(),
        }
    }

    /// A failure while running (exit code 1).
    pub fn failed(message: impl Into<String>) -> CliError {
        CliError {
            exit: Exit::Failed,
            message: message.into(),
        }
    }

    /// Stopped by a signal (exit code 128 + its number, see [`Exit::Interrupted`]).
    pub fn interrupted(message: impl Into<String>) -> CliError {
        CliError {
            exit: Exit::Interrupted,
            message: message.into(),
        }
    }

    /// Stdout's reader went away (exit code 141, no message).
    pub fn closed_pipe() -> CliError {
        CliError {
            exit: Exit::ClosedPipe,
            message: String::new(),
        }
    }
}

/// `From` conversions for `?`: each error type is put in its class once, here.
macro_rules! classify {
    ($class:ident: $($t:ty),+ $(,)?) => {
        $(impl From<$t> for CliError {
            fn from(e: $t) -> CliError {
                CliError::$class(e.to_string())
            }
        })+
    };
}

classify!(usage:
    bgw_engine::core::formats::ReadError,
    bgw_engine::core::dice::DiceError,
    bgw_engine::core::position::PositionError,
    bgw_engine::studies::race::AnalysisError,
    bgw_engine::champion::RuleError,
);
classify!(failed:
    serde_json::Error,
    bgw_engine::bearoff::one_sided::BdError,
    bgw_engine::studies::calibrate::PositionsFileError,
);

impl From<std::io::Error> for CliError {
    /// A broken pipe is the reader of stdout gone (see [`Exit::ClosedPipe`]); any other I/O
    /// error is a failure while running.
    fn from(e: std::io::Error) -> CliError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::closed_pipe()
        } else {
            CliError::failed(e.to_string())
        }
    }
}

impl From<bgw_engine::evaluation::classic::WeightsError> for CliError {
    /// A weights file that cannot be read, parsed or written is a failure while running.
    fn from(e: bgw_engine::evaluation::classic::WeightsError) -> CliError {
        CliError::failed(e.to_string())
    }
}

impl From<bgw_engine::core::formats::PositionFileError> for CliError {
    /// A position file that cannot be read or parsed is a failure while running.
    fn from(e: bgw_engine::core::formats::PositionFileError) -> CliError {
        CliError::failed(e.to_string())
    }
}

impl From<bgw_engine::studies::duel::ContenderError> for CliError {
    /// An unknown player name or bad gnubg plies are usage errors; a weights file failing is
    /// not.
    fn from(e: bgw_engine::studies::duel::ContenderError) -> CliError {
        match e {
            bgw_engine::studies::duel::ContenderError::Unknown(_)
            | bgw_engine::studies::duel::ContenderError::Plies(_)
            | bgw_engine::studies::duel::ContenderError::Pair(_) => CliError::usage(e.to_string()),
            bgw_engine::studies::duel::ContenderError::Weights(w) => w.into(),
        }
    }
}

impl From<bgw_engine::bearoff::one_sided::BuildError> for CliError {
    /// A cancelled build was stopped by Ctrl+C; too many points is a usage error.
    fn from(e: bgw_engine::bearoff::one_sided::BuildError) -> CliError {
        match e {
            bgw_engine::bearoff::one_sided::BuildError::Cancelled => {
                CliError::interrupted(e.to_string())
            }
            bgw_engine::bearoff::one_sided::BuildError::TooManyPoints(_) => {
                CliError::usage(e.to_string())
            }
        }
    }
}

/// Checks before long work that `path` can be written (its folder exists, it is a regular file
/// or new or a link to one, a temporary file can be made beside it): an unwritable `--out` is
/// found at once, not after the work.
pub fn check_writable(path: &std::path::Path) -> Result<(), CliError> {
    bgw_engine::io::atomic_file::check_writable(path)
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", shown(path))))
}

/// A path as it is shown to the user, in messages and text output: control characters (an
/// escape sequence in a file name) escaped as `\u{1b}`, so that a name cannot act on the
/// terminal.
pub fn shown(path: &std::path::Path) -> String {
    bgw_engine::core::formats::shorten(&path.display().to_string(), usize::MAX)
}

/// Runs `work` on a rayon pool of `threads` threads (its parallel loops use them).
pub fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<T, CliError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::failed(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool.install(work))
}

/// Clap's parser for an option that must be a positive finite number (a step η, σ, minutes):
/// `nan`, `inf`, 0 and negatives are refused as clap refuses any bad value (exit code 2).
pub fn positive_finite(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        Ok(_) => Err("must be a positive finite number".to_string()),
        Err(_) => Err("not a number".to_string()),
    }
}

/// Refuses a count outside `min..=max` in what the user typed (exit code 2), naming the bound.
/// Counts that size memory or time are bounded so that a typo cannot ask for an allocation
/// that aborts the process; the largest still allows long runs, which Ctrl+C stops.
pub fn in_range<T: PartialOrd + std::fmt::Display>(
    flag: &str,
    value: T,
    min: T,
    max: T,
) -> Result<(), CliError> {
    if value < min {
        Err(CliError::usage(format!(
            "{flag} must be at least {min}, not {value}"
        )))
    } else if value > max {
        Err(CliError::usage(format!(
            "{flag} must be at most {max}, not {value}"
        )))
    } else {
        Ok(())
    }
}

/// Stdout as a writer, for the commands that write as they go (`bgw play`, `moves --batch`):
/// its errors keep their kind (a broken pipe stays one) and say that stdout failed.
pub struct Stdout(std::io::StdoutLock<'static>);

/// Locks stdout for writing through [`Stdout`].
pub fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

/// Says that stdout failed, keeping the error's kind.
fn stdout_failed(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write to stdout: {e}"))
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(stdout_failed)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(stdout_failed)
    }
}

/// Writes `text` to stdout and flushes it, so that a failure is seen here: a closed pipe
/// ends the run quietly (exit code 141), any other failure is an error (exit code 1).
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Writes `text` to stderr. Stderr failing (closed, full) leaves no one to tell, so it is
/// not an error: the run goes on (a build still writes its file) and ends with its own code.
///
/// Control characters other than line ends and tabs are escaped (see
/// [`bgw_engine::core::formats::printable`]): a file name or a player's name in a message cannot
/// act on the terminal.
pub fn eprint(text: &str) {
    let text = bgw_engine::core::formats::printable(text);
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// No subcommand: the desktop workbench (or, built without the `gui` feature, the help).
fn open_workbench() -> Result<ExitCode, CliError> {
    #[cfg(feature = "gui")]
    {
        bgw::app::run()
            .map(|()| ExitCode::SUCCESS)
            .map_err(|e| CliError::failed(format!("cannot open the workbench window: {e}")))
    }
    #[cfg(not(feature = "gui"))]
    {
        use clap::CommandFactory;
        print(&Cli::command().render_help().to_string())?;
        Ok(ExitCode::SUCCESS)
    }
}

/// Runs the command line and returns the process's exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayVersion => {
            // `--version` asks gnubg: a signal must end it too.
            interrupt::install();
            return version::run(&e).unwrap_or_else(|e| ExitCode::from(report(e)));
        }
        Err(e) => return clap_exit(&e),
    };
    // The workbench keeps the default: a signal ends it.
    if cli.command.is_some() {
        interrupt::install();
    }
    let outcome = match cli.command {
        None => open_workbench(),
        Some(Command::Moves(args)) => moves::run(args),
        Some(Command::Show(args)) => show::run(args),
        Some(Command::Calibrate(args)) => calibrate::run(args),
        Some(Command::Rank(args)) => rank::run(args),
        Some(Command::Rollout(args)) => rollout::run(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Terms(args)) => terms::run(args),
        Some(Command::Learn(args)) => learn::run(args),
        Some(Command::Bearoff(args)) => bearoff::run(args),
        Some(Command::Duel(args)) => duel::run(args),
        Some(Command::Tune(args)) => tune::run(args),
        Some(Command::Benchmark(args)) => benchmark::run(args),
        // `--rounds`: the iterated fit, its own module.
        Some(Command::Fit(args)) if args.rounds.is_some() => fit_rounds::run(args),
        Some(Command::Fit(args)) => fit::run(args),
        Some(Command::Champion(args)) => champion::run(args),
        Some(Command::Match(args)) => match_files::run(args),
        Some(Command::Cube(args)) => cube::run(args),
        Some(Command::Eval(args)) => eval::run(args),
        Some(Command::Archive(args)) => archive::run(args),
        Some(Command::Drill(args)) => drill::run(args),
    };
    // A signal's handler ending the process meanwhile decides the exit code.
    interrupt::settle();
    outcome.unwrap_or_else(|e| ExitCode::from(report(e)))
}

/// Clap's help, version or refusal printed, and its exit code (0, or 2 for a refusal). Help
/// that cannot be written to stdout fails as [`print`] does.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let written = e.print().and_then(|()| std::io::stdout().flush());
    match written {
        Err(w) if !e.use_stderr() => ExitCode::from(report(stdout_failed(w).into())),
        // A refusal goes to stderr: if that fails too, the exit code still says it.
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(Exit::Usage.code())),
    }
}

/// Prints the error's line on stderr (none for a closed pipe) and returns its exit code.
fn report(e: CliError) -> u8 {
    if e.exit != Exit::ClosedPipe {
        // One line whatever the message holds: line ends escaped too.
        eprint(&format!(
            "bgw: {}\n",
            bgw_engine::core::formats::shorten(&e.message, usize::MAX)
        ));
    }
    e.exit.code()
}
