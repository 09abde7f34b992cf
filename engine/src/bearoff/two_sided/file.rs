//! gnubg's two-sided bear-off files (`makebearoff -t PxC`), read and written.
//!
//! A 40-byte ASCII header `gnubg-TS-PP-CC-K`, padded with `x` to 39 bytes and a newline (points,
//! checkers, K = 1 when the cubeful equities are present), then for every pair `(x on roll, y)`
//! in the order `x · n + y` one little-endian 16-bit word (`makebearoff -C`) or four (cubeless,
//! on roll owns the cube, centred, the other side owns it): the equity `e` as `(e + 1) ·
//! 32767.5`.

use super::memory::{self, Request};
use super::positions;
use super::table::{Kind, TwoSidedDb, TwoSidedError, Values, check_size};
use std::io::{Read, Write};
use std::path::Path;

/// Bytes in a header.
pub const HEADER_LEN: usize = 40;

/// A two-sided header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Points the database spans.
    pub points: usize,
    /// Most checkers a side has.
    pub checkers: usize,
    /// The three cubeful equities follow the cubeless one.
    pub cubeful: bool,
}

impl Header {
    /// The 40 header bytes gnubg writes.
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let text = format!(
            "gnubg-TS-{:02}-{:02}-{}",
            self.points, self.checkers, self.cubeful as u8
        );
        let mut out = [b'x'; HEADER_LEN];
        out[..text.len()].copy_from_slice(text.as_bytes());
        out[HEADER_LEN - 1] = b'\n';
        out
    }

    /// Reads a header: an error unless it is a gnubg two-sided header of a size this module
    /// handles.
    pub fn parse(bytes: &[u8]) -> Result<Header, TwoSidedError> {
        let bad = |why: &str| TwoSidedError::Header(why.to_string());
        if bytes.len() < HEADER_LEN {
            return Err(TwoSidedError::WrongSize {
                expected: HEADER_LEN as u64,
                actual: bytes.len() as u64,
            });
        }
        let h = &bytes[..HEADER_LEN];
        if !h.starts_with(b"gnubg-TS-") {
            return Err(bad(
                "it does not start with 'gnubg-TS-': not a gnubg two-sided bear-off file",
            ));
        }
        if h[11] != b'-' || h[14] != b'-' || h[HEADER_LEN - 1] != b'\n' {
            return Err(bad("it is not laid out as gnubg-TS-PP-CC-K…"));
        }
        let number = |r: std::ops::Range<usize>, what: &str| -> Result<usize, TwoSidedError> {
            let text = &h[r];
            if !text.iter().all(u8::is_ascii_digit) {
                return Err(bad(&format!("the number of {what} is not a number")));
            }
            Ok(text.iter().fold(0, |v, d| 10 * v + (d - b'0') as usize))
        };
        let points = number(9..11, "points")?;
        let checkers = number(12..14, "checkers")?;
        check_size(points, checkers).map_err(|e| bad(&format!("it claims {e}")))?;
        let cubeful = match h[15] {
            b'0' => false,
            b'1' => true,
            _ => return Err(bad("the cubeful flag is not 0 or 1")),
        };
        Ok(Header {
            points,
            checkers,
            cubeful,
        })
    }

    /// The kind of database the file holds.
    pub fn kind(&self) -> Kind {
        if self.cubeful {
            Kind::Cubeful
        } else {
            Kind::Cubeless
        }
    }

    /// Bytes of the whole file.
    pub fn file_len(&self) -> u64 {
        let n = positions(self.points, self.checkers) as u64;
        HEADER_LEN as u64 + n * n * if self.cubeful { 8 } else { 2 }
    }
}

/// Whether `bytes` start like a two-sided file (the header's kind, not its validity).
pub fn is_two_sided(bytes: &[u8]) -> bool {
    bytes.starts_with(b"gnubg-TS")
}

/// Reads a two-sided file: the header first, the values only when the file's size is the one
/// the header implies and this process has the memory for them (read in pieces, straight into
/// the table: a 6 × 15 cubeless file is 5.9 GB).
pub fn read(path: &Path) -> Result<TwoSidedDb, TwoSidedError> {
    let (file, len) = crate::io::user_file::open_regular(path)?;
    from_reader(std::io::BufReader::with_capacity(1 << 20, file), len)
}

/// The header of the two-sided file at `path`, checked against the file's size (a request's
/// memory can be worked out from it before the file is read).
pub fn read_header(path: &Path) -> Result<Header, TwoSidedError> {
    let (file, len) = crate::io::user_file::open_regular(path)?;
    let mut head = Vec::with_capacity(HEADER_LEN);
    file.take(HEADER_LEN as u64).read_to_end(&mut head)?;
    let header = Header::parse(&head)?;
    if len != header.file_len() {
        return Err(TwoSidedError::WrongSize {
            expected: header.file_len(),
            actual: len,
        });
    }
    Ok(header)
}

/// Reads a whole file held in memory.
#[cfg(test)]
pub fn from_bytes(bytes: &[u8]) -> Result<TwoSidedDb, TwoSidedError> {
    from_reader(bytes, bytes.len() as u64)
}

