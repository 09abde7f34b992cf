//! Benchmarks judged by the real gnubg: the checker plays of a shared match and a player's own
//! games, each read back as a benchmark.
//!
//! Without gnubg each test prints why it is skipped, unless `CI` is set: then it fails.

use crate::common;

use bgw_engine::core::task::Task;
use bgw_engine::matches::{DecisionKind, read_match_file};
use bgw_engine::reference::gnubg::{Config, Gnubg};
use bgw_engine::studies::benchmark::{Benchmark, JudgeConfig, PlayConfig, from_matches, from_play};
use bgw_engine::studies::duel::Contender;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(name)
}

#[test]
fn a_shared_match_judged_by_gnubg_reads_back_with_gnubgs_best_first() {
    if common::gnubg().is_none() {
        return;
    }
    let m = read_match_file(&data("gnubg_3pt_seed103.mat")).unwrap();
    let config = JudgeConfig {
        plies: 0,
        threads: 2,
    };
    let make = || Gnubg::new(Config::default());
    let built = from_matches(std::slice::from_ref(&m), &config, &make, &Task::new()).unwrap();
    let engine = built.engine.as_ref().expect("gnubg said its version");
    assert!(
        engine.to_string().starts_with("GNU Backgammon 1."),
        "{engine}"
    );
    let moves = m
        .games
        .iter()
        .flat_map(|g| &g.decisions)
        .filter(|d| matches!(d.kind, DecisionKind::Move(_)))
        .count();
    assert!(
        built.decisions > 50 && built.decisions <= moves,
        "{}",
        built.decisions
    );
    let bench = Benchmark::read(built.text.as_bytes()).unwrap();
    assert_eq!(bench.decisions.len(), built.decisions);
    for d in &bench.decisions {
        assert!(d.plays.len() >= 2);
        // gnubg's list is best first and names every legal play.
        let most = d.equities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(d.best_equity(), most);
        assert!(d.equities.iter().all(|e| e.abs() <= 3.0));
    }
}

#[test]
fn the_classics_own_games_judged_by_gnubg_are_seeded() {
    if common::gnubg().is_none() {
        return;
    }
    let a = Contender::parse("classic").unwrap();
    let b = Contender::Pubeval;
    let play = PlayConfig { games: 2, seed: 9 };
    let config = JudgeConfig {
        plies: 0,
        threads: 2,
    };
    let make = || Gnubg::new(Config::default());
    let one = from_play(&a, &b, &play, &config, &make, &Task::new()).unwrap();
    let two = from_play(&a, &b, &play, &config, &make, &Task::new()).unwrap();
    assert_eq!(one.text, two.text, "the same games, the same verdicts");
    assert!(one.decisions > 10, "{}", one.decisions);
    Benchmark::read(one.text.as_bytes()).unwrap();
}
