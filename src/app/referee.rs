//! The reference engine the candidates are judged by, behind a small trait: any
//! [`ReferenceEngine`] on a thread of its own ([`Background`], GNU Backgammon in the app, its
//! process started by the first request) or a scripted one ([`ScriptedReferee`]) in tests and
//! benches. Both answer without blocking: a request is submitted and its reply polled on later
//! frames.

use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Position;
use bgw_engine::core::task::Task;
use bgw_engine::reference::gnubg::{Config, Gnubg};
use bgw_engine::reference::native::NativeEvaluator;
use bgw_engine::reference::{
    Answer, Background, BackgroundTicket, CubeDecision, EngineInfo, Judge, MatchContext, Question,
    ReferenceEngine, ReferenceError, ScriptedEngine,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Makes a fresh reference engine for a piece of background work (a match review's thread, a
/// rollout): GNU Backgammon in the app, scripted in tests. The task is the work's: cancelling
/// it must end the engine's waits.
pub type EngineFactory = Arc<dyn Fn(&Task) -> Box<dyn ReferenceEngine + Send> + Send + Sync>;

/// GNU Backgammon, a process per call, its waits ended by the task's Cancel.
pub fn gnubg_per_task() -> EngineFactory {
    Arc::new(|task: &Task| {
        Box::new(Gnubg::new(Config::default().stopped_by(task))) as Box<dyn ReferenceEngine + Send>
    })
}

/// The engines of `judge` (the gnubg program or its nets in bgw), one per call, the process's
/// waits ended by the task's Cancel.
pub fn judged_per_task(judge: Judge) -> EngineFactory {
    Arc::new(move |task: &Task| judge.clone().stopped_by(task).engine())
}

/// gnubg's nets read in process, shared by the features that say why an error is one (the
/// Match tab's review, the drill): filled with the native judge's own when it is handed over,
/// else read by the first job that needs them ([`nets_of`]), off the UI thread.
pub type Nets = Arc<std::sync::OnceLock<Result<NativeEvaluator, String>>>;

/// The nets of `nets`, read now (found or built in) when nobody has yet: for a job in the
/// background, never the UI thread. `None` when they cannot be read.
pub fn nets_of(nets: &Nets) -> Option<&NativeEvaluator> {
    nets.get_or_init(|| NativeEvaluator::new(None).map_err(|e| e.to_string()))
        .as_ref()
        .ok()
}

/// `judge`'s engine on a thread of its own, started by the first request.
pub fn judged(judge: &Judge) -> Background<Box<dyn ReferenceEngine + Send>> {
    Background::new(judge.engine())
}

/// An engine that answers [`Question`]s in the background: ranks the moves of a position
/// and roll (cubeless money or at a match state), gives cube decisions.
pub trait Referee {
    /// Asks `question`; returns at once with a ticket to poll, or why it cannot be asked.
    fn submit(&mut self, question: Question) -> Result<u64, ReferenceError>;

    /// The answer of `ticket` once it has come (handed over once), `None` while it is
    /// pending. Never blocks.
    fn poll(&mut self, ticket: u64) -> Option<Result<Answer, ReferenceError>>;

    /// The engine's name and version, once it has answered.
    fn engine(&self) -> Option<EngineInfo>;
}

/// GNU Backgammon on a thread of its own, started by the first request.
pub fn gnubg() -> Background<Gnubg> {
    Background::new(Gnubg::new(Config::default()))
}

impl<E: ReferenceEngine + Send + 'static> Referee for Background<E> {
    fn submit(&mut self, question: Question) -> Result<u64, ReferenceError> {
        Background::submit(self, question).map(BackgroundTicket::id)
    }

    fn poll(&mut self, ticket: u64) -> Option<Result<Answer, ReferenceError>> {
        Background::poll(self, BackgroundTicket::from_id(ticket))
    }

    fn engine(&self) -> Option<EngineInfo> {
        self.info().cloned()
    }
}

/// A referee that takes every question and answers none yet: gnubg's column while the judge
/// is being read ("evaluating…"), replaced by the judge's own when it is ready.
pub struct Waiting;

impl Referee for Waiting {
    fn submit(&mut self, _question: Question) -> Result<u64, ReferenceError> {
        Ok(0)
    }

    fn poll(&mut self, _ticket: u64) -> Option<Result<Answer, ReferenceError>> {
        None
    }

    fn engine(&self) -> Option<EngineInfo> {
        None
    }
}

/// How a [`ScriptedReferee`] answers.
enum Script {
    /// As if gnubg were not installed.
    Missing,
    /// Every legal move of the roll, as this engine rates them, at once (and its cube
    /// decisions, when it has them).
    Engine(Box<ScriptedEngine>),
}

struct Scripted {
    script: Script,
    /// The engine's name and version, said once it has answered.
    info: Option<EngineInfo>,
    answered: bool,
    /// While true, replies are held back (the column shows "evaluating…").
    hold: bool,
    next: u64,
    pending: HashMap<u64, Question>,
    submitted: usize,
}

/// A referee for tests: answers with every legal move and equities from a function (and cube
/// decisions from another), or reports gnubg missing. Clones share their script, so a test
/// keeps one to hold and release the replies.
#[derive(Clone)]
pub struct ScriptedReferee(Arc<Mutex<Scripted>>);

impl ScriptedReferee {
    fn with(script: Script) -> ScriptedReferee {
        ScriptedReferee(Arc::new(Mutex::new(Scripted {
            script,
            info: None,
            answered: false,
            hold: false,
            next: 1,
            pending: HashMap::new(),
            submitted: 0,
        })))
    }

    /// Answers every legal move with the equity `equity` gives it, at any match state.
    pub fn answering(equity: impl Fn(&Play) -> f64 + Send + 'static) -> ScriptedReferee {
        let engine = ScriptedEngine::new(move |_, play| equity(play));
        ScriptedReferee::with(Script::Engine(Box::new(engine)))
    }

    /// Answers moves as [`ScriptedReferee::answering`] and cube decisions with `cube`.
    pub fn answering_cube(
        equity: impl Fn(&Play) -> f64 + Send + 'static,
        cube: impl Fn(&Position, &MatchContext, u8) -> CubeDecision + Send + 'static,
    ) -> ScriptedReferee {
        let engine = ScriptedEngine::new(move |_, play| equity(play))
            .with_cube(move |p, at, plies| cube(p, at, plies));
        ScriptedReferee::with(Script::Engine(Box::new(engine)))
    }

    /// The same referee, its hint keeping the first `keep` moves at the asked depth and the
    /// others at 0 plies, as gnubg's move filter does ([`ScriptedEngine::with_hint_filter`]).
    pub fn with_hint_filter(self, keep: usize) -> ScriptedReferee {
        {
            let mut s = self.lock();
            if let Script::Engine(engine) = std::mem::replace(&mut s.script, Script::Missing) {
                s.script = Script::Engine(Box::new(engine.with_hint_filter(keep)));
            }
        }
        self
    }

    /// Answers like an app without gnubg installed.
    pub fn missing() -> ScriptedReferee {
        ScriptedReferee::with(Script::Missing)
    }

    /// Says it is `info` once it has answered (by default it names no engine).
    pub fn named(self, info: EngineInfo) -> ScriptedReferee {
        self.lock().info = Some(info);
        self
    }

    /// Holds the replies back (true) or lets them through on the next poll (false).
    pub fn hold(&self, hold: bool) {
        self.lock().hold = hold;
    }

    /// How many requests were submitted so far.
    pub fn submitted(&self) -> usize {
        self.lock().submitted
    }

    /// The questions submitted and not yet answered.
    pub fn pending(&self) -> Vec<Question> {
        self.lock().pending.values().copied().collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Scripted> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Referee for ScriptedReferee {
    fn submit(&mut self, question: Question) -> Result<u64, ReferenceError> {
        let mut s = self.lock();
        s.submitted += 1;
        if let Script::Missing = s.script {
            return Err(ReferenceError::NotFound {
                engine: "GNU Backgammon",
                program: "/usr/games/gnubg".into(),
                why: "No such file or directory (scripted)".into(),
                remedy: "install it with `apt-get install gnubg`".into(),
            });
        }
        let id = s.next;
        s.next += 1;
        s.pending.insert(id, question);
        Ok(id)
    }

    fn poll(&mut self, ticket: u64) -> Option<Result<Answer, ReferenceError>> {
        let mut s = self.lock();
        if s.hold && s.pending.contains_key(&ticket) {
            return None;
        }
        let Some(question) = s.pending.remove(&ticket) else {
            return Some(Err(ReferenceError::UnknownTicket(ticket)));
        };
        let Script::Engine(engine) = &mut s.script else {
            return Some(Err(ReferenceError::UnknownTicket(ticket)));
        };
        let answer = question.ask(engine);
        s.answered = true;
        Some(answer)
    }

    fn engine(&self) -> Option<EngineInfo> {
        let s = self.lock();
        s.info.clone().filter(|_| s.answered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::core::dice::Dice;
    use bgw_engine::core::position::Side;
    use bgw_engine::reference::ScriptedEngine;
    use std::time::{Duration, Instant};

    #[test]
    fn any_reference_engine_referees_in_the_background() {
        let engine = ScriptedEngine::new(|_, _| 0.0).named(EngineInfo {
            name: "GNU Backgammon".into(),
            version: Some("1.08.003".into()),
            banner: "GNU Backgammon 1.08.003 20240428".into(),
        });
        let mut referee: Box<dyn Referee> = Box::new(Background::new(engine));
        assert_eq!(referee.engine(), None);
        let pos = Position::opening(Side::White);
        let t = referee
            .submit(Question::RankMoves {
                position: pos,
                dice: Dice::new(3, 1).unwrap(),
                plies: 1,
                at: None,
                hint: false,
            })
            .unwrap();
        let start = Instant::now();
        let moves = loop {
            if let Some(r) = referee.poll(t) {
                let Answer::Moves(moves) = r.unwrap() else {
                    panic!("not moves")
                };
                break moves;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "no answer");
            std::thread::sleep(Duration::from_millis(2));
        };
        assert_eq!(moves.len(), 16);
        assert!(moves.iter().all(|m| m.plies == 1));
        let info = referee.engine().unwrap();
        assert_eq!(info.to_string(), "GNU Backgammon 1.08.003");
        assert!(matches!(
            referee.poll(t),
            Some(Err(ReferenceError::UnknownTicket(_)))
        ));
    }
}
