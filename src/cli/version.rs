//! `bgw --version`: the workbench's version, and the reference engine found here — gnubg's
//! name and version when it can be started (asked with a bounded wait), or why not.

use super::{CliError, print};
use bgw_engine::reference::gnubg;
use std::process::ExitCode;
use std::time::Duration;

/// How long gnubg may take to start and answer (it loads its nets in about a second); a
/// gnubg that does not answer is started once more, so the wait is at most twice this.
const WAIT: Duration = Duration::from_secs(5);

/// Prints clap's version line, then the reference engine's line.
pub fn run(version: &clap::Error) -> Result<ExitCode, CliError> {
    print(&version.render().to_string())?;
    print(&format!("{}\n", reference_engine()))?;
    Ok(ExitCode::SUCCESS)
}

/// `reference engine: GNU Backgammon 1.08.003 (/usr/games/gnubg, bridge protocol 2)`, or why
/// there is none.
pub fn reference_engine() -> String {
    match gnubg::found_here(WAIT) {
        Ok(found) => format!("reference engine: {found}"),
        Err(e) => format!("reference engine: {e}"),
    }
}
