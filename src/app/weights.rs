//! The weight editor: a slider and a number field per term. Every change goes through
//! [`Action::SetWeight`], and the candidates are re-ranked before the next panel is drawn.

use super::state::{Action, AppState};
use bgw_engine::classic::{TERMS, Weights};

/// The slider's range (logarithmic both ways from zero, so weights of 0.001 and of 5 can both
/// be set); the number field takes any value.
pub const SLIDER_RANGE: std::ops::RangeInclusive<f64> = -10.0..=10.0;

/// Draws the weight editor.
pub fn show(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        ui.strong(format!("Weights: {}", state.weights_title()));
        if state.weights_dirty() {
            ui.colored_label(ui.visuals().warn_fg_color, "unsaved changes");
        }
        ui.separator();
        if ui
            .add_enabled(state.can_undo_weights(), egui::Button::new("Undo"))
            .on_hover_text("Undo the last weight change")
            .clicked()
        {
            out.push(Action::UndoWeights);
        }
        if ui
            .button("Reset")
            .on_hover_text("The shipped default weights")
            .clicked()
        {
            out.push(Action::ResetWeights);
        }
        if ui.button("Load…").clicked() {
            out.push(Action::OpenWeights);
        }
        if ui.button("Save").clicked() {
            out.push(Action::SaveWeights);
        }
        if ui.button("Save as…").clicked() {
            out.push(Action::SaveWeightsAs);
        }
    });
    out.extend(super::duel_panel::show(ui, state));
    let defaults = Weights::builtin_default();
    ui.spacing_mut().slider_width = 240.0;
    egui::ScrollArea::vertical()
        .id_salt("weights-scroll")
        .show(ui, |ui| {
            egui::Grid::new("weights-grid")
                .num_columns(5)
                .striped(true)
                .show(ui, |ui| {
                    for info in &TERMS {
                        let t = info.term;
                        let mut v = state.weights.get(t);
                        let name = ui.monospace(info.seed_name).on_hover_text(info.description);
                        ui.label(info.label);
                        let slider = ui.add(
                            egui::Slider::new(&mut v, SLIDER_RANGE)
                                .logarithmic(true)
                                .smallest_positive(1e-4)
                                .show_value(false)
                                .clamping(egui::SliderClamping::Never),
                        );
                        let slider = slider
                            .labelled_by(name.id)
                            .on_hover_text(format!("{} weight", info.seed_name));
                        let field = ui
                            .add(
                                egui::DragValue::new(&mut v)
                                    .speed(0.01)
                                    .max_decimals(6)
                                    .min_decimals(2),
                            )
                            .labelled_by(name.id);
                        ui.weak(format!("default {:+.4}", defaults.get(t)));
                        ui.end_row();
                        if v != state.weights.get(t) {
                            // One undo step per drag.
                            let continuing = |r: &egui::Response| r.dragged() && !r.drag_started();
                            let gesture = !continuing(&slider) && !continuing(&field);
                            out.push(Action::SetWeight {
                                term: t,
                                value: v,
                                gesture,
                            });
                        }
                    }
                });
        });
    out
}

/// The question asked before unsaved weight changes are lost.
pub fn confirm(ctx: &egui::Context, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    if state.confirm_discard.is_none() {
        return out;
    }
    egui::Modal::new(egui::Id::unique("confirm-discard")).show(ctx, |ui| {
        ui.heading("Unsaved weight changes");
        ui.label(format!(
            "The weights ({}) have changes that are not saved. Discard them?",
            state.weights_title()
        ));
        ui.horizontal(|ui| {
            if ui.button("Discard changes").clicked() {
                out.push(Action::ConfirmDiscard(true));
            }
            if ui.button("Keep editing").clicked() {
                out.push(Action::ConfirmDiscard(false));
            }
        });
    });
    out
}
