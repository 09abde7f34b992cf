//! The four phases in which the classic program chooses its move differently.

use crate::core::position::Position;

/// The phase of the game for the side on roll, read before its move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The forces still meet and not all the side's checkers are home: the highest BRDVAL wins.
    Contact,
    /// The forces have separated ("running game") and not all the side's checkers are home:
    /// the farthest checker moves by the larger die.
    Running,
    /// All the side's checkers are home and the forces have separated: the seed's bear-off
    /// preferences, smallest die first.
    BearOff,
    /// All the side's checkers are home but an opposing checker is still in that home board or
    /// on the bar: leave no blot within reach if possible, else the lowest WSINCL.
    BearOffContact,
}

impl Phase {
    /// The phase of `pos` for its side on roll.
    #[inline]
    pub fn of(pos: &Position) -> Phase {
        match (pos.has_contact(), pos.player_all_home()) {
            (true, false) => Phase::Contact,
            (false, false) => Phase::Running,
            (false, true) => Phase::BearOff,
            (true, true) => Phase::BearOffContact,
        }
    }

    /// A short name for reports: `contact`, `running`, `bear-off`, `bear-off-contact`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Contact => "contact",
            Phase::Running => "running",
            Phase::BearOff => "bear-off",
            Phase::BearOffContact => "bear-off-contact",
        }
    }

    /// One line on how the program moves in this phase.
    pub fn description(self) -> &'static str {
        match self {
            Phase::Contact => "contact: every legal move is tried, the highest BRDVAL is played",
            Phase::Running => {
                "running game: the farthest checker moves by the larger die, then the other die"
            }
            Phase::BearOff => {
                "bearing off, forces separated: exact bear-off, then one point nearer, then level \
                 out, then the farthest checker; smallest die first"
            }
            Phase::BearOffContact => {
                "bearing off with contact: leave no blot within reach, else the lowest WSINCL"
            }
        }
    }

    /// True in the phases where the program's choice follows BRDVAL or WSINCL over every legal
    /// play (contact, bear-off with contact), false where it follows its race heuristics.
    pub fn compares_plays(self) -> bool {
        matches!(self, Phase::Contact | Phase::BearOffContact)
    }
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;

    use crate::core::position::test_position as pos;

    #[test]
    fn phases() {
        assert_eq!(Phase::of(&Position::opening(Side::White)), Phase::Contact);
        // Own 10 and 3, opponent on model 12 (ahead of nothing of ours): no contact.
        assert_eq!(
            Phase::of(&pos(&[(10, 2), (3, 1), (12, -2)])),
            Phase::Running
        );
        assert_eq!(Phase::of(&pos(&[(6, 2), (3, 1), (12, -2)])), Phase::BearOff);
        // All home but an opposing checker on our 2 point.
        assert_eq!(
            Phase::of(&pos(&[(6, 2), (3, 1), (2, -1)])),
            Phase::BearOffContact
        );
        // ... or on its bar.
        assert_eq!(
            Phase::of(&pos(&[(6, 2), (0, -1), (20, -1)])),
            Phase::BearOffContact
        );
        // Our checker on the bar is never "home".
        assert_eq!(Phase::of(&pos(&[(25, 1), (6, 2), (2, -1)])), Phase::Contact);
    }
}
