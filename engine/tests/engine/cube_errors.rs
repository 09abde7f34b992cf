//! The cube errors study against a plain reference written here: the exact decisions from the
//! equities the database stores (read through its API), the race formulas re-implemented from
//! their published definitions, the one-sided chance from both distributions, and the counts
//! and costs by a plain loop over the pairs.
use bgw_engine::bearoff::one_sided::{self, Database};
use bgw_engine::bearoff::two_sided::{Kind, TwoSidedChances, TwoSidedDb};
use bgw_engine::core::position::SideCheckers;
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::{
    self, CubeErrors, CubeErrorsError, CubeRule, DecisionErrors, cube_errors,
};
use bgw_engine::studies::race::{self, one_sided_cube, race_counts};

fn cubeful(points: usize, checkers: usize) -> TwoSidedDb {
    TwoSidedDb::build(points, checkers, Kind::Cubeful, &Task::new()).unwrap()
}

fn one_sided(points: usize) -> Database<f64> {
    one_sided::build::<f64>(points, &Task::new()).unwrap()
}

/// Position `i`'s checkers on points 1, 2, … (index `p − 1`).
fn side(i: u32, points: usize) -> SideCheckers {
    let c = one_sided::counts(i, points);
    let mut s: SideCheckers = [0; 25];
    s[..points].copy_from_slice(&c[1..=points]);
    s
}

fn pips(s: &SideCheckers) -> f64 {
    s.iter()
        .enumerate()
        .map(|(i, &n)| (i + 1) as f64 * n as f64)
        .sum()
}

fn men(s: &SideCheckers) -> f64 {
    s.iter().map(|&n| n as f64).sum()
}

/// Checkers on point `p` beyond `k`.
fn over(s: &SideCheckers, p: usize, k: u8) -> f64 {
    s[p - 1].saturating_sub(k) as f64
}

/// The formulas from their published definitions (sources in `race.rs`), home boards only:
/// (double, redouble, take).
fn published(me: &SideCheckers, opp: &SideCheckers) -> [[bool; 3]; 5] {
    let gaps = |s: &SideCheckers, o: &SideCheckers| {
        (4..=6).filter(|&p| s[p - 1] == 0 && o[p - 1] > 0).count() as f64
    };
    // Keith: pips + 2 per checker beyond 1 on the ace, 1 per checker beyond 1 on the 2 point
    // and beyond 3 on the 3 point, 1 per empty 4, 5, 6 point; the roller adds a seventh.
    let keith = |s: &SideCheckers| {
        pips(s)
            + 2.0 * over(s, 1, 1)
            + over(s, 2, 1)
            + over(s, 3, 3)
            + (4..=6).filter(|&p| s[p - 1] == 0).count() as f64
    };
    let k = keith(me) + (keith(me) / 7.0).floor() - keith(opp);
    // Thorp: pips + 2 a checker + 1 a checker on the ace − 1 an occupied home point; the
    // roller adds 10 % above 30.
    let thorp = |s: &SideCheckers| {
        pips(s) + 2.0 * men(s) + s[0] as f64 - (1..=6).filter(|&p| s[p - 1] > 0).count() as f64
    };
    let l = if thorp(me) > 30.0 {
        1.1 * thorp(me)
    } else {
        thorp(me)
    };
    let t = thorp(opp);
    // Kleinman: K = (D + 4)² / (S − 4), D the roller's lead in pips, S the sum.
    let d = pips(opp) - pips(me) + 4.0;
    let kl = d * d / (pips(me) + pips(opp) - 4.0);
    let kl = if pips(me) + pips(opp) - 4.0 > 0.0 {
        kl
    } else {
        f64::INFINITY
    };
    // 8-9-12: the lead as a percentage of the roller's count.
    let lead = 100.0 * (pips(opp) - pips(me)) / pips(me);
    // Isight: pips + checkers more than the other + 2 a checker beyond 2 on the ace + 1 beyond
    // 2 on the 2 point + 1 beyond 3 on the 3 point + the gaps facing the other's points.
    let isight = |s: &SideCheckers, o: &SideCheckers| {
        pips(s)
            + (men(s) - men(o)).max(0.0)
            + 2.0 * over(s, 1, 2)
            + over(s, 2, 2)
            + over(s, 3, 3)
            + gaps(s, o)
    };
    let (li, ti) = (isight(me, opp), isight(opp, me));
    let p = 80.0 - li / 3.0 + 2.0 * (ti - li);
    [
        [k <= 4.0, k <= 3.0, k >= 2.0],
        [l - t <= 2.0, l - t <= 1.0, t - l <= 2.0],
        [
            d >= 0.0 && kl >= 0.5,
            d >= 0.0 && kl >= 0.7,
            d < 0.0 || kl <= 1.2,
        ],
        [lead >= 8.0, lead >= 9.0, lead <= 12.0],
        [p >= 68.0, p >= 70.0, p <= 76.0],
    ]
}

