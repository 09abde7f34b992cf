//! The weights' error on a benchmark — by default the built-in play benchmark (the classic's
//! own decisions in 400 games against pubeval, judged by gnubg 1.07: of the yardsticks
//! measured, the one that ranks players as play does, `docs/benchmark.md`), or the shipped
//! self-play one (gnubg's own games, 11,826 decisions), or a benchmark file ([`Source`]; `bgw
//! benchmark build` makes them, e.g. from match files): agreement and mean loss,
//! overall and by phase, with the worst decisions. The benchmark is read and precomputed once,
//! in the background, the first time it is wanted ([`ClassicRescore`]); after that a re-score
//! is a dot product per candidate (about a millisecond), done for every frame the weights have
//! changed: started on a thread of its own at the end of the frame that changed them
//! ([`Yardstick::rescore_after_frame`]), it runs while that frame is drawn, and the next frame
//! takes its report, waiting if it must — the same report, a frame later, as if re-scored
//! when the next frame began, without the UI thread's millisecond (or more, on a large
//! benchmark file). Choosing another benchmark drops the prepared one (and stops its preparation) and
//! prepares the new one the same way; a file that cannot be read is an error naming the file
//! and the line.

use crate::app::jobs::{Job, Start};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::benchmark::{
    Benchmark, ClassicRescore, Decision, PLAY_NAME, Report, SHIPPED_NAME,
};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Which benchmark the weights are scored on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The play benchmark, built into the program: the default.
    #[default]
    Play,
    /// The shipped self-play benchmark, built into the program.
    Shipped,
    /// A benchmark file (JSONL, gzip-compressed or not).
    File(PathBuf),
}

impl Source {
    /// A short name for the chooser: `play`, `shipped` or the file's name.
    pub fn short_name(&self) -> String {
        match self {
            Source::Play => "play".into(),
            Source::Shipped => "shipped".into(),
            Source::File(p) => p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
        }
    }

    /// The long name: a built-in benchmark's description or the file's path.
    pub fn long_name(&self) -> String {
        match self {
            Source::Play => PLAY_NAME.into(),
            Source::Shipped => SHIPPED_NAME.into(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The file, if it is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::Play | Source::Shipped => None,
            Source::File(p) => Some(p),
        }
    }
}

/// The benchmark precomputed, with the default weights' report to compare with.
pub struct Prepared {
    /// The precomputed benchmark.
    pub rescore: Arc<ClassicRescore>,
    /// The shipped default weights' report.
    pub default: Report,
}

/// The live benchmark error of the weights being edited.
#[derive(Default)]
pub struct Yardstick {
    source: Source,
    job: Option<Job<Result<Prepared, String>>>,
    prepared: Option<Prepared>,
    error: Option<String>,
    current: Option<(Weights, Rescored)>,
    news: Option<Result<String, String>>,
}

/// A re-score of the weights: done, or running as a job (started after a frame) whose report
/// is taken, by waiting if need be, when first asked for.
enum Rescored {
    Done(Report),
    Running {
        job: Job<Report>,
        /// The job's report once taken; `None` if the job ended without one (its start was
        /// dropped or no thread could be made for it), and the weights are re-scored here.
        taken: OnceLock<Report>,
    },
}

/// The player name of the weights being edited, in their report.
const THESE_WEIGHTS: &str = "classic (these weights)";

/// Prepares the benchmark of `source` (reads it, generates and evaluates every candidate).
fn prepare(source: &Source, _: &Task) -> Result<Prepared, String> {
    let bench = match source {
        Source::Play => Benchmark::play().map_err(|e| format!("the play benchmark: {e}"))?,
        Source::Shipped => {
            Benchmark::shipped().map_err(|e| format!("the shipped benchmark: {e}"))?
        }
        // `load` names the file when it cannot be read; a bad line is named by its number.
        Source::File(p) => Benchmark::load(p).map_err(|e| match e {
            bgw_engine::studies::benchmark::BenchmarkError::Io(e) => e.to_string(),
            e => format!("{}: {e}", p.display()),
        })?,
    };
    let rescore = ClassicRescore::new(bench);
    let default = rescore.rescore(&Weights::builtin_default(), "classic (default weights)");
    Ok(Prepared {
        rescore: Arc::new(rescore),
        default,
    })
}

impl Yardstick {
    /// Prepares the benchmark when `wanted` and not started yet (the start of its job, for
    /// the shell; a job whose start was dropped is asked for again), collects it when ready,
    /// and re-scores `weights` when they changed. Never blocks.
    pub fn poll(&mut self, wanted: bool, weights: &Weights) -> Option<Start> {
        let mut start = None;
        if self.job.as_ref().is_some_and(Job::never_started) {
            self.job = None;
        }
        if wanted && self.job.is_none() && self.prepared.is_none() && self.error.is_none() {
            let source = self.source.clone();
            let (job, s) = Job::new("preparing the benchmark", move |t: &Task| {
                prepare(&source, t)
            });
            self.job = Some(job);
            start = Some(s);
        }
        if let Some(result) = self.job.as_ref().and_then(Job::try_take) {
            self.job = None;
            self.prepared_or_not(result);
        }
        self.rescore(weights);
        start
    }

