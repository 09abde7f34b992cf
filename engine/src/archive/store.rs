//! Adding a match file to the archive: the file (its SHA-256 says whether it is there
//! already), its match (its content's digest says whether another file holds it already:
//! then the file is kept and linked to that match), games and decisions, in one
//! transaction.

use super::content::{date_of, digest};
use super::database::Archive;
use super::error::ArchiveError;
use crate::Position;
use crate::evaluation::classic::Phase;
use crate::io::user_file::read_capped;
use crate::matches::{
    DecisionKind, MATCH_CAP, Match, MatchFileError, MatchFormat, format_of, read_match,
};
use rusqlite::{OptionalExtension, params};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// A match in the archive: its row in `matches`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatchKey(pub i64);

/// A match file as read from disk (or given as text): where it was, what it holds, the
/// SHA-256 of its bytes.
#[derive(Clone, Debug)]
pub struct MatchFile {
    /// Where it was read.
    pub path: PathBuf,
    /// Its bytes' SHA-256, in hexadecimal.
    pub sha256: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its text (UTF-8, or each byte as its Latin-1 character).
    pub text: String,
}

impl MatchFile {
    /// Reads the file at `path` as every match file is read: a regular file only, at most
    /// [`MATCH_CAP`] bytes.
    pub fn read(path: &Path) -> Result<MatchFile, MatchFileError> {
        let bytes = read_capped(path, MATCH_CAP).map_err(MatchFileError::Io)?;
        Ok(MatchFile {
            path: path.to_path_buf(),
            sha256: sha256_hex(&bytes),
            size: bytes.len() as u64,
            text: crate::matches::decode(bytes),
        })
    }

    /// A file given as its text, said to be at `path`.
    pub fn from_text(path: impl Into<PathBuf>, text: &str) -> MatchFile {
        MatchFile {
            path: path.into(),
            sha256: sha256_hex(text.as_bytes()),
            size: text.len() as u64,
            text: text.to_string(),
        }
    }

    /// The match it holds, MAT or SGF by its content.
    pub fn parse(&self) -> Result<Match, MatchFileError> {
        read_match(&self.text)
    }
}

/// A file's path as the `files` table keeps it: its text, or — a name that is not UTF-8 —
/// its bytes as they are (a BLOB), which [`path_text`] shows escaped.
fn path_value(path: &Path) -> rusqlite::types::Value {
    use rusqlite::types::Value;
    match path.to_str() {
        Some(text) => Value::Text(text.to_string()),
        #[cfg(unix)]
        None => {
            use std::os::unix::ffi::OsStrExt;
            Value::Blob(path.as_os_str().as_bytes().to_vec())
        }
        #[cfg(not(unix))]
        None => Value::Text(path.to_string_lossy().into_owned()),
    }
}

/// A stored path (column `idx` of the row) to show: its text, or the bytes of a name that is
/// not UTF-8 with each byte that is no UTF-8 written `\xE9`.
pub(super) fn path_text(r: &rusqlite::Row<'_>, idx: usize) -> rusqlite::Result<String> {
    use rusqlite::types::ValueRef;
    Ok(match r.get_ref(idx)? {
        ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
        ValueRef::Blob(b) => {
            let mut out = String::new();
            for chunk in b.utf8_chunks() {
                out.push_str(chunk.valid());
                for byte in chunk.invalid() {
                    out.push_str(&format!("\\x{byte:02X}"));
                }
            }
            out
        }
        _ => String::new(),
    })
}

/// The SHA-256 of `bytes` in lower-case hexadecimal.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What adding a file did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// Stored now, as this match.
    New(MatchKey),
    /// Stored now, holding a match stored already from another file (the same players,
    /// length, dice and moves): the file is kept and linked to it, the match counts once.
    Copy(MatchKey),
    /// A file of the same SHA-256 was there already, with this match.
    Known(MatchKey),
}

impl Added {
    /// True when the file was stored now (a new match, or a copy of one stored).
    pub fn is_new(self) -> bool {
        !matches!(self, Added::Known(_))
    }

