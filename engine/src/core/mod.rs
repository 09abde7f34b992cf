//! Core: what everything else is built on — the board ([`Position`], seen from the side on
//! roll, as gnubg's `TanBoard`), a roll ([`Dice`]) and where rolls come from
//! ([`DiceSource`]: a seeded stream or a script), the text formats positions travel in
//! ([`formats`]: gnubg's Position ID and Match ID, XG's XGID, the seed's diagram, RON
//! position files), every legal move ([`moves`]), a game as played ([`played`]), the seeded generator that never changes
//! between versions ([`rng`]) and the progress and cancellation every long computation shares
//! ([`task`]).
//!
//! The most used of these are also at the crate's root ([`crate::Position`],
//! [`crate::read_setup`], [`crate::legal_plays`], …).

pub mod dice;
pub mod dice_source;
pub mod formats;
pub mod moves;
pub mod played;
pub mod position;
pub(crate) mod quote;
pub mod rng;
pub mod task;

pub use dice::{Dice, DiceError};
pub use dice_source::{DiceSource, ScriptedDice, SeededDice};
pub use formats::{MatchState, ReadError, Setup, read_position, read_setup};
pub use moves::{Move, MoveGenerator, Play, Step, legal_plays};
pub use position::{Position, PositionError, Side};
pub use rng::SplitMix64;
pub use task::{Cancelled, Task, TaskProgress, Watch};
