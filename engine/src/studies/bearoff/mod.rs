//! One-sided bear-off databases (seed 001): for one side alone with all its checkers on its
//! lowest P points, the distribution of the number of rolls needed to bear every checker off
//! and to bear the first one off, in gnubg's numbering and file format.
//!
//! Two arithmetics: exact (`f64`) and gnubg-compatible integers (`u16`, see
//! [`database::Prob`]).

pub mod analysis;
pub mod bd_file;
pub mod build;
pub mod chances;
pub mod database;
pub mod index;
pub mod moments;
pub mod normal;
pub mod plays;
pub mod race;
pub mod rule2002;
pub mod study;

pub use build::{BuildError, build, build_within};
pub use database::{Database, Prob, ROLLS};
