//! Match files: the games people and programs played, read from the files they are kept in —
//! the Jellyfish "MAT" text layout (gnubg, XG, BGBlitz, the play sites, [`read_mat`]) and
//! gnubg's SGF ([`read_sgf`], its analysis kept) — and written back. [`read_match_file`]
//! reads either from a path, as safely as every reader of user files.
//!
//! Every recorded move is replayed through the move generator: a legal play is
//! [`Legality::Legal`]; one the rules refuse but that can be made on the board is made as
//! recorded and marked [`Legality::IllegalAsRecorded`] with the reason; one that cannot be
//! made at all ends its game's decisions with a [`Warning`], and the other games are kept.
//! Each [`Decision`] carries the position it was taken in (the decider on roll) and the
//! match state as gnubg's Match ID. Player 0 is the file's first player (MAT's left column,
//! SGF's `PW`), the engine's [`crate::Side::Black`]; player 1 is White ([`side_of`]).
//!
//! Games played on the board become a match too ([`Match::played`], a cubeless money
//! session; the classic program's games through
//! `evaluation::classic::Game::to_match`). MAT always starts a game from the opening
//! position: a match with a game set up otherwise is written as SGF only
//! ([`Match::try_to_mat`]).
//!
//! What a match is worth — its review by a reference engine, the verdicts, the luck and
//! gnubg's statistics — is its own topic, [`crate::review`], which reads matches; nothing
//! here knows of it.
//!
//! ```
//! use bgw_engine::matches::{DecisionKind, read_mat};
//!
//! let text = "5 point match\n\n Game 1\n ann : 0        bob : 0\n  1) 31: 8/5 6/5      62: 24/18 13/11\n";
//! let m = read_mat(text).unwrap();
//! assert_eq!(m.players, ["ann".to_string(), "bob".to_string()]);
//! let d = &m.games[0].decisions[1];
//! // bob on roll after ann's 8/5 6/5 (the Position ID gnubg gives this position).
//! assert_eq!((d.player, d.position_id().as_str()), (1, "sGfwATDgc/ABMA"));
//! let DecisionKind::Move(c) = &d.kind else { panic!() };
//! assert_eq!(c.mv.notation(), "24/18 13/11");
//! ```

mod analysis;
mod file;
mod limits;
mod mat;
mod mat_write;
mod model;
mod played;
mod record;
mod replay;
mod sgf;
mod sgf_points;
mod sgf_syntax;
mod sgf_write;

pub use crate::core::played::{PlayedGame, PlayedTurn, player_of, side_of};
pub use analysis::{Analysis, Candidate, CubeAnalysis, CubeEval, MoveAnalysis, MoveEval};
pub(crate) use file::decode;
pub use file::{
    MATCH_CAP, MatchFileError, MatchFormat, format_of, read_match, read_match_bytes,
    read_match_file,
};
pub use limits::{MAX_ACTIONS, MAX_GAMES, MAX_SGF_VALUES};
pub use mat::{MatError, read_mat};
pub use mat_write::MatCannotHold;
pub use model::{
    Checkers, Decision, DecisionKind, Game, GameResult, HowEnded, Legality, Match, Rules, Warning,
    shown_board,
};
pub use sgf::read_sgf;
pub use sgf_syntax::SgfError;
