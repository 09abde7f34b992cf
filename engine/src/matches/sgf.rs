//! Reading gnubg's SGF: one game tree per game, `GM[6]`.
//!
//! The root node gives the match (`MI[length:7][game:0][ws:0][bs:0]`: length, the game's
//! index from 0, the scores of `PW` and `PB`), the players (`PW` is player 0), the rules
//! (`RU[Crawford]`, `RU[Crawford:CrawfordGame]` in the Crawford game, `RU[Jacoby]`) and the
//! result (`RE[W+2]`, `RE[B+4R]` for a resignation, which gnubg stores nowhere else). Each
//! other node is a move (`B[64aggk]`: the roll, then from/to letters, see
//! [`super::sgf_points`]), a cube action (`W[double]`, `B[take]`, `B[drop]`), or a set-up
//! (`AE`, `AB`, `AW`, `PL`, `CV`, `CP`). gnubg's analysis in `A[…]` and `DA[…]` is kept with
//! the decision ([`super::Analysis`]).

use super::analysis::{Analysis, read_cube_analysis, read_move_analysis};
use super::model::{Match, Rules, Warning};
use super::record::{Act, Action, GameRecord, Header, Recorded, Setup};
use super::replay::replay_match;
use super::sgf_points::move_letters;
use super::sgf_syntax::{Node, SgfError, Tree, read_collection};
use crate::core::dice::Dice;
use crate::core::formats::{quote::quote, shorten};
use crate::core::moves::{Refusal, Segment};

/// The root properties the model holds otherwise (or that describe the file, not the match:
/// its format, the program that wrote it, gnubg's statistics): not kept as tags.
pub(crate) const MODELLED: [&str; 11] = [
    "FF", "GM", "CA", "AP", "MI", "PW", "PB", "RU", "RE", "GS", "CV",
];

/// The largest match length or score read (a Match ID holds 15 bits).
const MAX_POINTS: u32 = (1 << 15) - 1;

/// Reads gnubg's SGF text: every game replayed, every move checked, the analysis kept.
pub fn read_sgf(text: &str) -> Result<Match, SgfError> {
    let trees = read_collection(text)?;
    let first_line = trees.first().map_or(1, |t| t.line);
    let mut header: Option<Header> = None;
    let mut records = Vec::new();
    let mut skipped = Vec::new();
    for mut tree in trees {
        let Some(root) = tree.nodes.first() else {
            skipped.push(skip(&tree, "an empty game tree"));
            continue;
        };
        if root.value("GM").map(str::trim) != Some("6") {
            skipped.push(skip(&tree, "not a backgammon game (GM[6])"));
            continue;
        }
        for node in &tree.nodes {
            check_cube_setup(node)?;
        }
        let game = RootInfo::read(root)?;
        let header = header.get_or_insert_with(|| game.header(root));
        game.check_same_match(header, root.line);
        let record = game_record(&mut tree, &game, records.len(), &mut header.warnings);
        records.push(record);
    }
    let Some(mut header) = header else {
        return Err(SgfError {
            line: first_line,
            message: "no backgammon game (GM[6]) in the file".into(),
        });
    };
    header.warnings.splice(0..0, skipped);
    Ok(replay_match(header, records))
}

fn skip(tree: &Tree, why: &str) -> Warning {
    Warning {
        game: 0,
        move_number: None,
        line: tree.line,
        text: String::new(),
        why: format!("{why}: left out"),
    }
}

/// What a game's root node says.
struct RootInfo {
    length: u16,
    index: u32,
    score: [u16; 2],
    players: [String; 2],
    crawford_rule: bool,
    crawford_game: bool,
    jacoby: bool,
    result: Option<(usize, u32, bool)>,
    cube: u32,
}

fn number(text: &str, what: &str, line: usize) -> Result<u32, SgfError> {
    match text.trim().parse::<u32>() {
        Ok(n) if n <= MAX_POINTS => Ok(n),
        _ => Err(SgfError {
            line,
            message: format!(
                "the {what} {} is not a number up to {MAX_POINTS}",
                quote(text)
            ),
        }),
    }
}

