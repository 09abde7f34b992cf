//! gnubg's deeper plies, cubeless: the n-ply evaluation of a position (its
//! `EvaluatePositionFull`), the move chosen for each roll inside it with the pruning nets (its
//! `FindBestMoveInEval`), the move list of a hint with a move filter (its
//! `FindnSaveBestMoves`, then `RefreshMoveList`'s order), gnubg's move generation order (its
//! `GenerateMoves`) and an evaluation cache as gnubg keeps one. Learnt from gnubg 1.07.001's
//! `eval.c` and written anew.
//!
//! **One walk, cubeless and cubeful.** gnubg's cubeful n-ply evaluation
//! (`EvaluatePositionCubeful4`) walks the same tree as the cubeless one: for each of the 21
//! rolls the mover's move is chosen by [`Search::best_in_eval`] and the position after it (the
//! opponent on roll) is evaluated one ply less, the rolls weighted 1 (doubles) or 2 and the sum
//! divided by 36. [`Search::replies`] is that walk alone: it hands each roll's weight and
//! position to a visitor. The cubeless evaluation ([`Search::evaluate_judged`]) sums
//! probabilities in its visitor; the cubeful one (`native/plied.rs`) carries one value per cube
//! position through the same walk. How the move of each roll is chosen and how a hint scores
//! its moves is the [`MoveScoring`]: cubeless money, cubeless at a cube info (a match's gammon prices
//! weigh the moves), or cubeful (gnubg's `ScoreMove` with a cubeful context, the mover's cube
//! info).

// The loops keep gnubg's indices (points, rolls, outputs), which say what they compute.
#![allow(clippy::needless_range_loop)]

use super::cubeful::{CubeInfo, utility_me};
use super::cubeful_cache::CubefulCache;
use super::evaluator::{NativeError, NativeEvaluator, NetOutput, PositionClass, classify};
use super::inputs::Board;
use super::inputs::{Key, pack};
use super::shared_table::SharedTable;
use std::cmp::Ordering;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};

/// One stage of gnubg's move filter (its `movefilter`): at this ply keep the first `accept`
/// moves and up to `extra` more within `threshold` of the best; `accept` < 0 skips the stage
/// (every move goes on).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct MoveFilter {
    /// Moves always kept; negative: the stage is skipped.
    pub accept: i32,
    /// Up to this many more moves…
    pub extra: u32,
    /// …if within this much equity of the best.
    pub threshold: f32,
}

const fn stage(accept: i32, extra: u32, threshold: f32) -> MoveFilter {
    MoveFilter {
        accept,
        extra,
        threshold,
    }
}

const SKIP: MoveFilter = stage(-1, 0, 0.0);
const NONE: MoveFilter = stage(0, 0, 0.0);

/// gnubg's move filters for searches of 1 to 4 plies: row `n − 1` for an `n`-ply search, its
/// entry `k` the stage at ply `k`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct MoveFilters(pub [[MoveFilter; 4]; 4]);

impl MoveFilters {
    /// gnubg's default hint filter (its `MOVEFILTER_NORMAL`, what `hint` and the move gnubg
    /// plays use): 8 more moves within 0.16 of the best go on from 0 plies; at 3 and 4 plies 2
    /// more within 0.04 from 2 plies.
    pub const HINT: MoveFilters = MoveFilters([
        [stage(0, 8, 0.16), NONE, NONE, NONE],
        [stage(0, 8, 0.16), SKIP, NONE, NONE],
        [stage(0, 8, 0.16), SKIP, stage(0, 2, 0.04), NONE],
        [stage(0, 8, 0.16), SKIP, stage(0, 2, 0.04), SKIP],
    ]);

    /// gnubg's default filter of `analyse match` (its `MOVEFILTER_LARGE`): 16 more moves within
    /// 0.32 go on from 0 plies; at 3 and 4 plies 4 more within 0.08 from 2 plies.
    pub const ANALYSIS: MoveFilters = MoveFilters([
        [stage(0, 16, 0.32), NONE, NONE, NONE],
        [stage(0, 16, 0.32), SKIP, NONE, NONE],
        [stage(0, 16, 0.32), SKIP, stage(0, 4, 0.08), NONE],
        [stage(0, 16, 0.32), SKIP, stage(0, 4, 0.08), SKIP],
    ]);

