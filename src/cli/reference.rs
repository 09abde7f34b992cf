//! `--reference native|process` and `--gnubg-weights PATH`: which judge answers for gnubg on
//! every command that asks it (see [`bgw_engine::reference::Judge`]).

use super::CliError;
use bgw_engine::core::task::Task;
use bgw_engine::reference::gnubg::Config;
use bgw_engine::reference::{DEFAULT_REFERENCE, Judge, Reference};
use std::path::PathBuf;

/// The judge's two flags, flattened into each command that asks gnubg.
#[derive(clap::Args, Clone, Debug)]
pub struct ReferenceArgs {
    /// Who judges as gnubg: `native` (the default: gnubg 1.07's nets evaluated in bgw, no
    /// gnubg program needed — evaluations, hint lists, cube decisions and the luck at 0 to 2
    /// plies, money or a match) or `process` (the gnubg program, the cross-check; rollouts
    /// need it and are its default).
    #[arg(long, value_name = "native|process")]
    pub reference: Option<Reference>,
    /// With --reference native: gnubg's weights file (`gnubg.wd` or `gnubg.weights`); by
    /// default $BGW_GNUBG_WEIGHTS, else the first found on the usual paths, else the copy
    /// built into bgw.
    #[arg(long, value_name = "PATH")]
    pub gnubg_weights: Option<PathBuf>,
}

impl ReferenceArgs {
    /// The chosen judge (native unless `--reference process`), the process's waits stopped
    /// by `task`. Weights named for the process are refused as what was typed (exit 2);
    /// weights that cannot be read fail (exit 1).
    pub fn judge(&self, task: &Task) -> Result<Judge, CliError> {
        self.judge_with(Config::default().stopped_by(task))
    }

    /// [`ReferenceArgs::judge`], the process started with `gnubg`.
    pub fn judge_with(&self, gnubg: Config) -> Result<Judge, CliError> {
        self.judge_or(DEFAULT_REFERENCE, gnubg)
    }

    /// The judge of a rollout: the gnubg program unless `--reference` says otherwise — the
    /// native evaluator has no rollouts (it refuses them saying so).
    pub fn rollout_judge(&self, task: &Task) -> Result<Judge, CliError> {
        self.judge_or(Reference::Process, Config::default().stopped_by(task))
    }

    /// The judge `--reference` names, else `default`.
    fn judge_or(&self, default: Reference, gnubg: Config) -> Result<Judge, CliError> {
        let reference = self.reference.unwrap_or(default);
        if reference == Reference::Process && self.gnubg_weights.is_some() {
            return Err(CliError::usage(
                "--gnubg-weights is for --reference native (the gnubg program reads its own)",
            ));
        }
        Judge::new(reference, gnubg, self.gnubg_weights.as_deref())
            .map_err(|e| CliError::failed(e.to_string()))
    }
}
