//! What a position text gives: the checkers, the dice if rolled and the match state, read
//! from any of gnubg's and eXtreme Gammon's formats ([`read_setup`]), and the roll a command
//! plays ([`read_setup_with_roll`]).

use super::match_id::Resignation;
use super::match_id::{self, GameState, MatchId};
use super::position_id;
use super::quote;
use super::xgid::{self, XgDice, Xgid, XgidState};
use crate::core::dice::{Dice, DiceError};
use crate::core::position::{Position, Side};
use std::fmt;

/// Why a text is not a position in any format the workbench reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// A gnubg Position ID (alone or before `:MatchID`) that does not decode.
    PositionId(position_id::PositionIdError),
    /// The Match ID after `PositionID:` does not decode.
    MatchId(match_id::MatchIdError),
    /// An XGID that does not decode.
    Xgid(xgid::XgidError),
    /// Nothing recognisable.
    Unknown(String),
    /// The roll given with the position is not one ([`read_setup_with_roll`]).
    Dice(DiceError),
    /// No roll given, and the position carries none ([`read_setup_with_roll`]).
    NoRoll,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::PositionId(e) => e.fmt(f),
            ReadError::MatchId(e) => e.fmt(f),
            ReadError::Xgid(e) => e.fmt(f),
            ReadError::Dice(e) => e.fmt(f),
            ReadError::NoRoll => {
                f.write_str("no dice: give the roll (such as 31) after the position")
            }
            ReadError::Unknown(text) => write!(
                f,
                "{} is neither a gnubg Position ID (14 characters), PositionID:MatchID nor an XGID",
                quote::quote(text)
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// The match information that came with a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum MatchState {
    /// From an XGID.
    Xgid(XgidState),
    /// From a gnubg Match ID.
    MatchId(MatchId),
}

impl MatchState {
    /// Checks that the state is one its format can hold and write back unchanged, and that it
    /// obeys the match rules ([`MatchId::check`], [`XgidState::check`]): what the readers
    /// take, for a state that came from elsewhere (the app's saved state).
    pub fn check(&self) -> Result<(), ReadError> {
        match self {
            MatchState::Xgid(s) => s.check().map_err(ReadError::Xgid),
            MatchState::MatchId(m) => m.check().map_err(ReadError::MatchId),
        }
    }

    /// The same match for another turn: `on_roll` to play, with `dice` (`None`: not rolled).
    /// A double on offer (or a beaver) stays only while the dice are not rolled.
    pub fn for_turn(self, on_roll: Side, dice: Option<Dice>) -> MatchState {
        match self {
            MatchState::MatchId(mut m) => {
                m.on_roll = on_roll;
                m.dice = dice.map_or([0, 0], |d| [d.high(), d.low()]);
                m.double_offered &= dice.is_none();
                m.turn = if m.double_offered {
                    on_roll.opponent()
                } else {
                    on_roll
                };
                MatchState::MatchId(m)
            }
            MatchState::Xgid(mut s) => {
                s.dice = match (dice, s.dice) {
                    (Some(d), _) => XgDice::Rolled(d.high(), d.low()),
                    (None, XgDice::Rolled(..)) => XgDice::NotRolled,
                    (None, offered) => offered,
                };
                MatchState::Xgid(s)
            }
        }
    }

    /// True for what a position without match information means: a money game, the cube
    /// centred at 1, nothing on offer, no special rules (XG's default maximum cube).
    pub fn is_plain_money(&self) -> bool {
        let rest = match self {
            MatchState::Xgid(s) => s.rules == 0 && s.max_cube_log2 == 10,
            MatchState::MatchId(m) => {
                m.game_state == GameState::Playing && m.resignation == Resignation::None
            }
        };
        rest && self.match_length() == 0
            && self.cube_value() == 1
            && self.cube_owner().is_none()
            && !self.double_offered()
    }

    /// The colours swapped, for the mirrored position: each side's score and the cube's owner
    /// go to the other side.
    pub fn swapped(self) -> MatchState {
        match self {
            MatchState::MatchId(mut m) => {
                (m.score_white, m.score_black) = (m.score_black, m.score_white);
                m.cube_owner = m.cube_owner.map(Side::opponent);
                m.on_roll = m.on_roll.opponent();
                m.turn = m.turn.opponent();
                MatchState::MatchId(m)
            }
            MatchState::Xgid(mut s) => {
                (s.score_white, s.score_black) = (s.score_black, s.score_white);
                s.cube_owner = s.cube_owner.map(Side::opponent);
                MatchState::Xgid(s)
            }
        }
    }

