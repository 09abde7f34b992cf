//! gnubg 1.07's default match equity table, built in: Kazaross XG2 (25 points; its figures in
//! bgw's plain layout, `engine/assets/met/kazaross_xg2.met`), extended to 64 points as
//! gnubg extends it, and gnubg's lookups on it (`getME`, `getMEMultiple`), its gammon prices
//! and its conversions between match-winning chances and normalised equities
//! (`eq2mwc`, `mwc2eq`). Learnt from gnubg's `matchequity.c` and written anew; `f32` as gnubg
//! keeps them.

// The loops keep gnubg's indices (away scores, players, cube levels), which say what they
// compute.
#![allow(clippy::needless_range_loop)]

use std::sync::OnceLock;

/// The longest match gnubg's tables cover (its `MAXSCORE`).
pub const MAX_SCORE: usize = 64;

/// The default table's figures (gnubg 1.07's Kazaross XG2) in bgw's plain layout
/// ([`MatchEquityTable::from_text`]).
pub static KAZAROSS_XG2: &str = include_str!("../../../assets/met/kazaross_xg2.met");

/// The gammon rate of the trailer gnubg extends a post-Crawford table with (`GAMMONRATE`).
const POST_CRAWFORD_GAMMON_RATE: f32 = 0.25;

/// A match equity table as gnubg holds it: `pre[i][j]` is the chance that the player
/// `i + 1` away wins against one `j + 1` away (before the Crawford game or in it), and
/// `post[p][j]` the chance that the trailer `j + 1` away wins against player `p`, 1 away, after
/// the Crawford game (both rows the same for this table).
#[derive(Clone, Debug)]
pub struct MatchEquityTable {
    /// The table's name (`Kazaross XG2 25 point MET`).
    pub name: String,
    /// How many points the file itself covers (the rest is gnubg's extension).
    pub native_length: usize,
    pre: Vec<[f32; MAX_SCORE]>,
    post: [[f32; MAX_SCORE]; 2],
}

/// Why a match equity table file is refused.
#[derive(Clone, Debug, PartialEq)]
pub struct MetError(pub String);

impl std::fmt::Display for MetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a gnubg match equity table: {}", self.0)
    }
}

impl std::error::Error for MetError {}

/// gnubg 1.07's default table (Kazaross XG2), read once from the copy built in.
pub fn gnubg_default() -> &'static MatchEquityTable {
    static TABLE: OnceLock<MatchEquityTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        MatchEquityTable::from_text(KAZAROSS_XG2).expect("the built-in table reads")
    })
}

/// One row of chances: the numbers of `line`, each from 0 to 1.
fn chances(line: &str, what: &str) -> Result<Vec<f32>, MetError> {
    line.split_whitespace()
        .map(|text| {
            let v: f32 = text
                .parse()
                .map_err(|_| MetError(format!("{text:?} in the {what} table is not a number")))?;
            match (0.0..=1.0).contains(&v) {
                true => Ok(v),
                false => Err(MetError(format!("{v} in the {what} table is not a chance"))),
            }
        })
        .collect()
}

impl MatchEquityTable {
    /// A table from bgw's plain layout (`#` comment lines; `name TEXT`; `length N`; `pre`
    /// and N rows of N pre-Crawford chances; `post` and one row of the post-Crawford
    /// trailer's), extended to [`MAX_SCORE`] as gnubg extends a table: the post-Crawford row
    /// by Zadeh's recurrence with a trailer's gammon rate of 0.25, the pre-Crawford table by
    /// David Montgomery's normal-distribution formula.
    pub fn from_text(text: &str) -> Result<MatchEquityTable, MetError> {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let mut field = |key: &str| {
            lines
                .next()
                .and_then(|l| l.strip_prefix(key))
                .map(|v| v.trim().to_string())
                .ok_or_else(|| MetError(format!("no {key} line")))
        };
        let name = field("name")?;
        let length: usize = field("length")?
            .parse()
            .ok()
            .filter(|n| (2..=MAX_SCORE).contains(n))
            .ok_or_else(|| MetError("no length of 2 to 64".into()))?;
        field("pre")?;
        let pre_rows = (0..length)
            .map(|_| chances(&field("")?, "pre-Crawford"))
            .collect::<Result<Vec<_>, _>>()?;
        field("post")?;
        let post_row = chances(&field("")?, "post-Crawford")?;
        if pre_rows.iter().any(|r| r.len() != length) {
            return Err(MetError(format!(
                "the pre-Crawford table is not {length} × {length}"
            )));
        }
        if post_row.len() < length - 1 {
            return Err(MetError(format!(
                "the post-Crawford table is not one row of {length}"
            )));
        }
        let mut pre = vec![[0f32; MAX_SCORE]; MAX_SCORE];
        for (i, row) in pre_rows.iter().enumerate() {
            pre[i][..length].copy_from_slice(row);
        }
        extend(&mut pre, length);
        // gnubg copies the first length − 1 entries (the n-away one is no legal score) and
        // extends from there.
        let mut row = [0f32; MAX_SCORE];
        row[..length - 1].copy_from_slice(&post_row[..length - 1]);
        extend_post_crawford(
            &mut row,
            length - 1,
            POST_CRAWFORD_GAMMON_RATE,
            0.015,
            0.004,
        );
        Ok(MatchEquityTable {
            name,
            native_length: length,
            pre,
            post: [row, row],
        })
    }

