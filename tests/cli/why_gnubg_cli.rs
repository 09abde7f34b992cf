//! `bgw match review --json`: each checker error's `why_gnubg` (gnubg's own reason, its
//! 0-ply difference split over the concepts of the net that judged it) sums to its total, with
//! the native judge and with the gnubg program; the text gives its sentence.

use crate::common;
use common::{data, run, stdout, text};

/// The review's JSON lines (the decisions, without the summary).
fn review_json(reference: &str) -> Vec<serde_json::Value> {
    let file = data("matches/real/galaxy_match1497590.txt");
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--json",
        "--quiet",
        "--reference",
        reference,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines.pop();
    lines
}

/// Every checker error has a `why_gnubg` whose parts sum to its total, and nothing else has.
fn every_error_has_a_faithful_why(decisions: &[serde_json::Value]) {
    let mut errors = 0;
    for d in decisions {
        let loss = d["gnubg"]["loss"].as_f64().unwrap_or(0.0);
        let error = d["kind"] == "move" && loss > 0.0 && d["gnubg"]["forced"] == false;
        assert_eq!(d.get("why_gnubg").is_some(), error, "{d}");
        if !error {
            continue;
        }
        errors += 1;
        let w = &d["why_gnubg"];
        let parts = w["concepts"].as_array().unwrap();
        assert!(!parts.is_empty(), "{w}");
        let sum: f64 = parts.iter().map(|p| p["equity"].as_f64().unwrap()).sum();
        let total = w["total"].as_f64().unwrap();
        assert!((sum - total).abs() <= 1e-6, "{sum} vs {total}: {w}");
        for p in parts {
            assert!(p["name"].is_string() && p["unit"].is_string(), "{p}");
            // A concept has its values in both positions; the rest has none.
            assert_eq!(p["played"].is_null(), p["best"].is_null(), "{p}");
        }
        assert!(
            w["sentence"].as_str().unwrap().starts_with("At 0 plies"),
            "{w}"
        );
        assert!(w["net"].is_string());
    }
    // docs/review.md: 44 checker errors at 0 plies.
    assert!(errors >= 40, "{errors}");
    // A cube error says which of gnubg's figures decided it: a wrong take, that the pass
    // leaves the doubler less than the take.
    let mut cube_errors = 0;
    for d in decisions {
        let g = &d["gnubg"];
        if g["error"].as_f64().is_some_and(|e| e > 0.0) {
            cube_errors += 1;
            let why = g["why_gnubg"].as_str().unwrap_or_else(|| panic!("{d}"));
            if d["kind"] == "take" {
                assert!(
                    why.starts_with("Passing is right: taken, the doubler"),
                    "{why}"
                );
            }
        }
    }
    assert!(cube_errors > 0);
}

#[test]
fn each_checker_error_has_gnubgs_own_reason_with_the_native_judge() {
    every_error_has_a_faithful_why(&review_json("native"));
}

#[test]
fn each_checker_error_has_gnubgs_own_reason_with_the_gnubg_program() {
    if common::real_gnubg().is_none() {
        return;
    }
    every_error_has_a_faithful_why(&review_json("process"));
}

#[test]
fn the_text_gives_gnubgs_sentence_under_the_classic_why() {
    let file = data("matches/real/galaxy_match1497590.txt");
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--quiet",
        "--reference",
        "native",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    // The very bad 7/1* 6/1 of game 2 (docs/review.md): the classic's why, then gnubg's.
    let at = out.find("65 7/1* 6/1").expect("the error's line");
    let block: String = out[at..].lines().take(3).collect::<Vec<_>>().join("\n");
    assert!(
        block.contains("\n      why: the terms prefer the best"),
        "{block}"
    );
    assert!(
        block.contains("\n      gnubg's why: At 0 plies gnubg's contact net rates your play"),
        "{block}"
    );
}

#[test]
fn archive_errors_give_the_same_reason_as_the_review() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let db = db.to_str().unwrap();
    let file = data("matches/real/galaxy_match1497590.txt");
    let add = [
        "archive",
        "add",
        "--db",
        db,
        "--review",
        "--plies",
        "0",
        "--jobs",
        "1",
        "--quiet",
        "--reference",
        "native",
        file.to_str().unwrap(),
    ];
    let o = run(&add);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = run(&[
        "archive", "errors", "--db", db, "--player", "kalvatn", "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let errors: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let reviewed = review_json("native");
    let mut checked = 0;
    for e in &errors {
        if e["kind"] != "move" {
            assert!(e.get("why_gnubg").is_none(), "{e}");
            continue;
        }
        let w = &e["why_gnubg"];
        let total = w["total"].as_f64().unwrap_or_else(|| panic!("{e}"));
        let sum: f64 = w["concepts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["equity"].as_f64().unwrap())
            .sum();
        assert!((sum - total).abs() <= 1e-6, "{e}");
        // The same decision in the review's JSON: the same split.
        let same = reviewed
            .iter()
            .find(|d| d["position_id"] == e["position_id"] && d["move"] == e["played"])
            .unwrap_or_else(|| panic!("{e}"));
        assert_eq!(same["why_gnubg"], *w, "{e}");
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}