    /// The cube value (1, 2, 4, …).
    pub fn cube_value(&self) -> u32 {
        match self {
            MatchState::Xgid(s) => s.cube_value(),
            MatchState::MatchId(m) => m.cube_value(),
        }
    }

    /// The cube's owner, `None` when centred.
    pub fn cube_owner(&self) -> Option<Side> {
        match self {
            MatchState::Xgid(s) => s.cube_owner,
            MatchState::MatchId(m) => m.cube_owner,
        }
    }

    /// Match length; 0 for a money game.
    pub fn match_length(&self) -> u16 {
        match self {
            MatchState::Xgid(s) => s.match_length,
            MatchState::MatchId(m) => m.match_length,
        }
    }

    /// A side's score.
    pub fn score(&self, side: Side) -> u16 {
        let (w, b) = match self {
            MatchState::Xgid(s) => (s.score_white, s.score_black),
            MatchState::MatchId(m) => (m.score_white, m.score_black),
        };
        match side {
            Side::White => w,
            Side::Black => b,
        }
    }

    /// True in the Crawford game of a match.
    pub fn crawford(&self) -> bool {
        match self {
            MatchState::Xgid(s) => s.crawford(),
            MatchState::MatchId(m) => m.crawford,
        }
    }

    /// True when a double is on offer.
    pub fn double_offered(&self) -> bool {
        match self {
            MatchState::Xgid(s) => !matches!(s.dice, XgDice::NotRolled | XgDice::Rolled(..)),
            MatchState::MatchId(m) => m.double_offered,
        }
    }

    /// One line for people: "money game, cube 1 centred" or "7-point match, White 2 Black 4,
    /// cube 2 owned by White, Crawford".
    pub fn describe(&self) -> String {
        let mut text = match self.match_length() {
            0 => "money game".to_string(),
            n => format!(
                "{n}-point match, White {} Black {}",
                self.score(Side::White),
                self.score(Side::Black)
            ),
        };
        match self.cube_owner() {
            None => text.push_str(&format!(", cube {} centred", self.cube_value())),
            Some(s) => text.push_str(&format!(", cube {} owned by {s}", self.cube_value())),
        }
        if self.crawford() {
            text.push_str(", Crawford");
        }
        if let MatchState::Xgid(x) = self {
            if x.jacoby() {
                text.push_str(", Jacoby");
            }
            if x.beavers() {
                text.push_str(", beavers");
            }
        }
        if self.double_offered() {
            text.push_str(", double offered");
        }
        text
    }
}

/// A position with what may come with it: the dice rolled and the match state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The checkers and the side on roll.
    pub position: Position,
    /// The roll to play, if the dice have been rolled.
    pub dice: Option<Dice>,
    /// Cube, score and the rest, when the text carried them.
    pub match_state: Option<MatchState>,
}

impl Setup {
    /// A position alone: no dice, no match state.
    pub fn new(position: Position) -> Setup {
        Setup {
            position,
            dice: None,
            match_state: None,
        }
    }

    /// The gnubg Position ID.
    pub fn position_id(&self) -> String {
        position_id::encode(&self.position)
    }

    /// The XGID: the one read when the setup came from an XGID, otherwise built from the Match
    /// ID's fields or, with none, a money game with the cube centred.
    pub fn xgid(&self) -> String {
        let state = match self.match_state {
            Some(MatchState::Xgid(s)) => s,
            // Both readers check the same match rules (`match_rules`), so every field carries
            // over; the maximum cube is XG's 2^10, or the cube when it is larger.
            Some(MatchState::MatchId(m)) => XgidState {
                cube_log2: m.cube_log2,
                cube_owner: m.cube_owner,
                dice: if m.double_offered {
                    XgDice::DoubleOffered
                } else {
                    match m.rolled() {
                        Some(_) => XgDice::Rolled(m.dice[0], m.dice[1]),
                        None => XgDice::NotRolled,
                    }
                },
                score_white: m.score_white,
                score_black: m.score_black,
                rules: m.crawford as u8,
                match_length: m.match_length,
                max_cube_log2: m.cube_log2.max(10),
            },
            None => XgidState::money(self.dice),
        };
        Xgid {
            position: self.position,
            state,
        }
        .encode()
    }

