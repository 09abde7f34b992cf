//! The move generator: a depth-first search over dice, tuned for millions of positions a second.
//!
//! Doubles: checkers are moved in order of non-increasing source point. Any legal sequence of
//! one die value stays legal when so reordered, and different multisets of source points reach
//! different positions, so each result is found exactly once with no duplicate check.
//!
//! Other rolls: both orders of the dice are searched and duplicates removed with a small hash
//! table. The hash of a result is Σ Z\[to\] − Σ Z\[from\] over its steps plus H\[p\] for each
//! hit: a function of the resulting position alone, so it is updated per step in O(1).

use super::{Move, Play};
use crate::dice::Dice;
use crate::position::{BAR, Position, Side};

/// Checkers of the side to move, as a board plus a bit mask of the points it occupies
/// (bit p set when `b[p] > 0`, p in 1..=25).
#[derive(Clone, Copy)]
struct State {
    b: [i8; 26],
    own: u32,
}

impl State {
    fn new(board: &[i8; 26]) -> State {
        let mut own = 0u32;
        for (p, &n) in board.iter().enumerate().skip(1) {
            if n > 0 {
                own |= 1 << p;
            }
        }
        State { b: *board, own }
    }

    /// The highest occupied point (25 = bar), 0 when none is left.
    #[inline(always)]
    fn top(&self) -> usize {
        (31 - self.own.leading_zeros()) as usize
    }

    /// The points a checker may leave: the bar alone while it is occupied, else every
    /// occupied point up to `max`.
    #[inline(always)]
    fn sources(&self, max: usize) -> u32 {
        if self.own & (1 << BAR) != 0 {
            if max >= BAR { 1 << BAR } else { 0 }
        } else {
            self.own & ((2u32 << max) - 1)
        }
    }

    /// Where a checker on `from` lands with `die` (0 = off), if it may.
    #[inline(always)]
    fn target(&self, from: usize, die: usize) -> Option<usize> {
        if from > die {
            let to = from - die;
            (self.b[to] >= -1).then_some(to)
        } else if self.own >> 7 != 0 {
            None
        } else if from == die || from == self.top() {
            Some(0)
        } else {
            None
        }
    }

    /// Moves one checker; returns the new state and whether it hit.
    #[inline(always)]
    fn apply(&self, from: usize, to: usize) -> (State, bool) {
        let mut s = *self;
        s.b[from] -= 1;
        if s.b[from] == 0 {
            s.own &= !(1 << from);
        }
        let mut hit = false;
        if to != 0 {
            if s.b[to] == -1 {
                s.b[to] = 1;
                s.b[0] -= 1;
                hit = true;
            } else {
                s.b[to] += 1;
            }
            s.own |= 1 << to;
        }
        (s, hit)
    }
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn table(seed: u64) -> [u64; 26] {
    let mut t = [0u64; 26];
    let mut i = 0;
    while i < 26 {
        t[i] = splitmix(seed * 64 + i as u64);
        i += 1;
    }
    t
}

/// Per-point keys for checkers arriving (and, subtracted, leaving).
const Z: [u64; 26] = table(1);
/// Per-point keys for hits.
const H: [u64; 26] = table(2);

#[inline(always)]
fn step_hash(from: usize, to: usize, hit: bool) -> u64 {
    let hit_key = if hit { H[to] } else { 0 };
    Z[to].wrapping_sub(Z[from]).wrapping_add(hit_key)
}

const SLOTS: usize = 1024;

#[derive(Clone, Copy, Default)]
struct Slot {
    hash: u64,
    stamp: u32,
    index: u32,
}

/// A reusable move generator: keep one per thread and call [`MoveGenerator::generate`] for
/// each position; its buffers are reused, so steady use allocates nothing.
pub struct MoveGenerator {
    plays: Vec<Play>,
    singles: Vec<Play>,
    slots: Box<[Slot; SLOTS]>,
    stamp: u32,
    on_roll: Side,
    depth: usize,
}

impl Default for MoveGenerator {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveGenerator {
    /// A generator with empty buffers.
    pub fn new() -> MoveGenerator {
        MoveGenerator {
            plays: Vec::with_capacity(256),
            singles: Vec::with_capacity(16),
            slots: Box::new([Slot::default(); SLOTS]),
            stamp: 0,
            on_roll: Side::White,
            depth: 0,
        }
    }

