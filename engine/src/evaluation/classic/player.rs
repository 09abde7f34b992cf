//! The classic program as a player: its move choice by phase, with the reason.
//!
//! - **Contact**: the legal result with the highest BRDVAL (a checker on the bar is entered
//!   first: the legal plays already require it).
//! - **Running** and **bearing off without contact**: the race heuristics of [`super::race`].
//! - **Bearing off with contact**: a result whose WSINCL is 0 (no blot within reach) if there
//!   is one, else the lowest WSINCL; among equals the highest BRDVAL.
//!
//! **Ties** (equal BRDVAL, or equal WSINCL and BRDVAL) go to the result whose board, read from
//! the mover's bar (index 25) down to index 0, is lexicographically smallest: the play that
//! leaves fewer of the mover's checkers far back. Distinct results have distinct boards, so the
//! order is total and does not depend on the order of generation. (The seed kept the first best
//! it found in its own search order.)
//!
//! **Fallback**: the choice is always one of the legal plays. If the race heuristics reach a
//! board that is not a legal result (not expected without contact: every step is legal and no
//! die is ever blocked), the highest BRDVAL is played and the reason says so.

use super::fast::{ValueTable, exact};
use super::features::{Threats, side_features};
use super::phase::Phase;
use super::race::{self, RacePlan};
use super::terms::Term;
use super::value::brdval;
use super::weights::Weights;
use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::Position;
use crate::evaluation::opponents::Player;
use std::cmp::Ordering;
use std::fmt;

/// The deterministic tie-break (see the module doc): `Less` when `a` ranks before `b`.
#[inline]
pub fn tie_order(a: &[i8; 26], b: &[i8; 26]) -> Ordering {
    for i in (0..26).rev() {
        match a[i].cmp(&b[i]) {
            Ordering::Equal => continue,
            o => return o,
        }
    }
    Ordering::Equal
}

/// Why the program chose its play.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Reason {
    /// The only legal play.
    Forced,
    /// Contact: the highest BRDVAL.
    HighestValue {
        /// Its BRDVAL.
        value: f64,
    },
    /// Running or bearing off without contact: the heuristic steps.
    Race(RacePlan),
    /// Bearing off with contact: no blot within reach (WSINCL 0).
    NoExposure,
    /// Bearing off with contact: every play leaves a shot; the lowest WSINCL.
    LowestExposure {
        /// Its WSINCL.
        exposure: i32,
    },
    /// The race heuristics reached no legal result; the highest BRDVAL was played instead.
    Fallback {
        /// Its BRDVAL.
        value: f64,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Forced => f.write_str("the only legal play"),
            Reason::HighestValue { value } => write!(f, "highest BRDVAL ({value:+.2})"),
            Reason::Race(plan) => {
                let parts: Vec<String> = plan
                    .steps()
                    .iter()
                    .map(|s| {
                        let to = if s.to == 0 {
                            "off".to_string()
                        } else {
                            s.to.to_string()
                        };
                        format!("{}/{to} ({}: {})", s.from, s.die, s.rule.describe())
                    })
                    .collect();
                f.write_str(&parts.join(", "))
            }
            Reason::NoExposure => f.write_str("leaves no blot within reach (WSINCL 0)"),
            Reason::LowestExposure { exposure } => {
                write!(f, "every play leaves a shot; lowest WSINCL ({exposure})")
            }
            Reason::Fallback { value } => write!(
                f,
                "the race heuristic found no legal play; highest BRDVAL instead ({value:+.2})"
            ),
        }
    }
}

/// The program's choice: an index into the plays, the phase and the reason.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Choice {
    /// Index of the chosen play in the slice given.
    pub index: usize,
    /// The phase of the position before the move.
    pub phase: Phase,
    /// Why.
    pub reason: Reason,
}

/// Chooses among `n` legal results (n ≥ 1) by the program's rules, reading each result's
/// board, BRDVAL and WSINCL through the closures. `plan` is the race plan (for the race phases).
pub(crate) fn select(
    phase: Phase,
    n: usize,
    board: impl Fn(usize) -> [i8; 26],
    value: impl Fn(usize) -> f64,
    exposure: impl Fn(usize) -> i32,
    plan: Option<&RacePlan>,
) -> Choice {
    let best_value = || {
        let mut best = 0;
        let mut best_v = value(0);
        for i in 1..n {
            let v = value(i);
            if v > best_v || (v == best_v && tie_order(&board(i), &board(best)).is_lt()) {
                best = i;
                best_v = v;
            }
        }
        (best, best_v)
    };
    let choice = |index, reason| Choice {
        index,
        phase,
        reason,
    };
    if n == 1 {
        return choice(0, Reason::Forced);
    }
    match phase {
        Phase::Contact => {
            let (i, v) = best_value();
            choice(i, Reason::HighestValue { value: v })
        }
        Phase::BearOffContact => {
            let mut best = 0;
            let (mut be, mut bv) = (exposure(0), value(0));
            for i in 1..n {
                let (e, v) = (exposure(i), value(i));
                let better = e < be
                    || (e == be
                        && (v > bv || (v == bv && tie_order(&board(i), &board(best)).is_lt())));
                if better {
                    (best, be, bv) = (i, e, v);
                }
            }
            let reason = if be == 0 {
                Reason::NoExposure
            } else {
                Reason::LowestExposure { exposure: be }
            };
            choice(best, reason)
        }
        Phase::Running | Phase::BearOff => {
            let plan = plan.expect("a race plan in the race phases");
            match (0..n).find(|&i| board(i) == plan.board) {
                Some(i) => choice(i, Reason::Race(*plan)),
                None => {
                    let (i, v) = best_value();
                    choice(i, Reason::Fallback { value: v })
                }
            }
        }
    }
}

