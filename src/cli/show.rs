//! `bgw show`: a position as a diagram, with its pip counts and IDs.

use super::CliError;
use backgammon_workbench::formats::position_file::PositionFile;
use backgammon_workbench::formats::{diagram, read_setup};
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `bgw show`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID, PositionID:MatchID, an XGID, or a RON position file (*.ron).
    position: String,
}

/// Runs `bgw show`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let setup = if args.position.ends_with(".ron") {
        let path = Path::new(&args.position);
        let file =
            PositionFile::load(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        println!(" {}", file.description);
        file.to_setup()?
    } else {
        read_setup(&args.position)?
    };
    print!("{}", diagram::render(&setup));
    Ok(ExitCode::SUCCESS)
}
