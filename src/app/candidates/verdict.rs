//! gnubg's verdict on the candidates: its equity, its rank and the loss against its best move
//! for every candidate of the position and roll on the board, at 0, 1 or 2 plies — cubeless
//! money, or cubeful at the position's match state — and its cube decision before the roll.
//! Asked of the [`Referee`] (gnubg, or any reference engine) in the background (submitted,
//! then polled once a frame), cached per position, roll, plies and match state; the engine's
//! moves are found among our candidates by the position they reach ([`match_to_plays`]), and
//! a move that matches none is reported. The engine's name and version are said once, when it
//! first answers ([`Verdicts::take_notice`]).

use crate::app::referee::{self, Referee};
use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Position;
use bgw_engine::reference::{
    Answer, CubeDecision, EngineInfo, MatchContext, MoveEval, Probabilities, Question,
    ReferenceError, RolloutResult, match_to_plays,
};
use std::collections::HashMap;

/// The depths the candidates panel offers.
pub const PLIES: [u8; 3] = [0, 1, 2];

/// What the message for a missing gnubg says.
pub const NOT_INSTALLED: &str = "gnubg not installed — apt-get install gnubg";

/// gnubg's view of one candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eval {
    /// gnubg's equity after the move, for the side that moved: cubeless money, or cubeful and
    /// normalised at the match state ([`Judgement::at`]).
    pub equity: f64,
    /// At a match state in a match: the match-winning chance after the move.
    pub mwc: Option<f64>,
    /// 1 for gnubg's best; equal equities share a rank.
    pub rank: usize,
    /// gnubg's best equity minus this one (≥ 0).
    pub loss: f64,
    /// gnubg's probabilities after the move, for the side that moved (win, win gammon, win
    /// backgammon, lose gammon, lose backgammon), as its `hint` prints them; `None` when the
    /// engine gives an equity only.
    pub probs: Option<Probabilities>,
    /// The depth this move was evaluated at (below [`Judgement::plies`] when a move filter
    /// dropped it at an earlier stage).
    pub plies: u8,
    /// When the figures are a rollout's (merged by [`Judgement::with_rollout`]): its standard
    /// error and trials so far.
    pub rollout: Option<RolledOut>,
}

/// A rollout's mark on a candidate's figures: the standard error of its equity and the trials
/// done (fewer than asked while it runs or when it was stopped).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolledOut {
    /// The standard error of the equity.
    pub se: f64,
    /// The trials done.
    pub trials: u32,
}

impl Eval {
    /// What the figures are, for the table's depth column: "0-ply" or "rollout 144 trials".
    pub fn depth(&self) -> String {
        match self.rollout {
            Some(r) => format!("rollout {} trials", r.trials),
            None => format!("{}-ply", self.plies),
        }
    }
}

/// gnubg's verdict on every candidate of one position and roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The depth gnubg evaluated at.
    pub plies: u8,
    /// The match state gnubg judged at; `None`: cubeless money.
    pub at: Option<MatchContext>,
    /// Each candidate's evaluation, by the position the candidate reaches (so that it holds
    /// whatever order the classic's weights put the candidates in).
    evals: HashMap<Position, Eval>,
    /// The result of gnubg's best move (its first on equal equities), if it named one.
    pub best: Option<Position>,
    /// gnubg's moves that match none of our candidates, and our candidates gnubg did not
    /// list, in words.
    pub problems: Vec<String>,
}

impl Judgement {
    /// gnubg's moves (`moves`, best first) for `dice` in `pos` found among our `plays`.
    pub fn new(pos: &Position, dice: Dice, plies: u8, moves: &[MoveEval], plays: &[Play]) -> Self {
        let mut problems = Vec::new();
        let mut matched: Vec<(usize, &MoveEval)> = Vec::new();
        for m in moves {
            match match_to_plays(pos, dice, std::slice::from_ref(m), plays, false) {
                Ok(found) => {
                    if let Some((i, _)) = found.first() {
                        if matched.iter().any(|(j, ..)| j == i) {
                            problems.push(format!(
                                "gnubg's move {} reaches a result it listed before",
                                m.notation
                            ));
                        } else {
                            matched.push((*i, m));
                        }
                    }
                }
                Err(e) => problems.push(e.to_string()),
            }
        }
        let unlisted = plays.len() - matched.len();
        if unlisted > 0 {
            problems.push(format!("gnubg did not rate {unlisted} of our candidates"));
        }
        let best_equity = matched
            .iter()
            .map(|(_, m)| m.equity)
            .fold(f64::NEG_INFINITY, f64::max);
        let best = matched
            .iter()
            .find(|(_, m)| m.equity == best_equity)
            .map(|&(i, _)| plays[i].result);
        let evals = matched
            .iter()
            .map(|&(i, m)| {
                let rank = 1 + matched.iter().filter(|(_, o)| o.equity > m.equity).count();
                let eval = Eval {
                    equity: m.equity,
                    mwc: m.mwc,
                    rank,
                    loss: best_equity - m.equity,
                    probs: m.probs,
                    plies: m.plies,
                    rollout: None,
                };
                (plays[i].result, eval)
            })
            .collect();
        Judgement {
            plies,
            at: None,
            evals,
            best,
            problems,
        }
    }

