//! The Match tab's panel: the match's line with Open, Review (and its progress with Cancel),
//! the filters and each player's figures; the games beside the decisions (number, player,
//! roll, the move played, gnubg's best, the loss and gnubg's mark, the classic's choice and
//! its loss). A click or the arrow keys (← →) step through the decisions; the games list
//! goes to a game's first decision.

use super::{MatchAction, MatchReviewState};
use crate::app::jobs::progress_ui;
use bgw_engine::archive::{ErrorKind, right_cube_answer};
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::matches::{Decision, DecisionKind};
use bgw_engine::reference::LuckMark;
use bgw_engine::review::{Mark, PlayerSummary, Verdict};
use egui::RichText;
use egui_extras::{Column, TableBuilder};

/// A row's height.
const ROW_HEIGHT: f32 = 18.0;

/// Draws the tab; `weights` are those the classic's choices are made with.
pub fn show(ui: &mut egui::Ui, s: &MatchReviewState, weights: &Weights) -> Vec<MatchAction> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| match_line(ui, s, &mut out));
    let Some(l) = &s.loaded else {
        ui.label(
            "The games of a match file stepped through: the board shows each decision's \
             position with its score and cube, the candidates panel ranks it with the move \
             played and gnubg's best marked, and a review by gnubg (at the match score, as its \
             own \"analyse match\") gives every decision's loss and mark, each player's error \
             rate and the classic program's on the same decisions.",
        );
        return out;
    };
    ui.horizontal_wrapped(|ui| {
        review_controls(ui, s, l, weights, &mut out);
        ui.separator();
        games(ui, s, &mut out);
        filters(ui, s, l, &mut out);
        if l.summary.is_some() {
            ui.separator();
            window_toggles(ui, s, &mut out);
        }
    });
    if let Some(job) = s.job()
        && progress_ui(ui, job)
    {
        out.push(MatchAction::Cancel);
    }
    if let Some(summary) = &l.summary {
        summary_grid(ui, summary);
        statistics_window(ui, s, summary, &l.block, &mut out);
        super::plot::window(ui, s, l, &mut out);
    }
    why_line(ui, s);
    if let Some(line) = l.coverage().not_judged_line() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("{line}: the figures leave them out"),
        );
    }
    ui.separator();
    egui::ScrollArea::horizontal()
        .id_salt("match-decisions-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| decisions(ui, s, &mut out));
    out
}

/// The match's line: Open, and with a match open, Close and what the match is (its file,
/// players, length, games and final score).
fn match_line(ui: &mut egui::Ui, s: &MatchReviewState, out: &mut Vec<MatchAction>) {
    if ui
        .button("Open match…")
        .on_hover_text(
            "Open a match file: Jellyfish MAT (.mat, .txt, as gnubg, XG, BGBlitz and the \
             play sites write it) or gnubg's SGF. A file dropped on the window or a whole \
             match pasted (Ctrl+V) opens too.",
        )
        .clicked()
    {
        out.push(MatchAction::Open);
    }
    let Some(l) = &s.loaded else {
        ui.label("No match open.");
        return;
    };
    if ui.button("Close").clicked() {
        out.push(MatchAction::Close);
    }
    let m = &l.game;
    let length = match m.match_length {
        0 => "money session".to_string(),
        n => format!("{n}-point match"),
    };
    let score = m.final_score();
    ui.strong(format!(
        "{}: {} vs {}, {length}, {} games, final score {}–{}",
        l.name,
        m.players[0],
        m.players[1],
        m.games.len(),
        score[0],
        score[1]
    ));
}

