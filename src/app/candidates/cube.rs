//! The Cube panel: with the dice not yet rolled, gnubg's cube decision at the position's match
//! state — no double, double/take, double/pass, the proper action, what each wrong choice
//! costs — in place of the candidates, which need a roll. With a double on offer the decision
//! is the taker's: the doubler's figures, as gnubg shows them, and the taker's right answer;
//! when the side on roll may not double, why, and no figures.

use super::verdict::{CubeVerdict, NOT_INSTALLED};
use super::{CandidatesAction, CandidatesView};
use bgw_engine::reference::{CubeDecision, CubeQuestion};
use egui::RichText;

/// Draws the panel for the position awaiting its roll. Returns depth and retry actions.
pub fn show(ui: &mut egui::Ui, state: &CandidatesView<'_>) -> Vec<CandidatesAction> {
    let mut out = Vec::new();
    let Some((pos, at)) = state.candidates.before_roll else {
        return out;
    };
    let question = state.candidates.cube_question.clone();
    let (doubler, taker) = (pos.on_roll(), pos.on_roll().opponent());
    ui.horizontal_wrapped(|ui| {
        match question {
            Some(Ok(CubeQuestion::Answer)) => ui.strong(format!(
                "Take decision — {doubler} doubles to {}, {taker} to take or pass",
                2 * at.match_id().cube_value()
            )),
            _ => ui.strong(format!("Cube decision — {doubler} on roll")),
        };
        ui.weak(format!(
            "{}; roll or set the dice for the candidates",
            at.describe()
        ));
    });
    match &question {
        Some(Ok(CubeQuestion::CannotDouble(why))) => {
            ui.label(
                RichText::new(format!("{doubler} cannot double: {why}."))
                    .strong()
                    .size(15.0),
            );
            return out;
        }
        Some(Err(why)) => {
            ui.colored_label(ui.visuals().error_fg_color, why);
            return out;
        }
        _ => {}
    }
    let answer = matches!(question, Some(Ok(CubeQuestion::Answer)));
    ui.horizontal_wrapped(|ui| {
        ui.label("gnubg:");
        super::depth_choice::show(ui, state.plies, &mut out);
    });
    // A drill card waiting for its answer: no figure, no proper action, no exact verdict.
    if let Some(words) = state.candidates.hidden_words() {
        ui.label(format!("gnubg's cube decision: {words}"));
        return out;
    }
    let Some(plies) = state.plies else {
        ui.label("gnubg is off: choose a depth for its cube decision.");
        if let Some(exact) = &state.exact_cube {
            exact_verdict(ui, exact);
        }
        return out;
    };
    match state.candidates.cube_verdict(plies) {
        None | Some(CubeVerdict::Pending(_)) => {
            ui.label("evaluating…");
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        Some(CubeVerdict::Ready(d)) if answer => answer_to(ui, d, taker),
        Some(CubeVerdict::Ready(d)) => decision(ui, d),
        Some(CubeVerdict::Missing(why)) => {
            ui.colored_label(ui.visuals().warn_fg_color, NOT_INSTALLED)
                .on_hover_text(why);
        }
        Some(CubeVerdict::Failed(why)) => {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(ui.visuals().error_fg_color, why);
                if ui.button("Retry").clicked() {
                    out.push(CandidatesAction::RetryCube);
                }
            });
        }
    }
    if let Some(exact) = &state.exact_cube {
        exact_verdict(ui, exact);
    }
    out
}

/// The open two-sided database's exact verdict, beside gnubg's.
fn exact_verdict(ui: &mut egui::Ui, exact: &super::ExactCube) {
    ui.separator();
    match &exact.verdict {
        Ok((cube, d)) => {
            ui.strong(format!(
                "Exact ({}, money, cube {cube}): {}",
                exact.database,
                d.action().name()
            ));
            ui.monospace(format!(
                "No double {:+.3}   Double, take {:+.3}   Double, pass {:+.3}",
                d.no_double, d.double_take, d.double_pass
            ));
        }
        Err(why) => {
            ui.weak(format!("Exact ({}): none — {why}", exact.database));
        }
    }
}

