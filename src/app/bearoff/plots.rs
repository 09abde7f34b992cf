//! The bear-off plots: exact against normal for each side (or both sides on one plot), and
//! their difference exact − normal in percentage points, sized from the space the panel has.
//! Each plot has its title and legend above the data, numbered and labelled axes, a read-out
//! of every value at the roll under the pointer, and "Export…" (a [`PlotExport`] action: the
//! same plot drawn off-screen at 1600 or 3200 pixels wide, with a title naming the position,
//! the dice and what is plotted, without widgets). The numbers come from [`super::series`], the
//! axes from [`super::axes`].

use super::axes::{self, percent};
use super::series::{LINEAR_FLOOR, LOG_FLOOR, Series, log10_probabilities, shown_rolls};
use super::state::{
    Arrangement, BearoffAction, BearoffView, Distribution, NormalForm, PlotExport, Quantity, Scale,
};
use crate::app::render::{ExportSize, Picture};
use bgw_engine::bearoff::one_sided::ROLLS;
use egui::{Color32, Vec2, vec2};
use egui_plot::{AxisHints, Bar, BarChart, Line, LineStyle, MarkerShape, Plot, PlotPoints, Points};
use std::ops::RangeInclusive;

/// The smallest a plot (with its title and legend) is drawn.
pub const MIN_CARD: Vec2 = vec2(200.0, 150.0);
/// The least size of a plot's drawing area that reads well (what the layout aims for at
/// 1280×720).
pub const MIN_USABLE: Vec2 = vec2(300.0, 180.0);
/// The height of a plot's title and legend rows.
const HEADER: f32 = 40.0;

/// The aspect of an exported plot (height over width): 16:10.
pub const EXPORT_ASPECT: f32 = 0.625;

/// One side as the plots show it.
#[derive(Clone, Debug)]
pub struct ShownSide {
    /// "White (on roll)".
    pub name: String,
    /// Its colour's name for file names ("white").
    pub key: String,
    /// Mean and sd of the distribution shown.
    pub moments: (f64, f64),
    /// The values shown.
    pub series: Series,
}

/// The plots of one panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Card {
    /// One side: exact and normal.
    Side(usize),
    /// Both sides, exact and normal.
    Both,
    /// Exact − normal for both sides.
    Difference,
}

/// How the plots fill a region: rows of plot counts, each row's share of the height.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The number of plots in each row.
    pub rows: Vec<usize>,
    /// Each row's share of the height (sums to 1).
    pub shares: Vec<f32>,
}

/// The arrangement for `main` exact-and-normal plots and the difference plot in `size`: all
/// in one row, or the main plots above the difference plot (the rows of equal height),
/// whichever makes the smallest plot larger (a plot's size counted as min(width, 2.2 ×
/// height): about 2:1 reads best).
pub fn grid(main: usize, size: Vec2) -> Grid {
    let score = |w: f32, h: f32| w.min(2.2 * h);
    let one_row = score(size.x / (main + 1) as f32, size.y);
    let two_rows = score(size.x / main as f32, 0.5 * size.y);
    if two_rows > one_row {
        Grid {
            rows: vec![main, 1],
            shares: vec![0.5, 0.5],
        }
    } else {
        Grid {
            rows: vec![main + 1],
            shares: vec![1.0],
        }
    }
}

/// The side colours (exact bars), the normal's colour on a single side's plot.
fn colours(dark: bool) -> ([Color32; 2], [Color32; 2], Color32) {
    let exact = [
        Color32::from_rgb(70, 130, 230),
        Color32::from_rgb(60, 170, 100),
    ];
    let lift = |c: Color32| {
        if dark {
            c.lerp_to_gamma(Color32::WHITE, 0.3)
        } else {
            c.lerp_to_gamma(Color32::BLACK, 0.35)
        }
    };
    (exact, exact.map(lift), Color32::from_rgb(240, 150, 40))
}

