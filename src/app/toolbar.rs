//! The menu bar and the toolbar: board set-up buttons, dice, side on roll, IDs and files.

use super::editing::examples::{self, Example};
use super::editing::{EditAction, IdFormat};
use super::settings::Tab;
use super::state::{Action, AppState};
use super::view::ViewAction;
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
                    out.push(EditAction::OpenPosition.into());
                }
                if ui.button("Save position…").clicked() {
                    out.push(EditAction::SavePosition.into());
                }
                ui.menu_button("Examples", |ui| {
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
                    out.push(EditAction::Undo.into());
                }
                if ui
                    .add_enabled(
                        state.can_redo(),
                        egui::Button::new("Redo").shortcut_text("Ctrl+Y"),
                    )
                    .clicked()
                {
                    out.push(EditAction::Redo.into());
                }
                ui.separator();
                if ui.button("Copy Position ID").clicked() {
                    out.push(EditAction::Copy(IdFormat::PositionId).into());
                }
                if ui
                    .add(egui::Button::new("Copy PositionID:MatchID").shortcut_text("Ctrl+C"))
                    .clicked()
                {
                    out.push(EditAction::Copy(IdFormat::PositionMatchId).into());
                }
                if ui.button("Copy XGID").clicked() {
                    out.push(EditAction::Copy(IdFormat::Xgid).into());
                }
            });
            ui.menu_button("View", |ui| {
                if ui.button("Flip the board").clicked() {
                    out.push(ViewAction::FlipBoard.into());
                }
                let dark = state.settings.dark;
                if ui
                    .button(if dark { "Light theme" } else { "Dark theme" })
                    .clicked()
                {
                    out.push(ViewAction::SetDark(!dark).into());
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
                out.push(EditAction::Opening.into());
            }
            if ui
                .button("Empty")
                .on_hover_text("Take every checker off")
                .clicked()
            {
                out.push(EditAction::Empty.into());
            }
            if ui
                .button("Swap sides")
                .on_hover_text("Exchange the colours of all checkers")
                .clicked()
            {
                out.push(EditAction::SwapSides.into());
            }
            if ui
                .button("Flip view")
                .on_hover_text("Turn the board round")
                .clicked()
            {
                out.push(ViewAction::FlipBoard.into());
            }
            ui.separator();
            if ui
                .button("Roll")
                .on_hover_text("Roll the dice (R)")
                .clicked()
            {
                out.push(EditAction::Roll.into());
            }
            if ui
                .button("Clear dice")
                .on_hover_text("Click the dice on the board to set them one by one")
                .clicked()
            {
                out.push(EditAction::ClearDice.into());
            }
            let dice = match state.editing.edit.roll() {
                Some(d) => d.to_string(),
                None => "not set".to_string(),
            };
            ui.label(format!("Dice: {dice}"));
            ui.separator();
            ui.label("To play:");
            for side in [Side::White, Side::Black] {
                if ui
                    .radio(state.editing.edit.on_roll == side, side.name())
                    .clicked()
                {
                    out.push(EditAction::SetOnRoll(side).into());
                }
            }
            ui.separator();
            ui.label("Left click adds:");
            for side in [Side::White, Side::Black] {
                if ui
                    .selectable_label(state.settings.add_colour == side, side.name())
                    .clicked()
                {
                    out.push(EditAction::SetAddColour(side).into());
                }
            }
        });
        ui.horizontal(|ui| {
            match state.editing.edit.setup() {
                Some(setup) => {
                    let pid = setup.position_id();
                    let mid = setup.match_id();
                    ui.label("ID:");
                    ui.monospace(format!("{pid}:{mid}"));
                    if ui.small_button("Copy").clicked() {
                        out.push(EditAction::Copy(IdFormat::PositionMatchId).into());
                    }
                    ui.label("XGID:");
                    ui.monospace(setup.xgid());
                    if ui.small_button("Copy").clicked() {
                        out.push(EditAction::Copy(IdFormat::Xgid).into());
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
                out.push(EditAction::Paste(std::mem::take(&mut self.id_text)).into());
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
