//! The cube errors: over every pair of a cubeful two-sided database (both sides with checkers
//! left), how often each race formula and the one-sided database's rule get the money cube
//! wrong against the pair's exact verdict ([`exact_cube_verdict`]), and what it costs.
//!
//! Three decisions a pair: the side on roll's initial double (cube centred), its redouble (it
//! owns the cube), and the other side's take. A decision is wrong when the rule's answer costs
//! equity: the doubler's cost is the right action's equity less that of the rule's (the other
//! side answering right), the taker's the equity its answer gives up ([`CubeDecision`]). Costs
//! are in units of the stake before the double. Rows of the side on roll run in parallel
//! (rayon); the task counts the rows.

use super::errors::{Top, pair_position_id};
use super::methods::{Method, Methods};
use crate::bearoff::one_sided::database::Database;
use crate::bearoff::one_sided::index;
use crate::bearoff::two_sided::{CubefulEquities, Kind, TwoSidedChances, TwoSidedDb};
use crate::core::position::SideCheckers;
use crate::core::task::Task;
use crate::studies::race::cube::{CubeAction, CubeAdvice, CubeDecision, CubeDecisions};
use crate::studies::race::exact_verdict::exact_cube_verdict;
use crate::studies::race::formulas::{Formula, RaceSide};
use crate::studies::race::janowski::one_sided_cube;
use rayon::prelude::*;
use std::fmt;

/// A rule whose cube verdicts the study measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeRule {
    /// A race formula.
    Formula(Formula),
    /// The one-sided database's chance under gnubg's 0-ply rule ([`one_sided_cube`]).
    OneSided,
}

impl CubeRule {
    /// The five formulas, then the one-sided database.
    pub const ALL: [CubeRule; 6] = [
        CubeRule::Formula(Formula::Keith),
        CubeRule::Formula(Formula::Thorp),
        CubeRule::Formula(Formula::Kleinman),
        CubeRule::Formula(Formula::EightNineTwelve),
        CubeRule::Formula(Formula::Isight),
        CubeRule::OneSided,
    ];

    /// The rule's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            CubeRule::Formula(f) => f.name(),
            CubeRule::OneSided => "one-sided",
        }
    }
}

/// One of the three cube decisions of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeChoice {
    /// The side on roll doubles, the cube centred.
    InitialDouble,
    /// The side on roll redoubles, owning the cube.
    Redouble,
    /// The other side takes.
    Take,
}

impl CubeChoice {
    /// The three, in the order of [`Decisions`]'s fields.
    pub const ALL: [CubeChoice; 3] = [
        CubeChoice::InitialDouble,
        CubeChoice::Redouble,
        CubeChoice::Take,
    ];

    /// The decision's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            CubeChoice::InitialDouble => "initial double",
            CubeChoice::Redouble => "redouble",
            CubeChoice::Take => "take",
        }
    }

    /// The answer `advice` gives to this decision.
    pub fn of(self, advice: &CubeAdvice) -> bool {
        match self {
            CubeChoice::InitialDouble => advice.double,
            CubeChoice::Redouble => advice.redouble,
            CubeChoice::Take => advice.take,
        }
    }

    /// The cube state this decision is taken in (the take: the centred one; an owned cube
    /// gives the taker the same double/take and double/pass).
    fn state(self, d: &CubeDecisions) -> &CubeDecision {
        match self {
            CubeChoice::Redouble => &d.owned,
            _ => &d.centred,
        }
    }

    /// What answering `yes` costs in `d`.
    pub fn cost(self, d: &CubeDecisions, yes: bool) -> f64 {
        match self {
            CubeChoice::Take => d.centred.take_cost(yes),
            _ => self.state(d).double_cost(yes),
        }
    }
}

/// Why there is no cube study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubeErrorsError {
    /// The database holds no cubeful equities.
    NotCubeful(Kind),
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

impl fmt::Display for CubeErrorsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CubeErrorsError::NotCubeful(kind) => write!(
                f,
                "the cube errors need a cubeful two-sided database, and this one is {} \
                 (build one without --cubeless)",
                kind.name()
            ),
            CubeErrorsError::Points {
                one_sided,
                two_sided,
            } => write!(
                f,
                "the one-sided database spans {one_sided} points, the two-sided one {two_sided}"
            ),
            CubeErrorsError::Cancelled => f.write_str("the cube errors were cancelled"),
        }
    }
}

