//! `bgw duel` from the command line: JSON keys, exit codes, errors on stderr.

mod common;
use common::run;

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
            vec!["duel", "--a", "pubeval", "--b", "gnubg"],
            "unknown player 'gnubg'",
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