    /// A judgement with no move rated yet (gnubg's columns are off, or its answer has not
    /// come), for a rollout to be merged into.
    pub fn empty(plies: u8, at: Option<MatchContext>) -> Judgement {
        Judgement {
            plies,
            at,
            evals: HashMap::new(),
            best: None,
            problems: Vec::new(),
        }
    }

    /// This judgement with a rollout's figures in place of the evaluations of the moves it
    /// rolled out (`rolled`: the result each move reaches, with its rollout so far), as gnubg
    /// puts a rollout into its move list: the equity, MWC and probabilities are the rollout's,
    /// and the ranks, losses and best move are those of the figures now shown.
    pub fn with_rollout(&self, rolled: &[(Position, &RolloutResult)]) -> Judgement {
        let mut merged = self.clone();
        for &(result, r) in rolled {
            let plies = merged.evals.get(&result).map_or(self.plies, |e| e.plies);
            merged.evals.insert(
                result,
                Eval {
                    equity: r.equity,
                    mwc: r.mwc,
                    rank: 0,
                    loss: 0.0,
                    probs: Some(r.probs),
                    plies,
                    rollout: Some(RolledOut {
                        se: r.se,
                        trials: r.trials,
                    }),
                },
            );
        }
        let equities: Vec<f64> = merged.evals.values().map(|e| e.equity).collect();
        let best_equity = equities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        for e in merged.evals.values_mut() {
            e.rank = 1 + equities.iter().filter(|&&o| o > e.equity).count();
            e.loss = best_equity - e.equity;
        }
        // gnubg's first on equal equities stays the best when it still has the best equity.
        let keeps = |p: &Position| merged.evals.get(p).is_some_and(|e| e.equity == best_equity);
        merged.best = match self.best {
            Some(b) if keeps(&b) => Some(b),
            _ => rolled
                .iter()
                .map(|(p, _)| *p)
                .chain(merged.evals.keys().copied())
                .find(|p| keeps(p)),
        };
        merged
    }

    /// gnubg's evaluation of the candidate reaching `result`, if gnubg rated it.
    pub fn of(&self, result: &Position) -> Option<&Eval> {
        self.evals.get(result)
    }

    /// How many of the rated candidates gnubg evaluated at the full depth
    /// ([`Judgement::plies`]), and how many it rated.
    pub fn at_full_depth(&self) -> (usize, usize) {
        let full = self
            .evals
            .values()
            .filter(|e| e.plies >= self.plies)
            .count();
        (full, self.evals.len())
    }

    /// What was evaluated at the depth, for the panel's header: "every move at 2-ply", or
    /// "gnubg's move filter: 5 of 18 moves at 2-ply, the rest lower" (gnubg's own `hint`
    /// ranks only what its filter keeps, so its order can differ from a ranking of every
    /// move at 1 ply and deeper).
    pub fn depth_words(&self) -> String {
        depth_words(self.plies, self.at_full_depth())
    }
}

/// [`Judgement::depth_words`] for `full` of `rated` moves evaluated at `plies`.
pub fn depth_words(plies: u8, (full, rated): (usize, usize)) -> String {
    if full == rated {
        format!("every move at {plies}-ply")
    } else {
        format!("gnubg's move filter: {full} of {rated} moves at {plies}-ply, the rest lower")
    }
}

/// Where gnubg's verdict on one position, roll and depth stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Asked, no reply yet.
    Pending(u64),
    /// gnubg's answer.
    Ready(Judgement),
    /// gnubg is not installed.
    Missing(String),
    /// gnubg could not answer: the reason.
    Failed(String),
}

/// gnubg's cube decision on one position, match state and depth.
#[derive(Clone, Debug, PartialEq)]
pub enum CubeVerdict {
    /// Asked, no reply yet.
    Pending(u64),
    /// gnubg's answer.
    Ready(CubeDecision),
    /// gnubg is not installed.
    Missing(String),
    /// gnubg could not answer: the reason.
    Failed(String),
}

