//! The nets' inputs as gnubg 1.07 computes them, into caller-owned arrays (no allocation).
//!
//! A board is gnubg's `TanBoard`: `[opponent, player]`, each side counted from its own ace
//! point (index 0 its 1-point, 24 its bar), the player on roll. Every input is gnubg's, in
//! its order and with its quirks (each noted where it looks like a slip: the nets were
//! trained on them, so they stay). Divisions by constants are products by the constant's
//! reciprocal, as gnubg's `-ffast-math` build computes them.

// The loops keep gnubg's indices (points, rolls, outputs), which say what they compute.
#![allow(clippy::needless_range_loop)]

use super::net::{LISTED_INPUTS, Listed};
use super::weights::{CONTACT_INPUTS, PRUNING_INPUTS, RACE_INPUTS};
use std::sync::LazyLock;

/// gnubg's board: `[opponent, player]`, 25 counts each.
pub type Board = [[u8; 25]; 2];

// The contact block's inputs, in gnubg's order (read by `why.rs` too).
pub(super) const OFF1: usize = 0;
pub(super) const BREAK_CONTACT: usize = 3;
pub(super) const BACK_CHEQUER: usize = 4;
pub(super) const BACK_ANCHOR: usize = 5;
pub(super) const FORWARD_ANCHOR: usize = 6;
pub(super) const PIPLOSS: usize = 7;
pub(super) const P1: usize = 8;
pub(super) const P2: usize = 9;
pub(super) const BACKESCAPES: usize = 10;
pub(super) const ACONTAIN: usize = 11;
pub(super) const ACONTAIN2: usize = 12;
pub(super) const CONTAIN: usize = 13;
pub(super) const CONTAIN2: usize = 14;
pub(super) const MOBILITY: usize = 15;
pub(super) const MOMENT2: usize = 16;
pub(super) const ENTER: usize = 17;
pub(super) const ENTER2: usize = 18;
pub(super) const TIMING: usize = 19;
pub(super) const BACKBONE: usize = 20;
pub(super) const BACKG: usize = 21;
pub(super) const BACKG1: usize = 22;
pub(super) const FREEPIP: usize = 23;
pub(super) const BACKRESCAPES: usize = 24;

/// Half of the race inputs: 23 points × 4, 14 for the checkers off, 1 for the crossovers.
pub(super) const HALF_RACE: usize = 107;
pub(super) const RACE_OFF: usize = 92;
pub(super) const RACE_CROSS: usize = 106;

/// The escape tables: for each pattern of 12 points (bit i: the i-th point ahead is made),
/// the rolls out of 36 whose two dice jump past them — gnubg's `anEscapes` and, counting only
/// landings beyond the first made point, `anEscapes1`.
struct Escapes {
    all: [u8; 0x1000],
    beyond_first: [u8; 0x1000],
}

static ESCAPES: LazyLock<Escapes> = LazyLock::new(|| {
    let mut t = Escapes {
        all: [0; 0x1000],
        beyond_first: [0; 0x1000],
    };
    for pattern in 0..0x1000usize {
        let made = |bit: usize| pattern & (1 << bit) != 0;
        let lowest = pattern.trailing_zeros() as usize;
        let (mut all, mut beyond) = (0u8, 0u8);
        for d0 in 0..6 {
            for d1 in 0..=d0 {
                // Lands on the point d0 + d1 + 1 ahead, through either die's point.
                if made(d0 + d1 + 1) || (made(d0) && made(d1)) {
                    continue;
                }
                let ways = if d0 == d1 { 1 } else { 2 };
                all += ways;
                if pattern != 0 && d0 + d1 + 1 > lowest {
                    beyond += ways;
                }
            }
        }
        t.all[pattern] = all;
        t.beyond_first[pattern] = beyond;
    }
    t
});

/// The points of `board` with two or more checkers: bit `i` for point `i`.
#[cfg(test)]
fn made_points(board: &[u8; 25]) -> u32 {
    let mut made = 0u32;
    for (i, &n) in board.iter().enumerate() {
        if n >= 2 {
            made |= 1 << i;
        }
    }
    made
}

/// The pattern of made points among the `min(n, 12)` points from `n` ahead of the bar, as
/// gnubg's `Escapes` reads the board whose made points are `made` (bit `i` for point `i`):
/// bit `i` is the point `24 − n + i`.
#[inline]
fn pattern(made: u32, n: usize) -> usize {
    ((made >> (24 - n)) & ((1u32 << n.min(12)) - 1)) as usize
}

/// The rolls out of 36 that escape past the points `n` ahead of the bar (gnubg's `Escapes`).
fn escapes(made: u32, n: usize) -> i32 {
    ESCAPES.all[pattern(made, n)] as i32
}

/// [`escapes`] counting only landings beyond the first made point (gnubg's `Escapes1`).
fn escapes1(made: u32, n: usize) -> i32 {
    ESCAPES.beyond_first[pattern(made, n)] as i32
}

/// One way a roll hits at a distance: its dice faces used, the pips, the intermediate points
/// (from where the hitter starts) and whether all of them must be open (doubles) or one of
/// two (two different dice).
#[derive(Clone, Copy)]
struct Way {
    all: bool,
    inter: [u8; 3],
    faces: u8,
    pips: u8,
    /// The intermediate points as bits (bit `m`: the point `m` pips from where the hitter
    /// starts): every one of them for doubles, both for two dice; none for one die.
    inter_mask: u32,
}

impl Way {
    /// Whether the way is blocked, `made` holding bit `m` when the point `m` pips on is made
    /// by the other side: doubles by any intermediate point, two dice by both.
    #[inline(always)]
    fn blocked(&self, made: u32) -> bool {
        if self.all {
            made & self.inter_mask != 0
        } else {
            made & self.inter_mask == self.inter_mask
        }
    }
}

/// Every way to hit, and for each of the 21 rolls (the six doubles 1-1…6-6, then 2-1, 3-1,
/// 3-2, 4-1, … 6-5) the indices of its ways in gnubg's order: for two dice the smaller die,
/// the larger, both; for doubles one, two, three and four dice (as far as 24 pips).
struct Ways {
    ways: Vec<Way>,
    by_roll: [[i8; 4]; 21],
    /// Each roll's ways as bits (bit `w`: the way `w`).
    roll_ways: [u64; 21],
    /// The ways' indices by distance: those of distance `d` (1…24) are
    /// `by_distance[starts[d − 1]..starts[d]]`, in the order of their indices.
    by_distance: [u8; 64],
    starts: [u8; 25],
}

impl Ways {
    /// The indices of the ways that hit at `distance` pips (1…24).
    #[inline(always)]
    fn at_distance(&self, distance: usize) -> &[u8] {
        &self.by_distance[self.starts[distance - 1] as usize..self.starts[distance] as usize]
    }
}