    /// The pre-Crawford chance that a player `away0` away (0: 1 away) wins against one
    /// `away1` away.
    pub fn pre_crawford(&self, away0: usize, away1: usize) -> f32 {
        self.pre[away0][away1]
    }

    /// The post-Crawford chance that the trailer `away` away (0: 1 away) wins against
    /// `leader` (0 or 1), 1 away.
    pub fn post_crawford(&self, leader: usize, away: usize) -> f32 {
        self.post[leader][away]
    }

    /// gnubg's `getME`: the match-winning chance of `player` (0 or 1) at `score` of a
    /// `match_to`-point match when `winner` wins `points` points; `crawford` when this is
    /// the Crawford game. A side past the match has won it.
    pub fn me(
        &self,
        score: [i32; 2],
        match_to: i32,
        player: usize,
        points: i32,
        winner: usize,
        crawford: bool,
    ) -> f32 {
        let n0 = match_to - (score[0] + if winner == 0 { points } else { 0 }) - 1;
        let n1 = match_to - (score[1] + if winner == 1 { points } else { 0 }) - 1;
        let for_player = |p0: f32| if player == 0 { p0 } else { 1.0 - p0 };
        if n0 < 0 {
            return for_player(1.0);
        }
        if n1 < 0 {
            return for_player(0.0);
        }
        if crawford || match_to - score[0] == 1 || match_to - score[1] == 1 {
            // The next game is post-Crawford.
            if n0 == 0 {
                for_player(1.0 - self.post[1][n1 as usize])
            } else {
                for_player(self.post[0][n0 as usize])
            }
        } else {
            for_player(self.pre[n0 as usize][n1 as usize])
        }
    }

    /// gnubg's `getMEAtScore`: the match-winning chance of `player` at `score` before the
    /// game is played (post-Crawford when a side is 1 away and this is not the Crawford game).
    pub fn me_at_score(
        &self,
        score: [i32; 2],
        match_to: i32,
        player: usize,
        crawford: bool,
    ) -> f32 {
        let n0 = match_to - score[0] - 1;
        let n1 = match_to - score[1] - 1;
        let for_player = |p0: f32| if player == 0 { p0 } else { 1.0 - p0 };
        if n0 < 0 {
            return for_player(1.0);
        }
        if n1 < 0 {
            return for_player(0.0);
        }
        if !crawford && (n0 == 0 || n1 == 0) {
            if n0 == 0 {
                for_player(1.0 - self.post[1][n1 as usize])
            } else {
                for_player(self.post[0][n0 as usize])
            }
        } else {
            for_player(self.pre[n0 as usize][n1 as usize])
        }
    }

