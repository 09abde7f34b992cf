//! The seam every reference engine implements ([`ReferenceEngine`]) and its engine-neutral
//! types: the five probabilities, an evaluation, a ranked move, the engine's name.

use super::cube::CubeDecision;
use super::error::ReferenceError;
use super::luck::GameLuck;
use super::match_context::MatchContext;
use super::probabilities::Probabilities;
use super::rollout::{RolloutProgress, RolloutResult, RolloutSettings};
use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::Position;
use std::fmt;

/// A cubeless money evaluation: the equity and, where the engine gives them, the five
/// probabilities.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Evaluation {
    /// Cubeless money equity, in points per game.
    pub equity: f64,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon; `None` when the engine
    /// gives an equity only.
    pub probs: Option<Probabilities>,
}

/// One legal move as an engine rates it: the position after it, for the side that moved.
#[derive(Clone, PartialEq, Debug)]
pub struct MoveEval {
    /// The move in gnubg's notation, e.g. `8/5 6/5` (match it with [`super::match_to_plays`], never
    /// by string).
    pub notation: String,
    /// Cubeless money equity after the move, for the side that moved.
    pub equity: f64,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon after the move, for the
    /// side that moved; `None` when the engine gives an equity only.
    pub probs: Option<Probabilities>,
    /// The depth this move was evaluated at (0: the engine's static evaluation).
    pub plies: u8,
    /// Judged at a match state ([`ReferenceEngine::rank_moves_at`]) in a match: the side
    /// that moved's match-winning chance after the move (`equity` is then cubeful and
    /// normalised). `None` otherwise.
    pub mwc: Option<f64>,
}

/// Which engine answers: its name and version.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineInfo {
    /// The engine's name, e.g. `GNU Backgammon`.
    pub name: String,
    /// Its version, e.g. `1.08.003`; `None` when its words name none we can read.
    pub version: Option<String>,
    /// Its own words, e.g. `GNU Backgammon 1.08.003 20240428`.
    pub banner: String,
}

impl fmt::Display for EngineInfo {
    /// `GNU Backgammon 1.08.003`, or the name and its words when the version is unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.version {
            Some(v) => write!(f, "{} {v}", self.name),
            None => write!(f, "{} (version unknown: {:?})", self.name, self.banner),
        }
    }
}

/// An engine that rates backgammon moves and positions: the seam every user of a reference
/// engine goes through (the benchmark's judge, the duel's player, the app's referee).
///
/// Positions are from the side to move's view, that side on roll; evaluations are cubeless
/// money. `plies` is the depth: 0 is the engine's static evaluation, each ply one more roll
/// looked ahead. Every method may block while the engine works (see [`super::Background`] for a
/// non-blocking adapter); an implementation must answer or fail within a bounded time.
pub trait ReferenceEngine {
    /// The engine's short name for messages (`gnubg`), known before it starts.
    fn name(&self) -> &'static str;

    /// How many engines of this kind keep one core busy when work is shared out over
    /// engines (a review's decisions): 2 by default, for an engine that spends much of each
    /// request waiting (the gnubg process polls every 10 ms); 1 for one that computes
    /// throughout (the native evaluator).
    fn engines_a_core(&self) -> usize {
        2
    }

    /// The engine's name and version (starting it if need be).
    fn info(&mut self) -> Result<EngineInfo, ReferenceError>;

    /// Every legal move of `dice` in `pos` at `plies`, best first, each with its evaluation
    /// for the side that moved (empty when no move is legal).
    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError>;

    /// The evaluation of `pos` for the side on roll, before it rolls, at `plies`.
    fn evaluate(&mut self, pos: &Position, plies: u8) -> Result<Evaluation, ReferenceError>;

