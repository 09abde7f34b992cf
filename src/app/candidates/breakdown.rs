//! The term breakdown of one candidate against another (#1, or gnubg's best move): each
//! term's seed name and label, both sides' values, the weight, the addend (weight × own
//! value) and the difference of addends — as a table with its BRDVAL sum always in view, and
//! as a chart of the differences sorted by size (or of the addends), so that "why is this
//! move second?" and "which terms pushed the classic away from gnubg's move?" read at a
//! glance.

use super::CandidatesAction;
use super::CandidatesView;
use crate::app::axes;
use bgw_engine::evaluation::classic::{Candidate, TERMS, Term, TermSet};
use egui::{Color32, RichText};
use egui_extras::{Column, TableBuilder};
use egui_plot::{AxisHints, Bar, BarChart, GridMark, Plot};

/// Green: the term favours the candidate shown (or adds to BRDVAL).
pub const HELPS: Color32 = Color32::from_rgb(70, 170, 80);
/// Red: the term favours the other move (or takes from BRDVAL).
pub const HURTS: Color32 = Color32::from_rgb(215, 75, 65);

/// Height of one table row.
const ROW: f32 = 18.0;

/// The table's width without the plain labels' column, in points.
const TABLE_WIDTH: f32 = 330.0;
/// The plain labels' column.
const LABEL_WIDTH: f32 = 118.0;
/// The least width of the chart beside the table (less: one or the other; more than this
/// beside the labels too: the labels shown).
pub const MIN_CHART_WIDTH: f32 = 260.0;

/// The chart's bars of the terms on: (term index, value), largest magnitude first (ties in the
/// order of weights).
pub fn sorted_bars(values: &[f64], terms: TermSet) -> Vec<(usize, f64)> {
    let mut bars: Vec<(usize, f64)> = terms
        .iter()
        .map(|t| (t.index(), values[t.index()]))
        .collect();
    bars.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    bars
}

/// Each term's addend of `c` minus that of `reference`.
pub fn deltas(c: &Candidate, reference: &Candidate) -> Vec<f64> {
    (0..TERMS.len())
        .map(|t| c.addends[t] - reference.addends[t])
        .collect()
}

/// The candidate shown and the one it is compared with (indices in the ranking; none when it
/// is the only legal play), and the name of the comparison: what the breakdown shows, and what
/// the analysis as text says.
pub fn pair(state: &CandidatesView<'_>) -> Option<(usize, Option<usize>, String)> {
    let c = &state.candidates;
    let a = c.analysis.as_ref()?;
    if a.candidates.len() < 2 {
        return a
            .candidates
            .first()
            .map(|_| (0, None, "nothing: the only legal play".into()));
    }
    let i = c.shown().unwrap_or(0);
    let gnubg_best = c
        .shown_judgement(state.plies)
        .and_then(|j| j.best)
        .and_then(|b| a.index_of(&b));
    let played = state.played_index().filter(|_| c.compare_with_played);
    let (r, name) = match (played, gnubg_best) {
        (Some(p), _) => (p, "the move played"),
        (None, Some(g)) if c.compare_with_gnubg => (g, "gnubg's best"),
        _ => (0, "#1"),
    };
    // A move compared with itself says nothing: then with #1, or #2 for #1 itself.
    Some(match (i == r, i == 0) {
        (false, _) => (i, Some(r), name.to_string()),
        (true, false) => (i, Some(0), "#1".into()),
        (true, true) => (i, Some(1), "#2".into()),
    })
}

