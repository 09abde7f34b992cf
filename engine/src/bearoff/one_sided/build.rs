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

use super::database::{Built, Database, Prob, ROLLS};
use super::index::{self, CHECKERS, Counts, MAX_POINTS};
use super::plays::OneSided;
use crate::core::task::{Cancelled, Task};
use rayon::prelude::*;
use std::mem::MaybeUninit;

/// Why a build stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// More points than the index can number.
    TooManyPoints(usize),
    /// The task was cancelled.
    Cancelled,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::TooManyPoints(p) => {
                write!(
                    f,
                    "a one-sided database spans 1 to {MAX_POINTS} points, not {p}"
                )
            }
            BuildError::Cancelled => f.write_str("the build was cancelled"),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<Cancelled> for BuildError {
    fn from(_: Cancelled) -> Self {
        BuildError::Cancelled
    }
}

/// The positions of a database grouped by pip count, in increasing pips: all of them when
/// `targets` is empty, else those some play from one of `targets` can reach — with, for every
/// point q, no more checkers on q and above than the target has (plays only move checkers
/// down, so the set is closed).
#[cfg(test)]
fn pip_levels_within(points: usize, targets: &[Counts]) -> Vec<Vec<u32>> {
    pip_levels_with_counts(points, targets).0
}

/// The checker counts of points 1..=P, 4 bits each (point p at bits 4(p − 1)).
type Packed = u64;

fn unpack(packed: Packed, points: usize) -> Counts {
    let mut c = [0u8; MAX_POINTS + 1];
    for (p, n) in c.iter_mut().enumerate().take(points + 1).skip(1) {
        *n = (packed >> (4 * (p - 1)) & 15) as u8;
    }
    c
}

/// [`pip_levels_within`] with, beside each level, its positions' checker counts (packed).
fn pip_levels_with_counts(points: usize, targets: &[Counts]) -> (Vec<Vec<u32>>, Vec<Vec<Packed>>) {
    let mut levels: Vec<Vec<u32>> = vec![Vec::new(); CHECKERS * points + 1];
    let mut counts: Vec<Vec<Packed>> = vec![Vec::new(); CHECKERS * points + 1];
    // above[t][q]: checkers of target t on points q..=P.
    let above: Vec<[usize; MAX_POINTS + 2]> = targets
        .iter()
        .map(|c| {
            let mut a = [0usize; MAX_POINTS + 2];
            for q in (1..=points).rev() {
                a[q] = a[q + 1] + c[q] as usize;
            }
            a
        })
        .collect();
    struct Walk<'a> {
        points: usize,
        above: &'a [[usize; MAX_POINTS + 2]],
        levels: &'a mut [Vec<u32>],
        counts: &'a mut [Vec<Packed>],
    }
    impl Walk<'_> {
        /// Chooses S_i, the checkers on the i highest points (q..=P with q = P + 1 − i), from 0
        /// up to `prev` = S_{i+1} (15 for i = P); point q − 1 then holds prev − S_i checkers
        /// (q − 1 = 0: borne off). `alive`: the targets still dominating (bit mask; all ones
        /// without targets); `packed`: the counts of the points below q − 1 … 1 chosen so far.
        /// gnubg's index grows with (S_P, S_{P−1}, …, S_1) in lexicographic order, so the
        /// positions come out in increasing index and every level is sorted.
        fn go(&mut self, i: usize, prev: usize, idx: u32, pips: usize, alive: u64, packed: Packed) {
            let p = self.points;
            let q = p + 1 - i;
            for s in 0..=prev {
                let mut still = alive;
                if !self.above.is_empty() {
                    for (k, a) in self.above.iter().enumerate() {
                        if s > a[q] {
                            still &= !(1 << k);
                        }
                    }
                    if still == 0 {
                        break;
                    }
                }
                let below = prev - s;
                let (pips, packed) = if q > 1 {
                    (
                        pips + below * (q - 1),
                        packed | (below as Packed) << (4 * (q - 2)),
                    )
                } else {
                    (pips, packed)
                };
                let idx = idx + index::binomial(s + i - 1, i);
                if i == 1 {
                    // s checkers on point P.
                    self.levels[pips + s * p].push(idx);
                    self.counts[pips + s * p].push(packed | (s as Packed) << (4 * (p - 1)));
                } else {
                    self.go(i - 1, s, idx, pips, still, packed);
                }
            }
        }
    }
    let mut walk = Walk {
        points,
        above: &above,
        levels: &mut levels,
        counts: &mut counts,
    };
    let alive = u64::MAX >> (64 - targets.len().clamp(1, 64));
    walk.go(points, CHECKERS, 0, 0, alive, 0);
    (levels, counts)
}

