//! The workbench's look, chosen for drawing without a GPU as much as for the eye: under Mesa's
//! software renderer (llvmpipe, as on machines without a GPU) every pixel and every triangle of
//! a frame is drawn by the CPU, on every frame.

use egui::emath::GuiRounding as _;

/// egui's dark or light look with square widgets: buttons, fields and slider handles without
/// rounded corners. Each rounded, anti-aliased corner costs a dozen triangles, and without a
/// GPU every triangle is drawn by the CPU: square corners take a frame of the largest position
/// from 14,800 triangles to 9,200, and 10.4–10.9 ms to 7.0–8.8 ms under Xvfb.
pub fn flat_visuals(dark: bool) -> egui::Visuals {
    let mut v = if dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    let w = &mut v.widgets;
    for state in [
        &mut w.noninteractive,
        &mut w.inactive,
        &mut w.hovered,
        &mut w.active,
        &mut w.open,
    ] {
        state.corner_radius = egui::CornerRadius::ZERO;
    }
    v.handle_shape = egui::style::HandleShape::Rect { aspect_ratio: 0.5 };
    v
}

/// A panel's frame without its fill. The window is cleared to the panel colour once per frame
/// (see `clear_color`), so painting each panel's background again only costs time: with a
/// software renderer (Mesa's llvmpipe, no GPU) every full-window fill costs several
/// milliseconds a frame.
pub fn unfilled(frame: egui::Frame) -> egui::Frame {
    frame.fill(egui::Color32::TRANSPARENT)
}

/// Fills an axis-aligned rectangle, its edges moved onto pixel boundaries, with two triangles.
/// egui feathers every filled shape with a one-pixel anti-aliasing ring of thin triangles,
/// which a rectangle on pixel boundaries does not need; the software renderer shades whole 4×4
/// blocks along each of those thin triangles, so a table's stripes and a plot's background cost
/// several times their area (at 1920×1080 the thin triangles of a frame covered 0.12 M pixels
/// and had 0.97 M shaded).
pub fn flat_fill(painter: &egui::Painter, rect: egui::Rect, colour: egui::Color32) {
    painter.add(flat_rect(
        rect.round_to_pixels(painter.pixels_per_point()),
        colour,
    ));
}

/// A plot's frame, as egui_plot paints it (a one-pixel line round the plot) but with
/// [`flat_fill`]s, and without the plot's darker background: the chart lies on the panel's
/// colour, which the window is cleared to anyway, while a filled background costs the
/// software renderer its whole area on every frame (0.17 M pixels for the breakdown chart at
/// 1920×1080). Call with the plot's response rectangle after drawing the plot with
/// `show_background(false)`, at the shape index `at` reserved before it (so that the frame
/// lies under the plot).
pub fn flat_plot_frame(ui: &egui::Ui, at: egui::layers::ShapeIdx, rect: egui::Rect) {
    let painter = ui.painter();
    let rect = rect.round_to_pixels(painter.pixels_per_point());
    let edge = ui.visuals().widgets.noninteractive.bg_stroke;
    let w = (edge.width * painter.pixels_per_point()).round().max(1.0) / painter.pixels_per_point();
    let mut shapes = Vec::new();
    if edge.width > 0.0 {
        let (x, y) = (rect.x_range(), rect.y_range());
        for side in [
            egui::Rect::from_x_y_ranges(x, y.min..=y.min + w),
            egui::Rect::from_x_y_ranges(x, y.max - w..=y.max),
            egui::Rect::from_x_y_ranges(x.min..=x.min + w, y),
            egui::Rect::from_x_y_ranges(x.max - w..=x.max, y),
        ] {
            shapes.push(flat_rect(side, edge.color));
        }
    }
    painter.set(at, egui::Shape::Vec(shapes));
}

/// `slider` added with its rail painted by [`flat_fill`] under it: egui paints the rail as a
/// feathered rectangle, whose thin anti-aliasing triangles along the rail's length cost the
/// software renderer more than the rail itself (the weight editor's rails, about 0.1 M pixels
/// shaded a frame at 1920×1080). The same rectangle and colour, on pixel boundaries.
pub fn slider_with_flat_rail(ui: &mut egui::Ui, slider: egui::Slider<'_>) -> egui::Response {
    let half = ui.spacing().slider_rail_height / 2.0;
    let colour = ui.visuals().widgets.inactive.bg_fill;
    let at = ui.painter().add(egui::Shape::Noop);
    // A rail of no height is not painted at all; the handle keeps its size (it follows the
    // widget's height).
    let response = ui
        .scope(|ui| {
            ui.spacing_mut().slider_rail_height = 0.0;
            ui.add(slider)
        })
        .inner;
    let r = response.rect;
    let rail = egui::Rect::from_x_y_ranges(r.x_range(), r.center().y - half..=r.center().y + half);
    let ppp = ui.painter().pixels_per_point();
    ui.painter()
        .set(at, flat_rect(rail.round_to_pixels(ppp), colour));
    response
}

