//! The error map of the loaded two-sided database: how far the one-sided chance and the
//! seed's normal approximation are from the exact two-sided chance over every pair of it — a
//! histogram of the errors and the errors against the total pip count (egui_plot plots with
//! labelled axes, legends above the data, hover read-outs and "Export…"), the summary figures
//! (mean, RMS, largest) with the play rules' losses, and the worst pairs: a click puts that race
//! on the board. The map itself is the engine's (`bgw_engine::studies::one_sided_vs_exact::error_map`),
//! computed in the background ([`super::two_sided::TwoSidedState::start_map`]).

use super::axes;
use super::best_play::cell;
use super::plots::{
    EXPORT_ASPECT, Swatch, export_menu, finish_card, fixed_plot, heading, legend_entry,
};
use super::state::{BearoffAction, BearoffState, PlotExport};
use super::two_sided::BUILD_SIZES;
use crate::app::jobs::progress_ui;
use crate::app::render::{ExportSize, Picture};
use crate::text::thousands;
use bgw_engine::studies::one_sided_vs_exact::{ErrorMap, Method, MethodErrors, Summary};
use egui::{Color32, vec2};
use egui_extras::{Column, TableBuilder};
use egui_plot::{AxisHints, Bar, BarChart, Line, MarkerShape, PlotPoints, Points};
use std::sync::Arc;

/// The methods the plots show (the interval form is in the summary).
const PLOTTED: [Method; 2] = [Method::OneSided, Method::NormalDensity];

/// Each plotted method's colour.
fn colour(m: Method) -> Color32 {
    match m {
        Method::OneSided => Color32::from_rgb(70, 130, 230),
        _ => Color32::from_rgb(240, 150, 40),
    }
}

/// A method's name in a legend.
fn short(m: Method) -> &'static str {
    match m {
        Method::NormalDensity => "normal",
        m => m.name(),
    }
}

/// The plots' least height, axes included (the drawing area is about 44 points less).
pub const PLOT_HEIGHT: f32 = 230.0;

/// The error map section.
pub fn show(ui: &mut egui::Ui, st: &BearoffState) -> Vec<BearoffAction> {
    let mut out = database(ui, st);
    let two = &st.two_sided;
    let Some(loaded) = &two.loaded else {
        return out;
    };
    if let Some(job) = &two.mapping {
        if progress_ui(ui, job) {
            out.push(BearoffAction::CancelMap);
        }
        return out;
    }
    let map = match &two.map {
        Some(Ok(m)) => m,
        other => {
            ui.horizontal_wrapped(|ui| {
                if let Some(Err(why)) = other {
                    ui.label(format!("No error map: {why}."));
                }
                if ui
                    .button(format!("Compute the error map of {}", loaded.name))
                    .on_hover_text("Every pair of the database against the one-sided methods")
                    .clicked()
                {
                    out.push(BearoffAction::StartMap);
                }
            });
            return out;
        }
    };
    ui.label(format!(
        "{}×{}: {} pairs with a checker left on both sides; errors are method − exact, in \
         percentage points",
        map.points,
        map.checkers,
        thousands(map.pairs)
    ));
    let width = ui.available_width();
    let gap = ui.spacing().item_spacing.x;
    let plot_w = (width - gap) / 2.0;
    let top_down = egui::Layout::top_down(egui::Align::Min);
    let about = format!(
        "{}×{} two-sided database {}, {} pairs",
        map.points,
        map.checkers,
        loaded.name,
        thousands(map.pairs)
    );
    let mut shared: Option<Arc<ErrorMap>> = None;
    ui.horizontal_top(|ui| {
        for card in [Card::Histogram, Card::ByPips] {
            let r = ui.allocate_ui_with_layout(vec2(plot_w, 0.0), top_down, |ui| {
                ui.set_width(plot_w);
                draw(ui, card, map, None)
            });
            if let Some(size) = r.inner {
                let map = shared.get_or_insert_with(|| Arc::new(map.clone()));
                let picture = picture(card, Arc::clone(map), &about);
                out.push(BearoffAction::ExportPlot(PlotExport { picture, size }));
            }
        }
    });
    // What the histogram cannot show: the pairs beyond its axis, the chances out of range.
    for note in map.methods.iter().filter_map(|m| m.outliers(map.pairs)) {
        ui.add(egui::Label::new(format!("Not on the histogram — {note}.")).wrap());
    }
    ui.horizontal_top(|ui| {
        ui.allocate_ui_with_layout(vec2(plot_w, ui.available_height()), top_down, |ui| {
            summary(ui, map)
        });
        ui.allocate_ui_with_layout(vec2(plot_w, ui.available_height()), top_down, |ui| {
            out.extend(worst(ui, map))
        });
    });
    out
}

