//! Messages the fault hunt found wanting (issue 49, item 22): a database of a negative schema
//! version, a non-UTF-8 line at the drill's prompt, a `--state` that is a file.

use super::archive;
use crate::common::{self, stdout, text};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_database_of_a_negative_schema_version_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let o = archive(&db, &["players"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    bgw_engine::archive::Archive::open(&db)
        .unwrap()
        .connection()
        .pragma_update(None, "user_version", -1)
        .unwrap();
    let o = archive(&db, &["players"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("not a bgw archive"), "{err}");
    assert!(err.lines().count() == 1 && err.len() < 400, "{err}");
}

#[test]
fn a_line_that_is_not_utf8_at_the_drill_prompt_is_said_and_asked_again() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    super::drill::reviewed(&db);
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["drill", "--player", "kalvatn", "--db", db.to_str().unwrap()])
        .args(["--now", "2026-12-05T09:00:00Z"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"24/18 \xff\xfe13/11\nquit\n").unwrap();
    drop(input);
    let o = child.wait_with_output().unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    assert!(out.contains("not UTF-8"), "{out}");
    // Asked again: a second prompt after the first.
    assert!(out.matches("> ").count() >= 2, "{out}");
}

#[test]
fn a_state_that_is_a_file_is_said_to_be_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    std::fs::write(&state, "not a folder").unwrap();
    let out = dir.path().join("w.ron");
    let o = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args([
            "fit",
            "--rounds",
            "1",
            "--games",
            "2",
            "--duel-games",
            "2",
            "--quiet",
        ])
        .arg("--out")
        .arg(&out)
        .arg("--state")
        .arg(&state)
        .env("BGW_GNUBG", "/bin/false")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("is not a folder"), "{err}");
    assert!(!out.exists());
}
