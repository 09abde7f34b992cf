//! A one-sided bear-off database held in memory: for every position (by gnubg index) the
//! distribution of the rolls needed to bear all checkers off, and of the rolls needed to bear
//! the first checker off (the gammon distribution), k = 0 … 31.
//!
//! Each distribution is kept as its run from the first to the last non-zero entry, as in
//! gnubg's compressed files. The entries are either exact `f64` probabilities or gnubg's `u16`
//! values scaled by 65535 (see [`Prob`]).

use super::index;

/// Rolls a distribution covers: k = 0 … 31 (gnubg's limit; later rolls are dropped).
pub const ROLLS: usize = 32;

/// A probability as stored in a database: `f64` for the exact arithmetic, `u16` (× 65535) for
/// gnubg's integer arithmetic.
pub trait Prob:
    Copy + Default + PartialEq + PartialOrd + Send + Sync + std::fmt::Debug + 'static
{
    /// What moves are compared by (smaller is better): the expected rolls, for `u16` as gnubg's
    /// `Σ k · u[k]`.
    type Key: Copy + PartialOrd + Send + Sync;
    /// The sum of 36 weighted child distributions.
    type Acc: Copy + Default + Send + Sync;
    /// Probability one.
    const ONE: Self;
    /// A key larger than any real one.
    const WORST: Self::Key;
    /// The key of a distribution given as its run starting at roll `first`.
    fn key(first: usize, run: &[Self]) -> Self::Key;
    /// Adds `weight` (1 for doubles, 2 otherwise) times `run` shifted by one roll; the last
    /// slot collects k = 32, which is dropped as gnubg does.
    fn add(acc: &mut [Self::Acc; ROLLS + 1], first: usize, run: &[Self], weight: u32);
    /// Turns the sum of 36 weighted children into a distribution.
    fn finish(acc: &[Self::Acc; ROLLS + 1]) -> [Self; ROLLS];
    /// [`Prob::finish`] when every entry of `acc` outside `lo..hi` (`hi ≤ ROLLS`) is zero.
    fn finish_within(acc: &[Self::Acc; ROLLS + 1], lo: usize, hi: usize) -> [Self; ROLLS] {
        let _ = (lo, hi);
        Self::finish(acc)
    }
    /// The value as a probability.
    fn to_f64(self) -> f64;
}

impl Prob for f64 {
    type Key = f64;
    type Acc = f64;
    const ONE: f64 = 1.0;
    const WORST: f64 = f64::INFINITY;

    #[inline(always)]
    fn key(first: usize, run: &[f64]) -> f64 {
        run.iter()
            .enumerate()
            .map(|(i, &p)| (first + i) as f64 * p)
            .sum()
    }

    #[inline(always)]
    fn add(acc: &mut [f64; ROLLS + 1], first: usize, run: &[f64], weight: u32) {
        let w = weight as f64;
        let dst = &mut acc[first + 1..first + 1 + run.len()];
        for (a, &p) in dst.iter_mut().zip(run) {
            *a += w * p;
        }
    }

    fn finish(acc: &[f64; ROLLS + 1]) -> [f64; ROLLS] {
        std::array::from_fn(|k| acc[k] / 36.0)
    }

    fn to_f64(self) -> f64 {
        self
    }
}

/// gnubg's integer method: children summed with weight 1 for doubles and 2 otherwise, each sum
/// rounded as `(Σ + 18) / 36`, and the largest entry (the first on ties) adjusted so the total
/// is exactly 65535; moves compared by `Σ k · u[k]`.
impl Prob for u16 {
    type Key = u32;
    type Acc = u32;
    const ONE: u16 = u16::MAX;
    const WORST: u32 = u32::MAX;

    #[inline(always)]
    fn key(first: usize, run: &[u16]) -> u32 {
        run.iter()
            .enumerate()
            .map(|(i, &p)| (first + i) as u32 * p as u32)
            .sum()
    }

    #[inline(always)]
    fn add(acc: &mut [u32; ROLLS + 1], first: usize, run: &[u16], weight: u32) {
        let dst = &mut acc[first + 1..first + 1 + run.len()];
        for (a, &p) in dst.iter_mut().zip(run) {
            *a += weight * p as u32;
        }
    }

    fn finish(acc: &[u32; ROLLS + 1]) -> [u16; ROLLS] {
        Self::finish_within(acc, 0, ROLLS)
    }

