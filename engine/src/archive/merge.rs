//! Archives merged by content: the archives that shards of one job wrote (each its part of
//! the matches reviewed) made one. A file is one by its SHA-256, a match one by its content
//! digest, a review one by its match and depth; aliases, drill cards and their answers come
//! along. Everything read from the others is written into this archive in one transaction, so
//! a merge stopped at any point (a crash, SIGKILL) leaves this archive as it was.
//!
//! Conflicts — two archives that say different things about one thing — keep what this
//! archive (then the archive merged first) says, and are counted in [`Merged`]:
//! - a review of one match at one depth by another engine version: the first kept;
//! - an alias filing one name under two persons: the first kept;
//! - one drill card (a decision's error of a kind) in both: the answers of both kept (an
//!   answer at the same time with the same words once), the schedule of the card answered
//!   last.

use super::database::Archive;
use super::error::ArchiveError;
use rusqlite::types::Value;
use rusqlite::{OptionalExtension, Transaction, params, params_from_iter};
use std::collections::HashMap;

/// What a merge brought in, summed over the archives merged.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Merged {
    /// Files whose SHA-256 this archive did not hold.
    pub files: u64,
    /// Matches whose content this archive did not hold.
    pub matches: u64,
    /// Matches that were here already (counted once).
    pub matches_known: u64,
    /// Reviews (a match at a depth) this archive did not hold.
    pub reviews: u64,
    /// Reviews this archive held already at the same depth and engine version.
    pub reviews_known: u64,
    /// Reviews of a match at a depth held here by another engine version: this one's kept.
    pub review_conflicts: u64,
    /// Aliases added.
    pub aliases: u64,
    /// Aliases naming another person than this archive's: this one's kept.
    pub alias_conflicts: u64,
    /// Drill cards added.
    pub cards: u64,
    /// Drill cards held in both: answers united, the schedule of the one answered last.
    pub cards_united: u64,
    /// Drill answers added.
    pub answers: u64,
}

/// A row's columns, as SQLite gives them.
type Row = Vec<Value>;

/// The rows of `sql` on `conn` with `args`, each as its `n` values.
fn rows(
    conn: &rusqlite::Connection,
    sql: &str,
    args: impl rusqlite::Params,
    n: usize,
) -> rusqlite::Result<Vec<Row>> {
    let mut q = conn.prepare_cached(sql)?;
    let rows = q.query_map(args, |r| (0..n).map(|i| r.get::<_, Value>(i)).collect())?;
    rows.collect()
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Integer(i) => *i,
        _ => 0,
    }
}

fn text(v: &Value) -> Option<&str> {
    match v {
        Value::Text(t) => Some(t),
        _ => None,
    }
}

/// Inserts `values` into `sql`'s columns; the new row's id.
fn insert(tx: &Transaction<'_>, sql: &str, values: &[Value]) -> rusqlite::Result<i64> {
    tx.prepare_cached(sql)?.execute(params_from_iter(values))?;
    Ok(tx.last_insert_rowid())
}

/// Each decision of a match by its game's and its own index: its id.
fn decisions_of(
    conn: &rusqlite::Connection,
    match_id: i64,
) -> rusqlite::Result<HashMap<(i64, i64), i64>> {
    let mut q = conn.prepare_cached(
        "SELECT g.idx, d.idx, d.id FROM decisions d JOIN games g ON g.id = d.game_id
         WHERE g.match_id = ?1",
    )?;
    let rows = q.query_map([match_id], |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)))?;
    rows.collect()
}

impl Archive {
    /// Merges `others` (opened read-only: nothing is written to them) into this archive, in
    /// one transaction: see the module's words for what counts as one and what a conflict
    /// keeps.
    pub fn merge(&mut self, others: &[&Archive]) -> Result<Merged, ArchiveError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut merged = Merged::default();
        for other in others {
            merge_one(&tx, &other.conn, &mut merged)?;
        }
        tx.commit()?;
        Ok(merged)
    }
}