    /// The match, new or known.
    pub fn key(self) -> MatchKey {
        match self {
            Added::New(k) | Added::Copy(k) | Added::Known(k) => k,
        }
    }
}

/// How much the archive holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Counts {
    /// Files (a match may be held by several).
    pub files: u64,
    /// Matches.
    pub matches: u64,
    /// Games.
    pub games: u64,
    /// Decisions.
    pub decisions: u64,
    /// Reviews (a match reviewed at two depths counts twice).
    pub reviews: u64,
}

/// The game phase the archive files a decision under, for the side on roll: `contact`
/// (the forces still meet), `race` (they have separated, not all home) or `bearoff` (all
/// home, no contact).
pub fn phase_of(position: &Position) -> &'static str {
    // The classic program's phases, its two with contact as one.
    match Phase::of(position) {
        Phase::Contact | Phase::BearOffContact => "contact",
        Phase::Running => "race",
        Phase::BearOff => "bearoff",
    }
}

/// The first of the match's header tags named one of `keys` (any case), not empty.
fn tag<'a>(m: &'a Match, keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|k| {
        m.tags
            .iter()
            .find(|(key, v)| key.eq_ignore_ascii_case(k) && !v.trim().is_empty())
            .map(|(_, v)| v.trim())
    })
}

impl Archive {
    /// The match stored from a file of this SHA-256, if any.
    pub fn match_of_sha256(&self, sha256: &str) -> Result<Option<MatchKey>, ArchiveError> {
        Ok(self
            .conn
            .query_row(
                "SELECT mf.match_id FROM files f JOIN match_files mf ON mf.file_id = f.id
                 WHERE f.sha256 = ?1",
                [sha256],
                |r| r.get(0),
            )
            .optional()?
            .map(MatchKey))
    }

    /// The SHA-256 of every file stored.
    pub fn stored_sha256(&self) -> Result<std::collections::HashSet<String>, ArchiveError> {
        let mut q = self.conn.prepare("SELECT sha256 FROM files")?;
        let rows = q.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Stores `file` and its match `m` (read from it) with every game and decision, in one
    /// transaction; a file of the same SHA-256 already stored is left as it is, and a file
    /// whose match is stored already (by its content's digest) is kept and linked to it.
    pub fn add_match(&mut self, file: &MatchFile, m: &Match) -> Result<Added, ArchiveError> {
        if let Some(key) = self.match_of_sha256(&file.sha256)? {
            return Ok(Added::Known(key));
        }
        let digest = digest(m);
        let path = file.path.to_string_lossy();
        let date = date_of(m, &path);
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO files (path, sha256, size, added_at, text)
             VALUES (?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?4)",
            params![
                path_value(&file.path),
                file.sha256,
                file.size as i64,
                file.text
            ],
        )?;
        let file_id = tx.last_insert_rowid();
        let held: Option<i64> = tx
            .query_row("SELECT id FROM matches WHERE digest = ?1", [&digest], |r| {
                r.get(0)
            })
            .optional()?;
        if let Some(match_id) = held {
            tx.execute(
                "INSERT INTO match_files (file_id, match_id) VALUES (?1, ?2)",
                params![file_id, match_id],
            )?;
            // A copy that knows the date the first file did not.
            tx.execute(
                "UPDATE matches SET date = ?2 WHERE id = ?1 AND date IS NULL",
                params![match_id, date],
            )?;
            tx.commit()?;
            return Ok(Added::Copy(MatchKey(match_id)));
        }
        let match_id = insert_match(&tx, file_id, m, &file.text, date.as_deref(), &digest)?;
        tx.execute(
            "INSERT INTO match_files (file_id, match_id) VALUES (?1, ?2)",
            params![file_id, match_id],
        )?;
        insert_games(&tx, match_id, m)?;
        tx.commit()?;
        Ok(Added::New(MatchKey(match_id)))
    }

