//! Where dice come from: a seeded stream, a script (tests), or the user's hand.
//!
//! Games, the app's Play tab and `bgw play` take their dice through [`DiceSource`], so a test
//! can script every throw and a seed gives the same game with every crate version. Dice typed
//! by the user need no source: they are given to the game as they are
//! ([`crate::evaluation::classic::game::Game::set_dice`]).

use crate::core::rng::SplitMix64;
use std::collections::VecDeque;

/// A source of throws of two dice.
pub trait DiceSource {
    /// The next throw: two dice, each 1–6, in the order thrown (the opening roll gives one
    /// die to each side, so the order matters there).
    fn throw(&mut self) -> (u8, u8);
}

/// Fair dice from a seeded SplitMix64 stream: the same seed, the same throws, always.
#[derive(Clone, Debug)]
pub struct SeededDice(SplitMix64);

impl SeededDice {
    /// Dice seeded with `seed`.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice(SplitMix64::new(seed))
    }
}

impl DiceSource for SeededDice {
    fn throw(&mut self) -> (u8, u8) {
        let a = self.0.below(6) as u8 + 1;
        let b = self.0.below(6) as u8 + 1;
        (a, b)
    }
}

/// Throws given in advance, for tests; panics when they run out (a test that needs more
/// throws than it scripted is wrong).
#[derive(Clone, Debug, Default)]
pub struct ScriptedDice(VecDeque<(u8, u8)>);

impl ScriptedDice {
    /// The throws, in order.
    pub fn new(throws: impl IntoIterator<Item = (u8, u8)>) -> ScriptedDice {
        ScriptedDice(throws.into_iter().collect())
    }

    /// Throws not yet used.
    pub fn remaining(&self) -> usize {
        self.0.len()
    }
}

impl DiceSource for ScriptedDice {
    fn throw(&mut self) -> (u8, u8) {
        self.0.pop_front().expect("the scripted dice ran out")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_repeat_and_cover_every_face() {
        let mut a = SeededDice::new(7);
        let mut b = SeededDice::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..600 {
            let t = a.throw();
            assert_eq!(t, b.throw());
            seen[t.0 as usize - 1] += 1;
            seen[t.1 as usize - 1] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
    }

    #[test]
    fn scripted_dice_come_in_order() {
        let mut d = ScriptedDice::new([(3, 1), (6, 6)]);
        assert_eq!(d.throw(), (3, 1));
        assert_eq!(d.throw(), (6, 6));
        assert_eq!(d.remaining(), 0);
    }
}
