//! Whose cube decision a position asks for before the roll: the side on roll's (double or
//! not), the other side's answer to a double on offer (take, pass or beaver), or none, because
//! the side on roll may not double — with gnubg's rule for who may double.

use super::MatchContext;
use crate::core::formats::{MatchState, Setup, XgDice};
use crate::core::position::Side;
use std::fmt;

/// The cube decision a position with its match state asks for, before the roll.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CubeQuestion {
    /// The side on roll may double: double or not (and the other side's answer if it does).
    Double,
    /// The side on roll has doubled: the other side takes, passes or (money play with
    /// beavers) beavers. The engine's figures are the doubler's, as gnubg shows them.
    Answer,
    /// The side on roll may not double, for this reason: there is no cube decision.
    CannotDouble(NoDouble),
}

/// Why the side on roll may not turn the cube (gnubg's test, `GetDPEq`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NoDouble {
    /// The Crawford game of a match: nobody doubles.
    Crawford,
    /// The other side owns the cube.
    OpponentOwns(Side),
    /// A dead cube in a match: the side on roll is `away` points from winning and the cube
    /// (`cube`) already wins it the match, so doubling gains it nothing.
    DeadCube {
        /// The side on roll.
        side: Side,
        /// The points the side on roll still needs.
        away: u16,
        /// The cube's value.
        cube: u32,
    },
}

impl fmt::Display for NoDouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoDouble::Crawford => f.write_str("the Crawford game"),
            NoDouble::OpponentOwns(s) => write!(f, "{s} owns the cube"),
            NoDouble::DeadCube { side, away, cube } => write!(
                f,
                "dead cube ({side} needs {away} point{}, the cube at {cube} already wins the match)",
                if *away == 1 { "" } else { "s" }
            ),
        }
    }
}

impl MatchContext {
    /// Why the side on roll may not double here, or `None` when it may (gnubg's rule: in
    /// money play the cube centred or its own; in a match also not the Crawford game and the
    /// cube not dead — the side on roll's score plus the cube short of the match length).
    pub fn why_no_double(&self) -> Option<NoDouble> {
        let m = self.match_id();
        if let Some(owner) = m.cube_owner.filter(|&o| o != m.on_roll) {
            return Some(NoDouble::OpponentOwns(owner));
        }
        if !self.is_match() {
            return None;
        }
        if m.crawford {
            return Some(NoDouble::Crawford);
        }
        let score = match m.on_roll {
            Side::White => m.score_white,
            Side::Black => m.score_black,
        };
        let away = m.match_length.saturating_sub(score);
        (m.cube_value() >= u32::from(away)).then_some(NoDouble::DeadCube {
            side: m.on_roll,
            away,
            cube: m.cube_value(),
        })
    }
}

