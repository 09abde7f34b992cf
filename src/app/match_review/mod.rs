//! The Match tab: a match file (MAT or gnubg's SGF) opened, dropped on the window or pasted,
//! its games and decisions listed and stepped through (the board shows the position before
//! the decision), and reviewed by gnubg in the background — each decision judged at its own
//! match state, the verdicts streaming in with progress and Cancel, kept per (position, match
//! state, roll, depth) so that a second review asks gnubg only what is new.
//!
//! - [`panel`]: the tab (games, decisions, filters, the summary).
//!
//! The coordinator puts the selected decision on the board and tells the candidates panel
//! which move was played and which gnubg found best ([`MatchReviewState::marks_for`]).

pub mod panel;
pub mod plot;

use super::edit::Edit;
use super::effect::Effect;
use super::jobs::{Job, Start};
use crate::app::referee::{EngineFactory, Nets, gnubg_per_task, nets_of};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::matches::{self, Decision, Match, MatchFormat};
use bgw_engine::reference::native::{NativeEvaluator, WhyGnubg};
use bgw_engine::reference::{AnswerCache, Cached};
use bgw_engine::review::why_gnubg_of;
use bgw_engine::review::{
    self, Coverage, Mark, MatchLuck, PlayerSummary, ReviewOptions, Reviewed, Verdict,
    default_engines_for,
};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What can be done in the Match tab.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchAction {
    /// Asks for a match file and opens it.
    Open,
    /// Opens this match file (the dialog's answer, a file dropped on the window).
    Load(PathBuf),
    /// Reads a whole match pasted as text.
    Paste(String),
    /// Selects decision `.1` of game `.0` (indices): the board shows its position.
    Select(usize, usize),
    /// Steps to the next (+1) or previous (−1) decision the filters show.
    Step(i32),
    /// Shows only the decisions gnubg marks (doubtful or worse).
    ErrorsOnly(bool),
    /// Shows only one player's decisions (0 the file's first player), or both.
    Player(Option<usize>),
    /// The depth gnubg reviews at (0, 1 or 2 plies).
    SetPlies(u8),
    /// Reviews the match with gnubg, the classic's choices with these weights.
    Review(Weights),
    /// Stops the review (the verdicts so far stay).
    Cancel,
    /// Opens or closes the window of gnubg's statistics block.
    ShowStatistics(bool),
    /// Opens or closes the window of the match plot.
    ShowPlot(bool),
    /// Closes the match.
    Close,
}

/// A match read, with the verdicts of its review so far.
pub struct LoadedMatch {
    /// Where it came from: the file's name, or "pasted match".
    pub name: String,
    /// The file it was read from (`None` when pasted): what a restart opens again.
    pub path: Option<PathBuf>,
    /// The match.
    pub game: Arc<Match>,
    /// The verdict of each decision (by game, then decision), once reviewed.
    pub verdicts: Vec<Vec<Option<Verdict>>>,
    /// gnubg's own reason for each checker error, from its nets read in process (by game,
    /// then decision), made with the verdict.
    whys: Vec<Vec<Option<WhyGnubg>>>,
    /// The depth of the verdicts.
    pub plies: Option<u8>,
    /// Each player's figures from the verdicts so far.
    pub summary: Option<[PlayerSummary; 2]>,
    /// How much of the match gnubg judged so far (kept with the summary, not counted again
    /// each frame).
    coverage: Coverage,
    /// gnubg's luck of every roll (its luck analysis, the same at every depth), once asked.
    pub luck: Option<MatchLuck>,
    /// Why there is no luck analysis, when gnubg could not give it.
    pub luck_failure: Option<String>,
    /// gnubg's statistics block as rows, made with the summary (not every frame).
    pub block: Vec<review::StatisticsSection>,
    /// The match plot's points and the games' starts, made with the summary.
    pub plot: (Vec<plot::PlotPoint>, Vec<f64>),
}

impl LoadedMatch {
    fn new(name: String, m: Match) -> LoadedMatch {
        let verdicts = m
            .games
            .iter()
            .map(|g| vec![None; g.decisions.len()])
            .collect();
        let whys = m
            .games
            .iter()
            .map(|g| vec![None; g.decisions.len()])
            .collect();
        LoadedMatch {
            name,
            path: None,
            game: Arc::new(m),
            verdicts,
            whys,
            plies: None,
            summary: None,
            coverage: Coverage::default(),
            luck: None,
            luck_failure: None,
            block: Vec::new(),
            plot: (Vec::new(), Vec::new()),
        }
    }

