//! The board being edited: each colour's checkers counted separately, so that impossible
//! boards (16 checkers, both colours on one point) can exist while a person edits, be shown,
//! and be named — a [`Position`] can only hold possible ones. [`EditBoard::validate`] turns a
//! possible board into a `Position`.
//!
//! Points are numbered in **White's** numbering (1–24, White's ace point 1); Black's point `q`
//! is White's `25 − q`. Checkers not on the board are borne off (in the side's tray).

use bgw_engine::core::position::{CHECKERS, Position, Side};
use serde::{Deserialize, Serialize};

/// A place a checker can be: a point (White's numbering), a side's bar or a side's tray.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Loc {
    /// Point 1–24 in White's numbering.
    Point(u8),
    /// The bar.
    Bar,
    /// Borne off (the tray).
    Off,
}

/// Per-colour checker counts: `[side][i]`, `i` 1–24 the point in White's numbering, 25 the bar.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct EditBoard {
    white: [u8; 26],
    black: [u8; 26],
}

const BAR_INDEX: usize = 25;

/// White's point number for `side`'s own point `p` (1–24).
pub fn white_point(side: Side, p: u8) -> u8 {
    match side {
        Side::White => p,
        Side::Black => 25 - p,
    }
}

/// `side`'s own number for White's point `wp`.
pub fn own_point(side: Side, wp: u8) -> u8 {
    white_point(side, wp)
}

impl Default for EditBoard {
    fn default() -> EditBoard {
        EditBoard::empty()
    }
}

impl EditBoard {
    /// No checkers on the board (all borne off).
    pub fn empty() -> EditBoard {
        EditBoard {
            white: [0; 26],
            black: [0; 26],
        }
    }

    /// The checkers of a position.
    pub fn from_position(pos: &Position) -> EditBoard {
        let mut b = EditBoard::empty();
        let [opponent, player] = pos.sides();
        let me = pos.on_roll();
        for p in 1..=24u8 {
            b.counts_mut(me)[white_point(me, p) as usize] = player[p as usize - 1];
            let other = me.opponent();
            b.counts_mut(other)[white_point(other, p) as usize] = opponent[p as usize - 1];
        }
        b.counts_mut(me)[BAR_INDEX] = player[24];
        b.counts_mut(me.opponent())[BAR_INDEX] = opponent[24];
        b
    }