/// Draws the breakdown of the selected (or hovered, or best) candidate.
pub fn show(ui: &mut egui::Ui, state: &CandidatesView<'_>) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let (Some(a), Some((i, r, name))) = (&state.candidates.analysis, pair(state)) else {
        ui.strong("Term breakdown");
        ui.label(
            "With a legal board and the dice set, this shows for the selected candidate each \
             term's value for both sides, its weight and addend, and how far the addend is \
             from the best move's (or gnubg's best move's): why a move ranks where it does.",
        );
        return out;
    };
    let c = &a.candidates[i];
    let Some(r) = r else {
        // Nothing to compare with: the play's own addends, which sum to its BRDVAL.
        ui.strong(format!(
            "#1 {}: the only legal play, BRDVAL {:+.2} (each term's addend W·V)",
            c.play.mv.notation(),
            c.value
        ));
        let d = vec![0.0; c.addends.len()];
        ui.horizontal_top(|ui| {
            let height = ui.available_height();
            ui.allocate_ui_with_layout(
                egui::vec2(TABLE_WIDTH, height),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(TABLE_WIDTH);
                    table(ui, state, c, &d, (i, None), false);
                },
            );
            ui.vertical(|ui| addends_chart(ui, state, c));
        });
        return out;
    };
    let other = &a.candidates[r];
    ui.strong(format!(
        "#{} {} against {name} (#{} {}): BRDVAL Δ {:+.2}",
        i + 1,
        c.play.mv.notation(),
        r + 1,
        other.play.mv.notation(),
        c.value - other.value
    ));
    // Too narrow for the chart beside the table: one or the other, as chosen.
    let narrow = ui.available_width() < TABLE_WIDTH + MIN_CHART_WIDTH;
    out.extend(controls(ui, state, narrow));
    let d = deltas(c, other);
    let total: f64 = d.iter().sum();
    if narrow && state.candidates.chart_alone {
        let height = ui.available_height() - ROW - 8.0;
        ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
            chart_view(ui, state, c, &d, (i, r));
        });
        sum_row(ui, c.value, Some(total), i);
        return out;
    }
    if narrow {
        table(ui, state, c, &d, (i, Some(r)), false);
        return out;
    }
    ui.horizontal_top(|ui| {
        let height = ui.available_height();
        // The plain labels only when the chart keeps its room beside them (they are in the
        // names' tooltips too).
        let with_labels = ui.available_width() >= TABLE_WIDTH + LABEL_WIDTH + MIN_CHART_WIDTH;
        let table_width = TABLE_WIDTH + if with_labels { LABEL_WIDTH } else { 0.0 };
        ui.allocate_ui_with_layout(
            egui::vec2(table_width, height),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_width(table_width);
                table(ui, state, c, &d, (i, Some(r)), with_labels);
            },
        );
        ui.vertical(|ui| chart_view(ui, state, c, &d, (i, r)));
    });
    out
}

/// The chart chosen (Δ per term or the addends) with its legend.
fn chart_view(
    ui: &mut egui::Ui,
    state: &CandidatesView<'_>,
    c: &Candidate,
    d: &[f64],
    (i, r): (usize, usize),
) {
    // On the board of a match's error: gnubg's own reason under the terms' chart, half each.
    if let Some(why) = state.from_match.as_ref().and_then(|m| m.why_gnubg.as_ref()) {
        let (width, half) = (
            ui.available_width(),
            (ui.available_height() / 2.0).max(90.0),
        );
        ui.allocate_ui(egui::vec2(width, half), |ui| {
            terms_chart(ui, state, c, d, (i, r))
        });
        why_chart(ui, why);
        return;
    }
    terms_chart(ui, state, c, d, (i, r));
}

/// gnubg's own reason for the error of a match's decision: the parts of its 0-ply cubeless
/// difference between the move played and its best, by the concepts of the net that judged
/// them (the largest first; positive: the move played gains there).
fn why_chart(ui: &mut egui::Ui, why: &bgw_engine::reference::native::WhyGnubg) {
    ui.label(RichText::new(format!(
        "gnubg's why: the move played against its best, {:+.3} cubeless ({})",
        why.total, why.net
    )))
    .on_hover_text(why.sentence.as_str());
    let bars: Vec<(String, f64)> = why
        .concepts
        .iter()
        .map(|p| (p.name.to_string(), p.equity))
        .collect();
    legend(ui, "the move played gains", "the move played gives up");
    let axis = "equity (cubeless), the parts sum to the total";
    named_chart(ui, ("why-gnubg-plot", 150.0, 0.001), &bars, axis);
}

