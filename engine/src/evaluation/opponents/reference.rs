//! A reference engine as a player: the move the engine plays at a depth
//! ([`ReferenceEngine::best_move`]; gnubg's at 0, 1 or 2 plies with its own move filter),
//! found among our legal plays by the position it reaches.
//!
//! An engine runs as separate processes, so the players share an [`EnginePool`]: a player
//! takes an engine from the pool on its first move (making one when none is idle) and gives
//! it back when it is dropped, so a duel on `n` threads keeps `n` engines (two each when the
//! engine plays itself), never one per game. A request that fails (the engine missing,
//! crashed twice, timed out, a move we cannot match) is kept as the pool's
//! [`EnginePool::failure`]; from then on every player of the pool plays its first legal play
//! without asking, so the caller must check the failure and discard what was played (`bgw
//! duel` ends with the error).

use super::Player;
use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::Position;
use crate::reference::{ReferenceEngine, match_to_plays};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Makes an engine for a pool (it starts on its first request).
type Make<E> = dyn Fn() -> E + Send + Sync;

/// Engines shared by the players of one contender.
pub struct EnginePool<E> {
    make: Box<Make<E>>,
    idle: Mutex<Vec<E>>,
    failed: AtomicBool,
    failure: Mutex<Option<String>>,
    started: AtomicU64,
    requests: AtomicU64,
}

impl<E> fmt::Debug for EnginePool<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EnginePool")
            .field("started", &self.started())
            .field("requests", &self.requests())
            .field("failure", &self.failure())
            .finish()
    }
}

impl<E> EnginePool<E> {
    /// A pool that makes its engines with `make` as players need them.
    pub fn new(make: impl Fn() -> E + Send + Sync + 'static) -> Arc<EnginePool<E>> {
        Arc::new(EnginePool {
            make: Box::new(make),
            idle: Mutex::new(Vec::new()),
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
            started: AtomicU64::new(0),
            requests: AtomicU64::new(0),
        })
    }

    /// The first request that failed, if one did: the players' moves since are not the
    /// engine's.
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

    /// How many engines were made (for gnubg each one process, restarted after a crash).
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// How many moves the engines chose (and we played).
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    fn take(&self) -> E {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        idle.unwrap_or_else(|| {
            self.started.fetch_add(1, Ordering::Relaxed);
            (self.make)()
        })
    }

    fn give(&self, engine: E) {
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(engine);
    }

    fn fail(&self, why: String) {
        let mut f = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        if f.is_none() {
            *f = Some(why);
        }
        self.failed.store(true, Ordering::Relaxed);
    }
}

/// A reference engine choosing at `plies`, with an engine from its pool while it plays.
pub struct ReferencePlayer<E> {
    plies: u8,
    name: String,
    pool: Arc<EnginePool<E>>,
    engine: Option<E>,
}

impl<E: ReferenceEngine> ReferencePlayer<E> {
    /// The engine at `plies`, reported as `name`, with engines from `pool`.
    pub fn new(plies: u8, name: impl Into<String>, pool: Arc<EnginePool<E>>) -> ReferencePlayer<E> {
        ReferencePlayer {
            plies,
            name: name.into(),
            pool,
            engine: None,
        }
    }