    /// No filter: every move at the full depth (the bridge's filter "all").
    pub const ALL: MoveFilters = MoveFilters([[SKIP; 4]; 4]);
}

/// The most plies covered: each ply is 21 times the work of the one below.
pub const MAX_PLIES: u8 = 2;

/// A move's score: the mover's equity, its cubeless equity (gnubg's secondary score) and
/// probabilities after it.
type Score = Result<(f32, f32, NetOutput), NativeError>;

/// How a search judges its moves (gnubg's `cubeinfo` and `fCubeful` of the side choosing or
/// scoring a move, the mover).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum MoveScoring {
    /// Cubeless money (gnubg's `UtilityME` for money).
    Money,
    /// Cubeless at the mover's cube info (in a match its gammon prices weigh the moves).
    Cubeless(CubeInfo),
    /// Cubeful at the mover's cube info (`native/plied.rs`).
    Cubeful(CubeInfo),
}

impl MoveScoring {
    /// The same judge for the other side (gnubg's `fMove` flipped).
    pub fn for_opponent(&self) -> MoveScoring {
        match self {
            MoveScoring::Money => MoveScoring::Money,
            MoveScoring::Cubeless(ci) => MoveScoring::Cubeless(ci.for_opponent()),
            MoveScoring::Cubeful(ci) => MoveScoring::Cubeful(ci.for_opponent()),
        }
    }

    /// The cubeless equity of probabilities of the side on roll after the mover's move (the
    /// mover's opponent): gnubg's `UtilityME` with the cube info flipped.
    fn opponents_utility(&self, p: &NetOutput) -> f32 {
        match self {
            MoveScoring::Money => utility(p),
            MoveScoring::Cubeless(ci) | MoveScoring::Cubeful(ci) => {
                utility_me(p, &ci.for_opponent())
            }
        }
    }
}

/// One move of a hint list as gnubg scores it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ScoredMove {
    /// The board after the move (`[opponent, mover]`, the mover not yet swapped off roll).
    pub board: Board,
    /// The mover's probabilities after the move.
    pub probs: NetOutput,
    /// The mover's equity after the move, as gnubg computes it: cubeless money (the
    /// opponent's equity negated), or cubeful with a [`MoveScoring`] (money per cube; in a match
    /// normalised at the mover's cube).
    pub equity: f32,
    /// The mover's cubeless equity after the move (gnubg's secondary score, which breaks
    /// ties of the first); cubeless, [`ScoredMove::equity`] again.
    pub second: f32,
    /// The depth the move was last scored at.
    pub plies: u8,
}

impl ScoredMove {
    /// The move to `board`, not scored yet.
    fn unscored(board: Board) -> ScoredMove {
        ScoredMove {
            board,
            probs: [0.0; 5],
            equity: 0.0,
            second: 0.0,
            plies: 0,
        }
    }
}

/// gnubg's pruning: the best `MIN_PRUNE + floor(log2(moves))` moves by the pruning net go on
/// to the 0-ply evaluation.
const MIN_PRUNE: usize = 5;
const MAX_PRUNE: usize = MIN_PRUNE + 11;

/// The probabilities of the other side.
pub(super) fn inverted(p: &NetOutput) -> NetOutput {
    [1.0 - p[0], p[3], p[4], p[1], p[2]]
}

/// gnubg's money equity of probabilities (its `UtilityME` for money).
fn utility(p: &NetOutput) -> f32 {
    p[0] * 2.0 - 1.0 + (p[1] - p[3]) + (p[2] - p[4])
}

fn swapped(b: &Board) -> Board {
    [b[1], b[0]]
}

/// Whether gnubg looks ahead from a board of this class (its `pc > CLASS_PERFECT`): not at the
/// game's end nor in the two-sided database, which are exact.
fn looks_ahead(class: PositionClass) -> bool {
    !matches!(class, PositionClass::Over | PositionClass::BearoffTwoSided)
}

/// Whether the pruning nets judge a board of this class.
fn prunable(class: PositionClass) -> bool {
    matches!(
        class,
        PositionClass::Race | PositionClass::Crashed | PositionClass::Contact
    )
}

// --- gnubg's move generation order ----------------------------------------------------------

