//! The race formulas players use over the board, beside the exact figures.
//!
//! Each takes both sides' checkers counted from their own ace points (index `p − 1` for point
//! `p`, as [`crate::core::position::SideCheckers`]) and reports both adjusted counts and the cube
//! verdict its author gives for the player on roll as the doubler (money play).

use super::cube::CubeAdvice;
use crate::core::position::SideCheckers;

/// One formula's reading of a race.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RaceCount {
    /// The formula's name.
    pub name: &'static str,
    /// The adjusted count of the player on roll (plain pips for Kleinman and 8-9-12).
    pub on_roll: f64,
    /// The opponent's adjusted count.
    pub opponent: f64,
    /// The formula's own figure, when it has one besides the counts: K for Kleinman, the
    /// lead in % for 8-9-12, P for Isight.
    pub metric: Option<f64>,
    /// What the formula advises the player on roll / the opponent, in words
    /// ([`CubeAdvice::words`] of [`advice`](Self::advice)).
    pub verdict: String,
    /// The winning chance it estimates for the player on roll, when it gives one.
    pub win: Option<f64>,
    /// What the formula advises, decision by decision.
    pub advice: CubeAdvice,
}

/// The five formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Formula {
    /// The Keith count.
    Keith,
    /// The Thorp count.
    Thorp,
    /// The Kleinman count.
    Kleinman,
    /// The 8-9-12 rule.
    EightNineTwelve,
    /// The Isight count.
    Isight,
}

/// A formula's reading of a race, without words: what the cube study reads for every pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The adjusted count of the player on roll.
    pub on_roll: f64,
    /// The opponent's adjusted count.
    pub opponent: f64,
    /// The formula's own figure (see [`RaceCount::metric`]).
    pub metric: Option<f64>,
    /// The winning chance it estimates for the player on roll, when it gives one.
    pub win: Option<f64>,
    /// Its three cube decisions.
    pub advice: CubeAdvice,
}

/// What the formulas read of one side, worked out once: the cube study reads every pair of a
/// database, so each side's share is computed once per position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceSide {
    pips: f64,
    checkers: u32,
    /// Keith's count before the roller's seventh.
    keith: f64,
    /// Thorp's count before the roller's 10 %.
    thorp: f64,
    /// Isight's terms that read this side alone: pips and the wastage on the 1, 2 and 3 points.
    isight: f64,
    /// Bit k set when point 4 + k is empty (k = 0, 1, 2).
    empty: u8,
    /// Checkers × the crossovers each needs to reach the home board (Isight).
    crossovers: u32,
}

/// Checkers beyond `free` on a point.
fn extra(n: u8, free: u8) -> f64 {
    n.saturating_sub(free) as f64
}

impl RaceSide {
    /// The figures of a side given by its checkers on points 1, 2, … (index `p − 1`).
    pub fn new(s: &SideCheckers) -> RaceSide {
        let pips: f64 = s
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as f64 + 1.0) * n as f64)
            .sum();
        let checkers = s.iter().map(|&n| n as u32).sum();
        let empty = (0..3).filter(|&k| s[3 + k] == 0).fold(0, |m, k| m | 1 << k);
        let occupied = (0..6).filter(|&i| s[i] > 0).count() as f64;
        RaceSide {
            pips,
            checkers,
            keith: pips
                + 2.0 * extra(s[0], 1)
                + extra(s[1], 1)
                + extra(s[2], 3)
                + (empty as u32).count_ones() as f64,
            thorp: pips + 2.0 * checkers as f64 + s[0] as f64 - occupied,
            isight: pips + 2.0 * extra(s[0], 2) + extra(s[1], 2) + extra(s[2], 3),
            empty,
            crossovers: s
                .iter()
                .enumerate()
                .map(|(i, &n)| n as u32 * (i as u32 / 6))
                .sum(),
        }
    }

    /// The side's pip count.
    pub fn pips(&self) -> f64 {
        self.pips
    }
}

impl Formula {
    /// The five, in the order the reports list them.
    pub const ALL: [Formula; 5] = [
        Formula::Keith,
        Formula::Thorp,
        Formula::Kleinman,
        Formula::EightNineTwelve,
        Formula::Isight,
    ];

