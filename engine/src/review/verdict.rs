//! What the reference engine says of one decision of a match: gnubg's marks, the verdict on
//! a checker play or a cube action (or why there is none), how much of a match was judged.

use crate::evaluation::classic::Why;
use crate::matches::{Decision, DecisionKind};
use crate::reference::CubeDecision;

/// gnubg's marks for an error, at its default thresholds (`show analysis` in gnubg 1.07; in
/// normalised equity, EMG): an error of more than [`Mark::DOUBTFUL_ABOVE`] (0.03) is
/// doubtful, of more than [`Mark::BAD_ABOVE`] (0.06) bad, of more than
/// [`Mark::VERY_BAD_ABOVE`] (0.12) very bad.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Not marked.
    None,
    /// gnubg's "doubtful" (`?!`).
    Doubtful,
    /// gnubg's "bad" (`?`).
    Bad,
    /// gnubg's "very bad" (`??`).
    VeryBad,
}

impl Mark {
    /// gnubg's threshold for "doubtful", EMG: the loss above which gnubg marks an error at
    /// all (the drill's deck, by default, holds the errors above it).
    pub const DOUBTFUL_ABOVE: f64 = 0.03;
    /// gnubg's threshold for "bad", EMG.
    pub const BAD_ABOVE: f64 = 0.06;
    /// gnubg's threshold for "very bad", EMG.
    pub const VERY_BAD_ABOVE: f64 = 0.12;

    /// The mark of an error of `loss` (≥ 0), as gnubg's `Skill()` gives it.
    pub fn of(loss: f64) -> Mark {
        if loss > Mark::VERY_BAD_ABOVE {
            Mark::VeryBad
        } else if loss > Mark::BAD_ABOVE {
            Mark::Bad
        } else if loss > Mark::DOUBTFUL_ABOVE {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// gnubg's words for it ("" when unmarked).
    pub fn words(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }
}

/// The engine's verdict on one checker play.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveVerdict {
    /// How many distinct legal results the roll had (≤ 1: a forced move, not counted).
    pub choices: usize,
    /// True when the engine rated the plays; false for a forced move or a roll with no
    /// legal move, which need no engine.
    pub rated: bool,
    /// The engine's best move (our notation) and its equity (cubeful, normalised).
    pub best: String,
    /// The best move's equity.
    pub best_equity: f64,
    /// The equity of the move played; `None` when it was illegal as recorded (no engine
    /// rates it).
    pub played_equity: Option<f64>,
    /// What the move played loses against the best (≥ 0); `None` when illegal as recorded.
    pub loss: Option<f64>,
    /// The match-winning chance after the move played, the mover's (a match; `None` in
    /// money play or when illegal as recorded).
    pub played_mwc: Option<f64>,
    /// The same loss in match-winning chance (a fraction) in a match, in points (cube ×
    /// loss) in money play, as gnubg's statistics count it; `None` when illegal as recorded.
    pub loss_mwc: Option<f64>,
    /// gnubg's mark for that loss.
    pub mark: Mark,
    /// The classic program's choice (our notation).
    pub classic: String,
    /// What the classic's choice loses against the engine's best.
    pub classic_loss: f64,
    /// For an error (a legal move played that loses against the best): the classic
    /// program's terms on the move played and the engine's best — why, in its terms, the
    /// best is better, or that the terms miss it.
    pub why: Option<Why>,
}

/// The engine's verdict on one cube action, or on a roll made without doubling where the
/// cube could have been turned.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeVerdict {
    /// The engine's cube decision before the roll.
    pub decision: CubeDecision,
    /// The equity the action taken gives up (0 when it is the engine's).
    pub error: f64,
    /// gnubg's mark for that error.
    pub mark: Mark,
}

