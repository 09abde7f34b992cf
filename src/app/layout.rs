//! The backgammon workspace's layout: the board above the term breakdown on the left, the
//! candidates above the lower area's tabs on the right — so the weights sit beside the
//! breakdown they change, and the candidates beside the board. Three separators move (the
//! person's sizes are kept in the settings, [`Splits`]); every region is clamped to its
//! minimum on every frame, so a size saved in a larger window never hides a region in a
//! smaller one. View → Reset layout forgets the sizes. A tab that needs room — the Bear-off
//! tab's plots (a bear-off is decided by the phase's rules, not by the terms' balance), an open
//! match in a short window — takes the whole right column: the candidates move under the board,
//! in the breakdown's place, and the right column is widened.

use egui::{Rect, Sense, pos2};
use serde::{Deserialize, Serialize};

/// The sizes the person gave by dragging the separators, in points; `None`: the default
/// share of the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Splits {
    /// The width of the right column (the candidates and the tabs).
    pub right_width: Option<f32>,
    /// The height of the candidates above the tabs.
    pub candidates_height: Option<f32>,
    /// The height of the breakdown under the board.
    pub breakdown_height: Option<f32>,
}

/// Which separator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// Between the left and right columns.
    Columns,
    /// Between the candidates and the tabs.
    Candidates,
    /// Between the board and the breakdown.
    Breakdown,
}

impl Splits {
    /// Sets one size.
    pub fn set(&mut self, split: Split, size: f32) {
        let size = Some(size);
        match split {
            Split::Columns => self.right_width = size,
            Split::Candidates => self.candidates_height = size,
            Split::Breakdown => self.breakdown_height = size,
        }
    }
}

/// The smallest sizes that keep each region usable, in points (measured at 1024×640): the
/// left column's width (the breakdown's table).
pub const MIN_LEFT_WIDTH: f32 = 480.0;
/// The right column's smallest width (the candidates' columns).
pub const MIN_RIGHT_WIDTH: f32 = 400.0;
/// The candidates' smallest height (the heading, the header and ten rows).
pub const MIN_CANDIDATES_HEIGHT: f32 = 340.0;
/// The breakdown's smallest height (the heading, the header, eleven terms and the sum).
pub const MIN_BREAKDOWN_HEIGHT: f32 = 322.0;
/// The board's smallest height.
pub const MIN_BOARD_HEIGHT: f32 = 190.0;
/// The tabs' smallest height (the strip and a few rows, the rest scrolls).
pub const MIN_TABS_HEIGHT: f32 = 160.0;

/// The width the candidates' table needs under the board to show every column whole, gnubg's
/// probabilities' too, with room for a long move (`bar/22 13/7(2) 6/4*`), in points (at
/// 1280×720 the Archive or Match tab keeps the rest, a little under half).
pub const CANDIDATES_UNDER_BOARD: f32 = 650.0;

/// The least share of the width the right column has while a wide tab is open.
const WIDE_TAB_SHARE: f32 = 0.62;

/// The width of a separator's grip.
const GRIP: f32 = 6.0;

/// The workspace's regions for one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Regions {
    /// The board.
    pub board: Rect,
    /// The lower area's tabs.
    pub tabs: Rect,
    /// The candidates.
    pub candidates: Rect,
    /// The term breakdown (empty when a wide tab is open).
    pub breakdown: Rect,
    /// A tab that needs the room (the Bear-off plots, a match in a short window) is open: the
    /// tabs take the whole right column, the candidates the breakdown's place under the board,
    /// and the breakdown is not shown.
    pub wide_tab: bool,
}

impl Regions {
    /// The regions of `area` for these sizes, each clamped to its minimum (when the area is
    /// smaller than the minimums, shared in their proportion).
    pub fn of(area: Rect, s: &Splits) -> Regions {
        Regions::with_tab(area, s, false)
    }

    /// [`Regions::of`], with the tabs given the whole right column when `wide_tab`.
    pub fn with_tab(area: Rect, s: &Splits, wide_tab: bool) -> Regions {
        Regions::with_tab_leaving(area, s, wide_tab, 0.0)
    }