/// The 21 rolls as (high, low, weight) in gnubg's order: 11, 21, 22, 31, 32, 33, …, 66.
pub(crate) fn rolls() -> impl Iterator<Item = (usize, usize, u32)> {
    (1..=6usize).flat_map(|h| (1..=h).map(move |l| (h, l, if h == l { 1 } else { 2 })))
}

/// The best result of some steps of one die: its key, its index (bit 31: another result with
/// the same key has a different distribution, so gnubg's move order must decide).
#[derive(Clone, Copy)]
struct Best<K> {
    key: K,
    idx: u32,
}

const AMBIGUOUS: u32 = 1 << 31;

impl<K: Copy> Best<K> {
    fn new(key: K, idx: u32) -> Best<K> {
        Best { key, idx }
    }

    #[inline(always)]
    fn index(&self) -> u32 {
        self.idx & !AMBIGUOUS
    }

    #[inline(always)]
    fn ambiguous(&self) -> bool {
        self.idx & AMBIGUOUS != 0
    }
}

/// What a position passes on to the positions one step above it: its own keys and, for each
/// die d and m = 1, 2, 3, the best result of m steps of d (or fewer when they bear the last
/// checker off), for the bear-off and the gammon distribution.
///
/// Laid out for the cache: a parent reads the keys and the one-step bests of every die (the
/// first 64-byte line with `u32` keys) and the deeper bests of one die (`deep[d]`, 16 bytes).
/// The gammon half is read only for positions with all 15 checkers on the board.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Tables<K> {
    key: K,
    gammon_key: K,
    /// `one[d]`: the best result of one step of die d + 1.
    one: [Best<K>; 6],
    /// `deep[d]`: the best results of two and of three steps of die d + 1.
    deep: [[Best<K>; 2]; 6],
    gammon_one: [Best<K>; 6],
    gammon_deep: [[Best<K>; 2]; 6],
}

impl<K: Copy> Tables<K> {
    fn filled(key: K, gammon_key: K, best: Best<K>, gammon: Best<K>) -> Tables<K> {
        Tables {
            key,
            gammon_key,
            one: [best; 6],
            deep: [[best; 2]; 6],
            gammon_one: [gammon; 6],
            gammon_deep: [[gammon; 2]; 6],
        }
    }
}

/// Keeps the better of `best` and `cand` (the first on ties) and notes ties between different
/// distributions.
#[inline(always)]
fn consider<K: Copy + PartialOrd>(
    best: &mut Best<K>,
    cand: Best<K>,
    same: impl Fn(u32, u32) -> bool,
) {
    // A tie with the very same result (index and flag) changes nothing: only other ties take
    // the slow path; the common case is a branch-free select.
    if cand.key == best.key && cand.idx != best.idx {
        if !best.ambiguous()
            && (cand.ambiguous()
                || (cand.index() != best.index() && !same(cand.index(), best.index())))
        {
            best.idx |= AMBIGUOUS;
        }
        return;
    }
    let less = cand.key < best.key;
    best.key = if less { cand.key } else { best.key };
    best.idx = if less { cand.idx } else { best.idx };
}

