//! The two-sided study in the Bear-off tab (issue 14): a two-sided database (a gnubg file, or
//! built in memory), the exact chance of the race on the board — from the database when both
//! sides fit it, else solved on the fly when the pair is small enough — with best play for the
//! dice on the board — by the one-sided databases' chance, labelled, when the race is too big
//! to solve exactly — the database's error map and, for a cubeful database, its cube errors.
//! Everything is computed off the UI thread ([`Job`]); the engine does the work
//! (`bgw_engine::studies::one_sided_vs_exact`'s `error_map`, `cube_errors` and `best_play`,
//! `bgw_engine::bearoff::two_sided`).

use crate::app::jobs::{Job, Start};
use crate::text::thousands;
use bgw_engine::bearoff::one_sided::{self, Counts, MAX_POINTS, build, build_within};
use bgw_engine::bearoff::two_sided::{
    self, DEFAULT_LIMIT, Kind, Request, Solver, TwoSidedChances, TwoSidedDb, positions,
};
use bgw_engine::core::dice::Dice;
use bgw_engine::core::position::Position;
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::{
    BestPlay, CubeErrors, ErrorMap, Exact, best_play, best_play_one_sided, cube_errors, error_map,
};
use bgw_engine::studies::race;
use std::path::PathBuf;
use std::sync::Arc;

/// Exact two-sided chances shared with the jobs.
pub type Table = Arc<dyn TwoSidedChances + Send + Sync>;

/// The sizes the panel offers to build in memory (points × checkers): seconds at most.
pub const BUILD_SIZES: [(usize, usize); 5] = [(3, 3), (4, 4), (6, 4), (6, 6), (6, 8)];

/// Worst pairs the error map keeps for each method, and the cube errors for each rule.
pub const WORST: usize = 20;

/// The cubeful sizes the Cube errors panel offers to build in memory (gnubg's arithmetic).
pub const CUBEFUL_SIZES: [(usize, usize); 3] = [(4, 4), (6, 6), (6, 8)];

/// Pairs beyond which the solver is not even tried: the product of the positions each side can
/// be in, sixteen times the solver's memo (it gives up at [`DEFAULT_LIMIT`]).
pub const SOLVE_BOUND: u64 = 16 * DEFAULT_LIMIT as u64;

/// A two-sided database in memory and where it came from.
#[derive(Clone)]
pub struct Loaded {
    /// The chances.
    pub table: Table,
    /// "6×6, read from bd6x6.bd" or "4×4, built in memory".
    pub name: String,
    /// The same database with its cubeful equities, when it has them (a gnubg cubeful file or
    /// a cubeful build): what the cube errors read.
    pub cubeful: Option<Arc<TwoSidedDb>>,
}

impl Loaded {
    /// A database in memory under `name`, its cubeful equities kept when it has them.
    pub fn new(db: TwoSidedDb, name: String) -> Loaded {
        let db = Arc::new(db);
        let cubeful = (db.kind() == Kind::Cubeful).then(|| Arc::clone(&db));
        Loaded {
            table: db,
            name,
            cubeful,
        }
    }
}

/// Where the exact chance of a race comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The loaded database.
    Table,
    /// The on-the-fly solver for sides on this many points.
    Solver(usize),
}

/// The exact chance of the race on the board and best play for its dice.
#[derive(Clone, Debug)]
pub struct ExactReport {
    /// The side on roll's exact chance of bearing off first.
    pub chance: f64,
    /// Where it came from ("the 6×6 database", "solved on the fly: 12,345 pairs").
    pub source: String,
    /// Best play for the dice on the board (`None` without dice).
    pub best: Option<Result<BestPlay, String>>,
}

/// The two-sided part of the Bear-off tab's state.
#[derive(Default)]
pub struct TwoSidedState {
    /// The database loaded or built.
    pub loaded: Option<Loaded>,
    /// Reading or building one.
    pub loading: Option<Job<Result<Loaded, String>>>,
    /// Why the last one could not be read or built.
    pub load_error: Option<String>,
    /// The race and dice the exact chance is for.
    pub key: Option<(Position, Option<Dice>)>,
    /// The exact chance of the race on the board, or why there is none.
    pub exact: Option<Result<ExactReport, String>>,
    /// Solving it.
    pub solving: Option<Job<Result<ExactReport, String>>>,
    /// Best play for the dice by the one-sided databases' chance, when there is no exact chance
    /// (the race is too big to solve and no database covers it), or why there is none.
    pub estimate: Option<Result<BestPlay, String>>,
    /// Working it out.
    pub estimating: Option<Job<Result<BestPlay, String>>>,
    /// The loaded database's error map, or why there is none.
    pub map: Option<Result<ErrorMap, String>>,
    /// Computing it.
    pub mapping: Option<Job<Result<ErrorMap, String>>>,
    /// The loaded cubeful database's cube errors, or why there are none.
    pub cube: Option<Result<CubeErrors, String>>,
    /// Computing them.
    pub cubing: Option<Job<Result<CubeErrors, String>>>,
}

