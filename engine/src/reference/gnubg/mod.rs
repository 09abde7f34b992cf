//! GNU Backgammon as a [`ReferenceEngine`], driven through a bridge script that runs inside
//! gnubg (`gnubg -t -q -r -p bridge.py`) and speaks JSON lines.
//!
//! [`Gnubg`] starts gnubg on the first request (the program named by `BGW_GNUBG`, else
//! `/usr/games/gnubg`, else `gnubg` on the `PATH`), keeps the one process alive, and hands
//! replies back by request: [`Gnubg::submit`] returns a [`Ticket`] at once and
//! [`Gnubg::poll`] never blocks; [`Gnubg::call`] and the [`ReferenceEngine`] methods wait,
//! with a time limit. A request that takes too long is reported as
//! [`ReferenceError::Timeout`] and gnubg is restarted; a gnubg that crashed is restarted on
//! the next request (see [`Gnubg::take_notices`]); nothing gnubg writes can make this module
//! panic.
//!
//! # Which gnubg
//! Any gnubg from [`OLDEST_VERSION`] (1.07) on whose bridge answers with the protocol we speak
//! ([`PROTOCOL`]) and whose answers have the shape we expect: the start-up `hello` names
//! gnubg's version (its banner, e.g. `GNU Backgammon 1.08.003 20240428`) and the problems the
//! bridge found when it tried a request of each kind on gnubg. A gnubg that answers with
//! another protocol, says it is older than 1.07 or fails the bridge's check is refused with
//! [`ReferenceError::Incompatible`], saying what differs, and not started again; a banner we
//! cannot read is no reason to refuse a gnubg that speaks the protocol. A later answer of
//! another shape is refused the same way, for that request.
//!
//! Evaluations are cubeless money: equities and the five probabilities of [`Evaluation`].
//! gnubg's moves come as its notation; [`match_to_plays`] finds each one among our legal
//! plays by the position it reaches.

mod matching;
mod process;
mod protocol;

pub use super::{EngineInfo, Evaluation, MoveEval, ReferenceEngine, ReferenceError};
pub use matching::{MatchError, match_indices, match_to_plays};
pub use process::end_all_now;
pub use protocol::{
    ENGINE, ENGINE_NAME, Hello, MoveFilter, OLDEST_VERSION, PROTOCOL, REPLY_PREFIX, Reply, Request,
    Version,
};

