//! The match plot, as players know it from XG: the file's first player's match-winning chance
//! (its equity in a money session) after each checker play through the match, gnubg's marked
//! errors and the lucky and unlucky rolls marked on it, the games' starts as lines. A click
//! selects the nearest decision. It opens in a window of its own from the Match tab.

use super::{LoadedMatch, MatchAction, mark_of};
use bgw_engine::reference::LuckMark;
use bgw_engine::review::{Mark, Verdict};
use egui_plot::{Line, MarkerShape, Plot, PlotPoints, Points, VLine};

/// The colour of a lucky roll's mark (a green readable on both themes).
pub(super) const LUCKY: egui::Color32 = egui::Color32::from_rgb(0x3c, 0xa0, 0x50);

/// The colour of an unlucky roll's mark: not the errors' red (a violet readable on both
/// themes), and a triangle down where an error is a circle.
pub(super) const UNLUCKY: egui::Color32 = egui::Color32::from_rgb(0x8e, 0x5c, 0xd8);

/// One checker play on the plot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotPoint {
    /// The game and decision (indices).
    pub at: (usize, usize),
    /// Its place along the match (1 for the first decision).
    pub x: f64,
    /// The first player's MWC (a match) or equity (money) after the move played.
    pub y: f64,
    /// gnubg's mark on the decision.
    pub mark: Mark,
    /// gnubg's luck mark on the roll.
    pub luck: LuckMark,
}

/// The plot's points: every rated checker play of the review so far, in match order, and the
/// x of each game's first decision.
pub fn points(l: &LoadedMatch) -> (Vec<PlotPoint>, Vec<f64>) {
    let in_match = l.game.match_length > 0;
    let mut out = Vec::new();
    let mut starts = Vec::new();
    let mut x = 0.0;
    for (g, game) in l.game.games.iter().enumerate() {
        starts.push(x + 1.0);
        for (d, dec) in game.decisions.iter().enumerate() {
            x += 1.0;
            let Some(v @ Verdict::Move { play, .. }) = l.verdict(g, d) else {
                continue;
            };
            if !play.rated {
                continue;
            }
            let mover = match in_match {
                true => play.played_mwc,
                false => play.played_equity,
            };
            let Some(mover) = mover else { continue };
            let y = match (dec.player, in_match) {
                (0, _) => mover,
                (_, true) => 1.0 - mover,
                (_, false) => -mover,
            };
            let luck = (l.luck.as_ref())
                .and_then(|x| x.roll(g, d))
                .map_or(LuckMark::None, |r| LuckMark::of(r.emg));
            out.push(PlotPoint {
                at: (g, d),
                x,
                y,
                mark: mark_of(v),
                luck,
            });
        }
    }
    (out, starts)
}

/// Draws the plot in a window of its own when it is open; a click selects the nearest
/// decision.
pub fn window(
    ui: &mut egui::Ui,
    s: &super::MatchReviewState,
    l: &LoadedMatch,
    out: &mut Vec<MatchAction>,
) {
    let selected = s.selected;
    let in_match = l.game.match_length > 0;
    let title = match in_match {
        true => format!("Match plot: {}'s match-winning chance", l.game.players[0]),
        false => format!("Match plot: {}'s equity", l.game.players[0]),
    };
    let mut open = s.plot_open;
    egui::Window::new(title)
        .id(egui::Id::unique("match-plot-window"))
        .open(&mut open)
        .default_width(720.0)
        .default_pos(egui::pos2(16.0, 120.0))
        .show(ui.ctx(), |ui| {
            let (points, starts) = &l.plot;
            if points.is_empty() {
                ui.label("No checker play judged yet.");
                return;
            }
            let response = draw_plot(ui, points, starts, selected, in_match);
            legend(ui);
            let r = &response.response;
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Image, true, description(points))
            });
            if r.clicked()
                && let Some(pos) = r.interact_pointer_pos()
            {
                let x = response.transform.value_from_position(pos).x;
                if let Some(p) = points
                    .iter()
                    .min_by(|a, b| (a.x - x).abs().total_cmp(&(b.x - x).abs()))
                {
                    out.push(MatchAction::Select(p.at.0, p.at.1));
                }
            }
        });
    if open != s.plot_open {
        out.push(MatchAction::ShowPlot(open));
    }
}

