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
//! - **Core**: [`Position`] and [`Side`], [`Dice`] and where they come from ([`DiceSource`]),
//!   the formats ([`formats`]: Position ID, Match ID, XGID, position files; [`read_setup`]
//!   reads any of them), every legal move ([`moves`]: [`MoveGenerator`], [`legal_plays`]).
//! - **Evaluation**: the classic program ([`classic`]: [`Weights`], [`Term`], [`Ranking`],
//!   [`ClassicPlayer`]), other players ([`opponents`]: pubeval, random, gnubg).
//! - **Reference**: GNU Backgammon driven through its bridge ([`mod@reference`]).
//! - **Studies**: bear-off databases, one-sided and two-sided ([`bearoff`]), the benchmark and
//!   the fit ([`benchmark`]), duels ([`duel`]), tuning ([`tune`]), calibration ([`calibrate`]).
//! - **«Чемпион»**: seed 002's program and its exact solution ([`champion`]).
//! - **Files**: atomic writes ([`atomic_file`]), reading user files safely ([`user_file`]).

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

pub use classic::{ClassicPlayer, Ranking, Term, Weights};
pub use dice::Dice;
pub use dice_source::{DiceSource, ScriptedDice, SeededDice};
pub use formats::{Setup, read_setup};
pub use moves::{MoveGenerator, Play, legal_plays};
pub use position::{Position, Side};
