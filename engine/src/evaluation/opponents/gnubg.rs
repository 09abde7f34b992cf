//! GNU Backgammon as a player: a [`ReferencePlayer`] over the chosen judge (the gnubg program,
//! or its nets in bgw: `reference::Judge`, whose engines fill a pool made with
//! [`EnginePool::new`]), the move gnubg plays at 0, 1 or 2 plies (its `best`
//! request: cubeless money, its own move filter), with its engines in a [`GnubgPool`].

use super::reference::{EnginePool, ReferencePlayer};
use crate::reference::ReferenceEngine;
use crate::reference::gnubg::{Config, Gnubg};
use std::sync::Arc;

/// The deepest gnubg player (at 3 plies gnubg takes seconds a move).
pub const MAX_PLIES: u8 = 2;

/// One gnubg engine of a pool: the process or the native evaluator.
pub type GnubgEngine = Box<dyn ReferenceEngine + Send>;

/// gnubg engines shared by the gnubg players of one contender.
pub type GnubgPool = EnginePool<GnubgEngine>;

/// gnubg choosing at its plies, with an engine from its pool while it plays.
pub type GnubgPlayer = ReferencePlayer<GnubgEngine>;

/// A pool that starts gnubg's program with `config` as players need it.
pub fn gnubg_pool(config: Config) -> Arc<GnubgPool> {
    EnginePool::new(move || Box::new(Gnubg::new(config.clone())) as GnubgEngine)
}

/// Worker threads for work with gnubg players, a gnubg process each: four a core, at most
/// 16. gnubg 1.07 answers a 0-ply request only at its next 10 ms poll, so its processes mostly
/// wait (a duel on 2 cores: 4 games/s with one process, 12 with two, 29 with eight).
pub fn worker_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (4 * cores).min(16)
}