/// What the engine says of one decision.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A roll played; with the cube decision before it when the mover could have doubled.
    Move {
        /// The checker play.
        play: MoveVerdict,
        /// Not doubling before this roll, where the cube was the mover's to turn.
        no_double: Option<CubeVerdict>,
    },
    /// A double, take, drop or beaver.
    Cube(CubeVerdict),
    /// Not judged, and why (a resignation, a move illegal as recorded with no legal play to
    /// compare, the engine's failure on it).
    NotJudged(String),
}

/// How a verdict the engine failed on begins ([`Verdict::engine_failure`]).
pub(super) const ENGINE_FAILED: &str = "the engine failed: ";

impl Verdict {
    /// The engine's failure on the decision (`the engine failed: …`), when that is why it was
    /// not judged; `None` for a verdict, or a decision not judged for another reason.
    pub fn engine_failure(&self) -> Option<&str> {
        match self {
            Verdict::NotJudged(why) if why.starts_with(ENGINE_FAILED) => Some(why),
            _ => None,
        }
    }

    /// True when the engine answered for this decision: a cube action judged, a checker
    /// play it rated, or a roll with the cube decision before it. A forced move, a
    /// resignation or a failure is no answer.
    pub fn answered(&self) -> bool {
        match self {
            Verdict::Move { play, no_double } => play.rated || no_double.is_some(),
            Verdict::Cube(_) => true,
            Verdict::NotJudged(_) => false,
        }
    }
}

/// How much of a match the engine judged: what a review says before its figures, so that a
/// review the engine failed on is never taken for a clean one.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Coverage {
    /// The decisions reviewed.
    pub decisions: usize,
    /// Those the engine answered for ([`Verdict::answered`]).
    pub answered: usize,
    /// Those not judged because the engine failed on them, or was not asked after the review
    /// stopped ([`Verdict::engine_failure`]).
    pub not_judged: usize,
    /// The first of those failures, in words.
    pub first_failure: Option<String>,
}

impl Coverage {
    /// Counts the verdicts of a review.
    pub fn of(reviewed: &[Reviewed]) -> Coverage {
        Coverage::of_verdicts(reviewed.iter().map(|r| &r.verdict))
    }

    /// Counts `verdicts`.
    pub fn of_verdicts<'a>(verdicts: impl IntoIterator<Item = &'a Verdict>) -> Coverage {
        let mut c = Coverage::default();
        for v in verdicts {
            c.decisions += 1;
            if v.answered() {
                c.answered += 1;
            }
            if let Some(why) = v.engine_failure() {
                c.not_judged += 1;
                if c.first_failure.is_none() {
                    c.first_failure = Some(why.to_string());
                }
            }
        }
        c
    }

    /// True when the engine failed on every decision it was asked about and answered none:
    /// the review has no figures at all.
    pub fn nothing_judged(&self) -> bool {
        self.not_judged > 0 && self.answered == 0
    }

    /// "3 of 120 decisions not judged (the engine failed: …)", when any were not.
    pub fn not_judged_line(&self) -> Option<String> {
        (self.not_judged > 0).then(|| {
            format!(
                "{} of {} decisions not judged ({})",
                self.not_judged,
                self.decisions,
                self.first_failure.as_deref().unwrap_or("")
            )
        })
    }
}

/// One decision's verdict: `game` and `decision` index [`crate::matches::Match::games`] and
/// [`crate::matches::Game::decisions`].
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The game's index.
    pub game: usize,
    /// The decision's index in its game.
    pub decision: usize,
    /// The engine's verdict.
    pub verdict: Verdict,
}

/// The doubler's side of a cube action: the decision where the double was offered (for a
/// take, drop or beaver the one before it in the game).
pub(super) fn doubler_decision(decisions: &[Decision], i: usize) -> Option<&Decision> {
    match decisions[i].kind {
        DecisionKind::Double { .. } => Some(&decisions[i]),
        DecisionKind::Take | DecisionKind::Drop | DecisionKind::Beaver { .. } => decisions[..i]
            .iter()
            .rev()
            .find(|d| matches!(d.kind, DecisionKind::Double { .. })),
        _ => None,
    }
}
