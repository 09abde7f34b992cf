//! The archive's tables and how a database file of an older schema is brought up to date:
//! `PRAGMA user_version` is the schema version, [`MIGRATIONS`] the steps from each version
//! to the next, `PRAGMA application_id` marks the file as bgw's. A file of a newer schema, or
//! another program's database, is refused rather than changed.

use super::content::{date_of, digest};
use super::error::ArchiveError;
use rusqlite::{Connection, params};

/// `PRAGMA application_id` of a bgw archive: "BGWA" in ASCII.
pub const APPLICATION_ID: i32 = 0x4247_5741;

/// The steps from schema version `k` to `k + 1`, in order: the schema version a database
/// made now has is their count.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Version 1: files, matches, games, decisions, reviews and their figures, aliases.
const V1: &str = "
CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    sha256 TEXT NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    added_at TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL UNIQUE REFERENCES files(id) ON DELETE CASCADE,
    player0 TEXT NOT NULL,
    player1 TEXT NOT NULL,
    length INTEGER NOT NULL,
    crawford INTEGER NOT NULL,
    jacoby INTEGER NOT NULL,
    date TEXT,
    source TEXT,
    format TEXT NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    number INTEGER NOT NULL,
    score0 INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    crawford INTEGER NOT NULL,
    winner INTEGER,
    points INTEGER,
    UNIQUE (match_id, idx)
);
CREATE TABLE decisions (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    player INTEGER NOT NULL,
    kind TEXT NOT NULL,
    phase TEXT NOT NULL,
    position_id TEXT NOT NULL,
    gnubg_match_id TEXT NOT NULL,
    dice TEXT,
    played TEXT,
    illegal TEXT,
    line INTEGER NOT NULL,
    file_move INTEGER,
    UNIQUE (game_id, idx)
);
CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    engine TEXT NOT NULL,
    engine_version TEXT,
    plies INTEGER NOT NULL,
    reviewed_at TEXT NOT NULL,
    luck INTEGER NOT NULL,
    UNIQUE (match_id, plies)
);
CREATE TABLE review_players (
    review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    player INTEGER NOT NULL,
    name TEXT NOT NULL,
    unforced_moves INTEGER NOT NULL,
    error_emg REAL NOT NULL,
    total_moves INTEGER NOT NULL,
    close_cube_decisions INTEGER NOT NULL,
    cube_error_emg REAL NOT NULL,
    luck_total_emg REAL,
    summary TEXT NOT NULL,
    PRIMARY KEY (review_id, player)
);
CREATE TABLE decision_reviews (
    review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    decision_id INTEGER NOT NULL REFERENCES decisions(id) ON DELETE CASCADE,
    verdict TEXT NOT NULL,
    best TEXT,
    best_equity REAL,
    played_equity REAL,
    loss REAL,
    loss_mwc REAL,
    mark TEXT,
    forced INTEGER,
    classic TEXT,
    classic_loss REAL,
    cube_action TEXT,
    no_double REAL,
    double_take REAL,
    double_pass REAL,
    cube_error REAL,
    cube_mark TEXT,
    luck_emg REAL,
    luck_mwc REAL,
    luck_mark TEXT,
    not_judged TEXT,
    PRIMARY KEY (review_id, decision_id)
);
CREATE TABLE aliases (
    name TEXT PRIMARY KEY,
    person TEXT NOT NULL
);
CREATE INDEX games_of_match ON games (match_id);
CREATE INDEX decisions_of_game ON decisions (game_id);
CREATE INDEX decision_reviews_of_decision ON decision_reviews (decision_id);
";

