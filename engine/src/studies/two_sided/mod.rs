//! Two-sided bear-off: for both sides in a no-contact race with all their checkers on their
//! lowest `points` points (at most `checkers` each), the exact cubeless chance that the side on
//! roll bears off first, both sides playing to maximise it.
//!
//! Positions are numbered by gnubg's one-sided index ([`crate::studies::bearoff::index::index`]);
//! with at most C checkers on P points they are the first `C(P + C, P)` indices, the same numbers
//! gnubg's two-sided files use.

pub(crate) mod solver;

use crate::studies::bearoff::index::{Counts, binomial, index};

mod build;
mod cubeful;
mod file;
pub mod memory;
mod resume;
mod table;
mod verdict;

pub use build::build;
pub use cubeful::CubefulEquities;
pub use file::{Header, header_of, is_two_sided, read_header, write_atomic};
pub use memory::Request;
pub use resume::Checkpoint;
pub use solver::{DEFAULT_LIMIT, SolveError, Solver};
pub use table::{Kind, MAX_CHECKERS, MAX_POINTS, TwoSidedDb, TwoSidedError, check_size};
pub use verdict::{exact_cube_verdict, exact_decision_at, exact_verdict_of};

/// Exact two-sided chances, however they were obtained (a full database, a file, or a solver
/// for the positions a pair of sides can reach).
pub trait TwoSidedChances: Sync {
    /// Points each side may occupy (1–6).
    fn points(&self) -> usize;
    /// Most checkers a side may have.
    fn checkers(&self) -> usize;
    /// The chance that the side on roll, at one-sided index `on_roll`, bears off before the
    /// side at index `other`. Both indices are below [`positions`](Self::positions).
    fn win(&self, on_roll: u32, other: u32) -> f64;
    /// How many one-sided positions each side can be in: `C(points + checkers, points)`.
    fn positions(&self) -> u32 {
        positions(self.points(), self.checkers())
    }
    /// [`win`](Self::win) for two sides given by their checker counts, `None` when a side
    /// does not fit (a checker above `points`, or more than `checkers` checkers).
    fn win_counts(&self, on_roll: &Counts, other: &Counts) -> Option<f64> {
        let fits = |c: &Counts| {
            c[self.points() + 1..].iter().all(|&n| n == 0)
                && c[1..=self.points()]
                    .iter()
                    .map(|&n| n as usize)
                    .sum::<usize>()
                    <= self.checkers()
        };
        (fits(on_roll) && fits(other))
            .then(|| self.win(index(on_roll, self.points()), index(other, self.points())))
    }
}

/// How many one-sided positions of at most `checkers` checkers on `points` points there are.
pub fn positions(points: usize, checkers: usize) -> u32 {
    binomial(points + checkers, points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_are_gnubgs() {
        // makebearoff -t 6x6 writes 924² pairs; 6 × 15 is the 54,264.
        assert_eq!(positions(6, 6), 924);
        assert_eq!(positions(6, 8), 3003);
        assert_eq!(positions(6, 15), 54_264);
        assert_eq!(positions(3, 3), 20);
    }
}
