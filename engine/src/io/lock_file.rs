//! An advisory lock on a file beside a target, held for as long as a long write of the target
//! lasts (a two-sided build: an hour), so that a second run writing the same target is
//! refused at once instead of the two racing over its checkpoint.
//!
//! The lock is `flock`'s (std's [`File::try_lock`]) on `TARGET.lock`. It is released by the OS
//! when the process ends, however it ends. The file is removed when the [`Lock`] is dropped —
//! on every return, error and Ctrl+C path, and on a panic that unwinds — by the process that
//! holds it, while it still holds it; a killed process leaves the file behind, harmless: no
//! one holds its lock, and the next run takes it over (and removes it in its turn). Because a
//! holder removes the file, a run that opened it just before is left with a lock on a file no
//! longer at the path: after locking, a run checks that the path still names the file it
//! locked, and starts again when it does not.
//!
//! The lock file is never followed through a symbolic link: a link there is refused.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// A held lock; dropping it removes the lock file and releases the lock.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
}

/// How many times a run starts again when the lock file it locked was removed meanwhile.
const ATTEMPTS: usize = 16;

impl Lock {
    /// The lock file of `target`: `target` with `.lock` appended.
    pub fn path_for(target: &Path) -> PathBuf {
        let mut name = target.as_os_str().to_owned();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes the lock at `path`, creating the file when there is none: `Ok(None)` when another
    /// process (or another handle of this one) holds it. A symbolic link or anything but a
    /// regular file at `path` is an error.
    pub fn try_acquire(path: &Path) -> io::Result<Option<Lock>> {
        for _ in 0..ATTEMPTS {
            let Some(file) = open_no_link(path)? else {
                continue;
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
                Err(std::fs::TryLockError::Error(e)) => return Err(e),
            }
            if names(path, &file) {
                return Ok(Some(Lock {
                    file,
                    path: path.to_path_buf(),
                }));
            }
        }
        Err(io::Error::other(
            "its lock file keeps being removed and made again",
        ))
    }

    /// Where the lock file is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Only while it is still ours; the lock goes with the handle, after.
        if names(&self.path, &self.file) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Opens (or creates) the lock file at `path` without following a link: `None` when it
/// vanished between the two looks.
fn open_no_link(path: &Path) -> io::Result<Option<File>> {
    // O_CREAT | O_EXCL never follows a link.
    match OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(f) => return Ok(Some(f)),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if meta.file_type().is_symlink() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a symbolic link; a lock file must be a regular file",
        ));
    }
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is not a regular file; a lock file must be one",
        ));
    }
    match OpenOptions::new().read(true).write(true).open(path) {
        Ok(f) => Ok(Some(f)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether `path` (not followed) still names the file open as `file`. Where files cannot be
/// compared (not Unix), it is taken to: the lock file is then never removed, and a stale one
/// is harmless.
fn names(path: &Path, file: &File) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::symlink_metadata(path), file.metadata()) {
            (Ok(at), Ok(open)) => at.dev() == open.dev() && at.ino() == open.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (path, file);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_at_a_time_and_the_file_goes_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = Lock::path_for(&dir.path().join("c.bd"));
        assert!(path.ends_with("c.bd.lock"));
        let first = Lock::try_acquire(&path).unwrap().expect("free");
        assert!(path.is_file());
        // Another handle, as another process would have.
        assert!(Lock::try_acquire(&path).unwrap().is_none());
        assert!(path.is_file(), "a refused run leaves the holder's file");
        drop(first);
        #[cfg(unix)]
        assert!(!path.exists(), "the holder removes its file");
        let again = Lock::try_acquire(&path).unwrap().expect("free again");
        drop(again);
    }

    #[test]
    fn a_stale_lock_file_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.bd.lock");
        std::fs::write(&path, "").unwrap();
        let lock = Lock::try_acquire(&path).unwrap().expect("nobody holds it");
        assert_eq!(lock.path(), path);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_refused_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "important").unwrap();
        let path = dir.path().join("c.bd.lock");
        std::os::unix::fs::symlink(&victim, &path).unwrap();
        let e = Lock::try_acquire(&path).unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        let dangling = dir.path().join("d.bd.lock");
        std::os::unix::fs::symlink(dir.path().join("nothing"), &dangling).unwrap();
        assert!(Lock::try_acquire(&dangling).is_err());
        assert!(!dir.path().join("nothing").exists());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "important");
    }
}
