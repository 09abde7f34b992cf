//! The benchmark's decisions: the shipped sets, one JSON line a decision, read and checked.

use crate::core::dice::Dice;
use crate::core::formats::position_id::{self, PositionIdError};
use crate::core::moves::{MoveGenerator, Play};
use crate::core::position::{Position, Side};
use crate::evaluation::classic::Phase;
use crate::io::user_file::{self, human_size};
use crate::reference::{MatchError, MoveEval, match_to_plays};
use std::collections::HashSet;
use std::fmt;
use std::io::{BufRead, Read};
use std::path::Path;

/// The shipped benchmark, gzip-compressed: 11,826 decisions from gnubg 1.07's self-play at
/// 0 plies (`assets/benchmark/README.md` says how it was made).
pub const SHIPPED: &[u8] = include_bytes!("../../../../assets/benchmark/decisions_0ply.jsonl.gz");

/// The name the shipped benchmark is reported under.
pub const SHIPPED_NAME: &str = "the shipped benchmark (gnubg 1.07, 0 plies, 11,826 decisions)";

/// The play benchmark, gzip-compressed: the classic program's own decisions (the shipped
/// default weights) in 400 games against pubeval, judged by gnubg 1.07 at 0 plies (`bgw
/// benchmark build --from-play classic:pubeval --games 400 --seed 1`): of the yardsticks
/// measured, the one whose ranking of players agrees best with their results in play
/// (`docs/benchmark.md`), so the app scores the weights on it by default.
pub const PLAY: &[u8] =
    include_bytes!("../../../../assets/benchmark/play_classic_pubeval_0ply.jsonl.gz");

/// The name the play benchmark is reported under.
pub const PLAY_NAME: &str = "the play benchmark (the classic's decisions in 400 games against \
     pubeval, seed 1, judged by gnubg 1.07 at 0 plies, 7,878 decisions)";

/// The hold-out benchmark, gzip-compressed: decisions from 60 other games of gnubg 1.07's
/// self-play at 0 plies (`bgw benchmark build --games 60 --plies 0 --seed 8`), independent of
/// [`SHIPPED`], for checking weights fitted to it (`assets/benchmark/README.md`).
pub const HOLDOUT: &[u8] = include_bytes!("../../../../assets/benchmark/holdout_0ply.jsonl.gz");

/// The name the hold-out benchmark is reported under.
pub const HOLDOUT_NAME: &str =
    "the hold-out benchmark (gnubg 1.07, 0 plies, 60 games, seed 8, 2,534 decisions)";

/// One decision: a position and roll with gnubg's equity for each of our legal plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The line of the file it was read from (1-based).
    pub line: usize,
    /// gnubg's Position ID as written in the file.
    pub id: String,
    /// The position, the side to move on roll.
    pub position: Position,
    /// The roll.
    pub dice: Dice,
    /// The classic program's phase of the position.
    pub phase: Phase,
    /// Every distinct legal result of the roll (never empty).
    pub plays: Vec<Play>,
    /// gnubg's equity after each play, in the order of `plays`.
    pub equities: Vec<f64>,
    /// The index in `plays` of gnubg's best play (its first, on equal equities).
    pub best: usize,
}

impl Decision {
    /// gnubg's best equity.
    pub fn best_equity(&self) -> f64 {
        self.equities[self.best]
    }

    /// gnubg's best equity minus that of play `i` (≥ 0).
    pub fn loss(&self, i: usize) -> f64 {
        self.best_equity() - self.equities[i]
    }

    /// True when play `i` has gnubg's best equity.
    pub fn agrees(&self, i: usize) -> bool {
        self.equities[i] == self.best_equity()
    }

    /// Our notation of play `i`.
    pub fn notation(&self, i: usize) -> String {
        self.plays[i].mv.notation()
    }
}

/// A benchmark: decisions read from a file, each (position, dice) once.
#[derive(Clone, Debug, PartialEq)]
pub struct Benchmark {
    /// The decisions, in the file's order.
    pub decisions: Vec<Decision>,
    /// Lines skipped because their (id, dice) came earlier.
    pub repeated: usize,
}

/// Why one line is not a decision.
#[derive(Clone, Debug, PartialEq)]
pub enum LineError {
    /// Not text (invalid UTF-8).
    NotText,
    /// Not a JSON object of the benchmark's shape (truncated, a field missing or mistyped).
    Json(String),
    /// The Position ID is not a position.
    Position(PositionIdError),
    /// The position is a finished game: a side has borne off all its checkers.
    Finished,
    /// The dice are not two numbers 1–6.
    Dice(String),
    /// The roll has no legal move in the position: there is nothing to decide.
    NoLegalMove,
    /// gnubg's moves do not match our legal plays one to one.
    Moves(MatchError),
    /// An equity that is not a finite number, or outside gnubg's cubeless range
    /// (±[`MAX_EQUITY`]).
    Equity(f64),
    /// A line longer than [`LINE_CAP`] bytes (it is not read further).
    TooLong,
}

