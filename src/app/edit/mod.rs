//! [`Edit`]: what the board editor edits and undo/redo restores — the checkers, the side on
//! roll, the dice and a pasted match state — and the editable board it holds ([`edit_board`]).
//! Every feature is handed a copy ([`crate::app::feature::Shared`]), so it lives here, below
//! both the feature seam and the editing feature, rather than inside `editing` (which
//! implements the seam: a circle of modules).

pub mod edit_board;

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::{MatchState, Setup};
use bgw_engine::core::position::{Position, Side};
pub use edit_board::{EditBoard, Loc};
use serde::{Deserialize, Serialize};

/// What undo/redo restores: the checkers, the side on roll and the dice.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Edit {
    /// The checkers.
    pub board: EditBoard,
    /// The side to play.
    pub on_roll: Side,
    /// The two dice, 0 for a die not set.
    pub dice: [u8; 2],
    /// Cube, score and match length when a pasted `PositionID:MatchID` or XGID carried them;
    /// kept through edits and moves so that a copy gives them back. `None`: a money game with
    /// the cube centred at 1.
    #[serde(default)]
    pub match_state: Option<MatchState>,
}

impl Edit {
    /// The opening position, White to play, no dice.
    pub fn opening() -> Edit {
        Edit {
            board: EditBoard::from_position(&Position::opening(Side::White)),
            on_roll: Side::White,
            dice: [0, 0],
            match_state: None,
        }
    }

    /// The roll, when both dice are set.
    pub fn roll(&self) -> Option<Dice> {
        Dice::new(self.dice[0], self.dice[1])
    }

    /// The position, or the problems that keep the board from being one.
    pub fn position(&self) -> Result<Position, Vec<String>> {
        self.board.validate(self.on_roll)
    }

    /// The position and dice as a [`Setup`] (money game), when the board is a position.
    pub fn setup(&self) -> Option<Setup> {
        self.position().ok().map(|position| Setup {
            position,
            dice: self.roll(),
            match_state: self
                .match_state
                .map(|m| m.for_turn(position.on_roll(), self.roll())),
        })
    }

    /// The next turn after a move whose result (from the mover's side) is `result`: the
    /// opponent on roll, no dice, the same match.
    pub fn turn_over(&self, result: &Position) -> Edit {
        let after = result.mirror();
        Edit {
            board: EditBoard::from_position(&after),
            on_roll: after.on_roll(),
            dice: [0, 0],
            match_state: self.match_state,
        }
    }

    /// The board, side on roll, dice and match state of a read or pasted setup.
    pub fn from_setup(setup: &Setup) -> Edit {
        let dice = setup.dice.map_or([0, 0], |d| [d.high(), d.low()]);
        Edit {
            board: EditBoard::from_position(&setup.position),
            on_roll: setup.position.on_roll(),
            dice,
            // A plain money game is what no match state means.
            match_state: setup.match_state.filter(|m| !m.is_plain_money()),
        }
    }
}
