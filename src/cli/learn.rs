//! `bgw learn`: the classic program learns by GOOD/BAD in games against itself.

use super::progress::Progress;
use super::rank::load_weights;
use super::{CliError, in_range, interrupt, positive_finite, print, shown};
use bgw_engine::evaluation::classic::{LearnStats, Weights, learn};
use bgw_engine::io::atomic_file::AtomicFile;
use std::cell::RefCell;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `bgw learn`.
#[derive(clap::Args)]
pub struct Args {
    /// Starting weights (RON); the built-in defaults when absent.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Where to write the learnt weights (atomically, at checkpoints and at the end).
    #[arg(long)]
    out: PathBuf,
    /// Games of self-play, 1 to 100,000,000.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The step η of each GOOD/BAD update.
    #[arg(long, default_value_t = 0.01, value_parser = positive_finite)]
    eta: f64,
    /// Write OUT every this many games (0: only at the end).
    #[arg(long, default_value_t = 100)]
    checkpoint: u64,
    /// Also write every update (verdict, GBRDVAL, COMPVAL, weights before and after) as JSON
    /// lines to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    /// Print the closing summary as one JSON object.
    #[arg(long)]
    json: bool,
}

/// `bgw learn --json`.
#[derive(serde::Serialize)]
struct LearnJson {
    games: u64,
    seconds: f64,
    good: u64,
    bad: u64,
    /// Share of the games White won.
    white_win_rate: f64,
    /// Where the weights were written.
    out: String,
}

/// The most games of one run (about a day of self-play).
const MAX_GAMES: u64 = 100_000_000;

/// Runs `bgw learn`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    in_range("--games", args.games, 1, MAX_GAMES)?;
    let start = load_weights(args.weights.as_ref())?;
    super::check_writable(&args.out)?;
    // The log is streamed to a temporary file beside it, which replaces it at the end.
    let log = RefCell::new(Log {
        file: match &args.log {
            Some(p) => Some(
                AtomicFile::create(p)
                    .map_err(|e| CliError::failed(format!("{}: {e}", shown(p))))?,
            ),
            None => None,
        },
        error: None,
    });
    let task = interrupt::task();
    let started = Instant::now();
    let mut bar = Progress::new("learn (games)", &task, args.quiet);
    let mut checkpoint_error: Option<CliError> = None;
    let (weights, stats) = learn(
        start,
        args.games,
        args.seed,
        args.eta,
        &task,
        |u| {
            let log = &mut *log.borrow_mut();
            if let Some(out) = log.file.as_mut()
                && let Err(e) = writeln!(out, "{}", u.to_json())
            {
                log.error.get_or_insert(e);
            }
        },
        |s, w| {
            let done = s.games == args.games;
            task.set_phase(format!(
                "GOOD {}  BAD {}  White won {:.1} %",
                s.good,
                s.bad,
                100.0 * s.white_wins as f64 / s.games as f64
            ));
            if args.checkpoint > 0
                && s.games % args.checkpoint == 0
                && !done
                && let Err(e) = w.save(&args.out)
            {
                checkpoint_error.get_or_insert(e.into());
            }
        },
    );
    bar.finish();
    if let Some(e) = checkpoint_error {
        return Err(e);
    }
    finish(&args, &weights, &stats, log.into_inner(), started)?;
    // On Ctrl+C the run stopped after the game being played: what it learnt is written.
    if task.is_cancelled() && stats.games < args.games {
        return Err(CliError::interrupted(format!(
            "interrupted after {} of {} games: the weights so far are written to {}",
            stats.games,
            args.games,
            shown(&args.out)
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The update log being written, and its first write error.
#[derive(Default)]
struct Log {
    file: Option<AtomicFile>,
    error: Option<std::io::Error>,
}

/// Writes the weights and the log and prints the summary.
fn finish(
    args: &Args,
    weights: &Weights,
    stats: &LearnStats,
    log: Log,
    started: Instant,
) -> Result<(), CliError> {
    weights.save(&args.out)?;
    if let Some(out) = log.file {
        let path = out.path().to_path_buf();
        log.error
            .map_or_else(|| out.commit(), Err)
            .map_err(|e| CliError::failed(format!("{}: {e}", shown(&path))))?;
    }
    let json = LearnJson {
        games: stats.games,
        seconds: started.elapsed().as_secs_f64(),
        good: stats.good,
        bad: stats.bad,
        white_win_rate: stats.white_wins as f64 / stats.games as f64,
        out: args.out.display().to_string(),
    };
    if args.json {
        print(&format!("{}\n", serde_json::to_string_pretty(&json)?))
    } else {
        print(&format!(
            "{} games in {:.1} s: GOOD {}, BAD {}, White won {:.1} %; weights written to {}\n",
            json.games,
            json.seconds,
            json.good,
            json.bad,
            100.0 * json.white_win_rate,
            json.out
        ))
    }
}
