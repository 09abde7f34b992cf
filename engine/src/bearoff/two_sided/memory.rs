//! The memory a two-sided request takes, and whether this process can have it.
//!
//! A 6 × 15 cubeful build holds 16 bytes a pair while it runs, 47.1 GB: asked of a 24 GB
//! machine, the allocation fails and the process aborts. So every request is measured first
//! ([`bytes_needed`]) against what this process may still allocate ([`available`]), and one
//! that does not fit is refused before any work — no checkpoint, no temporary file — with the
//! figures and the largest size that fits ([`check`]). The big tables are allocated with
//! `try_reserve_exact`, so that a failed allocation is the same error, not an abort.

use super::cubeful::GnubgCubeful;
use super::kind::Kind;
use super::positions;
use super::rules::{Exact, GnubgCubeless, Rule};
use crate::bearoff::one_sided::{ROLLS, index};
use crate::io::user_file::human_size;
use std::fmt;
use std::mem::size_of;

/// What is asked of the two-sided module, for [`bytes_needed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Building a database of this kind ([`super::build`]) with its checkpoint, and writing
    /// its file.
    Build(Kind),
    /// Reading a gnubg file of this kind ([`super::TwoSidedDb::read`]).
    Read(Kind),
    /// The error map of a database already in memory (`bearoff::error_map`), beyond the
    /// database: the one-sided database, the methods' distributions and the plays. The cube
    /// errors (`bearoff::cube_errors`) keep less beside the database and are counted as this.
    ErrorMap,
}

/// Bytes a build keeps a position for its successor lists: at most 2.3 KiB were measured at
/// every size up to 6 × 15 (170 distinct results a position there), the lists of lists they
/// are collected from included.
const SUCCESSOR_BYTES: u64 = 4 << 10;

/// Bytes the error map keeps a one-sided position: the one-sided database's distributions and
/// the tables of its build (553 bytes a position were measured at 6 points).
const ONE_SIDED_BYTES: u64 = 1 << 10;

/// Bytes the error map keeps a two-sided position: the three methods' distributions and
/// their tails (2 × 3 × 32 `f64`), the plays of each roll as a build's successor lists, the
/// pip and checker counts.
const MAP_POSITION_BYTES: u64 = 2 * 3 * ROLLS as u64 * 8 + SUCCESSOR_BYTES + 8;

/// The error map's accumulators, per thread and in all (histograms, the worst pairs).
const MAP_FIXED_BYTES: u64 = 16 << 20;

/// Buffers of a file being read or written (1 MiB each).
const BUFFER_BYTES: u64 = 1 << 20;

/// Bytes of what a build keeps a pair while it runs ([`Rule::Kept`]): the table is that many
/// bytes a pair, and the database's cells are made from it in place.
fn kept_bytes(kind: Kind) -> u64 {
    (match kind {
        Kind::Exact => size_of::<<Exact as Rule>::Kept>(),
        Kind::Cubeless => size_of::<<GnubgCubeless as Rule>::Kept>(),
        Kind::Cubeful => size_of::<<GnubgCubeful as Rule>::Kept>(),
    }) as u64
}

/// Bytes a pair in a checkpoint record ([`Rule::BYTES`]).
fn record_bytes(kind: Kind) -> u64 {
    (match kind {
        Kind::Exact => Exact::BYTES,
        Kind::Cubeless => GnubgCubeless::BYTES,
        Kind::Cubeful => GnubgCubeful::BYTES,
    }) as u64
}

/// Bytes a pair in a database read from a file (gnubg's words).
fn file_bytes(kind: Kind) -> u64 {
    match kind {
        Kind::Exact => 8,
        Kind::Cubeless => 2,
        Kind::Cubeful => 8,
    }
}

/// The most pairs one pip level of a build holds: the levels are checkpointed one at a time.
pub(crate) fn largest_level(points: usize, checkers: usize) -> u64 {
    let n = positions(points, checkers);
    let mut by_pips = vec![0u64; points * checkers + 1];
    for x in 0..n {
        by_pips[index::pips(&index::counts(x, points), points) as usize] += 1;
    }
    // Level L: every y with pips in 1..L against every x with the rest (see `build_levels`).
    (2..=2 * points * checkers)
        .map(|level| {
            (1..level)
                .filter(|&py| py < by_pips.len() && level - py < by_pips.len())
                .map(|py| by_pips[py] * by_pips[level - py])
                .sum::<u64>()
        })
        .max()
        .unwrap_or(0)
}