/// gnubg's plies, and (no review running) Review or Review again with how far the last review
/// went.
fn review_controls(
    ui: &mut egui::Ui,
    s: &MatchReviewState,
    l: &super::LoadedMatch,
    weights: &Weights,
    out: &mut Vec<MatchAction>,
) {
    ui.label("gnubg at");
    for p in 0..=2u8 {
        if ui
            .selectable_label(s.plies == p, format!("{p} ply"))
            .clicked()
        {
            out.push(MatchAction::SetPlies(p));
        }
    }
    if s.job().is_some() {
        return;
    }
    let (done, all) = l.reviewed();
    let label = match (done, l.plies) {
        (0, _) => "Review".to_string(),
        (_, Some(p)) if p == s.plies && done == all => "Review again".to_string(),
        _ => "Review".to_string(),
    };
    if ui
        .button(label)
        .on_hover_text(
            "gnubg judges every decision at its own match state (cubeful, as its \
             \"analyse match\"), a gnubg process a core; answers are kept, so a second \
             review asks only what is new",
        )
        .clicked()
    {
        out.push(MatchAction::Review(*weights));
    }
    if let Some(p) = l.plies {
        ui.label(format!("reviewed at {p} ply: {done} of {all} decisions"));
    }
}

/// The list's filters: errors only, and whose decisions (both players' or one's).
fn filters(
    ui: &mut egui::Ui,
    s: &MatchReviewState,
    l: &super::LoadedMatch,
    out: &mut Vec<MatchAction>,
) {
    let mut errors = s.filter.errors_only;
    if ui
        .checkbox(&mut errors, "errors only")
        .on_hover_text("Only the decisions gnubg marks doubtful, bad or very bad")
        .changed()
    {
        out.push(MatchAction::ErrorsOnly(errors));
    }
    for (p, name) in [
        (None, "both"),
        (Some(0), &*l.game.players[0]),
        (Some(1), &*l.game.players[1]),
    ] {
        if ui.selectable_label(s.filter.player == p, name).clicked() {
            out.push(MatchAction::Player(p));
        }
    }
}

/// The Statistics and Plot toggles of a reviewed match's windows.
fn window_toggles(ui: &mut egui::Ui, s: &MatchReviewState, out: &mut Vec<MatchAction>) {
    if ui
        .selectable_label(s.statistics_open, "Statistics")
        .on_hover_text(
            "gnubg's whole statistics block (its \"show statistics match\"): chequer \
             play, luck, cube, overall, ratings — in a window",
        )
        .clicked()
    {
        out.push(MatchAction::ShowStatistics(!s.statistics_open));
    }
    if ui
        .selectable_label(s.plot_open, "Plot")
        .on_hover_text(
            "The match plot: the first player's match-winning chance after each move, \
             gnubg's errors and the lucky and unlucky rolls marked — in a window",
        )
        .clicked()
    {
        out.push(MatchAction::ShowPlot(!s.plot_open));
    }
}

/// Each player's figures in a small table, as gnubg's match statistics give them.
fn summary_grid(ui: &mut egui::Ui, summary: &[PlayerSummary; 2]) {
    let doubtful = format!("doubtful: lost more than {}", Mark::DOUBTFUL_ABOVE);
    let bad = format!("bad: lost more than {}", Mark::BAD_ABOVE);
    let very_bad = format!("very bad: lost more than {}", Mark::VERY_BAD_ABOVE);
    let heads: [(&str, &str); _] = [
        ("player", "who"),
        (
            "unforced",
            "checker plays with a choice (gnubg counts only those)",
        ),
        (
            "error rate\nmEMG/move",
            "mEMG lost per unforced move, as gnubg prints it",
        ),
        ("?!", &doubtful),
        ("?", &bad),
        ("??", &very_bad),
        (
            "cube errors\nmEMG total (n)",
            "mEMG lost on cube decisions in all — a total, not a rate (the sum of gnubg's \
             categories: missed doubles, wrong doubles, takes and drops) — and in brackets over \
             how many cube decisions",
        ),
        (
            "luck\nmEMG/roll",
            "mEMG of luck a roll, as gnubg's luck analysis gives it (> 0 lucky); its rating on \
             hover",
        ),
        ("rating", "gnubg's overall rating of the player's errors"),
    ];
    egui::Grid::new("match-summary")
        .striped(false)
        .spacing(egui::vec2(6.0, 0.0))
        .show(ui, |ui| {
            for (h, about) in heads {
                ui.strong(h).on_hover_text(about);
            }
            ui.end_row();
            for p in summary {
                let cells = [
                    p.name.clone(),
                    p.unforced_moves.to_string(),
                    format!("{:.1}", p.error_rate_memg),
                    p.doubtful.to_string(),
                    p.bad.to_string(),
                    p.very_bad.to_string(),
                    format!("{:.1} ({})", p.cube_error_emg * 1000.0, p.cube_decisions),
                ];
                for c in cells {
                    ui.label(RichText::new(c).monospace());
                }
                let s = &p.statistics;
                let luck = s
                    .luck_rate_memg
                    .map_or("n/a".to_string(), |r| format!("{r:+.1}"));
                ui.label(RichText::new(luck).monospace())
                    .on_hover_text(format!("gnubg's luck rating: {}", s.ratings.luck));
                ui.label(&s.ratings.overall);
                ui.end_row();
            }
        });
    classic_line(ui, summary);
}

