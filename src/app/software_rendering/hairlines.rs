//! One-pixel lines and square rectangles drawn as flat rectangles: what egui feathers with a
//! one-pixel anti-aliasing ring of thin triangles, drawn as the two triangles of the same
//! pixels when that gives the same picture.
//!
//! Without a GPU the software renderer (llvmpipe) shades whole 4×4 blocks of pixels along
//! each thin triangle, so a one-pixel line across a 1920-pixel window costs about 30,000
//! pixels shaded for its 1,900, and a table's row highlight or a slider's rail several times
//! its area. With a GPU none of that costs anything, and the pass runs only behind the switch
//! ([`super::SoftwareRendering`]).

use egui::emath::GuiRounding as _;

/// Replaces the frame's one-pixel horizontal and vertical lines (separators, the workspace's
/// dividers, a plot's grid) and square rectangles (frames, fills: a table's row highlight, a
/// slider's rail) by flat rectangles (two triangles, unfeathered) of the same pixels, in every
/// layer. egui draws such a line as two feathered strips either side of the pixel row it lights; the software renderer shades
/// whole 4×4 blocks along each of their four thin triangles, so a line across a 1920-pixel
/// window costs about 30,000 pixels shaded for its 1,900 (at 1920×1080 the frame's lines
/// cost 0.13 M pixels shaded). A line is replaced only when the result is the same pixels:
/// one pixel wide at the window's scale, and with no transform after tessellation.
pub fn flatten_hairlines(ctx: &egui::Context) {
    let ppp = ctx.pixels_per_point();
    let layers = painted_layers(ctx);
    ctx.graphics_mut(|g| {
        for layer in layers {
            let Some(list) = g.get_mut(layer) else {
                continue;
            };
            for i in 0..list.next_idx().0 {
                list.mutate_shape(egui::layers::ShapeIdx(i), |c| {
                    if c.transform_after_tessellation == egui::emath::TSTransform::IDENTITY {
                        flatten_shape(&mut c.shape, ppp);
                    }
                });
            }
        }
    });
}

/// Every layer the frame may have painted into: those egui's memory knows, and the
/// background (which it lists only once an area has used it). Passes over the finished frame
/// ([`flatten_hairlines`], [`super::text_sprites`]) walk these.
pub fn painted_layers(ctx: &egui::Context) -> Vec<egui::LayerId> {
    let mut layers: Vec<egui::LayerId> = ctx.memory(|m| m.layer_ids().collect());
    if !layers.contains(&egui::LayerId::background()) {
        layers.push(egui::LayerId::background());
    }
    layers
}

/// [`flatten_hairlines`] for one shape (and the shapes of a list).
fn flatten_shape(shape: &mut egui::Shape, ppp: f32) {
    match shape {
        egui::Shape::Vec(shapes) => shapes.iter_mut().for_each(|s| flatten_shape(s, ppp)),
        egui::Shape::LineSegment { points, stroke } => {
            if let Some(rect) = hairline_pixels(*points, stroke.width, ppp) {
                *shape = match stroke.color == egui::Color32::TRANSPARENT {
                    true => egui::Shape::Noop,
                    false => flat_rect(rect, stroke.color),
                };
            }
        }
        egui::Shape::Rect(r) => {
            if let Some(flat) = flat_framed_rect(r, ppp) {
                *shape = flat;
            }
        }
        _ => {}
    }
}

