//! The drill: a player's own errors as a deck of cards, scheduled by FSRS (the
//! spaced-repetition algorithm of Anki and others, through the `rs-fsrs` crate).
//!
//! A card is one error of the archive's reviews — a checker play, a double (made wrongly or
//! missed) or an answer to one — at or above a loss ([`DeckOptions::min_loss`], by default
//! what gnubg marks: more than [`Mark::DOUBTFUL_ABOVE`]). The player answers it; the answer is graded against
//! the review's figures (the engine is asked only for a move that is neither the best nor
//! the one played, [`Archive::answer_card`]), and the card is scheduled: answered as the
//! engine would, it comes back later (FSRS "good"); within gnubg's unmarked range, sooner
//! ("hard"); with a marked error again, soon ("again"). Cards, answers and schedules are
//! kept in the archive (`drill_cards`, `drill_answers`).
//!
//! The verdict on a wrong answer carries gnubg's own reason ([`Graded::why_gnubg`]): a checker
//! play's split over its nets' concepts, a cube answer's deciding figure; the card never does.

use super::database::Archive;
use super::error::ArchiveError;
use super::queries::{ErrorFilter, ErrorKind, PlayerError, setup_of, shown};
use crate::Position;
use crate::core::formats::Setup;
use crate::core::moves::{legal_plays, match_play};
use crate::reference::native::{NativeEvaluator, WhyGnubg, why_gnubg};
use crate::reference::{MatchContext, ReferenceEngine, match_to_plays};
use crate::review::{Mark, cube_why};
use chrono::{DateTime, SecondsFormat, Utc};
use rs_fsrs::{FSRS, Rating};
use rusqlite::{OptionalExtension, params};

/// Which errors make the deck.
#[derive(Clone, Debug)]
pub struct DeckOptions {
    /// The person (or a name the files give).
    pub player: String,
    /// Only errors that cost more than this, EMG (by default what gnubg marks: more than
    /// [`Mark::DOUBTFUL_ABOVE`]).
    pub min_loss: f64,
    /// The reviews at this depth (each match's deepest when `None`).
    pub plies: Option<u8>,
}

impl DeckOptions {
    /// The deck of `player`'s marked errors in their matches' deepest reviews.
    pub fn of(player: &str) -> DeckOptions {
        DeckOptions {
            player: player.to_string(),
            min_loss: Mark::DOUBTFUL_ABOVE,
            plies: None,
        }
    }
}

/// A loss at most this small answers as the engine would (its figures are kept to a few
/// decimals), EMG.
pub const AS_THE_ENGINE: f64 = 0.0005;

/// One card: the decision to answer, what was played and the engine's verdict on it, and
/// its schedule.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Card {
    /// Its number in the archive.
    pub card: i64,
    /// The error the card asks about, as the errors list shows it: the board to show
    /// (the doubler's for an answer to a double, as gnubg shows a take decision), what the
    /// player did in the match, the engine's best and what it cost.
    #[serde(flatten)]
    pub error: PlayerError,
    /// When it is due (RFC 3339, UTC).
    pub due: String,
    /// Times answered.
    pub reps: i32,
    /// Times forgotten after being learnt.
    pub lapses: i32,
    #[serde(skip)]
    figures: Figures,
    #[serde(skip)]
    schedule: rs_fsrs::Card,
}

/// What grading needs beyond what a card shows.
#[derive(Clone, Debug, PartialEq, Default)]
struct Figures {
    /// The cube figures, the doubler's side: no double, double/take, double/pass.
    cube: Option<[f64; 3]>,
    /// The match's Jacoby rule (money play).
    jacoby: bool,
}

impl Card {
    /// The board, roll and match state to show: what its error's
    /// [`PlayerError::position_id`], [`PlayerError::match_id`] and [`PlayerError::dice`] say.
    pub fn setup(&self) -> Result<Setup, ArchiveError> {
        setup_of(
            &self.error.position_id,
            &self.error.match_id,
            self.error.dice.as_deref(),
        )
        .map_err(|e| ArchiveError::NotAnArchive(format!("card {}: {e}", self.card)))
    }

