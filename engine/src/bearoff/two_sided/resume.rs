//! The checkpoint of a long two-sided build: each finished pip level appended to a file beside
//! the output, so that a stopped or crashed build resumes after its last finished level.
//!
//! The file: a 16-byte header (`bgwTSck1`, points, checkers, kind, 5 zero bytes), then one
//! record a level: level (`u32`), cells (`u64`), the cells' bytes, and an FNV-1a hash of all
//! that (`u64`), little-endian. Records are synced to disk at most every few seconds (a sync a
//! level would dominate small builds; a killed process loses nothing written, a crash of the
//! machine at most the last seconds). On resume the records are read while they are whole,
//! consecutive and their hash matches; anything after (a record cut by a crash, or damaged:
//! whatever length it claims, up to 2^64 − 1, is compared with what the file holds) is cut off
//! and rebuilt ([`Checkpoint::dropped`] says how much).
//!
//! A new checkpoint is a new file put in place of whatever was at its path (a symbolic link
//! there is replaced, never written through); on resume, a link or anything but a regular file
//! is refused, not read.

use super::table::{Kind, TwoSidedError};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const MAGIC: &[u8; 8] = b"bgwTSck1";
const HEADER_LEN: u64 = 16;

/// An open checkpoint file.
#[derive(Debug)]
pub struct Checkpoint {
    file: File,
    path: PathBuf,
    /// The levels already in the file: (level, offset of its cells, bytes).
    finished: Vec<(usize, u64, u64)>,
    /// Bytes of a damaged end cut off when the file was opened.
    dropped: u64,
    synced: Instant,
}

/// Most time between two syncs of the file.
const SYNC_EVERY: Duration = Duration::from_secs(5);

fn kind_byte(kind: Kind) -> u8 {
    match kind {
        Kind::Exact => 0,
        Kind::Cubeless => 1,
        Kind::Cubeful => 2,
    }
}

fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The checkpoint at `path` opened for reading and writing, `None` when there is none; an
/// error when it is a symbolic link or not a regular file (it is not read through a link).
fn open_existing(path: &Path) -> Result<Option<File>, TwoSidedError> {
    let refuse = |what: &str| {
        TwoSidedError::Checkpoint(format!(
            "{} is {what}; a checkpoint is read only from the regular file a build made (delete \
             it, or build without --resume)",
            path.display()
        ))
    };
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    if meta.file_type().is_symlink() {
        return Err(refuse("a symbolic link"));
    }
    if !meta.is_file() {
        return Err(refuse("not a regular file"));
    }
    let file = OpenOptions::new().read(true).write(true).open(path)?;
    // Replaced between the look and the open: what was opened is not what was looked at.
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let opened = file.metadata()?;
        if opened.dev() != meta.dev() || opened.ino() != meta.ino() {
            return Err(refuse("a file that changed while it was opened"));
        }
    }
    Ok(Some(file))
}

impl Checkpoint {
    /// The checkpoint of the output `out`: `out` with `.resume` appended.
    pub fn path_for(out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(".resume");
        PathBuf::from(name)
    }

    /// Opens the checkpoint at `path` for a build of `points` × `checkers` of `kind`. With
    /// `resume` an existing file is continued (an error when it belongs to another build, or
    /// is a symbolic link or anything but a regular file: a checkpoint is read only from a
    /// file a build made); without it, or when there is none, a new one is started — a new
    /// file put in place of whatever was at `path` (a link is replaced, never written
    /// through).
    pub fn open(
        path: &Path,
        points: usize,
        checkers: usize,
        kind: Kind,
        resume: bool,
    ) -> Result<Checkpoint, TwoSidedError> {
        let mut header = [0u8; HEADER_LEN as usize];
        header[..8].copy_from_slice(MAGIC);
        header[8] = points as u8;
        header[9] = checkers as u8;
        header[10] = kind_byte(kind);
        let existing = match resume {
            true => open_existing(path)?,
            false => None,
        };
        let Some(mut file) = existing else {
            let file = crate::io::atomic_file::create_replacing(path, |f| {
                f.write_all(&header)?;
                f.flush()
            })?;
            return Ok(Checkpoint {
                file,
                path: path.to_path_buf(),
                finished: Vec::new(),
                dropped: 0,
                synced: Instant::now(),
            });
        };
        let mut cp = Checkpoint {
            file: file.try_clone()?,
            path: path.to_path_buf(),
            finished: Vec::new(),
            dropped: 0,
            synced: Instant::now(),
        };
        let len = file.metadata()?.len();
        if len >= HEADER_LEN {
            let mut found = [0u8; HEADER_LEN as usize];
            file.read_exact(&mut found)?;
            if found != header {
                return Err(TwoSidedError::Checkpoint(format!(
                    "{} is not the checkpoint of a {points}x{checkers} {} build (delete it, \
                     or build without --resume)",
                    path.display(),
                    kind.name()
                )));
            }
            let end = cp.scan(len)?;
            cp.dropped = len - end;
            file.set_len(end)?;
            file.seek(SeekFrom::Start(end))?;
        } else {
            // Cut before its header was whole: started again.
            cp.dropped = len;
            file.set_len(0)?;
            file.write_all(&header)?;
            file.sync_all()?;
        }
        cp.file = file;
        Ok(cp)
    }