/// The terms' chart chosen: Δ per term or the addends.
fn terms_chart(
    ui: &mut egui::Ui,
    state: &CandidatesView<'_>,
    c: &Candidate,
    d: &[f64],
    (i, r): (usize, usize),
) {
    if state.candidates.show_addends {
        addends_chart(ui, state, c);
    } else {
        let bars = sorted_bars(d, state.weights.terms());
        legend(
            ui,
            &format!("favours #{} (Δ > 0)", i + 1),
            &format!("favours #{} (Δ < 0)", r + 1),
        );
        chart(ui, &bars, &format!("Δ addend: #{} − #{}", i + 1, r + 1));
    }
}

/// The addends W·V of candidate `c`, with the legend.
fn addends_chart(ui: &mut egui::Ui, state: &CandidatesView<'_>, c: &Candidate) {
    let bars = sorted_bars(&c.addends, state.weights.terms());
    legend(
        ui,
        "adds to BRDVAL (W·V > 0)",
        "takes from BRDVAL (W·V < 0)",
    );
    chart(ui, &bars, "addend W·V of this move");
}

/// The chart's view and the comparison.
fn controls(ui: &mut egui::Ui, state: &CandidatesView<'_>, narrow: bool) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let c = &state.candidates;
    let gnubg_there = c
        .shown_judgement(state.plies)
        .is_some_and(|j| j.best.is_some());
    let played_on = c.compare_with_played && state.played_index().is_some();
    ui.horizontal_wrapped(|ui| {
        if narrow {
            ui.label("Show:");
            for (alone, name) in [(false, "table"), (true, "chart")] {
                if ui.selectable_label(c.chart_alone == alone, name).clicked() {
                    out.push(CandidatesAction::ChartAlone(alone));
                }
            }
            ui.separator();
        }
        ui.label("Chart:");
        if ui.selectable_label(!c.show_addends, "Δ per term").clicked() {
            out.push(CandidatesAction::ShowAddends(false));
        }
        if ui.selectable_label(c.show_addends, "addends W·V").clicked() {
            out.push(CandidatesAction::ShowAddends(true));
        }
        ui.separator();
        ui.label("Compare with:");
        if ui
            .selectable_label(!played_on && (!c.compare_with_gnubg || !gnubg_there), "#1")
            .clicked()
        {
            out.push(CandidatesAction::CompareWithGnubg(false));
        }
        let gnubg = ui
            .add_enabled(
                gnubg_there,
                egui::Button::selectable(
                    !played_on && c.compare_with_gnubg && gnubg_there,
                    "gnubg's best",
                ),
            )
            .on_disabled_hover_text("Once gnubg's verdict is there (the candidates panel)");
        if gnubg.clicked() {
            out.push(CandidatesAction::CompareWithGnubg(true));
        }
        if state.played_index().is_some()
            && ui
                .selectable_label(played_on, "the move played")
                .on_hover_text("The move played in the match (the Match tab's decision)")
                .clicked()
        {
            out.push(CandidatesAction::CompareWithPlayed(true));
        }
    });
    out
}

/// The colour of a difference or an addend.
fn colour(v: f64, weak: Color32) -> Color32 {
    if v > 1e-9 {
        HELPS
    } else if v < -1e-9 {
        HURTS
    } else {
        weak
    }
}

