//! The classic program (seed 000): a weighted sum of eleven board terms, its move choice by
//! phase and its GOOD/BAD learning.
//!
//! # The seed's board and the model's
//! The seed fixes one numbering: the computer plays **White**, moving from point 1 to 24 with
//! its home on 19–24 and its bar at position 0; Black moves 24 → 1 with its home on 1–6. Every
//! `W…` function describes White, and "Black's twin is the same with the board reversed".
//!
//! The model ([`crate::core::position`]) instead always looks from the **side on roll**, which
//! moves 24 → 1 with its home on 1–6 and its bar at index 25. A term is therefore computed for "the
//! side on roll" (`own`) and "the other side" (`opp`) — the seed's White and Black when White is to
//! move — and the seed's White point `s` is the model's point `25 − s`: the seed's "first three
//! points" 1–3 are the model's 24–22, its home 19–24 the model's 1–6, its bar 0 the model's 25. For
//! a result of a move, `own` is the side that moved (the result is not mirrored), which is what
//! BRDVAL needs.
//!
//! # What is here
//! - the terms ([`Term`], `terms.rs`): the eleven terms, the ODDS table, [`TermSet`],
//!   [`Features`]; the terms beyond the seed's (`X_…`, `extra/`), switched on by a weights
//!   file;
//! - [`Weights`] — one weight per term and the terms on, RON files;
//! - BRDVAL (the seed's GBRD) and GBRDVAL (`value.rs`), and the same table-driven (`fast.rs`);
//! - [`Phase`] — contact, running, bearing off with and without contact;
//! - [`RacePlan`] — the heuristics once the forces have separated;
//! - [`ClassicPlayer`] — the program's choice with its reason ([`Choice`], [`Reason`]);
//! - [`Ranking`] — every legal result ranked, with the breakdown;
//! - [`Learner`] — GOOD/BAD;
//! - [`Game`] — one game against the program (opening roll, turns, the person's checked
//!   steps, undo, the score), dice passed in;
//! - [`learn`] — games of the program against itself, learning as it goes.

mod extra;
mod fast;
pub(crate) mod features;
pub(crate) mod game;
mod learning;
pub(crate) mod phase;
pub(crate) mod player;
pub(crate) mod race;
mod rank;
mod selfplay;
pub(crate) mod terms;
mod value;
pub(crate) mod weights;
mod why;

pub use features::Features;
pub use game::{
    Game, GameError, MoveError, OpeningRoll, Opponent, Outcome, PersonMove, PersonStep,
    ProgramMove, ProgramTurn, Status, Undone, Win, points_won,
};
pub use learning::{Learner, Update, Verdict};
pub use phase::Phase;
pub use player::{Choice, ClassicPlayer, Reason};
pub use race::{RacePlan, RaceRule, RaceStep};
pub use rank::{Candidate, Ranking};
pub use selfplay::{LearnStats, learn};
pub use terms::{SEED_TERM_COUNT, TERM_COUNT, TERMS, Term, TermInfo, TermSet, by_seed_name};
pub use weights::{DEFAULT_RON, MAX_WEIGHT, SEED_RON, Weights, WeightsError, is_valid_weight};
pub use why::{TermDelta, Why};
