//! The Race tab's judges: each race formula's cube verdict for the cube as it stands, beside
//! the exact verdict (when the race lies in the open cubeful two-sided database) and gnubg's
//! (its cube decision before the roll, as the Cube panel shows it), each marked right or
//! wrong, and what the wrong ones cost: from the exact cubeful equities when the database
//! answers, else from gnubg's.

use bgw_engine::reference::CubeDecision as GnubgDecision;
use bgw_engine::studies::race::{CubeAdvice, CubeDecision as ExactDecision, RaceCount};
use egui_extras::{Column, TableBuilder};

/// The cube state the formulas' verdicts are read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeState {
    /// Centred: the side on roll's initial double.
    Centred,
    /// The side on roll owns it: its redouble.
    Owned,
}

/// What the judges say of the position awaiting its roll.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judges {
    /// The cube state (`None`: the other side owns the cube, the side on roll has no double
    /// to decide — or the dice are rolled).
    pub state: Option<CubeState>,
    /// The exact verdict (the database's name and the decision of the cube state), or why
    /// there is none; `None`: no cubeful two-sided database is open.
    pub exact: Option<(String, Result<ExactDecision, String>)>,
    /// gnubg's decision at the position's match state (its depth), or where it stands
    /// ("evaluating…", "gnubg is off", a failure).
    pub gnubg: Option<Result<(u8, GnubgDecision), String>>,
}

/// One judge's answer on one formula: right, or wrong on the double, the take or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The formula's double (or redouble) is the judge's.
    pub double: bool,
    /// The formula's take is the judge's.
    pub take: bool,
}

impl Mark {
    /// "right", "wrong: double", "wrong: take", "wrong: double and take".
    pub fn words(self) -> &'static str {
        match (self.double, self.take) {
            (true, true) => "right",
            (false, true) => "wrong: double",
            (true, false) => "wrong: take",
            (false, false) => "wrong: double and take",
        }
    }
}

/// The formula's answers for `state`: double (or redouble) and take.
pub fn answers(advice: &CubeAdvice, state: CubeState) -> (bool, bool) {
    let double = match state {
        CubeState::Centred => advice.double,
        CubeState::Owned => advice.redouble,
    };
    (double, advice.take)
}

/// The exact verdict's mark on the answers, and their cost (the doubler's and the taker's
/// equity given up, units of the stake before the double).
pub fn exact_mark(d: &ExactDecision, (double, take): (bool, bool)) -> (Mark, f64) {
    let mark = Mark {
        double: double == d.double(),
        take: take == d.take(),
    };
    (mark, d.double_cost(double) + d.take_cost(take))
}

/// gnubg's mark on the answers, and their cost from its cubeful equities (its double error
/// and take error, normalised).
pub fn gnubg_mark(d: &GnubgDecision, (double, take): (bool, bool)) -> (Mark, f64) {
    let mark = Mark {
        double: double == d.doubles(),
        take: take == d.takes(),
    };
    let mut cost = 0.0;
    if !mark.double {
        cost += d.double_error();
    }
    if !mark.take {
        cost += d.take_error();
    }
    (mark, cost)
}

/// Draws the judges' lines and the table of the formulas against them.
pub fn show(ui: &mut egui::Ui, counts: &[RaceCount], judges: &Judges) {
    ui.add_space(6.0);
    ui.strong("The formulas' cube verdicts against the exact one and gnubg's");
    let Some(state) = judges.state else {
        ui.label(
            "No cube decision to judge: the dice are rolled, or the other side owns the cube.",
        );
        return;
    };
    let state_words = match state {
        CubeState::Centred => "cube centred: the initial double",
        CubeState::Owned => "the side on roll owns the cube: the redouble",
    };
    ui.weak(state_words);
    let exact = exact_line(ui, judges);
    let gnubg = gnubg_line(ui, judges);
    verdicts_table(ui, counts, state, exact, gnubg);
}

/// The exact verdict's line (its equities), or why there is none; the verdict.
fn exact_line<'a>(ui: &mut egui::Ui, judges: &'a Judges) -> Option<&'a ExactDecision> {
    match &judges.exact {
        None => {
            ui.weak("Exact: open a cubeful two-sided database in the Bear-off tab.");
            None
        }
        Some((name, Err(why))) => {
            ui.weak(format!("Exact ({name}): none — {why}"));
            None
        }
        Some((name, Ok(d))) => {
            ui.label(format!(
                "Exact ({name}, money): {} — no double {:+.3}, double/take {:+.3}, \
                 double/pass {:+.3}",
                d.action().name(),
                d.no_double,
                d.double_take,
                d.double_pass
            ));
            Some(d)
        }
    }
}

