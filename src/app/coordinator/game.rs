//! A game against the classic program and the rest of the app: while a game is on, board
//! edits become the game's steps, undo undoes the person's move, candidate plays become the
//! game's moves, and the edits a game does not allow are refused; the dice set on the board
//! are the person's. The game's own rules are the Play feature's ([`crate::app::play::rules`]).

use super::{Action, AppState};
use crate::app::candidates::CandidatesAction;
use crate::app::edit::Edit;
use crate::app::editing::EditAction;
use crate::app::play::PlayAction;

impl AppState {
    /// In a game: board edits become move steps, undo undoes the person's move, a candidate
    /// played becomes the game's move, editing actions are refused. `None` when the action is
    /// dropped.
    pub(crate) fn route_in_game(&mut self, action: Action) -> Option<Action> {
        let Some(game) = &self.play.game else {
            return Some(action);
        };
        let humans_turn = game.humans_turn();
        let moving = !game.partial().is_empty();
        let edit = match action {
            Action::Edit(e) => e,
            Action::Candidates(CandidatesAction::Play(_)) if !humans_turn => return None,
            Action::Candidates(CandidatesAction::Play(i)) => {
                let (play, ..) = self.candidate_to_play(i)?;
                return Some(PlayAction::Candidate(play.result).into());
            }
            a => return Some(a),
        };
        match edit {
            EditAction::Move(_, from, to) if humans_turn => Some(PlayAction::Step(from, to).into()),
            EditAction::Undo => Some(PlayAction::UndoMyMove.into()),
            EditAction::Add(..)
            | EditAction::Remove(_)
            | EditAction::Move(..)
            | EditAction::SetOnRoll(_)
            | EditAction::Opening
            | EditAction::Empty
            | EditAction::SwapSides
            | EditAction::MoneyGame
            | EditAction::Paste(_)
            | EditAction::Show(_)
            | EditAction::Typed(_)
            | EditAction::Open
            | EditAction::LoadPosition(_)
            | EditAction::LoadExample(_)
            | EditAction::Redo => {
                self.messages
                    .error("a game is on: end it (Play tab) to edit the board");
                None
            }
            EditAction::SetDie(..)
            | EditAction::SetDice(..)
            | EditAction::Roll
            | EditAction::ClearDice
                if !humans_turn || moving =>
            {
                self.messages
                    .error("the dice can change only before you move");
                None
            }
            e => Some(e.into()),
        }
    }

    /// In a game, after an edit: the dice on the board become the person's dice.
    pub(crate) fn game_takes_the_dice(&mut self) {
        if let Some(why) = self.play.take_dice(self.editing.edit.roll()) {
            self.messages.error(why);
        }
    }