impl CubeQuestion {
    /// The question `setup` asks: a double on offer (an XGID's `D`, a Match ID's "double
    /// offered" bit; the position is the doubler's, on roll, as gnubg and XG write it) is the
    /// other side's to answer; else the side on roll's, when it may double. Refused, with the
    /// reason: a double on offer that the rules do not allow, a beaver or raccoon on offer
    /// (XGID `B`, `R`), a roll already made.
    pub fn of(setup: &Setup) -> Result<CubeQuestion, String> {
        let at = MatchContext::of(setup);
        let offered = setup.match_state.is_some_and(|m| m.double_offered());
        if let Some(MatchState::Xgid(x)) = setup.match_state
            && matches!(x.dice, XgDice::Beavered | XgDice::Raccooned)
        {
            return Err(
                "the XGID has a beaver or raccoon on offer (B, R): only a double on offer (D) \
                 or a cube decision before the roll is answered"
                    .into(),
            );
        }
        match (offered, at.why_no_double()) {
            (true, Some(why)) => Err(format!(
                "the position offers a double that cannot be made: {why}"
            )),
            (true, None) => Ok(CubeQuestion::Answer),
            (false, Some(why)) => Ok(CubeQuestion::CannotDouble(why)),
            (false, None) => Ok(CubeQuestion::Double),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::read_setup;

    fn question(text: &str) -> Result<CubeQuestion, String> {
        CubeQuestion::of(&read_setup(text).unwrap())
    }

    const BOARD: &str = "XGID=-b----E-C---eE---c-e----B-";

    #[test]
    fn who_may_double_is_gnubgs_rule() {
        assert_eq!(
            question(&format!("{BOARD}:0:0:1:00:3:2:0:7:10")),
            Ok(CubeQuestion::Double)
        );
        assert_eq!(
            question(&format!("{BOARD}:0:0:1:00:6:3:1:7:10")),
            Ok(CubeQuestion::CannotDouble(NoDouble::Crawford))
        );
        assert_eq!(
            question(&format!("{BOARD}:1:-1:1:00:3:2:0:7:10")),
            Ok(CubeQuestion::CannotDouble(NoDouble::OpponentOwns(
                Side::Black
            )))
        );
        // White owns a 2-cube at 5-2 to 7: 2 away, the cube wins it the match.
        let dead = question(&format!("{BOARD}:1:1:1:00:5:2:0:7:10"));
        assert_eq!(
            dead,
            Ok(CubeQuestion::CannotDouble(NoDouble::DeadCube {
                side: Side::White,
                away: 2,
                cube: 2
            }))
        );
        // The leader after the Crawford game, 1 away: its cube is dead.
        assert!(matches!(
            question(&format!("{BOARD}:0:0:1:00:6:3:0:7:10")),
            Ok(CubeQuestion::CannotDouble(NoDouble::DeadCube {
                away: 1,
                ..
            }))
        ));
        // The trailer after the Crawford game doubles.
        assert_eq!(
            question(&format!("{BOARD}:0:0:1:00:3:6:0:7:10")),
            Ok(CubeQuestion::Double)
        );
        // Money: the owner redoubles, the other side does not.
        assert_eq!(
            question(&format!("{BOARD}:2:1:1:00:0:0:0:0:10")),
            Ok(CubeQuestion::Double)
        );
        assert!(matches!(
            question(&format!("{BOARD}:2:-1:1:00:0:0:0:0:10")),
            Ok(CubeQuestion::CannotDouble(NoDouble::OpponentOwns(
                Side::Black
            )))
        ));
        assert_eq!(question("4HPwATDgc/ABMA"), Ok(CubeQuestion::Double));
    }

    #[test]
    fn a_double_on_offer_is_the_other_sides_to_answer() {
        assert_eq!(
            question("XGID=aA---BC-D-a-cD--a--cbbbA--:0:0:-1:D:3:0:0:7:10"),
            Ok(CubeQuestion::Answer)
        );
        // The same as a Match ID: the double-offered bit, the doubler on roll.
        let s = read_setup("XGID=aA---BC-D-a-cD--a--cbbbA--:0:0:-1:D:3:0:0:7:10").unwrap();
        let by_id = read_setup(&format!("{}:{}", s.position_id(), s.match_id())).unwrap();
        assert_eq!(CubeQuestion::of(&by_id), Ok(CubeQuestion::Answer));
        assert_eq!(MatchContext::of(&by_id), MatchContext::of(&s));
        // Offers the rules do not allow, and beavers on offer, are refused with the reason.
        let e = question(&format!("{BOARD}:0:0:1:D:6:3:1:7:10")).unwrap_err();
        assert!(e.contains("Crawford"), "{e}");
        let e = question(&format!("{BOARD}:0:0:1:B:0:0:2:0:10")).unwrap_err();
        assert!(e.contains("beaver"), "{e}");
    }

    #[test]
    fn the_reasons_read_as_words() {
        assert_eq!(NoDouble::Crawford.to_string(), "the Crawford game");
        assert_eq!(
            NoDouble::OpponentOwns(Side::Black).to_string(),
            "Black owns the cube"
        );
        assert_eq!(
            NoDouble::DeadCube {
                side: Side::White,
                away: 2,
                cube: 2
            }
            .to_string(),
            "dead cube (White needs 2 points, the cube at 2 already wins the match)"
        );
    }
}
