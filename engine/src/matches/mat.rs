//! Reading the Jellyfish "MAT" text layout that gnubg, XG, BGBlitz and the play sites write.
//!
//! ```text
//! ; [Site "BackgammonGalaxy"]
//! 5 point match
//!
//!  Game 1
//!  lasse : 0                       kalvatn : 0
//!   1)                             43: 24/20 13/10
//!   2) 62: 13/7 7/5                54: 25/20 24/20
//!   6) 44:                          Doubles => 2
//!   7)  Drops                       Wins 1 point
//! ```
//!
//! Columns are not trusted: a move line is split into its words, and a roll (`62:`) or a cube
//! or result word (`Doubles`, `Takes`, `Drops`, `Beavers`, `Wins`, `Losses`, `Resigns`)
//! starts each action. An action's player is its column: left of the middle between the
//! two columns the file's two-action lines use, player 0, otherwise player 1. The layout is
//! read as [`super::record`]s and replayed ([`super::replay`]).

use super::limits::{MAX_ACTIONS, MAX_GAMES, too_many};
use super::model::{Match, Rules, Warning};
use super::record::{Act, Action, GameRecord, Header, Recorded};
use super::replay::replay_match;
use crate::core::dice::Dice;
use crate::core::formats::quote::quote;
use crate::core::moves::parse;
use std::fmt;

/// Why a text is not a MAT file: one line, with the line's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for MatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for MatError {}

/// The largest match length or score read (a Match ID holds 15 bits).
const MAX_POINTS: u32 = (1 << 15) - 1;

fn error(line: usize, message: impl Into<String>) -> MatError {
    MatError {
        line,
        message: message.into(),
    }
}

/// Reads a MAT file's text: every game replayed, every move checked (see the module doc).
pub fn read_mat(text: &str) -> Result<Match, MatError> {
    check_size(text)?;
    let lines = numbered_lines(text);
    let mut header = Header {
        players: [String::new(), String::new()],
        match_length: 0,
        rules: Rules::default_for(0),
        tags: Vec::new(),
        warnings: Vec::new(),
    };
    let start = read_header(&lines, &mut header)?;
    let games = read_games(&lines[start..], &mut header)?;
    header.rules = rules_from_tags(&header.tags, header.match_length);
    Ok(replay_match(header, games))
}

/// Refuses, before anything is built, a text with more games or actions than a match file
/// may hold ([`super::limits`]): counted word by word, nothing kept.
fn check_size(text: &str) -> Result<(), MatError> {
    let (mut games, mut actions) = (0usize, 0usize);
    for (i, line) in text.split('\n').enumerate() {
        if game_number(line).is_some() {
            games += 1;
            if games > MAX_GAMES {
                return Err(error(i + 1, too_many("games", MAX_GAMES)));
            }
            continue;
        }
        if is_comment(line) {
            continue;
        }
        actions += line.split_whitespace().filter(|w| starts_action(w)).count();
        if actions > MAX_ACTIONS {
            let what = "moves, cube actions and results";
            return Err(error(i + 1, too_many(what, MAX_ACTIONS)));
        }
    }
    Ok(())
}

/// Whether a word starts an action (a roll, or a cube or result word), without allocating.
fn starts_action(word: &str) -> bool {
    const WORDS: [&str; 20] = [
        "doubles",
        "double",
        "redoubles",
        "takes",
        "take",
        "accepts",
        "drops",
        "drop",
        "passes",
        "pass",
        "rejects",
        "refuses",
        "beavers",
        "beaver",
        "wins",
        "win",
        "losses",
        "loses",
        "resigns",
        "resign",
    ];
    roll(word).is_some() || WORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

/// One line of the file with its number, its line end taken off.
#[derive(Clone, Copy)]
struct Line<'a> {
    number: usize,
    text: &'a str,
}

fn numbered_lines(text: &str) -> Vec<Line<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .map(|(i, t)| Line {
            number: i + 1,
            text: t.strip_suffix('\r').unwrap_or(t),
        })
        .collect()
}

fn is_comment(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with(';') || t.starts_with('#')
}

