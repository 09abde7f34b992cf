//! `bgw fit --rounds K`: the iterated fit ([`bgw_engine::studies::fit_rounds`]) — the
//! weights play, gnubg labels their decisions, the weights are refitted on everything so far
//! and duelled against pubeval, round after round; the best by play is written to `--out`
//! after every round, and the run is kept in a folder that the same command resumes.

use super::fit::{Args, read_benchmark, start_weights};
use super::progress::Progress;
use super::{CliError, eprint, in_range, interrupt, print, shown};
use bgw_engine::evaluation::classic::{Weights, by_seed_name};
use bgw_engine::studies::fit_rounds::{
    self, Ended, GainTest, IteratedConfig, IteratedError, IteratedFit, MAX_DUEL_GAMES,
    MAX_ROUND_GAMES, MAX_ROUNDS, Progress as Step, Round, STATE_FILE, Score, Sparring,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Runs `bgw fit --rounds K …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let task = interrupt::task();
    let config = settings(&args)?;
    let threads = args
        .threads
        .map(|n| in_range("--threads", n, 1, 16).map(|()| n))
        .transpose()?
        .unwrap_or_else(bgw_engine::evaluation::opponents::gnubg_worker_threads);
    super::check_writable(&args.out)?;
    let state = state_folder(&args)?;
    let start = start_weights(&args)?;
    let mut fit_run = if state.join(STATE_FILE).exists() {
        resume(&state, &args, config, start)?
    } else {
        IteratedFit::new(start, config)
    };
    let holdout = args.holdout.as_deref().map(read_benchmark).transpose()?;
    let resumed = fit_run.rounds.len();
    if !args.quiet && resumed > 0 {
        eprint(&format!(
            "resuming the run in {}: {resumed} round{} done\n",
            shown(&state),
            if resumed == 1 { "" } else { "s" }
        ));
    }
    let make = args.reference.judge(&task)?.make();
    let clock = Instant::now();
    let mut saved: Result<(), CliError> = Ok(());
    let mut bar = Progress::new("fit rounds", &task, args.quiet);
    let ended = fit_rounds::iterate(
        &mut fit_run,
        holdout.as_ref().map(|h| &h.rescore),
        threads,
        &make,
        &task,
        &mut |step| {
            let f = match step {
                Step::Start(f) | Step::Round(f) => f,
            };
            // The run and the best weights on disk after every step: the next may never end.
            let kept = keep(f, &state, &args.out);
            if let Err(e) = kept {
                saved = Err(e);
                task.cancel();
                return;
            }
            if !args.quiet {
                eprint(&match step {
                    Step::Start(f) => start_line(f),
                    Step::Round(f) => f.rounds.last().map(round_line).unwrap_or_default(),
                });
            }
        },
    );
    bar.finish();
    saved?;
    let seconds = clock.elapsed().as_secs_f64();
    let ended = match ended {
        Ok(e) => Some(e),
        Err(IteratedError::Cancelled) => None,
        Err(IteratedError::Config(why)) => return Err(CliError::usage(why)),
        Err(e) => {
            return Err(CliError::failed(format!(
                "{e}; the rounds done are kept in {}",
                shown(&state)
            )));
        }
    };
    let report = if args.json {
        format!(
            "{}\n",
            serde_json::to_string_pretty(&json(&fit_run, ended, &args, &state, seconds))?
        )
    } else {
        text(&fit_run, ended, &args, &state, seconds)
    };
    print(&report)?;
    match ended {
        Some(_) => Ok(ExitCode::SUCCESS),
        None => Err(CliError::interrupted(format!(
            "interrupted in round {}: {} round{} kept in {}, the best weights so far in {}; \
             the same command goes on",
            fit_run.rounds.len() + 1,
            fit_run.rounds.len(),
            if fit_run.rounds.len() == 1 { "" } else { "s" },
            shown(&state),
            shown(&args.out)
        ))),
    }
}

/// The folder the run is kept in: `--state`, else `--out` with `.rounds` added. Refused before
/// any work when it is something else than a folder: the run could never be saved there.
fn state_folder(args: &Args) -> Result<PathBuf, CliError> {
    let state = args.state.clone().unwrap_or_else(|| {
        let mut name = args.out.clone().into_os_string();
        name.push(".rounds");
        PathBuf::from(name)
    });
    if std::fs::metadata(&state).is_ok_and(|m| !m.is_dir()) {
        return Err(CliError::usage(format!(
            "--state {} is not a folder (the run's state.json and round files go in one)",
            shown(&state)
        )));
    }
    Ok(state)
}

/// The run's settings from the command line, checked (exit code 2).
fn settings(args: &Args) -> Result<IteratedConfig, CliError> {
    let d = IteratedConfig::default();
    let rounds = args.rounds.unwrap_or(d.rounds);
    in_range("--rounds", rounds, 1, MAX_ROUNDS)?;
    let games = args.games.unwrap_or(d.games);
    in_range("--games", games, 2, MAX_ROUND_GAMES)?;
    let plies = args.plies.unwrap_or(d.plies);
    in_range(
        "--plies",
        plies,
        0,
        bgw_engine::studies::benchmark::MAX_PLIES,
    )?;
    let duel_games = args.duel_games.unwrap_or(d.duel_games);
    in_range("--duel-games", duel_games, 2, MAX_DUEL_GAMES)?;
    let patience = args.patience.unwrap_or(d.patience);
    in_range("--patience", patience, 1, MAX_ROUNDS)?;
    let hops = args.hops.unwrap_or(d.hops);
    in_range("--hops", hops, 0, 100)?;
    let sparring = match args.against.as_deref() {
        None | Some("pubeval") => Sparring::Pubeval,
        Some("itself") => Sparring::Itself,
        Some(other) => {
            return Err(CliError::usage(format!(
                "--against must be pubeval or itself, not '{other}'"
            )));
        }
    };
    let sprt = args.test.sprt(None, "--sprt-ppg G0,G1")?;
    Ok(IteratedConfig {
        rounds,
        games,
        sparring,
        plies,
        seed: args.seed(),
        duel_games,
        sprt: sprt.as_ref().and_then(GainTest::of),
        patience,
        hops,
    })
}

/// The run saved in `dir`, to go on with: its settings and start are kept; only --rounds and
/// --patience may change, and any other setting given must be the saved one (exit code 2).
fn resume(
    dir: &Path,
    args: &Args,
    asked: IteratedConfig,
    start: Weights,
) -> Result<IteratedFit, CliError> {
    let mut fit_run = IteratedFit::load(dir).map_err(|e| CliError::failed(e.to_string()))?;
    let saved = fit_run.config.clone();
    let differs = |flag: &str, given: bool, same: bool| (given && !same).then(|| flag.to_string());
    let mismatched: Vec<String> = [
        differs("--games", args.games.is_some(), asked.games == saved.games),
        differs(
            "--against",
            args.against.is_some(),
            asked.sparring == saved.sparring,
        ),
        differs("--plies", args.plies.is_some(), asked.plies == saved.plies),
        differs(
            "--duel-games",
            args.duel_games.is_some(),
            asked.duel_games == saved.duel_games,
        ),
        differs(
            "--sprt-ppg",
            args.test.sprt_ppg.is_some(),
            asked.sprt == saved.sprt,
        ),
        differs("--hops", args.hops.is_some(), asked.hops == saved.hops),
        differs("--seed", args.seed.is_some(), asked.seed == saved.seed),
        differs(
            "--weights/--terms",
            args.weights.is_some() || args.terms.is_some(),
            start == fit_run.start,
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !mismatched.is_empty() {
        return Err(CliError::usage(format!(
            "{} holds a run with other settings ({}): give the saved ones, or another --state",
            shown(dir),
            mismatched.join(", ")
        )));
    }
    fit_run.config.rounds = asked.rounds;
    fit_run.config.patience = asked.patience;
    Ok(fit_run)
}

/// Saves the run in `dir` and writes its best weights to `out`, both atomically.
fn keep(f: &IteratedFit, dir: &Path, out: &Path) -> Result<(), CliError> {
    f.save(dir)
        .map_err(|e| CliError::failed(format!("cannot save the run in {}: {e}", shown(dir))))?;
    f.best().0.save(out)?;
    Ok(())
}

fn score_text(s: &Score) -> String {
    format!("{:+.3} ± {:.3}", s.ppg, s.stderr)
}

fn start_line(f: &IteratedFit) -> String {
    f.start_score.map_or_else(String::new, |s| {
        format!(
            "start: {} ppg against pubeval over {} games\n",
            score_text(&s),
            s.games
        )
    })
}

fn round_line(r: &Round) -> String {
    let holdout = r
        .holdout_loss
        .map_or(String::new(), |h| format!(", hold-out {:.2}", 1000.0 * h));
    let test = r
        .sprt
        .map_or(String::new(), |d| format!(", SPRT {}", d.name()));
    format!(
        "round {}: {} decisions (+{}), own positions {:.2} mEMG, training {:.2} -> {:.2}{holdout}; \
         {} ppg over {} games, {:+.3} ± {:.3} over the best{test}{} ({:.0} + {:.0} + {:.0} s)\n",
        r.round,
        r.decisions,
        r.new_decisions,
        1000.0 * r.fresh_loss,
        1000.0 * r.train_start_loss,
        1000.0 * r.train_loss,
        score_text(&r.score),
        r.score.games,
        r.gain,
        r.gain_stderr,
        if r.best { ": the best so far" } else { "" },
        r.seconds.label,
        r.seconds.fit,
        r.seconds.duel,
    )
}

fn ended_text(ended: Option<Ended>) -> &'static str {
    match ended {
        Some(Ended::Rounds) => "every round asked for was played",
        Some(Ended::NoBetter) => "no better weights in the last rounds (--patience)",
        None => "interrupted",
    }
}

/// The run as a table, losses in mEMG.
fn text(f: &IteratedFit, ended: Option<Ended>, args: &Args, state: &Path, seconds: f64) -> String {
    let c = &f.config;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "iterated fit: {} games a round against {}, labelled by gnubg at {} plies; duels of \
         {} games against pubeval (seed {}){}",
        c.games,
        c.sparring.name(),
        c.plies,
        c.duel_games,
        c.seed,
        c.sprt.map_or(String::new(), |t| format!(
            ", SPRT of the gain over the best: H0 {} H1 {} ppg, α {} β {}",
            t.ppg0, t.ppg1, t.alpha, t.beta
        ))
    );
    let _ = writeln!(
        out,
        "\n{:>5} {:>9} {:>9} {:>9} {:>17} {:>9} {:>16} {:>16} {:>6} {:>7}",
        "round",
        "decisions",
        "new",
        "own",
        "training",
        "hold-out",
        "ppg vs pubeval",
        "gain over best",
        "games",
        "seconds"
    );
    if let Some(s) = f.start_score {
        let _ = writeln!(
            out,
            "{:>5} {:>9} {:>9} {:>9} {:>17} {:>9} {:>16} {:>16} {:>6} {:>7}",
            "start",
            "",
            "",
            "",
            "",
            "",
            score_text(&s),
            "",
            s.games,
            ""
        );
    }
    for r in &f.rounds {
        let _ = writeln!(
            out,
            "{:>5} {:>9} {:>9} {:>9.2} {:>17} {:>9} {:>16} {:>16} {:>6} {:>7.0}{}",
            r.round,
            r.decisions,
            r.new_decisions,
            1000.0 * r.fresh_loss,
            format!(
                "{:.2} -> {:.2}",
                1000.0 * r.train_start_loss,
                1000.0 * r.train_loss
            ),
            r.holdout_loss
                .map_or("-".to_string(), |h| format!("{:.2}", 1000.0 * h)),
            score_text(&r.score),
            format!("{:+.3} ± {:.3}", r.gain, r.gain_stderr),
            r.score.games,
            r.seconds.label + r.seconds.fit + r.seconds.duel,
            if r.best { "  best" } else { "" }
        );
    }
    let (weights, score, round) = f.best();
    let _ = writeln!(
        out,
        "\nended: {} ({seconds:.0} s this run)",
        ended_text(ended)
    );
    let _ = writeln!(
        out,
        "best by play: {}, {} ppg against pubeval; written to {} (the run: {})",
        round.map_or("the start".to_string(), |k| format!("round {k}")),
        score.as_ref().map_or("?".to_string(), score_text),
        shown(&args.out),
        shown(state)
    );
    let _ = writeln!(out, "\n{:<9} {:>10}    {:>10}", "term", "start", "best");
    for t in weights.terms_on() {
        let _ = writeln!(
            out,
            "{:<9} {:>10.4} -> {:>10.4}",
            t.seed_name(),
            f.start.get(t),
            weights.get(t)
        );
    }
    out
}

/// `bgw fit --rounds … --json`.
#[derive(serde::Serialize)]
struct RunJson<'a> {
    out: String,
    state: String,
    config: &'a IteratedConfig,
    seconds: f64,
    ended: &'static str,
    start: BTreeMap<&'static str, f64>,
    start_score: Option<Score>,
    /// Each round's figures, its weights by term name.
    rounds: Vec<serde_json::Value>,
    best: BestJson,
}

#[derive(serde::Serialize)]
struct BestJson {
    round: Option<u32>,
    score: Option<Score>,
    weights: BTreeMap<&'static str, f64>,
}

fn json<'a>(
    f: &'a IteratedFit,
    ended: Option<Ended>,
    args: &Args,
    state: &Path,
    seconds: f64,
) -> RunJson<'a> {
    let named = |w: &Weights| by_seed_name(w.values(), w.terms());
    let (weights, score, round) = f.best();
    RunJson {
        out: args.out.display().to_string(),
        state: state.display().to_string(),
        config: &f.config,
        seconds,
        ended: match ended {
            Some(Ended::Rounds) => "rounds",
            Some(Ended::NoBetter) => "no-better",
            None => "interrupted",
        },
        start: named(&f.start),
        start_score: f.start_score,
        rounds: f
            .rounds
            .iter()
            .map(|r| {
                let mut v = serde_json::to_value(r).unwrap_or_default();
                if let Some(o) = v.as_object_mut() {
                    o.insert("weights".into(), serde_json::json!(named(&r.weights)));
                }
                v
            })
            .collect(),
        best: BestJson {
            round,
            score,
            weights: named(&weights),
        },
    }
}
