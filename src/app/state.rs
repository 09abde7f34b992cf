//! The app's state and the one place it changes: [`AppState::apply`] takes an [`Action`].
//!
//! Panels only read the state and return actions; nothing else mutates it. Every edit of the
//! board, the side on roll or the dice is recorded for undo/redo.

use super::analysis::Analysis;
use super::edit_board::{EditBoard, Loc};
use super::edit_board::{own_point, white_point};
use super::files::{FileDialogs, FileKind};
use super::play::PlayGame;
use bgw_engine::classic::{Phase, Ranking};
use bgw_engine::classic::{Term, Weights};
use bgw_engine::dice::Dice;
use bgw_engine::formats::position_file::PositionFile;
use bgw_engine::formats::{MatchState, Setup, read_setup};
use bgw_engine::moves::MoveGenerator;
use bgw_engine::moves::parse::{Refusal, match_play};
use bgw_engine::position::{Position, Side};
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
    /// Cube, score and match length when a pasted `PositionID:MatchID` or XGID carried them;
    /// kept through edits and moves so that a copy gives them back. `None`: a money game with
    /// the cube centred at 1.
    #[serde(default)]
    pub match_state: Option<MatchState>,
}

impl Edit {
    /// The opening position, White to play, no dice.
    pub fn opening() -> Edit {
        Edit {
            board: EditBoard::from_position(&Position::opening(Side::White)),
            on_roll: Side::White,
            dice: [0, 0],
            match_state: None,
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
            match_state: self
                .match_state
                .map(|m| m.for_turn(position.on_roll(), self.roll())),
        })
    }

    /// The next turn after a move whose result (from the mover's side) is `result`: the
    /// opponent on roll, no dice, the same match.
    fn turn_over(&self, result: &Position) -> Edit {
        let after = result.mirror();
        Edit {
            board: EditBoard::from_position(&after),
            on_roll: after.on_roll(),
            dice: [0, 0],
            match_state: self.match_state,
        }
    }

    fn from_setup(setup: &Setup) -> Edit {
        let dice = setup.dice.map_or([0, 0], |d| [d.high(), d.low()]);
        Edit {
            board: EditBoard::from_position(&setup.position),
            on_roll: setup.position.on_roll(),
            dice,
            // A plain money game is what no match state means.
            match_state: setup.match_state.filter(|m| !m.is_plain_money()),
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
    /// Play the wolves against «Чемпион» (seed 002).
    Champion,
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
    /// Learning (GOOD/BAD) on during games.
    pub learning: bool,
    /// The learning step η.
    pub eta: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bottom: Side::White,
            add_colour: Side::White,
            tab: Tab::Weights,
            dark: true,
            position_dir: None,
            learning: false,
            eta: 0.01,
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
    pub weights: Option<[f64; bgw_engine::classic::terms::TERM_COUNT]>,
    /// The weights as last loaded or saved (the unsaved-changes marker compares with them).
    #[serde(default)]
    pub weights_saved: Option<[f64; bgw_engine::classic::terms::TERM_COUNT]>,
    /// The weights file last loaded or saved.
    #[serde(default)]
    pub weights_path: Option<PathBuf>,
    /// The «Чемпион» workspace's mode, variant and opponent.
    #[serde(default)]
    pub champion: Option<super::champion_panel::ChampionSettings>,
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
    /// Exchanges the colours of all checkers (and the side on roll, the scores and the cube).
    SwapSides,
    /// Forgets the pasted cube and score: a money game with the cube centred at 1.
    MoneyGame,
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
    /// Starts a game against the classic program, the person playing this colour.
    NewGame(Side),
    /// Ends the game (back to editing).
    EndGame,
    /// One step of the person's move in a game: a checker from one place to another.
    PlayStep(Loc, Loc),
    /// A move typed in gnubg notation in a game.
    PlayTyped(String),
    /// Back to the board before the person's last move.
    UndoMyMove,
    /// How the bear-off panel shows its distributions.
    BearoffView {
        /// The first checker off (gammon) instead of bearing off.
        first_off: bool,
        /// The interval form of the normal approximation instead of the density form.
        interval: bool,
    },
    /// Stops the bear-off database build.
    CancelBearoff,
    /// Chooses the opponent and the number of games of "Test these weights".
    DuelSetup {
        /// The opponent.
        opponent: super::duel_panel::Opponent,
        /// Games to play.
        games: u64,
    },
    /// Starts "Test these weights" in the background.
    StartDuel,
    /// Stops the duel.
    CancelDuel,
    /// Something done in the «Чемпион» tab.
    Champion(super::champion_panel::ChampionAction),
    /// Learning on or off.
    SetLearning(bool),
    /// The learning step η.
    SetEta(f64),
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
    /// The game against the classic program, when one is on.
    pub play: Option<PlayGame>,
    /// The bear-off panel's analysis (built in the background).
    pub bearoff: super::bearoff_panel::BearoffState,
    /// "Test these weights" (a duel in the background).
    pub duel: super::duel_panel::DuelState,
    /// The game against «Чемпион».
    pub champion: super::champion_panel::ChampionState,
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
            play: None,
            bearoff: Default::default(),
            duel: Default::default(),
            champion: Default::default(),
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
        if let Some(c) = &p.champion {
            s.champion = super::champion_panel::ChampionState::from_settings(c);
        }
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
            champion: Some(self.champion.settings()),
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

    /// True when there is something to undo (in the «Чемпион» workspace: in its game).
    pub fn can_undo(&self) -> bool {
        match self.settings.tab {
            Tab::Champion => self.champion.game.can_undo(),
            _ => !self.undo.is_empty(),
        }
    }

    /// True when there is something to redo.
    pub fn can_redo(&self) -> bool {
        match self.settings.tab {
            Tab::Champion => self.champion.game.can_redo(),
            _ => !self.redo.is_empty(),
        }
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
        // In the «Чемпион» workspace undo and redo (keys or the Edit menu) are its game's.
        use super::champion_panel::ChampionAction;
        let action = match (self.settings.tab, action) {
            (Tab::Champion, Action::Undo) => Action::Champion(ChampionAction::Undo),
            (Tab::Champion, Action::Redo) => Action::Champion(ChampionAction::Redo),
            (_, a) => a,
        };
        let action = match self.route_in_game(action) {
            Some(a) => a,
            None => {
                self.refresh();
                return;
            }
        };
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
                    e.match_state = e.match_state.map(MatchState::swapped);
                    true
                });
            }
            Action::MoneyGame => {
                self.edit_with(|e| e.match_state.take().is_some());
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
                    // The status line shows the match state itself.
                    let extra = match self.edit.match_state {
                        Some(_) => " (cube and score kept; analysed as a money game)",
                        None => "",
                    };
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
                        IdFormat::Xgid => setup.xgid(),
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
            Action::Champion(a) => self.champion.apply(a),
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
            Action::NewGame(human) => {
                let mut game = PlayGame::new(human, self.settings.eta);
                game.last_program = None;
                self.play = Some(game);
                self.replace(Edit::opening());
                // The opening roll: each side throws one die; the higher moves first with both.
                use rand::RngExt;
                let mut rng = rand::rng();
                let (a, b) = loop {
                    let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
                    if a != b {
                        break (a, b);
                    }
                };
                let starter = if a > b { Side::White } else { Side::Black };
                self.edit.on_roll = starter;
                self.edit.board = EditBoard::from_position(&Position::opening(starter));
                self.edit.dice = [a.max(b), a.min(b)];
                self.info(format!(
                    "new game: you play {human}; opening roll White {a}, Black {b}: {starter} starts"
                ));
                if starter != human {
                    // The program plays the opening roll.
                    self.program_turn(Some(Dice::new(a, b).expect("1-6")));
                }
            }
            Action::EndGame => {
                if self.play.take().is_some() {
                    self.info("game ended: editing again");
                }
            }
            Action::PlayStep(from, to) => self.play_step(from, to),
            Action::PlayTyped(text) => self.play_typed(&text),
            Action::UndoMyMove => {
                if let Some(game) = &mut self.play
                    && let Some(start) = game.turn_start.take()
                {
                    game.partial.clear();
                    game.refusal = None;
                    game.over = None;
                    self.replace(start);
                    self.info("your move is undone");
                }
            }
            Action::BearoffView {
                first_off,
                interval,
            } => {
                self.bearoff.first_off = first_off;
                self.bearoff.interval = interval;
            }
            Action::CancelBearoff => self.bearoff.cancel(),
            Action::DuelSetup { opponent, games } => {
                self.duel.opponent = opponent;
                self.duel.games = games.max(2);
            }
            Action::StartDuel => {
                self.duel.start(self.weights, self.weights_saved);
                self.info(format!(
                    "testing the weights over {} games",
                    self.duel.games
                ));
            }
            Action::CancelDuel => self.duel.cancel(),
            Action::SetLearning(on) => self.settings.learning = on,
            Action::SetEta(eta) => {
                if eta.is_finite() && eta >= 0.0 {
                    self.settings.eta = eta;
                    if let Some(g) = &mut self.play {
                        g.learner.eta = eta;
                    }
                }
            }
        }
        self.refresh();
        self.play_advance();
        self.refresh();
    }

    /// In a game: board edits become move steps, undo undoes the person's move, editing
    /// actions are refused. `None` when the action is dropped.
    fn route_in_game(&mut self, action: Action) -> Option<Action> {
        let Some(game) = &self.play else {
            return Some(action);
        };
        let humans_turn = game.over.is_none() && self.edit.on_roll == game.human;
        match action {
            Action::Move(_, from, to) if humans_turn => Some(Action::PlayStep(from, to)),
            Action::Undo => Some(Action::UndoMyMove),
            Action::Play(_) if !humans_turn => None,
            Action::Add(..)
            | Action::Remove(_)
            | Action::Move(..)
            | Action::SetOnRoll(_)
            | Action::Opening
            | Action::Empty
            | Action::SwapSides
            | Action::MoneyGame
            | Action::Paste(_)
            | Action::OpenPosition
            | Action::LoadPosition(_)
            | Action::Redo => {
                self.error("a game is on: end it (Play tab) to edit the board");
                None
            }
            Action::SetDie(..) | Action::Roll | Action::ClearDice
                if !humans_turn || !game.partial.is_empty() =>
            {
                self.error("the dice can change only before you move");
                None
            }
            Action::Play(i) => {
                self.begin_human_move();
                Some(Action::Play(i))
            }
            a => Some(a),
        }
    }

    /// Remembers the board at the start of the person's move (for "undo my move").
    fn begin_human_move(&mut self) {
        let edit = self.edit;
        if let Some(g) = &mut self.play
            && g.partial.is_empty()
        {
            g.turn_start = Some(edit);
            g.refusal = None;
        }
    }

    /// The position and dice at the start of the person's move (partial steps not applied).
    fn human_start(&self) -> Option<(Position, Dice)> {
        let game = self.play.as_ref()?;
        let start = if game.partial.is_empty() {
            self.edit
        } else {
            game.turn_start?
        };
        Some((start.position().ok()?, start.roll()?))
    }

    fn play_step(&mut self, from: Loc, to: Loc) {
        let Some(game) = &self.play else { return };
        let human = game.human;
        let point = |loc: Loc, off: u8| match loc {
            Loc::Point(wp) => own_point(human, wp),
            Loc::Bar => 25,
            Loc::Off => off,
        };
        let (f, t) = (point(from, 0), point(to, 0));
        if from == Loc::Off || f == t {
            return;
        }
        let mut steps = game.partial.clone();
        steps.push((f, t));
        self.try_human_move(steps);
    }

    fn play_typed(&mut self, text: &str) {
        let Some((pos, dice)) = self.human_start() else {
            return self.error("roll first (R), or click the dice to enter them");
        };
        self.begin_human_move();
        let plays = self.generator.generate(&pos, dice).to_vec();
        match match_play(&pos, dice, text, &plays) {
            Ok(i) => self.finish_human_move(pos, dice, plays[i]),
            Err(r) => self.refuse(r),
        }
    }

    fn refuse(&mut self, r: Refusal) {
        let text = r.to_string();
        if let Some(g) = &mut self.play {
            g.refusal = Some(text.clone());
        }
        self.error(format!("refused: {text}"));
    }

    /// Checks the person's steps so far: a complete legal move is played, a legal beginning is
    /// shown on the board, anything else refused with the seed's reason.
    fn try_human_move(&mut self, steps: Vec<(u8, u8)>) {
        let Some((pos, dice)) = self.human_start() else {
            return self.error("roll first (R), or click the dice to enter them");
        };
        self.begin_human_move();
        let text = steps
            .iter()
            .map(|&(f, t)| format!("{f}/{t}"))
            .collect::<Vec<_>>()
            .join(" ");
        let plays = self.generator.generate(&pos, dice).to_vec();
        match match_play(&pos, dice, &text, &plays) {
            Ok(i) => self.finish_human_move(pos, dice, plays[i]),
            Err(Refusal::MorePlayable { played, playable }) if played < playable => {
                // A legal beginning: show it.
                let human = pos.on_roll();
                let &(f, t) = steps.last().expect("one step at least");
                let loc = |p: u8| match p {
                    25 => Loc::Bar,
                    0 => Loc::Off,
                    p => Loc::Point(white_point(human, p)),
                };
                let mut edit = self.edit;
                let to = loc(t);
                if to != Loc::Off && edit.board.count(human.opponent(), to) == 1 {
                    edit.board.move_checker(human.opponent(), to, Loc::Bar);
                }
                edit.board.move_checker(human, loc(f), to);
                self.edit = edit;
                if let Some(g) = &mut self.play {
                    g.partial = steps;
                    g.refusal = None;
                }
            }
            Err(r) => self.refuse(r),
        }
    }

    fn finish_human_move(&mut self, pos: Position, dice: Dice, play: bgw_engine::moves::Play) {
        self.replace(self.edit.turn_over(&play.result));
        if let Some(g) = &mut self.play {
            g.partial.clear();
            g.refusal = None;
        }
        self.info(format!(
            "{} plays {dice}: {}",
            pos.on_roll(),
            play.mv.notation()
        ));
    }

    /// Moves the game on: the program's turns, passes when the person cannot move, the end.
    fn play_advance(&mut self) {
        for _ in 0..8 {
            let Some(game) = &self.play else { return };
            if game.over.is_some() {
                return;
            }
            let human = game.human;
            for side in [Side::White, Side::Black] {
                if self.edit.board.off(side) == 15 && self.edit.board.on_board(side) == 0 {
                    let text = if side == human {
                        "You win!".to_string()
                    } else {
                        format!("The program ({side}) wins.")
                    };
                    self.info(text.clone());
                    if let Some(g) = &mut self.play {
                        g.over = Some(text);
                    }
                    return;
                }
            }
            if self.edit.on_roll != human {
                self.program_turn(None);
                continue;
            }
            match (&self.analysis, self.edit.roll()) {
                (Some(a), Some(d)) if a.candidates.is_empty() && game.partial.is_empty() => {
                    let d = d.to_string();
                    self.pass_turn(format!("you cannot move with {d}: the turn passes"));
                }
                _ => return,
            }
        }
    }

    fn pass_turn(&mut self, why: String) {
        if let Ok(pos) = self.edit.position() {
            // No move: the turn passes with the board as it is.
            self.edit = self.edit.turn_over(&pos);
        }
        self.info(why);
        self.refresh();
    }

    /// The program rolls (or plays `dice`), learns if learning is on, and moves.
    fn program_turn(&mut self, dice: Option<Dice>) {
        let Ok(pos) = self.edit.position() else {
            return;
        };
        let me = pos.on_roll();
        let dice = dice.unwrap_or_else(|| {
            use rand::RngExt;
            let mut rng = rand::rng();
            Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("1-6")
        });
        if self.settings.learning
            && let Some(g) = &mut self.play
        {
            let before = self.weights;
            if let Some(u) = g.learner.after_exchange(&mut self.weights, &pos) {
                self.weights_undo.push(before);
                let line = format!(
                    "{}: GBRDVAL {:+.2} vs COMPVAL {:+.2}",
                    u.verdict.name(),
                    u.gbrdval,
                    u.compval
                );
                g.updates.push(line.clone());
                self.info(format!("learning: {line}"));
            }
        }
        let ranking = Ranking::new(&pos, dice, &self.weights, &mut self.generator);
        let (Some(choice), Some(c)) = (ranking.choice, ranking.classic()) else {
            if let Some(g) = &mut self.play {
                g.last_program = Some(format!("{me} rolls {dice} and cannot move"));
            }
            return self.pass_turn(format!("the program ({me}) cannot move with {dice}"));
        };
        if choice.phase == Phase::Contact
            && let Some(g) = &mut self.play
        {
            g.learner.record_move(&c.play.result);
        }
        let line = format!(
            "{me} rolls {dice} and plays {} [{}: {}]",
            c.play.mv.notation(),
            choice.phase.name(),
            choice.reason
        );
        self.edit = self.edit.turn_over(&c.play.result);
        if let Some(g) = &mut self.play {
            g.last_program = Some(line.clone());
        }
        self.info(line);
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
        self.replace(self.edit.turn_over(&row.play.result));
        if let Some(g) = &mut self.play {
            g.partial.clear();
            g.refusal = None;
        }
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

    /// Collects the results of background work.
    pub fn poll(&mut self) {
        self.bearoff.poll();
        let had = self.duel.job.is_some();
        self.duel.poll();
        if had
            && self.duel.job.is_none()
            && let Some(r) = self.duel.result.clone()
        {
            self.info(r);
        }
    }

    /// Brings the analysis up to date with the board and dice.
    pub fn refresh(&mut self) {
        if self.settings.tab == Tab::Bearoff
            && let Ok(p) = self.edit.position()
        {
            self.bearoff.request(p);
        }
        // During a move in a game, the candidates stay those of the move's start.
        let edit = match &self.play {
            Some(g) if !g.partial.is_empty() => g.turn_start.unwrap_or(self.edit),
            _ => self.edit,
        };
        let current = match (edit.position(), edit.roll()) {
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
        let expected = bgw_engine::moves::legal_plays(
            &Position::opening(Side::White),
            Dice::new(5, 2).unwrap(),
        )
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
        assert!(
            xgid.starts_with("XGID=-b----E-C---eE---c-e----B-:"),
            "{xgid}"
        );
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
    fn a_pasted_match_state_is_kept_through_edits_and_copied_back() {
        let mut s = AppState::default();
        // 7-point match, White 2 Black 4, cube 2 owned by White, White to play 52.
        let x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10";
        apply(&mut s, Action::Paste(x.into()));
        apply(&mut s, Action::Copy(IdFormat::Xgid));
        assert_eq!(s.clipboard_out.as_deref(), Some(x));
        // New dice: the copy says so, and still has the cube and score.
        apply(&mut s, Action::SetDie(0, 6));
        apply(&mut s, Action::SetDie(1, 6));
        apply(&mut s, Action::Copy(IdFormat::Xgid));
        assert_eq!(
            s.clipboard_out.as_deref(),
            Some(&*x.replace(":52:", ":66:"))
        );
        // Through gnubg's Match ID and back.
        apply(&mut s, Action::Copy(IdFormat::PositionMatchId));
        let gnubg = s.clipboard_out.clone().unwrap();
        let m = read_setup(&gnubg).unwrap().match_state.unwrap();
        assert_eq!(
            (m.match_length(), m.score(Side::White), m.score(Side::Black)),
            (7, 2, 4)
        );
        assert_eq!((m.cube_value(), m.cube_owner()), (2, Some(Side::White)));
        // Swapping sides swaps the scores and the cube; undo restores them.
        apply(&mut s, Action::SwapSides);
        let m = s.edit.match_state.unwrap();
        assert_eq!(
            (m.score(Side::White), m.cube_owner()),
            (4, Some(Side::Black))
        );
        apply(&mut s, Action::Undo);
        assert_eq!(s.edit.match_state.unwrap().score(Side::White), 2);
        // Back to a money game.
        apply(&mut s, Action::MoneyGame);
        assert_eq!(s.edit.match_state, None);
        apply(&mut s, Action::Copy(IdFormat::Xgid));
        assert!(
            s.clipboard_out
                .as_deref()
                .unwrap()
                .ends_with(":0:0:1:66:0:0:0:0:10")
        );
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

    #[test]
    fn what_persistence_keeps_comes_back() {
        use crate::app::champion_panel::{ChampionAction, Opponent};
        let mut s = AppState::default();
        apply(
            &mut s,
            Action::Paste("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10".into()),
        );
        apply(&mut s, Action::SetTab(Tab::Champion));
        apply(
            &mut s,
            Action::Champion(ChampionAction::SetOpponent(Opponent::PerfectGoat)),
        );
        let text = ron::to_string(&s.persisted()).unwrap();
        let back = AppState::restore(ron::from_str(&text).unwrap());
        assert_eq!(back.edit, s.edit);
        assert_eq!(back.edit.match_state.unwrap().match_length(), 7);
        assert_eq!(back.settings.tab, Tab::Champion);
        assert_eq!(back.champion.game.opponent, Opponent::PerfectGoat);
        assert_eq!(back.weights, s.weights);
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

    #[test]
    fn in_the_champion_workspace_undo_is_its_game() {
        use crate::app::champion_panel::ChampionAction;
        let mut s = AppState::default();
        apply(&mut s, Action::SetDie(0, 5));
        apply(&mut s, Action::SetTab(Tab::Champion));
        let start = s.champion.position();
        apply(&mut s, Action::Champion(ChampionAction::Click(19)));
        apply(&mut s, Action::Champion(ChampionAction::Click(28)));
        assert_ne!(
            s.champion.position(),
            start,
            "wolf 1 moved and the goat answered"
        );
        assert!(s.can_undo());
        // The Edit menu's Undo (as Ctrl+Z) takes back the wolf move, not the die.
        apply(&mut s, Action::Undo);
        assert_eq!(s.champion.position(), start);
        assert_eq!(s.edit.dice, [5, 0]);
        assert!(s.can_redo());
        apply(&mut s, Action::Redo);
        assert_ne!(s.champion.position(), start);
    }
}
