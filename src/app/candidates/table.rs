//! The candidates table (egui_extras' `TableBuilder`): every legal result of the roll, one row
//! each, with gnubg's verdict beside the classic's BRDVAL. Resizable columns, a sticky header
//! whose titles sort the rows (display only), only the visible rows drawn (854 results scroll
//! smoothly), each row named for screen readers, and a context menu to copy the position the
//! candidate reaches.

use super::CandidatesAction;
use super::CandidatesView;
use super::sort::Column as SortColumn;
use super::verdict::{Judgement, NOT_INSTALLED, Verdict};
use crate::app::editing::IdFormat;
use egui::{Color32, RichText};
use egui_extras::{Column, TableBuilder};

/// The colour of the classic program's choice (a darker one on the light theme).
pub fn classic_colour(visuals: &egui::Visuals) -> Color32 {
    if visuals.dark_mode {
        Color32::from_rgb(230, 170, 40)
    } else {
        Color32::from_rgb(170, 90, 0)
    }
}

/// The text and fill of the classic's loss cell: white on dark red, which reads on every row
/// background (the selection's blue included) in both themes.
pub fn loss_colours() -> (Color32, Color32) {
    (Color32::WHITE, Color32::from_rgb(170, 25, 25))
}

/// Height of one row in points.
pub const ROW_HEIGHT: f32 = 18.0;

/// The sortable columns in the table's order, with their initial widths; the move's (`None`)
/// takes the width the others leave, so a wide panel shows long moves whole and a narrow one
/// keeps every column.
const COLUMNS: [(SortColumn, Option<f32>); 7] = [
    (SortColumn::Rank, Some(30.0)),
    (SortColumn::Move, None),
    (SortColumn::Brdval, Some(54.0)),
    (SortColumn::Delta, Some(50.0)),
    (SortColumn::GnubgEquity, Some(54.0)),
    (SortColumn::GnubgRank, Some(30.0)),
    (SortColumn::GnubgLoss, Some(50.0)),
];

/// The mark of gnubg's best move, in its rank cell.
pub const BEST_MARK: &str = "●";

/// The last column: "◀" on the classic program's choice, as wide as its title.
const CLASSIC_WIDTH: f32 = 52.0;

/// Draws the panel: the classic's choice, gnubg's depth and status, the table. Returns hover,
/// selection, play, sort, copy and gnubg actions.
pub fn show(ui: &mut egui::Ui, state: &CandidatesView<'_>) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let Some(a) = &state.candidates.analysis else {
        if state.candidates.before_roll.is_some() {
            return super::cube::show(ui, state);
        }
        ui.heading("Candidates");
        ui.label(&state.board_status);
        return out;
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!(
            "Candidates ({}) — {} to play {}",
            a.candidates.len(),
            a.position.on_roll(),
            a.dice
        ));
        ui.weak(format!("BRDVAL with {}", state.weights_title));
    });
    if a.candidates.is_empty() {
        ui.label("No legal move: the turn passes.");
        return out;
    }
    let hidden = state.candidates.hidden();
    if let (Some(choice), Some(c), false) = (a.choice, a.classic(), hidden) {
        ui.label(format!(
            "Classic program ({}): {} — {}",
            choice.phase.name(),
            c.play.mv.notation(),
            choice.reason
        ))
        .on_hover_text(choice.phase.description());
    }
    let plies = state.plies;
    out.extend(gnubg_line(ui, state));
    // gnubg's verdict with the rollout of the position merged in.
    let shown = state.candidates.shown_judgement(plies);
    let judgement = shown.as_deref();
    if let Some(j) = judgement {
        classic_loss_line(ui, state, j);
    }
    let sort = state.candidates.shown_sort();
    if sort != super::sort::Sort::default() && sort != super::sort::Sort::by_gnubg() {
        // The keys follow the rows as shown: say so, or Down+Enter plays a surprise.
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!(
                    "Rows sorted by the {} column, {}: Up/Down and Enter follow this order, not \
                     the classic's rank (click # to go back)",
                    sort.column.title(),
                    if sort.descending {
                        "descending"
                    } else {
                        "ascending"
                    }
                ))
                .color(ui.visuals().warn_fg_color),
            )
            .wrap(),
        );
    }
    if !hidden {
        out.extend(
            super::rollout::show(
                ui,
                &state.candidates.rollouts,
                &a.position,
                a.dice,
                state.candidates.at.as_ref(),
                plies.is_some(),
            )
            .into_iter()
            .map(CandidatesAction::Rollout),
        );
    }
    if let Some(rec) = state.candidates.rollouts.shown(&a.position, a.dice)
        && !hidden
        && state.candidates.merged_rollout().is_none()
        && !rec.rolled().is_empty()
    {
        // Judged otherwise than the table: its figures stay out of it.
        ui.weak(format!(
            "The rollout ({}) is not in the table, which judges {}: Copy analysis has it",
            rec.judged(),
            judged_at_words(state.candidates.judged_at())
        ))
        .on_hover_text(rec.text());
    }
    let pending = plies.is_some()
        && !hidden
        && state.candidates.judgement(plies).is_none()
        && !gnubg_failed(state);
    out.extend(rows(ui, state, judgement, pending));
    out
}

