//! `bgw archive`: every match file in one SQLite database (see [`bgw_engine::archive`] and
//! docs/archive.md): `add` stores files and reviews them on several gnubg processes
//! (`archive_add.rs`), `players` and `errors` ask it questions, `alias` makes one person of
//! several site names.

use super::archive_db::{Db, failed, plies};
use super::{CliError, print};
use bgw_engine::archive::ErrorRow;
use bgw_engine::archive::{ErrorFilter, ErrorKind};
use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::{decode_position_id, shorten};
use bgw_engine::core::position::Side;
use bgw_engine::reference::native::{NativeEvaluator, why_gnubg_of_plays};
use std::process::ExitCode;

/// Arguments of `bgw archive`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Store match files (files or folders, recursively: .mat, .txt, .sgf), each once by its
    /// SHA-256; with --review, review every match not yet reviewed at --plies on --jobs gnubg
    /// processes, each match's review stored as soon as it is whole.
    Add(super::archive_add::AddArgs),
    /// Review the stored matches not yet reviewed at --plies (with --shard K/N only those of
    /// shard K of N, by their content's SHA-256), each review stored as soon as it is whole.
    Review(super::archive_add::ReviewArgs),
    /// Merge archives into one by content (--into FILE): a match held by several counts once,
    /// a review of a match at a depth is kept once, aliases and drill cards come along.
    Merge(super::archive_merge::MergeArgs),
    /// Each player's figures over their reviewed matches: matches, decisions, unforced moves,
    /// error, cube error and luck rates (mEMG), first and last match.
    Players(PlayersArgs),
    /// A player's errors, worst first: position, match state, dice, played, best, loss, and
    /// the file, game and move to find it by.
    Errors(ErrorsArgs),
    /// File a site name under a person: the figures count them as one.
    Alias(AliasArgs),
}

/// Arguments of `bgw archive players`.
#[derive(clap::Args)]
struct PlayersArgs {
    #[command(flatten)]
    db: Db,
    /// The reviews at this depth, 0, 1 or 2 (default: each match's deepest review).
    #[arg(long, value_name = "N")]
    plies: Option<String>,
    /// One JSON object a line instead of the table.
    #[arg(long)]
    json: bool,
}

