//! Drawing egui content off-screen into an image, for exports: a fresh [`egui::Context`] runs
//! the drawing at the size asked for (not the window's), egui tessellates it, and the meshes
//! are rasterised here on the CPU — no window, no GPU, no widget of the app in the picture.
//!
//! The rasteriser follows egui's own renderers: vertex colours are premultiplied sRGBA,
//! multiplied by the texture's texel (bilinear), blended "premultiplied over" in gamma space
//! (`dst = src + dst·(1 − src.a)`), each mesh clipped to its rectangle. Anti-aliasing is egui's
//! feathering (a thin fading edge of extra triangles), so pixel centres are enough.
//!
//! [`Picture`] is what a panel hands to the shell to export: the drawing (owned, so it can be
//! drawn after the panel's frame), its size in points, its title and file name;
//! [`ExportSize`] says how many pixels.

use egui::epaint::{ClippedPrimitive, Primitive, Vertex};
use egui::{Color32, ColorImage, ImageData, Pos2, Rect, TextureId, Vec2, pos2};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// The largest side of an image rendered, in pixels.
pub const MAX_SIDE: u32 = 8192;

/// The width of an exported picture's layout, in points: the pixels per point follow from the
/// width in pixels asked for, so text and lines keep their share of the picture.
pub const LAYOUT_WIDTH: f32 = 800.0;

/// How large an export is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExportSize {
    /// 1600 pixels wide: for a screen, a document, a post.
    #[default]
    Screen,
    /// 3200 pixels wide (twice the pixels per point): for print.
    Print,
}

impl ExportSize {
    /// Both, in the order menus offer them.
    pub const ALL: [ExportSize; 2] = [ExportSize::Screen, ExportSize::Print];

    /// The width in pixels.
    pub fn width_px(self) -> u32 {
        match self {
            ExportSize::Screen => 1600,
            ExportSize::Print => 3200,
        }
    }

    /// Pixels per point for a layout [`LAYOUT_WIDTH`] points wide.
    pub fn pixels_per_point(self) -> f32 {
        self.width_px() as f32 / LAYOUT_WIDTH
    }

    /// The menu entry: "PNG, 1600 px".
    pub fn label(self) -> &'static str {
        match self {
            ExportSize::Screen => "PNG, 1600 px",
            ExportSize::Print => "PNG for print, 3200 px",
        }
    }

    /// The file name's suffix ("" or "-print").
    pub fn suffix(self) -> &'static str {
        match self {
            ExportSize::Screen => "",
            ExportSize::Print => "-print",
        }
    }
}

/// What a picture draws into the space it is given.
pub type Drawing = Arc<dyn Fn(&mut egui::Ui) + Send + Sync>;

/// A picture to export: its drawing (owned: it is drawn after the frame that asked for it),
/// its title (drawn in it, kept here for the messages and tests), its aspect and file name.
#[derive(Clone)]
pub struct Picture {
    /// The title drawn at the top, e.g. "qm3bAADMXdsAAA — P(all off in exactly k rolls)…".
    pub title: String,
    /// The file name proposed, without the extension ("bearoff-difference").
    pub name: String,
    /// Height over width.
    pub aspect: f32,
    /// The drawing, title included.
    pub draw: Drawing,
}

impl Picture {
    /// A picture `aspect` times as high as wide, drawn by `draw`.
    pub fn new(
        title: impl Into<String>,
        name: impl Into<String>,
        aspect: f32,
        draw: impl Fn(&mut egui::Ui) + Send + Sync + 'static,
    ) -> Picture {
        Picture {
            title: title.into(),
            name: name.into(),
            aspect,
            draw: Arc::new(draw),
        }
    }

    /// Its size in pixels at `size`.
    pub fn size_px(&self, size: ExportSize) -> [u32; 2] {
        let w = size.width_px();
        let aspect = if self.aspect.is_finite() && self.aspect > 0.0 {
            self.aspect
        } else {
            0.625
        };
        [w, (w as f32 * aspect).round().max(1.0) as u32]
    }

