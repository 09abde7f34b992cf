//! `bgw bearoff build --two-sided PxC`, and `info` / `dump` of two-sided files (gnubg's
//! `makebearoff -t` files included).

use super::progress::Progress;
use super::{CliError, eprint, interrupt, print, shown};
use bgw_engine::bearoff::one_sided;
use bgw_engine::io::lock_file::Lock;

use bgw_engine::bearoff::two_sided::{
    self, Checkpoint, CubefulEquities, Header, Kind, MAX_CHECKERS, MAX_POINTS, Request,
    TwoSidedChances, TwoSidedDb, TwoSidedError, build,
};
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// `PxC`: points (1–6) and checkers (1–15).
pub fn parse_size(text: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::usage(format!(
            "--two-sided '{text}': give points x checkers, 1-{MAX_POINTS} x 1-{MAX_CHECKERS} \
             (e.g. 6x15)"
        ))
    };
    let (p, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (p, c): (usize, usize) = (
        p.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    );
    if !(1..=MAX_POINTS).contains(&p) || !(1..=MAX_CHECKERS).contains(&c) {
        return Err(bad());
    }
    Ok((p, c))
}

fn in_file(path: &Path) -> impl Fn(TwoSidedError) -> CliError + '_ {
    move |e| match e {
        TwoSidedError::Cancelled => CliError::interrupted(format!(
            "interrupted: {} not written; --resume continues from the last finished pip level",
            shown(path)
        )),
        // About the request, not the file.
        e @ TwoSidedError::Memory(_) => CliError::failed(e.to_string()),
        e => CliError::failed(format!("{}: {e}", shown(path))),
    }
}

