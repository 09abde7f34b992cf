//! What a fault hunt of the archive found (issue 49): a review stored while another process
//! holds the write lock for a moment waits its turn; a drill answer dated far away or before
//! the card's last answer is refused before anything is stored, the dates stored sort, and a
//! card whose stored schedule cannot be read back is answered again rather than blocking the
//! deck.

use bgw_engine::archive::{
    Added, Archive, DeckOptions, DrillError, EngineName, ErrorKind, MatchFile, MatchKey, parse_time,
};
use bgw_engine::core::moves::Play;
use bgw_engine::core::task::Task;
use bgw_engine::reference::{ReferenceEngine, ScriptedEngine};
use bgw_engine::review::{ReviewOptions, review, summarize};
use bgw_engine::{Position, Weights};
use std::path::{Path, PathBuf};

fn equity(_: &Position, p: &Play) -> f64 {
    f64::from(p.result.pips().1) / 100.0
}

fn match_file() -> MatchFile {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches/gnubg_5pt_seed101.mat");
    MatchFile::from_text(
        "gnubg_5pt_seed101.mat",
        &std::fs::read_to_string(path).unwrap(),
    )
}

/// Adds the match to the archive at `path` (a file, so that a second connection sees it).
fn added(path: &Path) -> (Archive, MatchKey, bgw_engine::matches::Match) {
    let file = match_file();
    let m = file.parse().unwrap();
    let mut archive = Archive::open(path).unwrap();
    let Added::New(key) = archive.add_match(&file, &m).unwrap() else {
        panic!("not new");
    };
    (archive, key, m)
}

fn store(archive: &mut Archive, key: MatchKey, m: &bgw_engine::matches::Match) {
    let engine = || ScriptedEngine::new(equity);
    let options = ReviewOptions {
        plies: 0,
        weights: Weights::default(),
        threads: 1,
    };
    let reviewed = review(m, &options, &engine, &Task::new(), &mut |_| {});
    let summary = summarize(m, &reviewed, None);
    let name = EngineName {
        name: "Scripted engine".into(),
        version: None,
    };
    archive
        .store_review(key, 0, &name, &reviewed, None, &summary)
        .unwrap();
}

#[test]
fn a_review_stored_under_a_short_write_lock_waits_its_turn() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.sqlite");
    let (mut archive, key, m) = added(&path);
    let (locked, wait_locked) = std::sync::mpsc::channel();
    let other = path.clone();
    let holder = std::thread::spawn(move || {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("BEGIN IMMEDIATE; INSERT INTO aliases VALUES ('x', 'y');")
            .unwrap();
        locked.send(()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        conn.execute_batch("COMMIT").unwrap();
    });
    wait_locked.recv().unwrap();
    store(&mut archive, key, &m);
    holder.join().unwrap();
    assert_eq!(archive.counts().unwrap().reviews, 1);
}

fn at(text: &str) -> chrono::DateTime<chrono::Utc> {
    parse_time(text).unwrap()
}

fn no_engine() -> impl FnMut() -> Option<Box<dyn ReferenceEngine>> {
    || None
}

/// A reviewed archive in memory with the deck of `root` built, and one move card.
fn deck() -> (Archive, i64, String) {
    let file = match_file();
    let m = file.parse().unwrap();
    let mut archive = Archive::open_in_memory().unwrap();
    let key = archive.add_match(&file, &m).unwrap().key();
    store(&mut archive, key, &m);
    archive
        .build_deck(&DeckOptions::of("root"), at("2026-12-05T09:00:00Z"))
        .unwrap();
    let card = archive
        .cards(Some("root"))
        .unwrap()
        .into_iter()
        .find(|c| c.error.kind == ErrorKind::Move)
        .unwrap();
    (archive, card.card, card.error.best)
}

fn stored(archive: &Archive, card: i64) -> (String, Option<String>, i64) {
    let (due, last): (String, Option<String>) = archive
        .connection()
        .query_row(
            "SELECT due, last_review FROM drill_cards WHERE id = ?1",
            [card],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let answers = archive
        .connection()
        .query_row(
            "SELECT count(*) FROM drill_answers WHERE card_id = ?1",
            [card],
            |r| r.get(0),
        )
        .unwrap();
    (due, last, answers)
}

/// A time as the tables keep it: `YYYY-MM-DDTHH:MM:SSZ`, twenty characters that sort.
fn sorts(text: &str) -> bool {
    text.len() == 20
        && text.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            10 => b == b'T',
            13 | 16 => b == b':',
            19 => b == b'Z',
            _ => b.is_ascii_digit(),
        })
}

#[test]
fn times_outside_the_years_1970_to_9999_are_refused() {
    for text in ["1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z"] {
        let e = parse_time(text).unwrap_err();
        assert!(e.contains("1970") && e.contains("9999"), "{text}: {e}");
    }
    assert!(parse_time("+10000-01-01T00:00:00Z").is_err());
    assert!(parse_time("9999-12-31T23:59:59Z").is_ok());
    assert!(parse_time("1970-01-01T00:00:00Z").is_ok());
}

