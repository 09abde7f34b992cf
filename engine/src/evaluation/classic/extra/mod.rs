//! The terms beyond the seed's eleven (`X_…` in weight files), one module per family:
//!
//! - [`blocks`] — X_PRIME, X_TRAP, X_ANCHORS, X_BLOCKED: primes, anchors and escapes;
//! - [`race`] — X_PIPDIFF, X_CRUNCH: the pip count and wastage;
//! - [`bar`] — X_OPPBAR, X_CLOSED: the opponent's checkers on the bar and the points closed in
//!   front of them;
//! - [`shots`] — X_DIRECT, X_INDIRECT: the rolls that hit a blot, blocking counted.
//!
//! Every term is computed for the side with positive counts on a model board (moving 24 → 1,
//! home 1–6, bar 25; the opponent moves 1 → 24, its bar is index 0 and its home our 19–24),
//! like the seed's; the other side's value is the same function of the mirrored board. They
//! work on bit masks of the board and allocate nothing, and [`add_values`] computes only the
//! terms switched on.

mod bar;
mod blocks;
mod race;
mod shots;

use super::terms::{EXTRA_TERM_COUNT, SideFeatures, Term, TermInfo, TermSet};

/// Names and texts of the extra terms, in the order of [`Term::EXTRA`].
pub const INFO: [TermInfo; EXTRA_TERM_COUNT] = [
    extra(
        Term::Prime,
        "X_PRIME",
        "longest prime",
        "The longest run of consecutive made points anywhere (a full prime is 6).",
    ),
    extra(
        Term::Trap,
        "X_TRAP",
        "prime ahead of their back checker",
        "The longest run of consecutive made points in front of the opponent's rearmost \
         checker (the bar included): the part of a prime that still blocks it.",
    ),
    extra(
        Term::Anchors,
        "X_ANCHORS",
        "anchors",
        "Points made in the opponent's home board (gnubg 19-24).",
    ),
    extra(
        Term::Blocked,
        "X_BLOCKED",
        "rolls not escaping",
        "Of the 36 rolls, those with which the rearmost checker in the opponent's home board \
         (or on the bar) cannot get past every opposing point made within 12 pips in front of \
         it (0 when no checker is back or nothing blocks).",
    ),
    extra(
        Term::PipDiff,
        "X_PIPDIFF",
        "pips behind",
        "Own pip count minus the opponent's (negative when ahead in the race).",
    ),
    extra(
        Term::OppBar,
        "X_OPPBAR",
        "opponent on the bar",
        "The opponent's checkers on the bar.",
    ),
    extra(
        Term::Closed,
        "X_CLOSED",
        "points closed to the bar",
        "Home points made while the opponent has a checker on the bar (6 = closed out; 0 with \
         nobody on the bar).",
    ),
    extra(
        Term::DirectShots,
        "X_DIRECT",
        "direct shots",
        "Rolls of 36 with which the opponent hits a blot with one die: a checker 1-6 pips \
         behind it, or one entering from the bar (checkers on the bar enter first).",
    ),
    extra(
        Term::IndirectShots,
        "X_INDIRECT",
        "indirect shots",
        "Rolls of 36 that hit a blot only by combining the dice (7-24 pips), every landing \
         point open; rolls that also hit directly are in X_DIRECT.",
    ),
    extra(
        Term::Crunch,
        "X_CRUNCH",
        "checkers on 1-3",
        "Checkers on the 1, 2 and 3 points: pips wasted in the bear-off (a wastage measure).",
    ),
];

const fn extra(
    term: Term,
    seed_name: &'static str,
    label: &'static str,
    description: &'static str,
) -> TermInfo {
    TermInfo::new(term, seed_name, label, description, false)
}

/// The board as bit masks (bit `p` = point `p`), shared by the extra terms.
#[derive(Clone, Copy, Debug)]
pub struct Masks {
    /// Points 1–24 made by the positive side (two or more checkers).
    pub own_made: u32,
    /// Points 1–24 holding exactly one checker of the positive side.
    pub own_blots: u32,
    /// Points 1–24 made by the opponent.
    pub opp_made: u32,
    /// Points 0–24 holding the opponent's checkers (0: its bar).
    pub opp_checkers: u32,
}

impl Masks {
    #[inline]
    pub fn of(b: &[i8; 26]) -> Masks {
        let mut m = Masks {
            own_made: 0,
            own_blots: 0,
            opp_made: 0,
            opp_checkers: ((b[0] < 0) as u32),
        };
        for (p, &n) in b.iter().enumerate().take(25).skip(1) {
            m.own_made |= ((n >= 2) as u32) << p;
            m.own_blots |= ((n == 1) as u32) << p;
            m.opp_made |= ((n <= -2) as u32) << p;
            m.opp_checkers |= ((n < 0) as u32) << p;
        }
        m
    }
}

/// Bits 1–24: the points of the board.
pub(crate) const POINTS: u32 = ((1 << 25) - 1) & !1;

/// The length of the longest run of set bits in `m`.
#[inline]
pub(crate) fn longest_run(mut m: u32) -> i32 {
    let mut n = 0;
    while m != 0 {
        m &= m >> 1;
        n += 1;
    }
    n
}

/// Adds the values of the extra terms in `terms` to `v` for the positive side of `b`.
#[inline]
pub fn add_values(b: &[i8; 26], terms: TermSet, v: &mut SideFeatures) {
    let m = Masks::of(b);
    let on = |t: Term| terms.contains(t);
    if on(Term::Prime) {
        v[Term::Prime.index()] = blocks::prime(&m);
    }
    if on(Term::Trap) {
        v[Term::Trap.index()] = blocks::trap(&m);
    }
    if on(Term::Anchors) {
        v[Term::Anchors.index()] = blocks::anchors(&m);
    }
    if on(Term::Blocked) {
        v[Term::Blocked.index()] = blocks::blocked(b, &m);
    }
    if on(Term::PipDiff) {
        v[Term::PipDiff.index()] = race::pip_diff(b);
    }
    if on(Term::OppBar) {
        v[Term::OppBar.index()] = bar::opp_bar(b);
    }
    if on(Term::Closed) {
        v[Term::Closed.index()] = bar::closed(b, &m);
    }
    if on(Term::DirectShots) || on(Term::IndirectShots) {
        let s = shots::shots(b, &m);
        v[Term::DirectShots.index()] = if on(Term::DirectShots) { s.direct } else { 0 };
        v[Term::IndirectShots.index()] = if on(Term::IndirectShots) {
            s.indirect
        } else {
            0
        };
    }
    if on(Term::Crunch) {
        v[Term::Crunch.index()] = race::crunch(b);
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Hand-made boards for the terms' tests.
    use crate::core::position::{Position, Side};
    use crate::evaluation::classic::terms::{Features, Term, TermSet};

    /// A board from (point, count) pairs: positive counts ours, negative the opponent's
    /// (point 25 our bar, 0 theirs); the rest of each side borne off.
    pub fn board(points: &[(usize, i8)]) -> [i8; 26] {
        let mut b = [0i8; 26];
        for &(p, n) in points {
            b[p] = n;
        }
        b
    }

    /// Both sides' values of `t` on `b`: (ours, the opponent's).
    pub fn both(b: [i8; 26], t: Term) -> (i32, i32) {
        let p = Position::from_board(Side::White, b).expect("a legal test board");
        let f = Features::of_terms(&p, TermSet::SEED.with(t));
        (f.own[t.index()], f.opp[t.index()])
    }
}
