//! eXtreme Gammon's XGID: `XGID=<board>:C:O:T:D:S1:S2:J:L:M`.
//!
//! - board: 26 characters. Character 0 is the top player's bar, 1–24 the points numbered from
//!   the bottom player's side, 25 the bottom player's bar; `A`–`P` are 1–16 checkers of the
//!   bottom player, `a`–`p` of the top player, `-` an empty place.
//! - C: log2 of the cube value; O: cube owner (1 bottom, 0 centred, −1 top); T: side to move
//!   (1 bottom, −1 top); D: the dice (`00` not rolled, `D` double offered, `B` beavered,
//!   `R` raccooned); S1, S2: scores of bottom and top; J: Crawford game (match) or
//!   Jacoby/beaver bits (money: 1 Jacoby, 2 beavers); L: match length (0 money); M: maximum
//!   cube (log2; XG writes 10).
//!
//! The bottom player is **White**, the top player **Black** (see [`Side`]). With White on roll
//! the model's board is the XGID board; with Black on roll it is its mirror.

use super::match_rules::{MAX_CUBE_LOG2, MatchFacts, MatchStateError};
use super::quote::quote;
use crate::core::dice::Dice;
use crate::core::position::{BAR, OPPONENT_BAR, Position, PositionError, Side};
use std::fmt;

/// What the dice field of an XGID says.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum XgDice {
    /// `00`: the side to move has not rolled (it may double).
    NotRolled,
    /// Two dice, kept in the order written.
    Rolled(u8, u8),
    /// `D`: the side to move has doubled; the opponent must take or pass.
    DoubleOffered,
    /// `B`: doubled and beavered.
    Beavered,
    /// `R`: doubled, beavered and raccooned.
    Raccooned,
}

impl XgDice {
    /// The roll, if the dice have been rolled.
    pub fn roll(self) -> Option<Dice> {
        match self {
            XgDice::Rolled(a, b) => Dice::new(a, b),
            _ => None,
        }
    }
}

/// Everything in an XGID besides the checkers: cube, side to move, dice, score and rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct XgidState {
    /// log2 of the cube value.
    pub cube_log2: u8,
    /// The side owning the cube, `None` when centred.
    pub cube_owner: Option<Side>,
    /// The dice field.
    pub dice: XgDice,
    /// White's (bottom player's) score.
    pub score_white: u16,
    /// Black's (top player's) score.
    pub score_black: u16,
    /// The J field: Crawford (match) or Jacoby/beaver bits (money).
    pub rules: u8,
    /// Match length, 0 for money.
    pub match_length: u16,
    /// Maximum cube, as log2.
    pub max_cube_log2: u8,
}

impl XgidState {
    /// A money game with the cube centred at 1, Jacoby off, max cube 2^10 (XG's default).
    pub fn money(dice: Option<Dice>) -> XgidState {
        XgidState {
            cube_log2: 0,
            cube_owner: None,
            dice: dice.map_or(XgDice::NotRolled, |d| XgDice::Rolled(d.high(), d.low())),
            score_white: 0,
            score_black: 0,
            rules: 0,
            match_length: 0,
            max_cube_log2: 10,
        }
    }

    /// The cube value (1, 2, 4, …).
    pub fn cube_value(&self) -> u32 {
        1u32.checked_shl(self.cube_log2.into()).unwrap_or(u32::MAX)
    }

    /// True when J marks the Crawford game of a match.
    pub fn crawford(&self) -> bool {
        self.match_length > 0 && self.rules & 1 == 1
    }

    /// True when the Jacoby rule is on (money games).
    pub fn jacoby(&self) -> bool {
        self.match_length == 0 && self.rules & 1 == 1
    }

    /// True when beavers are allowed (money games).
    pub fn beavers(&self) -> bool {
        self.match_length == 0 && self.rules & 2 == 2
    }

    /// The facts the match rules check (shared with the Match ID reader). An XGID always
    /// records a game being played.
    pub fn facts(&self) -> MatchFacts {
        MatchFacts {
            cube_log2: self.cube_log2,
            cube_owner: self.cube_owner,
            crawford: self.crawford(),
            match_length: self.match_length,
            score_white: self.score_white,
            score_black: self.score_black,
        }
    }

