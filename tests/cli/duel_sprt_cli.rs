//! `bgw duel --sprt-ppg` and `--sprt`: sequential duels from the command line — the decision,
//! the games it took and the error rates, in text and JSON; bad tests refused in one line.

use crate::common;
use common::run;

/// `bgw duel ARGS… --quiet` that must succeed, as JSON.
fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["duel"];
    all.extend(args);
    all.extend(["--json", "--quiet"]);
    let out = run(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn classic_is_better_than_random_after_one_batch_with_the_documented_keys() {
    let args = [
        "--a",
        "classic",
        "--b",
        "random",
        "--sprt-ppg",
        "0,0.5",
        "--seed",
        "2026",
    ];
    let v = json(&args);
    let s = &v["sprt"];
    assert_eq!(s["test"], "ppg", "{s}");
    assert_eq!(s["decision"], "H1", "{s}");
    assert_eq!(
        (s["ppg0"].as_f64(), s["ppg1"].as_f64()),
        (Some(0.0), Some(0.5))
    );
    assert_eq!(
        (s["alpha"].as_f64(), s["beta"].as_f64()),
        (Some(0.05), Some(0.05))
    );
    // One batch of 100 pairs, far fewer than the 10,000 games (the default --games).
    let games = s["games"].as_u64().unwrap();
    assert_eq!((games, s["pairs"].as_u64()), (200, Some(100)));
    assert_eq!(v["games"].as_u64(), Some(games));
    let (llr, lower, upper) = (
        s["llr"].as_f64().unwrap(),
        s["lower"].as_f64().unwrap(),
        s["upper"].as_f64().unwrap(),
    );
    assert!((upper - (0.95f64 / 0.05).ln()).abs() < 1e-12, "{s}");
    assert!((lower + upper).abs() < 1e-12, "{s}");
    assert!(llr >= upper, "{s}");
    assert_eq!(s["mean"], v["ppg"]);
    assert_eq!(v["cancelled"], false);
    // The same decision, games and figures on one thread and on two.
    for threads in ["1", "2"] {
        let mut on = args.to_vec();
        on.extend(["--threads", threads]);
        let w = json(&on);
        assert_eq!(w["sprt"]["games"], s["games"], "{threads} threads");
        assert_eq!(w["sprt"]["llr"], s["llr"], "{threads} threads");
        assert_eq!(w["ppg"], v["ppg"], "{threads} threads");
    }
    // The text says the decision, the games it took and its error rate.
    let out = run(&[
        "duel",
        "--a",
        "classic",
        "--b",
        "random",
        "--sprt-ppg",
        "0,0.5",
        "--seed",
        "2026",
        "--quiet",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("SPRT             ppg: H0 +0.0000, H1 +0.5000; alpha 0.05, beta 0.05"),
        "{text}"
    );
    assert!(
        text.contains(
            "decision         H1 accepted after 200 games (100 duplicate pairs); wrongly at most 5 % of the time when H0 holds (alpha)"
        ),
        "{text}"
    );
    assert!(
        text.contains("(H0 at or below -2.944, H1 at or above +2.944)"),
        "{text}"
    );
}

#[test]
fn elo_on_the_share_of_wins_and_h0_and_no_decision() {
    let v = json(&[
        "--a", "classic", "--b", "random", "--sprt", "0,100", "--seed", "2026",
    ]);
    let s = &v["sprt"];
    assert_eq!(
        (&s["test"], &s["decision"]),
        (&"elo".into(), &"H1".into()),
        "{s}"
    );
    assert_eq!(s["mean"], v["win_rate"]);
    assert_eq!(s["mean0"].as_f64(), Some(0.5));
    assert!(s["elo"].as_f64().unwrap() > 300.0, "{s}");
    // The default loses to pubeval: not better by 0.05 ppg (H0), well before the most games.
    let v = json(&[
        "--a",
        "classic",
        "--b",
        "pubeval",
        "--sprt-ppg",
        "0,0.05",
        "--seed",
        "2026",
        "--alpha",
        "0.1",
        "--beta",
        "0.2",
    ]);
    let s = &v["sprt"];
    assert_eq!(s["decision"], "H0", "{s}");
    assert!(s["games"].as_u64().unwrap() < 10_000, "{s}");
    assert!(
        (s["lower"].as_f64().unwrap() - (0.2f64 / 0.9).ln()).abs() < 1e-12,
        "{s}"
    );
    // A player against itself scores 0 in every pair, halfway between ±0.1: the test never
    // decides, and the duel plays the most games.
    let v = json(&[
        "--a",
        "pubeval",
        "--b",
        "pubeval",
        "--sprt-ppg",
        "-0.1,0.1",
        "--games",
        "1000",
    ]);
    let s = &v["sprt"];
    assert_eq!(
        (&s["decision"], &s["games"]),
        (&"none".into(), &1000.into()),
        "{s}"
    );
    assert_eq!(s["llr"].as_f64(), Some(0.0), "{s}");
    let out = run(&[
        "duel",
        "--a",
        "pubeval",
        "--b",
        "pubeval",
        "--sprt-ppg",
        "-0.1,0.1",
        "--games",
        "1000",
        "--quiet",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "decision         none after 1000 games (500 duplicate pairs), the most (--games)"
        ),
        "{text}"
    );
}

#[test]
fn bad_tests_are_refused_in_one_line() {
    for (args, message) in [
        (
            vec!["--sprt-ppg", "0.1,0.05"],
            "--sprt-ppg 0.1,0.05: H1 (0.05) must be above H0 (0.1)",
        ),
        (vec!["--sprt-ppg", "0.1,0.1"], "must be above H0"),
        (
            vec!["--sprt-ppg", "x,1"],
            "--sprt-ppg wants two numbers P0,P1: H0 and H1 in points per game (such as 0,0.05), not 'x,1'",
        ),
        (vec!["--sprt-ppg", "0.05"], "--sprt-ppg wants two numbers"),
        (vec!["--sprt-ppg", "0,1,2"], "--sprt-ppg wants two numbers"),
        (
            vec!["--sprt-ppg", "0,4"],
            "a bound in ppg must be within −3 to 3, not 4",
        ),
        (vec!["--sprt-ppg", "nan,1"], "a bound in ppg must be within"),
        (
            vec!["--sprt", "0;5"],
            "--sprt wants two numbers E0,E1: H0 and H1 in Elo",
        ),
        (
            vec!["--sprt", "0,1e9"],
            "a bound in Elo must be within −2000 to 2000",
        ),
        (
            vec!["--sprt", "0,5", "--alpha", "0.5"],
            "--alpha must be above 0 and below 0.5 (an error rate), not 0.5",
        ),
        (
            vec!["--sprt", "0,5", "--alpha", "0"],
            "--alpha must be above 0 and below 0.5",
        ),
        (
            vec!["--sprt", "0,5", "--beta", "-0.1"],
            "--beta must be above 0 and below 0.5",
        ),
        (
            vec!["--sprt", "0,5", "--beta", "much"],
            "--beta must be a number above 0 and below 0.5 (an error rate), not 'much'",
        ),
        (
            vec!["--alpha", "0.1"],
            "--alpha and --beta are the error rates of a sequential test: give --sprt-ppg P0,P1 or --sprt E0,E1 too",
        ),
        (
            vec!["--sprt", "0,5", "--sprt-ppg", "0,0.1"],
            "--sprt-ppg and --sprt are two forms of one test",
        ),
    ] {
        let mut all = vec![
            "duel", "--a", "classic", "--b", "random", "--games", "200", "--quiet",
        ];
        all.extend(args.iter().copied());
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("bgw: "), "{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
