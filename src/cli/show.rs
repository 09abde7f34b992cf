//! `bgw show`: a position as a diagram, with its pip counts and IDs.

use super::CliError;
use bgw_engine::formats::position_file::PositionFile;
use bgw_engine::formats::{diagram, read_setup};
use std::io::Write;
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
    let mut text = String::new();
    let setup = if args.position.ends_with(".ron") {
        let path = Path::new(&args.position);
        let file = PositionFile::load(path).map_err(|e| match e {
            // I/O errors already name the file.
            e @ bgw_engine::formats::position_file::PositionFileError::Io { .. } => {
                CliError::failed(e.to_string())
            }
            e => CliError::failed(format!("{}: {e}", path.display())),
        })?;
        text.push_str(&format!(" {}\n", file.description));
        for line in &file.comments {
            text.push_str(&format!(" {line}\n"));
        }
        file.to_setup()?
    } else {
        read_setup(&args.position)?
    };
    text.push_str(&diagram::render(&setup));
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        // A closed pipe (`bgw show … | head`) is not an error of the user's.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::failed(e.to_string()))
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}
