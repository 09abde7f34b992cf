//! Text drawn from images of whole texts ("text sprites"): each text of a frame becomes one
//! textured rectangle, cut from an atlas of such images, instead of a rectangle (two
//! triangles) for each glyph.
//!
//! Without a GPU (Mesa's llvmpipe under X or Xvfb) every triangle costs set-up time, on the
//! app's thread and on the renderer's, whatever its size; a glyph's rectangle also lights more
//! whole 4×4 blocks of pixels than the glyph covers. The frame of the largest position at
//! 1920×1080 took 8,452 triangles, some 5,000 of them glyphs; with its texts as sprites,
//! 3,386, and 1.00 M pixels shaded instead of 1.06 M (`tests/app/app_frame_budget.rs`).
//! The pass runs on the app's thread: while a weight is dragged about 9 texts a frame are
//! new (the candidates' changed board values) and the whole pass took 0.36 ms a frame
//! (median; p95 1.0 ms) at 1920×1080 (docs/measurements.md, the fourth round).
//!
//! A sprite is composed here from egui's own glyph images (its font atlas): egui places every
//! glyph on the pixel grid at the size it was rasterised, and a text on a whole pixel, so the
//! sprite holds the very pixels the glyphs would give, blended as the renderer blends them
//! ("premultiplied over"). A text egui lays out again from frame to frame keeps its laid-out
//! form (`Galley`), and its sprite is kept with it; a sprite not drawn for [`KEEP_FRAMES`]
//! frames gives its place to another. Texts this cannot copy exactly (italics, underlines,
//! colour emoji, a place off the pixel grid, a rotation) are left to egui.
//!
//! The renderer draws each run of shapes with one texture and one clip rectangle in one call,
//! and sprites come from another texture than the rest of the frame: so a sprite is moved
//! after the shapes that follow it in its run when it does not overlap them (`batch`), and
//! the sprites held so go as one mesh: a table's texts in one call.

use egui::emath::GuiRounding as _;
use egui::epaint::{ClippedShape, Galley, TextShape};
use egui::{Color32, ColorImage, Context, Pos2, Rect, Shape, TextureHandle, TextureOptions};
use std::collections::HashMap;
use std::sync::Arc;

/// Frames a sprite is kept after the last one that drew its text.
pub const KEEP_FRAMES: u64 = 2;
/// The largest sprite, in pixels: longer or taller texts are left to egui.
const MAX_SIZE: [usize; 2] = [1024, 128];
/// The atlas's side, in pixels (or the renderer's largest texture, if smaller).
const ATLAS_SIDE: usize = 2048;

/// The texts of every frame turned into sprites, and the atlas that holds them.
#[derive(Default)]
pub struct TextSprites {
    atlas: Option<Atlas>,
    sprites: KeyMap<Sprite>,
    /// Texts left to egui (see the module's text), kept as long as sprites are, so they are
    /// not tried again on every frame; each holds on to its `Galley` as a sprite does.
    refused: KeyMap<(Arc<Galley>, u64)>,
    /// A copy of egui's font atlas, the glyphs' source, and what it was copied at.
    font: Option<FontCopy>,
    frame: u64,
    pixels_per_point: f32,
    /// The atlas ran out of room this frame: it starts again on the next.
    full: bool,
    /// Sprites composed (for tests and timing).
    composed: u64,
    /// Off, texts are left to egui (tests compare the two pictures).
    off: bool,
}

/// A text as drawn: which laid-out text, in which colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    /// The address of the `Galley`, which the sprite holds on to, so it is not reused.
    galley: usize,
    override_colour: Option<Color32>,
    fallback_colour: Color32,
    opacity_bits: u32,
}

/// A map keyed by [`Key`], hashed by [`KeyHasher`].
type KeyMap<V> = HashMap<Key, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// Hashes [`Key`]s word by word (FxHash's step: rotate, xor, multiply): a few nanoseconds
/// where the standard hasher, made to resist chosen keys, takes tens; the keys here are
/// addresses and colours, which nobody chooses. Hundreds of texts are looked up a frame.
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.add(u64::from(b)));
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// A text's image in the atlas.
struct Sprite {
    /// Kept so that its address in the key stays this text's.
    _galley: Arc<Galley>,
    /// Top-left corner in the atlas, in pixels.
    at: [usize; 2],
    size: [usize; 2],
    /// The image's top-left corner from the text's position, in pixels.
    offset: [i32; 2],
    /// Its place in the atlas's allocator.
    slot: Slot,
    last_drawn: u64,
}

struct FontCopy {
    image: ColorImage,
    fill_ratio: f32,
    /// The frame it was copied in.
    frame: u64,
}

