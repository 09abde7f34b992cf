//! The rules a two-sided database is built by: the rolls, each position's results, and what
//! a pair's value is made of (exact chances, gnubg's cubeless and cubeful words).

use super::kind::Kind;
use crate::bearoff::one_sided::index;
use crate::bearoff::one_sided::plays::OneSided;
use rayon::prelude::*;

/// The 21 rolls (high die, low die) with their weight in 36.
pub const ROLLS: [(usize, usize, i32); 21] = rolls();

const fn rolls() -> [(usize, usize, i32); 21] {
    let mut r = [(0, 0, 0); 21];
    let (mut high, mut k) = (1, 0);
    while high <= 6 {
        let mut low = 1;
        while low <= high {
            r[k] = (high, low, if high == low { 1 } else { 2 });
            k += 1;
            low += 1;
        }
        high += 1;
    }
    r
}

/// For every position and roll, the distinct results of the legal plays.
pub struct Successors {
    /// `offsets[21 x + r]..offsets[21 x + r + 1]`: the results of roll `r` from `x`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Successors {
    /// The distinct results of every roll of the `n` first positions on `points` points.
    pub fn new(points: usize, n: u32) -> Successors {
        let lists: Vec<Vec<u32>> = (0..n)
            .into_par_iter()
            .flat_map_iter(|x| {
                let pos = OneSided::new(&index::counts(x, points), points);
                ROLLS.iter().map(move |&(high, low, _)| {
                    let mut found: Vec<u32> = Vec::new();
                    pos.for_each_result(high, low, &mut |r| {
                        if !found.contains(&r.index()) {
                            found.push(r.index());
                        }
                    });
                    found
                })
            })
            .collect();
        // Plays never add checkers: every result is one of the n positions (`Row::get`
        // relies on it).
        assert!(lists.iter().flatten().all(|&y| y < n));
        let mut offsets = Vec::with_capacity(lists.len() + 1);
        let mut targets = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        offsets.push(0);
        for l in lists {
            targets.extend(l);
            offsets.push(targets.len() as u32);
        }
        Successors { offsets, targets }
    }

    /// The results of roll `roll` (an index into [`ROLLS`]) from position `x`.
    #[inline(always)]
    pub fn of(&self, x: u32, roll: usize) -> &[u32] {
        let k = 21 * x as usize + roll;
        &self.targets[self.offsets[k] as usize..self.offsets[k + 1] as usize]
    }
}

/// A row of the table being built, read while other rows' threads write other cells.
pub struct Row<C> {
    pub(super) start: *const C,
    pub(super) len: usize,
}

impl<C: Copy> Row<C> {
    /// The cell of column `y`.
    #[inline(always)]
    pub fn get(&self, y: u32) -> C {
        debug_assert!((y as usize) < self.len);
        // SAFETY: every result of a position has no more checkers, so its index is below n,
        // the row's length ([`Successors::new`] checks it); the builder reads only cells of
        // finished levels, which no thread writes any more (see `build_levels`).
        unsafe { *self.start.add(y as usize) }
    }
}

/// An arithmetic: the value of a pair from the values of the pairs its plays lead to.
pub trait Rule: Sync {
    /// One pair's value, as the database stores it.
    type Cell: Copy + Send + Sync;
    /// What the build keeps of a pair: its cell, and whatever the pairs whose plays lead to it
    /// read of it, computed once when the pair is made instead of at every read.
    type Kept: Copy + Send + Sync;
    /// The side on roll has no checker left (it has won).
    const WON: Self::Kept;
    /// The other side has no checker left.
    const LOST: Self::Kept;
    /// Bytes of a cell in a checkpoint.
    const BYTES: usize;
    /// The kind of database the rule builds.
    const KIND: Kind;
    /// The value of `x` on roll, `row` the other side's row (the other side on roll).
    fn value(succ: &Successors, x: u32, row: &Row<Self::Kept>) -> Self::Kept;
    /// The cell of what the build kept.
    fn cell(kept: Self::Kept) -> Self::Cell;
    /// The cell as little-endian bytes.
    fn put(kept: Self::Kept, out: &mut Vec<u8>);
    /// What the build keeps of a cell of [`BYTES`](Self::BYTES) little-endian bytes.
    fn take(bytes: &[u8]) -> Self::Kept;
}

/// Exact chances in `f64`: the chance that the side on roll wins.
pub struct Exact;

impl Rule for Exact {
    type Cell = f64;
    type Kept = f64;
    const WON: f64 = 1.0;
    const LOST: f64 = 0.0;
    const BYTES: usize = 8;
    const KIND: Kind = Kind::Exact;

    #[inline]
    fn value(succ: &Successors, x: u32, row: &Row<f64>) -> f64 {
        let mut total = 0.0;
        for (r, &(_, _, w)) in ROLLS.iter().enumerate() {
            let worst = succ
                .of(x, r)
                .iter()
                .fold(f64::INFINITY, |m, &y| m.min(row.get(y)));
            total += w as f64 * (1.0 - worst);
        }
        total / 36.0
    }

    fn cell(kept: f64) -> f64 {
        kept
    }

    fn put(cell: f64, out: &mut Vec<u8>) {
        out.extend_from_slice(&cell.to_le_bytes());
    }

    fn take(bytes: &[u8]) -> f64 {
        f64::from_le_bytes(bytes[..8].try_into().unwrap_or([0; 8]))
    }
}

/// gnubg's cubeless arithmetic. A cell is its file word `w = s + 0x8000`, `s` the signed
/// equity (−32768 = −1, 32767 = +1): the best play per roll has `~s` largest, i.e. `w`
/// smallest; the sum of the 21 rolls, weighted, is divided by 36 truncating toward zero.
pub struct GnubgCubeless;

impl Rule for GnubgCubeless {
    type Cell = u16;
    type Kept = u16;
    const WON: u16 = 0xFFFF;
    const LOST: u16 = 0;
    const BYTES: usize = 2;
    const KIND: Kind = Kind::Cubeless;

    #[inline]
    fn value(succ: &Successors, x: u32, row: &Row<u16>) -> u16 {
        let mut total = 0i32;
        for (r, &(_, _, w)) in ROLLS.iter().enumerate() {
            let least = succ
                .of(x, r)
                .iter()
                .fold(u16::MAX, |m, &y| m.min(row.get(y)));
            // ~s of the smallest s, s = least − 0x8000.
            total += w * (0x7FFF - least as i32);
        }
        (total / 36 + 0x8000) as u16
    }

    fn cell(kept: u16) -> u16 {
        kept
    }

    fn put(cell: u16, out: &mut Vec<u8>) {
        out.extend_from_slice(&cell.to_le_bytes());
    }

    fn take(bytes: &[u8]) -> u16 {
        u16::from_le_bytes([bytes[0], bytes[1]])
    }
}
