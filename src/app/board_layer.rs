//! The board's painted layer — the wooden frame, the playing field, the bar and the 24
//! points — drawn once into an image and shown as one textured rectangle.
//!
//! Those shapes change only with the board's place and size and with the colour at the bottom,
//! yet egui paints every shape again on every frame. With a GPU that costs nothing; without one
//! (Mesa's llvmpipe under X or Xvfb) the CPU shades each pixel of each shape, once for every
//! shape over it, and in whole 4×4 blocks along each thin anti-aliasing triangle of the points'
//! slanted edges: the layer drawn as shapes cost about 0.5 M pixels shaded a frame at
//! 1920×1080, drawn as an image its 0.24 M. The image is rasterised here on the CPU
//! ([`super::render::rasterise`], egui's own tessellation and blending), at the screen's pixel
//! grid, so it is the picture the shapes give; it is made again when the board moves, is
//! resized or flipped.

use super::render;
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
