//! What is kept across restarts: the [`Settings`] and the whole [`Persisted`] record (eframe
//! writes it to `app.ron`). Every field added later has a default, so an older file still reads;
//! what is read back is checked part by part in [`super::saved`].

use super::editing::Edit;
use super::layout::Splits;
use bgw_engine::core::position::Side;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// The learning steps η the workbench takes.
pub const ETA_RANGE: RangeInclusive<f64> = 0.0..=10.0;

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

impl Settings {
    /// The theme in effect.
    pub fn theme(&self) -> Theme {
        self.theme.unwrap_or(match self.dark {
            true => Theme::Dark,
            false => Theme::Light,
        })
    }
}

/// Settings kept across restarts.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The colour drawn at the bottom of the board (its home board bottom right).
    pub bottom: Side,
    /// The colour a left click adds: the file's copy (the editing feature owns it,
    /// [`super::editing::EditState::add_colour`]).
    pub add_colour: Side,
    /// The open tab of the lower area.
    pub tab: Tab,
    /// Dark theme (files before [`Settings::theme`]; the theme chosen wins).
    pub dark: bool,
    /// Light, dark or the system's; `None` in files written before the choice: as `dark`.
    pub theme: Option<Theme>,
    /// The sizes given to the workspace's regions (View → Reset layout forgets them).
    pub splits: Splits,
    /// The folder of the last position file opened or saved: the file's copy (the editing
    /// feature owns it, [`super::editing::EditState::position_dir`]).
    pub position_dir: Option<PathBuf>,
    /// Learning (GOOD/BAD) on during games.
    pub learning: bool,
    /// The learning step η, within [`ETA_RANGE`].
    pub eta: f64,
    /// How the bear-off panel shows the distributions.
    pub bearoff: super::bearoff::BearoffView,
    /// The depth gnubg evaluates the candidates at (0, 1 or 2 plies); `None`: gnubg's columns
    /// are off.
    pub gnubg_plies: Option<u8>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            bottom: Side::White,
            add_colour: Side::White,
            tab: Tab::Weights,
            dark: true,
            theme: None,
            splits: Splits::default(),
            position_dir: None,
            learning: false,
            eta: 0.01,
            bearoff: Default::default(),
            gnubg_plies: Some(0),
        }
    }
}

/// What is kept across restarts (eframe persistence).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Persisted {
    /// The board, side on roll and dice.
    pub edit: Edit,
    /// Settings.
    pub settings: Settings,
    /// The weights being edited, in the seed's order of terms.
    #[serde(default)]
    pub weights: Option<[f64; bgw_engine::evaluation::classic::SEED_TERM_COUNT]>,
    /// The weights as last loaded or saved (the unsaved-changes marker compares with them).
    #[serde(default)]
    pub weights_saved: Option<[f64; bgw_engine::evaluation::classic::SEED_TERM_COUNT]>,
    /// The terms beyond the seed's switched on in the weights being edited, by file key
    /// (`X_PRIME`), with their weights.
    #[serde(default)]
    pub weights_extras: Option<Vec<(String, f64)>>,
    /// The same for the weights as last loaded or saved.
    #[serde(default)]
    pub weights_saved_extras: Option<Vec<(String, f64)>>,
    /// The weights file last loaded or saved.
    #[serde(default)]
    pub weights_path: Option<PathBuf>,
    /// The «Чемпион» workspace's mode, variant and opponent.
    #[serde(default)]
    pub champion: Option<super::champion_panel::ChampionSettings>,
}

impl Default for Persisted {
    /// What a first start has: the opening position, the default settings and weights.
    fn default() -> Persisted {
        Persisted {
            edit: Edit::opening(),
            settings: Settings::default(),
            weights: None,
            weights_saved: None,
            weights_extras: None,
            weights_saved_extras: None,
            weights_path: None,
            champion: None,
        }
    }
}
