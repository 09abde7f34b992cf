//! The app's state and the one place it changes: [`AppState::apply`] takes an [`Action`].
//!
//! Panels only read the state and return actions; nothing else mutates it. Every edit of the
//! board, the side on roll or the dice is recorded for undo/redo.

use super::analysis::Analysis;
use super::edit_board::{EditBoard, Loc};
use super::files::{FileDialogs, FileKind};
use crate::classic::{Term, Weights};
use crate::dice::Dice;
use crate::formats::position_file::PositionFile;
use crate::formats::{Setup, read_setup};
use crate::moves::MoveGenerator;
use crate::position::{Position, Side};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What undo/redo restores: the checkers, the side on roll and the dice.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Edit {
    /// The checkers.
    pub board: EditBoard,
    /// The side to play.
    pub on_roll: Side,
    /// The two dice, 0 for a die not set.
    pub dice: [u8; 2],
}

impl Edit {
    /// The opening position, White to play, no dice.
    pub fn opening() -> Edit {
        Edit {
            board: EditBoard::from_position(&Position::opening(Side::White)),
            on_roll: Side::White,
            dice: [0, 0],
        }
    }

    /// The roll, when both dice are set.
    pub fn roll(&self) -> Option<Dice> {
        Dice::new(self.dice[0], self.dice[1])
    }

    /// The position, or the problems that keep the board from being one.
    pub fn position(&self) -> Result<Position, Vec<String>> {
        self.board.validate(self.on_roll)
    }

    /// The position and dice as a [`Setup`] (money game), when the board is a position.
    pub fn setup(&self) -> Option<Setup> {
        self.position().ok().map(|position| Setup {
            position,
            dice: self.roll(),
            match_state: None,
        })
    }

    fn from_setup(setup: &Setup) -> Edit {
        let dice = setup.dice.map_or([0, 0], |d| [d.high(), d.low()]);
        Edit {
            board: EditBoard::from_position(&setup.position),
            on_roll: setup.position.on_roll(),
            dice,
        }
    }
}

/// The lower area's tabs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Tab {
    /// The weight editor.
    Weights,
    /// The bear-off panel.
    Bearoff,
    /// Pip counts and race formulas.
    Race,
    /// Play against the classic program.
    Play,
    /// Messages and the learning log.
    Log,
}

/// Settings kept across restarts.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The colour drawn at the bottom of the board (its home board bottom right).
    pub bottom: Side,
    /// The colour a left click adds.
    pub add_colour: Side,
    /// The open tab of the lower area.
    pub tab: Tab,
    /// Dark theme.
    pub dark: bool,
    /// The folder of the last position file opened or saved.
    pub position_dir: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bottom: Side::White,
            add_colour: Side::White,
            tab: Tab::Weights,
            dark: true,
            position_dir: None,
        }
    }
}

/// What is kept across restarts (eframe persistence).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Persisted {
    /// The board, side on roll and dice.
    pub edit: Edit,
    /// Settings.
    pub settings: Settings,
    /// The weights being edited, in the seed's order of terms.
    #[serde(default)]
    pub weights: Option<[f64; crate::classic::terms::TERM_COUNT]>,
    /// The weights as last loaded or saved (the unsaved-changes marker compares with them).
    #[serde(default)]
    pub weights_saved: Option<[f64; crate::classic::terms::TERM_COUNT]>,
    /// The weights file last loaded or saved.
    #[serde(default)]
    pub weights_path: Option<PathBuf>,
}

/// The formats the position can be copied in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IdFormat {
    /// gnubg's Position ID alone.
    PositionId,
    /// gnubg's `PositionID:MatchID` (money game).
    PositionMatchId,
    /// eXtreme Gammon's XGID.
    Xgid,
}

