//! The desktop workbench (egui/eframe): a thin layer over the engine.
//!
//! - [`coordinator`]: the app's state and [`Action`], applied in one place
//!   ([`AppState::apply`], which returns [`effect::Effect`]s), and the rules that span features;
//! - [`shell`]: carries out the effects (clipboard, exports, file dialogs, background jobs
//!   ([`jobs`]), web pages);
//! - one module per feature, each with its state, actions, `update` and panel: [`editing`],
//!   [`candidates`], [`weights`], [`view`], [`play`], [`bearoff`], [`duel`],
//!   [`champion_panel`];
//! - [`saved_part`]: what a feature implements to keep a part across restarts; [`saved`]: the
//!   table of the parts, read back without trusting it (each part checked on its own, a
//!   damaged `app.ron` kept aside, the first layout still read); [`settings`]: the view's
//!   part;
//! - [`files`]: file dialogs behind a trait, off the UI thread, with one drawn in the window
//!   when the desktop has none (tests hand in paths);
//! - [`layout`]: the backgammon workspace's regions, resizable, clamped to the window;
//! - [`help`]: Help → Keyboard and mouse (from the command table) and About;
//! - [`roll_grid`]: the 21 rolls with the classic program's choice for each;
//! - [`render`]: egui content drawn off-screen into an image, for exports; [`export`]: an
//!   image as PNG;
//! - [`files`]: file dialogs behind a trait (tests hand in paths); [`referee`]: gnubg behind a
//!   trait (tests script its verdicts);
//! - [`commands`]: the command table (labels, tooltips, shortcuts) the [`menus`], the
//!   [`toolbar`] and the keys read;
//! - [`workspace`]: the two workspaces behind one trait, [`backgammon`] (with [`toolbar`],
//!   [`board`] (its colours in [`board_palette`]), [`tabs`], [`status`]) and «Чемпион»
//!   ([`champion_workspace`]);
//! - [`messages`]: the session's messages (the status line's last, the Log's all);
//! - [`look`]: the workbench's look; [`software_rendering`]: the speed-ups for drawing without
//!   a GPU, behind one switch, called before and after each frame.
//!
//! Panels read the state and return actions; the open workspace applies them right after
//! each panel, so what a panel changes is visible in the panels drawn after it on the same
//! frame, and asks for another frame so the ones before catch up.

pub mod archive;
pub mod axes;
pub mod backgammon;
pub mod bearoff;
pub mod board;
pub mod board_palette;
pub mod candidates;
pub mod champion_panel;
pub mod champion_workspace;
pub mod commands;
pub mod coordinator;
pub mod duel;
pub mod edit;
pub mod editing;
pub mod effect;
pub mod export;
pub mod feature;
pub mod file_dialog;
pub mod files;
pub mod help;
pub mod jobs;
pub mod layout;
pub mod legend;
pub mod look;
pub mod match_review;
pub mod menus;
pub mod messages;
pub mod play;
pub mod referee;
pub mod render;
pub mod roll_grid;
pub mod saved;
pub mod saved_part;
pub mod settings;
pub mod shell;
pub mod software_rendering;
pub mod status;
pub mod tabs;
pub mod toolbar;
pub mod view;
pub mod weights;
pub mod workspace;

pub use candidates::CandidatesAction;
pub use coordinator::{Action, AppState};
pub use edit::{Edit, EditBoard, Loc};
pub use editing::{EditAction, IdFormat};
pub use files::{FileDialogs, FileKind, NativeDialogs, NoPortal, ScriptedDialogs};
pub use play::PlayAction;
pub use referee::{Referee, ScriptedReferee};
pub use saved::Persisted;
pub use settings::{Settings, Tab};
pub use shell::Shell;
pub use view::ViewAction;
pub use weights::WeightsAction;

use backgammon::BackgammonWorkspace;
use champion_workspace::ChampionWorkspace;
use look::{flat_visuals, unfilled};
use software_rendering::SoftwareRendering;
use software_rendering::timing::Timing;
use workspace::{Anchor, Apply, Workspace};