impl TextSprites {
    /// Turns the texts of the frame `ctx` has drawn so far into sprites, and orders each run
    /// of shapes so that its sprites go in one draw call. Call once a frame, after the last
    /// shape is added.
    pub fn apply(&mut self, ctx: &Context) {
        if self.off {
            return;
        }
        self.frame += 1;
        let ppp = ctx.pixels_per_point();
        if self.full || ppp != self.pixels_per_point {
            self.forget_all();
            self.full = false;
            self.pixels_per_point = ppp;
        }
        self.forget_undrawn();
        self.check_font(ctx);

        let layers = super::hairlines::painted_layers(ctx);
        let lists: Vec<(egui::LayerId, Vec<ClippedShape>)> = ctx.graphics_mut(|g| {
            layers
                .iter()
                .filter_map(|&l| Some((l, take(g.get_mut(l)?))))
                .collect()
        });
        let mut uploads = Vec::new();
        let lists: Vec<(egui::LayerId, usize, Vec<Item>)> = lists
            .into_iter()
            .map(|(layer, shapes)| {
                let n = shapes.len();
                let items = shapes
                    .into_iter()
                    .map(|c| self.item(ctx, c, &mut uploads))
                    .collect();
                (layer, n, items)
            })
            .collect();
        if let Some(atlas) = &mut self.atlas {
            for (at, image) in uploads {
                atlas.put(at, image);
            }
        }
        let texture = self.atlas.as_ref().map(|a| a.texture.id());
        ctx.graphics_mut(|g| {
            for (layer, n, items) in lists {
                let Some(list) = g.get_mut(layer) else {
                    continue;
                };
                let mut shapes = batch(items, texture, ppp).into_iter();
                for i in 0..n {
                    let c = shapes.next().unwrap_or_else(nothing);
                    list.mutate_shape(egui::layers::ShapeIdx(i), |slot| *slot = c);
                }
            }
        });
    }

    /// The atlas's texture and a copy of its pixels (tests draw the frame from it).
    pub fn atlas(&self) -> Option<(egui::TextureId, &ColorImage)> {
        self.atlas.as_ref().map(|a| (a.texture.id(), &a.image))
    }

    /// Turns sprites on (the default) or off: off, every text is left to egui.
    pub fn set_on(&mut self, on: bool) {
        self.off = !on;
        if !on {
            self.forget_all();
        }
    }

    /// Sprites composed since the start.
    pub fn composed(&self) -> u64 {
        self.composed
    }

    /// Sprites held now.
    pub fn held(&self) -> usize {
        self.sprites.len()
    }

    /// Drops every sprite (the pixels a point changed, or the atlas is full).
    fn forget_all(&mut self) {
        self.sprites.clear();
        self.refused.clear();
        if let Some(a) = &mut self.atlas {
            a.alloc.clear();
        }
    }

    /// Drops the sprites whose text has not been drawn for [`KEEP_FRAMES`] frames.
    fn forget_undrawn(&mut self) {
        let frame = self.frame;
        let mut freed = Vec::new();
        self.sprites.retain(|_, s| {
            let keep = s.last_drawn + KEEP_FRAMES >= frame;
            if !keep {
                freed.push(s.slot);
            }
            keep
        });
        if let Some(a) = &mut self.atlas {
            freed.into_iter().for_each(|s| a.alloc.free(s));
        }
        self.refused
            .retain(|_, (_, last)| *last + KEEP_FRAMES >= frame);
    }

    /// Copies egui's font atlas again when egui has started it over (it does when it is 80 %
    /// full or the text options change: the glyphs move), and forgets every sprite then.
    fn check_font(&mut self, ctx: &Context) {
        let (fill_ratio, size) = ctx.fonts(|f| (f.font_atlas_fill_ratio(), f.font_image_size()));
        let started_over = self
            .font
            .as_ref()
            .is_some_and(|f| fill_ratio < f.fill_ratio || f.image.size != size);
        if started_over {
            self.font = None;
            self.forget_all();
        }
    }

    /// A fresh copy of egui's font atlas.
    fn copy_font(&mut self, ctx: &Context) {
        let (image, fill_ratio) = ctx.fonts(|f| (f.image(), f.font_atlas_fill_ratio()));
        self.font = Some(FontCopy {
            image,
            fill_ratio,
            frame: self.frame,
        });
    }