/// Version 2: the drill's cards (one a decision's error of a kind, with its FSRS schedule)
/// and every answer given to them.
const V2: &str = "
CREATE TABLE drill_cards (
    id INTEGER PRIMARY KEY,
    decision_id INTEGER NOT NULL REFERENCES decisions(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    person TEXT NOT NULL,
    added_at TEXT NOT NULL,
    due TEXT NOT NULL,
    stability REAL NOT NULL,
    difficulty REAL NOT NULL,
    elapsed_days INTEGER NOT NULL,
    scheduled_days INTEGER NOT NULL,
    reps INTEGER NOT NULL,
    lapses INTEGER NOT NULL,
    state INTEGER NOT NULL,
    last_review TEXT,
    UNIQUE (decision_id, kind)
);
CREATE TABLE drill_answers (
    id INTEGER PRIMARY KEY,
    card_id INTEGER NOT NULL REFERENCES drill_cards(id) ON DELETE CASCADE,
    answered_at TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    loss REAL NOT NULL,
    rating INTEGER NOT NULL,
    due TEXT NOT NULL
);
CREATE INDEX drill_cards_due ON drill_cards (person, due);
CREATE INDEX drill_answers_of_card ON drill_answers (card_id);
";

/// Version 3: a match recognised by its content (`matches.digest`, unique once the rows are
/// re-read: [`v3_reread`]) and every file that holds it (`match_files`); the players'
/// ratings apart from their names (`rating0`, `rating1`); a date that is the file's, its
/// name's or unknown (NULL), never the day the file was added.
const V3: &str = "
ALTER TABLE matches ADD COLUMN rating0 TEXT;
ALTER TABLE matches ADD COLUMN rating1 TEXT;
ALTER TABLE matches ADD COLUMN digest TEXT;
CREATE TABLE match_files (
    file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE
);
INSERT INTO match_files (file_id, match_id) SELECT file_id, id FROM matches;
CREATE INDEX match_files_of_match ON match_files (match_id);
";

/// A stored match as version 3 re-reads it: its row, its first file's text and path, its
/// names and date as stored, the day its file was added.
type StoredMatch = (i64, String, String, String, String, Option<String>, String);

/// What version 3 cannot do in SQL: every stored match read again from its file's text —
/// its players' names and ratings as gnubg reads them (`nori,1723` is nori rated 1723; a
/// drill card filed under the old name follows), its digest, its date (the file's, its
/// name's, else unknown: a date that was only the day the file was added goes) — then each
/// match stored twice (two files, one content) made one: the first keeps every file, the
/// others go with their games, reviews and cards. A text that no longer reads keeps its
/// row as it was.
fn v3_reread(tx: &rusqlite::Transaction<'_>) -> Result<(), ArchiveError> {
    let rows: Vec<StoredMatch> = {
        let mut q = tx.prepare(
            "SELECT m.id, f.text, f.path, m.player0, m.player1, m.date,
                    substr(f.added_at, 1, 10)
             FROM matches m JOIN files f ON f.id = m.file_id ORDER BY m.id",
        )?;
        q.query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })?
        .collect::<Result<_, _>>()?
    };
    let mut first_of: std::collections::HashMap<String, i64> = Default::default();
    for (id, text, path, old0, old1, old_date, added) in rows {
        let Ok(m) = crate::matches::read_match(&text) else {
            if old_date.as_deref() == Some(added.as_str()) {
                // Only the day it was added, not the match's own.
                tx.execute("UPDATE matches SET date = NULL WHERE id = ?1", [id])?;
            }
            continue;
        };
        let d = digest(&m);
        let date = date_of(&m, &path);
        if let Some(&first) = first_of.get(&d) {
            tx.execute(
                "UPDATE match_files SET match_id = ?1 WHERE match_id = ?2",
                params![first, id],
            )?;
            // A copy that knows the date the first file did not.
            tx.execute(
                "UPDATE matches SET date = ?2 WHERE id = ?1 AND date IS NULL",
                params![first, date],
            )?;
            tx.execute("DELETE FROM matches WHERE id = ?1", [id])?;
            continue;
        }
        first_of.insert(d.clone(), id);
        let [r0, r1] = m.ratings();
        tx.execute(
            "UPDATE matches SET player0 = ?2, player1 = ?3, rating0 = ?4, rating1 = ?5,
                                digest = ?6, date = ?7
             WHERE id = ?1",
            params![id, m.players[0], m.players[1], r0, r1, d, date],
        )?;
        for (old, new) in [(old0, &m.players[0]), (old1, &m.players[1])] {
            if &old != new {
                tx.execute(
                    "UPDATE drill_cards SET person = ?2 WHERE person = ?1",
                    params![old, new],
                )?;
            }
        }
    }
    tx.execute_batch("CREATE UNIQUE INDEX matches_of_digest ON matches (digest);")?;
    Ok(())
}

