//! Play mode: the game against the chosen opponent, the exact value of the position and of
//! every legal move, the record, the program's decision trace.

use super::board::{self, BoardGeometry, BoardView};
use super::game::{Opponent, Status};
use super::state::{ChampionAction, ChampionState};
use super::widgets::{VARIANTS, cell_size, solving_line, verdict, verdict_colour};
use bgw_engine::champion::solver::Move;
use bgw_engine::champion::{Outcome, Side};
use egui::RichText;

/// Draws play mode; returns the person's actions.
pub fn show(
    ui: &mut egui::Ui,
    s: &ChampionState,
    geometry: &mut Option<BoardGeometry>,
) -> Vec<ChampionAction> {
    let mut out = Vec::new();
    let game = &s.game;
    let pos = game.now.position;
    ui.horizontal(|ui| {
        for (v, name) in VARIANTS {
            if ui.selectable_label(pos.variant == v, name).clicked() {
                out.push(ChampionAction::NewGame(v));
            }
        }
        ui.separator();
        if ui
            .button("New game")
            .on_hover_text("From the variant's start, same sides")
            .clicked()
        {
            out.push(ChampionAction::NewGame(pos.variant));
        }
        if ui
            .add_enabled(game.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Back to your previous turn (the opponent's reply goes too)")
            .clicked()
        {
            out.push(ChampionAction::Undo);
        }
        if ui
            .add_enabled(game.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.push(ChampionAction::Redo);
        }
    });
    ui.horizontal(|ui| {
        ui.label("You play:");
        for (side, name, default) in [
            (
                Side::Wolves,
                "the wolves",
                Opponent::Program(bgw_engine::champion::Listing::Main),
            ),
            (Side::Goat, "the goat", Opponent::PerfectWolves),
        ] {
            if ui
                .selectable_label(game.person() == side, name)
                .on_hover_text("Starts the game again from its start position")
                .clicked()
                && game.person() != side
            {
                out.push(ChampionAction::SetOpponent(default));
            }
        }
        ui.separator();
        ui.label("Opponent:");
        let options: &[Opponent] = match game.person() {
            Side::Wolves => &Opponent::GOATS,
            Side::Goat => &Opponent::WOLVES,
        };
        for &o in options {
            if ui
                .selectable_label(game.opponent == o, o.name())
                .on_hover_text("Starts the game again from its start position")
                .clicked()
                && game.opponent != o
            {
                out.push(ChampionAction::SetOpponent(o));
            }
        }
    });
    ui.separator();

    ui.horizontal_top(|ui| {
        let cell = cell_size(ui, pos.variant.size, 0.42);
        let targets = |from: u8| s.targets(from);
        let view = BoardView {
            variant: pos.variant,
            wolves: pos.wolves,
            goat: pos.goat,
            picked: s.picked,
            targets: &targets,
            last: &game.now.last,
            draggable: true,
        };
        out.extend(
            board::show(ui, &view, cell, geometry)
                .into_iter()
                .map(ChampionAction::from),
        );
        ui.vertical(|ui| {
            ui.set_width((ui.available_width() * 0.42).clamp(300.0, 420.0));
            side_panel(ui, s);
        });
        ui.separator();
        ui.vertical(|ui| trace_panel(ui, s));
    });
    out
}

fn headline(s: &ChampionState) -> String {
    let game = &s.game;
    let person = game.person();
    let you = |winner: Side| {
        if winner == person {
            " You win."
        } else {
            " You lose."
        }
    };
    match game.status() {
        Status::YourTurn(Side::Wolves) => {
            "Your move (wolves): click a wolf, then its square, or drag it.".into()
        }
        Status::YourTurn(Side::Goat) => {
            "Your move (goat): click a square next to the goat, or drag it.".into()
        }
        Status::OpponentWaits => format!(
            "The {} move once the variant is solved…",
            game.opponent.name()
        ),
        Status::Over(o) => {
            let text = match o {
                Outcome::GoatBrokeThrough => format!(
                    "The goat reached row {}: the goat wins.",
                    game.now.position.variant.goal_row()
                ),
                Outcome::WolvesStuck => "Wolves cannot move: the goat wins.".into(),
                Outcome::GoatTrapped => "The goat cannot move: the wolves win.".into(),
            };
            text + you(o.winner())
        }
        Status::Resigned => {
            "«Чемпион» shows 0 (resigns): the wolves win.".to_string() + you(Side::Wolves)
        }
    }
}

fn side_panel(ui: &mut egui::Ui, s: &ChampionState) {
    let game = &s.game;
    let pos = game.now.position;
    ui.label(RichText::new(headline(s)).strong().size(15.0));
    ui.label(format!(
        "{pos}; {} vs {}",
        game.person(),
        game.opponent.name()
    ))
    .on_hover_text("Your side against the opponent");
    if let Some(r) = &s.refusal {
        ui.colored_label(ui.visuals().error_fg_color, r);
    }
    ui.add_space(4.0);
    solving_line(ui, s, pos.variant);
    if let Some(sol) = s.solution() {
        let v = sol.value(&pos);
        ui.label(
            RichText::new(format!(
                "Exact value ({} to move): {}",
                pos.to_move,
                verdict(pos.to_move, v)
            ))
            .color(verdict_colour(ui, v)),
        )
        .on_hover_text("In plies (single moves of either side), both sides playing perfectly");
        let values = s.move_values();
        if !values.is_empty() {
            let choice = s.program_choice().and_then(|t| t.choice);
            let best = sol.best_move(&pos).map(|b| b.mv);
            ui.label(format!("Every legal move of the {}:", pos.to_move));
            egui::Grid::new("champion-moves")
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    for mv in values {
                        let name = match mv.mv {
                            Move::Wolf(m) => m.to_string(),
                            Move::Goat(sq) => format!("goat to {sq}"),
                        };
                        ui.monospace(name);
                        ui.colored_label(
                            verdict_colour(ui, mv.value),
                            verdict(pos.to_move, mv.value),
                        );
                        let mut flags = Vec::new();
                        if best == Some(mv.mv) {
                            flags.push("best".to_string());
                        }
                        if mv.blunder {
                            flags.push("BLUNDER".into());
                        }
                        if matches!(mv.mv, Move::Goat(sq) if choice == Some(sq)) {
                            flags.push("«Чемпион»'s choice".into());
                        }
                        let flags = flags.join(", ");
                        if mv.blunder {
                            ui.colored_label(ui.visuals().error_fg_color, flags);
                        } else {
                            ui.label(flags);
                        }
                        ui.end_row();
                    }
                });
            if pos.to_move == Side::Goat && choice.is_none() && game.person() == Side::Goat {
                ui.label("«Чемпион» would resign here (show 0).");
            }
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Game record").strong());
    let record = if game.now.record.is_empty() {
        "(no moves yet)".to_string()
    } else {
        format!("Game: {}", game.now.record.join("; "))
    };
    egui::ScrollArea::vertical()
        .id_salt("champion-record")
        .max_height(110.0)
        .stick_to_bottom(true)
        .show(ui, |ui| ui.label(record));
    ui.add_space(6.0);
    ui.weak(format!(
        "Green row: the goat's goal (row {}). Blue arrow: the wolves' last move; orange: the \
         goat's. Yellow: the picked piece; green dots: where it may go.",
        pos.variant.goal_row()
    ));
    if game.start != pos.variant.start() {
        ui.weak(format!("Started from the set-up position {}", game.start));
    }
}

fn trace_panel(ui: &mut egui::Ui, s: &ChampionState) {
    let game = &s.game;
    let pos = game.now.position;
    let (title, trace) = if game.person() == Side::Goat {
        (
            "What «Чемпион» would play here (its registers follow the game)",
            s.program_choice(),
        )
    } else if matches!(game.opponent, Opponent::Program(_)) {
        ("«Чемпион»'s last decision", game.now.trace.clone())
    } else if pos.to_move == Side::Goat {
        ("What «Чемпион» would play here", s.program_choice())
    } else {
        (
            "«Чемпион»'s decision trace (the opponent is not «Чемпион»)",
            None,
        )
    };
    ui.label(RichText::new(title).strong());
    egui::ScrollArea::vertical()
        .id_salt("champion-trace")
        .auto_shrink([false, true])
        .show(ui, |ui| match trace {
            Some(t) => super::trace::show(ui, &t),
            None => {
                ui.weak("(no decision to show)");
            }
        });
}
