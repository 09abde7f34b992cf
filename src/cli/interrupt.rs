//! Ctrl+C (SIGINT), SIGTERM and SIGHUP for every command. While a command runs a long
//! computation (it asked for a [`task`]), the first signal cancels every such task (builds,
//! duels, fits, tuning and learning stop at their next check; a wait for gnubg ends at once),
//! and the command writes what it has or removes what it started: temporary files, gnubg's
//! processes. Otherwise — and at a second signal — the process ends at once, after removing
//! the temporary file of every unfinished write
//! ([`bgw_engine::io::atomic_file::abandon_all_now`]), ending every gnubg it started and
//! removing the bridge scripts it wrote ([`bgw_engine::reference::gnubg::end_all_now`]).
//!
//! Either way the exit code is the shell's for the signal: 128 + its number — 130 for Ctrl+C,
//! 143 for SIGTERM, 129 for SIGHUP ([`exit_code`]).
//!
//! On Unix the signals come through `signal-hook`, which says which signal came (the `ctrlc`
//! crate does not); elsewhere Ctrl+C comes through `ctrlc`.

use bgw_engine::core::task::Task;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// SIGINT's number, the signal a cancellation without one is reported as.
const SIGINT: i32 = 2;

/// The task whose cancellation every [`task`] shares.
fn root() -> &'static Task {
    static ROOT: OnceLock<Task> = OnceLock::new();
    ROOT.get_or_init(Task::new)
}

/// True once a command asked for a [`task`]: a signal then cancels instead of ending.
static TASKS_IN_USE: AtomicBool = AtomicBool::new(false);

/// True once a signal came.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// The number of the last signal that came (SIGINT until one does).
static SIGNAL: AtomicI32 = AtomicI32::new(SIGINT);

/// True once the handler is ending the process ([`end_now`]).
static ENDING: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once, before the command runs). Without it (one already set, or no
/// signals here) a signal ends the process as it does by default.
pub fn install() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        // If the thread cannot start, `signals` goes with the closure and the defaults are back.
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    on_signal(signal);
                }
            });
    }
    #[cfg(not(unix))]
    let _ = ctrlc::set_handler(|| on_signal(SIGINT));
}

/// What a signal does: cancel the tasks the first time while there are any, otherwise end the
/// process.
fn on_signal(signal: i32) {
    SIGNAL.store(signal, Ordering::SeqCst);
    if SIGNALLED.swap(true, Ordering::SeqCst) || !TASKS_IN_USE.load(Ordering::SeqCst) {
        end_now(signal);
    }
    root().cancel();
}

/// Ends the process with the signal's exit code, after removing the temporary files of the
/// unfinished writes and ending gnubg's processes and bridge scripts.
fn end_now(signal: i32) -> ! {
    ENDING.store(true, Ordering::SeqCst);
    let _ = bgw_engine::io::atomic_file::abandon_all_now();
    let _ = bgw_engine::reference::gnubg::end_all_now();
    std::process::exit(128 + signal)
}

/// The exit code of a run a signal stopped: 128 + the signal's number (130 for Ctrl+C, 143 for
/// SIGTERM, 129 for SIGHUP); 130 when the work was cancelled with no signal.
pub fn exit_code() -> u8 {
    u8::try_from(128 + SIGNAL.load(Ordering::SeqCst)).unwrap_or(130)
}

/// Called by the main thread before it reports and returns: while the handler is ending the
/// process (a write it was in the middle of may have just failed because the handler removed
/// its temporary file), waits for the handler's exit — bounded, in case it never comes — so
/// that the exit code is the signal's and no failure is reported for it.
pub fn settle() {
    // ENDING is never cleared: once set, the handler's exit is all that is left to wait for.
    if ENDING.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_secs(10));
    }
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

/// Stdin for an interactive command (`bgw play`), read on a thread of its own so that a signal
/// ends a wait for the user's line: once the command's [`task`]s are cancelled, reading fails
/// with "interrupted" (the command then ends as `quit` ends it, keeping what it has).
pub struct Stdin {
    lines: std::sync::mpsc::Receiver<std::io::Result<Vec<u8>>>,
    line: Vec<u8>,
    at: usize,
    ended: bool,
    task: Task,
}

/// Stdin read line by line on its own thread, as [`Stdin`] describes; cancelled with the
/// command's other tasks.
pub fn stdin() -> Stdin {
    use std::io::BufRead;
    let (send, lines) = std::sync::mpsc::sync_channel(1);
    let reader = move || {
        let mut input = std::io::stdin().lock();
        loop {
            let mut line = Vec::new();
            let read = input.read_until(b'\n', &mut line).map(|_| line);
            let last = !matches!(&read, Ok(l) if !l.is_empty());
            if send.send(read).is_err() || last {
                return;
            }
        }
    };
    // Without the thread, stdin looks closed: the command ends as at the end of its input.
    let _ = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(reader);
    Stdin {
        lines,
        line: Vec::new(),
        at: 0,
        ended: false,
        task: task(),
    }
}

impl std::io::Read for Stdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use std::io::BufRead;
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl std::io::BufRead for Stdin {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        use std::sync::mpsc::RecvTimeoutError;
        while self.at == self.line.len() && !self.ended {
            if self.task.is_cancelled() {
                return Err(std::io::Error::other("interrupted"));
            }
            match self.lines.recv_timeout(Duration::from_millis(50)) {
                Ok(Ok(line)) => {
                    self.ended = line.is_empty();
                    self.line = line;
                    self.at = 0;
                }
                Ok(Err(e)) => {
                    self.ended = true;
                    return Err(e);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
        Ok(&self.line[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.line.len());
    }
}
