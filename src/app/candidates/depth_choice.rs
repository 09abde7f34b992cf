//! The depth gnubg evaluates at, chosen by buttons (the candidates table's and the cube
//! panel's).

use super::CandidatesAction;
use super::verdict::PLIES;

/// The depth buttons: off, 0-ply, 1-ply, 2-ply (the chosen one selected).
pub fn show(ui: &mut egui::Ui, plies: Option<u8>, out: &mut Vec<CandidatesAction>) {
    let choices = std::iter::once(None).chain(PLIES.into_iter().map(Some));
    for p in choices {
        let name = p.map_or("off".to_string(), |p| format!("{p}-ply"));
        if ui
            .selectable_label(plies == p, name)
            .on_hover_text("The depth gnubg evaluates at")
            .clicked()
            && plies != p
        {
            out.push(CandidatesAction::SetGnubgPlies(p));
        }
    }
}
