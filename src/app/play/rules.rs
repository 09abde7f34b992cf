//! The Play feature's actions ([`PlayAction`]), state and rules ([`PlayState`]): a game
//! against the classic program started, moved on and ended, the program's turns, the person's steps, typed moves and
//! candidates, undo, learning. The game shows itself on the board through
//! [`Shared::change_board`] and gives its learnt weights back through [`Shared::weights`]; the
//! coordinator routes board edits and candidate plays into it while it is on
//! (`coordinator::game`).

use super::game::{self, PlayGame};
use crate::app::edit::Edit;
use crate::app::edit::edit_board::{EditBoard, Loc, own_point};
use crate::app::effect::Effect;
use crate::app::feature::{Feature, Shared};
use bgw_engine::core::position::{Position, Side};
use bgw_engine::evaluation::classic::{
    GameError, MoveError, Outcome, PersonMove, PersonStep, Status, Undone,
};
use bgw_engine::matches::Match;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The learning steps η the workbench takes.
pub const ETA_RANGE: RangeInclusive<f64> = 0.0..=10.0;

/// Learning (the seed's GOOD/BAD) in games: the Play tab's saved part.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Learning {
    /// Learning on during games.
    pub on: bool,
    /// The learning step η, within [`ETA_RANGE`].
    pub eta: f64,
}

impl Default for Learning {
    /// Off, with the step 0.01.
    fn default() -> Learning {
        Learning {
            on: false,
            eta: 0.01,
        }
    }
}

impl crate::app::saved_part::SavedPart for Learning {
    const WHAT: &'static str = "learning settings";

    /// A step outside [`ETA_RANGE`]: the default step.
    fn check(&mut self, notes: &mut Vec<String>) {
        if !ETA_RANGE.contains(&self.eta) {
            let d = Learning::default().eta;
            notes.push(format!(
                "the saved learning step η ({}) is not within {}-{}; {d} is in use",
                self.eta,
                ETA_RANGE.start(),
                ETA_RANGE.end(),
            ));
            self.eta = d;
        }
    }
}

/// What can be done in the Play tab and during a game.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// Starts a game against the classic program, the person playing this colour.
    NewGame(Side),
    /// Ends the game (back to editing); a game not over asks first.
    EndGame,
    /// Answers "End this game?": true ends it.
    ConfirmEnd(bool),
    /// One step of the person's move in a game: a checker from one place to another.
    Step(Loc, Loc),
    /// A move typed in gnubg notation in a game.
    Typed(String),
    /// The person plays the candidate of the candidates table that reaches this position.
    Candidate(Position),
    /// Takes back the steps of the move being made, else the person's last move with the
    /// program's answer (and the learning it did).
    UndoMyMove,
    /// Learning on or off.
    SetLearning(bool),
    /// The learning step η.
    SetEta(f64),
}

/// How many turns one action may move the game on (program moves and passes).
const TURNS_PER_ACTION: usize = 8;

/// What the app says when the person moves without dice.
const ROLL_FIRST: &str = "roll first (R), or click the dice to enter them";

/// The Play feature: the game on, learning, the last game ended.
#[derive(Default)]
pub struct PlayState {
    /// The game against the classic program, when one is on.
    pub game: Option<PlayGame>,
    /// Learning in games (kept across restarts).
    pub learning: Learning,
    /// The last game that was ended, as a match (File → Export game… once no game is on).
    pub last_game: Option<Arc<Match>>,
}

/// One action's work: the shared values and the notes said.
struct Turn<'s, 'a> {
    shared: &'s mut Shared<'a>,
    out: Vec<Effect<PlayAction>>,
}

impl Turn<'_, '_> {
    fn info(&mut self, text: impl Into<String>) {
        self.out.push(Effect::info(text));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.out.push(Effect::error(text));
    }
}

impl Feature for PlayState {
    type Action = PlayAction;

    fn update(&mut self, action: PlayAction, shared: &mut Shared<'_>) -> Vec<Effect<PlayAction>> {
        let mut t = Turn {
            shared,
            out: Vec::new(),
        };
        self.apply(action, &mut t);
        t.out
    }
}

impl PlayState {
    /// Moves the game on after any action of the app: the program's turns, passes when the
    /// person cannot move.
    pub fn advance(&mut self, shared: &mut Shared<'_>) -> Vec<Effect<PlayAction>> {
        let mut t = Turn {
            shared,
            out: Vec::new(),
        };
        self.play_advance(&mut t);
        t.out
    }

