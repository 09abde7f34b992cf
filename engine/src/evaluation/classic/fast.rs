//! A table-driven BRDVAL for the hot path of games (duels, self-play).
//!
//! Most terms add up point by point: for weights `w`, the contribution of `n` checkers on point
//! `p` to BRDVAL is fixed, so it is tabulated once per set of weights and a result's value is
//! 25 table reads plus the two terms that are not point-local — adjacent made points (a bit
//! mask) and WSINCL (the [`Threats`] table of the position before the move, exact for every
//! result that hit nothing). The sum is the same as [`super::value::brdval`] up to rounding;
//! the player re-checks near-ties with the exact value so its choice never depends on it.

use super::features::{Threats, side_features};
use super::terms::{ODDS, SEED_TERM_COUNT, Term};
use super::value::brdval;
use super::weights::Weights;
use crate::core::moves::Move;
use crate::core::position::BAR;

/// Checkers counted per point in the table (15 is all of a side's).
const MAX_N: usize = 16;

/// BRDVAL tabulated for one set of weights.
#[derive(Clone, Debug)]
pub struct ValueTable {
    weights: Weights,
    point: Box<[[f64; MAX_N]; 26]>,
}

impl ValueTable {
    /// The table for `weights`.
    pub fn new(weights: &Weights) -> ValueTable {
        let w = |t: Term| weights.get(t);
        let mut point = Box::new([[0.0; MAX_N]; 26]);
        for p in 1..=24usize {
            for n in 1..MAX_N {
                let nf = n as f64;
                let mut v = 0.0;
                if n == 1 {
                    v += w(Term::Blots);
                } else {
                    v += w(Term::Points);
                    if p <= 6 {
                        v += w(Term::HomePoints);
                    }
                }
                if p >= 22 {
                    v += nf * w(Term::First3);
                }
                if p >= 19 {
                    v += nf * w(Term::First6);
                }
                if p >= 13 {
                    v += nf * w(Term::First12);
                }
                if p <= 6 {
                    v += nf * w(Term::Home);
                } else {
                    v += nf * (p as f64 - 6.0) * w(Term::ToGo);
                }
                point[p][n] = v;
            }
        }
        for n in 1..MAX_N {
            point[BAR][n] = n as f64 * (w(Term::Bar) + 19.0 * w(Term::ToGo));
        }
        ValueTable {
            weights: *weights,
            point,
        }
    }

    /// The weights tabulated.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The point-local part of BRDVAL of `b` and its masks of made points and blots, from which
    /// [`ValueTable::value_after`] evaluates the results of a move cheaply.
    pub fn base(&self, b: &[i8; 26]) -> Base {
        let (local, made, blots) = self.point_local(b);
        Base {
            board: *b,
            local,
            made,
            blots,
        }
    }

    /// The point-local sum of `b` with its masks of made points and blots (the bar excluded).
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // p is a point number
    fn point_local(&self, b: &[i8; 26]) -> (f64, u32, u32) {
        let mut v = 0.0;
        let mut made = 0u32;
        let mut blots = 0u32;
        for p in 1..=25usize {
            let n = b[p].max(0) as usize & (MAX_N - 1);
            v += self.point[p][n];
            made |= ((n >= 2) as u32) << p;
            blots |= ((n == 1) as u32) << p;
        }
        (v, made & !(1 << BAR), blots & !(1 << BAR))
    }

    /// BRDVAL of `b`, the result of `mv` played from `base`: only the points the move touched
    /// are re-read. `threats` as in [`ValueTable::value`].
    #[inline]
    pub fn value_after(
        &self,
        base: &Base,
        mv: &Move,
        b: &[i8; 26],
        threats: Option<&Threats>,
    ) -> f64 {
        let mut touched = 0u32;
        for s in mv.steps() {
            touched |= 1 << s.from | 1 << s.to;
        }
        touched &= !1; // index 0: borne off (or the opponent's bar), no own checkers
        let mut v = base.local;
        let mut made = base.made;
        let mut blots = base.blots;
        while touched != 0 {
            let p = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let old = base.board[p].max(0) as usize & (MAX_N - 1);
            let new = b[p].max(0) as usize & (MAX_N - 1);
            v += self.point[p][new] - self.point[p][old];
            if p != BAR {
                made = made & !(1 << p) | ((new >= 2) as u32) << p;
                blots = blots & !(1 << p) | ((new == 1) as u32) << p;
            }
        }
        v + self.masks_value(b, made, blots, threats) + self.extras(b)
    }

