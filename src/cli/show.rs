//! `bgw show`: a position as a diagram, with its pip counts and IDs.

use super::{CliError, print, shown};
use bgw_engine::core::formats::{PositionFile, printable, read_setup, render_diagram};
use bgw_engine::core::position::{BAR, OPPONENT_BAR};
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `bgw show`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID, PositionID:MatchID, an XGID, or a RON position file (*.ron).
    position: String,
    /// Print the IDs, pip counts and checkers as one JSON object instead of the diagram.
    #[arg(long)]
    json: bool,
}

/// `bgw show --json`.
#[derive(serde::Serialize)]
struct ShowJson {
    position_id: String,
    match_id: String,
    xgid: String,
    /// The side on roll: "White" or "Black".
    on_roll: String,
    /// The roll to play, such as "31"; null before the dice are rolled.
    dice: Option<String>,
    /// Cube and score in words.
    match_state: String,
    /// The side on roll.
    player: SideJson,
    opponent: SideJson,
    /// Checkers from the side on roll's view: index 0 the opponent's bar, 1-24 the points
    /// (positive: the side on roll's), 25 the side on roll's bar.
    board: [i8; 26],
    /// A position file's description and comments.
    description: Option<String>,
    comments: Vec<String>,
}

/// One side's counts.
#[derive(serde::Serialize)]
struct SideJson {
    pips: u32,
    bar: u8,
    off: u8,
}

/// Runs `bgw show`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut text = String::new();
    let mut about = (None, Vec::new());
    let setup = if args.position.ends_with(".ron") {
        let path = Path::new(&args.position);
        let file = PositionFile::load(path).map_err(|e| match e {
            // I/O errors already name the file.
            e @ bgw_engine::core::formats::PositionFileError::Io { .. } => {
                CliError::failed(e.to_string())
            }
            e => CliError::failed(format!("{}: {e}", shown(path))),
        })?;
        // The file's text reaches the terminal: control characters escaped.
        text.push_str(&format!(" {}\n", printable(&file.description)));
        for line in &file.comments {
            text.push_str(&format!(" {}\n", printable(line)));
        }
        about = (Some(file.description.clone()), file.comments.clone());
        file.to_setup()?
    } else {
        read_setup(&args.position)?
    };
    if args.json {
        let pos = &setup.position;
        let (mine, theirs) = pos.pips();
        let json = ShowJson {
            position_id: setup.position_id(),
            match_id: setup.match_id(),
            xgid: setup.xgid(),
            on_roll: pos.on_roll().to_string(),
            dice: setup.dice.map(|d| d.to_string()),
            match_state: setup
                .match_state
                .map_or_else(|| "cube 1 centred".to_string(), |m| m.describe()),
            player: SideJson {
                pips: mine,
                bar: pos.player_at(BAR),
                off: pos.player_off(),
            },
            opponent: SideJson {
                pips: theirs,
                bar: pos.opponent_at(OPPONENT_BAR),
                off: pos.opponent_off(),
            },
            board: *pos.board(),
            description: about.0,
            comments: about.1,
        };
        text = format!("{}\n", serde_json::to_string_pretty(&json)?);
    } else {
        text.push_str(&render_diagram(&setup));
    }
    // A closed pipe (`bgw show … | head`) is not an error of the user's.
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}
