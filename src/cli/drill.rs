//! `bgw drill`: the player's own errors from the archive as a deck, answered at the terminal
//! and scheduled by FSRS ([`bgw_engine::archive`]'s drill); `next` and `answer` do one step
//! each as JSON, for scripts.

use super::archive_db::{Db, failed, plies};
use super::{CliError, interrupt, print};
use bgw_engine::archive::{
    Archive, Card, DeckOptions, DrillError, Graded, Time, now, parse_time, time_text,
};
use bgw_engine::core::formats::{render_diagram, shorten};
use bgw_engine::reference::native::NativeEvaluator;
use bgw_engine::reference::{Judge, ReferenceEngine};
use bgw_engine::review::Mark;
use std::io::BufRead;
use std::process::ExitCode;

/// Arguments of `bgw drill`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(clap::Subcommand)]
enum Command {
    /// The next card due, as one JSON object ({"card": null, …} when none is due).
    Next(NextArgs),
    /// Grades an answer to a card and schedules it: a move in gnubg's notation
    /// (24/18 13/11), or double / no double, take / pass.
    Answer(AnswerArgs),
}

/// Which deck and when: shared by the three.
#[derive(clap::Args)]
struct Deck {
    #[command(flatten)]
    db: Db,
    /// The time to schedule from (RFC 3339, 2026-12-05T09:00:00Z; default: now) — for
    /// scripts and tests.
    #[arg(long, value_name = "TIME")]
    now: Option<String>,
}

impl Deck {
    fn now(&self) -> Result<Time, CliError> {
        match &self.now {
            Some(t) => parse_time(t).map_err(|why| CliError::usage(format!("--now: {why}"))),
            None => Ok(now()),
        }
    }
}

/// Arguments of `bgw drill` itself: the deck played at the terminal.
#[derive(clap::Args)]
struct PlayArgs {
    #[command(flatten)]
    deck: Deck,
    /// The player whose errors make the deck (a person, see `bgw archive alias`, or a name
    /// the files give).
    #[arg(long)]
    player: Option<String>,
    /// Only errors that cost more than this, mEMG (default: 30, what gnubg marks).
    #[arg(long, value_name = "MEMG", default_value_t = 1000.0 * Mark::DOUBTFUL_ABOVE)]
    min_loss: f64,
    /// The reviews at this depth, 0, 1 or 2 (default: each match's deepest review).
    #[arg(long, value_name = "N")]
    plies: Option<String>,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// Arguments of `bgw drill next`.
#[derive(clap::Args)]
struct NextArgs {
    #[command(flatten)]
    deck: Deck,
    /// Only this player's cards; their new errors are added to the deck first.
    #[arg(long)]
    player: Option<String>,
    /// As JSON (the only form: the flag is accepted for symmetry with the other commands).
    #[arg(long)]
    json: bool,
}

/// Arguments of `bgw drill answer`.
#[derive(clap::Args)]
struct AnswerArgs {
    #[command(flatten)]
    deck: Deck,
    /// The card's number (`"card"` of `bgw drill next`).
    card: i64,
    /// The answer: a move (24/18 13/11) or double, no double, take, pass.
    #[arg(required = true, num_args = 1..)]
    answer: Vec<String>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// Runs `bgw drill`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.command {
        Some(Command::Next(a)) => next(a),
        Some(Command::Answer(a)) => answer(a),
        None => play(args.play),
    }
}

/// The deck of `player`'s errors brought up to date.
fn build(
    archive: &mut Archive,
    player: &str,
    min_loss_memg: f64,
    plies: Option<u8>,
    now: Time,
) -> Result<usize, CliError> {
    if !(min_loss_memg.is_finite() && min_loss_memg >= 0.0) {
        return Err(CliError::usage(format!(
            "--min-loss must be a number of mEMG, 0 or more, not {min_loss_memg}"
        )));
    }
    let options = DeckOptions {
        player: player.to_string(),
        min_loss: min_loss_memg / 1000.0,
        plies,
    };
    archive.build_deck(&options, now).map_err(failed)
}

/// A card as `next` prints it: what to answer, not the answer.
fn card_json(card: &Card) -> serde_json::Value {
    serde_json::json!({
        "card": card.card,
        "position_id": card.error.position_id,
        "match_id": card.error.match_id,
        "dice": card.error.dice,
        "kind": card.error.kind,
        "player": card.error.player,
        "file": card.error.file,
        "game": card.error.game,
        "number": card.error.number,
        "plies": card.error.plies,
        "due": card.due,
        "reps": card.reps,
        "lapses": card.lapses,
        "question": card.question(),
    })
}

fn next(args: NextArgs) -> Result<ExitCode, CliError> {
    let now = args.deck.now()?;
    // Without a player nothing is written: read-only.
    let mut archive = match &args.player {
        Some(_) => args.deck.db.open()?,
        None => args.deck.db.open_to_read()?,
    };
    if let Some(p) = &args.player {
        build(&mut archive, p, 1000.0 * Mark::DOUBTFUL_ABOVE, None, now)?;
    }
    let player = args.player.as_deref();
    let card = archive.next_card(player, now).map_err(failed)?;
    let count = archive.deck_count(player, now).map_err(failed)?;
    let mut v = match &card {
        Some(c) => card_json(c),
        None => serde_json::json!({ "card": null }),
    };
    v["deck"] = serde_json::to_value(&count)?;
    print(&format!("{v}\n"))?;
    Ok(ExitCode::SUCCESS)
}

/// The judge `reference` chooses, and gnubg's nets read in process (the native judge's own,
/// else found or built in) to say why a wrong move loses, as `bgw match review` does.
fn judged(
    reference: &super::reference::ReferenceArgs,
) -> Result<(Judge, NativeEvaluator), CliError> {
    let judge = reference.judge(&interrupt::task())?;
    let nets = judge
        .nets(reference.gnubg_weights.as_deref())
        .map_err(|e| CliError::failed(e.to_string()))?;
    Ok((judge, nets))
}

