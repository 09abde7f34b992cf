//! The classic weights fitted to a benchmark: the weights that minimise the mean equity loss
//! of the program's choices against gnubg's.
//!
//! The exact loss is piecewise constant in the weights (a choice changes only when two
//! candidates' BRDVALs cross), so it has no gradient. The fit runs in two stages:
//!
//! 1. **Surrogate.** Each decision's choice is replaced by a softmax over its BRDVAL-decided
//!    candidates, and the objective is the expected equity loss under it — smooth, with a
//!    gradient by the chain rule. The temperature is annealed from soft to nearly the argmax.
//!    An argmax does not change when every weight is multiplied by the same positive number,
//!    so the weights are kept on a sphere (in units where every term's spread within a
//!    decision is 1) and only their direction moves.
//! 2. **Polish.** Exact line searches on the real loss: along each weight and along seeded
//!    random directions, the loss is computed exactly for every step size at once (each
//!    decision's winner along a line is the upper envelope of its candidates' lines), and the
//!    middle of the best interval is taken.
//!
//! Every candidate weight set is scored exactly with [`ClassicRescore::rescore`], and the best
//! seen is kept: the fit never returns weights with a worse training loss than the start.
//! Terms that never differ between the candidates of a decision (WBAR: every play of a roll
//! leaves the same checkers on the bar) cannot change a choice and keep their starting value.
//! The fitted weights are scaled to the length of the starting ones (at a cost of at most
//! [`SCALE_TOLERANCE`] in training loss: near-ties may round the other way) and rounded to
//! four (or five, or six) significant digits when that loses nothing.

use super::rescore::ClassicRescore;
use super::score::Report;
use crate::core::rng::SplitMix64;
use crate::core::task::{Cancelled, Task};
use crate::evaluation::classic::Weights;
use crate::evaluation::classic::terms::{SideFeatures, TERM_COUNT, TermSet};
use crate::evaluation::classic::weights::is_valid_weight;
use crate::evaluation::opponents::Pubeval;
use crate::studies::duel::{Contender, DuelConfig, Paired, paired_against};
use rayon::prelude::*;
use std::fmt;

/// The knobs of a fit; [`FitConfig::default`] is what `bgw fit` and the app use.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    /// Seed of the polish's random directions: the same seed gives the same weights.
    pub seed: u64,
    /// Temperatures of the surrogate, annealed geometrically from `start_temperature` to
    /// `end_temperature` (in units of a term's spread within a decision).
    pub temperatures: usize,
    /// The first (softest) temperature.
    pub start_temperature: f64,
    /// The last (sharpest) temperature.
    pub end_temperature: f64,
    /// Gradient steps at each temperature.
    pub iterations: usize,
    /// The most rounds of exact line searches; a round that improves nothing ends the polish.
    pub polish_rounds: usize,
    /// Random directions searched in each round of the polish, besides every weight's own.
    pub random_directions: usize,
    /// Basin hops after the polish: the best weights moved at random and polished again.
    pub hops: usize,
    /// The size of a hop, relative to the weights' length (in units of each term's spread).
    pub hop_size: f64,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            seed: 1,
            temperatures: 12,
            start_temperature: 0.03,
            end_temperature: 0.005,
            iterations: 30,
            polish_rounds: 8,
            random_directions: 12,
            hops: 12,
            hop_size: 0.3,
        }
    }
}

/// The stage of a fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitStage {
    /// Gradient steps on the smooth surrogate.
    Surrogate,
    /// Exact line searches on the real loss.
    Polish,
}

