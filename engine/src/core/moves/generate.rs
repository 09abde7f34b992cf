//! The move generator: a depth-first search over the dice, built for millions of positions a
//! second.
//!
//! The legal source points of a die are found with a few bit operations on masks (the points
//! the mover occupies, the points the opponent has made), so only legal steps are visited. Each
//! level of the search works on its own copy of the board, and a result is written straight
//! into the output buffer: the board before the last step is copied in place and the step made
//! there.
//!
//! Doubles: checkers are moved in order of non-increasing source point. Any legal sequence of
//! one die value stays legal when so reordered, and different multisets of source points reach
//! different positions, so each result is found exactly once with no duplicate check.
//!
//! Other rolls: the larger die first, then the smaller die first. A smaller-first play whose
//! second step moves, plainly, a checker that stood on its point before the move is the
//! larger-first play in the other order, so it is skipped; the rest are checked against a
//! small hash table of the results kept so far (two plays may still meet, as 13/10 10/5 and
//! 13/8 8/5 do). The hash of a result is Σ Z\[to\] − Σ Z\[from\] over its steps plus H\[p\]
//! for each hit: a function of the resulting position alone, updated per step in O(1).

use super::{Move, Play};
use crate::core::dice::Dice;
use crate::core::position::{BAR, Position};

/// Where the search stands: the board so far, a mask of the points the mover occupies (bit p
/// set when `board[p] > 0`, 25 the bar) and a mask of the opposing blots not yet hit.
#[derive(Clone, Copy)]
struct State {
    board: Position,
    mask: u32,
    blots: u32,
}

impl State {
    /// The state of `pos`, and the mask of the points the opponent has made.
    #[inline(always)]
    fn new(pos: &Position) -> (State, u32) {
        let mut bytes = [0u8; 32];
        for (b, &n) in bytes.iter_mut().zip(pos.board()) {
            *b = n as u8;
        }
        let (mut mask, mut blots, mut blocked) = (0u32, 0u32, 0u32);
        for (i, chunk) in bytes.chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let negative = w & HIGH_BITS;
            let nonzero = high_bit_if_nonzero(w);
            let minus_one = !high_bit_if_nonzero(!w) & HIGH_BITS;
            mask |= gather_high_bits(nonzero & !negative) << (8 * i);
            blots |= gather_high_bits(minus_one) << (8 * i);
            blocked |= gather_high_bits(negative & !minus_one) << (8 * i);
        }
        // Byte 0 is the opponent's bar: never a landing point.
        let state = State {
            board: *pos,
            mask,
            blots: blots & !1,
        };
        (state, blocked & !1)
    }

    /// The highest occupied point (25 = bar), 0 when none is left.
    #[inline(always)]
    fn top(&self) -> usize {
        (32 - self.mask.leading_zeros() as usize).saturating_sub(1)
    }

    /// Whether a checker landing on `to` hits a blot.
    #[inline(always)]
    fn hits(&self, to: usize) -> bool {
        self.blots & (1 << to) != 0
    }

    /// Moves one checker from `from` to `to` (0 = off).
    #[inline(always)]
    fn apply(&mut self, from: usize, to: usize, hit: bool) {
        self.board.step_unchecked(from, to, hit);
        if self.board.board()[from] == 0 {
            self.mask &= !(1 << from);
        }
        self.mask |= (1 << to) & !1;
        self.blots &= !(1 << to);
    }
}

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Sets the high bit of each byte of `w` that is not zero, and clears the rest.
#[inline(always)]
fn high_bit_if_nonzero(w: u64) -> u64 {
    const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((w & LOW_SEVEN) + LOW_SEVEN) | w) & HIGH_BITS
}

