//! Progress of the long commands on stderr: an `indicatif` bar with an ETA when stderr is a
//! terminal; when it is not (a log file, a pipe), one line each time another tenth of the work
//! is done, so at most ten; nothing with `--quiet`.

use super::eprint;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The progress of one piece of work, shared by the threads that do it.
pub struct Progress {
    how: How,
}

enum How {
    Quiet,
    Bar(ProgressBar),
    Lines {
        label: String,
        /// Tenths of the work reported so far.
        tenths: AtomicU64,
        /// The latest message, appended to each line.
        message: Mutex<String>,
    },
}

impl Progress {
    /// Progress of `total` units of work named `label`; silent when `quiet`.
    pub fn new(label: impl Into<String>, total: u64, quiet: bool) -> Progress {
        let label = label.into();
        let how = if quiet {
            How::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{prefix}: [{bar:30}] {percent:>3} %  {human_pos}/{human_len}  {elapsed} (ETA {eta})  {msg}",
            )
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(label);
            How::Bar(bar)
        } else {
            How::Lines {
                label,
                tenths: AtomicU64::new(0),
                message: Mutex::new(String::new()),
            }
        };
        Progress { how }
    }

    /// `done` of `total` units finished (the total may change as the work learns its size).
    pub fn set(&self, done: u64, total: u64) {
        match &self.how {
            How::Quiet => {}
            How::Bar(bar) => {
                bar.set_length(total);
                bar.set_position(done);
            }
            How::Lines {
                label,
                tenths,
                message,
            } => {
                let tenth = (done.min(total) * 10).checked_div(total).unwrap_or(10);
                // Only the thread that moves the count past a tenth prints it.
                if tenths.fetch_max(tenth, Ordering::SeqCst) < tenth {
                    let message = message.lock().unwrap_or_else(|e| e.into_inner());
                    let sep = if message.is_empty() { "" } else { "  " };
                    eprint(&format!("{label}: {:3} %{sep}{message}\n", 10 * tenth));
                }
            }
        }
    }

    /// A note shown after the bar (and after the next tenth's line).
    pub fn message(&self, text: String) {
        match &self.how {
            How::Quiet => {}
            How::Bar(bar) => bar.set_message(text),
            How::Lines { message, .. } => {
                *message.lock().unwrap_or_else(|e| e.into_inner()) = text;
            }
        }
    }

    /// A line of the command's report on stderr, above the bar; none when quiet.
    pub fn println(&self, line: &str) {
        match &self.how {
            How::Quiet => {}
            How::Bar(bar) => bar.println(line),
            How::Lines { .. } => {
                eprint(&format!("{line}\n"));
            }
        }
    }

    /// The work is over (done or stopped): the bar is cleared.
    pub fn finish(&self) {
        if let How::Bar(bar) = &self.how {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
