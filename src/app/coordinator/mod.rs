//! The coordinator: the app's state ([`AppState`], one part per feature), the one place it
//! changes ([`AppState::apply`] takes an [`Action`] and returns the [`Effect`]s for the shell),
//! and the rules that span features — the only module that sees two features.
//!
//! # The feature table
//! `features!` below lists every feature once: its action's variant, its field in
//! [`AppState`] and its state's type, which implements [`Feature`] (its own actions applied,
//! its background work polled, given the [`Shared`] part of the rest). The table makes the
//! [`Action`] enum, the state's fields, their start, the routing of each action to its feature
//! and the polling; adding a feature is its folder and one row (and, if it has a tab, its row of
//! the tab table, `tabs::TABS`; if it keeps something across restarts, its line of
//! `saved_parts!`). What a feature changes of [`Shared`] — the board it shows, the weights a
//! game learnt, the tab it opens — is carried over here (`AppState::carry`).
//!
//! # The rules between features
//! - `game`: while a game is on, board edits become the game's steps and candidate plays its
//!   moves, and edits a game does not allow are refused; the dice and weights go to the game;
//! - `candidates`: playing or copying a candidate changes the board or the clipboard;
//! - `export`: images, the analysis as text, the match and the game as files;
//! - `archive`: the drill's answers read from the board;
//! - here: the previewed play (the bear-off tab's best play or a candidate), the race's judges,
//!   what persistence keeps, and the view's actions (the settings every panel reads).
//!
//! Panels only read the state and return actions. Dice come from one source
//! ([`DiceSource`]); tests script it.

mod analysis_text;
mod archive;
mod candidates;
mod export;
mod game;
mod kept_parts;
pub mod tab_drawing;

use super::archive::{ArchiveAction, ArchiveState};
use super::bearoff::{BearoffAction, BearoffState};
use super::candidates::{CandidatesAction, CandidatesState, CandidatesView};
use super::champion_panel::{ChampionAction, ChampionState};
use super::duel::{DuelAction, DuelState};
use super::edit::Edit;
use super::editing::{EditAction, EditState};
use super::effect::{Effect, widen};
use super::export::ExportAction;
use super::feature::{Feature, Shared, Show};
use super::jobs::{Job, Start};
use super::match_review::{MatchAction, MatchReviewState};
use super::messages::Messages;
use super::play::{PlayAction, PlayState};
use super::saved::{KeepsPart, Persisted, VERSION};
use super::settings::{Settings, Tab};
use super::view::{ViewAction, Windows};
use super::weights::{WeightsAction, WeightsState};
use bgw_engine::core::moves::{MoveGenerator, Play};
use bgw_engine::core::position::{Position, Side};
use bgw_engine::reference::gnubg::Config;
use bgw_engine::reference::{Judge, Reference};
use bgw_engine::{DiceSource, SeededDice};
use std::path::PathBuf;

/// What a feature may use of the rest ([`Shared`]) for one update or poll, borrowing only the
/// dice of the state (the feature's own field stays free).
macro_rules! shared_of {
    ($s:ident, $polled:expr) => {
        Shared {
            dice: &mut *$s.dice,
            board: $s.editing.edit,
            show: Show::Nothing,
            weights: $s.weights.current,
            saved_weights: $s.weights.saved,
            export_dir: $s.export_dir.as_deref(),
            tab: $s.settings.tab,
            polled: $polled,
        }
    };
}

/// Runs one feature's `update` or `poll` (`$call`, given `$shared`) and carries its effects and
/// its changes of [`Shared`] over to the rest; `$variant` widens its effects' actions.
macro_rules! run_feature {
    ($s:ident, $polled:expr, $variant:path, |$shared:ident| $call:expr) => {{
        let given = ($s.weights.current, $s.settings.tab);
        let mut $shared = shared_of!($s, $polled);
        let fx = $call;
        let carried = Carried::of($shared, given);
        $s.emit(fx, $variant);
        $s.carry(carried);
    }};
}