/// What a build stores per position and how a position is made from its chosen children: the
/// full distributions ([`Prob`]) or only their moments ([`super::moments`]).
pub(crate) trait Recurrence: Sync + Send {
    /// What plays are compared by (smaller is better).
    type Key: Copy + PartialOrd + Send + Sync;
    /// What one position produces.
    type Out: Send;
    /// A key larger than any real one.
    const WORST: Self::Key;
    /// True when the gammon distribution uses the play chosen for the bear-off distribution
    /// (the 2002 rule) instead of choosing its own.
    const GAMMON_FOLLOWS: bool = false;
    /// The keys (bear-off, gammon) of the empty position, whose value is already stored.
    fn empty_keys(&self) -> (Self::Key, Self::Key);
    /// True when positions `a` and `b` have the same bear-off (or, with `gammon`, gammon)
    /// value, so that a tie between them does not matter.
    fn same(&self, a: u32, b: u32, gammon: bool) -> bool;
    /// Asks for the value of `idx` to be fetched (a hint).
    fn prefetch(&self, idx: u32);
    /// Asks for what [`Recurrence::combine`] reads of `chosen` to be fetched (a hint).
    fn prefetch_runs(&self, _chosen: &[(u32, u32, u32); 21], _full: bool) {}
    /// A position from the children chosen for the 21 rolls, as (bear-off child, gammon child,
    /// weight); `full` when all 15 checkers are on the board. Returns it with its keys.
    fn combine(
        &self,
        chosen: &[(u32, u32, u32); 21],
        full: bool,
    ) -> (Self::Out, Self::Key, Self::Key);
    /// Stores a position.
    fn store(&mut self, idx: u32, out: Self::Out);
}

impl<T: Prob> Recurrence for Database<T> {
    type Key = T::Key;
    type Out = Built<T>;
    const WORST: T::Key = T::WORST;

    fn empty_keys(&self) -> (T::Key, T::Key) {
        let (f, r) = self.run(0);
        (T::key(f, r), T::key(f, r))
    }

    fn same(&self, a: u32, b: u32, gammon: bool) -> bool {
        if gammon {
            self.gammon_run(a) == self.gammon_run(b)
        } else {
            self.run(a) == self.run(b)
        }
    }

    fn prefetch(&self, idx: u32) {
        prefetch(self.entry_ref(idx), 8);
    }

    fn prefetch_runs(&self, chosen: &[(u32, u32, u32); 21], full: bool) {
        for &(b, g, _) in chosen {
            let (_, run) = self.run(b);
            prefetch(&run[0], std::mem::size_of_val(run));
            if full {
                let (_, run) = self.gammon_run(g);
                prefetch(&run[0], std::mem::size_of_val(run));
            }
        }
    }

    fn combine(&self, chosen: &[(u32, u32, u32); 21], full: bool) -> (Self::Out, T::Key, T::Key) {
        let mut acc = [T::Acc::default(); ROLLS + 1];
        let mut gammon_acc = [T::Acc::default(); ROLLS + 1];
        // The rolls where the sums can be non-zero.
        let (mut lo, mut hi, mut glo, mut ghi) = (ROLLS, 0, ROLLS, 0);
        for &(b, g, weight) in chosen {
            let (first, run) = self.run(b);
            T::add(&mut acc, first, run, weight);
            lo = lo.min(first + 1);
            hi = hi.max(first + 1 + run.len());
            if full {
                let (first, run) = self.gammon_run(g);
                T::add(&mut gammon_acc, first, run, weight);
                glo = glo.min(first + 1);
                ghi = ghi.max(first + 1 + run.len());
            }
        }
        let (lo, hi) = (lo.min(ROLLS), hi.min(ROLLS));
        let dist = T::finish_within(&acc, lo, hi);
        let mut gammon = [T::default(); ROLLS];
        let gammon_key;
        if full {
            let (glo, ghi) = (glo.min(ROLLS), ghi.min(ROLLS));
            gammon = T::finish_within(&gammon_acc, glo, ghi);
            gammon_key = T::key(glo, &gammon[glo..ghi.max(glo)]);
        } else {
            gammon[0] = T::ONE;
            gammon_key = T::key(0, &gammon[..1]);
        }
        let key = T::key(lo, &dist[lo..hi.max(lo)]);
        (Built::new(dist, gammon), key, gammon_key)
    }

    #[inline]
    fn store(&mut self, idx: u32, out: Built<T>) {
        self.store_built(idx, &out);
    }
}

/// Builds the database for 15 checkers on `points` points (1 ≤ P ≤ 15) in the arithmetic `T`
/// (`f64` exact, `u16` gnubg-compatible), with gammon distributions. `task` counts the
/// positions built, level by level; cancelling it stops the build with
/// [`BuildError::Cancelled`].
pub fn build<T: Prob>(points: usize, task: &Task) -> Result<Database<T>, BuildError> {
    build_within(points, &[], task)
}

