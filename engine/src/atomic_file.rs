//! Writing user files safely: into a temporary file in the same folder, then a rename, so that
//! a good file is never replaced by a partial or bad one.
//!
//! The temporary file comes from the `tempfile` crate: an unpredictable name (created with
//! `O_EXCL`, so never someone else's file), removed when the write fails or is abandoned —
//! also on a panic — and renamed over the target on success. The file is synced before the
//! rename and, on Unix, the folder after it, so the new name survives a crash.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::TempPath;

/// A file being written in place of another: everything written goes to a temporary file
/// beside the target, which [`AtomicFile::commit`] renames over it. Dropped without a commit
/// (an error, Ctrl+C handled by the caller, a panic), the temporary file is removed and the
/// target is untouched.
pub struct AtomicFile {
    writer: BufWriter<File>,
    temp: TempPath,
    path: PathBuf,
}

impl AtomicFile {
    /// Starts writing `path`: creates the temporary file in its folder.
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let name = path
            .file_name()
            .ok_or_else(|| io::Error::other("the path names no file"))?;
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{}.", name.to_string_lossy()))
            .suffix(".tmp")
            .tempfile_in(folder_of(path))?;
        let (file, temp) = temp.into_parts();
        Ok(AtomicFile {
            writer: BufWriter::with_capacity(1 << 20, file),
            temp,
            path: path.to_path_buf(),
        })
    }

    /// The buffered writer of the temporary file.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.writer
    }

    /// The file this one will replace.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes and syncs the temporary file, renames it over the target and syncs the folder.
    /// On an error the temporary file is removed and the target is untouched.
    pub fn commit(self) -> io::Result<()> {
        let AtomicFile { writer, temp, path } = self;
        writer
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
        temp.persist(&path).map_err(|e| e.error)?;
        sync_folder(folder_of(&path))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Writes `path` atomically: `fill` writes the content into a temporary file beside it, which
/// is flushed, synced and renamed over `path` (see [`AtomicFile`]). On any error the temporary
/// file is removed and `path` is untouched.
pub fn write_atomic(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    fill(file.writer())?;
    file.commit()
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Makes a rename in `folder` durable (Unix; elsewhere folders cannot be opened to sync).
fn sync_folder(folder: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(folder)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = folder;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file.txt");
        write_atomic(&path, |w| w.write_all(b"good")).unwrap();
        let failed = write_atomic(&path, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("disk full"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "good");
        assert_eq!(
            entries(dir.path()),
            ["file.txt"],
            "the temporary file is removed"
        );
    }

    #[test]
    fn a_stream_is_invisible_until_committed_and_gone_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log.jsonl");
        let mut file = AtomicFile::create(&path).unwrap();
        writeln!(file, "one").unwrap();
        file.flush().unwrap();
        assert!(!path.exists(), "nothing at the target before the commit");
        let names = entries(dir.path());
        assert_eq!(names.len(), 1);
        assert!(
            names[0].starts_with(".log.jsonl.") && names[0].ends_with(".tmp"),
            "{names:?}"
        );
        file.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\n");
        let mut abandoned = AtomicFile::create(&path).unwrap();
        writeln!(abandoned, "two").unwrap();
        drop(abandoned);
        assert_eq!(entries(dir.path()), ["log.jsonl"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\n");
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/file");
        assert!(write_atomic(&path, |w| w.write_all(b"x")).is_err());
        assert!(write_atomic(Path::new("/"), |w| w.write_all(b"x")).is_err());
    }
}