/// The largest cubeless money equity there is: a backgammon, 3 points.
pub const MAX_EQUITY: f64 = 3.0;

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NotText => f.write_str("not UTF-8 text"),
            LineError::Json(why) => write!(f, "not a benchmark decision: {why}"),
            LineError::Position(e) => e.fmt(f),
            LineError::Finished => {
                f.write_str("impossible position: a side has borne off all its checkers")
            }
            LineError::Dice(why) => write!(f, "wrong dice: {why}"),
            LineError::NoLegalMove => f.write_str("the roll has no legal move: nothing to decide"),
            LineError::Moves(e) => e.fmt(f),
            LineError::Equity(e) if e.is_finite() => write!(
                f,
                "equity {e} is outside gnubg's cubeless range (-{MAX_EQUITY} to +{MAX_EQUITY})"
            ),
            LineError::Equity(e) => write!(f, "equity {e} is not a finite number"),
            LineError::TooLong => write!(
                f,
                "longer than {}, the most a decision's line may have",
                human_size(LINE_CAP as u64)
            ),
        }
    }
}

/// Why a benchmark cannot be read.
#[derive(Debug)]
pub enum BenchmarkError {
    /// The file (or its gzip stream) cannot be read.
    Io(std::io::Error),
    /// A bad line.
    Line {
        /// Its number (1-based).
        line: usize,
        /// What is wrong with it.
        error: LineError,
    },
    /// No decision at all.
    Empty,
    /// More than [`TEXT_CAP`] bytes of text (after decompression): a gzip bomb or not a
    /// benchmark.
    TooMuchText,
}

impl fmt::Display for BenchmarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchmarkError::Io(e) => e.fmt(f),
            BenchmarkError::Line { line, error } => write!(f, "line {line}: {error}"),
            BenchmarkError::Empty => f.write_str("the benchmark holds no decision"),
            BenchmarkError::TooMuchText => write!(
                f,
                "holds more than {} of text (after decompression), the most a benchmark may have",
                human_size(TEXT_CAP)
            ),
        }
    }
}

impl std::error::Error for BenchmarkError {}

/// A line as written: dice kept loose so that wrong ones get their own message.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDecision {
    id: String,
    dice: Vec<i64>,
    moves: Vec<(String, f64)>,
}

/// The two bytes that open a gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// UTF-8's byte-order mark, which some editors put at the start of a text file.
pub(super) const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// The largest benchmark file read (compressed or not): 256 MiB.
pub const FILE_CAP: u64 = 256 << 20;

/// The most text a benchmark may hold after decompression: 256 MiB (the shipped one holds
/// 9 MiB).
pub const TEXT_CAP: u64 = 256 << 20;

/// The longest line read: 1 MiB (the shipped benchmark's longest, a position with 800 legal
/// plays, is 36 KB).
pub const LINE_CAP: usize = 1 << 20;

impl Benchmark {
    /// The shipped benchmark ([`SHIPPED`]).
    pub fn shipped() -> Result<Benchmark, BenchmarkError> {
        Benchmark::read(SHIPPED)
    }

    /// The play benchmark ([`PLAY`]).
    pub fn play() -> Result<Benchmark, BenchmarkError> {
        Benchmark::read(PLAY)
    }

    /// The hold-out benchmark ([`HOLDOUT`]).
    pub fn holdout() -> Result<Benchmark, BenchmarkError> {
        Benchmark::read(HOLDOUT)
    }