/// Plain sums of one decision.
#[derive(Clone, Copy, Default, Debug)]
struct Plain {
    decisions: u64,
    wrong_yes: u64,
    wrong_no: u64,
    cost: f64,
    largest: f64,
}

impl Plain {
    fn add(&mut self, yes: bool, right: bool, cost: f64) {
        self.decisions += 1;
        if yes != right && cost > 0.0 {
            if yes {
                self.wrong_yes += 1;
            } else {
                self.wrong_no += 1;
            }
            self.cost += cost;
            self.largest = self.largest.max(cost);
        }
    }

    fn check(&self, e: &DecisionErrors, what: &str) {
        assert_eq!(e.decisions, self.decisions, "{what}");
        assert_eq!(
            (e.wrong_yes, e.wrong_no),
            (self.wrong_yes, self.wrong_no),
            "{what}"
        );
        assert_eq!(e.wrong, self.wrong_yes + self.wrong_no, "{what}");
        let n = self.decisions.max(1) as f64;
        assert!(
            (e.cost_per_decision - self.cost / n).abs() < 1e-12,
            "{what}"
        );
        assert_eq!(e.largest, self.largest, "{what}");
    }
}

/// The study's figures for every rule by a plain loop: [rule][initial double, redouble, take,
/// take where the exact verdict doubles], the same by the roller's pips, and each rule's
/// costliest pair.
struct Reference {
    overall: Vec<[Plain; 4]>,
    by_pips: Vec<Vec<[Plain; 4]>>,
    costliest: Vec<(f64, u32, u32)>,
}

fn reference(db: &TwoSidedDb, one: &Database<f64>) -> Reference {
    let (points, n) = (db.points(), db.positions());
    let rows = points * db.checkers() + 1;
    let mut r = Reference {
        overall: vec![[Plain::default(); 4]; 6],
        by_pips: vec![vec![[Plain::default(); 4]; rows]; 6],
        costliest: vec![(0.0, 0, 0); 6],
    };
    for a in 1..n {
        for b in 1..n {
            let (me, opp) = (side(a, points), side(b, points));
            let e = db.cubeful(a, b).unwrap();
            let dt = 2.0 * e.opponent_owns;
            // gnubg: double when double/take and +1 are both at least no double; pass when
            // double/take is at least +1.
            let right = [
                dt >= e.centred && 1.0 >= e.centred,
                dt >= e.owned && 1.0 >= e.owned,
                dt < 1.0,
            ];
            let double_cost =
                |nd: f64, yes: bool| nd.max(dt.min(1.0)) - if yes { dt.min(1.0) } else { nd };
            let take_cost = |yes: bool| if yes { dt } else { 1.0 } - dt.min(1.0);
            let p = one_sided::win(&one.dist_f64(a), &one.dist_f64(b));
            let mut answers: Vec<[bool; 3]> = race_counts(&me, &opp)
                .iter()
                .map(|c| [c.advice.double, c.advice.redouble, c.advice.take])
                .collect();
            let o = one_sided_cube(p).advice();
            answers.push([o.double, o.redouble, o.take]);
            let row = pips(&me) as usize;
            for (k, ans) in answers.iter().enumerate() {
                let costs = [
                    double_cost(e.centred, ans[0]),
                    double_cost(e.owned, ans[1]),
                    take_cost(ans[2]),
                ];
                for sums in [&mut r.overall[k], &mut r.by_pips[k][row]] {
                    for d in 0..3 {
                        sums[d].add(ans[d], right[d], costs[d]);
                    }
                    if right[0] {
                        sums[3].add(ans[2], right[2], costs[2]);
                    }
                }
                // A take counts among the worst only where the exact verdict doubles.
                let worst = (0..3)
                    .filter(|&d| ans[d] != right[d] && (d < 2 || right[0]))
                    .map(|d| costs[d])
                    .fold(0.0, f64::max);
                if worst > r.costliest[k].0 {
                    r.costliest[k] = (worst, a, b);
                }
            }
        }
    }
    r
}

