//! The bear-off panel (seed 001) and the race panel.
//!
//! Bear-off: for a race within the one-sided database (10 points at most here), both sides'
//! exact distributions of rolls against their normal approximations (density form, the seed's,
//! or interval form), for bearing off or for the first checker off, per roll or cumulative, on
//! a linear or log scale, one plot per side or both overlaid, with the difference exact −
//! normal as its own plot; the seed's table or the database's figures beside them; the winning
//! chance exact / normal / rollout. The smallest database covering both sides is built in the
//! background (only the part the position reaches), with progress and Cancel.
//!
//! - [`state`]: the analysis, the job, the view (kept in the settings), the actions;
//! - [`series`]: the numbers the plots and tables draw (pure functions);
//! - [`axes`]: the plots' marks and labels (pure functions);
//! - [`plots`]: the plots; [`tables`]: the tables (also the race formulas');
//! - [`two_sided`]: the two-sided database and its studies, shown by [`error_map`] and
//!   [`cube_errors`] (the race formulas against the exact cube).
//!
//! Race: pip counts and the race formulas (Keith, Thorp, Kleinman, 8-9-12, Isight).

/// The plots' axes, shared with the breakdown chart (`app::axes`).
pub use crate::app::axes;
pub mod best_play;
pub mod chances;
pub mod cube_errors;
pub mod error_map;
pub mod plots;
pub mod race_verdicts;
pub mod series;
pub mod state;
pub mod tables;
pub mod two_sided;

pub use state::{
    Arrangement, BearoffAction, BearoffState, BearoffView, Distribution, MAX_POINTS, NormalForm,
    PlotExport, Quantity, ROLLOUT_GAMES, ROLLOUT_SEED, Scale, Section, SideTable,
};

use super::edit::Edit;
use super::jobs::progress_ui;
use bgw_engine::studies::race::Analysis;
use egui::vec2;
use series::Series;

/// The width of the tables beside the plots (fixed: their columns keep the widths they were
/// given, and the plots take what is left).
pub const TABLE_WIDTH: f32 = 330.0;
/// The smallest body (plots and table) the panel lays out; below it, the body scrolls.
pub const MIN_BODY: egui::Vec2 = vec2(640.0, 170.0);

/// One choice of the view: a row of selectable labels, the chosen one highlighted, each after
/// the optional caption ("normal density", "normal interval").
fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    caption: Option<&str>,
    current: T,
    options: &[(T, &str, &str)],
    set: impl Fn(T) -> BearoffView,
    out: &mut Vec<BearoffAction>,
) {
    for &(value, text, hint) in options {
        // Each option carries the caption: a wrapping row never leaves it behind alone.
        let text = match caption {
            Some(c) => format!("{c} {text}"),
            None => text.to_string(),
        };
        if ui
            .selectable_label(current == value, text)
            .on_hover_text(hint)
            .clicked()
            && current != value
        {
            out.push(BearoffAction::View(set(value)));
        }
    }
}

