//! A benchmark built from a reference engine's self-play (GNU Backgammon's, or a stand-in's in
//! tests): our engine plays the games (our move generator, seeded dice), the judge — any
//! [`ReferenceEngine`] — chooses every move, and each decision with at least two legal plays
//! becomes one line of the benchmark format ([`super`]), the judge's every legal move
//! evaluated at the chosen plies ([`ReferenceEngine::rank_moves`]), best first. The judge's
//! name and version come with the result ([`Built::engine`]): the benchmark's provenance.
//!
//! The dice of game `g` are the duel's ([`DiceStream`]: the opening roll never a double) drawn
//! from `SplitMix64::derive(seed, [g])`, so a seed gives the same games with every version
//! of gnubg that gives the same verdicts. Money play, no cube. A repeated (position, dice) is
//! written once (and a thread does not ask its judge again: its first verdict is played).
//!
//! The games can be played on several threads, an engine each ([`build_on`]): the games'
//! decisions are merged in game order and the repeats dropped there, so that the file is the
//! one-thread build's byte for byte with a deterministic judge.

use crate::core::dice::Dice;
use crate::core::formats::position_id;
use crate::core::moves::MoveGenerator;
use crate::core::position::{CHECKERS, Position, Side};
use crate::core::rng::SplitMix64;
use crate::core::task::Task;
use crate::reference::{
    EngineInfo, MatchError, MoveEval, ReferenceEngine, ReferenceError, match_indices,
};
use crate::studies::duel::{DiceStream, MAX_TURNS};
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::ops::Range;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::time::Instant;

/// The deepest evaluation a build may ask for (gnubg at 3 plies and more takes minutes a
/// decision).
pub const MAX_PLIES: u8 = 2;

/// What to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildConfig {
    /// Games of self-play.
    pub games: u32,
    /// The judge's depth: 0 is its static evaluation (gnubg's neural net alone); at most
    /// [`MAX_PLIES`].
    pub plies: u8,
    /// The seed of the dice.
    pub seed: u64,
}

/// Why a build stopped without a benchmark.
#[derive(Debug)]
pub enum BuildError {
    /// The judge failed (missing, crashed, timed out, refused, incompatible, garbage).
    Reference(ReferenceError),
    /// The judge's moves do not match our legal plays.
    Match {
        /// The position, the side to move on roll.
        id: String,
        /// The roll.
        dice: Dice,
        /// What does not match.
        error: MatchError,
    },
    /// The judge listed no move where we have at least two.
    NoMove {
        /// The judge's short name (`gnubg`).
        engine: &'static str,
        /// The position, the side to move on roll.
        id: String,
        /// The roll.
        dice: Dice,
    },
    /// An equity that is not a finite number.
    Equity {
        /// The position, the side to move on roll.
        id: String,
        /// The roll.
        dice: Dice,
        /// The equity.
        equity: f64,
    },
    /// The plies are out of range.
    Plies(u8),
    /// A player of the games failed (gnubg as a player of [`super::from_play`]): what it
    /// played is not its own.
    Player(String),
    /// Stopped by cancelling the task.
    Cancelled,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Reference(e) => e.fmt(f),
            BuildError::Match { id, dice, error } => {
                write!(f, "position {id} with {dice}: {error}")
            }
            BuildError::NoMove { engine, id, dice } => {
                write!(f, "position {id} with {dice}: {engine} lists no legal move")
            }
            BuildError::Equity { id, dice, equity } => {
                write!(
                    f,
                    "position {id} with {dice}: equity {equity} is not a number"
                )
            }
            BuildError::Plies(p) => write!(f, "plies must be 0 to {MAX_PLIES}, not {p}"),
            BuildError::Player(why) => write!(f, "a player of the games failed: {why}"),
            BuildError::Cancelled => f.write_str("the build was cancelled"),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<ReferenceError> for BuildError {
    fn from(e: ReferenceError) -> BuildError {
        match e {
            // The judge was stopped with the build (its config's stop): not its failure.
            ReferenceError::Cancelled { .. } => BuildError::Cancelled,
            e => BuildError::Reference(e),
        }
    }
}

/// A built benchmark: its text and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    /// The benchmark, one JSON line a decision (readable by [`super::Benchmark::read`]).
    pub text: String,
    /// Games played.
    pub games: u32,
    /// Decisions (lines).
    pub decisions: usize,
    /// Decisions met again and not written a second time.
    pub repeated: usize,
    /// Requests the judge answered.
    pub requests: usize,
    /// Seconds the build took.
    pub seconds: f64,
    /// The judge's name and version, as it said after the build (`None` when it did not
    /// say): the benchmark's provenance.
    pub engine: Option<EngineInfo>,
}

