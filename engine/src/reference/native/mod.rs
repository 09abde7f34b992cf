//! GNU Backgammon's judgement in process: its neural nets read from its weights file and
//! evaluated in Rust, learnt from gnubg 1.07's source and written anew (see
//! `docs/native-evaluator.md`). Beside the process bridge ([`super::gnubg`]), behind the same
//! seam ([`super::ReferenceEngine`]).
//!
//! Covered so far: the 0-ply cubeless evaluation — the position's class, the one-sided
//! bear-off database, the race, crashed and contact nets with gnubg's inputs and sigmoid,
//! gnubg's sanity rules — equal to gnubg 1.07's `evaluate` within 1e-5, and the 0-ply ranking
//! of a roll's moves built on it; gnubg's default match equity table ([`MatchEquityTable`]) and
//! its 0-ply cubeful equities, cube decisions and cubeful hint lists for money and at a match
//! score ([`CubeInfo`], [`Leaf`], [`cubeful_equity`], [`cube_decision`]), equal to gnubg within
//! 1e-5. Not yet: deeper plies, rollouts, the luck analysis; those are refused with
//! [`NativeError::NotCovered`].

mod cubeful;
mod engine;
mod evaluator;
mod inputs;
mod luck;
mod met;
mod net;
mod race_bg;
mod weights;

pub use cubeful::{
    CubeAction, CubeInfo, best_action, cash_points, cl2cf_match, cl2cf_money, cube_decision,
    cube_position_equity, cubeful_equity, market_window, utility, utility_me, with_cube_action,
};
pub use engine::NativeEngine;
pub use evaluator::{
    BEAROFF_FILE, Leaf, NativeError, NativeEvaluator, NetOutput, PositionClass, classify,
    cubeless_equity, efficiency,
};
pub use inputs::Board;
pub use met::{KAZAROSS_XG2, MAX_SCORE, MatchEquityTable, MetError, gnubg_default as default_met};
pub use weights::{
    BUILT_IN, GnubgWeights, MAGIC, Net, USUAL_FOLDERS, VERSION, WEIGHTS_ENV, WeightsError,
    candidate_paths, find,
};