    /// The formula's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Formula::Keith => "Keith",
            Formula::Thorp => "Thorp",
            Formula::Kleinman => "Kleinman",
            Formula::EightNineTwelve => "8-9-12",
            Formula::Isight => "Isight",
        }
    }

    /// The formula's reading of the race `me` (on roll, the doubler) against `opp`.
    pub fn read(self, me: &RaceSide, opp: &RaceSide) -> Reading {
        match self {
            Formula::Keith => keith(me, opp),
            Formula::Thorp => thorp(me, opp),
            Formula::Kleinman => kleinman(me, opp),
            Formula::EightNineTwelve => eight_nine_twelve(me, opp),
            Formula::Isight => isight(me, opp),
        }
    }

    /// [`read`](Self::read) with the formula's name and verdict in words.
    pub fn count(self, me: &SideCheckers, opp: &SideCheckers) -> RaceCount {
        let r = self.read(&RaceSide::new(me), &RaceSide::new(opp));
        RaceCount {
            name: self.name(),
            on_roll: r.on_roll,
            opponent: r.opponent,
            metric: r.metric,
            verdict: r.advice.words(),
            win: r.win,
            advice: r.advice,
        }
    }
}

fn advice(double: bool, redouble: bool, take: bool) -> CubeAdvice {
    CubeAdvice {
        double,
        redouble,
        take,
    }
}

/// The Keith count (Tom Keith; summary at bkgm.com glossary "Keith count" and bgonline.org
/// "Summary of the Keith Count"): pips, +2 for each checker beyond 1 on the ace point, +1 for
/// each beyond 1 on the 2 point, +1 for each beyond 3 on the 3 point, +1 for each empty 4, 5 or
/// 6 point; the player on roll adds a seventh (rounded down). Double if the roller's count
/// exceeds the opponent's by at most 4, redouble by at most 3; take if by at least 2.
fn keith(me: &RaceSide, opp: &RaceSide) -> Reading {
    let k_me = me.keith + (me.keith / 7.0).floor();
    let diff = k_me - opp.keith;
    Reading {
        on_roll: k_me,
        opponent: opp.keith,
        metric: None,
        win: None,
        advice: advice(diff <= 4.0, diff <= 3.0, diff >= 2.0),
    }
}

/// The Thorp count (Edward O. Thorp, *The Mathematics of Gambling*; as given by Simon
/// Woodhead, rec.games.backgammon 1991, and the bkgm.com glossary): pips, +2 for each checker
/// on the board, +1 for each on the ace point, −1 for each occupied home point; the player on
/// roll adds 10 % when the count exceeds 30. Double when the roller's count exceeds the
/// opponent's by at most 2, redouble by at most 1; take when the taker's count exceeds the
/// doubler's by at most 2.
fn thorp(me: &RaceSide, opp: &RaceSide) -> Reading {
    let l = if me.thorp > 30.0 {
        me.thorp * 1.1
    } else {
        me.thorp
    };
    let t = opp.thorp;
    Reading {
        on_roll: l,
        opponent: t,
        metric: None,
        win: None,
        advice: advice(l - t <= 2.0, l - t <= 1.0, t - l <= 2.0),
    }
}

/// The Kleinman count (Danny Kleinman; formula as posted by Øystein Johansen,
/// rec.games.backgammon, 22 February 2001): with D = opponent's pips − roller's pips + 4 and
/// S = sum of pips − 4, K = D²/S; the roller wins with W = 0.76 + 0.114 ln K when K > 1,
/// else 0.5 + 0.267 √K (1 − W when D < 0). K ≈ 0.5 is a double, 0.7 a redouble, about 1.2 the
/// last take.
fn kleinman(me: &RaceSide, opp: &RaceSide) -> Reading {
    let d = opp.pips - me.pips + 4.0;
    let s = opp.pips + me.pips - 4.0;
    let k = if s > 0.0 { d * d / s } else { f64::INFINITY };
    let w = if k > 1.0 {
        0.76 + 0.114 * k.ln()
    } else {
        0.5 + 0.267 * k.sqrt()
    };
    let w = if d < 0.0 { 1.0 - w } else { w }.clamp(0.0, 1.0);
    let lead = d >= 0.0;
    Reading {
        on_roll: me.pips,
        opponent: opp.pips,
        metric: Some(k),
        win: Some(w),
        advice: advice(lead && k >= 0.5, lead && k >= 0.7, !lead || k <= 1.2),
    }
}

/// The 8-9-12 rule (percentage rule for long races, as in Simon Woodhead's 1991
/// rec.games.backgammon post and Robertie's *Advanced Backgammon*): the roller's lead as a
/// percentage of its own pip count; 8 % or more an initial double, 9 % a redouble, up to 12 %
/// a take.
fn eight_nine_twelve(me: &RaceSide, opp: &RaceSide) -> Reading {
    let (a, b) = (me.pips, opp.pips);
    let lead = if a > 0.0 { 100.0 * (b - a) / a } else { 100.0 };
    Reading {
        on_roll: a,
        opponent: b,
        metric: Some(lead),
        win: None,
        advice: advice(lead >= 8.0, lead >= 9.0, lead <= 12.0),
    }
}