    /// The file name proposed at `size`: "bearoff-difference-print.png".
    pub fn file_name(&self, size: ExportSize) -> String {
        format!("{}{}.png", self.name, size.suffix())
    }

    /// Drawn at `size` in `style` (the app's look and theme).
    pub fn render(&self, size: ExportSize, style: Arc<egui::Style>) -> Result<ColorImage, String> {
        let draw = Arc::clone(&self.draw);
        render(
            self.size_px(size),
            size.pixels_per_point(),
            style,
            move |ui| draw(ui),
        )
    }
}

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Picture")
            .field("title", &self.title)
            .field("name", &self.name)
            .field("aspect", &self.aspect)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Picture {
    fn eq(&self, other: &Picture) -> bool {
        self.title == other.title
            && self.name == other.name
            && self.aspect == other.aspect
            && Arc::ptr_eq(&self.draw, &other.draw)
    }
}

/// `draw` rendered off-screen into an image of `size_px` pixels at `pixels_per_point`, in
/// `style`: a central panel of `size_px / pixels_per_point` points with the style's margins
/// and fill. Refuses sizes beyond [`MAX_SIDE`] and textures it does not have (a user texture).
pub fn render(
    size_px: [u32; 2],
    pixels_per_point: f32,
    style: Arc<egui::Style>,
    mut draw: impl FnMut(&mut egui::Ui),
) -> Result<ColorImage, String> {
    let [w, h] = size_px;
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "cannot render {w}×{h} pixels: each side must be 1 to {MAX_SIDE}"
        ));
    }
    if !(pixels_per_point.is_finite() && (0.25..=16.0).contains(&pixels_per_point)) {
        return Err(format!(
            "cannot render at {pixels_per_point} pixels per point (0.25 to 16)"
        ));
    }
    let ctx = egui::Context::default();
    ctx.set_theme(egui::Theme::Light);
    ctx.set_style_of(egui::Theme::Light, style);
    ctx.all_styles_mut(|s| s.animation_time = 0.0);
    let points = Vec2::new(w as f32, h as f32) / pixels_per_point;
    let mut input = egui::RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, points)),
        max_texture_side: Some(MAX_SIDE as usize),
        ..Default::default()
    };
    if let Some(v) = input.viewports.get_mut(&egui::ViewportId::ROOT) {
        v.native_pixels_per_point = Some(pixels_per_point);
    }
    let mut textures: HashMap<TextureId, ColorImage> = HashMap::new();
    // Two frames: what egui and egui_plot measure on the first (text widths, axis thickness)
    // is laid out on the second.
    let mut last = None;
    for frame in 0..2 {
        let mut out = ctx.run_ui(input.clone(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| draw(ui));
        });
        let mut delta = std::mem::take(&mut out.textures_delta);
        let applied = delta
            .set
            .iter()
            .flat_map(|(id, ds)| ds.iter().map(move |d| (*id, d)))
            .try_for_each(|(id, d)| set_texture(&mut textures, id, d));
        if frame == 0 {
            for id in &delta.free {
                textures.remove(id);
            }
        }
        delta.clear();
        applied?;
        if frame == 1 {
            last = Some(out);
        }
    }
    let out = last.ok_or("nothing was drawn")?;
    let ppp = out.pixels_per_point;
    let primitives = ctx.tessellate(out.shapes, ppp);
    let fill = ctx.global_style().visuals.panel_fill;
    let mut image = ColorImage::filled([w as usize, h as usize], fill);
    rasterise(&mut image, &primitives, ppp, &textures)?;
    Ok(image)
}

/// Draws tessellated `primitives` (positions in points, `ppp` pixels a point) over `image`,
/// each clipped to its rectangle, with `textures` for the meshes' texture ids.
pub fn rasterise(
    image: &mut ColorImage,
    primitives: &[ClippedPrimitive],
    ppp: f32,
    textures: &HashMap<TextureId, ColorImage>,
) -> Result<(), String> {
    primitives
        .iter()
        .try_for_each(|p| paint(image, p, ppp, textures))
}

