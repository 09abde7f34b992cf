//! A match's review kept in the archive: which engine at which depth, every decision's
//! figures (the best move, the equities, the loss and mark, the cube figures, the roll's
//! luck) and each player's totals, written in one transaction once the review is whole.

use super::database::Archive;
use super::error::ArchiveError;
use super::store::MatchKey;
use crate::reference::LuckMark;
use crate::review::{CubeVerdict, MatchLuck, PlayerSummary, Reviewed, Verdict};
use rusqlite::params;
use std::collections::HashMap;

/// The engine that reviewed: its name and version (`GNU Backgammon`, `1.07.001`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineName {
    /// Its name.
    pub name: String,
    /// Its version, when it says one.
    pub version: Option<String>,
}

/// A match without a review at some depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreviewedMatch {
    /// The match.
    pub key: MatchKey,
    /// The path of the file it was read from.
    pub path: String,
    /// Points to win; 0 for money play.
    pub length: u16,
    /// Its decisions.
    pub decisions: u64,
    /// Its content's hash, which shards go by: its digest (else, a text no longer read, its
    /// file's SHA-256).
    pub content: String,
}

/// A mark's name in the tables: `none`, `doubtful`, `bad`, `very_bad` (as the JSON writes
/// it).
fn mark_name<T: serde::Serialize>(mark: T) -> Option<String> {
    serde_json::to_value(mark)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
}

