//! "Fit on own games": the iterated fit ([`bgw_engine::studies::fit_rounds`]) in the
//! background — the weights play pubeval, gnubg labels their decisions, they are refitted on
//! everything so far and duelled, round after round — with progress, Cancel, and every round's
//! figures as it ends (the panel plots loss and points a game round by round). The best
//! weights *by play* are then proposed until the person uses them (one undo step) or discards
//! them; Cancel keeps the rounds finished and proposes their best.

use crate::app::jobs::{Job, Start};
use crate::app::referee::{EngineFactory, gnubg_per_task};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::fit_rounds::{
    IteratedConfig, IteratedFit, Progress, Round, Score, iterate,
};
use std::sync::{Arc, Mutex};

/// What the panel shows of a run: the start's score and the rounds so far.
#[derive(Clone, Debug, Default)]
pub struct RoundsSoFar {
    /// The start against pubeval, once measured.
    pub start: Option<Score>,
    /// The rounds finished.
    pub rounds: Vec<Round>,
}

/// A run's end: the run (its rounds) and why it stopped early, if it did.
type Finished = (IteratedFit, Option<String>);

/// An iterated fit in the background and the last one's rounds.
pub struct Rounds {
    job: Option<Job<Finished>>,
    live: Arc<Mutex<RoundsSoFar>>,
    engines: EngineFactory,
    /// The last run (its figures stay shown).
    pub last: Option<IteratedFit>,
    /// Why the last run stopped before its rounds were done (cancelled, gnubg failed).
    pub stopped: Option<String>,
    /// True while the last run's best weights wait to be used or discarded.
    pub proposed: bool,
    /// The settings of the next run (rounds and games are the panel's to change).
    pub config: IteratedConfig,
}

impl Default for Rounds {
    fn default() -> Rounds {
        Rounds::with_engines(gnubg_per_task())
    }
}

impl Rounds {
    /// Runs labelled by engines from `engines` (gnubg in the app, a stand-in in tests).
    pub fn with_engines(engines: EngineFactory) -> Rounds {
        Rounds {
            job: None,
            live: Arc::default(),
            engines,
            last: None,
            stopped: None,
            proposed: false,
            config: IteratedConfig {
                rounds: 6,
                games: 400,
                ..IteratedConfig::default()
            },
        }
    }

    /// Runs labelled by engines from `engines` from now on (the judge chosen).
    pub fn use_engines(&mut self, engines: EngineFactory) {
        self.engines = engines;
    }

    /// A run from `start`: the start of its job, for the shell (none when one runs).
    pub fn start(&mut self, start: Weights) -> Option<Start> {
        let run = IteratedFit::new(start, self.config.clone());
        self.run(run, RoundsSoFar::default())
    }

    /// The last run, gone on with for as many rounds more as the settings say (the rounds
    /// done kept, the same dice and seeds as a run never stopped); none when there is no
    /// last run or one runs.
    pub fn go_on(&mut self) -> Option<Start> {
        let mut run = self.last.clone()?;
        run.config.rounds = (run.rounds.len() as u32 + self.config.rounds)
            .min(bgw_engine::studies::fit_rounds::MAX_ROUNDS);
        // Patience counts from here: the rounds asked for are played unless none is better.
        run.config.patience += run.rounds_without_better();
        let so_far = RoundsSoFar {
            start: run.start_score,
            rounds: run.rounds.clone(),
        };
        self.run(run, so_far)
    }

    fn run(&mut self, mut run: IteratedFit, so_far: RoundsSoFar) -> Option<Start> {
        if self.job.as_ref().is_some_and(|j| !j.never_started()) {
            return None;
        }
        *self.live.lock().unwrap_or_else(|e| e.into_inner()) = so_far;
        self.proposed = false;
        let live = Arc::clone(&self.live);
        let engines = Arc::clone(&self.engines);
        let threads = bgw_engine::evaluation::opponents::gnubg_worker_threads();
        let (job, start) = Job::new("fitting on the weights' own games", move |task: &Task| {
            let make = || engines(task);
            let ended = iterate(&mut run, None, threads, &make, task, &mut |p| {
                let f = match p {
                    Progress::Start(f) | Progress::Round(f) => f,
                };
                let mut live = live.lock().unwrap_or_else(|e| e.into_inner());
                live.start = f.start_score;
                live.rounds = f.rounds.clone();
            });
            let stopped = ended.err().map(|e| e.to_string());
            (run, stopped)
        });
        self.job = Some(job);
        Some(start)
    }

    /// The running job.
    pub fn job(&self) -> Option<&Job<Finished>> {
        self.job.as_ref()
    }

    /// Asks the run to stop after… at once: the round under way is dropped.
    pub fn cancel(&self) {
        if let Some(j) = &self.job {
            j.cancel();
        }
    }

    /// The running run's figures so far, or the last run's.
    pub fn so_far(&self) -> RoundsSoFar {
        match (&self.job, &self.last) {
            (None, Some(run)) => RoundsSoFar {
                start: run.start_score,
                rounds: run.rounds.clone(),
            },
            _ => self.live.lock().unwrap_or_else(|e| e.into_inner()).clone(),
        }
    }

    /// The run once it has finished (`Some` once), its best proposed when it beat the start.
    /// With `wait`, waits for it (tests).
    pub fn take(&mut self, wait: bool) -> Option<&IteratedFit> {
        let job = self.job.as_ref()?;
        let (run, stopped) = if wait { job.wait() } else { job.try_take() }?;
        self.job = None;
        self.proposed = run.best().2.is_some();
        self.stopped = stopped;
        self.last = Some(run);
        self.last.as_ref()
    }

    /// The proposed best weights, once (the person chose to use them).
    pub fn accept(&mut self) -> Option<Weights> {
        let run = self.last.as_ref().filter(|_| self.proposed)?;
        self.proposed = false;
        Some(run.best().0)
    }

    /// Drops the proposal (its figures stay shown).
    pub fn discard(&mut self) {
        self.proposed = false;
    }
}
