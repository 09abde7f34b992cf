//! Work that runs off the UI thread (database builds, duels): a thread, the engine's [`Task`]
//! it reports to and the UI reads (progress, Cancel), and its result handed back through a
//! channel.

use bgw_engine::core::task::Task;
use std::sync::mpsc;

/// A job in the background producing a `T`.
pub struct Job<T> {
    /// What it does, for the progress line.
    pub what: String,
    task: Task,
    rx: mpsc::Receiver<T>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on its own thread, with the task it reports to and is cancelled by.
    pub fn spawn(
        what: impl Into<String>,
        work: impl FnOnce(&Task) -> T + Send + 'static,
    ) -> Job<T> {
        let task = Task::new();
        let (tx, rx) = mpsc::channel();
        let t = task.clone();
        std::thread::spawn(move || {
            let out = work(&t);
            let _ = tx.send(out);
        });
        Job {
            what: what.into(),
            task,
            rx,
        }
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
        let p = job.task.snapshot();
        let fraction = p.fraction().map(|f| f as f32);
        let seconds = p.elapsed.as_secs_f64();
        let text = match fraction {
            Some(f) => format!("{}: {:.0} % ({seconds:.1} s)", job.what, f * 100.0),
            None => format!("{} ({seconds:.1} s)", job.what),
        };
        ui.add(
            egui::ProgressBar::new(fraction.unwrap_or(0.0))
                .desired_width(440.0)
                .text(text),
        );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_reports_progress_and_can_be_cancelled() {
        let job = Job::spawn("count", |task: &Task| {
            let mut n = 0u64;
            while !task.is_cancelled() && n < 1_000_000_000 {
                n += 1;
                task.set(n.min(10), 10);
                std::thread::yield_now();
            }
            n
        });
        job.cancel();
        let n = job.wait().unwrap();
        assert!(n < 1_000_000_000);
        assert!(job.is_cancelled());
        // The last count the job reported (none when cancelled before it began).
        let reported = (n > 0).then(|| n.min(10) as f32 / 10.0);
        assert_eq!(job.fraction(), reported);
        let quick = Job::spawn("quick", |_: &Task| 42);
        assert_eq!(quick.wait(), Some(42));
    }
}
