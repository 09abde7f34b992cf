//! The position: both sides' checkers and the side on roll.
//!
//! # Numbering
//! The model always looks at the board **from the side on roll** (the *player*), as GNU
//! Backgammon does internally:
//!
//! | model                         | player's view           | opponent's view            |
//! |-------------------------------|-------------------------|----------------------------|
//! | `board[p]`, `p` in 1..=24     | the player's point `p`  | the opponent's point `25−p` |
//! | `board[25]` (≥ 0)             | the player's bar        |                            |
//! | `board[0]`  (≤ 0)             |                         | the opponent's bar         |
//!
//! Positive counts are the player's checkers, negative counts the opponent's. The player moves
//! from 24 towards 1 and bears off from its home board, points 1–6. Checkers not on the board
//! are borne off (a side may have fewer than 15 on the board, as in bear-off studies).
//!
//! **gnubg** numbers each side's points from its own ace point, 0-based (`anBoard[side][0..24]`,
//! index 24 the bar), with `anBoard[1]` the side on roll: the model's `board[p]` for `p` in
//! 1..=24 is gnubg's `anBoard[1][p−1]`, and the opponent's `anBoard[0][q]` is `−board[24−q]`.
//!
//! **The seed** (the classic program, seed 000) uses one fixed numbering: White moves from
//! point 1 to 24, its home is 19–24 and its bar is position 0; Black moves 24 → 1, home 1–6.
//! With White on roll, the seed's point `s` is the model's point `25−s` (the seed's White bar,
//! 0, is the model's 25). With Black on roll, the seed's point `s` is the model's point `s`.
//! [`Position::seed_point`] does this conversion.

use std::fmt;

/// Checkers a side has in a full game.
pub const CHECKERS: u8 = 15;
/// Index of the player's bar in [`Position::board`].
pub const BAR: usize = 25;
/// Index of the opponent's bar in [`Position::board`] (its count is stored as a negative number).
pub const OPPONENT_BAR: usize = 0;

/// One side's checkers counted from its own ace point, as gnubg's `anBoard[side]`:
/// index `p − 1` holds the side's point `p` (1..=24) and index 24 its bar.
pub type SideCheckers = [u8; 25];

/// The two colours. **White** is the bottom player of an XGID (upper-case letters) and gnubg's
/// player 1; **Black** the top player (lower case) and gnubg's player 0. In the seed the
/// computer plays White.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The seed's computer; XGID's bottom player.
    White,
    /// The seed's person; XGID's top player.
    Black,
}

impl Side {
    /// The other colour.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// "White" or "Black".
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a set of checkers is not a backgammon position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has more than 15 checkers.
    TooManyCheckers {
        /// The colour with too many checkers.
        side: Side,
        /// How many it has.
        count: u32,
    },
    /// Both sides have checkers on one point (numbered from the view of the side on roll).
    SharedPoint {
        /// The point, 1–24, from the view of the side on roll.
        point: usize,
    },
    /// A bar count has the wrong sign in a signed board.
    BadBar,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyCheckers { side, count } => {
                write!(f, "{side} has {count} checkers (at most 15)")
            }
            PositionError::SharedPoint { point } => {
                write!(f, "point {point} holds checkers of both sides")
            }
            PositionError::BadBar => {
                f.write_str("the player's bar must hold a count ≥ 0 and the opponent's ≤ 0")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A backgammon position: both sides' checkers and the side on roll.
///
/// A small `Copy` value (27 bytes). It is valid by construction: at most 15 checkers a side and
/// never both sides on one point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: [i8; 26],
    on_roll: Side,
}

impl Position {
    /// No checkers on the board, White on roll.
    pub const EMPTY: Position = Position {
        board: [0; 26],
        on_roll: Side::White,
    };

    /// The opening position with `on_roll` to play.
    pub fn opening(on_roll: Side) -> Position {
        let mut board = [0i8; 26];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            board[p] = n;
            board[25 - p] = -n;
        }
        Position { board, on_roll }
    }

