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

use super::terms::{SideFeatures, Term, TermSet};

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
    use crate::evaluation::classic::features::Features;
    use crate::evaluation::classic::terms::{Term, TermSet};

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
