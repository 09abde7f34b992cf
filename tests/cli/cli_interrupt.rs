//! Ctrl+C (SIGINT sent to a child `bgw`): exit code 130, and what each long command leaves —
//! tune and learn the weights so far, duel the figures of the pairs it finished, a bear-off
//! build and a fit no file at all, `play --save-match` the game so far, no command a temporary
//! file. SIGTERM stops a command the same way with exit code 143, SIGHUP with 129.
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

/// The exit code of a run `signal` stopped: 128 + its number, as shells report it.
fn code_of(signal: &str) -> i32 {
    match signal {
        "-HUP" => 129,
        "-INT" => 130,
        "-TERM" => 143,
        _ => panic!("no code for {signal}"),
    }
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
    // file gone (issue 22, item 15), with the shell's code for it, 143 (issue 35, item 11).
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
    assert_eq!(o.status.code(), Some(code_of(signal)), "{}", stderr(&o));
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

/// A sequential duel that cannot decide (a player against itself scores 0 in every pair,
/// halfway between the hypotheses) stopped by Ctrl+C: the figures of the pairs finished,
/// undecided.
#[test]
fn a_sequential_duel_prints_the_pairs_it_finished_undecided() {
    let o = interrupted(
        &[
            "duel",
            "--a",
            "pubeval",
            "--b",
            "pubeval",
            "--sprt-ppg=-0.1,0.1",
            "--games",
            "100000000",
            "--json",
            "--quiet",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("interrupted: the figures cover"),
        "{}",
        stderr(&o)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("the figures as JSON");
    assert_eq!(v["cancelled"], true);
    assert_eq!(v["sprt"]["decision"], "none");
    let games = v["games"].as_u64().unwrap();
    assert!(games > 0 && games < 100_000_000, "{games}");
    assert_eq!(v["sprt"]["games"].as_u64(), Some(games));
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
    assert_eq!(
        o.status.code(),
        Some(code_of(signal)),
        "{signal}: {}",
        stderr(&o)
    );
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

/// A MAT file of `games` copies of one game (about 660 bytes each), for a write that takes a
/// while.
fn long_mat(path: &Path, games: usize) {
    let mut text = String::from(" 0 point match\n\n");
    for g in 1..=games {
        text.push_str(&format!(
            " Game {g}\n gnubg : 0                      root : {}\n",
            g - 1
        ));
        text.push_str(
            "  1)                             63: 24/18 18/15\n  \
             2) 65: 24/18 18/13             11: 15/14 14/13 6/5 6/5\n  \
             3) 62: 24/22 22/16             21: 8/7 13/11\n  \
             4) 31: 6/5 8/5                 32: 11/9* 13/10\n  \
             5) 53: 25/22 13/8              63: 6/3* 9/3\n  \
             6) 64: 25/21 21/15*            32: 25/23 13/10*\n  \
             7) 54: 25/21 21/16             32: 23/21 13/10\n  \
             8) 62: 16/10 10/8              41: 10/9 8/4\n  \
             9) 65: 6/1* 13/7               33: 25/22 21/18* 18/15 7/4\n \
             10) 43:                         61: 15/14 14/8\n \
             11) 52: 25/23 6/1                Doubles => 2\n \
             12)  Drops                       Wins 1 point\n\n",
        );
    }
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_convert_killed_during_its_write_leaves_no_temporary_file() {
    // `match convert -o` runs no long computation: a signal ends it at once, also while it
    // writes its output. Each try sends the signal as soon as the temporary file is seen (the
    // write has begun); the handler removes it before the process ends (issue 35, item 11:
    // 5 of 40 tries left one). SIGINT and SIGTERM by turns, each with its own exit code.
    let dir = temp_dir("convert-kill");
    let input = dir.join("in.mat");
    long_mat(&input, 3000);
    let out = dir.join("out.sgf");
    let mut stopped = 0;
    for attempt in 0..40 {
        let signal = if attempt % 2 == 0 { "-INT" } else { "-TERM" };
        let _ = std::fs::remove_file(&out);
        let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
            .args(["match", "convert", input.to_str().unwrap(), "--to", "sgf"])
            .arg("-o")
            .arg(&out)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bgw runs");
        let started = Instant::now();
        let writing = || names(&dir).iter().any(|n| n.ends_with(".tmp"));
        while !writing() && child.try_wait().unwrap().is_none() {
            assert!(started.elapsed() < Duration::from_secs(60), "no write seen");
            std::thread::sleep(Duration::from_micros(200));
        }
        let _ = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status();
        let o = child.wait_with_output().expect("bgw ends");
        let code = o.status.code();
        // The signal may come after the rename: the run then ends either way, the file whole.
        assert!(
            code == Some(code_of(signal)) || code == Some(0),
            "try {attempt} {signal}: {code:?} {}",
            stderr(&o)
        );
        if code != Some(0) {
            stopped += 1;
        }
        let left: Vec<String> = names(&dir)
            .into_iter()
            .filter(|n| n != "in.mat" && n != "out.sgf")
            .collect();
        assert!(left.is_empty(), "try {attempt} {signal}: {left:?} left");
        if out.exists() {
            bgw_engine::matches::read_match_file(&out).expect("a whole file or none");
        }
    }
    assert!(stopped > 0, "no try was stopped by its signal");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bgw play --roll --save-match` stopped by `signal` while it waits for the person's move.
fn play_stopped_by(signal: &str) {
    use std::io::Read;
    let dir = temp_dir(&format!("play{signal}"));
    let saved = dir.join("game.mat");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["play", "--seed", "3", "--roll", "--save-match"])
        .arg(&saved)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bgw runs");
    // Held open until bgw has ended: `wait_with_output` would close it first, and an end of
    // input (which saves the game too, with exit 0) could then beat the signal.
    let stdin = child.stdin.take();
    let mut stdout = child.stdout.take().unwrap();
    let (send, seen) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || send.send(buf[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    let mut text = String::new();
    while !text.contains("Your move (") {
        let chunk = seen
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("{signal}: no prompt ({e}): {text}"));
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    let kill = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().expect("bgw ends");
    drop(stdin);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(code_of(signal)), "{signal}: {err}");
    assert!(
        err.contains("interrupted: game saved to"),
        "{signal}: {err}"
    );
    let m = bgw_engine::matches::read_match_file(&saved).expect("the game so far is saved");
    assert_eq!(m.players, ["you", "classic"]);
    assert_eq!(m.games.len(), 1);
    assert_eq!(m.games[0].result, None, "unfinished");
    assert!(!m.games[0].decisions.is_empty(), "White's moves at least");
    assert_eq!(names(&dir), ["game.mat"], "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_keeps_the_game_on_ctrl_c() {
    play_stopped_by("-INT");
}

#[test]
fn play_keeps_the_game_on_sigterm() {
    play_stopped_by("-TERM");
}

#[test]
fn play_keeps_the_game_when_the_terminal_closes() {
    play_stopped_by("-HUP");
}
