//! Ctrl+C for the long commands: the first one raises a flag that the engine's cancel
//! checks read (builds, duels, tuning and learning stop at their next check and the command
//! writes what it has); a second one ends the process at once with exit code 130.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// Raised by the first Ctrl+C (SIGINT).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The Ctrl+C flag, the handler installed on first use. Commands that never ask for it keep
/// the default behaviour (the process ends at once).
pub fn flag() -> &'static AtomicBool {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        // Without a handler (one already set, or no signals here) Ctrl+C ends the process
        // as it does by default: nothing to report.
        let _ = ctrlc::set_handler(|| {
            if INTERRUPTED.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    });
    &INTERRUPTED
}
