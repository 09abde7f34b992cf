//! The app's state and the one place it changes: [`AppState::apply`] takes an [`Action`].
//!
//! The state is one part per feature, each with its actions and reducer in its own module:
//! board editing ([`super::editing`]), the candidates ([`super::candidates`]), the weights
//! ([`super::weights`]), the view ([`super::view`]), a game ([`super::play`]), the bear-off
//! panel ([`super::bearoff`]), the duel ([`super::duel`]) and «Чемпион»
//! ([`super::champion_panel`]). Panels only read the state and return actions; nothing else
//! mutates it. Dice come from one source ([`DiceSource`]), file names from the dialogs handed
//! to `apply`: tests script both.

use super::bearoff::{BearoffAction, BearoffState};
use super::candidates::{CandidatesAction, CandidatesState};
use super::champion_panel::{ChampionAction, ChampionState};
use super::duel::{DuelAction, DuelState};
use super::editing::{Edit, EditAction, EditState};
use super::export::{ExportAction, ExportState};
use super::files::FileDialogs;
use super::play::{PlayAction, PlayGame};
use super::settings::{Persisted, Settings, Tab};
use super::status::Messages;
use super::view::{ViewAction, Windows};
use super::weights::{WeightsAction, WeightsState};
use bgw_engine::classic::Weights;
use bgw_engine::classic::terms::Term;
use bgw_engine::moves::MoveGenerator;
use bgw_engine::position::Position;
use bgw_engine::{DiceSource, SeededDice};

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
    }
}

/// An action to apply again once a file dialog has answered (see [`super::files`]), with the
/// weights' pending "discard the edits?" it was confirming: applying it again must not ask again.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    action: Action,
    confirmed: Option<WeightsAction>,
}

/// The app's state.
pub struct AppState {
    /// The board being edited, with undo and redo.
    pub editing: EditState,
    /// Settings (persisted).
    pub settings: Settings,
    /// The session's messages: the last for the status line, all for the Log tab.
    pub messages: Messages,
    /// The Help windows open.
    pub windows: Windows,
    /// Exports under way (the board's capture) and their folder.
    pub export: ExportState,
    /// The candidates of the position on the board.
    pub candidates: CandidatesState,
    /// Text waiting to go to the clipboard (the UI sends it).
    pub clipboard_out: Option<String>,
    /// The classic program's weights, as edited.
    pub weights: WeightsState,
    /// The game against the classic program, when one is on.
    pub play: Option<PlayGame>,
    /// The bear-off panel's analysis (built in the background).
    pub bearoff: BearoffState,
    /// "Test these weights" (a duel in the background).
    pub duel: DuelState,
    /// The game against «Чемпион».
    pub champion: ChampionState,
    /// Where every throw of the dice comes from.
    pub(crate) dice: Box<dyn DiceSource>,
    pub(crate) generator: MoveGenerator,
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
            messages: Messages::default(),
            windows: Windows::default(),
            export: ExportState::default(),
            candidates: CandidatesState::default(),
            clipboard_out: None,
            weights: WeightsState::default(),
            play: None,
            bearoff: Default::default(),
            duel: Default::default(),
            champion: Default::default(),
            // A new game each run: the seed from the operating system.
            dice: Box::new(SeededDice::new(rand::random())),
            generator: MoveGenerator::new(),
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

    /// A state restored from what persistence kept, each part checked first
    /// ([`super::saved::validate`]): a part that does not pass is replaced by its default, and
    /// a message says so.
    pub fn restore(p: Persisted) -> AppState {
        let super::saved::Restored {
            persisted: p,
            notes,
        } = super::saved::validate(p);
        let mut s = AppState::new(p.edit, p.settings);
        if let Some(w) = p.weights {
            s.weights.current = Weights::from_seed(w);
        }
        if let Some(w) = p.weights_saved {
            s.weights.saved = Weights::from_seed(w);
        }
        // Validated above: every key is a term beyond the seed's with a valid weight.
        for (extras, w) in [
            (&p.weights_extras, &mut s.weights.current),
            (&p.weights_saved_extras, &mut s.weights.saved),
        ] {
            for (key, value) in extras.iter().flatten() {
                if let Some(t) = Term::from_seed_name(key) {
                    w.set(t, *value);
                }
            }
        }
        s.weights.path = p.weights_path;
        if let Some(c) = &p.champion {
            s.champion = ChampionState::from_settings(c);
        }
        for note in notes {
            s.messages.error(note);
        }
        s.refresh();
        s
    }

