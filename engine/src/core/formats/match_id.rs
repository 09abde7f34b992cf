//! GNU Backgammon's 12-character Match ID.
//!
//! The match key is 66 bits (gnubg manual, "A technical description of the Match ID"), packed
//! little-endian within 9 bytes like the Position ID key and written in standard Base64:
//!
//! | bits  | field                                                              |
//! |-------|--------------------------------------------------------------------|
//! | 0–3   | log2 of the cube value                                             |
//! | 4–5   | cube owner: 0 player 0, 1 player 1, 3 centred                      |
//! | 6     | the player on roll (or who did roll)                               |
//! | 7     | Crawford game                                                      |
//! | 8–10  | game state: 0 none, 1 playing, 2 over, 3 resigned, 4 cube dropped  |
//! | 11    | the player who must decide now (differs from bit 6 after a double) |
//! | 12    | a double is offered                                                |
//! | 13–14 | resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon      |
//! | 15–17 | first die (0 = not rolled)                                         |
//! | 18–20 | second die                                                         |
//! | 21–35 | match length (0 = money game)                                      |
//! | 36–50 | score of player 0                                                  |
//! | 51–65 | score of player 1                                                  |
//!
//! The 6 bits after bit 65 are ignored on reading (as gnubg and XG do) and written as zeros.
//! gnubg's **player 1** is the workbench's **White** (XGID bottom player, X in gnubg's board),
//! **player 0** is **Black**.

use super::base64;
use super::match_rules::{MatchFacts, MatchStateError};
use crate::core::dice::Dice;
use crate::core::position::Side;
use std::fmt;

/// The state of the game recorded in a Match ID.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum GameState {
    /// No game started.
    NoGame,
    /// A game is being played.
    Playing,
    /// The game is over.
    Over,
    /// The game ended by a resignation.
    Resigned,
    /// The game ended by a dropped cube.
    Dropped,
}

/// A resignation on offer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Resignation {
    /// None offered.
    None,
    /// A single game.
    Single,
    /// A gammon.
    Gammon,
    /// A backgammon.
    Backgammon,
}

/// Every field of a gnubg Match ID.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct MatchId {
    /// log2 of the cube value (0 for a cube of 1).
    pub cube_log2: u8,
    /// The side owning the cube, `None` when centred.
    pub cube_owner: Option<Side>,
    /// The side on roll (or that did roll).
    pub on_roll: Side,
    /// This is the Crawford game.
    pub crawford: bool,
    /// Where the game stands.
    pub game_state: GameState,
    /// The side that must act now (the taker after a double).
    pub turn: Side,
    /// A double is on offer.
    pub double_offered: bool,
    /// A resignation on offer.
    pub resignation: Resignation,
    /// The dice as written, 0 0 when not rolled (kept in their order for a faithful rewrite).
    pub dice: [u8; 2],
    /// Match length, 0 for a money game.
    pub match_length: u16,
    /// White's score (gnubg player 1).
    pub score_white: u16,
    /// Black's score (gnubg player 0).
    pub score_black: u16,
}

/// Why a text is not a Match ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchIdError {
    /// Not 12 characters long.
    Length(usize),
    /// A character outside the Base64 alphabet, with its place (1-based).
    BadCharacter(char, usize),
    /// The cube-owner bits hold 2, which means nothing.
    BadCubeOwner,
    /// A game-state value above 4.
    BadGameState(u8),
    /// A die of 7, or one die rolled and not the other.
    BadDice(u8, u8),
    /// A match length or score above the 15 bits a Match ID holds: the field and its value.
    TooLarge(&'static str, u16),
    /// The cube, score and Crawford flag break a rule of the match (the same rules an XGID
    /// obeys).
    Match(MatchStateError),
}

impl fmt::Display for MatchIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchIdError::Length(n) => write!(f, "a Match ID has 12 characters, this one has {n}"),
            MatchIdError::BadCharacter(c, i) => {
                write!(f, "character {i} of the Match ID ({c:?}) is not Base64")
            }
            MatchIdError::BadCubeOwner => {
                f.write_str("the Match ID's cube owner is 2 (only 0, 1 or 3 for centred exist)")
            }
            MatchIdError::BadGameState(s) => {
                write!(f, "the Match ID's game state is {s} (0-4 exist)")
            }
            MatchIdError::BadDice(a, b) => write!(
                f,
                "the Match ID's dice are {a} and {b} (each 1-6, or both 0 when not rolled)"
            ),
            MatchIdError::TooLarge(field, value) => write!(
                f,
                "the Match ID's {field} is {value}, above the largest it holds ({MAX_15_BITS})"
            ),
            MatchIdError::Match(e) => write!(f, "the Match ID's match state: {e}"),
        }
    }
}

