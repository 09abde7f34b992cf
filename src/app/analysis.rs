//! The analysis of the position on the board: every legal result of the roll, recomputed only
//! when the position or the dice change.

use crate::dice::Dice;
use crate::moves::{MoveGenerator, Play};
use crate::position::Position;

/// One candidate row.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The move and its result.
    pub play: Play,
}

/// The candidates of one position and roll.
pub struct Analysis {
    /// The position analysed.
    pub position: Position,
    /// The roll.
    pub dice: Dice,
    /// Every distinct legal result.
    pub rows: Vec<Row>,
}

impl Analysis {
    /// Generates every legal result of `dice` in `position`.
    pub fn new(position: Position, dice: Dice, generator: &mut MoveGenerator) -> Analysis {
        let rows = generator
            .generate(&position, dice)
            .iter()
            .map(|&play| Row { play })
            .collect();
        Analysis {
            position,
            dice,
            rows,
        }
    }

    /// True when this analysis is of `position` and `dice`.
    pub fn is_of(&self, position: &Position, dice: Dice) -> bool {
        self.position == *position && self.dice == dice
    }
}
