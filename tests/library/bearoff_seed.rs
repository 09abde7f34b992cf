//! Seed 001's worked example, `qm3bAADMXdsAAA`, against gnubg's 10-point database
//! (`bearoff/seed_position_gnubg_10pt.txt`): the gnubg-compatible build bit for bit, the exact
//! analysis within the stated tolerances.

use crate::common;

use bgw_engine::bearoff::one_sided::{self, build_within};
use bgw_engine::core::formats::read_position;
use bgw_engine::core::task::Task;
use bgw_engine::studies::race::{self, analyse};

/// Rows of the reference table: (k, raw on roll, raw opponent, raw gammon on roll, raw gammon
/// opponent).
fn reference() -> Vec<[u32; 5]> {
    let text =
        std::fs::read_to_string(common::data("bearoff/seed_position_gnubg_10pt.txt")).unwrap();
    text.lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            [f[0], f[7], f[8], f[9], f[10]].map(|x| x.parse().unwrap())
        })
        .collect()
}

#[test]
fn seed_position_exact_normal_rollout_and_gnubg_bits() {
    let pos = read_position("qm3bAADMXdsAAA").unwrap();
    assert_eq!(race::points_needed(&pos, 15).unwrap(), [Some(10), Some(10)]);
    let rows = reference();
    assert_eq!(rows.len(), 19);

    // Only the positions the two sides can reach are built (2.3 of the 3.3 million).
    let targets = race::targets(&pos, &[Some(10), Some(10)], 10);
    assert_eq!(targets.len(), 2);

    // gnubg-compatible: the raw u16 values of both sides, bit for bit.
    let gnubg = build_within::<u16>(10, &targets, &Task::new()).unwrap();
    let g = analyse(&pos, &gnubg, 15, 0, 0).unwrap();
    let (me, opp) = (g.on_roll.unwrap(), g.opponent.unwrap());
    assert_eq!((me.index, opp.index), (3_169_448, 3_047_100));
    for &[k, a, b, ga, gb] in &rows {
        let k = k as usize;
        let raw = |p: f64| (p * 65535.0).round() as u32;
        assert_eq!([raw(me.dist[k]), raw(opp.dist[k])], [a, b], "k = {k}");
        assert_eq!([raw(me.gammon[k]), raw(opp.gammon[k])], [ga, gb], "k = {k}");
    }
    assert!((g.win_exact.unwrap() - 0.566376).abs() < 5e-7);
    drop(gnubg);

    // Exact: the seed check.
    let exact = build_within::<f64>(10, &targets, &Task::new()).unwrap();
    let a = analyse(&pos, &exact, 15, 4000, 2002).unwrap();
    let (me, opp) = (a.on_roll.as_ref().unwrap(), a.opponent.as_ref().unwrap());
    let r4 = |x: f64| (x * 1e4).round() / 1e4;
    let r3 = |x: f64| (x * 1e3).round() / 1e3;
    assert_eq!(r4(a.win_exact.unwrap()), 0.5664);
    assert_eq!(r4(a.win_normal.unwrap()), 0.5679);
    assert_eq!(
        [r3(me.moments.mean), r3(opp.moments.mean)],
        [13.148, 13.054]
    );
    assert_eq!([r3(me.moments.sd), r3(opp.moments.sd)], [1.709, 1.672]);
    assert_eq!((me.pips, opp.pips), (100, 99));
    assert!((me.epc - 13.148 * 49.0 / 6.0).abs() < 0.01);
    // No gammons in this race: both sides have a checker off long before the other finishes.
    assert!(a.win_gammon.unwrap() < 1e-6 && a.lose_gammon.unwrap() < 1e-6);
    // The seed's "a rollout gives 56.6 %": ours within four standard errors of the exact p.
    let r = a.rollout.unwrap();
    assert!(
        r.stderr > 0.0 && (r.win - a.win_exact.unwrap()).abs() < 4.0 * r.stderr,
        "{r:?}"
    );
    // The density column of the seed: 23.25 % at 13 rolls for the player on roll.
    assert!((me.dist_normal[13] * 100.0 - 23.253).abs() < 0.003);
}

/// The seed's first table: (rolls, player, opponent, player gammon, opponent gammon) in %.
fn seed_table() -> Vec<[f64; 5]> {
    let text = std::fs::read_to_string(common::data("seeds/001_dca7d1c617c68556.txt")).unwrap();
    let start = text.find("Rolls   Player  Opponent").unwrap();
    text[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Vec<f64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2], v[3], v[4]]
        })
        .collect()
}

#[test]
fn the_2002_rule_reproduces_the_seeds_table() {
    use bgw_engine::studies::race::{build_2002, seed_printed_moments};
    let pos = read_position("qm3bAADMXdsAAA").unwrap();
    let [opp, me] = pos.sides();
    let idx = |s: &[u8; 25]| {
        let mut c = [0u8; one_sided::MAX_POINTS + 1];
        c[1..=10].copy_from_slice(&s[..10]);
        one_sided::index(&c, 10)
    };
    let db = build_2002(
        10,
        &race::targets(&pos, &[Some(10), Some(10)], 10),
        &Task::new(),
    )
    .unwrap();
    let (a, b) = (idx(&me), idx(&opp));
    let rows = seed_table();
    assert_eq!(rows.len(), 19);
    let pct = |v: u16| 100.0 * v as f64 / 65535.0;
    for [k, p, o, gp, go] in rows {
        let k = k as usize;
        let ours = [
            db.dist(a)[k],
            db.dist(b)[k],
            db.gammon(a)[k],
            db.gammon(b)[k],
        ]
        .map(pct);
        for (x, y) in ours.iter().zip([p, o, gp, go]) {
            assert!(
                (x - y).abs() <= 0.0005 + 1e-9,
                "k = {k}: ours {ours:?}, seed {p} {o} {gp} {go}"
            );
        }
    }
    // "Mean 13.142 13.048 4.218 4.569", "Var. 1.732 1.694 0.855 0.680".
    let r3 = |x: f64| (x * 1e3).round() / 1e3;
    let (m, s) = seed_printed_moments(&db.dist(a));
    let (gm, gs) = seed_printed_moments(&db.gammon(b));
    assert_eq!(
        [r3(m), r3(s), r3(gm), r3(gs)],
        [13.142, 1.732, 4.569, 0.680]
    );
}