    /// The gnubg Match ID: the one read, or one built from the XGID's fields, or a money game.
    pub fn match_id(&self) -> String {
        self.match_id_fields().encode()
    }

    /// The fields of [`Setup::match_id`].
    pub fn match_id_fields(&self) -> MatchId {
        let on_roll = self.position.on_roll();
        match self.match_state {
            Some(MatchState::MatchId(m)) => m,
            Some(MatchState::Xgid(s)) => {
                let offered = !matches!(s.dice, XgDice::NotRolled | XgDice::Rolled(..));
                MatchId {
                    cube_log2: s.cube_log2,
                    cube_owner: s.cube_owner,
                    on_roll,
                    crawford: s.crawford(),
                    game_state: GameState::Playing,
                    turn: if offered { on_roll.opponent() } else { on_roll },
                    double_offered: offered,
                    resignation: Resignation::None,
                    dice: match s.dice {
                        XgDice::Rolled(a, b) => [a, b],
                        _ => [0, 0],
                    },
                    match_length: s.match_length,
                    score_white: s.score_white,
                    score_black: s.score_black,
                }
            }
            None => MatchId::money(on_roll, self.dice),
        }
    }
}

/// Reads a position typed or pasted by a user: a gnubg Position ID, `PositionID:MatchID`, or an
/// XGID (with or without `XGID=`). Surrounding white space is ignored.
pub fn read_position(text: &str) -> Result<Position, ReadError> {
    read_setup(text).map(|s| s.position)
}

/// Reads a position with its dice and match state, detecting the format:
/// - 14 characters: a gnubg Position ID, White on roll, no dice;
/// - `PositionID:MatchID` (14 + 12 characters): side on roll and dice from the Match ID;
/// - `XGID=…`, or 10 `:`-separated fields whose first is 26 characters: an XGID;
/// - gnubg's own labelled lines, `Position ID: 4HPwATDgc/ABMA` and `Match ID   : cAkAAAAAAAAA`
///   (as its `show board` and its copy give them, on one line or two, with any spacing and
///   any text around them), read as the `PositionID:MatchID` pair.
pub fn read_setup(text: &str) -> Result<Setup, ReadError> {
    if let Some(pair) = gnubg_labelled(text) {
        return read_setup(&pair);
    }
    let text = text.trim();
    let has_prefix = text
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("XGID="));
    let fields: Vec<&str> = text.split(':').collect();
    let first_len = fields[0].chars().count();
    if has_prefix || fields.len() == 10 || first_len == 26 {
        let body = if has_prefix { &text[5..] } else { text };
        let x = Xgid::decode(body).map_err(ReadError::Xgid)?;
        return Ok(Setup {
            position: x.position,
            dice: x.state.dice.roll(),
            match_state: Some(MatchState::Xgid(x.state)),
        });
    }
    let looks_base64 = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '/')
    };
    match fields.as_slice() {
        [id] if first_len == 14 || (looks_base64(id) && (10..=18).contains(&first_len)) => {
            let position = position_id::decode(id, Side::White).map_err(ReadError::PositionId)?;
            Ok(Setup::new(position))
        }
        [id, mid] if first_len == 14 || (looks_base64(id) && looks_base64(mid)) => {
            // Check the Match ID first: it names the side the Position ID's key puts on roll.
            let m = MatchId::decode(mid).map_err(ReadError::MatchId)?;
            let position = position_id::decode(id, m.on_roll).map_err(ReadError::PositionId)?;
            Ok(Setup {
                position,
                dice: m.rolled(),
                match_state: Some(MatchState::MatchId(m)),
            })
        }
        _ => Err(ReadError::Unknown(text.to_string())),
    }
}

/// The value after `label` in `text` (compared ignoring ASCII case), its `:` and any white
/// space: the run of Base64 characters there (`None` when the label is not there or nothing
/// follows its colon).
fn labelled<'a>(text: &'a str, lower: &str, label: &str) -> Option<&'a str> {
    let at = lower.find(label)? + label.len();
    let rest = text[at..].trim_start();
    let rest = rest.strip_prefix(':')?.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '+' || c == '/'))
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|v| !v.is_empty())
}