/// The high bits of the eight bytes of `w` as an 8-bit mask (bit i from byte i).
#[inline(always)]
fn gather_high_bits(w: u64) -> u32 {
    (((w >> 7) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The points from which a checker may move `die` pips: only the bar while it is occupied,
/// else every occupied point up to `max` whose landing point is not `blocked`, plus bear-offs
/// when all checkers are home (exactly, or from the highest point with a larger die).
#[inline(always)]
fn movable(s: &State, blocked: u32, die: usize, max: usize) -> u32 {
    if s.mask & (1 << BAR) != 0 {
        let open = blocked & (1 << (BAR - die)) == 0;
        return if max == BAR && open { 1 << BAR } else { 0 };
    }
    let mut m = s.mask & !(blocked << die) & (!0u32 << (die + 1));
    if s.mask >> 7 == 0 {
        if s.mask & (1 << die) != 0 {
            m |= 1 << die;
        } else {
            let top = s.top();
            if top < die {
                m |= (1 << top) & !1;
            }
        }
    }
    m & ((2u32 << max) - 1)
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn keys(seed: u64) -> [u64; 26] {
    let mut t = [0u64; 26];
    let mut i = 0;
    while i < 26 {
        t[i] = splitmix(seed * 64 + i as u64);
        i += 1;
    }
    t
}

/// Per-point keys for checkers arriving (and, subtracted, leaving).
const Z: [u64; 26] = keys(1);
/// Per-point keys for hits.
const H: [u64; 26] = keys(2);

/// One step's share of a result's hash.
#[inline(always)]
fn step_hash(from: usize, to: usize, hit: bool) -> u64 {
    let hit_key = if hit { H[to] } else { 0 };
    Z[to].wrapping_sub(Z[from]).wrapping_add(hit_key)
}

/// A duplicate-table entry: a kept play's hash and index, valid for one search (`stamp`).
#[derive(Clone, Copy, Default)]
struct Slot {
    hash: u64,
    stamp: u32,
    index: u32,
}

/// The highest set bit of a non-empty mask.
#[inline(always)]
fn highest(bits: u32) -> usize {
    (31 - bits.leading_zeros()) as usize
}

/// The set bits of a mask, highest first.
#[inline(always)]
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = highest(mask);
            mask &= !(1 << bit);
            bit
        })
    })
}

const SLOTS: usize = 1024;

/// A reusable move generator: keep one per thread and call [`MoveGenerator::generate`] for
/// each position; its buffers are reused, so steady use allocates nothing.
pub struct MoveGenerator {
    /// The output buffer; the first `len` entries are the results.
    plays: Vec<Play>,
    len: usize,
    singles: Vec<Play>,
    slots: Box<[Slot; SLOTS]>,
    stamp: u32,
    /// Points holding two or more opposing checkers (they never change during a move).
    blocked: u32,
    /// The most dice a double's play found so far uses.
    depth: usize,
}

impl Default for MoveGenerator {
    fn default() -> Self {
        Self::new()
    }
}

const EMPTY_PLAY: Play = Play {
    mv: Move(0),
    result: Position::EMPTY,
};

impl MoveGenerator {
    /// A generator with empty buffers.
    pub fn new() -> MoveGenerator {
        MoveGenerator {
            plays: vec![EMPTY_PLAY; 256],
            len: 0,
            singles: Vec::with_capacity(16),
            slots: Box::new([Slot::default(); SLOTS]),
            stamp: 0,
            blocked: 0,
            depth: 0,
        }
    }

    /// Every distinct legal result of `dice` in `pos`, each with one move reaching it; empty
    /// when no move is legal. The order is the generator's; sort if you need another.
    pub fn generate(&mut self, pos: &Position, dice: Dice) -> &[Play] {
        self.len = 0;
        let (start, blocked) = State::new(pos);
        self.blocked = blocked;
        if dice.is_double() {
            self.depth = 0;
            self.doubles(&start, dice.high() as usize);
        } else {
            self.two_dice(&start, dice.high() as usize, dice.low() as usize);
        }
        &self.plays[..self.len]
    }

    /// Appends the play `mv` whose last step, `from`→`to`, is made from `before`: the board is
    /// copied straight into the output buffer and the step made there.
    #[inline(always)]
    fn emit(&mut self, before: &Position, mv: Move, from: usize, to: usize, hit: bool) {
        if self.len == self.plays.len() {
            self.plays.resize(2 * self.len, EMPTY_PLAY);
        }
        let play = &mut self.plays[self.len];
        play.mv = mv;
        play.result = *before;
        play.result.step_unchecked(from, to, hit);
        self.len += 1;
    }