static WAYS: LazyLock<Ways> = LazyLock::new(|| {
    let mut ways: Vec<Way> = Vec::new();
    let mut index_of = |w: Way| -> i8 {
        if let Some(i) = ways.iter().position(|x| {
            x.all == w.all && x.inter == w.inter && x.faces == w.faces && x.pips == w.pips
        }) {
            return i as i8;
        }
        ways.push(w);
        (ways.len() - 1) as i8
    };
    let direct = |d: u8| Way {
        all: true,
        inter: [0; 3],
        faces: 1,
        pips: d,
        inter_mask: 0,
    };
    let mut by_roll = [[-1i8; 4]; 21];
    for d in 1..=6u8 {
        let row = &mut by_roll[d as usize - 1];
        row[0] = index_of(direct(d));
        for k in 2..=4u8 {
            let mut inter = [0u8; 3];
            for (m, slot) in inter.iter_mut().enumerate().take(k as usize - 1) {
                *slot = d * (m as u8 + 1);
            }
            row[k as usize - 1] = index_of(Way {
                all: true,
                inter,
                faces: k,
                pips: d * k,
                inter_mask: 0,
            });
        }
    }
    let mut r = 6;
    for hi in 2..=6u8 {
        for lo in 1..hi {
            by_roll[r] = [
                index_of(direct(lo)),
                index_of(direct(hi)),
                index_of(Way {
                    all: false,
                    inter: [lo, hi, 0],
                    faces: 2,
                    pips: lo + hi,
                    inter_mask: 0,
                }),
                -1,
            ];
            r += 1;
        }
    }
    for w in &mut ways {
        let n = if w.all { w.faces as usize - 1 } else { 2 };
        w.inter_mask = w.inter[..n].iter().fold(0, |m, &p| m | 1 << p);
    }
    let mut roll_ways = [0u64; 21];
    for (r, row) in by_roll.iter().enumerate() {
        for &w in row.iter().filter(|&&w| w >= 0) {
            roll_ways[r] |= 1 << w;
        }
    }
    let mut by_distance = [0u8; 64];
    let mut starts = [0u8; 25];
    let mut n = 0;
    for d in 1..=24u8 {
        for (i, w) in ways.iter().enumerate() {
            if w.pips == d {
                by_distance[n] = i as u8;
                n += 1;
            }
        }
        starts[d as usize] = n as u8;
    }
    Ways {
        ways,
        by_roll,
        roll_ways,
        by_distance,
        starts,
    }
});

/// The 100 inputs of one side's checkers: four a point (one, two, three or more, and half
/// the checkers beyond three), and for the bar one, two, three or more (cumulative) and half
/// the checkers beyond three.
fn base_side(board: &[u8; 25], out: &mut [f32]) {
    for (p, &n) in board.iter().enumerate().take(24) {
        let o = &mut out[4 * p..4 * p + 4];
        o[0] = if n == 1 { 1.0 } else { 0.0 };
        o[1] = if n == 2 { 1.0 } else { 0.0 };
        o[2] = if n >= 3 { 1.0 } else { 0.0 };
        o[3] = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
    }
    let n = board[24];
    let o = &mut out[96..100];
    o[0] = if n >= 1 { 1.0 } else { 0.0 };
    o[1] = if n >= 2 { 1.0 } else { 0.0 };
    o[2] = if n >= 3 { 1.0 } else { 0.0 };
    o[3] = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
}

fn checkers(board: &[u8; 25]) -> i32 {
    board.iter().map(|&n| n as i32).sum()
}

/// Checkers off in three inputs of `step` checkers each, filled in turn: thirds up to 2, 5
/// and 8 off for the contact net (`step` 3), fifths up to 5, 10 and 15 for the crashed net
/// (`step` 5).
fn men_off(board: &[u8; 25], out: &mut [f32], step: i32) {
    let off = 15 - checkers(board);
    let part = |n: i32| n as f32 * (1.0 / step as f32);
    let (a, b, c) = if off < step {
        (part(off.max(0)), 0.0, 0.0)
    } else if off < 2 * step {
        (1.0, part(off - step), 0.0)
    } else {
        (1.0, 1.0, part(off - 2 * step))
    };
    out[OFF1] = a;
    out[OFF1 + 1] = b;
    out[OFF1 + 2] = c;
}

/// The pruning nets' inputs of `board` (gnubg's `baseInputs`): the 100 checker inputs of
/// each side, the opponent's first — the first 200 of the contact net's.
#[cfg(test)]
pub fn base(b: &Board, out: &mut [f32; PRUNING_INPUTS]) {
    base_side(&b[0], &mut out[0..100]);
    base_side(&b[1], &mut out[100..200]);
}

/// The inputs of [`base`] that are not zero, in the order of their indices, into `out`;
/// how many. What the pruning nets read, without the 200 inputs' zeros.
pub fn base_listed(b: &Board, out: &mut [Listed]) -> usize {
    base_listed_of(b, [Points::of(&b[0]), Points::of(&b[1])], out)
}

/// [`base_listed`] of a board whose points' bits are `points`: only the points with a
/// checker visited.
#[inline(always)]
fn base_listed_of(b: &Board, points: [Points; 2], out: &mut [Listed]) -> usize {
    let mut n = 0;
    let mut push = |i: usize, x: f32| {
        out[n] = (i as u32, x);
        n += 1;
    };
    for (s, side) in b.iter().enumerate() {
        let first = 100 * s;
        let mut on = points[s].occupied & 0x00ff_ffff;
        while on != 0 {
            let p = on.trailing_zeros() as usize;
            on &= on - 1;
            let c = side[p];
            let at = first + 4 * p;
            match c {
                1 => push(at, 1.0),
                2 => push(at + 1, 1.0),
                _ => {
                    push(at + 2, 1.0);
                    if c > 3 {
                        push(at + 3, (c - 3) as f32 / 2.0);
                    }
                }
            }
        }
        let c = side[24];
        for k in 0..3u8 {
            if c > k {
                push(first + 96 + k as usize, 1.0);
            }
        }
        if c > 3 {
            push(first + 99, (c - 3) as f32 / 2.0);
        }
    }
    n
}

/// The contact net's inputs of `board`.
pub fn contact(b: &Board, out: &mut [f32; CONTACT_INPUTS]) {
    base_side(&b[0], &mut out[0..100]);
    base_side(&b[1], &mut out[100..200]);
    after_base(
        b,
        [Points::of(&b[0]), Points::of(&b[1])],
        3,
        &mut out[200..250],
    );
}

