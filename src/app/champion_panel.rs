//! The «Чемпион» tab: the person plays the wolves against the 1986 program (the goat), with the
//! program's decision trace and the exact value of every wolf move from the solver.

use crate::champion::program::Trace;
use crate::champion::solver::Move;
use crate::champion::{Champion, Listing, Position, Solution, Variant, WolfMove};

/// One goat reply: the position before the wolf move, the program's state then, and the record.
#[derive(Clone)]
struct Turn {
    before: Position,
    program: Champion,
    record: String,
}

/// The game against the program and what the panel shows about it.
pub struct ChampionState {
    /// The position now.
    pub position: Position,
    program: Champion,
    /// The trace of the program's last reply.
    pub trace: Option<Trace>,
    /// The wolf picked by a click, waiting for its target square.
    pub picked: Option<u8>,
    /// Why the last move was refused (shown next to the board).
    pub refusal: Option<String>,
    /// The game record in the article's notation, `2/57 (77)` per wolf move.
    pub record: Vec<String>,
    history: Vec<Turn>,
    solution: Option<Solution>,
    /// Where the board was last drawn (tests click at its squares).
    pub board_rect: std::cell::Cell<Option<egui::Rect>>,
}

impl Default for ChampionState {
    fn default() -> ChampionState {
        ChampionState::new(Variant::NINE_FOUR)
    }
}

/// What the person can do in the tab.
#[derive(Clone, Debug, PartialEq)]
pub enum ChampionAction {
    /// Choose the variant and start a new game.
    NewGame(Variant),
    /// A click on a square (pick a wolf, or move the picked wolf there).
    Click(u8),
    /// Take back the last wolf move and the goat's reply.
    Undo,
    /// Solve the variant (for the exact values), once.
    Solve,
}

impl ChampionState {
    /// A new game of `variant`; the goat (the program) makes its first move at once.
    pub fn new(variant: Variant) -> ChampionState {
        let mut s = ChampionState {
            position: variant.start(),
            program: Champion::new(Listing::Main),
            trace: None,
            picked: None,
            refusal: None,
            record: Vec::new(),
            history: Vec::new(),
            solution: None,
            board_rect: std::cell::Cell::new(None),
        };
        s.goat_replies();
        s
    }

    /// Applies one action.
    pub fn apply(&mut self, action: ChampionAction) {
        match action {
            ChampionAction::NewGame(v) => {
                let solution = self.solution.take().filter(|s| s.variant() == v);
                *self = ChampionState::new(v);
                self.solution = solution;
            }
            ChampionAction::Solve => {
                let v = self.position.variant;
                if self.solution.as_ref().is_none_or(|s| s.variant() != v) {
                    self.solution = Some(Solution::solve(v));
                }
            }
            ChampionAction::Undo => {
                if let Some(t) = self.history.pop() {
                    self.position = t.before;
                    self.program = t.program;
                    self.record.pop();
                    self.trace = None;
                    self.picked = None;
                    self.refusal = None;
                }
            }
            ChampionAction::Click(sq) => {
                if self.position.wolf_at(sq).is_some() {
                    self.picked = self.position.wolf_at(sq);
                    self.refusal = None;
                } else if let Some(wolf) = self.picked {
                    self.play(WolfMove { wolf, to: sq });
                } else {
                    self.refusal = Some(format!("Pick a wolf first (square {sq})"));
                }
            }
        }
    }

    fn play(&mut self, m: WolfMove) {
        let before = self.position;
        match before.after_wolf_move(m) {
            Err(e) => self.refusal = Some(format!("{m} refused: {e}")),
            Ok(after) => {
                self.history.push(Turn {
                    before,
                    program: self.program.clone(),
                    record: String::new(),
                });
                self.program.observe_move(&before, m);
                self.position = after;
                self.picked = None;
                self.refusal = None;
                let reply = self.goat_replies();
                let text = match reply {
                    Some(sq) => format!("{m} ({sq})"),
                    None if self.position.outcome().is_some() => format!("{m}"),
                    None => format!("{m} (0)"),
                };
                if let Some(t) = self.history.last_mut() {
                    t.record = text.clone();
                }
                self.record.push(text);
            }
        }
    }

    /// The program moves the goat if it is its turn; returns the square it went to.
    fn goat_replies(&mut self) -> Option<u8> {
        if self.position.outcome().is_some() {
            return None;
        }
        let trace = self.program.decide(&self.position);
        let choice = trace.choice;
        self.trace = Some(trace);
        let sq = choice?;
        match self.position.after_goat_move(sq) {
            Ok(p) => {
                self.position = p;
                Some(sq)
            }
            Err(e) => {
                self.refusal = Some(format!("the program's move {sq} is illegal: {e}"));
                None
            }
        }
    }

