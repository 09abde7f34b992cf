//! The weights' saved part: the weights being edited and as last loaded or saved, each as the
//! seed's eleven values plus the terms beyond the seed's switched on, and the file they came
//! from.

use super::WeightsState;
use crate::app::saved_part::SavedPart;
use bgw_engine::evaluation::classic::{
    MAX_WEIGHT, SEED_TERM_COUNT, Term, Weights, is_valid_weight,
};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The seed's weights, in its order of terms.
type SeedValues = [f64; SEED_TERM_COUNT];

/// The terms beyond the seed's switched on, by file key (`X_PRIME`), with their weights.
type Extras = Vec<(String, f64)>;

/// What is kept of the weights across restarts; `None` parts are the defaults.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedWeights {
    /// The weights being edited.
    pub current: Option<SeedValues>,
    /// Their terms beyond the seed's.
    pub current_extras: Option<Extras>,
    /// The weights as last loaded or saved (the unsaved-changes marker compares with them).
    pub saved: Option<SeedValues>,
    /// Their terms beyond the seed's.
    pub saved_extras: Option<Extras>,
    /// The weights file last loaded or saved.
    pub path: Option<PathBuf>,
}

impl SavedPart for SavedWeights {
    const WHAT: &'static str = "weights";

    /// Every weight finite and within ±1e6 ([`is_valid_weight`]), every extra a term beyond
    /// the seed's; what is not falls back to the defaults (only the seed's terms on).
    fn check(&mut self, notes: &mut Vec<String>) {
        for (weights, what) in [
            (&mut self.current, "weights"),
            (&mut self.saved, "last saved weights"),
        ] {
            if let Some(problem) = weights.as_ref().and_then(weights_problem) {
                notes.push(format!(
                    "the saved {what} were refused ({problem}); the defaults are in use"
                ));
                *weights = None;
            }
        }
        for (extras, what) in [
            (&mut self.current_extras, "extra terms"),
            (&mut self.saved_extras, "last saved extra terms"),
        ] {
            if let Some(problem) = extras.as_deref().and_then(extras_problem) {
                notes.push(format!(
                    "the saved {what} were refused ({problem}); only the seed's terms are on"
                ));
                *extras = None;
            }
        }
    }
}

impl WeightsState {
    /// The weights as they were left (checked: [`SavedWeights::check`]).
    pub fn restore(saved: &SavedWeights) -> WeightsState {
        let weights = |seed: Option<SeedValues>, extras: &Option<Extras>| {
            let mut w = seed.map_or_else(Weights::builtin_default, Weights::from_seed);
            for (key, value) in extras.iter().flatten() {
                if let Some(t) = Term::from_seed_name(key) {
                    w.set(t, *value);
                }
            }
            w
        };
        WeightsState {
            current: weights(saved.current, &saved.current_extras),
            saved: weights(saved.saved, &saved.saved_extras),
            path: saved.path.clone(),
            ..WeightsState::default()
        }
    }

    /// What is kept across restarts.
    pub fn saved_part(&self) -> SavedWeights {
        SavedWeights {
            current: Some(self.current.seed_values()),
            current_extras: Some(extras_of(&self.current)),
            saved: Some(self.saved.seed_values()),
            saved_extras: Some(extras_of(&self.saved)),
            path: self.path.clone(),
        }
    }
}

/// The terms beyond the seed's that `w` has on, by file key, with their weights.
fn extras_of(w: &Weights) -> Extras {
    w.terms_on()
        .filter(|t| !t.is_seed())
        .map(|t| (t.seed_name().to_string(), w.get(t)))
        .collect()
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
fn weights_problem(w: &SeedValues) -> Option<String> {
    let (term, w) = Term::SEED
        .iter()
        .zip(w)
        .find(|(_, w)| !is_valid_weight(**w))?;
    Some(format!(
        "{} is {w:?}, not a finite number within ±{MAX_WEIGHT}",
        term.seed_name()
    ))
}
