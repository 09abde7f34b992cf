//! Exports: the board as PNG (drawn off-screen by the shell, [`crate::app::render`]), an image
//! or the analysis as text saved where the person says, the analysis copied to the clipboard.

use super::{Action, AppState, analysis_text};
use crate::app::effect::Effect;
use crate::app::export::ExportAction;
use crate::app::files::{FileKind, Request};
use bgw_engine::io::atomic_file::write_atomic;
use bgw_engine::matches::{Match, MatchFormat};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

impl AppState {
    /// Applies one export action.
    pub(super) fn apply_export(&mut self, action: ExportAction) {
        match action {
            ExportAction::Board(size) => {
                let picture = crate::app::board::picture(
                    self.editing.edit,
                    self.settings.bottom,
                    self.previewed_play(),
                    self.play.game.as_ref().and_then(|p| p.program_move_shown()),
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
            ExportAction::SaveMatch => match self.exportable_match() {
                Ok((game, name)) => self.ask_where_match(game, &name, "match"),
                Err(why) => self.messages.error(format!("not exported: {why}")),
            },
            ExportAction::SaveGame => match self.exportable_game() {
                Ok(game) => {
                    // MAT when it can hold the game, else SGF.
                    let format = match game.try_to_mat() {
                        Ok(_) => MatchFormat::Mat,
                        Err(_) => MatchFormat::Sgf,
                    };
                    self.ask_where_match(game, &format!("game.{}", format.extension()), "game")
                }
                Err(why) => self.messages.error(format!("not exported: {why}")),
            },
            ExportAction::WriteMatch { game, what, path } => {
                let Some(format) = MatchFormat::of_extension(&path) else {
                    let why = "name the file .mat or .sgf (the format follows the name)";
                    return self
                        .messages
                        .error(format!("not exported to {}: {why}", path.display()));
                };
                match game.write_as(format) {
                    Ok(text) => self.write_export(&path, text.as_bytes(), what),
                    Err(e) => self
                        .messages
                        .error(format!("not exported to {}: {e}", path.display())),
                }
            }
        }
    }

    /// The Match tab's match and the file name proposed for it, or why there is none.
    pub fn exportable_match(&self) -> Result<(Arc<Match>, String), &'static str> {
        let loaded = self
            .match_review
            .loaded
            .as_ref()
            .ok_or("no match is open in the Match tab")?;
        let stem = Path::new(&loaded.name)
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| !s.is_empty() && loaded.name != "pasted match")
            .unwrap_or("match");
        Ok((Arc::clone(&loaded.game), format!("{stem}.sgf")))
    }

    /// The Play tab's game as a match: the game on (once started), else the last one
    /// ended; or why there is none.
    pub fn exportable_game(&self) -> Result<Arc<Match>, &'static str> {
        match &self.play.game {
            Some(g) if g.game.played().is_some() => Ok(Arc::new(g.to_match())),
            _ => self
                .play
                .last_game
                .clone()
                .ok_or("no game played yet: start one in the Play tab"),
        }
    }

    /// Asks where to save match `game` (`what` it is), proposing `name` in the last folder.
    fn ask_where_match(&mut self, game: Arc<Match>, name: &str, what: &'static str) {
        let request = Request::save(FileKind::Match, self.export_dir.as_deref(), name);
        self.effects.push(Effect::ask(request, move |path| {
            Action::Export(ExportAction::WriteMatch { game, what, path })
        }));
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
