//! Writing user files safely: into a temporary file in the same folder, then a rename, so that
//! a good file is never replaced by a partial or bad one.
//!
//! The temporary file comes from the `tempfile` crate: an unpredictable name (created with
//! `O_EXCL`, so never someone else's file), removed when the write fails or is abandoned —
//! also on a panic — and renamed over the target on success. The file is synced before the
//! rename and, on Unix, the folder after it, so the new name survives a crash.
//!
//! The target must be a regular file or not exist yet: a directory, a device or a FIFO is
//! refused. A symbolic link is written **through**: the file it points to is replaced and the
//! link stays a link (a dangling link is refused); [`create_replacing`], for the files the
//! program makes for itself (a checkpoint), replaces a link instead. Temporary names are recognisable —
//! `.NAME.bgw-PID-RANDOM.tmp` beside the target, NAME cut to its first [`NAME_IN_TEMP`] bytes
//! so that a target whose own name is near the file system's limit can still be written — and
//! the ones a killed run left behind (its process is gone) are removed the next time the same
//! target is written.
//!
//! Every temporary file is also listed process-wide while it exists, so that a run about to
//! exit without unwinding (a signal's handler ending the process) removes them all first:
//! [`abandon_all_now`].

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use tempfile::TempPath;

/// The most bytes of the target's name kept in a temporary name: with the rest
/// (`.`, `.bgw-`, a process id, `-`, six random characters, `.tmp`) a temporary name is at most
/// 67 bytes, well within the 255 every common file system allows, whatever the target's length.
pub const NAME_IN_TEMP: usize = 40;

/// The temporary files of this process's unfinished writes.
struct Listed {
    paths: Vec<PathBuf>,
    /// Set by [`abandon_all_now`]: the run is ending, no temporary file is made after it.
    closed: bool,
}

static LISTED: Mutex<Listed> = Mutex::new(Listed {
    paths: Vec::new(),
    closed: false,
});

fn listed() -> MutexGuard<'static, Listed> {
    LISTED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes the temporary file of every unfinished write of this process at once, and refuses
/// any write started after it: for a run about to exit without unwinding (a signal's handler),
/// whose writers' own clean-up would not run. A write that was being renamed over its target
/// either finished (the target is whole) or did not (the target is untouched). Returns how many
/// files it removed.
pub fn abandon_all_now() -> usize {
    let mut listed = listed();
    listed.closed = true;
    let paths = std::mem::take(&mut listed.paths);
    paths
        .iter()
        .filter(|p| std::fs::remove_file(p).is_ok())
        .count()
}

/// Files a write keeps under temporary names beside its target that it makes itself (not
/// through [`AtomicFile`]: a database built in place, with the files SQLite keeps beside it),
/// listed for [`abandon_all_now`] until dropped: a signal that ends the run removes them.
pub struct TemporaryFiles {
    /// Held for their `Drop`, which takes the files off the list.
    _listings: Vec<Listing>,
}

impl TemporaryFiles {
    /// Lists `paths` (made, or about to be made, by this process) for [`abandon_all_now`]. An
    /// error once the run is ending (nothing is to be made then).
    pub fn list(paths: &[PathBuf]) -> io::Result<TemporaryFiles> {
        let mut l = listed();
        if l.closed {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the run is ending: no temporary file is made",
            ));
        }
        l.paths.extend(paths.iter().cloned());
        drop(l);
        Ok(TemporaryFiles {
            _listings: paths.iter().cloned().map(Listing).collect(),
        })
    }
}

/// A temporary file's place on the list of [`abandon_all_now`], taken off when dropped. Its
/// owner drops it after the file is renamed or removed, never before.
struct Listing(PathBuf);

impl Drop for Listing {
    fn drop(&mut self) {
        listed().paths.retain(|p| *p != self.0);
    }
}

/// A file being written in place of another: everything written goes to a temporary file
/// beside the target, which [`AtomicFile::commit`] renames over it. Dropped without a commit
/// (an error, Ctrl+C handled by the caller, a panic), the temporary file is removed and the
/// target is untouched.
pub struct AtomicFile {
    writer: BufWriter<File>,
    temp: TempPath,
    path: PathBuf,
    /// Declared after `temp`: fields drop in order, so the file is removed before it leaves
    /// the list (a signal in between would otherwise leave it behind).
    _listing: Listing,
}

