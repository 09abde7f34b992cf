//! How the workbench is shown: the board's orientation, the theme, the open tab.

use super::settings::{Settings, Tab};

/// What can be changed in the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewAction {
    /// Turns the board round (the other colour at the bottom).
    FlipBoard,
    /// Switches between dark and light themes.
    SetDark(bool),
    /// Opens a tab of the lower area (the «Чемпион» tab: its workspace).
    SetTab(Tab),
}

impl ViewAction {
    /// Applies the change to the settings.
    pub fn apply(self, settings: &mut Settings) {
        match self {
            ViewAction::FlipBoard => settings.bottom = settings.bottom.opponent(),
            ViewAction::SetDark(d) => settings.dark = d,
            ViewAction::SetTab(t) => settings.tab = t,
        }
    }
}
