//! The position in and out: Position IDs, `PositionID:MatchID` and XGIDs pasted and copied,
//! RON position files opened and saved through the file dialogs, the built-in examples.

use super::examples;
use super::{EditAction, EditState, IdFormat};
use crate::app::edit::Edit;
use crate::app::effect::Effect;
use crate::app::files::{FileKind, Request};
use bgw_engine::core::formats::{PositionFile, read_setup};
use std::path::Path;

impl EditState {
    /// Reads an ID onto the board (one undo step); `how` it came ("pasted", "typed") goes
    /// into the note. The note, and the reason when the text is refused.
    pub(crate) fn read_id(
        &mut self,
        text: &str,
        how: &str,
    ) -> (Vec<Effect<EditAction>>, Option<String>) {
        match read_setup(text) {
            Ok(setup) => {
                self.replace(Edit::from_setup(&setup));
                // Which judge is at which state: gnubg at the match state read (the
                // candidates' switch can make it cubeless money), the classic program at none.
                let extra = match setup.match_state {
                    Some(m) if !m.is_plain_money() => format!(
                        " ({}: gnubg judges there; the classic program's board value \
                         takes no score or cube)",
                        bgw_engine::reference::MatchContext::of(&setup).describe()
                    ),
                    _ => String::new(),
                };
                let note = Effect::info(format!("{how} {}{extra}", text.trim()));
                (vec![note], None)
            }
            Err(e) => {
                let e = e.to_string();
                let note = Effect::error(format!("cannot read the {how} text: {e}"));
                (vec![note], Some(e))
            }
        }
    }

    /// Puts the position on the clipboard in `format`.
    pub(super) fn copy(&self, format: IdFormat) -> Vec<Effect<EditAction>> {
        let Some(setup) = self.edit.setup() else {
            return vec![Effect::error(
                "nothing copied: the board is not a legal position",
            )];
        };
        let text = format.write(&setup);
        vec![Effect::info(format!("copied {text}")), Effect::Copy(text)]
    }

    /// Asks for a position or a match file (in the last folder used, else `positions/`) to
    /// open.
    pub(super) fn open_position(&self) -> Effect<EditAction> {
        let dir = self.position_dir.clone().or_else(examples::local_dir);
        Effect::ask(
            Request::open(FileKind::PositionOrMatch, dir.as_deref()),
            EditAction::LoadPosition,
        )
    }

    /// Opens the position file at `path`.
    pub(super) fn load_position(&mut self, path: &Path) -> Effect<EditAction> {
        match PositionFile::load(path) {
            Ok(file) => {
                self.position_dir = path.parent().map(Path::to_path_buf);
                self.open_file(&file, &path.display().to_string())
            }
            Err(e) => Effect::error(format!("cannot open the position: {e}")),
        }
    }

    /// Opens the built-in example `name`.
    pub(super) fn load_example(&mut self, name: &str) -> Effect<EditAction> {
        match examples::embedded(name).map(PositionFile::parse) {
            Some(Ok(file)) => self.open_file(&file, name),
            Some(Err(e)) => Effect::error(format!("cannot open {name}: {e}")),
            None => Effect::error(format!("no example called {name}")),
        }
    }

    fn open_file(&mut self, file: &PositionFile, name: &str) -> Effect<EditAction> {
        match file.to_setup() {
            Ok(setup) => {
                self.replace(Edit::from_setup(&setup));
                Effect::info(format!("opened {name}: {}", file.description))
            }
            Err(e) => Effect::error(format!("cannot open the position: {e}")),
        }
    }

    /// Asks where to save the position (refused at once when the board is not legal).
    pub(super) fn ask_where_to_save(&self) -> Effect<EditAction> {
        if self.edit.setup().is_none() {
            return Effect::error("not saved: the board is not a legal position");
        }
        Effect::ask(
            Request::save(
                FileKind::Position,
                self.position_dir.as_deref(),
                "position.ron",
            ),
            EditAction::SavePositionTo,
        )
    }