    /// Every distinct legal result of `dice` in `pos`, each with one move reaching it; empty
    /// when no move is legal. The order is the generator's; sort if you need another.
    pub fn generate(&mut self, pos: &Position, dice: Dice) -> &[Play] {
        self.plays.clear();
        self.on_roll = pos.on_roll();
        let state = State::new(pos.board());
        if dice.is_double() {
            self.depth = 0;
            self.doubles(&state, dice.high() as usize, BAR, 0, Move::default());
        } else {
            self.two_dice(&state, dice.high() as usize, dice.low() as usize);
        }
        &self.plays
    }

    #[inline(always)]
    fn play(&self, s: &State, mv: Move) -> Play {
        Play {
            mv,
            result: Position::from_board_unchecked(self.on_roll, s.b),
        }
    }

    fn doubles(&mut self, s: &State, die: usize, max: usize, depth: usize, mv: Move) {
        let mut sources = s.sources(max);
        let mut moved = false;
        while sources != 0 {
            let from = (31 - sources.leading_zeros()) as usize;
            sources &= !(1 << from);
            let Some(to) = s.target(from, die) else {
                continue;
            };
            moved = true;
            let (next, hit) = s.apply(from, to);
            let mv = mv.push(from, to, hit);
            if depth == 3 {
                self.keep_deepest(&next, mv, 4);
            } else {
                self.doubles(&next, die, from, depth + 1, mv);
            }
        }
        if !moved && depth > 0 {
            self.keep_deepest(s, mv, depth);
        }
    }

    /// Keeps a double's result if it uses as many dice as the best so far.
    #[inline(always)]
    fn keep_deepest(&mut self, s: &State, mv: Move, depth: usize) {
        if depth > self.depth {
            self.depth = depth;
            self.plays.clear();
        }
        if depth == self.depth {
            let play = self.play(s, mv);
            self.plays.push(play);
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
            let mut sources = s.sources(BAR);
            while sources != 0 {
                let from = (31 - sources.leading_zeros()) as usize;
                sources &= !(1 << from);
                let Some(to) = s.target(from, first) else {
                    continue;
                };
                let (mid, hit) = s.apply(from, to);
                let mv = Move::default().push(from, to, hit);
                let hash = step_hash(from, to, hit);
                let mut continued = false;
                let mut sources2 = mid.sources(BAR);
                while sources2 != 0 {
                    let from2 = (31 - sources2.leading_zeros()) as usize;
                    sources2 &= !(1 << from2);
                    let Some(to2) = mid.target(from2, second) else {
                        continue;
                    };
                    continued = true;
                    let (end, hit2) = mid.apply(from2, to2);
                    let hash = hash.wrapping_add(step_hash(from2, to2, hit2));
                    self.insert_distinct(&end, mv.push(from2, to2, hit2), hash);
                }
                // One die alone counts only if no play uses both; the larger die comes first.
                if !continued && self.plays.is_empty() {
                    if single_die == 0 {
                        single_die = first;
                    }
                    if single_die == first {
                        let play = self.play(&mid, mv);
                        self.singles.push(play);
                    }
                }
            }
        }
        if self.plays.is_empty() {
            std::mem::swap(&mut self.plays, &mut self.singles);
        }
    }

    #[inline(always)]
    fn insert_distinct(&mut self, s: &State, mv: Move, hash: u64) {
        let mut i = (hash as usize ^ (hash >> 32) as usize) & (SLOTS - 1);
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                self.slots[i] = Slot {
                    hash,
                    stamp: self.stamp,
                    index: self.plays.len() as u32,
                };
                let play = self.play(s, mv);
                self.plays.push(play);
                return;
            }
            if slot.hash == hash && self.plays[slot.index as usize].result.board() == &s.b {
                return;
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }
}