    /// In a game, after a board edit: the dice on the board become the person's dice (set,
    /// thrown or cleared before the first step; the routing refused any other change).
    /// Returns the refusal, if any.
    pub fn take_dice(&mut self, roll: Option<bgw_engine::Dice>) -> Option<String> {
        let g = self.game.as_mut()?;
        if !g.humans_turn() || !g.partial().is_empty() || roll == g.game.dice() {
            return None;
        }
        let r = match roll {
            Some(d) => g.game.set_dice(d),
            None => g.game.clear_dice(),
        };
        r.err().map(|e| e.to_string())
    }

    /// In a game, after the weights were edited: the program plays with `weights` from its
    /// next move.
    pub fn take_weights(&mut self, weights: &bgw_engine::evaluation::classic::Weights) {
        if let Some(g) = &mut self.game
            && g.game.weights() != weights
        {
            g.game.set_weights(*weights);
        }
    }

    /// The board the candidates are of: during a move in a game, that of the move's start.
    pub fn analysed_edit(&self, board: Edit) -> Edit {
        match &self.game {
            Some(g) if !g.partial().is_empty() => Edit {
                board: EditBoard::from_position(g.game.position()),
                ..board
            },
            _ => board,
        }
    }

    fn apply(&mut self, action: PlayAction, t: &mut Turn<'_, '_>) {
        match action {
            PlayAction::NewGame(human) => self.new_game(human, t),
            PlayAction::EndGame => match &mut self.game {
                // A game in progress is lost: asked first.
                Some(g) if g.over().is_none() => g.ending = true,
                Some(_) => self.end_game(t),
                None => {}
            },
            PlayAction::ConfirmEnd(yes) => {
                if let Some(g) = &mut self.game {
                    g.ending = false;
                }
                if yes {
                    self.end_game(t);
                }
            }
            PlayAction::Step(from, to) => self.play_step(from, to, t),
            PlayAction::Typed(text) => {
                if let Some(g) = &mut self.game {
                    let r = g.game.play_typed(&text);
                    self.person_moved(r, |m| format!("{} plays {}: ", m.side, m.dice), t);
                }
            }
            PlayAction::Candidate(result) => self.play_candidate(result, t),
            PlayAction::UndoMyMove => self.undo_my_move(t),
            PlayAction::SetLearning(on) => {
                self.learning.on = on;
                if let Some(g) = &mut self.game {
                    g.game.set_learning(on);
                }
            }
            PlayAction::SetEta(eta) => {
                if ETA_RANGE.contains(&eta) {
                    self.learning.eta = eta;
                    if let Some(g) = &mut self.game {
                        g.game.set_eta(eta);
                    }
                }
            }
        }
    }

    /// Ends the game: back to editing; the game is kept for File → Export game….
    fn end_game(&mut self, t: &mut Turn<'_, '_>) {
        if let Some(g) = self.game.take() {
            self.keep_game(&g);
            t.info("game ended: editing again");
        }
    }

    /// Keeps `g` as the last game, once it has started.
    fn keep_game(&mut self, g: &PlayGame) {
        if g.game.played().is_some() {
            self.last_game = Some(Arc::new(g.to_match()));
        }
    }

    fn new_game(&mut self, human: Side, t: &mut Turn<'_, '_>) {
        let mut g = PlayGame::new(human, t.shared.weights, self.learning.eta, self.learning.on);
        // The opening roll: each side throws one die; the higher moves first with both (the
        // program's opening is played by `play_advance`).
        let roll = match g.game.opening_roll(&mut *t.shared.dice) {
            Ok(roll) => roll,
            Err(e) => return t.error(e.to_string()),
        };
        let edit = game_edit(&g, &Edit::opening());
        if let Some(old) = self.game.replace(g) {
            self.keep_game(&old);
        }
        t.shared.change_board(edit, true);
        t.info(format!(
            "new game: you play {human}; opening roll White {}, Black {}: {} starts",
            roll.white, roll.black, roll.starter
        ));
    }

    /// The weights the game has now (learnt, or restored by undo) become the edited weights.
    fn weights_from_game(&self, t: &mut Turn<'_, '_>) {
        if let Some(g) = &self.game {
            t.shared.weights = *g.game.weights();
        }
    }

    /// Shows the game on the board: its position with the person's steps so far, the dice;
    /// `record` makes it one step of the board's history.
    fn show_game(&self, record: bool, t: &mut Turn<'_, '_>) {
        let Some(g) = &self.game else { return };
        let edit = game_edit(g, &t.shared.board);
        t.shared.change_board(edit, record);
    }