impl std::error::Error for CubeErrorsError {}

/// How often a rule answers one decision wrong, and what that costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct DecisionErrors {
    /// Decisions counted (pairs).
    pub decisions: u64,
    /// Wrong answers in all.
    pub wrong: u64,
    /// Wrong "yes": doubled (took) where no double (a pass) was right.
    pub wrong_yes: u64,
    /// Wrong "no": did not double (passed) where a double (a take) was right.
    pub wrong_no: u64,
    /// Mean cost over the wrong answers.
    pub mean_cost_when_wrong: f64,
    /// Mean cost over every decision.
    pub cost_per_decision: f64,
    /// The largest cost.
    pub largest: f64,
}

impl DecisionErrors {
    /// Wrong answers as a share of the decisions, in per cent.
    pub fn wrong_percent(&self) -> f64 {
        100.0 * self.wrong as f64 / self.decisions.max(1) as f64
    }

    /// The errors of several sets of pairs as one (a band of pip counts, say): counts added,
    /// the mean costs weighted by the decisions and the wrong answers, the largest kept.
    pub fn merged<'a>(parts: impl IntoIterator<Item = &'a DecisionErrors>) -> DecisionErrors {
        let mut sum = DecisionErrors::default();
        let mut cost = 0.0;
        for e in parts {
            sum.decisions += e.decisions;
            sum.wrong += e.wrong;
            sum.wrong_yes += e.wrong_yes;
            sum.wrong_no += e.wrong_no;
            cost += e.cost_per_decision * e.decisions as f64;
            sum.largest = sum.largest.max(e.largest);
        }
        sum.cost_per_decision = cost / sum.decisions.max(1) as f64;
        sum.mean_cost_when_wrong = cost / sum.wrong.max(1) as f64;
        sum
    }
}

/// One of the four decisions the study reports: its names and how it is read out of a
/// [`Decisions`] (the command line's report and the workbench's tables show the same four, in
/// the order of [`REPORTED`]).
#[derive(Clone, Copy, Debug)]
pub struct ReportedDecision {
    /// A short name for a column ("initial double").
    pub name: &'static str,
    /// A title for a report's section ("Initial double (cube centred)").
    pub title: &'static str,
    /// What it is, in a sentence (a column's tooltip).
    pub description: &'static str,
    /// The answer "yes" in words ("doubled", "took").
    pub yes: &'static str,
    /// The answer "no" in words ("held", "passed").
    pub no: &'static str,
    /// Its errors in a [`Decisions`].
    pub pick: fn(&Decisions) -> &DecisionErrors,
}

/// The four decisions reported, in order: the initial double, the redouble, the take in every
/// pair, the take where the exact verdict doubles.
pub const REPORTED: [ReportedDecision; 4] = [
    ReportedDecision {
        name: "initial double",
        title: "Initial double (cube centred)",
        description: "The side on roll doubles, the cube centred",
        yes: "doubled",
        no: "held",
        pick: |d| &d.initial_double,
    },
    ReportedDecision {
        name: "redouble",
        title: "Redouble (the side on roll owns the cube)",
        description: "The side on roll redoubles, owning the cube",
        yes: "doubled",
        no: "held",
        pick: |d| &d.redouble,
    },
    ReportedDecision {
        name: "take (every pair)",
        title: "Take (the other side, doubled in every pair)",
        description: "The other side's take, a double offered in every pair",
        yes: "took",
        no: "passed",
        pick: |d| &d.take,
    },
    ReportedDecision {
        name: "take (right doubles)",
        title: "Take where the exact verdict doubles (cube centred)",
        description: "The other side's take, over the pairs where the exact verdict doubles",
        yes: "took",
        no: "passed",
        pick: |d| &d.take_of_right_doubles,
    },
];

/// Rows of `width` consecutive entries of `rows` (by pips, by checkers) merged into bands,
/// each with its first entry's number; bands without pairs left out.
pub fn bands(
    rows: &[Decisions],
    width: usize,
    pick: fn(&Decisions) -> &DecisionErrors,
) -> Vec<(usize, DecisionErrors)> {
    rows.chunks(width.max(1))
        .enumerate()
        .map(|(i, chunk)| (i * width, DecisionErrors::merged(chunk.iter().map(pick))))
        .filter(|(_, sum)| sum.decisions > 0)
        .collect()
}

