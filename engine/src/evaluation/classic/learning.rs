//! The seed's learning rule, GOOD / BAD.
//!
//! After each exchange (the program's move and the opponent's reply) in contact — not once the
//! forces have separated nor while the program is bearing off — GBRDVAL of the position is
//! compared with COMPVAL, the GBRDVAL stored after the previous exchange:
//! - higher → **GOOD**: each term whose addend in the program's last chosen move (BVᵢ = wᵢ·Vᵢ)
//!   was positive becomes more important, each negative one less important;
//! - lower → **BAD**: the opposite;
//! - equal → no change (**choice**: the seed names only the two cases).
//!
//! Read as magnitudes (seed-notes), both are one rule: **wᵢ ← wᵢ + s·η·sign(Vᵢ)**, s = +1 for
//! GOOD and −1 for BAD, η the step the user sets, applied only where the addend BVᵢ is not zero
//! (the seed leaves zero addends unchanged — so a weight of exactly 0 never moves). COMPVAL then
//! becomes the GBRDVAL just computed (with the weights it was computed with, as the seed stores
//! it before the update).

use super::features::{Features, side_features};
use super::terms::{SideFeatures, TERM_COUNT, TermSet, by_seed_name};
use super::value::{addends, gbrdval};
use super::weights::Weights;
use crate::core::position::Position;
use std::collections::BTreeMap;

/// The outcome of comparing GBRDVAL with COMPVAL.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The position improved: s = +1.
    Good,
    /// The position got worse: s = −1.
    Bad,
}

impl Verdict {
    /// `GOOD` or `BAD`, as the seed names its routines.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Good => "GOOD",
            Verdict::Bad => "BAD",
        }
    }
}

/// One logged update.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Update {
    /// GOOD or BAD.
    pub verdict: Verdict,
    /// GBRDVAL after this exchange.
    pub gbrdval: f64,
    /// GBRDVAL after the previous exchange.
    pub compval: f64,
    /// The terms Vᵢ of the program's last chosen move (its result).
    pub features: SideFeatures,
    /// The addends BVᵢ = wᵢ·Vᵢ of that move.
    pub addends: [f64; TERM_COUNT],
    /// The weights before the update.
    pub before: Weights,
    /// The weights after it.
    pub after: Weights,
}

impl Update {
    /// The update as a JSON object (for logs): `verdict`, `gbrdval`, `compval`, and the
    /// objects `move_features`, `move_addends`, `before`, `after` keyed by the seed's names.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(UpdateJson {
            verdict: self.verdict.name(),
            gbrdval: self.gbrdval,
            compval: self.compval,
            move_features: by_seed_name(&self.features, self.before.terms()),
            move_addends: by_seed_name(&self.addends, self.before.terms()),
            before: by_seed_name(self.before.values(), self.before.terms()),
            after: by_seed_name(self.after.values(), self.after.terms()),
        })
        .unwrap_or(serde_json::Value::Null)
    }
}

/// The shape of [`Update::to_json`].
#[derive(serde::Serialize)]
struct UpdateJson {
    verdict: &'static str,
    gbrdval: f64,
    compval: f64,
    move_features: BTreeMap<&'static str, i32>,
    move_addends: BTreeMap<&'static str, f64>,
    before: BTreeMap<&'static str, f64>,
    after: BTreeMap<&'static str, f64>,
}

/// The GOOD/BAD rule on its own: the weights after a `verdict` for a move whose terms were `v`.
pub fn apply(verdict: Verdict, eta: f64, weights: &Weights, v: &SideFeatures) -> Weights {
    let s = match verdict {
        Verdict::Good => 1.0,
        Verdict::Bad => -1.0,
    };
    let bv = addends(weights, v);
    let mut out = *weights;
    for t in weights.terms_on() {
        let i = t.index();
        if bv[i] != 0.0 {
            out.set(t, weights.get(t) + s * eta * (v[i].signum() as f64));
        }
    }
    out
}

/// The learning state of one side across a game: the step, COMPVAL and its last chosen move.
#[derive(Clone, Debug)]
pub struct Learner {
    /// The step η.
    pub eta: f64,
    compval: Option<f64>,
    last_move: Option<SideFeatures>,
}

impl Learner {
    /// A learner with step `eta`.
    pub fn new(eta: f64) -> Learner {
        Learner {
            eta,
            compval: None,
            last_move: None,
        }
    }

    /// Forgets COMPVAL and the last move (at the start of a game).
    pub fn new_game(&mut self) {
        self.compval = None;
        self.last_move = None;
    }

    /// COMPVAL: the GBRDVAL stored after the previous exchange, if any.
    pub fn compval(&self) -> Option<f64> {
        self.compval
    }

