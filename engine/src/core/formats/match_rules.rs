//! The rules every match state obeys, checked in one place for every format that carries one
//! (gnubg's Match ID, XG's XGID, the app's saved state), so that a state one reader takes the
//! other takes too and each can be written back unchanged in both formats.

use crate::core::position::Side;
use std::fmt;

/// gnubg's default for money play: the Jacoby rule on (`set jacoby`, on in a new gnubg). Here,
/// with the rules of a match state, so that a match file's money session (which takes it)
/// and a reference engine's match context (which judges by it) read the one value.
pub const GNUBG_JACOBY: bool = true;
/// gnubg's default for money play: beavers allowed (`set beavers`, 3 in a new gnubg).
pub const GNUBG_BEAVERS: bool = true;

/// The facts about a match that both formats carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchFacts {
    /// log2 of the cube value.
    pub cube_log2: u8,
    /// The cube's owner, `None` when centred.
    pub cube_owner: Option<Side>,
    /// The Crawford game is marked.
    pub crawford: bool,
    /// Match length, 0 for a money game.
    pub match_length: u16,
    /// White's score.
    pub score_white: u16,
    /// Black's score.
    pub score_black: u16,
}

/// The largest cube either format can hold: 2^15.
pub const MAX_CUBE_LOG2: u8 = 15;

/// The largest match length or score a Match ID holds (15 bits): an XGID can write more, but
/// a longer match would wrap when written as a Match ID (32,768 to a money game), so neither
/// reader takes it.
pub const MAX_MATCH_POINTS: u16 = (1 << 15) - 1;

/// Why a match state cannot be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchStateError {
    /// A cube of 1 with an owner (nobody has doubled yet).
    OwnedCubeOfOne,
    /// A cube above 2^15 (log2 given).
    CubeTooLarge(u8),
    /// A score that has already won the match (an XGID cannot say that the match is over, so
    /// neither reader takes it).
    ScoreReached {
        /// The score.
        score: u16,
        /// The match length.
        length: u16,
    },
    /// The Crawford game is marked but not exactly one side is 1 point away.
    BadCrawford,
    /// The Crawford game is marked in a money game.
    CrawfordInMoneyGame,
    /// A match length or score above [`MAX_MATCH_POINTS`]: the field and its value.
    TooManyPoints(&'static str, u16),
}

impl fmt::Display for MatchStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchStateError::OwnedCubeOfOne => {
                f.write_str("the cube has an owner while its value is 1")
            }
            MatchStateError::CubeTooLarge(log2) => write!(
                f,
                "the cube is 2^{log2}, above the largest cube 2^{MAX_CUBE_LOG2}"
            ),
            MatchStateError::ScoreReached { score, length } => write!(
                f,
                "a score of {score} in a {length}-point match: the match is over"
            ),
            MatchStateError::BadCrawford => {
                f.write_str("the Crawford game is marked, but not exactly one side is 1 point away")
            }
            MatchStateError::CrawfordInMoneyGame => {
                f.write_str("the Crawford game is marked in a money game")
            }
            MatchStateError::TooManyPoints(field, value) => write!(
                f,
                "the {field} is {value}, above {MAX_MATCH_POINTS}, the largest a Match ID holds"
            ),
        }
    }
}

impl std::error::Error for MatchStateError {}

impl MatchFacts {
    /// Checks the rules: the match length and scores at most [`MAX_MATCH_POINTS`]; a cube of
    /// 1 is centred; the cube is at most 2^15; neither score has reached the match length; the
    /// Crawford game is marked only in a match with exactly one side 1 point away.
    pub fn check(&self) -> Result<(), MatchStateError> {
        if self.match_length > MAX_MATCH_POINTS {
            return Err(MatchStateError::TooManyPoints(
                "match length",
                self.match_length,
            ));
        }
        if self.cube_log2 > MAX_CUBE_LOG2 {
            return Err(MatchStateError::CubeTooLarge(self.cube_log2));
        }
        if self.cube_owner.is_some() && self.cube_log2 == 0 {
            return Err(MatchStateError::OwnedCubeOfOne);
        }
        if self.match_length == 0 {
            // A money game's scores: a match's are below its length.
            for (field, value) in [
                ("White score", self.score_white),
                ("Black score", self.score_black),
            ] {
                if value > MAX_MATCH_POINTS {
                    return Err(MatchStateError::TooManyPoints(field, value));
                }
            }
            return match self.crawford {
                true => Err(MatchStateError::CrawfordInMoneyGame),
                false => Ok(()),
            };
        }
        let length = self.match_length;
        for score in [self.score_white, self.score_black] {
            if score >= length {
                return Err(MatchStateError::ScoreReached { score, length });
            }
        }
        let one_away = [self.score_white, self.score_black]
            .iter()
            .filter(|&&s| s + 1 == length)
            .count();
        if self.crawford && one_away != 1 {
            return Err(MatchStateError::BadCrawford);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> MatchFacts {
        MatchFacts {
            cube_log2: 0,
            cube_owner: None,
            crawford: false,
            match_length: 7,
            score_white: 0,
            score_black: 0,
        }
    }

    #[test]
    fn each_rule_refuses_what_it_names() {
        assert_eq!(facts().check(), Ok(()));
        let f = MatchFacts {
            cube_owner: Some(Side::Black),
            ..facts()
        };
        assert_eq!(f.check(), Err(MatchStateError::OwnedCubeOfOne));
        let f = MatchFacts {
            cube_log2: 16,
            ..facts()
        };
        assert_eq!(f.check(), Err(MatchStateError::CubeTooLarge(16)));
        let f = MatchFacts {
            score_black: 7,
            ..facts()
        };
        assert_eq!(
            f.check(),
            Err(MatchStateError::ScoreReached {
                score: 7,
                length: 7
            })
        );
        for (w, b, ok) in [(6, 3, true), (3, 6, true), (6, 6, false), (2, 3, false)] {
            let f = MatchFacts {
                crawford: true,
                score_white: w,
                score_black: b,
                ..facts()
            };
            assert_eq!(f.check().is_ok(), ok, "{w}-{b}");
        }
        let f = MatchFacts {
            crawford: true,
            match_length: 0,
            ..facts()
        };
        assert_eq!(f.check(), Err(MatchStateError::CrawfordInMoneyGame));
        // A Match ID holds 15 bits: 32,767 points and no more (32,768 would wrap to money).
        let f = MatchFacts {
            match_length: 32_767,
            ..facts()
        };
        assert_eq!(f.check(), Ok(()));
        let f = MatchFacts {
            match_length: 32_768,
            ..facts()
        };
        assert_eq!(
            f.check(),
            Err(MatchStateError::TooManyPoints("match length", 32_768))
        );
        let f = MatchFacts {
            match_length: 0,
            score_black: 40_000,
            ..facts()
        };
        assert_eq!(
            f.check(),
            Err(MatchStateError::TooManyPoints("Black score", 40_000))
        );
    }
}
