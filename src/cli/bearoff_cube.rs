//! `bgw bearoff cube-errors DB`: the race formulas and the one-sided database's cube rule
//! against the exact cubeful verdict of every pair of a cubeful two-sided database — how often
//! each gets the initial double, the redouble and the take wrong, and what it costs.

use super::progress::Progress;
use super::{CliError, interrupt, print, shown};
use bgw_engine::bearoff::one_sided::build;
use bgw_engine::bearoff::two_sided::{self, Kind, TwoSidedChances};
use bgw_engine::studies::one_sided_vs_exact::{
    CubeErrors, CubeErrorsError, Decisions, REPORTED, ReportedDecision, RuleErrors,
    cube_error_bands, cube_errors,
};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw bearoff cube-errors`.
#[derive(clap::Args)]
pub struct Args {
    /// A cubeful two-sided database: a gnubg two-sided .bd file written without -C
    /// (`bgw bearoff build --two-sided PxC`), or PxC (e.g. 6x6) to build one in memory.
    db: PathBuf,
    /// Print the whole study as JSON (with every pip count and checker count).
    #[arg(long)]
    json: bool,
    /// How many of the worst pairs to list for each rule.
    #[arg(long, default_value_t = 10)]
    worst: usize,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// The most worst pairs listed.
const MAX_WORST: usize = 10_000;

/// Runs `bgw bearoff cube-errors`.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    super::in_range("--worst", args.worst, 0, MAX_WORST)?;
    refuse_cubeless(&args.db)?;
    let db = super::bearoff_errors::load_kind(&args.db, args.quiet, true, Kind::Cubeful)?;
    let points = db.points();
    let one_sided = build::<f64>(points, &interrupt::task())?;
    let task = interrupt::task();
    let mut progress = Progress::new(
        format!("cube errors of {points}x{}", db.checkers()),
        &task,
        args.quiet,
    );
    let start = std::time::Instant::now();
    let study = cube_errors(&db, &one_sided, args.worst, &task).map_err(|e| match e {
        CubeErrorsError::Cancelled => CliError::interrupted("interrupted: no cube errors"),
        e => CliError::failed(format!("{}: {e}", shown(&args.db))),
    })?;
    progress.finish();
    if args.json {
        print(&format!("{}\n", serde_json::to_string_pretty(&study)?))?;
    } else {
        print(&text(&study, start.elapsed().as_secs_f64()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A file whose header says cubeless is refused before it is read.
fn refuse_cubeless(spec: &std::path::Path) -> Result<(), CliError> {
    if !spec.is_file() {
        return Ok(());
    }
    match two_sided::read_header(spec) {
        Ok(h) if !h.cubeful => Err(CliError::failed(format!(
            "{}: {}",
            shown(spec),
            CubeErrorsError::NotCubeful(h.kind())
        ))),
        // Other problems are the reader's to report.
        _ => Ok(()),
    }
}

/// Thousandths of the stake.
fn milli(equity: f64) -> f64 {
    1000.0 * equity
}

/// The text report.
fn text(s: &CubeErrors, seconds: f64) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Cube errors against the cubeful two-sided database {}x{}: {} positions a side, {} pairs with both sides on the board ({seconds:.1} s)",
        s.points, s.checkers, s.positions, s.pairs
    );
    let _ = writeln!(
        o,
        "Money play, no gammons. A decision is wrong when the rule's answer costs equity against the exact verdict; \
         costs in thousandths of the stake before the double."
    );
    let share = |k: u64| 100.0 * k as f64 / s.pairs.max(1) as f64;
    for (name, a) in [("centred", &s.exact_centred), ("owned", &s.exact_owned)] {
        let _ = writeln!(
            o,
            "Exact actions, cube {name}: no double {:.2} %, double/take {:.2} %, double/pass {:.2} %",
            share(a.no_double),
            share(a.double_take),
            share(a.double_pass)
        );
    }
    for d in &REPORTED {
        overall(&mut o, s, d);
    }
    for d in &REPORTED {
        let title = format!("{} by the pips of the side on roll", d.title);
        by(&mut o, s, &title, ("pips", 10), d, |r| &r.by_pips);
    }
    for d in &REPORTED {
        let title = format!("{} by the checkers of both sides", d.title);
        by(&mut o, s, &title, ("checkers", 5), d, |r| &r.by_checkers);
    }
    for r in &s.rules {
        worst(&mut o, r);
    }
    o
}

/// One decision's table over every pair.
fn overall(o: &mut String, s: &CubeErrors, d: &ReportedDecision) {
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{} ({} decisions)",
        d.title,
        (d.pick)(&s.rules[0].overall).decisions
    );
    let _ = writeln!(
        o,
        "  rule          wrong   wrongly {:7} wrongly {:7} cost when wrong   per pair   largest",
        d.yes, d.no
    );
    for r in &s.rules {
        let e = (d.pick)(&r.overall);
        let _ = writeln!(
            o,
            "  {:10} {:7.3} %  {:13} {:14} {:14.2} {:10.4} {:9.1}",
            r.rule.name(),
            e.wrong_percent(),
            e.wrong_yes,
            e.wrong_no,
            milli(e.mean_cost_when_wrong),
            milli(e.cost_per_decision),
            milli(e.largest)
        );
    }
}

/// A table of bands of `width` (rows) by rules (columns): wrong % and the cost per pair.
fn by(
    o: &mut String,
    s: &CubeErrors,
    title: &str,
    (unit, width): (&str, usize),
    d: &ReportedDecision,
    rows_of: impl Fn(&RuleErrors) -> &[Decisions],
) {
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{title}: wrong % (cost per pair, thousandths of the stake)"
    );
    let mut head = format!("  {unit:9} {:>10}", "pairs");
    for r in &s.rules {
        let _ = write!(head, "  {:>16}", r.rule.name());
    }
    let _ = writeln!(o, "{head}");
    let columns: Vec<_> = s
        .rules
        .iter()
        .map(|r| cube_error_bands(rows_of(r), width, d.pick))
        .collect();
    let Some(first) = columns.first() else {
        return;
    };
    for (row, (band, e)) in first.iter().enumerate() {
        let range = format!("{band}-{}", band + width - 1);
        let mut line = format!("  {range:9} {:10}", e.decisions);
        for col in &columns {
            let e = &col[row].1;
            let cell = format!(
                "{:.2} ({:.3})",
                e.wrong_percent(),
                milli(e.cost_per_decision)
            );
            let _ = write!(line, "  {cell:>16}");
        }
        let _ = writeln!(o, "{line}");
    }
}

/// A rule's worst pairs.
fn worst(o: &mut String, r: &RuleErrors) {
    if r.worst.is_empty() {
        return;
    }
    let _ = writeln!(o);
    let _ = writeln!(o, "{}: the worst pairs", r.rule.name());
    let _ = writeln!(
        o,
        "  Position ID       pips     checkers  decision        answer     right            no double  double/take   cost"
    );
    for w in &r.worst {
        let answer = w.answer_name();
        let _ = writeln!(
            o,
            "  {:16} {:3} v {:3}  {:2} v {:2}   {:15} {:10} {:16} {:+9.4} {:+12.4} {:6.1}",
            w.position_id,
            w.pips[0],
            w.pips[1],
            w.checkers[0],
            w.checkers[1],
            w.decision.name(),
            answer,
            w.exact.action().name(),
            w.exact.no_double,
            w.exact.double_take,
            milli(w.cost)
        );
    }
}
