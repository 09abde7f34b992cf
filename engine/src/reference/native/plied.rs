//! gnubg's cubeful n-ply evaluation (its `EvaluatePositionCubeful3` with the cache and
//! `EvaluatePositionCubeful4`): a list of cube positions carried down the same walk as the
//! cubeless search ([`Search::replies`], the move of each roll chosen with the mover's cube
//! info), each ply doubling the list (the cube as it is, and doubled and taken where the side
//! on roll may double, gnubg's `MakeCubePos`); at the leaves the 0-ply cubeful value of each
//! cube position (`cubeful.rs`: two-sided exact, Janowski for money, its match
//! generalisation, the cube's efficiency by class), at inner nodes the 21 rolls averaged
//! with the sides swapped, then the side on roll's cube action (gnubg's `GetECF3`). Learnt
//! from gnubg 1.07's `eval.c` and written anew.

use super::cubeful::{CubeInfo, cube_position_equity, utility_me, with_cube_action};
use super::evaluator::{
    Leaf, NativeError, NativeEvaluator, NetOutput, PositionClass, classify, efficiency,
};
use super::inputs::Board;
use super::inputs::pack;
use super::search::{MoveScoring, Search, inverted};

/// A cube position of the list, `None` where gnubg marks it unavailable (`nCube = -1`).
pub type CubePosition = Option<CubeInfo>;

/// The context of a cube position in the cache (what gnubg's `EvalKey` keeps, laid out anew).
fn context(plies: u8, ci: &CubeInfo) -> u32 {
    let owner = match ci.owner {
        None => 2,
        Some(o) if o == ci.on_roll => 1,
        Some(_) => 0,
    };
    let mut k = plies as u32 | (ci.on_roll as u32) << 4 | owner << 5;
    if ci.is_match() {
        let away = |p: usize| (ci.match_to - ci.score[p] - 1) as u32 & 0x3f;
        k |= 1 << 7
            | away(ci.on_roll) << 8
            | away(1 - ci.on_roll) << 14
            | (ci.cube.max(1).ilog2()) << 20
            | (ci.crawford as u32) << 27;
    } else {
        k |= (ci.jacoby as u32) << 28 | (ci.beavers as u32) << 29;
    }
    k
}

/// gnubg's `MakeCubePos`: for each cube position the cube as it is and — below the top, where
/// its side on roll may double — doubled and taken; `invert` hands them to the other side.
pub fn next_cube_positions(cubes: &[CubePosition], top: bool, invert: bool) -> Vec<CubePosition> {
    let turn = |c: CubeInfo| if invert { c.for_opponent() } else { c };
    let mut out = Vec::with_capacity(2 * cubes.len());
    for c in cubes {
        out.push(c.map(turn));
        out.push(match c {
            Some(c) if !top && c.may_double() => Some(turn(c.doubled())),
            _ => None,
        });
    }
    out
}

/// gnubg's `GetECF3`: from the values of the pairs (no double, doubled and taken) of
/// `positions`, the side on roll's value of each with its cube action.
fn with_cube_actions(values: &[f32], positions: &[CubePosition], out: &mut [f32]) {
    for (i, o) in out.iter_mut().enumerate() {
        let nd = values[2 * i];
        *o = match (&positions[2 * i], &positions[2 * i + 1]) {
            (Some(ci), Some(_)) => {
                let taken = values[2 * i + 1];
                let dt = if ci.is_match() { taken } else { 2.0 * taken };
                with_cube_action(nd, dt, ci.double_pass())
            }
            _ => nd,
        };
    }
}

impl Search {
    /// gnubg's cubeful evaluation of `b` (`[opponent, player]`, the player on roll) at
    /// `plies` for each cube position of `cubes`, the moves of the walk chosen with `mover`'s
    /// cube info: the cubeless probabilities, and into `values` (one per cube position) the
    /// side on roll's cubeful value — money per cube, a match its MWC — with its cube action,
    /// or at the `top` of a cube decision without it (gnubg's `fTop`: the caller gives the
    /// no double and double/take positions and weighs the action itself).
    #[allow(clippy::too_many_arguments)]
    pub fn evaluate_cubeful(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        cubes: &[CubePosition],
        mover: &CubeInfo,
        plies: u8,
        top: bool,
        values: &mut [f32],
    ) -> Result<NetOutput, NativeError> {
        let key = pack(b);
        if !top {
            let mut probs = None;
            let mut all = true;
            for (i, c) in cubes.iter().enumerate() {
                let Some(ci) = c else { continue };
                match self.cubeful.get(&key, context(plies, ci)) {
                    Some((p, v)) => {
                        probs = Some(p);
                        values[i] = v;
                    }
                    None => {
                        all = false;
                        break;
                    }
                }
            }
            if let (true, Some(p)) = (all, probs) {
                return Ok(p);
            }
        }
        let probs = self.evaluate_cubeful_uncached(ev, b, cubes, mover, plies, top, values)?;
        if !top {
            for (i, c) in cubes.iter().enumerate() {
                if let Some(ci) = c {
                    self.cubeful
                        .put(key, context(plies, ci), (probs, values[i]));
                }
            }
        }
        Ok(probs)
    }

