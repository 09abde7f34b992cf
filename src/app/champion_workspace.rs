//! The «Чемпион» workspace behind [`Workspace`]: the tab strip and the workspace's panels over
//! the whole window under the menus; undo and redo are its game's.

use super::champion_panel::board::BoardGeometry;
use super::champion_panel::{self, ChampionAction};
use super::commands::{Command, CommandScope};
use super::coordinator::{Action, AppState};
use super::look::unfilled;
use super::tabs;
use super::workspace::{Apply, Workspace};

/// The workspace's own display state: where the board was last drawn.
#[derive(Default)]
pub struct ChampionWorkspace {
    geometry: Option<BoardGeometry>,
}

impl ChampionWorkspace {
    /// The centre of a square as last drawn (tests click there).
    pub fn square_centre(&self, sq: u8) -> Option<egui::Pos2> {
        Some(self.geometry?.centre(sq))
    }
}

impl Workspace for ChampionWorkspace {
    fn show(&mut self, ui: &mut egui::Ui, apply: &mut Apply<'_>) {
        let actions = egui::CentralPanel::default()
            .frame(unfilled(egui::Frame::central_panel(ui.style())))
            .show(ui, |ui| {
                let mut out = tabs::strip(ui, apply.state.settings.tab);
                ui.separator();
                let champion = champion_panel::show(ui, &apply.state.champion, &mut self.geometry);
                out.extend(champion.into_iter().map(Action::Champion));
                out
            })
            .inner;
        apply.all(ui, actions);
    }
}

impl CommandScope for ChampionWorkspace {
    fn undo(&self) -> Action {
        ChampionAction::Undo.into()
    }

    fn redo(&self) -> Action {
        ChampionAction::Redo.into()
    }

    fn can_undo(&self, state: &AppState) -> bool {
        state.champion.game.can_undo()
    }

    fn can_redo(&self, state: &AppState) -> bool {
        state.champion.game.can_redo()
    }

    /// The backgammon board is hidden here: its keys are left alone.
    fn offers(&self, command: Command) -> bool {
        matches!(
            command,
            Command::Undo
                | Command::Redo
                | Command::Open
                | Command::SavePosition
                | Command::OpenWeights
                | Command::SaveWeights
                | Command::KeyboardHelp
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ViewAction;
    use crate::app::editing::EditAction;
    use crate::app::settings::Tab;

    #[test]
    fn in_the_champion_workspace_undo_is_its_game() {
        let ws = ChampionWorkspace::default();
        let mut s = AppState::default();
        s.act(EditAction::SetDie(0, 5));
        s.act(ViewAction::SetTab(Tab::Champion));
        let start = s.champion.position();
        s.act(ChampionAction::Click(19));
        s.act(ChampionAction::Click(28));
        assert_ne!(
            s.champion.position(),
            start,
            "wolf 1 moved and the goat answered"
        );
        assert!(ws.can_undo(&s));
        // The Edit menu's Undo (as Ctrl+Z) takes back the wolf move, not the die.
        s.act(ws.undo());
        assert_eq!(s.champion.position(), start);
        assert_eq!(s.editing.edit.dice, [5, 0]);
        assert!(ws.can_redo(&s));
        s.act(ws.redo());
        assert_ne!(s.champion.position(), start);
    }
}
