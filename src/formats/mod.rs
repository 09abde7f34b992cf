//! The text formats positions travel in: gnubg's Position ID, XG's XGID, a text diagram and the
//! project's RON position files.

mod base64;
pub mod position_id;

use crate::position::{Position, Side};
use std::fmt;

/// Why a text is not a position in any format the workbench reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// A gnubg Position ID (alone or before `:MatchID`) that does not decode.
    PositionId(position_id::PositionIdError),
    /// Nothing recognisable.
    Unknown(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::PositionId(e) => e.fmt(f),
            ReadError::Unknown(text) => write!(
                f,
                "'{text}' is neither a gnubg Position ID (14 characters), PositionID:MatchID nor an XGID"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads a position typed or pasted by a user: a gnubg Position ID, `PositionID:MatchID`, or an
/// XGID. Surrounding white space is ignored.
pub fn read_position(text: &str) -> Result<Position, ReadError> {
    let text = text.trim();
    let id = text.split(':').next().unwrap_or("");
    if id.len() == 14 {
        return position_id::decode(id, Side::White).map_err(ReadError::PositionId);
    }
    Err(ReadError::Unknown(text.to_string()))
}
