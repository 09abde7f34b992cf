//! A reference engine's cube decision before the roll: the cubeful equities of no double,
//! double/take and double/pass, and what they imply.

use super::Probabilities;

/// An engine's cube decision for the side on roll, before it rolls, at its match state
/// ([`super::MatchContext`]). Equities are cubeful and normalised (in a match, gnubg's
/// "equivalent money equity", EMG), from the side on roll's view, as gnubg's `hint` prints
/// them; the match-winning chances beside them in a match.
#[derive(Clone, PartialEq, Debug)]
pub struct CubeDecision {
    /// The depth it was evaluated at.
    pub plies: u8,
    /// Cubeful equity when the side on roll does not double.
    pub no_double: f64,
    /// Cubeful equity when it doubles and the other side takes.
    pub double_take: f64,
    /// Cubeful equity when it doubles and the other side passes (+1 in money play).
    pub double_pass: f64,
    /// The proper cube action in the engine's own words (gnubg: "No double, take",
    /// "Redouble, pass", "Too good, pass", "Double, beaver", …).
    pub action: String,
    /// Cubeless win, win gammon, win backgammon, lose gammon, lose backgammon.
    pub probs: Probabilities,
    /// Cubeless equity (money) or, in a match, its normalised equity.
    pub cubeless: f64,
    /// In a match, the match-winning chances of no double, double/take, double/pass and of
    /// the cubeless evaluation.
    pub mwc: Option<CubeMwc>,
}

/// Match-winning chances of a [`CubeDecision`]'s three actions and of its cubeless
/// evaluation, for the side on roll.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct CubeMwc {
    /// No double.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass.
    pub double_pass: f64,
    /// The cubeless evaluation.
    pub cubeless: f64,
}

impl CubeDecision {
    /// What the side on roll gets by doubling: the other side's better answer.
    pub fn if_doubled(&self) -> f64 {
        self.double_take.min(self.double_pass)
    }

    /// True when doubling is right: doubled, the side on roll gets more than by playing on.
    pub fn doubles(&self) -> bool {
        self.if_doubled() > self.no_double
    }

    /// True when taking is right for the other side (it gives up less than by passing).
    pub fn takes(&self) -> bool {
        self.double_take <= self.double_pass
    }

    /// What the wrong choice of the side on roll costs it (doubling when it should not, or
    /// not doubling when it should), in the same units as the equities.
    pub fn double_error(&self) -> f64 {
        (self.if_doubled() - self.no_double).abs()
    }

    /// What the wrong answer to a double costs the other side (passing a take, taking a
    /// pass).
    pub fn take_error(&self) -> f64 {
        (self.double_pass - self.double_take).abs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(nd: f64, dt: f64, dp: f64) -> CubeDecision {
        CubeDecision {
            plies: 0,
            no_double: nd,
            double_take: dt,
            double_pass: dp,
            action: String::new(),
            probs: [0.0; 5],
            cubeless: 0.0,
            mwc: None,
        }
    }

    #[test]
    fn the_equities_say_double_or_not_and_take_or_pass() {
        // gnubg's "No redouble, take" at 3-2 to 7, cube 2 owned (its hint, 0 plies).
        let d = decision(0.212, -0.278, 1.0);
        assert!(!d.doubles() && d.takes());
        assert!((d.double_error() - 0.490).abs() < 1e-9);
        assert!((d.take_error() - 1.278).abs() < 1e-9);
        let d = decision(0.8, 1.1, 1.0);
        assert!(d.doubles() && !d.takes(), "double, pass");
        let d = decision(1.2, 1.5, 1.0);
        assert!(!d.doubles() && !d.takes(), "too good, pass");
        assert!((d.double_error() - 0.2).abs() < 1e-9);
    }
}