    /// A shape of the frame as it will be drawn: a text as a sprite if it can be.
    fn item(
        &mut self,
        ctx: &Context,
        c: ClippedShape,
        uploads: &mut Vec<([usize; 2], ColorImage)>,
    ) -> Item {
        if c.transform_after_tessellation != egui::emath::TSTransform::IDENTITY {
            return Item::Shape(c);
        }
        match c.shape {
            Shape::Text(text) => match self.sprite(ctx, &text, uploads) {
                Some(Placed::Sprite { rect, uv }) => Item::Sprite {
                    clip_rect: c.clip_rect,
                    rect,
                    uv,
                },
                Some(Placed::Nothing) => Item::Shape(ClippedShape {
                    shape: Shape::Noop,
                    ..c
                }),
                None => Item::Shape(ClippedShape {
                    shape: Shape::Text(text),
                    ..c
                }),
            },
            Shape::Vec(mut shapes) => {
                shapes
                    .iter_mut()
                    .for_each(|s| self.convert_nested(ctx, s, uploads));
                Item::Shape(ClippedShape {
                    shape: Shape::Vec(shapes),
                    ..c
                })
            }
            shape => Item::Shape(ClippedShape { shape, ..c }),
        }
    }

    /// The texts in a list of shapes, each as a textured rectangle of its own.
    fn convert_nested(
        &mut self,
        ctx: &Context,
        shape: &mut Shape,
        uploads: &mut Vec<([usize; 2], ColorImage)>,
    ) {
        match shape {
            Shape::Vec(shapes) => shapes
                .iter_mut()
                .for_each(|s| self.convert_nested(ctx, s, uploads)),
            Shape::Text(text) => match self.sprite(ctx, text, uploads) {
                Some(Placed::Sprite { rect, uv }) => {
                    if let Some(atlas) = &self.atlas {
                        *shape = sprites_mesh(atlas.texture.id(), std::iter::once((rect, uv)));
                    }
                }
                Some(Placed::Nothing) => *shape = Shape::Noop,
                None => {}
            },
            _ => {}
        }
    }

    /// Where `text`'s sprite goes and where it is in the atlas (composed now if it is not
    /// held yet; its image goes to `uploads`), or `None` if the text is left to egui.
    fn sprite(
        &mut self,
        ctx: &Context,
        text: &TextShape,
        uploads: &mut Vec<([usize; 2], ColorImage)>,
    ) -> Option<Placed> {
        if self.full
            || text.angle != 0.0
            || text.underline != egui::Stroke::NONE
            || !(text.opacity_factor > 0.0 && text.opacity_factor <= 1.0)
        {
            return None;
        }
        let key = Key {
            galley: Arc::as_ptr(&text.galley) as usize,
            override_colour: text.override_text_color,
            fallback_colour: text.fallback_color,
            opacity_bits: text.opacity_factor.to_bits(),
        };
        let frame = self.frame;
        let ppp = self.pixels_per_point;
        if let Some(r) = self.refused.get_mut(&key) {
            r.1 = frame;
            return None;
        }
        if !self.sprites.contains_key(&key) {
            if text
                .galley
                .rows
                .iter()
                .all(|r| r.row.visuals.mesh.is_empty())
            {
                // Nothing to draw (an empty text): egui draws nothing either.
                return Some(Placed::Nothing);
            }
            let Some(composed) = self.compose_with_fresh_font(ctx, text) else {
                self.refused.insert(key, (text.galley.clone(), frame));
                return None;
            };
            let atlas = self.atlas.get_or_insert_with(|| {
                Atlas::new(ctx, ATLAS_SIDE.min(ctx.input(|i| i.max_texture_side)))
            });
            if !atlas.alloc.fits(composed.image.size) {
                // Larger than the atlas can ever hold (a renderer with small textures).
                self.refused.insert(key, (text.galley.clone(), frame));
                return None;
            }
            let Some((slot, at)) = atlas.alloc.take(composed.image.size) else {
                self.full = true;
                return None;
            };
            self.composed += 1;
            let size = composed.image.size;
            uploads.push((at, composed.image));
            self.sprites.insert(
                key,
                Sprite {
                    _galley: text.galley.clone(),
                    at,
                    size,
                    offset: composed.offset,
                    slot,
                    last_drawn: frame,
                },
            );
        }
        let [aw, ah] = self.atlas.as_ref()?.image.size;
        let sprite = self.sprites.get_mut(&key)?;
        sprite.last_drawn = frame;
        let origin = text.pos.round_to_pixels(ppp);
        let min = origin + egui::vec2(sprite.offset[0] as f32, sprite.offset[1] as f32) / ppp;
        let size = egui::vec2(sprite.size[0] as f32, sprite.size[1] as f32);
        let uv_min = Pos2::new(
            sprite.at[0] as f32 / aw as f32,
            sprite.at[1] as f32 / ah as f32,
        );
        Some(Placed::Sprite {
            rect: Rect::from_min_size(min, size / ppp),
            uv: Rect::from_min_size(uv_min, size / egui::vec2(aw as f32, ah as f32)),
        })
    }

