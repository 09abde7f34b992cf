//! The desktop workbench (egui/eframe): a thin layer over the engine.
//!
//! - [`state`]: the app's state and [`Action`], applied in one place ([`AppState::apply`]);
//! - [`edit_board`]: the editable board (per-colour counts that validate into a position);
//! - [`analysis`]: the candidates of the position on the board;
//! - [`files`]: file dialogs behind a trait (tests hand in paths);
//! - one module per panel: [`toolbar`], [`board`], [`candidates`], [`status`].
//!
//! Panels read the state and return actions; [`WorkbenchApp::show`] applies them right after
//! each panel, so what a panel changes is visible in the panels drawn after it on the same
//! frame, and asks for another frame so the ones before catch up.

pub mod analysis;
pub mod bearoff_panel;
pub mod board;
pub mod breakdown;
pub mod candidates;
pub mod champion_panel;
pub mod checker_sprites;
pub mod duel_panel;
pub mod edit_board;
pub mod files;
pub mod frame_cost;
pub mod jobs;
pub mod play;
pub mod state;
pub mod status;
pub mod tabs;
pub mod toolbar;
pub mod weights;

pub use edit_board::{EditBoard, Loc};
pub use files::{FileDialogs, FileKind, NativeDialogs, ScriptedDialogs};
pub use state::{Action, AppState, Edit, IdFormat, Persisted, Settings, Tab};

use egui::{Key, KeyboardShortcut, Modifiers};

/// The workbench: its state, its file dialogs and the panels' own display state.
pub struct WorkbenchApp {
    /// Everything the panels show.
    pub state: AppState,
    /// Where file dialogs come from.
    pub dialogs: Box<dyn FileDialogs>,
    board: board::BoardUi,
    toolbar: toolbar::ToolbarUi,
    typed_move: String,
    timing: Option<Timing>,
    /// The theme last given to egui (dark or not), set on the first frame and on a change.
    look: Option<bool>,
}

/// Frame timing printed on stderr when `BGW_TIMING` is set: the first frame's delay after
/// start, then every 100 frames the mean and worst time spent in [`WorkbenchApp::show`].
struct Timing {
    start: std::time::Instant,
    frames: u64,
    total: f64,
    worst: f64,
    last_begin: Option<std::time::Instant>,
    intervals: Vec<f64>,
    /// eframe's own measure of each frame: UI code, tessellation and GL calls, without the
    /// buffer swap.
    eframe_ms: Vec<f64>,
    /// The process's CPU time when the current hundred frames began (Linux), in seconds.
    cpu_at: Option<f64>,
    /// `BGW_TIMING=continuous`: repaint without waiting for input, so frame-to-frame intervals
    /// measure the whole cost of a frame.
    continuous: bool,
}

impl WorkbenchApp {
    /// An app on `state` with these dialogs (tests use [`ScriptedDialogs`]).
    pub fn new(state: AppState, dialogs: Box<dyn FileDialogs>) -> WorkbenchApp {
        WorkbenchApp {
            state,
            dialogs,
            board: board::BoardUi::default(),
            toolbar: toolbar::ToolbarUi::default(),
            typed_move: String::new(),
            timing: None,
            look: None,
        }
    }

    /// The app as eframe starts it: the last session's board and settings, native dialogs.
    pub fn from_storage(storage: Option<&dyn eframe::Storage>) -> WorkbenchApp {
        let state = storage
            .and_then(|s| eframe::get_value::<Persisted>(s, eframe::APP_KEY))
            .map(AppState::restore)
            .unwrap_or_default();
        WorkbenchApp::new(state, Box::new(NativeDialogs))
    }

    /// The board's geometry as last drawn (tests click at its points).
    pub fn board_geometry(&self) -> Option<board::Geometry> {
        self.board.geometry()
    }

    fn apply_all(&mut self, ui: &egui::Ui, actions: Vec<Action>) {
        if actions.is_empty() {
            return;
        }
        for a in actions {
            self.state.apply(a, self.dialogs.as_mut());
        }
        if let Some(text) = self.state.clipboard_out.take() {
            ui.ctx().copy_text(text);
        }
        ui.ctx().request_repaint();
    }

