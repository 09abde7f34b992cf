//! The board panel: the board drawn with egui's painter, and editing by mouse.
//!
//! Layout: the colour at the bottom (`Settings::bottom`) has its home board bottom right and
//! bears off into the bottom tray, right of the board; the other colour mirrors it on top.
//! Point numbers are those of the side on roll.

use super::board_palette::{self, checker_colours};
use super::edit::edit_board::{EditBoard, Loc, own_point, white_point};
use super::editing::{EditAction, EditState};
use super::render::Picture;
use super::software_rendering::{self, board_layer::BoardLayer};
use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Side;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};
use software_rendering::checker_sprites::CheckerSprites;

/// What the pointer is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hit {
    /// A point (White's numbering).
    Point(u8),
    /// The bar; `top` when in its upper half.
    Bar {
        /// In the upper half.
        top: bool,
    },
    /// A side's tray.
    Tray(Side),
    /// Die 0 or 1.
    Die(usize),
}

/// The board editor's mouse gestures, as Help → Keyboard and mouse lists them: the input
/// code at the end of [`BoardUi::show`] handles exactly these.
pub const GESTURES: [(&str, &str); 9] = [
    (
        "Click a point or the bar",
        "add a checker of the colour chosen in the toolbar",
    ),
    (
        "Right click a point or the bar",
        "take a checker off (of the chosen colour first)",
    ),
    ("Click a tray", "bear a checker of that side off"),
    (
        "Drag a checker",
        "move it to a point, the bar or its own tray",
    ),
    (
        "Shift+click a checker, then Shift+click a place",
        "move it there (without dragging)",
    ),
    ("Click a die", "its next value (1–6)"),
    ("Right click a die", "one lower (0 clears it)"),
    (
        "In a game: drag your checker",
        "one step of your move, checked as you go",
    ),
    ("Hover a point, a die, a tray or the bar", "what is there"),
];

/// What the board shows: the board being edited, which colour is at the bottom, the move
/// previewed (a candidate or a best-play row) and the program's last move in a game.
pub struct BoardView<'a> {
    /// The board, the dice, the checker picked up, the colour a click adds.
    pub editing: &'a EditState,
    /// The colour drawn at the bottom.
    pub bottom: Side,
    /// The move previewed: its side and play.
    pub preview: Option<(Side, Play)>,
    /// The program's last move in a game, while it is shown.
    pub program_move: Option<(Side, Play)>,
}

/// The board's own display state: the checker being dragged.
#[derive(Default)]
pub struct BoardUi {
    drag: Option<(Side, Loc)>,
    drag_pos: Option<Pos2>,
    last_rect: Option<(Rect, Side)>,
    sprites: Option<CheckerSprites>,
    layer: Option<BoardLayer>,
}

/// The board's geometry for one frame.
pub struct Geometry {
    /// The unit: one point's width (and about a checker's diameter).
    pub u: f32,
    origin: Pos2,
    bottom: Side,
}

const CHECKER: f32 = 0.94;
const POINT_HEIGHT: f32 = 5.0;
const GAP: f32 = 1.3;
const LABELS: f32 = 0.6;
/// Width and height of the drawing in units.
const WIDTH_U: f32 = 0.3 + 13.0 + 0.3 + 1.1 + 0.3;
const HEIGHT_U: f32 = LABELS + 2.0 * POINT_HEIGHT + GAP + LABELS + 0.4;

impl Geometry {
    /// The geometry that fits `rect`.
    pub fn fit(rect: Rect, bottom: Side) -> Geometry {
        let u = (rect.width() / WIDTH_U)
            .min(rect.height() / HEIGHT_U)
            .max(4.0);
        let size = vec2(WIDTH_U * u, HEIGHT_U * u);
        let origin = rect.center() - size / 2.0;
        Geometry { u, origin, bottom }
    }

    /// The whole drawing.
    pub fn outer(&self) -> Rect {
        Rect::from_min_size(self.origin, vec2(WIDTH_U, HEIGHT_U) * self.u)
    }

    fn at(&self, x: f32, y: f32) -> Pos2 {
        self.origin + vec2(x, y) * self.u
    }

    fn field_top(&self) -> f32 {
        LABELS + 0.2
    }

    fn field_bottom(&self) -> f32 {
        self.field_top() + 2.0 * POINT_HEIGHT + GAP
    }

    /// The playing field (both quadrants and the bar).
    pub fn field(&self) -> Rect {
        Rect::from_two_pos(
            self.at(0.3, self.field_top()),
            self.at(13.3, self.field_bottom()),
        )
    }

    fn bar_rect(&self) -> Rect {
        Rect::from_two_pos(
            self.at(0.3 + 6.0, self.field_top()),
            self.at(0.3 + 7.0, self.field_bottom()),
        )
    }