/// gnubg's depth (or off) and where its verdict stands.
fn gnubg_line(ui: &mut egui::Ui, state: &CandidatesView<'_>) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let plies = state.plies;
    ui.horizontal_wrapped(|ui| {
        ui.label("gnubg:");
        super::depth_choice::show(ui, plies, &mut out);
        let Some(p) = plies else { return };
        if let Some(words) = state.candidates.hidden_words() {
            ui.weak(words);
            return;
        }
        out.extend(judged_at(ui, state));
        match state.candidates.verdict(p) {
            None | Some(Verdict::Pending(_)) => {
                ui.label("evaluating…");
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(50));
            }
            Some(Verdict::Ready(j)) => {
                ui.weak(j.depth_words()).on_hover_text(
                    "Which moves gnubg evaluated at the chosen depth: as gnubg's own hint, its \
                     move filter sends the best moves at 0-ply (up to 8 within 0.16 of the \
                     best) on to the chosen depth; the others keep their 0-ply figures, and \
                     the depth column says which depth each move got",
                );
                super::probs::toggle(ui, state.candidates.show_probs, &mut out);
                if !j.problems.is_empty() {
                    ui.colored_label(ui.visuals().warn_fg_color, j.problems.join("; "));
                }
            }
            Some(Verdict::Missing(why)) => {
                ui.colored_label(ui.visuals().warn_fg_color, NOT_INSTALLED)
                    .on_hover_text(why);
            }
            Some(Verdict::Failed(why)) => {
                ui.colored_label(ui.visuals().error_fg_color, why);
                if ui.button("Retry").clicked() {
                    out.push(CandidatesAction::RetryGnubg);
                }
            }
        }
    });
    out
}

/// What gnubg judges at — "at 3-2 to 7, cube 2 White: cubeful equity (EMG), MWC" or
/// "cubeless money" — and, for a position with a match state, the switch between the two.
fn judged_at(ui: &mut egui::Ui, state: &CandidatesView<'_>) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let c = state.candidates;
    ui.label(judged_at_words(c.judged_at()))
        .on_hover_text(
            "At the position's match state gnubg's equities are cubeful and normalised (EMG),              as its analysis of a match gives them, with the match-winning chance of each              move on hover; cubeless money is how the benchmark and the duels judge",
        );
    if let Some(at) = c.at {
        let cubeless = c.depth.cubeless;
        let (label, hover) = if cubeless {
            (
                "at the match state",
                format!("Judge the candidates at {}", at.describe()),
            )
        } else {
            (
                "cubeless money",
                "Judge the candidates as cubeless money".to_string(),
            )
        };
        if ui.small_button(label).on_hover_text(hover).clicked() {
            out.push(CandidatesAction::SetCubeless(!cubeless));
        }
    }
    out
}