/// A rule's errors on the three decisions of a set of pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Decisions {
    /// The side on roll's double, the cube centred.
    pub initial_double: DecisionErrors,
    /// The side on roll's redouble, owning the cube.
    pub redouble: DecisionErrors,
    /// The other side's take, over every pair (a double offered wherever the rule is asked).
    pub take: DecisionErrors,
    /// The other side's take over the pairs where the exact verdict doubles (the cube
    /// centred): the takes a right double asks for, without the pairs where no one should
    /// double at all.
    pub take_of_right_doubles: DecisionErrors,
}

impl Decisions {
    /// The errors of one decision.
    pub fn of(&self, choice: CubeChoice) -> &DecisionErrors {
        match choice {
            CubeChoice::InitialDouble => &self.initial_double,
            CubeChoice::Redouble => &self.redouble,
            CubeChoice::Take => &self.take,
        }
    }
}

/// One rule's sums of one set of pairs: initial double, redouble, take, take where the exact
/// verdict doubles.
type Row = [Acc; 4];

/// A pair where a rule's answer costs much.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WorstCube {
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
    /// The decision the rule answered worst on this pair.
    pub decision: CubeChoice,
    /// The rule's answer (double / take).
    pub answer: bool,
    /// The exact equities of the decision's cube state, with the right action.
    pub exact: CubeDecision,
    /// What the rule's answer costs.
    pub cost: f64,
}

impl WorstCube {
    /// The rule's answer in words: "double", "no double", "take" or "pass".
    pub fn answer_name(&self) -> &'static str {
        match (self.decision, self.answer) {
            (CubeChoice::Take, true) => "take",
            (CubeChoice::Take, false) => "pass",
            (_, true) => "double",
            (_, false) => "no double",
        }
    }
}

/// One rule's errors.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RuleErrors {
    /// The rule.
    pub rule: CubeRule,
    /// Over every pair.
    pub overall: Decisions,
    /// By the pip count of the side on roll (index = pips).
    pub by_pips: Vec<Decisions>,
    /// By the checkers of both sides together (index = checkers).
    pub by_checkers: Vec<Decisions>,
    /// The pairs of largest cost, largest first, each with its costliest wrong answer; a
    /// take counts here only where the exact verdict doubles (the takes a player is asked
    /// for), so that pairs no one would double do not fill the list.
    pub worst: Vec<WorstCube>,
}

/// How many pairs call for each action, in one cube state.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct ActionCounts {
    /// No double (a double would be taken).
    pub no_double: u64,
    /// Double, take.
    pub double_take: u64,
    /// Double, pass.
    pub double_pass: u64,
    /// Too good to double.
    pub too_good: u64,
}

impl ActionCounts {
    fn add(&mut self, action: CubeAction) {
        *match action {
            CubeAction::NoDouble => &mut self.no_double,
            CubeAction::DoubleTake => &mut self.double_take,
            CubeAction::DoublePass => &mut self.double_pass,
            CubeAction::TooGood => &mut self.too_good,
        } += 1;
    }

    fn merge(&mut self, o: &ActionCounts) {
        self.no_double += o.no_double;
        self.double_take += o.double_take;
        self.double_pass += o.double_pass;
        self.too_good += o.too_good;
    }
}

/// The whole study of one cubeful database.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CubeErrors {
    /// Points of the database.
    pub points: usize,
    /// Most checkers a side.
    pub checkers: usize,
    /// Positions a side can be in.
    pub positions: u32,
    /// Pairs measured (both sides with a checker left).
    pub pairs: u64,
    /// The exact actions, the cube centred.
    pub exact_centred: ActionCounts,
    /// The exact actions, the side on roll owning the cube.
    pub exact_owned: ActionCounts,
    /// Each rule's errors, in the order of [`CubeRule::ALL`].
    pub rules: Vec<RuleErrors>,
}

/// Running sums of one decision's wrong answers (the decisions are counted per set of pairs).
#[derive(Clone, Copy, Default)]
struct Acc {
    wrong_yes: u64,
    wrong_no: u64,
    cost: f64,
    largest: f64,
}

impl Acc {
    #[inline(always)]
    fn add(&mut self, yes: bool, cost: f64) {
        if yes {
            self.wrong_yes += 1;
        } else {
            self.wrong_no += 1;
        }
        self.cost += cost;
        self.largest = self.largest.max(cost);
    }

