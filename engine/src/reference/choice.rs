//! Which judge answers for gnubg: its program over the bridge ([`Reference::Process`]) or its
//! nets evaluated in bgw ([`Reference::Native`]), chosen once ([`Judge`]) and made into a
//! [`ReferenceEngine`] wherever work needs one.

use super::engine::ReferenceEngine;
use super::error::ReferenceError;
use super::gnubg::{Config, Gnubg};
use super::native::{NativeEngine, NativeEvaluator};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// Who judges as gnubg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Reference {
    /// gnubg's nets read from its weights and evaluated in bgw: no gnubg program needed.
    Native,
    /// The gnubg program, driven over its bridge.
    Process,
}

/// The judge when none is chosen: gnubg's nets in bgw, equal to gnubg 1.07 at 0, 1 and 2
/// plies and for the cube by the equality tests (`engine/tests/engine/native_*.rs`). The
/// gnubg program stays the cross-check, and judges what the nets here do not cover yet
/// (rollouts, deeper plies).
pub const DEFAULT_REFERENCE: Reference = Reference::Native;

impl Default for Reference {
    fn default() -> Reference {
        DEFAULT_REFERENCE
    }
}

impl Reference {
    /// Both, in the order a chooser lists them.
    pub const ALL: [Reference; 2] = [Reference::Native, Reference::Process];

    /// The word the command line takes: `native` or `process`.
    pub fn word(self) -> &'static str {
        match self {
            Reference::Native => "native",
            Reference::Process => "process",
        }
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Reference {
    type Err = String;

    /// `native` or `process`; anything else is refused naming both.
    fn from_str(s: &str) -> Result<Reference, String> {
        Reference::ALL
            .into_iter()
            .find(|r| r.word() == s)
            .ok_or_else(|| {
                format!(
                    "unknown reference {}: expected native or process",
                    crate::core::quote::quote(s)
                )
            })
    }
}

/// A chosen judge, ready to make engines: the gnubg program with its configuration, or the
/// native evaluator with its weights, read once and shared by every engine made.
#[derive(Clone)]
pub struct Judge {
    reference: Reference,
    gnubg: Config,
    native: Option<NativeEvaluator>,
}

impl fmt::Debug for Judge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Judge")
            .field("reference", &self.reference)
            .field("weights", &self.native.as_ref().map(|n| n.weights_source()))
            .finish()
    }
}

impl Judge {
    /// The judge `reference`: the gnubg program started with `gnubg`, or gnubg's nets with
    /// the weights `weights` (a file; else `$BGW_GNUBG_WEIGHTS`, the usual paths, the copy
    /// built in: [`NativeEvaluator::new`]), read now. Unreadable weights are an error
    /// ([`ReferenceError::Start`]), never replaced by others.
    pub fn new(
        reference: Reference,
        gnubg: Config,
        weights: Option<&Path>,
    ) -> Result<Judge, ReferenceError> {
        let native = match reference {
            Reference::Process => None,
            Reference::Native => {
                Some(
                    NativeEvaluator::new(weights).map_err(|e| ReferenceError::Start {
                        engine: super::native::NATIVE_NAME,
                        why: e.to_string(),
                    })?,
                )
            }
        };
        Ok(Judge {
            reference,
            gnubg,
            native,
        })
    }

    /// The gnubg program started with `gnubg`.
    pub fn process(gnubg: Config) -> Judge {
        Judge {
            reference: Reference::Process,
            gnubg,
            native: None,
        }
    }

    /// gnubg's nets over `evaluator`.
    pub fn native(evaluator: NativeEvaluator) -> Judge {
        Judge {
            reference: Reference::Native,
            gnubg: Config::default(),
            native: Some(evaluator),
        }
    }

    /// Which judge it is.
    pub fn reference(&self) -> Reference {
        self.reference
    }

    /// The gnubg program's configuration (used when the judge is the process).
    pub fn gnubg(&self) -> &Config {
        &self.gnubg
    }

    /// This judge, the process's waits stopped by `task` (see [`Config::stopped_by`]).
    pub fn stopped_by(self, task: &crate::core::task::Task) -> Judge {
        Judge {
            gnubg: self.gnubg.stopped_by(task),
            ..self
        }
    }

