//! The lower area's tabs, in one table ([`TABS`]): each row gives a tab's label, the workspace
//! it opens ([`Anchor`]), its line in Help, and how it is drawn (its feature's tab, from the
//! feature's own state: `coordinator::tab_drawing`). The tab strip, the workspaces, Help and
//! the polling read the table, and [`show`] dispatches to the open tab's drawing; a new tab is
//! a [`Tab`] variant, its feature's tab function, its drawing and one row.

pub use super::coordinator::tab_drawing::TabsUi;
use super::coordinator::tab_drawing::{self as drawing, Draw};
use super::coordinator::{Action, AppState};
use super::settings::Tab;
use super::view::ViewAction;
use super::workspace::Anchor;

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
        draw: Some(drawing::weights),
    },
    TabRow {
        tab: Tab::Bearoff,
        label: "Bear-off",
        anchor: Anchor::Backgammon,
        about: "bear-off databases: chances, distributions, best play, the error map",
        works_hidden: true,
        draw: Some(drawing::bearoff),
    },
    TabRow {
        tab: Tab::Race,
        label: "Race",
        anchor: Anchor::Backgammon,
        about: "pip counts and the race formulas' verdicts",
        works_hidden: true,
        draw: Some(drawing::race),
    },
    TabRow {
        tab: Tab::Rolls,
        label: "Rolls",
        anchor: Anchor::Backgammon,
        about: "the 21 rolls with the classic program's choice for each",
        works_hidden: true,
        draw: Some(drawing::rolls),
    },
    TabRow {
        tab: Tab::Play,
        label: "Play",
        anchor: Anchor::Backgammon,
        about: "a game against the classic program, learning on or off",
        works_hidden: true,
        draw: Some(drawing::play),
    },
    TabRow {
        tab: Tab::Match,
        label: "Match",
        anchor: Anchor::Backgammon,
        about: "a match file (MAT, SGF) stepped through, reviewed by gnubg at every score",
        works_hidden: true,
        draw: Some(drawing::match_review),
    },
    TabRow {
        tab: Tab::Archive,
        label: "Archive",
        anchor: Anchor::Backgammon,
        about: "every match you played in one database: players' figures, trends, errors, the drill",
        works_hidden: true,
        draw: Some(drawing::archive),
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
        draw: Some(drawing::log),
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
