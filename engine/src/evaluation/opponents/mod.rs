//! Players that choose among the legal plays: the benchmark opponents (pubeval, random, any
//! reference engine such as gnubg), and the interface the classic program implements too.

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

pub(crate) mod gnubg;
mod pubeval;
mod random;
mod reference;

pub use gnubg::{
    GnubgPlayer, GnubgPool, MAX_PLIES as GNUBG_MAX_PLIES, gnubg_pool,
    worker_threads as gnubg_worker_threads,
};
pub use pubeval::{
    Pubeval, SCORE_UNIT as PUBEVAL_SCORE_UNIT, WIN as PUBEVAL_WIN, Weights as PubevalWeights,
    inputs as pubeval_inputs,
};
pub use random::RandomPlayer;
pub use reference::{EnginePool, ReferencePlayer};

impl<P: Player + ?Sized> Player for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        (**self).choose(pos, dice, plays)
    }
}