/// Bytes `request` holds at once at `points` × `checkers`: an upper bound on its peak (the
/// tables exactly, the successor lists and the error map's per-position work by a measured
/// allowance). Sizes outside 6 × 15 give the figure of the arithmetic all the same.
pub fn bytes_needed(points: usize, checkers: usize, request: Request) -> u64 {
    let n = positions(points, checkers) as u64;
    let pairs = n * n;
    match request {
        Request::Build(kind) => {
            let table = pairs * kept_bytes(kind);
            // The pip counts, the positions by pips, the rows of one level.
            let lists = n * (8 + 4 + 24) + (points * checkers + 1) as u64 * 24;
            let successors = n * SUCCESSOR_BYTES;
            // A level's record, its buffer grown to at most twice the largest level (the
            // levels replayed on a resume, one at a time, before it), and the checkpoint's
            // reader and writer buffers.
            let checkpoint =
                2 * largest_level(points, checkers) * record_bytes(kind) + 3 * BUFFER_BYTES;
            let write = 2 * BUFFER_BYTES;
            table + lists + successors + checkpoint + write
        }
        Request::Read(kind) => pairs * file_bytes(kind) + 2 * BUFFER_BYTES,
        Request::ErrorMap => {
            index::positions(points) as u64 * ONE_SIDED_BYTES
                + n * MAP_POSITION_BYTES
                + MAP_FIXED_BYTES
        }
    }
}

/// What sets the memory this process may still allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The machine's available memory (`MemAvailable` of `/proc/meminfo`, less a 32nd of the
    /// memory left to the rest of the system).
    Memory,
    /// The process's address-space limit (`ulimit -v`, `RLIMIT_AS`), less what it has mapped
    /// and what its threads' stacks and allocator arenas may take.
    AddressSpace,
}

/// How much more this process may allocate, and what sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Available {
    /// Bytes.
    pub bytes: u64,
    /// The limit that gives them.
    pub limit: Limit,
}

impl fmt::Display for Available {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            Limit::Memory => write!(f, "this machine has {} available", human_size(self.bytes)),
            Limit::AddressSpace => write!(
                f,
                "the address-space limit (ulimit -v) leaves {}",
                human_size(self.bytes)
            ),
        }
    }
}

/// Address space a thread may take: its stack (2 MiB, rayon's default, and a guard) and the
/// allocator arena glibc reserves it at its first allocation (64 MiB). Counted whether the
/// thread runs already or not (an arena is reserved late), so the figure is meant for a check
/// made before the work starts its threads.
const THREAD_RESERVE: u64 = 72 << 20;

/// Threads beside the pool's: the progress reader and the Ctrl+C handler.
const HELPER_THREADS: u64 = 2;

/// `MemAvailable` and `MemTotal` of `/proc/meminfo`, in bytes.
fn meminfo(text: &str) -> Option<(u64, u64)> {
    let field = |name: &str| {
        let line = text.lines().find(|l| l.starts_with(name))?;
        let kib: u64 = line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib * 1024)
    };
    Some((field("MemAvailable:")?, field("MemTotal:")?))
}

/// The soft limit of "Max address space" in `/proc/self/limits`, `None` when unlimited.
fn address_limit(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A `kB` field of `/proc/self/status` in bytes (`VmSize`: what the process has mapped), or a
/// count (`Threads`).
fn status_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let value = line[name.len()..].trim_start_matches(':').trim();
    match value.strip_suffix("kB") {
        Some(kib) => kib.trim().parse::<u64>().ok().map(|k| k * 1024),
        None => value.parse().ok(),
    }
}

/// What this process may still allocate: the smaller of the machine's available memory and
/// what its address-space limit leaves (see [`Limit`]); `None` when neither is known (not
/// Linux), and then nothing is refused.
pub fn available() -> Option<Available> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let memory = read("/proc/meminfo")
        .as_deref()
        .and_then(meminfo)
        .map(|(free, total)| Available {
            bytes: free.saturating_sub(total / 32),
            limit: Limit::Memory,
        });
    let address = read("/proc/self/limits")
        .as_deref()
        .and_then(address_limit)
        .map(|limit| {
            let status = read("/proc/self/status").unwrap_or_default();
            let used = status_field(&status, "VmSize").unwrap_or(0);
            let threads = rayon::current_num_threads() as u64 + HELPER_THREADS;
            Available {
                bytes: limit.saturating_sub(used + threads * THREAD_RESERVE),
                limit: Limit::AddressSpace,
            }
        });
    match (memory, address) {
        (Some(m), Some(a)) => Some(if a.bytes < m.bytes { a } else { m }),
        (m, a) => m.or(a),
    }
}