    /// The tray of `side`.
    pub fn tray_rect(&self, side: Side) -> Rect {
        let (y0, y1) = if side == self.bottom {
            (self.field_bottom() - POINT_HEIGHT, self.field_bottom())
        } else {
            (self.field_top(), self.field_top() + POINT_HEIGHT)
        };
        Rect::from_two_pos(self.at(13.6, y0), self.at(14.7, y1))
    }

    /// Column (x of its left edge, in units) and whether the point is in the top half.
    fn column(&self, wp: u8) -> (f32, bool) {
        let p = own_point(self.bottom, wp) as i32;
        let (col, right, top) = match p {
            1..=6 => (6 - p, true, false),
            7..=12 => (12 - p, false, false),
            13..=18 => (p - 13, false, true),
            _ => (p - 19, true, true),
        };
        let x = 0.3 + col as f32 + if right { 7.0 } else { 0.0 };
        (x, top)
    }

    /// The point's triangle area.
    pub fn point_rect(&self, wp: u8) -> Rect {
        let (x, top) = self.column(wp);
        let (y0, y1) = if top {
            (self.field_top(), self.field_top() + POINT_HEIGHT)
        } else {
            (self.field_bottom() - POINT_HEIGHT, self.field_bottom())
        };
        Rect::from_two_pos(self.at(x, y0), self.at(x + 1.0, y1))
    }

    /// The centre of the `k`-th checker (0 at the edge) at a place, for a colour.
    pub fn slot(&self, side: Side, loc: Loc, k: usize) -> Pos2 {
        let k = k.min(4) as f32;
        match loc {
            Loc::Point(wp) => {
                let (x, top) = self.column(wp);
                let y = if top {
                    self.field_top() + (k + 0.5) * CHECKER
                } else {
                    self.field_bottom() - (k + 0.5) * CHECKER
                };
                self.at(x + 0.5, y)
            }
            Loc::Bar => {
                // The bottom colour's checkers wait in the upper half (they enter up there).
                let mid = (self.field_top() + self.field_bottom()) / 2.0;
                let y = if side == self.bottom {
                    mid - GAP / 2.0 - (k + 0.5) * CHECKER
                } else {
                    mid + GAP / 2.0 + (k + 0.5) * CHECKER
                };
                self.at(0.3 + 6.5, y)
            }
            Loc::Off => {
                let r = self.tray_rect(side);
                let y = if side == self.bottom {
                    r.bottom() - (k + 0.5) * 0.3 * self.u
                } else {
                    r.top() + (k + 0.5) * 0.3 * self.u
                };
                pos2(r.center().x, y)
            }
        }
    }

    /// The dice: two squares in the middle of the right half.
    pub fn die_rect(&self, i: usize) -> Rect {
        let mid = (self.field_top() + self.field_bottom()) / 2.0;
        let x = 0.3 + 7.0 + 1.6 + i as f32 * 1.3;
        Rect::from_center_size(self.at(x + 0.5, mid), Vec2::splat(0.95 * self.u))
    }

    /// The doubling cube: in the middle of the column of the trays when it is centred, moved
    /// towards its owner's tray when a side owns it.
    pub fn cube_rect(&self, owner: Option<Side>) -> Rect {
        let mid = (self.field_top() + self.field_bottom()) / 2.0;
        let shift = GAP / 2.0 + 0.25;
        let y = match owner {
            None => mid,
            Some(s) if s == self.bottom => mid + shift,
            Some(_) => mid - shift,
        };
        Rect::from_center_size(self.at(13.6 + 0.55, y), Vec2::splat(0.85 * self.u))
    }

    /// What is under `p`.
    pub fn hit(&self, p: Pos2) -> Option<Hit> {
        for i in 0..2 {
            if self.die_rect(i).contains(p) {
                return Some(Hit::Die(i));
            }
        }
        for side in [Side::White, Side::Black] {
            if self.tray_rect(side).expand(0.1 * self.u).contains(p) {
                return Some(Hit::Tray(side));
            }
        }
        let bar = self.bar_rect();
        if bar.contains(p) {
            return Some(Hit::Bar {
                top: p.y < bar.center().y,
            });
        }
        (1..=24u8)
            .find(|&wp| {
                // A point's whole half-column, so a click near the middle still counts.
                let r = self.point_rect(wp);
                let (_, top) = self.column(wp);
                let extra = (GAP / 2.0) * self.u;
                let r = if top {
                    Rect::from_min_max(r.min, pos2(r.max.x, r.max.y + extra))
                } else {
                    Rect::from_min_max(pos2(r.min.x, r.min.y - extra), r.max)
                };
                r.contains(p)
            })
            .map(Hit::Point)
    }