/// `MI[game:N]`: the game's index from 0. It is in no Match ID, so any the MAT layout can
/// number (`Game 4294967295` the last) is read.
fn game_index(text: &str, line: usize) -> Result<u32, SgfError> {
    match text.trim().parse::<u32>() {
        Ok(n) if n < u32::MAX => Ok(n),
        _ => Err(SgfError {
            line,
            message: format!(
                "the game number {} is not a number up to {}",
                quote(text),
                u32::MAX - 1
            ),
        }),
    }
}

impl RootInfo {
    fn read(root: &Node) -> Result<RootInfo, SgfError> {
        let line = root.line;
        let mut info = RootInfo {
            length: 0,
            index: 0,
            score: [0, 0],
            players: [
                root.value("PW").unwrap_or("").to_string(),
                root.value("PB").unwrap_or("").to_string(),
            ],
            crawford_rule: false,
            crawford_game: false,
            jacoby: false,
            result: None,
            cube: 1,
        };
        for v in root.values("MI").unwrap_or_default() {
            let (key, value) = v.split_once(':').unwrap_or((v, ""));
            match key.trim() {
                "length" => info.length = number(value, "match length", line)? as u16,
                "game" => info.index = game_index(value, line)?,
                "ws" => info.score[0] = number(value, "score", line)? as u16,
                "bs" => info.score[1] = number(value, "score", line)? as u16,
                _ => {}
            }
        }
        for rule in root.value("RU").unwrap_or("").split(':') {
            match rule.trim() {
                "Crawford" => info.crawford_rule = true,
                "CrawfordGame" => info.crawford_game = true,
                "Jacoby" => info.jacoby = true,
                _ => {}
            }
        }
        info.result = root.value("RE").and_then(result);
        if let Some(cv) = root.value("CV") {
            info.cube = number(cv, "cube", line)?.max(1);
        }
        Ok(info)
    }

    fn header(&self, root: &Node) -> Header {
        Header {
            players: self.players.clone(),
            match_length: self.length,
            rules: Rules {
                crawford: self.crawford_rule && self.length > 0,
                jacoby: self.jacoby && self.length == 0,
            },
            tags: root
                .properties
                .iter()
                .filter(|p| !MODELLED.contains(&p.id.as_str()))
                .flat_map(|p| p.values.iter().map(|v| (p.id.clone(), v.clone())))
                .collect(),
            warnings: Vec::new(),
        }
    }

    /// Warns when a later game names other players or another length.
    fn check_same_match(&self, header: &mut Header, line: usize) {
        if self.players != header.players || self.length != header.match_length {
            header.warnings.push(Warning {
                game: self.index + 1,
                move_number: None,
                line,
                text: format!("{} : {}", self.players[0], self.players[1]),
                why: format!(
                    "another match than the first game's ({} and {}, {} points): read as the \
                     same match",
                    header.players[0], header.players[1], header.match_length
                ),
            });
        }
    }
}

/// `W+2` → (0, 2, false), `B+4R` → (1, 4, true).
fn result(text: &str) -> Option<(usize, u32, bool)> {
    let mut chars = text.trim().chars();
    let winner = match chars.next()?.to_ascii_uppercase() {
        'W' => 0,
        'B' => 1,
        _ => return None,
    };
    let rest = chars.as_str().strip_prefix('+')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let points = digits.parse::<u32>().ok()?.clamp(1, MAX_POINTS);
    let resigned = rest[digits.len()..].trim().eq_ignore_ascii_case("R");
    Some((winner, points, resigned))
}

fn game_record(
    tree: &mut Tree,
    info: &RootInfo,
    index: usize,
    warnings: &mut Vec<Warning>,
) -> GameRecord {
    let number = info.index.saturating_add(1).max(index as u32 + 1);
    let mut actions: Vec<Action> = Vec::new();
    for node in tree.nodes.iter_mut().skip(1) {
        actions.extend(node_actions(node, number, warnings));
    }
    // The set-up in the root node, if any, comes first.
    if let Some(root) = tree.nodes.first() {
        actions.splice(
            0..0,
            setup(root).map(|s| action(root, 0, "set-up".into(), Act::Setup(s))),
        );
    }
    if let Some((winner, points, resigned)) = info.result {
        let text = format!(
            "RE[{}+{points}{}]",
            ['W', 'B'][winner],
            if resigned { "R" } else { "" }
        );
        let line = tree.nodes.first().map_or(tree.line, |n| n.line);
        actions.push(Action {
            player: winner,
            line,
            move_number: None,
            text,
            act: Act::Wins {
                points,
                resigned: Some(resigned),
            },
            analysis: Analysis::default(),
        });
    }
    GameRecord {
        number,
        score: info.score,
        line: tree.nodes.first().map_or(tree.line, |n| n.line),
        crawford: Some(info.crawford_game),
        cube: info.cube,
        actions,
    }
}

