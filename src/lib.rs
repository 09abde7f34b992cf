//! backgammon-workbench: the engine behind the `bgw` workbench — positions and their formats,
//! every legal move, the classic weighted-sum player (seed 000) and one-sided bear-off
//! databases (seed 001). The desktop workbench is the [`app`] module (egui); no other module
//! has a user-interface dependency.

#[cfg(feature = "gui")]
pub mod app;
pub mod atomic_file;
pub mod bearoff;
pub mod calibrate;
pub mod champion;
pub mod classic;
pub mod dice;
pub mod duel;
pub mod formats;
pub mod moves;
pub mod opponents;
pub mod position;
pub mod rng;
pub mod tune;

pub use dice::Dice;
pub use position::{Position, Side};