    #[inline(always)]
    fn finish_within(acc: &[u32; ROLLS + 1], lo: usize, hi: usize) -> [u16; ROLLS] {
        // Outside lo..hi every entry rounds to 0, and the first largest entry lies inside.
        let mut out = [0u16; ROLLS];
        let mut total = 0i64;
        let mut mode = lo;
        for i in lo..hi {
            out[i] = ((acc[i] + 18) / 36) as u16;
            total += out[i] as i64;
            if out[i] > out[mode] {
                mode = i;
            }
        }
        out[mode] = out[mode].wrapping_sub((total - 65535) as u16);
        out
    }

    fn to_f64(self) -> f64 {
        self as f64 / 65535.0
    }
}

/// Where one position's two runs lie in the data area.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Offset of the bear-off run in the data area (the gammon run follows it).
    pub offset: u32,
    /// First roll of the bear-off run.
    pub first: u8,
    /// Length of the bear-off run.
    pub len: u8,
    /// First roll of the gammon run.
    pub gammon_first: u8,
    /// Length of the gammon run (0 in a database without gammon distributions).
    pub gammon_len: u8,
}

/// The first and last non-zero entries of a distribution as (first, length); (0, 1) for an
/// all-zero one, as gnubg writes it.
pub fn run_of<T: Prob>(dist: &[T; ROLLS]) -> (usize, usize) {
    let zero = T::default();
    let Some(last) = dist.iter().rposition(|&p| p != zero) else {
        return (0, 1);
    };
    let first = dist.iter().position(|&p| p != zero).unwrap_or(0);
    (first, last - first + 1)
}

/// The two distributions of one position with their runs, computed before storing (the runs
/// are found by the parallel part of a build, the sequential store only copies).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Built<T> {
    pub dist: [T; ROLLS],
    pub gammon: [T; ROLLS],
    run: (u8, u8),
    gammon_run: (u8, u8),
}

impl<T: Prob> Built<T> {
    /// The position's bear-off and gammon distributions.
    #[inline]
    pub fn new(dist: [T; ROLLS], gammon: [T; ROLLS]) -> Built<T> {
        let (f, l) = run_of(&dist);
        let (gf, gl) = run_of(&gammon);
        Built {
            dist,
            gammon,
            run: (f as u8, l as u8),
            gammon_run: (gf as u8, gl as u8),
        }
    }
}

/// One-sided bear-off database for 15 checkers on `points` points.
#[derive(Clone, Debug)]
pub struct Database<T> {
    points: usize,
    gammon: bool,
    entries: Vec<Entry>,
    data: Vec<T>,
}

impl<T: Prob> Database<T> {
    /// An empty database to be filled with [`Database::set`] (every index must be set).
    pub(crate) fn with_capacity(points: usize, gammon: bool) -> Database<T> {
        let n = index::positions(points) as usize;
        Database {
            points,
            gammon,
            entries: vec![Entry::default(); n],
            data: Vec::with_capacity(n * 12),
        }
    }

    /// Builds a database from its parts (used by the file reader).
    pub(crate) fn from_parts(
        points: usize,
        gammon: bool,
        entries: Vec<Entry>,
        data: Vec<T>,
    ) -> Database<T> {
        Database {
            points,
            gammon,
            entries,
            data,
        }
    }

    /// Stores the distributions of position `idx`.
    pub(crate) fn set(&mut self, idx: u32, dist: &[T; ROLLS], gammon: Option<&[T; ROLLS]>) {
        let (first, len) = run_of(dist);
        let offset = self.data.len() as u32;
        self.data.extend_from_slice(&dist[first..first + len]);
        let (gammon_first, gammon_len) = match gammon {
            Some(g) if self.gammon => {
                let (gf, gl) = run_of(g);
                self.data.extend_from_slice(&g[gf..gf + gl]);
                (gf, gl)
            }
            _ => (0, 0),
        };
        self.entries[idx as usize] = Entry {
            offset,
            first: first as u8,
            len: len as u8,
            gammon_first: gammon_first as u8,
            gammon_len: gammon_len as u8,
        };
    }