/// One step of a fit, for [`fit_with_steps`]: the weights it scored and their loss.
#[derive(Clone, Debug)]
pub struct FitStep {
    /// The stage.
    pub stage: FitStage,
    /// Steps done, over both stages.
    pub step: usize,
    /// Steps planned (the polish may end early).
    pub steps: usize,
    /// The current weights.
    pub weights: Weights,
    /// The exact mean loss (equity units) of `weights` on the training set.
    pub train_loss: f64,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct FitOutcome {
    /// The best weights seen (the start when nothing was better).
    pub weights: Weights,
    /// The starting weights' score on the training set.
    pub start_train: Report,
    /// The fitted weights' score on the training set.
    pub train: Report,
    /// The starting weights' score on the hold-out set, if one was given.
    pub start_holdout: Option<Report>,
    /// The fitted weights' score on the hold-out set, if one was given.
    pub holdout: Option<Report>,
}

/// The fitted weights and the start, each against pubeval on the same dice (`games` games of
/// duplicate pairs from `seed`): what a fit must be checked with before its weights are used,
/// since a smaller benchmark loss need not mean better play. `None` when `task` is cancelled.
pub fn against_pubeval(
    start: &Weights,
    fitted: &Weights,
    games: u64,
    seed: u64,
    task: &Task,
) -> Option<Paired> {
    let (a, b) = (
        Contender::classic(*start, "start"),
        Contender::classic(*fitted, "fitted"),
    );
    paired_against(
        &|s| a.player(s),
        &|s| b.player(s),
        &|_| Pubeval::new(),
        &DuelConfig { games, seed },
        task,
    )
}

/// A warning, in one sentence, when the fit's benchmark loss is smaller than the start's while
/// its play against pubeval is worse by more than two standard errors (`duel` from
/// [`against_pubeval`]): the benchmark and play disagree, and the weights should not be taken.
pub fn play_warning(outcome: &FitOutcome, duel: &Paired) -> Option<String> {
    let (before, after) = (
        outcome.start_train.overall.mean_loss,
        outcome.train.overall.mean_loss,
    );
    (after < before && duel.second_is_worse()).then(|| {
        format!(
            "the benchmark says better (mean loss {:.1} -> {:.1} mEMG a move) but play says worse: \
             {:+.3} points a game against pubeval where the start scores {:+.3} (difference \
             {:+.3} ± {:.3} over {} games on the same dice)",
            1000.0 * before,
            1000.0 * after,
            duel.second,
            duel.first,
            duel.difference,
            duel.stderr,
            duel.games
        )
    })
}

/// Why a fit gave no weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitError {
    /// The task was cancelled.
    Cancelled,
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::Cancelled => f.write_str("the fit was cancelled"),
        }
    }
}

impl std::error::Error for FitError {}

impl From<Cancelled> for FitError {
    fn from(_: Cancelled) -> Self {
        FitError::Cancelled
    }
}

/// The name the start's reports are given.
const START_NAME: &str = "start";
/// The name the fitted weights' reports are given.
const FITTED_NAME: &str = "fitted";
/// Decisions per chunk of parallel work (fixed, so that sums are the same on every run).
const CHUNK: usize = 256;

/// Fits the classic weights to `train`, starting from `start` (see the module doc), and
/// scores the start and the result on `train` and `holdout`. `task` counts the steps (a few
/// milliseconds of work each; the polish may end before the planned total), its phase the
/// stage and the loss ("Polish: 41.27 mEMG"); cancelling it stops the fit at its next step
/// with [`FitError::Cancelled`].
pub fn fit(
    train: &ClassicRescore,
    holdout: Option<&ClassicRescore>,
    start: &Weights,
    config: &FitConfig,
    task: &Task,
) -> Result<FitOutcome, FitError> {
    fit_with_steps(train, holdout, start, config, task, &mut |_| {})
}

/// [`fit`], showing `each_step` the weights of every step and their loss.
pub fn fit_with_steps(
    train: &ClassicRescore,
    holdout: Option<&ClassicRescore>,
    start: &Weights,
    config: &FitConfig,
    task: &Task,
    each_step: &mut dyn FnMut(&FitStep),
) -> Result<FitOutcome, FitError> {
    let problem = Problem::new(train, start.terms());
    let start_loss = exact(train, start);
    let mut search = Search {
        rescore: train,
        problem: &problem,
        best: *start,
        best_loss: start_loss,
        start_loss,
        each_step,
        task,
        step: 0,
        steps: config.temperatures * config.iterations
            + (1 + config.hops)
                * config.polish_rounds
                * (problem.active.len() + config.random_directions),
    };
    task.set(0, search.steps as u64);
    if !problem.groups.is_empty() && !problem.active.is_empty() {
        search.surrogate(start, config)?;
        search.polish(config)?;
        search.tidy(start);
    }
    let weights = search.best;
    Ok(FitOutcome {
        weights,
        start_train: train.rescore(start, START_NAME),
        train: train.rescore(&weights, FITTED_NAME),
        start_holdout: holdout.map(|h| h.rescore(start, START_NAME)),
        holdout: holdout.map(|h| h.rescore(&weights, FITTED_NAME)),
    })
}

