//! Tesauro's pubeval (1993): the public linear evaluator used as the standard benchmark opponent.
//!
//! The 244 published weights (122 for races, 122 for contact positions) are built into the
//! binary from `assets/pubeval_weights.tsv`, a copy of `shared/data/pubeval_weights.tsv`.
//!
//! # Inputs
//! From the view of the side that just moved, for its points 24 down to 1, five inputs a point:
//! an opponent blot (exactly one opposing checker); an own blot; two or more own; exactly three
//! own; (n − 3)/2 for n ≥ 4 own. Then the opponent's checkers on the bar / 2 and the mover's
//! checkers borne off / 15 (15 minus those on the board, bar included). The mover's own bar is
//! not an input. The race weights are used when the position **before** the move has no
//! contact. A result with all 15 checkers off wins outright.
//!
//! # Speed
//! The score is linear in the inputs and every input depends on one board cell, so the weights
//! are folded at start-up into one table per cell and count: a score is 26 table look-ups and
//! additions, with no allocation.

use crate::dice::Dice;
use crate::moves::Play;
use crate::opponents::Player;
use crate::position::{BAR, CHECKERS, OPPONENT_BAR, Position};
use std::sync::LazyLock;

/// Number of pubeval inputs.
pub const INPUTS: usize = 122;

/// The published weights: `race[i]` and `contact[i]` for input `i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Weights used when the position before the move has no contact.
    pub race: [f32; INPUTS],
    /// Weights used otherwise.
    pub contact: [f32; INPUTS],
}

/// The weights file, built into the binary.
const WEIGHTS_TSV: &str = include_str!("../../assets/pubeval_weights.tsv");

impl Weights {
    /// Parses the TSV layout of `pubeval_weights.tsv`: `#` comment lines, then one line per
    /// input: index, race weight, contact weight, description.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut race = [f32::NAN; INPUTS];
        let mut contact = [f32::NAN; INPUTS];
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let bad = |what: &str| format!("pubeval weights line {}: {what}", n + 1);
            let mut cells = line.split('\t');
            let mut next = |what: &str| cells.next().ok_or_else(|| bad(what));
            let index: usize = next("no index")?.parse().map_err(|_| bad("bad index"))?;
            let r: f32 = next("no race weight")?
                .parse()
                .map_err(|_| bad("bad race weight"))?;
            let c: f32 = next("no contact weight")?
                .parse()
                .map_err(|_| bad("bad contact weight"))?;
            if index >= INPUTS || !race[index].is_nan() {
                return Err(bad("index out of range or repeated"));
            }
            if !r.is_finite() || !c.is_finite() {
                return Err(bad("weight is not a finite number"));
            }
            race[index] = r;
            contact[index] = c;
        }
        if let Some(i) = race.iter().position(|w| w.is_nan()) {
            return Err(format!("pubeval weights: input {i} missing"));
        }
        Ok(Weights { race, contact })
    }

    /// The published weights (parsed once from the copy built into the binary).
    pub fn published() -> &'static Weights {
        static W: LazyLock<Weights> =
            LazyLock::new(|| Weights::parse(WEIGHTS_TSV).expect("built-in pubeval weights"));
        &W
    }
}

/// The 122 inputs of a position after a move, from the mover's view (the model's board of
/// `result`), exactly as pubeval's `setx`.
pub fn inputs(result: &Position) -> [f32; INPUTS] {
    let b = result.board();
    let mut x = [0f32; INPUTS];
    for p in 1..=24 {
        let base = 5 * (24 - p);
        let n = b[p];
        if n == -1 {
            x[base] = 1.0;
        }
        if n == 1 {
            x[base + 1] = 1.0;
        }
        if n >= 2 {
            x[base + 2] = 1.0;
        }
        if n == 3 {
            x[base + 3] = 1.0;
        }
        if n >= 4 {
            x[base + 4] = (n as f32 - 3.0) / 2.0;
        }
    }
    x[120] = -(b[OPPONENT_BAR] as f32) / 2.0;
    x[121] = result.player_off() as f32 / 15.0;
    x
}

/// One weight set folded into per-cell tables: `cell[p][n + 15]` is the contribution of
/// `n` checkers (negative: the opponent's) on board cell `p`.
struct Folded {
    cell: [[f32; 31]; 26],
    constant: f32,
}

impl Folded {
    fn new(w: &[f32; INPUTS]) -> Folded {
        let mut cell = [[0f32; 31]; 26];
        // Borne off = 15 − own checkers on the board: w121·off/15 = w121 − (w121/15)·Σ own.
        let per_own = -w[121] / CHECKERS as f32;
        for (p, row) in cell.iter_mut().enumerate() {
            for (k, v) in row.iter_mut().enumerate() {
                let n = k as i32 - 15;
                *v = match p {
                    OPPONENT_BAR => w[120] * (-n).max(0) as f32 / 2.0,
                    BAR => per_own * n.max(0) as f32,
                    _ => {
                        let base = 5 * (24 - p);
                        let mut s = 0.0;
                        if n == -1 {
                            s += w[base];
                        }
                        if n == 1 {
                            s += w[base + 1];
                        }
                        if n >= 2 {
                            s += w[base + 2];
                        }
                        if n == 3 {
                            s += w[base + 3];
                        }
                        if n >= 4 {
                            s += w[base + 4] * (n - 3) as f32 / 2.0;
                        }
                        s + per_own * n.max(0) as f32
                    }
                };
            }
        }
        Folded {
            cell,
            constant: w[121],
        }
    }

