//! Why one move is better than another, in the classic program's terms: each term's value
//! after the move played and after the better move (gnubg's best, in a review), and the
//! weighted difference wᵢ·(Vᵢ(best) − Vᵢ(played)). Their sum is the difference of the two
//! moves' BRDVAL that `bgw rank` prints; when it is positive, the weighted terms prefer the
//! better move and *explain* the error, otherwise they miss it.
//!
//! This is a linear model's reading of two positions, not gnubg's reasoning: the terms count
//! blots, points, exposure and the race the way the seed's program counts them, and a move
//! gnubg prefers for reasons the terms do not see stays unexplained (and is said to be).

use super::features::side_features;
use super::terms::{Term, TermSet};
use super::value::brdval;
use super::weights::Weights;
use crate::core::position::Position;

/// One term's part in the difference of two moves.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct TermDelta {
    /// The term.
    #[serde(serialize_with = "seed_name")]
    pub term: Term,
    /// Its value Vᵢ after the move played (for the side that moved).
    pub played: i32,
    /// Its value after the better move.
    pub best: i32,
    /// wᵢ·(Vᵢ(best) − Vᵢ(played)): > 0 where the term favours the better move.
    pub weighted_delta: f64,
}

fn seed_name<S: serde::Serializer>(t: &Term, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(t.seed_name())
}

/// The classic program's terms on two moves of the same roll.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Why {
    /// The terms whose values differ, the largest weighted difference (either sign) first.
    pub terms: Vec<TermDelta>,
    /// BRDVAL after the move played.
    #[serde(skip)]
    pub played_value: f64,
    /// BRDVAL after the better move.
    #[serde(skip)]
    pub best_value: f64,
    /// True when the weighted terms prefer the better move (its BRDVAL is higher).
    pub explained: bool,
}

impl Why {
    /// The terms' reading of `best` against `played`, two results of one roll (each from the
    /// view of the side that moved), under `weights` (the terms on).
    pub fn of(played: &Position, best: &Position, weights: &Weights) -> Why {
        let set: TermSet = weights.terms();
        let p = side_features(played.board(), set);
        let b = side_features(best.board(), set);
        let mut terms: Vec<TermDelta> = weights
            .terms_on()
            .filter(|t| p[t.index()] != b[t.index()])
            .map(|t| {
                let i = t.index();
                TermDelta {
                    term: t,
                    played: p[i],
                    best: b[i],
                    weighted_delta: weights.get(t) * f64::from(b[i] - p[i]) + 0.0,
                }
            })
            .collect();
        terms.sort_by(|x, y| {
            (y.weighted_delta.abs())
                .total_cmp(&x.weighted_delta.abs())
                .then(x.term.index().cmp(&y.term.index()))
        });
        let played_value = brdval(weights, &p);
        let best_value = brdval(weights, &b);
        Why {
            terms,
            played_value,
            best_value,
            explained: best_value > played_value,
        }
    }

    /// BRDVAL(best) − BRDVAL(played): the sum of the weighted differences.
    pub fn difference(&self) -> f64 {
        self.best_value - self.played_value
    }

    /// The `n` terms that count most, in words: "home points made: best 3, yours 2 (+0.31
    /// for the best, WPTSHOME)".
    pub fn in_words(&self, n: usize) -> Vec<String> {
        self.terms
            .iter()
            .take(n)
            .map(|d| {
                let side = if d.weighted_delta > 0.0 {
                    "for the best"
                } else {
                    "for yours"
                };
                format!(
                    "{}: best {}, yours {} ({:+.2} {side}, {})",
                    d.term.info().label,
                    d.best,
                    d.played,
                    d.weighted_delta,
                    d.term.seed_name()
                )
            })
            .collect()
    }

    /// One line: "the terms explain it: …" or "the terms miss it: …".
    pub fn summary(&self) -> String {
        let verdict = if self.explained {
            "the terms prefer the best"
        } else {
            "the terms prefer yours"
        };
        let words = self.in_words(3);
        match words.is_empty() {
            true => format!("{verdict}: no term differs"),
            false => format!(
                "{verdict} by {:+.2}: {}",
                self.difference(),
                words.join("; ")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::Dice;
    use crate::core::moves::MoveGenerator;

    #[test]
    fn the_weighted_differences_sum_to_the_brdval_difference() {
        let pos = Position::opening(crate::core::position::Side::White);
        let plays = MoveGenerator::new()
            .generate(&pos, Dice::new(3, 1).unwrap())
            .to_vec();
        let w = Weights::default();
        for a in &plays {
            for b in &plays {
                let why = Why::of(&a.result, &b.result, &w);
                let sum: f64 = why.terms.iter().map(|d| d.weighted_delta).sum();
                assert!((sum - why.difference()).abs() < 1e-9, "{sum} vs {why:?}");
                assert_eq!(why.explained, why.difference() > 0.0);
            }
        }
    }

    #[test]
    fn making_the_five_point_is_explained_by_points() {
        let pos = Position::opening(crate::core::position::Side::White);
        let plays = MoveGenerator::new()
            .generate(&pos, Dice::new(3, 1).unwrap())
            .to_vec();
        let notation = |p: &crate::core::moves::Play| p.mv.notation();
        let best = plays.iter().find(|p| notation(p) == "8/5 6/5").unwrap();
        let split = plays.iter().find(|p| notation(p) == "24/21 6/5").unwrap();
        let why = Why::of(&split.result, &best.result, &Weights::default());
        assert!(why.explained, "{why:?}");
        assert!(why.summary().starts_with("the terms prefer the best by +"));
        // The split leaves blots: the terms say so.
        assert!(
            why.terms
                .iter()
                .any(|d| d.term == Term::Blots && d.played > d.best)
        );
    }
}
