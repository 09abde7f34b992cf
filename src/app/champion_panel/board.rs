//! The «Чемпион» board: the article's coordinates on its edges (verticals a = 1–9 along the
//! bottom and top, rows b = 1–9 along the left and right, so square `ab` reads off the edges),
//! wolves numbered 1–4, the goat, the goal row, the picked piece's legal targets, the last
//! moves as arrows. Pieces move by click or by drag.

use super::game::LastMove;
use bgw_engine::champion::{Side, Variant};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, vec2};

/// Where the board was last drawn (tests click at its squares).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// The squares' area (without the coordinates around it).
    pub grid: egui::Rect,
    /// Squares per side.
    pub size: u8,
}

impl BoardGeometry {
    /// The centre of square `sq`.
    pub fn centre(&self, sq: u8) -> egui::Pos2 {
        let cell = self.grid.width() / self.size as f32;
        let (a, b) = ((sq / 10) as f32, (sq % 10) as f32);
        egui::pos2(
            self.grid.left() + (a - 0.5) * cell,
            self.grid.top() + (self.size as f32 - b + 0.5) * cell,
        )
    }

    /// The square under `p` (light squares included), `None` off the grid.
    pub fn square_at(&self, p: egui::Pos2) -> Option<u8> {
        if !self.grid.contains(p) {
            return None;
        }
        let cell = self.grid.width() / self.size as f32;
        let n = self.size as i32;
        let a = (((p.x - self.grid.left()) / cell).floor() as i32 + 1).clamp(1, n);
        let b = (n - ((p.y - self.grid.top()) / cell).floor() as i32).clamp(1, n);
        Some((a * 10 + b) as u8)
    }
}

/// What the board shows.
pub struct BoardView<'a> {
    /// The board.
    pub variant: Variant,
    /// Wolves 1–4 by number, 0 = none.
    pub wolves: [u8; 4],
    /// The goat, 0 = none.
    pub goat: u8,
    /// The picked piece's square.
    pub picked: Option<u8>,
    /// Legal targets of a piece on a square (the picked or dragged one).
    pub targets: &'a dyn Fn(u8) -> Vec<u8>,
    /// The last moves, drawn as arrows.
    pub last: &'a [LastMove],
    /// Whether pieces may be dragged.
    pub draggable: bool,
}

/// What the person did on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// A click on a square (light squares included).
    Click(u8),
    /// A piece dragged from a square and dropped (`None`: off the board).
    Drop(u8, Option<u8>),
}

impl From<BoardInput> for super::ChampionAction {
    fn from(input: BoardInput) -> super::ChampionAction {
        match input {
            BoardInput::Click(sq) => super::ChampionAction::Click(sq),
            BoardInput::Drop(from, to) => super::ChampionAction::Drop { from, to },
        }
    }
}

const DARK: Color32 = Color32::from_rgb(122, 88, 58);
const LIGHT: Color32 = Color32::from_rgb(238, 224, 196);
const GOAL: Color32 = Color32::from_rgb(70, 120, 80);
const WOLF_ARROW: Color32 = Color32::from_rgb(40, 110, 220);
const GOAT_ARROW: Color32 = Color32::from_rgb(235, 140, 20);

/// Draws the board at `cell` pixels a square; records its geometry; returns the input.
pub fn show(
    ui: &mut egui::Ui,
    view: &BoardView,
    cell: f32,
    geometry: &mut Option<BoardGeometry>,
) -> Vec<BoardInput> {
    let n = view.variant.size;
    let margin = (cell * 0.45).max(18.0);
    let side = cell * n as f32 + 2.0 * margin;
    let (outer, resp) = ui.allocate_exact_size(vec2(side, side), Sense::click_and_drag());
    let grid = Rect::from_min_size(
        outer.min + vec2(margin, margin),
        vec2(cell * n as f32, cell * n as f32),
    );
    let geo = BoardGeometry { grid, size: n };
    *geometry = Some(geo);
    let painter = ui.painter_at(outer);

    paint_squares(&painter, view.variant, geo, cell);
    paint_coordinates(&painter, geo, cell, margin, ui.visuals().text_color());
    let (out, dragging) = read_input(ui, &resp, view, geo);
    paint_last_moves(&painter, view.last, geo, cell);
    paint_focus(&painter, view, dragging.or(view.picked), geo, cell);
    let pointer = ui.input(|i| i.pointer.latest_pos());
    paint_pieces(&painter, view, geo, cell, dragging.zip(pointer));
    set_cursor(ui, &resp, view, geo, dragging);
    out
}

