//! How many turns a side needs to bring its last checkers out of the other side's home board,
//! for gnubg's backgammon figures of a race (its `getRaceBGprobs` table, computed anew here).
//!
//! The checkers are at most six, each 1 to 5 pips from leaving the home board (none on the
//! ace point: that would be contact). Each turn the side plays its roll on them so as to need
//! the fewest turns on average; [`escapes`] gives, for t = 1…4, the number of the 36ᵗ roll
//! sequences after which the last checker leaves in exactly t turns, and for t = 5 the
//! sequences (of 36⁵) that need five turns or more. This is the table gnubg 1.07 ships: all
//! 461 of its entries are these numbers (checked once against gnubg's source when this was
//! written; the equality test against gnubg checks the backgammon figures they give).

// The loops keep gnubg's indices (points, rolls, outputs), which say what they compute.
#![allow(clippy::needless_range_loop)]

use std::sync::LazyLock;

/// Points a checker can still be from leaving (1…5 pips).
const DISTANCES: usize = 5;
/// The most checkers the table covers.
pub const MAX_CHECKERS: u32 = 6;
/// Turns counted (the last one is "this many or more").
pub const TURNS: usize = 5;

/// Counts of checkers 1…5 pips from leaving (index pips − 1).
type State = [u8; DISTANCES];

fn key(s: &State) -> usize {
    s.iter().fold(0, |k, &c| k * 7 + c as usize)
}

struct Table {
    /// Least expected turns of each state (by [`key`]); NaN when not computed.
    expected: Vec<f64>,
    /// Roll sequences ending in exactly t + 1 turns (t = 0…3), then the rest of 36⁵.
    counts: Vec<Option<[u64; TURNS]>>,
}

static TABLE: LazyLock<std::sync::Mutex<Table>> = LazyLock::new(|| {
    std::sync::Mutex::new(Table {
        expected: vec![f64::NAN; 7usize.pow(DISTANCES as u32)],
        counts: vec![None; 7usize.pow(DISTANCES as u32)],
    })
});

/// Every state the dice `dice` (played in order, each on any checker) can leave.
fn after(s: &State, dice: &[u8]) -> Vec<State> {
    let mut now = vec![*s];
    for &d in dice {
        let mut next: Vec<State> = Vec::new();
        for t in &now {
            if t.iter().all(|&c| c == 0) {
                if !next.contains(t) {
                    next.push(*t);
                }
                continue;
            }
            for k in 0..DISTANCES {
                if t[k] == 0 {
                    continue;
                }
                let mut u = *t;
                u[k] -= 1;
                let left = k as i32 + 1 - d as i32;
                if left > 0 {
                    u[left as usize - 1] += 1;
                }
                if !next.contains(&u) {
                    next.push(u);
                }
            }
        }
        now = next;
    }
    now
}

fn rolls() -> impl Iterator<Item = Vec<u8>> {
    (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| if a == b { vec![a; 4] } else { vec![a, b] }))
}

impl Table {
    fn expected(&mut self, s: &State) -> f64 {
        let k = key(s);
        if !self.expected[k].is_nan() {
            return self.expected[k];
        }
        let e = if s.iter().all(|&c| c == 0) {
            0.0
        } else {
            let mut sum = 0.0;
            for dice in rolls() {
                let best = after(s, &dice)
                    .iter()
                    .map(|t| self.expected(t))
                    .fold(f64::INFINITY, f64::min);
                sum += best;
            }
            1.0 + sum / 36.0
        };
        self.expected[k] = e;
        e
    }

    /// The best state after `dice` (fewest expected turns; the first found on ties).
    fn best(&mut self, s: &State, dice: &[u8]) -> State {
        let mut best = None;
        let mut best_e = f64::INFINITY;
        for t in after(s, dice) {
            let e = self.expected(&t);
            if e < best_e {
                best_e = e;
                best = Some(t);
            }
        }
        best.expect("a roll leaves some state")
    }

    /// Roll sequences of length t + 1 (t = 0…3) after which the state is empty for the
    /// first time.
    fn exact(&mut self, s: &State, turns: usize, memo: &mut Vec<[Option<u64>; 4]>) -> u64 {
        // Sequences of `turns` rolls ending the escape exactly at the last one.
        if turns == 0 {
            return u64::from(s.iter().all(|&c| c == 0));
        }
        if s.iter().all(|&c| c == 0) {
            return 0;
        }
        let k = key(s);
        if let Some(v) = memo[k][turns - 1] {
            return v;
        }
        let mut n = 0;
        for dice in rolls() {
            let t = self.best(s, &dice);
            n += self.exact(&t, turns - 1, memo);
        }
        memo[k][turns - 1] = Some(n);
        n
    }

    fn counts(&mut self, s: &State) -> [u64; TURNS] {
        let k = key(s);
        if let Some(c) = self.counts[k] {
            return c;
        }
        let mut memo = vec![[None; 4]; 7usize.pow(DISTANCES as u32)];
        let mut c = [0u64; TURNS];
        for t in 0..4 {
            c[t] = self.exact(s, t + 1, &mut memo);
        }
        let all = 36u64.pow(5);
        let done: u64 = (0..4).map(|t| c[t] * 36u64.pow(4 - t as u32)).sum();
        c[4] = all - done;
        self.counts[k] = Some(c);
        c
    }
}

/// For checkers `pips_away[i]` on the point i + 1 pips from leaving (i = 0…4; gnubg's board
/// of the loser's checkers on its 19- to 23-points), at most [`MAX_CHECKERS`] in all: the
/// roll sequences that take them out in exactly 1, 2, 3, 4 turns (of 36, 36², 36³, 36⁴) and
/// in 5 or more (of 36⁵). `None` for more checkers.
pub fn escapes(pips_away: &[u8; DISTANCES]) -> Option<[u64; TURNS]> {
    if pips_away.iter().map(|&c| c as u32).sum::<u32>() > MAX_CHECKERS {
        return None;
    }
    let mut t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    Some(t.counts(pips_away))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_or_two_checkers_a_pip_away_leave_at_once() {
        assert_eq!(escapes(&[1, 0, 0, 0, 0]), Some([36, 0, 0, 0, 0]));
        assert_eq!(escapes(&[2, 0, 0, 0, 0]), Some([36, 0, 0, 0, 0]));
    }

    #[test]
    fn three_checkers_a_pip_away_need_doubles_to_leave_at_once() {
        // Doubles (6 of 36) take all three; otherwise the second turn always does.
        assert_eq!(escapes(&[3, 0, 0, 0, 0]), Some([6, 30 * 36, 0, 0, 0]));
        // Five: three turns unless one of the first two rolls is a double.
        assert_eq!(
            escapes(&[5, 0, 0, 0, 0]),
            Some([0, 36 * 36 - 30 * 30, 30 * 30 * 36, 0, 0])
        );
    }

    #[test]
    fn two_checkers_two_pips_away() {
        // Both dice of 2 or more (25 rolls) or 1-1 (four pips): one turn.
        assert_eq!(escapes(&[0, 2, 0, 0, 0]), Some([26, 10 * 36, 0, 0, 0]));
    }

    #[test]
    fn the_counts_make_up_every_sequence() {
        let c = escapes(&[0, 0, 0, 0, 6]).unwrap();
        let total: u64 = (0..5).map(|t| c[t] * 36u64.pow(4 - t as u32)).sum();
        assert_eq!(total, 36u64.pow(5));
        assert_eq!(escapes(&[3, 0, 0, 0, 4]), None);
    }
}