    /// The right answer to a cube card by the review's figures (`None` for a checker play or
    /// without figures): the doubler's `double` or `no double`, the taker's `take` or `pass`.
    pub fn right_answer(&self) -> Option<String> {
        let [nd, dt, dp] = self.figures.cube?;
        let word = match self.error.kind {
            ErrorKind::Move => return None,
            ErrorKind::Double if nd >= dt.min(dp) => "no double",
            ErrorKind::Double => "double",
            ErrorKind::Take if dt <= dp => "take",
            ErrorKind::Take => "pass",
        };
        Some(word.to_string())
    }

    /// What the card asks, in words the app and the command line both show: "White to play
    /// 63 at 3-1 to 7: your move?", "White on roll at 3-1 to 7, cube centred: double to 2?",
    /// "White owns the cube at 2, at 3-1 to 7: redouble to 4?", "White doubles to 2 at 3-1 to
    /// 7: take or pass?" — the score of the side on roll (the mover, the doubler) first, as
    /// the candidates' panel gives it.
    pub fn question(&self) -> String {
        let Ok(setup) = self.setup() else {
            return match self.cube_answers() {
                None => format!("play {}?", self.error.dice.as_deref().unwrap_or("")),
                Some([a, b]) => format!("{a} or {b}?"),
            };
        };
        let id = setup.match_id_fields();
        let first = setup.position.on_roll();
        let score = |s: crate::Side| match s {
            crate::Side::White => id.score_white,
            crate::Side::Black => id.score_black,
        };
        let at = match id.match_length {
            0 => " in a money game".to_string(),
            n => format!(
                " at {}-{} to {n}{}",
                score(first),
                score(first.opponent()),
                if id.crawford { ", Crawford" } else { "" }
            ),
        };
        let cube = id.cube_value();
        match self.error.kind {
            ErrorKind::Move => {
                let dice = setup
                    .dice
                    .map(|d| format!(" {}{}", d.high(), d.low()))
                    .unwrap_or_default();
                format!("{first} to play{dice}{at}: your move?")
            }
            ErrorKind::Double if cube > 1 => {
                format!(
                    "{first} owns the cube at {cube},{at}: redouble to {}?",
                    2 * cube
                )
            }
            ErrorKind::Double => format!("{first} on roll{at}, cube centred: double to 2?"),
            ErrorKind::Take => {
                let verb = if cube > 1 { "redoubles" } else { "doubles" };
                format!("{first} {verb} to {}{at}: take or pass?", 2 * cube)
            }
        }
    }

    /// The answers a cube card takes (`None` for a checker play).
    pub fn cube_answers(&self) -> Option<[&'static str; 2]> {
        match self.error.kind {
            ErrorKind::Move => None,
            ErrorKind::Double => Some(["double", "no double"]),
            ErrorKind::Take => Some(["take", "pass"]),
        }
    }
}

/// How many cards there are and when the next one is due.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct DeckCount {
    /// Cards in the deck.
    pub cards: u64,
    /// Cards due now.
    pub due: u64,
    /// Cards never answered.
    pub new: u64,
    /// When the earliest card not due now is due (RFC 3339).
    pub next_due: Option<String>,
}