/// The table: a row a term, the BRDVAL sum under it, outside its scroll.
/// `(i, r)`: the ranks (from 0) of the candidate shown and of the one it is compared with
/// (none: no Δ column).
fn table(
    ui: &mut egui::Ui,
    state: &CandidatesView<'_>,
    c: &Candidate,
    d: &[f64],
    (i, r): (usize, Option<usize>),
    with_labels: bool,
) {
    let weak = ui.visuals().weak_text_color();
    let max_height = (ui.available_height() - 2.0 * ROW - 12.0).max(2.0 * ROW);
    let delta_title = r.map(|r| format!("Δ vs #{}", r + 1));
    let mut headers = vec!["term", "own", "opp", "weight", "addend"];
    headers.extend(delta_title.as_deref());
    let mut widths = vec![64.0, 30.0, 30.0, 58.0];
    if r.is_some() {
        widths.push(50.0);
    }
    if with_labels {
        headers.insert(1, "");
        widths.insert(1, LABEL_WIDTH - 8.0);
    }
    // Text too long for a column (they can be made narrow) ends in "…". The cells are not
    // clipped: a clipped cell is a draw call of its own, which costs time on every frame
    // without a GPU.
    let wrap = ui.style().wrap_mode;
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    let mut table = TableBuilder::new(ui)
        .id_salt(("breakdown-table", with_labels))
        // Not striped: the stripe was barely to be seen, and without a GPU it cost its whole
        // area on every frame.
        .striped(false)
        .resizable(true)
        .auto_shrink([false, true])
        .max_scroll_height(max_height)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for w in widths {
        table = table.column(Column::initial(w).at_least(24.0));
    }
    table
        .column(Column::remainder().at_least(40.0))
        .header(ROW + 2.0, |mut header| {
            for h in headers {
                header.col(|ui| {
                    ui.strong(h);
                });
            }
        })
        .body(|mut body| {
            for info in state.weights.terms_on().map(Term::info) {
                let t = info.term.index();
                body.row(ROW, |mut row| {
                    row.col(|ui| {
                        ui.monospace(info.seed_name)
                            .on_hover_text(format!("{}: {}", info.label, info.description));
                    });
                    if with_labels {
                        row.col(|ui| {
                            ui.label(info.label);
                        });
                    }
                    let cells = [
                        c.features.own[t].to_string(),
                        c.features.opp[t].to_string(),
                        format!("{:+.4}", state.weights.get(info.term)),
                        format!("{:+.2}", c.addends[t]),
                    ];
                    for text in cells {
                        row.col(|ui| {
                            ui.monospace(text);
                        });
                    }
                    if r.is_some() {
                        row.col(|ui| {
                            let text = RichText::new(format!("{:+.2}", d[t])).monospace();
                            ui.label(text.color(colour(d[t], weak)));
                        });
                    }
                });
            }
        });
    ui.style_mut().wrap_mode = wrap;
    sum_row(ui, c.value, r.map(|_| d.iter().sum()), i);
}

/// "BRDVAL sum": the value of candidate `i` and the sum of the differences (when compared).
fn sum_row(ui: &mut egui::Ui, value: f64, total: Option<f64>, i: usize) {
    let weak = ui.visuals().weak_text_color();
    ui.horizontal(|ui| {
        ui.strong("BRDVAL sum");
        ui.monospace(format!("#{}: {value:+.2}", i + 1));
        if let Some(total) = total {
            ui.label("Δ");
            ui.label(
                RichText::new(format!("{total:+.2}"))
                    .monospace()
                    .color(colour(total, weak)),
            );
        }
    });
}

/// A legend for the chart's two colours, above it (outside the data).
fn legend(ui: &mut egui::Ui, helps: &str, hurts: &str) {
    ui.horizontal_wrapped(|ui| {
        for (colour, text) in [(HELPS, helps), (HURTS, hurts)] {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 0.0, colour);
            ui.label(text);
        }
    });
}

/// Horizontal bars, the largest on top, each named by its term on the vertical axis.
fn chart(ui: &mut egui::Ui, bars: &[(usize, f64)], axis: &str) {
    let named: Vec<(String, f64)> = bars
        .iter()
        .map(|&(t, v)| (TERMS[t].seed_name.to_string(), v))
        .collect();
    named_chart(ui, ("breakdown-plot", 70.0, 0.01), &named, axis);
}

