//! The session's messages: the last one for the status line, every one for the Log tab.

/// A message for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// True for errors (shown in red).
    pub error: bool,
    /// True for warnings: done, but with a caution (shown in the warning colour).
    pub warning: bool,
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
        self.last = Some(Message {
            text,
            error: false,
            warning: false,
        });
    }

    /// Reports something that happened in the background (not an answer to what the person
    /// just did): always in the Log, on the status line only when it has nothing to say, so it
    /// never replaces the answer to the person's last action.
    pub fn notice(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(text.clone());
        if self.last.is_none() {
            self.last = Some(Message {
                text,
                error: false,
                warning: false,
            });
        }
    }

    /// Reports something done with a caution (a fit that plays worse): "warning:" in the Log.
    pub fn warning(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(format!("warning: {text}"));
        self.last = Some(Message {
            text,
            error: false,
            warning: true,
        });
    }

    /// Reports something refused or failed.
    pub fn error(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.log.push(format!("error: {text}"));
        self.last = Some(Message {
            text,
            error: true,
            warning: false,
        });
    }
}

/// The Log tab: every message of the session, the newest in view.
pub fn log_tab(ui: &mut egui::Ui, messages: &Messages) {
    egui::ScrollArea::vertical()
        .id_salt("log-scroll")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in &messages.log {
                ui.monospace(line);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_never_replaces_the_last_message() {
        let mut m = Messages::default();
        m.notice("gnubg answers: GNU Backgammon 1.07.001");
        assert_eq!(
            m.last.as_ref().unwrap().text,
            "gnubg answers: GNU Backgammon 1.07.001"
        );
        m.error("cannot read the pasted text");
        m.notice("later news");
        let last = m.last.as_ref().unwrap();
        assert_eq!(
            (last.text.as_str(), last.error),
            ("cannot read the pasted text", true)
        );
        assert_eq!(m.log.len(), 3);
        assert_eq!(m.log[2], "later news");
    }
}