/// The words for what gnubg judges the candidates at.
pub fn judged_at_words(at: Option<bgw_engine::reference::MatchContext>) -> String {
    match at {
        Some(at) if at.is_match() => format!("{}: cubeful equity (EMG), MWC", at.describe()),
        Some(at) => format!("{}: cubeful equity", at.describe()),
        None => "cubeless money".to_string(),
    }
}

/// True when gnubg's verdict on the board failed or gnubg is missing.
fn gnubg_failed(state: &CandidatesView<'_>) -> bool {
    state
        .plies
        .and_then(|p| state.candidates.verdict(p))
        .is_some_and(|v| matches!(v, Verdict::Missing(_) | Verdict::Failed(_)))
}

/// The line on what the classic's choice loses against gnubg's best.
fn classic_loss_line(ui: &mut egui::Ui, state: &CandidatesView<'_>, j: &Judgement) {
    let Some(a) = &state.candidates.analysis else {
        return;
    };
    let Some(e) = a.classic().and_then(|c| j.of(&c.play.result)) else {
        return;
    };
    let best = j
        .best
        .and_then(|b| a.index_of(&b))
        .map(|i| {
            format!(
                " — gnubg's best: #{} {}",
                i + 1,
                a.candidates[i].play.mv.notation()
            )
        })
        .unwrap_or_default();
    let (text, colour) = if e.loss == 0.0 {
        (
            format!("classic's choice is gnubg's best ({}-ply)", j.plies),
            classic_colour(ui.visuals()),
        )
    } else {
        (
            format!(
                "classic's choice loses {:.1} mEMG against gnubg's best (rank {}){best}",
                e.loss * 1000.0,
                e.rank
            ),
            ui.visuals().error_fg_color,
        )
    };
    // One line (the whole of it on hover), so that the table keeps its rows.
    let line = RichText::new(&text).color(colour).strong();
    ui.add(egui::Label::new(line).truncate())
        .on_hover_text(text);
}

/// The width each column's content needs: its widest cell and its title (with the arrow when
/// the table is sorted by it), in
/// the monospace font the cells and titles are drawn in (the move column's is not used: it
/// takes what the others leave).
fn content_widths(
    ui: &egui::Ui,
    a: &super::analysis::Analysis,
    judgement: Option<&Judgement>,
    sorted: SortColumn,
) -> [f32; 7] {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let (digit, arrow) = ui
        .ctx()
        .fonts_mut(|f| (f.glyph_width(&font, '0'), f.glyph_width(&font, '▼')));
    let widest = |values: &mut dyn Iterator<Item = f64>| {
        values.fold(0.0_f64, |m, v| {
            if v.abs() > m.abs() || !v.is_finite() {
                v
            } else {
                m
            }
        })
    };
    let n = a.candidates.len();
    let value = widest(&mut a.candidates.iter().map(|c| c.value));
    let delta = widest(&mut a.candidates.iter().map(|c| c.delta));
    // gnubg's columns in one pass, with no list of them kept.
    let (mut equity, mut rank, mut loss) = (0, 1, 0.0_f64);
    let evals = judgement
        .into_iter()
        .flat_map(|j| a.candidates.iter().filter_map(|c| j.of(&c.play.result)));
    for e in evals {
        equity = equity.max(equity_text(e).chars().count());
        rank = rank.max(e.rank);
        loss = widest(&mut [loss, e.loss * 1000.0].into_iter());
    }
    // The rank cell of gnubg's best carries its mark.
    let star = judgement.and_then(|j| j.best).is_some() as usize;
    let chars = [
        n.to_string().len() + 2 * star,
        0,
        format!("{value:+.2}").chars().count(),
        format!("{delta:+.2}").chars().count(),
        equity.max(6),
        rank.to_string().len(),
        format!("{loss:.1}").chars().count(),
    ];
    // A title is a frameless button (its padding on both sides); the sorted one has " ▼".
    let button = 2.0 * ui.spacing().button_padding.x;
    let mut out = [0.0; 7];
    for (k, ((column, _), cells)) in COLUMNS.into_iter().zip(chars).enumerate() {
        let name = digit * column.title().chars().count() as f32 + button;
        let title = match sorted == column {
            true => name + digit + arrow,
            false => name,
        };
        // The classic's loss is drawn on a badge with 3 points of margin each side.
        let badge = if column == SortColumn::GnubgLoss {
            6.0
        } else {
            0.0
        };
        out[k] = (digit * cells as f32 + badge).max(title) + 2.0;
    }
    out
}

