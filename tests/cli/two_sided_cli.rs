//! `bgw bearoff build --two-sided`, `info` and `dump` of two-sided files end to end: ours against
//! gnubg's `makebearoff` byte for byte, and the refusals.
//!
//! Without `makebearoff` (Debian's `gnubg` package, in /usr/games) the comparisons with it print
//! why they are skipped, unless `CI` is set: then they fail.

use crate::common;
use common::{race_id, run, stdout};

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-ts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn sha256(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `bgw bearoff build --two-sided SIZE [--cubeless] --out OUT --quiet`, which must succeed.
fn build(size: &str, cubeless: bool, out: &Path) {
    let mut args = vec!["bearoff", "build", "--two-sided", size, "--quiet"];
    if cubeless {
        args.push("--cubeless");
    }
    args.extend(["--out", out.to_str().unwrap()]);
    let o = run(&args);
    assert!(o.status.success(), "{size}: {}", stderr(&o));
    assert!(o.stderr.is_empty(), "--quiet: {}", stderr(&o));
}

/// Debian's `makebearoff` (in /usr/games, often not on the PATH), or `None` with the reason
/// printed when it is missing and `CI` is unset.
fn makebearoff() -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("makebearoff"))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "makebearoff (Debian's gnubg package) is missing"
        );
        eprintln!("skipped: makebearoff (Debian's gnubg package) is not installed");
    }
    found
}

/// `makebearoff -t SIZE [-C] -f OUT`, run in `dir` (it puts a temporary file there).
fn gnubg_file(mb: &Path, dir: &Path, size: &str, cubeless: bool, out: &Path) {
    let mut cmd = Command::new(mb);
    cmd.current_dir(dir).args(["-t", size]);
    if cubeless {
        cmd.arg("-C");
    }
    let o = cmd.arg("-f").arg(out).output().unwrap();
    assert!(o.status.success(), "makebearoff -t {size}: {}", stderr(&o));
}