    /// Decision `d` of game `g`.
    pub fn decision(&self, g: usize, d: usize) -> Option<&Decision> {
        self.game.games.get(g)?.decisions.get(d)
    }

    /// The verdict on decision `d` of game `g`, once reviewed.
    pub fn verdict(&self, g: usize, d: usize) -> Option<&Verdict> {
        self.verdicts.get(g)?.get(d)?.as_ref()
    }

    /// gnubg's own reason for the checker error of decision `d` of game `g` (its nets'
    /// concepts), once reviewed.
    pub fn why_gnubg(&self, g: usize, d: usize) -> Option<&WhyGnubg> {
        self.whys.get(g)?.get(d)?.as_ref()
    }

    /// How many decisions have a verdict, of how many.
    pub fn reviewed(&self) -> (usize, usize) {
        let all = self.verdicts.iter().map(Vec::len).sum();
        let done = self
            .verdicts
            .iter()
            .flatten()
            .filter(|v| v.is_some())
            .count();
        (done, all)
    }

    /// How much of the match gnubg judged so far: the decisions it failed on, among them.
    pub fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    /// The verdicts so far, in the match's order.
    fn verdicts_so_far(&self) -> impl Iterator<Item = Reviewed> + '_ {
        self.verdicts.iter().enumerate().flat_map(|(g, ds)| {
            ds.iter().enumerate().filter_map(move |(d, v)| {
                v.clone().map(|verdict| Reviewed {
                    game: g,
                    decision: d,
                    verdict,
                })
            })
        })
    }

    fn take(&mut self, (r, why): (Reviewed, Option<WhyGnubg>)) {
        if let Some(slot) = self
            .whys
            .get_mut(r.game)
            .and_then(|g| g.get_mut(r.decision))
        {
            *slot = why;
        }
        if let Some(slot) = self
            .verdicts
            .get_mut(r.game)
            .and_then(|g| g.get_mut(r.decision))
        {
            *slot = Some(r.verdict);
        }
    }

    fn summarize(&mut self) {
        let all: Vec<Reviewed> = self.verdicts_so_far().collect();
        self.summary =
            (!all.is_empty()).then(|| review::summarize(&self.game, &all, self.luck.as_ref()));
        self.coverage = Coverage::of_verdicts(self.verdicts.iter().flatten().flatten());
        self.block = (self.summary.as_ref())
            .map(|s| review::statistics_sections(s, self.game.match_length))
            .unwrap_or_default();
        self.plot = plot::points(self);
    }
}

/// gnubg's own reason for a reviewed checker error, when it is one and the split succeeds.
fn why_of(ev: &NativeEvaluator, m: &Match, r: &Reviewed) -> Option<WhyGnubg> {
    let Verdict::Move { play, .. } = &r.verdict else {
        return None;
    };
    let d = m.games.get(r.game)?.decisions.get(r.decision)?;
    why_gnubg_of(ev, d, play)?.ok()
}

/// gnubg's mark on a verdict: the checker play's, a cube action's, or a missed double's (the
/// worse).
pub fn mark_of(v: &Verdict) -> Mark {
    match v {
        Verdict::Move { play, no_double } => {
            let cube = no_double.as_ref().map_or(Mark::None, |c| c.mark);
            play.mark.max(cube)
        }
        Verdict::Cube(c) => c.mark,
        Verdict::NotJudged(_) => Mark::None,
    }
}

/// Which decisions the list shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only those gnubg marks.
    pub errors_only: bool,
    /// Only this player's.
    pub player: Option<usize>,
}

/// A review in the background: its job (which ends with gnubg's luck analysis when it was
/// asked for), and the verdicts streamed so far.
struct Running {
    job: Job<Option<Result<MatchLuck, String>>>,
    streamed: Streamed,
    plies: u8,
}

/// The verdicts a review has sent since the last frame, each with gnubg's own reason.
type Streamed = Arc<Mutex<Vec<(Reviewed, Option<WhyGnubg>)>>>;

