//! Why a reference engine gave no answer, in words a user can act on.

use std::fmt;
use std::time::Duration;

/// Why a reference engine gave no answer. Each kind names the engine as its messages do
/// (`engine`: `gnubg`) and displays as one line.
#[derive(Clone, Debug, PartialEq)]
pub enum ReferenceError {
    /// The engine's program is not installed where it was looked for.
    NotFound {
        /// The engine, as the message names it (`GNU Backgammon`).
        engine: &'static str,
        /// The program tried.
        program: String,
        /// The operating system's reason.
        why: String,
        /// What to do about it (how to install it, or how to name the program).
        remedy: String,
    },
    /// The engine could not be started for another reason.
    Start {
        /// The engine, as the message names it.
        engine: &'static str,
        /// What went wrong.
        why: String,
    },
    /// The engine answers, but not as we speak to it: too old, another protocol, or answers
    /// of another shape. It is not asked again.
    Incompatible {
        /// The engine, as the message names it.
        engine: &'static str,
        /// What differs, e.g. `its bridge answers with protocol 2, bgw speaks protocol 1`.
        what: String,
    },
    /// The engine's process ended while the request was pending; it is restarted on the
    /// next request.
    Crashed {
        /// The engine, as the message names it.
        engine: &'static str,
        /// How it ended.
        status: String,
        /// The end of its error output.
        stderr: String,
    },
    /// No answer within the time limit; the engine was ended, to be started again on the next
    /// request.
    Timeout {
        /// The engine, as the message names it.
        engine: &'static str,
        /// The request, briefly.
        request: String,
        /// The time limit.
        after: Duration,
    },
    /// The engine wrote something its protocol does not allow; it was ended, to be started
    /// again on the next request.
    Garbage {
        /// The engine, as the message names it.
        engine: &'static str,
        /// The offending line, shortened.
        line: String,
        /// What is wrong with it.
        why: String,
    },
    /// The engine refused the request, e.g. a bad position.
    Refused {
        /// The engine, as the message names it.
        engine: &'static str,
        /// The engine's reason.
        why: String,
    },
    /// The ticket's answer was already taken, or the ticket is not this engine's (a
    /// non-blocking interface's mistake, not the engine's).
    UnknownTicket(u64),
    /// The work that asked was stopped (Ctrl+C, Cancel) while it waited for the engine,
    /// which was ended.
    Cancelled {
        /// The engine, as the message names it.
        engine: &'static str,
    },
}

impl fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReferenceError::NotFound {
                engine,
                program,
                why,
                remedy,
            } => write!(f, "{engine} not found ({program}: {why}); {remedy}"),
            ReferenceError::Start { engine, why } => write!(f, "could not start {engine}: {why}"),
            ReferenceError::Incompatible { engine, what } => {
                write!(f, "{engine} does not work with bgw: {what}")
            }
            ReferenceError::Crashed {
                engine,
                status,
                stderr,
            } => {
                write!(
                    f,
                    "{engine} ended ({status}); it is restarted on the next request"
                )?;
                if !stderr.is_empty() {
                    write!(f, "; its last words: {}", shorten(&one_line(stderr)))?;
                }
                Ok(())
            }
            ReferenceError::Timeout {
                engine,
                request,
                after,
            } => write!(
                f,
                "{engine} did not answer {request} within {:.1} s and was ended; it is started again on the next request",
                after.as_secs_f64()
            ),
            ReferenceError::Garbage { engine, line, why } => {
                write!(
                    f,
                    "{engine} wrote garbage ({why}): {line:?}; it was restarted"
                )
            }
            ReferenceError::Refused { engine, why } => {
                write!(f, "{engine} refused the request: {why}")
            }
            ReferenceError::UnknownTicket(id) => write!(f, "no pending request {id}"),
            ReferenceError::Cancelled { engine } => {
                write!(f, "stopped while waiting for {engine}")
            }
        }
    }
}

impl std::error::Error for ReferenceError {}

impl ReferenceError {
    /// True when the engine is not installed (a user interface says so apart from failures).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReferenceError::NotFound { .. })
    }

    /// True when the asking work was stopped, not the engine at fault.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, ReferenceError::Cancelled { .. })
    }
}

/// The non-empty lines of `text`, trimmed and joined by ` | `.
fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// At most 200 characters of `text`, for messages.
pub(crate) fn shorten(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_one_line_naming_the_engine() {
        let engine = "gnubg";
        let errors = [
            ReferenceError::NotFound {
                engine: "GNU Backgammon",
                program: "/usr/games/gnubg".into(),
                why: "No such file or directory".into(),
                remedy: "install it with `apt-get install gnubg`".into(),
            },
            ReferenceError::Start {
                engine,
                why: "no pipes".into(),
            },
            ReferenceError::Incompatible {
                engine,
                what: "its bridge answers with protocol 2, bgw speaks protocol 1".into(),
            },
            ReferenceError::Crashed {
                engine,
                status: "exited with code 3".into(),
                stderr: "Traceback\nboom".into(),
            },
            ReferenceError::Timeout {
                engine,
                request: "hello".into(),
                after: Duration::from_millis(100),
            },
            ReferenceError::Garbage {
                engine,
                line: "@bgw {".into(),
                why: "not JSON".into(),
            },
            ReferenceError::Refused {
                engine,
                why: "bad ID".into(),
            },
            ReferenceError::Cancelled { engine },
        ];
        for e in &errors {
            let text = e.to_string();
            assert!(
                text.contains("gnubg") || text.contains("GNU Backgammon"),
                "{text}"
            );
        }
        assert_eq!(
            errors[0].to_string(),
            "GNU Backgammon not found (/usr/games/gnubg: No such file or directory); install it \
             with `apt-get install gnubg`"
        );
        assert!(errors[0].is_not_found() && !errors[1].is_not_found());
        assert_eq!(
            errors[2].to_string(),
            "gnubg does not work with bgw: its bridge answers with protocol 2, bgw speaks \
             protocol 1"
        );
        assert_eq!(
            errors[3].to_string(),
            "gnubg ended (exited with code 3); it is restarted on the next request; its last \
             words: Traceback | boom"
        );
        assert_eq!(
            errors[4].to_string(),
            "gnubg did not answer hello within 0.1 s and was ended; it is started again on the next request"
        );
        assert_eq!(
            ReferenceError::UnknownTicket(7).to_string(),
            "no pending request 7"
        );
    }

    #[test]
    fn long_text_is_shortened_on_a_character_boundary() {
        let s = "é".repeat(300);
        let short = shorten(&s);
        assert_eq!(short.chars().count(), 201);
        assert_eq!(shorten("abc"), "abc");
    }
}
