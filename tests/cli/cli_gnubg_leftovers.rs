//! The temporary files a killed bgw leaves (issue 49, item 23): a `bgw-gnubg-match-*.mat` or
//! `bgw-gnubg-bridge-*.py` whose name carries the id of a process that is gone is removed the
//! next time bgw starts gnubg; the files of a live process and anything else are kept.
#![cfg(unix)]

use std::path::Path;
use std::process::Command;

/// The id of a process that has ended (a child started and waited for).
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn the_files_of_a_process_that_is_gone_are_removed_at_the_next_start() {
    let tmp = tempfile::tempdir().unwrap();
    let dead = dead_pid();
    let me = std::process::id();
    let stale = [
        format!("bgw-gnubg-match-{dead}-Ab12Cd.mat"),
        format!("bgw-gnubg-bridge-{dead}-Xy34Zw.py"),
    ];
    let kept = [
        format!("bgw-gnubg-match-{me}-Ab12Cd.mat"),
        "bgw-gnubg-match-notapid.mat".to_string(),
        "notes.txt".to_string(),
    ];
    for n in stale.iter().chain(&kept) {
        std::fs::write(tmp.path().join(n), "1 point match\n").unwrap();
    }
    // `--version` asks gnubg its version: the start writes the bridge script (here gnubg is
    // a program that fails at once).
    let out = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .arg("--version")
        .env("BGW_GNUBG", "/bin/false")
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    let mut want: Vec<String> = kept.to_vec();
    want.sort();
    assert_eq!(names(tmp.path()), want, "{err}");
}
