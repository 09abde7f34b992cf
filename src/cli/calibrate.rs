//! `bgw calibrate`: how fast this machine runs the engine, like gnubg's `calibrate`.

use super::CliError;
use backgammon_workbench::calibrate::{movegen_rate, parse_positions_tsv, self_play_positions};
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
}

/// One measured figure.
struct Figure {
    /// The JSON key.
    key: &'static str,
    /// What was measured, for people.
    label: String,
    value: f64,
    unit: &'static str,
}

/// Runs `bgw calibrate`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (positions, source) = match &args.positions {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
            let positions = parse_positions_tsv(&text)
                .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
            (positions, path.display().to_string())
        }
        None => (
            self_play_positions(10_000, 1),
            "built-in self-play positions".to_string(),
        ),
    };
    let figures = vec![Figure {
        key: "movegen_position_rolls_per_s",
        label: format!(
            "move generation, {} positions x 21 rolls ({source}), one thread",
            positions.len()
        ),
        value: movegen_rate(&positions, Duration::from_secs(2)),
        unit: "position x roll / s",
    }];
    if args.json {
        let object: serde_json::Map<String, serde_json::Value> = figures
            .iter()
            .map(|f| (f.key.to_string(), serde_json::json!(f.value.round())))
            .collect();
        println!("{}", serde_json::Value::Object(object));
    } else {
        for f in &figures {
            println!("{}: {:.0} {} ({})", f.label, f.value, f.unit, f.key);
        }
    }
    Ok(ExitCode::SUCCESS)
}
