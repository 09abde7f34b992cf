//! Studies: the long computations the workbench is for, each of which measures or fits
//! something. Bear-off databases, one-sided as in seed 001 ([`bearoff`]: the distribution of
//! rolls to bear off, gnubg's numbering and `.bd` files, the normal approximations, the race
//! formulas, the analysis of a race and the study of the one-sided method against the exact
//! chances) and two-sided ([`two_sided`]: the exact cubeless chance of bearing off first,
//! gnubg's two-sided files, the on-the-fly solver); the benchmark of checker play against
//! gnubg and the fit of the classic weights to it ([`benchmark`]); duplicate-dice duels
//! between players ([`duel`]), tuning the weights by duels ([`tune`]) and fitting them on
//! their own games, round by round ([`iterated_fit`]); the engine's speed
//! on this machine ([`calibrate`]).
//!
//! Names that mean different things in different studies (`build`, `BuildError`,
//! `MAX_POINTS`, `Header`, …) stay with their study: `bearoff::build`, `two_sided::build`,
//! `benchmark::build`.

pub mod bearoff;
pub mod bearoff_study;
pub mod benchmark;
pub mod calibrate;
pub mod duel;
pub mod iterated_fit;
pub mod tune;
pub mod two_sided;

pub use bearoff::Database;
pub use benchmark::Benchmark;
pub use duel::{Contender, DuelConfig, DuelResult};
pub use tune::TuneConfig;
pub use two_sided::TwoSidedDb;
