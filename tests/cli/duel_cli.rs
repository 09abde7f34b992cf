//! `bgw duel` from the command line: JSON keys, exit codes, errors on stderr.

use crate::common;
use common::run;
use common::with_gnubg;

#[test]
fn json_has_the_documented_keys() {
    let out = run(&[
        "duel", "--a", "pubeval", "--b", "random", "--games", "200", "--seed", "3", "--json",
        "--quiet",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "ppg",
        "ppg_stderr",
        "win_rate",
        "gammon_rate",
        "backgammon_rate",
        "games",
        "games_per_second",
    ] {
        assert!(v[key].is_number(), "missing {key} in {v}");
    }
    assert_eq!(v["games"], 200);
    assert!(v["ppg"].as_f64().unwrap() > 1.5);
}

#[test]
fn text_output_names_both_players() {
    let out = run(&[
        "duel", "--a", "random", "--b", "pubeval", "--games", "100", "--quiet",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("random (A) against pubeval (B)"), "{text}");
    assert!(text.contains("A points/game"), "{text}");
}

#[test]
fn bad_arguments_give_one_line_and_exit_2_or_1() {
    for (args, message) in [
        (
            vec!["duel", "--a", "pubeval", "--b", "gnubg3"],
            "unknown player 'gnubg3'",
        ),
        (
            vec!["duel", "--a", "pubeval", "--b", "gnubg:9"],
            "bad gnubg plies '9'",
        ),
        (
            vec!["duel", "--a", "gnubg:x", "--b", "pubeval"],
            "bad gnubg plies 'x'",
        ),
        (
            vec!["duel", "--a", "gnubg", "--b", "pubeval", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            vec!["duel", "--a", "pubeval", "--b", "random", "--games", "0"],
            "--games must be at least 1",
        ),
        (
            vec![
                "duel",
                "--a",
                "pubeval",
                "--b",
                "random",
                "--games",
                "18446744073709551615",
            ],
            "--games must be at most 100000000,",
        ),
        (
            vec![
                "duel",
                "--a",
                "classic:/nonexistent/w.ron",
                "--b",
                "pubeval",
            ],
            "/nonexistent/w.ron",
        ),
    ] {
        let out = run(&args);
        // A weights file that cannot be read fails while running (1), the rest are usage (2).
        let code = if message.starts_with('/') { 1 } else { 2 };
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("bgw: "), "{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn progress_off_a_terminal_is_at_most_ten_lines_and_none_when_quiet() {
    let args = ["duel", "--a", "random", "--b", "pubeval", "--games", "4000"];
    let out = run(&args);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let lines = err.lines().count();
    assert!((1..=10).contains(&lines), "{err}");
    assert!(!err.contains('\r'), "{err:?}");
    let mut quiet = args.to_vec();
    quiet.push("--quiet");
    let out = run(&quiet);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `bgw ARGS…` with gnubg named by `BGW_GNUBG`.
#[test]
fn gnubg_missing_is_a_clear_failure() {
    let out = with_gnubg(
        "/nonexistent/gnubg",
        &[
            "duel",
            "--a",
            "classic",
            "--b",
            "gnubg",
            "--games",
            "4",
            "--quiet",
            "--reference",
            "process",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "no figures");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("apt-get install gnubg"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_short_duel_of_gnubg_against_pubeval() {
    if !std::path::Path::new("/usr/games/gnubg").exists() {
        assert!(std::env::var_os("CI").is_none(), "gnubg is not installed");
        eprintln!("skipped: gnubg is not installed (apt-get install gnubg)");
        return;
    }
    let args = [
        "duel",
        "--a",
        "gnubg",
        "--b",
        "pubeval",
        "--games",
        "6",
        "--seed",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--reference",
        "process",
    ];
    let out = with_gnubg("/usr/games/gnubg", &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("gnubg (A) against pubeval (B), seed 4"),
        "{text}"
    );
    assert!(text.contains("games/s"), "{text}");
    let line = text.lines().find(|l| l.contains("moves asked")).unwrap();
    // At most one process a thread, however many games.
    assert!(
        line.contains("of 1 gnubg processes") || line.contains("of 2 gnubg processes"),
        "{line}"
    );
    let mut json = args.to_vec();
    json.push("--json");
    let out = with_gnubg("/usr/games/gnubg", &json);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 6);
    assert_eq!(v["a"], "gnubg");
    // The same dice and a deterministic gnubg: the same games on any number of threads.
    assert!(
        text.contains(&format!("{:+.4}", v["ppg"].as_f64().unwrap())),
        "{text}"
    );
}

/// A duel of one duplicate pair has no standard error: "—" and why, never "± NaN"; the JSON
/// has `null` there.
#[test]
fn one_pair_says_why_it_has_no_standard_error() {
    let out = run(&[
        "duel", "--a", "pubeval", "--b", "random", "--games", "2", "--seed", "3", "--quiet",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("NaN"), "{text}");
    assert!(
        text.contains("± — (one duplicate pair: too few games for a standard error)"),
        "{text}"
    );
    let out = run(&[
        "duel", "--a", "pubeval", "--b", "random", "--games", "2", "--seed", "3", "--json",
        "--quiet",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["ppg_stderr"].is_null(), "{v}");
    assert!(v["ppg"].is_number(), "{v}");
}