use crate::core::dice::Dice;
use crate::core::position::Position;
use crate::core::task::Task;
use crate::reference::{CubeDecision, MatchContext};
use process::{Event, Process};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The bridge script, written to a temporary file when gnubg is started (an installed `bgw`
/// needs no source tree).
pub const BRIDGE_SCRIPT: &str = include_str!("../../../gnubg/bridge.py");

/// The environment variable naming the gnubg program.
pub const PROGRAM_VARIABLE: &str = "BGW_GNUBG";

/// The longest match gnubg plays (its `MAXSCORE`): a Match ID can hold up to 32,767 points,
/// but gnubg does not take a longer match than this.
pub const MAX_MATCH_LENGTH: u16 = 64;

/// Refuses a match state gnubg does not play (a match of more than [`MAX_MATCH_LENGTH`]
/// points), before gnubg is asked: `Refused`, saying why in one line.
pub fn check_match(at: &MatchContext) -> Result<(), ReferenceError> {
    match too_long(at.match_id().match_length) {
        Some(why) => Err(ReferenceError::Refused {
            engine: ENGINE,
            why,
        }),
        None => Ok(()),
    }
}

/// Why gnubg does not play a match of `length` points, when it does not.
pub fn too_long(length: u16) -> Option<String> {
    (length > MAX_MATCH_LENGTH).then(|| {
        format!("a {length}-point match: gnubg plays matches of at most {MAX_MATCH_LENGTH} points")
    })
}

/// What to do when gnubg is not found.
fn not_found(program: &Path, why: String) -> ReferenceError {
    ReferenceError::NotFound {
        engine: ENGINE_NAME,
        program: program.display().to_string(),
        why,
        remedy: format!(
            "install it with `apt-get install gnubg` or name the program in {PROGRAM_VARIABLE}"
        ),
    }
}

fn start_error(why: String) -> ReferenceError {
    ReferenceError::Start {
        engine: ENGINE,
        why,
    }
}

fn incompatible(what: String) -> ReferenceError {
    ReferenceError::Incompatible {
        engine: ENGINE,
        what,
    }
}

/// How gnubg is found, how long a request may take and what stops the wait.
#[derive(Clone, Debug)]
pub struct Config {
    /// The gnubg program; `None`: [`PROGRAM_VARIABLE`], else `/usr/games/gnubg`, else `gnubg`
    /// on the `PATH`.
    pub program: Option<PathBuf>,
    /// The time limit of [`Gnubg::submit`] and the typed calls (and of the start-up `hello`).
    pub timeout: Duration,
    /// The work that asks: once it is cancelled (Ctrl+C, Cancel), [`Gnubg::call`] and the
    /// typed calls stop waiting within [`STOP_CHECK`], end gnubg and answer
    /// [`ReferenceError::Cancelled`], whatever gnubg does.
    pub stop: Option<Task>,
}

/// How often a waiting call looks at [`Config::stop`].
pub const STOP_CHECK: Duration = Duration::from_millis(50);

impl Default for Config {
    fn default() -> Config {
        Config {
            program: None,
            timeout: Duration::from_secs(60),
            stop: None,
        }
    }
}

impl Config {
    /// This configuration, its calls stopped by `task` (see [`Config::stop`]).
    pub fn stopped_by(self, task: &Task) -> Config {
        Config {
            stop: Some(task.clone()),
            ..self
        }
    }
}

impl Config {
    /// The program to start.
    pub fn resolved_program(&self) -> PathBuf {
        if let Some(p) = &self.program {
            return p.clone();
        }
        if let Some(p) = std::env::var_os(PROGRAM_VARIABLE).filter(|p| !p.is_empty()) {
            return PathBuf::from(p);
        }
        let debian = Path::new("/usr/games/gnubg");
        if debian.exists() {
            return debian.to_path_buf();
        }
        PathBuf::from("gnubg")
    }
}

/// A submitted request, to [`Gnubg::poll`] for its reply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ticket(u64);

impl Ticket {
    /// The request id on the wire.
    pub fn id(self) -> u64 {
        self.0
    }
}

/// A request waiting for its reply.
struct Pending {
    op: &'static str,
    generation: u64,
    deadline: Instant,
    summary: String,
    timeout: Duration,
    /// The internal `hello` sent first to every new process.
    handshake: bool,
}

/// GNU Backgammon behind the bridge: one process, started on demand, restarted after a crash.
pub struct Gnubg {
    config: Config,
    /// The bridge script until gnubg has loaded it (removed once its `hello` answered).
    script: Option<process::BridgeScript>,
    process: Option<Process>,
    events: Receiver<Event>,
    sender: Sender<Event>,
    next_id: u64,
    generations: u64,
    pending: HashMap<u64, Pending>,
    done: HashMap<u64, Result<Reply, ReferenceError>>,
    /// Partial replies (a rollout's running results) not yet handed over, by request.
    partials: HashMap<u64, Vec<serde_json::Value>>,
    hello: Option<Hello>,
    /// Why this gnubg does not work with us (from its `hello`): kept, so that gnubg is not
    /// restarted for nothing.
    refusal: Option<ReferenceError>,
    restarts: u32,
    notices: Vec<String>,
}

impl Gnubg {
    /// An engine that starts gnubg on its first request.
    pub fn new(config: Config) -> Gnubg {
        let (sender, events) = mpsc::channel();
        Gnubg {
            config,
            script: None,
            process: None,
            events,
            sender,
            next_id: 1,
            generations: 0,
            pending: HashMap::new(),
            done: HashMap::new(),
            partials: HashMap::new(),
            hello: None,
            refusal: None,
            restarts: 0,
            notices: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The running process's id, if one runs.
    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(Process::pid)
    }

    /// How many times gnubg was started again after it ended or was ended.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }

    /// The `hello` of the current process, once it has answered.
    pub fn hello(&self) -> Option<&Hello> {
        self.hello.as_ref()
    }

    /// Why this gnubg does not work with us, once its `hello` said so: every request is
    /// refused with it, and gnubg is not started again.
    pub fn refusal(&self) -> Option<&ReferenceError> {
        self.refusal.as_ref()
    }

    /// What happened to the process since the last call: crashes, restarts, time-outs.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Sends `request` with the configured time limit; never waits for gnubg's work (it may
    /// start gnubg, which takes a fork and an exec).
    pub fn submit(&mut self, request: &Request) -> Result<Ticket, ReferenceError> {
        self.submit_with_timeout(request, self.config.timeout)
    }

    /// Sends `request` with the time limit `timeout` (counted from the moment gnubg has
    /// started, when this request starts it).
    pub fn submit_with_timeout(
        &mut self,
        request: &Request,
        timeout: Duration,
    ) -> Result<Ticket, ReferenceError> {
        self.pump();
        if let Some(e) = &self.refusal {
            return Err(e.clone());
        }
        let id = self.fresh_id();
        let line = request.to_line(id);
        let mut tries = 0;
        let generation = loop {
            tries += 1;
            self.ensure_running()?;
            let Some(p) = self.process.as_mut() else {
                return Err(start_error("gnubg did not start".into()));
            };
            match p.send(&line) {
                Ok(()) => break p.generation,
                // The pipe is closed: the process died; start another once.
                Err(_) if tries == 1 => self.lose_process(None),
                Err(e) => {
                    self.lose_process(None);
                    return Err(start_error(format!("writing to gnubg: {e}")));
                }
            }
        };
        self.pending.insert(
            id,
            Pending {
                op: request.op(),
                generation,
                deadline: Instant::now() + timeout,
                summary: summary(request),
                timeout,
                handshake: false,
            },
        );
        Ok(Ticket(id))
    }

    /// The reply to `ticket` if it has come (then it is handed over once), `None` while it is
    /// pending. Never blocks.
    pub fn poll(&mut self, ticket: Ticket) -> Option<Result<Reply, ReferenceError>> {
        self.pump();
        if let Some(r) = self.done.remove(&ticket.0) {
            return Some(r);
        }
        if self.pending.contains_key(&ticket.0) {
            None
        } else {
            Some(Err(ReferenceError::UnknownTicket(ticket.0)))
        }
    }

    /// Sends `request` and waits for its reply, at most `timeout`. A request lost in a crash
    /// is sent once more to a new gnubg. Once [`Config::stop`] is cancelled the wait ends
    /// (within [`STOP_CHECK`]) with [`ReferenceError::Cancelled`], and gnubg is ended.
    pub fn call(&mut self, request: &Request, timeout: Duration) -> Result<Reply, ReferenceError> {
        self.call_streaming(request, timeout, &mut |_| Ok(()))
    }

    /// [`Gnubg::call`], handing each partial reply (a rollout's running result) to `partial`
    /// as it comes; `timeout` then bounds the wait for each next one (gnubg prints a running
    /// result every two seconds or so). An error of `partial` ends the call (and gnubg).
    pub fn call_streaming(
        &mut self,
        request: &Request,
        timeout: Duration,
        partial: &mut dyn FnMut(&serde_json::Value) -> Result<(), ReferenceError>,
    ) -> Result<Reply, ReferenceError> {
        let mut crashed_once = false;
        loop {
            self.check_stop()?;
            let ticket = self.submit_with_timeout(request, timeout)?;
            let result = loop {
                let r = self.poll(ticket);
                for body in self.partials.remove(&ticket.0).unwrap_or_default() {
                    if let Err(e) = partial(&body) {
                        self.pending.remove(&ticket.0);
                        self.lose_process(Some("ended by bgw: its running result was refused"));
                        return Err(e);
                    }
                }
                if let Some(r) = r {
                    break r;
                }
                if self.stopped() {
                    self.pending.remove(&ticket.0);
                    // Taken out of `pending` first, so ending gnubg answers it nothing.
                    self.lose_process(Some("ended by bgw: the work that asked was stopped"));
                    return Err(ReferenceError::Cancelled { engine: ENGINE });
                }
                let mut wait = self
                    .next_deadline()
                    .map_or(STOP_CHECK, |d| d.saturating_duration_since(Instant::now()));
                if self.config.stop.is_some() {
                    wait = wait.min(STOP_CHECK);
                }
                match self.events.recv_timeout(wait.max(Duration::from_millis(1))) {
                    Ok(ev) => self.handle(ev),
                    Err(RecvTimeoutError::Timeout) => {}
                    // Unreachable (this engine holds a sender), but then there is nothing to
                    // wait for.
                    Err(RecvTimeoutError::Disconnected) => {
                        std::thread::sleep(Duration::from_millis(10))
                    }
                }
            };
            match result {
                Err(ReferenceError::Crashed { .. }) if !crashed_once => crashed_once = true,
                r => return r,
            }
        }
    }

    /// True once the work that asks was stopped ([`Config::stop`]).
    fn stopped(&self) -> bool {
        self.config.stop.as_ref().is_some_and(Task::is_cancelled)
    }

    fn check_stop(&self) -> Result<(), ReferenceError> {
        match self.stopped() {
            true => Err(ReferenceError::Cancelled { engine: ENGINE }),
            false => Ok(()),
        }
    }

    /// gnubg's version and protocol (the first request a new process answers).
    pub fn ask_hello(&mut self) -> Result<Hello, ReferenceError> {
        match self.call(&Request::Hello, self.config.timeout)? {
            Reply::Hello(h) => Ok(h),
            other => Err(unexpected("hello", &other)),
        }
    }

    fn fresh_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn next_deadline(&self) -> Option<Instant> {
        self.pending.values().map(|p| p.deadline).min()
    }

    /// Starts gnubg unless it runs, sending the handshake `hello` first.
    fn ensure_running(&mut self) -> Result<(), ReferenceError> {
        if let Some(p) = self.process.as_mut() {
            if p.running() {
                return Ok(());
            }
            self.lose_process(None);
        }
        if let Some(e) = &self.refusal {
            return Err(e.clone());
        }
        let script = match &self.script {
            Some(s) => s.path().to_path_buf(),
            None => {
                let script = process::BridgeScript::write(BRIDGE_SCRIPT)
                    .map_err(|e| start_error(format!("writing the bridge script: {e}")))?;
                let p = script.path().to_path_buf();
                self.script = Some(script);
                p
            }
        };
        self.generations += 1;
        let generation = self.generations;
        if generation > 1 {
            self.restarts += 1;
            self.notices
                .push(format!("gnubg restarted (start {generation})"));
        }
        let program = self.config.resolved_program();
        let mut p = Process::start(&program, &script, generation, self.sender.clone()).map_err(
            |e| match e {
                process::StartError::NotFound(why) => not_found(&program, why),
                process::StartError::Other(why) => start_error(why),
            },
        )?;
        let id = self.fresh_id();
        if let Err(e) = p.send(&Request::Hello.to_line(id)) {
            let (status, stderr) = p.end();
            if let Some(error) = without_python(&status, &stderr) {
                self.refusal = Some(error.clone());
                return Err(error);
            }
            return Err(start_error(format!(
                "gnubg ended at once ({status}; writing: {e}): {stderr}"
            )));
        }
        self.hello = None;
        self.pending.insert(
            id,
            Pending {
                op: "hello",
                generation,
                deadline: Instant::now() + self.config.timeout,
                summary: "its start-up hello".into(),
                timeout: self.config.timeout,
                handshake: true,
            },
        );
        self.process = Some(p);
        Ok(())
    }

    /// Handles what the reader threads sent and the time limits that passed.
    fn pump(&mut self) {
        while let Ok(ev) = self.events.try_recv() {
            self.handle(ev);
        }
        let now = Instant::now();
        // While a new gnubg loads, only its hello is timed: the others' time starts after it.
        let starting = self
            .hello
            .is_none()
            .then(|| self.current_generation())
            .flatten();
        let late: Vec<u64> = self
            .pending
            .iter()
            .filter(|(_, p)| p.deadline <= now && (p.handshake || starting != Some(p.generation)))
            .map(|(&id, _)| id)
            .collect();
        for id in late {
            let Some(p) = self.pending.remove(&id) else {
                continue;
            };
            let error = ReferenceError::Timeout {
                engine: ENGINE,
                request: p.summary.clone(),
                after: p.timeout,
            };
            self.notices.push(error.to_string());
            if p.handshake {
                // A gnubg that does not answer its hello answers no request of its own: they
                // fail with the time-out (not as a crash, which would be tried again).
                self.fail_generation(p.generation, &error);
            } else {
                self.done.insert(id, Err(error));
            }
            // gnubg is busy with it (or stuck): the requests behind it would wait as long.
            if self.current_generation() == Some(p.generation) {
                let why = format!(
                    "ended by bgw: it did not answer {} within {:.1} s",
                    p.summary,
                    p.timeout.as_secs_f64()
                );
                self.lose_process(Some(&why));
            }
        }
    }

    fn current_generation(&self) -> Option<u64> {
        self.process.as_ref().map(|p| p.generation)
    }

    fn handle(&mut self, ev: Event) {
        match ev {
            Event::Reply {
                generation,
                id,
                body,
            } => {
                // A reply to a request that timed out, or from an ended process: dropped.
                let Some(p) = self.pending.remove(&id) else {
                    return;
                };
                if p.generation != generation {
                    self.pending.insert(id, p);
                    return;
                }
                if protocol::is_partial(&body) {
                    // A running result: the request goes on, its time limit counted afresh.
                    let mut p = p;
                    p.deadline = Instant::now() + p.timeout;
                    self.pending.insert(id, p);
                    self.partials.entry(id).or_default().push(body);
                    return;
                }
                let result = protocol::decode(p.op, &body);
                if p.handshake {
                    self.handshake(result);
                } else {
                    self.done.insert(id, result);
                }
            }
            Event::Garbage {
                generation,
                line,
                why,
            } => {
                if self.current_generation() == Some(generation) {
                    let error = ReferenceError::Garbage {
                        engine: ENGINE,
                        line,
                        why,
                    };
                    self.notices.push(error.to_string());
                    self.fail_generation(generation, &error);
                    self.lose_process(None);
                }
            }
            Event::Closed { generation } => {
                if self.current_generation() == Some(generation) {
                    self.lose_process(None);
                }
            }
        }
    }

    /// Checks the start-up `hello`: the protocol, the version and the bridge's check. A
    /// gnubg that does not work with us is refused for good (see [`Gnubg::refusal`]).
    fn handshake(&mut self, result: Result<Reply, ReferenceError>) {
        let Some(generation) = self.current_generation() else {
            return;
        };
        let error = match result {
            Ok(Reply::Hello(h)) => match h.refusal() {
                None => {
                    self.hello = Some(h);
                    // gnubg has loaded the script: it need not stay on disk (a run that ends
                    // without unwinding then leaves nothing in the temporary folder).
                    self.script = None;
                    let now = Instant::now();
                    for p in self.pending.values_mut() {
                        if p.generation == generation {
                            p.deadline = now + p.timeout;
                        }
                    }
                    return;
                }
                Some(what) => incompatible(what),
            },
            Ok(other) => unexpected("hello", &other),
            Err(e) => e,
        };
        if matches!(error, ReferenceError::Incompatible { .. }) {
            self.refusal = Some(error.clone());
        }
        self.notices.push(error.to_string());
        self.fail_generation(generation, &error);
        self.lose_process(None);
    }

    /// Answers every pending request of process `generation` with `error`.
    fn fail_generation(&mut self, generation: u64, error: &ReferenceError) {
        let ids: Vec<u64> = self
            .pending
            .iter()
            .filter(|(_, p)| p.generation == generation)
            .map(|(&id, _)| id)
            .collect();
        for id in ids {
            if let Some(p) = self.pending.remove(&id)
                && !p.handshake
            {
                self.done.insert(id, Err(error.clone()));
            }
        }
    }

    /// Ends the current process (`why`: ended on purpose) and fails its pending requests.
    fn lose_process(&mut self, why: Option<&str>) {
        let Some(p) = self.process.take() else {
            return;
        };
        let generation = p.generation;
        let pid = p.pid();
        let (status, stderr) = p.end();
        // A gnubg that ends before its hello saying it has no Python cannot run the bridge:
        // said so plainly, and not started again.
        if let Some(error) = without_python(&status, &stderr)
            && why.is_none()
            && self.hello.is_none()
        {
            self.notices
                .push(format!("gnubg (pid {pid}) {status}: {error}"));
            self.refusal = Some(error.clone());
            self.fail_generation(generation, &error);
            return;
        }
        let status = why.map_or(status, str::to_string);
        self.notices.push(format!("gnubg (pid {pid}) {status}"));
        self.fail_generation(
            generation,
            &ReferenceError::Crashed {
                engine: ENGINE,
                status,
                stderr,
            },
        );
    }
}

impl ReferenceEngine for Gnubg {
    fn name(&self) -> &'static str {
        ENGINE
    }

    /// gnubg's version from the `hello` of the running process (asked when none runs).
    fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
        if let Some(h) = &self.hello {
            return Ok(h.info());
        }
        self.ask_hello().map(|h| h.info())
    }

    /// Every legal move at `plies` ([`MoveFilter::All`]: each evaluated at the full depth).
    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        match self.call(&Request::moves(pos, dice, plies), self.config.timeout)? {
            Reply::Moves(m) => Ok(m),
            other => Err(unexpected("moves", &other)),
        }
    }

    fn evaluate(&mut self, pos: &Position, plies: u8) -> Result<Evaluation, ReferenceError> {
        match self.call(&Request::evaluate(pos, plies), self.config.timeout)? {
            Reply::Evaluation(e) => Ok(e),
            other => Err(unexpected("evaluate", &other)),
        }
    }

    /// Every legal move at `plies`, each at the full depth, cubeful at the match state `at`
    /// (gnubg's `set matchid`, cubeful chequer play; its hint's equities, normalised).
    fn rank_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        check_match(at)?;
        match self.call(
            &Request::moves_at(pos, dice, plies, at),
            self.config.timeout,
        )? {
            Reply::Moves(m) => Ok(m),
            other => Err(unexpected("moves", &other)),
        }
    }

    /// The moves as gnubg's `analyse match` rates them at the match state `at`: its analysis
    /// move filter ([`MoveFilter::Analysis`]) keeps some at the full `plies`, the others at
    /// the ply that discarded them.
    fn analyse_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        check_match(at)?;
        let request = Request::moves_filtered_at(pos, dice, plies, at, MoveFilter::Analysis);
        match self.call(&request, self.config.timeout)? {
            Reply::Moves(m) => Ok(m),
            other => Err(unexpected("moves", &other)),
        }
    }

    /// gnubg's hint list: its own move filter ([`MoveFilter::Gnubg`]) keeps some moves at
    /// the full `plies`, the others at the ply that discarded them.
    fn hint_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<&MatchContext>,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        let request = match at {
            Some(at) => {
                check_match(at)?;
                Request::moves_filtered_at(pos, dice, plies, at, MoveFilter::Gnubg)
            }
            None => Request::moves_filtered(pos, dice, plies, MoveFilter::Gnubg),
        };
        match self.call(&request, self.config.timeout)? {
            Reply::Moves(m) => Ok(m),
            other => Err(unexpected("moves", &other)),
        }
    }

    /// gnubg's cube decision (`cfevaluate`, what its `hint` prints before the roll).
    fn cube_decision(
        &mut self,
        pos: &Position,
        at: &MatchContext,
        plies: u8,
    ) -> Result<CubeDecision, ReferenceError> {
        check_match(at)?;
        match self.call(&Request::cube(pos, at, plies), self.config.timeout)? {
            Reply::Cube(c) => Ok(c),
            other => Err(unexpected("cube", &other)),
        }
    }

    /// gnubg's luck analysis of the match (`analyse match` with the luck alone): the match is
    /// written to a temporary MAT file (listed for clean-up like the bridge script) that gnubg
    /// imports (the bridge refuses a game whose rolls it counts otherwise; the caller checks each
    /// roll's position and dice).
    fn match_luck(
        &mut self,
        mat: &str,
        rolls: &[Vec<crate::reference::Roll>],
    ) -> Result<Vec<crate::reference::GameLuck>, ReferenceError> {
        let file =
            process::BridgeScript::write_as(mat, "bgw-gnubg-match-", ".mat").map_err(|e| {
                ReferenceError::Refused {
                    engine: ENGINE,
                    why: format!("the match for gnubg was not written: {e}"),
                }
            })?;
        let request = Request::Luck {
            path: file.path().display().to_string(),
            rolls: rolls
                .iter()
                .map(|g| g.iter().map(|r| r.match_id.encode()).collect())
                .collect(),
        };
        // The whole match's luck: a longer wait than one position's.
        let wait = self.config.timeout.saturating_mul(4);
        match self.call(&request, wait)? {
            Reply::Luck(games) => Ok(games),
            other => Err(unexpected("luck", &other)),
        }
    }

    /// gnubg's rollout of each play in turn (its `rollout` command, run by the bridge in a
    /// second gnubg whose running results it reads): [`Config::timeout`] bounds the wait for
    /// each running result, not the whole rollout.
    fn rollout(
        &mut self,
        _pos: &Position,
        plays: &[crate::core::moves::Play],
        settings: &crate::reference::RolloutSettings,
        at: &MatchContext,
        progress: crate::reference::RolloutProgress<'_>,
    ) -> Result<Vec<crate::reference::RolloutResult>, ReferenceError> {
        settings.check().map_err(|why| ReferenceError::Refused {
            engine: ENGINE,
            why,
        })?;
        if settings.cubeful {
            check_match(at)?;
        }
        if plays.is_empty() {
            return Ok(Vec::new());
        }
        let request = Request::rollout(plays, settings, at);
        let count = plays.len();
        let reply = self.call_streaming(&request, self.config.timeout, &mut |body| {
            let (index, result) = protocol::decode_partial(body)?;
            if index >= count {
                return Err(incompatible(format!(
                    "it reports a running result of move {index} of {count}"
                )));
            }
            progress(index, &result);
            Ok(())
        })?;
        match reply {
            Reply::Rollout(results) if results.len() == count => Ok(results),
            other => Err(unexpected("rollout", &other)),
        }
    }

    /// The move gnubg plays: its `best` request, with gnubg's own move filter (at 1 and 2
    /// plies much faster than ranking every move at the full depth).
    fn best_move(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Option<MoveEval>, ReferenceError> {
        match self.call(&Request::best(pos, dice, plies), self.config.timeout)? {
            Reply::Best(m) => Ok(m),
            other => Err(unexpected("best", &other)),
        }
    }
}