    /// Composes `text`'s image from the font atlas copy. A glyph blank in the copy may be one
    /// egui has added since: the copy is made again (once a frame), and a glyph blank in a copy
    /// of this frame is taken as blank.
    fn compose_with_fresh_font(&mut self, ctx: &Context, text: &TextShape) -> Option<Composed> {
        let fresh = |s: &Self| s.font.as_ref().is_some_and(|f| f.frame == s.frame);
        if self.font.is_none() {
            self.copy_font(ctx);
        }
        let font = &self.font.as_ref()?.image;
        match compose(text, self.pixels_per_point, font, !fresh(self)) {
            Err(Refused::Stale) if !fresh(self) => {
                self.copy_font(ctx);
                let font = &self.font.as_ref()?.image;
                compose(text, self.pixels_per_point, font, false).ok()
            }
            result => result.ok(),
        }
    }
}

/// The atlas: its texture, a copy of its pixels and the allocator of its room.
struct Atlas {
    texture: TextureHandle,
    image: ColorImage,
    alloc: Shelves,
}

impl Atlas {
    fn new(ctx: &Context, side: usize) -> Atlas {
        let image = ColorImage::filled([side, side], Color32::TRANSPARENT);
        Atlas {
            texture: ctx.load_texture("text-sprites", image.clone(), TextureOptions::NEAREST),
            image,
            alloc: Shelves::new(side),
        }
    }

    /// Puts `patch` at `at`, in the copy and in the texture.
    fn put(&mut self, at: [usize; 2], patch: ColorImage) {
        let [w, h] = patch.size;
        let side = self.image.size[0];
        for y in 0..h {
            let dst = (at[1] + y) * side + at[0];
            self.image.pixels[dst..dst + w].copy_from_slice(&patch.pixels[y * w..(y + 1) * w]);
        }
        self.texture.set_partial(at, patch, TextureOptions::NEAREST);
    }
}

/// A place handed out by [`Shelves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    shelf: usize,
    x: usize,
}

/// Room in a square atlas, in rows ("shelves") of slots of one size: a shelf's height is a
/// multiple of 4 pixels and its slots' width a power of two (at least 16), so that a text
/// gets a slot at most twice its width and the slots freed serve the next texts of about its
/// size.
struct Shelves {
    side: usize,
    shelves: Vec<Shelf>,
    /// The top of the room not given to a shelf yet.
    next_y: usize,
}

struct Shelf {
    y: usize,
    height: usize,
    slot_width: usize,
    /// The width handed out from the left.
    used: usize,
    free: Vec<usize>,
}

impl Shelves {
    fn new(side: usize) -> Shelves {
        Shelves {
            side,
            shelves: Vec::new(),
            next_y: 0,
        }
    }

    fn clear(&mut self) {
        self.shelves.clear();
        self.next_y = 0;
    }

    /// The slot size for an image of `size` pixels: a multiple of 4 high, a power of two wide.
    fn slot_size(size: [usize; 2]) -> [usize; 2] {
        [size[0].next_power_of_two().max(16), size[1].div_ceil(4) * 4]
    }

    /// Whether an image of `size` pixels fits in an empty atlas.
    fn fits(&self, size: [usize; 2]) -> bool {
        let [w, h] = Shelves::slot_size(size);
        w <= self.side && h <= self.side
    }

    /// A slot for an image of `size` pixels, and its top-left corner; `None` when full.
    fn take(&mut self, size: [usize; 2]) -> Option<(Slot, [usize; 2])> {
        let [slot_width, height] = Shelves::slot_size(size);
        if !self.fits(size) {
            return None;
        }
        let side = self.side;
        for (i, s) in self.shelves.iter_mut().enumerate() {
            if s.height != height || s.slot_width != slot_width {
                continue;
            }
            let x = match s.free.pop() {
                Some(x) => x,
                None if s.used + slot_width <= side => {
                    s.used += slot_width;
                    s.used - slot_width
                }
                None => continue,
            };
            return Some((Slot { shelf: i, x }, [x, s.y]));
        }
        if self.next_y + height > side {
            return None;
        }
        let y = self.next_y;
        self.next_y += height;
        self.shelves.push(Shelf {
            y,
            height,
            slot_width,
            used: slot_width,
            free: Vec::new(),
        });
        Some((
            Slot {
                shelf: self.shelves.len() - 1,
                x: 0,
            },
            [0, y],
        ))
    }

    fn free(&mut self, slot: Slot) {
        if let Some(s) = self.shelves.get_mut(slot.shelf) {
            s.free.push(slot.x);
        }
    }
}