/// The squares: the dark ones numbered in their corner, the goal row's in green, the grid
/// outlined.
fn paint_squares(painter: &egui::Painter, variant: Variant, geo: BoardGeometry, cell: f32) {
    let n = geo.size;
    painter.rect_filled(geo.grid, 0.0, LIGHT);
    for b in 1..=n {
        for a in 1..=n {
            if (a + b) % 2 != 0 {
                continue;
            }
            let sq = a * 10 + b;
            let r = Rect::from_center_size(geo.centre(sq), vec2(cell, cell));
            let fill = if b == variant.goal_row() { GOAL } else { DARK };
            painter.rect_filled(r, 0.0, fill);
            painter.text(
                r.left_top() + vec2(2.0, 1.0),
                Align2::LEFT_TOP,
                sq.to_string(),
                FontId::monospace((cell * 0.2).clamp(8.0, 11.0)),
                Color32::from_gray(215),
            );
        }
    }
    painter.rect_stroke(
        geo.grid,
        0.0,
        Stroke::new(1.5, Color32::from_gray(60)),
        egui::StrokeKind::Outside,
    );
}

/// The article's coordinates on the four edges, in the margin around the grid: verticals
/// along the bottom and top, rows along the left and right.
fn paint_coordinates(
    painter: &egui::Painter,
    geo: BoardGeometry,
    cell: f32,
    margin: f32,
    text: Color32,
) {
    let grid = geo.grid;
    let font = FontId::proportional((cell * 0.32).clamp(11.0, 16.0));
    for k in 1..=geo.size {
        let x = geo.centre(k * 10 + 1).x;
        let y = geo.centre(10 + k).y;
        for p in [
            Pos2::new(x, grid.bottom() + margin * 0.5),
            Pos2::new(x, grid.top() - margin * 0.5),
            Pos2::new(grid.left() - margin * 0.5, y),
            Pos2::new(grid.right() + margin * 0.5, y),
        ] {
            painter.text(p, Align2::CENTER_CENTER, k.to_string(), font.clone(), text);
        }
    }
}

/// The person's clicks and drops this frame, and the square of the piece being dragged, if
/// one is. A drag remembers the square it began on (in egui's memory, across frames).
fn read_input(
    ui: &egui::Ui,
    resp: &egui::Response,
    view: &BoardView,
    geo: BoardGeometry,
) -> (Vec<BoardInput>, Option<u8>) {
    let drag_id = resp.id.with("drag-from");
    let mut out = Vec::new();
    if view.draggable && resp.drag_started() {
        let origin = ui.input(|i| i.pointer.press_origin());
        if let Some(sq) = origin.and_then(|p| geo.square_at(p))
            && (view.goat == sq || (sq != 0 && view.wolves.contains(&sq)))
        {
            ui.data_mut(|d| d.insert_temp(drag_id, sq));
        }
    }
    let dragging: Option<u8> = ui.data(|d| d.get_temp(drag_id));
    let pointer = ui.input(|i| i.pointer.latest_pos());
    if resp.drag_stopped() {
        if let Some(from) = dragging {
            out.push(BoardInput::Drop(
                from,
                pointer.and_then(|p| geo.square_at(p)),
            ));
        }
        ui.data_mut(|d| d.remove::<u8>(drag_id));
    } else if resp.clicked()
        && let Some(sq) = resp.interact_pointer_pos().and_then(|p| geo.square_at(p))
    {
        out.push(BoardInput::Click(sq));
    }
    (out, dragging.filter(|_| resp.dragged()))
}

