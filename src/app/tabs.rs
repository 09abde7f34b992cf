//! The lower area: one tab per tool (weights, bear-off, race, play, «Чемпион», log).

use super::state::{Action, AppState, Tab};

/// Draws the tab strip and the open tab.
pub fn show(ui: &mut egui::Ui, state: &AppState, typed_move: &mut String) -> Vec<Action> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        for (tab, name) in [
            (Tab::Weights, "Weights"),
            (Tab::Bearoff, "Bear-off"),
            (Tab::Race, "Race"),
            (Tab::Play, "Play"),
            (Tab::Champion, "Чемпион"),
            (Tab::Log, "Log"),
        ] {
            if ui
                .selectable_label(state.settings.tab == tab, name)
                .clicked()
            {
                out.push(Action::SetTab(tab));
            }
        }
    });
    ui.separator();
    match state.settings.tab {
        Tab::Weights => out.extend(super::weights::show(ui, state)),
        Tab::Play => out.extend(super::play::show(ui, state, typed_move)),
        Tab::Bearoff => out.extend(super::bearoff_panel::show(ui, state)),
        Tab::Race => super::bearoff_panel::race(ui, state),
        Tab::Champion => out.extend(
            super::champion_panel::show(ui, &state.champion)
                .into_iter()
                .map(Action::Champion),
        ),
        Tab::Log => {
            egui::ScrollArea::vertical()
                .id_salt("log-scroll")
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for line in &state.log {
                        ui.monospace(line);
                    }
                });
        }
    }
    out
}
