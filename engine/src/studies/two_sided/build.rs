//! Building a two-sided database by total pip count.
//!
//! `T[x][y]` is the value of `x` on roll against `y`. Each roll of `x` leads to the results
//! `x'` of its legal plays, and after the play `y` is on roll: `T[x][y]` needs only row
//! `T[y][·]`, at pairs of a smaller total pip count. So the pairs are built level by level in
//! increasing total pips; within a level, all `x` of the level against one `y` read the one
//! row `T[y][·]` (108 KB at 6 × 15 with 16-bit values: it stays in cache), and the rows `y`
//! are independent (rayon).
//!
//! Per position and roll the distinct results are listed once, all of them: dropping the
//! "dominated" ones (a result another result reaches by moving checkers down) was tried and is
//! wrong — a position further along can be worse; it changed chances by up to 0.55 pp at 6x6
//! against the on-the-fly solver and gnubg's own files.

use super::cubeful::GnubgCubeful;
use super::memory::{self, Request};
use super::positions;
use super::resume::Checkpoint;
use super::table::{Kind, TwoSidedDb, TwoSidedError, Values, check_size};
use crate::core::task::Task;
use crate::studies::bearoff::index;
use crate::studies::bearoff::plays::OneSided;
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
    start: *const C,
    len: usize,
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

/// Builds the database of `kind`, checkpointing each finished level to `checkpoint` and
/// starting after the levels it already holds. `task` counts the pairs done, level by level
/// (those of the checkpoint's levels first); cancelling it stops the build with
/// [`TwoSidedError::Cancelled`], the finished levels checkpointed. A failed allocation of the
/// table is [`TwoSidedError::Memory`]; check the size first ([`super::memory::check`]).
pub fn build(
    points: usize,
    checkers: usize,
    kind: Kind,
    task: &Task,
    checkpoint: Option<&mut Checkpoint>,
) -> Result<TwoSidedDb, TwoSidedError> {
    check_size(points, checkers)?;
    let values = match kind {
        Kind::Exact => Values::Exact(build_levels::<Exact>(points, checkers, task, checkpoint)?),
        Kind::Cubeless => Values::Cubeless(build_levels::<GnubgCubeless>(
            points, checkers, task, checkpoint,
        )?),
        Kind::Cubeful => Values::Cubeful(build_levels::<GnubgCubeful>(
            points, checkers, task, checkpoint,
        )?),
    };
    TwoSidedDb::new(points, checkers, values)
}

/// The raw pointer the level's threads write through.
struct Cells<C>(*mut C);
// SAFETY: shared only within one level, where every pair is written by one thread and only
// pairs of earlier levels are read.
unsafe impl<C: Send> Sync for Cells<C> {}

/// The table of rule `R`, all pairs, level by level (see the module doc).
pub fn build_levels<R: Rule>(
    points: usize,
    checkers: usize,
    task: &Task,
    mut checkpoint: Option<&mut Checkpoint>,
) -> Result<Vec<R::Cell>, TwoSidedError> {
    check_size(points, checkers)?;
    let n = positions(points, checkers) as usize;
    let pips: Vec<usize> = (0..n as u32)
        .map(|x| index::pips(&index::counts(x, points), points) as usize)
        .collect();
    let max_pips = points * checkers;
    let mut by_pips: Vec<Vec<u32>> = vec![Vec::new(); max_pips + 1];
    for (x, &p) in pips.iter().enumerate() {
        by_pips[p].push(x as u32);
    }
    let succ = Successors::new(points, n as u32);
    let mut table = memory::filled(n * n, R::LOST, points, checkers, Request::Build(R::KIND))?;
    table[..n].fill(R::WON);
    let total = (n * n) as u64;
    let mut done = 2 * n as u64 - 1;
    // The rows `y` of level `level`, and the `x` of each.
    let rows_of = |level: usize| -> Vec<(usize, &[u32])> {
        (1..n)
            .filter(|&y| pips[y] < level && level - pips[y] <= max_pips)
            .map(|y| (y, by_pips[level - pips[y]].as_slice()))
            .collect()
    };
    let mut first = 1;
    if let Some(cp) = checkpoint.as_deref_mut() {
        cp.replay(|level, bytes| {
            let mut at = bytes.chunks_exact(R::BYTES);
            for (y, xs) in rows_of(level) {
                for &x in xs {
                    let cell = at.next().ok_or_else(|| short_level(level))?;
                    table[x as usize * n + y] = R::take(cell);
                }
            }
            if at.next().is_some() {
                return Err(short_level(level));
            }
            done += (bytes.len() / R::BYTES) as u64;
            first = level + 1;
            Ok(())
        })?;
    }
    task.set(done, total);
    let mut record = Vec::new();
    for level in first..=2 * max_pips {
        let rows = rows_of(level);
        let cells = Cells(table.as_mut_ptr());
        rows.par_iter().for_each(|&(y, xs)| {
            if task.is_cancelled() {
                return;
            }
            let cells = &cells;
            let row = Row {
                // SAFETY: row y lies inside the table (y < n).
                start: unsafe { cells.0.add(y * n) } as *const R::Kept,
                len: n,
            };
            for &x in xs {
                let v = R::value(&succ, x, &row);
                // SAFETY: (x, y) is inside the table, belongs to this level and to this row
                // y's task alone; no thread reads it during the level.
                unsafe { *cells.0.add(x as usize * n + y) = v };
            }
        });
        if task.is_cancelled() {
            return Err(TwoSidedError::Cancelled);
        }
        let pairs: usize = rows.iter().map(|(_, xs)| xs.len()).sum();
        done += pairs as u64;
        if let Some(cp) = checkpoint.as_deref_mut() {
            record.clear();
            record.reserve(pairs * R::BYTES);
            for &(y, xs) in &rows {
                for &x in xs.iter() {
                    R::put(table[x as usize * n + y], &mut record);
                }
            }
            cp.append(level, &record)?;
        }
        task.set(done, total);
    }
    // In place: a cell is no larger than what the build kept (the memory figure relies on it).
    Ok(table.into_iter().map(R::cell).collect())
}

fn short_level(level: usize) -> TwoSidedError {
    TwoSidedError::Checkpoint(format!(
        "its pip level {level} does not hold that level's pairs"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_weigh_36() {
        assert_eq!(ROLLS.iter().map(|r| r.2).sum::<i32>(), 36);
        assert_eq!(ROLLS[0], (1, 1, 1));
        assert_eq!(ROLLS[20], (6, 6, 1));
    }
}