/// A comment's tag (`; [Site "Galaxy"]` → `Site`, `Galaxy`), or the comment's text with an
/// empty key.
fn tag(text: &str) -> (String, String) {
    let body = text.trim_start()[1..].trim();
    let tagged = body
        .strip_prefix('[')
        .and_then(|b| b.strip_suffix(']'))
        .and_then(|b| {
            let (key, value) = b.split_once('"')?;
            Some((key.trim(), value.strip_suffix('"')?))
        });
    match tagged {
        Some((key, value)) if !key.is_empty() => (key.to_string(), value.to_string()),
        _ => (String::new(), body.to_string()),
    }
}

/// `5 point match` → 5.
fn match_length(text: &str, line: usize) -> Result<Option<u16>, MatError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [n, point, game] = words.as_slice() else {
        return Ok(None);
    };
    let named = point.eq_ignore_ascii_case("point") && game.eq_ignore_ascii_case("match");
    if !named || !n.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    match n.parse::<u32>() {
        Ok(n) if n <= MAX_POINTS => Ok(Some(n as u16)),
        _ => Err(error(
            line,
            format!(
                "a match to {} points: at most {MAX_POINTS} are read",
                quote(n)
            ),
        )),
    }
}

/// `Game 3` → 3.
fn game_number(text: &str) -> Option<u32> {
    let rest = text.trim().strip_prefix("Game")?;
    let n = rest.trim();
    (rest.starts_with(char::is_whitespace) && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| n.parse().ok())
        .flatten()
}

/// Reads the tags and the match length; returns the index of the first line after them.
fn read_header(lines: &[Line], header: &mut Header) -> Result<usize, MatError> {
    for (i, line) in lines.iter().enumerate() {
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        if is_comment(t) {
            header.tags.push(tag(t));
            continue;
        }
        if let Some(n) = match_length(t, line.number)? {
            header.match_length = n;
            return Ok(i + 1);
        }
        if game_number(t).is_some() {
            header.warnings.push(Warning {
                game: 0,
                move_number: None,
                line: line.number,
                text: String::new(),
                why: "no \"N point match\" line before the first game: read as money play".into(),
            });
            return Ok(i);
        }
        return Err(error(
            line.number,
            format!(
                "expected the match length (such as \"7 point match\") or a comment, found {}",
                quote(t)
            ),
        ));
    }
    let last = lines.last().map_or(1, |l| l.number);
    Err(error(last, "no \"N point match\" line: not a MAT file"))
}

/// Reads every game after the header.
fn read_games(lines: &[Line], header: &mut Header) -> Result<Vec<GameRecord>, MatError> {
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| game_number(lines[i].text).is_some())
        .collect();
    let before = starts.first().copied().unwrap_or(lines.len());
    for line in &lines[..before] {
        let t = line.text.trim();
        if is_comment(t) {
            header.tags.push(tag(t));
        } else if !t.is_empty() {
            return Err(error(
                line.number,
                format!("expected \"Game 1\", found {}", quote(t)),
            ));
        }
    }
    let mut games = Vec::with_capacity(starts.len());
    let mut laid_out = Vec::with_capacity(starts.len());
    for (k, &s) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(lines.len());
        let game = lay_out_game(&lines[s..end])?;
        // Comments among a game's lines are kept with the header's (its score line is none,
        // whatever its first name starts with).
        let score_line = game.line;
        laid_out.push(game);
        let comments = lines[s..end]
            .iter()
            .filter(|l| l.number != score_line && is_comment(l.text));
        header.tags.extend(comments.map(|l| tag(l.text.trim())));
    }
    let columns = Columns::of(&laid_out);
    for game in laid_out {
        games.push(game.record(&columns, header));
    }
    Ok(games)
}

/// A game's lines split into words, before its actions are given to players.
struct LaidOut<'a> {
    number: u32,
    line: usize,
    names: [String; 2],
    score: [u16; 2],
    second_name_column: usize,
    moves: Vec<MoveLine<'a>>,
}

/// A move line: its move number and its actions, each with its column.
struct MoveLine<'a> {
    line: usize,
    number: Option<u32>,
    actions: Vec<(usize, Piece<'a>)>,
}

