//! The archive: every match a player brings, in one SQLite database — the files (by SHA-256:
//! a file added twice counts once), their matches, games and decisions, gnubg's reviews of
//! them with every decision's figures, and the players' aliases — so that a review is done
//! once and kept, and questions (a player's error rate over years of matches, their worst
//! errors in the race) are one query away.
//!
//! The database is a file anyone can read with `sqlite3` (the tables are documented in
//! `docs/archive.md`). It is opened in WAL mode with foreign keys on and a busy timeout, so
//! that the app and the command line can use one archive at once; every write (a file with
//! its match, a match's review) is one transaction, so a crash or a signal at any point keeps
//! every earlier write whole and leaves no half of one. `PRAGMA user_version` is the schema
//! version ([`SCHEMA_VERSION`]); an older file is migrated, a newer one or another program's
//! database refused ([`ArchiveError::NotAnArchive`]).
//!
//! ```
//! use bgw_engine::archive::{Archive, MatchFile};
//!
//! let mut archive = Archive::open_in_memory().unwrap();
//! let text = "3 point match\n\n Game 1\n ann : 0        bob : 0\n  1) 31: 8/5 6/5      62: 24/18 13/11\n";
//! let file = MatchFile::from_text("a.mat", text);
//! let added = archive.add_match(&file, &file.parse().unwrap()).unwrap();
//! assert!(added.is_new());
//! // The same bytes again count once.
//! assert!(!archive.add_match(&file, &file.parse().unwrap()).unwrap().is_new());
//! assert_eq!(archive.counts().unwrap().matches, 1);
//! ```

mod content;
mod database;
mod drill;
mod error;
mod error_words;
mod finding;
mod merge;
mod queries;
mod reviews;
mod schema;
mod shard;
mod store;
mod when;

pub use content::{date_in_name, digest};
pub use database::{Archive, default_path};
pub use drill::{
    AS_THE_ENGINE, Card, DeckCount, DeckOptions, DrillError, DrillWhy, Graded, Time, now,
    parse_time, time_text,
};
pub use error::ArchiveError;
pub use error_words::right_cube_answer;
pub use finding::match_files_under;
pub use merge::Merged;
pub use queries::{
    ErrorFilter, ErrorKind, ErrorRow, PlayerError, PlayerFigures, TrendPoint, setup_of,
};
pub use reviews::{EngineName, UnreviewedMatch};
pub use schema::{APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};
pub use shard::{MAX_SHARDS, Shard};
pub use store::{Added, Counts, MatchFile, MatchKey, phase_of};
pub use when::{due_words, due_words_in};
