//! "Fit to the benchmark": the weights fitted to the benchmark in use
//! ([`bgw_engine::studies::benchmark::fit()`]) in the background, with progress and Cancel,
//! scored on the hold-out set too and checked in play: the start and the fitted weights each
//! against pubeval on the same dice. The fit is then a proposal, its figures and the duel's
//! shown (with a warning when the benchmark improves while play gets worse), until the person
//! uses the fitted weights (one undo step) or discards them.

use crate::app::jobs::{Job, Start};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::benchmark::{
    Benchmark, ClassicRescore, FitConfig, FitOutcome, against_pubeval, fit_with_steps, play_warning,
};
use bgw_engine::studies::duel::Paired;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games of the check against pubeval (duplicate pairs on the fit's seed).
pub const CHECK_GAMES: u64 = 2000;

/// A finished fit: its outcome and how the start and the fitted weights play against pubeval
/// on the same dice.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The fit's weights and figures.
    pub outcome: FitOutcome,
    /// The start (first) and the fitted weights (second) against pubeval.
    pub check: Paired,
    /// Set when the benchmark improves while play gets worse.
    pub warning: Option<String>,
    /// The training benchmark's name (the shipped one's description or the file's path).
    pub train_name: String,
}

/// What a fit job hands back: the hold-out set precomputed (kept for the next fit) and the
/// fit, or why there is none.
type Finished = (Option<Arc<ClassicRescore>>, Result<Fitted, String>);

/// A fit in the background and the last one's outcome.
pub struct Fitting {
    job: Option<Job<Finished>>,
    /// The training loss of the fit's current weights (f64 bits), for the progress line.
    live_loss: Arc<AtomicU64>,
    holdout: Option<Arc<ClassicRescore>>,
    /// The last fit (its figures stay shown).
    pub last: Option<Fitted>,
    /// True while the last fit waits for the person to use or discard its weights.
    pub proposed: bool,
    /// The fit's knobs ([`FitConfig::default`]; tests make it small).
    pub config: FitConfig,
    /// Games of the check against pubeval ([`CHECK_GAMES`]; tests make it small).
    pub check_games: u64,
}

impl Default for Fitting {
    fn default() -> Fitting {
        Fitting {
            job: None,
            live_loss: Arc::default(),
            holdout: None,
            last: None,
            proposed: false,
            config: FitConfig::default(),
            check_games: CHECK_GAMES,
        }
    }
}

impl Fitting {
    /// Fitting from `start` on `train`: the start of its job, for the shell (none when a fit
    /// runs).
    pub fn start(
        &mut self,
        train: Arc<ClassicRescore>,
        train_name: String,
        start: Weights,
    ) -> Option<Start> {
        if self.job.as_ref().is_some_and(|j| !j.never_started()) {
            return None;
        }
        let holdout = self.holdout.clone();
        let config = self.config.clone();
        let live = Arc::clone(&self.live_loss);
        let games = self.check_games;
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
            let fitted = fit_with_steps(
                &train,
                holdout.as_deref(),
                &start,
                &config,
                task,
                &mut report,
            )
            .map_err(|e| e.to_string())
            .and_then(|outcome| {
                task.set_phase("checking in play: start and fit against pubeval");
                let check = against_pubeval(&start, &outcome.weights, games, config.seed, task)
                    .ok_or_else(|| "cancelled".to_string())?;
                let warning = play_warning(&outcome, &check);
                Ok(Fitted {
                    outcome,
                    check,
                    warning,
                    train_name,
                })
            });
            (holdout, fitted)
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

    /// The fit once it has finished (`Some` once): the fitted weights, proposed, or why there
    /// are none. With `wait`, waits for it (tests).
    pub fn take(&mut self, wait: bool) -> Option<Result<Fitted, String>> {
        let job = self.job.as_ref()?;
        let (holdout, fitted) = if wait { job.wait() } else { job.try_take() }?;
        self.job = None;
        if holdout.is_some() {
            self.holdout = holdout;
        }
        if let Ok(f) = &fitted {
            self.last = Some(f.clone());
            self.proposed = true;
        }
        Some(fitted)
    }

    /// The proposed fit's weights, once (the person chose to use them).
    pub fn accept(&mut self) -> Option<FitOutcome> {
        let f = self.last.as_ref().filter(|_| self.proposed)?;
        self.proposed = false;
        Some(f.outcome.clone())
    }

    /// Drops the proposal (its figures stay shown as the last fit's).
    pub fn discard(&mut self) {
        self.proposed = false;
    }
}