/// The crashed net's inputs of `board`.
pub fn crashed(b: &Board, out: &mut [f32; CONTACT_INPUTS]) {
    base_side(&b[0], &mut out[0..100]);
    base_side(&b[1], &mut out[100..200]);
    after_base(
        b,
        [Points::of(&b[0]), Points::of(&b[1])],
        5,
        &mut out[200..250],
    );
}

/// The 50 inputs after the checkers' of the contact net (`step` 3) or the crashed net
/// (`step` 5): each side's checkers off and [`half`], the player's first.
#[inline(always)]
fn after_base(b: &Board, points: [Points; 2], step: i32, out: &mut [f32]) {
    // gnubg's contact net was trained with the two sides' checkers-off inputs swapped.
    let (first, second) = if step == 3 { (0, 1) } else { (1, 0) };
    men_off(&b[first], &mut out[0..25], step);
    half(&b[1], &b[0], points[1], points[0], &mut out[0..25]);
    men_off(&b[second], &mut out[25..50], step);
    half(&b[0], &b[1], points[0], points[1], &mut out[25..50]);
}

/// The inputs of [`contact`] (`step` 3) or [`crashed`] (`step` 5) that are not zero, in
/// the order of their indices, into `out`; how many. What the net reads, without the zeros.
pub fn contact_listed(b: &Board, step: i32, out: &mut [Listed; LISTED_INPUTS]) -> usize {
    let points = [Points::of(&b[0]), Points::of(&b[1])];
    let mut n = base_listed_of(b, points, &mut out[..]);
    let mut rest = [0f32; CONTACT_INPUTS - PRUNING_INPUTS];
    after_base(b, points, step, &mut rest);
    for (k, &x) in rest.iter().enumerate() {
        if x != 0.0 {
            out[n] = ((PRUNING_INPUTS + k) as u32, x);
            n += 1;
        }
    }
    n
}

/// The inputs of [`race`] that are not zero, in the order of their indices, into `out`;
/// how many.
pub fn race_listed(b: &Board, out: &mut [Listed; LISTED_INPUTS]) -> usize {
    let mut n = 0;
    let mut push = |i: usize, x: f32| {
        out[n] = (i as u32, x);
        n += 1;
    };
    for (side, board) in b.iter().enumerate() {
        let first = side * HALF_RACE;
        let mut off = 15i32;
        for (p, &c) in board.iter().enumerate().take(23) {
            off -= c as i32;
            let at = first + 4 * p;
            match c {
                0 => {}
                1 => push(at, 1.0),
                2 => push(at + 1, 1.0),
                _ => {
                    push(at + 2, 1.0);
                    if c > 3 {
                        push(at + 3, (c - 3) as f32 / 2.0);
                    }
                }
            }
        }
        if (1..=14).contains(&off) {
            push(first + RACE_OFF + off as usize - 1, 1.0);
        }
        let mut cross = 0u32;
        for q in 1..4usize {
            for &c in &board[6 * q..6 * q + 6] {
                cross += c as u32 * q as u32;
            }
        }
        if cross != 0 {
            push(first + RACE_CROSS, cross as f32 * (1.0 / 10.0));
        }
    }
    n
}

/// The race net's inputs of `board` (no checker on a side's 24-point or bar).
pub fn race(b: &Board, out: &mut [f32; RACE_INPUTS]) {
    for side in 0..2 {
        let board = &b[side];
        let o = &mut out[side * HALF_RACE..(side + 1) * HALF_RACE];
        let mut off = 15i32;
        for (p, &n) in board.iter().enumerate().take(23) {
            off -= n as i32;
            let k = 4 * p;
            o[k] = if n == 1 { 1.0 } else { 0.0 };
            o[k + 1] = if n == 2 { 1.0 } else { 0.0 };
            o[k + 2] = if n >= 3 { 1.0 } else { 0.0 };
            o[k + 3] = if n > 3 { (n - 3) as f32 / 2.0 } else { 0.0 };
        }
        for k in 0..14 {
            o[RACE_OFF + k] = if off == k as i32 + 1 { 1.0 } else { 0.0 };
        }
        let mut cross = 0u32;
        for q in 1..4usize {
            for &n in &board[6 * q..6 * q + 6] {
                cross += n as u32 * q as u32;
            }
        }
        o[RACE_CROSS] = cross as f32 * (1.0 / 10.0);
    }
}

#[derive(Clone, Copy, Default)]
struct RollHits {
    checkers: i32,
    pips: i32,
}

fn msb(n: u32) -> i32 {
    31 - n.leading_zeros() as i32
}

/// The points of a side as bits, once for [`half`]: bit `i` for point `i` (0…24).
#[derive(Clone, Copy)]
struct Points {
    /// Points with a checker.
    occupied: u32,
    /// Points with two or more (made points).
    made: u32,
    /// Points with exactly one.
    blots: u32,
}

impl Points {
    /// The bits of `side`, eight points at a time: a byte's top bit set where it is at
    /// least one (adding 0x7f) or two (adding 0x7e); counts are at most 15, so no byte
    /// carries into the next.
    #[inline(always)]
    fn of(side: &[u8; 25]) -> Points {
        const TOPS: u64 = 0x8080_8080_8080_8080;
        let (mut occupied, mut made) = (0u32, 0u32);
        for c in 0..3 {
            let x = u64::from_le_bytes(side[8 * c..8 * c + 8].try_into().expect("eight"));
            occupied |= gather_tops((x + 0x7f7f_7f7f_7f7f_7f7f) & TOPS) << (8 * c);
            made |= gather_tops((x + 0x7e7e_7e7e_7e7e_7e7e) & TOPS) << (8 * c);
        }
        occupied |= u32::from(side[24] > 0) << 24;
        made |= u32::from(side[24] >= 2) << 24;
        Points {
            occupied,
            made,
            blots: occupied & !made,
        }
    }
}

