//! Winning and gammon chances of a no-contact race from both sides' one-sided distributions
//! (formats.md): the player on roll wins when it needs no more rolls than the opponent.

use super::database::ROLLS;

/// P(player on roll wins) = Σ_i P_me(i) · Σ_{j ≥ i} P_opp(j).
pub fn win(me: &[f64; ROLLS], opp: &[f64; ROLLS]) -> f64 {
    let mut tail = [0.0; ROLLS + 1];
    for j in (0..ROLLS).rev() {
        tail[j] = tail[j + 1] + opp[j];
    }
    (0..ROLLS).map(|i| me[i] * tail[i]).sum()
}

/// W(g), the player on roll wins a gammon: Σ_i P_me(i) · Σ_{j ≥ i} G_opp(j), with `G_opp` the
/// opponent's first-checker-off distribution.
pub fn win_gammon(me: &[f64; ROLLS], opp_gammon: &[f64; ROLLS]) -> f64 {
    win(me, opp_gammon)
}

/// L(g), the player on roll loses a gammon: Σ_i P_opp(i) · Σ_{j > i} G_me(j).
pub fn lose_gammon(opp: &[f64; ROLLS], me_gammon: &[f64; ROLLS]) -> f64 {
    let mut tail = [0.0; ROLLS + 1];
    for j in (0..ROLLS).rev() {
        tail[j] = tail[j + 1] + me_gammon[j];
    }
    (0..ROLLS).map(|i| opp[i] * tail[i + 1]).sum()
}

/// True when `p` is a chance (0–1, give or take rounding).
#[inline(always)]
pub fn is_chance(p: f64) -> bool {
    (-1e-9..=1.0 + 1e-9).contains(&p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_in_rolls_go_to_the_player_on_roll() {
        let mut one = [0.0; ROLLS];
        one[1] = 1.0;
        assert_eq!(win(&one, &one), 1.0);
        let mut two = [0.0; ROLLS];
        two[2] = 1.0;
        assert_eq!(win(&two, &one), 0.0);
        assert_eq!(win(&one, &two), 1.0);
        // The opponent needs 2 rolls to bear one off and we finish in 1: a gammon.
        assert_eq!(win_gammon(&one, &two), 1.0);
        // We need 2 to get a checker off, the opponent finishes in 1: we lose a gammon.
        assert_eq!(lose_gammon(&one, &two), 1.0);
        assert_eq!(lose_gammon(&one, &one), 0.0);
    }
}
