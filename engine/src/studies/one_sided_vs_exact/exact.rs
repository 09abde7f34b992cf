//! Where the study's exact two-sided chances come from: a database (built or read from a file)
//! or, for positions no database covers, the on-the-fly solver.

use crate::bearoff::one_sided::index::Counts;
use crate::bearoff::two_sided::TwoSidedChances;
use crate::bearoff::two_sided::solver::{SolveError, Solver};
use std::fmt;

/// Why no exact chance was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactError {
    /// A side does not fit the database (`points` × `checkers`).
    DoesNotFit {
        /// Points of the database.
        points: usize,
        /// Most checkers a side may have in it.
        checkers: usize,
    },
    /// The solver gave up.
    Solver(SolveError),
}

impl fmt::Display for ExactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactError::DoesNotFit { points, checkers } => write!(
                f,
                "the position does not fit the two-sided database ({points} points, at most \
                 {checkers} checkers a side)"
            ),
            ExactError::Solver(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ExactError {}

impl From<SolveError> for ExactError {
    fn from(e: SolveError) -> ExactError {
        ExactError::Solver(e)
    }
}

/// A source of exact two-sided chances.
pub enum Exact<'a> {
    /// A whole database.
    Table(&'a dyn TwoSidedChances),
    /// The on-the-fly solver (its memo grows with each question).
    Solver(&'a mut Solver),
}

impl Exact<'_> {
    /// The chance that the side on roll (`on_roll`) bears off before `other`.
    pub fn win(&mut self, on_roll: &Counts, other: &Counts) -> Result<f64, ExactError> {
        match self {
            Exact::Table(db) => db.win_counts(on_roll, other).ok_or(ExactError::DoesNotFit {
                points: db.points(),
                checkers: db.checkers(),
            }),
            Exact::Solver(s) => Ok(s.win(on_roll, other)?),
        }
    }

    /// The mover's chance after playing to `result`, `other` on roll: 1 when `result` has
    /// every checker off, else `1 − W(other, result)`.
    pub fn after_play(&mut self, result: &Counts, other: &Counts) -> Result<f64, ExactError> {
        if result.iter().all(|&n| n == 0) {
            // Still check that the other side fits.
            self.win(other, result)?;
            return Ok(1.0);
        }
        Ok(1.0 - self.win(other, result)?)
    }
}