/// Merges the archive on `src` into the transaction's.
fn merge_one(
    tx: &Transaction<'_>,
    src: &rusqlite::Connection,
    merged: &mut Merged,
) -> Result<(), ArchiveError> {
    let mut file_ids: HashMap<i64, i64> = HashMap::new();
    let matches = rows(
        src,
        "SELECT id, file_id, digest, date FROM matches ORDER BY id",
        [],
        4,
    )?;
    for m in &matches {
        let (src_match, src_first_file) = (int(&m[0]), int(&m[1]));
        // Its files, first the one it is read from.
        let files = rows(
            src,
            "SELECT f.id, f.path, f.sha256, f.size, f.added_at, f.text FROM files f
             JOIN match_files mf ON mf.file_id = f.id WHERE mf.match_id = ?1
             UNION SELECT f.id, f.path, f.sha256, f.size, f.added_at, f.text FROM files f
             WHERE f.id = ?2
             ORDER BY 1",
            params![src_match, src_first_file],
            6,
        )?;
        for f in &files {
            let held: Option<i64> = tx
                .prepare_cached("SELECT id FROM files WHERE sha256 = ?1")?
                .query_row([&f[2]], |r| r.get(0))
                .optional()?;
            let id = match held {
                Some(id) => id,
                None => {
                    merged.files += 1;
                    insert(
                        tx,
                        "INSERT INTO files (path, sha256, size, added_at, text)
                         VALUES (?1, ?2, ?3, ?4, ?5)",
                        &f[1..],
                    )?
                }
            };
            file_ids.insert(int(&f[0]), id);
        }
        let first_file = file_ids[&src_first_file];
        // The match here: by its content's digest, else (a text no longer read, no digest)
        // by its file.
        let held: Option<i64> = match text(&m[2]) {
            Some(digest) => tx
                .prepare_cached("SELECT id FROM matches WHERE digest = ?1")?
                .query_row([digest], |r| r.get(0))
                .optional()?,
            None => tx
                .prepare_cached("SELECT match_id FROM match_files WHERE file_id = ?1")?
                .query_row([first_file], |r| r.get(0))
                .optional()?,
        };
        let (match_id, decisions) = match held {
            Some(id) => {
                merged.matches_known += 1;
                tx.prepare_cached("UPDATE matches SET date = ?2 WHERE id = ?1 AND date IS NULL")?
                    .execute(params![id, m[3]])?;
                let here = decisions_of(tx, id)?;
                let there = decisions_of(src, src_match)?;
                let map = there
                    .into_iter()
                    .filter_map(|(at, old)| here.get(&at).map(|&new| (old, new)))
                    .collect::<HashMap<i64, i64>>();
                (id, map)
            }
            None => {
                merged.matches += 1;
                copy_match(tx, src, src_match, first_file)?
            }
        };
        for f in &files {
            tx.prepare_cached(
                "INSERT OR IGNORE INTO match_files (file_id, match_id) VALUES (?1, ?2)",
            )?
            .execute(params![file_ids[&int(&f[0])], match_id])?;
        }
        copy_reviews(tx, src, src_match, match_id, &decisions, merged)?;
        copy_cards(tx, src, src_match, &decisions, merged)?;
    }
    for a in rows(src, "SELECT name, person FROM aliases", [], 2)? {
        let held: Option<String> = tx
            .prepare_cached("SELECT person FROM aliases WHERE name = ?1")?
            .query_row([&a[0]], |r| r.get(0))
            .optional()?;
        match held {
            None => {
                merged.aliases += 1;
                insert(tx, "INSERT INTO aliases (name, person) VALUES (?1, ?2)", &a)?;
            }
            Some(p) if text(&a[1]) != Some(p.as_str()) => merged.alias_conflicts += 1,
            Some(_) => {}
        }
    }
    Ok(())
}

