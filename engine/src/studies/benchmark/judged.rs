//! Benchmarks of decisions someone else made: the checker plays of match files
//! ([`from_matches`]) and the positions a player reaches in its own games against another
//! ([`from_play`]), each judged by a reference engine (gnubg in practice) and written in the
//! benchmark format ([`super`]), so that a player can be scored on the decisions of real
//! games, or on its own, rather than on gnubg's.
//!
//! # What is judged
//! Every decision (a position, the side to move on roll, and its roll) with two legal plays or
//! more, once: a repeated (position, dice) is written once (White's and Black's same position
//! on roll are one decision, as in [`super::build()`]) and counted in [`Built::repeated`].
//! Each is judged as **cubeless money**, whatever the match score or the cube: the judge's
//! [`ReferenceEngine::rank_moves`], every legal move evaluated at the chosen plies, as in the
//! shipped benchmark, so that the figures of every benchmark are in the same unit and can be
//! compared (`bgw match review` judges the same moves at their match state instead).
//!
//! # Threads
//! The decisions are judged on `threads` threads, each with an engine of its own (one gnubg
//! process a thread: gnubg 1.07 answers a 0-ply request at its next 10 ms poll, so its
//! processes mostly wait). The lines are written in the order the decisions were met,
//! whatever the threads, so the same input gives the same file. The task counts the decisions
//! judged (its phase gives the pace); cancelling it stops the work at the next request with
//! [`BuildError::Cancelled`]; the first failure stops it too.

use super::build::{BuildError, Built, MAX_PLIES, judge_one};
use crate::core::dice::Dice;
use crate::core::moves::{MoveGenerator, Play};
use crate::core::position::{Position, Side};
use crate::core::task::Task;
use crate::evaluation::opponents::Player;
use crate::matches::{DecisionKind, Match};
use crate::reference::{EngineInfo, ReferenceEngine};
use crate::studies::duel::{Contender, play_pair};
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// How the decisions are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeConfig {
    /// The judge's depth: 0 to [`MAX_PLIES`].
    pub plies: u8,
    /// Engines judging at once, one thread each (at least 1).
    pub threads: usize,
}

/// The games of [`from_play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// Games to play; an odd number is rounded up to whole duplicate pairs.
    pub games: u32,
    /// The seed of the dice (and of a random player), as `bgw duel --seed`.
    pub seed: u64,
}

/// The checker-play decisions of `matches` (every game, both players, a move illegal as
/// recorded too: its position and roll are a decision all the same), judged by engines from
/// `make_engine` (see the module doc). [`Built::games`] counts the matches' games.
pub fn from_matches<E: ReferenceEngine>(
    matches: &[Match],
    config: &JudgeConfig,
    make_engine: &(dyn Fn() -> E + Sync),
    task: &Task,
) -> Result<Built, BuildError> {
    let spots: Vec<(Position, Dice)> = matches
        .iter()
        .flat_map(|m| &m.games)
        .flat_map(|g| &g.decisions)
        .filter_map(|d| match &d.kind {
            DecisionKind::Move(c) => Some((d.position, c.dice)),
            _ => None,
        })
        .collect();
    let games = matches.iter().map(|m| m.games.len()).sum::<usize>();
    let mut built = judge_spots(&spots, config, make_engine, task)?;
    built.games = u32::try_from(games).unwrap_or(u32::MAX);
    Ok(built)
}

/// The positions `a` reaches in its own games against `b` — the games of `bgw duel --a A --b B
/// --games N --seed S`: duplicate pairs, the same dice, A first in one game of a pair and B in
/// the other — each of A's decisions with two legal plays or more judged by engines from
/// `make_engine` (see the module doc). The task counts the games first (phase "playing"),
/// then the decisions judged.
pub fn from_play<E: ReferenceEngine>(
    a: &Contender,
    b: &Contender,
    play: &PlayConfig,
    config: &JudgeConfig,
    make_engine: &(dyn Fn() -> E + Sync),
    task: &Task,
) -> Result<Built, BuildError> {
    if config.plies > MAX_PLIES {
        return Err(BuildError::Plies(config.plies));
    }
    let pairs = u64::from(play.games.div_ceil(2));
    let log = Mutex::new(Vec::new());
    let mut generator = MoveGenerator::new();
    task.set_phase(format!("playing {} against {}", a.name(), b.name()));
    task.set(0, 2 * pairs);
    for pair in 0..pairs {
        if task.is_cancelled() {
            return Err(BuildError::Cancelled);
        }
        let recorded = |seed| Recorder {
            player: a.player(seed),
            log: &log,
        };
        play_pair(&mut generator, &recorded, &|s| b.player(s), play.seed, pair);
        task.set(2 * (pair + 1), 2 * pairs);
    }
    if let Some(why) = a.failure().or_else(|| b.failure()) {
        return Err(BuildError::Player(why));
    }
    let spots = log.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut built = judge_spots(&spots, config, make_engine, task)?;
    built.games = u32::try_from(2 * pairs).unwrap_or(u32::MAX);
    Ok(built)
}

