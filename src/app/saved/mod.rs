//! The saved state read back without trusting it: `app.ron` is user input, and a damaged or
//! crafted file must neither panic the app nor show something the engine refuses.
//!
//! - Each feature keeps its own saved part ([`SavedPart`], in its own leaf module so that the
//!   features need not import this table): its type, the words the notes name it by, and its
//!   own check. [`Persisted`] is the table of the parts, one line each.
//! - [`parse`] reads the app's entry of eframe's storage part by part, so that a part that
//!   cannot be read costs only that part; a file of the first layout (one flat record, before
//!   the features kept their own parts) is read by `legacy`;
//! - [`validate`] has each part check itself and put its default in place of what does not
//!   pass;
//! - [`mod@file`]: `app.ron` itself, checked before eframe reads it (the window geometry eframe
//!   keeps, a file that does not parse) and kept aside ([`file::keep_aside`]) before anything
//!   overwrites it.
//!
//! Every part that falls back leaves one note, for the status line and the Log.

pub mod file;
mod legacy;

use super::archive::ArchiveSaved;
use super::bearoff::BearoffView;
use super::candidates::GnubgDepth;
use super::champion_panel::ChampionSettings;
use super::editing::SavedBoard;
use super::match_review::SavedMatch;
use super::play::Learning;
pub use super::saved_part::{KeepsPart, SavedPart};
use super::settings::Settings;
use super::weights::saved::SavedWeights;
use ron::value::RawValue;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The layout [`Persisted`] is written in (a `version` field); files without one are of the
/// first, flat layout (read by `saved/legacy.rs`).
pub const VERSION: u32 = 2;

/// Declares [`Persisted`] with one field per feature's saved part, and its reading and checking
/// part by part.
macro_rules! saved_parts {
    ($($(#[$doc:meta])* $field:ident: $part:ty => $owner:ident,)*) => {
        /// What is kept across restarts (eframe writes it to `app.ron` under its app key): each
        /// feature's saved part, read and checked on its own.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub struct Persisted {
            /// The layout: [`VERSION`].
            pub version: u32,
            $($(#[$doc])* #[serde(default)] pub $field: $part,)*
        }

        impl Default for Persisted {
            /// What a first start has: each part's default (the opening position, the default
            /// weights and settings).
            fn default() -> Persisted {
                Persisted {
                    version: VERSION,
                    $($field: <$part>::default(),)*
                }
            }
        }

        impl Persisted {
            /// Each part read on its own from `fields`: absent, its default; unreadable, its
            /// default and a note.
            fn read(fields: &Fields, notes: &mut Vec<String>) -> Persisted {
                Persisted {
                    version: VERSION,
                    $($field: fields.part(stringify!($field), <$part>::WHAT, notes).unwrap_or_default(),)*
                }
            }

            /// Each part checks itself.
            fn check(&mut self, notes: &mut Vec<String>) {
                $(self.$field.check(notes);)*
            }
        }
    };
}

/// The saved parts, the one list of them: each part's field in [`Persisted`] (and its key in
/// `app.ron`), its type, and the field of the app's state that keeps it ([`KeepsPart`]).
/// Calls the macro `$m` with the list: `saved_parts` here makes [`Persisted`], the
/// coordinator makes `persisted` and `restore` from it.
macro_rules! with_saved_parts {
    ($m:ident) => {
        $m! {
            /// The board being edited, the colour a click adds, the positions' folder.
            editing: SavedBoard => editing,
            /// The board's orientation, the open tab, the theme, the layout.
            view: Settings => settings,
            /// The weights being edited and as last saved, and their file.
            weights: SavedWeights => weights,
            /// The depth gnubg judges the candidates at.
            candidates: GnubgDepth => candidates,
            /// Learning (GOOD/BAD) in games and its step.
            learning: Learning => play,
            /// How the bear-off tab shows its distributions.
            bearoff: BearoffView => bearoff,
            /// The «Чемпион» workspace's mode, variant and opponent.
            champion: ChampionSettings => champion,
            /// Whether the Archive tab reviews what it adds, and at which depth.
            archive: ArchiveSaved => archive,
            /// The match file open in the Match tab, its decision and its review's depth.
            match_review: SavedMatch => match_review,
        }
    };
}
pub(crate) use with_saved_parts;

with_saved_parts!(saved_parts);

/// The saved state as restored: each part read and checked, the defaults in place of the parts
/// that could not be, and one note per part that fell back.
#[derive(Debug, Default)]
pub struct Restored {
    /// What the app starts from.
    pub persisted: Persisted,
    /// What fell back to its default and why, one sentence per part.
    pub notes: Vec<String>,
}

/// Reads the app's entry of eframe's storage (the RON text of a [`Persisted`], or of the first
/// layout) part by part, then [`validate`]s it. Never fails: what cannot be read is noted and
/// replaced by its default.
pub fn parse(text: &str) -> Restored {
    let fields = match ron::from_str::<Fields>(text) {
        Ok(f) => f,
        Err(e) => {
            return Restored {
                persisted: Persisted::default(),
                notes: vec![format!(
                    "the saved state could not be read ({e}); the defaults are in use"
                )],
            };
        }
    };
    let mut notes = Vec::new();
    let persisted = match fields.has("version") {
        true => Persisted::read(&fields, &mut notes),
        false => legacy::read(&fields, &mut notes),
    };
    let mut checked = validate(persisted);
    notes.append(&mut checked.notes);
    checked.notes = notes;
    checked
}

/// Has each part of a saved state check itself ([`SavedPart::check`]): what does not pass is
/// replaced by its default, with a note.
pub fn validate(mut p: Persisted) -> Restored {
    let mut notes = Vec::new();
    p.check(&mut notes);
    p.version = VERSION;
    Restored {
        persisted: p,
        notes,
    }
}

/// The fields of a saved RON struct, each kept as its RON text until it is read on its own.
struct Fields(Vec<(String, Box<RawValue>)>);

impl Fields {
    /// True when the record has a field `name`.
    fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| n == name)
    }

    /// The field `name` read as a `T`; `None` when it is absent (a file from an older
    /// version: the default applies) or cannot be read (noted, as `what`).
    fn part<T: DeserializeOwned>(
        &self,
        name: &str,
        what: &str,
        notes: &mut Vec<String>,
    ) -> Option<T> {
        let (_, raw) = self.0.iter().find(|(n, _)| n == name)?;
        match raw.into_rust::<T>() {
            Ok(value) => Some(value),
            Err(e) => {
                notes.push(format!(
                    "the saved {what} could not be read ({e}); the defaults are in use"
                ));
                None
            }
        }
    }
}

impl<'de> serde::Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Fields, D::Error> {
        struct FieldsVisitor;
        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = Fields;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("the workbench's saved state (a RON struct)")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
                let mut out = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    out.push((name, map.next_value::<Box<RawValue>>()?));
                }
                Ok(Fields(out))
            }
        }
        // RON reads a struct without its field names: each one is taken as it comes.
        d.deserialize_struct("Persisted", &[], FieldsVisitor)
    }
}

#[cfg(test)]
mod tests;
