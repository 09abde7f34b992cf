//! The race formulas players use over the board, beside the exact figures.
//!
//! Each takes both sides' checkers counted from their own ace points (index `p − 1` for point
//! `p`, as [`crate::core::position::SideCheckers`]) and reports both adjusted counts and the cube
//! verdict its author gives for the player on roll as the doubler (money play).

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
    /// What the formula advises the player on roll / the opponent.
    pub verdict: String,
    /// The winning chance it estimates for the player on roll, when it gives one.
    pub win: Option<f64>,
}

fn pips(s: &SideCheckers) -> f64 {
    s.iter()
        .enumerate()
        .map(|(i, &n)| (i as f64 + 1.0) * n as f64)
        .sum()
}

fn on_board(s: &SideCheckers) -> u32 {
    s.iter().map(|&n| n as u32).sum()
}

fn cube(double: bool, redouble: bool, take: bool) -> String {
    let action = match (double, redouble) {
        (_, true) => "double and redouble",
        (true, false) => "initial double only",
        (false, false) => "no double",
    };
    format!("{action}, {}", if take { "take" } else { "pass" })
}

/// The Keith count (Tom Keith; summary at bkgm.com glossary "Keith count" and bgonline.org
/// "Summary of the Keith Count"): pips, +2 for each checker beyond 1 on the ace point, +1 for
/// each beyond 1 on the 2 point, +1 for each beyond 3 on the 3 point, +1 for each empty 4, 5 or
/// 6 point; the player on roll adds a seventh (rounded down). Double if the roller's count
/// exceeds the opponent's by at most 4, redouble by at most 3; take if by at least 2.
pub fn keith(me: &SideCheckers, opp: &SideCheckers) -> RaceCount {
    let adjusted = |s: &SideCheckers| {
        let extra = |n: u8, free: u8| n.saturating_sub(free) as f64;
        let empty = (3..6).filter(|&i| s[i] == 0).count() as f64;
        pips(s) + 2.0 * extra(s[0], 1) + extra(s[1], 1) + extra(s[2], 3) + empty
    };
    let a = adjusted(me);
    let k_me = a + (a / 7.0).floor();
    let k_opp = adjusted(opp);
    let diff = k_me - k_opp;
    RaceCount {
        name: "Keith",
        on_roll: k_me,
        opponent: k_opp,
        verdict: cube(diff <= 4.0, diff <= 3.0, diff >= 2.0),
        metric: None,
        win: None,
    }
}

/// The Thorp count (Edward O. Thorp, *The Mathematics of Gambling*; as given by Simon
/// Woodhead, rec.games.backgammon 1991, and the bkgm.com glossary): pips, +2 for each checker
/// on the board, +1 for each on the ace point, −1 for each occupied home point; the player on
/// roll adds 10 % when the count exceeds 30. Double when the roller's count exceeds the
/// opponent's by at most 2, redouble by at most 1; take when the taker's count exceeds the
/// doubler's by at most 2.
pub fn thorp(me: &SideCheckers, opp: &SideCheckers) -> RaceCount {
    let count = |s: &SideCheckers| {
        let occupied = (0..6).filter(|&i| s[i] > 0).count() as f64;
        pips(s) + 2.0 * on_board(s) as f64 + s[0] as f64 - occupied
    };
    let mut l = count(me);
    if l > 30.0 {
        l *= 1.1;
    }
    let t = count(opp);
    RaceCount {
        name: "Thorp",
        on_roll: l,
        opponent: t,
        verdict: cube(l - t <= 2.0, l - t <= 1.0, t - l <= 2.0),
        metric: None,
        win: None,
    }
}

/// The Kleinman count (Danny Kleinman; formula as posted by Øystein Johansen,
/// rec.games.backgammon, 22 February 2001): with D = opponent's pips − roller's pips + 4 and
/// S = sum of pips − 4, K = D²/S; the roller wins with W = 0.76 + 0.114 ln K when K > 1,
/// else 0.5 + 0.267 √K (1 − W when D < 0). K ≈ 0.5 is a double, 0.7 a redouble, about 1.2 the
/// last take.
pub fn kleinman(me: &SideCheckers, opp: &SideCheckers) -> RaceCount {
    let d = pips(opp) - pips(me) + 4.0;
    let s = pips(opp) + pips(me) - 4.0;
    let k = if s > 0.0 { d * d / s } else { f64::INFINITY };
    let w = if k > 1.0 {
        0.76 + 0.114 * k.ln()
    } else {
        0.5 + 0.267 * k.sqrt()
    };
    let w = if d < 0.0 { 1.0 - w } else { w }.clamp(0.0, 1.0);
    let lead = d >= 0.0;
    RaceCount {
        name: "Kleinman",
        on_roll: pips(me),
        opponent: pips(opp),
        metric: Some(k),
        verdict: cube(lead && k >= 0.5, lead && k >= 0.7, !lead || k <= 1.2),
        win: Some(w),
    }
}