/// The classic program's figures on the same decisions, one line under gnubg's (a line, not
/// two more columns: at 1280×720 the candidates under the board keep the width their table
/// needs).
fn classic_line(ui: &mut egui::Ui, summary: &[PlayerSummary; 2]) {
    let each: Vec<String> = summary
        .iter()
        .map(|p| {
            let e = &p.classic_explains;
            format!(
                "{} {:.1} mEMG/move, explains {}/{}",
                p.name, p.classic_error_rate_memg, e.explained, e.errors
            )
        })
        .collect();
    ui.label(RichText::new(format!("Classic (these weights): {}", each.join(" · "))).weak())
        .on_hover_text(
            "The classic program's error rate — its loss per unforced move on the same \
             decisions, with these weights — and how many of the player's checker errors it \
             explains: those whose best move the classic program's weighted terms prefer, of all \
             checker errors (how much of the player's errors these terms can say why).",
        );
}

/// gnubg's whole statistics block (its `show statistics match`) in a window of its own.
fn statistics_window(
    ui: &mut egui::Ui,
    s: &MatchReviewState,
    summary: &[PlayerSummary; 2],
    sections: &[bgw_engine::review::StatisticsSection],
    out: &mut Vec<MatchAction>,
) {
    let mut open = s.statistics_open;
    // The block is taller than a 720-pixel screen: the window keeps within the screen and
    // scrolls, so that its Overall section (ratings, luck-adjusted result, FIBS) is reached.
    let screen = ui.ctx().content_rect();
    let top = screen.top() + 40.0;
    egui::Window::new("gnubg's statistics")
        .id(egui::Id::unique("match-statistics-window"))
        .open(&mut open)
        .resizable(false)
        .vscroll(true)
        .default_height((screen.bottom() - top - 60.0).max(160.0))
        .max_height((screen.bottom() - top - 60.0).max(160.0))
        .default_pos(egui::pos2(16.0, top))
        .show(ui.ctx(), |ui| {
            egui::Grid::new("match-statistics-grid")
                .striped(true)
                .spacing(egui::vec2(14.0, 0.0))
                .show(ui, |ui| {
                    ui.label("");
                    for p in summary {
                        ui.strong(&p.name);
                    }
                    ui.end_row();
                    for section in sections {
                        ui.strong(section.title);
                        ui.end_row();
                        for (label, cells) in &section.rows {
                            ui.label(label);
                            for c in cells {
                                ui.label(RichText::new(c.trim()).monospace());
                            }
                            ui.end_row();
                        }
                    }
                });
        });
    if open != s.statistics_open {
        out.push(MatchAction::ShowStatistics(open));
    }
}

