//! Board editing: the board, the side on roll and the dice ([`Edit`], in
//! [`crate::app::edit`], which every feature shares) with undo and redo, and the position in
//! and out (paste, copy, files: [`positions`]).
//!
//! - [`positions`]: IDs, the clipboard and position files;
//! - [`id_format`]: the formats the position is copied in;
//! - [`examples`]: the shipped example positions (built in) for the Examples menu.
//!
//! Every change goes through [`EditAction`], applied by [`EditState::update`] (the
//! coordinator routes it through a game first when one is on).

pub mod examples;
pub mod id_format;
pub mod positions;

pub use id_format::IdFormat;

use super::edit::{Edit, EditBoard, Loc};
use super::effect::Effect;
use bgw_engine::DiceSource;
use bgw_engine::core::formats::MatchState;
use bgw_engine::core::position::{Position, Side};
use std::path::PathBuf;

/// How many edits undo remembers.
const UNDO_DEPTH: usize = 1000;

/// What can be done to the board being edited.
#[derive(Clone, Debug, PartialEq)]
pub enum EditAction {
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
    /// Sets both dice at once (one undo step): the roll grid's click.
    SetDice(u8, u8),
    /// Rolls both dice (from the app's dice source).
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
    /// Undoes the last edit.
    Undo,
    /// Redoes the last undone edit.
    Redo,
    /// Reads a Position ID, `PositionID:MatchID` or XGID pasted (Ctrl+V).
    Paste(String),
    /// Puts a board from elsewhere on the board (a match's decision; one undo step).
    Show(Edit),
    /// Reads an ID typed in the toolbar's field (refused: the text stays there with the
    /// error beside it, [`EditState::refused`]).
    Typed(String),
    /// Puts the position on the clipboard.
    Copy(IdFormat),
    /// Asks for a file to open: a position opens here; a match file chosen instead (any
    /// name not ending in `.ron`) goes on to the Match tab ([`super::coordinator::opening`]).
    Open,
    /// Opens this position file.
    LoadPosition(PathBuf),
    /// Opens one of the examples built into the program (a name of [`examples::EMBEDDED`]).
    LoadExample(&'static str),
    /// Asks where to save the position and saves it.
    SavePosition,
    /// Saves the position to this file (the answer of the save dialog).
    SavePositionTo(PathBuf),
}

/// The editing feature's saved part: the board, the colour a click adds, the positions' folder.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedBoard {
    /// The board, side on roll, dice and match state.
    pub board: Edit,
    /// The colour a left click adds.
    pub add_colour: Side,
    /// The folder of the last position file opened or saved.
    pub position_dir: Option<PathBuf>,
}

impl Default for SavedBoard {
    /// The opening position, White to add.
    fn default() -> SavedBoard {
        SavedBoard {
            board: Edit::opening(),
            add_colour: Side::White,
            position_dir: None,
        }
    }
}

impl crate::app::saved_part::SavedPart for SavedBoard {
    const WHAT: &'static str = "board";

    /// The board is kept as it is even when it is not a position yet: the editor allows such
    /// boards while a position is being set up (16 checkers, both colours on a point) and
    /// says what is wrong, so a restart must not lose one. Each die must be 0 (not set) or
    /// 1–6, the match state one its format holds and the match rules allow
    /// ([`bgw_engine::core::formats::MatchState::check`]).
    fn check(&mut self, notes: &mut Vec<String>) {
        if let [a, b] = self.board.dice
            && (a > 6 || b > 6)
        {
            notes.push(format!(
                "the saved dice ({a}, {b}) are not dice 1-6; the dice are not set"
            ));
            self.board.dice = [0, 0];
        }
        if let Some(m) = self.board.match_state
            && let Err(e) = m.check()
        {
            notes.push(format!(
                "the saved match state was refused ({e}); the board is a money game"
            ));
            self.board.match_state = None;
        }
    }
}

/// The board being edited and its history.
pub struct EditState {
    /// The board, side on roll and dice.
    pub edit: Edit,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// A checker picked up with Shift+click.
    pub picked: Option<(Side, Loc)>,
    /// The text last typed in the ID field and refused, with the reason.
    pub refused: Option<(String, String)>,
    /// The colour a left click adds (kept across restarts).
    pub add_colour: Side,
    /// The folder of the last position file opened or saved (kept across restarts).
    pub position_dir: Option<PathBuf>,
}

impl EditState {
    /// Editing `edit`, with no history.
    pub fn new(edit: Edit) -> EditState {
        EditState {
            edit,
            undo: Vec::new(),
            redo: Vec::new(),
            picked: None,
            refused: None,
            add_colour: Side::White,
            position_dir: None,
        }
    }

    /// Editing as it was left: the saved board, no history.
    pub fn restore(saved: SavedBoard) -> EditState {
        EditState {
            add_colour: saved.add_colour,
            position_dir: saved.position_dir,
            ..EditState::new(saved.board)
        }
    }

    /// What is kept across restarts.
    pub fn saved(&self) -> SavedBoard {
        SavedBoard {
            board: self.edit,
            add_colour: self.add_colour,
            position_dir: self.position_dir.clone(),
        }
    }

