//! `bgw match review`: a match file reviewed by the real gnubg from the command line, its
//! summary as gnubg's own `analyse match` at 0 plies gives it.

use crate::common;
use common::{data, run, stdout, text};

#[test]
fn json_gives_each_decision_with_gnubgs_verdict_and_last_the_summary() {
    if common::real_gnubg().is_none() {
        return;
    }
    let file = data("matches/real/studio_boardlord_llabba_7pt.txt");
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--json",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, decisions) = lines.split_last().unwrap();
    assert!(
        decisions
            .iter()
            .all(|d| d.get("gnubg").is_some() && d.get("kind").is_some())
    );
    let moves = decisions.iter().filter(|d| d["kind"] == "move").count();
    assert!(moves > 100, "{moves}");
    let players = summary["summary"]["players"].as_array().unwrap();
    // gnubg's analyse match at 0 plies: BoardLord 60 unforced moves, 6.99 mEMG, marks 1/2/0.
    let p = &players[0];
    assert_eq!(p["name"], "BoardLord");
    assert_eq!(p["unforced_moves"], 60);
    assert!(
        (p["error_rate_memg"].as_f64().unwrap() - 6.99).abs() < 0.01,
        "{p}"
    );
    assert_eq!(
        (
            p["doubtful"].as_u64(),
            p["bad"].as_u64(),
            p["very_bad"].as_u64()
        ),
        (Some(1), Some(2), Some(0))
    );
    assert!(p["classic_error_rate_memg"].as_f64().is_some());
}

#[test]
fn the_text_ends_with_each_players_figures() {
    if common::real_gnubg().is_none() {
        return;
    }
    let file = data("matches/gnubg_3pt_seed103.mat");
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--quiet",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("gnubg 0-ply review"), "{out}");
    // gnubg reviewing its own 0-ply games at 0 plies finds no move played that loses (the
    // classic's choices beside may).
    assert!(!out.contains(" mEMG (gnubg: "), "{out}");
    assert!(out.contains("; classic "), "{out}");
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("gnubg ") && l.contains(" 0.00 ")),
        "{out}"
    );
}

#[test]
fn bad_arguments_are_refused_before_gnubg_is_asked() {
    let file = data("matches/gnubg_3pt_seed103.mat");
    let f = file.to_str().unwrap();
    for (args, why) in [
        (
            vec!["match", "review", f, "--plies", "3"],
            "--plies must be 0, 1 or 2",
        ),
        (
            vec!["match", "review", f, "--threads", "0"],
            "--threads must be 1 to 16",
        ),
        (
            vec!["match", "review", "/no/such/match.mat"],
            "cannot read /no/such/match.mat",
        ),
    ] {
        let o = run(&args);
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn player_names_are_escaped_in_the_summary_too() {
    // A name from the file holding an escape sequence (`ESC[2J` clears the screen) is shown
    // escaped in the summary table as in the decision lines (issue 35, item 14).
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("escapes.mat");
    let original = std::fs::read_to_string(data("matches/gnubg_5pt_seed101.mat")).unwrap();
    std::fs::write(&file, original.replace(" gnubg :", " \u{1b}[2Jgnubg :")).unwrap();
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--quiet",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(!out.contains('\u{1b}'), "a raw escape: {out:?}");
    let summary = out.split("gnubg 0-ply review").nth(1).expect("the summary");
    assert!(summary.contains("\\u{1b}[2Jgnubg"), "{summary}");
}
