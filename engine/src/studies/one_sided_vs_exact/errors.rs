//! The error map: over every pair of a two-sided database, how far each approximate method's
//! chance is from the exact two-sided one, and how much the one-sided move and the seed's
//! heuristic lose against the best move.
//!
//! Pairs with a side already borne off are left out (every method gets them right); errors are
//! `approximate − exact` in **percentage points**. Two passes, both parallel (rayon): the
//! methods' errors row by row of the side on roll, then the plays row by row of the other side
//! (whose chances the mover's results are read from), each row read once into a local copy.

use super::best_play::{heuristic_pick, mean_rolls, one_sided_pick, results};
use super::methods::{Method, Methods};
use crate::bearoff::one_sided::database::Database;
use crate::bearoff::one_sided::index::{self, Counts};
use crate::bearoff::one_sided::is_chance;
use crate::bearoff::one_sided::plays::OneSided;
use crate::bearoff::two_sided::TwoSidedChances;
use crate::core::dice::Dice;
use crate::core::formats::Setup;
use crate::core::position::{Position, Side, SideCheckers};
use crate::core::task::Task;
use rayon::prelude::*;
use std::fmt;

/// Histogram bins: 0.05 percentage points from −25 to +25 (errors beyond are counted apart:
/// [`Histogram::below`], [`Histogram::above`]).
pub const HISTOGRAM_WIDTH: f64 = 0.05;
/// Lower edge of the first bin, in percentage points.
pub const HISTOGRAM_LO: f64 = -25.0;
const BINS: usize = 1000;
/// A play loses when it gives up more than this chance (float noise and ties are not losses).
pub const LOSS_TOLERANCE: f64 = 1e-9;

/// Why there is no error map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorMapError {
    /// The one-sided database is for other points than the two-sided one.
    Points {
        /// Points of the one-sided database.
        one_sided: usize,
        /// Points of the two-sided one.
        two_sided: usize,
    },
    /// The task was cancelled.
    Cancelled,
}

impl fmt::Display for ErrorMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorMapError::Points {
                one_sided,
                two_sided,
            } => write!(
                f,
                "the one-sided database spans {one_sided} points, the two-sided one {two_sided}"
            ),
            ErrorMapError::Cancelled => f.write_str("the error map was cancelled"),
        }
    }
}

impl std::error::Error for ErrorMapError {}

/// Mean, root mean square and largest error of a set of pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Pairs counted.
    pub pairs: u64,
    /// Mean error (pp).
    pub mean: f64,
    /// Root mean square error (pp).
    pub rms: f64,
    /// The error of largest magnitude, with its sign (pp).
    pub largest: f64,
}

/// Counts of errors in bins of [`HISTOGRAM_WIDTH`] from [`HISTOGRAM_LO`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Histogram {
    /// Lower edge of the first bin (pp).
    pub lo: f64,
    /// Bin width (pp).
    pub width: f64,
    /// Pairs per bin (errors from `lo` to `lo + width · counts.len()`).
    pub counts: Vec<u64>,
    /// Pairs whose error lies below the range (not in any bin).
    pub below: u64,
    /// Pairs whose error lies above the range (not in any bin).
    pub above: u64,
}

impl Histogram {
    /// Pairs whose error lies beyond the range, either way: they are not on the histogram.
    pub fn beyond(&self) -> u64 {
        self.below + self.above
    }

    /// Every pair counted, in the bins and beyond.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum::<u64>() + self.beyond()
    }
}

/// A pair with a large error.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WorstPair {
    /// gnubg Position ID of the race (the side on roll to play), as `bgw show` reads it.
    pub position_id: String,
    /// One-sided index of the side on roll.
    pub on_roll: u32,
    /// One-sided index of the other side.
    pub other: u32,
    /// Pip counts: side on roll, other side.
    pub pips: [u32; 2],
    /// Checkers on the board: side on roll, other side.
    pub checkers: [u32; 2],
    /// The exact two-sided chance of the side on roll.
    pub exact: f64,
    /// The method's chance.
    pub approximate: f64,
    /// `approximate − exact` (pp).
    pub error: f64,
}

