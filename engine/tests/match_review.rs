//! A match reviewed through the real gnubg at 0 plies against gnubg's own `analyse match` at 0
//! plies (`tests/data/matches/analysis_0ply_summary.json`): per player the unforced moves, the
//! error rate in mEMG per unforced move, and the marks.
//!
//! Without gnubg each test prints why it is skipped, unless `CI` is set: then it fails.

mod common;

use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::matches::{PlayerSummary, ReviewOptions, read_mat, review, summarize};
use bgw_engine::reference::gnubg::{Config, Gnubg};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(name)
}

/// gnubg's own figures for `file`, player "X" (the file's first) or "O".
fn gnubgs(file: &str, player: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(data("analysis_0ply_summary.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v[file][player].clone()
}

fn reviewed(file: &str) -> [PlayerSummary; 2] {
    let m = read_mat(&std::fs::read_to_string(data(file)).unwrap()).unwrap();
    let options = ReviewOptions {
        plies: 0,
        weights: Weights::builtin_default(),
        threads: 2,
    };
    let make = || Gnubg::new(Config::default());
    let r = review(&m, &options, &make, &Task::new(), &mut |_| {});
    summarize(&m, &r)
}

fn agrees(file: &str) {
    if common::gnubg().is_none() {
        return;
    }
    let ours = reviewed(file);
    for (p, key) in ours.iter().zip(["X", "O"]) {
        let g = gnubgs(file, key);
        let marked = &g["marked"];
        let theirs = (
            g["unforced_moves"].as_u64().unwrap() as usize,
            g["error_rate_memg"].as_f64().unwrap(),
            marked["doubtful"].as_u64().unwrap() as usize,
            marked["bad"].as_u64().unwrap() as usize,
            marked["very bad"].as_u64().unwrap() as usize,
        );
        eprintln!("{file} {key}: ours {p:?}\n  gnubg's {theirs:?}");
        assert_eq!(p.name, g["name"].as_str().unwrap());
        assert_eq!(p.unforced_moves, theirs.0, "{file} {key}: unforced moves");
        assert!(
            (p.error_rate_memg - theirs.1).abs() < 0.01,
            "{file} {key}: error rate {} against gnubg's {}",
            p.error_rate_memg,
            theirs.1
        );
        assert_eq!(
            (p.doubtful, p.bad, p.very_bad),
            (theirs.2, theirs.3, theirs.4),
            "{file} {key}: marks"
        );
    }
}

#[test]
fn gnubgs_own_matches_reviewed_at_0_plies_find_no_error() {
    for file in [
        "gnubg_5pt_seed101.mat",
        "gnubg_7pt_seed102.mat",
        "gnubg_3pt_seed103.mat",
    ] {
        agrees(file);
    }
}

#[test]
fn a_real_galaxy_match_is_reviewed_as_gnubg_analyses_it() {
    agrees("real/galaxy_match1497590.txt");
}

#[test]
fn a_real_studio_match_is_reviewed_as_gnubg_analyses_it() {
    agrees("real/studio_boardlord_llabba_7pt.txt");
}