    /// The place and colour a press on `hit` takes a checker from, on `board`.
    fn source(&self, hit: Hit, board: &EditBoard, prefer: Side) -> Option<(Side, Loc)> {
        let (loc, sides) = match hit {
            Hit::Point(wp) => (Loc::Point(wp), [prefer, prefer.opponent()]),
            Hit::Bar { top } => {
                // Upper half: the bottom colour's bar checkers.
                let s = if top {
                    self.bottom
                } else {
                    self.bottom.opponent()
                };
                (Loc::Bar, [s, s.opponent()])
            }
            Hit::Tray(s) => (Loc::Off, [s, s]),
            Hit::Die(_) => return None,
        };
        sides
            .into_iter()
            .find(|&s| board.count(s, loc) > 0)
            .map(|s| (s, loc))
    }
}

/// Draws `n` checkers of `side` at `loc`, the first in slot `start` (after the other colour's
/// checkers on a point both hold — an impossible board shown while editing).
fn draw_stack(
    painter: &egui::Painter,
    sprites: Checkers<'_>,
    g: &Geometry,
    (side, loc): (Side, Loc),
    n: u8,
    start: usize,
) {
    let shown = (n as usize).min(5);
    for k in 0..shown {
        sprites.draw(painter, g.slot(side, loc, start + k), side, Color32::WHITE);
    }
    if n > 5 {
        let (_, line) = checker_colours(side);
        painter.text(
            g.slot(side, loc, start + 4),
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(0.5 * g.u),
            line,
        );
    }
}

/// The wooden frame: the strips of `outer` around `field`, not one rectangle under the field
/// (each pixel painted once: without a GPU, overdraw costs time on every frame). The strips
/// reach one point under the field and into each other, so no seam shows.
fn frame_strips(outer: Rect, field: Rect, wood: Color32) -> [egui::Shape; 4] {
    let (o, f) = (outer, field.shrink(1.0));
    let strip = |x0: f32, x1: f32, y0: f32, y1: f32, r: egui::CornerRadius| {
        let rect = Rect::from_min_max(pos2(x0, y0), pos2(x1, y1));
        egui::Shape::rect_filled(rect, r, wood)
    };
    let round = |nw, ne, sw, se| egui::CornerRadius { nw, ne, sw, se };
    let (x0, x1) = (f.left() - 1.0, f.right() + 1.0);
    [
        strip(o.left(), f.left(), o.top(), o.bottom(), round(6, 0, 6, 0)),
        strip(f.right(), o.right(), o.top(), o.bottom(), round(0, 6, 0, 6)),
        strip(x0, x1, o.top(), f.top(), egui::CornerRadius::ZERO),
        strip(x0, x1, f.bottom(), o.bottom(), egui::CornerRadius::ZERO),
    ]
}

/// How the board draws a checker: from its image (with the speed-ups for software rendering
/// on) or as egui's circles.
#[derive(Clone, Copy)]
enum Checkers<'a> {
    Sprites(&'a CheckerSprites),
    Shapes { r: f32 },
}

