//! Storing match files: a round trip, a file counted once, a bad file or a FIFO among good
//! ones, links that loop, a database that is not ours.

use super::{archive, players, shared_matches};
use crate::common::{data, run, stdout, text};

#[test]
fn a_file_stored_reads_back_and_the_same_file_twice_counts_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let file = data("matches/real/galaxy_match1497590.txt");
    let o = archive(&db, &["add", "--quiet", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        stdout(&o).starts_with("1 file: 1 added\n"),
        "{}",
        stdout(&o)
    );
    // The same bytes again, under another name: stored already.
    let copy = dir.path().join("copy.mat");
    std::fs::copy(&file, &copy).unwrap();
    let o = archive(
        &db,
        &[
            "add",
            "--quiet",
            file.to_str().unwrap(),
            copy.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        stdout(&o).starts_with("2 files: 0 added, 2 already stored"),
        "{}",
        stdout(&o)
    );
    // Each player's decisions are the file's, as `bgw match decisions` reads them.
    let o = run(&["match", "decisions", "--json", file.to_str().unwrap()]);
    let mut by_player = [0u64; 2];
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if let Some(p) = v["player"].as_u64() {
            by_player[p as usize] += 1;
        }
    }
    let p = players(&db);
    let names: Vec<&str> = p.iter().map(|v| v["player"].as_str().unwrap()).collect();
    assert_eq!(names, ["kalvatn", "lasse"]);
    assert_eq!(p[1]["decisions"], by_player[0]);
    assert_eq!(p[0]["decisions"], by_player[1]);
    for v in &p {
        assert_eq!(
            (v["matches"].as_u64(), v["reviewed"].as_u64()),
            (Some(1), Some(0))
        );
        assert!(v["error_rate_memg"].is_null(), "{v}");
    }
    // The match read back from the archive is the file's, decision for decision.
    let stored = bgw_engine::archive::Archive::open(&db).unwrap();
    let key = stored
        .match_of_sha256(&bgw_engine::archive::MatchFile::read(&file).unwrap().sha256)
        .unwrap()
        .unwrap();
    assert_eq!(
        stored.read_match(key).unwrap(),
        bgw_engine::matches::read_match_file(&file).unwrap()
    );
}