/// Draws the plots into the space `ui` has; returns the export asked for. `spare`, when
/// given, draws into the cell beside the difference plot when it has a row of its own.
/// `about` names the position for an export's title ("Position ID …, White to play 6-5").
pub fn show(
    ui: &mut egui::Ui,
    sides: &[Option<ShownSide>; 2],
    view: &BearoffView,
    spare: Option<&dyn Fn(&mut egui::Ui)>,
    about: &str,
) -> Vec<BearoffAction> {
    let present: Vec<usize> = (0..2).filter(|&i| sides[i].is_some()).collect();
    let mut cards: Vec<Card> = match view.arrangement {
        Arrangement::PerSide => present.iter().map(|&i| Card::Side(i)).collect(),
        Arrangement::Overlaid => vec![Card::Both],
    };
    let main = cards.len();
    cards.push(Card::Difference);
    let all: Vec<&Series> = sides.iter().flatten().map(|s| &s.series).collect();
    let floor = match view.scale {
        Scale::Linear => LINEAR_FLOOR,
        Scale::Log => LOG_FLOOR,
    };
    let rolls = shown_rolls(&all, view.quantity, floor);
    let size = ui.available_size().max(MIN_CARD);
    let g = grid(main, size);
    let gap = ui.spacing().item_spacing;
    let mut out = Vec::new();
    let mut next = cards.into_iter();
    let top_down = egui::Layout::top_down(egui::Align::Min);
    let last = g.rows.len() - 1;
    for (row, (&n, &share)) in g.rows.iter().zip(&g.shares).enumerate() {
        let cells = match (&spare, row) {
            (Some(_), r) if r == last && r > 0 => n + 1,
            _ => n,
        };
        let h = (size.y * share - gap.y).max(MIN_CARD.y);
        let w = ((size.x - gap.x * (cells - 1) as f32) / cells as f32).max(MIN_CARD.x);
        ui.horizontal_top(|ui| {
            for card in next.by_ref().take(n) {
                let r = ui.allocate_ui_with_layout(vec2(w, h), top_down, |ui| {
                    ui.set_min_size(vec2(w, h));
                    draw_card(ui, card, sides, view, rolls.clone(), None)
                });
                if let Some(size) = r.inner {
                    let picture = picture(card, sides, view, rolls.clone(), about);
                    out.push(BearoffAction::ExportPlot(PlotExport { picture, size }));
                }
            }
            if cells > n
                && let Some(draw) = spare
            {
                ui.allocate_ui_with_layout(vec2(w, h), top_down, |ui| draw(ui));
            }
        });
    }
    out
}

/// What the plots show, in one line ("P(all off in exactly k rolls): exact against the …").
pub fn caption(view: &BearoffView) -> String {
    format!("{}: exact against the {}", what(view), normal_name(view))
}

fn what(view: &BearoffView) -> &'static str {
    match (view.distribution, view.quantity) {
        (Distribution::BearingOff, Quantity::PerRoll) => "P(all off in exactly k rolls)",
        (Distribution::BearingOff, Quantity::Cumulative) => "P(all off within k rolls)",
        (Distribution::FirstOff, Quantity::PerRoll) => "P(first checker off in exactly k rolls)",
        (Distribution::FirstOff, Quantity::Cumulative) => "P(first checker off within k rolls)",
    }
}

fn normal_name(view: &BearoffView) -> &'static str {
    match view.normal {
        NormalForm::Density => "normal (density)",
        NormalForm::Interval => "normal (interval)",
    }
}

/// `card` as its export draws it: the title "`about` — the card's title — what is plotted",
/// the legend, the plot; no widgets.
fn picture(
    card: Card,
    sides: &[Option<ShownSide>; 2],
    view: &BearoffView,
    rolls: RangeInclusive<usize>,
    about: &str,
) -> Picture {
    let title = format!("{about} — {} — {}", card_title(card, sides), caption(view));
    let name = export_name(card, sides, view);
    let (sides, view, heading) = (sides.clone(), *view, title.clone());
    Picture::new(title, name, EXPORT_ASPECT, move |ui| {
        draw_card(ui, card, &sides, &view, rolls.clone(), Some(&heading));
    })
}

/// A card's title: "White: 8.12 ± 1.20", "Both sides", "Exact − normal, pp".
fn card_title(card: Card, sides: &[Option<ShownSide>; 2]) -> String {
    match card {
        Card::Side(i) => sides[i].as_ref().map_or(String::new(), |s| {
            format!(
                "{}: {:.2} ± {:.2}",
                short(&s.name),
                s.moments.0,
                s.moments.1
            )
        }),
        Card::Both => "Both sides".to_string(),
        Card::Difference => "Exact − normal, pp".to_string(),
    }
}

