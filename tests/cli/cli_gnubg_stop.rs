//! Stopping a command while gnubg does not answer (issue 22, items 13–15): Ctrl+C and
//! SIGTERM end `bgw duel`, `bgw benchmark score` and `bgw benchmark build` at once
//! with exit code 130, whatever the stand-in gnubg does, and leave neither a bridge script in
//! the temporary folder nor a gnubg process behind.
//!
//! One test runs every case in turn. The stand-ins are written by `common::write_program`: one
//! written while another test thread forks could fail to start with "text file busy".
#![cfg(unix)]

use crate::common;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Far less than gnubg's 60 s time-out, which the commands used to wait out (twice).
const PROMPTLY: Duration = Duration::from_secs(30);

/// The hello a stand-in answers with (`$id` the request id).
const HELLO: &str = "echo \"@bgw {\\\"id\\\":$id,\\\"ok\\\":true,\\\"gnubg\\\":\\\"GNU Backgammon 1.07.001 (a stand-in)\\\",\\\"protocol\\\":2}\"";

/// How a stand-in behaves.
#[derive(Clone, Copy, Debug)]
enum Stand {
    /// Answers the hello, then reads every request and answers none (it ends at end of input).
    Silent,
    /// Answers the hello; at the first request it ignores end of input and SIGINT/SIGTERM/SIGHUP
    /// and waits for ever (only SIGKILL ends it).
    Stubborn,
    /// Never answers, not even the hello, and ignores what [`Stand::Stubborn`] ignores.
    Mute,
}

/// Writes the stand-in into `dir`: it appends its process id to `dir/pids` when it starts and
/// creates `dir/asked` when a request after the hello (or, mute, the hello) arrives.
fn stand_in(dir: &Path, stand: Stand) -> PathBuf {
    let d = dir.display();
    let stuck = "trap '' INT TERM HUP; while :; do sleep 1; done";
    let body = match stand {
        Stand::Silent => format!(
            "n=0\nwhile IFS= read -r line; do\n\
             id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n\
             n=$((n+1))\n\
             if [ $n = 1 ]; then {HELLO}; continue; fi\n\
             touch {d}/asked\n\
             done\n"
        ),
        Stand::Stubborn => format!(
            "n=0\nwhile IFS= read -r line; do\n\
             id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n\
             n=$((n+1))\n\
             if [ $n = 1 ]; then {HELLO}; continue; fi\n\
             touch {d}/asked\n\
             {stuck}\n\
             done\n"
        ),
        Stand::Mute => format!("read -r line\ntouch {d}/asked\n{stuck}\n"),
    };
    let path = dir.join(format!("gnubg-{stand:?}"));
    common::write_program(&path, &format!("#!/bin/sh\necho $$ >> {d}/pids\n{body}"));
    path
}

/// Waits (bounded) until `what` holds.
fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits (bounded) for the run to end and returns its output.
fn ended(mut child: Child) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > PROMPTLY {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "bgw did not end within {PROMPTLY:?} of the signal: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .args([name, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(ok.success(), "bgw was running");
}

/// True while process `pid` exists (a zombie counts as ended).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| !r.trim_start().starts_with('Z'))
    })
}

/// The bridge scripts in `tmp`.
fn scripts(tmp: &Path) -> Vec<String> {
    std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("bgw-gnubg-bridge-"))
        .collect()
}

/// Runs `bgw args` with the stand-in as gnubg, sends `signals` once it is asked, and checks
/// that the run ended with the signal's code, saying `words`, leaving no script and no stand-in
/// running. A run that ended on its own before the signal (`--version` gives up on a mute
/// gnubg after twice 5 s, which a loaded machine can take to start the stand-in) tested
/// nothing: it is run again, three times at most.
fn case(root: &Path, name: &str, stand: Stand, args: &[&str], signals: &[&str], words: &str) {
    for attempt in 1..=3 {
        let dir = root.join(format!("{name}-{attempt}"));
        if attempt_case(&dir, name, stand, args, signals, words) {
            return;
        }
        eprintln!("{name}: bgw ended before the signal (attempt {attempt}); again");
    }
    panic!("{name}: bgw ended on its own before the signal three times");
}

