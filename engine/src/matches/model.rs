//! What a match file holds once read: the match, its games, and every decision in them with
//! the position and match state it was taken in.
//!
//! # Players and sides
//! Player **0** is the file's first player: the left column of a MAT file, `PW` in gnubg's
//! SGF, X in `gnubg.match()`. Player **1** is the second (right column, `PB`, O). They are the
//! players 0 and 1 of gnubg's Match ID, so player 0 plays the engine's [`Side::Black`] and
//! player 1 [`Side::White`] (see [`crate::core::played::side_of`]); a decision's [`MatchId`] is then the one gnubg
//! itself gives at that moment.

use super::analysis::Analysis;
use crate::core::dice::Dice;
use crate::core::formats::{MatchId, MatchState, Setup};
use crate::core::moves::{Move, Refusal};
use crate::core::position::Position;

/// A match (or a money session) as a file records it.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// The two players' names: player 0 first (see the module doc).
    pub players: [String; 2],
    /// Points to win the match; 0 for money play.
    pub match_length: u16,
    /// The rules the match is played under.
    pub rules: Rules,
    /// The games, in the file's order.
    pub games: Vec<Game>,
    /// What could not be read as recorded, or disagrees with itself, each said once.
    pub warnings: Vec<Warning>,
    /// The header tags as written (`; [Site "…"]` in MAT, the root properties in SGF), in
    /// order: key, value.
    pub tags: Vec<(String, String)>,
}

/// The rules that change what a decision means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The Crawford rule: no doubling in the first game where a player is 1 point away.
    pub crawford: bool,
    /// The Jacoby rule (money play): gammons count single while the cube is not turned.
    pub jacoby: bool,
}

impl Rules {
    /// What a MAT file that says nothing means, as gnubg 1.07 imports it: Crawford in a
    /// match; in money play the Jacoby rule, gnubg's default (its import applies its own
    /// `set jacoby`, on unless changed, and ignores a `[Jacoby]` tag, which bgw reads).
    pub fn default_for(match_length: u16) -> Rules {
        Rules {
            crawford: match_length > 0,
            jacoby: match_length == 0 && crate::core::formats::GNUBG_JACOBY,
        }
    }
}

/// One game of the match.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The game's number as the file gives it (1 for the first).
    pub number: u32,
    /// The score at its start: player 0's, player 1's.
    pub score: [u16; 2],
    /// This is the Crawford game (no doubling).
    pub crawford: bool,
    /// Every decision, in order; stops early where a warning says so.
    pub decisions: Vec<Decision>,
    /// How the game ended; `None` when the file records no end (an abandoned or unfinished
    /// game).
    pub result: Option<GameResult>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner: 0 or 1.
    pub winner: usize,
    /// Points won (the cube's value times 1, 2 or 3).
    pub points: u32,
    /// Why the game is over.
    pub how: HowEnded,
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HowEnded {
    /// The winner bore off its last checker.
    Normal,
    /// The loser resigned.
    Resigned,
    /// The loser dropped a double.
    Dropped,
    /// The file names the winner, but the record stops before the end (a warning says why):
    /// the winner and points are the file's.
    Unfinished,
}

/// One decision: a roll played, or a cube action, or a resignation.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Who decides: 0 or 1.
    pub player: usize,
    /// What was decided.
    pub kind: DecisionKind,
    /// The board before the decision, seen by the decider, who is on roll in it (a take is
    /// seen by the taker).
    pub position: Position,
    /// The match before the decision as gnubg's Match ID: score, cube value and owner,
    /// Crawford, the dice once rolled. After a double its player on roll is still the doubler
    /// and its turn the taker's, as in gnubg.
    pub match_id: MatchId,
    /// Where the decision is written: the file's line (1-based).
    pub line: usize,
    /// The move number the file gives the decision's line (a MAT file's `12)`), if any.
    pub move_number: Option<u32>,
    /// The analysis the file keeps with the decision (gnubg's SGF), as written.
    pub analysis: Analysis,
}

/// What was decided.
#[derive(Clone, Debug, PartialEq)]
pub enum DecisionKind {
    /// A roll played.
    Move(Checkers),
    /// A double, offering the cube at `cube`.
    Double {
        /// The cube's value offered (twice the value before).
        cube: u32,
    },
    /// The double taken.
    Take,
    /// The double dropped: the game ends.
    Drop,
    /// The double taken and at once redoubled by the taker, who keeps the cube (money play).
    Beaver {
        /// The cube's value after the beaver.
        cube: u32,
    },
    /// A resignation.
    Resign {
        /// 1 a single game, 2 a gammon, 3 a backgammon (times the cube in points).
        points: u8,
    },
}

/// A roll and how it was played.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkers {
    /// The roll.
    pub dice: Dice,
    /// The move as the file writes it (`24/18 18/14`, `Bar/7* 4/Off`; empty for a dance).
    pub recorded: String,
    /// The move made, step by step, hits included (the empty move for a dance).
    pub mv: Move,
    /// The board after the move, the mover still on roll.
    pub result: Position,
    /// Whether the rules allow the move.
    pub legality: Legality,
}

