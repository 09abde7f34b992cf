//! The two-sided database in memory: one value a pair (side on roll, other side), in gnubg's
//! order — pair `(x, y)` at `x · n + y`, `n` = [`super::positions`].

use super::cubeful::CubefulEquities;
pub(crate) use super::kind::Kind;
use super::memory::Shortage;
use super::{TwoSidedChances, positions};
use std::fmt;

/// Most points a two-sided database spans (gnubg's limit: all checkers in the home board).
pub const MAX_POINTS: usize = 6;
/// Most checkers a side may have.
pub const MAX_CHECKERS: usize = 15;

/// The stored values.
#[derive(Clone, Debug)]
pub(crate) enum Values {
    /// The chance the side on roll wins.
    Exact(Vec<f64>),
    /// gnubg's word: equity `e` stored as `(e + 1) · 32767.5`, i.e. the chance × 65535.
    Cubeless(Vec<u16>),
    /// gnubg's four words: cubeless, on roll owns the cube, centred, the other side owns it.
    Cubeful(Vec<[u16; 4]>),
}

/// A two-sided bear-off database: every pair of positions of at most `checkers` checkers on
/// `points` points.
#[derive(Clone, Debug)]
pub struct TwoSidedDb {
    points: usize,
    checkers: usize,
    n: usize,
    values: Values,
}

impl TwoSidedDb {
    /// Checks the size and wraps the values.
    pub(crate) fn new(
        points: usize,
        checkers: usize,
        values: Values,
    ) -> Result<TwoSidedDb, TwoSidedError> {
        check_size(points, checkers)?;
        let n = positions(points, checkers) as usize;
        let len = match &values {
            Values::Exact(v) => v.len(),
            Values::Cubeless(v) => v.len(),
            Values::Cubeful(v) => v.len(),
        };
        if len != n * n {
            return Err(TwoSidedError::Corrupt(format!(
                "{len} values for {n}² pairs"
            )));
        }
        Ok(TwoSidedDb {
            points,
            checkers,
            n,
            values,
        })
    }

    /// The arithmetic and contents.
    pub fn kind(&self) -> Kind {
        match self.values {
            Values::Exact(_) => Kind::Exact,
            Values::Cubeless(_) => Kind::Cubeless,
            Values::Cubeful(_) => Kind::Cubeful,
        }
    }

    pub(crate) fn values(&self) -> &Values {
        &self.values
    }

    /// gnubg's cubeful equities of the pair, `None` unless the database is [`Kind::Cubeful`].
    pub fn cubeful(&self, on_roll: u32, other: u32) -> Option<CubefulEquities> {
        match &self.values {
            Values::Cubeful(v) => Some(CubefulEquities::from_words(v[self.pair(on_roll, other)])),
            _ => None,
        }
    }

    /// gnubg's four words of the pair (cubeless, on roll owns the cube, centred, the other side
    /// owns it), `None` unless the database is [`Kind::Cubeful`].
    pub fn cubeful_words(&self, on_roll: u32, other: u32) -> Option<[u16; 4]> {
        match &self.values {
            Values::Cubeful(v) => Some(v[self.pair(on_roll, other)]),
            _ => None,
        }
    }

    /// gnubg's 16-bit cubeless word of the pair (`None` for an exact database).
    pub fn word(&self, on_roll: u32, other: u32) -> Option<u16> {
        let i = self.pair(on_roll, other);
        match &self.values {
            Values::Exact(_) => None,
            Values::Cubeless(v) => Some(v[i]),
            Values::Cubeful(v) => Some(v[i][0]),
        }
    }

    fn pair(&self, on_roll: u32, other: u32) -> usize {
        on_roll as usize * self.n + other as usize
    }
}

impl TwoSidedChances for TwoSidedDb {
    fn points(&self) -> usize {
        self.points
    }

    fn checkers(&self) -> usize {
        self.checkers
    }

    fn win(&self, on_roll: u32, other: u32) -> f64 {
        let i = self.pair(on_roll, other);
        match &self.values {
            Values::Exact(v) => v[i],
            Values::Cubeless(v) => v[i] as f64 / 65535.0,
            Values::Cubeful(v) => v[i][0] as f64 / 65535.0,
        }
    }
}

/// An error unless `points` × `checkers` is a size this module builds and reads.
pub fn check_size(points: usize, checkers: usize) -> Result<(), TwoSidedError> {
    if !(1..=MAX_POINTS).contains(&points) || !(1..=MAX_CHECKERS).contains(&checkers) {
        return Err(TwoSidedError::Size { points, checkers });
    }
    Ok(())
}

/// Why a two-sided database could not be built, read or written.
#[derive(Debug)]
pub enum TwoSidedError {
    /// Reading or writing failed.
    Io(std::io::Error),
    /// Points or checkers out of range.
    Size {
        /// Points asked for.
        points: usize,
        /// Checkers asked for.
        checkers: usize,
    },
    /// The header is not a gnubg two-sided header.
    Header(String),
    /// The file's size is not the one its header implies.
    WrongSize {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        actual: u64,
    },
    /// Values that cannot be (or a file that does not hold what it should).
    Corrupt(String),
    /// The checkpoint of a resumed build does not belong to this build or is unreadable.
    Checkpoint(String),
    /// An exact database has no gnubg file.
    NotWritable(Kind),
    /// The request needs more memory than this process may have.
    Memory(Shortage),
    /// The task was cancelled.
    Cancelled,
}

impl fmt::Display for TwoSidedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoSidedError::Io(e) => write!(f, "{e}"),
            TwoSidedError::Size { points, checkers } => write!(
                f,
                "two-sided databases span 1 to {MAX_POINTS} points with 1 to {MAX_CHECKERS} \
                 checkers a side, not {points}x{checkers}"
            ),
            TwoSidedError::Header(why) => write!(f, "bad two-sided bear-off header: {why}"),
            TwoSidedError::WrongSize { expected, actual } => write!(
                f,
                "two-sided bear-off file has the wrong size: {actual} bytes, its header \
                 implies {expected}"
            ),
            TwoSidedError::Corrupt(why) => write!(f, "corrupt two-sided database: {why}"),
            TwoSidedError::Checkpoint(why) => write!(f, "cannot resume: {why}"),
            TwoSidedError::NotWritable(kind) => write!(
                f,
                "an {} database has no gnubg file (gnubg's files hold 16-bit equities)",
                kind.name()
            ),
            TwoSidedError::Memory(s) => write!(f, "{s}"),
            TwoSidedError::Cancelled => f.write_str("the build was cancelled"),
        }
    }
}

impl std::error::Error for TwoSidedError {}

impl From<std::io::Error> for TwoSidedError {
    fn from(e: std::io::Error) -> TwoSidedError {
        TwoSidedError::Io(e)
    }
}

impl From<Shortage> for TwoSidedError {
    fn from(s: Shortage) -> TwoSidedError {
        TwoSidedError::Memory(s)
    }
}
