//! The coordinator: the app's state ([`AppState`], one part per feature), the one place it
//! changes ([`AppState::apply`] takes an [`Action`] and returns the [`Effect`]s for the shell),
//! and the rules that span features — the only module that sees two features:
//!
//! - `game`: a game against the classic program takes the weights, routes board edits and
//!   candidate plays through the game, and shows the game on the board;
//! - `candidates`: playing or copying a candidate changes the board;
//! - `export`: the analysis as text (the candidates with the weights and gnubg's verdict);
//! - here: the previewed play (the bear-off tab's best play or a candidate), what persistence
//!   keeps, and each feature's actions routed to its own `update`.
//!
//! Each feature owns its state, actions and `update`: board editing ([`super::editing`]), the
//! candidates ([`super::candidates`]), the weights ([`super::weights`]), the view
//! ([`super::view`]), a game ([`super::play`]), the bear-off panel ([`super::bearoff`]), the
//! duel ([`super::duel`]) and «Чемпион» ([`super::champion_panel`]). Panels only read the state
//! and return actions. Dice come from one source ([`DiceSource`]); tests script it.

mod analysis_text;
mod archive;
mod candidates;
mod export;
mod game;
mod match_review;

pub use export::ExportAction;

use super::archive::{ArchiveAction, ArchiveState};
use super::bearoff::{BearoffAction, BearoffState};
use super::candidates::{CandidatesAction, CandidatesState, CandidatesView};
use super::champion_panel::{ChampionAction, ChampionState};
use super::duel::{DuelAction, DuelState};
use super::editing::{Edit, EditAction, EditState};
use super::effect::{Effect, widen};
use super::files::{FileKind, Request};
use super::jobs::Start;
use super::match_review::{MatchAction, MatchReviewState};
use super::messages::Messages;
use super::play::{Learning, PlayAction, PlayGame};
use super::saved::{Persisted, VERSION};
use super::settings::{Settings, Tab};
use super::view::{ViewAction, Windows};
use super::weights::{WeightsAction, WeightsState};
use bgw_engine::core::moves::{MoveGenerator, Play};
use bgw_engine::core::position::{Position, Side};
use bgw_engine::matches::Match;
use bgw_engine::{DiceSource, SeededDice};
use std::path::PathBuf;
use std::sync::Arc;

