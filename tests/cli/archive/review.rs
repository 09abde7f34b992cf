//! Reviewing the archive on two gnubg processes: the players' figures are those of `bgw
//! match review` file by file, and a run killed by SIGKILL halfway, then added again, ends
//! with exactly what an uninterrupted run gives.

use super::{archive, players, shared_matches, until_a_review};
use crate::common::{self, data, run, stdout, text};
use bgw_engine::archive::Archive;
use std::path::Path;
use std::process::{Command, Stdio};

/// The shared matches and the two real ones in a folder of `dir`.
fn folder_of_matches(dir: &Path) -> std::path::PathBuf {
    let folder = dir.join("matches");
    std::fs::create_dir(&folder).unwrap();
    shared_matches(&folder);
    for name in ["galaxy_match1497590.txt", "studio_boardlord_llabba_7pt.txt"] {
        std::fs::copy(data(&format!("matches/real/{name}")), folder.join(name)).unwrap();
    }
    folder
}

/// Every decision's stored figures, in the matches' file order, as lines to compare.
fn decision_figures(db: &Path) -> Vec<String> {
    let archive = Archive::open(db).unwrap();
    let mut q = archive
        .connection()
        .prepare(
            "SELECT f.sha256, g.idx, d.idx, r.plies, dr.verdict, dr.best, dr.loss, dr.mark,
                    dr.cube_action, dr.cube_error, dr.luck_emg, dr.not_judged
             FROM decision_reviews dr JOIN reviews r ON r.id = dr.review_id
             JOIN decisions d ON d.id = dr.decision_id JOIN games g ON g.id = d.game_id
             JOIN matches m ON m.id = g.match_id JOIN files f ON f.id = m.file_id
             ORDER BY f.sha256, g.idx, d.idx",
        )
        .unwrap();
    q.query_map([], |r| {
        Ok(format!(
            "{} {} {} {} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, Option<String>>(5)?,
            r.get::<_, Option<f64>>(6)?,
            r.get::<_, Option<String>>(7)?,
            r.get::<_, Option<String>>(8)?,
            r.get::<_, Option<f64>>(9)?,
            r.get::<_, Option<f64>>(10)?,
            r.get::<_, Option<String>>(11)?,
        ))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// What `bgw match review --plies 0 --json` gives file by file, summed as gnubg's
/// statistics sum: per player (unforced moves, error, close cube decisions, cube error,
/// rolls, luck).
fn file_by_file(files: &[std::path::PathBuf]) -> Vec<(String, [f64; 6])> {
    let mut sums: Vec<(String, [f64; 6])> = Vec::new();
    for f in files {
        let o = run(&[
            "match",
            "review",
            f.to_str().unwrap(),
            "--plies",
            "0",
            "--json",
            "--quiet",
        ]);
        assert!(o.status.success(), "{}: {}", f.display(), text(&o.stderr));
        let last = stdout(&o).lines().last().unwrap().to_string();
        let v: serde_json::Value = serde_json::from_str(&last).unwrap();
        for p in v["summary"]["players"].as_array().unwrap() {
            let cube: f64 = (p["cube_errors"].as_object().unwrap().values())
                .map(|c| c["emg"].as_f64().unwrap())
                .sum();
            let add = [
                p["unforced_moves"].as_f64().unwrap(),
                p["error_emg"].as_f64().unwrap(),
                p["close_cube_decisions"].as_f64().unwrap(),
                cube,
                p["total_moves"].as_f64().unwrap(),
                p["luck_total_emg"].as_f64().unwrap(),
            ];
            let name = p["name"].as_str().unwrap().to_string();
            let k = match sums.iter().position(|(n, _)| *n == name) {
                Some(k) => k,
                None => {
                    sums.push((name, [0.0; 6]));
                    sums.len() - 1
                }
            };
            for (s, a) in sums[k].1.iter_mut().zip(add) {
                *s += a;
            }
        }
    }
    sums.sort_by(|a, b| a.0.cmp(&b.0));
    sums
}

/// The reviews stored without a verdict for every decision of their match (none, ever).
fn half_reviews(db: &Path) -> i64 {
    let archive = Archive::open(db).unwrap();
    archive
        .connection()
        .query_row(
            "SELECT count(*) FROM reviews r
             WHERE (SELECT count(*) FROM decision_reviews dr WHERE dr.review_id = r.id)
                != (SELECT count(*) FROM decisions d JOIN games g ON g.id = d.game_id
                    WHERE g.match_id = r.match_id)",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// `archive add --review` sent `signal` once a review is stored: it exits with `code` (or 0
/// when the last review was stored before the signal came), keeping every finished review and
/// no half of one.
#[cfg(unix)]
fn a_signal_keeps_every_finished_review(signal: &str, code: i32) {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = folder_of_matches(dir.path());
    let db = dir.path().join("a.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        // At 1 ply: the first review is stored within seconds and the others are still
        // running (at 2 plies the test waited minutes for the first one).
        .args([
            "archive", "add", "--review", "--plies", "1", "--jobs", "2", "--quiet",
        ])
        .arg(&folder)
        .arg("--db")
        .arg(&db)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if until_a_review(&db, &mut child) {
        return eprintln!("skipped: the run ended before it could be interrupted");
    }
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let o = child.wait_with_output().unwrap();
    let err = text(&o.stderr);
    assert!(
        matches!(o.status.code(), Some(c) if c == code || c == 0),
        "{:?} {err}",
        o.status
    );
    if o.status.code() == Some(code) {
        assert!(
            err.contains("interrupted: every match stored or reviewed so far is kept"),
            "{err}"
        );
    }
    assert!(Archive::open(&db).unwrap().counts().unwrap().reviews >= 1);
    assert_eq!(half_reviews(&db), 0);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_every_finished_review_and_exits_130() {
    a_signal_keeps_every_finished_review("INT", 130);
}

#[cfg(unix)]
#[test]
fn sigterm_keeps_every_finished_review_and_exits_143() {
    a_signal_keeps_every_finished_review("TERM", 143);
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn reviewed_on_two_gnubgs_killed_halfway_and_added_again_equals_an_uninterrupted_run_and_file_by_file()
 {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = folder_of_matches(dir.path());
    let review = ["add", "--review", "--plies", "0", "--jobs", "2", "--quiet"];

    // Uninterrupted.
    let whole = dir.path().join("whole.sqlite");
    let mut args = review.to_vec();
    args.push(folder.to_str().unwrap());
    let o = archive(&whole, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        stdout(&o).contains("5 matches reviewed at 0 plies"),
        "{}",
        stdout(&o)
    );

    // Its figures are those of `bgw match review` file by file.
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let expected = file_by_file(&files);
    let got = players(&whole);
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for (v, (name, s)) in got.iter().zip(&expected) {
        assert_eq!(v["player"].as_str(), Some(name.as_str()));
        assert_eq!(v["unforced_moves"].as_f64(), Some(s[0]), "{v}");
        let rate = |total: f64, n: f64| if n > 0.0 { 1000.0 * total / n } else { 0.0 };
        for (key, want) in [
            ("error_rate_memg", rate(s[1], s[0])),
            ("cube_error_rate_memg", rate(s[3], s[2])),
            ("luck_rate_memg", rate(s[5], s[4])),
        ] {
            // No close cube decision: no rate (null), not 0.
            if key == "cube_error_rate_memg" && s[2] == 0.0 {
                assert!(v[key].is_null(), "{name} {key}: {v}");
                continue;
            }
            let have = v[key].as_f64().unwrap();
            assert!(close(have, want), "{name} {key}: {have} against {want}");
        }
    }

    // Killed by SIGKILL once a match's review is stored, then added again.
    let killed = dir.path().join("killed.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .arg("archive")
        .args(review)
        .arg(&folder)
        .arg("--db")
        .arg(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let finished_alone = until_a_review(&killed, &mut child);
    child.kill().unwrap();
    child.wait().unwrap();
    let stored = Archive::open(&killed).unwrap().counts().unwrap();
    assert_eq!(stored.matches, 5);
    assert_eq!(half_reviews(&killed), 0);
    // Said, not asserted: on a busy machine the run may finish before it is killed.
    eprintln!(
        "killed with {} of 5 matches reviewed (finished before the kill: {finished_alone})",
        stored.reviews
    );
    let mut args = review.to_vec();
    args.push(folder.to_str().unwrap());
    let o = archive(&killed, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        stdout(&o).starts_with("5 files: 0 added, 5 already stored"),
        "{}",
        stdout(&o)
    );
    let reviewed_again: usize = stdout(&o)
        .lines()
        .nth(1)
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert_eq!(reviewed_again as u64, 5 - stored.reviews, "{}", stdout(&o));
    assert_eq!(players(&killed), players(&whole));
    assert_eq!(decision_figures(&killed), decision_figures(&whole));
}

#[test]
fn errors_are_worst_first_filtered_and_an_alias_joins_two_names() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let file = data("matches/real/galaxy_match1497590.txt");
    let o = archive(
        &db,
        &[
            "add",
            "--review",
            "--plies",
            "0",
            "--jobs",
            "1",
            "--quiet",
            file.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = archive(&db, &["errors", "--player", "kalvatn", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let errors: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(errors.len() > 10, "{errors:?}");
    let losses: Vec<f64> = errors
        .iter()
        .map(|e| e["loss_memg"].as_f64().unwrap())
        .collect();
    assert!(losses.windows(2).all(|w| w[0] >= w[1]), "{losses:?}");
    // The worked example of docs/review.md: game 2 #8 (move 4), 65 7/1* 6/1, 158.2 mEMG.
    assert!(errors.iter().any(|e| e["game"] == 2
        && e["number"] == 8
        && e["file_move"] == 4
        && e["played"] == "7/1* 6/1"
        && e["best"] == "22/11"
        && e["dice"] == "65"
        && (e["loss_memg"].as_f64().unwrap() - 158.2).abs() < 0.05));
    let o = archive(
        &db,
        &[
            "errors",
            "--player",
            "kalvatn",
            "--json",
            "--kind",
            "move",
            "--phase",
            "race",
            "--min-loss",
            "20",
        ],
    );
    for line in stdout(&o).lines() {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            (e["kind"].as_str(), e["phase"].as_str()),
            (Some("move"), Some("race"))
        );
        assert!(e["loss_memg"].as_f64().unwrap() >= 20.0);
    }
    // Two site names, one person.
    assert!(archive(&db, &["alias", "kalvatn", "Kal"]).status.success());
    assert!(archive(&db, &["alias", "lasse", "Kal"]).status.success());
    let p = players(&db);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(
        (p[0]["player"].as_str(), p[0]["matches"].as_u64()),
        (Some("Kal"), Some(2))
    );
    assert_eq!(p[0]["unforced_moves"], 63 + 57);
    let o = archive(&db, &["errors", "--player", "Kal", "--json"]);
    assert!(stdout(&o).lines().count() > errors.len());
}