/// The move as the move column shows it: with the match file's marks (◆ played, …) after it.
fn notation_of(cand: &bgw_engine::evaluation::classic::Candidate, marks: &[&str]) -> String {
    match marks.is_empty() {
        true => cand.play.mv.notation(),
        false => format!("{}  ◆ {}", cand.play.mv.notation(), marks.join(", ")),
    }
}

/// gnubg's equity cell: the equity, and ± its standard error when it is a rollout's (no
/// spaces: with the depth column beside it the table fits the panel at 1280×720).
fn equity_text(e: &super::verdict::Eval) -> String {
    match e.rollout {
        Some(r) => format!("{:+.3}±{:.3}", e.equity, r.se),
        None => format!("{:+.3}", e.equity),
    }
}

/// The title of the depth column, shown while a rollout is in the table or the depths differ.
const DEPTH_TITLE: &str = "depth";

/// The width of the depth column when a rollout is in the table or gnubg's move filter left
/// some moves at a lower depth (`None`: neither): its widest cell ("rollout 1296 trials",
/// "0-ply") or its title, in the monospace font.
fn depth_column_width(
    ui: &egui::Ui,
    a: &super::analysis::Analysis,
    judgement: Option<&Judgement>,
) -> Option<f32> {
    let j = judgement?;
    let evals: Vec<_> = a
        .candidates
        .iter()
        .filter_map(|c| j.of(&c.play.result))
        .collect();
    let mixed = evals.iter().any(|e| e.plies != j.plies);
    if !mixed && !evals.iter().any(|e| e.rollout.is_some()) {
        return None;
    }
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let digit = ui.ctx().fonts_mut(|f| f.glyph_width(&font, '0'));
    let chars = evals
        .iter()
        .map(|e| e.depth().chars().count())
        .chain([DEPTH_TITLE.len()])
        .max()
        .unwrap_or(0);
    Some(digit * chars as f32 + 2.0 * ui.spacing().button_padding.x + 2.0)
}

/// What gnubg's equity cell says on hover: the match-winning chance (in a match) and the
/// probabilities as gnubg's hint prints them.
fn equity_hover(e: &super::verdict::Eval) -> String {
    let mut lines = Vec::new();
    if let Some(mwc) = e.mwc {
        lines.push(format!(
            "match-winning chance after this move: {:.2} %",
            100.0 * mwc
        ));
    }
    if let Some(p) = e.probs {
        let by = match e.rollout {
            Some(r) => format!("gnubg's rollout, {} trials", r.trials),
            None => format!("gnubg {}-ply", e.plies),
        };
        lines.push(format!(
            "{by}: {}\n{}",
            bgw_engine::reference::hint_line(&p),
            super::probs::words(&p)
        ));
    }
    lines.join("\n")
}

/// The width of the probabilities' column when it is shown (`None`: it is not): its widest
/// cell or its title, in the monospace font, so that no number is cut.
fn probs_column_width(
    ui: &egui::Ui,
    a: &super::analysis::Analysis,
    judgement: Option<&Judgement>,
    on: bool,
) -> Option<f32> {
    if !on {
        return None;
    }
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let digit = ui.ctx().fonts_mut(|f| f.glyph_width(&font, '0'));
    let probs: Vec<_> = judgement
        .into_iter()
        .flat_map(|j| a.candidates.iter().filter_map(|c| j.of(&c.play.result)))
        .filter_map(|e| e.probs)
        .collect();
    Some(digit * super::probs::width_chars(probs.iter()) as f32 + 8.0)
}

