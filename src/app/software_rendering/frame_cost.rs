//! What one frame asks of the renderer: triangles, pixels covered (overdraw counted), pixels
//! shaded and draw calls.
//!
//! With a GPU none of it matters; without one (Mesa's llvmpipe under X or Xvfb) all of it costs
//! time on every frame, so the bench `app_frame` reports them and a test keeps them in budget.
//! llvmpipe runs the pixel shader on whole 4×4 blocks: a block is shaded for a triangle when
//! one of its pixel centres is inside, so a thin triangle (an anti-aliasing fringe, a
//! one-pixel line, the halves of a glyph's quad) costs several times its area. Its time a
//! frame follows the shaded pixels; and every mesh is a draw call, whose set-up costs the
//! app's own thread.

use egui::ClippedPrimitive;
use egui::epaint::Primitive;

/// The renderer's work for one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameCost {
    /// Triangles in all meshes.
    pub triangles: usize,
    /// Pixels covered by those triangles within their clip rectangles, each time it is drawn
    /// (in points²; pixels at one pixel a point).
    pub pixels: f64,
    /// Pixels shaded: 16 for each 4×4 block of pixels a triangle touches within its clip
    /// rectangle (at one pixel a point), each time.
    pub shaded: u64,
    /// Meshes, each a draw call.
    pub draw_calls: usize,
}

/// Measures tessellated output. A triangle partly outside its clip rectangle counts the share
/// of its bounding box inside it.
pub fn frame_cost(primitives: &[ClippedPrimitive]) -> FrameCost {
    let mut cost = FrameCost {
        triangles: 0,
        pixels: 0.0,
        shaded: 0,
        draw_calls: 0,
    };
    for p in primitives {
        let Primitive::Mesh(m) = &p.primitive else {
            continue;
        };
        cost.draw_calls += 1;
        for t in m.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.vertices[i as usize].pos);
            cost.shaded += 16 * blocks_touched([a, b, c], p.clip_rect);
            let area = ((b - a).x * (c - a).y - (b - a).y * (c - a).x).abs() as f64 / 2.0;
            let bbox = egui::Rect::from_points(&[a, b, c]);
            let inside = bbox.intersect(p.clip_rect);
            if bbox.area() > 0.0 && inside.is_positive() {
                cost.pixels += area * (inside.area() / bbox.area()) as f64;
            }
            cost.triangles += 1;
        }
    }
    cost
}

/// The 4×4 blocks of pixels (pixel centres at half-integers) in which the triangle `t` holds
/// at least one pixel centre inside `clip`.
fn blocks_touched(t: [egui::Pos2; 3], clip: egui::Rect) -> u64 {
    let [a, b, c] = t;
    let edge = |p: egui::Pos2, q: egui::Pos2, x: f32, y: f32| {
        (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)
    };
    let inside = |x: f32, y: f32| {
        let e = [edge(a, b, x, y), edge(b, c, x, y), edge(c, a, x, y)];
        e.iter().all(|&v| v >= 0.0) || e.iter().all(|&v| v <= 0.0)
    };
    let area = edge(a, b, c.x, c.y);
    let bbox = egui::Rect::from_points(&t).intersect(clip);
    if area == 0.0 || !area.is_finite() || !bbox.is_positive() {
        return 0;
    }
    // Pixel centres x + 0.5 within the box and the clip rectangle.
    let first = |v: f32| (v - 0.5).ceil().max(0.0) as i64;
    let last = |v: f32| (v - 0.5).floor() as i64;
    let (x0, x1) = (first(bbox.min.x), last(bbox.max.x));
    let (y0, y1) = (first(bbox.min.y), last(bbox.max.y));
    let in_clip =
        |x: f32, y: f32| clip.min.x <= x && x < clip.max.x && clip.min.y <= y && y < clip.max.y;
    let mut blocks = 0;
    for by in y0.div_euclid(4)..=y1.div_euclid(4) {
        for bx in x0.div_euclid(4)..=x1.div_euclid(4) {
            let hit = (0..16).any(|k| {
                let (px, py) = (bx * 4 + k % 4, by * 4 + k / 4);
                let (x, y) = (px as f32 + 0.5, py as f32 + 0.5);
                (x0..=x1).contains(&px) && (y0..=y1).contains(&py) && in_clip(x, y) && inside(x, y)
            });
            blocks += u64::from(hit);
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_is_two_triangles_and_its_area_clipped() {
        let ctx = egui::Context::default();
        // One pass loads the fonts; its texture upload is not needed here.
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let shape = egui::Shape::rect_filled(
            egui::Rect::from_min_size(egui::pos2(10.0, 10.0), egui::vec2(100.0, 50.0)),
            0.0,
            egui::Color32::RED,
        );
        let clip = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(60.0, 200.0));
        let shapes = vec![egui::epaint::ClippedShape {
            clip_rect: clip,
            shape,
            transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
        }];
        // No anti-aliasing, so the rectangle is exactly two triangles.
        ctx.tessellation_options_mut(|o| o.feathering = false);
        let cost = frame_cost(&ctx.tessellate(shapes, 1.0));
        assert_eq!(cost.triangles, 2);
        assert_eq!(cost.draw_calls, 1);
        assert!((cost.pixels - 50.0 * 50.0).abs() < 1.0, "{}", cost.pixels);
        // 50×50 pixels from (10, 10) shown: blocks 2–14 across (x 8–59) and 2–14 down, and
        // along the diagonal (of the whole 100×50 rectangle, 19 blocks here) both triangles
        // shade a block.
        assert_eq!(cost.shaded, 16 * (13 * 13 + 19));
    }

    #[test]
    fn a_one_pixel_line_shades_whole_blocks() {
        // A vertical line one pixel wide and 40 long, on pixel boundaries: its diagonal
        // splits the pixel centres, the first triangle has the top 20 (5 blocks), the
        // second the rest: 10 blocks of 16 pixels for 40 pixels.
        let t1 = [
            egui::pos2(5.0, 0.0),
            egui::pos2(6.0, 0.0),
            egui::pos2(5.0, 40.0),
        ];
        let t2 = [
            egui::pos2(6.0, 0.0),
            egui::pos2(6.0, 40.0),
            egui::pos2(5.0, 40.0),
        ];
        let clip = egui::Rect::EVERYTHING;
        assert_eq!((blocks_touched(t1, clip), blocks_touched(t2, clip)), (5, 5));
        // Moved to straddle x = 8, the line between two columns of blocks: twice the blocks.
        let moved = t1.map(|p| p + egui::vec2(2.5, 0.0));
        assert_eq!(blocks_touched(moved, clip), 10);
        // Clipped to its top 8 pixels.
        let top = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(100.0, 8.0));
        assert_eq!(blocks_touched(t1, top), 2);
        // Degenerate: nothing.
        assert_eq!(blocks_touched([egui::pos2(1.0, 1.0); 3], clip), 0);
    }
}
