//! gnubg's statistics block of a reviewed match, per player, as its `show statistics match`
//! prints it (analysis.c `updateStatcontext`, formatgs.c): chequer play, luck, cube, overall,
//! with gnubg's ratings in its words. Errors are kept positive here (gnubg prints them with a
//! minus); luck is signed, > 0 lucky. Figures in EMG (normalised equity) and, beside them,
//! in match-winning chance (a fraction) in a match or in points in money play.
//!
//! The figures come from the review's verdicts (gnubg's own figures at each decision) and,
//! for luck and the actual result, from gnubg's luck analysis ([`super::luck::MatchLuck`]).

use super::luck::MatchLuck;
use super::verdict::{CubeVerdict, Mark, Reviewed, Verdict, doubler_decision};
use crate::matches::{DecisionKind, Match};
use crate::reference::{CubeDecision, LuckMark, RollLuck};

/// One of gnubg's cube error categories: how many and what they cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct CubeErrorCount {
    /// How many.
    pub count: usize,
    /// Their cost in EMG.
    pub emg: f64,
    /// Their cost in MWC (a fraction) in a match, in points in money play.
    pub mwc: f64,
}

impl CubeErrorCount {
    fn add(&mut self, emg: f64, mwc: f64) {
        self.count += 1;
        self.emg += emg;
        self.mwc += mwc;
    }
}

/// gnubg's six cube error categories (its "Cube statistics" rows).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct CubeErrors {
    /// No double where doubling was right and the opponent should take ("below CP").
    pub missed_double_below_cp: CubeErrorCount,
    /// No double where doubling was right and the opponent should pass ("above CP").
    pub missed_double_above_cp: CubeErrorCount,
    /// A double that was wrong, not too good ("below DP").
    pub wrong_double_below_dp: CubeErrorCount,
    /// A double when too good to double ("above TG").
    pub wrong_double_above_tg: CubeErrorCount,
    /// A take that should have been a pass.
    pub wrong_take: CubeErrorCount,
    /// A pass that should have been a take.
    pub wrong_pass: CubeErrorCount,
}

impl CubeErrors {
    /// The six categories, in gnubg's order.
    pub fn all(&self) -> [CubeErrorCount; 6] {
        [
            self.missed_double_below_cp,
            self.missed_double_above_cp,
            self.wrong_double_below_dp,
            self.wrong_double_above_tg,
            self.wrong_take,
            self.wrong_pass,
        ]
    }
}

/// Rolls by gnubg's luck mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RollsMarked {
    /// More than +0.6 EMG.
    pub very_lucky: usize,
    /// More than +0.3.
    pub lucky: usize,
    /// Neither.
    pub unmarked: usize,
    /// Less than −0.3.
    pub unlucky: usize,
    /// Less than −0.6.
    pub very_unlucky: usize,
}

/// gnubg's ratings in its words.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Ratings {
    /// From the chequer play's error rate.
    pub chequer: String,
    /// From the luck rate.
    pub luck: String,
    /// From the cube decisions' error rate.
    pub cube: String,
    /// From the overall error rate.
    pub overall: String,
}