/// Puts the archive in WAL mode (a reader never waits for a writer) unless it is already.
fn wal(conn: &Connection) -> rusqlite::Result<()> {
    let journal: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0))?;
    if !journal.eq_ignore_ascii_case("wal") {
        conn.pragma_update_and_check(None, "journal_mode", "wal", |_| Ok(()))?;
    }
    Ok(())
}

/// The schema version of the database on `conn` once it is known to be a bgw archive this
/// build can read (0: an empty database, which becomes one): another program's database, a
/// schema version below 0 or above [`SCHEMA_VERSION`] is refused in one line.
fn checked_version(conn: &Connection) -> Result<i32, ArchiveError> {
    let version: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let application: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let tables: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table'",
        [],
        |r| r.get(0),
    )?;
    if application != APPLICATION_ID && (application != 0 || version != 0 || tables > 0) {
        return Err(ArchiveError::NotAnArchive(format!(
            "a database of another program (application id {application:#x}, schema version \
             {version}, {tables} tables)"
        )));
    }
    if version < 0 {
        return Err(ArchiveError::NotAnArchive(format!(
            "schema version {version} is none bgw writes (0 to {SCHEMA_VERSION})"
        )));
    }
    if version > SCHEMA_VERSION {
        return Err(ArchiveError::NotAnArchive(format!(
            "made by a newer bgw (schema version {version}; this one reads up to \
             {SCHEMA_VERSION})"
        )));
    }
    Ok(version)
}

/// Checks, without writing, that the database on `conn` is a bgw archive of this build's
/// schema (one of an older schema is brought up to date only by a connection that writes).
pub(super) fn check_read_only(conn: &Connection) -> Result<(), ArchiveError> {
    conn.busy_timeout(std::time::Duration::from_secs(30))?;
    match checked_version(conn)? {
        SCHEMA_VERSION => Ok(()),
        version => Err(ArchiveError::NotAnArchive(format!(
            "schema version {version} is older than this bgw's {SCHEMA_VERSION}: a command \
             that writes (bgw archive add) brings it up to date, which a read-only archive \
             cannot be"
        ))),
    }
}

