//! `bgw bearoff` end to end: build, info, dump, analysis (text and JSON), refusals.

use crate::common;
use common::{race_id, run, stdout};

use sha2::{Digest, Sha256};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-bearoff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn build_info_dump_and_bad_files() {
    let out = temp("os6.bd");
    let o = run(&[
        "bearoff",
        "build",
        "--points",
        "6",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&out).unwrap();
    let hex: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        hex,
        "38089567e87a681682bb4ff53f30d781af215fc04debbdff3f61b6db68547a49"
    );

    let info = stdout(&run(&["bearoff", "info", out.to_str().unwrap()]));
    assert!(
        info.contains("54264") && info.contains("compressed"),
        "{info}"
    );
    let dump = stdout(&run(&[
        "bearoff",
        "dump",
        out.to_str().unwrap(),
        "--counts",
        "0,0,1,4,5,5",
    ]));
    assert!(
        dump.contains("index 54068") && dump.contains("74 pips"),
        "{dump}"
    );

    // The uncompressed and normal forms read back with the same position.
    for flag in ["--uncompressed", "--normal"] {
        let f = temp(&format!("os6{flag}.bd"));
        assert!(
            run(&[
                "bearoff",
                "build",
                "--points",
                "6",
                "--out",
                f.to_str().unwrap(),
                flag
            ])
            .status
            .success()
        );
        let d = stdout(&run(&[
            "bearoff",
            "dump",
            f.to_str().unwrap(),
            "--counts",
            "0,0,1,4,5,5",
        ]));
        assert!(
            d.contains("index 54068") && d.contains("mean 9.940"),
            "{flag}: {d}"
        );
    }

    // Truncated, wrong header: a file that cannot be read, exit code 1; too many checkers:
    // what the user typed, exit code 2. One line on stderr.
    let cut = temp("cut.bd");
    std::fs::write(&cut, &bytes[..1000]).unwrap();
    let o = run(&["bearoff", "info", cut.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("truncated"));
    let bad = temp("bad.bd");
    std::fs::write(&bad, b"gnubg-TS-06-06-1xxxxxxxxxxxxxxxxxxxxxxx\nrest").unwrap();
    let o = run(&["bearoff", "info", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("two-sided"));
    let o = run(&[
        "bearoff",
        "dump",
        out.to_str().unwrap(),
        "--counts",
        "5,5,5,5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("20 checkers"));
    std::fs::remove_dir_all(out.parent().unwrap()).unwrap();
}

#[test]
fn analysis_json_has_the_documented_keys() {
    let id = race_id(&[(1, 3), (2, 3), (3, 3), (5, 2)], &[(1, 2), (4, 4), (6, 2)]);
    let o = run(&["bearoff", &id, "--json", "--games", "2000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["points"], 6);
    for key in [
        "win_exact",
        "win_normal",
        "win_rollout",
        "win_rollout_stderr",
    ] {
        let p = v[key].as_f64().unwrap_or_else(|| panic!("{key}"));
        assert!((0.0..=1.0).contains(&p), "{key} {p}");
    }
    let exact = v["win_exact"].as_f64().unwrap();
    let (r, se) = (
        v["win_rollout"].as_f64().unwrap(),
        v["win_rollout_stderr"].as_f64().unwrap(),
    );
    assert!((r - exact).abs() < 4.0 * se + 1e-9);
    for side in ["on_roll", "opponent"] {
        for key in ["pips", "mean", "sd", "gammon_mean", "gammon_sd", "epc"] {
            assert!(v[side][key].is_number(), "{side}.{key}");
        }
        for key in ["dist", "dist_normal", "gammon", "gammon_normal"] {
            assert_eq!(
                v[side][key].as_array().map(Vec::len),
                Some(32),
                "{side}.{key}"
            );
        }
    }
    assert_eq!(v["on_roll"]["pips"], 3 + 6 + 9 + 10);
}

#[test]
fn out_of_range_contact_and_text_table() {
    // The opponent has a checker on its 9 point: beyond a 6-point database.
    let id = race_id(&[(1, 3), (2, 3)], &[(9, 1), (2, 2)]);
    let o = run(&["bearoff", &id, "--points", "6", "--games", "100"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = stdout(&o);
    assert!(t.contains("out of range: a checker on point 9"), "{t}");
    assert!(
        t.contains("winning chances need both sides in range"),
        "{t}"
    );
    // Without --points the smallest covering database (9 points) is used.
    let o = run(&["bearoff", &id, "--games", "100"]);
    let t = stdout(&o);
    assert!(
        t.contains("9 points (exact)") && t.contains("Player on roll wins"),
        "{t}"
    );
    assert!(t.contains("Keith") && t.contains("Isight"), "{t}");
    // The opening position has contact.
    let o = run(&["bearoff", "4HPwATDgc/ABMA"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("contact"));
}

#[test]
fn the_three_rules_agree_closely_and_2002_shows_the_seeds_moments() {
    let id = race_id(&[(2, 4), (4, 4), (6, 7)], &[(1, 3), (3, 4), (5, 4), (6, 4)]);
    let win = |rule: &str| {
        let o = run(&["bearoff", &id, "--rule", rule, "--json", "--games", "10"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["win_exact"].as_f64().unwrap()
    };
    let (exact, gnubg, old) = (win("exact"), win("gnubg"), win("2002"));
    assert!((exact - gnubg).abs() < 1e-3, "{exact} {gnubg}");
    assert!((exact - old).abs() < 1e-2, "{exact} {old}");
    let t = stdout(&run(&["bearoff", &id, "--rule", "2002", "--games", "10"]));
    assert!(
        t.contains("(2002 rule)") && t.contains("As the seed printed them"),
        "{t}"
    );
}

#[test]
fn progress_off_a_terminal_is_at_most_ten_lines_and_none_when_quiet() {
    // stderr is a pipe here: one line per tenth of the build at most (`bgw bearoff
    // qm3bAADMXdsAAA` used to write 51 lines of "100.0 %"). An 8-point race shows progress.
    let id = race_id(&[(8, 2), (1, 3)], &[(2, 3), (3, 1)]);
    let o = run(&["bearoff", &id, "--games", "100"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty() && lines.len() <= 10, "{err}");
    assert!(lines.last().unwrap().ends_with("100 %"), "{err}");
    assert!(!err.contains('\r'), "no carriage returns in a log: {err:?}");
    let o = run(&["bearoff", &id, "--games", "100", "--quiet"]);
    assert!(o.status.success());
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("Player on roll wins"));
}

#[test]
fn info_and_dump_print_json() {
    let dir = std::env::temp_dir().join(format!("bgw-bearoff-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("four.bd");
    let f = file.to_str().unwrap();
    let o = run(&["bearoff", "build", "--points", "4", "--out", f, "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        o.stderr.is_empty(),
        "--quiet: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = run(&["bearoff", "info", f, "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["points"], 4);
    assert_eq!(v["positions"], 3876);
    assert_eq!(v["layout"], "compressed");
    assert_eq!(v["gammon"], true);
    assert_eq!(v["distributions_ok"], 3876);
    assert_eq!(v["distributions_bad"], 0);
    assert_eq!(v["bytes"], std::fs::metadata(&file).unwrap().len());
    let o = run(&["bearoff", "dump", f, "--counts", "2,0,1", "--json"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["counts"], serde_json::json!([2, 0, 1, 0]));
    assert_eq!(v["pips"], 5);
    let off: Vec<f64> = serde_json::from_value(v["off"].clone()).unwrap();
    assert_eq!(off.len(), 32);
    assert!((off.iter().sum::<f64>() - 1.0).abs() < 1e-3);
    assert!(
        (v["mean"].as_f64().unwrap() - (0..32).map(|k| k as f64 * off[k]).sum::<f64>()).abs()
            < 1e-3
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two `--index` on an empty file: the file is the problem (as `info` says, exit 1), not the
/// arguments (exit 2).
#[test]
fn dump_of_an_empty_file_says_the_file_is_truncated() {
    let path = temp("empty-dump.bd");
    std::fs::write(&path, b"").unwrap();
    let p = path.to_str().unwrap();
    let out = run(&["bearoff", "dump", p, "--index", "1", "--index", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("truncated"), "{err}");
    let info = run(&["bearoff", "info", p]);
    assert_eq!(info.status.code(), Some(1));
    let _ = std::fs::remove_file(&path);
}
