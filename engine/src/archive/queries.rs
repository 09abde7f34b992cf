//! Questions to the archive: each player's figures over their reviewed matches, a
//! player's errors worst first, and the aliases that make one person of several site names.
//!
//! A match counts with one review: the one at the depth asked, or else its deepest (the
//! latest of the deepest when it was reviewed twice at that depth). The
//! rates are made as gnubg's statistics make them, from the totals of every match: the
//! checker error total over the unforced moves, the cube error total over the close cube
//! decisions, the luck total over the rolls (× 1000, in mEMG) — not an average of each
//! match's rate.

use super::database::Archive;
use super::error::ArchiveError;
use crate::core::formats::{MatchId, Setup, decode_position_id, read_setup};
use rusqlite::{OptionalExtension, params};

/// One person's figures over the archive's matches.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayerFigures {
    /// The person: an alias's person, or the name the files give.
    pub player: String,
    /// Matches stored with them.
    pub matches: u64,
    /// Of those, the ones reviewed (at the depth asked).
    pub reviewed: u64,
    /// Their decisions in those matches.
    pub decisions: u64,
    /// Their unforced moves (checker plays with a choice) in the reviewed matches.
    pub unforced_moves: u64,
    /// Checker error total / unforced moves, mEMG (`None` without an unforced move).
    pub error_rate_memg: Option<f64>,
    /// Cube error total / close or actual cube decisions, mEMG; `None` without a close cube
    /// decision in the reviewed matches (or without a review): a rate of nothing, not 0.
    pub cube_error_rate_memg: Option<f64>,
    /// Luck total / rolls, mEMG, over the reviews with gnubg's luck (`None` without one).
    pub luck_rate_memg: Option<f64>,
    /// The first match's date (the file's, or its name's; `None` when no match's date is
    /// known).
    pub first: Option<String>,
    /// The last match's date known.
    pub last: Option<String>,
    /// Of their matches, those whose date is unknown (neither the file nor its name says
    /// one).
    pub undated: u64,
}

/// One player's error rate in one reviewed match: a point of their trend.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TrendPoint {
    /// The person.
    pub player: String,
    /// The match's date (the file's, or its name's); `None` when unknown — such matches come
    /// after the dated ones, in the order they were added.
    pub day: Option<String>,
    /// The match's number in the archive.
    pub match_key: i64,
    /// Their checker error total / unforced moves in that match, mEMG.
    pub error_rate_memg: f64,
    /// Their unforced moves in it.
    pub unforced_moves: u64,
}

/// Which errors: a checker play, a double (made wrongly or missed), or an answer to one (a
/// take, a drop, a beaver).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A checker play that loses against the engine's best.
    Move,
    /// A wrong double, or a double missed before a roll.
    Double,
    /// A wrong take or drop (or beaver).
    Take,
}

impl ErrorKind {
    /// Its name in the tables and the JSON: `move`, `double`, `take`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Move => "move",
            ErrorKind::Double => "double",
            ErrorKind::Take => "take",
        }
    }

    /// The kind a name says ([`ErrorKind::name`]); anything else is a checker play.
    pub fn of_name(name: &str) -> ErrorKind {
        match name {
            "double" => ErrorKind::Double,
            "take" => ErrorKind::Take,
            _ => ErrorKind::Move,
        }
    }
}

/// The board of an error or a card as its IDs and roll say (`63`: the roll; `None` for a cube
/// decision), or why the IDs cannot be read.
pub fn setup_of(
    position_id: &str,
    match_id: &str,
    dice: Option<&str>,
) -> Result<Setup, crate::core::formats::ReadError> {
    let mut setup = read_setup(&format!("{position_id}:{match_id}"))?;
    setup.dice = dice.and_then(|text| {
        let d: Vec<u8> = text
            .chars()
            .map(|c| c.to_digit(10).map(|d| d as u8))
            .collect::<Option<_>>()?;
        match d[..] {
            [a, b] => crate::Dice::new(a, b),
            _ => None,
        }
    });
    Ok(setup)
}