/// The Match tab's state.
pub struct MatchReviewState {
    /// The match open, if any.
    pub loaded: Option<LoadedMatch>,
    /// The decision on the board: (game, decision) indices.
    pub selected: Option<(usize, usize)>,
    /// Which decisions the list shows.
    pub filter: Filter,
    /// The depth of the next review.
    pub plies: u8,
    /// The folder of the last match opened.
    pub dir: Option<PathBuf>,
    /// The window of gnubg's statistics block is open.
    pub statistics_open: bool,
    /// The window of the match plot is open.
    pub plot_open: bool,
    running: Option<Running>,
    /// A review to start at the next poll, at this depth: the one the match had when the app
    /// last closed ([`MatchReviewState::restore`]).
    pending_review: Option<u8>,
    cache: AnswerCache,
    engines: EngineFactory,
    /// gnubg's nets, to say why each checker error is one (read by the first review that
    /// needs them, or the native judge's; shared with the drill).
    nets: Nets,
}

/// The Match tab's part of the saved state: the match file open, the decision selected, the
/// filters, the depth chosen and the depth it was reviewed at — so that a restart shows the
/// same match at the same decision, reviewed again at that depth. A pasted match is not kept.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedMatch {
    /// The match file open.
    pub file: Option<PathBuf>,
    /// The decision on the board: (game, decision) indices.
    pub selected: Option<(usize, usize)>,
    /// The depth of the next review.
    pub plies: u8,
    /// The depth the match was reviewed at, when it was.
    pub reviewed: Option<u8>,
    /// Only the decisions gnubg marks.
    pub errors_only: bool,
    /// Only this player's decisions.
    pub player: Option<usize>,
}

impl crate::app::saved_part::SavedPart for SavedMatch {
    const WHAT: &'static str = "open match";

    fn check(&mut self, notes: &mut Vec<String>) {
        if self.plies > 2 {
            notes.push(format!(
                "the saved review depth {} is not 0, 1 or 2 plies; 0 is in use",
                self.plies
            ));
            self.plies = 0;
        }
        if self.reviewed.is_some_and(|p| p > 2) {
            notes.push(
                "the saved match's review depth is not 0, 1 or 2 plies; it is not reviewed again"
                    .into(),
            );
            self.reviewed = None;
        }
        if self.player.is_some_and(|p| p > 1) {
            self.player = None;
        }
    }
}

impl Default for MatchReviewState {
    fn default() -> MatchReviewState {
        MatchReviewState::with_engines(gnubg_per_task())
    }
}

/// The part of a match file's text gnubg's readers need to decide it is a match (pasted text
/// that is not one is a position ID for the editor).
pub fn looks_like_match(text: &str) -> bool {
    match matches::format_of(text) {
        // gnubg's SGF for backgammon is game 6.
        MatchFormat::Sgf => text.contains("GM[6]"),
        MatchFormat::Mat => {
            let lower = text.to_ascii_lowercase();
            lower.lines().count() > 2
                && (lower.contains("point match") || lower.contains(" game 1"))
        }
    }
}

impl MatchReviewState {
    /// A state whose reviews ask engines from `engines`.
    pub fn with_engines(engines: EngineFactory) -> MatchReviewState {
        MatchReviewState {
            loaded: None,
            selected: None,
            filter: Filter::default(),
            plies: 0,
            dir: None,
            statistics_open: false,
            plot_open: false,
            running: None,
            pending_review: None,
            cache: AnswerCache::new(),
            engines,
            nets: Nets::default(),
        }
    }

    /// Reviews with engines from `engines` from now on (the match open stays).
    pub fn use_engines(&mut self, engines: EngineFactory) {
        self.engines = engines;
    }

    /// Reads gnubg's nets from `nets` (shared with the other features that say why).
    pub fn use_nets(&mut self, nets: Nets) {
        self.nets = nets;
    }

    /// The review in progress, if any.
    pub fn job(&self) -> Option<&Job<Option<Result<MatchLuck, String>>>> {
        self.running.as_ref().map(|r| &r.job)
    }

    /// How many engine answers are kept for the next review.
    pub fn cached_answers(&self) -> usize {
        self.cache.len()
    }

