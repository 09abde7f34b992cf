//! A stand-in reference engine for tests and benches: every legal move of the roll, rated by a
//! function, best first; cube decisions from another function when it is given one.

use super::{
    CubeDecision, EngineInfo, Evaluation, MatchContext, MoveEval, ReferenceEngine, ReferenceError,
    RolloutProgress, RolloutResult, RolloutSettings,
};
use crate::core::dice::Dice;
use crate::core::moves::{MoveGenerator, Play};
use crate::core::position::Position;

/// The equity a [`ScriptedEngine`] gives a play of a position (for the side that moved).
pub type ScriptedEquity = dyn FnMut(&Position, &Play) -> f64 + Send;

/// The cube decision a [`ScriptedEngine`] gives a position at a match state and depth.
pub type ScriptedCube = dyn FnMut(&Position, &MatchContext, u8) -> CubeDecision + Send;

/// The luck (EMG) a [`ScriptedEngine`] gives a roll of a position.
pub type ScriptedLuck = dyn FnMut(&Position, Dice) -> f64 + Send;

/// A [`ReferenceEngine`] that ranks every legal move by a function (at a match state too, the
/// same function) and evaluates no position (it refuses); cube decisions come from
/// [`ScriptedEngine::with_cube`]'s function, refused without one. Its name is `scripted` and it
/// says it is [`ScriptedEngine::named`]'s engine.
pub struct ScriptedEngine {
    equity: Box<ScriptedEquity>,
    cube: Option<Box<ScriptedCube>>,
    luck: Option<Box<ScriptedLuck>>,
    /// How many moves its hint keeps at the asked depth (`None`: every move).
    hint_keep: Option<usize>,
    info: EngineInfo,
    generator: MoveGenerator,
    asked: usize,
}

impl ScriptedEngine {
    /// An engine rating each legal play with `equity`.
    pub fn new(equity: impl FnMut(&Position, &Play) -> f64 + Send + 'static) -> ScriptedEngine {
        ScriptedEngine {
            equity: Box::new(equity),
            cube: None,
            luck: None,
            hint_keep: None,
            info: EngineInfo {
                name: "Scripted engine".into(),
                version: Some("1".into()),
                banner: "Scripted engine 1".into(),
            },
            generator: MoveGenerator::new(),
            asked: 0,
        }
    }

    /// The same engine, saying it is `info`.
    pub fn named(self, info: EngineInfo) -> ScriptedEngine {
        ScriptedEngine { info, ..self }
    }

    /// The same engine, answering cube decisions with `cube`.
    pub fn with_cube(
        self,
        cube: impl FnMut(&Position, &MatchContext, u8) -> CubeDecision + Send + 'static,
    ) -> ScriptedEngine {
        ScriptedEngine {
            cube: Some(Box::new(cube)),
            ..self
        }
    }

    /// The same engine, giving each roll of a match the luck `luck` says (its MWC the same
    /// number, each game's actual result 0).
    pub fn with_luck(
        self,
        luck: impl FnMut(&Position, Dice) -> f64 + Send + 'static,
    ) -> ScriptedEngine {
        ScriptedEngine {
            luck: Some(Box::new(luck)),
            ..self
        }
    }

    /// The same engine, listing its hint ([`ReferenceEngine::hint_moves`]) as a move filter
    /// would: the first `keep` moves at the asked depth, the others at 0 plies.
    pub fn with_hint_filter(self, keep: usize) -> ScriptedEngine {
        ScriptedEngine {
            hint_keep: Some(keep),
            ..self
        }
    }

    /// How many positions it was asked to rank.
    pub fn asked(&self) -> usize {
        self.asked
    }
}

