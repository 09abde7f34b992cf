//! bgw-engine: the engine behind the `bgw` workbench — positions and their formats, every
//! legal move, the classic weighted-sum player (seed 000), one-sided bear-off databases
//! (seed 001), «Чемпион» (seed 002) and GNU Backgammon as a reference engine. No user
//! interface and no command line: the `bgw` package (the repository's root) is both, on top
//! of this library.
//!
//! # Rank a position
//!
//! Read a position in any of gnubg's or eXtreme Gammon's formats, and rank every legal result
//! of a roll by the classic program's board value (BRDVAL = W1·V1 + W2·V2 + …, the seed's
//! eleven terms with the shipped weights):
//!
//! ```
//! use bgw_engine::{Dice, MoveGenerator, Ranking, Weights, read_setup};
//!
//! let setup = read_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10").unwrap();
//! let dice = Dice::new(3, 1).unwrap();
//! let ranking = Ranking::new(
//!     &setup.position,
//!     dice,
//!     &Weights::builtin_default(),
//!     &mut MoveGenerator::new(),
//! );
//! let best = &ranking.candidates[0];
//! assert_eq!(best.play.mv.notation(), "8/5 6/5");
//! println!("{} legal results; best {} ({:+.3})", ranking.candidates.len(), best.play.mv.notation(), best.value);
//! ```
//!
//! # Where things are
//!
//! The library is in ten groups, by what a user comes for; each group's page lists its
//! topics and what it re-exports. A path is at most `bgw_engine::group::topic::Item`
//! (`bgw_engine::studies::one_sided_vs_exact::ErrorMap`): the modules below a topic are private and
//! what they offer is re-exported at the topic, the most used items also at the group and
//! here at the root.
//!
//! - **[Core](mod@crate::core)**: [`Position`] and [`Side`], [`Dice`] and where they come from
//!   ([`DiceSource`]), the formats ([`core::formats`]: Position ID, Match ID, XGID, position
//!   files; [`read_setup`] reads any of them), every legal move ([`core::moves`]:
//!   [`MoveGenerator`], [`legal_plays`]), the seeded generator and long tasks' progress and
//!   cancellation.
//! - **[Evaluation](evaluation)**: the classic program ([`evaluation::classic`]: [`Weights`],
//!   [`Term`], [`Ranking`], [`ClassicPlayer`]), other players ([`evaluation::opponents`]:
//!   pubeval, random, gnubg).
//! - **[Reference](mod@reference)**: GNU Backgammon driven through its bridge, and any engine
//!   like it.
//! - **[Bear-off databases](mod@bearoff)**: one-sided ([`bearoff::one_sided`]: seed 001's
//!   distributions of rolls, gnubg's `.bd` files) and two-sided ([`bearoff::two_sided`]: the
//!   exact chance of bearing off first, gnubg's files, the on-the-fly solver), the exact
//!   figures the references and the studies read.
//! - **[Studies](studies)**: a race analysed by those databases, the approximations and the
//!   formulas ([`studies::race`]), the one-sided databases against the two-sided
//!   ([`studies::one_sided_vs_exact`]), the benchmark and the fit to it
//!   ([`studies::benchmark`]), that fit round by round on the weights' own games
//!   ([`studies::fit_rounds`]), duels ([`studies::duel`]), tuning ([`studies::tune`]),
//!   calibration ([`studies::calibrate`]).
//! - **[Matches](mod@matches)**: match files (MAT, gnubg's SGF) read and written, every move
//!   replayed and checked.
//! - **[Review](mod@review)**: a match judged decision by decision by a reference engine
//!   ([`review::review`]), the verdicts, the luck of each roll, gnubg's statistics block.
//! - **[Archive](mod@archive)**: every match a player brings and its review, in one SQLite
//!   database, and the questions asked of it (errors, drills).
//! - **[«Чемпион»](champion)**: seed 002's program and its exact solution.
//! - **[Files](io)**: atomic writes and reading user files safely.

pub mod archive;
pub mod bearoff;
pub mod champion;
pub mod core;
pub mod evaluation;
pub mod io;
pub mod matches;
pub mod reference;
pub mod review;
pub mod studies;

pub use crate::core::{
    Dice, DiceSource, MoveGenerator, Play, Position, ScriptedDice, SeededDice, Setup, Side,
    legal_plays, read_setup,
};
pub use evaluation::classic::{ClassicPlayer, Ranking, Term, Weights};
