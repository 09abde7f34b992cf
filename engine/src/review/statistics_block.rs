//! gnubg's statistics block as text, row by row as its `show statistics match` prints it
//! (analysis.c `DumpStatcontext`, formatgs.c): for the command line, which prints it whole,
//! and the app, which shows it as a grid.

use super::judge::PlayerSummary;
use super::statistics::{Advantage, CubeErrorCount, CubeErrors, RollsMarked};
use crate::core::formats::shorten;
use std::fmt::Write;

/// One section of the block: its title and its rows (a label, the two players' cells).
#[derive(Clone, Debug, PartialEq)]
pub struct StatisticsSection {
    /// "Chequerplay statistics", "Luck statistics", "Cube statistics", "Overall statistics".
    pub title: &'static str,
    /// Each row: its label and the cells of the file's first and second player.
    pub rows: Vec<(String, [String; 2])>,
}

/// The whole block as gnubg prints it: the players' names, then each section.
pub fn statistics_text(summary: &[PlayerSummary; 2], match_length: u16) -> String {
    let mut out = String::new();
    let row = |out: &mut String, label: &str, a: &str, b: &str| {
        let _ = writeln!(out, "{label:<40} {a:<23} {b:<23}");
    };
    row(
        &mut out,
        "Player",
        &shorten(&summary[0].name, usize::MAX),
        &shorten(&summary[1].name, usize::MAX),
    );
    out.push('\n');
    for s in statistics_sections(summary, match_length) {
        let _ = writeln!(out, "{}\n", s.title);
        for (label, [a, b]) in &s.rows {
            row(&mut out, label, a, b);
        }
        out.push_str("\n\n");
    }
    out.push('\n');
    out
}

/// gnubg's statistics block, section by section, each row a label and the two players'
/// cells as its `show statistics match` prints them (errors with a minus, as gnubg writes
/// them; MWC in per cent in a match, points in money play).
pub fn statistics_sections(
    summary: &[PlayerSummary; 2],
    match_length: u16,
) -> Vec<StatisticsSection> {
    let money = match_length == 0;
    let c = Cells {
        summary,
        money,
        unit: if money { "(Points)" } else { "(MWC)" },
    };
    vec![
        StatisticsSection {
            title: "Chequerplay statistics",
            rows: chequerplay(&c),
        },
        StatisticsSection {
            title: "Luck statistics",
            rows: luck(&c),
        },
        StatisticsSection {
            title: "Cube statistics",
            rows: cube(&c),
        },
        StatisticsSection {
            title: "Overall statistics",
            rows: overall(&c),
        },
    ]
}

/// One row of the block: its label and the two players' cells.
type Row = (String, [String; 2]);

/// What every cell of the block is written with: the two players, and whether the figures
/// are points (money play) or MWC (a match).
struct Cells<'a> {
    summary: &'a [PlayerSummary; 2],
    money: bool,
    /// "(Points)" or "(MWC)", as gnubg labels the totals and rates.
    unit: &'static str,
}

impl Cells<'_> {
    /// The two players' cells of one figure.
    fn both(&self, f: &dyn Fn(&PlayerSummary) -> String) -> [String; 2] {
        [f(&self.summary[0]), f(&self.summary[1])]
    }

    /// The two players' cells of a figure only a luck analysis gives: "n/a" without one.
    fn luck(&self, f: &dyn Fn(&PlayerSummary) -> Option<String>) -> [String; 2] {
        self.both(&|p| f(p).unwrap_or_else(|| "n/a".into()))
    }

    /// A total: EMG, and MWC in per cent (points in money play), with a minus for errors.
    fn total(&self, emg: f64, mwc: f64) -> String {
        match self.money {
            true => format!("     {:+6.3} ({:+7.3})", -emg, -mwc),
            false => format!("     {:+6.3} ({:+7.3}%)", -emg, -100.0 * mwc),
        }
    }

    /// A rate: mEMG a move, and MWC in per cent (points in money play).
    fn rate(&self, memg: f64, mwc: f64) -> String {
        match self.money {
            true => format!("   {:+6.1}   ({:+7.3})", -memg, -mwc),
            false => format!("   {:+6.1}   ({:+7.3}%)", -memg, -100.0 * mwc),
        }
    }
}

/// A count, three wide.
fn count(n: usize) -> String {
    format!("{n:3}")
}

