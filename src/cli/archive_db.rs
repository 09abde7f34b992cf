//! Which archive a `bgw archive` command uses (`--db FILE`, else the default place), opened,
//! and its failures said as the command line says them.

use super::{CliError, shown};
use bgw_engine::archive::{Archive, default_path};
use std::path::{Path, PathBuf};

/// Which archive: `--db FILE`, else the default place.
#[derive(clap::Args)]
pub struct Db {
    /// The archive's database file (default: $XDG_DATA_HOME/bgw/archive.sqlite, else
    /// ~/.local/share/bgw/archive.sqlite).
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
}

impl Db {
    /// Opens the archive (making it, and the default place's folder, when new).
    pub fn open(&self) -> Result<Archive, CliError> {
        open(&self.path()?)
    }

    /// Opens the archive for a command that only reads it: read-only, so that an archive
    /// in a folder this user cannot write is read; one that needs a write first (new, or of
    /// an older schema) is opened as [`Db::open`] opens it.
    pub fn open_to_read(&self) -> Result<Archive, CliError> {
        let path = self.path()?;
        match Archive::open_read_only(&path) {
            Ok(a) => Ok(a),
            Err(e) => Archive::open(&path).map_err(|_| {
                CliError::failed(format!("cannot open the archive {}: {e}", shown(&path)))
            }),
        }
    }

    /// The database's path (the default place's folder made when missing).
    fn path(&self) -> Result<PathBuf, CliError> {
        Ok(match &self.db {
            Some(p) => p.clone(),
            None => {
                let p = default_path().ok_or_else(|| {
                    CliError::usage(
                        "no archive: give --db FILE (neither XDG_DATA_HOME nor HOME is set)",
                    )
                })?;
                if let Some(folder) = p.parent() {
                    std::fs::create_dir_all(folder).map_err(|e| {
                        CliError::failed(format!("cannot make {}: {e}", shown(folder)))
                    })?;
                }
                p
            }
        })
    }
}

fn open(path: &Path) -> Result<Archive, CliError> {
    Archive::open(path)
        .map_err(|e| CliError::failed(format!("cannot open the archive {}: {e}", shown(path))))
}

/// What the archive said when asked, as a failure while running.
pub fn failed(e: bgw_engine::archive::ArchiveError) -> CliError {
    CliError::failed(format!("the archive: {e}"))
}

/// The depth an archive or drill command's `--plies` gives: 0, 1 or 2, anything else refused
/// with one message whatever the command (`None` when the flag is absent).
pub fn plies(text: Option<&str>) -> Result<Option<u8>, CliError> {
    let Some(text) = text else { return Ok(None) };
    match text.trim().parse::<u8>() {
        Ok(n @ 0..=2) => Ok(Some(n)),
        _ => Err(CliError::usage(format!(
            "--plies must be 0, 1 or 2, not {}",
            bgw_engine::core::formats::shorten(text, 40)
        ))),
    }
}
