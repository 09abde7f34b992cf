//! The on-the-fly two-sided solver: the exact chance of one pair of sides, by memoised
//! recursion over the pairs the two sides can reach — for positions no built database covers.
//!
//! With `W(a, b)` the chance that the side on roll at `a` bears off before the side at `b`:
//! `W(a, b) = Σ_roll w/36 · max_{a' ∈ results(a, roll)} (1 − W(b, a'))`, where a result that
//! bears the last checker off counts 1; `W(0, b) = 1` (the side on roll has already borne off)
//! and `W(a, 0) = 0` for `a ≠ 0`. Both sides maximise; the plays are [`OneSided`]'s, the full
//! rules of the one-sided databases (checkers beyond point 6 come home before bearing off).
//! Values are `f64`. The memo holds at most `limit` pairs: beyond, [`SolveError::TooManyStates`]
//! instead of minutes of work and gigabytes of memory. A pair whose bound on the pairs it can
//! reach ([`Solver::below`] of each side multiplied; measured within a few per cent of the
//! pairs really solved) exceeds the limit is refused at once.

use crate::bearoff::one_sided::index::{self, CHECKERS, Counts, MAX_POINTS};
use crate::bearoff::one_sided::plays::OneSided;
use crate::core::dice::Dice;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The default limit on memoised pairs: about 40 MB and a few seconds of work.
pub const DEFAULT_LIMIT: usize = 1_000_000;

