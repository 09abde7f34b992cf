//! Which gnubg `bgw` works with, seen from the command line: `bgw --version` names the
//! reference engine found (`BGW_GNUBG` pointing to stand-ins that announce one gnubg version
//! or another), and a gnubg is accepted or refused for what its bridge answers, not for its
//! banner. The real gnubg, when it is installed, is named too.
#![cfg(unix)]

use crate::common;
use bgw_engine::reference::gnubg::PROTOCOL;
use common::real_gnubg;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `bgw ARGS…` with `BGW_GNUBG` set to `program`.
fn bgw(program: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .env("BGW_GNUBG", program)
        .stdin(Stdio::null())
        .output()
        .expect("bgw runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A stand-in gnubg whose bridge answers every request with a hello naming `banner` and
/// `protocol` (sh; `$id` is the request's id).
fn stand_in(dir: &Path, name: &str, banner: &str, protocol: u32) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         while IFS= read -r line; do\n\
         id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n\
         echo 'GNU Backgammon  Position ID: 4HPwATDgc/ABMA'\n\
         echo \"@bgw {{\\\"id\\\":$id,\\\"ok\\\":true,\\\"gnubg\\\":\\\"{banner}\\\",\\\"protocol\\\":{protocol},\\\"problems\\\":[]}}\"\n\
         done\n"
    );
    common::write_program(&path, &script);
    path
}

/// `bgw --version`'s two lines for `program`.
fn version_lines(program: &Path) -> (String, String) {
    let o = bgw(program, &["--version"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let mut lines = out.lines();
    let first = lines.next().unwrap_or_default().to_string();
    let second = lines.next().unwrap_or_default().to_string();
    assert_eq!(lines.next(), None, "{out}");
    (first, second)
}

#[test]
fn version_names_the_reference_engine_or_why_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let bgw_line = format!("bgw {}", env!("CARGO_PKG_VERSION"));

    // gnubg 1.08.003 speaking the protocol: accepted and named.
    let v108 = stand_in(
        dir,
        "gnubg-1.08",
        "GNU Backgammon 1.08.003 20240428",
        PROTOCOL,
    );
    let (first, second) = version_lines(&v108);
    assert_eq!(first, bgw_line);
    assert_eq!(
        second,
        format!(
            "reference engine: GNU Backgammon 1.08.003 ({}, bridge protocol 2)",
            v108.display()
        )
    );

    // A later gnubg too: the protocol decides.
    let v110 = stand_in(dir, "gnubg-1.10", "GNU Backgammon 1.10.000", PROTOCOL);
    assert!(version_lines(&v110).1.contains("GNU Backgammon 1.10.000 ("));

    // Another protocol: refused, saying what differs.
    let other = stand_in(dir, "gnubg-proto", "GNU Backgammon 1.08.003", 99);
    let (_, second) = version_lines(&other);
    assert!(
        second.starts_with("reference engine: gnubg does not work with bgw: ")
            && second.contains("protocol 99; bgw speaks protocol 2"),
        "{second}"
    );

    // gnubg 1.06: too old.
    let old = stand_in(
        dir,
        "gnubg-1.06",
        "GNU Backgammon 1.06.002 20180802",
        PROTOCOL,
    );
    let (_, second) = version_lines(&old);
    assert!(
        second.contains("1.06.002") && second.contains("older than 1.07"),
        "{second}"
    );

    // None installed: how to install it.
    let (first, second) = version_lines(&dir.join("no-such-gnubg"));
    assert_eq!(first, bgw_line);
    assert!(
        second.starts_with("reference engine: GNU Backgammon not found (")
            && second.contains("apt-get install gnubg"),
        "{second}"
    );
}

#[test]
fn a_refused_gnubg_fails_a_benchmark_build_with_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let old = stand_in(
        dir.path(),
        "gnubg-1.06",
        "GNU Backgammon 1.06.002",
        PROTOCOL,
    );
    let out = dir.path().join("b.jsonl");
    let o = bgw(
        &old,
        &[
            "benchmark",
            "build",
            "--games",
            "1",
            "--out",
            out.to_str().unwrap(),
            "--quiet",
            "--reference",
            "process",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("bgw: ") && err.contains("older than 1.07"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn version_names_the_real_gnubg() {
    let Some(program) = real_gnubg() else { return };
    let (_, second) = version_lines(&program);
    assert!(
        second.starts_with("reference engine: GNU Backgammon 1.")
            && second.ends_with(&format!("({}, bridge protocol 2)", program.display())),
        "{second}"
    );
}