/// Why the selected decision was an error, in the classic program's terms, beside gnubg's
/// loss: the terms that count most, and whether they prefer gnubg's best (explain it) or the
/// move played (miss it).
fn why_line(ui: &mut egui::Ui, s: &MatchReviewState) {
    let Some((g, d)) = s.selected else { return };
    let Some(l) = &s.loaded else { return };
    let Some(Verdict::Move { play, .. }) = l.verdict(g, d) else {
        return;
    };
    let Some(why) = &play.why else { return };
    let loss = play.loss.unwrap_or(0.0) * 1000.0;
    let colour = if why.explained {
        ui.visuals().text_color()
    } else {
        ui.visuals().warn_fg_color
    };
    // Wrapped within what is in view (the tab's region can be wider than the window).
    let width = (ui.clip_rect().right() - ui.cursor().left()).max(120.0);
    ui.scope(|ui| {
        ui.set_max_width(width);
        ui.horizontal_wrapped(|ui| why_words(ui, play, why, loss, colour));
        if let Some(w) = l.why_gnubg(g, d) {
            ui.horizontal_wrapped(|ui| {
                ui.strong("gnubg's why").on_hover_text(
                    "gnubg's own reason, from the net that judged the two moves: its 0-ply \
                     cubeless difference between the move played and its best, split exactly \
                     over named concepts of the net's inputs (Shapley values; the chart beside \
                     the term breakdown draws the parts). See docs/review.md.",
                );
                ui.label(w.sentence.as_str());
            });
        }
    });
}

/// The words of the why line.
fn why_words(
    ui: &mut egui::Ui,
    play: &bgw_engine::review::MoveVerdict,
    why: &bgw_engine::evaluation::classic::Why,
    loss: f64,
    colour: egui::Color32,
) {
    {
        ui.strong("Why").on_hover_text(
            "The classic program's terms on the move played and gnubg's best: each term's \
                 weighted difference (the breakdown's \"Compare with: the move played\" draws \
                 them all). A linear model's reading, not gnubg's reasoning: where the terms \
                 prefer the move played, they miss what gnubg sees.",
        );
        ui.label(format!(
            "gnubg: loses {loss:.1} mEMG against {};",
            play.best
        ));
        ui.colored_label(colour, why.summary());
    }
}

/// One player's figures in a line, as gnubg's match statistics give them (the Log).
pub fn summary_line(p: &PlayerSummary) -> String {
    format!(
        "{}: {} unforced moves, error rate {:.1} mEMG a move; ?! {}  ? {}  ?? {}; cube errors \
         {:.1} mEMG over {} decisions; the classic's error rate {:.1}",
        p.name,
        p.unforced_moves,
        p.error_rate_memg,
        p.doubtful,
        p.bad,
        p.very_bad,
        p.cube_error_emg * 1000.0,
        p.cube_decisions,
        p.classic_error_rate_memg
    )
}

/// The games as a list to choose from: number, score at its start, who won what; choosing
/// one goes to its first decision.
fn games(ui: &mut egui::Ui, s: &MatchReviewState, out: &mut Vec<MatchAction>) {
    let Some(l) = &s.loaded else { return };
    let label = |g: usize| {
        let game = &l.game.games[g];
        let result = match &game.result {
            Some(r) => format!(", {} +{}", initials(&l.game.players[r.winner]), r.points),
            None => String::new(),
        };
        format!(
            "Game {} ({}–{}){}",
            game.number, game.score[0], game.score[1], result
        )
    };
    let now = s.selected.map_or(0, |(g, _)| g);
    egui::ComboBox::from_id_salt("match-games")
        .selected_text(label(now))
        .show_ui(ui, |ui| {
            for g in 0..l.game.games.len() {
                let empty = l.game.games[g].decisions.is_empty();
                if ui
                    .add_enabled(!empty, egui::Button::selectable(g == now, label(g)))
                    .clicked()
                {
                    out.push(MatchAction::Select(g, 0));
                }
            }
        })
        .response
        .on_hover_text("The match's games: the score at the start, who won how many points");
}

/// A luck mark in a narrow cell.
fn luck_symbol(mark: LuckMark) -> &'static str {
    match mark {
        LuckMark::VeryLucky => "++",
        LuckMark::Lucky => "+",
        LuckMark::None => "",
        LuckMark::Unlucky => "−",
        LuckMark::VeryUnlucky => "−−",
    }
}

