//! Play against the classic program (as in the seed): the person moves by dragging checkers
//! (each partial move checked, a refusal given with the seed's reason) or by picking a
//! candidate; the program rolls and answers with its phase and reason; learning (GOOD/BAD)
//! can be on, its updates logged. Dice come from the app's dice source.
//!
//! - [`game`]: the game in progress ([`PlayGame`]);
//! - [`panel`]: the Play tab.
//!
//! While a game is on, [`AppState::route_in_game`] turns board edits into move steps and
//! refuses the edits a game does not allow.

pub mod game;
pub mod panel;

pub use game::PlayGame;

use super::candidates::CandidatesAction;
use super::editing::edit_board::{EditBoard, Loc, own_point, white_point};
use super::editing::{Edit, EditAction};
use super::state::{Action, AppState};
use bgw_engine::classic::{Phase, Ranking};
use bgw_engine::dice::Dice;
use bgw_engine::moves::parse::{Refusal, match_play};
use bgw_engine::position::{Position, Side};

/// What can be done in the Play tab and during a game.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// Starts a game against the classic program, the person playing this colour.
    NewGame(Side),
    /// Ends the game (back to editing).
    EndGame,
    /// One step of the person's move in a game: a checker from one place to another.
    Step(Loc, Loc),
    /// A move typed in gnubg notation in a game.
    Typed(String),
    /// Back to the board before the person's last move.
    UndoMyMove,
    /// Learning on or off.
    SetLearning(bool),
    /// The learning step η.
    SetEta(f64),
}

/// How many turns one action may move the game on (program moves and passes).
const TURNS_PER_ACTION: usize = 8;

impl AppState {
    /// Applies one action of the Play tab.
    pub(crate) fn apply_play(&mut self, action: PlayAction) {
        match action {
            PlayAction::NewGame(human) => self.new_game(human),
            PlayAction::EndGame => {
                if self.play.take().is_some() {
                    self.messages.info("game ended: editing again");
                }
            }
            PlayAction::Step(from, to) => self.play_step(from, to),
            PlayAction::Typed(text) => self.play_typed(&text),
            PlayAction::UndoMyMove => {
                if let Some(game) = &mut self.play
                    && let Some(start) = game.turn_start.take()
                {
                    game.partial.clear();
                    game.refusal = None;
                    game.over = None;
                    self.editing.replace(start);
                    self.messages.info("your move is undone");
                }
            }
            PlayAction::SetLearning(on) => self.settings.learning = on,
            PlayAction::SetEta(eta) => {
                if eta.is_finite() && eta >= 0.0 {
                    self.settings.eta = eta;
                    if let Some(g) = &mut self.play {
                        g.learner.eta = eta;
                    }
                }
            }
        }
    }

    fn new_game(&mut self, human: Side) {
        let mut game = PlayGame::new(human, self.settings.eta);
        game.last_program = None;
        self.play = Some(game);
        self.editing.replace(Edit::opening());
        // The opening roll: each side throws one die; the higher moves first with both.
        let (a, b) = loop {
            let (a, b) = self.dice.throw();
            if a != b {
                break (a, b);
            }
        };
        let starter = if a > b { Side::White } else { Side::Black };
        let e = &mut self.editing.edit;
        e.on_roll = starter;
        e.board = EditBoard::from_position(&Position::opening(starter));
        e.dice = [a.max(b), a.min(b)];
        self.messages.info(format!(
            "new game: you play {human}; opening roll White {a}, Black {b}: {starter} starts"
        ));
        if starter != human {
            // The program plays the opening roll.
            self.program_turn(Dice::new(a, b));
        }
    }

