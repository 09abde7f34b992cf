//! Exports: the board as PNG (drawn off-screen by the shell, [`crate::app::render`]), an image
//! or the analysis as text saved where the person says, the analysis copied to the clipboard.

use super::{Action, AppState, analysis_text};
use crate::app::effect::Effect;
use crate::app::files::{FileKind, Request};
use crate::app::render::ExportSize;
use bgw_engine::io::atomic_file::write_atomic;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What can be exported.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportAction {
    /// The board as PNG at this size, with its title (no widgets): the shell draws it
    /// off-screen at the end of the frame.
    Board(ExportSize),
    /// An image rendered for export, to save under a name the dialog proposes.
    SavePng {
        /// The PNG file's bytes.
        png: Arc<[u8]>,
        /// The file name proposed.
        name: String,
    },
    /// An export could not be drawn or encoded (the reason).
    Failed(String),
    /// The analysis as text to the clipboard.
    CopyAnalysis,
    /// The analysis as text to a file.
    SaveAnalysis,
    /// Writes these bytes (an image or the analysis) to the path the save dialog answered.
    Write {
        /// The file's bytes.
        bytes: Arc<[u8]>,
        /// What they are, for the message ("image", "analysis").
        what: &'static str,
        /// Where.
        path: PathBuf,
    },
}

impl AppState {
    /// Applies one export action.
    pub(super) fn apply_export(&mut self, action: ExportAction) {
        match action {
            ExportAction::Board(size) => {
                let picture = crate::app::board::picture(
                    self.editing.edit,
                    self.settings.bottom,
                    self.previewed_play(),
                    self.play.as_ref().and_then(|p| p.program_move_shown()),
                );
                self.effects.push(Effect::Export { picture, size });
            }
            ExportAction::SavePng { png, name } => {
                self.ask_where(FileKind::Png, &name, png, "image")
            }
            ExportAction::Failed(e) => self.messages.error(format!("not exported: {e}")),
            ExportAction::CopyAnalysis => match analysis_text::text(self) {
                Ok(text) => {
                    self.messages.info("copied the analysis as text");
                    self.effects.push(Effect::Copy(text));
                }
                Err(e) => self.messages.error(format!("nothing copied: {e}")),
            },
            ExportAction::SaveAnalysis => match analysis_text::text(self) {
                Ok(text) => {
                    let bytes: Arc<[u8]> = text.into_bytes().into();
                    self.ask_where(FileKind::Text, "analysis.txt", bytes, "analysis");
                }
                Err(e) => self.messages.error(format!("not exported: {e}")),
            },
            ExportAction::Write { bytes, what, path } => self.write_export(&path, &bytes, what),
        }
    }

    /// Asks where to save `bytes` (`what` they are), proposing `name` in the last folder.
    fn ask_where(&mut self, kind: FileKind, name: &str, bytes: Arc<[u8]>, what: &'static str) {
        let request = Request::save(kind, self.export_dir.as_deref(), name);
        self.effects.push(Effect::ask(request, move |path| {
            Action::Export(ExportAction::Write { bytes, what, path })
        }));
    }

    fn write_export(&mut self, path: &Path, bytes: &[u8], what: &str) {
        match write_atomic(path, |w| w.write_all(bytes)) {
            Ok(()) => {
                self.export_dir = path.parent().map(Path::to_path_buf);
                self.messages
                    .info(format!("exported the {what} to {}", path.display()));
            }
            Err(e) => self
                .messages
                .error(format!("not exported to {}: {e}", path.display())),
        }
    }
}