/// A name cut to its first word, for narrow cells.
fn initials(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or(name)
}

/// The cells of a decision: roll, what was done.
fn what_was_done(d: &Decision) -> (String, String) {
    match &d.kind {
        DecisionKind::Move(c) => (
            format!("{}{}", c.dice.high(), c.dice.low()),
            if c.mv.notation().is_empty() {
                "(no move)".into()
            } else {
                c.mv.notation()
            },
        ),
        DecisionKind::Double { cube } => (String::new(), format!("Doubles => {cube}")),
        DecisionKind::Take => (String::new(), "Takes".into()),
        DecisionKind::Drop => (String::new(), "Drops".into()),
        DecisionKind::Beaver { cube } => (String::new(), format!("Beavers => {cube}")),
        DecisionKind::Resign { points } => (String::new(), format!("Resigns {points}")),
    }
}

/// Which part of a decision a row of the list shows: the whole of it, or — for a roll after
/// a missed double — the cube decision before the roll and the checker play, as two errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Whole,
    CubeBefore,
    Play,
}

/// The rows of one decision: two for a roll after a missed double (the cube's error, then
/// the play's), else one.
fn parts(v: Option<&Verdict>) -> &'static [Part] {
    match v {
        Some(Verdict::Move {
            no_double: Some(c), ..
        }) if c.error > 0.0 => &[Part::CubeBefore, Part::Play],
        _ => &[Part::Whole],
    }
}

/// gnubg's mark in words for a narrow cell.
fn mark_cell(m: Mark) -> String {
    match m {
        Mark::None => String::new(),
        Mark::Doubtful => "?!".into(),
        Mark::Bad => "?".into(),
        Mark::VeryBad => "??".into(),
    }
}

/// What gnubg says of a cube action: its proper action when the one taken was right, else
/// the right one in a player's words ("right: take").
fn cube_best(kind: ErrorKind, c: &bgw_engine::review::CubeVerdict) -> String {
    match right_cube_answer(kind, &c.decision.action) {
        Some(right) if c.error > 0.0 => format!("right: {right}"),
        _ => c.decision.action.clone(),
    }
}

