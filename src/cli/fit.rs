//! `bgw fit`: the classic weights fitted to a benchmark of gnubg's decisions (the smallest
//! mean equity loss), scored on a hold-out set, then duelled against pubeval beside the start
//! on the same dice, with a warning when the benchmark improves while play gets worse.

use super::progress::Progress;
use super::rank::load_weights;
use super::{CliError, in_range, interrupt, print, shown};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::{Phase, TermSet, Weights, by_seed_name};
use bgw_engine::studies::benchmark::{
    ClassicRescore, Figures, FitConfig, FitError, FitOutcome, Report, against_pubeval, fit,
    play_warning,
};
use bgw_engine::studies::duel::{Contender, DuelConfig, DuelResult, Paired, duel};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `bgw fit`.
#[derive(clap::Args)]
#[command(
    mut_arg("sprt_ppg", |a| a.requires("rounds")),
    mut_arg("alpha", |a| a.requires("sprt_ppg")),
    mut_arg("beta", |a| a.requires("sprt_ppg"))
)]
pub struct Args {
    /// The training set: a benchmark file, `shipped` (the built-in 11,826 decisions),
    /// `holdout` (the built-in hold-out set) or `play` (the built-in play benchmark). Not with
    /// --rounds, whose training set is the weights' own games.
    #[arg(long, required_unless_present = "rounds", conflicts_with = "rounds")]
    pub benchmark: Option<String>,
    /// The hold-out set, scored but never fitted to: a file, `shipped`, `holdout` or `play`.
    #[arg(long)]
    pub holdout: Option<String>,
    /// Where to write the fitted weights (atomically; nothing is written if the fit fails
    /// or is stopped). With --rounds, the best weights so far are written after every round,
    /// and a stopped run leaves them there, its rounds kept in OUT.rounds/ to resume.
    #[arg(long)]
    pub out: PathBuf,
    /// Starting weights (RON); the built-in defaults when absent.
    #[arg(long)]
    pub weights: Option<PathBuf>,
    /// The terms to fit: `seed` (the eleven), `all`, or extra terms separated by commas
    /// (X_PRIME,X_ANCHORS), added to the seed's; the others are switched off. Absent: the
    /// terms the starting weights switch on.
    #[arg(long)]
    pub terms: Option<String>,
    /// Seed of the fit's random directions and of the duel's dice (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Games of the duel of the fitted weights against pubeval (duplicate dice; default 2,000);
    /// 0: no duel. With --rounds, the most games of each round's duel (default 10,000).
    #[arg(long)]
    pub duel_games: Option<u64>,
    /// The iterated fit: rounds of play, gnubg's labels on the weights' own decisions, a refit
    /// on all of them and a duel; the best weights by play are kept (see docs/benchmark.md).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// With --rounds: games the weights play (and gnubg labels) each round (default 400).
    #[arg(long, requires = "rounds")]
    pub games: Option<u32>,
    /// With --rounds: whom the weights play, `pubeval` (default) or `itself`.
    #[arg(long, requires = "rounds")]
    pub against: Option<String>,
    /// With --rounds: gnubg's depth for the labels, 0 (default) to 2.
    #[arg(long, requires = "rounds")]
    pub plies: Option<u8>,
    /// With --rounds: gnubg processes labelling at once, 1 to 16 (default four a core).
    #[arg(long, requires = "rounds")]
    pub threads: Option<usize>,
    /// With --rounds: a round's weights become the best only when a sequential test of their
    /// gain over the best against pubeval (--sprt-ppg G0,G1 points a game, e.g. 0,0.02)
    /// accepts H1; the duel stops as soon as the test decides. The flags need --rounds
    /// (`mut_arg` above).
    #[command(flatten)]
    pub test: super::duel::SprtArgs,
    /// With --rounds: rounds in a row without a better player that end the run (default 3).
    #[arg(long, requires = "rounds")]
    pub patience: Option<u32>,
    /// With --rounds: the fit's basin hops each round (default 3).
    #[arg(long, requires = "rounds")]
    pub hops: Option<usize>,
    /// With --rounds: the folder that keeps the run (default OUT.rounds); a folder holding a
    /// run is resumed.
    #[arg(long, requires = "rounds")]
    pub state: Option<PathBuf>,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Print the outcome as one JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
    /// With --rounds: who labels (gnubg's program or its nets in bgw).
    #[command(flatten)]
    pub reference: super::reference::ReferenceArgs,
}

impl Args {
    /// `--seed`, 1 when not given.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(1)
    }
}

/// The most games of the duel.
const MAX_DUEL_GAMES: u64 = 100_000_000;

/// The duel's games when --duel-games is not given.
const DUEL_GAMES: u64 = 2000;

/// A benchmark named on the command line, read.
pub struct Named {
    /// Its name in reports.
    pub name: String,
    /// Its decisions, precomputed for re-scores.
    pub rescore: ClassicRescore,
}

