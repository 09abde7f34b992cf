//! "Fit to the benchmark": the weights fitted to the shipped benchmark
//! ([`bgw_engine::studies::benchmark::fit()`]) in the background, with progress and Cancel,
//! scored on the hold-out set too; the result becomes the edited weights as one undo step.

use crate::app::jobs::{Job, Start};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::benchmark::{
    Benchmark, ClassicRescore, FitConfig, FitOutcome, fit_with_steps,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a fit job hands back: the hold-out set precomputed (kept for the next fit) and the
/// outcome, or why there is none.
type Finished = (Option<Arc<ClassicRescore>>, Result<FitOutcome, String>);

/// A fit in the background and the last one's outcome.
#[derive(Default)]
pub struct Fitting {
    job: Option<Job<Finished>>,
    /// The training loss of the fit's current weights (f64 bits), for the progress line.
    live_loss: Arc<AtomicU64>,
    holdout: Option<Arc<ClassicRescore>>,
    /// The last fit's outcome (its figures stay shown).
    pub last: Option<FitOutcome>,
    /// The fit's knobs ([`FitConfig::default`]; tests make it small).
    pub config: FitConfig,
}

impl Fitting {
    /// Fitting from `start` on `train`: the start of its job, for the shell (none when a fit
    /// runs).
    pub fn start(&mut self, train: Arc<ClassicRescore>, start: Weights) -> Option<Start> {
        if self.job.as_ref().is_some_and(|j| !j.never_started()) {
            return None;
        }
        let holdout = self.holdout.clone();
        let config = self.config.clone();
        let live = Arc::clone(&self.live_loss);
        live.store(f64::NAN.to_bits(), Ordering::Relaxed);
        let (job, start) = Job::new("fitting to the benchmark", move |task: &Task| {
            let holdout = holdout.or_else(|| {
                Benchmark::holdout()
                    .ok()
                    .map(|b| Arc::new(ClassicRescore::new(b)))
            });
            let mut report = |f: &bgw_engine::studies::benchmark::FitStep| {
                live.store(f.train_loss.to_bits(), Ordering::Relaxed);
            };
            let outcome = fit_with_steps(
                &train,
                holdout.as_deref(),
                &start,
                &config,
                task,
                &mut report,
            )
            .map_err(|e| e.to_string());
            (holdout, outcome)
        });
        self.job = Some(job);
        Some(start)
    }

    /// The running fit.
    pub fn job(&self) -> Option<&Job<Finished>> {
        self.job.as_ref()
    }

    /// Asks the running fit to stop.
    pub fn cancel(&self) {
        if let Some(j) = &self.job {
            j.cancel();
        }
    }

    /// The training loss of the running fit's current weights (equity units), once reported.
    pub fn live_loss(&self) -> Option<f64> {
        let v = f64::from_bits(self.live_loss.load(Ordering::Relaxed));
        (self.job.is_some() && v.is_finite()).then_some(v)
    }

    /// The fit's outcome once it has finished (`Some` once): the fitted weights, or why there
    /// are none. With `wait`, waits for it (tests).
    pub fn take(&mut self, wait: bool) -> Option<Result<FitOutcome, String>> {
        let job = self.job.as_ref()?;
        let (holdout, outcome) = if wait { job.wait() } else { job.try_take() }?;
        self.job = None;
        if holdout.is_some() {
            self.holdout = holdout;
        }
        if let Ok(o) = &outcome {
            self.last = Some(o.clone());
        }
        Some(outcome)
    }
}