    fn merge(&mut self, o: &Acc) {
        self.wrong_yes += o.wrong_yes;
        self.wrong_no += o.wrong_no;
        self.cost += o.cost;
        self.largest = self.largest.max(o.largest);
    }

    fn errors(&self, decisions: u64) -> DecisionErrors {
        let wrong = self.wrong_yes + self.wrong_no;
        DecisionErrors {
            decisions,
            wrong,
            wrong_yes: self.wrong_yes,
            wrong_no: self.wrong_no,
            mean_cost_when_wrong: self.cost / wrong.max(1) as f64,
            cost_per_decision: self.cost / decisions.max(1) as f64,
            largest: self.largest,
        }
    }
}

/// One rule's sums: the three decisions over all pairs, by pips and by checkers.
#[derive(Clone)]
struct RuleAcc {
    overall: Row,
    by_pips: Vec<Row>,
    by_checkers: Vec<Row>,
    /// Key: the cost; kept: the decision, the rule's answer, the exact equities of its state.
    worst: Top<(CubeChoice, bool, CubeDecision)>,
}

impl RuleAcc {
    fn new(pips: usize, checkers: usize, worst: usize) -> RuleAcc {
        RuleAcc {
            overall: Default::default(),
            by_pips: vec![Default::default(); pips + 1],
            by_checkers: vec![Default::default(); checkers + 1],
            worst: Top::new(worst),
        }
    }

    fn merge(mut self, o: RuleAcc) -> RuleAcc {
        let rows = |x: &mut [Row], y: &[Row]| {
            for (a, b) in x.iter_mut().zip(y) {
                for k in 0..a.len() {
                    a[k].merge(&b[k]);
                }
            }
        };
        rows(std::slice::from_mut(&mut self.overall), &[o.overall]);
        rows(&mut self.by_pips, &o.by_pips);
        rows(&mut self.by_checkers, &o.by_checkers);
        self.worst.merge(o.worst);
        self
    }
}

/// Everything a thread sums: each rule's errors, the pairs by pips and by checkers (all of
/// them, and those where the exact verdict doubles, the cube centred), the exact actions.
#[derive(Clone)]
struct Sums {
    rules: Vec<RuleAcc>,
    pairs_by_pips: Vec<[u64; 2]>,
    pairs_by_checkers: Vec<[u64; 2]>,
    exact: [ActionCounts; 2],
}

impl Sums {
    fn merge(mut self, o: Sums) -> Sums {
        self.rules = self
            .rules
            .into_iter()
            .zip(o.rules)
            .map(|(x, y)| x.merge(y))
            .collect();
        for (x, y) in self.pairs_by_pips.iter_mut().zip(&o.pairs_by_pips) {
            x[0] += y[0];
            x[1] += y[1];
        }
        for (x, y) in self.pairs_by_checkers.iter_mut().zip(&o.pairs_by_checkers) {
            x[0] += y[0];
            x[1] += y[1];
        }
        self.exact[0].merge(&o.exact[0]);
        self.exact[1].merge(&o.exact[1]);
        self
    }
}

/// What the study knows of each position: its pips, checkers and the formulas' figures.
struct Sides {
    pips: Vec<u32>,
    men: Vec<u32>,
    race: Vec<RaceSide>,
}

impl Sides {
    fn new(points: usize, n: u32) -> Sides {
        let counts: Vec<_> = (0..n).map(|i| index::counts(i, points)).collect();
        let side = |c: &index::Counts| {
            let mut s: SideCheckers = [0; 25];
            s[..points].copy_from_slice(&c[1..=points]);
            RaceSide::new(&s)
        };
        Sides {
            pips: counts.iter().map(|c| index::pips(c, points)).collect(),
            men: counts.iter().map(|c| index::checkers(c, points)).collect(),
            race: counts.iter().map(side).collect(),
        }
    }
}

/// Every rule's answers for the pair (`a` on roll, `b`), in the order of [`CubeRule::ALL`].
#[inline]
fn answers(sides: &Sides, methods: &Methods, a: u32, b: u32) -> [CubeAdvice; 6] {
    let (me, opp) = (&sides.race[a as usize], &sides.race[b as usize]);
    let formula = |f: Formula| f.read(me, opp).advice;
    let p = methods.chance(Method::OneSided, a, b);
    [
        formula(Formula::Keith),
        formula(Formula::Thorp),
        formula(Formula::Kleinman),
        formula(Formula::EightNineTwelve),
        formula(Formula::Isight),
        one_sided_cube(p).advice(),
    ]
}