impl<'a> Checkers<'a> {
    /// Checkers of radius `r` points; the images are kept in `slot`.
    fn of(slot: &'a mut Option<CheckerSprites>, ctx: &egui::Context, r: f32) -> Checkers<'a> {
        if software_rendering::on(ctx) {
            Checkers::Sprites(CheckerSprites::ensure(slot, ctx, r))
        } else {
            *slot = None;
            Checkers::Shapes { r }
        }
    }

    /// Draws a checker of `side` centred at `c`, its colours multiplied by `tint` (white: as
    /// is; `Color32::WHITE.gamma_multiply(a)`: translucent).
    fn draw(self, painter: &egui::Painter, c: Pos2, side: Side, tint: Color32) {
        match self {
            Checkers::Sprites(s) => s.draw(painter, c, side, tint),
            Checkers::Shapes { r } => {
                let (fill, line) = checker_colours(side);
                let (share, width, _) = board_palette::RING;
                let ring = board_palette::ring_colour(side);
                painter.circle_filled(c, r, fill * tint);
                painter.circle_stroke(c, r * share, Stroke::new(width, ring * tint));
                painter.circle_stroke(c, r, Stroke::new(board_palette::OUTLINE, line * tint));
            }
        }
    }
}

/// What does not change from frame to frame while the board keeps its place, size and
/// orientation: the frame, the playing field, the bar and the 24 points
/// ([`super::software_rendering::board_layer`] draws them once into an image, with the
/// speed-ups for software rendering on).
fn layer_shapes(g: &Geometry, bottom: Side) -> Vec<egui::Shape> {
    let u = g.u;
    let wood = Color32::from_rgb(92, 60, 34);
    let mut out = Vec::from(frame_strips(g.outer(), g.field(), wood));
    out.push(egui::Shape::rect_filled(
        g.field(),
        2.0,
        Color32::from_rgb(32, 86, 62),
    ));
    out.push(egui::Shape::rect_filled(g.bar_rect(), 0.0, wood));
    for wp in 1..=24u8 {
        let r = g.point_rect(wp);
        let (_, top) = g.column(wp);
        let (base_y, tip_y) = if top {
            (r.top(), r.bottom() - 0.3 * u)
        } else {
            (r.bottom(), r.top() + 0.3 * u)
        };
        let colour = if own_point(bottom, wp).is_multiple_of(2) {
            Color32::from_rgb(214, 198, 160)
        } else {
            Color32::from_rgb(168, 64, 52)
        };
        out.push(egui::Shape::convex_polygon(
            vec![
                pos2(r.left() + 0.04 * u, base_y),
                pos2(r.right() - 0.04 * u, base_y),
                pos2(r.center().x, tip_y),
            ],
            colour,
            Stroke::NONE,
        ));
    }
    out
}

fn draw_tray(painter: &egui::Painter, g: &Geometry, side: Side, n: u8) {
    let r = g.tray_rect(side);
    painter.rect_filled(r, 2.0, Color32::from_rgb(52, 36, 22));
    let (fill, line) = checker_colours(side);
    for k in 0..n as usize {
        let c = g.slot(side, Loc::Off, k);
        let slab = Rect::from_center_size(c, vec2(r.width() * 0.8, 0.26 * g.u));
        painter.rect(slab, 1.0, fill, Stroke::new(1.0, line), StrokeKind::Inside);
    }
    if n > 0 {
        let at = g.slot(side, Loc::Off, n as usize + 1);
        painter.text(
            pos2(
                r.center().x,
                if side == g.bottom {
                    at.y - 0.25 * g.u
                } else {
                    at.y + 0.25 * g.u
                },
            ),
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(0.42 * g.u),
            Color32::from_rgb(230, 220, 200),
        );
    }
}

/// The cube as the board shows it for `edit`'s match state: the number on its face (64 on a
/// centred cube of 1, as on a real board) and its owner; `None` in a Crawford game, which is
/// played without the cube. A position without a match state is a money game, cube centred.
/// A double on offer shows the cube turned to what it is offered at, in the middle.
pub fn cube_of(edit: &super::edit::Edit) -> Option<(u32, Option<Side>)> {
    match edit.match_state {
        None => Some((64, None)),
        Some(m) if m.crawford() => None,
        Some(m) if m.double_offered() => Some((2 * m.cube_value(), None)),
        Some(m) => {
            let owner = m.cube_owner();
            let face = match (m.cube_value(), owner) {
                (1, None) => 64,
                (v, _) => v,
            };
            Some((face, owner))
        }
    }
}

/// Whose turn the board shows, in words: "White to play 63"; with a double on offer, the
/// taker's decision ("Black to take or pass: White doubles to 2").
pub fn turn_words(edit: &super::edit::Edit) -> String {
    let on_roll = edit.on_roll;
    if let Some(m) = edit
        .match_state
        .filter(|m| m.double_offered() && !m.crawford())
    {
        let verb = if m.cube_value() > 1 {
            "redoubles"
        } else {
            "doubles"
        };
        return format!(
            "{} to take or pass: {on_roll} {verb} to {}",
            on_roll.opponent(),
            2 * m.cube_value()
        );
    }
    let dice = edit.roll().map(|d| format!(" {d}")).unwrap_or_default();
    format!("{on_roll} to play{dice}")
}

/// The cube in words, for the board's accessible name and its hover: "cube centred", "cube
/// 4, White's", "no cube: the Crawford game".
pub fn cube_words(edit: &super::edit::Edit) -> String {
    if let Some(m) = edit
        .match_state
        .filter(|m| m.double_offered() && !m.crawford())
    {
        return format!("cube offered at {} by {}", 2 * m.cube_value(), edit.on_roll);
    }
    match cube_of(edit) {
        None => "no cube: the Crawford game".into(),
        Some((_, None)) => {
            let v = edit.match_state.map_or(1, |m| m.cube_value());
            if v == 1 {
                "cube centred".into()
            } else {
                format!("cube {v}, centred")
            }
        }
        Some((v, Some(owner))) => format!("cube {v}, {owner}'s"),
    }
}

/// Draws the cube of `edit` (none in a Crawford game).
fn draw_cube(painter: &egui::Painter, g: &Geometry, edit: &super::edit::Edit) {
    let Some((face, owner)) = cube_of(edit) else {
        return;
    };
    let rect = g.cube_rect(owner);
    painter.rect(
        rect,
        0.12 * g.u,
        Color32::from_rgb(245, 240, 228),
        Stroke::new(1.5, Color32::from_rgb(40, 30, 20)),
        StrokeKind::Inside,
    );
    let text = face.to_string();
    let size = match text.len() {
        1 => 0.55,
        2 => 0.45,
        3 => 0.34,
        _ => 0.26,
    };
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(size * g.u),
        Color32::from_rgb(30, 25, 20),
    );
}

