//! Speed-ups for drawing without a GPU, behind one switch ([`SoftwareRendering`]).
//!
//! Under Mesa's software renderers (llvmpipe, softpipe, swrast: a machine or a virtual display
//! without a GPU, Xvfb) every triangle and every pixel of a frame is drawn by the CPU, on every
//! frame. What is here makes that cheaper and draws the same picture; with a GPU it buys
//! nothing, so it is off unless the renderer is a software one or the person turns it on
//! (View → Speed-ups for software rendering):
//!
//! - [`text_sprites`]: each text drawn from an image of the whole text, not a rectangle a glyph;
//! - [`hairlines`]: one-pixel lines and square rectangles as flat rectangles, not feathered;
//! - [`board_layer`]: the board's frame, field and points drawn once into an image;
//! - [`checker_sprites`]: a checker as an image, not a tessellated circle;
//! - [`sampling`]: textures sampled at the nearest texel (and egui's small circles tessellated,
//!   not scaled from pre-rendered discs);
//! - no fade at a scroll area's edges ([`egui_settings`]);
//! - `heap`: the allocator keeps freed memory for the next frame.
//!
//! And what measures them: [`frame_cost`] (a frame's triangles, pixels shaded, draw calls) and
//! [`timing`] (frame times on stderr with `BGW_TIMING`, switch on or off).
//!
//! The app calls [`SoftwareRendering::start`] once with eframe's OpenGL context,
//! [`SoftwareRendering::before_frame`] before a frame's UI and
//! [`SoftwareRendering::after_frame`] after it; the board asks [`on`].

pub mod board_layer;
pub mod checker_sprites;
pub mod frame_cost;
pub mod hairlines;
mod heap;
pub mod sampling;
pub mod text_sprites;
pub mod timing;

use std::sync::{Arc, Mutex};

/// The switch and the state of the speed-ups: on when the renderer is a software one or the
/// person asks for them; tests set it either way ([`SoftwareRendering::force`]).
#[derive(Default)]
pub struct SoftwareRendering {
    /// The OpenGL renderer's name, when the app runs on eframe's OpenGL painter.
    renderer: Option<String>,
    /// Set by tests: on or off whatever the renderer and the settings say.
    forced: Option<bool>,
    /// This frame's switch.
    on: bool,
    /// The frame's switch last seen (`None`: before the first frame).
    last: Option<bool>,
    /// The painter's sampling (set by it, in a paint callback).
    sampling: Arc<Mutex<sampling::Sampling>>,
    /// The allocator told to keep freed memory (it stays so).
    heap_kept: bool,
    /// The frame's texts as images.
    text_sprites: text_sprites::TextSprites,
}

/// Where the frame's switch is kept in egui's memory, for [`on`].
fn switch_id() -> egui::Id {
    egui::Id::unique("software rendering switch")
}

/// True when `renderer` (OpenGL's `GL_RENDERER`) names one of Mesa's software renderers.
pub fn is_software(renderer: &str) -> bool {
    let r = renderer.to_ascii_lowercase();
    ["llvmpipe", "softpipe", "swrast"]
        .iter()
        .any(|s| r.contains(s))
}

/// Whether the speed-ups are on this frame (the board reads it; false before the first frame
/// and for a context the app does not draw, such as an export's).
pub fn on(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(switch_id())).unwrap_or(false)
}

/// What the View menu says of the switch: the software renderer found at start-up, if any.
pub fn software_renderer(ctx: &egui::Context) -> Option<String> {
    ctx.data(|d| d.get_temp::<Option<String>>(switch_id().with("renderer")))
        .flatten()
}

impl SoftwareRendering {
    /// Reads the renderer's name from eframe's OpenGL context (the app's creation); `None`
    /// (another painter) leaves the switch to the settings.
    pub fn start(&mut self, gl: Option<&eframe::glow::Context>) {
        use eframe::glow::HasContext as _;
        self.renderer = gl.map(|gl| {
            // SAFETY: called with eframe's context current on this thread (the app's
            // creation); reading a string parameter changes no state.
            unsafe { gl.get_parameter_string(eframe::glow::RENDERER) }
        });
    }

    /// The renderer's name read at start-up.
    pub fn renderer(&self) -> Option<&str> {
        self.renderer.as_deref()
    }

    /// On or off whatever the renderer and the settings say (tests); `None` gives the switch
    /// back to them.
    pub fn force(&mut self, on: Option<bool>) {
        self.forced = on;
    }

    /// Whether the speed-ups are on this frame.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The textures' sampling as eframe's painter last set it: nearest or not, `None` before
    /// it has drawn a frame or without it (tests).
    pub fn nearest_sampling(&self) -> Option<bool> {
        self.sampling.lock().ok().and_then(|s| s.nearest())
    }

