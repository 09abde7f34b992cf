//! The menu bar and the toolbar: board set-up buttons, dice, side on roll, IDs and files.

use super::files;
use super::state::{Action, AppState, IdFormat, Tab};
use bgw_engine::position::Side;

/// The toolbar's own state: the text typed in the ID field.
#[derive(Default)]
pub struct ToolbarUi {
    id_text: String,
}

impl ToolbarUi {
    /// Draws the menus and the toolbar; returns what was asked.
    pub fn show(&mut self, ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
        let mut out = Vec::new();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Open position…").clicked() {
                    out.push(Action::OpenPosition);
                }
                if ui.button("Save position…").clicked() {
                    out.push(Action::SavePosition);
                }
                ui.menu_button("Examples", |ui| {
                    let list = files::examples();
                    if list.is_empty() {
                        ui.label("no positions/ folder found");
                    }
                    for path in list {
                        let name = path
                            .file_stem()
                            .map(|s| s.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        if ui.button(name).clicked() {
                            out.push(Action::LoadPosition(path));
                        }
                    }
                });
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(
                        state.can_undo(),
                        egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                    )
                    .clicked()
                {
                    out.push(Action::Undo);
                }
                if ui
                    .add_enabled(
                        state.can_redo(),
                        egui::Button::new("Redo").shortcut_text("Ctrl+Y"),
                    )
                    .clicked()
                {
                    out.push(Action::Redo);
                }
                ui.separator();
                if ui.button("Copy Position ID").clicked() {
                    out.push(Action::Copy(IdFormat::PositionId));
                }
                if ui
                    .add(egui::Button::new("Copy PositionID:MatchID").shortcut_text("Ctrl+C"))
                    .clicked()
                {
                    out.push(Action::Copy(IdFormat::PositionMatchId));
                }
                if ui.button("Copy XGID").clicked() {
                    out.push(Action::Copy(IdFormat::Xgid));
                }
            });
            ui.menu_button("View", |ui| {
                if ui.button("Flip the board").clicked() {
                    out.push(Action::FlipView);
                }
                let dark = state.settings.dark;
                if ui
                    .button(if dark { "Light theme" } else { "Dark theme" })
                    .clicked()
                {
                    out.push(Action::SetDark(!dark));
                }
            });
            ui.menu_button("Help", |ui| {
                ui.label(HELP);
            });
        });
        if state.settings.tab == Tab::Champion {
            // The «Чемпион» workspace has its own controls: no backgammon board to edit.
            return out;
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Opening")
                .on_hover_text("The opening position")
                .clicked()
            {
                out.push(Action::Opening);
            }
            if ui
                .button("Empty")
                .on_hover_text("Take every checker off")
                .clicked()
            {
                out.push(Action::Empty);
            }
            if ui
                .button("Swap sides")
                .on_hover_text("Exchange the colours of all checkers")
                .clicked()
            {
                out.push(Action::SwapSides);
            }
            if ui
                .button("Flip view")
                .on_hover_text("Turn the board round")
                .clicked()
            {
                out.push(Action::FlipView);
            }
            ui.separator();
            if ui
                .button("Roll")
                .on_hover_text("Roll the dice (R)")
                .clicked()
            {
                out.push(Action::Roll);
            }
            if ui
                .button("Clear dice")
                .on_hover_text("Click the dice on the board to set them one by one")
                .clicked()
            {
                out.push(Action::ClearDice);
            }
            let dice = match state.edit.roll() {
                Some(d) => d.to_string(),
                None => "not set".to_string(),
            };
            ui.label(format!("Dice: {dice}"));
            ui.separator();
            ui.label("To play:");
            for side in [Side::White, Side::Black] {
                if ui.radio(state.edit.on_roll == side, side.name()).clicked() {
                    out.push(Action::SetOnRoll(side));
                }
            }
            ui.separator();
            ui.label("Left click adds:");
            for side in [Side::White, Side::Black] {
                if ui
                    .selectable_label(state.settings.add_colour == side, side.name())
                    .clicked()
                {
                    out.push(Action::SetAddColour(side));
                }
            }
        });
        ui.horizontal(|ui| {
            match state.edit.setup() {
                Some(setup) => {
                    let pid = setup.position_id();
                    let mid = setup.match_id();
                    ui.label("ID:");
                    ui.monospace(format!("{pid}:{mid}"));
                    if ui.small_button("Copy").clicked() {
                        out.push(Action::Copy(IdFormat::PositionMatchId));
                    }
                    ui.label("XGID:");
                    ui.monospace(setup.xgid());
                    if ui.small_button("Copy").clicked() {
                        out.push(Action::Copy(IdFormat::Xgid));
                    }
                }
                None => {
                    ui.label("ID: — (the board is not a legal position)");
                }
            }
            ui.separator();
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.id_text)
                    .hint_text("paste a Position ID, ID:MatchID or XGID, Enter")
                    .desired_width(300.0),
            );
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                out.push(Action::Paste(std::mem::take(&mut self.id_text)));
            }
        });
        out
    }
}

const HELP: &str = "\
Board: left click adds a checker of the chosen colour, right click removes one;
drag a checker (or Shift+click it, then Shift+click the target) to move it, to the bar
or to a tray; click a die to change it (right click: lower), R rolls.
Ctrl+Z / Ctrl+Y undo and redo, Ctrl+V pastes an ID anywhere, Ctrl+C copies it.
Candidates: Up/Down select, Enter or a double click plays.";