/// What every row of the table reads: the analysis, gnubg's verdict and which of the last
/// columns are shown.
struct Rows<'a> {
    state: &'a CandidatesView<'a>,
    a: &'a super::analysis::Analysis,
    judgement: Option<&'a Judgement>,
    /// gnubg was asked and has not answered: its cells say "…".
    pending: bool,
    visuals: egui::Visuals,
    /// gnubg's best, marked in its rank cell.
    gnubg_best: Option<usize>,
    depth_width: Option<f32>,
    probs_width: Option<f32>,
}

impl Rows<'_> {
    /// The classic column ("◀" on its choice) is shown when neither the depth nor the
    /// probabilities take its place (so that the table fits the panel at 1280×720; the
    /// classic's choice keeps its colour and its loss badge).
    fn classic_column(&self) -> bool {
        self.probs_width.is_none() && self.depth_width.is_none()
    }
}

/// The table itself.
fn rows(
    ui: &mut egui::Ui,
    state: &CandidatesView<'_>,
    judgement: Option<&Judgement>,
    pending: bool,
) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let Some(a) = &state.candidates.analysis else {
        return out;
    };
    let c = &state.candidates;
    let order = c.display_order(state.plies);

    // Keep the selected row in view when the selection moved by keyboard.
    let memo = ui.scope_id().with("last-selected");
    let last: Option<usize> = ui.data(|d| d.get_temp(memo)).flatten();
    let scroll_to = (last != c.selected)
        .then_some(c.selected)
        .flatten()
        .and_then(|s| order.iter().position(|&i| i == s));
    ui.data_mut(|d| d.insert_temp(memo, c.selected));

    let sort = c.shown_sort();
    let fit = content_widths(ui, a, judgement, sort.column);
    let probs_width = probs_column_width(ui, a, judgement, c.show_probs);
    let depth_width = depth_column_width(ui, a, judgement);
    let ctx = Rows {
        state,
        a,
        judgement,
        pending,
        visuals: ui.visuals().clone(),
        gnubg_best: judgement.and_then(|j| j.best).and_then(|b| a.index_of(&b)),
        depth_width,
        probs_width,
    };
    let mut table = table_builder(ui, &ctx, fit);
    if let Some(row) = scroll_to {
        table = table.scroll_to_row(row, None);
    }
    let mut hovered_any = None;
    table
        .header(ROW_HEIGHT + 2.0, |header| {
            header_row(header, &ctx, sort, &mut out)
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, order.len(), |row| {
                let i = order[row.index()];
                if one_row(row, &ctx, i, &mut out) {
                    hovered_any = Some(i);
                }
            });
        });
    if hovered_any != c.hovered {
        out.push(CandidatesAction::Hover(hovered_any));
    }
    out
}

/// The table's columns: the sortable ones no narrower than `fit`, then the depth, the
/// probabilities or the classic column.
fn table_builder<'u>(ui: &'u mut egui::Ui, ctx: &Rows<'_>, fit: [f32; 7]) -> TableBuilder<'u> {
    // Rows back to back: more of them in a small panel.
    ui.spacing_mut().item_spacing.y = 0.0;
    // Text too long for its cell ends in "…" (only the move column can be narrower than its
    // content). The cells are not clipped: each clipped cell would be a draw call of its own
    // (about 160 a frame), and without a GPU each costs the app's thread time on every frame.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    let mut table = TableBuilder::new(ui)
        // One remembered set of column widths a set of columns: the depth column takes the
        // classic column's place, and with the classic's width it was cut until a resize.
        .id_salt((
            "candidates-table",
            ctx.depth_width.is_some(),
            ctx.probs_width.is_some(),
        ))
        // Not striped: the dark look's stripe (five levels lighter than the panel) was barely to
        // be seen, and without a GPU it cost its whole area on every frame.
        .striped(false)
        .resizable(true)
        .sense(egui::Sense::click())
        .auto_shrink([false, false])
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for ((_, width), fit) in COLUMNS.into_iter().zip(fit) {
        table = table.column(match width {
            // Never narrower than its content and its title with the sort arrow.
            Some(w) => Column::initial(w.max(fit)).at_least(fit),
            None => Column::remainder().at_least(90.0).resizable(false),
        });
    }
    if let Some(w) = ctx.depth_width {
        table = table.column(Column::initial(w).at_least(w));
    }
    match ctx.probs_width {
        Some(w) => table.column(Column::initial(w).at_least(w)),
        None if ctx.classic_column() => table.column(Column::exact(CLASSIC_WIDTH)),
        None => table,
    }
}