/// Where a generation stands: the most dice and pips a kept move uses.
struct Generation<'a> {
    out: &'a mut Vec<Board>,
    /// Each kept result's [`fingerprint`], to find one found again at a glance.
    prints: Vec<u64>,
    max_moves: u8,
    max_pips: u8,
}

/// Every legal result of the roll `d0`-`d1` for the player (`b[1]`) in gnubg's order: the
/// first die's moves from the highest point down, depth first, then (not a double) the same
/// with the dice swapped; a result found again keeps its first place. Into `out`, reused.
pub(super) fn generate(b: &Board, d0: u8, d1: u8, out: &mut Vec<Board>) {
    out.clear();
    let mut g = Generation {
        out,
        prints: Vec::new(),
        max_moves: 0,
        max_pips: 0,
    };
    let double = if d0 == d1 { d0 } else { 0 };
    let mut roll = [d0, d1, double, double];
    g.step(&roll, 0, 23, 0, b);
    if d0 != d1 {
        roll.swap(0, 1);
        g.step(&roll, 0, 23, 0, b);
    }
}

/// Whether a checker of the player on `from` may move `die` pips (gnubg's `LegalMove`).
fn legal_step(b: &Board, from: usize, die: u8) -> bool {
    let to = from as i32 - die as i32;
    if to >= 0 {
        return b[0][23 - to as usize] < 2;
    }
    let mut back = 24;
    while back > 0 && b[1][back] == 0 {
        back -= 1;
    }
    back <= 5 && (from == back || to == -1)
}

/// Moves a checker of the player from `from` by `die` pips, hitting a blot.
fn apply_step(b: &mut Board, from: usize, die: u8) {
    b[1][from] -= 1;
    let to = from as i32 - die as i32;
    if to < 0 {
        return;
    }
    let to = to as usize;
    if b[0][23 - to] > 0 {
        b[1][to] = 1;
        b[0][23 - to] = 0;
        b[0][24] += 1;
    } else {
        b[1][to] += 1;
    }
}

/// A board's 50 counts folded into 64 bits: equal boards, equal fingerprints.
fn fingerprint(b: &Board) -> u64 {
    let mut h = 0u64;
    for side in b {
        for chunk in side.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    h
}

impl Generation<'_> {
    /// One die of the roll at `depth` (gnubg's `GenerateMovesSub`): true when no checker
    /// could move it (the move so far is complete).
    fn step(&mut self, roll: &[u8; 4], depth: usize, top: usize, pips: u8, b: &Board) -> bool {
        if depth > 3 || roll[depth] == 0 {
            return true;
        }
        let die = roll[depth];
        if b[1][24] > 0 {
            if b[0][die as usize - 1] >= 2 {
                return true;
            }
            let mut next = *b;
            apply_step(&mut next, 24, die);
            if self.step(roll, depth + 1, 23, pips + die, &next) {
                self.save(depth as u8 + 1, pips + die, &next);
            }
            return false;
        }
        let mut used = false;
        for from in (0..=top).rev() {
            if b[1][from] > 0 && legal_step(b, from, die) {
                let mut next = *b;
                apply_step(&mut next, from, die);
                let below = if roll[0] == roll[1] { from } else { 23 };
                if self.step(roll, depth + 1, below, pips + die, &next) {
                    self.save(depth as u8 + 1, pips + die, &next);
                }
                used = true;
            }
        }
        !used
    }

    /// Keeps a complete move unless it uses fewer dice or pips than one kept (gnubg's
    /// `SaveMoves`); one that uses more drops those kept.
    fn save(&mut self, moves: u8, pips: u8, b: &Board) {
        if moves < self.max_moves || pips < self.max_pips {
            return;
        }
        if moves > self.max_moves || pips > self.max_pips {
            self.out.clear();
            self.prints.clear();
        }
        self.max_moves = moves;
        self.max_pips = pips;
        let print = fingerprint(b);
        let found = self
            .prints
            .iter()
            .zip(self.out.iter())
            .any(|(p, k)| *p == print && k == b);
        if !found {
            self.out.push(*b);
            self.prints.push(print);
        }
    }
}

// --- the evaluation cache -------------------------------------------------------------------

/// The words of an entry: the key's seven (the tag and generation in the last one's top bits)
/// and the five outputs' bits.
const WORDS: usize = 12;