/// The exact mean loss of `w` on `r`.
fn exact(r: &ClassicRescore, w: &Weights) -> f64 {
    r.rescore(w, FITTED_NAME).overall.mean_loss
}

/// One BRDVAL-decided decision: its candidates' range in [`Problem`]'s arrays.
#[derive(Clone, Copy, Debug)]
struct Group {
    start: usize,
    end: usize,
}

/// The training set laid out for the fit.
struct Problem {
    /// Every decision of the training set.
    decisions: usize,
    /// The loss of the decisions the weights do not decide, summed.
    fixed_loss: f64,
    groups: Vec<Group>,
    /// Each candidate's raw term values.
    raw: Vec<[f64; TERM_COUNT]>,
    /// Each candidate's term values less its decision's mean, divided by `spread`.
    scaled: Vec<[f64; TERM_COUNT]>,
    /// Each candidate's equity loss against gnubg's best.
    loss: Vec<f64>,
    /// Each term's root-mean-square deviation from its decision's mean (1 where it is 0).
    spread: [f64; TERM_COUNT],
    /// The terms on that differ between some decision's candidates: the only ones a fit
    /// moves.
    active: Vec<usize>,
}

impl Problem {
    fn new(r: &ClassicRescore, terms: TermSet) -> Problem {
        let mut groups = Vec::new();
        let mut raw = Vec::with_capacity(r.candidates());
        let mut loss = Vec::with_capacity(r.candidates());
        for (d, features, plays) in r.by_value() {
            let start = raw.len();
            for (f, &i) in features.iter().zip(plays) {
                raw.push(to_f64(f));
                loss.push(d.loss(i));
            }
            groups.push(Group {
                start,
                end: raw.len(),
            });
        }
        let mut scaled = raw.clone();
        let mut square = [0.0; TERM_COUNT];
        for g in &groups {
            let n = (g.end - g.start) as f64;
            let mut mean = [0.0; TERM_COUNT];
            for x in &raw[g.start..g.end] {
                for (m, v) in mean.iter_mut().zip(x) {
                    *m += v / n;
                }
            }
            for x in &mut scaled[g.start..g.end] {
                for i in 0..TERM_COUNT {
                    x[i] -= mean[i];
                    square[i] += x[i] * x[i];
                }
            }
        }
        let count = raw.len().max(1) as f64;
        let mut spread = [1.0; TERM_COUNT];
        let mut active = Vec::new();
        for t in terms.iter() {
            let i = t.index();
            if square[i] > 0.0 {
                spread[i] = (square[i] / count).sqrt();
                active.push(i);
            }
        }
        for x in &mut scaled {
            for i in 0..TERM_COUNT {
                x[i] /= spread[i];
            }
        }
        Problem {
            decisions: r.benchmark().decisions.len(),
            fixed_loss: r.fixed_loss(),
            groups,
            raw,
            scaled,
            loss,
            spread,
            active,
        }
    }

