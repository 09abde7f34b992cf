//! gnubg's luck analysis of a match in process (its `LuckAnalysis`, 0-ply cubeful whatever
//! the review's depth): per roll, the roller's best cubeful equity with the roll less the mean
//! over the rolls — the 21 weighted by their chances, or for the game's first roll (the
//! opening board, no double) the 30 non-doubles with either side to roll; and each game's
//! actual result as gnubg's statistics count it.

use super::cubeful::{self, CubeInfo};
use super::evaluator::{NativeError, NativeEvaluator};
use super::met;
use crate::core::dice::Dice;
use crate::core::formats::encode_position_id;
use crate::core::moves::MoveGenerator;
use crate::core::position::{Position, Side};
use crate::matches::read_mat;
use crate::reference::{GameLuck, MatchContext, Roll, RollLuck};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A quick hasher for the positions of [`Seen`]: a multiply and a rotation a word (FxHash's
/// step), the bytes taken eight at a time. The keys are boards the move generator made, not
/// input from outside, so nothing needs the default hasher's guard against chosen
/// collisions; its SipHash took about 3 % of the review's CPU samples.
#[derive(Default)]
struct QuickHasher(u64);

impl QuickHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }

    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// The values of the positions after a move already met, at one cube (see [`best`]); one
/// map a thread, emptied for each roll.
type Seen = HashMap<Position, f32, BuildHasherDefault<QuickHasher>>;

/// The roller's best 0-ply cubeful equity with `dice` (gnubg's first move of its hint at
/// 0 plies: normalised at its cube in a match), or with no legal move the position's cubeful
/// equity with the other side on roll, turned to the roller's view. `seen` keeps the value of
/// each position after a move at this `ci` (rolls of the same pips often reach the same
/// positions: 4-1 and 3-2 both play 13/8), so each is evaluated once.
fn best(
    evaluator: &NativeEvaluator,
    moves: &mut MoveGenerator,
    seen: &mut Seen,
    pos: &Position,
    dice: Dice,
    ci: &CubeInfo,
) -> Result<f32, NativeError> {
    let theirs = ci.for_opponent();
    // The other side's value, on roll after the play, as the roller's normalised equity.
    let mine = |v: f32| {
        if ci.is_match() {
            ci.mwc_to_equity(1.0 - v)
        } else {
            -v
        }
    };
    let plays = moves.generate(pos, dice);
    if plays.is_empty() {
        let leaf = evaluator.leaf(&pos.mirror())?;
        return Ok(mine(cubeful::cubeful_equity(&leaf, &theirs)));
    }
    let mut out = f32::NEG_INFINITY;
    for play in plays {
        let value = match seen.get(&play.result) {
            Some(&v) => v,
            None => {
                let leaf = evaluator.leaf(&play.result.mirror())?;
                let v = mine(cubeful::cubeful_equity(&leaf, &theirs));
                seen.insert(play.result, v);
                v
            }
        };
        out = out.max(value);
    }
    Ok(out)
}

/// gnubg's luck (EMG) of `dice` rolled in `pos` (the roller on roll) at `ci`; `seen` is the
/// thread's map, emptied first.
fn roll_luck(
    evaluator: &NativeEvaluator,
    moves: &mut MoveGenerator,
    seen: &mut Seen,
    pos: &Position,
    dice: Dice,
    ci: &CubeInfo,
) -> Result<f32, NativeError> {
    let (high, low) = (dice.high(), dice.low());
    let roll = |a: u8, b: u8| Dice::new(a, b).expect("1 to 6");
    let opening = pos.sides() == Position::opening(Side::White).sides();
    let mut mean = 0f32;
    let mut actual = 0f32;
    seen.clear();
    if opening && high != low {
        let other = ci.for_opponent();
        let flipped = pos.mirror();
        for i in 1..=6u8 {
            for j in 1..i {
                let v = best(evaluator, moves, seen, pos, roll(i, j), ci)?;
                if (i, j) == (high, low) {
                    actual = v;
                }
                mean += v;
            }
        }
        // The other side's positions, at its cube.
        seen.clear();
        for i in 1..=6u8 {
            for j in i + 1..=6 {
                mean += -best(evaluator, moves, seen, &flipped, roll(i, j), &other)?;
            }
        }
        return Ok(actual - mean / 30.0);
    }
    for i in 1..=6u8 {
        for j in 1..=i {
            let v = best(evaluator, moves, seen, pos, roll(i, j), ci)?;
            if (i, j) == (high, low) {
                actual = v;
            }
            mean += if i == j { v } else { v * 2.0 };
        }
    }
    Ok(actual - mean / 36.0)
}