/// gnubg keeps a cache of evaluations (its `cEval`): here one direct-mapped table of 2^20
/// entries (48 MB of zeroed memory, taken at its first use, [`SharedTable`]) keyed by the
/// board and the depth (the tag: 1 + the plies), shared by the threads of a search. The
/// pruning nets' results are not kept (gnubg keeps them too, in `cpEval`): one costs about
/// what a miss in a table this large does.
#[derive(Clone)]
struct Cache {
    table: Arc<SharedTable<WORDS>>,
}

impl Cache {
    fn new() -> Cache {
        Cache {
            table: Arc::new(SharedTable::new()),
        }
    }

    /// Forgets every entry. Not while another thread uses it.
    fn clear(&mut self) {
        self.table.clear();
    }

    /// The key's last word with the tag and the generation.
    fn stamped(&self, key: &Key, tag: u8) -> Key {
        let mut k = *key;
        k[6] |= (tag as u32) << 8 | self.table.generation() << 16;
        k
    }

    fn get(&self, key: &Key, tag: u8) -> Option<NetOutput> {
        let w = self.table.get(&self.stamped(key, tag))?;
        Some([w[7], w[8], w[9], w[10], w[11]].map(f32::from_bits))
    }

    fn put(&self, key: Key, tag: u8, out: NetOutput) {
        let k = self.stamped(&key, tag);
        let mut w = [0u32; WORDS];
        w[..7].copy_from_slice(&k);
        for i in 0..5 {
            w[7 + i] = out[i].to_bits();
        }
        self.table.put(&w, 7);
    }
}

// --- the search -----------------------------------------------------------------------------

/// The move choice's buffers, kept between calls (no allocation once warm).
#[derive(Default)]
struct Level {
    boards: Vec<Board>,
    scores: Vec<f32>,
}

/// gnubg's n-ply search over a [`NativeEvaluator`], with its cache and buffers. Keep one and
/// reuse it: the cache holds evaluations from call to call.
pub struct Search {
    cache: Cache,
    level: Level,
    /// The threads a ranking's moves are scored on (at 1 ply and deeper).
    threads: usize,
    /// The other threads' searches, sharing this one's cache, kept between calls.
    helpers: Vec<Search>,
    /// The cubeful evaluations (`native/plied.rs`), this thread's.
    pub(super) cubeful: CubefulCache,
}

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

impl Search {
    /// A search with an empty cache that scores a ranking's moves on as many threads as the
    /// machine has cores ([`Search::set_threads`]).
    pub fn new() -> Search {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Search {
            cache: Cache::new(),
            level: Level::default(),
            threads: cores,
            helpers: Vec::new(),
            cubeful: CubefulCache::default(),
        }
    }

    /// Scores a ranking's moves at 1 ply and deeper on `threads` threads (at least 1): the
    /// moves are shared out as the threads become free; the figures do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The threads a ranking's moves are scored on ([`Search::set_threads`]).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets every cached evaluation (to time a search from scratch).
    pub fn clear_cache(&mut self) {
        // The helpers share this cache.
        self.cache.clear();
        self.cubeful.clear();
    }

    /// gnubg's cubeless probabilities of `b` (`[opponent, player]`, the player on roll) at
    /// `plies` (its `EvaluatePositionCache` → `EvaluatePositionFull`): at 0 plies, or at the
    /// game's end or in the two-sided database, the static evaluation; else the 21 rolls, each
    /// with the move gnubg would choose inside an evaluation ([`Search::best_in_eval`]), the
    /// position after it evaluated one ply less, weighted and averaged, for the side on roll.
    /// Each ply costs about 21 times the one below: [`NativeEngine`](super::NativeEngine)
    /// offers up to [`MAX_PLIES`], the depths tested against gnubg.
    pub fn evaluate(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        plies: u8,
    ) -> Result<NetOutput, NativeError> {
        self.evaluate_judged(ev, b, plies, MoveScoring::Money)
    }