    /// Checks that an XGID can hold this state and that it obeys the match rules: the maximum
    /// cube at most 2^15 and the cube at most the maximum, J 0–1 in a match and 0–3 in a money
    /// game, rolled dice 1–6, and [`MatchFacts::check`]. [`Xgid::decode`] takes exactly the
    /// states that pass, so a state that passes is written and read back unchanged.
    pub fn check(&self) -> Result<(), XgidError> {
        if self.max_cube_log2 > MAX_CUBE_LOG2 {
            return Err(XgidError::BadField(
                MAX_CUBE,
                self.max_cube_log2.to_string(),
            ));
        }
        if self.cube_log2 > self.max_cube_log2 {
            return Err(XgidError::CubeAboveMaximum {
                cube_log2: self.cube_log2,
                max_cube_log2: self.max_cube_log2,
            });
        }
        let rules_allowed = if self.match_length > 0 { 1 } else { 3 };
        if self.rules > rules_allowed {
            return Err(XgidError::BadField(RULES, self.rules.to_string()));
        }
        if let XgDice::Rolled(a, b) = self.dice
            && Dice::new(a, b).is_none()
        {
            return Err(XgidError::BadDice(format!("{a}{b}")));
        }
        self.facts().check().map_err(XgidError::Match)
    }
}

/// A decoded XGID: the position (its side on roll is the XGID's side to move) and the rest.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Xgid {
    /// The checkers and the side to move.
    pub position: Position,
    /// Cube, dice, score and rules.
    pub state: XgidState,
}

/// Why a text is not an XGID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XgidError {
    /// Not 10 `:`-separated fields after `XGID=`.
    FieldCount(usize),
    /// The board is not 26 characters.
    BoardLength(usize),
    /// A board character that is not `-`, `A`–`P` or `a`–`p`, with its place (0–25).
    BadBoardCharacter(char, usize),
    /// The top player's bar (place 0) holds bottom checkers, or the reverse (place 25).
    WrongBar(usize),
    /// The checkers do not make a position.
    Position(PositionError),
    /// A number field that does not parse or is out of range: field name and text.
    BadField(&'static str, String),
    /// The dice field is not `00`, two dice 1–6, `D`, `B` or `R`.
    BadDice(String),
    /// The cube is above the maximum cube (C > M).
    CubeAboveMaximum {
        /// log2 of the cube.
        cube_log2: u8,
        /// log2 of the maximum cube.
        max_cube_log2: u8,
    },
    /// The cube, score and Crawford flag break a rule of the match (the same rules a Match
    /// ID obeys).
    Match(MatchStateError),
}

impl fmt::Display for XgidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XgidError::FieldCount(n) => write!(
                f,
                "an XGID has 10 fields separated by ':' (board:C:O:T:D:S1:S2:J:L:M), this one has {n}"
            ),
            XgidError::BoardLength(n) => {
                write!(f, "an XGID board has 26 characters, this one has {n}")
            }
            XgidError::BadBoardCharacter(c, i) => write!(
                f,
                "XGID board character {i} ({c:?}) is not '-', A-P or a-p"
            ),
            XgidError::WrongBar(0) => f.write_str(
                "XGID board character 0 is the top player's bar: it cannot hold bottom-player (upper-case) checkers",
            ),
            XgidError::WrongBar(i) => write!(
                f,
                "XGID board character {i} is the bottom player's bar: it cannot hold top-player (lower-case) checkers"
            ),
            XgidError::Position(e) => write!(f, "impossible position in the XGID: {e}"),
            XgidError::BadField(name, text) => write!(f, "bad XGID {name}: {}", quote(text)),
            XgidError::BadDice(text) => write!(
                f,
                "bad XGID dice {}: expected two digits 1-6, 00 (not rolled), D, B or R",
                quote(text)
            ),
            XgidError::CubeAboveMaximum {
                cube_log2,
                max_cube_log2,
            } => write!(
                f,
                "the XGID's cube (2^{cube_log2}) is above its maximum cube (2^{max_cube_log2})"
            ),
            XgidError::Match(e) => write!(f, "the XGID's match state: {e}"),
        }
    }
}

impl std::error::Error for XgidError {}

/// The J field's name in messages.
const RULES: &str = "J (Crawford 0-1 in a match, Jacoby/beaver bits 0-3 in a money game)";
/// The M field's name in messages.
const MAX_CUBE: &str = "maximum cube (M, 0-15)";

fn number<T: std::str::FromStr>(name: &'static str, text: &str) -> Result<T, XgidError> {
    text.parse()
        .map_err(|_| XgidError::BadField(name, text.to_string()))
}

fn side_of(value: i8, name: &'static str, text: &str) -> Result<Option<Side>, XgidError> {
    match value {
        1 => Ok(Some(Side::White)),
        -1 => Ok(Some(Side::Black)),
        0 => Ok(None),
        _ => Err(XgidError::BadField(name, text.to_string())),
    }
}