fn check(study: &CubeErrors, r: &Reference) {
    for (k, rule) in study.rules.iter().enumerate() {
        assert_eq!(rule.rule, CubeRule::ALL[k]);
        let name = rule.rule.name();
        let o = &rule.overall;
        let parts = [
            &o.initial_double,
            &o.redouble,
            &o.take,
            &o.take_of_right_doubles,
        ];
        for (d, e) in parts.into_iter().enumerate() {
            r.overall[k][d].check(e, &format!("{name} {d}"));
        }
        for (row, plain) in r.by_pips[k].iter().enumerate() {
            let d = &rule.by_pips[row];
            plain[0].check(&d.initial_double, &format!("{name} {row} pips"));
            plain[2].check(&d.take, &format!("{name} {row} pips take"));
            plain[3].check(&d.take_of_right_doubles, &format!("{name} {row} pips"));
        }
        let (cost, a, b) = r.costliest[k];
        let first = rule.worst.first().expect("every rule errs somewhere");
        assert_eq!(
            (first.cost, first.on_roll, first.other),
            (cost, a, b),
            "{name}"
        );
    }
}

#[test]
fn figures_match_a_plain_loop_at_4x4_and_6x6() {
    for (points, checkers) in [(4, 4), (6, 6)] {
        let db = cubeful(points, checkers);
        let one = one_sided(points);
        let study = cube_errors(&db, &one, 5, &Task::new()).unwrap();
        let n = db.positions() as u64;
        assert_eq!(study.pairs, (n - 1) * (n - 1));
        let c = &study.exact_centred;
        assert_eq!(
            c.no_double + c.double_take + c.double_pass + c.too_good,
            study.pairs
        );
        assert_eq!(c.too_good, 0, "no gammons, never too good");
        check(&study, &reference(&db, &one));
        // Every rule errs, and the formulas more than the one-sided database.
        let wrong = |k: usize| study.rules[k].overall.initial_double.wrong;
        assert!(
            (0..5).all(|k| wrong(k) > wrong(5) && wrong(5) > 0),
            "{points}x{checkers}"
        );
    }
}

#[test]
fn the_formulas_are_their_published_definitions() {
    let points = 6;
    let n = bgw_engine::bearoff::two_sided::positions(points, 6);
    for a in (1..n).step_by(7) {
        for b in (1..n).step_by(5) {
            let (me, opp) = (side(a, points), side(b, points));
            let ours: Vec<[bool; 3]> = race_counts(&me, &opp)
                .iter()
                .map(|c| [c.advice.double, c.advice.redouble, c.advice.take])
                .collect();
            assert_eq!(ours, published(&me, &opp).to_vec(), "{a} {b}");
        }
    }
}

#[test]
fn the_one_sided_rule_is_gnubgs_thresholds() {
    // At gnubg's cube efficiency 0.6: double from 2/3, redouble from 16/23, pass from 18/23.
    for k in 0..=1000 {
        let p = k as f64 / 1000.0;
        let a = one_sided_cube(p).advice();
        let near = |t: f64| (p - t).abs() < 1e-9;
        if !near(2.0 / 3.0) {
            assert_eq!(a.double, p >= 2.0 / 3.0, "{p}");
        }
        if !near(16.0 / 23.0) {
            assert_eq!(a.redouble, p >= 16.0 / 23.0, "{p}");
        }
        if !near(18.0 / 23.0) {
            assert_eq!(a.take, p < 18.0 / 23.0, "{p}");
        }
    }
}

/// The study's figures of one rule on a one-pair database.
fn only_pair(points: usize, rule: CubeRule) -> one_sided_vs_exact::Decisions {
    let db = cubeful(points, 1);
    let study = cube_errors(&db, &one_sided(points), 10, &Task::new()).unwrap();
    study.rules.iter().find(|r| r.rule == rule).unwrap().overall
}

