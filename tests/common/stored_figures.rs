//! gnubg's stored figures (`tests/data/native/`) and the processor they were made on.
//!
//! gnubg's hidden layer takes its reciprocals with the processor's estimate (`rcpps`), and the
//! makers' estimates differ, so gnubg's own figures differ from one processor to another. The
//! same positions stored from gnubg on two processors (7 December 2026) differed by up to
//! 1.6e-4 in a probability, 3.5e-4 in an equity and 1.3e-3 EMG in a roll's luck. On the
//! processor that made the files (`processor.json`, by its reciprocal fingerprint) the native
//! figures must equal them to each test's strict tolerance; on another, to about five times
//! those differences ([`FOREIGN_PROBABILITY`], [`FOREIGN_EQUITY`], [`FOREIGN_LUCK`]). The
//! tests that ask the gnubg program (all of them in CI) hold the native figures to that
//! processor's gnubg strictly.
//!
//! Shared by the engine's tests and the command line's (`#[path]`), so both read one rule.
#![allow(dead_code)]

use bgw_engine::reference::native::reciprocal_fingerprint;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The foreign processor's tolerance of a probability.
pub const FOREIGN_PROBABILITY: f64 = 1e-3;
/// The foreign processor's tolerance of an equity (cubeless or cubeful, money or normalised).
pub const FOREIGN_EQUITY: f64 = 2e-3;
/// The foreign processor's tolerance of a roll's luck, EMG.
pub const FOREIGN_LUCK: f64 = 6e-3;

/// Whether the stored gnubg figures were made on a processor with this one's reciprocal
/// estimate (said once on the test output when not).
pub fn made_here() -> bool {
    static HERE: OnceLock<bool> = OnceLock::new();
    *HERE.get_or_init(|| {
        let path = native_data("processor.json");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let v: serde_json::Value = serde_json::from_str(&text).expect("processor.json");
        let stored = v["reciprocal_fingerprint"]
            .as_str()
            .expect("its fingerprint");
        let here = format!("{:#018x}", reciprocal_fingerprint());
        if stored != here {
            eprintln!(
                "note: gnubg's stored figures were made on another processor (reciprocal \
                 fingerprint {stored}, this one {here}): they are held to the foreign tolerances"
            );
        }
        stored == here
    })
}

/// `strict` on the processor that made the stored figures, else `foreign`.
pub fn tolerance(strict: f64, foreign: f64) -> f64 {
    if made_here() { strict } else { foreign }
}

/// A file of `tests/data/native/`, from either package's tests.
pub fn native_data(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let here = root.join("tests/data/native");
    let dir = if here.is_dir() {
        here
    } else {
        root.join("../tests/data/native")
    };
    dir.join(name)
}