/// A square-cornered rectangle, filled or framed by a one-pixel stroke, as the flat
/// rectangles of the same pixels: its fill inside the frame and the frame's four sides, once
/// egui's tessellator has put it on pixel boundaries as its stroke kind says
/// (`Tessellator::tessellate_rect`, egui 0.37). `None` for anything else: rounded, turned,
/// blurred, textured, a wider stroke, not rounded to pixels, or too small for a frame with
/// room inside (egui draws those another way).
fn flat_framed_rect(r: &egui::epaint::RectShape, ppp: f32) -> Option<egui::Shape> {
    use egui::StrokeKind;
    let plain = r.corner_radius == egui::CornerRadius::ZERO
        && r.angle == 0.0
        && r.blur_width == 0.0
        && r.brush.is_none()
        && r.round_to_pixels != Some(false);
    // The stroke's width places the rectangle even when its colour shows nothing.
    let stroked = r.stroke.width > 0.0;
    if !plain || ppp.fract() != 0.0 || (stroked && (r.stroke.width * ppp - 1.0).abs() > 1e-3) {
        return None;
    }
    let px = 1.0 / ppp;
    let outer = match (stroked, r.stroke_kind) {
        (false, _) | (true, StrokeKind::Inside) => r.rect.round_to_pixels(ppp),
        // A one-pixel stroke's middle on pixel centres, half a pixel out.
        (true, StrokeKind::Middle) => r.rect.round_to_pixel_center(ppp).expand(0.5 * px),
        (true, StrokeKind::Outside) => r.rect.round_to_pixels(ppp).expand(px),
    };
    // Below three pixels a side egui draws a line or the stroke's colour alone.
    if !outer.is_finite() || outer.width() * ppp < 3.5 || outer.height() * ppp < 3.5 {
        return None;
    }
    let mut shapes = Vec::with_capacity(5);
    if !stroked || r.stroke.color == egui::Color32::TRANSPARENT {
        // Nothing to see is nothing to draw (as egui does).
        return Some(match r.fill == egui::Color32::TRANSPARENT {
            true => egui::Shape::Noop,
            false => flat_rect(outer, r.fill),
        });
    }
    let inner = outer.shrink(px);
    if r.fill != egui::Color32::TRANSPARENT {
        shapes.push(flat_rect(inner, r.fill));
    }
    let (x, y, c) = (outer.x_range(), outer.y_range(), r.stroke.color);
    for side in [
        egui::Rect::from_x_y_ranges(x, y.min..=y.min + px),
        egui::Rect::from_x_y_ranges(x, y.max - px..=y.max),
        egui::Rect::from_x_y_ranges(x.min..=x.min + px, inner.y_range()),
        egui::Rect::from_x_y_ranges(x.max - px..=x.max, inner.y_range()),
    ] {
        shapes.push(flat_rect(side, c));
    }
    Some(egui::Shape::Vec(shapes))
}

/// The pixels egui's tessellator lights for a line from `a` to `b` of `width` points, when
/// it is horizontal or vertical and one pixel wide: the line moved to the centre of its pixel
/// row (column), its ends to pixel centres a quarter pixel inwards, every pixel whose centre
/// lies on it at full colour (`Tessellator::tessellate_line_segment` with
/// `round_line_segments_to_pixels`, egui 0.37). `None` for any other line.
fn hairline_pixels([a, b]: [egui::Pos2; 2], width: f32, ppp: f32) -> Option<egui::Rect> {
    if (width * ppp - 1.0).abs() > 1e-3 || a == b {
        return None;
    }
    // In pixels from here on.
    let (a, b) = (a * ppp, b * ppp);
    let centre = |v: f32| (v - 0.5).round() + 0.5;
    // The ends, shrunk by a quarter pixel each and put on pixel centres; the pixel row of
    // each lit pixel's centre c is c - 0.5 .. c + 0.5. Ends on one pixel are left to egui.
    let span = |p: f32, q: f32| {
        let (lo, hi) = if p < q { (p, q) } else { (q, p) };
        let (lo, hi) = (centre(lo + 0.25), centre(hi - 0.25));
        (lo < hi).then_some(egui::Rangef::new(lo - 0.5, hi + 0.5))
    };
    let line = |c: f32| {
        let c = centre(c);
        egui::Rangef::new(c - 0.5, c + 0.5)
    };
    let rect = if a.x == b.x {
        egui::Rect::from_x_y_ranges(line(a.x), span(a.y, b.y)?)
    } else if a.y == b.y {
        egui::Rect::from_x_y_ranges(span(a.x, b.x)?, line(a.y))
    } else {
        return None;
    };
    Some(egui::Rect::from_min_max(rect.min / ppp, rect.max / ppp))
}

