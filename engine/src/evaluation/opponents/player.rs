//! The interface every player implements: pick one of the legal plays.

use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::Position;

/// A strategy: given a position, the roll and every distinct legal result, it picks one.
pub trait Player: Send {
    /// A short name for reports (`pubeval`, `random`, `classic:weights.ron`).
    fn name(&self) -> String;

    /// The index in `plays` of the chosen play. `plays` holds every distinct legal result of
    /// `dice` in `pos` (from the mover's view, not mirrored) and is never empty.
    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize;
}

impl<P: Player + ?Sized> Player for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        (**self).choose(pos, dice, plays)
    }
}
