//! Checkers drawn as textures ("sprites"): one textured square, two triangles, per checker
//! instead of a tessellated circle with its outline and inner ring (about 300 triangles).
//!
//! Without a GPU the workbench is drawn by Mesa's software renderer (llvmpipe), which pays for
//! every triangle on every frame: a board with the ghosted result of a candidate holds up to
//! forty checkers, and they were half of all the triangles of a frame. The images are drawn
//! here, anti-aliased, at the exact size in pixels, and drawn again only when that size
//! changes (the window resized or zoomed), in the board's colours ([`crate::app::board_palette`]).

use crate::app::board_palette::{OUTLINE, RING, checker_colours};
use bgw_engine::core::position::Side;
use egui::{Color32, ColorImage, Context, Pos2, Rect, TextureHandle, TextureOptions, pos2};

/// Samples per pixel along each axis.
const SAMPLES: usize = 4;

/// Checker images of both colours for one radius in pixels.
pub struct CheckerSprites {
    radius_px: f32,
    pixels_per_point: f32,
    white: TextureHandle,
    black: TextureHandle,
}

impl CheckerSprites {
    /// The sprites for checkers of radius `r` points, kept in `slot` and made again only when
    /// the radius in pixels changes.
    pub fn ensure<'a>(
        slot: &'a mut Option<CheckerSprites>,
        ctx: &Context,
        r: f32,
    ) -> &'a CheckerSprites {
        let ppp = ctx.pixels_per_point();
        let radius_px = (r * ppp * 4.0).round() / 4.0;
        let fresh = slot
            .as_ref()
            .is_some_and(|s| s.radius_px == radius_px && s.pixels_per_point == ppp);
        if !fresh {
            let load = |side: Side| {
                let name = format!("checker-{side:?}-{radius_px}");
                ctx.load_texture(
                    name,
                    checker_image(radius_px, ppp, side),
                    TextureOptions::NEAREST,
                )
            };
            *slot = Some(CheckerSprites {
                radius_px,
                pixels_per_point: ppp,
                white: load(Side::White),
                black: load(Side::Black),
            });
        }
        slot.as_ref().expect("just made")
    }

    /// Draws a checker of `side` centred at `c` (to the nearest pixel: the image lands on the
    /// screen pixel for pixel), its colours multiplied by `tint` (white: as is;
    /// `Color32::WHITE.gamma_multiply(a)`: translucent; a black tint: a shadow).
    pub fn draw(&self, painter: &egui::Painter, c: Pos2, side: Side, tint: Color32) {
        let tex = match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        };
        let size = tex.size_vec2() / self.pixels_per_point;
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        let ppp = self.pixels_per_point;
        let min = ((c - size / 2.0) * ppp).round() / ppp;
        painter.image(tex.id(), Rect::from_min_size(min, size), uv, tint);
    }
}

/// One checker of radius `radius_px` pixels: the fill, the outline centred on the rim (as
/// egui strokes it) and the faint inner ring, with transparent corners; 4×4 samples a pixel.
fn checker_image(radius_px: f32, ppp: f32, side: Side) -> ColorImage {
    let (fill, line) = checker_colours(side);
    let half_outline = OUTLINE * ppp / 2.0;
    let (ring_share, ring_width, ring_alpha) = RING;
    let ring_r = radius_px * ring_share;
    let half_ring = ring_width * ppp / 2.0;
    let outer = radius_px + half_outline;
    let side_px = (2.0 * outer).ceil() as usize + 2;
    let centre = side_px as f32 / 2.0;
    let colour_at = |x: f32, y: f32| -> [f32; 4] {
        let d = ((x - centre).powi(2) + (y - centre).powi(2)).sqrt();
        if d > outer {
            return [0.0; 4];
        }
        let rgb = |c: Color32| [c.r() as f32, c.g() as f32, c.b() as f32];
        let base = if d >= radius_px - half_outline {
            rgb(line)
        } else if (d - ring_r).abs() <= half_ring {
            let (f, l) = (rgb(fill), rgb(line));
            std::array::from_fn(|i| f[i] + (l[i] - f[i]) * ring_alpha)
        } else {
            rgb(fill)
        };
        [base[0], base[1], base[2], 255.0]
    };
    let mut pixels = Vec::with_capacity(side_px * side_px);
    for py in 0..side_px {
        for px in 0..side_px {
            let mut sum = [0.0f32; 4];
            for sy in 0..SAMPLES {
                for sx in 0..SAMPLES {
                    let x = px as f32 + (sx as f32 + 0.5) / SAMPLES as f32;
                    let y = py as f32 + (sy as f32 + 0.5) / SAMPLES as f32;
                    let c = colour_at(x, y);
                    // Premultiplied: colour weighted by coverage.
                    for i in 0..3 {
                        sum[i] += c[i] * c[3] / 255.0;
                    }
                    sum[3] += c[3];
                }
            }
            let n = (SAMPLES * SAMPLES) as f32;
            let [r, g, b, a] = sum.map(|v| (v / n).round().clamp(0.0, 255.0) as u8);
            pixels.push(Color32::from_rgba_premultiplied(r, g, b, a));
        }
    }
    ColorImage::new([side_px, side_px], pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_is_a_disc_with_its_outline_and_clear_corners() {
        // Radius 20 px on a display of 2 pixels a point: the outline is 3 px wide, 18.5–21.5 px
        // from the centre.
        let img = checker_image(20.0, 2.0, Side::White);
        let n = img.size[0];
        assert_eq!(img.size, [n, n]);
        assert_eq!(n, 45, "room for the radius, half the outline and a margin");
        let at = |x: usize, y: usize| img.pixels[y * n + x];
        assert_eq!(at(0, 0).a(), 0, "corners are transparent");
        let (fill, line) = checker_colours(Side::White);
        assert_eq!(at(n / 2, n / 2), fill, "the centre is the fill");
        // On the rim, left of the centre (pixel 2 spans 19.5–20.5 px): outline colour, opaque.
        let rim = at(2, n / 2);
        assert_eq!(
            (rim.r(), rim.g(), rim.b(), rim.a()),
            (line.r(), line.g(), line.b(), 255)
        );
        // Half way out: between the fill and the ring, plain fill.
        assert_eq!(at(n / 2 + 7, n / 2), fill);
    }

    #[test]
    fn sprites_follow_the_size_in_pixels() {
        let ctx = Context::default();
        let mut slot = None;
        let first = CheckerSprites::ensure(&mut slot, &ctx, 15.0).white.id();
        let again = CheckerSprites::ensure(&mut slot, &ctx, 15.0).white.id();
        assert_eq!(first, again, "same size: the textures are kept");
        let bigger = CheckerSprites::ensure(&mut slot, &ctx, 18.0).white.id();
        assert_ne!(first, bigger, "a new size: drawn again");
    }
}
