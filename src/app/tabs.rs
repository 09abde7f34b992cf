//! The lower area's tabs, in one table ([`TABS`]): each row gives a tab's label, the workspace
//! it opens ([`Anchor`]), its line in Help, and how it is drawn from the state (the feature's
//! panel with the part of the state it reads). The tab strip, the workspaces, Help and the
//! polling read the table; a new tab is a [`Tab`] variant, its feature module and one row.

use super::coordinator::{Action, AppState};
use super::look::scrolled;
use super::roll_grid::RollGridCache;
use super::settings::Tab;
use super::view::ViewAction;
use super::workspace::Anchor;

/// The display state the tabs keep between frames (not the features' state).
#[derive(Default)]
pub struct TabsUi {
    /// The move being typed in the Play tab.
    pub typed_move: String,
    /// The roll grid's rankings, kept while the position and weights stay.
    pub roll_grid: RollGridCache,
}

/// Draws a tab's content from the state; returns the person's actions.
type Draw = fn(&mut egui::Ui, &AppState, &mut TabsUi) -> Vec<Action>;

/// One tab of the lower area.
pub struct TabRow {
    /// The tab.
    pub tab: Tab,
    /// Its label in the tab strip.
    pub label: &'static str,
    /// The workspace it opens.
    pub anchor: Anchor,
    /// What it is for, one line (Help lists it).
    pub about: &'static str,
    /// True when its background work goes on while another tab is open (else it is polled
    /// only while open).
    pub works_hidden: bool,
    /// How its content is drawn in the backgammon workspace (`None`: a workspace of its own).
    pub draw: Option<Draw>,
}

/// Every tab, in the strip's order.
pub const TABS: [TabRow; 9] = [
    TabRow {
        tab: Tab::Weights,
        label: "Weights",
        anchor: Anchor::Backgammon,
        about: "the classic program's weights, their error against gnubg, fit and test them",
        works_hidden: false,
        draw: Some(weights),
    },
    TabRow {
        tab: Tab::Bearoff,
        label: "Bear-off",
        anchor: Anchor::Backgammon,
        about: "bear-off databases: chances, distributions, best play, the error map",
        works_hidden: true,
        draw: Some(bearoff),
    },
    TabRow {
        tab: Tab::Race,
        label: "Race",
        anchor: Anchor::Backgammon,
        about: "pip counts and the race formulas' verdicts",
        works_hidden: true,
        draw: Some(race),
    },
    TabRow {
        tab: Tab::Rolls,
        label: "Rolls",
        anchor: Anchor::Backgammon,
        about: "the 21 rolls with the classic program's choice for each",
        works_hidden: true,
        draw: Some(rolls),
    },
    TabRow {
        tab: Tab::Play,
        label: "Play",
        anchor: Anchor::Backgammon,
        about: "a game against the classic program, learning on or off",
        works_hidden: true,
        draw: Some(play),
    },
    TabRow {
        tab: Tab::Match,
        label: "Match",
        anchor: Anchor::Backgammon,
        about: "a match file (MAT, SGF) stepped through, reviewed by gnubg at every score",
        works_hidden: true,
        draw: Some(match_review),
    },
    TabRow {
        tab: Tab::Archive,
        label: "Archive",
        anchor: Anchor::Backgammon,
        about: "every match you played in one database: players' figures, trends, errors, the drill",
        works_hidden: true,
        draw: Some(archive),
    },
    TabRow {
        tab: Tab::Champion,
        label: "Чемпион",
        anchor: Anchor::Champion,
        about: "seed 002: your wolves against the calculator's goat (a workspace of its own)",
        works_hidden: false,
        draw: None,
    },
    TabRow {
        tab: Tab::Log,
        label: "Log",
        anchor: Anchor::Backgammon,
        about: "every message of the session",
        works_hidden: true,
        draw: Some(log),
    },
];

/// The row of `tab`.
pub fn row(tab: Tab) -> &'static TabRow {
    TABS.iter()
        .find(|r| r.tab == tab)
        .expect("every tab has a row")
}

/// The workspace `tab` opens (its row's anchor).
pub fn anchor(tab: Tab) -> Anchor {
    row(tab).anchor
}

/// Draws the tab strip and the open tab of the backgammon workspace.
pub fn show(ui: &mut egui::Ui, state: &AppState, tabs: &mut TabsUi) -> Vec<Action> {
    let mut out = strip(ui, state.settings.tab);
    ui.separator();
    if let Some(draw) = row(state.settings.tab).draw {
        out.extend(draw(ui, state, tabs));
    }
    out
}

