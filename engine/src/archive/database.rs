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

    /// Opens the archive at `path` for reading only: nothing is written, not even the
    /// schema brought up to date (one of an older schema is refused, saying so), so an
    /// archive in a folder or on a medium this user cannot write is read. The file must
    /// exist. A database in WAL mode whose shared-memory file cannot be made there is read
    /// as an immutable file.
    pub fn open_read_only(path: &Path) -> Result<Archive, ArchiveError> {
        let meta = std::fs::metadata(path)
            .map_err(|e| ArchiveError::NotAFile(format!("{}: {e}", path.display())))?;
        if !meta.is_file() {
            return Err(ArchiveError::NotAFile(format!(
                "{} is not a regular file",
                path.display()
            )));
        }
        use rusqlite::OpenFlags;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        match schema::check_read_only(&conn) {
            Ok(()) => return Ok(Archive { conn }),
            Err(ArchiveError::Sqlite(e))
                if matches!(
                    e.sqlite_error_code(),
                    Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly)
                ) => {}
            Err(e) => return Err(e),
        }
        drop(conn);
        let conn = Connection::open_with_flags(immutable_uri(path), flags)?;
        schema::check_read_only(&conn)?;
        Ok(Archive { conn })
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

/// `path` as an SQLite URI that reads the file as immutable (no lock, no WAL index): the
/// characters a URI gives a meaning to are percent-encoded.
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for b in path.as_os_str().as_encoded_bytes() {
        match b {
            b'?' | b'#' | b'%' => uri.push_str(&format!("%{b:02X}")),
            b if b.is_ascii() && !b.is_ascii_control() => uri.push(char::from(*b)),
            b => uri.push_str(&format!("%{b:02X}")),
        }
    }
    uri.push_str("?immutable=1");
    uri
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
