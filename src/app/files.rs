//! File dialogs behind a small trait: the app asks [`FileDialogs`] for a path, the desktop
//! answers with [`NativeDialogs`], tests with [`ScriptedDialogs`] (no window ever opens).
//!
//! The desktop's dialog (rfd: the XDG portal, else zenity) runs on a thread of its own, so the
//! window keeps drawing while it is open. A question ([`FileDialogs::ask`]) returns at once;
//! the answer comes later through [`FileDialogs::news`], and the shell turns it into the action
//! the question's effect named ([`super::effect::Effect::AskPath`]). When there is no desktop
//! dialog — no session bus and no zenity, or rfd returns
//! with nothing faster than a person could cancel — a file dialog drawn in the window
//! ([`super::file_dialog`]) takes over, and the status line and the Log say so.

use super::file_dialog::{FileDialog, Outcome};
use super::messages::Message;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// What kind of file a dialog is for (its title and filter).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileKind {
    /// A RON position file (`positions/*.ron`).
    Position,
    /// A RON weights file for the classic program.
    Weights,
    /// A PNG image (an exported board or plot).
    Png,
    /// A text file (the exported analysis).
    Text,
    /// A gnubg two-sided bear-off database (`.bd`).
    BearoffDb,
    /// A match file: Jellyfish MAT (`.mat`, `.txt`) or gnubg's SGF (`.sgf`).
    Match,
    /// File → Open…: a position (`.ron`) or a match (`.mat`, `.txt`, `.sgf`).
    PositionOrMatch,
    /// A benchmark of decisions (`bgw benchmark build`'s JSONL, gzip-compressed or not).
    Benchmark,
    /// A folder of match files (the archive adds every one beneath it).
    MatchFolder,
}

impl FileKind {
    fn title(self) -> &'static str {
        match self {
            FileKind::Position => "position",
            FileKind::Weights => "weights",
            FileKind::Png => "image",
            FileKind::Text => "analysis",
            FileKind::BearoffDb => "two-sided bear-off database",
            FileKind::Match => "match",
            FileKind::PositionOrMatch => "position or match",
            FileKind::Benchmark => "benchmark",
            FileKind::MatchFolder => "match folder",
        }
    }

    /// The filter's name and the file names' extensions (the first is added to a name
    /// saved without one).
    fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            FileKind::Position | FileKind::Weights => ("RON", &["ron"]),
            FileKind::Png => ("PNG image", &["png"]),
            FileKind::Text => ("Text", &["txt"]),
            FileKind::BearoffDb => ("gnubg bear-off database", &["bd"]),
            FileKind::Match => ("Match (MAT, SGF)", &["mat", "txt", "sgf"]),
            FileKind::PositionOrMatch => (
                "Position or match (RON, MAT, SGF)",
                &["ron", "mat", "txt", "sgf"],
            ),
            FileKind::Benchmark => ("Benchmark (JSONL, gzip)", &["gz", "jsonl"]),
            FileKind::MatchFolder => ("Match (MAT, SGF)", &["mat", "txt", "sgf"]),
        }
    }
}

/// One question to a file dialog.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// What the file is.
    pub kind: FileKind,
    /// True for "save as", false for "open".
    pub save: bool,
    /// The folder it starts in.
    pub dir: Option<PathBuf>,
    /// The file name proposed (saving).
    pub name: String,
}

impl Request {
    /// A question for a file of `kind` to open, starting in `dir`.
    pub fn open(kind: FileKind, dir: Option<&Path>) -> Request {
        Request {
            kind,
            save: false,
            dir: dir.map(Path::to_path_buf),
            name: String::new(),
        }
    }

    /// A question for a place to save a file of `kind`, starting in `dir` with `name` proposed.
    pub fn save(kind: FileKind, dir: Option<&Path>, name: &str) -> Request {
        Request {
            kind,
            save: true,
            dir: dir.map(Path::to_path_buf),
            name: name.to_string(),
        }
    }

    /// The dialog's title: "Open a position file", "Save the weights as".
    pub fn title(&self) -> String {
        match self.save {
            false if self.kind == FileKind::MatchFolder => "Choose a folder of match files".into(),
            false => format!("Open a {} file", self.kind.title()),
            true => format!("Save the {} as", self.kind.title()),
        }
    }
}

/// How a question was answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The person chose this path.
    Chosen(PathBuf),
    /// The dialog was closed without a choice.
    Cancelled,
}

/// What the dialogs have to report: the answer to the question asked, if it has come, and
/// messages for the status line and the Log.
#[derive(Default)]
pub struct DialogNews {
    /// The answer to the last question asked.
    pub answer: Option<Answer>,
    /// What happened (the fallback taken, a failure, a cancel).
    pub messages: Vec<Message>,
}