/// Arguments of `bgw archive errors`.
#[derive(clap::Args)]
struct ErrorsArgs {
    #[command(flatten)]
    db: Db,
    /// The player: a person (see `alias`) or a name the files give.
    #[arg(long)]
    player: String,
    /// Only errors in these phases (repeat for several).
    #[arg(long, value_enum)]
    phase: Vec<Phase>,
    /// Only errors that cost at least this much, mEMG.
    #[arg(long, value_name = "MEMG", default_value_t = 0.0)]
    min_loss: f64,
    /// Only these kinds: a checker play, a double (wrong or missed), a take or drop.
    #[arg(long, value_enum)]
    kind: Vec<Kind>,
    /// The reviews at this depth, 0, 1 or 2 (default: each match's deepest review).
    #[arg(long, value_name = "N")]
    plies: Option<String>,
    /// At most this many errors (all when absent).
    #[arg(long)]
    limit: Option<usize>,
    /// One JSON object a line instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(clap::ValueEnum, Clone, Copy)]
enum Phase {
    /// The forces still meet.
    Contact,
    /// They have separated, not all checkers home.
    Race,
    /// All home, no contact.
    Bearoff,
}

#[derive(clap::ValueEnum, Clone, Copy)]
enum Kind {
    /// A checker play.
    Move,
    /// A double made wrongly or missed.
    Double,
    /// A take or drop (or beaver) that was wrong.
    Take,
}

/// Arguments of `bgw archive alias`.
#[derive(clap::Args)]
struct AliasArgs {
    #[command(flatten)]
    db: Db,
    /// The name a file gives (a site's user name).
    name: String,
    /// The person it is (the same as NAME undoes the alias).
    person: String,
}

/// Runs `bgw archive`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.command {
        Command::Add(a) => super::archive_add::run(a),
        Command::Review(a) => super::archive_add::run_review(a),
        Command::Merge(a) => super::archive_merge::run(a),
        Command::Players(a) => players(a),
        Command::Errors(a) => errors(a),
        Command::Alias(a) => {
            let mut archive = a.db.open()?;
            archive.set_alias(&a.name, &a.person).map_err(failed)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A rate as the table shows it: two decimals, or "n/a".
fn rate(r: Option<f64>) -> String {
    r.map_or_else(|| "n/a".into(), |r| format!("{r:.2}"))
}

fn players(args: PlayersArgs) -> Result<ExitCode, CliError> {
    let depth = plies(args.plies.as_deref())?;
    let archive = args.db.open_to_read()?;
    let players = archive.players(depth).map_err(failed)?;
    let mut out = String::new();
    if args.json {
        for p in &players {
            out.push_str(&serde_json::to_string(p)?);
            out.push('\n');
        }
    } else {
        use std::fmt::Write;
        let _ = writeln!(
            out,
            "{:<24} {:>7} {:>8} {:>9} {:>8} {:>10} {:>9} {:>9}  {:<10}  {:<10}  date unknown",
            "player",
            "matches",
            "reviewed",
            "decisions",
            "unforced",
            "error rate",
            "cube rate",
            "luck rate",
            "first",
            "last",
        );
        for p in &players {
            let _ = writeln!(
                out,
                "{:<24} {:>7} {:>8} {:>9} {:>8} {:>10} {:>9} {:>9}  {:<10}  {:<10}  {}",
                shorten(&p.player, 60),
                p.matches,
                p.reviewed,
                p.decisions,
                p.unforced_moves,
                rate(p.error_rate_memg),
                rate(p.cube_error_rate_memg),
                rate(p.luck_rate_memg),
                shorten(p.first.as_deref().unwrap_or("unknown"), 20),
                shorten(p.last.as_deref().unwrap_or("unknown"), 20),
                p.undated,
            );
        }
        out.push_str(
            "(rates in mEMG: checker errors per unforced move, cube errors per close cube \
             decision, luck per roll, over the reviewed matches; first and last of the matches \
             whose date the file or its name gives, the others counted as of unknown date)\n",
        );
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn errors(args: ErrorsArgs) -> Result<ExitCode, CliError> {
    if !(args.min_loss.is_finite() && args.min_loss >= 0.0) {
        return Err(CliError::usage(format!(
            "--min-loss must be a number of mEMG, 0 or more, not {}",
            args.min_loss
        )));
    }
    let depth = plies(args.plies.as_deref())?;
    let archive = args.db.open_to_read()?;
    let filter = ErrorFilter {
        player: args.player.clone(),
        phases: (args.phase.iter())
            .map(|p| match p {
                Phase::Contact => "contact",
                Phase::Race => "race",
                Phase::Bearoff => "bearoff",
            })
            .map(str::to_string)
            .collect(),
        min_loss: args.min_loss / 1000.0,
        kinds: (args.kind.iter())
            .map(|k| match k {
                Kind::Move => ErrorKind::Move,
                Kind::Double => ErrorKind::Double,
                Kind::Take => ErrorKind::Take,
            })
            .collect(),
        plies: depth,
    };
    let mut rows = archive.errors(&filter).map_err(failed)?;
    rows.truncate(args.limit.unwrap_or(usize::MAX));
    // gnubg's own reason for each checker error, from its nets read in process (the weights
    // found or built in), in the JSON only.
    let explainer = if args.json {
        Some(NativeEvaluator::new(None).map_err(|e| CliError::failed(e.to_string()))?)
    } else {
        None
    };
    let mut out = String::new();
    for e in &rows {
        if args.json {
            let mut v = serde_json::to_value(e)?;
            v["loss_memg"] = serde_json::json!(1000.0 * e.error.loss);
            if let Some(why) = explainer.as_ref().and_then(|ev| why_gnubg_json(ev, e)) {
                v["why_gnubg"] = why;
            }
            out.push_str(&v.to_string());
        } else {
            let file_move = e
                .file_move
                .map(|n| format!(" (move {n})"))
                .unwrap_or_default();
            out.push_str(&format!(
                "{:>7.1} mEMG {:<8} {:<6} {:<7} {}: {}  [{}:{}]  {} game {} #{}{}",
                1000.0 * e.error.loss,
                e.mark.replace('_', " "),
                e.error.kind.name(),
                e.phase,
                shorten(&e.error.player, 60),
                // "passed; right: take", "63: played 8/2* 6/5; best: 13/7 8/7".
                shorten(&e.error.what_and_right(), 200),
                e.error.position_id,
                e.error.match_id,
                shorten(&e.error.file, usize::MAX),
                e.error.game,
                e.error.number,
                file_move
            ));
        }
        out.push('\n');
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// gnubg's own reason for a checker error of the archive (as `bgw match review --json` gives
/// it), or `{"error"}` when the nets could not say; `None` for a cube error or a row whose
/// position, roll or moves do not read back.
fn why_gnubg_json(ev: &NativeEvaluator, e: &ErrorRow) -> Option<serde_json::Value> {
    if e.error.kind != ErrorKind::Move {
        return None;
    }
    let dice: Dice = e.error.dice.as_deref()?.parse().ok()?;
    // The side named on roll does not change the split: it reads each side's checkers.
    let position = decode_position_id(&e.error.position_id, Side::White).ok()?;
    Some(
        match why_gnubg_of_plays(ev, &position, dice, &e.error.played, &e.error.best)? {
            Ok(w) => serde_json::to_value(&w).unwrap_or_default(),
            Err(err) => serde_json::json!({ "error": err.to_string() }),
        },
    )
}