/// Reads `spec`: `shipped`, `holdout`, `play` or a file.
pub fn read_benchmark(spec: &str) -> Result<Named, CliError> {
    let (bench, name) = super::benchmark::load_benchmark(Some(Path::new(spec)))?;
    Ok(Named {
        name,
        rescore: ClassicRescore::new(bench),
    })
}

/// Reads the training benchmark `train` and the holdout when given. The user's files first:
/// a FIFO, a device or a bad line is refused before the built-in sets (seconds to read and
/// score) are read.
fn read_train_and_holdout(
    train: &str,
    holdout: Option<&str>,
) -> Result<(Named, Option<Named>), CliError> {
    let built_in = |s: &str| super::benchmark::is_built_in(Path::new(s));
    Ok(match holdout {
        Some(h) if !built_in(h) && built_in(train) => {
            let holdout = read_benchmark(h)?;
            (read_benchmark(train)?, Some(holdout))
        }
        h => (read_benchmark(train)?, h.map(read_benchmark).transpose()?),
    })
}

/// The weights the fit starts from: `--weights` (the defaults without it), with the terms
/// `--terms` lists when given.
pub fn start_weights(args: &Args) -> Result<Weights, CliError> {
    let start = load_weights(args.weights.as_ref())?;
    Ok(match &args.terms {
        Some(list) => start.with_terms(TermSet::parse(list).map_err(CliError::usage)?),
        None => start,
    })
}

