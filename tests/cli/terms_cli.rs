//! Terms beyond the seed's from the command line: a seed-only weights file gives exactly the
//! outputs of the program before the extra terms existed (rankings, a benchmark score, duels
//! and a fit, against `tests/data/terms/seed-golden/`, made by `seed-golden.sh` with the bgw of
//! commit 10a3bf1); a file with extra terms works in `rank`, `benchmark score`, `duel`, `play`
//! and `fit --terms`.

use crate::common;
use common::{bgw, data, run, stdout, text};
use std::io::Read;
use std::path::{Path, PathBuf};

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-terms-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn seed_only_files_give_the_outputs_of_before_the_extra_terms() {
    let dir = temp_dir("golden");
    let status = std::process::Command::new("sh")
        .arg(data("terms/seed-golden.sh"))
        .arg(env!("CARGO_BIN_EXE_bgw"))
        .arg(&dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("sh runs");
    assert!(status.success());
    let golden = data("terms/seed-golden");
    for name in [
        "score.json",
        "duel-default.json",
        "duel-fitted.json",
        "fit.json",
        "fit.ron",
    ] {
        let want = std::fs::read_to_string(golden.join(name)).unwrap();
        let got = std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(got, want, "{name}");
    }
    let mut want = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(golden.join("rank.txt.gz")).unwrap())
        .read_to_string(&mut want)
        .unwrap();
    let got = std::fs::read_to_string(dir.join("rank.txt")).unwrap();
    assert!(want.len() > 100_000, "{} bytes", want.len());
    // Line by line, so that a difference shows where it is.
    for (k, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "rank.txt line {}", k + 1);
    }
    assert_eq!(got.lines().count(), want.lines().count());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The shipped default weights with three extra terms switched on, written to `dir`.