    /// [`Regions::with_tab`], the wide tab's share of the width given up where the column
    /// under the board would be narrower than `left_least` (the candidates' table whole under
    /// the board at 1280×720 with the Archive or Match tab open); a width the person dragged
    /// to is kept.
    pub fn with_tab_leaving(area: Rect, s: &Splits, wide_tab: bool, left_least: f32) -> Regions {
        let gap = GRIP;
        let width = area.width() - gap;
        // A wide tab gets at least the share of the width its plots need, less what the
        // column under the board is to keep.
        let wide = match wide_tab {
            true => (width * WIDE_TAB_SHARE).min(width - left_least),
            false => 0.0,
        };
        // Without a width the person dragged to, the column under the board keeps
        // `left_least` even against the half the right column has by default.
        let right = finite(s.right_width).unwrap_or(width * 0.5).max(wide);
        let right = match (wide_tab, finite(s.right_width)) {
            (true, None) => right.min(width - left_least),
            _ => right,
        };
        let right_width = clamp(right, MIN_RIGHT_WIDTH, MIN_LEFT_WIDTH, width);
        let height = area.height() - gap;
        let breakdown = clamp(
            finite(s.breakdown_height).unwrap_or(MIN_BREAKDOWN_HEIGHT.max(height * 0.5)),
            MIN_BREAKDOWN_HEIGHT,
            MIN_BOARD_HEIGHT,
            height,
        );
        let candidates = clamp(
            finite(s.candidates_height).unwrap_or(MIN_CANDIDATES_HEIGHT.max(height * 0.5)),
            MIN_CANDIDATES_HEIGHT,
            MIN_TABS_HEIGHT,
            height,
        );
        let left_right = area.right() - right_width - gap;
        let left = Rect::from_min_max(area.min, pos2(left_right, area.bottom()));
        let right = Rect::from_min_max(pos2(left_right + gap, area.top()), area.max);
        let board_bottom = area.bottom() - breakdown - gap;
        let cand_bottom = area.top() + candidates;
        let board = Rect::from_min_max(left.min, pos2(left.right(), board_bottom));
        let under_board = Rect::from_min_max(pos2(left.left(), board_bottom + gap), left.max);
        match wide_tab {
            false => Regions {
                board,
                breakdown: under_board,
                candidates: Rect::from_min_max(right.min, pos2(right.right(), cand_bottom)),
                tabs: Rect::from_min_max(pos2(right.left(), cand_bottom + gap), right.max),
                wide_tab,
            },
            true => Regions {
                board,
                breakdown: Rect::from_min_max(left.max, left.max),
                candidates: under_board,
                tabs: right,
                wide_tab,
            },
        }
    }

