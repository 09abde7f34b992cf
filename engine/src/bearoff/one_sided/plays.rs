//! Legal plays of a one-sided bear-off position, fast and in GNU Backgammon's order.
//!
//! One side alone on its lowest `P` points: no opponent, so no blocking and no hitting. A
//! checker on point `p` moves to `p − d` when `p > d`; otherwise it is borne off when all
//! checkers are home (points 1–6) and either `p = d` or `p` is the highest occupied point.
//! While a checker is left some die is always playable, so every play uses all its dice unless
//! it bears the last checker off first.
//!
//! [`OneSided::for_each_result`] visits the results in the order of gnubg's `GenerateMoves`
//! depth-first search (larger die first, then smaller die first; sources from the highest point
//! down; with doubles, each die's source no higher than the previous one). A result reached by
//! several plays is visited several times; its first visit is its place in gnubg's move list,
//! which is what "first best move on ties" refers to. The gnubg index of each result is kept
//! up to date step by step.

use super::index::{BINOMIAL, Counts, MAX_POINTS};

/// A one-sided position with its gnubg index, ready to enumerate plays.
#[derive(Clone, Copy, Debug)]
pub struct OneSided {
    points: usize,
    counts: Counts,
    /// `above[q]`: checkers on points `q..=P`.
    above: [u8; MAX_POINTS + 2],
    index: u32,
}

impl OneSided {
    /// The position `counts` on `points` points.
    pub fn new(counts: &Counts, points: usize) -> OneSided {
        OneSided::with_index(counts, points, super::index::index(counts, points))
    }

    /// The position `counts` on `points` points whose gnubg index is known to be `index`.
    #[inline]
    pub(crate) fn with_index(counts: &Counts, points: usize, index: u32) -> OneSided {
        let mut above = [0u8; MAX_POINTS + 2];
        for q in (1..=points).rev() {
            above[q] = above[q + 1] + counts[q];
        }
        OneSided {
            points,
            counts: *counts,
            above,
            index,
        }
    }

    /// gnubg's index of the position.
    #[inline(always)]
    pub fn index(&self) -> u32 {
        self.index
    }

    /// Checker counts on points `1..=P`.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Checkers still on the board.
    pub fn checkers(&self) -> u8 {
        self.above[1]
    }

    #[inline(always)]
    fn highest(&self) -> usize {
        let mut q = self.points;
        while q > 0 && self.counts[q] == 0 {
            q -= 1;
        }
        q
    }

    /// Where a checker on `from` goes with `die` (0 = off), if it may.
    #[inline(always)]
    fn target(&self, from: usize, die: usize) -> Option<usize> {
        if from > die {
            Some(from - die)
        } else if (self.points < 7 || self.above[7] == 0) && (from == die || from == self.highest())
        {
            Some(0)
        } else {
            None
        }
    }

    /// Moves one checker from `from` to `to` (0 = off), updating the index.
    #[inline(always)]
    fn step(&mut self, from: usize, to: usize) {
        self.counts[from] -= 1;
        if to > 0 {
            self.counts[to] += 1;
        }
        let p = self.points;
        // Index = Σ_q C(above[q] + P − q, P − q + 1); above[q] drops by one for q in to+1..=from,
        // and by Pascal's rule each term drops by C(above[q] − 1 + P − q, P − q).
        for q in to + 1..=from {
            self.above[q] -= 1;
            self.index -= BINOMIAL[self.above[q] as usize + p - q][p - q];
        }
    }

