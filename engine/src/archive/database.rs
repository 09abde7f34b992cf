//! The archive's database opened: a path refused when it is no regular file, the schema
//! checked and brought up to date ([`super::schema`]), and where it is by default.

use super::error::ArchiveError;
use super::schema;
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// An open archive: one connection to its database.
pub struct Archive {
    pub(super) conn: Connection,
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
