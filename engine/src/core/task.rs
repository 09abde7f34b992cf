//! One control for every long computation: its progress (counts and a phase), its
//! cancellation, and a throttle for whoever shows it.
//!
//! A computation is handed a [`Task`] and writes to it as often as it likes: [`Task::set`] and
//! [`Task::advance`] are relaxed atomic stores (no lock, no system call), and between two
//! pieces of work it asks [`Task::is_cancelled`] (one atomic load), ending with its own
//! `Cancelled` error or with its partial result. A phase ([`Task::set_phase`]: "building 6×8",
//! "fit 3: X_TRAP") takes a lock: it is for the rare moments the work changes what it does.
//!
//! Whoever shows the work (a progress bar, a log, the workbench's job line) reads it from
//! another thread, at its own pace: [`Task::snapshot`] whenever it likes; a [`Watch`], which
//! hands out a snapshot only when something changed and at most once per interval; and, for a
//! log that keeps every phase, [`Task::phases_since`].
//!
//! ```
//! use bgw_engine::core::task::Task;
//!
//! let task = Task::new();
//! let worker = task.clone();
//! let counted = std::thread::spawn(move || {
//!     worker.set(0, 1000);
//!     for _ in 0..1000 {
//!         if worker.is_cancelled() {
//!             return false;
//!         }
//!         worker.advance(1);
//!     }
//!     true
//! });
//! assert!(counted.join().unwrap());
//! let seen = task.snapshot();
//! assert_eq!((seen.done, seen.total), (1000, Some(1000)));
//! assert_eq!(seen.fraction(), Some(1.0));
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The total of a task whose size is not known (yet).
const UNKNOWN: u64 = u64::MAX;

/// Phases a task remembers for [`Task::phases_since`]: a reader that falls further behind
/// misses the older ones.
pub const PHASES_KEPT: usize = 64;

/// A handle on one long computation, shared by the computation and whoever shows it or may
/// stop it: cheap to clone (one [`Arc`]), `Send` and `Sync`.
///
/// Clones are the same task. [`Task::subtask`] gives a part of the work its own progress with
/// the same cancellation.
#[derive(Clone)]
pub struct Task {
    inner: Arc<Inner>,
}

struct Inner {
    done: AtomicU64,
    /// [`UNKNOWN`] when not known.
    total: AtomicU64,
    /// Shared with the subtasks.
    cancelled: Arc<AtomicBool>,
    phases: Mutex<Phases>,
    started: Instant,
    /// The task this one is a part of, when made by [`Task::part`].
    whole: Option<Whole>,
    /// Told of every update, on the thread that makes it (the engine's unit tests).
    #[cfg(test)]
    observer: std::sync::OnceLock<Box<Observer>>,
}

/// Where a part's progress goes: the slice `from..to` of the whole's bar, and the label its
/// phases carry there.
struct Whole {
    task: Task,
    from: f64,
    to: f64,
    label: Arc<str>,
}

/// The whole's count while parts fill it: its total, so that a fraction keeps four digits.
pub const PARTS_TOTAL: u64 = 10_000;

/// What [`Task::observe`] calls.
#[cfg(test)]
type Observer = dyn Fn(&Task) + Send + Sync;

/// The current phase, how many phases were set, and the last few.
struct Phases {
    current: Arc<str>,
    count: u64,
    recent: VecDeque<Arc<str>>,
}

/// What a task has done, as one reader saw it at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskProgress {
    /// Units of work done.
    pub done: u64,
    /// Units of work in all, when known (it may change as the work learns its size).
    pub total: Option<u64>,
    /// What the work is doing now, in a few words; empty when it has not said.
    pub phase: Arc<str>,
    /// Phases set so far (a reader that saw fewer has missed some).
    pub phases: u64,
    /// True once cancelled.
    pub cancelled: bool,
    /// Time since the task was made.
    pub elapsed: Duration,
}

impl TaskProgress {
    /// Done so far, 0 to 1, when the total is known (1 when there is nothing to do).
    pub fn fraction(&self) -> Option<f64> {
        let total = self.total?;
        Some(if total == 0 {
            1.0
        } else {
            self.done.min(total) as f64 / total as f64
        })
    }

    /// Whole tenths done, 0 to 10, when the total is known: the milestones of a log that
    /// shows at most ten lines.
    pub fn tenths(&self) -> Option<u64> {
        let total = self.total?;
        Some((self.done.min(total) * 10).checked_div(total).unwrap_or(10))
    }
}

/// The error of a computation stopped by [`Task::cancel`], for those that have no error of
/// their own (each study's error type has a `Cancelled` of its own, made from this one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl fmt::Display for Cancelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cancelled")
    }
}

