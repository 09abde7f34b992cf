//! The archive reviewed in shards and merged (issue 53): three shard runs and a merge give the
//! players' figures of one run over every file; a killed shard and a killed merge recover; the
//! same shard twice changes nothing; bad K/N and bad merges are refused; GNU parallel runs the
//! docs' recipe with this machine as its only host.

use super::{archive, players, until_a_review};
use crate::common::{self, data, run, stdout, text};
use bgw_engine::archive::Archive;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Small shared and real matches (and one match twice, as MAT and SGF, which shards must
/// count once) in a folder of `dir`.
fn folder_of_matches(dir: &Path) -> PathBuf {
    let folder = dir.join("matches");
    std::fs::create_dir(&folder).unwrap();
    for name in [
        "gnubg_1pt_seed2028.mat",
        "gnubg_3pt_seed103.mat",
        "gnubg_3pt_seed103.sgf",
        "gnubg_5pt_seed101.mat",
        "gnubg_7pt_seed102.mat",
        "gnubg_money_1game_seed5.mat",
        "real/galaxy_match1497590.txt",
        "real/studio_boardlord_llabba_7pt.txt",
    ] {
        let to = folder.join(Path::new(name).file_name().unwrap());
        std::fs::copy(data(&format!("matches/{name}")), to).unwrap();
    }
    folder
}

fn ok(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}{}", stdout(o), text(&o.stderr));
    stdout(o)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `bgw archive merge --into INTO ARCHIVES…`.
fn merge(into: &Path, archives: &[&Path]) -> std::process::Output {
    let mut args = vec!["archive", "merge", "--into", s(into)];
    args.extend(archives.iter().map(|p| s(p)));
    run(&args)
}

/// Every row count and every review's figures, to say that two archives hold the same.
fn contents(db: &Path) -> Vec<String> {
    let archive = Archive::open_read_only(db).unwrap();
    let c = archive.connection();
    let mut out = Vec::new();
    for table in [
        "files",
        "matches",
        "match_files",
        "games",
        "decisions",
        "reviews",
        "review_players",
        "decision_reviews",
        "aliases",
        "drill_cards",
        "drill_answers",
    ] {
        let n: i64 = c
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .unwrap();
        out.push(format!("{table} {n}"));
    }
    let mut q = c
        .prepare(
            "SELECT m.digest, r.plies, g.idx, d.idx, dr.verdict, dr.best, dr.loss, dr.luck_emg
             FROM decision_reviews dr JOIN reviews r ON r.id = dr.review_id
             JOIN decisions d ON d.id = dr.decision_id JOIN games g ON g.id = d.game_id
             JOIN matches m ON m.id = g.match_id ORDER BY 1, 2, 3, 4",
        )
        .unwrap();
    let rows = q
        .query_map([], |r| {
            Ok(format!(
                "{} {} {} {} {} {:?} {:?} {:?}",
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, Option<f64>>(6)?,
                r.get::<_, Option<f64>>(7)?
            ))
        })
        .unwrap();
    out.extend(rows.map(Result::unwrap));
    out
}

const REVIEW: [&str; 5] = ["--plies", "0", "--jobs", "1", "--quiet"];

#[test]
fn three_shards_and_a_merge_give_the_figures_of_one_run_and_a_shard_twice_changes_nothing() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = folder_of_matches(dir.path());
    let one = dir.path().join("one.sqlite");
    let mut args = vec!["add", "--review", s(&folder)];
    args.extend(REVIEW);
    let said = ok(&archive(&one, &args));
    assert!(said.contains("7 matches reviewed at 0 plies"), "{said}");
    let whole = players(&one);
    assert!(whole.len() >= 6, "{whole:?}");

    // `add --shard K/3`: each shard stores and reviews its files only.
    let mut shards = Vec::new();
    let mut reviewed = 0;
    for k in 0..3 {
        let db = dir.path().join(format!("add{k}.sqlite"));
        let shard = format!("{k}/3");
        let mut args = vec!["add", "--shard", &shard, "--review", s(&folder)];
        args.extend(REVIEW);
        let said = ok(&archive(&db, &args));
        assert!(said.contains("of other shards than"), "{said}");
        reviewed += Archive::open_read_only(&db)
            .unwrap()
            .counts()
            .unwrap()
            .reviews;
        shards.push(db);
    }
    // Every match reviewed once between them: the SGF copy of a MAT match is the same shard's.
    assert_eq!(reviewed, 7);
    let merged = dir.path().join("merged.sqlite");
    let refs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    let said = ok(&merge(&merged, &refs));
    assert!(said.contains("7 matches added"), "{said}");
    assert_eq!(players(&merged), whole);
    assert_eq!(contents(&merged), contents(&one));

    // `review --shard K/3` on three copies of one archive that holds every match unreviewed.
    let stored = dir.path().join("stored.sqlite");
    ok(&archive(&stored, &["add", "--quiet", s(&folder)]));
    let mut copies = Vec::new();
    for k in 0..3 {
        let db = dir.path().join(format!("review{k}.sqlite"));
        std::fs::copy(&stored, &db).unwrap();
        let shard = format!("{k}/3");
        let mut args = vec!["review", "--shard", &shard];
        args.extend(REVIEW);
        ok(&archive(&db, &args));
        copies.push(db);
    }
    // The same shard again: nothing to do, nothing changed.
    let before = contents(&copies[0]);
    let mut args = vec!["review", "--shard", "0/3"];
    args.extend(REVIEW);
    let said = ok(&archive(&copies[0], &args));
    assert!(
        said.starts_with("0 matches of shard 0/3 reviewed"),
        "{said}"
    );
    assert_eq!(contents(&copies[0]), before);
    let merged2 = dir.path().join("merged2.sqlite");
    let refs: Vec<&Path> = copies.iter().map(PathBuf::as_path).collect();
    let said = ok(&merge(&merged2, &refs));
    // Every copy holds every match: counted once.
    assert!(said.contains("7 matches added, 14 held already"), "{said}");
    assert_eq!(players(&merged2), whole);
    assert_eq!(contents(&merged2), contents(&one));

    // A merge again into the merged archive adds nothing.
    let said = ok(&merge(&merged2, &refs));
    assert!(said.contains("0 matches added, 21 held already"), "{said}");
    assert!(said.contains("0 reviews added, 7 held already"), "{said}");
    assert_eq!(contents(&merged2), contents(&one));
}