/// The rows of "Chequerplay statistics".
fn chequerplay(c: &Cells) -> Vec<Row> {
    let unit = c.unit;
    vec![
        (
            "Total moves".into(),
            c.both(&|p| count(p.statistics.total_moves)),
        ),
        (
            "Unforced moves".into(),
            c.both(&|p| count(p.unforced_moves)),
        ),
        (
            "Unmarked moves".into(),
            c.both(&|p| count(p.statistics.unmarked_moves)),
        ),
        (
            "Moves marked doubtful".into(),
            c.both(&|p| count(p.doubtful)),
        ),
        ("Moves marked bad".into(), c.both(&|p| count(p.bad))),
        (
            "Moves marked very bad".into(),
            c.both(&|p| count(p.very_bad)),
        ),
        (
            format!("Error total EMG {unit}"),
            c.both(&|p| c.total(p.error_emg, p.statistics.error_mwc)),
        ),
        (
            format!("Error rate mEMG {unit}"),
            c.both(&|p| c.rate(p.error_rate_memg, p.statistics.error_rate_mwc)),
        ),
        (
            "Chequerplay rating".into(),
            c.both(&|p| p.statistics.ratings.chequer.clone()),
        ),
    ]
}

/// The rows of "Luck statistics" ("n/a" without a luck analysis).
fn luck(c: &Cells) -> Vec<Row> {
    let unit = c.unit;
    let marked = |f: fn(&RollsMarked) -> usize| {
        c.luck(&move |p| p.statistics.rolls_marked.as_ref().map(|m| count(f(m))))
    };
    vec![
        ("Rolls marked very lucky".into(), marked(|m| m.very_lucky)),
        ("Rolls marked lucky".into(), marked(|m| m.lucky)),
        ("Rolls unmarked".into(), marked(|m| m.unmarked)),
        ("Rolls marked unlucky".into(), marked(|m| m.unlucky)),
        (
            "Rolls marked very unlucky".into(),
            marked(|m| m.very_unlucky),
        ),
        (
            format!("Luck total EMG {unit}"),
            c.luck(&|p| {
                let s = &p.statistics;
                Some(c.total(-s.luck_total_emg?, -s.luck_total_mwc?))
            }),
        ),
        (
            format!("Luck rate mEMG {unit}"),
            c.luck(&|p| {
                let s = &p.statistics;
                Some(c.rate(-s.luck_rate_memg?, -s.luck_rate_mwc?))
            }),
        ),
        (
            "Luck rating".into(),
            c.both(&|p| p.statistics.ratings.luck.clone()),
        ),
    ]
}

/// The rows of "Cube statistics": the counts, each category of cube error, the totals.
fn cube(c: &Cells) -> Vec<Row> {
    let unit = c.unit;
    let category = |f: fn(&CubeErrors) -> CubeErrorCount| {
        c.both(&move |p| {
            let e = f(&p.statistics.cube_errors);
            match (e.count, c.money) {
                (0, _) => "  0".into(),
                (n, true) => format!("{n:3} ({:+6.3} ({:+7.3}))", -e.emg, -e.mwc),
                (n, false) => format!("{n:3} ({:+6.3} ({:+7.3}%))", -e.emg, -100.0 * e.mwc),
            }
        })
    };
    vec![
        (
            "Total cube decisions".into(),
            c.both(&|p| count(p.cube_decisions)),
        ),
        (
            "Close or actual cube decisions".into(),
            c.both(&|p| count(p.statistics.close_cube_decisions)),
        ),
        ("Doubles".into(), c.both(&|p| count(p.statistics.doubles))),
        ("Takes".into(), c.both(&|p| count(p.statistics.takes))),
        ("Passes".into(), c.both(&|p| count(p.statistics.passes))),
        (
            format!("Missed doubles below CP (EMG {unit})"),
            category(|c| c.missed_double_below_cp),
        ),
        (
            format!("Missed doubles above CP (EMG {unit})"),
            category(|c| c.missed_double_above_cp),
        ),
        (
            format!("Wrong doubles below DP (EMG {unit})"),
            category(|c| c.wrong_double_below_dp),
        ),
        (
            format!("Wrong doubles above TG (EMG {unit})"),
            category(|c| c.wrong_double_above_tg),
        ),
        (
            format!("Wrong takes (EMG {unit})"),
            category(|c| c.wrong_take),
        ),
        (
            format!("Wrong passes (EMG {unit})"),
            category(|c| c.wrong_pass),
        ),
        (
            format!("Error total EMG {unit}"),
            c.both(&|p| c.total(p.cube_error_emg, p.statistics.cube_error_mwc)),
        ),
        (
            format!("Error rate mEMG {unit}"),
            c.both(&|p| {
                let s = &p.statistics;
                c.rate(s.cube_error_rate_memg, s.cube_error_rate_mwc)
            }),
        ),
        (
            "Cube decision rating".into(),
            c.both(&|p| p.statistics.ratings.cube.clone()),
        ),
    ]
}

