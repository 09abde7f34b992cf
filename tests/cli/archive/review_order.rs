//! One review job on one gnubg, a money session and a match in turn (issue 49, item 17):
//! every match's stored figures are those of its own `bgw match review`, whichever was
//! reviewed before it on the same gnubg. (gnubg keeps evaluations in a cache whose key
//! does not tell a cubeful money position without the Jacoby rule from one at double match
//! point: a 1-point match after a money session got money equities — "a match-winning chance
//! outside 0..1" — and a money session after it a wrong luck.)

use super::archive;
use crate::common::{self, data, run, stdout, text};
use bgw_engine::archive::Archive;
use std::path::Path;

/// Each player's stored figures of the match read from `file`: unforced moves, error,
/// close cube decisions, cube error, luck (EMG).
fn stored(db: &Path, file: &Path) -> Vec<(String, [f64; 5])> {
    let archive = Archive::open(db).unwrap();
    let mut q = archive
        .connection()
        .prepare(
            "SELECT rp.name, rp.unforced_moves, rp.error_emg, rp.close_cube_decisions,
                    rp.cube_error_emg, rp.luck_total_emg
             FROM review_players rp JOIN reviews r ON r.id = rp.review_id
             JOIN matches m ON m.id = r.match_id JOIN files f ON f.id = m.file_id
             WHERE f.path = ?1 ORDER BY rp.player",
        )
        .unwrap();
    q.query_map([file.to_str().unwrap()], |r| {
        Ok((
            r.get(0)?,
            [
                r.get::<_, i64>(1)? as f64,
                r.get(2)?,
                r.get::<_, i64>(3)? as f64,
                r.get(4)?,
                r.get::<_, Option<f64>>(5)?.unwrap_or(f64::NAN),
            ],
        ))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// The same figures from `bgw match review FILE --plies 0 --json`.
fn alone(file: &Path) -> Vec<(String, [f64; 5])> {
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--plies",
        "0",
        "--json",
        "--quiet",
    ]);
    assert!(
        o.status.success(),
        "{}: {}",
        file.display(),
        text(&o.stderr)
    );
    let last = stdout(&o).lines().last().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    v["summary"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let cube: f64 = (p["cube_errors"].as_object().unwrap().values())
                .map(|c| c["emg"].as_f64().unwrap())
                .sum();
            (
                p["name"].as_str().unwrap().to_string(),
                [
                    p["unforced_moves"].as_f64().unwrap(),
                    p["error_emg"].as_f64().unwrap(),
                    p["close_cube_decisions"].as_f64().unwrap(),
                    cube,
                    p["luck_total_emg"].as_f64().unwrap(),
                ],
            )
        })
        .collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

/// Reviews `names` (copied into a folder) in one job and compares each match with its own
/// review.
fn one_job(names: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("matches");
    std::fs::create_dir(&folder).unwrap();
    for name in names {
        std::fs::copy(data(&format!("matches/{name}")), folder.join(name)).unwrap();
    }
    let db = dir.path().join("p.sqlite");
    let o = archive(
        &db,
        &[
            "add",
            folder.to_str().unwrap(),
            "--review",
            "--plies",
            "0",
            "--jobs",
            "1",
            "--quiet",
        ],
    );
    assert!(o.status.success(), "{names:?}: {}", text(&o.stderr));
    assert!(
        stdout(&o).contains("2 matches reviewed at 0 plies"),
        "{names:?}: {}{}",
        stdout(&o),
        text(&o.stderr)
    );
    for name in names {
        let file = folder.join(name);
        let (got, want) = (stored(&db, &file), alone(&file));
        assert_eq!(got.len(), 2, "{name}: {got:?}");
        for ((gn, g), (wn, w)) in got.iter().zip(&want) {
            assert_eq!(gn, wn, "{name}");
            for (k, what) in [
                "unforced moves",
                "error",
                "close cube",
                "cube error",
                "luck",
            ]
            .iter()
            .enumerate()
            {
                assert!(
                    close(g[k], w[k]),
                    "{name} {gn} {what}: {} in the job, {} alone",
                    g[k],
                    w[k]
                );
            }
        }
    }
}

#[test]
fn a_match_after_a_money_session_on_one_gnubg_gets_its_own_figures() {
    if common::real_gnubg().is_none() {
        return;
    }
    // The longest match is reviewed first: the five-game session, then the 1-point match.
    one_job(&["gnubg_money_seed2026.mat", "gnubg_1pt_seed2028.mat"]);
}

#[test]
fn a_money_session_after_a_match_on_one_gnubg_gets_its_own_figures() {
    if common::real_gnubg().is_none() {
        return;
    }
    // The 1-point match (82 decisions), then the one-game session (46).
    one_job(&["gnubg_1pt_seed2028.mat", "gnubg_money_1game_seed5.mat"]);
}