/// An answer graded and the card scheduled.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Graded {
    /// The card.
    pub card: i64,
    /// The answer as given.
    pub answer: String,
    /// True when it is the engine's choice (or loses at most [`AS_THE_ENGINE`]).
    pub correct: bool,
    /// What it gives up against the engine's best, mEMG.
    pub loss_memg: f64,
    /// The engine's best: its move, or the right answer to a cube card (`double`,
    /// `no double`, `take`, `pass`).
    pub best: String,
    /// For a cube card, the engine's proper cube action in its words ("No double, take").
    pub action: Option<String>,
    /// What the player did in the match.
    pub played: String,
    /// The loss of the move played in the match, mEMG.
    pub played_loss_memg: f64,
    /// FSRS's grade: `again`, `hard` or `good`.
    pub rating: &'static str,
    /// When the card is due next (RFC 3339).
    pub due: String,
    /// gnubg's own reason, for a wrong answer only (`None` for a right one): shown after the
    /// answer, never on the card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_gnubg: Option<DrillWhy>,
}

/// gnubg's own reason for a wrong answer to a card, as `bgw match review --json` gives an
/// error's (`why_gnubg`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum DrillWhy {
    /// A checker play: the answer's 0-ply cubeless equity against gnubg's best, split over
    /// the concepts of the net that judged them ([`why_gnubg`]).
    Move(WhyGnubg),
    /// A cube answer: which of the card's cube figures (the review's cubeful equities)
    /// decided it ([`cube_why`]).
    Cube(String),
    /// The nets could not say why (`{"error": …}`).
    Failed {
        /// What went wrong.
        error: String,
    },
}

impl DrillWhy {
    /// The reason in words: the split's sentences, the deciding figure, or the failure.
    pub fn sentence(&self) -> &str {
        match self {
            DrillWhy::Move(w) => &w.sentence,
            DrillWhy::Cube(s) => s,
            DrillWhy::Failed { error } => error,
        }
    }

    /// The split of a checker play's loss (`None` for a cube answer or a failure).
    pub fn split(&self) -> Option<&WhyGnubg> {
        match self {
            DrillWhy::Move(w) => Some(w),
            _ => None,
        }
    }
}

/// Why an answer cannot be graded: it is no answer to the card, or the engine that would
/// judge it failed.
#[derive(Debug)]
pub enum DrillError {
    /// No card with that number.
    NoCard(i64),
    /// The text is not an answer to the card (not a legal move of the roll, not one of the
    /// cube answers).
    NotAnAnswer(String),
    /// The move is neither the best nor the one played, and the engine that would judge it
    /// failed or is missing.
    Engine(String),
    /// The answer's time cannot be scheduled: before the card's last answer (beyond five
    /// minutes), or its next due date would fall outside the years
    /// 1970..=9999.
    Time(String),
    /// The archive's failure.
    Archive(ArchiveError),
}