/// Adds one pair to a thread's sums.
#[inline]
fn add_pair(
    sums: &mut Sums,
    sides: &Sides,
    methods: &Methods,
    exact: &CubeDecisions,
    a: u32,
    b: u32,
) {
    let (p, c) = (
        sides.pips[a as usize] as usize,
        (sides.men[a as usize] + sides.men[b as usize]) as usize,
    );
    let right = exact.advice();
    let doubles = usize::from(right.double);
    sums.pairs_by_pips[p][0] += 1;
    sums.pairs_by_pips[p][1] += doubles as u64;
    sums.pairs_by_checkers[c][0] += 1;
    sums.pairs_by_checkers[c][1] += doubles as u64;
    sums.exact[0].add(exact.centred.action());
    sums.exact[1].add(exact.owned.action());
    for (acc, advice) in sums.rules.iter_mut().zip(answers(sides, methods, a, b)) {
        let mut worst: Option<(f64, CubeChoice, bool)> = None;
        for (k, choice) in CubeChoice::ALL.into_iter().enumerate() {
            let yes = choice.of(&advice);
            if yes == choice.of(&right) {
                continue;
            }
            let cost = choice.cost(exact, yes);
            if cost <= 0.0 {
                continue;
            }
            // The take counts again among the right doubles.
            let slots = if k == 2 && right.double {
                2..4
            } else {
                k..k + 1
            };
            for slot in slots {
                acc.overall[slot].add(yes, cost);
                acc.by_pips[p][slot].add(yes, cost);
                acc.by_checkers[c][slot].add(yes, cost);
            }
            // The worst pairs are those a player meets: a take only where a double is right.
            let met = choice != CubeChoice::Take || right.double;
            if met && acc.worst.wants(cost) && worst.is_none_or(|w| cost > w.0) {
                worst = Some((cost, choice, yes));
            }
        }
        if let Some((cost, choice, yes)) = worst {
            acc.worst
                .push(cost, a, b, (choice, yes, *choice.state(exact)));
        }
    }
}

/// Measures every pair of the cubeful `db` (both sides with checkers left): each rule of
/// [`CubeRule::ALL`] against the pair's exact verdict, the one-sided rule reading `one_sided`
/// (an exact one-sided database on the same points); keeps each rule's `worst` pairs. `task`
/// counts the rows of the side on roll; cancelling it ends the work with
/// [`CubeErrorsError::Cancelled`].
pub fn cube_errors(
    db: &TwoSidedDb,
    one_sided: &Database<f64>,
    worst: usize,
    task: &Task,
) -> Result<CubeErrors, CubeErrorsError> {
    if db.kind() != Kind::Cubeful {
        return Err(CubeErrorsError::NotCubeful(db.kind()));
    }
    let (points, checkers) = (db.points(), db.checkers());
    if one_sided.points() != points {
        return Err(CubeErrorsError::Points {
            one_sided: one_sided.points(),
            two_sided: points,
        });
    }
    let n = db.positions();
    let sides = Sides::new(points, n);
    let methods = Methods::new(one_sided, n);
    task.set(0, n.saturating_sub(1) as u64);
    let fresh = || Sums {
        rules: (0..CubeRule::ALL.len())
            .map(|_| RuleAcc::new(points * checkers, 2 * checkers, worst))
            .collect(),
        pairs_by_pips: vec![[0; 2]; points * checkers + 1],
        pairs_by_checkers: vec![[0; 2]; 2 * checkers + 1],
        exact: Default::default(),
    };
    let sums = (1..n)
        .into_par_iter()
        .fold(fresh, |mut sums, a| {
            if task.is_cancelled() {
                return sums;
            }
            for b in 1..n {
                let words = db.cubeful_words(a, b).unwrap_or_default();
                let exact = exact_cube_verdict(&CubefulEquities::from_words(words));
                add_pair(&mut sums, &sides, &methods, &exact, a, b);
            }
            task.advance(1);
            sums
        })
        .reduce(fresh, Sums::merge);
    if task.is_cancelled() {
        return Err(CubeErrorsError::Cancelled);
    }
    Ok(report(db, &sides, sums))
}

