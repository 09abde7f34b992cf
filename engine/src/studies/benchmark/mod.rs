//! A benchmark of checker play: decisions with GNU Backgammon's equity for every legal move,
//! and players scored against it (agreement with gnubg's best move, mean equity loss).
//!
//! # The file
//! One JSON object a line (optionally gzip-compressed):
//! `{"id": "<gnubg Position ID, the side to move on roll>", "dice": [d1, d2], "moves":
//! [["<gnubg notation>", <equity>], …]}`, best first, the equity being gnubg's cubeless money
//! equity after the move for the side that moved. [`Benchmark::read`] reads it strictly: a bad
//! line is an error naming its line number ([`BenchmarkError`]); each of gnubg's moves is found
//! among our legal plays by the position it reaches ([`crate::reference::match_to_plays`]), and gnubg's list must
//! name every legal play once; a repeated (id, dice) counts once (the first is kept).
//!
//! # What is here
//! - [`build()`] and [`build_on()`] — a benchmark made from a reference engine's self-play,
//!   gnubg's in practice, on one thread or several (`bgw benchmark build`);
//! - [`from_matches()`] and [`from_play()`] — benchmarks of the checker plays of match files
//!   and of the positions a player reaches in its own games, judged by a reference engine
//!   (`bgw benchmark build --from-matches`, `--from-play`);
//! - [`score()`] — a player's figures ([`Report`]): agreement, mean loss, by phase, the worst
//!   decisions;
//! - [`ClassicRescore`] — the classic program re-scored with other weights by one dot product
//!   per candidate, for a weight editor;
//! - [`fit()`] — the classic weights fitted to a benchmark: a smooth surrogate of the mean
//!   loss, then exact line searches;
//! - [`select()`] — what each term buys: refits with the seed's terms, each extra alone, and a
//!   forward selection.
//!
//! The shipped benchmarks are built into the library (`assets/benchmark/`): [`SHIPPED`]
//! (gnubg's self-play), its hold-out set [`HOLDOUT`], and [`PLAY`] (the classic's own games
//! against pubeval).

mod build;
mod decisions;
mod fit;
mod judged;
mod rescore;
mod score;
mod selection;

pub use build::{BuildConfig, BuildError, Built, MAX_PLIES, build, build_on, is_gzip_name};
pub use decisions::{
    Benchmark, BenchmarkError, Decision, FILE_CAP, HOLDOUT, HOLDOUT_NAME, LINE_CAP, LineError,
    MAX_EQUITY, PLAY, PLAY_NAME, SHIPPED, SHIPPED_NAME, TEXT_CAP,
};
pub use judged::{JudgeConfig, PlayConfig, from_matches, from_play, judge_spots};

pub use fit::{
    FitConfig, FitError, FitOutcome, FitStage, FitStep, against_pubeval, fit, fit_with_steps,
    play_warning,
};
pub use rescore::ClassicRescore;
pub use score::{Figures, PHASES, Report, WORST, WorstDecision, score};
pub use selection::{Refit, Selection, SelectionConfig, select};

#[cfg(test)]
mod tests;