fn lay_out_game<'a>(lines: &[Line<'a>]) -> Result<LaidOut<'a>, MatError> {
    let head = lines[0];
    let number = game_number(head.text).unwrap_or(0);
    let mut rest = lines[1..].iter().filter(|l| !l.text.trim().is_empty());
    let Some(first) = rest.next() else {
        return Err(error(head.number, "a game with no score line after it"));
    };
    // The line after `Game N` is its score line, as gnubg reads it, even when a name starts
    // with `;` or `#`; a comment there that is no score line is skipped, and the score line
    // is the first line after that is no comment.
    let read = read_score_line(first);
    let (score_line, (names, score, second_name_column)) = match read {
        Err(_) if is_comment(first.text) => {
            let Some(line) = rest.by_ref().find(|l| !is_comment(l.text)) else {
                return Err(error(head.number, "a game with no score line after it"));
            };
            (line, read_score_line(line)?)
        }
        read => (first, read?),
    };
    let mut moves = Vec::new();
    for line in rest.filter(|l| !is_comment(l.text)) {
        moves.push(read_move_line(line)?);
    }
    Ok(LaidOut {
        number,
        line: score_line.number,
        names,
        score,
        second_name_column,
        moves,
    })
}

/// ` gnubg : 1       root : 0` → the names, the scores, and the column of the second name.
fn read_score_line(line: &Line) -> Result<([String; 2], [u16; 2], usize), MatError> {
    let text = line.text;
    // Each `: <digits>` followed by white space or the end, by byte index.
    let mut scores: Vec<(usize, usize, usize)> = Vec::new();
    for (i, _) in text.match_indices(':') {
        let after = &text[i + 1..];
        let digits_at = i + 1 + (after.len() - after.trim_start().len());
        let digits = text[digits_at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let end = digits_at + digits;
        let ends = text[end..].chars().next().is_none_or(char::is_whitespace);
        if digits > 0 && ends {
            scores.push((i, digits_at, end));
        }
    }
    let bad = || {
        error(
            line.number,
            format!(
                "expected the players and the score (such as \"gnubg : 1   root : 0\"), found {}",
                quote(text.trim())
            ),
        )
    };
    let [.., (c0, d0, e0), (c1, d1, e1)] = scores.as_slice() else {
        return Err(bad());
    };
    let name0 = text[..*c0].trim();
    let name1_raw = &text[*e0..*c1];
    let name1 = name1_raw.trim();
    if name0.is_empty() || name1.is_empty() {
        return Err(bad());
    }
    let score = |from: usize, to: usize| -> Result<u16, MatError> {
        match text[from..to].parse::<u32>() {
            Ok(n) if n <= MAX_POINTS => Ok(n as u16),
            _ => Err(error(
                line.number,
                format!(
                    "a score of {}: at most {MAX_POINTS}",
                    quote(&text[from..to])
                ),
            )),
        }
    };
    let leading = name1_raw.len() - name1_raw.trim_start().len();
    let second_name_column = column_of(text, *e0 + leading);
    Ok((
        [name0.to_string(), name1.to_string()],
        [score(*d0, *e0)?, score(*d1, *e1)?],
        second_name_column,
    ))
}

/// The column (tabs to the next multiple of 8) at byte index `at` of `text`.
fn column_of(text: &str, at: usize) -> usize {
    text[..at].chars().fold(
        0,
        |col, c| if c == '\t' { col / 8 * 8 + 8 } else { col + 1 },
    )
}

/// A line's words with their columns.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = 0;
    let mut start: Option<(usize, usize)> = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some((at, from)) = start.take() {
                out.push((at, &text[from..i]));
            }
        } else if start.is_none() {
            start = Some((col, i));
        }
        col = if c == '\t' { col / 8 * 8 + 8 } else { col + 1 };
    }
    if let Some((at, from)) = start {
        out.push((at, &text[from..]));
    }
    out
}