/// The database line: what is loaded, "Open…", the sizes to build, the job and its Cancel.
pub(super) fn database(ui: &mut egui::Ui, st: &BearoffState) -> Vec<BearoffAction> {
    let mut out = Vec::new();
    let two = &st.two_sided;
    ui.horizontal_wrapped(|ui| {
        ui.strong("Two-sided database:");
        ui.label(
            two.loaded
                .as_ref()
                .map_or("none loaded", |l| l.name.as_str()),
        );
        if ui
            .button("Open a .bd file…")
            .on_hover_text("A gnubg two-sided bear-off database (makebearoff -t, either kind)")
            .clicked()
        {
            out.push(BearoffAction::OpenTwoSided);
        }
        ui.label("build in memory:");
        for (points, checkers) in BUILD_SIZES {
            if ui
                .small_button(format!("{points}×{checkers}"))
                .on_hover_text(format!(
                    "Exact chances of every pair of up to {checkers} checkers on {points} points"
                ))
                .clicked()
            {
                out.push(BearoffAction::BuildTwoSided(points, checkers));
            }
        }
    });
    if let Some(job) = &two.loading
        && progress_ui(ui, job)
    {
        out.push(BearoffAction::CancelLoad);
    }
    if let Some(e) = &two.load_error {
        ui.colored_label(ui.visuals().error_fg_color, format!("Not loaded: {e}."));
    }
    out
}

/// The two plots.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Card {
    Histogram,
    ByPips,
}

fn errors(map: &ErrorMap, m: Method) -> Option<&MethodErrors> {
    map.methods.iter().find(|e| e.method == m)
}

/// A histogram's bins with pairs in them: (centre in pp, share of the pairs in %).
pub fn histogram_bars(e: &MethodErrors) -> Vec<(f64, f64)> {
    let h = &e.histogram;
    let total = h.total();
    h.counts
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| {
            let centre = h.lo + (i as f64 + 0.5) * h.width;
            (centre, n as f64 / total.max(1) as f64 * 100.0)
        })
        .collect()
}

/// The total pip counts with pairs: (pips, summary).
pub fn by_pips(e: &MethodErrors) -> Vec<(usize, Summary)> {
    e.by_pips
        .iter()
        .enumerate()
        .filter(|(_, s)| s.pairs > 0)
        .map(|(p, s)| (p, *s))
        .collect()
}

/// `card` as its export draws it: the title "the plot's title — `about` — errors are …", the
/// legend, the plot; no widgets.
fn picture(card: Card, map: Arc<ErrorMap>, about: &str) -> Picture {
    let (title, _, _, id) = labels(card);
    let title = format!("{title} — {about} — errors are method − exact, in percentage points");
    let text = title.clone();
    Picture::new(title, id, EXPORT_ASPECT, move |ui| {
        draw(ui, card, &map, Some(&text));
    })
}

/// A plot's title, x and y axis labels and id.
fn labels(card: Card) -> (&'static str, &'static str, &'static str, &'static str) {
    match card {
        Card::Histogram => (
            "Errors of the pairs",
            "error, pp",
            "share of pairs %",
            "error-map-histogram",
        ),
        Card::ByPips => (
            "Error against total pips",
            "pips of both sides",
            "error, pp",
            "error-map-by-pips",
        ),
    }
}