/// Asks the person for a file to open or a place to save, one question at a time.
pub trait FileDialogs {
    /// Starts asking `request`; returns at once. The answer comes through [`Self::news`].
    /// False when the question cannot be asked now (another is open), with a message.
    fn ask(&mut self, request: Request) -> bool;
    /// Draws the dialog drawn in the window, if one is open, and looks for the desktop's
    /// answer (called once a frame).
    fn show(&mut self, _ctx: &egui::Context) {}
    /// The answer that has come since the last call, and the messages.
    fn news(&mut self) -> DialogNews;
}

/// Where the desktop's own dialog comes from (rfd in the program; tests stand in for a desktop
/// without a portal).
pub trait DesktopDialog: Send + Sync + 'static {
    /// False when no desktop dialog can open at all: the dialog drawn in the window is used
    /// without trying.
    fn available(&self) -> bool;
    /// Shows the dialog and waits for the answer (called on a thread of its own).
    fn ask(&self, request: &Request) -> Option<PathBuf>;
}

/// The desktop's dialogs through rfd: the XDG desktop portal over D-Bus, else zenity.
pub struct Rfd;

impl DesktopDialog for Rfd {
    /// rfd needs a D-Bus session (for the portal) or zenity on the `PATH`; `BGW_FILE_DIALOG=builtin`
    /// asks for the dialog drawn in the window.
    fn available(&self) -> bool {
        if std::env::var("BGW_FILE_DIALOG").is_ok_and(|v| v == "builtin") {
            return false;
        }
        if !cfg!(target_os = "linux") {
            return true;
        }
        let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
            || std::env::var_os("XDG_RUNTIME_DIR")
                .is_some_and(|d| Path::new(&d).join("bus").exists());
        let zenity = std::env::var_os("PATH")
            .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("zenity").is_file()));
        bus || zenity
    }

    fn ask(&self, request: &Request) -> Option<PathBuf> {
        let (filter, ext) = request.kind.filter();
        let mut d = rfd::FileDialog::new()
            .set_title(request.title())
            .add_filter(filter, ext);
        if let Some(dir) = &request.dir {
            d = d.set_directory(dir);
        }
        match (request.save, request.kind) {
            (false, FileKind::MatchFolder) => d.pick_folder(),
            (false, _) => d.pick_file(),
            (true, _) => d.set_file_name(&request.name).save_file(),
        }
    }
}

/// A desktop dialog that came back with nothing sooner than this opened no window: nobody
/// cancels a file dialog in a quarter of a second.
const NO_WINDOW: Duration = Duration::from_millis(250);

/// How a dialog is being answered.
enum Waiting {
    /// The desktop's dialog, on its thread.
    Desktop {
        /// The path chosen (or none), and how long the desktop's dialog took to answer,
        /// measured on its thread (a busy UI thread does not make it look slower).
        answer: mpsc::Receiver<(Option<PathBuf>, Duration)>,
    },
    /// The dialog drawn in the window.
    Builtin(Box<FileDialog>),
}

/// An open dialog: its question and how it is answered.
struct Pending {
    request: Request,
    waiting: Waiting,
}

/// The desktop's file dialogs off the UI thread, with a dialog drawn in the window when the
/// desktop has none.
pub struct NativeDialogs {
    desktop: Arc<dyn DesktopDialog>,
    pending: Option<Pending>,
    /// The answer to the question, once it has come.
    answered: Option<Answer>,
    messages: Vec<Message>,
}

impl Default for NativeDialogs {
    fn default() -> NativeDialogs {
        NativeDialogs::with_desktop(Rfd)
    }
}

impl NativeDialogs {
    /// Dialogs from `desktop`, with the built-in dialog when it has none.
    pub fn with_desktop(desktop: impl DesktopDialog) -> NativeDialogs {
        NativeDialogs {
            desktop: Arc::new(desktop),
            pending: None,
            answered: None,
            messages: Vec::new(),
        }
    }

    fn start(&mut self, request: Request) -> bool {
        if self.pending.is_some() {
            self.note(true, "a file dialog is already open: answer it first");
            return false;
        }
        let waiting = if self.desktop.available() {
            let (tx, rx) = mpsc::channel();
            let desktop = Arc::clone(&self.desktop);
            let question = request.clone();
            std::thread::spawn(move || {
                let asked = Instant::now();
                let path = desktop.ask(&question);
                let _ = tx.send((path, asked.elapsed()));
            });
            Waiting::Desktop { answer: rx }
        } else {
            self.note(
                false,
                "no desktop file dialog (no D-Bus session for the portal, no zenity): \
                 using the one drawn in the window",
            );
            builtin(&request)
        };
        self.answered = None;
        self.pending = Some(Pending { request, waiting });
        true
    }

