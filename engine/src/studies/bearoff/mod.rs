//! One-sided bear-off databases (seed 001): for one side alone with all its checkers on its
//! lowest P points, the distribution of the number of rolls needed to bear every checker off
//! and to bear the first one off, in gnubg's numbering and file format.
//!
//! Two arithmetics: exact (`f64`) and gnubg-compatible integers (`u16`, see
//! [`database::Prob`]).

pub(crate) mod analysis;
mod bd_file;
pub(crate) mod build;
pub(crate) mod chances;
pub(crate) mod cube;
pub(crate) mod database;
pub(crate) mod index;
pub(crate) mod janowski;
pub(crate) mod moments;
pub(crate) mod normal;
pub(crate) mod plays;
pub(crate) mod race;
mod rule2002;

pub use analysis::{
    Analysis, AnalysisError, FormulaChance, Rollout, SideReport, analyse, highest_point,
    points_needed, sides_counts, targets,
};
pub use bd_file::{
    BdContents, BdError, HEADER_LEN, Header, from_bytes, moments_of, normal_to_bytes, read,
    to_bytes, write, write_atomic, write_normal,
};
pub use build::{BuildError, build, build_within};
pub use chances::{is_chance, lose_gammon, win, win_gammon};
pub use cube::{CubeAction, CubeAdvice, CubeDecision, CubeDecisions};
pub use database::{Database, Entry, Prob, ROLLS};
pub use index::{CHECKERS, Counts, MAX_POINTS, checkers, counts, highest, index, pips, positions};
pub use janowski::{ONE_SIDED_CUBE_EFFICIENCY, janowski, one_sided_cube};
pub use moments::{MomentDatabase, Moments, build_moments};
pub use normal::{ErrorMeasures, Form, approximate, phi_cdf};
pub use race::{Formula, RaceCount, RaceSide, Reading, all as race_counts};
pub use rule2002::{build_2002, seed_printed_moments};