    /// Applies one action; returns the effects for the shell (the dialog, the review's job,
    /// the notes). The selection's board is the coordinator's to set.
    pub fn update(&mut self, action: MatchAction) -> Vec<Effect<MatchAction>> {
        match action {
            MatchAction::Open => {
                let request =
                    super::files::Request::open(super::files::FileKind::Match, self.dir.as_deref());
                return vec![Effect::ask(request, MatchAction::Load)];
            }
            MatchAction::Load(path) => return self.load(&path),
            MatchAction::Paste(text) => {
                return match matches::read_match(&text) {
                    Ok(m) => self.open(m, "pasted match".into()),
                    Err(e) => vec![Effect::error(format!("the pasted match was not read: {e}"))],
                };
            }
            MatchAction::Select(g, d) => {
                if self
                    .loaded
                    .as_ref()
                    .and_then(|l| l.decision(g, d))
                    .is_some()
                {
                    self.selected = Some((g, d));
                }
            }
            MatchAction::Step(by) => self.step(by),
            MatchAction::ErrorsOnly(on) => self.filter.errors_only = on,
            MatchAction::Player(p) => self.filter.player = p.filter(|&p| p < 2),
            MatchAction::SetPlies(p) => self.plies = p.min(2),
            MatchAction::Review(weights) => return self.review(weights),
            MatchAction::Cancel => {
                if let Some(r) = &self.running {
                    r.job.cancel();
                }
            }
            MatchAction::ShowStatistics(open) => self.statistics_open = open,
            MatchAction::ShowPlot(open) => self.plot_open = open,
            MatchAction::Close => {
                self.stop();
                self.loaded = None;
                self.selected = None;
            }
        }
        Vec::new()
    }

    fn load(&mut self, path: &Path) -> Vec<Effect<MatchAction>> {
        self.dir = path.parent().map(Path::to_path_buf);
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        match matches::read_match_file(path) {
            Ok(m) => {
                let notes = self.open(m, name);
                if let Some(l) = &mut self.loaded {
                    // Kept absolute, so that a restart from another folder finds it.
                    l.path = Some(std::path::absolute(path).unwrap_or_else(|_| path.into()));
                }
                notes
            }
            Err(e) => vec![Effect::error(format!("{name} was not opened: {e}"))],
        }
    }

    /// What the saved state keeps of the tab ([`SavedMatch`]).
    pub fn saved(&self) -> SavedMatch {
        let l = self.loaded.as_ref();
        SavedMatch {
            file: l.and_then(|l| l.path.clone()),
            selected: self.selected,
            plies: self.plies,
            reviewed: l.and_then(|l| l.plies),
            errors_only: self.filter.errors_only,
            player: self.filter.player,
        }
    }

    /// Opens the match of the saved state again, at its decision (the board is the editing
    /// part's, restored as it was), and asks for its review again at its depth at the next
    /// poll; the notes say what could not be restored.
    pub fn restore(&mut self, saved: &SavedMatch) -> Vec<String> {
        self.plies = saved.plies.min(2);
        self.filter = Filter {
            errors_only: saved.errors_only,
            player: saved.player.filter(|&p| p < 2),
        };
        let Some(path) = &saved.file else {
            return Vec::new();
        };
        let fx = self.load(path);
        if self.loaded.is_none() {
            let why = fx
                .iter()
                .find_map(|e| match e {
                    Effect::Error(text) => Some(text.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| format!("{} was not opened", path.display()));
            return vec![format!("the match open at the last exit: {why}")];
        }
        if let Some((g, d)) = saved.selected
            && self
                .loaded
                .as_ref()
                .and_then(|l| l.decision(g, d))
                .is_some()
        {
            self.selected = Some((g, d));
        }
        self.pending_review = saved.reviewed;
        Vec::new()
    }

    /// Starts the review a restore asked for, once (the weights are the edited ones).
    fn start_pending(&mut self, weights: &Weights) -> Vec<Effect<MatchAction>> {
        let Some(plies) = self.pending_review.take() else {
            return Vec::new();
        };
        if self.loaded.is_none() || self.running.is_some() {
            return Vec::new();
        }
        let chosen = self.plies;
        self.plies = plies;
        let fx = self.review(*weights);
        self.plies = chosen;
        fx
    }

    fn open(&mut self, m: Match, name: String) -> Vec<Effect<MatchAction>> {
        self.stop();
        let decisions: usize = m.games.iter().map(|g| g.decisions.len()).sum();
        let mut notes = vec![Effect::info(format!(
            "opened {name}: {} vs {}, {}, {} games, {decisions} decisions",
            m.players[0],
            m.players[1],
            match m.match_length {
                0 => "money session".to_string(),
                n => format!("{n}-point match"),
            },
            m.games.len(),
        ))];
        for w in &m.warnings {
            notes.push(Effect::error(format!(
                "{name}: game {}, line {}: {} ({})",
                w.game, w.line, w.why, w.text
            )));
        }
        self.selected = m
            .games
            .iter()
            .position(|g| !g.decisions.is_empty())
            .map(|g| (g, 0));
        self.loaded = Some(LoadedMatch::new(name, m));
        notes
    }

    /// True when the list shows decision `d` of game `g` under the filters.
    pub fn shows(&self, g: usize, d: usize) -> bool {
        let Some(l) = &self.loaded else { return false };
        let Some(dec) = l.decision(g, d) else {
            return false;
        };
        if self.filter.player.is_some_and(|p| p != dec.player) {
            return false;
        }
        !self.filter.errors_only || l.verdict(g, d).is_some_and(|v| mark_of(v) != Mark::None)
    }

    /// The decisions the list shows, in the match's order.
    pub fn shown(&self) -> Vec<(usize, usize)> {
        let Some(l) = &self.loaded else {
            return Vec::new();
        };
        l.game
            .games
            .iter()
            .enumerate()
            .flat_map(|(g, game)| (0..game.decisions.len()).map(move |d| (g, d)))
            .filter(|&(g, d)| self.shows(g, d))
            .collect()
    }

    fn step(&mut self, by: i32) {
        let shown = self.shown();
        if shown.is_empty() {
            return;
        }
        let next = match self
            .selected
            .and_then(|s| shown.iter().position(|&x| x == s))
        {
            Some(i) => (i as i64 + i64::from(by)).clamp(0, shown.len() as i64 - 1) as usize,
            // From a decision the filters hide: the first shown after it (or before it).
            None => match self.selected {
                Some(s) if by < 0 => shown.iter().rposition(|&x| x < s).unwrap_or(0),
                Some(s) => shown.iter().position(|&x| x > s).unwrap_or(shown.len() - 1),
                None => 0,
            },
        };
        self.selected = Some(shown[next]);
    }

    fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.job.cancel();
        }
    }

