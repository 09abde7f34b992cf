//! The approximate methods the study measures, for pairs of positions of a two-sided database:
//! the one-sided method (both distributions exact, the sides independent, `chances::win`) and
//! the normal approximation of both distributions from their mean and standard deviation, in
//! the seed's density form and in the interval form ([`normal::Form`]).

use crate::bearoff::one_sided::database::{Database, ROLLS};
use crate::bearoff::one_sided::moments::mean_sd;
use crate::studies::race::normal::{self, Form};

/// An approximate way to the chance of the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Both sides' exact one-sided distributions (each side minimising its expected rolls).
    OneSided,
    /// Normal densities at each whole k from the exact mean and sd (the seed's figure).
    NormalDensity,
    /// Normal intervals `Φ(k + ½) − Φ(k − ½)` from the exact mean and sd.
    NormalInterval,
}

impl Method {
    /// The three, in the order of [`Methods::chances`].
    pub const ALL: [Method; 3] = [
        Method::OneSided,
        Method::NormalDensity,
        Method::NormalInterval,
    ];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Method::OneSided => "one-sided",
            Method::NormalDensity => "normal density",
            Method::NormalInterval => "normal interval",
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// Each method's distribution of every position below a bound, with its tail sums, so a
/// pair's chance is one 32-term dot product: `Σ_i P_me(i) · Σ_{j ≥ i} P_opp(j)`.
pub struct Methods {
    dist: Vec<[[f64; ROLLS]; 3]>,
    tail: Vec<[[f64; ROLLS]; 3]>,
}

impl Methods {
    /// The distributions of positions `0..positions` of `one_sided` (which must hold them).
    pub fn new(one_sided: &Database<f64>, positions: u32) -> Methods {
        let n = positions.min(one_sided.len() as u32);
        let dist: Vec<[[f64; ROLLS]; 3]> = (0..n)
            .map(|i| {
                let exact = one_sided.dist_f64(i);
                let (mean, sd) = mean_sd(&exact);
                [
                    exact,
                    normal::approximate(mean, sd, Form::Density),
                    normal::approximate(mean, sd, Form::Interval),
                ]
            })
            .collect();
        let tail = dist
            .iter()
            .map(|d| {
                d.map(|p| {
                    let mut t = [0.0; ROLLS];
                    let mut sum = 0.0;
                    for k in (0..ROLLS).rev() {
                        sum += p[k];
                        t[k] = sum;
                    }
                    t
                })
            })
            .collect();
        Methods { dist, tail }
    }

    /// Positions covered.
    pub fn len(&self) -> usize {
        self.dist.len()
    }

    /// True when no position is covered.
    pub fn is_empty(&self) -> bool {
        self.dist.is_empty()
    }

    /// `method`'s chance that the side on roll at `on_roll` bears off first against `other`.
    #[inline]
    pub fn chance(&self, method: Method, on_roll: u32, other: u32) -> f64 {
        let s = method.slot();
        dot(
            &self.dist[on_roll as usize][s],
            &self.tail[other as usize][s],
        )
    }

    /// The three methods' chances, in the order of [`Method::ALL`].
    #[inline]
    pub fn chances(&self, on_roll: u32, other: u32) -> [f64; 3] {
        let (d, t) = (&self.dist[on_roll as usize], &self.tail[other as usize]);
        [dot(&d[0], &t[0]), dot(&d[1], &t[1]), dot(&d[2], &t[2])]
    }
}

/// A 32-term dot product in four lanes (the compiler keeps them in vector registers).
#[inline(always)]
fn dot(a: &[f64; ROLLS], b: &[f64; ROLLS]) -> f64 {
    let mut lanes = [0.0; 4];
    for (x, y) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
        for l in 0..4 {
            lanes[l] += x[l] * y[l];
        }
    }
    (lanes[0] + lanes[1]) + (lanes[2] + lanes[3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::one_sided::build::build;
    use crate::bearoff::one_sided::chances;
    use crate::core::task::Task;

    #[test]
    fn chances_are_the_one_sided_formulas() {
        let db = build::<f64>(3, &Task::new()).unwrap();
        let m = Methods::new(&db, 20);
        assert_eq!(m.len(), 20);
        for a in 0..20 {
            for b in 0..20 {
                let (da, db_) = (db.dist_f64(a), db.dist_f64(b));
                let exact = chances::win(&da, &db_);
                assert!((m.chance(Method::OneSided, a, b) - exact).abs() < 1e-14);
                let (ma, sa) = mean_sd(&da);
                let (mb, sb) = mean_sd(&db_);
                let dens = chances::win(
                    &normal::approximate(ma, sa, Form::Density),
                    &normal::approximate(mb, sb, Form::Density),
                );
                let [one, d, _] = m.chances(a, b);
                assert_eq!(one, m.chance(Method::OneSided, a, b));
                assert!((d - dens).abs() < 1e-14, "{a} {b}");
            }
        }
    }
}