/// The view's controls: distribution, quantity, scale, arrangement, normal form.
fn controls(ui: &mut egui::Ui, v: BearoffView, out: &mut Vec<BearoffAction>) {
    ui.horizontal_wrapped(|ui| {
        use Distribution::*;
        choice(
            ui,
            None,
            v.distribution,
            &[
                (BearingOff, "Bearing off", "Rolls to bear every checker off"),
                (
                    FirstOff,
                    "First checker off",
                    "Rolls to bear the first checker off (saving the gammon)",
                ),
            ],
            |distribution| BearoffView { distribution, ..v },
            out,
        );
        ui.separator();
        choice(
            ui,
            None,
            v.quantity,
            &[
                (Quantity::PerRoll, "Per roll", "P(exactly k rolls)"),
                (Quantity::Cumulative, "Cumulative", "P(within k rolls)"),
            ],
            |quantity| BearoffView { quantity, ..v },
            out,
        );
        ui.separator();
        choice(
            ui,
            None,
            v.scale,
            &[
                (Scale::Linear, "Linear", "Probability in per cent from 0"),
                (
                    Scale::Log,
                    "Log scale",
                    "log10 of the probability, for the tails (zeros are not drawn)",
                ),
            ],
            |scale| BearoffView { scale, ..v },
            out,
        );
        ui.separator();
        choice(
            ui,
            None,
            v.arrangement,
            &[
                (Arrangement::PerSide, "Per side", "One plot per side"),
                (Arrangement::Overlaid, "Overlaid", "Both sides on one plot"),
            ],
            |arrangement| BearoffView { arrangement, ..v },
            out,
        );
        ui.separator();
        choice(
            ui,
            Some("normal"),
            v.normal,
            &[
                (
                    NormalForm::Density,
                    "density",
                    "φ((k − μ)/σ)/σ at each whole k (the seed's form)",
                ),
                (
                    NormalForm::Interval,
                    "interval",
                    "Φ(k + ½) − Φ(k − ½): a proper distribution",
                ),
            ],
            |normal| BearoffView { normal, ..v },
            out,
        );
    });
}

/// The sections offered: the tables on their own only when they are not beside the plots.
fn sections(ui: &mut egui::Ui, v: BearoffView, beside: bool, out: &mut Vec<BearoffAction>) {
    let mut options = vec![(
        Section::Distributions,
        "Distributions",
        "Exact against normal, per side, with their difference",
    )];
    if !beside {
        options.push((
            Section::Tables,
            "Tables",
            "The seed's table and the database's figures",
        ));
    }
    options.push((
        Section::BestPlay,
        "Best play",
        "The dice on the board: the exact best move beside the one-sided rules' moves",
    ));
    options.push((
        Section::ErrorMap,
        "Error map",
        "The loaded two-sided database: every pair's one-sided and normal errors",
    ));
    options.push((
        Section::CubeErrors,
        "Cube errors",
        "The loaded cubeful database: every pair's race-formula cube decisions against the exact ones",
    ));
    let shown = match (v.section, beside) {
        (Section::Tables, true) => Section::Distributions,
        (s, _) => s,
    };
    ui.horizontal_wrapped(|ui| {
        choice(
            ui,
            None,
            shown,
            &options,
            |section| BearoffView { section, ..v },
            out,
        );
        if shown == Section::Distributions {
            ui.separator();
            ui.label(plots::caption(&v));
        }
    });
}

/// True when the table fits beside the plots in a panel `width` wide (two plots of a usable
/// width and the table).
pub fn table_beside(width: f32) -> bool {
    width >= 2.0 * plots::MIN_USABLE.x + TABLE_WIDTH + 40.0
}

/// The Bear-off tab from its own state on `edit`'s board. `hidden`: why gnubg's verdicts are
/// hidden now (a drill card waits for its answer), when they are: the database's best play is
/// that answer, so it waits too.
pub fn tab(
    ui: &mut egui::Ui,
    st: &BearoffState,
    edit: &Edit,
    hidden: Option<String>,
) -> Vec<BearoffAction> {
    if let Some(words) = hidden
        && st.view.section == Section::BestPlay
    {
        ui.label(format!("Best play: {words}"));
        return Vec::new();
    }
    show(ui, st, st.view, edit)
}