/// The file name stem of a plot's export.
fn export_name(card: Card, sides: &[Option<ShownSide>; 2], view: &BearoffView) -> String {
    let who = match card {
        Card::Side(i) => sides[i]
            .as_ref()
            .map_or("side".to_string(), |s| s.key.clone()),
        Card::Both => "both".to_string(),
        Card::Difference => "difference".to_string(),
    };
    let mut name = format!("bearoff-{who}");
    if view.distribution == Distribution::FirstOff {
        name.push_str("-first-off");
    }
    if view.quantity == Quantity::Cumulative {
        name.push_str("-cumulative");
    }
    if view.scale == Scale::Log && card != Card::Difference {
        name.push_str("-log");
    }
    name
}

/// "White" of "White (on roll)".
fn short(name: &str) -> &str {
    name.split(' ').next().unwrap_or(name)
}

/// How a series is drawn, for its legend swatch.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    /// A bar.
    Bar,
    /// A dot.
    Dot,
    /// A solid line.
    Line,
    /// A dashed line.
    Dashed,
}

/// A legend entry: a swatch and its text.
pub fn legend_entry(ui: &mut egui::Ui, colour: Color32, text: &str, swatch: Swatch) {
    let (rect, _) = ui.allocate_exact_size(vec2(18.0, 12.0), egui::Sense::hover());
    let p = ui.painter();
    let stroke = egui::Stroke::new(2.5, colour);
    let (l, r) = (rect.left_center(), rect.right_center());
    match swatch {
        Swatch::Bar => {
            let bar = rect.shrink2(vec2(4.0, 0.0));
            p.rect_filled(bar, 1.0, colour.gamma_multiply(0.5));
            p.rect_stroke(
                bar,
                1.0,
                egui::Stroke::new(1.0, colour),
                egui::StrokeKind::Inside,
            );
        }
        Swatch::Dot => {
            p.circle_filled(rect.center(), 3.5, colour);
        }
        Swatch::Line => {
            p.line_segment([l, r], stroke);
        }
        Swatch::Dashed => {
            p.line_segment([l, l + vec2(7.0, 0.0)], stroke);
            p.line_segment([r - vec2(7.0, 0.0), r], stroke);
        }
    }
    ui.label(text);
}

/// An export's heading above the plot: `text`, strong and a little larger than the labels.
pub fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add(egui::Label::new(egui::RichText::new(text).strong().size(15.0)).wrap());
}

/// One plot with its title, legend and export menu; returns the export size asked for. With
/// `export` (the picture's heading) it is drawn for an export: the heading above, no menu, no
/// hover read-out.
fn draw_card(
    ui: &mut egui::Ui,
    card: Card,
    sides: &[Option<ShownSide>; 2],
    view: &BearoffView,
    rolls: RangeInclusive<usize>,
    export: Option<&str>,
) -> Option<ExportSize> {
    let (exact_c, normal_c, single_normal) = colours(ui.visuals().dark_mode);
    let log = is_log(view, card);
    let title = card_title(card, sides);
    if let Some(text) = export {
        heading(ui, text);
    }
    let chosen = card_header(ui, card, sides, view, &title, export.is_none());
    let size = vec2(
        ui.available_width(),
        ui.available_height().max(MIN_CARD.y - HEADER),
    );
    let lo = *rolls.start() as f64 - 0.6;
    let hi = *rolls.end() as f64 + 0.6;
    let step = axes::roll_step(hi - lo, size.x - 60.0);

    // The y values and their bounds.
    let shown = card_sides(card, sides);
    let (ylo, yhi, y_label) = y_range(card, &shown, log, &rolls);
    let vstep = axes::value_step(yhi - ylo, size.y - 40.0);
    let dstep = axes::decade_step(yhi - ylo, size.y - 40.0);

    let x_labels: Vec<String> = axes::roll_marks((lo, hi), step)
        .into_iter()
        .map(|m| axes::roll_label(m, step))
        .filter(|t| !t.is_empty())
        .collect();
    let y_labels = y_labels(log, (ylo, yhi), vstep, dstep);

    let id = match card {
        Card::Side(i) => format!("bearoff-plot-{i}"),
        Card::Both => "bearoff-plot-both".to_string(),
        Card::Difference => "bearoff-plot-difference".to_string(),
    };
    let quantity = view.quantity;
    let x_axis = AxisHints::new_x()
        .label("rolls k")
        .formatter(move |m, _| axes::roll_label(m, step))
        .label_spacing(18.0..=20.0);
    let y_axis = y_axis(log, y_label, vstep, dstep);
    let plot = fixed_plot(id, size)
        .show_y(false)
        .custom_x_axes(vec![x_axis])
        .custom_y_axes(vec![y_axis])
        .x_grid_spacer(move |input| axes::roll_marks(input.bounds, step))
        .y_grid_spacer(move |input| {
            if log {
                axes::decade_marks(input.bounds, dstep)
            } else {
                axes::value_marks(input.bounds, vstep)
            }
        });
    let two = shown.len() == 2;
    let response = plot.show(ui, |p| {
        p.set_plot_bounds_x(lo..=hi);
        p.set_plot_bounds_y(ylo..=yhi);
        for (n, &(i, s)) in shown.iter().enumerate() {
            // Bars side by side; dots where they belong.
            let offset = if two && !log {
                (n as f64 - 0.5) * 0.4
            } else {
                0.0
            };
            let width = if two { 0.38 } else { 0.75 };
            let look = (log, (exact_c, normal_c, single_normal));
            draw_side(p, card, (i, s), (offset, width), look, &rolls);
        }
    });
    let r = &response.response;
    let description = format!(
        "{title}; x axis: rolls k, labelled {}; y axis: {y_label}, labelled {}",
        x_labels.join(", "),
        y_labels.join(", ")
    );
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &description));
    if let Some(pos) = r.hover_pos().filter(|_| export.is_none()) {
        let k = response.transform.value_from_position(pos).x.round();
        if k >= 0.0 && rolls.contains(&(k as usize)) {
            let k = k as usize;
            egui::Tooltip::for_widget(r)
                .at_pointer()
                .gap(12.0)
                .show(|ui| read_out(ui, k, &shown, view, quantity));
        }
    }
    finish_card(r, chosen)
}

