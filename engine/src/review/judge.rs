//! A match reviewed as gnubg's own `analyse match` reviews it: every decision judged by a
//! reference engine at its own match state (score, cube, Crawford — cubeful), at one depth;
//! each checker play's loss against the engine's best and gnubg's marks; each cube action's
//! error (and the doubles not made where the engine would have doubled); beside them the
//! classic program's own choice on the same decisions and what it would have lost. Per
//! player: unforced moves, the error rate in mEMG per unforced move as gnubg prints it, the
//! marks, the cube errors, and the classic's error rate.
//!
//! The decisions are judged on several threads, each with an engine of its own (one gnubg
//! process a thread); every verdict is handed to a callback as it comes, so a caller can show
//! them while the rest are judged, and the work stops at the task's cancellation.

use super::luck::MatchLuck;
use super::statistics::Statistics;
use super::verdict::{
    CubeVerdict, ENGINE_FAILED, Mark, MoveVerdict, Reviewed, Verdict, doubler_decision,
};
use crate::core::moves::{MoveGenerator, Play};
use crate::core::task::Task;
use crate::evaluation::classic::{ClassicPlayer, Weights, Why};
use crate::matches::{Checkers, Decision, DecisionKind, Legality, Match};
use crate::reference::{
    CubeDecision, MatchContext, MoveEval, ReferenceEngine, ReferenceError, match_to_plays,
};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

/// How many engines like `engine` a review runs at once when the user does not say: its
/// [`ReferenceEngine::engines_a_core`] a core, at most 16. Two gnubg processes a core: gnubg
/// (1.07) answers each Python `evaluate`, `cfevaluate` and cubeful `hint` after polling its
/// worker every 10 ms, so one process spends most of a review idle (with one a core a 0-ply
/// review of a 7-point match took 2.4 times gnubg's own `analyse match`, with two it is
/// within it: docs/review.md, "Speed"). One native evaluator a core: more only share the
/// cores and fill more caches (a 2-ply review took 22.3 s with four on two cores against
/// 18.7 s with two).
pub fn default_engines_for(engine: &dyn ReferenceEngine) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (engine.engines_a_core().max(1) * cores).clamp(1, 16)
}

/// How a match is reviewed.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// The engine's depth.
    pub plies: u8,
    /// The classic program's weights.
    pub weights: Weights,
    /// How many engines judge at once (one thread each), at least 1.
    pub threads: usize,
}

/// One player's figures, as gnubg's match statistics give them, and the classic's beside.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayerSummary {
    /// The player's name.
    pub name: String,
    /// Checker plays with a choice (more than one legal result), judged.
    pub unforced_moves: usize,
    /// The checker plays' total loss (EMG).
    pub error_emg: f64,
    /// mEMG per unforced move, as gnubg prints its "error rate".
    pub error_rate_memg: f64,
    /// Checker plays marked doubtful.
    pub doubtful: usize,
    /// Checker plays marked bad.
    pub bad: usize,
    /// Checker plays marked very bad.
    pub very_bad: usize,
    /// The cube errors' total (EMG): doubles, takes, drops, and doubles not made.
    pub cube_error_emg: f64,
    /// Cube decisions judged.
    pub cube_decisions: usize,
    /// The classic program's error rate on the same unforced moves (mEMG per move).
    pub classic_error_rate_memg: f64,
    /// Checker plays illegal as recorded, which no engine rates (left out of the figures).
    pub illegal_moves: usize,
    /// The checker errors the classic program's terms were asked about, and how many of
    /// them its weighted terms explain (prefer the engine's best).
    pub classic_explains: Explains,
    /// The rest of gnubg's statistics block.
    #[serde(flatten)]
    pub statistics: Statistics,
}

/// How many checker errors the classic program's terms explain, in all, by the classic's
/// phase of the position and by gnubg's mark (the size of the error).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Explains {
    /// Checker errors (a legal move losing against the engine's best).
    pub errors: usize,
    /// Those whose best move the weighted terms prefer.
    pub explained: usize,
    /// The same by phase ("contact", "running", …).
    pub by_phase: std::collections::BTreeMap<&'static str, Explained>,
    /// The same by gnubg's mark ("none" for an error below 0.03, "doubtful", "bad", "very bad").
    pub by_size: std::collections::BTreeMap<&'static str, Explained>,
}

/// Errors and the explained ones among them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Explained {
    /// Checker errors.
    pub errors: usize,
    /// Those the weighted terms explain.
    pub explained: usize,
}

impl Explains {
    fn add(&mut self, phase: &'static str, mark: Mark, explained: bool) {
        let size = match mark {
            Mark::None => "none",
            m => m.words(),
        };
        self.errors += 1;
        self.explained += usize::from(explained);
        for e in [
            self.by_phase.entry(phase).or_default(),
            self.by_size.entry(size).or_default(),
        ] {
            e.errors += 1;
            e.explained += usize::from(explained);
        }
    }
}

