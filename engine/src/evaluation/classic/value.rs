//! The seed's two board values: BRDVAL (computed by its routine GBRD) and GBRDVAL.

use super::features::Features;
use super::terms::{SEED_TERM_COUNT, SideFeatures, TERM_COUNT};
use super::weights::Weights;

/// The addends wᵢ·Vᵢ of one side's terms (the seed's V1…, and BV1… for the chosen move); 0
/// for the terms off.
#[inline]
pub fn addends(w: &Weights, v: &SideFeatures) -> [f64; TERM_COUNT] {
    // `+ 0.0` turns a negative zero (a negative weight times 0) into 0.
    std::array::from_fn(|i| w.values()[i] * v[i] as f64 + 0.0)
}

/// BRDVAL (the seed's GBRD): Σ wᵢ·Vᵢ of one side's own terms — the value that ranks the
/// results of a move, with `v` the terms of the side that moved. WSINCL inside `v` already
/// looks at the opponent's checkers as hitters. The seed's eleven are summed in the seed's
/// order, then the extras on, so the seed's program gives the same numbers bit for bit.
#[inline]
pub fn brdval(w: &Weights, v: &SideFeatures) -> f64 {
    let ws = w.values();
    let mut s = 0.0;
    for (wi, &vi) in ws[..SEED_TERM_COUNT].iter().zip(&v[..SEED_TERM_COUNT]) {
        s += wi * vi as f64;
    }
    if w.terms().has_extras() {
        for t in w.terms().extras() {
            s += ws[t.index()] * v[t.index()] as f64;
        }
    }
    s
}

/// GBRDVAL: Σ wᵢ·(Vᵢ(own) − Vᵢ(opponent)) — who is winning, from the view of `own`. Used only
/// for learning.
#[inline]
pub fn gbrdval(w: &Weights, f: &Features) -> f64 {
    let ws = w.values();
    let mut s = 0.0;
    let seed = ..SEED_TERM_COUNT;
    for ((wi, &own), &opp) in ws[seed].iter().zip(&f.own[seed]).zip(&f.opp[seed]) {
        s += wi * (own - opp) as f64;
    }
    for t in w.terms().extras() {
        let i = t.index();
        s += ws[i] * (f.own[i] - f.opp[i]) as f64;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::{Position, Side};
    use crate::evaluation::classic::terms::Term;

    #[test]
    fn values_by_hand() {
        let mut w = Weights::zero();
        w.set(Term::Points, 2.0);
        w.set(Term::ToGo, -0.5);
        let f = Features::of(&Position::opening(Side::White));
        // 4 points × 2 − 77 pips × 0.5
        assert_eq!(brdval(&w, &f.own), 8.0 - 38.5);
        assert_eq!(addends(&w, &f.own)[Term::Points.index()], 8.0);
        assert_eq!(addends(&w, &f.own).iter().sum::<f64>(), brdval(&w, &f.own));
        // The opening is even.
        assert_eq!(gbrdval(&w, &f), 0.0);
        // GBRDVAL changes sign with the view.
        let mut b = *Position::opening(Side::White).board();
        b[13] -= 2;
        b[7] += 1;
        b[5] += 1;
        let p = Position::from_board(Side::White, b).unwrap();
        let g = gbrdval(&w, &Features::of(&p));
        assert_eq!(g, -gbrdval(&w, &Features::of(&p.mirror())));
        // 13/7 13/5: own pips to home 77 − 6 − 7 = 64, so −0.5 × (64 − 77) = +6.5; the points
        // made are unchanged (13 keeps three checkers).
        assert_eq!(g, 6.5);
    }
}
