//! Set-up mode's panel: the set-up board, the pieces to place, the squares typed, who moves.

use super::board::{self, BoardGeometry, BoardView};
use super::setup::SetupTool;
use super::state::{ChampionAction, ChampionState};
use super::widgets::{VARIANTS, cell_size};
use bgw_engine::champion::Side;
use egui::RichText;

/// Draws set-up mode; returns the person's actions.
pub fn show(
    ui: &mut egui::Ui,
    s: &ChampionState,
    geometry: &mut Option<BoardGeometry>,
) -> Vec<ChampionAction> {
    let mut out = Vec::new();
    let st = &s.setup;
    ui.horizontal(|ui| {
        for (v, name) in VARIANTS {
            if ui.selectable_label(st.variant == v, name).clicked() {
                out.push(ChampionAction::SetupVariant(v));
            }
        }
        ui.separator();
        ui.label("A click places:");
        for (t, name) in [(SetupTool::Wolf, "a wolf"), (SetupTool::Goat, "the goat")] {
            if ui.selectable_label(st.tool == t, name).clicked() {
                out.push(ChampionAction::SetupTool(t));
            }
        }
        ui.separator();
        ui.label("To move:");
        for (side, name) in [(Side::Wolves, "wolves"), (Side::Goat, "goat")] {
            if ui.selectable_label(st.to_move == side, name).clicked() {
                out.push(ChampionAction::SetupToMove(side));
            }
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Clear").clicked() {
            out.push(ChampionAction::SetupClear);
        }
        if ui.button("The game's position").clicked() {
            out.push(ChampionAction::SetupFromGame);
        }
        if ui
            .button("The article's position")
            .on_hover_text("Wolves 46 48 68 88, goat 66, wolves to move")
            .clicked()
        {
            out.push(ChampionAction::SetupArticle);
        }
    });
    ui.separator();
    ui.horizontal_top(|ui| {
        let cell = cell_size(ui, st.variant.size, 0.5);
        let no_targets = |_: u8| Vec::new();
        let view = BoardView {
            variant: st.variant,
            wolves: st.wolves,
            goat: st.goat,
            picked: None,
            targets: &no_targets,
            last: &[],
            draggable: true,
        };
        out.extend(
            board::show(ui, &view, cell, geometry)
                .into_iter()
                .map(ChampionAction::from),
        );
        ui.vertical(|ui| {
            ui.set_max_width(560.0);
            side_panel(ui, s, &mut out);
        });
    });
    out
}

fn side_panel(ui: &mut egui::Ui, s: &ChampionState, out: &mut Vec<ChampionAction>) {
    let st = &s.setup;
    ui.label(
        "Click an empty square to place a wolf (the lowest free number) or the goat; click a \
         piece again to take it off. Drag a piece to move it; drag it off the board to take it \
         off.",
    );
    ui.add_space(4.0);
    let valid = st.position();
    match &valid {
        Ok(p) => {
            ui.label(RichText::new(format!("Ready: {p}")).strong());
            if let Some(o) = p.outcome() {
                ui.label(format!("(the game is already over: {o})"));
            }
        }
        Err(e) => {
            ui.colored_label(ui.visuals().warn_fg_color, format!("Not playable yet: {e}"));
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Or type the squares").strong());
    // The typed text lives in egui's memory with the pieces it was typed over: an edit on
    // the board replaces it.
    let id = ui.scope_id().with("champion-setup-text");
    let pieces = (st.wolves, st.goat);
    let stored: Option<(String, String, ([u8; 4], u8))> = ui.data(|d| d.get_temp(id));
    let (mut wolves, mut goat) = match stored {
        Some((w, g, p)) if p == pieces => (w, g),
        _ => {
            let w: Vec<String> = st.wolves[..st.variant.wolves as usize]
                .iter()
                .filter(|&&w| w != 0)
                .map(|w| w.to_string())
                .collect();
            let g = if st.goat == 0 {
                String::new()
            } else {
                st.goat.to_string()
            };
            (w.join(","), g)
        }
    };
    for (name, text, hint) in [
        ("Wolves:", &mut wolves, "46,48,68,88"),
        ("Goat:", &mut goat, "66"),
    ] {
        ui.horizontal(|ui| {
            let l = ui.add_sized([56.0, 20.0], egui::Label::new(name));
            ui.add(
                egui::TextEdit::singleline(text)
                    .hint_text(hint)
                    .desired_width(180.0),
            )
            .labelled_by(l.id);
        });
    }
    // Kept until the pieces change: a refused text stays in its fields, the error beside.
    ui.horizontal(|ui| {
        if ui.button("Set these squares").clicked() {
            out.push(ChampionAction::SetupText(wolves.clone(), goat.clone()));
        }
        if let Some(e) = &st.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    });
    ui.data_mut(|d| d.insert_temp(id, (wolves, goat, pieces)));
    ui.add_space(8.0);
    let who = s.game.person();
    ui.label(format!(
        "You will play the {who} against the {} (change it in Play).",
        s.game.opponent.name()
    ));
    if ui
        .add_enabled(valid.is_ok(), egui::Button::new("Play from here"))
        .clicked()
    {
        out.push(ChampionAction::PlayFromHere);
    }
}
