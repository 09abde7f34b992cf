//! The Help windows: Keyboard and mouse (every shortcut of the command table, the keys and
//! the mouse gestures that are not commands), and About (versions).

use super::board::GESTURES;
use super::commands::Command;
use super::view::{HelpWindow, ViewAction, Windows};
use std::sync::OnceLock;

/// The egui the workbench is built with (a test compares it with `Cargo.lock`).
pub const EGUI_VERSION: &str = "0.37.0";

/// Keys handled outside the command table (by egui or by the app's paste handling).
pub const OTHER_KEYS: [(&str, &str); 5] = [
    (
        "Ctrl+V",
        "paste a Position ID, ID:MatchID or XGID copied in any program",
    ),
    (
        "Tab / Shift+Tab",
        "move the keyboard focus; Space or Enter presses the focused button",
    ),
    (
        "Escape",
        "close a menu or the file dialog drawn in the window",
    ),
    (
        "Enter in the ID field",
        "read the ID typed (refused: the text stays, the reason beside)",
    ),
    (
        "Left / Right",
        "in the «Чемпион» replay: the previous or next exchange",
    ),
];

/// The candidates table's gestures.
pub const CANDIDATE_GESTURES: [(&str, &str); 3] = [
    ("Hover a candidate", "its result on the board, with arrows"),
    ("Click a candidate", "select it (its breakdown is shown)"),
    ("Double click a candidate", "play it"),
];

/// Every shortcut of `c` as the platform writes them, joined by " or ".
pub fn shortcuts(ctx: &egui::Context, c: Command) -> String {
    c.kbd_shortcuts()
        .iter()
        .map(|k| ctx.format_shortcut(k))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Draws the Help windows that are open; returns the actions (closing one).
pub fn show(ctx: &egui::Context, windows: &Windows) -> Vec<ViewAction> {
    let mut out = Vec::new();
    let mut window = |which: HelpWindow, open: bool, title: &str, add: &dyn Fn(&mut egui::Ui)| {
        let mut still = open;
        if open {
            let screen = ctx.content_rect();
            egui::Window::new(title)
                .open(&mut still)
                .collapsible(false)
                .resizable(true)
                .pivot(egui::Align2::CENTER_CENTER)
                .default_pos(screen.center())
                .default_width(620.0_f32.min(screen.width() - 40.0))
                .max_height(screen.height() - 60.0)
                .show(ctx, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(screen.height() - 120.0)
                        .show(ui, add);
                });
        }
        if open && !still {
            out.push(ViewAction::ShowWindow(which, false));
        }
    };
    window(
        HelpWindow::Keyboard,
        windows.keyboard,
        "Keyboard and mouse",
        &keyboard,
    );
    window(HelpWindow::About, windows.about, "About", &about);
    out
}

fn table(ui: &mut egui::Ui, id: &str, rows: &[(String, String)]) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for (k, what) in rows {
                ui.monospace(k);
                ui.label(what);
                ui.end_row();
            }
        });
}

fn pairs(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn keyboard(ui: &mut egui::Ui) {
    ui.strong("Shortcuts (when no text field has the keyboard)");
    let rows: Vec<(String, String)> = Command::ALL
        .into_iter()
        .filter(|c| !c.kbd_shortcuts().is_empty())
        .map(|c| (shortcuts(ui.ctx(), c), c.tooltip().to_string()))
        .collect();
    table(ui, "help-shortcuts", &rows);
    ui.add_space(6.0);
    ui.strong("Other keys");
    table(ui, "help-keys", &pairs(&OTHER_KEYS));
    ui.add_space(6.0);
    ui.strong("The board");
    table(ui, "help-board", &pairs(&GESTURES));
    ui.add_space(6.0);
    ui.strong("The candidates");
    table(ui, "help-candidates", &pairs(&CANDIDATE_GESTURES));
    ui.add_space(6.0);
    ui.strong("The tabs");
    let tabs: Vec<(String, String)> = super::tabs::TABS
        .iter()
        .map(|r| (r.label.to_string(), r.about.to_string()))
        .collect();
    table(ui, "help-tabs", &tabs);
    ui.add_space(6.0);
    ui.weak("The menus list every command; a command without a shortcut is there only.");
}

fn about(ui: &mut egui::Ui) {
    ui.heading(format!(
        "Backgammon workbench {}",
        env!("CARGO_PKG_VERSION")
    ));
    ui.label(format!("egui and eframe {EGUI_VERSION}"));
    let gnubg = match gnubg_version() {
        Some(v) => v,
        None => {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
            "looking for gnubg…"
        }
    };
    ui.label(format!("gnubg (the yardstick): {gnubg}"));
    ui.label("License: GPL-3.0-or-later");
}

/// gnubg as the reference engine sees it (its name, version, program and bridge protocol, or
/// why it cannot be used), found once for the session on a thread of its own (never blocking
/// a frame): `None` while it is being asked.
pub fn gnubg_version() -> Option<&'static str> {
    static FOUND: OnceLock<String> = OnceLock::new();
    static ASKED: OnceLock<()> = OnceLock::new();
    if let Some(v) = FOUND.get() {
        return Some(v);
    }
    ASKED.get_or_init(|| {
        let asked = std::thread::Builder::new()
            .name("bgw: About's gnubg".into())
            .spawn(|| {
                let _ = FOUND.set(ask_gnubg());
            });
        if let Err(e) = asked {
            let _ = FOUND.set(format!("not asked (no thread for it: {e})"));
        }
    });
    FOUND.get().map(String::as_str)
}

/// How long gnubg may take to start and answer (as `bgw --version` waits).
const GNUBG_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// gnubg as the reference engine sees it: started and asked through the bridge.
fn ask_gnubg() -> String {
    match bgw_engine::reference::gnubg::found_here(GNUBG_WAIT) {
        Ok(found) => found,
        Err(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_egui_version_shown_is_the_one_built_with() {
        let lock = include_str!("../../Cargo.lock");
        let at = lock.find("name = \"egui\"\n").expect("egui in Cargo.lock");
        let version = lock[at..].lines().nth(1).unwrap();
        assert_eq!(version, format!("version = \"{EGUI_VERSION}\""));
    }
}