impl ReferenceEngine for ScriptedEngine {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
        Ok(self.info.clone())
    }

    /// Every legal play in our notation with the function's equity, best first (ties in the
    /// move generator's order).
    fn rank_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.asked += 1;
        let equity = &mut self.equity;
        let mut moves: Vec<MoveEval> = self
            .generator
            .generate(pos, dice)
            .iter()
            .map(|play| MoveEval {
                notation: play.mv.notation(),
                equity: equity(pos, play),
                probs: None,
                plies,
                mwc: None,
            })
            .collect();
        moves.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        Ok(moves)
    }

    /// The ranking of every move; with [`ScriptedEngine::with_hint_filter`] the moves past
    /// the first few at 0 plies.
    fn hint_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<&MatchContext>,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        let mut moves = match at {
            Some(at) => self.rank_moves_at(pos, dice, plies, at)?,
            None => self.rank_moves(pos, dice, plies)?,
        };
        if let Some(keep) = self.hint_keep {
            for m in moves.iter_mut().skip(keep) {
                m.plies = 0;
            }
        }
        Ok(moves)
    }

    fn evaluate(&mut self, _pos: &Position, _plies: u8) -> Result<Evaluation, ReferenceError> {
        Err(ReferenceError::Refused {
            engine: self.name(),
            why: "a scripted engine ranks moves only".into(),
        })
    }

    /// The same ranking as [`ReferenceEngine::rank_moves`], whatever the match state; in a
    /// match each move's MWC is 0.5 + equity / 2.
    fn rank_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        let mut moves = self.rank_moves(pos, dice, plies)?;
        if at.is_match() {
            for m in &mut moves {
                m.mwc = Some(0.5 + m.equity / 2.0);
            }
        }
        Ok(moves)
    }

    /// Each roll's luck from [`ScriptedEngine::with_luck`]'s function; refused without one.
    fn match_luck(
        &mut self,
        _mat: &str,
        rolls: &[Vec<crate::reference::Roll>],
    ) -> Result<Vec<super::GameLuck>, ReferenceError> {
        let Some(luck) = &mut self.luck else {
            return Err(ReferenceError::Refused {
                engine: "scripted",
                why: "it has no luck analysis".into(),
            });
        };
        Ok(rolls
            .iter()
            .map(|g| super::GameLuck {
                rolls: g
                    .iter()
                    .map(|r| {
                        let emg = luck(&r.position, r.dice);
                        super::RollLuck {
                            position: crate::core::formats::position_id::encode(&r.position),
                            dice: [r.dice.high(), r.dice.low()],
                            emg,
                            mwc: emg,
                        }
                    })
                    .collect(),
                actual: [0.0; 2],
            })
            .collect())
    }

    /// A rollout that is the function's equity exactly, its standard error 1/√trials: a
    /// running result after half the trials, then the final one (a seed changes nothing).
    fn rollout(
        &mut self,
        pos: &Position,
        plays: &[Play],
        settings: &RolloutSettings,
        _at: &MatchContext,
        progress: RolloutProgress<'_>,
    ) -> Result<Vec<RolloutResult>, ReferenceError> {
        settings.check().map_err(|why| ReferenceError::Refused {
            engine: "scripted",
            why,
        })?;
        let mut out = Vec::new();
        for (i, play) in plays.iter().enumerate() {
            let equity = (self.equity)(pos, play);
            let result = |trials: u32| {
                let se = 1.0 / f64::from(trials.max(1)).sqrt();
                RolloutResult {
                    notation: play.mv.notation(),
                    equity,
                    se,
                    probs: [0.5, 0.1, 0.0, 0.1, 0.0],
                    probs_se: [se / 4.0, 0.0, 0.0, 0.0, 0.0],
                    cubeless: equity,
                    cubeless_se: se,
                    mwc: None,
                    mwc_se: None,
                    trials,
                }
            };
            if settings.trials > 1 {
                progress(i, &result(settings.trials / 2));
            }
            out.push(result(settings.trials));
        }
        Ok(out)
    }

    fn cube_decision(
        &mut self,
        pos: &Position,
        at: &MatchContext,
        plies: u8,
    ) -> Result<CubeDecision, ReferenceError> {
        match &mut self.cube {
            Some(cube) => Ok(cube(pos, at, plies)),
            None => Err(ReferenceError::Refused {
                engine: self.name(),
                why: "this scripted engine has no cube decisions".into(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;

    #[test]
    fn every_legal_move_best_first_by_the_function() {
        let mut e = ScriptedEngine::new(|_, p| -f64::from(p.result.pips().0));
        let pos = Position::opening(Side::White);
        let moves = e.rank_moves(&pos, Dice::new(6, 5).unwrap(), 1).unwrap();
        assert_eq!(e.asked(), 1);
        assert!(!moves.is_empty());
        assert!(moves.windows(2).all(|w| w[0].equity >= w[1].equity));
        assert!(moves.iter().all(|m| m.plies == 1 && m.probs.is_none()));
        // The engine's first move is its best.
        let best = e.best_move(&pos, Dice::new(6, 5).unwrap(), 1).unwrap();
        assert_eq!(best.as_ref(), moves.first());
        assert!(matches!(
            e.evaluate(&pos, 0),
            Err(ReferenceError::Refused { .. })
        ));
        assert_eq!(e.info().unwrap().to_string(), "Scripted engine 1");
    }
}