    fn play_step(&mut self, from: Loc, to: Loc, t: &mut Turn<'_, '_>) {
        let Some(g) = &mut self.game else { return };
        let human = g.human();
        let point = |loc: Loc| match loc {
            Loc::Point(wp) => own_point(human, wp),
            Loc::Bar => 25,
            Loc::Off => 0,
        };
        let (f, to_point) = (point(from), point(to));
        // A drag back to where it started (or from the tray) is no step.
        if from == Loc::Off || f == to_point {
            return;
        }
        match g.game.step(f, to_point) {
            Ok(PersonStep::Begun) => {
                g.refusal = None;
                self.show_game(false, t);
            }
            Ok(PersonStep::Played(m)) => {
                self.person_moved(Ok(m), |m| format!("{} plays {}: ", m.side, m.dice), t)
            }
            Err(e) => self.refuse(e, t),
        }
    }

    /// The person plays the candidate that reaches `result`.
    fn play_candidate(&mut self, result: Position, t: &mut Turn<'_, '_>) {
        let Some(g) = &mut self.game else { return };
        let Some(index) = g.game.legal_plays().iter().position(|p| p.result == result) else {
            return t.error("that candidate is not of the game's position");
        };
        let r = g.game.play(index).map_err(MoveError::Game);
        self.person_moved(r, |m| format!("{} played {} ", m.side, m.dice), t);
    }

    /// The person's move played (the message `intro` then the move) or refused.
    fn person_moved(
        &mut self,
        r: Result<PersonMove, MoveError>,
        intro: impl FnOnce(&PersonMove) -> String,
        t: &mut Turn<'_, '_>,
    ) {
        let m = match r {
            Ok(m) => m,
            Err(e) => return self.refuse(e, t),
        };
        if let Some(g) = &mut self.game {
            g.refusal = None;
        }
        self.show_game(true, t);
        let notation = m.play.map(|p| p.mv.notation()).unwrap_or_default();
        t.info(format!("{}{notation}", intro(&m)));
        if let Some(o) = m.outcome {
            self.announce(o, t);
        }
    }

    fn refuse(&mut self, e: MoveError, t: &mut Turn<'_, '_>) {
        match e {
            MoveError::Refused(r) => {
                let text = r.to_string();
                t.error(format!("refused: {text}"));
                if let Some(g) = &mut self.game {
                    g.refusal = Some(text);
                }
            }
            MoveError::Game(GameError::NoDice) => t.error(ROLL_FIRST),
            MoveError::Game(e) => t.error(e.to_string()),
        }
    }

    fn undo_my_move(&mut self, t: &mut Turn<'_, '_>) {
        let Some(g) = &mut self.game else { return };
        let answer = g.game.last_program_turn().and_then(|turn| turn.played);
        let text = match g.game.undo() {
            None => return t.info("nothing to undo"),
            Some(Undone::Steps) => "your steps are taken back".to_string(),
            // The learning the program's answer did is taken back with it.
            Some(Undone::Move) => {
                self.weights_from_game(t);
                match answer {
                    Some(m) => format!(
                        "your move is undone, and the program's answer {} with it",
                        m.play.mv.notation()
                    ),
                    None => "your move is undone".to_string(),
                }
            }
        };
        if let Some(g) = &mut self.game {
            g.refusal = None;
        }
        self.show_game(true, t);
        t.info(text);
    }

    fn announce(&self, outcome: Outcome, t: &mut Turn<'_, '_>) {
        if let Some(g) = &self.game {
            t.info(g.over_text(outcome));
        }
    }

    fn play_advance(&mut self, t: &mut Turn<'_, '_>) {
        for _ in 0..TURNS_PER_ACTION {
            let Some(g) = &mut self.game else { return };
            match g.game.status() {
                Status::Roll(side) | Status::Move(side, _) if g.game.is_program(side) => {
                    self.program_turn(t);
                }
                Status::Move(_, d) if g.game.legal_plays().is_empty() => {
                    if let Err(e) = g.game.pass() {
                        return t.error(e.to_string());
                    }
                    self.show_game(false, t);
                    t.info(format!("you cannot move with {d}: the turn passes"));
                }
                _ => return,
            }
        }
    }

    /// The program's turn: it throws the dice (or plays those of the opening roll), learns if
    /// learning is on, and moves or passes.
    fn program_turn(&mut self, t: &mut Turn<'_, '_>) {
        let Some(g) = &mut self.game else { return };
        let turn = match g.game.program_turn(&mut *t.shared.dice) {
            Ok(turn) => turn,
            Err(e) => return t.error(e.to_string()),
        };
        if let Some(u) = &turn.update {
            self.weights_from_game(t);
            t.info(format!("learning: {}", game::update_line(u)));
        }
        self.show_game(false, t);
        match turn.played {
            Some(_) => t.info(game::program_line(&turn)),
            None => t.info(format!(
                "the program ({}) cannot move with {}",
                turn.side, turn.dice
            )),
        }
        if let Some(o) = turn.outcome {
            self.announce(o, t);
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
