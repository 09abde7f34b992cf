//! `bgw rollout`: gnubg rolls out chosen moves of a position and roll (the moves named with
//! `--moves`, or gnubg's best N at 0 ply) — trials, truncation, variance reduction, seed —
//! cubeful at the position's match state or, with `--cubeless` or a position without one,
//! cubeless money. The running results go to stderr; each move's equity (EMG and MWC in a
//! match), standard error, probabilities and trials to stdout.

use super::rank_gnubg::probabilities_json;
use super::{CliError, interrupt, print};
use bgw_engine::core::formats::read_setup_with_roll;
use bgw_engine::core::moves::{Play, legal_plays, match_play};
use bgw_engine::reference::hint_line;
use bgw_engine::reference::{
    MatchContext, ReferenceEngine, ReferenceError, RolloutResult, RolloutSettings, match_to_plays,
};
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;

/// Arguments of `bgw rollout`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID, PositionID:MatchID, or XGID (its match state is the one a
    /// cubeful rollout is at).
    position: String,
    /// The roll: two digits 1-6 (31 or 13); may be left out when the ID carries dice.
    dice: Option<String>,
    /// The moves to roll out, each as one argument in gnubg's notation (`"8/5 6/5"`).
    #[arg(long, num_args = 1.., conflicts_with = "best")]
    moves: Vec<String>,
    /// Roll out gnubg's best N moves at 0 ply (3 when neither this nor --moves is given).
    #[arg(long, value_name = "N")]
    best: Option<usize>,
    /// Games played from each move's position.
    #[arg(long, default_value_t = 144)]
    trials: u32,
    /// Stop each game after N plies and evaluate it (0: play to the end).
    #[arg(long, value_name = "N", default_value_t = 0)]
    truncate: u32,
    /// Without gnubg's variance reduction.
    #[arg(long)]
    no_variance_reduction: bool,
    /// The random seed (the same seed gives the same rollout).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// The depth of checker play and cube decisions during the rollout (0, 1 or 2 plies).
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// Cubeless money even when the position carries a match state.
    #[arg(long)]
    cubeless: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// Runs `bgw rollout`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (setup, dice) = read_setup_with_roll(&args.position, args.dice.as_deref())?;
    let pos = setup.position;
    let cubeful = !args.cubeless && setup.match_state.is_some_and(|m| !m.is_plain_money());
    let settings = RolloutSettings {
        trials: args.trials,
        truncate: args.truncate,
        variance_reduction: !args.no_variance_reduction,
        seed: args.seed,
        plies: args.plies,
        cube_plies: args.plies,
        cubeful,
    };
    settings.check().map_err(CliError::usage)?;
    let at = MatchContext::of(&setup);
    if settings.cubeful {
        super::gnubg_plays(&at)?;
    }
    let all = legal_plays(&pos, dice);
    if all.is_empty() {
        return Err(CliError::usage(format!("no legal move with {dice}")));
    }
    let task = interrupt::task();
    let judge = args.reference.rollout_judge(&task)?;
    if judge.reference() == bgw_engine::reference::Reference::Native {
        return Err(CliError::failed(format!(
            "the native evaluator has no rollouts; {}",
            bgw_engine::reference::PROCESS_DOES_IT
        )));
    }
    let mut gnubg = judge.engine();
    let plays: Vec<Play> = if args.moves.is_empty() {
        let n = args.best.unwrap_or(3);
        if n == 0 {
            return Err(CliError::usage("--best must be at least 1"));
        }
        let cubeful = settings.cubeful.then_some(&at);
        best_plays(&mut *gnubg, &pos, dice, cubeful, &all, n)?
    } else {
        named_plays(&pos, dice, &args.moves, &all)?
    };
    let judged = match settings.cubeful {
        true if at.is_match() => format!("{}: cubeful equity (EMG), MWC", at.describe()),
        true => format!("{}: cubeful equity", at.describe()),
        false => "cubeless money".to_string(),
    };
    eprintln!(
        "rolling out {} moves with gnubg ({settings}), {judged}",
        plays.len()
    );
    let count = plays.len();
    let results = gnubg
        .rollout(&pos, &plays, &settings, &at, &mut |i, r| {
            let mut err = std::io::stderr().lock();
            let _ = writeln!(
                err,
                "  move {}/{count} {:<20} {:>6}/{} trials  {:+.4} ± {:.4}",
                i + 1,
                r.notation,
                r.trials,
                settings.trials,
                r.equity,
                r.se
            );
        })
        .map_err(|e| failed(&e))?;
    let engine = gnubg.info().map_err(|e| failed(&e))?.to_string();
    if args.json {
        let v = rollout_json(&engine, &judged, &settings, &results);
        print(&format!("{}\n", serde_json::to_string_pretty(&v)?))?;
    } else {
        print(&table(&engine, &judged, &settings, &results))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// gnubg's best `n` of `all` (the legal plays of `pos` with `dice`) at 0 ply: cubeful at
/// `cubeful`'s match state when given, else cubeless.
fn best_plays(
    gnubg: &mut dyn ReferenceEngine,
    pos: &bgw_engine::Position,
    dice: bgw_engine::core::dice::Dice,
    cubeful: Option<&MatchContext>,
    all: &[Play],
    n: usize,
) -> Result<Vec<Play>, CliError> {
    let ranked = match cubeful {
        Some(at) => gnubg.rank_moves_at(pos, dice, 0, at),
        None => gnubg.rank_moves(pos, dice, 0),
    }
    .map_err(|e| failed(&e))?;
    Ok(match_to_plays(pos, dice, &ranked, all, true)
        .map_err(|e| CliError::failed(e.to_string()))?
        .into_iter()
        .take(n)
        .map(|(i, _)| all[i])
        .collect())
}

/// The plays of `all` the `moves` name, in their order; a move not legal, or named twice,
/// is a usage error.
fn named_plays(
    pos: &bgw_engine::Position,
    dice: bgw_engine::core::dice::Dice,
    moves: &[String],
    all: &[Play],
) -> Result<Vec<Play>, CliError> {
    let mut chosen: Vec<Play> = Vec::new();
    for text in moves {
        let i = match_play(pos, dice, text, all)
            .map_err(|why| CliError::usage(format!("{text:?}: {why}")))?;
        if chosen.iter().any(|p| p.result == all[i].result) {
            return Err(CliError::usage(format!("{text:?} is named twice")));
        }
        chosen.push(all[i]);
    }
    Ok(chosen)
}

/// The rollout as JSON: the engine, what the equities are, the settings and each move's
/// results.
fn rollout_json(
    engine: &str,
    judged: &str,
    settings: &RolloutSettings,
    results: &[RolloutResult],
) -> serde_json::Value {
    let moves: Vec<_> = results.iter().map(result_json).collect();
    json!({
        "engine": engine,
        "judged_at": judged,
        "settings": {
            "trials": settings.trials,
            "truncate": settings.truncate,
            "variance_reduction": settings.variance_reduction,
            "seed": settings.seed,
            "plies": settings.plies,
            "cubeful": settings.cubeful,
        },
        "moves": moves,
    })
}

fn result_json(r: &RolloutResult) -> serde_json::Value {
    let mut v = json!({
        "move": r.notation,
        "equity": r.equity,
        "se": r.se,
        "cubeless": r.cubeless,
        "cubeless_se": r.cubeless_se,
        "probabilities": probabilities_json(&r.probs),
        "trials": r.trials,
    });
    if let (Some(mwc), Some(se)) = (r.mwc, r.mwc_se) {
        v["mwc"] = json!(mwc);
        v["mwc_se"] = json!(se);
    }
    v
}

/// The results as text, best first by equity.
pub fn table(
    engine: &str,
    judged: &str,
    settings: &RolloutSettings,
    results: &[RolloutResult],
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "{engine} rollout, {settings}; {judged}");
    let mwc = results.iter().any(|r| r.mwc.is_some());
    let _ = writeln!(
        out,
        "{:>3}  {:<20} {:>7} {:>6}{}  {:<37}  {:>6}",
        "#",
        "move",
        "equity",
        "SE",
        if mwc { "      MWC     SE" } else { "" },
        "W     WG    WBG   - L     LG    LBG",
        "trials"
    );
    let mut order: Vec<&RolloutResult> = results.iter().collect();
    order.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    for (rank, r) in order.iter().enumerate() {
        let _ = write!(
            out,
            "{:>3}  {:<20} {:>+7.3} {:>6.3}",
            rank + 1,
            r.notation,
            r.equity,
            r.se
        );
        if mwc {
            let _ = write!(
                out,
                " {:>7.2}% {:>5.2}%",
                100.0 * r.mwc.unwrap_or(0.0),
                100.0 * r.mwc_se.unwrap_or(0.0)
            );
        }
        let _ = writeln!(out, "  {:<37}  {:>6}", hint_line(&r.probs), r.trials);
    }
    out
}

/// A failed gnubg: Ctrl+C's stop, or a failure while running.
fn failed(e: &ReferenceError) -> CliError {
    if e.is_cancelled() || interrupt::interrupted() {
        CliError::interrupted("interrupted: the rollout was stopped")
    } else {
        CliError::failed(e.to_string())
    }
}
