//! Two-sided bear-off: for both sides in a no-contact race with all their checkers on their
//! lowest `points` points (at most `checkers` each), the exact cubeless chance that the side on
//! roll bears off first, both sides playing to maximise it.
//!
//! Positions are numbered by gnubg's one-sided index
//! ([`one_sided::index`](crate::bearoff::one_sided::index())); with at most C checkers on P
//! points they are the first `C(P + C, P)` indices, the same numbers gnubg's two-sided files
//! use.

pub(crate) mod solver;

mod build;
mod chances;
pub(crate) mod cubeful;
mod file;
mod kind;
mod memory;
mod resume;
mod rules;
mod table;

pub use build::build;
pub use chances::{TwoSidedChances, positions};
pub use cubeful::CubefulEquities;
pub use file::{Header, header_of, is_two_sided, read_header, write_atomic};
pub use kind::Kind;
pub use memory::{
    Available, Limit, Request, Shortage, available, bytes_needed, check as check_memory,
};
pub use resume::Checkpoint;
pub use solver::{DEFAULT_LIMIT, SolveError, Solver};
pub use table::{MAX_CHECKERS, MAX_POINTS, TwoSidedDb, TwoSidedError, check_size};