    /// Keeps a preparation's result, with the news of a file's.
    fn prepared_or_not(&mut self, result: Result<Prepared, String>) {
        let file = self.source.path().map(|p| p.display().to_string());
        match result {
            Ok(p) => {
                if let Some(f) = file {
                    self.news = Some(Ok(format!(
                        "benchmark {f}: {} decisions, the weights are scored on it",
                        p.rescore.benchmark().decisions.len()
                    )));
                }
                self.prepared = Some(p);
            }
            Err(e) => {
                if file.is_some() {
                    self.news = Some(Err(format!("benchmark not loaded: {e}")));
                }
                self.error = Some(e);
            }
        }
    }

    /// The benchmark the weights are scored on.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Scores the weights on `source` from now on: the prepared benchmark is dropped (its
    /// preparation stopped) and the new one prepared when next wanted. Nothing changes when
    /// it is the one in use and ready.
    pub fn set_source(&mut self, source: Source) {
        if source == self.source && self.error.is_none() {
            return;
        }
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.source = source;
        self.prepared = None;
        self.error = None;
        self.current = None;
    }

    /// What to tell of a benchmark file once read: its size, or why it was not (once).
    pub fn take_news(&mut self) -> Option<Result<String, String>> {
        self.news.take()
    }

    /// Prepares the benchmark on this thread if it is not ready (tests), then re-scores.
    pub fn prepare_now(&mut self, weights: &Weights) {
        if self.prepared.is_none() {
            let result = match self.job.take() {
                Some(job) if !job.never_started() => {
                    job.wait().unwrap_or_else(|| Err("the job ended".into()))
                }
                _ => prepare(&self.source, &Task::new()),
            };
            self.prepared_or_not(result);
        }
        self.rescore(weights);
    }

    /// Re-scores `weights` on this thread unless they are re-scored already (or being).
    fn rescore(&mut self, weights: &Weights) {
        let Some(p) = &self.prepared else { return };
        if self.current.as_ref().is_none_or(|(w, _)| w != weights) {
            let report = p.rescore.rescore(weights, THESE_WEIGHTS);
            self.current = Some((*weights, Rescored::Done(report)));
        }
    }

    /// At the end of a frame: when `weights` are not re-scored yet, re-scores them on a thread
    /// of its own while the frame is drawn (the start of its job, for the shell). The next
    /// frame's [`Yardstick::poll`] finds them being re-scored and leaves them be; its
    /// [`Yardstick::report`] takes the job's report.
    pub fn rescore_after_frame(&mut self, weights: &Weights) -> Option<Start> {
        let p = self.prepared.as_ref()?;
        if self.current.as_ref().is_some_and(|(w, _)| w == weights) {
            return None;
        }
        let rescore = Arc::clone(&p.rescore);
        let w = *weights;
        let (job, start) = Job::new("re-scoring the weights", move |_: &Task| {
            rescore.rescore(&w, THESE_WEIGHTS)
        });
        let taken = OnceLock::new();
        self.current = Some((*weights, Rescored::Running { job, taken }));
        Some(start)
    }

    /// True while the benchmark is being prepared.
    pub fn preparing(&self) -> bool {
        self.job.is_some()
    }

    /// Why the benchmark could not be prepared.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The prepared benchmark, once ready.
    pub fn prepared(&self) -> Option<&Prepared> {
        self.prepared.as_ref()
    }

    /// The report of the weights last re-scored, once the benchmark is ready (waiting for
    /// their re-score if it is still running: it began when the last frame ended).
    pub fn report(&self) -> Option<&Report> {
        let (weights, rescored) = self.current.as_ref()?;
        match rescored {
            Rescored::Done(report) => Some(report),
            Rescored::Running { job, taken } => {
                if let Some(report) = taken.get() {
                    return Some(report);
                }
                // No report comes when no thread ran the job: then re-scored here.
                let report = job.wait().or_else(|| {
                    let p = self.prepared.as_ref()?;
                    Some(p.rescore.rescore(weights, THESE_WEIGHTS))
                })?;
                Some(taken.get_or_init(|| report))
            }
        }
    }

    /// The decision read from line `line` of the benchmark file.
    pub fn decision(&self, line: usize) -> Option<&Decision> {
        let decisions = &self.prepared.as_ref()?.rescore.benchmark().decisions;
        let i = decisions.binary_search_by_key(&line, |d| d.line).ok()?;
        decisions.get(i)
    }
}