    /// [`Search::evaluate`] with the moves of the walk chosen by `judge` (cubeless; gnubg's
    /// `EvaluatePositionFull` with the side on roll's cube info, whose gammon prices weigh the
    /// moves in a match). The cache keeps the 0-ply evaluations and, with cubeless money,
    /// the deeper ones.
    pub fn evaluate_judged(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        plies: u8,
        judge: MoveScoring,
    ) -> Result<NetOutput, NativeError> {
        let key = pack(b);
        let tag = plies.saturating_add(1);
        let cached = plies == 0 || judge == MoveScoring::Money;
        if cached && let Some(out) = self.cache.get(&key, tag) {
            return Ok(out);
        }
        let class = classify(b);
        let out = if plies == 0 || !looks_ahead(class) {
            ev.evaluate_class(b, class)?
        } else {
            let mut sum = [0f32; 5];
            self.replies(ev, b, judge, |search, weight, after| {
                let child = search.evaluate_judged(ev, after, plies - 1, judge.for_opponent())?;
                for i in 0..5 {
                    sum[i] += weight * child[i];
                }
                Ok(())
            })?;
            // gnubg's `/ 36`, a product by the reciprocal in its -ffast-math build.
            inverted(&sum.map(|x| x * (1.0 / 36.0)))
        };
        if cached {
            self.cache.put(key, tag, out);
        }
        Ok(out)
    }

    /// The walk of one ply, as gnubg's `EvaluatePositionFull` and `EvaluatePositionCubeful4`
    /// make it: for each roll (1-1; 2-1, 2-2; 3-1, 3-2, 3-3; … 6-6), its weight (1 for a
    /// double, else 2) and the board after the move gnubg chooses for it
    /// ([`Search::best_in_eval`]), sides swapped (the opponent on roll). The seam a cubeful
    /// evaluation walks through (see the module's words).
    /// The move of each roll is chosen by `judge` (cubeless, or with the mover's cube).
    pub fn replies(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        judge: MoveScoring,
        mut visit: impl FnMut(&mut Search, f32, &Board) -> Result<(), NativeError>,
    ) -> Result<(), NativeError> {
        for n0 in 1..=6u8 {
            for n1 in 1..=n0 {
                let weight = if n0 == n1 { 1.0 } else { 2.0 };
                let after = self.best_in_eval(ev, b, n0, n1, judge)?;
                visit(self, weight, &swapped(&after))?;
            }
        }
        Ok(())
    }

    /// The mover's score of a move at 0 plies (gnubg's `ScoreMove`): the opponent's equity
    /// after it, negated (cubeless, or cubeful by `judge`), the cubeless one, and the mover's
    /// probabilities.
    pub fn score_zero_ply(
        &mut self,
        ev: &NativeEvaluator,
        after: &Board,
        judge: MoveScoring,
    ) -> Result<(f32, f32, NetOutput), NativeError> {
        self.score(ev, after, 0, judge)
    }

    /// The mover's score of the move to `after` at `plies`: (equity, cubeless equity,
    /// probabilities); with a judge gnubg's cubeful `ScoreMove` ([`Search::score_cubeful`]).
    fn score(
        &mut self,
        ev: &NativeEvaluator,
        after: &Board,
        plies: u8,
        judge: MoveScoring,
    ) -> Result<(f32, f32, NetOutput), NativeError> {
        if let MoveScoring::Cubeful(ci) = judge {
            return self.score_cubeful(ev, after, plies, &ci);
        }
        let theirs = self.evaluate_judged(ev, &swapped(after), plies, judge.for_opponent())?;
        let e = -judge.opponents_utility(&theirs);
        Ok((e, e, inverted(&theirs)))
    }

    /// The move gnubg chooses for the player of `b` with the roll `n0`-`n1` inside a deeper
    /// evaluation (its `FindBestMoveInEval`, pruning on): the board after it (`b` itself when
    /// no move is legal). With few moves, the best at 0 plies; else the pruning net ranks them
    /// all and the best `5 + floor(log2(moves))` by it are scored at 0 plies — unless the moves
    /// lead to different classes, or to the bear-off databases, when all are.
    pub fn best_in_eval(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        n0: u8,
        n1: u8,
        judge: MoveScoring,
    ) -> Result<Board, NativeError> {
        // The buffers are taken out while in use: the 0-ply scores below never come back here.
        let mut l = std::mem::take(&mut self.level);
        let result = self.best_in_eval_with(ev, b, n0, n1, judge, &mut l);
        self.level = l;
        result
    }

