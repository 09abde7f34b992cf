//! Any [`ReferenceEngine`] on a thread of its own, for a user interface: a question is
//! submitted and its answer polled on later frames; neither ever waits for the engine.
//!
//! The thread is started by the first question and owns the engine. Questions wait in a
//! bounded queue ([`QUEUE`]); when it is full a question is refused at once. Dropping the
//! [`Background`] closes the queue: the thread ends after the question it is working on (the
//! engine's own time limit bounds that), dropping the engine (gnubg's process ends with it).

use super::{
    CubeDecision, EngineInfo, Evaluation, MatchContext, MoveEval, ReferenceEngine, ReferenceError,
};
use crate::core::dice::Dice;
use crate::core::position::Position;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};

/// How many questions may wait for the engine; more are refused until it catches up.
pub const QUEUE: usize = 32;

/// A question for the engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    /// The legal moves of `dice` in `position` at `plies`, best first: cubeless money
    /// ([`ReferenceEngine::rank_moves`]) or at a match state
    /// ([`ReferenceEngine::rank_moves_at`]), every move at `plies` or as the engine's hint
    /// lists them ([`ReferenceEngine::hint_moves`]).
    RankMoves {
        /// The position, the side to move on roll.
        position: Position,
        /// The roll.
        dice: Dice,
        /// The depth.
        plies: u8,
        /// The match state to judge at; `None`: cubeless money.
        at: Option<MatchContext>,
        /// As the engine's hint lists them ([`ReferenceEngine::hint_moves`]: its move filter
        /// picks the moves that get the full depth), or `false`: every move at `plies`.
        hint: bool,
    },
    /// The cube decision before the roll ([`ReferenceEngine::cube_decision`]).
    Cube {
        /// The position, the side on roll before it rolls.
        position: Position,
        /// The match state.
        at: MatchContext,
        /// The depth.
        plies: u8,
    },
    /// The evaluation of `position` at `plies` ([`ReferenceEngine::evaluate`]).
    Evaluate {
        /// The position, the side to move on roll before it rolls.
        position: Position,
        /// The depth.
        plies: u8,
    },
}

impl Question {
    /// Asks `engine` this question, waiting for its answer.
    pub fn ask<E: ReferenceEngine + ?Sized>(
        self,
        engine: &mut E,
    ) -> Result<Answer, ReferenceError> {
        match self {
            Question::RankMoves {
                position,
                dice,
                plies,
                at,
                hint: true,
            } => engine
                .hint_moves(&position, dice, plies, at.as_ref())
                .map(Answer::Moves),
            Question::RankMoves {
                position,
                dice,
                plies,
                at: None,
                hint: false,
            } => engine.rank_moves(&position, dice, plies).map(Answer::Moves),
            Question::RankMoves {
                position,
                dice,
                plies,
                at: Some(at),
                hint: false,
            } => engine
                .rank_moves_at(&position, dice, plies, &at)
                .map(Answer::Moves),
            Question::Evaluate { position, plies } => {
                engine.evaluate(&position, plies).map(Answer::Evaluation)
            }
            Question::Cube {
                position,
                at,
                plies,
            } => engine
                .cube_decision(&position, &at, plies)
                .map(Answer::Cube),
        }
    }
}

/// The engine's answer to a [`Question`].
#[derive(Clone, PartialEq, Debug)]
pub enum Answer {
    /// To [`Question::RankMoves`].
    Moves(Vec<MoveEval>),
    /// To [`Question::Evaluate`].
    Evaluation(Evaluation),
    /// To [`Question::Cube`].
    Cube(CubeDecision),
}

/// A submitted question, to [`Background::poll`] for its answer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BackgroundTicket(u64);

impl BackgroundTicket {
    /// The ticket's number (unique for its [`Background`]).
    pub fn id(self) -> u64 {
        self.0
    }

    /// The ticket numbered `id` (as [`BackgroundTicket::id`] gave it).
    pub fn from_id(id: u64) -> BackgroundTicket {
        BackgroundTicket(id)
    }
}

/// What the thread sends back.
enum Done {
    /// The engine's name and version, sent once, before its first answer.
    Info(EngineInfo),
    /// The answer to question `id`.
    Answer(u64, Result<Answer, ReferenceError>),
}

/// The running thread's ends of the two channels.
struct Running {
    questions: SyncSender<(u64, Question)>,
    answers: Receiver<Done>,
    /// Set when the [`Background`] is dropped: the questions still queued are not asked.
    closed: Arc<AtomicBool>,
}