/// `judge`'s engines, started only when a move needs one.
fn engines(judge: Judge) -> impl FnMut() -> Option<Box<dyn ReferenceEngine>> {
    move || Some(judge.engine() as Box<dyn ReferenceEngine>)
}

/// A refusal of the answer as the command line says it.
fn refused(e: DrillError) -> CliError {
    match e {
        DrillError::NoCard(_) | DrillError::NotAnAnswer(_) | DrillError::Time(_) => {
            CliError::usage(e.to_string())
        }
        DrillError::Engine(_) => CliError::failed(e.to_string()),
        DrillError::Archive(e) => failed(e),
    }
}

fn answer(args: AnswerArgs) -> Result<ExitCode, CliError> {
    let now = args.deck.now()?;
    let mut archive = args.deck.db.open()?;
    let text = args.answer.join(" ");
    let (judge, nets) = judged(&args.reference)?;
    let mut judge = engines(judge);
    let graded = archive
        .answer_card_explained(args.card, &text, now, &mut judge, Some(&nets))
        .map_err(refused)?;
    if args.json {
        print(&format!("{}\n", serde_json::to_value(&graded)?))?;
    } else {
        print(&verdict(&graded, now))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// When `due` comes, in words and the user's local time: "in 10 minutes, at 14:35",
/// "tomorrow at 09:00" (the app says the same).
fn until(due: &str, now: Time) -> String {
    bgw_engine::archive::due_words(due, now)
}

/// The verdict on an answer, in words; after a wrong one, gnubg's reason on a line of its own.
fn verdict(g: &Graded, now: Time) -> String {
    let head = if g.correct {
        format!("Right: {} is gnubg's best.", shorten(&g.answer, 80))
    } else {
        format!(
            "{} loses {:.1} mEMG; gnubg's best: {}.",
            shorten(&g.answer, 80),
            g.loss_memg,
            shorten(&g.best, 80)
        )
    };
    let why = g
        .why_gnubg
        .as_ref()
        .map(|w| format!("gnubg's why: {}\n", w.sentence()))
        .unwrap_or_default();
    format!(
        "{head} (In the match: {}, {:.1} mEMG.) Graded {}; due again {}.\n{why}",
        shorten(&g.played, 80),
        g.played_loss_memg,
        g.rating,
        until(&g.due, now)
    )
}

/// What the board of a card asks, in words (the app's words: [`Card::question`]).
fn question(card: &Card) -> String {
    format!(
        "Card {} — {}, {} game {} #{}: {}\n",
        card.card,
        shorten(&card.error.player, 60),
        shorten(&card.error.file, 120),
        card.error.game,
        card.error.number,
        card.question()
    )
}

fn play(args: PlayArgs) -> Result<ExitCode, CliError> {
    let Some(player) = args.player.as_deref() else {
        return Err(CliError::usage(
            "bgw drill: name the player (--player NAME), or use `bgw drill next` / `bgw drill answer`",
        ));
    };
    let depth = plies(args.plies.as_deref())?;
    let (judge, nets) = judged(&args.reference)?;
    let mut judge = engines(judge);
    let mut archive = args.deck.db.open()?;
    let start = args.deck.now()?;
    let added = build(&mut archive, player, args.min_loss, depth, start)?;
    let count = archive.deck_count(Some(player), start).map_err(failed)?;
    print(&format!(
        "{} cards for {} ({added} new from the archive's reviews), {} due. Answer with a move \
         (24/18 13/11), double / no double, take / pass; `skip` goes on, `quit` or end of input \
         stops.\n",
        count.cards,
        shorten(player, 60),
        count.due
    ))?;
    let mut input = interrupt::stdin();
    let mut line = Vec::new();
    let mut skipped = Vec::new();
    loop {
        let now = match args.deck.now {
            Some(_) => start,
            None => now(),
        };
        let card = archive
            .cards(Some(player))
            .map_err(failed)?
            .into_iter()
            .find(|c| !skipped.contains(&c.card) && c.due <= time_text(now));
        let Some(card) = card else {
            let count = archive.deck_count(Some(player), now).map_err(failed)?;
            let next = count
                .next_due
                .map(|d| format!("; the next {}", until(&d, now)))
                .unwrap_or_default();
            print(&format!("No card due{next}.\n"))?;
            return Ok(ExitCode::SUCCESS);
        };
        let setup = card.setup().map_err(failed)?;
        print(&format!("\n{}{}", render_diagram(&setup), question(&card)))?;
        loop {
            print("> ")?;
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(ExitCode::SUCCESS);
            }
            let Ok(said) = std::str::from_utf8(&line) else {
                print("That line is not UTF-8 text: answer again.\n")?;
                continue;
            };
            let said = said.trim();
            match said {
                "" => continue,
                "quit" | "q" => return Ok(ExitCode::SUCCESS),
                "skip" => {
                    skipped.push(card.card);
                    break;
                }
                _ => {}
            }
            match archive.answer_card_explained(card.card, said, now, &mut judge, Some(&nets)) {
                Ok(g) => {
                    print(&verdict(&g, now))?;
                    break;
                }
                Err(e @ DrillError::NotAnAnswer(_)) => print(&format!("{e}\n"))?,
                // The card cannot be scheduled at this time: say so and go on to the next.
                Err(e @ DrillError::Time(_)) => {
                    print(&format!("{e}; skipped\n"))?;
                    skipped.push(card.card);
                    break;
                }
                Err(e) => return Err(refused(e)),
            }
        }
    }
}
