//! The board's painted layer — the wooden frame, the playing field, the bar and the 24
//! points — drawn once into an image and shown as one textured rectangle.
//!
//! Those shapes change only with the board's place and size and with the colour at the bottom,
//! yet egui paints every shape again on every frame. With a GPU that costs nothing; without one
//! (Mesa's llvmpipe under X or Xvfb) the CPU shades each pixel of each shape, once for every
//! shape over it, and in whole 4×4 blocks along each thin anti-aliasing triangle of the points'
//! slanted edges: the layer drawn as shapes cost about 0.5 M pixels shaded a frame at
//! 1920×1080, drawn as an image its 0.24 M. The image is rasterised here on the CPU
//! ([`crate::app::render::rasterise`], egui's own tessellation and blending), at the screen's pixel
//! grid, so it is the picture the shapes give; it is made again when the board moves, is
//! resized or flipped.

use crate::app::render;
use bgw_engine::core::position::Side;
use egui::epaint::{ClippedShape, Tessellator};
use egui::{Color32, ColorImage, Context, Rect, Shape, TextureHandle, TextureId, TextureOptions};
use std::collections::HashMap;

/// What the layer's picture depends on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    /// The area the board was given, in points.
    area: Rect,
    bottom: Side,
    pixels_per_point: f32,
}

/// The layer's image, and where it goes.
pub struct BoardLayer {
    key: Key,
    texture: TextureHandle,
    /// The image's place on the screen, in points (on pixel boundaries).
    rect: Rect,
}

impl BoardLayer {
    /// The layer of the board given `area` with `bottom` at the bottom, kept in `slot` and
    /// drawn again (by `shapes`, in screen points) only when one of those changes. `None`
    /// when the shapes cannot be rasterised (an empty or absurdly large area): draw the shapes
    /// themselves then.
    pub fn ensure<'a>(
        slot: &'a mut Option<BoardLayer>,
        ctx: &Context,
        area: Rect,
        bottom: Side,
        shapes: impl FnOnce() -> Vec<Shape>,
    ) -> Option<&'a BoardLayer> {
        let key = Key {
            area,
            bottom,
            pixels_per_point: ctx.pixels_per_point(),
        };
        if slot.as_ref().is_none_or(|l| l.key != key) {
            let options = ctx.tessellation_options(|o| *o);
            *slot = rasterise(shapes(), key.pixels_per_point, options).map(|(image, rect)| {
                BoardLayer {
                    key,
                    texture: ctx.load_texture("board-layer", image, TextureOptions::NEAREST),
                    rect,
                }
            });
        }
        slot.as_ref()
    }

    /// Shows the layer.
    pub fn draw(&self, painter: &egui::Painter) {
        let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(self.texture.id(), self.rect, uv, Color32::WHITE);
    }
}

