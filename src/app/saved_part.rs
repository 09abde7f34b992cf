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