/// The sides a card draws, with their index: its own side, or both sides in range.
fn card_sides(card: Card, sides: &[Option<ShownSide>; 2]) -> Vec<(usize, &ShownSide)> {
    match card {
        Card::Side(i) => sides[i].as_ref().map(|s| vec![(i, s)]).unwrap_or_default(),
        _ => sides
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
            .collect(),
    }
}

/// The y axis's labels as drawn over `range`: decades on the log scale (`dstep` apart), else
/// values (`vstep` apart).
fn y_labels(log: bool, range: (f64, f64), vstep: f64, dstep: i32) -> Vec<String> {
    if log {
        axes::decade_marks(range, dstep)
            .into_iter()
            .map(|m| axes::decade_label(m, dstep))
            .filter(|t| !t.is_empty())
            .collect()
    } else {
        axes::value_marks(range, vstep)
            .into_iter()
            .map(|m| axes::value_label(m.value, vstep))
            .collect()
    }
}

/// The y axis, titled `label`, its marks labelled as [`y_labels`] does.
fn y_axis(log: bool, label: &'static str, vstep: f64, dstep: i32) -> AxisHints<'static> {
    let axis = AxisHints::new_y().label(label).min_thickness(44.0);
    if log {
        axis.formatter(move |m, _| axes::decade_label(m, dstep))
    } else {
        axis.formatter(move |m, _| axes::value_label(m.value, vstep))
    }
}

/// Whether `card` is drawn on the log scale (the difference never is).
fn is_log(view: &BearoffView, card: Card) -> bool {
    view.scale == Scale::Log && card != Card::Difference
}

/// A card's header on one row when it fits: the title, the legend, and (with `menu`) the
/// export menu at the right; returns the export size asked for.
fn card_header(
    ui: &mut egui::Ui,
    card: Card,
    sides: &[Option<ShownSide>; 2],
    view: &BearoffView,
    title: &str,
    menu: bool,
) -> Option<ExportSize> {
    let (exact_c, normal_c, single_normal) = colours(ui.visuals().dark_mode);
    let log = is_log(view, card);
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(egui::RichText::new(title).strong()).truncate())
            .on_hover_text(match card {
                Card::Side(_) => "the side's mean ± standard deviation, in rolls",
                Card::Both => "both sides on one plot",
                Card::Difference => "exact − normal at each k for both sides, in percentage points",
            });
        let exact = if log { Swatch::Dot } else { Swatch::Bar };
        match card {
            Card::Side(i) => {
                legend_entry(ui, exact_c[i], "exact", exact);
                legend_entry(ui, single_normal, normal_name(view), Swatch::Line);
            }
            Card::Both | Card::Difference => {
                for (i, s) in sides.iter().enumerate() {
                    let Some(s) = s else { continue };
                    if card == Card::Both {
                        legend_entry(ui, exact_c[i], &format!("{} exact", short(&s.name)), exact);
                        legend_entry(ui, normal_c[i], "normal", Swatch::Dashed);
                    } else {
                        legend_entry(ui, exact_c[i], short(&s.name), Swatch::Bar);
                    }
                }
            }
        }
        if menu {
            chosen = export_menu(ui);
        }
    });
    chosen
}