/// Copies a match this archive does not hold, with its games and decisions: its id here and
/// its decisions' ids (there → here).
fn copy_match(
    tx: &Transaction<'_>,
    src: &rusqlite::Connection,
    src_match: i64,
    first_file: i64,
) -> Result<(i64, HashMap<i64, i64>), ArchiveError> {
    let mut m = rows(
        src,
        "SELECT player0, player1, length, crawford, jacoby, date, source, format, rating0,
                rating1, digest FROM matches WHERE id = ?1",
        [src_match],
        11,
    )?
    .remove(0);
    m.insert(0, Value::Integer(first_file));
    let match_id = insert(
        tx,
        "INSERT INTO matches (file_id, player0, player1, length, crawford, jacoby, date,
                              source, format, rating0, rating1, digest)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        &m,
    )?;
    let mut decisions = HashMap::new();
    for mut g in rows(
        src,
        "SELECT id, idx, number, score0, score1, crawford, winner, points FROM games
         WHERE match_id = ?1 ORDER BY idx",
        [src_match],
        8,
    )? {
        let src_game = int(&g[0]);
        g[0] = Value::Integer(match_id);
        let game_id = insert(
            tx,
            "INSERT INTO games (match_id, idx, number, score0, score1, crawford, winner, points)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            &g,
        )?;
        for mut d in rows(
            src,
            "SELECT id, idx, player, kind, phase, position_id, gnubg_match_id, dice, played,
                    illegal, line, file_move FROM decisions WHERE game_id = ?1 ORDER BY idx",
            [src_game],
            12,
        )? {
            let old = int(&d[0]);
            d[0] = Value::Integer(game_id);
            let new = insert(
                tx,
                "INSERT INTO decisions (game_id, idx, player, kind, phase, position_id,
                                        gnubg_match_id, dice, played, illegal, line, file_move)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                &d,
            )?;
            decisions.insert(old, new);
        }
    }
    Ok((match_id, decisions))
}

/// Copies the reviews of a match this archive does not hold at their depth.
fn copy_reviews(
    tx: &Transaction<'_>,
    src: &rusqlite::Connection,
    src_match: i64,
    match_id: i64,
    decisions: &HashMap<i64, i64>,
    merged: &mut Merged,
) -> Result<(), ArchiveError> {
    for mut r in rows(
        src,
        "SELECT id, engine, engine_version, plies, reviewed_at, luck FROM reviews
         WHERE match_id = ?1 ORDER BY plies",
        [src_match],
        6,
    )? {
        let held: Option<Option<String>> = tx
            .prepare_cached(
                "SELECT engine_version FROM reviews WHERE match_id = ?1 AND plies = ?2",
            )?
            .query_row(params![match_id, r[3]], |r| r.get(0))
            .optional()?;
        match held {
            Some(version) if version.as_deref() == text(&r[2]) => {
                merged.reviews_known += 1;
                continue;
            }
            Some(_) => {
                merged.review_conflicts += 1;
                continue;
            }
            None => merged.reviews += 1,
        }
        let src_review = int(&r[0]);
        r[0] = Value::Integer(match_id);
        let review_id = insert(
            tx,
            "INSERT INTO reviews (match_id, engine, engine_version, plies, reviewed_at, luck)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            &r,
        )?;
        for mut p in rows(
            src,
            "SELECT review_id, player, name, unforced_moves, error_emg, total_moves,
                    close_cube_decisions, cube_error_emg, luck_total_emg, summary
             FROM review_players WHERE review_id = ?1",
            [src_review],
            10,
        )? {
            p[0] = Value::Integer(review_id);
            insert(
                tx,
                "INSERT INTO review_players (review_id, player, name, unforced_moves, error_emg,
                     total_moves, close_cube_decisions, cube_error_emg, luck_total_emg, summary)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                &p,
            )?;
        }
        for mut d in rows(
            src,
            "SELECT review_id, decision_id, verdict, best, best_equity, played_equity, loss,
                    loss_mwc, mark, forced, classic, classic_loss, cube_action, no_double,
                    double_take, double_pass, cube_error, cube_mark, luck_emg, luck_mwc,
                    luck_mark, not_judged
             FROM decision_reviews WHERE review_id = ?1",
            [src_review],
            22,
        )? {
            let Some(&decision) = decisions.get(&int(&d[1])) else {
                return Err(ArchiveError::NotAnArchive(format!(
                    "a review names decision {} that its match does not hold",
                    int(&d[1])
                )));
            };
            d[0] = Value::Integer(review_id);
            d[1] = Value::Integer(decision);
            insert(
                tx,
                "INSERT INTO decision_reviews (review_id, decision_id, verdict, best,
                     best_equity, played_equity, loss, loss_mwc, mark, forced, classic,
                     classic_loss, cube_action, no_double, double_take, double_pass, cube_error,
                     cube_mark, luck_emg, luck_mwc, luck_mark, not_judged)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                         ?17, ?18, ?19, ?20, ?21, ?22)",
                &d,
            )?;
        }
    }
    Ok(())
}