/// Everything a person can do; applied in [`AppState::apply`].
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Left click: one more checker of a colour at a place (on a tray: bear one off).
    Add(Side, Loc),
    /// Right click: one checker fewer at a place — of the colour to add if it has one there,
    /// else of the other colour.
    Remove(Loc),
    /// Drag (or Shift+click twice): one checker of a colour from one place to another.
    Move(Side, Loc, Loc),
    /// Shift+click on a place: pick up a checker there (the next Shift+click puts it down).
    PickUp(Option<(Side, Loc)>),
    /// Sets die 0 or 1 (0 clears it).
    SetDie(usize, u8),
    /// Rolls both dice.
    Roll,
    /// Clears the dice.
    ClearDice,
    /// Sets the side to play.
    SetOnRoll(Side),
    /// The opening position.
    Opening,
    /// No checkers at all.
    Empty,
    /// Exchanges the colours of all checkers (and the side on roll).
    SwapSides,
    /// Chooses the colour a left click adds.
    SetAddColour(Side),
    /// Turns the board round (the other colour at the bottom).
    FlipView,
    /// Undoes the last edit.
    Undo,
    /// Redoes the last undone edit.
    Redo,
    /// Reads a Position ID, `PositionID:MatchID` or XGID.
    Paste(String),
    /// Puts the position on the clipboard.
    Copy(IdFormat),
    /// Asks for a position file and opens it.
    OpenPosition,
    /// Opens this position file.
    LoadPosition(PathBuf),
    /// Asks where to save the position and saves it.
    SavePosition,
    /// Hovers a candidate (shown on the board), or none.
    Hover(Option<usize>),
    /// Selects a candidate.
    Select(usize),
    /// Moves the selection up (−1) or down (+1).
    SelectStep(i32),
    /// Plays a candidate: the result with the turn passed to the other side.
    Play(usize),
    /// Opens a tab of the lower area.
    SetTab(Tab),
    /// Switches between dark and light themes.
    SetDark(bool),
    /// Sets one weight. `gesture` is false while a slider drag goes on (one undo step per
    /// drag), true for a new change.
    SetWeight {
        /// The term.
        term: Term,
        /// Its new weight.
        value: f64,
        /// True when this change starts a new undo step.
        gesture: bool,
    },
    /// Undoes the last weight change.
    UndoWeights,
    /// Back to the shipped default weights (asks first when there are unsaved changes).
    ResetWeights,
    /// Asks for a weights file and loads it (asks first when there are unsaved changes).
    OpenWeights,
    /// Loads this weights file (asks first when there are unsaved changes).
    LoadWeights(PathBuf),
    /// Saves the weights to their file (asks for one when there is none).
    SaveWeights,
    /// Asks where to save the weights, then saves them.
    SaveWeightsAs,
    /// Answers the question about unsaved weight changes: true discards them.
    ConfirmDiscard(bool),
}

/// A message for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// True for errors (shown in red).
    pub error: bool,
}

/// The app's state.
pub struct AppState {
    /// The board being edited.
    pub edit: Edit,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// Settings (persisted).
    pub settings: Settings,
    /// The last message for the status line.
    pub message: Option<Message>,
    /// Every message of the session, oldest first (the Log tab).
    pub log: Vec<String>,
    /// The candidates of the current position and roll (when legal and rolled).
    pub analysis: Option<Analysis>,
    /// The selected candidate (index into the analysis rows).
    pub selected: Option<usize>,
    /// The candidate under the pointer.
    pub hovered: Option<usize>,
    /// A checker picked up with Shift+click.
    pub picked: Option<(Side, Loc)>,
    /// Text waiting to go to the clipboard (the UI sends it).
    pub clipboard_out: Option<String>,
    /// The classic program's weights, as edited.
    pub weights: Weights,
    /// The weights as last loaded or saved.
    pub weights_saved: Weights,
    /// The weights file last loaded or saved.
    pub weights_path: Option<PathBuf>,
    weights_undo: Vec<Weights>,
    /// An action waiting for the person to confirm that unsaved weights may be lost.
    pub confirm_discard: Option<Box<Action>>,
    generator: MoveGenerator,
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(Edit::opening(), Settings::default())
    }
}

impl AppState {
    /// A state with this board and these settings.
    pub fn new(edit: Edit, settings: Settings) -> AppState {
        let mut s = AppState {
            edit,
            undo: Vec::new(),
            redo: Vec::new(),
            settings,
            message: None,
            log: Vec::new(),
            analysis: None,
            selected: None,
            hovered: None,
            picked: None,
            clipboard_out: None,
            weights: Weights::builtin_default(),
            weights_saved: Weights::builtin_default(),
            weights_path: None,
            weights_undo: Vec::new(),
            confirm_discard: None,
            generator: MoveGenerator::new(),
        };
        s.refresh();
        s
    }

    /// A state restored from what persistence kept.
    pub fn restore(p: Persisted) -> AppState {
        let mut s = AppState::new(p.edit, p.settings);
        if let Some(w) = p.weights.filter(|w| w.iter().all(|x| x.is_finite())) {
            s.weights = Weights(w);
        }
        if let Some(w) = p.weights_saved.filter(|w| w.iter().all(|x| x.is_finite())) {
            s.weights_saved = Weights(w);
        }
        s.weights_path = p.weights_path;
        s.refresh();
        s
    }

