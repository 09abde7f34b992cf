//! Ctrl+C (SIGINT sent to a child `bgw`): exit code 130, and what each long command leaves —
//! tune and learn the weights so far, duel the figures of the pairs it finished, a bear-off
//! build and a fit no file at all. SIGTERM stops a command the same way.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-int-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `bgw args`, sends it SIGINT after `after`, and waits (at most a minute) for it.
fn interrupted(args: &[&str], after: Duration) -> Output {
    signalled("-INT", args, after)
}

/// Starts `bgw args`, sends it `signal` after `after`, and waits (at most a minute) for it.
fn signalled(signal: &str, args: &[&str], after: Duration) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bgw runs");
    std::thread::sleep(after);
    let started = Instant::now();
    let kill = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success(), "the child was still running");
    let out = child.wait_with_output().expect("bgw ends");
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "stopped promptly"
    );
    out
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The names in a folder.
fn names(dir: &Path) -> Vec<String> {
    let mut n: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    n.sort();
    n
}

#[test]
fn tune_writes_the_best_weights_so_far() {
    let dir = temp_dir("tune");
    let out = dir.join("best.ron");
    let o = interrupted(
        &["tune", "--out", out.to_str().unwrap(), "--games", "1000000"],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("interrupted") && err.contains("best.ron"),
        "{err}"
    );
    let w = bgw_engine::evaluation::classic::Weights::load(&out).expect("the weights are written");
    assert!(w.values().iter().any(|&x| x != 0.0));
    assert_eq!(names(&dir), ["best.ron"], "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn learn_writes_the_weights_and_the_log_so_far() {
    learn_stopped_by("-INT", "learn");
}

#[test]
fn a_terminated_learn_run_cleans_up_as_ctrl_c_does() {
    // SIGTERM (what `kill`, systemd and CI send): the same as Ctrl+C, the log's temporary
    // file gone with exit code 130 (issue 22, item 15).
    learn_stopped_by("-TERM", "learn-term");
}

/// `bgw learn --log` stopped by `signal`: the weights and the log so far, no temporary file.
fn learn_stopped_by(signal: &str, folder: &str) {
    let dir = temp_dir(folder);
    let (out, log) = (dir.join("w.ron"), dir.join("log.jsonl"));
    let o = signalled(
        signal,
        &[
            "learn",
            "--out",
            out.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
            "--games",
            "100000000",
            "--checkpoint",
            "0",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted after"), "{}", stderr(&o));
    bgw_engine::evaluation::classic::Weights::load(&out).expect("the weights are written");
    let lines = std::fs::read_to_string(&log).unwrap();
    assert!(lines.lines().count() > 0);
    for l in lines.lines() {
        serde_json::from_str::<serde_json::Value>(l).expect("whole JSON lines");
    }
    assert_eq!(
        names(&dir),
        ["log.jsonl", "w.ron"],
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn duel_prints_the_pairs_it_finished() {
    let o = interrupted(
        &[
            "duel",
            "--a",
            "random",
            "--b",
            "pubeval",
            "--games",
            "100000000",
            "--json",
            "--quiet",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("the figures as JSON");
    assert_eq!(v["cancelled"], true);
    let games = v["games"].as_u64().unwrap();
    assert!(
        games > 0 && games < 100_000_000 && games.is_multiple_of(2),
        "{games}"
    );
}

/// A 12-point bear-off build stopped by `signal`: exit code 130, no file left.
fn a_bearoff_build_stopped_by(signal: &str, folder: &str) {
    let dir = temp_dir(folder);
    let out = dir.join("big.bd");
    let o = signalled(
        signal,
        &[
            "bearoff",
            "build",
            "--points",
            "12",
            "--out",
            out.to_str().unwrap(),
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{signal}: {}", stderr(&o));
    assert!(stderr(&o).contains("big.bd not written"), "{}", stderr(&o));
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_bearoff_build_leaves_no_file() {
    a_bearoff_build_stopped_by("-INT", "bearoff");
}

#[test]
fn a_terminated_bearoff_build_leaves_no_file() {
    a_bearoff_build_stopped_by("-TERM", "bearoff-term");
}

#[test]
fn an_interrupted_fit_leaves_no_file() {
    let dir = temp_dir("fit");
    let out = dir.join("fitted.ron");
    let o = interrupted(
        &[
            "fit",
            "--benchmark",
            "shipped",
            "--holdout",
            "holdout",
            "--out",
            out.to_str().unwrap(),
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing written to"), "{}", stderr(&o));
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_benchmark_build_leaves_no_file() {
    // gnubg plays the games: without it (and without CI) there is nothing to interrupt.
    if !Path::new("/usr/games/gnubg").exists() && std::env::var_os("BGW_GNUBG").is_none() {
        assert!(std::env::var_os("CI").is_none(), "gnubg is not installed");
        eprintln!("skipped: gnubg is not installed (apt-get install gnubg)");
        return;
    }
    let dir = temp_dir("benchmark");
    let out = dir.join("decisions.jsonl.gz");
    let o = interrupted(
        &[
            "benchmark",
            "build",
            "--games",
            "10000",
            "--out",
            out.to_str().unwrap(),
        ],
        Duration::from_millis(2000),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("decisions.jsonl.gz not written"),
        "{}",
        stderr(&o)
    );
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_two_sided_build_resumes_from_its_checkpoint() {
    let dir = temp_dir("two-sided");
    let out = dir.join("ts.bd");
    let args = [
        "bearoff",
        "build",
        "--two-sided",
        "6x10",
        "--cubeless",
        "--out",
        out.to_str().unwrap(),
    ];
    let o = interrupted(&args, Duration::from_millis(2500));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("ts.bd not written") && stderr(&o).contains("--resume"),
        "{}",
        stderr(&o)
    );
    // No output, only the checkpoint of the finished pip levels.
    assert_eq!(names(&dir), ["ts.bd.resume"]);
    let resumed = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .arg("--resume")
        .output()
        .unwrap();
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(names(&dir), ["ts.bd"]);
    // The same file as a build from scratch.
    let fresh = dir.join("fresh.bd");
    let mut again: Vec<&str> = args[..6].to_vec();
    again.push(fresh.to_str().unwrap());
    let o = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(again)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&fresh).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_build_from_play_leaves_no_file() {
    // Ctrl+C while the games are played (the classic against pubeval: no gnubg needed yet).
    let dir = temp_dir("from-play");
    let out = dir.join("play.jsonl.gz");
    let o = interrupted(
        &[
            "benchmark",
            "build",
            "--from-play",
            "classic:pubeval",
            "--games",
            "100000",
            "--out",
            out.to_str().unwrap(),
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("play.jsonl.gz not written"),
        "{}",
        stderr(&o)
    );
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}