    /// In a game: board edits become move steps, undo undoes the person's move, editing
    /// actions are refused. `None` when the action is dropped.
    pub(crate) fn route_in_game(&mut self, action: Action) -> Option<Action> {
        let Some(game) = &self.play else {
            return Some(action);
        };
        let humans_turn = game.over.is_none() && self.editing.edit.on_roll == game.human;
        let moving = !game.partial.is_empty();
        let edit = match action {
            Action::Edit(e) => e,
            Action::Candidates(CandidatesAction::Play(_)) if !humans_turn => return None,
            Action::Candidates(CandidatesAction::Play(i)) => {
                self.begin_human_move();
                return Some(CandidatesAction::Play(i).into());
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
            | EditAction::OpenPosition
            | EditAction::LoadPosition(_)
            | EditAction::LoadExample(_)
            | EditAction::Redo => {
                self.messages
                    .error("a game is on: end it (Play tab) to edit the board");
                None
            }
            EditAction::SetDie(..) | EditAction::Roll | EditAction::ClearDice
                if !humans_turn || moving =>
            {
                self.messages
                    .error("the dice can change only before you move");
                None
            }
            e => Some(e.into()),
        }
    }

    /// Remembers the board at the start of the person's move (for "undo my move").
    fn begin_human_move(&mut self) {
        let edit = self.editing.edit;
        if let Some(g) = &mut self.play
            && g.partial.is_empty()
        {
            g.turn_start = Some(edit);
            g.refusal = None;
        }
    }

    /// The position and dice at the start of the person's move (partial steps not applied).
    fn human_start(&self) -> Option<(Position, Dice)> {
        let game = self.play.as_ref()?;
        let start = if game.partial.is_empty() {
            self.editing.edit
        } else {
            game.turn_start?
        };
        Some((start.position().ok()?, start.roll()?))
    }

    /// The board the candidates are of: during a move in a game, that of the move's start.
    pub(crate) fn analysed_edit(&self) -> Edit {
        match &self.play {
            Some(g) if !g.partial.is_empty() => g.turn_start.unwrap_or(self.editing.edit),
            _ => self.editing.edit,
        }
    }

    fn play_step(&mut self, from: Loc, to: Loc) {
        let Some(game) = &self.play else { return };
        let human = game.human;
        let point = |loc: Loc, off: u8| match loc {
            Loc::Point(wp) => own_point(human, wp),
            Loc::Bar => 25,
            Loc::Off => off,
        };
        let (f, t) = (point(from, 0), point(to, 0));
        if from == Loc::Off || f == t {
            return;
        }
        let mut steps = game.partial.clone();
        steps.push((f, t));
        self.try_human_move(steps);
    }

    fn play_typed(&mut self, text: &str) {
        let Some((pos, dice)) = self.human_start() else {
            return self
                .messages
                .error("roll first (R), or click the dice to enter them");
        };
        self.begin_human_move();
        let plays = self.generator.generate(&pos, dice).to_vec();
        match match_play(&pos, dice, text, &plays) {
            Ok(i) => self.finish_human_move(pos, dice, plays[i]),
            Err(r) => self.refuse(r),
        }
    }

    fn refuse(&mut self, r: Refusal) {
        let text = r.to_string();
        if let Some(g) = &mut self.play {
            g.refusal = Some(text.clone());
        }
        self.messages.error(format!("refused: {text}"));
    }

    /// Checks the person's steps so far: a complete legal move is played, a legal beginning is
    /// shown on the board, anything else refused with the seed's reason.
    fn try_human_move(&mut self, steps: Vec<(u8, u8)>) {
        let Some((pos, dice)) = self.human_start() else {
            return self
                .messages
                .error("roll first (R), or click the dice to enter them");
        };
        self.begin_human_move();
        let text = steps
            .iter()
            .map(|&(f, t)| format!("{f}/{t}"))
            .collect::<Vec<_>>()
            .join(" ");
        let plays = self.generator.generate(&pos, dice).to_vec();
        match match_play(&pos, dice, &text, &plays) {
            Ok(i) => self.finish_human_move(pos, dice, plays[i]),
            Err(Refusal::MorePlayable { played, playable }) if played < playable => {
                // A legal beginning: show it.
                let human = pos.on_roll();
                let Some(&(f, t)) = steps.last() else { return };
                let loc = |p: u8| match p {
                    25 => Loc::Bar,
                    0 => Loc::Off,
                    p => Loc::Point(white_point(human, p)),
                };
                let edit = &mut self.editing.edit;
                let to = loc(t);
                if to != Loc::Off && edit.board.count(human.opponent(), to) == 1 {
                    edit.board.move_checker(human.opponent(), to, Loc::Bar);
                }
                edit.board.move_checker(human, loc(f), to);
                if let Some(g) = &mut self.play {
                    g.partial = steps;
                    g.refusal = None;
                }
            }
            Err(r) => self.refuse(r),
        }
    }

    fn finish_human_move(&mut self, pos: Position, dice: Dice, play: bgw_engine::moves::Play) {
        let next = self.editing.edit.turn_over(&play.result);
        self.editing.replace(next);
        if let Some(g) = &mut self.play {
            g.partial.clear();
            g.refusal = None;
        }
        self.messages.info(format!(
            "{} plays {dice}: {}",
            pos.on_roll(),
            play.mv.notation()
        ));
    }

    /// Moves the game on: the program's turns, passes when the person cannot move, the end.
    pub(crate) fn play_advance(&mut self) {
        for _ in 0..TURNS_PER_ACTION {
            let Some(game) = &self.play else { return };
            if game.over.is_some() {
                return;
            }
            let human = game.human;
            let board = &self.editing.edit.board;
            if let Some(side) = [Side::White, Side::Black]
                .into_iter()
                .find(|&s| board.off(s) == 15 && board.on_board(s) == 0)
            {
                let text = if side == human {
                    "You win!".to_string()
                } else {
                    format!("The program ({side}) wins.")
                };
                self.messages.info(text.clone());
                if let Some(g) = &mut self.play {
                    g.over = Some(text);
                }
                return;
            }
            if self.editing.edit.on_roll != human {
                self.program_turn(None);
                continue;
            }
            match (&self.candidates.analysis, self.editing.edit.roll()) {
                (Some(a), Some(d)) if a.candidates.is_empty() && game.partial.is_empty() => {
                    self.pass_turn(format!("you cannot move with {d}: the turn passes"));
                }
                _ => return,
            }
        }
    }

    fn pass_turn(&mut self, why: String) {
        if let Ok(pos) = self.editing.edit.position() {
            // No move: the turn passes with the board as it is.
            self.editing.edit = self.editing.edit.turn_over(&pos);
        }
        self.messages.info(why);
        self.refresh();
    }

    /// The program throws the dice (or plays `dice`), learns if learning is on, and moves.
    fn program_turn(&mut self, dice: Option<Dice>) {
        let Ok(pos) = self.editing.edit.position() else {
            return;
        };
        let me = pos.on_roll();
        let dice = match dice {
            Some(d) => d,
            None => {
                let (a, b) = self.dice.throw();
                let Some(d) = Dice::new(a, b) else {
                    return self.messages.error(format!("the dice gave {a}-{b}"));
                };
                d
            }
        };
        if self.settings.learning
            && let Some(g) = &mut self.play
            && let Some(u) = self.weights.change(|w| g.learner.after_exchange(w, &pos))
        {
            let line = format!(
                "{}: GBRDVAL {:+.2} vs COMPVAL {:+.2}",
                u.verdict.name(),
                u.gbrdval,
                u.compval
            );
            g.updates.push(line.clone());
            self.messages.info(format!("learning: {line}"));
        }
        let ranking = Ranking::new(&pos, dice, &self.weights.current, &mut self.generator);
        let (Some(choice), Some(c)) = (ranking.choice, ranking.classic()) else {
            if let Some(g) = &mut self.play {
                g.last_program = Some(format!("{me} rolls {dice} and cannot move"));
            }
            return self.pass_turn(format!("the program ({me}) cannot move with {dice}"));
        };
        if choice.phase == Phase::Contact
            && let Some(g) = &mut self.play
        {
            g.learner.record_move(&c.play.result);
        }
        let line = format!(
            "{me} rolls {dice} and plays {} [{}: {}]",
            c.play.mv.notation(),
            choice.phase.name(),
            choice.reason
        );
        self.editing.edit = self.editing.edit.turn_over(&c.play.result);
        if let Some(g) = &mut self.play {
            g.last_program = Some(line.clone());
        }
        self.messages.info(line);
        self.refresh();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::ScriptedDice;

    fn game(throws: impl IntoIterator<Item = (u8, u8)>, human: Side) -> AppState {
        let mut s = AppState::default().with_dice(ScriptedDice::new(throws));
        s.act(PlayAction::NewGame(human));
        s
    }

    fn last_program(s: &AppState) -> &str {
        s.play
            .as_ref()
            .unwrap()
            .last_program
            .as_deref()
            .unwrap_or("")
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
}
