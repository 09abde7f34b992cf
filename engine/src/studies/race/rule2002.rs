//! The rule of gnubg's October 2002 generator, which produced every number in seed 001's
//! tables (see `seed-notes.md`): one play per roll serves **both** distributions (today's gnubg
//! chooses the gammon play separately), and plays are compared by a coarse integer key,
//! `floor(Σ_k k · A[k] / 2359)`, where `A` is the child's unrounded accumulator (36 × 65535 ×
//! probability): the mean × about 1000.11, truncated, so plays within about 0.001 rolls tie
//! and the first in gnubg's move order wins. Accumulation and rounding are gnubg's otherwise.
//!
//! The seed's printed "Mean" and "Var." divided by 65565 instead of 65535 and "Var." is a
//! standard deviation: [`seed_printed_moments`] reproduces them.

use crate::bearoff::one_sided::build::{BuildError, Recurrence, run_within};
use crate::bearoff::one_sided::database::{Built, Database, Prob, ROLLS};
use crate::bearoff::one_sided::index::{Counts, MAX_POINTS};
use crate::core::task::Task;

/// The divisor of the coarse key: 36 × 65535 / 2359 ≈ 1000.11 per roll.
pub const KEY_DIVISOR: u64 = 2359;

struct Rule2002(Database<u16>);

impl Recurrence for Rule2002 {
    type Key = u32;
    type Out = Built<u16>;
    const WORST: u32 = u32::MAX;
    const GAMMON_FOLLOWS: bool = true;

    fn empty_keys(&self) -> (u32, u32) {
        (0, 0)
    }

    fn same(&self, a: u32, b: u32, _gammon: bool) -> bool {
        self.0.run(a) == self.0.run(b) && self.0.gammon_run(a) == self.0.gammon_run(b)
    }

    fn prefetch(&self, idx: u32) {
        self.0.prefetch(idx);
    }

    fn prefetch_runs(&self, chosen: &[(u32, u32, u32); 21], full: bool) {
        self.0.prefetch_runs(chosen, full);
    }

    fn combine(&self, chosen: &[(u32, u32, u32); 21], full: bool) -> (Self::Out, u32, u32) {
        // Σ_k k · A[k] over the unrounded accumulator (k = 32 and beyond dropped, as gnubg).
        let mut weighted = 0u64;
        for &(b, _, w) in chosen {
            let (first, run) = self.0.run(b);
            for (i, &v) in run.iter().enumerate() {
                let k = first + i + 1;
                if k < ROLLS {
                    weighted += k as u64 * w as u64 * v as u64;
                }
            }
        }
        let (out, _, _) = self.0.combine(chosen, full);
        let key = (weighted / KEY_DIVISOR) as u32;
        (out, key, key)
    }

    fn store(&mut self, idx: u32, out: Built<u16>) {
        self.0.store_built(idx, &out);
    }
}

/// Builds a database with the 2002 rule (gnubg's integer arithmetic, `u16` values); with
/// `targets`, only what positions reachable from them need (see
/// [`build_within`](crate::bearoff::one_sided::build_within)).
pub fn build_2002(
    points: usize,
    targets: &[Counts],
    task: &Task,
) -> Result<Database<u16>, BuildError> {
    if !(1..=MAX_POINTS).contains(&points) {
        return Err(BuildError::TooManyPoints(points));
    }
    let mut db = Database::<u16>::with_capacity(points, true);
    let mut one = [0u16; ROLLS];
    one[0] = u16::ONE;
    db.set(0, &one, Some(&one));
    let mut rule = Rule2002(db);
    run_within(points, targets, &mut rule, task)?;
    Ok(rule.0)
}

/// The "Mean" and "Var." the seed printed for a distribution of raw `u16` values: divided by
/// 65565 (a typo for 65535), and the "Var." a standard deviation.
pub fn seed_printed_moments(dist: &[u16; ROLLS]) -> (f64, f64) {
    let (mut m, mut m2) = (0f64, 0f64);
    for (k, &v) in dist.iter().enumerate() {
        m += k as f64 * v as f64 / 65565.0;
        m2 += (k * k) as f64 * v as f64 / 65565.0;
    }
    (m, (m2 - m * m).max(0.0).sqrt())
}