#[test]
fn a_shard_killed_after_a_match_and_run_again_ends_as_an_uninterrupted_one() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = folder_of_matches(dir.path());
    let stored = dir.path().join("stored.sqlite");
    ok(&archive(&stored, &["add", "--quiet", s(&folder)]));
    let (whole, killed) = (dir.path().join("w.sqlite"), dir.path().join("k.sqlite"));
    std::fs::copy(&stored, &whole).unwrap();
    std::fs::copy(&stored, &killed).unwrap();
    // Shard 1 of 2: the larger one with these matches.
    let mut args = vec!["review", "--shard", "1/2"];
    args.extend(REVIEW);
    let said = ok(&archive(&whole, &args));
    let all: usize = said.split(' ').next().unwrap().parse().unwrap();
    assert!(all >= 2, "{said}");

    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .arg("archive")
        .args(&args)
        .arg("--db")
        .arg(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let finished_alone = until_a_review(&killed, &mut child);
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = Archive::open_read_only(&killed)
        .unwrap()
        .counts()
        .unwrap()
        .reviews as usize;
    eprintln!("killed with {kept} of {all} reviews stored (finished first: {finished_alone})");
    let said = ok(&archive(&killed, &args));
    let again: usize = said.split(' ').next().unwrap().parse().unwrap();
    assert_eq!(again + kept, all, "{said}");
    assert_eq!(contents(&killed), contents(&whole));
    assert_eq!(players(&killed), players(&whole));
}