/// Applies one texture update: a whole image, or a patch at its position.
fn set_texture(
    textures: &mut HashMap<TextureId, ColorImage>,
    id: TextureId,
    delta: &egui::epaint::ImageDelta,
) -> Result<(), String> {
    let ImageData::Color(patch) = &delta.image;
    let Some([x0, y0]) = delta.pos else {
        textures.insert(id, (**patch).clone());
        return Ok(());
    };
    let Some(t) = textures.get_mut(&id) else {
        return Err(format!("a patch of texture {id:?}, which was never set"));
    };
    let [tw, th] = t.size;
    let [pw, ph] = patch.size;
    for y in 0..ph.min(th.saturating_sub(y0)) {
        let n = pw.min(tw.saturating_sub(x0));
        let dst = (y0 + y) * tw + x0;
        t.pixels[dst..dst + n].copy_from_slice(&patch.pixels[y * pw..y * pw + n]);
    }
    Ok(())
}

/// The texel at `uv` (0–1 across the texture), bilinear, clamped at the edges.
fn sample(t: &ColorImage, uv: Pos2) -> [f32; 4] {
    let [w, h] = t.size;
    let x = (uv.x * w as f32 - 0.5).clamp(0.0, (w - 1) as f32);
    let y = (uv.y * h as f32 - 0.5).clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let px = |x: usize, y: usize| t.pixels[y * w + x].to_array().map(f32::from);
    let (a, b, c, d) = (px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1));
    std::array::from_fn(|i| {
        let top = a[i] + (b[i] - a[i]) * fx;
        let bottom = c[i] + (d[i] - c[i]) * fx;
        top + (bottom - top) * fy
    })
}

/// Draws one primitive's triangles into `image`, clipped to its rectangle.
fn paint(
    image: &mut ColorImage,
    p: &ClippedPrimitive,
    ppp: f32,
    textures: &HashMap<TextureId, ColorImage>,
) -> Result<(), String> {
    let mesh = match &p.primitive {
        Primitive::Mesh(m) => m,
        Primitive::Callback(_) => return Err("a paint callback cannot be drawn off-screen".into()),
    };
    if mesh.indices.is_empty() {
        return Ok(());
    }
    let texture = textures
        .get(&mesh.texture_id)
        .ok_or_else(|| format!("texture {:?} cannot be drawn off-screen", mesh.texture_id))?;
    if texture.size[0] == 0 || texture.size[1] == 0 {
        return Ok(());
    }
    let [w, h] = image.size;
    let clip = [
        (p.clip_rect.min.x * ppp).round().max(0.0) as usize,
        (p.clip_rect.min.y * ppp).round().max(0.0) as usize,
        ((p.clip_rect.max.x * ppp).round().max(0.0) as usize).min(w),
        ((p.clip_rect.max.y * ppp).round().max(0.0) as usize).min(h),
    ];
    for tri in mesh.indices.chunks_exact(3) {
        let v = |i: u32| mesh.vertices.get(i as usize);
        let (Some(a), Some(b), Some(c)) = (v(tri[0]), v(tri[1]), v(tri[2])) else {
            return Err("a mesh indexes a vertex it does not have".into());
        };
        triangle(image, [a, b, c], ppp, clip, texture);
    }
    Ok(())
}

/// Twice the signed area of (a, b, p): which side of a→b the point p is on.
fn edge(a: Pos2, b: Pos2, p: Pos2) -> f32 {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
}

/// Whether a pixel centre exactly on the edge a→b belongs to the triangle: of two triangles
/// sharing the edge (which see it in opposite directions) exactly one takes it, so a shared
/// edge of translucent shapes is not blended twice.
fn owns_edge(a: Pos2, b: Pos2) -> bool {
    let d = b - a;
    d.y > 0.0 || (d.y == 0.0 && d.x < 0.0)
}

