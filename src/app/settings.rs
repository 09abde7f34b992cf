//! The view's saved part ([`Settings`]): the board's orientation, the open tab, the theme, the
//! layout's sizes, the speed-ups for software rendering and the judge. Each feature keeps its own part beside it; [`super::saved`] reads them
//! all from `app.ron`, each on its own.

use super::layout::Splits;
use super::saved_part::SavedPart;
use bgw_engine::core::position::Side;
use bgw_engine::reference::Reference;
use serde::{Deserialize, Serialize};

/// The lower area's tabs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Tab {
    /// The weight editor.
    Weights,
    /// The bear-off panel.
    Bearoff,
    /// Pip counts and race formulas.
    Race,
    /// The 21 rolls with the classic program's choice for each.
    Rolls,
    /// Play against the classic program.
    Play,
    /// A match file stepped through and reviewed by gnubg.
    Match,
    /// Every match in one database: the players' figures, trends, errors and the drill.
    Archive,
    /// Play the wolves against «Чемпион» (seed 002).
    Champion,
    /// Messages and the learning log.
    Log,
}

/// The colours: light, dark, or as the system says (egui's [`egui::ThemePreference`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Theme {
    /// Dark text on light.
    Light,
    /// Light text on dark.
    Dark,
    /// The system's choice (dark when it says nothing).
    System,
}

impl Theme {
    /// Every choice, as the View menu lists them.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::System];

    /// egui's preference.
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            Theme::Light => egui::ThemePreference::Light,
            Theme::Dark => egui::ThemePreference::Dark,
            Theme::System => egui::ThemePreference::System,
        }
    }
}

/// The view's saved part: how the workbench is shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The colour drawn at the bottom of the board (its home board bottom right).
    pub bottom: Side,
    /// The open tab of the lower area.
    pub tab: Tab,
    /// Light, dark or the system's.
    pub theme: Theme,
    /// The sizes given to the workspace's regions (View → Reset layout forgets them).
    pub splits: Splits,
    /// The speed-ups for drawing without a GPU on whatever the renderer
    /// ([`super::software_rendering`]; with a software renderer they are on anyway).
    pub software_rendering: bool,
    /// Who judges as gnubg: its program or its nets in bgw (View → Judge).
    pub judge: Reference,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bottom: Side::White,
            tab: Tab::Weights,
            theme: Theme::Dark,
            splits: Splits::default(),
            software_rendering: false,
            judge: Reference::default(),
        }
    }
}

impl SavedPart for Settings {
    const WHAT: &'static str = "view settings";
}