    /// Builds a position from a signed board in the model's numbering (see the module doc).
    pub fn from_board(on_roll: Side, board: [i8; 26]) -> Result<Position, PositionError> {
        if board[BAR] < 0 || board[OPPONENT_BAR] > 0 {
            return Err(PositionError::BadBar);
        }
        let mut own = 0u32;
        let mut opp = 0u32;
        for &n in &board {
            if n > 0 {
                own += n as u32;
            } else {
                opp += n.unsigned_abs() as u32;
            }
        }
        check_count(on_roll, own)?;
        check_count(on_roll.opponent(), opp)?;
        Ok(Position { board, on_roll })
    }

    /// Builds a position from each side's checkers in its own numbering (gnubg's layout):
    /// `player` is the side on roll, `opponent` the other.
    pub fn from_sides(
        on_roll: Side,
        player: &SideCheckers,
        opponent: &SideCheckers,
    ) -> Result<Position, PositionError> {
        let sum = |s: &SideCheckers| s.iter().map(|&n| n as u32).sum::<u32>();
        check_count(on_roll, sum(player))?;
        check_count(on_roll.opponent(), sum(opponent))?;
        let mut board = [0i8; 26];
        for p in 1..=24 {
            let mine = player[p - 1];
            let theirs = opponent[24 - p];
            if mine > 0 && theirs > 0 {
                return Err(PositionError::SharedPoint { point: p });
            }
            board[p] = mine as i8 - theirs as i8;
        }
        board[BAR] = player[24] as i8;
        board[OPPONENT_BAR] = -(opponent[24] as i8);
        Ok(Position { board, on_roll })
    }

    /// Moves one of the player's checkers from `from` to `to` (0 = off), sending a blot it
    /// lands on to the bar. The caller guarantees the step is legal.
    #[inline(always)]
    pub(crate) fn step_unchecked(&mut self, from: usize, to: usize, hit: bool) {
        self.board[from] -= 1;
        if to != 0 {
            if hit {
                self.board[to] = 1;
                self.board[OPPONENT_BAR] -= 1;
            } else {
                self.board[to] += 1;
            }
        }
    }

    /// The signed board from the view of the side on roll (see the module doc).
    pub fn board(&self) -> &[i8; 26] {
        &self.board
    }

    /// The colour on roll.
    pub fn on_roll(&self) -> Side {
        self.on_roll
    }

    /// The same checkers with another colour named as the side on roll.
    pub fn with_on_roll(mut self, side: Side) -> Position {
        self.on_roll = side;
        self
    }

    /// Both sides in gnubg's layout: `[opponent, player]`, each counted from its own ace point
    /// (index 24 the bar) — gnubg's `TanBoard` with `anBoard[1]` on roll.
    pub fn sides(&self) -> [SideCheckers; 2] {
        let mut player = [0u8; 25];
        let mut opponent = [0u8; 25];
        for p in 1..=24 {
            let n = self.board[p];
            if n > 0 {
                player[p - 1] = n as u8;
            } else if n < 0 {
                opponent[24 - p] = n.unsigned_abs();
            }
        }
        player[24] = self.board[BAR] as u8;
        opponent[24] = self.board[OPPONENT_BAR].unsigned_abs();
        [opponent, player]
    }

    /// The player's checkers on point `p` (1..=24, or 25 for the bar).
    pub fn player_at(&self, p: usize) -> u8 {
        self.board[p].max(0) as u8
    }

    /// The opponent's checkers on the player's point `p` (1..=24), or on its bar for `p = 0`.
    pub fn opponent_at(&self, p: usize) -> u8 {
        (-self.board[p]).max(0) as u8
    }

    /// Checkers the player has borne off.
    pub fn player_off(&self) -> u8 {
        let on: i32 = self
            .board
            .iter()
            .filter(|&&n| n > 0)
            .map(|&n| n as i32)
            .sum();
        CHECKERS - on as u8
    }

    /// Checkers the opponent has borne off.
    pub fn opponent_off(&self) -> u8 {
        let on: i32 = self
            .board
            .iter()
            .filter(|&&n| n < 0)
            .map(|&n| -(n as i32))
            .sum();
        CHECKERS - on as u8
    }