/// The rows of "Overall statistics": the errors and ratings, the results, FIBS ratings in a
/// match, the points a game in a money session.
fn overall(c: &Cells) -> Vec<Row> {
    let (unit, money, summary) = (c.unit, c.money, c.summary);
    let mut overall = vec![
        (
            format!("Error total EMG {unit}"),
            c.both(&|p| {
                let s = &p.statistics;
                c.total(s.overall_error_total_emg, s.overall_error_total_mwc)
            }),
        ),
        (
            format!("Error rate mEMG {unit}"),
            c.both(&|p| {
                let s = &p.statistics;
                c.rate(s.overall_error_rate_memg, s.overall_error_rate_mwc)
            }),
        ),
        (
            "Snowie error rate".into(),
            c.both(&|p| c.rate(p.statistics.snowie_error_rate, -0.0)),
        ),
        (
            "Overall rating".into(),
            c.both(&|p| p.statistics.ratings.overall.clone()),
        ),
    ];
    let result = |x: f64| match money {
        true => format!("{x:+7.3}"),
        false => format!("{:+7.2}%", 100.0 * x),
    };
    overall.push((
        "Actual result".into(),
        c.luck(&|p| p.statistics.actual_result.map(result)),
    ));
    overall.push((
        "Luck adjusted result".into(),
        c.luck(&|p| p.statistics.luck_adjusted_result.map(result)),
    ));
    if !money {
        let fibs = |x: Option<f64>, f: fn(f64) -> String| x.map_or("n/a".into(), f);
        overall.push((
            "Luck based FIBS rating diff.".into(),
            [
                fibs(summary[0].statistics.luck_based_fibs_rating_diff, |x| {
                    format!("{x:+7.2}")
                }),
                String::new(),
            ],
        ));
        overall.push((
            "Error based abs. FIBS rating".into(),
            c.both(&|p| fibs(p.statistics.error_based_fibs_rating, |x| format!("{x:6.1}"))),
        ));
        overall.push((
            "Chequerplay errors rating loss".into(),
            c.both(&|p| fibs(p.statistics.chequer_rating_loss, |x| format!("{x:6.1}"))),
        ));
        overall.push((
            "Cube errors rating loss".into(),
            c.both(&|p| fibs(p.statistics.cube_rating_loss, |x| format!("{x:6.1}"))),
        ));
    }
    // A money session of more than one game: its points a game, as gnubg prints them (the
    // interval centred on the total, not the mean, as gnubg 1.07 prints it).
    if money && summary.iter().all(|p| p.statistics.ppg.is_some()) {
        /// A figure a game and its interval's half-width.
        type Figures = fn(&Advantage) -> (f64, f64);
        let rows: [(&str, Figures); 2] = [
            ("Advantage (actual) in ppg", |a| (a.actual, a.actual_ci)),
            ("Advantage (luck adjusted) in ppg", |a| {
                (a.luck_adjusted, a.luck_adjusted_ci)
            }),
        ];
        for (label, figures) in rows {
            let of = |p: &PlayerSummary| {
                let a = p.statistics.ppg.unwrap_or_default();
                let (ppg, ci) = figures(&a);
                (ppg, ci, ppg * a.games as f64)
            };
            overall.push((label.into(), c.both(&|p| format!("{:+6.3}", of(p).0))));
            overall.push((
                "95% confidence interval (ppg)".into(),
                c.both(&|p| {
                    let (_, ci, total) = of(p);
                    format!("[{:6.3},{:6.3}]", total - ci, total + ci)
                }),
            ));
        }
    }
    overall
}
