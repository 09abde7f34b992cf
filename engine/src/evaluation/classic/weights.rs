//! The weights of the classic program: one number per term, kept in a RON file.
//!
//! The file is a RON map from the seed's term names to numbers, readable and editable by hand:
//!
//! ```ron
//! {
//!     "WBAR": -4.0,
//!     "WSIN": -1.0,
//!     // … one line per term, all eleven required
//!     "X_PRIME": 0.5, // terms beyond the seed's are optional: naming one switches it on
//! }
//! ```
//!
//! A file with only the eleven behaves exactly as the seed's program; saving writes the eleven
//! and the extra terms switched on.
//!
//! Loading names the line of any unknown, duplicate or non-finite entry and lists missing terms.
//! Saving writes a temporary file in the same folder, reads it back, and only then renames it
//! over the target, so a good file is never replaced by a bad or half-written one. The seed
//! called these steps LOADWTS and DUMPWTS.

use super::terms::{SEED_TERM_COUNT, TERM_COUNT, TERMS, Term, TermSet};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::path::{Path, PathBuf};

/// The shipped default weights (`assets/weights/default.ron`), built into the binary.
pub const DEFAULT_RON: &str = include_str!("../../../../assets/weights/default.ron");
/// The seed-flavoured starting weights (`assets/weights/seed.ron`), built into the binary.
pub const SEED_RON: &str = include_str!("../../../../assets/weights/seed.ron");

/// The largest weight (in absolute value) a file may hold. Term values are at most a few
/// hundred, so every BRDVAL stays a finite number; the shipped weights are below 20.
pub const MAX_WEIGHT: f64 = 1e6;

/// True for a weight a file may hold: finite and within ±[`MAX_WEIGHT`].
pub fn is_valid_weight(w: f64) -> bool {
    w.is_finite() && w.abs() <= MAX_WEIGHT
}

/// One weight per term ([`Term::ALL`]) and the set of terms switched on: the seed's eleven
/// always, the extras a file names. A term switched off has weight 0 and is not shown.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    values: [f64; TERM_COUNT],
    on: TermSet,
}

/// Why a weights file could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// The text is not a valid weights map; `line` is 1-based.
    Invalid {
        /// The file, when read from one.
        path: Option<PathBuf>,
        /// The line of the problem.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A weight to be saved is not a finite number within ±[`MAX_WEIGHT`].
    NotFinite {
        /// The term.
        term: &'static str,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            WeightsError::Invalid {
                path,
                line,
                message,
            } => match path {
                Some(p) => write!(f, "{}: line {line}: {message}", p.display()),
                None => write!(f, "line {line}: {message}"),
            },
            WeightsError::NotFinite { term } => {
                write!(
                    f,
                    "weight {term} is not a finite number within ±{MAX_WEIGHT:e}; not saved"
                )
            }
        }
    }
}

impl std::error::Error for WeightsError {}

impl Default for Weights {
    /// The shipped defaults.
    fn default() -> Weights {
        Weights::builtin_default()
    }
}

impl Weights {
    /// The shipped default weights (`assets/weights/default.ron`).
    pub fn builtin_default() -> Weights {
        Weights::from_ron(DEFAULT_RON).expect("the built-in default weights are valid")
    }

    /// The seed-flavoured starting weights (`assets/weights/seed.ron`).
    pub fn builtin_seed() -> Weights {
        Weights::from_ron(SEED_RON).expect("the built-in seed weights are valid")
    }

    /// The seed's eleven weights, in the seed's order, and no extra term.
    pub fn from_seed(values: [f64; SEED_TERM_COUNT]) -> Weights {
        let mut w = Weights::zero();
        w.values[..SEED_TERM_COUNT].copy_from_slice(&values);
        w
    }

    /// Every weight 0, no extra term on.
    pub fn zero() -> Weights {
        Weights {
            values: [0.0; TERM_COUNT],
            on: TermSet::SEED,
        }
    }

    /// The seed's eleven weights, in the seed's order.
    pub fn seed_values(&self) -> [f64; SEED_TERM_COUNT] {
        std::array::from_fn(|i| self.values[i])
    }

