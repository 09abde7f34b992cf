//! The menu bar: File, Edit, View, Help — each entry a [`Command`] of the command table, its
//! shortcut shown as the platform writes it; Undo and Redo enabled by the open workspace.

use super::commands::{self, Command};
use super::editing::EditAction;
use super::editing::examples::{self, Example};
use super::state::{Action, AppState};
use super::workspace::Workspace;

/// Draws the menu bar; returns what was asked.
pub fn show(ui: &mut egui::Ui, state: &AppState, workspace: &dyn Workspace) -> Vec<Action> {
    let mut out = Vec::new();
    let entries = |ui: &mut egui::Ui, commands: &[Command], out: &mut Vec<Action>| {
        commands::draw(ui, commands, true, state, workspace, out);
    };
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            entries(
                ui,
                &[Command::OpenPosition, Command::SavePosition],
                &mut out,
            );
            ui.menu_button("Examples", |ui| examples_menu(ui, &mut out));
            ui.separator();
            entries(ui, &[Command::OpenWeights, Command::SaveWeights], &mut out);
        });
        ui.menu_button("Edit", |ui| {
            entries(ui, &[Command::Undo, Command::Redo], &mut out);
            ui.separator();
            entries(
                ui,
                &[
                    Command::CopyPositionId,
                    Command::CopyPositionMatchId,
                    Command::CopyXgid,
                ],
                &mut out,
            );
        });
        ui.menu_button("View", |ui| {
            entries(ui, &[Command::FlipBoard], &mut out);
            let mut dark = state.settings.dark;
            let theme = Command::DarkTheme;
            if ui
                .checkbox(&mut dark, theme.text())
                .on_hover_text(theme.tooltip())
                .changed()
                && let Some(a) = theme.action(state, workspace)
            {
                out.push(a);
            }
        });
        ui.menu_button("Help", |ui| {
            ui.label(HELP);
        });
    });
    out
}

/// The built-in examples and those of the working folder's `positions/`.
fn examples_menu(ui: &mut egui::Ui, out: &mut Vec<Action>) {
    for example in examples::examples() {
        if ui.button(example.name()).clicked() {
            out.push(
                match example {
                    Example::Embedded(name) => EditAction::LoadExample(name),
                    Example::File(path) => EditAction::LoadPosition(path),
                }
                .into(),
            );
        }
    }
}

const HELP: &str = "\
Board: left click adds a checker of the chosen colour, right click removes one;
drag a checker (or Shift+click it, then Shift+click the target) to move it, to the bar
or to a tray; click a die to change it (right click: lower), R rolls.
Ctrl+Z / Ctrl+Y undo and redo, Ctrl+V pastes an ID anywhere, Ctrl+C copies it;
Ctrl+O / Ctrl+S open and save a position, Ctrl+Shift+O / Ctrl+Shift+S the weights.
Candidates: Up/Down select, Enter or a double click plays.";
