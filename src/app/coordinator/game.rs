//! The rules of a game against the classic program that span features: a game takes the
//! weights being edited, board edits and candidate plays route through the game, the game is
//! shown on the board, and the program moves after each of the person's actions.

use super::{Action, AppState};
use crate::app::candidates::CandidatesAction;
use crate::app::editing::edit_board::{EditBoard, Loc, own_point};
use crate::app::editing::{Edit, EditAction};
use crate::app::play::{PlayAction, PlayGame, game};
use bgw_engine::core::position::Side;
use bgw_engine::evaluation::classic::{
    GameError, MoveError, Outcome, PersonMove, PersonStep, Status, Undone,
};

/// How many turns one action may move the game on (program moves and passes).
const TURNS_PER_ACTION: usize = 8;

/// What the app says when the person moves without dice.
const ROLL_FIRST: &str = "roll first (R), or click the dice to enter them";

impl AppState {
    /// Ends the game: back to editing; the game is kept for File → Export game….
    fn end_game(&mut self) {
        if let Some(g) = self.play.take() {
            self.keep_game(&g);
            self.messages.info("game ended: editing again");
        }
    }

    /// Keeps `g` as the last game, once it has started.
    fn keep_game(&mut self, g: &PlayGame) {
        if g.game.played().is_some() {
            self.last_game = Some(std::sync::Arc::new(g.to_match()));
        }
    }

    /// Applies one action of the Play tab.
    pub(super) fn apply_play(&mut self, action: PlayAction) {
        match action {
            PlayAction::NewGame(human) => self.new_game(human),
            PlayAction::EndGame => match &mut self.play {
                // A game in progress is lost: asked first.
                Some(g) if g.over().is_none() => g.ending = true,
                Some(_) => self.end_game(),
                None => {}
            },
            PlayAction::ConfirmEnd(yes) => {
                if let Some(g) = &mut self.play {
                    g.ending = false;
                }
                if yes {
                    self.end_game();
                }
            }
            PlayAction::Step(from, to) => self.play_step(from, to),
            PlayAction::Typed(text) => {
                if let Some(g) = &mut self.play {
                    let r = g.game.play_typed(&text);
                    self.person_moved(r, |m| format!("{} plays {}: ", m.side, m.dice));
                }
            }
            PlayAction::Candidate(i) => self.play_candidate_in_game(i),
            PlayAction::UndoMyMove => self.undo_my_move(),
            PlayAction::SetLearning(on) => {
                self.learning.on = on;
                if let Some(g) = &mut self.play {
                    g.game.set_learning(on);
                }
            }
            PlayAction::SetEta(eta) => {
                if crate::app::play::ETA_RANGE.contains(&eta) {
                    self.learning.eta = eta;
                    if let Some(g) = &mut self.play {
                        g.game.set_eta(eta);
                    }
                }
            }
        }
    }

    fn new_game(&mut self, human: Side) {
        let mut g = PlayGame::new(
            human,
            self.weights.current,
            self.learning.eta,
            self.learning.on,
        );
        // The opening roll: each side throws one die; the higher moves first with both (the
        // program's opening is played by `play_advance`).
        let roll = match g.game.opening_roll(&mut *self.dice) {
            Ok(roll) => roll,
            Err(e) => return self.messages.error(e.to_string()),
        };
        let edit = game_edit(&g, &Edit::opening());
        if let Some(old) = self.play.replace(g) {
            self.keep_game(&old);
        }
        self.editing.replace(edit);
        self.messages.info(format!(
            "new game: you play {human}; opening roll White {}, Black {}: {} starts",
            roll.white, roll.black, roll.starter
        ));
    }