/// Builds a two-sided file of gnubg's arithmetic, checkpointing each pip level beside `out`.
pub fn build_file(
    size: &str,
    cubeless: bool,
    out: &Path,
    quiet: bool,
    resume: bool,
) -> Result<ExitCode, CliError> {
    let (points, checkers) = parse_size(size)?;
    let kind = if cubeless {
        Kind::Cubeless
    } else {
        Kind::Cubeful
    };
    // Fail before a long build, not after it, and before anything is written.
    two_sided::check_memory(points, checkers, &[Request::Build(kind)])
        .map_err(|s| in_file(out)(s.into()))?;
    super::check_writable(out)?;
    // One build of a target at a time: the lock is held to the end and its file removed when
    // `lock` is dropped, on every return (a killed run leaves a file no one holds: harmless).
    let lock_path = Lock::path_for(out);
    let lock = match Lock::try_acquire(&lock_path) {
        Ok(Some(lock)) => lock,
        Ok(None) => {
            return Err(CliError::failed(format!(
                "another build is writing {} (lock {} held)",
                shown(out),
                shown(&lock_path)
            )));
        }
        Err(e) => return Err(CliError::failed(format!("{}: {e}", shown(&lock_path)))),
    };
    let cp_path = Checkpoint::path_for(out);
    let mut cp =
        Checkpoint::open(&cp_path, points, checkers, kind, resume).map_err(in_file(&cp_path))?;
    let task = interrupt::task();
    let mut progress = Progress::new(
        format!("building {points}x{checkers} two-sided ({})", kind.name()),
        &task,
        quiet,
    );
    if cp.dropped() > 0 {
        let after = match cp.last_level() {
            0 => "its header".to_string(),
            level => format!("pip level {level}"),
        };
        progress.println(&format!(
            "dropped the damaged end of {} ({} bytes after {after}: a record cut or corrupt); \
             its levels are built again",
            shown(&cp_path),
            cp.dropped(),
        ));
    }
    if cp.last_level() > 0 {
        progress.println(&format!(
            "resuming {} after pip level {}",
            shown(&cp_path),
            cp.last_level()
        ));
    }
    let start = std::time::Instant::now();
    let db = match build(points, checkers, kind, &task, Some(&mut cp)) {
        Ok(db) => db,
        Err(e) => {
            // A table that could not be allocated: its checkpoint, without a finished level,
            // holds nothing to resume from and goes.
            if matches!(e, TwoSidedError::Memory(_)) && cp.last_level() == 0 {
                let _ = cp.remove();
            }
            return Err(in_file(out)(e));
        }
    };
    let built = start.elapsed().as_secs_f64();
    progress.finish();
    two_sided::write_atomic(&db, out).map_err(in_file(out))?;
    cp.remove().map_err(in_file(&cp_path))?;
    drop(lock);
    if !quiet {
        let size = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
        eprint(&format!(
            "wrote {} ({size} bytes): built in {built:.2} s, {:.2} s in all\n",
            shown(out),
            start.elapsed().as_secs_f64()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// `bgw bearoff info --json` of a two-sided file.
#[derive(serde::Serialize)]
struct InfoJson {
    file: String,
    two_sided: bool,
    points: usize,
    checkers: usize,
    positions: u32,
    pairs: u64,
    cubeful: bool,
    bytes: u64,
    /// The cubeless chance of the last position (all checkers on the highest point) on roll
    /// against itself.
    last_win: f64,
}

/// What a two-sided file holds.
pub fn info(path: &Path, json: bool) -> Result<ExitCode, CliError> {
    let db = TwoSidedDb::read(path).map_err(in_file(path))?;
    let header = two_sided::header_of(&db).map_err(in_file(path))?;
    let n = db.positions();
    let last = db.win(n - 1, n - 1);
    if json {
        let info = InfoJson {
            file: path.display().to_string(),
            two_sided: true,
            points: header.points,
            checkers: header.checkers,
            positions: n,
            pairs: n as u64 * n as u64,
            cubeful: header.cubeful,
            bytes: header.file_len(),
            last_win: last,
        };
        print(&format!("{}\n", serde_json::to_string_pretty(&info)?))?;
        return Ok(ExitCode::SUCCESS);
    }
    let Header {
        points, checkers, ..
    } = header;
    let mut text = format!("{}\n", shown(path));
    let _ = writeln!(
        text,
        "  gnubg two-sided bear-off database, up to {checkers} checkers a side on {points} points"
    );
    let _ = writeln!(
        text,
        "  positions        {n} a side, {} pairs",
        n as u64 * n as u64
    );
    let _ = writeln!(
        text,
        "  equities         {}",
        if header.cubeful {
            "cubeless and cubeful (on roll owns the cube, centred, the other side owns it)"
        } else {
            "cubeless only"
        }
    );
    let _ = writeln!(text, "  size             {} bytes", header.file_len());
    let _ = writeln!(
        text,
        "  last pair        {checkers} on point {points} a side: the side on roll wins {:.4} %",
        100.0 * last
    );
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// `bgw bearoff dump --json` of a pair.
#[derive(serde::Serialize)]
struct DumpJson {
    points: usize,
    checkers: usize,
    on_roll: SideJson,
    other: SideJson,
    /// The chance the side on roll bears off first.
    win: f64,
    /// gnubg's stored word (equity + 1) × 32767.5.
    word: u16,
    cubeful: Option<CubefulEquities>,
}

#[derive(serde::Serialize)]
struct SideJson {
    index: u32,
    /// Checkers on points 1, 2, … (ace point first).
    counts: Vec<u8>,
    pips: u32,
}

/// One pair of a two-sided file: two `--counts` or two `--index` (the side on roll first).
pub fn dump(
    path: &Path,
    counts: &[String],
    indices: &[u32],
    json: bool,
) -> Result<ExitCode, CliError> {
    if counts.len() + indices.len() != 2 {
        return Err(CliError::usage(
            "a two-sided file needs a pair: --counts twice or --index twice (the side on roll \
             first)",
        ));
    }
    let db = TwoSidedDb::read(path).map_err(in_file(path))?;
    let pick = |k: usize| {
        super::bearoff_side::side_index(
            counts.get(k).map(String::as_str),
            indices.get(k).copied(),
            db.points(),
            db.checkers(),
        )
    };
    let (x, y) = (pick(0)?, pick(1)?);
    let points = db.points();
    let side = |i: u32| {
        let c = one_sided::counts(i, points);
        SideJson {
            index: i,
            counts: c[1..=points].to_vec(),
            pips: one_sided::pips(&c, points),
        }
    };
    let dump = DumpJson {
        points,
        checkers: db.checkers(),
        on_roll: side(x),
        other: side(y),
        win: db.win(x, y),
        word: db.word(x, y).unwrap_or(0),
        cubeful: db.cubeful(x, y),
    };
    if json {
        print(&format!("{}\n", serde_json::to_string_pretty(&dump)?))?;
        return Ok(ExitCode::SUCCESS);
    }
    let list = |s: &SideJson| {
        let parts: Vec<String> = s.counts.iter().map(u8::to_string).collect();
        format!(
            "index {:6}: checkers on points 1-{points}: {} ({} pips)",
            s.index,
            parts.join(","),
            s.pips
        )
    };
    let mut text = format!(
        "on roll  {}\nother    {}\n",
        list(&dump.on_roll),
        list(&dump.other)
    );
    let _ = writeln!(
        text,
        "the side on roll bears off first: {:.6} ({:.4} %), word {}",
        dump.win,
        100.0 * dump.win,
        dump.word
    );
    if let Some(e) = dump.cubeful {
        let _ = writeln!(
            text,
            "equity   cubeless {:+.5}   owns the cube {:+.5}   centred {:+.5}   other side owns \
             it {:+.5}",
            e.cubeless, e.owned, e.centred, e.opponent_owns
        );
    }
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}