    /// The surrogate's value and gradient at direction `u` (scaled units) and temperature
    /// `t`: the expected mean loss of a softmax choice.
    fn surrogate(&self, u: &[f64; TERM_COUNT], t: f64) -> (f64, [f64; TERM_COUNT]) {
        let parts: Vec<(f64, [f64; TERM_COUNT])> = self
            .groups
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut value = 0.0;
                let mut grad = [0.0; TERM_COUNT];
                let mut s = Vec::new();
                for g in chunk {
                    let xs = &self.scaled[g.start..g.end];
                    let ls = &self.loss[g.start..g.end];
                    s.clear();
                    s.extend(xs.iter().map(|x| dot(u, x) / t));
                    let top = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let mut z = 0.0;
                    for v in &mut s {
                        *v = (*v - top).exp();
                        z += *v;
                    }
                    let expected: f64 = s.iter().zip(ls).map(|(p, l)| p * l).sum::<f64>() / z;
                    value += expected;
                    for ((p, l), x) in s.iter().zip(ls).zip(xs) {
                        let c = p / z * (l - expected) / t;
                        for i in 0..TERM_COUNT {
                            grad[i] += c * x[i];
                        }
                    }
                }
                (value, grad)
            })
            .collect();
        let n = self.decisions as f64;
        let mut value = self.fixed_loss;
        let mut grad = [0.0; TERM_COUNT];
        for (v, g) in parts {
            value += v;
            for i in 0..TERM_COUNT {
                grad[i] += g[i];
            }
        }
        (value / n, grad.map(|g| g / n))
    }

    /// The exact mean loss along the line `w + s·d` for every `s` in `-reach..reach`, as the
    /// best open interval of `s`: `(loss, low, high)`. The choice on each decision is the
    /// upper envelope of its candidates' lines, ties going to the earlier candidate as in
    /// [`ClassicRescore::rescore`].
    fn line(&self, w: &Weights, d: &[f64; TERM_COUNT], reach: f64) -> (f64, f64, f64) {
        let parts: Vec<(f64, Vec<(f64, f64)>)> = self
            .groups
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut base = 0.0;
                let mut events = Vec::new();
                let mut lines = Vec::new();
                for g in chunk {
                    lines.clear();
                    lines.extend(
                        self.raw[g.start..g.end]
                            .iter()
                            .map(|x| (dot(w.values(), x), dot(d, x))),
                    );
                    let ls = &self.loss[g.start..g.end];
                    // The winner at -reach: the highest value there, the first of equals.
                    let at = |(a, b): (f64, f64), s: f64| a + s * b;
                    let mut k = 0;
                    for c in 1..lines.len() {
                        if at(lines[c], -reach) > at(lines[k], -reach) {
                            k = c;
                        }
                    }
                    base += ls[k];
                    let mut s0 = -reach;
                    loop {
                        // The next line to overtake k: the earliest crossing after s0, the
                        // steepest of those crossing there.
                        let (ak, bk) = lines[k];
                        let mut next: Option<(f64, usize)> = None;
                        for (c, &(a, b)) in lines.iter().enumerate() {
                            if b <= bk {
                                continue;
                            }
                            let s = (ak - a) / (b - bk);
                            if s <= s0 || s >= reach {
                                continue;
                            }
                            let better = match next {
                                None => true,
                                Some((sn, n)) => s < sn || (s == sn && b > lines[n].1),
                            };
                            if better {
                                next = Some((s, c));
                            }
                        }
                        let Some((s, c)) = next else { break };
                        if ls[c] != ls[k] {
                            events.push((s, ls[c] - ls[k]));
                        }
                        k = c;
                        s0 = s;
                    }
                }
                (base, events)
            })
            .collect();
        let mut total = self.fixed_loss;
        let mut events = Vec::new();
        for (base, e) in parts {
            total += base;
            events.extend(e);
        }
        events.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut best = (total, -reach, f64::NAN);
        let mut open = true;
        for (i, &(s, delta)) in events.iter().enumerate() {
            if open {
                best.2 = s;
                open = false;
            }
            total += delta;
            // Equal crossings apply together before the interval after them counts.
            if events.get(i + 1).is_some_and(|e| e.0 == s) {
                continue;
            }
            if total < best.0 - 1e-12 {
                best = (total, s, f64::NAN);
                open = true;
            }
        }
        if open {
            best.2 = reach;
        }
        let n = self.decisions as f64;
        (best.0 / n, best.1, best.2)
    }

    /// Weights from a direction in scaled units (inactive terms from `like`).
    fn weights(&self, u: &[f64; TERM_COUNT], like: &Weights) -> Weights {
        let mut w = *like;
        for &i in &self.active {
            w.values_mut()[i] = u[i] / self.spread[i];
        }
        w
    }

    /// The length of the active weights.
    fn norm(&self, w: &Weights) -> f64 {
        self.active
            .iter()
            .map(|&i| w.values()[i] * w.values()[i])
            .sum::<f64>()
            .sqrt()
    }
}

/// The most training loss (equity a move, 0.1 mEMG) that keeping the start's scale may cost.
pub const SCALE_TOLERANCE: f64 = 1e-4;

/// The fit's state: the best weights seen and the bookkeeping of steps.
struct Search<'a> {
    rescore: &'a ClassicRescore,
    problem: &'a Problem,
    best: Weights,
    best_loss: f64,
    /// The start's exact loss (no weights kept may lose more).
    start_loss: f64,
    each_step: &'a mut dyn FnMut(&FitStep),
    task: &'a Task,
    step: usize,
    steps: usize,
}