/// A player that notes every decision it is asked (the game asks only when there are two
/// legal plays or more).
struct Recorder<'a> {
    player: crate::studies::duel::AnyPlayer,
    log: &'a Mutex<Vec<(Position, Dice)>>,
}

impl Player for Recorder<'_> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        if let Ok(mut log) = self.log.lock() {
            log.push((*pos, dice));
        }
        self.player.choose(pos, dice, plays)
    }
}

/// Judges each (position, roll) of `spots` with two legal plays or more, once, in order (see
/// the module doc).
pub fn judge_spots<E: ReferenceEngine>(
    spots: &[(Position, Dice)],
    config: &JudgeConfig,
    make_engine: &(dyn Fn() -> E + Sync),
    task: &Task,
) -> Result<Built, BuildError> {
    if config.plies > MAX_PLIES {
        return Err(BuildError::Plies(config.plies));
    }
    let start = Instant::now();
    let (work, repeated) = decisions_to_judge(spots);
    task.set_phase(format!("judging {} decisions", work.len()));
    task.set(0, work.len() as u64);
    let lines: Vec<Mutex<Option<String>>> = work.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let failure: Mutex<Option<(usize, BuildError)>> = Mutex::new(None);
    let info: Mutex<Option<EngineInfo>> = Mutex::new(None);
    let threads = config.threads.clamp(1, work.len().max(1));
    std::thread::scope(|s| {
        for t in 0..threads {
            let (work, lines, next, done, stop, failure, info) =
                (&work, &lines, &next, &done, &stop, &failure, &info);
            s.spawn(move || {
                let mut engine = make_engine();
                let mut generator = MoveGenerator::new();
                loop {
                    if task.is_cancelled() || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some((pos, dice)) = work.get(k) else {
                        break;
                    };
                    let plays = generator.generate(pos, *dice);
                    match judge_one(&mut engine, pos, *dice, plays, config.plies) {
                        Ok((text, _)) => {
                            if let Ok(mut l) = lines[k].lock() {
                                *l = Some(text);
                            }
                            let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                            show_progress(task, n, work.len(), start);
                        }
                        Err(e) => {
                            stop.store(true, Ordering::SeqCst);
                            if let Ok(mut f) = failure.lock()
                                && f.as_ref().is_none_or(|(i, _)| k < *i)
                            {
                                *f = Some((k, e));
                            }
                            break;
                        }
                    }
                }
                if t == 0
                    && !work.is_empty()
                    && !stop.load(Ordering::SeqCst)
                    && !task.is_cancelled()
                    && let Ok(mut i) = info.lock()
                {
                    *i = engine.info().ok();
                }
            });
        }
    });
    if let Some((_, e)) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    if task.is_cancelled() {
        return Err(BuildError::Cancelled);
    }
    Ok(Built {
        text: joined(lines)?,
        games: 0,
        decisions: work.len(),
        repeated,
        requests: work.len(),
        seconds: start.elapsed().as_secs_f64(),
        engine: info.into_inner().unwrap_or_else(|e| e.into_inner()),
    })
}