/// The y axis's bounds and label for the sides `shown` over `rolls`: the difference in
/// percentage points, else the probabilities (log or linear).
fn y_range(
    card: Card,
    shown: &[(usize, &ShownSide)],
    log: bool,
    rolls: &RangeInclusive<usize>,
) -> (f64, f64, &'static str) {
    let in_range = |k: &usize| rolls.contains(k);
    if card == Card::Difference {
        let d: Vec<f64> = shown
            .iter()
            .flat_map(|(_, s)| s.series.difference())
            .collect();
        let lo = d.iter().copied().fold(0.0, f64::min) * 100.0;
        let hi = d.iter().copied().fold(0.0, f64::max) * 100.0;
        let pad = ((hi - lo) * 0.12).max(0.05);
        (lo - pad, hi + pad, "exact − normal, pp")
    } else if log {
        let least = shown
            .iter()
            .flat_map(|(_, s)| {
                (0..ROLLS)
                    .filter(in_range)
                    .flat_map(|k| [s.series.exact[k], s.series.normal[k]])
            })
            .filter(|&p| p >= LOG_FLOOR)
            .fold(1.0, f64::min);
        (least.log10().floor() - 0.3, 0.25, "probability (log scale)")
    } else {
        let most = shown
            .iter()
            .flat_map(|(_, s)| s.series.exact.iter().chain(&s.series.normal).copied())
            .fold(0.0, f64::max);
        (0.0, (most * 100.0 * 1.08).max(1.0), "probability %")
    }
}

/// The colours of a card: each side's exact and normal, the normal of a side alone.
type CardColours = ([Color32; 2], [Color32; 2], Color32);

/// Side `i`'s series `s` on a card's plot in `colours`, its bars `offset` from the roll and
/// `width` wide.
fn draw_side(
    p: &mut egui_plot::PlotUi<'_>,
    card: Card,
    (i, s): (usize, &ShownSide),
    (offset, width): (f64, f64),
    (log, (exact_c, normal_c, single_normal)): (bool, CardColours),
    rolls: &RangeInclusive<usize>,
) {
    let in_range = |k: &usize| rolls.contains(k);
    let (normal_colour, normal_style) = if card == Card::Side(i) {
        (single_normal, LineStyle::Solid)
    } else {
        (normal_c[i], LineStyle::dashed_dense())
    };
    let ks = || (0..ROLLS).filter(in_range);
    if card == Card::Difference {
        let d = s.series.difference();
        let bars = ks()
            .map(|k| Bar::new(k as f64 + offset, d[k] * 100.0).width(width))
            .collect();
        p.bar_chart(
            BarChart::new(format!("{} exact − normal", s.name), bars)
                .color(exact_c[i])
                .allow_hover(false),
        );
        return;
    }
    if log {
        let e = log10_probabilities(&s.series.exact);
        let pts: Vec<[f64; 2]> = ks()
            .filter_map(|k| e[k].map(|y| [k as f64 + offset, y]))
            .collect();
        p.points(
            Points::new(format!("{} exact", s.name), pts)
                .shape(MarkerShape::Circle)
                .filled(true)
                .radius(3.5)
                .color(exact_c[i])
                .allow_hover(false),
        );
        let nl = log10_probabilities(&s.series.normal);
        for run in runs(ks().map(|k| nl[k].map(|y| [k as f64, y]))) {
            p.line(
                Line::new(format!("{} normal", s.name), PlotPoints::new(run))
                    .color(normal_colour)
                    .style(normal_style)
                    .width(2.0)
                    .allow_hover(false),
            );
        }
    } else {
        let bars = ks()
            .filter(|&k| s.series.exact[k] > 0.0)
            .map(|k| Bar::new(k as f64 + offset, s.series.exact[k] * 100.0).width(width))
            .collect();
        p.bar_chart(
            BarChart::new(format!("{} exact", s.name), bars)
                .color(exact_c[i])
                .allow_hover(false),
        );
        let line: Vec<[f64; 2]> = ks()
            .map(|k| [k as f64, s.series.normal[k] * 100.0])
            .collect();
        p.line(
            Line::new(format!("{} normal", s.name), PlotPoints::new(line))
                .color(normal_colour)
                .style(normal_style)
                .width(2.0)
                .allow_hover(false),
        );
    }
}