impl std::error::Error for MatchIdError {}

/// The largest match length or score a Match ID holds (15 bits).
const MAX_15_BITS: u16 = (1 << 15) - 1;

fn side_of(player: u64) -> Side {
    if player == 1 {
        Side::White
    } else {
        Side::Black
    }
}

fn player_of(side: Side) -> u64 {
    match side {
        Side::White => 1,
        Side::Black => 0,
    }
}

impl MatchId {
    /// A money game being played, cube 1 centred, `on_roll` to play `dice` (or to roll).
    pub fn money(on_roll: Side, dice: Option<Dice>) -> MatchId {
        MatchId {
            cube_log2: 0,
            cube_owner: None,
            on_roll,
            crawford: false,
            game_state: GameState::Playing,
            turn: on_roll,
            double_offered: false,
            resignation: Resignation::None,
            dice: dice.map_or([0, 0], |d| [d.high(), d.low()]),
            match_length: 0,
            score_white: 0,
            score_black: 0,
        }
    }

    /// The roll, if the dice have been rolled.
    pub fn rolled(&self) -> Option<Dice> {
        Dice::new(self.dice[0], self.dice[1])
    }

    /// The cube value (1, 2, 4, …).
    pub fn cube_value(&self) -> u32 {
        1u32.checked_shl(self.cube_log2.into()).unwrap_or(u32::MAX)
    }

    /// Reads a 12-character Match ID.
    pub fn decode(id: &str) -> Result<MatchId, MatchIdError> {
        let n = id.chars().count();
        if n != 12 {
            return Err(MatchIdError::Length(n));
        }
        let mut bytes = [0u8; 9];
        base64::decode_into(id, &mut bytes)
            .map_err(|(c, i)| MatchIdError::BadCharacter(c, i + 1))?;
        let key = bytes
            .iter()
            .enumerate()
            .fold(0u128, |k, (i, &b)| k | (b as u128) << (8 * i));
        let field = |start: u32, len: u32| ((key >> start) as u64) & ((1 << len) - 1);
        let cube_owner = match field(4, 2) {
            0 => Some(Side::Black),
            1 => Some(Side::White),
            3 => None,
            _ => return Err(MatchIdError::BadCubeOwner),
        };
        let game_state = match field(8, 3) {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            s => return Err(MatchIdError::BadGameState(s as u8)),
        };
        let resignation = match field(13, 2) {
            0 => Resignation::None,
            1 => Resignation::Single,
            2 => Resignation::Gammon,
            _ => Resignation::Backgammon,
        };
        let dice = [field(15, 3) as u8, field(18, 3) as u8];
        let match_length = field(21, 15) as u16;
        let score_black = field(36, 15) as u16;
        let score_white = field(51, 15) as u16;
        let m = MatchId {
            cube_log2: field(0, 4) as u8,
            cube_owner,
            on_roll: side_of(field(6, 1)),
            crawford: field(7, 1) == 1,
            game_state,
            turn: side_of(field(11, 1)),
            double_offered: field(12, 1) == 1,
            resignation,
            dice,
            match_length,
            score_white,
            score_black,
        };
        m.check()?;
        Ok(m)
    }

    /// Checks that a Match ID can hold these fields and that they obey the match rules: the
    /// dice 0 0 or two dice 1–6, the match length and scores within 15 bits, and
    /// [`MatchFacts::check`]. [`MatchId::decode`] takes exactly the Match IDs whose fields
    /// pass, so a state that passes is written and read back unchanged.
    pub fn check(&self) -> Result<(), MatchIdError> {
        let [a, b] = self.dice;
        if self.dice != [0, 0] && Dice::new(a, b).is_none() {
            return Err(MatchIdError::BadDice(a, b));
        }
        for (field, value) in [
            ("match length", self.match_length),
            ("White score", self.score_white),
            ("Black score", self.score_black),
        ] {
            if value > MAX_15_BITS {
                return Err(MatchIdError::TooLarge(field, value));
            }
        }
        self.facts().check().map_err(MatchIdError::Match)
    }

    /// The facts the match rules check (shared with the XGID reader).
    pub fn facts(&self) -> MatchFacts {
        MatchFacts {
            cube_log2: self.cube_log2,
            cube_owner: self.cube_owner,
            crawford: self.crawford,
            match_length: self.match_length,
            score_white: self.score_white,
            score_black: self.score_black,
        }
    }

