//! The Archive tab: adding (progress, Cancel), the players' table, the chosen player's error
//! rate match by match with its moving average, their errors filtered (a click opens one on
//! the board), and the drill.

use super::{ArchiveAction, ArchiveState, DrillInputs, filtered};
use crate::app::jobs;
use bgw_engine::archive::{Card, ErrorKind, ErrorRow, Graded, TrendPoint, due_words, now};
use bgw_engine::reference::native::WhyGnubg;
use egui_plot::{Line, MarkerShape, Plot, PlotPoints, Points};

/// How many matches the moving average of the error rate spans.
pub const MOVING_AVERAGE: usize = 5;

/// At most this many errors are listed (the worst; the filters narrow them).
const LISTED: usize = 200;

/// The moving average of `rates` over `window` matches (the first ones over what there is).
pub fn moving_average(rates: &[f64], window: usize) -> Vec<f64> {
    let window = window.max(1);
    (0..rates.len())
        .map(|i| {
            let from = (i + 1).saturating_sub(window);
            let part = &rates[from..=i];
            part.iter().sum::<f64>() / part.len() as f64
        })
        .collect()
}

/// Draws the tab; returns the person's actions.
pub fn show(ui: &mut egui::Ui, s: &ArchiveState, inputs: &DrillInputs) -> Vec<ArchiveAction> {
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .id_salt("archive-tab")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            adding(ui, s, &mut out);
            ui.separator();
            players(ui, s, &mut out);
            if let Some(p) = &s.player {
                ui.separator();
                drill(ui, s, inputs, &mut out);
                ui.separator();
                trend(ui, s, p);
                ui.separator();
                errors(ui, s, &mut out);
            }
        });
    out
}

fn adding(ui: &mut egui::Ui, s: &ArchiveState, out: &mut Vec<ArchiveAction>) {
    ui.horizontal_wrapped(|ui| {
        let busy = s.adding().is_some();
        if ui
            .add_enabled(!busy, egui::Button::new("Add match file…"))
            .clicked()
        {
            out.push(ArchiveAction::AddFile);
        }
        if ui
            .add_enabled(!busy, egui::Button::new("Add folder…"))
            .on_hover_text("every .mat, .txt and .sgf file beneath it")
            .clicked()
        {
            out.push(ArchiveAction::AddFolder);
        }
        let mut review = s.review;
        let tick = ui.checkbox(&mut review, "review with gnubg at");
        if tick.changed() {
            out.push(ArchiveAction::SetReview(review));
        }
        ui.add_enabled_ui(s.review, |ui| {
            egui::ComboBox::from_id_salt("archive-plies")
                .selected_text(format!("{}-ply", s.plies))
                .show_ui(ui, |ui| {
                    for p in 0..=2u8 {
                        if ui
                            .selectable_label(s.plies == p, format!("{p}-ply"))
                            .clicked()
                        {
                            out.push(ArchiveAction::SetPlies(p));
                        }
                    }
                })
                .response
                .labelled_by(tick.id)
                .on_hover_text(
                    "The depth of the reviews made when adding (2-ply: gnubg's own default; \
                     0-ply is quick and rough). A match reviewed again deeper keeps both \
                     reviews; the figures, errors and cards use each match's deepest.",
                );
        });
        if ui.button("Refresh").clicked() {
            out.push(ArchiveAction::Refresh);
        }
        if s.busy() {
            ui.spinner();
        }
        let place = s
            .database()
            .map_or_else(|| "no archive".into(), |p| p.display().to_string());
        ui.weak(format!("{place}: {} matches", s.snapshot.matches));
    });
    if let Some(job) = s.adding()
        && jobs::progress_ui(ui, job)
    {
        out.push(ArchiveAction::Cancel);
    }
}

fn rate(r: Option<f64>) -> String {
    r.map_or_else(|| "n/a".into(), |r| format!("{r:.1}"))
}