/// Horizontal bars in the order given (the largest first), each named on the vertical axis:
/// the plot's id, the names' width in points and the least extent of the value axis.
fn named_chart(
    ui: &mut egui::Ui,
    (id, names_width, least): (&str, f32, f64),
    bars: &[(String, f64)],
    axis: &str,
) {
    // The bars that count (not 0), as many as keep a name beside each bar (14 points a bar):
    // the largest, since the bars are sorted.
    let fit = ((ui.available_height() - 60.0) / 14.0).floor().max(3.0) as usize;
    let counting: Vec<&(String, f64)> = bars.iter().filter(|b| b.1.abs() > 1e-9).collect();
    let bars = &counting[..counting.len().min(fit)];
    if bars.len() < counting.len() {
        ui.weak(format!(
            "the largest {} of {} (all in the table)",
            bars.len(),
            counting.len()
        ));
    }
    let names: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
    let (helps, hurts): (Vec<Bar>, Vec<Bar>) = bars
        .iter()
        .enumerate()
        .map(|(k, b)| {
            Bar::new(-(k as f64), b.1)
                .width(0.7)
                .name(&b.0)
                .fill(if b.1 >= 0.0 { HELPS } else { HURTS })
        })
        .partition(|b| b.value >= 0.0);
    let n = bars.len();
    let extent = bars
        .iter()
        .map(|b| b.1.abs())
        .fold(0.0, f64::max)
        .max(least);
    // Every term's name on the vertical axis, and numbers on the horizontal one however
    // narrow the chart: label spacings smaller than egui_plot's defaults.
    let y_axis = AxisHints::new_y()
        .label_spacing(10.0..=14.0)
        .min_thickness(names_width)
        .formatter(move |mark, _| {
            let k = -mark.value.round();
            if (0.0..names.len() as f64).contains(&k) {
                names[k as usize].clone()
            } else {
                String::new()
            }
        });
    // Numbered steps of 1, 2 or 5 × 10ⁿ that stay apart over the chart's width (egui_plot's
    // own powers of ten number only the 0 of a chart from −7 to +7).
    let width = ui.available_width().max(160.0);
    let across = width - 70.0;
    let step = axes::value_step_across((-1.05 * extent, 1.05 * extent), across);
    let x_axis = axes::across_axis(axis, step, across);
    let frame = ui.painter().add(egui::Shape::Noop);
    let y_marks: Vec<GridMark> = (0..n)
        .map(|k| GridMark {
            value: -(k as f64),
            step_size: 1.0,
        })
        .collect();
    let plot = Plot::new(id)
        .show_background(false)
        .height(ui.available_height().max(120.0))
        .width(width)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_x(-extent * 1.05)
        .include_x(extent * 1.05)
        .grid_spacing(8.0..=40.0)
        .x_grid_spacer(move |input| axes::value_marks(input.bounds, step))
        .custom_x_axes(vec![x_axis])
        .custom_y_axes(vec![y_axis])
        .y_grid_spacer(move |_| y_marks.clone())
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("helps", helps).horizontal().color(HELPS));
            plot.bar_chart(BarChart::new("hurts", hurts).horizontal().color(HURTS));
        });
    // egui_plot's frame without its darker background: the chart lies on the panel's colour,
    // which the window is cleared to anyway (a filled background costs the software renderer
    // its whole area on every frame), under the plot.
    let edge = ui.visuals().widgets.noninteractive.bg_stroke;
    let rect = plot.response.rect;
    ui.painter().set(
        frame,
        egui::Shape::rect_stroke(rect, 0.0, edge, egui::StrokeKind::Inside),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_lists_terms_by_the_size_of_their_difference() {
        let mut values = [0.0; TERMS.len()];
        values[..11].copy_from_slice(&[0.3, -7.05, 0.0, 1.2, -0.3, 0.01, 0.0, 0.0, 0.0, 0.0, -2.0]);
        values[Term::Prime.index()] = 9.0;
        let bars = sorted_bars(&values, TermSet::SEED);
        let terms: Vec<usize> = bars.iter().map(|b| b.0).collect();
        assert_eq!(terms[..6], [1, 10, 3, 0, 4, 5]);
        assert!(bars.windows(2).all(|w| w[0].1.abs() >= w[1].1.abs()));
        assert_eq!(bars.len(), 11, "only the terms on");
        assert_eq!(bars[0], (1, -7.05));
        let bars = sorted_bars(&values, TermSet::SEED.with(Term::Prime));
        assert_eq!(bars.len(), 12);
        assert_eq!(bars[0], (Term::Prime.index(), 9.0));
    }
}
