//! Studies: the long computations the workbench is for, each of which measures or fits
//! something. A topic's name says which:
//!
//! - [`bearoff`]: seed 001's one-sided bear-off databases (the distribution of rolls to bear
//!   off, gnubg's numbering and `.bd` files, the normal approximations, the race formulas, the
//!   analysis of a race); the seed's name, kept.
//! - [`two_sided`]: the exact cubeless (and cubeful) chance of bearing off first, gnubg's
//!   two-sided files, the on-the-fly solver.
//! - [`one_sided_vs_exact`]: the study of the first against the second — each one-sided
//!   method's error over every pair of a two-sided database, best play and cube errors by the
//!   exact chance (was `bearoff_study`, a name that did not say which bear-off or what study).
//! - [`benchmark`]: checker play scored against gnubg's verdicts, and the classic weights fitted
//!   once to a fixed benchmark ([`benchmark::fit()`], with the selection of fits by a
//!   hold-out), because that fit is a function of the benchmark it is given.
//! - [`fit_rounds`]: that fit repeated round by round on the positions the weights reach in
//!   their own games, kept by play (DAgger; was `iterated_fit`): a loop of play, judge,
//!   [`benchmark::fit()`] and duel, so it lives beside the studies it drives.
//! - [`duel`]: duplicate-dice duels between players; [`tune`]: the weights tuned by duels;
//!   [`calibrate`]: the engine's speed on this machine.
//!
//! Names that mean different things in different studies (`build`, `BuildError`,
//! `MAX_POINTS`, `Header`, …) stay with their study: `bearoff::build`, `two_sided::build`,
//! `benchmark::build`.

pub mod bearoff;
pub mod benchmark;
pub mod calibrate;
pub mod duel;
pub mod fit_rounds;
pub mod one_sided_vs_exact;
pub mod tune;
pub mod two_sided;

pub use bearoff::Database;
pub use benchmark::Benchmark;
pub use duel::{Contender, DuelConfig, DuelResult};
pub use tune::TuneConfig;
pub use two_sided::TwoSidedDb;
