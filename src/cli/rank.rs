//! `bgw rank`: every legal result of a roll ranked by the classic program's BRDVAL, and with
//! `--gnubg PLIES` gnubg's verdict on each beside it (see [`super::rank_gnubg`]).

use super::rank_gnubg::GnubgVerdict;
use super::{CliError, print};
use bgw_engine::core::formats::{encode_position_id, read_setup_with_roll};
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::evaluation::classic::{Ranking, TERM_COUNT, Term, Weights, by_seed_name};
use bgw_engine::{Dice, Position};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw rank`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID, PositionID:MatchID, or XGID (with `--gnubg`, its match state is
    /// the one gnubg judges at).
    position: String,
    /// The roll: two digits 1-6 in either order (31 or 13); may be left out when the ID
    /// carries dice (an XGID or PositionID:MatchID).
    dice: Option<String>,
    /// gnubg's verdict on every candidate at this depth (0, 1 or 2 plies), each move at the
    /// full depth: equity, rank, loss, MWC in a match and its probabilities. Judged at the
    /// position's match state (cubeful, EMG) when it carries one.
    #[arg(long, value_name = "PLIES")]
    gnubg: Option<u8>,
    /// With `--gnubg`: judge as cubeless money even when the position carries a match state.
    #[arg(long, requires = "gnubg")]
    cubeless: bool,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
    /// A weights file (RON); the built-in defaults when absent.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// The weights from `--weights FILE`, or the built-in defaults.
pub fn load_weights(path: Option<&PathBuf>) -> Result<Weights, CliError> {
    match path {
        Some(p) => Ok(Weights::load(p)?),
        None => Ok(Weights::builtin_default()),
    }
}

/// Runs `bgw rank`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(plies) = args.gnubg
        && plies > 2
    {
        return Err(CliError::usage(format!(
            "--gnubg must be 0, 1 or 2 plies, not {plies}"
        )));
    }
    let (setup, dice) = read_setup_with_roll(&args.position, args.dice.as_deref())?;
    let pos = setup.position;
    let weights = load_weights(args.weights.as_ref())?;
    let ranking = Ranking::new(&pos, dice, &weights, &mut MoveGenerator::new());
    let plays: Vec<_> = ranking.candidates.iter().map(|c| c.play).collect();
    let gnubg = match args.gnubg {
        Some(plies) => Some(GnubgVerdict::ask(
            &pos,
            dice,
            plies,
            judged_at(&setup, args.cubeless),
            &plays,
            &args.reference,
        )?),
        None => None,
    };
    if args.json {
        let mut json = to_json(&ranking);
        if let Some(g) = &gnubg {
            json.gnubg = Some(g.header_json(&plays));
            for (i, c) in json.candidates.iter_mut().enumerate() {
                c.gnubg = g.candidate_json(i);
            }
        }
        print(&format!("{}\n", serde_json::to_string_pretty(&json)?))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = table(&pos, dice, &ranking);
    if let Some(g) = &gnubg {
        text.push_str(&g.table());
    }
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// The match state gnubg judges `setup` at: its own, unless `cubeless` or it carries none (a
/// money game with the cube centred and no special rules is cubeless money too, as in the
/// app's candidates panel).
fn judged_at(
    setup: &bgw_engine::core::formats::Setup,
    cubeless: bool,
) -> Option<bgw_engine::reference::MatchContext> {
    setup
        .match_state
        .filter(|m| !cubeless && !m.is_plain_money())
        .map(|_| bgw_engine::reference::MatchContext::of(setup))
}

/// The ranking as the text table `bgw rank` prints.
fn table(pos: &Position, dice: Dice, ranking: &Ranking) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}  {} to play {}  phase: {}",
        encode_position_id(pos),
        pos.on_roll(),
        dice,
        ranking.phase.description()
    );
    if ranking.candidates.is_empty() {
        out.push_str("no legal move\n");
        return out;
    }
    let mut header = format!("{:>3}  {:<20} {:>8} {:>7}", "#", "move", "BRDVAL", "delta");
    // A column per term on, as wide as its name (8 at least).
    let width = |t: Term| t.seed_name().len().max(8);
    for t in ranking.terms().iter() {
        header.push_str(&format!(" {:>w$}", t.seed_name(), w = width(t)));
    }
    let _ = writeln!(out, "{header}  classic");
    for (i, c) in ranking.candidates.iter().enumerate() {
        let _ = write!(
            out,
            "{:>3}  {:<20} {:>8.2} {:>7.2}",
            i + 1,
            c.play.mv.notation(),
            c.value,
            c.delta
        );
        for t in ranking.terms().iter() {
            let _ = write!(out, " {:>w$.2}", c.addends[t.index()], w = width(t));
        }
        out.push_str(if c.classic_choice { "  *\n" } else { "\n" });
    }
    if let Some(choice) = ranking.choice {
        let _ = writeln!(
            out,
            "classic program plays #{} {} ({}: {})",
            choice.index + 1,
            ranking.candidates[choice.index].play.mv.notation(),
            choice.phase,
            choice.reason
        );
    }
    out
}

/// The ranking as JSON (shape documented in docs/classic.md, `bgw rank`; fields in
/// alphabetical order, as that page shows them).
#[derive(serde::Serialize)]
pub struct RankingJson {
    candidates: Vec<CandidateJson>,
    classic_reason: Option<String>,
    dice: String,
    /// With `--gnubg`: the depth, what was judged at and which moves were evaluated.
    #[serde(skip_serializing_if = "Option::is_none")]
    gnubg: Option<serde_json::Value>,
    phase: &'static str,
    position: String,
}

/// One ranked result.
#[derive(serde::Serialize)]
struct CandidateJson {
    addends: BTreeMap<&'static str, f64>,
    classic_choice: bool,
    delta: f64,
    /// Each term's value for the side that moved and for its opponent.
    features: BTreeMap<&'static str, [i32; 2]>,
    /// With `--gnubg`: gnubg's equity, rank, loss, plies, MWC (in a match) and probabilities.
    #[serde(skip_serializing_if = "Option::is_none")]
    gnubg: Option<serde_json::Value>,
    #[serde(rename = "move")]
    mv: String,
    phase: &'static str,
    rank: usize,
    result: String,
    value: f64,
}

/// The ranking as JSON.
pub fn to_json(r: &Ranking) -> RankingJson {
    let candidates = r
        .candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let pairs: [[i32; 2]; TERM_COUNT] =
                std::array::from_fn(|k| [c.features.own[k], c.features.opp[k]]);
            CandidateJson {
                addends: by_seed_name(&c.addends, r.terms()),
                classic_choice: c.classic_choice,
                delta: c.delta,
                features: by_seed_name(&pairs, r.terms()),
                gnubg: None,
                mv: c.play.mv.notation(),
                phase: r.phase.name(),
                rank: i + 1,
                result: encode_position_id(&c.play.result.mirror()),
                value: c.value,
            }
        })
        .collect();
    RankingJson {
        candidates,
        classic_reason: r.choice.map(|c| c.reason.to_string()),
        dice: r.dice.to_string(),
        gnubg: None,
        phase: r.phase.name(),
        position: encode_position_id(&r.position),
    }
}