    /// Writes the 12-character Match ID.
    pub fn encode(&self) -> String {
        let mut key = 0u128;
        let mut put = |start: u32, len: u32, value: u64| {
            key |= ((value & ((1 << len) - 1)) as u128) << start;
        };
        put(0, 4, self.cube_log2 as u64);
        put(4, 2, self.cube_owner.map_or(3, player_of));
        put(6, 1, player_of(self.on_roll));
        put(7, 1, self.crawford as u64);
        let state = match self.game_state {
            GameState::NoGame => 0,
            GameState::Playing => 1,
            GameState::Over => 2,
            GameState::Resigned => 3,
            GameState::Dropped => 4,
        };
        put(8, 3, state);
        put(11, 1, player_of(self.turn));
        put(12, 1, self.double_offered as u64);
        let resign = match self.resignation {
            Resignation::None => 0,
            Resignation::Single => 1,
            Resignation::Gammon => 2,
            Resignation::Backgammon => 3,
        };
        put(13, 2, resign);
        put(15, 3, self.dice[0] as u64);
        put(18, 3, self.dice[1] as u64);
        put(21, 15, self.match_length as u64);
        put(36, 15, self.score_black as u64);
        put(51, 15, self.score_white as u64);
        let bytes: Vec<u8> = (0..9).map(|i| (key >> (8 * i)) as u8).collect();
        base64::encode(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_example_match_id() {
        // From seed 001: gnubg's board for qm3bAADMXdsAAA with "X: jth" (player 1) on roll,
        // money game, cube 1 centred, 0 points each.
        let m = MatchId::decode("cAkZAAAAAAAA").unwrap();
        assert_eq!(m.on_roll, Side::White);
        assert_eq!(m.turn, Side::White);
        assert_eq!(m.cube_value(), 1);
        assert_eq!(m.cube_owner, None);
        assert_eq!(m.game_state, GameState::Playing);
        assert_eq!(m.match_length, 0);
        assert_eq!((m.score_white, m.score_black), (0, 0));
        assert_eq!(m.dice, [2, 6]);
        assert_eq!(m.rolled(), Dice::new(6, 2));
        assert_eq!(m.encode(), "cAkZAAAAAAAA");
    }

    #[test]
    fn every_field_round_trips() {
        let m = MatchId {
            cube_log2: 3,
            cube_owner: Some(Side::Black),
            on_roll: Side::Black,
            crawford: true,
            game_state: GameState::Playing,
            turn: Side::White,
            double_offered: true,
            resignation: Resignation::Gammon,
            dice: [0, 0],
            match_length: 9,
            score_white: 4,
            score_black: 8,
        };
        let id = m.encode();
        assert_eq!(id.len(), 12);
        assert_eq!(MatchId::decode(&id), Ok(m));
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(MatchId::decode("cAkZ"), Err(MatchIdError::Length(4)));
        assert_eq!(
            MatchId::decode("cAkZAAAA!AAA"),
            Err(MatchIdError::BadCharacter('!', 9))
        );
        // Cube owner bits = 2.
        let mut m = MatchId::money(Side::White, None);
        m.cube_owner = None;
        let id = m.encode();
        let mut bytes = [0u8; 9];
        base64::decode_into(&id, &mut bytes).unwrap();
        bytes[0] = (bytes[0] & !0x30) | 0x20;
        let bad = &base64::encode(&bytes)[..12];
        assert_eq!(MatchId::decode(bad), Err(MatchIdError::BadCubeOwner));
        // A die of 7.
        let mut m = MatchId::money(Side::White, None);
        m.dice = [7, 2];
        assert_eq!(
            MatchId::decode(&m.encode()),
            Err(MatchIdError::BadDice(7, 2))
        );
        m.dice = [3, 0];
        assert!(MatchId::decode(&m.encode()).is_err());
        let mut m = MatchId::money(Side::White, None);
        m.match_length = 5;
        m.score_black = 5;
        assert!(matches!(
            MatchId::decode(&m.encode()),
            Err(MatchIdError::Match(MatchStateError::ScoreReached {
                score: 5,
                length: 5
            }))
        ));
        // What the XGID reader refuses, the Match ID reader refuses too: an owned cube of 1,
        // the Crawford flag with both sides 1 away or in a money game.
        let mut m = MatchId::money(Side::White, None);
        m.cube_owner = Some(Side::Black);
        assert_eq!(
            MatchId::decode(&m.encode()),
            Err(MatchIdError::Match(MatchStateError::OwnedCubeOfOne))
        );
        let mut m = MatchId::money(Side::White, None);
        (m.match_length, m.score_white, m.score_black, m.crawford) = (5, 4, 4, true);
        assert_eq!(
            MatchId::decode(&m.encode()),
            Err(MatchIdError::Match(MatchStateError::BadCrawford))
        );
        m.match_length = 0;
        (m.score_white, m.score_black) = (0, 0);
        assert_eq!(
            MatchId::decode(&m.encode()),
            Err(MatchIdError::Match(MatchStateError::CrawfordInMoneyGame))
        );
    }
}