/// Whether a recorded move follows the rules.
#[derive(Clone, Debug, PartialEq)]
pub enum Legality {
    /// One of the legal plays of the roll.
    Legal,
    /// Not a legal play, but one that can be made on the board (a wrong die, a checker moved
    /// the wrong distance, part of the roll left unplayed): it is made as recorded, and the
    /// game goes on from there.
    IllegalAsRecorded {
        /// What the rules refuse, the first and most basic problem found.
        reason: Refusal,
    },
}

/// Something in the file that could not be read as recorded or disagrees with the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The game's number (as [`Game::number`]); 0 for the match's header.
    pub game: u32,
    /// The move number of the line, when the file gives one.
    pub move_number: Option<u32>,
    /// The file's line (1-based).
    pub line: usize,
    /// The recorded text concerned, shortened and with control characters escaped.
    pub text: String,
    /// What is wrong, and what the reader did about it.
    pub why: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}", self.line)?;
        if self.game > 0 {
            write!(f, " (game {}", self.game)?;
            if let Some(n) = self.move_number {
                write!(f, ", move {n}")?;
            }
            f.write_str(")")?;
        }
        write!(f, ": {}", self.why)?;
        if !self.text.is_empty() {
            write!(f, " [{}]", self.text)?;
        }
        Ok(())
    }
}

impl Match {
    /// Every decision of the match with its game, in order.
    pub fn decisions(&self) -> impl Iterator<Item = (&Game, &Decision)> {
        self.games
            .iter()
            .flat_map(|g| g.decisions.iter().map(move |d| (g, d)))
    }

    /// The players' ratings as the file gives them: SGF's `WR` and `BR` (player 0, player 1),
    /// which the MAT reader also fills from a GamesGrid name (`NIUSHA,1750`).
    pub fn ratings(&self) -> [Option<&str>; 2] {
        ["WR", "BR"].map(|key| {
            self.tags
                .iter()
                .find(|(k, v)| k == key && !v.trim().is_empty())
                .map(|(_, v)| v.trim())
        })
    }

    /// The score after the last game (the match's final score when it was played out).
    pub fn final_score(&self) -> [u16; 2] {
        match self.games.last() {
            None => [0, 0],
            Some(g) => {
                let mut s = g.score;
                if let Some(r) = g.result {
                    let won = u16::try_from(r.points).unwrap_or(u16::MAX);
                    s[r.winner] = s[r.winner].saturating_add(won);
                }
                s
            }
        }
    }
}

impl DecisionKind {
    /// True for an answer to a double: a take, a drop or a beaver.
    pub fn answers_a_double(&self) -> bool {
        matches!(
            self,
            DecisionKind::Take | DecisionKind::Drop | DecisionKind::Beaver { .. }
        )
    }
}

/// The board, roll and match state of a decision as gnubg shows it, from the decision's
/// board (`position`, the decider on roll), its Match ID and its roll (`dice`, a checker
/// play's; `None` shows a decision before the roll): a checker play or a double as it is;
/// an answer to a double (`answer`) as the doubler's board, the doubler on roll and the
/// double on offer (the taker's turn). The one place the rule is said: the match review
/// shows a decision through [`Decision::shown`], the archive its stored decisions.
pub fn shown_board(
    position: Position,
    match_id: MatchId,
    dice: Option<Dice>,
    answer: bool,
) -> Setup {
    let position = if answer { position.mirror() } else { position };
    let mut id = match_id;
    id.dice = [0, 0];
    id.double_offered = answer;
    Setup {
        position,
        dice,
        match_state: Some(MatchState::MatchId(id).for_turn(position.on_roll(), dice)),
    }
}

impl Decision {
    /// The Position ID before the decision, the decider on roll (as gnubg's
    /// `gnubg.match(boards=1)` gives it).
    pub fn position_id(&self) -> String {
        crate::core::formats::encode_position_id(&self.position)
    }

    /// The board of the decision as gnubg shows it: see [`shown_board`].
    pub fn shown(&self) -> Setup {
        shown_board(
            self.position,
            self.match_id,
            self.checkers().map(|c| c.dice),
            self.kind.answers_a_double(),
        )
    }

    /// The roll played, when the decision is a move.
    pub fn checkers(&self) -> Option<&Checkers> {
        match &self.kind {
            DecisionKind::Move(c) => Some(c),
            _ => None,
        }
    }

    /// One word for the kind: `move`, `double`, `take`, `drop`, `beaver`, `resign`.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            DecisionKind::Move(_) => "move",
            DecisionKind::Double { .. } => "double",
            DecisionKind::Take => "take",
            DecisionKind::Drop => "drop",
            DecisionKind::Beaver { .. } => "beaver",
            DecisionKind::Resign { .. } => "resign",
        }
    }
}