impl Search<'_> {
    /// Scores `w` exactly, keeps it if it is the best so far, and reports a step.
    fn step(&mut self, stage: FitStage, w: Weights) -> Result<f64, FitError> {
        self.task.check()?;
        let loss = if w.values().iter().all(|&x| is_valid_weight(x)) {
            exact(self.rescore, &w)
        } else {
            f64::INFINITY
        };
        if loss < self.best_loss {
            self.best = w;
            self.best_loss = loss;
        }
        self.step += 1;
        self.steps = self.steps.max(self.step);
        self.task
            .set_phase(format!("{stage:?}: {:.2} mEMG", 1000.0 * loss));
        self.task.set(self.step as u64, self.steps as u64);
        (self.each_step)(&FitStep {
            stage,
            step: self.step,
            steps: self.steps,
            weights: w,
            train_loss: loss,
        });
        Ok(loss)
    }

    /// Stage 1: projected gradient descent on the sphere, the temperature annealed.
    fn surrogate(&mut self, start: &Weights, config: &FitConfig) -> Result<(), FitError> {
        let p = self.problem;
        let mut u = [0.0; TERM_COUNT];
        for &i in &p.active {
            u[i] = start.values()[i] * p.spread[i];
        }
        if !normalize(&mut u) {
            // No direction to start from: the surrogate's downhill at uniform choices.
            let (_, g) = p.surrogate(&u, 1.0);
            u = g.map(|x| -x);
            if !normalize(&mut u) {
                return Ok(());
            }
        }
        let levels = config.temperatures.max(1);
        let ratio = if levels > 1 {
            (config.end_temperature / config.start_temperature).powf(1.0 / (levels - 1) as f64)
        } else {
            1.0
        };
        let mut t = config.start_temperature;
        for _ in 0..config.temperatures {
            let (mut value, mut grad) = p.surrogate(&u, t);
            let mut rate = 0.2;
            for _ in 0..config.iterations {
                // The gradient along the sphere.
                let along = dot(&grad, &u);
                let mut g = grad;
                for (gi, ui) in g.iter_mut().zip(&u) {
                    *gi -= along * ui;
                }
                let mut tried = u;
                if normalize(&mut g) {
                    for (ti, gi) in tried.iter_mut().zip(&g) {
                        *ti -= rate * gi;
                    }
                    normalize(&mut tried);
                }
                let (v, gr) = p.surrogate(&tried, t);
                if v < value {
                    (u, value, grad) = (tried, v, gr);
                    rate = (rate * 1.3).min(1.0);
                } else {
                    rate *= 0.5;
                }
                self.step(FitStage::Surrogate, p.weights(&u, start))?;
            }
            t *= ratio;
        }
        Ok(())
    }

    /// Stage 2: exact line searches from the best weights so far, then basin hops: the best
    /// weights moved in a seeded random direction and searched again, kept if better.
    fn polish(&mut self, config: &FitConfig) -> Result<(), FitError> {
        let p = self.problem;
        let mut rng = SplitMix64::derive(config.seed, &[0x_f17]);
        let best = self.best;
        self.descend(best, config, &mut rng)?;
        for _ in 0..config.hops {
            let from = self.best;
            let scale = scaled_norm(p, &from);
            let mut hop = from;
            for &i in &p.active {
                hop.values_mut()[i] += config.hop_size * scale * normal(&mut rng) / p.spread[i];
            }
            self.descend(hop, config, &mut rng)?;
        }
        Ok(())
    }

    /// Exact line searches from `w`, along each active weight and seeded random directions,
    /// until a round improves nothing or `polish_rounds` rounds are done.
    fn descend(
        &mut self,
        mut w: Weights,
        config: &FitConfig,
        rng: &mut SplitMix64,
    ) -> Result<(), FitError> {
        let p = self.problem;
        let mut here = exact(self.rescore, &w);
        for _ in 0..config.polish_rounds {
            let before = here;
            let mut directions: Vec<[f64; TERM_COUNT]> = p
                .active
                .iter()
                .map(|&i| {
                    let mut d = [0.0; TERM_COUNT];
                    d[i] = 1.0 / p.spread[i];
                    d
                })
                .collect();
            for _ in 0..config.random_directions {
                let mut d = [0.0; TERM_COUNT];
                for &i in &p.active {
                    d[i] = normal(rng) / p.spread[i];
                }
                directions.push(d);
            }
            for mut d in directions {
                // Steps in units of the current weights' length (in scaled units).
                let scale = scaled_norm(p, &w);
                let len = scaled_norm_of(p, &d);
                if scale == 0.0 || len == 0.0 {
                    continue;
                }
                d = d.map(|x| x * scale / len);
                let (_, low, high) = p.line(&w, &d, 2.0);
                let s = 0.5 * (low + high);
                let mut moved = w;
                for &i in &p.active {
                    moved.values_mut()[i] += s * d[i];
                }
                // Back to the same length: the choices do not change, the numbers stay tidy.
                let k = scale / scaled_norm(p, &moved);
                let mut kept = moved;
                for &i in &p.active {
                    kept.values_mut()[i] *= k;
                }
                let mut loss = self.step(FitStage::Polish, kept)?;
                if loss > self.best_loss.min(here) {
                    // Rounding in the scaling moved a near tie: the unscaled weights.
                    loss = self.step(FitStage::Polish, moved)?;
                    kept = moved;
                }
                if loss < here {
                    (w, here) = (kept, loss);
                }
            }
            if here >= before {
                break;
            }
        }
        Ok(())
    }

    /// The best weights scaled to the start's length and rounded to four, five or six
    /// significant digits, each only if the exact loss stays the best; the start itself, when
    /// nothing beat it, comes back as it was.
    fn tidy(&mut self, start: &Weights) {
        if self.best == *start {
            return;
        }
        let p = self.problem;
        let target = p.norm(start);
        let mut w = self.best;
        let now = p.norm(&w);
        if target > 0.0 && now > 0.0 {
            for &i in &p.active {
                w.values_mut()[i] *= target / now;
            }
            // A common factor changes no choice, but the terms the fit leaves alone (WBAR)
            // keep their value, and near-ties may round the other way: a scale a thousand
            // times the start's (WPTSHOME 3235.7) is no weight a person can edit, so the
            // start's scale is kept at a cost of at most SCALE_TOLERANCE, never above the
            // start's loss.
            let allowed = (self.best_loss + SCALE_TOLERANCE).min(self.start_loss);
            self.keep_within(w, allowed);
        }
        for digits in 4..=6 {
            let mut rounded = self.best;
            for &i in &p.active {
                rounded.values_mut()[i] = round_to(rounded.values()[i], digits);
            }
            if self.keep_if_no_worse(rounded) {
                break;
            }
        }
    }

    /// Keeps `w` if its exact loss is no worse than the best's; true if kept.
    fn keep_if_no_worse(&mut self, w: Weights) -> bool {
        self.keep_within(w, self.best_loss)
    }

    /// Keeps `w` if its weights are valid and its exact loss is at most `allowed`; true if
    /// kept.
    fn keep_within(&mut self, w: Weights, allowed: f64) -> bool {
        if w.values().iter().all(|&x| is_valid_weight(x)) {
            let loss = exact(self.rescore, &w);
            if loss <= allowed {
                self.best = w;
                self.best_loss = loss;
                return true;
            }
        }
        false
    }
}