impl Archive {
    /// The matches with no review at `plies`, in the order they were added.
    pub fn unreviewed(&self, plies: u8) -> Result<Vec<UnreviewedMatch>, ArchiveError> {
        let mut q = self.conn.prepare(
            "SELECT m.id, f.path, m.length,
                    (SELECT count(*) FROM decisions d JOIN games g ON g.id = d.game_id
                     WHERE g.match_id = m.id),
                    COALESCE(m.digest, f.sha256)
             FROM matches m JOIN files f ON f.id = m.file_id
             WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.match_id = m.id AND r.plies = ?1)
             ORDER BY m.id",
        )?;
        let rows = q.query_map([plies], |r| {
            Ok(UnreviewedMatch {
                key: MatchKey(r.get(0)?),
                path: super::store::path_text(r, 1)?,
                length: r.get(2)?,
                decisions: r.get::<_, i64>(3)?.max(0) as u64,
                content: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Stores the review of match `key` at `plies` by `engine`: the
    /// verdicts, gnubg's luck when there is one, and each player's summary as
    /// [`crate::review::summarize`] made it; one transaction, which replaces an earlier
    /// review of the match at the same depth.
    pub fn store_review(
        &mut self,
        key: MatchKey,
        plies: u8,
        engine: &EngineName,
        reviewed: &[Reviewed],
        luck: Option<&MatchLuck>,
        summary: &[PlayerSummary; 2],
    ) -> Result<(), ArchiveError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let ids = decision_ids(&tx, key)?;
        tx.execute(
            "DELETE FROM reviews WHERE match_id = ?1 AND plies = ?2",
            params![key.0, plies],
        )?;
        tx.execute(
            "INSERT INTO reviews (match_id, engine, engine_version, plies, reviewed_at, luck)
             VALUES (?1, ?2, ?3, ?4, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?5)",
            params![key.0, engine.name, engine.version, plies, luck.is_some()],
        )?;
        let review_id = tx.last_insert_rowid();
        store_players(&tx, review_id, summary)?;
        store_decisions(&tx, review_id, key, &ids, reviewed, luck)?;
        tx.commit()?;
        Ok(())
    }
}

/// The archive's id of each decision of match `key`, by (game, decision) index.
fn decision_ids(
    tx: &rusqlite::Connection,
    key: MatchKey,
) -> Result<HashMap<(i64, i64), i64>, ArchiveError> {
    let mut q = tx.prepare_cached(
        "SELECT g.idx, d.idx, d.id FROM decisions d JOIN games g ON g.id = d.game_id
         WHERE g.match_id = ?1",
    )?;
    let rows = q.query_map([key.0], |r| {
        Ok(((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?), r.get(2)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Each player's row of review `review_id`: the totals the lists sort by, and the whole
/// summary as JSON.
fn store_players(
    tx: &rusqlite::Connection,
    review_id: i64,
    summary: &[PlayerSummary; 2],
) -> Result<(), ArchiveError> {
    let mut player_row = tx.prepare_cached(
        "INSERT INTO review_players (review_id, player, name, unforced_moves, error_emg,
             total_moves, close_cube_decisions, cube_error_emg, luck_total_emg, summary)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for (p, s) in summary.iter().enumerate() {
        let cube_emg: f64 = s.statistics.cube_errors.all().iter().map(|x| x.emg).sum();
        player_row.execute(params![
            review_id,
            p as i64,
            s.name,
            s.unforced_moves as i64,
            s.error_emg,
            s.statistics.total_moves as i64,
            s.statistics.close_cube_decisions as i64,
            cube_emg,
            s.statistics.luck_total_emg,
            serde_json::to_string(s).unwrap_or_default()
        ])?;
    }
    Ok(())
}

/// Each verdict's row of review `review_id` of match `key` (decisions found by `ids`): the
/// move's figures, the cube's, the roll's luck, or why it was not judged. A verdict on a
/// decision the match does not have is an error.
fn store_decisions(
    tx: &rusqlite::Connection,
    review_id: i64,
    key: MatchKey,
    ids: &HashMap<(i64, i64), i64>,
    reviewed: &[Reviewed],
    luck: Option<&MatchLuck>,
) -> Result<(), ArchiveError> {
    let mut decision_row = tx.prepare_cached(
        "INSERT INTO decision_reviews (review_id, decision_id, verdict, best, best_equity,
             played_equity, loss, loss_mwc, mark, forced, classic, classic_loss,
             cube_action, no_double, double_take, double_pass, cube_error, cube_mark,
             luck_emg, luck_mwc, luck_mark, not_judged)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                 ?17, ?18, ?19, ?20, ?21, ?22)",
    )?;
    for r in reviewed {
        let Some(&decision_id) = ids.get(&(r.game as i64, r.decision as i64)) else {
            return Err(ArchiveError::NotAnArchive(format!(
                "match {} has no decision {} in game {}",
                key.0,
                r.decision + 1,
                r.game + 1
            )));
        };
        let (verdict, play, cube, not_judged) = match &r.verdict {
            Verdict::Move { play, no_double } => ("move", Some(play), no_double.as_ref(), None),
            Verdict::Cube(c) => ("cube", None, Some(c), None),
            Verdict::NotJudged(why) => ("not_judged", None, None, Some(why.as_str())),
        };
        let luck = luck.and_then(|l| l.roll(r.game, r.decision));
        let cube_field = |f: fn(&CubeVerdict) -> f64| cube.map(f);
        decision_row.execute(params![
            review_id,
            decision_id,
            verdict,
            play.map(|p| p.best.as_str()),
            play.map(|p| p.best_equity),
            play.and_then(|p| p.played_equity),
            play.and_then(|p| p.loss),
            play.and_then(|p| p.loss_mwc),
            play.and_then(|p| mark_name(p.mark)),
            play.map(|p| p.choices <= 1),
            play.map(|p| p.classic.as_str()),
            play.map(|p| p.classic_loss),
            cube.map(|c| c.decision.action.as_str()),
            cube_field(|c| c.decision.no_double),
            cube_field(|c| c.decision.double_take),
            cube_field(|c| c.decision.double_pass),
            cube_field(|c| c.error),
            cube.and_then(|c| mark_name(c.mark)),
            luck.map(|l| l.emg),
            luck.map(|l| l.mwc),
            luck.and_then(|l| mark_name(LuckMark::of(l.emg))),
            not_judged
        ])?;
    }
    Ok(())
}
