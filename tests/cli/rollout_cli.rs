//! `bgw rollout`: gnubg rolls out the moves named (or its best N), the running results on
//! stderr, each move's equity, standard error, probabilities and trials on stdout; at a match
//! score the MWC too. Moves that are not legal are refused before gnubg starts.
//!
//! Without gnubg the tests that need it print why they are skipped, unless `CI` is set: then
//! they fail.

use crate::common;
use common::{real_gnubg, run, stdout, text};

#[test]
fn named_moves_are_rolled_out_with_their_standard_errors() {
    if real_gnubg().is_none() {
        return;
    }
    let o = run(&[
        "rollout",
        "4HPwATDgc/ABMA",
        "31",
        "--moves",
        "8/5 6/5",
        "24/20",
        "--trials",
        "36",
        "--truncate",
        "3",
        "--seed",
        "5",
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("rolling out 2 moves"),
        "{}",
        text(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["judged_at"], "cubeless money");
    assert_eq!(v["settings"]["trials"], 36);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0]["move"], "8/5 6/5");
    assert_eq!(moves[1]["move"], "24/20");
    for m in moves {
        assert_eq!(m["trials"], 36);
        assert!(m["se"].as_f64().unwrap() > 0.0, "{m}");
        let win = m["probabilities"]["win"].as_f64().unwrap();
        assert!((0.3..0.7).contains(&win), "{m}");
        assert!(m.get("mwc").is_none());
    }
    assert!(moves[0]["equity"].as_f64().unwrap() > moves[1]["equity"].as_f64().unwrap());
}

#[test]
fn at_a_match_score_the_best_moves_are_rolled_out_cubeful_with_their_mwc() {
    if real_gnubg().is_none() {
        return;
    }
    let o = run(&[
        "rollout",
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10",
        "--best",
        "2",
        "--trials",
        "36",
        "--truncate",
        "2",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("at 3-2 to 7, cube 2 White: cubeful equity (EMG), MWC"),
        "{out}"
    );
    assert!(out.contains("MWC") && out.contains('%'), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.ends_with("    36")).count(),
        2,
        "{out}"
    );
}

#[test]
fn a_move_that_is_not_legal_is_refused_before_gnubg_starts() {
    let o = run(&["rollout", "4HPwATDgc/ABMA", "31", "--moves", "8/2"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("8/2"), "{}", text(&o.stderr));
    let o = run(&["rollout", "4HPwATDgc/ABMA", "31", "--trials", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("trials"), "{}", text(&o.stderr));
}

/// The moves are rolled out side by side (issue 35, item 17): running results of the second
/// move come while the first is far from done, so a rollout stopped early compares every
/// move. Before, the second move began only after the first had all its trials.
#[test]
#[cfg(unix)]
fn the_moves_are_rolled_out_side_by_side() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    if real_gnubg().is_none() {
        return;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args([
            "rollout",
            "4HPwATDgc/ABMA",
            "31",
            "--moves",
            "8/5 6/5",
            "24/20",
            "--trials",
            "100000",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bgw runs");
    let stderr = child.stderr.take().expect("stderr");
    // The running results as they come, read on a thread so that the wait is bounded.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut seen = Vec::new();
    let both = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                seen.push(line);
                let running = |m: &str| seen.iter().any(|l| l.contains(m));
                if running("move 1/2") && running("move 2/2") {
                    break true;
                }
            }
            Err(_) => break false,
        }
    };
    // Ctrl+C: bgw ends gnubg and the rollout's gnubgs with it.
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let _ = child.wait();
    assert!(
        both,
        "no running result of both moves within 120 s of a 100,000-trial rollout: {seen:?}"
    );
}