/// The gnubg found here (`BGW_GNUBG`, else `gnubg` on the PATH), in one line: `GNU
/// Backgammon 1.08.003 (/usr/games/gnubg, bridge protocol 2)`; or why it cannot be used. It is
/// started and asked through the bridge, as every user of it does; `wait` bounds each start
/// ([`Config::timeout`]).
pub fn found_here(wait: Duration) -> Result<String, ReferenceError> {
    let config = Config {
        timeout: wait,
        ..Config::default()
    };
    let program = config.resolved_program();
    let info = Gnubg::new(config).info()?;
    Ok(format!(
        "{info} ({}, bridge protocol {PROTOCOL})",
        program.display()
    ))
}

impl Drop for Gnubg {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            let _ = p.end();
        }
    }
}

/// The refusal of a gnubg that ended with `status` saying it has no Python (gnubg 1.07 prints
/// "GNU Backgammon build without Python." when asked to run a script it cannot); `None` when
/// its last words `stderr` say nothing of the kind.
fn without_python(status: &str, stderr: &str) -> Option<ReferenceError> {
    let lower = stderr.to_ascii_lowercase();
    if !(lower.contains("without python") || lower.contains("no python support")) {
        return None;
    }
    let said = stderr.lines().map(str::trim).find(|l| !l.is_empty());
    Some(incompatible(format!(
        "this gnubg was built without Python, which bgw's bridge runs in ({status}, saying \
         {:?}); install a gnubg with Python (Debian's gnubg package has it) or name one in \
         {PROGRAM_VARIABLE}",
        said.unwrap_or_default()
    )))
}

/// A request in a few words, for messages.
fn summary(request: &Request) -> String {
    match request {
        Request::Hello => "hello".into(),
        Request::Moves {
            position,
            dice,
            plies,
            ..
        }
        | Request::Best {
            position,
            dice,
            plies,
        } => format!("{} {position} {dice} at {plies} plies", request.op()),
        Request::Evaluate { position, plies } => {
            format!("evaluate {position} at {plies} plies")
        }
        Request::Cube {
            position,
            at,
            plies,
        } => format!("cube {position} {} at {plies} plies", at.describe()),
        Request::Rollout {
            moves, settings, ..
        } => format!("rollout of {} moves ({settings})", moves.len()),
        Request::Luck { rolls, .. } => format!(
            "luck of {} rolls in {} games",
            rolls.iter().map(Vec::len).sum::<usize>(),
            rolls.len()
        ),
    }
}

fn unexpected(op: &str, reply: &Reply) -> ReferenceError {
    incompatible(format!(
        "it answers {op} with {}",
        protocol::shorten(&format!("{reply:?}"))
    ))
}