/// gnubg's line (its depth and equities), or where it stands; its decision.
fn gnubg_line<'a>(ui: &mut egui::Ui, judges: &'a Judges) -> Option<&'a GnubgDecision> {
    match &judges.gnubg {
        None => None,
        Some(Err(why)) => {
            ui.weak(format!("gnubg: {why}"));
            None
        }
        Some(Ok((plies, d))) => {
            ui.label(format!(
                "gnubg {plies}-ply: {} — no double {:+.3}, double/take {:+.3}, double/pass \
                 {:+.3}",
                d.action, d.no_double, d.double_take, d.double_pass
            ));
            Some(d)
        }
    }
}

/// A row a formula: what it says in cube state `state`, whether each judge agrees (wrong
/// answers in the error colour), and what the wrong answers cost by the exact verdict, else
/// by gnubg's.
fn verdicts_table(
    ui: &mut egui::Ui,
    counts: &[RaceCount],
    state: CubeState,
    exact: Option<&ExactDecision>,
    gnubg: Option<&GnubgDecision>,
) {
    let h = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    TableBuilder::new(ui)
        .id_salt("race-judges")
        .striped(true)
        .auto_shrink([false, true])
        .column(Column::auto().at_least(70.0))
        .column(Column::auto().at_least(110.0))
        .columns(Column::auto().at_least(140.0), 2)
        .column(Column::remainder().at_least(90.0))
        .header(h + 2.0, |mut row| {
            for head in [
                "formula",
                "says",
                "vs exact",
                "vs gnubg",
                "cost of the wrong",
            ] {
                row.col(|ui| {
                    ui.strong(head);
                });
            }
        })
        .body(|body| {
            body.rows(h, counts.len(), |mut row| {
                let c = &counts[row.index()];
                let said = answers(&c.advice, state);
                let by_exact = exact.map(|d| exact_mark(d, said));
                let by_gnubg = gnubg.map(|d| gnubg_mark(d, said));
                row.col(|ui| {
                    ui.label(c.name);
                });
                row.col(|ui| {
                    ui.label(format!(
                        "{}, {}",
                        if said.0 { "double" } else { "no double" },
                        if said.1 { "take" } else { "pass" }
                    ));
                });
                for mark in [by_exact, by_gnubg] {
                    row.col(|ui| match mark {
                        Some((m, _)) if m.double && m.take => {
                            ui.label(m.words());
                        }
                        Some((m, _)) => {
                            ui.colored_label(ui.visuals().error_fg_color, m.words());
                        }
                        None => {
                            ui.weak("—");
                        }
                    });
                }
                row.col(|ui| {
                    let cost = match (by_exact, by_gnubg) {
                        (Some((_, e)), _) => Some((e, "exact")),
                        (None, Some((_, g))) => Some((g, "gnubg")),
                        _ => None,
                    };
                    match cost {
                        Some((0.0, _)) => {
                            ui.monospace("0");
                        }
                        Some((e, judge)) => {
                            ui.monospace(format!("{e:.3} ({judge})"));
                        }
                        None => {
                            ui.weak("—");
                        }
                    }
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_and_costs_follow_the_judges_equities() {
        // Double, take (exact): no double +0.60, double/take +0.80, double/pass +1.
        let d = ExactDecision {
            no_double: 0.6,
            double_take: 0.8,
            double_pass: 1.0,
        };
        let (m, cost) = exact_mark(&d, (true, true));
        assert_eq!((m.words(), cost), ("right", 0.0));
        let (m, cost) = exact_mark(&d, (false, false));
        assert_eq!(m.words(), "wrong: double and take");
        // Not doubling gives up 0.2, passing gives up 0.2.
        assert!((cost - 0.4).abs() < 1e-12, "{cost}");
        let advice = CubeAdvice {
            double: false,
            redouble: true,
            take: true,
        };
        assert_eq!(answers(&advice, CubeState::Centred), (false, true));
        assert_eq!(answers(&advice, CubeState::Owned), (true, true));
        let g = GnubgDecision {
            plies: 0,
            no_double: 0.6,
            double_take: 0.8,
            double_pass: 1.0,
            action: "Double, take".into(),
            probs: [0.8, 0.0, 0.0, 0.0, 0.0],
            cubeless: 0.6,
            mwc: None,
            points: None,
        };
        let (m, cost) = gnubg_mark(&g, (false, true));
        assert_eq!(m.words(), "wrong: double");
        assert!((cost - 0.2).abs() < 1e-12);
    }
}
