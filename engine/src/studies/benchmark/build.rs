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
//! written once (and gnubg is not asked again: its first verdict is played).

use crate::core::dice::Dice;
use crate::core::formats::position_id;
use crate::core::moves::MoveGenerator;
use crate::core::position::{CHECKERS, Position, Side};
use crate::core::rng::SplitMix64;
use crate::core::task::Task;
use crate::reference::{
    EngineInfo, MatchError, MoveEval, ReferenceEngine, ReferenceError, match_to_plays,
};
use crate::studies::duel::{DiceStream, MAX_TURNS};
use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::path::Path;
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
/// and version. `task` counts the games, its phase the decisions so far and the judge's pace
/// ("812 decisions, 95 requests/s"), after every game; cancelling it stops the build at its
/// next request with [`BuildError::Cancelled`].
pub fn build(
    judge: &mut dyn ReferenceEngine,
    config: &BuildConfig,
    task: &Task,
) -> Result<Built, BuildError> {
    if config.plies > MAX_PLIES {
        return Err(BuildError::Plies(config.plies));
    }
    let start = Instant::now();
    task.set(0, u64::from(config.games));
    let mut generator = MoveGenerator::new();
    // Each (position, dice) met: the index of gnubg's choice among our plays (the same
    // whichever colour is on roll).
    let mut chosen: HashMap<(Position, Dice), usize> = HashMap::new();
    let mut built = Built {
        text: String::new(),
        games: 0,
        decisions: 0,
        repeated: 0,
        requests: 0,
        seconds: 0.0,
        engine: None,
    };
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
                // The file's IDs do not say whose turn it is: White's and Black's same
                // position on roll are one decision.
                _ => match chosen.get(&(pos.with_on_roll(Side::White), roll)) {
                    Some(&i) => {
                        built.repeated += 1;
                        plays[i].result
                    }
                    None => {
                        if task.is_cancelled() {
                            return Err(BuildError::Cancelled);
                        }
                        let (text, best) = judge_one(judge, &pos, roll, &plays, config.plies)?;
                        built.requests += 1;
                        built.text.push_str(&text);
                        built.decisions += 1;
                        chosen.insert((pos.with_on_roll(Side::White), roll), best);
                        plays[best].result
                    }
                },
            };
            if result.player_off() == CHECKERS {
                break;
            }
            pos = result.mirror();
        }
        built.games = game + 1;
        let pace = per_second(built.requests, start.elapsed().as_secs_f64());
        task.set_phase(format!(
            "{} decisions, {pace:.0} requests/s",
            built.decisions
        ));
        task.set(u64::from(game + 1), u64::from(config.games));
    }
    built.seconds = start.elapsed().as_secs_f64();
    built.engine = judge.info().ok();
    Ok(built)
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
    let id = position_id::encode(pos);
    let moves = judge.rank_moves(pos, roll, plies)?;
    let matched =
        match_to_plays(pos, roll, &moves, plays, true).map_err(|error| BuildError::Match {
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
    let Some(best) = best_of(&matched) else {
        return Err(BuildError::NoMove {
            engine: judge.name(),
            id,
            dice: roll,
        });
    };
    Ok((line(&id, roll, &moves), best))
}

/// The play with the judge's highest equity, its first on equal ones (as the reader takes it).
fn best_of(matched: &[(usize, MoveEval)]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, m) in matched {
        if best.is_none_or(|(_, e)| m.equity > e) {
            best = Some((*i, m.equity));
        }
    }
    best.map(|(i, _)| i)
}

/// One decision as a line of the benchmark format (with its newline), in the shared file's
/// spacing: the judge's notations (gnubg's) and equities in the judge's order.
fn line(id: &str, dice: Dice, moves: &[MoveEval]) -> String {
    let json = |s: &str| serde_json::Value::from(s).to_string();
    let list: Vec<String> = moves
        .iter()
        .map(|m| {
            format!(
                "[{}, {}]",
                json(&m.notation),
                serde_json::Value::from(m.equity)
            )
        })
        .collect();
    format!(
        "{{\"id\": {}, \"dice\": [{}, {}], \"moves\": [{}]}}\n",
        json(id),
        dice.high(),
        dice.low(),
        list.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::opponents::Pubeval;
    use crate::reference::ScriptedEngine;
    use crate::studies::benchmark::Benchmark;

    /// A stand-in for gnubg: the scripted engine ([`ScriptedEngine`]) rating every legal play
    /// by pubeval, best first; it fails on request `fail_at`, cancels `cancel` after request
    /// `cancel_after`, and notes the games `watched` had done at each request.
    struct Racer {
        engine: ScriptedEngine,
        asked: usize,
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
                asked: 0,
                fail_at: None,
                cancel_after: None,
                watched: None,
            }
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
            self.asked += 1;
            if self.fail_at == Some(self.asked) {
                return Err(ReferenceError::Crashed {
                    engine: "racer",
                    status: "killed by signal 9".into(),
                    stderr: String::new(),
                });
            }
            if let Some((n, task)) = &self.cancel_after
                && self.asked >= *n
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
        assert_eq!(built.requests, judge.asked);
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
        assert_eq!(judge.asked, 30, "the build stops at the failure");

        let task = Task::new();
        let mut judge = Racer {
            cancel_after: Some((10, task.clone())),
            ..Racer::new()
        };
        let e = build(&mut judge, &config(3), &task).unwrap_err();
        assert!(matches!(e, BuildError::Cancelled), "{e}");
        assert_eq!(judge.asked, 10, "no request after the cancel");

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