    #[inline(always)]
    fn score(&self, b: &[i8; 26]) -> f32 {
        let mut s = self.constant;
        for (row, &n) in self.cell.iter().zip(b) {
            s += row[(n as i32 + 15) as usize];
        }
        s
    }
}

struct Tables {
    race: Folded,
    contact: Folded,
}

fn tables() -> &'static Tables {
    static T: LazyLock<Tables> = LazyLock::new(|| {
        let w = Weights::published();
        Tables {
            race: Folded::new(&w.race),
            contact: Folded::new(&w.contact),
        }
    });
    &T
}

/// The score pubeval gives a win: higher than any board's score.
pub const WIN: f32 = f32::INFINITY;

/// The pubeval player. Ties between equal scores go to the first play in the given order.
#[derive(Clone, Copy)]
pub struct Pubeval {
    tables: &'static Tables,
}

impl Default for Pubeval {
    fn default() -> Self {
        Self::new()
    }
}

impl Pubeval {
    /// The player with the published weights.
    pub fn new() -> Pubeval {
        Pubeval { tables: tables() }
    }

    /// pubeval's score of `result` (a position after a move, from the mover's view): the
    /// race weights when `race` (the position before the move had no contact), [`WIN`] when
    /// the mover has no checker left on the board.
    #[inline]
    pub fn score(&self, race: bool, result: &Position) -> f32 {
        if result.player_off() == CHECKERS {
            return WIN;
        }
        self.board_score(race, result.board())
    }

    #[inline(always)]
    fn board_score(&self, race: bool, b: &[i8; 26]) -> f32 {
        if race {
            self.tables.race.score(b)
        } else {
            self.tables.contact.score(b)
        }
    }
}

impl Player for Pubeval {
    fn name(&self) -> String {
        "pubeval".to_string()
    }

    fn choose(&mut self, pos: &Position, _dice: Dice, plays: &[Play]) -> usize {
        let race = !pos.has_contact();
        // A win is only possible when every checker was home before the move.
        let may_win = pos.player_all_home();
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, play) in plays.iter().enumerate() {
            let b = play.result.board();
            let score = if may_win && b[1..=6].iter().all(|&n| n <= 0) {
                WIN
            } else {
                self.board_score(race, b)
            };
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Side;

    fn direct(race: bool, result: &Position) -> f32 {
        let w = Weights::published();
        let w = if race { &w.race } else { &w.contact };
        inputs(result).iter().zip(w).map(|(x, w)| x * w).sum()
    }

    #[test]
    fn weights_parse_all_244() {
        let w = Weights::published();
        // Spot checks against the file's own text (first and last lines).
        assert_eq!(w.race[1], -0.17160);
        assert_eq!(w.contact[0], 0.25696);
        assert_eq!(w.race[121], 3.42040);
        assert_eq!(w.contact[120], 5.62596);
    }

    #[test]
    fn bad_weight_files_are_refused() {
        assert!(
            Weights::parse("0\t1.0\t2.0\tx\n")
                .unwrap_err()
                .contains("missing")
        );
        assert!(
            Weights::parse("0\t1.0\tz\tx\n")
                .unwrap_err()
                .contains("line 1")
        );
        assert!(
            Weights::parse("0\t1\t2\n0\t1\t2\n")
                .unwrap_err()
                .contains("repeated")
        );
        assert!(
            Weights::parse("0\tinf\t2\n")
                .unwrap_err()
                .contains("finite")
        );
    }

    #[test]
    fn opening_inputs_follow_setx() {
        let x = inputs(&Position::opening(Side::White));
        // Own point 24 (two checkers): inputs 0..5 are [opp blot, blot, ≥2, ==3, (n−3)/2].
        assert_eq!(&x[0..5], &[0.0, 0.0, 1.0, 0.0, 0.0]);
        // Own point 6 (five checkers) is block j = 19: ≥2 and (5 − 3)/2 = 1.
        assert_eq!(&x[5 * 18..5 * 19], &[0.0, 0.0, 1.0, 0.0, 1.0]);
        assert_eq!(x[120], 0.0);
        assert_eq!(x[121], 0.0);
    }

    #[test]
    fn folded_tables_equal_the_direct_sum() {
        let mut b = [0i8; 26];
        b[0] = -2; // opponent on the bar
        b[3] = -1; // opponent blot on our 3
        b[5] = 4;
        b[8] = 3;
        b[13] = 1;
        b[20] = -5;
        b[25] = 1; // own bar: not an input, but not borne off either
        let pos = Position::from_board(Side::White, b).unwrap();
        for race in [false, true] {
            let t = Pubeval::new().score(race, &pos);
            let d = direct(race, &pos);
            assert!((t - d).abs() < 1e-4, "race {race}: {t} vs {d}");
        }
        // Borne off: 15 − 9 on the board = 6.
        assert!((inputs(&pos)[121] - 6.0 / 15.0).abs() < 1e-7);
    }

    #[test]
    fn all_off_wins() {
        let mut b = [0i8; 26];
        b[20] = -3;
        let pos = Position::from_board(Side::White, b).unwrap();
        assert_eq!(Pubeval::new().score(true, &pos), WIN);
    }
}
