//! Writing a move in gnubg/XG notation.
//!
//! The steps are ordered by decreasing source point; the steps of one checker are joined
//! (`13/8 8/5` → `13/5`), keeping an intermediate point only where it hit (`13/7*/5`); equal
//! checker paths are counted (`8/5(2)`); each hit point is starred once. This is the form
//! GNU Backgammon prints.

use super::{Move, Step};
use std::fmt::{self, Write};

/// One checker's path: its points from start to end (at most five: four steps, each hit kept),
/// and how many checkers took it.
#[derive(Clone, Copy, Default)]
struct Path {
    points: [u8; 5],
    len: usize,
    count: usize,
}

impl Path {
    fn points(&self) -> &[u8] {
        &self.points[..self.len]
    }

    fn push(&mut self, p: u8) {
        self.points[self.len] = p;
        self.len += 1;
    }
}

fn point_name(out: &mut impl Write, p: u8) -> fmt::Result {
    match p {
        0 => out.write_str("off"),
        25 => out.write_str("bar"),
        // A point 1 to 24: its digits, without the formatting machinery.
        _ => {
            if p >= 10 {
                out.write_char(char::from(b'0' + p / 10))?;
            }
            out.write_char(char::from(b'0' + p % 10))
        }
    }
}

/// The move's notation.
pub fn format(mv: &Move) -> String {
    let mut out = String::with_capacity(24);
    // Writing to a String does not fail.
    let _ = write(mv, &mut out);
    out
}

/// The move's notation written to `out`, with no allocation (a move has at most four steps).
pub fn write(mv: &Move, out: &mut impl Write) -> fmt::Result {
    let mut steps = [Step {
        from: 0,
        to: 0,
        hit: false,
    }; 4];
    let mut n = 0;
    for s in mv.steps().take(4) {
        steps[n] = s;
        n += 1;
    }
    let steps = &mut steps[..n];
    steps.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));
    let hit = |p: u8| steps.iter().any(|s| s.hit && s.to == p);

    // Join the steps of one checker: a later step that leaves where an earlier one arrived.
    let mut paths = [Path::default(); 4];
    let mut count = 0;
    let mut used = [false; 4];
    for i in 0..n {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut path = Path::default();
        path.push(steps[i].from);
        path.push(steps[i].to);
        for j in i + 1..n {
            let end = path.points[path.len - 1];
            if !used[j] && end != 0 && steps[j].from == end {
                used[j] = true;
                if !hit(end) {
                    path.len -= 1;
                }
                path.push(steps[j].to);
            }
        }
        match paths[..count]
            .iter_mut()
            .find(|p| p.points() == path.points())
        {
            Some(p) => p.count += 1,
            None => {
                path.count = 1;
                paths[count] = path;
                count += 1;
            }
        }
    }

    let mut starred = [0u8; 4];
    let mut stars = 0;
    for (k, path) in paths[..count].iter().enumerate() {
        if k > 0 {
            out.write_char(' ')?;
        }
        point_name(out, path.points[0])?;
        for &p in &path.points()[1..] {
            out.write_char('/')?;
            point_name(out, p)?;
            if p != 0 && hit(p) && !starred[..stars].contains(&p) {
                out.write_char('*')?;
                starred[stars] = p;
                stars += 1;
            }
        }
        if path.count > 1 {
            write!(out, "({})", path.count)?;
        }
    }
    Ok(())
}

impl Move {
    /// The move in gnubg/XG notation: `24/18 13/11*`, `bar/22`, `6/off`, `8/5(2)`, `13/7*/5`.
    pub fn notation(&self) -> String {
        format(self)
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write(self, f)
    }
}

#[cfg(test)]
mod tests {
    use crate::core::dice::Dice;
    use crate::core::moves::legal_plays;
    use crate::core::position::{Position, Side};

    /// Every legal play's notation of `roll` from the opening, written by `format` and by
    /// `Display` (the same text).
    fn opening(high: u8, low: u8) -> Vec<String> {
        let plays = legal_plays(
            &Position::opening(Side::White),
            Dice::new(high, low).unwrap(),
        );
        plays
            .iter()
            .map(|p| {
                assert_eq!(p.mv.to_string(), p.mv.notation());
                p.mv.notation()
            })
            .collect()
    }

    #[test]
    fn paths_are_joined_counted_and_ordered_by_their_start() {
        let n = opening(3, 1);
        assert!(n.contains(&"8/5 6/5".to_string()), "{n:?}");
        assert!(n.contains(&"24/20".to_string()), "{n:?}");
        assert!(n.contains(&"24/23 13/10".to_string()), "{n:?}");
        let n = opening(6, 6);
        assert!(n.contains(&"24/18(2) 13/7(2)".to_string()), "{n:?}");
        assert!(n.contains(&"24/18 13/7(3)".to_string()), "{n:?}");
        assert!(n.contains(&"13/7 8/2(3)".to_string()), "{n:?}");
    }
}
