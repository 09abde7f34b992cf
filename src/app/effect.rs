//! Effects: what a feature's reducer asks the outside world to do, as data. The features
//! return them; the shell ([`super::shell`]) carries them out in one place — the clipboard, a
//! an off-screen picture to export as PNG, a file dialog whose answer comes back as an action,
//! a web page, a background job — and the coordinator turns the notes into status-line messages.
//!
//! An effect is generic over the action it may send back (`A`): a feature returns
//! `Effect<ItsAction>`, and the coordinator widens it with [`Effect::map`], so no feature
//! names the app's [`super::coordinator::Action`].

use super::files::Request;
use super::jobs::Start;
use super::render::{ExportSize, Picture};
use std::fmt;
use std::path::PathBuf;

/// What to do with the path a file dialog answers: it makes the action to apply.
pub struct Then<A>(Box<dyn FnOnce(PathBuf) -> A + Send>);

impl<A: 'static> Then<A> {
    /// The action `f` makes of the chosen path.
    pub fn new(f: impl FnOnce(PathBuf) -> A + Send + 'static) -> Then<A> {
        Then(Box::new(f))
    }

    /// The action for `path`.
    pub fn call(self, path: PathBuf) -> A {
        (self.0)(path)
    }

    /// The same, the action widened by `f`.
    pub fn map<B: 'static>(self, f: impl FnOnce(A) -> B + Send + 'static) -> Then<B> {
        Then::new(move |p| f((self.0)(p)))
    }
}

impl<A> fmt::Debug for Then<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Then(..)")
    }
}

/// One thing for the shell or the status line to do.
#[derive(Debug)]
pub enum Effect<A> {
    /// Put this text on the system clipboard.
    Copy(String),
    /// Render `picture` off-screen at `size` and encode it as PNG (at the end of the frame,
    /// in the app's look); the shell asks where to save it.
    Export {
        /// What to draw.
        picture: Picture,
        /// How large.
        size: ExportSize,
    },
    /// Ask for a file (to open or to save as); the chosen path becomes the action `then`
    /// makes. A cancel sends nothing.
    AskPath {
        /// The question.
        request: Request,
        /// The action for the answer.
        then: Then<A>,
    },
    /// Start a background job on a thread of its own (the feature keeps its
    /// [`super::jobs::Job`] and reads the result from it).
    Start(Start),
    /// Open a web page in the browser.
    OpenUrl(String),
    /// A note for the status line and the Log.
    Info(String),
    /// A warning for the status line and the Log (a result to read with care).
    Warning(String),
    /// A note of background work: in the Log, on the status line only when it has nothing to
    /// say.
    Notice(String),
    /// A failure for the status line (in red) and the Log.
    Error(String),
}

impl<A: 'static> Effect<A> {
    /// The same effect, any action it sends widened by `f` (a feature's action into the app's).
    pub fn map<B: 'static>(self, f: impl FnOnce(A) -> B + Send + 'static) -> Effect<B> {
        match self {
            Effect::Copy(t) => Effect::Copy(t),
            Effect::Export { picture, size } => Effect::Export { picture, size },
            Effect::AskPath { request, then } => Effect::AskPath {
                request,
                then: then.map(f),
            },
            Effect::Start(s) => Effect::Start(s),
            Effect::OpenUrl(u) => Effect::OpenUrl(u),
            Effect::Info(t) => Effect::Info(t),
            Effect::Warning(t) => Effect::Warning(t),
            Effect::Notice(t) => Effect::Notice(t),
            Effect::Error(t) => Effect::Error(t),
        }
    }

    /// A note for the status line.
    pub fn info(text: impl Into<String>) -> Effect<A> {
        Effect::Info(text.into())
    }

    /// The shell starts this job.
    pub fn start(start: Start) -> Effect<A> {
        Effect::Start(start)
    }

    /// A failure for the status line.
    pub fn error(text: impl Into<String>) -> Effect<A> {
        Effect::Error(text.into())
    }

    /// Ask for a file with `request`; the path becomes `then(path)`.
    pub fn ask(request: Request, then: impl FnOnce(PathBuf) -> A + Send + 'static) -> Effect<A> {
        Effect::AskPath {
            request,
            then: Then::new(then),
        }
    }
}

/// The effects `effects` widened to the app's action by `f`.
pub fn widen<A: 'static, B: 'static>(
    effects: Vec<Effect<A>>,
    f: impl Fn(A) -> B + Clone + Send + 'static,
) -> Vec<Effect<B>> {
    effects.into_iter().map(|e| e.map(f.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::FileKind;

    #[test]
    fn a_widened_question_sends_the_widened_action() {
        let e: Effect<u8> = Effect::ask(Request::open(FileKind::Weights, None), |p| {
            p.as_os_str().len() as u8
        });
        let Effect::AskPath { request, then } = e.map(|n| format!("{n} bytes")) else {
            panic!("still a question");
        };
        assert!(!request.save);
        assert_eq!(then.call(PathBuf::from("a/b.ron")), "7 bytes");
    }
}
