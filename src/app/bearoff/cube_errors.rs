//! The cube errors of the loaded cubeful two-sided database: for each race formula (Keith,
//! Thorp, Kleinman, 8-9-12, Isight) and the one-sided database's rule, how often its initial
//! double, redouble and take are wrong against the exact money verdict of every pair and what
//! that costs; the same by the pips of the side on roll; and the costliest pairs — a click
//! puts that race on the board. The study is the engine's
//! (`bgw_engine::studies::one_sided_vs_exact::cube_errors`), computed in the background
//! ([`super::two_sided::TwoSidedState::start_cube`]); `docs/race-cube.md` explains it.

use super::best_play::cell;
use super::state::{BearoffAction, BearoffState};
use super::two_sided::CUBEFUL_SIZES;
use crate::app::jobs::progress_ui;
use crate::text::thousands;
use bgw_engine::studies::one_sided_vs_exact::{
    CubeErrors, DecisionErrors, Decisions, REPORTED, WorstCube, cube_error_bands,
};
use egui_extras::{Column, TableBuilder};

/// The cube errors section.
pub fn show(ui: &mut egui::Ui, st: &BearoffState) -> Vec<BearoffAction> {
    let mut out = super::error_map::database(ui, st);
    let two = &st.two_sided;
    let Some(loaded) = &two.loaded else {
        out.extend(offer_cubeful(ui, "No two-sided database is loaded."));
        return out;
    };
    if loaded.cubeful.is_none() {
        let why = format!(
            "The cube errors need a cubeful database (gnubg's default file, makebearoff \
             without -C); {} has no cube equities.",
            loaded.name
        );
        out.extend(offer_cubeful(ui, &why));
        return out;
    }
    if let Some(job) = &two.cubing {
        if progress_ui(ui, job) {
            out.push(BearoffAction::CancelCube);
        }
        return out;
    }
    let study = match &two.cube {
        Some(Ok(c)) => c,
        other => {
            ui.horizontal_wrapped(|ui| {
                if let Some(Err(why)) = other {
                    ui.label(format!("No cube errors: {why}."));
                }
                if ui
                    .button(format!("Compute the cube errors of {}", loaded.name))
                    .on_hover_text(
                        "Every pair's race-formula cube decisions against the exact ones",
                    )
                    .clicked()
                {
                    out.push(BearoffAction::StartCube);
                }
            });
            return out;
        }
    };
    ui.label(format!(
        "{}×{}: {} pairs with a checker left on both sides; money, no gammons. Each cell: the \
         share of wrong answers, and their cost per pair in thousandths of the stake.",
        study.points,
        study.checkers,
        thousands(study.pairs)
    ));
    summary(ui, study);
    ui.add_space(4.0);
    egui::CollapsingHeader::new("By the pips of the side on roll")
        .id_salt("cube-errors-by-pips")
        .show(ui, |ui| by_pips(ui, study));
    out.extend(worst(ui, study));
    out
}

/// Why there is nothing to show, and the cubeful sizes to build.
fn offer_cubeful(ui: &mut egui::Ui, why: &str) -> Vec<BearoffAction> {
    let mut out = Vec::new();
    ui.label(why);
    ui.horizontal_wrapped(|ui| {
        ui.label("Build a cubeful database in memory:");
        for (points, checkers) in CUBEFUL_SIZES {
            if ui
                .small_button(format!("cubeful {points}×{checkers}"))
                .on_hover_text(format!(
                    "gnubg's cubeful equities of every pair of up to {checkers} checkers on \
                     {points} points"
                ))
                .clicked()
            {
                out.push(BearoffAction::BuildCubeful(points, checkers));
            }
        }
    });
    out
}

/// "3.42 % · 1.66": wrong answers and their cost per pair (thousandths of the stake).
fn figure(e: &DecisionErrors) -> String {
    format!(
        "{:.2} % · {:.2}",
        e.wrong_percent(),
        1000.0 * e.cost_per_decision
    )
}

/// The hover text of a cell: the counts behind it.
fn detail(e: &DecisionErrors) -> String {
    format!(
        "{} wrong of {} ({} yes, {} no); {:.1} thousandths when wrong, the largest {:.1}",
        thousands(e.wrong),
        thousands(e.decisions),
        thousands(e.wrong_yes),
        thousands(e.wrong_no),
        1000.0 * e.mean_cost_when_wrong,
        1000.0 * e.largest
    )
}