impl AtomicFile {
    /// Starts writing `path`: checks the target (see [`target`]), removes temporary files of
    /// killed runs for it, and creates the temporary file in its folder.
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        let path = target(path)?;
        let (temp, listing) = temp_beside(&path)?;
        let (file, temp) = temp.into_parts();
        // A replaced file keeps its mode.
        if let Ok(old) = std::fs::metadata(&path) {
            file.set_permissions(old.permissions())?;
        }
        Ok(AtomicFile {
            writer: BufWriter::with_capacity(1 << 20, file),
            temp,
            path,
            _listing: listing,
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
        // Bound first, so dropped last: on an error below the file is removed before it leaves
        // the list.
        let AtomicFile {
            _listing,
            writer,
            temp,
            path,
        } = self;
        writer
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
        temp.persist(&path).map_err(|e| e.error)?;
        drop(_listing);
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

/// A new temporary file beside `path` (removing those killed runs left for it), named
/// `.NAME.bgw-PID-RANDOM.tmp`, with the usual mode of a new file (0666 less the umask), not the
/// temporary file's 0600; listed for [`abandon_all_now`] (made under the list's lock, so that a
/// run ending meanwhile either sees it or refuses it).
fn temp_beside(path: &Path) -> io::Result<(tempfile::NamedTempFile, Listing)> {
    let name = file_name(path)?;
    remove_stale(path, &name);
    let prefix = format!("{}{}-", temp_prefix(&name), std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut listed = listed();
    if listed.closed {
        return Err(io::Error::other("bgw is ending: no file is written"));
    }
    let temp = builder.tempfile_in(folder_of(path))?;
    let listing = Listing(temp.path().to_path_buf());
    listed.paths.push(listing.0.clone());
    Ok((temp, listing))
}

/// Puts a new file at `path` holding what `fill` writes, and gives it back open for reading
/// and writing (for a file that keeps growing, such as a checkpoint). `fill` writes into a
/// temporary file beside `path`, which is synced and renamed over it: whatever was at `path` is
/// replaced — a symbolic link itself, **never** the file it points to (unlike
/// [`AtomicFile`], which writes through a link the user made to their file). On an error the
/// temporary file is removed and `path` is untouched.
pub fn create_replacing(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<File> {
    let (mut temp, listing) = temp_beside(path)?;
    // On an error `temp` (declared first, so dropped last) would be removed after the listing
    // left the list: remove it here first.
    let written = fill(temp.as_file_mut()).and_then(|()| temp.as_file().sync_all());
    if let Err(e) = written {
        drop(temp);
        drop(listing);
        return Err(e);
    }
    let file = match temp.persist(path) {
        Ok(file) => file,
        Err(e) => {
            drop(e.file);
            drop(listing);
            return Err(e.error);
        }
    };
    drop(listing);
    sync_folder(folder_of(path))?;
    Ok(file)
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

/// The file a write of `path` replaces, checked before any work is done: `path` itself when it
/// is a regular file or does not exist yet, the file a symbolic link points to (written
/// through, the link stays), and an error naming the problem for a directory, a device, a
/// FIFO, a dangling link or a folder that does not exist. Call it before long work so an
/// unwritable target is found at once; [`AtomicFile::create`] calls it too.
pub fn target(path: &Path) -> io::Result<PathBuf> {
    let refuse = |what: &str| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{what}; only a regular file can be written"),
        )
    };
    file_name(path)?;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(resolved) => resolved,
            Err(_) => return Err(refuse("is a symbolic link to nothing")),
        },
        _ => path.to_path_buf(),
    };
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => {}
        Ok(m) if m.is_dir() => return Err(refuse("is a directory")),
        Ok(_) => return Err(refuse("is a device, FIFO or socket")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let folder = folder_of(&path);
    match std::fs::metadata(folder) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(refuse("is in something that is not a folder")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(io::Error::new(
                e.kind(),
                format!("the folder {} does not exist", folder.display()),
            ));
        }
        Err(e) => {
            return Err(io::Error::new(
                e.kind(),
                format!("its folder {}: {e}", folder.display()),
            ));
        }
    }
    Ok(path)
}

/// Checks that `path` can be written — the target as [`target`] checks it, and a temporary
/// file can be created (and is removed) in its folder — before long work starts.
pub fn check_writable(path: &Path) -> io::Result<()> {
    drop(AtomicFile::create(path)?);
    Ok(())
}

fn file_name(path: &Path) -> io::Result<std::ffi::OsString> {
    path.file_name()
        .map(|n| n.to_os_string())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))
}

/// The start of every temporary name for target `name`: its first [`NAME_IN_TEMP`] bytes
/// (cut at a character's boundary).
fn temp_prefix(name: &std::ffi::OsStr) -> String {
    let name = name.to_string_lossy();
    let mut end = name.len().min(NAME_IN_TEMP);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.bgw-", &name[..end])
}

