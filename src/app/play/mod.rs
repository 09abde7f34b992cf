//! Play against the classic program (as in the seed): the person moves by dragging checkers (each
//! partial move checked, a refusal given with the seed's reason), by typing a move or by picking a
//! candidate; the program rolls and answers with its phase and reason; learning (GOOD/BAD) can be
//! on, its updates logged. The game is the engine's [`bgw_engine::evaluation::classic::Game`]: this
//! module turns [`PlayAction`]s into its calls, throws its dice from the app's dice source and
//! shows its position on the board.
//!
//! - [`game`]: the game in progress ([`PlayGame`]);
//! - [`panel`]: the Play tab.
//!
//! While a game is on, the coordinator (`coordinator::game`) turns board edits into move steps
//! and refuses the edits a game does not allow; the dice set on the board are the person's dice.

pub mod game;
pub mod panel;

pub use game::PlayGame;

use super::editing::edit_board::Loc;
use bgw_engine::core::position::Side;
use std::ops::RangeInclusive;

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

impl super::saved_part::SavedPart for Learning {
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
    /// The person plays candidate `i` of the candidates table in a game.
    Candidate(usize),
    /// Takes back the steps of the move being made, else the person's last move with the
    /// program's answer (and the learning it did).
    UndoMyMove,
    /// Learning on or off.
    SetLearning(bool),
    /// The learning step η.
    SetEta(f64),
}
