//! What the exact two-sided chances say about the one-sided method (issue 14, "the study"):
//! each approximate method's error over every pair of a two-sided database ([`error_map()`]), and
//! best play by the exact chance beside the plays of the one-sided method, the seed's
//! heuristic and the classic program's BRDVAL ([`fn@best_play`]).

mod best_play;
mod cube_errors;
mod errors;
mod exact;
mod methods;

pub use best_play::{
    BestPlay, BestPlayError, PlayChance, PlayJudge, best_play, best_play_one_sided,
};
pub use cube_errors::{
    ActionCounts, CubeChoice, CubeErrors, CubeErrorsError, CubeRule, DecisionErrors, Decisions,
    REPORTED, ReportedDecision, RuleErrors, WorstCube, bands as cube_error_bands, cube_errors,
};
pub use errors::{
    ErrorMap, ErrorMapError, HISTOGRAM_LO, HISTOGRAM_WIDTH, Histogram, LOSS_TOLERANCE,
    MethodErrors, PlayLosses, PlayRule, Summary, WorstPair, WorstPlay, error_map, pair_position_id,
};
pub use exact::{Exact, ExactError};
pub use methods::{Method, Methods};