    /// Reads the records while they are sound; the offset where the sound part ends.
    fn scan(&mut self, len: u64) -> Result<u64, TwoSidedError> {
        let mut r = BufReader::with_capacity(1 << 20, self.file.try_clone()?);
        r.seek(SeekFrom::Start(HEADER_LEN))?;
        let mut at = HEADER_LEN;
        let mut buf = vec![0u8; 1 << 20];
        loop {
            let mut head = [0u8; 12];
            if at + 12 > len || r.read_exact(&mut head).is_err() {
                return Ok(at);
            }
            let level = u32::from_le_bytes(head[..4].try_into().unwrap_or_default()) as usize;
            let bytes = u64::from_le_bytes(head[4..].try_into().unwrap_or_default());
            let expected = self.finished.last().map_or(1, |l| l.0 + 1);
            // Whatever length a damaged record claims, up to 2^64 - 1: no overflow, and no
            // more than the file holds after its head and before its hash.
            let room = len - (at + 12);
            if level != expected || room < 8 || bytes > room - 8 {
                return Ok(at);
            }
            let mut hash = fnv(FNV_START, &head);
            let mut left = bytes;
            while left > 0 {
                let k = left.min(buf.len() as u64) as usize;
                r.read_exact(&mut buf[..k])?;
                hash = fnv(hash, &buf[..k]);
                left -= k as u64;
            }
            let mut stored = [0u8; 8];
            r.read_exact(&mut stored)?;
            if u64::from_le_bytes(stored) != hash {
                return Ok(at);
            }
            self.finished.push((level, at + 12, bytes));
            at += 12 + bytes + 8;
        }
    }

    /// Bytes cut off the end of the file when it was opened: a record a crash cut or that is
    /// damaged, and whatever followed it (0: none). Its levels are built again.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The last level the file holds (0: none).
    pub fn last_level(&self) -> usize {
        self.finished.last().map_or(0, |l| l.0)
    }

    /// Calls `f` with each finished level and its cells' bytes, in order.
    pub fn replay(
        &mut self,
        mut f: impl FnMut(usize, &[u8]) -> Result<(), TwoSidedError>,
    ) -> Result<(), TwoSidedError> {
        let mut bytes = Vec::new();
        let mut r = self.file.try_clone()?;
        for &(level, offset, len) in &self.finished {
            bytes.resize(len as usize, 0);
            r.seek(SeekFrom::Start(offset))?;
            r.read_exact(&mut bytes)?;
            f(level, &bytes)?;
        }
        self.file.seek(SeekFrom::End(0))?;
        Ok(())
    }

    /// Appends a finished level (synced to disk when the last sync is a few seconds old).
    pub fn append(&mut self, level: usize, cells: &[u8]) -> Result<(), TwoSidedError> {
        let at = self.file.seek(SeekFrom::End(0))?;
        let mut head = [0u8; 12];
        head[..4].copy_from_slice(&(level as u32).to_le_bytes());
        head[4..].copy_from_slice(&(cells.len() as u64).to_le_bytes());
        let hash = fnv(fnv(FNV_START, &head), cells);
        let mut w = std::io::BufWriter::with_capacity(1 << 20, &self.file);
        w.write_all(&head)?;
        w.write_all(cells)?;
        w.write_all(&hash.to_le_bytes())?;
        w.flush()?;
        drop(w);
        if self.synced.elapsed() >= SYNC_EVERY {
            self.file.sync_data()?;
            self.synced = Instant::now();
        }
        self.finished.push((level, at + 12, cells.len() as u64));
        Ok(())
    }

    /// The build is over and its file written: the checkpoint is removed.
    pub fn remove(self) -> Result<(), TwoSidedError> {
        drop(self.file);
        std::fs::remove_file(&self.path)?;
        Ok(())
    }