/// The Bear-off tab.
pub fn show(
    ui: &mut egui::Ui,
    st: &BearoffState,
    view: BearoffView,
    edit: &Edit,
) -> Vec<BearoffAction> {
    let mut out = Vec::new();
    let beside = table_beside(ui.available_width());
    sections(ui, view, beside, &mut out);
    match view.section {
        Section::ErrorMap => {
            out.extend(error_map::show(ui, st));
            return out;
        }
        Section::CubeErrors => {
            out.extend(cube_errors::show(ui, st));
            return out;
        }
        Section::Distributions | Section::Tables => controls(ui, view, &mut out),
        Section::BestPlay => {}
    }
    if let Some(job) = &st.job
        && progress_ui(ui, job)
    {
        out.push(BearoffAction::Cancel);
    }
    match &st.result {
        None if st.job.is_none() => {
            ui.label(match edit.position() {
                Ok(_) => "…",
                Err(_) => "The board is not a legal position.",
            });
        }
        None => {}
        Some(Err(e)) => {
            ui.label(format!("No bear-off analysis: {e}."));
        }
        Some(Ok(a)) => out.extend(report(ui, st, view, edit, a, beside)),
    }
    out
}

fn report(
    ui: &mut egui::Ui,
    st: &BearoffState,
    view: BearoffView,
    edit: &Edit,
    a: &Analysis,
    beside: bool,
) -> Vec<BearoffAction> {
    let on_roll = edit.on_roll;
    let names = [
        format!("{on_roll} (on roll)"),
        format!("{}", on_roll.opponent()),
    ];
    let names = [names[0].as_str(), names[1].as_str()];
    let mut out = Vec::new();
    let about = about(edit);
    let cancel = std::cell::Cell::new(false);
    let chances = |ui: &mut egui::Ui| {
        if chances::show(ui, a, on_roll, &st.two_sided) {
            cancel.set(true);
        }
    };
    let reports = [&a.on_roll, &a.opponent];
    let series: [Option<Series>; 2] = reports.map(|r| r.as_ref().map(|s| Series::of(s, &view)));
    let shown = shown_sides(a, &view, on_roll, names, &series);
    for (i, r) in reports.iter().enumerate() {
        if r.is_none() {
            ui.label(format!(
                "{}: beyond the {}-point database (out of range)",
                names[i], a.points
            ));
        }
    }
    let table = |ui: &mut egui::Ui, out: &mut Vec<BearoffAction>| {
        side_table(ui, out, view, a, &series, &names);
    };
    let cancelled = |mut out: Vec<BearoffAction>| {
        if cancel.get() {
            out.push(BearoffAction::CancelExact);
        }
        out
    };
    match view.section {
        Section::Tables if !beside => {
            chances(ui);
            table(ui, &mut out);
            return cancelled(out);
        }
        Section::BestPlay => {
            chances(ui);
            out.extend(best_play::show(ui, st, edit));
            return cancelled(out);
        }
        _ => {}
    }
    // The chances above the plots, or beside the difference plot when it has a row of its own
    // (per side, both sides in range): the plots keep the height.
    let avail = ui.available_size();
    let plots_width = if beside {
        avail.x - TABLE_WIDTH - 30.0
    } else {
        avail.x
    };
    let per_side = view.arrangement == Arrangement::PerSide && shown.iter().all(Option::is_some);
    let spare = per_side && plots::grid(2, vec2(plots_width, avail.y)).rows.len() > 1;
    if !spare {
        chances(ui);
    }
    let avail = ui.available_size();
    let body = |ui: &mut egui::Ui, size: egui::Vec2, out: &mut Vec<BearoffAction>| {
        let spare: Option<&dyn Fn(&mut egui::Ui)> = if spare { Some(&chances) } else { None };
        if !beside {
            out.extend(plots::show(ui, &shown, &view, spare, &about));
            return;
        }
        let table_w = TABLE_WIDTH;
        let gap = ui.spacing().item_spacing.x * 2.0 + 6.0;
        let top_down = egui::Layout::top_down(egui::Align::Min);
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(vec2(size.x - table_w - gap, size.y), top_down, |ui| {
                out.extend(plots::show(ui, &shown, &view, spare, &about));
            });
            ui.separator();
            ui.allocate_ui_with_layout(vec2(table_w, size.y), top_down, |ui| {
                ui.set_min_size(vec2(table_w, size.y));
                table(ui, out);
            });
        });
    };
    if avail.x >= MIN_BODY.x && avail.y >= MIN_BODY.y {
        body(ui, avail, &mut out);
    } else {
        egui::ScrollArea::both()
            .id_salt("bearoff-body")
            .auto_shrink(false)
            .show(ui, |ui| body(ui, avail.max(MIN_BODY), &mut out));
    }
    cancelled(out)
}

