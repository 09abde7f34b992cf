//! The Archive tab: the player's archive ([`bgw_engine::archive`], the database `bgw archive`
//! uses) — match files or a folder added and reviewed by gnubg in the background at the depth
//! chosen (2-ply by default, remembered; progress, Cancel), each player's figures (a name
//! merged into the person it is, and unmerged), their error rate match by match with a moving average,
//! their errors filtered by phase, kind and size (a click puts the decision on the board,
//! with the review's verdict) — and the drill of the player's own errors: the card on the
//! board, answered with a candidate, the move on the board or the cube buttons, graded and
//! scheduled by FSRS.
//!
//! Every question to the database runs off the UI thread, each on a connection of its own.
//!
//! - [`panel`]: the tab.

pub mod panel;

use super::edit::Edit;
use super::effect::Effect;
use super::files::{FileKind, Request};
use super::jobs::{Job, Start};
use crate::app::referee::{EngineFactory, Nets, gnubg_per_task, nets_of};
use bgw_engine::archive::{
    Archive, Card, DeckCount, DeckOptions, EngineName, ErrorFilter, ErrorKind, ErrorRow, Graded,
    MatchFile, PlayerFigures, TrendPoint, match_files_under, now,
};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;

use bgw_engine::reference::ReferenceEngine;
use bgw_engine::review::{self, Coverage, ReviewOptions};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// What can be done in the Archive tab.
#[derive(Clone, Debug, PartialEq)]
pub enum ArchiveAction {
    /// Asks for a match file to add.
    AddFile,
    /// Asks for a folder of match files to add.
    AddFolder,
    /// Adds this file, or every match file under this folder (and reviews them when
    /// reviewing is on).
    Add(PathBuf),
    /// Review what is added (gnubg at the depth chosen), or only store it.
    SetReview(bool),
    /// The depth of the reviews made when adding: 0, 1 or 2 plies.
    SetPlies(u8),
    /// Files every name of person `from` under person `into`: one row in the players.
    Merge {
        /// The person merged.
        from: String,
        /// The person kept.
        into: String,
    },
    /// Files the name a file gives under itself again (undoes a merge for that name).
    Unmerge(String),
    /// Stops adding (what is stored so far stays).
    Cancel,
    /// Reads the archive again.
    Refresh,
    /// The player whose errors, trend and drill are shown.
    SetPlayer(Option<String>),
    /// Only errors in this phase (`contact`, `race`, `bearoff`), or all.
    SetPhase(Option<&'static str>),
    /// Only errors of this kind, or all.
    SetKind(Option<ErrorKind>),
    /// Only errors of at least this many mEMG.
    SetMinLoss(f64),
    /// Puts error `.0` of the list on the board.
    OpenError(usize),
    /// The drill's next card due onto the board.
    NextCard,
    /// Answers the card on the board: a move in gnubg's notation, or a cube answer.
    Answer(String),
    /// Leaves the card on the board unanswered (it stays due): the verdicts show again.
    PutCardAway,
}

/// The Archive tab's saved part: whether what is added is reviewed, and at which depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ArchiveSaved {
    /// Review what is added.
    pub review: bool,
    /// The depth of those reviews: 0, 1 or 2 plies.
    pub plies: u8,
}

impl Default for ArchiveSaved {
    /// Reviewed at 2 plies, gnubg's own default for analysis.
    fn default() -> ArchiveSaved {
        ArchiveSaved {
            review: true,
            plies: 2,
        }
    }
}

impl crate::app::saved_part::SavedPart for ArchiveSaved {
    const WHAT: &'static str = "archive review depth";

    /// A depth gnubg is not asked at: 2 plies.
    fn check(&mut self, notes: &mut Vec<String>) {
        if self.plies > 2 {
            notes.push(format!(
                "the saved archive review depth ({} plies) is not 0, 1 or 2; 2 plies are in use",
                self.plies
            ));
            self.plies = 2;
        }
    }
}