impl std::error::Error for Cancelled {}

impl Default for Task {
    fn default() -> Self {
        Task::new()
    }
}

impl fmt::Debug for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Task").field(&self.snapshot()).finish()
    }
}

impl Task {
    /// A task with nothing done, its total not known, no phase, not cancelled.
    pub fn new() -> Task {
        Task::with_cancel(Arc::new(AtomicBool::new(false)), None)
    }

    fn with_cancel(cancelled: Arc<AtomicBool>, whole: Option<Whole>) -> Task {
        Task {
            inner: Arc::new(Inner {
                done: AtomicU64::new(0),
                total: AtomicU64::new(UNKNOWN),
                cancelled,
                phases: Mutex::new(Phases {
                    current: Arc::from(""),
                    count: 0,
                    recent: VecDeque::new(),
                }),
                started: Instant::now(),
                whole,
                #[cfg(test)]
                observer: std::sync::OnceLock::new(),
            }),
        }
    }

    /// A task for a part of this one's work (a refit of a selection, a duel after a fit): its
    /// own progress and phase, started afresh, and the same cancellation: cancelling either
    /// cancels both.
    pub fn subtask(&self) -> Task {
        Task::with_cancel(Arc::clone(&self.inner.cancelled), None)
    }

    /// A stage of this task's work that fills the slice `from..to` (fractions of the whole,
    /// 0 to 1) of its progress: the part counts on its own (it may begin again, or change its
    /// total), and this task's count follows it into the slice, never backwards — so a job of
    /// several stages shows one bar that only grows. This task counts in
    /// [`PARTS_TOTAL`] units from then on. A phase set on the part becomes this task's phase,
    /// after `label` ("round 3: judging 400 decisions"), and the label is its phase until
    /// then; the same cancellation as this task.
    pub fn part(&self, from: f64, to: f64, label: impl Into<String>) -> Task {
        let clamp = |x: f64| {
            if x.is_finite() {
                x.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        let (from, to) = (clamp(from), clamp(to));
        let whole = Whole {
            task: self.clone(),
            from,
            to: to.max(from),
            label: Arc::from(label.into()),
        };
        if self.inner.total.swap(PARTS_TOTAL, Ordering::Relaxed) != PARTS_TOTAL {
            // Counted on another scale until now: the parts' scale from the start.
            self.inner.done.store(0, Ordering::Relaxed);
        }
        self.reach(from);
        if !whole.label.is_empty() {
            self.set_phase(whole.label.to_string());
        }
        Task::with_cancel(Arc::clone(&self.inner.cancelled), Some(whole))
    }

    /// Moves this task's count up to `fraction` of [`PARTS_TOTAL`] (never down), and on up
    /// to its own whole when it is a part.
    fn reach(&self, fraction: f64) {
        let units = (fraction.clamp(0.0, 1.0) * PARTS_TOTAL as f64).round() as u64;
        self.inner.done.fetch_max(units, Ordering::Relaxed);
        self.observed();
    }

    /// `done` of `total` units (the total may change as the work learns its size).
    #[inline]
    pub fn set(&self, done: u64, total: u64) {
        self.inner
            .total
            .store(total.min(UNKNOWN - 1), Ordering::Relaxed);
        self.inner.done.store(done, Ordering::Relaxed);
        self.observed();
    }

    /// Counts afresh: nothing done yet of `total` (`None` when not known).
    pub fn begin(&self, total: Option<u64>) {
        self.inner.done.store(0, Ordering::Relaxed);
        self.set_total(total);
    }

    /// The total, or `None` when it is not known; the count done is kept.
    pub fn set_total(&self, total: Option<u64>) {
        let total = total.map_or(UNKNOWN, |t| t.min(UNKNOWN - 1));
        self.inner.total.store(total, Ordering::Relaxed);
        self.observed();
    }

    /// `n` more units done (from any thread).
    #[inline]
    pub fn advance(&self, n: u64) {
        self.inner.done.fetch_add(n, Ordering::Relaxed);
        self.observed();
    }

    /// What the work does from now on, in a few words ("building 6×8", "fit 3: X_TRAP").
    /// Takes a lock: once in a while, not in a hot loop.
    pub fn set_phase(&self, phase: impl Into<String>) {
        let phase: Arc<str> = Arc::from(phase.into());
        {
            let mut p = self.phases();
            p.count += 1;
            if p.recent.len() == PHASES_KEPT {
                p.recent.pop_front();
            }
            p.recent.push_back(Arc::clone(&phase));
            p.current = Arc::clone(&phase);
        }
        if let Some(w) = &self.inner.whole {
            let shown = match (w.label.is_empty(), phase.is_empty()) {
                (true, _) => phase.to_string(),
                (false, true) => w.label.to_string(),
                (false, false) => format!("{}: {phase}", w.label),
            };
            w.task.set_phase(shown);
        }
        self.observed();
    }

    /// Asks the work to stop (from any thread); it stops at its next check.
    pub fn cancel(&self) {
        self.inner.cancelled.store(true, Ordering::Relaxed);
    }

    /// True once cancelled: the work's check between two pieces of work.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.load(Ordering::Relaxed)
    }

    /// [`Task::is_cancelled`] as an error, for `?`.
    #[inline]
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// The progress now.
    pub fn snapshot(&self) -> TaskProgress {
        let (phase, phases) = {
            let p = self.phases();
            (Arc::clone(&p.current), p.count)
        };
        let total = self.inner.total.load(Ordering::Relaxed);
        TaskProgress {
            done: self.inner.done.load(Ordering::Relaxed),
            total: (total != UNKNOWN).then_some(total),
            phase,
            phases,
            cancelled: self.is_cancelled(),
            elapsed: self.inner.started.elapsed(),
        }
    }

    /// The phases set since a reader last asked, oldest first: `seen` is the reader's count of
    /// phases (0 at first), brought up to date. A reader more than [`PHASES_KEPT`] phases
    /// behind gets the last ones only.
    pub fn phases_since(&self, seen: &mut u64) -> Vec<Arc<str>> {
        let p = self.phases();
        let missed = p.count.saturating_sub(*seen).min(p.recent.len() as u64) as usize;
        *seen = p.count;
        p.recent
            .iter()
            .skip(p.recent.len() - missed)
            .cloned()
            .collect()
    }

    /// A throttled reader of this task: see [`Watch`].
    pub fn watch(&self, every: Duration) -> Watch {
        Watch {
            task: self.clone(),
            every,
            last: None,
        }
    }

    fn phases(&self) -> MutexGuard<'_, Phases> {
        // The phases are whole after any panic (each update is one assignment at the end).
        self.inner.phases.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[inline]
    fn observed(&self) {
        if let Some(w) = &self.inner.whole {
            let total = self.inner.total.load(Ordering::Relaxed);
            if total != UNKNOWN {
                let done = self.inner.done.load(Ordering::Relaxed).min(total);
                let f = if total == 0 {
                    1.0
                } else {
                    done as f64 / total as f64
                };
                w.task.reach(w.from + f * (w.to - w.from));
            }
        }
        #[cfg(test)]
        if let Some(f) = self.inner.observer.get() {
            f(self);
        }
    }

    /// Calls `f` after every update of the task, on the thread that makes it: lets the
    /// engine's tests see each step of the work, as a callback did, and cancel at one.
    #[cfg(test)]
    pub(crate) fn observe(&self, f: impl Fn(&Task) + Send + Sync + 'static) {
        assert!(
            self.inner.observer.set(Box::new(f)).is_ok(),
            "one observer a task"
        );
    }
}

/// A reader of a task that is not flooded: [`Watch::poll`] gives the progress only when it
/// changed since the last one given and at least the interval has passed since then.
pub struct Watch {
    task: Task,
    every: Duration,
    /// When the last progress was given, and what it was.
    last: Option<(Instant, Seen)>,
}

/// What a reader compares to tell a change: counts, phases, cancellation.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Seen {
    done: u64,
    total: Option<u64>,
    phases: u64,
    cancelled: bool,
}

