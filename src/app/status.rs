//! The status line: what keeps the board from being a position, or what to do next, and the
//! last of the session's messages ([`super::messages`]; the Log tab lists them all), and the
//! reference engine once it has answered, and the judge in use (View → Judge).

use super::coordinator::{Action, AppState};
use super::editing::EditAction;

/// Draws the status line; returns the person's actions (dropping a pasted match state).
pub fn show(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    // One line, so the regions above never move: a long message is elided, the whole of it
    // on hover and in the Log. The reference engine, once it has answered, at the right end.
    let layout = egui::Layout::right_to_left(egui::Align::Center);
    ui.with_layout(layout, |ui| {
        ui.label(egui::RichText::new(format!("Judge: {}", state.judge)).weak())
            .on_hover_text("Who judges as gnubg (the View menu's Judge)");
        if state.judge_loading() {
            // Polled again soon: the judge is handed over by the coordinator's poll.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        ui.separator();
        if let Some(engine) = state.candidates.verdicts.engine() {
            ui.label(egui::RichText::new(engine.to_string()).weak())
                .on_hover_text(format!(
                    "The reference engine behind gnubg's columns: {}",
                    engine.banner
                ));
            ui.separator();
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            line(ui, state, &mut out)
        });
    });
    out
}

/// The board's status, the match state and the last message, left to right.
fn line(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Action>) {
    {
        let (text, bad) = state.board_status();
        let colour = if bad {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().text_color()
        };
        ui.colored_label(colour, text);
        if let Some(m) = state.editing.edit.match_state {
            ui.separator();
            ui.label(m.describe()).on_hover_text(
                "From the pasted ID; copies keep it. The classic program has no cube: \
                 it plays every position as in a money game.",
            );
            if ui
                .small_button("money game")
                .on_hover_text("forget the cube and score")
                .clicked()
            {
                out.push(EditAction::MoneyGame.into());
            }
        }
        if let Some(m) = &state.messages.last {
            ui.separator();
            let colour = if m.error {
                ui.visuals().error_fg_color
            } else if m.warning {
                ui.visuals().warn_fg_color
            } else {
                ui.visuals().weak_text_color()
            };
            ui.add(egui::Label::new(egui::RichText::new(&m.text).color(colour)).truncate());
        }
    }
}