    /// Stores position `idx` as [`Database::set`] does, its runs already found.
    #[inline]
    pub(crate) fn store_built(&mut self, idx: u32, b: &Built<T>) {
        let (first, len) = (b.run.0 as usize, b.run.1 as usize);
        let offset = self.data.len() as u32;
        self.data.extend_from_slice(&b.dist[first..first + len]);
        let (gammon_first, gammon_len) = if self.gammon {
            let (gf, gl) = (b.gammon_run.0 as usize, b.gammon_run.1 as usize);
            self.data.extend_from_slice(&b.gammon[gf..gf + gl]);
            b.gammon_run
        } else {
            (0, 0)
        };
        self.entries[idx as usize] = Entry {
            offset,
            first: b.run.0,
            len: b.run.1,
            gammon_first,
            gammon_len,
        };
    }

    /// Points the database spans.
    pub fn points(&self) -> usize {
        self.points
    }

    /// The same database without its gammon distributions (gnubg's `makebearoff -g`).
    pub fn without_gammon(&self) -> Database<T> {
        let mut db = Database::with_capacity(self.points, false);
        for idx in 0..self.len() as u32 {
            db.set(idx, &self.dist(idx), None);
        }
        db
    }

    /// True when it holds gammon distributions.
    pub fn has_gammon(&self) -> bool {
        self.gammon
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True for a database without positions (never the case once built).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Bytes the database takes in memory.
    pub fn memory_bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
            + self.data.len() * std::mem::size_of::<T>()
    }

    /// The run layout of position `idx`.
    pub fn entry(&self, idx: u32) -> Entry {
        self.entries[idx as usize]
    }

    /// The run layout of position `idx`, in place.
    pub(crate) fn entry_ref(&self, idx: u32) -> &Entry {
        &self.entries[idx as usize]
    }

    /// The bear-off run of `idx`: (first roll, values).
    #[inline(always)]
    pub fn run(&self, idx: u32) -> (usize, &[T]) {
        let e = &self.entries[idx as usize];
        let o = e.offset as usize;
        (e.first as usize, &self.data[o..o + e.len as usize])
    }

    /// The gammon run of `idx`: (first roll, values); empty without gammon distributions.
    #[inline(always)]
    pub fn gammon_run(&self, idx: u32) -> (usize, &[T]) {
        let e = &self.entries[idx as usize];
        let o = e.offset as usize + e.len as usize;
        (
            e.gammon_first as usize,
            &self.data[o..o + e.gammon_len as usize],
        )
    }

    /// P(all checkers off in exactly k rolls), k = 0 … 31.
    pub fn dist(&self, idx: u32) -> [T; ROLLS] {
        expand(self.run(idx))
    }

    /// P(first checker off in exactly k rolls), k = 0 … 31 (all zero without gammon data).
    pub fn gammon(&self, idx: u32) -> [T; ROLLS] {
        expand(self.gammon_run(idx))
    }

    /// The bear-off distribution as probabilities.
    pub fn dist_f64(&self, idx: u32) -> [f64; ROLLS] {
        self.dist(idx).map(Prob::to_f64)
    }

    /// The gammon distribution as probabilities.
    pub fn gammon_f64(&self, idx: u32) -> [f64; ROLLS] {
        self.gammon(idx).map(Prob::to_f64)
    }
}

fn expand<T: Prob>((first, run): (usize, &[T])) -> [T; ROLLS] {
    let mut d = [T::default(); ROLLS];
    d[first..first + run.len()].copy_from_slice(run);
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnubg_rounding_fixes_the_total_on_the_first_largest_entry() {
        // Three equal thirds of 36·65535: each rounds to 21845, total 65535 already.
        let mut acc = [0u32; ROLLS + 1];
        acc[1] = 12 * 65535;
        acc[2] = 12 * 65535;
        acc[3] = 12 * 65535;
        let d = <u16 as Prob>::finish(&acc);
        assert_eq!(d[1..4], [21845, 21845, 21845]);
        // Values that round up: the excess comes off the first largest entry.
        let mut acc = [0u32; ROLLS + 1];
        acc[1] = 36 * 30000 + 18;
        acc[2] = 36 * 35534 + 18;
        let d = <u16 as Prob>::finish(&acc);
        assert_eq!((d[1], d[2]), (30001, 35534));
        assert_eq!(d.iter().map(|&x| x as u32).sum::<u32>(), 65535);
    }

    #[test]
    fn runs_skip_leading_and_trailing_zeros() {
        let mut d = [0u16; ROLLS];
        d[3] = 5;
        d[5] = 7;
        assert_eq!(run_of(&d), (3, 3));
        assert_eq!(run_of(&[0u16; ROLLS]), (0, 1));
    }
}
