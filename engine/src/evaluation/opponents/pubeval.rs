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

use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::{BAR, CHECKERS, OPPONENT_BAR, Position};
use crate::evaluation::opponents::Player;
use std::sync::LazyLock;

/// Number of pubeval inputs.
pub const INPUTS: usize = 122;

/// The published weights: `race[i]` and `contact[i]` for input `i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Weights used when the position before the move has no contact.
    pub race: [f64; INPUTS],
    /// Weights used otherwise.
    pub contact: [f64; INPUTS],
}

/// The weights file, built into the binary.
const WEIGHTS_TSV: &str = include_str!("../../../../assets/pubeval_weights.tsv");

impl Weights {
    /// Parses the TSV layout of `pubeval_weights.tsv`: `#` comment lines, then one line per
    /// input: index, race weight, contact weight, description.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut race = [f64::NAN; INPUTS];
        let mut contact = [f64::NAN; INPUTS];
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let bad = |what: &str| format!("pubeval weights line {}: {what}", n + 1);
            let mut cells = line.split('\t');
            let mut next = |what: &str| cells.next().ok_or_else(|| bad(what));
            let index: usize = next("no index")?.parse().map_err(|_| bad("bad index"))?;
            let r: f64 = next("no race weight")?
                .parse()
                .map_err(|_| bad("bad race weight"))?;
            let c: f64 = next("no contact weight")?
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
pub fn inputs(result: &Position) -> [f64; INPUTS] {
    let b = result.board();
    let mut x = [0f64; INPUTS];
    for (p, &n) in b.iter().enumerate().take(25).skip(1) {
        let base = 5 * (24 - p);
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
            x[base + 4] = (n as f64 - 3.0) / 2.0;
        }
    }
    x[120] = -(b[OPPONENT_BAR] as f64) / 2.0;
    x[121] = result.player_off() as f64 / 15.0;
    x
}

/// Units of a folded score: 1/3,000,000. The published weights have five decimals and the
/// inputs are multiples of 1/2 and 1/15, so in these units every score is an exact integer:
/// equal scores are genuine ties and no rounding can reorder two plays.
pub const SCORE_UNIT: f64 = 1.0 / 3_000_000.0;

/// One weight set folded into per-cell tables: `cell[p][n + 15]` is the contribution of
/// `n` checkers (negative: the opponent's) on board cell `p`, in [`SCORE_UNIT`]s.
struct Folded {
    cell: [[i32; 32]; 26],
    constant: i32,
}

impl Folded {
    fn new(weights: &[f64; INPUTS]) -> Result<Folded, String> {
        // Each weight in units of 1e-5 (exact for the published five-decimal weights).
        let mut w = [0i64; INPUTS];
        for (i, (&f, u)) in weights.iter().zip(&mut w).enumerate() {
            let x = f * 1e5;
            *u = x.round() as i64;
            if (x - x.round()).abs() > 1e-6 || u.abs() > 100_000_000 {
                return Err(format!("pubeval weight {i} ({f}) has more than 5 decimals"));
            }
        }
        // 1e-5 = 30 score units. Borne off = 15 − own checkers on the board:
        // w121·off/15 = w121 − (w121/15)·Σ own, and w121/15 = 2·w121 units.
        let per_own = -2 * w[121];
        let mut cell = [[0i32; 32]; 26];
        let mut bound = (30 * w[121]).abs();
        for (p, row) in cell.iter_mut().enumerate() {
            let mut largest = 0;
            // Entries for −15…15 checkers; the 32nd (16) is never read.
            for (k, v) in row.iter_mut().enumerate().take(31) {
                let n = k as i64 - 15;
                let s = match p {
                    OPPONENT_BAR => 15 * w[120] * (-n).max(0),
                    BAR => per_own * n.max(0),
                    _ => {
                        let base = 5 * (24 - p);
                        let mut s = 0;
                        if n == -1 {
                            s += 30 * w[base];
                        }
                        if n == 1 {
                            s += 30 * w[base + 1];
                        }
                        if n >= 2 {
                            s += 30 * w[base + 2];
                        }
                        if n == 3 {
                            s += 30 * w[base + 3];
                        }
                        if n >= 4 {
                            s += 15 * w[base + 4] * (n - 3);
                        }
                        s + per_own * n.max(0)
                    }
                };
                largest = largest.max(s.abs());
                *v = s as i32;
            }
            bound += largest;
        }
        if bound >= i32::MAX as i64 {
            return Err("pubeval weights too large for 32-bit scores".into());
        }
        Ok(Folded {
            cell,
            constant: (30 * w[121]) as i32,
        })
    }

    /// The score in [`SCORE_UNIT`]s: four independent sums, so the additions overlap.
    #[inline(always)]
    fn score(&self, b: &[i8; 26]) -> i32 {
        // Counts are within ±15, so the mask only spares a bounds check.
        let at = |c: usize| self.cell[c][(b[c] as i32 + 15) as usize & 31];
        let mut s = [self.constant, 0, 0, 0];
        for c in (0..24).step_by(4) {
            for (k, sum) in s.iter_mut().enumerate() {
                *sum += at(c + k);
            }
        }
        s[0] += at(24);
        s[1] += at(25);
        s[0] + s[1] + s[2] + s[3]
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
            race: Folded::new(&w.race).expect("built-in pubeval race weights"),
            contact: Folded::new(&w.contact).expect("built-in pubeval contact weights"),
        }
    });
    &T
}

/// The score pubeval gives a win: higher than any board's score.
pub const WIN: f64 = f64::INFINITY;

/// The pubeval player. Scores are exact (see [`PUBEVAL_SCORE_UNIT`](super::PUBEVAL_SCORE_UNIT));
/// ties between equal scores go to the first play in the given order.
#[derive(Clone, Copy)]
pub struct Pubeval {
    tables: &'static Tables,
}

impl std::fmt::Debug for Pubeval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pubeval")
    }
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
    /// race weights when `race` (the position before the move had no contact),
    /// [`PUBEVAL_WIN`](super::PUBEVAL_WIN) when
    /// the mover has no checker left on the board.
    pub fn score(&self, race: bool, result: &Position) -> f64 {
        if result.player_off() == CHECKERS {
            return WIN;
        }
        let t = if race {
            &self.tables.race
        } else {
            &self.tables.contact
        };
        t.score(result.board()) as f64 * SCORE_UNIT
    }
}

impl Player for Pubeval {
    fn name(&self) -> String {
        "pubeval".to_string()
    }

    fn choose(&mut self, pos: &Position, _dice: Dice, plays: &[Play]) -> usize {
        let table = if pos.has_contact() {
            &self.tables.contact
        } else {
            &self.tables.race
        };
        // A win is only possible when every checker was home before the move.
        let may_win = pos.player_all_home();
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, play) in plays.iter().enumerate() {
            let after = play.result.board();
            if may_win && after[1..=6].iter().all(|&n| n <= 0) {
                return i;
            }
            let score = table.score(after);
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
    use crate::core::position::Side;

    fn direct(race: bool, result: &Position) -> f64 {
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
