//! The weights' error on the shipped benchmark (gnubg 1.07's verdicts on 11,826 decisions):
//! agreement and mean loss, overall and by phase, with the worst decisions. The benchmark is
//! read and precomputed once, in the background, the first time it is wanted
//! ([`ClassicRescore`]); after that a re-score is a dot product per candidate (about a
//! millisecond), done on every frame the weights have changed.

use crate::app::jobs::{Job, Start};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::benchmark::{Benchmark, ClassicRescore, Decision, Report};
use std::sync::Arc;

/// The benchmark precomputed, with the default weights' report to compare with.
pub struct Prepared {
    /// The precomputed benchmark.
    pub rescore: Arc<ClassicRescore>,
    /// The shipped default weights' report.
    pub default: Report,
}

/// The live benchmark error of the weights being edited.
#[derive(Default)]
pub struct Yardstick {
    job: Option<Job<Result<Prepared, String>>>,
    prepared: Option<Prepared>,
    error: Option<String>,
    current: Option<(Weights, Report)>,
}

/// Prepares the shipped benchmark (reads it, generates and evaluates every candidate).
fn prepare(_: &Task) -> Result<Prepared, String> {
    let bench = Benchmark::shipped().map_err(|e| format!("the shipped benchmark: {e}"))?;
    let rescore = ClassicRescore::new(bench);
    let default = rescore.rescore(&Weights::builtin_default(), "classic (default weights)");
    Ok(Prepared {
        rescore: Arc::new(rescore),
        default,
    })
}

impl Yardstick {
    /// Prepares the benchmark when `wanted` and not started yet (the start of its job, for
    /// the shell; a job whose start was dropped is asked for again), collects it when ready,
    /// and re-scores `weights` when they changed. Never blocks.
    pub fn poll(&mut self, wanted: bool, weights: &Weights) -> Option<Start> {
        let mut start = None;
        if self.job.as_ref().is_some_and(Job::never_started) {
            self.job = None;
        }
        if wanted && self.job.is_none() && self.prepared.is_none() && self.error.is_none() {
            let (job, s) = Job::new("preparing the benchmark", prepare);
            self.job = Some(job);
            start = Some(s);
        }
        if let Some(result) = self.job.as_ref().and_then(Job::try_take) {
            self.job = None;
            match result {
                Ok(p) => self.prepared = Some(p),
                Err(e) => self.error = Some(e),
            }
        }
        self.rescore(weights);
        start
    }

    /// Prepares the benchmark on this thread if it is not ready (tests), then re-scores.
    pub fn prepare_now(&mut self, weights: &Weights) {
        if self.prepared.is_none() {
            let result = match self.job.take() {
                Some(job) if !job.never_started() => {
                    job.wait().unwrap_or_else(|| Err("the job ended".into()))
                }
                _ => prepare(&Task::new()),
            };
            match result {
                Ok(p) => self.prepared = Some(p),
                Err(e) => self.error = Some(e),
            }
        }
        self.rescore(weights);
    }

    fn rescore(&mut self, weights: &Weights) {
        let Some(p) = &self.prepared else { return };
        if self.current.as_ref().is_none_or(|(w, _)| w != weights) {
            let report = p.rescore.rescore(weights, "classic (these weights)");
            self.current = Some((*weights, report));
        }
    }

    /// True while the benchmark is being prepared.
    pub fn preparing(&self) -> bool {
        self.job.is_some()
    }

    /// Why the benchmark could not be prepared.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The prepared benchmark, once ready.
    pub fn prepared(&self) -> Option<&Prepared> {
        self.prepared.as_ref()
    }

    /// The report of the weights last re-scored, once the benchmark is ready.
    pub fn report(&self) -> Option<&Report> {
        self.current.as_ref().map(|(_, r)| r)
    }

    /// The decision read from line `line` of the benchmark file.
    pub fn decision(&self, line: usize) -> Option<&Decision> {
        let decisions = &self.prepared.as_ref()?.rescore.benchmark().decisions;
        let i = decisions.binary_search_by_key(&line, |d| d.line).ok()?;
        decisions.get(i)
    }
}