/// The engine judging at its match state: the cubeful context of `d`.
fn context(m: &Match, d: &Decision) -> MatchContext {
    MatchContext::from_match_id(d.match_id, m.rules.jacoby, false)
}

/// Rates the moves to `results` again at `plies` (they were rated lower) and puts the new
/// ratings in `rated` in their places.
#[allow(clippy::too_many_arguments)]
fn rate_again(
    engine: &mut dyn ReferenceEngine,
    d: &Decision,
    dice: crate::core::dice::Dice,
    at: &MatchContext,
    plays: &[Play],
    rated: &mut [(usize, MoveEval)],
    results: &[crate::Position],
    plies: u8,
) -> Result<(), Failure> {
    let deeper = engine.rate_moves_at(&d.position, dice, plies, at, results)?;
    let deeper = match_to_plays(&d.position, dice, &deeper, plays, false)
        .map_err(|e| Failure::Answer(e.to_string()))?;
    for result in results {
        let found = deeper.iter().find(|(i, _)| plays[*i].result == *result);
        let slot = rated.iter_mut().find(|(i, _)| plays[*i].result == *result);
        match (found, slot) {
            (Some(f), Some(s)) => s.1 = f.1.clone(),
            _ => return Err(Failure::Answer("the engine did not rate a move".into())),
        }
    }
    Ok(())
}

/// The verdict on a checker play with no choice: no legal move, or one alone played as
/// recorded; nothing to rate, no loss.
fn forced_verdict(plays: &[Play]) -> MoveVerdict {
    let only = plays.first().map(|p| p.mv.notation()).unwrap_or_default();
    MoveVerdict {
        choices: plays.len(),
        rated: false,
        best: only.clone(),
        best_equity: 0.0,
        played_equity: Some(0.0),
        loss: Some(0.0),
        loss_mwc: Some(0.0),
        played_mwc: None,
        mark: Mark::None,
        classic: only,
        classic_loss: 0.0,
        why: None,
    }
}

/// Where in `rated` the move to `result` is.
fn place_of(
    plays: &[Play],
    rated: &[(usize, MoveEval)],
    result: &crate::Position,
) -> Result<usize, Failure> {
    rated
        .iter()
        .position(|(i, _)| plays[*i].result == *result)
        .ok_or_else(|| Failure::Answer("the engine did not rate a move".into()))
}

/// The equity and match winning chance of the move to `result` as `rated` holds it.
fn rating_of(
    plays: &[Play],
    rated: &[(usize, MoveEval)],
    result: &crate::Position,
) -> Result<(f64, Option<f64>), Failure> {
    let k = place_of(plays, rated, result)?;
    Ok((rated[k].1.equity, rated[k].1.mwc))
}

/// The best: the best of the moves rated deepest (a move the filter dropped early may look
/// better at its shallow ply than the best at the full depth; it is not the best), as its
/// play's index and its rating.
fn best_rated(rated: &[(usize, MoveEval)]) -> Option<(usize, &MoveEval)> {
    let deepest = rated.iter().map(|(_, m)| m.plies).max()?;
    rated
        .iter()
        .filter(|(_, m)| m.plies == deepest)
        .fold(None::<&(usize, MoveEval)>, |b, r| match b {
            Some(b) if b.1.equity >= r.1.equity => Some(b),
            _ => Some(r),
        })
        .map(|(i, m)| (*i, m))
}

