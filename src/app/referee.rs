//! The reference engine the candidates are judged by, behind a small trait: GNU Backgammon
//! ([`GnubgReferee`], one process started on the first request) in the app, a scripted one
//! ([`ScriptedReferee`]) in tests and benches. Both answer without blocking: a request is
//! submitted and its reply polled on later frames.

use bgw_engine::Side;
use bgw_engine::formats::position_id;
use bgw_engine::moves::{MoveGenerator, Play};
use bgw_engine::reference::gnubg::{Config, Error, Gnubg, MoveEval, Reply, Request, Ticket};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// An engine that evaluates requests in the background.
pub trait Referee {
    /// Sends `request`; returns at once with a ticket to poll, or why it cannot be sent.
    fn submit(&mut self, request: &Request) -> Result<u64, Error>;

    /// The reply to `ticket` once it has come (handed over once), `None` while it is pending.
    /// Never blocks.
    fn poll(&mut self, ticket: u64) -> Option<Result<Reply, Error>>;
}

/// GNU Backgammon through the engine's bridge ([`Gnubg`]), started on the first request.
#[derive(Default)]
pub struct GnubgReferee {
    gnubg: Option<Gnubg>,
    tickets: HashMap<u64, Ticket>,
}

impl Referee for GnubgReferee {
    fn submit(&mut self, request: &Request) -> Result<u64, Error> {
        let gnubg = self
            .gnubg
            .get_or_insert_with(|| Gnubg::new(Config::default()));
        let ticket = gnubg.submit(request)?;
        self.tickets.insert(ticket.id(), ticket);
        Ok(ticket.id())
    }

    fn poll(&mut self, ticket: u64) -> Option<Result<Reply, Error>> {
        let (Some(gnubg), Some(&t)) = (self.gnubg.as_mut(), self.tickets.get(&ticket)) else {
            return Some(Err(Error::UnknownTicket(ticket)));
        };
        let reply = gnubg.poll(t);
        if reply.is_some() {
            self.tickets.remove(&ticket);
        }
        reply
    }
}

/// The equity a [`ScriptedReferee`] gives a play (for the side that moved).
pub type EquityOf = dyn Fn(&Play) -> f64 + Send;

/// How a [`ScriptedReferee`] answers.
enum Script {
    /// As if gnubg were not installed.
    Missing,
    /// Every legal move of the roll, with these equities.
    Moves(Box<EquityOf>),
}

struct Scripted {
    script: Script,
    /// While true, replies are held back (the column shows "evaluating…").
    hold: bool,
    next: u64,
    pending: HashMap<u64, Request>,
    submitted: usize,
}

/// A referee for tests: answers `moves` requests with every legal move and equities from a
/// function, or reports gnubg missing. Clones share their script, so a test keeps one to hold
/// and release the replies.
#[derive(Clone)]
pub struct ScriptedReferee(Arc<Mutex<Scripted>>);

impl ScriptedReferee {
    fn with(script: Script) -> ScriptedReferee {
        ScriptedReferee(Arc::new(Mutex::new(Scripted {
            script,
            hold: false,
            next: 1,
            pending: HashMap::new(),
            submitted: 0,
        })))
    }

    /// Answers every legal move with the equity `equity` gives it.
    pub fn answering(equity: impl Fn(&Play) -> f64 + Send + 'static) -> ScriptedReferee {
        ScriptedReferee::with(Script::Moves(Box::new(equity)))
    }

    /// Answers like an app without gnubg installed.
    pub fn missing() -> ScriptedReferee {
        ScriptedReferee::with(Script::Missing)
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
    fn submit(&mut self, request: &Request) -> Result<u64, Error> {
        let mut s = self.lock();
        s.submitted += 1;
        if let Script::Missing = s.script {
            return Err(Error::Missing {
                program: "/usr/games/gnubg".into(),
                why: "No such file or directory (scripted)".into(),
            });
        }
        let id = s.next;
        s.next += 1;
        s.pending.insert(id, request.clone());
        Ok(id)
    }

    fn poll(&mut self, ticket: u64) -> Option<Result<Reply, Error>> {
        let mut s = self.lock();
        if s.hold && s.pending.contains_key(&ticket) {
            return None;
        }
        let Some(request) = s.pending.remove(&ticket) else {
            return Some(Err(Error::UnknownTicket(ticket)));
        };
        let (Script::Moves(equity), Request::Moves { position, dice, .. }) = (&s.script, request)
        else {
            return Some(Err(Error::Refused("the script answers moves only".into())));
        };
        let pos = match position_id::decode(&position, Side::White) {
            Ok(p) => p,
            Err(e) => return Some(Err(Error::Refused(e.to_string()))),
        };
        let mut moves: Vec<MoveEval> = MoveGenerator::new()
            .generate(&pos, dice)
            .iter()
            .map(|play| MoveEval {
                notation: play.mv.notation(),
                equity: equity(play),
                probs: [0.0; 5],
                plies: 0,
            })
            .collect();
        moves.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        Some(Ok(Reply::Moves(moves)))
    }
}
