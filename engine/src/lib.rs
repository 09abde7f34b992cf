//! bgw-engine: the engine behind the `bgw` workbench — positions and their formats, every
//! legal move, the classic weighted-sum player (seed 000), one-sided bear-off databases
//! (seed 001), «Чемпион» (seed 002) and GNU Backgammon as a reference engine. No user
//! interface and no command line: the `bgw` package (the repository's root) is both, on top
//! of this library.

pub mod atomic_file;
pub mod bearoff;
pub mod benchmark;
pub mod calibrate;
pub mod champion;
pub mod classic;
pub mod dice;
pub mod dice_source;
pub mod duel;
pub mod formats;
pub mod moves;
pub mod opponents;
pub mod position;
pub mod reference;
pub mod rng;
pub mod task;
pub mod tune;
pub mod user_file;

pub use dice::Dice;
pub use dice_source::{DiceSource, ScriptedDice, SeededDice};
pub use position::{Position, Side};
