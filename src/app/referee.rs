//! The reference engine the candidates are judged by, behind a small trait: any
//! [`ReferenceEngine`] on a thread of its own ([`Background`], GNU Backgammon in the app, its
//! process started by the first request) or a scripted one ([`ScriptedReferee`]) in tests and
//! benches. Both answer without blocking: a request is submitted and its reply polled on later
//! frames.

use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Position;
use bgw_engine::reference::gnubg::{Config, Gnubg};
use bgw_engine::reference::{
    Answer, Background, BackgroundTicket, EngineInfo, MoveEval, Question, ReferenceEngine,
    ReferenceError, ScriptedEngine,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// An engine that ranks the moves of a position and roll in the background.
pub trait Referee {
    /// Asks for every legal move of `dice` in `pos` at `plies`, best first; returns at once
    /// with a ticket to poll, or why it cannot be asked.
    fn submit(&mut self, pos: &Position, dice: Dice, plies: u8) -> Result<u64, ReferenceError>;

    /// The ranked moves of `ticket` once they have come (handed over once), `None` while they
    /// are pending. Never blocks.
    fn poll(&mut self, ticket: u64) -> Option<Result<Vec<MoveEval>, ReferenceError>>;

    /// The engine's name and version, once it has answered.
    fn engine(&self) -> Option<EngineInfo>;
}

/// GNU Backgammon on a thread of its own, started by the first request.
pub fn gnubg() -> Background<Gnubg> {
    Background::new(Gnubg::new(Config::default()))
}

impl<E: ReferenceEngine + Send + 'static> Referee for Background<E> {
    fn submit(&mut self, pos: &Position, dice: Dice, plies: u8) -> Result<u64, ReferenceError> {
        let question = Question::RankMoves {
            position: *pos,
            dice,
            plies,
        };
        Background::submit(self, question).map(BackgroundTicket::id)
    }

    fn poll(&mut self, ticket: u64) -> Option<Result<Vec<MoveEval>, ReferenceError>> {
        Background::poll(self, BackgroundTicket::from_id(ticket)).map(|answer| match answer {
            Ok(Answer::Moves(moves)) => Ok(moves),
            Ok(other) => Err(ReferenceError::Incompatible {
                engine: self.name(),
                what: format!("it answered {other:?} when asked for moves"),
            }),
            Err(e) => Err(e),
        })
    }

    fn engine(&self) -> Option<EngineInfo> {
        self.info().cloned()
    }
}

/// How a [`ScriptedReferee`] answers.
enum Script {
    /// As if gnubg were not installed.
    Missing,
    /// Every legal move of the roll, as this engine rates them, at once.
    Moves(ScriptedEngine),
}

struct Scripted {
    script: Script,
    /// The engine's name and version, said once it has answered.
    info: Option<EngineInfo>,
    answered: bool,
    /// While true, replies are held back (the column shows "evaluating…").
    hold: bool,
    next: u64,
    pending: HashMap<u64, (Position, Dice, u8)>,
    submitted: usize,
}

/// A referee for tests: answers with every legal move and equities from a function, or
/// reports gnubg missing. Clones share their script, so a test keeps one to hold and release
/// the replies.
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

    /// Answers every legal move with the equity `equity` gives it.
    pub fn answering(equity: impl Fn(&Play) -> f64 + Send + 'static) -> ScriptedReferee {
        let engine = ScriptedEngine::new(move |_, play| equity(play));
        ScriptedReferee::with(Script::Moves(engine))
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Scripted> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Referee for ScriptedReferee {
    fn submit(&mut self, pos: &Position, dice: Dice, plies: u8) -> Result<u64, ReferenceError> {
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
        s.pending.insert(id, (*pos, dice, plies));
        Ok(id)
    }

    fn poll(&mut self, ticket: u64) -> Option<Result<Vec<MoveEval>, ReferenceError>> {
        let mut s = self.lock();
        if s.hold && s.pending.contains_key(&ticket) {
            return None;
        }
        let Some((pos, dice, plies)) = s.pending.remove(&ticket) else {
            return Some(Err(ReferenceError::UnknownTicket(ticket)));
        };
        let Script::Moves(engine) = &mut s.script else {
            return Some(Err(ReferenceError::UnknownTicket(ticket)));
        };
        let moves = engine.rank_moves(&pos, dice, plies);
        s.answered = true;
        Some(moves)
    }

    fn engine(&self) -> Option<EngineInfo> {
        let s = self.lock();
        s.info.clone().filter(|_| s.answered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let t = referee.submit(&pos, Dice::new(3, 1).unwrap(), 1).unwrap();
        let start = Instant::now();
        let moves = loop {
            if let Some(r) = referee.poll(t) {
                break r.unwrap();
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