impl Seen {
    fn of(p: &TaskProgress) -> Seen {
        Seen {
            done: p.done,
            total: p.total,
            phases: p.phases,
            cancelled: p.cancelled,
        }
    }
}

impl Watch {
    /// The progress, when it changed since the last one given and the interval has passed;
    /// else `None`. The first call gives it.
    pub fn poll(&mut self) -> Option<TaskProgress> {
        let now = Instant::now();
        if let Some((at, _)) = self.last
            && now.duration_since(at) < self.every
        {
            return None;
        }
        let p = self.task.snapshot();
        let seen = Seen::of(&p);
        if self.last.is_some_and(|(_, s)| s == seen) {
            return None;
        }
        self.last = Some((now, seen));
        Some(p)
    }

    /// The progress now, whatever the interval (the last look at the end of the work); counts
    /// as given.
    pub fn latest(&mut self) -> TaskProgress {
        let p = self.task.snapshot();
        self.last = Some((Instant::now(), Seen::of(&p)));
        p
    }

    /// The task watched.
    pub fn task(&self) -> &Task {
        &self.task
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn counts_totals_and_fractions() {
        let task = Task::new();
        let p = task.snapshot();
        assert_eq!(
            (p.done, p.total, p.fraction(), p.tenths()),
            (0, None, None, None)
        );
        assert_eq!(&*p.phase, "");
        task.set(3, 12);
        task.advance(3);
        let p = task.snapshot();
        assert_eq!((p.done, p.total), (6, Some(12)));
        assert_eq!((p.fraction(), p.tenths()), (Some(0.5), Some(5)));
        // More done than the total: shown as whole.
        task.set(20, 12);
        assert_eq!(task.snapshot().fraction(), Some(1.0));
        assert_eq!(task.snapshot().tenths(), Some(10));
        // Nothing to do is all done.
        task.set(0, 0);
        assert_eq!(task.snapshot().fraction(), Some(1.0));
        assert_eq!(task.snapshot().tenths(), Some(10));
        task.set(7, 12);
        task.set_total(None);
        let p = task.snapshot();
        assert_eq!((p.done, p.total, p.fraction()), (7, None, None));
        task.begin(Some(4));
        let p = task.snapshot();
        assert_eq!((p.done, p.total, p.fraction()), (0, Some(4), Some(0.0)));
        task.begin(None);
        let p = task.snapshot();
        assert_eq!((p.done, p.total, p.tenths()), (0, None, None));
        // u64::MAX stands for no total inside: a total that large stays a total.
        task.set(1, u64::MAX);
        assert!(task.snapshot().total.is_some());
    }

    #[test]
    fn advances_from_many_threads_add_up() {
        let task = Task::new();
        task.set(0, 8 * 10_000);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    for _ in 0..10_000 {
                        task.advance(1);
                    }
                });
            }
        });
        assert_eq!(task.snapshot().done, 80_000);
        assert_eq!(task.snapshot().fraction(), Some(1.0));
    }

    #[test]
    fn phases_are_kept_for_a_log() {
        let task = Task::new();
        let mut seen = 0;
        assert!(task.phases_since(&mut seen).is_empty());
        task.set_phase("fit 1: seed");
        task.set_phase(String::from("fit 2: X_TRAP"));
        let p = task.snapshot();
        assert_eq!((&*p.phase, p.phases), ("fit 2: X_TRAP", 2));
        let got = task.phases_since(&mut seen);
        assert_eq!(
            got.iter().map(|s| &**s).collect::<Vec<_>>(),
            ["fit 1: seed", "fit 2: X_TRAP"]
        );
        assert_eq!(seen, 2);
        assert!(task.phases_since(&mut seen).is_empty());
        task.set_phase("fit 3: X_PRIME");
        let got = task.phases_since(&mut seen);
        assert_eq!(got.len(), 1);
        assert_eq!(&*got[0], "fit 3: X_PRIME");
        // A reader far behind gets the last ones.
        for k in 0..(PHASES_KEPT as u64 + 10) {
            task.set_phase(format!("step {k}"));
        }
        let got = task.phases_since(&mut seen);
        assert_eq!(got.len(), PHASES_KEPT);
        assert_eq!(&*got[PHASES_KEPT - 1], format!("step {}", PHASES_KEPT + 9));
        assert_eq!(seen, 3 + PHASES_KEPT as u64 + 10);
        // A fresh reader of an old task.
        let mut fresh = 0;
        assert_eq!(task.phases_since(&mut fresh).len(), PHASES_KEPT);
    }

    #[test]
    fn a_cancel_is_seen_on_other_threads_and_by_subtasks() {
        let task = Task::new();
        assert!(!task.is_cancelled());
        assert_eq!(task.check(), Ok(()));
        // A worker that counts until cancelled; the cancel comes from this thread once the
        // worker has shown it started.
        let (started, wait) = mpsc::channel();
        let worker = task.clone();
        let handle = std::thread::spawn(move || {
            let mut n = 0u64;
            while worker.check().is_ok() {
                n += 1;
                worker.advance(1);
                if n == 1 {
                    started.send(()).unwrap();
                }
                assert!(n < u64::MAX / 2);
            }
            n
        });
        wait.recv_timeout(Duration::from_secs(60))
            .expect("the worker started");
        task.cancel();
        let n = handle.join().unwrap();
        assert!(n >= 1);
        assert_eq!(task.snapshot().done, n);
        assert!(task.snapshot().cancelled);
        assert_eq!(task.check(), Err(Cancelled));
        assert_eq!(Cancelled.to_string(), "cancelled");

        // Subtasks: own progress, one cancellation for all.
        let parent = Task::new();
        parent.set(5, 10);
        let part = parent.subtask();
        let p = part.snapshot();
        assert_eq!((p.done, p.total), (0, None));
        part.set(1, 2);
        assert_eq!(parent.snapshot().done, 5);
        let other = parent.subtask();
        other.cancel();
        assert!(parent.is_cancelled() && part.is_cancelled());
        let fresh = Task::new();
        assert!(!fresh.is_cancelled(), "tasks made apart are apart");
    }

    #[test]
    fn a_watch_gives_changes_at_most_once_an_interval() {
        let task = Task::new();
        // An interval longer than any test: after the first, nothing.
        let mut slow = task.watch(Duration::from_secs(3600));
        let first = slow.poll().expect("the first look gives the progress");
        assert_eq!(first.done, 0);
        for k in 1..=1000 {
            task.set(k, 1000);
            assert!(slow.poll().is_none(), "throttled");
        }
        // The last look at the end ignores the interval.
        assert_eq!(slow.latest().done, 1000);
        // No interval: every change once, nothing without a change.
        let mut eager = task.watch(Duration::ZERO);
        assert_eq!(eager.poll().map(|p| p.done), Some(1000));
        assert!(eager.poll().is_none(), "no change");
        task.advance(1);
        assert_eq!(eager.poll().map(|p| p.done), Some(1001));
        task.set_phase("polish");
        assert_eq!(eager.poll().map(|p| p.phase), Some(Arc::from("polish")));
        task.cancel();
        assert!(eager.poll().is_some_and(|p| p.cancelled));
        assert!(eager.poll().is_none());
        assert!(eager.task().is_cancelled());
    }

    #[test]
    fn a_job_of_stages_shows_one_bar_that_never_runs_backwards() {
        // The archive's job: reading files, then each match reviewed, each review counting
        // its decisions from 0 again; and the fit's rounds: stages whose totals change.
        let job = Task::new();
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        job.observe(move |t| {
            let p = t.snapshot();
            tx.lock().unwrap().send((p.fraction(), p.phase)).unwrap();
        });
        let reading = job.part(0.0, 0.05, "reading 3 files");
        reading.begin(Some(3));
        for _ in 0..3 {
            reading.advance(1);
        }
        let matches = [40u64, 10, 50];
        let all: u64 = matches.iter().sum();
        let mut before = 0;
        for (k, &decisions) in matches.iter().enumerate() {
            let from = 0.05 + 0.45 * before as f64 / all as f64;
            before += decisions;
            let to = 0.05 + 0.45 * before as f64 / all as f64;
            let review = job.part(from, to, format!("reviewing match {} of 3", k + 1));
            review.begin(Some(decisions));
            for _ in 0..decisions {
                review.advance(1);
            }
        }
        // Nested: a round of two stages, the second counting twice with another total.
        let round = job.part(0.5, 1.0, "round 1");
        let first = round.part(0.0, 0.5, "");
        first.set_phase("playing");
        first.set(5, 10);
        first.set(10, 10);
        let second = round.part(0.5, 1.0, "");
        second.set_phase("duel");
        second.set(0, 100);
        second.set(60, 100);
        second.set(0, 40);
        second.set(40, 40);
        let seen: Vec<(Option<f64>, Arc<str>)> = rx.try_iter().collect();
        assert!(seen.len() > 100, "{}", seen.len());
        let fractions: Vec<f64> = seen.iter().map(|(f, _)| f.expect("a total")).collect();
        assert!(
            fractions.windows(2).all(|w| w[0] <= w[1]),
            "the bar ran backwards: {fractions:?}"
        );
        assert_eq!(fractions.last(), Some(&1.0));
        let phases: Vec<&str> = seen.iter().map(|(_, p)| &**p).collect();
        assert!(phases.contains(&"reviewing match 2 of 3"), "{phases:?}");
        assert!(phases.contains(&"round 1: duel"), "{phases:?}");
        // A part's own count is its own; the cancellation is the job's.
        assert_eq!(second.snapshot().fraction(), Some(1.0));
        second.cancel();
        assert!(job.is_cancelled() && reading.is_cancelled());
    }

    #[test]
    fn an_observer_sees_every_update() {
        let task = Task::new();
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        task.observe(move |t| {
            let p = t.snapshot();
            tx.lock().unwrap().send((p.done, p.total)).unwrap();
            if p.done >= 3 {
                t.cancel();
            }
        });
        task.set(0, 5);
        for _ in 0..5 {
            if task.is_cancelled() {
                break;
            }
            task.advance(1);
        }
        let seen: Vec<_> = rx.try_iter().collect();
        assert_eq!(
            seen,
            [(0, Some(5)), (1, Some(5)), (2, Some(5)), (3, Some(5))]
        );
    }
}
