//! `bgw benchmark`: players scored against GNU Backgammon's verdict on a benchmark of
//! decisions (by default the shipped one, built into the binary), and benchmarks built from
//! gnubg's self-play.

use super::{CliError, check_writable, in_range, interrupt, on_threads, print, progress, shown};
use bgw_engine::studies::benchmark::{
    self, Benchmark, BuildConfig, BuildError, Figures, HOLDOUT_NAME, JudgeConfig, MAX_PLIES,
    PLAY_NAME, PlayConfig, Report, SHIPPED_NAME, score,
};
use bgw_engine::studies::duel::Contender;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `bgw benchmark`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// A player's agreement with gnubg's best move and its mean equity loss, overall, by
    /// phase, and its ten worst decisions.
    Score(ScoreArgs),
    /// Decisions judged by gnubg, each with two legal plays or more written with every legal
    /// move's cubeless money equity at the chosen plies (needs gnubg): by default from gnubg's
    /// self-play (our engine plays the games with seeded dice, gnubg chooses every move); with
    /// --from-matches the checker plays of match files; with --from-play A:B the positions
    /// player A reaches in its own games against B.
    Build(BuildArgs),
}

/// Arguments of `bgw benchmark build`.
#[derive(clap::Args)]
struct BuildArgs {
    /// Games of gnubg against itself (or of A against B with --from-play), 1 to 100,000.
    #[arg(long)]
    games: Option<u32>,
    /// The checker plays of these match files (MAT or gnubg's SGF), both players', judged by
    /// gnubg as cubeless money (not at the match score, so that the figures compare with the
    /// shipped benchmark's).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["from_play", "games", "seed"])]
    from_matches: Vec<PathBuf>,
    /// The positions player A reaches in its games against B, A's decisions judged by gnubg:
    /// the games of `bgw duel --a A --b B --games N --seed S`. Each player: pubeval, random,
    /// classic, classic:FILE.ron, gnubg or gnubg:P (e.g. classic:pubeval).
    #[arg(long, value_name = "A:B")]
    from_play: Option<String>,
    /// gnubg's depth for every move: 0 (its neural net), 1 or 2.
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// Seed of the dice (default 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Judges at once, 1 to 16: with the nets in bgw threads (default one a core); gnubg
    /// processes (with --from-matches or --from-play four a core by default, at most 16:
    /// gnubg mostly waits; for gnubg's self-play one). Self-play games run on as many
    /// threads, the file the same as on one.
    #[arg(long)]
    threads: Option<usize>,
    /// The benchmark file to write (atomically); gzip-compressed when it ends in `.gz`.
    #[arg(long)]
    out: PathBuf,
    /// Gzip-compress whatever the name.
    #[arg(long)]
    gzip: bool,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// Arguments of `bgw benchmark score`.
#[derive(clap::Args)]
struct ScoreArgs {
    /// The benchmark: one JSON decision a line, gzip-compressed or not; `shipped` (the
    /// default) is the built-in training set (gnubg 1.07 at 0 plies, 11,826 decisions),
    /// `holdout` the built-in hold-out set, `play` the built-in play benchmark (the classic's
    /// own decisions against pubeval, 7,878; write `./play` for a file of that name).
    file: Option<PathBuf>,
    /// The player: classic (the shipped default weights), classic:FILE.ron, pubeval, random
    /// (the expected figures of a uniform choice), gnubg or gnubg:P (GNU Backgammon at P =
    /// 0, 1 or 2 plies, its move filter; gnubg is 0).
    #[arg(long, default_value = "classic")]
    player: String,
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
    /// Who plays as gnubg (--player gnubg or gnubg:P): its program or its nets in bgw.
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// Runs `bgw benchmark`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.action {
        Action::Score(args) => run_score(args),
        Action::Build(args) => run_build(args),
    }
}

/// The most games of one build (the text is kept in memory until it is written).
const MAX_BUILD_GAMES: u32 = 100_000;

