//! The menu bar: File, Edit, View, Help — each entry a [`Command`] of the command table, its
//! shortcut shown as the platform writes it; Undo and Redo enabled by the open workspace.

use super::commands::{self, Command, CommandScope};
use super::coordinator::{Action, AppState};
use super::editing::EditAction;
use super::editing::examples::{self, Example};
use super::settings::Theme;
use super::view::ViewAction;
use bgw_engine::reference::Reference;

/// Draws the menu bar; returns what was asked.
pub fn show(ui: &mut egui::Ui, state: &AppState, workspace: &dyn CommandScope) -> Vec<Action> {
    let mut out = Vec::new();
    let entries = |ui: &mut egui::Ui, commands: &[Command], out: &mut Vec<Action>| {
        commands::draw(ui, commands, true, state, workspace, out);
    };
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            entries(ui, &[Command::Open, Command::SavePosition], &mut out);
            ui.menu_button("Examples", |ui| examples_menu(ui, &mut out));
            ui.separator();
            entries(ui, &[Command::ExportMatch, Command::ExportGame], &mut out);
            ui.separator();
            entries(ui, &[Command::OpenWeights, Command::SaveWeights], &mut out);
            ui.separator();
            entries(
                ui,
                &[
                    Command::ExportBoard,
                    Command::ExportBoardPrint,
                    Command::ExportAnalysis,
                ],
                &mut out,
            );
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
                    Command::CopyAnalysis,
                ],
                &mut out,
            );
        });
        ui.menu_button("View", |ui| {
            entries(ui, &[Command::FlipBoard], &mut out);
            ui.separator();
            ui.label("Theme");
            let now = state.settings.theme;
            for (theme, c) in THEMES {
                if ui
                    .radio(now == theme, c.text())
                    .on_hover_text(c.tooltip())
                    .clicked()
                    && let Some(a) = c.action(state, workspace)
                {
                    out.push(a);
                }
            }
            ui.separator();
            ui.label("Judge");
            let now = state.settings.judge;
            for (judge, c) in JUDGES {
                if ui
                    .radio(now == judge, c.text())
                    .on_hover_text(c.tooltip())
                    .clicked()
                    && let Some(a) = c.action(state, workspace)
                {
                    out.push(a);
                }
            }
            ui.separator();
            software_rendering(ui, state, &mut out);
            ui.separator();
            entries(ui, &[Command::ResetLayout], &mut out);
        });
        ui.menu_button("Help", |ui| {
            entries(ui, &[Command::KeyboardHelp, Command::About], &mut out);
        });
    });
    out
}

/// The View menu's checkbox for the speed-ups for software rendering: ticked and greyed
/// when the renderer is a software one (they are on anyway), else the settings' choice.
fn software_rendering(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Action>) {
    let found = super::software_rendering::software_renderer(ui.ctx());
    let mut on = found.is_some() || state.settings.software_rendering;
    let hint = match &found {
        Some(r) => format!("On: the window is drawn without a GPU ({r})."),
        None => "Texts, the board and its checkers drawn from images, lines as flat \
                 rectangles: faster for a window drawn without a GPU (Mesa's llvmpipe); with \
                 a GPU it buys nothing. On by itself under a software renderer."
            .to_string(),
    };
    let response = ui
        .add_enabled(
            found.is_none(),
            egui::Checkbox::new(&mut on, "Speed-ups for software rendering"),
        )
        .on_hover_text(&hint)
        .on_disabled_hover_text(&hint);
    if response.changed() {
        out.push(ViewAction::SetSoftwareRendering(on).into());
    }
}

/// The View menu's themes and their commands.
/// The View menu's judges, each with its command.
const JUDGES: [(Reference, Command); 2] = [
    (Reference::Process, Command::JudgeProcess),
    (Reference::Native, Command::JudgeNative),
];

const THEMES: [(Theme, Command); 3] = [
    (Theme::Light, Command::ThemeLight),
    (Theme::Dark, Command::ThemeDark),
    (Theme::System, Command::ThemeSystem),
];

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