/// Removes the temporary files a killed run left for this target: those whose process is
/// gone (Linux: no `/proc/PID`). Elsewhere, or when unsure, they are left alone.
fn remove_stale(path: &Path, name: &std::ffi::OsStr) {
    let proc = Path::new("/proc/self");
    if !proc.exists() {
        return;
    }
    let prefix = temp_prefix(name);
    let Ok(entries) = std::fs::read_dir(folder_of(path)) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        let alive = Path::new("/proc").join(pid.to_string()).exists();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if !alive && is_file && file.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
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
            names[0].starts_with(&format!(".log.jsonl.bgw-{}-", std::process::id()))
                && names[0].ends_with(".tmp"),
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

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_odd_targets_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.ron");
        let link = dir.path().join("link.ron");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, |w| w.write_all(b"new")).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let dangling = dir.path().join("dangling.ron");
        std::os::unix::fs::symlink(dir.path().join("nothing"), &dangling).unwrap();
        let e = write_atomic(&dangling, |w| w.write_all(b"x")).unwrap_err();
        assert!(e.to_string().contains("symbolic link to nothing"), "{e}");
        let e = check_writable(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("device"), "{e}");
        let e = check_writable(dir.path()).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
        // check_writable leaves nothing behind.
        check_writable(&dir.path().join("fresh.bd")).unwrap();
        assert_eq!(
            entries(dir.path()),
            ["dangling.ron", "link.ron", "real.ron"]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_written_file_has_the_usual_mode_and_a_replaced_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.ron");
        write_atomic(&path, |w| w.write_all(b"1")).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // 0666 less the umask: readable by others under the usual umask 022, never 0600 only
        // because the file was once a temporary one.
        assert_eq!(mode(&path) & 0o600, 0o600);
        let fresh = mode(&path);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, |w| w.write_all(b"2")).unwrap();
        assert_eq!(mode(&path), 0o640, "the replaced file keeps its mode");
        let other = dir.path().join("x.ron");
        std::fs::write(&other, "").unwrap();
        assert_eq!(
            fresh,
            mode(&other),
            "a new file gets what File::create gives"
        );
    }

    #[test]
    fn temporary_files_of_killed_runs_are_removed_on_the_next_write() {
        if !Path::new("/proc/self").exists() {
            return; // only where processes can be looked up
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.ron");
        // A process id no process has (above the kernel's pid_max of 2^22).
        let stale = dir.path().join(".w.ron.bgw-4194999-abcdef.tmp");
        let live = dir
            .path()
            .join(format!(".w.ron.bgw-{}-ghijkl.tmp", std::process::id()));
        let other = dir.path().join(".x.ron.bgw-4194999-abcdef.tmp");
        for f in [&stale, &live, &other] {
            std::fs::write(f, "left over").unwrap();
        }
        write_atomic(&path, |w| w.write_all(b"w")).unwrap();
        assert!(!stale.exists(), "a dead run's file is removed");
        assert!(live.exists(), "a running process's file stays");
        assert!(other.exists(), "another target's file stays");
    }

    #[cfg(unix)]
    #[test]
    fn a_replacing_create_replaces_a_link_instead_of_following_it() {
        use std::io::{Read, Seek, SeekFrom};
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "important").unwrap();
        let link = dir.path().join("x.resume");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let mut file = create_replacing(&link, |f| f.write_all(b"head")).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "important");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        // The file given back is the new one, open for more.
        file.write_all(b"+more").unwrap();
        file.seek(SeekFrom::Start(0)).unwrap();
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        assert_eq!(text, "head+more");
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "head+more");
        assert_eq!(entries(dir.path()), ["victim.txt", "x.resume"]);
    }

    #[test]
    fn a_name_near_the_limit_gets_a_short_temporary_name() {
        // 250 bytes: the whole name in the temporary one would pass the file system's 255.
        let dir = tempfile::tempdir().unwrap();
        let name = format!("{}.txt", "é".repeat(123));
        assert_eq!(name.len(), 250);
        let path = dir.path().join(&name);
        let file = AtomicFile::create(&path).unwrap();
        let temp = entries(dir.path()).remove(0);
        // Cut at a character's boundary: 20 two-byte characters.
        let kept = "é".repeat(NAME_IN_TEMP / 2);
        assert!(
            temp.starts_with(&format!(".{kept}.bgw-{}-", std::process::id())),
            "{temp}"
        );
        assert!(temp.len() <= 67, "{}", temp.len());
        file.commit().unwrap();
        assert_eq!(entries(dir.path()), [name]);
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/file");
        assert!(write_atomic(&path, |w| w.write_all(b"x")).is_err());
        assert!(write_atomic(Path::new("/"), |w| w.write_all(b"x")).is_err());
    }
}
