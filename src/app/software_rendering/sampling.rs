//! Textures sampled at the nearest texel instead of blending four.
//!
//! Everything the workbench draws from a texture lands on it pixel for pixel: egui places text
//! glyphs on the pixel grid at their rasterised size, and the checker sprites
//! ([`super::checker_sprites`]) and the board's painted layer ([`super::board_layer`]) are
//! drawn at their size in pixels on pixel boundaries. Sampled at texel centres, bilinear
//! filtering gives exactly the nearest texel, so the picture is the same; but without a GPU
//! (Mesa's llvmpipe, under X or Xvfb) every pixel's bilinear fetch is work on the CPU, four
//! texels weighed, on every frame. At 1920×1080 nearest sampling takes 8–16 % off a frame
//! (docs/measurements.md).
//!
//! egui's small filled circles are the one exception: it draws them from discs pre-rendered
//! into the font atlas and scaled, which needs filtering, so with the switch on the workbench
//! turns that off ([`tessellation`]) and egui tessellates those circles instead.

use eframe::glow::{self, HasContext as _};
use std::sync::Mutex;

/// Tessellation without egui's pre-rendered discs (see the module's text) when `on` (the
/// switch), with them (egui's own) when off: a GPU user gets egui's circles.
pub fn tessellation(options: &mut egui::epaint::TessellationOptions, on: bool) {
    options.prerasterized_discs = !on;
}

/// What the painter's side of the sampling is: the sampler object made, and the sampling last
/// set (`None`: not yet).
#[derive(Default)]
pub struct Sampling {
    sampler: Option<glow::Sampler>,
    nearest: Option<bool>,
}

impl Sampling {
    /// The sampling last set by [`set_nearest`] (`None`: the painter has not drawn it yet).
    pub fn nearest(&self) -> Option<bool> {
        self.nearest
    }
}

/// With `nearest`, binds a sampler object with nearest filtering to texture unit 0, where
/// egui's painter draws every texture; without, unbinds and deletes it, and each texture is
/// filtered as egui asks. A sampler bound to a unit takes precedence over each texture's own
/// filter settings, and egui's painter binds none of its own. Changes nothing where the
/// OpenGL version has no sampler objects (before OpenGL 3.3 and OpenGL ES 3.0): textures are
/// then filtered as egui asks, which gives the same picture at more cost. Call with `gl`
/// current (egui's painter, in a paint callback).
pub fn set_nearest(gl: &glow::Context, state: &Mutex<Sampling>, nearest: bool) {
    let Ok(mut state) = state.lock() else {
        return;
    };
    state.nearest = Some(nearest);
    let v = gl.version();
    let has_samplers = if v.is_embedded {
        v.major >= 3
    } else {
        (v.major, v.minor) >= (3, 3)
    };
    if !has_samplers {
        return;
    }
    // SAFETY: called from egui's painter with its context current on this thread, with a
    // sampler made here; the calls only set sampler state and texture unit 0's binding.
    unsafe {
        if !nearest {
            gl.bind_sampler(0, None);
            if let Some(s) = state.sampler.take() {
                gl.delete_sampler(s);
            }
            return;
        }
        let s = match state.sampler {
            Some(s) => s,
            None => {
                let Ok(s) = gl.create_sampler() else {
                    return;
                };
                for (parameter, value) in [
                    (glow::TEXTURE_MIN_FILTER, glow::NEAREST),
                    (glow::TEXTURE_MAG_FILTER, glow::NEAREST),
                    (glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE),
                    (glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE),
                ] {
                    gl.sampler_parameter_i32(s, parameter, value as i32);
                }
                state.sampler = Some(s);
                s
            }
        };
        gl.bind_sampler(0, Some(s));
    }
}
