//! GNU Backgammon's judgement in process: its neural nets read from its weights file and
//! evaluated in Rust, learnt from gnubg 1.07's source and written anew (see
//! `docs/native-evaluator.md`). Beside the process bridge ([`super::gnubg`]), behind the same
//! seam ([`super::ReferenceEngine`]).
//!
//! Covered so far: the cubeless evaluation at 0, 1 and 2 plies — the position's class, the
//! bear-off databases, the race, crashed and contact nets with gnubg's inputs and sigmoid,
//! gnubg's sanity rules, and its look-ahead with the pruning nets ([`Search`]) — equal to gnubg
//! 1.07's `evaluate` within 1e-5, and its hint lists at those depths with its move filters
//! ([`MoveFilters`]); gnubg's default match equity table ([`MatchEquityTable`]) and its
//! cubeful equities, cube decisions and cubeful hint lists at 0, 1 and 2 plies for money and
//! at a match score ([`CubeInfo`], [`Leaf`], [`cubeful_equity`], [`cube_decision`], the
//! cubeful search [`Search::evaluate_cubeful`]), and its 0-ply luck analysis, equal to gnubg
//! within 1e-5. Not yet: deeper than 2 plies, rollouts; those are refused with
//! [`NativeError::NotCovered`].

mod calibration;
mod cubeful;
mod cubeful_cache;
mod engine;
mod evaluator;
mod inputs;
mod luck;
mod met;
mod net;
mod plied;
mod race_bg;
mod search;
mod shared_table;
mod weights;
mod why;

pub use calibration::calibration_boards;
pub use cubeful::{
    CubeAction, CubeInfo, best_action, cash_points, cl2cf_match, cl2cf_money, cube_decision,
    cube_position_equity, cubeful_equity, market_window, utility, utility_me, with_cube_action,
};
pub use cubeful_cache::CubefulCache;
pub(crate) use engine::NATIVE_NAME;
pub use engine::{NativeEngine, PROCESS_DOES_IT};
pub use evaluator::{
    BEAROFF_FILE, Leaf, NativeError, NativeEvaluator, NetOutput, PositionClass, classify,
    cubeless_equity, efficiency,
};
pub use inputs::Board;
pub use met::{KAZAROSS_XG2, MAX_SCORE, MatchEquityTable, MetError, gnubg_default as default_met};
pub use net::reciprocal_fingerprint;
pub use plied::{CubePosition, next_cube_positions};
pub use search::{MAX_PLIES, MoveFilter, MoveFilters, MoveScoring, ScoredMove, Search};
pub use weights::{
    BUILT_IN, GnubgWeights, MAGIC, Net, USUAL_FOLDERS, VERSION, WEIGHTS_ENV, WeightsError,
    candidate_paths, find,
};
pub use why::{ConceptPart, WhyGnubg, why_gnubg, why_gnubg_of_plays};
