//! What one frame asks of the renderer: triangles, and pixels covered (overdraw counted).
//!
//! With a GPU neither matters; without one (Mesa's llvmpipe under X or Xvfb) both cost time on
//! every frame, so the bench `app_frame` reports them and a test keeps them in budget.

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
}

/// Measures tessellated output. A triangle partly outside its clip rectangle counts the share
/// of its bounding box inside it.
pub fn frame_cost(primitives: &[ClippedPrimitive]) -> FrameCost {
    let mut cost = FrameCost {
        triangles: 0,
        pixels: 0.0,
    };
    for p in primitives {
        let Primitive::Mesh(m) = &p.primitive else {
            continue;
        };
        for t in m.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.vertices[i as usize].pos);
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
        assert!((cost.pixels - 50.0 * 50.0).abs() < 1.0, "{}", cost.pixels);
    }
}
