//! Money cube decisions in a race, from the side on roll's view in units of the current stake:
//! the equities of no double, double/take and double/pass of one cube state
//! ([`CubeDecision`]), the decisions they imply and what each wrong one costs; and a verdict as
//! three decisions ([`CubeAdvice`]): double with the cube centred, redouble owning it, take.
//!
//! The decisions are gnubg's (`FindBestCubeDecision` in `eval.c`): the side on roll doubles
//! when double/take and double/pass are both at least no double; the other side passes when
//! double/take is at least double/pass. The right action's equity is therefore
//! `max(ND, min(DT, DP))`.

/// The three cube decisions of a race, for the player on roll as the doubler.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CubeAdvice {
    /// Double with the cube centred (an initial double).
    pub double: bool,
    /// Redouble when the player on roll owns the cube.
    pub redouble: bool,
    /// The other side takes a double (the same answer for an initial double and a redouble:
    /// either way the taker then owns the cube at twice the stake).
    pub take: bool,
}

impl CubeAdvice {
    /// The verdict in words, as the reports print it: "no double, take", "initial double
    /// only, pass", "double and redouble, take".
    pub fn words(&self) -> String {
        let action = match (self.double, self.redouble) {
            (_, true) => "double and redouble",
            (true, false) => "initial double only",
            (false, false) => "no double",
        };
        format!("{action}, {}", if self.take { "take" } else { "pass" })
    }
}

/// The right action of one cube state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeAction {
    /// No double (double/take is worth less than playing on); a double would be taken.
    NoDouble,
    /// Double, and the other side takes.
    DoubleTake,
    /// Double, and the other side passes.
    DoublePass,
    /// Too good to double: playing on is worth more than the other side's pass (only with
    /// gammons; a bear-off race without them never is).
    TooGood,
}

impl CubeAction {
    /// The action in words.
    pub fn name(self) -> &'static str {
        match self {
            CubeAction::NoDouble => "no double, take",
            CubeAction::DoubleTake => "double, take",
            CubeAction::DoublePass => "double, pass",
            CubeAction::TooGood => "too good, pass",
        }
    }
}

/// The equities of one cube state's three actions, from the side on roll's view in units of
/// the current stake (in JSON with the right `action` beside them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeDecision {
    /// No double: the side on roll plays on with the cube where it is.
    pub no_double: f64,
    /// Double/take: the other side then owns the cube at twice the stake.
    pub double_take: f64,
    /// Double/pass: +1.
    pub double_pass: f64,
}

impl CubeDecision {
    /// Whether the side on roll should double (gnubg: double/take and double/pass both at
    /// least no double).
    pub fn double(&self) -> bool {
        self.double_take.min(self.double_pass) >= self.no_double
    }

    /// Whether the other side should take a double (gnubg: pass when double/take is at least
    /// double/pass).
    pub fn take(&self) -> bool {
        self.double_take < self.double_pass
    }

    /// The right action.
    pub fn action(&self) -> CubeAction {
        match (self.double(), self.take()) {
            (true, true) => CubeAction::DoubleTake,
            (true, false) => CubeAction::DoublePass,
            (false, _) if self.no_double > self.double_pass => CubeAction::TooGood,
            (false, _) => CubeAction::NoDouble,
        }
    }

    /// The side on roll's equity after the right actions of both sides.
    pub fn equity(&self) -> f64 {
        self.no_double.max(self.double_take.min(self.double_pass))
    }

    /// What the side on roll gives up by doubling (`double`) or not, the other side answering
    /// right: 0 for the right decision.
    pub fn double_cost(&self, double: bool) -> f64 {
        let chosen = if double {
            self.double_take.min(self.double_pass)
        } else {
            self.no_double
        };
        self.equity() - chosen
    }

    /// What the other side gives up by taking a double (`take`) or passing: 0 for the right
    /// decision.
    pub fn take_cost(&self, take: bool) -> f64 {
        let chosen = if take {
            self.double_take
        } else {
            self.double_pass
        };
        chosen - self.double_take.min(self.double_pass)
    }
}

impl serde::Serialize for CubeDecision {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("CubeDecision", 4)?;
        out.serialize_field("no_double", &self.no_double)?;
        out.serialize_field("double_take", &self.double_take)?;
        out.serialize_field("double_pass", &self.double_pass)?;
        out.serialize_field("action", &self.action())?;
        out.end()
    }
}

/// The decisions of both cube states a side on roll may double from.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CubeDecisions {
    /// The cube centred: an initial double.
    pub centred: CubeDecision,
    /// The side on roll owns the cube: a redouble.
    pub owned: CubeDecision,
}

impl CubeDecisions {
    /// The right decisions as a verdict. The take is that of the centred cube; it is the same
    /// for the owned one whenever both states share their double/take and double/pass.
    pub fn advice(&self) -> CubeAdvice {
        CubeAdvice {
            double: self.centred.double(),
            redouble: self.owned.double(),
            take: self.centred.take(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_name_each_decision() {
        let advice = |double, redouble, take| CubeAdvice {
            double,
            redouble,
            take,
        };
        assert_eq!(advice(false, false, true).words(), "no double, take");
        assert_eq!(
            advice(true, false, false).words(),
            "initial double only, pass"
        );
        assert_eq!(
            advice(true, true, true).words(),
            "double and redouble, take"
        );
    }

    fn decision(no_double: f64, double_take: f64) -> CubeDecision {
        CubeDecision {
            no_double,
            double_take,
            double_pass: 1.0,
        }
    }

    #[test]
    fn actions_and_their_costs() {
        // Double/take beats playing on, and is below +1.
        let d = decision(0.4, 0.6);
        assert_eq!(d.action(), CubeAction::DoubleTake);
        assert_eq!(d.equity(), 0.6);
        assert_eq!(d.double_cost(true), 0.0);
        assert!((d.double_cost(false) - 0.2).abs() < 1e-15);
        assert!((d.take_cost(false) - 0.4).abs() < 1e-15);
        assert_eq!(d.take_cost(true), 0.0);
        // Past the pass: doubling gains 1 − ND, taking costs DT − 1.
        let d = decision(0.7, 1.3);
        assert_eq!(d.action(), CubeAction::DoublePass);
        assert!((d.double_cost(false) - 0.3).abs() < 1e-15);
        assert!((d.take_cost(true) - 0.3).abs() < 1e-15);
        // Not good enough: doubling gives the other side the cube for nothing.
        let d = decision(0.2, 0.1);
        assert_eq!(d.action(), CubeAction::NoDouble);
        assert!((d.double_cost(true) - 0.1).abs() < 1e-15);
        // Too good (gammonish): playing on beats +1.
        let d = decision(1.2, 1.5);
        assert_eq!(d.action(), CubeAction::TooGood);
        assert!((d.double_cost(true) - 0.2).abs() < 1e-15);
        assert!(!d.double() && !d.take());
    }
}
