//! `bgw eval`: gnubg's nets evaluated in bgw, from the command line — gnubg's stored figures
//! (`tests/data/native/gnubg_0ply.jsonl`), with no gnubg program on the machine, batches, and
//! the refusals.

use crate::common;
use crate::stored_figures;
use common::{bgw, run, stdout, text};
use std::process::{Command, Stdio};

/// The stored gnubg figures: (Position ID, the five probabilities, the cubeless equity).
fn stored() -> Vec<(String, Vec<f64>, f64)> {
    std::fs::read_to_string(common::data("native/gnubg_0ply.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let probs = (0..5).map(|i| v["probs"][i].as_f64().unwrap()).collect();
            (
                v["position"].as_str().unwrap().to_string(),
                probs,
                v["equity"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn figures(v: &serde_json::Value) -> Vec<f64> {
    [
        "win",
        "win_gammon",
        "win_backgammon",
        "lose_gammon",
        "lose_backgammon",
    ]
    .iter()
    .map(|k| v[k].as_f64().unwrap())
    .collect()
}

/// Within 1e-5 each, or the foreign processor's tolerance (see `stored_figures`).
fn close(ours: &[f64], theirs: &[f64]) -> bool {
    let tolerance = stored_figures::tolerance(1e-5, stored_figures::FOREIGN_PROBABILITY);
    ours.iter()
        .zip(theirs)
        .all(|(a, b)| (a - b).abs() <= tolerance)
}

/// Within 1e-5, or the foreign processor's tolerance of an equity.
fn close_equity(ours: f64, theirs: f64) -> bool {
    (ours - theirs).abs() <= stored_figures::tolerance(1e-5, stored_figures::FOREIGN_EQUITY)
}

#[test]
fn eval_json_gives_gnubgs_figures() {
    for (id, probs, equity) in stored().iter().step_by(7) {
        let o = run(&["eval", id, "--json", "--cubeless"]);
        assert!(o.status.success(), "{id}: {}", text(&o.stderr));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert!(close(&figures(&v), probs), "{id}: {v} vs {probs:?}");
        assert!(close_equity(
            v["cubeless_equity"].as_f64().unwrap(),
            *equity
        ));
        assert_eq!(v["plies"], 0);
        assert!(v.get("cubeful").is_none(), "--cubeless leaves it out: {v}");
    }
}

/// `--plies 1` and `--plies 2` give gnubg's own stored 1- and 2-ply figures
/// (`tests/data/native/gnubg_plies.jsonl`), one position and a batch.
#[test]
fn eval_at_one_and_two_plies_gives_gnubgs_figures() {
    let stored: Vec<(String, u64, Vec<f64>)> =
        std::fs::read_to_string(common::data("native/gnubg_plies.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v.get("probs").is_some())
            .map(|v| {
                let probs = (0..5).map(|i| v["probs"][i].as_f64().unwrap()).collect();
                (
                    v["position"].as_str().unwrap().to_string(),
                    v["plies"].as_u64().unwrap(),
                    probs,
                )
            })
            .collect();
    for plies in [1, 2] {
        let some: Vec<_> = stored.iter().filter(|s| s.1 == plies).step_by(4).collect();
        assert!(some.len() >= 4);
        let (id, _, probs) = some[0];
        let o = run(&["eval", id, "--plies", &plies.to_string(), "--json"]);
        assert!(o.status.success(), "{id}: {}", text(&o.stderr));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert!(close(&figures(&v), probs), "{id}: {v} vs {probs:?}");
        assert_eq!(v["plies"], plies);
        let o = run(&["eval", id, "--plies", &plies.to_string()]);
        assert!(
            stdout(&o).contains(&format!("{plies}-ply")),
            "{}",
            stdout(&o)
        );

        let file = tempfile::NamedTempFile::new().unwrap();
        let ids: Vec<&str> = some.iter().map(|s| s.0.as_str()).collect();
        std::fs::write(file.path(), ids.join("\n") + "\n").unwrap();
        let o = run(&[
            "eval",
            "--batch",
            file.path().to_str().unwrap(),
            "--plies",
            &plies.to_string(),
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let lines: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), some.len());
        for (v, (id, _, probs)) in lines.iter().zip(&some) {
            assert!(
                close(&figures(v), probs),
                "{id} at {plies} plies: {v} vs {probs:?}"
            );
        }
    }
}

#[test]
fn eval_text_prints_the_five_probabilities_and_the_cubeful_equity() {
    let (id, probs, equity) = &stored()[0];
    let o = run(&["eval", id]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    if stored_figures::made_here() {
        assert!(out.contains(&format!("Win {:.6}", probs[0])), "{out}");
        assert!(out.contains(&format!("L(bg) {:.6}", probs[4])), "{out}");
        assert!(
            out.contains(&format!("Cubeless equity (money): {equity:+.6}")),
            "{out}"
        );
    } else {
        // Another processor's gnubg: the printed figures within the foreign tolerances.
        let printed = |label: &str| -> f64 {
            let at = out
                .find(label)
                .unwrap_or_else(|| panic!("{label} in {out}"))
                + label.len();
            out[at..]
                .split_whitespace()
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert!(
            close(&[printed("Win "), printed("L(bg) ")], &[probs[0], probs[4]]),
            "{out}"
        );
        assert!(
            close_equity(printed("Cubeless equity (money): "), *equity),
            "{out}"
        );
    }
    assert!(out.contains("Evaluator: contact net, 0-ply"), "{out}");
    assert!(
        out.contains("Cubeful equity (money, cube 1 centred"),
        "{out}"
    );
    let cubeless = stdout(&run(&["eval", id, "--cubeless"]));
    assert!(!cubeless.contains("Cubeful"), "{cubeless}");
}

/// The cubeful equity of the opening position as gnubg 1.07.001's `eval` prints it (its
/// "Cubeful" column, `set output digits 6`, on the processor of `stored_figures`): money with
/// the Jacoby rule and beavers +0.084376; at 3-2 to 7 (Match ID `cAngADAAEAAE`, the side on
/// roll trailing) +0.068207 normalised, MWC 43.10706% (`set output mwc on`).
#[test]
fn eval_gives_gnubgs_cubeful_equity_for_money_and_in_a_match() {
    let o = run(&["eval", "4HPwATDgc/ABMA", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let cubeful = v["cubeful_equity"].as_f64().unwrap();
    assert!(close_equity(cubeful, 0.084376), "{v}");
    assert!(v.get("mwc").is_none(), "no MWC in money play: {v}");
    let o = run(&["eval", "4HPwATDgc/ABMA:cAngADAAEAAE", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(
        close_equity(v["cubeful_equity"].as_f64().unwrap(), 0.068207),
        "{v}"
    );
    let mwc = stored_figures::tolerance(1e-6, stored_figures::FOREIGN_EQUITY / 2.0);
    assert!((v["mwc"].as_f64().unwrap() - 0.4310706).abs() <= mwc, "{v}");
    let out = stdout(&run(&["eval", "4HPwATDgc/ABMA:cAngADAAEAAE"]));
    assert!(
        out.contains("Cubeful equity (at 2-3 to 7, cube 1 centred): +0.068"),
        "{out}"
    );
    assert!(out.contains("MWC 43.10"), "{out}");
}

/// With no gnubg program (an empty PATH, `BGW_GNUBG` naming nothing) and no weights file
/// named, bgw still judges: the weights found, or those built in.
#[test]
fn eval_needs_no_gnubg_program() {
    let (id, probs, _) = &stored()[3];
    let o = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["eval", id, "--json"])
        .env("PATH", "")
        .env("BGW_GNUBG", "/nonexistent/gnubg")
        .env_remove("BGW_GNUBG_WEIGHTS")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(close(&figures(&v), probs), "{v} vs {probs:?}");
}

#[test]
fn eval_batch_answers_every_line_in_order() {
    let all = stored();
    let input = format!("{}\nnot a position\n{}\n", all[1].0, all[20].0);
    let o = bgw(&["eval", "--batch", "-"], &input);
    assert_eq!(o.status.code(), Some(1), "a bad line makes the exit code 1");
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["position"], all[1].0.as_str());
    assert!(close(&figures(&lines[0]), &all[1].1));
    assert_eq!(lines[1]["position"], "not a position");
    assert!(lines[1]["error"].as_str().unwrap().contains("Position ID"));
    assert!(close(&figures(&lines[2]), &all[20].1));

    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), format!("{}\n", all[5].0)).unwrap();
    let o = run(&["eval", "--batch", file.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(close(&figures(&v), &all[5].1));
}

#[test]
fn eval_refuses_what_it_does_not_cover_and_bad_weights() {
    let o = run(&["eval", "4HPwATDgc/ABMA", "--plies", "3"]);
    assert_eq!(o.status.code(), Some(2));
    let e = text(&o.stderr);
    assert!(e.contains("--plies 3 is not covered"), "{e}");

    let o = run(&[
        "eval",
        "4HPwATDgc/ABMA",
        "--gnubg-weights",
        "/nonexistent/gnubg.wd",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("/nonexistent/gnubg.wd"));

    let bad = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(bad.path(), b"GNU Backgammon 1.00\n250 128 5 1 0.1 1\n0.5\n").unwrap();
    let o = run(&[
        "eval",
        "4HPwATDgc/ABMA",
        "--gnubg-weights",
        bad.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = text(&o.stderr);
    assert!(
        e.contains("is not gnubg 1.07's weights") && e.contains("ends in the contact"),
        "{e}"
    );

    let o = run(&["eval"]);
    assert_eq!(o.status.code(), Some(2), "a position or --batch is needed");
}

/// `--plies 1` and `--plies 2` give the cubeful equity at those depths: gnubg 1.07's own `eval`
/// prints (to three decimals) +0.098 and +0.099 for money (cube centred, Jacoby, beavers), and
/// +0.079 at both depths at 2-3 to 7.
#[test]
fn eval_gives_the_cubeful_equity_at_one_and_two_plies() {
    for (plies, money, at_match) in [("1", 0.098, 0.079), ("2", 0.099, 0.079)] {
        for (id, gnubgs) in [
            ("4HPwATDgc/ABMA", money),
            ("4HPwATDgc/ABMA:cAngADAAEAAE", at_match),
        ] {
            let o = run(&["eval", id, "--plies", plies, "--json"]);
            assert!(o.status.success(), "{}", text(&o.stderr));
            let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
            let cubeful = v["cubeful_equity"].as_f64().expect("a cubeful equity");
            assert!(
                (cubeful - gnubgs).abs() <= 5e-4,
                "{id} at {plies} plies: {v}"
            );
        }
    }
}
