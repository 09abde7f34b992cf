//! gnubg's rollouts of chosen moves through the bridge: small rollouts (36 or 72 trials,
//! truncated) that agree with gnubg's own 0-ply order, give positive standard errors, repeat
//! with the same seed, report running results, stop at once on Cancel (gnubg and the second
//! gnubg the bridge starts for it ended), and judge at a match state.
//!
//! Without gnubg each test prints why it is skipped, unless `CI` is set: then it fails.

use crate::common;
use common::gnubg;

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::read_setup;
use bgw_engine::core::moves::{Play, legal_plays};
use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::task::Task;
use bgw_engine::reference::gnubg::{Config, Gnubg};
use bgw_engine::reference::{
    MatchContext, ReferenceEngine, ReferenceError, RolloutResult, RolloutSettings, match_to_plays,
};
use std::time::{Duration, Instant};

/// gnubg's 0-ply ranking of `dice` in `pos` (at `at`, or cubeless money), as our plays with
/// gnubg's equity, best first.
fn ranked(
    g: &mut Gnubg,
    pos: &Position,
    dice: Dice,
    at: Option<&MatchContext>,
) -> Vec<(Play, f64)> {
    let moves = match at {
        Some(at) => g.rank_moves_at(pos, dice, 0, at).unwrap(),
        None => g.rank_moves(pos, dice, 0).unwrap(),
    };
    let plays = legal_plays(pos, dice);
    let found = match_to_plays(pos, dice, &moves, &plays, true).unwrap();
    found
        .into_iter()
        .map(|(i, m)| (plays[i], m.equity))
        .collect()
}

fn small(trials: u32, truncate: u32, seed: u32) -> RolloutSettings {
    RolloutSettings {
        trials,
        truncate,
        seed,
        ..RolloutSettings::default()
    }
}

#[test]
fn a_small_rollout_agrees_with_gnubg_s_order_and_repeats_with_its_seed() {
    let Some(mut g) = gnubg() else { return };
    let pos = Position::opening(Side::White);
    let dice = Dice::new(3, 1).unwrap();
    let at = MatchContext::of(&read_setup("4HPwATDgc/ABMA").unwrap());
    let ranking = ranked(&mut g, &pos, dice, None);
    // gnubg's best, a middling and its worst 3-1.
    let chosen: Vec<(Play, f64)> = [0, 8, ranking.len() - 1]
        .iter()
        .map(|&i| ranking[i])
        .collect();
    let plays: Vec<Play> = chosen.iter().map(|(p, _)| *p).collect();
    let mut running: Vec<(usize, RolloutResult)> = Vec::new();
    let start = Instant::now();
    let results = g
        .rollout(&pos, &plays, &small(72, 5, 7), &at, &mut |i, r| {
            running.push((i, r.clone()))
        })
        .unwrap();
    eprintln!(
        "3 moves x 72 trials truncated at 5: {:.1} s, {} running results",
        start.elapsed().as_secs_f64(),
        running.len()
    );
    assert_eq!(results.len(), 3);
    for ((play, zero_ply), r) in chosen.iter().zip(&results) {
        assert_eq!(r.notation, play.mv.notation());
        assert_eq!(r.trials, 72);
        assert!(r.se > 0.0 && r.se < 0.05, "{r:?}");
        assert_eq!(r.mwc, None);
        assert_eq!(
            r.equity, r.cubeless,
            "cubeless: the equity is the cubeless one"
        );
        assert!(
            (r.equity - zero_ply).abs() < 0.1,
            "{}: rolled out {:+.3} ± {:.3}, gnubg's 0-ply {zero_ply:+.3}",
            r.notation,
            r.equity,
            r.se
        );
        let sum: f64 = r.probs.iter().sum();
        assert!(r.probs[0] > 0.3 && r.probs[0] < 0.7 && sum < 2.0, "{r:?}");
    }
    assert!(
        results[0].equity > results[2].equity + 0.1,
        "gnubg's best 3-1 beats its worst: {results:?}"
    );
    // Each running result is of a move asked, with at most the final one's trials; each
    // move's last one is its final result (sent as it finishes: a rollout stopped later
    // keeps the moves it finished).
    for (i, r) in &running {
        assert!(*i < 3 && r.trials <= 72 && r.se > 0.0, "{i} {r:?}");
    }
    for (k, r) in results.iter().enumerate() {
        let last = running.iter().rev().find(|(i, _)| *i == k).map(|(_, r)| r);
        assert_eq!(last, Some(r), "move {k}");
    }

    // The same seed: the same figures; another seed: others.
    let again = g
        .rollout(&pos, &plays[..1], &small(72, 5, 7), &at, &mut |_, _| {})
        .unwrap();
    assert_eq!(again[0], results[0]);
    let other = g
        .rollout(&pos, &plays[..1], &small(72, 5, 8), &at, &mut |_, _| {})
        .unwrap();
    assert_ne!(other[0].equity, results[0].equity);
}

