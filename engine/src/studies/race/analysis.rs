//! Analysis of a no-contact race from one-sided databases (seed 001): both sides' exact and
//! approximated distributions, their moments, EPC and wastage, the winning and gammon chances
//! exact, from the normal approximation and from a seeded one-sided rollout, and the race
//! formulas.

use super::cube::CubeDecisions;
use super::formulas::{self as race, RaceCount};
use super::janowski::one_sided_cube;
use super::normal::{self, ErrorMeasures, Form};
use crate::bearoff::one_sided::chances;
use crate::bearoff::one_sided::database::{Database, Prob, ROLLS};
use crate::bearoff::one_sided::index::{self, Counts, MAX_POINTS};
use crate::bearoff::one_sided::moments::Moments;
use crate::bearoff::one_sided::plays::OneSided;
use crate::core::dice_source::{DiceSource, SeededDice};
use crate::core::position::{Position, SideCheckers};
use std::fmt;

/// EPC per roll: the average pips of a roll, 49/6.
pub const PIPS_PER_ROLL: f64 = 49.0 / 6.0;

/// Why a position cannot be analysed as a bear-off race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The sides can still meet (or a checker is on the bar).
    Contact,
    /// The database given does not span the points the position needs.
    DatabaseTooSmall {
        /// Points needed.
        needed: usize,
        /// Points the database spans.
        have: usize,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Contact => f.write_str(
                "the position has contact (or a checker on the bar): bear-off databases need a pure race",
            ),
            AnalysisError::DatabaseTooSmall { needed, have } => write!(
                f,
                "the position needs a {needed}-point database, this one spans {have}"
            ),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The highest point a side occupies (0 when all its checkers are off).
pub fn highest_point(side: &SideCheckers) -> usize {
    (1..=25).rev().find(|&p| side[p - 1] > 0).unwrap_or(0)
}

/// The smallest database (points) covering each side: `[on roll, opponent]`, `None` for a side
/// beyond `limit` points (out of range).
pub fn points_needed(pos: &Position, limit: usize) -> Result<[Option<usize>; 2], AnalysisError> {
    if pos.has_contact() || pos.player_at(25) > 0 || pos.opponent_at(0) > 0 {
        return Err(AnalysisError::Contact);
    }
    let [opp, me] = pos.sides();
    let fit = |s: &SideCheckers| {
        let h = highest_point(s).max(1);
        (h <= limit.min(MAX_POINTS)).then_some(h)
    };
    Ok([fit(&me), fit(&opp)])
}

/// The one-sided positions of the in-range sides on `points` points (what
/// [`build_within`](crate::bearoff::one_sided::build_within) needs to build just enough of a
/// database for [`analyse`]).
pub fn targets(pos: &Position, needed: &[Option<usize>; 2], points: usize) -> Vec<Counts> {
    let [opp, me] = pos.sides();
    [(needed[0], me), (needed[1], opp)]
        .into_iter()
        .filter(|(n, _)| n.is_some_and(|n| n <= points))
        .map(|(_, s)| counts_of(&s, points))
        .collect()
}

/// One side of the analysis.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SideReport {
    /// Pip count.
    pub pips: u32,
    /// gnubg index in the database used.
    pub index: u32,
    /// Mean and standard deviation of both distributions.
    pub moments: Moments,
    /// Effective pip count: mean rolls × 49/6.
    pub epc: f64,
    /// EPC − pips.
    pub wastage: f64,
    /// P(all off in exactly k rolls), exact.
    pub dist: [f64; ROLLS],
    /// The same rebuilt as normal densities from mean and sd (the seed's form).
    pub dist_normal: [f64; ROLLS],
    /// The same rebuilt as normal intervals.
    pub dist_interval: [f64; ROLLS],
    /// P(first checker off in exactly k rolls), exact.
    pub gammon: [f64; ROLLS],
    /// The gammon distribution as normal densities.
    pub gammon_normal: [f64; ROLLS],
    /// The gammon distribution as normal intervals.
    pub gammon_interval: [f64; ROLLS],
    /// Density form against exact.
    pub errors_normal: ErrorMeasures,
    /// Interval form against exact.
    pub errors_interval: ErrorMeasures,
}

