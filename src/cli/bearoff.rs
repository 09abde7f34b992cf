//! `bgw bearoff`: one-sided bear-off databases — analyse a race, build gnubg files, look inside
//! them.

use super::bearoff_two_sided as two_sided;
use super::progress::Progress;
use super::{CliError, eprint, in_range, interrupt, print, shown};
use bgw_engine::bearoff::one_sided::{
    self, BdContents, BuildError, Database, HEADER_LEN, Header, Prob, ROLLS, build, build_moments,
    build_within,
};
use bgw_engine::core::formats::read_position;
use bgw_engine::io::user_file;
use bgw_engine::studies::race::{
    self, Analysis, CubeDecisions, ErrorMeasures, Form, ONE_SIDED_CUBE_EFFICIENCY, RaceCount,
    SideReport, build_2002, seed_printed_moments,
};
use std::fmt::Write as _;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw bearoff`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    action: Option<Action>,
    /// A gnubg Position ID (or PositionID:MatchID) of a no-contact race to analyse.
    position: Option<String>,
    /// Database size in points (default: the smallest covering both sides, at most 10).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=12))]
    points: Option<u8>,
    /// How the databases are computed: exact (f64), gnubg (today's gnubg, integer), or 2002
    /// (the generator behind seed 001's tables).
    #[arg(long, value_enum, default_value = "exact")]
    rule: Rule,
    /// Games in the one-sided rollout (at most 10,000,000).
    #[arg(long, default_value_t = 10_000)]
    games: u32,
    /// Seed of the rollout's dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// No progress on stderr (the build of a database of 8 points or more).
    #[arg(long)]
    quiet: bool,
    /// The best play of this roll by the exact two-sided chance (`63`, `6-3`).
    #[arg(long)]
    dice: Option<bgw_engine::core::dice::Dice>,
    /// A two-sided database for the exact chance: a gnubg two-sided .bd file, or PxC (e.g.
    /// 6x6) to build one in memory (default: the on-the-fly solver, for small positions).
    #[arg(long, value_name = "FILE")]
    two_sided: Option<PathBuf>,
}

/// The arithmetic and move rule of a database.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Rule {
    /// Exact probabilities (f64).
    Exact,
    /// gnubg's integer arithmetic and tie rule (its files bit for bit).
    Gnubg,
    /// gnubg's October 2002 rule: one play for both distributions, coarse key.
    #[value(name = "2002")]
    Seed2002,
}

impl Rule {
    fn name(self) -> &'static str {
        match self {
            Rule::Exact => "exact",
            Rule::Gnubg => "gnubg-compatible",
            Rule::Seed2002 => "2002 rule",
        }
    }
}

/// `bgw bearoff <ID> --json`.
#[derive(serde::Serialize)]
struct AnalysisJson<'a> {
    points: usize,
    rule: &'static str,
    win_exact: Option<f64>,
    /// The density formula's value (the seed's form), which can leave 0–1.
    win_normal: Option<f64>,
    /// It clamped to 0–1.
    win_normal_chance: Option<f64>,
    /// False when the formula left 0–1.
    win_normal_in_range: Option<bool>,
    win_interval: Option<f64>,
    win_rollout: Option<f64>,
    win_rollout_stderr: Option<f64>,
    rollout_games: Option<u32>,
    rollout_seed: Option<u64>,
    win_gammon: Option<f64>,
    lose_gammon: Option<f64>,
    on_roll: SideJson<'a>,
    opponent: SideJson<'a>,
    race: &'a [RaceCount],
    one_sided_cube: Option<CubeDecisions>,
    #[serde(flatten)]
    study: super::bearoff_exact::StudyJson<'a>,
}

/// One side of the analysis in JSON: its figures, or why it is out of range.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum SideJson<'a> {
    Report(SideReportJson<'a>),
    OutOfRange { out_of_range: String },
}

impl<'a> SideJson<'a> {
    fn of(s: &'a Option<SideReport>, why: impl FnOnce() -> String) -> Self {
        match s {
            Some(s) => SideJson::Report(SideReportJson::of(s)),
            None => SideJson::OutOfRange {
                out_of_range: why(),
            },
        }
    }
}

/// A side's figures, the moments at the top level.
#[derive(serde::Serialize)]
struct SideReportJson<'a> {
    pips: u32,
    index: u32,
    mean: f64,
    sd: f64,
    gammon_mean: f64,
    gammon_sd: f64,
    epc: f64,
    wastage: f64,
    dist: &'a [f64; ROLLS],
    dist_normal: &'a [f64; ROLLS],
    gammon: &'a [f64; ROLLS],
    gammon_normal: &'a [f64; ROLLS],
    dist_interval: &'a [f64; ROLLS],
    gammon_interval: &'a [f64; ROLLS],
    errors_normal: ErrorMeasures,
    errors_interval: ErrorMeasures,
}

impl<'a> SideReportJson<'a> {
    fn of(s: &'a SideReport) -> Self {
        SideReportJson {
            pips: s.pips,
            index: s.index,
            mean: s.moments.mean,
            sd: s.moments.sd,
            gammon_mean: s.moments.gammon_mean,
            gammon_sd: s.moments.gammon_sd,
            epc: s.epc,
            wastage: s.wastage,
            dist: &s.dist,
            dist_normal: &s.dist_normal,
            gammon: &s.gammon,
            gammon_normal: &s.gammon_normal,
            dist_interval: &s.dist_interval,
            gammon_interval: &s.gammon_interval,
            errors_normal: s.errors_normal,
            errors_interval: s.errors_interval,
        }
    }
}

/// `bgw bearoff info --json`.
#[derive(serde::Serialize)]
struct InfoJson {
    file: String,
    points: usize,
    positions: u32,
    /// "compressed", "uncompressed" or "normal".
    layout: &'static str,
    gammon: bool,
    bytes: u64,
    /// Distributions that sum to 65535 and those that do not (null in a normal file).
    distributions_ok: Option<u32>,
    distributions_bad: Option<u32>,
    /// Moments of the last position (all 15 on the highest point).
    last_mean: f64,
    last_sd: f64,
}

/// `bgw bearoff dump --json`.
#[derive(serde::Serialize)]
struct DumpJson {
    index: u32,
    points: usize,
    /// Checkers on points 1, 2, … (ace point first).
    counts: Vec<u8>,
    pips: u32,
    mean: f64,
    sd: f64,
    gammon_mean: f64,
    gammon_sd: f64,
    /// P(all off in k rolls), k = 0 … 31 (normal densities in a normal file).
    off: Vec<f64>,
    /// P(first checker off in k rolls).
    first_off: Vec<f64>,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Build a gnubg one-sided database file (gnubg-compatible arithmetic), or with
    /// --two-sided a gnubg two-sided one.
    Build {
        /// Points, 1-13 (1-15 with --normal).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=15), required_unless_present = "two_sided")]
        points: Option<u8>,
        /// A two-sided database of P points and up to C checkers a side, PxC (P ≤ 6, C ≤ 15),
        /// as gnubg's `makebearoff -t PxC` writes it.
        #[arg(long, value_name = "PxC", conflicts_with_all = ["points", "uncompressed", "normal"])]
        two_sided: Option<String>,
        /// With --two-sided: the cubeless equities only (`makebearoff -C`).
        // Both flags conflict with --points too: clap drops the requirement of --two-sided when
        // --points, which conflicts with it, is given.
        #[arg(long, requires = "two_sided", conflicts_with = "points")]
        cubeless: bool,
        /// With --two-sided: continue the build stopped earlier from its checkpoint (OUT.resume).
        #[arg(long, requires = "two_sided", conflicts_with = "points")]
        resume: bool,
        /// The file to write (replaced atomically).
        #[arg(long)]
        out: PathBuf,
        /// Uncompressed layout (32 + 32 values a position).
        #[arg(long, conflicts_with = "normal")]
        uncompressed: bool,
        /// Normal-approximation file: mean and sd of both distributions (moment recursion).
        #[arg(long)]
        normal: bool,
        /// No progress on stderr, no closing line.
        #[arg(long)]
        quiet: bool,
    },
    /// What a one-sided or two-sided database file holds.
    Info {
        /// A gnubg one-sided or two-sided .bd file.
        file: PathBuf,
        /// Print one JSON object instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// The error map: every pair of a two-sided database against the one-sided methods.
    Errors(super::bearoff_errors::Args),
    /// The race formulas' and the one-sided database's cube verdicts against the exact
    /// cubeful verdict of every pair of a cubeful two-sided database.
    CubeErrors(super::bearoff_cube::Args),
    /// One position of a one-sided database file, or one pair of a two-sided one.
    Dump {
        /// A gnubg one-sided or two-sided .bd file.
        file: PathBuf,
        /// Checkers on points 1, 2, … (ace point first), comma separated; twice for a
        /// two-sided file (the side on roll first).
        #[arg(long, conflicts_with = "index")]
        counts: Vec<String>,
        /// The gnubg index of the position; twice for a two-sided file.
        #[arg(long)]
        index: Vec<u32>,
        /// Print one JSON object instead of the table.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `bgw bearoff`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.action {
        Some(Action::Build {
            points,
            two_sided,
            cubeless,
            resume,
            out,
            uncompressed,
            normal,
            quiet,
        }) => match (two_sided, points) {
            (Some(size), _) => two_sided::build_file(&size, cubeless, &out, quiet, resume),
            (None, Some(points)) => build_file(points as usize, &out, uncompressed, normal, quiet),
            (None, None) => Err(CliError::usage("give --points or --two-sided")),
        },
        Some(Action::Info { file, json }) if is_two_sided(&file) => two_sided::info(&file, json),
        Some(Action::Info { file, json }) => info(&file, json),
        Some(Action::Errors(args)) => super::bearoff_errors::run(&args),
        Some(Action::CubeErrors(args)) => super::bearoff_cube::run(&args),
        Some(Action::Dump {
            file,
            counts,
            index,
            json,
        }) if is_two_sided(&file) => two_sided::dump(&file, &counts, &index, json),
        Some(Action::Dump {
            file,
            counts,
            index,
            json,
        }) => {
            if counts.len() > 1 || index.len() > 1 {
                // The complaint is about the file's kind: a file that is no bear-off file at
                // all (empty, truncated) is that file's problem, said first.
                read_file(&file)?;
                return Err(CliError::usage(
                    "a one-sided file has one position: give --counts or --index once",
                ));
            }
            dump(
                &file,
                counts.first().map(String::as_str),
                index.first().copied(),
                json,
            )
        }
        None => {
            let Some(text) = args.position.as_deref() else {
                return Err(CliError::usage(
                    "give a Position ID to analyse, or one of: build, info, errors, cube-errors, dump",
                ));
            };
            analyse(text, &args)
        }
    }
}

/// Whether `file` starts with a two-sided header (`gnubg-TS`); anything unreadable is left to
/// the one-sided reader's errors.
fn is_two_sided(file: &std::path::Path) -> bool {
    let Ok((opened, _)) = user_file::open_regular(file) else {
        return false;
    };
    let mut head = Vec::with_capacity(8);
    opened.take(8).read_to_end(&mut head).is_ok()
        && bgw_engine::bearoff::two_sided::is_two_sided(&head)
}

/// The most games of the one-sided rollout.
const MAX_ROLLOUT_GAMES: u32 = 10_000_000;

fn analyse(text: &str, args: &Args) -> Result<ExitCode, CliError> {
    in_range("--games", args.games, 0, MAX_ROLLOUT_GAMES)?;
    let pos = read_position(text)?;
    let two_sided = match &args.two_sided {
        Some(spec) => Some(super::bearoff_errors::load(
            spec,
            args.quiet || args.json,
            false,
        )?),
        None => None,
    };
    let limit = args.points.map_or(10, |p| p as usize);
    let needed = race::points_needed(&pos, limit)?;
    let points = args
        .points
        .map(|p| p as usize)
        .unwrap_or_else(|| needed.iter().flatten().copied().max().unwrap_or(1));
    let task = interrupt::task();
    let mut progress = Progress::new(
        format!("building the {points}-point database"),
        &task,
        points < 8 || args.json || args.quiet,
    );
    // Only the positions the two sides can reach are built.
    let targets = race::targets(&pos, &needed, points);
    let mut seed_printed = None;
    let a = match args.rule {
        Rule::Exact => {
            let db = build_within::<f64>(points, &targets, &task)?;
            race::analyse(&pos, &db, limit, args.games, args.seed)?
        }
        Rule::Gnubg => {
            let db = build_within::<u16>(points, &targets, &task)?;
            race::analyse(&pos, &db, limit, args.games, args.seed)?
        }
        Rule::Seed2002 => {
            let db = build_2002(points, &targets, &task)?;
            let a = race::analyse(&pos, &db, limit, args.games, args.seed)?;
            let printed = |s: &Option<SideReport>| {
                s.as_ref().map(|s| {
                    let (m, v) = seed_printed_moments(&db.dist(s.index));
                    let (gm, gv) = seed_printed_moments(&db.gammon(s.index));
                    [m, v, gm, gv]
                })
            };
            seed_printed = Some((printed(&a.on_roll), printed(&a.opponent)));
            a
        }
    };
    progress.finish();
    let study = super::bearoff_exact::study(&pos, &a, args.dice, two_sided.as_ref())?;
    let out_of_range = |side: usize| {
        let [opp, me] = pos.sides();
        let s = if side == 0 { me } else { opp };
        format!(
            "out of range: a checker on point {} (databases here span at most {limit} points)",
            race::highest_point(&s)
        )
    };
    if args.json {
        let json = AnalysisJson {
            points: a.points,
            rule: args.rule.name(),
            win_exact: a.win_exact,
            win_normal: a.win_normal,
            win_normal_chance: a.normal_chance().map(|c| c.chance),
            win_normal_in_range: a.normal_chance().map(|c| c.in_range),
            win_interval: a.win_interval,
            win_rollout: a.rollout.map(|r| r.win),
            win_rollout_stderr: a.rollout.map(|r| r.stderr),
            rollout_games: a.rollout.map(|r| r.games),
            rollout_seed: a.rollout.map(|r| r.seed),
            win_gammon: a.win_gammon,
            lose_gammon: a.lose_gammon,
            on_roll: SideJson::of(&a.on_roll, || out_of_range(0)),
            opponent: SideJson::of(&a.opponent, || out_of_range(1)),
            race: &a.race,
            one_sided_cube: a.one_sided_cube,
            study: study.json(&a),
        };
        print(&format!("{}\n", serde_json::to_string_pretty(&json)?))?;
    } else {
        print(&table(&a, &out_of_range, args.rule.name()))?;
        print(&study.text(&a))?;
        if let Some((Some(p), Some(o))) = seed_printed {
            print(&format!(
                "\nAs the seed printed them (divided by 65565; \"Var.\" is a standard deviation):\n\
                 Mean  {:8.3} {:9.3}   {:8.3} {:9.3}\n\
                 Var.  {:8.3} {:9.3}   {:8.3} {:9.3}\n",
                p[0], o[0], p[2], o[2], p[1], o[1], p[3], o[3]
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The text report of an analysis.
fn table(a: &Analysis, out_of_range: &dyn Fn(usize) -> String, arith: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "One-sided bear-off database: {} points ({arith})",
        a.points
    );
    for (i, (name, s)) in [("Player on roll", &a.on_roll), ("Opponent", &a.opponent)]
        .into_iter()
        .enumerate()
    {
        match s {
            Some(s) => {
                let _ = writeln!(
                    o,
                    "{name:15} pips {:3}  index {:8}  EPC {:7.3}  wastage {:6.3}",
                    s.pips, s.index, s.epc, s.wastage
                );
            }
            None => {
                let _ = writeln!(o, "{name:15} {}", out_of_range(i));
            }
        }
    }
    let (Some(me), Some(opp)) = (&a.on_roll, &a.opponent) else {
        let _ = writeln!(o, "winning chances need both sides in range");
        race(&mut o, a);
        return o;
    };
    distributions(&mut o, me, opp);
    chances_lines(&mut o, a, (me, opp));
    race(&mut o, a);
    o
}

/// The two sides' distributions, roll by roll (exact and normal, bearing off and saving the
/// gammon), then their means and standard deviations.
fn distributions(o: &mut String, me: &SideReport, opp: &SideReport) {
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "        Bearing off (%)                       Bearing at least one checker off (%)"
    );
    let _ = writeln!(
        o,
        "Rolls   Player  normal  Opponent  normal       Player  normal  Opponent  normal"
    );
    let cols =
        |s: &SideReport, k: usize| [s.dist[k], s.dist_normal[k], s.gammon[k], s.gammon_normal[k]];
    for k in 0..ROLLS {
        let (x, y) = (cols(me, k), cols(opp, k));
        if x.iter().chain(&y).all(|&p| p < 5e-6) {
            continue;
        }
        let _ = writeln!(
            o,
            "{k:5} {:8.3} {:7.3} {:9.3} {:7.3}     {:8.3} {:7.3} {:9.3} {:7.3}",
            100.0 * x[0],
            100.0 * x[1],
            100.0 * y[0],
            100.0 * y[1],
            100.0 * x[2],
            100.0 * x[3],
            100.0 * y[2],
            100.0 * y[3]
        );
    }
    let _ = writeln!(o);
    let _ = writeln!(o, "        Bearing off          Saving gammon");
    let _ = writeln!(o, "        Player  Opponent     Player  Opponent");
    let _ = writeln!(
        o,
        "Mean  {:8.3} {:9.3}   {:8.3} {:9.3}",
        me.moments.mean, opp.moments.mean, me.moments.gammon_mean, opp.moments.gammon_mean
    );
    let _ = writeln!(
        o,
        "SD    {:8.3} {:9.3}   {:8.3} {:9.3}",
        me.moments.sd, opp.moments.sd, me.moments.gammon_sd, opp.moments.gammon_sd
    );
}

/// The winning chances (exact, normal, interval, rollout), the gammons and the normal
/// approximation's error.
fn chances_lines(o: &mut String, a: &Analysis, (me, opp): (&SideReport, &SideReport)) {
    let _ = writeln!(o);
    let pct = |p: Option<f64>| {
        p.map_or("-".to_string(), |p| {
            format!("{:.4} ({:.2} %)", p, 100.0 * p)
        })
    };
    let _ = writeln!(o, "Player on roll wins  exact     {}", pct(a.win_exact));
    let normal = a.normal_chance();
    let _ = writeln!(
        o,
        "                     normal    {}  (densities, the seed's form{})",
        pct(normal.map(|c| c.chance)),
        match normal {
            Some(c) if !c.in_range =>
                format!("; OUT OF RANGE: the formula gives {:.4}, clamped", c.value),
            _ => String::new(),
        }
    );
    let _ = writeln!(o, "                     interval  {}", pct(a.win_interval));
    if let Some(r) = a.rollout {
        let _ = writeln!(
            o,
            "                     rollout   {:.4} ± {:.4}  ({} games, seed {})",
            r.win, r.stderr, r.games, r.seed
        );
    }
    let _ = writeln!(
        o,
        "W(g) {}   L(g) {}",
        pct(a.win_gammon),
        pct(a.lose_gammon)
    );
    let _ = writeln!(
        o,
        "Normal approximation error (player / opponent): largest |Δp| {:.4} / {:.4}, total variation {:.4} / {:.4}, Δp(win) {:+.4}",
        me.errors_normal.max_abs,
        opp.errors_normal.max_abs,
        me.errors_normal.total_variation,
        opp.errors_normal.total_variation,
        normal.map_or(0.0, |c| c.chance) - a.win_exact.unwrap_or(0.0)
    );
    if let Some(why) = a.normal_out_of_range() {
        let _ = writeln!(o, "Note: {why}.");
    }
}

/// The race formulas' lines of the report.
fn race(o: &mut String, a: &Analysis) {
    let _ = writeln!(o);
    let _ = writeln!(o, "Race formulas (player on roll as the doubler):");
    for r in &a.race {
        let metric = match (r.name, r.metric) {
            ("Kleinman", Some(k)) => format!("K = {k:.3}, "),
            ("8-9-12", Some(l)) => format!("lead {l:+.1} %, "),
            (_, Some(p)) => format!("P = {p:.1}, "),
            _ => String::new(),
        };
        let win = r
            .win
            .map_or(String::new(), |w| format!(" (wins {:.1} %)", 100.0 * w));
        let _ = writeln!(
            o,
            "  {:9} {:7.1} v {:7.1}  {metric}{}{win}",
            r.name, r.on_roll, r.opponent, r.verdict
        );
    }
    if let (Some(cube), Some(p)) = (a.one_sided_cube, a.win_exact) {
        let _ = writeln!(
            o,
            "  {:9} wins {:.1} %: {}  (gnubg's 0-ply rule: Janowski, cube efficiency {})",
            "one-sided",
            100.0 * p,
            cube.advice().words(),
            ONE_SIDED_CUBE_EFFICIENCY
        );
    }
}

fn build_file(
    points: usize,
    out: &std::path::Path,
    uncompressed: bool,
    normal: bool,
    quiet: bool,
) -> Result<ExitCode, CliError> {
    if !normal && points > 13 {
        return Err(CliError::usage(format!(
            "full distributions are built for 1 to 13 points, not {points} (use --normal beyond)"
        )));
    }
    let task = interrupt::task();
    let mut progress = Progress::new(format!("building {points} points"), &task, quiet);
    // Fail before a long build, not after it.
    super::check_writable(out)?;
    let in_file = |e: one_sided::BdError| CliError::failed(format!("writing {}: {e}", shown(out)));
    let stopped = |e: BuildError| match e {
        BuildError::Cancelled => {
            CliError::interrupted(format!("interrupted: {} not written", shown(out)))
        }
        e => e.into(),
    };
    let start = std::time::Instant::now();
    if normal {
        let db = build_moments(points, &task).map_err(stopped)?;
        one_sided::write_atomic(out, |w| one_sided::write_normal(&db, w)).map_err(in_file)?;
    } else {
        let db = build::<u16>(points, &task).map_err(stopped)?;
        one_sided::write_atomic(out, |w| one_sided::write(&db, !uncompressed, w))
            .map_err(in_file)?;
    }
    progress.finish();
    if quiet {
        return Ok(ExitCode::SUCCESS);
    }
    let size = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    eprint(&format!(
        "wrote {} ({size} bytes) in {:.2} s\n",
        shown(out),
        start.elapsed().as_secs_f64()
    ));
    Ok(ExitCode::SUCCESS)
}

fn read_file(file: &std::path::Path) -> Result<BdContents, CliError> {
    one_sided::read(file).map_err(|e| CliError::failed(format!("{}: {e}", shown(file))))
}

fn info(file: &std::path::Path, json: bool) -> Result<ExitCode, CliError> {
    let at = |e: &dyn std::fmt::Display| CliError::failed(format!("{}: {e}", shown(file)));
    // Only the header is read here (a FIFO or a device refused before it is opened); the
    // checked reader of the database reads the rest.
    let (opened, size) = user_file::open_regular(file).map_err(|e| at(&e))?;
    let mut head = Vec::with_capacity(HEADER_LEN);
    opened
        .take(HEADER_LEN as u64)
        .read_to_end(&mut head)
        .map_err(|e| at(&e))?;
    let header = Header::parse(&head).map_err(|e| at(&e))?;
    let contents = read_file(file)?;
    let n = one_sided::positions(header.points);
    let sums = match &contents {
        BdContents::Distributions(db) => {
            let bad = (0..n)
                .filter(|&i| db.dist(i).iter().map(|&v| v as u32).sum::<u32>() != 65535)
                .count() as u32;
            Some((n - bad, bad))
        }
        BdContents::Normal(_) => None,
    };
    let last = one_sided::moments_of(&contents, n - 1);
    let layout = if header.normal {
        "normal"
    } else if header.compressed {
        "compressed"
    } else {
        "uncompressed"
    };
    if json {
        let info = InfoJson {
            file: file.display().to_string(),
            points: header.points,
            positions: n,
            layout,
            gammon: header.gammon,
            bytes: size,
            distributions_ok: sums.map(|s| s.0),
            distributions_bad: sums.map(|s| s.1),
            last_mean: last.mean,
            last_sd: last.sd,
        };
        print(&format!("{}\n", serde_json::to_string_pretty(&info)?))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = format!("{}\n", shown(file));
    let _ = writeln!(
        text,
        "  gnubg one-sided bear-off database, 15 checkers on {} points",
        header.points
    );
    let _ = writeln!(text, "  positions        {n}");
    let _ = writeln!(
        text,
        "  layout           {}",
        if header.normal {
            "normal approximation (mean, sd, gammon mean, gammon sd as f32)"
        } else {
            layout
        }
    );
    let _ = writeln!(
        text,
        "  gammon           {}",
        if header.gammon { "yes" } else { "no" }
    );
    let _ = writeln!(text, "  size             {size} bytes");
    if let Some((ok, bad)) = sums {
        let _ = writeln!(
            text,
            "  distributions    {ok} sum to 65535{}",
            if bad > 0 {
                format!(", {bad} do not")
            } else {
                String::new()
            }
        );
    }
    let _ = writeln!(
        text,
        "  last position    all 15 on point {}: mean {:.4} rolls, sd {:.4}",
        header.points, last.mean, last.sd
    );
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

fn dump(
    file: &std::path::Path,
    counts: Option<&str>,
    idx: Option<u32>,
    json: bool,
) -> Result<ExitCode, CliError> {
    let contents = read_file(file)?;
    let points = match &contents {
        BdContents::Distributions(db) => db.points(),
        BdContents::Normal(m) => m.points(),
    };
    let idx = super::bearoff_side::side_index(counts, idx, points, one_sided::CHECKERS)?;
    let c = one_sided::counts(idx, points);
    let m = one_sided::moments_of(&contents, idx);
    // As gnubg reads a normal file: the normal density at each whole k.
    let (off, first_off): (Vec<f64>, Vec<f64>) = match &contents {
        BdContents::Distributions(db) => (db.dist_f64(idx).to_vec(), db.gammon_f64(idx).to_vec()),
        BdContents::Normal(_) => (
            race::approximate(m.mean, m.sd, Form::Density).to_vec(),
            race::approximate(m.gammon_mean, m.gammon_sd, Form::Density).to_vec(),
        ),
    };
    if json {
        let dump = DumpJson {
            index: idx,
            points,
            counts: c[1..=points].to_vec(),
            pips: one_sided::pips(&c, points),
            mean: m.mean,
            sd: m.sd,
            gammon_mean: m.gammon_mean,
            gammon_sd: m.gammon_sd,
            off,
            first_off,
        };
        print(&format!("{}\n", serde_json::to_string_pretty(&dump)?))?;
        return Ok(ExitCode::SUCCESS);
    }
    let list: Vec<String> = (1..=points).map(|p| c[p].to_string()).collect();
    let mut text = format!(
        "index {idx}: checkers on points 1-{points}: {}  ({} pips)\n",
        list.join(","),
        one_sided::pips(&c, points)
    );
    let _ = writeln!(
        text,
        "mean {:.4} sd {:.4}   gammon mean {:.4} sd {:.4}",
        m.mean, m.sd, m.gammon_mean, m.gammon_sd
    );
    match &contents {
        BdContents::Distributions(db) => dump_dist(&mut text, db, idx),
        BdContents::Normal(_) => {
            let _ = writeln!(text, "rolls  off % (density)   first off % (density)");
            for k in 0..ROLLS {
                if off[k] >= 5e-6 || first_off[k] >= 5e-6 {
                    let _ = writeln!(
                        text,
                        "{k:5}  {:16.3}   {:21.3}",
                        100.0 * off[k],
                        100.0 * first_off[k]
                    );
                }
            }
        }
    }
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

fn dump_dist<T: Prob>(text: &mut String, db: &Database<T>, idx: u32) {
    let (d, g) = (db.dist(idx), db.gammon(idx));
    let _ = writeln!(
        text,
        "rolls  off raw   off %     first off raw   first off %"
    );
    for k in 0..ROLLS {
        if d[k] == T::default() && g[k] == T::default() {
            continue;
        }
        let _ = writeln!(
            text,
            "{k:5}  {:7} {:8.3}     {:13} {:13.3}",
            format!("{:?}", d[k]),
            100.0 * d[k].to_f64(),
            format!("{:?}", g[k]),
            100.0 * g[k].to_f64()
        );
    }
}