/// Declares the feature table: [`Action`] (one variant per feature, then one per rule of the
/// coordinator's own), a `From` of each action, [`AppState`] with one field per feature, the
/// features' start, and the routing and polling of each feature through [`Feature`].
macro_rules! features {
    (
        features {
            $($(#[$doc:meta])* $variant:ident($action:ty) => $field:ident: $state:ty
                $(, polled in $tab:expr)?;)*
        }
        rules {
            $($(#[$rdoc:meta])* $rvariant:ident($raction:ty) => $rule:ident;)*
        }
    ) => {
        /// Everything a person can do, by feature; applied in [`AppState::apply`]. Each
        /// feature's action converts into it (`EditAction::Roll.into()`).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Action {
            $($(#[$doc])* $variant($action),)*
            $($(#[$rdoc])* $rvariant($raction),)*
        }

        $(impl From<$action> for Action {
            fn from(a: $action) -> Action {
                Action::$variant(a)
            }
        })*
        $(impl From<$raction> for Action {
            fn from(a: $raction) -> Action {
                Action::$rvariant(a)
            }
        })*

        /// The app's state: one field per feature, and what they share.
        pub struct AppState {
            $($(#[$doc])* pub $field: $state,)*
            /// The view's settings (kept across restarts).
            pub settings: Settings,
            /// The session's messages: the last for the status line, all for the Log tab.
            pub messages: Messages,
            /// The Help windows open.
            pub windows: Windows,
            /// The folder of the last export.
            pub export_dir: Option<PathBuf>,
            /// The judge in use, in words, for the status line (`gnubg 1.07 process`).
            pub judge: String,
            /// The native judge being read off the UI thread (its weights and bear-off
            /// databases), handed to the features when it is ready.
            judging: Option<Job<Result<Judge, String>>>,
            /// The engines tests scripted, which a judge handed over leaves alone.
            scripted: Scripted,
            /// gnubg's nets for the reasons of errors (the Match tab's and the drill's): the
            /// native judge's when it is handed over, else read by the first job needing them.
            nets: super::referee::Nets,
            /// Where every throw of the dice comes from.
            pub(crate) dice: Box<dyn DiceSource>,
            pub(crate) generator: MoveGenerator,
            /// The effects of the action being applied, for the shell.
            effects: Vec<Effect<Action>>,
        }

        impl AppState {
            /// Every feature at its start, with these settings and dice.
            fn start(settings: Settings, dice: Box<dyn DiceSource>) -> AppState {
                AppState {
                    $($field: <$state>::default(),)*
                    settings,
                    messages: Messages::default(),
                    windows: Windows::default(),
                    export_dir: None,
                    judge: Judge::process(Default::default()).describe(),
                    judging: None,
                    scripted: Scripted::default(),
                    nets: Default::default(),
                    dice,
                    generator: MoveGenerator::new(),
                    effects: Vec::new(),
                }
            }

            /// Gives `action` to its feature, or to the coordinator's rule.
            fn route(&mut self, action: Action) {
                match action {
                    $(Action::$variant(a) => run_feature!(self, true, Action::$variant, |shared| {
                        Feature::update(&mut self.$field, a, &mut shared)
                    }),)*
                    $(Action::$rvariant(a) => self.$rule(a),)*
                }
            }

            /// Polls every feature, `polled` saying whose background work goes on now.
            fn poll_features(&mut self, polled: &dyn Fn(Tab) -> bool) {
                $({
                    let on = true $(&& polled($tab))?;
                    run_feature!(self, on, Action::$variant, |shared| {
                        Feature::poll(&mut self.$field, &mut shared)
                    });
                })*
            }
        }
    };
}

features! {
    features {
        /// Board editing, undo and redo, positions in and out.
        Edit(EditAction) => editing: EditState;
        /// The candidates: hover, select, play; gnubg's verdict and rollouts.
        Candidates(CandidatesAction) => candidates: CandidatesState;
        /// The classic program's weights, as edited; their yardstick and fit.
        Weights(WeightsAction) => weights: WeightsState, polled in Tab::Weights;
        /// A game against the classic program, learning, the last game ended.
        Play(PlayAction) => play: PlayState;
        /// The bear-off panel.
        Bearoff(BearoffAction) => bearoff: BearoffState;
        /// "Test these weights" (a duel in the background).
        Duel(DuelAction) => duel: DuelState;
        /// The «Чемпион» workspace.
        Champion(ChampionAction) => champion: ChampionState, polled in Tab::Champion;
        /// The Match tab: a match file stepped through and reviewed.
        Match(MatchAction) => match_review: MatchReviewState;
        /// The Archive tab: every match in one database, the trends, the drill.
        Archive(ArchiveAction) => archive: ArchiveState, polled in Tab::Archive;
    }
    rules {
        /// The view: the board's orientation, the theme, the open tab, Help.
        View(ViewAction) => apply_view;
        /// PNG images, the analysis as text, the match and the game as files.
        Export(ExportAction) => apply_export;
    }
}

/// Makes the coordinator's side of persistence from the one list of the saved parts
/// (`saved::with_saved_parts`): each part from the field of the state that keeps it, and back.
macro_rules! keep_parts {
    ($($(#[$doc:meta])* $field:ident: $part:ty => $owner:ident,)*) => {
        impl AppState {
            /// What persistence keeps: each saved part, from what keeps it.
            pub fn persisted(&self) -> Persisted {
                Persisted {
                    version: VERSION,
                    $($field: KeepsPart::part(&self.$owner),)*
                }
            }

            /// Gives each part (read and checked) back to what keeps it, in the list's order;
            /// the notes of what could not be taken.
            fn restore_parts(&mut self, p: Persisted) -> Vec<String> {
                let mut notes = Vec::new();
                $(notes.extend(KeepsPart::restore_part(&mut self.$owner, p.$field));)*
                notes
            }
        }
    };
}

super::saved::with_saved_parts!(keep_parts);

/// What a feature changed of [`Shared`], taken out of it (the borrow of the dice ends): only
/// what differs from what it was given.
struct Carried {
    board: Edit,
    show: Show,
    weights: Option<bgw_engine::evaluation::classic::Weights>,
    tab: Option<Tab>,
}

impl Carried {
    /// The changes of `shared`, given `weights` and `tab` before the feature ran.
    fn of(shared: Shared<'_>, given: (bgw_engine::evaluation::classic::Weights, Tab)) -> Carried {
        Carried {
            board: shared.board,
            show: shared.show,
            weights: (shared.weights != given.0).then_some(shared.weights),
            tab: (shared.tab != given.1).then_some(shared.tab),
        }
    }
}

/// What opening the file at `path` means (File → Open…, a file dropped on the window): a
/// RON file opens as a position, anything else as a match (MAT, SGF), whose reader says
/// what it is not.
pub fn opening(path: PathBuf) -> Action {
    let ron = (path.extension()).is_some_and(|x| x.eq_ignore_ascii_case("ron"));
    match ron {
        true => EditAction::LoadPosition(path).into(),
        false => MatchAction::Load(path).into(),
    }
}

/// Which features' engines a test scripted (`AppState::with_referee` and its kin).
#[derive(Clone, Copy, Debug, Default)]
struct Scripted {
    verdicts: bool,
    rollouts: bool,
    review: bool,
    archive: bool,
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(Edit::opening(), Settings::default())
    }
}

impl AppState {
    /// A state with this board and these settings, dice seeded from the clock.
    pub fn new(edit: Edit, settings: Settings) -> AppState {
        // A new game each run: the seed from the operating system.
        let mut s = AppState::start(settings, Box::new(SeededDice::new(rand::random())));
        s.match_review.use_nets(std::sync::Arc::clone(&s.nets));
        s.archive.use_nets(std::sync::Arc::clone(&s.nets));
        // The features start with gnubg's program; another judge saved is read and handed
        // over when it is ready.
        if s.settings.judge != Reference::Process {
            s.use_judge();
        }
        s.editing = EditState::new(edit);
        s.refresh();
        s
    }

    /// The same state throwing its dice from `dice` (tests script them).
    pub fn with_dice(mut self, dice: impl DiceSource + 'static) -> AppState {
        self.dice = Box::new(dice);
        self
    }

    /// The same state asking `referee` instead of gnubg for its verdict on the candidates
    /// (tests and benches script it).
    pub fn with_referee(mut self, referee: impl super::referee::Referee + 'static) -> AppState {
        self.scripted.verdicts = true;
        self.candidates.verdicts = super::candidates::verdict::Verdicts::new(Box::new(referee));
        self
    }

    /// The same state rolling out candidates with engines from `engines` instead of gnubg
    /// (tests script them).
    pub fn with_rollout_engines(mut self, engines: super::referee::EngineFactory) -> AppState {
        self.scripted.rollouts = true;
        self.candidates.rollouts = super::candidates::rollout::Rollouts::new(engines);
        self
    }

    /// The same state reviewing matches with engines from `engines` instead of gnubg (tests
    /// script them).
    pub fn with_review_engines(mut self, engines: super::referee::EngineFactory) -> AppState {
        self.scripted.review = true;
        self.match_review.use_engines(engines);
        self
    }

    /// The same state with this Archive tab (tests give it a temporary archive and scripted
    /// engines).
    pub fn with_archive(mut self, archive: ArchiveState) -> AppState {
        self.scripted.archive = true;
        self.archive = archive;
        self
    }

    /// A state restored from what persistence kept, each part checked first
    /// ([`super::saved::validate`]): a part that does not pass is replaced by its default, and
    /// a message says so.
    pub fn restore(p: Persisted) -> AppState {
        let super::saved::Restored {
            persisted: p,
            notes,
        } = super::saved::validate(p);
        let mut s = AppState::new(p.editing.board, p.view.clone());
        let mut notes = notes;
        notes.extend(s.restore_parts(p));
        for note in notes {
            s.messages.error(note);
        }
        s.refresh();
        s
    }

    /// The position on the board, or its problems.
    pub fn position(&self) -> Result<Position, Vec<String>> {
        self.editing.edit.position()
    }

    /// Applies one action; returns what the shell is to do (the clipboard, a capture, a file
    /// dialog whose answer comes back as an action). Notes go to the status line and the Log.
    pub fn apply(&mut self, action: impl Into<Action>) -> Vec<Effect<Action>> {
        let before = (
            self.editing.edit,
            self.settings.tab,
            self.messages.log.len(),
        );
        let action = action.into();
        let typed = matches!(action, Action::Edit(EditAction::Typed(_)));
        self.apply_routed(action);
        // A refused ID describes the board it was typed on: another board (a paste, a new
        // game, a position opened) takes it away.
        if !typed && self.editing.edit != before.0 {
            self.editing.refused = None;
        }
        // The status line describes the present: a message the action did not renew goes
        // when the board or the open tab changes (the Log keeps it).
        let renewed = self.messages.log.len() != before.2;
        if !renewed && (self.editing.edit, self.settings.tab) != (before.0, before.1) {
            self.messages.last = None;
        }
        std::mem::take(&mut self.effects)
    }

    /// Takes a feature's effects: notes go to the messages, the rest (widened to [`Action`]
    /// by `f`) to the shell.
    fn emit<A: 'static>(
        &mut self,
        effects: Vec<Effect<A>>,
        f: impl Fn(A) -> Action + Clone + Send + 'static,
    ) {
        for e in widen(effects, f) {
            match e {
                Effect::Info(text) => self.messages.info(text),
                Effect::Error(text) => self.messages.error(text),
                Effect::Warning(text) => self.messages.warning(text),
                Effect::Notice(text) => self.messages.notice(text),
                e => self.effects.push(e),
            }
        }
    }

    fn apply_routed(&mut self, action: Action) {
        // A benchmark decision goes onto the board as if pasted (a game refuses it); a match
        // file chosen in File → Open… goes to the Match tab.
        let action = match action {
            Action::Weights(WeightsAction::ShowDecision(id)) => EditAction::Paste(id).into(),
            Action::Edit(EditAction::LoadPosition(path)) => opening(path),
            a => a,
        };
        let Some(action) = self.route_in_game(action) else {
            self.refresh();
            return;
        };
        let edited = matches!(action, Action::Edit(_));
        if let Some(action) = self.between_features(action) {
            self.route(action);
        }
        if edited {
            self.game_takes_the_dice();
        }
        self.play.take_weights(&self.weights.current);
        self.refresh();
        run_feature!(self, true, Action::Play, |shared| self
            .play
            .advance(&mut shared));
        self.refresh();
    }

    /// The rules for actions that reach beyond their feature: `Some` passes the action on to
    /// its feature.
    fn between_features(&mut self, action: Action) -> Option<Action> {
        match action {
            Action::Candidates(CandidatesAction::Play(i)) => self.play_candidate(i),
            Action::Candidates(CandidatesAction::CopyResult(i, format)) => {
                self.copy_result(i, format)
            }
            Action::Bearoff(BearoffAction::LoadRace(id)) => {
                let from = match self.bearoff.view.section {
                    crate::app::bearoff::Section::CubeErrors => "opened the cube errors' race",
                    _ => "opened the error map's race",
                };
                let (fx, _) = self.editing.read_id(&id, from);
                self.emit(fx, Action::Edit);
            }
            a => return Some(a),
        }
        None
    }

    /// Gives what a feature changed of [`Shared`] to the features that own it: the board it
    /// shows (one it puts up as if pasted goes through a game's refusal), the weights a game
    /// learnt (one undo step of the weights), the tab it opened, the export folder.
    fn carry(&mut self, c: Carried) {
        match c.show {
            Show::Nothing => {}
            Show::Changed { record: true } => {
                self.editing.replace(c.board);
            }
            Show::Changed { record: false } => self.editing.edit = c.board,
            Show::Board(edit) => {
                if self.editing.edit != edit
                    && let Some(Action::Edit(show)) =
                        self.route_in_game(EditAction::Show(edit).into())
                {
                    let fx = self.editing.update(show, &mut *self.dice);
                    self.emit(fx, Action::Edit);
                }
            }
        }
        if let Some(w) = c.weights
            && w != self.weights.current
        {
            self.weights.change(|current| {
                *current = w;
                Some(())
            });
        }
        if let Some(tab) = c.tab {
            self.settings.tab = tab;
        }
    }

    /// Applies a view action to the settings and the Help windows.
    fn apply_view(&mut self, action: ViewAction) {
        let judge = self.settings.judge;
        action.apply(&mut self.settings, &mut self.windows);
        if self.settings.judge != judge {
            self.use_judge();
        }
    }

    /// Makes the judge the settings name the one every feature that asks gnubg uses. The
    /// gnubg program is handed over at once; gnubg's nets are read off the UI thread (their
    /// weights, and the bear-off databases, built where gnubg's files are absent), the
    /// status line saying so and gnubg's column waiting meanwhile, and handed over by
    /// [`AppState::poll`] when ready.
    fn use_judge(&mut self) {
        match self.settings.judge {
            Reference::Process => {
                self.judging = None;
                self.hand_over(Judge::process(Config::default()));
            }
            Reference::Native => {
                let (job, start) = Job::new("reading gnubg's nets", |_| {
                    Judge::new(Reference::Native, Config::default(), None)
                        .map_err(|e| e.to_string())
                });
                self.judging = Some(job);
                self.judge = "gnubg 1.07 nets, native — reading the weights…".to_string();
                if !self.scripted.verdicts {
                    self.candidates.verdicts = super::candidates::verdict::Verdicts::new(Box::new(
                        super::referee::Waiting,
                    ));
                }
                self.start_jobs([start]);
            }
        }
    }

    /// True while the judge chosen is being read (the status line says so).
    pub fn judge_loading(&self) -> bool {
        self.judging.is_some()
    }

    /// The judge being read, once it is: handed over (or, when its weights cannot be read,
    /// an error in the Log and the gnubg program instead).
    fn take_judge(&mut self) {
        let Some(job) = &self.judging else {
            return;
        };
        let judge = match job.try_take() {
            None if job.never_started() => {
                Err("the native judge could not be read (its job never ran)".to_string())
            }
            None => return,
            Some(result) => result,
        };
        self.judging = None;
        let judge = judge.unwrap_or_else(|e| {
            self.messages
                .error(format!("{e}; gnubg's program judges meanwhile"));
            Judge::process(Config::default())
        });
        self.hand_over(judge);
        self.refresh();
    }

    /// Hands every feature that asks gnubg the engines of `judge` (gnubg's column, match
    /// reviews, the archive, the iterated fit, the duel) and names it for the status line.
    /// Rollouts stay with the gnubg program whoever judges: the nets in bgw have none.
    fn hand_over(&mut self, judge: Judge) {
        use super::referee::{judged, judged_per_task};
        self.judge = judge.describe();
        // The native judge's nets serve the reasons of errors too (unless read already).
        if judge.reference() == Reference::Native
            && let Ok(nets) = judge.nets(None)
        {
            let _ = self.nets.set(Ok(nets));
        }
        if !self.scripted.verdicts {
            self.candidates.verdicts =
                super::candidates::verdict::Verdicts::new(Box::new(judged(&judge)));
        }
        if !self.scripted.rollouts {
            let program = Judge::process(Config::default());
            self.candidates
                .rollouts
                .use_engines(judged_per_task(program));
        }
        if !self.scripted.review {
            self.match_review
                .use_engines(judged_per_task(judge.clone()));
        }
        if !self.scripted.archive {
            self.archive.use_engines(judged_per_task(judge.clone()));
        }
        self.weights
            .rounds
            .use_engines(judged_per_task(judge.clone()));
        self.duel.use_judge(judge);
    }

    /// Collects the results of background work. `polled(tab)` says whether a tab's work goes
    /// on now (the open tab's always; the others' as the tab table says): the benchmark is
    /// prepared and «Чемпион»'s solutions asked for only then. Returns the effects for the
    /// shell: the jobs to start (also those the last actions and a restore asked for).
    pub fn poll(&mut self, polled: impl Fn(Tab) -> bool) -> Vec<Effect<Action>> {
        let before = (self.editing.edit, self.weights.current);
        self.take_judge();
        self.poll_features(&polled);
        self.hide_for_the_drill();
        self.play.take_weights(&self.weights.current);
        if (self.editing.edit, self.weights.current) != before {
            self.refresh();
        }
        std::mem::take(&mut self.effects)
    }

    /// The work to start as a frame ends (the effects for the shell): the weights' re-score on
    /// the benchmark when the frame changed them, so that it runs while the frame is drawn.
    pub fn end_frame(&mut self) -> Vec<Effect<Action>> {
        let start = self
            .weights
            .yardstick
            .rescore_after_frame(&self.weights.current);
        self.start_jobs(start);
        std::mem::take(&mut self.effects)
    }

    /// The jobs of `starts`, for the shell to start.
    fn start_jobs(&mut self, starts: impl IntoIterator<Item = Start>) {
        self.effects.extend(starts.into_iter().map(Effect::Start));
    }

    /// The bear-off tab's analysis of the board, when that tab is open.
    fn request_bearoff(&mut self) {
        if self.settings.tab == Tab::Bearoff
            && let Ok(p) = self.editing.edit.position()
        {
            let starts = self.bearoff.request(p, self.editing.edit.roll());
            self.start_jobs(starts);
        }
    }

    /// Brings the analysis up to date with the board and dice.
    pub fn refresh(&mut self) {
        self.hide_for_the_drill();
        self.request_bearoff();
        let edit = self.analysed_edit();
        self.candidates
            .refresh(&edit, &self.weights.current, &mut self.generator);
    }

    /// One line on the board's state for the status bar: its problems, or what to do next.
    pub fn board_status(&self) -> (String, bool) {
        let p = match self.position() {
            Err(problems) => {
                return (
                    format!("{} — analysis waits for a legal board", problems.join("; ")),
                    true,
                );
            }
            Ok(p) => p,
        };
        if let Some(over) = super::candidates::game_over(&p) {
            return (over, false);
        }
        // A double on offer: the taker's decision (as the board says it).
        if let Some(m) = self.editing.edit.match_state
            && m.double_offered()
            && !m.crawford()
            && self.editing.edit.roll().is_none()
        {
            let verb = if m.cube_value() > 1 {
                "redoubles"
            } else {
                "doubles"
            };
            let text = format!(
                "{} to take or pass: {} {verb} to {}",
                p.on_roll().opponent(),
                p.on_roll(),
                2 * m.cube_value()
            );
            return (text, false);
        }
        let text = match (&self.candidates.analysis, self.editing.edit.roll()) {
            (_, None) => format!(
                "{} to play: set the dice (click them) or roll (R)",
                p.on_roll()
            ),
            (Some(a), Some(d)) if a.candidates.is_empty() => format!(
                "{} to play {d}: no legal move, the turn passes",
                p.on_roll()
            ),
            (Some(a), Some(d)) => format!(
                "{} to play {d}: {} legal results",
                p.on_roll(),
                a.candidates.len()
            ),
            (None, Some(_)) => String::new(),
        };
        (text, false)
    }

    /// The drill's card open and unanswered hides every verdict on the board until it is
    /// answered (the Archive tab's drill to the candidates and the Cube panel).
    fn hide_for_the_drill(&mut self) {
        self.candidates.hidden_for = self.archive.drill.unanswered();
    }

    /// What the candidates' panels read.
    pub fn candidates_view(&self) -> CandidatesView<'_> {
        CandidatesView {
            candidates: &self.candidates,
            weights: &self.weights.current,
            weights_title: self.weights.title(),
            plies: self.candidates.depth.gnubg_plies,
            board_status: self.board_status().0,
            exact_cube: self.exact_cube(),
            from_match: self.match_review.marks_for(&self.editing.edit),
        }
    }

    /// The Race tab's judges of the formulas' cube verdicts: the open cubeful two-sided
    /// database's exact verdict and gnubg's cube decision, for the cube as it stands.
    pub fn race_judges(&self) -> super::bearoff::race_verdicts::Judges {
        use super::bearoff::race_verdicts::{CubeState, Judges};
        use super::candidates::verdict::{CubeVerdict, NOT_INSTALLED};
        let Some((_, at)) = self.candidates.before_roll.as_ref() else {
            return Judges::default();
        };
        if !matches!(
            self.candidates.cube_question,
            Some(Ok(bgw_engine::reference::CubeQuestion::Double))
        ) {
            return Judges::default();
        }
        let id = at.match_id();
        // The question is a double (above), so the cube is centred or the roller's.
        let state = if id.cube_owner.is_none() {
            CubeState::Centred
        } else {
            CubeState::Owned
        };
        let exact = self.exact_cube().map(|e| {
            let verdict = e.verdict.map(|(_, d)| d);
            (e.database, verdict)
        });
        if let Some(words) = self.candidates.hidden_words() {
            return Judges {
                state: Some(state),
                exact: None,
                gnubg: Some(Err(words)),
            };
        }
        let gnubg = Some(match self.candidates.depth.gnubg_plies {
            None => Err("off (choose a depth in the candidates panel)".to_string()),
            Some(p) => match self.candidates.cube_verdict(p) {
                Some(CubeVerdict::Ready(d)) => Ok((p, d.clone())),
                None | Some(CubeVerdict::Pending(_)) => Err("evaluating…".to_string()),
                Some(CubeVerdict::Missing(_)) => Err(NOT_INSTALLED.to_string()),
                Some(CubeVerdict::Failed(why)) => Err(why.clone()),
            },
        });
        Judges {
            state: Some(state),
            exact,
            gnubg,
        }
    }

    /// The open cubeful two-sided database's verdict on the position awaiting its roll.
    fn exact_cube(&self) -> Option<super::candidates::ExactCube> {
        let (pos, at) = self.candidates.before_roll.as_ref()?;
        let loaded = self.bearoff.two_sided.loaded.as_ref()?;
        let db = loaded.cubeful.as_ref()?;
        Some(super::candidates::ExactCube::of(&loaded.name, db, pos, at))
    }

    /// The move the board previews: a best-play row of the Bear-off tab when one is hovered or
    /// selected there, else the candidate hovered or selected. The best-play row's move is
    /// found among the candidates by its notation (the same legal plays).
    pub fn previewed_play(&self) -> Option<(Side, Play)> {
        let a = self.candidates.analysis.as_ref()?;
        let mover = a.position.on_roll();
        let from_bearoff = self
            .bearoff
            .shown_play()
            .filter(|_| self.settings.tab == Tab::Bearoff)
            .and_then(|i| {
                let notation = self.bearoff.best_play_notation(i)?;
                a.candidates
                    .iter()
                    .find(|c| c.play.mv.notation() == notation)
            });
        match from_bearoff {
            Some(c) => Some((mover, c.play)),
            None => {
                let i = self.candidates.shown()?;
                Some((mover, a.candidates[i].play))
            }
        }
    }

    /// Applies `action`, its effects left aside (tests of the state alone).
    #[cfg(test)]
    pub(crate) fn act(&mut self, action: impl Into<Action>) -> Vec<Effect<Action>> {
        self.apply(action)
    }
}

/// The text an effect list puts on the clipboard, if any (tests).
#[cfg(test)]
pub(crate) fn copied(effects: &[Effect<Action>]) -> Option<String> {
    effects.iter().find_map(|e| match e {
        Effect::Copy(t) => Some(t.clone()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::editing::EditAction;
    use bgw_engine::evaluation::classic::Term;

    #[test]
    fn what_persistence_keeps_comes_back() {
        use crate::app::champion_panel::{ChampionAction, Opponent};
        let mut s = AppState::default();
        s.act(EditAction::Paste(
            "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10".into(),
        ));
        s.act(ViewAction::SetTab(Tab::Champion));
        s.act(Action::Champion(ChampionAction::SetOpponent(
            Opponent::PerfectGoat,
        )));
        s.act(EditAction::SetAddColour(Side::Black));
        s.editing.position_dir = Some(PathBuf::from("/some/where"));
        let text = ron::to_string(&s.persisted()).unwrap();
        let back = AppState::restore(ron::from_str(&text).unwrap());
        // The editing feature's saved part: the colour a click adds, the positions' folder.
        assert_eq!(back.editing.add_colour, Side::Black);
        assert_eq!(back.editing.position_dir, s.editing.position_dir);
        assert_eq!(back.editing.edit, s.editing.edit);
        assert_eq!(back.editing.edit.match_state.unwrap().match_length(), 7);
        assert_eq!(back.settings.tab, Tab::Champion);
        assert_eq!(back.champion.game.opponent, Opponent::PerfectGoat);
        assert_eq!(back.weights.current, s.weights.current);
        // Terms beyond the seed's switched on come back on, with their weights.
        let mut s = back;
        s.weights.current.set(Term::EXTRA[0], -1.5);
        s.weights.current.set(Term::EXTRA[3], 0.25);
        s.weights.saved.set(Term::EXTRA[3], 0.5);
        let extra = ron::to_string(&s.persisted()).unwrap();
        let back = AppState::restore(ron::from_str(&extra).unwrap());
        assert_eq!(back.weights.current, s.weights.current);
        assert_eq!(back.weights.saved, s.weights.saved);
        assert!(back.weights.current.is_on(Term::EXTRA[0]));
        assert!(!back.weights.saved.is_on(Term::EXTRA[0]));
        // A file written before the workspace was kept still reads: that part is the default.
        let old = text.replace(
            &format!(
                ",champion:{}",
                ron::to_string(&s.champion.settings()).unwrap()
            ),
            "",
        );
        assert_ne!(old, text);
        let old_state = crate::app::saved::parse(&old);
        assert_eq!(old_state.notes, Vec::<String>::new());
        assert_eq!(
            old_state.persisted.champion,
            crate::app::champion_panel::ChampionSettings::default()
        );
        assert_eq!(old_state.persisted.editing, s.editing.saved());
    }
}
