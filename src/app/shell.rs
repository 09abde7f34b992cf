//! The shell: the one place effects are carried out. The coordinator applies an action and
//! returns its [`Effect`]s; the shell puts text on the clipboard, opens web pages, asks the
//! file dialogs and applies the action an answer makes, and captures part of the next frame as
//! PNG (the capture comes back as an action that asks where to save it).
//!
//! Effects that need a frame (the clipboard, a web page, a capture) wait for it; the file
//! dialogs are asked at once, so dialogs that answer at once (tests' [`ScriptedDialogs`])
//! have their answer applied before [`Shell::act`] returns.
//!
//! [`ScriptedDialogs`]: super::files::ScriptedDialogs

use super::coordinator::{Action, AppState, ExportAction};
use super::effect::{Effect, Region, Then};
use super::export::crop_png;
use super::files::{Answer, FileDialogs};
use egui::Rect;
use std::sync::{Arc, Mutex};

/// Captures finished by the integration, waiting to be applied on the next frame.
type Arrived = Arc<Mutex<Vec<Action>>>;

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
    /// Regions to capture from the next frame, with the file names proposed.
    captures: Vec<(Region, String)>,
    /// Captures encoded, as actions (filled by egui's screenshot callback).
    arrived: Arrived,
    /// The last capture asked for: its rectangle and file name (tests look at it).
    last_capture: Option<(Rect, String)>,
}

impl Shell {
    /// A shell asking `dialogs` for paths.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> Shell {
        Shell {
            dialogs,
            asking: None,
            copies: Vec::new(),
            urls: Vec::new(),
            captures: Vec::new(),
            arrived: Arrived::default(),
            last_capture: None,
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
                Effect::Capture { region, name } => self.captures.push((region, name)),
                Effect::Info(text) => state.messages.info(text),
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

    /// Once a frame, before the panels: the captures that arrived since the last frame become
    /// their actions (a save dialog).
    pub fn begin_frame(&mut self, ctx: &egui::Context, state: &mut AppState) {
        let arrived = self
            .arrived
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        for a in arrived {
            self.act(state, a);
        }
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
    /// an answer, and asks for the captures of the next frame. `board` is the backgammon
    /// board's rectangle as drawn (none when its workspace is not open).
    pub fn end_frame(&mut self, ctx: &egui::Context, state: &mut AppState, board: Option<Rect>) {
        self.dialogs.show(ctx);
        if self.collect(state) {
            ctx.request_repaint();
        }
        for (region, name) in std::mem::take(&mut self.captures) {
            let rect = match region {
                Region::Board => match board {
                    Some(r) => r,
                    None => {
                        state
                            .messages
                            .error("not exported: the board is not shown (open a backgammon tab)");
                        continue;
                    }
                },
                Region::Rect { min, max } => Rect::from_min_max(min.into(), max.into()),
            };
            self.capture(ctx, rect, name);
        }
        self.flush(ctx);
    }

    /// Asks for `rect` of the next frame (in points) as a PNG file proposed as `name`.
    fn capture(&mut self, ctx: &egui::Context, rect: Rect, name: String) {
        self.last_capture = Some((rect, name.clone()));
        let arrived = Arc::clone(&self.arrived);
        let ppp = ctx.pixels_per_point();
        let repaint = ctx.clone();
        ctx.request_screenshot(move |image| {
            let action = match crop_png(&image, rect, ppp) {
                Ok(png) => ExportAction::SavePng {
                    png: png.into(),
                    name,
                },
                Err(e) => ExportAction::Failed(e),
            };
            if let Ok(mut v) = arrived.lock() {
                v.push(action.into());
            }
            repaint.request_repaint();
        });
    }

    /// How many captures wait for the end of the frame.
    pub fn captures_waiting(&self) -> usize {
        self.captures.len()
    }

    /// The last capture asked for: the rectangle (points) and the file name proposed.
    pub fn last_capture(&self) -> Option<&(Rect, String)> {
        self.last_capture.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::editing::{EditAction, Loc};
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
        shell.act(&mut state, EditAction::OpenPosition);
        assert!(state.messages.last.is_none());
        shell.act(&mut state, WeightsAction::SaveAs);
        let last = state.messages.last.clone().unwrap();
        assert!(last.error && last.text.contains("already open"), "{last:?}");
    }

    #[test]
    fn copies_wait_for_the_frame_and_captures_for_its_end() {
        let mut state = AppState::default();
        let mut shell = Shell::new(Box::new(ScriptedDialogs::default()));
        shell.act(
            &mut state,
            EditAction::Copy(crate::app::IdFormat::PositionId),
        );
        assert_eq!(shell.copies, ["4HPwATDgc/ABMA"]);
        shell.act(&mut state, ExportAction::Board);
        assert_eq!(shell.captures_waiting(), 1);
        // Without a board on screen the capture is refused with a message.
        let ctx = egui::Context::default();
        shell.end_frame(&ctx, &mut state, None);
        assert_eq!(shell.captures_waiting(), 0);
        assert!(shell.copies.is_empty(), "sent");
        assert!(shell.last_capture().is_none());
        assert!(state.messages.last.as_ref().unwrap().error);
        // An illegal board copies nothing.
        shell.act(&mut state, EditAction::Add(Side::White, Loc::Point(7)));
        shell.act(&mut state, EditAction::Copy(crate::app::IdFormat::Xgid));
        assert!(shell.copies.is_empty());
    }
}
