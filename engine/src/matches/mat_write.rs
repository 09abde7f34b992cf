//! Writing a match in the MAT layout as gnubg exports it (`export match mat`), so that gnubg
//! and the other programs read it back to the same decisions.
//!
//! A legal move is written step by step as gnubg writes it (`25/23 13/7*`, 25 the bar and 0
//! off); a move made as recorded is written as it was recorded. A resignation has no line of
//! its own in the layout: the winner's `Wins N points` line, written while the game is still
//! in play, says it. A game whose record stops early (a warning) gets no `Wins` line.

use super::model::{Decision, DecisionKind, Game, HowEnded, Legality, Match, Rules};
use super::sgf_write::Expected;
use crate::core::formats::quote::quote;
use crate::core::moves::Move;
use std::fmt;

/// Why a match cannot be written as MAT, which only SGF can then hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatCannotHold {
    /// A game is set up: its board or cube is not what the opening position and the
    /// decisions before leave.
    SetUp {
        /// The game's number.
        game: u32,
    },
    /// A player's name that a MAT score line cannot carry for gnubg to read it back.
    Name {
        /// The player: 0 or 1.
        player: usize,
        /// The name, as the match has it.
        name: String,
        /// What gnubg would read instead.
        why: &'static str,
    },
}

impl fmt::Display for MatCannotHold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatCannotHold::SetUp { game } => write!(
                f,
                "game {game} is played from a set-up position, which a MAT file cannot hold: \
                 write SGF instead"
            ),
            MatCannotHold::Name { player, name, why } => write!(
                f,
                "player {player}'s name {} cannot be written in a MAT file ({why}): write SGF \
                 instead",
                quote(name)
            ),
        }
    }
}

impl std::error::Error for MatCannotHold {}

/// The width of the left column (gnubg's).
const LEFT: usize = 28;

/// The column of the second player's name in a score line (gnubg's).
const SECOND_NAME: usize = 32;

impl Match {
    /// The match in the MAT layout, refused when a game is set up (which [`Match::to_mat`]
    /// would write as if played from the opening position) or a player's name would not read
    /// back the same in gnubg.
    pub fn try_to_mat(&self) -> Result<String, MatCannotHold> {
        for (player, name) in self.players.iter().enumerate() {
            if let Some(why) = mat_name_problem(name) {
                let name = name.clone();
                return Err(MatCannotHold::Name { player, name, why });
            }
        }
        for game in &self.games {
            let mut expected = Expected::start();
            for d in &game.decisions {
                if !expected.holds(d) {
                    return Err(MatCannotHold::SetUp { game: game.number });
                }
                expected = expected.then(d);
            }
        }
        Ok(self.to_mat())
    }

    /// The match in the MAT layout (see the module doc). A set-up game is written as if
    /// played from the opening position: see [`Match::try_to_mat`].
    pub fn to_mat(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.tags {
            let value = match key.as_str() {
                "DT" => value.replace('-', "."),
                _ => one_line(value),
            };
            out.push_str(&match one_line(mat_key(key)).trim() {
                "" => format!("; {}\n", value.trim()),
                key => format!("; [{key} \"{value}\"]\n"),
            });
        }
        for (key, on) in self.rule_tags() {
            out.push_str(&format!(
                "; [{key} \"{}\"]\n",
                if on { "On" } else { "Off" }
            ));
        }
        out.push_str(&format!("\n {} point match\n", self.match_length));
        for game in &self.games {
            out.push('\n');
            self.write_game(&mut out, game);
        }
        out
    }

    /// The rules the tags do not already say and that differ from what a MAT file means by
    /// saying nothing.
    fn rule_tags(&self) -> Vec<(&'static str, bool)> {
        let said = |k: &str| self.tags.iter().any(|(t, _)| t.eq_ignore_ascii_case(k));
        let default = Rules::default_for(self.match_length);
        let mut out = Vec::new();
        if self.rules.crawford != default.crawford && !said("Crawford") {
            out.push(("Crawford", self.rules.crawford));
        }
        if self.rules.jacoby != default.jacoby && !said("Jacoby") {
            out.push(("Jacoby", self.rules.jacoby));
        }
        out
    }

