//! What a feature implements to have a part of the saved state ([`super::saved`] reads and
//! checks each part on its own).

use serde::Serialize;
use serde::de::DeserializeOwned;

/// One feature's part of the saved state.
pub trait SavedPart: Serialize + DeserializeOwned + Default {
    /// How the notes name the part ("the saved {WHAT} could not be read").
    const WHAT: &'static str;

    /// Puts its default in place of each piece that does not pass, with one note each. What
    /// cannot be wrong (every value its type can hold is one the feature takes) needs no check.
    fn check(&mut self, _notes: &mut Vec<String>) {}
}

/// What keeps a saved part in the app's state (a feature's state, or the view's settings):
/// it gives the part to save and takes it back on start. The coordinator's `persisted` and
/// `restore` are made from the one list of the parts (`saved::with_saved_parts`).
pub trait KeepsPart {
    /// The part it keeps.
    type Part: SavedPart;

    /// The part as it stands, to save.
    fn part(&self) -> Self::Part;

    /// Takes back the part read and checked at start; notes what it could not take.
    fn restore_part(&mut self, part: Self::Part) -> Vec<String>;
}
