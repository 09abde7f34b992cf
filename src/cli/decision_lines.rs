//! A match file read for the command line, and its decisions as lines of text and JSON: `bgw
//! match decisions` and `bgw match review` print the same lines.

use super::{CliError, shown};
use bgw_engine::core::formats::shorten;
use bgw_engine::matches::{
    Decision, DecisionKind, Game, Legality, Match, MatchFileError, read_match_file,
};

/// The match in `file`, or why it cannot be read.
pub fn read(file: &std::path::Path) -> Result<Match, CliError> {
    read_match_file(file).map_err(|e| match e {
        MatchFileError::Io(e) => CliError::failed(format!("cannot read {}: {e}", shown(file))),
        e => CliError::failed(format!("{}: {e}", shown(file))),
    })
}

/// Text from the file on one line: control characters (line ends too) escaped.
pub fn one_line(text: &str) -> String {
    shorten(text, usize::MAX)
}

fn level(points: u8) -> &'static str {
    match points {
        1 => "a single game",
        2 => "a gammon",
        _ => "a backgammon",
    }
}

/// One decision as a line of text: "game G #N (move M) player: what", N counting the game's
/// decisions from 1 (the numbering of the app's decision list too, written `G.N` there) and
/// M the move number the file gives it (a MAT file's `M)`, the row gnubg's move list shows).
pub fn decision_text(m: &Match, game: &Game, number: usize, d: &Decision) -> String {
    let name = one_line(&m.players[d.player]);
    let what = match &d.kind {
        DecisionKind::Move(c) => {
            let mv = if c.mv.is_empty() {
                "(no move)".to_string()
            } else {
                c.mv.notation()
            };
            let mut s = format!("{} {mv}", c.dice);
            if let Legality::IllegalAsRecorded { reason } = &c.legality {
                s.push_str(&format!(
                    " (illegal as recorded: {}; recorded {})",
                    one_line(&reason.to_string()),
                    one_line(&c.recorded)
                ));
            }
            s
        }
        DecisionKind::Double { cube } => format!("doubles to {cube}"),
        DecisionKind::Take => "takes".to_string(),
        DecisionKind::Drop => "drops".to_string(),
        DecisionKind::Beaver { cube } => format!("beavers to {cube}"),
        DecisionKind::Resign { points } => format!("resigns {}", level(*points)),
    };
    let file_move = d
        .move_number
        .map(|n| format!(" (move {n})"))
        .unwrap_or_default();
    format!("game {} #{number}{file_move} {name}: {what}", game.number)
}

/// One decision as JSON (fields that do not apply left out).
#[derive(serde::Serialize)]
struct DecisionJson {
    game: u32,
    number: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    file_move: Option<u32>,
    line: usize,
    kind: &'static str,
    player: usize,
    position_id: String,
    match_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<[u8; 2]>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    illegal: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cube: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u8>,
}

/// One decision as JSON (the fields that apply).
pub fn decision_json(game: &Game, number: usize, d: &Decision) -> String {
    let mut j = DecisionJson {
        game: game.number,
        number,
        file_move: d.move_number,
        line: d.line,
        kind: d.kind_name(),
        player: d.player,
        position_id: d.position_id(),
        match_id: d.match_id.encode(),
        dice: None,
        mv: None,
        recorded: None,
        illegal: None,
        cube: None,
        points: None,
    };
    match &d.kind {
        DecisionKind::Move(c) => {
            j.dice = Some([c.dice.high(), c.dice.low()]);
            j.mv = Some(c.mv.notation());
            j.recorded = Some(c.recorded.clone());
            if let Legality::IllegalAsRecorded { reason } = &c.legality {
                j.illegal = Some(reason.to_string());
            }
        }
        DecisionKind::Double { cube } | DecisionKind::Beaver { cube } => j.cube = Some(*cube),
        DecisionKind::Resign { points } => j.points = Some(*points),
        DecisionKind::Take | DecisionKind::Drop => {}
    }
    serde_json::to_string(&j).unwrap_or_default()
}