fn players(ui: &mut egui::Ui, s: &ArchiveState, out: &mut Vec<ArchiveAction>) {
    if s.snapshot.players.is_empty() {
        ui.label("No match in the archive yet: add match files or a folder (bgw archive add does the same).");
        return;
    }
    ui.label("Players (click a name for their errors, the drill, and to merge it into another)");
    // Scrolled sideways rather than cut where the tab is narrow.
    egui::ScrollArea::horizontal()
        .id_salt("archive-players-scroll")
        .show(ui, |ui| players_grid(ui, s, out));
    // The chosen name merged into another person of the list, on a line of its own: a column
    // for it cut the table at 1280×720.
    if let Some(chosen) =
        (s.snapshot.players.iter()).find(|p| s.player.as_deref() == Some(&p.player))
        && s.snapshot.players.len() > 1
    {
        ui.horizontal(|ui| {
            ui.label(format!("{} is the same person as", chosen.player));
            merge_into(ui, s, &chosen.player, out);
        });
    }
    if !s.snapshot.aliases.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.weak("Merged:");
            for (name, person) in &s.snapshot.aliases {
                ui.label(format!("{name} merged into {person}"));
                if ui
                    .small_button("Unmerge")
                    .on_hover_text(format!("{name} is a player of their own again"))
                    .clicked()
                {
                    out.push(ArchiveAction::Unmerge(name.clone()));
                }
            }
        });
    }
}

/// The players' table: one row a person, each rate with its unit in the header.
fn players_grid(ui: &mut egui::Ui, s: &ArchiveState, out: &mut Vec<ArchiveAction>) {
    egui::Grid::new("archive-players")
        .striped(true)
        .num_columns(8)
        .show(ui, |ui| {
            // Each rate's unit in its header: per unforced move, per close cube decision
            // (not the Match tab's total), per roll.
            for (h, about) in [
                (
                    "player",
                    "the name the files give, or the person an alias files it under",
                ),
                ("matches", "matches in the archive"),
                ("reviewed", "matches reviewed by gnubg"),
                (
                    "unforced",
                    "checker plays with a choice, in the reviewed matches",
                ),
                (
                    "errors\nmEMG/move",
                    "checker errors: mEMG lost per unforced move, over the reviewed matches",
                ),
                (
                    "cube mEMG/\nclose decision",
                    "cube errors: mEMG lost per close or actual cube decision (gnubg's cube \
                     error rate), over the reviewed matches; n/a when there was none",
                ),
                ("luck\nmEMG/roll", "gnubg's luck: mEMG per roll (> 0 lucky)"),
                ("first – last", "the first and the last match's day"),
            ] {
                ui.strong(h).on_hover_text(about);
            }
            ui.end_row();
            for p in &s.snapshot.players {
                let chosen = s.player.as_deref() == Some(p.player.as_str());
                if ui.selectable_label(chosen, &p.player).clicked() {
                    out.push(ArchiveAction::SetPlayer(
                        (!chosen).then(|| p.player.clone()),
                    ));
                }
                ui.label(p.matches.to_string());
                ui.label(p.reviewed.to_string());
                ui.label(p.unforced_moves.to_string());
                ui.label(rate(p.error_rate_memg));
                ui.label(rate(p.cube_error_rate_memg));
                ui.label(rate(p.luck_rate_memg));
                ui.label(span(p));
                ui.end_row();
            }
        });
}

/// The control that merges `person` into another person of the list.
fn merge_into(ui: &mut egui::Ui, s: &ArchiveState, person: &str, out: &mut Vec<ArchiveAction>) {
    let response = egui::ComboBox::from_id_salt(("archive-merge", person))
        .selected_text("merge into…")
        .width(120.0)
        .show_ui(ui, |ui| {
            for other in s.snapshot.players.iter().filter(|o| o.player != person) {
                if ui.selectable_label(false, &other.player).clicked() {
                    out.push(ArchiveAction::Merge {
                        from: person.to_string(),
                        into: other.player.clone(),
                    });
                }
            }
        })
        .response;
    // Named for what it does to this row (a screen reader, the tests).
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::ComboBox, true, format!("merge {person} into"))
    });
    response.on_hover_text(format!(
        "{person} is the same person as another row: their matches count as one \
             player's (Unmerge below undoes it; bgw archive alias does the same)"
    ));
}