/// Why a pair was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// Solving needs more than `limit` pairs.
    TooManyStates {
        /// The limit that was reached.
        limit: usize,
    },
    /// A side has a checker above the solver's points or more than 15 checkers.
    DoesNotFit {
        /// The solver's points.
        points: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooManyStates { limit } => write!(
                f,
                "the two sides reach more than {limit} pairs: too large to solve on the fly"
            ),
            SolveError::DoesNotFit { points } => write!(
                f,
                "a side has a checker above point {points} or more than {CHECKERS} checkers"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// A multiplicative hash for the solver's 64-bit pair keys (SipHash costs more than the rest of
/// a lookup).
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

/// Exact two-sided chances of pairs of sides on `points` points, solved as asked and kept.
pub struct Solver {
    points: usize,
    limit: usize,
    memo: HashMap<u64, f64, BuildHasherDefault<PairHasher>>,
}

impl Solver {
    /// A solver for sides on at most `points` points (1–15) keeping at most `limit` pairs.
    pub fn new(points: usize, limit: usize) -> Solver {
        Solver {
            points: points.clamp(1, MAX_POINTS),
            limit,
            memo: HashMap::default(),
        }
    }

    /// Points the sides may occupy.
    pub fn points(&self) -> usize {
        self.points
    }

    /// Pairs solved so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The chance that the side on roll (`on_roll`) bears off before `other`.
    pub fn win(&mut self, on_roll: &Counts, other: &Counts) -> Result<f64, SolveError> {
        let a = self.side(on_roll)?;
        let b = self.side(other)?;
        let key = (a.index() as u64) << 32 | b.index() as u64;
        let bound = Solver::below(on_roll, self.points) * Solver::below(other, self.points);
        if !self.memo.contains_key(&key) && bound > (self.limit - self.memo.len()) as u64 {
            return Err(SolveError::TooManyStates { limit: self.limit });
        }
        self.solve(&a, &b)
    }

    /// How many one-sided positions lie at or below `c` (every point's checkers on it and
    /// above no more than `c`'s): a bound on the positions its plays can reach.
    pub fn below(c: &Counts, points: usize) -> u64 {
        // ways[s]: choices for the points above with s checkers on them.
        let mut ways = [0u64; CHECKERS + 1];
        ways[0] = 1;
        let mut above = 0usize;
        for q in (1..=points).rev() {
            above += c[q] as usize;
            let mut next = [0u64; CHECKERS + 1];
            let mut run = 0u64;
            for (s, w) in next.iter_mut().enumerate().take(above.min(CHECKERS) + 1) {
                run += ways[s];
                *w = run;
            }
            ways = next;
        }
        ways.iter().sum()
    }

    fn side(&self, c: &Counts) -> Result<OneSided, SolveError> {
        let fits = c[self.points + 1..].iter().all(|&n| n == 0)
            && index::checkers(c, self.points) as usize <= CHECKERS;
        if !fits {
            return Err(SolveError::DoesNotFit {
                points: self.points,
            });
        }
        Ok(OneSided::new(c, self.points))
    }

    fn solve(&mut self, a: &OneSided, b: &OneSided) -> Result<f64, SolveError> {
        if a.checkers() == 0 {
            return Ok(1.0);
        }
        if b.checkers() == 0 {
            return Ok(0.0);
        }
        let key = (a.index() as u64) << 32 | b.index() as u64;
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        if self.memo.len() >= self.limit {
            return Err(SolveError::TooManyStates { limit: self.limit });
        }
        let mut total = 0.0;
        let mut results: Vec<OneSided> = Vec::new();
        for dice in Dice::all() {
            results.clear();
            a.for_each_result(dice.high() as usize, dice.low() as usize, &mut |r| {
                if results.iter().all(|s| s.index() != r.index()) {
                    results.push(*r);
                }
            });
            let mut best = 0f64;
            for r in &results {
                let v = if r.checkers() == 0 {
                    1.0
                } else {
                    1.0 - self.solve(b, r)?
                };
                best = best.max(v);
                if best == 1.0 {
                    break;
                }
            }
            total += dice.weight() as f64 * best;
        }
        let w = total / 36.0;
        self.memo.insert(key, w);
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::one_sided::build::build;
    use crate::bearoff::one_sided::chances;
    use crate::core::task::Task;

    fn side(cells: &[(usize, u8)]) -> Counts {
        let mut c = [0u8; MAX_POINTS + 1];
        for &(p, n) in cells {
            c[p] = n;
        }
        c
    }

    #[test]
    fn one_checker_each_by_hand() {
        let mut s = Solver::new(6, DEFAULT_LIMIT);
        // A checker on 1, 2 or 3 is off with any roll (2-1 moves 3 pips).
        for p in 1..=3 {
            assert_eq!(s.win(&side(&[(p, 1)]), &side(&[(6, 1)])).unwrap(), 1.0);
        }
        // On 4 only 2-1 fails (it reaches the ace point), and the other side's checker on 3
        // then bears off: 34/36.
        let w = s.win(&side(&[(4, 1)]), &side(&[(3, 1)])).unwrap();
        assert!((w - 34.0 / 36.0).abs() < 1e-15, "{w}");
        // Against a checker on 4, which itself fails only with 2-1 (and then we bear off from
        // the ace point): 34/36 + 2/36 · 2/36.
        let w = s.win(&side(&[(4, 1)]), &side(&[(4, 1)])).unwrap();
        assert!((w - (34.0 / 36.0 + 4.0 / 1296.0)).abs() < 1e-15, "{w}");
        // The side on roll with nothing left has won; the other with nothing left has.
        assert_eq!(s.win(&side(&[]), &side(&[(6, 3)])).unwrap(), 1.0);
        assert_eq!(s.win(&side(&[(6, 3)]), &side(&[])).unwrap(), 0.0);
    }

    #[test]
    fn without_choices_the_sides_are_independent() {
        // A lone checker has one result per roll, so no play can use the other side's
        // position: the two-sided chance is the one-sided formula's.
        let db = build::<f64>(6, &Task::new()).unwrap();
        let mut s = Solver::new(6, DEFAULT_LIMIT);
        for p in 1..=6 {
            for q in 1..=6 {
                let (a, b) = (side(&[(p, 1)]), side(&[(q, 1)]));
                let one = chances::win(
                    &db.dist_f64(index::index(&a, 6)),
                    &db.dist_f64(index::index(&b, 6)),
                );
                let two = s.win(&a, &b).unwrap();
                assert!((one - two).abs() < 1e-12, "{p} v {q}: {one} {two}");
            }
        }
    }

    #[test]
    fn agrees_with_the_built_databases() {
        use crate::bearoff::two_sided::{Kind, TwoSidedChances, TwoSidedDb};
        for (points, checkers) in [(6, 4), (3, 5)] {
            let db = TwoSidedDb::build(points, checkers, Kind::Exact, &Task::new()).unwrap();
            let mut s = Solver::new(points, DEFAULT_LIMIT);
            let n = db.positions();
            for a in 0..n {
                for b in 0..n {
                    let (ca, cb) = (index::counts(a, points), index::counts(b, points));
                    let w = s.win(&ca, &cb).unwrap();
                    let d = db.win(a, b);
                    assert!(
                        (w - d).abs() < 1e-12,
                        "{points}x{checkers} {a} {b}: {w} {d}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_bound_counts_the_positions_below() {
        // Two checkers on 2: {2,2}, {2,1}, {2}, {1,1}, {1}, {} — six.
        assert_eq!(Solver::below(&side(&[(2, 2)]), 6), 6);
        // Fifteen on 6 points: every position of at most 15 checkers.
        assert_eq!(Solver::below(&side(&[(6, 15)]), 6), 54_264);
        assert_eq!(Solver::below(&side(&[]), 6), 1);
    }

    #[test]
    fn the_limit_stops_the_work() {
        // Refused at once by the bound, without work ...
        let mut s = Solver::new(6, 1000);
        let full = side(&[(6, 3), (5, 3), (4, 3), (3, 3), (2, 3)]);
        assert_eq!(
            s.win(&full, &full),
            Err(SolveError::TooManyStates { limit: 1000 })
        );
        assert_eq!(s.states(), 0);
        // ... and a pair within it is solved within it.
        let (a, b) = (side(&[(6, 1), (5, 1)]), side(&[(6, 1)]));
        let bound = Solver::below(&a, 6) * Solver::below(&b, 6);
        assert!(bound <= 1000);
        assert!(s.win(&a, &b).is_ok());
        assert!(s.states() <= 1000);
        assert_eq!(
            s.win(&side(&[(7, 1)]), &full),
            Err(SolveError::DoesNotFit { points: 6 })
        );
    }
}
