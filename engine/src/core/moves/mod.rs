//! Legal moves under the full modern rules, as the distinct positions they reach.
//!
//! The rules: a checker on the bar enters before any other checker moves; both dice are used
//! when any play uses both, otherwise the larger die if it can be played, otherwise the
//! smaller; with doubles, as many of the four moves as possible; bearing off only when all the
//! side's checkers are home, with the exact number or, with a larger number, from the highest
//! occupied point; a checker landing on a single opposing checker (a blot) sends it to the bar.
//!
//! Two plays that reach the same position are one candidate: [`MoveGenerator::generate`]
//! returns each distinct result once, with one move that reaches it.

mod generate;
mod notation;
pub(crate) mod parse;
mod play;

pub use generate::MoveGenerator;
pub use parse::{Refusal, Segment, match_play, parse};
pub use play::{Move, Play, Step};

use crate::core::dice::Dice;
use crate::core::position::Position;

/// Every distinct legal result of `dice` in `pos` (empty when no move is legal).
pub fn legal_plays(pos: &Position, dice: Dice) -> Vec<Play> {
    MoveGenerator::new().generate(pos, dice).to_vec()
}
