//! The exact cube verdict of a pair of a cubeful two-sided database (money), from the side on
//! roll's view, read from gnubg's four equities ([`CubefulEquities`]).
//!
//! What the file stores for a pair (x on roll, y) is x's equity **before** x decides on the
//! cube (see [`super::cubeful`]): `centred` and `owned` are x's equities when it rolls without
//! doubling — the no-double equities of the two states x may double from — and
//! `opponent_owns` is x's equity when y owns the cube, at the same stake. After a double and a
//! take y owns the cube at twice the stake, so double/take is `2 × opponent_owns`, for an
//! initial double and a redouble alike; double/pass is +1. These are exactly the figures
//! gnubg's build compares when the side on roll of a pair decides on the cube (in its 16-bit
//! words: double when `dt ≥ nd / 2`, pass when `dt ≥ 32767 / 2`, `dt` and `nd` the stored
//! words); in `f64` the two rules agree except at a tie within one 16-bit step (a test).

use super::cube::{CubeDecision, CubeDecisions};
use crate::bearoff::one_sided;
use crate::bearoff::two_sided::{CubefulEquities, TwoSidedChances, TwoSidedDb};
use crate::core::position::Position;

/// The exact decision of `pos` for the cube as it stands at `at`: the cube state it is for
/// ("centred", "owned by the side on roll") and the decision, or why there is none (what
/// [`exact_verdict_of`] refuses; a match, whose equities the money database does not hold; a
/// cube the other side owns, with no double to decide).
pub fn exact_decision_at(
    db: &TwoSidedDb,
    pos: &Position,
    at: &crate::reference::MatchContext,
) -> Result<(&'static str, CubeDecision), String> {
    let verdict = exact_verdict_of(db, pos)?;
    let id = at.match_id();
    match id.cube_owner {
        _ if at.is_match() => Err("its equities are money play".to_string()),
        None => Ok(("centred", verdict.centred)),
        Some(s) if s == id.on_roll => Ok(("owned by the side on roll", verdict.owned)),
        Some(_) => Err("the cube is the other side's: no double to decide".to_string()),
    }
}

/// The exact cube decisions of `pos` (the side on roll before it rolls) from the cubeful
/// database `db`: `Err` says why there are none — not a race the database holds (a checker
/// beyond its points or on the bar, contact, more checkers than it has), or a cubeless
/// database.
pub fn exact_verdict_of(db: &TwoSidedDb, pos: &Position) -> Result<CubeDecisions, String> {
    let points = db.points();
    let counts = super::analysis::sides_counts(pos, points);
    let on_board = |c: &one_sided::Counts| c.iter().map(|&n| u32::from(n)).sum::<u32>();
    let [other, on_roll] = pos.sides();
    let all =
        |s: &crate::core::position::SideCheckers| s.iter().map(|&n| u32::from(n)).sum::<u32>();
    let held = on_board(&counts[0]) == all(&on_roll)
        && on_board(&counts[1]) == all(&other)
        && counts.iter().all(|c| on_board(c) as usize <= db.checkers())
        && !pos.has_contact();
    if !held {
        return Err(format!(
            "not a race of at most {} checkers on points 1-{points} a side",
            db.checkers()
        ));
    }
    let (x, y) = (
        one_sided::index(&counts[0], points),
        one_sided::index(&counts[1], points),
    );
    db.cubeful(x, y)
        .map(|e| exact_cube_verdict(&e))
        .ok_or_else(|| "a cubeless database has no cube decisions".to_string())
}

/// The exact cube decisions of a pair from its stored equities: [`CubeDecisions::centred`]
/// (an initial double) and [`CubeDecisions::owned`] (a redouble), each with its no double,
/// double/take and double/pass equities, the implied actions and the costs of the others.
pub fn exact_cube_verdict(e: &CubefulEquities) -> CubeDecisions {
    let decision = |no_double| CubeDecision {
        no_double,
        double_take: 2.0 * e.opponent_owns,
        double_pass: 1.0,
    };
    CubeDecisions {
        centred: decision(e.centred),
        owned: decision(e.owned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::two_sided::cubeful::cube_equity;
    use crate::bearoff::two_sided::{Kind, TwoSidedDb};
    use crate::core::task::Task;

    /// gnubg's 16-bit word of an equity word `w` (stored `s + 0x8000`).
    fn signed(w: u16) -> i32 {
        w as i32 - 0x8000
    }

    #[test]
    fn agrees_with_gnubgs_integer_decisions_but_at_ties() {
        let db = TwoSidedDb::build(4, 4, Kind::Cubeful, &Task::new()).unwrap();
        let n = crate::bearoff::two_sided::positions(4, 4);
        let (mut doubles, mut passes, mut ties) = (0, 0, 0);
        for a in 1..n {
            for b in 1..n {
                let words = db.cubeful_words(a, b).unwrap();
                let (dt, nd, own) = (signed(words[3]), signed(words[2]), signed(words[1]));
                let v = exact_cube_verdict(&db.cubeful(a, b).unwrap());
                for (d, nd) in [(v.centred, nd), (v.owned, own)] {
                    // The build's rule: double when dt ≥ nd / 2 (truncating); its cube_equity is
                    // then +1 on a pass.
                    let gnubg_doubles = dt >= nd / 2;
                    let tie = (2 * dt - nd).abs() <= 1 || dt == 0x7FFF / 2;
                    if tie {
                        ties += 1;
                        continue;
                    }
                    assert_eq!(d.double(), gnubg_doubles, "{a} {b}");
                    if d.double() {
                        assert_eq!(!d.take(), cube_equity(nd, dt) == 0x7FFF, "{a} {b}");
                        passes += u32::from(!d.take());
                    }
                    doubles += u32::from(d.double());
                }
            }
        }
        assert!(doubles > 1000 && passes > 500, "{doubles} {passes} {ties}");
        assert!(ties < doubles / 50, "{ties}");
    }

    #[test]
    fn a_sure_win_doubles_out_and_a_sure_loss_does_not() {
        // One checker on the ace against 4 on the 4 point: the side on roll is off at once.
        let db = TwoSidedDb::build(4, 4, Kind::Cubeful, &Task::new()).unwrap();
        let side = |point: usize, n: u8| {
            let mut c: crate::bearoff::one_sided::Counts = Default::default();
            c[point] = n;
            crate::bearoff::one_sided::index(&c, 4)
        };
        let (ace, far) = (side(1, 1), side(4, 4));
        let win = exact_cube_verdict(&db.cubeful(ace, far).unwrap());
        assert_eq!(win.centred.no_double, 1.0);
        assert_eq!(
            win.centred.action(),
            super::super::cube::CubeAction::DoublePass
        );
        assert_eq!(win.centred.double_cost(false), 0.0);
        let lose = exact_cube_verdict(&db.cubeful(far, ace).unwrap());
        assert_eq!(
            lose.centred.action(),
            super::super::cube::CubeAction::NoDouble
        );
        assert!(lose.centred.double_cost(true) > 0.5);
    }
}
