//! Mean and standard deviation of the rolls to bear off — per position, and as a whole
//! database (the seed's space-saving idea: 4 numbers a position instead of ~18 probabilities).
//!
//! The moments-only database is computed by exact moment recursion, without ever storing a
//! distribution: with `X = 1 + Y_r` for the child `Y_r` chosen for roll `r`,
//! `E[X] = Σ_r w_r/36 · (1 + E[Y_r])` and `E[X²] = Σ_r w_r/36 · (Var Y_r + (1 + E[Y_r])²)`.
//! The play chosen for each roll is the one with the smallest mean (the gammon moments choose
//! their own play by the smallest gammon mean), as gnubg's `makebearoff -n` does. Values are
//! computed in `f64` and stored as `f32`, the precision of gnubg's normal-approximation files.

use super::build::{BuildError, Recurrence, run};
use super::database::ROLLS;
use super::index::{self, MAX_POINTS};
use crate::core::task::Task;

/// Mean and standard deviation of both distributions of a position, in rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
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
    let mean: f64 = dist
        .iter()
        .enumerate()
        .map(|(k, p)| k as f64 * p)
        .sum::<f64>()
        / total;
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

impl Recurrence for MomentDatabase {
    type Key = f32;
    type Out = [f32; 4];
    const WORST: f32 = f32::INFINITY;

    fn empty_keys(&self) -> (f32, f32) {
        (0.0, 0.0)
    }

    fn same(&self, a: u32, b: u32, gammon: bool) -> bool {
        let (ma, mb) = (&self.moments[a as usize], &self.moments[b as usize]);
        let i = if gammon { 2 } else { 0 };
        ma[i..i + 2] == mb[i..i + 2]
    }

    fn prefetch(&self, _idx: u32) {}

    fn combine(&self, chosen: &[(u32, u32, u32); 21], full: bool) -> ([f32; 4], f32, f32) {
        let (mut mean, mut second, mut gmean, mut gsecond) = (0f64, 0f64, 0f64, 0f64);
        for &(b, g, weight) in chosen {
            let w = weight as f64 / 36.0;
            let [m, s, _, _] = self.moments[b as usize].map(f64::from);
            mean += w * (1.0 + m);
            second += w * (s * s + (1.0 + m) * (1.0 + m));
            if full {
                let [_, _, gm, gs] = self.moments[g as usize].map(f64::from);
                gmean += w * (1.0 + gm);
                gsecond += w * (gs * gs + (1.0 + gm) * (1.0 + gm));
            }
        }
        let sd = (second - mean * mean).max(0.0).sqrt();
        let gsd = (gsecond - gmean * gmean).max(0.0).sqrt();
        let out = [mean as f32, sd as f32, gmean as f32, gsd as f32];
        (out, out[0], out[2])
    }

    fn store(&mut self, idx: u32, out: [f32; 4]) {
        self.moments[idx as usize] = out;
    }
}

/// Builds the moments-only database for 15 checkers on `points` points by moment recursion.
pub fn build_moments(points: usize, task: &Task) -> Result<MomentDatabase, BuildError> {
    if !(1..=MAX_POINTS).contains(&points) {
        return Err(BuildError::TooManyPoints(points));
    }
    let n = index::positions(points) as usize;
    let mut db = MomentDatabase {
        points,
        moments: vec![[0f32; 4]; n],
    };
    run(points, &mut db, task)?;
    Ok(db)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::one_sided::build;

    #[test]
    fn moment_recursion_agrees_with_the_full_distributions() {
        let full = build::build::<f64>(4, &Task::new()).unwrap();
        let mdb = build_moments(4, &Task::new()).unwrap();
        for idx in 0..index::positions(4) {
            let exact = Moments::of(&full.dist_f64(idx)).with_gammon(&full.gammon_f64(idx));
            let m = mdb.get(idx);
            assert!((exact.mean - m.mean).abs() < 1e-5, "idx {idx}");
            assert!((exact.sd - m.sd).abs() < 1e-4, "idx {idx}: {exact:?} {m:?}");
            assert!(
                (exact.gammon_mean - m.gammon_mean).abs() < 1e-5,
                "idx {idx}"
            );
            assert!((exact.gammon_sd - m.gammon_sd).abs() < 1e-4, "idx {idx}");
        }
    }
}
