//! GNU Backgammon's judgement in process: its neural nets read from its weights file and
//! evaluated in Rust, learnt from gnubg 1.07's source and written anew (see
//! `docs/native-evaluator.md`). Beside the process bridge ([`super::gnubg`]), behind the same
//! seam ([`super::ReferenceEngine`]).
//!
//! Covered so far: the cubeless evaluation at 0, 1 and 2 plies — the position's class, the
//! bear-off databases, the race, crashed and contact nets with gnubg's inputs and sigmoid,
//! gnubg's sanity rules, and its look-ahead with the pruning nets ([`Search`]) — equal to gnubg
//! 1.07's `evaluate` within 1e-5, and its hint lists at those depths with its move filters
//! ([`MoveFilters`]). Not yet: deeper plies, cubeful equities and cube decisions; those are
//! refused with [`NativeError::NotCovered`].

mod engine;
mod evaluator;
mod inputs;
mod net;
mod race_bg;
mod search;
mod weights;

pub use engine::NativeEngine;
pub use evaluator::{
    BEAROFF_FILE, NativeError, NativeEvaluator, NetOutput, PositionClass, classify, cubeless_equity,
};
pub use inputs::Board;
pub use search::{MAX_PLIES, MoveFilter, MoveFilters, ScoredMove, Search};
pub use weights::{
    BUILT_IN, GnubgWeights, MAGIC, Net, USUAL_FOLDERS, VERSION, WEIGHTS_ENV, WeightsError,
    candidate_paths, find,
};
