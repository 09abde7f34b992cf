//! `bgw bearoff cube-errors` end to end: a 6x6 cubeful database built by the command line, the
//! study's JSON against a plain count over the file's equities, the text report, the pairs it
//! names, and the refusals.

use crate::common;
use common::{run, stdout};

use bgw_engine::bearoff::one_sided::counts;
use bgw_engine::bearoff::two_sided::{TwoSidedChances, TwoSidedDb};
use bgw_engine::core::position::SideCheckers;
use bgw_engine::studies::race::race_counts;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-cube-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `bgw bearoff build --two-sided SIZE [--cubeless] --out OUT --quiet`.
fn build(size: &str, cubeless: bool, out: &Path) {
    let mut args = vec!["bearoff", "build", "--two-sided", size, "--quiet"];
    if cubeless {
        args.push("--cubeless");
    }
    args.extend(["--out", out.to_str().unwrap()]);
    let o = run(&args);
    assert!(o.status.success(), "{size}: {}", stderr(&o));
}

fn side(i: u32) -> SideCheckers {
    let c = counts(i, 6);
    let mut s: SideCheckers = [0; 25];
    s[..6].copy_from_slice(&c[1..=6]);
    s
}

/// Keith's wrong initial doubles and Thorp's wrong takes over every pair of the file, with
/// their total costs, counted plainly from the stored equities.
fn plain_counts(file: &Path) -> [(u64, f64); 2] {
    let db = TwoSidedDb::read(file).unwrap();
    let mut out = [(0, 0.0); 2];
    for a in 1..db.positions() {
        for b in 1..db.positions() {
            let e = db.cubeful(a, b).unwrap();
            let dt = 2.0 * e.opponent_owns;
            let best = e.centred.max(dt.min(1.0));
            let race = race_counts(&side(a), &side(b));
            let keith = if race[0].advice.double {
                dt.min(1.0)
            } else {
                e.centred
            };
            if best - keith > 0.0 {
                out[0].0 += 1;
                out[0].1 += best - keith;
            }
            let thorp = if race[1].advice.take { dt } else { 1.0 } - dt.min(1.0);
            if thorp > 0.0 {
                out[1].0 += 1;
                out[1].1 += thorp;
            }
        }
    }
    out
}

#[test]
fn the_study_of_a_6x6_file_is_a_plain_count_of_its_pairs() {
    let dir = temp_dir("6x6");
    let file = dir.join("ts66.bd");
    build("6x6", false, &file);
    let f = file.to_str().unwrap();
    let o = run(&[
        "bearoff",
        "cube-errors",
        f,
        "--json",
        "--quiet",
        "--worst",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "--quiet: {}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["pairs"], 923 * 923);
    let rules = json["rules"].as_array().unwrap();
    let names: Vec<&serde_json::Value> = rules.iter().map(|r| &r["rule"]).collect();
    assert_eq!(names.len(), 6);
    assert_eq!(names[0]["formula"], "keith");
    assert_eq!(names[5], "one_sided");
    let [keith, thorp] = plain_counts(&file);
    let pairs = (923 * 923) as f64;
    let d = &rules[0]["overall"]["initial_double"];
    assert_eq!(d["wrong"], keith.0);
    assert!((d["cost_per_decision"].as_f64().unwrap() - keith.1 / pairs).abs() < 1e-12);
    let t = &rules[1]["overall"]["take"];
    assert_eq!(t["wrong"], thorp.0);
    assert!((t["cost_per_decision"].as_f64().unwrap() - thorp.1 / pairs).abs() < 1e-12);
    // The breakdowns add up to every pair.
    for rule in rules {
        for by in ["by_pips", "by_checkers"] {
            let total: u64 = rule[by]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["take"]["decisions"].as_u64().unwrap())
                .sum();
            assert_eq!(total, 923 * 923, "{by}");
        }
        assert_eq!(rule["worst"].as_array().unwrap().len(), 3);
    }
    // A worst pair is a race `bgw show` reads.
    let id = rules[0]["worst"][0]["position_id"].as_str().unwrap();
    let shown = run(&["show", id]);
    assert!(shown.status.success(), "{id}: {}", stderr(&shown));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_text_report_names_each_decision_and_rule() {
    let o = run(&["bearoff", "cube-errors", "3x3", "--quiet", "--worst", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("3x3: 20 positions a side, 361 pairs"),
        "{text}"
    );
    for title in [
        "Initial double (cube centred)",
        "Redouble (the side on roll owns the cube)",
        "Take (the other side, doubled in every pair)",
        "Take where the exact verdict doubles",
        "by the pips of the side on roll",
        "by the checkers of both sides",
        "Keith: the worst pairs",
    ] {
        assert!(text.contains(title), "{title}: {text}");
    }
    for rule in ["Thorp", "Kleinman", "8-9-12", "Isight", "one-sided"] {
        assert!(text.contains(&format!("  {rule} ")), "{rule}");
    }
}

#[test]
fn a_cubeless_file_is_refused_before_it_is_read() {
    let dir = temp_dir("cubeless");
    let file = dir.join("ts44c.bd");
    build("4x4", true, &file);
    let o = run(&["bearoff", "cube-errors", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("ts44c.bd")
            && err.contains("need a cubeful two-sided database")
            && err.contains("gnubg cubeless"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(o.stdout.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_refused() {
    let o = run(&["bearoff", "cube-errors", "3x3", "--worst", "10001"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = run(&["bearoff", "cube-errors", "no-such-file.bd"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("no such file"), "{}", stderr(&o));
    let o = run(&["bearoff", "cube-errors", "7x3"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
