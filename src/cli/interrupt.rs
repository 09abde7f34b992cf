//! Ctrl+C (SIGINT), SIGTERM and SIGHUP for the long commands: the first one cancels every
//! task made by [`task`] (builds, duels, fits, tuning and learning stop at their next check,
//! and the command writes what it has or removes what it started: temporary files, gnubg's
//! processes); a second one ends the process at once with exit code 130.

use bgw_engine::core::task::Task;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The task whose cancellation every [`task`] shares, the handler installed with it.
fn root() -> &'static Task {
    static ROOT: OnceLock<Task> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = Task::new();
        let cancel = root.clone();
        static SIGNALLED: AtomicBool = AtomicBool::new(false);
        // Without a handler (one already set, or no signals here) a signal ends the process
        // as it does by default: nothing to report.
        let _ = ctrlc::set_handler(move || {
            if SIGNALLED.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            cancel.cancel();
        });
        root
    })
}

/// A task for one long computation of a command, with its own progress, cancelled by the
/// first signal (the handler installed on first use: commands that never ask for a task keep
/// the default behaviour, the process ending at once).
pub fn task() -> Task {
    root().subtask()
}

/// True once a signal cancelled the command's tasks.
pub fn interrupted() -> bool {
    root().is_cancelled()
}