/// A match's date as the tab shows it: the day, or "date unknown".
pub fn day_text(day: &Option<String>) -> &str {
    day.as_deref().unwrap_or("date unknown")
}

/// A player's first – last match, the matches of unknown date said as such.
pub fn span(p: &bgw_engine::archive::PlayerFigures) -> String {
    match (&p.first, &p.last) {
        (Some(f), Some(l)) if f == l && p.undated == 0 => f.clone(),
        (Some(f), Some(l)) if p.undated == 0 => format!("{f} – {l}"),
        (Some(f), Some(l)) if f == l => format!("{f}, +{} undated", p.undated),
        (Some(f), Some(l)) => format!("{f} – {l}, +{} undated", p.undated),
        _ => "date unknown".into(),
    }
}

fn trend(ui: &mut egui::Ui, s: &ArchiveState, player: &str) {
    let points: Vec<&TrendPoint> = s
        .snapshot
        .trend
        .iter()
        .filter(|t| t.player == player)
        .collect();
    if points.is_empty() {
        ui.weak(format!(
            "{player}: no reviewed match yet for the error rate's trend"
        ));
        return;
    }
    let rates: Vec<f64> = points.iter().map(|t| t.error_rate_memg).collect();
    let average = moving_average(&rates, MOVING_AVERAGE);
    let dots: Vec<[f64; 2]> = (rates.iter().enumerate())
        .map(|(i, r)| [i as f64 + 1.0, *r])
        .collect();
    let line: Vec<[f64; 2]> = (average.iter().enumerate())
        .map(|(i, r)| [i as f64 + 1.0, *r])
        .collect();
    let (first, last) = (
        day_text(&points[0].day),
        day_text(&points[points.len() - 1].day),
    );
    let days = match first == last {
        true => first.to_string(),
        false => format!("{first} – {last}"),
    };
    ui.label(format!(
        "{player}'s error rate match by match ({} match{}, {days}), mEMG a move",
        points.len(),
        if points.len() == 1 { "" } else { "es" },
    ));
    let text = ui.visuals().text_color();
    let red = ui.visuals().error_fg_color;
    let response = Plot::new("archive-trend")
        .height(160.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .include_y(0.0)
        // Room above the highest dot.
        .include_y(1.15 * rates.iter().copied().fold(0.0, f64::max))
        .include_x(0.5)
        .include_x(points.len() as f64 + 0.5)
        .x_axis_label("match, oldest first")
        .show(ui, |p| {
            p.points(
                Points::new("each match", dots)
                    .shape(MarkerShape::Circle)
                    .radius(3.0)
                    .filled(true)
                    .color(red),
            );
            p.line(
                Line::new(
                    format!("moving average of {MOVING_AVERAGE}"),
                    PlotPoints::new(line),
                )
                .color(text),
            );
        });
    // The legend under the plot, off the last matches.
    let average_name = format!("moving average of {MOVING_AVERAGE}");
    crate::app::legend::below(
        ui,
        &[
            (red, "each match", crate::app::legend::Swatch::Circle),
            (text, &average_name, crate::app::legend::Swatch::Line),
        ],
    );
    response.response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Image,
            true,
            format!(
                "error-rate trend of {player}: {} matches, last moving average {:.1}",
                points.len(),
                average.last().copied().unwrap_or(0.0)
            ),
        )
    });
}

fn errors(ui: &mut egui::Ui, s: &ArchiveState, out: &mut Vec<ArchiveAction>) {
    // The list names gnubg's best of every error, the card's among them.
    if let Some(card) = s.drill.unanswered() {
        ui.weak(format!(
            "Errors: hidden while card {card} waits for your answer (the list names the best \
             move of each)"
        ));
        return;
    }
    ui.horizontal_wrapped(|ui| error_filters(ui, s, out));
    let shown: Vec<_> = filtered(&s.snapshot.errors, s.phase, s.kind, s.min_loss_memg).collect();
    ui.weak(format!(
        "{} of {} errors, worst first (mEMG); click one to open it on the board",
        shown.len(),
        s.snapshot.errors.len()
    ));
    // Above the list, which may be long: the error on the board.
    if let Some(e) = s.opened.and_then(|i| s.snapshot.errors.get(i)) {
        ui.label(opened_line(e));
    }
    // The whole row opens the error: each cell is part of one selectable row.
    egui::Grid::new("archive-errors")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for &(i, e) in shown.iter().take(LISTED) {
                error_row(ui, s.opened == Some(i), e, || {
                    out.push(ArchiveAction::OpenError(i))
                });
            }
        });
    if shown.len() > LISTED {
        ui.weak(format!("… and {} more", shown.len() - LISTED));
    }
}

