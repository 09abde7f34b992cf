//! The «Чемпион» workspace (seed 002): play the wolves or the goat against the 1986 program,
//! the perfect goat or the perfect wolves; the program's decision trace and the exact value of
//! every move beside the board; set up any position; replay the article's game step by step.
//!
//! - [`state`]: the workspace's state and [`ChampionAction`], applied in one place;
//! - [`game`]: a game of either side against an opponent, undo and redo;
//! - [`solutions`]: the variants solved in the background;
//! - [`board`]: the board with the article's coordinates, click and drag;
//! - [`play`]: play mode, its state and its panel; [`setup`] and [`replay`]: the other two
//!   modes' state, their panels in `setup_panel` and `replay_panel` (the state imports no
//!   drawing code);
//! - [`trace`]: the program's decision as a table; `widgets`: what the panels share;
//!
//! Panels read the state and return actions, as in the rest of the workbench.

pub mod board;
pub mod game;
pub mod play;
pub mod replay;
mod replay_panel;
pub mod setup;
mod setup_panel;
pub mod solutions;
pub mod state;
pub mod trace;
mod widgets;

pub use board::BoardGeometry;
pub use game::{Game, LastMove, Opponent, Status};
pub use setup::{Setup, SetupTool};
pub use state::{ChampionAction, ChampionSettings, ChampionState, Mode};

pub use widgets::VARIANTS;

/// Draws the workspace, recording where the board is drawn in `geometry`; returns the person's
/// actions.
pub fn show(
    ui: &mut egui::Ui,
    s: &ChampionState,
    geometry: &mut Option<BoardGeometry>,
) -> Vec<ChampionAction> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        for (mode, name) in [
            (Mode::Play, "Play"),
            (Mode::Setup, "Set up a position"),
            (Mode::Replay, "Replay the article's game"),
        ] {
            if ui.selectable_label(s.mode == mode, name).clicked() {
                out.push(ChampionAction::SetMode(mode));
            }
        }
    });
    ui.separator();
    out.extend(match s.mode {
        Mode::Play => play::show(ui, s, geometry),
        Mode::Setup => setup_panel::show(ui, s, geometry),
        Mode::Replay => replay_panel::show(ui, s, geometry),
    });
    out
}
