//! Writing a match as gnubg's SGF (`save match`), one game tree per game, so that gnubg
//! reads it back (`load match`) to the same decisions.
//!
//! Each game's root node holds `MI`, the players, the rules and the result (`RE[W+2R]` for a
//! resignation, which has no node of its own; none for a game whose record stops early); the
//! first game's also the match's tags. A move
//! is `W[31hefe]`: the dice high first and gnubg's letters of its steps
//! ([`super::sgf_points`]); a beaver is written as gnubg writes it, a double by the doubled
//! player. The analysis read from an SGF file is written back as it was. Where a decision is
//! not taken on the board and cube the decisions before it leave (a game that does not start
//! from the opening position, a board set up in the middle), a set-up node comes first.

use super::model::{Decision, DecisionKind, Game, HowEnded, Match};
use super::sgf::MODELLED;
use super::sgf_points::{letter, write_letters};
use crate::core::played::side_of;
use crate::core::position::{BAR, OPPONENT_BAR, Position};

impl Match {
    /// The match as gnubg's SGF (see the module doc).
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        for (i, game) in self.games.iter().enumerate() {
            self.write_game_tree(&mut out, game, i);
        }
        out
    }

    fn write_game_tree(&self, out: &mut String, game: &Game, index: usize) {
        out.push_str(&format!(
            "(;FF[4]GM[6]CA[UTF-8]AP[bgw:{}]MI[length:{}][game:{}][ws:{}][bs:{}]PW[{}]PB[{}]",
            env!("CARGO_PKG_VERSION"),
            self.match_length,
            game.number.saturating_sub(1).max(index as u32),
            game.score[0],
            game.score[1],
            escape(&self.players[0]),
            escape(&self.players[1]),
        ));
        if index == 0 {
            out.push_str(&self.tag_properties());
        }
        out.push_str(&self.rules_property(game));
        // A game whose record stops early (a warning) gets no result, as in MAT.
        if let Some(r) = game.result.filter(|r| r.how != HowEnded::Unfinished) {
            let resigned = if r.how == HowEnded::Resigned { "R" } else { "" };
            out.push_str(&format!(
                "RE[{}+{}{resigned}]",
                ['W', 'B'][r.winner],
                r.points
            ));
        }
        // Where the board or the cube is not what the decisions before leave, the file set
        // it up: a set-up node says so.
        let mut expected = Expected::start();
        for d in &game.decisions {
            if !expected.holds(d) {
                out.push_str(&setup_node(d));
            }
            out.push_str(&decision_node(d));
            expected = expected.then(d);
        }
        out.push_str(")\n");
    }

    /// The tags as root properties: SGF's own kept as they are (a property's values are
    /// tags of the same key in a row), a MAT file's known tags as their SGF properties, the
    /// others in the game comment (`GC`).
    fn tag_properties(&self) -> String {
        let mut out = String::new();
        let mut comment = Vec::new();
        let mut last_key = "";
        for (key, value) in &self.tags {
            let sgf = match key.as_str() {
                "Site" => "PC",
                "Event" => "EV",
                "Round" => "RO",
                "Transcriber" => "AN",
                "EventDate" => "DT",
                k if is_property(k) && !MODELLED.contains(&k) => k,
                _ => {
                    comment.push(if key.is_empty() {
                        value.clone()
                    } else {
                        format!("{key}: {value}")
                    });
                    continue;
                }
            };
            let value = if key == "EventDate" {
                value.replace('.', "-")
            } else {
                value.clone()
            };
            if sgf != last_key {
                out.push_str(sgf);
            }
            out.push_str(&format!("[{}]", escape(&value)));
            last_key = sgf;
        }
        if !comment.is_empty() && !self.tags.iter().any(|(k, _)| k == "GC") {
            out.push_str(&format!("GC[{}]", escape(&comment.join("\n"))));
        }
        out
    }

    fn rules_property(&self, game: &Game) -> String {
        let mut rules = Vec::new();
        if self.rules.crawford {
            rules.push("Crawford");
        }
        if game.crawford {
            rules.push("CrawfordGame");
        }
        if self.rules.jacoby {
            rules.push("Jacoby");
        }
        match rules.is_empty() {
            true => String::new(),
            false => format!("RU[{}]", rules.join(":")),
        }
    }
}

/// True for an SGF property identifier (upper-case letters).
fn is_property(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_uppercase())
}

/// What the decisions so far leave: the board from player 0's view, the cube's value and
/// owner.
pub(super) struct Expected {
    board: Position,
    cube_log2: u8,
    cube_owner: Option<crate::core::position::Side>,
    /// After a beaver, the cube once the beaver is taken (its value and the one who beavered
    /// owning it): what a roll or the end of the game finds. A take, drop or beaver back
    /// answers the beaver at the cube above (the beavered double's value).
    beaver: Option<(u8, crate::core::position::Side)>,
}