    /// The extra terms on, counted directly (0 for the seed's program).
    #[inline(always)]
    fn extras(&self, b: &[i8; 26]) -> f64 {
        if !self.weights.terms().has_extras() {
            return 0.0;
        }
        let mut v = [0; super::terms::TERM_COUNT];
        super::extra::add_values(b, self.weights.terms(), &mut v);
        self.weights
            .terms()
            .extras()
            .map(|t| self.weights.get(t) * v[t.index()] as f64)
            .sum()
    }

    /// The two terms that are not point-local: adjacent made points and WSINCL.
    #[inline(always)]
    fn masks_value(
        &self,
        b: &[i8; 26],
        made: u32,
        mut blots: u32,
        threats: Option<&Threats>,
    ) -> f64 {
        let adjacent = (made & (made >> 1)).count_ones();
        let mut exposure = 0;
        while blots != 0 {
            let p = blots.trailing_zeros() as usize;
            blots &= blots - 1;
            exposure += match threats {
                Some(t) => t.at(p),
                None => {
                    let mut e = 0;
                    for q in p.saturating_sub(12)..p {
                        e -= b[q].min(0) as i32 * ODDS[p - q - 1];
                    }
                    e
                }
            };
        }
        adjacent as f64 * self.weights.get(Term::Adjacent)
            + exposure as f64 * self.weights.get(Term::Exposure)
    }

    /// BRDVAL of board `b` for its positive side. `threats`, when given, must describe `b`'s
    /// opposing checkers (see [`Threats`]); without it WSINCL is counted directly.
    #[cfg(test)]
    #[inline]
    pub fn value(&self, b: &[i8; 26], threats: Option<&Threats>) -> f64 {
        let (v, made, blots) = self.point_local(b);
        v + self.masks_value(b, made, blots, threats) + self.extras(b)
    }
}

/// A position prepared by [`ValueTable::base`].
#[derive(Clone, Copy, Debug)]
pub struct Base {
    board: [i8; 26],
    local: f64,
    made: u32,
    blots: u32,
}

/// The exact BRDVAL (for checking near-ties).
#[inline]
pub(crate) fn exact(weights: &Weights, b: &[i8; 26]) -> f64 {
    brdval(weights, &side_features(b, weights.terms()))
}

const _: () = assert!(SEED_TERM_COUNT == 11);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dice;
    use crate::core::moves::MoveGenerator;
    use crate::core::position::{Position, Side};

    #[test]
    fn table_value_equals_brdval() {
        let seed = Weights::from_seed([
            -4.0, -0.7, -0.05, 3.0, 0.5, 2.0, -0.5, -0.1, -0.2, 0.3, -0.2,
        ]);
        let mut extended = seed;
        for (k, t) in Term::EXTRA.into_iter().enumerate() {
            extended.set(t, 0.1 * k as f64 - 0.4);
        }
        for w in [seed, extended] {
            check_table(&w);
        }
    }

    fn check_table(w: &Weights) {
        let w = *w;
        let t = ValueTable::new(&w);
        let mut g = MoveGenerator::new();
        let mut pos = Position::opening(Side::White);
        let mut checked = 0;
        for k in 0..60 {
            let dice = Dice::all().nth(k % 21).unwrap();
            let plays = g.generate(&pos, dice).to_vec();
            if plays.is_empty() {
                pos = pos.mirror();
                continue;
            }
            let threats = Threats::of(pos.board());
            let base = t.base(pos.board());
            for p in &plays {
                let b = p.result.board();
                let fast = if b[0] == pos.board()[0] {
                    t.value(b, Some(&threats))
                } else {
                    t.value(b, None)
                };
                assert_eq!(fast, t.value(b, None));
                let inc = t.value_after(
                    &base,
                    &p.mv,
                    b,
                    (b[0] == pos.board()[0]).then_some(&threats),
                );
                assert!((inc - fast).abs() < 1e-9, "{inc} vs {fast}");
                assert!(
                    (fast - exact(&w, b)).abs() < 1e-9,
                    "{fast} vs {}",
                    exact(&w, b)
                );
                checked += 1;
            }
            pos = plays[k % plays.len()].result.mirror();
        }
        assert!(checked > 200);
    }
}
