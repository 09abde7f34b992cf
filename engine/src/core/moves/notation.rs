//! Writing a move in gnubg/XG notation.
//!
//! The steps are ordered by decreasing source point; the steps of one checker are joined
//! (`13/8 8/5` → `13/5`), keeping an intermediate point only where it hit (`13/7*/5`); equal
//! checker paths are counted (`8/5(2)`); each hit point is starred once. This is the form
//! GNU Backgammon prints.

use super::Move;

/// One checker's path: its points from start to end, and how many checkers took it.
struct Path {
    points: Vec<u8>,
    count: usize,
}

fn point_name(p: u8) -> String {
    match p {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        _ => p.to_string(),
    }
}

/// The move's notation.
pub fn format(mv: &Move) -> String {
    let mut steps: Vec<_> = mv.steps().collect();
    steps.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));
    let hit_points: Vec<u8> = steps.iter().filter(|s| s.hit).map(|s| s.to).collect();

    // Join the steps of one checker: a later step that leaves where an earlier one arrived.
    let mut paths: Vec<Path> = Vec::new();
    let mut used = vec![false; steps.len()];
    for i in 0..steps.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut points = vec![steps[i].from, steps[i].to];
        for j in i + 1..steps.len() {
            let end = *points.last().expect("a path has an end");
            if !used[j] && end != 0 && steps[j].from == end {
                used[j] = true;
                if !hit_points.contains(&end) {
                    points.pop();
                }
                points.push(steps[j].to);
            }
        }
        match paths.iter_mut().find(|p| p.points == points) {
            Some(p) => p.count += 1,
            None => paths.push(Path { points, count: 1 }),
        }
    }

    let mut starred: Vec<u8> = Vec::new();
    let mut out = Vec::new();
    for path in &paths {
        let mut text = point_name(path.points[0]);
        for &p in &path.points[1..] {
            text.push('/');
            text.push_str(&point_name(p));
            if p != 0 && hit_points.contains(&p) && !starred.contains(&p) {
                text.push('*');
                starred.push(p);
            }
        }
        if path.count > 1 {
            text.push_str(&format!("({})", path.count));
        }
        out.push(text);
    }
    out.join(" ")
}

impl Move {
    /// The move in gnubg/XG notation: `24/18 13/11*`, `bar/22`, `6/off`, `8/5(2)`, `13/7*/5`.
    pub fn notation(&self) -> String {
        format(self)
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.notation())
    }
}