/// Builds only the part of the database that positions reachable from `targets` need (the
/// whole database when `targets` is empty, at most 64 targets): every other index holds no
/// distribution and must not be read.
pub fn build_within<T: Prob>(
    points: usize,
    targets: &[Counts],
    task: &Task,
) -> Result<Database<T>, BuildError> {
    if !(1..=MAX_POINTS).contains(&points) {
        return Err(BuildError::TooManyPoints(points));
    }
    assert!(targets.len() <= 64, "at most 64 targets");
    let mut db = Database::<T>::with_capacity(points, true);
    let mut one = [T::default(); ROLLS];
    one[0] = T::ONE;
    db.set(0, &one, Some(&one));
    run_within(points, targets, &mut db, task)?;
    Ok(db)
}

/// Fills `rec` for every position but the empty one (already stored), level by level.
///
/// Instead of visiting every play of every roll, each position keeps the best result of one,
/// two and three steps of each die ([`Tables`]); a double is then the best over one step of the
/// three-step bests of the children, and a roll a-b the best over one step of a of the one-step
/// bests of b (and the reverse). When two results tie on the key with different values,
/// gnubg's move order decides and that roll is searched play by play.
pub(crate) fn run<R: Recurrence>(
    points: usize,
    rec: &mut R,
    task: &Task,
) -> Result<(), BuildError> {
    run_within(points, &[], rec, task)
}

/// [`run`] for the positions reachable from `targets` only (all when it is empty).
pub(crate) fn run_within<R: Recurrence>(
    points: usize,
    targets: &[Counts],
    rec: &mut R,
    task: &Task,
) -> Result<(), BuildError> {
    // On a worker of the thread pool, the levels' parallel loops start without handing work
    // from a foreign thread to the pool and waiting for it each time.
    rayon::scope(|_| run_levels(points, targets, rec, task))
}

fn run_levels<R: Recurrence>(
    points: usize,
    targets: &[Counts],
    rec: &mut R,
    task: &Task,
) -> Result<(), BuildError> {
    let n = index::positions(points) as usize;
    let (levels, level_counts) = pip_levels_with_counts(points, targets);
    let total: u64 = levels.iter().map(|l| l.len() as u64).sum();
    let mut slot = vec![0u32; n];
    for level in &levels {
        for (i, &idx) in level.iter().enumerate() {
            slot[idx as usize] = i as u32;
        }
    }
    let mut keys = vec![R::WORST; n];
    let mut gammon_keys = vec![R::WORST; n];
    let (zero, gzero) = rec.empty_keys();
    keys[0] = zero;
    gammon_keys[0] = gzero;
    let filler = Tables::filled(zero, gzero, Best::new(zero, 0), Best::new(gzero, 0));
    let mut tables: Vec<Vec<Tables<R::Key>>> = vec![Vec::new(); levels.len()];
    tables[0] = vec![filler];
    // Tables of levels no longer needed, reused (no new pages to fault in).
    let mut spare: Vec<Vec<Tables<R::Key>>> = Vec::new();
    let mut outs: Vec<R::Out> = Vec::new();
    let mut done = 1u64;
    task.set(done, total);
    for (pips, (level, counts)) in levels.iter().zip(&level_counts).enumerate().skip(1) {
        task.check()?;
        let mut level_tables = spare.pop().unwrap_or_default();
        level_tables.clear();
        level_tables.reserve(level.len());
        let slots = &mut level_tables.spare_capacity_mut()[..level.len()];
        let ctx = Context {
            rec: &*rec,
            keys: &keys,
            gammon_keys: &gammon_keys,
            tables: &tables,
            slot: &slot,
            points,
            pips,
        };
        outs.clear();
        outs.reserve(level.len());
        let out_slots = &mut outs.spare_capacity_mut()[..level.len()];
        if level.len() < SEQUENTIAL_BELOW {
            // Handing a small level to the thread pool costs more than it saves.
            let mut pd = ctx.pending();
            for (((ids, cs), ts), os) in level
                .chunks(BATCH)
                .zip(counts.chunks(BATCH))
                .zip(slots.chunks_mut(BATCH))
                .zip(out_slots.chunks_mut(BATCH))
            {
                ctx.batch(&mut pd, ids, cs, ts, os);
            }
        } else {
            level
                .par_chunks(BATCH)
                .zip(counts.par_chunks(BATCH))
                .zip(slots.par_chunks_mut(BATCH))
                .zip(out_slots.par_chunks_mut(BATCH))
                .with_min_len(64 / BATCH)
                .for_each_init(
                    || ctx.pending(),
                    |pd, (((ids, cs), ts), os)| ctx.batch(pd, ids, cs, ts, os),
                );
        }
        // SAFETY: `batch` wrote the tables and the output of every position of the level.
        unsafe {
            level_tables.set_len(level.len());
            outs.set_len(level.len());
        }
        for ((&idx, out), t) in level.iter().zip(outs.drain(..)).zip(&level_tables) {
            rec.store(idx, out);
            keys[idx as usize] = t.key;
            gammon_keys[idx as usize] = t.gammon_key;
        }
        tables[pips] = level_tables;
        if pips > 6 {
            // Level 0 stays: it stands in for missing children.
            spare.push(std::mem::take(&mut tables[pips - 6]));
        }
        done += level.len() as u64;
        task.set(done, total);
    }
    Ok(())
}