    fn best_in_eval_with(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        n0: u8,
        n1: u8,
        judge: MoveScoring,
        l: &mut Level,
    ) -> Result<Board, NativeError> {
        generate(b, n0, n1, &mut l.boards);
        let n = l.boards.len();
        match n {
            0 => return Ok(*b),
            1 => return Ok(l.boards[0]),
            _ => {}
        }
        let prune = MIN_PRUNE + n.ilog2() as usize;
        if n <= prune {
            return self.best_at_zero(ev, &l.boards, 0..n, judge);
        }
        // The pruning net's score of each move is the opponent's equity (lower is better);
        // `kept[0]` holds the worst kept so far, as gnubg keeps them.
        l.scores.clear();
        let mut kept = [0usize; MAX_PRUNE];
        let mut first_class = PositionClass::Over;
        for i in 0..n {
            let theirs = swapped(&l.boards[i]);
            let class = classify(&theirs);
            if i == 0 {
                if !prunable(class) {
                    return self.best_at_zero(ev, &l.boards, 0..n, judge);
                }
                first_class = class;
            } else if class != first_class {
                return self.best_at_zero(ev, &l.boards, 0..n, judge);
            }
            // Not cached: a pruning net costs about what a miss in a large table does.
            let out = ev.evaluate_pruning(&theirs, class)?;
            // gnubg's `UtilityME` of the opponent, with its gammon prices in a match.
            let score = judge.opponents_utility(&out);
            l.scores.push(score);
            if i < prune {
                kept[i] = i;
                if score > l.scores[kept[0]] {
                    kept[i] = kept[0];
                    kept[0] = i;
                }
            } else if score < l.scores[kept[0]] {
                kept[0] = i;
                let mut m = 0;
                for k in 1..prune {
                    if l.scores[kept[k]] > l.scores[kept[m]] {
                        m = k;
                    }
                }
                kept[0] = kept[m];
                kept[m] = i;
            }
        }
        self.best_at_zero(ev, &l.boards, kept[..prune].iter().copied(), judge)
    }

    /// The first of `which` with the highest 0-ply score (gnubg's `ScoreMoves` /
    /// `ScoreMovesPruned` at 0 plies: a later move must score strictly higher, or as high
    /// with a higher cubeless equity).
    fn best_at_zero(
        &mut self,
        ev: &NativeEvaluator,
        boards: &[Board],
        which: impl Iterator<Item = usize>,
        judge: MoveScoring,
    ) -> Result<Board, NativeError> {
        let mut best = (f32::MIN, f32::MIN);
        let mut at = 0;
        for i in which {
            let (score, second, _) = self.score_zero_ply(ev, &boards[i], judge)?;
            if score > best.0 || (score == best.0 && second > best.1) {
                best = (score, second);
                at = i;
            }
        }
        Ok(boards[at])
    }

    /// The moves of the roll `d0`-`d1` for the player of `b` as gnubg's hint lists them at
    /// `plies` with the move filters `filters` (its `FindnSaveBestMoves`, then the order of
    /// `RefreshMoveList`): the moves each filter stage keeps go on to the next ply, the others
    /// keep the ply and score of the stage that dropped them; a stage that keeps one move only
    /// ends the search there. Best first: deeper plies first, a move that bears off the last
    /// checker first, then by equity, ties to fewer checkers left, then the lower back checker.
    pub fn hint(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        d0: u8,
        d1: u8,
        plies: u8,
        filters: &MoveFilters,
    ) -> Result<Vec<ScoredMove>, NativeError> {
        self.hint_at(ev, b, d0, d1, plies, filters, MoveScoring::Money)
    }

