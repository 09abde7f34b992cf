//! `bgw moves`: the legal results of a roll, one position at a time or in batch.

use super::{CliError, print};
use bgw_engine::Dice;
use bgw_engine::core::formats::{encode_position_id, read_position, read_setup_with_roll, shorten};
use bgw_engine::core::moves::{MoveGenerator, Play};
use rayon::prelude::*;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Arguments of `bgw moves`.
#[derive(clap::Args)]
pub struct Args {
    /// A gnubg Position ID, PositionID:MatchID, or XGID.
    #[arg(required_unless_present = "batch")]
    position: Option<String>,
    /// The roll: two digits 1-6 in either order (31 or 13); may be left out when the ID
    /// carries dice (an XGID or PositionID:MatchID).
    dice: Option<String>,
    /// Print a JSON array of {"move", "result"} instead of lines.
    #[arg(long)]
    json: bool,
    /// Read lines "<PositionID> <DICE>" from stdin and write, for each, in order,
    /// "<PositionID> <DICE> <n> <id1> … <idn>" (result IDs with the opponent on roll, sorted).
    /// A line that cannot be answered (malformed, not UTF-8, longer than 4096 bytes) gets
    /// "<line> error: <why>" and the run goes on; the exit code is then 1.
    #[arg(long, conflicts_with_all = ["position", "dice", "json"])]
    batch: bool,
}

/// One result of `bgw moves --json`.
#[derive(serde::Serialize)]
struct MoveJson<'a> {
    #[serde(rename = "move")]
    mv: &'a str,
    result: &'a str,
}

/// Runs `bgw moves`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.batch {
        return batch();
    }
    let Some(text) = args.position else {
        return Err(CliError::usage("give a position and a roll, or --batch"));
    };
    let (setup, dice) = read_setup_with_roll(&text, args.dice.as_deref())?;
    let pos = setup.position;
    let mut plays = MoveGenerator::new().generate(&pos, dice).to_vec();
    sort_for_display(&mut plays);
    let rows: Vec<(String, String)> = plays
        .iter()
        .map(|p| (p.mv.notation(), encode_position_id(&p.result.mirror())))
        .collect();
    if args.json {
        let array: Vec<MoveJson> = rows
            .iter()
            .map(|(mv, result)| MoveJson { mv, result })
            .collect();
        print(&format!("{}\n", serde_json::to_string(&array)?))?;
    } else {
        let lines: String = rows
            .iter()
            .map(|(mv, id)| format!("{mv:<24} {id}\n"))
            .collect();
        print(&lines)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Orders plays as a player reads them: by their steps, highest source point first.
fn sort_for_display(plays: &mut [Play]) {
    let key = |p: &Play| {
        let mut steps: Vec<(u8, u8)> = p.mv.steps().map(|s| (s.from, s.to)).collect();
        steps.sort_unstable_by(|a, b| b.cmp(a));
        steps
    };
    plays.sort_by_cached_key(|p| std::cmp::Reverse(key(p)));
}

/// One batch line answered: the output line, and whether it was an error.
fn answer(line: &str, generator: &mut MoveGenerator) -> (String, bool) {
    let mut fields = line.split_whitespace();
    let parsed = match (fields.next(), fields.next(), fields.next()) {
        (Some(id), Some(dice), None) => read_position(id)
            .map_err(|e| e.to_string())
            .and_then(|pos| Ok((pos, dice.parse::<Dice>().map_err(|e| e.to_string())?))),
        _ => Err("expected two fields: <PositionID> <DICE>".to_string()),
    };
    match parsed {
        Ok((pos, dice)) => {
            let mut ids: Vec<String> = generator
                .generate(&pos, dice)
                .iter()
                .map(|p| encode_position_id(&p.result.mirror()))
                .collect();
            ids.sort_unstable();
            let mut out = format!("{} {}", line.trim(), ids.len());
            for id in &ids {
                out.push(' ');
                out.push_str(id);
            }
            (out, false)
        }
        Err(why) => (format!("{} error: {why}", shorten(line, ECHO)), true),
    }
}

/// The longest batch line read, in bytes (a valid one has fewer than 60): a longer one is
/// answered with an error quoting its start, and never held whole.
const MAX_LINE: usize = 4096;

/// The most characters of a line an error line repeats.
const ECHO: usize = 80;

/// One line of stdin as read: its text, or the error line that answers it.
pub(super) enum Line {
    /// The line's text, without its line end.
    Text(String),
    /// The error line that answers a line too long or not UTF-8.
    Refused(String),
}

/// The start of a refused line's bytes, made printable and short.
pub(super) fn excerpt(bytes: &[u8]) -> String {
    shorten(
        &String::from_utf8_lossy(&bytes[..bytes.len().min(4 * ECHO)]),
        ECHO,
    )
}

/// Reads the next line (without its line end) into `buf`, at most [`MAX_LINE`] bytes of it;
/// `None` at the end of the input.
pub(super) fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<Line>> {
    buf.clear();
    if std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if buf.len() > MAX_LINE {
        input.skip_until(b'\n')?;
        return Ok(Some(Line::Refused(format!(
            "{} error: the line is longer than {MAX_LINE} bytes",
            excerpt(buf)
        ))));
    }
    Ok(Some(match std::str::from_utf8(buf) {
        Ok(text) => Line::Text(text.to_string()),
        Err(e) => Line::Refused(format!(
            "{} error: not UTF-8 text (byte {} is not valid UTF-8)",
            excerpt(buf),
            e.valid_up_to() + 1
        )),
    }))
}

/// `--batch`: stdin to stdout, in order, chunks answered in parallel. Exit code 1 when a line
/// failed.
fn batch() -> Result<ExitCode, CliError> {
    const CHUNK: usize = 8192;
    let mut stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(super::stdout());
    let mut failed = false;
    let mut buf = Vec::new();
    loop {
        let mut chunk = Vec::with_capacity(CHUNK);
        while chunk.len() < CHUNK {
            match read_line(&mut stdin, &mut buf)? {
                Some(line) => chunk.push(line),
                None => break,
            }
        }
        if chunk.is_empty() {
            break;
        }
        let answers: Vec<(String, bool)> = chunk
            .par_iter()
            .map_init(MoveGenerator::new, |generator, line| match line {
                Line::Text(text) => answer(text, generator),
                Line::Refused(error) => (error.clone(), true),
            })
            .collect();
        for (text, error) in answers {
            failed |= error;
            writeln!(out, "{text}")?;
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(super::Exit::Failed.code())
    } else {
        ExitCode::SUCCESS
    })
}
