//! What every source of exact two-sided chances offers, and how many positions a side has.

use crate::bearoff::one_sided::index::{Counts, binomial, index};

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