/// The top bits of the eight bytes of `tops` (nothing else set) as eight bits, byte `i`'s
/// as bit `i`: each byte's bit moved by the product to its own place in the top byte.
#[inline(always)]
fn gather_tops(tops: u64) -> u32 {
    ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// `bits` of points 0…23 seen from the other side: bit `23 − i` for bit `i` (the bar's bit
/// dropped).
#[inline(always)]
fn turned(bits: u32) -> u32 {
    (bits & 0x00ff_ffff).reverse_bits() >> 8
}

/// One side's contact inputs (all but the checkers off): `me` the side, `opp` the other.
/// The shots are found from the points' bits (the tests hold it against the point-by-point
/// version, gnubg's loops as first written).
fn half(me: &[u8; 25], opp: &[u8; 25], mine: Points, theirs: Points, out: &mut [f32]) {
    let ways = &*WAYS;
    let me_at = |i: i32| me[i as usize] as i32;
    let opp_at = |i: i32| opp[i as usize] as i32;

    // The opponent's back checker, counted from our side: 23 − its own index.
    let opp_back_own = msb(theirs.occupied);
    let n_opp_back = 23 - opp_back_own;

    {
        let mut np = 0i32;
        for i in (n_opp_back + 1).max(0)..25 {
            np += (i + 1 - n_opp_back) * me_at(i);
        }
        out[BREAK_CONTACT] = np as f32 * (1.0 / (15.0 + 152.0));
    }
    {
        let mut p = 0i32;
        for i in 0..n_opp_back.clamp(0, 25) {
            p += (i + 1) * me_at(i);
        }
        out[FREEPIP] = p as f32 * (1.0 / 100.0);
    }
    {
        let mut t = 0i32;
        let mut no = 0i32;
        let m = n_opp_back.max(11);
        t += 24 * me_at(24);
        no += me_at(24);
        let mut i = 23;
        while i > m {
            let n = me_at(i);
            if n != 0 && n != 2 {
                let ns = if n > 2 { n - 2 } else { 1 };
                no += ns;
                t += i * ns;
            }
            i -= 1;
        }
        while i >= 6 {
            let n = me_at(i);
            no += n;
            t += i * n;
            i -= 1;
        }
        for i in (0..6).rev() {
            let n = me_at(i);
            if n > 2 {
                t += i * (n - 2);
                no += n - 2;
            } else if n < 2 {
                let nm = 2 - n;
                if no >= nm {
                    t -= i * nm;
                    no -= nm;
                }
            }
        }
        out[TIMING] = t as f32 * (1.0 / 100.0);
    }
    {
        let back = msb(mine.occupied);
        out[BACK_CHEQUER] = back as f32 * (1.0 / 24.0);
        let start = if back == 24 { 23 } else { back };
        // The highest made point at or below `start` (-1 without one).
        let anchor = if start < 0 {
            start
        } else {
            msb(mine.made & ((2u32 << start) - 1))
        };
        out[BACK_ANCHOR] = anchor as f32 * (1.0 / 24.0);
        // The lowest made point from 18 to the anchor, else the highest from 17 down to 12.
        let low = if anchor >= 18 {
            mine.made & ((2u32 << anchor) - 1) & !((1u32 << 18) - 1)
        } else {
            0
        };
        let n = if low != 0 {
            24 - low.trailing_zeros() as i32
        } else {
            let mid = mine.made & 0x0003_f000;
            if mid != 0 { 24 - msb(mid) } else { 0 }
        };
        out[FORWARD_ANCHOR] = if n == 0 { 2.0 } else { n as f32 * (1.0 / 6.0) };
    }

    // Shots: for every way to hit, the points we can hit from with it. The points we hit
    // from: any with a checker but a point of our home board with exactly two.
    let mut home_pairs = 0u32;
    for (i, &n) in me[..6].iter().enumerate() {
        home_pairs |= u32::from(n == 2) << i;
    }
    let from_points = mine.occupied & !home_pairs;
    // The opponent's made points from our side: bit 23 − i for its point i.
    let opp_made_turned = turned(theirs.made);
    let n_board = (mine.occupied & 0x3f).count_ones();
    let mut hit = [0u32; 64];
    // The ways with a shot (bit w: `hit[w]` is not zero).
    let mut live = 0u64;
    let top = if n_board > 2 { 23 } else { 21 };
    let mut blots = theirs.blots & ((2u32 << top) - 1);
    while blots != 0 {
        let i = blots.trailing_zeros() as i32;
        blots &= blots - 1;
        // Bit m: the opponent's point m pips on from the blot towards its home is made.
        let made_ahead = opp_made_turned >> (23 - i);
        let mut from = from_points & !((1u32 << (24 - i)) - 1);
        while from != 0 {
            let j = from.trailing_zeros() as i32;
            from &= from - 1;
            for &w in ways.at_distance((j + i - 23) as usize) {
                if !ways.ways[w as usize].blocked(made_ahead) {
                    hit[w as usize] |= 1 << j;
                    live |= 1 << w;
                }
            }
        }
    }

    let mut rolls = [RollHits::default(); 21];
    let bar = me_at(24);
    // A roll's ways with a shot, visited as bits: in the order of their indices, which is
    // the roll's order of its ways (`by_roll`).
    if live == 0 {
        // No shot: every roll hits nothing.
    } else if bar == 0 {
        for (r, roll) in rolls.iter_mut().enumerate() {
            let mut shots = ways.roll_ways[r] & live;
            let mut used = -1i32;
            while shots != 0 {
                let w = shots.trailing_zeros() as usize;
                shots &= shots - 1;
                let way = &ways.ways[w];
                let k = msb(hit[w]);
                roll.pips = roll.pips.max(k - way.pips as i32 + 1);
                if way.faces == 1 {
                    if used != k || me_at(k) > 1 {
                        roll.checkers += 1;
                    }
                    used = k;
                    // Doubles (the first six rolls): a second direct shot from another point.
                    if r < 6 && hit[w] & !(1u32 << k) != 0 {
                        roll.checkers += 1;
                    }
                } else {
                    if roll.checkers == 0 {
                        roll.checkers = 1;
                    }
                    // A second blot on the way: the opponent's point 23 − k + m, m an
                    // intermediate point's pips (k ≤ 23 with no checker on the bar).
                    if (theirs.blots >> (23 - k)) & way.inter_mask != 0 {
                        roll.checkers += 1;
                    }
                }
            }
        }
    } else if bar == 1 {
        for (r, roll) in rolls.iter_mut().enumerate() {
            let mut shots = ways.roll_ways[r] & live;
            let row = &ways.by_roll[r];
            let mut entered = false;
            while shots != 0 {
                let w = shots.trailing_zeros() as usize;
                shots &= shots - 1;
                let way = &ways.ways[w];
                if way.faces == 1 {
                    // The points it hits from, from the highest down (not the ace point).
                    let mut from = hit[w] & !1;
                    while from != 0 {
                        let k = msb(from);
                        from &= !(1u32 << k);
                        if entered && k != 24 {
                            break;
                        }
                        if k != 24 {
                            // The other die must enter (for doubles gnubg looks at the
                            // two-dice way's pips: kept).
                            let other = if row[0] as usize == w { row[1] } else { row[0] };
                            let npip = ways.ways[other as usize].pips as i32;
                            if opp_at(npip - 1) > 1 {
                                break;
                            }
                            entered = true;
                        }
                        roll.checkers += 1;
                        roll.pips = roll.pips.max(k - way.pips as i32 + 1);
                    }
                } else {
                    if hit[w] & (1 << 24) == 0 {
                        continue;
                    }
                    if roll.checkers == 0 {
                        roll.checkers = 1;
                    }
                    roll.pips = roll.pips.max(25 - way.pips as i32);
                    // gnubg reads the intermediate point one past where it is: kept.
                    if (theirs.blots >> 1) & way.inter_mask != 0 {
                        roll.checkers += 1;
                    }
                }
            }
        }
    } else {
        for (r, roll) in rolls.iter_mut().enumerate() {
            for jw in 0..2 {
                let w = ways.by_roll[r][jw] as usize;
                if hit[w] & (1 << 24) == 0 {
                    continue;
                }
                let way = &ways.ways[w];
                if way.faces != 1 {
                    continue;
                }
                roll.checkers += 1;
                roll.pips = roll.pips.max(25 - way.pips as i32);
            }
        }
    }
    {
        let (mut np, mut n1, mut n2) = (0i32, 0i32, 0i32);
        for (r, roll) in rolls.iter().enumerate() {
            let weight = if r < 6 { 1 } else { 2 };
            np += roll.pips * weight;
            n1 += weight * i32::from(roll.checkers > 0);
            n2 += weight * i32::from(roll.checkers > 1);
        }
        out[PIPLOSS] = np as f32 * (1.0 / (12.0 * 36.0));
        out[P1] = n1 as f32 * (1.0 / 36.0);
        out[P2] = n2 as f32 * (1.0 / 36.0);
    }

    let opp_back_n = (23 - n_opp_back) as usize; // the opponent's back checker, its index
    let (me_made, opp_made) = (mine.made, theirs.made);
    out[BACKESCAPES] = escapes(me_made, opp_back_n) as f32 * (1.0 / 36.0);
    out[BACKRESCAPES] = escapes1(me_made, opp_back_n) as f32 * (1.0 / 36.0);

    let mut n = 36;
    let mut i = 15i32;
    while i < 24 - n_opp_back {
        n = n.min(escapes(me_made, i as usize));
        i += 1;
    }
    out[ACONTAIN] = (36 - n) as f32 * (1.0 / 36.0);
    out[ACONTAIN2] = out[ACONTAIN] * out[ACONTAIN];
    if n_opp_back < 0 {
        i = 15;
        n = 36;
    }
    while i < 24 {
        n = n.min(escapes(me_made, i as usize));
        i += 1;
    }
    out[CONTAIN] = (36 - n) as f32 * (1.0 / 36.0);
    out[CONTAIN2] = out[CONTAIN] * out[CONTAIN];

    let mut mobility = 0i32;
    let mut on = mine.occupied & !0x3f;
    while on != 0 {
        let i = on.trailing_zeros() as usize;
        on &= on - 1;
        mobility += (i as i32 - 5) * me[i] as i32 * escapes(opp_made, i);
    }
    out[MOBILITY] = mobility as f32 * (1.0 / 3600.0);

    {
        let (mut j, mut n) = (0i32, 0i32);
        for i in 0..25 {
            let c = me_at(i);
            j += c;
            n += i * c;
        }
        let mean = if j > 0 { (n + j - 1) / j } else { 0 };
        let (mut count, mut k) = (0i32, 0i32);
        for i in (mean + 1).max(0)..25 {
            let c = me_at(i);
            if c > 0 {
                count += c;
                k += c * (i - mean) * (i - mean);
            }
        }
        if count > 0 {
            k = (k + count - 1) / count;
        }
        out[MOMENT2] = k as f32 * (1.0 / 400.0);
    }

    if bar > 0 {
        let mut loss = 0i32;
        let two = bar > 1;
        for i in 0..6i32 {
            if opp_at(i) > 1 {
                loss += 4 * (i + 1);
                for j in (i + 1)..6 {
                    if opp_at(j) > 1 {
                        loss += 2 * (i + j + 2);
                    } else if two {
                        loss += 2 * (i + 1);
                    }
                }
            } else if two {
                for j in (i + 1)..6 {
                    if opp_at(j) > 1 {
                        loss += 2 * (j + 1);
                    }
                }
            }
        }
        out[ENTER] = loss as f32 * (1.0 / (36.0 * (49.0 / 6.0)));
    } else {
        out[ENTER] = 0.0;
    }

    let closed = (theirs.made & 0x3f).count_ones() as i32;
    out[ENTER2] = (36 - (closed - 6) * (closed - 6)) as f32 * (1.0 / 36.0);

    {
        // gnubg measures every later point from the first (highest) one it finds: kept.
        const GAP: [i32; 23] = [
            11, 11, 11, 11, 11, 11, 11, 6, 5, 4, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ];
        let mut points = mine.made & 0x00ff_fffe; // points 1…23
        let (mut w, mut tot) = (0i32, 0i32);
        if points != 0 {
            let first = msb(points);
            points &= !(1u32 << first);
            let at_first = me_at(first);
            while points != 0 {
                let np = msb(points);
                points &= !(1u32 << np);
                w += GAP[(first - np) as usize] * at_first;
                tot += at_first;
            }
        }
        // `w / (tot · 11)` as gnubg's `-ffast-math` build computes it: `(w · (1/11)) / tot`,
        // which can differ from the plain quotient in the last bit — enough, once in a few
        // hundred positions, to move a hidden node across a step of the sigmoid's table.
        out[BACKBONE] = if tot > 0 {
            1.0 - (w as f32 * (1.0 / 11.0)) / tot as f32
        } else {
            0.0
        };
    }

    {
        let anchors = (mine.made & 0x00fc_0000).count_ones();
        out[BACKG] = 0.0;
        out[BACKG1] = 0.0;
        if anchors >= 1 {
            let tot: i32 = (18..25).map(me_at).sum();
            if anchors > 1 {
                out[BACKG] = (tot - 3) as f32 * (1.0 / 4.0);
            } else {
                out[BACKG1] = tot as f32 * (1.0 / 8.0);
            }
        }
    }
}

/// A board packed as gnubg packs its key: four bits a point, 25 points a side, in seven
/// 32-bit words (200 bits of 224; the last word's top 24 bits hold the tag and generation).
pub(super) type Key = [u32; 7];

pub(super) fn pack(b: &Board) -> Key {
    let mut k = [0u32; 7];
    for (i, &n) in b.iter().flatten().enumerate() {
        k[i / 8] |= (n as u32) << (4 * (i % 8));
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`half`] as it was first written, point by point and way by way: the oracle of the
    /// bit-mask version.
    fn half_plain(me: &[u8; 25], opp: &[u8; 25], out: &mut [f32]) {
        let ways = &*WAYS;
        let me_at = |i: i32| me[i as usize] as i32;
        let opp_at = |i: i32| opp[i as usize] as i32;

        // The opponent's back checker, counted from our side: 23 − its own index.
        let opp_back_own = (0..25).rev().find(|&i| opp[i] > 0).map_or(-1, |i| i as i32);
        let n_opp_back = 23 - opp_back_own;

        {
            let mut np = 0i32;
            for i in (n_opp_back + 1).max(0)..25 {
                np += (i + 1 - n_opp_back) * me_at(i);
            }
            out[BREAK_CONTACT] = np as f32 * (1.0 / (15.0 + 152.0));
        }
        {
            let mut p = 0i32;
            for i in 0..n_opp_back.clamp(0, 25) {
                p += (i + 1) * me_at(i);
            }
            out[FREEPIP] = p as f32 * (1.0 / 100.0);
        }
        {
            let mut t = 0i32;
            let mut no = 0i32;
            let m = n_opp_back.max(11);
            t += 24 * me_at(24);
            no += me_at(24);
            let mut i = 23;
            while i > m {
                let n = me_at(i);
                if n != 0 && n != 2 {
                    let ns = if n > 2 { n - 2 } else { 1 };
                    no += ns;
                    t += i * ns;
                }
                i -= 1;
            }
            while i >= 6 {
                let n = me_at(i);
                no += n;
                t += i * n;
                i -= 1;
            }
            for i in (0..6).rev() {
                let n = me_at(i);
                if n > 2 {
                    t += i * (n - 2);
                    no += n - 2;
                } else if n < 2 {
                    let nm = 2 - n;
                    if no >= nm {
                        t -= i * nm;
                        no -= nm;
                    }
                }
            }
            out[TIMING] = t as f32 * (1.0 / 100.0);
        }
        {
            let back = (0..25).rev().find(|&i| me[i] > 0).map_or(-1, |i| i as i32);
            out[BACK_CHEQUER] = back as f32 * (1.0 / 24.0);
            let start = if back == 24 { 23 } else { back };
            let mut anchor = start;
            while anchor >= 0 && me_at(anchor) < 2 {
                anchor -= 1;
            }
            out[BACK_ANCHOR] = anchor as f32 * (1.0 / 24.0);
            let mut n = 0;
            for j in 18..=anchor {
                if me_at(j) >= 2 {
                    n = 24 - j;
                    break;
                }
            }
            if n == 0 {
                for j in (12..=17).rev() {
                    if me_at(j) >= 2 {
                        n = 24 - j;
                        break;
                    }
                }
            }
            out[FORWARD_ANCHOR] = if n == 0 { 2.0 } else { n as f32 * (1.0 / 6.0) };
        }

        // Shots: for every way to hit, the points we can hit from with it.
        let n_board = (0..6).filter(|&i| me[i] > 0).count();
        let mut hit = [0u32; 64];
        let top = if n_board > 2 { 23 } else { 21 };
        for i in (0..=top).rev() {
            if opp_at(i) != 1 {
                continue;
            }
            for j in (24 - i)..25 {
                let n = me_at(j);
                if n == 0 || (j < 6 && n == 2) {
                    continue;
                }
                let distance = (j - 24 + i + 1) as usize;
                for &w in ways.at_distance(distance) {
                    let w = w as usize;
                    let way = &ways.ways[w];
                    let blocked = if way.all {
                        way.faces > 1
                            && way
                                .inter
                                .iter()
                                .take_while(|&&m| m > 0)
                                .any(|&m| opp_at(i - m as i32) > 1)
                    } else {
                        opp_at(i - way.inter[0] as i32) > 1 && opp_at(i - way.inter[1] as i32) > 1
                    };
                    if !blocked {
                        hit[w] |= 1 << j;
                    }
                }
            }
        }

        let mut rolls = [RollHits::default(); 21];
        let bar = me_at(24);
        if bar == 0 {
            for (r, roll) in rolls.iter_mut().enumerate() {
                let mut used = -1i32;
                for jw in 0..4 {
                    let w = ways.by_roll[r][jw];
                    if w < 0 {
                        break;
                    }
                    let w = w as usize;
                    if hit[w] == 0 {
                        continue;
                    }
                    let way = &ways.ways[w];
                    if way.faces == 1 {
                        let k = msb(hit[w]);
                        if used != k || me_at(k) > 1 {
                            roll.checkers += 1;
                        }
                        used = k;
                        roll.pips = roll.pips.max(k - way.pips as i32 + 1);
                        // Doubles: a second direct shot from another point.
                        if ways.by_roll[r][3] >= 0 && hit[w] & !(1u32 << k) != 0 {
                            roll.checkers += 1;
                        }
                    } else {
                        if roll.checkers == 0 {
                            roll.checkers = 1;
                        }
                        let k = msb(hit[w]);
                        roll.pips = roll.pips.max(k - way.pips as i32 + 1);
                        if way
                            .inter
                            .iter()
                            .take_while(|&&m| m > 0)
                            .any(|&m| opp_at(23 - k + m as i32) == 1)
                        {
                            roll.checkers += 1;
                        }
                    }
                }
            }
        } else if bar == 1 {
            for (r, roll) in rolls.iter_mut().enumerate() {
                let mut entered = false;
                for jw in 0..4 {
                    let w = ways.by_roll[r][jw];
                    if w < 0 {
                        break;
                    }
                    let w = w as usize;
                    if hit[w] == 0 {
                        continue;
                    }
                    let way = &ways.ways[w];
                    if way.faces == 1 {
                        let mut k = msb(hit[w]);
                        while k > 0 {
                            if hit[w] & (1 << k) != 0 {
                                if entered && k != 24 {
                                    break;
                                }
                                if k != 24 {
                                    // The other die must enter (for doubles gnubg looks at the
                                    // two-dice way's pips: kept).
                                    let other = ways.by_roll[r][1 - jw] as usize;
                                    let npip = ways.ways[other].pips as i32;
                                    if opp_at(npip - 1) > 1 {
                                        break;
                                    }
                                    entered = true;
                                }
                                roll.checkers += 1;
                                roll.pips = roll.pips.max(k - way.pips as i32 + 1);
                            }
                            k -= 1;
                        }
                    } else {
                        if hit[w] & (1 << 24) == 0 {
                            continue;
                        }
                        if roll.checkers == 0 {
                            roll.checkers = 1;
                        }
                        roll.pips = roll.pips.max(25 - way.pips as i32);
                        // gnubg reads the intermediate point one past where it is: kept.
                        if way
                            .inter
                            .iter()
                            .take_while(|&&m| m > 0)
                            .any(|&m| opp_at(m as i32 + 1) == 1)
                        {
                            roll.checkers += 1;
                        }
                    }
                }
            }
        } else {
            for (r, roll) in rolls.iter_mut().enumerate() {
                for jw in 0..2 {
                    let w = ways.by_roll[r][jw] as usize;
                    if hit[w] & (1 << 24) == 0 {
                        continue;
                    }
                    let way = &ways.ways[w];
                    if way.faces != 1 {
                        continue;
                    }
                    roll.checkers += 1;
                    roll.pips = roll.pips.max(25 - way.pips as i32);
                }
            }
        }
        {
            let (mut np, mut n1, mut n2) = (0i32, 0i32, 0i32);
            for (r, roll) in rolls.iter().enumerate() {
                let weight = if r < 6 { 1 } else { 2 };
                np += roll.pips * weight;
                if roll.checkers > 0 {
                    n1 += weight;
                    if roll.checkers > 1 {
                        n2 += weight;
                    }
                }
            }
            out[PIPLOSS] = np as f32 * (1.0 / (12.0 * 36.0));
            out[P1] = n1 as f32 * (1.0 / 36.0);
            out[P2] = n2 as f32 * (1.0 / 36.0);
        }

        let opp_back_n = (23 - n_opp_back) as usize; // the opponent's back checker, its index
        let (me_made, opp_made) = (made_points(me), made_points(opp));
        out[BACKESCAPES] = escapes(me_made, opp_back_n) as f32 * (1.0 / 36.0);
        out[BACKRESCAPES] = escapes1(me_made, opp_back_n) as f32 * (1.0 / 36.0);

        let mut n = 36;
        let mut i = 15i32;
        while i < 24 - n_opp_back {
            n = n.min(escapes(me_made, i as usize));
            i += 1;
        }
        out[ACONTAIN] = (36 - n) as f32 * (1.0 / 36.0);
        out[ACONTAIN2] = out[ACONTAIN] * out[ACONTAIN];
        if n_opp_back < 0 {
            i = 15;
            n = 36;
        }
        while i < 24 {
            n = n.min(escapes(me_made, i as usize));
            i += 1;
        }
        out[CONTAIN] = (36 - n) as f32 * (1.0 / 36.0);
        out[CONTAIN2] = out[CONTAIN] * out[CONTAIN];

        let mut mobility = 0i32;
        for i in 6..25 {
            if me[i] > 0 {
                mobility += (i as i32 - 5) * me[i] as i32 * escapes(opp_made, i);
            }
        }
        out[MOBILITY] = mobility as f32 * (1.0 / 3600.0);

        {
            let (mut j, mut n) = (0i32, 0i32);
            for i in 0..25 {
                let c = me_at(i);
                j += c;
                n += i * c;
            }
            let mean = if j > 0 { (n + j - 1) / j } else { 0 };
            let (mut count, mut k) = (0i32, 0i32);
            for i in (mean + 1).max(0)..25 {
                let c = me_at(i);
                if c > 0 {
                    count += c;
                    k += c * (i - mean) * (i - mean);
                }
            }
            if count > 0 {
                k = (k + count - 1) / count;
            }
            out[MOMENT2] = k as f32 * (1.0 / 400.0);
        }

        if bar > 0 {
            let mut loss = 0i32;
            let two = bar > 1;
            for i in 0..6i32 {
                if opp_at(i) > 1 {
                    loss += 4 * (i + 1);
                    for j in (i + 1)..6 {
                        if opp_at(j) > 1 {
                            loss += 2 * (i + j + 2);
                        } else if two {
                            loss += 2 * (i + 1);
                        }
                    }
                } else if two {
                    for j in (i + 1)..6 {
                        if opp_at(j) > 1 {
                            loss += 2 * (j + 1);
                        }
                    }
                }
            }
            out[ENTER] = loss as f32 * (1.0 / (36.0 * (49.0 / 6.0)));
        } else {
            out[ENTER] = 0.0;
        }

        let closed = (0..6).filter(|&i| opp[i] > 1).count() as i32;
        out[ENTER2] = (36 - (closed - 6) * (closed - 6)) as f32 * (1.0 / 36.0);

        {
            // gnubg measures every later point from the first (highest) one it finds: kept.
            let mut first = -1i32;
            let (mut w, mut tot) = (0i32, 0i32);
            const GAP: [i32; 23] = [
                11, 11, 11, 11, 11, 11, 11, 6, 5, 4, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            ];
            for np in (1..=23).rev() {
                if me_at(np) >= 2 {
                    if first == -1 {
                        first = np;
                        continue;
                    }
                    w += GAP[(first - np) as usize] * me_at(first);
                    tot += me_at(first);
                }
            }
            // `w / (tot · 11)` as gnubg's `-ffast-math` build computes it: `(w · (1/11)) / tot`,
            // which can differ from the plain quotient in the last bit — enough, once in a few
            // hundred positions, to move a hidden node across a step of the sigmoid's table.
            out[BACKBONE] = if tot > 0 {
                1.0 - (w as f32 * (1.0 / 11.0)) / tot as f32
            } else {
                0.0
            };
        }

        {
            let anchors = (18..24).filter(|&i| me[i] > 1).count();
            out[BACKG] = 0.0;
            out[BACKG1] = 0.0;
            if anchors >= 1 {
                let tot: i32 = (18..25).map(me_at).sum();
                if anchors > 1 {
                    out[BACKG] = (tot - 3) as f32 * (1.0 / 4.0);
                } else {
                    out[BACKG1] = tot as f32 * (1.0 / 8.0);
                }
            }
        }
    }

    #[test]
    fn the_ways_are_gnubgs_thirty_nine() {
        let w = &*WAYS;
        assert_eq!(w.ways.len(), 39);
        // 6-6 hits from 6, 12, 18 and 24 pips.
        let sixes: Vec<u8> = w.by_roll[5]
            .iter()
            .map(|&i| w.ways[i as usize].pips)
            .collect();
        assert_eq!(sixes, [6, 12, 18, 24]);
        // 2-1: the 1, the 2, then both.
        let two_one: Vec<u8> = w.by_roll[6][..3]
            .iter()
            .map(|&i| w.ways[i as usize].pips)
            .collect();
        assert_eq!(two_one, [1, 2, 3]);
        // Each roll's ways in the order of their indices (`half` visits them as bits).
        for row in &w.by_roll {
            let ways: Vec<i8> = row.iter().copied().filter(|&i| i >= 0).collect();
            assert!(ways.windows(2).all(|p| p[0] < p[1]), "{row:?}");
        }
    }

    /// The pattern read from the made points' bits is gnubg's, point by point.
    #[test]
    fn the_escape_pattern_is_read_point_by_point() {
        let mut rng = crate::core::rng::SplitMix64::new(7);
        for _ in 0..2000 {
            let mut board = [0u8; 25];
            for n in board.iter_mut() {
                *n = rng.below(4) as u8;
            }
            let made = made_points(&board);
            for n in 0..=24 {
                let mut expected = 0usize;
                for i in 0..n.min(12) {
                    if board[24 + i - n] >= 2 {
                        expected |= 1 << i;
                    }
                }
                assert_eq!(pattern(made, n), expected, "{board:?} {n}");
            }
        }
    }

    /// The listed base inputs are the base inputs that are not zero, in order.
    #[test]
    fn the_listed_base_inputs_are_the_non_zero_ones() {
        let mut rng = crate::core::rng::SplitMix64::new(8);
        for _ in 0..2000 {
            let mut b: Board = [[0; 25]; 2];
            for side in b.iter_mut() {
                for _ in 0..15 {
                    side[rng.below(25) as usize] += 1;
                }
            }
            let mut full = [0f32; PRUNING_INPUTS];
            base(&b, &mut full);
            let expected: Vec<Listed> = full
                .iter()
                .enumerate()
                .filter(|(_, x)| **x != 0.0)
                .map(|(i, x)| (i as u32, *x))
                .collect();
            let mut listed = [(0, 0.0); PRUNING_INPUTS];
            let n = base_listed(&b, &mut listed);
            assert_eq!(&listed[..n], &expected[..], "{b:?}");
        }
    }

    /// A board as play reaches them: each side's checkers on random points the other side
    /// does not hold, some on the bar, some borne off; blots are common.
    fn random_board(rng: &mut crate::core::rng::SplitMix64) -> Board {
        let mut b: Board = [[0; 25]; 2];
        let spread = 1 + rng.below(24) as usize;
        for _ in 0..15 {
            for side in 0..2 {
                let other = b[1 - side];
                let r = rng.below(40);
                if r < 3 {
                    continue; // borne off
                }
                if r == 3 {
                    b[side][24] += 1;
                    continue;
                }
                for _ in 0..8 {
                    let k = 24 - spread + rng.below(spread as u32) as usize;
                    let k = if rng.below(3) == 0 {
                        rng.below(24) as usize
                    } else {
                        k
                    };
                    if other[23 - k] == 0 {
                        b[side][k] += 1;
                        break;
                    }
                }
            }
        }
        b
    }

    /// The bit-mask `half` gives the point-by-point version's inputs, bit for bit, on many
    /// boards of every kind (blots, the bar, checkers off), from both sides.
    #[test]
    fn the_bit_mask_half_is_the_plain_one() {
        let mut rng = crate::core::rng::SplitMix64::new(14);
        let mut boards: Vec<Board> = (0..60_000).map(|_| random_board(&mut rng)).collect();
        boards.extend(
            super::super::calibration_boards(15, 2000)
                .iter()
                .map(|p| p.sides()),
        );
        // How many boards had a double shot from the bar, one from the bar, any double shot.
        let mut seen = [0usize; 3];
        for b in &boards {
            for (me, opp) in [(&b[1], &b[0]), (&b[0], &b[1])] {
                let (mut fast, mut plain) = ([f32::NAN; 25], [f32::NAN; 25]);
                fast[..3].fill(0.0);
                plain[..3].fill(0.0);
                half(me, opp, Points::of(me), Points::of(opp), &mut fast);
                half_plain(me, opp, &mut plain);
                assert_eq!(fast.map(f32::to_bits), plain.map(f32::to_bits), "{b:?}");
                let shots = plain[P2] > 0.0;
                seen[0] += usize::from(shots && me[24] == 1);
                seen[1] += usize::from(shots && me[24] > 1);
                seen[2] += usize::from(shots);
            }
        }
        // Every branch of the shots was met, often.
        assert!(seen.iter().all(|&n| n > 500), "{seen:?}");
    }

    /// The points' bits found eight at a time are those found point by point.
    #[test]
    fn the_points_bits_are_read_point_by_point() {
        let mut rng = crate::core::rng::SplitMix64::new(16);
        for _ in 0..20_000 {
            let b = random_board(&mut rng);
            for side in &b {
                let p = Points::of(side);
                for (i, &n) in side.iter().enumerate() {
                    assert_eq!(p.occupied >> i & 1 == 1, n > 0, "{side:?}");
                    assert_eq!(p.made >> i & 1 == 1, n >= 2, "{side:?}");
                    assert_eq!(p.blots >> i & 1 == 1, n == 1, "{side:?}");
                }
                assert_eq!(p.occupied >> 25, 0);
            }
        }
    }

    /// The non-zero inputs of `full`, with their indices.
    fn non_zero(full: &[f32]) -> Vec<Listed> {
        (full.iter().enumerate())
            .filter(|(_, x)| **x != 0.0)
            .map(|(i, x)| (i as u32, *x))
            .collect()
    }

    /// The listed contact, crashed and race inputs are those of the full arrays that are not
    /// zero, in order, bit for bit.
    #[test]
    fn the_listed_net_inputs_are_the_non_zero_ones() {
        let mut rng = crate::core::rng::SplitMix64::new(17);
        let bits = |l: &[Listed]| l.iter().map(|&(i, x)| (i, x.to_bits())).collect::<Vec<_>>();
        for k in 0..20_000 {
            let mut b = random_board(&mut rng);
            let mut listed = [(0, 0.0); LISTED_INPUTS];
            let mut full = [0f32; CONTACT_INPUTS];
            contact(&b, &mut full);
            let n = contact_listed(&b, 3, &mut listed);
            assert_eq!(bits(&listed[..n]), bits(&non_zero(&full)), "{b:?}");
            crashed(&b, &mut full);
            let n = contact_listed(&b, 5, &mut listed);
            assert_eq!(bits(&listed[..n]), bits(&non_zero(&full)), "{b:?}");
            // A race: nothing on the 24-point or the bar; some boards with every checker on.
            for side in &mut b {
                side[23] = 0;
                side[24] = 0;
                if k % 4 == 0 {
                    side[0] += 15 - side.iter().sum::<u8>();
                }
            }
            let mut full = [0f32; RACE_INPUTS];
            race(&b, &mut full);
            let n = race_listed(&b, &mut listed);
            assert_eq!(bits(&listed[..n]), bits(&non_zero(&full)), "{b:?}");
        }
    }

    #[test]
    fn an_open_board_lets_every_roll_escape() {
        assert_eq!(ESCAPES.all[0], 36);
        assert_eq!(ESCAPES.beyond_first[0], 0);
        // Everything made: nothing escapes.
        assert_eq!(ESCAPES.all[0xfff], 0);
    }
}
