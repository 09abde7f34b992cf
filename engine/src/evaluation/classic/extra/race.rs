//! The race: X_PIPDIFF, and X_CRUNCH for wastage.

use crate::core::position::BAR;

/// X_PIPDIFF: our pip count minus the opponent's (the bar counts 25). Positive when behind.
#[inline]
pub fn pip_diff(b: &[i8; 26]) -> i32 {
    let mut d = 0;
    for (p, &n) in b.iter().enumerate() {
        let n = n as i32;
        if n > 0 {
            d += p as i32 * n;
        } else {
            d += (25 - p as i32) * n;
        }
    }
    debug_assert!(b[BAR] >= 0);
    d
}

/// X_CRUNCH: our checkers on the 1, 2 and 3 points — a bear-off measure of wastage: checkers
/// there waste the larger dice, and buried there early they are out of play.
#[inline]
pub fn crunch(b: &[i8; 26]) -> i32 {
    b[1..=3].iter().map(|&n| n.max(0) as i32).sum()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{board, both};
    use crate::core::position::{Position, Side};
    use crate::evaluation::classic::terms::Term;

    #[test]
    fn pip_difference_matches_the_position_count() {
        let p = Position::opening(Side::White);
        assert_eq!(both(*p.board(), Term::PipDiff), (0, 0));
        // Ours: 2 on 24, 1 on the bar (25); theirs: 3 on our 4 (their 21).
        let b = board(&[(24, 2), (25, 1), (4, -3)]);
        let (own, opp) = Position::from_board(Side::White, b).unwrap().pips();
        assert_eq!((own, opp), (73, 63));
        assert_eq!(both(b, Term::PipDiff), (10, -10));
    }

    #[test]
    fn crunch_counts_the_low_points() {
        let b = board(&[(1, 3), (2, 1), (3, 2), (4, 5), (24, -4), (22, -2), (20, -3)]);
        // Theirs: our 24 and 22 are their 1 and 3.
        assert_eq!(both(b, Term::Crunch), (6, 6));
    }
}