    fn note(&mut self, error: bool, text: impl Into<String>) {
        self.messages.push(Message {
            text: text.into(),
            error,
            warning: false,
        });
    }

    /// The desktop's dialog did not answer: the one drawn in the window takes the question
    /// (`why` in the status line and the Log).
    fn fall_back(&mut self, mut pending: Pending, ctx: &egui::Context, why: &str) {
        self.note(false, why);
        pending.waiting = builtin(&pending.request);
        self.pending = Some(pending);
        // Drawn now, not at the next input.
        ctx.request_repaint();
    }

    /// The dialog answered `path` (or was cancelled).
    fn answer(&mut self, pending: Pending, path: Option<PathBuf>) {
        self.answered = Some(match path {
            Some(path) => Answer::Chosen(path),
            None => {
                self.note(false, format!("{}: cancelled", pending.request.title()));
                Answer::Cancelled
            }
        });
    }
}

/// The dialog drawn in the window for `request`, open.
fn builtin(request: &Request) -> Waiting {
    let start = request
        .dir
        .clone()
        .filter(|d| d.is_dir())
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let (_, ext) = request.kind.filter();
    let dialog = FileDialog::new(request.title(), request.save, ext, start, &request.name);
    Waiting::Builtin(Box::new(match request.kind {
        FileKind::MatchFolder => dialog.for_folder(),
        _ => dialog,
    }))
}

impl FileDialogs for NativeDialogs {
    fn ask(&mut self, request: Request) -> bool {
        self.start(request)
    }

    fn show(&mut self, ctx: &egui::Context) {
        let Some(mut pending) = self.pending.take() else {
            return;
        };
        match &mut pending.waiting {
            Waiting::Desktop { answer } => match answer.try_recv() {
                Ok((Some(path), _)) => self.answer(pending, Some(path)),
                Ok((None, took)) if took < NO_WINDOW => self.fall_back(
                    pending,
                    ctx,
                    "the desktop's file dialog did not open (no portal or zenity \
                     answered): using the one drawn in the window",
                ),
                Ok((None, _)) => self.answer(pending, None),
                Err(mpsc::TryRecvError::Empty) => {
                    ctx.request_repaint_after(Duration::from_millis(50));
                    self.pending = Some(pending);
                }
                Err(mpsc::TryRecvError::Disconnected) => self.fall_back(
                    pending,
                    ctx,
                    "the desktop's file dialog failed: using the one drawn in the window",
                ),
            },
            Waiting::Builtin(d) => match d.show(ctx) {
                Outcome::Open => self.pending = Some(pending),
                Outcome::Chosen(path) => self.answer(pending, Some(path)),
                Outcome::Cancelled => self.answer(pending, None),
            },
        }
    }

    fn news(&mut self) -> DialogNews {
        DialogNews {
            answer: self.answered.take(),
            messages: std::mem::take(&mut self.messages),
        }
    }
}

/// Dialogs that answer from a list given in advance, recording what was asked (for tests).
#[derive(Default)]
pub struct ScriptedDialogs {
    /// Answers in order; an empty list answers "cancelled".
    pub answers: VecDeque<Option<PathBuf>>,
    /// Each question asked: the kind and whether it was a save.
    pub asked: Vec<(FileKind, bool)>,
    /// Answers given and not yet collected.
    ready: VecDeque<Answer>,
}

impl ScriptedDialogs {
    /// Dialogs that answer with these paths in turn.
    pub fn answering(paths: impl IntoIterator<Item = PathBuf>) -> ScriptedDialogs {
        ScriptedDialogs {
            answers: paths.into_iter().map(Some).collect(),
            ..ScriptedDialogs::default()
        }
    }
}

impl FileDialogs for ScriptedDialogs {
    fn ask(&mut self, request: Request) -> bool {
        self.asked.push((request.kind, request.save));
        let answer = match self.answers.pop_front().flatten() {
            Some(path) => Answer::Chosen(path),
            None => Answer::Cancelled,
        };
        self.ready.push_back(answer);
        true
    }

    fn news(&mut self) -> DialogNews {
        DialogNews {
            answer: self.ready.pop_front(),
            messages: Vec::new(),
        }
    }
}

/// A desktop without a file dialog as rfd meets it on a bare X server: the dialog returns at
/// once with nothing (tests of the fallback).
pub struct NoPortal;

impl DesktopDialog for NoPortal {
    fn available(&self) -> bool {
        true
    }

    fn ask(&self, _request: &Request) -> Option<PathBuf> {
        None
    }
}
