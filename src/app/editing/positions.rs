//! The position in and out: Position IDs, `PositionID:MatchID` and XGIDs pasted and copied,
//! RON position files opened and saved through the file dialogs, the built-in examples.

use super::Edit;
use super::examples;
use crate::app::files::{FileDialogs, FileKind};
use crate::app::state::AppState;
use bgw_engine::formats::position_file::PositionFile;
use bgw_engine::formats::read_setup;
use std::path::Path;

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

impl IdFormat {
    /// `setup` written in this format.
    pub fn write(self, setup: &bgw_engine::formats::Setup) -> String {
        match self {
            IdFormat::PositionId => setup.position_id(),
            IdFormat::PositionMatchId => format!("{}:{}", setup.position_id(), setup.match_id()),
            IdFormat::Xgid => setup.xgid(),
        }
    }
}

impl AppState {
    /// Reads an ID onto the board (one undo step); `how` it came ("pasted", "typed") goes
    /// into the message. The error, when the text is refused.
    pub(crate) fn read_id(&mut self, text: &str, how: &str) -> Result<(), String> {
        match read_setup(text) {
            Ok(setup) => {
                self.editing.replace(Edit::from_setup(&setup));
                // The status line shows the match state itself.
                let extra = match self.editing.edit.match_state {
                    Some(_) => " (cube and score kept; analysed as a money game)",
                    None => "",
                };
                self.messages.info(format!("{how} {}{extra}", text.trim()));
                Ok(())
            }
            Err(e) => {
                let e = e.to_string();
                self.messages
                    .error(format!("cannot read the {how} text: {e}"));
                Err(e)
            }
        }
    }

    /// Puts the position on the clipboard in `format`.
    pub(crate) fn copy(&mut self, format: IdFormat) {
        let Some(setup) = self.editing.edit.setup() else {
            return self
                .messages
                .error("nothing copied: the board is not a legal position");
        };
        let text = format.write(&setup);
        self.messages.info(format!("copied {text}"));
        self.clipboard_out = Some(text);
    }

    /// Asks for a position file (in the last folder used, else `positions/`) and opens it.
    pub(crate) fn open_position(&mut self, dialogs: &mut dyn FileDialogs) {
        let dir = self
            .settings
            .position_dir
            .clone()
            .or_else(examples::local_dir);
        if let Some(path) = dialogs.open(FileKind::Position, dir.as_deref()) {
            self.load_position(&path);
        }
    }

    /// Opens the position file at `path`.
    pub(crate) fn load_position(&mut self, path: &Path) {
        match PositionFile::load(path) {
            Ok(file) => {
                self.open_file(&file, &path.display().to_string());
                self.settings.position_dir = path.parent().map(Path::to_path_buf);
            }
            Err(e) => self
                .messages
                .error(format!("cannot open the position: {e}")),
        }
    }

    /// Opens the built-in example `name`.
    pub(crate) fn load_example(&mut self, name: &str) {
        match examples::embedded(name).map(PositionFile::parse) {
            Some(Ok(file)) => self.open_file(&file, name),
            Some(Err(e)) => self.messages.error(format!("cannot open {name}: {e}")),
            None => self.messages.error(format!("no example called {name}")),
        }
    }

    fn open_file(&mut self, file: &PositionFile, name: &str) {
        match file.to_setup() {
            Ok(setup) => {
                self.editing.replace(Edit::from_setup(&setup));
                self.messages
                    .info(format!("opened {name}: {}", file.description));
            }
            Err(e) => self
                .messages
                .error(format!("cannot open the position: {e}")),
        }
    }