/// What the database said at the last reading.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Every person's figures.
    pub players: Vec<PlayerFigures>,
    /// Every person's error rate match by match.
    pub trend: Vec<TrendPoint>,
    /// The chosen player's errors, worst first (all of them; the filters pick).
    pub errors: Vec<ErrorRow>,
    /// The chosen player's deck.
    pub deck: Option<DeckCount>,
    /// Matches and decisions stored.
    pub matches: u64,
    /// The names filed under another person (merged): name, person.
    pub aliases: Vec<(String, String)>,
}

/// The drill on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drill {
    /// The card on the board.
    pub card: Option<Card>,
    /// The verdict on the last answer.
    pub graded: Option<Graded>,
    /// Why the last answer was not taken.
    pub refused: Option<String>,
}

impl Drill {
    /// The card on the board while it waits for its answer (its number): until then nothing
    /// may show the answer.
    pub fn unanswered(&self) -> Option<i64> {
        match (&self.card, &self.graded) {
            (Some(c), None) => Some(c.card),
            _ => None,
        }
    }
}

/// What the drill can take as an answer from the board (the coordinator reads it from the
/// candidates and the board; the tab offers it).
pub struct DrillInputs {
    /// The candidate selected in the candidates table, in gnubg's notation.
    pub candidate: Option<String>,
    /// The legal move of the card the board shows (the checkers moved on the board, or a
    /// candidate played).
    pub on_board: Option<String>,
}

/// What a job in the background brings back.
pub enum News {
    /// The archive read.
    Read(Box<Snapshot>),
    /// Files added (and reviewed): a line for the Log.
    Added(String),
    /// The next card due (none: the deck's count says when).
    Card(Option<Box<Card>>),
    /// An answer graded.
    Graded(Box<Graded>),
    /// The answer was no answer to the card.
    Refused(String),
}

/// The Archive tab's state.
pub struct ArchiveState {
    /// The archive's database file (`bgw archive`'s default place when `None`).
    pub path: Option<PathBuf>,
    /// Review what is added.
    pub review: bool,
    /// The depth of those reviews: 0, 1 or 2 plies (2 by default, gnubg's own).
    pub plies: u8,
    /// The player shown.
    pub player: Option<String>,
    /// The errors' filters: phase, kind, least loss (mEMG).
    pub phase: Option<&'static str>,
    /// Only errors of this kind.
    pub kind: Option<ErrorKind>,
    /// Only errors of at least this many mEMG.
    pub min_loss_memg: f64,
    /// What the database said last.
    pub snapshot: Snapshot,
    /// The error on the board (its index in [`Snapshot::errors`]).
    pub opened: Option<usize>,
    /// The drill.
    pub drill: Drill,
    /// The folder last added from.
    pub dir: Option<PathBuf>,
    adding: Option<Job<News>>,
    reading: Option<Job<Result<News, String>>>,
    engines: EngineFactory,
    /// gnubg's nets read in process, to say why a wrong move loses: read by the first grading
    /// job that needs them (off the UI thread), then shared (clones share the tables).
    nets: Nets,
    /// The archive has been read since the tab was first shown.
    read_once: bool,
}

impl Default for ArchiveState {
    fn default() -> ArchiveState {
        ArchiveState::with_engines(gnubg_per_task())
    }
}

/// The errors of `all` the filters let through.
pub fn filtered<'a>(
    all: &'a [ErrorRow],
    phase: Option<&str>,
    kind: Option<ErrorKind>,
    min_loss_memg: f64,
) -> impl Iterator<Item = (usize, &'a ErrorRow)> {
    all.iter().enumerate().filter(move |(_, e)| {
        phase.is_none_or(|p| e.phase == p)
            && kind.is_none_or(|k| e.error.kind == k)
            && 1000.0 * e.error.loss >= min_loss_memg
    })
}

/// The board of an error or a card: its position, roll and match state (a checker play
/// with its roll; a cube decision as gnubg shows it).
pub fn edit_of(position_id: &str, match_id: &str, dice: Option<&str>) -> Option<Edit> {
    let setup = bgw_engine::archive::setup_of(position_id, match_id, dice).ok()?;
    Some(Edit::from_setup(&setup))
}