/// One action's words: a roll and its move, or a keyword and its arguments.
#[derive(Clone, Debug)]
enum Piece<'a> {
    Roll {
        dice: Dice,
        words: Vec<&'a str>,
    },
    Word {
        word: Keyword,
        name: &'a str,
        words: Vec<&'a str>,
    },
}

/// The words that start an action other than a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keyword {
    Double,
    Take,
    Drop,
    Beaver,
    Wins,
    Losses,
    Resigns,
}

fn keyword(word: &str) -> Option<Keyword> {
    let w = word.to_ascii_lowercase();
    Some(match w.as_str() {
        "doubles" | "double" | "redoubles" => Keyword::Double,
        "takes" | "take" | "accepts" => Keyword::Take,
        "drops" | "drop" | "passes" | "pass" | "rejects" | "refuses" => Keyword::Drop,
        "beavers" | "beaver" => Keyword::Beaver,
        "wins" | "win" => Keyword::Wins,
        "losses" | "loses" => Keyword::Losses,
        "resigns" | "resign" => Keyword::Resigns,
        _ => return None,
    })
}

/// `62:` (or `62:13/5`, the move joined) → the roll and the rest of the word.
fn roll(word: &str) -> Option<(&str, &str)> {
    let b = word.as_bytes();
    (b.len() >= 3 && b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[2] == b':')
        .then(|| (&word[..2], &word[3..]))
}

/// `12)` → 12 and what follows the parenthesis in the same word.
fn move_number(word: &str) -> Option<(u32, &str)> {
    let close = word.find(')')?;
    let digits = &word[..close];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().ok()?, &word[close + 1..]))
}

fn read_move_line<'a>(line: &Line<'a>) -> Result<MoveLine<'a>, MatError> {
    let mut list = words(line.text);
    let mut number = None;
    if let Some(&(col, first)) = list.first()
        && let Some((n, rest)) = move_number(first)
    {
        number = Some(n);
        list.remove(0);
        if !rest.is_empty() {
            list.insert(0, (col + first.len() - rest.len(), rest));
        }
    }
    let mut actions: Vec<(usize, Piece<'a>)> = Vec::new();
    for (col, word) in list {
        if let Some((digits, rest)) = roll(word) {
            let dice: Dice = digits
                .parse()
                .map_err(|_| error(line.number, format!("{} is not a roll", quote(word))))?;
            let words = if rest.is_empty() { vec![] } else { vec![rest] };
            actions.push((col, Piece::Roll { dice, words }));
        } else if let Some(k) = keyword(word) {
            let piece = Piece::Word {
                word: k,
                name: word,
                words: vec![],
            };
            actions.push((col, piece));
        } else {
            match actions.last_mut() {
                Some((_, Piece::Roll { words, .. } | Piece::Word { words, .. })) => {
                    words.push(word)
                }
                None => {
                    return Err(error(
                        line.number,
                        format!(
                            "cannot read {}: a roll such as 62:, or Doubles, Takes, Drops, \
                             Beavers, Wins, Losses or Resigns was expected",
                            quote(word)
                        ),
                    ));
                }
            }
        }
    }
    for (_, piece) in &actions {
        if let Piece::Word { word, name, words } = piece
            && let Some(why) = out_of_range(*word, words)
        {
            return Err(error(line.number, format!("{name} {why}")));
        }
    }
    Ok(MoveLine {
        line: line.number,
        number,
        actions,
    })
}

/// What is out of range in a keyword's numbers, if anything: a number of points or a cube
/// larger than the reader holds (2^32 − 1) is refused, not read as no number (`Wins
/// 4398046511104 points` is no "win with no points").
fn out_of_range(word: Keyword, words: &[&str]) -> Option<String> {
    let too_large = words
        .iter()
        .map(|w| w.trim_start_matches("=>"))
        .filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
        .find(|w| w.parse::<u32>().is_err())?;
    let max = u32::MAX;
    let limit = match word {
        Keyword::Double | Keyword::Beaver => format!("a cube of at most {max}"),
        _ => format!("at most {max} points"),
    };
    Some(format!("{}: out of range ({limit})", quote(too_large)))
}

/// The column gnubg's right-hand actions start at.
const GNUBG_RIGHT: usize = 33;