    /// The named regions (tests check that none overlaps another).
    pub fn named(&self) -> [(&'static str, Rect); 4] {
        [
            ("board", self.board),
            ("tabs", self.tabs),
            ("candidates", self.candidates),
            ("breakdown", self.breakdown),
        ]
    }

    /// Draws the three separators' grips and returns the size the person dragged one to.
    pub fn separators(&self, ui: &egui::Ui) -> Option<(Split, f32)> {
        let r = self;
        // Under the board: the breakdown, or the candidates when a wide tab is open.
        let under_board = match r.wide_tab {
            false => r.breakdown,
            true => r.candidates,
        };
        let grips = [
            (
                Split::Columns,
                Rect::from_min_max(r.board.right_top(), r.tabs.left_bottom()),
            ),
            (
                Split::Candidates,
                Rect::from_min_max(r.candidates.left_bottom(), r.tabs.right_top()),
            ),
            (
                Split::Breakdown,
                Rect::from_min_max(r.board.left_bottom(), under_board.right_top()),
            ),
        ];
        let mut out = None;
        for (split, grip) in grips {
            if r.wide_tab && split == Split::Candidates {
                continue;
            }
            let id = ui.scope_id().with(("separator", split as u8));
            let resp = ui.interact(grip, id, Sense::drag());
            let vertical = split == Split::Columns;
            if resp.hovered() || resp.dragged() {
                ui.ctx().set_cursor_icon(match vertical {
                    true => egui::CursorIcon::ResizeHorizontal,
                    false => egui::CursorIcon::ResizeVertical,
                });
            }
            let stroke = match resp.hovered() || resp.dragged() {
                true => ui.visuals().widgets.active.bg_stroke,
                false => ui.visuals().widgets.noninteractive.bg_stroke,
            };
            let c = grip.center();
            match vertical {
                true => ui.painter().vline(c.x, grip.y_range(), stroke),
                false => ui.painter().hline(grip.x_range(), c.y, stroke),
            };
            if resp.dragged()
                && let Some(p) = resp.interact_pointer_pos()
            {
                let size = match split {
                    Split::Columns => r.tabs.right() - p.x - GRIP / 2.0,
                    Split::Candidates => p.y - r.candidates.top() - GRIP / 2.0,
                    Split::Breakdown => under_board.bottom() - p.y - GRIP / 2.0,
                };
                out = Some((split, size.round()));
            }
        }
        out
    }
}

/// A saved size that is a number (a damaged `app.ron` may hold anything).
fn finite(size: Option<f32>) -> Option<f32> {
    size.filter(|s| s.is_finite())
}

/// `size` within `min` and `total - other_min`; when `total` is below both minimums, the
/// total shared in their proportion.
fn clamp(size: f32, min: f32, other_min: f32, total: f32) -> f32 {
    if total < min + other_min {
        return (total * min / (min + other_min)).max(0.0);
    }
    size.clamp(min, total - other_min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_1280_by_720_the_candidates_under_the_board_keep_the_width_their_table_needs() {
        let area = Rect::from_min_size(pos2(0.0, 60.0), egui::vec2(1280.0, 620.0));
        let s = Splits::default();
        let old = Regions::with_tab(area, &s, true);
        assert!(old.candidates.width() < CANDIDATES_UNDER_BOARD - 50.0);
        let r = Regions::with_tab_leaving(area, &s, true, CANDIDATES_UNDER_BOARD);
        assert!(
            r.candidates.width() >= CANDIDATES_UNDER_BOARD - 1.0,
            "{r:?}"
        );
        // The tab keeps the rest: a little under half.
        assert!(r.tabs.width() >= 0.48 * area.width(), "{r:?}");
        assert!(!overlaps(&r));
        // A wide window keeps the tab's share.
        let wide = Rect::from_min_size(pos2(0.0, 60.0), egui::vec2(1920.0, 1000.0));
        assert_eq!(
            Regions::with_tab_leaving(wide, &s, true, CANDIDATES_UNDER_BOARD),
            Regions::with_tab(wide, &s, true)
        );
    }

    fn overlaps(r: &Regions) -> bool {
        let n = r.named();
        n.iter().enumerate().any(|(i, (_, a))| {
            n[i + 1..]
                .iter()
                .any(|(_, b)| a.intersect(*b).is_positive())
        })
    }

    #[test]
    fn a_wide_tab_takes_the_right_column_and_the_candidates_go_under_the_board() {
        let area = Rect::from_min_size(pos2(0.0, 30.0), egui::vec2(1280.0, 660.0));
        let s = Splits::default();
        let (normal, wide) = (Regions::of(area, &s), Regions::with_tab(area, &s, true));
        assert!(!overlaps(&wide));
        assert_eq!(wide.tabs.top(), area.top());
        assert_eq!(wide.tabs.bottom(), area.bottom());
        assert!(wide.tabs.width() > normal.tabs.width());
        assert_eq!(wide.candidates.top(), normal.breakdown.top());
        assert_eq!(wide.candidates.left(), area.left());
        assert_eq!(wide.board.height(), normal.board.height());
        assert_eq!(wide.breakdown.area(), 0.0);
    }

    #[test]
    fn sizes_saved_in_a_large_window_are_clamped_in_a_small_one() {
        let huge = Splits {
            right_width: Some(3000.0),
            candidates_height: Some(2000.0),
            breakdown_height: Some(1900.0),
        };
        let area = Rect::from_min_size(pos2(0.0, 60.0), egui::vec2(1024.0, 540.0));
        let r = Regions::of(area, &huge);
        assert!(!overlaps(&r));
        assert!(r.board.width() >= MIN_LEFT_WIDTH && r.board.height() >= MIN_BOARD_HEIGHT);
        assert!(r.breakdown.height() >= MIN_BREAKDOWN_HEIGHT, "{r:?}");
        assert!(r.candidates.height() >= MIN_CANDIDATES_HEIGHT, "{r:?}");
        assert!(area.contains_rect(r.breakdown) && area.contains_rect(r.tabs));
        // A tiny window shares what there is, still without overlap.
        let tiny = Rect::from_min_size(pos2(0.0, 0.0), egui::vec2(300.0, 200.0));
        let r = Regions::of(tiny, &huge);
        assert!(!overlaps(&r) && tiny.contains_rect(r.breakdown));
        // Sizes that are no numbers are the defaults.
        let nan = Splits {
            right_width: Some(f32::NAN),
            candidates_height: Some(f32::INFINITY),
            breakdown_height: Some(f32::NEG_INFINITY),
        };
        assert_eq!(
            Regions::of(area, &nan),
            Regions::of(area, &Splits::default())
        );
    }
}
