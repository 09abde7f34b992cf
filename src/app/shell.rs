//! The shell: the one place effects are carried out. The coordinator applies an action and
//! returns its [`Effect`]s; the shell puts text on the clipboard, opens web pages, asks the
//! file dialogs and applies the action an answer makes, and draws exports off-screen as PNG
//! ([`super::render`]; the image comes back as an action that asks where to save it).
//!
//! Effects that need a frame (the clipboard, a web page, an export in the app's look) wait for
//! it; the file
//! dialogs are asked at once, so dialogs that answer at once (tests' [`ScriptedDialogs`])
//! have their answer applied before [`Shell::act`] returns.
//!
//! [`ScriptedDialogs`]: super::files::ScriptedDialogs

use super::coordinator::{Action, AppState};
use super::effect::{Effect, Then};
use super::export::ExportAction;
use super::export::encode_png;
use super::files::{Answer, FileDialogs};
use super::render::{ExportSize, Picture};

/// An export drawn: its title, the file name proposed and its size in pixels (tests look at
/// it).
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    /// The title drawn in the picture.
    pub title: String,
    /// The file name proposed.
    pub name: String,
    /// Width and height in pixels.
    pub size: [usize; 2],
}

/// The effects' runner: the file dialogs, the question waiting for its answer, and what waits
/// for the next frame.
pub struct Shell {
    /// Where file dialogs come from.
    pub dialogs: Box<dyn FileDialogs>,
    /// What the answer to the open question becomes.
    asking: Option<Then<Action>>,
    /// Text for the clipboard.
    copies: Vec<String>,
    /// Web pages to open.
    urls: Vec<String>,
    /// Pictures to draw at the end of the frame, in the app's look.
    exports: Vec<(Picture, ExportSize)>,
    /// The last export drawn.
    last_export: Option<Exported>,
}

