//! The nets' inputs as gnubg 1.07 computes them, into caller-owned arrays (no allocation).
//!
//! A board is gnubg's `TanBoard`: `[opponent, player]`, each side counted from its own ace
//! point (index 0 its 1-point, 24 its bar), the player on roll. Every input is gnubg's, in
//! its order and with its quirks (each noted where it looks like a slip: the nets were
//! trained on them, so they stay). Divisions by constants are products by the constant's
//! reciprocal, as gnubg's `-ffast-math` build computes them.

// The loops keep gnubg's indices (points, rolls, outputs), which say what they compute.
#![allow(clippy::needless_range_loop)]

use super::net::Listed;
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
#[inline]
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
/// gnubg's `Escapes` reads the board whose [`made_points`] are `made`: bit `i` is the point
/// `24 − n + i`.
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
}

/// Every way to hit, and for each of the 21 rolls (the six doubles 1-1…6-6, then 2-1, 3-1,
/// 3-2, 4-1, … 6-5) the indices of its ways in gnubg's order: for two dice the smaller die,
/// the larger, both; for doubles one, two, three and four dice (as far as 24 pips).
struct Ways {
    ways: Vec<Way>,
    by_roll: [[i8; 4]; 21],
    /// Ways by distance 1…24 (index distance − 1).
    by_distance: [Vec<usize>; 24],
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
                }),
                -1,
            ];
            r += 1;
        }
    }
    let mut by_distance: [Vec<usize>; 24] = Default::default();
    for (i, w) in ways.iter().enumerate() {
        by_distance[w.pips as usize - 1].push(i);
    }
    Ways {
        ways,
        by_roll,
        by_distance,
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
pub fn base_listed(b: &Board, out: &mut [Listed; PRUNING_INPUTS]) -> usize {
    let mut n = 0;
    let mut push = |i: usize, x: f32| {
        out[n] = (i as u32, x);
        n += 1;
    };
    for (s, side) in b.iter().enumerate() {
        let first = 100 * s;
        for (p, &c) in side.iter().enumerate().take(24) {
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
    // gnubg's nets were trained with the two sides' checkers-off inputs swapped.
    men_off(&b[0], &mut out[200..225], 3);
    half(&b[1], &b[0], &mut out[200..225]);
    men_off(&b[1], &mut out[225..250], 3);
    half(&b[0], &b[1], &mut out[225..250]);
}

/// The crashed net's inputs of `board`.
pub fn crashed(b: &Board, out: &mut [f32; CONTACT_INPUTS]) {
    base_side(&b[0], &mut out[0..100]);
    base_side(&b[1], &mut out[100..200]);
    men_off(&b[1], &mut out[200..225], 5);
    half(&b[1], &b[0], &mut out[200..225]);
    men_off(&b[0], &mut out[225..250], 5);
    half(&b[0], &b[1], &mut out[225..250]);
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

/// One side's contact inputs (all but the checkers off): `me` the side, `opp` the other.
fn half(me: &[u8; 25], opp: &[u8; 25], out: &mut [f32]) {
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
            for &w in &ways.by_distance[distance - 1] {
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

    #[test]
    fn an_open_board_lets_every_roll_escape() {
        assert_eq!(ESCAPES.all[0], 36);
        assert_eq!(ESCAPES.beyond_first[0], 0);
        // Everything made: nothing escapes.
        assert_eq!(ESCAPES.all[0xfff], 0);
    }
}