impl Built {
    /// The judge's requests per second over the build.
    pub fn requests_per_second(&self) -> f64 {
        per_second(self.requests, self.seconds)
    }

    /// Writes the benchmark to `path` atomically ([`crate::io::atomic_file`]), gzip-compressed
    /// when `gzip` (deterministic: no time or name in the gzip header).
    pub fn write(&self, path: &Path, gzip: bool) -> io::Result<()> {
        crate::io::atomic_file::write_atomic(path, |w| {
            if gzip {
                let mut z = flate2::write::GzEncoder::new(w, flate2::Compression::best());
                z.write_all(self.text.as_bytes())?;
                z.finish()?;
                Ok(())
            } else {
                w.write_all(self.text.as_bytes())
            }
        })
    }
}

fn per_second(n: usize, seconds: f64) -> f64 {
    if seconds > 0.0 {
        n as f64 / seconds
    } else {
        0.0
    }
}

/// True when `path` names a gzip file (`.gz`).
pub fn is_gzip_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// Plays `config.games` games in which `judge` chooses every move at `config.plies` plies
/// (its best of every legal move evaluated) and returns the decisions, with the judge's name
/// and version: [`build_on`] on one thread, with this one engine. `task` counts the games
/// done, its phase the judge's pace; cancelling it stops the build at its next request with
/// [`BuildError::Cancelled`].
pub fn build(
    judge: &mut dyn ReferenceEngine,
    config: &BuildConfig,
    task: &Task,
) -> Result<Built, BuildError> {
    if config.plies > MAX_PLIES {
        return Err(BuildError::Plies(config.plies));
    }
    let run = Run::new(config, task);
    let worker = run.work(judge, true);
    run.finish(vec![worker])
}