/// The plot: the line after each move, the games' starts, gnubg's marked errors, the lucky
/// and unlucky rolls, the `selected` decision; y from 0 (to 1 in a match).
fn draw_plot(
    ui: &mut egui::Ui,
    points: &[PlotPoint],
    starts: &[f64],
    selected: Option<(usize, usize)>,
    in_match: bool,
) -> egui_plot::PlotResponse<()> {
    let line: Vec<[f64; 2]> = points.iter().map(|p| [p.x, p.y]).collect();
    let pick = |f: &dyn Fn(&PlotPoint) -> bool| -> Vec<[f64; 2]> {
        points.iter().filter(|p| f(p)).map(|p| [p.x, p.y]).collect()
    };
    let errors = pick(&|p| p.mark != Mark::None);
    let lucky = pick(&|p| p.luck > LuckMark::None);
    let unlucky = pick(&|p| p.luck < LuckMark::None);
    let chosen = selected.and_then(|s| points.iter().find(|p| p.at == s));
    let text = ui.visuals().text_color();
    let red = ui.visuals().error_fg_color;
    let selection = ui.visuals().selection.stroke.color;
    Plot::new("match-plot-area")
        .height(220.0)
        .width(ui.available_width().max(480.0))
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .include_y(0.0)
        .include_y(if in_match { 1.0 } else { 0.0 })
        .show(ui, |p| {
            for &x in starts {
                p.vline(VLine::new("game", x).color(text.gamma_multiply(0.25)));
            }
            p.line(Line::new("after each move", PlotPoints::new(line)).color(text));
            let marks = [
                (
                    "gnubg's marked errors",
                    errors,
                    MarkerShape::Circle,
                    4.0,
                    red,
                ),
                ("lucky rolls", lucky, MarkerShape::Up, 5.0, LUCKY),
                ("unlucky rolls", unlucky, MarkerShape::Down, 5.0, UNLUCKY),
            ];
            for (name, at, shape, radius, colour) in marks {
                p.points(
                    Points::new(name, at)
                        .shape(shape)
                        .radius(radius)
                        .filled(true)
                        .color(colour),
                );
            }
            if let Some(c) = chosen {
                p.points(
                    Points::new("selected", vec![[c.x, c.y]])
                        .shape(MarkerShape::Diamond)
                        .radius(6.0)
                        .color(selection),
                );
            }
        })
}

/// The legend under the plot, off the data (the last third decides the match).
fn legend(ui: &mut egui::Ui) {
    use crate::app::legend::{Swatch, below};
    let text = ui.visuals().text_color();
    let red = ui.visuals().error_fg_color;
    let selection = ui.visuals().selection.stroke.color;
    below(
        ui,
        &[
            (text, "after each move", Swatch::Line),
            (red, "gnubg's marked errors", Swatch::Circle),
            (LUCKY, "lucky rolls", Swatch::Up),
            (UNLUCKY, "unlucky rolls", Swatch::Down),
            (selection, "selected", Swatch::Diamond),
        ],
    );
}

/// The plot in words, for screen readers: how many plays, marked errors, lucky and unlucky
/// rolls.
fn description(points: &[PlotPoint]) -> String {
    format!(
        "match plot of {} checker plays, {} marked errors, {} lucky and {} \
         unlucky rolls",
        points.len(),
        points.iter().filter(|p| p.mark != Mark::None).count(),
        points.iter().filter(|p| p.luck > LuckMark::None).count(),
        points.iter().filter(|p| p.luck < LuckMark::None).count()
    )
}
