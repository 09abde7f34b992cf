//! Shots at our blots, blocking counted: X_DIRECT and X_INDIRECT.
//!
//! For each of the 36 rolls the opponent's checkers move up the board (our 1 → 24, from its
//! bar at 0). A roll **hits directly** when one die takes an opposing checker onto a blot; it
//! **hits indirectly** when only a combination does: both dice (either order) or, for doubles,
//! two to four steps, every intermediate landing point not made by us. Checkers on the bar
//! enter first: with one there it enters with one die and any checker plays the other; with
//! two or more a non-double only enters, and a double's steps left after the entries are free
//! for any checker. A checker that cannot enter plays nothing.

use super::{Masks, POINTS};

/// The rolls of 36 that hit some blot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shots {
    /// Rolls with a single die that hits.
    pub direct: i32,
    /// Rolls that hit only by combining the dice.
    pub indirect: i32,
}

/// The shots at our blots on `b`.
#[inline]
pub fn shots(b: &[i8; 26], m: &Masks) -> Shots {
    let mut s = Shots {
        direct: 0,
        indirect: 0,
    };
    let blots = m.own_blots;
    if blots == 0 || m.opp_checkers == 0 {
        return s;
    }
    let on_bar = b[0].min(0).unsigned_abs() as u32;
    let board = m.opp_checkers & POINTS;
    let open = POINTS & !m.own_made;
    let hits = |from: u32, die: u32| (from << die) & blots != 0;
    for a in 1..=6u32 {
        // Doubles: the entries, then the steps left, each landing point open.
        let (direct, indirect) = if on_bar == 0 {
            chain(board, a, 4, open, blots)
        } else if open & (1 << a) == 0 {
            (false, false)
        } else {
            let free = 4u32.saturating_sub(on_bar);
            let entry = hits(1, a);
            let (d, i) = chain(board, a, free, open, blots);
            let (e1, e2) = chain(1 << a, a, free, open, blots);
            (entry || d, i || e1 || e2)
        };
        tally(&mut s, direct, indirect, 1);
        for c in a + 1..=6u32 {
            let (direct, indirect) = match on_bar {
                0 => (
                    hits(board, a) || hits(board, c),
                    hits((board << a) & open, c) || hits((board << c) & open, a),
                ),
                1 => {
                    let mut d = false;
                    let mut i = false;
                    for (e, o) in [(a, c), (c, a)] {
                        if open & (1 << e) != 0 {
                            d |= hits(1, e) || hits(board, o);
                            i |= hits(1 << e, o);
                        }
                    }
                    (d, i)
                }
                _ => (hits(1, a) || hits(1, c), false),
            };
            tally(&mut s, direct, indirect, 2);
        }
    }
    s
}

/// Up to `steps` steps of `die` from the checkers `from`, every landing point open: whether
/// the first step hits a blot, and whether a later one does.
#[inline(always)]
fn chain(from: u32, die: u32, steps: u32, open: u32, blots: u32) -> (bool, bool) {
    let mut r = from;
    for k in 0..steps {
        r = (r << die) & open;
        if r & blots != 0 {
            return (k == 0, k > 0);
        }
        if r == 0 {
            break;
        }
    }
    (false, false)
}

fn tally(s: &mut Shots, direct: bool, indirect: bool, rolls: i32) {
    if direct {
        s.direct += rolls;
    } else if indirect {
        s.indirect += rolls;
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{board, both};
    use crate::evaluation::classic::terms::Term;

    /// Rolls of 36 containing a die in `dice` (the direct count for one hitter).
    fn with_a_die(dice: &[u32]) -> i32 {
        let k = dice.len() as i32;
        36 - (6 - k) * (6 - k)
    }

    #[test]
    fn one_hitter_six_away() {
        // Our blot on 10; their checker on our 4, six pips behind it.
        let b = board(&[(10, 1), (4, -1), (1, 2)]);
        // Direct: any 6 (11 rolls). Indirect: 5-1, 4-2 (2 each), 3-3, 2-2 (1 each).
        assert_eq!(both(b, Term::DirectShots).0, with_a_die(&[6]));
        assert_eq!(both(b, Term::IndirectShots).0, 2 + 2 + 1 + 1);
        // Our points on 5 and 6 block: 1-5 and 2-4 lose one route each, still open via 9, 8;
        // 2-2 lands on 6 (blocked), 3-3 on 7 then 10 (open).
        let b = board(&[(10, 1), (4, -1), (5, 2), (6, 2)]);
        assert_eq!(both(b, Term::IndirectShots).0, 2 + 2 + 1);
        // Block 7, 8 and 9 as well: 5-1 (via 5 or 9) and 4-2 (via 8 or 6) are closed, and so
        // is 3-3 (via 7).
        let b = board(&[(10, 1), (4, -1), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2)]);
        assert_eq!(both(b, Term::IndirectShots).0, 0);
        assert_eq!(both(b, Term::DirectShots).0, 11);
    }

    #[test]
    fn eleven_away_and_both_sides() {
        // Our blot on 20, their checker on our 9: only 6-5 (2 rolls) hits, indirectly.
        // Their blot on our 9 is 11 pips... from their side our blot is their 5 and their
        // checker is on their 16; our checker on 20 is 11 pips behind their blot: 6-5 too.
        let b = board(&[(20, 1), (9, -1)]);
        assert_eq!(both(b, Term::DirectShots), (0, 0));
        assert_eq!(both(b, Term::IndirectShots), (2, 2));
    }

    #[test]
    fn bar_checker_enters_to_hit() {
        // Their checker on the bar, our blot on 3 and their checker on our 1 (two behind).
        // Direct: any 3 enters on the blot (11); any 2 with the other die entering (2-1, 2-4,
        // 2-5, 2-6: 8; 2-2 enters on 2 and hits from 1 with a step: 1) — 20. Indirect: 1-1
        // (enters on 1, then 2, 3): 1.
        let b = board(&[(0, -1), (3, 1), (1, -1)]);
        assert_eq!(both(b, Term::DirectShots).0, 20);
        assert_eq!(both(b, Term::IndirectShots).0, 1);
        // Our point on 2 as well: a 2 cannot enter, but with the other die entering the
        // checker on 1 hits with it (2-1, 2-4, 2-5, 2-6: 8); 2-2 does not enter; 1-1 enters and
        // stops against 2.
        let b = board(&[(0, -1), (3, 1), (1, -1), (2, 2)]);
        assert_eq!(both(b, Term::DirectShots).0, 11 + 8);
        assert_eq!(both(b, Term::IndirectShots).0, 0);
        // Two on the bar: a non-double only enters; 1-1 enters twice and moves on to 3.
        let b = board(&[(0, -2), (3, 1)]);
        assert_eq!(both(b, Term::DirectShots).0, 11);
        assert_eq!(both(b, Term::IndirectShots).0, 1);
        // A closed board (but for the blot's point): nothing enters, nothing hits... except
        // onto the blot itself on 3.
        let b = board(&[(0, -1), (3, 1), (1, 2), (2, 2), (4, 2), (5, 2), (6, 2)]);
        assert_eq!(both(b, Term::DirectShots).0, 11);
        assert_eq!(both(b, Term::IndirectShots).0, 0);
    }

    #[test]
    fn no_blot_no_shot_and_the_other_side() {
        // We have no blot; their blot on our 4 is six pips in front of our point on 10.
        let b = board(&[(10, 2), (4, -1)]);
        assert_eq!(both(b, Term::DirectShots), (0, 11));
        assert_eq!(both(b, Term::IndirectShots), (0, 6));
    }
}
