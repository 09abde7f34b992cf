//! The lower area: one tab per tool (weights, bear-off, race, play, «Чемпион», log).

use super::backgammon::scrolled;
use super::coordinator::{Action, AppState};
use super::roll_grid::RollGridCache;
use super::settings::Tab;
use super::view::ViewAction;

/// Draws the tab strip and the open tab of the backgammon workspace.
pub fn show(
    ui: &mut egui::Ui,
    state: &AppState,
    typed_move: &mut String,
    roll_grid: &mut RollGridCache,
) -> Vec<Action> {
    let mut out = strip(ui, state);
    ui.separator();
    match state.settings.tab {
        Tab::Weights => scrolled(ui, "weights-tab", |ui| {
            let mut duel = Vec::new();
            let weights = super::weights::panel::show(ui, &state.weights, |ui| {
                duel = super::duel::show(ui, &state.duel);
            });
            out.extend(weights.into_iter().map(Action::from));
            out.extend(duel.into_iter().map(Action::from));
        }),
        Tab::Play => {
            let view = super::play::panel::PlayView {
                game: state.play.as_ref(),
                learning: state.settings.learning,
                eta: state.settings.eta,
                edit: &state.editing.edit,
            };
            let play = scrolled(ui, "play-tab", |ui| {
                super::play::panel::show(ui, &view, typed_move)
            });
            out.extend(play.into_iter().map(Action::from));
        }
        Tab::Bearoff => {
            let edit = &state.editing.edit;
            let bearoff = super::bearoff::show(ui, &state.bearoff, state.settings.bearoff, edit);
            out.extend(bearoff.into_iter().map(Action::from));
        }
        Tab::Race => scrolled(ui, "race-tab", |ui| {
            super::bearoff::race(ui, &state.editing.edit)
        }),
        Tab::Rolls => {
            let (edit, weights) = (&state.editing.edit, state.weights.current);
            let rolls = scrolled(ui, "rolls-tab", |ui| {
                super::roll_grid::show(ui, edit, weights, roll_grid)
            });
            out.extend(rolls.into_iter().map(Action::from));
        }
        // A workspace of its own (`champion_panel::workspace`), drawn instead of this one.
        Tab::Champion => {}
        Tab::Log => {
            egui::ScrollArea::vertical()
                .id_salt("log-scroll")
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for line in &state.messages.log {
                        ui.monospace(line);
                    }
                });
        }
    }
    out
}

/// The tab strip (shown in both workspaces: the «Чемпион» tab opens its own).
pub fn strip(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        for (tab, name) in [
            (Tab::Weights, "Weights"),
            (Tab::Bearoff, "Bear-off"),
            (Tab::Race, "Race"),
            (Tab::Rolls, "Rolls"),
            (Tab::Play, "Play"),
            (Tab::Champion, "Чемпион"),
            (Tab::Log, "Log"),
        ] {
            if ui
                .selectable_label(state.settings.tab == tab, name)
                .clicked()
            {
                out.push(ViewAction::SetTab(tab).into());
            }
        }
    });
    out
}