/// [`build`] with the games played on `threads` threads at once (at most one a game), each
/// with its own engine from `make_engine` and its own dice (game `g`'s from
/// `SplitMix64::derive(seed, [g])`, whoever plays it). The decisions are merged in game
/// order and a repeated (position, dice) is dropped at the merge, so the text is byte for
/// byte the one-thread build's: a thread asks its judge again where another thread met the
/// decision first, and a deterministic judge (gnubg's nets, the gnubg program, the tests'
/// stand-ins) gives the same verdict whoever asked first — the same line, the same move
/// played. [`Built::requests`] counts every request, those repeated across threads too.
/// `task` counts the games done on every thread; cancelling it stops every thread at its
/// next request, and a failure stops them all (the earliest game's failure is the one
/// given).
pub fn build_on<E: ReferenceEngine>(
    config: &BuildConfig,
    threads: usize,
    make_engine: &(dyn Fn() -> E + Sync),
    task: &Task,
) -> Result<Built, BuildError> {
    if config.plies > MAX_PLIES {
        return Err(BuildError::Plies(config.plies));
    }
    let run = Run::new(config, task);
    let threads = threads.clamp(1, (config.games as usize).max(1));
    let workers = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let run = &run;
                s.spawn(move || {
                    let mut engine = make_engine();
                    run.work(&mut engine, t == 0)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    run.finish(workers)
}

/// A decision met in a game, the same whichever colour is on roll: the position with White
/// on roll, and the roll. (The file's IDs do not say whose turn it is: White's and Black's
/// same position on roll are one decision.)
type Key = (Position, Dice);

/// A game's decisions with two legal plays or more, in the order met: each with the byte range
/// of its line in its thread's text.
type GameDecisions = Vec<(Key, Range<usize>)>;

/// What the threads of one build share: the next game to play, the judge's pace, the first
/// failure.
struct Run<'a> {
    config: &'a BuildConfig,
    task: &'a Task,
    start: Instant,
    next: AtomicU32,
    requests: AtomicUsize,
    stop: AtomicBool,
    failure: Mutex<Option<(u32, BuildError)>>,
}

/// One thread's share of a build: its games' decisions, their lines in one text.
struct Worker {
    /// Each game played, by number: its decisions with two legal plays or more in the order
    /// met, each with the byte range of its line in `text`.
    games: Vec<(u32, GameDecisions)>,
    /// The lines of the decisions this thread judged, one after another.
    text: String,
    /// Requests its judge answered.
    requests: usize,
    /// Its judge's name and version, when asked (the first thread's, after its last game).
    engine: Option<EngineInfo>,
}

impl<'a> Run<'a> {
    fn new(config: &'a BuildConfig, task: &'a Task) -> Run<'a> {
        task.set(0, u64::from(config.games));
        Run {
            config,
            task,
            start: Instant::now(),
            next: AtomicU32::new(0),
            requests: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            failure: Mutex::new(None),
        }
    }

    fn stopped(&self) -> bool {
        self.task.is_cancelled() || self.stop.load(Ordering::SeqCst)
    }

    /// Plays the next game not yet taken until none is left, the build stops, or `judge`
    /// fails (the failure kept if it is the earliest game's); asks the judge's name at the
    /// end when `info`.
    fn work(&self, judge: &mut dyn ReferenceEngine, info: bool) -> Worker {
        let mut worker = Worker {
            games: Vec::new(),
            text: String::new(),
            requests: 0,
            engine: None,
        };
        let mut generator = MoveGenerator::new();
        // Each decision this thread met: its line in `worker.text` and the index of the
        // judge's choice among our plays (the same whichever colour is on roll).
        let mut judged: HashMap<Key, (Range<usize>, usize)> = HashMap::new();
        loop {
            if self.stopped() {
                break;
            }
            let game = self.next.fetch_add(1, Ordering::SeqCst);
            if game >= self.config.games {
                break;
            }
            match self.play(game, judge, &mut generator, &mut judged, &mut worker) {
                Ok(decisions) => {
                    worker.games.push((game, decisions));
                    let pace = per_second(
                        self.requests.load(Ordering::SeqCst),
                        self.start.elapsed().as_secs_f64(),
                    );
                    self.task.advance(1);
                    self.task.set_phase(format!(
                        "{} decisions judged, {pace:.0} requests/s",
                        self.requests.load(Ordering::SeqCst)
                    ));
                }
                // Stopped by the cancel or by another thread's failure: not this game's.
                Err(BuildError::Cancelled) => break,
                Err(e) => {
                    self.stop.store(true, Ordering::SeqCst);
                    if let Ok(mut f) = self.failure.lock()
                        && f.as_ref().is_none_or(|(g, _)| game < *g)
                    {
                        *f = Some((game, e));
                    }
                    break;
                }
            }
        }
        if info && !self.stopped() && !worker.games.is_empty() {
            worker.engine = judge.info().ok();
        }
        worker
    }

    /// Plays game `game`, `judge` choosing every move (asked once a decision this thread
    /// has not met), its new lines written to `worker.text`; the game's decisions in order.
    fn play(
        &self,
        game: u32,
        judge: &mut dyn ReferenceEngine,
        generator: &mut MoveGenerator,
        judged: &mut HashMap<Key, (Range<usize>, usize)>,
        worker: &mut Worker,
    ) -> Result<GameDecisions, BuildError> {
        let mut decisions = Vec::new();
        let mut dice = DiceStream::new(SplitMix64::derive(self.config.seed, &[u64::from(game)]));
        let mut pos = Position::opening(Side::White);
        for _ in 0..MAX_TURNS {
            let roll = dice.roll();
            let plays = generator.generate(&pos, roll);
            let result = match plays.len() {
                0 => {
                    pos = pos.mirror();
                    continue;
                }
                1 => plays[0].result,
                _ => {
                    let key = (pos.with_on_roll(Side::White), roll);
                    let (range, best) = match judged.get(&key) {
                        Some(known) => known.clone(),
                        None => {
                            if self.stopped() {
                                return Err(BuildError::Cancelled);
                            }
                            let from = worker.text.len();
                            let best = judge_into(
                                judge,
                                &pos,
                                roll,
                                plays,
                                self.config.plies,
                                &mut worker.text,
                            )?;
                            worker.requests += 1;
                            self.requests.fetch_add(1, Ordering::SeqCst);
                            let known = (from..worker.text.len(), best);
                            judged.insert(key, known.clone());
                            known
                        }
                    };
                    decisions.push((key, range));
                    plays[best].result
                }
            };
            if result.player_off() == CHECKERS {
                break;
            }
            pos = result.mirror();
        }
        Ok(decisions)
    }

    /// The workers' games merged in game order, each (position, dice) written once (the
    /// first met); the earliest game's failure, or the cancel, instead.
    fn finish(self, workers: Vec<Worker>) -> Result<Built, BuildError> {
        if let Some((_, e)) = self.failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        if self.task.is_cancelled() {
            return Err(BuildError::Cancelled);
        }
        let mut order: Vec<(u32, usize, usize)> = workers
            .iter()
            .enumerate()
            .flat_map(|(w, worker)| {
                worker
                    .games
                    .iter()
                    .enumerate()
                    .map(move |(i, (game, _))| (*game, w, i))
            })
            .collect();
        order.sort_unstable();
        if order.len() != self.config.games as usize {
            // A game not played without a failure or a cancel: the build was stopped.
            return Err(BuildError::Cancelled);
        }
        let mut built = Built {
            text: String::new(),
            games: self.config.games,
            decisions: 0,
            repeated: 0,
            requests: workers.iter().map(|w| w.requests).sum(),
            seconds: 0.0,
            engine: None,
        };
        let mut written: HashSet<Key> = HashSet::new();
        for (_, w, i) in order {
            let worker = &workers[w];
            for (key, range) in &worker.games[i].1 {
                if written.insert(*key) {
                    built.text.push_str(&worker.text[range.clone()]);
                    built.decisions += 1;
                } else {
                    built.repeated += 1;
                }
            }
        }
        built.seconds = self.start.elapsed().as_secs_f64();
        built.engine = workers.into_iter().find_map(|w| w.engine);
        self.task.set_phase(format!(
            "{} decisions, {:.0} requests/s",
            built.decisions,
            built.requests_per_second()
        ));
        Ok(built)
    }
}

