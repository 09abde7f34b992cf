//! gnubg's reasons for a review's errors: which of its cube figures decided a cube error
//! ([`cube_why`]), and a checker error's reason in the concepts of the net that judged it
//! ([`why_gnubg_of`], the review's decision and verdict handed to
//! [`crate::reference::native::why_gnubg`], which knows nothing of matches or reviews).

use super::verdict::MoveVerdict;
use crate::core::moves::MoveGenerator;
use crate::matches::{Decision, DecisionKind, Legality};
use crate::reference::native::{NativeError, NativeEvaluator, WhyGnubg, why_gnubg};

/// Which of gnubg's cube figures decided a cube error, in words: `[no double, double/take,
/// double/pass]`, gnubg's cubeful equities for the doubler as the review judged them
/// (`CubeDecision`'s three, or an archived card's). For the doubler's decision (`taker` false:
/// a double, or a roll played without doubling) the best the opponent's answer leaves against
/// playing on; for the taker's (a take, a pass, a beaver) the take against the pass.
pub fn cube_why([nd, dt, dp]: [f64; 3], taker: bool) -> String {
    if taker {
        return if dt <= dp {
            format!(
                "Taking is right: taken, the doubler has {dt:+.3}, less than the {dp:+.3} \
                 of a pass (gnubg's cubeful equities for the doubler)."
            )
        } else {
            format!(
                "Passing is right: taken, the doubler would have {dt:+.3}, more than the \
                 {dp:+.3} of a pass (gnubg's cubeful equities for the doubler)."
            )
        };
    }
    let doubled = dt.min(dp);
    let answer = if dt <= dp { "a take" } else { "a pass" };
    if doubled > nd {
        format!(
            "Doubling is right: doubled, you have {doubled:+.3} after the opponent's best \
             answer ({answer}), more than the {nd:+.3} of playing on (gnubg's cubeful \
             equities)."
        )
    } else if nd >= dp {
        format!(
            "No double is right, too good to double: playing on is worth {nd:+.3}, more than \
             the {dp:+.3} a pass would give (gnubg's cubeful equities)."
        )
    } else {
        format!(
            "No double is right: doubled, you would have {doubled:+.3} after the opponent's \
             best answer ({answer}), less than the {nd:+.3} of playing on (gnubg's cubeful \
             equities)."
        )
    }
}

/// gnubg's reason for the checker error `play` of decision `d`: `None` when it is no error (a
/// forced move, gnubg's best, a move illegal as recorded) or the review's best is not a legal
/// play of the roll.
pub fn why_gnubg_of(
    ev: &NativeEvaluator,
    d: &Decision,
    play: &MoveVerdict,
) -> Option<Result<WhyGnubg, NativeError>> {
    let DecisionKind::Move(c) = &d.kind else {
        return None;
    };
    if c.legality != Legality::Legal || !play.rated || play.loss.is_none_or(|l| l <= 0.0) {
        return None;
    }
    let mut generator = MoveGenerator::new();
    let best = generator
        .generate(&d.position, c.dice)
        .iter()
        .find(|p| p.mv.notation() == play.best)?
        .result;
    Some(why_gnubg(ev, &c.result, &best))
}