#[test]
fn an_answer_whose_schedule_falls_after_9999_is_refused_and_nothing_stored() {
    let (mut archive, card, best) = deck();
    let before = stored(&archive, card);
    let e = archive
        .answer_card(card, &best, at("9999-12-31T23:59:59Z"), &mut no_engine())
        .unwrap_err();
    assert!(matches!(e, DrillError::Time(_)), "{e}");
    assert!(e.to_string().contains("9999"), "{e}");
    assert_eq!(stored(&archive, card), before);
    // The card is answered at a sane time as before.
    let g = archive
        .answer_card(card, &best, at("2026-12-06T09:00:00Z"), &mut no_engine())
        .unwrap();
    assert!(sorts(&g.due), "{}", g.due);
}

#[test]
fn an_answer_dated_before_the_cards_last_answer_is_refused_a_small_skew_is_not() {
    let (mut archive, card, best) = deck();
    archive
        .answer_card(card, &best, at("2030-01-01T12:00:00Z"), &mut no_engine())
        .unwrap();
    let before = stored(&archive, card);
    let e = archive
        .answer_card(card, &best, at("2026-12-06T09:00:00Z"), &mut no_engine())
        .unwrap_err();
    assert!(matches!(e, DrillError::Time(_)), "{e}");
    assert!(e.to_string().contains("2030-01-01T12:00:00Z"), "{e}");
    assert_eq!(stored(&archive, card), before);
    // A minute early (two clocks a little apart) is taken as the moment of the last answer.
    let g = archive
        .answer_card(card, &best, at("2030-01-01T11:59:00Z"), &mut no_engine())
        .unwrap();
    assert!(
        sorts(&g.due) && g.due.as_str() > "2030-01-01T12:00:00Z",
        "{g:?}"
    );
    let (due, last, answers) = stored(&archive, card);
    assert_eq!((due.as_str(), answers), (g.due.as_str(), 2));
    assert!(sorts(&last.unwrap()));
}

#[test]
fn a_card_whose_stored_schedule_cannot_be_read_back_is_answered_again() {
    let (mut archive, card, best) = deck();
    // What an answer dated 9999-12-31 stored before: a due date that is no RFC 3339 time
    // (and sorts before every real one), the last answer in year 9999, a broken stability.
    archive
        .connection()
        .execute(
            "UPDATE drill_cards SET due = '+10000-07-17T08:00:00Z',
                 last_review = '9999-12-31T23:59:59Z', stability = -1e308, reps = 1, state = 2
             WHERE id = ?1",
            [card],
        )
        .unwrap();
    let now = at("2026-12-06T09:00:00Z");
    // The card reads, is due, and an answer stores a schedule that reads back.
    assert!(archive.card(card).unwrap().is_some());
    assert_eq!(
        archive.next_card(Some("root"), now).unwrap().unwrap().card,
        card
    );
    let g = archive
        .answer_card(card, &best, now, &mut no_engine())
        .unwrap();
    assert!(sorts(&g.due) && g.due.as_str() > "2026-12-06", "{g:?}");
    assert_eq!(archive.card(card).unwrap().unwrap().due, g.due);
    assert_ne!(
        archive
            .next_card(Some("root"), now)
            .unwrap()
            .map(|c| c.card),
        Some(card)
    );
}

#[test]
fn a_database_of_a_negative_schema_version_is_no_bgw_archive_in_one_short_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.sqlite");
    drop(Archive::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", -3).unwrap();
    }
    let e = Archive::open(&path).err().expect("refused").to_string();
    assert!(e.contains("not a bgw archive"), "{e}");
    assert!(e.contains("-3"), "{e}");
    assert!(e.len() < 300 && !e.contains("CREATE"), "{e}");
}

#[test]
fn an_archive_in_a_read_only_folder_is_read() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("ro");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("a.sqlite");
    added(&path);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    // (root writes anywhere: the case is then the read-only opening alone.)
    let opened = Archive::open_read_only(&path);
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    let archive = opened.unwrap();
    assert_eq!(archive.counts().unwrap().matches, 1);
}

#[test]
fn a_file_name_that_is_not_utf8_is_stored_with_its_bytes_and_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9 match.mat");
    let path = dir.path().join(name);
    std::fs::write(&path, match_file().text).unwrap();
    let file = MatchFile::read(&path).unwrap();
    let m = file.parse().unwrap();
    let mut archive = Archive::open_in_memory().unwrap();
    archive.add_match(&file, &m).unwrap();
    let (kind, bytes): (String, Vec<u8>) = archive
        .connection()
        .query_row(
            "SELECT typeof(path), CAST(path AS BLOB) FROM files",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(kind, "blob");
    assert_eq!(bytes, path.as_os_str().as_bytes());
    let shown = &archive.unreviewed(0).unwrap()[0].path;
    assert!(shown.ends_with("caf\\xE9 match.mat"), "{shown}");
}
