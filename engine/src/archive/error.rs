//! Why the archive cannot be opened or written.

use std::fmt;

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
