//! Reading a move typed in gnubg notation and checking it against the rules, refusing an
//! illegal one with the reason the seed's DOBLACK gave.
//!
//! Accepted: the points of each checker's path from the mover's view separated by `/`
//! (`24/18`, `13/7*/5`), `bar` (or 25) for the bar and `off` (or 0) for borne off, a count in
//! parentheses for several checkers on the same path (`8/5(2)`), paths separated by spaces or
//! commas, `*` hit marks optional and ignored. A path between two points may use several dice
//! (`24/16` with 5-3); the steps may be typed in any order (`6/off 8/2` is played as
//! `8/2 6/off` if that is what makes it legal).
//!
//! A typed move is accepted when some order of its steps with some assignment of the dice
//! reaches one of the legal results. Otherwise the reason given is the first, most basic
//! problem met when playing it as typed, in the order of the seed's checks: no checker there;
//! a checker on the bar not entered first; bearing off before all checkers are home; the point
//! held by two or more opposing checkers; a number not rolled — or, for a move that is legal
//! step by step but does not use as much of the roll as the rules require, that reason.

use super::Play;
use crate::core::dice::Dice;
use crate::core::position::{BAR, Position};
use std::fmt;

/// One typed path segment: a checker from `from` (25 = bar) to `to` (0 = off).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Segment {
    /// Starting point, 25 for the bar.
    pub from: u8,
    /// End point, 0 for off.
    pub to: u8,
}

/// Why a typed move is refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The text is not a move in gnubg notation.
    Syntax {
        /// The offending part.
        token: String,
        /// What is wrong with it.
        why: String,
    },
    /// No checker of the mover's on the point.
    NoChecker {
        /// The point (25 = bar).
        point: u8,
    },
    /// A checker is on the bar and another one was moved first.
    BarFirst,
    /// Bearing off before all checkers are home.
    BearOffNotHome,
    /// Bearing off with a larger number while a checker stands higher.
    BearOffHigher {
        /// The point borne off from.
        point: u8,
    },
    /// The point is held by two or more opposing checkers.
    PointHeld {
        /// The point.
        point: u8,
    },
    /// No number rolled (or sum of them) moves this far.
    NotRolled {
        /// The distance asked for.
        pips: u8,
        /// The roll.
        dice: Dice,
    },
    /// The move needs more numbers than were rolled.
    TooManySteps {
        /// The roll.
        dice: Dice,
    },
    /// The move uses fewer dice than the roll allows.
    MorePlayable {
        /// Dice the typed move uses.
        played: usize,
        /// Dice a legal move must use.
        playable: usize,
    },
    /// Only one die can be played and it must be the larger one.
    LargerDie {
        /// The larger die.
        die: u8,
    },
    /// Nothing more specific applies.
    NotLegal,
}

fn point_name(p: u8) -> String {
    match p {
        25 => "the bar".into(),
        0 => "off".into(),
        _ => p.to_string(),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Syntax { token, why } => {
                write!(
                    f,
                    "cannot read {}: {why}",
                    crate::core::formats::quote::quote(token)
                )
            }
            Refusal::NoChecker { point: 25 } => f.write_str("you have no checker on the bar"),
            Refusal::NoChecker { point } => {
                write!(f, "you have no checker on point {point}")
            }
            Refusal::BarFirst => f.write_str("you have a checker on the bar: enter it first"),
            Refusal::BearOffNotHome => {
                f.write_str("you cannot bear off before all your checkers are home")
            }
            Refusal::BearOffHigher { point } => write!(
                f,
                "you cannot bear off from {point} with a larger number while a checker of yours \
                 stands on a higher point"
            ),
            Refusal::PointHeld { point } => write!(
                f,
                "point {point} is held by two or more of your opponent's checkers"
            ),
            Refusal::NotRolled { pips, dice } => {
                write!(
                    f,
                    "you did not roll a {pips} (the dice are {}-{})",
                    dice.high(),
                    dice.low()
                )
            }
            Refusal::TooManySteps { dice } => write!(
                f,
                "that move needs more numbers than you rolled ({}-{})",
                dice.high(),
                dice.low()
            ),
            Refusal::MorePlayable { played, playable } => write!(
                f,
                "the roll allows {playable} dice to be played and you must play them all; that \
                 move plays {played}"
            ),
            Refusal::LargerDie { die } => write!(
                f,
                "only one number can be played, and then it must be the larger one ({die})"
            ),
            Refusal::NotLegal => f.write_str("that is not a legal move"),
        }
    }
}