#[test]
fn a_bad_file_is_listed_and_the_good_ones_are_stored() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("matches");
    std::fs::create_dir(&folder).unwrap();
    shared_matches(&folder);
    std::fs::write(folder.join("broken.mat"), "hello").unwrap();
    std::fs::write(folder.join("notes.md"), "not a match file: ignored").unwrap();
    let db = dir.path().join("a.sqlite");
    let o = archive(&db, &["add", "--quiet", folder.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("broken.mat: line 1: expected the match length"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        stdout(&o).starts_with("4 files: 3 added, 1 not read\n"),
        "{}",
        stdout(&o)
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_skipped_unopened_and_links_that_loop_end() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("matches");
    std::fs::create_dir(&folder).unwrap();
    shared_matches(&folder);
    let fifo = folder.join("pipe.mat");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // A link to the folder itself, and a link to itself named as a match file.
    std::os::unix::fs::symlink(&folder, folder.join("again")).unwrap();
    std::os::unix::fs::symlink(folder.join("self.mat"), folder.join("self.mat")).unwrap();
    let db = dir.path().join("a.sqlite");
    // A FIFO opened would block this run for ever: it ends (the test would hang otherwise).
    let o = archive(
        &db,
        &[
            "add",
            "--quiet",
            folder.to_str().unwrap(),
            fifo.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("pipe.mat: cannot read: is a FIFO"), "{err}");
    assert!(err.contains("self.mat: cannot read:"), "{err}");
    assert!(stdout(&o).contains(": 3 added"), "{}", stdout(&o));
    assert_eq!(players(&db).len(), 2);
}

#[test]
fn a_database_of_a_newer_schema_or_of_another_program_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    {
        let made = bgw_engine::archive::Archive::open(&db).unwrap();
        made.connection()
            .pragma_update(
                None,
                "user_version",
                bgw_engine::archive::SCHEMA_VERSION + 1,
            )
            .unwrap();
    }
    let o = archive(&db, &["players"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("not a bgw archive: made by a newer bgw"),
        "{}",
        text(&o.stderr)
    );
    let text_file = dir.path().join("notes.sqlite");
    std::fs::write(
        &text_file,
        "plain text, not SQLite, long enough to be read as a header....",
    )
    .unwrap();
    let o = archive(&text_file, &["players"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).starts_with("bgw: cannot open the archive"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&text_file).unwrap(),
        "plain text, not SQLite, long enough to be read as a header...."
    );
    let o = archive(dir.path(), &["players"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("is not a regular file"),
        "{}",
        text(&o.stderr)
    );
    let o = archive(&db, &["add", "x.mat", "--jobs", "17"]);
    assert_eq!(o.status.code(), Some(2));
}

/// Two processes creating one new archive at once: both open it (switching a new file to WAL
/// answered "database is locked" at once, without the busy timeout, about one time in twenty
/// before the retry).
#[test]
fn two_processes_creating_one_archive_at_once_both_open_it() {
    let dir = tempfile::tempdir().unwrap();
    let folders: Vec<_> = (0..2)
        .map(|w| {
            let folder = dir.path().join(format!("w{w}"));
            std::fs::create_dir_all(&folder).unwrap();
            let text = std::fs::read_to_string(data("matches/gnubg_3pt_seed103.mat")).unwrap();
            std::fs::write(folder.join("m.mat"), format!("; writer {w}\n{text}")).unwrap();
            folder
        })
        .collect();
    for round in 0..40 {
        let db = dir.path().join(format!("a{round}.sqlite"));
        let outputs: Vec<_> = folders
            .iter()
            .map(|f| {
                std::process::Command::new(env!("CARGO_BIN_EXE_bgw"))
                    .args(["archive", "add", "--quiet", "--db"])
                    .arg(&db)
                    .arg(f)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        for o in outputs {
            assert!(o.status.success(), "round {round}: {}", text(&o.stderr));
        }
    }
}

/// Two writers on one archive at once (as the app and the command line may be): each waits
/// its turn (WAL, a busy timeout), both finish, and every file of both is stored once.
#[test]
fn two_writers_at_once_both_store_everything() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    // Many distinct files a writer: the shared matches, each under 40 comment lines of its own.
    let mut folders = Vec::new();
    for w in 0..2 {
        let folder = dir.path().join(format!("w{w}"));
        std::fs::create_dir_all(&folder).unwrap();
        for (i, m) in shared_matches(&folder).into_iter().enumerate() {
            let text = std::fs::read_to_string(&m).unwrap();
            for k in 0..40 {
                let copy = folder.join(format!("{i}-{k}.mat"));
                std::fs::write(copy, format!("; writer {w}, copy {k}\n{text}")).unwrap();
            }
            std::fs::remove_file(m).unwrap();
        }
        folders.push(folder);
    }
    let spawn = |folder: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_bgw"))
            .args(["archive", "add", "--quiet", "--db"])
            .arg(&db)
            .arg(folder)
            .output()
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| spawn(&folders[0]));
        let b = s.spawn(|| spawn(&folders[1]));
        (a.join().unwrap().unwrap(), b.join().unwrap().unwrap())
    });
    for o in [&a, &b] {
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(
            stdout(o).starts_with("120 files: 120 added\n"),
            "{}",
            stdout(o)
        );
    }
    let counts = bgw_engine::archive::Archive::open(&db)
        .unwrap()
        .counts()
        .unwrap();
    // Every file kept; the copies (one comment line apart) are three matches, each once
    // however the two writers raced.
    assert_eq!((counts.files, counts.matches), (240, 3));
}