/// The workbench: its state, its file dialogs and the workspaces' own display state.
pub struct WorkbenchApp {
    /// Everything the panels show.
    pub state: AppState,
    /// Where effects are carried out (the file dialogs among them).
    pub shell: Shell,
    backgammon: BackgammonWorkspace,
    champion: ChampionWorkspace,
    timing: Option<Timing>,
    /// The theme last given to egui, set on the first frame and on a change.
    look: Option<settings::Theme>,
    /// False when a damaged `app.ron` could not be kept aside: nothing is saved over it.
    saving: bool,
    /// What was last handed to eframe's storage (`None` before the first save).
    last_saved: Option<Persisted>,
    /// The speed-ups for drawing without a GPU, and their switch.
    rendering: SoftwareRendering,
}

/// How soon after a change `app.ron` is written, whether or not the window repaints: eframe
/// saves at this interval when a frame runs, and an unsaved change asks for a frame after it.
pub const SAVE_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

impl WorkbenchApp {
    /// An app on `state` with these dialogs (tests use [`ScriptedDialogs`]).
    pub fn new(state: AppState, dialogs: Box<dyn FileDialogs>) -> WorkbenchApp {
        WorkbenchApp {
            state,
            shell: Shell::new(dialogs),
            backgammon: BackgammonWorkspace::default(),
            champion: ChampionWorkspace::default(),
            timing: None,
            look: None,
            saving: true,
            last_saved: None,
            rendering: SoftwareRendering::default(),
        }
    }

    /// True when what persistence keeps has changed since it was last handed to storage (and
    /// saving is on).
    pub fn unsaved(&self) -> bool {
        self.saving && self.last_saved.as_ref() != Some(&self.state.persisted())
    }

    /// The app as eframe starts it: the last session's board and settings, each part read and
    /// checked ([`saved::parse`]), native dialogs. The notes on what fell back, and those of the
    /// check of the file ([`saved::file::check`]), go to the status line and the Log.
    pub fn from_storage(
        storage: Option<&dyn eframe::Storage>,
        file: saved::file::FileCheck,
    ) -> WorkbenchApp {
        let restored = storage
            .and_then(|s| s.get_string(eframe::APP_KEY))
            .map(|text| saved::parse(&text))
            .unwrap_or_default();
        let mut state = AppState::restore(restored.persisted);
        for note in restored.notes.into_iter().chain(file.notes) {
            state.messages.error(note);
        }
        let mut app = WorkbenchApp::new(state, Box::new(NativeDialogs::default()));
        app.saving = file.saving;
        app
    }

    /// The backgammon board's geometry as last drawn (tests click at its points).
    pub fn board_geometry(&self) -> Option<board::Geometry> {
        self.backgammon.board_geometry()
    }

    /// The speed-ups for drawing without a GPU: their switch this frame, the texts drawn as
    /// images (tests draw a frame from their atlas).
    pub fn software_rendering(&self) -> &SoftwareRendering {
        &self.rendering
    }

    /// The speed-ups on or off whatever the renderer and the settings say (tests); `None`
    /// gives the switch back to them ([`SoftwareRendering::force`]).
    pub fn force_software_rendering(&mut self, on: Option<bool>) {
        self.rendering.force(on);
    }

    /// The backgammon workspace's regions as last laid out (tests check they do not overlap).
    pub fn regions(&self) -> Option<layout::Regions> {
        self.backgammon.regions()
    }

    /// Applies `action` and carries out its effects, as a click would (tests and scripts).
    pub fn act(&mut self, action: impl Into<Action>) {
        self.shell.act(&mut self.state, action);
    }

    /// The centre of a square of the «Чемпион» board as last drawn (tests click there).
    pub fn square_centre(&self, sq: u8) -> Option<egui::Pos2> {
        self.champion.square_centre(sq)
    }

    /// Draws the whole workbench into `ui` and applies what the person did.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let theme = self.state.settings.theme;
        if self.look != Some(theme) {
            let ctx = ui.ctx();
            ctx.set_visuals_of(egui::Theme::Dark, flat_visuals(true));
            ctx.set_visuals_of(egui::Theme::Light, flat_visuals(false));
            ctx.set_theme(theme.preference());
            self.look = Some(theme);
        }
        self.rendering
            .before_frame(ui.ctx(), self.state.settings.software_rendering);
        let open = self.state.settings.tab;
        self.shell.poll(&mut self.state, |tab| {
            tab == open || tabs::row(tab).works_hidden
        });
        self.shell.begin_frame(ui.ctx());