/// The errors' filters: the phase, the kind and the least loss shown.
fn error_filters(ui: &mut egui::Ui, s: &ArchiveState, out: &mut Vec<ArchiveAction>) {
    ui.label("Errors:");
    egui::ComboBox::from_id_salt("archive-phase")
        .selected_text(s.phase.unwrap_or("every phase"))
        .show_ui(ui, |ui| {
            for p in [None, Some("contact"), Some("race"), Some("bearoff")] {
                if ui
                    .selectable_label(s.phase == p, p.unwrap_or("every phase"))
                    .clicked()
                {
                    out.push(ArchiveAction::SetPhase(p));
                }
            }
        })
        .response
        .on_hover_text("Only the errors of one phase: contact, race or bear-off");
    egui::ComboBox::from_id_salt("archive-kind")
        .selected_text(s.kind.map_or("every kind", ErrorKind::name))
        .show_ui(ui, |ui| {
            let kinds = [
                None,
                Some(ErrorKind::Move),
                Some(ErrorKind::Double),
                Some(ErrorKind::Take),
            ];
            for k in kinds {
                if ui
                    .selectable_label(s.kind == k, k.map_or("every kind", ErrorKind::name))
                    .clicked()
                {
                    out.push(ArchiveAction::SetKind(k));
                }
            }
        })
        .response
        .on_hover_text("Only the errors of one kind: a move, a double, a take or drop");
    let l = ui.label("at least");
    let mut least = s.min_loss_memg;
    if ui
        .add(
            egui::DragValue::new(&mut least)
                .range(0.0..=2000.0)
                .speed(1.0)
                .suffix(" mEMG"),
        )
        .labelled_by(l.id)
        .changed()
    {
        out.push(ArchiveAction::SetMinLoss(least));
    }
}

/// One error's row of the list, `chosen` when it is on the board (in the selection's
/// colours); `open` when any of its cells is clicked.
fn error_row(ui: &mut egui::Ui, chosen: bool, e: &ErrorRow, open: impl FnOnce()) {
    let place = format!(
        "{} game {} #{}{}",
        e.error.file,
        e.error.game,
        e.error.number,
        e.file_move
            .map(|m| format!(" (move {m})"))
            .unwrap_or_default()
    );
    let cells = [
        egui::RichText::new(format!("{:>7.1}", 1000.0 * e.error.loss)).monospace(),
        egui::RichText::new(e.mark.replace('_', " ")),
        egui::RichText::new(e.error.kind.name()),
        egui::RichText::new(&e.phase),
        egui::RichText::new(e.error.what_and_right()),
    ];
    // Labels that take a click (not buttons: the drill's answer buttons keep their names to
    // themselves), the opened row in the selection's colours.
    let selection = ui.visuals().selection;
    let mut clicked = false;
    for mut cell in cells {
        if chosen {
            cell = cell
                .color(selection.stroke.color)
                .background_color(selection.bg_fill);
        }
        clicked |= ui
            .add(egui::Label::new(cell).sense(egui::Sense::click()))
            .on_hover_cursor(egui::CursorIcon::PointingHand)
            .on_hover_text(&place)
            .clicked();
    }
    if clicked {
        open();
    }
    ui.end_row();
}

/// What the review said of the error on the board, and the classic program's choice there.
pub fn opened_line(e: &bgw_engine::archive::ErrorRow) -> String {
    let classic = match &e.classic {
        Some((c, _)) if c == &e.error.best => format!("; the classic program chose it too ({c})"),
        Some((c, l)) => format!(
            "; the classic program chose {c}, losing {:.1} mEMG",
            1000.0 * l
        ),
        None => String::new(),
    };
    format!(
        "On the board: {}, game {} #{} — {} ({:.1} mEMG, {}, gnubg at {} ply){classic}",
        e.error.file,
        e.error.game,
        e.error.number,
        e.error.what_and_right(),
        1000.0 * e.error.loss,
        e.mark.replace('_', " "),
        e.error.plies,
    )
}

