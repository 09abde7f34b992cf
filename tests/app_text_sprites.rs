//! Texts drawn from images of whole texts (`app::text_sprites`) give the picture egui's own
//! glyph-by-glyph drawing gives: the workbench's frame of the largest position, drawn both
//! ways and rasterised on the CPU (`app::render::rasterise`), pixel for pixel, at 1 and 1.5
//! pixels a point.

mod ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::frame_cost::frame_cost;
use bgw::app::render::rasterise;
use bgw::app::{
    AppState, CandidatesAction, EditAction, ScriptedDialogs, ScriptedReferee, WorkbenchApp,
};
use egui::epaint::{ClippedPrimitive, Primitive};
use egui::{Color32, ColorImage, TextureId};
use egui_kittest::Harness;
use std::collections::HashMap;

/// The frame of the largest position (White to play 33, 854 results, a candidate selected,
/// gnubg's columns filled) at `ppp` pixels a point in a window of 1280×720 points, with the
/// texts as sprites or not: its picture (the parts drawn from the font atlas and the sprites'
/// atlas; the board's images are the same either way), the renderer's work, and the sprites
/// composed so far.
fn frame(ppp: f32, sprites: bool) -> (ColorImage, bgw::app::frame_cost::FrameCost, u64) {
    let referee = ScriptedReferee::answering(|p| f64::from(p.result.pips().0) / -1000.0);
    let mut state = AppState::default().with_referee(referee);
    let weights = state.weights.current;
    state.weights.yardstick.prepare_now(&weights);
    state.apply(EditAction::Paste("/wAAADAMKuoqAA".into()));
    state.apply(EditAction::SetDie(0, 3));
    state.apply(EditAction::SetDie(1, 3));
    state.apply(CandidatesAction::Select(2));
    let mut app = WorkbenchApp::new(state, Box::new(ScriptedDialogs::default()));
    app.set_text_sprites(sprites);
    let (w, h) = (1280.0, 720.0);
    let mut harness = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(w, h))
        .with_pixels_per_point(ppp)
        .build_ui_state(|ui, app: &mut WorkbenchApp| app.show(ui), app);
    harness.run();
    harness
        .ctx
        .global_style_mut(|s| s.visuals.panel_fill = Color32::TRANSPARENT);
    harness.run();
    let primitives = harness.ctx.tessellate(harness.output().shapes.clone(), ppp);
    let cost = frame_cost(&primitives);
    let mut textures = HashMap::new();
    textures.insert(TextureId::default(), harness.ctx.fonts(|f| f.image()));
    let sprites = harness.state().text_sprites();
    if let Some((id, image)) = sprites.atlas() {
        textures.insert(id, image.clone());
    }
    let composed = sprites.composed();
    let drawn: Vec<ClippedPrimitive> = primitives
        .into_iter()
        .filter(
            |p| matches!(&p.primitive, Primitive::Mesh(m) if textures.contains_key(&m.texture_id)),
        )
        .collect();
    let size = [(w * ppp) as usize, (h * ppp) as usize];
    let mut image = ColorImage::filled(size, Color32::from_gray(27));
    rasterise(&mut image, &drawn, ppp, &textures).expect("every texture is known");
    (image, cost, composed)
}

fn same_picture(ppp: f32) {
    let (with, cost_with, composed) = frame(ppp, true);
    let (without, cost_without, none) = frame(ppp, false);
    assert_eq!(none, 0, "sprites off, none is composed");
    assert!(composed > 100, "{composed} sprites composed");
    eprintln!(
        "{ppp} pixels a point: {} triangles and {} draw calls with sprites ({composed} \
         composed), {} and {} without; {:.2} and {:.2} M pixels shaded",
        cost_with.triangles,
        cost_with.draw_calls,
        cost_without.triangles,
        cost_without.draw_calls,
        cost_with.shaded as f64 / 1e6,
        cost_without.shaded as f64 / 1e6
    );
    assert!(
        cost_with.triangles * 2 < cost_without.triangles,
        "{} triangles with sprites, {} without",
        cost_with.triangles,
        cost_without.triangles
    );
    // The same pixels, but for rounding where two glyphs' images overlap (composed in 8 bits
    // before they are laid over the frame instead of after): at most one level in a channel.
    let mut differ = 0;
    let mut worst = 0;
    for (a, b) in with.pixels.iter().zip(&without.pixels) {
        let d = a
            .to_array()
            .iter()
            .zip(b.to_array())
            .map(|(x, y)| x.abs_diff(y))
            .max()
            .unwrap_or(0);
        worst = worst.max(d);
        differ += usize::from(d > 0);
    }
    assert!(
        worst <= 1,
        "a pixel differs by {worst} levels ({differ} pixels differ)"
    );
    // Not a blank picture: text was drawn in both.
    let lit = without
        .pixels
        .iter()
        .filter(|p| **p != Color32::from_gray(27))
        .count();
    assert!(lit > 20_000, "{lit} pixels drawn");
}

#[test]
fn the_frame_drawn_from_text_sprites_is_the_frame_egui_draws() {
    same_picture(1.0);
}

#[test]
fn at_one_and_a_half_pixels_a_point_too() {
    same_picture(1.5);
}