    /// Asks where to save the position and saves it.
    pub(crate) fn save_position(&mut self, dialogs: &mut dyn FileDialogs) {
        let Some(setup) = self.editing.edit.setup() else {
            return self
                .messages
                .error("not saved: the board is not a legal position");
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
                self.messages.info(format!("saved {}", path.display()));
            }
            Err(e) => self.messages.error(format!("not saved: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::editing::{EditAction, Loc};
    use crate::app::files::ScriptedDialogs;
    use bgw_engine::position::{Position, Side};

    #[test]
    fn copy_in_each_format() {
        let mut s = AppState::default();
        s.act(EditAction::Copy(IdFormat::PositionId));
        assert_eq!(s.clipboard_out.as_deref(), Some("4HPwATDgc/ABMA"));
        s.act(EditAction::Copy(IdFormat::Xgid));
        let xgid = s.clipboard_out.clone().unwrap();
        assert!(
            xgid.starts_with("XGID=-b----E-C---eE---c-e----B-:"),
            "{xgid}"
        );
        assert_eq!(
            read_setup(&xgid).unwrap().position,
            Position::opening(Side::White)
        );
        s.act(EditAction::Copy(IdFormat::PositionMatchId));
        let text = s.clipboard_out.clone().unwrap();
        let mut t = AppState::default();
        t.act(EditAction::Empty);
        t.act(EditAction::Paste(text));
        assert_eq!(t.editing.edit, s.editing.edit);
    }

    #[test]
    fn a_pasted_match_state_is_kept_through_edits_and_copied_back() {
        let mut s = AppState::default();
        // 7-point match, White 2 Black 4, cube 2 owned by White, White to play 52.
        let x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10";
        s.act(EditAction::Paste(x.into()));
        s.act(EditAction::Copy(IdFormat::Xgid));
        assert_eq!(s.clipboard_out.as_deref(), Some(x));
        // New dice: the copy says so, and still has the cube and score.
        s.act(EditAction::SetDie(0, 6));
        s.act(EditAction::SetDie(1, 6));
        s.act(EditAction::Copy(IdFormat::Xgid));
        assert_eq!(
            s.clipboard_out.as_deref(),
            Some(&*x.replace(":52:", ":66:"))
        );
        // Through gnubg's Match ID and back.
        s.act(EditAction::Copy(IdFormat::PositionMatchId));
        let gnubg = s.clipboard_out.clone().unwrap();
        let m = read_setup(&gnubg).unwrap().match_state.unwrap();
        assert_eq!(
            (m.match_length(), m.score(Side::White), m.score(Side::Black)),
            (7, 2, 4)
        );
        assert_eq!((m.cube_value(), m.cube_owner()), (2, Some(Side::White)));
        // Swapping sides swaps the scores and the cube; undo restores them.
        s.act(EditAction::SwapSides);
        let m = s.editing.edit.match_state.unwrap();
        assert_eq!(
            (m.score(Side::White), m.cube_owner()),
            (4, Some(Side::Black))
        );
        s.act(EditAction::Undo);
        assert_eq!(s.editing.edit.match_state.unwrap().score(Side::White), 2);
        // Back to a money game.
        s.act(EditAction::MoneyGame);
        assert_eq!(s.editing.edit.match_state, None);
        s.act(EditAction::Copy(IdFormat::Xgid));
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
        s.act(EditAction::Add(Side::Black, Loc::Bar));
        s.act(EditAction::Remove(Loc::Point(19)));
        s.act(EditAction::SetDie(0, 6));
        s.act(EditAction::SetDie(1, 6));
        let mut d = ScriptedDialogs::answering([path.clone(), path.clone()]);
        s.apply(EditAction::SavePosition, &mut d);
        assert!(
            !s.messages.last.as_ref().unwrap().error,
            "{:?}",
            s.messages.last
        );
        let saved = s.editing.edit;
        s.apply(EditAction::Opening, &mut d);
        s.apply(EditAction::OpenPosition, &mut d);
        assert_eq!(s.editing.edit, saved);
        assert_eq!(
            d.asked,
            vec![(FileKind::Position, true), (FileKind::Position, false)]
        );
        // Cancelled dialog: nothing changes.
        s.apply(EditAction::OpenPosition, &mut d);
        assert_eq!(s.editing.edit, saved);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_built_in_example_opens_without_a_file() {
        let mut s = AppState::default();
        s.act(EditAction::LoadExample("seed-001-example"));
        assert_eq!(s.editing.edit.board.pips(Side::White), 100);
        assert_eq!(s.editing.edit.board.pips(Side::Black), 99);
        assert!(s.settings.position_dir.is_none(), "no folder was involved");
        s.act(EditAction::LoadExample("no-such-example"));
        assert!(s.messages.last.as_ref().unwrap().error);
        assert_eq!(s.editing.edit.board.pips(Side::White), 100);
    }
}
