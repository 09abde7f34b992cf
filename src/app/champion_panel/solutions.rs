//! The solved variants of the session: each solved once on a background thread (the
//! [`Job`] pattern of the workbench), the result in a cell the UI reads without waiting.

use std::sync::{Arc, OnceLock};

use crate::app::jobs::Job;
use bgw_engine::champion::{Solution, Variant};
use bgw_engine::core::task::Task;

/// A variant solved in the background; the result lands in a cell the UI reads.
struct Solving {
    variant: Variant,
    cell: Arc<OnceLock<Solution>>,
    job: Job<()>,
}

/// The solved variants of the session (four at most: there are four variants).
#[derive(Default)]
pub struct SolveCache {
    entries: Vec<Solving>,
}

impl SolveCache {
    /// Starts solving `v` in the background unless it is solved or being solved.
    pub fn request(&mut self, v: Variant) {
        if self.entries.iter().any(|e| e.variant == v) {
            return;
        }
        let cell = Arc::new(OnceLock::new());
        let c = Arc::clone(&cell);
        let job = Job::spawn(format!("Solving {v}"), move |_: &Task| {
            let _ = c.set(Solution::solve(v));
        });
        self.entries.push(Solving {
            variant: v,
            cell,
            job,
        });
    }

    /// The solution of `v`, once ready.
    pub fn get(&self, v: Variant) -> Option<&Solution> {
        self.entries
            .iter()
            .find(|e| e.variant == v)
            .and_then(|e| e.cell.get())
    }

    /// Seconds spent so far on `v` while it is being solved; `None` when ready or not asked.
    pub fn solving(&self, v: Variant) -> Option<f64> {
        self.entries
            .iter()
            .find(|e| e.variant == v && e.cell.get().is_none())
            .map(|e| e.job.seconds())
    }

    /// Whether `v` has been asked for.
    pub fn requested(&self, v: Variant) -> bool {
        self.entries.iter().any(|e| e.variant == v)
    }
}
