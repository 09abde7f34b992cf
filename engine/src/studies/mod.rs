//! Studies: the long computations the workbench is for, each of which measures or fits
//! something. A topic's name says which:
//!
//! - [`race`]: a no-contact race analysed with the bear-off databases ([`crate::bearoff`]):
//!   the chances exact, from the normal approximation and from a rollout, the race formulas,
//!   the money cube verdicts (the one-sided database's by Janowski's efficiency, the exact one
//!   of a cubeful two-sided database), and the rule of gnubg's 2002 generator behind seed
//!   001's tables.
//! - [`one_sided_vs_exact`]: the one-sided databases against the two-sided ones — each one-sided
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
//! Names that mean different things in different topics (`build`, `BuildError`,
//! `MAX_POINTS`, `Header`, …) stay with their topic: `bearoff::one_sided::build`,
//! `bearoff::two_sided::build`, `benchmark::build`.

pub mod benchmark;
pub mod calibrate;
pub mod duel;
pub mod fit_rounds;
pub mod one_sided_vs_exact;
pub mod race;
pub mod tune;

pub use benchmark::Benchmark;
pub use duel::{Contender, DuelConfig, DuelResult};
pub use tune::TuneConfig;