/// Judges the checker play `c` of `d` with `engine`.
fn judge_move(
    engine: &mut dyn ReferenceEngine,
    at: &MatchContext,
    d: &Decision,
    c: &Checkers,
    options: &ReviewOptions,
    classic: &ClassicPlayer,
    generator: &mut MoveGenerator,
) -> Result<MoveVerdict, Failure> {
    let plies = options.plies;
    let plays: Vec<Play> = generator.generate(&d.position, c.dice).to_vec();
    let choices = plays.len();
    if plays.is_empty() || (choices == 1 && c.legality == Legality::Legal) {
        return Ok(forced_verdict(&plays));
    }
    let moves = engine.analyse_moves_at(&d.position, c.dice, plies, at)?;
    let mut rated = match_to_plays(&d.position, c.dice, &moves, &plays, true)
        .map_err(|e| Failure::Answer(e.to_string()))?;
    // The moves to these results rated again at these plies, in their places in `rated`.
    let mut again = |rated: &mut Vec<(usize, MoveEval)>, results: &[crate::Position], depth: u8| {
        rate_again(engine, d, c.dice, at, &plays, rated, results, depth)
    };
    if let Legality::Legal = c.legality {
        rate_played_as_gnubg(&plays, &mut rated, &c.result, plies, &mut again)?;
    }
    let played = match c.legality {
        Legality::Legal => Some(rating_of(&plays, &rated, &c.result)?),
        Legality::IllegalAsRecorded { .. } => None,
    };
    let played_equity = played.map(|p| p.0);
    let (best_i, best) =
        best_rated(&rated).ok_or_else(|| Failure::Answer("the engine rated no move".into()))?;
    let (best_equity, best_mwc, best_plies) = (best.equity, best.mwc, best.plies);
    let loss = played_equity.map(|e| (best_equity - e).max(0.0));
    // In a match the difference of the two MWCs (gnubg's eq2mwc is linear in the equity);
    // in money play cube × the loss.
    let cube = f64::from(d.match_id.cube_value());
    let loss_mwc = played.map(|(e, mwc)| match (best_mwc, mwc) {
        (Some(b), Some(p)) if at.is_match() => (b - p).max(0.0),
        _ => cube * (best_equity - e).max(0.0),
    });
    // The classic program's choice, at the depth of the best it is measured against.
    let choice = classic.choose_with_reason(&d.position, c.dice, &plays);
    let classic_result = plays[choice.index].result;
    if rated[place_of(&plays, &rated, &classic_result)?].1.plies < best_plies {
        again(&mut rated, &[classic_result], best_plies)?;
    }
    let (classic_equity, _) = rating_of(&plays, &rated, &classic_result)?;
    let why = loss
        .is_some_and(|l| l > 0.0)
        .then(|| Why::of(&c.result, &plays[best_i].result, &options.weights));
    Ok(MoveVerdict {
        choices,
        rated: true,
        best: plays[best_i].mv.notation(),
        best_equity,
        played_equity,
        loss,
        loss_mwc,
        played_mwc: played.and_then(|p| p.1).filter(|_| at.is_match()),
        mark: loss.map_or(Mark::None, Mark::of),
        classic: plays[choice.index].mv.notation(),
        classic_loss: (best_equity - classic_equity).max(0.0),
        why,
    })
}

/// Rates the moves to these results again at this depth, in their places in the ratings.
type RateAgain<'a> =
    dyn FnMut(&mut Vec<(usize, MoveEval)>, &[crate::Position], u8) -> Result<(), Failure> + 'a;

/// The move played (to `played`) rated as gnubg's `analyse match` rates it. Its analysis
/// move filter picks the moves rated at the full depth (a move it drops keeps the rating of
/// the ply that dropped it; when one move alone is left, nothing is rated deeper). Then, for
/// the move played: rated at the depth the filter reached when it was left lower, and when
/// the filter stopped early and the move played is more than a doubtful error (0.03) from
/// the first, both rated at the full depth `plies`. `again` rates moves deeper in `rated`.
fn rate_played_as_gnubg(
    plays: &[Play],
    rated: &mut Vec<(usize, MoveEval)>,
    played: &crate::Position,
    plies: u8,
    again: &mut RateAgain<'_>,
) -> Result<(), Failure> {
    let reached = rated.iter().map(|(_, m)| m.plies).max().unwrap_or(0);
    let k = place_of(plays, rated, played)?;
    if rated[k].1.plies < reached {
        again(rated, &[*played], reached)?;
    }
    let k = place_of(plays, rated, played)?;
    let first = rated[0].1.equity;
    if reached < plies && k != 0 && (rated[k].1.equity - first).abs() > Mark::DOUBTFUL_ABOVE {
        let top = plays[rated[0].0].result;
        again(rated, &[top, *played], plies)?;
    }
    Ok(())
}

/// The error of the cube action `kind` against the engine's `decision` (the doubler's
/// equities; a take or drop is the other side's answer).
fn cube_error(kind: &DecisionKind, decision: &CubeDecision) -> f64 {
    match kind {
        DecisionKind::Double { .. } => (decision.no_double - decision.if_doubled()).max(0.0),
        DecisionKind::Take | DecisionKind::Beaver { .. } => {
            (decision.double_take - decision.double_pass).max(0.0)
        }
        DecisionKind::Drop => (decision.double_pass - decision.double_take).max(0.0),
        _ => 0.0,
    }
}

/// Why the engine gave no verdict on a decision: its error, or an answer that does not fit
/// the position.
enum Failure {
    /// The engine's error (a time-out among them).
    Engine(ReferenceError),
    /// The engine answered, but not with what the decision needs.
    Answer(String),
}

impl From<ReferenceError> for Failure {
    fn from(e: ReferenceError) -> Failure {
        Failure::Engine(e)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Engine(e) => e.fmt(f),
            Failure::Answer(why) => f.write_str(why),
        }
    }
}