/// A double on offer: the doubler's figures (as gnubg shows a take decision), the proper
/// action, and the taker's right answer with what the wrong one costs.
fn answer_to(ui: &mut egui::Ui, d: &CubeDecision, taker: bgw_engine::core::position::Side) {
    ui.weak(format!(
        "{}'s equities as the doubler, as gnubg shows a take decision",
        taker.opponent()
    ));
    figures(ui, d);
    ui.label(
        RichText::new(format!(
            "Correct response ({taker}): {}",
            capitalised(d.answer())
        ))
        .strong()
        .size(15.0),
    );
    let wrong = if d.takes() { "Passing" } else { "Taking" };
    ui.label(format!(
        "{wrong} costs {:.3} (equity {taker} gives up by the wrong answer); proper cube action: {}",
        d.take_error(),
        d.proper_action()
    ));
    details(ui, d);
}

/// "Take" for "take".
fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The three actions' equities (and MWC in a match), the proper action and the errors.
fn decision(ui: &mut egui::Ui, d: &CubeDecision) {
    figures(ui, d);
    ui.label(
        RichText::new(format!("Proper cube action: {}", d.proper_action()))
            .strong()
            .size(15.0),
    );
    let (wrong_double, wrong_take) = (
        if d.doubles() {
            "Not doubling"
        } else {
            "Doubling"
        },
        if d.takes() { "passing" } else { "taking" },
    );
    ui.label(format!(
        "{wrong_double} costs {:.3}; {wrong_take} costs {:.3} (equity given up by the wrong choice)",
        d.double_error(),
        d.take_error()
    ));
    details(ui, d);
}

/// The three actions' equities, against the best, with their MWC in a match.
fn figures(ui: &mut egui::Ui, d: &CubeDecision) {
    let best = d.no_double.max(d.if_doubled());
    let mwc = d.mwc;
    egui::Grid::new("cube-decision")
        .num_columns(4)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            ui.strong(format!("{}-ply, cubeful", d.plies));
            ui.strong("equity");
            ui.strong("vs best");
            ui.strong(if mwc.is_some() { "MWC" } else { "" });
            ui.end_row();
            let rows = [
                ("No double", d.no_double, mwc.map(|m| m.no_double)),
                ("Double, take", d.double_take, mwc.map(|m| m.double_take)),
                ("Double, pass", d.double_pass, mwc.map(|m| m.double_pass)),
            ];
            for (name, e, m) in rows {
                ui.label(name);
                ui.monospace(format!("{e:+.3}"));
                ui.monospace(format!("{:+.3}", e - best));
                ui.monospace(m.map(|m| format!("{:.2} %", 100.0 * m)).unwrap_or_default());
                ui.end_row();
            }
        });
}

/// The market window and the cubeless evaluation under a decision.
fn details(ui: &mut egui::Ui, d: &CubeDecision) {
    if let Some(points) = &d.points {
        market_line(ui, points, d.mwc.is_some());
    }
    let p = d.probs;
    ui.weak(format!(
        "cubeless {:+.3}: win {:.1} % (gammon {:.1} %, backgammon {:.1} %), lose gammon {:.1} % \
         (backgammon {:.1} %)",
        d.cubeless,
        100.0 * p[0],
        100.0 * p[1],
        100.0 * p[2],
        100.0 * p[3],
        100.0 * p[4]
    ));
}

/// The take point and the cash point (dead cube, and live where gnubg gives it), as winning
/// chances: the other side takes with at least the take point; from the cash point on the
/// side on roll cashes (the other side passes).
fn market_line(ui: &mut egui::Ui, p: &bgw_engine::reference::CubePoints, in_match: bool) {
    ui.label(market_words(p, in_match))
        .on_hover_text(if in_match {
            "gnubg's market window at this score (its `show marketwindow`, gammon rates from the \
         position): the taker's least winning chance to take, and the doubler's winning \
         chance from which the taker passes"
        } else {
            "gnubg's money formulas with gammons (Janowski): the taker's least winning chance to \
         take, and the doubler's winning chance from which the taker passes; dead cube and \
         fully live cube"
        });
}

/// The take and cash points in words, as the Cube panel shows them: "Take point 31.2 %
/// (live 26.1 %); cash point 68.8 % (live 73.9 %)".
pub fn market_words(p: &bgw_engine::reference::CubePoints, in_match: bool) -> String {
    let live = |x: Option<f64>| {
        let word = if in_match { "redoubled/live" } else { "live" };
        x.map(|x| format!(" ({word} {:.1} %)", 100.0 * x))
            .unwrap_or_default()
    };
    format!(
        "Take point {:.1} %{}; cash point {:.1} %{}",
        100.0 * p.take_point,
        live(p.live.map(|l| l.take_point)),
        100.0 * p.cash_point,
        live(p.live.map(|l| l.cash_point))
    )
}