/// One method's errors.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MethodErrors {
    /// The method.
    pub method: Method,
    /// Over every pair.
    pub overall: Summary,
    /// By the pip count of both sides together (index = pips).
    pub by_pips: Vec<Summary>,
    /// By the checkers of both sides together (index = checkers).
    pub by_checkers: Vec<Summary>,
    /// The distribution of the errors.
    pub histogram: Histogram,
    /// Pairs whose chance by this method lies outside 0–1: a formula out of its range (the
    /// seed's normal densities, where a side's distribution is narrow: its densities at whole
    /// rolls then add up to more than 1). Their errors are the formula's, unclamped.
    pub out_of_range: u64,
    /// The pairs with the largest |error|, largest first.
    pub worst: Vec<WorstPair>,
}

impl MethodErrors {
    /// What the histogram cannot show, in one sentence, when there is any: the pairs beyond its
    /// range (with the largest error and its pair) and those whose chance is no chance.
    pub fn outliers(&self, pairs: u64) -> Option<String> {
        let beyond = self.histogram.beyond();
        if beyond == 0 && self.out_of_range == 0 {
            return None;
        }
        let share = |n: u64| 100.0 * n as f64 / pairs.max(1) as f64;
        let mut parts = Vec::new();
        if beyond > 0 {
            let at = self
                .worst
                .first()
                .map_or(String::new(), |w| format!(", {}", w.position_id));
            parts.push(format!(
                "{beyond} pairs ({:.3} %) lie beyond ±{:.0} pp, off the histogram (largest {:+.1} pp{at})",
                share(beyond),
                -HISTOGRAM_LO,
                self.overall.largest
            ));
        }
        if self.out_of_range > 0 {
            parts.push(format!(
                "{} pairs ({:.3} %) have a chance outside 0–100 %: the formula is out of its \
                 range where a side's distribution is narrow (its densities at whole rolls then \
                 add up to more than 1); their errors are the formula's, unclamped",
                self.out_of_range,
                share(self.out_of_range)
            ));
        }
        Some(format!("{}: {}", self.method.name(), parts.join("; ")))
    }
}

/// A way of choosing plays that the exact chance judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayRule {
    /// The fewest expected rolls (first such in gnubg's order): what one-sided databases play.
    OneSided,
    /// The seed's bear-off heuristic (the classic program without contact).
    Heuristic,
}

impl PlayRule {
    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            PlayRule::OneSided => "one-sided move",
            PlayRule::Heuristic => "seed's heuristic",
        }
    }
}

/// The play a rule chose that lost the most.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WorstPlay {
    /// gnubg Position ID of the race before the play (the mover on roll).
    pub position_id: String,
    /// The roll, high die first (`63`).
    pub dice: String,
    /// The mover's checkers on points 1, 2, … after the rule's play.
    pub chosen: Vec<u8>,
    /// The same after the best play.
    pub best: Vec<u8>,
    /// The exact chance after the rule's play.
    pub chance_chosen: f64,
    /// The exact chance after the best play.
    pub chance_best: f64,
    /// `chance_best − chance_chosen` (pp).
    pub loss: f64,
}

/// How often and how much a play rule loses against the best play, over every (pair, roll)
/// with more than one distinct result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayLosses {
    /// The rule.
    pub rule: PlayRule,
    /// (pair, roll) with a choice to make.
    pub decisions: u64,
    /// Those where the rule's play loses more than [`LOSS_TOLERANCE`].
    pub wrong: u64,
    /// Mean loss over the decisions (pp).
    pub mean_loss: f64,
    /// Mean loss over the wrong decisions (pp).
    pub mean_loss_when_wrong: f64,
    /// Mean over every pair of the loss of one turn, the rolls weighted 1/36 or 2/36 (pp).
    pub loss_per_turn: f64,
    /// The largest loss.
    pub largest: Option<WorstPlay>,
}

