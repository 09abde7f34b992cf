//! gnubg's own reason for each checker error of a review ([`why_gnubg_of`]): the move played
//! and the review's best, split by the net that judged them over its concepts
//! ([`crate::reference::native::why_gnubg`]). The nets are read in process whichever engine
//! reviewed the match, so the reason is the same for the gnubg program's review.

use super::model::{Decision, DecisionKind, Legality};
use super::verdict::MoveVerdict;
use crate::core::moves::MoveGenerator;
use crate::reference::native::{NativeError, NativeEvaluator, WhyGnubg, why_gnubg};

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
