//! A game as played on the board — where it started and every turn — and which of a
//! record's players (0 or 1) plays which colour. [`crate::matches`] writes such games as a
//! match ([`crate::matches::Match::played`]); the classic program's game keeps its record in
//! them.

use crate::core::dice::Dice;
use crate::core::moves::Move;
use crate::core::position::{Position, Side};

/// The engine's colour of a file's player (0 or 1): player 0 is Black, player 1 White, as
/// gnubg's Match ID numbers them.
pub fn side_of(player: usize) -> Side {
    if player == 0 {
        Side::Black
    } else {
        Side::White
    }
}

/// The file's player (0 or 1) who plays `side` (the inverse of [`side_of`]).
pub fn player_of(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

/// One game as played: where it started and every turn in order.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The position the game started in, from the view of the player who moved first (on
    /// roll in it). The opening position for a game begun with the opening roll.
    pub start: Position,
    /// Every turn, in order, passes included.
    pub turns: Vec<PlayedTurn>,
}

/// One turn of a played game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTurn {
    /// Who moved: 0 (Black, see [`side_of`]) or 1 (White).
    pub player: usize,
    /// The roll.
    pub dice: Dice,
    /// The move made, from the mover's view (the empty move when no move was legal).
    pub mv: Move,
}

impl PlayedGame {
    /// True when the game began from the opening position (a MAT file can hold it).
    pub fn from_opening(&self) -> bool {
        self.start == Position::opening(self.start.on_roll())
    }
}