/// What a verdict is of: position, roll, depth, and the match state (`None`: cubeless money).
type Key = (Position, Dice, u8, Option<MatchContext>);

/// What a cube decision is of.
type CubeKey = (Position, MatchContext, u8);

/// How many verdicts are kept.
const CACHE: usize = 200;

/// gnubg's verdicts, asked of a [`Referee`] and cached per position, roll and depth.
pub struct Verdicts {
    referee: Box<dyn Referee>,
    entries: HashMap<Key, Verdict>,
    cubes: HashMap<CubeKey, CubeVerdict>,
    /// The engine that answered (its name and version), once it has.
    engine: Option<EngineInfo>,
}

impl Default for Verdicts {
    /// gnubg itself, on a thread of its own, started on the first request.
    fn default() -> Verdicts {
        Verdicts::new(Box::new(referee::gnubg()))
    }
}

impl Verdicts {
    /// Verdicts asked of `referee`.
    pub fn new(referee: Box<dyn Referee>) -> Verdicts {
        Verdicts {
            referee,
            entries: HashMap::new(),
            cubes: HashMap::new(),
            engine: None,
        }
    }

    /// Once, when the engine has first answered: which engine it is, for the Log (e.g.
    /// `gnubg answers: GNU Backgammon 1.08.003`).
    pub fn take_notice(&mut self) -> Option<String> {
        if self.engine.is_some() {
            return None;
        }
        let info = self.referee.engine()?;
        let notice = format!("gnubg answers: {info}");
        self.engine = Some(info);
        Some(notice)
    }

    /// The engine that answered, once it has (the status line names it).
    pub fn engine(&self) -> Option<&EngineInfo> {
        self.engine.as_ref()
    }

    /// The verdict on `dice` in `pos` at `plies` and `at` (`None`: cubeless money), if it
    /// was asked for.
    pub fn get(
        &self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<MatchContext>,
    ) -> Option<&Verdict> {
        self.entries.get(&(*pos, dice, plies, at))
    }

    /// Asks for the verdict on `plays` (the legal plays of `dice` in `pos`) at `plies` and
    /// `at` unless it is known or asked already, and collects every reply that has come.
    /// Never blocks.
    pub fn update(
        &mut self,
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<MatchContext>,
        plays: &[Play],
    ) {
        let key = (*pos, dice, plies, at);
        if !self.entries.contains_key(&key) {
            if self.entries.len() >= CACHE {
                self.entries.retain(|_, v| matches!(v, Verdict::Pending(_)));
            }
            let question = Question::RankMoves {
                position: *pos,
                dice,
                plies,
                at,
                hint: true,
            };
            let verdict = match self.referee.submit(question) {
                Ok(ticket) => Verdict::Pending(ticket),
                Err(e) => failure(e),
            };
            self.entries.insert(key, verdict);
        }
        let pending = pending(&self.entries, |v| match v {
            Verdict::Pending(t) => Some(*t),
            _ => None,
        });
        for (k, ticket) in pending {
            let Some(reply) = self.referee.poll(ticket) else {
                continue;
            };
            let verdict = match reply {
                Ok(Answer::Moves(moves)) if k == key => {
                    let mut j = Judgement::new(pos, dice, plies, &moves, plays);
                    j.at = at;
                    Verdict::Ready(j)
                }
                // Another position's: its plays are not at hand, it is asked again when shown.
                Ok(Answer::Moves(_)) => {
                    self.entries.remove(&k);
                    continue;
                }
                Ok(other) => Verdict::Failed(format!("gnubg answered {other:?} for moves")),
                Err(e) => failure(e),
            };
            self.entries.insert(k, verdict);
        }
    }

    /// Forgets the verdict on `dice` in `pos` at `plies` and `at` (unless it is pending), so
    /// that it is asked again.
    pub fn retry(&mut self, pos: &Position, dice: Dice, plies: u8, at: Option<MatchContext>) {
        let key = (*pos, dice, plies, at);
        if !matches!(self.entries.get(&key), Some(Verdict::Pending(_))) {
            self.entries.remove(&key);
        }
    }

    /// gnubg's cube decision in `pos` at `at` and `plies`, if it was asked for.
    pub fn cube(&self, pos: &Position, at: &MatchContext, plies: u8) -> Option<&CubeVerdict> {
        self.cubes.get(&(*pos, *at, plies))
    }

