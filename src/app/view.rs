//! How the workbench is shown: the board's orientation, the theme, the open tab, the layout's
//! sizes, the Help windows.

use super::layout::{Split, Splits};
use super::settings::{Settings, Tab, Theme};

/// The windows of the Help menu, open or not (not kept across restarts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Windows {
    /// Help → Keyboard and mouse.
    pub keyboard: bool,
    /// Help → About.
    pub about: bool,
}

/// A window of the Help menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpWindow {
    /// Every shortcut and mouse gesture.
    Keyboard,
    /// Versions.
    About,
}

/// What can be changed in the view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ViewAction {
    /// Turns the board round (the other colour at the bottom).
    FlipBoard,
    /// Light, dark, or as the system says.
    SetTheme(Theme),
    /// The speed-ups for software rendering asked for or not (View menu).
    SetSoftwareRendering(bool),
    /// Who judges as gnubg (View → Judge); the coordinator hands the features its engines.
    SetJudge(bgw_engine::reference::Reference),
    /// Opens a tab of the lower area (the «Чемпион» tab: its workspace).
    SetTab(Tab),
    /// A separator dragged to this size.
    SetSplit(Split, f32),
    /// Every region back to its default size.
    ResetLayout,
    /// Opens or closes a Help window.
    ShowWindow(HelpWindow, bool),
}

impl ViewAction {
    /// Applies the change to the settings and the windows.
    pub fn apply(self, settings: &mut Settings, windows: &mut Windows) {
        match self {
            ViewAction::FlipBoard => settings.bottom = settings.bottom.opponent(),
            ViewAction::SetTheme(t) => settings.theme = t,
            ViewAction::SetSoftwareRendering(on) => settings.software_rendering = on,
            ViewAction::SetJudge(r) => settings.judge = r,
            ViewAction::SetTab(t) => settings.tab = t,
            ViewAction::SetSplit(split, size) => settings.splits.set(split, size),
            ViewAction::ResetLayout => settings.splits = Splits::default(),
            ViewAction::ShowWindow(w, open) => match w {
                HelpWindow::Keyboard => windows.keyboard = open,
                HelpWindow::About => windows.about = open,
            },
        }
    }
}