/// gnubg's side of a row: its best (or the right cube action), the loss in mEMG, the mark;
/// the classic's choice and its loss. A roll after a missed double is two rows ([`Part`]).
fn verdict_cells(d: &Decision, v: Option<&Verdict>, part: Part) -> [String; 5] {
    let Some(v) = v else {
        return Default::default();
    };
    match v {
        Verdict::Move { no_double, .. } if part == Part::CubeBefore => {
            let Some(c) = no_double else {
                return Default::default();
            };
            [
                cube_best(ErrorKind::Double, c),
                format!("{:.1}", c.error * 1000.0),
                mark_cell(c.mark),
                String::new(),
                String::new(),
            ]
        }
        Verdict::Move { play, no_double } => {
            let loss = match play.loss {
                None => "illegal".into(),
                Some(l) => format!("{:.1}", l * 1000.0),
            };
            let best = if play.choices <= 1 {
                "(forced)".to_string()
            } else {
                play.best.clone()
            };
            // One row for the roll: its mark the worse of the play's and a missed double's
            // (a missed double of no cost is no error and has no row of its own).
            let mark = match part {
                Part::Play => play.mark,
                _ => no_double
                    .as_ref()
                    .map_or(play.mark, |c| c.mark.max(play.mark)),
            };
            [
                best,
                loss,
                mark_cell(mark),
                play.classic.clone(),
                format!("{:.1}", play.classic_loss * 1000.0),
            ]
        }
        Verdict::Cube(c) => {
            let kind = match d.kind {
                DecisionKind::Double { .. } => ErrorKind::Double,
                _ => ErrorKind::Take,
            };
            [
                cube_best(kind, c),
                format!("{:.1}", c.error * 1000.0),
                mark_cell(c.mark),
                String::new(),
                String::new(),
            ]
        }
        Verdict::NotJudged(why) => [
            why.clone(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ],
    }
}

/// The decisions list's columns: title and what it shows (on hover).
const DECISION_COLUMNS: [(&str, &str); 10] = [
    (
        "Game",
        "G.N: game G, its decision N (as bgw match review writes \"game G #N\"); \
         the file's own move number is on the row's hover",
    ),
    ("Player", "who decided"),
    ("Roll", "the dice"),
    (
        "Luck",
        "gnubg's luck mark of the roll: ++ very lucky (more than +0.6 EMG), + lucky (+0.3), \
         − unlucky (−0.3), −− very unlucky (−0.6); the roll's luck on the row's hover",
    ),
    ("Played", "the move played or the cube action"),
    ("gnubg's best", "gnubg's best move, or its cube action"),
    (
        "Loss",
        "what the decision lost against gnubg's best, mEMG (a roll after a missed double is \
         two rows: the cube's error before the roll, then the checker play's)",
    ),
    ("", "gnubg's mark: ?! doubtful, ? bad, ?? very bad"),
    ("Classic", "the classic program's choice (these weights)"),
    ("Its loss", "what the classic's choice loses, mEMG"),
];

/// The decisions the filters show, the selected one highlighted and kept in view.
fn decisions(ui: &mut egui::Ui, s: &MatchReviewState, out: &mut Vec<MatchAction>) {
    let Some(l) = &s.loaded else { return };
    let shown = s.shown();
    if shown.is_empty() {
        ui.label(match s.filter.errors_only {
            true if l.plies.is_none() => "No decision is marked yet: review the match first.",
            true => "No decision of these is marked.",
            false => "No decision to show.",
        });
        return;
    }
    // The rows: a roll after a missed double is two (the cube's error, then the play's).
    let rows: Vec<(usize, usize, Part)> = shown
        .iter()
        .flat_map(|&(g, d)| parts(l.verdict(g, d)).iter().map(move |&p| (g, d, p)))
        .collect();
    let scroll_to = newly_selected_row(ui, s.selected, &rows);
    ui.spacing_mut().item_spacing.y = 0.0;
    let visuals = ui.visuals().clone();
    // Narrow gaps: at 1280×720 the whole row fits beside the candidates' table.
    ui.spacing_mut().item_spacing.x = 4.0;
    let mut table = TableBuilder::new(ui)
        .id_salt("match-decisions")
        .striped(false)
        .sense(egui::Sense::click())
        .auto_shrink([false, false])
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::initial(38.0).at_least(36.0))
        .column(Column::initial(58.0).at_least(40.0).clip(true))
        .column(Column::initial(30.0).at_least(28.0))
        .column(Column::initial(30.0).at_least(24.0))
        .column(Column::initial(100.0).at_least(60.0).clip(true))
        .column(Column::initial(106.0).at_least(60.0).clip(true))
        .column(Column::initial(46.0).at_least(40.0))
        .column(Column::initial(22.0).at_least(20.0))
        .column(Column::initial(106.0).at_least(60.0).clip(true))
        .column(Column::remainder().at_least(50.0));
    if let Some(row) = scroll_to {
        table = table.scroll_to_row(row, Some(egui::Align::Center));
    }
    table
        .header(ROW_HEIGHT + 2.0, |mut header| {
            for (title, about) in DECISION_COLUMNS {
                header.col(|ui| {
                    ui.strong(title).on_hover_text(about);
                });
            }
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, rows.len(), |mut row| {
                let (g, d, part) = rows[row.index()];
                let Some(r) = DecisionRow::of(l, g, d, part) else {
                    return;
                };
                let selected = s.selected == Some((g, d));
                // egui_extras paints the highlight of each cell.
                row.set_selected(selected);
                for (k, text) in r.cells.iter().enumerate() {
                    row.col(|ui| {
                        let t = r.look(k, text, selected, &visuals);
                        ui.add(egui::Label::new(t).selectable(false));
                    });
                }
                if row.response().on_hover_text(r.hover).clicked() {
                    out.push(MatchAction::Select(g, d));
                }
            });
        });
}