impl ArchiveState {
    /// A state whose reviews and drill answers ask engines from `engines`.
    pub fn with_engines(engines: EngineFactory) -> ArchiveState {
        ArchiveState {
            path: None,
            review: true,
            plies: ArchiveSaved::default().plies,
            player: None,
            phase: None,
            kind: None,
            min_loss_memg: 0.0,
            snapshot: Snapshot::default(),
            opened: None,
            drill: Drill::default(),
            dir: None,
            adding: None,
            reading: None,
            engines,
            nets: Arc::new(OnceLock::new()),
            read_once: false,
        }
    }

    /// Reviews and drill answers with engines from `engines` from now on (the judge chosen).
    pub fn use_engines(&mut self, engines: EngineFactory) {
        self.engines = engines;
    }

    /// Reads gnubg's nets from `nets` (shared with the other features that say why).
    pub fn use_nets(&mut self, nets: Nets) {
        self.nets = nets;
    }

    /// The same state on the archive at `path` (tests use a temporary one).
    pub fn at(mut self, path: PathBuf) -> ArchiveState {
        self.path = Some(path);
        self
    }

    /// The part persistence keeps.
    pub fn saved(&self) -> ArchiveSaved {
        ArchiveSaved {
            review: self.review,
            plies: self.plies,
        }
    }

    /// The saved part put back.
    pub fn restore_saved(&mut self, saved: ArchiveSaved) {
        self.review = saved.review;
        self.plies = saved.plies.min(2);
    }

    /// The adding in progress, if any.
    pub fn adding(&self) -> Option<&Job<News>> {
        self.adding.as_ref()
    }

    /// True while the database is being read or a card answered.
    pub fn busy(&self) -> bool {
        self.reading.is_some()
    }

    /// The database's path.
    pub fn database(&self) -> Option<PathBuf> {
        self.path.clone().or_else(bgw_engine::archive::default_path)
    }

    /// The board of the error opened or the card shown, when the action put one there.
    pub fn board(&self) -> Option<Edit> {
        if let Some(c) = &self.drill.card {
            return edit_of(
                &c.error.position_id,
                &c.error.match_id,
                c.error.dice.as_deref(),
            );
        }
        let e = self.snapshot.errors.get(self.opened?)?;
        edit_of(
            &e.error.position_id,
            &e.error.match_id,
            e.error.dice.as_deref(),
        )
    }

    /// Applies one action; returns the effects for the shell.
    pub fn update(
        &mut self,
        action: ArchiveAction,
        weights: &Weights,
    ) -> Vec<Effect<ArchiveAction>> {
        match action {
            ArchiveAction::AddFile => {
                let request = Request::open(FileKind::Match, self.dir.as_deref());
                return vec![Effect::ask(request, ArchiveAction::Add)];
            }
            ArchiveAction::AddFolder => {
                let request = Request::open(FileKind::MatchFolder, self.dir.as_deref());
                return vec![Effect::ask(request, ArchiveAction::Add)];
            }
            ArchiveAction::Add(path) => return self.add(path, *weights),
            ArchiveAction::SetReview(on) => self.review = on,
            ArchiveAction::SetPlies(p) => self.plies = p.min(2),
            ArchiveAction::Merge { from, into } => {
                return self.write(format!("merging {from} into {into}"), move |a| {
                    a.merge_person(&from, &into)
                });
            }
            ArchiveAction::Unmerge(name) => {
                let person = name.clone();
                return self.write(format!("unmerging {name}"), move |a| {
                    a.set_alias(&name, &person)
                });
            }
            ArchiveAction::Cancel => {
                if let Some(j) = &self.adding {
                    j.cancel();
                }
            }
            ArchiveAction::Refresh => return self.read(),
            ArchiveAction::SetPlayer(p) => {
                self.player = p;
                self.opened = None;
                self.drill = Drill::default();
                return self.read();
            }
            ArchiveAction::SetPhase(p) => self.phase = p,
            ArchiveAction::SetKind(k) => self.kind = k,
            ArchiveAction::SetMinLoss(m) => {
                self.min_loss_memg = if m.is_finite() { m.max(0.0) } else { 0.0 }
            }
            ArchiveAction::OpenError(i) => {
                if i < self.snapshot.errors.len() {
                    self.opened = Some(i);
                    self.drill.card = None;
                }
            }
            ArchiveAction::NextCard => return self.next_card(),
            ArchiveAction::Answer(text) => return self.answer(text),
            ArchiveAction::PutCardAway => {
                if self.drill.graded.is_none() {
                    self.drill = Drill::default();
                }
            }
        }
        Vec::new()
    }

