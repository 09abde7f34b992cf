//! The terms' values: every term of both sides of a position, computed on a model board (the
//! terms themselves are named in [`super::terms`]).
//!
//! The computation works on fixed arrays and allocates nothing: it runs for every candidate
//! of every position in the rankings and the duels.

use super::terms::{ODDS, SEED_TERM_COUNT, SideFeatures, TERM_COUNT, TermSet};
use crate::core::position::{BAR, Position};

/// The terms of both sides of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Features {
    /// The side on roll in the position (after a move: the side that moved).
    pub own: SideFeatures,
    /// The other side.
    pub opp: SideFeatures,
}

impl Features {
    /// Both sides' seed terms of `pos` (the extras 0).
    #[inline]
    pub fn of(pos: &Position) -> Features {
        Features {
            own: own_features(pos.board()),
            opp: opponent_features(pos.board()),
        }
    }

    /// Both sides' values of the terms in `terms` (the others 0).
    #[inline]
    pub fn of_terms(pos: &Position, terms: TermSet) -> Features {
        Features {
            own: side_features(pos.board(), terms),
            opp: side_features(&mirrored(pos.board()), terms),
        }
    }
}

/// The values of the terms in `terms` (the others 0) for the side with positive counts on a
/// model board; the extras are computed only when on.
#[inline]
pub fn side_features(b: &[i8; 26], terms: TermSet) -> SideFeatures {
    let mut v = own_features(b);
    if terms.has_extras() {
        super::extra::add_values(b, terms, &mut v);
    }
    v
}

/// The terms of the side with positive counts on a model board (see the module doc).
#[inline]
pub fn own_features(b: &[i8; 26]) -> SideFeatures {
    features_with(b, |p| {
        // Opposing checkers (negative) on the points below p move up towards it; the
        // opponent's bar (index 0) counts as a point 0.
        let mut e = 0;
        for q in p.saturating_sub(12)..p {
            let hitters = b[q] as i32;
            if hitters < 0 {
                e -= hitters * ODDS[p - q - 1];
            }
        }
        e
    })
}

/// For each point, the WSINCL a blot there would count: the throws of every opposing checker
/// 1–12 pips behind it, summed. It depends only on the opposing checkers, which a move changes
/// only when it hits, so one table serves every non-hitting result of a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats([i32; 25]);

impl Threats {
    /// The table for the side with positive counts on `b`.
    pub fn of(b: &[i8; 26]) -> Threats {
        let mut t = [0i32; 25];
        for q in 0..=23usize {
            let hitters = -(b[q].min(0) as i32);
            if hitters > 0 {
                for d in 1..=12usize {
                    if q + d > 24 {
                        break;
                    }
                    t[q + d] += hitters * ODDS[d - 1];
                }
            }
        }
        Threats(t)
    }

    /// The exposure of a blot on point `p` (1..=24).
    #[inline(always)]
    pub fn at(&self, p: usize) -> i32 {
        self.0[p]
    }
}

/// [`own_features`] with WSINCL read from `threats`, which must have been built from a board
/// with the same opposing checkers as `b` (e.g. the position before a move that hit nothing).
#[cfg(test)]
#[inline]
pub fn own_features_with(b: &[i8; 26], threats: &Threats) -> SideFeatures {
    features_with(b, |p| threats.at(p))
}

