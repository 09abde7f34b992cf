//! The workspaces: the backgammon board ([`super::backgammon`]) and «Чемпион»
//! ([`super::champion_workspace`]), each behind [`Workspace`] (the egui demo's `DemoApp`
//! is the model); [`Anchor`] names the open one. The menus, the keys and undo/redo ask the open
//! workspace instead of testing which tab is open.

use super::commands::CommandScope;
use super::coordinator::{Action, AppState};
use super::shell::Shell;

/// Which workspace is open.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Anchor {
    /// The backgammon board with its panels and the lower area's tabs.
    Backgammon,
    /// «Чемпион» (seed 002), taking the whole window under the menus.
    Champion,
}

/// A workspace: what it draws, and (as a [`CommandScope`]) what undo and redo mean in it and
/// which commands it offers.
pub trait Workspace: CommandScope {
    /// Draws the workspace's toolbar rows under the menus; returns the person's actions.
    fn toolbar(&mut self, _ui: &mut egui::Ui, _state: &AppState) -> Vec<Action> {
        Vec::new()
    }

    /// Draws the workspace (the rest of the window), applying what each panel returns before
    /// the next one is drawn.
    fn show(&mut self, ui: &mut egui::Ui, apply: &mut Apply<'_>);

    /// What pasted text means here, if anything.
    fn paste(&self, _text: String) -> Option<Action> {
        None
    }
}

/// The state with the shell, for a workspace that applies its panels' actions.
pub struct Apply<'a> {
    /// The app's state.
    pub state: &'a mut AppState,
    /// Where effects are carried out.
    pub shell: &'a mut Shell,
}

impl Apply<'_> {
    /// Applies `actions` in order with their effects, sends text waiting for the clipboard,
    /// and asks for another frame so that the panels drawn before catch up.
    pub fn all<A: Into<Action>>(&mut self, ui: &egui::Ui, actions: Vec<A>) {
        if actions.is_empty() {
            return;
        }
        for a in actions {
            self.shell.act(self.state, a.into());
        }
        self.shell.flush(ui.ctx());
        ui.ctx().request_repaint();
    }
}
