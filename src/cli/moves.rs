//! `bgw moves`: the legal results of a roll.

use super::CliError;
use backgammon_workbench::Dice;
use backgammon_workbench::formats::{position_id, read_position};
use backgammon_workbench::moves::MoveGenerator;
use std::process::ExitCode;

/// Arguments of `bgw moves`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID, PositionID:MatchID, or XGID.
    #[arg(required_unless_present = "batch")]
    position: Option<String>,
    /// The roll: two digits 1-6 in either order (31 or 13).
    #[arg(required_unless_present = "batch")]
    dice: Option<String>,
    /// Print a JSON array instead of lines.
    #[arg(long)]
    json: bool,
    /// Read lines "<PositionID> <DICE>" from stdin; write "<PositionID> <DICE> <n> <id>…".
    #[arg(long, conflicts_with_all = ["position", "dice", "json"])]
    batch: bool,
}

/// Runs `bgw moves`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (Some(text), Some(dice)) = (args.position, args.dice) else {
        return Err(CliError("batch mode is not built yet".into()));
    };
    let pos = read_position(&text)?;
    let dice: Dice = dice.parse()?;
    let mut generator = MoveGenerator::new();
    let mut plays: Vec<(String, String)> = generator
        .generate(&pos, dice)
        .iter()
        .map(|p| (p.mv.notation(), position_id::encode(&p.result.mirror())))
        .collect();
    plays.sort();
    for (mv, id) in &plays {
        println!("{mv}\t{id}");
    }
    Ok(ExitCode::SUCCESS)
}
