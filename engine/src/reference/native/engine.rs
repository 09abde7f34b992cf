//! The native evaluator behind the reference-engine seam.

use super::evaluator::{NativeError, NativeEvaluator, NetOutput, cubeless_equity};
use super::search::{MAX_PLIES, MoveFilters, Search};
use crate::core::dice::Dice;
use crate::core::moves::MoveGenerator;
use crate::core::position::Position;
use crate::reference::{EngineInfo, Evaluation, MoveEval, ReferenceEngine, ReferenceError};

/// gnubg's nets evaluated in process, as a [`ReferenceEngine`]: cubeless money at 0, 1 and
/// 2 plies — evaluations and hint lists as gnubg's; everything else is refused, saying what is
/// not covered.
pub struct NativeEngine {
    evaluator: NativeEvaluator,
    moves: MoveGenerator,
    search: Search,
}

impl NativeEngine {
    /// The engine over `evaluator`.
    pub fn new(evaluator: NativeEvaluator) -> NativeEngine {
        NativeEngine {
            evaluator,
            moves: MoveGenerator::new(),
            search: Search::new(),
        }
    }

    /// The evaluator inside.
    pub fn evaluator(&self) -> &NativeEvaluator {
        &self.evaluator
    }

    /// Ranks a roll's moves at 1 ply and deeper on `threads` threads (by default as many as
    /// the machine has cores; 1 where the caller already spreads its work over the cores).
    pub fn set_threads(&mut self, threads: usize) {
        self.search.set_threads(threads);
    }

    /// Forgets the evaluations the engine keeps from call to call (gnubg's cache).
    pub fn clear_cache(&mut self) {
        self.search.clear_cache();
    }

    fn refuse(&self, e: NativeError) -> ReferenceError {
        ReferenceError::Refused {
            engine: self.name(),
            why: e.to_string(),
        }
    }

    fn check_plies(&self, plies: u8) -> Result<(), ReferenceError> {
        if plies <= MAX_PLIES {
            Ok(())
        } else {
            Err(self.refuse(NativeError::NotCovered(format!(
                "{plies}-ply evaluations (0 to {MAX_PLIES} plies so far)"
            ))))
        }
    }

    /// gnubg's cubeless probabilities of `pos` for the side on roll at `plies` (0 to
    /// [`MAX_PLIES`]), as its `evaluate` gives them.
    pub fn evaluate_plies(&mut self, pos: &Position, plies: u8) -> Result<NetOutput, NativeError> {
        if plies > MAX_PLIES {
            return Err(NativeError::NotCovered(format!(
                "{plies}-ply evaluations (0 to {MAX_PLIES} plies so far)"
            )));
        }
        self.search.evaluate(&self.evaluator, &pos.sides(), plies)
    }

    /// The legal moves of `dice` in `pos` as gnubg's hint lists them at `plies` with the move
    /// filters `filters`, cubeless money, best first: [`MoveFilters::ALL`] every move at the
    /// full depth ([`ReferenceEngine::rank_moves`]), [`MoveFilters::HINT`] gnubg's default
    /// ([`ReferenceEngine::best_move`] plays the first), [`MoveFilters::ANALYSIS`] the filter
    /// of gnubg's `analyse match`. Each move's [`MoveEval::plies`] is the depth it got.
    pub fn rank_moves_filtered(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        filters: &MoveFilters,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.check_plies(plies)?;
        let scored = self
            .search
            .hint(
                &self.evaluator,
                &pos.sides(),
                dice.high(),
                dice.low(),
                plies,
                filters,
            )
            .map_err(|e| self.refuse(e))?;
        let plays = self.moves.generate(pos, dice);
        let mut out = Vec::with_capacity(scored.len());
        for m in &scored {
            let result = Position::from_sides(pos.on_roll(), &m.board[1], &m.board[0]).ok();
            let Some(play) = plays.iter().find(|p| Some(p.result) == result) else {
                return Err(ReferenceError::Refused {
                    engine: "gnubg (native)",
                    why: format!(
                        "gnubg's move generation found a result bgw's did not ({} with {dice})",
                        crate::core::formats::encode_position_id(pos)
                    ),
                });
            };
            out.push(MoveEval {
                notation: play.mv.notation(),
                equity: m.equity as f64,
                probs: Some(widened(&m.probs)),
                plies: m.plies,
                mwc: None,
            });
        }
        if out.len() != plays.len() {
            return Err(ReferenceError::Refused {
                engine: "gnubg (native)",
                why: format!(
                    "gnubg's move generation found {} results, bgw's {}",
                    out.len(),
                    plays.len()
                ),
            });
        }
        Ok(out)
    }
}

fn widened(p: &NetOutput) -> [f64; 5] {
    p.map(|x| x as f64)
}

impl ReferenceEngine for NativeEngine {
    fn name(&self) -> &'static str {
        "gnubg (native)"
    }

    fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
        Ok(EngineInfo {
            name: "GNU Backgammon's nets, native".into(),
            version: Some("1.07".into()),
            banner: format!(
                "gnubg 1.07's nets evaluated in bgw (weights: {})",
                self.evaluator.weights_source()
            ),
        })
    }

    /// Every legal move at the full `plies` (gnubg's hint with no move filter).
    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.rank_moves_filtered(pos, dice, plies, &MoveFilters::ALL)
    }

    fn evaluate(&mut self, pos: &Position, plies: u8) -> Result<Evaluation, ReferenceError> {
        self.check_plies(plies)?;
        let p = self
            .evaluate_plies(pos, plies)
            .map_err(|e| self.refuse(e))?;
        Ok(Evaluation {
            equity: cubeless_equity(&p) as f64,
            probs: Some(widened(&p)),
        })
    }

    /// The move gnubg plays: the first of its hint with its default move filter.
    fn best_move(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Option<MoveEval>, ReferenceError> {
        Ok(self
            .rank_moves_filtered(pos, dice, plies, &MoveFilters::HINT)?
            .into_iter()
            .next())
    }
}