#[test]
fn small_files_are_makebearoffs_byte_for_byte() {
    let Some(mb) = makebearoff() else { return };
    let dir = temp_dir("small");
    for size in ["1x1", "2x2", "3x3", "4x4", "6x3", "3x7", "5x5"] {
        for cubeless in [true, false] {
            let (ours, theirs) = (dir.join("ours.bd"), dir.join("gnubg.bd"));
            build(size, cubeless, &ours);
            gnubg_file(&mb, &dir, size, cubeless, &theirs);
            let (a, b) = (
                std::fs::read(&ours).unwrap(),
                std::fs::read(&theirs).unwrap(),
            );
            assert_eq!(a.len(), b.len(), "{size} cubeless {cubeless}");
            let first = a.iter().zip(&b).position(|(x, y)| x != y);
            assert_eq!(
                first, None,
                "{size} cubeless {cubeless}: first differing byte"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// For each `(cubeless, SHA-256 of gnubg's file)`: our build of `size` has that SHA-256.
fn same_as_recorded(size: &str, gnubg: [(bool, &str); 2]) {
    let dir = temp_dir(size);
    for (cubeless, gnubg) in gnubg {
        let out = dir.join("ours.bd");
        build(size, cubeless, &out);
        assert_eq!(sha256(&out), gnubg, "{size} cubeless {cubeless}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// gnubg's 6x6 files take makebearoff about 45 s each (ours: under a second), so their
/// SHA-256 were recorded once, on 3 December 2026 with Debian's gnubg 1.07.001-1+b1:
/// `makebearoff -t 6x6 -C -f gnubg-6x6-C.bd` (cubeless, 45.3 s) and `makebearoff -t 6x6 -f
/// gnubg-6x6.bd` (cubeful, 51.5 s). `makebearoff` itself runs in the test above, up to 5x5
/// and 3x7.
#[test]
fn the_6x6_files_are_makebearoffs() {
    same_as_recorded(
        "6x6",
        [
            (
                true,
                "bd92dc266ded45d1eb1d4bb486603fc1d93bcecc3dee9e4e6338a9162c4d38b3",
            ),
            (
                false,
                "9eac8a2c697dae8a09f2e5653022084b9e725df6c32950cb5299b273fc64500f",
            ),
        ],
    );
}

/// gnubg's 6x8 files take makebearoff 13 minutes each, so their SHA-256 were recorded once, on
/// 1 December 2026 with Debian's gnubg 1.07.001-1+b1: `makebearoff -t 6x8 -f gnubg-6x8.bd` and
/// `makebearoff -t 6x8 -C -f gnubg-6x8-C.bd`.
#[test]
fn the_6x8_files_are_makebearoffs() {
    same_as_recorded(
        "6x8",
        [
            (
                true,
                "61c48c19ad73e8c52e97da6a792a4dd670ef768cec53f4a63ef475dc1942af5f",
            ),
            (
                false,
                "d678215895a6f5aa49ea68cbd7c32dae636e49b4d2f5f088f34fa96e39b18cc3",
            ),
        ],
    );
}

#[test]
fn info_and_dump_read_two_sided_files() {
    let dir = temp_dir("info");
    let file = dir.join("ts.bd");
    build("6x3", false, &file);
    let o = run(&["bearoff", "info", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("two-sided") && text.contains("84 a side, 7056 pairs"),
        "{text}"
    );
    assert!(text.contains("cubeless and cubeful"), "{text}");
    let o = run(&["bearoff", "info", file.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["checkers"], 3);
    assert_eq!(v["positions"], 84);
    assert_eq!(v["cubeful"], true);
    assert_eq!(v["bytes"], 40 + 7056 * 8);
    // One checker on 6 against one on the ace: 27 rolls of 36 bear it off at once. gnubg's
    // word is the chance × 65535, truncated.
    let o = run(&[
        "bearoff",
        "dump",
        file.to_str().unwrap(),
        "--counts",
        "0,0,0,0,0,1",
        "--counts",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["on_roll"]["pips"], 6);
    assert_eq!(v["other"]["index"], 1);
    assert_eq!(v["word"], 65535 * 27 / 36);
    assert!((v["win"].as_f64().unwrap() - 0.75).abs() < 2e-5, "{v}");
    assert!(v["cubeful"]["centred"].as_f64().unwrap() > 0.0, "{v}");
    // The same pair by index, as text.
    let idx = v["on_roll"]["index"].to_string();
    let o = run(&[
        "bearoff",
        "dump",
        file.to_str().unwrap(),
        "--index",
        &idx,
        "--index",
        "1",
    ]);
    let text = stdout(&o);
    // 49151 / 65535: gnubg's 16-bit word for three quarters.
    assert!(
        text.contains("74.9996") && text.contains("centred"),
        "{text}"
    );
    // One side only, or a side too big for the database: what was typed is wrong.
    for args in [
        &["--index", "3"][..],
        &["--counts", "1", "--counts", "4"][..],
        &["--index", "84", "--index", "1"][..],
    ] {
        let mut all = vec!["bearoff", "dump", file.to_str().unwrap()];
        all.extend(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_sizes_files_and_outputs_are_refused_cleanly() {
    let dir = temp_dir("bad");
    let out = dir.join("x.bd");
    for size in ["7x3", "6x16", "0x3", "6x0", "6by3", "x", "6x"] {
        let o = run(&[
            "bearoff",
            "build",
            "--two-sided",
            size,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{size}: {}", stderr(&o));
        assert!(stderr(&o).contains("--two-sided"), "{size}: {}", stderr(&o));
    }
    // --cubeless and --resume belong to --two-sided.
    let o = run(&[
        "bearoff",
        "build",
        "--points",
        "3",
        "--cubeless",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    // An output in a folder that does not exist: refused before any work, nothing written.
    let missing = dir.join("no/such/x.bd");
    let o = run(&[
        "bearoff",
        "build",
        "--two-sided",
        "3x3",
        "--out",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    // Truncated, padded and mislabelled files: one line, exit code 1.
    build("3x3", true, &out);
    let good = std::fs::read(&out).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("cut", good[..good.len() - 1].to_vec(), "wrong size"),
        ("long", [&good[..], b"x"].concat(), "wrong size"),
        ("head", good[..20].to_vec(), "wrong size"),
        (
            "points",
            [
                &b"gnubg-TS-07-03-0xxxxxxxxxxxxxxxxxxxxxxx\n"[..],
                &good[40..],
            ]
            .concat(),
            "7x3",
        ),
        (
            "flag",
            [
                &b"gnubg-TS-03-03-2xxxxxxxxxxxxxxxxxxxxxxx\n"[..],
                &good[40..],
            ]
            .concat(),
            "cubeful flag",
        ),
    ];
    for (name, bytes, why) in cases {
        let f = dir.join(format!("{name}.bd"));
        std::fs::write(&f, bytes).unwrap();
        for cmd in [&["info"][..], &["dump", "--index", "1", "--index", "2"][..]] {
            let mut args = vec!["bearoff", cmd[0], f.to_str().unwrap()];
            args.extend(&cmd[1..]);
            let o = run(&args);
            assert_eq!(o.status.code(), Some(1), "{name} {cmd:?}: {}", stderr(&o));
            let err = stderr(&o);
            assert!(
                err.contains(why) && err.lines().count() == 1,
                "{name}: {err}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The names in a folder, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `bgw ARGS` run in `dir` under an address-space limit of `kib` KiB (`ulimit -v`).
#[cfg(unix)]
fn capped(kib: u64, dir: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Issue 22, item 16: a size that cannot fit is refused before any work with the figures and
/// the largest size that fits — exit code 1, one line, no abort, nothing left behind — and
/// the size it names does fit.
#[cfg(unix)]
#[test]
fn sizes_that_cannot_fit_are_refused_with_the_figures() {
    let dir = temp_dir("memory");
    // 600,000 KiB of address space: the binary, its threads and 6x8 fit, 6x15 does not.
    const CAP: u64 = 600_000;
    let id = race_id(&[(6, 15)], &[(6, 15)]);
    let cases: [&[&str]; 4] = [
        &["bearoff", "build", "--two-sided", "6x15", "--out", "x.bd"],
        &[
            "bearoff",
            "build",
            "--two-sided",
            "6x15",
            "--cubeless",
            "--out",
            "x.bd",
        ],
        &["bearoff", "errors", "6x15", "--quiet"],
        &[
            "bearoff",
            &id,
            "--two-sided",
            "6x15",
            "--games",
            "0",
            "--quiet",
        ],
    ];
    for args in cases {
        let o = capped(CAP, &dir, args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("6x15")
                && err.contains("needs")
                && err.contains("the largest that fits is 6x"),
            "{args:?}: {err}"
        );
        assert!(entries(&dir).is_empty(), "{args:?}: {:?}", entries(&dir));
    }
    // The size the cubeful build names builds under the same limit.
    let o = capped(CAP, &dir, cases[0]);
    let err = stderr(&o);
    let fits = err
        .split("the largest that fits is ")
        .nth(1)
        .and_then(|s| s.split(|c: char| !c.is_ascii_alphanumeric()).next())
        .unwrap()
        .to_string();
    let o = capped(
        CAP,
        &dir,
        &[
            "bearoff",
            "build",
            "--two-sided",
            &fits,
            "--out",
            "x.bd",
            "--quiet",
        ],
    );
    assert!(o.status.success(), "{fits}: {}", stderr(&o));
    assert_eq!(entries(&dir), ["x.bd"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22, item 17: a symbolic link at `OUT.resume` is replaced by the checkpoint, never
/// written through; with `--resume` it is refused.
#[cfg(unix)]
#[test]
fn a_link_at_the_checkpoint_is_never_written_through() {
    let dir = temp_dir("link");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "important\n").unwrap();
    let link = dir.join("x.bd.resume");
    std::os::unix::fs::symlink("victim.txt", &link).unwrap();
    let out = dir.join("x.bd");
    let o = run(&[
        "bearoff",
        "build",
        "--two-sided",
        "3x3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "important\n");
    assert_eq!(entries(&dir), ["victim.txt", "x.bd"]);
    // With --resume the link is refused, not read.
    std::fs::remove_file(&out).unwrap();
    std::os::unix::fs::symlink("victim.txt", &link).unwrap();
    let o = run(&[
        "bearoff",
        "build",
        "--two-sided",
        "3x3",
        "--out",
        out.to_str().unwrap(),
        "--resume",
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("symbolic link") && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "important\n");
    assert_eq!(entries(&dir), ["victim.txt", "x.bd.resume"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22, item 18: while a build holds `OUT.lock`, a second build of `OUT` is refused at
/// once and touches nothing; the lock file goes with the build that made it.
#[test]
fn a_second_build_of_one_target_is_refused() {
    let dir = temp_dir("lock");
    let out = dir.join("c.bd");
    let lock = dir.join("c.bd.lock");
    std::fs::write(&out, "the first build's file").unwrap();
    let held = std::fs::File::create(&lock).unwrap();
    held.try_lock().unwrap();
    for resume in [false, true] {
        let mut args = vec!["bearoff", "build", "--two-sided", "3x3", "--out"];
        args.push(out.to_str().unwrap());
        if resume {
            args.push("--resume");
        }
        let o = run(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!(
                "another build is writing {} (lock {} held)",
                out.display(),
                lock.display()
            )) && err.lines().count() == 1,
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            "the first build's file"
        );
        assert_eq!(entries(&dir), ["c.bd", "c.bd.lock"]);
    }
    drop(held);
    // The lock released, the build runs, and takes its lock file away with it.
    build("3x3", false, &out);
    assert_eq!(entries(&dir), ["c.bd"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 22, item 19: a checkpoint record whose length claims 2^64 - 1 bytes is a damaged
/// record like any other: dropped, and the build resumes before it and writes the same file.
#[test]
fn a_checkpoint_record_claiming_2_64_bytes_is_dropped() {
    let dir = temp_dir("huge-record");
    let clean = dir.join("clean.bd");
    build("3x3", false, &clean);
    let out = dir.join("z.bd");
    let mut cp = b"bgwTSck1".to_vec();
    cp.extend([3, 3, 2, 0, 0, 0, 0, 0]);
    cp.extend(1u32.to_le_bytes());
    cp.extend(u64::MAX.to_le_bytes());
    cp.extend([0u8; 30]);
    std::fs::write(dir.join("z.bd.resume"), &cp).unwrap();
    let o = run(&[
        "bearoff",
        "build",
        "--two-sided",
        "3x3",
        "--out",
        out.to_str().unwrap(),
        "--resume",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("dropped"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&clean).unwrap());
    assert_eq!(entries(&dir), ["clean.bd", "z.bd"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