/// The whole study of one two-sided database.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ErrorMap {
    /// Points of the database.
    pub points: usize,
    /// Most checkers a side.
    pub checkers: usize,
    /// Positions a side can be in.
    pub positions: u32,
    /// Pairs measured (both sides with a checker left).
    pub pairs: u64,
    /// Each method's errors, in the order of [`Method::ALL`].
    pub methods: Vec<MethodErrors>,
    /// Each play rule's losses: one-sided, heuristic.
    pub plays: Vec<PlayLosses>,
}

/// Running sums of one set of errors.
#[derive(Clone, Copy, Default)]
struct Acc {
    n: u64,
    sum: f64,
    sumsq: f64,
    largest: f64,
}

impl Acc {
    #[inline(always)]
    fn add(&mut self, e: f64) {
        self.n += 1;
        self.sum += e;
        self.sumsq += e * e;
        if e.abs() > self.largest.abs() {
            self.largest = e;
        }
    }

    fn merge(&mut self, o: &Acc) {
        self.n += o.n;
        self.sum += o.sum;
        self.sumsq += o.sumsq;
        if o.largest.abs() > self.largest.abs() {
            self.largest = o.largest;
        }
    }

    fn summary(&self) -> Summary {
        let n = self.n.max(1) as f64;
        Summary {
            pairs: self.n,
            mean: self.sum / n,
            rms: (self.sumsq / n).sqrt(),
            largest: self.largest,
        }
    }
}

/// Keeps the `cap` entries of largest key (ties: smallest pair first).
#[derive(Clone)]
pub(super) struct Top<T> {
    cap: usize,
    /// Key, the pair, what is kept of it; largest key first.
    pub(super) items: Vec<(f64, u32, u32, T)>,
}

impl<T: Clone> Top<T> {
    pub(super) fn new(cap: usize) -> Self {
        Top {
            cap,
            items: Vec::new(),
        }
    }

    #[inline(always)]
    pub(super) fn wants(&self, key: f64) -> bool {
        self.cap > 0 && (self.items.len() < self.cap || key > self.items[self.cap - 1].0)
    }

    pub(super) fn push(&mut self, key: f64, a: u32, b: u32, t: T) {
        if !self.wants(key) {
            return;
        }
        self.items.push((key, a, b, t));
        self.sort();
    }

    fn sort(&mut self) {
        self.items.sort_by(|x, y| {
            y.0.total_cmp(&x.0)
                .then_with(|| (x.1, x.2).cmp(&(y.1, y.2)))
        });
        self.items.truncate(self.cap);
    }

    pub(super) fn merge(&mut self, o: Top<T>) {
        self.items.extend(o.items);
        self.sort();
    }
}

/// One method's sums.
#[derive(Clone)]
struct MethodAcc {
    overall: Acc,
    by_pips: Vec<Acc>,
    by_checkers: Vec<Acc>,
    bins: Vec<u64>,
    below: u64,
    above: u64,
    out_of_range: u64,
    worst: Top<f64>,
}

impl MethodAcc {
    fn new(pips: usize, checkers: usize, worst: usize) -> Self {
        MethodAcc {
            overall: Acc::default(),
            by_pips: vec![Acc::default(); pips + 1],
            by_checkers: vec![Acc::default(); checkers + 1],
            bins: vec![0; BINS],
            below: 0,
            above: 0,
            out_of_range: 0,
            worst: Top::new(worst),
        }
    }

    fn merge(mut self, o: MethodAcc) -> Self {
        self.overall.merge(&o.overall);
        for (x, y) in self.by_pips.iter_mut().zip(&o.by_pips) {
            x.merge(y);
        }
        for (x, y) in self.by_checkers.iter_mut().zip(&o.by_checkers) {
            x.merge(y);
        }
        for (x, y) in self.bins.iter_mut().zip(&o.bins) {
            *x += y;
        }
        self.below += o.below;
        self.above += o.above;
        self.out_of_range += o.out_of_range;
        self.worst.merge(o.worst);
        self
    }
}

/// The bin of an error in percentage points: `Err(false)` below the range, `Err(true)`
/// above it.
#[inline(always)]
fn bin(e: f64) -> Result<usize, bool> {
    let k = ((e - HISTOGRAM_LO) / HISTOGRAM_WIDTH).floor();
    if k < 0.0 {
        Err(false)
    } else if k >= BINS as f64 {
        Err(true)
    } else {
        Ok(k as usize)
    }
}