/// The luck of every roll of `rolls` (per game, as bgw read them) and each game's actual
/// result from the MAT text `mat` (the file's first player, then the second: the MWC after
/// the game less before it in a match, the points in money play). Money play is judged
/// under the rules the file is read with (an untagged MAT money session: the Jacoby rule, as
/// gnubg imports one). The rolls are shared out over `threads` threads (each roll's luck is
/// its own: the figures do not depend on it).
pub(super) fn match_luck(
    evaluator: &NativeEvaluator,
    mat: &str,
    rolls: &[Vec<Roll>],
    threads: usize,
) -> Result<Vec<GameLuck>, String> {
    let m = read_mat(mat).map_err(|e| format!("the match does not read: {e}"))?;
    if m.games.len() != rolls.len() {
        return Err(format!(
            "the match has {} games, the rolls {}",
            m.games.len(),
            rolls.len()
        ));
    }
    let mut work = Vec::with_capacity(rolls.iter().map(Vec::len).sum());
    for r in rolls.iter().flatten() {
        let at = MatchContext::from_match_id(r.match_id, m.rules.jacoby, false);
        let ci = CubeInfo::of(&at)
            .ok_or_else(|| format!("{} is beyond gnubg's tables", at.describe()))?;
        work.push((r, ci));
    }
    let lucks = rolls_luck(evaluator, &work, threads);
    let mut lucks = lucks.into_iter();
    let table = met::gnubg_default();
    let mut out = Vec::with_capacity(rolls.len());
    for (game, game_rolls) in m.games.iter().zip(rolls) {
        let mut game_lucks = Vec::with_capacity(game_rolls.len());
        for r in game_rolls {
            let (luck, ci) = lucks.next().expect("one luck a roll");
            let luck = luck.map_err(|e| e.to_string())?;
            let mwc = if ci.is_match() {
                ci.equity_to_mwc(luck) - ci.equity_to_mwc(0.0)
            } else {
                ci.cube as f32 * luck
            };
            game_lucks.push(RollLuck {
                position: encode_position_id(&r.position),
                dice: [r.dice.high(), r.dice.low()],
                emg: luck as f64,
                mwc: mwc as f64,
            });
        }
        let mut actual = [0f64; 2];
        if let Some(result) = &game.result {
            let w = result.winner;
            let gained = if m.match_length > 0 {
                let len = i32::from(m.match_length);
                let score = game.score.map(i32::from);
                let points = result.points as i32;
                (table.me(score, len, w, points, w, game.crawford)
                    - table.me_at_score(score, len, w, game.crawford)) as f64
            } else {
                result.points as f64
            };
            actual[w] = gained;
            actual[1 - w] = -gained;
        }
        out.push(GameLuck {
            rolls: game_lucks,
            actual,
        });
    }
    Ok(out)
}

/// The luck of each roll of `work` (the roll and the roller's cube info), in its order, the
/// rolls taken by `threads` threads as each becomes free.
fn rolls_luck(
    evaluator: &NativeEvaluator,
    work: &[(&Roll, CubeInfo)],
    threads: usize,
) -> Vec<(Result<f32, NativeError>, CubeInfo)> {
    let next = AtomicUsize::new(0);
    let run = || {
        let mut moves = MoveGenerator::new();
        let mut seen = Seen::default();
        let mut done = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some((r, ci)) = work.get(k) else {
                return done;
            };
            let luck = roll_luck(evaluator, &mut moves, &mut seen, &r.position, r.dice, ci);
            done.push((k, luck));
        }
    };
    let threads = threads.clamp(1, work.len().max(1));
    let mut done = std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|_| s.spawn(run)).collect();
        let mut done = run();
        for t in others {
            done.extend(t.join().expect("a luck thread does not panic"));
        }
        done
    });
    done.sort_by_key(|(k, _)| *k);
    done.into_iter()
        .zip(work)
        .map(|((_, luck), (_, ci))| (luck, *ci))
        .collect()
}
