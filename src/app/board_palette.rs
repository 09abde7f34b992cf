//! The board's own colours for the checkers: fill, outline and inner ring. The board draws
//! its checkers from them as egui's circles, and the checker images of the software-rendering
//! speed-ups ([`super::software_rendering::checker_sprites`]) are drawn from them too.

use bgw_engine::core::position::Side;
use egui::Color32;

/// Width of the outline, in points (a stroked circle, or the same in a checker's image).
pub const OUTLINE: f32 = 1.5;
/// The faint inner ring: its radius as a share of the checker's, width in points, opacity.
pub const RING: (f32, f32, f32) = (0.68, 1.0, 0.35);

/// A checker's fill and outline colours.
pub fn checker_colours(side: Side) -> (Color32, Color32) {
    match side {
        Side::White => (
            Color32::from_rgb(244, 238, 222),
            Color32::from_rgb(60, 50, 40),
        ),
        Side::Black => (
            Color32::from_rgb(40, 38, 44),
            Color32::from_rgb(205, 200, 190),
        ),
    }
}

/// The inner ring's colour: the outline's over the fill at the ring's opacity.
pub fn ring_colour(side: Side) -> Color32 {
    let (fill, line) = checker_colours(side);
    let mix = |f: u8, l: u8| (f32::from(f) + (f32::from(l) - f32::from(f)) * RING.2).round() as u8;
    Color32::from_rgb(
        mix(fill.r(), line.r()),
        mix(fill.g(), line.g()),
        mix(fill.b(), line.b()),
    )
}
