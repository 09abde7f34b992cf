//! gnubg's probabilities beside each candidate: win, win gammon, win backgammon, lose gammon,
//! lose backgammon after the move, for the side that moved, as gnubg's `hint` prints them
//! (`0.508 0.135 0.007 - 0.492 0.132 0.005`: the losses are one minus the win). The
//! candidates table shows them in a column of their own when the person asks for it (a
//! toggle in the gnubg line), and in full on hover over gnubg's equity.

use super::CandidatesAction;
use bgw_engine::reference::Probabilities;

/// The column's title.
pub const TITLE: &str = "W WG WBG LG LBG %";

/// What the column's title says on hover.
pub const DESCRIPTION: &str = "gnubg's probabilities after the move, in per cent: win, win \
     gammon, win backgammon, lose gammon, lose backgammon (gammons include backgammons), as its \
     hint gives them; the classic's choice is marked by its colour and its loss while they are \
     shown";

/// The column's cell: `50.8 13.5 0.7 13.2 0.5` (per cent, one decimal; narrow, so that the
/// table keeps every column at 1280×720).
pub fn cell(p: &Probabilities) -> String {
    format!(
        "{:.1} {:.1} {:.1} {:.1} {:.1}",
        100.0 * p[0],
        100.0 * p[1],
        100.0 * p[2],
        100.0 * p[3],
        100.0 * p[4]
    )
}

/// The probabilities in words, for a hover and screen readers.
pub fn words(p: &Probabilities) -> String {
    format!(
        "win {:.1} % (gammon {:.1} %, backgammon {:.1} %), lose {:.1} % (gammon {:.1} %, \
         backgammon {:.1} %)",
        100.0 * p[0],
        100.0 * p[1],
        100.0 * p[2],
        100.0 * (1.0 - p[0]),
        100.0 * p[3],
        100.0 * p[4]
    )
}

/// The characters the column needs: its widest cell, or its title when wider.
pub fn width_chars<'a>(cells: impl Iterator<Item = &'a Probabilities>) -> usize {
    cells
        .map(|p| cell(p).chars().count())
        .max()
        .unwrap_or(0)
        .max(TITLE.chars().count())
}

/// The toggle that shows or hides the column.
pub fn toggle(ui: &mut egui::Ui, on: bool, out: &mut Vec<CandidatesAction>) {
    if ui
        .selectable_label(on, "W/WG/WBG LG/LBG")
        .on_hover_text(
            "Show gnubg's probabilities beside each candidate: win, win gammon, win backgammon, \
             lose gammon, lose backgammon (also on hover over gnubg's equity)",
        )
        .clicked()
    {
        out.push(CandidatesAction::ShowProbabilities(!on));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::reference::hint_line;

    #[test]
    fn probabilities_read_as_gnubgs_hint_prints_them() {
        // gnubg 1.07's hint for 24/22 13/8 at 3-2 to 7, cube 2 White, 0-ply.
        let p = [0.508, 0.135, 0.007, 0.132, 0.005];
        assert_eq!(hint_line(&p), "0.508 0.135 0.007 - 0.492 0.132 0.005");
        assert_eq!(cell(&p), "50.8 13.5 0.7 13.2 0.5");
        assert!(words(&p).starts_with("win 50.8 % (gammon 13.5 %"));
        assert_eq!(width_chars([p].iter()), cell(&p).chars().count());
        let sure = [1.0, 0.999, 0.999, 0.0, 0.0];
        assert_eq!(width_chars([p, sure].iter()), cell(&sure).chars().count());
    }
}
