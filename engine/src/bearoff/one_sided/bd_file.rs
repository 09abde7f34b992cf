//! gnubg's one-sided bear-off files (`.bd`), read and written.
//!
//! A 40-byte ASCII header, `gnubg-OS-PP-15-G-C-N` padded with `x` to 39 bytes and a newline
//! (points, gammon flag, compressed flag, normal-approximation flag), then:
//! - uncompressed: per position 32 little-endian `u16` (×65535), then 32 more for the gammon
//!   distribution when the gammon flag is set;
//! - compressed (gnubg's default): an index of 8 bytes a position (6 without gammon): `u32`
//!   offset in `u16` units into the data area, then the length and first roll of the non-zero
//!   run of each distribution; then the data area holding the runs;
//! - normal approximation: 4 little-endian `f32` a position: mean, standard deviation, gammon
//!   mean, gammon standard deviation.

use super::database::{Database, Entry, ROLLS};
use super::index::{self, MAX_POINTS};
use super::moments::{MomentDatabase, Moments};
use std::fmt;
use std::io::Write;
use std::path::Path;

/// Bytes in a header.
pub const HEADER_LEN: usize = 40;

/// The layout of a one-sided file, as its header states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Points the database spans.
    pub points: usize,
    /// Gammon distributions present.
    pub gammon: bool,
    /// Compressed layout.
    pub compressed: bool,
    /// Normal-approximation file (means and standard deviations only).
    pub normal: bool,
}

impl Header {
    /// The 40 header bytes gnubg writes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let text = format!(
            "gnubg-OS-{:02}-15-{}-{}-{}",
            self.points, self.gammon as u8, self.compressed as u8, self.normal as u8
        );
        let mut out = [b'x'; HEADER_LEN];
        out[..text.len()].copy_from_slice(text.as_bytes());
        out[HEADER_LEN - 1] = b'\n';
        out
    }

    /// Reads a header; an error unless it is a one-sided gnubg header for 15 checkers.
    pub fn parse(bytes: &[u8]) -> Result<Header, BdError> {
        let bad = |why: &str| BdError::Header(why.to_string());
        if bytes.len() < HEADER_LEN {
            return Err(BdError::Truncated {
                expected: HEADER_LEN as u64,
                actual: bytes.len() as u64,
            });
        }
        let h = &bytes[..HEADER_LEN];
        if !h.starts_with(b"gnubg-") {
            return Err(bad(
                "it does not start with 'gnubg-': not a gnubg bear-off file",
            ));
        }
        if h.starts_with(b"gnubg-TS") {
            return Err(bad(
                "it is a two-sided database (gnubg-TS); only one-sided (gnubg-OS) files are read",
            ));
        }
        if !h.starts_with(b"gnubg-OS-") || h[11] != b'-' || h[14] != b'-' {
            return Err(bad("it is not a one-sided gnubg header (gnubg-OS-PP-15-…)"));
        }
        let digits = |r: std::ops::Range<usize>| -> Option<usize> {
            std::str::from_utf8(&h[r]).ok()?.parse().ok()
        };
        let points = digits(9..11).ok_or_else(|| bad("the number of points is not a number"))?;
        if !(1..=MAX_POINTS).contains(&points) {
            return Err(bad(&format!(
                "it claims {points} points; 1 to {MAX_POINTS} are supported"
            )));
        }
        if &h[12..14] != b"15" {
            return Err(bad("only databases for 15 checkers are supported"));
        }
        let flag = |i: usize, name: &str| match h[i] {
            b'0' => Ok(false),
            b'1' => Ok(true),
            _ => Err(bad(&format!("the {name} flag is not 0 or 1"))),
        };
        Ok(Header {
            points,
            gammon: flag(15, "gammon")?,
            compressed: flag(17, "compression")?,
            normal: flag(19, "normal-approximation")?,
        })
    }
}

/// Why a file is not a usable one-sided bear-off database.
#[derive(Debug)]
pub enum BdError {
    /// Reading or writing failed.
    Io(std::io::Error),
    /// The header is not a gnubg one-sided header.
    Header(String),
    /// The file is shorter than its header implies.
    Truncated {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        actual: u64,
    },
    /// The file is longer than its header implies.
    WrongSize {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        actual: u64,
    },
    /// An index entry or distribution is impossible.
    Corrupt(String),
}

impl fmt::Display for BdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BdError::Io(e) => write!(f, "{e}"),
            BdError::Header(why) => write!(f, "bad bear-off file header: {why}"),
            BdError::Truncated { expected, actual } => write!(
                f,
                "bear-off file truncated: {actual} bytes, its header implies {expected}"
            ),
            BdError::WrongSize { expected, actual } => write!(
                f,
                "bear-off file has the wrong size: {actual} bytes, its header implies {expected}"
            ),
            BdError::Corrupt(why) => write!(f, "corrupt bear-off file: {why}"),
        }
    }
}