/// Each side's checkers on its points 1–15, `[on roll, other]`.
pub fn sides(pos: &Position) -> [Counts; 2] {
    race::sides_counts(pos, MAX_POINTS)
}

/// The highest point a side occupies and its checkers.
fn extent(c: &Counts) -> (usize, usize) {
    let high = (1..=MAX_POINTS).rev().find(|&p| c[p] > 0).unwrap_or(0);
    (high, c[1..].iter().map(|&n| n as usize).sum())
}

/// Where the exact chance of `pos` comes from, or why there is none, in one line ("7 and 9
/// checkers up to point 8: no two-sided database covers it, …").
pub fn source(pos: &Position, loaded: Option<&Loaded>) -> Result<Source, String> {
    race::points_needed(pos, MAX_POINTS).map_err(|e| e.to_string())?;
    let [a, b] = sides(pos);
    let ((ha, na), (hb, nb)) = (extent(&a), extent(&b));
    if let Some(l) = loaded
        && l.table.win_counts(&a, &b).is_some()
    {
        return Ok(Source::Table);
    }
    let high = ha.max(hb).max(1);
    let pairs = positions(high, na) as u64 * positions(high, nb) as u64;
    if high <= MAX_POINTS && pairs <= SOLVE_BOUND {
        return Ok(Source::Solver(high));
    }
    let covered = match loaded {
        Some(l) => format!(
            "the loaded {}×{} database does not cover it",
            l.table.points(),
            l.table.checkers()
        ),
        None => "no two-sided database covers it".to_string(),
    };
    Err(format!(
        "{na} and {nb} checkers up to point {high}: {covered}, and its {} pairs are too many \
         to solve on the fly",
        thousands(pairs)
    ))
}

/// Works out the exact chance of `pos` from `source` and best play for `dice` (on this
/// thread: the jobs call it).
pub fn exact_report(
    pos: &Position,
    dice: Option<Dice>,
    source: &Source,
    loaded: Option<&Loaded>,
    task: &Task,
) -> Result<ExactReport, String> {
    let [a, b] = sides(pos);
    let mut solver;
    let (mut exact, name) = match (source, loaded) {
        (Source::Table, Some(l)) => (
            Exact::Table(l.table.as_ref()),
            format!("the {} database", l.name),
        ),
        (Source::Table, None) => return Err("no two-sided database is loaded".to_string()),
        (Source::Solver(points), _) => {
            solver = Solver::new(*points, DEFAULT_LIMIT);
            (Exact::Solver(&mut solver), String::new())
        }
    };
    let chance = exact.win(&a, &b).map_err(|e| e.to_string())?;
    let best = match dice {
        Some(d) if !task.is_cancelled() => Some(best_for(pos, d, &mut exact, task)),
        _ => None,
    };
    let source = match exact {
        Exact::Solver(s) => format!("solved on the fly ({} pairs)", thousands(s.states() as u64)),
        Exact::Table(_) => name,
    };
    Ok(ExactReport {
        chance,
        source,
        best,
    })
}

/// Best play for `dice` by the one-sided databases' chance (for a race too big to solve
/// exactly): the one-sided database it needs is built for the two sides only.
pub fn estimate_for(pos: &Position, dice: Dice, task: &Task) -> Result<BestPlay, String> {
    let one_sided = one_sided_for(pos, task)?;
    best_play_one_sided(pos, dice, &one_sided).map_err(|e| e.to_string())
}

/// The one-sided database best play needs for the race `pos`: built for its two sides only,
/// on the fewest points that hold them.
fn one_sided_for(pos: &Position, task: &Task) -> Result<one_sided::Database<f64>, String> {
    let needed = race::points_needed(pos, MAX_POINTS).map_err(|e| e.to_string())?;
    let points = needed.iter().flatten().copied().max().unwrap_or(1);
    let targets = race::targets(pos, &needed, points);
    build_within::<f64>(points, &targets, task).map_err(|e| e.to_string())
}