/// A plot's grid lines as egui_plot draws them (one pixel, the text colour faded by how far
/// apart the lines are, as its `grid_spacing` range and default exponent say) but as
/// [`flat_fill`]s: call with the plot drawn with `show_grid(false)`, at the shape index `at`
/// reserved before it (so the lines lie under the plot's items). `xs` and `ys` are the
/// marks' values and steps.
pub fn flat_plot_grid(
    ui: &egui::Ui,
    at: egui::layers::ShapeIdx,
    transform: &egui_plot::PlotTransform,
    spacing: egui::Rangef,
    xs: &[egui_plot::GridMark],
    ys: &[egui_plot::GridMark],
) {
    let painter = ui.painter();
    let ppp = painter.pixels_per_point();
    let frame = *transform.frame();
    let base = ui.visuals().text_color();
    let px = 1.0 / ppp;
    let mut shapes = Vec::new();
    for (axis, marks) in [(0, xs), (1, ys)] {
        for m in marks {
            let gap = (transform.dpos_dvalue()[axis] * m.step_size).abs() as f32;
            if gap <= spacing.min {
                continue;
            }
            let strength = egui::emath::remap_clamp(gap, spacing, 0.0..=1.0);
            let colour = base.gamma_multiply(strength.powf(0.5));
            let line = if axis == 0 {
                let x = transform.position_from_point_x(m.value);
                if !(frame.min.x..=frame.max.x).contains(&x) {
                    continue;
                }
                // The pixel column the line at x falls in, as egui's one-pixel line takes.
                let x = (x * ppp).floor() / ppp;
                egui::Rect::from_x_y_ranges(x..=x + px, frame.y_range())
            } else {
                let y = transform.position_from_point_y(m.value);
                if !(frame.min.y..=frame.max.y).contains(&y) {
                    continue;
                }
                let y = (y * ppp).floor() / ppp;
                egui::Rect::from_x_y_ranges(frame.x_range(), y..=y + px)
            };
            shapes.push(flat_rect(line, colour));
        }
    }
    painter.set(at, egui::Shape::Vec(shapes));
}

/// A table's row backgrounds — every other row striped, the selected and the hovered row
/// highlighted — painted with [`flat_fill`] instead of egui_extras's feathered rectangles (one
/// for each cell). Build the table with `striped(false)`, make each row neither selected nor
/// hovered for egui_extras, and call [`RowFills::paint`] first thing in the row's first cell.
pub struct RowFills {
    painter: egui::Painter,
    x: egui::Rangef,
    half_gap: f32,
    stripe: egui::Color32,
    selected: egui::Color32,
    hovered: egui::Color32,
}

/// How a row is highlighted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RowMark {
    /// Not at all (a stripe on even rows).
    None,
    /// The selected row.
    Selected,
    /// The row under the pointer.
    Hovered,
}

impl RowFills {
    /// The fills of the rows of `body`, across its whole width.
    pub fn of(body: &mut egui_extras::TableBody) -> RowFills {
        let x = body.max_rect().x_range();
        let ui = body.ui_mut();
        let v = ui.visuals();
        RowFills {
            painter: ui.painter().clone(),
            x,
            half_gap: 0.5 * ui.spacing().item_spacing.y,
            stripe: v.faint_bg_color,
            selected: v.selection.bg_fill,
            hovered: v.widgets.hovered.bg_fill,
        }
    }

    /// Paints the background of the row numbered `index` (from 0) whose first cell is `cell`.
    pub fn paint(&self, index: usize, mark: RowMark, cell: &egui::Ui) {
        let colour = match mark {
            RowMark::Selected => self.selected,
            RowMark::Hovered => self.hovered,
            RowMark::None if index.is_multiple_of(2) => self.stripe,
            RowMark::None => return,
        };
        let y = cell.max_rect().y_range();
        let rect =
            egui::Rect::from_x_y_ranges(self.x, y.min - self.half_gap..=y.max + self.half_gap);
        flat_fill(&self.painter, rect, colour);
    }
}

fn flat_rect(rect: egui::Rect, colour: egui::Color32) -> egui::Shape {
    let mut mesh = egui::Mesh::default();
    mesh.add_colored_rect(rect, colour);
    egui::Shape::mesh(mesh)
}

/// True when the keyboard's shortcuts (R, arrows, Enter, Ctrl+Z…) are ours: no text field is
/// being typed in. A button focused by keyboard navigation (Tab; egui rings it) must not switch
/// the shortcuts off, so having the focus is not the test.
pub fn shortcuts_free(ctx: &egui::Context) -> bool {
    !ctx.text_edit_focused()
}

/// `add` in a scroll area both ways, filling the region: what does not fit scrolls.
pub fn scrolled<R>(ui: &mut egui::Ui, id: &'static str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::ScrollArea::both()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, add)
        .inner
}