/// A rollout's result.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Rollout {
    /// Games played.
    pub games: u32,
    /// The seed of the dice.
    pub seed: u64,
    /// Share of games the player on roll won.
    pub win: f64,
    /// Its standard error, √(p(1 − p)/n).
    pub stderr: f64,
}

/// The whole analysis. Winning chances are `None` when a side is out of range.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Analysis {
    /// Points of the database used.
    pub points: usize,
    /// The player on roll, `None` when out of range.
    pub on_roll: Option<SideReport>,
    /// The opponent, `None` when out of range.
    pub opponent: Option<SideReport>,
    /// P(player on roll wins) from the exact distributions.
    pub win_exact: Option<f64>,
    /// The same from the normal densities (the seed's approximated figure).
    pub win_normal: Option<f64>,
    /// The same from the normal intervals.
    pub win_interval: Option<f64>,
    /// One-sided rollout of both sides' best play (`None` with 0 games).
    pub rollout: Option<Rollout>,
    /// W(g): the player on roll wins a gammon.
    pub win_gammon: Option<f64>,
    /// L(g): the player on roll loses a gammon.
    pub lose_gammon: Option<f64>,
    /// The race formulas.
    pub race: Vec<RaceCount>,
    /// The one-sided database's own cube verdict: its chance [`win_exact`](Self::win_exact)
    /// under gnubg's 0-ply rule for one-sided bear-off positions ([`one_sided_cube`]).
    pub one_sided_cube: Option<CubeDecisions>,
}

/// A chance from a formula that can leave 0–1 (the seed's normal densities): what the formula
/// gives, and the chance shown for it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct FormulaChance {
    /// The formula's value, as computed.
    pub value: f64,
    /// The value clamped to 0–1.
    pub chance: f64,
    /// True when the value is a chance (0–1, give or take rounding).
    pub in_range: bool,
}

impl FormulaChance {
    /// `value` as a chance.
    pub fn of(value: f64) -> FormulaChance {
        FormulaChance {
            value,
            chance: value.clamp(0.0, 1.0),
            in_range: crate::bearoff::one_sided::chances::is_chance(value),
        }
    }
}

impl SideReport {
    /// The sum of the normal densities at whole rolls: about 1 for a broad distribution, more
    /// when it is narrow (the densities are then no chances).
    pub fn normal_total(&self) -> f64 {
        self.dist_normal.iter().sum()
    }
}

impl Analysis {
    /// The normal densities' winning chance ([`Analysis::win_normal`]) as a chance.
    pub fn normal_chance(&self) -> Option<FormulaChance> {
        self.win_normal.map(FormulaChance::of)
    }

    /// Why the normal densities' chance is out of range, in one sentence, when it is: the
    /// narrower side's standard deviation and what its densities add up to.
    pub fn normal_out_of_range(&self) -> Option<String> {
        let c = self.normal_chance().filter(|c| !c.in_range)?;
        let (me, opp) = (self.on_roll.as_ref()?, self.opponent.as_ref()?);
        let narrow = if me.moments.sd <= opp.moments.sd {
            me
        } else {
            opp
        };
        Some(format!(
            "the normal density formula gives {:.2} %, outside 0–100 %: it is out of its range where a \
             side's distribution is narrow (SD {:.3} rolls: its densities at whole rolls add up \
             to {:.3}, not 1); the chance is clamped to {:.0} %",
            100.0 * c.value,
            narrow.moments.sd,
            narrow.normal_total(),
            100.0 * c.chance
        ))
    }
}

/// The checkers of `side` on its points 1..=`points`, as the bear-off databases count them.
pub fn counts_of(side: &SideCheckers, points: usize) -> Counts {
    let mut c = [0u8; MAX_POINTS + 1];
    c[1..=points].copy_from_slice(&side[..points]);
    c
}

/// Both sides of `pos` on their points 1..=`points`: `[on roll, other]`.
pub fn sides_counts(pos: &Position, points: usize) -> [Counts; 2] {
    let [other, on_roll] = pos.sides();
    [counts_of(&on_roll, points), counts_of(&other, points)]
}