/// The row of the decision selected since the list was last drawn (to scroll to), `None`
/// when the selection has not changed: the list remembers the selection it last showed.
fn newly_selected_row(
    ui: &mut egui::Ui,
    selected: Option<(usize, usize)>,
    rows: &[(usize, usize, Part)],
) -> Option<usize> {
    let memo = ui.scope_id().with("match-last-selected");
    let last: Option<(usize, usize)> = ui.data(|d| d.get_temp(memo)).flatten();
    ui.data_mut(|d| d.insert_temp(memo, selected));
    (last != selected)
        .then_some(selected)
        .flatten()
        .and_then(|sel| rows.iter().position(|&(g, d, _)| (g, d) == sel))
}

/// One row of the decisions list: its cells ([`DECISION_COLUMNS`]), whether gnubg marks it,
/// the roll's luck mark, and its hover (the file's move number, the roll's luck).
struct DecisionRow {
    cells: [String; 10],
    marked: bool,
    luck_mark: LuckMark,
    hover: String,
}

impl DecisionRow {
    /// The row of `part` of decision `d` of game `g`; `None` when there is no such decision.
    fn of(l: &super::LoadedMatch, g: usize, d: usize, part: Part) -> Option<DecisionRow> {
        let dec = l.decision(g, d)?;
        let game = &l.game.games[g];
        let (roll, played) = match part {
            Part::CubeBefore => (String::new(), "no double".to_string()),
            _ => what_was_done(dec),
        };
        let [best, loss, mark, classic, classic_loss] = verdict_cells(dec, l.verdict(g, d), part);
        let illegal = dec
            .checkers()
            .is_some_and(|c| c.legality != bgw_engine::matches::Legality::Legal);
        let played = if illegal {
            format!("{played} (illegal as recorded)")
        } else {
            played
        };
        let marked = !mark.is_empty();
        let luck = match part {
            Part::CubeBefore => None,
            _ => l.luck.as_ref().and_then(|x| x.roll(g, d)),
        };
        let luck_mark = luck.map_or(LuckMark::None, |x| LuckMark::of(x.emg));
        let mut hover = match dec.move_number {
            Some(m) => format!(
                "game {}, decision {}: move {m} in the file (the row gnubg's move \
                 list shows)",
                game.number,
                d + 1
            ),
            None => format!("game {}, decision {}", game.number, d + 1),
        };
        if let Some(x) = luck {
            let words = match luck_mark {
                LuckMark::None => "not marked".to_string(),
                m => m.words().to_string(),
            };
            hover.push_str(&format!("\nthe roll's luck: {:+.3} EMG ({words})", x.emg));
        }
        let cells = [
            format!("{}.{}", game.number, d + 1),
            initials(&l.game.players[dec.player]).to_string(),
            roll,
            luck_symbol(luck_mark).to_string(),
            played,
            best,
            loss,
            mark,
            classic,
            classic_loss,
        ];
        Some(DecisionRow {
            cells,
            marked,
            luck_mark,
            hover,
        })
    }

    /// Cell `k`'s text as drawn: the selection's colour on the selected row, else gnubg's
    /// mark and loss in the error colour when marked, a lucky or unlucky roll in its colour.
    fn look(&self, k: usize, text: &str, selected: bool, visuals: &egui::Visuals) -> RichText {
        let t = RichText::new(text).monospace();
        if selected {
            t.color(visuals.selection.stroke.color)
        } else if self.marked && (k == 6 || k == 7) {
            t.color(visuals.error_fg_color).strong()
        } else if k == 3 && self.luck_mark > LuckMark::None {
            t.color(super::plot::LUCKY).strong()
        } else if k == 3 && self.luck_mark < LuckMark::None {
            t.color(super::plot::UNLUCKY).strong()
        } else {
            t
        }
    }
}
