//! A reference engine's answers at a match state kept for the next time they are asked:
//! [`AnswerCache`] holds them, keyed by (position, match state, roll, depth), and [`Cached`]
//! puts it in front of any [`ReferenceEngine`]. A match reviewed again (other weights for the
//! classic's choices, the same file opened twice, two matches sharing positions) asks the
//! engine only what it has not answered yet. Failures are not kept: they are asked again.

use super::{
    CubeDecision, EngineInfo, Evaluation, MatchContext, MoveEval, ReferenceEngine, ReferenceError,
};
use crate::core::dice::Dice;
use crate::core::position::Position;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a question at a match state is about: the position, the match state, the roll (none:
/// the cube decision before it), the depth, and whether the engine's analysis move filter
/// chose the moves rated at that depth ([`ReferenceEngine::analyse_moves_at`]).
type Key = (Position, MatchContext, Option<Dice>, u8, bool);

/// One kept answer.
#[derive(Clone, Debug)]
enum Kept {
    Moves(Vec<MoveEval>),
    Cube(CubeDecision),
}

/// Answers at a match state, shared by every engine that keeps its answers in it (one a
/// thread). Clones share the same answers.
#[derive(Clone, Default)]
pub struct AnswerCache {
    answers: Arc<Mutex<HashMap<Key, Kept>>>,
}

impl AnswerCache {
    /// An empty cache.
    pub fn new() -> AnswerCache {
        AnswerCache::default()
    }

    /// How many answers it holds.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// True when it holds no answer.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Kept>> {
        // A thread that panicked while holding it left whole entries only: go on.
        self.answers.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, key: &Key) -> Option<Kept> {
        self.lock().get(key).cloned()
    }

    fn put(&self, key: Key, kept: Kept) {
        self.lock().insert(key, kept);
    }
}

/// `engine` with its answers at a match state kept in `cache` (cubeless questions go straight
/// to the engine).
pub struct Cached<E> {
    engine: E,
    cache: AnswerCache,
}

impl<E: ReferenceEngine> Cached<E> {
    /// `engine` keeping its answers in `cache`.
    pub fn new(engine: E, cache: AnswerCache) -> Cached<E> {
        Cached { engine, cache }
    }

    /// The moves kept under `key`, else what `ask` gets from the engine (then kept).
    fn moves(
        &mut self,
        key: Key,
        ask: impl FnOnce(&mut E) -> Result<Vec<MoveEval>, ReferenceError>,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        if let Some(Kept::Moves(m)) = self.cache.get(&key) {
            return Ok(m);
        }
        let moves = ask(&mut self.engine)?;
        self.cache.put(key, Kept::Moves(moves.clone()));
        Ok(moves)
    }
}

impl<E: ReferenceEngine> ReferenceEngine for Cached<E> {
    fn name(&self) -> &'static str {
        self.engine.name()
    }

    fn engines_a_core(&self) -> usize {
        self.engine.engines_a_core()
    }

    fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
        self.engine.info()
    }

    fn match_luck(
        &mut self,
        mat: &str,
        rolls: &[Vec<crate::reference::Roll>],
    ) -> Result<Vec<crate::reference::GameLuck>, ReferenceError> {
        self.engine.match_luck(mat, rolls)
    }

    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.engine.rank_moves(pos, dice, plies)
    }

    fn evaluate(&mut self, pos: &Position, plies: u8) -> Result<Evaluation, ReferenceError> {
        self.engine.evaluate(pos, plies)
    }

    fn rank_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.moves((*pos, *at, Some(dice), plies, false), |e| {
            e.rank_moves_at(pos, dice, plies, at)
        })
    }

    fn analyse_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.moves((*pos, *at, Some(dice), plies, true), |e| {
            e.analyse_moves_at(pos, dice, plies, at)
        })
    }

    fn rate_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
        results: &[Position],
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.engine.rate_moves_at(pos, dice, plies, at, results)
    }

    fn cube_decision(
        &mut self,
        pos: &Position,
        at: &MatchContext,
        plies: u8,
    ) -> Result<CubeDecision, ReferenceError> {
        let key = (*pos, *at, None, plies, false);
        if let Some(Kept::Cube(c)) = self.cache.get(&key) {
            return Ok(c);
        }
        let decision = self.engine.cube_decision(pos, at, plies)?;
        self.cache.put(key, Kept::Cube(decision.clone()));
        Ok(decision)
    }

    fn best_move(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Option<MoveEval>, ReferenceError> {
        self.engine.best_move(pos, dice, plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::Setup;
    use crate::core::position::Side;
    use crate::reference::ScriptedEngine;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A scripted engine counting the plays it rates, with the counter.
    fn counting() -> (ScriptedEngine, Arc<AtomicUsize>) {
        let n = Arc::new(AtomicUsize::new(0));
        let m = Arc::clone(&n);
        let e = ScriptedEngine::new(move |_, p| {
            m.fetch_add(1, Ordering::Relaxed);
            p.mv.notation().len() as f64
        });
        (e, n)
    }

    fn money(pos: &Position) -> MatchContext {
        MatchContext::of(&Setup {
            position: *pos,
            dice: None,
            match_state: None,
        })
    }

    #[test]
    fn an_answer_at_a_match_state_is_asked_once_per_depth_and_state() {
        let cache = AnswerCache::new();
        let (inner, rated) = counting();
        let mut e = Cached::new(inner, cache.clone());
        let pos = Position::opening(Side::White);
        let dice = Dice::new(3, 1).unwrap();
        let money = money(&pos);
        let first = e.rank_moves_at(&pos, dice, 0, &money).unwrap();
        let once = rated.load(Ordering::Relaxed);
        assert!(once > 0);
        let again = e.rank_moves_at(&pos, dice, 0, &money).unwrap();
        assert_eq!(first, again);
        assert_eq!(
            rated.load(Ordering::Relaxed),
            once,
            "the second came from the cache"
        );
        // Another depth, another roll: asked.
        e.rank_moves_at(&pos, dice, 1, &money).unwrap();
        assert_eq!(rated.load(Ordering::Relaxed), 2 * once);
        e.rank_moves_at(&pos, Dice::new(4, 2).unwrap(), 0, &money)
            .unwrap();
        assert_eq!(cache.len(), 3);
        // Another engine sharing the cache gets the first one's answer.
        let (other, asked) = counting();
        let mut other = Cached::new(other, cache.clone());
        assert_eq!(other.rank_moves_at(&pos, dice, 0, &money).unwrap(), first);
        assert_eq!(asked.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_failure_is_not_kept() {
        let cache = AnswerCache::new();
        // A scripted engine without cube decisions refuses them: asked every time.
        let inner = ScriptedEngine::new(|_, _| 0.0);
        let mut e = Cached::new(inner, cache.clone());
        let pos = Position::opening(Side::White);
        assert!(e.cube_decision(&pos, &money(&pos), 0).is_err());
        assert!(cache.is_empty());
    }
}