    /// [`Search::hint`] judged by `judge`: cubeless, or cubeful with the mover's cube info
    /// (gnubg's hint at a match state, each move scored by its cubeful `ScoreMove`).
    #[allow(clippy::too_many_arguments)]
    pub fn hint_at(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        d0: u8,
        d1: u8,
        plies: u8,
        filters: &MoveFilters,
        judge: MoveScoring,
    ) -> Result<Vec<ScoredMove>, NativeError> {
        let mut boards = Vec::new();
        generate(b, d0, d1, &mut boards);
        let mut moves: Vec<ScoredMove> = boards
            .iter()
            .map(|&board| ScoredMove::unscored(board))
            .collect();
        if moves.is_empty() {
            return Ok(moves);
        }
        let row = &filters.0[(plies.clamp(1, 4) - 1) as usize];
        let mut count = moves.len();
        let mut finished = false;
        for ply in 0..plies {
            let f = row.get(ply as usize).copied().unwrap_or(NONE);
            if f.accept < 0 {
                continue;
            }
            self.score_all(ev, &mut moves[..count], ply, judge)?;
            moves[..count].sort_by(by_score);
            let before = count;
            count = count.min(f.accept as usize);
            let limit = before.min(count + f.extra as usize);
            while count < limit {
                if moves[count].equity < moves[0].equity - f.threshold {
                    break;
                }
                count += 1;
            }
            if count == 1 && f.accept != 1 {
                finished = true;
                break;
            }
        }
        if !finished {
            self.score_all(ev, &mut moves[..count], plies, judge)?;
            moves[..count].sort_by(by_score);
        }
        moves.sort_by(in_hint_order);
        Ok(moves)
    }

    /// The moves to `boards` (each `[opponent, mover]`, as [`ScoredMove::board`]) scored at
    /// `plies` by `judge`, in the order given: what [`Search::hint_at`] gives each of them at
    /// the full depth, for a few moves a filter left lower.
    pub fn score_boards(
        &mut self,
        ev: &NativeEvaluator,
        boards: &[Board],
        plies: u8,
        judge: MoveScoring,
    ) -> Result<Vec<ScoredMove>, NativeError> {
        let mut moves: Vec<ScoredMove> = boards
            .iter()
            .map(|&board| ScoredMove::unscored(board))
            .collect();
        self.score_all(ev, &mut moves, plies, judge)?;
        Ok(moves)
    }

    /// Scores `moves` at `plies`: on one thread at 0 plies, else on up to `threads`.
    fn score_all(
        &mut self,
        ev: &NativeEvaluator,
        moves: &mut [ScoredMove],
        plies: u8,
        judge: MoveScoring,
    ) -> Result<(), NativeError> {
        let threads = self.threads.min(moves.len());
        let boards: Vec<Board> = moves.iter().map(|m| m.board).collect();
        let next = AtomicUsize::new(0);
        let scores = if plies == 0 || threads <= 1 {
            self.score_shared(ev, &boards, &next, plies, judge)
        } else {
            let mut helpers = std::mem::take(&mut self.helpers);
            while helpers.len() < threads - 1 {
                let mut h = Search::new();
                h.set_threads(1);
                h.cache = self.cache.clone();
                h.cubeful = self.cubeful.clone();
                helpers.push(h);
            }
            let scores = std::thread::scope(|s| {
                let (boards, next) = (&boards, &next);
                let others: Vec<_> = helpers[..threads - 1]
                    .iter_mut()
                    .map(|h| s.spawn(move || h.score_shared(ev, boards, next, plies, judge)))
                    .collect();
                let mut scores = self.score_shared(ev, boards, next, plies, judge);
                for t in others {
                    scores.extend(t.join().expect("a scoring thread does not panic"));
                }
                scores
            });
            self.helpers = helpers;
            scores
        };
        for (i, score) in scores {
            let (equity, second, probs) = score?;
            let m = &mut moves[i];
            m.equity = equity;
            m.second = second;
            m.probs = probs;
            m.plies = plies;
        }
        Ok(())
    }

    /// Scores the moves to `boards` at `plies`, each thread taking the next not yet taken.
    fn score_shared(
        &mut self,
        ev: &NativeEvaluator,
        boards: &[Board],
        next: &AtomicUsize,
        plies: u8,
        judge: MoveScoring,
    ) -> Vec<(usize, Score)> {
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, AtomicOrdering::Relaxed);
            let Some(b) = boards.get(i) else {
                return out;
            };
            out.push((i, self.score(ev, b, plies, judge)));
        }
    }
}

/// gnubg's `CompareMoves`: the higher score first, then the higher cubeless equity
/// (cubeless, its two scores are one).
fn by_score(a: &ScoredMove, b: &ScoredMove) -> Ordering {
    b.equity
        .partial_cmp(&a.equity)
        .unwrap_or(Ordering::Equal)
        .then_with(|| b.second.partial_cmp(&a.second).unwrap_or(Ordering::Equal))
}