/// One plot with its title, legend and export menu; returns the export size asked for. With
/// `export` (the picture's heading) it is drawn for an export: the heading above, the plot
/// filling the height, no menu, no hover read-out.
fn draw(ui: &mut egui::Ui, card: Card, map: &ErrorMap, export: Option<&str>) -> Option<ExportSize> {
    let (title, x_label, y_label, id) = labels(card);
    if let Some(text) = export {
        heading(ui, text);
    }
    let chosen = ui
        .horizontal_wrapped(|ui| title_line(ui, card, title, export.is_none()))
        .inner;
    let series: Vec<(Method, &MethodErrors)> = PLOTTED
        .iter()
        .filter_map(|&m| errors(map, m).map(|e| (m, e)))
        .collect();
    let ((xlo, xhi), (ylo, yhi)) = data_bounds(card, &series);
    let height = match export {
        Some(_) => ui.available_height().max(PLOT_HEIGHT),
        None => (ui.available_height() * 0.55).max(PLOT_HEIGHT),
    };
    let size = vec2(ui.available_width(), height);
    let across = size.x - 60.0;
    let xstep = axes::value_step_across((xlo, xhi), across);
    let ystep = axes::value_step(yhi - ylo, size.y - 40.0);
    // The labels as drawn, for screen readers (the x axis leaves out those cut at its ends).
    let x_marks: Vec<String> = axes::value_marks((xlo, xhi), xstep)
        .into_iter()
        .map(|m| axes::value_label_within(m.value, xstep, (xlo, xhi), across))
        .filter(|l| !l.is_empty())
        .collect();
    let y_marks: Vec<String> = axes::value_marks((ylo, yhi), ystep)
        .into_iter()
        .map(|m| axes::value_label(m.value, ystep))
        .collect();
    let description = format!(
        "{title}; x axis: {x_label}, labelled {}; y axis: {y_label}, labelled {}",
        x_marks.join(", "),
        y_marks.join(", ")
    );
    let plot = fixed_plot(id, size)
        .show_x(false)
        .show_y(false)
        .custom_x_axes(vec![axes::across_axis(x_label, xstep, across)])
        .custom_y_axes(vec![
            AxisHints::new_y()
                .label(y_label)
                .formatter(move |m, _| axes::value_label(m.value, ystep))
                .min_thickness(44.0),
        ])
        .x_grid_spacer(move |input| axes::value_marks(input.bounds, xstep))
        .y_grid_spacer(move |input| axes::value_marks(input.bounds, ystep));
    let response = plot.show(ui, |p| {
        p.set_plot_bounds_x(xlo..=xhi);
        p.set_plot_bounds_y(ylo..=yhi);
        for &(m, e) in &series {
            plot_method(p, card, m, e);
        }
    });
    let r = &response.response;
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &description));
    if let Some(pos) = r.hover_pos().filter(|_| export.is_none()) {
        let x = response.transform.value_from_position(pos).x;
        egui::Tooltip::for_widget(r)
            .at_pointer()
            .gap(12.0)
            .show(|ui| read_out(ui, card, x, &series));
    }
    finish_card(r, chosen)
}

/// The plot's title and legend (a swatch a method, and the largest error's dot by pips), and
/// with `menu` the export menu; returns the export size asked for.
fn title_line(ui: &mut egui::Ui, card: Card, title: &str, menu: bool) -> Option<ExportSize> {
    ui.strong(title);
    for m in PLOTTED {
        let swatch = match card {
            Card::Histogram => Swatch::Bar,
            Card::ByPips => Swatch::Line,
        };
        legend_entry(ui, colour(m), short(m), swatch);
    }
    if card == Card::ByPips {
        legend_entry(ui, ui.visuals().text_color(), "largest", Swatch::Dot);
    }
    if menu { export_menu(ui) } else { None }
}