    /// The board the candidates are of: during a move in a game, that of the move's start.
    pub(crate) fn analysed_edit(&self) -> Edit {
        self.play.analysed_edit(self.editing.edit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::edit::Loc;
    use crate::app::play::PlayGame;
    use crate::app::weights::WeightsAction;
    use bgw_engine::ScriptedDice;
    use bgw_engine::core::position::Side;
    use bgw_engine::evaluation::classic::Term;

    fn game(throws: impl IntoIterator<Item = (u8, u8)>, human: Side) -> AppState {
        let mut s = AppState::default().with_dice(ScriptedDice::new(throws));
        s.act(PlayAction::NewGame(human));
        s
    }

    fn last_program(s: &AppState) -> String {
        s.play
            .game
            .as_ref()
            .unwrap()
            .last_program()
            .unwrap_or_default()
    }

    #[test]
    fn the_program_wins_the_opening_roll_and_plays_it() {
        let s = game([(2, 1)], Side::Black);
        assert!(s.messages.log.contains(
            &"new game: you play Black; opening roll White 2, Black 1: White starts".to_string()
        ));
        assert_eq!(
            last_program(&s),
            "White rolls 21 and plays 24/21 [contact: highest BRDVAL (-9.86)]"
        );
        assert_eq!(s.editing.edit.on_roll, Side::Black);
        assert_eq!(s.editing.edit.dice, [0, 0]);
    }

    #[test]
    fn a_tied_opening_roll_is_thrown_again_and_the_person_moves_first() {
        let mut s = game([(4, 4), (1, 3), (6, 4), (5, 2)], Side::Black);
        assert!(
            s.messages
                .log
                .iter()
                .any(|l| l.ends_with("White 1, Black 3: Black starts"))
        );
        assert_eq!(s.editing.edit.on_roll, Side::Black);
        assert_eq!(s.editing.edit.dice, [3, 1]);
        assert_eq!(last_program(&s), "");
        // The person plays 8/5 6/5; the program throws 6-4 and answers.
        s.act(PlayAction::Typed("8/5 6/5".into()));
        assert_eq!(
            last_program(&s),
            "White rolls 64 and plays 24/14 [contact: highest BRDVAL (-8.61)]"
        );
        assert_eq!(s.editing.edit.on_roll, Side::Black);
        // Rolling takes the next throw.
        s.act(EditAction::Roll);
        assert_eq!(s.editing.edit.dice, [5, 2]);
    }

    #[test]
    fn a_refused_step_gives_the_seeds_reason_and_leaves_the_game_alone() {
        // Black (the person) starts with 3-1.
        let mut s = game([(1, 3)], Side::Black);
        let before = s.editing.edit;
        // Black's 7 point is White's 18: Black has no checker there.
        s.act(EditAction::Move(
            Side::Black,
            Loc::Point(18),
            Loc::Point(21),
        ));
        let g = s.play.game.as_ref().unwrap();
        assert_eq!(g.refusal.as_deref(), Some("you have no checker on point 7"));
        let last = s.messages.last.as_ref().unwrap();
        assert!(last.error);
        assert_eq!(last.text, "refused: you have no checker on point 7");
        assert_eq!(s.editing.edit, before);
        assert!(g.partial().is_empty());
        // A drag back to the same point is no step (and no refusal of one).
        s.act(EditAction::Move(
            Side::Black,
            Loc::Point(17),
            Loc::Point(17),
        ));
        assert_eq!(s.editing.edit, before);
        // A typed move is refused with its reason too; a legal step clears the refusal.
        s.act(PlayAction::Typed("6/off 8/7".into()));
        assert_eq!(
            s.play.game.as_ref().unwrap().refusal.as_deref(),
            Some("you cannot bear off before all your checkers are home")
        );
        s.act(EditAction::Move(
            Side::Black,
            Loc::Point(17),
            Loc::Point(20),
        ));
        let g = s.play.game.as_ref().unwrap();
        assert_eq!(g.refusal, None);
        assert_eq!(g.partial(), [(8, 5)]);
        assert_eq!(g.partial_text(), "8/5");
        assert_eq!(s.editing.edit.board.count(Side::Black, Loc::Point(20)), 1);
        // Mid-move the dice stay and the board's editing is refused.
        s.act(EditAction::SetDie(0, 6));
        assert_eq!(s.editing.edit.dice, [3, 1]);
        s.act(EditAction::Add(Side::White, Loc::Point(3)));
        assert_eq!(
            s.messages.last.as_ref().unwrap().text,
            "a game is on: end it (Play tab) to edit the board"
        );
    }

    #[test]
    fn undo_my_move_takes_back_the_programs_answer_and_its_learning() {
        // White (the program) starts with 3-1; Black enters 2-1; White answers 6-4 and, with
        // learning on, judges the exchange.
        let mut s = AppState::default().with_dice(ScriptedDice::new([(3, 1), (6, 4)]));
        s.act(PlayAction::SetLearning(true));
        s.act(PlayAction::SetEta(0.5));
        s.act(PlayAction::NewGame(Side::Black));
        let opening = last_program(&s);
        assert!(
            opening.starts_with("White rolls 31 and plays 8/5 6/5"),
            "{opening}"
        );
        let weights = s.weights.current;
        s.act(EditAction::SetDie(0, 2));
        s.act(EditAction::SetDie(1, 1));
        let before = s.editing.edit;
        s.act(PlayAction::Typed("13/11 6/5".into()));
        assert!(
            s.messages
                .log
                .contains(&"Black plays 21: 13/11 6/5".to_string())
        );
        let answer = last_program(&s);
        assert!(answer.starts_with("White rolls 64 and plays "), "{answer}");
        let updates = s.play.game.as_ref().unwrap().updates();
        assert_eq!(updates.len(), 1, "the first exchange is judged");
        assert!(
            s.messages
                .log
                .contains(&format!("learning: {}", updates[0])),
            "{:?}",
            s.messages.log
        );
        assert_ne!(s.weights.current, weights, "learning changed the weights");
        assert_eq!(s.editing.edit.on_roll, Side::Black);
        assert_eq!(s.editing.edit.dice, [0, 0]);
        // Undo (Ctrl+Z on the board): the board, dice included, from before the move; the
        // program's answer and its learning are gone.
        s.act(EditAction::Undo);
        assert_eq!(s.editing.edit, before);
        assert_eq!(last_program(&s), opening);
        let g = s.play.game.as_ref().unwrap();
        assert!(g.updates().is_empty());
        assert_eq!(g.game.turns(), 1);
        assert_eq!(s.weights.current, weights);
        assert_eq!(*g.game.weights(), weights);
        let undone = &s.messages.last.as_ref().unwrap().text;
        let taken_back = answer.split(" and plays ").nth(1).unwrap();
        let taken_back = taken_back.split(" [").next().unwrap();
        assert_eq!(
            *undone,
            format!("your move is undone, and the program's answer {taken_back} with it")
        );
        // The move can be made again: the candidates are of that position and roll.
        assert_eq!(s.candidates.len(), g.game.legal_plays().len());
        s.act(PlayAction::UndoMyMove);
        s.act(PlayAction::UndoMyMove);
        assert_eq!(s.messages.last.as_ref().unwrap().text, "nothing to undo");
    }

    #[test]
    fn weights_edited_during_a_game_go_to_the_program() {
        let mut s = game([(1, 3)], Side::Black);
        let value = s.weights.current.get(Term::Bar) + 1.0;
        s.act(WeightsAction::Set {
            term: Term::Bar,
            value,
            gesture: true,
        });
        assert_eq!(s.weights.current.get(Term::Bar), value);
        assert_eq!(
            *s.play.game.as_ref().unwrap().game.weights(),
            s.weights.current
        );
    }

    #[test]
    fn the_end_says_who_won_and_the_score() {
        use bgw_engine::evaluation::classic::{Outcome, Win};
        let g = PlayGame::new(Side::Black, Default::default(), 0.01, false);
        let end = |winner, win| g.over_text(Outcome { winner, win });
        assert_eq!(
            end(Side::Black, Win::Gammon),
            "You win a gammon (2 points)!"
        );
        assert_eq!(
            end(Side::White, Win::Single),
            "The program (White) wins a single game (1 point)."
        );
    }
}