    /// The index of the engine's move among `plays`; `Err(None)` when the work was stopped
    /// while the engine was asked (no failure of the engine's).
    fn ask(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> Result<usize, Option<String>> {
        let pool = &self.pool;
        let engine = self.engine.get_or_insert_with(|| pool.take());
        let best = engine
            .best_move(pos, dice, self.plies)
            .map_err(|e| (!e.is_cancelled()).then(|| e.to_string()))?;
        let id = crate::core::formats::position_id::encode(pos);
        let best = best
            .ok_or_else(|| format!("{} has no move for {id} with {dice}", engine.name()))
            .map_err(Some)?;
        let matched = match_to_plays(pos, dice, std::slice::from_ref(&best), plays, false)
            .map_err(|e| Some(format!("{id} with {dice}: {e}")))?;
        pool.requests.fetch_add(1, Ordering::Relaxed);
        Ok(matched[0].0)
    }
}

impl<E: ReferenceEngine> Clone for ReferencePlayer<E> {
    /// Another player of the same pool (it takes its own engine when it first moves).
    fn clone(&self) -> ReferencePlayer<E> {
        ReferencePlayer::new(self.plies, self.name.clone(), Arc::clone(&self.pool))
    }
}

impl<E> fmt::Debug for ReferencePlayer<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReferencePlayer")
            .field("plies", &self.plies)
            .field("name", &self.name)
            .finish()
    }
}

impl<E> Drop for ReferencePlayer<E> {
    fn drop(&mut self) {
        if let Some(e) = self.engine.take() {
            self.pool.give(e);
        }
    }
}

impl<E: ReferenceEngine + Send> Player for ReferencePlayer<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        if self.pool.failed() {
            return 0;
        }
        match self.ask(pos, dice, plays) {
            Ok(i) => i,
            Err(Some(why)) => {
                self.pool.fail(why);
                0
            }
            // Stopped: the work that asked discards what is played from here on.
            Err(None) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::moves::legal_plays;
    use crate::core::position::Side;
    use crate::reference::ScriptedEngine;

    /// A made-up taste, spread out over the plays.
    fn taste(p: &Play) -> f64 {
        let b = p.result.board();
        b.iter()
            .enumerate()
            .map(|(i, &n)| ((i * 7) % 11) as f64 * f64::from(n))
            .sum()
    }

    fn racer() -> ScriptedEngine {
        ScriptedEngine::new(|_, p| taste(p))
    }

    #[test]
    fn any_engine_plays_its_best_move_from_a_shared_pool() {
        let pool = EnginePool::new(racer);
        let pos = Position::opening(Side::White);
        let dice = Dice::new(6, 5).unwrap();
        let plays = legal_plays(&pos, dice);
        let mut player = ReferencePlayer::new(0, "racer", Arc::clone(&pool));
        let i = player.choose(&pos, dice, &plays);
        let most = plays.iter().map(taste).fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(plays.iter().position(|p| taste(p) == most), Some(i));
        assert_ne!(i, 0, "a choice that is not the default");
        assert_eq!(player.name(), "racer");
        assert_eq!((pool.started(), pool.requests()), (1, 1));
        // Given back when dropped: the next player takes the same engine.
        drop(player);
        let mut again = ReferencePlayer::new(0, "racer", Arc::clone(&pool));
        assert_eq!(again.choose(&pos, dice, &plays), i);
        // A clone takes an engine of its own while the first still holds one.
        let mut other = again.clone();
        other.choose(&pos, dice, &plays);
        assert_eq!((pool.started(), pool.requests()), (2, 3));
        assert_eq!(pool.failure(), None);
    }

    #[test]
    fn a_move_we_cannot_match_is_kept_as_the_pool_s_failure() {
        let pool = EnginePool::new(racer);
        let pos = Position::opening(Side::White);
        // The engine answers for 6-5; the plays offered are 3-1's: its move is none of them.
        let six_five = Dice::new(6, 5).unwrap();
        let plays = legal_plays(&pos, Dice::new(3, 1).unwrap());
        let mut player = ReferencePlayer::new(1, "racer", Arc::clone(&pool));
        assert_eq!(player.choose(&pos, six_five, &plays), 0);
        assert!(pool.failed());
        let why = pool.failure().unwrap();
        assert!(
            why.starts_with("4HPwATDgc/ABMA with 65: ") && why.contains("none of our legal plays"),
            "{why}"
        );
        // From then on it plays without asking.
        assert_eq!(player.choose(&pos, six_five, &plays), 0);
        assert_eq!(pool.requests(), 0);
    }
}