#[test]
fn bad_shards_are_refused_with_exit_2_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    for (shard, says) in [
        ("3/3", "does not exist"),
        ("0/0", "at least 1"),
        ("-1/3", "whole numbers"),
        ("two/3", "whole numbers"),
        ("1", "K/N"),
        ("0/1000000", "at most 100000"),
    ] {
        for command in ["review", "add"] {
            let mut args = vec![command, "--shard", shard];
            if command == "add" {
                args.push(s(dir.path()));
            }
            let o = archive(&db, &args);
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{command} {shard}: {err}");
            assert!(err.contains("--shard") && err.contains(says), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    assert!(!db.exists());
}

/// An archive of `copies` × the matches of `from` (each copy a match of its own: another
/// digest and file hash, the same games, decisions and reviews), written with SQL.
fn synthetic(from: &Path, to: &Path, copies: i64) {
    std::fs::copy(from, to).unwrap();
    let archive = Archive::open(to).unwrap();
    let c = archive.connection();
    let max = |t: &str| -> i64 {
        c.query_row(&format!("SELECT max(id) FROM {t}"), [], |r| r.get(0))
            .unwrap()
    };
    let (f, m, g, d, r) = (
        max("files"),
        max("matches"),
        max("games"),
        max("decisions"),
        max("reviews"),
    );
    c.execute_batch("BEGIN").unwrap();
    for k in 1..copies {
        c.execute_batch(&format!(
            "INSERT INTO files SELECT id + {k}*{f}, path || '#{k}', lower(hex(randomblob(32))),
                 size, added_at, text FROM files WHERE id <= {f};
             INSERT INTO matches (id, file_id, player0, player1, length, crawford, jacoby, date,
                 source, format, rating0, rating1, digest)
               SELECT id + {k}*{m}, file_id + {k}*{f}, player0, player1, length, crawford,
                 jacoby, date, source, format, rating0, rating1, lower(hex(randomblob(32)))
               FROM matches WHERE id <= {m};
             INSERT INTO match_files SELECT file_id + {k}*{f}, match_id + {k}*{m}
               FROM match_files WHERE file_id <= {f};
             INSERT INTO games SELECT id + {k}*{g}, match_id + {k}*{m}, idx, number, score0,
                 score1, crawford, winner, points FROM games WHERE id <= {g};
             INSERT INTO decisions SELECT id + {k}*{d}, game_id + {k}*{g}, idx, player, kind,
                 phase, position_id, gnubg_match_id, dice, played, illegal, line, file_move
               FROM decisions WHERE id <= {d};
             INSERT INTO reviews SELECT id + {k}*{r}, match_id + {k}*{m}, engine,
                 engine_version, plies, reviewed_at, luck FROM reviews WHERE id <= {r};
             INSERT INTO review_players SELECT review_id + {k}*{r}, player, name,
                 unforced_moves, error_emg, total_moves, close_cube_decisions, cube_error_emg,
                 luck_total_emg, summary FROM review_players WHERE review_id <= {r};
             INSERT INTO decision_reviews SELECT review_id + {k}*{r}, decision_id + {k}*{d},
                 verdict, best, best_equity, played_equity, loss, loss_mwc, mark, forced,
                 classic, classic_loss, cube_action, no_double, double_take, double_pass,
                 cube_error, cube_mark, luck_emg, luck_mwc, luck_mark, not_judged
               FROM decision_reviews WHERE review_id <= {r};"
        ))
        .unwrap();
    }
    c.execute_batch("COMMIT").unwrap();
}

#[test]
#[cfg(unix)]
fn a_killed_or_failed_merge_leaves_the_target_as_it_was_and_bad_merges_are_refused() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("m");
    std::fs::create_dir(&folder).unwrap();
    for name in ["gnubg_3pt_seed103.mat", "gnubg_5pt_seed101.mat"] {
        std::fs::copy(data(&format!("matches/{name}")), folder.join(name)).unwrap();
    }
    let small = dir.path().join("small.sqlite");
    let mut args = vec!["add", "--review", s(&folder)];
    args.extend(REVIEW);
    ok(&archive(&small, &args));
    let big = dir.path().join("big.sqlite");
    synthetic(&small, &big, 150);

    // Into an archive that exists: killed halfway (once its transaction writes), the target
    // reads as before; merged again, it holds both.
    let target = dir.path().join("target.sqlite");
    ok(&archive(
        &target,
        &["add", "--quiet", s(&data("matches/gnubg_1pt_seed2028.mat"))],
    ));
    let before = contents(&target);
    let wal = dir.path().join("target.sqlite-wal");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["archive", "merge", "--into", s(&target), s(&small), s(&big)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let finished_alone = loop {
        if std::fs::metadata(&wal).map_or(0, |m| m.len()) > 64 * 1024 {
            break false;
        }
        if child.try_wait().unwrap().is_some() {
            break true;
        }
        assert!(
            Instant::now() < deadline,
            "the merge wrote nothing in 120 s"
        );
        std::thread::sleep(Duration::from_millis(1));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    eprintln!("merge killed halfway: {}", !finished_alone);
    if !finished_alone {
        assert_eq!(contents(&target), before);
    }
    let said = ok(&merge(&target, &[&small, &big]));
    assert!(said.contains("held already"), "{said}");
    let merged = contents(&target);
    assert!(merged.contains(&"matches 301".to_string()), "{merged:?}");

    // Into a new file: killed halfway, there is no target; merged again, the killed run's
    // temporary file is gone.
    let new = dir.path().join("new.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["archive", "merge", "--into", s(&new), s(&big)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let temp_wal = |d: &Path| {
        std::fs::read_dir(d)
            .unwrap()
            .flatten()
            .find(|e| e.file_name().to_string_lossy().ends_with(".tmp-wal"))
            .map(|e| e.path())
    };
    let finished_alone = loop {
        if temp_wal(dir.path()).is_some_and(|p| std::fs::metadata(p).map_or(0, |m| m.len()) > 0) {
            break false;
        }
        if child.try_wait().unwrap().is_some() {
            break true;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    eprintln!("merge into a new file killed halfway: {}", !finished_alone);
    if !finished_alone {
        assert!(!new.exists());
    }
    // Interrupted (Ctrl+C) halfway into a new file: it ends at once with 130, its temporary
    // files removed, no target.
    let stopped = dir.path().join("stopped.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(["archive", "merge", "--into", s(&stopped), s(&big)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Its own temporary file (the killed run's above is still there).
    let own_wal = |d: &Path| {
        std::fs::read_dir(d)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .find(|n| n.starts_with(".stopped.sqlite.bgw-merge") && n.ends_with(".tmp-wal"))
            .map(|n| d.join(n))
    };
    let finished_alone = loop {
        if own_wal(dir.path()).is_some_and(|p| std::fs::metadata(p).map_or(0, |m| m.len()) > 0) {
            break false;
        }
        if child.try_wait().unwrap().is_some() {
            break true;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success() || finished_alone);
    let status = child.wait().unwrap();
    eprintln!("merge interrupted halfway: {}", !finished_alone);
    if !finished_alone {
        assert_eq!(status.code(), Some(130), "{status:?}");
        assert!(!stopped.exists());
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".stopped.sqlite.bgw-merge"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
    ok(&merge(&new, &[&big]));
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("bgw-merge"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(contents(&new), contents(&big));

    // A merge that fails halfway (the second archive's review names a decision its match does
    // not hold) is one transaction undone: the target holds what it held.
    let bad = dir.path().join("bad.sqlite");
    std::fs::copy(&small, &bad).unwrap();
    {
        let a = Archive::open(&bad).unwrap();
        a.connection()
            .execute_batch(
                "PRAGMA foreign_keys = OFF;
                 UPDATE matches SET digest = lower(hex(randomblob(32)));
                 UPDATE files SET sha256 = lower(hex(randomblob(32)));
                 UPDATE decision_reviews SET decision_id = decision_id + 1000000
                   WHERE rowid = (SELECT min(rowid) FROM decision_reviews);",
            )
            .unwrap();
    }
    let fresh = dir.path().join("fresh.sqlite");
    ok(&merge(&fresh, &[&small]));
    let before = contents(&fresh);
    let o = merge(&fresh, &[&big, &bad]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("decision"), "{}", text(&o.stderr));
    assert_eq!(contents(&fresh), before);

    // Refused, exit 2, nothing written: into one of the archives merged (by name or by a
    // link), into a link.
    let link = dir.path().join("link.sqlite");
    std::os::unix::fs::symlink(&fresh, &link).unwrap();
    for (into, from) in [(&fresh, &fresh), (&fresh, &link), (&link, &small)] {
        let o = merge(into, &[&small, from]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert_eq!(text(&o.stderr).lines().count(), 1, "{}", text(&o.stderr));
    }
    assert_eq!(contents(&fresh), before);
    // An archive of a newer schema, or no archive, is refused by name (exit 1).
    let newer = dir.path().join("newer.sqlite");
    std::fs::copy(&small, &newer).unwrap();
    Archive::open(&newer)
        .unwrap()
        .connection()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let o = merge(&fresh, &[&newer]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("newer bgw"), "{}", text(&o.stderr));
    let o = merge(&fresh, &[&dir.path().join("missing.sqlite")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("missing.sqlite"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(contents(&fresh), before);
}

/// The repository's file `path`.
fn repository(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Whether `program` runs here (`program --version`).
fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn gnu_parallel_runs_the_docs_recipe_with_this_machine_as_its_only_host() {
    if common::real_gnubg().is_none() {
        return;
    }
    if !runs("parallel") {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is not installed (.ci/run installs it)"
        );
        eprintln!("skipped: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let recipe = repository("docs/recipes/gnu-parallel.sh");
    let script = std::fs::read_to_string(&recipe).unwrap();
    // The docs show the recipe as it is run here.
    let docs = std::fs::read_to_string(repository("docs/archive.md")).unwrap();
    for line in script.lines().filter(|l| !l.starts_with('#')) {
        assert!(
            docs.contains(line),
            "docs/archive.md lacks the recipe's line {line:?}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let folder = folder_of_matches(dir.path());
    let work = dir.path().join("work");
    std::fs::create_dir(&work).unwrap();
    let stored = work.join("archive.sqlite");
    ok(&archive(&stored, &["add", "--quiet", s(&folder)]));
    let one = dir.path().join("one.sqlite");
    std::fs::copy(&stored, &one).unwrap();
    let mut args = vec!["review"];
    args.extend(REVIEW);
    ok(&archive(&one, &args));
    std::fs::write(work.join("hosts"), ":\n").unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_bgw")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("bash")
        .arg(&recipe)
        .current_dir(&work)
        .env("PATH", path)
        .env("N", "3")
        .env("PLIES", "0")
        // GNU parallel's notice asking to be cited, and its folder, kept out of $HOME.
        .env("HOME", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = ok(&o);
    assert!(said.contains("3 archives merged"), "{said}");
    let merged = work.join("merged.sqlite");
    assert_eq!(players(&merged), players(&one));
    assert_eq!(contents(&merged), contents(&one));
}

#[test]
fn the_slurm_and_kubernetes_recipes_are_well_formed() {
    let slurm = repository("docs/recipes/slurm-array.sh");
    let o = Command::new("bash").arg("-n").arg(&slurm).output().unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let script = std::fs::read_to_string(&slurm).unwrap();
    assert!(script.contains("--shard \"$K/$N\""), "{script}");
    assert!(script.contains("SLURM_ARRAY_TASK_ID"), "{script}");

    let yaml = repository("docs/recipes/k8s-indexed-job.yaml");
    let text_of = std::fs::read_to_string(&yaml).unwrap();
    assert!(!text_of.contains('\t'), "YAML indents with spaces only");
    for wanted in [
        "completionMode: Indexed",
        "JOB_COMPLETION_INDEX",
        "completions: 30",
        "value: \"30\"",
        "--shard \"$K/$SHARDS\"",
    ] {
        assert!(text_of.contains(wanted), "{wanted}");
    }
    // Parsed by a YAML parser where one is here (kubectl needs a cluster even to dry-run).
    let parsed = Command::new("python3")
        .args([
            "-c",
            "import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); \
             s = d['spec']; c = s['template']['spec']['containers'][0]; \
             assert d['kind'] == 'Job' and s['completionMode'] == 'Indexed'; \
             assert str(s['completions']) == [e['value'] for e in c['env'] if e['name'] == 'SHARDS'][0]; \
             print('parsed')",
        ])
        .arg(&yaml)
        .output();
    match parsed {
        Ok(o) if stdout(&o).trim() == "parsed" => {}
        Ok(o) if text(&o.stderr).contains("No module named 'yaml'") => {
            eprintln!("not parsed: python3 has no yaml module (apt-get install python3-yaml)")
        }
        Ok(o) => panic!("the Kubernetes recipe does not parse: {}", text(&o.stderr)),
        Err(e) => eprintln!("not parsed: no python3 ({e})"),
    }
    // The Job's shell script is sound.
    let script: String = text_of
        .lines()
        .skip_while(|l| !l.contains("- |"))
        .skip(1)
        .take_while(|l| !l.contains("volumeMounts:"))
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    let o = Command::new("sh")
        .args(["-n", "-c", &script])
        .output()
        .unwrap();
    assert!(o.status.success(), "{script}: {}", text(&o.stderr));
}

#[test]
fn a_merge_keeps_aliases_and_drill_cards_and_says_its_conflicts() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.sqlite");
    let file = data("matches/gnubg_3pt_seed103.mat");
    let mut args = vec!["add", "--review", s(&file)];
    args.extend(REVIEW);
    ok(&archive(&a, &args));
    let b = dir.path().join("b.sqlite");
    std::fs::copy(&a, &b).unwrap();
    // One card in both, answered once in each (A's answer the later), and one only in B;
    // an alias in both that names another person, and one only in B.
    let card = |db: &Path, sql: &str| {
        Archive::open(db)
            .unwrap()
            .connection()
            .execute_batch(sql)
            .unwrap()
    };
    let insert_card = |decision: i64, last: &str| {
        format!(
            "INSERT INTO drill_cards (decision_id, kind, person, added_at, due, stability,
                 difficulty, elapsed_days, scheduled_days, reps, lapses, state, last_review)
             VALUES ({decision}, 'move', 'alice', '2026-12-01T00:00:00Z', '{last}', 1, 5, 0, 1,
                     1, 0, 2, '{last}');
             INSERT INTO drill_answers (card_id, answered_at, answer, correct, loss, rating, due)
             VALUES (last_insert_rowid(), '{last}', '13/7', 1, 0, 3, '{last}');"
        )
    };
    card(
        &a,
        &format!(
            "{} INSERT INTO aliases VALUES ('alice', 'Alice A.');",
            insert_card(1, "2026-12-05T00:00:00Z")
        ),
    );
    card(
        &b,
        &format!(
            "{} {} INSERT INTO aliases VALUES ('alice', 'Alice B.'), ('bob', 'Bob');",
            insert_card(1, "2026-12-03T00:00:00Z"),
            insert_card(2, "2026-12-04T00:00:00Z")
        ),
    );
    let into = dir.path().join("m.sqlite");
    ok(&merge(&into, &[&a]));
    let o = run(&["archive", "merge", "--json", "--into", s(&into), s(&b)]);
    let merged: serde_json::Value = serde_json::from_str(&ok(&o)).unwrap();
    assert_eq!(merged["matches_known"], 1, "{merged}");
    assert_eq!(merged["reviews_known"], 1, "{merged}");
    assert_eq!(merged["alias_conflicts"], 1, "{merged}");
    assert_eq!(merged["aliases"], 1, "{merged}");
    assert_eq!(merged["cards_united"], 1, "{merged}");
    assert_eq!(merged["cards"], 1, "{merged}");
    assert_eq!(merged["answers"], 2, "{merged}");
    let m = Archive::open_read_only(&into).unwrap();
    let c = m.connection();
    let person: String = c
        .query_row("SELECT person FROM aliases WHERE name = 'alice'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(person, "Alice A.");
    // The card held twice: both answers, the schedule of the one answered last (A's).
    let (answers, last): (i64, String) = c
        .query_row(
            "SELECT (SELECT count(*) FROM drill_answers a WHERE a.card_id = c.id), c.last_review
             FROM drill_cards c JOIN decisions d ON d.id = c.decision_id
             WHERE d.idx = 0 AND d.game_id = (SELECT min(id) FROM games)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((answers, last.as_str()), (2, "2026-12-05T00:00:00Z"));
    let cards: i64 = c
        .query_row("SELECT count(*) FROM drill_cards", [], |r| r.get(0))
        .unwrap();
    assert_eq!(cards, 2);
}