/// Best play for `dice`: the one-sided database it needs is built for the two sides only.
fn best_for(
    pos: &Position,
    dice: Dice,
    exact: &mut Exact<'_>,
    task: &Task,
) -> Result<BestPlay, String> {
    // Cancelled with the job; its count is not the job's.
    let one_sided = one_sided_for(pos, &task.subtask())?;
    best_play(pos, dice, &one_sided, exact).map_err(|e| e.to_string())
}

/// The error map of `table` (with the exact one-sided database of its points), reporting to
/// `task` and stopping when it is cancelled.
pub fn map_of(table: &Table, task: &Task) -> Result<ErrorMap, String> {
    // Cancelled with the job; its count is not the job's.
    let one_sided = build::<f64>(table.points(), &task.subtask()).map_err(|e| e.to_string())?;
    error_map(table.as_ref(), &one_sided, WORST, task).map_err(|e| e.to_string())
}

/// The cube errors of `db` (with the exact one-sided database of its points), reporting to
/// `task` and stopping when it is cancelled.
pub fn cube_of(db: &TwoSidedDb, task: &Task) -> Result<CubeErrors, String> {
    // Cancelled with the job; its count is not the job's.
    let one_sided = build::<f64>(db.points(), &task.subtask()).map_err(|e| e.to_string())?;
    cube_errors(db, &one_sided, WORST, task).map_err(|e| e.to_string())
}

impl TwoSidedState {
    /// Brings the exact chance up to date with `pos` and `dice` (the board's): the start of
    /// its job, for the shell. A job whose start was dropped is asked for again.
    pub fn request(&mut self, pos: Position, dice: Option<Dice>) -> Option<Start> {
        if self.key == Some((pos, dice)) && !self.start_dropped() {
            return None;
        }
        self.key = Some((pos, dice));
        if let Some(job) = self.solving.take() {
            job.cancel();
        }
        if let Some(job) = self.estimating.take() {
            job.cancel();
        }
        self.exact = None;
        self.estimate = None;
        let src = match source(&pos, self.loaded.as_ref()) {
            Ok(s) => s,
            Err(e) => {
                self.exact = Some(Err(e));
                // No exact chance: best play by what can be worked out, labelled.
                let dice = dice?;
                race::points_needed(&pos, MAX_POINTS).ok()?;
                let (job, start) = Job::new(
                    format!("best play for {dice} by the one-sided chance"),
                    move |task: &Task| estimate_for(&pos, dice, task),
                );
                self.estimating = Some(job);
                return Some(start);
            }
        };
        let loaded = self.loaded.clone();
        let what = match src {
            Source::Table => "the exact chance from the two-sided database".to_string(),
            Source::Solver(p) => format!("solving the {p}-point race exactly"),
        };
        let (job, start) = Job::new(what, move |task: &Task| {
            exact_report(&pos, dice, &src, loaded.as_ref(), task)
        });
        self.solving = Some(job);
        Some(start)
    }

    /// Uses `loaded` from now on: the exact chance is worked out again (the start of its job),
    /// the old map goes.
    pub fn set_loaded(&mut self, loaded: Loaded) -> Option<Start> {
        self.loaded = Some(loaded);
        self.load_error = None;
        self.map = None;
        if let Some(job) = self.mapping.take() {
            job.cancel();
        }
        self.cube = None;
        if let Some(job) = self.cubing.take() {
            job.cancel();
        }
        // The race on the board again, from the new database.
        let (pos, dice) = self.key.take()?;
        self.request(pos, dice)
    }

    /// Reads the gnubg two-sided file at `path` in the background (the start of its job).
    pub fn open(&mut self, path: PathBuf) -> Start {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        self.loading(format!("reading {name}"), move |_| {
            let db = TwoSidedDb::read(&path).map_err(|e| format!("{name}: {e}"))?;
            let size = format!("{}×{}", db.points(), db.checkers());
            let name = format!("{size} ({}, {name})", db.kind().name());
            Ok(Loaded::new(db, name))
        })
    }