/// Judges decision `i` of game `g` with `engine`.
fn judge(
    engine: &mut dyn ReferenceEngine,
    m: &Match,
    g: usize,
    i: usize,
    options: &ReviewOptions,
    classic: &ClassicPlayer,
    generator: &mut MoveGenerator,
) -> Result<Verdict, Failure> {
    let decisions = &m.games[g].decisions;
    let d = &decisions[i];
    let at = context(m, d);
    match &d.kind {
        DecisionKind::Move(c) => {
            let play = judge_move(engine, &at, d, c, options, classic, generator)?;
            let doubled_before = i > 0
                && matches!(
                    decisions[i - 1].kind,
                    DecisionKind::Take | DecisionKind::Beaver { .. }
                );
            // The opening roll comes with no cube decision: the cube cannot be turned before
            // a game's first move (gnubg's analysis gives it none either).
            let opening = !decisions[..i]
                .iter()
                .any(|e| matches!(e.kind, DecisionKind::Move(_)));
            let no_double = if at.why_no_double().is_none() && !doubled_before && !opening {
                let decision = engine.cube_decision(&d.position, &at, options.plies)?;
                let error = if decision.doubles() {
                    decision.double_error()
                } else {
                    0.0
                };
                Some(CubeVerdict {
                    decision,
                    error,
                    mark: Mark::of(error),
                })
            } else {
                None
            };
            Ok(Verdict::Move { play, no_double })
        }
        DecisionKind::Double { .. }
        | DecisionKind::Take
        | DecisionKind::Drop
        | DecisionKind::Beaver { .. } => {
            if matches!(d.kind, DecisionKind::Beaver { .. }) {
                return Ok(Verdict::NotJudged(NOT_ANALYSED_BEAVER.into()));
            }
            let Some(doubler) = doubler_decision(decisions, i) else {
                return Ok(Verdict::NotJudged("no double before this answer".into()));
            };
            let at = context(m, doubler);
            let decision = engine.cube_decision(&doubler.position, &at, options.plies)?;
            let error = cube_error(&d.kind, &decision);
            Ok(Verdict::Cube(CubeVerdict {
                decision,
                error,
                mark: Mark::of(error),
            }))
        }
        DecisionKind::Resign { .. } => Ok(Verdict::NotJudged("a resignation".into())),
    }
}

/// Why a beaver (or a raccoon) is not judged: gnubg 1.07's `analyse match` does not analyse
/// one ("TODO: analyse beavers" in its analysis.c) and leaves it out of its statistics; the
/// take that answers it is judged, as gnubg judges it, by the double's own figures.
pub const NOT_ANALYSED_BEAVER: &str = "a beaver (gnubg does not analyse beavers)";

/// A decision the engine failed on: not judged, and why.
fn failed(e: &Failure) -> Verdict {
    Verdict::NotJudged(format!("{ENGINE_FAILED}{e}"))
}

