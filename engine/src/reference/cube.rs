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
    /// The take point and the cash point where the engine gives them (gnubg: in money play
    /// from its formulas with gammons, [`money_points`]; in a match its market window).
    pub points: Option<CubePoints>,
}

/// The take point and the cash point of a cube decision, as winning chances (cubeless, the
/// gammon rates of the position's evaluation), as gnubg's `show marketwindow` gives them.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct CubePoints {
    /// The other side's take point: the least chance of winning with which it takes, the
    /// cube dead (it never redoubles).
    pub take_point: f64,
    /// The side on roll's cash point: the chance of winning from which the other side passes,
    /// the cube dead (1 − the take point).
    pub cash_point: f64,
    /// The same with the cube live: in money play Janowski's fully live cube; in a match
    /// gnubg's second window (the taker redoubles at once when that ends the match, or the
    /// live cube). `None` where gnubg gives none (a dead cube in a match).
    pub live: Option<LivePoints>,
}

/// A take point and a cash point with the cube live ([`CubePoints::live`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct LivePoints {
    /// The other side's take point.
    pub take_point: f64,
    /// The side on roll's cash point.
    pub cash_point: f64,
}

/// The money take and cash points of a position whose cubeless probabilities (for the side on
/// roll) are `p`, with gnubg's formulas (`getMoneyPoints`, Janowski's with gammons): the side
/// on roll wins W = 1 + (WG + WBG)/W points on average when it wins (a gammon counts 2, a
/// backgammon 3: gnubg's gammon rate (WG − WBG)/W and backgammon rate WBG/W), the other side
/// L = 1 + (LG + LBG)/(1 − W) when it wins. Doubled and taken, the taker with winning chance
/// t wins 2·t·L and loses 2·(1 − t)·W; passing loses 1. Dead cube: it takes from
/// t = (W − ½)/(W + L); live cube (Janowski, x = 1): t = (W − ½)/(W + L + ½). The side on
/// roll's cash point is 1 − t. A side that never wins has no gammon rate (0).
pub fn money_points(p: &Probabilities) -> CubePoints {
    let rate = |gammons: f64, wins: f64| if wins > 0.0 { gammons / wins } else { 0.0 };
    let w = 1.0 + rate(p[1] + p[2], p[0]);
    let l = 1.0 + rate(p[3] + p[4], 1.0 - p[0]);
    let dead = (w - 0.5) / (w + l);
    let live = (w - 0.5) / (w + l + 0.5);
    CubePoints {
        take_point: dead,
        cash_point: 1.0 - dead,
        live: Some(LivePoints {
            take_point: live,
            cash_point: 1.0 - live,
        }),
    }
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
    /// The three cubeful equities for the side on roll: `[no double, double/take,
    /// double/pass]`.
    pub fn figures(&self) -> [f64; 3] {
        [self.no_double, self.double_take, self.double_pass]
    }

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

    /// The share gnubg prints after its proper cube action ("No double, beaver (21.3%)"), as
    /// its `getPercent` gives it; `None` where it prints none. Not doubling, the other side
    /// taking or beavering: how far no double lies from double/take towards double/pass,
    /// (ND − DT) / (DP − DT) — the share of doubles that would have to be passed before
    /// doubling is right. Too good to double, pass: (ND − DP) / (DT − DP), the share of
    /// doubles that would have to be taken before doubling is right (none when double/take
    /// is below no double).
    pub fn percent(&self) -> Option<f64> {
        let (nd, dt, dp) = (self.no_double, self.double_take, self.double_pass);
        let a = self.action.as_str();
        let ratio = |x: f64, y: f64| (y != 0.0).then(|| x / y);
        if a.starts_with("No double") || a.starts_with("No redouble") {
            ratio(nd - dt, dp - dt)
        } else if a.starts_with("Too good") && a.ends_with(", pass") && nd <= dt {
            ratio(nd - dp, dt - dp)
        } else {
            None
        }
    }

    /// The proper cube action as gnubg's `hint` prints it: its words and the share after
    /// them where it gives one ("No redouble, take (38.4%)", [`CubeDecision::percent`]).
    pub fn proper_action(&self) -> String {
        match self.percent() {
            Some(p) => format!("{} ({:.1}%)", self.action, 100.0 * p),
            None => self.action.clone(),
        }
    }

    /// The right answer to the double, in gnubg's words for the taker ("take", "pass",
    /// "beaver"): from its proper action when it names one, else from the equities.
    pub fn answer(&self) -> &'static str {
        let a = self.action.as_str();
        if a.contains("beaver") {
            "beaver"
        } else if a.contains(", pass") {
            "pass"
        } else if a.contains(", take") || self.takes() {
            "take"
        } else {
            "pass"
        }
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
            points: None,
        }
    }

    #[test]
    fn the_share_after_the_action_is_gnubgs() {
        // gnubg 1.07.001's `hint` at 0 plies, money, beavers: qm3bAADMXdsAAA "No double,
        // beaver (21.3%)"; 2+4OAADb/wEAAA "Double, pass" (no share).
        let mut d = decision(0.19583, -0.02181, 1.0);
        d.action = "No double, beaver".into();
        assert_eq!(d.proper_action(), "No double, beaver (21.3%)");
        assert_eq!(d.answer(), "beaver");
        let mut d = decision(0.79159, 1.00048, 1.0);
        d.action = "Double, pass".into();
        assert_eq!((d.percent(), d.answer()), (None, "pass"));
        assert_eq!(d.proper_action(), "Double, pass");
        // Too good to double, pass: the share of doubles taken before doubling is right.
        let mut d = decision(1.2, 1.5, 1.0);
        d.action = "Too good to double, pass".into();
        assert!((d.percent().unwrap() - 0.4).abs() < 1e-12);
        d.double_take = 1.1;
        assert_eq!(d.percent(), None, "double/take below no double: none");
        let mut d = decision(0.5, 0.6, 1.0);
        d.action = "Double, take".into();
        assert_eq!((d.percent(), d.answer()), (None, "take"));
    }

    #[test]
    fn money_points_are_gnubgs_market_window() {
        // gnubg 1.07.001's `show marketwindow` for the opening 4HPwATDgc/ABMA (money, cube
        // evaluated at 0 plies): the side on roll's gammon rate 28.06 %, backgammon 1.45 %;
        // the other's 25.56 %, 1.58 %. Its cube parameters: the other side's take point
        // 31.179 % dead, 26.145 % live; the side on roll's cash point 68.821 %, 73.855 %.
        let p = [
            0.521513819,
            0.153921231,
            0.007563344,
            0.129847273,
            0.007545731,
        ];
        let m = money_points(&p);
        let live = m.live.unwrap();
        for (ours, gnubg) in [
            (m.take_point, 0.31179),
            (m.cash_point, 0.68821),
            (live.take_point, 0.26145),
            (live.cash_point, 0.73855),
        ] {
            assert!((ours - gnubg).abs() < 0.00001, "{ours} vs {gnubg}");
        }
        // A side that cannot win: no gammon rate, no division by zero.
        let m = money_points(&[1.0, 0.5, 0.0, 0.0, 0.0]);
        assert!((m.take_point - 1.0 / 2.5).abs() < 1e-12, "{m:?}");
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