    /// Reads the archive the first time the tab is shown.
    pub fn read_once(&mut self) -> Vec<Effect<ArchiveAction>> {
        if self.read_once {
            return Vec::new();
        }
        self.read()
    }

    /// Reads the archive in the background.
    fn read(&mut self) -> Vec<Effect<ArchiveAction>> {
        self.read_once = true;
        let Some(path) = self.database() else {
            return vec![Effect::error(
                "no archive: neither XDG_DATA_HOME nor HOME is set",
            )];
        };
        let player = self.player.clone();
        self.run(format!("reading {}", path.display()), move |_| {
            snapshot(&open(&path)?, player.as_deref())
        })
    }

    /// Changes the archive in the background with `change`, then reads it again.
    fn write(
        &mut self,
        what: String,
        change: impl FnOnce(&mut Archive) -> Result<(), bgw_engine::archive::ArchiveError>
        + Send
        + 'static,
    ) -> Vec<Effect<ArchiveAction>> {
        let Some(path) = self.database() else {
            return vec![Effect::error(
                "no archive: neither XDG_DATA_HOME nor HOME is set",
            )];
        };
        let player = self.player.clone();
        self.run(what, move |_| {
            let mut archive = open(&path)?;
            change(&mut archive).map_err(|e| e.to_string())?;
            snapshot(&archive, player.as_deref())
        })
    }

    /// Runs `work` on the archive in the background (one at a time: a new one replaces the
    /// one running).
    fn run(
        &mut self,
        what: String,
        work: impl FnOnce(&Task) -> Result<News, String> + Send + 'static,
    ) -> Vec<Effect<ArchiveAction>> {
        if let Some(j) = self.reading.take() {
            j.cancel();
        }
        let (job, start): (_, Start) = Job::new(what, work);
        self.reading = Some(job);
        vec![Effect::start(start)]
    }

    fn next_card(&mut self) -> Vec<Effect<ArchiveAction>> {
        let (Some(path), Some(player)) = (self.database(), self.player.clone()) else {
            return vec![Effect::error("choose a player for the drill")];
        };
        self.drill.graded = None;
        self.drill.refused = None;
        self.run("the next card".into(), move |_| {
            let mut archive = open(&path)?;
            let at = now();
            archive
                .build_deck(&DeckOptions::of(&player), at)
                .map_err(|e| e.to_string())?;
            let card = archive
                .next_card(Some(&player), at)
                .map_err(|e| e.to_string())?;
            Ok(News::Card(card.map(Box::new)))
        })
    }

    fn answer(&mut self, text: String) -> Vec<Effect<ArchiveAction>> {
        let (Some(path), Some(card)) = (self.database(), self.drill.card.clone()) else {
            return vec![Effect::error("no card is on the board: Next card")];
        };
        if self.drill.graded.is_some() {
            return vec![Effect::error("the card is answered: Next card")];
        }
        let engines = Arc::clone(&self.engines);
        let nets = Arc::clone(&self.nets);
        self.run(format!("grading {text}"), move |task| {
            let mut archive = open(&path)?;
            let task = task.clone();
            let mut engine = move || Some(engines(&task) as Box<dyn ReferenceEngine>);
            // gnubg's reason for a wrong move needs its nets; a cube card's is in its figures.
            // Without the nets the verdict comes without the reason.
            let explainer = match card.error.kind {
                ErrorKind::Move => nets_of(&nets),
                _ => None,
            };
            match archive.answer_card_explained(card.card, &text, now(), &mut engine, explainer) {
                Ok(g) => Ok(News::Graded(Box::new(g))),
                Err(e @ bgw_engine::archive::DrillError::NotAnAnswer(_)) => {
                    Ok(News::Refused(e.to_string()))
                }
                Err(e) => Err(e.to_string()),
            }
        })
    }