#[test]
fn a_wrong_take_is_counted_with_its_cost() {
    // One checker on the ace each: the side on roll is off at once. No double = +1, double/take
    // = +2 (twice the stake), double/pass = +1: double, pass. Thorp counts 1 + 2 + 1 − 1 = 3
    // for both and says take; taking costs the taker 2 − 1 = 1. 8-9-12 (no lead) says no
    // double and take: the no double costs nothing (+1 either way), the take 1. Keith
    // (4 + 0 v 4: double, diff < 2 so pass) and Isight (P = 79.7: pass) are right.
    let db = cubeful(1, 1);
    let e = db.cubeful(1, 1).unwrap();
    assert_eq!((e.centred, e.owned, e.opponent_owns), (1.0, 1.0, 1.0));
    use race::Formula::*;
    for wrong in [Thorp, EightNineTwelve] {
        let d = only_pair(1, CubeRule::Formula(wrong));
        assert_eq!((d.take.wrong, d.take.wrong_yes), (1, 1), "{wrong:?}");
        assert_eq!(d.take.largest, 2.0 * e.opponent_owns - 1.0);
        assert_eq!(d.take_of_right_doubles.wrong, 1);
        assert_eq!(d.initial_double.wrong + d.redouble.wrong, 0, "{wrong:?}");
    }
    for right in [Keith, Isight] {
        let d = only_pair(1, CubeRule::Formula(right));
        assert_eq!(d.initial_double.wrong + d.redouble.wrong + d.take.wrong, 0);
    }
}

#[test]
fn a_wrong_no_double_costs_the_double_it_missed() {
    // One checker on the 6 point each: 27 rolls in 36 bear it off (a sum of 6 or more, or
    // 2-2). 8-9-12 sees no lead and holds; the exact verdict doubles, and holding costs the
    // right action's equity less no double's.
    let db = cubeful(6, 1);
    let six = 6; // one checker on point 6 is the last of the 7 positions
    assert_eq!(one_sided::counts(six, 6)[6], 1);
    let e = db.cubeful(six, six).unwrap();
    let dt = 2.0 * e.opponent_owns;
    assert!(dt.min(1.0) > e.centred, "the exact verdict doubles: {e:?}");
    let study = cube_errors(&db, &one_sided(6), 36, &Task::new()).unwrap();
    let r = study
        .rules
        .iter()
        .find(|r| r.rule == CubeRule::Formula(race::Formula::EightNineTwelve))
        .unwrap();
    let w = r
        .worst
        .iter()
        .find(|w| (w.on_roll, w.other) == (six, six))
        .expect("the pair is among the wrong ones");
    // 8-9-12 holds both cubes and takes: the pair's cost is its costliest wrong answer.
    let missed = |nd: f64| nd.max(dt.min(1.0)) - nd;
    let take = if dt >= 1.0 { dt - 1.0 } else { 0.0 };
    let costliest = missed(e.centred).max(missed(e.owned)).max(take);
    assert!(missed(e.centred) > 0.0);
    assert_eq!(w.cost, costliest);
    assert!(r.overall.initial_double.wrong_no >= 1);
    assert_eq!(w.exact.double_take, dt);
}

#[test]
fn a_cubeless_database_is_refused() {
    let db = TwoSidedDb::build(3, 3, Kind::Cubeless, &Task::new()).unwrap();
    let e = cube_errors(&db, &one_sided(3), 1, &Task::new()).unwrap_err();
    assert_eq!(e, CubeErrorsError::NotCubeful(Kind::Cubeless));
    assert!(e.to_string().contains("cubeful"), "{e}");
    let cancelled = Task::new();
    cancelled.cancel();
    let e = cube_errors(&cubeful(3, 3), &one_sided(3), 1, &cancelled).unwrap_err();
    assert_eq!(e, CubeErrorsError::Cancelled);
    let e = cube_errors(&cubeful(3, 3), &one_sided(4), 1, &Task::new()).unwrap_err();
    assert!(matches!(e, CubeErrorsError::Points { .. }));
}