fn to_f64(f: &SideFeatures) -> [f64; TERM_COUNT] {
    f.map(f64::from)
}

#[inline]
fn dot(a: &[f64; TERM_COUNT], b: &[f64; TERM_COUNT]) -> f64 {
    let mut s = 0.0;
    for i in 0..TERM_COUNT {
        s += a[i] * b[i];
    }
    s
}

/// Scales `v` to length 1; false (and `v` unchanged) when it has no length.
fn normalize(v: &mut [f64; TERM_COUNT]) -> bool {
    let n = dot(v, v).sqrt();
    if n > 0.0 && n.is_finite() {
        v.iter_mut().for_each(|x| *x /= n);
        true
    } else {
        false
    }
}

/// The length of weights in scaled units (each weight times its term's spread).
fn scaled_norm(p: &Problem, w: &Weights) -> f64 {
    scaled_norm_of(p, w.values())
}

fn scaled_norm_of(p: &Problem, w: &[f64; TERM_COUNT]) -> f64 {
    p.active
        .iter()
        .map(|&i| (w[i] * p.spread[i]).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// A standard normal number (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let u1 = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let u2 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// `x` rounded to `digits` significant digits.
fn round_to(x: f64, digits: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let e = digits - 1 - x.abs().log10().floor() as i32;
    let k = 10f64.powi(e);
    let r = (x * k).round() / k;
    // Through text, so that the file shows the short number.
    format!("{r:.*}", e.max(0) as usize).parse().unwrap_or(r)
}

#[cfg(test)]
mod tests;