    /// Adds the files at `path` (and reviews them) in the background.
    fn add(&mut self, path: PathBuf, weights: Weights) -> Vec<Effect<ArchiveAction>> {
        if self.adding.is_some() {
            return vec![Effect::error(
                "the archive is being added to: wait or Cancel",
            )];
        }
        let Some(db) = self.database() else {
            return vec![Effect::error(
                "no archive: neither XDG_DATA_HOME nor HOME is set",
            )];
        };
        self.dir = match path.is_dir() {
            true => Some(path.clone()),
            false => path.parent().map(Path::to_path_buf),
        };
        let review = self.review.then_some(self.plies);
        let engines = Arc::clone(&self.engines);
        let what = format!("adding {} to the archive", path.display());
        let (job, start) = Job::new(what, move |task: &Task| {
            News::Added(add_and_review(&db, &path, review, &engines, weights, task))
        });
        self.adding = Some(job);
        vec![Effect::start(start)]
    }

    /// Takes what the background work brought; the notes for the Log. True in `.1` when the
    /// board is to show the card or the error now.
    pub fn poll(&mut self) -> (Vec<Effect<ArchiveAction>>, bool) {
        let mut out = Vec::new();
        let mut board = false;
        if let Some(j) = &self.adding {
            if j.never_started() {
                self.adding = None;
            } else if let Some(News::Added(line)) = j.try_take() {
                self.adding = None;
                out.push(Effect::info(line));
                out.extend(self.read());
            }
        }
        let Some(j) = &self.reading else {
            return (out, board);
        };
        if j.never_started() {
            self.reading = None;
            return (out, board);
        }
        let Some(news) = j.try_take() else {
            return (out, board);
        };
        self.reading = None;
        match news {
            Ok(News::Read(s)) => {
                // A player no longer there (another archive) is forgotten.
                if let Some(p) = &self.player
                    && !s.players.iter().any(|x| &x.player == p)
                {
                    self.player = None;
                }
                self.snapshot = *s;
                self.opened = self.opened.filter(|&i| i < self.snapshot.errors.len());
            }
            Ok(News::Card(card)) => {
                board = card.is_some();
                if card.is_none() {
                    out.push(Effect::info("no card is due now"));
                }
                self.drill.card = card.map(|c| *c);
                self.opened = None;
                out.extend(self.read());
            }
            Ok(News::Graded(g)) => {
                self.drill.graded = Some(*g);
                out.extend(self.read());
            }
            Ok(News::Refused(why)) => self.drill.refused = Some(why),
            Ok(News::Added(line)) => out.push(Effect::info(line)),
            Err(why) => out.push(Effect::error(format!("the archive: {why}"))),
        }
        (out, board)
    }
}

/// What the archive says now: every person's figures and trend, the aliases, and the
/// player's errors and deck.
fn snapshot(archive: &Archive, player: Option<&str>) -> Result<News, String> {
    let players = archive.players(None).map_err(|e| e.to_string())?;
    let trend = archive.trend(None).map_err(|e| e.to_string())?;
    let (errors, deck) = match player {
        Some(p) => {
            let filter = ErrorFilter {
                player: p.to_string(),
                ..ErrorFilter::default()
            };
            let errors = archive.errors(&filter).map_err(|e| e.to_string())?;
            let deck = archive
                .deck_count(Some(p), now())
                .map_err(|e| e.to_string())?;
            (errors, Some(deck))
        }
        None => (Vec::new(), None),
    };
    let matches = archive.counts().map_err(|e| e.to_string())?.matches;
    Ok(News::Read(Box::new(Snapshot {
        players,
        trend,
        errors,
        deck,
        matches,
        aliases: archive.aliases().map_err(|e| e.to_string())?,
    })))
}