    /// Records the program's chosen move in contact: `result` is the position after it, from
    /// the program's view (not mirrored).
    pub fn record_move(&mut self, result: &Position) {
        // Every term: the update touches only those on (the others weigh 0).
        self.last_move = Some(side_features(result.board(), TermSet::ALL));
    }

    /// Called when the program is on roll again after the opponent's reply, with `pos` from its
    /// view. In contact (and not bearing off) compares GBRDVAL with COMPVAL, updates `weights`
    /// and returns the update; stores the new COMPVAL.
    pub fn after_exchange(&mut self, weights: &mut Weights, pos: &Position) -> Option<Update> {
        let last = self.last_move.take();
        if !pos.has_contact() || pos.player_all_home() {
            return None;
        }
        let g = gbrdval(weights, &Features::of_terms(pos, weights.terms()));
        let previous = self.compval.replace(g);
        let (compval, v) = (previous?, last?);
        let verdict = if g > compval {
            Verdict::Good
        } else if g < compval {
            Verdict::Bad
        } else {
            return None;
        };
        let before = *weights;
        *weights = apply(verdict, self.eta, &before, &v);
        Some(Update {
            verdict,
            gbrdval: g,
            compval,
            features: v,
            addends: addends(&before, &v),
            before,
            after: *weights,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;
    use crate::evaluation::classic::terms::Term;

    fn weights() -> Weights {
        let mut w = Weights::zero();
        w.set(Term::Blots, -1.0);
        w.set(Term::Points, 2.0);
        w.set(Term::ToGo, -0.5);
        w.set(Term::Home, 0.0);
        w
    }

    #[test]
    fn good_grows_positive_addends_and_shrinks_warnings() {
        let mut v = [0; TERM_COUNT];
        v[Term::Blots.index()] = 2; // addend −2: a warning
        v[Term::Points.index()] = 3; // addend +6
        v[Term::ToGo.index()] = 0; // addend 0: unchanged
        v[Term::Home.index()] = 5; // weight 0 → addend 0: unchanged
        let w = weights();
        let good = apply(Verdict::Good, 0.25, &w, &v);
        assert_eq!(good.get(Term::Points), 2.25, "more important");
        assert_eq!(good.get(Term::Blots), -0.75, "the warning is over-rated");
        assert_eq!(good.get(Term::ToGo), -0.5);
        assert_eq!(good.get(Term::Home), 0.0);
        let bad = apply(Verdict::Bad, 0.25, &w, &v);
        assert_eq!(bad.get(Term::Points), 1.75, "less important");
        assert_eq!(bad.get(Term::Blots), -1.25, "the warning counts more");
        assert_eq!(bad.get(Term::ToGo), -0.5);
        // GOOD then BAD with the same move cancel out.
        assert_eq!(apply(Verdict::Bad, 0.25, &good, &v), w);
    }

    #[test]
    fn learner_compares_exchanges() {
        let mut w = weights();
        let mut l = Learner::new(0.5);
        let start = Position::opening(Side::White);
        // First exchange: only COMPVAL is stored.
        l.record_move(&start);
        assert_eq!(l.after_exchange(&mut w, &start), None);
        assert_eq!(l.compval(), Some(0.0));
        // Next exchange after 13/7 13/5: 13 pips closer to home (−0.5 × −13 = +6.5) but two
        // blots (−1 × 2): GBRDVAL +4.5 > 0 → GOOD.
        let mut b = *start.board();
        b[13] -= 2;
        b[7] += 1;
        b[5] += 1;
        let better = Position::from_board(Side::White, b).unwrap();
        l.record_move(&better);
        let u = l.after_exchange(&mut w, &better).expect("an update");
        assert_eq!(u.verdict, Verdict::Good);
        assert_eq!((u.gbrdval, u.compval), (4.5, 0.0));
        assert_eq!(u.before, weights());
        assert_eq!(u.after, w);
        // Every non-zero addend of the move moves by +η (all terms are ≥ 0): the blots' warning
        // −1 → −0.5, points 2 → 2.5, pips to home −0.5 → 0.
        assert_eq!(w.get(Term::Blots), -0.5);
        assert_eq!(w.get(Term::Points), 2.5);
        assert_eq!(w.get(Term::ToGo), 0.0);
        // Back to the start: worse → BAD, with the new weights.
        l.record_move(&start);
        let u = l.after_exchange(&mut w, &start).expect("an update");
        assert_eq!(u.verdict, Verdict::Bad);
        assert_eq!(u.compval, 4.5);
        // No learning once the forces have separated.
        let mut race = [0i8; 26];
        race[10] = 2;
        race[20] = -2;
        let race = Position::from_board(Side::White, race).unwrap();
        let before = w;
        assert_eq!(l.after_exchange(&mut w, &race), None);
        assert_eq!(w, before);
    }
}
