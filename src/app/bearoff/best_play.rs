//! Best play for the race and dice on the board: the move with the highest exact two-sided
//! chance beside the one-sided move (fewest expected rolls), the seed's heuristic and the
//! classic program's (highest BRDVAL), each with its exact chance and its loss against the
//! best. A race too big to solve exactly (and beyond the loaded database) is judged by the one-
//! sided databases' chance instead, and the panel says so. Hovering a row shows its move on
//! the board as a candidate's (ghosted result, arrows); a click keeps it shown.

use super::state::BearoffAction;
use super::state::BearoffState;
use crate::app::edit::Edit;
use bgw_engine::studies::one_sided_vs_exact::{BestPlay, PlayJudge};
use egui_extras::{Column, TableBuilder};

/// The rules compared, in the table's order: name, what it is, its play's index.
pub fn rows(b: &BestPlay) -> [(&'static str, &'static str, usize); 4] {
    let best = match b.judge {
        PlayJudge::Exact => (
            "two-sided best",
            "The highest exact chance of bearing off first",
            0,
        ),
        PlayJudge::OneSided => (
            "one-sided best",
            "The highest chance by both sides' one-sided distributions taken as independent \
             (an estimate: the race is too big to solve exactly)",
            0,
        ),
    };
    [
        best,
        (
            "one-sided",
            "The fewest expected rolls: what one-sided databases play",
            b.one_sided,
        ),
        (
            "seed's heuristic",
            "The seed's bear-off rule (the classic program without contact)",
            b.heuristic,
        ),
        (
            "classic (BRDVAL)",
            "The classic program's highest BRDVAL (default weights)",
            b.brdval,
        ),
    ]
}

/// The Best play section.
pub fn show(ui: &mut egui::Ui, st: &BearoffState, edit: &Edit) -> Vec<BearoffAction> {
    let mut out = Vec::new();
    let Some(dice) = edit.roll() else {
        ui.label("Set the dice (click them, or roll with R) for best play.");
        return out;
    };
    let Some((b, source)) = judged(ui, st, dice) else {
        return out;
    };
    let on_roll = edit.on_roll;
    ui.label(format!(
        "{on_roll} to play {}: {} distinct plays; chances after the play, {} on roll \
         ({source}). Hover a row to see the move on the board, click to keep it.",
        b.dice,
        b.plays.len(),
        on_roll.opponent(),
    ));
    let hovered = plays_table(ui, st, b, &mut out);
    if hovered != st.hovered_play {
        out.push(BearoffAction::HoverPlay(hovered));
    }
    out
}

/// The best play to show and what judged it (the exact chance's source, or the one-sided
/// estimate when the race is too big to solve); `None`, with a line saying why, while it is
/// worked out or when there is none.
fn judged<'a>(
    ui: &mut egui::Ui,
    st: &'a BearoffState,
    dice: impl std::fmt::Display,
) -> Option<(&'a BestPlay, String)> {
    let two = &st.two_sided;
    match (&two.exact, &two.solving, &two.estimate, &two.estimating) {
        (_, Some(_), _, _) | (_, _, _, Some(_)) => {
            ui.label(format!("Working out best play for {dice}…"));
            None
        }
        (Some(Ok(r)), None, _, _) => match &r.best {
            Some(Ok(b)) => Some((b, r.source.clone())),
            Some(Err(why)) => {
                ui.label(format!("No best play: {why}."));
                None
            }
            None => None,
        },
        (Some(Err(why)), None, Some(Ok(b)), None) => {
            ui.add(
                egui::Label::new(format!(
                    "No exact chance: {why}. Judged instead by the one-sided databases' chance \
                     (both sides' exact one-sided distributions taken as independent): an \
                     estimate."
                ))
                .wrap(),
            );
            Some((b, "one-sided estimate".to_string()))
        }
        (Some(Err(why)), None, Some(Err(also)), None) => {
            ui.label(format!(
                "No best play: {why}; by the one-sided chance: {also}."
            ));
            None
        }
        (Some(Err(why)), None, None, None) => {
            ui.label(format!("No best play by the exact chance: {why}."));
            None
        }
        (None, None, _, _) => None,
    }
}

/// The table's columns: title and what it shows (on hover); the chance is the exact one or
/// the one-sided estimate, as `judge` says.
fn columns(judge: PlayJudge) -> [(&'static str, &'static str); 5] {
    [
        ("rule", "Who chooses the play"),
        ("move", "The play, gnubg notation"),
        match judge {
            PlayJudge::Exact => (
                "exact chance",
                "The mover's exact two-sided chance after the play",
            ),
            PlayJudge::OneSided => (
                "one-sided chance",
                "The mover's chance after the play by the one-sided distributions (an \
                 estimate)",
            ),
        },
        (
            "loss",
            "Chance given up against the best by the same chance",
        ),
        (
            "mean rolls",
            "Expected rolls to bear off after the play (one-sided)",
        ),
    ]
}

/// The rules' plays ([`rows`]) in a table, the one shown on the board highlighted; a click
/// keeps a row's move shown (or lets it go). Returns the row under the pointer.
fn plays_table(
    ui: &mut egui::Ui,
    st: &BearoffState,
    b: &BestPlay,
    out: &mut Vec<BearoffAction>,
) -> Option<usize> {
    let h = ui.text_style_height(&egui::TextStyle::Monospace) + 6.0;
    let shown = st.shown_play();
    let selected = st.selected_play;
    let mut hovered = None;
    TableBuilder::new(ui)
        .id_salt("best-play")
        .striped(true)
        .sense(egui::Sense::click())
        .auto_shrink([false, true])
        .column(Column::initial(130.0).at_least(90.0))
        .column(Column::initial(150.0).at_least(90.0).clip(true))
        .columns(Column::initial(90.0).at_least(60.0), 3)
        .header(h, |mut row| {
            for (head, hint) in columns(b.judge) {
                row.col(|ui| {
                    ui.strong(head).on_hover_text(hint);
                });
            }
        })
        .body(|mut body| {
            for (name, hint, i) in rows(b) {
                let p = &b.plays[i];
                body.row(h, |mut row| {
                    row.set_selected(shown == Some(i));
                    let loss = match i {
                        0 => "—".to_string(),
                        _ => format!("{:.3} pp", b.loss(i) * 100.0),
                    };
                    row.col(|ui| cell(ui, egui::RichText::new(name)));
                    for text in [
                        p.play.clone(),
                        format!("{:.3} %", p.chance * 100.0),
                        loss,
                        format!("{:.3}", p.mean_rolls),
                    ] {
                        row.col(|ui| cell(ui, egui::RichText::new(text).monospace()));
                    }
                    let r = row.response().on_hover_text(hint);
                    if r.hovered() {
                        hovered = Some(i);
                    }
                    if r.clicked() {
                        let next = (selected != Some(i)).then_some(i);
                        out.push(BearoffAction::SelectPlay(next));
                    }
                });
            }
        });
    hovered
}

/// A table cell's text that leaves the pointer to its row (hover and click are the row's).
pub fn cell(ui: &mut egui::Ui, text: egui::RichText) {
    ui.add(egui::Label::new(text).selectable(false));
}
