//! Every legal result of a roll ranked by BRDVAL, with the breakdown the UI shows.
//!
//! Each result's terms are computed once; [`Ranking::reweight`] then only recomputes dot
//! products, sorts and re-selects the program's choice — cheap enough for every frame while a
//! weight slider moves. Order: BRDVAL from high to low, ties by [`super::player::tie_order`].

use super::features::Features;
use super::phase::Phase;
use super::player::{Choice, race_plan, select, tie_order};
use super::race::RacePlan;
use super::terms::{TERM_COUNT, Term, TermSet};
use super::value::{addends, brdval};
use super::weights::Weights;
use crate::core::dice::Dice;
use crate::core::moves::{MoveGenerator, Play};
use crate::core::position::Position;

/// One legal result with its value and breakdown.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// The move and the position it reaches (from the mover's view).
    pub play: Play,
    /// Both sides' terms of the result (those of [`Ranking::terms`]; the others 0): `own` is
    /// the side that moved.
    pub features: Features,
    /// BRDVAL of the result: Σ wᵢ·Vᵢ(own).
    pub value: f64,
    /// This value minus the best one (0 for the best, ≤ 0 otherwise).
    pub delta: f64,
    /// wᵢ·Vᵢ(own) per term, in the order of weights (0 for the terms off).
    pub addends: [f64; TERM_COUNT],
    /// True for the play the classic program would make.
    pub classic_choice: bool,
}

/// The ranked results of one position and roll.
#[derive(Clone, Debug)]
pub struct Ranking {
    /// The position before the move.
    pub position: Position,
    /// The roll.
    pub dice: Dice,
    /// The phase of the position (how the program chooses).
    pub phase: Phase,
    /// Every distinct legal result, best BRDVAL first. Empty when no move is legal.
    pub candidates: Vec<Candidate>,
    /// The program's choice (its index refers to `candidates`); `None` when no move is legal.
    pub choice: Option<Choice>,
    plan: Option<RacePlan>,
    terms: TermSet,
}

impl Ranking {
    /// Generates, evaluates and ranks every legal result of `dice` in `pos`.
    pub fn new(
        pos: &Position,
        dice: Dice,
        weights: &Weights,
        generator: &mut MoveGenerator,
    ) -> Ranking {
        let plays = generator.generate(pos, dice);
        let terms = weights.terms();
        let candidates = plays
            .iter()
            .map(|play| Candidate {
                play: *play,
                features: Features::of_terms(&play.result, terms),
                value: 0.0,
                delta: 0.0,
                addends: [0.0; TERM_COUNT],
                classic_choice: false,
            })
            .collect();
        let phase = Phase::of(pos);
        let mut r = Ranking {
            position: *pos,
            dice,
            phase,
            candidates,
            choice: None,
            plan: race_plan(phase, pos, dice),
            terms,
        };
        r.reweight(weights);
        r
    }

    /// The terms the candidates' features hold.
    pub fn terms(&self) -> TermSet {
        self.terms
    }

    /// Re-ranks with other weights: values, addends, deltas, order and the program's choice.
    /// When the weights switch other terms on, the features are computed again first.
    pub fn reweight(&mut self, weights: &Weights) {
        if weights.terms() != self.terms {
            self.terms = weights.terms();
            for c in &mut self.candidates {
                c.features = Features::of_terms(&c.play.result, self.terms);
            }
        }
        for c in &mut self.candidates {
            c.addends = addends(weights, &c.features.own);
            c.value = brdval(weights, &c.features.own);
            c.classic_choice = false;
        }
        self.candidates.sort_unstable_by(|a, b| {
            b.value
                .total_cmp(&a.value)
                .then_with(|| tie_order(a.play.result.board(), b.play.result.board()))
        });
        let best = self.candidates.first().map_or(0.0, |c| c.value);
        for c in &mut self.candidates {
            c.delta = c.value - best + 0.0;
        }
        self.choice = (!self.candidates.is_empty()).then(|| {
            let cs = &self.candidates;
            select(
                self.phase,
                cs.len(),
                |i| *cs[i].play.result.board(),
                |i| cs[i].value,
                |i| cs[i].features.own[Term::Exposure.index()],
                self.plan.as_ref(),
            )
        });
        if let Some(c) = self.choice {
            self.candidates[c.index].classic_choice = true;
        }
    }

    /// The candidate the program would play.
    pub fn classic(&self) -> Option<&Candidate> {
        self.choice.map(|c| &self.candidates[c.index])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;
    use crate::evaluation::classic::player::ClassicPlayer;
    use crate::evaluation::opponents::Player;

    #[test]
    fn ranking_invariants_at_the_opening() {
        let mut g = MoveGenerator::new();
        let w = Weights::builtin_default();
        for dice in Dice::all() {
            let pos = Position::opening(Side::White);
            let r = Ranking::new(&pos, dice, &w, &mut g);
            let n = g.generate(&pos, dice).len();
            assert_eq!(r.candidates.len(), n);
            assert_eq!(r.candidates[0].delta, 0.0);
            for pair in r.candidates.windows(2) {
                assert!(pair[0].value >= pair[1].value);
                assert!(pair[1].delta <= pair[0].delta);
            }
            for c in &r.candidates {
                let sum: f64 = c.addends.iter().sum();
                assert!((sum - c.value).abs() < 1e-9);
                assert_eq!(c.features, Features::of(&c.play.result));
            }
            assert_eq!(r.candidates.iter().filter(|c| c.classic_choice).count(), 1);
            // In contact the program plays the top of the list.
            assert_eq!(r.choice.unwrap().index, 0);
            let mut p = ClassicPlayer::new(w, "classic");
            let plays = g.generate(&pos, dice).to_vec();
            let i = p.choose(&pos, dice, &plays);
            assert_eq!(plays[i].result, r.classic().unwrap().play.result);
        }
    }

    #[test]
    fn reweighting_matches_a_fresh_ranking() {
        let mut g = MoveGenerator::new();
        let pos = Position::opening(Side::Black);
        let dice: Dice = "64".parse().unwrap();
        let mut r = Ranking::new(&pos, dice, &Weights::builtin_default(), &mut g);
        let mut w = Weights::builtin_default();
        w.set(Term::Exposure, 0.5);
        w.set(Term::First3, 3.0);
        r.reweight(&w);
        let fresh = Ranking::new(&pos, dice, &w, &mut g);
        let a: Vec<_> = r
            .candidates
            .iter()
            .map(|c| (c.play.result, c.value))
            .collect();
        let b: Vec<_> = fresh
            .candidates
            .iter()
            .map(|c| (c.play.result, c.value))
            .collect();
        assert_eq!(a, b);
        assert_eq!(r.choice, fresh.choice);
    }

    #[test]
    fn no_legal_move_gives_an_empty_ranking() {
        // Own checker on the bar against a closed board.
        let mut b = [0i8; 26];
        b[25] = 1;
        b[19..=24].fill(-2);
        let pos = Position::from_board(Side::White, b).unwrap();
        let r = Ranking::new(
            &pos,
            "66".parse().unwrap(),
            &Weights::default(),
            &mut MoveGenerator::new(),
        );
        assert!(r.candidates.is_empty());
        assert!(r.choice.is_none());
    }
}