/// Every decision of `m` judged by engines from `make_engine` (one a thread), each verdict
/// handed to `on_verdict` as it comes (in no set order) and all of them returned in the
/// match's order. `task` counts the decisions and stops the work when cancelled: the
/// verdicts so far are returned.
///
/// An engine that does not answer in its time limit stops the review: the decisions not yet
/// asked are not judged (each says so, as an engine failure), so that an engine that stalls
/// costs its time limit once, not once a decision.
pub fn review<E: ReferenceEngine>(
    m: &Match,
    options: &ReviewOptions,
    make_engine: &(dyn Fn() -> E + Sync),
    task: &Task,
    on_verdict: &mut dyn FnMut(&Reviewed),
) -> Vec<Reviewed> {
    let work: Vec<(usize, usize)> = m
        .games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| (0..game.decisions.len()).map(move |i| (g, i)))
        .collect();
    task.begin(Some(work.len() as u64));
    let next = AtomicUsize::new(0);
    let classic = ClassicPlayer::new(options.weights, "classic");
    let (tx, rx) = mpsc::channel::<Reviewed>();
    let mut out = Vec::with_capacity(work.len());
    // Why the review stopped (the first time-out), once it has.
    let stopped: Mutex<Option<String>> = Mutex::new(None);
    let is_stopped = || {
        stopped
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .is_some()
    };
    std::thread::scope(|s| {
        for _ in 0..options.threads.max(1) {
            let tx = tx.clone();
            let (work, next, classic, stopped) = (&work, &next, &classic, &stopped);
            s.spawn(move || {
                let mut engine = make_engine();
                let mut generator = MoveGenerator::new();
                loop {
                    if task.is_cancelled() || is_stopped() {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(g, i)) = work.get(k) else { return };
                    let judged = judge(&mut engine, m, g, i, options, classic, &mut generator);
                    let verdict = verdict_or_stop(judged, stopped);
                    if tx
                        .send(Reviewed {
                            game: g,
                            decision: i,
                            verdict,
                        })
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            task.advance(1);
            on_verdict(&r);
            out.push(r);
        }
    });
    let why = stopped
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(why) = why
        && !task.is_cancelled()
    {
        let asked = next.load(Ordering::Relaxed).min(work.len());
        for r in not_asked(&work[asked..], &why) {
            task.advance(1);
            on_verdict(&r);
            out.push(r);
        }
    }
    out.sort_by_key(|r| (r.game, r.decision));
    out
}

/// The verdict from judging a decision: an engine's time-out stops the review (the first
/// one's reason kept in `stopped`) and leaves the decision not judged; any other failure
/// leaves it not judged too.
fn verdict_or_stop(judged: Result<Verdict, Failure>, stopped: &Mutex<Option<String>>) -> Verdict {
    match judged {
        Ok(v) => v,
        Err(Failure::Engine(ReferenceError::Timeout {
            engine,
            request,
            after,
        })) => {
            let why = format!(
                "the review stopped after {engine} did not answer {request} within {:.1} s",
                after.as_secs_f64()
            );
            let mut first = stopped
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            first.get_or_insert(why.clone());
            Verdict::NotJudged(format!("{ENGINE_FAILED}{why}"))
        }
        Err(e) => failed(&e),
    }
}

/// The decisions (game, decision) no engine was asked about once the review stopped, for
/// `why`: each not judged, saying so.
fn not_asked(work: &[(usize, usize)], why: &str) -> Vec<Reviewed> {
    work.iter()
        .map(|&(g, i)| Reviewed {
            game: g,
            decision: i,
            verdict: Verdict::NotJudged(format!("{ENGINE_FAILED}not asked: {why}")),
        })
        .collect()
}

/// [`review`], and with it, when `luck` is true, the engine's luck analysis of the whole
/// match ([`MatchLuck::of`]) on an engine of its own from `make_engine`, beside the review:
/// the verdicts, and the luck or why there is none (`None` when not asked).
pub fn review_with_luck<E: ReferenceEngine>(
    m: &Match,
    options: &ReviewOptions,
    make_engine: &(dyn Fn() -> E + Sync),
    luck: bool,
    task: &Task,
    on_verdict: &mut dyn FnMut(&Reviewed),
) -> (Vec<Reviewed>, Option<Result<MatchLuck, String>>) {
    std::thread::scope(|s| {
        let asked = luck.then(|| s.spawn(|| MatchLuck::of(m, &mut make_engine())));
        let reviewed = review(m, options, make_engine, task, on_verdict);
        let luck = asked.map(|h| {
            h.join()
                .unwrap_or_else(|_| Err("the luck analysis failed".into()))
        });
        (reviewed, luck)
    })
}

/// Each player's figures from the verdicts of `m`'s decisions, with gnubg's luck when given
/// (its rolls' luck and the actual result; without it those figures are `None`).
pub fn summarize(m: &Match, reviewed: &[Reviewed], luck: Option<&MatchLuck>) -> [PlayerSummary; 2] {
    let mut statistics = super::statistics::statistics(m, reviewed, luck).into_iter();
    let mut out = [0, 1].map(|p| PlayerSummary {
        name: m.players[p].clone(),
        unforced_moves: 0,
        error_emg: 0.0,
        error_rate_memg: 0.0,
        doubtful: 0,
        bad: 0,
        very_bad: 0,
        cube_error_emg: 0.0,
        cube_decisions: 0,
        classic_error_rate_memg: 0.0,
        illegal_moves: 0,
        classic_explains: Explains::default(),
        statistics: statistics.next().unwrap_or_default(),
    });
    let mut classic_emg = [0.0; 2];
    for r in reviewed {
        let Some(d) = m
            .games
            .get(r.game)
            .and_then(|g| g.decisions.get(r.decision))
        else {
            continue;
        };
        let s = &mut out[d.player.min(1)];
        let cube = |c: &CubeVerdict, s: &mut PlayerSummary| {
            s.cube_decisions += 1;
            s.cube_error_emg += c.error;
        };
        match &r.verdict {
            Verdict::Move { play, no_double } => {
                if let Some(c) = no_double {
                    cube(c, s);
                }
                let Some(loss) = play.loss else {
                    s.illegal_moves += 1;
                    continue;
                };
                match play.mark {
                    Mark::Doubtful => s.doubtful += 1,
                    Mark::Bad => s.bad += 1,
                    Mark::VeryBad => s.very_bad += 1,
                    Mark::None => {}
                }
                if let Some(why) = &play.why {
                    let phase = crate::evaluation::classic::Phase::of(&d.position).name();
                    s.classic_explains.add(phase, play.mark, why.explained);
                }
                if play.choices > 1 {
                    s.unforced_moves += 1;
                    s.error_emg += loss;
                    classic_emg[d.player.min(1)] += play.classic_loss;
                }
            }
            Verdict::Cube(c) => cube(c, s),
            Verdict::NotJudged(_) => {}
        }
    }
    for (s, classic) in out.iter_mut().zip(classic_emg) {
        if s.unforced_moves > 0 {
            s.error_rate_memg = 1000.0 * s.error_emg / s.unforced_moves as f64;
            s.classic_error_rate_memg = 1000.0 * classic / s.unforced_moves as f64;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::core::dice::Dice;
    use crate::matches::read_mat;
    use crate::reference::ScriptedEngine;
    use crate::review::verdict::Coverage;

    #[test]
    fn a_review_starts_two_engines_a_core_at_most_sixteen() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let process = crate::reference::gnubg::Gnubg::new(Default::default());
        assert_eq!(default_engines_for(&process), (2 * cores).min(16));
        assert!(default_engines_for(&process) >= 2);
    }

    #[test]
    fn a_review_runs_one_native_evaluator_a_core_and_two_processes() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let native = crate::reference::native::NativeEngine::new(
            crate::reference::native::NativeEvaluator::self_contained(),
        );
        assert_eq!(default_engines_for(&native), cores.min(16));
        let boxed: Box<dyn ReferenceEngine> = Box::new(native);
        assert_eq!(default_engines_for(&*boxed), cores.min(16));
    }

    /// An engine whose analysis, like gnubg's, rates at the full depth only what its filter
    /// keeps: 13/9 alone at 1 ply (0.3), every other move at 0 ply, where the move played,
    /// 8/5 6/5, looks best (0.9) and 24/20 better than 13/9 (0.5); at 1 ply the move played
    /// is worth 0.1 and 24/20 0.8, every other move 0.0.
    struct Filtered;

    impl Filtered {
        /// What it says to anything but a ranking.
        fn refused() -> crate::reference::ReferenceError {
            crate::reference::ReferenceError::Refused {
                engine: "filtered",
                why: "it only ranks moves".into(),
            }
        }

        fn list(pos: &Position, dice: Dice, deep: bool) -> Vec<MoveEval> {
            let mut out: Vec<MoveEval> = MoveGenerator::new()
                .generate(pos, dice)
                .iter()
                .map(|p| {
                    let n = p.mv.notation();
                    let (shallow, full) = match n.as_str() {
                        "8/5 6/5" => (0.9, 0.1),
                        "13/9" => (0.3, 0.3),
                        "24/20" => (0.5, 0.8),
                        _ => (0.0, 0.0),
                    };
                    let kept = deep || n == "13/9";
                    MoveEval {
                        notation: n,
                        equity: if kept { full } else { shallow },
                        probs: None,
                        plies: if kept { 1 } else { 0 },
                        mwc: None,
                    }
                })
                .collect();
            out.sort_by_key(|m| std::cmp::Reverse(m.plies));
            out
        }
    }

    impl ReferenceEngine for Filtered {
        fn name(&self) -> &'static str {
            "filtered"
        }
        fn info(
            &mut self,
        ) -> Result<crate::reference::EngineInfo, crate::reference::ReferenceError> {
            Err(Filtered::refused())
        }
        fn rank_moves(
            &mut self,
            pos: &Position,
            dice: Dice,
            _plies: u8,
        ) -> Result<Vec<MoveEval>, crate::reference::ReferenceError> {
            Ok(Filtered::list(pos, dice, true))
        }
        fn evaluate(
            &mut self,
            _pos: &Position,
            _plies: u8,
        ) -> Result<crate::reference::Evaluation, crate::reference::ReferenceError> {
            Err(Filtered::refused())
        }
        fn rank_moves_at(
            &mut self,
            pos: &Position,
            dice: Dice,
            _plies: u8,
            _at: &MatchContext,
        ) -> Result<Vec<MoveEval>, crate::reference::ReferenceError> {
            Ok(Filtered::list(pos, dice, true))
        }
        fn analyse_moves_at(
            &mut self,
            pos: &Position,
            dice: Dice,
            _plies: u8,
            _at: &MatchContext,
        ) -> Result<Vec<MoveEval>, crate::reference::ReferenceError> {
            Ok(Filtered::list(pos, dice, false))
        }
    }

    #[test]
    fn a_move_the_filter_left_shallow_is_rated_deep_and_the_best_is_the_filters() {
        let m = read_mat(GAME).unwrap();
        let options = ReviewOptions {
            plies: 1,
            weights: Weights::builtin_default(),
            threads: 1,
        };
        let reviewed = review(&m, &options, &|| Filtered, &Task::new(), &mut |_| {});
        let Verdict::Move { play, .. } = &reviewed[0].verdict else {
            panic!("{:?}", reviewed[0].verdict)
        };
        // Not 0 (the played move's 0-ply rating), not 0.7 (against the best of every move at
        // 1 ply), not 0.4 (against 24/20's shallow 0.5): 0.3 − 0.1, against the best of the
        // moves rated at the full depth, as gnubg's analysis gives it.
        assert_eq!(play.best, "13/9", "{play:?}");
        assert!((play.loss.unwrap() - 0.2).abs() < 1e-12, "{play:?}");
        assert!((play.played_equity.unwrap() - 0.1).abs() < 1e-12);
    }

    #[test]
    fn marks_are_gnubgs_thresholds() {
        assert_eq!(Mark::of(0.0), Mark::None);
        assert_eq!(Mark::of(0.03), Mark::None);
        assert_eq!(Mark::of(0.0301), Mark::Doubtful);
        assert_eq!(Mark::of(0.06), Mark::Doubtful);
        assert_eq!(Mark::of(0.0601), Mark::Bad);
        assert_eq!(Mark::of(0.12), Mark::Bad);
        assert_eq!(Mark::of(0.1201), Mark::VeryBad);
    }

    /// An engine that likes the furthest-back checkers (pip count after the move, larger is
    /// better for the mover): the loss of each move is a count of pips it could have kept.
    fn pips_engine() -> ScriptedEngine {
        ScriptedEngine::new(|_, play| f64::from(play.result.pips().1) / 100.0).with_cube(
            |_, _, plies| CubeDecision {
                plies,
                no_double: 0.5,
                double_take: 0.3,
                double_pass: 1.0,
                action: "No double, take".into(),
                probs: [0.6, 0.1, 0.0, 0.1, 0.0],
                cubeless: 0.3,
                mwc: None,
                points: None,
            },
        )
    }

    const GAME: &str = "3 point match\n\n Game 1\n ann : 0        bob : 0\n  1) 31: 8/5 6/5      62: 24/18 13/11\n  2) 21: 13/11 6/5    41: 24/23 13/9\n";

    #[test]
    fn each_move_is_judged_and_the_summary_counts_its_player() {
        let m = read_mat(GAME).unwrap();
        let options = ReviewOptions {
            plies: 0,
            weights: Weights::builtin_default(),
            threads: 2,
        };
        let task = Task::new();
        let mut streamed = 0;
        let reviewed = review(&m, &options, &pips_engine, &task, &mut |_| streamed += 1);
        assert_eq!(reviewed.len(), 4);
        assert_eq!(streamed, 4);
        assert_eq!(task.snapshot().done, 4);
        // The scripted engine's loss of each move, by a plain loop over our legal plays.
        let mut generator = MoveGenerator::new();
        let mut expect = [0.0; 2];
        for (g, d) in m.decisions() {
            let _ = g;
            let DecisionKind::Move(c) = &d.kind else {
                continue;
            };
            let plays = generator.generate(&d.position, c.dice).to_vec();
            let best = plays
                .iter()
                .map(|p| f64::from(p.result.pips().1))
                .fold(f64::MIN, f64::max);
            expect[d.player] += (best - f64::from(c.result.pips().1)) / 100.0;
        }
        let s = summarize(&m, &reviewed, None);
        for p in 0..2 {
            assert!((s[p].error_emg - expect[p]).abs() < 1e-9, "{p}: {:?}", s[p]);
            assert_eq!(s[p].unforced_moves, 2);
        }
        assert_eq!(s[0].name, "ann");
        // Every roll after the opening had the cube free: each came with its (right)
        // no-double verdict; the opening roll comes with no cube decision (ann's 31).
        assert!(matches!(
            &reviewed[0].verdict,
            Verdict::Move {
                no_double: None,
                ..
            }
        ));
        assert_eq!((s[0].cube_decisions, s[0].cube_error_emg), (1, 0.0));
        assert_eq!((s[1].cube_decisions, s[1].cube_error_emg), (2, 0.0));
        // An engine without cube decisions: those rolls are not judged, and say why.
        let bare = || ScriptedEngine::new(|_, _| 0.0);
        let reviewed = review(&m, &options, &bare, &Task::new(), &mut |_| {});
        assert!(reviewed[1..].iter().all(
            |r| matches!(&r.verdict, Verdict::NotJudged(why) if why.contains("no cube decisions"))
        ));
    }

    /// An engine that never answers in time: each request a time-out, counted in `asked`.
    struct Stalled(std::sync::Arc<AtomicUsize>);

    impl Stalled {
        fn timeout(&self) -> ReferenceError {
            self.0.fetch_add(1, Ordering::SeqCst);
            ReferenceError::Timeout {
                engine: "gnubg",
                request: "moves".into(),
                after: std::time::Duration::from_secs(60),
            }
        }
    }

    impl ReferenceEngine for Stalled {
        fn name(&self) -> &'static str {
            "gnubg"
        }
        fn info(&mut self) -> Result<crate::reference::EngineInfo, ReferenceError> {
            Err(self.timeout())
        }
        fn rank_moves(
            &mut self,
            _pos: &Position,
            _dice: Dice,
            _plies: u8,
        ) -> Result<Vec<MoveEval>, ReferenceError> {
            Err(self.timeout())
        }
        fn evaluate(
            &mut self,
            _pos: &Position,
            _plies: u8,
        ) -> Result<crate::reference::Evaluation, ReferenceError> {
            Err(self.timeout())
        }
        fn analyse_moves_at(
            &mut self,
            _pos: &Position,
            _dice: Dice,
            _plies: u8,
            _at: &MatchContext,
        ) -> Result<Vec<MoveEval>, ReferenceError> {
            Err(self.timeout())
        }
        fn cube_decision(
            &mut self,
            _pos: &Position,
            _at: &MatchContext,
            _plies: u8,
        ) -> Result<CubeDecision, ReferenceError> {
            Err(self.timeout())
        }
    }

    #[test]
    fn a_time_out_stops_the_review_and_every_decision_left_says_so() {
        let m = read_mat(GAME).unwrap();
        let asked = std::sync::Arc::new(AtomicUsize::new(0));
        for threads in [1, 2] {
            asked.store(0, Ordering::SeqCst);
            let options = ReviewOptions {
                plies: 0,
                weights: Weights::builtin_default(),
                threads,
            };
            let task = Task::new();
            let mut streamed = 0;
            let make = || Stalled(std::sync::Arc::clone(&asked));
            let reviewed = review(&m, &options, &make, &task, &mut |_| streamed += 1);
            // One time-out a thread at most, not one a decision (there are four).
            let waits = asked.load(Ordering::SeqCst);
            assert!((1..=threads).contains(&waits), "{threads} threads: {waits}");
            assert_eq!((reviewed.len(), streamed), (4, 4));
            assert_eq!(task.snapshot().done, 4);
            let c = Coverage::of(&reviewed);
            assert_eq!((c.not_judged, c.answered), (4, 0), "{reviewed:?}");
            assert!(c.nothing_judged());
            for r in &reviewed {
                let why = r.verdict.engine_failure().unwrap();
                assert!(
                    why.contains(
                        "the review stopped after gnubg did not answer moves within 60.0 s"
                    ),
                    "{why}"
                );
            }
            assert!(
                reviewed
                    .iter()
                    .filter_map(|r| r.verdict.engine_failure())
                    .any(|w| w.contains("not asked")),
                "{reviewed:?}"
            );
        }
    }

    #[test]
    fn coverage_counts_the_engines_failures_apart_from_forced_moves_and_resignations() {
        let m = read_mat(GAME).unwrap();
        let options = ReviewOptions {
            plies: 0,
            weights: Weights::builtin_default(),
            threads: 1,
        };
        // Checker plays rated, cube decisions refused: three of four rolls not judged.
        let bare = || ScriptedEngine::new(|_, _| 0.0);
        let reviewed = review(&m, &options, &bare, &Task::new(), &mut |_| {});
        let c = Coverage::of(&reviewed);
        assert_eq!((c.decisions, c.answered, c.not_judged), (4, 1, 3));
        assert!(!c.nothing_judged());
        let line = c.not_judged_line().unwrap();
        assert!(
            line.starts_with("3 of 4 decisions not judged (the engine failed: "),
            "{line}"
        );
        // A resignation is not judged, but is no failure; a clean review has no line.
        let full = review(&m, &options, &pips_engine, &Task::new(), &mut |_| {});
        let mut with_resignation = full.clone();
        with_resignation.push(Reviewed {
            game: 0,
            decision: 4,
            verdict: Verdict::NotJudged("a resignation".into()),
        });
        let c = Coverage::of(&with_resignation);
        assert_eq!((c.decisions, c.answered, c.not_judged), (5, 4, 0));
        assert_eq!(c.not_judged_line(), None);
    }

    #[test]
    fn a_cancelled_review_returns_what_it_has() {
        let m = read_mat(GAME).unwrap();
        let options = ReviewOptions {
            plies: 0,
            weights: Weights::builtin_default(),
            threads: 1,
        };
        let task = Task::new();
        task.cancel();
        let reviewed = review(&m, &options, &pips_engine, &task, &mut |_| {});
        assert!(reviewed.is_empty());
    }
}