    /// Every term's weight in the order of [`Term::ALL`] (0 for the terms off).
    #[inline(always)]
    pub fn values(&self) -> &[f64; TERM_COUNT] {
        &self.values
    }

    /// Every weight, to change in place those of terms on (the fit's inner loops).
    #[inline(always)]
    pub(crate) fn values_mut(&mut self) -> &mut [f64; TERM_COUNT] {
        &mut self.values
    }

    /// The weight of a term (0 when it is off).
    #[inline(always)]
    pub fn get(&self, t: Term) -> f64 {
        self.values[t.index()]
    }

    /// Sets the weight of a term, switching it on if it was off.
    pub fn set(&mut self, t: Term, w: f64) {
        self.values[t.index()] = w;
        self.on = self.on.with(t);
    }

    /// True if the term is on (always for the seed's).
    pub fn is_on(&self, t: Term) -> bool {
        self.on.contains(t)
    }

    /// Switches an extra term on (its weight kept, 0 for a new one) or off (weight 0); the
    /// seed's terms stay on.
    pub fn switch(&mut self, t: Term, on: bool) {
        if on {
            self.on = self.on.with(t);
        } else if !t.is_seed() {
            self.on = self.on.without(t);
            self.values[t.index()] = 0.0;
        }
    }

    /// The terms on.
    #[inline(always)]
    pub fn terms(&self) -> TermSet {
        self.on
    }

    /// The terms on, in the order of weights.
    pub fn terms_on(&self) -> impl Iterator<Item = Term> + Clone {
        self.on.iter()
    }

    /// These weights with exactly the terms of `set` on: the extras not in it off (weight
    /// 0), the new ones on with their weight kept (0).
    #[must_use]
    pub fn with_terms(mut self, set: TermSet) -> Weights {
        for t in Term::EXTRA {
            self.switch(t, set.contains(t));
        }
        self
    }

    /// Reads weights from RON text (see the module doc).
    pub fn from_ron(text: &str) -> Result<Weights, WeightsError> {
        let mut de = ron::Deserializer::from_str(text).map_err(|e| invalid(text, &e))?;
        let parsed = deserialize_map(&mut de).map_err(|e| invalid(text, &de.span_error(e)))?;
        de.end().map_err(|e| invalid(text, &de.span_error(e)))?;
        Ok(parsed)
    }

    /// Reads a weights file.
    pub fn load(path: &Path) -> Result<Weights, WeightsError> {
        let text = crate::io::user_file::read_text(path).map_err(|e| WeightsError::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        Weights::from_ron(&text).map_err(|e| match e {
            WeightsError::Invalid { line, message, .. } => WeightsError::Invalid {
                path: Some(path.to_path_buf()),
                line,
                message,
            },
            other => other,
        })
    }

    /// The weights as RON text, one term a line, numbers written so they read back exactly.
    pub fn to_ron(&self) -> Result<String, WeightsError> {
        let mut out = String::from(
            "// Weights of the classic program (seed 000): one per term, see `bgw rank`.\n{\n",
        );
        for info in self.on.iter().map(Term::info) {
            let w = self.values[info.term.index()];
            if !is_valid_weight(w) {
                return Err(WeightsError::NotFinite {
                    term: info.seed_name,
                });
            }
            out.push_str(&format!(
                "    {:<11} {w:?},\n",
                format!("\"{}\":", info.seed_name)
            ));
        }
        out.push_str("}\n");
        Ok(out)
    }

    /// Writes the weights atomically: a temporary file in the same folder, read back and checked,
    /// then renamed over `path`. On any failure `path` is left as it was.
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        let text = self.to_ron()?;
        write_atomic(path, &text, |written| {
            Weights::from_ron(written)
                .map(|w| w == *self)
                .unwrap_or(false)
        })
    }
}

/// Writes `text` to `path` atomically (see [`crate::io::atomic_file`]) once `check` accepts it.
pub(crate) fn write_atomic(
    path: &Path,
    text: &str,
    check: impl Fn(&str) -> bool,
) -> Result<(), WeightsError> {
    use std::io::Write;
    if !check(text) {
        return Err(WeightsError::Io {
            path: path.to_path_buf(),
            message: "the text to write does not read back as the same weights; not written".into(),
        });
    }
    crate::io::atomic_file::write_atomic(path, |w| w.write_all(text.as_bytes())).map_err(|e| {
        WeightsError::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        }
    })
}