/// The plot's bounds, x then y: every bar, or every mean and largest, and the origin, with a
/// margin; a histogram's y from 0.
fn data_bounds(card: Card, series: &[(Method, &MethodErrors)]) -> ((f64, f64), (f64, f64)) {
    let (xs, ys): (Vec<f64>, Vec<f64>) = match card {
        Card::Histogram => series
            .iter()
            .flat_map(|(_, e)| histogram_bars(e))
            .chain([(0.0, 0.0)])
            .unzip(),
        Card::ByPips => series
            .iter()
            .flat_map(|(_, e)| {
                by_pips(e)
                    .into_iter()
                    .flat_map(|(p, s)| [(p as f64, s.mean), (p as f64, s.largest)])
            })
            .chain([(0.0, 0.0)])
            .unzip(),
    };
    let bounds = |v: &[f64]| {
        let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let pad = ((hi - lo) * 0.06).max(0.05);
        (lo - pad, hi + pad)
    };
    let (x, (ylo, yhi)) = (bounds(&xs), bounds(&ys));
    let ylo = if card == Card::Histogram { 0.0 } else { ylo };
    (x, (ylo, yhi))
}

/// One method's errors in the plot: its histogram's bars, or its mean error by pips as a line
/// and its largest as dots.
fn plot_method(p: &mut egui_plot::PlotUi, card: Card, m: Method, e: &MethodErrors) {
    match card {
        Card::Histogram => {
            let width = e.histogram.width;
            let bars = histogram_bars(e)
                .into_iter()
                .map(|(x, y)| Bar::new(x, y).width(width))
                .collect();
            p.bar_chart(
                BarChart::new(m.name(), bars)
                    .color(colour(m))
                    .allow_hover(false),
            );
        }
        Card::ByPips => {
            let rows = by_pips(e);
            let mean: Vec<[f64; 2]> = rows.iter().map(|(x, s)| [*x as f64, s.mean]).collect();
            let largest: Vec<[f64; 2]> = rows.iter().map(|(x, s)| [*x as f64, s.largest]).collect();
            p.line(
                Line::new(format!("{} mean", m.name()), PlotPoints::new(mean))
                    .color(colour(m))
                    .width(2.0)
                    .allow_hover(false),
            );
            p.points(
                Points::new(format!("{} largest", m.name()), largest)
                    .shape(MarkerShape::Circle)
                    .filled(true)
                    .radius(2.5)
                    .color(colour(m))
                    .allow_hover(false),
            );
        }
    }
}

/// The values under the pointer: the bin (histogram) or the pip count (by pips).
fn read_out(ui: &mut egui::Ui, card: Card, x: f64, series: &[(Method, &MethodErrors)]) {
    match card {
        Card::Histogram => {
            let Some((_, e)) = series.first() else { return };
            let h = &e.histogram;
            let bin = ((x - h.lo) / h.width).floor();
            if bin < 0.0 || bin as usize >= h.counts.len() {
                return;
            }
            let lo = h.lo + bin * h.width;
            ui.strong(format!("error {lo:+.2} to {:+.2} pp", lo + h.width));
            for (m, e) in series {
                let total = e.histogram.total();
                let n = e.histogram.counts[bin as usize];
                ui.label(format!(
                    "{}: {} pairs ({:.3} %)",
                    m.name(),
                    thousands(n),
                    n as f64 / total.max(1) as f64 * 100.0
                ));
            }
        }
        Card::ByPips => {
            let pips = x.round().max(0.0) as usize;
            ui.strong(format!("{pips} pips in all"));
            for (m, e) in series {
                match e.by_pips.get(pips).filter(|s| s.pairs > 0) {
                    Some(s) => ui.label(format!(
                        "{}: mean {:+.3}, RMS {:.3}, largest {:+.3} pp ({} pairs)",
                        m.name(),
                        s.mean,
                        s.rms,
                        s.largest,
                        thousands(s.pairs)
                    )),
                    None => ui.label(format!("{}: no pairs", m.name())),
                };
            }
        }
    }
}

