//! `bgw terms`: the terms of the classic program (the seed's eleven and those beyond), and the
//! table of what each extra term buys.

use super::fit::read_benchmark;
use super::progress::Progress;
use super::rank::load_weights;
use super::{CliError, check_writable, in_range, interrupt, print, shown};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::{TERMS, Weights};
use bgw_engine::studies::benchmark::{FitConfig, FitError, Refit, SelectionConfig, select};
use bgw_engine::studies::duel::{Contender, DuelConfig, DuelResult, duel};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `bgw terms`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Every term: its key in weight files, label, description, and whether it is the seed's.
    List,
    /// What each extra term buys: refits with the seed's terms, each extra term alone and a
    /// forward selection; the hold-out loss and ppg against pubeval of each (a Markdown table).
    Report(ReportArgs),
}

/// Arguments of `bgw terms report`.
#[derive(clap::Args)]
struct ReportArgs {
    /// The training set: a benchmark file, `shipped`, `holdout` or `play`.
    #[arg(long, default_value = "shipped")]
    benchmark: String,
    /// The hold-out set, scored but never fitted to or chosen by.
    #[arg(long, default_value = "holdout")]
    holdout: String,
    /// Starting weights (RON); the built-in defaults when absent.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Where to write the weights of the forward selection's best set.
    #[arg(long)]
    out: PathBuf,
    /// The most extra terms the forward selection adds, 1 to 10.
    #[arg(long, default_value_t = 4)]
    max_terms: usize,
    /// The least a term must lower the training loss to be added, in mEMG.
    #[arg(long, default_value_t = 0.2)]
    min_gain: f64,
    /// Shorter fits (fewer temperatures, steps, polish rounds and hops): several times
    /// faster, a little less thorough.
    #[arg(long)]
    quick: bool,
    /// Games of each row's duel against pubeval (duplicate dice); 0: no duels.
    #[arg(long, default_value_t = 20_000)]
    games: u64,
    /// Seed of the fits' random directions and of the duels' dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// Runs `bgw terms`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.action {
        Action::List => {
            print(&list())?;
            Ok(ExitCode::SUCCESS)
        }
        Action::Report(a) => report(a),
    }
}

/// `bgw terms list`.
fn list() -> String {
    let mut out = String::new();
    for t in &TERMS {
        let mark = if t.seed { "seed's" } else { "not the seed's" };
        let _ = writeln!(
            out,
            "{:<11} {:<14} {:<34} {}",
            t.seed_name, mark, t.label, t.description
        );
    }
    out
}

/// The fit's knobs for `--quick`: about a fifth of the default's steps.
fn quick(seed: u64) -> FitConfig {
    FitConfig {
        seed,
        temperatures: 6,
        iterations: 20,
        polish_rounds: 4,
        random_directions: 6,
        hops: 2,
        ..FitConfig::default()
    }
}

fn report(args: ReportArgs) -> Result<ExitCode, CliError> {
    in_range("--max-terms", args.max_terms, 1, 10)?;
    in_range("--games", args.games, 0, 10_000_000)?;
    if !(args.min_gain.is_finite() && args.min_gain >= 0.0) {
        return Err(CliError::usage(format!(
            "--min-gain must be a number ≥ 0, not {}",
            args.min_gain
        )));
    }
    let task = interrupt::task();
    let start = load_weights(args.weights.as_ref())?;
    check_writable(&args.out)?;
    let train = read_benchmark(&args.benchmark)?;
    let holdout = read_benchmark(&args.holdout)?;
    let fit = if args.quick {
        quick(args.seed)
    } else {
        FitConfig {
            seed: args.seed,
            ..FitConfig::default()
        }
    };
    let config = SelectionConfig {
        fit,
        max_terms: args.max_terms,
        min_gain: args.min_gain / 1000.0,
    };
    let clock = Instant::now();
    // A line for each refit ("fit 3: X_TRAP") besides the note after the bar: a log (stderr
    // not a terminal) shows only lines.
    let mut bar = Progress::with_phase_lines("refits", &task, args.quiet);
    let selection = select(&train.rescore, &holdout.rescore, &start, &config, &task);
    bar.finish();
    let fits = task.snapshot().done;
    let selection = match selection {
        Ok(s) => s,
        Err(FitError::Cancelled) => {
            return Err(CliError::interrupted("interrupted: nothing written"));
        }
    };
    let best = selection.best();
    best.weights.save(&args.out)?;
    let fit_seconds = clock.elapsed().as_secs_f64();
    let ppg = |r: &Refit| duel_pubeval(&r.weights, &args, &task.subtask());
    let mut out = format!(
        "Training set: {}; hold-out set: {}; {} refits in {fit_seconds:.0} s{}.\n\n",
        train.name,
        holdout.name,
        fits,
        if args.quick { " (--quick)" } else { "" }
    );
    out.push_str(
        "| terms | hold-out mEMG | training mEMG | ppg against pubeval |\n|---|---:|---:|---:|\n",
    );
    let row = |out: &mut String, name: String, r: &Refit| {
        let duel = match ppg(r) {
            Some(d) => d.ppg_with_error(3),
            None => "—".into(),
        };
        let _ = writeln!(
            out,
            "| {name} | {:.2} | {:.2} | {duel} |",
            1000.0 * r.holdout_loss,
            1000.0 * r.train_loss
        );
    };
    row(&mut out, "the seed's eleven".into(), &selection.seed);
    for r in &selection.singles {
        let t = r.terms.extras().next().expect("one extra term");
        row(&mut out, format!("+ {t} alone"), r);
    }
    for (k, r) in selection.forward.iter().enumerate() {
        let added: Vec<String> = r.terms.extras().map(|t| t.to_string()).collect();
        row(
            &mut out,
            format!("forward step {}: {}", k + 1, added.join(" + ")),
            r,
        );
    }
    let _ = writeln!(
        out,
        "\nBest set: {}; its weights are written to {}.\nDuels: {} games each with duplicate \
         dice, seed {}; ± is one standard error.",
        best.terms,
        shown(&args.out),
        args.games,
        args.seed
    );
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `w` against pubeval, unless `--games 0`.
fn duel_pubeval(w: &Weights, args: &ReportArgs, task: &Task) -> Option<DuelResult> {
    if args.games == 0 {
        return None;
    }
    let a = Contender::classic(*w, "classic");
    let b = Contender::Pubeval;
    Some(duel(
        &|s| a.player(s),
        &|s| b.player(s),
        &DuelConfig {
            games: args.games,
            seed: args.seed,
        },
        task,
    ))
}