fn invalid(text: &str, e: &ron::error::SpannedError) -> WeightsError {
    let line = e.span.start.line.max(1).min(text.lines().count().max(1));
    WeightsError::Invalid {
        path: None,
        line,
        message: crate::core::formats::quote::shorten(&e.code.to_string(), 320),
    }
}

fn deserialize_map<'de, D: Deserializer<'de>>(d: D) -> Result<Weights, D::Error> {
    d.deserialize_map(WeightsVisitor)
}

struct WeightsVisitor;

impl<'de> Visitor<'de> for WeightsVisitor {
    type Value = Weights;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map from term names (\"WBAR\", …, \"X_PRIME\", …) to numbers")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Weights, A::Error> {
        let mut values = [None::<f64>; TERM_COUNT];
        while let Some(name) = map.next_key::<String>()? {
            let Some(term) = Term::from_seed_name(&name) else {
                let seed: Vec<&str> = Term::SEED.iter().map(|t| t.seed_name()).collect();
                return Err(de::Error::custom(format!(
                    "unknown term {} (the seed's terms are {}; the others are {})",
                    crate::core::formats::quote::quote(&name),
                    seed.join(", "),
                    Term::EXTRA.map(Term::seed_name).join(", ")
                )));
            };
            if values[term.index()].is_some() {
                return Err(de::Error::custom(format!("duplicate term {name}")));
            }
            let w: f64 = map.next_value()?;
            if !is_valid_weight(w) {
                return Err(de::Error::custom(format!(
                    "{name} is {w}, not a finite number within ±{MAX_WEIGHT:e}"
                )));
            }
            values[term.index()] = Some(w);
        }
        let missing: Vec<&str> = TERMS[..SEED_TERM_COUNT]
            .iter()
            .filter(|t| values[t.term.index()].is_none())
            .map(|t| t.seed_name)
            .collect();
        if !missing.is_empty() {
            return Err(de::Error::custom(format!(
                "missing term{} {}",
                if missing.len() > 1 { "s" } else { "" },
                missing.join(", ")
            )));
        }
        let mut w = Weights::zero();
        for t in Term::ALL {
            if let Some(v) = values[t.index()] {
                w.set(t, v);
            }
        }
        Ok(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(e: WeightsError) -> (usize, String) {
        match e {
            WeightsError::Invalid { line, message, .. } => (line, message),
            other => panic!("expected Invalid, got {other:?}"),
        }
    }

    fn sample() -> String {
        Weights::builtin_seed().to_ron().unwrap()
    }

    #[test]
    fn builtins_load_and_round_trip() {
        let w = Weights::builtin_default();
        assert_eq!(Weights::from_ron(&w.to_ron().unwrap()).unwrap(), w);
        let s = Weights::builtin_seed();
        assert_eq!(Weights::from_ron(&s.to_ron().unwrap()).unwrap(), s);
        let odd = Weights::from_seed([
            0.1,
            -1e-7,
            3.0,
            -1e6,
            -0.0,
            2.5,
            1.0,
            7.0,
            9.0,
            -3.25,
            1.0 / 3.0,
        ]);
        assert_eq!(Weights::from_ron(&odd.to_ron().unwrap()).unwrap(), odd);
    }

    proptest::proptest! {
        #[test]
        fn any_finite_weights_round_trip(ws in proptest::array::uniform11(-MAX_WEIGHT..=MAX_WEIGHT)) {
            let w = Weights::from_seed(ws);
            proptest::prop_assert_eq!(Weights::from_ron(&w.to_ron().unwrap()).unwrap(), w);
        }
    }

    #[test]
    fn extra_terms_switch_on_by_name_and_round_trip() {
        let seed_text = sample();
        let seed = Weights::from_ron(&seed_text).unwrap();
        assert_eq!(seed.terms(), TermSet::SEED);
        assert!(
            !seed_text.contains("X_"),
            "a seed-only file names no extra term"
        );
        // A seed-only file saves as it was read.
        assert_eq!(seed.to_ron().unwrap(), seed_text);
        let text = seed_text.replace(
            "}\n",
            "    \"X_PRIME\": 0.75,\n    \"X_DIRECT\": -0.125,\n}\n",
        );
        let w = Weights::from_ron(&text).unwrap();
        assert!(w.is_on(Term::Prime) && w.is_on(Term::DirectShots));
        assert!(!w.is_on(Term::Anchors));
        assert_eq!(w.get(Term::Prime), 0.75);
        assert_eq!(w.seed_values(), seed.seed_values());
        let on: Vec<Term> = w.terms_on().collect();
        assert_eq!(on.len(), 13);
        assert_eq!(on[11..], [Term::Prime, Term::DirectShots]);
        // Saved, it names exactly the terms on, and reads back identical.
        let saved = w.to_ron().unwrap();
        assert!(
            saved.contains("\"X_PRIME\":") && !saved.contains("X_ANCHORS"),
            "{saved}"
        );
        assert_eq!(Weights::from_ron(&saved).unwrap(), w);
        assert_eq!(Weights::from_ron(&saved).unwrap().to_ron().unwrap(), saved);
        // Switched off: weight 0, not saved; the seed's terms cannot be switched off.
        let mut off = w;
        off.switch(Term::Prime, false);
        off.switch(Term::DirectShots, false);
        off.switch(Term::Bar, false);
        assert_eq!(off, seed);
        assert_eq!(off.get(Term::Prime), 0.0);
        assert!(off.is_on(Term::Bar));
        assert_eq!(off.to_ron().unwrap(), seed_text);
        // An unknown X_ name is still an error.
        let bad = text.replace("X_DIRECT", "X_DIRECTS");
        let (_, msg) = line_of(Weights::from_ron(&bad).unwrap_err());
        assert!(msg.contains("unknown term \"X_DIRECTS\""), "{msg}");
    }

    #[test]
    fn extra_keys_look_unlike_the_seed_names() {
        for info in &TERMS {
            assert_eq!(info.seed, info.term.is_seed());
            assert_eq!(
                info.seed_name.starts_with("X_"),
                !info.seed,
                "{}",
                info.seed_name
            );
            assert!(info.seed || !info.seed_name.starts_with('W'));
        }
        assert_eq!(Term::SEED.len() + Term::EXTRA.len(), TERM_COUNT);
        assert_eq!(Term::ALL[..SEED_TERM_COUNT], Term::SEED);
        assert_eq!(Term::ALL[SEED_TERM_COUNT..], Term::EXTRA);
        assert_eq!(
            TermSet::parse("seed").unwrap(),
            TermSet::SEED,
            "seed is the eleven"
        );
        assert_eq!(TermSet::parse("all").unwrap(), TermSet::ALL);
        let set = TermSet::parse("X_PRIME, X_TRAP").unwrap();
        assert_eq!(set.extras().collect::<Vec<_>>(), [Term::Prime, Term::Trap]);
        assert_eq!(set.to_string(), "seed+X_PRIME+X_TRAP");
        assert!(
            TermSet::parse("X_NOPE")
                .unwrap_err()
                .contains("unknown term")
        );
    }

    #[test]
    fn integers_and_comments_are_accepted() {
        let text = sample().replace("\"WBAR\":", "// a comment\n    \"WBAR\":");
        assert!(Weights::from_ron(&text).is_ok());
        let ints = "{\"WBAR\": -4, \"WSIN\": -1, \"WSINCL\": 0, \"WPTSHOME\": 2, \"WPTS\": 1, \
            \"WPTSSUCC\": 1, \"WFST3\": 0, \"WFST6\": 0, \"WFST12\": 0, \"WHOME\": 0, \"WTOGO\": 0}";
        assert_eq!(Weights::from_ron(ints).unwrap().get(Term::Bar), -4.0);
    }

    #[test]
    fn unknown_name_is_reported_with_its_line() {
        let text = sample().replace("\"WHOME\"", "\"WHOOM\"");
        let want = text.lines().position(|l| l.contains("WHOOM")).unwrap() + 1;
        let (line, msg) = line_of(Weights::from_ron(&text).unwrap_err());
        assert_eq!(line, want);
        assert!(msg.contains("unknown term \"WHOOM\""), "{msg}");
    }

    #[test]
    fn a_huge_unknown_name_is_quoted_short() {
        let huge = format!("\u{1b}[2J{}", "W".repeat(5_000_000));
        let text = sample().replace("\"WHOME\"", &format!("\"{huge}\""));
        let (_, msg) = line_of(Weights::from_ron(&text).unwrap_err());
        assert!(msg.len() < 400, "{} bytes", msg.len());
        assert!(
            msg.contains("\\u{1b}[2JWWW") && !msg.contains('\u{1b}'),
            "{msg}"
        );
    }

    #[test]
    fn duplicate_name_is_reported_with_its_line() {
        let text = sample().replace("\"WPTS\":", "\"WSIN\":");
        let want = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains("\"WSIN\""))
            .nth(1)
            .unwrap()
            .0
            + 1;
        let (line, msg) = line_of(Weights::from_ron(&text).unwrap_err());
        assert_eq!(line, want);
        assert!(msg.contains("duplicate term WSIN"), "{msg}");
    }

    #[test]
    fn missing_names_are_listed() {
        let text: String = sample()
            .lines()
            .filter(|l| !l.contains("WTOGO") && !l.contains("WBAR"))
            .map(|l| format!("{l}\n"))
            .collect();
        let (_, msg) = line_of(Weights::from_ron(&text).unwrap_err());
        assert!(msg.contains("missing terms WBAR, WTOGO"), "{msg}");
    }

    #[test]
    fn non_finite_numbers_are_refused_with_their_line() {
        for bad in ["NaN", "inf", "-inf", "1e308", "-1000001"] {
            let mut lines: Vec<String> = sample().lines().map(str::to_string).collect();
            let i = lines.iter().position(|l| l.contains("WFST6")).unwrap();
            lines[i] = format!("    \"WFST6\": {bad},");
            let (line, msg) = line_of(Weights::from_ron(&lines.join("\n")).unwrap_err());
            assert_eq!(line, i + 1, "{bad}: {msg}");
            assert!(msg.contains("WFST6"), "{msg}");
        }
        let mut w = Weights::builtin_seed();
        w.set(Term::Home, f64::NAN);
        assert_eq!(w.to_ron(), Err(WeightsError::NotFinite { term: "WHOME" }));
        w.set(Term::Home, 1e308);
        assert_eq!(w.to_ron(), Err(WeightsError::NotFinite { term: "WHOME" }));
        // The largest weight allowed still reads.
        let text = sample().replace(
            &sample()
                .lines()
                .find(|l| l.contains("WFST6"))
                .unwrap()
                .to_string(),
            "    \"WFST6\": -1000000.0,",
        );
        let fst6 = Term::from_seed_name("WFST6").unwrap();
        assert_eq!(Weights::from_ron(&text).unwrap().get(fst6), -MAX_WEIGHT);
    }

    #[test]
    fn syntax_errors_name_a_line() {
        let text = sample().replace("\"WPTS\": ", "\"WPTS\" ");
        let want = text.lines().position(|l| l.contains("\"WPTS\"")).unwrap() + 1;
        let (line, _) = line_of(Weights::from_ron(&text).unwrap_err());
        assert_eq!(line, want);
        assert!(Weights::from_ron("").is_err());
        assert!(Weights::from_ron("[1, 2]").is_err());
    }

    #[test]
    fn save_is_atomic_and_keeps_a_good_file() {
        let dir = std::env::temp_dir().join(format!("bgw-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.ron");
        let w = Weights::builtin_seed();
        w.save(&path).unwrap();
        assert_eq!(Weights::load(&path).unwrap(), w);
        // A bad set of weights is refused and the good file stays.
        let mut bad = w;
        bad.set(Term::Bar, f64::INFINITY);
        assert!(bad.save(&path).is_err());
        assert_eq!(Weights::load(&path).unwrap(), w);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap())
            .collect();
        assert_eq!(names.len(), 1);
        // Loading errors name the file.
        let msg = Weights::load(&dir.join("none.ron"))
            .unwrap_err()
            .to_string();
        assert!(msg.contains("none.ron"), "{msg}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