    /// The frame's texts as images (tests draw a frame from the atlas).
    pub fn text_sprites(&self) -> &text_sprites::TextSprites {
        &self.text_sprites
    }

    /// Call before the frame's UI: sets the switch for the frame (on with a software renderer
    /// or when `asked` by the settings), egui's renderer-specific settings with it
    /// ([`egui_settings`]) and, on eframe's painter, the textures' sampling.
    pub fn before_frame(&mut self, ctx: &egui::Context, asked: bool) {
        let software = self.renderer.as_deref().filter(|r| is_software(r));
        let on = self.forced.unwrap_or(software.is_some() || asked);
        let changed = self.last != Some(on);
        self.on = on;
        self.last = Some(on);
        ctx.data_mut(|d| {
            d.insert_temp(switch_id(), on);
            d.insert_temp(switch_id().with("renderer"), software.map(str::to_owned));
        });
        if changed {
            egui_settings(ctx, on);
            self.text_sprites.set_on(on);
        }
        if on && self.renderer.is_some() && !self.heap_kept {
            heap::keep_freed_memory();
            self.heap_kept = true;
        }
        let set = self.sampling.lock().ok().and_then(|s| s.nearest());
        if self.renderer.is_some() && set != Some(on) {
            // Set by egui's painter, with its context current, before it draws anything of the
            // frame; asked again on every frame until it has been (a frame of a window not yet
            // shown is not painted).
            let sampling = Arc::clone(&self.sampling);
            let callback = eframe::egui_glow::CallbackFn::new(move |_, painter| {
                sampling::set_nearest(painter.gl(), &sampling, on);
            });
            ctx.layer_painter(egui::LayerId::background())
                .add(egui::PaintCallback {
                    rect: ctx.content_rect(),
                    callback: Arc::new(callback),
                });
        }
    }

    /// Call after the frame's UI, once its last shape is added: with the switch on, flattens
    /// its hairlines and draws its texts from images.
    pub fn after_frame(&mut self, ctx: &egui::Context) {
        if self.on {
            hairlines::flatten_hairlines(ctx);
            self.text_sprites.apply(ctx);
        }
    }
}

/// egui's settings that exist only for a software renderer, on with the switch and egui's own
/// without it (a GPU user gets egui as it is): small filled circles tessellated, not scaled
/// from pre-rendered discs ([`sampling::tessellation`]: nearest sampling would show the discs
/// blocky), and no fade at a scroll area's edges (half the panel's colour over the last 20
/// points of a list that scrolls on: a gradient across the whole width of the candidates and
/// of the weights, which without a GPU costs its area on every frame, 0.05 M pixels shaded at
/// 1920×1080; the scroll bars say there is more).
pub fn egui_settings(ctx: &egui::Context, on: bool) {
    ctx.tessellation_options_mut(|o| sampling::tessellation(o, on));
    let strength = match on {
        true => 0.0,
        false => egui::style::ScrollFadeStyle::default().strength,
    };
    ctx.all_styles_mut(|s| s.spacing.scroll.fade.strength = strength);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the renderer-specific settings are in `ctx`: pre-rendered discs, the scroll fade.
    fn settings(ctx: &egui::Context) -> (bool, f32) {
        let discs = ctx.tessellation_options(|o| o.prerasterized_discs);
        (discs, ctx.global_style().spacing.scroll.fade.strength)
    }

    #[test]
    fn under_a_gpu_renderer_no_software_setting_applies() {
        let egui_own = settings(&egui::Context::default());
        assert_eq!(egui_own, (true, 0.5), "egui's defaults");
        let gpu = egui::Context::default();
        let mut rendering = SoftwareRendering {
            renderer: Some("NVIDIA GeForce RTX 3060/PCIe/SSE2".into()),
            ..SoftwareRendering::default()
        };
        rendering.before_frame(&gpu, false);
        assert!(!rendering.is_on());
        assert_eq!(settings(&gpu), egui_own, "a GPU user gets egui's own");
        // With the switch on (a software renderer, or asked) both apply, and go again with it.
        let software = egui::Context::default();
        let mut rendering = SoftwareRendering::default();
        rendering.force(Some(true));
        rendering.before_frame(&software, false);
        assert_eq!(settings(&software), (false, 0.0));
        rendering.force(Some(false));
        rendering.before_frame(&software, false);
        assert_eq!(settings(&software), egui_own);
    }

    #[test]
    fn mesas_software_renderers_are_known_by_name() {
        assert!(is_software("llvmpipe (LLVM 19.1.7, 256 bits)"));
        assert!(is_software("softpipe"));
        assert!(is_software("Mesa DRI swrast"));
        assert!(!is_software("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
        assert!(!is_software("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
    }
}