/// Declares [`Action`] with one variant per feature and a `From` of each feature's action.
macro_rules! feature_actions {
    ($(#[$doc:meta])* pub enum Action {
        $($(#[$variant_doc:meta])* $variant:ident($action:ty),)*
    }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub enum Action {
            $($(#[$variant_doc])* $variant($action),)*
        }

        $(impl From<$action> for Action {
            fn from(a: $action) -> Action {
                Action::$variant(a)
            }
        })*
    };
}

feature_actions! {
    /// Everything a person can do, by feature; applied in [`AppState::apply`]. Each feature's
    /// action converts into it (`EditAction::Roll.into()`).
    pub enum Action {
        /// Board editing, undo and redo, positions in and out.
        Edit(EditAction),
        /// The candidates: hover, select, play.
        Candidates(CandidatesAction),
        /// The weights being edited.
        Weights(WeightsAction),
        /// The view: the board's orientation, the theme, the open tab.
        View(ViewAction),
        /// A game against the classic program.
        Play(PlayAction),
        /// The bear-off panel.
        Bearoff(BearoffAction),
        /// "Test these weights".
        Duel(DuelAction),
        /// The «Чемпион» workspace.
        Champion(ChampionAction),
        /// PNG images and the analysis as text.
        Export(ExportAction),
        /// The Match tab: a match file stepped through and reviewed.
        Match(MatchAction),
        /// The Archive tab: every match in one database, the trends, the drill.
        Archive(ArchiveAction),
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

/// The app's state.
pub struct AppState {
    /// The board being edited, with undo and redo.
    pub editing: EditState,
    /// The view's settings (kept across restarts).
    pub settings: Settings,
    /// Learning in games (kept across restarts).
    pub learning: Learning,
    /// The session's messages: the last for the status line, all for the Log tab.
    pub messages: Messages,
    /// The Help windows open.
    pub windows: Windows,
    /// The folder of the last export.
    pub export_dir: Option<PathBuf>,
    /// The candidates of the position on the board.
    pub candidates: CandidatesState,
    /// The classic program's weights, as edited.
    pub weights: WeightsState,
    /// The game against the classic program, when one is on.
    pub play: Option<PlayGame>,
    /// The last game against the classic program that was ended, as a match (File → Export
    /// game… once no game is on).
    pub last_game: Option<Arc<Match>>,
    /// The bear-off panel's analysis (built in the background).
    pub bearoff: BearoffState,
    /// "Test these weights" (a duel in the background).
    pub duel: DuelState,
    /// The game against «Чемпион».
    pub champion: ChampionState,
    /// The match open in the Match tab, with its review.
    pub match_review: MatchReviewState,
    /// The Archive tab: the archive's figures and the drill.
    pub archive: ArchiveState,
    /// Where every throw of the dice comes from.
    pub(crate) dice: Box<dyn DiceSource>,
    pub(crate) generator: MoveGenerator,
    /// The effects of the action being applied, for the shell.
    effects: Vec<Effect<Action>>,
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(Edit::opening(), Settings::default())
    }
}

impl AppState {
    /// A state with this board and these settings, dice seeded from the clock.
    pub fn new(edit: Edit, settings: Settings) -> AppState {
        let mut s = AppState {
            editing: EditState::new(edit),
            settings,
            learning: Learning::default(),
            messages: Messages::default(),
            windows: Windows::default(),
            export_dir: None,
            last_game: None,
            candidates: CandidatesState::default(),
            weights: WeightsState::default(),
            play: None,
            bearoff: Default::default(),
            duel: Default::default(),
            champion: Default::default(),
            match_review: Default::default(),
            archive: Default::default(),
            // A new game each run: the seed from the operating system.
            dice: Box::new(SeededDice::new(rand::random())),
            generator: MoveGenerator::new(),
            effects: Vec::new(),
        };
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
        self.candidates.verdicts = super::candidates::verdict::Verdicts::new(Box::new(referee));
        self
    }

    /// The same state rolling out candidates with engines from `engines` instead of gnubg
    /// (tests script them).
    pub fn with_rollout_engines(mut self, engines: super::referee::EngineFactory) -> AppState {
        self.candidates.rollouts = super::candidates::rollout::Rollouts::new(engines);
        self
    }

    /// The same state reviewing matches with engines from `engines` instead of gnubg (tests
    /// script them).
    pub fn with_review_engines(mut self, engines: super::referee::EngineFactory) -> AppState {
        self.match_review = MatchReviewState::with_engines(engines);
        self
    }

    /// The same state with this Archive tab (tests give it a temporary archive and scripted
    /// engines).
    pub fn with_archive(mut self, archive: ArchiveState) -> AppState {
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
        let mut s = AppState::new(p.editing.board, p.view);
        s.editing = EditState::restore(p.editing);
        s.weights = WeightsState::restore(&p.weights);
        s.candidates.depth = p.candidates;
        s.learning = p.learning;
        s.bearoff.view = p.bearoff;
        s.champion = ChampionState::from_settings(&p.champion);
        for note in notes {
            s.messages.error(note);
        }
        s.refresh();
        s
    }

    /// What persistence keeps: each feature's saved part.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            version: VERSION,
            editing: self.editing.saved(),
            view: self.settings.clone(),
            weights: self.weights.saved_part(),
            candidates: self.candidates.depth,
            learning: self.learning,
            bearoff: self.bearoff.view,
            champion: self.champion.settings(),
        }
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
        match action {
            Action::Edit(a) => {
                let fx = self.editing.update(a, &mut *self.dice);
                self.emit(fx, Action::Edit);
                self.game_takes_the_dice();
            }
            Action::Candidates(a) => self.apply_candidates(a),
            Action::Weights(a) => {
                let fx = self.weights.update(a);
                self.emit(fx, Action::Weights);
                self.game_takes_the_weights();
            }
            Action::View(a) => a.apply(&mut self.settings, &mut self.windows),
            Action::Play(a) => self.apply_play(a),
            Action::Bearoff(BearoffAction::OpenTwoSided) => {
                let dir = self.export_dir.clone();
                self.emit(
                    vec![Effect::ask(
                        Request::open(FileKind::BearoffDb, dir.as_deref()),
                        BearoffAction::ReadTwoSided,
                    )],
                    Action::Bearoff,
                );
            }
            Action::Bearoff(BearoffAction::LoadRace(id)) => {
                let from = match self.bearoff.view.section {
                    crate::app::bearoff::Section::CubeErrors => "opened the cube errors' race",
                    _ => "opened the error map's race",
                };
                let (fx, _) = self.editing.read_id(&id, from);
                self.emit(fx, Action::Edit);
            }
            Action::Bearoff(a) => {
                let fx = self.bearoff.update(a);
                self.emit(fx, Action::Bearoff);
            }
            Action::Duel(a) => {
                let fx = self.duel.update(a, &self.weights);
                self.emit(fx, Action::Duel);
            }
            Action::Champion(a) => {
                let starts = self.champion.apply(a);
                self.start_jobs(starts);
            }
            Action::Export(a) => self.apply_export(a),
            Action::Match(a) => self.apply_match(a),
            Action::Archive(a) => self.apply_archive(a),
        }
        self.refresh();
        self.play_advance();
        self.refresh();
    }

    /// Collects the results of background work. `polled(tab)` says whether a tab's work goes
    /// on now (the open tab's always; the others' as the tab table says): the benchmark is
    /// prepared and «Чемпион»'s solutions asked for only then. Returns the effects for the
    /// shell: the jobs to start (also those the last actions and a restore asked for).
    pub fn poll(&mut self, polled: impl Fn(Tab) -> bool) -> Vec<Effect<Action>> {
        let start = self.bearoff.poll();
        self.start_jobs(start);
        // Asks again for a job whose start was dropped (a state used without the shell); no
        // work on the other frames.
        if self.bearoff.start_dropped() {
            self.request_bearoff();
        }
        self.candidates.poll();
        if let Some(notice) = self.candidates.verdicts.take_notice() {
            self.messages.notice(notice);
        }
        let (fitted, start) = self.weights.poll(polled(Tab::Weights));
        self.start_jobs(start);
        match self.weights.yardstick.take_news() {
            Some(Ok(text)) => self.messages.info(text),
            Some(Err(text)) => self.messages.error(text),
            None => {}
        }
        if let Some(fitted) = fitted {
            match fitted {
                Ok(news) if news.careful => self.messages.warning(news.text),
                Ok(news) => self.messages.info(news.text),
                Err(text) => self.messages.error(text),
            }
            self.game_takes_the_weights();
            self.refresh();
        }
        if polled(Tab::Champion) {
            let starts = self.champion.poll();
            self.start_jobs(starts);
        }
        let fx = self.match_review.poll();
        self.emit(fx, Action::Match);
        self.poll_archive(polled(Tab::Archive) && self.settings.tab == Tab::Archive);
        let had = self.duel.job.is_some();
        self.duel.poll();
        if had
            && self.duel.job.is_none()
            && let Some(r) = self.duel.result.clone()
        {
            self.messages.info(r);
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