    /// Keyboard shortcuts and pasted text, when no text field has the keyboard.
    fn global_input(&mut self, ui: &egui::Ui) -> Vec<Action> {
        let ctx = ui.ctx();
        let mut out = Vec::new();
        if !shortcuts_free(ctx) {
            return out;
        }
        ctx.input_mut(|i| {
            let ctrl = |k| KeyboardShortcut::new(Modifiers::COMMAND, k);
            if i.consume_shortcut(&KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::Z,
            )) || i.consume_shortcut(&ctrl(Key::Y))
            {
                out.push(Action::Redo);
            }
            if i.consume_shortcut(&ctrl(Key::Z)) {
                out.push(Action::Undo);
            }
            // In the «Чемпион» workspace the backgammon board is hidden: undo and redo are the
            // workspace's, and the board's keys and pasted IDs are left alone.
            if self.state.settings.tab == Tab::Champion {
                for a in &mut out {
                    *a = match a {
                        Action::Undo => Action::Champion(champion_panel::ChampionAction::Undo),
                        _ => Action::Champion(champion_panel::ChampionAction::Redo),
                    };
                }
                return;
            }
            if i.consume_key(Modifiers::NONE, Key::R) {
                out.push(Action::Roll);
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowDown) {
                out.push(Action::SelectStep(1));
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowUp) {
                out.push(Action::SelectStep(-1));
            }
            if i.consume_key(Modifiers::NONE, Key::Enter)
                && let Some(sel) = self.state.selected
            {
                out.push(Action::Play(sel));
            }
            for e in &i.events {
                match e {
                    egui::Event::Paste(text) => out.push(Action::Paste(text.clone())),
                    egui::Event::Copy => out.push(Action::Copy(IdFormat::PositionMatchId)),
                    _ => {}
                }
            }
        });
        out
    }

    /// Draws the whole workbench into `ui` and applies what the person did.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let dark = self.state.settings.dark;
        if self.look != Some(dark) {
            ui.ctx().set_visuals(flat_visuals(dark));
            self.look = Some(dark);
        }

        self.state.poll();
        let actions = self.global_input(ui);
        self.apply_all(ui, actions);

        let actions = egui::Panel::top("toolbar")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .show(ui, |ui| self.toolbar.show(ui, &self.state))
            .inner;
        self.apply_all(ui, actions);

        // «Чемпион» is a workspace of its own: its board and panels take the whole area.
        if self.state.settings.tab == Tab::Champion {
            let actions = egui::CentralPanel::default()
                .frame(unfilled(egui::Frame::central_panel(ui.style())))
                .show(ui, |ui| tabs::show(ui, &self.state, &mut self.typed_move))
                .inner;
            self.apply_all(ui, actions);
            return;
        }

        let actions = egui::Panel::bottom("status")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .show(ui, |ui| status::show(ui, &self.state))
            .inner;
        self.apply_all(ui, actions);

        let actions = weights::confirm(ui.ctx(), &self.state);
        self.apply_all(ui, actions);

        // The lower area first: a weight change re-ranks before the candidates are drawn.
        let actions = egui::Panel::bottom("tabs")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .resizable(true)
            .default_size(330.0)
            .min_size(310.0)
            .show(ui, |ui| {
                // Beside the weights (and a game), the term breakdown; the other tabs need the
                // whole width.
                let mut out = if matches!(self.state.settings.tab, Tab::Weights | Tab::Play) {
                    egui::Panel::right("breakdown")
                        .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
                        .resizable(true)
                        .default_size(880.0)
                        .min_size(700.0)
                        .show(ui, |ui| breakdown::show(ui, &self.state))
                        .inner
                } else {
                    Vec::new()
                };
                out.extend(tabs::show(ui, &self.state, &mut self.typed_move));
                out
            })
            .inner;
        self.apply_all(ui, actions);

        let actions = egui::Panel::right("candidates")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .resizable(true)
            .default_size(540.0)
            .min_size(520.0)
            .show(ui, |ui| candidates::show(ui, &self.state))
            .inner;
        self.apply_all(ui, actions);

        let actions = egui::CentralPanel::default()
            .frame(unfilled(egui::Frame::central_panel(ui.style())))
            .show(ui, |ui| self.board.show(ui, &self.state))
            .inner;
        self.apply_all(ui, actions);
    }
}

/// CPU time of this process so far (user and system, all threads, the software renderer's
/// included), from `/proc/self/stat`; `None` where that is not available.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime and stime are the 12th
    // and 13th of them, in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// True when the keyboard's shortcuts (R, arrows, Enter, Ctrl+Z…) are ours: no text field is
/// being typed in. A button focused by keyboard navigation (Tab; egui rings it) must not switch
/// the shortcuts off, so having the focus is not the test.
pub fn shortcuts_free(ctx: &egui::Context) -> bool {
    !ctx.text_edit_focused()
}

