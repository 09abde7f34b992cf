//! GNU Backgammon as a player: the move gnubg plays at 0, 1 or 2 plies (its `best` request:
//! cubeless money, its own move filter), found among our legal plays by the position it
//! reaches.
//!
//! gnubg runs as separate processes, so the players share a [`GnubgPool`]: a player takes a
//! process from the pool on its first move (starting one when none is idle) and gives it back
//! when it is dropped, so a duel on `n` threads keeps `n` processes (two each when gnubg plays
//! itself), never one per game. A request that fails (gnubg missing, crashed twice, timed
//! out, a move we cannot match) is kept as the pool's [`GnubgPool::failure`]; from then on
//! every gnubg player of the pool plays its first legal play without asking, so the caller
//! must check the failure and discard what was played (`bgw duel` ends with the error).

use super::Player;
use crate::dice::Dice;
use crate::moves::Play;
use crate::position::Position;
use crate::reference::gnubg::{Config, Gnubg, match_to_plays};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The deepest gnubg player (at 3 plies gnubg takes seconds a move).
pub const MAX_PLIES: u8 = 2;

/// Worker threads for work with gnubg players, a gnubg process each: four a core, at most
/// 16. gnubg 1.07 answers a 0-ply request only at its next 10 ms poll, so its processes mostly
/// wait (a duel on 2 cores: 4 games/s with one process, 12 with two, 29 with eight).
pub fn worker_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (4 * cores).min(16)
}

/// gnubg processes shared by the gnubg players of one contender.
pub struct GnubgPool {
    config: Config,
    idle: Mutex<Vec<Gnubg>>,
    failed: AtomicBool,
    failure: Mutex<Option<String>>,
    started: AtomicU64,
    requests: AtomicU64,
}

impl fmt::Debug for GnubgPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GnubgPool")
            .field("started", &self.started())
            .field("requests", &self.requests())
            .field("failure", &self.failure())
            .finish()
    }
}

impl GnubgPool {
    /// A pool that starts gnubg with `config` as players need it.
    pub fn new(config: Config) -> Arc<GnubgPool> {
        Arc::new(GnubgPool {
            config,
            idle: Mutex::new(Vec::new()),
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
            started: AtomicU64::new(0),
            requests: AtomicU64::new(0),
        })
    }

    /// The first request that failed, if one did: the players' moves since are not gnubg's.
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// True once a request has failed (cheap: for a duel's stop check).
    pub fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// How many gnubg engines were made (each one process, restarted after a crash).
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// How many moves gnubg chose (and we played).
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    fn take(&self) -> Gnubg {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        idle.unwrap_or_else(|| {
            self.started.fetch_add(1, Ordering::Relaxed);
            Gnubg::new(self.config.clone())
        })
    }

    fn give(&self, gnubg: Gnubg) {
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(gnubg);
    }

    fn fail(&self, why: String) {
        let mut f = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        if f.is_none() {
            *f = Some(why);
        }
        self.failed.store(true, Ordering::Relaxed);
    }
}

/// gnubg choosing at `plies`, with a process from its pool while it plays.
pub struct GnubgPlayer {
    plies: u8,
    name: String,
    pool: Arc<GnubgPool>,
    engine: Option<Gnubg>,
}

impl GnubgPlayer {
    /// gnubg at `plies` (at most [`MAX_PLIES`]), reported as `name`, with processes from
    /// `pool`.
    pub fn new(plies: u8, name: impl Into<String>, pool: Arc<GnubgPool>) -> GnubgPlayer {
        GnubgPlayer {
            plies,
            name: name.into(),
            pool,
            engine: None,
        }
    }

    /// The index of gnubg's move among `plays`.
    fn ask(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> Result<usize, String> {
        let pool = &self.pool;
        let gnubg = self.engine.get_or_insert_with(|| pool.take());
        let best = gnubg
            .best(pos, dice, self.plies)
            .map_err(|e| e.to_string())?;
        let id = crate::formats::position_id::encode(pos);
        let best = best.ok_or_else(|| format!("gnubg has no move for {id} with {dice}"))?;
        let matched = match_to_plays(pos, dice, std::slice::from_ref(&best), plays, false)
            .map_err(|e| format!("{id} with {dice}: {e}"))?;
        pool.requests.fetch_add(1, Ordering::Relaxed);
        Ok(matched[0].0)
    }
}

impl Clone for GnubgPlayer {
    /// Another player of the same pool (it takes its own process when it first moves).
    fn clone(&self) -> GnubgPlayer {
        GnubgPlayer::new(self.plies, self.name.clone(), Arc::clone(&self.pool))
    }
}

impl fmt::Debug for GnubgPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GnubgPlayer")
            .field("plies", &self.plies)
            .field("name", &self.name)
            .finish()
    }
}

impl Drop for GnubgPlayer {
    fn drop(&mut self) {
        if let Some(g) = self.engine.take() {
            self.pool.give(g);
        }
    }
}

impl Player for GnubgPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        if self.pool.failed() {
            return 0;
        }
        match self.ask(pos, dice, plays) {
            Ok(i) => i,
            Err(why) => {
                self.pool.fail(why);
                0
            }
        }
    }
}