fn run_build(args: BuildArgs) -> Result<ExitCode, CliError> {
    if !args.from_matches.is_empty() || args.from_play.is_some() {
        return run_build_judged(args);
    }
    let Some(games) = args.games else {
        return Err(CliError::usage(
            "say what to build from: --games N (gnubg's self-play), --from-matches FILE… or \
             --from-play A:B --games N",
        ));
    };
    in_range("--games", games, 1, MAX_BUILD_GAMES)?;
    in_range("--plies", args.plies, 0, MAX_PLIES)?;
    if let Some(n) = args.threads {
        in_range("--threads", n, 1, 16)?;
    }
    check_writable(&args.out)?;
    let gzip = args.gzip || benchmark::is_gzip_name(&args.out);
    let config = BuildConfig {
        games,
        plies: args.plies,
        seed: args.seed.unwrap_or(1),
    };
    let task = interrupt::task();
    let gnubg = args.reference.judge(&task)?;
    // The games on several threads, an engine each, the file the same as on one: the nets
    // one a core; the program one process unless --threads asks for more.
    let native = gnubg.reference() == bgw_engine::reference::Reference::Native;
    let threads = args
        .threads
        .unwrap_or_else(|| if native { default_judges(true) } else { 1 });
    let workers = match (native, threads) {
        (true, 1) => "thread",
        (true, _) => "threads",
        (false, 1) => "process",
        (false, _) => "processes",
    };
    let mut bar = progress::Progress::new("benchmark build (games)", &task, args.quiet);
    let built = benchmark::build_on(&config, threads, &gnubg.make(), &task);
    bar.finish();
    let built = built.map_err(|e| build_failure(&e, &args.out, "gnubg self-play"))?;
    let version = built
        .engine
        .as_ref()
        .map_or_else(|| "gnubg".to_string(), ToString::to_string);
    built
        .write(&args.out, gzip)
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", shown(&args.out))))?;
    print(&format!(
        "{} games, {} decisions ({} repeated, written once) from {} at {} plies, seed {}, on \
         {threads} {workers}: {} requests in {:.1} s, {:.1} requests/s\nwritten to {}{}\n",
        built.games,
        built.decisions,
        built.repeated,
        version,
        config.plies,
        config.seed,
        built.requests,
        built.seconds,
        built.requests_per_second(),
        shown(&args.out),
        if gzip { " (gzip)" } else { "" }
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// `bgw benchmark build --from-matches` and `--from-play`: decisions judged by gnubg on
/// several processes at once.
fn run_build_judged(args: BuildArgs) -> Result<ExitCode, CliError> {
    in_range("--plies", args.plies, 0, MAX_PLIES)?;
    if let Some(n) = args.threads {
        in_range("--threads", n, 1, 16)?;
    }
    let task = interrupt::task();
    let gnubg = args.reference.judge(&task)?;
    let native = gnubg.reference() == bgw_engine::reference::Reference::Native;
    let threads = args.threads.unwrap_or_else(|| default_judges(native));
    let workers = if native { "threads" } else { "processes" };
    let judge = JudgeConfig {
        plies: args.plies,
        threads,
    };
    let make = gnubg.make();
    let (built, source) = if let Some(spec) = &args.from_play {
        let Some(games) = args.games else {
            return Err(CliError::usage("--from-play needs --games N"));
        };
        in_range("--games", games, 1, MAX_BUILD_GAMES)?;
        let (a, b) = Contender::parse_pair_judged(spec, &gnubg).map_err(|e| {
            let mut e = CliError::from(e);
            e.message = format!("--from-play: {}", e.message);
            e
        })?;
        check_writable(&args.out)?;
        let play = PlayConfig {
            games,
            seed: args.seed.unwrap_or(1),
        };
        let mut bar = progress::Progress::new("benchmark build", &task, args.quiet);
        let built = benchmark::from_play(&a, &b, &play, &judge, &make, &task);
        bar.finish();
        let source = format!(
            "{}'s decisions in {} games against {} (seed {})",
            a.name(),
            games.div_ceil(2) * 2,
            b.name(),
            play.seed
        );
        (built, source)
    } else {
        let matches = args
            .from_matches
            .iter()
            .map(|f| super::decision_lines::read(f))
            .collect::<Result<Vec<_>, _>>()?;
        check_writable(&args.out)?;
        let mut bar = progress::Progress::new("benchmark build (decisions)", &task, args.quiet);
        let built = benchmark::from_matches(&matches, &judge, &make, &task);
        bar.finish();
        let n = args.from_matches.len();
        let source = format!(
            "the checker plays of {n} match file{}",
            if n == 1 { "" } else { "s" }
        );
        (built, source)
    };
    let built = built.map_err(|e| build_failure(&e, &args.out, "gnubg's verdicts"))?;
    if built.decisions == 0 {
        return Err(CliError::failed(format!(
            "no decision with two legal plays or more in {source}: {} not written",
            shown(&args.out)
        )));
    }
    let gzip = args.gzip || benchmark::is_gzip_name(&args.out);
    built
        .write(&args.out, gzip)
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", shown(&args.out))))?;
    let version = built
        .engine
        .as_ref()
        .map_or_else(|| "gnubg".to_string(), ToString::to_string);
    print(&format!(
        "{} decisions ({} repeated, written once) from {source}, {} games, judged by {} at {} \
         plies (cubeless money) on {threads} {workers}: {} requests in {:.1} s, {:.1} \
         requests/s\nwritten to {}{}\n",
        built.decisions,
        built.repeated,
        built.games,
        version,
        args.plies,
        built.requests,
        built.seconds,
        built.requests_per_second(),
        shown(&args.out),
        if gzip { " (gzip)" } else { "" }
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// How many engines judge at once when `--threads` does not say: with the nets in bgw
/// (`native`) one a core (more only fill more caches of 52 MB each: 8 on two cores took
/// 1.9 s where one took 1.1 s); with the program, its worker processes.
fn default_judges(native: bool) -> usize {
    if native {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(16))
    } else {
        bgw_engine::evaluation::opponents::gnubg_worker_threads()
    }
}

/// Why a build wrote nothing to `out`: interrupted (by Ctrl+C or a cancel), or `what` (the
/// judge's work) failed.
fn build_failure(e: &BuildError, out: &Path, what: &str) -> CliError {
    // A Ctrl+C that reached gnubg too (it runs in its own process group, but a signal may be
    // sent to any process) is still an interruption.
    if matches!(e, BuildError::Cancelled) || interrupt::interrupted() {
        CliError::interrupted(format!("interrupted: {} not written", shown(out)))
    } else {
        CliError::failed(format!("{what}: {e}"))
    }
}

/// True when `spec` names a benchmark that ships with bgw rather than a file.
pub fn is_built_in(spec: &Path) -> bool {
    ["shipped", "holdout", "play"]
        .iter()
        .any(|n| spec == Path::new(n))
}

/// The benchmark named on the command line: `shipped`, `holdout`, `play` or a file; and its
/// name.
pub fn load_benchmark(file: Option<&Path>) -> Result<(Benchmark, String), CliError> {
    let built_in = |read: fn() -> Result<Benchmark, _>, name: &str| {
        read().map(|b| (b, name.to_string())).map_err(
            |e: bgw_engine::studies::benchmark::BenchmarkError| {
                CliError::failed(format!("{name}: {e}"))
            },
        )
    };
    match file {
        None => built_in(Benchmark::shipped, SHIPPED_NAME),
        Some(p) if p == Path::new("shipped") => built_in(Benchmark::shipped, SHIPPED_NAME),
        Some(p) if p == Path::new("holdout") => built_in(Benchmark::holdout, HOLDOUT_NAME),
        Some(p) if p == Path::new("play") => built_in(Benchmark::play, PLAY_NAME),
        Some(path) => Benchmark::load(path)
            .map(|b| (b, shown(path)))
            .map_err(|e| CliError::failed(format!("{}: {e}", shown(path)))),
    }
}

fn run_score(args: ScoreArgs) -> Result<ExitCode, CliError> {
    // Ctrl+C stops gnubg's players at once (the figures are then not given).
    let task = interrupt::task();
    let player = Contender::parse_judged(&args.player, &args.reference.judge(&task)?)?;
    let (bench, name) = load_benchmark(args.file.as_deref())?;
    let report = if player.gnubg_pool().is_some() {
        on_threads(
            bgw_engine::evaluation::opponents::gnubg_worker_threads(),
            || score(&bench, &player),
        )?
    } else {
        score(&bench, &player)
    };
    if interrupt::interrupted() {
        return Err(CliError::interrupted("interrupted: no figures"));
    }
    if let Some(why) = player.failure() {
        return Err(CliError::failed(format!(
            "gnubg failed while scoring, no figures: {why}"
        )));
    }
    if args.json {
        let json = ReportJson::of(&report, &name, bench.repeated);
        print(&format!("{}\n", serde_json::to_string_pretty(&json)?))?;
    } else {
        print(&table(&report, &name, bench.repeated))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `bgw benchmark score --json`.
#[derive(serde::Serialize)]
struct ReportJson<'a> {
    benchmark: &'a str,
    player: &'a str,
    decisions: usize,
    repeated: usize,
    agreement: f64,
    mean_loss: f64,
    by_phase: BTreeMap<&'static str, Figures>,
    worst: Vec<WorstJson<'a>>,
}

/// One of the worst decisions in JSON.
#[derive(serde::Serialize)]
struct WorstJson<'a> {
    line: usize,
    id: &'a str,
    dice: [u8; 2],
    chosen: Option<&'a str>,
    best: &'a str,
    loss: f64,
}

impl<'a> ReportJson<'a> {
    fn of(r: &'a Report, benchmark: &'a str, repeated: usize) -> ReportJson<'a> {
        ReportJson {
            benchmark,
            player: &r.player,
            decisions: r.overall.decisions,
            repeated,
            agreement: r.overall.agreement,
            mean_loss: r.overall.mean_loss,
            by_phase: r.by_phase.iter().map(|(p, f)| (p.name(), *f)).collect(),
            worst: r
                .worst
                .iter()
                .map(|w| WorstJson {
                    line: w.line,
                    id: &w.id,
                    dice: [w.dice.high(), w.dice.low()],
                    chosen: w.chosen.as_deref(),
                    best: &w.best,
                    loss: w.loss,
                })
                .collect(),
        }
    }
}

/// The figures as aligned lines; losses in mEMG (thousandths of a point).
fn table(r: &Report, benchmark: &str, repeated: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} on {benchmark}", r.player);
    if repeated > 0 {
        let _ = writeln!(out, "({repeated} repeated decisions counted once)");
    }
    let _ = writeln!(
        out,
        "\n{:<18} {:>9}  {:>9}  {:>14}",
        "phase", "decisions", "agreement", "mean loss"
    );
    let mut row = |name: &str, f: &Figures| {
        let _ = writeln!(
            out,
            "{name:<18} {:>9}  {:>7.1} %  {:>9.1} mEMG",
            f.decisions,
            100.0 * f.agreement,
            1000.0 * f.mean_loss
        );
    };
    row("all", &r.overall);
    for (phase, f) in &r.by_phase {
        row(phase.name(), f);
    }
    let _ = writeln!(
        out,
        "\nThe {} worst decisions (loss in mEMG; line in the file; our notation):",
        r.worst.len()
    );
    let _ = writeln!(
        out,
        "{:>8}  {:>6}  {:<14}  {:<4}  {:<22}  gnubg's best",
        "loss", "line", "Position ID", "dice", "chosen"
    );
    for w in &r.worst {
        let chosen = w.chosen.as_deref().unwrap_or("(any: uniform)");
        let _ = writeln!(
            out,
            "{:>8.1}  {:>6}  {:<14}  {:<4}  {chosen:<22}  {}",
            1000.0 * w.loss,
            w.line,
            w.id,
            w.dice.to_string(),
            w.best
        );
    }
    out
}
