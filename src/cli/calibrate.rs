//! `bgw calibrate`: how fast this machine runs the engine, like gnubg's `calibrate`.

use super::progress::Progress;
use super::{CliError, print, shown};
use bgw_engine::core::formats::encode_position_id;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::calibrate::{
    bearoff_build_seconds, duel_games_per_second, movegen_rate, parse_positions_tsv,
    ranking_seconds, self_play_positions, worst_case,
};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `bgw calibrate`.
#[derive(clap::Args)]
pub struct Args {
    /// Positions to time, in the layout of positions_10k.tsv (default: 10,000 built-in
    /// positions from seeded random self-play).
    #[arg(long)]
    positions: Option<PathBuf>,
    /// Print a JSON object instead of lines.
    #[arg(long)]
    json: bool,
    /// Also time the 10-point bear-off database (3,268,760 positions; several seconds).
    #[arg(long)]
    large: bool,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// One figure to measure.
struct Figure<'a> {
    /// The JSON key.
    key: &'static str,
    /// What was measured, for people.
    label: String,
    /// Takes the measurement.
    value: Box<dyn Fn() -> f64 + 'a>,
    unit: &'static str,
}

/// The positions move generation is timed on: those of the `--positions` file, else the
/// built-in self-play ones; and their source in words.
fn positions(file: Option<&PathBuf>) -> Result<(Vec<bgw_engine::Position>, String), CliError> {
    Ok(match file {
        Some(path) => {
            let text = bgw_engine::io::user_file::read_text(path)
                .map_err(|e| CliError::failed(format!("cannot read {}: {e}", shown(path))))?;
            let positions = parse_positions_tsv(&text)
                .map_err(|e| CliError::failed(format!("{}: {e}", shown(path))))?;
            (positions, shown(path))
        }
        None => (
            self_play_positions(10_000, 1),
            "built-in self-play positions".to_string(),
        ),
    })
}

/// Each figure measured in turn, a progress bar showing which unless `quiet` (the
/// measurements themselves are not cancelled: the task only shows them).
fn measure(figures: &[Figure<'_>], quiet: bool) -> Vec<f64> {
    let task = bgw_engine::core::task::Task::new();
    task.set(0, figures.len() as u64);
    let mut bar = Progress::new("calibrate (figures)", &task, quiet);
    let values: Vec<f64> = figures
        .iter()
        .map(|f| {
            task.set_phase(f.key);
            let value = (f.value)();
            task.advance(1);
            value
        })
        .collect();
    bar.finish();
    values
}

/// Runs `bgw calibrate`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (positions, source) = positions(args.positions.as_ref())?;
    let (worst, dice, results) = worst_case(&positions);
    let weights = Weights::builtin_default();
    let mut figures = vec![
        Figure {
            key: "movegen_position_rolls_per_s",
            label: format!(
                "move generation, {} positions x 21 rolls ({source}), one thread",
                positions.len()
            ),
            value: Box::new(|| movegen_rate(&positions, Duration::from_secs(2))),
            unit: "position x roll / s",
        },
        Figure {
            key: "classic_rank_worst_case_us",
            label: format!(
                "classic ranking with full breakdown, worst case {} {dice} ({results} results)",
                encode_position_id(&worst)
            ),
            value: Box::new(|| {
                1e6 * ranking_seconds(&worst, dice, &weights, Duration::from_millis(500))
            }),
            unit: "us",
        },
        Figure {
            key: "duel_classic_vs_pubeval_games_per_s",
            label: "duel, classic (default weights) against pubeval, 20000 games, all cores".into(),
            value: Box::new(|| duel_games_per_second(20_000)),
            unit: "games / s",
        },
        Figure {
            key: "bearoff_build_6pt_ms",
            label: "bear-off database, 6 points, gnubg-compatible, all cores".into(),
            value: Box::new(|| 1e3 * bearoff_build_seconds(6, Duration::from_secs(1))),
            unit: "ms",
        },
        Figure {
            key: "champion_solve_9x4_ms",
            label:
                "seed 002 goat and wolves, 9x9 four wolves solved (7,493,980 positions), one thread"
                    .into(),
            value: Box::new(|| {
                1e3 * bgw_engine::champion::solver::solve_seconds(
                    bgw_engine::champion::Variant::NINE_FOUR,
                    Duration::from_secs(1),
                )
            }),
            unit: "ms",
        },
    ];
    if args.large {
        figures.push(Figure {
            key: "bearoff_build_10pt_s",
            label: "bear-off database, 10 points, gnubg-compatible, all cores".into(),
            value: Box::new(|| bearoff_build_seconds(10, Duration::ZERO)),
            unit: "s",
        });
    }
    let values = measure(&figures, args.quiet);
    if args.json {
        // One key a figure, rounded to a tenth (keys in alphabetical order).
        let object: std::collections::BTreeMap<&str, f64> = figures
            .iter()
            .zip(&values)
            .map(|(f, v)| (f.key, (v * 10.0).round() / 10.0))
            .collect();
        print(&format!("{}\n", serde_json::to_string(&object)?))?;
    } else {
        let lines: String = figures
            .iter()
            .zip(&values)
            .map(|(f, v)| format!("{}: {:.1} {} ({})\n", f.label, v, f.unit, f.key))
            .collect();
        print(&lines)?;
    }
    Ok(ExitCode::SUCCESS)
}