/// The board from player 0's view.
fn from_0(p: &Position) -> Position {
    if p.on_roll() == side_of(0) {
        *p
    } else {
        p.mirror()
    }
}

/// The power of two a beaver's cube is.
fn log2(cube: u32) -> u8 {
    cube.max(1).ilog2() as u8
}

impl Expected {
    /// A game's start: the opening position, the cube centred at 1.
    pub(super) fn start() -> Expected {
        Expected {
            board: Position::opening(side_of(0)),
            cube_log2: 0,
            cube_owner: None,
            beaver: None,
        }
    }

    /// What decision `d`, taken where `self` says, leaves.
    pub(super) fn then(&self, d: &Decision) -> Expected {
        let m = d.match_id;
        let (cube_log2, cube_owner, beaver) = match d.kind {
            // A beaver taken: the one who beavered owns the cube.
            DecisionKind::Take => match self.beaver {
                Some((log2, owner)) => (log2, Some(owner), None),
                None => (m.cube_log2 + 1, Some(side_of(d.player)), None),
            },
            // The beavered double taken at its value, the beaver on offer.
            DecisionKind::Beaver { cube } => (
                log2(cube) - 1,
                m.cube_owner,
                Some((log2(cube), side_of(d.player))),
            ),
            _ => (m.cube_log2, m.cube_owner, None),
        };
        let board = match &d.kind {
            DecisionKind::Move(c) => from_0(&c.result),
            _ => from_0(&d.position),
        };
        Expected {
            board,
            cube_log2,
            cube_owner,
            beaver,
        }
    }

    /// True when decision `d` is taken where the decisions before left things.
    pub(super) fn holds(&self, d: &Decision) -> bool {
        let (cube_log2, cube_owner) = match (self.beaver, &d.kind) {
            (
                Some((log2, owner)),
                DecisionKind::Move(_) | DecisionKind::Double { .. } | DecisionKind::Resign { .. },
            ) => (log2, Some(owner)),
            _ => (self.cube_log2, self.cube_owner),
        };
        from_0(&d.position) == self.board
            && d.match_id.cube_log2 == cube_log2
            && d.match_id.cube_owner == cube_owner
    }
}

/// A set-up node for decision `d`: the board, its player to roll, the cube. The player comes
/// after the checkers: gnubg 1.07 places `AW`/`AB` as seen by the player on roll when it
/// reads them, so a `PL[B]` before them (as gnubg itself writes it) gets the board read
/// with the players' checkers exchanged.
fn setup_node(d: &Decision) -> String {
    let board = from_0(&d.position);
    let m = d.match_id;
    let mut node = "\n;AE[a:y]".to_string();
    node.push_str(&checkers(&board, 0));
    node.push_str(&checkers(&board, 1));
    node.push_str(&format!("PL[{}]", ['W', 'B'][d.player]));
    node.push_str(&format!("CV[{}]", m.cube_value()));
    let owner = match m.cube_owner {
        None => 'c',
        Some(s) if s == side_of(0) => 'w',
        Some(_) => 'b',
    };
    node.push_str(&format!("CP[{owner}]"));
    node
}

/// `AW[a][a]…` or `AB[…]`: one value a checker, each point a letter in player 0's numbering.
fn checkers(from_0: &Position, player: usize) -> String {
    let b = from_0.board();
    let mut values = String::new();
    for p in 1..=BAR {
        let n = match (player, p) {
            (0, _) => b[p].max(0),
            (_, BAR) => -b[OPPONENT_BAR],
            (_, p) => (-b[p]).max(0),
        };
        let point = if p == BAR { 'y' } else { letter(p as u8, 0) };
        for _ in 0..n {
            values.push_str(&format!("[{point}]"));
        }
    }
    match values.is_empty() {
        true => String::new(),
        false => format!("{}{values}", ["AW", "AB"][player]),
    }
}

fn decision_node(d: &Decision) -> String {
    let who = ['W', 'B'][d.player];
    let value = match &d.kind {
        DecisionKind::Move(c) => format!(
            "{}{}{}",
            c.dice.high(),
            c.dice.low(),
            write_letters(c.mv.steps().map(|s| (s.from, s.to)), d.player)
        ),
        DecisionKind::Double { .. } | DecisionKind::Beaver { .. } => "double".into(),
        DecisionKind::Take => "take".into(),
        DecisionKind::Drop => "drop".into(),
        DecisionKind::Resign { .. } => return String::new(),
    };
    let mut node = format!("\n;{who}[{value}]");
    if let Some(cube) = &d.analysis.cube {
        node.push_str(&format!("DA[{}]", escape(&cube.text)));
    }
    if let Some(a) = &d.analysis.moves {
        node.push_str(&format!("A[{}]", a.played));
        for c in &a.candidates {
            node.push_str(&format!("[{} {}]", escape(&c.letters), escape(&c.text)));
        }
    }
    node
}

/// A property value with `\` and `]` escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
