//! The classic program re-scored with other weights, fast enough for every frame while a weight
//! slider moves.
//!
//! BRDVAL is linear in the weights: each candidate's term values (every term, the seed's and
//! the extras, so that any set can be switched on) are computed once, and a re-score is one
//! dot product per candidate over the terms on. Only the decisions where the program's choice
//! follows BRDVAL need them: in contact every legal play; bearing off with contact the plays
//! with the lowest WSINCL (the program takes the lowest WSINCL first, BRDVAL only among those);
//! in the race phases none, since the heuristics decide whatever the weights (unless they
//! reach no legal play and BRDVAL decides as a fallback). The choice is the same as
//! [`super::score`]'s for the classic program, bit for bit: the same sums in the same order,
//! ties by the same order of boards.

use super::score::{Report, Tally, Verdict};
use super::{Benchmark, Decision};
use crate::classic::player::tie_order;
use crate::classic::terms::{SideFeatures, Term, TermSet, own_features, side_features};
use crate::classic::value::brdval;
use crate::classic::{ClassicPlayer, Phase, Reason, Weights};

/// How one decision's choice is made.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// Whatever the weights: this play.
    Fixed(usize),
    /// The highest BRDVAL among the candidates `start..end` (in tie order, so the first of
    /// equal values wins).
    ByValue { start: usize, end: usize },
}

/// A benchmark with the classic program's candidates precomputed: [`ClassicRescore::rescore`]
/// scores any weights by a dot product per candidate.
#[derive(Clone, Debug)]
pub struct ClassicRescore {
    benchmark: Benchmark,
    rules: Vec<Rule>,
    /// The term values of every candidate of the `ByValue` decisions, back to back.
    features: Vec<SideFeatures>,
    /// The play (index in its decision's plays) of each candidate.
    plays: Vec<usize>,
}

impl ClassicRescore {
    /// Precomputes `benchmark` for the classic program.
    pub fn new(benchmark: Benchmark) -> ClassicRescore {
        let mut features = Vec::new();
        let mut plays = Vec::new();
        // Any weights: they decide only the fallback, which is detected by its reason.
        let classic = ClassicPlayer::default();
        let rules = benchmark
            .decisions
            .iter()
            .map(|d| {
                let mut candidates: Vec<usize> = match d.phase {
                    _ if d.plays.len() == 1 => return Rule::Fixed(0),
                    Phase::Contact => (0..d.plays.len()).collect(),
                    Phase::BearOffContact => {
                        let exposure = |i: usize| {
                            own_features(d.plays[i].result.board())[Term::Exposure.index()]
                        };
                        let least = (0..d.plays.len()).map(exposure).min().unwrap_or(0);
                        (0..d.plays.len())
                            .filter(|&i| exposure(i) == least)
                            .collect()
                    }
                    Phase::Running | Phase::BearOff => {
                        let choice = classic.choose_with_reason(&d.position, d.dice, &d.plays);
                        if !matches!(choice.reason, Reason::Fallback { .. }) {
                            return Rule::Fixed(choice.index);
                        }
                        (0..d.plays.len()).collect()
                    }
                };
                if candidates.len() == 1 {
                    return Rule::Fixed(candidates[0]);
                }
                candidates.sort_by(|&a, &b| {
                    tie_order(d.plays[a].result.board(), d.plays[b].result.board())
                });
                let start = features.len();
                for i in candidates {
                    features.push(side_features(d.plays[i].result.board(), TermSet::ALL));
                    plays.push(i);
                }
                Rule::ByValue {
                    start,
                    end: features.len(),
                }
            })
            .collect();
        ClassicRescore {
            benchmark,
            rules,
            features,
            plays,
        }
    }

    /// The benchmark precomputed.
    pub fn benchmark(&self) -> &Benchmark {
        &self.benchmark
    }

    /// How many candidates are compared by BRDVAL in a re-score.
    pub fn candidates(&self) -> usize {
        self.features.len()
    }

    /// The decisions the weights decide, each as its decision and its candidates in tie
    /// order (the first of equal BRDVALs wins): their term values and their plays (indices
    /// in the decision's plays). For fitting the weights ([`super::fit`]).
    pub fn by_value(&self) -> impl Iterator<Item = (&Decision, &[SideFeatures], &[usize])> {
        self.benchmark
            .decisions
            .iter()
            .zip(&self.rules)
            .filter_map(|(d, rule)| match *rule {
                Rule::Fixed(_) => None,
                Rule::ByValue { start, end } => {
                    Some((d, &self.features[start..end], &self.plays[start..end]))
                }
            })
    }

    /// The equity lost on the decisions that no weights change, summed.
    pub fn fixed_loss(&self) -> f64 {
        self.benchmark
            .decisions
            .iter()
            .zip(&self.rules)
            .filter_map(|(d, rule)| match *rule {
                Rule::Fixed(i) => Some(d.loss(i)),
                Rule::ByValue { .. } => None,
            })
            .sum()
    }

    /// The classic program's score with `weights`, reported as `player`: the same report as
    /// [`super::score`] gives for it.
    pub fn rescore(&self, weights: &Weights, player: impl Into<String>) -> Report {
        let mut tally = Tally::new();
        for (k, (d, rule)) in self.benchmark.decisions.iter().zip(&self.rules).enumerate() {
            let chosen = match *rule {
                Rule::Fixed(i) => i,
                Rule::ByValue { start, end } => {
                    let mut best = start;
                    let mut best_v = brdval(weights, &self.features[start]);
                    for c in start + 1..end {
                        let v = brdval(weights, &self.features[c]);
                        if v > best_v {
                            best = c;
                            best_v = v;
                        }
                    }
                    self.plays[best]
                }
            };
            tally.add(k, d.phase, Verdict::of_play(d, chosen));
        }
        tally.report(&self.benchmark, player.into())
    }
}
