//! The two-sided database against a plain recursive reference written here (gnubg's files,
//! byte for byte against `makebearoff`, are compared in `tests/cli/two_sided_cli.rs`).
use bgw_engine::bearoff::one_sided::{self, Counts};
use bgw_engine::bearoff::two_sided::{Kind, TwoSidedChances, TwoSidedDb, positions};
use bgw_engine::core::task::Task;
use std::collections::HashMap;

/// A side: checkers on points 1..=6 (index 0 unused).
type Side = [u8; 7];

/// Every position one checker moved by `die` reaches (bear-off rules: all checkers are home).
fn steps(s: &Side, die: usize) -> Vec<Side> {
    let highest = (1..=6).rev().find(|&p| s[p] > 0).unwrap_or(0);
    let mut out = Vec::new();
    for p in 1..=6 {
        if s[p] == 0 {
            continue;
        }
        let mut t = *s;
        t[p] -= 1;
        if p > die {
            t[p - die] += 1;
        } else if !(p == die || p == highest) {
            continue;
        }
        out.push(t);
    }
    out
}

fn empty(s: &Side) -> bool {
    s.iter().all(|&c| c == 0)
}

/// All results of a roll: every die in turn (each order for a non-double), stopping when the
/// last checker is off.
fn results(s: &Side, high: usize, low: usize) -> Vec<Side> {
    let orders: Vec<Vec<usize>> = if high == low {
        vec![vec![high; 4]]
    } else {
        vec![vec![high, low], vec![low, high]]
    };
    let mut out = Vec::new();
    for dice in orders {
        let mut now = vec![*s];
        for &d in &dice {
            now = now
                .into_iter()
                .flat_map(|p| if empty(&p) { vec![p] } else { steps(&p, d) })
                .collect();
        }
        out.extend(now);
    }
    out.sort();
    out.dedup();
    out
}

fn key(s: &Side, points: usize) -> u32 {
    let mut c: Counts = [0; one_sided::MAX_POINTS + 1];
    c[1..=points].copy_from_slice(&s[1..=points]);
    one_sided::index(&c, points)
}

/// The chance that `a`, on roll, bears off before `b`: memoised recursion.
fn reference(a: &Side, b: &Side, points: usize, memo: &mut HashMap<(u32, u32), f64>) -> f64 {
    if empty(a) {
        return 1.0;
    }
    if empty(b) {
        return 0.0;
    }
    let k = (key(a, points), key(b, points));
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let mut total = 0.0;
    for high in 1..=6 {
        for low in 1..=high {
            let w = if high == low { 1.0 } else { 2.0 };
            let best = results(a, high, low)
                .iter()
                .map(|r| 1.0 - reference(b, r, points, memo))
                .fold(f64::NEG_INFINITY, f64::max);
            total += w * best;
        }
    }
    let v = total / 36.0;
    memo.insert(k, v);
    v
}

fn side(idx: u32, points: usize) -> Side {
    let c = one_sided::counts(idx, points);
    let mut s = [0u8; 7];
    s[1..=points].copy_from_slice(&c[1..=points]);
    s
}

#[test]
fn exact_and_gnubg_chances_match_the_recursive_reference() {
    for (points, checkers) in [(3, 3), (4, 4), (6, 3), (2, 6)] {
        let exact = TwoSidedDb::build(points, checkers, Kind::Exact, &Task::new()).unwrap();
        let gnubg = TwoSidedDb::build(points, checkers, Kind::Cubeless, &Task::new()).unwrap();
        let n = positions(points, checkers);
        assert_eq!(exact.positions(), n);
        let mut memo = HashMap::new();
        let (mut worst_exact, mut worst_gnubg) = (0.0f64, 0.0f64);
        for x in 0..n {
            for y in 0..n {
                let r = reference(&side(x, points), &side(y, points), points, &mut memo);
                worst_exact = worst_exact.max((exact.win(x, y) - r).abs());
                worst_gnubg = worst_gnubg.max((gnubg.win(x, y) - r).abs());
            }
        }
        assert!(
            worst_exact < 1e-12,
            "{points}x{checkers}: exact off by {worst_exact}"
        );
        // gnubg truncates each pair to 1/65535 and its children's errors carry over: a few
        // units at most at these sizes.
        assert!(
            worst_gnubg < 8.0 / 65535.0,
            "{points}x{checkers}: gnubg off by {} units",
            worst_gnubg * 65535.0
        );
        assert!(worst_gnubg > 0.0, "gnubg's arithmetic is not exact");
    }
}

#[test]
fn chances_by_counts_and_sides_with_no_checker() {
    let db = TwoSidedDb::build(6, 3, Kind::Exact, &Task::new()).unwrap();
    let mut a: Counts = [0; one_sided::MAX_POINTS + 1];
    let mut b = a;
    a[6] = 1;
    b[1] = 1;
    // One checker on 6 against one on the ace, on roll: it must bear off at once, which 27
    // rolls of 36 do (not 1-1, 2-1, 3-1, 4-1).
    assert_eq!(db.win_counts(&a, &b), Some(0.75));
    // The ace on roll is off first.
    assert_eq!(db.win_counts(&b, &a), Some(1.0));
    // Off already: won; the other side off: lost.
    assert_eq!(db.win(0, 5), 1.0);
    assert_eq!(db.win(5, 0), 0.0);
    a[6] = 4;
    assert_eq!(db.win_counts(&a, &b), None);
    a[6] = 0;
    a[7] = 1;
    assert_eq!(db.win_counts(&a, &b), None);
}