/// A text's image and where it goes from the text's position, in pixels.
struct Composed {
    image: ColorImage,
    offset: [i32; 2],
}

/// Why a text has no sprite.
#[derive(Debug, PartialEq)]
enum Refused {
    /// The font atlas copy lacks a glyph (blank where the text has one): egui added it since.
    Stale,
    /// Not a text this copies exactly, or too large.
    Unsupported,
}

/// One rectangle of a text's mesh: a glyph (texels copied one to one) or a plain fill (egui's
/// white texel stretched, for a background colour).
#[derive(Debug)]
struct Quad {
    /// Pixels, from the text's position.
    min: [i32; 2],
    size: [usize; 2],
    /// Texels in the font atlas.
    uv_min: [usize; 2],
    glyph: bool,
    colour: Color32,
}

/// Composes the image of `text` at `ppp` pixels a point from the glyphs in `font` (egui's font
/// atlas); `strict`, a glyph blank in `font` is refused as [`Refused::Stale`].
fn compose(
    text: &TextShape,
    ppp: f32,
    font: &ColorImage,
    strict: bool,
) -> Result<Composed, Refused> {
    let quads = quads(text, ppp).ok_or(Refused::Unsupported)?;
    if quads.is_empty() {
        return Err(Refused::Unsupported);
    }
    let min = quads.iter().fold([i32::MAX; 2], |m, q| {
        [m[0].min(q.min[0]), m[1].min(q.min[1])]
    });
    let max = quads.iter().fold([i32::MIN; 2], |m, q| {
        [
            m[0].max(q.min[0] + q.size[0] as i32),
            m[1].max(q.min[1] + q.size[1] as i32),
        ]
    });
    let size = [(max[0] - min[0]) as usize, (max[1] - min[1]) as usize];
    if size[0] == 0 || size[1] == 0 || size[0] > MAX_SIZE[0] || size[1] > MAX_SIZE[1] {
        return Err(Refused::Unsupported);
    }
    let mut image = ColorImage::filled(size, Color32::TRANSPARENT);
    let [fw, fh] = font.size;
    for q in &quads {
        let span = if q.glyph { q.size } else { [1, 1] };
        if q.uv_min[0] + span[0] > fw || q.uv_min[1] + span[1] > fh {
            return Err(Refused::Stale);
        }
        let mut blank = q.glyph && strict;
        let x0 = (q.min[0] - min[0]) as usize;
        let y0 = (q.min[1] - min[1]) as usize;
        for y in 0..q.size[1] {
            for x in 0..q.size[0] {
                let (tx, ty) = match q.glyph {
                    true => (q.uv_min[0] + x, q.uv_min[1] + y),
                    false => (q.uv_min[0], q.uv_min[1]),
                };
                let texel = font.pixels[ty * fw + tx];
                if texel == Color32::TRANSPARENT {
                    // Nothing over what is there.
                    continue;
                }
                blank = false;
                let dst = &mut image.pixels[(y0 + y) * size[0] + x0 + x];
                *dst = match *dst == Color32::TRANSPARENT {
                    true => tint(q.colour, texel),
                    false => over(tint(q.colour, texel), *dst),
                };
            }
        }
        if blank {
            return Err(Refused::Stale);
        }
    }
    Ok(Composed { image, offset: min })
}