/// gnubg's labelled lines in `text` as the text [`read_setup`] reads: `PositionID:MatchID`,
/// or the Position ID alone when no Match ID is given; `None` when `text` has no
/// `Position ID:` label.
fn gnubg_labelled(text: &str) -> Option<String> {
    // ASCII lower case keeps every byte where it was: the indices serve `text` too.
    let lower = text.to_ascii_lowercase();
    let position = labelled(text, &lower, "position id")?;
    Some(match labelled(text, &lower, "match id") {
        Some(m) => format!("{position}:{m}"),
        None => position.to_string(),
    })
}

/// The position `text` names and the roll to play in it: `dice` (two digits, `31` or `13`)
/// when given, else the dice the text carries (an XGID or `PositionID:MatchID` rolled). The
/// one reader of a position and its roll for the commands that play one (`bgw moves`,
/// `bgw rank`, `bgw rollout`).
pub fn read_setup_with_roll(text: &str, dice: Option<&str>) -> Result<(Setup, Dice), ReadError> {
    let setup = read_setup(text)?;
    let roll = match (dice, setup.dice) {
        (Some(d), _) => d.parse().map_err(ReadError::Dice)?,
        (None, Some(d)) => d,
        (None, None) => return Err(ReadError::NoRoll),
    };
    Ok((setup, roll))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roll_is_the_one_given_else_the_one_the_text_carries() {
        let rolled = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10";
        let (_, dice) = read_setup_with_roll(rolled, None).unwrap();
        assert_eq!(dice, Dice::new(3, 1).unwrap());
        let (_, dice) = read_setup_with_roll(rolled, Some("65")).unwrap();
        assert_eq!(dice, Dice::new(6, 5).unwrap());
        let (setup, _) = read_setup_with_roll(rolled, Some("65")).unwrap();
        assert_eq!(
            setup,
            read_setup(rolled).unwrap(),
            "the position read as read_setup reads it"
        );
        let not_rolled = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10";
        assert!(matches!(
            read_setup_with_roll(not_rolled, None),
            Err(ReadError::NoRoll)
        ));
        assert!(matches!(
            read_setup_with_roll(not_rolled, Some("71")),
            Err(ReadError::Dice(_))
        ));
        assert!(matches!(
            read_setup_with_roll("nonsense", Some("31")),
            Err(ReadError::Unknown(_))
        ));
    }

    #[test]
    fn gnubg_s_own_labelled_lines_read_as_the_id_pair() {
        let pair = read_setup("4HPwATDgc/ABMA:cAkAAAAAAAAA").unwrap();
        for text in [
            "Position ID: 4HPwATDgc/ABMA\nMatch ID   : cAkAAAAAAAAA",
            " Position ID: 4HPwATDgc/ABMA\r\n Match ID   : cAkAAAAAAAAA\r\n",
            "position id:4HPwATDgc/ABMA match id:cAkAAAAAAAAA",
            "GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : cAkAAAAAAAAA\n +13-14-15-16-17-18------19-20-21-22-23-24-+",
        ] {
            assert_eq!(read_setup(text).unwrap(), pair, "{text:?}");
        }
        // The Position ID alone: White on roll, as the bare ID.
        assert_eq!(
            read_setup("Position ID: 4HPwATDgc/ABMA").unwrap(),
            read_setup("4HPwATDgc/ABMA").unwrap()
        );
        // A rolled Match ID keeps its dice, as the pair does.
        let rolled = "Position ID: 4HPwATDgc/ABMA\nMatch ID   : cAkAAAAAAAAA";
        assert_eq!(read_setup(rolled).unwrap().dice, pair.dice);
        // Labels with nothing readable after them are refused, not a panic.
        for bad in [
            "Position ID:",
            "Position ID: !!!",
            "Position ID 4HPw",
            "Match ID: cAkAAAAAAAAA",
        ] {
            assert!(read_setup(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn detects_each_format() {
        let opening = Position::opening(Side::White);
        assert_eq!(read_position("  4HPwATDgc/ABMA \n").unwrap(), opening);
        let x = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10";
        let s = read_setup(x).unwrap();
        assert_eq!(s.position, opening);
        assert_eq!(s.dice, Dice::new(5, 2));
        assert_eq!(s.xgid(), x);
        assert_eq!(read_setup(&x[5..]).unwrap(), s);
        assert_eq!(read_setup(&x.replace("XGID", "xgid")).unwrap(), s);
        let s = read_setup("qm3bAADMXdsAAA:cAkZAAAAAAAA").unwrap();
        assert_eq!(s.position.on_roll(), Side::White);
        assert_eq!(s.dice, Dice::new(6, 2));
        assert_eq!(s.match_id(), "cAkZAAAAAAAA");
        assert_eq!(s.position_id(), "qm3bAADMXdsAAA");
    }

    #[test]
    fn every_match_state_one_reader_takes_goes_through_the_other_unchanged() {
        let mut taken = 0;
        for cube_log2 in 0..3 {
            for cube_owner in [None, Some(Side::White), Some(Side::Black)] {
                for crawford in [false, true] {
                    for match_length in [0u16, 1, 3, 5] {
                        for score_white in 0..match_length.max(1) {
                            for score_black in 0..match_length.max(1) {
                                let mut m = MatchId::money(Side::White, Dice::new(5, 2));
                                m.cube_log2 = cube_log2;
                                m.cube_owner = cube_owner;
                                m.crawford = crawford;
                                m.match_length = match_length;
                                m.score_white = score_white;
                                m.score_black = score_black;
                                let id = m.encode();
                                let ok = m.facts().check().is_ok();
                                assert_eq!(MatchId::decode(&id).is_ok(), ok, "{m:?}");
                                if !ok {
                                    continue;
                                }
                                taken += 1;
                                let s = read_setup(&format!("4HPwATDgc/ABMA:{id}")).unwrap();
                                let x = read_setup(&s.xgid())
                                    .unwrap_or_else(|e| panic!("{} from {m:?}: {e}", s.xgid()));
                                assert_eq!(x.match_id(), id, "{m:?} through {}", s.xgid());
                                assert_eq!(x.xgid(), s.xgid());
                            }
                        }
                    }
                }
            }
        }
        assert!(taken > 100, "{taken}");
    }

    #[test]
    fn check_takes_what_the_readers_take_and_refuses_crafted_states() {
        // What the readers take passes.
        let x = read_setup("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10").unwrap();
        let m = read_setup("qm3bAADMXdsAAA:cAkZAAAAAAAA").unwrap();
        for s in [x, m] {
            assert_eq!(s.match_state.unwrap().check(), Ok(()));
        }
        let MatchState::Xgid(xs) = x.match_state.unwrap() else {
            panic!("an XGID gives an XGID state");
        };
        let MatchState::MatchId(ms) = m.match_state.unwrap() else {
            panic!("a Match ID gives a Match ID state");
        };
        let xgid = |f: &dyn Fn(&mut XgidState)| {
            let mut s = xs;
            f(&mut s);
            MatchState::Xgid(s).check()
        };
        let match_id = |f: &dyn Fn(&mut MatchId)| {
            let mut s = ms;
            f(&mut s);
            MatchState::MatchId(s).check()
        };
        use super::super::match_rules::MatchStateError as R;
        use match_id::MatchIdError as M;
        use xgid::XgidError as X;
        // A cube of 2^255 and scores of 65535 (a crafted saved state).
        assert_eq!(
            match_id(&|s| s.cube_log2 = 255),
            Err(ReadError::MatchId(M::Match(R::CubeTooLarge(255))))
        );
        assert_eq!(
            match_id(&|s| s.score_white = 65535),
            Err(ReadError::MatchId(M::TooLarge("White score", 65535)))
        );
        // Not in play, so the match rules allow any score: the 15 bits still do not.
        assert_eq!(
            match_id(&|s| {
                s.game_state = GameState::NoGame;
                s.match_length = 40000
            }),
            Err(ReadError::MatchId(M::TooLarge("match length", 40000)))
        );
        assert_eq!(
            match_id(&|s| s.dice = [9, 200]),
            Err(ReadError::MatchId(M::BadDice(9, 200)))
        );
        assert_eq!(
            xgid(&|s| s.cube_log2 = 255),
            Err(ReadError::Xgid(X::CubeAboveMaximum {
                cube_log2: 255,
                max_cube_log2: 10
            }))
        );
        assert!(matches!(
            xgid(&|s| s.max_cube_log2 = 16),
            Err(ReadError::Xgid(X::BadField(..)))
        ));
        assert_eq!(
            xgid(&|s| s.score_black = 65535),
            Err(ReadError::Xgid(X::Match(R::ScoreReached {
                score: 65535,
                length: 7
            })))
        );
        assert_eq!(
            xgid(&|s| s.dice = XgDice::Rolled(9, 200)),
            Err(ReadError::Xgid(X::BadDice("9200".into())))
        );
        assert!(matches!(
            xgid(&|s| s.rules = 2),
            Err(ReadError::Xgid(X::BadField(..)))
        ));
        // Each state that passes is written and read back unchanged.
        let back = Xgid::decode(
            &Xgid {
                position: x.position,
                state: xs,
            }
            .encode(),
        );
        assert_eq!(back.map(|b| b.state), Ok(xs));
        assert_eq!(MatchId::decode(&ms.encode()), Ok(ms));
    }

    #[test]
    fn match_id_names_the_side_on_roll() {
        // Black (gnubg player 0) on roll with 31.
        let mut m = MatchId::money(Side::Black, Dice::new(3, 1));
        m.dice = [1, 3];
        let text = format!("4HPwATDgc/ABMA:{}", m.encode());
        let s = read_setup(&text).unwrap();
        assert_eq!(s.position, Position::opening(Side::Black));
        assert_eq!(s.dice, Dice::new(3, 1));
        // The XGID of the same setup puts the top player to move with the dice as written.
        assert!(s.xgid().ends_with(":0:0:-1:13:0:0:0:0:10"), "{}", s.xgid());
    }

    #[test]
    fn errors_are_typed() {
        assert!(matches!(
            read_setup("4HPwATDgc/AB!A"),
            Err(ReadError::PositionId(_))
        ));
        assert!(matches!(
            read_setup("4HPwATDgc/ABMA:cAkZ"),
            Err(ReadError::MatchId(_))
        ));
        assert!(matches!(
            read_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10"),
            Err(ReadError::Xgid(xgid::XgidError::BadDice(_)))
        ));
        assert!(matches!(read_setup("hello"), Err(ReadError::Unknown(_))));
        assert!(matches!(read_setup(""), Err(ReadError::Unknown(_))));
        let e = read_setup("a\nb c").unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn match_state_follows_the_turn_and_the_mirror() {
        // 7-point match, White 2 Black 4, cube 2 owned by White, White to play 52.
        let x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10";
        let s = read_setup(x).unwrap();
        let m = s.match_state.unwrap();
        assert_eq!(m.for_turn(Side::White, s.dice), m, "same turn: unchanged");
        let other = m.for_turn(Side::White, Dice::new(6, 6));
        assert_eq!(other.score(Side::Black), 4);
        assert_eq!(other.cube_owner(), Some(Side::White));
        let setup = Setup {
            dice: Dice::new(6, 6),
            match_state: Some(other),
            ..s
        };
        assert_eq!(setup.xgid(), x.replace(":52:", ":66:"));
        let not_rolled = m.for_turn(Side::White, None);
        assert!(matches!(not_rolled, MatchState::Xgid(st) if st.dice == XgDice::NotRolled));

        assert!(!m.is_plain_money());
        assert!(
            read_setup("4HPwATDgc/ABMA:cAkAAAAAAAAA")
                .unwrap()
                .match_state
                .unwrap()
                .is_plain_money()
        );
        let swapped = m.swapped();
        assert_eq!(
            (swapped.score(Side::White), swapped.score(Side::Black)),
            (4, 2)
        );
        assert_eq!(swapped.cube_owner(), Some(Side::Black));
        assert_eq!(swapped.swapped(), m);

        // The same through a gnubg Match ID: the dice and the side on roll are rewritten.
        let g = read_setup(&format!("{}:{}", s.position_id(), s.match_id())).unwrap();
        let gm = g.match_state.unwrap();
        assert_eq!(gm.for_turn(Side::White, g.dice), gm);
        let black = gm.swapped().for_turn(Side::Black, Dice::new(3, 1));
        let MatchState::MatchId(id) = black else {
            panic!("still a Match ID")
        };
        assert_eq!(
            (id.on_roll, id.turn, id.dice),
            (Side::Black, Side::Black, [3, 1])
        );
        assert_eq!((id.score_white, id.score_black, id.match_length), (4, 2, 7));
        assert_eq!(MatchId::decode(&id.encode()).unwrap(), id);
    }
}