    /// The centre of a square as last drawn.
    pub fn square_centre(&self, sq: u8) -> Option<egui::Pos2> {
        let r = self.board_rect.get()?;
        let n = self.position.variant.size as f32;
        let cell = r.width() / n;
        let (a, b) = ((sq / 10) as f32, (sq % 10) as f32);
        Some(egui::pos2(
            r.left() + (a - 0.5) * cell,
            r.top() + (n - b + 0.5) * cell,
        ))
    }
}

/// Draws the tab; returns the person's actions.
pub fn show(ui: &mut egui::Ui, s: &ChampionState) -> Vec<ChampionAction> {
    let mut out = Vec::new();
    let current = s.position.variant;
    ui.horizontal(|ui| {
        for (v, name) in [
            (Variant::NINE_FOUR, "9×9, four wolves"),
            (Variant::NINE_THREE, "9×9, three wolves"),
            (Variant::EIGHT_FOUR, "8×8, four wolves"),
            (Variant::EIGHT_THREE, "8×8, three wolves"),
        ] {
            if ui.selectable_label(current == v, name).clicked() {
                out.push(ChampionAction::NewGame(v));
            }
        }
        if ui.button("New game").clicked() {
            out.push(ChampionAction::NewGame(current));
        }
        if ui
            .add_enabled(!s.history.is_empty(), egui::Button::new("Undo wolf move"))
            .clicked()
        {
            out.push(ChampionAction::Undo);
        }
    });
    ui.horizontal_top(|ui| {
        out.extend(board(ui, s));
        ui.vertical(|ui| {
            ui.set_max_width(520.0);
            if let Some(r) = &s.refusal {
                ui.colored_label(ui.visuals().error_fg_color, r);
            }
            if let Some(o) = s.position.outcome() {
                ui.strong(format!("Game over: {o}"));
            }
            let pos = s.position;
            let Some(sol) = s.solution.as_ref().filter(|x| x.variant() == pos.variant) else {
                ui.label("Solving the variant…");
                out.push(ChampionAction::Solve);
                return;
            };
            ui.label(format!(
                "Exact value ({} to move): {}",
                pos.to_move,
                sol.value(&pos)
            ));
            if pos.outcome().is_none() {
                let mut lines = String::new();
                for mv in sol.move_values(&pos) {
                    if let Move::Wolf(m) = mv.mv {
                        let flag = if mv.blunder { "  BLUNDER" } else { "" };
                        lines.push_str(&format!("{m}: wolves {}{flag}\n", mv.value));
                    }
                }
                ui.monospace(lines);
            }
        });
        ui.vertical(|ui| {
            ui.set_max_width(520.0);
            ui.label(format!("Game: {}", s.record.join("; ")));
            ui.label("Program's last decision:");
            egui::ScrollArea::vertical()
                .id_salt("champion-trace")
                .max_height(260.0)
                .show(ui, |ui| {
                    if let Some(t) = &s.trace {
                        ui.monospace(t.to_string());
                    }
                });
        });
    });
    out
}

fn board(ui: &mut egui::Ui, s: &ChampionState) -> Vec<ChampionAction> {
    let mut out = Vec::new();
    let n = s.position.variant.size;
    let cell = 44.0;
    let (rect, resp) = ui.allocate_exact_size(
        egui::vec2(cell * n as f32, cell * n as f32),
        egui::Sense::click(),
    );
    s.board_rect.set(Some(rect));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::from_rgb(235, 220, 190));
    for sq in s.position.variant.squares() {
        let Some(c) = s.square_centre(sq) else {
            continue;
        };
        let r = egui::Rect::from_center_size(c, egui::vec2(cell, cell));
        let picked = s
            .picked
            .is_some_and(|w| s.position.wolves[w as usize - 1] == sq);
        let fill = if picked {
            egui::Color32::from_rgb(60, 110, 60)
        } else {
            egui::Color32::from_rgb(120, 85, 55)
        };
        painter.rect_filled(r, 0.0, fill);
        painter.text(
            r.left_top() + egui::vec2(2.0, 1.0),
            egui::Align2::LEFT_TOP,
            format!("{sq}"),
            egui::FontId::monospace(9.0),
            egui::Color32::from_gray(220),
        );
        if sq == s.position.goat {
            painter.circle_filled(c, cell * 0.32, egui::Color32::WHITE);
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                "G",
                egui::FontId::proportional(16.0),
                egui::Color32::BLACK,
            );
        } else if let Some(k) = s.position.wolf_at(sq) {
            painter.circle_filled(c, cell * 0.32, egui::Color32::from_gray(30));
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                format!("{k}"),
                egui::FontId::proportional(16.0),
                egui::Color32::WHITE,
            );
        }
    }
    if resp.clicked()
        && let Some(p) = resp.interact_pointer_pos()
    {
        let a = ((p.x - rect.left()) / cell).floor() as i32 + 1;
        let b = n as i32 - ((p.y - rect.top()) / cell).floor() as i32;
        if (1..=n as i32).contains(&a) && (1..=n as i32).contains(&b) {
            out.push(ChampionAction::Click((a * 10 + b) as u8));
        }
    }
    out
}