fn side_report<T: Prob>(db: &Database<T>, side: &SideCheckers) -> SideReport {
    let points = db.points();
    let c = counts_of(side, points);
    let idx = index::index(&c, points);
    let dist = db.dist_f64(idx);
    let gammon = db.gammon_f64(idx);
    let moments = Moments::of(&dist).with_gammon(&gammon);
    let dist_normal = normal::approximate(moments.mean, moments.sd, Form::Density);
    let dist_interval = normal::approximate(moments.mean, moments.sd, Form::Interval);
    let epc = moments.mean * PIPS_PER_ROLL;
    let pips = index::pips(&c, points);
    SideReport {
        pips,
        index: idx,
        moments,
        epc,
        wastage: epc - pips as f64,
        dist,
        dist_normal,
        dist_interval,
        gammon,
        gammon_normal: normal::approximate(moments.gammon_mean, moments.gammon_sd, Form::Density),
        gammon_interval: normal::approximate(
            moments.gammon_mean,
            moments.gammon_sd,
            Form::Interval,
        ),
        errors_normal: normal::errors(&dist, &dist_normal),
        errors_interval: normal::errors(&dist, &dist_interval),
    }
}

/// Rolls one side needs to bear off when it always plays the move with the fewest expected
/// rolls (first such in gnubg's order), with random dice.
fn rolls_to_finish<T: Prob>(db: &Database<T>, start: &Counts, dice: &mut SeededDice) -> u32 {
    let points = db.points();
    let mut pos = OneSided::new(start, points);
    let mut rolls = 0;
    while pos.checkers() > 0 {
        let (a, b) = dice.throw();
        let (a, b) = (a as usize, b as usize);
        let mut best: Option<(T::Key, OneSided)> = None;
        pos.for_each_result(a.max(b), a.min(b), &mut |r| {
            let (f, run) = db.run(r.index());
            let k = T::key(f, run);
            if best.as_ref().is_none_or(|(bk, _)| k < *bk) {
                best = Some((k, *r));
            }
        });
        pos = best.map_or(pos, |(_, r)| r);
        rolls += 1;
    }
    rolls
}

/// A seeded one-sided rollout: each game plays both sides to the end independently (no contact)
/// and the player on roll wins when it needs no more rolls.
pub fn rollout<T: Prob>(
    db: &Database<T>,
    me: &SideCheckers,
    opp: &SideCheckers,
    games: u32,
    seed: u64,
) -> Rollout {
    let mut dice = SeededDice::new(seed);
    let (a, b) = (counts_of(me, db.points()), counts_of(opp, db.points()));
    let wins = (0..games)
        .filter(|_| rolls_to_finish(db, &a, &mut dice) <= rolls_to_finish(db, &b, &mut dice))
        .count();
    let p = wins as f64 / games.max(1) as f64;
    Rollout {
        games,
        seed,
        win: p,
        stderr: (p * (1.0 - p) / games.max(1) as f64).sqrt(),
    }
}

/// Analyses `pos` (the player on roll first) with `db`, which must span every in-range side;
/// sides beyond `limit` points are reported as out of range. `games` rollout games with `seed`.
pub fn analyse<T: Prob>(
    pos: &Position,
    db: &Database<T>,
    limit: usize,
    games: u32,
    seed: u64,
) -> Result<Analysis, AnalysisError> {
    let needed = points_needed(pos, limit)?;
    let need = needed.iter().flatten().copied().max().unwrap_or(1);
    if need > db.points() {
        return Err(AnalysisError::DatabaseTooSmall {
            needed: need,
            have: db.points(),
        });
    }
    let [opp, me] = pos.sides();
    let on_roll = needed[0].map(|_| side_report(db, &me));
    let opponent = needed[1].map(|_| side_report(db, &opp));
    let both = on_roll.as_ref().zip(opponent.as_ref());
    let win_exact = both.map(|(a, b)| chances::win(&a.dist, &b.dist));
    Ok(Analysis {
        points: db.points(),
        win_exact,
        one_sided_cube: win_exact.map(one_sided_cube),
        win_normal: both.map(|(a, b)| chances::win(&a.dist_normal, &b.dist_normal)),
        win_interval: both.map(|(a, b)| chances::win(&a.dist_interval, &b.dist_interval)),
        win_gammon: both.map(|(a, b)| chances::win_gammon(&a.dist, &b.gammon)),
        lose_gammon: both.map(|(a, b)| chances::lose_gammon(&b.dist, &a.gammon)),
        rollout: both
            .filter(|_| games > 0)
            .map(|_| rollout(db, &me, &opp, games, seed)),
        on_roll,
        opponent,
        race: race::all(&me, &opp),
    })
}