/// Where the file's two columns start, and the column between them.
struct Columns {
    middle: usize,
}

impl Columns {
    /// From the lines with two actions (the median start of each column), else from the
    /// first game's second name.
    fn of(games: &[LaidOut]) -> Columns {
        let mut left = Vec::new();
        let mut right = Vec::new();
        for line in games.iter().flat_map(|g| &g.moves) {
            if let [(l, _), (r, _)] = line.actions.as_slice() {
                left.push(*l);
                right.push(*r);
            }
        }
        let median = |v: &mut Vec<usize>| {
            v.sort_unstable();
            v.get(v.len() / 2).copied()
        };
        // Without a line of two actions, the second player's name in the first game's score
        // line (no further than gnubg's column, whatever the first name's length).
        let second = games.first().map_or(GNUBG_RIGHT, |g| g.second_name_column);
        let l = median(&mut left).unwrap_or(5);
        let r = median(&mut right).unwrap_or(second.clamp(l + 4, GNUBG_RIGHT.max(l + 4)));
        Columns {
            middle: (l + r).div_ceil(2),
        }
    }

    fn player(&self, column: usize) -> usize {
        usize::from(column >= self.middle)
    }
}

impl LaidOut<'_> {
    fn record(self, columns: &Columns, header: &mut Header) -> GameRecord {
        self.check_names(header);
        let mut actions = Vec::new();
        for line in &self.moves {
            for (col, piece) in &line.actions {
                let player = columns.player(*col);
                actions.push(action(line, player, piece, self.number, header));
            }
        }
        GameRecord {
            number: self.number,
            score: self.score,
            line: self.line,
            crawford: None,
            cube: 1,
            actions,
        }
    }

    /// The first game names the players (a GamesGrid rating after a comma kept apart, as
    /// the tags `WR` and `BR`); a later game naming others is warned about.
    fn check_names(&self, header: &mut Header) {
        let [(name0, rating0), (name1, rating1)] =
            self.names.each_ref().map(|n| name_and_rating(n));
        let names = [name0.to_string(), name1.to_string()];
        if header.players.iter().all(String::is_empty) {
            header.players = names;
            for (key, rating) in [("WR", rating0), ("BR", rating1)] {
                if let Some(r) = rating {
                    header.tags.push((key.to_string(), r.to_string()));
                }
            }
        } else if header.players != names {
            header.warnings.push(Warning {
                game: self.number,
                move_number: None,
                line: self.line,
                text: format!("{} : {}", self.names[0], self.names[1]),
                why: format!(
                    "the players are named {} and {} in the first game: read as the same \
                     players, in the same columns",
                    header.players[0], header.players[1]
                ),
            });
        }
    }
}

/// A score line's name as gnubg 1.07 reads it: a comma followed by a number above 0 (as C's
/// `atoi` reads it: spaces, a sign, digits) ends the name, and that number is a GamesGrid
/// rating (`NIUSHA,1750`: NIUSHA rated 1750; `Smith, 1900`: Smith). gnubg looks from the end,
/// so the first such comma wins (`ab,1,2`: ab rated 1); any other comma is part of the name
/// (`Smith, J. 2nd`, `cd,0`, `cd,-5` stay whole). A name that would be empty is kept whole.
pub(crate) fn name_and_rating(name: &str) -> (&str, Option<&str>) {
    let mut end = name.len();
    let mut rating = None;
    for (i, _) in name.rmatch_indices(',') {
        let after = &name[i + 1..end];
        if atoi_is_positive(after) {
            end = i;
            rating = Some(after.trim());
        }
    }
    match name[..end].trim_end() {
        "" => (name, None),
        before => (before, rating),
    }
}

/// Whether C's `atoi` reads `text` as a number above 0: leading white space, an optional
/// sign, then digits, not all of them 0 (and no minus).
fn atoi_is_positive(text: &str) -> bool {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let digits: Vec<u8> = digits.bytes().take_while(u8::is_ascii_digit).collect();
    !negative && digits.iter().any(|&d| d != b'0')
}