#[inline(always)]
#[allow(clippy::needless_range_loop)] // p is a point number
fn features_with(b: &[i8; 26], exposure_at: impl Fn(usize) -> i32) -> SideFeatures {
    let mut blots = 0;
    let mut exposure = 0;
    let mut home_points = 0;
    let mut points = 0;
    let mut adjacent = 0;
    let mut first3 = 0;
    let mut first6 = 0;
    let mut first12 = 0;
    let mut home = 0;
    let mut to_go = 0;
    let mut prev_made = false;
    for p in 1..=24usize {
        let n = b[p] as i32;
        let made = n >= 2;
        if n > 0 {
            if n == 1 {
                blots += 1;
                exposure += exposure_at(p);
            } else {
                points += 1;
                if p <= 6 {
                    home_points += 1;
                }
                if prev_made {
                    adjacent += 1;
                }
            }
            if p >= 22 {
                first3 += n;
            }
            if p >= 19 {
                first6 += n;
            }
            if p >= 13 {
                first12 += n;
            }
            if p <= 6 {
                home += n;
            } else {
                to_go += (p as i32 - 6) * n;
            }
        }
        prev_made = made;
    }
    let bar = b[BAR].max(0) as i32;
    to_go += 19 * bar;
    let mut v = [0; TERM_COUNT];
    v[..SEED_TERM_COUNT].copy_from_slice(&[
        bar,
        blots,
        exposure,
        home_points,
        points,
        adjacent,
        first3,
        first6,
        first12,
        home,
        to_go,
    ]);
    v
}

/// The terms of the side with negative counts on a model board: [`own_features`] of the
/// mirrored board.
#[inline]
pub fn opponent_features(b: &[i8; 26]) -> SideFeatures {
    own_features(&mirrored(b))
}

