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
use super::rules::{Exact, GnubgCubeless, Row, Rule, Successors};
use super::table::{Kind, TwoSidedDb, TwoSidedError, Values, check_size};
use crate::bearoff::one_sided::index;
use crate::core::task::Task;
use rayon::prelude::*;

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

impl TwoSidedDb {
    /// Builds a database in memory (see [`super::build`]); `Cancelled` when `task` is
    /// cancelled.
    pub fn build(
        points: usize,
        checkers: usize,
        kind: Kind,
        task: &Task,
    ) -> Result<TwoSidedDb, TwoSidedError> {
        build(points, checkers, kind, task, None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::ROLLS;

    #[test]
    fn rolls_weigh_36() {
        assert_eq!(ROLLS.iter().map(|r| r.2).sum::<i32>(), 36);
        assert_eq!(ROLLS[0], (1, 1, 1));
        assert_eq!(ROLLS[20], (6, 6, 1));
    }
}
