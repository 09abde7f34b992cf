//! The opponent on the bar: X_OPPBAR and X_CLOSED.

use super::Masks;
use crate::core::position::OPPONENT_BAR;

/// X_OPPBAR: the opponent's checkers on the bar.
#[inline]
pub fn opp_bar(b: &[i8; 26]) -> i32 {
    -(b[OPPONENT_BAR].min(0) as i32)
}

/// X_CLOSED: our home points made (1–6) while the opponent has a checker on the bar, else 0;
/// 6 is a closed board.
#[inline]
pub fn closed(b: &[i8; 26], m: &Masks) -> i32 {
    if b[OPPONENT_BAR] < 0 {
        (m.own_made & 0x7e).count_ones() as i32
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{board, both};
    use crate::evaluation::classic::terms::Term;

    #[test]
    fn bar_and_closed_points() {
        // Theirs: two on the bar; ours: 1-4 and 6 made, a blot on 5. Ours on 20 (their 5).
        let b = board(&[
            (0, -2),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 1),
            (6, 2),
            (20, 1),
            (19, -2),
        ]);
        assert_eq!(both(b, Term::OppBar), (2, 0));
        assert_eq!(both(b, Term::Closed), (5, 0));
        // Nobody on the bar: nothing closed out, whatever the points.
        let mut b2 = b;
        b2[0] = 0;
        assert_eq!(both(b2, Term::Closed), (0, 0));
        // Our checker on the bar too: their made point (our 19 = their 6) counts for them.
        let mut b3 = b;
        b3[20] = 0;
        b3[25] = 1;
        assert_eq!(both(b3, Term::OppBar), (2, 1));
        assert_eq!(both(b3, Term::Closed), (5, 1));
    }
}