/// One player's statistics beyond the review's summary (which holds the unforced moves,
/// the marks and the error totals): gnubg's whole block.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Statistics {
    /// Every roll played (forced ones and rolls with no move among them).
    pub total_moves: usize,
    /// Moves not marked (forced ones among them).
    pub unmarked_moves: usize,
    /// The chequer play's error total in MWC (a fraction; points in money play).
    pub error_mwc: f64,
    /// … per unforced move.
    pub error_rate_mwc: f64,
    /// Rolls by luck mark (`None` without a luck analysis).
    pub rolls_marked: Option<RollsMarked>,
    /// The luck total in EMG, > 0 lucky.
    pub luck_total_emg: Option<f64>,
    /// … in MWC (points in money play).
    pub luck_total_mwc: Option<f64>,
    /// The luck per roll in mEMG.
    pub luck_rate_memg: Option<f64>,
    /// … in MWC per roll.
    pub luck_rate_mwc: Option<f64>,
    /// Cube decisions that were close (doubling would cost less than 0.16) or made (a
    /// double, take or pass).
    pub close_cube_decisions: usize,
    /// Doubles made.
    pub doubles: usize,
    /// Takes (beavers among them).
    pub takes: usize,
    /// Passes.
    pub passes: usize,
    /// gnubg's cube error categories.
    pub cube_errors: CubeErrors,
    /// The cube errors' total in MWC (points in money play).
    pub cube_error_mwc: f64,
    /// The cube error per close or actual cube decision, mEMG.
    pub cube_error_rate_memg: f64,
    /// … in MWC.
    pub cube_error_rate_mwc: f64,
    /// Chequer and cube errors, EMG.
    pub overall_error_total_emg: f64,
    /// … in MWC (points in money play).
    pub overall_error_total_mwc: f64,
    /// The overall error per decision (unforced moves and close cube decisions), mEMG.
    pub overall_error_rate_memg: f64,
    /// … in MWC.
    pub overall_error_rate_mwc: f64,
    /// Snowie's error rate: the overall error per roll of both players, mEMG.
    pub snowie_error_rate: f64,
    /// What the player gained: MWC after the games less before (a fraction) in a match,
    /// points in money play (`None` without a luck analysis, which gives it).
    pub actual_result: Option<f64>,
    /// The actual result less the luck (own rolls' luck taken off, the opponent's added).
    pub luck_adjusted_result: Option<f64>,
    /// The FIBS rating difference the luck-adjusted result means (a match, player one's
    /// figure as gnubg prints it; both here).
    pub luck_based_fibs_rating_diff: Option<f64>,
    /// gnubg's error-based absolute FIBS rating (a match): 2050 less the two losses below.
    pub error_based_fibs_rating: Option<f64>,
    /// The rating the chequer errors cost (a match).
    pub chequer_rating_loss: Option<f64>,
    /// The rating the cube errors cost (a match).
    pub cube_rating_loss: Option<f64>,
    /// A money session of more than one game: the points won a game, actual and luck
    /// adjusted, with gnubg's 95 % confidence half-widths (`None` in a match, for one game or
    /// without a luck analysis).
    pub ppg: Option<Advantage>,
    /// gnubg's ratings.
    pub ratings: Ratings,
}

/// A money session's advantage in points per game, as gnubg's statistics give it: the mean
/// of the games' results and `1.95996·√(variance / games)`, the variance of the games'
/// results as gnubg updates it game by game (in `f32`, as gnubg keeps it).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Advantage {
    /// The games.
    pub games: usize,
    /// Points won a game.
    pub actual: f64,
    /// The 95 % confidence half-width of `actual`.
    pub actual_ci: f64,
    /// Points won a game, the luck taken off.
    pub luck_adjusted: f64,
    /// The 95 % confidence half-width of `luck_adjusted`.
    pub luck_adjusted_ci: f64,
}

impl Advantage {
    /// From each game's actual and luck-adjusted result; `None` for fewer than two games.
    fn of(games: &[(f64, f64)]) -> Option<Advantage> {
        if games.len() < 2 {
            return None;
        }
        let n = games.len();
        let (actual, actual_var) = mean_and_variance(games.iter().map(|g| g.0));
        let (adjusted, adjusted_var) = mean_and_variance(games.iter().map(|g| g.1));
        let ci = |var: f32| f64::from(1.95996f32 * (var / n as f32).sqrt());
        Some(Advantage {
            games: n,
            actual,
            actual_ci: ci(actual_var),
            luck_adjusted: adjusted,
            luck_adjusted_ci: ci(adjusted_var),
        })
    }
}

/// The mean of `xs` and their variance as gnubg's `UpdateVariance` makes it, game by game.
fn mean_and_variance(xs: impl Iterator<Item = f64>) -> (f64, f32) {
    let (mut sum, mut var, mut n) = (0.0f32, 0.0f32, 0usize);
    for x in xs {
        let x = x as f32;
        sum += x;
        n += 1;
        if n > 1 {
            let mu_new = sum / n as f32;
            let mu_old = (sum - x) / (n - 1) as f32;
            let d = mu_new - mu_old;
            var = var * (1.0 - 1.0 / (n - 1) as f32) + n as f32 * d * d;
        }
    }
    (f64::from(sum) / n.max(1) as f64, var)
}

/// gnubg's rating of an error rate (EMG per decision; `GetRating`), "n/a" without decisions.
pub fn rating(per_decision: Option<f64>) -> &'static str {
    let Some(e) = per_decision else { return "n/a" };
    const WORDS: [(f64, &str); 7] = [
        (0.002, "Supernatural"),
        (0.005, "World class"),
        (0.008, "Expert"),
        (0.012, "Advanced"),
        (0.018, "Intermediate"),
        (0.026, "Casual player"),
        (0.035, "Beginner"),
    ];
    WORDS
        .iter()
        .find(|(limit, _)| e < *limit)
        .map_or("Awful!", |(_, w)| w)
}