    /// Reads the benchmark file at `path` (gzip or plain text); errors name the path. Only a
    /// regular file of at most [`FILE_CAP`] bytes is read (a FIFO or a device is refused
    /// before it is opened), and its text is capped as [`Benchmark::read`] caps it.
    pub fn load(path: &Path) -> Result<Benchmark, BenchmarkError> {
        let cannot = |e: std::io::Error| {
            BenchmarkError::Io(std::io::Error::new(
                e.kind(),
                format!("cannot read {}: {e}", path.display()),
            ))
        };
        let (file, len) = user_file::open_regular(path).map_err(cannot)?;
        if len > FILE_CAP {
            return Err(cannot(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "it is {}, more than the {} a benchmark file may have",
                    human_size(len),
                    human_size(FILE_CAP)
                ),
            )));
        }
        Benchmark::read_capped(file.take(FILE_CAP), TEXT_CAP, LINE_CAP)
    }

    /// Reads a benchmark from its bytes: gzip-compressed (by its magic number) or plain text.
    /// Blank lines are skipped and a UTF-8 byte-order mark is allowed. At most [`TEXT_CAP`]
    /// bytes of text (after decompression) and [`LINE_CAP`] bytes a line are read: more is an
    /// error, so a gzip bomb costs no memory.
    pub fn read(bytes: &[u8]) -> Result<Benchmark, BenchmarkError> {
        Benchmark::read_capped(bytes, TEXT_CAP, LINE_CAP)
    }

    /// [`Benchmark::read`] from a stream, with the caps given.
    pub(super) fn read_capped(
        input: impl Read,
        text_cap: u64,
        line_cap: usize,
    ) -> Result<Benchmark, BenchmarkError> {
        let mut input = std::io::BufReader::new(input);
        let head = input.fill_buf().map_err(BenchmarkError::Io)?;
        if head.starts_with(&GZIP_MAGIC) {
            let text = std::io::BufReader::new(flate2::read::MultiGzDecoder::new(input));
            Benchmark::read_lines(text, text_cap, line_cap)
        } else {
            Benchmark::read_lines(input, text_cap, line_cap)
        }
    }

    fn read_lines(
        mut input: impl BufRead,
        text_cap: u64,
        line_cap: usize,
    ) -> Result<Benchmark, BenchmarkError> {
        let mut generator = MoveGenerator::new();
        let mut seen = HashSet::new();
        let mut bench = Benchmark {
            decisions: Vec::new(),
            repeated: 0,
        };
        let mut buf = Vec::new();
        let mut total = 0u64;
        for line in 1.. {
            buf.clear();
            // One byte more than a line may have tells a long line from one of the cap.
            let n = (&mut input)
                .take(line_cap as u64 + 1)
                .read_until(b'\n', &mut buf)
                .map_err(|e| {
                    BenchmarkError::Io(std::io::Error::new(e.kind(), format!("line {line}: {e}")))
                })?;
            if n == 0 {
                break;
            }
            let fail = |error| BenchmarkError::Line { line, error };
            let body = buf.strip_suffix(b"\n").unwrap_or(&buf);
            if body.len() > line_cap {
                return Err(fail(LineError::TooLong));
            }
            total += n as u64;
            if total > text_cap {
                return Err(BenchmarkError::TooMuchText);
            }
            let body = if line == 1 {
                body.strip_prefix(BYTE_ORDER_MARK).unwrap_or(body)
            } else {
                body
            };
            let text = std::str::from_utf8(body).map_err(|_| fail(LineError::NotText))?;
            if text.trim().is_empty() {
                continue;
            }
            let decision = decision(line, text, &mut generator).map_err(fail)?;
            if seen.insert((decision.position, decision.dice)) {
                bench.decisions.push(decision);
            } else {
                bench.repeated += 1;
            }
        }
        if bench.decisions.is_empty() {
            return Err(BenchmarkError::Empty);
        }
        Ok(bench)
    }
}

/// Reads line `line` of a benchmark.
fn decision(line: usize, text: &str, generator: &mut MoveGenerator) -> Result<Decision, LineError> {
    let raw: RawDecision = serde_json::from_str(text)
        .map_err(|e| LineError::Json(crate::core::formats::quote::shorten(&e.to_string(), 200)))?;
    let position = position_id::decode(&raw.id, Side::White).map_err(LineError::Position)?;
    if position.player_off() == 15 || position.opponent_off() == 15 {
        return Err(LineError::Finished);
    }
    let dice = match raw.dice[..] {
        [a, b] => u8::try_from(a)
            .ok()
            .zip(u8::try_from(b).ok())
            .and_then(|(a, b)| Dice::new(a, b))
            .ok_or_else(|| LineError::Dice(format!("{a} and {b} are not both 1–6")))?,
        _ => {
            return Err(LineError::Dice(format!(
                "{} numbers, not two",
                raw.dice.len()
            )));
        }
    };
    if let Some(&(_, e)) = raw
        .moves
        .iter()
        .find(|(_, e)| !e.is_finite() || e.abs() > MAX_EQUITY)
    {
        return Err(LineError::Equity(e));
    }
    let plays = generator.generate(&position, dice).to_vec();
    if plays.is_empty() {
        return Err(LineError::NoLegalMove);
    }
    let evals: Vec<MoveEval> = raw
        .moves
        .into_iter()
        .map(|(notation, equity)| MoveEval {
            notation,
            equity,
            probs: None,
            plies: 0,
            mwc: None,
        })
        .collect();
    let matched =
        match_to_plays(&position, dice, &evals, &plays, true).map_err(LineError::Moves)?;
    let mut equities = vec![0.0; plays.len()];
    for (i, m) in &matched {
        equities[*i] = m.equity;
    }
    // gnubg's first move on the highest equity (its list is best first).
    let (best, _) = matched
        .iter()
        .fold((matched[0].0, f64::NEG_INFINITY), |(b, be), (i, m)| {
            if m.equity > be {
                (*i, m.equity)
            } else {
                (b, be)
            }
        });
    Ok(Decision {
        line,
        id: raw.id,
        phase: Phase::of(&position),
        position,
        dice,
        plays,
        equities,
        best,
    })
}