/// Rasterises one triangle: the pixels whose centres are inside, within `clip`
/// (`[x0, y0, x1, y1]`, pixels).
fn triangle(
    image: &mut ColorImage,
    [va, vb, vc]: [&Vertex; 3],
    ppp: f32,
    clip: [usize; 4],
    texture: &ColorImage,
) {
    let (mut a, mut b, c) = (va.pos * ppp, vb.pos * ppp, vc.pos * ppp);
    let (mut va, mut vb) = (va, vb);
    let area = edge(a, b, c);
    if !area.is_finite() || area == 0.0 {
        return;
    }
    if area < 0.0 {
        std::mem::swap(&mut a, &mut b);
        std::mem::swap(&mut va, &mut vb);
    }
    let area = area.abs();
    let [cx0, cy0, cx1, cy1] = clip;
    let lo = |v: f32, min: usize| ((v - 0.5).ceil().max(min as f32)) as usize;
    let hi = |v: f32, max: usize| (((v - 0.5).floor() + 1.0).max(0.0) as usize).min(max);
    let (x0, x1) = (
        lo(a.x.min(b.x).min(c.x), cx0),
        hi(a.x.max(b.x).max(c.x), cx1),
    );
    let (y0, y1) = (
        lo(a.y.min(b.y).min(c.y), cy0),
        hi(a.y.max(b.y).max(c.y), cy1),
    );
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let rgba = |v: &Vertex| v.color.to_array().map(f32::from);
    let colours = [rgba(vb), rgba(vc), rgba(va)];
    let flat_colour = va.color == vb.color && vb.color == vc.color;
    let flat_uv = va.uv == vb.uv && vb.uv == vc.uv;
    let texel = sample(texture, va.uv);
    // A flat, opaque fill (backgrounds, frames, bars): the pixels are replaced, not blended.
    let opaque = (flat_colour && flat_uv)
        .then(|| {
            let src: [f32; 4] = std::array::from_fn(|i| colours[0][i] * texel[i] / 255.0);
            let px = src.map(|v| v.round().clamp(0.0, 255.0) as u8);
            (px[3] == 255).then(|| Color32::from_rgba_premultiplied(px[0], px[1], px[2], 255))
        })
        .flatten();
    let owns = [owns_edge(b, c), owns_edge(c, a), owns_edge(a, b)];
    let width = image.size[0];
    for y in y0..y1 {
        let py = y as f32 + 0.5;
        let row = y * width;
        for x in x0..x1 {
            let p = pos2(x as f32 + 0.5, py);
            let ws = [edge(b, c, p), edge(c, a, p), edge(a, b, p)];
            if (0..3).any(|i| ws[i] < 0.0 || (ws[i] == 0.0 && !owns[i])) {
                continue;
            }
            if let Some(px) = opaque {
                image.pixels[row + x] = px;
                continue;
            }
            // ws[0] weighs a (opposite b→c), ws[1] b, ws[2] c.
            let l = ws.map(|w| w / area);
            let colour = if flat_colour {
                colours[0]
            } else {
                std::array::from_fn(|i| {
                    l[0] * colours[2][i] + l[1] * colours[0][i] + l[2] * colours[1][i]
                })
            };
            let t = if flat_uv {
                texel
            } else {
                let uv = pos2(
                    l[0] * va.uv.x + l[1] * vb.uv.x + l[2] * vc.uv.x,
                    l[0] * va.uv.y + l[1] * vb.uv.y + l[2] * vc.uv.y,
                );
                sample(texture, uv)
            };
            let src: [f32; 4] = std::array::from_fn(|i| colour[i] * t[i] / 255.0);
            if src[3] <= 0.0 && src[..3].iter().all(|&s| s <= 0.0) {
                continue;
            }
            let dst = &mut image.pixels[row + x];
            let keep = 1.0 - src[3] / 255.0;
            let d = dst.to_array().map(f32::from);
            let out: [u8; 4] =
                std::array::from_fn(|i| (src[i] + d[i] * keep).round().clamp(0.0, 255.0) as u8);
            *dst = Color32::from_rgba_premultiplied(out[0], out[1], out[2], out[3]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::vec2;

    fn style() -> Arc<egui::Style> {
        Arc::new(egui::Style::default())
    }

    fn at(image: &ColorImage, x: usize, y: usize) -> Color32 {
        image.pixels[y * image.size[0] + x]
    }

    #[test]
    fn a_filled_rect_has_its_colour_and_the_background_elsewhere() {
        let image = render([200, 100], 2.0, style(), |ui| {
            // Points 20–40 across, 10–30 down: pixels 40–80 and 20–60.
            let r = Rect::from_min_max(pos2(20.0, 10.0), pos2(40.0, 30.0));
            ui.painter().rect_filled(r, 0.0, Color32::RED);
        })
        .unwrap();
        assert_eq!(image.size, [200, 100]);
        assert_eq!(at(&image, 60, 40), Color32::RED);
        assert_eq!(at(&image, 41, 21), Color32::RED);
        let fill = egui::Style::default().visuals.panel_fill;
        assert_eq!(at(&image, 10, 10), fill);
        assert_eq!(at(&image, 150, 80), fill);
        assert_eq!(at(&image, 60, 70), fill);
    }

    #[test]
    fn text_draws_within_its_galley() {
        let mut galley_rect = Rect::NOTHING;
        let image = render([400, 100], 1.0, style(), |ui| {
            let r = ui.label(egui::RichText::new("Bear-off 6-5").size(30.0));
            galley_rect = r.rect;
        })
        .unwrap();
        let fill = egui::Style::default().visuals.panel_fill;
        let inside =
            |x: usize, y: usize| galley_rect.expand(1.0).contains(pos2(x as f32, y as f32));
        let mut inked = 0;
        for y in 0..100 {
            for x in 0..400 {
                if at(&image, x, y) != fill {
                    assert!(inside(x, y), "ink at {x},{y} outside {galley_rect:?}");
                    inked += 1;
                }
            }
        }
        assert!(inked > 200, "only {inked} pixels of text");
    }

    #[test]
    fn the_size_is_the_one_asked_for_and_absurd_sizes_are_refused() {
        let image = render([1600, 1000], 2.0, style(), |ui| {
            ui.label("wide");
        })
        .unwrap();
        assert_eq!(image.size, [1600, 1000]);
        assert!(render([9000, 10], 1.0, style(), |_| {}).is_err());
        assert!(render([0, 10], 1.0, style(), |_| {}).is_err());
        assert!(render([10, 10], f32::NAN, style(), |_| {}).is_err());
    }

    #[test]
    fn a_picture_is_as_wide_as_its_export_size() {
        let p = Picture::new("t", "plot", 0.625, |ui| {
            ui.painter().rect_filled(
                Rect::from_min_size(Pos2::ZERO, vec2(10.0, 10.0)),
                0.0,
                Color32::BLUE,
            );
        });
        assert_eq!(p.size_px(ExportSize::Screen), [1600, 1000]);
        assert_eq!(p.size_px(ExportSize::Print), [3200, 2000]);
        assert_eq!(p.file_name(ExportSize::Print), "plot-print.png");
        let t = std::time::Instant::now();
        let image = p.render(ExportSize::Screen, style()).unwrap();
        eprintln!("1600×1000: {:?}", t.elapsed());
        assert_eq!(image.size, [1600, 1000]);
        assert_eq!(at(&image, 5, 5), Color32::BLUE);
    }

    #[test]
    fn a_user_texture_is_refused_with_a_reason() {
        let e = render([50, 50], 1.0, style(), |ui| {
            let r = Rect::from_min_size(Pos2::ZERO, vec2(10.0, 10.0));
            let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
            ui.painter()
                .image(TextureId::User(7), r, uv, Color32::WHITE);
        })
        .unwrap_err();
        assert!(e.contains("texture"), "{e}");
    }
}
