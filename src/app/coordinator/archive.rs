//! The Archive tab and the board: the drill's answers are read from the board — the
//! candidate selected, or the legal move of the card the board now shows. (An error opened or
//! a card shown goes onto the board through the feature's [`crate::app::feature::Show`].)

use super::AppState;
use crate::app::archive::DrillInputs;
use bgw_engine::core::moves::legal_plays;

impl AppState {
    /// What the drill can take as an answer from the board: the candidate selected (on the
    /// card's own board), and the legal move of the card that the board shows — its
    /// checkers moved by hand, or a candidate played (the board turned over).
    pub fn drill_inputs(&self) -> DrillInputs {
        let mut inputs = DrillInputs {
            candidate: None,
            on_board: None,
        };
        let Some(card) = &self.archive.drill.card else {
            return inputs;
        };
        let Some(card_edit) = self.archive.board() else {
            return inputs;
        };
        let Ok(setup) = card.setup() else {
            return inputs;
        };
        let Some(dice) = setup.dice else {
            return inputs;
        };
        if self.editing.edit == card_edit
            && let (Some(a), Some(i)) = (&self.candidates.analysis, self.candidates.shown())
        {
            inputs.candidate = a.candidates.get(i).map(|c| c.play.mv.notation());
        }
        let now = &self.editing.edit;
        let moved = now.position().ok();
        inputs.on_board = legal_plays(&setup.position, dice)
            .into_iter()
            .find(|p| {
                let by_hand = moved.is_some_and(|m| {
                    m.on_roll() == p.result.on_roll() && m.board() == p.result.board()
                });
                by_hand || card_edit.turn_over(&p.result) == *now
            })
            .map(|p| p.mv.notation());
        inputs
    }
}