fn action(node: &Node, player: usize, text: String, act: Act) -> Action {
    Action {
        player,
        line: node.line,
        move_number: None,
        text,
        act,
        analysis: Analysis::default(),
    }
}

/// A node's actions: its set-up, then its move or cube action with the analysis kept.
/// A node's actions; a `B`/`W` value that is no move or cube action is warned about and left
/// out (gnubg ignores it too).
fn node_actions(node: &mut Node, game: u32, warnings: &mut Vec<Warning>) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(s) = setup(node) {
        out.push(action(
            node,
            s.on_roll.unwrap_or(0),
            "set-up".into(),
            Act::Setup(s),
        ));
    }
    let played = ["W", "B"]
        .iter()
        .enumerate()
        .find_map(|(player, id)| Some((player, node.value(id)?)));
    if let Some((player, value)) = played {
        let text = shorten(&format!("{}[{value}]", ["W", "B"][player]), 80);
        match play(value, player) {
            Some(act) => {
                let mut a = action(node, player, text, act);
                a.analysis = analysis(node, player);
                out.push(a);
            }
            None => warnings.push(Warning {
                game,
                move_number: None,
                line: node.line,
                text,
                why: "neither a roll and its move nor a cube action: left out".into(),
            }),
        }
    }
    out
}

/// A `B`/`W` value: a cube action, or a roll and its move; `None` for a value with no roll
/// (gnubg ignores those too).
fn play(value: &str, player: usize) -> Option<Act> {
    match value.trim() {
        "double" => return Some(Act::Double { cube: None }),
        "take" => return Some(Act::Take),
        "drop" => return Some(Act::Drop),
        "beaver" => return Some(Act::Beaver { cube: None }),
        _ => {}
    }
    let bytes = value.as_bytes();
    let digit = |i: usize| {
        bytes
            .get(i)
            .filter(|b| (b'1'..=b'6').contains(b))
            .map(|b| b - b'0')
    };
    let dice = Dice::new(digit(0)?, digit(1)?)?;
    let letters = value.get(2..).unwrap_or("").trim();
    let play = match move_letters(letters, player) {
        Some(segments) => Recorded::Steps {
            text: steps_text(&segments),
            segments,
        },
        None => Recorded::Unreadable {
            why: Refusal::Syntax {
                token: letters.to_string(),
                why: "not a move in gnubg's SGF letters (a-x the points, y the bar, z off)".into(),
            },
        },
    };
    Some(Act::Roll { dice, play })
}