/// Sets the connection's pragmas, checks that the file is a bgw archive this build can read
/// and brings its schema up to date, all the steps in one transaction.
pub(super) fn prepare(conn: &mut Connection) -> Result<(), ArchiveError> {
    // The app and the command line may hold one archive at once: a writer waits its turn.
    conn.busy_timeout(std::time::Duration::from_secs(30))?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Switching a new file to WAL takes an exclusive lock, and SQLite answers "database is
    // locked" at once (no busy handler) while another process opens the same new file: try
    // again for as long as the busy timeout.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        match wal(conn) {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(
                    e.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            r => break r?,
        }
    }
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    // Read and migrate in one write transaction: two processes opening a new archive at
    // once do not both make its tables.
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let version = checked_version(&tx)?;
    for step in MIGRATIONS.iter().skip(version.max(0) as usize) {
        tx.execute_batch(step)?;
    }
    if version < 3 {
        v3_reread(&tx)?;
    }
    if version < SCHEMA_VERSION {
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::database::Archive;

    fn version(conn: &Connection) -> i32 {
        conn.pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn a_new_archive_has_every_table_at_the_latest_version_and_opens_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        drop(Archive::open(&path).unwrap());
        let archive = Archive::open(&path).unwrap();
        let conn = archive.connection();
        assert_eq!(version(conn), SCHEMA_VERSION);
        let journal: String = conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(journal, "wal");
        let keys: bool = conn
            .pragma_query_value(None, "foreign_keys", |r| r.get(0))
            .unwrap();
        assert!(keys);
        for table in [
            "files",
            "matches",
            "games",
            "decisions",
            "reviews",
            "review_players",
            "decision_reviews",
            "aliases",
            "drill_cards",
            "drill_answers",
            "match_files",
        ] {
            let n: i64 = conn
                .query_row(
                    "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1",
                    [table],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(n, 1, "{table}");
        }
    }

    #[test]
    fn each_migration_runs_once_from_the_version_found() {
        let mut conn = Connection::open_in_memory().unwrap();
        prepare(&mut conn).unwrap();
        assert_eq!(version(&conn), SCHEMA_VERSION);
        // Run again: nothing to do (a step run twice would fail on its CREATE TABLE).
        prepare(&mut conn).unwrap();
        assert_eq!(version(&conn), SCHEMA_VERSION);
    }

    #[test]
    fn a_newer_schema_and_another_programs_database_are_refused_untouched() {
        let mut newer = Connection::open_in_memory().unwrap();
        prepare(&mut newer).unwrap();
        newer
            .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        let e = prepare(&mut newer).unwrap_err().to_string();
        assert!(e.contains("newer bgw"), "{e}");
        let mut other = Connection::open_in_memory().unwrap();
        other
            .execute_batch("CREATE TABLE notes (t TEXT); PRAGMA user_version = 7;")
            .unwrap();
        let e = prepare(&mut other).unwrap_err().to_string();
        assert!(e.contains("another program"), "{e}");
        assert_eq!(version(&other), 7);
    }

    /// A version-2 archive as the last build left it: a GamesGrid name stored whole, a date
    /// that is only the day the file was added, the same match stored from two files.
    #[test]
    fn a_version_2_archive_opens_and_is_brought_up_to_date() {
        let text = "3 point match\n\n Game 1\n nori,1723 : 0        bob : 0\n  1) 31: 8/5 6/5      62: 24/18 13/11\n";
        let copy = format!("; [Site \"Galaxy\"]\n{text}\n");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v2.sqlite");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(V1).unwrap();
            conn.execute_batch(V2).unwrap();
            conn.pragma_update(None, "user_version", 2).unwrap();
            conn.pragma_update(None, "application_id", APPLICATION_ID)
                .unwrap();
            for (id, name, body) in [
                (1, "a.mat", text),
                (2, "copy 2023_09_18 20_03_49.mat", &copy),
            ] {
                conn.execute(
                    "INSERT INTO files (id, path, sha256, size, added_at, text)
                     VALUES (?1, ?2, ?3, 1, '2026-12-06T10:00:00Z', ?4)",
                    params![id, name, format!("sha{id}"), body],
                )
                .unwrap();
                conn.execute(
                    "INSERT INTO matches (id, file_id, player0, player1, length, crawford,
                                          jacoby, date, format)
                     VALUES (?1, ?1, 'nori,1723', 'bob', 3, 1, 0, '2026-12-06', 'mat')",
                    [id],
                )
                .unwrap();
                conn.execute(
                    "INSERT INTO games (id, match_id, idx, number, score0, score1, crawford)
                     VALUES (?1, ?1, 0, 1, 0, 0, 0)",
                    [id],
                )
                .unwrap();
            }
            conn.execute(
                "INSERT INTO decisions (id, game_id, idx, player, kind, phase, position_id,
                                        gnubg_match_id, line)
                 VALUES (1, 1, 0, 0, 'move', 'contact', 'x', 'y', 5)",
                [],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO drill_cards (decision_id, kind, person, added_at, due, stability,
                     difficulty, elapsed_days, scheduled_days, reps, lapses, state)
                 VALUES (1, 'move', 'nori,1723', 'x', 'x', 0, 0, 0, 0, 0, 0, 0)",
                [],
            )
            .unwrap();
        }
        let archive = Archive::open(&path).unwrap();
        let conn = archive.connection();
        assert_eq!(version(conn), SCHEMA_VERSION);
        let rows: Vec<(i64, String, Option<String>, Option<String>)> = conn
            .prepare("SELECT id, player0, rating0, date FROM matches ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        // One match (the first), named as gnubg reads it, dated by the copy's name (the
        // first file gives none: the day it was added is gone).
        assert_eq!(
            rows,
            vec![(
                1,
                "nori".into(),
                Some("1723".into()),
                Some("2023-09-18".into())
            )]
        );
        let files: Vec<(i64, i64)> = conn
            .prepare("SELECT file_id, match_id FROM match_files ORDER BY file_id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(files, vec![(1, 1), (2, 1)]);
        let person: String = conn
            .query_row("SELECT person FROM drill_cards", [], |r| r.get(0))
            .unwrap();
        assert_eq!(person, "nori");
        let games: i64 = conn
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .unwrap();
        assert_eq!(games, 1);
    }
}