fn open(path: &Path) -> Result<Archive, String> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    }
    Archive::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))
}

/// Stores every match file at `path` in the archive at `db` and, when `review` is on,
/// reviews every match not yet reviewed at `plies` (each review stored whole as it ends);
/// the line for the Log.
fn add_and_review(
    db: &Path,
    path: &Path,
    review: Option<u8>,
    engines: &EngineFactory,
    weights: Weights,
    task: &Task,
) -> String {
    let mut archive = match open(db) {
        Ok(a) => a,
        Err(why) => return why,
    };
    let mut failed = Vec::new();
    let mut files = Vec::new();
    match_files_under(path, &mut files, &mut |p, why| {
        failed.push(format!("{}: {why}", p.display()))
    });
    // One bar for the whole job: reading the files its first part, then each match's
    // review a part as large as its decisions (see `Task::part`).
    let read_share = if review.is_some() { 0.05 } else { 1.0 };
    let reading = task.part(0.0, read_share, format!("reading {} files", files.len()));
    let (added, known) = store_files(&mut archive, &files, task, &reading, &mut failed);
    let line = stored_words(files.len(), added, known, &failed);
    let Some(plies) = review.filter(|_| !task.is_cancelled()) else {
        return line;
    };
    let todo = match archive.unreviewed(plies) {
        Ok(t) => t,
        Err(e) => return format!("{line}; the archive: {e}"),
    };
    let all: u64 = todo.iter().map(|u| u.decisions).sum();
    let share = |before: u64| read_share + (1.0 - read_share) * before as f64 / all.max(1) as f64;
    let mut before = 0;
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4);
    let options = ReviewOptions {
        plies,
        weights,
        threads,
    };
    let (mut reviewed, mut not) = (0, 0);
    for (k, u) in todo.iter().enumerate() {
        if task.is_cancelled() {
            break;
        }
        let from = share(before);
        before += u.decisions;
        let part = task.part(
            from,
            share(before),
            format!("reviewing match {} of {}", k + 1, todo.len()),
        );
        let Ok(m) = archive.read_match(u.key) else {
            not += 1;
            continue;
        };
        let make = || engines(task);
        let (verdicts, luck) =
            review::review_with_luck(&m, &options, &make, true, &part, &mut |_| {});
        let coverage = Coverage::of(&verdicts);
        let luck = luck.and_then(Result::ok);
        let whole = verdicts.len() == u.decisions as usize && coverage.not_judged == 0;
        if task.is_cancelled() || !whole {
            not += 1;
            continue;
        }
        let name = engine_name(&mut engines(task));
        let summary = review::summarize(&m, &verdicts, luck.as_ref());
        match archive.store_review(u.key, plies, &name, &verdicts, luck.as_ref(), &summary) {
            Ok(()) => reviewed += 1,
            Err(e) => return format!("{line}; the archive: {e}"),
        }
    }
    format!(
        "{line}; {}",
        reviewed_words(reviewed, not, todo.len(), task.is_cancelled(), plies)
    )
}

/// Stores the matches of `files` in `archive` (`reading` counting them) until `task` is
/// cancelled: how many were added and how many were stored already; each file not read goes
/// to `failed`, with why.
fn store_files(
    archive: &mut Archive,
    files: &[PathBuf],
    task: &Task,
    reading: &Task,
    failed: &mut Vec<String>,
) -> (usize, usize) {
    reading.begin(Some(files.len() as u64));
    let (mut added, mut known) = (0, 0);
    for f in files {
        if task.is_cancelled() {
            break;
        }
        reading.advance(1);
        let stored = MatchFile::read(f)
            .map_err(|e| e.to_string())
            .and_then(|file| Ok((file.parse().map_err(|e| e.to_string())?, file)))
            .and_then(|(m, file)| archive.add_match(&file, &m).map_err(|e| e.to_string()));
        match stored {
            Ok(a) if a.is_new() => added += 1,
            Ok(_) => known += 1,
            Err(why) => failed.push(format!("{}: {why}", f.display())),
        }
    }
    (added, known)
}

