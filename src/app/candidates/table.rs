//! The candidates table: every legal result of the roll, one row each, drawn with virtualised
//! rows (only the visible rows are laid out, so hundreds of results scroll smoothly).

use super::CandidatesAction;
use crate::app::state::{Action, AppState};
use egui::{Align2, FontId, Sense, Vec2};

/// The colour of the classic program's choice (a darker one on the light theme).
pub fn classic_colour(visuals: &egui::Visuals) -> egui::Color32 {
    if visuals.dark_mode {
        egui::Color32::from_rgb(230, 170, 40)
    } else {
        egui::Color32::from_rgb(170, 90, 0)
    }
}

/// Height of one row in points.
pub const ROW_HEIGHT: f32 = 20.0;

/// Draws the table; returns hover, selection and play actions.
pub fn show(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    let Some(a) = &state.candidates.analysis else {
        ui.heading("Candidates");
        ui.label(state.board_status().0);
        return out;
    };
    ui.heading(format!(
        "Candidates ({}) — {} to play {}",
        a.candidates.len(),
        a.position.on_roll(),
        a.dice
    ));
    ui.label(format!("ranked by BRDVAL with {}", state.weights.title()));
    if a.candidates.is_empty() {
        ui.label("No legal move: the turn passes.");
        return out;
    }
    if let (Some(choice), Some(c)) = (a.choice, a.classic()) {
        ui.label(format!(
            "Classic program ({}): {} — {}",
            choice.phase.name(),
            c.play.mv.notation(),
            choice.reason
        ))
        .on_hover_text(choice.phase.description());
    }
    let font = FontId::monospace(13.0);
    let columns: [(&str, f32, Align2); 5] = [
        ("#", 36.0, Align2::RIGHT_CENTER),
        ("move", 200.0, Align2::LEFT_CENTER),
        ("BRDVAL", 64.0, Align2::RIGHT_CENTER),
        ("Δ", 72.0, Align2::RIGHT_CENTER),
        ("classic", 0.0, Align2::LEFT_CENTER),
    ];
    // Header.
    let (rect, _) =
        ui.allocate_exact_size(Vec2::new(ui.available_width(), ROW_HEIGHT), Sense::hover());
    let names = columns.map(|(name, _, _)| name.to_string());
    let header = ui.visuals().strong_text_color();
    draw_cells(ui.painter(), rect, &columns, names, &font, header);
    ui.separator();

    // Keep the selected row in view when the selection moved by keyboard.
    let memo = ui.scope_id().with("last-selected");
    let last: Option<usize> = ui.data(|d| d.get_temp(memo)).flatten();
    let scroll_to = (last != state.candidates.selected)
        .then_some(state.candidates.selected)
        .flatten();
    ui.data_mut(|d| d.insert_temp(memo, state.candidates.selected));

    let mut hovered_any = None;
    let mut area = egui::ScrollArea::vertical()
        .id_salt("candidates-rows")
        .auto_shrink([false, false]);
    if let Some(i) = scroll_to {
        // Scroll so the row is visible: put it in the middle when far away.
        let h = ROW_HEIGHT + ui.spacing().item_spacing.y;
        let offset = ui
            .data(|d| d.get_temp::<f32>(ui.scope_id().with("cand-offset")))
            .unwrap_or(0.0);
        let view = ui.available_height();
        let top = i as f32 * h;
        if top < offset || top + h > offset + view {
            area = area.vertical_scroll_offset((top - view / 2.0).max(0.0));
        }
    }
    let output = area.show_rows(ui, ROW_HEIGHT, a.candidates.len(), |ui, range| {
        for i in range {
            let row = &a.candidates[i];
            let (rect, resp) =
                ui.allocate_exact_size(Vec2::new(ui.available_width(), ROW_HEIGHT), Sense::click());
            let visuals = ui.visuals();
            if state.candidates.selected == Some(i) {
                ui.painter()
                    .rect_filled(rect, 2.0, visuals.selection.bg_fill);
            } else if resp.hovered() {
                ui.painter()
                    .rect_filled(rect, 2.0, visuals.widgets.hovered.weak_bg_fill);
            } else if i % 2 == 1 {
                ui.painter().rect_filled(rect, 0.0, visuals.faint_bg_color);
            }
            let colour = if state.candidates.selected == Some(i) {
                visuals.selection.stroke.color
            } else if row.classic_choice {
                classic_colour(visuals)
            } else if i == 0 {
                visuals.strong_text_color()
            } else {
                visuals.text_color()
            };
            let classic = if row.classic_choice {
                a.choice
                    .map(|_| "◀ classic".to_string())
                    .unwrap_or_default()
            } else {
                String::new()
            };
            let cells = [
                format!("{}", i + 1),
                row.play.mv.notation(),
                format!("{:+.2}", row.value),
                format!("{:+.2}", row.delta),
                classic,
            ];
            draw_cells(ui.painter(), rect, &columns, cells, &font, colour);
            if resp.hovered() {
                hovered_any = Some(i);
            }
            if resp.double_clicked() {
                out.push(CandidatesAction::Play(i).into());
            } else if resp.clicked() {
                out.push(CandidatesAction::Select(i).into());
            }
        }
    });
    ui.data_mut(|d| {
        d.insert_temp(
            ui.scope_id().with("cand-offset"),
            output.state.clamped_offset().y,
        )
    });
    if hovered_any != state.candidates.hovered {
        out.push(CandidatesAction::Hover(hovered_any).into());
    }
    out
}

/// One row of the table: each text in its column, right-aligned columns flush right.
fn draw_cells(
    painter: &egui::Painter,
    rect: egui::Rect,
    columns: &[(&str, f32, Align2)],
    texts: [String; 5],
    font: &FontId,
    colour: egui::Color32,
) {
    let mut x = rect.left() + 4.0;
    for ((_, width, align), text) in columns.iter().zip(texts) {
        let px = if *align == Align2::RIGHT_CENTER {
            x + width
        } else {
            x + 8.0
        };
        painter.text(
            egui::pos2(px, rect.center().y),
            *align,
            text,
            font.clone(),
            colour,
        );
        x += width;
    }
}
