//! `bgw bearoff errors DB`: the error map of a two-sided database — how far the one-sided
//! method and the normal approximation are from the exact chance over every pair, and how much
//! the one-sided move and the seed's heuristic lose against the best play.

use super::progress::Progress;
use super::{CliError, interrupt, print, shown};
use bgw_engine::bearoff::one_sided::build;
use bgw_engine::bearoff::two_sided::{
    self, Kind, Request, TwoSidedChances, TwoSidedDb, TwoSidedError,
};
use bgw_engine::studies::one_sided_vs_exact::{ErrorMap, MethodErrors, Summary, error_map};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw bearoff errors`.
#[derive(clap::Args)]
pub struct Args {
    /// A two-sided database: a gnubg two-sided .bd file, or PxC (e.g. 6x6) to build one in
    /// memory.
    db: PathBuf,
    /// Print the whole map as JSON (with the by-pips and by-checkers tables and the histogram).
    #[arg(long)]
    json: bool,
    /// How many of the worst pairs to list for each method.
    #[arg(long, default_value_t = 10)]
    worst: usize,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// The most worst pairs listed.
const MAX_WORST: usize = 10_000;

/// Runs `bgw bearoff errors`.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    super::in_range("--worst", args.worst, 0, MAX_WORST)?;
    let db = load(&args.db, args.quiet, true)?;
    let points = db.points();
    let one_sided = build::<f64>(points, &interrupt::task())?;
    let task = interrupt::task();
    let mut progress = Progress::new(
        format!("error map of {points}x{}", db.checkers()),
        &task,
        args.quiet,
    );
    let start = std::time::Instant::now();
    let map = error_map(&db, &one_sided, args.worst, &task).map_err(|e| match e {
        bgw_engine::studies::one_sided_vs_exact::ErrorMapError::Cancelled => {
            CliError::interrupted("interrupted: no error map")
        }
        e => CliError::failed(e.to_string()),
    })?;
    progress.finish();
    if args.json {
        print(&format!("{}\n", serde_json::to_string_pretty(&map)?))?;
    } else {
        print(&text(&map, start.elapsed().as_secs_f64()))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn summary_line(name: &str, s: &Summary) -> String {
    format!(
        "  {name:16} mean {:+8.4}  RMS {:7.4}  largest {:+8.3}",
        s.mean, s.rms, s.largest
    )
}

/// Summaries of `width` consecutive rows merged, with the first row of each band; bands
/// without pairs left out.
fn bands(rows: &[Summary], width: usize) -> Vec<(usize, Summary)> {
    rows.chunks(width)
        .enumerate()
        .filter_map(|(i, chunk)| {
            let pairs: u64 = chunk.iter().map(|s| s.pairs).sum();
            let n = pairs as f64;
            let sum: f64 = chunk.iter().map(|s| s.mean * s.pairs as f64).sum();
            let sumsq: f64 = chunk.iter().map(|s| s.rms * s.rms * s.pairs as f64).sum();
            let largest = chunk
                .iter()
                .map(|s| s.largest)
                .fold(0.0, |a: f64, b| if b.abs() > a.abs() { b } else { a });
            (pairs > 0).then(|| {
                let s = Summary {
                    pairs,
                    mean: sum / n,
                    rms: (sumsq / n).sqrt(),
                    largest,
                };
                (i * width, s)
            })
        })
        .collect()
}

/// The text report.
fn text(map: &ErrorMap, seconds: f64) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Error map of the two-sided database {}x{}: {} positions a side, {} pairs with both sides on the board ({seconds:.1} s)",
        map.points, map.checkers, map.positions, map.pairs
    );
    let _ = writeln!(
        o,
        "Errors are the method's chance minus the exact two-sided one, in percentage points."
    );
    let _ = writeln!(o);
    for m in &map.methods {
        let _ = writeln!(o, "{}", summary_line(m.method.name(), &m.overall));
    }
    for note in map.methods.iter().filter_map(|m| m.outliers(map.pairs)) {
        let _ = writeln!(o, "  Note: {note}.");
    }
    for m in &map.methods {
        method(&mut o, m);
    }
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "Plays against the best by the exact chance, over every (pair, roll) with a choice:"
    );
    for p in &map.plays {
        let _ = writeln!(
            o,
            "  {:17} wrong in {} of {} ({:.3} %), mean loss {:.5} pp ({:.4} pp when wrong), {:.5} pp a turn",
            p.rule.name(),
            p.wrong,
            p.decisions,
            100.0 * p.wrong as f64 / p.decisions.max(1) as f64,
            p.mean_loss,
            p.mean_loss_when_wrong,
            p.loss_per_turn
        );
        if let Some(w) = &p.largest {
            let list = |c: &[u8]| c.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let _ = writeln!(
                o,
                "    largest loss {:.3} pp: {} rolling {}: plays to {} ({:.4}) instead of {} ({:.4})",
                w.loss,
                w.position_id,
                w.dice,
                list(&w.chosen),
                w.chance_chosen,
                list(&w.best),
                w.chance_best
            );
        }
    }
    o
}

/// One method's worst pairs and its errors by checkers.
fn method(o: &mut String, m: &MethodErrors) {
    let _ = writeln!(o);
    let _ = writeln!(o, "{}: the worst pairs", m.method.name());
    let _ = writeln!(
        o,
        "  Position ID       pips      checkers  exact    {:9}  error (pp)",
        "method"
    );
    for w in &m.worst {
        let _ = writeln!(
            o,
            "  {:16} {:3} v {:3}  {:2} v {:2}   {:.4}   {:.4}     {:+.3}",
            w.position_id,
            w.pips[0],
            w.pips[1],
            w.checkers[0],
            w.checkers[1],
            w.exact,
            w.approximate,
            w.error
        );
    }
    let _ = writeln!(o, "  by pips of both sides (10-pip bands):");
    for (band, s) in bands(&m.by_pips, 10) {
        let _ = writeln!(
            o,
            "{}",
            summary_line(&format!("  {band:3}-{:<3} pips", band + 9), &s)
        );
    }
    let _ = writeln!(o, "  by checkers of both sides:");
    for (c, s) in m
        .by_checkers
        .iter()
        .enumerate()
        .filter(|(_, s)| s.pairs > 0)
    {
        let _ = writeln!(o, "{}", summary_line(&format!("  {c:2} checkers"), s));
    }
}

/// A two-sided database by name: `PxC` is built in memory (exact, f64), anything else is read
/// as a gnubg two-sided file. With `map` its error map follows: the memory check before any
/// work counts it too.
pub fn load(spec: &std::path::Path, quiet: bool, map: bool) -> Result<TwoSidedDb, CliError> {
    load_kind(spec, quiet, map, Kind::Exact)
}

/// [`load`], building `PxC` in the arithmetic of `kind`. With `map` a study of the database
/// follows (the error map, or the cube errors, which keep less beside it).
pub fn load_kind(
    spec: &std::path::Path,
    quiet: bool,
    map: bool,
    kind: Kind,
) -> Result<TwoSidedDb, CliError> {
    let text = spec.to_string_lossy();
    let size = text
        .split_once('x')
        .and_then(|(p, c)| Some((p.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
    let with_map = |r: Request| {
        if map {
            vec![r, Request::ErrorMap]
        } else {
            vec![r]
        }
    };
    let Some((points, checkers)) = size.filter(|_| !spec.exists()) else {
        let in_file = |e| match e {
            TwoSidedError::Io(e) if e.kind() == std::io::ErrorKind::NotFound => {
                CliError::failed(format!(
                    "{}: no such file (or give PxC, e.g. 6x6, to build one)",
                    shown(spec)
                ))
            }
            e @ TwoSidedError::Memory(_) => CliError::failed(e.to_string()),
            e => CliError::failed(format!("{}: {e}", shown(spec))),
        };
        let h = two_sided::read_header(spec).map_err(in_file)?;
        two_sided::check_memory(h.points, h.checkers, &with_map(Request::Read(h.kind())))
            .map_err(|s| in_file(s.into()))?;
        return TwoSidedDb::read(spec).map_err(in_file);
    };
    if two_sided::check_size(points, checkers).is_ok() {
        two_sided::check_memory(points, checkers, &with_map(Request::Build(kind)))
            .map_err(|e| CliError::failed(e.to_string()))?;
    }
    let task = interrupt::task();
    let mut progress = Progress::new(format!("building the two-sided {text}"), &task, quiet);
    let db = TwoSidedDb::build(points, checkers, kind, &task).map_err(|e| match e {
        TwoSidedError::Cancelled => {
            CliError::interrupted("interrupted: the database was not built")
        }
        e @ TwoSidedError::Size { .. } => CliError::usage(e.to_string()),
        e => CliError::failed(e.to_string()),
    })?;
    progress.finish();
    Ok(db)
}