/// Levels with fewer positions are built on the calling thread.
const SEQUENTIAL_BELOW: usize = 256;

struct Context<'a, R: Recurrence> {
    rec: &'a R,
    keys: &'a [R::Key],
    gammon_keys: &'a [R::Key],
    tables: &'a [Vec<Tables<R::Key>>],
    slot: &'a [u32],
    points: usize,
    pips: usize,
}

/// Most one-step children a position has: one per die and occupied point.
const MAX_KIDS: usize = 6 * MAX_POINTS;

/// Positions built together, stage by stage, so that the memory each stage asks for arrives
/// while the other positions of the batch are worked on.
const BATCH: usize = 8;

/// A position between the stages of [`Context::batch`].
struct Pending<'a, K> {
    idx: u32,
    counts: Counts,
    full: bool,
    /// Children of die d + 1: `start[d]..start[d + 1]`.
    start: [u8; 7],
    kid_idx: [u32; MAX_KIDS],
    kid_drop: [u8; MAX_KIDS],
    kid_full: [bool; MAX_KIDS],
    kid_t: [&'a Tables<K>; MAX_KIDS],
    chosen: [(u32, u32, u32); 21],
    t: Tables<K>,
}

impl<'a, R: Recurrence> Context<'a, R> {
    /// Room for a batch of positions between stages, reused from batch to batch.
    fn pending(&self) -> Box<[Pending<'a, R::Key>; BATCH]> {
        let filler = self.tables[0][0];
        Box::new(std::array::from_fn(|_| Pending {
            idx: 0,
            counts: [0; MAX_POINTS + 1],
            full: false,
            start: [0; 7],
            kid_idx: [0; MAX_KIDS],
            kid_drop: [0; MAX_KIDS],
            kid_full: [false; MAX_KIDS],
            kid_t: [&self.tables[0][0]; MAX_KIDS],
            chosen: [(0, 0, 0); 21],
            t: filler,
        }))
    }