/// A reference engine answering on a thread of its own; [`Background::submit`] and
/// [`Background::poll`] never block.
pub struct Background<E> {
    /// The engine until the first question moves it to its thread.
    engine: Option<E>,
    name: &'static str,
    running: Option<Running>,
    next: u64,
    pending: HashSet<u64>,
    done: HashMap<u64, Result<Answer, ReferenceError>>,
    info: Option<EngineInfo>,
    /// The thread has ended (it panicked, or could not be started).
    ended: bool,
}

impl<E: ReferenceEngine + Send + 'static> Background<E> {
    /// `engine`, to be moved to its own thread by the first question.
    pub fn new(engine: E) -> Background<E> {
        Background {
            name: engine.name(),
            engine: Some(engine),
            running: None,
            next: 1,
            pending: HashSet::new(),
            done: HashMap::new(),
            info: None,
            ended: false,
        }
    }

    /// The engine's short name for messages.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The engine's name and version, once it has answered a question.
    pub fn info(&self) -> Option<&EngineInfo> {
        self.info.as_ref()
    }

    /// Queues `question`; returns at once with a ticket to poll, or why it cannot be asked
    /// (the queue is full, or the thread cannot be started).
    pub fn submit(&mut self, question: Question) -> Result<BackgroundTicket, ReferenceError> {
        let id = self.next;
        self.next += 1;
        let running = self.start()?;
        match running.questions.try_send((id, question)) {
            Ok(()) => {
                self.pending.insert(id);
                Ok(BackgroundTicket(id))
            }
            Err(TrySendError::Full(_)) => Err(ReferenceError::Refused {
                engine: self.name,
                why: format!("{QUEUE} questions are waiting already; ask again later"),
            }),
            Err(TrySendError::Disconnected(_)) => {
                self.ended = true;
                Err(self.thread_ended())
            }
        }
    }

    /// The answer to `ticket` once it has come (handed over once), `None` while it is
    /// pending. Never blocks.
    pub fn poll(&mut self, ticket: BackgroundTicket) -> Option<Result<Answer, ReferenceError>> {
        self.collect();
        if let Some(answer) = self.done.remove(&ticket.0) {
            return Some(answer);
        }
        if !self.pending.contains(&ticket.0) {
            return Some(Err(ReferenceError::UnknownTicket(ticket.0)));
        }
        if self.ended {
            self.pending.remove(&ticket.0);
            return Some(Err(self.thread_ended()));
        }
        None
    }

    /// Takes what the thread has sent.
    fn collect(&mut self) {
        let Some(running) = &self.running else {
            return;
        };
        loop {
            match running.answers.try_recv() {
                Ok(Done::Info(info)) => self.info = Some(info),
                Ok(Done::Answer(id, answer)) => {
                    if self.pending.remove(&id) {
                        self.done.insert(id, answer);
                    }
                }
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    self.ended = true;
                    return;
                }
            }
        }
    }

    /// The running thread, started if need be.
    fn start(&mut self) -> Result<&Running, ReferenceError> {
        if self.running.is_none() {
            let Some(engine) = self.engine.take() else {
                return Err(self.thread_ended());
            };
            let (questions, inbox) = mpsc::sync_channel(QUEUE);
            let (outbox, answers) = mpsc::channel();
            let closed = Arc::new(AtomicBool::new(false));
            let seen_closed = Arc::clone(&closed);
            std::thread::Builder::new()
                .name(format!("{}-background", self.name))
                .spawn(move || serve(engine, &inbox, &outbox, &seen_closed))
                .map_err(|e| {
                    self.ended = true;
                    ReferenceError::Start {
                        engine: self.name,
                        why: format!("starting its thread: {e}"),
                    }
                })?;
            self.running = Some(Running {
                questions,
                answers,
                closed,
            });
        }
        match &self.running {
            Some(r) => Ok(r),
            None => Err(self.thread_ended()),
        }
    }

    fn thread_ended(&self) -> ReferenceError {
        ReferenceError::Crashed {
            engine: self.name,
            status: "its thread in bgw ended".into(),
            stderr: String::new(),
        }
    }
}

impl<E> Drop for Background<E> {
    /// Closes the queue: the thread ends after its current question, and the engine with it.
    fn drop(&mut self) {
        if let Some(r) = &self.running {
            r.closed.store(true, Ordering::Relaxed);
        }
    }
}

