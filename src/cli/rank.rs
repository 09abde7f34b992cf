//! `bgw rank`: every legal result of a roll ranked by the classic program's BRDVAL.

use super::{CliError, print};
use bgw_engine::core::formats::{encode_position_id, read_position};
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::evaluation::classic::{Ranking, TERM_COUNT, Term, Weights, by_seed_name};
use bgw_engine::{Dice, Position};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw rank`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID (or PositionID:MatchID).
    position: String,
    /// The roll: two digits 1-6 in either order (31 or 13).
    dice: String,
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
    let pos = read_position(&args.position)?;
    let dice: Dice = args.dice.parse()?;
    let weights = load_weights(args.weights.as_ref())?;
    let ranking = Ranking::new(&pos, dice, &weights, &mut MoveGenerator::new());
    if args.json {
        print(&format!(
            "{}\n",
            serde_json::to_string_pretty(&to_json(&ranking))?
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    print(&table(&pos, dice, &ranking))?;
    Ok(ExitCode::SUCCESS)
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
        phase: r.phase.name(),
        position: encode_position_id(&r.position),
    }
}