    /// Searches a double: four nested levels, each moving one checker by `die` from a point no
    /// higher than the level above moved from.
    fn doubles(&mut self, start: &State, die: usize) {
        // The next step from `$s` leaving `$from`: (state after it, move so far).
        macro_rules! step {
            ($s:expr, $mv:expr, $from:expr) => {{
                let to = $from.saturating_sub(die);
                let hit = $s.hits(to);
                let mut next = *$s;
                next.apply($from, to, hit);
                (next, $mv.push($from, to, hit))
            }};
        }
        let blocked = self.blocked;
        for from1 in bits(movable(start, blocked, die, BAR)) {
            let (s1, mv1) = step!(start, Move::default(), from1);
            let sources = movable(&s1, blocked, die, from1);
            if sources == 0 {
                self.keep_shorter(&s1.board, mv1, 1);
            }
            for from2 in bits(sources) {
                let (s2, mv2) = step!(&s1, mv1, from2);
                let sources = movable(&s2, blocked, die, from2);
                if sources == 0 {
                    self.keep_shorter(&s2.board, mv2, 2);
                }
                for from3 in bits(sources) {
                    let (s3, mv3) = step!(&s2, mv2, from3);
                    let sources = movable(&s3, blocked, die, from3);
                    if sources == 0 {
                        self.keep_shorter(&s3.board, mv3, 3);
                        continue;
                    }
                    if self.depth < 4 {
                        self.depth = 4;
                        self.len = 0;
                    }
                    for from4 in bits(sources) {
                        let to = from4.saturating_sub(die);
                        let hit = s3.hits(to);
                        self.emit(&s3.board, mv3.push(from4, to, hit), from4, to, hit);
                    }
                }
            }
        }
    }

    /// Keeps a double's play that ends early (no further step is legal) if no play found so
    /// far uses more dice.
    fn keep_shorter(&mut self, board: &Position, mv: Move, depth: usize) {
        if depth > self.depth {
            self.depth = depth;
            self.len = 0;
        }
        if depth == self.depth {
            if self.len == self.plays.len() {
                self.plays.resize(2 * self.len, EMPTY_PLAY);
            }
            self.plays[self.len] = Play { mv, result: *board };
            self.len += 1;
        }
    }

    fn two_dice(&mut self, s: &State, high: usize, low: usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.singles.clear();
        let mut single_die = 0;
        for (first, second) in [(high, low), (low, high)] {
            let mut sources = movable(s, self.blocked, first, BAR);
            while sources != 0 {
                let from = highest(sources);
                sources &= !(1 << from);
                let to = from.saturating_sub(first);
                let hit = s.hits(to);
                let mut mid = *s;
                mid.apply(from, to, hit);
                let mv = Move::default().push(from, to, hit);
                let hash = step_hash(from, to, hit);
                let mut sources2 = movable(&mid, self.blocked, second, BAR);
                if first == low && from != BAR && from > low {
                    // A checker that stood on its point before the move and moves plainly by
                    // the larger die: the first pass played the same two steps the other way.
                    let plain_high = ((1u32 << BAR) - 1) & (!0u32 << (high + 1));
                    sources2 &= !(s.mask & plain_high);
                }
                while sources2 != 0 {
                    let from2 = highest(sources2);
                    sources2 &= !(1 << from2);
                    let to2 = from2.saturating_sub(second);
                    let hit2 = mid.hits(to2);
                    let hash = hash.wrapping_add(step_hash(from2, to2, hit2));
                    let mv = mv.push(from2, to2, hit2);
                    self.insert_distinct(&mid.board, mv, from2, to2, hit2, hash);
                }
                // One die alone counts only if no play uses both (the singles are dropped as
                // soon as one does); the larger die comes first.
                if self.len == 0 {
                    if single_die == 0 {
                        single_die = first;
                    }
                    if single_die == first {
                        self.singles.push(Play {
                            mv,
                            result: mid.board,
                        });
                    }
                }
            }
        }
        if self.len == 0 {
            for &play in &self.singles {
                self.plays[self.len] = play;
                self.len += 1;
            }
        }
    }

    /// Appends the play unless a kept play reaches the same position.
    #[inline(always)]
    fn insert_distinct(
        &mut self,
        before: &Position,
        mv: Move,
        from: usize,
        to: usize,
        hit: bool,
        hash: u64,
    ) {
        let mut i = (hash >> 54) as usize;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                self.slots[i] = Slot {
                    hash,
                    stamp: self.stamp,
                    index: self.len as u32,
                };
                self.emit(before, mv, from, to, hit);
                return;
            }
            if slot.hash == hash {
                let mut result = *before;
                result.step_unchecked(from, to, hit);
                if self.plays[slot.index as usize].result == result {
                    return;
                }
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }
}