fn extended_weights(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/weights/default.ron"),
    )
    .unwrap();
    let end = text.rfind('}').unwrap();
    let text = format!(
        "{}    \"X_PRIME\": 1.5,\n    \"X_OPPBAR\": 2.0,\n    \"X_DIRECT\": -0.25,\n}}\n",
        &text[..end]
    );
    let path = dir.join("extended.ron");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn extra_terms_work_in_rank_score_duel_and_play() {
    let dir = temp_dir("extended");
    let w = extended_weights(&dir);
    // rank: a column per term on, the extras after the seed's; JSON keys the same.
    let out = run(&["rank", "4HPwATDgc/ABMA", "31", "--weights", s(&w)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = stdout(&out);
    let header = table.lines().nth(1).unwrap();
    let at = |name: &str| {
        header
            .find(name)
            .unwrap_or_else(|| panic!("{name}: {header}"))
    };
    assert!(at("WTOGO") < at("X_PRIME") && at("X_PRIME") < at("X_OPPBAR"));
    assert!(!header.contains("X_ANCHORS"), "{header}");
    // 8/5 6/5 makes a point next to the 6: a two-point prime, X_PRIME 2 × 1.5 = 3.00.
    let row = table.lines().find(|l| l.contains(" 8/5 6/5 ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells[cells.len() - 4..cells.len() - 1],
        ["3.00", "0.00", "0.00"]
    );
    let out = run(&["rank", "4HPwATDgc/ABMA", "31", "--weights", s(&w), "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let best = &json["candidates"][0];
    assert_eq!(best["move"], "8/5 6/5");
    assert_eq!(best["features"]["X_PRIME"], serde_json::json!([2, 1]));
    assert_eq!(best["addends"].as_object().unwrap().len(), 14);
    // benchmark score and duel take the file as classic:FILE.
    let player = format!("classic:{}", s(&w));
    let out = run(&[
        "benchmark",
        "score",
        "holdout",
        "--player",
        &player,
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let score: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(score["decisions"], 2534);
    let out = run(&[
        "duel", "--a", &player, "--b", "classic", "--games", "40", "--seed", "2", "--quiet",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let duel: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(duel["games"], 40);
    // play: the program moves with the extended weights.
    let out = bgw(&["play", "--seed", "9", "--weights", s(&w)], "\n\n\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout(&out).contains("classic"), "{}", stdout(&out));
    // An unknown extra name is refused with its line.
    std::fs::write(dir.join("bad.ron"), "{\"WBAR\": 1, \"X_NOPE\": 2}").unwrap();
    let out = run(&[
        "rank",
        "4HPwATDgc/ABMA",
        "31",
        "--weights",
        s(&dir.join("bad.ron")),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("unknown term \"X_NOPE\""),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fit_with_terms_fits_the_set_named() {
    let dir = temp_dir("fit");
    let train = dir.join("train.jsonl");
    common::write_part(&train, 0..300);
    let out_file = dir.join("out.ron");
    let fit = |terms: &str, start: Option<&Path>| {
        let mut args = vec![
            "fit",
            "--benchmark",
            s(&train),
            "--out",
            s(&out_file),
            "--duel-games",
            "0",
            "--quiet",
            "--json",
            "--terms",
            terms,
        ];
        if let Some(w) = start {
            args.extend(["--weights", s(w)]);
        }
        run(&args)
    };
    let out = fit("X_PRIME,X_BLOCKED", None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let weights = json["weights"].as_object().unwrap();
    assert_eq!(weights.len(), 13, "{weights:?}");
    assert!(weights.contains_key("X_PRIME") && weights.contains_key("X_BLOCKED"));
    let loss = |set: &str| json["train"][set]["mean_loss"].as_f64().unwrap();
    assert!(loss("fitted") < loss("start"), "{json}");
    let saved = std::fs::read_to_string(&out_file).unwrap();
    assert!(
        saved.contains("\"X_PRIME\":") && !saved.contains("X_ANCHORS"),
        "{saved}"
    );
    // The weights the fit wrote score as the fit said.
    let player = format!("classic:{}", s(&out_file));
    let score = run(&[
        "benchmark",
        "score",
        s(&train),
        "--player",
        &player,
        "--json",
    ]);
    let score: serde_json::Value = serde_json::from_slice(&score.stdout).unwrap();
    assert_eq!(score["mean_loss"], json["train"]["fitted"]["mean_loss"]);
    // `seed` switches the extras of the start off.
    let extended = extended_weights(&dir);
    let out = fit("seed", Some(&extended));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!std::fs::read_to_string(&out_file).unwrap().contains("X_"));
    // An unknown name is a usage error, nothing written.
    std::fs::remove_file(&out_file).unwrap();
    let out = fit("X_PRIME,X_BOGUS", None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown term \"X_BOGUS\""),
        "{}",
        text(&out.stderr)
    );
    assert!(!out_file.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn terms_list_and_report() {
    let out = run(&["terms", "list"]);
    assert!(out.status.success());
    let list = stdout(&out);
    assert_eq!(list.lines().count(), 21);
    assert_eq!(
        list.lines()
            .filter(|l| l.contains("not the seed's"))
            .count(),
        10
    );
    assert!(
        list.lines()
            .all(|l| l.starts_with('W') != l.contains("not the seed's"))
    );
    let dir = temp_dir("report");
    let train = dir.join("train.jsonl");
    common::write_part(&train, 300..450);
    let best = dir.join("best.ron");
    let out = run(&[
        "terms",
        "report",
        "--benchmark",
        s(&train),
        "--holdout",
        s(&train),
        "--out",
        s(&best),
        "--quick",
        "--max-terms",
        "1",
        "--games",
        "0",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Without --quiet, a line for each refit on stderr (not a terminal here).
    let log = text(&out.stderr);
    assert!(log.lines().any(|l| l.starts_with("fit 1: ")), "{log}");
    let table = stdout(&out);
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| ")).collect();
    // Header, the seed's row, ten singles, at most one forward step.
    assert!(rows.len() == 12 || rows.len() == 13, "{table}");
    let loss = |row: &str| {
        row.split('|')
            .nth(3)
            .unwrap()
            .trim()
            .parse::<f64>()
            .unwrap()
    };
    let seed = loss(rows[1]);
    // Each single starts from the seed's fit: never worse on the training set.
    assert!(
        rows[2..12].iter().all(|r| loss(r) <= seed + 1e-9),
        "{table}"
    );
    let w = bgw_engine::evaluation::classic::Weights::load(&best).unwrap();
    assert!(w.terms().extras().count() <= 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