    /// Calls `f` with each result of the roll `high`-`low` (`high ≥ low`), in gnubg's
    /// move-generation order, once per play reaching it (see the module doc). An empty
    /// position has one result, itself.
    #[inline]
    pub fn for_each_result<F: FnMut(&OneSided)>(&self, high: usize, low: usize, f: &mut F) {
        if high == low {
            // Clearing a checker on p takes ceil(p / d) steps whatever the order, so the
            // steps a play can use are known; shorter dead ends of the search (its sources
            // never rise) are not plays, as gnubg drops plays that use fewer dice.
            let steps: usize = (1..=self.points)
                .map(|p| self.counts[p] as usize * p.div_ceil(high))
                .sum();
            self.doubles(high, self.points, steps.min(4) as u32, f);
        } else {
            self.two(high, low, f);
            self.two(low, high, f);
        }
    }

    #[inline(always)]
    fn two<F: FnMut(&OneSided)>(&self, first: usize, second: usize, f: &mut F) {
        let mut any = false;
        for a in (1..=self.points).rev() {
            if self.counts[a] == 0 {
                continue;
            }
            let Some(to) = self.target(a, first) else {
                continue;
            };
            any = true;
            let mut mid = *self;
            mid.step(a, to);
            let mut any2 = false;
            for b in (1..=self.points).rev() {
                if mid.counts[b] == 0 {
                    continue;
                }
                let Some(to2) = mid.target(b, second) else {
                    continue;
                };
                any2 = true;
                let mut end = mid;
                end.step(b, to2);
                f(&end);
            }
            if !any2 {
                f(&mid);
            }
        }
        if !any {
            f(self);
        }
    }

    fn doubles<F: FnMut(&OneSided)>(&self, die: usize, max: usize, left: u32, f: &mut F) {
        if left == 0 {
            f(self);
            return;
        }
        for a in (1..=max).rev() {
            if self.counts[a] == 0 {
                continue;
            }
            let Some(to) = self.target(a, die) else {
                continue;
            };
            let mut next = *self;
            next.step(a, to);
            next.doubles(die, a, left - 1, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::index;
    use super::*;
    use crate::core::dice::Dice;
    use crate::core::moves::MoveGenerator;
    use crate::core::position::{Position, Side};
    use std::collections::BTreeSet;

    /// The one-sided position as a full board: the player's checkers, no opponent on the board.
    fn board(c: &Counts, points: usize) -> Position {
        let mut b = [0i8; 26];
        for p in 1..=points {
            b[p] = c[p] as i8;
        }
        Position::from_board(Side::White, b).unwrap()
    }

    #[test]
    fn results_match_the_general_move_generator() {
        let mut generator = MoveGenerator::new();
        for points in [6usize, 9, 12] {
            let n = index::positions(points);
            for idx in (1..n).step_by((n / 1500) as usize | 1) {
                let c = index::counts(idx, points);
                let pos = OneSided::new(&c, points);
                for dice in Dice::all() {
                    let mut ours = BTreeSet::new();
                    pos.for_each_result(dice.high() as usize, dice.low() as usize, &mut |r| {
                        assert_eq!(r.index(), index::index(r.counts(), points));
                        ours.insert(r.index());
                    });
                    let theirs: BTreeSet<u32> = generator
                        .generate(&board(&c, points), dice)
                        .iter()
                        .map(|play| {
                            let b = play.result.board();
                            let mut rc = [0u8; MAX_POINTS + 1];
                            for p in 1..=points {
                                rc[p] = b[p] as u8;
                            }
                            index::index(&rc, points)
                        })
                        .collect();
                    assert_eq!(ours, theirs, "points {points} idx {idx} dice {dice}");
                }
            }
        }
    }

    #[test]
    fn doubles_visit_sources_in_non_increasing_order() {
        // Two checkers on 4 and one on 2, 2-2: the first result is 4/2/off 2/off... in gnubg's
        // order the first step moves the checker on the highest point.
        let mut c = [0u8; MAX_POINTS + 1];
        c[4] = 1;
        c[2] = 1;
        let pos = OneSided::new(&c, 6);
        let mut first = None;
        pos.for_each_result(2, 2, &mut |r| {
            first.get_or_insert(r.index());
        });
        assert_eq!(first, Some(0));
    }
}
