//! The native evaluator behind the reference-engine seam.

use super::cubeful::{self, CubeInfo};
use super::evaluator::{NativeError, NativeEvaluator, NetOutput, PositionClass, cubeless_equity};
use super::search::{MAX_PLIES, MoveFilters, MoveScoring, ScoredMove, Search, inverted};
use crate::core::dice::Dice;
use crate::core::moves::{MoveGenerator, Play};
use crate::core::position::Position;
use crate::reference::{
    CubeDecision, CubeMwc, CubePoints, EngineInfo, Evaluation, LivePoints, MatchContext, MoveEval,
    ReferenceEngine, ReferenceError, money_points,
};

/// gnubg's nets evaluated in process, as a [`ReferenceEngine`]: cubeless money at 0, 1 and 2
/// plies ([`ReferenceEngine::rank_moves`], [`ReferenceEngine::evaluate`],
/// [`ReferenceEngine::best_move`]), evaluations and hint lists as gnubg's; cubeful at a match
/// state at 0, 1 and 2 plies ([`ReferenceEngine::rank_moves_at`],
/// [`ReferenceEngine::analyse_moves_at`], the cube decision
/// [`ReferenceEngine::cube_decision`]); the luck of a match's rolls at 0 plies
/// ([`ReferenceEngine::match_luck`]); deeper plies and rollouts are refused, saying what is not
/// covered.
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

    /// Ranks a roll's moves at 1 ply and deeper, and judges a match's luck, on `threads` threads (by default as many as
    /// the machine has cores; 1 where the caller already spreads its work over the cores).
    pub fn set_threads(&mut self, threads: usize) {
        self.search.set_threads(threads);
    }

    /// Forgets the evaluations the engine keeps from call to call (gnubg's cache).
    pub fn clear_cache(&mut self) {
        self.search.clear_cache();
    }

    fn refuse(&self, e: NativeError) -> ReferenceError {
        refused(e.to_string())
    }

    /// gnubg's cube info for `at`, or the refusal of a match beyond gnubg's tables.
    fn cube_info(&self, at: &MatchContext) -> Result<CubeInfo, ReferenceError> {
        CubeInfo::of(at).ok_or_else(|| {
            self.refuse(NativeError::NotCovered(format!(
                "the match state {} (gnubg's tables reach 64 points and a 64-cube)",
                at.describe()
            )))
        })
    }

    /// gnubg's cubeful value of `pos` for the side on roll before its roll at the cube info
    /// `ci` and `plies` (0 to [`MAX_PLIES`]), its cube action counted (the "Cubeful" column of
    /// gnubg's `eval`): money per cube; in a match the match-winning chance.
    pub fn cubeful_value(
        &mut self,
        pos: &Position,
        ci: &CubeInfo,
        plies: u8,
    ) -> Result<f32, NativeError> {
        if plies > MAX_PLIES {
            return Err(NativeError::NotCovered(format!(
                "{plies}-ply evaluations (0 to {MAX_PLIES} plies so far)"
            )));
        }
        if plies == 0 {
            return Ok(cubeful::cubeful_equity(&self.evaluator.leaf(pos)?, ci));
        }
        let mut v = [0f32];
        self.search.evaluate_cubeful(
            &self.evaluator,
            &pos.sides(),
            &[Some(*ci)],
            ci,
            plies,
            false,
            &mut v,
        )?;
        Ok(v[0])
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

    /// Cubeful figures (at a match state, the cube) are covered at 0 to [`MAX_PLIES`].
    fn check_cubeful_plies(&self, plies: u8) -> Result<(), ReferenceError> {
        if plies <= MAX_PLIES {
            Ok(())
        } else {
            Err(self.refuse(NativeError::NotCovered(format!(
                "{plies}-ply cubeful evaluations and cube decisions (0 to {MAX_PLIES} plies so far)"
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
        self.ranked(pos, dice, plies, filters, MoveScoring::Money)
    }

    /// The legal moves of `dice` in `pos` as gnubg's hint lists them at the match state `at`
    /// and `plies` (1 or more) with the move filters `filters`, cubeful, best first
    /// ([`MoveFilters::ALL`]: [`ReferenceEngine::rank_moves_at`]; [`MoveFilters::HINT`]: what
    /// gnubg's own `hint` shows). Each move's [`MoveEval::plies`] is the depth it got.
    pub fn rank_moves_at_filtered(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
        filters: &MoveFilters,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.check_cubeful_plies(plies)?;
        let ci = self.cube_info(at)?;
        self.ranked(pos, dice, plies, filters, MoveScoring::Cubeful(ci))
    }

    /// The hint list of `dice` in `pos` at `plies` with `filters`, judged by `judge`
    /// (cubeless money, or cubeful with the mover's cube info: then in a match each move's
    /// MWC beside its normalised equity).
    fn ranked(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        filters: &MoveFilters,
        judge: MoveScoring,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.check_plies(plies)?;
        let scored = self
            .search
            .hint_at(
                &self.evaluator,
                &pos.sides(),
                dice.high(),
                dice.low(),
                plies,
                filters,
                judge,
            )
            .map_err(|e| self.refuse(e))?;
        let plays = self.moves.generate(pos, dice);
        let mut out = Vec::with_capacity(scored.len());
        for m in &scored {
            let result = Position::from_sides(pos.on_roll(), &m.board[1], &m.board[0]).ok();
            let Some(play) = plays.iter().find(|p| Some(p.result) == result) else {
                return Err(refused(format!(
                    "gnubg's move generation found a result bgw's did not ({} with {dice})",
                    crate::core::formats::encode_position_id(pos)
                )));
            };
            out.push(move_eval(play, m, judge));
        }
        if out.len() != plays.len() {
            return Err(refused(format!(
                "gnubg's move generation found {} results, bgw's {}",
                out.len(),
                plays.len()
            )));
        }
        Ok(out)
    }
}

/// The name the native engine's messages go by.
pub(crate) const NATIVE_NAME: &str = "gnubg (native)";

/// What every native refusal adds: who does what it does not cover yet.
pub const PROCESS_DOES_IT: &str = "the gnubg program does it: choose --reference process (in the \
     app: View, Judge: gnubg's program)";

/// A refusal of the native engine: `why`, and who does it ([`PROCESS_DOES_IT`]).
fn refused(why: String) -> ReferenceError {
    ReferenceError::Refused {
        engine: NATIVE_NAME,
        why: format!("{why}; {PROCESS_DOES_IT}"),
    }
}

/// The move `play` as scored (`m`) by `judge`, in a match with its MWC beside.
fn move_eval(play: &Play, m: &ScoredMove, judge: MoveScoring) -> MoveEval {
    MoveEval {
        notation: play.mv.notation(),
        equity: m.equity as f64,
        probs: Some(widened(&m.probs)),
        plies: m.plies,
        mwc: match judge {
            MoveScoring::Cubeful(ci) if ci.is_match() => Some(ci.equity_to_mwc(m.equity) as f64),
            _ => None,
        },
    }
}

fn widened(p: &NetOutput) -> [f64; 5] {
    p.map(|x| x as f64)
}

impl ReferenceEngine for NativeEngine {
    fn name(&self) -> &'static str {
        NATIVE_NAME
    }

    /// One a core: the nets compute throughout, and each engine keeps 100 MB of caches.
    fn engines_a_core(&self) -> usize {
        1
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

    /// gnubg's hint at the match state `at`, every move at `plies` (deeper than 0 through the
    /// cubeful search, [`Search::hint_at`] with [`MoveScoring::Cubeful`]). At 0 plies each move's
    /// position judged from the other side's view with its cube action ([`cubeful::cubeful_equity`]), turned back to the
    /// mover's (money: negated; match: one minus the MWC, then normalised at the mover's
    /// cube); best first by that, then by the cubeless equity (gnubg's `CompareMoves`).
    fn rank_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        self.check_cubeful_plies(plies)?;
        let ci = self.cube_info(at)?;
        if plies > 0 {
            return self.ranked(
                pos,
                dice,
                plies,
                &MoveFilters::ALL,
                MoveScoring::Cubeful(ci),
            );
        }
        let theirs = ci.for_opponent();
        let plays = self.moves.generate(pos, dice).to_vec();
        let mut scored = Vec::with_capacity(plays.len());
        for play in plays {
            let leaf = self
                .evaluator
                .leaf(&play.result.mirror())
                .map_err(|e| self.refuse(e))?;
            let value = cubeful::cubeful_equity(&leaf, &theirs);
            let second = -cubeful::utility_me(&leaf.probs, &theirs);
            let (equity, mwc) = if ci.is_match() {
                let mwc = 1.0 - value;
                (ci.mwc_to_equity(mwc), Some(mwc as f64))
            } else {
                (-value, None)
            };
            let eval = MoveEval {
                notation: play.mv.notation(),
                equity: equity as f64,
                probs: Some(widened(&inverted(&leaf.probs))),
                plies: 0,
                mwc,
            };
            scored.push((equity, second, eval));
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.total_cmp(&a.1)));
        Ok(scored.into_iter().map(|(_, _, e)| e).collect())
    }

    /// No rollouts: refused, saying who does them.
    fn rollout(
        &mut self,
        _pos: &Position,
        _plays: &[crate::core::moves::Play],
        _settings: &crate::reference::RolloutSettings,
        _at: &MatchContext,
        _progress: crate::reference::RolloutProgress<'_>,
    ) -> Result<Vec<crate::reference::RolloutResult>, ReferenceError> {
        Err(refused("it has no rollouts".into()))
    }

    /// gnubg's luck analysis (`analyse match` with its luck: 0-ply cubeful): each roll's
    /// luck and each game's actual result; money play under the rules the file is read with.
    /// The rolls are shared out over the engine's threads ([`NativeEngine::set_threads`]).
    fn match_luck(
        &mut self,
        mat: &str,
        rolls: &[Vec<crate::reference::Roll>],
    ) -> Result<Vec<crate::reference::GameLuck>, ReferenceError> {
        super::luck::match_luck(&self.evaluator, mat, rolls, self.search.threads()).map_err(refused)
    }

    /// gnubg's hint list: its default move filter ([`MoveFilters::HINT`]) at 1 ply or more,
    /// each move at the plies it got; at 0 plies every move at 0 plies.
    fn hint_moves(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<&MatchContext>,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        match (at, plies) {
            (Some(at), 0) => self.rank_moves_at(pos, dice, plies, at),
            (None, 0) => self.rank_moves(pos, dice, plies),
            (Some(at), _) => self.rank_moves_at_filtered(pos, dice, plies, at, &MoveFilters::HINT),
            (None, _) => self.rank_moves_filtered(pos, dice, plies, &MoveFilters::HINT),
        }
    }

    /// gnubg's analysis of a roll's moves at `at`: cubeful with the move filter of its
    /// `analyse match` ([`MoveFilters::ANALYSIS`]), each move at the plies it got; at 0 plies
    /// every move at 0 plies ([`Self::rank_moves_at`]).
    fn analyse_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        if plies == 0 {
            return self.rank_moves_at(pos, dice, plies, at);
        }
        self.check_cubeful_plies(plies)?;
        let ci = self.cube_info(at)?;
        self.ranked(
            pos,
            dice,
            plies,
            &MoveFilters::ANALYSIS,
            MoveScoring::Cubeful(ci),
        )
    }

    /// The moves to `results` alone at the full `plies`, cubeful at `at` (at 0 plies every
    /// move, [`Self::rank_moves_at`]): each as gnubg's analysis rates a move played that its
    /// filter left lower. A result no legal move of `dice` leaves is refused.
    fn rate_moves_at(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
        results: &[Position],
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        if plies == 0 {
            return self.rank_moves_at(pos, dice, plies, at);
        }
        self.check_cubeful_plies(plies)?;
        let ci = self.cube_info(at)?;
        let plays = self.moves.generate(pos, dice).to_vec();
        let mut asked = Vec::with_capacity(results.len());
        for result in results {
            let Some(play) = plays.iter().find(|p| p.result == *result) else {
                return Err(refused(format!(
                    "no legal move of {dice} in {} leaves {}",
                    crate::core::formats::encode_position_id(pos),
                    crate::core::formats::encode_position_id(result)
                )));
            };
            asked.push(play);
        }
        let boards: Vec<_> = asked.iter().map(|p| p.result.sides()).collect();
        let judge = MoveScoring::Cubeful(ci);
        let scored = self
            .search
            .score_boards(&self.evaluator, &boards, plies, judge)
            .map_err(|e| self.refuse(e))?;
        Ok(asked
            .iter()
            .zip(&scored)
            .map(|(play, m)| move_eval(play, m, judge))
            .collect())
    }

    /// gnubg's cube decision at `plies` (its `cfevaluate`, what `hint` prints before the
    /// roll): no double, double/take, double/pass and the action in gnubg's words; the
    /// cubeless probabilities and equity (deeper than 0 of a cubeless evaluation at the plies,
    /// as gnubg's `hint` gives them); in a match the MWC of each and gnubg's market window, in
    /// money play the take and cash points of gnubg's money formulas.
    fn cube_decision(
        &mut self,
        pos: &Position,
        at: &MatchContext,
        plies: u8,
    ) -> Result<CubeDecision, ReferenceError> {
        self.check_cubeful_plies(plies)?;
        let ci = self.cube_info(at)?;
        if self.evaluator.classify(pos) == PositionClass::Over {
            return Err(refused(
                "the game is over: a side has no checkers left".into(),
            ));
        }
        // gnubg's market window takes its gammon rates from an evaluation at the plies of its
        // cube decisions, cubeless but with the moves of the walk chosen cubefully.
        let mut window_probs = None;
        let (nd, dt, dp, action, probs) = if plies == 0 {
            let leaf = self.evaluator.leaf(pos).map_err(|e| self.refuse(e))?;
            let (nd, dt, dp, action) = cubeful::cube_decision(&leaf, &ci);
            let probs = self.evaluator.evaluate(pos).map_err(|e| self.refuse(e))?;
            (nd, dt, dp, action, probs)
        } else {
            let board = pos.sides();
            let (_, nd, dt) = self
                .search
                .cube_values(&self.evaluator, &board, &ci, plies)
                .map_err(|e| self.refuse(e))?;
            // gnubg's `hint` gives the cubeless figures of a cubeless evaluation at the plies
            // (its moves weighed by the cube info's gammon prices; for money that is the
            // cubeless money search, whose evaluations the table keeps).
            let cubeless = if ci.is_match() {
                MoveScoring::Cubeless(ci)
            } else {
                MoveScoring::Money
            };
            let probs = self
                .search
                .evaluate_judged(&self.evaluator, &board, plies, cubeless)
                .map_err(|e| self.refuse(e))?;
            if ci.is_match() {
                let p = self
                    .search
                    .evaluate_judged(&self.evaluator, &board, plies, MoveScoring::Cubeful(ci))
                    .map_err(|e| self.refuse(e))?;
                window_probs = Some(p);
            }
            let (nd, dt, dp) = if ci.is_match() {
                let e = |mwc: f32| ci.mwc_to_equity(mwc);
                (e(nd), e(dt), e(ci.double_pass()))
            } else {
                (nd, 2.0 * dt, ci.double_pass())
            };
            let action = cubeful::best_action(nd, dt, dp, probs[1] > 0.0, &ci);
            (nd, dt, dp, action, probs)
        };
        let cubeless = cubeful::utility_me(&probs, &ci);
        let (mwc, points) = if ci.is_match() {
            let m = |eq: f32| ci.equity_to_mwc(eq) as f64;
            let window = window_probs.unwrap_or(probs);
            let points = cubeful::market_window(&window, &ci).map(|(cash, second)| CubePoints {
                take_point: 1.0 - cash as f64,
                cash_point: cash as f64,
                live: second.map(|c| LivePoints {
                    take_point: 1.0 - c as f64,
                    cash_point: c as f64,
                }),
            });
            (
                Some(CubeMwc {
                    no_double: m(nd),
                    double_take: m(dt),
                    double_pass: m(dp),
                    cubeless: m(cubeless),
                }),
                points,
            )
        } else {
            (None, Some(money_points(&widened(&probs))))
        };
        Ok(CubeDecision {
            plies,
            no_double: nd as f64,
            double_take: dt as f64,
            double_pass: dp as f64,
            action: action.words().to_string(),
            probs: widened(&probs),
            cubeless: cubeless as f64,
            mwc,
            points,
        })
    }
}