/// A request that needs more memory than this process may have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortage {
    /// Points asked for.
    pub points: usize,
    /// Checkers asked for.
    pub checkers: usize,
    /// What was asked.
    pub requests: Vec<Request>,
    /// Bytes it needs ([`bytes_needed`], summed).
    pub needs: u64,
    /// What this process may allocate, when known.
    pub available: Option<Available>,
    /// The most checkers the same request fits with, on as many points (`None`: not even
    /// one, or unknown).
    pub fits: Option<usize>,
}

impl fmt::Display for Shortage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = format!("{}x{}", self.points, self.checkers);
        let mut what = String::new();
        for r in &self.requests {
            match r {
                Request::Build(kind) => what = format!("a {size} {} build", kind.name()),
                Request::Read(kind) => what = format!("reading a {size} {} file", kind.name()),
                Request::ErrorMap => {}
            }
        }
        if self.requests.contains(&Request::ErrorMap) {
            what.push_str(" and its error map");
        }
        write!(f, "{what} needs {}; ", human_size(self.needs))?;
        match self.available {
            Some(a) => write!(f, "{a}")?,
            None => f.write_str("the allocation failed")?,
        }
        match (self.fits, self.available) {
            (Some(c), _) => write!(f, "; the largest that fits is {}x{c}", self.points),
            (None, Some(_)) => write!(f, "; not even {}x1 fits", self.points),
            (None, None) => Ok(()),
        }
    }
}

/// The shortage of `requests` at `points` × `checkers` given `available`: the largest fitting
/// number of checkers worked out.
fn shortage(
    points: usize,
    checkers: usize,
    requests: &[Request],
    available: Option<Available>,
) -> Shortage {
    let need = |c: usize| -> u64 { requests.iter().map(|&r| bytes_needed(points, c, r)).sum() };
    let fits = available.and_then(|a| (1..checkers).rev().find(|&c| need(c) <= a.bytes));
    Shortage {
        points,
        checkers,
        requests: requests.to_vec(),
        needs: need(checkers),
        available,
        fits,
    }
}

/// Refuses `requests` at `points` × `checkers` (summed: they are held together) when they need
/// more than this process may allocate ([`available`]), with the figures and the largest
/// size that fits. Nothing is refused when the available memory is unknown. Call it before
/// the work starts its threads and writes its files: [`super::build`] leaves it to its
/// callers ([`super::TwoSidedDb::read`] checks itself).
pub fn check(points: usize, checkers: usize, requests: &[Request]) -> Result<(), Shortage> {
    let Some(available) = available() else {
        return Ok(());
    };
    let s = shortage(points, checkers, requests, Some(available));
    if s.needs > available.bytes {
        return Err(s);
    }
    Ok(())
}