/// The study from its sums.
fn report(db: &TwoSidedDb, sides: &Sides, sums: Sums) -> CubeErrors {
    let points = db.points();
    let n = db.positions();
    let decisions = |acc: &Row, [pairs, doubles]: [u64; 2]| Decisions {
        initial_double: acc[0].errors(pairs),
        redouble: acc[1].errors(pairs),
        take: acc[2].errors(pairs),
        take_of_right_doubles: acc[3].errors(doubles),
    };
    let doubles = sums.exact[0].double_take + sums.exact[0].double_pass;
    let pairs = (n as u64).saturating_sub(1).pow(2);
    let worst_pair = |&(cost, a, b, (decision, answer, exact)): &(
        f64,
        u32,
        u32,
        (CubeChoice, bool, CubeDecision),
    )| {
        WorstCube {
            position_id: pair_position_id(points, a, b),
            on_roll: a,
            other: b,
            pips: [sides.pips[a as usize], sides.pips[b as usize]],
            checkers: [sides.men[a as usize], sides.men[b as usize]],
            decision,
            answer,
            exact,
            cost,
        }
    };
    let rules = CubeRule::ALL
        .iter()
        .zip(&sums.rules)
        .map(|(&rule, acc)| RuleErrors {
            rule,
            overall: decisions(&acc.overall, [pairs, doubles]),
            by_pips: acc
                .by_pips
                .iter()
                .zip(&sums.pairs_by_pips)
                .map(|(a, &p)| decisions(a, p))
                .collect(),
            by_checkers: acc
                .by_checkers
                .iter()
                .zip(&sums.pairs_by_checkers)
                .map(|(a, &p)| decisions(a, p))
                .collect(),
            worst: acc.worst.items.iter().map(worst_pair).collect(),
        })
        .collect();
    CubeErrors {
        points,
        checkers: db.checkers(),
        positions: n,
        pairs,
        exact_centred: sums.exact[0],
        exact_owned: sums.exact[1],
        rules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_merge_counts_and_costs() {
        let e = |decisions, wrong, cost: f64, largest| DecisionErrors {
            decisions,
            wrong,
            wrong_yes: wrong,
            wrong_no: 0,
            mean_cost_when_wrong: cost / wrong.max(1) as f64,
            cost_per_decision: cost / decisions.max(1) as f64,
            largest,
        };
        let row = |x| Decisions {
            initial_double: x,
            ..Decisions::default()
        };
        let rows = [
            row(e(10, 2, 0.4, 0.3)),
            row(e(30, 1, 0.2, 0.2)),
            row(e(0, 0, 0.0, 0.0)),
        ];
        let b = bands(&rows, 2, |d| &d.initial_double);
        assert_eq!(b.len(), 1, "the empty band is left out");
        let (start, s) = b[0];
        assert_eq!((start, s.decisions, s.wrong), (0, 40, 3));
        assert!((s.cost_per_decision - 0.6 / 40.0).abs() < 1e-15);
        assert!((s.mean_cost_when_wrong - 0.2).abs() < 1e-15);
        assert_eq!(s.largest, 0.3);
    }
    use crate::bearoff::one_sided::build::build;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn the_task_counts_the_rows_of_the_side_on_roll() {
        let db = TwoSidedDb::build(3, 3, Kind::Cubeful, &Task::new()).unwrap();
        let one = build::<f64>(3, &Task::new()).unwrap();
        let task = Task::new();
        let last = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&last);
        task.observe(move |t| {
            let p = t.snapshot();
            assert_eq!(p.total, Some(19));
            seen.fetch_max(p.done, Ordering::Relaxed);
        });
        let study = cube_errors(&db, &one, 2, &task).unwrap();
        assert_eq!(last.load(Ordering::Relaxed), 19);
        assert_eq!((study.positions, study.pairs), (20, 19 * 19));
        // The worst pairs, largest first, each a Position ID of the pair.
        for r in &study.rules {
            assert!(r.worst.len() <= 2);
            assert!(r.worst.windows(2).all(|w| w[0].cost >= w[1].cost));
            for w in &r.worst {
                assert_eq!(w.position_id, pair_position_id(3, w.on_roll, w.other));
            }
        }
    }
}
