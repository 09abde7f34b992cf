//! Each tab of the backgammon workspace drawn by its feature, from the feature's own state
//! and what the coordinator gives it: the board, the weights, and what a rule across features
//! derives (the drill's answer on the board, whether gnubg's verdicts are hidden, the race's
//! judges). The tab table (`tabs::TABS`) names these; the tabs read no feature's state.

use super::{Action, AppState};
use crate::app::roll_grid::RollGridCache;

/// The display state the tabs keep between frames (not the features' state).
#[derive(Default)]
pub struct TabsUi {
    /// The move being typed in the Play tab.
    pub typed_move: String,
    /// The roll grid's rankings, kept while the position and weights stay.
    pub roll_grid: RollGridCache,
}

/// Draws a tab's content; returns the person's actions.
pub type Draw = fn(&mut egui::Ui, &AppState, &mut TabsUi) -> Vec<Action>;

fn all<A: Into<Action>>(actions: Vec<A>) -> Vec<Action> {
    actions.into_iter().map(Into::into).collect()
}

/// The weight editor with the duel's line at its top: the one tab two features draw, side by
/// side, each from its own state.
pub fn weights(ui: &mut egui::Ui, s: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let mut duel = Vec::new();
    let (current, saved) = (&s.weights.current, &s.weights.saved);
    let weights = crate::app::weights::panel::tab(ui, &s.weights, |ui| {
        duel = crate::app::duel::show(ui, &s.duel, current, saved);
    });
    let mut out = all(weights);
    out.extend(all(duel));
    out
}

/// The Play tab.
pub fn play(ui: &mut egui::Ui, s: &AppState, tabs: &mut TabsUi) -> Vec<Action> {
    let typed = &mut tabs.typed_move;
    all(crate::app::play::panel::tab(
        ui,
        &s.play,
        &s.editing.edit,
        typed,
    ))
}

/// The Match tab.
pub fn match_review(ui: &mut egui::Ui, s: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let weights = &s.weights.current;
    all(crate::app::match_review::panel::show(
        ui,
        &s.match_review,
        weights,
    ))
}

/// The Archive tab, with the drill's answer read from the board.
pub fn archive(ui: &mut egui::Ui, s: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let inputs = s.drill_inputs();
    all(crate::app::archive::panel::show(ui, &s.archive, &inputs))
}

/// The Bear-off tab, its best play hidden while a drill card waits for it.
pub fn bearoff(ui: &mut egui::Ui, s: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let hidden = s.candidates.hidden_words();
    all(crate::app::bearoff::tab(
        ui,
        &s.bearoff,
        &s.editing.edit,
        hidden,
    ))
}

/// The Race tab, with gnubg's verdicts on the cube the candidates hold.
pub fn race(ui: &mut egui::Ui, s: &AppState, _: &mut TabsUi) -> Vec<Action> {
    crate::app::bearoff::race_tab(ui, &s.editing.edit, &s.race_judges());
    Vec::new()
}

/// The Rolls tab.
pub fn rolls(ui: &mut egui::Ui, s: &AppState, tabs: &mut TabsUi) -> Vec<Action> {
    let (edit, weights) = (&s.editing.edit, s.weights.current);
    all(crate::app::roll_grid::tab(
        ui,
        edit,
        weights,
        &mut tabs.roll_grid,
    ))
}

/// The Log tab.
pub fn log(ui: &mut egui::Ui, s: &AppState, _: &mut TabsUi) -> Vec<Action> {
    crate::app::messages::log_tab(ui, &s.messages);
    Vec::new()
}