    /// Pip counts `(player, opponent)`: the pips each side needs to bear everything off.
    pub fn pips(&self) -> (u32, u32) {
        let mut own = 0u32;
        let mut opp = 0u32;
        for (p, &n) in self.board.iter().enumerate() {
            if n > 0 {
                own += n as u32 * p as u32;
            } else if n < 0 {
                opp += n.unsigned_abs() as u32 * (25 - p as u32);
            }
        }
        (own, opp)
    }

    /// The opponent on roll with the same checkers: each side's view swapped.
    pub fn mirror(&self) -> Position {
        let mut board = [0i8; 26];
        for (p, &n) in self.board.iter().enumerate() {
            board[25 - p] = -n;
        }
        Position {
            board,
            on_roll: self.on_roll.opponent(),
        }
    }

    /// True while a checker of one side can still meet a checker of the other.
    pub fn has_contact(&self) -> bool {
        let own_back = (1..=25).rev().find(|&p| self.board[p] > 0);
        let opp_back = (0..=24).find(|&p| self.board[p] < 0);
        match (own_back, opp_back) {
            (Some(o), Some(b)) => o > b,
            _ => false,
        }
    }

    /// True when all the player's checkers still on the board are in its home board (1–6).
    pub fn player_all_home(&self) -> bool {
        self.board[7..=25].iter().all(|&n| n <= 0)
    }

    /// The model's point for the seed's point `s` (0..=25, the seed's fixed numbering in which
    /// White moves 1 → 24 and White's bar is 0; see the module doc).
    pub fn seed_point(&self, s: usize) -> usize {
        match self.on_roll {
            Side::White => 25 - s,
            Side::Black => s,
        }
    }
}

fn check_count(side: Side, count: u32) -> Result<(), PositionError> {
    if count > CHECKERS as u32 {
        Err(PositionError::TooManyCheckers { side, count })
    } else {
        Ok(())
    }
}

/// For unit tests: White on roll, the given `(index, count)` cells of the signed board set
/// (positive: White's checkers), everything else empty. Panics on an illegal board.
#[cfg(test)]
pub(crate) fn test_position(cells: &[(usize, i8)]) -> Position {
    let mut b = [0i8; 26];
    for &(p, n) in cells {
        b[p] = n;
    }
    Position::from_board(Side::White, b).expect("a legal test board")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_is_symmetric_and_counts_167_pips() {
        let p = Position::opening(Side::White);
        assert_eq!(p.pips(), (167, 167));
        assert_eq!(p.mirror().board(), p.board());
        assert_eq!(p.mirror().on_roll(), Side::Black);
        assert_eq!(p.player_off(), 0);
        assert!(p.has_contact());
    }

    #[test]
    fn sides_round_trip() {
        let p = Position::opening(Side::Black);
        let [opp, me] = p.sides();
        assert_eq!(me[5], 5);
        assert_eq!(opp[23], 2);
        assert_eq!(Position::from_sides(Side::Black, &me, &opp).unwrap(), p);
    }

    #[test]
    fn too_many_checkers_is_named() {
        let mut me = [0u8; 25];
        me[5] = 16;
        let err = Position::from_sides(Side::Black, &[0; 25], &me).unwrap_err();
        assert_eq!(err.to_string(), "White has 16 checkers (at most 15)");
    }

    #[test]
    fn shared_point_is_named() {
        let mut me = [0u8; 25];
        let mut opp = [0u8; 25];
        me[12] = 1; // point 13
        opp[11] = 1; // its point 12 = our 13
        let err = Position::from_sides(Side::White, &me, &opp).unwrap_err();
        assert_eq!(err.to_string(), "point 13 holds checkers of both sides");
    }

    #[test]
    fn contact_ends_when_forces_pass() {
        let mut b = [0i8; 26];
        b[5] = 3;
        b[6] = -2;
        let p = Position::from_board(Side::White, b).unwrap();
        assert!(!p.has_contact());
        b[7] = 1;
        let p = Position::from_board(Side::White, b).unwrap();
        assert!(p.has_contact());
        assert_eq!(p.player_off(), 11);
        assert_eq!(p.opponent_off(), 13);
    }

    #[test]
    fn seed_numbering() {
        let w = Position::opening(Side::White);
        assert_eq!(w.seed_point(1), 24);
        assert_eq!(w.seed_point(0), BAR);
        assert_eq!(w.mirror().seed_point(6), 6);
    }
}