fn draw_die(painter: &egui::Painter, rect: Rect, value: u8, side: Side) {
    let (fill, line) = checker_colours(side);
    if value == 0 {
        painter.rect_stroke(
            rect,
            6.0,
            Stroke::new(1.5, Color32::from_gray(200)),
            StrokeKind::Inside,
        );
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            "?",
            FontId::proportional(rect.height() * 0.6),
            Color32::from_gray(220),
        );
        return;
    }
    painter.rect(rect, 6.0, fill, Stroke::new(1.5, line), StrokeKind::Inside);
    let s = rect.width() / 4.0;
    let c = rect.center();
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (dx, dy) in pips {
        painter.circle_filled(c + vec2(dx * s, dy * s), s * 0.38, line);
    }
}

/// A candidate's arrows (amber).
const CANDIDATE_ARROW: Color32 = Color32::from_rgb(255, 200, 40);
/// The program's last move's arrows in a game (sky blue: not a candidate).
const PROGRAM_ARROW: Color32 = Color32::from_rgb(90, 190, 255);
/// The tint of a checker leaving in a move preview: its own colour at a third of its opacity.
const LEAVING: Color32 = Color32::from_rgba_premultiplied(85, 85, 85, 85);

/// The arrows of `play` by `mover`, from the stacks of `before` (the board before the move;
/// `None`: the move is on the board, the checkers came from above what is left) to those of
/// `after`.
fn arrows(
    painter: &egui::Painter,
    g: &Geometry,
    (mover, play): (Side, &bgw_engine::core::moves::Play),
    before: Option<&EditBoard>,
    after: &EditBoard,
    colour: Color32,
) {
    let loc_of = |p: u8| match p {
        0 => Loc::Off,
        25 => Loc::Bar,
        p => Loc::Point(white_point(mover, p)),
    };
    for step in play.mv.steps() {
        let from = loc_of(step.from);
        let to = loc_of(step.to);
        let k = match before {
            Some(b) => (b.count(mover, from) as usize).max(1) - 1,
            None => after.count(mover, from) as usize,
        };
        let a0 = g.slot(mover, from, k);
        let a1 = g.slot(mover, to, after.count(mover, to).max(1) as usize - 1);
        arrow(painter, a0, a1, colour, 0.09 * g.u);
    }
}

fn arrow(painter: &egui::Painter, from: Pos2, to: Pos2, colour: Color32, width: f32) {
    let d = to - from;
    if d.length() < 1.0 {
        return;
    }
    let stroke = Stroke::new(width, colour);
    painter.line_segment([from, to], stroke);
    let dir = d.normalized();
    let n = vec2(-dir.y, dir.x);
    let head = width * 3.5;
    painter.add(egui::Shape::convex_polygon(
        vec![
            to,
            to - dir * head + n * head * 0.6,
            to - dir * head - n * head * 0.6,
        ],
        colour,
        Stroke::NONE,
    ));
}

/// Draws the board of `state` (the checker being dragged, `drag`, left out: it is drawn at the
/// pointer), its dice, a previewed move or the program's last move, the checker picked up.
fn paint(
    painter: &egui::Painter,
    g: &Geometry,
    sprites: Checkers<'_>,
    layer: Option<&BoardLayer>,
    state: &BoardView<'_>,
    drag: Option<(Side, Loc)>,
) {
    let painter = painter.clone();
    let board = &state.editing.edit.board;
    let on_roll = state.editing.edit.on_roll;
    // Frame, field, points: one image, or (exports) the shapes themselves.
    match layer {
        Some(layer) => layer.draw(&painter),
        None => painter.extend(layer_shapes(g, state.bottom)),
    }
    paint_point_numbers(&painter, g, on_roll);
    paint_pip_counts(&painter, g, board, state.bottom, on_roll);
    // The selected or hovered candidate (or best-play row): its result ghosted, the checkers
    // leaving dimmed in their own colour, arrows.
    let after = state
        .preview
        .map(|(_, play)| EditBoard::from_position(&play.result));
    paint_checkers(&painter, sprites, g, board, drag, after.as_ref());
    mark_shared_points(&painter, g, board);
    paint_move(&painter, sprites, g, state, after.as_ref());
    draw_cube(&painter, g, &state.editing.edit);
    for i in 0..2 {
        draw_die(&painter, g.die_rect(i), state.editing.edit.dice[i], on_roll);
    }
    paint_picked(&painter, g, state);
}

/// The points' numbers, as the side on roll counts them, above and below the field.
fn paint_point_numbers(painter: &egui::Painter, g: &Geometry, on_roll: Side) {
    let u = g.u;
    for wp in 1..=24u8 {
        let r = g.point_rect(wp);
        let (_, top) = g.column(wp);
        let label_y = if top {
            r.top() - 0.45 * u
        } else {
            r.bottom() + 0.45 * u
        };
        painter.text(
            pos2(r.center().x, label_y),
            Align2::CENTER_CENTER,
            own_point(on_roll, wp).to_string(),
            FontId::proportional(0.38 * u),
            Color32::from_rgb(235, 225, 205),
        );
    }
}