/// `rect` filled with `colour` as two triangles, not feathered.
fn flat_rect(rect: egui::Rect, colour: egui::Color32) -> egui::Shape {
    let mut mesh = egui::Mesh::default();
    mesh.add_colored_rect(rect, colour);
    egui::Shape::mesh(mesh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::{ClippedShape, TessellationOptions, Tessellator};
    use egui::{Color32, ColorImage, Rect, Shape, TextureId, pos2};
    use std::collections::HashMap;

    /// `shape` drawn at `ppp` as the window draws it (egui's tessellation, feathered), into a
    /// 64×64-pixel image.
    fn drawn(shape: Shape, ppp: f32) -> ColorImage {
        let clip = Rect::from_min_size(pos2(0.0, 0.0), egui::vec2(64.0, 64.0) / ppp);
        let clipped = vec![ClippedShape {
            clip_rect: clip,
            shape,
            transform_after_tessellation: Default::default(),
        }];
        let primitives = Tessellator::new(ppp, TessellationOptions::default(), [1, 1], Vec::new())
            .tessellate_shapes(clipped);
        let textures = HashMap::from([(
            TextureId::default(),
            ColorImage::filled([1, 1], Color32::WHITE),
        )]);
        let mut image = ColorImage::filled([64, 64], Color32::TRANSPARENT);
        crate::app::render::rasterise(&mut image, &primitives, ppp, &textures).expect("drawn");
        image
    }

    /// The pixels of `got` more than one level from `want`'s in some channel.
    fn differing(want: &ColorImage, got: &ColorImage) -> usize {
        want.pixels
            .iter()
            .zip(&got.pixels)
            .filter(|(w, g)| {
                let (w, g) = (w.to_array(), g.to_array());
                (0..4).any(|k| w[k].abs_diff(g[k]) > 1)
            })
            .count()
    }

    #[test]
    fn a_flattened_hairline_lights_the_same_pixels_as_egui_draws() {
        let colour = Color32::from_rgb(60, 60, 60);
        let mut checked = 0;
        for ppp in [1.0, 1.25, 1.5, 2.0] {
            for (a, b) in [
                (pos2(3.0, 10.0), pos2(40.0, 10.0)),
                (pos2(3.3, 10.2), pos2(40.7, 10.2)),
                (pos2(40.5, 21.5), pos2(2.5, 21.5)),
                (pos2(7.75, 2.0), pos2(7.75, 33.0)),
                (pos2(12.0, 30.6), pos2(12.0, 1.4)),
                (pos2(5.0, 5.0), pos2(6.6, 5.0)),
            ] {
                let line = Shape::line_segment([a, b], egui::Stroke::new(1.0 / ppp, colour));
                let mut flat = line.clone();
                flatten_shape(&mut flat, ppp);
                assert!(matches!(flat, Shape::Mesh(_)), "{a:?}–{b:?} at {ppp}");
                let (want, got) = (drawn(line, ppp), drawn(flat, ppp));
                let differ = differing(&want, &got);
                assert_eq!(differ, 0, "{a:?}–{b:?} at {ppp}");
                assert!(want.pixels.iter().any(|p| p.a() > 0));
                checked += 1;
            }
        }
        assert_eq!(checked, 24);
    }

    #[test]
    fn a_flattened_rectangle_lights_the_same_pixels_as_egui_draws() {
        let fills = [
            Color32::TRANSPARENT,
            Color32::from_rgb(30, 90, 140),
            Color32::from_rgba_unmultiplied(200, 40, 40, 128),
        ];
        let strokes = [
            Color32::TRANSPARENT,
            Color32::from_rgb(200, 200, 200),
            Color32::from_rgba_unmultiplied(255, 255, 255, 90),
        ];
        let mut checked = 0;
        for ppp in [1.0, 1.25, 1.5, 2.0] {
            let whole = ppp == 1.0 || ppp == 2.0;
            for rect in [
                Rect::from_min_max(pos2(3.0, 4.0), pos2(40.0, 20.0)),
                Rect::from_min_max(pos2(3.3, 4.6), pos2(30.2, 27.5)),
                Rect::from_min_max(pos2(10.5, 10.5), pos2(16.5, 30.5)),
            ] {
                for kind in [
                    egui::StrokeKind::Inside,
                    egui::StrokeKind::Middle,
                    egui::StrokeKind::Outside,
                ] {
                    for (fill, stroke) in fills.iter().flat_map(|f| strokes.map(|s| (*f, s))) {
                        let shape = Shape::Rect(egui::epaint::RectShape::new(
                            rect,
                            0.0,
                            fill,
                            egui::Stroke::new(1.0 / ppp, stroke),
                            kind,
                        ));
                        let mut flat = shape.clone();
                        flatten_shape(&mut flat, ppp);
                        // At 1.25 and 1.5 pixels a point egui's own drawing is kept.
                        assert_eq!(matches!(flat, Shape::Rect(_)), !whole, "{rect:?} {kind:?}");
                        let (want, got) = (drawn(shape, ppp), drawn(flat, ppp));
                        let differ = differing(&want, &got);
                        assert_eq!(
                            differ, 0,
                            "{rect:?} {kind:?} fill {fill:?} stroke {stroke:?} at {ppp}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 3 * 3 * 9);
    }

    #[test]
    fn only_one_pixel_lines_across_or_down_are_flattened() {
        let stroke = |w: f32| egui::Stroke::new(w, Color32::WHITE);
        for (shape, ppp) in [
            // Two pixels wide, slanted, a point, shorter than a pixel (egui draws a dot).
            (
                Shape::line_segment([pos2(0.0, 5.0), pos2(9.0, 5.0)], stroke(2.0)),
                1.0,
            ),
            (
                Shape::line_segment([pos2(0.0, 5.0), pos2(9.0, 6.0)], stroke(1.0)),
                1.0,
            ),
            (
                Shape::line_segment([pos2(3.0, 5.0), pos2(3.0, 5.0)], stroke(1.0)),
                1.0,
            ),
            (
                Shape::line_segment([pos2(5.0, 5.0), pos2(5.6, 5.0)], stroke(1.0)),
                1.0,
            ),
            // One point is one and a half pixels at 1.5 pixels a point.
            (
                Shape::line_segment([pos2(0.0, 5.0), pos2(9.0, 5.0)], stroke(1.0)),
                1.5,
            ),
        ] {
            let mut s = shape.clone();
            flatten_shape(&mut s, ppp);
            assert!(matches!(s, Shape::LineSegment { .. }), "{shape:?}");
        }
        // Nothing to see: no triangles at all.
        let mut unseen = Shape::Rect(egui::epaint::RectShape::new(
            Rect::from_min_max(pos2(0.0, 0.0), pos2(900.0, 500.0)),
            0.0,
            Color32::TRANSPARENT,
            egui::Stroke::new(1.0, Color32::TRANSPARENT),
            egui::StrokeKind::Inside,
        ));
        flatten_shape(&mut unseen, 1.0);
        assert!(matches!(unseen, Shape::Noop), "{unseen:?}");
        // In a list, it is found.
        let mut list = Shape::Vec(vec![Shape::line_segment(
            [pos2(0.0, 5.0), pos2(9.0, 5.0)],
            stroke(1.0),
        )]);
        flatten_shape(&mut list, 1.0);
        assert!(matches!(&list, Shape::Vec(v) if matches!(v[0], Shape::Mesh(_))));
    }
}