    /// What persistence keeps.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            edit: self.edit,
            settings: self.settings.clone(),
            weights: Some(self.weights.0),
            weights_saved: Some(self.weights_saved.0),
            weights_path: self.weights_path.clone(),
        }
    }

    /// True when the weights differ from those last loaded or saved.
    pub fn weights_dirty(&self) -> bool {
        self.weights != self.weights_saved
    }

    /// True when there is a weight change to undo.
    pub fn can_undo_weights(&self) -> bool {
        !self.weights_undo.is_empty()
    }

    /// The weights file's name for display, `*` marking unsaved changes.
    pub fn weights_title(&self) -> String {
        let name = self
            .weights_path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "default weights".to_string());
        if self.weights_dirty() {
            format!("{name}*")
        } else {
            name
        }
    }

    /// The position on the board, or its problems.
    pub fn position(&self) -> Result<Position, Vec<String>> {
        self.edit.position()
    }

    /// True when there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The candidate shown on the board: the hovered one, else the selected one.
    pub fn shown_candidate(&self) -> Option<usize> {
        let n = self.analysis.as_ref().map_or(0, |a| a.candidates.len());
        self.hovered.or(self.selected).filter(|&i| i < n)
    }

    fn info(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(text.clone());
        self.message = Some(Message { text, error: false });
    }

    fn error(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(format!("error: {text}"));
        self.message = Some(Message { text, error: true });
    }

    /// Changes the board through `f`, recording the previous state for undo when it changed.
    fn edit_with(&mut self, f: impl FnOnce(&mut Edit) -> bool) -> bool {
        let before = self.edit;
        if f(&mut self.edit) && self.edit != before {
            self.undo.push(before);
            if self.undo.len() > 1000 {
                self.undo.remove(0);
            }
            self.redo.clear();
            true
        } else {
            self.edit = before;
            false
        }
    }

    fn replace(&mut self, edit: Edit) -> bool {
        self.edit_with(|e| {
            *e = edit;
            true
        })
    }

    /// Applies one action. File dialogs are asked through `dialogs`.
    pub fn apply(&mut self, action: Action, dialogs: &mut dyn FileDialogs) {
        match action {
            Action::Add(side, loc) => {
                self.picked = None;
                self.edit_with(|e| e.board.add(side, loc));
            }
            Action::Remove(loc) => {
                self.picked = None;
                let first = self.settings.add_colour;
                self.edit_with(|e| {
                    e.board.remove(first, loc) || e.board.remove(first.opponent(), loc)
                });
            }
            Action::Move(side, from, to) => {
                self.picked = None;
                self.edit_with(|e| e.board.move_checker(side, from, to));
            }
            Action::PickUp(p) => self.picked = p,
            Action::SetDie(i, v) => {
                self.edit_with(|e| {
                    e.dice[i.min(1)] = v.min(6);
                    true
                });
            }
            Action::Roll => {
                use rand::RngExt;
                let mut rng = rand::rng();
                let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
                self.edit_with(|e| {
                    e.dice = dice;
                    true
                });
            }
            Action::ClearDice => {
                self.edit_with(|e| {
                    e.dice = [0, 0];
                    true
                });
            }
            Action::SetOnRoll(side) => {
                self.edit_with(|e| {
                    e.on_roll = side;
                    true
                });
            }
            Action::Opening => {
                let on_roll = self.edit.on_roll;
                self.edit_with(|e| {
                    e.board = EditBoard::from_position(&Position::opening(on_roll));
                    true
                });
            }
            Action::Empty => {
                self.edit_with(|e| {
                    e.board = EditBoard::empty();
                    true
                });
            }
            Action::SwapSides => {
                self.edit_with(|e| {
                    e.board = e.board.swapped();
                    e.on_roll = e.on_roll.opponent();
                    true
                });
            }
            Action::SetAddColour(side) => self.settings.add_colour = side,
            Action::FlipView => self.settings.bottom = self.settings.bottom.opponent(),
            Action::Undo => match self.undo.pop() {
                Some(prev) => {
                    self.redo.push(self.edit);
                    self.edit = prev;
                }
                None => self.info("nothing to undo"),
            },
            Action::Redo => match self.redo.pop() {
                Some(next) => {
                    self.undo.push(self.edit);
                    self.edit = next;
                }
                None => self.info("nothing to redo"),
            },
            Action::Paste(text) => match read_setup(&text) {
                Ok(setup) => {
                    self.replace(Edit::from_setup(&setup));
                    let extra = setup
                        .match_state
                        .map(|m| format!(" ({}; analysed as a money game)", m.describe()))
                        .unwrap_or_default();
                    self.info(format!("read {}{extra}", text.trim()));
                }
                Err(e) => self.error(format!("cannot read the pasted text: {e}")),
            },
            Action::Copy(format) => match self.edit.setup() {
                Some(setup) => {
                    let text = match format {
                        IdFormat::PositionId => setup.position_id(),
                        IdFormat::PositionMatchId => {
                            format!("{}:{}", setup.position_id(), setup.match_id())
                        }
                        IdFormat::Xgid => format!("XGID={}", setup.xgid()),
                    };
                    self.info(format!("copied {text}"));
                    self.clipboard_out = Some(text);
                }
                None => self.error("nothing copied: the board is not a legal position"),
            },
            Action::OpenPosition => {
                let dir = self
                    .settings
                    .position_dir
                    .clone()
                    .or_else(super::files::examples_dir);
                if let Some(path) = dialogs.open(FileKind::Position, dir.as_deref()) {
                    self.load_position(&path);
                }
            }
            Action::LoadPosition(path) => self.load_position(&path),
            Action::SavePosition => self.save_position(dialogs),
            Action::Hover(i) => self.hovered = i,
            Action::Select(i) => self.selected = Some(i),
            Action::SelectStep(d) => {
                let n = self.analysis.as_ref().map_or(0, |a| a.candidates.len());
                if n > 0 {
                    let cur = self.selected.map_or(-1, |i| i as i64);
                    let next = if cur < 0 && d > 0 {
                        0
                    } else {
                        (cur + d as i64).clamp(0, n as i64 - 1)
                    };
                    self.selected = Some(next as usize);
                }
            }
            Action::Play(i) => self.play(i),
            Action::SetTab(t) => self.settings.tab = t,
            Action::SetDark(d) => self.settings.dark = d,
            Action::SetWeight {
                term,
                value,
                gesture,
            } => {
                if value.is_finite() && value != self.weights.get(term) {
                    if gesture || self.weights_undo.is_empty() {
                        self.weights_undo.push(self.weights);
                    }
                    self.weights.set(term, value);
                }
            }
            Action::UndoWeights => {
                if let Some(w) = self.weights_undo.pop() {
                    self.weights = w;
                }
            }
            Action::ResetWeights | Action::OpenWeights | Action::LoadWeights(_)
                if self.weights_dirty() =>
            {
                self.confirm_discard = Some(Box::new(action));
            }
            Action::ResetWeights => self.discarding(Action::ResetWeights, dialogs),
            Action::OpenWeights => self.discarding(Action::OpenWeights, dialogs),
            Action::LoadWeights(p) => self.discarding(Action::LoadWeights(p), dialogs),
            Action::ConfirmDiscard(yes) => {
                if let Some(a) = self.confirm_discard.take()
                    && yes
                {
                    self.discarding(*a, dialogs);
                }
            }
            Action::SaveWeights => match self.weights_path.clone() {
                Some(path) => self.save_weights(&path),
                None => self.save_weights_as(dialogs),
            },
            Action::SaveWeightsAs => self.save_weights_as(dialogs),
        }
        self.refresh();
    }

    /// Carries out an action that replaces the weights (the person agreed to lose edits).
    fn discarding(&mut self, action: Action, dialogs: &mut dyn FileDialogs) {
        let path = match action {
            Action::ResetWeights => {
                self.weights_undo.push(self.weights);
                self.weights = Weights::builtin_default();
                self.weights_saved = self.weights;
                self.weights_path = None;
                return self.info("weights reset to the defaults");
            }
            Action::OpenWeights => {
                let dir = self.weights_path.as_ref().and_then(|p| p.parent());
                match dialogs.open(FileKind::Weights, dir) {
                    Some(p) => p,
                    None => return,
                }
            }
            Action::LoadWeights(p) => p,
            _ => return,
        };
        match Weights::load(&path) {
            Ok(w) => {
                self.weights_undo.push(self.weights);
                self.weights = w;
                self.weights_saved = w;
                self.info(format!("weights loaded from {}", path.display()));
                self.weights_path = Some(path);
            }
            Err(e) => self.error(format!("weights not loaded: {e}")),
        }
    }

    fn save_weights(&mut self, path: &Path) {
        match self.weights.save(path) {
            Ok(()) => {
                self.weights_saved = self.weights;
                self.weights_path = Some(path.to_path_buf());
                self.info(format!("weights saved to {}", path.display()));
            }
            Err(e) => self.error(format!("weights not saved: {e}")),
        }
    }

    fn save_weights_as(&mut self, dialogs: &mut dyn FileDialogs) {
        let dir = self.weights_path.as_ref().and_then(|p| p.parent());
        if let Some(path) = dialogs.save(FileKind::Weights, dir, "weights.ron") {
            self.save_weights(&path);
        }
    }

    fn play(&mut self, i: usize) {
        let Some(a) = &self.analysis else {
            return self.error("no candidates to play: roll or set the dice first");
        };
        let Some(row) = a.candidates.get(i) else {
            return;
        };
        let mover = a.position.on_roll();
        let dice = a.dice;
        let notation = row.play.mv.notation();
        let after = row.play.result.mirror();
        let edit = Edit {
            board: EditBoard::from_position(&after),
            on_roll: after.on_roll(),
            dice: [0, 0],
        };
        self.replace(edit);
        self.info(format!("{mover} played {dice} {notation}"));
    }

    fn load_position(&mut self, path: &Path) {
        match PositionFile::load(path).and_then(|f| f.to_setup().map(|s| (f, s))) {
            Ok((file, setup)) => {
                self.replace(Edit::from_setup(&setup));
                self.settings.position_dir = path.parent().map(Path::to_path_buf);
                self.info(format!("opened {}: {}", path.display(), file.description));
            }
            Err(e) => self.error(format!("cannot open the position: {e}")),
        }
    }

    fn save_position(&mut self, dialogs: &mut dyn FileDialogs) {
        let Some(setup) = self.edit.setup() else {
            return self.error("not saved: the board is not a legal position");
        };
        let dir = self.settings.position_dir.clone();
        let Some(path) = dialogs.save(FileKind::Position, dir.as_deref(), "position.ron") else {
            return;
        };
        let description = format!(
            "{} to play{}",
            setup.position.on_roll(),
            setup.dice.map(|d| format!(" {d}")).unwrap_or_default()
        );
        match PositionFile::from_setup(&description, &setup).save(&path) {
            Ok(()) => {
                self.settings.position_dir = path.parent().map(Path::to_path_buf);
                self.info(format!("saved {}", path.display()));
            }
            Err(e) => self.error(format!("not saved: {e}")),
        }
    }

    /// Brings the analysis up to date with the board and dice.
    pub fn refresh(&mut self) {
        let current = match (self.edit.position(), self.edit.roll()) {
            (Ok(p), Some(d)) => Some((p, d)),
            _ => None,
        };
        match current {
            None => {
                self.analysis = None;
                self.selected = None;
                self.hovered = None;
            }
            Some((p, d)) => match &mut self.analysis {
                Some(a) if a.is_of(&p, d) => {
                    // Same candidates, maybe new weights: keep the same move selected.
                    let selected = self.selected.map(|i| a.candidates[i].play.result);
                    if a.reweight(&self.weights) {
                        self.selected = selected.and_then(|r| a.index_of(&r));
                        self.hovered = None;
                    }
                }
                _ => {
                    self.analysis = Some(Analysis::new(p, d, &self.weights, &mut self.generator));
                    self.selected = None;
                    self.hovered = None;
                }
            },
        }
    }

    /// One line on the board's state for the status bar: its problems, or what to do next.
    pub fn board_status(&self) -> (String, bool) {
        match self.position() {
            Err(problems) => (
                format!("{} — analysis waits for a legal board", problems.join("; ")),
                true,
            ),
            Ok(p) => match (&self.analysis, self.edit.roll()) {
                (_, None) => (
                    format!(
                        "{} to play: set the dice (click them) or roll (R)",
                        p.on_roll()
                    ),
                    false,
                ),
                (Some(a), Some(d)) if a.candidates.is_empty() => (
                    format!(
                        "{} to play {d}: no legal move, the turn passes",
                        p.on_roll()
                    ),
                    false,
                ),
                (Some(a), Some(d)) => (
                    format!(
                        "{} to play {d}: {} legal results",
                        p.on_roll(),
                        a.candidates.len()
                    ),
                    false,
                ),
                (None, Some(_)) => (String::new(), false),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::files::ScriptedDialogs;
    use super::*;

    fn apply(s: &mut AppState, a: Action) {
        s.apply(a, &mut ScriptedDialogs::default());
    }

    #[test]
    fn every_edit_undoes_and_redoes() {
        let mut s = AppState::default();
        let start = s.edit;
        apply(&mut s, Action::Add(Side::White, Loc::Point(1)));
        apply(&mut s, Action::SetDie(0, 3));
        apply(&mut s, Action::SetOnRoll(Side::Black));
        apply(&mut s, Action::SwapSides);
        apply(&mut s, Action::Empty);
        for _ in 0..5 {
            apply(&mut s, Action::Undo);
        }
        assert_eq!(s.edit, start);
        assert!(!s.can_undo());
        for _ in 0..5 {
            apply(&mut s, Action::Redo);
        }
        assert_eq!(s.edit.board, EditBoard::empty());
        // A no-op edit is not recorded.
        apply(&mut s, Action::Remove(Loc::Point(5)));
        apply(&mut s, Action::Undo);
        assert_ne!(s.edit.board, EditBoard::empty());
    }

    #[test]
    fn analysis_waits_for_a_legal_board_and_dice() {
        let mut s = AppState::default();
        assert!(s.analysis.is_none());
        apply(
            &mut s,
            Action::Paste("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10".into()),
        );
        let expected =
            crate::moves::legal_plays(&Position::opening(Side::White), Dice::new(5, 2).unwrap())
                .len();
        assert_eq!(s.analysis.as_ref().unwrap().candidates.len(), expected);
        apply(&mut s, Action::Add(Side::White, Loc::Point(7)));
        assert!(s.analysis.is_none());
        assert!(s.board_status().0.starts_with("White has 16 checkers"));
        apply(&mut s, Action::Undo);
        assert!(s.analysis.is_some());
        apply(&mut s, Action::Paste("not an id".into()));
        assert!(s.message.as_ref().unwrap().error);
    }

    #[test]
    fn playing_passes_the_turn() {
        let mut s = AppState::default();
        apply(&mut s, Action::SetDie(0, 3));
        apply(&mut s, Action::SetDie(1, 1));
        apply(&mut s, Action::SelectStep(1));
        assert_eq!(s.selected, Some(0));
        apply(&mut s, Action::Play(0));
        assert_eq!(s.edit.on_roll, Side::Black);
        assert_eq!(s.edit.dice, [0, 0]);
        assert_eq!(s.edit.board.pips(Side::White), 163);
        apply(&mut s, Action::Undo);
        assert_eq!(s.edit.on_roll, Side::White);
    }

    #[test]
    fn copy_in_each_format() {
        let mut s = AppState::default();
        apply(&mut s, Action::Copy(IdFormat::PositionId));
        assert_eq!(s.clipboard_out.as_deref(), Some("4HPwATDgc/ABMA"));
        apply(&mut s, Action::Copy(IdFormat::Xgid));
        let xgid = s.clipboard_out.clone().unwrap();
        assert!(xgid.starts_with("XGID="), "{xgid}");
        assert_eq!(
            read_setup(&xgid).unwrap().position,
            Position::opening(Side::White)
        );
        apply(&mut s, Action::Copy(IdFormat::PositionMatchId));
        let text = s.clipboard_out.clone().unwrap();
        let mut t = AppState::default();
        apply(&mut t, Action::Empty);
        apply(&mut t, Action::Paste(text));
        assert_eq!(t.edit, s.edit);
    }

    #[test]
    fn positions_open_and_save_through_the_dialogs() {
        let dir = std::env::temp_dir().join(format!("bgw-app-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("saved.ron");
        let mut s = AppState::default();
        apply(&mut s, Action::Add(Side::Black, Loc::Bar));
        apply(&mut s, Action::Remove(Loc::Point(19)));
        apply(&mut s, Action::SetDie(0, 6));
        apply(&mut s, Action::SetDie(1, 6));
        let mut d = ScriptedDialogs::answering([path.clone(), path.clone()]);
        s.apply(Action::SavePosition, &mut d);
        assert!(!s.message.as_ref().unwrap().error, "{:?}", s.message);
        let saved = s.edit;
        s.apply(Action::Opening, &mut d);
        s.apply(Action::OpenPosition, &mut d);
        assert_eq!(s.edit, saved);
        assert_eq!(
            d.asked,
            vec![(FileKind::Position, true), (FileKind::Position, false)]
        );
        // Cancelled dialog: nothing changes.
        s.apply(Action::OpenPosition, &mut d);
        assert_eq!(s.edit, saved);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
