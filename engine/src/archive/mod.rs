//! The archive: every match a player brings, in one SQLite database — the files (by SHA-256:
//! a file added twice counts once), their matches, games and decisions, gnubg's reviews of
//! them with every decision's figures, and the players' aliases — so that a review is done
//! once and kept, and questions (a player's error rate over years of matches, their worst
//! errors in the race) are one query away.
//!
//! The database is a file anyone can read with `sqlite3` (the tables are documented in
//! `docs/archive.md`). It is opened in WAL mode with foreign keys on and a busy timeout, so
//! that the app and the command line can use one archive at once; every write (a file with
//! its match, a match's review) is one transaction, so a crash or a signal at any point keeps
//! every earlier write whole and leaves no half of one. `PRAGMA user_version` is the schema
//! version ([`SCHEMA_VERSION`]); an older file is migrated, a newer one or another program's
//! database refused ([`ArchiveError::NotAnArchive`]).
//!
//! ```
//! use bgw_engine::archive::{Archive, MatchFile};
//!
//! let mut archive = Archive::open_in_memory().unwrap();
//! let text = "3 point match\n\n Game 1\n ann : 0        bob : 0\n  1) 31: 8/5 6/5      62: 24/18 13/11\n";
//! let file = MatchFile::from_text("a.mat", text);
//! let added = archive.add_match(&file, &file.parse().unwrap()).unwrap();
//! assert!(added.is_new());
//! // The same bytes again count once.
//! assert!(!archive.add_match(&file, &file.parse().unwrap()).unwrap().is_new());
//! assert_eq!(archive.counts().unwrap().matches, 1);
//! ```

mod queries;
mod reviews;
mod schema;
mod store;

pub use queries::{ErrorFilter, ErrorKind, ErrorRow, PlayerFigures};
pub use reviews::{EngineName, UnreviewedMatch};
pub use schema::{APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};
pub use store::{Added, Counts, MatchFile, MatchKey, phase_of};

use rusqlite::Connection;
use std::fmt;
use std::path::{Path, PathBuf};

/// An open archive: one connection to its database.
pub struct Archive {
    conn: Connection,
}

/// Why the archive cannot be opened or written.
#[derive(Debug)]
pub enum ArchiveError {
    /// The file is not a bgw archive this build can read: another program's database, or a
    /// newer schema.
    NotAnArchive(String),
    /// The path cannot hold a database (a folder, a FIFO, a device).
    NotAFile(String),
    /// SQLite's own error.
    Sqlite(rusqlite::Error),
}

impl fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArchiveError::NotAnArchive(why) => write!(f, "not a bgw archive: {why}"),
            ArchiveError::NotAFile(why) => f.write_str(why),
            ArchiveError::Sqlite(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ArchiveError {}

impl From<rusqlite::Error> for ArchiveError {
    fn from(e: rusqlite::Error) -> ArchiveError {
        ArchiveError::Sqlite(e)
    }
}

impl Archive {
    /// Opens the archive at `path`, making it (not its folder) when it does not exist, and
    /// brings its schema up to date. A path that is no regular file is refused before SQLite
    /// opens it (a FIFO would block).
    pub fn open(path: &Path) -> Result<Archive, ArchiveError> {
        if let Ok(meta) = std::fs::metadata(path)
            && !meta.is_file()
        {
            return Err(ArchiveError::NotAFile(format!(
                "{} is not a regular file",
                path.display()
            )));
        }
        Archive::prepared(Connection::open(path)?)
    }

    /// A new archive in memory, gone when dropped (for tests and trials).
    pub fn open_in_memory() -> Result<Archive, ArchiveError> {
        Archive::prepared(Connection::open_in_memory()?)
    }

    fn prepared(mut conn: Connection) -> Result<Archive, ArchiveError> {
        schema::prepare(&mut conn)?;
        Ok(Archive { conn })
    }

    /// The connection, for queries of one's own (read them; write through the methods).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// The archive's default place: `$XDG_DATA_HOME/bgw/archive.sqlite`, else
/// `~/.local/share/bgw/archive.sqlite`; `None` when neither variable is set.
pub fn default_path() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(data.join("bgw").join("archive.sqlite"))
}
