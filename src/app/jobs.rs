//! Work that runs off the UI thread (database builds, duels): a thread, its progress and a
//! cancel flag shared with the UI, and its result handed back through a channel.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Instant;

/// Progress and cancellation shared between a job and the UI.
#[derive(Default)]
pub struct Progress {
    done: AtomicU64,
    total: AtomicU64,
    /// Raised by the UI's Cancel button; the job checks it.
    pub cancel: AtomicBool,
}

impl Progress {
    /// Reports `done` of `total` steps.
    pub fn set(&self, done: u64, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }

    /// True once cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// A job in the background producing a `T`.
pub struct Job<T> {
    /// What it does, for the progress line.
    pub what: String,
    progress: Arc<Progress>,
    rx: mpsc::Receiver<T>,
    started: Instant,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on its own thread.
    pub fn spawn(
        what: impl Into<String>,
        work: impl FnOnce(&Progress) -> T + Send + 'static,
    ) -> Job<T> {
        let progress = Arc::new(Progress::default());
        let (tx, rx) = mpsc::channel();
        let p = Arc::clone(&progress);
        std::thread::spawn(move || {
            let out = work(&p);
            let _ = tx.send(out);
        });
        Job {
            what: what.into(),
            progress,
            rx,
            started: Instant::now(),
        }
    }

    /// Done so far, 0–1, when the job reports a total.
    pub fn fraction(&self) -> Option<f32> {
        let total = self.progress.total.load(Ordering::Relaxed);
        (total > 0).then(|| self.progress.done.load(Ordering::Relaxed) as f32 / total as f32)
    }

    /// Seconds since the start.
    pub fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Asks the job to stop.
    pub fn cancel(&self) {
        self.progress.cancel.store(true, Ordering::Relaxed);
    }

    /// True once cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.progress.cancelled()
    }

    /// The result, once the job has finished (`Some` once).
    pub fn try_take(&self) -> Option<T> {
        self.rx.try_recv().ok()
    }

    /// Waits for the result (tests).
    pub fn wait(&self) -> Option<T> {
        self.rx.recv().ok()
    }
}

/// A progress bar with a Cancel button; true when Cancel was clicked.
pub fn progress_ui<T: Send + 'static>(ui: &mut egui::Ui, job: &Job<T>) -> bool {
    let mut cancel = false;
    ui.horizontal(|ui| {
        let text = match job.fraction() {
            Some(f) => format!("{}: {:.0} % ({:.1} s)", job.what, f * 100.0, job.seconds()),
            None => format!("{} ({:.1} s)", job.what, job.seconds()),
        };
        ui.add(
            egui::ProgressBar::new(job.fraction().unwrap_or(0.0))
                .desired_width(440.0)
                .text(text),
        );
        if job.is_cancelled() {
            ui.label("cancelling…");
        } else if ui.button("Cancel").clicked() {
            cancel = true;
        }
    });
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(100));
    cancel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_reports_progress_and_can_be_cancelled() {
        let job = Job::spawn("count", |p: &Progress| {
            let mut n = 0u64;
            while !p.cancelled() && n < 1_000_000_000 {
                n += 1;
                p.set(n.min(10), 10);
                std::thread::yield_now();
            }
            n
        });
        job.cancel();
        let n = job.wait().unwrap();
        assert!(n < 1_000_000_000);
        assert!(job.is_cancelled());
        let quick = Job::spawn("quick", |_: &Progress| 42);
        assert_eq!(quick.wait(), Some(42));
    }
}
