//! Replay mode's panel: the article's game on the board, the exact verdicts and the program's
//! reply and trace beside the printed ones, the record to step through.

use super::board::{self, BoardGeometry, BoardView};
use super::replay::Replay;
use super::state::{ChampionAction, ChampionState};
use super::widgets::{cell_size, solving_line, verdict, verdict_colour};
use bgw_engine::champion::match_play::ReplayStep;
use bgw_engine::champion::solver::Move;
use bgw_engine::champion::{Listing, Side, Variant};
use egui::{Key, Modifiers, RichText};

/// Draws replay mode; returns the person's actions.
pub fn show(
    ui: &mut egui::Ui,
    s: &ChampionState,
    geometry: &mut Option<BoardGeometry>,
) -> Vec<ChampionAction> {
    let mut out = Vec::new();
    let r = &s.replay;
    let n = r.steps.as_ref().map_or(0, Vec::len);
    ui.horizontal(|ui| stepper(ui, r, n, &mut out));
    ui.separator();
    let pos = r.position();
    let last = r.last_moves();
    let step = r.steps.as_ref().and_then(|v| v.get(r.step.wrapping_sub(1)));
    ui.horizontal_top(|ui| {
        let cell = cell_size(ui, 9, 0.40);
        let no_targets = |_: u8| Vec::new();
        let view = BoardView {
            variant: pos.variant,
            wolves: pos.wolves,
            goat: pos.goat,
            picked: None,
            targets: &no_targets,
            last: &last,
            draggable: false,
        };
        board::show(ui, &view, cell, geometry);
        ui.vertical(|ui| {
            ui.set_width((ui.available_width() * 0.5).clamp(320.0, 520.0));
            solving_line(ui, s, Variant::NINE_FOUR);
            if let Some(e) = &r.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            if let Some(steps) = &r.steps {
                match step {
                    Some(st) => verdicts(ui, r.step, st, r.listing),
                    None => {
                        ui.label(RichText::new("Before the first printed move").strong());
                        ui.label(format!("{pos}. Press Next > (or the right arrow key)."));
                    }
                }
                if let Some(sol) = s.solutions.get(Variant::NINE_FOUR) {
                    let v = sol.value(&pos);
                    ui.label(format!(
                        "The board now ({} to move): {}",
                        pos.to_move,
                        verdict(pos.to_move, v)
                    ));
                }
                ui.add_space(6.0);
                ui.label(RichText::new("The game as printed").strong());
                record(ui, steps, r.step, &mut out);
            }
        });
        ui.separator();
        ui.vertical(|ui| {
            if let Some(st) = step {
                ui.label(
                    RichText::new(format!("The program's decision at step {}", r.step)).strong(),
                );
                egui::ScrollArea::vertical()
                    .id_salt("champion-replay-trace")
                    .auto_shrink([false, true])
                    .show(ui, |ui| super::trace::show(ui, &st.trace));
            }
        });
    });
    out
}

/// The replay's stepping line: first, back, the step of `n`, next, last (the arrow keys too),
/// and which listing's replies the program makes.
fn stepper(ui: &mut egui::Ui, r: &Replay, n: usize, out: &mut Vec<ChampionAction>) {
    let go = |ui: &mut egui::Ui, enabled: bool, text: &str, to: usize| {
        ui.add_enabled(enabled, egui::Button::new(text))
            .clicked()
            .then_some(ChampionAction::ReplayStep(to))
    };
    let back = r.step > 0;
    let fwd = r.step < n;
    out.extend(go(ui, back, "<< First", 0));
    out.extend(go(ui, back, "< Back", r.step.saturating_sub(1)));
    ui.label(RichText::new(format!("Step {} of {n}", r.step)).strong());
    out.extend(go(ui, fwd, "Next >", r.step + 1));
    out.extend(go(ui, fwd, "Last >>", n));
    ui.separator();
    ui.label("Program's replies by the listing:");
    for (l, name) in [
        (Listing::Main, "main"),
        (Listing::Alternative, "alternative"),
    ] {
        if ui.selectable_label(r.listing == l, name).clicked() && r.listing != l {
            out.push(ChampionAction::ReplayListing(l));
        }
    }
    if crate::app::look::shortcuts_free(ui.ctx()) {
        ui.input_mut(|i| {
            if fwd && i.consume_key(Modifiers::NONE, Key::ArrowRight) {
                out.push(ChampionAction::ReplayStep(r.step + 1));
            }
            if back && i.consume_key(Modifiers::NONE, Key::ArrowLeft) {
                out.push(ChampionAction::ReplayStep(r.step - 1));
            }
        });
    }
}

