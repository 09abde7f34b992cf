//! Progress of the long commands on stderr, read from the [`Task`] the engine writes to: an
//! `indicatif` bar with an ETA when stderr is a terminal; when it is not (a log file, a pipe),
//! one line each time another tenth of the work is done, so at most ten; nothing with
//! `--quiet`. The task's phase is the note after the bar (and after each tenth's line); when
//! asked ([`Progress::with_phase_lines`]), every phase is a line of its own as well.
//!
//! A thread of its own reads the task every [`TICK`] (the work never waits for the display)
//! and once more when the work is over, so that the last tenth's line is written.

use super::eprint;
use bgw_engine::core::task::{Task, TaskProgress, Watch};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the task is read.
const TICK: Duration = Duration::from_millis(100);

/// The display of one task's progress on stderr, until [`Progress::finish`] (or drop).
pub struct Progress {
    how: Arc<How>,
    /// The reading thread, and the way to tell it the work is over.
    reader: Option<(JoinHandle<()>, Sender<()>)>,
}

enum How {
    Quiet,
    Bar(ProgressBar),
    Lines(String),
}

impl Progress {
    /// Shows `task`'s progress under `label`; nothing when `quiet`.
    pub fn new(label: impl Into<String>, task: &Task, quiet: bool) -> Progress {
        Progress::start(label.into(), task, quiet, false)
    }

    /// [`Progress::new`], and every phase of the task a line of the log (the terms report's
    /// "fit 3: X_TRAP").
    pub fn with_phase_lines(label: impl Into<String>, task: &Task, quiet: bool) -> Progress {
        Progress::start(label.into(), task, quiet, true)
    }

    fn start(label: String, task: &Task, quiet: bool, phase_lines: bool) -> Progress {
        let how = Arc::new(if quiet {
            How::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(style(false));
            bar.set_prefix(label);
            How::Bar(bar)
        } else {
            How::Lines(label)
        });
        let reader = (!quiet).then(|| {
            let (stop, over) = mpsc::channel();
            let mut reader = Reader {
                how: Arc::clone(&how),
                watch: task.watch(TICK),
                phase_lines,
                phases_seen: 0,
                tenths: 0,
                shown: Shown {
                    known: false,
                    phase: Arc::from(""),
                },
            };
            let thread = std::thread::spawn(move || {
                loop {
                    match over.recv_timeout(TICK) {
                        Err(RecvTimeoutError::Timeout) => {
                            if let Some(p) = reader.watch.poll() {
                                reader.show(&p);
                            }
                        }
                        _ => {
                            let p = reader.watch.latest();
                            reader.show(&p);
                            break;
                        }
                    }
                }
            });
            (thread, stop)
        });
        Progress { how, reader }
    }

    /// A line of the command's report on stderr, above the bar; none when quiet.
    pub fn println(&self, line: &str) {
        match &*self.how {
            How::Quiet => {}
            How::Bar(bar) => bar.println(line),
            How::Lines(_) => eprint(&format!("{line}\n")),
        }
    }

    /// The work is over (done or stopped): the task is read a last time (its last lines
    /// written) and the bar is cleared.
    pub fn finish(&mut self) {
        if let Some((thread, stop)) = self.reader.take() {
            let _ = stop.send(());
            let _ = thread.join();
        }
        if let How::Bar(bar) = &*self.how {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// What the bar shows now, to change only what changed.
struct Shown {
    /// The bar's style: with a known total or without.
    known: bool,
    phase: Arc<str>,
}

/// The reading thread's state.
struct Reader {
    how: Arc<How>,
    watch: Watch,
    phase_lines: bool,
    phases_seen: u64,
    /// Tenths of the work reported so far in a log.
    tenths: u64,
    shown: Shown,
}

impl Reader {
    fn show(&mut self, p: &TaskProgress) {
        let phases = if self.phase_lines {
            self.watch.task().phases_since(&mut self.phases_seen)
        } else {
            Vec::new()
        };
        match &*self.how {
            How::Quiet => {}
            How::Bar(bar) => {
                let known = p.total.is_some();
                if self.shown.known != known {
                    bar.set_style(style(known));
                    self.shown.known = known;
                }
                if self.shown.phase != p.phase {
                    bar.set_message(p.phase.to_string());
                    self.shown.phase = Arc::clone(&p.phase);
                }
                match p.total {
                    Some(total) => bar.set_length(total),
                    None => bar.unset_length(),
                }
                bar.set_position(p.done);
                for line in &phases {
                    bar.println(&**line);
                }
            }
            How::Lines(label) => {
                for line in &phases {
                    eprint(&format!("{line}\n"));
                }
                if let Some(tenth) = p.tenths()
                    && tenth > self.tenths
                {
                    self.tenths = tenth;
                    let sep = if p.phase.is_empty() { "" } else { "  " };
                    eprint(&format!("{label}: {:3} %{sep}{}\n", 10 * tenth, p.phase));
                }
            }
        }
    }
}

/// The bar's look: with a percentage and an ETA when the total is known, a count without.
fn style(known_total: bool) -> ProgressStyle {
    let template = if known_total {
        "{prefix}: [{bar:30}] {percent:>3} %  {human_pos}/{human_len}  {elapsed} (ETA {eta})  {msg}"
    } else {
        "{prefix}: {human_pos}  {elapsed}  {msg}"
    };
    ProgressStyle::with_template(template)
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
}