    /// In a game: board edits become move steps, undo undoes the person's move, editing
    /// actions are refused. `None` when the action is dropped.
    pub(crate) fn route_in_game(&mut self, action: Action) -> Option<Action> {
        let Some(game) = &self.play else {
            return Some(action);
        };
        let humans_turn = game.humans_turn();
        let moving = !game.partial().is_empty();
        let edit = match action {
            Action::Edit(e) => e,
            Action::Candidates(CandidatesAction::Play(_)) if !humans_turn => return None,
            Action::Candidates(CandidatesAction::Play(i)) => {
                return Some(PlayAction::Candidate(i).into());
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

    /// In a game, after an edit: the dice on the board become the person's dice (set, thrown
    /// or cleared before the first step; the routing refused any other change).
    pub(crate) fn game_takes_the_dice(&mut self) {
        let Some(g) = &mut self.play else { return };
        let roll = self.editing.edit.roll();
        if !g.humans_turn() || !g.partial().is_empty() || roll == g.game.dice() {
            return;
        }
        let r = match roll {
            Some(d) => g.game.set_dice(d),
            None => g.game.clear_dice(),
        };
        if let Err(e) = r {
            self.messages.error(e.to_string());
        }
    }

    /// In a game, after the weights were edited: the program plays with them from its next
    /// move (as it did before the game held its own copy).
    pub(crate) fn game_takes_the_weights(&mut self) {
        if let Some(g) = &mut self.play
            && *g.game.weights() != self.weights.current
        {
            g.game.set_weights(self.weights.current);
        }
    }

    /// The weights the game has now (learnt, or restored by undo) become the edited weights,
    /// one undo step of the weights.
    fn weights_from_game(&mut self) {
        if let Some(g) = &self.play {
            let w = *g.game.weights();
            if w != self.weights.current {
                self.weights.change(|current| {
                    *current = w;
                    Some(())
                });
            }
        }
    }

    /// The board the candidates are of: during a move in a game, that of the move's start.
    pub(crate) fn analysed_edit(&self) -> Edit {
        match &self.play {
            Some(g) if !g.partial().is_empty() => Edit {
                board: EditBoard::from_position(g.game.position()),
                ..self.editing.edit
            },
            _ => self.editing.edit,
        }
    }

    /// Shows the game on the board: its position with the person's steps so far, the dice;
    /// `record` makes it one step of the board's history.
    fn show_game(&mut self, record: bool) {
        let Some(g) = &self.play else { return };
        let edit = game_edit(g, &self.editing.edit);
        if record {
            self.editing.replace(edit);
        } else {
            self.editing.edit = edit;
        }
    }

    fn play_step(&mut self, from: Loc, to: Loc) {
        let Some(g) = &mut self.play else { return };
        let human = g.human();
        let point = |loc: Loc| match loc {
            Loc::Point(wp) => own_point(human, wp),
            Loc::Bar => 25,
            Loc::Off => 0,
        };
        let (f, t) = (point(from), point(to));
        // A drag back to where it started (or from the tray) is no step.
        if from == Loc::Off || f == t {
            return;
        }
        match g.game.step(f, t) {
            Ok(PersonStep::Begun) => {
                g.refusal = None;
                self.show_game(false);
            }
            Ok(PersonStep::Played(m)) => {
                self.person_moved(Ok(m), |m| format!("{} plays {}: ", m.side, m.dice))
            }
            Err(e) => self.refuse(e),
        }
    }

    fn play_candidate_in_game(&mut self, i: usize) {
        let Some((play, ..)) = self.candidate_to_play(i) else {
            return;
        };
        let result = play.result;
        let Some(g) = &mut self.play else { return };
        let Some(index) = g.game.legal_plays().iter().position(|p| p.result == result) else {
            return self
                .messages
                .error("that candidate is not of the game's position");
        };
        let r = g.game.play(index).map_err(MoveError::Game);
        self.person_moved(r, |m| format!("{} played {} ", m.side, m.dice));
    }

    /// The person's move played (the message `intro` then the move) or refused.
    fn person_moved(
        &mut self,
        r: Result<PersonMove, MoveError>,
        intro: impl FnOnce(&PersonMove) -> String,
    ) {
        let m = match r {
            Ok(m) => m,
            Err(e) => return self.refuse(e),
        };
        if let Some(g) = &mut self.play {
            g.refusal = None;
        }
        self.show_game(true);
        let notation = m.play.map(|p| p.mv.notation()).unwrap_or_default();
        self.messages.info(format!("{}{notation}", intro(&m)));
        if let Some(o) = m.outcome {
            self.announce(o);
        }
    }

    fn refuse(&mut self, e: MoveError) {
        match e {
            MoveError::Refused(r) => {
                let text = r.to_string();
                self.messages.error(format!("refused: {text}"));
                if let Some(g) = &mut self.play {
                    g.refusal = Some(text);
                }
            }
            MoveError::Game(GameError::NoDice) => self.messages.error(ROLL_FIRST),
            MoveError::Game(e) => self.messages.error(e.to_string()),
        }
    }

    fn undo_my_move(&mut self) {
        let Some(g) = &mut self.play else { return };
        let answer = g.game.last_program_turn().and_then(|t| t.played);
        let text = match g.game.undo() {
            None => return self.messages.info("nothing to undo"),
            Some(Undone::Steps) => "your steps are taken back".to_string(),
            // The learning the program's answer did is taken back with it.
            Some(Undone::Move) => {
                self.weights_from_game();
                match answer {
                    Some(m) => format!(
                        "your move is undone, and the program's answer {} with it",
                        m.play.mv.notation()
                    ),
                    None => "your move is undone".to_string(),
                }
            }
        };
        if let Some(g) = &mut self.play {
            g.refusal = None;
        }
        self.show_game(true);
        self.messages.info(text);
    }

    fn announce(&mut self, outcome: Outcome) {
        if let Some(g) = &self.play {
            let text = g.over_text(outcome);
            self.messages.info(text);
        }
    }

    /// Moves the game on: the program's turns, passes when the person cannot move.
    pub(crate) fn play_advance(&mut self) {
        for _ in 0..TURNS_PER_ACTION {
            let Some(g) = &mut self.play else { return };
            match g.game.status() {
                Status::Roll(side) | Status::Move(side, _) if g.game.is_program(side) => {
                    self.program_turn();
                }
                Status::Move(_, d) if g.game.legal_plays().is_empty() => {
                    if let Err(e) = g.game.pass() {
                        return self.messages.error(e.to_string());
                    }
                    self.show_game(false);
                    self.messages
                        .info(format!("you cannot move with {d}: the turn passes"));
                }
                _ => return,
            }
        }
    }

    /// The program's turn: it throws the dice (or plays those of the opening roll), learns if
    /// learning is on, and moves or passes.
    fn program_turn(&mut self) {
        let Some(g) = &mut self.play else { return };
        let turn = match g.game.program_turn(&mut *self.dice) {
            Ok(turn) => turn,
            Err(e) => return self.messages.error(e.to_string()),
        };
        if let Some(u) = &turn.update {
            self.weights_from_game();
            self.messages
                .info(format!("learning: {}", game::update_line(u)));
        }
        self.show_game(false);
        match turn.played {
            Some(_) => self.messages.info(game::program_line(&turn)),
            None => self.messages.info(format!(
                "the program ({}) cannot move with {}",
                turn.side, turn.dice
            )),
        }
        if let Some(o) = turn.outcome {
            self.announce(o);
        }
    }
}

/// The board showing `g`: its position with the person's steps so far, the side on roll, the
/// dice (as the person set them when they are the game's), `base`'s match state.
fn game_edit(g: &PlayGame, base: &Edit) -> Edit {
    let shown = g.game.shown();
    let dice = match (g.game.dice(), base.roll()) {
        (Some(d), Some(b)) if d == b => base.dice,
        (Some(d), _) => [d.high(), d.low()],
        // The turn moved on: the dice went with it.
        (None, Some(_)) => [0, 0],
        // No dice yet: a die being entered stays.
        (None, None) => base.dice,
    };
    Edit {
        board: EditBoard::from_position(shown),
        on_roll: shown.on_roll(),
        dice,
        match_state: base.match_state,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::weights::WeightsAction;
    use bgw_engine::ScriptedDice;
    use bgw_engine::evaluation::classic::Term;

    fn game(throws: impl IntoIterator<Item = (u8, u8)>, human: Side) -> AppState {
        let mut s = AppState::default().with_dice(ScriptedDice::new(throws));
        s.act(PlayAction::NewGame(human));
        s
    }

    fn last_program(s: &AppState) -> String {
        s.play.as_ref().unwrap().last_program().unwrap_or_default()
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
        let g = s.play.as_ref().unwrap();
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
            s.play.as_ref().unwrap().refusal.as_deref(),
            Some("you cannot bear off before all your checkers are home")
        );
        s.act(EditAction::Move(
            Side::Black,
            Loc::Point(17),
            Loc::Point(20),
        ));
        let g = s.play.as_ref().unwrap();
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
        let updates = s.play.as_ref().unwrap().updates();
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
        let g = s.play.as_ref().unwrap();
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
        assert_eq!(*s.play.as_ref().unwrap().game.weights(), s.weights.current);
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
