//! A plot's legend drawn below it, off the data: egui_plot's own legend sits in a corner of
//! the plot and hides what is there (the match plot's last third, where the match is decided;
//! the error trend's last matches). Each entry is a swatch drawn as the series is — a line
//! or the marker's shape — and its name.

use egui::{Color32, Pos2, Stroke, vec2};

/// How a series is drawn, for its swatch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swatch {
    /// A line.
    Line,
    /// A filled circle.
    Circle,
    /// A filled triangle pointing up.
    Up,
    /// A filled triangle pointing down.
    Down,
    /// A diamond's outline.
    Diamond,
}

/// The legend's entries in a row (wrapped when narrow) under the plot just drawn.
pub fn below(ui: &mut egui::Ui, entries: &[(Color32, &str, Swatch)]) {
    ui.horizontal_wrapped(|ui| {
        for &(colour, name, swatch) in entries {
            entry(ui, colour, name, swatch);
            ui.add_space(8.0);
        }
    });
}

fn entry(ui: &mut egui::Ui, colour: Color32, name: &str, swatch: Swatch) {
    let (rect, _) = ui.allocate_exact_size(vec2(16.0, 12.0), egui::Sense::hover());
    let p = ui.painter();
    let c = rect.center();
    let r = 4.5;
    let triangle = |tip: f32| -> Vec<Pos2> {
        vec![
            c + vec2(0.0, tip * r),
            c + vec2(r, -tip * r * 0.8),
            c + vec2(-r, -tip * r * 0.8),
        ]
    };
    match swatch {
        Swatch::Line => {
            p.line_segment(
                [rect.left_center(), rect.right_center()],
                Stroke::new(2.0, colour),
            );
        }
        Swatch::Circle => {
            p.circle_filled(c, r * 0.8, colour);
        }
        Swatch::Up => {
            p.add(egui::Shape::convex_polygon(
                triangle(-1.0),
                colour,
                Stroke::NONE,
            ));
        }
        Swatch::Down => {
            p.add(egui::Shape::convex_polygon(
                triangle(1.0),
                colour,
                Stroke::NONE,
            ));
        }
        Swatch::Diamond => {
            let d = vec![
                c + vec2(0.0, -r),
                c + vec2(r, 0.0),
                c + vec2(0.0, r),
                c + vec2(-r, 0.0),
            ];
            p.add(egui::Shape::closed_line(d, Stroke::new(1.5, colour)));
        }
    }
    ui.label(name);
}
