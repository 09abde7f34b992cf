//! Finding match files: a path as the list of match files it names — itself, or every
//! `.mat`, `.txt` and `.sgf` file beneath a folder, each folder once.

use crate::matches::MatchFormat;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// True for a name a match file has: `.mat`, `.txt` or `.sgf` (any case).
fn is_match_file(path: &Path) -> bool {
    MatchFormat::of_extension(path).is_some()
}

/// `path` as a list of files: itself when it is no folder (read later, which refuses what
/// is no regular file by its kind, never opening a FIFO), else every match file beneath it,
/// each folder once (a link back up the tree, or a loop of links, is not followed twice).
pub fn match_files_under(
    path: &Path,
    out: &mut Vec<PathBuf>,
    failure: &mut dyn FnMut(&Path, &str),
) {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            let mut seen = HashSet::new();
            walk(path, out, &mut seen, failure);
        }
        Ok(_) => out.push(path.to_path_buf()),
        Err(e) => failure(path, &format!("cannot read: {e}")),
    }
}

fn walk(
    folder: &Path,
    out: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
    failure: &mut dyn FnMut(&Path, &str),
) {
    match std::fs::canonicalize(folder) {
        Ok(real) => {
            if !seen.insert(real) {
                return;
            }
        }
        Err(e) => return failure(folder, &format!("cannot read: {e}")),
    }
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) => return failure(folder, &format!("cannot read the folder: {e}")),
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        match std::fs::metadata(&p) {
            Ok(meta) if meta.is_dir() => walk(&p, out, seen, failure),
            Ok(_) if is_match_file(&p) => out.push(p),
            Ok(_) => {}
            // A dangling link or a loop of links named as a match file is said; others not.
            Err(e) if is_match_file(&p) => failure(&p, &format!("cannot read: {e}")),
            Err(_) => {}
        }
    }
}