/// What `errors` asks for.
#[derive(Clone, Debug, Default)]
pub struct ErrorFilter {
    /// The person or a name the files give.
    pub player: String,
    /// Only these phases (`contact`, `race`, `bearoff`; all when empty).
    pub phases: Vec<String>,
    /// Only errors of at least this loss, EMG.
    pub min_loss: f64,
    /// Only these kinds (all when empty).
    pub kinds: Vec<ErrorKind>,
    /// The reviews at this depth (each match's deepest when `None`).
    pub plies: Option<u8>,
}

/// An error of a player as the errors list and the drill's cards both show it: whose, where
/// to find it, the board, what was played against the engine's best, and what it cost.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayerError {
    /// The person.
    pub player: String,
    /// The file the match was read from.
    pub file: String,
    /// The game's number in the file.
    pub game: u32,
    /// The decision's number in its game, from 1 (as `bgw match decisions` counts).
    pub number: u32,
    /// A checker play, a double (or one missed before a roll) or an answer to one.
    pub kind: ErrorKind,
    /// gnubg's Position ID of the decision as gnubg shows it: the decider on roll, but for
    /// an answer to a double the doubler (the double on offer, the taker's turn).
    pub position_id: String,
    /// gnubg's Match ID at the decision (no dice for a cube decision).
    pub match_id: String,
    /// The roll, for a checker play (`63`).
    pub dice: Option<String>,
    /// What was played: the move, or the cube action (`no double`, `double to 2`, `take`).
    pub played: String,
    /// The engine's best: its move, or its proper cube action.
    pub best: String,
    /// What the error cost, EMG.
    pub loss: f64,
    /// The depth of the review.
    pub plies: u8,
}

/// One error of a player in the errors list, with where to find it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ErrorRow {
    /// The decision's number in the archive (`decisions.id`).
    pub decision_id: i64,
    /// The error as a card shows it too (its fields are the row's in the JSON).
    #[serde(flatten)]
    pub error: PlayerError,
    /// The move number the file gives the line.
    pub file_move: Option<u32>,
    /// `contact`, `race` or `bearoff`.
    pub phase: String,
    /// gnubg's mark: `none`, `doubtful`, `bad`, `very_bad`.
    pub mark: String,
    /// For a checker play, the classic program's choice and what it loses, EMG.
    pub classic: Option<(String, f64)>,
}

/// The review each match counts with: at `?1` plies, or the match's deepest when `?1` is
/// NULL.
const CHOSEN: &str = "chosen AS (
    SELECT r.id, r.match_id, r.plies FROM reviews r
    WHERE (?1 IS NULL AND r.id = (SELECT x.id FROM reviews x WHERE x.match_id = r.match_id
                                  ORDER BY x.plies DESC, x.id DESC LIMIT 1))
       OR r.plies = ?1)";

/// Each match's two sides: the match, the player (0, 1), the name the file gives, the day
/// (the match's date; NULL when unknown).
const SIDES: &str = "sides AS (
    SELECT m.id AS match_id, 0 AS player, m.player0 AS name, m.date AS day FROM matches m
    UNION ALL
    SELECT m.id, 1, m.player1, m.date FROM matches m)";