    #[allow(clippy::too_many_arguments)]
    fn evaluate_cubeful_uncached(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        cubes: &[CubePosition],
        mover: &CubeInfo,
        plies: u8,
        top: bool,
        values: &mut [f32],
    ) -> Result<NetOutput, NativeError> {
        let class = classify(b);
        // gnubg looks ahead but at the game's end; in money play the two-sided database's
        // exact cubeful equities end the search too.
        let inner = class != PositionClass::Over
            && plies > 0
            && (class != PositionClass::BearoffTwoSided || mover.is_match());
        if !inner {
            let leaf = if class == PositionClass::BearoffTwoSided {
                ev.leaf_of(b)?
            } else {
                // The 0-ply probabilities through the shared table (the threads' moves share
                // many leaves).
                let pips: u32 = (0..25).map(|i| (i as u32 + 1) * b[1][i] as u32).sum();
                Leaf {
                    probs: self.evaluate(ev, b, 0)?,
                    class,
                    efficiency: efficiency(class, pips),
                    exact: None,
                }
            };
            let positions = next_cube_positions(cubes, top, false);
            let each: Vec<f32> = positions
                .iter()
                .map(|c| c.as_ref().map_or(0.0, |ci| cube_position_equity(&leaf, ci)))
                .collect();
            with_cube_actions(&each, &positions, values);
            return Ok(leaf.probs);
        }
        let children = next_cube_positions(cubes, top, true);
        let theirs = mover.for_opponent();
        let mut probs = [0f32; 5];
        let mut sums = vec![0f32; children.len()];
        let mut child = vec![0f32; children.len()];
        self.replies(
            ev,
            b,
            MoveScoring::Cubeful(*mover),
            |search, weight, after| {
                let p = search.evaluate_cubeful(
                    ev,
                    after,
                    &children,
                    &theirs,
                    plies - 1,
                    false,
                    &mut child,
                )?;
                for i in 0..5 {
                    probs[i] += weight * p[i];
                }
                for (s, c) in sums.iter_mut().zip(&child) {
                    *s += weight * c;
                }
                Ok(())
            },
        )?;
        // Back to the side on roll's view: money negated, a match's MWC one minus.
        let probs = inverted(&probs.map(|x| x * (1.0 / 36.0)));
        for s in &mut sums {
            *s = if mover.is_match() {
                1.0 - *s * (1.0 / 36.0)
            } else {
                -*s * (1.0 / 36.0)
            };
        }
        let positions = next_cube_positions(cubes, top, false);
        with_cube_actions(&sums, &positions, values);
        Ok(probs)
    }

    /// gnubg's cubeful `ScoreMove` of the move to `after` at `plies` for the mover of `ci`:
    /// the opponent's position judged with its cube action, turned back to the mover's view
    /// (money negated; a match one minus the MWC, normalised at the mover's cube), the
    /// mover's cubeless equity (gnubg's secondary score) and probabilities.
    pub(super) fn score_cubeful(
        &mut self,
        ev: &NativeEvaluator,
        after: &Board,
        plies: u8,
        ci: &CubeInfo,
    ) -> Result<(f32, f32, NetOutput), NativeError> {
        let theirs = ci.for_opponent();
        let mut value = [0f32; 1];
        let p = self.evaluate_cubeful(
            ev,
            &[after[1], after[0]],
            &[Some(theirs)],
            &theirs,
            plies,
            false,
            &mut value,
        )?;
        let equity = if ci.is_match() {
            ci.mwc_to_equity(1.0 - value[0])
        } else {
            -value[0]
        };
        Ok((equity, -utility_me(&p, &theirs), inverted(&p)))
    }

    /// gnubg's cube decision of the side on roll of `b` at `plies` (its
    /// `GeneralCubeDecisionE`): the probabilities, and the no double and double/take values
    /// (money per cube, the double/take per the doubled cube; a match MWC).
    pub fn cube_values(
        &mut self,
        ev: &NativeEvaluator,
        b: &Board,
        ci: &CubeInfo,
        plies: u8,
    ) -> Result<(NetOutput, f32, f32), NativeError> {
        let mut values = [0f32; 2];
        let p = self.evaluate_cubeful(
            ev,
            b,
            &[Some(*ci), Some(ci.doubled())],
            ci,
            plies,
            true,
            &mut values,
        )?;
        Ok((p, values[0], values[1]))
    }
}