/// One play rule's sums.
#[derive(Clone)]
struct PlayAcc {
    decisions: u64,
    wrong: u64,
    loss: f64,
    turn_loss: f64,
    /// Key: loss; value: (roll number, chosen index, best index, chance chosen, chance best).
    worst: Top<(usize, u32, u32, f64, f64)>,
}

impl PlayAcc {
    fn new() -> Self {
        PlayAcc {
            decisions: 0,
            wrong: 0,
            loss: 0.0,
            turn_loss: 0.0,
            worst: Top::new(1),
        }
    }

    fn merge(mut self, o: PlayAcc) -> Self {
        self.decisions += o.decisions;
        self.wrong += o.wrong;
        self.loss += o.loss;
        self.turn_loss += o.turn_loss;
        self.worst.merge(o.worst);
        self
    }
}

/// Every position's distinct results for each roll, and the one-sided and heuristic picks.
struct Choices {
    /// Result indices of (position, roll) at `start[p * 21 + r]..start[p * 21 + r + 1]`.
    results: Vec<u32>,
    start: Vec<u32>,
    /// Offsets within each slice of the one-sided and heuristic picks.
    picks: Vec<[u16; 2]>,
}

/// The 21 rolls in [`Dice::all`]'s order.
fn rolls() -> Vec<Dice> {
    Dice::all().collect()
}

impl Choices {
    fn new(points: usize, n: u32, one_sided: &Database<f64>) -> Choices {
        let means: Vec<f64> = (0..index::positions(points).min(one_sided.len() as u32))
            .map(|i| mean_rolls(one_sided, i))
            .collect();
        let per: Vec<(Vec<u32>, [u16; 2])> = (0..n)
            .into_par_iter()
            .flat_map_iter(|p| {
                let side = OneSided::new(&index::counts(p, points), points);
                let means = &means;
                rolls().into_iter().map(move |dice| {
                    let rs = results(&side, dice);
                    let one = one_sided_pick(&rs, |i| means[i as usize]);
                    let heur = heuristic_pick(&side, points, dice, &rs);
                    (
                        rs.iter().map(|r| r.index()).collect(),
                        [one as u16, heur as u16],
                    )
                })
            })
            .collect();
        let mut start = Vec::with_capacity(per.len() + 1);
        let mut results = Vec::new();
        let mut picks = Vec::with_capacity(per.len());
        start.push(0);
        for (rs, pick) in per {
            results.extend(rs);
            start.push(results.len() as u32);
            picks.push(pick);
        }
        Choices {
            results,
            start,
            picks,
        }
    }

    #[inline(always)]
    fn of(&self, p: u32, roll: usize) -> (&[u32], [u16; 2]) {
        let k = p as usize * 21 + roll;
        (
            &self.results[self.start[k] as usize..self.start[k + 1] as usize],
            self.picks[k],
        )
    }
}

/// The Position ID of a race of two one-sided positions, `on_roll` to play.
pub fn pair_position_id(points: usize, on_roll: u32, other: u32) -> String {
    let side = |i: u32| {
        let c = index::counts(i, points);
        let mut s: SideCheckers = [0; 25];
        s[..points].copy_from_slice(&c[1..=points]);
        s
    };
    match Position::from_sides(Side::White, &side(on_roll), &side(other)) {
        Ok(p) => Setup::new(p).position_id(),
        Err(e) => format!("({e})"),
    }
}

fn counts_vec(points: usize, i: u32) -> Vec<u8> {
    let c: Counts = index::counts(i, points);
    c[1..=points].to_vec()
}