/// `24/18 18/14`: the steps as from/to pairs.
fn steps_text(segments: &[Segment]) -> String {
    let point = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        p => p.to_string(),
    };
    segments
        .iter()
        .map(|s| format!("{}/{}", point(s.from), point(s.to)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The node's analysis, its values moved out of the node.
fn analysis(node: &mut Node, player: usize) -> Analysis {
    Analysis {
        moves: node.take("A").and_then(|v| read_move_analysis(v, player)),
        cube: node
            .take("DA")
            .and_then(|v| v.into_iter().next())
            .map(|v| Box::new(read_cube_analysis(v))),
    }
}

/// The largest cube a set-up gives (as the replay's and a Match ID's: 2^15).
const MAX_SET_UP_CUBE: u32 = 1 << 15;

/// Refuses a node's cube set-up that no match can have, with its line: a `CV` that is not a
/// cube (a power of two from 1 to 2^15), a `CP` that is not `c`, `w` or `b`, and an owner
/// given to a cube of 1 in the same node. Nothing is coerced into another cube.
fn check_cube_setup(node: &Node) -> Result<(), SgfError> {
    let refuse = |message: String| SgfError {
        line: node.line,
        message,
    };
    let cube = match node.value("CV") {
        None => None,
        Some(v) => match v.trim().parse::<u32>() {
            Ok(c) if c.is_power_of_two() && c <= MAX_SET_UP_CUBE => Some(c),
            _ => {
                return Err(refuse(format!(
                    "CV[{}]: a cube is 1, 2, 4, … up to {MAX_SET_UP_CUBE}",
                    shorten(v, 40)
                )));
            }
        },
    };
    if let Some(v) = node.value("CP") {
        let owned = match v.trim() {
            "c" => false,
            "w" | "b" => true,
            _ => {
                return Err(refuse(format!(
                    "CP[{}]: the cube's owner is c (centred), w or b",
                    shorten(v, 40)
                )));
            }
        };
        if owned && cube == Some(1) {
            return Err(refuse(format!(
                "CP[{}] with CV[1]: a cube of 1 has no owner",
                v.trim()
            )));
        }
    }
    Ok(())
}

/// A node's set-up, if it has one: `AE` points emptied, `AB`/`AW` checkers added (each
/// letter a point in player 0's numbering, `y` the bar, a range `a:f` every point between),
/// `PL` the player to roll, `CV` the cube, `CP` its owner (`c`, `w`, `b`).
fn setup(node: &Node) -> Option<Setup> {
    let mut s = Setup::default();
    let mut any = false;
    for p in &node.properties {
        any |= matches!(p.id.as_str(), "AE" | "AB" | "AW" | "PL" | "CV" | "CP");
        match p.id.as_str() {
            "AE" => s.clear.extend(points(&p.values)),
            "AW" => s.add.extend(points(&p.values).map(|q| (0, q))),
            "AB" => s.add.extend(points(&p.values).map(|q| (1, q))),
            "PL" => s.on_roll = p.values.first().and_then(|v| side_letter(v)),
            "CV" => s.cube = p.values.first().and_then(|v| v.trim().parse().ok()),
            "CP" => {
                s.owner = match p.values.first().map(|v| v.trim()) {
                    Some("c") => Some(None),
                    Some("w") => Some(Some(0)),
                    Some("b") => Some(Some(1)),
                    _ => None,
                }
            }
            _ => {}
        }
    }
    any.then_some(s)
}

fn side_letter(v: &str) -> Option<usize> {
    match v.trim() {
        "W" => Some(0),
        "B" => Some(1),
        _ => None,
    }
}

/// The points a list of set-up values names, in player 0's numbering (25 the bar): `d` one
/// point, `a:f` each from a to f.
fn points(values: &[String]) -> impl Iterator<Item = u8> + '_ {
    values.iter().flat_map(|v| {
        let b = v.trim().as_bytes();
        let letter = |c: u8| (b'a'..=b'y').contains(&c).then(|| c - b'a' + 1);
        let (from, to) = match b {
            [c] => (letter(*c), letter(*c)),
            [c0, b':', c1] => (letter(*c0), letter(*c1)),
            _ => (None, None),
        };
        match (from, to) {
            (Some(f), Some(t)) if f <= t => (f..=t).collect::<Vec<u8>>(),
            _ => Vec::new(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_plays() {
        assert_eq!(result("W+2"), Some((0, 2, false)));
        assert_eq!(result("B+4R"), Some((1, 4, true)));
        assert_eq!(result("B+0"), Some((1, 1, false)));
        assert_eq!(result("?"), None);
        assert_eq!(result("W2"), None);
        assert!(matches!(
            play("double", 0),
            Some(Act::Double { cube: None })
        ));
        assert!(play("72abcd", 0).is_none());
        assert!(play("", 0).is_none());
        let Some(Act::Roll {
            dice,
            play: Recorded::Steps { text, .. },
        }) = play("64aggk", 1)
        else {
            panic!()
        };
        assert_eq!(
            (dice, text.as_str()),
            (Dice::new(6, 4).unwrap(), "24/18 18/14")
        );
        assert!(matches!(
            play("64ag!k", 1),
            Some(Act::Roll {
                play: Recorded::Unreadable { .. },
                ..
            })
        ));
        let p: Vec<u8> = points(&["a:c".into(), "y".into(), "z".into(), "c:a".into()]).collect();
        assert_eq!(p, [1, 2, 3, 25]);
    }
}
