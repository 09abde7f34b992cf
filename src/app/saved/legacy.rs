//! The first layout of the saved state (up to main at d85360f, 2026-12-02): one flat record,
//! the board in `edit`, the view, the learning settings, the bear-off view, gnubg's depth and
//! the editing feature's copies in one `settings`, the weights in five fields of their own, the
//! «Чемпион» settings optional. Read part by part, with the notes that layout's reader gave,
//! into today's [`Persisted`]; the next save writes today's layout.

use super::{Fields, Persisted, VERSION};
use crate::app::bearoff::BearoffView;
use crate::app::candidates::GnubgDepth;
use crate::app::edit::Edit;
use crate::app::editing::SavedBoard;
use crate::app::layout::Splits;
use crate::app::play::Learning;
use crate::app::settings::{Settings, Tab, Theme};
use crate::app::weights::saved::SavedWeights;
use bgw_engine::core::position::Side;
use bgw_engine::evaluation::classic::SEED_TERM_COUNT;
use serde::Deserialize;
use std::path::PathBuf;

/// The first layout's `settings`.
#[derive(Deserialize)]
#[serde(default)]
struct FlatSettings {
    bottom: Side,
    add_colour: Side,
    tab: Tab,
    /// Before `theme`: dark or light.
    dark: bool,
    theme: Option<Theme>,
    splits: Splits,
    position_dir: Option<PathBuf>,
    learning: bool,
    eta: f64,
    bearoff: BearoffView,
    gnubg_plies: Option<u8>,
}

impl Default for FlatSettings {
    fn default() -> FlatSettings {
        let (learning, depth) = (Learning::default(), GnubgDepth::default());
        FlatSettings {
            bottom: Side::White,
            add_colour: Side::White,
            tab: Tab::Weights,
            dark: true,
            theme: None,
            splits: Splits::default(),
            position_dir: None,
            learning: learning.on,
            eta: learning.eta,
            bearoff: BearoffView::default(),
            gnubg_plies: depth.gnubg_plies,
        }
    }
}

/// A saved state of the first layout, each field read on its own (what cannot be read is noted
/// and takes its default), as today's [`Persisted`].
pub(super) fn read(fields: &Fields, notes: &mut Vec<String>) -> Persisted {
    let edit: Option<Edit> = fields.part("edit", "board", notes);
    let s: FlatSettings = fields
        .part("settings", "settings", notes)
        .unwrap_or_default();
    type Seed = Option<[f64; SEED_TERM_COUNT]>;
    type Extras = Option<Vec<(String, f64)>>;
    let weights = SavedWeights {
        current: fields.part::<Seed>("weights", "weights", notes).flatten(),
        saved: fields
            .part::<Seed>("weights_saved", "last saved weights", notes)
            .flatten(),
        current_extras: fields
            .part::<Extras>("weights_extras", "extra terms", notes)
            .flatten(),
        saved_extras: fields
            .part::<Extras>("weights_saved_extras", "last saved extra terms", notes)
            .flatten(),
        path: fields
            .part::<Option<PathBuf>>("weights_path", "weights file name", notes)
            .flatten(),
    };
    let champion = fields
        .part::<Option<_>>("champion", "«Чемпион» settings", notes)
        .flatten()
        .unwrap_or_default();
    Persisted {
        version: VERSION,
        editing: SavedBoard {
            board: edit.unwrap_or_else(Edit::opening),
            add_colour: s.add_colour,
            position_dir: s.position_dir,
        },
        view: Settings {
            bottom: s.bottom,
            tab: s.tab,
            theme: s.theme.unwrap_or(match s.dark {
                true => Theme::Dark,
                false => Theme::Light,
            }),
            splits: s.splits,
            software_rendering: false,
            judge: Default::default(),
        },
        weights,
        candidates: GnubgDepth {
            gnubg_plies: s.gnubg_plies,
            ..GnubgDepth::default()
        },
        learning: Learning {
            on: s.learning,
            eta: s.eta,
        },
        bearoff: s.bearoff,
        champion,
        archive: Default::default(),
        // The first layout kept no match.
        match_review: Default::default(),
    }
}
