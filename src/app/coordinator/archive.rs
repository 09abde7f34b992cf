//! The Archive tab and the board: an error opened or a drill card goes onto the board (as
//! if pasted: a game refuses it), and the drill's answers are read from the board — the
//! candidate selected, or the legal move of the card the board now shows.

use super::{Action, AppState};
use crate::app::archive::{ArchiveAction, DrillInputs};
use crate::app::editing::EditAction;
use bgw_engine::core::moves::legal_plays;

impl AppState {
    /// Applies an Archive tab action; an error opened or a card shown replaces the board.
    pub(super) fn apply_archive(&mut self, action: ArchiveAction) {
        let before = (
            self.archive.opened,
            self.archive.drill.card.as_ref().map(|c| c.card),
        );
        let fx = self.archive.update(action, &self.weights.current);
        self.emit(fx, Action::Archive);
        let after = (
            self.archive.opened,
            self.archive.drill.card.as_ref().map(|c| c.card),
        );
        if after != before {
            self.show_archive_board();
        }
    }

    /// Takes the Archive tab's background news; a card that came puts its board up. The
    /// archive is read the first time the tab is `open`.
    pub(super) fn poll_archive(&mut self, open: bool) {
        if open {
            let fx = self.archive.read_once();
            self.emit(fx, Action::Archive);
        }
        let (fx, board) = self.archive.poll();
        self.emit(fx, Action::Archive);
        if board {
            self.show_archive_board();
        }
    }

    fn show_archive_board(&mut self) {
        if let Some(edit) = self.archive.board()
            && self.editing.edit != edit
            && let Some(Action::Edit(show)) = self.route_in_game(EditAction::Show(edit).into())
        {
            let fx = self.editing.update(show, &mut *self.dice);
            self.emit(fx, Action::Edit);
            self.refresh();
        }
    }

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
