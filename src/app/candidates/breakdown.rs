//! The term breakdown of one candidate: each term's seed name and label, both sides' feature
//! values, the weight, the addend (weight × own value) and its difference to the best move's
//! addend — as a table and as a bar chart, so "why is this move second?" reads at a glance.

use crate::app::state::{Action, AppState};
use bgw_engine::classic::TERMS;
use egui_plot::{Bar, BarChart, GridMark, Plot};

/// Draws the breakdown of the selected (or hovered, or best) candidate.
pub fn show(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let Some(a) = state
        .candidates
        .analysis
        .as_ref()
        .filter(|a| !a.candidates.is_empty())
    else {
        ui.strong("Term breakdown");
        ui.label(
            "With a legal board and the dice set, this shows for the selected candidate each \
             term's value for both sides, its weight and addend, and how far the addend is \
             from the best move's: why a move ranks where it does.",
        );
        return Vec::new();
    };
    let i = state.candidates.shown().unwrap_or(0);
    let c = &a.candidates[i];
    let best = &a.candidates[0];
    if i == 0 {
        ui.strong(format!("Why #1 ({}) ranks first", c.play.mv.notation()));
    } else {
        ui.strong(format!(
            "Why #{} ({}) ranks below #1 ({}): Δ {:+.2}",
            i + 1,
            c.play.mv.notation(),
            best.play.mv.notation(),
            c.delta
        ));
    }
    let deltas: Vec<f64> = (0..TERMS.len())
        .map(|t| c.addends[t] - best.addends[t])
        .collect();
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            egui::Grid::new("breakdown-grid")
                .striped(true)
                .num_columns(7)
                .show(ui, |ui| {
                    for h in ["term", "", "own", "opp", "weight", "addend", "Δ vs #1"] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for (t, info) in TERMS.iter().enumerate() {
                        ui.monospace(info.seed_name).on_hover_text(info.description);
                        ui.label(info.label);
                        ui.monospace(c.features.own[t].to_string());
                        ui.monospace(c.features.opp[t].to_string());
                        ui.monospace(format!("{:+.4}", state.weights.current.0[t]));
                        ui.monospace(format!("{:+.2}", c.addends[t]));
                        let d = deltas[t];
                        let colour = if d > 1e-9 {
                            egui::Color32::from_rgb(80, 180, 90)
                        } else if d < -1e-9 {
                            egui::Color32::from_rgb(220, 80, 70)
                        } else {
                            ui.visuals().weak_text_color()
                        };
                        ui.colored_label(
                            colour,
                            egui::RichText::new(format!("{d:+.2}")).monospace(),
                        );
                        ui.end_row();
                    }
                    ui.strong("BRDVAL");
                    ui.label("sum");
                    ui.label("");
                    ui.label("");
                    ui.label("");
                    ui.monospace(format!("{:+.2}", c.value));
                    ui.monospace(format!("{:+.2}", c.delta));
                    ui.end_row();
                });
        });
        let bar = |t: usize, v: f64| Bar::new(-(t as f64), v).name(TERMS[t].seed_name);
        let delta_bars: Vec<Bar> = deltas
            .iter()
            .enumerate()
            .map(|(t, &d)| {
                let colour = if d >= 0.0 {
                    egui::Color32::from_rgb(80, 180, 90)
                } else {
                    egui::Color32::from_rgb(220, 80, 70)
                };
                bar(t, d).width(0.45).fill(colour)
            })
            .collect();
        let addend_bars: Vec<Bar> = (0..TERMS.len())
            .map(|t| bar(t, c.addends[t]).width(0.8))
            .collect();
        Plot::new("breakdown-plot")
            .height(ui.available_height().max(120.0))
            .width(ui.available_width().max(160.0))
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .legend(egui_plot::Legend::default().position(egui_plot::Corner::LeftTop))
            .x_axis_label("addend (weight × own value)")
            .y_grid_spacer(|_| {
                (0..TERMS.len())
                    .map(|t| GridMark {
                        value: -(t as f64),
                        step_size: 1.0,
                    })
                    .collect()
            })
            .y_axis_formatter(|mark, _| {
                let t = -mark.value.round();
                if (0.0..TERMS.len() as f64).contains(&t) {
                    TERMS[t as usize].seed_name.to_string()
                } else {
                    String::new()
                }
            })
            .show(ui, |plot| {
                plot.bar_chart(
                    BarChart::new("addend", addend_bars)
                        .horizontal()
                        .color(egui::Color32::from_rgb(90, 140, 220)),
                );
                plot.bar_chart(BarChart::new("Δ vs #1", delta_bars).horizontal());
            });
    });
    Vec::new()
}
