//! Primes, anchors and escapes: X_PRIME, X_TRAP, X_ANCHORS, X_BLOCKED.

use super::{Masks, longest_run};

/// X_PRIME: the longest run of consecutive made points, anywhere on the board.
#[inline]
pub fn prime(m: &Masks) -> i32 {
    longest_run(m.own_made)
}

/// X_TRAP: the longest run of consecutive made points in front of the opponent's rearmost
/// checker — the points with a higher number than it, which it still has to pass (its bar is
/// point 0). 0 when the opponent has no checker left on the board.
#[inline]
pub fn trap(m: &Masks) -> i32 {
    if m.opp_checkers == 0 {
        return 0;
    }
    let rearmost = m.opp_checkers.trailing_zeros();
    longest_run(m.own_made & !((2u32 << rearmost) - 1))
}

/// X_ANCHORS: points made in the opponent's home board (our 19–24).
#[inline]
pub fn anchors(m: &Masks) -> i32 {
    (m.own_made >> 19 & 0x3f).count_ones() as i32
}

/// X_BLOCKED: of the 36 rolls, those with which our rearmost checker, when it is in the
/// opponent's home board or on the bar, cannot reach a point below every opposing made point
/// in the 12 in front of it. The checker moves alone, die by die (doubles up to four times),
/// never landing on a made point. 0 when no checker is back or no point blocks.
#[inline]
pub fn blocked(b: &[i8; 26], m: &Masks) -> i32 {
    let Some(back) = (19..=25).rev().find(|&p| b[p] > 0) else {
        return 0;
    };
    let window = m.opp_made & !((1u32 << back.saturating_sub(12).max(1)) - 1) & ((1 << back) - 1);
    if window == 0 {
        return 0;
    }
    let past = window.trailing_zeros() as usize;
    let open = |p: usize| m.opp_made & (1 << p) == 0;
    let mut escapes = 0;
    for a in 1..=6usize {
        // Doubles: up to four steps of a.
        let mut p = back;
        for _ in 0..4 {
            p = p.saturating_sub(a);
            if !open(p) {
                break;
            }
            if p < past {
                escapes += 1;
                break;
            }
        }
        for c in a + 1..=6usize {
            let by = |first: usize| {
                let q = back - first;
                open(q) && (q < past || (q - (a + c - first) < past && open(q - (a + c - first))))
            };
            if by(a) || by(c) {
                escapes += 2;
            }
        }
    }
    36 - escapes
}

#[cfg(test)]
mod tests {
    use super::super::testing::{board, both};
    use crate::evaluation::classic::terms::Term;

    #[test]
    fn prime_and_trap() {
        // Ours: 4-8 made (a 5-prime) and 11; theirs: a checker on our 2 behind the prime and
        // our 20-21 made (their 5 and 4).
        let b = board(&[
            (4, 2),
            (5, 2),
            (6, 2),
            (7, 2),
            (8, 2),
            (11, 3),
            (2, -1),
            (20, -2),
            (21, -2),
        ]);
        assert_eq!(both(b, Term::Prime), (5, 2));
        // Our whole prime is in front of their checker on 2; our rearmost (on 21 = their 4)
        // has their two points behind it: nothing in front.
        assert_eq!(both(b, Term::Trap), (5, 0));
        // Their checker escaped to our 9: only the point on 11 is still in front.
        let mut escaped = b;
        escaped[2] = 0;
        escaped[9] = -1;
        assert_eq!(both(escaped, Term::Trap).0, 1);
        // On their bar: everything is in front.
        let mut on_bar = b;
        on_bar[2] = 0;
        on_bar[0] = -1;
        assert_eq!(both(on_bar, Term::Trap).0, 5);
    }

    #[test]
    fn anchors_in_their_home() {
        // Ours: 20 and 24 made, a blot on 22; theirs: our 5 made, a blot on our 3.
        // Their point on our 5 is an anchor of theirs (their 20).
        let b = board(&[(20, 2), (24, 3), (22, 1), (5, -2), (3, -1)]);
        assert_eq!(both(b, Term::Anchors), (2, 1));
        let b = board(&[(20, 2), (18, 2), (5, -2), (6, -2)]);
        assert_eq!(both(b, Term::Anchors), (1, 2));
    }

    #[test]
    fn blocked_rolls_counted_by_hand() {
        // Our one back checker on 24; their points on our 18, 17, 16 (a three-point block six
        // to eight pips ahead). To pass 16 it must reach 15 or lower, 9 pips or more, landing
        // only on open points: 6-3 (via 21), 6-4 (via 20), 6-5 (via 19), 5-4, and 5-5 (19,
        // 14). 4-4 stops on 16, 6-6 on 18, 3-3 on 18; the rest are too short.
        let b = board(&[(24, 1), (18, -2), (17, -2), (16, -2), (1, 2)]);
        let (ours, theirs) = both(b, Term::Blocked);
        // 6-3, 6-4, 6-5, 5-4: 2 each; 5-5: 1 -> 9 escaping rolls.
        assert_eq!(ours, 36 - 9);
        // Their checkers are not back (their rearmost is on their 9).
        assert_eq!(theirs, 0);
        // Nothing in front: nothing blocks.
        let b = board(&[(24, 1), (1, -2)]);
        assert_eq!(both(b, Term::Blocked), (0, 0));
        // Closed board in front of our bar checker: no roll enters, none escapes.
        let mut b = board(&[(25, 1)]);
        b[19..=24].fill(-2);
        assert_eq!(both(b, Term::Blocked).0, 36);
    }
}