fn from_reader(mut r: impl Read, len: u64) -> Result<TwoSidedDb, TwoSidedError> {
    let mut head = [0u8; HEADER_LEN];
    if len < HEADER_LEN as u64 {
        let mut short = Vec::new();
        r.read_to_end(&mut short)?;
        Header::parse(&short)?;
    }
    r.read_exact(&mut head)?;
    let header = Header::parse(&head)?;
    if len != header.file_len() {
        return Err(TwoSidedError::WrongSize {
            expected: header.file_len(),
            actual: len,
        });
    }
    let (points, checkers) = (header.points, header.checkers);
    let request = Request::Read(header.kind());
    memory::check(points, checkers, &[request])?;
    let n = positions(points, checkers) as usize;
    let values = if header.cubeful {
        let mut v = memory::filled(n * n, [0u16; 4], points, checkers, request)?;
        read_words(&mut r, v.as_flattened_mut())?;
        Values::Cubeful(v)
    } else {
        let mut v = memory::filled(n * n, 0u16, points, checkers, request)?;
        read_words(&mut r, &mut v)?;
        Values::Cubeless(v)
    };
    TwoSidedDb::new(points, checkers, values)
}

/// Fills `words` with little-endian 16-bit words read from `r`, a megabyte at a time.
fn read_words(r: &mut impl Read, words: &mut [u16]) -> std::io::Result<()> {
    let mut buf = vec![0u8; 1 << 20];
    for chunk in words.chunks_mut(buf.len() / 2) {
        let bytes = &mut buf[..2 * chunk.len()];
        r.read_exact(bytes)?;
        for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(2)) {
            *w = u16::from_le_bytes([b[0], b[1]]);
        }
    }
    Ok(())
}

/// The header of a database's file.
pub fn header_of(db: &TwoSidedDb) -> Result<Header, TwoSidedError> {
    use super::TwoSidedChances;
    let cubeful = match db.kind() {
        Kind::Exact => return Err(TwoSidedError::NotWritable(Kind::Exact)),
        Kind::Cubeless => false,
        Kind::Cubeful => true,
    };
    Ok(Header {
        points: db.points(),
        checkers: db.checkers(),
        cubeful,
    })
}

/// Writes the database as gnubg writes it (an exact database has no file).
pub fn write(db: &TwoSidedDb, out: &mut impl Write) -> Result<(), TwoSidedError> {
    out.write_all(&header_of(db)?.to_bytes())?;
    let mut buf = Vec::with_capacity(1 << 20);
    let flush = |buf: &mut Vec<u8>, out: &mut dyn Write| -> std::io::Result<()> {
        out.write_all(buf)?;
        buf.clear();
        Ok(())
    };
    match db.values() {
        Values::Exact(_) => unreachable!("refused by header_of"),
        Values::Cubeless(v) => {
            for chunk in v.chunks(1 << 19) {
                chunk
                    .iter()
                    .for_each(|w| buf.extend_from_slice(&w.to_le_bytes()));
                flush(&mut buf, out)?;
            }
        }
        Values::Cubeful(v) => {
            for chunk in v.chunks(1 << 17) {
                chunk
                    .iter()
                    .flatten()
                    .for_each(|w| buf.extend_from_slice(&w.to_le_bytes()));
                flush(&mut buf, out)?;
            }
        }
    }
    Ok(())
}

/// Writes the file atomically (a temporary file beside `path`, then a rename): on any error
/// `path` is untouched.
pub fn write_atomic(db: &TwoSidedDb, path: &Path) -> Result<(), TwoSidedError> {
    header_of(db)?;
    let mut failure = None;
    let result = crate::io::atomic_file::write_atomic(path, |w| {
        write(db, w).map_err(|e| match e {
            TwoSidedError::Io(e) => e,
            other => {
                let text = other.to_string();
                failure = Some(other);
                std::io::Error::other(text)
            }
        })
    });
    match (result, failure) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(e)) => Err(e),
        (Err(e), None) => Err(e.into()),
    }
}

impl TwoSidedDb {
    /// Reads a gnubg two-sided file (gnubg's or ours, either kind).
    pub fn read(path: &Path) -> Result<TwoSidedDb, TwoSidedError> {
        read(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trips_and_matches_gnubg() {
        let h = Header {
            points: 3,
            checkers: 3,
            cubeful: true,
        };
        assert_eq!(&h.to_bytes(), b"gnubg-TS-03-03-1xxxxxxxxxxxxxxxxxxxxxxx\n");
        assert_eq!(Header::parse(&h.to_bytes()).unwrap(), h);
    }

    #[test]
    fn bad_headers_are_refused() {
        let ok = *b"gnubg-TS-06-15-0xxxxxxxxxxxxxxxxxxxxxxx\n";
        assert!(Header::parse(&ok).is_ok());
        for (at, byte) in [
            (9, b'1'),
            (10, b'7'),
            (12, b'2'),
            (13, b'6'),
            (13, b'a'),
            (15, b'2'),
        ] {
            let mut h = ok;
            h[at] = byte;
            assert!(
                Header::parse(&h).is_err(),
                "{}",
                String::from_utf8_lossy(&h)
            );
        }
        assert!(Header::parse(b"gnubg-OS-06-15-1-1-0xxxxxxxxxxxxxxxxxxx\n").is_err());
        assert!(Header::parse(b"gnubg-TS-06").is_err());
    }

    #[test]
    fn truncated_and_padded_files_are_refused() {
        let h = Header {
            points: 2,
            checkers: 2,
            cubeful: false,
        };
        let mut bytes = h.to_bytes().to_vec();
        bytes.resize(h.file_len() as usize, 0);
        assert!(from_bytes(&bytes).is_ok());
        for len in [0, 10, 40, bytes.len() - 1] {
            assert!(from_bytes(&bytes[..len]).is_err(), "{len}");
        }
        bytes.push(0);
        assert!(matches!(
            from_bytes(&bytes),
            Err(TwoSidedError::WrongSize { .. })
        ));
    }
}
