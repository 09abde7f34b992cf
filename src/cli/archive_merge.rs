//! `bgw archive merge --into FILE A B …`: archives merged by content (see
//! `bgw_engine::archive::Merged` and docs/archive.md), for the archives that shards of one job
//! wrote. The inputs are opened read-only; the target is written in one transaction, or —
//! when it does not exist yet — made beside it under a temporary name and renamed when whole,
//! so that a merge stopped at any point leaves the target as it was.

use super::archive_db::failed;
use super::{CliError, print, shown};
use bgw_engine::archive::Archive;
use bgw_engine::io::atomic_file::TemporaryFiles;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `bgw archive merge`.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The archive merged into (made when it does not exist).
    #[arg(long, value_name = "FILE")]
    into: PathBuf,
    /// The archives merged in (read only, never changed).
    #[arg(required = true, value_name = "ARCHIVE")]
    archives: Vec<PathBuf>,
    /// What was merged as one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `bgw archive merge`.
pub fn run(args: MergeArgs) -> Result<ExitCode, CliError> {
    let into = &args.into;
    let link = std::fs::symlink_metadata(into).ok();
    if link.as_ref().is_some_and(|m| m.file_type().is_symlink()) {
        return Err(CliError::usage(format!(
            "--into {} is a symbolic link: give the file itself",
            shown(into)
        )));
    }
    let exists = link.is_some();
    let target = exists.then(|| std::fs::canonicalize(into).ok()).flatten();
    let mut inputs = Vec::new();
    for path in &args.archives {
        if let Ok(p) = std::fs::canonicalize(path)
            && Some(&p) == target.as_ref()
        {
            return Err(CliError::usage(format!(
                "cannot merge {} into itself: --into names one of the archives merged",
                shown(path)
            )));
        }
        let archive = Archive::open_read_only(path).map_err(|e| {
            CliError::failed(format!("cannot open the archive {}: {e}", shown(path)))
        })?;
        inputs.push(archive);
    }
    let others: Vec<&Archive> = inputs.iter().collect();
    let merged = if exists {
        let mut archive = Archive::open(into).map_err(|e| {
            CliError::failed(format!("cannot open the archive {}: {e}", shown(into)))
        })?;
        archive.merge(&others).map_err(failed)?
    } else {
        into_new(into, &others)?
    };
    let out = if args.json {
        format!("{}\n", serde_json::to_string(&merged)?)
    } else {
        let mut out = format!(
            "{} archive{} merged into {}: {} matches added, {} held already (counted once); \
             {} reviews added, {} held already; {} files, {} aliases, {} drill cards, {} \
             answers added\n",
            others.len(),
            if others.len() == 1 { "" } else { "s" },
            shown(into),
            merged.matches,
            merged.matches_known,
            merged.reviews,
            merged.reviews_known,
            merged.files,
            merged.aliases,
            merged.cards,
            merged.answers
        );
        if merged.review_conflicts + merged.alias_conflicts + merged.cards_united > 0 {
            out.push_str(&format!(
                "kept the first: {} reviews by another engine version at the same depth, {} \
                 aliases naming another person; {} drill cards held twice (their answers \
                 united, the schedule of the one answered last)\n",
                merged.review_conflicts, merged.alias_conflicts, merged.cards_united
            ));
        }
        out
    };
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Merges into a new archive at `into`: made under a temporary name beside it (the ones a
/// killed merge left, whose process is gone, removed first), closed out of WAL mode (one
/// file) and linked to its name only when whole — never over a file made there meanwhile.
fn into_new(into: &Path, others: &[&Archive]) -> Result<bgw_engine::archive::Merged, CliError> {
    let folder = match into.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = into
        .file_name()
        .ok_or_else(|| CliError::usage(format!("--into {} names no file", shown(into))))?
        .to_string_lossy()
        .into_owned();
    let prefix = format!(".{name}.bgw-merge-");
    remove_stale(&folder, &prefix);
    let temp = folder.join(format!("{prefix}{}.tmp", std::process::id()));
    let cannot = |e: &dyn std::fmt::Display| {
        CliError::failed(format!("cannot make the archive {}: {e}", shown(into)))
    };
    // A signal that ends the run (Ctrl+C, SIGTERM) removes them (`interrupt`).
    let files: Vec<PathBuf> = ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|end| PathBuf::from(format!("{}{end}", temp.display())))
        .collect();
    let _listed = TemporaryFiles::list(&files).map_err(|e| cannot(&e))?;
    let merged = (|| {
        let mut archive = Archive::open(&temp).map_err(|e| cannot(&e))?;
        let merged = archive.merge(others).map_err(failed)?;
        archive
            .connection()
            .pragma_update(None, "journal_mode", "DELETE")
            .map_err(|e| cannot(&e))?;
        drop(archive);
        std::fs::hard_link(&temp, into).map_err(|e| cannot(&e))?;
        Ok(merged)
    })();
    for file in &files {
        let _ = std::fs::remove_file(file);
    }
    merged
}

/// Removes the temporary files (`PREFIX PID .tmp`, and SQLite's beside them) of merges whose
/// process is gone (Linux: no `/proc/PID`; elsewhere they are left).
fn remove_stale(folder: &Path, prefix: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(prefix) else {
            continue;
        };
        let Some((pid, _)) = rest.split_once(".tmp") else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}