    /// Asks for gnubg's cube decision in `pos` (before the roll) at `at` and `plies` unless it
    /// is known or asked already, and collects every cube reply that has come. Never blocks.
    pub fn update_cube(&mut self, pos: &Position, at: &MatchContext, plies: u8) {
        let key = (*pos, *at, plies);
        if !self.cubes.contains_key(&key) {
            if self.cubes.len() >= CACHE {
                self.cubes
                    .retain(|_, v| matches!(v, CubeVerdict::Pending(_)));
            }
            let question = Question::Cube {
                position: *pos,
                at: *at,
                plies,
            };
            let verdict = match self.referee.submit(question) {
                Ok(ticket) => CubeVerdict::Pending(ticket),
                Err(e) if e.is_not_found() => CubeVerdict::Missing(e.to_string()),
                Err(e) => CubeVerdict::Failed(e.to_string()),
            };
            self.cubes.insert(key, verdict);
        }
        let pending = pending(&self.cubes, |v| match v {
            CubeVerdict::Pending(t) => Some(*t),
            _ => None,
        });
        for (k, ticket) in pending {
            let Some(reply) = self.referee.poll(ticket) else {
                continue;
            };
            let verdict = match reply {
                Ok(Answer::Cube(d)) => CubeVerdict::Ready(d),
                Ok(other) => CubeVerdict::Failed(format!("gnubg answered {other:?} for the cube")),
                Err(e) if e.is_not_found() => CubeVerdict::Missing(e.to_string()),
                Err(e) => CubeVerdict::Failed(e.to_string()),
            };
            self.cubes.insert(k, verdict);
        }
    }

    /// Forgets the cube decision in `pos` at `at` and `plies` (unless it is pending).
    pub fn retry_cube(&mut self, pos: &Position, at: &MatchContext, plies: u8) {
        let key = (*pos, *at, plies);
        if !matches!(self.cubes.get(&key), Some(CubeVerdict::Pending(_))) {
            self.cubes.remove(&key);
        }
    }
}

/// The keys of `cache` still waiting for the referee, with their tickets.
fn pending<K: Copy, V>(cache: &HashMap<K, V>, ticket: impl Fn(&V) -> Option<u64>) -> Vec<(K, u64)> {
    cache
        .iter()
        .filter_map(|(k, v)| ticket(v).map(|t| (*k, t)))
        .collect()
}

fn failure(e: ReferenceError) -> Verdict {
    if e.is_not_found() {
        Verdict::Missing(e.to_string())
    } else {
        Verdict::Failed(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::core::moves::legal_plays;
    use bgw_engine::core::position::Side;

    fn eval(notation: &str, equity: f64) -> MoveEval {
        MoveEval {
            notation: notation.into(),
            equity,
            probs: None,
            plies: 0,
            mwc: None,
        }
    }

    #[test]
    fn gnubgs_moves_are_matched_ranked_and_the_unmatched_reported() {
        let pos = Position::opening(Side::White);
        let dice = Dice::new(3, 1).unwrap();
        let plays = legal_plays(&pos, dice);
        // gnubg's words for 8/5 6/5 in another order, a tie, and a move we cannot play.
        let moves = [
            eval("6/5 8/5", 0.15),
            eval("24/21 6/5", 0.01),
            eval("13/10 6/5", 0.01),
            eval("8/4 6/5", -0.2),
        ];
        let j = Judgement::new(&pos, dice, 1, &moves, &plays);
        let result = |text: &str| {
            let i = bgw_engine::core::moves::match_play(&pos, dice, text, &plays).unwrap();
            plays[i].result
        };
        let find = |text: &str| j.of(&result(text)).copied();
        let best = find("8/5 6/5").unwrap();
        assert_eq!((best.rank, best.loss), (1, 0.0));
        assert_eq!(j.best, Some(result("8/5 6/5")));
        let tied = [find("24/21 6/5").unwrap(), find("13/10 6/5").unwrap()];
        assert!(
            tied.iter()
                .all(|e| e.rank == 2 && (e.loss - 0.14).abs() < 1e-12)
        );
        assert_eq!(find("24/20"), None);
        assert_eq!(j.at_full_depth(), (0, 3), "0-ply moves in a 1-ply verdict");
        assert_eq!(
            j.depth_words(),
            "gnubg's move filter: 0 of 3 moves at 1-ply, the rest lower"
        );
        assert_eq!(depth_words(2, (7, 7)), "every move at 2-ply");
        assert_eq!(j.problems.len(), 2, "{:?}", j.problems);
        assert!(j.problems[0].contains("8/4 6/5"), "{:?}", j.problems);
        assert!(
            j.problems[1].contains(&format!("{} of our candidates", plays.len() - 3)),
            "{:?}",
            j.problems
        );
    }
}
