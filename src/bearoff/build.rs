//! Building a one-sided database: every position from the positions its plays reach.
//!
//! For each of the 21 rolls the play reaching the position with the smallest expected rolls is
//! chosen (the first such in gnubg's move order, see [`super::plays`]); the distribution is one
//! roll plus the chosen children's distributions weighted 1/36 (doubles) or 2/36. The gammon
//! distribution (first checker off) of a position with all 15 checkers chooses its own play,
//! the one minimising the expected rolls to bear the first checker off, as gnubg does; with
//! fewer than 15 checkers a checker is already off (probability 1 at k = 0).
//!
//! Every play lowers the pip count, so positions are built level by level in increasing pips;
//! the positions of one level are independent and built in parallel (rayon).

use super::database::{Database, Prob, ROLLS};
use super::index::{self, CHECKERS, Counts, MAX_POINTS};
use super::plays::OneSided;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why a build stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// More points than the index can number.
    TooManyPoints(usize),
    /// The cancel flag was raised.
    Cancelled,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::TooManyPoints(p) => {
                write!(f, "a one-sided database spans 1 to {MAX_POINTS} points, not {p}")
            }
            BuildError::Cancelled => f.write_str("the build was cancelled"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Progress reports and cancellation for long builds.
#[derive(Default, Clone, Copy)]
pub struct Control<'a> {
    /// Called after each pip level with (positions done, positions in all).
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Raised by another thread to stop the build with [`BuildError::Cancelled`].
    pub cancel: Option<&'a AtomicBool>,
}

impl Control<'_> {
    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// The positions of a database grouped by pip count, in increasing pips.
pub(crate) fn pip_levels(points: usize) -> Vec<Vec<u32>> {
    let mut levels: Vec<Vec<u32>> = vec![Vec::new(); CHECKERS * points + 1];
    fn walk(
        points: usize,
        q: usize,
        left: usize,
        above: usize,
        idx: u32,
        pips: usize,
        levels: &mut [Vec<u32>],
    ) {
        if q == 0 {
            levels[pips].push(idx);
            return;
        }
        let i = points + 1 - q;
        for n in 0..=left {
            let s = above + n;
            walk(
                points,
                q - 1,
                left - n,
                s,
                idx + index::binomial(s + i - 1, i),
                pips + n * q,
                levels,
            );
        }
    }
    walk(points, points, CHECKERS, 0, 0, 0, &mut levels);
    for level in &mut levels {
        level.sort_unstable();
    }
    levels
}

/// The 21 rolls as (high, low, weight) in gnubg's order: 11, 21, 22, 31, 32, 33, …, 66.
pub(crate) fn rolls() -> impl Iterator<Item = (usize, usize, u32)> {
    (1..=6usize).flat_map(|h| (1..=h).map(move |l| (h, l, if h == l { 1 } else { 2 })))
}

/// Builds the database for 15 checkers on `points` points (1 ≤ P ≤ 15) in the arithmetic `T`
/// (`f64` exact, `u16` gnubg-compatible), with gammon distributions.
pub fn build<T: Prob>(points: usize, control: Control<'_>) -> Result<Database<T>, BuildError> {
    if !(1..=MAX_POINTS).contains(&points) {
        return Err(BuildError::TooManyPoints(points));
    }
    let n = index::positions(points) as usize;
    let levels = pip_levels(points);
    let mut db = Database::<T>::with_capacity(points, true);
    let mut keys = vec![T::WORST; n];
    let mut gammon_keys = vec![T::WORST; n];
    let mut one = [T::default(); ROLLS];
    one[0] = T::ONE;
    db.set(0, &one, Some(&one));
    keys[0] = T::key(0, &one[..1]);
    gammon_keys[0] = keys[0];
    let mut done = 1u64;
    for level in levels.iter().skip(1) {
        if control.cancelled() {
            return Err(BuildError::Cancelled);
        }
        let built: Vec<([T; ROLLS], Option<[T; ROLLS]>)> = level
            .par_iter()
            .map(|&idx| position(&db, &keys, &gammon_keys, idx, points))
            .collect();
        for (&idx, (dist, gammon)) in level.iter().zip(&built) {
            db.set(idx, dist, gammon.as_ref());
            let (first, run) = db.run(idx);
            keys[idx as usize] = T::key(first, run);
            let (gf, grun) = db.gammon_run(idx);
            gammon_keys[idx as usize] = T::key(gf, grun);
        }
        done += level.len() as u64;
        if let Some(report) = control.progress {
            report(done, n as u64);
        }
    }
    Ok(db)
}