/// The tab strip (shown in both workspaces: the «Чемпион» tab opens its own).
pub fn strip(ui: &mut egui::Ui, open: Tab) -> Vec<Action> {
    let mut out = Vec::new();
    // Nine tabs in one row down to a 1024-pixel window (the tabs' region 500 pixels wide): the
    // tabs closer together than egui's spacing.
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        for r in &TABS {
            if ui.selectable_label(open == r.tab, r.label).clicked() {
                out.push(ViewAction::SetTab(r.tab).into());
            }
        }
    });
    out
}

fn weights(ui: &mut egui::Ui, state: &AppState, _: &mut TabsUi) -> Vec<Action> {
    scrolled(ui, "weights-tab", |ui| {
        let mut duel = Vec::new();
        let weights = super::weights::panel::show(ui, &state.weights, |ui| {
            duel = super::duel::show(ui, &state.duel, &state.weights);
        });
        let weights = weights.into_iter().map(Action::from);
        weights.chain(duel.into_iter().map(Action::from)).collect()
    })
}

fn play(ui: &mut egui::Ui, state: &AppState, tabs: &mut TabsUi) -> Vec<Action> {
    let view = super::play::panel::PlayView {
        game: state.play.game.as_ref(),
        learning: state.play.learning.on,
        eta: state.play.learning.eta,
        edit: &state.editing.edit,
    };
    let play = scrolled(ui, "play-tab", |ui| {
        super::play::panel::show(ui, &view, &mut tabs.typed_move)
    });
    play.into_iter().map(Action::from).collect()
}

fn match_review(ui: &mut egui::Ui, state: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let weights = &state.weights.current;
    let review = super::match_review::panel::show(ui, &state.match_review, weights);
    review.into_iter().map(Action::from).collect()
}

fn archive(ui: &mut egui::Ui, state: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let inputs = state.drill_inputs();
    let archive = super::archive::panel::show(ui, &state.archive, &inputs);
    archive.into_iter().map(Action::from).collect()
}

fn bearoff(ui: &mut egui::Ui, state: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let edit = &state.editing.edit;
    // The database's best play is a drill card's answer: not while the card waits for it.
    if let Some(words) = state.candidates.hidden_words()
        && state.bearoff.view.section == super::bearoff::Section::BestPlay
    {
        ui.label(format!("Best play: {words}"));
        return Vec::new();
    }
    let bearoff = super::bearoff::show(ui, &state.bearoff, state.bearoff.view, edit);
    bearoff.into_iter().map(Action::from).collect()
}

fn race(ui: &mut egui::Ui, state: &AppState, _: &mut TabsUi) -> Vec<Action> {
    let judges = state.race_judges();
    scrolled(ui, "race-tab", |ui| {
        super::bearoff::race(ui, &state.editing.edit, &judges)
    });
    Vec::new()
}

fn rolls(ui: &mut egui::Ui, state: &AppState, tabs: &mut TabsUi) -> Vec<Action> {
    let (edit, weights) = (&state.editing.edit, state.weights.current);
    let rolls = scrolled(ui, "rolls-tab", |ui| {
        super::roll_grid::show(ui, edit, weights, &mut tabs.roll_grid)
    });
    rolls.into_iter().map(Action::from).collect()
}

fn log(ui: &mut egui::Ui, state: &AppState, _: &mut TabsUi) -> Vec<Action> {
    egui::ScrollArea::vertical()
        .id_salt("log-scroll")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in &state.messages.log {
                ui.monospace(line);
            }
        });
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tab_has_one_row() {
        let all = [
            Tab::Weights,
            Tab::Bearoff,
            Tab::Race,
            Tab::Rolls,
            Tab::Play,
            Tab::Match,
            Tab::Archive,
            Tab::Champion,
            Tab::Log,
        ];
        for tab in all {
            assert_eq!(TABS.iter().filter(|r| r.tab == tab).count(), 1, "{tab:?}");
            // A tab drawn in the backgammon workspace has a drawing; one of its own has none.
            let r = row(tab);
            assert_eq!(r.draw.is_some(), r.anchor == Anchor::Backgammon, "{tab:?}");
        }
        assert_eq!(TABS.len(), all.len());
    }
}
