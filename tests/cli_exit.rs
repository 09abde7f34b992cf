//! Exit codes by class: 2 for what the user typed, 1 for failures while running, and the
//! list in `bgw --help`.

mod common;
use common::{run, text};

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
    fails_with(&["duel", "--a", "gnubg", "--b", "random"], 2, "gnubg");
    // clap's own refusals use 2 as well.
    let o = run(&["moves", "--no-such-flag"]);
    assert_eq!(o.status.code(), Some(2));
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
    std::fs::write(&real, bgw_engine::classic::weights::SEED_RON).unwrap();
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
        bgw_engine::classic::weights::SEED_RON
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
    for line in ["Exit codes:", "  1 ", "  2 ", "  130 "] {
        assert!(help.contains(line), "{line:?} in {help}");
    }
}