    /// How much the archive holds.
    pub fn counts(&self) -> Result<Counts, ArchiveError> {
        let n = |table: &str| -> Result<u64, rusqlite::Error> {
            self.conn
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
                    r.get::<_, i64>(0)
                })
                .map(|n| n.max(0) as u64)
        };
        Ok(Counts {
            files: n("files")?,
            matches: n("matches")?,
            games: n("games")?,
            decisions: n("decisions")?,
            reviews: n("reviews")?,
        })
    }

    /// The match `key` as its file holds it, read again from the text stored with it.
    pub fn read_match(&self, key: MatchKey) -> Result<Match, ArchiveError> {
        let text: String = self.conn.query_row(
            "SELECT f.text FROM matches m JOIN files f ON f.id = m.file_id WHERE m.id = ?1",
            [key.0],
            |r| r.get(0),
        )?;
        read_match(&text).map_err(|e| {
            ArchiveError::NotAnArchive(format!("match {} no longer reads: {e}", key.0))
        })
    }
}

/// The row of match `m` (read from file `file_id`, whose `text` says its format) in
/// `matches`; its id.
fn insert_match(
    tx: &rusqlite::Transaction<'_>,
    file_id: i64,
    m: &Match,
    text: &str,
    date: Option<&str>,
    digest: &str,
) -> Result<i64, ArchiveError> {
    let format = match format_of(text) {
        MatchFormat::Mat => "mat",
        MatchFormat::Sgf => "sgf",
    };
    tx.execute(
        "INSERT INTO matches (file_id, player0, player1, length, crawford, jacoby, date,
                              source, format, rating0, rating1, digest)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            file_id,
            m.players[0],
            m.players[1],
            m.match_length,
            m.rules.crawford,
            m.rules.jacoby,
            date,
            tag(m, &["Site", "PC", "Event", "EV"]),
            format,
            m.ratings()[0],
            m.ratings()[1],
            digest
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Every game of `m` in `games` and every decision of each in `decisions`, under match
/// `match_id`.
fn insert_games(
    tx: &rusqlite::Transaction<'_>,
    match_id: i64,
    m: &Match,
) -> Result<(), ArchiveError> {
    let mut game_row = tx.prepare_cached(
        "INSERT INTO games (match_id, idx, number, score0, score1, crawford, winner,
                            points)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    let mut decision_row = tx.prepare_cached(
        "INSERT INTO decisions (game_id, idx, player, kind, phase, position_id,
                                gnubg_match_id, dice, played, illegal, line, file_move)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    for (g, game) in m.games.iter().enumerate() {
        game_row.execute(params![
            match_id,
            g as i64,
            game.number,
            game.score[0],
            game.score[1],
            game.crawford,
            game.result.map(|r| r.winner as i64),
            game.result.map(|r| r.points)
        ])?;
        let game_id = tx.last_insert_rowid();
        for (i, d) in game.decisions.iter().enumerate() {
            let (dice, played, illegal) = what_was_done(d);
            decision_row.execute(params![
                game_id,
                i as i64,
                d.player as i64,
                d.kind_name(),
                phase_of(&d.position),
                d.position_id(),
                d.match_id.encode(),
                dice,
                played,
                illegal,
                d.line as i64,
                d.move_number
            ])?;
        }
    }
    Ok(())
}

/// A decision's `dice`, `played` and `illegal` columns: the roll, the move or the cube
/// action in words, and why a move recorded is illegal.
fn what_was_done(d: &crate::matches::Decision) -> (Option<String>, String, Option<String>) {
    match &d.kind {
        DecisionKind::Move(c) => (
            Some(format!("{}{}", c.dice.high(), c.dice.low())),
            c.mv.notation(),
            match &c.legality {
                crate::matches::Legality::Legal => None,
                crate::matches::Legality::IllegalAsRecorded { reason } => Some(reason.to_string()),
            },
        ),
        DecisionKind::Double { cube } => (None, format!("double to {cube}"), None),
        DecisionKind::Beaver { cube } => (None, format!("beaver to {cube}"), None),
        DecisionKind::Resign { points } => (None, format!("resign {points}"), None),
        DecisionKind::Take | DecisionKind::Drop => (None, d.kind_name().to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "; [EventDate \"2023.08.09\"]\n; [Site \"Galaxy\"]\n\n3 point match\n\n Game 1\n ann : 0        bob : 0\n  1) 31: 8/5 6/5      62: 24/18 13/11\n  2) 21: 13/11 6/5    41: 24/23 13/9\n";

    #[test]
    fn a_match_stored_reads_back_decision_for_decision() {
        let mut archive = Archive::open_in_memory().unwrap();
        let file = MatchFile::from_text("a.mat", TEXT);
        let m = file.parse().unwrap();
        let key = archive.add_match(&file, &m).unwrap().key();
        assert_eq!(archive.read_match(key).unwrap(), m);
        let counts = archive.counts().unwrap();
        assert_eq!((counts.files, counts.games, counts.decisions), (1, 1, 4));
        let (date, source, p0): (String, String, String) = archive
            .connection()
            .query_row(
                "SELECT date, source, player0 FROM matches WHERE id = ?1",
                [key.0],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!(
            (date.as_str(), source.as_str(), p0.as_str()),
            ("2023-08-09", "Galaxy", "ann")
        );
        let rows: Vec<(String, String, String)> = archive
            .connection()
            .prepare("SELECT position_id, dice, played FROM decisions ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            rows[1],
            ("sGfwATDgc/ABMA".into(), "62".into(), "24/18 13/11".into())
        );
    }

    #[test]
    fn the_same_bytes_count_once_the_same_match_once_and_another_match_again() {
        let mut archive = Archive::open_in_memory().unwrap();
        let file = MatchFile::from_text("a.mat", TEXT);
        let m = file.parse().unwrap();
        let first = archive.add_match(&file, &m).unwrap();
        let again = MatchFile::from_text("elsewhere/b.mat", TEXT);
        assert_eq!(
            archive.add_match(&again, &m).unwrap(),
            Added::Known(first.key())
        );
        // Other tags and white space, one match: the file is kept, linked to it.
        let copy =
            MatchFile::from_text("c.mat", &format!("{}\n", TEXT.replace("Galaxy", "Studio")));
        let added = archive.add_match(&copy, &copy.parse().unwrap()).unwrap();
        assert_eq!(added, Added::Copy(first.key()));
        let counts = archive.counts().unwrap();
        assert_eq!((counts.files, counts.matches, counts.decisions), (2, 1, 4));
        let other = MatchFile::from_text("d.mat", &TEXT.replace("62: 24/18 13/11", "62: 24/16"));
        assert!(matches!(
            archive.add_match(&other, &other.parse().unwrap()).unwrap(),
            Added::New(k) if k != first.key()
        ));
        assert_eq!(archive.counts().unwrap().matches, 2);
        let linked: i64 = archive
            .connection()
            .query_row(
                "SELECT count(*) FROM match_files WHERE match_id = ?1",
                [first.key().0],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(linked, 2);
    }

    #[test]
    fn a_gamesgrid_name_is_stored_apart_from_its_rating_and_a_date_comes_from_the_name() {
        let mut archive = Archive::open_in_memory().unwrap();
        let text = TEXT
            .replace("; [EventDate \"2023.08.09\"]\n", "")
            .replace(" ann : 0        bob : 0", " ann,1723 : 0        bob : 0");
        let file = MatchFile::from_text("x/ann-bob-2009Jan252141.mat", &text);
        let key = archive
            .add_match(&file, &file.parse().unwrap())
            .unwrap()
            .key();
        let row: (String, Option<String>, Option<String>, Option<String>) = archive
            .connection()
            .query_row(
                "SELECT player0, rating0, rating1, date FROM matches WHERE id = ?1",
                [key.0],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap();
        assert_eq!(
            row,
            (
                "ann".into(),
                Some("1723".into()),
                None,
                Some("2009-01-25".into())
            )
        );
        // No date anywhere: unknown, not today.
        let plain = MatchFile::from_text("y.mat", &text.replace("62: 24/18 13/11", "62: 24/16"));
        let key = archive
            .add_match(&plain, &plain.parse().unwrap())
            .unwrap()
            .key();
        let date: Option<String> = archive
            .connection()
            .query_row("SELECT date FROM matches WHERE id = ?1", [key.0], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(date, None);
    }
}