impl Archive {
    /// Files the site name `name` under `person` (the name itself when they are the same:
    /// the alias is removed); the drill's cards of the name's errors follow it to the person.
    pub fn set_alias(&mut self, name: &str, person: &str) -> Result<(), ArchiveError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let was: String = tx
            .query_row("SELECT person FROM aliases WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?
            .unwrap_or_else(|| name.to_string());
        if name == person {
            tx.execute("DELETE FROM aliases WHERE name = ?1", [name])?;
        } else {
            tx.execute(
                "INSERT INTO aliases (name, person) VALUES (?1, ?2)
                 ON CONFLICT (name) DO UPDATE SET person = excluded.person",
                [name, person],
            )?;
        }
        tx.execute(
            "UPDATE drill_cards SET person = ?3 WHERE person = ?2 AND decision_id IN (
                 SELECT d.id FROM decisions d JOIN games g ON g.id = d.game_id
                 JOIN matches m ON m.id = g.match_id
                 WHERE CASE d.player WHEN 0 THEN m.player0 ELSE m.player1 END = ?1)",
            params![name, was, person],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every alias: the name a file gives and the person it is filed under, by name.
    pub fn aliases(&self) -> Result<Vec<(String, String)>, ArchiveError> {
        let mut q = self
            .conn
            .prepare("SELECT name, person FROM aliases ORDER BY name")?;
        let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Makes person `from` one with person `into`: every name filed under `from` (and the
    /// name `from` itself) is filed under `into`. Undone name by name with
    /// [`Archive::set_alias`]`(name, name)`.
    pub fn merge_person(&mut self, from: &str, into: &str) -> Result<(), ArchiveError> {
        if from == into {
            return Ok(());
        }
        let mut names: Vec<String> = self
            .aliases()?
            .into_iter()
            .filter(|(_, p)| p == from)
            .map(|(n, _)| n)
            .collect();
        if !names.iter().any(|n| n == from) {
            names.push(from.to_string());
        }
        for name in names {
            self.set_alias(&name, into)?;
        }
        Ok(())
    }

    /// Every person's figures, by name.
    pub fn players(&self, plies: Option<u8>) -> Result<Vec<PlayerFigures>, ArchiveError> {
        let sql = format!(
            "WITH {CHOSEN},
             {SIDES}
             SELECT COALESCE(a.person, s.name) AS who,
                    count(*),
                    count(rp.review_id),
                    sum((SELECT count(*) FROM decisions d JOIN games g ON g.id = d.game_id
                         WHERE g.match_id = s.match_id AND d.player = s.player)),
                    sum(rp.unforced_moves),
                    sum(rp.error_emg),
                    sum(rp.close_cube_decisions),
                    sum(rp.cube_error_emg),
                    sum(CASE WHEN rp.luck_total_emg IS NOT NULL THEN rp.total_moves END),
                    sum(rp.luck_total_emg),
                    min(s.day),
                    max(s.day),
                    count(*) - count(s.day)
             FROM sides s
             LEFT JOIN aliases a ON a.name = s.name
             LEFT JOIN chosen c ON c.match_id = s.match_id
             LEFT JOIN review_players rp ON rp.review_id = c.id AND rp.player = s.player
             GROUP BY who
             ORDER BY who"
        );
        let mut q = self.conn.prepare(&sql)?;
        let rows = q.query_map(params![plies], |r| {
            let count = |i: usize| -> rusqlite::Result<u64> {
                Ok(r.get::<_, Option<i64>>(i)?.unwrap_or(0).max(0) as u64)
            };
            let reviewed = count(2)?;
            let unforced = count(4)?;
            let error: f64 = r.get::<_, Option<f64>>(5)?.unwrap_or(0.0);
            let close = count(6)?;
            let cube: f64 = r.get::<_, Option<f64>>(7)?.unwrap_or(0.0);
            let rolls = count(8)?;
            let luck: Option<f64> = r.get(9)?;
            let rate = |total: f64, n: u64| 1000.0 * total / n as f64;
            Ok(PlayerFigures {
                player: r.get(0)?,
                matches: count(1)?,
                reviewed,
                decisions: count(3)?,
                unforced_moves: unforced,
                error_rate_memg: (unforced > 0).then(|| rate(error, unforced)),
                // No close cube decision: no rate ("n/a", JSON null), not 0.0.
                cube_error_rate_memg: (close > 0).then(|| rate(cube, close)),
                luck_rate_memg: luck.filter(|_| rolls > 0).map(|l| rate(l, rolls)),
                first: r.get(10)?,
                last: r.get(11)?,
                undated: count(12)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every person's error rate match by match, in date order (then the order added; the
    /// matches of unknown date last, in the order added): the reviewed matches where they
    /// had an unforced move.
    pub fn trend(&self, plies: Option<u8>) -> Result<Vec<TrendPoint>, ArchiveError> {
        let sql = format!(
            "WITH {CHOSEN},
             {SIDES}
             SELECT COALESCE(a.person, s.name) AS who, s.day, s.match_id, rp.error_emg,
                    rp.unforced_moves
             FROM sides s
             LEFT JOIN aliases a ON a.name = s.name
             JOIN chosen c ON c.match_id = s.match_id
             JOIN review_players rp ON rp.review_id = c.id AND rp.player = s.player
             WHERE rp.unforced_moves > 0
             ORDER BY who, s.day IS NULL, s.day, s.match_id"
        );
        let mut q = self.conn.prepare(&sql)?;
        let rows = q.query_map(params![plies], |r| {
            let unforced = r.get::<_, i64>(4)?.max(1) as u64;
            Ok(TrendPoint {
                player: r.get(0)?,
                day: r.get(1)?,
                match_key: r.get(2)?,
                error_rate_memg: 1000.0 * r.get::<_, f64>(3)? / unforced as f64,
                unforced_moves: unforced,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The errors of `filter.player`, worst first (ties in file order).
    pub fn errors(&self, filter: &ErrorFilter) -> Result<Vec<ErrorRow>, ArchiveError> {
        let sql = format!(
            "WITH {CHOSEN},
             named AS (
                 SELECT d.*, CASE d.player WHEN 0 THEN m.player0 ELSE m.player1 END AS name,
                        g.number AS game_number, f.path AS path, m.id AS match_key
                 FROM decisions d JOIN games g ON g.id = d.game_id
                 JOIN matches m ON m.id = g.match_id JOIN files f ON f.id = m.file_id)
             SELECT COALESCE(a.person, n.name), n.path, n.game_number, n.idx + 1, n.file_move,
                    n.kind, n.phase, n.position_id, n.gnubg_match_id, n.dice, n.played,
                    dr.verdict, dr.best, dr.loss, dr.mark, dr.cube_action, dr.cube_error,
                    dr.cube_mark, c.plies, n.id, dr.classic, dr.classic_loss
             FROM decision_reviews dr
             JOIN chosen c ON c.id = dr.review_id
             JOIN named n ON n.id = dr.decision_id
             LEFT JOIN aliases a ON a.name = n.name
             WHERE (COALESCE(a.person, n.name) = ?2 OR n.name = ?2)
               AND (dr.loss > 0 OR dr.cube_error > 0)
             ORDER BY n.match_key, n.game_number, n.idx"
        );
        let mut q = self.conn.prepare(&sql)?;
        let mut out = Vec::new();
        let mut rows = q.query(params![filter.plies, filter.player])?;
        while let Some(r) = rows.next()? {
            let kind: String = r.get(5)?;
            let verdict: String = r.get(11)?;
            let base = ErrorRow {
                decision_id: r.get(19)?,
                error: PlayerError {
                    player: r.get(0)?,
                    file: super::store::path_text(r, 1)?,
                    game: r.get(2)?,
                    number: r.get(3)?,
                    kind: ErrorKind::Move,
                    position_id: r.get(7)?,
                    match_id: r.get(8)?,
                    dice: r.get(9)?,
                    played: r.get::<_, Option<String>>(10)?.unwrap_or_default(),
                    best: String::new(),
                    loss: 0.0,
                    plies: r.get(18)?,
                },
                file_move: r.get(4)?,
                phase: r.get(6)?,
                mark: String::new(),
                classic: None,
            };
            let loss: Option<f64> = r.get(13)?;
            let cube_error: Option<f64> = r.get(16)?;
            let cube_action: Option<String> = r.get(15)?;
            if let Some(l) = loss.filter(|l| *l > 0.0) {
                let classic: Option<String> = r.get(20)?;
                let classic_loss: Option<f64> = r.get(21)?;
                out.push(ErrorRow {
                    error: PlayerError {
                        best: r.get::<_, Option<String>>(12)?.unwrap_or_default(),
                        loss: l,
                        ..base.error.clone()
                    },
                    classic: classic.zip(classic_loss),
                    mark: r.get::<_, Option<String>>(14)?.unwrap_or_default(),
                    ..base.clone()
                });
            }
            if let Some(e) = cube_error.filter(|e| *e > 0.0) {
                let (kind, played) = match (verdict.as_str(), kind.as_str()) {
                    ("move", _) => (ErrorKind::Double, "no double".to_string()),
                    (_, "double") => (ErrorKind::Double, base.error.played.clone()),
                    _ => (ErrorKind::Take, base.error.played.clone()),
                };
                let (position_id, match_id, _) =
                    shown(kind, &base.error.position_id, &base.error.match_id, None);
                out.push(ErrorRow {
                    error: PlayerError {
                        kind,
                        position_id,
                        match_id,
                        dice: None,
                        played,
                        best: cube_action.unwrap_or_default(),
                        loss: e,
                        ..base.error
                    },
                    mark: r.get::<_, Option<String>>(17)?.unwrap_or_default(),
                    ..base
                });
            }
        }
        out.retain(|e| {
            e.error.loss >= filter.min_loss
                && (filter.phases.is_empty() || filter.phases.contains(&e.phase))
                && (filter.kinds.is_empty() || filter.kinds.contains(&e.error.kind))
        });
        out.sort_by(|a, b| b.error.loss.total_cmp(&a.error.loss));
        Ok(out)
    }
}

/// The board, Match ID and roll of an error as gnubg shows the decision
/// ([`crate::matches::shown_board`]), from the decision as stored (its board with the decider,
/// the Match ID's turn, on roll): a checker play as it is; a cube error before the roll
/// (a double, or one missed before a checker play) without dice; an answer to a double as
/// the doubler's. An ID this build cannot read is given back as stored.
pub(super) fn shown(
    kind: ErrorKind,
    position_id: &str,
    match_id: &str,
    dice: Option<String>,
) -> (String, String, Option<String>) {
    if kind == ErrorKind::Move {
        return (position_id.to_string(), match_id.to_string(), dice);
    }
    let Ok(id) = MatchId::decode(match_id) else {
        return (position_id.to_string(), match_id.to_string(), None);
    };
    let Ok(position) = decode_position_id(position_id, id.turn) else {
        return (position_id.to_string(), match_id.to_string(), None);
    };
    let shown = crate::matches::shown_board(position, id, None, kind == ErrorKind::Take);
    (shown.position_id(), shown.match_id(), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::{DecisionKind, read_match};

    const MATCH: &str = include_str!("../../../tests/data/matches/gnubg_7pt_seed102.mat");

    /// The archive shows a stored cube decision as the match review shows the decision: an
    /// answer to a double as the doubler's board with the double on offer.
    #[test]
    fn a_stored_cube_decision_is_shown_as_the_decision_shows_itself() {
        let m = read_match(MATCH).unwrap();
        let mut answers = 0;
        for d in m.games.iter().flat_map(|g| &g.decisions) {
            let kind = match d.kind {
                DecisionKind::Double { .. } => ErrorKind::Double,
                _ if d.kind.answers_a_double() => ErrorKind::Take,
                _ => continue,
            };
            let (position_id, match_id, dice) =
                shown(kind, &d.position_id(), &d.match_id.encode(), None);
            let own = d.shown();
            assert_eq!(
                (position_id, match_id, dice),
                (own.position_id(), own.match_id(), None)
            );
            if kind == ErrorKind::Take {
                answers += 1;
                assert_eq!(own.position, d.position.mirror(), "the doubler's board");
                let id = own.match_id_fields();
                assert!(id.double_offered && id.on_roll != id.turn);
            }
        }
        assert!(answers > 0, "the match has an answer to a double");
    }
}