    /// Where the native judge's weights came from (`None` for the process).
    pub fn weights_source(&self) -> Option<&str> {
        self.native.as_ref().map(NativeEvaluator::weights_source)
    }

    /// gnubg's nets read in bgw, for work that reads them whoever judges (the reasons of
    /// errors, `native::why_gnubg`): this judge's own when it is native (shared, not read
    /// again), else read now from `weights` as [`NativeEvaluator::new`] finds them.
    pub fn nets(
        &self,
        weights: Option<&Path>,
    ) -> Result<NativeEvaluator, super::native::NativeError> {
        match &self.native {
            Some(n) => Ok(n.clone()),
            None => NativeEvaluator::new(weights),
        }
    }

    /// The judge in words, as a status line names it: `gnubg 1.07 process` or
    /// `gnubg 1.07 nets, native — weights: /usr/lib/gnubg/gnubg.wd`.
    pub fn describe(&self) -> String {
        match &self.native {
            None => "gnubg 1.07 process".to_string(),
            Some(n) => format!("gnubg 1.07 nets, native — weights: {}", n.weights_source()),
        }
    }

    /// A fresh engine of this judge: a gnubg process (started by its first request) or the
    /// native evaluator (its weights shared, not read again).
    pub fn engine(&self) -> Box<dyn ReferenceEngine + Send> {
        match &self.native {
            None => Box::new(Gnubg::new(self.gnubg.clone())),
            Some(n) => Box::new(NativeEngine::new(n.clone())),
        }
    }

    /// What makes one engine per thread (a pool, a review's workers): [`Judge::engine`] as a
    /// function to hand over.
    pub fn make(
        &self,
    ) -> impl Fn() -> Box<dyn ReferenceEngine + Send> + Send + Sync + Clone + 'static {
        let judge = self.clone();
        move || judge.engine()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice::Dice;
    use crate::core::formats::read_setup;
    use crate::core::position::Position;
    use crate::core::position::Side;
    use crate::reference::{MatchContext, RolloutSettings};

    #[test]
    fn the_words_read_back_and_others_are_refused() {
        for r in Reference::ALL {
            assert_eq!(r.to_string().parse::<Reference>(), Ok(r));
        }
        let e = "nativ".parse::<Reference>().unwrap_err();
        assert!(
            e.contains("\"nativ\"") && e.contains("native or process"),
            "{e}"
        );
        assert_eq!(Reference::default(), DEFAULT_REFERENCE);
    }

    #[test]
    fn the_native_judge_ranks_at_0_ply_and_its_refusals_point_at_the_process() {
        let judge = Judge::native(NativeEvaluator::self_contained());
        assert_eq!(judge.reference(), Reference::Native);
        assert_eq!(
            judge.describe(),
            "gnubg 1.07 nets, native — weights: built in"
        );
        let mut engine = judge.make()();
        let pos = Position::opening(Side::White);
        let dice = Dice::new(3, 1).unwrap();
        let moves = engine.rank_moves(&pos, dice, 0).unwrap();
        assert_eq!(moves.len(), 16);
        assert_eq!(moves[0].notation, "8/5 6/5");
        let e = engine.rollout(
            &pos,
            &[],
            &RolloutSettings::default(),
            &MatchContext::of(&read_setup("4HPwATDgc/ABMA").unwrap()),
            &mut |_, _| {},
        );
        let text = e.unwrap_err().to_string();
        assert!(
            text.contains("rollouts")
                && text.contains("--reference process")
                && text.contains("(in the app: View, Judge: gnubg's program)"),
            "{text}"
        );
    }

    #[test]
    fn the_process_judge_names_itself_without_starting_gnubg() {
        let judge = Judge::new(Reference::Process, Config::default(), None).unwrap();
        assert_eq!(judge.describe(), "gnubg 1.07 process");
        assert_eq!(judge.weights_source(), None);
        assert_eq!(judge.engine().name(), "gnubg");
    }

    #[test]
    fn unreadable_weights_are_an_error_naming_the_file() {
        let e = Judge::new(
            Reference::Native,
            Config::default(),
            Some(Path::new("/nonexistent/gnubg.wd")),
        )
        .unwrap_err();
        assert!(e.to_string().contains("/nonexistent/gnubg.wd"), "{e}");
    }
}