    fn review(&mut self, weights: Weights) -> Vec<Effect<MatchAction>> {
        self.stop();
        let Some(l) = &mut self.loaded else {
            return vec![Effect::error("no match is open to review")];
        };
        if let Some(why) = bgw_engine::reference::gnubg::too_long(l.game.match_length) {
            return vec![Effect::error(format!("gnubg cannot review {why}"))];
        }
        let plies = self.plies;
        // New verdicts at another depth replace the old ones as they come.
        if l.plies != Some(plies) {
            l.verdicts.iter_mut().flatten().for_each(|v| *v = None);
            l.whys.iter_mut().flatten().for_each(|w| *w = None);
            l.summary = None;
            l.coverage = Coverage::default();
        }
        l.plies = Some(plies);
        let m = Arc::clone(&l.game);
        let streamed = Arc::new(Mutex::new(Vec::new()));
        let out = Arc::clone(&streamed);
        let (cache, engines) = (self.cache.clone(), Arc::clone(&self.engines));
        let nets = Arc::clone(&self.nets);
        let mut options = ReviewOptions {
            plies,
            weights,
            threads: 1,
        };
        let what = format!("reviewing {} at {plies} ply", l.name);
        // gnubg's luck is the same at every depth: asked once a match, beside the review.
        let want_luck = l.luck.is_none();
        type Done = Option<Result<MatchLuck, String>>;
        let (job, start): (Job<Done>, Start) = Job::new(what, move |task: &Task| {
            let make = || Cached::new(engines(task), cache.clone());
            // As many engines as keep the cores busy: the judge's kind says how many.
            options.threads = default_engines_for(&make());
            // gnubg's own reasons come from its nets, whichever judge reviews (the native
            // judge's, else read here the first time); without them the errors have none.
            let explainer = nets_of(&nets);
            let (_, luck) =
                review::review_with_luck(&m, &options, &make, want_luck, task, &mut |r| {
                    let why = explainer.and_then(|ev| why_of(ev, &m, r));
                    out.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((r.clone(), why));
                });
            luck
        });
        self.running = Some(Running {
            job,
            streamed,
            plies,
        });
        vec![Effect::start(start)]
    }