impl std::error::Error for BdError {}

impl From<std::io::Error> for BdError {
    fn from(e: std::io::Error) -> BdError {
        BdError::Io(e)
    }
}

/// What a one-sided file holds.
#[derive(Clone, Debug)]
pub enum BdContents {
    /// Full distributions (compressed or not).
    Distributions(Database<u16>),
    /// Means and standard deviations only (gnubg's `-n` files).
    Normal(MomentDatabase),
}

/// Writes a compressed (or, with `compressed` false, uncompressed) file to `out`.
pub fn write(db: &Database<u16>, compressed: bool, out: &mut impl Write) -> std::io::Result<()> {
    let gammon = db.has_gammon();
    let header = Header {
        points: db.points(),
        gammon,
        compressed,
        normal: false,
    };
    let n = db.len() as u32;
    out.write_all(&header.to_bytes())?;
    let mut buf = Vec::with_capacity(128);
    if compressed {
        let mut offset = 0u32;
        for idx in 0..n {
            let e = db.entry(idx);
            buf.clear();
            buf.extend_from_slice(&offset.to_le_bytes());
            buf.extend_from_slice(&[e.len, e.first]);
            offset += e.len as u32;
            if gammon {
                buf.extend_from_slice(&[e.gammon_len, e.gammon_first]);
                offset += e.gammon_len as u32;
            }
            out.write_all(&buf)?;
        }
        for idx in 0..n {
            buf.clear();
            for &v in db.run(idx).1 {
                buf.extend_from_slice(&v.to_le_bytes());
            }
            if gammon {
                for &v in db.gammon_run(idx).1 {
                    buf.extend_from_slice(&v.to_le_bytes());
                }
            }
            out.write_all(&buf)?;
        }
    } else {
        for idx in 0..n {
            buf.clear();
            for v in db.dist(idx) {
                buf.extend_from_slice(&v.to_le_bytes());
            }
            if gammon {
                for v in db.gammon(idx) {
                    buf.extend_from_slice(&v.to_le_bytes());
                }
            }
            out.write_all(&buf)?;
        }
    }
    Ok(())
}

/// The bytes of a compressed (or uncompressed) file.
pub fn to_bytes(db: &Database<u16>, compressed: bool) -> Vec<u8> {
    let mut out = Vec::new();
    write(db, compressed, &mut out).expect("writing to memory does not fail");
    out
}

/// Writes a normal-approximation file (`gnubg-OS-PP-15-1-0-1`) to `out`.
pub fn write_normal(db: &MomentDatabase, out: &mut impl Write) -> std::io::Result<()> {
    let header = Header {
        points: db.points(),
        gammon: true,
        compressed: false,
        normal: true,
    };
    out.write_all(&header.to_bytes())?;
    for idx in 0..db.len() as u32 {
        let m = db.get(idx);
        let mut rec = [0u8; 16];
        for (i, v) in [m.mean, m.sd, m.gammon_mean, m.gammon_sd]
            .into_iter()
            .enumerate()
        {
            rec[4 * i..4 * i + 4].copy_from_slice(&(v as f32).to_le_bytes());
        }
        out.write_all(&rec)?;
    }
    Ok(())
}

/// The bytes of a normal-approximation file.
pub fn normal_to_bytes(db: &MomentDatabase) -> Vec<u8> {
    let mut out = Vec::new();
    write_normal(db, &mut out).expect("writing to memory does not fail");
    out
}

/// Writes a file atomically: `fill` writes into a temporary file in the same folder, which
/// then replaces `path`; on any error the temporary file is removed and `path` is untouched.
pub fn write_atomic(
    path: &Path,
    fill: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> Result<(), BdError> {
    Ok(crate::io::atomic_file::write_atomic(path, fill)?)
}

/// Reads a file's bytes as a one-sided database.
pub fn from_bytes(bytes: &[u8]) -> Result<BdContents, BdError> {
    let header = Header::parse(bytes)?;
    let n = index::positions(header.points) as u64;
    if header.normal {
        let moments = read_moments(bytes, n)?;
        return Ok(BdContents::Normal(MomentDatabase::from_parts(
            header.points,
            moments,
        )));
    }
    let (entries, data) = if header.compressed {
        read_compressed(bytes, header.gammon, n)?
    } else {
        read_full(bytes, header.gammon, n)?
    };
    Ok(BdContents::Distributions(Database::from_parts(
        header.points,
        header.gammon,
        entries,
        data,
    )))
}

/// Whether a file of `bytes` is exactly `expected` long: shorter is truncated, longer the
/// wrong size.
fn exact_size(bytes: &[u8], expected: u64) -> Result<(), BdError> {
    let actual = bytes.len() as u64;
    if actual < expected {
        Err(BdError::Truncated { expected, actual })
    } else if actual > expected {
        Err(BdError::WrongSize { expected, actual })
    } else {
        Ok(())
    }
}

/// The `i`th little-endian u16 of `b`.
fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[2 * i], b[2 * i + 1]])
}

