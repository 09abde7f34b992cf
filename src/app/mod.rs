//! The desktop workbench (egui/eframe): a thin layer over the engine.
//!
//! - [`state`]: the app's state and [`Action`], applied in one place ([`AppState::apply`]);
//! - one module per feature, each with its state, actions, reducer and panel: [`editing`],
//!   [`candidates`], [`weights`], [`view`], [`play`], [`bearoff`], [`duel`],
//!   [`champion_panel`];
//! - [`settings`]: what is kept across restarts;
//! - [`files`]: file dialogs behind a trait (tests hand in paths);
//! - the backgammon workspace's other panels: [`toolbar`], [`board`], [`tabs`], [`status`].
//!
//! Panels read the state and return actions; [`WorkbenchApp::show`] applies them right after
//! each panel, so what a panel changes is visible in the panels drawn after it on the same
//! frame, and asks for another frame so the ones before catch up.

pub mod bearoff;
pub mod board;
pub mod candidates;
pub mod champion_panel;
pub mod checker_sprites;
pub mod duel;
pub mod editing;
pub mod files;
pub mod frame_cost;
pub mod jobs;
pub mod look;
pub mod play;
pub mod settings;
pub mod state;
pub mod status;
pub mod tabs;
mod timing;
pub mod toolbar;
pub mod view;
pub mod weights;

pub use candidates::CandidatesAction;
pub use editing::{Edit, EditAction, EditBoard, IdFormat, Loc};
pub use files::{FileDialogs, FileKind, NativeDialogs, ScriptedDialogs};
pub use play::PlayAction;
pub use settings::{Persisted, Settings, Tab};
pub use state::{Action, AppState};
pub use view::ViewAction;
pub use weights::WeightsAction;

use egui::{Key, KeyboardShortcut, Modifiers};
use look::{flat_visuals, unfilled};
use timing::Timing;

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
                out.push(EditAction::Redo.into());
            }
            if i.consume_shortcut(&ctrl(Key::Z)) {
                out.push(EditAction::Undo.into());
            }
            // In the «Чемпион» workspace the backgammon board is hidden: its keys and pasted
            // IDs are left alone (undo and redo go to the workspace's game: `AppState::apply`).
            if self.state.settings.tab == Tab::Champion {
                return;
            }
            if i.consume_key(Modifiers::NONE, Key::R) {
                out.push(EditAction::Roll.into());
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowDown) {
                out.push(CandidatesAction::SelectStep(1).into());
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowUp) {
                out.push(CandidatesAction::SelectStep(-1).into());
            }
            if i.consume_key(Modifiers::NONE, Key::Enter)
                && let Some(sel) = self.state.candidates.selected
            {
                out.push(CandidatesAction::Play(sel).into());
            }
            for e in &i.events {
                match e {
                    egui::Event::Paste(text) => out.push(EditAction::Paste(text.clone()).into()),
                    egui::Event::Copy => {
                        out.push(EditAction::Copy(IdFormat::PositionMatchId).into())
                    }
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

        let actions = weights::panel::confirm(ui.ctx(), &self.state);
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
                        .show(ui, |ui| candidates::breakdown::show(ui, &self.state))
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
            .show(ui, |ui| candidates::table::show(ui, &self.state))
            .inner;
        self.apply_all(ui, actions);

        let actions = egui::CentralPanel::default()
            .frame(unfilled(egui::Frame::central_panel(ui.style())))
            .show(ui, |ui| self.board.show(ui, &self.state))
            .inner;
        self.apply_all(ui, actions);
    }
}

/// True when the keyboard's shortcuts (R, arrows, Enter, Ctrl+Z…) are ours: no text field is
/// being typed in. A button focused by keyboard navigation (Tab; egui rings it) must not switch
/// the shortcuts off, so having the focus is not the test.
pub fn shortcuts_free(ctx: &egui::Context) -> bool {
    !ctx.text_edit_focused()
}

impl eframe::App for WorkbenchApp {
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let Some(t) = &mut self.timing else {
            return self.show(ui);
        };
        let began = t.begin(ui.ctx(), frame.info().cpu_usage);
        self.show(ui);
        if let Some(t) = &mut self.timing {
            t.end(began);
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
            app.timing = Timing::from_env(start);
            Ok(Box::new(app))
        }),
    )
}