        let WorkbenchApp {
            state,
            shell,
            backgammon,
            champion,
            ..
        } = self;
        let workspace: &mut dyn Workspace = match tabs::anchor(state.settings.tab) {
            Anchor::Backgammon => backgammon,
            Anchor::Champion => champion,
        };
        let mut apply = Apply { state, shell };

        let actions = keyboard(ui, apply.state, workspace);
        apply.all(ui, actions);
        let actions = dropped(ui.ctx());
        apply.all(ui, actions);

        let actions = egui::Panel::top("toolbar")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .show(ui, |ui| {
                let mut out = menus::show(ui, apply.state, workspace);
                out.extend(workspace.toolbar(ui, apply.state));
                out
            })
            .inner;
        apply.all(ui, actions);

        workspace.show(ui, &mut apply);
        let actions = help::show(ui.ctx(), &apply.state.windows);
        apply.all(ui, actions);
        apply.shell.end_frame(ui.ctx(), apply.state);
        self.rendering.after_frame(ui.ctx());
        if self.unsaved() {
            // An idle window runs no frame, and eframe saves only in one: ask for one.
            ui.ctx().request_repaint_after(SAVE_AFTER);
        }
    }
}

/// The actions of the shortcuts pressed and the text pasted, when no text field has the
/// keyboard.
fn keyboard(ui: &egui::Ui, state: &AppState, workspace: &dyn Workspace) -> Vec<Action> {
    let ctx = ui.ctx();
    let mut out: Vec<Action> = commands::pressed(ctx, workspace)
        .into_iter()
        .filter_map(|c| c.action(state, workspace))
        .collect();
    if shortcuts_free(ctx) {
        let pasted: Vec<String> = ctx.input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Paste(text) => Some(text.clone()),
                    _ => None,
                })
                .collect()
        });
        out.extend(pasted.into_iter().filter_map(|t| workspace.paste(t)));
    }
    out
}

/// The files dropped on the window this frame: a RON file opens as a position, anything
/// else as a match (MAT, SGF), whose reader says what it is not.
fn dropped(ctx: &egui::Context) -> Vec<Action> {
    let paths: Vec<std::path::PathBuf> = ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .filter(|p| !p.as_os_str().is_empty())
            .collect()
    });
    paths.into_iter().map(coordinator::opening).collect()
}

pub use look::shortcuts_free;

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
        if self.saving {
            let persisted = self.state.persisted();
            eframe::set_value(storage, eframe::APP_KEY, &persisted);
            self.last_saved = Some(persisted);
        }
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        SAVE_AFTER
    }

    fn persist_egui_memory(&self) -> bool {
        self.saving
    }
}

/// The name eframe keeps the state under (`app.ron` in the user's data folder for it).
const APP_ID: &str = "backgammon-workbench";

/// Opens the workbench window and runs until it is closed. With the environment variable
/// `BGW_TIMING` set, the OpenGL renderer's name and frame times are printed on stderr.
/// `app.ron` is checked before eframe reads it ([`saved::file::check`]). The speed-ups for
/// software rendering are switched by the renderer found here and the settings
/// ([`software_rendering`]).
pub fn run() -> eframe::Result {
    let start = std::time::Instant::now();
    let file = saved::file::path(APP_ID);
    let check = file.as_deref().map(saved::file::check).unwrap_or_default();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Backgammon workbench")
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([900.0, 600.0]),
        // The very file checked, rather than eframe finding it again.
        persistence_path: file,
        persist_window: check.saving,
        // egui's dithering (noise against banding in gradients, which the workbench does not
        // draw) is shader work on every pixel: without a GPU about 5 % of the process's CPU
        // time a frame (interleaved runs at 1920×1080, docs/measurements.md).
        dithering: false,
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| {
            let mut app = WorkbenchApp::from_storage(cc.storage, check);
            app.rendering.start(cc.gl.as_deref());
            app.timing = Timing::from_env(start);
            if app.timing.is_some() {
                eprintln!(
                    "bgw timing: renderer {}",
                    app.rendering.renderer().unwrap_or("not OpenGL")
                );
            }
            Ok(Box::new(app))
        }),
    )
}