/// The Isight count (summary of page 28 of the Isight paper by "Taper_Mike", bgonline.org, 10
/// December 2014): pips, +1 for each checker more on the board than the opponent, +2 for each
/// checker beyond 2 on the ace point, +1 for each beyond 2 on the 2 point, +1 for each beyond 3
/// on the 3 point, +1 for each empty 4, 5 or 6 point when the opponent holds its own
/// corresponding point, +1 for each crossover more than the opponent needs. With L the roller's
/// count, T the opponent's and D = T − L, the metric P = 80 − L/3 + 2D: below 68 no double,
/// 68–70 an initial double, 70–76 a redouble, above 76 a pass.
fn isight(me: &RaceSide, opp: &RaceSide) -> Reading {
    let count = |s: &RaceSide, o: &RaceSide| {
        let gaps = (s.empty & !o.empty & 0b111).count_ones() as f64;
        s.isight
            + s.checkers.saturating_sub(o.checkers) as f64
            + gaps
            + s.crossovers.saturating_sub(o.crossovers) as f64
    };
    let l = count(me, opp);
    let t = count(opp, me);
    let p = 80.0 - l / 3.0 + 2.0 * (t - l);
    Reading {
        on_roll: l,
        opponent: t,
        metric: Some(p),
        win: None,
        advice: advice(p >= 68.0, p >= 70.0, p <= 76.0),
    }
}

/// All five formulas.
pub fn all(me: &SideCheckers, opp: &SideCheckers) -> Vec<RaceCount> {
    Formula::ALL.iter().map(|f| f.count(me, opp)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(points: &[(usize, u8)]) -> SideCheckers {
        let mut s = [0u8; 25];
        for &(p, n) in points {
            s[p - 1] = n;
        }
        s
    }

    #[test]
    fn kleinman_matches_its_published_examples() {
        // 100 v 113 pips: K = 17²/209 = 1.383, W = 0.797; 100 v 106: W = 0.688.
        let me = side(&[(10, 10)]);
        let r = Formula::Kleinman.count(&me, &side(&[(13, 8), (9, 1)]));
        assert!((r.metric.unwrap() - 1.383).abs() < 0.001);
        assert!((r.win.unwrap() - 0.797).abs() < 0.001);
        let r = Formula::Kleinman.count(&me, &side(&[(10, 10), (6, 1)]));
        assert!((r.win.unwrap() - 0.688).abs() < 0.001);
    }

    #[test]
    fn keith_and_thorp_adjustments() {
        // Three on the ace, two on the 2 point, nothing on 4-6: Keith adds 4 + 1 + 3.
        let me = side(&[(1, 3), (2, 2)]);
        let opp = side(&[(6, 1)]);
        let k = Formula::Keith.count(&me, &opp);
        let adjusted: f64 = 7.0 + 4.0 + 1.0 + 3.0;
        assert_eq!(k.on_roll, adjusted + (adjusted / 7.0).floor());
        assert_eq!(k.opponent, 6.0 + 2.0);
        // Thorp: 7 pips + 10 + 3 − 2 occupied points.
        assert_eq!(Formula::Thorp.count(&me, &opp).on_roll, 18.0);
        assert_eq!(Formula::Thorp.count(&me, &opp).opponent, 6.0 + 2.0 - 1.0);
    }

    #[test]
    fn isight_reads_gaps_crossovers_and_extra_checkers() {
        // 27 pips; +7 checkers more; +2 (one beyond 2 on the ace), +1 (one beyond 2 on the 2
        // point); +2 (4 and 6 points empty, the opponent's held); +1 crossover: 40. The
        // opponent: 10 pips, +1 (its 5 point empty, ours held): 11.
        let me = side(&[(1, 3), (2, 3), (5, 2), (8, 1)]);
        let opp = side(&[(4, 1), (6, 1)]);
        let r = Formula::Isight.count(&me, &opp);
        assert_eq!((r.on_roll, r.opponent), (40.0, 11.0));
        assert!((r.metric.unwrap() - (80.0 - 40.0 / 3.0 - 58.0)).abs() < 1e-12);
        let take_only = CubeAdvice {
            take: true,
            ..CubeAdvice::default()
        };
        assert_eq!(r.advice, take_only);
        assert_eq!(r.verdict, "no double, take");
    }

    #[test]
    fn eight_nine_twelve_reads_the_lead() {
        let r = Formula::EightNineTwelve.count(&side(&[(10, 10)]), &side(&[(10, 11)]));
        assert!((r.metric.unwrap() - 10.0).abs() < 1e-12);
        assert_eq!(r.verdict, "double and redouble, take");
    }
}