    /// Takes the verdicts streamed since the last frame; a note when the review has ended.
    pub fn poll(&mut self) -> Vec<Effect<MatchAction>> {
        let Some(r) = &self.running else {
            return Vec::new();
        };
        if r.job.never_started() {
            self.running = None;
            return Vec::new();
        }
        let done = r.job.try_take();
        let finished = done.is_some();
        let new = std::mem::take(&mut *r.streamed.lock().unwrap_or_else(|e| e.into_inner()));
        let (plies, cancelled) = (r.plies, r.job.is_cancelled());
        let Some(l) = &mut self.loaded else {
            self.running = None;
            return Vec::new();
        };
        let mut any = !new.is_empty();
        for v in new {
            l.take(v);
        }
        match done.flatten() {
            Some(Ok(luck)) => {
                l.luck = Some(luck);
                l.luck_failure = None;
                any = true;
            }
            Some(Err(why)) if !cancelled => l.luck_failure = Some(why),
            _ => {}
        }
        if any {
            l.summarize();
        }
        if !finished {
            return Vec::new();
        }
        self.running = None;
        let (done, all) = l.reviewed();
        let mut notes = Vec::new();
        let coverage = l.coverage();
        if coverage.nothing_judged() {
            notes.push(Effect::error(format!(
                "gnubg could not review {}: it judged none of its decisions ({})",
                l.name,
                coverage.first_failure.as_deref().unwrap_or_default()
            )));
        } else if let Some(line) = coverage.not_judged_line() {
            notes.push(Effect::error(format!("{}: {line}", l.name)));
        }
        let how = if cancelled { "stopped" } else { "done" };
        if let Some(why) = &l.luck_failure {
            notes.push(Effect::error(format!(
                "no luck figures for {}: {why}",
                l.name
            )));
        }
        // Each player's figures for the Log, then the line the status bar keeps.
        for p in l.summary.iter().flatten() {
            notes.push(Effect::info(panel::summary_line(p)));
        }
        notes.push(Effect::info(format!(
            "review of {} at {plies} ply {how}: {done} of {all} decisions judged",
            l.name
        )));
        notes
    }

    /// The board of the selected decision: its position (the decider on roll), its roll for
    /// a checker play, its match state.
    pub fn selected_edit(&self) -> Option<Edit> {
        let (g, d) = self.selected?;
        let dec = self.loaded.as_ref()?.decision(g, d)?;
        Some(edit_of(dec))
    }

    /// The move played and gnubg's best, for the candidates panel, when `edit` is the board
    /// of the selected decision (an edited board is another position: no marks).
    pub fn marks_for(&self, edit: &Edit) -> Option<MatchMarks> {
        if self.selected_edit().as_ref() != Some(edit) {
            return None;
        }
        let (g, d) = self.selected?;
        let l = self.loaded.as_ref()?;
        let dec = l.decision(g, d)?;
        let played = dec.checkers().map(|c| c.result);
        let best = match l.verdict(g, d) {
            Some(Verdict::Move { play, .. }) => Some(play.best.clone()),
            _ => None,
        };
        let why_gnubg = l.why_gnubg(g, d).cloned();
        Some(MatchMarks {
            played,
            best,
            why_gnubg,
        })
    }
}

/// What the candidates panel marks on the board of a match decision.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchMarks {
    /// The position the move played reached (from the mover's side), for a checker play.
    pub played: Option<bgw_engine::Position>,
    /// gnubg's best move in the review (our notation), once reviewed.
    pub best: Option<String>,
    /// gnubg's own reason when the move played is an error: its nets' concepts.
    pub why_gnubg: Option<WhyGnubg>,
}

/// The board of decision `d` as gnubg shows it ([`Decision::shown`]: an answer to a double
/// as the doubler's board, the double on offer).
pub fn edit_of(d: &Decision) -> Edit {
    Edit::from_setup(&d.shown())
}

impl crate::app::feature::Feature for MatchReviewState {
    type Action = MatchAction;

    /// A match read opens the Match tab; a decision newly selected (or a match opened) goes
    /// onto the board, as if pasted.
    fn update(
        &mut self,
        action: MatchAction,
        shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<MatchAction>> {
        let opening = matches!(action, MatchAction::Load(_) | MatchAction::Paste(_));
        // The match read, by address: a new reading is another one.
        let read = |s: &MatchReviewState| s.loaded.as_ref().map(|l| Arc::as_ptr(&l.game));
        let before = (self.selected, read(self));
        let fx = MatchReviewState::update(self, action);
        let after = (self.selected, read(self));
        let opened = opening && after.1.is_some() && after.1 != before.1;
        if opened {
            shared.tab = crate::app::settings::Tab::Match;
        }
        if (after.0 != before.0 || opened)
            && let Some(edit) = self.selected_edit()
        {
            shared.show = crate::app::feature::Show::Board(edit);
        }
        fx
    }

    /// The review a restore asked for starts here (the shell runs its start); then the
    /// verdicts streamed.
    fn poll(&mut self, shared: &mut crate::app::feature::Shared<'_>) -> Vec<Effect<MatchAction>> {
        let mut fx = self.start_pending(&shared.weights);
        fx.extend(MatchReviewState::poll(self));
        fx
    }
}

#[cfg(test)]
mod tests;
