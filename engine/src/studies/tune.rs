//! Tuning a weight vector with paired duels as the fitness: coordinate search or a (1+λ)
//! evolution strategy.
//!
//! # Paired, confirmed comparisons
//! Each generation draws a fresh duel seed. The incumbent and the candidates all play the same
//! games (the same dice, pair by pair: common random numbers), so each candidate is judged by
//! its pair-by-pair *difference* from the incumbent, whose spread is far smaller than that of
//! either score. The best of several noisy gains is biased upwards (with six candidates of
//! equal strength, one exceeds 1 standard error two times in three), so a candidate replaces
//! the incumbent only if its gain exceeds `accept_z` standard errors **and** it beats the
//! incumbent again in a confirmation duel on another fresh seed. Because the seed changes
//! every generation, an incumbent that was lucky once is re-measured next time and no luck
//! accumulates.
//!
//! # Sequential judging (`sprt`)
//! With [`TuneConfig::sprt`] (a test of a candidate's gain over the incumbent, in points per
//! game: H0 `ppg0`, usually 0, against H1 `ppg1`), both duels stop as soon as they know,
//! `games` becoming the most a candidate plays in each. The screening plays batches of
//! [`BATCH_PAIRS`] pairs: the incumbent and every candidate still in play each batch, and
//! after it every candidate's test on its pair-by-pair gain is checked — H0 drops the
//! candidate, H1 ends the screening and sends it (the highest LLR, if several at once) to the
//! confirmation, a sequential test of its own on fresh dice, accepted only on H1. A
//! screening or a confirmation that reaches `games` undecided keeps the incumbent. Most
//! mutants are worse, so most generations end after a batch or a few.
//!
//! # Steps
//! A weight moves by σ·sᵢ with sᵢ = |wᵢ| + 0.2·|startᵢ|: in proportion to its size (the terms'
//! raw values differ in scale by orders of magnitude), and it may still cross zero.
//! - **Coordinate search**: generation k moves weight k mod n up and down by
//!   σ·sᵢ; σ halves after a whole sweep over the weights finds nothing.
//! - **Evolution strategy** (the default; it went further than coordinate search in our runs,
//!   see NOTES-duel.md): λ mutants wᵢ + σ·sᵢ·N(0, 1). Moves are chosen by the highest
//!   weighted sum, which a positive factor on all weights does not change, so each mutant is
//!   rescaled to the starting vector's length (no useless direction). σ grows ×1.4 after a
//!   success and shrinks ×0.93 after a failure (steady when about one generation in six
//!   succeeds: a 1/5th-style rule lowered for the strict test).

use crate::core::rng::SplitMix64;
use crate::core::task::Task;
use crate::evaluation::classic::Weights;
use crate::evaluation::opponents::Pubeval;
use crate::studies::duel::{
    BATCH_PAIRS, Batch, Contender, Decision, PairStats, Sprt, duel_pair_range, sequential,
};
use std::ops::Range;
use std::time::Instant;

/// The search method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// (1+λ) evolution strategy: λ random mutants of all weights a generation.
    Evolution,
    /// Coordinate search: one weight a generation, moved up and down by σ·sᵢ; σ halves after
    /// a sweep over all weights finds nothing.
    Coordinate,
}

/// Settings of a tuning run.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneConfig {
    /// The search method.
    pub method: Method,
    /// Games per candidate and generation (rounded up to duplicate pairs).
    pub games: u64,
    /// Mutants per generation (λ).
    pub offspring: usize,
    /// Starting step, relative to each weight's size.
    pub sigma: f64,
    /// The run ends when σ falls below this.
    pub min_sigma: f64,
    /// The most generations to run.
    pub generations: u32,
    /// Wall-clock limit in seconds (checked between generations).
    pub max_seconds: Option<f64>,
    /// A mutant is confirmed (and then accepted) when its mean gain exceeds this many
    /// standard errors.
    pub accept_z: f64,
    /// Seed of the mutations and of every generation's duels.
    pub seed: u64,
    /// A sequential test of a candidate's gain over the incumbent (ppg hypotheses): with it,
    /// the screening and the confirmation stop as soon as it decides, `games` being the most
    /// (see the module's notes); without it, each plays `games`.
    pub sprt: Option<Sprt>,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            method: Method::Evolution,
            games: 4000,
            offspring: 6,
            sigma: 0.3,
            min_sigma: 0.01,
            generations: 1000,
            max_seconds: None,
            accept_z: 1.5,
            seed: 1,
            sprt: None,
        }
    }
}