/// The rectangles of `text`'s mesh as egui's tessellator would draw them at `ppp` pixels a
/// point, in pixels from the text's (rounded) position, with the colours it would give them;
/// `None` if the text holds anything else or lies off the pixel grid.
fn quads(text: &TextShape, ppp: f32) -> Option<Vec<Quad>> {
    let whole = |v: f32| {
        let r = v.round();
        ((v - r).abs() < 1e-3 && r.abs() < 1e6).then_some(r as i32)
    };
    let mut out = Vec::new();
    for placed in &text.galley.rows {
        let visuals = &placed.row.visuals;
        let mesh = &visuals.mesh;
        if placed.row.glyphs.iter().any(|g| g.is_color)
            || mesh.vertices.len() % 4 != 0
            || mesh.indices.len() != mesh.vertices.len() / 4 * 6
        {
            return None;
        }
        for (q, v) in mesh.vertices.chunks_exact(4).enumerate() {
            let i = (q * 4) as u32;
            if mesh.indices[q * 6..q * 6 + 6] != [i, i + 1, i + 2, i + 2, i + 1, i + 3] {
                return None;
            }
            let px = |p: Pos2| {
                Some([
                    whole((placed.pos.x + p.x) * ppp)?,
                    whole((placed.pos.y + p.y) * ppp)?,
                ])
            };
            let texel = |p: Pos2| Some([whole(p.x)?, whole(p.y)?]);
            let [lt, rt, lb, rb] = [v[0].pos, v[1].pos, v[2].pos, v[3].pos].map(px);
            let [tlt, trt, tlb, trb] = [v[0].uv, v[1].uv, v[2].uv, v[3].uv].map(texel);
            let (lt, rt, lb, rb) = (lt?, rt?, lb?, rb?);
            let (tlt, trt, tlb, trb) = (tlt?, trt?, tlb?, trb?);
            let upright = lt[1] == rt[1] && lb[1] == rb[1] && lt[0] == lb[0] && rt[0] == rb[0];
            let uv_upright =
                tlt[1] == trt[1] && tlb[1] == trb[1] && tlt[0] == tlb[0] && trt[0] == trb[0];
            let size = [rb[0] - lt[0], rb[1] - lt[1]];
            let uv_size = [trb[0] - tlt[0], trb[1] - tlt[1]];
            if !upright || !uv_upright || size[0] <= 0 || size[1] <= 0 || tlt[0] < 0 || tlt[1] < 0 {
                return None;
            }
            let glyph = match uv_size {
                [0, 0] => false,
                s if s == size => true,
                _ => return None,
            };
            let colours = (0..4).map(|k| vertex_colour(text, visuals, q * 4 + k, v[k].color));
            let colour = vertex_colour(text, visuals, q * 4, v[0].color);
            if colours.into_iter().any(|c| c != colour) {
                return None;
            }
            out.push(Quad {
                min: lt,
                size: [size[0] as usize, size[1] as usize],
                uv_min: [tlt[0] as usize, tlt[1] as usize],
                glyph,
                colour,
            });
        }
    }
    Some(out)
}

/// A vertex's colour as egui's tessellator gives it (`Tessellator::tessellate_text`): the
/// text's override colour on glyphs, its fallback for the placeholder, times its opacity.
fn vertex_colour(
    text: &TextShape,
    visuals: &egui::epaint::text::RowVisuals,
    index: usize,
    colour: Color32,
) -> Color32 {
    let mut c = colour;
    if let Some(o) = text.override_text_color {
        if visuals.glyph_vertex_range.contains(&index) {
            c = o;
        }
    } else if c == Color32::PLACEHOLDER {
        c = text.fallback_color;
    }
    if text.opacity_factor < 1.0 {
        c = c.gamma_multiply(text.opacity_factor);
    }
    c
}

/// `a·b/255`, rounded, as a renderer multiplies 8-bit colour channels.
fn times(a: u8, b: u8) -> u8 {
    let p = u32::from(a) * u32::from(b) + 128;
    ((p + (p >> 8)) >> 8) as u8
}

/// The vertex colour times the texel, channel by channel (egui's pixel shader).
fn tint(colour: Color32, texel: Color32) -> Color32 {
    let [r, g, b, a] = colour.to_array();
    let [tr, tg, tb, ta] = texel.to_array();
    Color32::from_rgba_premultiplied(times(r, tr), times(g, tg), times(b, tb), times(a, ta))
}

/// `src` over `dst`, premultiplied (egui's blending: `dst·(1 − src.a) + src`).
fn over(src: Color32, dst: Color32) -> Color32 {
    let keep = 255 - src.a();
    let [sr, sg, sb, sa] = src.to_array();
    let [dr, dg, db, da] = dst.to_array();
    let add = |s: u8, d: u8| s.saturating_add(times(d, keep));
    Color32::from_rgba_premultiplied(add(sr, dr), add(sg, dg), add(sb, db), add(sa, da))
}

/// Takes the shapes out of `list`, leaving nothing in their places.
fn take(list: &mut egui::layers::PaintList) -> Vec<ClippedShape> {
    (0..list.next_idx().0)
        .map(|i| {
            let mut taken = None;
            list.mutate_shape(egui::layers::ShapeIdx(i), |c| {
                taken = Some(ClippedShape {
                    shape: std::mem::replace(&mut c.shape, Shape::Noop),
                    clip_rect: c.clip_rect,
                    transform_after_tessellation: c.transform_after_tessellation,
                });
            });
            taken.unwrap_or_else(nothing)
        })
        .collect()
}

/// A place in a layer's list that draws nothing.
fn nothing() -> ClippedShape {
    ClippedShape {
        clip_rect: Rect::NOTHING,
        shape: Shape::Noop,
        transform_after_tessellation: Default::default(),
    }
}

