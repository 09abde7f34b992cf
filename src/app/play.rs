//! Play against the classic program (as in the seed): the person moves by dragging checkers
//! (each partial move checked, a refusal given with the seed's reason) or by picking a
//! candidate; the program rolls and answers with its phase and reason; learning (GOOD/BAD)
//! can be on, its updates logged. This module holds the game's state and its panel; the moves
//! themselves are made in [`super::state::AppState::apply`].

use super::state::{Action, AppState, Edit};
use bgw_engine::classic::Learner;
use bgw_engine::position::Side;

/// A game in progress.
pub struct PlayGame {
    /// The person's colour (the program plays the other).
    pub human: Side,
    /// The program's learning state.
    pub learner: Learner,
    /// The person's steps of the move being made (from, to in the person's numbering; 25 the
    /// bar, 0 off).
    pub partial: Vec<(u8, u8)>,
    /// The board when the person began the current (or last) move: undo goes back there.
    pub turn_start: Option<Edit>,
    /// Why the last step was refused (the seed's reason).
    pub refusal: Option<String>,
    /// The program's last move with its phase and reason.
    pub last_program: Option<String>,
    /// The game's end, once over.
    pub over: Option<String>,
    /// Learning updates of this game, one line each.
    pub updates: Vec<String>,
}

impl PlayGame {
    /// A new game with the person playing `human`.
    pub fn new(human: Side, eta: f64) -> PlayGame {
        PlayGame {
            human,
            learner: Learner::new(eta),
            partial: Vec::new(),
            turn_start: None,
            refusal: None,
            last_program: None,
            over: None,
            updates: Vec::new(),
        }
    }

    /// The person's partial move in gnubg notation (`13/10 10/8`).
    pub fn partial_text(&self) -> String {
        let name = |p: u8| match p {
            25 => "bar".to_string(),
            0 => "off".to_string(),
            p => p.to_string(),
        };
        self.partial
            .iter()
            .map(|&(f, t)| format!("{}/{}", name(f), name(t)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The Play tab.
pub fn show(ui: &mut egui::Ui, state: &AppState, typed: &mut String) -> Vec<Action> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        if ui.button("New game as Black").clicked() {
            out.push(Action::NewGame(Side::Black));
        }
        if ui.button("New game as White").clicked() {
            out.push(Action::NewGame(Side::White));
        }
        if state.play.is_some() {
            if ui
                .button("Undo my move")
                .on_hover_text("Back to the board before your last move (Ctrl+Z)")
                .clicked()
            {
                out.push(Action::UndoMyMove);
            }
            if ui.button("End game").clicked() {
                out.push(Action::EndGame);
            }
        }
        ui.separator();
        let mut learning = state.settings.learning;
        if ui.checkbox(&mut learning, "learning (GOOD/BAD)").changed() {
            out.push(Action::SetLearning(learning));
        }
        let mut eta = state.settings.eta;
        let r = ui.add(
            egui::DragValue::new(&mut eta)
                .speed(0.001)
                .range(0.0..=10.0)
                .max_decimals(4)
                .prefix("step η "),
        );
        if r.changed() {
            out.push(Action::SetEta(eta));
        }
    });
    let Some(game) = &state.play else {
        ui.label(
            "Start a game: you move by dragging checkers (or Shift+click the checker, then the \
             target), or by picking a candidate (double click / Enter). The program plays the \
             other colour with the weights being edited.",
        );
        return out;
    };
    if let Some(over) = &game.over {
        ui.heading(over);
    }
    if let Some(p) = &game.last_program {
        ui.label(format!("Program: {p}"));
    }
    let on_roll = state.edit.on_roll;
    if game.over.is_none() && on_roll == game.human {
        match state.edit.roll() {
            None => {
                ui.label("Your turn: roll (R) or click the dice on the board to enter them.");
            }
            Some(d) => {
                ui.label(format!(
                    "Your turn with {d}{}",
                    if game.partial.is_empty() {
                        String::new()
                    } else {
                        format!(": so far {}", game.partial_text())
                    }
                ));
            }
        }
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
            out.push(Action::PlayTyped(std::mem::take(typed)));
        }
    });
    if !game.updates.is_empty() {
        ui.label("Learning updates:");
        egui::ScrollArea::vertical()
            .id_salt("updates")
            .max_height(80.0)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for u in &game.updates {
                    ui.monospace(u);
                }
            });
    }
    out
}
