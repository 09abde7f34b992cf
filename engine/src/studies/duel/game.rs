//! One cubeless money game between two players, with its dice drawn from a seeded stream.
//!
//! # The opening roll
//! As in real play, the first roll of a game is never a double: each side throws one die,
//! equal dice are thrown again, and the higher die moves first with both dice. The first mover
//! is fixed by the caller (in a duplicate pair each player is the first mover once), so the
//! opening roll is drawn uniformly from the 30 ordered non-double throws, i.e. each of the 15
//! non-double rolls with probability 1/15. Every later roll is one of the 36 throws.
//!
//! # Scoring
//! Cubeless money: a single game is 1 point, a gammon (the loser has borne off no checker) 2,
//! a backgammon (a gammon with a losing checker on the bar or in the winner's home board) 3.
//! A game still running after [`MAX_TURNS`] turns (possible only when both sides are shut
//! out for good, e.g. both with checkers on the bar against closed boards) ends unfinished
//! and scores 0.

use crate::core::dice::Dice;
use crate::core::moves::MoveGenerator;
use crate::core::position::{CHECKERS, Position, Side};
use crate::core::rng::SplitMix64;
use crate::evaluation::opponents::Player;

/// The turn after which a game is abandoned as unfinished.
pub const MAX_TURNS: u32 = 10_000;

/// The dice of one game: the opening roll (never a double), then uniform throws.
#[derive(Clone, Debug)]
pub struct DiceStream {
    rng: SplitMix64,
    opened: bool,
}

impl DiceStream {
    /// The dice drawn from the stream `rng`.
    pub fn new(rng: SplitMix64) -> DiceStream {
        DiceStream { rng, opened: false }
    }

    /// The next roll.
    #[inline]
    pub fn roll(&mut self) -> Dice {
        if self.opened {
            let t = self.rng.below(36) as u8;
            Dice::new(t / 6 + 1, t % 6 + 1).expect("dice in 1..=6")
        } else {
            self.opened = true;
            // 30 ordered non-double throws: die a in 1..=6, die b one of the other five.
            let t = self.rng.below(30) as u8;
            let a = t / 5 + 1;
            let mut b = t % 5 + 1;
            if b >= a {
                b += 1;
            }
            Dice::new(a, b).expect("dice in 1..=6")
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Points for the player who moved first: ±1 single, ±2 gammon, ±3 backgammon, 0 only
    /// for an unfinished game.
    pub points: i8,
    /// Turns played (passes included).
    pub turns: u32,
}

/// Plays one game from the opening position: `first` moves first. A play forced because it
/// is the only legal result is made without asking the player.
pub fn play_game<F: Player + ?Sized, S: Player + ?Sized>(
    generator: &mut MoveGenerator,
    first: &mut F,
    second: &mut S,
    dice: &mut DiceStream,
) -> GameResult {
    let mut pos = Position::opening(Side::White);
    for turn in 0..MAX_TURNS {
        let roll = dice.roll();
        let plays = generator.generate(&pos, roll);
        let chosen = match plays.len() {
            0 => {
                pos = pos.mirror();
                continue;
            }
            1 => 0,
            n => {
                let i = if turn % 2 == 0 {
                    first.choose(&pos, roll, plays)
                } else {
                    second.choose(&pos, roll, plays)
                };
                assert!(i < n, "a player chose play {i} of {n}");
                i
            }
        };
        let result = plays[chosen].result;
        if result.player_off() == CHECKERS {
            let points = win_points(&result);
            let sign = if turn % 2 == 0 { 1 } else { -1 };
            return GameResult {
                points: sign * points,
                turns: turn + 1,
            };
        }
        pos = result.mirror();
    }
    GameResult {
        points: 0,
        turns: MAX_TURNS,
    }
}

/// Points won by the mover of `result`, who has just borne off its last checker: 1, 2 for a
/// gammon, 3 for a backgammon.
pub fn win_points(result: &Position) -> i8 {
    crate::evaluation::classic::game::points_won(result) as i8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_rolls_are_the_15_non_doubles_evenly() {
        let mut counts = std::collections::HashMap::new();
        for s in 0..30_000 {
            let mut d = DiceStream::new(SplitMix64::new(s));
            *counts.entry(d.roll()).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 15);
        assert!(counts.keys().all(|d| !d.is_double()));
        // Each Binomial(30000, 1/15): mean 2000, sd 43.
        assert!(
            counts.values().all(|&c| (1780..2220).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn later_rolls_include_doubles_at_one_in_six() {
        let mut d = DiceStream::new(SplitMix64::new(3));
        d.roll();
        let doubles = (0..36_000).filter(|_| d.roll().is_double()).count();
        // Binomial(36000, 1/6): mean 6000, sd 71.
        assert!((5650..6350).contains(&doubles), "{doubles}");
    }

    fn after_last_checker_off(loser: &[(usize, i8)]) -> Position {
        let mut b = [0i8; 26];
        for &(p, n) in loser {
            b[p] = -n;
        }
        Position::from_board(Side::White, b).unwrap()
    }

    #[test]
    fn single_gammon_backgammon() {
        // The loser has borne off one checker: single game.
        assert_eq!(win_points(&after_last_checker_off(&[(20, 14)])), 1);
        // Nothing off, all out of the winner's home board: gammon.
        assert_eq!(win_points(&after_last_checker_off(&[(20, 14), (7, 1)])), 2);
        // Nothing off, one in the winner's home board: backgammon.
        assert_eq!(win_points(&after_last_checker_off(&[(20, 14), (6, 1)])), 3);
        // Nothing off, one on the bar: backgammon.
        assert_eq!(win_points(&after_last_checker_off(&[(20, 14), (0, 1)])), 3);
    }
}