fn drill(ui: &mut egui::Ui, s: &ArchiveState, inputs: &DrillInputs, out: &mut Vec<ArchiveAction>) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Drill");
        match &s.snapshot.deck {
            Some(d) => ui.label(format!(
                "{} cards, {} due, {} new{}",
                d.cards,
                d.due,
                d.new,
                d.next_due
                    .as_deref()
                    .map(|n| format!("; the next due {}", due_words(n, now())))
                    .unwrap_or_default()
            )),
            None => ui.weak("the player's marked errors as cards"),
        };
        if ui
            .button("Next card")
            .on_hover_text("the card due first onto the board (new errors join the deck)")
            .clicked()
        {
            out.push(ArchiveAction::NextCard);
        }
    });
    let Some(card) = &s.drill.card else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(card.question());
        ui.weak(format!(
            "card {}: {}, game {} #{}",
            card.card, card.error.file, card.error.game, card.error.number
        ));
    });
    let answered = s.drill.graded.is_some();
    ui.horizontal_wrapped(|ui| answers(ui, card, inputs, answered, out));
    if !answered {
        ui.horizontal_wrapped(|ui| {
            ui.weak(
                "gnubg's verdict, the Cube panel's figures and the classic program's choice \
                 stay hidden until you answer",
            );
            if ui
                .small_button("Put the card away")
                .on_hover_text("leave it unanswered (it stays due): the verdicts show again")
                .clicked()
            {
                out.push(ArchiveAction::PutCardAway);
            }
        });
    }
    if let Some(why) = &s.drill.refused {
        ui.colored_label(ui.visuals().warn_fg_color, why);
    }
    if let Some(g) = &s.drill.graded {
        grade(ui, g);
    }
}

/// The answers to drill card `card`, each a button (disabled once `answered`): the cube's
/// actions, or the move on the board and the selected candidate.
fn answers(
    ui: &mut egui::Ui,
    card: &Card,
    inputs: &DrillInputs,
    answered: bool,
    out: &mut Vec<ArchiveAction>,
) {
    match card.cube_answers() {
        Some(answers) => {
            for a in answers {
                if ui.add_enabled(!answered, egui::Button::new(a)).clicked() {
                    out.push(ArchiveAction::Answer(a.to_string()));
                }
            }
        }
        None => {
            let offers = [
                ("the move on the board", inputs.on_board.as_ref()),
                ("the selected candidate", inputs.candidate.as_ref()),
            ];
            for (what, mv) in offers {
                if let Some(mv) = mv
                    && ui
                        .add_enabled(!answered, egui::Button::new(format!("Answer {mv}")))
                        .on_hover_text(format!("answer with {what}"))
                        .clicked()
                {
                    out.push(ArchiveAction::Answer(mv.clone()));
                }
            }
            if inputs.on_board.is_none() && inputs.candidate.is_none() {
                ui.weak("move the checkers on the board, or select a candidate");
            }
        }
    }
}

/// The grade of an answered card: right or what it loses against gnubg's best, the proper
/// cube action, the move in the match and when the card is due again; after a wrong move,
/// gnubg's why and its bars.
fn grade(ui: &mut egui::Ui, g: &Graded) {
    let colour = if g.correct {
        ui.visuals().text_color()
    } else {
        ui.visuals().error_fg_color
    };
    let head = if g.correct {
        format!("Right: {} is gnubg's best.", g.answer)
    } else {
        format!(
            "{} loses {:.1} mEMG; gnubg's best: {}.",
            g.answer, g.loss_memg, g.best
        )
    };
    ui.colored_label(colour, head);
    if let Some(action) = &g.action {
        ui.label(format!("gnubg's proper cube action: {action}."));
    }
    ui.label(format!(
        "In the match: {}, {:.1} mEMG. Graded {}; due again {}.",
        g.played,
        g.played_loss_memg,
        g.rating,
        due_words(&g.due, now())
    ));
    // gnubg's own reason: only here, after the answer (a wrong one).
    if let Some(why) = &g.why_gnubg {
        ui.label(format!("gnubg's why: {}", why.sentence()));
        if let Some(split) = why.split() {
            why_bars(ui, split);
        }
    }
}

