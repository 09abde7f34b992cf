//! One-sided bear-off databases (seed 001): for one side alone with all its checkers on its
//! lowest P points, the distribution of the number of rolls needed to bear every checker off
//! and to bear the first one off, in gnubg's numbering and file format.
//!
//! Two arithmetics: exact (`f64`) and gnubg-compatible integers (`u16`, see
//! [`database::Prob`]).
//!
//! What a race is worth by these databases and by the approximations and formulas beside them
//! (the analysis, the normal approximation, the cube verdicts) is a study:
//! [`crate::studies::race`].

mod bd_file;
pub(crate) mod build;
pub(crate) mod chances;
pub(crate) mod database;
pub(crate) mod index;
pub(crate) mod moments;
pub(crate) mod plays;

pub use bd_file::{
    BdContents, BdError, HEADER_LEN, Header, from_bytes, moments_of, normal_to_bytes, read,
    to_bytes, write, write_atomic, write_normal,
};
pub use build::{BuildError, build, build_within};
pub use chances::{is_chance, lose_gammon, win, win_gammon};
pub use database::{Database, Entry, Prob, ROLLS};
pub use index::{CHECKERS, Counts, MAX_POINTS, checkers, counts, highest, index, pips, positions};
pub use moments::{MomentDatabase, Moments, build_moments};