/// Measures every pair of `db` against the methods built from `one_sided` (an exact one-sided
/// database on the same points) and the play rules; keeps the `worst` pairs of each method.
/// `task` counts the rows done (of both passes); cancelling it ends the work with
/// [`ErrorMapError::Cancelled`].
pub fn error_map<D: TwoSidedChances + ?Sized>(
    db: &D,
    one_sided: &Database<f64>,
    worst: usize,
    task: &Task,
) -> Result<ErrorMap, ErrorMapError> {
    let points = db.points();
    if one_sided.points() != points {
        return Err(ErrorMapError::Points {
            one_sided: one_sided.points(),
            two_sided: points,
        });
    }
    let n = db.positions();
    let pips: Vec<u32> = (0..n)
        .map(|i| index::pips(&index::counts(i, points), points))
        .collect();
    let men: Vec<u32> = (0..n)
        .map(|i| index::checkers(&index::counts(i, points), points))
        .collect();
    let sides = Sides {
        points,
        checkers: db.checkers(),
        n,
        pips,
        men,
    };
    let methods = Methods::new(one_sided, n);
    task.set(0, 2 * (n as u64).saturating_sub(1));
    // Pass 1: the methods, row by row of the side on roll.
    let accs = method_sums(db, &methods, &sides, worst, task);
    if task.is_cancelled() {
        return Err(ErrorMapError::Cancelled);
    }
    // Pass 2: the plays, row by row of the other side.
    let plays = play_sums(db, one_sided, &sides, task);
    if task.is_cancelled() {
        return Err(ErrorMapError::Cancelled);
    }
    let pairs = (n as u64 - 1).pow(2);
    Ok(ErrorMap {
        points,
        checkers: sides.checkers,
        positions: n,
        pairs,
        methods: method_errors(db, &methods, &sides, accs),
        plays: play_losses(&sides, pairs, plays),
    })
}

/// What both passes read of the sides: the points and checkers of the database, its number
/// of positions (`n`), and each position's pips and checkers.
struct Sides {
    points: usize,
    checkers: usize,
    n: u32,
    pips: Vec<u32>,
    men: Vec<u32>,
}

/// Pass 1: every pair's error of each method, summed by pips and checkers, binned, the worst
/// kept; a row of the side on roll a tick of `task`, nothing more once it is cancelled.
fn method_sums<D: TwoSidedChances + ?Sized>(
    db: &D,
    methods: &Methods,
    sides: &Sides,
    worst: usize,
    task: &Task,
) -> [MethodAcc; 3] {
    let Sides {
        n,
        checkers,
        points,
        ref pips,
        ref men,
    } = *sides;
    let max_pips = 2 * points * checkers;
    let tick = || task.advance(1);
    let stopped = || task.is_cancelled();
    let fresh = || [0, 1, 2].map(|_| MethodAcc::new(max_pips, 2 * checkers, worst));
    (1..n)
        .into_par_iter()
        .fold(fresh, |mut acc, a| {
            if stopped() {
                return acc;
            }
            for b in 1..n {
                let exact = db.win(a, b);
                let approx = methods.chances(a, b);
                let (p, c) = (
                    (pips[a as usize] + pips[b as usize]) as usize,
                    (men[a as usize] + men[b as usize]) as usize,
                );
                for (m, &x) in acc.iter_mut().zip(&approx) {
                    let e = 100.0 * (x - exact);
                    m.overall.add(e);
                    m.by_pips[p].add(e);
                    m.by_checkers[c].add(e);
                    match bin(e) {
                        Ok(k) => m.bins[k] += 1,
                        Err(false) => m.below += 1,
                        Err(true) => m.above += 1,
                    }
                    if !is_chance(x) {
                        m.out_of_range += 1;
                    }
                    if m.worst.wants(e.abs()) {
                        m.worst.push(e.abs(), a, b, e);
                    }
                }
            }
            tick();
            acc
        })
        .reduce(fresh, |x, y| {
            let [x0, x1, x2] = x;
            let [y0, y1, y2] = y;
            [x0.merge(y0), x1.merge(y1), x2.merge(y2)]
        })
}