/// The columns of a card's schedule, in the order the queries below give them.
const SCHEDULE: &str = "due, stability, difficulty, elapsed_days, scheduled_days, reps, lapses,
                        state, last_review";

/// Copies the drill cards of a match's decisions and their answers: a card this archive
/// holds too gets the answers it lacks and, when the other's was answered later, its
/// schedule.
fn copy_cards(
    tx: &Transaction<'_>,
    src: &rusqlite::Connection,
    src_match: i64,
    decisions: &HashMap<i64, i64>,
    merged: &mut Merged,
) -> Result<(), ArchiveError> {
    let cards = rows(
        src,
        &format!(
            "SELECT c.id, c.decision_id, c.kind, c.person, c.added_at, {SCHEDULE}
             FROM drill_cards c JOIN decisions d ON d.id = c.decision_id
             JOIN games g ON g.id = d.game_id WHERE g.match_id = ?1 ORDER BY c.id"
        ),
        [src_match],
        14,
    )?;
    for mut c in cards {
        let src_card = int(&c[0]);
        let Some(&decision) = decisions.get(&int(&c[1])) else {
            continue;
        };
        let held: Option<(i64, Option<String>)> = tx
            .prepare_cached(
                "SELECT id, last_review FROM drill_cards WHERE decision_id = ?1 AND kind = ?2",
            )?
            .query_row(params![decision, c[2]], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        let card_id = match held {
            None => {
                merged.cards += 1;
                c[1] = Value::Integer(decision);
                insert(
                    tx,
                    &format!(
                        "INSERT INTO drill_cards (decision_id, kind, person, added_at, {SCHEDULE})
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
                    ),
                    &c[1..],
                )?
            }
            Some((id, last)) => {
                merged.cards_united += 1;
                // RFC 3339 UTC times sort as text; a card never answered is the oldest.
                if text(&c[13]).unwrap_or("") > last.as_deref().unwrap_or("") {
                    let mut schedule = c[5..].to_vec();
                    schedule.push(Value::Integer(id));
                    tx.prepare_cached(
                        "UPDATE drill_cards SET due = ?1, stability = ?2, difficulty = ?3,
                             elapsed_days = ?4, scheduled_days = ?5, reps = ?6, lapses = ?7,
                             state = ?8, last_review = ?9 WHERE id = ?10",
                    )?
                    .execute(params_from_iter(&schedule))?;
                }
                id
            }
        };
        for mut a in rows(
            src,
            "SELECT card_id, answered_at, answer, correct, loss, rating, due FROM drill_answers
             WHERE card_id = ?1 ORDER BY id",
            [src_card],
            7,
        )? {
            a[0] = Value::Integer(card_id);
            let known: bool = tx
                .prepare_cached(
                    "SELECT EXISTS (SELECT 1 FROM drill_answers
                                    WHERE card_id = ?1 AND answered_at = ?2 AND answer = ?3)",
                )?
                .query_row(params![a[0], a[1], a[2]], |r| r.get(0))?;
            if !known {
                merged.answers += 1;
                insert(
                    tx,
                    "INSERT INTO drill_answers (card_id, answered_at, answer, correct, loss,
                                                rating, due)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    &a,
                )?;
            }
        }
    }
    Ok(())
}
