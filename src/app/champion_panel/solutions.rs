//! The solved variants of the session: each solved once on a background thread (a [`Job`]
//! the shell starts), the result in a cell the UI reads without waiting.

use std::sync::{Arc, OnceLock};

use crate::app::jobs::{Job, Start};
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
    /// Solving `v` in the background unless it is solved or being solved: the start for the
    /// shell. A job whose start was dropped is asked for again.
    pub fn request(&mut self, v: Variant) -> Option<Start> {
        self.entries
            .retain(|e| e.variant != v || e.cell.get().is_some() || !e.job.never_started());
        if self.entries.iter().any(|e| e.variant == v) {
            return None;
        }
        let cell = Arc::new(OnceLock::new());
        let c = Arc::clone(&cell);
        let (job, start) = Job::new(format!("Solving {v}"), move |_: &Task| {
            let _ = c.set(Solution::solve(v));
        });
        self.entries.push(Solving {
            variant: v,
            cell,
            job,
        });
        Some(start)
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

    /// Whether `v` has been asked for (and its job started, or solved).
    pub fn requested(&self, v: Variant) -> bool {
        self.entries
            .iter()
            .any(|e| e.variant == v && (e.cell.get().is_some() || !e.job.never_started()))
    }
}