    /// True when there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Changes the board through `f`, recording the previous state for undo when it changed.
    pub fn edit_with(&mut self, f: impl FnOnce(&mut Edit) -> bool) -> bool {
        let before = self.edit;
        if f(&mut self.edit) && self.edit != before {
            self.undo.push(before);
            if self.undo.len() > UNDO_DEPTH {
                self.undo.remove(0);
            }
            self.redo.clear();
            true
        } else {
            self.edit = before;
            false
        }
    }

    /// Replaces the whole edit (one undo step when it changed).
    pub fn replace(&mut self, edit: Edit) -> bool {
        self.edit_with(|e| {
            *e = edit;
            true
        })
    }

    /// Sets the fields of the edit through `f`, always (one undo step when they changed).
    fn set(&mut self, f: impl FnOnce(&mut Edit)) {
        self.edit_with(|e| {
            f(e);
            true
        });
    }

    /// Back to the edit before the last one; false when there is none.
    fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.edit, prev));
        true
    }

    /// Forward to the edit last undone; false when there is none.
    fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.edit, next));
        true
    }
}

impl EditState {
    /// Applies one editing action (a game's routing has been done by the coordinator); dice
    /// are thrown from `dice`. Returns what the shell is to do and what to report.
    pub fn update(
        &mut self,
        action: EditAction,
        dice: &mut dyn DiceSource,
    ) -> Vec<Effect<EditAction>> {
        match action {
            EditAction::Add(side, loc) => {
                self.picked = None;
                self.edit_with(|e| e.board.add(side, loc));
            }
            EditAction::Remove(loc) => {
                self.picked = None;
                let first = self.add_colour;
                self.edit_with(|e| {
                    e.board.remove(first, loc) || e.board.remove(first.opponent(), loc)
                });
            }
            EditAction::Move(side, from, to) => {
                self.picked = None;
                self.edit_with(|e| e.board.move_checker(side, from, to));
            }
            EditAction::PickUp(p) => self.picked = p,
            EditAction::SetDie(i, v) => self.set(|e| e.dice[i.min(1)] = v.min(6)),
            EditAction::SetDice(a, b) => self.set(|e| e.dice = [a.min(6), b.min(6)]),
            EditAction::Roll => {
                let (a, b) = dice.throw();
                self.set(|e| e.dice = [a, b]);
            }
            EditAction::ClearDice => self.set(|e| e.dice = [0, 0]),
            EditAction::SetOnRoll(side) => self.set(|e| e.on_roll = side),
            EditAction::Opening => self.set(|e| {
                e.board = EditBoard::from_position(&Position::opening(e.on_roll));
            }),
            EditAction::Empty => self.set(|e| e.board = EditBoard::empty()),
            EditAction::SwapSides => self.set(|e| {
                e.board = e.board.swapped();
                e.on_roll = e.on_roll.opponent();
                e.match_state = e.match_state.map(MatchState::swapped);
            }),
            EditAction::MoneyGame => {
                self.edit_with(|e| e.match_state.take().is_some());
            }
            EditAction::SetAddColour(side) => self.add_colour = side,
            EditAction::Undo => {
                if !self.undo() {
                    return vec![Effect::info("nothing to undo")];
                }
            }
            EditAction::Redo => {
                if !self.redo() {
                    return vec![Effect::info("nothing to redo")];
                }
            }
            EditAction::Paste(text) => return self.read_id(&text, "pasted").0,
            EditAction::Show(edit) => {
                self.picked = None;
                self.replace(edit);
            }
            EditAction::Typed(text) => {
                let (note, refused) = self.read_id(&text, "typed");
                self.refused = refused.map(|e| (text, e));
                return note;
            }
            EditAction::Copy(format) => return self.copy(format),
            EditAction::Open => return vec![self.open_position()],
            EditAction::LoadPosition(path) => return vec![self.load_position(&path)],
            EditAction::LoadExample(name) => return vec![self.load_example(name)],
            EditAction::SavePosition => return vec![self.ask_where_to_save()],
            EditAction::SavePositionTo(path) => return vec![self.save_position(&path)],
        }
        Vec::new()
    }
}

impl Default for EditState {
    /// The opening position.
    fn default() -> EditState {
        EditState::new(Edit::opening())
    }
}

impl crate::app::feature::Feature for EditState {
    type Action = EditAction;

    fn update(
        &mut self,
        action: EditAction,
        shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<EditAction>> {
        EditState::update(self, action, shared.dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use bgw_engine::ScriptedDice;

    #[test]
    fn every_edit_undoes_and_redoes() {
        let mut s = EditState::new(Edit::opening());
        let mut dice = ScriptedDice::new([]);
        let mut act = |s: &mut EditState, a| s.update(a, &mut dice);
        let start = s.edit;
        act(&mut s, EditAction::Add(Side::White, Loc::Point(1)));
        act(&mut s, EditAction::SetDie(0, 3));
        act(&mut s, EditAction::SetOnRoll(Side::Black));
        act(&mut s, EditAction::SwapSides);
        act(&mut s, EditAction::Empty);
        for _ in 0..5 {
            act(&mut s, EditAction::Undo);
        }
        assert_eq!(s.edit, start);
        assert!(!s.can_undo());
        for _ in 0..5 {
            act(&mut s, EditAction::Redo);
        }
        assert_eq!(s.edit.board, EditBoard::empty());
        // A no-op edit is not recorded.
        act(&mut s, EditAction::Remove(Loc::Point(5)));
        act(&mut s, EditAction::Undo);
        assert_ne!(s.edit.board, EditBoard::empty());
    }
}
