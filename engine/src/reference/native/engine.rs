//! The native evaluator behind the reference-engine seam.

use super::evaluator::{NativeError, NativeEvaluator, NetOutput, cubeless_equity};
use crate::core::dice::Dice;
use crate::core::moves::MoveGenerator;
use crate::core::position::Position;
use crate::reference::{EngineInfo, Evaluation, MoveEval, ReferenceEngine, ReferenceError};

/// gnubg's nets evaluated in process, as a [`ReferenceEngine`]: 0-ply cubeless money only
/// for now; everything else is refused, saying what is not covered.
pub struct NativeEngine {
    evaluator: NativeEvaluator,
    moves: MoveGenerator,
}

impl NativeEngine {
    /// The engine over `evaluator`.
    pub fn new(evaluator: NativeEvaluator) -> NativeEngine {
        NativeEngine {
            evaluator,
            moves: MoveGenerator::new(),
        }
    }

    /// The evaluator inside.
    pub fn evaluator(&self) -> &NativeEvaluator {
        &self.evaluator
    }

    fn refuse(&self, e: NativeError) -> ReferenceError {
        ReferenceError::Refused {
            engine: self.name(),
            why: e.to_string(),
        }
    }

    fn check_plies(&self, plies: u8) -> Result<(), ReferenceError> {
        if plies == 0 {
            Ok(())
        } else {
            Err(self.refuse(NativeError::NotCovered(format!(
                "{plies}-ply evaluations (0-ply only so far)"
            ))))
        }
    }
}

/// The probabilities of the side that just moved, from those of the side now on roll.
fn inverted(p: &NetOutput) -> NetOutput {
    [1.0 - p[0], p[3], p[4], p[1], p[2]]
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

    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.check_plies(plies)?;
        let plays = self.moves.generate(pos, dice).to_vec();
        let mut out = Vec::with_capacity(plays.len());
        for play in plays {
            let after = self
                .evaluator
                .evaluate(&play.result.mirror())
                .map_err(|e| self.refuse(e))?;
            let mine = inverted(&after);
            out.push(MoveEval {
                notation: play.mv.notation(),
                equity: cubeless_equity(&mine) as f64,
                probs: Some(widened(&mine)),
                plies: 0,
                mwc: None,
            });
        }
        out.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        Ok(out)
    }

    fn evaluate(&mut self, pos: &Position, plies: u8) -> Result<Evaluation, ReferenceError> {
        self.check_plies(plies)?;
        let p = self.evaluator.evaluate(pos).map_err(|e| self.refuse(e))?;
        Ok(Evaluation {
            equity: cubeless_equity(&p) as f64,
            probs: Some(widened(&p)),
        })
    }
}
