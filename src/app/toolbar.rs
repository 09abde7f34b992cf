//! The backgammon workspace's toolbar: board set-up buttons and dice (commands of the command
//! table), the side on roll, the colour a click adds, the IDs and the field to paste one.

use super::commands::{self, Command, CommandScope};
use super::coordinator::{Action, AppState};
use super::editing::{EditAction, IdFormat};
use bgw_engine::core::position::Side;

/// The toolbar's own state: the text typed in the ID field, and the text sent last frame
/// (cleared from the field once read; kept when refused).
#[derive(Default)]
pub struct ToolbarUi {
    id_text: String,
    sent: Option<String>,
}

/// The ID field's width: fixed, so that it never moves or changes with what is beside it.
const ID_FIELD_WIDTH: f32 = 220.0;

/// True when `text` is the text the ID field sent last and the board refused.
fn refused_text(state: &AppState, text: &str) -> bool {
    state
        .editing
        .refused
        .as_ref()
        .is_some_and(|(t, _)| t == text)
}

impl ToolbarUi {
    /// The ID field, and beside it a mark when the text in it was refused (why, on hover).
    fn id_field(&mut self, ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Action>) {
        if self.sent.as_ref().is_some_and(|t| !refused_text(state, t)) {
            // Read: the board shows it now.
            self.id_text.clear();
        }
        self.sent = None;
        let field = ui.add(
            egui::TextEdit::singleline(&mut self.id_text)
                .hint_text("type or paste a Position ID, ID:MatchID or XGID, Enter")
                .desired_width(ID_FIELD_WIDTH),
        );
        if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            out.push(EditAction::Typed(self.id_text.clone()).into());
            self.sent = Some(self.id_text.clone());
        }
        if let Some((text, error)) = &state.editing.refused
            && *text == self.id_text
        {
            ui.colored_label(ui.visuals().error_fg_color, "not read")
                .on_hover_text(format!("not read: {error}"));
        }
    }

    /// Draws the toolbar; returns what was asked.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        state: &AppState,
        workspace: &dyn CommandScope,
    ) -> Vec<Action> {
        let mut out = Vec::new();
        ui.horizontal_wrapped(|ui| {
            let mut commands = |ui: &mut egui::Ui, commands: &[Command]| {
                commands::draw(ui, commands, false, state, workspace, &mut out);
            };
            commands(
                ui,
                &[
                    Command::Opening,
                    Command::Empty,
                    Command::SwapSides,
                    Command::FlipBoard,
                ],
            );
            ui.separator();
            commands(ui, &[Command::Roll, Command::ClearDice]);
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
                    .selectable_label(state.editing.add_colour == side, side.name())
                    .clicked()
                {
                    out.push(EditAction::SetAddColour(side).into());
                }
            }
        });
        // One line that never wraps or moves: the field at a fixed width, a short mark when
        // what is in it was refused (the reason on hover and in the status line), the IDs.
        ui.horizontal(|ui| {
            self.id_field(ui, state, &mut out);
            ui.separator();
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
        });
        out
    }
}