/// The sticky header: the sortable titles (a click sorts), then the last columns' titles.
fn header_row(
    mut header: egui_extras::TableRow<'_, '_>,
    ctx: &Rows<'_>,
    sort: super::sort::Sort,
    out: &mut Vec<CandidatesAction>,
) {
    for (column, _) in COLUMNS {
        header.col(|ui| {
            let arrow = match sort {
                s if s.column != column => "",
                s if s.descending => " ▼",
                _ => " ▲",
            };
            // The arrows are in the monospace font only.
            let title = RichText::new(format!("{}{arrow}", column.title()))
                .monospace()
                .strong();
            if ui
                .add(egui::Button::new(title).frame(false))
                .on_hover_text(match column {
                    SortColumn::GnubgRank => format!(
                        "{}: click for gnubg's order, its best first (kept across \
                         restarts); # goes back to the classic's",
                        column.description()
                    ),
                    _ => format!("{} (click to sort)", column.description()),
                })
                .clicked()
            {
                out.push(CandidatesAction::SortBy(column));
            }
        });
    }
    if ctx.depth_width.is_some() {
        header.col(|ui| {
            ui.label(RichText::new(DEPTH_TITLE).monospace().strong())
                .on_hover_text(
                    "what gnubg's figures are: its evaluation at a depth (deeper than 0-ply, \
                     its move filter leaves the weaker moves at 0-ply), or its rollout with \
                     the trials done so far",
                );
        });
    }
    match ctx.probs_width {
        Some(_) => {
            header.col(|ui| {
                ui.label(RichText::new(super::probs::TITLE).monospace().strong())
                    .on_hover_text(super::probs::DESCRIPTION);
            });
        }
        None if ctx.classic_column() => {
            header.col(|ui| {
                ui.strong("classic");
            });
        }
        None => {}
    }
}

/// What a row's cells share: their colour, gnubg's figures for the candidate, whether it is
/// the classic's choice (in its colour) and gnubg's best.
struct RowLook<'e> {
    colour: Color32,
    eval: Option<&'e super::verdict::Eval>,
    classic_choice: bool,
    best: bool,
}

