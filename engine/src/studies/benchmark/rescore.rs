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
//! [`fn@super::score`]'s for the classic program, bit for bit: the same sums in the same order,
//! ties by the same order of boards.
//!
//! The term values are kept by column (one term's values of every candidate back to back) and
//! BRDVAL is summed for a chunk of candidates at a time, term after term: each candidate's sum
//! still adds its terms in BRDVAL's order, but the loops over a chunk run in vector registers.

use super::score::{Report, Tally, Verdict};
use super::{Benchmark, Decision};
use crate::evaluation::classic::features::{own_features, side_features};
use crate::evaluation::classic::player::tie_order;
use crate::evaluation::classic::terms::{
    EXTRA_TERM_COUNT, SEED_TERM_COUNT, SideFeatures, TERM_COUNT, Term, TermSet,
};
use crate::evaluation::classic::{ClassicPlayer, Phase, Reason, Weights};

/// How one decision's choice is made.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// Whatever the weights: this play, with its verdict.
    Fixed(Verdict),
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
    /// The seed's term values of the candidates of the `ByValue` decisions, by column:
    /// `seed[k]` holds term `k` of every candidate, back to back. With at most 15 checkers a
    /// side every term is far inside 16 bits (the largest, WSINCL, below 4,000); a sweep
    /// reads all of them, 4.7 MB, more than the caches hold, so half the bytes of `i32` count.
    seed: [Vec<i16>; SEED_TERM_COUNT],
    /// Their extra terms' values (small numbers) by column, read only when some extra term
    /// is on.
    extra: [Vec<i16>; EXTRA_TERM_COUNT],
    /// The play (index in its decision's plays) of each candidate.
    plays: Vec<usize>,
    /// The verdict on each candidate's play. A re-score reads only these arrays, never the
    /// decisions themselves: their plays and equities lie all over the heap, and reading them
    /// cost a cache miss a decision, most of a re-score's time.
    verdicts: Vec<Verdict>,
    /// The phase of each decision.
    phases: Vec<Phase>,
    /// The most candidates of one decision.
    widest: usize,
}

/// Candidates whose BRDVALs a re-score sums in one sweep: 16 KB, which stays in the L1 cache.
const CHUNK: usize = 2048;