impl std::error::Error for Refusal {}

fn parse_point(s: &str, token: &str) -> Result<u8, Refusal> {
    let syntax = |why: &str| Refusal::Syntax {
        token: token.to_string(),
        why: why.to_string(),
    };
    let s = s.trim_end_matches('*');
    match s.to_ascii_lowercase().as_str() {
        "bar" | "b" => Ok(25),
        "off" | "o" => Ok(0),
        n => match n.parse::<u8>() {
            Ok(p) if p <= 25 => Ok(p),
            _ => Err(syntax(&format!(
                "{} is not a point (1-24, bar or off)",
                crate::core::formats::quote::quote(s)
            ))),
        },
    }
}

/// Reads a typed move into segments, one per checker and leg (`13/7*/5` gives 13→7 and 7→5,
/// `8/5(2)` gives 8→5 twice), in the order typed.
pub fn parse(text: &str) -> Result<Vec<Segment>, Refusal> {
    let mut out = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        let syntax = |why: &str| Refusal::Syntax {
            token: token.to_string(),
            why: why.to_string(),
        };
        let (path, count) = match token.find('(') {
            Some(i) => {
                let inner = token[i + 1..]
                    .strip_suffix(')')
                    .ok_or_else(|| syntax("a count is written (n)"))?;
                let n: usize = inner
                    .parse()
                    .ok()
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| syntax("the count must be 1-4"))?;
                (&token[..i], n)
            }
            None => (token, 1),
        };
        let points = path
            .split('/')
            .map(|p| parse_point(p, token))
            .collect::<Result<Vec<u8>, _>>()?;
        if points.len() < 2 {
            return Err(syntax("a move is written from/to, such as 24/18"));
        }
        for pair in points.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            if from == 0 {
                return Err(syntax("nothing moves from off"));
            }
            if to == 25 {
                return Err(syntax("nothing moves to the bar"));
            }
            if to >= from {
                return Err(syntax(&format!(
                    "a checker moves towards point 1: {}/{} goes backwards",
                    point_name(from),
                    point_name(to)
                )));
            }
        }
        for _ in 0..count {
            for pair in points.windows(2) {
                out.push(Segment {
                    from: pair[0],
                    to: pair[1],
                });
            }
        }
    }
    if out.len() > 4 {
        return Err(Refusal::Syntax {
            token: text.trim().to_string(),
            why: "more than four checker moves".into(),
        });
    }
    Ok(out)
}

/// The search for an order of the typed steps and an assignment of the dice. The checkers of
/// different segments may move in any interleaving (two checkers from 5 bearing off with 3-3
/// must both reach 2 before either leaves); errors are recorded only along the typed order.
struct Search<'a> {
    segs: &'a [Segment],
    /// Whether a hop inside a typed leg may hit (gnubg writes such a hit: `13/7*/5`).
    intermediate_hits: bool,
    first_error: Option<(u8, Refusal)>,
    ends: Vec<([i8; 26], usize)>,
    dice: Dice,
}

fn priority(r: &Refusal) -> u8 {
    match r {
        Refusal::NoChecker { .. } => 6,
        Refusal::BarFirst => 5,
        Refusal::BearOffNotHome => 4,
        Refusal::PointHeld { .. } | Refusal::BearOffHigher { .. } => 3,
        _ => 1,
    }
}