/// What one generation found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Generation {
    /// 1 for the first generation.
    pub index: u32,
    /// The duel seed every candidate of this generation played.
    pub duel_seed: u64,
    /// The weight moved (coordinate search).
    pub term: Option<usize>,
    /// The incumbent's score (mean points per game) on this generation's games.
    pub incumbent_score: f64,
    /// The best mutant's mean gain over the incumbent, points per game.
    pub gain: f64,
    /// Standard error of `gain` (over pairs).
    pub gain_stderr: f64,
    /// The best mutant's gain in the confirmation duel, when it had one.
    pub confirmation: Option<f64>,
    /// True when the best mutant became the incumbent.
    pub accepted: bool,
    /// The step for the next generation.
    pub sigma: f64,
    /// The incumbent after this generation.
    pub weights: Vec<f64>,
    /// Games played so far in the run.
    pub games: u64,
    /// Seconds since the start.
    pub seconds: f64,
    /// What the sequential tests decided, when the run has one ([`TuneConfig::sprt`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<GenerationSprt>,
}

/// What a generation's sequential tests decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GenerationSprt {
    /// The screening: `H1` when a candidate passed (and went to the confirmation), `H0`
    /// when every candidate was dropped, `none` when `games` came first.
    pub screen: Decision,
    /// Duplicate pairs of the screening (played by the incumbent; a candidate dropped early
    /// played fewer).
    pub screen_pairs: u64,
    /// The confirmation's decision (`H1`: accepted), when there was one.
    pub confirm: Option<Decision>,
    /// Duplicate pairs of the confirmation (each played by the incumbent and the candidate).
    pub confirm_pairs: u64,
}

/// Why a run ended, and its best weights.
#[derive(Clone, Debug)]
pub struct TuneOutcome {
    /// The final incumbent.
    pub weights: Vec<f64>,
    /// Every generation, in order.
    pub history: Vec<Generation>,
    /// Why the run stopped.
    pub stop: Stop,
}

/// Why a tuning run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The generation limit was reached.
    Generations,
    /// σ fell below the minimum.
    Converged,
    /// The time limit was reached.
    Time,
    /// The task was cancelled.
    Cancelled,
}