/// A plot of `size` that stays as drawn: no zoom, drag, scroll or reset (the panel sets its
/// bounds).
pub fn fixed_plot<'a>(id: impl egui::AsIdSalt, size: Vec2) -> Plot<'a> {
    Plot::new(id)
        .width(size.x)
        .height(size.y)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
}

/// The "Export…" menu of a plot's title row: the sizes; the one clicked.
pub fn export_menu(ui: &mut egui::Ui) -> Option<ExportSize> {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let mut chosen = None;
        ui.menu_button("Export…", |ui| chosen = size_entries(ui))
            .response
            .on_hover_text(
                "Save this plot as a PNG image with a title, without buttons (also in its \
                 right-click menu)",
            );
        chosen
    })
    .inner
}

/// The export sizes as menu entries; the one clicked (the menu closes).
fn size_entries(ui: &mut egui::Ui) -> Option<ExportSize> {
    let mut chosen = None;
    for size in ExportSize::ALL {
        if ui.button(size.label()).clicked() {
            chosen = Some(size);
            ui.close();
        }
    }
    chosen
}

/// The plot's right-click menu of export sizes; the size asked for there or in the title row's
/// menu (`chosen`).
pub fn finish_card(plot: &egui::Response, mut chosen: Option<ExportSize>) -> Option<ExportSize> {
    plot.context_menu(|ui| {
        if let Some(size) = size_entries(ui) {
            chosen = Some(size);
        }
    });
    chosen
}

/// The runs of consecutive points (a log line breaks where a value cannot be drawn).
fn runs(points: impl Iterator<Item = Option<[f64; 2]>>) -> Vec<Vec<[f64; 2]>> {
    let mut out = vec![Vec::new()];
    for p in points {
        match p {
            Some(p) => out.last_mut().expect("never empty").push(p),
            None if out.last().is_some_and(|r| !r.is_empty()) => out.push(Vec::new()),
            None => {}
        }
    }
    out.retain(|r| !r.is_empty());
    out
}

/// The values at roll `k`: each side's exact, normal and their difference.
fn read_out(
    ui: &mut egui::Ui,
    k: usize,
    shown: &[(usize, &ShownSide)],
    view: &BearoffView,
    quantity: Quantity,
) {
    ui.strong(match quantity {
        Quantity::PerRoll => format!("k = {k} rolls"),
        Quantity::Cumulative => format!("within k = {k} rolls"),
    });
    egui::Grid::new("bearoff-read-out")
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.strong("exact");
            ui.strong(normal_name(view));
            ui.strong("exact − normal");
            ui.end_row();
            for (_, s) in shown {
                let (e, n) = (s.series.exact[k], s.series.normal[k]);
                ui.label(&s.name);
                ui.monospace(percent(e));
                ui.monospace(percent(n));
                ui.monospace(format!("{:+.3} pp", (e - n) * 100.0));
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_wide_regions_get_one_row_tall_ones_two() {
        // The lower area at 1280×720: three plots side by side.
        assert_eq!(grid(2, vec2(930.0, 230.0)).rows, [3]);
        // A tall region: the main plots above the difference plot.
        let tall = grid(2, vec2(900.0, 700.0));
        assert_eq!(tall.rows, [2, 1]);
        assert!((tall.shares.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert_eq!(grid(1, vec2(800.0, 260.0)).rows, [2]);
    }

    #[test]
    fn log_lines_break_where_there_is_nothing_to_draw() {
        let r = runs(
            [
                Some([0.0, -1.0]),
                None,
                None,
                Some([3.0, -2.0]),
                Some([4.0, -3.0]),
                None,
            ]
            .into_iter(),
        );
        assert_eq!(r, vec![vec![[0.0, -1.0]], vec![[3.0, -2.0], [4.0, -3.0]]]);
    }
}