    fn counts(&self, side: Side) -> &[u8; 26] {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    fn counts_mut(&mut self, side: Side) -> &mut [u8; 26] {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// Checkers of `side` on the board (points and bar).
    pub fn on_board(&self, side: Side) -> u32 {
        self.counts(side).iter().map(|&n| n as u32).sum()
    }

    /// Checkers of `side` borne off: 15 minus those on the board (0 when there are too many).
    pub fn off(&self, side: Side) -> u8 {
        (CHECKERS as u32).saturating_sub(self.on_board(side)) as u8
    }

    /// Checkers of `side` at `loc`.
    pub fn count(&self, side: Side, loc: Loc) -> u8 {
        match loc {
            Loc::Point(p) if (1..=24).contains(&p) => self.counts(side)[p as usize],
            Loc::Point(_) => 0,
            Loc::Bar => self.counts(side)[BAR_INDEX],
            Loc::Off => self.off(side),
        }
    }

    /// Pip count of `side` (its own point numbers, 25 for the bar).
    pub fn pips(&self, side: Side) -> u32 {
        let c = self.counts(side);
        let points: u32 = (1..=24u8)
            .map(|wp| c[wp as usize] as u32 * own_point(side, wp) as u32)
            .sum();
        points + 25 * c[BAR_INDEX] as u32
    }

    /// Adds a checker of `side` at `loc`. On the tray it bears off the checker of `side`
    /// nearest to being off (its lowest own point); returns false when nothing changed.
    pub fn add(&mut self, side: Side, loc: Loc) -> bool {
        match loc {
            Loc::Point(p) if (1..=24).contains(&p) => {
                self.counts_mut(side)[p as usize] = self.counts(side)[p as usize].saturating_add(1);
                true
            }
            Loc::Point(_) => false,
            Loc::Bar => {
                self.counts_mut(side)[BAR_INDEX] = self.counts(side)[BAR_INDEX].saturating_add(1);
                true
            }
            Loc::Off => {
                let lowest = (1..=24u8)
                    .map(|p| white_point(side, p))
                    .find(|&wp| self.counts(side)[wp as usize] > 0);
                match lowest {
                    Some(wp) => self.remove(side, Loc::Point(wp)),
                    None => self.remove(side, Loc::Bar),
                }
            }
        }
    }

    /// Takes a checker of `side` from `loc` (it goes to the tray); false if there is none.
    /// Taking from the tray is not possible: a checker leaves the tray by being put somewhere.
    pub fn remove(&mut self, side: Side, loc: Loc) -> bool {
        let i = match loc {
            Loc::Point(p) if (1..=24).contains(&p) => p as usize,
            Loc::Bar => BAR_INDEX,
            _ => return false,
        };
        let c = self.counts_mut(side);
        if c[i] == 0 {
            return false;
        }
        c[i] -= 1;
        true
    }

    /// Moves one checker of `side` from `from` to `to`; false when `from` has none or the two
    /// are the same place.
    pub fn move_checker(&mut self, side: Side, from: Loc, to: Loc) -> bool {
        if from == to || self.count(side, from) == 0 {
            return false;
        }
        match (from, to) {
            (Loc::Off, to) => self.add(side, to),
            (from, Loc::Off) => self.remove(side, from),
            (from, to) => self.remove(side, from) && self.add(side, to),
        }
    }

    /// The same checkers with the colours exchanged (White's point p becomes Black's point p).
    pub fn swapped(&self) -> EditBoard {
        let mirror = |c: &[u8; 26]| {
            let mut out = [0u8; 26];
            for wp in 1..=24usize {
                out[25 - wp] = c[wp];
            }
            out[BAR_INDEX] = c[BAR_INDEX];
            out
        };
        EditBoard {
            white: mirror(&self.black),
            black: mirror(&self.white),
        }
    }

    /// Everything that keeps the board from being a position, in words (empty when it is one).
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for side in [Side::White, Side::Black] {
            let n = self.on_board(side);
            if n > CHECKERS as u32 {
                out.push(format!("{side} has {n} checkers (at most 15)"));
            }
        }
        for wp in 1..=24u8 {
            if self.white[wp as usize] > 0 && self.black[wp as usize] > 0 {
                out.push(format!(
                    "White's point {wp} (Black's {}) holds checkers of both sides",
                    25 - wp
                ));
            }
        }
        out
    }

    /// The position with `on_roll` to play, or the problems in words.
    pub fn validate(&self, on_roll: Side) -> Result<Position, Vec<String>> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(problems);
        }
        let own = |side: Side| {
            let c = self.counts(side);
            let mut out = [0u8; 25];
            for p in 1..=24u8 {
                out[p as usize - 1] = c[white_point(side, p) as usize];
            }
            out[24] = c[BAR_INDEX];
            out
        };
        Position::from_sides(on_roll, &own(on_roll), &own(on_roll.opponent()))
            .map_err(|e| vec![e.to_string()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_round_trips_and_counts() {
        for side in [Side::White, Side::Black] {
            let pos = Position::opening(side);
            let b = EditBoard::from_position(&pos);
            assert_eq!(b.validate(side).unwrap(), pos);
            assert_eq!(b.count(Side::White, Loc::Point(6)), 5);
            assert_eq!(b.count(Side::Black, Loc::Point(19)), 5);
            assert_eq!(b.pips(Side::White), 167);
            assert_eq!(b.pips(Side::Black), 167);
            assert_eq!(b.off(Side::Black), 0);
        }
    }

    #[test]
    fn sixteenth_checker_is_named_and_removing_it_heals() {
        let mut b = EditBoard::from_position(&Position::opening(Side::White));
        assert!(b.add(Side::White, Loc::Point(7)));
        assert_eq!(
            b.validate(Side::White).unwrap_err(),
            vec!["White has 16 checkers (at most 15)".to_string()]
        );
        assert!(b.remove(Side::White, Loc::Point(7)));
        assert!(!b.remove(Side::White, Loc::Point(7)));
        assert!(b.validate(Side::White).is_ok());
    }

    #[test]
    fn shared_point_is_named() {
        let mut b = EditBoard::empty();
        b.add(Side::White, Loc::Point(13));
        b.add(Side::Black, Loc::Point(13));
        let e = b.validate(Side::Black).unwrap_err();
        assert_eq!(
            e,
            vec!["White's point 13 (Black's 12) holds checkers of both sides".to_string()]
        );
    }

    #[test]
    fn moves_tray_and_bar() {
        let mut b = EditBoard::from_position(&Position::opening(Side::White));
        assert!(b.move_checker(Side::White, Loc::Point(6), Loc::Bar));
        assert_eq!(b.count(Side::White, Loc::Bar), 1);
        assert_eq!(b.pips(Side::White), 167 - 6 + 25);
        assert!(b.move_checker(Side::White, Loc::Bar, Loc::Off));
        assert_eq!(b.off(Side::White), 1);
        assert!(b.move_checker(Side::White, Loc::Off, Loc::Point(3)));
        assert_eq!(b.off(Side::White), 0);
        assert!(!b.move_checker(Side::White, Loc::Point(2), Loc::Point(3)));
        // Bearing off from the tray click takes the lowest point.
        assert!(b.add(Side::Black, Loc::Off));
        assert_eq!(b.count(Side::Black, Loc::Point(19)), 4);
        let pos = b.validate(Side::White).unwrap();
        assert_eq!(pos.opponent_off(), 1);
    }

    #[test]
    fn swap_exchanges_colours() {
        let mut b = EditBoard::empty();
        b.add(Side::White, Loc::Point(3));
        b.add(Side::Black, Loc::Bar);
        let s = b.swapped();
        assert_eq!(s.count(Side::Black, Loc::Point(22)), 1);
        assert_eq!(s.count(Side::White, Loc::Bar), 1);
        assert_eq!(s.pips(Side::Black), b.pips(Side::White));
        assert_eq!(s.swapped(), b);
    }
}