impl Search<'_> {
    fn fail(&mut self, record: bool, r: Refusal) {
        let p = priority(&r);
        self.fail_with(record, p, r);
    }

    fn fail_with(&mut self, record: bool, p: u8, r: Refusal) {
        if record && self.first_error.as_ref().is_none_or(|(q, _)| p > *q) {
            self.first_error = Some((p, r));
        }
    }

    fn dice_count(&self) -> usize {
        if self.dice.is_double() { 4 } else { 2 }
    }

    /// `cur[i]` is where segment i's checker stands (its `from` until it moves, its `to` when
    /// done); `typed` is true while every hop so far followed the typed order.
    fn explore(&mut self, b: &[i8; 26], dice: &[u8], cur: &mut [u8; 4], typed: bool) {
        let n = self.segs.len();
        let first_open = (0..n).find(|&i| cur[i] != self.segs[i].to);
        let Some(first_open) = first_open else {
            self.ends.push((*b, self.dice_count() - dice.len()));
            return;
        };
        for i in first_open..n {
            let seg = self.segs[i];
            let at = cur[i];
            if at == seg.to {
                continue;
            }
            let record = typed && i == first_open;
            if let Some((p, r)) = self.refused_before_hop(b, dice, cur, i) {
                self.fail_with(record, p, r);
                continue;
            }
            let mut tried = [false; 7];
            let mut any_fit = false;
            for k in 0..dice.len() {
                let d = dice[k];
                if std::mem::replace(&mut tried[d as usize], true) {
                    continue;
                }
                let to = match hop(b, at, d, seg) {
                    Hop::Past => continue,
                    Hop::Refused(r) => {
                        any_fit = true;
                        self.fail(record, r);
                        continue;
                    }
                    Hop::To(to) => {
                        any_fit = true;
                        to
                    }
                };
                if to != seg.to && b[to as usize] == -1 && !self.intermediate_hits {
                    continue;
                }
                let m = dice.len() - 1;
                let rest = without_die(dice, k);
                cur[i] = to;
                self.explore(&moved(b, at, to), &rest[..m], cur, record);
                cur[i] = at;
            }
            if !any_fit {
                let r = Refusal::NotRolled {
                    pips: seg.from - seg.to,
                    dice: self.dice,
                };
                self.fail(record, r);
            }
        }
    }

    /// Why the checker of segment `i`, standing on `cur[i]` of board `b` with `dice` left,
    /// cannot hop at all, and the priority the refusal is recorded at; `None` when it may try
    /// its dice.
    fn refused_before_hop(
        &self,
        b: &[i8; 26],
        dice: &[u8],
        cur: &[u8; 4],
        i: usize,
    ) -> Option<(u8, Refusal)> {
        let (seg, at) = (self.segs[i], cur[i]);
        let ranked = |r: Refusal| Some((priority(&r), r));
        if b[at as usize] <= 0 {
            return ranked(Refusal::NoChecker { point: at });
        }
        if b[BAR] > 0 && at != 25 {
            return ranked(Refusal::BarFirst);
        }
        if seg.to == 0 {
            // Checkers outside home that no typed step brings home: bearing off is refused
            // whatever the order.
            let outside: i32 = (7..=25).map(|p| b[p].max(0) as i32).sum();
            let coming_home = (0..self.segs.len())
                .filter(|&j| cur[j] > 6 && self.segs[j].to <= 6 && cur[j] != self.segs[j].to)
                .count() as i32;
            if outside > coming_home {
                return ranked(Refusal::BearOffNotHome);
            }
        }
        if dice.is_empty() {
            return Some((3, Refusal::TooManySteps { dice: self.dice }));
        }
        if at == seg.from && !reachable(dice, seg.from, seg.to) {
            // No die or sum of dice covers the distance at all: say so before any block.
            let r = Refusal::NotRolled {
                pips: seg.from - seg.to,
                dice: self.dice,
            };
            return Some((3, r));
        }
        None
    }
}