    /// What persistence keeps.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            edit: self.editing.edit,
            settings: self.settings.clone(),
            weights: Some(self.weights.current.seed_values()),
            weights_saved: Some(self.weights.saved.seed_values()),
            weights_extras: Some(extras_of(&self.weights.current)),
            weights_saved_extras: Some(extras_of(&self.weights.saved)),
            weights_path: self.weights.path.clone(),
            champion: Some(self.champion.settings()),
        }
    }

    /// The position on the board, or its problems.
    pub fn position(&self) -> Result<Position, Vec<String>> {
        self.editing.edit.position()
    }

    /// Applies one action. File dialogs are asked through `dialogs`.
    pub fn apply(&mut self, action: impl Into<Action>, dialogs: &mut dyn FileDialogs) {
        let before = (
            self.editing.edit,
            self.settings.tab,
            self.messages.log.len(),
        );
        self.apply_routed(action.into(), dialogs);
        // The status line describes the present: a message the action did not renew goes
        // when the board or the open tab changes (the Log keeps it).
        let renewed = self.messages.log.len() != before.2;
        if !renewed && (self.editing.edit, self.settings.tab) != (before.0, before.1) {
            self.messages.last = None;
        }
    }

    fn apply_routed(&mut self, action: Action, dialogs: &mut dyn FileDialogs) {
        let Some(action) = self.route_in_game(action) else {
            self.refresh();
            return;
        };
        match action {
            Action::Edit(a) => {
                self.apply_edit(a, dialogs);
                self.game_takes_the_dice();
            }
            Action::Candidates(a) => self.apply_candidates(a),
            Action::Weights(a) => {
                self.weights.apply(a, dialogs, &mut self.messages);
                self.game_takes_the_weights();
            }
            Action::View(a) => a.apply(&mut self.settings, &mut self.windows),
            Action::Play(a) => self.apply_play(a),
            Action::Bearoff(BearoffAction::OpenTwoSided) => {
                let dir = self.export.dir.clone();
                if let Some(path) = dialogs.open(super::files::FileKind::BearoffDb, dir.as_deref())
                {
                    self.bearoff.two_sided.open(path);
                }
            }
            Action::Bearoff(BearoffAction::LoadRace(id)) => {
                let _ = self.read_id(&id, "opened the error map's race");
            }
            Action::Bearoff(a) => self.bearoff.apply(a, &mut self.settings.bearoff),
            Action::Duel(a) => self.duel.apply(a, &self.weights, &mut self.messages),
            Action::Champion(a) => self.champion.apply(a),
            Action::Export(a) => self.apply_export(a, dialogs),
        }
        self.refresh();
        self.play_advance();
        self.refresh();
    }

    /// What to apply again if `action` asks a dialog that answers later.
    pub fn replay_of(&self, action: &Action) -> Replay {
        Replay {
            action: action.clone(),
            confirmed: self.weights.confirm_discard.clone(),
        }
    }

    /// Applies an action again now that its dialog has answered.
    pub fn replay(&mut self, replay: Replay, dialogs: &mut dyn FileDialogs) {
        if let Action::Weights(WeightsAction::ConfirmDiscard(true)) = replay.action {
            self.weights.confirm_discard = replay.confirmed;
        }
        self.apply(replay.action, dialogs);
    }

    /// Collects the results of background work and asks for what the open tab shows (the
    /// «Чемпион» workspace's solutions).
    pub fn poll(&mut self) {
        self.bearoff.poll();
        self.candidates.poll(self.settings.gnubg_plies);
        if let Some(notice) = self.candidates.verdicts.take_notice() {
            self.messages.info(notice);
        }
        if let Some(fitted) = self.weights.poll(self.settings.tab == Tab::Weights) {
            match fitted {
                Ok(text) => self.messages.info(text),
                Err(text) => self.messages.error(text),
            }
            self.game_takes_the_weights();
            self.refresh();
        }
        if self.settings.tab == Tab::Champion {
            self.champion.poll();
        }
        let had = self.duel.job.is_some();
        self.duel.poll();
        if had
            && self.duel.job.is_none()
            && let Some(r) = self.duel.result.clone()
        {
            self.messages.info(r);
        }
    }

    /// Brings the analysis up to date with the board and dice.
    pub fn refresh(&mut self) {
        if self.settings.tab == Tab::Bearoff
            && let Ok(p) = self.editing.edit.position()
        {
            self.bearoff.request(p, self.editing.edit.roll());
        }
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

    /// Applies `action` with dialogs that answer "cancelled" (tests).
    #[cfg(test)]
    pub(crate) fn act(&mut self, action: impl Into<Action>) {
        self.apply(action, &mut super::files::ScriptedDialogs::default());
    }
}

/// The terms beyond the seed's that `w` has on, by file key, with their weights.
fn extras_of(w: &Weights) -> Vec<(String, f64)> {
    w.terms_on()
        .filter(|t| !t.is_seed())
        .map(|t| (t.seed_name().to_string(), w.get(t)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::editing::EditAction;

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
        let text = ron::to_string(&s.persisted()).unwrap();
        let back = AppState::restore(ron::from_str(&text).unwrap());
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
        // A file written before the match state and the workspace were kept still reads.
        let old = text.replace(
            &format!(
                ",champion:Some({})",
                ron::to_string(&s.champion.settings()).unwrap()
            ),
            "",
        );
        assert_ne!(old, text);
        let old_state: Persisted = ron::from_str(&old).unwrap();
        assert_eq!(old_state.champion, None);
    }
}
