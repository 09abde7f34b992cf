//! The archive's tables and how a database file of an older schema is brought up to date:
//! `PRAGMA user_version` is the schema version, [`MIGRATIONS`] the steps from each version
//! to the next, `PRAGMA application_id` marks the file as bgw's. A file of a newer schema, or
//! another program's database, is refused rather than changed.

use super::error::ArchiveError;
use rusqlite::Connection;

/// `PRAGMA application_id` of a bgw archive: "BGWA" in ASCII.
pub const APPLICATION_ID: i32 = 0x4247_5741;

/// The steps from schema version `k` to `k + 1`, in order: the schema version a database
/// made now has is their count.
pub const MIGRATIONS: &[&str] = &[V1, V2];

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
}
