//! The classic program's heuristics once the forces have separated: the running game and
//! bearing off without contact.
//!
//! The heuristics are played die by die on a copy of the board (model numbering: the side to
//! move goes 24 → 1, home 1–6, 0 = off):
//! - **Running** (not all checkers home): the farthest checker moves by the larger die, then
//!   the other die likewise (four times for doubles). When every checker is home with dice
//!   left over, bearing off continues with them.
//! - **Bearing off** (all home): the remaining dice are taken smallest first; for each die, in
//!   order of preference:
//!   1. bear off from the point the die reaches exactly;
//!   2. else bear off from the point one nearer, when that is legal (it is the highest point);
//!   3. else *level out* (**choice**: the seed gives no formula): move a checker by the die from
//!      a point above the die holding at least two more checkers than the point it lands on —
//!      the fullest such point, the farther one on ties;
//!   4. else move the farthest checker forward, or off when the die is at least its distance —
//!      except when a later, larger die would bear that checker off: then the second-farthest
//!      checker moves (if that move is legal; otherwise the farthest after all).
//!
//! Without contact nothing blocks, so every step is legal and every die can be played while
//! checkers remain: the plan always ends on a legal result. The player still checks it against
//! the generator's results and falls back to the highest BRDVAL if not (never seen).

/// Why a race step was chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RaceRule {
    /// Running game: the farthest checker by the larger remaining die.
    FarthestByLarger,
    /// Bearing off from the point the die reaches exactly.
    ExactBearOff,
    /// Bearing off from the point one nearer than the die.
    NearerBearOff,
    /// Levelling out a crowded far point of the home board.
    LevelOut,
    /// The farthest checker forward (or off).
    Farthest,
    /// The second-farthest checker, because a later die bears off the farthest.
    SecondFarthest,
}

impl RaceRule {
    /// A few words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            RaceRule::FarthestByLarger => "farthest checker, larger die first",
            RaceRule::ExactBearOff => "bears off exactly",
            RaceRule::NearerBearOff => "bears off from one point nearer",
            RaceRule::LevelOut => "levels out the home board",
            RaceRule::Farthest => "farthest checker",
            RaceRule::SecondFarthest => {
                "second-farthest checker (a later die bears off the farthest)"
            }
        }
    }
}

/// One step of a race plan: a checker from `from` to `to` (0 = off) with `die`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RaceStep {
    /// The point left.
    pub from: u8,
    /// The point reached, 0 = borne off.
    pub to: u8,
    /// The die used.
    pub die: u8,
    /// Why.
    pub rule: RaceRule,
}

/// The steps the heuristics play and the board they reach.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RacePlan {
    /// The board after the steps (from the mover's view).
    pub board: [i8; 26],
    /// The steps in the order played; only the first `len` are used.
    pub steps: [RaceStep; 4],
    /// How many steps.
    pub len: u8,
}

impl RacePlan {
    /// The steps played.
    pub fn steps(&self) -> &[RaceStep] {
        &self.steps[..self.len as usize]
    }
}

#[inline]
fn highest(b: &[i8; 26]) -> usize {
    (1..=24).rev().find(|&p| b[p] > 0).unwrap_or(0)
}

/// Plans the race move for `dice` (high, low) on `board`, whose side to move has no contact.
pub fn plan(board: &[i8; 26], high: u8, low: u8) -> RacePlan {
    let mut b = *board;
    let mut dice = [0u8; 4];
    let n = if high == low {
        dice = [high; 4];
        4
    } else {
        dice[0] = high;
        dice[1] = low;
        2
    };
    // `left` holds the unused dice, sorted high to low.
    let mut left = dice;
    let mut count = n;
    let mut plan = RacePlan {
        board: b,
        steps: [RaceStep {
            from: 0,
            to: 0,
            die: 0,
            rule: RaceRule::Farthest,
        }; 4],
        len: 0,
    };
    while count > 0 {
        let h = highest(&b);
        if h == 0 {
            break;
        }
        let (die, from, to, rule) = if h > 6 {
            // Running: the larger die first.
            let die = left[0];
            left.copy_within(1..count, 0);
            count -= 1;
            (die, h, h - die as usize, RaceRule::FarthestByLarger)
        } else {
            // Bearing off: the smallest die first; the next one is the next smallest.
            count -= 1;
            let die = left[count];
            let next = (count > 0).then(|| left[count - 1]);
            let (from, to, rule) = bear_off_step(&b, die as usize, next.map(|d| d as usize), h);
            (die, from, to, rule)
        };
        b[from] -= 1;
        if to != 0 {
            b[to] += 1;
        }
        plan.steps[plan.len as usize] = RaceStep {
            from: from as u8,
            to: to as u8,
            die,
            rule,
        };
        plan.len += 1;
    }
    plan.board = b;
    plan
}

