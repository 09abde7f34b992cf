pub mod dice;
pub mod dice_source;
pub mod formats;
pub mod moves;
pub mod position;
pub mod rng;
pub mod task;
