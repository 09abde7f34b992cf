//! Which of gnubg's figures decided a cube error of a review ([`cube_why`]); a checker error's
//! reason in gnubg's own terms is `reference::native::why_gnubg_of` (the native topic reads
//! match files, so the split lives there).

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