/// One bear-off step by the seed's preferences (see the module doc); `h` is the highest point.
fn bear_off_step(
    b: &[i8; 26],
    d: usize,
    next: Option<usize>,
    h: usize,
) -> (usize, usize, RaceRule) {
    if b[d] > 0 {
        return (d, 0, RaceRule::ExactBearOff);
    }
    if d >= 2 && b[d - 1] > 0 && h == d - 1 {
        return (d - 1, 0, RaceRule::NearerBearOff);
    }
    let mut level: Option<usize> = None;
    for p in (d + 1..=h).rev() {
        if b[p] >= b[p - d] + 2 && level.is_none_or(|q| b[p] > b[q]) {
            level = Some(p);
        }
    }
    if let Some(p) = level {
        return (p, p - d, RaceRule::LevelOut);
    }
    if d >= h {
        return (h, 0, RaceRule::Farthest);
    }
    if next.is_some_and(|d2| d2 >= h) {
        let second = if b[h] >= 2 {
            h
        } else {
            (1..h).rev().find(|&p| b[p] > 0).unwrap_or(0)
        };
        if second > d {
            return (second, second - d, RaceRule::SecondFarthest);
        }
    }
    (h, h - d, RaceRule::Farthest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cells: &[(usize, i8)]) -> [i8; 26] {
        let mut b = [0i8; 26];
        for &(p, n) in cells {
            b[p] = n;
        }
        b
    }

    fn moves(p: &RacePlan) -> Vec<(u8, u8, RaceRule)> {
        p.steps().iter().map(|s| (s.from, s.to, s.rule)).collect()
    }

    #[test]
    fn running_moves_the_farthest_by_the_larger_die() {
        let b = board(&[(20, 1), (15, 1), (6, 3), (22, -2)]);
        let p = plan(&b, 5, 2);
        use RaceRule::*;
        assert_eq!(
            moves(&p),
            vec![(20, 15, FarthestByLarger), (15, 13, FarthestByLarger)]
        );
        assert_eq!(p.board[13], 1);
        assert_eq!(p.board[15], 1);
    }

    #[test]
    fn running_then_bearing_off_with_the_dice_left() {
        let b = board(&[(8, 1), (6, 2), (1, 1)]);
        let p = plan(&b, 6, 4);
        use RaceRule::*;
        // 8/2 with the 6; then the 4: nothing on 4 or 3; 6 holds 2 and 2 holds 1 (not +2) → no
        // levelling; farthest is 6 → 6/2.
        assert_eq!(moves(&p), vec![(8, 2, FarthestByLarger), (6, 2, Farthest)]);
    }

    #[test]
    fn bear_off_preferences() {
        use RaceRule::*;
        // Exact: 3-1 with checkers on 3 and 1 → 1/off (smallest first), 3/off.
        let p = plan(&board(&[(3, 1), (1, 1), (5, 1)]), 3, 1);
        assert_eq!(moves(&p), vec![(1, 0, ExactBearOff), (3, 0, ExactBearOff)]);
        // One nearer: 6-5 with everything on 5 and 4 → 5/off (exact 5), then 6: nothing on 6,
        // 5 holds one more → 5/off again (one nearer, and it is the highest).
        let p = plan(&board(&[(5, 2), (4, 2)]), 6, 5);
        assert_eq!(moves(&p), vec![(5, 0, ExactBearOff), (5, 0, NearerBearOff)]);
        // Level out: 2-1 with 5 on 6 and none on 4, 5: the 1 levels 6/5? 6 holds 5, 5 holds 0.
        let p = plan(&board(&[(6, 5), (3, 2)]), 2, 1);
        assert_eq!(moves(&p), vec![(6, 5, LevelOut), (6, 4, LevelOut)]);
        // Farthest: 1-1 with one checker on 6 and one on 2: point 1 is empty, no levelling (no
        // point holds two more than the one below it) → the farthest moves 6/5/4/3/2.
        let p = plan(&board(&[(6, 1), (2, 1)]), 1, 1);
        assert_eq!(moves(&p).len(), 4);
        assert!(moves(&p).iter().all(|m| m.2 == Farthest));
        assert_eq!(p.board[2], 2);
    }

    #[test]
    fn second_farthest_when_the_larger_die_bears_the_farthest_off() {
        use RaceRule::*;
        // Checkers on 5 and 4, roll 6-2: the 2 (smaller, first) finds nothing to bear off or
        // level and would move the farthest, 5/3, but the 6 would bear that checker off: the
        // second-farthest moves instead (4/2), then the 6 bears off the 5 (one point nearer).
        let p = plan(&board(&[(5, 1), (4, 1)]), 6, 2);
        assert_eq!(
            moves(&p),
            vec![(4, 2, SecondFarthest), (5, 0, NearerBearOff)]
        );
    }

    #[test]
    fn stops_when_everything_is_off() {
        let p = plan(&board(&[(2, 1)]), 4, 4);
        assert_eq!(moves(&p), vec![(2, 0, RaceRule::Farthest)]);
        assert!(p.board.iter().all(|&n| n <= 0));
    }
}