/// Where one die's hop of a segment's checker goes.
enum Hop {
    /// Past the segment's end (or off when the segment stays on the board): not this die.
    Past,
    /// The die fits the segment but the hop is not allowed.
    Refused(Refusal),
    /// To this point (0 = off).
    To(u8),
}

/// The hop of die `d` from `at` on board `b` for segment `seg`: bearing off needs every
/// checker home and, with a die larger than the point, none on a higher point; landing needs
/// a point not held by two or more.
fn hop(b: &[i8; 26], at: u8, d: u8, seg: Segment) -> Hop {
    let land = at as i16 - d as i16;
    if land <= 0 {
        if seg.to != 0 {
            return Hop::Past;
        }
        if (7..=25).any(|p| b[p] > 0) {
            return Hop::Refused(Refusal::BearOffNotHome);
        }
        if land < 0 && (at as usize + 1..=6).any(|p| b[p] > 0) {
            return Hop::Refused(Refusal::BearOffHigher { point: at });
        }
        Hop::To(0)
    } else {
        let land = land as u8;
        if land < seg.to {
            return Hop::Past;
        }
        if b[land as usize] < -1 {
            return Hop::Refused(Refusal::PointHeld { point: land });
        }
        Hop::To(land)
    }
}

/// Board `b` after a checker hops from `at` to `to` (0 = off), hitting a blot there.
fn moved(b: &[i8; 26], at: u8, to: u8) -> [i8; 26] {
    let mut next = *b;
    next[at as usize] -= 1;
    if to != 0 {
        if next[to as usize] == -1 {
            next[to as usize] = 0;
            next[0] -= 1;
        }
        next[to as usize] += 1;
    }
    next
}

/// `dice` without the die at `k`, in order (the first `dice.len() - 1` are the rest).
fn without_die(dice: &[u8], k: usize) -> [u8; 4] {
    let mut rest = [0u8; 4];
    let m = dice.len() - 1;
    rest[..k].copy_from_slice(&dice[..k]);
    rest[k..m].copy_from_slice(&dice[k + 1..]);
    rest
}

/// True when some of `dice`, used in turn by one checker, cover the way from `from` to `to`
/// (exactly, or for `to` = off at least), blocks and bear-off conditions aside.
fn reachable(dice: &[u8], from: u8, to: u8) -> bool {
    let pips = (from - to) as u16;
    (1..1usize << dice.len()).any(|subset| {
        let sum: u16 = (0..dice.len())
            .filter(|i| subset >> i & 1 == 1)
            .map(|i| dice[i] as u16)
            .sum();
        sum == pips || (to == 0 && sum >= pips)
    })
}

/// Checks a typed move against the legal `plays` of `dice` in `pos` (from the mover's view):
/// the index of the play it reaches, or why it is refused.
pub fn match_play(
    pos: &Position,
    dice: Dice,
    text: &str,
    plays: &[Play],
) -> Result<usize, Refusal> {
    match_segments(pos, dice, &parse(text)?, plays)
}