impl std::fmt::Display for DrillError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrillError::NoCard(n) => write!(f, "the archive has no card {n}"),
            DrillError::NotAnAnswer(why) => f.write_str(why),
            DrillError::Engine(why) => write!(f, "the engine could not judge the move: {why}"),
            DrillError::Time(why) => f.write_str(why),
            DrillError::Archive(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DrillError {}

impl From<ArchiveError> for DrillError {
    fn from(e: ArchiveError) -> DrillError {
        DrillError::Archive(e)
    }
}

impl From<rusqlite::Error> for DrillError {
    fn from(e: rusqlite::Error) -> DrillError {
        DrillError::Archive(e.into())
    }
}

/// A moment, in UTC: when a card is due, when it was answered.
pub type Time = DateTime<Utc>;

/// Now.
pub fn now() -> Time {
    Utc::now()
}

/// The first year a drill time may fall in: what the tables keep is `YYYY-MM-DDTHH:MM:SSZ`,
/// which sorts as text only with four-digit years, and FSRS counts days since the epoch.
pub const FIRST_YEAR: i32 = 1970;

/// The last year a drill time (an answer's or a due date) may fall in.
pub const LAST_YEAR: i32 = 9999;

/// How far before a card's last answer another answer may be dated (two clocks a little
/// apart): it is scheduled as if given at the moment of the last one. Further back is refused.
pub const CLOCK_SKEW: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// True when `t` falls in the years 1970..=9999.
fn in_range(t: DateTime<Utc>) -> bool {
    use chrono::Datelike;
    (FIRST_YEAR..=LAST_YEAR).contains(&t.year())
}

/// A time as the tables keep it: RFC 3339 in UTC to the second, `YYYY-MM-DDTHH:MM:SSZ`
/// (sorts as text for the years 1970..=9999).
pub fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Reads a time as the tables keep it (or any RFC 3339 time) in the years
/// 1970..=9999; a time outside them is refused.
pub fn parse_time(text: &str) -> Result<DateTime<Utc>, String> {
    let t = DateTime::parse_from_rfc3339(text.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("{text:?} is not an RFC 3339 time (2026-12-05T09:00:00Z): {e}"))?;
    if !in_range(t) {
        return Err(format!(
            "{text:?} is outside the years {FIRST_YEAR} to {LAST_YEAR} the drill schedules in"
        ));
    }
    Ok(t)
}

/// The columns a card is read from (see [`Archive::cards_where`]).
const CARD_SELECT: &str = "
    SELECT c.id, c.person, c.kind, d.position_id, d.gnubg_match_id, d.dice, d.played, d.kind,
           f.path, g.number, d.idx + 1, m.jacoby,
           dr.best, dr.loss, dr.cube_action, dr.no_double, dr.double_take, dr.double_pass,
           dr.cube_error, r.plies,
           c.due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days, c.reps,
           c.lapses, c.state, c.last_review
    FROM drill_cards c
    JOIN decisions d ON d.id = c.decision_id
    JOIN games g ON g.id = d.game_id
    JOIN matches m ON m.id = g.match_id
    JOIN files f ON f.id = m.file_id
    JOIN decision_reviews dr ON dr.decision_id = d.id
         AND dr.review_id = (SELECT x.review_id FROM decision_reviews x
                             JOIN reviews y ON y.id = x.review_id
                             WHERE x.decision_id = d.id
                             ORDER BY y.plies DESC, y.id DESC LIMIT 1)
    JOIN reviews r ON r.id = dr.review_id";

fn state_of(n: i64) -> rs_fsrs::State {
    match n {
        1 => rs_fsrs::State::Learning,
        2 => rs_fsrs::State::Review,
        3 => rs_fsrs::State::Relearning,
        _ => rs_fsrs::State::New,
    }
}

/// A card's schedule as stored, when it reads back as one FSRS can go on from: the times
/// in range, stability and difficulty finite and not negative. A row that does not (written
/// by an older bgw from a far-off `--now`, or by hand) is `None`: the card is answered again
/// as a new one rather than blocking the deck.
fn schedule_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Option<rs_fsrs::Card>> {
    let due: String = r.get(20)?;
    let last: Option<String> = r.get(28)?;
    let stability: Option<f64> = r.get(21)?;
    let difficulty: Option<f64> = r.get(22)?;
    let sound = |x: Option<f64>| x.filter(|x| x.is_finite() && *x >= 0.0);
    let (Ok(due), Some(stability), Some(difficulty)) =
        (parse_time(&due), sound(stability), sound(difficulty))
    else {
        return Ok(None);
    };
    let last_review = match last.map(|t| parse_time(&t)) {
        None => DateTime::<Utc>::default(),
        Some(Ok(t)) => t,
        Some(Err(_)) => return Ok(None),
    };
    Ok(Some(rs_fsrs::Card {
        due,
        stability,
        difficulty,
        elapsed_days: r.get::<_, Option<i64>>(23)?.unwrap_or(0).max(0),
        scheduled_days: r.get::<_, Option<i64>>(24)?.unwrap_or(0).max(0),
        reps: r.get(25)?,
        lapses: r.get(26)?,
        state: state_of(r.get(27)?),
        last_review,
    }))
}

fn card_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Card> {
    let kind = ErrorKind::of_name(&r.get::<_, String>(2)?);
    let decision_kind: String = r.get(7)?;
    let position_id: String = r.get(3)?;
    let match_id: String = r.get(4)?;
    let stored_dice: Option<String> = r.get(5)?;
    let cube: Option<[f64; 3]> = match (r.get(15)?, r.get(16)?, r.get(17)?) {
        (Some(a), Some(b), Some(c)) => Some([a, b, c]),
        _ => None,
    };
    let (best, loss): (Option<String>, Option<f64>) = match kind {
        ErrorKind::Move => (r.get::<_, Option<String>>(12)?, r.get(13)?),
        _ => (r.get::<_, Option<String>>(14)?, r.get(18)?),
    };
    let played = match (kind, decision_kind.as_str()) {
        (ErrorKind::Double, "move") => "no double".to_string(),
        _ => r.get::<_, Option<String>>(6)?.unwrap_or_default(),
    };
    let (due, schedule) = match schedule_of(r)? {
        Some(s) => (r.get(20)?, s),
        // Due since the epoch, a new card to FSRS; the counts kept.
        None => {
            let epoch = DateTime::<Utc>::default();
            let fresh = rs_fsrs::Card {
                due: epoch,
                last_review: epoch,
                reps: r.get(25)?,
                lapses: r.get(26)?,
                ..rs_fsrs::Card::default()
            };
            (time_text(epoch), fresh)
        }
    };
    let (position_id, match_id, dice) = shown(kind, &position_id, &match_id, stored_dice);
    Ok(Card {
        card: r.get(0)?,
        error: PlayerError {
            player: r.get(1)?,
            file: super::store::path_text(r, 8)?,
            game: r.get(9)?,
            number: r.get(10)?,
            kind,
            position_id,
            match_id,
            dice,
            played,
            best: best.unwrap_or_default(),
            loss: loss.unwrap_or(0.0),
            plies: r.get(19)?,
        },
        due,
        reps: schedule.reps,
        lapses: schedule.lapses,
        figures: Figures {
            cube,
            jacoby: r.get(11)?,
        },
        schedule,
    })
}

/// The FSRS grade of an answer that loses `loss` (EMG): as the engine, good; within what
/// gnubg leaves unmarked, hard; a marked error, again.
fn rating_of(loss: f64) -> Rating {
    if loss <= AS_THE_ENGINE {
        Rating::Good
    } else if loss <= Mark::DOUBTFUL_ABOVE {
        Rating::Hard
    } else {
        Rating::Again
    }
}

fn rating_name(r: Rating) -> &'static str {
    match r {
        Rating::Again => "again",
        Rating::Hard => "hard",
        Rating::Good => "good",
        Rating::Easy => "easy",
    }
}