/// egui's dark or light look with square widgets: buttons, fields and slider handles without
/// rounded corners. Each rounded, anti-aliased corner costs a dozen triangles, and without a
/// GPU every triangle is drawn by the CPU: square corners take a frame of the largest position
/// from 14,800 triangles to 9,200, and 10.4–10.9 ms to 7.0–8.8 ms under Xvfb.
pub fn flat_visuals(dark: bool) -> egui::Visuals {
    let mut v = if dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    let w = &mut v.widgets;
    for state in [
        &mut w.noninteractive,
        &mut w.inactive,
        &mut w.hovered,
        &mut w.active,
        &mut w.open,
    ] {
        state.corner_radius = egui::CornerRadius::ZERO;
    }
    v.handle_shape = egui::style::HandleShape::Rect { aspect_ratio: 0.5 };
    v
}

/// A panel's frame without its fill. The window is cleared to the panel colour once per frame
/// (see `clear_color`), so painting each panel's background again only costs time: with a
/// software renderer (Mesa's llvmpipe, no GPU) every full-window fill costs several
/// milliseconds a frame.
fn unfilled(frame: egui::Frame) -> egui::Frame {
    frame.fill(egui::Color32::TRANSPARENT)
}

impl eframe::App for WorkbenchApp {
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let Some(t) = &mut self.timing else {
            return self.show(ui);
        };
        let began = std::time::Instant::now();
        if let Some(s) = frame.info().cpu_usage {
            t.eframe_ms.push(f64::from(s) * 1e3);
        }
        if t.continuous {
            ui.ctx().request_repaint();
        }
        // Frame to frame, when frames follow each other (input arriving all the time): the whole
        // cost of a frame, painting and presenting included.
        if let Some(last) = t.last_begin.replace(began) {
            let gap = (began - last).as_secs_f64() * 1e3;
            if gap < 100.0 {
                t.intervals.push(gap);
            }
        }
        if t.frames == 0 {
            eprintln!(
                "bgw timing: first frame begins {:.0} ms after start",
                t.start.elapsed().as_secs_f64() * 1e3
            );
        }
        self.show(ui);
        let ms = began.elapsed().as_secs_f64() * 1e3;
        let t = self.timing.as_mut().expect("timing on");
        t.frames += 1;
        t.total += ms;
        t.worst = t.worst.max(ms);
        if t.frames == 1 {
            eprintln!(
                "bgw timing: first frame done {:.0} ms after start ({ms:.1} ms in the UI code)",
                t.start.elapsed().as_secs_f64() * 1e3
            );
        }
        if t.frames.is_multiple_of(100) {
            let n = t.intervals.len().max(1) as f64;
            let e = t.eframe_ms.len().max(1) as f64;
            let cpu_now = process_cpu_seconds();
            let cpu = match (t.cpu_at, cpu_now) {
                (Some(a), Some(b)) => format!("; process CPU {:.2} ms a frame", (b - a) * 10.0),
                _ => String::new(),
            };
            t.cpu_at = cpu_now;
            eprintln!(
                "bgw timing: frames {}-{}: mean {:.2} ms, worst {:.2} ms in the UI code; \
                 {:.2} ms with tessellation and GL calls (eframe); \
                 {} back-to-back frames {:.2} ms apart on average, at most {:.2} ms{cpu}",
                t.frames - 99,
                t.frames,
                t.total / 100.0,
                t.worst,
                t.eframe_ms.iter().sum::<f64>() / e,
                t.intervals.len(),
                t.intervals.iter().sum::<f64>() / n,
                t.intervals.iter().copied().fold(0.0, f64::max)
            );
            t.total = 0.0;
            t.worst = 0.0;
            t.intervals.clear();
            t.eframe_ms.clear();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state.persisted());
    }
}

/// Opens the workbench window and runs until it is closed. With the environment variable
/// `BGW_TIMING` set, frame times are printed on stderr.
pub fn run() -> eframe::Result {
    let start = std::time::Instant::now();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Backgammon workbench")
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([900.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        "backgammon-workbench",
        options,
        Box::new(move |cc| {
            let mut app = WorkbenchApp::from_storage(cc.storage);
            if let Some(mode) = std::env::var_os("BGW_TIMING") {
                app.timing = Some(Timing {
                    start,
                    frames: 0,
                    total: 0.0,
                    worst: 0.0,
                    last_begin: None,
                    intervals: Vec::new(),
                    eframe_ms: Vec::new(),
                    cpu_at: None,
                    continuous: mode == "continuous",
                });
            }
            Ok(Box::new(app))
        }),
    )
}
