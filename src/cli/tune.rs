//! `bgw tune`: search for stronger classic weights with duels against pubeval.

use super::progress::Progress;
use super::rank::load_weights;
use super::{CliError, in_range, interrupt, positive_finite, print, shown};
use bgw_engine::evaluation::classic::{TERMS, Term, Weights, by_seed_name};
use bgw_engine::studies::duel::BATCH_PAIRS;
use bgw_engine::studies::tune::{
    Generation, Method, Stop, TuneConfig, TuneOutcome, classic_against_pubeval, tune,
};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw tune`.
#[derive(clap::Args)]
pub struct Args {
    /// Starting weights (RON); the built-in defaults when absent.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Where to write the best weights: atomically after every generation that improves them
    /// (a checkpoint to resume from with --weights) and at the end.
    #[arg(long)]
    out: PathBuf,
    /// Search method: es ((1+λ) evolution strategy) or coord (one weight at a time).
    #[arg(long, default_value = "es", value_parser = ["es", "coord"])]
    method: String,
    /// Games against pubeval per candidate and generation (duplicate pairs, common dice):
    /// 2 (one pair) to 1,000,000. With --sprt-ppg G0,G1 (sequential tests of a candidate's
    /// gain over the incumbent, e.g. 0,0.03) the most in the screening, which drops a
    /// candidate as soon as its test accepts H0 and ends at the first that accepts H1, and in
    /// the confirmation, a test of its own on fresh dice.
    #[arg(long, default_value_t = 4000)]
    games: u64,
    /// Mutants per generation (λ, evolution strategy only): 1 to 100.
    #[arg(long, default_value_t = 6)]
    offspring: usize,
    /// Starting step, relative to each weight's size.
    #[arg(long, default_value_t = 0.3, value_parser = positive_finite)]
    sigma: f64,
    /// Stop when the step falls below this.
    #[arg(long, default_value_t = 0.01, value_parser = positive_finite)]
    min_sigma: f64,
    /// Stop after this many generations (at most 100,000).
    #[arg(long, default_value_t = 1000)]
    generations: u32,
    /// Stop after this many minutes (checked between generations).
    #[arg(long, value_parser = positive_finite)]
    minutes: Option<f64>,
    /// Confirm a mutant (on fresh dice) when its gain exceeds this many standard errors;
    /// accepted if it wins the confirmation too (not used with --sprt-ppg).
    #[arg(long, default_value_t = 1.5)]
    accept_z: f64,
    /// The sequential tests of a candidate's gain (--sprt-ppg, --alpha, --beta).
    #[command(flatten)]
    test: super::duel::SprtArgs,
    /// Seed of the mutations and duels.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// No progress and no generation lines on stderr.
    #[arg(long)]
    quiet: bool,
    /// Print the outcome as one JSON object instead of lines.
    #[arg(long)]
    json: bool,
}

/// `bgw tune --json`.
#[derive(serde::Serialize)]
struct TuneJson<'a> {
    generations: usize,
    improvements: usize,
    games: u64,
    /// Why the search stopped: generations, converged, time or interrupted.
    stop: &'static str,
    /// Where the best weights were written.
    out: String,
    /// The sequential test, when --sprt-ppg was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtJson>,
    /// The starting and the best weights, keyed by the seed's names.
    start: BTreeMap<&'static str, f64>,
    weights: BTreeMap<&'static str, f64>,
    /// Every generation, in order.
    history: &'a [Generation],
}

/// `bgw tune --json`'s `sprt`: the test of a candidate's gain.
#[derive(serde::Serialize)]
struct SprtJson {
    /// H0's gain, ppg.
    ppg0: f64,
    /// H1's gain, ppg.
    ppg1: f64,
    alpha: f64,
    beta: f64,
    /// Pairs between two checks.
    batch_pairs: u64,
}

/// The most games per candidate and generation.
const MAX_GAMES: u64 = 1_000_000;
/// The most mutants per generation.
const MAX_OFFSPRING: usize = 100;
/// The most generations (each one kept in the history).
const MAX_GENERATIONS: u32 = 100_000;

/// Runs `bgw tune`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (start, config) = checked(&args)?;
    let task = interrupt::task();
    let mut checkpoint_error: Option<CliError> = None;
    let mut bar = Progress::new("tune (generations)", &task, args.quiet);
    let report = |g: &Generation| {
        bar.println(&generation_line(g));
        if g.accepted
            && checkpoint_error.is_none()
            && let Err(e) = to_weights(&g.weights).save(&args.out)
        {
            checkpoint_error = Some(e.into());
        }
    };
    let outcome = tune(
        &start.seed_values(),
        &config,
        classic_against_pubeval(&task),
        report,
        &task,
    );
    bar.finish();
    if let Some(e) = checkpoint_error {
        return Err(e);
    }
    let best = to_weights(&outcome.weights);
    best.save(&args.out)?;
    print(&report_text(&args, &config, &outcome, &start, &best)?)?;
    if outcome.stop == Stop::Cancelled {
        return Err(CliError::interrupted(format!(
            "interrupted: the best weights so far are written to {}",
            shown(&args.out)
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The arguments checked (ranges, the output writable, the starting weights the seed's
/// eleven terms and not all zero): the starting weights and the tuning's settings.
fn checked(args: &Args) -> Result<(Weights, TuneConfig), CliError> {
    // Each candidate's pairs are kept for the comparison: games × offspring sizes memory.
    in_range("--games", args.games, 2, MAX_GAMES)?;
    in_range("--offspring", args.offspring, 1, MAX_OFFSPRING)?;
    in_range("--generations", args.generations, 0, MAX_GENERATIONS)?;
    if !(args.accept_z.is_finite() && args.accept_z >= 0.0) {
        return Err(CliError::usage(format!(
            "--accept-z must be a number ≥ 0, not {}",
            args.accept_z
        )));
    }
    let sprt = args.test.sprt(None, "--sprt-ppg G0,G1")?;
    let start = load_weights(args.weights.as_ref())?;
    super::check_writable(&args.out)?;
    if start.terms().has_extras() {
        return Err(CliError::usage(format!(
            "bgw tune tunes the seed's eleven terms; the starting weights switch on {} (fit \
             those with bgw fit --terms)",
            start.terms()
        )));
    }
    if start.values().iter().all(|&w| w == 0.0) {
        return Err(CliError::failed("the starting weights are all zero"));
    }
    let config = TuneConfig {
        method: if args.method == "es" {
            Method::Evolution
        } else {
            Method::Coordinate
        },
        games: args.games,
        offspring: args.offspring,
        sigma: args.sigma,
        min_sigma: args.min_sigma,
        generations: args.generations,
        max_seconds: args.minutes.map(|m| 60.0 * m),
        accept_z: args.accept_z,
        seed: args.seed,
        sprt,
    };
    Ok((start, config))
}

/// A generation's line on standard error: the incumbent's score, the best candidate (a term
/// or a mutant) and its gain, the verdict, the step, the games and time, and the SPRT's
/// decisions when there is one.
fn generation_line(g: &Generation) -> String {
    let verdict = match (g.confirmation, g.accepted) {
        (Some(c), true) => format!("confirmed {c:+.4}, accepted"),
        (Some(c), false) => format!("confirmed {c:+.4}, refused "),
        (None, _) => "kept".to_string(),
    };
    let what = match g.term {
        Some(i) => format!("{:<8}", TERMS[i].seed_name),
        None => "mutant  ".to_string(),
    };
    let tests = g.sprt.map_or(String::new(), |t| {
        let confirm = match t.confirm {
            Some(d) => format!(
                ", confirmation {} after {} pairs",
                d.name(),
                t.confirm_pairs
            ),
            None => String::new(),
        };
        format!(
            "  [SPRT: screening {} after {} pairs{confirm}]",
            t.screen.name(),
            t.screen_pairs
        )
    });
    format!(
        "gen {:>4}  incumbent {:+.4} ppg  best {what} {:+.4} ± {:.4}  {}  σ {:.3}  {} games  {:.0} s{tests}",
        g.index, g.incumbent_score, g.gain, g.gain_stderr, verdict, g.sigma, g.games, g.seconds
    )
}

/// The run's report on standard output: JSON with `--json`, else the generations, why the
/// run stopped, and each term's weight before and after.
fn report_text(
    args: &Args,
    config: &TuneConfig,
    outcome: &TuneOutcome,
    start: &Weights,
    best: &Weights,
) -> Result<String, CliError> {
    let (why, stop) = match outcome.stop {
        Stop::Generations => ("generation limit", "generations"),
        Stop::Converged => ("step below --min-sigma", "converged"),
        Stop::Time => ("time limit", "time"),
        Stop::Cancelled => ("Ctrl+C or SIGTERM", "interrupted"),
    };
    let accepted = outcome.history.iter().filter(|g| g.accepted).count();
    let games = outcome.history.last().map_or(0, |g| g.games);
    if args.json {
        let json = TuneJson {
            generations: outcome.history.len(),
            improvements: accepted,
            games,
            stop,
            out: args.out.display().to_string(),
            sprt: config.sprt.map(|s| {
                let (ppg0, ppg1) = s.hypotheses().means();
                SprtJson {
                    ppg0,
                    ppg1,
                    alpha: s.alpha(),
                    beta: s.beta(),
                    batch_pairs: BATCH_PAIRS,
                }
            }),
            start: by_seed_name(start.values(), start.terms()),
            weights: by_seed_name(best.values(), best.terms()),
            history: &outcome.history,
        };
        return Ok(format!("{}\n", serde_json::to_string_pretty(&json)?));
    }
    let mut text = format!(
        "{} generations ({accepted} improvements, {games} games), stopped by {why}; weights written to {}\n",
        outcome.history.len(),
        shown(&args.out)
    );
    for t in Term::SEED {
        text.push_str(&format!(
            "{:<9} {:>10.4} -> {:>10.4}\n",
            t.seed_name(),
            start.get(t),
            best.get(t)
        ));
    }
    text.push_str("measure it: bgw duel --a classic:FILE --b pubeval --games 20000 --seed S\n");
    Ok(text)
}

fn to_weights(w: &[f64]) -> Weights {
    Weights::from_seed(w.try_into().expect("one weight per classic term"))
}