/// Each side's pip count beside its tray (the side on roll's marked by a triangle and in
/// gold), and the checkers borne off in the trays.
fn paint_pip_counts(
    painter: &egui::Painter,
    g: &Geometry,
    board: &EditBoard,
    bottom: Side,
    on_roll: Side,
) {
    let u = g.u;
    for side in [Side::White, Side::Black] {
        let r = g.tray_rect(side);
        let y = if side == bottom {
            r.bottom() + 0.5 * u
        } else {
            r.top() - 0.5 * u
        };
        if side == on_roll {
            // A triangle pointing at the pip count of the side to play.
            let c = pos2(r.left() - 0.05 * u, y);
            let h = 0.16 * u;
            painter.add(egui::Shape::convex_polygon(
                vec![c + vec2(-h, -h), c + vec2(h * 0.8, 0.0), c + vec2(-h, h)],
                Color32::from_rgb(255, 215, 90),
                Stroke::NONE,
            ));
        }
        painter.text(
            pos2(r.center().x + 0.1 * u, y),
            Align2::CENTER_CENTER,
            board.pips(side).to_string(),
            FontId::proportional(0.36 * u),
            if side == on_roll {
                Color32::from_rgb(255, 215, 90)
            } else {
                Color32::from_rgb(235, 225, 205)
            },
        );
        draw_tray(painter, g, side, board.off(side));
    }
}

/// The checkers on the points and the bar: the dragged one left out (it is drawn at the
/// pointer), those a previewed move takes away (`after`: the board it leaves) dimmed in their
/// own colour.
fn paint_checkers(
    painter: &egui::Painter,
    sprites: Checkers<'_>,
    g: &Geometry,
    board: &EditBoard,
    drag: Option<(Side, Loc)>,
    after: Option<&EditBoard>,
) {
    let mut shown = *board;
    if let Some((side, from)) = drag
        && from != Loc::Off
    {
        shown.remove(side, from);
    }
    let mut leaving = Vec::new();
    if let Some(after) = after {
        for side in [Side::White, Side::Black] {
            for loc in (1..=24u8).map(Loc::Point).chain([Loc::Bar]) {
                let now = after.count(side, loc) as usize;
                for k in now..board.count(side, loc) as usize {
                    shown.remove(side, loc);
                    leaving.push((side, loc, k));
                }
            }
        }
    }
    for side in [Side::White, Side::Black] {
        for wp in 1..=24u8 {
            let n = shown.count(side, Loc::Point(wp));
            let start = if side == Side::Black {
                shown.count(Side::White, Loc::Point(wp)).min(4) as usize
            } else {
                0
            };
            if n > 0 {
                draw_stack(painter, sprites, g, (side, Loc::Point(wp)), n, start);
            }
        }
        let n = shown.count(side, Loc::Bar);
        if n > 0 {
            draw_stack(painter, sprites, g, (side, Loc::Bar), n, 0);
        }
    }
    for &(side, loc, k) in &leaving {
        // Its own colour, faint: never mistaken for the other side's checker.
        let start = match (side, loc) {
            (Side::Black, Loc::Point(_)) => board.count(Side::White, loc).min(4) as usize,
            _ => 0,
        };
        sprites.draw(painter, g.slot(side, loc, start + k), side, LEAVING);
    }
}

/// A point both colours hold (an impossible board, shown while editing) outlined in red.
fn mark_shared_points(painter: &egui::Painter, g: &Geometry, board: &EditBoard) {
    for wp in 1..=24u8 {
        if board.count(Side::White, Loc::Point(wp)) > 0
            && board.count(Side::Black, Loc::Point(wp)) > 0
        {
            painter.rect_stroke(
                g.point_rect(wp),
                0.0,
                Stroke::new(2.5, Color32::RED),
                StrokeKind::Inside,
            );
        }
    }
}

/// A previewed move (its arriving checkers ghosted, amber arrows; `after`: the board it
/// leaves), or else the program's last move in a game (on the board already: sky-blue arrows
/// say whence).
fn paint_move(
    painter: &egui::Painter,
    sprites: Checkers<'_>,
    g: &Geometry,
    state: &BoardView<'_>,
    after: Option<&EditBoard>,
) {
    let board = &state.editing.edit.board;
    if let (Some((mover, play)), Some(after)) = (state.preview, after) {
        for side in [Side::White, Side::Black] {
            let locs = (1..=24u8).map(Loc::Point).chain([Loc::Bar]);
            for loc in locs {
                let before = board.count(side, loc) as usize;
                let now = after.count(side, loc) as usize;
                for k in before..now {
                    let ghost = Color32::WHITE.gamma_multiply(0.55);
                    sprites.draw(painter, g.slot(side, loc, k), side, ghost);
                }
            }
        }
        arrows(
            painter,
            g,
            (mover, &play),
            Some(board),
            after,
            CANDIDATE_ARROW,
        );
    } else if let Some((mover, play)) = state.program_move {
        arrows(painter, g, (mover, &play), None, board, PROGRAM_ARROW);
    }
}

