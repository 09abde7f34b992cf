//! File dialogs behind a small trait: the app asks [`FileDialogs`] for a path, the desktop
//! answers with rfd's native dialogs, tests with [`ScriptedDialogs`] (no window ever opens).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// What kind of file a dialog is for (its title and filter).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileKind {
    /// A RON position file (`positions/*.ron`).
    Position,
    /// A RON weights file for the classic program.
    Weights,
}

impl FileKind {
    fn title(self) -> &'static str {
        match self {
            FileKind::Position => "position",
            FileKind::Weights => "weights",
        }
    }
}

/// Asks the person for a file to open or a place to save.
pub trait FileDialogs {
    /// A file to open, starting in `dir`; `None` when cancelled.
    fn open(&mut self, kind: FileKind, dir: Option<&Path>) -> Option<PathBuf>;
    /// A path to save to, starting in `dir` with `name` proposed; `None` when cancelled.
    fn save(&mut self, kind: FileKind, dir: Option<&Path>, name: &str) -> Option<PathBuf>;
}

/// The desktop's native dialogs (rfd).
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn open(&mut self, kind: FileKind, dir: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new()
            .set_title(format!("Open a {} file", kind.title()))
            .add_filter("RON", &["ron"]);
        if let Some(dir) = dir {
            d = d.set_directory(dir);
        }
        d.pick_file()
    }

    fn save(&mut self, kind: FileKind, dir: Option<&Path>, name: &str) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new()
            .set_title(format!("Save the {} as", kind.title()))
            .add_filter("RON", &["ron"])
            .set_file_name(name);
        if let Some(dir) = dir {
            d = d.set_directory(dir);
        }
        d.save_file()
    }
}

/// Dialogs that answer from a list given in advance, recording what was asked (for tests).
#[derive(Default)]
pub struct ScriptedDialogs {
    /// Answers in order; an empty list answers "cancelled".
    pub answers: VecDeque<Option<PathBuf>>,
    /// Each question asked: the kind and whether it was a save.
    pub asked: Vec<(FileKind, bool)>,
}

impl ScriptedDialogs {
    /// Dialogs that answer with these paths in turn.
    pub fn answering(paths: impl IntoIterator<Item = PathBuf>) -> ScriptedDialogs {
        ScriptedDialogs {
            answers: paths.into_iter().map(Some).collect(),
            asked: Vec::new(),
        }
    }
}

impl FileDialogs for ScriptedDialogs {
    fn open(&mut self, kind: FileKind, _dir: Option<&Path>) -> Option<PathBuf> {
        self.asked.push((kind, false));
        self.answers.pop_front().flatten()
    }

    fn save(&mut self, kind: FileKind, _dir: Option<&Path>, _name: &str) -> Option<PathBuf> {
        self.asked.push((kind, true));
        self.answers.pop_front().flatten()
    }
}
