//! What the archive holds of a match (issue 49): the depth of its reviews (the deepest
//! counts, both kept, one rule for `--plies`), its players as gnubg reads their names
//! (`name,rating`), its date (the file's, its name's, else unknown), and one match held by
//! several files counted once.

use super::{archive, players};
use crate::common::{self, data, run, stdout, text};
use bgw_engine::archive::Archive;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// `bgw archive errors --player P --json [more…]`, one value an error.
fn errors(db: &Path, player: &str, more: &[&str]) -> Vec<Value> {
    let mut args = vec!["errors", "--player", player, "--json"];
    args.extend_from_slice(more);
    let o = archive(db, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `bgw archive players --json --plies N`.
fn players_at(db: &Path, plies: &str) -> Vec<Value> {
    let o = archive(db, &["players", "--json", "--plies", plies]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The 3-point self-play match, its first line (`; [EventDate …]`) dropped when `undated`,
/// written at `to`.
fn three_point(to: &Path, undated: bool) -> PathBuf {
    let body = std::fs::read_to_string(data("matches/gnubg_3pt_seed103.mat")).unwrap();
    let body = if undated {
        body.lines()
            .filter(|l| !l.contains("EventDate"))
            .map(|l| format!("{l}\n"))
            .collect()
    } else {
        body
    };
    std::fs::write(to, body).unwrap();
    to.to_path_buf()
}

#[test]
fn plies_is_0_1_or_2_in_every_archive_and_drill_command_with_one_message() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let db_arg = db.to_str().unwrap();
    let file = data("matches/gnubg_3pt_seed103.mat");
    let file = file.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["archive", "add", "--plies", "3", file], "3"),
        (vec!["archive", "players", "--plies", "3"], "3"),
        (
            vec!["archive", "errors", "--player", "x", "--plies", "7"],
            "7",
        ),
        (vec!["drill", "--player", "x", "--plies", "7"], "7"),
        (vec!["archive", "players", "--plies", "300"], "300"),
        (vec!["archive", "players", "--plies", "two"], "two"),
    ];
    for (mut args, n) in cases {
        args.extend_from_slice(&["--db", db_arg]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(
            err.contains(&format!("--plies must be 0, 1 or 2, not {n}")),
            "{args:?}: {err}"
        );
    }
    // Nothing was stored by the refused add.
    let o = archive(&db, &["players", "--json"]);
    assert_eq!(stdout(&o), "", "{}", text(&o.stderr));
}

#[test]
fn a_match_reviewed_again_at_another_depth_keeps_both_and_counts_the_deeper() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let file = data("matches/gnubg_3pt_seed103.mat");
    // The deeper review first, then the shallower: the latest is not the one that counts.
    for plies in ["1", "0"] {
        let o = archive(
            &db,
            &[
                "add",
                "--review",
                "--plies",
                plies,
                "--quiet",
                file.to_str().unwrap(),
            ],
        );
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(
            stdout(&o).contains(match plies {
                "1" => "1 match reviewed at 1 ply",
                _ => "1 match reviewed at 0 plies",
            }),
            "{}",
            stdout(&o)
        );
    }
    let archive_db = Archive::open(&db).unwrap();
    let depths: Vec<i64> = archive_db
        .connection()
        .prepare("SELECT plies FROM reviews ORDER BY plies")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(depths, vec![0, 1]);
    drop(archive_db);
    // Players and errors without --plies are those of the 1-ply review.
    assert_eq!(players(&db), players_at(&db, "1"));
    assert_ne!(players(&db), players_at(&db, "0"));
    let all = errors(&db, "gnubg", &[]);
    assert!(!all.is_empty());
    assert!(all.iter().all(|e| e["plies"] == 1), "{all:?}");
    assert_eq!(all, errors(&db, "gnubg", &["--plies", "1"]));
    assert!(
        errors(&db, "gnubg", &["--plies", "0"])
            .iter()
            .all(|e| e["plies"] == 0)
    );
    // A card carries the depth it is judged at.
    let o = run(&[
        "drill",
        "next",
        "--player",
        "gnubg",
        "--json",
        "--db",
        db.to_str().unwrap(),
        "--now",
        "2026-12-05T09:00:00Z",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let card: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(card["plies"], 1, "{card}");
}

#[test]
fn one_match_as_mat_as_sgf_and_as_a_copy_is_one_match_of_three_files() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("m");
    std::fs::create_dir(&folder).unwrap();
    for name in ["gnubg_3pt_seed103.mat", "gnubg_3pt_seed103.sgf"] {
        std::fs::copy(data(&format!("matches/{name}")), folder.join(name)).unwrap();
    }
    let mut copy = std::fs::read(data("matches/gnubg_3pt_seed103.mat")).unwrap();
    copy.push(b'\n');
    std::fs::write(folder.join("copy.mat"), copy).unwrap();
    let one = dir.path().join("one.mat");
    std::fs::copy(data("matches/gnubg_3pt_seed103.mat"), &one).unwrap();

    let gnubg = common::real_gnubg().is_some();
    let review: &[&str] = if gnubg {
        &["--review", "--plies", "0"]
    } else {
        &[]
    };
    let add = |db: &Path, what: &Path| {
        let mut args = vec!["add", "--quiet", what.to_str().unwrap()];
        args.extend_from_slice(review);
        let o = archive(db, &args);
        assert!(o.status.success(), "{}", text(&o.stderr));
        stdout(&o)
    };
    let three = dir.path().join("three.sqlite");
    let said = add(&three, &folder);
    assert!(said.starts_with("3 files: 3 added\n"), "{said}");
    assert!(
        said.contains("2 of the files added hold a match stored already"),
        "{said}"
    );
    let single = dir.path().join("single.sqlite");
    add(&single, &one);
    let figures = players(&three);
    assert_eq!(figures, players(&single));
    assert_eq!(figures.len(), 2);
    assert!(figures.iter().all(|p| p["matches"] == 1), "{figures:?}");
    if gnubg {
        assert!(figures.iter().all(|p| p["reviewed"] == 1), "{figures:?}");
        assert_eq!(
            errors(&three, "gnubg", &[]).len(),
            errors(&single, "gnubg", &[]).len()
        );
    }
    let a = Archive::open(&three).unwrap();
    let c = a.counts().unwrap();
    assert_eq!((c.files, c.matches), (3, 1));
}

#[test]
fn a_gamesgrid_name_is_one_player_with_a_rating_and_the_review_has_luck() {
    let dir = tempfile::tempdir().unwrap();
    let body = std::fs::read_to_string(data("matches/gnubg_3pt_seed103.mat")).unwrap();
    // gnubg's self-play match as GamesGrid writes names: the rating after a comma, another
    // in each game.
    let mut game = 0;
    let rated: String = body
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("gnubg :") {
                game += 1;
                format!(
                    "{}\n",
                    l.replacen("gnubg :", &format!("gnubg,17{game:02} :"), 1)
                )
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert!(game >= 2, "{rated}");
    let file = dir.path().join("rated.mat");
    std::fs::write(&file, rated).unwrap();
    let db = dir.path().join("a.sqlite");
    let gnubg = common::real_gnubg().is_some();
    let mut args = vec!["add", "--quiet", file.to_str().unwrap()];
    if gnubg {
        args.extend_from_slice(&["--review", "--plies", "0"]);
    }
    let o = archive(&db, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        !text(&o.stderr).contains("no luck figures"),
        "{}",
        text(&o.stderr)
    );
    let figures = players(&db);
    let names: Vec<&str> = figures
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["gnubg", "root"]);
    if gnubg {
        assert!(figures[0]["luck_rate_memg"].is_number(), "{figures:?}");
    }
    let a = Archive::open(&db).unwrap();
    let rating: Option<String> = a
        .connection()
        .query_row("SELECT rating0 FROM matches", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rating.as_deref(), Some("1701"));
}

#[test]
fn a_match_is_dated_by_its_file_or_its_name_else_unknown_never_today() {
    let dir = tempfile::tempdir().unwrap();
    let studio = three_point(
        &dir.path()
            .join("gnubg - root 3pt Backgammon Studio 2023_09_18 20_03_49.txt"),
        true,
    );
    let db = dir.path().join("a.sqlite");
    let o = archive(&db, &["add", "--quiet", studio.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let p = &players(&db)[0];
    assert_eq!(
        (p["first"].clone(), p["last"].clone(), p["undated"].clone()),
        ("2023-09-18".into(), "2023-09-18".into(), 0.into())
    );
    // No date in the file nor in its name: unknown.
    let plain = three_point(&dir.path().join("plain.mat"), true);
    let db = dir.path().join("b.sqlite");
    let o = archive(&db, &["add", "--quiet", plain.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let p = &players(&db)[0];
    assert_eq!(
        (p["first"].clone(), p["last"].clone(), p["undated"].clone()),
        (Value::Null, Value::Null, 1.into())
    );
    let o = archive(&db, &["players"]);
    let table = stdout(&o);
    assert!(table.contains("unknown"), "{table}");
    // The file's own date first.
    let dated = three_point(&dir.path().join("x 2020_01_01.mat"), false);
    let db = dir.path().join("c.sqlite");
    let o = archive(&db, &["add", "--quiet", dated.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(players(&db)[0]["first"], "2026-12-01");
}