/// One run of [`case`] in `dir`; false when bgw ended before the signal could be sent.
fn attempt_case(
    dir: &Path,
    name: &str,
    stand: Stand,
    args: &[&str],
    signals: &[&str],
    words: &str,
) -> bool {
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let program = stand_in(dir, stand);
    // The stand-in is the gnubg program: every command that judges is told to ask it.
    let process: &[&str] = match args[0].starts_with('-') {
        true => &[],
        false => &["--reference", "process"],
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .args(process)
        .env("BGW_GNUBG", &program)
        .env("TMPDIR", &tmp)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bgw runs");
    wait_for(&format!("{name}: gnubg asked"), PROMPTLY, || {
        dir.join("asked").exists()
    });
    if args[0] == "benchmark" && args[1] == "build" {
        // One gnubg, which has read the script (it answered the hello): the script goes while
        // the run goes on. (With several, one may still be starting.)
        wait_for(
            &format!("{name}: the script removed while gnubg runs"),
            Duration::from_secs(10),
            || scripts(&tmp).is_empty(),
        );
    }
    if child.try_wait().expect("wait").is_some() {
        return false;
    }
    for s in signals {
        signal(&child, s);
    }
    let out = ended(child);
    let err = String::from_utf8_lossy(&out.stderr);
    // 128 + the last signal's number, as shells report it: 130 for SIGINT, 143 for SIGTERM.
    let code = if signals.last() == Some(&"-TERM") {
        143
    } else {
        130
    };
    assert_eq!(out.status.code(), Some(code), "{name}: {err}");
    assert!(err.contains(words), "{name}: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    assert_eq!(scripts(&tmp), Vec::<String>::new(), "{name}: scripts left");
    let pids: Vec<u32> = std::fs::read_to_string(dir.join("pids"))
        .unwrap()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect();
    assert!(!pids.is_empty(), "{name}");
    wait_for(
        &format!("{name}: every gnubg ended ({pids:?})"),
        Duration::from_secs(10),
        || pids.iter().all(|&p| !alive(p)),
    );
    true
}

#[test]
fn a_stopped_command_ends_at_once_and_leaves_no_gnubg_and_no_script() {
    let root = tempfile::tempdir().unwrap();
    let root = root.path();
    let duel = [
        "duel",
        "--a",
        "classic",
        "--b",
        "gnubg",
        "--games",
        "1000",
        "--threads",
        "2",
        "--quiet",
    ];
    case(
        root,
        "duel-int",
        Stand::Silent,
        &duel,
        &["-INT"],
        "interrupted",
    );
    case(
        root,
        "duel-term",
        Stand::Stubborn,
        &duel,
        &["-TERM"],
        "interrupted",
    );
    // A command without a long computation ends at the first signal, as a second signal
    // ends the others: at once, gnubg (which ignores the signal and the end of its input)
    // and the script it never finished loading going with it.
    case(root, "version", Stand::Mute, &["--version"], &["-INT"], "");
    case(
        root,
        "duel-mute",
        Stand::Mute,
        &duel,
        &["-INT"],
        "interrupted",
    );
    case(
        root,
        "score",
        Stand::Stubborn,
        &["benchmark", "score", "--player", "gnubg"],
        &["-INT"],
        "interrupted: no figures",
    );
    case(
        root,
        "build",
        Stand::Silent,
        &[
            "benchmark",
            "build",
            "--games",
            "2",
            "--out",
            "b.jsonl",
            "--quiet",
        ],
        &["-INT"],
        "interrupted: b.jsonl not written",
    );
    assert!(!root.join("build/b.jsonl").exists());
}