impl Xgid {
    /// Reads an XGID, with or without the `XGID=` prefix.
    pub fn decode(text: &str) -> Result<Xgid, XgidError> {
        let text = text.trim();
        let body = text.strip_prefix("XGID=").unwrap_or(text);
        let fields: Vec<&str> = body.split(':').collect();
        if fields.len() != 10 {
            return Err(XgidError::FieldCount(fields.len()));
        }
        let position_white = read_board(fields[0])?;

        let cube_log2: u8 = number("cube (C, log2 of the cube value 0-15)", fields[1])?;
        const OWNER: &str = "cube owner (O: 1, 0 or -1)";
        let cube_owner = side_of(number(OWNER, fields[2])?, OWNER, fields[2])?;
        const TURN: &str = "side to move (T: 1 or -1)";
        let Some(to_move) = side_of(number(TURN, fields[3])?, TURN, fields[3])? else {
            return Err(XgidError::BadField(TURN, fields[3].into()));
        };
        let state = XgidState {
            cube_log2,
            cube_owner,
            dice: read_dice(fields[4])?,
            score_white: number("score S1", fields[5])?,
            score_black: number("score S2", fields[6])?,
            rules: number(RULES, fields[7])?,
            match_length: number("match length (L)", fields[8])?,
            max_cube_log2: number(MAX_CUBE, fields[9])?,
        };
        state.check()?;
        let position = match to_move {
            Side::White => position_white,
            Side::Black => position_white.mirror(),
        };
        Ok(Xgid { position, state })
    }

    /// Writes the XGID, with the `XGID=` prefix.
    pub fn encode(&self) -> String {
        let white_view = match self.position.on_roll() {
            Side::White => self.position,
            Side::Black => self.position.mirror(),
        };
        let board = white_view.board();
        let mut out = String::with_capacity(60);
        out.push_str("XGID=");
        for (i, &n) in board.iter().enumerate() {
            // Place 0 (the top player's bar) is stored as the opponent's bar, a negative count.
            let c = match n {
                0 => '-',
                n if n > 0 => (b'A' + n as u8 - 1) as char,
                n => (b'a' + n.unsigned_abs() - 1) as char,
            };
            debug_assert!(i != OPPONENT_BAR || n <= 0);
            out.push(c);
        }
        let s = &self.state;
        let owner = match s.cube_owner {
            None => 0,
            Some(Side::White) => 1,
            Some(Side::Black) => -1,
        };
        let turn = match self.position.on_roll() {
            Side::White => 1,
            Side::Black => -1,
        };
        let dice = match s.dice {
            XgDice::NotRolled => "00".to_string(),
            XgDice::Rolled(a, b) => format!("{a}{b}"),
            XgDice::DoubleOffered => "D".into(),
            XgDice::Beavered => "B".into(),
            XgDice::Raccooned => "R".into(),
        };
        out.push_str(&format!(
            ":{}:{owner}:{turn}:{dice}:{}:{}:{}:{}:{}",
            s.cube_log2, s.score_white, s.score_black, s.rules, s.match_length, s.max_cube_log2
        ));
        out
    }
}

/// Reads the 26 board characters into a position with White (the bottom player) on roll.
fn read_board(text: &str) -> Result<Position, XgidError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 26 {
        return Err(XgidError::BoardLength(chars.len()));
    }
    let mut board = [0i8; 26];
    for (i, &c) in chars.iter().enumerate() {
        let n: i8 = match c {
            '-' => 0,
            'A'..='P' => (c as u8 - b'A' + 1) as i8,
            'a'..='p' => -((c as u8 - b'a' + 1) as i8),
            _ => return Err(XgidError::BadBoardCharacter(c, i)),
        };
        if (i == OPPONENT_BAR && n > 0) || (i == BAR && n < 0) {
            return Err(XgidError::WrongBar(i));
        }
        board[i] = n;
    }
    // Counts above 15 a side are refused here, naming the side and its count.
    Position::from_board(Side::White, board).map_err(XgidError::Position)
}