/// One position's distributions from its children's.
fn position<T: Prob>(
    db: &Database<T>,
    keys: &[T::Key],
    gammon_keys: &[T::Key],
    idx: u32,
    points: usize,
) -> ([T; ROLLS], Option<[T; ROLLS]>) {
    let counts: Counts = index::counts(idx, points);
    let pos = OneSided::new(&counts, points);
    let full = pos.checkers() as usize == CHECKERS;
    let mut acc = [T::Acc::default(); ROLLS];
    let mut gammon_acc = [T::Acc::default(); ROLLS];
    for (high, low, weight) in rolls() {
        let mut best = (T::WORST, 0u32);
        let mut gammon_best = (T::WORST, 0u32);
        pos.for_each_result(high, low, &mut |r| {
            let j = r.index();
            let k = keys[j as usize];
            if k < best.0 {
                best = (k, j);
            }
            if full {
                let g = gammon_keys[j as usize];
                if g < gammon_best.0 {
                    gammon_best = (g, j);
                }
            }
        });
        let (first, run) = db.run(best.1);
        T::add(&mut acc, first, run, weight);
        if full {
            let (first, run) = db.gammon_run(gammon_best.1);
            T::add(&mut gammon_acc, first, run, weight);
        }
    }
    let dist = T::finish(&acc);
    let gammon = if full {
        T::finish(&gammon_acc)
    } else {
        let mut one = [T::default(); ROLLS];
        one[0] = T::ONE;
        one
    };
    (dist, Some(gammon))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_hold_every_position_once() {
        let levels = pip_levels(4);
        let mut all: Vec<u32> = levels.concat();
        all.sort_unstable();
        assert_eq!(all, (0..index::positions(4)).collect::<Vec<_>>());
        for (pips, level) in levels.iter().enumerate() {
            for &idx in level {
                assert_eq!(index::pips(&index::counts(idx, 4), 4) as usize, pips);
            }
        }
    }

    #[test]
    fn small_positions_by_hand() {
        let db = build::<f64>(2, Control::default()).unwrap();
        // One checker on the 2 point: every roll bears it off.
        let mut c = [0u8; MAX_POINTS + 1];
        c[2] = 1;
        let d = db.dist(index::index(&c, 2));
        assert_eq!(d[1], 1.0);
        // Two on the 2 point: every roll bears both off except the five with one 1 (21: 2/off
        // 2/1, or 2/1 and 2/off).
        c[2] = 2;
        let d = db.dist(index::index(&c, 2));
        assert!((d[1] - 26.0 / 36.0).abs() < 1e-12);
        assert!((d[2] - 10.0 / 36.0).abs() < 1e-12);
        // Three on the 2 point: only the doubles 22 … 66 bear all three off at once.
        c[2] = 3;
        let d = db.dist(index::index(&c, 2));
        assert!((d[1] - 5.0 / 36.0).abs() < 1e-12);
        assert!((d[2] - 31.0 / 36.0).abs() < 1e-12);
        assert_eq!(db.gammon(index::index(&c, 2))[0], 1.0);
    }

    #[test]
    fn cancel_stops_the_build() {
        let flag = AtomicBool::new(true);
        let control = Control {
            progress: None,
            cancel: Some(&flag),
        };
        assert_eq!(
            build::<u16>(3, control).unwrap_err(),
            BuildError::Cancelled
        );
    }
}