impl Shell {
    /// A shell asking `dialogs` for paths.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> Shell {
        Shell {
            dialogs,
            asking: None,
            copies: Vec::new(),
            urls: Vec::new(),
            exports: Vec::new(),
            last_export: None,
        }
    }

    /// Applies `action` to `state` and carries out its effects (and those of the actions they
    /// send back).
    pub fn act(&mut self, state: &mut AppState, action: impl Into<Action>) {
        let effects = state.apply(action);
        self.run(state, effects);
    }

    /// Collects the state's background work ([`AppState::poll`]) and starts the jobs it asks
    /// for; `polled(tab)` says whether a tab's work goes on now.
    pub fn poll(&mut self, state: &mut AppState, polled: impl Fn(super::settings::Tab) -> bool) {
        let effects = state.poll(polled);
        self.run(state, effects);
    }

    fn run(&mut self, state: &mut AppState, effects: Vec<Effect<Action>>) {
        for e in effects {
            match e {
                Effect::Copy(text) => self.copies.push(text),
                Effect::OpenUrl(url) => self.urls.push(url),
                Effect::Start(start) => {
                    if let Err(e) = start.spawn() {
                        state.messages.error(e);
                    }
                }
                Effect::Export { picture, size } => self.exports.push((picture, size)),
                Effect::Info(text) => state.messages.info(text),
                Effect::Warning(text) => state.messages.warning(text),
                Effect::Notice(text) => state.messages.notice(text),
                Effect::Error(text) => state.messages.error(text),
                Effect::AskPath { request, then } => {
                    if self.asking.is_some() {
                        state
                            .messages
                            .error("a file dialog is already open: answer it first");
                        continue;
                    }
                    if self.dialogs.ask(request) {
                        self.asking = Some(then);
                    }
                    self.collect(state);
                }
            }
        }
    }

    /// The dialogs' messages, and the action the answer makes, applied.
    fn collect(&mut self, state: &mut AppState) -> bool {
        let news = self.dialogs.news();
        for m in news.messages {
            match m.error {
                true => state.messages.error(m.text),
                false => state.messages.info(m.text),
            }
        }
        let Some(answer) = news.answer else {
            return false;
        };
        if let (Answer::Chosen(path), Some(then)) = (answer, self.asking.take()) {
            self.act(state, then.call(path));
        }
        true
    }

    /// Once a frame, before the panels: sends what waits for the frame.
    pub fn begin_frame(&mut self, ctx: &egui::Context) {
        self.flush(ctx);
    }

    /// Sends the text waiting for the clipboard and opens the web pages asked for.
    pub fn flush(&mut self, ctx: &egui::Context) {
        for text in self.copies.drain(..) {
            ctx.copy_text(text);
        }
        for url in self.urls.drain(..) {
            ctx.open_url(egui::OpenUrl::new_tab(url));
        }
    }

    /// Once a frame, after the panels: draws the file dialog drawn in the window and applies
    /// an answer, draws the exports asked for in the app's look (a save dialog each), and
    /// starts the work the frame's end asks for ([`AppState::end_frame`]).
    pub fn end_frame(&mut self, ctx: &egui::Context, state: &mut AppState) {
        self.dialogs.show(ctx);
        if self.collect(state) {
            ctx.request_repaint();
        }
        for (picture, size) in std::mem::take(&mut self.exports) {
            let action = self.export(ctx, &picture, size);
            self.act(state, action);
        }
        let effects = state.end_frame();
        self.run(state, effects);
        self.flush(ctx);
    }

    /// `picture` drawn off-screen at `size` and encoded: the action that asks where to save it.
    fn export(&mut self, ctx: &egui::Context, picture: &Picture, size: ExportSize) -> ExportAction {
        let image = match picture.render(size, ctx.global_style()) {
            Ok(image) => image,
            Err(e) => return ExportAction::Failed(e),
        };
        let name = picture.file_name(size);
        self.last_export = Some(Exported {
            title: picture.title.clone(),
            name: name.clone(),
            size: image.size,
        });
        match encode_png(&image) {
            Ok(png) => ExportAction::SavePng {
                png: png.into(),
                name,
            },
            Err(e) => ExportAction::Failed(format!("cannot encode the PNG: {e}")),
        }
    }

    /// How many exports wait for the end of the frame.
    pub fn exports_waiting(&self) -> usize {
        self.exports.len()
    }

    /// The last export drawn.
    pub fn last_export(&self) -> Option<&Exported> {
        self.last_export.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::edit::Loc;
    use crate::app::editing::EditAction;
    use crate::app::files::{DialogNews, Request, ScriptedDialogs};
    use crate::app::weights::WeightsAction;
    use bgw_engine::core::position::Side;
    use bgw_engine::evaluation::classic::Term;

    /// Dialogs that never answer: the question stays open.
    struct Silent(Vec<Request>);

    impl FileDialogs for Silent {
        fn ask(&mut self, request: Request) -> bool {
            self.0.push(request);
            true
        }

        fn news(&mut self) -> DialogNews {
            DialogNews::default()
        }
    }

    #[test]
    fn an_answer_becomes_the_action_its_question_named() {
        let dir = std::env::temp_dir().join(format!("bgw-shell-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.ron");
        let mut state = AppState::default();
        let mut shell = Shell::new(Box::new(ScriptedDialogs::answering([path.clone()])));
        state.weights.current.set(Term::Prime, -3.0);
        shell.act(&mut state, WeightsAction::SaveAs);
        assert_eq!(state.weights.path.as_deref(), Some(path.as_path()));
        assert!(!state.weights.dirty());
        assert!(
            state
                .messages
                .last
                .as_ref()
                .unwrap()
                .text
                .starts_with("weights saved")
        );
        // Edits then Open: the question about the edits first, then the file dialog, whose
        // answer loads the file without asking again.
        state.weights.current.set(Term::Prime, -4.0);
        shell.dialogs = Box::new(ScriptedDialogs::answering([path.clone()]));
        shell.act(&mut state, WeightsAction::Open);
        assert!(state.weights.confirm_discard.is_some());
        shell.act(&mut state, WeightsAction::ConfirmDiscard(true));
        assert_eq!(state.weights.confirm_discard, None);
        assert_eq!(state.weights.current.get(Term::Prime), -3.0);
        assert!(!state.weights.dirty());
        // A cancelled dialog changes nothing.
        state.weights.current.set(Term::Prime, -5.0);
        shell.dialogs = Box::new(ScriptedDialogs::default());
        shell.act(&mut state, WeightsAction::SaveAs);
        assert!(state.weights.dirty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_question_at_a_time() {
        let mut state = AppState::default();
        let mut shell = Shell::new(Box::new(Silent(Vec::new())));
        shell.act(&mut state, EditAction::Open);
        assert!(state.messages.last.is_none());
        shell.act(&mut state, WeightsAction::SaveAs);
        let last = state.messages.last.clone().unwrap();
        assert!(last.error && last.text.contains("already open"), "{last:?}");
    }

    #[test]
    fn copies_wait_for_the_frame_and_exports_for_its_end() {
        let mut state = AppState::default();
        let mut shell = Shell::new(Box::new(ScriptedDialogs::default()));
        shell.act(
            &mut state,
            EditAction::Copy(crate::app::IdFormat::PositionId),
        );
        assert_eq!(shell.copies, ["4HPwATDgc/ABMA"]);
        shell.act(&mut state, ExportAction::Board(ExportSize::Screen));
        assert_eq!(shell.exports_waiting(), 1);
        // No board on screen is needed: the export is drawn off-screen, then a save dialog
        // (cancelled here) is asked.
        let ctx = egui::Context::default();
        shell.end_frame(&ctx, &mut state);
        assert_eq!(shell.exports_waiting(), 0);
        assert!(shell.copies.is_empty(), "sent");
        let e = shell.last_export().expect("drawn");
        assert_eq!(e.name, "board.png");
        assert_eq!(e.size[0], 1600);
        assert!(e.title.contains("4HPwATDgc/ABMA"), "{}", e.title);
        // An illegal board copies nothing.
        shell.act(&mut state, EditAction::Add(Side::White, Loc::Point(7)));
        shell.act(&mut state, EditAction::Copy(crate::app::IdFormat::Xgid));
        assert!(shell.copies.is_empty());
    }
}