/// The checker picked up with Shift+click, ringed.
fn paint_picked(painter: &egui::Painter, g: &Geometry, state: &BoardView<'_>) {
    if let Some((side, loc)) = state.editing.picked {
        let board = &state.editing.edit.board;
        let k = (board.count(side, loc) as usize).max(1) - 1;
        painter.circle_stroke(
            g.slot(side, loc, k),
            CHECKER * g.u / 2.0 + 2.0,
            Stroke::new(3.0, Color32::from_rgb(255, 200, 40)),
        );
    }
}

/// The board for export: `edit` drawn with its title (Position ID, XGID, the side to play and
/// the dice) and the same look as on screen, without the status line and the input; `preview`
/// and `program_move` as [`BoardView`] has them.
pub fn picture(
    edit: super::edit::Edit,
    bottom: Side,
    preview: Option<(Side, Play)>,
    program_move: Option<(Side, Play)>,
) -> Picture {
    let title = board_title(&edit);
    let heading = title.clone();
    let editing = EditState::new(edit);
    // The title's line and the margins above the board's own proportions.
    let aspect = (HEIGHT_U / WIDTH_U) + 0.07;
    Picture::new(title, "board", aspect, move |ui| {
        ui.add(egui::Label::new(egui::RichText::new(&heading).strong().size(15.0)).wrap());
        let (rect, painter) = ui.allocate_painter(ui.available_size(), Sense::hover());
        let view = BoardView {
            editing: &editing,
            bottom,
            preview,
            program_move,
        };
        let g = Geometry::fit(rect.rect, bottom);
        let mut sprites = None;
        let sprites = Checkers::of(&mut sprites, ui.ctx(), CHECKER * g.u / 2.0);
        paint(&painter, &g, sprites, None, &view, None);
    })
}

/// "Position ID 4HPwATDgc/ABMA · XGID=… · White to play 6-5" (an illegal board: what it is).
pub fn board_title(edit: &super::edit::Edit) -> String {
    let to_play = match edit.roll() {
        Some(d) => format!("{} to play {d}", edit.on_roll),
        None => format!("{} on roll", edit.on_roll),
    };
    match edit.setup() {
        Some(setup) => format!(
            "Position ID {} · {} · {to_play}",
            setup.position_id(),
            setup.xgid()
        ),
        None => format!("Not a legal position · {to_play}"),
    }
}

impl BoardUi {
    /// The geometry of the board drawn last (screen positions of points, bar, trays, dice).
    pub fn geometry(&self) -> Option<Geometry> {
        self.last_rect.map(|(r, bottom)| Geometry::fit(r, bottom))
    }

    /// Draws the board and turns clicks and drags into actions.
    pub fn show(&mut self, ui: &mut egui::Ui, state: &BoardView<'_>) -> Vec<EditAction> {
        let board = &state.editing.edit.board;
        let bottom = state.bottom;
        let on_roll = state.editing.edit.on_roll;
        let avail = ui.available_size();
        let (resp, painter) = ui.allocate_painter(
            vec2(avail.x, (avail.y - 24.0).max(60.0)),
            Sense::click_and_drag(),
        );
        let g = Geometry::fit(resp.rect, bottom);
        // The board where it was last frame: its painted layer may be made into an image
        // (about 12 ms on this thread at 1920×1080). While the window or a panel is being
        // resized the board moves every frame, and its shapes are painted as they are.
        let settled = self.last_rect == Some((resp.rect, bottom));
        self.last_rect = Some((resp.rect, bottom));
        let u = g.u;
        // The board's accessible name says what is drawn but not otherwise in words: the cube.
        let cube = cube_words(&state.editing.edit);
        resp.widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::Image, true, format!("board, {cube}"))
        });

        let sprites = Checkers::of(&mut self.sprites, ui.ctx(), CHECKER * u / 2.0);
        let layer = (settled && software_rendering::on(ui.ctx()))
            .then(|| {
                BoardLayer::ensure(&mut self.layer, ui.ctx(), resp.rect, bottom, || {
                    layer_shapes(&g, bottom)
                })
            })
            .flatten();
        paint(&painter, &g, sprites, layer, state, self.drag);

        let mut out = Vec::new();
        let (dragged, dropped) =
            follow_drag(ui, &resp, &g, state, &mut self.drag, &mut self.drag_pos);
        if let Some((side, p)) = dragged {
            sprites.draw(&painter, p, side, Color32::WHITE.gamma_multiply(0.9));
        }
        out.extend(dropped);
        let hit = resp.interact_pointer_pos().and_then(|p| g.hit(p));
        if resp.clicked() {
            let shift = ui.input(|i| i.modifiers.shift);
            out.extend(hit.and_then(|h| click(h, shift, &g, state.editing)));
        }
        if resp.secondary_clicked() {
            out.extend(hit.and_then(|h| secondary_click(h, state.editing)));
        }
        if let Some(tip) = resp
            .hover_pos()
            .and_then(|p| g.hit(p))
            .and_then(|h| hover_tip(h, board, on_roll))
        {
            resp.clone().on_hover_text_at_pointer(tip);
        }

        ui.horizontal(|ui| {
            ui.strong(turn_words(&state.editing.edit));
            ui.separator();
            for side in [Side::White, Side::Black] {
                ui.label(format!(
                    "{side}: {} pips, {} off",
                    board.pips(side),
                    board.off(side)
                ));
            }
        });
        out
    }
}