/// The 8-9-12 rule (percentage rule for long races, as in Simon Woodhead's 1991
/// rec.games.backgammon post and Robertie's *Advanced Backgammon*): the roller's lead as a
/// percentage of its own pip count; 8 % or more an initial double, 9 % a redouble, up to 12 %
/// a take.
pub fn eight_nine_twelve(me: &SideCheckers, opp: &SideCheckers) -> RaceCount {
    let (a, b) = (pips(me), pips(opp));
    let lead = if a > 0.0 { 100.0 * (b - a) / a } else { 100.0 };
    RaceCount {
        name: "8-9-12",
        on_roll: a,
        opponent: b,
        metric: Some(lead),
        verdict: cube(lead >= 8.0, lead >= 9.0, lead <= 12.0),
        win: None,
    }
}

/// The Isight count (summary of page 28 of the Isight paper by "Taper_Mike", bgonline.org, 10
/// December 2014): pips, +1 for each checker more on the board than the opponent, +2 for each
/// checker beyond 2 on the ace point, +1 for each beyond 2 on the 2 point, +1 for each beyond 3
/// on the 3 point, +1 for each empty 4, 5 or 6 point when the opponent holds its own
/// corresponding point, +1 for each crossover more than the opponent needs. With L the roller's
/// count, T the opponent's and D = T − L, the metric P = 80 − L/3 + 2D: below 68 no double,
/// 68–70 an initial double, 70–76 a redouble, above 76 a pass.
pub fn isight(me: &SideCheckers, opp: &SideCheckers) -> RaceCount {
    let crossovers = |s: &SideCheckers| -> u32 {
        s.iter()
            .enumerate()
            .map(|(i, &n)| n as u32 * (i as u32 / 6))
            .sum()
    };
    let count = |s: &SideCheckers, o: &SideCheckers| {
        let extra = |n: u8, free: u8| n.saturating_sub(free) as f64;
        let gaps = (3..6).filter(|&i| s[i] == 0 && o[i] > 0).count() as f64;
        pips(s)
            + on_board(s).saturating_sub(on_board(o)) as f64
            + 2.0 * extra(s[0], 2)
            + extra(s[1], 2)
            + extra(s[2], 3)
            + gaps
            + crossovers(s).saturating_sub(crossovers(o)) as f64
    };
    let l = count(me, opp);
    let t = count(opp, me);
    let p = 80.0 - l / 3.0 + 2.0 * (t - l);
    RaceCount {
        name: "Isight",
        on_roll: l,
        opponent: t,
        metric: Some(p),
        verdict: cube(p >= 68.0, p >= 70.0, p <= 76.0),
        win: None,
    }
}

/// All five formulas.
pub fn all(me: &SideCheckers, opp: &SideCheckers) -> Vec<RaceCount> {
    vec![
        keith(me, opp),
        thorp(me, opp),
        kleinman(me, opp),
        eight_nine_twelve(me, opp),
        isight(me, opp),
    ]
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
        let r = kleinman(&me, &side(&[(13, 8), (9, 1)]));
        assert!((r.metric.unwrap() - 1.383).abs() < 0.001);
        assert!((r.win.unwrap() - 0.797).abs() < 0.001);
        let r = kleinman(&me, &side(&[(10, 10), (6, 1)]));
        assert!((r.win.unwrap() - 0.688).abs() < 0.001);
    }

    #[test]
    fn keith_and_thorp_adjustments() {
        // Three on the ace, two on the 2 point, nothing on 4-6: Keith adds 4 + 1 + 3.
        let me = side(&[(1, 3), (2, 2)]);
        let opp = side(&[(6, 1)]);
        let k = keith(&me, &opp);
        let adjusted: f64 = 7.0 + 4.0 + 1.0 + 3.0;
        assert_eq!(k.on_roll, adjusted + (adjusted / 7.0).floor());
        assert_eq!(k.opponent, 6.0 + 2.0);
        // Thorp: 7 pips + 10 + 3 − 2 occupied points.
        assert_eq!(thorp(&me, &opp).on_roll, 18.0);
        assert_eq!(thorp(&me, &opp).opponent, 6.0 + 2.0 - 1.0);
    }

    #[test]
    fn eight_nine_twelve_reads_the_lead() {
        let r = eight_nine_twelve(&side(&[(10, 10)]), &side(&[(10, 11)]));
        assert!((r.metric.unwrap() - 10.0).abs() < 1e-12);
        assert_eq!(r.verdict, "double and redouble, take");
    }
}
