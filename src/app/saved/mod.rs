//! The saved state read back without trusting it: `app.ron` is user input, and a damaged or
//! crafted file must neither panic the app nor show something the engine refuses.
//!
//! - [`parse`] reads the app's entry of eframe's storage part by part, so that a part that
//!   cannot be read costs only that part;
//! - [`validate`] checks each part (the board, the dice, the match state, the weights, the
//!   settings, the «Чемпион» settings) and puts its default in place of one that does not
//!   pass;
//! - [`file`]: `app.ron` itself, checked before eframe reads it (the window geometry eframe
//!   keeps, a file that does not parse) and kept aside ([`file::keep_aside`]) before anything
//!   overwrites it.
//!
//! Every part that falls back leaves one note, for the status line and the Log.

pub mod file;

use super::settings::{ETA_RANGE, Persisted};
use bgw_engine::evaluation::classic::{MAX_WEIGHT, SEED_TERM_COUNT, Term, is_valid_weight};
use ron::value::RawValue;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};
use std::fmt;

/// The saved state as restored: each part read and checked, the defaults in place of the parts
/// that could not be, and one note per part that fell back.
#[derive(Debug, Default)]
pub struct Restored {
    /// What the app starts from.
    pub persisted: Persisted,
    /// What fell back to its default and why, one sentence per part.
    pub notes: Vec<String>,
}

/// Reads the app's entry of eframe's storage (the RON text of a [`Persisted`]) part by part,
/// then [`validate`]s it. Never fails: what cannot be read is noted and replaced by its default.
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
    let d = Persisted::default();
    let n = &mut notes;
    let persisted = Persisted {
        edit: fields.part("edit", "board", n).unwrap_or(d.edit),
        settings: fields.part("settings", "settings", n).unwrap_or(d.settings),
        weights: fields.part("weights", "weights", n).unwrap_or(d.weights),
        weights_saved: fields
            .part("weights_saved", "last saved weights", n)
            .unwrap_or(d.weights_saved),
        weights_extras: fields
            .part("weights_extras", "extra terms", n)
            .unwrap_or(d.weights_extras),
        weights_saved_extras: fields
            .part("weights_saved_extras", "last saved extra terms", n)
            .unwrap_or(d.weights_saved_extras),
        weights_path: fields
            .part("weights_path", "weights file name", n)
            .unwrap_or(d.weights_path),
        champion: fields
            .part("champion", "«Чемпион» settings", n)
            .unwrap_or(d.champion),
    };
    let mut checked = validate(persisted);
    notes.append(&mut checked.notes);
    checked.notes = notes;
    checked
}

/// Checks each part of a saved state and puts its default in place of each one that does not
/// pass, with a note. The board is kept as it is even when it is not a position yet: the
/// editor allows such boards while a position is being set up (16 checkers, both colours on
/// a point) and says what is wrong, so a restart must not lose one. Each die must be 0 (not set)
/// or 1–6, the match state one its format holds and the match rules allow
/// ([`bgw_engine::core::formats::MatchState::check`]), every weight finite and within ±1e6
/// ([`is_valid_weight`]), the learning step within [`ETA_RANGE`], the «Чемпион» variant and
/// opponent known ([`super::champion_panel::ChampionSettings::problem`]).
pub fn validate(mut p: Persisted) -> Restored {
    let mut notes = Vec::new();
    let d = Persisted::default();
    if let [a, b] = p.edit.dice
        && (a > 6 || b > 6)
    {
        notes.push(format!(
            "the saved dice ({a}, {b}) are not dice 1-6; the dice are not set"
        ));
        p.edit.dice = d.edit.dice;
    }
    if let Some(m) = p.edit.match_state
        && let Err(e) = m.check()
    {
        notes.push(format!(
            "the saved match state was refused ({e}); the board is a money game"
        ));
        p.edit.match_state = None;
    }
    for (weights, what) in [
        (&mut p.weights, "weights"),
        (&mut p.weights_saved, "last saved weights"),
    ] {
        if let Some(problem) = weights.as_ref().and_then(weights_problem) {
            notes.push(format!(
                "the saved {what} were refused ({problem}); the defaults are in use"
            ));
            *weights = None;
        }
    }
    for (extras, what) in [
        (&mut p.weights_extras, "extra terms"),
        (&mut p.weights_saved_extras, "last saved extra terms"),
    ] {
        if let Some(problem) = extras.as_deref().and_then(extras_problem) {
            notes.push(format!(
                "the saved {what} were refused ({problem}); only the seed's terms are on"
            ));
            *extras = None;
        }
    }
    if !ETA_RANGE.contains(&p.settings.eta) {
        notes.push(format!(
            "the saved learning step η ({}) is not within {}-{}; {} is in use",
            p.settings.eta,
            ETA_RANGE.start(),
            ETA_RANGE.end(),
            d.settings.eta
        ));
        p.settings.eta = d.settings.eta;
    }
    if let Some(plies) = p.settings.gnubg_plies
        && !super::candidates::verdict::PLIES.contains(&plies)
    {
        notes.push(format!(
            "the saved gnubg depth ({plies} plies) is not 0, 1 or 2; 0 plies are in use"
        ));
        p.settings.gnubg_plies = Some(0);
    }
    if let Some(problem) = p.champion.as_ref().and_then(|c| c.problem()) {
        notes.push(format!(
            "the saved «Чемпион» settings were refused ({problem}); the defaults are in use"
        ));
        p.champion = None;
    }
    Restored {
        persisted: p,
        notes,
    }
}

/// The first saved extra term that is not one, or whose weight a file may not hold.
fn extras_problem(extras: &[(String, f64)]) -> Option<String> {
    extras
        .iter()
        .find_map(|(key, w)| match Term::from_seed_name(key) {
            Some(t) if !t.is_seed() && is_valid_weight(*w) => None,
            Some(t) if !t.is_seed() => Some(format!("{key} = {w}")),
            _ => Some(format!("{key} is not a term beyond the seed's")),
        })
}

/// The first weight a file may not hold, in words.
fn weights_problem(w: &[f64; SEED_TERM_COUNT]) -> Option<String> {
    let (term, w) = Term::SEED
        .iter()
        .zip(w)
        .find(|(_, w)| !is_valid_weight(**w))?;
    Some(format!(
        "{} is {w:?}, not a finite number within ±{MAX_WEIGHT}",
        term.seed_name()
    ))
}

/// The fields of a saved RON struct, each kept as its RON text until it is read on its own.
struct Fields(Vec<(String, Box<RawValue>)>);

impl Fields {
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