/// `len` copies of `fill`, allocated with `try_reserve_exact`: when the allocation fails, the
/// shortage of `request` at `points` × `checkers`, not an abort.
pub(crate) fn filled<T: Clone>(
    len: usize,
    fill: T,
    points: usize,
    checkers: usize,
    request: Request,
) -> Result<Vec<T>, Shortage> {
    let mut v = Vec::new();
    if v.try_reserve_exact(len).is_err() {
        return Err(shortage(points, checkers, &[request], available()));
    }
    v.resize(len, fill);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_the_issues_figures() {
        let n = 54_264u64;
        // The largest level of 6 x 15 holds 2.2 % of the pairs (its record: 2 or 8 bytes a
        // pair, twice over).
        let level = largest_level(6, 15);
        assert_eq!(level, 63_749_370);
        let rest = |kind| {
            bytes_needed(6, 15, Request::Build(kind))
                - n * SUCCESSOR_BYTES
                - 2 * level * record_bytes(kind)
        };
        // 6 x 15 cubeful: 16 bytes a pair while it is built, 47.1 GB; the rest is small.
        let cubeful = rest(Kind::Cubeful);
        assert!((47_113_307_136..47_113_307_136 + (10 << 20)).contains(&cubeful));
        // The exact (f64) table of `bgw bearoff errors 6x15`: 23.6 GB.
        let exact = rest(Kind::Exact);
        assert!((23_556_653_568..23_556_653_568 + (10 << 20)).contains(&exact));
        // A gnubg 6 x 15 file read: its 5.9 GB or 23.6 GB and two buffers.
        assert_eq!(
            bytes_needed(6, 15, Request::Read(Kind::Cubeless)),
            n * n * 2 + (2 << 20)
        );
        assert_eq!(
            bytes_needed(6, 15, Request::Read(Kind::Cubeful)),
            n * n * 8 + (2 << 20)
        );
    }

    #[test]
    fn the_largest_level_is_the_largest_of_the_builds_levels() {
        // 1 x 2: positions {}, {1}, {1,1} with 0, 1, 2 pips; level 2 has (1 v 1), level 3
        // has (2 v 1) and (1 v 2), level 4 (2 v 2).
        assert_eq!(largest_level(1, 2), 2);
        // 3 x 3 by brute force over the pairs.
        let n = positions(3, 3);
        let pips: Vec<u32> = (0..n)
            .map(|x| index::pips(&index::counts(x, 3), 3))
            .collect();
        let mut levels = [0u64; 20];
        for x in 1..n as usize {
            for y in 1..n as usize {
                levels[(pips[x] + pips[y]) as usize] += 1;
            }
        }
        assert_eq!(largest_level(3, 3), *levels.iter().max().unwrap());
    }

    #[test]
    fn the_largest_size_that_fits_is_found() {
        let need = bytes_needed(6, 13, Request::Build(Kind::Cubeful));
        let available = Some(Available {
            bytes: need + 1,
            limit: Limit::Memory,
        });
        let s = shortage(6, 15, &[Request::Build(Kind::Cubeful)], available);
        assert_eq!(s.fits, Some(13));
        let text = s.to_string();
        assert!(
            text.starts_with("a 6x15 gnubg cubeful build needs 4")
                && text.contains(" GiB; this machine has ")
                && text.ends_with("GiB available; the largest that fits is 6x13"),
            "{text}"
        );
        let none = Some(Available {
            bytes: 1000,
            limit: Limit::AddressSpace,
        });
        let s = shortage(
            6,
            15,
            &[Request::Build(Kind::Exact), Request::ErrorMap],
            none,
        );
        assert_eq!(s.fits, None);
        let text = s.to_string();
        assert!(
            text.starts_with("a 6x15 exact (f64) build and its error map needs")
                && text.contains("ulimit -v")
                && text.ends_with("not even 6x1 fits"),
            "{text}"
        );
    }

    #[test]
    fn proc_files_are_read() {
        let info = "MemTotal:       24683584 kB\nMemFree: 1 kB\nMemAvailable:   23846740 kB\n";
        assert_eq!(meminfo(info), Some((23_846_740 * 1024, 24_683_584 * 1024)));
        assert_eq!(meminfo("MemTotal: 5 kB\n"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max address space         409600000            unlimited            bytes     \n";
        assert_eq!(address_limit(limits), Some(409_600_000));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes     \n";
        assert_eq!(address_limit(unlimited), None);
        let status = "Name: bgw\nVmSize:\t  123456 kB\nThreads:\t3\n";
        assert_eq!(status_field(status, "VmSize"), Some(123_456 * 1024));
        assert_eq!(status_field(status, "Threads"), Some(3));
        assert_eq!(status_field(status, "VmRSS"), None);
    }

    #[test]
    fn a_failed_allocation_is_an_error_not_an_abort() {
        let e = filled(
            usize::MAX / 8,
            [0u16; 4],
            6,
            15,
            Request::Read(Kind::Cubeful),
        )
        .unwrap_err();
        assert_eq!(e.requests, [Request::Read(Kind::Cubeful)], "{e}");
        assert!(
            e.to_string()
                .contains("reading a 6x15 gnubg cubeful file needs"),
            "{e}"
        );
        assert_eq!(
            filled(3, 7u8, 1, 1, Request::Read(Kind::Cubeless)).unwrap(),
            [7, 7, 7]
        );
    }
}
