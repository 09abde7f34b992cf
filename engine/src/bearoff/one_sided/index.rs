//! gnubg's numbering of one-sided bear-off positions.
//!
//! A one-sided position is the checkers of one side on its lowest `P` points (the others borne
//! off), as counts `c[1..=P]` (`c[0]` unused). With `S_i` the checkers on the `i` highest of
//! the `P` points, gnubg's index is `Σ_{i=1..P} C(S_i + i − 1, i)` (`C(n, k) = 0` for `n < k`):
//! index 0 is "all off", index 1 one checker on the ace point, the last index all 15 checkers
//! on point `P`. It is the combinatorial number system of the strictly increasing values
//! `S_i + i − 1`, so every index below `C(15 + P, P)` is one position.

/// Checkers a side has.
pub const CHECKERS: usize = 15;
/// The most points a one-sided database may span (indices must fit in a `u32`).
pub const MAX_POINTS: usize = 15;

/// Checker counts on points `1..=P`, index 0 unused.
pub type Counts = [u8; MAX_POINTS + 1];

const N: usize = CHECKERS + MAX_POINTS + 1;

/// Binomial coefficients `C(n, k)` for `n, k < 31`.
pub(crate) static BINOMIAL: [[u32; N]; N] = binomials();

const fn binomials() -> [[u32; N]; N] {
    let mut c = [[0u32; N]; N];
    let mut n = 0;
    while n < N {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

/// `C(n, k)`, 0 when `k > n`.
#[inline(always)]
pub fn binomial(n: usize, k: usize) -> u32 {
    BINOMIAL[n][k]
}

/// How many positions a one-sided database on `points` points holds: `C(15 + P, P)`.
pub fn positions(points: usize) -> u32 {
    binomial(CHECKERS + points, points)
}

/// gnubg's index of the position `counts` on `points` points. The counts must total at most 15.
pub fn index(counts: &Counts, points: usize) -> u32 {
    let mut above = 0usize; // S_i
    let mut idx = 0u32;
    for i in 1..=points {
        above += counts[points + 1 - i] as usize;
        idx += binomial(above + i - 1, i);
    }
    idx
}

/// The position with gnubg index `idx` on `points` points (`idx < positions(points)`).
pub fn counts(mut idx: u32, points: usize) -> Counts {
    let mut c = [0u8; MAX_POINTS + 1];
    // Values v_i = S_i + i − 1, strictly increasing, found greedily from i = P down.
    let mut v = [0usize; MAX_POINTS + 2];
    let mut hi = CHECKERS + points - 1;
    for i in (1..=points).rev() {
        let mut n = hi;
        while n >= i && binomial(n, i) > idx {
            n -= 1;
        }
        if n < i {
            // C(n, i) = 0 for every smaller n: S_i + i − 1 < i, so S_i = 0.
            v[i] = i - 1;
        } else {
            idx -= binomial(n, i);
            v[i] = n;
        }
        hi = v[i].saturating_sub(1);
    }
    let mut prev = 0usize;
    for i in 1..=points {
        let s = v[i] + 1 - i;
        c[points + 1 - i] = (s - prev) as u8;
        prev = s;
    }
    c
}

/// Pips of a one-sided position.
pub fn pips(counts: &Counts, points: usize) -> u32 {
    (1..=points).map(|p| p as u32 * counts[p] as u32).sum()
}

/// Checkers on the board.
pub fn checkers(counts: &Counts, points: usize) -> u32 {
    (1..=points).map(|p| counts[p] as u32).sum()
}

/// The highest occupied point, 0 when every checker is off.
pub fn highest(counts: &Counts, points: usize) -> usize {
    (1..=points).rev().find(|&p| counts[p] > 0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_published_counts() {
        assert_eq!(positions(6), 54_264);
        assert_eq!(positions(10), 3_268_760);
        assert_eq!(positions(15), 155_117_520);
    }

    #[test]
    fn first_and_last_indices() {
        let mut c = [0u8; MAX_POINTS + 1];
        assert_eq!(index(&c, 6), 0);
        c[1] = 1;
        assert_eq!(index(&c, 6), 1);
        c[1] = 0;
        c[6] = 15;
        assert_eq!(index(&c, 6), positions(6) - 1);
    }

    #[test]
    fn unranking_inverts_ranking() {
        for points in [1, 3, 6] {
            for idx in 0..positions(points) {
                let c = counts(idx, points);
                assert!(checkers(&c, points) <= 15);
                assert_eq!(index(&c, points), idx, "points {points} idx {idx}");
            }
        }
        for idx in (0..positions(12)).step_by(9973) {
            assert_eq!(index(&counts(idx, 12), 12), idx);
        }
    }
}
