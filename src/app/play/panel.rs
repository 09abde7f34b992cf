//! The Play tab: new games, undo my move, the state of the game, a field to type a move,
//! learning on or off and its step, the learning updates.

use super::PlayAction;
use super::PlayGame;
use crate::app::edit::Edit;
use bgw_engine::core::position::Side;

/// What the Play tab reads: the game, the learning settings and the board.
pub struct PlayView<'a> {
    /// The game in progress, if any.
    pub game: Option<&'a PlayGame>,
    /// Learning (GOOD/BAD) on.
    pub learning: bool,
    /// The learning step η.
    pub eta: f64,
    /// The board (the dice the person set).
    pub edit: &'a Edit,
}

/// The Play tab from the game's own state: `edit` the board it is played on, `typed` the move
/// being typed (kept by the tabs between frames).
pub fn tab(
    ui: &mut egui::Ui,
    play: &super::PlayState,
    edit: &Edit,
    typed: &mut String,
) -> Vec<PlayAction> {
    let view = PlayView {
        game: play.game.as_ref(),
        learning: play.learning.on,
        eta: play.learning.eta,
        edit,
    };
    crate::app::look::scrolled(ui, "play-tab", |ui| show(ui, &view, typed))
}

/// The Play tab.
pub fn show(ui: &mut egui::Ui, view: &PlayView<'_>, typed: &mut String) -> Vec<PlayAction> {
    let mut out = Vec::new();
    ui.horizontal(|ui| game_bar(ui, view, &mut out));
    let Some(game) = view.game else {
        ui.label(
            "Start a game: you move by dragging checkers (or Shift+click the checker, then the \
             target), or by picking a candidate (double click / Enter). The program plays the \
             other colour with the weights being edited.",
        );
        return out;
    };
    if game.ending {
        confirm_end(ui, &mut out);
    }
    if let Some(over) = game.over() {
        ui.heading(over);
    }
    if let Some(p) = game.last_program() {
        ui.label(format!("Program: {p}"));
    }
    if game.humans_turn() {
        ui.label(turn_words(game, view.edit));
    }
    if let Some(r) = &game.refusal {
        ui.colored_label(ui.visuals().error_fg_color, format!("Refused: {r}"));
    }
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(typed)
                .hint_text("or type a move, e.g. 24/18 13/11, Enter")
                .desired_width(260.0),
        );
        if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            out.push(PlayAction::Typed(std::mem::take(typed)));
        }
    });
    let updates = game.updates();
    if !updates.is_empty() {
        ui.label("Learning updates:");
        egui::ScrollArea::vertical()
            .id_salt("updates")
            .max_height(80.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for u in &updates {
                    ui.monospace(u);
                }
            });
    }
    out
}

/// The tab's first line: new games, undo my move and end game (during one), learning on or
/// off and its step.
fn game_bar(ui: &mut egui::Ui, view: &PlayView<'_>, out: &mut Vec<PlayAction>) {
    if ui.button("New game as Black").clicked() {
        out.push(PlayAction::NewGame(Side::Black));
    }
    if ui.button("New game as White").clicked() {
        out.push(PlayAction::NewGame(Side::White));
    }
    if view.game.is_some() {
        if ui
            .button("Undo my move")
            .on_hover_text(
                "Takes back the steps of your move, else your last move with the program's \
                 answer and the learning it did (Ctrl+Z)",
            )
            .clicked()
        {
            out.push(PlayAction::UndoMyMove);
        }
        if ui.button("End game").clicked() {
            out.push(PlayAction::EndGame);
        }
    }
    ui.separator();
    let mut learning = view.learning;
    if ui.checkbox(&mut learning, "learning (GOOD/BAD)").changed() {
        out.push(PlayAction::SetLearning(learning));
    }
    let mut eta = view.eta;
    let r = ui.add(
        egui::DragValue::new(&mut eta)
            .speed(0.001)
            .range(super::ETA_RANGE)
            .max_decimals(4)
            .prefix("step η "),
    );
    if r.changed() {
        out.push(PlayAction::SetEta(eta));
    }
}

/// Asks whether to end the game in progress (its learning stays with the weights).
fn confirm_end(ui: &mut egui::Ui, out: &mut Vec<PlayAction>) {
    egui::Modal::new(egui::Id::unique("confirm-end-game")).show(ui.ctx(), |ui| {
        ui.heading("End this game?");
        ui.label("The game in progress is lost (the learning it did stays with the weights).");
        ui.horizontal(|ui| {
            if ui.button("End the game").clicked() {
                out.push(PlayAction::ConfirmEnd(true));
            }
            if ui.button("Keep playing").clicked() {
                out.push(PlayAction::ConfirmEnd(false));
            }
        });
    });
}

/// The person's turn in words: to roll, or the roll and the steps played so far.
fn turn_words(game: &PlayGame, edit: &Edit) -> String {
    match edit.roll() {
        None => "Your turn: roll (R) or click the dice on the board to enter them.".to_string(),
        Some(d) => format!(
            "Your turn with {d}{}",
            if game.partial().is_empty() {
                String::new()
            } else {
                format!(": so far {}", game.partial_text())
            }
        ),
    }
}
