//! The session's messages: the last one for the status line, every one for the Log tab.

/// A message for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// True for errors (shown in red).
    pub error: bool,
}

/// The session's messages: the last one for the status line, every one for the log.
#[derive(Default)]
pub struct Messages {
    /// The last message.
    pub last: Option<Message>,
    /// Every message of the session, oldest first (the Log tab).
    pub log: Vec<String>,
}

impl Messages {
    /// Reports something done.
    pub fn info(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(text.clone());
        self.last = Some(Message { text, error: false });
    }

    /// Reports something refused or failed.
    pub fn error(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(format!("error: {text}"));
        self.last = Some(Message { text, error: true });
    }
}