    /// gnubg's `getMEMultiple` for one cube value: each player's match-winning chances when
    /// player 0 wins 1, 2, 3, 4, 6 times `cube` (indices 0–4) and when player 1 does (5–9);
    /// each player's array has its own wins first (0–4) and its losses after (5–9).
    pub fn me_multiple(
        &self,
        score: [i32; 2],
        match_to: i32,
        cube: i32,
        crawford: bool,
    ) -> [[f32; 10]; 2] {
        const MULT: [i32; 5] = [1, 2, 3, 4, 6];
        let away0 = match_to - score[0] - 1;
        let away1 = match_to - score[1] - 1;
        let post = crawford || away0 == 0 || away1 == 0;
        let mut p0 = [0f32; 10];
        for k in 0..10 {
            let (s0, s1) = if k < 5 {
                (away0 - MULT[k] * cube, away1)
            } else {
                (away0, away1 - MULT[k - 5] * cube)
            };
            p0[k] = if s0 < 0 {
                1.0
            } else if s1 < 0 {
                0.0
            } else if post {
                if s0 == 0 {
                    1.0 - self.post[1][s1 as usize]
                } else {
                    self.post[0][s0 as usize]
                }
            } else {
                self.pre[s0 as usize][s1 as usize]
            };
        }
        let mut p1 = [0f32; 10];
        for k in 0..5 {
            p1[k] = 1.0 - p0[k + 5];
            p1[k + 5] = 1.0 - p0[k];
        }
        [p0, p1]
    }

    /// gnubg's gammon prices at a score (`getGammonPrice`): player 0's gammon, player 1's
    /// gammon, player 0's backgammon, player 1's backgammon, as the extra points of cubeless
    /// equity (normalised to the cube) each is worth; never below 0.
    pub fn gammon_prices(&self, score: [i32; 2], match_to: i32, cube: i32) -> [f32; 4] {
        let me = |points: i32, winner: usize| self.me(score, match_to, 0, points, winner, false);
        let win = me(cube, 0);
        let win_gammon = me(2 * cube, 0);
        let win_bg = me(3 * cube, 0);
        let lose = me(cube, 1);
        let lose_gammon = me(2 * cube, 1);
        let lose_bg = me(3 * cube, 1);
        let centre = (win + lose) / 2.0;
        let mut out = [0f32; 4];
        if (win - centre).abs() > 1.0e-7 {
            out[0] = (win_gammon - centre) / (win - centre) - 1.0;
            out[1] = (centre - lose_gammon) / (win - centre) - 1.0;
            out[2] = (win_bg - centre) / (win - centre) - (out[0] + 1.0);
            out[3] = (centre - lose_bg) / (win - centre) - (out[1] + 1.0);
        }
        out.map(|x| if x <= 0.0 { 0.0 } else { x })
    }
}

/// The area under a normal curve (mean `mu`, deviation `sigma`) from `min` to `max`, as gnubg
/// computes it (`NormalDistArea`: `f32` but for `erf`).
fn normal_area(min: f32, max: f32, mu: f32, sigma: f32) -> f32 {
    let t_min = (min - mu) / sigma;
    let t_max = (max - mu) / sigma;
    let sqrt2 = std::f32::consts::SQRT_2;
    let int1 = ((erf((t_min / sqrt2) as f64) + 1.0) / 2.0) as f32;
    let int2 = ((erf((t_max / sqrt2) as f64) + 1.0) / 2.0) as f32;
    int2 - int1
}

/// The error function, to double precision: its series with positive terms,
/// erf x = 2/√π · e^(−x²) · Σ (2x²)ⁿ x / (1·3·…·(2n+1)), for |x| < 6 (beyond, ±1 to double
/// precision).
fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x >= 6.0 {
        return 1.0;
    }
    let mut term = x;
    let mut sum = x;
    let mut n = 0.0;
    while term > sum * 1e-18 {
        n += 1.0;
        term *= 2.0 * x * x / (2.0 * n + 1.0);
        sum += term;
    }
    2.0 / std::f64::consts::PI.sqrt() * (-x * x).exp() * sum
}

/// gnubg's extension of a pre-Crawford table beyond its `native` length (David Montgomery's
/// formula: the leader's lead against a normal spread of the points the games will bring),
/// and the upper half as one minus the lower.
fn extend(met: &mut [[f32; MAX_SCORE]], native: usize) {
    const STDDEV: [f32; 12] = [
        0.0, 1.24, 1.27, 1.47, 1.50, 1.60, 1.61, 1.66, 1.68, 1.70, 1.72, 1.77,
    ];
    let stddev = |n: usize| if n > 10 { 1.77f32 } else { STDDEV[n] };
    for i in native..MAX_SCORE {
        let score0 = i + 1;
        let s0 = stddev(score0);
        for j in 0..=i {
            let score1 = j + 1;
            let games = (score0 + score1) as f32 / 2.0;
            let s1 = stddev(score1);
            let sigma = (s0 * s0 + s1 * s1).sqrt() * games.sqrt();
            let lead = (score0 - score1) as f32;
            met[i][j] = if 6.0 * sigma > lead {
                normal_area(lead, 6.0 * sigma, 0.0, sigma)
            } else {
                0.0
            };
        }
    }
    for i in 0..MAX_SCORE {
        let from = if i < native { native } else { i + 1 };
        for j in from..MAX_SCORE {
            met[i][j] = 1.0 - met[j][i];
        }
    }
}