/// Each rule's figures over every pair.
fn summary(ui: &mut egui::Ui, study: &CubeErrors) {
    egui::Grid::new("cube-errors-summary")
        .striped(true)
        .show(ui, |ui| {
            ui.strong("rule");
            for s in &REPORTED {
                ui.strong(s.name).on_hover_text(s.description);
            }
            ui.end_row();
            for r in &study.rules {
                ui.label(r.rule.name());
                for s in &REPORTED {
                    let e = (s.pick)(&r.overall);
                    ui.monospace(figure(e)).on_hover_text(detail(e));
                }
                ui.end_row();
            }
        });
}

/// The initial double and the take of right doubles by 10-pip bands of the side on roll.
fn by_pips(ui: &mut egui::Ui, study: &CubeErrors) {
    for s in [&REPORTED[0], &REPORTED[3]] {
        ui.label(s.name);
        egui::Grid::new(format!("cube-errors-pips-{}", s.name))
            .striped(true)
            .show(ui, |ui| {
                ui.strong("pips");
                for r in &study.rules {
                    ui.strong(r.rule.name());
                }
                ui.end_row();
                for (band, rows) in bands(study, s.pick) {
                    ui.monospace(format!("{band}–{}", band + 9));
                    for e in rows {
                        ui.monospace(figure(&e)).on_hover_text(detail(&e));
                    }
                    ui.end_row();
                }
            });
    }
}

/// 10-pip bands of the side on roll with pairs in them: each rule's errors merged.
pub fn bands(
    study: &CubeErrors,
    pick: fn(&Decisions) -> &DecisionErrors,
) -> Vec<(usize, Vec<DecisionErrors>)> {
    let columns: Vec<_> = study
        .rules
        .iter()
        .map(|r| cube_error_bands(&r.by_pips, 10, pick))
        .collect();
    let Some(first) = columns.first() else {
        return Vec::new();
    };
    (0..first.len())
        .map(|row| (first[row].0, columns.iter().map(|c| c[row].1).collect()))
        .collect()
}

/// Every rule's costliest pairs, largest first; a click loads the race.
fn worst(ui: &mut egui::Ui, study: &CubeErrors) -> Vec<BearoffAction> {
    let mut out = Vec::new();
    let mut rows: Vec<(&str, &WorstCube)> = study
        .rules
        .iter()
        .flat_map(|r| r.worst.iter().map(move |w| (r.rule.name(), w)))
        .collect();
    rows.sort_by(|a, b| b.1.cost.total_cmp(&a.1.cost));
    ui.label("The costliest pairs (click one to put it on the board)");
    let h = ui.text_style_height(&egui::TextStyle::Monospace) + 4.0;
    TableBuilder::new(ui)
        .id_salt("cube-errors-worst")
        .striped(true)
        .sense(egui::Sense::click())
        .auto_shrink(false)
        .min_scrolled_height(0.0)
        .max_scroll_height(f32::INFINITY)
        .column(Column::initial(130.0).at_least(100.0).clip(true))
        .column(Column::initial(80.0).at_least(60.0).clip(true))
        .column(Column::initial(110.0).at_least(80.0).clip(true))
        .column(Column::initial(80.0).at_least(60.0).clip(true))
        .column(Column::initial(120.0).at_least(90.0).clip(true))
        .column(Column::initial(60.0).at_least(40.0))
        .column(Column::remainder().at_least(60.0))
        .header(h + 2.0, |mut row| {
            for (head, hint) in [
                ("Position ID", "The race, the side on roll to play"),
                ("rule", "The rule whose answer costs"),
                ("decision", "Initial double, redouble or take"),
                ("answer", "What the rule says"),
                ("right", "The exact verdict of the decision's cube state"),
                ("pips", "Pips: on roll, other"),
                ("cost", "Equity lost, thousandths of the stake"),
            ] {
                row.col(|ui| {
                    ui.strong(head).on_hover_text(hint);
                });
            }
        })
        .body(|body| {
            body.rows(h, rows.len(), |mut row| {
                let (rule, w) = rows[row.index()];
                let mono = |t: String| egui::RichText::new(t).monospace();
                row.col(|ui| cell(ui, mono(w.position_id.clone())));
                row.col(|ui| cell(ui, egui::RichText::new(rule)));
                row.col(|ui| cell(ui, egui::RichText::new(w.decision.name())));
                row.col(|ui| cell(ui, egui::RichText::new(w.answer_name())));
                row.col(|ui| cell(ui, egui::RichText::new(w.exact.action().name())));
                row.col(|ui| cell(ui, mono(format!("{}/{}", w.pips[0], w.pips[1]))));
                row.col(|ui| cell(ui, mono(format!("{:.1}", 1000.0 * w.cost))));
                if row.response().clicked() {
                    out.push(BearoffAction::LoadRace(w.position_id.clone()));
                }
            });
        });
    out
}
