//! `--reference native|process` (and `--gnubg-weights`) on every command that asks gnubg: the
//! flag is there, a bad value is refused as typed, what the native evaluator does not cover
//! (rollouts) is refused saying so and naming the process, and with no gnubg program on the
//! machine the native judge still judges, with gnubg's figures.

use crate::common;
use common::{run, stdout, text};
use std::process::{Command, Output, Stdio};

/// Every command that asks gnubg, each with arguments it would otherwise take.
fn commands(dir: &std::path::Path) -> Vec<Vec<String>> {
    let mat = common::data("matches/gnubg_3pt_seed103.mat")
        .display()
        .to_string();
    let db = dir.join("a.db").display().to_string();
    let out = dir.join("out").display().to_string();
    let lines: [&[&str]; 14] = [
        &["rank", "4HPwATDgc/ABMA", "31", "--gnubg", "0"],
        &["cube", "4HPwATDgc/ABMA"],
        &["rollout", "4HPwATDgc/ABMA", "31"],
        &["match", "review", &mat],
        &["archive", "add", "--db", &db, &mat, "--review"],
        &["archive", "review", "--db", &db],
        &["drill", "--db", &db, "--player", "x"],
        &["drill", "answer", "--db", &db, "1", "pass"],
        &["benchmark", "build", "--games", "1", "--out", &out],
        &["benchmark", "score", "--player", "gnubg"],
        &["fit", "--rounds", "1", "--out", &out],
        &["duel", "--a", "gnubg", "--b", "pubeval"],
        &["eval", "4HPwATDgc/ABMA"],
        &["benchmark", "build", "--from-matches", &mat, "--out", &out],
    ];
    lines
        .iter()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .collect()
}

/// `bgw ARGS` with no gnubg program to be found: an empty PATH, `BGW_GNUBG` naming nothing.
fn without_gnubg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .env("PATH", "")
        .env("BGW_GNUBG", "/nonexistent/gnubg")
        .env_remove("BGW_GNUBG_WEIGHTS")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn every_command_that_asks_gnubg_takes_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    for line in commands(dir.path()) {
        // The command's own words, without its arguments: its --help.
        let words: Vec<&str> = line
            .iter()
            .map(String::as_str)
            .take_while(|w| !w.starts_with('-') && !w.contains('/'))
            .collect();
        let mut help = words.clone();
        help.push("--help");
        let o = run(&help);
        assert!(o.status.success(), "{help:?}: {}", text(&o.stderr));
        let out = stdout(&o);
        assert!(
            out.contains("--reference <native|process>"),
            "{help:?}: {out}"
        );
        assert!(out.contains("--gnubg-weights <PATH>"), "{help:?}: {out}");
    }
}

