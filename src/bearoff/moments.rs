//! Mean and standard deviation of the rolls to bear off — per position, and as a whole
//! database (the seed's space-saving idea: 4 numbers a position instead of ~18 probabilities).
//!
//! The moments-only database is computed by exact moment recursion, without ever storing a
//! distribution: with `X = 1 + Y_r` for the child `Y_r` chosen for roll `r`,
//! `E[X] = Σ_r w_r/36 · (1 + E[Y_r])` and `E[X²] = Σ_r w_r/36 · (Var Y_r + (1 + E[Y_r])²)`.
//! The play chosen for each roll is the one with the smallest mean (the gammon moments choose
//! their own play by the smallest gammon mean), as gnubg's `makebearoff -n` does. Values are
//! computed in `f64` and stored as `f32`, the precision of gnubg's normal-approximation files.

use super::build::{BuildError, Control, pip_levels, rolls};
use super::database::ROLLS;
use super::index::{self, CHECKERS, MAX_POINTS};
use super::plays::OneSided;
use rayon::prelude::*;

/// Mean and standard deviation of both distributions of a position, in rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    /// Mean rolls to bear all checkers off.
    pub mean: f64,
    /// Their standard deviation.
    pub sd: f64,
    /// Mean rolls to bear the first checker off (0 when one is already off).
    pub gammon_mean: f64,
    /// Their standard deviation.
    pub gammon_sd: f64,
}

/// Mean and standard deviation of a distribution over k = 0 … 31.
pub fn mean_sd(dist: &[f64; ROLLS]) -> (f64, f64) {
    let total: f64 = dist.iter().sum();
    let mean: f64 = dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>() / total;
    let var: f64 = dist
        .iter()
        .enumerate()
        .map(|(k, p)| (k as f64 - mean).powi(2) * p)
        .sum::<f64>()
        / total;
    (mean, var.max(0.0).sqrt())
}

impl Moments {
    /// The moments of a bear-off distribution (gammon moments zero).
    pub fn of(dist: &[f64; ROLLS]) -> Moments {
        let (mean, sd) = mean_sd(dist);
        Moments {
            mean,
            sd,
            ..Moments::default()
        }
    }

    /// The same with the gammon moments of `gammon`.
    pub fn with_gammon(self, gammon: &[f64; ROLLS]) -> Moments {
        let (gammon_mean, gammon_sd) = mean_sd(gammon);
        Moments {
            gammon_mean,
            gammon_sd,
            ..self
        }
    }
}

/// A moments-only one-sided database: 4 `f32` a position (mean, sd, gammon mean, gammon sd).
#[derive(Clone, Debug)]
pub struct MomentDatabase {
    points: usize,
    moments: Vec<[f32; 4]>,
}

impl MomentDatabase {
    pub(crate) fn from_parts(points: usize, moments: Vec<[f32; 4]>) -> MomentDatabase {
        MomentDatabase { points, moments }
    }

    /// Points the database spans.
    pub fn points(&self) -> usize {
        self.points
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.moments.len()
    }

    /// True for a database without positions.
    pub fn is_empty(&self) -> bool {
        self.moments.is_empty()
    }

    /// Bytes it takes in memory (and, plus 40, on disk).
    pub fn memory_bytes(&self) -> usize {
        self.moments.len() * 16
    }

    /// The moments of position `idx`.
    pub fn get(&self, idx: u32) -> Moments {
        let [mean, sd, gammon_mean, gammon_sd] = self.moments[idx as usize].map(f64::from);
        Moments {
            mean,
            sd,
            gammon_mean,
            gammon_sd,
        }
    }
}

/// Builds the moments-only database for 15 checkers on `points` points by moment recursion.
pub fn build_moments(points: usize, control: Control<'_>) -> Result<MomentDatabase, BuildError> {
    if !(1..=MAX_POINTS).contains(&points) {
        return Err(BuildError::TooManyPoints(points));
    }
    let n = index::positions(points) as usize;
    let levels = pip_levels(points);
    let mut moments = vec![[0f32; 4]; n];
    let mut done = 1u64;
    for level in levels.iter().skip(1) {
        if control.cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
            return Err(BuildError::Cancelled);
        }
        let built: Vec<[f32; 4]> = level
            .par_iter()
            .map(|&idx| position(&moments, idx, points))
            .collect();
        for (&idx, m) in level.iter().zip(built) {
            moments[idx as usize] = m;
        }
        done += level.len() as u64;
        if let Some(report) = control.progress {
            report(done, n as u64);
        }
    }
    Ok(MomentDatabase { points, moments })
}

fn position(moments: &[[f32; 4]], idx: u32, points: usize) -> [f32; 4] {
    let pos = OneSided::new(&index::counts(idx, points), points);
    let full = pos.checkers() as usize == CHECKERS;
    let (mut mean, mut second, mut gmean, mut gsecond) = (0f64, 0f64, 0f64, 0f64);
    for (high, low, weight) in rolls() {
        let w = weight as f64 / 36.0;
        let mut best = (f32::INFINITY, 0usize);
        let mut gbest = (f32::INFINITY, 0usize);
        pos.for_each_result(high, low, &mut |r| {
            let j = r.index() as usize;
            let m = &moments[j];
            if m[0] < best.0 {
                best = (m[0], j);
            }
            if m[2] < gbest.0 {
                gbest = (m[2], j);
            }
        });
        let [m, s, _, _] = moments[best.1].map(f64::from);
        mean += w * (1.0 + m);
        second += w * (s * s + (1.0 + m) * (1.0 + m));
        if full {
            let [_, _, gm, gs] = moments[gbest.1].map(f64::from);
            gmean += w * (1.0 + gm);
            gsecond += w * (gs * gs + (1.0 + gm) * (1.0 + gm));
        }
    }
    let sd = (second - mean * mean).max(0.0).sqrt();
    let gsd = (gsecond - gmean * gmean).max(0.0).sqrt();
    [mean as f32, sd as f32, gmean as f32, gsd as f32]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::build;

    #[test]
    fn moment_recursion_agrees_with_the_full_distributions() {
        let full = build::build::<f64>(4, Control::default()).unwrap();
        let mdb = build_moments(4, Control::default()).unwrap();
        for idx in 0..index::positions(4) {
            let exact = Moments::of(&full.dist_f64(idx)).with_gammon(&full.gammon_f64(idx));
            let m = mdb.get(idx);
            assert!((exact.mean - m.mean).abs() < 1e-5, "idx {idx}");
            assert!((exact.sd - m.sd).abs() < 1e-4, "idx {idx}: {exact:?} {m:?}");
            assert!((exact.gammon_mean - m.gammon_mean).abs() < 1e-5, "idx {idx}");
            assert!((exact.gammon_sd - m.gammon_sd).abs() < 1e-4, "idx {idx}");
        }
    }
}