/// The race plan for `pos` and `dice` when the phase needs one.
pub(crate) fn race_plan(phase: Phase, pos: &Position, dice: Dice) -> Option<RacePlan> {
    matches!(phase, Phase::Running | Phase::BearOff)
        .then(|| race::plan(pos.board(), dice.high(), dice.low()))
}

/// The classic program (seed 000) with a set of weights.
#[derive(Clone, Debug)]
pub struct ClassicPlayer {
    /// The weights of its terms (may be changed between moves, e.g. by learning).
    pub weights: Weights,
    name: String,
    table: Option<ValueTable>,
    values: Vec<f64>,
}

impl ClassicPlayer {
    /// The program with `weights`, reported as `name` (e.g. `classic:tuned.ron`).
    pub fn new(weights: Weights, name: impl Into<String>) -> ClassicPlayer {
        ClassicPlayer {
            weights,
            name: name.into(),
            table: None,
            values: Vec::new(),
        }
    }

    /// The program's choice among `plays` (every distinct legal result of `dice` in `pos`,
    /// not empty), with phase and reason.
    pub fn choose_with_reason(&self, pos: &Position, dice: Dice, plays: &[Play]) -> Choice {
        assert!(
            !plays.is_empty(),
            "the classic player needs at least one play"
        );
        let phase = Phase::of(pos);
        let plan = race_plan(phase, pos, dice);
        let w = &self.weights;
        let board = |i: usize| *plays[i].result.board();
        if phase == Phase::BearOffContact {
            // Features once per play for both criteria.
            let feats: Vec<_> = plays
                .iter()
                .map(|p| side_features(p.result.board(), w.terms()))
                .collect();
            return select(
                phase,
                plays.len(),
                board,
                |i| brdval(w, &feats[i]),
                |i| feats[i][Term::Exposure.index()],
                plan.as_ref(),
            );
        }
        select(
            phase,
            plays.len(),
            board,
            |i| brdval(w, &side_features(plays[i].result.board(), w.terms())),
            |i| side_features(plays[i].result.board(), w.terms())[Term::Exposure.index()],
            plan.as_ref(),
        )
    }
}

impl ClassicPlayer {
    /// The same choice, phase and reason as [`ClassicPlayer::choose_with_reason`], by the
    /// tabulated values in contact (the fast path duels use): what a game needs to play and
    /// to explain its move at self-play speed.
    pub fn choose_explained(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> Choice {
        let phase = Phase::of(pos);
        if phase != Phase::Contact || plays.len() < 2 {
            return self.choose_with_reason(pos, dice, plays);
        }
        let index = self.choose_contact(pos, plays);
        let value = brdval(
            &self.weights,
            &side_features(plays[index].result.board(), self.weights.terms()),
        );
        Choice {
            index,
            phase,
            reason: Reason::HighestValue { value },
        }
    }

    /// The highest BRDVAL by the tabulated value, near-ties settled by the exact value and the
    /// tie-break — the same choice as [`ClassicPlayer::choose_with_reason`], faster.
    fn choose_contact(&mut self, pos: &Position, plays: &[Play]) -> usize {
        if self
            .table
            .as_ref()
            .is_none_or(|t| *t.weights() != self.weights)
        {
            self.table = Some(ValueTable::new(&self.weights));
        }
        let table = self.table.as_ref().expect("just built");
        let threats = Threats::of(pos.board());
        let bar = pos.board()[0];
        let base = table.base(pos.board());
        self.values.clear();
        let mut max = f64::NEG_INFINITY;
        for p in plays {
            let b = p.result.board();
            // A result that hit changed the opposing checkers: its own threat table.
            let v = table.value_after(&base, &p.mv, b, (b[0] == bar).then_some(&threats));
            max = max.max(v);
            self.values.push(v);
        }
        let slack = 1e-9 * (1.0 + max.abs());
        let mut best = usize::MAX;
        let mut best_v = f64::NEG_INFINITY;
        for (i, &v) in self.values.iter().enumerate() {
            if v < max - slack {
                continue;
            }
            let b = plays[i].result.board();
            let v = exact(&self.weights, b);
            if best == usize::MAX
                || v > best_v
                || (v == best_v && tie_order(b, plays[best].result.board()).is_lt())
            {
                best = i;
                best_v = v;
            }
        }
        best
    }
}

impl Default for ClassicPlayer {
    /// The program with the shipped default weights.
    fn default() -> ClassicPlayer {
        ClassicPlayer::new(Weights::builtin_default(), "classic")
    }
}

impl Player for ClassicPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        if plays.len() == 1 {
            return 0;
        }
        let phase = Phase::of(pos);
        if phase == Phase::Contact {
            return self.choose_contact(pos, plays);
        }
        self.choose_with_reason(pos, dice, plays).index
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::moves::MoveGenerator;
    use crate::core::position::Side;

