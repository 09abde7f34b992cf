//! The status line: what keeps the board from being a position, or what to do next, and the
//! last message.

use super::state::AppState;

/// Draws the status line.
pub fn show(ui: &mut egui::Ui, state: &AppState) {
    ui.horizontal(|ui| {
        let (text, bad) = state.board_status();
        let colour = if bad {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().text_color()
        };
        ui.colored_label(colour, text);
        if let Some(m) = &state.message {
            ui.separator();
            let colour = if m.error {
                ui.visuals().error_fg_color
            } else {
                ui.visuals().weak_text_color()
            };
            ui.colored_label(colour, &m.text);
        }
    });
}