/// `shapes` (screen points) tessellated as egui would with `options` and rasterised into a
/// transparent image covering them on whole pixels; returns the image and its screen rectangle
/// in points. `None` for nothing to draw or more than [`render::MAX_SIDE`] pixels a side.
fn rasterise(
    mut shapes: Vec<Shape>,
    ppp: f32,
    options: egui::epaint::TessellationOptions,
) -> Option<(ColorImage, Rect)> {
    let bounds = shapes
        .iter()
        .map(Shape::visual_bounding_rect)
        .fold(Rect::NOTHING, |a, b| a.union(b));
    if !bounds.is_positive() || !ppp.is_finite() || ppp <= 0.0 {
        return None;
    }
    // Whole pixels round everything drawn (the anti-aliasing fringe included).
    let min = ((bounds.min.to_vec2() * ppp) - egui::vec2(1.0, 1.0)).floor();
    let max = ((bounds.max.to_vec2() * ppp) + egui::vec2(1.0, 1.0)).ceil();
    let size = max - min;
    let limit = render::MAX_SIDE as f32;
    if !(size.x >= 1.0 && size.y >= 1.0 && size.x <= limit && size.y <= limit) {
        return None;
    }
    // Moved by whole pixels, the shapes meet the pixel grid as they do on the screen.
    let shift = -min / ppp;
    for s in &mut shapes {
        s.translate(shift);
    }
    let [w, h] = [size.x as usize, size.y as usize];
    let clip = Rect::from_min_size(egui::Pos2::ZERO, size / ppp);
    let clipped = shapes
        .into_iter()
        .map(|shape| ClippedShape {
            clip_rect: clip,
            shape,
            transform_after_tessellation: Default::default(),
        })
        .collect();
    // No text and, with the workbench's options, no pre-rendered discs: the font atlas is
    // needed only for its white texel.
    let primitives = Tessellator::new(ppp, options, [1, 1], Vec::new()).tessellate_shapes(clipped);
    let textures = HashMap::from([(
        TextureId::default(),
        ColorImage::filled([1, 1], Color32::WHITE),
    )]);
    let mut image = ColorImage::filled([w, h], Color32::TRANSPARENT);
    render::rasterise(&mut image, &primitives, ppp, &textures).ok()?;
    let rect = Rect::from_min_size((min / ppp).to_pos2(), size / ppp);
    Some((image, rect))
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{pos2, vec2};

    fn shapes(area: Rect) -> Vec<Shape> {
        vec![
            Shape::rect_filled(area, 0.0, Color32::from_rgb(92, 60, 34)),
            Shape::convex_polygon(
                vec![
                    area.left_bottom(),
                    area.right_bottom(),
                    pos2(area.center().x, area.top()),
                ],
                Color32::from_rgb(168, 64, 52),
                egui::Stroke::NONE,
            ),
        ]
    }

    #[test]
    fn the_image_covers_the_shapes_on_whole_pixels_and_holds_their_colours() {
        let area = Rect::from_min_size(pos2(10.25, 20.5), vec2(100.0, 60.0));
        let options = egui::epaint::TessellationOptions::default();
        let (image, rect) = rasterise(shapes(area), 1.0, options).expect("drawn");
        // Whole pixels, one of margin round the fringe.
        assert_eq!(rect.min, pos2(9.0, 19.0));
        assert_eq!(rect.max, pos2(112.0, 82.0));
        assert_eq!(image.size, [103, 63]);
        let at = |x: f32, y: f32| {
            let (px, py) = ((x - rect.min.x) as usize, (y - rect.min.y) as usize);
            image.pixels[py * image.size[0] + px]
        };
        // Inside the triangle near its base: the point's colour; a top corner: the wood; the
        // margin outside the area: nothing.
        assert_eq!(at(60.0, 78.0), Color32::from_rgb(168, 64, 52));
        assert_eq!(at(12.0, 22.0), Color32::from_rgb(92, 60, 34));
        assert_eq!(at(9.0, 19.0), Color32::TRANSPARENT);
    }

    #[test]
    fn the_layer_is_kept_until_the_board_moves_or_flips() {
        let ctx = Context::default();
        let mut slot = None;
        let area = Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 200.0));
        let mut drawn = 0;
        let mut id = |slot: &mut Option<BoardLayer>, area: Rect, bottom: Side| {
            BoardLayer::ensure(slot, &ctx, area, bottom, || {
                drawn += 1;
                shapes(area)
            })
            .expect("a layer")
            .texture
            .id()
        };
        let first = id(&mut slot, area, Side::White);
        assert_eq!(id(&mut slot, area, Side::White), first, "the same: kept");
        let flipped = id(&mut slot, area, Side::Black);
        assert_ne!(flipped, first, "flipped: drawn again");
        let moved = id(&mut slot, area.translate(vec2(1.0, 0.0)), Side::Black);
        assert_ne!(moved, flipped, "moved: drawn again");
        assert_eq!(drawn, 3);
    }

    #[test]
    fn nothing_to_draw_or_too_large_is_no_layer() {
        let options = egui::epaint::TessellationOptions::default();
        assert!(rasterise(Vec::new(), 1.0, options).is_none());
        let huge = Rect::from_min_size(pos2(0.0, 0.0), vec2(20_000.0, 10.0));
        assert!(rasterise(shapes(huge), 1.0, options).is_none());
        let area = Rect::from_min_size(pos2(0.0, 0.0), vec2(10.0, 10.0));
        assert!(rasterise(shapes(area), f32::NAN, options).is_none());
    }
}