/// One mesh of the atlas `texture` drawing the sprites `placed` (screen rectangle in points,
/// atlas rectangle 0–1), in order.
fn sprites_mesh(
    texture: egui::TextureId,
    placed: impl ExactSizeIterator<Item = (Rect, Rect)>,
) -> Shape {
    let mut mesh = egui::Mesh::with_texture(texture);
    mesh.reserve_vertices(placed.len() * 4);
    mesh.reserve_triangles(placed.len() * 2);
    for (rect, uv) in placed {
        mesh.add_rect_with_uv(rect, uv, Color32::WHITE);
    }
    Shape::mesh(mesh)
}

/// A shape of the frame, or a text as a rectangle of the atlas.
enum Item {
    Shape(ClippedShape),
    Sprite {
        clip_rect: Rect,
        /// On the screen, in points.
        rect: Rect,
        /// In the atlas (0–1).
        uv: Rect,
    },
}

/// What a text becomes.
enum Placed {
    /// A rectangle of the atlas.
    Sprite { rect: Rect, uv: Rect },
    /// Nothing: the text draws nothing.
    Nothing,
}

/// `items` as shapes that draw the same picture with the sprites of each run (shapes of one
/// clip rectangle in a row) in one mesh of the atlas `texture`: a sprite is held back past the
/// shapes after it that it does not overlap (by a margin of a point for egui's anti-aliasing
/// fringe); the sprites held go, as one mesh, before the first shape one of them overlaps, or
/// at the end of the run.
fn batch(items: Vec<Item>, texture: Option<egui::TextureId>, ppp: f32) -> Vec<ClippedShape> {
    let margin = 1.0f32.max(1.0 / ppp);
    let mut out = Vec::with_capacity(items.len());
    let mut held: Vec<(Rect, Rect)> = Vec::new();
    let mut held_clip = Rect::NOTHING;
    let flush = |out: &mut Vec<ClippedShape>, held: &mut Vec<(Rect, Rect)>, clip: Rect| {
        let Some(texture) = texture.filter(|_| !held.is_empty()) else {
            return;
        };
        out.push(ClippedShape {
            clip_rect: clip,
            shape: sprites_mesh(texture, held.drain(..)),
            transform_after_tessellation: Default::default(),
        });
    };
    for item in items {
        match item {
            Item::Sprite {
                clip_rect,
                rect,
                uv,
            } => {
                if clip_rect != held_clip {
                    flush(&mut out, &mut held, held_clip);
                    held_clip = clip_rect;
                }
                held.push((rect, uv));
            }
            Item::Shape(c) => {
                let bounds = match (
                    &c.shape,
                    c.transform_after_tessellation == egui::emath::TSTransform::IDENTITY,
                ) {
                    (Shape::Noop, _) => Rect::NOTHING,
                    (Shape::Callback(_), _) | (_, false) => Rect::EVERYTHING,
                    (s, true) => s.visual_bounding_rect().expand(margin),
                };
                if c.clip_rect != held_clip || held.iter().any(|(r, _)| r.intersects(bounds)) {
                    flush(&mut out, &mut held, held_clip);
                }
                out.push(c);
            }
        }
    }
    flush(&mut out, &mut held, held_clip);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shelves_hand_out_slots_by_size_and_take_freed_ones_back() {
        let mut s = Shelves::new(64);
        // A 10×7 image: a shelf 8 high, slots 16 wide.
        let (a, at_a) = s.take([10, 7]).unwrap();
        assert_eq!(at_a, [0, 0]);
        let (_, at_b) = s.take([16, 8]).unwrap();
        assert_eq!(at_b, [16, 0], "the same shelf, the next slot");
        // 17 wide: slots of 32, a new shelf below.
        let (_, at_c) = s.take([17, 5]).unwrap();
        assert_eq!(at_c, [0, 8]);
        s.free(a);
        assert_eq!(s.take([12, 6]).unwrap().1, [0, 0], "the freed slot again");
        // Room for 64 − 16 = 48 more rows of shelves: 40 high fits, then nothing.
        assert!(s.take([64, 40]).is_some());
        assert!(s.take([64, 9]).is_none(), "full");
        assert!(s.take([65, 1]).is_none(), "wider than the atlas");
        assert!(!s.fits([65, 1]) && !s.fits([1, 65]) && s.fits([64, 64]));
        s.clear();
        assert_eq!(s.take([64, 64]).unwrap().1, [0, 0]);
    }

    fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::from_min_size(Pos2::new(x, y), egui::vec2(w, h))
    }

    fn fill(r: Rect, clip: Rect) -> Item {
        Item::Shape(ClippedShape {
            clip_rect: clip,
            shape: Shape::rect_filled(r, 0.0, Color32::RED),
            transform_after_tessellation: Default::default(),
        })
    }

    fn sprite(r: Rect, clip: Rect) -> Item {
        Item::Sprite {
            clip_rect: clip,
            rect: r,
            uv: rect(0.0, 0.0, 0.1, 0.1),
        }
    }

    /// What the shapes are: "F" a fill, "S3" a mesh of three sprites.
    fn kinds(shapes: &[ClippedShape]) -> Vec<String> {
        shapes
            .iter()
            .map(|c| match &c.shape {
                Shape::Mesh(m) => format!("S{}", m.vertices.len() / 4),
                _ => "F".into(),
            })
            .collect()
    }

    #[test]
    fn sprites_wait_past_the_shapes_they_do_not_overlap_and_go_before_one_they_do() {
        let clip = rect(0.0, 0.0, 500.0, 500.0);
        let texture = Some(egui::TextureId::User(7));
        // Two table rows: a fill behind each row's text; the texts wait past the second row's
        // fill and go as one mesh.
        let items = vec![
            fill(rect(0.0, 0.0, 100.0, 20.0), clip),
            sprite(rect(5.0, 3.0, 50.0, 14.0), clip),
            fill(rect(0.0, 20.0, 100.0, 20.0), clip),
            sprite(rect(5.0, 23.0, 50.0, 14.0), clip),
        ];
        assert_eq!(kinds(&batch(items, texture, 1.0)), ["F", "F", "S2"]);
        // A fill over the first text (a selected row's highlight drawn after it): the text
        // goes before it.
        let items = vec![
            sprite(rect(5.0, 3.0, 50.0, 14.0), clip),
            fill(rect(0.0, 0.0, 100.0, 20.0), clip),
            sprite(rect(5.0, 23.0, 50.0, 14.0), clip),
        ];
        assert_eq!(kinds(&batch(items, texture, 1.0)), ["S1", "F", "S1"]);
        // Within a point of the text (egui's anti-aliased edge) counts as over it.
        let items = vec![
            sprite(rect(5.0, 3.0, 50.0, 14.0), clip),
            fill(rect(55.5, 3.0, 10.0, 14.0), clip),
        ];
        assert_eq!(kinds(&batch(items, texture, 1.0)), ["S1", "F"]);
        // Another clip rectangle ends the run.
        let other = rect(0.0, 100.0, 500.0, 100.0);
        let items = vec![
            sprite(rect(5.0, 3.0, 50.0, 14.0), clip),
            fill(rect(0.0, 300.0, 10.0, 10.0), other),
            sprite(rect(5.0, 23.0, 50.0, 14.0), clip),
        ];
        let out = batch(items, texture, 1.0);
        assert_eq!(kinds(&out), ["S1", "F", "S1"]);
        assert_eq!(out[0].clip_rect, clip);
        assert_eq!(out[1].clip_rect, other);
        assert_eq!(out[2].clip_rect, clip);
    }

    #[test]
    fn colours_multiply_and_blend_as_the_renderer_does() {
        assert_eq!(times(255, 255), 255);
        assert_eq!(times(255, 0), 0);
        assert_eq!(times(128, 128), 64);
        // Exactly a·b/255 rounded, for every pair.
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let exact = (f64::from(a) * f64::from(b) / 255.0).round() as u8;
                assert_eq!(times(a, b), exact, "{a}·{b}");
            }
        }
        let half_red = Color32::from_rgba_premultiplied(128, 0, 0, 128);
        let blue = Color32::from_rgb(0, 0, 255);
        assert_eq!(
            over(half_red, blue),
            Color32::from_rgba_premultiplied(128, 0, 127, 255)
        );
        assert_eq!(over(Color32::TRANSPARENT, blue), blue);
    }

    #[test]
    fn a_text_not_drawn_for_a_few_frames_gives_its_sprite_up() {
        let ctx = Context::default();
        let mut sprites = TextSprites::default();
        let run = |sprites: &mut TextSprites, texts: &[&str]| {
            ctx.run_ui(egui::RawInput::default(), |ui| {
                for t in texts {
                    ui.label(*t);
                }
                sprites.apply(ui.ctx());
            })
            .textures_delta
            .clear();
        };
        run(&mut sprites, &["first", "second"]);
        assert_eq!(sprites.held(), 2);
        let composed = sprites.composed();
        run(&mut sprites, &["first", "second"]);
        assert_eq!(sprites.composed(), composed, "held, not composed again");
        for _ in 0..=KEEP_FRAMES {
            run(&mut sprites, &["first"]);
        }
        assert_eq!(sprites.held(), 1, "the second text's sprite is gone");
        sprites.set_on(false);
        run(&mut sprites, &["first"]);
        assert_eq!(sprites.held(), 0);
    }
}