#[test]
fn a_bad_reference_is_refused_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    for line in commands(dir.path()) {
        let mut args: Vec<&str> = line.iter().map(String::as_str).collect();
        args.extend(["--reference", "gnubg"]);
        let o = without_gnubg(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(
            err.contains("'gnubg'") && err.contains("expected native or process"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn weights_named_for_the_process_are_refused_as_typed() {
    for args in [
        &["rank", "4HPwATDgc/ABMA", "31", "--gnubg", "0"][..],
        &["cube", "4HPwATDgc/ABMA"],
        &["eval", "4HPwATDgc/ABMA"],
    ] {
        let mut args = args.to_vec();
        args.extend(["--reference", "process", "--gnubg-weights", "/x/gnubg.wd"]);
        let o = without_gnubg(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            text(&o.stderr).contains("--gnubg-weights is for --reference native"),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
    // Weights that cannot be read: a failure naming the file, nothing judged.
    let o = without_gnubg(&[
        "rank",
        "4HPwATDgc/ABMA",
        "31",
        "--gnubg",
        "0",
        "--reference",
        "native",
        "--gnubg-weights",
        "/nonexistent/gnubg.wd",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("/nonexistent/gnubg.wd"),
        "{}",
        text(&o.stderr)
    );
}

/// Rollouts are the process's alone: refused before anything runs, saying who does them.
#[test]
fn native_refuses_rollouts_naming_the_process() {
    let o = without_gnubg(&["rollout", "4HPwATDgc/ABMA", "31", "--reference", "native"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("no rollouts") && err.contains("--reference process"),
        "{err}"
    );
    assert!(stdout(&o).is_empty());
}

/// With no gnubg program, native judges what it covers: 2 plies, a match state, a 2-ply cube
/// decision and a match's review all succeed, and give the gnubg program's figures (when it
/// is installed): the same candidates and equities within 1e-4, the same cube action, the
/// same review line for line.
#[test]
fn with_no_gnubg_program_native_covers_plies_the_cube_and_the_review() {
    let mat = common::data("matches/gnubg_3pt_seed103.mat")
        .display()
        .to_string();
    let ranks: [&[&str]; 2] = [
        &["rank", "4HPwATDgc/ABMA", "31", "--gnubg", "2", "--json"],
        &[
            "rank",
            "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10",
            "--gnubg",
            "0",
            "--json",
        ],
    ];
    let cube: &[&str] = &["cube", "4HPwATDgc/ABMA", "--plies", "2", "--json"];
    let review: &[&str] = &["match", "review", &mat, "--plies", "0", "--quiet"];
    let native = |args: &[&str]| {
        let o = without_gnubg(args);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
        o
    };
    let gnubg = common::real_gnubg();
    let process = |args: &[&str]| {
        let mut args = args.to_vec();
        args.extend(["--reference", "process"]);
        let o = common::with_gnubg(gnubg.as_ref().unwrap(), &args);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
        o
    };
    for args in ranks {
        let ours = candidates(&native(args));
        assert!(!ours.is_empty(), "{args:?}");
        if gnubg.is_some() {
            let theirs = candidates(&process(args));
            assert_eq!(ours.len(), theirs.len(), "{args:?}");
            for (a, b) in ours.iter().zip(&theirs) {
                assert!((a.1 - b.1).abs() <= 1e-4, "{args:?}: {a:?} vs {b:?}");
            }
        }
    }
    let json = |o: &Output| serde_json::from_str::<serde_json::Value>(&stdout(o)).unwrap();
    let ours = json(&native(cube));
    assert_eq!(ours["plies"], 2, "{ours}");
    let ours_review = stdout(&native(review));
    assert!(ours_review.contains("Error rate"), "{ours_review}");
    if gnubg.is_some() {
        let theirs = json(&process(cube));
        assert_eq!(ours["action"], theirs["action"], "{ours} vs {theirs}");
        for k in ["no_double", "double_take", "double_pass", "cubeless"] {
            let (a, b) = (ours[k].as_f64().unwrap(), theirs[k].as_f64().unwrap());
            assert!((a - b).abs() <= 1e-4, "{k}: {a} vs {b}");
        }
        assert_eq!(ours_review, stdout(&process(review)));
    }
}

fn candidates(o: &Output) -> Vec<(String, f64)> {
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(o)).unwrap();
    let mut out: Vec<(String, f64)> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["gnubg"]["move"].as_str().unwrap().to_string(),
                c["gnubg"]["equity"].as_f64().unwrap(),
            )
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// With no gnubg program, `rank --gnubg 0 --reference native` judges: the same moves in the
/// same order and equities as the gnubg program gives (within 1e-4), when it is installed.
#[test]
fn with_no_gnubg_program_native_ranks_as_gnubg_does() {
    for (id, dice) in [
        ("4HPwATDgc/ABMA", "31"),
        ("4HPwATDgc/ABMA", "66"),
        ("Vv0RAAO1wycAMA", "42"),
        ("2sMHEDCm/gGAIQ", "65"),
    ] {
        let native = without_gnubg(&[
            "rank",
            id,
            dice,
            "--gnubg",
            "0",
            "--json",
            "--reference",
            "native",
        ]);
        let ours = candidates(&native);
        assert!(!ours.is_empty());
        let Some(gnubg) = common::real_gnubg() else {
            continue;
        };
        let theirs = candidates(&common::with_gnubg(
            &gnubg,
            &["rank", id, dice, "--gnubg", "0", "--json"],
        ));
        assert_eq!(ours.len(), theirs.len(), "{id} {dice}");
        for (a, b) in ours.iter().zip(&theirs) {
            assert!((a.1 - b.1).abs() <= 1e-4, "{id} {dice}: {a:?} vs {b:?}");
        }
        let names = |v: &[(String, f64)]| v.iter().map(|m| m.0.clone()).collect::<Vec<_>>();
        // The order may differ only between moves within 1e-5 of each other.
        for (a, b) in names(&ours).iter().zip(names(&theirs)) {
            if *a != b {
                let ea = ours.iter().find(|m| &m.0 == a).unwrap().1;
                let eb = ours.iter().find(|m| m.0 == b).unwrap().1;
                assert!((ea - eb).abs() <= 1e-5, "{id} {dice}: {a} vs {b}");
            }
        }
    }
}

/// With no gnubg program, `bgw eval` (native) gives the gnubg program's own figures.
#[test]
fn with_no_gnubg_program_eval_gives_the_process_figures() {
    let id = "Vv4xCABthw9AIA";
    let o = without_gnubg(&["eval", id, "--json", "--cubeless"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let native: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    let o = common::with_gnubg(
        &gnubg,
        &["eval", id, "--json", "--cubeless", "--reference", "process"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let process: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for k in [
        "win",
        "win_gammon",
        "win_backgammon",
        "lose_gammon",
        "lose_backgammon",
    ] {
        let (a, b) = (native[k].as_f64().unwrap(), process[k].as_f64().unwrap());
        assert!((a - b).abs() <= 1e-5, "{k}: {a} vs {b}");
    }
    assert_eq!(native["class"], process["class"]);
}

/// gnubg as a duel player and as the labeller of a benchmark, with no gnubg program.
#[test]
fn with_no_gnubg_program_native_plays_and_labels() {
    let o = without_gnubg(&[
        "duel",
        "--a",
        "gnubg",
        "--b",
        "pubeval",
        "--games",
        "4",
        "--reference",
        "native",
        "--json",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 4, "{v}");

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.jsonl");
    let o = without_gnubg(&[
        "benchmark",
        "build",
        "--from-matches",
        common::data("matches/gnubg_1pt_seed2028.mat")
            .to_str()
            .unwrap(),
        "--reference",
        "native",
        "--quiet",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.lines().count() > 1, "{written}");
}

/// The archive's review, the drill (its card and its verdict), the benchmark's score and the
/// iterated fit, with no gnubg program: each judges with gnubg's nets, and the archive's
/// players' figures equal those of a review by the gnubg program (when it is installed).
#[test]
fn with_no_gnubg_program_the_archive_the_drill_the_score_and_the_fit_judge() {
    let dir = tempfile::tempdir().unwrap();
    let mat = common::data("matches/real/galaxy_match1497590.txt");
    let mat = mat.to_str().unwrap();
    let db = dir.path().join("native.db");
    let db = db.to_str().unwrap();
    let ok = |o: Output| {
        assert!(o.status.success(), "{}", text(&o.stderr));
        stdout(&o)
    };
    ok(without_gnubg(&[
        "archive", "add", "--db", db, mat, "--review", "--plies", "0", "--quiet",
    ]));
    let players = ok(without_gnubg(&["archive", "players", "--db", db]));
    assert!(
        players.contains("lasse") && players.contains("kalvatn"),
        "{players}"
    );
    if let Some(gnubg) = common::real_gnubg() {
        let db = dir.path().join("process.db");
        let db = db.to_str().unwrap();
        ok(common::with_gnubg(
            &gnubg,
            &[
                "archive",
                "add",
                "--db",
                db,
                mat,
                "--review",
                "--plies",
                "0",
                "--quiet",
                "--reference",
                "process",
            ],
        ));
        let theirs = ok(common::with_gnubg(
            &gnubg,
            &["archive", "players", "--db", db],
        ));
        assert_eq!(players, theirs);
    }
    // The drill: a card of the player's own errors, and the verdict on an answer (the
    // classic program's choice, when the card is a move).
    let card: serde_json::Value = serde_json::from_str(&ok(without_gnubg(&[
        "drill", "next", "--db", db, "--player", "lasse",
    ])))
    .unwrap();
    let id = card["card"].as_u64().expect("a card is due").to_string();
    let answer = match card["kind"].as_str() {
        Some("move") => {
            let at = format!(
                "{}:{}",
                card["position_id"].as_str().unwrap(),
                card["match_id"].as_str().unwrap()
            );
            let dice = card["dice"].as_str().unwrap();
            let ranked: serde_json::Value =
                serde_json::from_str(&ok(without_gnubg(&["rank", &at, dice, "--json"]))).unwrap();
            ranked["candidates"][0]["move"]
                .as_str()
                .unwrap()
                .to_string()
        }
        Some("double") => "no double".to_string(),
        _ => "take".to_string(),
    };
    let verdict: serde_json::Value = serde_json::from_str(&ok(without_gnubg(&[
        "drill", "answer", "--db", db, &id, &answer, "--json",
    ])))
    .unwrap();
    assert!(verdict["best"].is_string(), "{verdict}");
    assert!(verdict["loss_memg"].as_f64().unwrap() >= 0.0, "{verdict}");
    // The benchmark's score of gnubg itself: its nets against gnubg 1.07's labels.
    let v: serde_json::Value = serde_json::from_str(&ok(without_gnubg(&[
        "benchmark",
        "score",
        "--player",
        "gnubg",
        "--json",
    ])))
    .unwrap();
    assert_eq!(v["decisions"], 11826, "{v}");
    assert!(v["agreement"].as_f64().unwrap() > 0.998, "{v}");
    assert!(v["mean_loss"].as_f64().unwrap() < 1e-5, "{v}");
    // One round of the iterated fit: its labels from the nets.
    let out = dir.path().join("fit.ron");
    ok(without_gnubg(&[
        "fit",
        "--rounds",
        "1",
        "--games",
        "20",
        "--duel-games",
        "20",
        "--hops",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(out.exists());
}
