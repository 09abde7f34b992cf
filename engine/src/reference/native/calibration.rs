//! The boards gnubg's `calibrate` times its evaluations on: each side's fifteen checkers on
//! random points, none on a point the other side holds — what the speed figures of the native
//! evaluator are measured on (`benches/native_eval.rs`, `examples/native_column.rs`), so that
//! they compare with gnubg's own `calibrate`.

use crate::core::position::{Position, Side};
use crate::core::rng::SplitMix64;

/// `n` calibration boards from `seed`, White on roll.
pub fn calibration_boards(seed: u64, n: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let (mut opp, mut me) = ([0u8; 25], [0u8; 25]);
            // A point free of the other side's checkers, from each side's own count.
            let mut free = |other: &[u8; 25]| loop {
                let k = rng.below(24) as usize;
                if other[23 - k] == 0 {
                    break k;
                }
            };
            for _ in 0..15 {
                let k = free(&me);
                opp[k] += 1;
                let k = free(&opp);
                me[k] += 1;
            }
            Position::from_sides(Side::White, &me, &opp).expect("no point is held by both sides")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_has_all_fifteen_checkers_of_each_side_on_it() {
        for p in calibration_boards(1, 64) {
            assert_eq!(p.player_off(), 0);
            assert_eq!(p.opponent_off(), 0);
        }
    }
}
