//! The formats the position is copied in: gnubg's Position ID, its `PositionID:MatchID`,
//! eXtreme Gammon's XGID.

/// The formats the position can be copied in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IdFormat {
    /// gnubg's Position ID alone.
    PositionId,
    /// gnubg's `PositionID:MatchID` (money game).
    PositionMatchId,
    /// eXtreme Gammon's XGID.
    Xgid,
}

impl IdFormat {
    /// `setup` written in this format.
    pub fn write(self, setup: &bgw_engine::core::formats::Setup) -> String {
        match self {
            IdFormat::PositionId => setup.position_id(),
            IdFormat::PositionMatchId => format!("{}:{}", setup.position_id(), setup.match_id()),
            IdFormat::Xgid => setup.xgid(),
        }
    }
}