/// The board seen from the other side.
#[inline]
pub fn mirrored(b: &[i8; 26]) -> [i8; 26] {
    let mut m = [0i8; 26];
    for (i, slot) in m.iter_mut().enumerate() {
        *slot = -b[25 - i];
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;
    use crate::evaluation::classic::terms::*;

    fn f(features: &SideFeatures, t: Term) -> i32 {
        features[t.index()]
    }

    #[test]
    fn odds_table_counts_throws_out_of_36() {
        // Recount the table from the 36 throws: a distance is reachable when one die, the sum
        // of both dice, or (doubles) 3 or 4 times the die equals it.
        for d in 1..=12i32 {
            let mut n = 0;
            for a in 1..=6i32 {
                for b in 1..=6i32 {
                    let hit = if a == b {
                        (1..=4).any(|k| k * a == d)
                    } else {
                        a == d || b == d || a + b == d
                    };
                    n += hit as i32;
                }
            }
            assert_eq!(ODDS[d as usize - 1], n, "distance {d}");
        }
    }

    #[test]
    fn names_round_trip() {
        for t in Term::ALL {
            assert_eq!(Term::from_seed_name(t.seed_name()), Some(t));
            assert_eq!(TERMS[t.index()].term, t);
        }
        assert_eq!(Term::from_seed_name("WFOO"), None);
    }

    #[test]
    fn opening_position_by_hand() {
        // Own: 2 on 24, 5 on 13, 3 on 8, 5 on 6. No blots, 4 points made, one at home (6).
        let p = Position::opening(Side::White);
        let x = Features::of(&p);
        assert_eq!(x.own, x.opp, "the opening is symmetric");
        let o = &x.own;
        assert_eq!(f(o, Term::Bar), 0);
        assert_eq!(f(o, Term::Blots), 0);
        assert_eq!(f(o, Term::Exposure), 0);
        assert_eq!(f(o, Term::HomePoints), 1);
        assert_eq!(f(o, Term::Points), 4);
        assert_eq!(f(o, Term::Adjacent), 0);
        assert_eq!(f(o, Term::First3), 2);
        assert_eq!(f(o, Term::First6), 2);
        assert_eq!(f(o, Term::First12), 7);
        assert_eq!(f(o, Term::Home), 5);
        // 2×18 + 5×7 + 3×2 = 77 pips to bring everything home.
        assert_eq!(f(o, Term::ToGo), 77);
    }

    #[test]
    fn blot_exposure_after_opening_64_split() {
        // Opening, then 24/18 13/9 played (own view): blots on 24, 18, 9, and 13 keeps 4.
        let mut b = *Position::opening(Side::White).board();
        b[24] -= 1;
        b[18] += 1;
        b[13] -= 1;
        b[9] += 1;
        let p = Position::from_board(Side::White, b).unwrap();
        let x = Features::of(&p);
        assert_eq!(f(&x.own, Term::Blots), 3);
        // Opposing checkers (model points): 2 on 1, 5 on 12, 3 on 17, 5 on 19.
        // Blot on 24: hitters on 12 (12 away: 5×3), 17 (7 away: 3×6) and 19 (5 away: 5×15)
        // → 15 + 18 + 75 = 108.
        // Blot on 18: hitters on 17 (1 away: 3×11) and 12 (6 away: 5×17) → 33 + 85 = 118.
        // Blot on 9: hitters on 1 (8 away: 2×6) → 12.
        assert_eq!(f(&x.own, Term::Exposure), 108 + 118 + 12);
        assert_eq!(f(&x.own, Term::Points), 3);
        assert_eq!(f(&x.own, Term::First3), 1);
        assert_eq!(f(&x.own, Term::First6), 1);
        assert_eq!(f(&x.own, Term::First12), 6);
        assert_eq!(f(&x.own, Term::ToGo), 77 - 6 - 4);
        // The opponent is untouched and has no blots.
        assert_eq!(x.opp, Features::of(&Position::opening(Side::White)).opp);
    }

    #[test]
    fn bar_checkers_count_and_hit() {
        // Own: 1 on the bar, blots on 3 and 20, a made 5 and 4 (adjacent). Opponent: 1 on its
        // bar, 2 on model point 15, 12 off.
        let mut b = [0i8; 26];
        b[BAR] = 1;
        b[3] = 1;
        b[20] = 1;
        b[5] = 2;
        b[4] = 3;
        b[0] = -1;
        b[15] = -2;
        let p = Position::from_board(Side::Black, b).unwrap();
        let x = Features::of(&p);
        let o = &x.own;
        assert_eq!(f(o, Term::Bar), 1);
        assert_eq!(f(o, Term::Blots), 2);
        // Blot on 3: the bar checker 3 away (14). Blot on 20: the two on 15, 5 away (2×15).
        assert_eq!(f(o, Term::Exposure), 14 + 30);
        assert_eq!(f(o, Term::HomePoints), 2);
        assert_eq!(f(o, Term::Points), 2);
        assert_eq!(f(o, Term::Adjacent), 1);
        assert_eq!(f(o, Term::First6), 1);
        assert_eq!(f(o, Term::Home), 6);
        assert_eq!(f(o, Term::ToGo), 14 + 19);
        // Opponent seen from its side: on bar 1, no blots; its two on its point 10.
        let q = &x.opp;
        assert_eq!(f(q, Term::Bar), 1);
        assert_eq!(f(q, Term::Blots), 0);
        assert_eq!(f(q, Term::Points), 1);
        assert_eq!(f(q, Term::First12), 0);
        assert_eq!(f(q, Term::ToGo), 2 * 4 + 19);
        // Mirroring swaps the sides.
        let m = Features::of(&p.mirror());
        assert_eq!((m.own, m.opp), (x.opp, x.own));
    }

    #[test]
    fn threat_table_matches_the_direct_count() {
        // The opening with one opposing checker from its 6 point (our 19) on its bar, and our
        // blot on 24 moved to 18.
        let mut b = *Position::opening(Side::White).board();
        b[0] = -1;
        b[19] += 1;
        b[24] -= 1;
        b[18] += 1;
        let t = Threats::of(&b);
        for p in 1..=24 {
            let mut one = [0i8; 26];
            for q in 0..26 {
                one[q] = b[q].min(0);
            }
            if one[p] == 0 {
                one[p] = 1;
                assert_eq!(
                    own_features(&one)[Term::Exposure.index()],
                    t.at(p),
                    "point {p}"
                );
            }
        }
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(own_features_with(p.board(), &t), own_features(p.board()));
    }

    #[test]
    fn exposure_ignores_far_and_passed_checkers() {
        // Own blot on 20; opponent checkers 13 pips behind (model 7) and ahead (model 22).
        let mut b = [0i8; 26];
        b[20] = 1;
        b[7] = -3;
        b[22] = -2;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(Features::of(&p).own[Term::Exposure.index()], 0);
        // One pip nearer (model 8, 12 away) it counts 3 throws per checker.
        b[7] = 0;
        b[8] = -3;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(Features::of(&p).own[Term::Exposure.index()], 9);
    }
}