#[test]
fn a_cubeful_rollout_at_a_match_score_gives_mwc_near_gnubg_s_own() {
    let Some(mut g) = gnubg() else { return };
    let setup = read_setup("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10").unwrap();
    let at = MatchContext::of(&setup);
    let dice = setup.dice.unwrap();
    let ranking = ranked(&mut g, &setup.position, dice, Some(&at));
    let chosen = &ranking[..2];
    let plays: Vec<Play> = chosen.iter().map(|(p, _)| *p).collect();
    let settings = RolloutSettings {
        cubeful: true,
        ..small(36, 5, 3)
    };
    let results = g
        .rollout(&setup.position, &plays, &settings, &at, &mut |_, _| {})
        .unwrap();
    for ((_, zero_ply), r) in chosen.iter().zip(&results) {
        let mwc = r.mwc.expect("a match: MWC");
        assert!(
            (0.0..=1.0).contains(&mwc) && r.mwc_se.unwrap() > 0.0,
            "{r:?}"
        );
        assert!(
            (r.equity - zero_ply).abs() < 0.2,
            "{}: rolled out EMG {:+.3} ± {:.3}, gnubg's 0-ply {zero_ply:+.3}",
            r.notation,
            r.equity,
            r.se
        );
    }
}

/// The process group ids of the processes running now.
fn groups() -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid pgrp …: the fields after the last ')'.
        let Some(rest) = stat.rsplit(')').next() else {
            continue;
        };
        if let Some(pgrp) = rest.split_whitespace().nth(2).and_then(|g| g.parse().ok()) {
            out.push(pgrp);
        }
    }
    out
}

#[test]
fn cancel_stops_a_rollout_at_once_and_ends_both_gnubgs() {
    if gnubg().is_none() {
        return;
    }
    let task = Task::new();
    let mut g = Gnubg::new(Config::default().stopped_by(&task));
    g.ask_hello().unwrap();
    let group = g.pid().unwrap();
    let pos = Position::opening(Side::White);
    let dice = Dice::new(3, 1).unwrap();
    let plays = legal_plays(&pos, dice);
    let at = MatchContext::of(&read_setup("4HPwATDgc/ABMA").unwrap());
    let canceller = {
        let task = task.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(1500));
            task.cancel();
            Instant::now()
        })
    };
    let r = g.rollout(
        &pos,
        &plays[..2],
        &small(100_000, 0, 1),
        &at,
        &mut |_, _| {},
    );
    let cancelled_at = canceller.join().unwrap();
    assert!(matches!(r, Err(ReferenceError::Cancelled { .. })), "{r:?}");
    assert!(
        cancelled_at.elapsed() < Duration::from_secs(1),
        "stopped {:?} after Cancel",
        cancelled_at.elapsed()
    );
    // Both gnubgs (the bridge's and the one it rolls out with) are gone with their group.
    let deadline = Instant::now() + Duration::from_secs(5);
    while groups().contains(&group) {
        assert!(
            Instant::now() < deadline,
            "a gnubg of group {group} still runs"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn settings_gnubg_cannot_take_are_refused_before_it_starts() {
    let mut g = Gnubg::new(Config {
        program: Some("/nonexistent/gnubg".into()),
        ..Config::default()
    });
    let pos = Position::opening(Side::White);
    let plays = legal_plays(&pos, Dice::new(3, 1).unwrap());
    let at = MatchContext::of(&read_setup("4HPwATDgc/ABMA").unwrap());
    let r = g.rollout(&pos, &plays[..1], &small(0, 0, 1), &at, &mut |_, _| {});
    assert!(
        matches!(r, Err(ReferenceError::Refused { ref why, .. }) if why.contains("trials")),
        "{r:?}"
    );
}
