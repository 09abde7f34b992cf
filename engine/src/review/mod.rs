//! A match reviewed: every decision of a [`Match`](crate::matches::Match) judged by a reference
//! engine at its own match state, as gnubg's `analyse match` judges it ([`review`],
//! [`review_with_luck`]); each decision's [`Verdict`] (a checker play's loss and gnubg's
//! [`Mark`], a cube action's error); the luck of each roll ([`MatchLuck`]); each player's
//! figures ([`summarize`] → [`PlayerSummary`], [`Statistics`], gnubg's [`rating`] and
//! [`luck_rating`]) and gnubg's statistics block as text ([`statistics_text`]); and which of
//! gnubg's figures decided a cube error ([`cube_why`]).
//!
//! The review reads matches ([`crate::matches`]: the model, the files); the files know
//! nothing of the review.

mod judge;
mod luck;
mod statistics;
mod statistics_block;
mod verdict;
mod why_gnubg;

pub use judge::{
    Explained, Explains, PlayerSummary, ReviewOptions, default_engines_for, review,
    review_with_luck, summarize,
};
pub use luck::MatchLuck;
pub use statistics::{
    Advantage, CubeErrorCount, CubeErrors, Ratings, RollsMarked, Statistics, luck_rating, rating,
};
pub use statistics_block::{StatisticsSection, statistics_sections, statistics_text};
pub use verdict::{Coverage, CubeVerdict, Mark, MoveVerdict, Reviewed, Verdict};
pub use why_gnubg::{cube_why, why_gnubg_of};
