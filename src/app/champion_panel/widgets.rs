//! What the modes' panels share: the variants' names, the board's size, the solver's progress
//! line and the words and colours of an exact verdict.

use super::state::ChampionState;
use bgw_engine::champion::solver::Value;
use bgw_engine::champion::{Side, Variant};

/// The variants with their names in the UI.
pub const VARIANTS: [(Variant, &str); 4] = [
    (Variant::NINE_FOUR, "9×9, four wolves"),
    (Variant::NINE_THREE, "9×9, three wolves"),
    (Variant::EIGHT_FOUR, "8×8, four wolves"),
    (Variant::EIGHT_THREE, "8×8, three wolves"),
];

/// The board's square size for the space left: as large as fits beside the side panels.
pub(super) fn cell_size(ui: &egui::Ui, n: u8, share_of_width: f32) -> f32 {
    let n = n as f32 + 0.9;
    let by_height = (ui.available_height() - 8.0) / n;
    let by_width = ui.available_width() * share_of_width / n;
    // Grows with the window (96 points a square fills 1920×1080), never too small to click.
    by_height.min(by_width).clamp(26.0, 96.0)
}

/// "Solving 9×9, four wolves… 1.2 s" while the variant is being solved (the solve is asked for
/// by [`ChampionState::poll`]).
pub(super) fn solving_line(ui: &mut egui::Ui, s: &ChampionState, v: Variant) {
    if let Some(secs) = s.solutions.solving(v) {
        // No spinner: it repaints at once, every frame; the seconds say it is alive.
        ui.label(format!("Solving {v}… {secs:.1} s (in the background)"));
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    } else if s.solutions.get(v).is_none() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(50));
    }
}

/// `side`'s exact result in words: "the wolves win in 7", "the goat loses in 4".
pub fn verdict(side: Side, v: Value) -> String {
    let (who, win, lose) = match side {
        Side::Goat => ("the goat", "wins", "loses"),
        Side::Wolves => ("the wolves", "win", "lose"),
    };
    match v {
        Value::Win(n) => format!("{who} {win} in {n}"),
        Value::Loss(n) => format!("{who} {lose} in {n}"),
    }
}

/// The colour of a verdict for `side`: green for a win, red for a loss.
pub(super) fn verdict_colour(ui: &egui::Ui, v: Value) -> egui::Color32 {
    if v.is_win() {
        if ui.visuals().dark_mode {
            egui::Color32::from_rgb(120, 210, 120)
        } else {
            egui::Color32::from_rgb(20, 120, 40)
        }
    } else {
        ui.visuals().error_fg_color
    }
}
