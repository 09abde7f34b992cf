//! The one-sided database's own cube verdict: the chance that the side on roll wins, from both
//! sides' exact one-sided distributions, made into money cubeful equities as GNU Backgammon's
//! 0-ply evaluation makes them for a position of its one-sided bear-off database.
//!
//! The rule is gnubg's (`eval.c`: `Cl2CfMoney`, `MoneyLive` and `EvalEfficiency`), after Rick
//! Janowski's "Take-Points in Money Games" (1993): the cubeful equity is the cubeless equity
//! `2p − 1` (a dead cube) and the equity of a fully live cube, weighted `1 − x` and `x`, with
//! `x` the cube efficiency — 0.6 for one-sided bear-off positions (gnubg's `rOSCubeX`). Without
//! gammons (a two-sided database has none) a live cube's equity is linear in `p` between its
//! take point 1/5 and its cash point 4/5: centred −1 up to 1/5, then up to +1 at 4/5; owned
//! from −1 at 0 to +1 at 4/5; the other side owning it −1 up to 1/5, then up to +1 at 1. The
//! decisions follow from those equities ([`CubeDecision`]): at `x` = 0.6 an initial double from
//! `p` = 2/3, a redouble from 16/23 (69.6 %), a pass from 18/23 (78.3 %).

use super::cube::{CubeDecision, CubeDecisions};

/// gnubg's cube efficiency for positions of its one-sided bear-off database (`rOSCubeX`).
pub const ONE_SIDED_CUBE_EFFICIENCY: f64 = 0.6;

/// Janowski's take point and cash point of a live cube, money play without gammons.
const TAKE_POINT: f64 = 0.2;
const CASH_POINT: f64 = 0.8;

/// The equities of a fully live cube at winning chance `p`: centred, owned by the side on
/// roll, owned by the other side.
fn live(p: f64) -> [f64; 3] {
    let centred = if p < TAKE_POINT {
        -1.0
    } else if p < CASH_POINT {
        -1.0 + 2.0 * (p - TAKE_POINT) / (CASH_POINT - TAKE_POINT)
    } else {
        1.0
    };
    let owned = if p < CASH_POINT {
        -1.0 + 2.0 * p / CASH_POINT
    } else {
        1.0
    };
    let other = if p < TAKE_POINT {
        -1.0
    } else {
        -1.0 + 2.0 * (p - TAKE_POINT) / (1.0 - TAKE_POINT)
    };
    [centred, owned, other]
}

/// Janowski's cube decisions of the side on roll at winning chance `p` with cube efficiency
/// `x` (money, no gammons).
pub fn janowski(p: f64, x: f64) -> CubeDecisions {
    let dead = 2.0 * p - 1.0;
    let [centred, owned, other] = live(p).map(|l| dead * (1.0 - x) + l * x);
    let decision = |no_double| CubeDecision {
        no_double,
        double_take: 2.0 * other,
        double_pass: 1.0,
    };
    CubeDecisions {
        centred: decision(centred),
        owned: decision(owned),
    }
}

/// The one-sided database's cube decisions at its winning chance `p` (gnubg's 0-ply rule for
/// one-sided bear-off positions: [`janowski`] at [`ONE_SIDED_CUBE_EFFICIENCY`]).
pub fn one_sided_cube(p: f64) -> CubeDecisions {
    janowski(p, ONE_SIDED_CUBE_EFFICIENCY)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chance where `holds` turns from false to true, by bisection.
    fn threshold(holds: impl Fn(f64) -> bool) -> f64 {
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if holds(mid) { hi = mid } else { lo = mid }
        }
        hi
    }

    #[test]
    fn thresholds_at_gnubgs_one_sided_efficiency() {
        // By hand from the module doc's lines at x = 0.6 (see the doc): ND centred 2.8p − 1.4,
        // owned 2.3p − 1, DT 2 (2.3p − 1.3).
        let double = threshold(|p| one_sided_cube(p).centred.double());
        let redouble = threshold(|p| one_sided_cube(p).owned.double());
        let pass = threshold(|p| !one_sided_cube(p).centred.take());
        assert!((double - 2.0 / 3.0).abs() < 1e-12, "{double}");
        assert!((redouble - 16.0 / 23.0).abs() < 1e-12, "{redouble}");
        assert!((pass - 18.0 / 23.0).abs() < 1e-12, "{pass}");
    }

    #[test]
    fn a_dead_cube_is_the_cubeless_equity() {
        for p in [0.0, 0.1, 0.5, 0.77, 1.0] {
            let d = janowski(p, 0.0);
            assert_eq!(d.centred.no_double, 2.0 * p - 1.0);
            assert_eq!(d.owned.no_double, 2.0 * p - 1.0);
            assert_eq!(d.centred.double_take, 2.0 * (2.0 * p - 1.0));
        }
        // A dead cube: double from 50 %, pass from 75 %.
        assert!((threshold(|p| janowski(p, 0.0).centred.double()) - 0.5).abs() < 1e-12);
        assert!((threshold(|p| !janowski(p, 0.0).centred.take()) - 0.75).abs() < 1e-12);
    }

    #[test]
    fn a_live_cube_meets_its_end_points() {
        let full = |p| janowski(p, 1.0);
        assert_eq!(full(0.2).centred.no_double, -1.0);
        assert_eq!(full(0.8).centred.no_double, 1.0);
        assert_eq!(full(0.0).owned.no_double, -1.0);
        assert_eq!(full(1.0).centred.double_take, 2.0);
        assert!((full(0.6).centred.double_take / 2.0 - 0.0).abs() < 1e-12);
    }
}
