//! The backgammon workspace: the editing toolbar, the board with the lower area's tabs under
//! it, the candidates above the term breakdown ([`super::layout`]), the status line.

use super::board::{self, BoardUi};
use super::commands::{Command, CommandScope};
use super::coordinator::{Action, AppState};
use super::editing::EditAction;
use super::layout::Regions;
use super::look::{scrolled, unfilled};
use super::settings::Tab;
use super::tabs::TabsUi;
use super::toolbar::ToolbarUi;
use super::view::ViewAction;
use super::workspace::{Apply, Workspace};
use super::{candidates, status, tabs, weights};

/// Below this height of the tabs' region an open match takes the whole right column: the
/// players' table, the statistics buttons and a page of decisions need it.
const MIN_MATCH_TABS_HEIGHT: f32 = 420.0;

/// The backgammon workspace's own display state: the board's drag, the ID field, the tabs'
/// (the typed move, the roll grid's cache), the regions as last laid out.
#[derive(Default)]
pub struct BackgammonWorkspace {
    board: BoardUi,
    toolbar: ToolbarUi,
    tabs: TabsUi,
    regions: Option<Regions>,
}

impl BackgammonWorkspace {
    /// The board's geometry as last drawn (tests click at its points).
    pub fn board_geometry(&self) -> Option<board::Geometry> {
        self.board.geometry()
    }

    /// The regions as last laid out (tests check that they do not overlap).
    pub fn regions(&self) -> Option<Regions> {
        self.regions
    }
}

/// Draws `add` in its own region `rect` of the workspace, clipped to it.
fn region<R>(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    name: &'static str,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let inner = rect.shrink(4.0);
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .id_salt(name)
            .max_rect(inner)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.shrink_clip_rect(rect);
    add(&mut child)
}

impl Workspace for BackgammonWorkspace {
    fn toolbar(&mut self, ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
        // The toolbar's commands ask this workspace what they mean.
        let mut toolbar = std::mem::take(&mut self.toolbar);
        let out = toolbar.show(ui, state, self);
        self.toolbar = toolbar;
        out
    }

    fn show(&mut self, ui: &mut egui::Ui, apply: &mut Apply<'_>) {
        let actions = egui::Panel::bottom("status")
            .frame(unfilled(egui::Frame::side_top_panel(ui.style())))
            .show(ui, |ui| status::show(ui, apply.state))
            .inner;
        apply.all(ui, actions);

        let actions = weights::panel::confirm(ui.ctx(), &apply.state.weights);
        apply.all(ui, actions);

        let area = ui.available_rect_before_wrap();
        // The Bear-off tab takes the right column only when it has plots to show; the Match
        // tab when a match is open and the tabs under the candidates would be too short for its
        // players' table and a page of decisions (a 720-pixel-high window).
        let splits = &apply.state.settings.splits;
        let wide_tab = match apply.state.settings.tab {
            Tab::Bearoff => apply.state.bearoff.needs_room(),
            Tab::Match => {
                apply.state.match_review.loaded.is_some()
                    && Regions::of(area, splits).tabs.height() < MIN_MATCH_TABS_HEIGHT
            }
            // The Archive tab's tables, plot, errors and drill need the height at any size.
            Tab::Archive => true,
            _ => false,
        };
        // The Archive and Match tabs put the candidates under the board: they keep the width
        // their table needs there, gnubg's probabilities whole (the Bear-off plots keep their
        // share).
        let left_least = match apply.state.settings.tab {
            Tab::Archive | Tab::Match => super::layout::CANDIDATES_UNDER_BOARD,
            _ => 0.0,
        };
        let r = Regions::with_tab_leaving(area, splits, wide_tab, left_least);
        self.regions = Some(r);
        if let Some((split, size)) = r.separators(ui) {
            apply.all(ui, vec![ViewAction::SetSplit(split, size)]);
        }

        // The lower area first: a weight change re-ranks before the candidates are drawn.
        let actions = region(ui, r.tabs, "tabs", |ui| {
            tabs::show(ui, apply.state, &mut self.tabs)
        });
        apply.all(ui, actions);
        let actions = region(ui, r.candidates, "candidates", |ui| {
            egui::ScrollArea::horizontal()
                .id_salt("candidates-region")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    candidates::table::show(ui, &apply.state.candidates_view())
                })
                .inner
        });
        apply.all(ui, actions);
        if !r.wide_tab {
            let actions = region(ui, r.breakdown, "breakdown", |ui| {
                scrolled(ui, "breakdown-region", |ui| {
                    candidates::breakdown::show(ui, &apply.state.candidates_view())
                })
            });
            apply.all(ui, actions);
        }
        let view = board::BoardView {
            editing: &apply.state.editing,
            bottom: apply.state.settings.bottom,
            preview: apply.state.previewed_play(),
            program_move: (apply.state.play.game.as_ref()).and_then(|p| p.program_move_shown()),
        };
        let actions = region(ui, r.board, "board", |ui| self.board.show(ui, &view));
        apply.all(ui, actions);
    }

    fn paste(&self, text: String) -> Option<Action> {
        // A whole match pasted opens in the Match tab; anything else is a position's ID.
        if super::match_review::looks_like_match(&text) {
            return Some(super::match_review::MatchAction::Paste(text).into());
        }
        Some(EditAction::Paste(text).into())
    }
}

impl CommandScope for BackgammonWorkspace {
    fn undo(&self) -> Action {
        EditAction::Undo.into()
    }

    fn redo(&self) -> Action {
        EditAction::Redo.into()
    }

    fn can_undo(&self, state: &AppState) -> bool {
        state.editing.can_undo()
    }

    fn can_redo(&self, state: &AppState) -> bool {
        state.editing.can_redo()
    }

    fn offers(&self, _command: Command) -> bool {
        true
    }
}