    use crate::core::position::test_position as pos;

    fn chosen(pos: &Position, dice: &str) -> (String, Choice) {
        let dice: Dice = dice.parse().unwrap();
        let mut g = MoveGenerator::new();
        let plays = g.generate(pos, dice).to_vec();
        let player = ClassicPlayer::default();
        let c = player.choose_with_reason(pos, dice, &plays);
        let mut fast = player.clone();
        assert_eq!(fast.choose(pos, dice, &plays), c.index, "fast path agrees");
        assert_eq!(
            fast.choose_explained(pos, dice, &plays),
            c,
            "and explains alike"
        );
        (plays[c.index].mv.notation(), c)
    }

    #[test]
    fn contact_plays_the_highest_brdval() {
        let p = Position::opening(Side::White);
        let dice: Dice = "31".parse().unwrap();
        let mut g = MoveGenerator::new();
        let plays = g.generate(&p, dice).to_vec();
        let player = ClassicPlayer::default();
        let c = player.choose_with_reason(&p, dice, &plays);
        assert_eq!(c.phase, Phase::Contact);
        let vals: Vec<f64> = plays
            .iter()
            .map(|q| {
                brdval(
                    &player.weights,
                    &side_features(q.result.board(), player.weights.terms()),
                )
            })
            .collect();
        let max = vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(vals[c.index], max);
        assert_eq!(c.reason, Reason::HighestValue { value: max });
        assert_eq!(player.clone().choose_explained(&p, dice, &plays), c);
        // With the default weights, 31 at the opening makes the 5 point.
        assert_eq!(plays[c.index].mv.notation(), "8/5 6/5");
    }

    #[test]
    fn running_and_bear_off_follow_the_heuristics() {
        let (mv, c) = chosen(&pos(&[(20, 1), (15, 1), (6, 3), (22, -2)]), "52");
        assert_eq!(c.phase, Phase::Running);
        assert_eq!(mv, "20/13");
        assert!(matches!(c.reason, Reason::Race(_)));
        let (mv, c) = chosen(&pos(&[(5, 1), (4, 1), (20, -3)]), "62");
        assert_eq!(c.phase, Phase::BearOff);
        assert_eq!(mv, "5/off 4/2");
        assert!(c.reason.to_string().contains("second-farthest"));
    }

    #[test]
    fn bear_off_with_contact_avoids_shots() {
        // Own: 2 on 6, 2 on 5; opponent on our 1 point (behind our checkers) and 10 off.
        // 6-1: 6/off 6/5 leaves no blot (5 holds 3); 6/off 5/4 leaves blots on 6 and 4.
        let (mv, c) = chosen(&pos(&[(6, 2), (5, 2), (1, -2)]), "61");
        assert_eq!(c.phase, Phase::BearOffContact);
        assert_eq!(c.reason, Reason::NoExposure);
        assert_eq!(mv, "6/5 6/off");
        // Own: one each on 6, 5, 4, 3; 2-1 cannot pair all four: the least exposed play is
        // 6/4 5/4, leaving the 3 two pips from the opponent's two checkers (2 × 12 throws).
        let (mv, c) = chosen(&pos(&[(6, 1), (5, 1), (4, 1), (3, 1), (1, -2)]), "21");
        assert_eq!(c.reason, Reason::LowestExposure { exposure: 24 });
        assert_eq!(mv, "6/4 5/4");
    }

    #[test]
    fn forced_play_is_reported() {
        let (mv, c) = chosen(&pos(&[(2, 1), (20, -2)]), "66");
        assert_eq!(mv, "2/off");
        assert_eq!(c.reason, Reason::Forced);
    }

    #[test]
    fn tie_order_prefers_fewer_checkers_far_back() {
        let mut a = [0i8; 26];
        let mut b = [0i8; 26];
        a[10] = 1;
        b[11] = 1;
        assert!(tie_order(&a, &b).is_lt());
        assert!(tie_order(&b, &a).is_gt());
        assert!(tie_order(&a, &a).is_eq());
    }
}