/// How many of gnubg's parts the drill's chart draws (the largest).
pub const WHY_BARS: usize = 6;

/// gnubg's split of a wrong move's loss as bars, one a concept (the largest [`WHY_BARS`]):
/// gnubg's 0-ply cubeless equity, from the player's side — left and red what the answer gives
/// up against gnubg's best through that concept, right what it gains. The hover gives each
/// concept's value after both moves in its unit.
fn why_bars(ui: &mut egui::Ui, w: &WhyGnubg) {
    let parts: Vec<_> = w.concepts.iter().take(WHY_BARS).collect();
    let largest = parts.iter().map(|p| p.equity.abs()).fold(0.0, f64::max);
    if parts.is_empty() || largest <= 0.0 {
        return;
    }
    ui.weak(format!(
        "gnubg's parts ({}, 0-ply cubeless equity, your play against its best: {:+.3})",
        w.net, w.total
    ));
    let font = egui::TextStyle::Small.resolve(ui.style());
    let row = font.size + 6.0;
    let width = ui.available_width().min(520.0);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(width, row * parts.len() as f32),
        egui::Sense::hover(),
    );
    let names = width * 0.4;
    // Half the bars' room, less room for the figure beyond a bar's end.
    let half = ((width - names) / 2.0 - 44.0).max(8.0);
    let axis = rect.left() + names + (width - names) / 2.0;
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    let text = visuals.text_color();
    let (loses, gains) = (visuals.error_fg_color, egui::Color32::from_rgb(60, 150, 90));
    painter.vline(
        axis,
        rect.y_range(),
        egui::Stroke::new(1.0, visuals.weak_text_color()),
    );
    for (i, p) in parts.iter().enumerate() {
        let y = rect.top() + row * i as f32;
        let middle = y + row / 2.0;
        painter.text(
            egui::pos2(rect.left(), middle),
            egui::Align2::LEFT_CENTER,
            p.name,
            font.clone(),
            text,
        );
        let length = (p.equity.abs() / largest) as f32 * half;
        let (from, to, colour) = if p.equity < 0.0 {
            (axis - length, axis, loses)
        } else {
            (axis, axis + length, gains)
        };
        let bar = egui::Rect::from_x_y_ranges(from..=to, (y + 3.0)..=(y + row - 3.0));
        painter.rect_filled(bar, 1.0, colour);
        let (at, align) = if p.equity < 0.0 {
            (from - 4.0, egui::Align2::RIGHT_CENTER)
        } else {
            (to + 4.0, egui::Align2::LEFT_CENTER)
        };
        painter.text(
            egui::pos2(at, middle),
            align,
            format!("{:+.3}", p.equity),
            font.clone(),
            text,
        );
    }
    let lines: Vec<String> = parts.iter().map(|p| part_words(p)).collect();
    let words = lines.join("\n");
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::accesskit::Role::Image,
            true,
            format!("gnubg's parts: {}", lines.join("; ")),
        )
    });
    response.on_hover_text(words);
}

/// One part in words: "shots at your blots: yours 11, best 0 of 36, −0.071".
fn part_words(p: &bgw_engine::reference::native::ConceptPart) -> String {
    match (p.played, p.best) {
        (Some(played), Some(best)) => format!(
            "{}: yours {played:.1}, best {best:.1} {}, {:+.3}",
            p.name, p.unit, p.equity
        ),
        _ => format!("{}: {:+.3}", p.name, p.equity),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moving_average_spans_the_last_matches_and_starts_with_what_there_is() {
        let m = moving_average(&[10.0, 20.0, 30.0, 40.0], 3);
        assert_eq!(m, vec![10.0, 15.0, 20.0, 30.0]);
        assert_eq!(moving_average(&[], 5), Vec::<f64>::new());
    }
}
