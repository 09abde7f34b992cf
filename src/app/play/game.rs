//! [`PlayGame`]: a game against the classic program in progress — the person's colour, the
//! move being made step by step, the program's last move, learning.

use crate::app::editing::Edit;
use bgw_engine::classic::Learner;
use bgw_engine::position::Side;

/// A game in progress.
pub struct PlayGame {
    /// The person's colour (the program plays the other).
    pub human: Side,
    /// The program's learning state.
    pub learner: Learner,
    /// The person's steps of the move being made (from, to in the person's numbering; 25 the
    /// bar, 0 off).
    pub partial: Vec<(u8, u8)>,
    /// The board when the person began the current (or last) move: undo goes back there.
    pub turn_start: Option<Edit>,
    /// Why the last step was refused (the seed's reason).
    pub refusal: Option<String>,
    /// The program's last move with its phase and reason.
    pub last_program: Option<String>,
    /// The game's end, once over.
    pub over: Option<String>,
    /// Learning updates of this game, one line each.
    pub updates: Vec<String>,
}

impl PlayGame {
    /// A new game with the person playing `human`.
    pub fn new(human: Side, eta: f64) -> PlayGame {
        PlayGame {
            human,
            learner: Learner::new(eta),
            partial: Vec::new(),
            turn_start: None,
            refusal: None,
            last_program: None,
            over: None,
            updates: Vec::new(),
        }
    }

    /// The person's partial move in gnubg notation (`13/10 10/8`).
    pub fn partial_text(&self) -> String {
        let name = |p: u8| match p {
            25 => "bar".to_string(),
            0 => "off".to_string(),
            p => p.to_string(),
        };
        self.partial
            .iter()
            .map(|&(f, t)| format!("{}/{}", name(f), name(t)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}