/// One decision judged: `judge`'s every legal move of `roll` in `pos` at `plies`, matched to
/// our `plays` (at least two), as a line of the benchmark format, and the index in `plays` of
/// the judge's best.
pub(super) fn judge_one(
    judge: &mut dyn ReferenceEngine,
    pos: &Position,
    roll: Dice,
    plays: &[crate::core::moves::Play],
    plies: u8,
) -> Result<(String, usize), BuildError> {
    let mut text = String::new();
    let best = judge_into(judge, pos, roll, plays, plies, &mut text)?;
    Ok((text, best))
}

/// [`judge_one`], its line appended to `out` (nothing appended on an error).
fn judge_into(
    judge: &mut dyn ReferenceEngine,
    pos: &Position,
    roll: Dice,
    plays: &[crate::core::moves::Play],
    plies: u8,
    out: &mut String,
) -> Result<usize, BuildError> {
    let id = position_id::encode(pos);
    let moves = judge.rank_moves(pos, roll, plies)?;
    let matched =
        match_indices(pos, roll, &moves, plays, true).map_err(|error| BuildError::Match {
            id: id.clone(),
            dice: roll,
            error,
        })?;
    if let Some(m) = moves.iter().find(|m| !m.equity.is_finite()) {
        let equity = m.equity;
        return Err(BuildError::Equity {
            id,
            dice: roll,
            equity,
        });
    }
    let Some(best) = best_of(&matched, &moves) else {
        return Err(BuildError::NoMove {
            engine: judge.name(),
            id,
            dice: roll,
        });
    };
    line(out, &id, roll, &moves);
    Ok(best)
}

