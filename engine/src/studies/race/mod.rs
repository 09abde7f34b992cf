//! A no-contact race studied with the bear-off databases ([`crate::bearoff`]): both sides'
//! distributions and chances exact, from the normal approximation (the seed's idea) and from a
//! one-sided rollout; the race formulas players use over the board; the money cube verdicts —
//! the one-sided database's own (Janowski's cube efficiency, as gnubg's 0-ply) and the exact
//! one of a cubeful two-sided database; and the rule of gnubg's 2002 generator, which made the
//! seed's tables.

pub(crate) mod analysis;
pub(crate) mod cube;
pub(crate) mod exact_verdict;
pub(crate) mod formulas;
pub(crate) mod janowski;
pub(crate) mod normal;
mod rule2002;

pub use analysis::{
    Analysis, AnalysisError, FormulaChance, Rollout, SideReport, analyse, highest_point,
    points_needed, sides_counts, targets,
};
pub use cube::{CubeAction, CubeAdvice, CubeDecision, CubeDecisions};
pub use exact_verdict::{exact_cube_verdict, exact_decision_at, exact_verdict_of};
pub use formulas::{Formula, RaceCount, RaceSide, Reading, all as race_counts};
pub use janowski::{ONE_SIDED_CUBE_EFFICIENCY, janowski, one_sided_cube};
pub use normal::{ErrorMeasures, Form, approximate, phi_cdf};
pub use rule2002::{build_2002, seed_printed_moments};