impl ClassicRescore {
    /// Precomputes `benchmark` for the classic program.
    pub fn new(benchmark: Benchmark) -> ClassicRescore {
        let mut seed: [Vec<i16>; SEED_TERM_COUNT] = Default::default();
        let mut extra: [Vec<i16>; EXTRA_TERM_COUNT] = Default::default();
        let mut plays = Vec::new();
        let mut verdicts = Vec::new();
        // Any weights: they decide only the fallback, which is detected by its reason.
        let classic = ClassicPlayer::default();
        let rules: Vec<Rule> = benchmark
            .decisions
            .iter()
            .map(|d| {
                let mut candidates: Vec<usize> = match d.phase {
                    _ if d.plays.len() == 1 => return Rule::Fixed(Verdict::of_play(d, 0)),
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
                            return Rule::Fixed(Verdict::of_play(d, choice.index));
                        }
                        (0..d.plays.len()).collect()
                    }
                };
                if candidates.len() == 1 {
                    return Rule::Fixed(Verdict::of_play(d, candidates[0]));
                }
                candidates.sort_by(|&a, &b| {
                    tie_order(d.plays[a].result.board(), d.plays[b].result.board())
                });
                let start = plays.len();
                for i in candidates {
                    let f = side_features(d.plays[i].result.board(), TermSet::ALL);
                    let small = |v: i32| i16::try_from(v).expect("term values are small");
                    for (column, &v) in seed.iter_mut().zip(&f) {
                        column.push(small(v));
                    }
                    for (column, &v) in extra.iter_mut().zip(&f[SEED_TERM_COUNT..]) {
                        column.push(small(v));
                    }
                    plays.push(i);
                    verdicts.push(Verdict::of_play(d, i));
                }
                Rule::ByValue {
                    start,
                    end: plays.len(),
                }
            })
            .collect();
        let phases = benchmark.decisions.iter().map(|d| d.phase).collect();
        let widest = rules
            .iter()
            .map(|rule| match *rule {
                Rule::Fixed(_) => 0,
                Rule::ByValue { start, end } => end - start,
            })
            .max()
            .unwrap_or(0);
        ClassicRescore {
            benchmark,
            rules,
            seed,
            extra,
            plays,
            verdicts,
            phases,
            widest,
        }
    }

    /// The benchmark precomputed.
    pub fn benchmark(&self) -> &Benchmark {
        &self.benchmark
    }

    /// How many candidates are compared by BRDVAL in a re-score.
    pub fn candidates(&self) -> usize {
        self.plays.len()
    }

    /// Every term's value of candidate `c`.
    fn features(&self, c: usize) -> SideFeatures {
        let mut f = [0; TERM_COUNT];
        for (k, column) in self.seed.iter().enumerate() {
            f[k] = i32::from(column[c]);
        }
        for (k, column) in self.extra.iter().enumerate() {
            f[SEED_TERM_COUNT + k] = i32::from(column[c]);
        }
        f
    }

    /// BRDVAL of the candidates `start..start + out.len()`, summed as `brdval` sums it: the
    /// seed's terms in order, then the extras when `extras` (those off weigh 0 and add a zero,
    /// which changes no comparison).
    fn values(&self, ws: &[f64; TERM_COUNT], extras: bool, start: usize, out: &mut [f64]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { self.values_avx2(ws, extras, start, out) };
        }
        self.values_portable(ws, extras, start, out)
    }

    /// [`Self::values`] compiled for AVX2: four sums at a time instead of two. The same
    /// multiplications and additions in the same order (no fused multiply-add), so the same
    /// bits.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn values_avx2(
        &self,
        ws: &[f64; TERM_COUNT],
        extras: bool,
        start: usize,
        out: &mut [f64],
    ) {
        self.values_portable(ws, extras, start, out)
    }

    #[inline(always)]
    fn values_portable(&self, ws: &[f64; TERM_COUNT], extras: bool, start: usize, out: &mut [f64]) {
        out.fill(0.0);
        let range = start..start + out.len();
        for (w, column) in ws.iter().zip(&self.seed) {
            for (s, &v) in out.iter_mut().zip(&column[range.clone()]) {
                *s += w * f64::from(v);
            }
        }
        if extras {
            for (w, column) in ws[SEED_TERM_COUNT..].iter().zip(&self.extra) {
                for (s, &v) in out.iter_mut().zip(&column[range.clone()]) {
                    *s += w * f64::from(v);
                }
            }
        }
    }

    /// The decisions the weights decide, each as its decision and its candidates in tie
    /// order (the first of equal BRDVALs wins): their term values and their plays (indices
    /// in the decision's plays). For fitting the weights ([`fn@super::fit`]).
    pub fn by_value(&self) -> impl Iterator<Item = (&Decision, Vec<SideFeatures>, &[usize])> {
        self.benchmark
            .decisions
            .iter()
            .zip(&self.rules)
            .filter_map(|(d, rule)| match *rule {
                Rule::Fixed(_) => None,
                Rule::ByValue { start, end } => Some((
                    d,
                    (start..end).map(|c| self.features(c)).collect(),
                    &self.plays[start..end],
                )),
            })
    }

    /// The equity lost on the decisions that no weights change, summed.
    pub fn fixed_loss(&self) -> f64 {
        self.rules
            .iter()
            .filter_map(|rule| match *rule {
                Rule::Fixed(v) => Some(v.loss),
                Rule::ByValue { .. } => None,
            })
            .sum()
    }

    /// The classic program's score with `weights`, reported as `player`: the same report as
    /// [`fn@super::score`] gives for it.
    pub fn rescore(&self, weights: &Weights, player: impl Into<String>) -> Report {
        let mut tally = Tally::new();
        let ws: [f64; TERM_COUNT] = std::array::from_fn(|i| weights.values()[i]);
        let extras = weights.terms().has_extras();
        // Candidates whose BRDVALs are summed in one sweep (in the L1 cache), at least one
        // whole decision: `chunk` holds the values of the candidates from `chunk_start` on.
        let mut chunk = vec![0.0; CHUNK.max(self.widest)];
        let mut chunk_start = 0;
        let mut chunk_end = 0;
        for (k, (&phase, rule)) in self.phases.iter().zip(&self.rules).enumerate() {
            let verdict = match *rule {
                Rule::Fixed(v) => v,
                Rule::ByValue { start, end } => {
                    if end > chunk_end {
                        chunk_start = start;
                        chunk_end = self.plays.len().min(start + chunk.len());
                        self.values(&ws, extras, start, &mut chunk[..chunk_end - start]);
                    }
                    self.best(start, &chunk[start - chunk_start..end - chunk_start])
                }
            };
            tally.add(k, phase, verdict);
        }
        tally.report(&self.benchmark, player.into())
    }

    /// The verdict on the first candidate with the highest of `values` (those of the
    /// candidates from `start` on, in tie order).
    fn best(&self, start: usize, values: &[f64]) -> Verdict {
        debug_assert!(!values.is_empty());
        let (mut best, mut best_v) = (0, values[0]);
        for (c, &v) in values.iter().enumerate().skip(1) {
            if v > best_v {
                (best, best_v) = (c, v);
            }
        }
        self.verdicts[start + best]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The AVX2 sweep (taken on this machine when it has AVX2) and the portable one give the
    /// same bits for every candidate of the shipped benchmark.
    #[test]
    fn every_sweep_sums_the_same_bits() {
        let pre = ClassicRescore::new(Benchmark::shipped().unwrap());
        let mut ws = [0.0; TERM_COUNT];
        for (k, w) in ws.iter_mut().enumerate() {
            *w = (k as f64 * 0.37).sin() / 3.0;
        }
        let n = pre.candidates();
        let (mut fast, mut portable) = (vec![0.0; n], vec![0.0; n]);
        for extras in [false, true] {
            pre.values(&ws, extras, 0, &mut fast);
            pre.values_portable(&ws, extras, 0, &mut portable);
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&fast), bits(&portable));
        }
    }
}
