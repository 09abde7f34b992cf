//! The winning chances of the race on the board: the exact two-sided chance (when a two-sided
//! database covers the race or it is small enough to solve on the fly) beside the one-sided
//! exact chance, the seed's normal-density chance, the normal-interval chance and the rollout,
//! each with its error against the two-sided one — or, when there is no two-sided chance, why
//! in one line.

use super::two_sided::{ExactReport, TwoSidedState};
use crate::app::jobs::progress_ui;
use bgw_engine::Side;
use bgw_engine::studies::race::Analysis;

/// "56.6 %".
pub fn pct(p: f64) -> String {
    format!("{:.1} %", p * 100.0)
}

/// `a − b` in percentage points, signed ("−0.57 pp").
pub fn pp(a: f64, b: f64) -> String {
    format!("{:+.2} pp", (a - b) * 100.0).replace('-', "−")
}

/// One method: its column's name, what it is, its chance.
struct Column {
    name: &'static str,
    hint: String,
    chance: Option<f64>,
    text: String,
}

fn columns(a: &Analysis) -> Vec<Column> {
    let plain = |name, hint: &str, chance: Option<f64>| Column {
        name,
        hint: hint.to_string(),
        chance,
        text: chance.map_or("—".to_string(), pct),
    };
    let mut out = vec![
        plain(
            "one-sided",
            "Both sides' exact one-sided distributions, independent (the seed's 'exact')",
            a.win_exact,
        ),
        match a.normal_chance() {
            Some(c) if !c.in_range => Column {
                name: "normal",
                hint: format!(
                    "Normal densities from each side's mean and sd (the seed's approximation): \
                     the formula gives {:.1} %, out of its range; the chance is clamped",
                    100.0 * c.value
                ),
                chance: Some(c.chance),
                text: format!("{} (formula {}, out of range)", pct(c.chance), pct(c.value)),
            },
            c => plain(
                "normal",
                "Normal densities from each side's mean and sd (the seed's approximation)",
                c.map(|c| c.chance),
            ),
        },
        plain(
            "interval",
            "Normal intervals Φ(k + ½) − Φ(k − ½) from each side's mean and sd",
            a.win_interval,
        ),
    ];
    out.push(match a.rollout {
        Some(r) => Column {
            name: "rollout",
            hint: format!(
                "{} games of one-sided play (fewest expected rolls), seed {}",
                r.games, r.seed
            ),
            chance: Some(r.win),
            text: format!("{:.1} ± {:.1} %", r.win * 100.0, r.stderr * 100.0),
        },
        None => plain("rollout", "no rollout", None),
    });
    out
}

/// The chances' grid (a row per method: its chance and its error against the two-sided one)
/// and the two-sided line; returns true when the exact job's Cancel was clicked.
pub fn show(ui: &mut egui::Ui, a: &Analysis, on_roll: Side, two: &TwoSidedState) -> bool {
    let exact: Option<&ExactReport> = two.exact.as_ref().and_then(|r| r.as_ref().ok());
    let two_sided_hint = match exact {
        Some(e) => format!("The exact chance, both sides playing to win: {}", e.source),
        None => "The exact chance, both sides playing to win".to_string(),
    };
    egui::Grid::new("bearoff-chances")
        .striped(true)
        .spacing([14.0, 2.0])
        .show(ui, |ui| {
            ui.strong(format!("{on_roll} on roll wins"));
            ui.strong("chance");
            if exact.is_some() {
                ui.strong("error")
                    .on_hover_text("The method's chance − the two-sided chance");
            }
            ui.end_row();
            ui.strong("two-sided").on_hover_text(two_sided_hint);
            ui.monospace(exact.map_or("—".to_string(), |e| format!("{:.2} %", e.chance * 100.0)));
            ui.end_row();
            for c in columns(a) {
                ui.label(c.name).on_hover_text(&c.hint);
                ui.monospace(&c.text);
                if let Some(e) = exact {
                    ui.monospace(c.chance.map_or("—".to_string(), |p| pp(p, e.chance)));
                }
                ui.end_row();
            }
        });
    if let Some(why) = a.normal_out_of_range() {
        ui.add(egui::Label::new(format!("normal: {why}.")).wrap());
    }
    let mut cancel = false;
    match (&two.exact, &two.solving) {
        (_, Some(job)) => cancel = progress_ui(ui, job),
        (Some(Ok(e)), None) => {
            ui.label(format!("two-sided: {}", e.source));
        }
        (Some(Err(why)), None) => {
            ui.add(egui::Label::new(format!("two-sided: {why}")).wrap());
        }
        (None, None) => {}
    }
    let show = |v: Option<f64>| v.map_or("—".to_string(), pct);
    ui.label(format!(
        "gammons: wins {}, loses {}",
        show(a.win_gammon),
        show(a.lose_gammon)
    ));
    cancel
}