/// gnubg's luck rating of a luck rate (EMG per roll; `getLuckRating`: the rate × 10 marked
/// as a roll is).
pub fn luck_rating(per_roll: f64) -> &'static str {
    match LuckMark::of(per_roll * 10.0) {
        LuckMark::VeryLucky => "Go to Las Vegas",
        LuckMark::Lucky => "Good dice, man!",
        LuckMark::None => "None",
        LuckMark::Unlucky => "Bad dice, man!",
        LuckMark::VeryUnlucky => "Go to bed",
    }
}

/// gnubg's best cube action's equity (`FindBestCubeDecision`'s OPTIMAL): the better answer
/// when doubling gains, else no double.
fn optimal(c: &CubeDecision) -> f64 {
    if c.double_take >= c.no_double && c.double_pass >= c.no_double {
        c.if_doubled()
    } else {
        c.no_double
    }
}

/// gnubg's close cube decision: doubling costs less than 0.16 EMG (the take capped at 1).
fn is_close(c: &CubeDecision) -> bool {
    optimal(c) - c.double_take.min(1.0) < 0.16
}

/// The MWC (a match) or points (money, `cube` × EMG) of the equity difference `a − b`
/// between two of the decision's figures, picked by `f` from its MWCs.
fn cost(
    c: &CubeDecision,
    cube: f64,
    emg: f64,
    f: impl Fn(&crate::reference::CubeMwc) -> f64,
) -> f64 {
    match &c.mwc {
        Some(m) => f(m).abs(),
        None => cube * emg,
    }
}

/// The MWC of the double's better answer (the taker's choice by equity, as
/// [`CubeDecision::if_doubled`]).
fn if_doubled_mwc(c: &CubeDecision, m: &crate::reference::CubeMwc) -> f64 {
    match c.double_take <= c.double_pass {
        true => m.double_take,
        false => m.double_pass,
    }
}

/// The running sums of one player.
#[derive(Default)]
struct Sums {
    s: Statistics,
    unforced: usize,
    error_emg: f64,
    marked: usize,
    luck_emg: f64,
    luck_mwc: f64,
    /// `luck_mwc` game by game (for a money session's points a game).
    luck_mwc_by_game: Vec<f64>,
    rolls_marked: RollsMarked,
}

/// Each player's statistics from the review's verdicts and, when given, gnubg's luck.
pub fn statistics(m: &Match, reviewed: &[Reviewed], luck: Option<&MatchLuck>) -> [Statistics; 2] {
    let sums = sum_decisions(m, reviewed, luck);
    let total_rolls = sums[0].s.total_moves + sums[1].s.total_moves;
    let actual: Option<[f64; 2]> = luck.map(|l| {
        (0..l.games()).fold([0.0; 2], |a, g| {
            let x = l.actual(g).unwrap_or([0.0; 2]);
            [a[0] + x[0], a[1] + x[1]]
        })
    });
    let luck_mwc = [sums[0].luck_mwc, sums[1].luck_mwc];
    let per_game = luck
        .filter(|_| m.match_length == 0)
        .map(|l| session_games(&sums, l));
    let mut out = sums;
    for (p, sum) in out.iter_mut().enumerate() {
        let rates = rates(sum, luck.is_some(), total_rolls);
        let s = &mut sum.s;
        if let Some(games) = &per_game {
            s.ppg = Advantage::of(&games[p]);
        }
        if let Some(a) = actual {
            s.actual_result = Some(a[p]);
            // The own rolls' luck taken off, the opponent's added.
            s.luck_adjusted_result = Some(a[p] - luck_mwc[p] + luck_mwc[1 - p]);
        }
        if m.match_length > 0 {
            let n = f64::from(m.match_length);
            let chequer_loss = rates.chequer.map(|e| e * (8798.0 + 25526.0 / n));
            let cube_loss = rates.cube.map(|e| e * (863.0 - 519.0 / n));
            s.chequer_rating_loss = chequer_loss;
            s.cube_rating_loss = cube_loss;
            s.error_based_fibs_rating = (rates.decisions > 0)
                .then(|| 2050.0 - chequer_loss.unwrap_or(0.0) - cube_loss.unwrap_or(0.0));
            if let Some(a) = actual {
                let r = 0.5 + a[p] - luck_mwc[p] + luck_mwc[1 - p];
                s.luck_based_fibs_rating_diff = (r > 0.0 && r < 1.0)
                    .then(|| (-2000.0 / n.sqrt() * (1.0 / r - 1.0).log10()).max(-2100.0));
            }
        }
    }
    out.map(|x| x.s)
}

