//! The analysis of the position on the board: every legal result of the roll ranked by the
//! classic program's BRDVAL ([`Ranking`]). Generated once per position and roll; a change of
//! weights only re-weights it ([`Ranking::reweight`]: dot products and a sort), cheap enough
//! for every frame of a slider drag.

use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::Position;
use bgw_engine::evaluation::classic::{Ranking, Weights};
use std::ops::Deref;

/// The ranked candidates of one position and roll.
pub struct Analysis {
    ranking: Ranking,
    weights: Weights,
}

impl Deref for Analysis {
    type Target = Ranking;

    fn deref(&self) -> &Ranking {
        &self.ranking
    }
}

impl Analysis {
    /// Generates and ranks every legal result of `dice` in `position`.
    pub fn new(
        position: Position,
        dice: Dice,
        weights: &Weights,
        generator: &mut MoveGenerator,
    ) -> Analysis {
        Analysis {
            ranking: Ranking::new(&position, dice, weights, generator),
            weights: *weights,
        }
    }

    /// True when this analysis is of `position` and `dice`.
    pub fn is_of(&self, position: &Position, dice: Dice) -> bool {
        self.ranking.position == *position && self.ranking.dice == dice
    }

    /// Re-ranks with `weights` if they changed; returns true when it did.
    pub fn reweight(&mut self, weights: &Weights) -> bool {
        if self.weights == *weights {
            return false;
        }
        self.ranking.reweight(weights);
        self.weights = *weights;
        true
    }

    /// The index of the candidate whose result is `result`.
    pub fn index_of(&self, result: &Position) -> Option<usize> {
        self.ranking
            .candidates
            .iter()
            .position(|c| c.play.result == *result)
    }
}
