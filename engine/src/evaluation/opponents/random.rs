//! The random player: picks uniformly among the distinct legal results, from a seeded stream.

use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::Position;
use crate::core::rng::SplitMix64;
use crate::evaluation::opponents::Player;

/// Chooses uniformly at random among the distinct legal results (not among the ways to play
/// them), reproducibly for a seed.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SplitMix64,
}

impl RandomPlayer {
    /// A random player drawing from the stream of `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SplitMix64::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, _pos: &Position, _dice: Dice, plays: &[Play]) -> usize {
        self.rng.below(plays.len() as u32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::moves::legal_plays;
    use crate::core::position::Side;

    #[test]
    fn every_result_is_chosen_about_equally() {
        let pos = Position::opening(Side::White);
        let dice = Dice::new(3, 1).unwrap();
        let plays = legal_plays(&pos, dice);
        let mut counts = vec![0u32; plays.len()];
        let mut p = RandomPlayer::new(11);
        let draws = 1000 * plays.len() as u32;
        for _ in 0..draws {
            counts[p.choose(&pos, dice, &plays)] += 1;
        }
        // Each count is Binomial(draws, 1/n): mean 1000, sd < 32; allow 5 sd.
        assert!(
            counts.iter().all(|&c| (840..1160).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn same_seed_same_choices() {
        let pos = Position::opening(Side::White);
        let dice = Dice::new(6, 4).unwrap();
        let plays = legal_plays(&pos, dice);
        let mut a = RandomPlayer::new(5);
        let mut b = RandomPlayer::new(5);
        for _ in 0..50 {
            assert_eq!(a.choose(&pos, dice, &plays), b.choose(&pos, dice, &plays));
        }
    }
}
