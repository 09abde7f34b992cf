//! The weights of the classic program: one number per term, kept in a RON file.
//!
//! The file is a RON map from the seed's term names to numbers, readable and editable by hand:
//!
//! ```ron
//! {
//!     "WBAR": -4.0,
//!     "WSIN": -1.0,
//!     // … one line per term, all eleven required
//! }
//! ```
//!
//! Loading names the line of any unknown, duplicate or non-finite entry and lists missing terms.
//! Saving writes a temporary file in the same folder, reads it back, and only then renames it
//! over the target, so a good file is never replaced by a bad or half-written one. The seed
//! called these steps LOADWTS and DUMPWTS.

use super::terms::{TERM_COUNT, TERMS, Term};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::path::{Path, PathBuf};

/// The shipped default weights (`assets/weights/default.ron`), built into the binary.
pub const DEFAULT_RON: &str = include_str!("../../../assets/weights/default.ron");
/// The seed-flavoured starting weights (`assets/weights/seed.ron`), built into the binary.
pub const SEED_RON: &str = include_str!("../../../assets/weights/seed.ron");

/// The largest weight (in absolute value) a file may hold. Term values are at most a few
/// hundred, so every BRDVAL stays a finite number; the shipped weights are below 20.
pub const MAX_WEIGHT: f64 = 1e6;

/// True for a weight a file may hold: finite and within ±[`MAX_WEIGHT`].
pub fn is_valid_weight(w: f64) -> bool {
    w.is_finite() && w.abs() <= MAX_WEIGHT
}

/// One weight per term, in the seed's order ([`Term::ALL`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights(pub [f64; TERM_COUNT]);

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

    /// The weight of a term.
    pub fn get(&self, t: Term) -> f64 {
        self.0[t.index()]
    }

    /// Sets the weight of a term.
    pub fn set(&mut self, t: Term, w: f64) {
        self.0[t.index()] = w;
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
        let text = crate::user_file::read_text(path).map_err(|e| WeightsError::Io {
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
        for info in &TERMS {
            let w = self.0[info.term.index()];
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

/// Writes `text` to `path` atomically (see [`crate::atomic_file`]) once `check` accepts it.
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
    crate::atomic_file::write_atomic(path, |w| w.write_all(text.as_bytes())).map_err(|e| {
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
        message: crate::formats::quote::shorten(&e.code.to_string(), 200),
    }
}

fn deserialize_map<'de, D: Deserializer<'de>>(d: D) -> Result<Weights, D::Error> {
    d.deserialize_map(WeightsVisitor)
}

struct WeightsVisitor;

impl<'de> Visitor<'de> for WeightsVisitor {
    type Value = Weights;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map from term names (\"WBAR\", …) to numbers")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Weights, A::Error> {
        let mut values = [None::<f64>; TERM_COUNT];
        while let Some(name) = map.next_key::<String>()? {
            let Some(term) = Term::from_seed_name(&name) else {
                let known: Vec<&str> = TERMS.iter().map(|t| t.seed_name).collect();
                return Err(de::Error::custom(format!(
                    "unknown term {} (the terms are {})",
                    crate::formats::quote::quote(&name),
                    known.join(", ")
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
        let missing: Vec<&str> = TERMS
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
        Ok(Weights(values.map(|v| v.expect("checked above"))))
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
        let odd = Weights([
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
            let w = Weights(ws);
            proptest::prop_assert_eq!(Weights::from_ron(&w.to_ron().unwrap()).unwrap(), w);
        }
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
