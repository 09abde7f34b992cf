//! gnubg's moves found among our legal plays by the position they reach, never by string:
//! gnubg's notation is read with our parser ([`parse::match_play`]) and played through the
//! move generator's legal plays.

use super::MoveEval;
use crate::core::dice::Dice;
use crate::core::formats::quote::quote;
use crate::core::moves::Play;
use crate::core::moves::parse::{self, Refusal};
use crate::core::position::Position;
use std::collections::HashMap;
use std::fmt::{self, Write as _};

/// Why gnubg's list of moves does not match our legal plays.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchError {
    /// A move of gnubg's reaches none of our legal results.
    Unmatched {
        /// gnubg's notation.
        notation: String,
        /// Why our parser refuses it.
        why: Refusal,
    },
    /// Two of gnubg's moves reach the same one of our results.
    Twice {
        /// The first of gnubg's notations.
        first: String,
        /// The second.
        second: String,
        /// Our notation of the result they share.
        ours: String,
    },
    /// gnubg lists fewer moves than we have legal results.
    Missing {
        /// Our notations of the results gnubg does not list.
        ours: Vec<String>,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Unmatched { notation, why } => {
                write!(
                    f,
                    "gnubg's move {} is none of our legal plays: {why}",
                    quote(notation)
                )
            }
            MatchError::Twice {
                first,
                second,
                ours,
            } => write!(
                f,
                "gnubg's moves {} and {} both reach the result of our {ours:?}",
                quote(first),
                quote(second)
            ),
            MatchError::Missing { ours } => {
                let shown: Vec<&str> = ours.iter().take(5).map(String::as_str).collect();
                let more = match ours.len().saturating_sub(shown.len()) {
                    0 => String::new(),
                    n => format!(" and {n} more"),
                };
                write!(
                    f,
                    "gnubg does not list our legal plays {}{more}",
                    shown.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for MatchError {}

/// Finds each of gnubg's `moves` (for `dice` in `pos`, from the mover's view) among `plays`
/// (our legal plays of that roll, [`crate::core::moves::MoveGenerator::generate`]): the index of
/// the play reaching the same position, with gnubg's evaluation, in gnubg's order (best
/// first). Every move must match a different play; when `moves` is gnubg's whole list (a
/// `moves` reply) pass `complete` to also require that every play is listed.
pub fn match_to_plays(
    pos: &Position,
    dice: Dice,
    moves: &[MoveEval],
    plays: &[Play],
    complete: bool,
) -> Result<Vec<(usize, MoveEval)>, MatchError> {
    let found = match_indices(pos, dice, moves, plays, complete)?;
    Ok(found.into_iter().zip(moves.iter().cloned()).collect())
}

/// [`match_to_plays`] without the evaluations: the index in `plays` of each of `moves`, in
/// gnubg's order.
pub fn match_indices(
    pos: &Position,
    dice: Dice,
    moves: &[MoveEval],
    plays: &[Play],
    complete: bool,
) -> Result<Vec<usize>, MatchError> {
    let mut owner: Vec<Option<usize>> = vec![None; plays.len()];
    let mut matched = Vec::with_capacity(moves.len());
    // A move written as we write our plays (the nets in bgw write ours, gnubg mostly does) is
    // found at a glance; any other spelling is read and matched by the position it reaches.
    // Our notations are written one after another into one text, each play's at its range.
    let mut names = String::with_capacity(24 * plays.len());
    let mut ends = Vec::with_capacity(plays.len());
    for p in plays {
        // Writing to a String does not fail.
        let _ = write!(names, "{}", p.mv);
        ends.push(names.len());
    }
    let mut ours: HashMap<&str, usize> = HashMap::with_capacity(plays.len());
    let mut from = 0;
    for (i, &end) in ends.iter().enumerate() {
        ours.insert(&names[from..end], i);
        from = end;
    }
    for (k, m) in moves.iter().enumerate() {
        let i = match ours.get(m.notation.as_str()) {
            Some(&i) => i,
            None => parse::match_play(pos, dice, &m.notation, plays).map_err(|why| {
                MatchError::Unmatched {
                    notation: m.notation.clone(),
                    why,
                }
            })?,
        };
        if let Some(j) = owner[i] {
            return Err(MatchError::Twice {
                first: moves[j].notation.clone(),
                second: m.notation.clone(),
                ours: plays[i].mv.notation(),
            });
        }
        owner[i] = Some(k);
        matched.push(i);
    }
    if complete && matched.len() < plays.len() {
        let ours = plays
            .iter()
            .zip(&owner)
            .filter(|(_, o)| o.is_none())
            .map(|(p, _)| p.mv.notation())
            .collect();
        return Err(MatchError::Missing { ours });
    }
    Ok(matched)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::moves::legal_plays;
    use crate::core::position::Side;

    fn eval(notation: &str) -> MoveEval {
        MoveEval {
            notation: notation.into(),
            equity: 0.0,
            probs: Some([0.5, 0.1, 0.0, 0.1, 0.0]),
            plies: 0,
            mwc: None,
        }
    }

    fn opening_31() -> (Position, Dice, Vec<Play>) {
        let pos = Position::opening(Side::White);
        let dice = Dice::new(3, 1).unwrap();
        let plays = legal_plays(&pos, dice);
        (pos, dice, plays)
    }

    #[test]
    fn moves_match_by_result_not_by_string() {
        let (pos, dice, plays) = opening_31();
        // Same result, other words: the steps in another order, and a path through a point.
        let m =
            match_to_plays(&pos, dice, &[eval("6/5 8/5"), eval("24/20")], &plays, false).unwrap();
        assert_eq!(plays[m[0].0].result, {
            let i = parse::match_play(&pos, dice, "8/5 6/5", &plays).unwrap();
            plays[i].result
        });
        assert_eq!(plays[m[1].0].mv.dice_used(), 2);
        assert_eq!(m[1].1.notation, "24/20");
    }

    #[test]
    fn a_move_we_cannot_play_is_named() {
        let (pos, dice, plays) = opening_31();
        let e = match_to_plays(&pos, dice, &[eval("8/4 6/5")], &plays, false).unwrap_err();
        assert!(matches!(&e, MatchError::Unmatched { notation, .. } if notation == "8/4 6/5"));
        assert!(e.to_string().contains("8/4 6/5"));
        let e = match_to_plays(
            &pos,
            dice,
            &[eval("8/5 6/5"), eval("6/5 8/5")],
            &plays,
            false,
        )
        .unwrap_err();
        assert!(matches!(e, MatchError::Twice { .. }), "{e}");
    }

    #[test]
    fn a_complete_list_must_name_every_play() {
        let (pos, dice, plays) = opening_31();
        let e = match_to_plays(&pos, dice, &[eval("8/5 6/5")], &plays, true).unwrap_err();
        let MatchError::Missing { ours } = e else {
            panic!("{e}")
        };
        assert_eq!(ours.len(), plays.len() - 1);
        // No legal move: gnubg's empty list matches our empty one.
        assert!(
            match_to_plays(&pos, dice, &[], &[], true)
                .unwrap()
                .is_empty()
        );
    }
}
