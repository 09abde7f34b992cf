//! Work that runs off the UI thread (database builds, duels, solving, the benchmark): the
//! feature keeps a [`Job`] (the engine's [`Task`] it reports to and the UI reads — progress,
//! Cancel — and the channel its result comes back through) and returns the [`Start`] as an
//! effect ([`super::effect::Effect::Start`]); the shell starts it on its own thread. A start
//! that is dropped instead (a test that does not run it) leaves a job that says so
//! ([`Job::never_started`]), so that the feature asks again.

use bgw_engine::core::task::Task;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, mpsc};

/// The start has not been run or dropped yet.
const WAITING: u8 = 0;
/// The work has begun.
const RUNNING: u8 = 1;
/// The start was dropped without being run.
const DROPPED: u8 = 2;
/// No thread could be made for it (the shell said so; the job is not asked for again).
const FAILED: u8 = 3;

/// A job in the background producing a `T`.
pub struct Job<T> {
    /// What it does, for the progress line.
    pub what: String,
    task: Task,
    rx: mpsc::Receiver<T>,
    state: Arc<AtomicU8>,
}

/// The work of a [`Job`], to be started by the shell.
pub struct Start {
    what: String,
    work: Option<Box<dyn FnOnce() + Send>>,
    state: Arc<AtomicU8>,
}

impl Start {
    /// What the job does.
    pub fn what(&self) -> &str {
        &self.what
    }

    /// Starts the work on a thread of its own; why it could not be.
    pub fn spawn(mut self) -> Result<(), String> {
        let Some(work) = self.work.take() else {
            return Ok(());
        };
        let state = Arc::clone(&self.state);
        let started = std::thread::Builder::new()
            .name(format!("bgw: {}", self.what))
            .spawn(move || {
                state.store(RUNNING, Ordering::Release);
                work();
            });
        started.map(drop).map_err(|e| {
            self.state.store(FAILED, Ordering::Release);
            format!("could not start {}: {e}", self.what)
        })
    }

    /// Runs the work on this thread, to its end (tests).
    pub fn run_here(mut self) {
        if let Some(work) = self.work.take() {
            self.state.store(RUNNING, Ordering::Release);
            work();
        }
    }
}

impl Drop for Start {
    fn drop(&mut self) {
        if self.work.is_some() {
            // Not run (dropped, or the thread could not be made): the job will never finish.
            let _ =
                self.state
                    .compare_exchange(WAITING, DROPPED, Ordering::AcqRel, Ordering::Acquire);
        }
    }
}

impl std::fmt::Debug for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Start({:?})", self.what)
    }
}

impl<T: Send + 'static> Job<T> {
    /// A job to do `work`, reporting to its task and cancelled by it: the handle the feature
    /// keeps, and the start for the shell.
    pub fn new(
        what: impl Into<String>,
        work: impl FnOnce(&Task) -> T + Send + 'static,
    ) -> (Job<T>, Start) {
        let what = what.into();
        let task = Task::new();
        let (tx, rx) = mpsc::channel();
        let t = task.clone();
        let state = Arc::new(AtomicU8::new(WAITING));
        let start = Start {
            what: what.clone(),
            work: Some(Box::new(move || {
                let _ = tx.send(work(&t));
            })),
            state: Arc::clone(&state),
        };
        let job = Job {
            what,
            task,
            rx,
            state,
        };
        (job, start)
    }

    /// Done so far, 0–1, when the job reports a total.
    pub fn fraction(&self) -> Option<f32> {
        self.task.snapshot().fraction().map(|f| f as f32)
    }

    /// Seconds since the start.
    pub fn seconds(&self) -> f64 {
        self.task.snapshot().elapsed.as_secs_f64()
    }

    /// Asks the job to stop.
    pub fn cancel(&self) {
        self.task.cancel();
    }

    /// True once cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.task.is_cancelled()
    }

    /// True when its start was dropped without being run: no result will come.
    pub fn never_started(&self) -> bool {
        self.state.load(Ordering::Acquire) == DROPPED
    }

    /// The result, once the job has finished (`Some` once).
    pub fn try_take(&self) -> Option<T> {
        self.rx.try_recv().ok()
    }

    /// Waits for the result (tests); `None` when none will come.
    pub fn wait(&self) -> Option<T> {
        self.rx.recv().ok()
    }
}

/// A progress bar with a Cancel button; true when Cancel was clicked.
pub fn progress_ui<T: Send + 'static>(ui: &mut egui::Ui, job: &Job<T>) -> bool {
    let mut cancel = false;
    ui.horizontal(|ui| {
        let p = job.task.snapshot();
        let fraction = p.fraction().map(|f| f as f32);
        let seconds = p.elapsed.as_secs_f64();
        let text = progress_text(&job.what, &p.phase, fraction, seconds);
        ui.add(
            egui::ProgressBar::new(fraction.unwrap_or(0.0))
                .desired_width(440.0)
                .text(text.clone()),
        )
        .on_hover_text(&text);
        if p.cancelled {
            ui.label("cancelling…");
        } else if ui.button("Cancel").clicked() {
            cancel = true;
        }
    });
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(100));
    cancel
}

/// The words on a job's bar: what it does, the stage it is at (the task's phase), how far
/// (one bar for the whole job: see [`Task::part`]) and for how long.
pub fn progress_text(what: &str, phase: &str, fraction: Option<f32>, seconds: f64) -> String {
    let stage = if phase.is_empty() {
        String::new()
    } else {
        format!(" — {phase}")
    };
    match fraction {
        Some(f) => format!("{what}{stage}: {:.0} % ({seconds:.1} s)", f * 100.0),
        None => format!("{what}{stage} ({seconds:.1} s)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_names_the_stage() {
        assert_eq!(
            progress_text("adding", "reviewing match 2 of 11", Some(0.5), 3.0),
            "adding — reviewing match 2 of 11: 50 % (3.0 s)"
        );
        assert_eq!(progress_text("fit", "", None, 1.5), "fit (1.5 s)");
    }

    #[test]
    fn a_job_reports_progress_and_can_be_cancelled() {
        let (job, start) = Job::new("count", |task: &Task| {
            let mut n = 0u64;
            while !task.is_cancelled() && n < 1_000_000_000 {
                n += 1;
                task.set(n.min(10), 10);
                std::thread::yield_now();
            }
            n
        });
        start.spawn().unwrap();
        job.cancel();
        let n = job.wait().unwrap();
        assert!(n < 1_000_000_000);
        assert!(job.is_cancelled());
        // The last count the job reported (none when cancelled before it began).
        let reported = (n > 0).then(|| n.min(10) as f32 / 10.0);
        assert_eq!(job.fraction(), reported);
        let (quick, start) = Job::new("quick", |_: &Task| 42);
        assert!(!quick.never_started());
        start.run_here();
        assert_eq!(quick.try_take(), Some(42));
        assert!(!quick.never_started());
    }

    #[test]
    fn a_start_dropped_unrun_leaves_a_job_that_says_so() {
        let (job, start) = Job::new("dropped", |_: &Task| 1);
        assert!(!job.never_started());
        drop(start);
        assert!(job.never_started());
        assert_eq!(
            job.wait(),
            None,
            "no result will come, and waiting does not hang"
        );
    }
}