fn read_dice(text: &str) -> Result<XgDice, XgidError> {
    let bad = || XgidError::BadDice(text.to_string());
    match text {
        "00" => Ok(XgDice::NotRolled),
        "D" => Ok(XgDice::DoubleOffered),
        "B" => Ok(XgDice::Beavered),
        "R" => Ok(XgDice::Raccooned),
        _ => {
            let b = text.as_bytes();
            if b.len() != 2 || !b.iter().all(|c| (b'1'..=b'6').contains(c)) {
                return Err(bad());
            }
            Ok(XgDice::Rolled(b[0] - b'0', b[1] - b'0'))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::position_id;

    const OPENING: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10";

    #[test]
    fn opening_example_decodes_and_round_trips() {
        let x = Xgid::decode(OPENING).unwrap();
        assert_eq!(x.position, Position::opening(Side::White));
        assert_eq!(x.state.dice.roll(), Dice::new(5, 2));
        assert!(x.state.jacoby() && x.state.beavers());
        assert_eq!(x.encode(), OPENING);
        // Without the prefix too.
        assert_eq!(Xgid::decode(&OPENING[5..]).unwrap(), x);
    }

    #[test]
    fn top_player_to_move_is_mirrored() {
        // The seed example qm3bAADMXdsAAA with Black to move.
        let pos = position_id::decode("qm3bAADMXdsAAA", Side::Black).unwrap();
        let x = Xgid {
            position: pos,
            state: XgidState::money(Dice::new(3, 1)),
        };
        let text = x.encode();
        assert!(text.contains(":0:0:-1:31:"), "{text}");
        let back = Xgid::decode(&text).unwrap();
        assert_eq!(back.position, pos);
        assert_eq!(position_id::encode(&back.position), "qm3bAADMXdsAAA");
        // Black's checkers, lower case, are the side on roll: its pips are the player's.
        assert_eq!(back.position.pips(), (100, 99));
    }

    #[test]
    fn xgid_and_position_id_agree() {
        let x = Xgid::decode(OPENING).unwrap();
        assert_eq!(position_id::encode(&x.position), "4HPwATDgc/ABMA");
        // A position with a White checker on the bar and Black checkers borne off.
        let x = Xgid::decode("XGID=-a----E-C---eD---c-e----BA:1:1:1:00:2:4:0:7:10").unwrap();
        assert_eq!(x.position.player_at(BAR), 1);
        assert_eq!(x.position.opponent_off(), 1);
        let id = position_id::encode(&x.position);
        assert_eq!(position_id::decode(&id, Side::White).unwrap(), x.position);
        assert_eq!(x.state.cube_value(), 2);
        assert_eq!(x.state.cube_owner, Some(Side::White));
        assert_eq!(x.state.match_length, 7);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = |s: &str| Xgid::decode(s).unwrap_err();
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e----B-:0:0:1:52"),
            XgidError::FieldCount(5)
        );
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:3:0:10"),
            XgidError::BoardLength(25)
        );
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e--x-B-:0:0:1:52:0:0:3:0:10"),
            XgidError::BadBoardCharacter('x', 22)
        );
        assert!(matches!(
            e("XGID=-b----P-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"),
            XgidError::Position(PositionError::TooManyCheckers {
                side: Side::White,
                ..
            })
        ));
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10"),
            XgidError::BadDice("72".into())
        );
        assert!(matches!(
            e("XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:3:0:10"),
            XgidError::BadField(..)
        ));
        assert!(matches!(
            e("XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:3:0:10"),
            XgidError::BadField(..)
        ));
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e----B-:0:1:1:52:0:0:3:0:10"),
            XgidError::Match(MatchStateError::OwnedCubeOfOne)
        );
        assert_eq!(
            e("XGID=Bb----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"),
            XgidError::WrongBar(0)
        );
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e----B-:4:1:1:52:0:0:0:0:3"),
            XgidError::CubeAboveMaximum {
                cube_log2: 4,
                max_cube_log2: 3
            }
        );
        assert_eq!(
            e("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:3:1:7:10"),
            XgidError::Match(MatchStateError::BadCrawford)
        );
        // The Crawford game at 6-3 in a 7-point match is fine.
        assert!(Xgid::decode("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:6:3:1:7:10").is_ok());
        assert!(matches!(
            e("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:7:0:0:7:10"),
            XgidError::Match(MatchStateError::ScoreReached {
                score: 7,
                length: 7
            })
        ));
    }

    #[test]
    fn a_match_a_match_id_cannot_hold_is_refused_not_wrapped() {
        use crate::core::formats::read_setup;
        let at = |tail: &str| format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:{tail}");
        // 32,768 points would be written as a money game, 32,769 as a 1-point match.
        for (tail, field, value) in [
            ("0:0:0:32768:10", "match length", 32_768),
            ("0:0:0:32769:10", "match length", 32_769),
            ("0:0:0:65535:10", "match length", 65_535),
            ("40000:0:0:0:10", "White score", 40_000),
        ] {
            let e = Xgid::decode(&at(tail)).unwrap_err();
            assert_eq!(
                e,
                XgidError::Match(MatchStateError::TooManyPoints(field, value)),
                "{tail}"
            );
            assert_eq!(
                e.to_string(),
                format!(
                    "the XGID's match state: the {field} is {value}, above 32767, the largest a \
                     Match ID holds"
                )
            );
            assert!(read_setup(&at(tail)).is_err(), "{tail}");
        }
        // The longest a Match ID holds is read and written back as itself.
        let s = read_setup(&at("5:0:0:32767:10")).unwrap();
        let again = read_setup(&format!("{}:{}", s.position_id(), s.match_id())).unwrap();
        assert_eq!(again.match_id_fields().match_length, 32_767);
        assert_eq!(again.match_id_fields().score_white, 5);
    }
}
