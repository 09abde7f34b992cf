//! The backgammon workspace: the editing toolbar, the board, the candidates, the lower area's
//! tabs with the term breakdown, the status line.

use super::board::{self, BoardUi};
use super::commands::Command;
use super::editing::EditAction;
use super::look::unfilled;
use super::settings::Tab;
use super::state::{Action, AppState};
use super::toolbar::ToolbarUi;
use super::workspace::{Apply, Workspace};
use super::{candidates, status, tabs, weights};

/// The backgammon workspace's own display state: the board's drag, the ID field, the typed
/// move.
#[derive(Default)]
pub struct BackgammonWorkspace {
    board: BoardUi,
    toolbar: ToolbarUi,
    typed_move: String,
}

impl BackgammonWorkspace {
    /// The board's geometry as last drawn (tests click at its points).
    pub fn board_geometry(&self) -> Option<board::Geometry> {
        self.board.geometry()
    }
}

impl Workspace for BackgammonWorkspace {
    fn toolbar(&mut self, ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
        // The toolbar's commands ask this workspace what they mean.
        let mut toolbar = std::mem::take(&mut self.toolbar);
        let out = toolbar.show(ui, state, self);
        self.toolbar = toolbar;
        out
    }

    fn show(&mut self, ui: &mut egui::Ui, apply: &mut Apply<'_>) {
        let actions = egui::Panel::bottom("status")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .show(ui, |ui| status::show(ui, apply.state))
            .inner;
        apply.all(ui, actions);

        let actions = weights::panel::confirm(ui.ctx(), apply.state);
        apply.all(ui, actions);

        // The lower area first: a weight change re-ranks before the candidates are drawn.
        let actions = egui::Panel::bottom("tabs")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .resizable(true)
            .default_size(330.0)
            .min_size(310.0)
            .show(ui, |ui| {
                let state = &*apply.state;
                // Beside the weights (and a game), the term breakdown; the other tabs need the
                // whole width.
                let mut out = if matches!(state.settings.tab, Tab::Weights | Tab::Play) {
                    egui::Panel::right("breakdown")
                        .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
                        .resizable(true)
                        .default_size(880.0)
                        .min_size(700.0)
                        .show(ui, |ui| candidates::breakdown::show(ui, state))
                        .inner
                } else {
                    Vec::new()
                };
                out.extend(tabs::show(ui, state, &mut self.typed_move));
                out
            })
            .inner;
        apply.all(ui, actions);

        let actions = egui::Panel::right("candidates")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .resizable(true)
            .default_size(540.0)
            .min_size(520.0)
            .show(ui, |ui| candidates::table::show(ui, apply.state))
            .inner;
        apply.all(ui, actions);

        let actions = egui::CentralPanel::default()
            .frame(unfilled(egui::Frame::central_panel(ui.style())))
            .show(ui, |ui| self.board.show(ui, apply.state))
            .inner;
        apply.all(ui, actions);
    }

    fn undo(&self) -> Action {
        EditAction::Undo.into()
    }

    fn redo(&self) -> Action {
        EditAction::Redo.into()
    }

    fn can_undo(&self, state: &AppState) -> bool {
        state.editing.can_undo()
    }

    fn can_redo(&self, state: &AppState) -> bool {
        state.editing.can_redo()
    }

    fn offers(&self, _command: Command) -> bool {
        true
    }

    fn paste(&self, text: String) -> Option<Action> {
        Some(EditAction::Paste(text).into())
    }
}
