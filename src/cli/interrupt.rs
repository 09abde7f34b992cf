//! Ctrl+C (SIGINT), SIGTERM and SIGHUP for every command. While a command runs a long
//! computation (it asked for a [`task`]), the first signal cancels every such task (builds,
//! duels, fits, tuning and learning stop at their next check; a wait for gnubg ends at once),
//! and the command writes what it has or removes what it started: temporary files, gnubg's
//! processes. Otherwise — and at a second signal — the process ends at once with exit code
//! 130, after ending every gnubg it started and removing the bridge scripts it wrote
//! ([`bgw_engine::reference::gnubg::end_all_now`]).

use bgw_engine::core::task::Task;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The task whose cancellation every [`task`] shares.
fn root() -> &'static Task {
    static ROOT: OnceLock<Task> = OnceLock::new();
    ROOT.get_or_init(Task::new)
}

/// True once a command asked for a [`task`]: a signal then cancels instead of ending.
static TASKS_IN_USE: AtomicBool = AtomicBool::new(false);

/// True once a signal came.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once, before the command runs). Without it (one already set, or no
/// signals here) a signal ends the process as it does by default.
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if SIGNALLED.swap(true, Ordering::SeqCst) || !TASKS_IN_USE.load(Ordering::SeqCst) {
            end_now();
        }
        root().cancel();
    });
}

/// Ends the process with exit code 130, gnubg's processes and bridge scripts with it.
fn end_now() -> ! {
    let _ = bgw_engine::reference::gnubg::end_all_now();
    std::process::exit(130)
}

/// A task for one long computation of a command, with its own progress, cancelled by the
/// first signal.
pub fn task() -> Task {
    TASKS_IN_USE.store(true, Ordering::SeqCst);
    root().subtask()
}

/// True once a signal cancelled the command's tasks.
pub fn interrupted() -> bool {
    root().is_cancelled()
}