/// One candidate's row (candidate `i`): its cells, its words for screen readers, its clicks
/// and context menu. Whether the pointer is over it.
fn one_row(
    mut row: egui_extras::TableRow<'_, '_>,
    ctx: &Rows<'_>,
    i: usize,
    out: &mut Vec<CandidatesAction>,
) -> bool {
    let (c, a, judgement) = (&ctx.state.candidates, ctx.a, ctx.judgement);
    let cand = &a.candidates[i];
    let selected = c.selected == Some(i);
    // egui_extras paints the highlight of each cell.
    row.set_selected(selected);
    row.set_hovered(c.hovered == Some(i));
    // The classic's choice in its colour, but not while a drill card waits for its answer.
    let classic_choice = cand.classic_choice && !c.hidden();
    let eval = judgement.and_then(|j| j.of(&cand.play.result));
    let look = RowLook {
        colour: row_colour(ctx, i, selected, classic_choice),
        eval,
        classic_choice,
        best: ctx.gnubg_best == Some(i),
    };
    let gnubg = |f: &dyn Fn(&super::verdict::Eval) -> String| match eval {
        Some(e) => f(e),
        None => pending_text(ctx),
    };
    let marks = match c.hidden() {
        true => Vec::new(),
        false => ctx.state.match_marks(i),
    };
    let cells = [
        match look.best {
            true => format!("{BEST_MARK}{}", i + 1),
            false => format!("{}", i + 1),
        },
        notation_of(cand, &marks),
        format!("{:+.2}", cand.value),
        format!("{:+.2}", cand.delta),
        gnubg(&equity_text),
        gnubg(&|e| e.rank.to_string()),
        gnubg(&|e| format!("{:.1}", e.loss * 1000.0)),
    ];
    for (k, text) in cells.into_iter().enumerate() {
        row.col(|ui| main_cell(ui, ctx, &look, k, text));
    }
    extra_cells(&mut row, ctx, &look);
    let resp = row.response();
    // A row for screen readers: its cells in words (made only when asked for), and whether
    // it is selected.
    resp.widget_info(|| {
        let words = row_words(i, cand, &marks, eval, classic_choice, look.best);
        egui::WidgetInfo::labeled(egui::accesskit::Role::Row, true, words)
    });
    resp.ctx
        .accesskit_node_builder(resp.id, |node| node.set_selected(selected));
    if resp.double_clicked() {
        out.push(CandidatesAction::Play(i));
    } else if resp.clicked() {
        out.push(CandidatesAction::Select(i));
    }
    resp.context_menu(|ui| copy_menu(ui, i, cand, out));
    resp.hovered()
}

/// The text colour of row `i`: the selection's, the classic's choice's, the first row's
/// (strong), or the plain text's.
fn row_colour(ctx: &Rows<'_>, i: usize, selected: bool, classic_choice: bool) -> Color32 {
    if selected {
        ctx.visuals.selection.stroke.color
    } else if classic_choice {
        classic_colour(&ctx.visuals)
    } else if i == 0 {
        ctx.visuals.strong_text_color()
    } else {
        ctx.visuals.text_color()
    }
}

/// A gnubg cell with no figures: "…" while gnubg is asked, else empty.
fn pending_text(ctx: &Rows<'_>) -> String {
    match ctx.pending {
        true => "…".to_string(),
        false => String::new(),
    }
}

/// Cell `k` of the sortable columns, showing `text`: the classic's choice's loss as a badge,
/// gnubg's best explained on its rank, gnubg's equity with its figures on hover.
fn main_cell(ui: &mut egui::Ui, ctx: &Rows<'_>, look: &RowLook<'_>, k: usize, text: String) {
    // The classic's choice's loss stands out.
    let loss_cell = k == 6 && look.classic_choice && look.eval.is_some_and(|e| e.loss > 0.0);
    let t = RichText::new(text).monospace();
    // Not selectable text: the click is the row's.
    if loss_cell {
        // White on dark red: readable on the selection's blue too.
        let (text, fill) = loss_colours();
        let badge = egui::Label::new(t.color(text).strong());
        egui::Frame::new()
            .fill(fill)
            .inner_margin(egui::Margin::symmetric(3, 0))
            .show(ui, |ui| ui.add(badge.selectable(false)));
        return;
    }
    let cell = ui.add(egui::Label::new(t.color(look.colour)).selectable(false));
    if k == 0 && look.best {
        cell.on_hover_text(format!(
            "{BEST_MARK} gnubg's best move ({})",
            ctx.judgement.map_or(String::new(), |j| j.depth_words())
        ));
        return;
    }
    // The tooltip's text is made only when it is shown.
    if let (4, Some(e)) = (k, look.eval)
        && (e.mwc.is_some() || e.probs.is_some())
    {
        cell.on_hover_ui(|ui| {
            ui.label(equity_hover(e));
        });
    }
}