/// [`match_play`] for a move already read into segments (at most four).
pub(crate) fn match_segments(
    pos: &Position,
    dice: Dice,
    segs: &[Segment],
    plays: &[Play],
) -> Result<usize, Refusal> {
    if segs.len() > 4 {
        return Err(Refusal::TooManySteps { dice });
    }
    let find = |b: &[i8; 26]| plays.iter().position(|p| p.result.board() == b);
    let playable = plays.first().map_or(0, |p| p.mv.dice_used());
    if segs.is_empty() {
        return match find(pos.board()) {
            Some(i) if playable == 0 => Ok(i),
            _ if playable == 0 => Err(Refusal::NotLegal),
            _ => Err(Refusal::MorePlayable {
                played: 0,
                playable,
            }),
        };
    }
    let dice_list: Vec<u8> = if dice.is_double() {
        vec![dice.high(); 4]
    } else {
        vec![dice.high(), dice.low()]
    };
    let mut cur = [0u8; 4];
    for (c, s) in cur.iter_mut().zip(segs) {
        *c = s.from;
    }
    // First read each leg as gnubg writes it (a hit on the way would have been shown), then
    // allow hits on the way too.
    let mut search = Search {
        segs,
        intermediate_hits: false,
        first_error: None,
        ends: Vec::new(),
        dice,
    };
    search.explore(pos.board(), &dice_list, &mut cur, true);
    if let Some(i) = search.ends.iter().find_map(|(b, _)| find(b)) {
        return Ok(i);
    }
    search.intermediate_hits = true;
    search.first_error = None;
    search.ends.clear();
    search.explore(pos.board(), &dice_list, &mut cur, true);
    if let Some(i) = search.ends.iter().find_map(|(b, _)| find(b)) {
        return Ok(i);
    }
    if let Some(&(_, played)) = search.ends.iter().min_by_key(|(_, n)| *n) {
        if played < playable {
            return Err(Refusal::MorePlayable { played, playable });
        }
        if playable == 1 && !dice.is_double() {
            return Err(Refusal::LargerDie { die: dice.high() });
        }
        return Err(Refusal::NotLegal);
    }
    Err(search
        .first_error
        .map(|(_, r)| r)
        .unwrap_or(Refusal::NotLegal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::moves::MoveGenerator;
    use crate::core::position::Side;

    fn check(pos: &Position, dice: &str, text: &str) -> Result<String, Refusal> {
        let dice: Dice = dice.parse().unwrap();
        let plays = MoveGenerator::new().generate(pos, dice).to_vec();
        match_play(pos, dice, text, &plays).map(|i| plays[i].mv.notation())
    }

    use crate::core::position::test_position as pos;

    #[test]
    fn parses_gnubg_notation() {
        let s = |f, t| Segment { from: f, to: t };
        assert_eq!(parse("24/18 13/11").unwrap(), vec![s(24, 18), s(13, 11)]);
        assert_eq!(parse("13/7*/5").unwrap(), vec![s(13, 7), s(7, 5)]);
        assert_eq!(parse("8/5(2)").unwrap(), vec![s(8, 5), s(8, 5)]);
        assert_eq!(parse("bar/22, 6/off").unwrap(), vec![s(25, 22), s(6, 0)]);
        assert_eq!(parse("BAR/22*").unwrap(), vec![s(25, 22)]);
        assert_eq!(parse("").unwrap(), vec![]);
        for bad in [
            "24",
            "24/30",
            "18/24",
            "off/3",
            "6/bar",
            "8/5(5)",
            "8/5(2",
            "x/3",
            "6/5(2) 4/3(3)",
        ] {
            assert!(matches!(parse(bad), Err(Refusal::Syntax { .. })), "{bad}");
        }
    }

    #[test]
    fn every_legal_notation_is_accepted() {
        // Each of the generator's own notations reads back to its play.
        let mut g = MoveGenerator::new();
        let positions = [
            Position::opening(Side::White),
            pos(&[(25, 1), (13, 3), (6, 4), (3, -1), (20, -2), (0, -1)]),
            pos(&[(6, 3), (5, 2), (2, 1), (1, -2)]),
        ];
        for p in positions {
            for dice in Dice::all() {
                let plays = g.generate(&p, dice).to_vec();
                for (i, play) in plays.iter().enumerate() {
                    let got = match_play(&p, dice, &play.mv.notation(), &plays);
                    assert_eq!(got, Ok(i), "{} with {dice}", play.mv.notation());
                }
            }
        }
    }

    #[test]
    fn equivalent_spellings() {
        let p = Position::opening(Side::White);
        assert_eq!(check(&p, "31", "6/5 8/5").unwrap(), "8/5 6/5");
        assert_eq!(check(&p, "64", "24/14").unwrap(), "24/14");
        assert_eq!(check(&p, "64", "24/18/14").unwrap(), "24/14");
        assert_eq!(check(&p, "11", "6/5(2) 8/7(2)").unwrap(), "8/7(2) 6/5(2)");
        // Order of typing does not matter for bearing in then off.
        let q = pos(&[(8, 1), (2, 2), (20, -2)]);
        assert_eq!(check(&q, "62", "2/off 8/2"), check(&q, "62", "8/2 2/off"));
        assert!(check(&q, "62", "2/off 8/2").is_ok());
        // Two checkers from 5 bear off with 3-3 only if both reach 2 first; two from 9 with
        // 5-5 only if both come home first.
        let r = pos(&[(5, 2), (20, -2)]);
        assert_eq!(check(&r, "33", "5/off(2)").unwrap(), "5/off(2)");
        let s = pos(&[(9, 2), (20, -2)]);
        assert_eq!(check(&s, "55", "9/off(2)").unwrap(), "9/off(2)");
        // A leg written without an intermediate point does not hit on the way (gnubg would
        // have written 13/10*/9): here 13/9 with 3-1 passes by 12, not by the blot on 10.
        let t = pos(&[(13, 2), (6, 2), (10, -1), (20, -2)]);
        assert_eq!(check(&t, "31", "13/9").unwrap(), "13/9");
        assert_eq!(check(&t, "31", "13/10*/9").unwrap(), "13/10*/9");
    }

    #[test]
    fn the_seeds_reasons() {
        let p = Position::opening(Side::White);
        assert_eq!(
            check(&p, "31", "7/4 6/5"),
            Err(Refusal::NoChecker { point: 7 })
        );
        // Typed steps may chain in any order: 7/4 after 8/7 is 8/4.
        assert_eq!(check(&p, "31", "7/4 8/7").unwrap(), "8/4");
        // 6/1 lands on the opponent's 24 point (two checkers there).
        assert_eq!(
            check(&p, "51", "6/1 6/5"),
            Err(Refusal::PointHeld { point: 1 })
        );
        let dice: Dice = "53".parse().unwrap();
        assert_eq!(
            check(&p, "53", "24/18 13/10"),
            Err(Refusal::NotRolled { pips: 6, dice })
        );
        let bar = pos(&[(25, 1), (13, 3), (6, 4), (20, -2)]);
        assert_eq!(check(&bar, "31", "13/10 6/5"), Err(Refusal::BarFirst));
        assert_eq!(check(&bar, "31", "bar/22 13/12").unwrap(), "bar/22 13/12");
        let home = pos(&[(8, 1), (6, 2), (20, -2)]);
        assert_eq!(
            check(&home, "61", "6/off 6/5"),
            Err(Refusal::BearOffNotHome)
        );
        let high = pos(&[(6, 2), (3, 1), (20, -2)]);
        assert_eq!(
            check(&high, "54", "3/off 6/2"),
            Err(Refusal::BearOffHigher { point: 3 })
        );
        // Legal step by step but half the roll: both dice can be played.
        assert_eq!(
            check(&p, "31", "8/5"),
            Err(Refusal::MorePlayable {
                played: 1,
                playable: 2
            })
        );
        assert_eq!(
            check(&p, "31", ""),
            Err(Refusal::MorePlayable {
                played: 0,
                playable: 2
            })
        );
        // Only one die can be played: it must be the larger. A lone checker on 13 with 6-5
        // and the opponent holding 2: 13/7/2 and 13/8/2 are blocked, 13/7 and 13/8 are not.
        let one = pos(&[(13, 1), (2, -2)]);
        let plays = MoveGenerator::new()
            .generate(&one, "65".parse().unwrap())
            .to_vec();
        assert_eq!(plays.len(), 1);
        assert_eq!(check(&one, "65", "13/7").unwrap(), "13/7");
        assert_eq!(
            check(&one, "65", "13/8"),
            Err(Refusal::LargerDie { die: 6 })
        );
        assert_eq!(
            check(&one, "65", "13/2"),
            Err(Refusal::PointHeld { point: 2 })
        );
    }
}