/// The decisions of `spots` to judge, in order: each (position, roll) with two legal plays
/// or more, once (the same position with either side on roll counts once); and how many
/// were left out as repeats. The plays are generated again where each decision is judged:
/// kept here, a long build's would take gigabytes.
fn decisions_to_judge(spots: &[(Position, Dice)]) -> (Vec<(Position, Dice)>, usize) {
    let mut generator = MoveGenerator::new();
    let mut seen = HashSet::new();
    let mut work: Vec<(Position, Dice)> = Vec::new();
    let mut repeated = 0;
    for &(pos, dice) in spots {
        if generator.generate(&pos, dice).len() < 2 {
            continue;
        }
        if seen.insert((pos.with_on_roll(Side::White), dice)) {
            work.push((pos, dice));
        } else {
            repeated += 1;
        }
    }
    (work, repeated)
}

/// One more decision judged, the `n`th of `total` since `start`: the task advanced, and
/// every 50 (and at the last) the rate shown.
fn show_progress(task: &Task, n: usize, total: usize, start: Instant) {
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    task.advance(1);
    if n.is_multiple_of(50) || n == total {
        task.set_phase(format!(
            "{n} of {total} decisions, {:.0} requests/s",
            n as f64 / seconds
        ));
    }
}

/// The judged decisions' lines in order, one text; a decision left unjudged means the work
/// was cancelled.
fn joined(lines: Vec<Mutex<Option<String>>>) -> Result<String, BuildError> {
    let mut text = String::new();
    for l in lines {
        match l.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(line) => text.push_str(&line),
            None => return Err(BuildError::Cancelled),
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::opponents::Pubeval;
    use crate::matches::read_match_file;
    use crate::reference::{ReferenceError, ScriptedEngine};
    use crate::studies::benchmark::Benchmark;
    use std::path::PathBuf;
    use std::sync::atomic::AtomicUsize;

    /// A stand-in for gnubg: every legal play rated by pubeval, best first.
    fn racer() -> ScriptedEngine {
        let pubeval = Pubeval::new();
        ScriptedEngine::new(move |pos, p| {
            pubeval
                .score(!pos.has_contact(), &p.result)
                .clamp(-3.0, 3.0)
        })
    }

    fn data(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/data/matches")
            .join(name)
    }

    fn judging(threads: usize) -> JudgeConfig {
        JudgeConfig { plies: 0, threads }
    }

    #[test]
    fn a_matchs_checker_plays_are_judged_once_each_in_order() {
        let m = read_match_file(&data("gnubg_3pt_seed103.mat")).unwrap();
        let one =
            from_matches(std::slice::from_ref(&m), &judging(1), &racer, &Task::new()).unwrap();
        // The decisions by a plain loop: each move with two legal plays or more, once.
        let mut generator = MoveGenerator::new();
        let mut seen = HashSet::new();
        let mut expected = Vec::new();
        for g in &m.games {
            for d in &g.decisions {
                if let DecisionKind::Move(c) = &d.kind
                    && generator.generate(&d.position, c.dice).len() >= 2
                    && seen.insert((d.position.with_on_roll(Side::White), c.dice))
                {
                    expected.push((d.position, c.dice));
                }
            }
        }
        assert!(expected.len() > 20, "{}", expected.len());
        assert_eq!(one.decisions, expected.len());
        assert_eq!(one.games as usize, m.games.len());
        let bench = Benchmark::read(one.text.as_bytes()).unwrap();
        let read: Vec<_> = bench
            .decisions
            .iter()
            .map(|d| (d.position.with_on_roll(Side::White), d.dice))
            .collect();
        let want: Vec<_> = expected
            .iter()
            .map(|(p, d)| (p.with_on_roll(Side::White), *d))
            .collect();
        assert_eq!(read, want, "in the match's order");
        // Judged by the stand-in: its best is the best.
        for d in &bench.decisions {
            let most = d.equities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(d.best_equity(), most);
        }
        // Three threads, the same file; the task counted every decision.
        let task = Task::new();
        let three = from_matches(std::slice::from_ref(&m), &judging(3), &racer, &task).unwrap();
        assert_eq!(three.text, one.text);
        let p = task.snapshot();
        assert_eq!(
            (p.done, p.total),
            (one.decisions as u64, Some(one.decisions as u64))
        );
        // The same match twice: every decision repeated, written once.
        let twice = from_matches(&[m.clone(), m], &judging(2), &racer, &Task::new()).unwrap();
        assert_eq!(twice.text, one.text);
        assert!(twice.repeated >= one.decisions);
    }

    #[test]
    fn a_players_own_decisions_are_judged_reproducibly() {
        let a = Contender::parse("classic").unwrap();
        let b = Contender::Pubeval;
        let play = PlayConfig { games: 6, seed: 3 };
        let task = Task::new();
        let built = from_play(&a, &b, &play, &judging(2), &racer, &task).unwrap();
        assert_eq!(built.games, 6);
        assert!(built.decisions > 40, "{}", built.decisions);
        let bench = Benchmark::read(built.text.as_bytes()).unwrap();
        assert_eq!(bench.decisions.len(), built.decisions);
        // Seeded: the same games, the same file; an odd number rounds up to whole pairs.
        let again = from_play(
            &a,
            &b,
            &PlayConfig { games: 5, ..play },
            &judging(3),
            &racer,
            &Task::new(),
        )
        .unwrap();
        assert_eq!(again.text, built.text);
        let other = from_play(
            &a,
            &b,
            &PlayConfig { seed: 4, ..play },
            &judging(2),
            &racer,
            &Task::new(),
        )
        .unwrap();
        assert_ne!(other.text, built.text);
        // B's decisions in the same games are others: the two sides' together are every
        // decision of the games.
        let theirs = from_play(&b, &a, &play, &judging(2), &racer, &Task::new()).unwrap();
        assert_ne!(theirs.text, built.text);
        let mut spots = Vec::new();
        let mut generator = MoveGenerator::new();
        let log = Mutex::new(Vec::new());
        let everyone = |s| Recorder {
            player: a.player(s),
            log: &log,
        };
        let everyone_b = |s| Recorder {
            player: b.player(s),
            log: &log,
        };
        for pair in 0..3 {
            play_pair(&mut generator, &everyone, &everyone_b, 3, pair);
        }
        spots.extend(log.into_inner().unwrap());
        let all = judge_spots(&spots, &judging(1), &racer, &Task::new()).unwrap();
        let ids = |t: &str| -> HashSet<String> { t.lines().map(str::to_string).collect() };
        let union: HashSet<String> = ids(&built.text)
            .union(&ids(&theirs.text))
            .cloned()
            .collect();
        assert_eq!(union, ids(&all.text));
    }

    #[test]
    fn a_failure_or_a_cancel_gives_no_benchmark() {
        let m = read_match_file(&data("gnubg_3pt_seed103.mat")).unwrap();
        let asked = AtomicUsize::new(0);
        // An engine that fails on its 10th request, whichever thread asks.
        struct Failing<'a>(ScriptedEngine, &'a AtomicUsize);
        impl ReferenceEngine for Failing<'_> {
            fn name(&self) -> &'static str {
                "failing"
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
            ) -> Result<Vec<crate::reference::MoveEval>, ReferenceError> {
                if self.1.fetch_add(1, Ordering::SeqCst) + 1 == 10 {
                    return Err(ReferenceError::Crashed {
                        engine: "failing",
                        status: "killed by signal 9".into(),
                        stderr: String::new(),
                    });
                }
                self.0.rank_moves(pos, dice, plies)
            }
        }
        let make = || Failing(racer(), &asked);
        let e =
            from_matches(std::slice::from_ref(&m), &judging(2), &make, &Task::new()).unwrap_err();
        assert!(
            matches!(e, BuildError::Reference(ReferenceError::Crashed { .. })),
            "{e}"
        );
        assert!(
            asked.load(Ordering::SeqCst) < 15,
            "the work stops at the failure"
        );

        let task = Task::new();
        task.cancel();
        let e = from_matches(std::slice::from_ref(&m), &judging(2), &racer, &task).unwrap_err();
        assert!(matches!(e, BuildError::Cancelled), "{e}");
        let e = from_play(
            &Contender::Pubeval,
            &Contender::Pubeval,
            &PlayConfig { games: 2, seed: 1 },
            &judging(1),
            &racer,
            &task,
        )
        .unwrap_err();
        assert!(matches!(e, BuildError::Cancelled), "{e}");
        let e = from_matches(
            std::slice::from_ref(&m),
            &JudgeConfig {
                plies: 3,
                threads: 1,
            },
            &racer,
            &Task::new(),
        )
        .unwrap_err();
        assert!(matches!(e, BuildError::Plies(3)), "{e}");
    }
}