/// One action of a move line as a record: a roll's move read, a keyword's arguments checked
/// (arguments that cannot be read make a warning, and the action is read without them).
fn action(line: &MoveLine, player: usize, piece: &Piece, game: u32, header: &mut Header) -> Action {
    let (act, text) = match piece {
        Piece::Roll { dice, words } if is_illegal_play(words) => {
            let text = words.join(" ");
            let shown = format!("{}{}: {text}", dice.high(), dice.low());
            let act = match board_dump(&text, player) {
                Ok(setup) => {
                    header.warnings.push(Warning {
                        game,
                        move_number: line.number,
                        line: line.line,
                        text: crate::core::formats::shorten(&shown, 80),
                        why: "an illegal play written as the board after it: the board is set \
                              to it and the game goes on, as gnubg reads it (no decision)"
                            .into(),
                    });
                    Act::Setup(setup)
                }
                // Read as a move that cannot be read: the replay says so and stops.
                Err(why) => Act::Roll {
                    dice: *dice,
                    play: Recorded::Unreadable {
                        why: crate::core::moves::Refusal::Syntax {
                            token: "Illegal play".into(),
                            why,
                        },
                    },
                },
            };
            (act, shown)
        }
        Piece::Roll { dice, words } => {
            let text = words.join(" ");
            (
                Act::Roll {
                    dice: *dice,
                    play: recorded(&text, words),
                },
                format!("{}{}: {text}", dice.high(), dice.low()),
            )
        }
        Piece::Word { word, name, words } => {
            let text = std::iter::once(*name)
                .chain(words.iter().copied())
                .collect::<Vec<_>>()
                .join(" ");
            let number = first_number(words);
            let act = match word {
                Keyword::Double => Act::Double { cube: number },
                Keyword::Take => Act::Take,
                Keyword::Drop => Act::Drop,
                Keyword::Beaver => Act::Beaver { cube: number },
                Keyword::Wins => Act::Wins {
                    points: number.unwrap_or(0),
                    resigned: None,
                },
                Keyword::Losses => Act::Resign { points: number },
                Keyword::Resigns => Act::Resign { points: number },
            };
            if let Some(why) = odd_arguments(*word, words, number) {
                header.warnings.push(Warning {
                    game,
                    move_number: line.number,
                    line: line.line,
                    text: crate::core::formats::shorten(&text, 80),
                    why,
                });
            }
            (act, text)
        }
    };
    Action {
        player,
        line: line.line,
        move_number: line.number,
        text,
        act,
        analysis: Default::default(),
    }
}

fn first_number(words: &[&str]) -> Option<u32> {
    words.iter().find_map(|w| {
        let w = w.trim_start_matches("=>");
        (!w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse().ok())
            .flatten()
    })
}

/// What is wrong with a keyword's arguments, if anything.
fn odd_arguments(word: Keyword, words: &[&str], number: Option<u32>) -> Option<String> {
    let allowed: &[&str] = match word {
        Keyword::Double | Keyword::Beaver => &["=>", "->", "to"],
        Keyword::Take | Keyword::Drop => &[],
        Keyword::Wins | Keyword::Losses | Keyword::Resigns => &[
            "point",
            "points",
            "pt",
            "pts",
            "and",
            "the",
            "match",
            "a",
            "single",
            "game",
            "gammon",
            "backgammon",
        ],
    };
    let extra = words.iter().find(|w| {
        let bare = w.trim_start_matches("=>");
        let numeric = !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit());
        !numeric && !allowed.iter().any(|a| a.eq_ignore_ascii_case(w))
    });
    if let Some(extra) = extra {
        return Some(format!("{} is not understood here: left out", quote(extra)));
    }
    if word == Keyword::Wins && number.is_none() {
        return Some("a win with no points: read as 0 points".into());
    }
    None
}

/// True when a roll's words are `Illegal play (…)`: Snowie's (and FIBS transcripts') record
/// of a play the server took that is no legal move, the board after it in parentheses.
fn is_illegal_play(words: &[&str]) -> bool {
    matches!(words, [a, b, ..] if a.eq_ignore_ascii_case("illegal")
        && b.to_ascii_lowercase().starts_with("play"))
}

