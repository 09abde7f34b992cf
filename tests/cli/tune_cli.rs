//! `bgw tune` from the command line: a short run writes loadable weights; bad input is refused.

use crate::common;
use common::run;

use bgw_engine::evaluation::classic::Weights;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-tune-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_short_run_writes_weights_of_the_same_length() {
    let dir = temp_dir("run");
    let out = dir.join("tuned.ron");
    let seed = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/weights/seed.ron");
    let run = run(&[
        "tune",
        "--weights",
        seed,
        "--out",
        out.to_str().unwrap(),
        "--games",
        "40",
        "--offspring",
        "2",
        "--generations",
        "3",
        "--seed",
        "5",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let progress = String::from_utf8(run.stderr).unwrap();
    assert_eq!(
        progress.lines().filter(|l| l.starts_with("gen ")).count(),
        3
    );
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("3 generations"), "{text}");
    let start = Weights::load(std::path::Path::new(seed)).unwrap();
    let tuned = Weights::load(&out).unwrap();
    let norm = |w: &Weights| w.values().iter().map(|x| x * x).sum::<f64>().sqrt();
    assert!((norm(&start) - norm(&tuned)).abs() < 1e-9);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_arguments_are_refused_and_no_file_is_written() {
    let dir = temp_dir("bad");
    let out = dir.join("never.ron");
    let out = out.to_str().unwrap();
    for (args, message) in [
        (vec!["--games", "1"], "--games must be at least 2"),
        (
            vec!["--sigma", "0"],
            "'--sigma <SIGMA>': must be a positive finite number",
        ),
        (
            vec!["--minutes", "inf"],
            "'--minutes <MINUTES>': must be a positive finite number",
        ),
        (vec!["--offspring", "0"], "--offspring must be at least 1"),
        // Once a capacity overflow panic and failed allocations: now refused at once.
        (
            vec!["--offspring", "18446744073709551615"],
            "--offspring must be at most 100, not 18446744073709551615",
        ),
        (
            vec!["--offspring", "4294967296"],
            "--offspring must be at most 100,",
        ),
        (
            vec!["--games", "18446744073709551615"],
            "--games must be at most 1000000,",
        ),
        (
            vec!["--generations", "4294967295"],
            "--generations must be at most 100000,",
        ),
        (
            vec!["--weights", "/nonexistent/w.ron"],
            "/nonexistent/w.ron",
        ),
    ] {
        let mut all = vec!["tune", "--out", out];
        all.extend(args.iter().copied());
        let run = run(&all);
        // A weights file that cannot be read fails while running (1), the rest are usage (2).
        let code = if message.starts_with('/') { 1 } else { 2 };
        assert_eq!(run.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(out).exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn json_reports_the_outcome_and_quiet_silences_stderr() {
    let dir = temp_dir("json");
    let out = dir.join("tuned.ron");
    let run = run(&[
        "tune",
        "--out",
        out.to_str().unwrap(),
        "--games",
        "20",
        "--offspring",
        "1",
        "--generations",
        "2",
        "--json",
        "--quiet",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(v["generations"], 2);
    assert_eq!(v["stop"], "generations");
    assert_eq!(v["history"].as_array().map(Vec::len), Some(2));
    let weights = v["weights"].as_object().unwrap();
    assert_eq!(weights.len(), 11);
    let saved = Weights::load(&out).unwrap();
    assert_eq!(weights["WBAR"].as_f64().unwrap(), saved.values()[0]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// `--sprt-ppg`: every generation judged by sequential tests, said on its line and in the
/// JSON; bad tests refused in one line before any work.
#[test]
fn sequential_judging_says_what_each_test_decided() {
    let dir = temp_dir("sprt");
    let out = dir.join("tuned.ron");
    let run_json = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "--out",
            out.to_str().unwrap(),
            "--games",
            "400",
            "--offspring",
            "2",
            "--generations",
            "3",
            "--seed",
            "5",
            "--sprt-ppg",
            "0,0.05",
        ];
        args.extend(extra);
        run(&args)
    };
    let text = run_json(&[]);
    assert!(
        text.status.success(),
        "{}",
        String::from_utf8_lossy(&text.stderr)
    );
    let progress = String::from_utf8(text.stderr).unwrap();
    let lines: Vec<&str> = progress.lines().filter(|l| l.starts_with("gen ")).collect();
    assert_eq!(lines.len(), 3, "{progress}");
    for line in lines {
        assert!(line.contains("[SPRT: screening "), "{line}");
    }
    let json = run_json(&["--json", "--quiet"]);
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["sprt"]["ppg1"].as_f64(), Some(0.05), "{v}");
    assert_eq!(v["sprt"]["batch_pairs"], 100, "{v}");
    let history = v["history"].as_array().unwrap();
    assert_eq!(history.len(), 3);
    for g in history {
        let t = &g["sprt"];
        let screen = t["screen"].as_str().unwrap();
        assert!(["H1", "H0", "none"].contains(&screen), "{t}");
        // A screening of at most 200 pairs (--games 400), checked every 100.
        let pairs = t["screen_pairs"].as_u64().unwrap();
        assert!(pairs == 100 || pairs == 200, "{t}");
        assert_eq!(g["accepted"], t["confirm"] == "H1", "{g}");
    }
    // Without the test, no sprt key at all (the JSON as before).
    let plain = run(&[
        "tune",
        "--out",
        out.to_str().unwrap(),
        "--games",
        "20",
        "--offspring",
        "1",
        "--generations",
        "1",
        "--json",
        "--quiet",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(
        v.get("sprt").is_none() && v["history"][0].get("sprt").is_none(),
        "{v}"
    );
    for (args, message) in [
        (
            vec!["--sprt-ppg", "0.05,0"],
            "--sprt-ppg 0.05,0: H1 (0) must be above H0 (0.05)",
        ),
        (
            vec!["--sprt-ppg", "0,0.05", "--beta", "0.6"],
            "--beta must be above 0 and below 0.5",
        ),
        (vec!["--alpha", "0.1"], "give --sprt-ppg G0,G1 too"),
    ] {
        let bad = dir.join("never.ron");
        let mut all = vec!["tune", "--out", bad.to_str().unwrap()];
        all.extend(args.iter().copied());
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!bad.exists());
    }
    std::fs::remove_dir_all(dir).unwrap();
}