/// A normal-approximation file's body: four f32 moments for each of `n` positions.
fn read_moments(bytes: &[u8], n: u64) -> Result<Vec<[f32; 4]>, BdError> {
    exact_size(bytes, HEADER_LEN as u64 + 16 * n)?;
    let mut moments = Vec::with_capacity(n as usize);
    for rec in bytes[HEADER_LEN..].chunks_exact(16) {
        let f = |i: usize| f32::from_le_bytes(rec[4 * i..4 * i + 4].try_into().unwrap());
        moments.push([f(0), f(1), f(2), f(3)]);
    }
    Ok(moments)
}

/// A compressed file's body: an index entry for each of `n` positions (each run where the
/// last ended, none empty, within the rolls), then the runs.
fn read_compressed(bytes: &[u8], gammon: bool, n: u64) -> Result<(Vec<Entry>, Vec<u16>), BdError> {
    let body = &bytes[HEADER_LEN..];
    let entry_len: u64 = if gammon { 8 } else { 6 };
    let index_end = HEADER_LEN as u64 + entry_len * n;
    if (bytes.len() as u64) < index_end {
        return Err(BdError::Truncated {
            expected: index_end,
            actual: bytes.len() as u64,
        });
    }
    let mut entries = Vec::with_capacity(n as usize);
    let mut total = 0u64;
    for rec in body[..(entry_len * n) as usize].chunks_exact(entry_len as usize) {
        let offset = u32::from_le_bytes(rec[..4].try_into().unwrap());
        let e = Entry {
            offset,
            len: rec[4],
            first: rec[5],
            gammon_len: if gammon { rec[6] } else { 0 },
            gammon_first: if gammon { rec[7] } else { 0 },
        };
        let runs_fit = |first: u8, len: u8| first as usize + len as usize <= ROLLS;
        if e.offset as u64 != total
            || e.len == 0
            || !runs_fit(e.first, e.len)
            || (gammon && (e.gammon_len == 0 || !runs_fit(e.gammon_first, e.gammon_len)))
        {
            return Err(BdError::Corrupt(format!(
                "index entry {} is impossible (offset {}, runs {}+{} and {}+{})",
                entries.len(),
                e.offset,
                e.first,
                e.len,
                e.gammon_first,
                e.gammon_len
            )));
        }
        total += e.len as u64 + e.gammon_len as u64;
        entries.push(e);
    }
    exact_size(bytes, index_end + 2 * total)?;
    let area = &bytes[index_end as usize..];
    let data = (0..total as usize).map(|i| u16_at(area, i)).collect();
    Ok((entries, data))
}

/// An uncompressed file's body: every roll's count for each of `n` positions (and the
/// gammon counts beside), kept as the nonzero run of each.
fn read_full(bytes: &[u8], gammon: bool, n: u64) -> Result<(Vec<Entry>, Vec<u16>), BdError> {
    let per = if gammon { 64u64 } else { 32 };
    exact_size(bytes, HEADER_LEN as u64 + 2 * per * n)?;
    let mut entries = Vec::with_capacity(n as usize);
    let mut d = Vec::with_capacity((per * n) as usize);
    for rec in bytes[HEADER_LEN..].chunks_exact(2 * per as usize) {
        let dist: [u16; ROLLS] = std::array::from_fn(|k| u16_at(rec, k));
        let (first, len) = super::database::run_of(&dist);
        let offset = d.len() as u32;
        d.extend_from_slice(&dist[first..first + len]);
        let (gf, gl) = if gammon {
            let g: [u16; ROLLS] = std::array::from_fn(|k| u16_at(rec, ROLLS + k));
            let (gf, gl) = super::database::run_of(&g);
            d.extend_from_slice(&g[gf..gf + gl]);
            (gf, gl)
        } else {
            (0, 0)
        };
        entries.push(Entry {
            offset,
            first: first as u8,
            len: len as u8,
            gammon_first: gf as u8,
            gammon_len: gl as u8,
        });
    }
    Ok((entries, d))
}