/// The cells after the sortable columns, when shown: gnubg's depth, then its probabilities or
/// the classic column ("◀" on the classic's choice).
fn extra_cells(row: &mut egui_extras::TableRow<'_, '_>, ctx: &Rows<'_>, look: &RowLook<'_>) {
    let (eval, colour) = (look.eval, look.colour);
    if ctx.depth_width.is_some() {
        row.col(|ui| {
            let text = eval.map(|e| e.depth()).unwrap_or_default();
            let t = RichText::new(text).monospace().color(colour);
            ui.add(egui::Label::new(t).selectable(false));
        });
    }
    if ctx.classic_column() || ctx.probs_width.is_some() {
        row.col(|ui| {
            if ctx.probs_width.is_some() {
                let text = eval
                    .and_then(|e| e.probs)
                    .map(|p| super::probs::cell(&p))
                    .unwrap_or_else(|| match eval {
                        Some(_) => String::new(),
                        None => pending_text(ctx),
                    });
                let t = RichText::new(text).monospace().color(colour);
                ui.add(egui::Label::new(t).selectable(false));
            } else if look.classic_choice && ctx.a.choice.is_some() {
                let mark = RichText::new("◀").monospace().color(colour);
                ui.add(egui::Label::new(mark).selectable(false));
            }
        });
    }
}

/// A row's cells in words, for screen readers.
fn row_words(
    i: usize,
    cand: &bgw_engine::evaluation::classic::Candidate,
    marks: &[&str],
    eval: Option<&super::verdict::Eval>,
    classic_choice: bool,
    best: bool,
) -> String {
    format!(
        "candidate {}: {}, BRDVAL {:+.2}, Δ {:+.2}{}{}{}",
        i + 1,
        notation_of(cand, marks),
        cand.value,
        cand.delta,
        eval.map_or(String::new(), |e| format!(
            ", gnubg equity {}{}, gnubg rank {}, loss {:.1} mEMG{}{}",
            equity_text(e),
            e.mwc
                .map(|m| format!(" (MWC {:.2} %)", 100.0 * m))
                .unwrap_or_default(),
            e.rank,
            e.loss * 1000.0,
            e.probs
                .map(|p| format!(", gnubg: {}", super::probs::words(&p)))
                .unwrap_or_default(),
            e.rollout
                .map(|_| format!(", {}", e.depth()))
                .unwrap_or_default()
        )),
        if classic_choice {
            ", the classic program's choice"
        } else {
            ""
        },
        if best { ", gnubg's best" } else { "" }
    )
}

/// A row's context menu: copy the position candidate `i` reaches.
fn copy_menu(
    ui: &mut egui::Ui,
    i: usize,
    cand: &bgw_engine::evaluation::classic::Candidate,
    out: &mut Vec<CandidatesAction>,
) {
    // Which row the menu is for.
    ui.strong(format!("#{} {}", i + 1, cand.play.mv.notation()));
    ui.separator();
    for (format, name) in [
        (IdFormat::PositionId, "Copy resulting Position ID"),
        (IdFormat::Xgid, "Copy resulting XGID"),
    ] {
        if ui
            .button(name)
            .on_hover_text("The position after this move, the other side to play")
            .clicked()
        {
            out.push(CandidatesAction::CopyResult(i, format));
            ui.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: Color32, b: Color32) -> f32 {
        let luminance = |c: Color32| {
            let lin = egui::Rgba::from(c);
            0.2126 * lin.r() + 0.7152 * lin.g() + 0.0722 * lin.b()
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_loss_cell_reads_on_every_row_background_of_both_themes() {
        let (text, fill) = loss_colours();
        assert!(contrast(text, fill) >= 4.5, "{}", contrast(text, fill));
        // The text lies on its own fill, so the row under it does not matter; red text
        // straight on the selection, as before, did not read.
        for v in [egui::Visuals::dark(), egui::Visuals::light()] {
            assert!(contrast(v.error_fg_color, v.selection.bg_fill) < 4.5);
        }
    }
}