    /// Saves the position to `path`.
    pub(super) fn save_position(&mut self, path: &Path) -> Effect<EditAction> {
        let Some(setup) = self.edit.setup() else {
            return Effect::error("not saved: the board is not a legal position");
        };
        let description = format!(
            "{} to play{}",
            setup.position.on_roll(),
            setup.dice.map(|d| format!(" {d}")).unwrap_or_default()
        );
        match PositionFile::from_setup(&description, &setup).save(path) {
            Ok(()) => {
                self.position_dir = path.parent().map(Path::to_path_buf);
                Effect::info(format!("saved {}", path.display()))
            }
            Err(e) => Effect::error(format!("not saved: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::edit::Loc;
    use bgw_engine::ScriptedDice;
    use bgw_engine::core::position::{Position, Side};
    use std::path::PathBuf;

    fn act(ed: &mut EditState, a: EditAction) -> Vec<Effect<EditAction>> {
        ed.update(a, &mut ScriptedDice::new([]))
    }

    /// The text the effects put on the clipboard.
    fn copied(effects: &[Effect<EditAction>]) -> String {
        effects
            .iter()
            .find_map(|e| match e {
                Effect::Copy(t) => Some(t.clone()),
                _ => None,
            })
            .expect("a copy")
    }

    /// The note or failure of the effects: (text, is an error).
    fn note(effects: &[Effect<EditAction>]) -> (String, bool) {
        effects
            .iter()
            .find_map(|e| match e {
                Effect::Info(t) => Some((t.clone(), false)),
                Effect::Error(t) => Some((t.clone(), true)),
                _ => None,
            })
            .expect("a note")
    }

    /// The question the effects ask, answered with `path`: its kind, save or not, and the
    /// action the answer makes.
    fn answer(effects: Vec<Effect<EditAction>>, path: PathBuf) -> (FileKind, bool, EditAction) {
        for e in effects {
            if let Effect::AskPath { request, then } = e {
                return (request.kind, request.save, then.call(path));
            }
        }
        panic!("no question asked");
    }

    #[test]
    fn copy_in_each_format() {
        let mut s = EditState::new(Edit::opening());
        let fx = act(&mut s, EditAction::Copy(IdFormat::PositionId));
        assert_eq!(copied(&fx), "4HPwATDgc/ABMA");
        assert_eq!(note(&fx), ("copied 4HPwATDgc/ABMA".to_string(), false));
        let xgid = copied(&act(&mut s, EditAction::Copy(IdFormat::Xgid)));
        assert!(
            xgid.starts_with("XGID=-b----E-C---eE---c-e----B-:"),
            "{xgid}"
        );
        assert_eq!(
            read_setup(&xgid).unwrap().position,
            Position::opening(Side::White)
        );
        let text = copied(&act(&mut s, EditAction::Copy(IdFormat::PositionMatchId)));
        let mut t = EditState::new(Edit::opening());
        act(&mut t, EditAction::Empty);
        act(&mut t, EditAction::Paste(text));
        assert_eq!(t.edit, s.edit);
        // An illegal board copies nothing, and says so.
        act(&mut t, EditAction::Add(Side::White, Loc::Point(7)));
        let fx = act(&mut t, EditAction::Copy(IdFormat::Xgid));
        assert!(note(&fx).1);
        assert!(!fx.iter().any(|e| matches!(e, Effect::Copy(_))));
    }

    #[test]
    fn a_pasted_match_state_is_kept_through_edits_and_copied_back() {
        let mut s = EditState::new(Edit::opening());
        // 7-point match, White 2 Black 4, cube 2 owned by White, White to play 52.
        let x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10";
        let note = act(&mut s, EditAction::Paste(x.into()));
        // The note says which judge is at which state: gnubg at the score, the classic at none.
        let note = format!("{note:?}");
        assert!(
            note.contains("2-4 to 7, cube 2 White: gnubg judges there")
                && note.contains("the classic program's board value takes no score or cube")
                && !note.contains("money game"),
            "{note}"
        );
        assert_eq!(copied(&act(&mut s, EditAction::Copy(IdFormat::Xgid))), x);
        // New dice: the copy says so, and still has the cube and score.
        act(&mut s, EditAction::SetDie(0, 6));
        act(&mut s, EditAction::SetDie(1, 6));
        assert_eq!(
            copied(&act(&mut s, EditAction::Copy(IdFormat::Xgid))),
            x.replace(":52:", ":66:")
        );
        // Through gnubg's Match ID and back.
        let gnubg = copied(&act(&mut s, EditAction::Copy(IdFormat::PositionMatchId)));
        let m = read_setup(&gnubg).unwrap().match_state.unwrap();
        assert_eq!(
            (m.match_length(), m.score(Side::White), m.score(Side::Black)),
            (7, 2, 4)
        );
        assert_eq!((m.cube_value(), m.cube_owner()), (2, Some(Side::White)));
        // Swapping sides swaps the scores and the cube; undo restores them.
        act(&mut s, EditAction::SwapSides);
        let m = s.edit.match_state.unwrap();
        assert_eq!(
            (m.score(Side::White), m.cube_owner()),
            (4, Some(Side::Black))
        );
        act(&mut s, EditAction::Undo);
        assert_eq!(s.edit.match_state.unwrap().score(Side::White), 2);
        // Back to a money game.
        act(&mut s, EditAction::MoneyGame);
        assert_eq!(s.edit.match_state, None);
        let money = copied(&act(&mut s, EditAction::Copy(IdFormat::Xgid)));
        assert!(money.ends_with(":0:0:1:66:0:0:0:0:10"), "{money}");
    }

    #[test]
    fn positions_open_and_save_through_the_dialogs() {
        let dir = tempfile_dir();
        let path = dir.join("saved.ron");
        let mut s = EditState::new(Edit::opening());
        act(&mut s, EditAction::Add(Side::Black, Loc::Bar));
        act(&mut s, EditAction::Remove(Loc::Point(19)));
        act(&mut s, EditAction::SetDie(0, 6));
        act(&mut s, EditAction::SetDie(1, 6));
        let (kind, save, then) = answer(act(&mut s, EditAction::SavePosition), path.clone());
        assert_eq!((kind, save), (FileKind::Position, true));
        assert_eq!(then, EditAction::SavePositionTo(path.clone()));
        let fx = act(&mut s, then);
        assert!(!note(&fx).1, "{fx:?}");
        assert_eq!(s.position_dir.as_deref(), Some(dir.as_path()));
        let saved = s.edit;
        act(&mut s, EditAction::Opening);
        let (kind, save, then) = answer(act(&mut s, EditAction::Open), path.clone());
        assert_eq!((kind, save), (FileKind::PositionOrMatch, false));
        act(&mut s, then);
        assert_eq!(s.edit, saved);
        // A file that is not a position: refused with the reason, the board kept.
        let bad = dir.join("bad.ron");
        std::fs::write(&bad, "(not a position").unwrap();
        let fx = act(&mut s, EditAction::LoadPosition(bad));
        assert!(note(&fx).1 && note(&fx).0.starts_with("cannot open the position"));
        assert_eq!(s.edit, saved);
        // An illegal board is refused before any dialog opens.
        act(&mut s, EditAction::Add(Side::White, Loc::Point(7)));
        let fx = act(&mut s, EditAction::SavePosition);
        assert!(matches!(fx[..], [Effect::Error(_)]), "{fx:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bgw-app-positions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_built_in_example_opens_without_a_file() {
        let mut s = EditState::new(Edit::opening());
        act(&mut s, EditAction::LoadExample("seed-001-example"));
        assert_eq!(s.edit.board.pips(Side::White), 100);
        assert_eq!(s.edit.board.pips(Side::Black), 99);
        assert!(s.position_dir.is_none(), "no folder was involved");
        let fx = act(&mut s, EditAction::LoadExample("no-such-example"));
        assert!(note(&fx).1);
        assert_eq!(s.edit.board.pips(Side::White), 100);
    }
}