impl Header {
    /// The largest file this header allows: exact for the fixed layouts, the index plus every
    /// run at its longest for the compressed one.
    pub fn max_file_len(&self) -> u64 {
        let n = index::positions(self.points) as u64;
        let per = if self.gammon {
            2 * ROLLS as u64
        } else {
            ROLLS as u64
        };
        let body = match (self.normal, self.compressed) {
            (true, _) => 16 * n,
            (false, false) => 2 * per * n,
            (false, true) => (if self.gammon { 8 } else { 6 }) * n + 2 * per * n,
        };
        HEADER_LEN as u64 + body
    }
}

/// Reads a one-sided file: the header first, and the rest only when the file's size is one
/// the header allows (a sparse 3 GB file with a valid header is refused at once, not read).
pub fn read(path: &Path) -> Result<BdContents, BdError> {
    use std::io::Read;
    let (mut file, len) = crate::io::user_file::open_regular(path)?;
    let mut head = [0u8; HEADER_LEN];
    if len < HEADER_LEN as u64 {
        let mut short = Vec::new();
        file.read_to_end(&mut short)?;
        return from_bytes(&short);
    }
    file.read_exact(&mut head)?;
    let max = Header::parse(&head)?.max_file_len();
    if len > max {
        return Err(BdError::WrongSize {
            expected: max,
            actual: len,
        });
    }
    let bytes = crate::io::user_file::read_capped(path, max)?;
    from_bytes(&bytes)
}

/// The moments stored for or computed from position `idx` of a file's contents.
pub fn moments_of(contents: &BdContents, idx: u32) -> Moments {
    match contents {
        BdContents::Distributions(db) => {
            Moments::of(&db.dist_f64(idx)).with_gammon(&db.gammon_f64(idx))
        }
        BdContents::Normal(m) => m.get(idx),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip() {
        let h = Header {
            points: 6,
            gammon: true,
            compressed: true,
            normal: false,
        };
        let bytes = h.to_bytes();
        assert_eq!(&bytes, b"gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n");
        assert_eq!(Header::parse(&bytes).unwrap(), h);
    }

    #[test]
    fn files_without_gammon_round_trip() {
        let db = crate::bearoff::one_sided::build::<u16>(4, &Default::default())
            .unwrap()
            .without_gammon();
        for compressed in [true, false] {
            let bytes = to_bytes(&db, compressed);
            assert_eq!(&bytes[15..20], if compressed { b"0-1-0" } else { b"0-0-0" });
            let BdContents::Distributions(back) = from_bytes(&bytes).unwrap() else {
                panic!("distributions expected");
            };
            assert!(!back.has_gammon());
            for idx in 0..db.len() as u32 {
                assert_eq!(back.dist(idx), db.dist(idx));
            }
            let per = if compressed { 6 } else { 64 };
            assert!(bytes.len() >= HEADER_LEN + per * db.len());
        }
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = std::env::temp_dir().join(format!("bgw-bd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("keep.bd");
        std::fs::write(&path, b"good").unwrap();
        let e = write_atomic(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(e.to_string().contains("disk full"));
        assert_eq!(std::fs::read(&path).unwrap(), b"good");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "temporary file left"
        );
        write_atomic(&path, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_headers_are_named() {
        let e = Header::parse(b"gnubg-TS-06-06-1xxxxxxxxxxxxxxxxxxxxxxx\n").unwrap_err();
        assert!(e.to_string().contains("two-sided"), "{e}");
        let e = Header::parse(b"hello").unwrap_err();
        assert!(e.to_string().contains("truncated"), "{e}");
        let e = Header::parse(b"gnubg-OS-06-14-1-1-0xxxxxxxxxxxxxxxxxxx\n").unwrap_err();
        assert!(e.to_string().contains("15 checkers"), "{e}");
        let e = Header::parse(b"gnubg-OS-06-15-1-7-0xxxxxxxxxxxxxxxxxxx\n").unwrap_err();
        assert!(e.to_string().contains("compression flag"), "{e}");
    }

    #[test]
    fn a_huge_file_or_a_device_is_refused_before_it_is_read() {
        let path = std::env::temp_dir().join(format!("bgw-huge-{}.bd", std::process::id()));
        let h = Header {
            points: 6,
            gammon: true,
            compressed: true,
            normal: false,
        };
        std::fs::write(&path, h.to_bytes()).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(1 << 30).unwrap(); // sparse: costs no disk
        match read(&path) {
            Err(BdError::WrongSize { expected, actual }) => {
                assert_eq!(actual, 1 << 30);
                assert_eq!(expected, h.max_file_len());
            }
            other => panic!("{other:?}"),
        }
        std::fs::remove_file(&path).unwrap();
        #[cfg(unix)]
        {
            let e = read(Path::new("/dev/zero")).unwrap_err();
            assert!(e.to_string().contains("a device"), "{e}");
        }
    }
}