/// The summary figures: each method's mean, RMS and largest error; each play rule's losses.
fn summary(ui: &mut egui::Ui, map: &ErrorMap) {
    egui::Grid::new("error-map-summary")
        .striped(true)
        .show(ui, |ui| {
            for head in ["method", "mean", "RMS", "largest"] {
                ui.strong(head);
            }
            ui.end_row();
            for e in &map.methods {
                ui.label(e.method.name());
                ui.monospace(format!("{:+.3} pp", e.overall.mean));
                ui.monospace(format!("{:.3} pp", e.overall.rms));
                ui.monospace(format!("{:+.3} pp", e.overall.largest));
                ui.end_row();
            }
        });
    ui.add_space(4.0);
    egui::Grid::new("error-map-plays")
        .striped(true)
        .show(ui, |ui| {
            for head in ["play rule", "wrong", "mean loss", "largest"] {
                ui.strong(head);
            }
            ui.end_row();
            for l in &map.plays {
                ui.label(l.rule.name());
                let share = l.wrong as f64 / l.decisions.max(1) as f64 * 100.0;
                ui.monospace(format!("{share:.2} %")).on_hover_text(format!(
                    "{} of {} decisions with a choice",
                    thousands(l.wrong),
                    thousands(l.decisions)
                ));
                ui.monospace(format!("{:.4} pp", l.mean_loss));
                ui.monospace(
                    l.largest
                        .as_ref()
                        .map_or("—".to_string(), |w| format!("{:.3} pp", w.loss)),
                );
                ui.end_row();
            }
        });
}

/// The worst pairs of the plotted methods, largest |error| first; a click loads the race.
fn worst(ui: &mut egui::Ui, map: &ErrorMap) -> Vec<BearoffAction> {
    let mut out = Vec::new();
    let mut rows: Vec<(Method, &bgw_engine::studies::one_sided_vs_exact::WorstPair)> = PLOTTED
        .iter()
        .filter_map(|&m| errors(map, m))
        .flat_map(|e| e.worst.iter().map(move |w| (e.method, w)))
        .collect();
    rows.sort_by(|a, b| b.1.error.abs().total_cmp(&a.1.error.abs()));
    ui.label("The worst pairs (click one to put it on the board)");
    let h = ui.text_style_height(&egui::TextStyle::Monospace) + 4.0;
    TableBuilder::new(ui)
        .id_salt("error-map-worst")
        .striped(true)
        .sense(egui::Sense::click())
        .auto_shrink(false)
        .min_scrolled_height(0.0)
        .max_scroll_height(f32::INFINITY)
        .column(Column::initial(130.0).at_least(100.0).clip(true))
        .column(Column::initial(70.0).at_least(50.0).clip(true))
        .columns(Column::initial(56.0).at_least(40.0), 2)
        .column(Column::remainder().at_least(90.0))
        .header(h + 2.0, |mut row| {
            for (head, hint) in [
                ("Position ID", "The race, the side on roll to play"),
                ("method", "The method whose chance is off"),
                ("pips", "Pips: on roll, other"),
                ("exact", "The exact two-sided chance of the side on roll"),
                ("error", "method − exact"),
            ] {
                row.col(|ui| {
                    ui.strong(head).on_hover_text(hint);
                });
            }
        })
        .body(|body| {
            body.rows(h, rows.len(), |mut row| {
                let (m, w) = rows[row.index()];
                let mono = |t: String| egui::RichText::new(t).monospace();
                row.col(|ui| cell(ui, mono(w.position_id.clone())));
                row.col(|ui| cell(ui, egui::RichText::new(short(m))));
                row.col(|ui| cell(ui, mono(format!("{}/{}", w.pips[0], w.pips[1]))));
                row.col(|ui| cell(ui, mono(format!("{:.2} %", w.exact * 100.0))));
                row.col(|ui| cell(ui, mono(format!("{:+.3} pp", w.error))));
                if row.response().clicked() {
                    out.push(BearoffAction::LoadRace(w.position_id.clone()));
                }
            });
        });
    out
}
