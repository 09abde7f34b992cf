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
