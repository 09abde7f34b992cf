//! gnubg's SGF letters for points. A point is one letter from the board's fixed view: player
//! 0 (`W`) numbers its points `a` (its ace point) to `x` (its 24 point), player 1 (`B`) the
//! other way, `x` its ace point to `a` its 24 point; `y` is the bar and `z` off for both. A
//! move is its roll's two digits then a from/to pair of letters per checker step:
//! `64aggk` is player 1's 6-4 played 24/18 18/14.

use crate::core::moves::Segment;

/// The letter of `point` (1–24 from the mover's view, 25 the bar, 0 off) for `player`.
pub(crate) fn letter(point: u8, player: usize) -> char {
    match point {
        25 => 'y',
        0 => 'z',
        p if player == 0 => (b'a' + (p - 1)) as char,
        p => (b'x' - (p - 1)) as char,
    }
}

/// The point (from the mover's view) a letter names for `player`, or `None` for a byte
/// that is no point.
pub(crate) fn point(letter: u8, player: usize) -> Option<u8> {
    match letter {
        b'y' => Some(25),
        b'z' => Some(0),
        b'a'..=b'x' if player == 0 => Some(letter - b'a' + 1),
        b'a'..=b'x' => Some(b'x' - letter + 1),
        _ => None,
    }
}

/// The steps of a move written in letters (`aggk`), at most four, each towards point 1;
/// `None` when a letter is no point, a step goes backwards or from off, or a letter is left
/// over.
pub(crate) fn move_letters(letters: &str, player: usize) -> Option<Vec<Segment>> {
    let bytes = letters.as_bytes();
    if !bytes.len().is_multiple_of(2) || bytes.len() > 8 {
        return None;
    }
    bytes
        .chunks_exact(2)
        .map(|pair| {
            let from = point(pair[0], player)?;
            let to = point(pair[1], player)?;
            (from > to && to < 25).then_some(Segment { from, to })
        })
        .collect()
}

/// A move's steps in letters.
pub(crate) fn write_letters(steps: impl Iterator<Item = (u8, u8)>, player: usize) -> String {
    steps
        .flat_map(|(from, to)| [letter(from, player), letter(to, player)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_players_letters_round_trip() {
        let s = |from, to| Segment { from, to };
        assert_eq!(move_letters("aggk", 1), Some(vec![s(24, 18), s(18, 14)]));
        assert_eq!(move_letters("hgmg", 0), Some(vec![s(8, 7), s(13, 7)]));
        assert_eq!(move_letters("yrcz", 0), Some(vec![s(25, 18), s(3, 0)]));
        for player in [0, 1] {
            for p in 0..=25u8 {
                assert_eq!(point(letter(p, player) as u8, player), Some(p));
            }
        }
        assert_eq!(write_letters([(24, 18), (18, 14)].into_iter(), 1), "aggk");
        for bad in ["agg", "ag!k", "gaaa", "zyab", "abababababab"] {
            assert_eq!(move_letters(bad, 0), None, "{bad}");
        }
    }
}