/// gnubg's post-Crawford recurrence (Zadeh) from `start` on: the trailer wins half the games,
/// a fraction `gammon` of them gammons; less the free drop at 2 away (`fd2`) and 4 away
/// (`fd4`).
fn extend_post_crawford(row: &mut [f32; MAX_SCORE], start: usize, gammon: f32, fd2: f32, fd4: f32) {
    for i in start..MAX_SCORE {
        let back = |k: usize| if i >= k { row[i - k] } else { 1.0 };
        row[i] = gammon * 0.5 * back(4) + (1.0 - gammon) * 0.5 * back(2);
        if i == 1 {
            row[i] -= fd2;
        }
        if i == 3 {
            row[i] -= fd4;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_is_kazaross_xg2() {
        let t = gnubg_default();
        assert_eq!(t.name, "Kazaross XG2 25 point MET");
        assert_eq!(t.native_length, 25);
        assert_eq!(t.pre_crawford(0, 1), 0.67736);
        assert_eq!(t.pre_crawford(1, 0), 0.32264);
        assert_eq!(t.post_crawford(0, 1), 0.48803);
        // gnubg's `show met` (1.07.001): 26-away 1-away 0.0821%, 64-away 64-away 50%, the
        // post-Crawford 26-away 0.1113%.
        assert!((t.pre_crawford(25, 0) - 0.000821).abs() < 5e-7);
        assert!((t.pre_crawford(0, 25) - 0.999179).abs() < 5e-7);
        assert!((t.pre_crawford(63, 63) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn erf_agrees_with_known_values() {
        assert!((erf(0.5) - 0.520_499_877_813_046_5).abs() < 1e-15);
        assert!((erf(2.0) - 0.995_322_265_018_952_7).abs() < 1e-15);
        assert!((erf(-1.0) + 0.842_700_792_949_714_9).abs() < 1e-15);
        assert_eq!(erf(7.0), 1.0);
    }

    #[test]
    fn me_counts_a_won_match_and_the_crawford_rule() {
        let t = gnubg_default();
        // 3-away 2-away in a 7-point match (score 4-5): player 0 wins 3 points → wins.
        assert_eq!(t.me([4, 5], 7, 0, 3, 0, false), 1.0);
        assert_eq!(t.me([4, 5], 7, 1, 3, 0, false), 0.0);
        // Player 0 wins 1 point: 2-away 2-away.
        assert_eq!(t.me([4, 5], 7, 0, 1, 0, false), t.pre_crawford(1, 1));
        // At 6-3 (1-away, 4-away) the next game is post-Crawford whoever wins.
        assert_eq!(t.me([6, 3], 7, 1, 1, 1, true), t.post_crawford(1, 2));
        let m = t.me_multiple([4, 5], 7, 1, false);
        assert_eq!(m[0][0], t.pre_crawford(1, 1));
        assert_eq!(m[1][0], 1.0 - t.pre_crawford(2, 0));
        assert_eq!(m[0][5] + m[1][0], 1.0);
    }

    #[test]
    fn bad_tables_are_refused_with_the_reason() {
        let e = MatchEquityTable::from_text("name x\n").unwrap_err();
        assert!(e.to_string().contains("length"), "{e}");
        let short = KAZAROSS_XG2.replacen("pre\n0.50000 ", "pre\n", 1);
        let e = MatchEquityTable::from_text(&short).unwrap_err();
        assert!(e.to_string().contains("25 × 25"), "{e}");
        let bad = KAZAROSS_XG2.replacen("pre\n0.50000 ", "pre\nx ", 1);
        assert!(MatchEquityTable::from_text(&bad).is_err());
    }
}
