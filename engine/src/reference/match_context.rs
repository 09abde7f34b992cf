//! The match state a reference engine judges a position at: score, match length, cube and
//! Crawford, as gnubg's own analysis judges each decision of a match.

use crate::core::formats::{
    GNUBG_BEAVERS, GNUBG_JACOBY, GameState, MatchId, MatchState, Resignation, Setup,
};
use crate::core::position::Side;

/// Where a position stands in its match (or money session), for a reference engine: the
/// fields of a gnubg Match ID that matter before the roll — the side on roll, the score and
/// match length, the cube's value and owner, Crawford — and the money rules a Match ID does
/// not carry. The dice, a double or resignation on offer are not part of it, so one context
/// serves every roll of a position (a cache key).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MatchContext {
    id: MatchId,
    /// Money play under the Jacoby rule (gammons count only once the cube is turned).
    pub jacoby: bool,
    /// Money play with beavers.
    pub beavers: bool,
}

impl MatchContext {
    /// The context of `setup`: its match state (an XGID's or a Match ID's), or a money game
    /// with the cube centred when it has none. Money play follows an XGID's Jacoby and beaver
    /// flags; without them (a Position ID alone, a Match ID, which carries neither) gnubg's
    /// defaults: the Jacoby rule and beavers ([`GNUBG_JACOBY`], [`GNUBG_BEAVERS`]).
    pub fn of(setup: &Setup) -> MatchContext {
        let (jacoby, beavers) = match setup.match_state {
            Some(MatchState::Xgid(x)) => (x.jacoby(), x.beavers()),
            _ => (GNUBG_JACOBY, GNUBG_BEAVERS),
        };
        MatchContext::from_match_id(setup.match_id_fields(), jacoby, beavers)
    }

    /// The context of the Match ID `id` (its dice and offers dropped).
    pub fn from_match_id(id: MatchId, jacoby: bool, beavers: bool) -> MatchContext {
        let id = MatchId {
            turn: id.on_roll,
            double_offered: false,
            resignation: Resignation::None,
            dice: [0, 0],
            game_state: GameState::Playing,
            ..id
        };
        let money = id.match_length == 0;
        MatchContext {
            id,
            jacoby: jacoby && money,
            beavers: beavers && money,
        }
    }

    /// The Match ID's fields (not rolled, nothing on offer).
    pub fn match_id(&self) -> MatchId {
        self.id
    }

    /// True in a match, false in money play.
    pub fn is_match(&self) -> bool {
        self.id.match_length > 0
    }

    /// The side on roll.
    pub fn on_roll(&self) -> Side {
        self.id.on_roll
    }

    /// For a header: "at 3-2 to 7, cube 2 White" (the side on roll's score first), "money,
    /// cube 1 centred" (with ", Jacoby", ", beavers").
    pub fn describe(&self) -> String {
        let m = &self.id;
        let cube = match m.cube_owner {
            None => format!("cube {} centred", m.cube_value()),
            Some(s) => format!("cube {} {s}", m.cube_value()),
        };
        if self.is_match() {
            let score = |s: Side| match s {
                Side::White => m.score_white,
                Side::Black => m.score_black,
            };
            let crawford = if m.crawford { ", Crawford" } else { "" };
            return format!(
                "at {}-{} to {}, {cube}{crawford}",
                score(m.on_roll),
                score(m.on_roll.opponent()),
                m.match_length
            );
        }
        let mut text = format!("money, {cube}");
        if self.jacoby {
            text.push_str(", Jacoby");
        }
        if self.beavers {
            text.push_str(", beavers");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::read_setup;

    #[test]
    fn a_context_keeps_the_match_and_drops_the_dice() {
        let s = read_setup("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10").unwrap();
        let c = MatchContext::of(&s);
        assert!(c.is_match());
        assert_eq!(c.describe(), "at 3-2 to 7, cube 2 White");
        let unrolled = read_setup("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10").unwrap();
        assert_eq!(MatchContext::of(&unrolled), c, "one context for every roll");
        assert_eq!(c.match_id().dice, [0, 0]);
    }

    #[test]
    fn money_rules_come_from_an_xgid_and_only_in_money_play() {
        let s = read_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10").unwrap();
        let c = MatchContext::of(&s);
        assert!(!c.is_match() && c.jacoby && c.beavers);
        assert_eq!(c.describe(), "money, cube 1 centred, Jacoby, beavers");
        let none = read_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10").unwrap();
        assert_eq!(MatchContext::of(&none).describe(), "money, cube 1 centred");
        // A position without the rules: gnubg's defaults.
        let plain = read_setup("4HPwATDgc/ABMA").unwrap();
        assert_eq!(
            MatchContext::of(&plain).describe(),
            "money, cube 1 centred, Jacoby, beavers"
        );
        let by_id = read_setup("4HPwATDgc/ABMA:cAkAAAAAAAAA").unwrap();
        assert!(MatchContext::of(&by_id).jacoby && MatchContext::of(&by_id).beavers);
    }
}
