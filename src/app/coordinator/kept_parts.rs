//! What keeps each saved part in the app's state ([`KeepsPart`]): the conversions the
//! coordinator's `restore` and `persisted` used to spell out one line a part.

use crate::app::archive::{ArchiveSaved, ArchiveState};
use crate::app::bearoff::{BearoffState, BearoffView};
use crate::app::candidates::{CandidatesState, GnubgDepth};
use crate::app::champion_panel::{ChampionSettings, ChampionState};
use crate::app::editing::{EditState, SavedBoard};
use crate::app::match_review::{MatchReviewState, SavedMatch};
use crate::app::play::{Learning, PlayState};
use crate::app::saved::KeepsPart;
use crate::app::settings::Settings;
use crate::app::weights::WeightsState;
use crate::app::weights::saved::SavedWeights;

impl KeepsPart for EditState {
    type Part = SavedBoard;
    fn part(&self) -> SavedBoard {
        self.saved()
    }
    fn restore_part(&mut self, part: SavedBoard) -> Vec<String> {
        *self = EditState::restore(part);
        Vec::new()
    }
}

impl KeepsPart for Settings {
    type Part = Settings;
    fn part(&self) -> Settings {
        self.clone()
    }
    fn restore_part(&mut self, part: Settings) -> Vec<String> {
        *self = part;
        Vec::new()
    }
}

impl KeepsPart for WeightsState {
    type Part = SavedWeights;
    fn part(&self) -> SavedWeights {
        self.saved_part()
    }
    fn restore_part(&mut self, part: SavedWeights) -> Vec<String> {
        *self = WeightsState::restore(&part);
        Vec::new()
    }
}

impl KeepsPart for CandidatesState {
    type Part = GnubgDepth;
    fn part(&self) -> GnubgDepth {
        self.depth
    }
    fn restore_part(&mut self, part: GnubgDepth) -> Vec<String> {
        self.restore(part);
        Vec::new()
    }
}

impl KeepsPart for PlayState {
    type Part = Learning;
    fn part(&self) -> Learning {
        self.learning
    }
    fn restore_part(&mut self, part: Learning) -> Vec<String> {
        self.learning = part;
        Vec::new()
    }
}

impl KeepsPart for BearoffState {
    type Part = BearoffView;
    fn part(&self) -> BearoffView {
        self.view
    }
    fn restore_part(&mut self, part: BearoffView) -> Vec<String> {
        self.view = part;
        Vec::new()
    }
}

impl KeepsPart for ChampionState {
    type Part = ChampionSettings;
    fn part(&self) -> ChampionSettings {
        self.settings()
    }
    fn restore_part(&mut self, part: ChampionSettings) -> Vec<String> {
        *self = ChampionState::from_settings(&part);
        Vec::new()
    }
}

impl KeepsPart for ArchiveState {
    type Part = ArchiveSaved;
    fn part(&self) -> ArchiveSaved {
        self.saved()
    }
    fn restore_part(&mut self, part: ArchiveSaved) -> Vec<String> {
        self.restore_saved(part);
        Vec::new()
    }
}

impl KeepsPart for MatchReviewState {
    type Part = SavedMatch;
    fn part(&self) -> SavedMatch {
        self.saved()
    }
    fn restore_part(&mut self, part: SavedMatch) -> Vec<String> {
        self.restore(&part)
    }
}
