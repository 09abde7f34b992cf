//! A game as a file records it, before it is replayed: who did what, on which line. Both
//! readers (MAT and SGF) turn their text into these records; [`super::replay`] plays them on
//! the board.

use super::analysis::Analysis;
use super::model::{Rules, Warning};
use crate::core::dice::Dice;
use crate::core::moves::{Refusal, Segment};

/// The match's header, as read.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    pub players: [String; 2],
    pub match_length: u16,
    pub rules: Rules,
    pub tags: Vec<(String, String)>,
    /// What the reader found wrong before any game.
    pub warnings: Vec<Warning>,
}

/// One game as recorded.
#[derive(Clone, Debug)]
pub(crate) struct GameRecord {
    /// The game's number in the file.
    pub number: u32,
    /// The score at its start, as the file gives it.
    pub score: [u16; 2],
    /// The line of its header.
    pub line: usize,
    /// The file's own Crawford mark (SGF), when it has one.
    pub crawford: Option<bool>,
    /// The cube at the start (SGF's automatic doubles), 1 when the file says nothing.
    pub cube: u32,
    /// What was done, in order.
    pub actions: Vec<Action>,
}

/// One thing a player did, as recorded.
#[derive(Clone, Debug)]
pub(crate) struct Action {
    /// Who: 0 or 1.
    pub player: usize,
    /// The file's line.
    pub line: usize,
    /// The line's move number, if the file gives one.
    pub move_number: Option<u32>,
    /// The action's text as written (for warnings).
    pub text: String,
    /// What was done.
    pub act: Act,
    /// The analysis the file keeps with it.
    pub analysis: Analysis,
}

/// What a player did.
#[derive(Clone, Debug)]
pub(crate) enum Act {
    /// A roll and its move.
    Roll { dice: Dice, play: Recorded },
    /// A double, with the cube value the file writes (`Doubles => 4`), if any.
    Double { cube: Option<u32> },
    /// The double taken.
    Take,
    /// The double dropped.
    Drop,
    /// A beaver, with the cube value the file writes, if any.
    Beaver { cube: Option<u32> },
    /// A resignation, with the points the file says are lost, if any (`Losses 2 points`).
    Resign { points: Option<u32> },
    /// The file's statement that the player won `points` (`Wins 2 points`, SGF's `RE`), and
    /// whether by the loser's resignation when the file says (SGF's `R`); a MAT file does
    /// not, and a win while the game is in play is then read as a resignation, as gnubg
    /// reads it.
    Wins { points: u32, resigned: Option<bool> },
    /// The board, cube or player on roll set up (SGF's `AE`, `AB`, `AW`, `PL`, `CV`, `CP`).
    Setup(Setup),
}

/// A set-up: points are player 0's numbering (1–24), 25 both bars.
#[derive(Clone, Debug, Default)]
pub(crate) struct Setup {
    /// Points emptied of both players' checkers.
    pub clear: Vec<u8>,
    /// Checkers added: whose, and where.
    pub add: Vec<(usize, u8)>,
    /// The player to roll next.
    pub on_roll: Option<usize>,
    /// The cube's value.
    pub cube: Option<u32>,
    /// The cube's owner (`Some(None)`: centred).
    pub owner: Option<Option<usize>>,
}

/// A roll's move as recorded.
#[derive(Clone, Debug)]
pub(crate) enum Recorded {
    /// A move written out (no steps: a dance), with its text as written.
    Steps {
        text: String,
        segments: Vec<Segment>,
    },
    /// Text that is no move: the reason.
    Unreadable { why: Refusal },
    /// The move was never recorded (`62: ????`).
    Unrecorded,
}