/// What adding the files did, and only that (no "0 not read"): "archive: 3 files, 2 added,
/// 1 already stored", with the first file not read.
fn stored_words(files: usize, added: usize, known: usize, failed: &[String]) -> String {
    let mut line = format!("archive: {files} files, {added} added");
    if known > 0 {
        line.push_str(&format!(", {known} already stored"));
    }
    if let Some(first) = failed.first() {
        line.push_str(&format!(", {} not read (first: {first})", failed.len()));
    }
    line
}

/// The name and version `engine` gives of itself, or its name alone when it cannot say.
fn engine_name(engine: &mut dyn ReferenceEngine) -> EngineName {
    match engine.info() {
        Ok(i) => EngineName {
            name: i.name,
            version: i.version,
        },
        Err(_) => EngineName {
            name: engine.name().to_string(),
            version: None,
        },
    }
}

/// What a review job did, and only that: "11 matches reviewed at 0 plies", "2 not reviewed",
/// "stopped", "no match to review".
fn reviewed_words(reviewed: usize, not: usize, todo: usize, stopped: bool, plies: u8) -> String {
    let matches = |n: usize| {
        if n == 1 {
            "1 match".to_string()
        } else {
            format!("{n} matches")
        }
    };
    let mut parts = Vec::new();
    if reviewed > 0 {
        let depth = if plies == 1 {
            "1 ply"
        } else {
            &format!("{plies} plies")
        };
        parts.push(format!("{} reviewed at {depth}", matches(reviewed)));
    }
    if not > 0 {
        parts.push(format!("{} not reviewed", matches(not)));
    }
    if stopped {
        let left = todo.saturating_sub(reviewed + not);
        parts.push(match left {
            0 => "stopped".to_string(),
            n => format!("stopped with {} left", matches(n)),
        });
    }
    if parts.is_empty() {
        parts.push("no match to review".to_string());
    }
    parts.join(", ")
}

impl crate::app::feature::Feature for ArchiveState {
    type Action = ArchiveAction;

    /// An error opened or a card shown goes onto the board, as if pasted.
    fn update(
        &mut self,
        action: ArchiveAction,
        shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<ArchiveAction>> {
        let shown = |s: &ArchiveState| (s.opened, s.drill.card.as_ref().map(|c| c.card));
        let before = shown(self);
        let fx = ArchiveState::update(self, action, &shared.weights);
        if shown(self) != before
            && let Some(edit) = self.board()
        {
            shared.show = crate::app::feature::Show::Board(edit);
        }
        fx
    }

    /// The background news; a card that came puts its board up. The archive is read the
    /// first time the tab is open.
    fn poll(&mut self, shared: &mut crate::app::feature::Shared<'_>) -> Vec<Effect<ArchiveAction>> {
        let mut out = Vec::new();
        if shared.polled && shared.tab == crate::app::settings::Tab::Archive {
            out = self.read_once();
        }
        let (fx, board) = ArchiveState::poll(self);
        out.extend(fx);
        if board && let Some(edit) = self.board() {
            shared.show = crate::app::feature::Show::Board(edit);
        }
        out
    }
}

#[cfg(test)]
mod words_tests {
    use super::reviewed_words;

    #[test]
    fn a_review_job_says_only_what_happened() {
        assert_eq!(
            reviewed_words(11, 0, 11, false, 0),
            "11 matches reviewed at 0 plies"
        );
        assert_eq!(
            reviewed_words(1, 2, 3, false, 1),
            "1 match reviewed at 1 ply, 2 matches not reviewed"
        );
        assert_eq!(
            reviewed_words(3, 0, 10, true, 2),
            "3 matches reviewed at 2 plies, stopped with 7 matches left"
        );
        assert_eq!(reviewed_words(0, 0, 0, false, 2), "no match to review");
    }
}
