//! Exit codes by class: 2 for what the user typed, 1 for failures while running, 141 for a
//! closed stdout pipe, and the list in `bgw --help`; output that cannot be written is never
//! lost silently.

use crate::common;
use common::{Sink, bgw_to, run, text};
use std::path::PathBuf;

/// Runs `args` and checks the exit code and that stderr is one `bgw: ` line naming `needle`.
fn fails_with(args: &[&str], code: i32, needle: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}");
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("bgw: ") && err.contains(needle),
        "{args:?}: {err}"
    );
    assert!(o.stdout.is_empty(), "{args:?}");
}

#[test]
fn what_the_user_typed_wrong_exits_2() {
    fails_with(&["moves", "4HPwATDgc/ABMA", "70"], 2, "dice");
    fails_with(&["show", "4HPwATDgc/AB!A"], 2, "bgw: ");
    fails_with(&["bearoff", "4HPwATDgc/ABMA"], 2, "contact");
    fails_with(
        &["duel", "--a", "gnubg:7", "--b", "random"],
        2,
        "gnubg plies",
    );
    // Counts that size memory or time are bounded, the bound named.
    let huge = "18446744073709551615";
    fails_with(
        &["learn", "--out", "/nonexistent/w.ron", "--games", huge],
        2,
        "--games must be at most 100000000, not 18446744073709551615",
    );
    fails_with(
        &["bearoff", "ZgAAIFMAAAAAAA", "--games", "4294967295"],
        2,
        "--games must be at most 10000000,",
    );
    fails_with(
        &["champion", "measure", "--games", "4294967295"],
        2,
        "--games must be at most 10000000,",
    );
    // clap's own refusals use 2 as well.
    let o = run(&["moves", "--no-such-flag"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn steps_must_be_positive_and_finite_in_every_command() {
    for (args, flag) in [
        (&["play", "--learn", "--eta", "nan"][..], "--eta <ETA>"),
        (&["play", "--eta", "0"][..], "--eta <ETA>"),
        (
            &["learn", "--out", "/nonexistent/w.ron", "--eta", "inf"],
            "--eta <ETA>",
        ),
        (
            &["learn", "--out", "/nonexistent/w.ron", "--eta", "x"],
            "--eta <ETA>",
        ),
        (
            &["tune", "--out", "/nonexistent/w.ron", "--min-sigma", "NaN"],
            "--min-sigma",
        ),
    ] {
        // Refused before the game is played (play would otherwise wait for stdin).
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(flag), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn failures_while_running_exit_1() {
    let dir = std::env::temp_dir().join(format!("bgw-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.bd");
    fails_with(
        &["bearoff", "info", missing.to_str().unwrap()],
        1,
        "missing.bd",
    );
    let garbage = dir.join("garbage.ron");
    std::fs::write(&garbage, "not ( a weights file").unwrap();
    fails_with(
        &[
            "rank",
            "4HPwATDgc/ABMA",
            "31",
            "--weights",
            garbage.to_str().unwrap(),
        ],
        1,
        "garbage.ron",
    );
    fails_with(&["show", garbage.to_str().unwrap()], 1, "garbage.ron");
    let nowhere = dir.join("no/such/folder/out.bd");
    fails_with(
        &[
            "bearoff",
            "build",
            "--points",
            "2",
            "--out",
            nowhere.to_str().unwrap(),
        ],
        1,
        "does not exist",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An unwritable `--out` is found before the work, not after it, and leaves nothing behind.
#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_out_is_refused_before_the_work() {
    let o = run(&["bearoff", "build", "--points", "10", "--out", "/proc/x.bd"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("cannot write /proc/x.bd"), "{err}");
    assert!(
        !err.contains('%'),
        "no build progress before the refusal: {err}"
    );

    let dir = std::env::temp_dir().join(format!("bgw-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("good.jsonl");
    let o = run(&[
        "learn",
        "--games",
        "1000000",
        "--out",
        "/proc/x.ron",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("cannot write /proc/x.ron"));
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "no log, no temp file"
    );

    // A symbolic link as --out is written through: the link stays a link.
    let real = dir.join("real.ron");
    let link = dir.join("link.ron");
    std::fs::write(&real, bgw_engine::evaluation::classic::SEED_RON).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = run(&[
        "learn",
        "--games",
        "1",
        "--quiet",
        "--out",
        link.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_ne!(
        std::fs::read_to_string(&real).unwrap(),
        bgw_engine::evaluation::classic::SEED_RON
    );
    // A device is refused.
    let o = run(&["learn", "--games", "1", "--quiet", "--out", "/dev/null"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("device"), "{}", text(&o.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_lists_the_exit_codes() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    let help = text(&o.stdout);
    for line in [
        "Exit codes:",
        "  1 ",
        "  2 ",
        "  129 ",
        "  130 ",
        "  141 ",
        "  143 ",
    ] {
        assert!(help.contains(line), "{line:?} in {help}");
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-exit-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One command of each family, with what it reads on stdin.
fn one_of_each_family(dir: &std::path::Path) -> Vec<(Vec<String>, Vec<u8>)> {
    let bd = dir.join("os3.bd");
    let built = run(&[
        "bearoff",
        "build",
        "--points",
        "3",
        "--quiet",
        "--out",
        bd.to_str().unwrap(),
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let (bd, out) = (bd.to_str().unwrap(), dir.join("w.ron"));
    let out = out.to_str().unwrap();
    let plain = |a: &[&str]| (a.iter().map(|s| s.to_string()).collect(), Vec::new());
    let mut batch = plain(&["moves", "--batch"]);
    batch.1 = b"4HPwATDgc/ABMA 31\n4HPwATDgc/ABMA 66\n".to_vec();
    vec![
        plain(&["show", "4HPwATDgc/ABMA"]),
        plain(&["show", "4HPwATDgc/ABMA", "--json"]),
        plain(&["moves", "4HPwATDgc/ABMA", "31"]),
        batch,
        plain(&["rank", "4HPwATDgc/ABMA", "31"]),
        plain(&["bearoff", "ZgAAIFMAAAAAAA"]),
        plain(&["bearoff", "ZgAAIFMAAAAAAA", "--json"]),
        plain(&["bearoff", "info", bd]),
        plain(&["bearoff", "dump", bd, "--index", "5", "--json"]),
        plain(&["champion", "replies", "4/88 4/97 4/86 3/88"]),
        plain(&[
            "duel", "--a", "pubeval", "--b", "random", "--games", "4", "--quiet",
        ]),
        plain(&[
            "tune",
            "--out",
            out,
            "--games",
            "4",
            "--offspring",
            "1",
            "--generations",
            "1",
            "--quiet",
            "--json",
        ]),
        plain(&["learn", "--out", out, "--games", "1", "--quiet", "--json"]),
        plain(&["--help"]),
    ]
}

/// Runs one command of each family with stdout sent to `stdout`; `check` gets the arguments,
/// the exit code and stderr.
fn each_family(name: &str, stdout: fn() -> Sink, check: impl Fn(&[&str], Option<i32>, &str)) {
    let dir = temp_dir(name);
    for (args, stdin) in one_of_each_family(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = bgw_to(&args, &stdin, stdout(), Sink::Captured);
        check(&args, o.status.code(), &text(&o.stderr));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_that_cannot_be_written_fails_with_one_line() {
    each_family(
        "full",
        || Sink::Full,
        |args, code, err| {
            assert_eq!(code, Some(1), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(
                err.starts_with("bgw: cannot write to stdout: ") && err.contains("No space left"),
                "{args:?}: {err}"
            );
        },
    );
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_with_141() {
    each_family(
        "pipe",
        || Sink::Closed,
        |args, code, err| {
            assert_eq!(code, Some(141), "{args:?}: {err}");
            assert!(err.is_empty(), "{args:?}: {err}");
        },
    );
}

#[test]
fn an_error_with_stderr_unwritable_still_gives_its_code() {
    let cases: [(&[&str], i32); 3] = [
        (&["moves", "4HPwATDgc/ABMA", "70"], 2),
        (&["moves", "--no-such-flag"], 2),
        (&["bearoff", "info", "/no/such.bd"], 1),
    ];
    for sink in [|| Sink::Full, || Sink::Closed] {
        for (args, code) in cases {
            let o = bgw_to(args, b"", Sink::Captured, sink());
            assert_eq!(o.status.code(), Some(code), "{args:?}");
            assert!(o.stdout.is_empty(), "{args:?}");
        }
    }
}

#[test]
fn a_build_writes_its_file_whatever_becomes_of_its_progress() {
    let dir = temp_dir("build");
    for (i, (stdout, stderr)) in [
        (Sink::Full, Sink::Closed),
        (Sink::Closed, Sink::Full),
        (Sink::Captured, Sink::Closed),
    ]
    .into_iter()
    .enumerate()
    {
        let bd = dir.join(format!("os4-{i}.bd"));
        let args = [
            "bearoff",
            "build",
            "--points",
            "4",
            "--out",
            bd.to_str().unwrap(),
        ];
        // The build prints nothing on stdout, so nothing is lost there: a success.
        let o = bgw_to(&args, b"", stdout, stderr);
        assert_eq!(o.status.code(), Some(0), "case {i}");
        assert!(o.stdout.is_empty(), "case {i}");
        let info = run(&["bearoff", "info", bd.to_str().unwrap()]);
        assert!(text(&info.stdout).contains("4 points"), "case {i}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `args`, killing the run (and failing) if it has not ended within ten seconds: a FIFO
/// opened for reading would block forever.
fn run_briefly(args: &[&str]) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("bgw runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{args:?} did not end: it opened what it should have refused");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("bgw ends")
}

#[test]
fn fifos_and_devices_are_refused_at_once_by_kind() {
    let dir = temp_dir("fifo");
    let made = |name: &str| {
        let path = dir.join(name);
        let ok = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(ok.is_ok_and(|s| s.success()), "mkfifo {name}");
        path.to_str().unwrap().to_string()
    };
    let (bd, ron, positions) = (made("db.bd"), made("w.ron"), made("positions.tsv"));
    let bench = made("decisions.jsonl");
    let fitted = dir.join("fitted.ron");
    let fitted = fitted.to_str().unwrap();
    let cases: [(&[&str], &str); 13] = [
        (&["bearoff", "info", &bd], "FIFO"),
        (&["bearoff", "dump", &bd, "--index", "1"], "FIFO"),
        (&["rank", "4HPwATDgc/ABMA", "31", "--weights", &ron], "FIFO"),
        (&["show", &ron], "FIFO"),
        (&["calibrate", "--quiet", "--positions", &positions], "FIFO"),
        (
            &["duel", "--a", &format!("classic:{ron}"), "--b", "random"],
            "FIFO",
        ),
        (&["bearoff", "info", "/dev/zero"], "a device"),
        (
            &["bearoff", "dump", "/dev/zero", "--index", "1"],
            "a device",
        ),
        // Benchmark files went through a plain read before (issue 22, item 12).
        (&["benchmark", "score", &bench], "FIFO"),
        (&["benchmark", "score", "/dev/zero"], "a device"),
        (&["fit", "--benchmark", &bench, "--out", fitted], "FIFO"),
        (
            &[
                "fit",
                "--benchmark",
                "shipped",
                "--holdout",
                &bench,
                "--out",
                fitted,
            ],
            "FIFO",
        ),
        (
            &[
                "terms",
                "report",
                "--benchmark",
                "/dev/zero",
                "--out",
                fitted,
            ],
            "a device",
        ),
    ];
    for (args, kind) in cases {
        let o = run_briefly(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("bgw: ") && err.contains(kind),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn control_characters_in_file_names_are_escaped() {
    // A file name holding an escape sequence (`ESC[2J` clears the screen) is shown escaped in
    // every message, error or not, never sent to the terminal raw (issue 35, item 14).
    let dir = temp_dir("escapes");
    let evil = dir.join("\u{1b}[2Jevil\u{7}");
    let name = |suffix: &str| format!("{}{suffix}", evil.display());
    let good = common::data("matches/gnubg_5pt_seed101.mat");
    // A match file with a move that cannot be played: a warning naming the file.
    let warned = name(".mat");
    std::fs::write(
        &warned,
        " 1 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5   42: 15/11 15/13\n",
    )
    .unwrap();
    let cases: Vec<Vec<String>> = vec![
        vec!["match".into(), "decisions".into(), name("missing.mat")],
        vec![
            "match".into(),
            "convert".into(),
            good.display().to_string(),
            "--to".into(),
            "mat".into(),
            "-o".into(),
            format!("{}/x.mat", name("no-folder")),
        ],
        vec!["bearoff".into(), "info".into(), name("missing.bd")],
        vec!["show".into(), name("missing.ron")],
        vec![
            "play".into(),
            "--save-match".into(),
            format!("{}/x.mat", name("no-folder")),
        ],
        vec![
            "match".into(),
            "convert".into(),
            warned.clone(),
            "--to".into(),
            "sgf".into(),
        ],
    ];
    for args in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert!(!err.is_empty(), "{args:?}: a message");
        for (what, t) in [("stdout", &out), ("stderr", &err)] {
            assert!(
                !t.contains('\u{1b}') && !t.contains('\u{7}'),
                "{args:?}: a raw control character on {what}: {t:?}"
            );
        }
        assert!(
            err.contains("\\u{1b}[2Jevil\\u{7}"),
            "{args:?}: the name escaped: {err}"
        );
    }
    // A name shown on stdout: the game saved by `bgw play`.
    let saved = name(".sgf");
    let o = common::bgw(
        &["play", "--seed", "3", "--roll", "--save-match", &saved],
        "quit\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("Game saved to") && out.contains("\\u{1b}[2Jevil"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}'), "{out:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