/// The board an `Illegal play (…)` of `roller` sets, as gnubg reads it: forty fields split
/// by `;` — the match length, Jacoby, two unknown, the side on roll (0 or 1), two names,
/// Crawford, two scores, the cube, its owner, the bar of the side whose checkers are
/// negative, the 24 points (positive: one side's checkers, its point `i + 1`; negative: the
/// other's, its point `24 − i`), the bar of the positive side, the dice. The side on roll is
/// the player who rolled: the negative numbers when it is 0, the positive when 1. The cube
/// and scores are not read (gnubg reads only the board); the other player rolls next.
fn board_dump(text: &str, roller: usize) -> Result<super::record::Setup, String> {
    let open = text
        .find('(')
        .ok_or("no board in parentheses after Illegal play")?;
    let inner = &text[open + 1..];
    let inner = inner.find(')').map_or(inner, |close| &inner[..close]);
    let fields: Vec<&str> = inner.split(';').map(str::trim).collect();
    if fields.len() < 40 {
        return Err(format!(
            "the board after Illegal play has {} fields, not 40",
            fields.len()
        ));
    }
    let number = |k: usize| -> Result<i32, String> {
        fields[k]
            .parse::<i32>()
            .ok()
            .filter(|n| n.abs() <= 15)
            .ok_or_else(|| {
                format!(
                    "field {} of the board after Illegal play is {}",
                    k + 1,
                    quote(fields[k])
                )
            })
    };
    let turn = match number(4)? {
        0 => 0,
        1 => 1,
        n => {
            return Err(format!(
                "the side on roll after Illegal play is {n}, not 0 or 1"
            ));
        }
    };
    // Whose are the negative numbers, whose the positive.
    let (negative, positive) = if turn == 0 {
        (roller, 1 - roller)
    } else {
        (1 - roller, roller)
    };
    let mut add = Vec::new();
    for _ in 0..number(12)?.unsigned_abs() {
        add.push((negative, 25));
    }
    for _ in 0..number(37)?.unsigned_abs() {
        add.push((positive, 25));
    }
    for i in 0..24u8 {
        let n = number(13 + usize::from(i))?;
        let owner = if n < 0 { negative } else { positive };
        // The field's point in the owner's numbering, then in player 0's.
        let own = if n < 0 { 24 - i } else { i + 1 };
        let point = if owner == 0 { own } else { 25 - own };
        for _ in 0..n.unsigned_abs() {
            add.push((owner, point));
        }
    }
    Ok(super::record::Setup {
        clear: (1..=25).collect(),
        add,
        on_roll: Some(1 - roller),
        cube: None,
        owner: None,
    })
}

/// A roll's words as a move: a dance (nothing, or `Cannot Move`), a move never recorded
/// (`????`), or steps.
fn recorded(text: &str, words: &[&str]) -> Recorded {
    let cannot = matches!(words, [a, b] if a.eq_ignore_ascii_case("cannot") && b.eq_ignore_ascii_case("move"));
    if words.is_empty() || cannot {
        return Recorded::Steps {
            text: text.to_string(),
            segments: Vec::new(),
        };
    }
    if words.iter().all(|w| w.bytes().all(|b| b == b'?')) {
        return Recorded::Unrecorded;
    }
    match parse(text) {
        Ok(segments) => Recorded::Steps {
            text: text.to_string(),
            segments,
        },
        Err(why) => Recorded::Unreadable { why },
    }
}

/// The rules the tags give (`; [Crawford "On"]`, `; [Jacoby "Off"]`), else the default.
fn rules_from_tags(tags: &[(String, String)], match_length: u16) -> Rules {
    let mut rules = Rules::default_for(match_length);
    for (key, value) in tags {
        let on = match value.trim().to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" | "1" => true,
            "off" | "no" | "false" | "0" => false,
            _ => continue,
        };
        if key.eq_ignore_ascii_case("crawford") {
            rules.crawford = on && match_length > 0;
        } else if key.eq_ignore_ascii_case("jacoby") {
            rules.jacoby = on && match_length == 0;
        }
    }
    rules
}
