//! `bgw match`: match files (MAT or gnubg's SGF) read, every move replayed and checked.

use super::decision_lines::{decision_json, decision_text, one_line, read};
use super::{CliError, eprint, print, shown};
use bgw_engine::io::atomic_file::write_atomic;
use bgw_engine::matches::{Decision, Game, Match, MatchFormat, Warning};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw match`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Every decision of a match file (MAT or gnubg's SGF): one line each, with the moves
    /// replayed and checked, and what could not be read as recorded.
    Decisions(DecisionsArgs),
    /// The match reviewed by gnubg at each decision's match state, as its `analyse match`
    /// does, with the classic program's own choices beside: every decision, then each
    /// player's error rate and marks.
    Review(super::match_review::ReviewArgs),
    /// A match file written again as MAT or gnubg's SGF, as gnubg reads it back: to stdout,
    /// or atomically to a file with -o.
    Convert(ConvertArgs),
}

/// Arguments of `bgw match convert`.
#[derive(clap::Args)]
struct ConvertArgs {
    /// The match file: MAT or gnubg's SGF.
    file: PathBuf,
    /// The layout to write. MAT cannot hold a game set up away from the opening position.
    #[arg(long, value_enum)]
    to: Layout,
    /// Where to write it (atomically: a temporary file renamed over it); stdout when absent.
    #[arg(short = 'o', long = "out")]
    out: Option<PathBuf>,
}

/// The layouts `bgw match convert` writes.
#[derive(clap::ValueEnum, Clone, Copy)]
enum Layout {
    /// The Jellyfish MAT text layout, as gnubg's `export match mat` writes it.
    Mat,
    /// gnubg's SGF.
    Sgf,
}

/// Arguments of `bgw match decisions`.
#[derive(clap::Args)]
struct DecisionsArgs {
    /// The match file: the MAT text layout (gnubg, XG, the play sites) or gnubg's SGF.
    file: PathBuf,
    /// One JSON object a line instead of text: each decision (game, kind, player 0 or 1,
    /// position_id, match_id, dice, move, illegal) and each warning.
    #[arg(long)]
    json: bool,
}

/// Runs `bgw match`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.command {
        Command::Decisions(a) => decisions(a),
        Command::Review(a) => super::match_review::run(a),
        Command::Convert(a) => convert(a),
    }
}

fn convert(args: ConvertArgs) -> Result<ExitCode, CliError> {
    if let Some(out) = &args.out {
        super::check_writable(out)?;
    }
    let m = read(&args.file)?;
    let format = match args.to {
        Layout::Mat => MatchFormat::Mat,
        Layout::Sgf => MatchFormat::Sgf,
    };
    let text = m
        .write_as(format)
        .map_err(|e| CliError::failed(format!("{}: {e}", shown(&args.file))))?;
    for w in &m.warnings {
        eprint(&format!(
            "bgw: warning: {}: {} (left out)\n",
            shown(&args.file),
            one_line(&w.to_string())
        ));
    }
    match &args.out {
        None => print(&text)?,
        Some(out) => save(out, &text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a match file's `text` to `path` atomically (see
/// [`bgw_engine::io::atomic_file`]): a failure leaves whatever was there untouched.
pub fn save(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    write_atomic(path, |w| w.write_all(text.as_bytes()))
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", shown(path))))
}

fn decisions(args: DecisionsArgs) -> Result<ExitCode, CliError> {
    let m = read(&args.file)?;
    let mut out = String::new();
    for item in in_file_order(&m) {
        let line = match (item, args.json) {
            (Item::Decision(g, n, d), false) => decision_text(&m, g, n, d),
            (Item::Decision(g, n, d), true) => decision_json(g, n, d),
            (Item::Warning(w), false) => format!("warning: {}", one_line(&w.to_string())),
            (Item::Warning(w), true) => warning_json(w),
        };
        out.push_str(&line);
        out.push('\n');
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// A line of the output: a decision (its game, its number in the game from 1) or a warning.
enum Item<'a> {
    Decision(&'a Game, usize, &'a Decision),
    Warning(&'a Warning),
}

/// The decisions in order, each game's warnings among them by the lines they are about (the
/// match's own warnings first).
fn in_file_order(m: &Match) -> Vec<Item<'_>> {
    let mut items: Vec<Item> = Vec::new();
    let warnings_of = |game: u32| {
        let mut w: Vec<&Warning> = m.warnings.iter().filter(|w| w.game == game).collect();
        w.sort_by_key(|w| w.line);
        w
    };
    items.extend(warnings_of(0).into_iter().map(Item::Warning));
    for g in &m.games {
        let mut warnings = warnings_of(g.number).into_iter().peekable();
        for (i, d) in g.decisions.iter().enumerate() {
            while let Some(w) = warnings.next_if(|w| w.line < d.line) {
                items.push(Item::Warning(w));
            }
            items.push(Item::Decision(g, i + 1, d));
        }
        items.extend(warnings.map(Item::Warning));
    }
    let numbered = |w: &&Warning| w.game != 0 && m.games.iter().all(|g| g.number != w.game);
    items.extend(m.warnings.iter().filter(numbered).map(Item::Warning));
    items
}

/// One warning as JSON.
#[derive(serde::Serialize)]
struct WarningJson<'a> {
    warning: &'a str,
    game: u32,
    line: usize,
    #[serde(skip_serializing_if = "str::is_empty")]
    text: &'a str,
}

fn warning_json(w: &Warning) -> String {
    let j = WarningJson {
        warning: &w.why,
        game: w.game,
        line: w.line,
        text: &w.text,
    };
    serde_json::to_string(&j).unwrap_or_default()
}
