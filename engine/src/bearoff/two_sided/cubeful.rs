//! gnubg's cubeful equities of a two-sided database: beside the cubeless equity, the equity of
//! the side on roll when it owns the cube, when the cube is centred, and when the other side
//! owns it (money play, in units of the cube's value).
//!
//! gnubg's arithmetic, in 16-bit signed equities `s` (−32768 = −1, 32767 = +1) stored as
//! `s + 0x8000`: after the side on roll plays, the other side is on roll and, holding access
//! to the cube, decides before its roll whether to double — no double `ND`, double/take (its
//! equity when the first side owns the cube, at twice the stake: compared with `ND / 2`),
//! double/pass (+1). The side on roll takes, per roll and per cube state separately, the play
//! that is best for it; the 21 rolls are weighted, summed and divided by 36 with truncation.

use super::build::{ROLLS, Row, Rule, Successors};

/// The four equities gnubg stores for a pair, from the side on roll's view.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct CubefulEquities {
    /// Cubeless equity: `2 p − 1`.
    pub cubeless: f64,
    /// The side on roll owns the cube.
    pub owned: f64,
    /// The cube is centred.
    pub centred: f64,
    /// The other side owns the cube.
    pub opponent_owns: f64,
}

impl CubefulEquities {
    /// The equities of gnubg's four file words.
    pub fn from_words(w: [u16; 4]) -> CubefulEquities {
        let e = |w: u16| w as f64 / 32767.5 - 1.0;
        CubefulEquities {
            cubeless: e(w[0]),
            owned: e(w[1]),
            centred: e(w[2]),
            opponent_owns: e(w[3]),
        }
    }
}

/// +1 in gnubg's 16-bit equities: the double/pass value.
const PLUS_ONE: i32 = 0x7FFF;

/// gnubg's cube decision of the side on roll from its no-double equity `nd` and its equity
/// after double/take `dt` (at the doubled stake, half-scaled): it doubles when `dt ≥ nd / 2`
/// and +1 ≥ `nd`, and then the other side passes when `dt ≥ 1/2`.
fn cube_equity(nd: i32, dt: i32) -> i32 {
    if dt >= nd / 2 && PLUS_ONE >= nd {
        if dt >= PLUS_ONE / 2 {
            PLUS_ONE
        } else {
            (2 * dt) as i16 as i32
        }
    } else {
        nd
    }
}

/// gnubg's cubeful arithmetic: the four words per pair (see the module doc).
pub struct GnubgCubeful;

impl Rule for GnubgCubeful {
    type Cell = [u16; 4];
    const WON: [u16; 4] = [0xFFFF; 4];
    const LOST: [u16; 4] = [0; 4];
    const BYTES: usize = 8;

    #[inline]
    fn value(succ: &Successors, x: u32, row: &Row<[u16; 4]>) -> [u16; 4] {
        let mut total = [0i32; 4];
        for (r, &(_, _, w)) in ROLLS.iter().enumerate() {
            let mut best = [i32::MIN; 4];
            for &y in succ.of(x, r) {
                // The other side's equities, on roll: its cubeless, it owns the cube,
                // centred, the first side owns it.
                let s = row.get(y).map(|w| w as i32 - 0x8000);
                let mine = [
                    !s[0],
                    !s[3],
                    !cube_equity(s[2], s[3]),
                    !cube_equity(s[1], s[3]),
                ];
                for k in 0..4 {
                    best[k] = best[k].max(mine[k]);
                }
            }
            for k in 0..4 {
                total[k] += w * best[k];
            }
        }
        total.map(|t| (t / 36 + 0x8000) as u16)
    }

    fn put(cell: [u16; 4], out: &mut Vec<u8>) {
        for w in cell {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }

    fn take(bytes: &[u8]) -> [u16; 4] {
        std::array::from_fn(|k| u16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cube_decisions() {
        // Far ahead: doubles, the other side passes.
        assert_eq!(cube_equity(30000, 20000), PLUS_ONE);
        // Good but not enough to pass: double/take, twice the half-scaled take equity.
        assert_eq!(cube_equity(10000, 8000), 16000);
        // Behind: no double.
        assert_eq!(cube_equity(-5000, -6000), -5000);
    }

    #[test]
    fn words_read_as_equities() {
        let e = CubefulEquities::from_words([0, 0xFFFF, 0x8000, 0x7FFF]);
        assert_eq!(e.cubeless, -1.0);
        assert_eq!(e.owned, 1.0);
        assert!(e.centred.abs() < 1e-4 && e.opponent_owns.abs() < 1e-4);
    }
}