/// The step's moves and what the solution says of them, in the article's terms.
fn verdicts(ui: &mut egui::Ui, k: usize, st: &ReplayStep, listing: Listing) {
    let Move::Wolf(m) = st.wolf.mv else {
        return;
    };
    let printed = format!("{m} ({})", st.printed_reply);
    ui.label(
        RichText::new(format!("Step {k}: {printed}"))
            .strong()
            .size(16.0),
    );
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("The person's {m}:"));
        ui.colored_label(
            verdict_colour(ui, st.wolf.value),
            verdict(Side::Wolves, st.wolf.value),
        );
    });
    if st.wolf.blunder {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("{m} was the person's error: the wolves had a win and threw it away."),
        );
    }
    let reply = st.reply_value();
    if let Some(rv) = reply {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("The goat's printed reply ({}):", st.printed_reply));
            ui.colored_label(verdict_colour(ui, rv.value), verdict(Side::Goat, rv.value));
        });
        let held: Vec<String> = st
            .goat_moves
            .iter()
            .filter(|g| g.value.is_win())
            .filter_map(|g| match g.mv {
                Move::Goat(sq) => Some(sq.to_string()),
                Move::Wolf(_) => None,
            })
            .collect();
        if rv.blunder {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!(
                    "{printed} was the goat's losing reply; {} held.",
                    held.join(" or ")
                ),
            );
        } else if !rv.value.is_win() {
            ui.label("The goat was lost whatever it played.");
        }
    }
    let name = match listing {
        Listing::Main => "main",
        Listing::Alternative => "alternative",
    };
    match st.program_reply {
        Some(sq) if sq == st.printed_reply => {
            ui.label(format!(
                "The reconstructed program ({name} listing) replies {sq}, as printed."
            ));
        }
        Some(sq) => {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "The reconstructed program ({name} listing) replies {sq}; the page printed {}.",
                    st.printed_reply
                ),
            );
        }
        None => {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("The {name} listing resigns (shows 0) here."),
            );
        }
    }
    ui.add_space(4.0);
    ui.label("Every goat move after the wolf move:");
    egui::Grid::new("champion-replay-goat")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for g in &st.goat_moves {
                let Move::Goat(sq) = g.mv else { continue };
                let mut name = format!("goat to {sq}");
                if sq == st.printed_reply {
                    name.push_str(" (printed)");
                }
                ui.monospace(name);
                ui.colored_label(verdict_colour(ui, g.value), verdict(Side::Goat, g.value));
                ui.end_row();
            }
        });
}

/// The printed game, one button per exchange.
fn record(ui: &mut egui::Ui, steps: &[ReplayStep], now: usize, out: &mut Vec<ChampionAction>) {
    ui.horizontal_wrapped(|ui| {
        for (i, st) in steps.iter().enumerate() {
            let Move::Wolf(m) = st.wolf.mv else { continue };
            let mut text = RichText::new(format!("{m} ({})", st.printed_reply)).monospace();
            let bad = st.wolf.blunder || st.reply_value().is_some_and(|r| r.blunder);
            if bad && now != i + 1 {
                text = text.color(ui.visuals().error_fg_color);
            }
            if ui
                .selectable_label(now == i + 1, text)
                .on_hover_text(format!("Go to step {}", i + 1))
                .clicked()
            {
                out.push(ChampionAction::ReplayStep(i + 1));
            }
        }
    });
    ui.weak("Red: a move that threw a win away.");
}
