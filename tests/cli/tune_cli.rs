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