/// The drag of a checker: started on a checker (the one `g.source` finds under the press),
/// followed to the pointer, dropped where the pointer is released. Returns where to draw the
/// dragged checker this frame, and the move when it is dropped on a place it can go.
fn follow_drag(
    ui: &egui::Ui,
    resp: &egui::Response,
    g: &Geometry,
    state: &BoardView<'_>,
    drag: &mut Option<(Side, Loc)>,
    drag_pos: &mut Option<Pos2>,
) -> (Option<(Side, Pos2)>, Option<EditAction>) {
    let board = &state.editing.edit.board;
    if resp.drag_started_by(egui::PointerButton::Primary)
        && let Some(p) = ui.input(|i| i.pointer.press_origin())
    {
        *drag = g
            .hit(p)
            .and_then(|h| g.source(h, board, state.editing.add_colour));
    }
    let Some((side, from)) = *drag else {
        return (None, None);
    };
    if let Some(p) = ui.ctx().pointer_latest_pos() {
        *drag_pos = Some(p);
    }
    let drawn = drag_pos.map(|p| (side, p));
    let mut dropped = None;
    if resp.drag_stopped() || !ui.input(|i| i.pointer.primary_down()) {
        let target = drag_pos
            .take()
            .and_then(|p| g.hit(p))
            .and_then(|h| destination(h, side));
        dropped = target.map(|to| EditAction::Move(side, from, to));
        *drag = None;
    }
    (drawn, dropped)
}

/// Where a checker of `side` put on `hit` goes: a point, the bar, or off when it is its own
/// tray; `None` elsewhere.
fn destination(hit: Hit, side: Side) -> Option<Loc> {
    match hit {
        Hit::Point(wp) => Some(Loc::Point(wp)),
        Hit::Bar { .. } => Some(Loc::Bar),
        Hit::Tray(s) if s == side => Some(Loc::Off),
        _ => None,
    }
}

/// A click on `hit`: a die goes to its next value; with Shift a checker is picked up, or the
/// one picked up is put down there; else a checker of the colour being added is added (on a
/// tray: one borne off).
fn click(hit: Hit, shift: bool, g: &Geometry, editing: &EditState) -> Option<EditAction> {
    let prefer = editing.add_colour;
    Some(match hit {
        Hit::Die(i) => EditAction::SetDie(i, editing.edit.dice[i] % 6 + 1),
        h if shift => match editing.picked {
            None => EditAction::PickUp(g.source(h, &editing.edit.board, prefer)),
            Some((side, from)) => match destination(h, side) {
                Some(to) => EditAction::Move(side, from, to),
                None => EditAction::PickUp(None),
            },
        },
        Hit::Point(wp) => EditAction::Add(prefer, Loc::Point(wp)),
        Hit::Bar { .. } => EditAction::Add(prefer, Loc::Bar),
        Hit::Tray(s) => EditAction::Add(s, Loc::Off),
    })
}

/// A right click on `hit`: a die goes down one (0 clears it), a checker is taken off a point
/// or the bar.
fn secondary_click(hit: Hit, editing: &EditState) -> Option<EditAction> {
    match hit {
        Hit::Die(i) => Some(EditAction::SetDie(
            i,
            editing.edit.dice[i].saturating_sub(1),
        )),
        Hit::Point(wp) => Some(EditAction::Remove(Loc::Point(wp))),
        Hit::Bar { .. } => Some(EditAction::Remove(Loc::Bar)),
        Hit::Tray(_) => None,
    }
}

/// What the pointer is over, in words: a point's number and checkers, what a die or a tray
/// does, the checkers on the bar.
fn hover_tip(hit: Hit, board: &EditBoard, on_roll: Side) -> Option<String> {
    Some(match hit {
        Hit::Point(wp) => format!(
            "point {} ({}: {}, {}: {})",
            own_point(on_roll, wp),
            Side::White,
            board.count(Side::White, Loc::Point(wp)),
            Side::Black,
            board.count(Side::Black, Loc::Point(wp))
        ),
        Hit::Die(_) => "click: next value, right click: lower (0 clears)".into(),
        Hit::Tray(s) => format!("{s} has {} off; click bears one off", board.off(s)),
        Hit::Bar { .. } => format!(
            "bar — White {}, Black {}",
            board.count(Side::White, Loc::Bar),
            board.count(Side::Black, Loc::Bar)
        ),
    })
}