/// Each player's running sums over the reviewed decisions: moves, errors, the cube's
/// figures and, with `luck`, the luck of each roll.
fn sum_decisions(m: &Match, reviewed: &[Reviewed], luck: Option<&MatchLuck>) -> [Sums; 2] {
    let mut sums = [Sums::default(), Sums::default()];
    for r in reviewed {
        let Some(game) = m.games.get(r.game) else {
            continue;
        };
        let Some(d) = game.decisions.get(r.decision) else {
            continue;
        };
        let p = d.player.min(1);
        let cube = f64::from(d.match_id.cube_value());
        match &r.verdict {
            Verdict::Move { play, no_double } => {
                let s = &mut sums[p];
                s.s.total_moves += 1;
                if play.mark != Mark::None {
                    s.marked += 1;
                }
                if let Some(c) = no_double {
                    no_double_figures(s, c, cube);
                }
                if play.choices > 1
                    && let (Some(loss), Some(mwc)) = (play.loss, play.loss_mwc)
                {
                    s.unforced += 1;
                    s.error_emg += loss;
                    s.s.error_mwc += mwc;
                }
                if let Some(l) = luck.and_then(|l| l.roll(r.game, r.decision)) {
                    add_roll_luck(s, r.game, l);
                }
            }
            Verdict::Cube(c) => {
                // The doubler's cube (before doubling) prices the answer, as gnubg does.
                let cube = doubler_decision(&game.decisions, r.decision)
                    .map_or(cube, |x| f64::from(x.match_id.cube_value()));
                cube_action(&mut sums[p], &d.kind, c, cube);
            }
            Verdict::NotJudged(_) => {}
        }
    }
    sums
}

/// One roll's luck (of game `game`) added to its player's sums, and counted by its mark.
fn add_roll_luck(s: &mut Sums, game: usize, l: &RollLuck) {
    s.luck_emg += l.emg;
    s.luck_mwc += l.mwc;
    if s.luck_mwc_by_game.len() <= game {
        s.luck_mwc_by_game.resize(game + 1, 0.0);
    }
    s.luck_mwc_by_game[game] += l.mwc;
    let marks = &mut s.rolls_marked;
    match LuckMark::of(l.emg) {
        LuckMark::VeryLucky => marks.very_lucky += 1,
        LuckMark::Lucky => marks.lucky += 1,
        LuckMark::None => marks.unmarked += 1,
        LuckMark::Unlucky => marks.unlucky += 1,
        LuckMark::VeryUnlucky => marks.very_unlucky += 1,
    }
}

/// A money session's games, for its points a game: each player's result and the same less
/// the luck (the own rolls' taken off, the opponent's added), game by game.
fn session_games(sums: &[Sums; 2], l: &MatchLuck) -> [Vec<(f64, f64)>; 2] {
    let game_luck =
        |p: usize, g: usize| -> f64 { sums[p].luck_mwc_by_game.get(g).copied().unwrap_or(0.0) };
    [0, 1].map(|p| {
        (0..l.games())
            .map(|g| {
                let a = l.actual(g).unwrap_or([0.0; 2])[p];
                (a, a - game_luck(p, g) + game_luck(1 - p, g))
            })
            .collect()
    })
}

/// A player's error rates behind the ratings: chequer play's and the cube's EMG a decision
/// (none without decisions), and how many decisions the overall rate is over.
struct Rates {
    chequer: Option<f64>,
    cube: Option<f64>,
    decisions: usize,
}

