//! `app.ron` itself: checked before eframe reads it, and kept aside before anything overwrites
//! a file that had problems.
//!
//! eframe 0.37 (`native/file_storage.rs`) reads `app.ron` once, before the app starts, into a
//! map from keys to RON texts: `app` (the workbench's [`super::Persisted`]), `window` (the
//! window's geometry, which eframe applies itself when it opens the window) and `egui` (egui's
//! memory). A file that does not parse becomes an empty map without a word, and eframe's first
//! save (every 30 s, and on exit) writes the file anew over it. So [`check`] runs before eframe
//! starts: it reads the file the same way, checks the app's entry ([`super::parse`]) and the
//! window's ([`window_problem`]), and when something is wrong keeps a copy aside
//! ([`keep_aside`]) and takes an unusable window geometry out of the file, so that eframe opens
//! the window at its default size.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::{fs, io};

/// eframe's storage key of the window geometry (its `STORAGE_WINDOW_KEY`).
const WINDOW_KEY: &str = "window";

/// The smallest window (in points) a saved geometry may ask for.
pub const MIN_WINDOW: egui::Vec2 = egui::vec2(640.0, 400.0);

/// At most this many copies are kept aside (`app.ron.bad` … `app.ron.bad.999`).
const MAX_COPIES: u32 = 1000;

/// What the check of `app.ron` found.
#[derive(Debug)]
pub struct FileCheck {
    /// What fell back and where the file was kept, one sentence each (status line and Log).
    pub notes: Vec<String>,
    /// False when the file had problems and no copy of it could be kept: the app then saves
    /// nothing this session, so the file is left as it is.
    pub saving: bool,
}

impl Default for FileCheck {
    /// A file without problems (or none at all): nothing to say, saving on.
    fn default() -> FileCheck {
        FileCheck {
            notes: Vec::new(),
            saving: true,
        }
    }
}

/// Where eframe keeps the state of the app `app_id`: `app.ron` in the user's data folder
/// (`~/.local/share/<app id>/` on Linux); `None` when there is no such folder.
pub fn path(app_id: &str) -> Option<PathBuf> {
    eframe::storage_dir(app_id).map(|dir| dir.join("app.ron"))
}

/// Checks `app.ron` at `path` before eframe reads it: that it parses, that the app's entry
/// reads and validates part by part, that the window geometry is usable. When something is
/// wrong the file is copied aside first ([`keep_aside`]) and an unusable window geometry is
/// taken out of it; the notes say what and where. A missing file is a first start: no notes.
pub fn check(path: &Path) -> FileCheck {
    let shown = path.display();
    let mut notes = Vec::new();
    let mut map = match fs::read_to_string(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return FileCheck::default(),
        Err(e) => {
            notes.push(format!(
                "{shown} could not be read ({e}); the defaults are in use"
            ));
            None
        }
        Ok(text) => match ron::from_str::<BTreeMap<String, String>>(&text) {
            Ok(map) => Some(map),
            Err(e) => {
                notes.push(format!(
                    "{shown} could not be read ({e}); the defaults are in use"
                ));
                None
            }
        },
    };
    let mut bad = map.is_none();
    if let Some(map) = &map {
        // The notes on the app's parts come again when the app restores them from eframe.
        bad |= map
            .get(eframe::APP_KEY)
            .is_some_and(|app| !super::parse(app).notes.is_empty());
    }
    let window = map
        .as_ref()
        .and_then(|m| m.get(WINDOW_KEY))
        .and_then(|w| window_problem(w));
    if let Some(problem) = &window {
        notes.push(problem.clone());
        bad = true;
    }
    if !bad {
        return FileCheck::default();
    }
    let kept = match keep_aside(path) {
        Ok(kept) => kept,
        Err(e) => {
            notes.push(format!(
                "the saved state had problems, and no copy of {shown} could be made ({e}): \
                 nothing is saved this session, so the file stays as it is"
            ));
            return FileCheck {
                notes,
                saving: false,
            };
        }
    };
    if let (Some(map), Some(_)) = (&mut map, &window) {
        map.remove(WINDOW_KEY);
        if let Err(e) = write(path, map) {
            notes.push(format!(
                "the unusable window geometry could not be taken out of {shown} ({e})"
            ));
        }
    }
    notes.push(format!(
        "the saved state had problems (see the Log); {shown} was kept as {}",
        kept.display()
    ));
    FileCheck {
        notes,
        saving: true,
    }
}

/// What makes a saved window geometry (eframe's `window` entry) unusable, in words: a text
/// that is not one, or a size that is not finite or below [`MIN_WINDOW`]. eframe itself only
/// raises a size to 64 points (a NaN becomes 64), which opens a window too narrow to use.
pub fn window_problem(text: &str) -> Option<String> {
    let settings: egui_winit::WindowSettings = match ron::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            return Some(format!(
                "the saved window geometry could not be read ({e}); the window opens at its \
                 default size"
            ));
        }
    };
    let size = settings.inner_size_points();
    let usable = size.x.is_finite()
        && size.y.is_finite()
        && size.x >= MIN_WINDOW.x
        && size.y >= MIN_WINDOW.y;
    (!usable).then(|| {
        format!(
            "the saved window size ({} × {}) is not a usable one (at least {} × {}); the \
             window opens at its default size",
            size.x, size.y, MIN_WINDOW.x, MIN_WINDOW.y
        )
    })
}

/// Copies the file at `path` next to it, as `<name>.bad`, or `<name>.bad.1`, `<name>.bad.2`…
/// when earlier copies are there (none is ever overwritten); returns the copy's path.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut from = fs::File::open(path)?;
    for n in 0..MAX_COPIES {
        let mut copy = OsString::from(name);
        copy.push(".bad");
        if n > 0 {
            copy.push(format!(".{n}"));
        }
        let target = path.with_file_name(copy);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
        {
            Ok(mut to) => {
                let copied = io::copy(&mut from, &mut to).and_then(|_| to.sync_all());
                if let Err(e) = copied {
                    // A partial copy would pass for one; the original is still where it was.
                    let _ = fs::remove_file(&target);
                    return Err(e);
                }
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{MAX_COPIES} earlier copies are there already"
    )))
}

/// Writes eframe's map back to `path` as eframe does (RON), through a file beside it renamed
/// over the old one.
fn write(path: &Path, map: &BTreeMap<String, String>) -> io::Result<()> {
    let text = ron::ser::to_string_pretty(map, ron::ser::PrettyConfig::default())
        .map_err(io::Error::other)?;
    let mut temporary = OsString::from(path.as_os_str());
    temporary.push(".new");
    let temporary = PathBuf::from(temporary);
    fs::write(&temporary, text)?;
    fs::rename(&temporary, path)
}