/// Pass 2: every decision of each play rule against the exact best play, its loss summed
/// and the worst kept; a row of the other side a tick of `task`.
fn play_sums<D: TwoSidedChances + ?Sized>(
    db: &D,
    one_sided: &Database<f64>,
    sides: &Sides,
    task: &Task,
) -> [PlayAcc; 2] {
    let Sides { n, points, .. } = *sides;
    let tick = || task.advance(1);
    let stopped = || task.is_cancelled();
    let choices = Choices::new(points, n, one_sided);
    let weights: Vec<f64> = rolls().iter().map(|d| d.weight() as f64 / 36.0).collect();
    (1..n)
        .into_par_iter()
        .fold(
            || [PlayAcc::new(), PlayAcc::new()],
            |mut acc, b| {
                if stopped() {
                    return acc;
                }
                // value[r]: the mover's chance after reaching r, b on roll.
                let value: Vec<f64> = (0..n)
                    .map(|r| if r == 0 { 1.0 } else { 1.0 - db.win(b, r) })
                    .collect();
                for a in 1..n {
                    for (roll, w) in weights.iter().enumerate() {
                        let (rs, picks) = choices.of(a, roll);
                        if rs.len() < 2 {
                            continue;
                        }
                        let (mut best, mut best_at) = (f64::NEG_INFINITY, 0);
                        for (k, &r) in rs.iter().enumerate() {
                            let v = value[r as usize];
                            if v > best {
                                (best, best_at) = (v, k);
                            }
                        }
                        for (rule, &pick) in acc.iter_mut().zip(&picks) {
                            let chosen = value[rs[pick as usize] as usize];
                            let loss = best - chosen;
                            rule.decisions += 1;
                            if loss > LOSS_TOLERANCE {
                                rule.wrong += 1;
                                rule.loss += loss;
                                rule.turn_loss += w * loss;
                                if rule.worst.wants(loss) {
                                    let detail =
                                        (roll, rs[pick as usize], rs[best_at], chosen, best);
                                    rule.worst.push(loss, a, b, detail);
                                }
                            }
                        }
                    }
                }
                tick();
                acc
            },
        )
        .reduce(
            || [PlayAcc::new(), PlayAcc::new()],
            |[x0, x1], [y0, y1]| [x0.merge(y0), x1.merge(y1)],
        )
}

/// Each method's errors from its sums.
fn method_errors<D: TwoSidedChances + ?Sized>(
    db: &D,
    methods: &Methods,
    sides: &Sides,
    accs: [MethodAcc; 3],
) -> Vec<MethodErrors> {
    let Sides {
        points,
        ref pips,
        ref men,
        ..
    } = *sides;
    Method::ALL
        .iter()
        .zip(accs)
        .map(|(&method, m)| MethodErrors {
            method,
            overall: m.overall.summary(),
            by_pips: m.by_pips.iter().map(Acc::summary).collect(),
            by_checkers: m.by_checkers.iter().map(Acc::summary).collect(),
            histogram: Histogram {
                lo: HISTOGRAM_LO,
                width: HISTOGRAM_WIDTH,
                counts: m.bins,
                below: m.below,
                above: m.above,
            },
            out_of_range: m.out_of_range,
            worst: m
                .worst
                .items
                .iter()
                .map(|&(_, a, b, e)| WorstPair {
                    position_id: pair_position_id(points, a, b),
                    on_roll: a,
                    other: b,
                    pips: [pips[a as usize], pips[b as usize]],
                    checkers: [men[a as usize], men[b as usize]],
                    exact: db.win(a, b),
                    approximate: methods.chance(method, a, b),
                    error: e,
                })
                .collect(),
        })
        .collect()
}

