//! The roll grid: for the position on the board, each of the 21 rolls with the classic
//! program's choice, its BRDVAL and the number of legal results; a click sets those dice.
//!
//! The 21 rankings are computed once per position and weights and kept ([`RollGridCache`]):
//! 0.07 ms for the opening, 6.3 ms for the largest position of the reference set (5,600
//! results; `cargo bench --bench app_frame -- "roll grid"`), under a frame's budget, so they
//! are computed on the frame that first shows them.

use super::edit::Edit;
use super::editing::EditAction;
use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::Position;
use bgw_engine::evaluation::classic::{Ranking, Weights};

/// One roll's line.
#[derive(Clone, Debug, PartialEq)]
pub struct RollLine {
    /// The roll.
    pub dice: Dice,
    /// The classic program's play in notation; `None` when no move is legal.
    pub choice: Option<String>,
    /// Its BRDVAL.
    pub value: Option<f64>,
    /// The number of distinct legal results.
    pub results: usize,
}

/// The 21 lines of one position and weights.
pub fn lines(
    position: &Position,
    weights: &Weights,
    generator: &mut MoveGenerator,
) -> Vec<RollLine> {
    Dice::all()
        .map(|dice| {
            let r = Ranking::new(position, dice, weights, generator);
            let chosen = r.choice.as_ref().map(|c| &r.candidates[c.index]);
            RollLine {
                dice,
                choice: chosen.map(|c| c.play.mv.notation()),
                value: chosen.map(|c| c.value),
                results: r.candidates.len(),
            }
        })
        .collect()
}

/// The lines last computed, with the position and weights they are of.
#[derive(Default)]
pub struct RollGridCache {
    of: Option<(Position, Weights)>,
    lines: Vec<RollLine>,
    generator: MoveGenerator,
}

impl RollGridCache {
    /// The lines of `position` with `weights`, computed when either changed.
    pub fn get(&mut self, position: Position, weights: Weights) -> &[RollLine] {
        if self.of != Some((position, weights)) {
            self.lines = lines(&position, &weights, &mut self.generator);
            self.of = Some((position, weights));
        }
        &self.lines
    }
}

/// The text of a roll's button: `6-5`.
pub fn roll_label(d: Dice) -> String {
    format!("{}-{}", d.high(), d.low())
}

/// The Rolls tab: [`show`] in a scroll area.
pub fn tab(
    ui: &mut egui::Ui,
    edit: &Edit,
    weights: Weights,
    cache: &mut RollGridCache,
) -> Vec<EditAction> {
    crate::app::look::scrolled(ui, "rolls-tab", |ui| show(ui, edit, weights, cache))
}

/// Draws the roll grid; a click on a roll sets those dice.
pub fn show(
    ui: &mut egui::Ui,
    edit: &Edit,
    weights: Weights,
    cache: &mut RollGridCache,
) -> Vec<EditAction> {
    let mut out = Vec::new();
    let Ok(position) = edit.position() else {
        ui.label("The roll grid waits for a legal board.");
        return out;
    };
    ui.label(format!(
        "{} to play: the classic program's choice for each roll. Click a roll to set the dice.",
        position.on_roll()
    ));
    let current = edit.roll();
    egui::Grid::new("roll-grid")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            for h in ["roll", "classic's choice", "BRDVAL", "legal results"] {
                ui.strong(h);
            }
            ui.end_row();
            for line in cache.get(position, weights) {
                let d = line.dice;
                if ui
                    .selectable_label(current == Some(d), roll_label(d))
                    .on_hover_text(format!("Set the dice to {d}"))
                    .clicked()
                {
                    out.push(EditAction::SetDice(d.high(), d.low()));
                }
                ui.monospace(line.choice.as_deref().unwrap_or("no legal move"));
                ui.monospace(line.value.map(|v| format!("{v:+.3}")).unwrap_or_default());
                ui.monospace(line.results.to_string());
                ui.end_row();
            }
        });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::core::position::Side;

    #[test]
    fn every_roll_has_a_line_that_agrees_with_its_ranking() {
        let p = Position::opening(Side::White);
        let w = Weights::builtin_default();
        let mut g = MoveGenerator::new();
        let l = lines(&p, &w, &mut g);
        assert_eq!(l.len(), 21);
        let d31 = Dice::new(3, 1).unwrap();
        let line = l.iter().find(|x| x.dice == d31).unwrap();
        let r = Ranking::new(&p, d31, &w, &mut g);
        assert_eq!(line.results, r.candidates.len());
        let c = &r.candidates[r.choice.unwrap().index];
        assert_eq!(line.choice.as_deref(), Some(&*c.play.mv.notation()));
        // The cache recomputes on a change of weights only.
        let mut cache = RollGridCache::default();
        let first = cache.get(p, w).to_vec();
        assert_eq!(first, l);
        let mut w2 = w;
        w2.set(
            bgw_engine::evaluation::classic::Term::Bar,
            w.get(bgw_engine::evaluation::classic::Term::Bar) + 1.0,
        );
        let again = cache.get(p, w2);
        assert_eq!(again.len(), 21);
    }
}