    fn write_game(&self, out: &mut String, game: &Game) {
        out.push_str(&format!(" Game {}\n", game.number));
        let left = format!(" {} : {}", name(&self.players[0]), game.score[0]);
        // At least one space after the first score, however long the first name: gnubg
        // and we both find the second name after it.
        let gap = if left.chars().count() >= SECOND_NAME {
            " "
        } else {
            ""
        };
        out.push_str(&format!(
            "{left:<SECOND_NAME$}{gap}{} : {}\n",
            name(&self.players[1]),
            game.score[1]
        ));
        let mut lines: Vec<[Option<String>; 2]> = Vec::new();
        for d in &game.decisions {
            let Some(text) = decision_text(d) else {
                continue;
            };
            let fresh = match lines.last() {
                None => true,
                Some([l, r]) => r.is_some() || (d.player == 0 && l.is_some()),
            };
            if fresh {
                lines.push([None, None]);
            }
            if let Some(line) = lines.last_mut() {
                line[d.player] = Some(text);
            }
        }
        // The left column is padded even when the right one is empty, as gnubg pads it:
        // gnubg 1.07 misreads a cube answer alone on a line shorter than 16 characters
        // (`  7)  Drops`), adding a double after it.
        for (i, [l, r]) in lines.iter().enumerate() {
            let l = l.as_deref().unwrap_or("");
            let gap = if l.len() >= LEFT { " " } else { "" };
            let r = r.as_deref().unwrap_or("");
            out.push_str(&format!("{:>3}) {l:<LEFT$}{gap}{r}\n", i + 1));
        }
        if let Some(r) = game.result.filter(|r| r.how != HowEnded::Unfinished) {
            let s = if r.points == 1 { "" } else { "s" };
            let mut wins = format!("Wins {} point{s}", r.points);
            let score = u32::from(game.score[r.winner]).saturating_add(r.points);
            if self.match_length > 0 && score >= u32::from(self.match_length) {
                wins.push_str(" and the match");
            }
            let indent = if r.winner == 0 { 6 } else { LEFT + 6 };
            out.push_str(&format!("{:indent$}{wins}\n", ""));
        }
    }
}

/// A decision as the MAT layout writes it; `None` for a resignation (the `Wins` line says
/// it).
fn decision_text(d: &Decision) -> Option<String> {
    Some(match &d.kind {
        DecisionKind::Move(c) => {
            let mv = match c.legality {
                Legality::Legal => steps(&c.mv),
                Legality::IllegalAsRecorded { .. } => one_line(&c.recorded),
            };
            format!("{}{}: {mv}", c.dice.high(), c.dice.low())
        }
        DecisionKind::Double { cube } => format!(" Doubles => {cube}"),
        DecisionKind::Take => " Takes".into(),
        DecisionKind::Drop => " Drops".into(),
        DecisionKind::Beaver { cube } => format!(" Beavers => {cube}"),
        DecisionKind::Resign { .. } => return None,
    })
}

/// gnubg's way: each step `from/to`, 25 the bar, 0 off, `*` on a hit.
fn steps(mv: &Move) -> String {
    mv.steps()
        .map(|s| format!("{}/{}{}", s.from, s.to, if s.hit { "*" } else { "" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A value on one line: line ends and other control characters left out.
fn one_line(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// A player's name as a score line holds it: on one line (white space a space, as gnubg
/// reads it, other control characters left out), trimmed, never empty.
fn name(text: &str) -> String {
    let spaced: String = text
        .chars()
        .filter_map(|c| match c {
            c if c.is_whitespace() => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    match spaced.trim() {
        "" => "?".to_string(),
        n => n.to_string(),
    }
}

/// Why gnubg 1.07's `import mat` would not read `name` back as written, if it would not: it
/// takes a name up to the score line's first colon, and a name that ends in a comma and a
/// number for a GamesGrid name and rating (`Smith, 1900` → `Smith`).
fn mat_name_problem(name: &str) -> Option<&'static str> {
    if name.contains(':') {
        return Some("gnubg reads a name up to its first colon");
    }
    // A comma and a number end a name for gnubg, the number a GamesGrid rating (so does our
    // reader: the rating is kept as the tag `WR` or `BR`); any other comma is the name's.
    super::mat::name_and_rating(name).1.is_some().then_some(
        "gnubg reads a comma and a number after it as a GamesGrid rating, not as the name",
    )
}

/// The MAT tag of an SGF root property the tags keep (`PC` is the site, …); others as they
/// are.
fn mat_key(key: &str) -> &str {
    match key {
        "PC" => "Site",
        "EV" => "Event",
        "RO" => "Round",
        "AN" => "Transcriber",
        "DT" => "EventDate",
        k => k,
    }
}