/// Each play rule's losses from its sums (`pairs`: the number of pairs, for the loss a turn).
fn play_losses(sides: &Sides, pairs: u64, plays: [PlayAcc; 2]) -> Vec<PlayLosses> {
    let points = sides.points;
    let names: Vec<String> = rolls()
        .iter()
        .map(|d| format!("{}{}", d.high(), d.low()))
        .collect();
    [PlayRule::OneSided, PlayRule::Heuristic]
        .into_iter()
        .zip(plays)
        .map(|(rule, p)| PlayLosses {
            rule,
            decisions: p.decisions,
            wrong: p.wrong,
            mean_loss: 100.0 * p.loss / p.decisions.max(1) as f64,
            mean_loss_when_wrong: 100.0 * p.loss / p.wrong.max(1) as f64,
            loss_per_turn: 100.0 * p.turn_loss / pairs.max(1) as f64,
            largest: p
                .worst
                .items
                .first()
                .map(|&(loss, a, b, (roll, chosen, best, cc, cb))| WorstPlay {
                    position_id: pair_position_id(points, a, b),
                    dice: names[roll].clone(),
                    chosen: counts_vec(points, chosen),
                    best: counts_vec(points, best),
                    chance_chosen: cc,
                    chance_best: cb,
                    loss: 100.0 * loss,
                }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::one_sided::build::build;
    use crate::bearoff::one_sided::chances;
    use crate::bearoff::two_sided::{Kind, TwoSidedDb};
    use crate::core::formats::read_position;
    use crate::studies::one_sided_vs_exact::best_play::best_play;
    use crate::studies::one_sided_vs_exact::exact::Exact;
    use crate::studies::race::analysis;

    /// Every pair of up to `checkers` checkers on `points` points, exact.
    fn exact_db(points: usize, checkers: usize) -> TwoSidedDb {
        TwoSidedDb::build(points, checkers, Kind::Exact, &Task::new()).unwrap()
    }

    #[test]
    fn figures_match_a_plain_loop() {
        let (points, checkers) = (6, 3);
        let table = exact_db(points, checkers);
        let one = build::<f64>(points, &Task::new()).unwrap();
        let map = error_map(&table, &one, 3, &Task::new()).unwrap();
        let n = table.positions();
        assert_eq!((map.positions, map.pairs), (84, 83 * 83));
        // The one-sided method by a plain loop over the pairs.
        let (mut sum, mut sumsq, mut largest, mut at) = (0.0, 0.0, 0f64, (0, 0));
        let mut at_pips = vec![0u64; 2 * points * checkers + 1];
        for a in 1..n {
            for b in 1..n {
                let w = chances::win(&one.dist_f64(a), &one.dist_f64(b));
                let e = 100.0 * (w - table.win(a, b));
                sum += e;
                sumsq += e * e;
                if e.abs() > largest.abs() {
                    (largest, at) = (e, (a, b));
                }
                let pips = |i| index::pips(&index::counts(i, points), points) as usize;
                at_pips[pips(a) + pips(b)] += 1;
            }
        }
        let pairs = map.pairs as f64;
        let m = &map.methods[0];
        assert_eq!(m.method, Method::OneSided);
        assert!((m.overall.mean - sum / pairs).abs() < 1e-12);
        assert!((m.overall.rms - (sumsq / pairs).sqrt()).abs() < 1e-12);
        assert_eq!(m.overall.largest, largest);
        assert!(
            largest.abs() > 0.1,
            "the one-sided method is not exact: {largest}"
        );
        assert_eq!((m.worst[0].on_roll, m.worst[0].other), at);
        assert_eq!(m.worst[0].error, largest);
        assert_eq!(m.worst.len(), 3);
        assert!(
            m.worst
                .windows(2)
                .all(|w| w[0].error.abs() >= w[1].error.abs())
        );
        let counted: Vec<u64> = m.by_pips.iter().map(|s| s.pairs).collect();
        assert_eq!(counted, at_pips);
        let methods = Methods::new(&one, n);
        for m in &map.methods {
            assert_eq!(m.histogram.total(), map.pairs);
            assert_eq!(
                m.by_checkers.iter().map(|s| s.pairs).sum::<u64>(),
                map.pairs
            );
            match bin(m.overall.largest) {
                Ok(k) => assert!(m.histogram.counts[k] > 0),
                Err(false) => assert!(m.histogram.below > 0),
                Err(true) => assert!(m.histogram.above > 0),
            }
            // Beyond the histogram and out of range, by a plain loop.
            let (mut beyond, mut outside) = (0, 0);
            for a in 1..n {
                for b in 1..n {
                    let x = methods.chance(m.method, a, b);
                    let e = 100.0 * (x - table.win(a, b));
                    beyond += u64::from(!(HISTOGRAM_LO..-HISTOGRAM_LO).contains(&e));
                    // A chance give or take rounding (sums of exact chances reach 1 + 2e-16).
                    outside += u64::from(!(-1e-9..=1.0 + 1e-9).contains(&x));
                }
            }
            assert_eq!(m.histogram.beyond(), beyond, "{:?}", m.method);
            assert_eq!(m.out_of_range, outside, "{:?}", m.method);
        }
        // The seed's densities leave their range on narrow races (one checker a side on the
        // 4-point: "286 %"), and only they do.
        let normal = &map.methods[1];
        assert_eq!(normal.method, Method::NormalDensity);
        assert!(normal.out_of_range > 0 && normal.histogram.above > 0);
        assert!(normal.overall.largest > 100.0, "{}", normal.overall.largest);
        assert_eq!(map.methods[0].out_of_range, 0);
        // The worst pair's ID reads back as the same race.
        let pos = read_position(&m.worst[0].position_id).unwrap();
        let [opp, me] = pos.sides();
        let back = |s: &SideCheckers| index::index(&analysis::counts_of(s, points), points);
        assert_eq!((back(&me), back(&opp)), at);
    }

    #[test]
    fn play_losses_match_best_play_pair_by_pair() {
        let (points, checkers) = (5, 3);
        let table = exact_db(points, checkers);
        let one = build::<f64>(points, &Task::new()).unwrap();
        let map = error_map(&table, &one, 0, &Task::new()).unwrap();
        let n = table.positions();
        let (mut decisions, mut wrong, mut loss, mut largest) =
            ([0u64; 2], [0u64; 2], [0.0; 2], [0f64; 2]);
        for a in 1..n {
            for b in 1..n {
                let side = |i: u32| {
                    let c = index::counts(i, points);
                    let mut s: SideCheckers = [0; 25];
                    s[..points].copy_from_slice(&c[1..=points]);
                    s
                };
                let pos = Position::from_sides(Side::White, &side(a), &side(b)).unwrap();
                for dice in Dice::all() {
                    let bp = best_play(&pos, dice, &one, &mut Exact::Table(&table)).unwrap();
                    if bp.plays.len() < 2 {
                        continue;
                    }
                    for (k, pick) in [bp.one_sided, bp.heuristic].into_iter().enumerate() {
                        decisions[k] += 1;
                        let l = bp.loss(pick);
                        if l > LOSS_TOLERANCE {
                            wrong[k] += 1;
                            loss[k] += l;
                            largest[k] = largest[k].max(l);
                        }
                    }
                }
            }
        }
        for k in 0..2 {
            let p = &map.plays[k];
            assert_eq!(p.decisions, decisions[k]);
            assert_eq!(p.wrong, wrong[k]);
            assert!(wrong[k] > 0);
            assert!((p.mean_loss - 100.0 * loss[k] / decisions[k] as f64).abs() < 1e-12);
            let worst = p.largest.as_ref().unwrap();
            assert!((worst.loss - 100.0 * largest[k]).abs() < 1e-12);
            assert!((worst.chance_best - worst.chance_chosen - largest[k]).abs() < 1e-12);
        }
        assert_eq!(map.plays[0].rule, PlayRule::OneSided);
    }

    #[test]
    fn refuses_other_points_and_stops_when_asked() {
        let table = exact_db(3, 2);
        let four = build::<f64>(4, &Task::new()).unwrap();
        let e = error_map(&table, &four, 1, &Task::new());
        assert_eq!(
            e.unwrap_err(),
            ErrorMapError::Points {
                one_sided: 4,
                two_sided: 3
            }
        );
        let three = build::<f64>(3, &Task::new()).unwrap();
        let cancelled = Task::new();
        cancelled.cancel();
        let e = error_map(&table, &three, 1, &cancelled);
        assert_eq!(e.unwrap_err(), ErrorMapError::Cancelled);
        let task = Task::new();
        let last = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let seen = std::sync::Arc::clone(&last);
        task.observe(move |t| {
            let p = t.snapshot();
            assert_eq!(p.total, Some(2 * 9));
            seen.fetch_max(p.done, std::sync::atomic::Ordering::Relaxed);
        });
        error_map(&table, &three, 1, &task).unwrap();
        assert_eq!(last.load(std::sync::atomic::Ordering::Relaxed), 18);
    }
}
