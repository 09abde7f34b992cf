//! The weight editor: a slider and a number field per term. Every change goes through
//! [`WeightsAction::Set`], and the candidates are re-ranked before the next panel is drawn.

use super::WeightsAction;
use crate::app::state::{Action, AppState};
use bgw_engine::classic::{TERMS, Weights};

/// The slider's range (logarithmic both ways from zero, so weights of 0.001 and of 5 can both
/// be set); the number field takes any value.
pub const SLIDER_RANGE: std::ops::RangeInclusive<f64> = -10.0..=10.0;

/// Draws the weight editor.
pub fn show(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        ui.strong(format!("Weights: {}", state.weights.title()));
        if state.weights.dirty() {
            ui.colored_label(ui.visuals().warn_fg_color, "unsaved changes");
        }
        ui.separator();
        if ui
            .add_enabled(state.weights.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Undo the last weight change")
            .clicked()
        {
            out.push(WeightsAction::Undo.into());
        }
        if ui
            .button("Reset")
            .on_hover_text("The shipped default weights")
            .clicked()
        {
            out.push(WeightsAction::Reset.into());
        }
        if ui.button("Load…").clicked() {
            out.push(WeightsAction::Open.into());
        }
        if ui.button("Save").clicked() {
            out.push(WeightsAction::Save.into());
        }
        if ui.button("Save as…").clicked() {
            out.push(WeightsAction::SaveAs.into());
        }
    });
    out.extend(crate::app::duel::show(ui, state));
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
                        let mut v = state.weights.current.get(t);
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
                        if v != state.weights.current.get(t) {
                            // One undo step per drag.
                            let continuing = |r: &egui::Response| r.dragged() && !r.drag_started();
                            let gesture = !continuing(&slider) && !continuing(&field);
                            out.push(
                                WeightsAction::Set {
                                    term: t,
                                    value: v,
                                    gesture,
                                }
                                .into(),
                            );
                        }
                    }
                });
        });
    out
}

/// The question asked before unsaved weight changes are lost.
pub fn confirm(ctx: &egui::Context, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    if state.weights.confirm_discard.is_none() {
        return out;
    }
    egui::Modal::new(egui::Id::unique("confirm-discard")).show(ctx, |ui| {
        ui.heading("Unsaved weight changes");
        ui.label(format!(
            "The weights ({}) have changes that are not saved. Discard them?",
            state.weights.title()
        ));
        ui.horizontal(|ui| {
            if ui.button("Discard changes").clicked() {
                out.push(WeightsAction::ConfirmDiscard(true).into());
            }
            if ui.button("Keep editing").clicked() {
                out.push(WeightsAction::ConfirmDiscard(false).into());
            }
        });
    });
    out
}
