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

use super::kind::Kind;
use super::rules::{ROLLS, Row, Rule, Successors};

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
pub(crate) fn cube_equity(nd: i32, dt: i32) -> i32 {
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

/// What the cubeful build keeps of a pair: its four file words, and the four equities the
/// side whose plays lead to it takes from it (see `Kept::new`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kept {
    words: [u16; 4],
    /// The other side's view, after it decided on the cube, negated with `!` as gnubg does:
    /// cubeless, it owns the cube, centred, the other side owns it. Each fits 16 bits.
    mine: [i16; 4],
}

impl Kept {
    /// The words of a pair, with what the side that plays into it reads of them: the pair's
    /// side on roll (the other side, after the play) first decides on the cube.
    fn new(words: [u16; 4]) -> Kept {
        let s = words.map(|w| w as i32 - 0x8000);
        let mine = [
            !s[0],
            !s[3],
            !cube_equity(s[2], s[3]),
            !cube_equity(s[1], s[3]),
        ];
        Kept {
            words,
            // Each is `!` of a 16-bit value (cube_equity keeps 16 bits), so it fits.
            mine: mine.map(|m| m as i16),
        }
    }
}

/// The largest of each of the four lanes over `all` (`i16::MIN` each when empty).
#[inline(always)]
fn largest(all: impl Iterator<Item = [i16; 4]>) -> [i16; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_loadl_epi64, _mm_max_epi16, _mm_set1_epi16, _mm_storel_epi64};
        // SAFETY: SSE2 is part of x86-64; the loads and the store read and write 8 bytes of
        // a `[i16; 4]`, as the intrinsics' unaligned forms allow.
        unsafe {
            let mut best = _mm_set1_epi16(i16::MIN);
            for m in all {
                best = _mm_max_epi16(best, _mm_loadl_epi64(m.as_ptr().cast()));
            }
            let mut out = [0i16; 4];
            _mm_storel_epi64(out.as_mut_ptr().cast(), best);
            out
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    largest_portable(all)
}

/// [`largest`] without SSE2, lane by lane.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn largest_portable(all: impl Iterator<Item = [i16; 4]>) -> [i16; 4] {
    all.fold([i16::MIN; 4], |best, m| {
        std::array::from_fn(|k| best[k].max(m[k]))
    })
}

impl Rule for GnubgCubeful {
    type Cell = [u16; 4];
    type Kept = Kept;
    const WON: Kept = Kept {
        words: [0xFFFF; 4],
        mine: [!0x7FFF; 4],
    };
    const LOST: Kept = Kept {
        words: [0; 4],
        mine: [0x7FFF; 4],
    };
    const BYTES: usize = 8;
    const KIND: Kind = Kind::Cubeful;

    #[inline]
    fn value(succ: &Successors, x: u32, row: &Row<Kept>) -> Kept {
        let mut total = [0i32; 4];
        for (r, &(_, _, w)) in ROLLS.iter().enumerate() {
            // Per cube state its own best play: the largest of each of the four.
            let best = largest(succ.of(x, r).iter().map(|&y| row.get(y).mine));
            for k in 0..4 {
                total[k] += w * best[k] as i32;
            }
        }
        Kept::new(total.map(|t| (t / 36 + 0x8000) as u16))
    }

    fn cell(kept: Kept) -> [u16; 4] {
        kept.words
    }

    fn put(kept: Kept, out: &mut Vec<u8>) {
        for w in kept.words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }

    fn take(bytes: &[u8]) -> Kept {
        Kept::new(std::array::from_fn(|k| {
            u16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]])
        }))
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
    fn the_four_maxima_are_those_lane_by_lane() {
        let all = [
            [3, -7, i16::MIN, 0],
            [-2, 9, -32767, i16::MAX],
            [5, 9, -1, -5],
        ];
        assert_eq!(largest(all.into_iter()), [5, 9, -1, i16::MAX]);
        assert_eq!(largest(all.into_iter()), largest_portable(all.into_iter()));
        assert_eq!(largest(std::iter::empty()), [i16::MIN; 4]);
    }

    #[test]
    fn won_and_lost_keep_what_their_words_give() {
        assert_eq!(GnubgCubeful::WON, Kept::new(GnubgCubeful::WON.words));
        assert_eq!(GnubgCubeful::LOST, Kept::new(GnubgCubeful::LOST.words));
    }

    #[test]
    fn words_read_as_equities() {
        let e = CubefulEquities::from_words([0, 0xFFFF, 0x8000, 0x7FFF]);
        assert_eq!(e.cubeless, -1.0);
        assert_eq!(e.owned, 1.0);
        assert!(e.centred.abs() < 1e-4 && e.opponent_owns.abs() < 1e-4);
    }
}
