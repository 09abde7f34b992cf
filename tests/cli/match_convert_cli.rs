//! `bgw match convert` and `bgw play --save-match` from the outside: a match file written
//! again in the other layout reads back to the same decisions, to stdout or atomically to a
//! file; bad input ends with one line and a non-zero exit code, and nothing is written.

use crate::common;
use common::{bgw, data, decisions, run, stdout, text};

use bgw_engine::matches::{read_match, read_match_file};
use std::path::Path;

/// The files in `dir`, by name.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_mat_file_as_sgf_on_stdout_and_back_as_mat_to_a_file() {
    let mat = data("matches/gnubg_5pt_seed101.mat");
    let ours = read_match_file(&mat).unwrap();
    let o = run(&["match", "convert", mat.to_str().unwrap(), "--to", "sgf"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let sgf = stdout(&o);
    assert!(sgf.starts_with("(;FF[4]GM[6]"), "{sgf}");
    let back = read_match(&sgf).unwrap();
    assert_eq!(decisions(&back), decisions(&ours));
    assert!(decisions(&ours).len() > 50);

    let dir = tempfile::tempdir().unwrap();
    let sgf_file = dir.path().join("m.sgf");
    std::fs::write(&sgf_file, &sgf).unwrap();
    let out = dir.path().join("again.mat");
    let o = run(&[
        "match",
        "convert",
        sgf_file.to_str().unwrap(),
        "--to",
        "mat",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(stdout(&o), "", "nothing on stdout with -o");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains(" 5 point match"), "{written}");
    assert_eq!(decisions(&read_match(&written).unwrap()), decisions(&ours));
    // No temporary file is left beside it.
    assert_eq!(names(dir.path()), ["again.mat", "m.sgf"]);
}

#[test]
fn bad_input_is_one_line_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.sgf");
    let out_s = out.to_str().unwrap();
    let check = |args: &[&str], says: &str| {
        let o = run(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("bgw: ") && err.contains(says),
            "{args:?}: {err}"
        );
        assert!(!out.exists(), "{args:?} wrote {out_s}");
    };
    let missing = dir.path().join("missing.mat");
    check(
        &[
            "match",
            "convert",
            missing.to_str().unwrap(),
            "--to",
            "sgf",
            "-o",
            out_s,
        ],
        "cannot read",
    );
    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo.mat");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        check(
            &[
                "match",
                "convert",
                fifo.to_str().unwrap(),
                "--to",
                "sgf",
                "-o",
                out_s,
            ],
            "cannot read",
        );
    }
    let junk = dir.path().join("junk.mat");
    std::fs::write(&junk, "hello").unwrap();
    check(
        &[
            "match",
            "convert",
            junk.to_str().unwrap(),
            "--to",
            "sgf",
            "-o",
            out_s,
        ],
        "expected the match length",
    );
    // A game set up away from the opening position: SGF holds it, MAT cannot.
    let setup = dir.path().join("setup.sgf");
    std::fs::write(
        &setup,
        "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]\n;AE[a:y]AW[a][a][b]AB[x][x][w]PL[B]CV[1]CP[c]\n;B[21wzxz])",
    )
    .unwrap();
    let mat = dir.path().join("setup.mat");
    let o = run(&[
        "match",
        "convert",
        setup.to_str().unwrap(),
        "--to",
        "mat",
        "-o",
        mat.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("a MAT file cannot hold"),
        "{}",
        text(&o.stderr)
    );
    assert!(!mat.exists());
    // The output a folder: refused before any work.
    let o = run(&[
        "match",
        "convert",
        setup.to_str().unwrap(),
        "--to",
        "sgf",
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("is a directory"),
        "{}",
        text(&o.stderr)
    );
    // A layout that does not exist: a usage error.
    let o = run(&["match", "convert", setup.to_str().unwrap(), "--to", "xg"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn play_saves_the_game_played_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.mat");
    // The program (White) moves first; the person quits at once: one turn, no result.
    let o = bgw(
        &[
            "play",
            "--seed",
            "3",
            "--roll",
            "--save-match",
            out.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(stdout(&o).contains("Game saved to"), "{}", stdout(&o));
    let m = read_match_file(&out).unwrap();
    assert_eq!(m.players, ["you".to_string(), "classic".to_string()]);
    assert_eq!(m.match_length, 0);
    let g = &m.games[0];
    assert_eq!(g.result, None);
    assert_eq!(g.decisions.len(), 1);
    assert_eq!(g.decisions[0].player, 1, "White, the program, moved");
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
}

#[test]
fn an_output_name_near_the_limit_is_written() {
    // 244 characters: with the target's whole name in it, the temporary name passed the file
    // system's 255 (issue 35, item 13). The temporary name keeps only the name's start.
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.sgf", "g".repeat(240));
    let out = dir.path().join(&name);
    let mat = data("matches/gnubg_5pt_seed101.mat");
    let o = run(&[
        "match",
        "convert",
        mat.to_str().unwrap(),
        "--to",
        "sgf",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(names(dir.path()), [name]);
    let back = read_match_file(&out).unwrap();
    assert_eq!(decisions(&back), decisions(&read_match_file(&mat).unwrap()));
}

#[test]
fn play_prints_the_game_on_stderr_when_it_cannot_be_saved() {
    // The folder of --save-match goes during the game: the final write fails, and the game is
    // printed on stderr instead of being lost (issue 35, item 12).
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("gone");
    std::fs::create_dir(&folder).unwrap();
    let saved = folder.join("game.mat");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["play", "--seed", "3", "--roll", "--save-match"])
        .arg(&saved)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bgw runs");
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
    let mut shown = String::new();
    while !shown.contains("Your move (") {
        let chunk = seen
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("no prompt ({e}): {shown}"));
        shown.push_str(&String::from_utf8_lossy(&chunk));
    }
    std::fs::remove_dir(&folder).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let o = child.wait_with_output().expect("bgw ends");
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("bgw: cannot write") && last.contains("game.mat"),
        "{err}"
    );
    // The match text between the line that introduces it and the error.
    let start = err.find(":\n").expect("the game follows a line of its own") + 2;
    let end = err.rfind("bgw: cannot write").unwrap();
    let m = read_match(&err[start..end]).expect("the game on stderr reads as a match");
    assert_eq!(m.players, ["you".to_string(), "classic".to_string()]);
    assert!(!m.games[0].decisions.is_empty());
}