    /// Where the checkpoint is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::super::TwoSidedChances;
    use super::super::build::build;
    use super::*;
    use crate::core::task::Task;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Builds `points` × `checkers` cubeful into the checkpoint at `path`, cancelled at the
    /// task's report number `after`; the last whole level it kept.
    fn stopped_build(path: &Path, points: usize, checkers: usize, after: u64) -> usize {
        let task = Task::new();
        let reports = AtomicU64::new(0);
        task.observe(move |t| {
            if reports.fetch_add(1, Ordering::SeqCst) == after {
                t.cancel();
            }
        });
        let mut cp = Checkpoint::open(path, points, checkers, Kind::Cubeful, false).unwrap();
        assert!(matches!(
            build(points, checkers, Kind::Cubeful, &task, Some(&mut cp)),
            Err(TwoSidedError::Cancelled)
        ));
        cp.last_level()
    }

    /// Asserts that two databases hold the same cubeful cells.
    fn same_cells(a: &super::super::TwoSidedDb, b: &super::super::TwoSidedDb) {
        for x in 0..a.positions() {
            for y in 0..a.positions() {
                assert_eq!(a.cubeful(x, y), b.cubeful(x, y));
            }
        }
    }

    #[test]
    fn a_build_resumes_after_its_last_whole_level() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.resume");
        let full = build(4, 4, Kind::Cubeful, &Task::new(), None).unwrap();
        // Stop the build after a few levels.
        let last = stopped_build(&path, 4, 4, 5);
        assert!(last >= 4, "{last}");
        // A crash in the middle of the next record: half a record at the end.
        let len = std::fs::metadata(&path).unwrap().len();
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(&((last + 1) as u32).to_le_bytes()).unwrap();
        f.write_all(&[7u8; 30]).unwrap();
        drop(f);
        let mut cp = Checkpoint::open(&path, 4, 4, Kind::Cubeful, true).unwrap();
        assert_eq!(cp.last_level(), last);
        assert_eq!(std::fs::metadata(&path).unwrap().len(), len);
        let resumed = build(4, 4, Kind::Cubeful, &Task::new(), Some(&mut cp)).unwrap();
        same_cells(&full, &resumed);
        cp.remove().unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn a_record_claiming_2_64_bytes_is_dropped_like_a_cut_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.resume");
        let full = build(3, 3, Kind::Cubeful, &Task::new(), None).unwrap();
        let last = stopped_build(&path, 3, 3, 3);
        assert!(last >= 2, "{last}");
        let len = std::fs::metadata(&path).unwrap().len();
        // The next record's head claims u64::MAX bytes (and u64::MAX - 7: the sum with the
        // hash's 8 bytes overflows too).
        for claim in [u64::MAX, u64::MAX - 7] {
            let mut f = OpenOptions::new().append(true).open(&path).unwrap();
            f.write_all(&((last + 1) as u32).to_le_bytes()).unwrap();
            f.write_all(&claim.to_le_bytes()).unwrap();
            f.write_all(&[0u8; 40]).unwrap();
            drop(f);
            let cp = Checkpoint::open(&path, 3, 3, Kind::Cubeful, true).unwrap();
            assert_eq!(cp.last_level(), last);
            assert_eq!(cp.dropped(), 12 + 40);
            assert_eq!(std::fs::metadata(&path).unwrap().len(), len);
        }
        let mut cp = Checkpoint::open(&path, 3, 3, Kind::Cubeful, true).unwrap();
        assert_eq!(cp.dropped(), 0);
        let resumed = build(3, 3, Kind::Cubeful, &Task::new(), Some(&mut cp)).unwrap();
        same_cells(&full, &resumed);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_replaced_by_a_new_checkpoint_and_refused_on_resume() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "important").unwrap();
        let path = dir.path().join("x.resume");
        std::os::unix::fs::symlink(&victim, &path).unwrap();
        let e = Checkpoint::open(&path, 3, 3, Kind::Cubeless, true).unwrap_err();
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        let mut cp = Checkpoint::open(&path, 3, 3, Kind::Cubeless, false).unwrap();
        build(3, 3, Kind::Cubeless, &Task::new(), Some(&mut cp)).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "important");
        assert!(std::fs::symlink_metadata(&path).unwrap().is_file());
        assert!(std::fs::metadata(&path).unwrap().len() > 16);
        let e = Checkpoint::open(dir.path(), 3, 3, Kind::Cubeless, true).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }

    #[test]
    fn a_checkpoint_of_another_build_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.resume");
        let mut cp = Checkpoint::open(&path, 3, 3, Kind::Cubeless, false).unwrap();
        build(3, 3, Kind::Cubeless, &Task::new(), Some(&mut cp)).unwrap();
        drop(cp);
        for (p, c, k) in [(3, 4, Kind::Cubeless), (3, 3, Kind::Cubeful)] {
            assert!(matches!(
                Checkpoint::open(&path, p, c, k, true),
                Err(TwoSidedError::Checkpoint(_))
            ));
        }
        assert!(Checkpoint::open(&path, 3, 3, Kind::Cubeless, true).is_ok());
    }
}