/// A player's rates, totals and ratings from the sums (`total_rolls`: both players' moves;
/// `with_luck`: gnubg's luck was given), written into the player's statistics.
fn rates(sum: &mut Sums, with_luck: bool, total_rolls: usize) -> Rates {
    let s = &mut sum.s;
    s.unmarked_moves = s.total_moves.saturating_sub(sum.marked);
    let per = |total: f64, n: usize| if n > 0 { total / n as f64 } else { 0.0 };
    s.error_rate_mwc = per(s.error_mwc, sum.unforced);
    if with_luck {
        s.rolls_marked = Some(sum.rolls_marked);
        let (emg, mwc) = (sum.luck_emg, sum.luck_mwc);
        s.luck_total_emg = Some(emg);
        s.luck_total_mwc = Some(mwc);
        s.luck_rate_memg = Some(1000.0 * per(emg, s.total_moves));
        s.luck_rate_mwc = Some(per(mwc, s.total_moves));
        s.ratings.luck = luck_rating(per(emg, s.total_moves)).into();
    } else {
        s.ratings.luck = "n/a".into();
    }
    let parts = s.cube_errors.all();
    let cube_emg: f64 = parts.iter().map(|c| c.emg).sum();
    s.cube_error_mwc = parts.iter().map(|c| c.mwc).sum();
    let close = s.close_cube_decisions;
    s.cube_error_rate_memg = 1000.0 * per(cube_emg, close);
    s.cube_error_rate_mwc = per(s.cube_error_mwc, close);
    s.overall_error_total_emg = sum.error_emg + cube_emg;
    s.overall_error_total_mwc = s.error_mwc + s.cube_error_mwc;
    let decisions = sum.unforced + close;
    s.overall_error_rate_memg = 1000.0 * per(s.overall_error_total_emg, decisions);
    s.overall_error_rate_mwc = per(s.overall_error_total_mwc, decisions);
    s.snowie_error_rate = 1000.0 * per(s.overall_error_total_emg, total_rolls);
    let chequer = (sum.unforced > 0).then(|| sum.error_emg / sum.unforced as f64);
    let cube = (close > 0).then(|| cube_emg / close as f64);
    s.ratings.chequer = rating(chequer).into();
    s.ratings.cube = rating(cube).into();
    s.ratings.overall =
        rating((decisions > 0).then(|| s.overall_error_total_emg / decisions as f64)).into();
    Rates {
        chequer,
        cube,
        decisions,
    }
}

/// The cube decision before a roll where the mover could have doubled and did not.
fn no_double_figures(s: &mut Sums, c: &CubeVerdict, cube: f64) {
    let d = &c.decision;
    if is_close(d) {
        s.s.close_cube_decisions += 1;
    }
    let best = optimal(d);
    if d.no_double < best {
        let emg = best - d.no_double;
        let mwc = cost(d, cube, emg, |m| if_doubled_mwc(d, m) - m.no_double);
        match d.double_take > 1.0 {
            true => s.s.cube_errors.missed_double_above_cp.add(emg, mwc),
            false => s.s.cube_errors.missed_double_below_cp.add(emg, mwc),
        }
    }
}

/// A double, take, pass or beaver.
fn cube_action(s: &mut Sums, kind: &DecisionKind, c: &CubeVerdict, cube: f64) {
    let d = &c.decision;
    s.s.close_cube_decisions += 1;
    match kind {
        DecisionKind::Double { .. } => {
            s.s.doubles += 1;
            let best = optimal(d);
            let got = d.if_doubled();
            if got < best {
                let emg = best - got;
                let mwc = cost(d, cube, emg, |m| m.no_double - if_doubled_mwc(d, m));
                match d.no_double > 1.0 {
                    true => s.s.cube_errors.wrong_double_above_tg.add(emg, mwc),
                    false => s.s.cube_errors.wrong_double_below_dp.add(emg, mwc),
                }
            }
        }
        DecisionKind::Take | DecisionKind::Beaver { .. } => {
            s.s.takes += 1;
            if d.double_take > d.double_pass {
                let emg = d.double_take - d.double_pass;
                let mwc = cost(d, cube, emg, |m| m.double_take - m.double_pass);
                s.s.cube_errors.wrong_take.add(emg, mwc);
            }
        }
        DecisionKind::Drop => {
            s.s.passes += 1;
            if d.double_pass > d.double_take {
                let emg = d.double_pass - d.double_take;
                let mwc = cost(d, cube, emg, |m| m.double_pass - m.double_take);
                s.s.cube_errors.wrong_pass.add(emg, mwc);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_in_gnubgs_words_at_its_thresholds() {
        assert_eq!(rating(None), "n/a");
        assert_eq!(rating(Some(0.0)), "Supernatural");
        assert_eq!(rating(Some(0.0155)), "Intermediate");
        assert_eq!(rating(Some(0.0245)), "Casual player");
        assert_eq!(rating(Some(0.035)), "Awful!");
        assert_eq!(luck_rating(-0.0347), "Bad dice, man!");
        assert_eq!(luck_rating(0.0043), "None");
    }
}