/// The play with the judge's highest equity, its first on equal ones (as the reader takes it):
/// `matched[k]` is the play of the judge's `moves[k]`.
fn best_of(matched: &[usize], moves: &[MoveEval]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (&i, m) in matched.iter().zip(moves) {
        if best.is_none_or(|(_, e)| m.equity > e) {
            best = Some((i, m.equity));
        }
    }
    best.map(|(i, _)| i)
}

/// One decision as a line of the benchmark format (with its newline) appended to `out`, in
/// the shared file's spacing: the judge's notations (gnubg's) and equities in the judge's
/// order, written as `serde_json` writes them.
fn line(out: &mut String, id: &str, dice: Dice, moves: &[MoveEval]) {
    out.push_str("{\"id\": ");
    json_str(out, id);
    let _ = write!(
        out,
        ", \"dice\": [{}, {}], \"moves\": [",
        dice.high(),
        dice.low()
    );
    for (k, m) in moves.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push('[');
        json_str(out, &m.notation);
        out.push_str(", ");
        match serde_json::Number::from_f64(m.equity) {
            Some(n) => {
                let _ = write!(out, "{n}");
            }
            None => out.push_str("null"),
        }
        out.push(']');
    }
    out.push_str("]}\n");
}

/// `s` as a JSON string, as `serde_json` writes it (a notation or an ID needs no escape:
/// written as is; anything else through `serde_json`).
fn json_str(out: &mut String, s: &str) {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        out.push_str(&serde_json::Value::from(s).to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::opponents::Pubeval;
    use crate::reference::ScriptedEngine;
    use crate::studies::benchmark::Benchmark;
    use std::sync::Arc;

    /// A stand-in for gnubg: the scripted engine ([`ScriptedEngine`]) rating every legal play
    /// by pubeval, best first; it fails on request `fail_at`, cancels `cancel` after request
    /// `cancel_after`, and notes the games `watched` had done at each request. Its count of
    /// requests, `asked`, may be shared by the engines of several threads.
    struct Racer {
        engine: ScriptedEngine,
        asked: Arc<AtomicUsize>,
        fail_at: Option<usize>,
        cancel_after: Option<(usize, Task)>,
        watched: Option<(Task, Vec<u64>)>,
    }

    impl Racer {
        fn new() -> Racer {
            let pubeval = Pubeval::new();
            // pubeval's score, kept within the equities a benchmark holds (its win is
            // infinite, its other scores unbounded).
            let engine = ScriptedEngine::new(move |pos, p| {
                pubeval
                    .score(!pos.has_contact(), &p.result)
                    .clamp(-3.0, 3.0)
            })
            .named(EngineInfo {
                name: "Racer".into(),
                version: Some("1.08.003".into()),
                banner: "Racer 1.08.003 (pubeval)".into(),
            });
            Racer {
                engine,
                asked: Arc::new(AtomicUsize::new(0)),
                fail_at: None,
                cancel_after: None,
                watched: None,
            }
        }

        /// Requests answered so far (by every engine sharing the count).
        fn asked(&self) -> usize {
            self.asked.load(Ordering::SeqCst)
        }
    }

    impl ReferenceEngine for Racer {
        fn name(&self) -> &'static str {
            "racer"
        }

        fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
            self.engine.info()
        }

        fn evaluate(
            &mut self,
            pos: &Position,
            plies: u8,
        ) -> Result<crate::reference::Evaluation, ReferenceError> {
            self.engine.evaluate(pos, plies)
        }

        fn rank_moves(
            &mut self,
            pos: &Position,
            dice: Dice,
            plies: u8,
        ) -> Result<Vec<MoveEval>, ReferenceError> {
            let asked = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
            if self.fail_at == Some(asked) {
                return Err(ReferenceError::Crashed {
                    engine: "racer",
                    status: "killed by signal 9".into(),
                    stderr: String::new(),
                });
            }
            if let Some((n, task)) = &self.cancel_after
                && asked >= *n
            {
                task.cancel();
            }
            if let Some((task, games)) = &mut self.watched {
                games.push(task.snapshot().done);
            }
            self.engine.rank_moves(pos, dice, plies)
        }
    }

    fn config(games: u32) -> BuildConfig {
        BuildConfig {
            games,
            plies: 0,
            seed: 3,
        }
    }

    fn run(judge: &mut Racer, games: u32) -> Result<Built, BuildError> {
        build(judge, &config(games), &Task::new())
    }

    #[test]
    fn a_build_reads_back_and_repeats_itself() {
        let task = Task::new();
        let mut judge = Racer {
            watched: Some((task.clone(), Vec::new())),
            ..Racer::new()
        };
        let built = build(&mut judge, &config(4), &task).unwrap();
        assert_eq!(built.games, 4);
        assert_eq!(built.requests, judge.asked());
        assert_eq!(
            built.requests, built.decisions,
            "one request a new decision"
        );
        assert!(built.decisions > 40, "{}", built.decisions);
        // The provenance: the judge's own name and version.
        assert_eq!(
            built.engine.as_ref().map(ToString::to_string).as_deref(),
            Some("Racer 1.08.003")
        );
        assert_eq!(built.text.lines().count(), built.decisions);
        // The games done counted after each game: 0 to 3 while asking, 4 at the end.
        let (_, mut games) = judge.watched.take().unwrap();
        games.dedup();
        assert_eq!(games, [0, 1, 2, 3]);
        let p = task.snapshot();
        assert_eq!((p.done, p.total), (4, Some(4)));
        assert!(
            p.phase
                .starts_with(&format!("{} decisions, ", built.decisions)),
            "{}",
            p.phase
        );
        // Read strictly: every decision, each once, gnubg's best first.
        let bench = Benchmark::read(built.text.as_bytes()).unwrap();
        assert_eq!(
            (bench.decisions.len(), bench.repeated),
            (built.decisions, 0)
        );
        for d in &bench.decisions {
            assert!(d.plays.len() >= 2);
            let most = d.equities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(d.best_equity(), most);
        }
        // The same seed, the same text; another seed, other games.
        assert_eq!(run(&mut Racer::new(), 4).unwrap().text, built.text);
        let other = build(
            &mut Racer::new(),
            &BuildConfig {
                seed: 4,
                ..config(4)
            },
            &Task::new(),
        )
        .unwrap();
        assert_ne!(other.text, built.text);
    }

    #[test]
    fn a_repeated_decision_is_written_once_and_not_asked_again() {
        // Every game opens with one of 15 rolls from the same position: 40 games repeat some.
        let built = run(&mut Racer::new(), 40).unwrap();
        assert!(built.repeated > 0);
        let bench = Benchmark::read(built.text.as_bytes()).unwrap();
        assert_eq!(bench.repeated, 0);
        assert_eq!(bench.decisions.len(), built.decisions);
        assert_eq!(built.requests, built.decisions);
    }

    #[test]
    fn a_failure_or_a_cancel_gives_no_benchmark() {
        let mut judge = Racer {
            fail_at: Some(30),
            ..Racer::new()
        };
        let e = run(&mut judge, 3).unwrap_err();
        assert!(
            matches!(e, BuildError::Reference(ReferenceError::Crashed { .. })),
            "{e}"
        );
        assert_eq!(judge.asked(), 30, "the build stops at the failure");

        let task = Task::new();
        let mut judge = Racer {
            cancel_after: Some((10, task.clone())),
            ..Racer::new()
        };
        let e = build(&mut judge, &config(3), &task).unwrap_err();
        assert!(matches!(e, BuildError::Cancelled), "{e}");
        assert_eq!(judge.asked(), 10, "no request after the cancel");

        let e = build(
            &mut Racer::new(),
            &BuildConfig {
                plies: 3,
                ..config(1)
            },
            &Task::new(),
        )
        .unwrap_err();
        assert!(matches!(e, BuildError::Plies(3)), "{e}");
    }

    /// The one-thread build as a plain loop: the games in order, each new (position, dice)
    /// judged and written, a repeat played from the first verdict.
    fn plain(judge: &mut Racer, config: &BuildConfig) -> (String, usize) {
        let mut generator = MoveGenerator::new();
        let mut chosen: HashMap<Key, usize> = HashMap::new();
        let (mut text, mut repeated) = (String::new(), 0);
        for game in 0..config.games {
            let mut dice = DiceStream::new(SplitMix64::derive(config.seed, &[u64::from(game)]));
            let mut pos = Position::opening(Side::White);
            for _ in 0..MAX_TURNS {
                let roll = dice.roll();
                let plays = generator.generate(&pos, roll).to_vec();
                let result = match plays.len() {
                    0 => {
                        pos = pos.mirror();
                        continue;
                    }
                    1 => plays[0].result,
                    _ => {
                        let key = (pos.with_on_roll(Side::White), roll);
                        if let Some(&i) = chosen.get(&key) {
                            repeated += 1;
                            plays[i].result
                        } else {
                            let (line, best) =
                                judge_one(judge, &pos, roll, &plays, config.plies).unwrap();
                            text.push_str(&line);
                            chosen.insert(key, best);
                            plays[best].result
                        }
                    }
                };
                if result.player_off() == CHECKERS {
                    break;
                }
                pos = result.mirror();
            }
        }
        (text, repeated)
    }

    #[test]
    fn games_on_several_threads_write_the_one_thread_file() {
        // 40 games: some decisions repeat, within a game and across games on other threads.
        let one = run(&mut Racer::new(), 40).unwrap();
        let (text, repeated) = plain(&mut Racer::new(), &config(40));
        assert_eq!(one.text, text, "the build is the plain loop's");
        assert_eq!(one.repeated, repeated);
        assert!(repeated > 0);
        for threads in [1, 2, 3, 8] {
            let task = Task::new();
            let many = build_on(&config(40), threads, &Racer::new, &task).unwrap();
            assert_eq!(many.text, one.text, "{threads} threads");
            assert_eq!(
                (many.games, many.decisions, many.repeated),
                (one.games, one.decisions, one.repeated),
                "{threads} threads"
            );
            // Each thread asks its own judge: at least once a decision.
            assert!(many.requests >= many.decisions, "{threads} threads");
            assert_eq!(
                many.engine.as_ref().map(ToString::to_string).as_deref(),
                Some("Racer 1.08.003")
            );
            // Every game counted, whichever thread played it.
            let p = task.snapshot();
            assert_eq!((p.done, p.total), (40, Some(40)), "{threads} threads");
            assert!(
                p.phase
                    .starts_with(&format!("{} decisions, ", one.decisions)),
                "{}",
                p.phase
            );
        }
        // More threads than games: one a game.
        let two = build_on(&config(2), 5, &Racer::new, &Task::new()).unwrap();
        assert_eq!(two.text, run(&mut Racer::new(), 2).unwrap().text);
    }

    #[test]
    fn a_cancel_or_a_failure_on_any_thread_gives_no_benchmark() {
        // Every engine counts its requests in one counter; the 25th cancels the task.
        let task = Task::new();
        let asked = Arc::new(AtomicUsize::new(0));
        let make = || Racer {
            asked: Arc::clone(&asked),
            cancel_after: Some((25, task.clone())),
            ..Racer::new()
        };
        let e = build_on(&config(40), 3, &make, &task).unwrap_err();
        assert!(matches!(e, BuildError::Cancelled), "{e}");
        // Each thread stops at its next request: at most the two others' current ones more.
        let n = asked.load(Ordering::SeqCst);
        assert!((25..=27).contains(&n), "{n} requests");

        let asked = Arc::new(AtomicUsize::new(0));
        let make = || Racer {
            asked: Arc::clone(&asked),
            fail_at: Some(25),
            ..Racer::new()
        };
        let e = build_on(&config(40), 3, &make, &Task::new()).unwrap_err();
        assert!(
            matches!(e, BuildError::Reference(ReferenceError::Crashed { .. })),
            "{e}"
        );
        let n = asked.load(Ordering::SeqCst);
        assert!((25..=27).contains(&n), "{n} requests");

        // Cancelled before it starts: no request at all.
        let task = Task::new();
        task.cancel();
        let asked = Arc::new(AtomicUsize::new(0));
        let make = || Racer {
            asked: Arc::clone(&asked),
            ..Racer::new()
        };
        let e = build_on(&config(4), 2, &make, &task).unwrap_err();
        assert!(matches!(e, BuildError::Cancelled), "{e}");
        assert_eq!(asked.load(Ordering::SeqCst), 0);
    }

    /// A judge whose list misses a legal play.
    struct Forgetful(Racer);

    impl ReferenceEngine for Forgetful {
        fn name(&self) -> &'static str {
            "forgetful"
        }

        fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
            self.0.info()
        }

        fn evaluate(
            &mut self,
            pos: &Position,
            plies: u8,
        ) -> Result<crate::reference::Evaluation, ReferenceError> {
            self.0.evaluate(pos, plies)
        }

        fn rank_moves(
            &mut self,
            pos: &Position,
            dice: Dice,
            plies: u8,
        ) -> Result<Vec<MoveEval>, ReferenceError> {
            let mut m = self.0.rank_moves(pos, dice, plies)?;
            m.pop();
            Ok(m)
        }
    }

    #[test]
    fn moves_that_do_not_match_our_plays_are_an_error() {
        let e = build(&mut Forgetful(Racer::new()), &config(1), &Task::new()).unwrap_err();
        let BuildError::Match { id, error, .. } = &e else {
            panic!("{e}")
        };
        assert_eq!(id, "4HPwATDgc/ABMA");
        assert!(matches!(error, MatchError::Missing { ours } if ours.len() == 1));
    }

    #[test]
    fn gzip_by_name_or_flag_and_the_file_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let built = run(&mut Racer::new(), 2).unwrap();
        for (name, gzip) in [("a.jsonl", false), ("b.jsonl.gz", true), ("c.jsonl", true)] {
            let path = dir.path().join(name);
            built.write(&path, gzip || is_gzip_name(&path)).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(bytes.starts_with(&[0x1f, 0x8b]), gzip, "{name}");
            let bench = Benchmark::load(&path).unwrap();
            assert_eq!(bench.decisions.len(), built.decisions);
        }
        assert!(is_gzip_name(Path::new("x/holdout.JSONL.GZ")));
        assert!(!is_gzip_name(Path::new("gz")));
        // Deterministic bytes: no time in the gzip header.
        let again = dir.path().join("d.jsonl.gz");
        built.write(&again, true).unwrap();
        assert_eq!(
            std::fs::read(&again).unwrap(),
            std::fs::read(dir.path().join("b.jsonl.gz")).unwrap()
        );
    }
}