/// Runs `bgw fit`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let Some(benchmark) = args.benchmark.clone() else {
        return Err(CliError::usage("bgw fit needs --benchmark, or --rounds"));
    };
    let duel_games = args.duel_games.unwrap_or(DUEL_GAMES);
    in_range("--duel-games", duel_games, 0, MAX_DUEL_GAMES)?;
    // Ctrl+C while the benchmarks are read stops the fit at its first step.
    let task = interrupt::task();
    let start = start_weights(&args)?;
    super::check_writable(&args.out)?;
    let (train, holdout) = read_train_and_holdout(&benchmark, args.holdout.as_deref())?;
    let config = FitConfig {
        seed: args.seed(),
        ..FitConfig::default()
    };
    let mut bar = Progress::new("fit (steps)", &task, args.quiet);
    let clock = Instant::now();
    let outcome = fit(
        &train.rescore,
        holdout.as_ref().map(|h| &h.rescore),
        &start,
        &config,
        &task,
    );
    let seconds = clock.elapsed().as_secs_f64();
    bar.finish();
    let outcome = match outcome {
        Ok(o) => o,
        Err(FitError::Cancelled) => {
            return Err(CliError::interrupted(format!(
                "interrupted: nothing written to {}",
                shown(&args.out)
            )));
        }
    };
    outcome.weights.save(&args.out)?;
    let duel = duel_pubeval(&outcome.weights, duel_games, &args, &task.subtask());
    // The start on the same dice: does the fit play better, or only score better?
    let check = (duel_games > 0 && !interrupt::interrupted())
        .then(|| {
            against_pubeval(
                &start,
                &outcome.weights,
                duel_games,
                args.seed(),
                &task.subtask(),
            )
        })
        .flatten();
    let warning = check.as_ref().and_then(|c| play_warning(&outcome, c));
    let text = if args.json {
        let json = FitJson {
            out: args.out.display().to_string(),
            seed: args.seed(),
            seconds,
            train: SetJson::of(&train.name, &outcome.start_train, &outcome.train),
            holdout: holdout.as_ref().and_then(|h| {
                Some(SetJson::of(
                    &h.name,
                    outcome.start_holdout.as_ref()?,
                    outcome.holdout.as_ref()?,
                ))
            }),
            start: by_seed_name(start.values(), start.terms()),
            weights: by_seed_name(outcome.weights.values(), outcome.weights.terms()),
            duel: duel.as_ref(),
            against_start: check.as_ref(),
            warning: warning.as_deref(),
        };
        format!("{}\n", serde_json::to_string_pretty(&json)?)
    } else {
        text(
            &outcome,
            &start,
            &train,
            holdout.as_ref(),
            &args,
            seconds,
            duel.as_ref(),
        ) + &comparison(check.as_ref(), warning.as_deref(), &args)
    };
    print(&text)?;
    if duel.as_ref().is_some_and(|d| d.cancelled) {
        return Err(CliError::interrupted(format!(
            "interrupted during the duel; the fitted weights are written to {}",
            shown(&args.out)
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The fitted weights against pubeval, unless `--duel-games 0`.
fn duel_pubeval(w: &Weights, games: u64, args: &Args, task: &Task) -> Option<DuelResult> {
    if games == 0 {
        return None;
    }
    let a = Contender::classic(*w, format!("classic:{}", shown(&args.out)));
    let b = Contender::Pubeval;
    let mut bar = Progress::new("duel against pubeval (games)", task, args.quiet);
    let result = duel(
        &|s| a.player(s),
        &|s| b.player(s),
        &DuelConfig {
            games,
            seed: args.seed(),
        },
        task,
    );
    bar.finish();
    Some(result)
}

/// The start's and the fit's figures on a set, in JSON.
#[derive(serde::Serialize)]
struct SetJson<'a> {
    benchmark: &'a str,
    start: ReportJson,
    fitted: ReportJson,
}

/// A report's figures in JSON (as `bgw benchmark score --json`, without the worst decisions).
#[derive(serde::Serialize)]
struct ReportJson {
    decisions: usize,
    agreement: f64,
    mean_loss: f64,
    by_phase: BTreeMap<&'static str, Figures>,
}

impl<'a> SetJson<'a> {
    fn of(benchmark: &'a str, start: &Report, fitted: &Report) -> SetJson<'a> {
        let json = |r: &Report| ReportJson {
            decisions: r.overall.decisions,
            agreement: r.overall.agreement,
            mean_loss: r.overall.mean_loss,
            by_phase: r.by_phase.iter().map(|(p, f)| (p.name(), *f)).collect(),
        };
        SetJson {
            benchmark,
            start: json(start),
            fitted: json(fitted),
        }
    }
}

/// `bgw fit --json`.
#[derive(serde::Serialize)]
struct FitJson<'a> {
    out: String,
    seed: u64,
    seconds: f64,
    train: SetJson<'a>,
    holdout: Option<SetJson<'a>>,
    start: BTreeMap<&'static str, f64>,
    weights: BTreeMap<&'static str, f64>,
    duel: Option<&'a DuelResult>,
    /// The start and the fitted weights against pubeval on the same dice (absent without a
    /// duel).
    #[serde(skip_serializing_if = "Option::is_none")]
    against_start: Option<&'a Paired>,
    /// Present when the benchmark improves while play gets worse.
    #[serde(skip_serializing_if = "Option::is_none")]
    warning: Option<&'a str>,
}

/// The start and the fitted weights against pubeval on the same dice, and the warning when the
/// benchmark and play disagree.
fn comparison(check: Option<&Paired>, warning: Option<&str>, args: &Args) -> String {
    let mut out = String::new();
    if let Some(c) = check {
        let _ = writeln!(
            out,
            "against pubeval on the same dice ({} games): start {:+.4}, fitted {:+.4} ppg; \
             fitted - start {:+.4} ± {:.4}",
            c.games, c.first, c.second, c.difference, c.stderr
        );
    }
    if let Some(w) = warning {
        let _ = writeln!(
            out,
            "\nWARNING: {w}. The weights are written to {} all the same: do not take them \
             for better ones.",
            shown(&args.out)
        );
    }
    out
}

/// The outcome as tables; losses in mEMG.
fn text(
    o: &FitOutcome,
    start: &Weights,
    train: &Named,
    holdout: Option<&Named>,
    args: &Args,
    seconds: f64,
    duel: Option<&DuelResult>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "fitted in {seconds:.1} s (seed {}); weights written to {}",
        args.seed(),
        shown(&args.out)
    );
    let mut set = |what: &str, name: &str, before: &Report, after: &Report| {
        let _ = writeln!(out, "\n{what}: {name}");
        let _ = writeln!(
            out,
            "{:<18} {:>9}  {:>19}  {:>23}",
            "phase", "decisions", "agreement", "mean loss (mEMG)"
        );
        let mut row = |phase: &str, b: &Figures, a: &Figures| {
            let _ = writeln!(
                out,
                "{phase:<18} {:>9}  {:>6.1} % -> {:>5.1} %  {:>8.2} -> {:>8.2}",
                a.decisions,
                100.0 * b.agreement,
                100.0 * a.agreement,
                1000.0 * b.mean_loss,
                1000.0 * a.mean_loss
            );
        };
        row("all", &before.overall, &after.overall);
        for (phase, a) in &after.by_phase {
            if let Some(b) = before.phase(*phase) {
                row(phase.name(), b, a);
            }
        }
    };
    set("training set", &train.name, &o.start_train, &o.train);
    if let (Some(h), Some(b), Some(a)) = (holdout, &o.start_holdout, &o.holdout) {
        set("hold-out set", &h.name, b, a);
    }
    let _ = writeln!(out, "\n{:<9} {:>10}    {:>10}", "term", "start", "fitted");
    for t in o.weights.terms_on() {
        let (w0, w) = (start.get(t), o.weights.get(t));
        let _ = writeln!(out, "{:<9} {w0:>10.4} -> {w:>10.4}", t.seed_name());
    }
    if let Some(d) = duel {
        let _ = writeln!(
            out,
            "\nagainst pubeval: {} ppg over {} games (seed {}, duplicate dice)",
            d.ppg_with_error(4),
            d.games,
            d.seed
        );
    }
    // Contact is where the weights decide; name it when there is no hold-out set to judge.
    if holdout.is_none() && o.train.phase(Phase::Contact).is_some() {
        let _ = writeln!(
            out,
            "\nno hold-out set: judge the fit on decisions it did not see (--holdout FILE)"
        );
    }
    out
}