    /// Builds the positions `idxs` (at most [`BATCH`]) using the room `pd`: writes their
    /// tables to `ts` and what they store to `outs` (every slot).
    fn batch(
        &self,
        pd: &mut [Pending<'a, R::Key>; BATCH],
        idxs: &[u32],
        counts: &[Packed],
        ts: &mut [MaybeUninit<Tables<R::Key>>],
        outs: &mut [MaybeUninit<R::Out>],
    ) {
        let pd = &mut pd[..idxs.len()];
        for ((p, &idx), &c) in pd.iter_mut().zip(idxs).zip(counts) {
            self.kids(idx, c, p);
        }
        for p in pd.iter_mut() {
            self.look_up(p);
        }
        for p in pd.iter_mut() {
            self.choose(p);
        }
        for p in pd.iter() {
            self.rec.prefetch_runs(&p.chosen, p.full);
        }
        for ((p, t), out) in pd.iter_mut().zip(ts).zip(outs) {
            let (o, key, gammon_key) = self.rec.combine(&p.chosen, p.full);
            p.t.key = key;
            p.t.gammon_key = gammon_key;
            t.write(p.t);
            out.write(o);
        }
    }

    /// Stage 1: the indices of the one-step children of each die, in gnubg's source order
    /// (highest point first); their slots are fetched meanwhile.
    #[inline]
    fn kids(&self, idx: u32, packed: Packed, pd: &mut Pending<'a, R::Key>) {
        let p = self.points;
        let counts = unpack(packed, p);
        debug_assert_eq!(counts, index::counts(idx, p));
        // above[q]: checkers on points q..=P.
        let mut above = [0u8; MAX_POINTS + 2];
        for q in (1..=p).rev() {
            above[q] = above[q + 1] + counts[q];
        }
        let full = above[1] as usize == CHECKERS;
        let home = p < 7 || above[7] == 0;
        let highest = (1..=p).rev().find(|&q| counts[q] > 0).unwrap_or(0);
        // Moving a checker from a down to t lowers above[q] by one for q in t+1..=a, and the
        // index by sub[a] − sub[t] (Pascal's rule on each term C(above[q] + P − q, P − q + 1)).
        let mut sub = [0u32; MAX_POINTS + 1];
        for q in 1..=p {
            let term = if above[q] > 0 {
                index::binomial(above[q] as usize - 1 + p - q, p - q)
            } else {
                0
            };
            sub[q] = sub[q - 1] + term;
        }
        pd.idx = idx;
        pd.counts = counts;
        pd.full = full;
        let mut nk = 0;
        for d in 1..=6 {
            for a in (1..=p).rev() {
                if counts[a] == 0 {
                    continue;
                }
                let to = if a > d {
                    a - d
                } else if home && (a == d || a == highest) {
                    0
                } else {
                    continue;
                };
                let j = idx - (sub[a] - sub[to]);
                prefetch(&self.slot[j as usize], 4);
                pd.kid_idx[nk] = j;
                pd.kid_drop[nk] = (a - to) as u8;
                pd.kid_full[nk] = full && to > 0;
                nk += 1;
            }
            pd.start[d] = nk as u8;
        }
    }

    /// Stage 2: the children's tables, fetched for stage 3.
    #[inline]
    fn look_up(&self, pd: &mut Pending<'a, R::Key>) {
        let own = pd.full && !R::GAMMON_FOLLOWS;
        for d in 0..6 {
            for k in pd.start[d] as usize..pd.start[d + 1] as usize {
                let j = pd.kid_idx[k];
                let ty = &self.tables[self.pips - pd.kid_drop[k] as usize]
                    [self.slot[j as usize] as usize];
                prefetch(ty, 8);
                prefetch(&ty.one, std::mem::size_of_val(&ty.one).min(64));
                prefetch(&ty.deep[d], 16);
                if own && pd.kid_full[k] {
                    prefetch(
                        &ty.gammon_one,
                        std::mem::size_of_val(&ty.gammon_one).min(64),
                    );
                    prefetch(&ty.gammon_deep[d], 16);
                }
                pd.kid_t[k] = ty;
            }
        }
    }

    /// Stage 3: the position's tables (but its keys) and the children chosen for each roll,
    /// whose entries are fetched for stage 4.
    #[inline]
    fn choose(&self, pd: &mut Pending<'a, R::Key>) {
        let (idx, full) = (pd.idx, pd.full);
        let start = pd.start.map(usize::from);
        let (kid_idx, kid_full, kid_t) = (&pd.kid_idx, &pd.kid_full, &pd.kid_t);
        // Whether the gammon distribution chooses its own play.
        let own = full && !R::GAMMON_FOLLOWS;
        let worst = Best::new(R::WORST, 0);
        // The gammon distribution of a position with a checker off is that of index 0.
        let trivial = Best::new(self.gammon_keys[0], 0);
        let t = &mut pd.t;
        *t = Tables::filled(R::WORST, R::WORST, worst, if own { worst } else { trivial });
        let same = |a, b| self.rec.same(a, b, false);
        let same_g = |a, b| self.rec.same(a, b, true);
        for d in 0..6 {
            for k in start[d]..start[d + 1] {
                let (j, ty) = (kid_idx[k], kid_t[k]);
                consider(&mut t.one[d], Best::new(ty.key, j), same);
                consider(&mut t.deep[d][0], ty.one[d], same);
                consider(&mut t.deep[d][1], ty.deep[d][0], same);
                if own {
                    if kid_full[k] {
                        consider(&mut t.gammon_one[d], Best::new(ty.gammon_key, j), same_g);
                        consider(&mut t.gammon_deep[d][0], ty.gammon_one[d], same_g);
                        consider(&mut t.gammon_deep[d][1], ty.gammon_deep[d][0], same_g);
                    } else {
                        consider(&mut t.gammon_one[d], trivial, same_g);
                        consider(&mut t.gammon_deep[d][0], trivial, same_g);
                        consider(&mut t.gammon_deep[d][1], trivial, same_g);
                    }
                }
            }
        }
        let p = self.points;
        for (r, (high, low, weight)) in rolls().enumerate() {
            let (h, l) = (high - 1, low - 1);
            let mut best = worst;
            let mut gbest = worst;
            if h == l {
                for k in start[h]..start[h + 1] {
                    let ty = kid_t[k];
                    consider(&mut best, ty.deep[h][1], same);
                    if own {
                        let g = if kid_full[k] {
                            ty.gammon_deep[h][1]
                        } else {
                            trivial
                        };
                        consider(&mut gbest, g, same_g);
                    }
                }
            } else {
                for (first, second) in [(h, l), (l, h)] {
                    for k in start[first]..start[first + 1] {
                        let ty = kid_t[k];
                        consider(&mut best, ty.one[second], same);
                        if own {
                            let g = if kid_full[k] {
                                ty.gammon_one[second]
                            } else {
                                trivial
                            };
                            consider(&mut gbest, g, same_g);
                        }
                    }
                }
            }
            let b = if best.ambiguous() {
                first_best(
                    &OneSided::with_index(&pd.counts, p, idx),
                    high,
                    low,
                    self.keys,
                )
            } else {
                best.index()
            };
            let g = if !full {
                0
            } else if !own {
                b
            } else if gbest.ambiguous() {
                first_best(
                    &OneSided::with_index(&pd.counts, p, idx),
                    high,
                    low,
                    self.gammon_keys,
                )
            } else {
                gbest.index()
            };
            self.rec.prefetch(b);
            self.rec.prefetch(g);
            pd.chosen[r] = (b, g, weight);
        }
    }
}

/// Asks the processor to fetch the bytes `p .. p + bytes` (at most 64, so two lines at most)
/// into cache (a hint; no effect elsewhere).
#[inline(always)]
fn prefetch<T>(p: &T, bytes: usize) {
    let base = p as *const T as *const i8;
    prefetch_line(base);
    if (base as usize & 63) + bytes > 64 {
        prefetch_line(base.wrapping_add(bytes - 1));
    }
}

/// Asks the processor to fetch the 64-byte line holding `p`.
#[inline(always)]
fn prefetch_line(p: *const i8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint that never faults, even on an invalid address.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch(p, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// The first result of the roll with the smallest key, in gnubg's move order.
fn first_best<K: Copy + PartialOrd>(pos: &OneSided, high: usize, low: usize, keys: &[K]) -> u32 {
    let mut best: Option<(K, u32)> = None;
    pos.for_each_result(high, low, &mut |r| {
        let j = r.index();
        let k = keys[j as usize];
        if best.is_none_or(|(b, _)| k < b) {
            best = Some((k, j));
        }
    });
    best.map_or(0, |(_, j)| j)
}

/// The plain search: every play of every roll (the reference the fast build is tested
/// against).
#[cfg(test)]
pub fn build_by_search<T: Prob>(points: usize) -> Database<T> {
    let n = index::positions(points) as usize;
    let mut db = Database::<T>::with_capacity(points, true);
    let mut keys = vec![T::WORST; n];
    let mut gammon_keys = vec![T::WORST; n];
    for idx in 0..n as u32 {
        let pos = OneSided::new(&index::counts(idx, points), points);
        let full = pos.checkers() as usize == CHECKERS;
        let mut dist = [T::default(); ROLLS];
        let mut gammon = [T::default(); ROLLS];
        if idx == 0 {
            dist[0] = T::ONE;
            gammon[0] = T::ONE;
        } else {
            let mut acc = [T::Acc::default(); ROLLS + 1];
            let mut gammon_acc = [T::Acc::default(); ROLLS + 1];
            for (high, low, weight) in rolls() {
                let (first, run) = db.run(first_best(&pos, high, low, &keys));
                T::add(&mut acc, first, run, weight);
                if full {
                    let (first, run) = db.gammon_run(first_best(&pos, high, low, &gammon_keys));
                    T::add(&mut gammon_acc, first, run, weight);
                }
            }
            dist = T::finish(&acc);
            if full {
                gammon = T::finish(&gammon_acc);
            } else {
                gammon[0] = T::ONE;
            }
        }
        db.set(idx, &dist, Some(&gammon));
        keys[idx as usize] = T::key(0, &dist);
        gammon_keys[idx as usize] = T::key(0, &gammon);
    }
    db
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_come_sorted_with_their_counts() {
        for points in [1, 4, 6] {
            let (levels, counts) = pip_levels_with_counts(points, &[]);
            for (level, counts) in levels.iter().zip(&counts) {
                assert!(level.windows(2).all(|w| w[0] < w[1]), "sorted");
                for (&idx, &c) in level.iter().zip(counts) {
                    assert_eq!(unpack(c, points), index::counts(idx, points), "idx {idx}");
                }
            }
        }
    }

    #[test]
    fn levels_hold_every_position_once() {
        let levels = pip_levels_within(4, &[]);
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
        let db = build::<f64>(2, &Task::new()).unwrap();
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
    fn fast_build_equals_the_plain_search() {
        for points in [3, 5, 6] {
            let fast = build::<u16>(points, &Task::new()).unwrap();
            let slow = build_by_search::<u16>(points);
            let fast_exact = build::<f64>(points, &Task::new()).unwrap();
            let slow_exact = build_by_search::<f64>(points);
            for idx in 0..index::positions(points) {
                assert_eq!(fast.dist(idx), slow.dist(idx), "P {points} idx {idx}");
                assert_eq!(fast.gammon(idx), slow.gammon(idx), "P {points} idx {idx}");
                assert_eq!(fast_exact.dist(idx), slow_exact.dist(idx));
                assert_eq!(fast_exact.gammon(idx), slow_exact.gammon(idx));
            }
        }
    }

    #[test]
    fn progress_reaches_every_position() {
        let task = Task::new();
        let last = std::sync::Arc::new(std::sync::Mutex::new((0u64, 0u64)));
        let seen = std::sync::Arc::clone(&last);
        task.observe(move |t| {
            let p = t.snapshot();
            let mut l = seen.lock().unwrap();
            assert!(p.done >= l.0, "progress goes forward");
            *l = (p.done, p.total.unwrap());
        });
        build::<u16>(4, &task).unwrap();
        let n = index::positions(4) as u64;
        assert_eq!(*last.lock().unwrap(), (n, n));
    }

    #[test]
    fn a_partial_build_agrees_with_the_whole() {
        let whole = build::<u16>(6, &Task::new()).unwrap();
        let mut a = [0u8; MAX_POINTS + 1];
        a[6] = 3;
        a[4] = 5;
        a[1] = 7;
        let mut b = [0u8; MAX_POINTS + 1];
        b[5] = 2;
        b[2] = 9;
        let part = build_within::<u16>(6, &[a, b], &Task::new()).unwrap();
        let levels = pip_levels_within(6, &[a, b]);
        let reachable: usize = levels.iter().map(Vec::len).sum();
        assert!(reachable < whole.len() / 4, "{reachable}");
        for idx in levels.concat() {
            assert_eq!(part.dist(idx), whole.dist(idx));
            assert_eq!(part.gammon(idx), whole.gammon(idx));
        }
        assert!(levels.concat().contains(&index::index(&a, 6)));
    }

    #[test]
    fn cancel_stops_the_build() {
        let task = Task::new();
        task.cancel();
        assert_eq!(build::<u16>(3, &task).unwrap_err(), BuildError::Cancelled);
    }
}
