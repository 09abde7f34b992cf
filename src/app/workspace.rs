//! The workspaces: the backgammon board ([`super::backgammon`]) and «Чемпион»
//! ([`super::champion_panel::workspace`]), each behind [`Workspace`] (the egui demo's `DemoApp`
//! is the model); [`Anchor`] names the open one. The menus, the keys and undo/redo ask the open
//! workspace instead of testing which tab is open.

use super::commands::Command;
use super::files::FileDialogs;
use super::settings::Tab;
use super::state::{Action, AppState};

/// Which workspace is open.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Anchor {
    /// The backgammon board with its panels and the lower area's tabs.
    Backgammon,
    /// «Чемпион» (seed 002), taking the whole window under the menus.
    Champion,
}

impl Anchor {
    /// The workspace of the open tab.
    pub fn of(tab: Tab) -> Anchor {
        match tab {
            Tab::Champion => Anchor::Champion,
            _ => Anchor::Backgammon,
        }
    }
}

/// A workspace: what it draws, what undo and redo mean in it, which commands it offers.
pub trait Workspace {
    /// Draws the workspace's toolbar rows under the menus; returns the person's actions.
    fn toolbar(&mut self, _ui: &mut egui::Ui, _state: &AppState) -> Vec<Action> {
        Vec::new()
    }

    /// Draws the workspace (the rest of the window), applying what each panel returns before
    /// the next one is drawn.
    fn show(&mut self, ui: &mut egui::Ui, apply: &mut Apply<'_>);

    /// The action that undoes the last step here.
    fn undo(&self) -> Action;

    /// The action that redoes the last undone step here.
    fn redo(&self) -> Action;

    /// True when there is something to undo here.
    fn can_undo(&self, state: &AppState) -> bool;

    /// True when there is something to redo here.
    fn can_redo(&self, state: &AppState) -> bool;

    /// True when the command's shortcut works here (the menus list every command).
    fn offers(&self, command: Command) -> bool;

    /// What pasted text means here, if anything.
    fn paste(&self, _text: String) -> Option<Action> {
        None
    }
}

/// The state with the file dialogs, for a workspace that applies its panels' actions.
pub struct Apply<'a> {
    /// The app's state.
    pub state: &'a mut AppState,
    /// Where file dialogs come from.
    pub dialogs: &'a mut dyn FileDialogs,
}

impl Apply<'_> {
    /// Applies `actions` in order, sends text waiting for the clipboard, and asks for another
    /// frame so that the panels drawn before catch up.
    pub fn all(&mut self, ui: &egui::Ui, actions: Vec<Action>) {
        if actions.is_empty() {
            return;
        }
        for a in actions {
            self.dialogs.asking_for(self.state.replay_of(&a));
            self.state.apply(a, self.dialogs);
        }
        self.after(ui);
    }

    /// Draws the file dialog drawn in the window, if one is open; reports what the dialogs
    /// did and applies again the action whose dialog has answered.
    pub fn dialogs(&mut self, ui: &egui::Ui) {
        let news = self.dialogs.show(ui.ctx());
        for m in news.messages {
            match m.error {
                true => self.state.messages.error(m.text),
                false => self.state.messages.info(m.text),
            }
        }
        if let Some(replay) = news.replay {
            // Not `asking_for`: that would forget the answer the replay is to find.
            self.state.replay(replay, self.dialogs);
            self.after(ui);
        }
    }

    /// Sends text waiting for the clipboard and asks for another frame.
    fn after(&mut self, ui: &egui::Ui) {
        if let Some(text) = self.state.clipboard_out.take() {
            ui.ctx().copy_text(text);
        }
        ui.ctx().request_repaint();
    }
}
