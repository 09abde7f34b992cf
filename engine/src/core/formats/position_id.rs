//! GNU Backgammon's 14-character Position ID.
//!
//! The key is 80 bits: for each side, for each of its points 1–24 and then its bar, one `1` bit
//! per checker followed by a `0` bit; the half of the player **not on roll** comes first. Bits
//! are packed little-endian within 10 bytes and written in standard Base64 without padding.
//! The ID carries no colour: a position read from it has White on roll unless told otherwise.

use super::base64;
use crate::core::position::{Position, PositionError, Side, SideCheckers};
use std::fmt;

/// Why a text is not a Position ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionIdError {
    /// Not 14 characters long.
    Length(usize),
    /// A character outside the Base64 alphabet, with its place (1-based).
    BadCharacter(char, usize),
    /// The bits end before both sides' 25 places are read, or stray bits follow them.
    BadKey(&'static str),
    /// The checkers do not make a position.
    Position(PositionError),
}

impl fmt::Display for PositionIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionIdError::Length(n) => {
                write!(f, "a Position ID has 14 characters, this one has {n}")
            }
            PositionIdError::BadCharacter(c, i) => {
                write!(f, "character {i} of the Position ID ({c:?}) is not Base64")
            }
            PositionIdError::BadKey(why) => write!(f, "not a valid Position ID: {why}"),
            PositionIdError::Position(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl std::error::Error for PositionIdError {}

/// The 10-byte key of a position (gnubg's `PositionKey`).
pub fn key(pos: &Position) -> [u8; 10] {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in pos.sides() {
        for &n in side.iter() {
            for _ in 0..n {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The Position ID of a position (the side on roll is the second half of the key).
pub fn encode(pos: &Position) -> String {
    base64::encode(&key(pos))[..14].to_string()
}

/// Reads a Position ID; the side on roll is named `on_roll` (the ID carries no colour).
pub fn decode(id: &str, on_roll: Side) -> Result<Position, PositionIdError> {
    let chars: Vec<char> = id.chars().collect();
    if chars.len() != 14 {
        return Err(PositionIdError::Length(chars.len()));
    }
    let mut bytes = [0u8; 11];
    base64::decode_into(id, &mut bytes)
        .map_err(|(c, i)| PositionIdError::BadCharacter(c, i + 1))?;
    let key: [u8; 10] = bytes[..10].try_into().expect("ten bytes");
    from_key(&key, on_roll)
}

/// Reads a 10-byte key.
pub fn from_key(key: &[u8; 10], on_roll: Side) -> Result<Position, PositionIdError> {
    let bit = |i: usize| key[i / 8] >> (i % 8) & 1 == 1;
    let mut sides: [SideCheckers; 2] = [[0; 25]; 2];
    let mut i = 0usize;
    // The first half is the side not on roll.
    for (half, side) in sides.iter_mut().enumerate() {
        let colour = if half == 0 {
            on_roll.opponent()
        } else {
            on_roll
        };
        for place in side.iter_mut() {
            let mut n = 0u8;
            loop {
                if i >= 80 {
                    return Err(PositionIdError::BadKey("the key ends too early"));
                }
                let one = bit(i);
                i += 1;
                if !one {
                    break;
                }
                n += 1;
                if n > 15 {
                    return Err(PositionIdError::Position(PositionError::TooManyCheckers {
                        side: colour,
                        count: 16,
                    }));
                }
            }
            *place = n;
        }
    }
    if (i..80).any(bit) {
        return Err(PositionIdError::BadKey("stray bits after the last checker"));
    }
    let [opponent, player] = sides;
    Position::from_sides(on_roll, &player, &opponent).map_err(PositionIdError::Position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_position_id() {
        assert_eq!(encode(&Position::opening(Side::White)), "4HPwATDgc/ABMA");
        let p = decode("4HPwATDgc/ABMA", Side::Black).unwrap();
        assert_eq!(p, Position::opening(Side::Black));
    }

    #[test]
    fn seed_example_round_trips() {
        let p = decode("qm3bAADMXdsAAA", Side::White).unwrap();
        assert_eq!(encode(&p), "qm3bAADMXdsAAA");
        assert_eq!(p.pips(), (100, 99));
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(decode("4HPw", Side::White), Err(PositionIdError::Length(4)));
        assert!(matches!(
            decode("4HPwATDgc/AB!A", Side::White),
            Err(PositionIdError::BadCharacter('!', 13))
        ));
        // All 80 bits set: the first half (the side not on roll) runs past 15 checkers.
        assert_eq!(
            decode("//////////////", Side::White),
            Err(PositionIdError::Position(PositionError::TooManyCheckers {
                side: Side::Black,
                count: 16
            }))
        );
    }
}
