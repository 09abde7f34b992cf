//! The text formats positions travel in: gnubg's Position ID and Match ID, XG's XGID, a text
//! diagram and the project's RON position files.
//!
//! [`read_setup`] takes whatever a user pastes — a Position ID, `PositionID:MatchID` or an
//! XGID — and returns the position with the dice and match state the text carries.
//! For `PositionID:MatchID` the Match ID decides the side on roll (gnubg's player 1 is White,
//! player 0 Black) and gives the dice; a bare Position ID has White on roll and no dice.

mod base64;
mod diagram;
mod match_id;
mod match_rules;
mod position_file;
pub(crate) mod position_id;
pub(crate) use crate::core::quote;
mod setup;
mod xgid;

pub use diagram::render as render_diagram;
pub use match_id::{GameState, MatchId, MatchIdError, Resignation};
pub use match_rules::{GNUBG_BEAVERS, GNUBG_JACOBY, MAX_MATCH_POINTS, MatchFacts, MatchStateError};
pub use position_file::{PositionFile, PositionFileError, SideFile};
pub use position_id::{
    PositionIdError, decode as decode_position_id, encode as encode_position_id,
};
pub use quote::{printable, shorten};
pub use setup::{MatchState, ReadError, Setup, read_position, read_setup, read_setup_with_roll};
pub use xgid::{XgDice, Xgid, XgidError, XgidState};
