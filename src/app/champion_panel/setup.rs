//! Set-up mode: place wolves (numbered in order) and the goat by clicks or drags, or type the
//! squares as on the command line; choose who moves; play from there.

use super::board::{self, BoardGeometry, BoardView};
use super::state::{ChampionAction, ChampionState};
use super::{VARIANTS, cell_size};
use bgw_engine::champion::Side;
use bgw_engine::champion::{Position, Variant};
use egui::RichText;

/// Which piece a click in the set-up board places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupTool {
    /// A wolf (the lowest free number); a click on a wolf removes it.
    Wolf,
    /// The goat (moved here if it is elsewhere); a click on the goat removes it.
    Goat,
}

/// The set-up board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub variant: Variant,
    /// Wolves 1–4 by number; 0 = not placed.
    pub wolves: [u8; 4],
    /// The goat's square; 0 = not placed.
    pub goat: u8,
    /// Who moves first from the set-up position.
    pub to_move: Side,
    /// What a click places.
    pub tool: SetupTool,
    /// Why the last edit was refused.
    pub error: Option<String>,
}

impl Setup {
    pub(super) fn from_position(p: &Position) -> Setup {
        Setup {
            variant: p.variant,
            wolves: p.wolves,
            goat: p.goat,
            to_move: p.to_move,
            tool: SetupTool::Wolf,
            error: None,
        }
    }

    /// The set-up position, or why it cannot be played.
    pub fn position(&self) -> Result<Position, String> {
        let n = self.variant.wolves as usize;
        let mut wolves = Vec::new();
        for (k, &w) in self.wolves[..n].iter().enumerate() {
            if w == 0 {
                return Err(format!(
                    "wolf {} is not placed: the variant {} has {n} wolves",
                    k + 1,
                    self.variant
                ));
            }
            wolves.push(w);
        }
        if self.goat == 0 {
            return Err("the goat is not placed".into());
        }
        Position::new(self.variant, &wolves, self.goat, self.to_move).map_err(|e| e.to_string())
    }

    pub(super) fn click(&mut self, sq: u8) -> Result<(), String> {
        if !self.variant.on_board(sq as i32) {
            return Err(format!("{sq} is not a playing square of this board"));
        }
        let wolf = self.wolves.iter().position(|&w| w == sq);
        match self.tool {
            SetupTool::Wolf => {
                if let Some(k) = wolf {
                    self.wolves[k] = 0;
                    return Ok(());
                }
                let n = self.variant.wolves as usize;
                let Some(k) = self.wolves[..n].iter().position(|&w| w == 0) else {
                    return Err(format!(
                        "all {n} wolves are on the board: click a wolf to take it off first"
                    ));
                };
                if self.goat == sq {
                    self.goat = 0;
                }
                self.wolves[k] = sq;
            }
            SetupTool::Goat => {
                if self.goat == sq {
                    self.goat = 0;
                } else {
                    if let Some(k) = wolf {
                        self.wolves[k] = 0;
                    }
                    self.goat = sq;
                }
            }
        }
        Ok(())
    }

    /// A piece dragged from `from` to `to` (`None`: off the board, taking it off).
    pub(super) fn drop(&mut self, from: u8, to: Option<u8>) -> Result<(), String> {
        let wolf = self.wolves.iter().position(|&w| w == from && w != 0);
        if wolf.is_none() && self.goat != from {
            return Ok(());
        }
        let Some(to) = to else {
            match wolf {
                Some(k) => self.wolves[k] = 0,
                None => self.goat = 0,
            }
            return Ok(());
        };
        if !self.variant.on_board(to as i32) {
            return Err(format!("{to} is not a playing square of this board"));
        }
        if to != from && (self.goat == to || self.wolves.contains(&to)) {
            return Err(format!("{to} is occupied"));
        }
        match wolf {
            Some(k) => self.wolves[k] = to,
            None => self.goat = to,
        }
        Ok(())
    }

    /// Sets the pieces from text as on the command line: wolves `46,48,68,88`, goat `66`.
    pub(super) fn set_text(&mut self, wolves: &str, goat: &str) -> Result<(), String> {
        let square = |t: &str| -> Result<u8, String> {
            let sq: u8 = t
                .trim()
                .parse()
                .map_err(|_| format!("cannot read square {:?}: write two digits, e.g. 46", t))?;
            if !self.variant.on_board(sq as i32) {
                return Err(format!("{sq} is not a playing square of this board"));
            }
            Ok(sq)
        };
        let list: Vec<&str> = wolves
            .split([',', ' '])
            .filter(|t| !t.trim().is_empty())
            .collect();
        let n = self.variant.wolves as usize;
        if list.len() != n {
            return Err(format!(
                "{} wolf squares given, the variant {} has {n} wolves",
                list.len(),
                self.variant
            ));
        }
        let mut w = [0u8; 4];
        for (k, t) in list.iter().enumerate() {
            w[k] = square(t)?;
        }
        let g = square(goat)?;
        let pos =
            Position::new(self.variant, &w[..n], g, self.to_move).map_err(|e| e.to_string())?;
        self.wolves = pos.wolves;
        self.goat = pos.goat;
        Ok(())
    }
}

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