    /// Every legal move of `dice` in `pos` at `plies`, judged at the match state `at` as the
    /// engine's own analysis of a match does: cubeful equities, normalised, best first, and in
    /// a match each move's match-winning chance ([`MoveEval::mwc`]). An engine that judges
    /// cubeless money only refuses.
    fn rank_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        let _ = (pos, dice, plies, at);
        Err(ReferenceError::Refused {
            engine: self.name(),
            why: "it judges cubeless money only, not at a match state".into(),
        })
    }

    /// The legal moves of `dice` in `pos` at the match state `at` as the engine's own match
    /// analysis rates them: its move filter picks which moves get the full `plies` (each
    /// [`MoveEval::plies`] says the depth it got), the others keep a lower depth's rating.
    /// By default [`ReferenceEngine::rank_moves_at`] (every move at the full depth).
    fn analyse_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.rank_moves_at(pos, dice, plies, at)
    }

    /// The moves of `dice` in `pos` that leave the positions `results` rated at the match
    /// state `at` at the full `plies`, as [`ReferenceEngine::rank_moves_at`] rates them: what
    /// a review asks for a move the analysis left at a lower depth. At least those moves, in
    /// any order; by default every move ([`ReferenceEngine::rank_moves_at`]).
    fn rate_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
        results: &[Position],
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        let _ = results;
        self.rank_moves_at(pos, dice, plies, at)
    }

    /// The legal moves of `dice` in `pos` as the engine's own hint lists them at `plies`:
    /// cubeless money (`at` `None`) or at the match state `at`, best first; its move filter
    /// picks which moves get the full depth (each [`MoveEval::plies`] says the depth it got),
    /// the others keep a lower depth's rating, as gnubg's `hint` shows them. By default every
    /// move at the full depth ([`ReferenceEngine::rank_moves`] or
    /// [`ReferenceEngine::rank_moves_at`]).
    fn hint_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<&MatchContext>,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        match at {
            Some(at) => self.rank_moves_at(pos, dice, plies, at),
            None => self.rank_moves(pos, dice, plies),
        }
    }

    /// The cube decision of the side on roll in `pos`, before it rolls, at the match state
    /// `at` and `plies`. An engine without cube decisions refuses.
    fn cube_decision(
        &mut self,
        pos: &Position,
        at: &MatchContext,
        plies: u8,
    ) -> Result<CubeDecision, ReferenceError> {
        let _ = (pos, at, plies);
        Err(ReferenceError::Refused {
            engine: self.name(),
            why: "it has no cube decisions".into(),
        })
    }

    /// Rolls out `plays` (legal plays of a roll in `pos`, each its position after the move,
    /// the opponent on roll) with `settings`: cubeful at the match state `at`
    /// ([`RolloutSettings::cubeful`]), else cubeless money. Each move's result is for the side
    /// that moved, in the order of `plays`; `progress` hears each move's running result while
    /// it runs. Stops with [`ReferenceError::Cancelled`] once the work that asked is stopped
    /// (for gnubg, [`super::gnubg::Config::stop`]). An engine without rollouts refuses.
    fn rollout(
        &mut self,
        pos: &Position,
        plays: &[Play],
        settings: &RolloutSettings,
        at: &MatchContext,
        progress: RolloutProgress<'_>,
    ) -> Result<Vec<RolloutResult>, ReferenceError> {
        let _ = (pos, plays, settings, at, progress);
        Err(ReferenceError::Refused {
            engine: self.name(),
            why: "it has no rollouts".into(),
        })
    }

    /// The luck of every roll of a match, as the engine's own analysis computes it: `mat` is
    /// the match as MAT text (which the engine reads as bgw does), `rolls` per game each
    /// roll in order as bgw read it (its Match ID, position and dice), to check the engine
    /// read the same rolls and to express each luck in MWC. Per game. An
    /// engine without it refuses.
    fn match_luck(
        &mut self,
        mat: &str,
        rolls: &[Vec<crate::reference::Roll>],
    ) -> Result<Vec<GameLuck>, ReferenceError> {
        let _ = (mat, rolls);
        Err(ReferenceError::Refused {
            engine: self.name(),
            why: "it has no luck analysis".into(),
        })
    }

    /// The move the engine plays with `dice` in `pos` at `plies` (`None`: no legal move). By
    /// default the first of [`ReferenceEngine::rank_moves`]; an engine with a cheaper way to
    /// choose (gnubg's move filter) says so here.
    fn best_move(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Option<MoveEval>, ReferenceError> {
        Ok(self.rank_moves(pos, dice, plies)?.into_iter().next())
    }
}

/// An engine behind a box or a borrow is the engine: `Box<dyn ReferenceEngine>` for a choice
/// made at run time, `&mut E` to lend one engine (and its process) to work after work.
macro_rules! delegated {
    ($($holder:ty),+) => {$(
impl<E: ReferenceEngine + ?Sized> ReferenceEngine for $holder {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn engines_a_core(&self) -> usize {
        (**self).engines_a_core()
    }

    fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
        (**self).info()
    }

    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        (**self).rank_moves(pos, dice, plies)
    }

    fn evaluate(&mut self, pos: &Position, plies: u8) -> Result<Evaluation, ReferenceError> {
        (**self).evaluate(pos, plies)
    }

    fn best_move(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Option<MoveEval>, ReferenceError> {
        (**self).best_move(pos, dice, plies)
    }

    fn rank_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        (**self).rank_moves_at(pos, dice, plies, at)
    }

    fn hint_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<&MatchContext>,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        (**self).hint_moves(pos, dice, plies, at)
    }

    fn analyse_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        (**self).analyse_moves_at(pos, dice, plies, at)
    }

    fn rate_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
        results: &[Position],
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        (**self).rate_moves_at(pos, dice, plies, at, results)
    }
    fn cube_decision(
        &mut self,
        pos: &Position,
        at: &MatchContext,
        plies: u8,
    ) -> Result<CubeDecision, ReferenceError> {
        (**self).cube_decision(pos, at, plies)
    }
    fn rollout(
        &mut self,
        pos: &Position,
        plays: &[Play],
        settings: &RolloutSettings,
        at: &MatchContext,
        progress: RolloutProgress<'_>,
    ) -> Result<Vec<RolloutResult>, ReferenceError> {
        (**self).rollout(pos, plays, settings, at, progress)
    }
    fn match_luck(
        &mut self,
        mat: &str,
        rolls: &[Vec<crate::reference::Roll>],
    ) -> Result<Vec<GameLuck>, ReferenceError> {
        (**self).match_luck(mat, rolls)
    }
}
    )+};
}

delegated!(Box<E>, &mut E);