/// Each side in range as the plots show it: its name, key, moments and series.
fn shown_sides(
    a: &Analysis,
    view: &BearoffView,
    on_roll: bgw_engine::core::position::Side,
    names: [&str; 2],
    series: &[Option<Series>; 2],
) -> [Option<plots::ShownSide>; 2] {
    let reports = [&a.on_roll, &a.opponent];
    let keys = [on_roll, on_roll.opponent()].map(|s| s.name().to_lowercase());
    std::array::from_fn(|i| {
        let s = reports[i].as_ref()?;
        Some(plots::ShownSide {
            name: names[i].to_string(),
            key: keys[i].clone(),
            moments: series::moments(s, view.distribution),
            series: series[i].clone()?,
        })
    })
}

/// The sides' table, the seed's or the figures, with the choice between them above.
fn side_table(
    ui: &mut egui::Ui,
    out: &mut Vec<BearoffAction>,
    view: BearoffView,
    a: &Analysis,
    series: &[Option<Series>; 2],
    names: &[&str; 2],
) {
    ui.horizontal(|ui| {
        for (t, text) in [
            (SideTable::Seed, "The seed's table"),
            (SideTable::Figures, "Figures"),
        ] {
            if ui.selectable_label(view.table == t, text).clicked() && view.table != t {
                out.push(BearoffAction::View(BearoffView { table: t, ..view }));
            }
        }
    });
    match view.table {
        SideTable::Seed => tables::seed(ui, series, names, &view),
        SideTable::Figures => tables::figures(ui, a, names),
    }
}

/// The position for an export's title: "Position ID qm3bAADMXdsAAA, White to play 6-5".
fn about(edit: &Edit) -> String {
    let to_play = match edit.roll() {
        Some(d) => format!("{} to play {d}", edit.on_roll),
        None => format!("{} on roll", edit.on_roll),
    };
    match edit.setup() {
        Some(setup) => format!("Position ID {}, {to_play}", setup.position_id()),
        None => to_play,
    }
}

/// The Race tab: [`race`] in a scroll area.
pub fn race_tab(ui: &mut egui::Ui, edit: &Edit, judges: &race_verdicts::Judges) {
    crate::app::look::scrolled(ui, "race-tab", |ui| race(ui, edit, judges));
}

/// The Race tab: pip counts and the race formulas, and the formulas' cube verdicts against
/// the exact one and gnubg's ([`race_verdicts`]).
pub fn race(ui: &mut egui::Ui, edit: &Edit, judges: &race_verdicts::Judges) {
    let Ok(pos) = edit.position() else {
        ui.label("The board is not a legal position.");
        return;
    };
    let (me, opp) = pos.pips();
    let on_roll = pos.on_roll();
    ui.horizontal(|ui| {
        ui.strong(format!(
            "Pips: {on_roll} {me}, {} {opp} — {on_roll} {} by {} ({:+.1} %)",
            on_roll.opponent(),
            if me <= opp { "leads" } else { "trails" },
            me.abs_diff(opp),
            (opp as f64 - me as f64) / me.max(1) as f64 * 100.0
        ));
    });
    if pos.has_contact() {
        ui.label("The sides are still in contact: the race formulas assume a pure race.");
    }
    let [o, m] = pos.sides();
    let counts = bgw_engine::studies::race::race_counts(&m, &o);
    tables::race(
        ui,
        &counts,
        [format!("{on_roll}"), format!("{}", on_roll.opponent())],
    );
    race_verdicts::show(ui, &counts, judges);
}