/// gnubg's `CompareMovesGeneral`, the order of a hint list.
fn in_hint_order(a: &ScoredMove, b: &ScoredMove) -> Ordering {
    let back_and_left = |m: &ScoredMove| {
        let side = &m.board[1];
        let back = (0..25).rev().find(|&p| side[p] > 0);
        let left: u32 = side.iter().map(|&n| n as u32).sum();
        (back, left)
    };
    b.plies.cmp(&a.plies).then_with(|| {
        let ((back_a, left_a), (back_b, left_b)) = (back_and_left(a), back_and_left(b));
        match (back_a, back_b) {
            (None, None) => Ordering::Equal,
            (None, _) => Ordering::Less,
            (_, None) => Ordering::Greater,
            _ if a.equity != b.equity || a.second != b.second => by_score(a, b),
            _ => left_a.cmp(&left_b).then(back_a.cmp(&back_b)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::Dice;
    use crate::core::moves::MoveGenerator;
    use crate::core::position::{Position, Side};
    use crate::core::rng::SplitMix64;

    /// gnubg's order of generation finds the same results as bgw's move generator, on
    /// random positions of random play, every roll.
    #[test]
    fn generation_finds_bgws_legal_results() {
        let mut rng = SplitMix64::new(5);
        let mut bgw = MoveGenerator::new();
        let mut ours = Vec::new();
        let mut checked = 0;
        for _game in 0..40 {
            let mut pos = Position::opening(Side::White);
            for _turn in 0..200 {
                if pos.player_off() == 15 || pos.opponent_off() == 15 {
                    break;
                }
                for d in Dice::all() {
                    let b = pos.sides();
                    generate(&b, d.high(), d.low(), &mut ours);
                    let theirs = bgw.generate(&pos, d);
                    assert_eq!(ours.len(), theirs.len(), "{pos:?} {d:?}");
                    for play in theirs {
                        let s = play.result.sides();
                        assert!(ours.contains(&s), "{pos:?} {d:?}: {:?}", play.mv);
                    }
                    checked += 1;
                }
                let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
                let plays = bgw.generate(&pos, dice).to_vec();
                if !plays.is_empty() {
                    pos = plays[rng.below(plays.len() as u32) as usize].result;
                }
                pos = pos.mirror();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The opening 3-1: 16 moves, the first of gnubg's order moves the back checker first.
    #[test]
    fn generation_order_is_gnubgs() {
        let b = Position::opening(Side::White).sides();
        let mut out = Vec::new();
        generate(&b, 3, 1, &mut out);
        assert_eq!(out.len(), 16);
        // gnubg's first: the 3 from the 24-point, then the 1 from the other back checker.
        assert_eq!(out[0][1][23], 0);
        assert_eq!((out[0][1][22], out[0][1][20]), (1, 1));
    }

    /// Scoring a ranking's moves on several threads gives the same list as on one.
    #[test]
    fn threads_do_not_change_the_figures() {
        let ev = NativeEvaluator::self_contained();
        let pos = crate::core::formats::decode_position_id("4HPwATDgc/ABMA", Side::White).unwrap();
        let mut lists = Vec::new();
        for threads in [1, 3] {
            let mut search = Search::new();
            search.set_threads(threads);
            let hint = search
                .hint(&ev, &pos.sides(), 3, 1, 1, &MoveFilters::ALL)
                .unwrap();
            lists.push(hint);
        }
        assert!(lists[0].len() > 5);
        assert!(lists[0].iter().all(|m| m.plies == 1));
        assert_eq!(lists[0], lists[1]);
    }

    #[test]
    fn the_cache_gives_back_what_it_holds() {
        let c = Cache::new();
        let b = Position::opening(Side::White).sides();
        assert_eq!(c.get(&pack(&b), 1), None);
        c.put(pack(&b), 1, [0.5; 5]);
        assert_eq!(c.get(&pack(&b), 1), Some([0.5; 5]));
        assert_eq!(c.get(&pack(&b), 2), None);
        let mut moved = b;
        moved[1][5] -= 1;
        moved[1][4] += 1;
        assert_eq!(c.get(&pack(&moved), 1), None);
    }
}
