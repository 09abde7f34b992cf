//! Playing or copying a candidate: the candidates' actions that change the board or reach the
//! clipboard.

use super::AppState;
use crate::app::editing::IdFormat;
use crate::app::effect::Effect;

impl AppState {
    /// Puts the position candidate `i` reaches, the other side to play, on the clipboard.
    pub(super) fn copy_result(&mut self, i: usize, format: IdFormat) {
        let Some(row) = self
            .candidates
            .analysis
            .as_ref()
            .and_then(|a| a.candidates.get(i))
        else {
            return self.messages.error("nothing copied: no such candidate");
        };
        let notation = row.play.mv.notation();
        let Some(setup) = self.editing.edit.turn_over(&row.play.result).setup() else {
            return self
                .messages
                .error("nothing copied: the result is not a position");
        };
        let text = format.write(&setup);
        self.messages
            .info(format!("copied {text} (the position after {notation})"));
        self.effects.push(Effect::Copy(text));
    }

    /// Candidate `i` of the analysis shown, with the side that plays it and the dice; says why
    /// when there are no candidates.
    pub(crate) fn candidate_to_play(
        &mut self,
        i: usize,
    ) -> Option<(
        bgw_engine::core::moves::Play,
        bgw_engine::Side,
        bgw_engine::Dice,
    )> {
        let Some(a) = &self.candidates.analysis else {
            self.messages
                .error("no candidates to play: roll or set the dice first");
            return None;
        };
        let row = a.candidates.get(i)?;
        Some((row.play, a.position.on_roll(), a.dice))
    }

    pub(super) fn play_candidate(&mut self, i: usize) {
        let Some((play, mover, dice)) = self.candidate_to_play(i) else {
            return;
        };
        let notation = play.mv.notation();
        let next = self.editing.edit.turn_over(&play.result);
        self.editing.replace(next);
        self.messages
            .info(format!("{mover} played {dice} {notation}"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::copied;
    use super::*;
    use crate::app::candidates::CandidatesAction;
    use crate::app::edit::Loc;
    use crate::app::editing::EditAction;
    use bgw_engine::core::dice::Dice;
    use bgw_engine::core::position::{Position, Side};

    #[test]
    fn a_candidates_result_is_copied_with_the_other_side_to_play() {
        let mut s = AppState::default();
        s.act(EditAction::SetDice(3, 1));
        let fx = s.act(CandidatesAction::CopyResult(0, IdFormat::Xgid));
        let text = copied(&fx).expect("copied");
        let p = bgw_engine::core::formats::read_setup(&text)
            .unwrap()
            .position;
        assert_eq!(p.on_roll(), bgw_engine::Side::Black);
        assert!(
            s.messages
                .last
                .as_ref()
                .unwrap()
                .text
                .contains("the position after")
        );
        let fx = s.act(CandidatesAction::CopyResult(999, IdFormat::PositionId));
        assert_eq!(copied(&fx), None);
        assert!(s.messages.last.as_ref().unwrap().error);
    }

    #[test]
    fn analysis_waits_for_a_legal_board_and_dice() {
        let mut s = AppState::default();
        assert!(s.candidates.analysis.is_none());
        s.act(EditAction::Paste(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10".into(),
        ));
        let expected = bgw_engine::core::moves::legal_plays(
            &Position::opening(Side::White),
            Dice::new(5, 2).unwrap(),
        )
        .len();
        assert_eq!(
            s.candidates.analysis.as_ref().unwrap().candidates.len(),
            expected
        );
        s.act(EditAction::Add(Side::White, Loc::Point(7)));
        assert!(s.candidates.analysis.is_none());
        assert!(s.board_status().0.starts_with("White has 16 checkers"));
        s.act(EditAction::Undo);
        assert!(s.candidates.analysis.is_some());
        s.act(EditAction::Paste("not an id".into()));
        assert!(s.messages.last.as_ref().unwrap().error);
    }

    #[test]
    fn playing_passes_the_turn() {
        let mut s = AppState::default();
        s.act(EditAction::SetDie(0, 3));
        s.act(EditAction::SetDie(1, 1));
        s.act(CandidatesAction::SelectStep(1));
        assert_eq!(s.candidates.selected, Some(0));
        s.act(CandidatesAction::Play(0));
        assert_eq!(s.editing.edit.on_roll, Side::Black);
        assert_eq!(s.editing.edit.dice, [0, 0]);
        assert_eq!(s.editing.edit.board.pips(Side::White), 163);
        s.act(EditAction::Undo);
        assert_eq!(s.editing.edit.on_roll, Side::White);
    }
}