fn state_number(s: rs_fsrs::State) -> i64 {
    s as i64
}

impl Archive {
    /// Adds to the deck every error of `options.player` not yet in it (each decision's
    /// error once a kind); returns how many cards are new. A new card is due at `now`.
    pub fn build_deck(
        &mut self,
        options: &DeckOptions,
        now: DateTime<Utc>,
    ) -> Result<usize, ArchiveError> {
        let errors = self.errors(&ErrorFilter {
            player: options.player.clone(),
            plies: options.plies,
            ..ErrorFilter::default()
        })?;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut added = 0;
        {
            let mut insert = tx.prepare_cached(
                "INSERT OR IGNORE INTO drill_cards (decision_id, kind, person, added_at, due,
                     stability, difficulty, elapsed_days, scheduled_days, reps, lapses, state)
                 VALUES (?1, ?2, ?3, ?4, ?4, 0, 0, 0, 0, 0, 0, 0)",
            )?;
            for e in errors.iter().filter(|e| e.error.loss > options.min_loss) {
                added += insert.execute(params![
                    e.decision_id,
                    e.error.kind.name(),
                    e.error.player,
                    time_text(now)
                ])?;
            }
        }
        tx.commit()?;
        Ok(added)
    }

    /// The cards matching `filter` (SQL on the card's columns, `?1` the player or NULL, `?2`
    /// the time), in order.
    fn cards_where(
        &self,
        filter: &str,
        player: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Card>, ArchiveError> {
        let sql = format!(
            "{CARD_SELECT}
             WHERE (?1 IS NULL OR c.person = ?1) AND {filter}
             ORDER BY c.due, c.id"
        );
        let mut q = self.conn.prepare(&sql)?;
        let rows = q.query_map(params![player, time_text(now)], card_of)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The card due first at `now` (of `player`, or anyone's), if any is due.
    pub fn next_card(
        &self,
        player: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Option<Card>, ArchiveError> {
        Ok(self
            .cards_where("c.due <= ?2", player, now)?
            .into_iter()
            .next())
    }

    /// Every card (of `player`, or anyone's), the earliest due first.
    pub fn cards(&self, player: Option<&str>) -> Result<Vec<Card>, ArchiveError> {
        // (Every filter names the time, `?2`: SQLite counts the parameters a statement uses.)
        self.cards_where("?2 IS NOT NULL", player, Utc::now())
    }

    /// Card `id`.
    pub fn card(&self, id: i64) -> Result<Option<Card>, ArchiveError> {
        let sql = format!("{CARD_SELECT} WHERE c.id = ?1");
        Ok(self.conn.query_row(&sql, [id], card_of).optional()?)
    }

    /// How many cards (of `player`, or anyone's) there are and are due at `now`.
    pub fn deck_count(
        &self,
        player: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<DeckCount, ArchiveError> {
        Ok(self.conn.query_row(
            "SELECT count(*), count(CASE WHEN due <= ?2 THEN 1 END),
                    count(CASE WHEN reps = 0 THEN 1 END),
                    min(CASE WHEN due > ?2 THEN due END)
             FROM drill_cards WHERE ?1 IS NULL OR person = ?1",
            params![player, time_text(now)],
            |r| {
                Ok(DeckCount {
                    cards: r.get::<_, i64>(0)?.max(0) as u64,
                    due: r.get::<_, i64>(1)?.max(0) as u64,
                    new: r.get::<_, i64>(2)?.max(0) as u64,
                    next_due: r.get(3)?,
                })
            },
        )?)
    }

    /// Grades `answer` to card `id` at `now` and schedules the card; the answer and the new
    /// schedule are stored in one transaction. A checker play is any legal move of the roll
    /// in gnubg's notation (`24/18 13/11`); a double card takes `double` or `no double`, an
    /// answer card `take` or `pass` (`drop`; `beaver` counts as a take). `engine` is asked
    /// (at the review's depth and match state) only for a move that is neither the best nor
    /// the one played. The verdict carries no reason for a checker play
    /// ([`Archive::answer_card_explained`] gives it).
    pub fn answer_card(
        &mut self,
        id: i64,
        answer: &str,
        now: DateTime<Utc>,
        engine: &mut dyn FnMut() -> Option<Box<dyn ReferenceEngine>>,
    ) -> Result<Graded, DrillError> {
        self.answer_card_explained(id, answer, now, engine, None)
    }

    /// [`Archive::answer_card`], the verdict on a wrong answer carrying gnubg's own reason
    /// ([`Graded::why_gnubg`]): for a checker play, the answer against the review's best split
    /// by `explainer`'s nets (none without `explainer`, or when the review's best is no legal
    /// play of the roll); for a cube answer, which of the card's cube figures decided it.
    pub fn answer_card_explained(
        &mut self,
        id: i64,
        answer: &str,
        now: DateTime<Utc>,
        engine: &mut dyn FnMut() -> Option<Box<dyn ReferenceEngine>>,
        explainer: Option<&NativeEvaluator>,
    ) -> Result<Graded, DrillError> {
        let card = self.card(id)?.ok_or(DrillError::NoCard(id))?;
        let (loss, plays) = grade(&card, answer, engine)?;
        let why_gnubg = match (loss <= AS_THE_ENGINE, card.figures.cube) {
            (true, _) => None,
            (false, Some(figures)) if card.error.kind != ErrorKind::Move => Some(DrillWhy::Cube(
                cube_why(figures, card.error.kind == ErrorKind::Take),
            )),
            (false, _) => match (explainer, plays) {
                (Some(ev), Some((played, best))) => Some(match why_gnubg(ev, &played, &best) {
                    Ok(w) => DrillWhy::Move(w),
                    Err(e) => DrillWhy::Failed {
                        error: e.to_string(),
                    },
                }),
                _ => None,
            },
        };
        let rating = rating_of(loss);
        let next = schedule(&card, now, rating)?;
        let due = time_text(next.due);
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute(
            "UPDATE drill_cards SET due = ?2, stability = ?3, difficulty = ?4,
                 elapsed_days = ?5, scheduled_days = ?6, reps = ?7, lapses = ?8, state = ?9,
                 last_review = ?10
             WHERE id = ?1",
            params![
                id,
                due,
                next.stability,
                next.difficulty,
                next.elapsed_days,
                next.scheduled_days,
                next.reps,
                next.lapses,
                state_number(next.state),
                time_text(next.last_review)
            ],
        )?;
        tx.execute(
            "INSERT INTO drill_answers (card_id, answered_at, answer, correct, loss, rating, due)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                id,
                time_text(now),
                answer.trim(),
                loss <= AS_THE_ENGINE,
                loss,
                rating as i64,
                due
            ],
        )?;
        tx.commit()?;
        Ok(Graded {
            card: id,
            answer: answer.trim().to_string(),
            correct: loss <= AS_THE_ENGINE,
            loss_memg: 1000.0 * loss,
            best: card
                .right_answer()
                .unwrap_or_else(|| card.error.best.clone()),
            action: card.cube_answers().map(|_| card.error.best.clone()),
            played: card.error.played.clone(),
            played_loss_memg: 1000.0 * card.error.loss,
            rating: rating_name(rating),
            due,
            why_gnubg,
        })
    }
}

/// The card's next schedule after an answer rated `rating` at `now`, checked to read back:
/// `now` in range and not before the card's last answer beyond five minutes (within it, the
/// answer counts as given at the last one), the due date in range and not before `now`,
/// stability and difficulty finite.
fn schedule(card: &Card, now: DateTime<Utc>, rating: Rating) -> Result<rs_fsrs::Card, DrillError> {
    if !in_range(now) {
        return Err(DrillError::Time(format!(
            "{} is outside the years {FIRST_YEAR} to {LAST_YEAR} the drill schedules in",
            time_text(now)
        )));
    }
    let last = card.schedule.last_review;
    let answered = card.schedule.reps > 0 && card.schedule.state != rs_fsrs::State::New;
    let now = if answered && now < last {
        if last - now > CLOCK_SKEW {
            return Err(DrillError::Time(format!(
                "card {} was last answered at {}: an answer dated {} is earlier (give a later \
                 --now)",
                card.card,
                time_text(last),
                time_text(now)
            )));
        }
        last
    } else {
        now
    };
    let next = FSRS::default()
        .next(card.schedule.clone(), now, rating)
        .card;
    let sound = |x: f64| x.is_finite() && x >= 0.0;
    if !in_range(next.due) || next.due < now {
        return Err(DrillError::Time(format!(
            "answered at {}, card {} would next be due {}, outside the years {FIRST_YEAR} to \
             {LAST_YEAR}: nothing stored",
            time_text(now),
            card.card,
            next.due.format("%Y-%m-%d")
        )));
    }
    if !sound(next.stability) || !sound(next.difficulty) {
        return Err(DrillError::Time(format!(
            "card {}: the schedule for an answer at {} does not compute (stability {}, \
             difficulty {}): nothing stored",
            card.card,
            time_text(now),
            next.stability,
            next.difficulty
        )));
    }
    Ok(next)
}

/// The positions after a checker play answered and after the review's best (each from the
/// mover's view), when both are legal plays of the roll.
type Plays = Option<(Position, Position)>;

/// What `answer` to `card` gives up against the engine's best, EMG; for a checker play, the
/// positions after the answer and after the review's best.
fn grade(
    card: &Card,
    answer: &str,
    engine: &mut dyn FnMut() -> Option<Box<dyn ReferenceEngine>>,
) -> Result<(f64, Plays), DrillError> {
    let said = answer.trim().to_ascii_lowercase();
    match card.error.kind {
        ErrorKind::Move => grade_move(card, answer.trim(), engine),
        kind => {
            let [nd, dt, dp] = card.figures.cube.ok_or_else(|| {
                DrillError::Engine(format!("card {} has no cube figures", card.card))
            })?;
            // The doubler's equities: a double is answered by the better of take and pass
            // for the taker (the smaller for the doubler).
            let doubled = dt.min(dp);
            let loss = match (kind, said.as_str()) {
                (ErrorKind::Double, "double" | "d" | "redouble") => nd.max(doubled) - doubled,
                (ErrorKind::Double, "no double" | "nd" | "no redouble") => nd.max(doubled) - nd,
                (ErrorKind::Take, "take" | "t" | "beaver") => dt - doubled,
                (ErrorKind::Take, "pass" | "p" | "drop") => dp - doubled,
                _ => {
                    let [a, b] = card.cube_answers().unwrap_or(["", ""]);
                    return Err(DrillError::NotAnAnswer(format!(
                        "{answer:?} is no answer to card {}: say {a:?} or {b:?}",
                        card.card
                    )));
                }
            };
            Ok((loss.max(0.0), None))
        }
    }
}

fn grade_move(
    card: &Card,
    answer: &str,
    engine: &mut dyn FnMut() -> Option<Box<dyn ReferenceEngine>>,
) -> Result<(f64, Plays), DrillError> {
    let setup = card.setup()?;
    let dice = setup
        .dice
        .ok_or_else(|| DrillError::NotAnAnswer(format!("card {} has no roll", card.card)))?;
    let position: Position = setup.position;
    let plays = legal_plays(&position, dice);
    let at = |text: &str| match_play(&position, dice, text, &plays).ok();
    let chosen = match_play(&position, dice, answer, &plays).map_err(|why| {
        DrillError::NotAnAnswer(format!(
            "{answer:?} is not a legal move of {}{} here: {why}",
            dice.high(),
            dice.low()
        ))
    })?;
    let best_at = at(&card.error.best);
    let pair = best_at.map(|b| (plays[chosen].result, plays[b].result));
    if best_at == Some(chosen) {
        return Ok((0.0, None));
    }
    if at(&card.error.played) == Some(chosen) {
        return Ok((card.error.loss, pair));
    }
    let mut judge = engine().ok_or_else(|| {
        DrillError::Engine(
            "gnubg is needed to judge a move other than the best and the one played".into(),
        )
    })?;
    let context = MatchContext::from_match_id(setup.match_id_fields(), card.figures.jacoby, false);
    let ranked = judge
        .rank_moves_at(&position, dice, card.error.plies, &context)
        .map_err(|e| DrillError::Engine(e.to_string()))?;
    let rated = match_to_plays(&position, dice, &ranked, &plays, true)
        .map_err(|e| DrillError::Engine(e.to_string()))?;
    let best = rated
        .iter()
        .map(|(_, m)| m.equity)
        .fold(f64::NEG_INFINITY, f64::max);
    let mine = rated
        .iter()
        .find(|(i, _)| plays[*i].result == plays[chosen].result)
        .map(|(_, m)| m.equity)
        .ok_or_else(|| DrillError::Engine("the engine did not rate the move".into()))?;
    Ok(((best - mine).max(0.0), pair))
}