/// Mean and standard error of the mean.
fn mean_stderr(x: impl ExactSizeIterator<Item = f64> + Clone) -> (f64, f64) {
    let n = x.len() as f64;
    let mean = x.clone().sum::<f64>() / n;
    let var = x.map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

fn norm(w: &[f64]) -> f64 {
    w.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// A standard normal number (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// Runs the search from `start`. `fitness(weights, duel_seed, pairs)` plays a candidate's
/// duplicate pairs `pairs` of the dice of `duel_seed` and returns its score in each (mean
/// points per game, one entry per pair, in pair order; a pair is the same games whatever the
/// range it is asked in), or `None` if cancelled. `report` sees every generation
/// (to log it, to checkpoint the incumbent). `task` counts the generations (of the limit,
/// which time or convergence may cut short); cancelling it ends the run with
/// [`Stop::Cancelled`] and the incumbent.
pub fn tune(
    start: &[f64],
    config: &TuneConfig,
    mut fitness: impl FnMut(&[f64], u64, Range<u64>) -> Option<Vec<f64>>,
    mut report: impl FnMut(&Generation),
    task: &Task,
) -> TuneOutcome {
    let started = Instant::now();
    let length = norm(start);
    let mut rng = SplitMix64::derive(config.seed, &[0]);
    let mut incumbent = start.to_vec();
    let mut sigma = config.sigma;
    let mut history: Vec<Generation> = Vec::new();
    let mut games = 0;
    // Coordinate search: whether the current sweep over the terms has improved anything.
    let mut sweep_improved = false;
    task.set(0, config.generations.into());
    let stop = loop {
        if let Some(stop) = limit_reached(config, history.len(), sigma, started) {
            break stop;
        }
        let index = history.len() as u32 + 1;
        let (term, candidates) = match config.method {
            Method::Evolution => {
                let mutants = (0..config.offspring)
                    .map(|_| mutant(&incumbent, start, sigma, length, &mut rng))
                    .collect();
                (None, mutants)
            }
            Method::Coordinate => {
                let i = (index as usize - 1) % start.len();
                (Some(i), coordinate_steps(&incumbent, start, sigma, i))
            }
        };
        let duel_seed = SplitMix64::derive(config.seed, &[1, index as u64]).next_u64();
        let confirm_seed = SplitMix64::derive(config.seed, &[2, index as u64]).next_u64();
        let seeds = [duel_seed, confirm_seed];
        let pairs = config.games.div_ceil(2);
        let judged = match &config.sprt {
            None => judge(
                &incumbent,
                &candidates,
                seeds,
                pairs,
                config.accept_z,
                &mut fitness,
            ),
            Some(sprt) => {
                judge_sequentially(&incumbent, &candidates, seeds, pairs, sprt, &mut fitness)
            }
        };
        let Some(j) = judged else {
            break Stop::Cancelled;
        };
        if task.is_cancelled() {
            break Stop::Cancelled;
        }
        games += j.games;
        let accepted = j.accepted;
        if accepted {
            incumbent = candidates[j.best].clone();
        }
        match config.method {
            Method::Evolution => sigma *= if accepted { 1.4 } else { 0.93 },
            Method::Coordinate => {
                sweep_improved |= accepted;
                if term == Some(start.len() - 1) {
                    if !sweep_improved {
                        sigma /= 2.0;
                    }
                    sweep_improved = false;
                }
            }
        }
        let generation = Generation {
            index,
            duel_seed,
            term,
            incumbent_score: j.incumbent_score,
            gain: j.gain,
            gain_stderr: j.gain_stderr,
            confirmation: j.confirmation,
            accepted,
            sigma,
            weights: incumbent.clone(),
            games,
            seconds: started.elapsed().as_secs_f64(),
            sprt: j.sprt,
        };
        report(&generation);
        task.set(index.into(), config.generations.into());
        history.push(generation);
    };
    TuneOutcome {
        weights: incumbent,
        history,
        stop,
    }
}

/// The limit that ends the run before generation `done + 1`, if one is reached: the
/// generations, the step below the smallest, the time.
fn limit_reached(config: &TuneConfig, done: usize, sigma: f64, started: Instant) -> Option<Stop> {
    if done as u32 >= config.generations {
        Some(Stop::Generations)
    } else if sigma < config.min_sigma {
        Some(Stop::Converged)
    } else if config
        .max_seconds
        .is_some_and(|s| started.elapsed().as_secs_f64() >= s)
    {
        Some(Stop::Time)
    } else {
        None
    }
}

/// The size of a step on a weight now `x` (started at `x0`), per unit of σ: the weight's own
/// size and a fifth of its start's.
fn step_scale(x: f64, x0: f64) -> f64 {
    x.abs() + 0.2 * x0.abs()
}

/// An evolution strategy's mutant of `incumbent`: every weight moved by a normal step of σ
/// times its scale, then the whole scaled back to the start's length `length`.
fn mutant(
    incumbent: &[f64],
    start: &[f64],
    sigma: f64,
    length: f64,
    rng: &mut SplitMix64,
) -> Vec<f64> {
    let mut w: Vec<f64> = incumbent
        .iter()
        .zip(start)
        .map(|(&x, &x0)| x + sigma * step_scale(x, x0) * normal(rng))
        .collect();
    let n = norm(&w);
    if n > 0.0 && length > 0.0 {
        w.iter_mut().for_each(|x| *x *= length / n);
    }
    w
}

/// A coordinate search's two candidates for term `i`: `incumbent` with that weight one step
/// up and one step down.
fn coordinate_steps(incumbent: &[f64], start: &[f64], sigma: f64, i: usize) -> Vec<Vec<f64>> {
    let step = sigma * step_scale(incumbent[i], start[i]);
    let moved = |d: f64| {
        let mut w = incumbent.to_vec();
        w[i] += d;
        w
    };
    vec![moved(step), moved(-step)]
}

/// The verdict on one generation's candidates.
struct Judgement {
    best: usize,
    incumbent_score: f64,
    gain: f64,
    gain_stderr: f64,
    confirmation: Option<f64>,
    accepted: bool,
    games: u64,
    sprt: Option<GenerationSprt>,
}

/// Plays the incumbent and every candidate on `pairs` pairs of `seeds[0]` (common dice) and
/// picks the candidate with the highest mean gain; if that gain passes the z test, plays it
/// and the incumbent again on `seeds[1]` for the confirmation, accepted if it gains there
/// too. `None` if cancelled.
fn judge(
    incumbent: &[f64],
    candidates: &[Vec<f64>],
    seeds: [u64; 2],
    pairs: u64,
    accept_z: f64,
    fitness: &mut impl FnMut(&[f64], u64, Range<u64>) -> Option<Vec<f64>>,
) -> Option<Judgement> {
    let base = fitness(incumbent, seeds[0], 0..pairs)?;
    let mut games = 2 * base.len() as u64;
    let mut best = (0, f64::NEG_INFINITY, 0.0);
    for (k, w) in candidates.iter().enumerate() {
        let score = fitness(w, seeds[0], 0..pairs)?;
        games += 2 * score.len() as u64;
        let (gain, se) = mean_stderr(score.iter().zip(&base).map(|(s, b)| s - b));
        if gain > best.1 {
            best = (k, gain, se);
        }
    }
    let (k, gain, gain_stderr) = best;
    let mut confirmation = None;
    if gain > 0.0 && gain > accept_z * gain_stderr {
        let old = fitness(incumbent, seeds[1], 0..pairs)?;
        let new = fitness(&candidates[k], seeds[1], 0..pairs)?;
        games += 2 * (old.len() + new.len()) as u64;
        confirmation = Some(mean_stderr(new.iter().zip(&old).map(|(n, o)| n - o)).0);
    }
    Some(Judgement {
        best: k,
        incumbent_score: mean_stderr(base.iter().copied()).0,
        gain,
        gain_stderr,
        confirmation,
        accepted: confirmation.is_some_and(|c| c > 0.0),
        games,
        sprt: None,
    })
}

/// [`judge`] by sequential tests (see the module's notes): the screening plays batches of
/// [`BATCH_PAIRS`] pairs of `seeds[0]`, dropping each candidate whose test accepts H0 and
/// ending at the first that accepts H1 (the highest LLR of its batch); that one is confirmed
/// by a test of its own on `seeds[1]`. Each stage plays at most `pairs` pairs. `None` if
/// cancelled.
fn judge_sequentially(
    incumbent: &[f64],
    candidates: &[Vec<f64>],
    seeds: [u64; 2],
    pairs: u64,
    sprt: &Sprt,
    fitness: &mut impl FnMut(&[f64], u64, Range<u64>) -> Option<Vec<f64>>,
) -> Option<Judgement> {
    let mut gains = vec![PairStats::default(); candidates.len()];
    let mut live = vec![true; candidates.len()];
    let mut base_stats = PairStats::default();
    let mut games = 0;
    let mut winner: Option<(usize, f64)> = None;
    let mut start = 0;
    while start < pairs && winner.is_none() && live.contains(&true) {
        let batch = start..(start + BATCH_PAIRS).min(pairs);
        let base = fitness(incumbent, seeds[0], batch.clone())?;
        games += 2 * base.len() as u64;
        base.iter().for_each(|&b| base_stats.push(b));
        for (k, w) in candidates.iter().enumerate().filter(|&(k, _)| live[k]) {
            let score = fitness(w, seeds[0], batch.clone())?;
            games += 2 * score.len() as u64;
            score
                .iter()
                .zip(&base)
                .for_each(|(s, b)| gains[k].push(s - b));
        }
        for k in 0..candidates.len() {
            if !live[k] {
                continue;
            }
            let llr = sprt.llr(&gains[k]);
            match sprt.decide(llr) {
                Decision::H0 => live[k] = false,
                Decision::H1 if winner.is_none_or(|(_, best)| llr > best) => {
                    winner = Some((k, llr));
                }
                _ => {}
            }
        }
        start = batch.end;
    }
    let screen = match (winner, live.contains(&true)) {
        (Some(_), _) => Decision::H1,
        (None, false) => Decision::H0,
        (None, true) => Decision::Undecided,
    };
    // The one to report: the winner, or else the highest mean gain (the first of equals).
    let best = winner.map_or_else(
        || {
            (0..candidates.len()).fold(0, |best, k| {
                if gains[k].mean() > gains[best].mean() {
                    k
                } else {
                    best
                }
            })
        },
        |(k, _)| k,
    );
    let mut verdict = GenerationSprt {
        screen,
        screen_pairs: start,
        confirm: None,
        confirm_pairs: 0,
    };
    let mut confirmation = None;
    if let Some((k, _)) = winner {
        let mut cancelled = false;
        let confirmed = sequential(sprt, pairs, |batch| {
            let played = fitness(incumbent, seeds[1], batch.clone()).and_then(|old| {
                let new = fitness(&candidates[k], seeds[1], batch)?;
                Some(new.iter().zip(&old).map(|(n, o)| n - o).collect())
            });
            cancelled = played.is_none();
            Batch {
                values: played.unwrap_or_default(),
                stopped: cancelled,
            }
        });
        if cancelled {
            return None;
        }
        games += 4 * confirmed.stats.n;
        confirmation = Some(confirmed.stats.mean());
        verdict.confirm = Some(confirmed.decision);
        verdict.confirm_pairs = confirmed.stats.n;
    }
    Some(Judgement {
        best,
        incumbent_score: base_stats.mean(),
        gain: gains[best].mean(),
        gain_stderr: gains[best].stderr(),
        confirmation,
        accepted: verdict.confirm == Some(Decision::H1),
        games,
        sprt: Some(verdict),
    })
}

/// The fitness of classic weights: the duplicate pairs asked of a seed against pubeval, as
/// the classic program's points per game in each. `None` if `task` is cancelled (its progress
/// is left to the tuning).
pub fn classic_against_pubeval(
    task: &Task,
) -> impl FnMut(&[f64], u64, Range<u64>) -> Option<Vec<f64>> + '_ {
    move |w, seed, pairs| {
        let weights = Weights::from_seed(w.try_into().expect("one weight per classic term"));
        let classic = Contender::classic(weights, "candidate");
        let pairs = duel_pair_range(
            &|s| classic.player(s),
            &|_| Pubeval::new(),
            seed,
            pairs,
            task,
        )?;
        Some(pairs.iter().map(|&p| p as f64 / 2.0).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A noisy synthetic fitness on the sphere: the score of a pair is minus the squared
    /// distance from `target` (both normalised) plus noise shared by all candidates of one
    /// seed (as dice are: pair `i`'s is the same in any range) and a smaller noise of its own.
    fn synthetic(target: [f64; 3]) -> impl FnMut(&[f64], u64, Range<u64>) -> Option<Vec<f64>> {
        let mut own = SplitMix64::new(99);
        move |w, seed, pairs| {
            let n = norm(w);
            let t = norm(&target);
            let d: f64 = w
                .iter()
                .zip(&target)
                .map(|(a, b)| (a / n - b / t).powi(2))
                .sum();
            let mut shared = SplitMix64::new(seed);
            Some(
                (0..pairs.end)
                    .map(|_| normal(&mut shared))
                    .skip(pairs.start as usize)
                    .map(|z| -d + 0.5 * z + 0.05 * normal(&mut own))
                    .collect(),
            )
        }
    }

    fn distance(w: &[f64], target: &[f64]) -> f64 {
        let (n, t) = (norm(w), norm(target));
        w.iter()
            .zip(target)
            .map(|(a, b)| (a / n - b / t).powi(2))
            .sum()
    }

    #[test]
    fn both_methods_find_a_direction_on_noisy_paired_scores() {
        let target = [1.0, -2.0, 0.5];
        let start = [1.0, 1.0, 1.0];
        assert!(distance(&start, &target) > 1.0);
        for method in [Method::Evolution, Method::Coordinate] {
            let config = TuneConfig {
                method,
                games: 400,
                generations: 90,
                ..TuneConfig::default()
            };
            let out = tune(&start, &config, synthetic(target), |_| {}, &Task::new());
            let d = distance(&out.weights, &target);
            assert!(d < 0.05, "{method:?}: {:?} at distance {d}", out.weights);
            assert!(out.history.iter().any(|g| g.accepted));
            if method == Method::Evolution {
                // Length kept: moves depend only on direction.
                assert!((norm(&out.weights) - norm(&start)).abs() < 1e-9);
            } else {
                assert_eq!(out.history[4].term, Some(1));
            }
        }
    }

    #[test]
    fn stops_on_cancel_and_on_the_generation_limit() {
        let config = TuneConfig {
            games: 400,
            generations: 3,
            ..TuneConfig::default()
        };
        let task = Task::new();
        let out = tune(
            &[1.0, 2.0],
            &config,
            synthetic([1.0, 1.0, 0.0]),
            |_| {},
            &task,
        );
        assert_eq!(out.stop, Stop::Generations);
        assert_eq!(out.history.len(), 3);
        let p = task.snapshot();
        assert_eq!((p.done, p.total), (3, Some(3)));
        let cancelled = Task::new();
        cancelled.cancel();
        let out = tune(&[1.0, 2.0], &config, |_, _, _| None, |_| {}, &cancelled);
        assert_eq!(out.stop, Stop::Cancelled);
        assert_eq!(out.weights, vec![1.0, 2.0]);
    }

    #[test]
    fn sequential_judging_finds_the_direction_with_fewer_games() {
        use crate::studies::duel::Hypotheses;
        let target = [1.0, -2.0, 0.5];
        let start = [1.0, 1.0, 1.0];
        let fixed = TuneConfig {
            games: 2000,
            generations: 60,
            ..TuneConfig::default()
        };
        let sprt = Sprt::new(
            Hypotheses::Ppg {
                ppg0: 0.0,
                ppg1: 0.01,
            },
            0.05,
            0.05,
        )
        .unwrap();
        let sequential = TuneConfig {
            sprt: Some(sprt),
            ..fixed.clone()
        };
        let by_games = tune(&start, &fixed, synthetic(target), |_| {}, &Task::new());
        let out = tune(&start, &sequential, synthetic(target), |_| {}, &Task::new());
        let d = distance(&out.weights, &target);
        assert!(d < 0.05, "{:?} at distance {d}", out.weights);
        let games = |o: &TuneOutcome| o.history.last().unwrap().games;
        assert!(
            2 * games(&out) < games(&by_games),
            "{} against {}",
            games(&out),
            games(&by_games)
        );
        let verdicts: Vec<GenerationSprt> = out.history.iter().map(|g| g.sprt.unwrap()).collect();
        // Every generation is judged by the tests; an acceptance is a confirmed H1.
        for (g, v) in out.history.iter().zip(&verdicts) {
            assert_eq!(g.accepted, v.confirm == Some(Decision::H1), "{v:?}");
            assert_eq!(v.confirm.is_some(), v.screen == Decision::H1, "{v:?}");
            assert!(v.screen_pairs <= 1000 && v.confirm_pairs <= 1000, "{v:?}");
            assert!(v.screen_pairs % BATCH_PAIRS == 0, "{v:?}");
        }
        assert!(out.history.iter().any(|g| g.accepted));
        // Near the target every mutant is worse: dropped (H0) within a few batches.
        assert!(
            verdicts
                .iter()
                .any(|v| v.screen == Decision::H0 && v.screen_pairs <= 3 * BATCH_PAIRS),
            "{verdicts:?}"
        );
        // The same seed, the same run.
        let again = tune(&start, &sequential, synthetic(target), |_| {}, &Task::new());
        assert_eq!(again.weights, out.weights);
        assert_eq!(games(&again), games(&out));
    }
}