    /// Builds the `points` × `checkers` database of `kind` in memory in the background (the
    /// start of its job).
    pub fn build(&mut self, points: usize, checkers: usize, kind: Kind) -> Start {
        let what = match kind {
            Kind::Cubeful => "cubeful ",
            _ => "",
        };
        self.loading(
            format!("building the {what}{points}×{checkers} two-sided database"),
            move |task| {
                // A size this machine cannot hold is refused with the figures, not tried.
                two_sided::check_memory(points, checkers, &[Request::Build(kind)])
                    .map_err(|e| e.to_string())?;
                let db =
                    TwoSidedDb::build(points, checkers, kind, task).map_err(|e| e.to_string())?;
                let name = format!("{points}×{checkers} ({what}built in memory)");
                Ok(Loaded::new(db, name))
            },
        )
    }

    fn loading(
        &mut self,
        what: String,
        work: impl FnOnce(&Task) -> Result<Loaded, String> + Send + 'static,
    ) -> Start {
        if let Some(job) = self.loading.take() {
            job.cancel();
        }
        self.load_error = None;
        let (job, start) = Job::new(what, work);
        self.loading = Some(job);
        start
    }

    /// The error map of the loaded database (the start of its job).
    pub fn start_map(&mut self) -> Option<Start> {
        let Some(l) = &self.loaded else { return None };
        if let Some(job) = self.mapping.take() {
            job.cancel();
        }
        self.map = None;
        let table = Arc::clone(&l.table);
        let (job, start) = Job::new(
            format!("the error map of the {} database", l.name),
            move |task: &Task| map_of(&table, task),
        );
        self.mapping = Some(job);
        Some(start)
    }

    /// The cube errors of the loaded database, when it is cubeful (the start of its job).
    pub fn start_cube(&mut self) -> Option<Start> {
        let l = self.loaded.as_ref()?;
        let db = Arc::clone(l.cubeful.as_ref()?);
        if let Some(job) = self.cubing.take() {
            job.cancel();
        }
        self.cube = None;
        let (job, start) = Job::new(
            format!("the cube errors of the {} database", l.name),
            move |task: &Task| cube_of(&db, task),
        );
        self.cubing = Some(job);
        Some(start)
    }

    /// Stops the cube errors; they say they were cancelled.
    pub fn cancel_cube(&mut self) {
        if let Some(job) = self.cubing.take() {
            job.cancel();
            self.cube = Some(Err("cancelled".to_string()));
        }
    }

    /// True when the start of the exact chance (or of its estimate) was dropped without being
    /// run: [`TwoSidedState::request`] asks for it again.
    pub fn start_dropped(&self) -> bool {
        [
            self.solving.as_ref().map(Job::never_started),
            self.estimating.as_ref().map(Job::never_started),
        ]
        .contains(&Some(true))
    }

    /// Stops working out the race on the board (exactly or its estimate); each says it was
    /// cancelled.
    pub fn cancel_exact(&mut self) {
        if let Some(job) = self.solving.take() {
            job.cancel();
            self.exact = Some(Err("cancelled".to_string()));
        }
        if let Some(job) = self.estimating.take() {
            job.cancel();
            self.estimate = Some(Err("cancelled".to_string()));
        }
    }

    /// Collects what the jobs finished; the start of the job a finished load asks for.
    pub fn poll(&mut self) -> Option<Start> {
        if let Some(r) = self.solving.as_ref().and_then(Job::try_take) {
            self.exact = Some(r);
            self.solving = None;
        }
        if let Some(r) = self.estimating.as_ref().and_then(Job::try_take) {
            self.estimate = Some(r);
            self.estimating = None;
        }
        if let Some(r) = self.mapping.as_ref().and_then(Job::try_take) {
            self.map = Some(r);
            self.mapping = None;
        }
        if let Some(r) = self.cubing.as_ref().and_then(Job::try_take) {
            self.cube = Some(r);
            self.cubing = None;
        }
        match self.loading.as_ref().and_then(Job::try_take)? {
            Ok(l) => {
                self.loading = None;
                self.set_loaded(l)
            }
            Err(e) => {
                self.loading = None;
                self.load_error = Some(e);
                None
            }
        }
    }

    /// Stops every job; each says it was cancelled.
    pub fn cancel(&mut self) {
        self.cancel_exact();
        if let Some(job) = self.mapping.take() {
            job.cancel();
            self.map = Some(Err("cancelled".to_string()));
        }
        self.cancel_cube();
        if let Some(job) = self.loading.take() {
            job.cancel();
        }
    }
}