/// The thread: answers questions in turn until the queue is closed.
fn serve<E: ReferenceEngine>(
    mut engine: E,
    inbox: &Receiver<(u64, Question)>,
    outbox: &mpsc::Sender<Done>,
    closed: &AtomicBool,
) {
    let mut told = false;
    while let Ok((id, question)) = inbox.recv() {
        if closed.load(Ordering::Relaxed) {
            return;
        }
        let answer = question.ask(&mut engine);
        if answer.is_ok() && !told {
            told = true;
            if let Ok(info) = engine.info()
                && outbox.send(Done::Info(info)).is_err()
            {
                return;
            }
        }
        if outbox.send(Done::Answer(id, answer)).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;
    use crate::reference::ScriptedEngine;
    use std::sync::{Arc, Condvar, Mutex};
    use std::time::{Duration, Instant};

    /// A gate the engine waits at before it rates a move.
    type Gate = Arc<(Mutex<bool>, Condvar)>;

    /// Raised when the engine (its rating function) is dropped.
    struct Dropped(Arc<Mutex<bool>>);

    impl Drop for Dropped {
        fn drop(&mut self) {
            *self.0.lock().unwrap() = true;
        }
    }

    /// A scripted engine that waits at a gate; and the gate, and the flag of its drop.
    fn gated() -> (Background<ScriptedEngine>, Gate, Arc<Mutex<bool>>) {
        let gate: Gate = Arc::new((Mutex::new(false), Condvar::new()));
        let dropped = Arc::new(Mutex::new(false));
        let (g, d) = (Arc::clone(&gate), Dropped(Arc::clone(&dropped)));
        let engine = ScriptedEngine::new(move |_, _| {
            let _keep = &d;
            let (open, cv) = &*g;
            let mut open = open.lock().unwrap();
            while !*open {
                open = cv.wait(open).unwrap();
            }
            0.0
        });
        (Background::new(engine), gate, dropped)
    }

    fn open(gate: &Gate) {
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
    }

    /// Polls until the answer comes (bounded: the test fails after 20 s).
    fn wait_for(
        b: &mut Background<ScriptedEngine>,
        t: BackgroundTicket,
    ) -> Result<Answer, ReferenceError> {
        let start = Instant::now();
        loop {
            if let Some(a) = b.poll(t) {
                return a;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "no answer");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn opening_31() -> Question {
        Question::RankMoves {
            position: Position::opening(Side::White),
            dice: Dice::new(3, 1).unwrap(),
            plies: 0,
            at: None,
            hint: false,
        }
    }

    #[test]
    fn questions_are_answered_in_the_background_without_blocking() {
        let (mut b, gate, _) = gated();
        assert_eq!(b.info(), None);
        let t = b.submit(opening_31()).unwrap();
        let e = b
            .submit(Question::Evaluate {
                position: Position::opening(Side::White),
                plies: 0,
            })
            .unwrap();
        // The engine waits at its gate: the answers are pending, and polling does not wait.
        assert_eq!(b.poll(t), None);
        assert_eq!(b.poll(e), None);
        assert_eq!(b.info(), None);
        open(&gate);
        let Ok(Answer::Moves(moves)) = wait_for(&mut b, t) else {
            panic!("not moves")
        };
        assert_eq!(moves.len(), 16);
        // The engine's refusal is the answer.
        assert!(matches!(
            wait_for(&mut b, e),
            Err(ReferenceError::Refused {
                engine: "scripted",
                ..
            })
        ));
        assert_eq!(
            b.info().map(ToString::to_string).as_deref(),
            Some("Scripted engine 1")
        );
        // Handed over once.
        assert_eq!(b.poll(t), Some(Err(ReferenceError::UnknownTicket(t.id()))));
    }

    #[test]
    fn a_full_queue_refuses_at_once_and_dropping_ends_the_engine() {
        let (mut b, gate, dropped) = gated();
        // One question at the engine's gate and QUEUE waiting: the next is refused.
        let mut tickets = Vec::new();
        let start = Instant::now();
        let refused = loop {
            match b.submit(opening_31()) {
                Ok(t) => tickets.push(t),
                Err(e) => break e,
            }
            assert!(tickets.len() <= QUEUE + 1, "never refused");
        };
        assert!(start.elapsed() < Duration::from_secs(5));
        assert!(
            tickets.len() == QUEUE || tickets.len() == QUEUE + 1,
            "{}",
            tickets.len()
        );
        assert!(refused.to_string().contains("waiting"), "{refused}");
        assert!(!*dropped.lock().unwrap());
        drop(b);
        // The thread ends once the gate opens and the queue is seen closed: the engine with it.
        open(&gate);
        let start = Instant::now();
        while !*dropped.lock().unwrap() {
            assert!(start.elapsed() < Duration::from_secs(20), "engine kept");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn an_unknown_ticket_is_an_error_not_a_wait() {
        let (mut b, _gate, _) = gated();
        let t = BackgroundTicket::from_id(99);
        assert_eq!(b.poll(t), Some(Err(ReferenceError::UnknownTicket(99))));
    }
}