/// The last moves: from and to outlined in the mover's colour, an arrow between.
fn paint_last_moves(painter: &egui::Painter, last: &[LastMove], geo: BoardGeometry, cell: f32) {
    for m in last {
        let colour = match m.side {
            Side::Wolves => WOLF_ARROW,
            Side::Goat => GOAT_ARROW,
        };
        let (a, b) = (geo.centre(m.from), geo.centre(m.to));
        for c in [a, b] {
            painter.rect_stroke(
                Rect::from_center_size(c, vec2(cell, cell)).shrink(2.0),
                2.0,
                Stroke::new(2.0, colour),
                egui::StrokeKind::Inside,
            );
        }
        // From the edge of one piece to the edge of the other: pieces are drawn on top.
        let u = (b - a).normalized();
        let gap = cell * 0.38;
        painter.arrow(
            a + u * gap,
            (b - a) - u * (2.0 * gap),
            Stroke::new((cell * 0.07).max(2.0), colour),
        );
    }
}

/// The picked (or dragged) piece's square outlined, and its legal targets marked.
fn paint_focus(
    painter: &egui::Painter,
    view: &BoardView,
    focus: Option<u8>,
    geo: BoardGeometry,
    cell: f32,
) {
    let Some(from) = focus else {
        return;
    };
    painter.rect_stroke(
        Rect::from_center_size(geo.centre(from), vec2(cell, cell)).shrink(1.0),
        2.0,
        Stroke::new(3.0, Color32::YELLOW),
        egui::StrokeKind::Inside,
    );
    for t in (view.targets)(from) {
        let c = geo.centre(t);
        painter.circle_filled(c, cell * 0.14, Color32::from_rgb(120, 230, 120));
        painter.rect_stroke(
            Rect::from_center_size(c, vec2(cell, cell)).shrink(2.0),
            2.0,
            Stroke::new(2.0, Color32::from_rgb(120, 230, 120)),
            egui::StrokeKind::Inside,
        );
    }
}

/// The wolves (numbered) and the goat; the piece being dragged (its square and the pointer)
/// follows the pointer.
fn paint_pieces(
    painter: &egui::Painter,
    view: &BoardView,
    geo: BoardGeometry,
    cell: f32,
    dragged: Option<(u8, Pos2)>,
) {
    let at = |sq: u8| match dragged {
        Some((d, p)) if d == sq => p,
        _ => geo.centre(sq),
    };
    let r = cell * 0.36;
    let font = FontId::proportional((cell * 0.42).clamp(12.0, 24.0));
    for (k, &w) in view.wolves.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let c = at(w);
        painter.circle(
            c,
            r,
            Color32::from_gray(35),
            Stroke::new(2.0, Color32::from_gray(200)),
        );
        painter.text(
            c,
            Align2::CENTER_CENTER,
            (k + 1).to_string(),
            font.clone(),
            Color32::WHITE,
        );
    }
    if view.goat != 0 {
        let c = at(view.goat);
        painter.circle(
            c,
            r,
            Color32::from_rgb(250, 250, 240),
            Stroke::new(3.0, GOAT_ARROW),
        );
        painter.text(c, Align2::CENTER_CENTER, "G", font, Color32::BLACK);
    }
}

/// The pointer as a closed hand while a piece is dragged, an open one over a piece that can be.
fn set_cursor(
    ui: &egui::Ui,
    resp: &egui::Response,
    view: &BoardView,
    geo: BoardGeometry,
    dragging: Option<u8>,
) {
    if dragging.is_some() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
    } else if view.draggable
        && let Some(sq) = resp.hover_pos().and_then(|p| geo.square_at(p))
        && (sq == view.goat || view.wolves.contains(&sq))
    {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
    }
}
