//! The analysis as text in gnubg's manner: the ASCII diagram with the Position ID, Match ID and
//! XGID (the one `bgw show` prints), the dice, every candidate with its BRDVAL and Δ and, when
//! it is there, gnubg's equity, rank and loss, and the term breakdown the screen shows (the
//! candidate shown against the one it is compared with).

use super::AppState;
use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::render_diagram;
use bgw_engine::core::position::Side;
use bgw_engine::evaluation::classic::Term;
use std::fmt::Write;

/// The text of the analysis on the board; why there is none (an illegal board).
pub fn text(state: &AppState) -> Result<String, String> {
    let setup = state
        .editing
        .edit
        .setup()
        .ok_or("the board is not a legal position")?;
    let mut t = render_diagram(&setup);
    if !t.ends_with('\n') {
        t.push('\n');
    }
    let on_roll = setup.position.on_roll();
    let (Some(a), Some(dice)) = (&state.candidates.analysis, setup.dice) else {
        let _ = writeln!(t, "\n {on_roll} to play: no dice set, no candidates.");
        return Ok(t);
    };
    if a.candidates.is_empty() {
        let _ = writeln!(t, "\n {on_roll} to play {dice}: no legal move.");
        return Ok(t);
    }
    candidate_lines(&mut t, state, a, (on_roll, dice));
    if let Some(rec) = state.candidates.rollouts.shown(&a.position, a.dice)
        && state.candidates.hidden_words().is_none()
    {
        let _ = write!(t, "\n{}", rec.text());
    }
    breakdown_lines(&mut t, state);
    Ok(t.lines().map(str::trim_end).collect::<Vec<_>>().join("\n") + "\n")
}

/// The candidates, one line each: BRDVAL and Δ, and gnubg's equity, rank and loss (with the
/// depth a move got when gnubg's move filter left it lower), under a line that says what
/// gnubg's figures are.
fn candidate_lines(
    t: &mut String,
    state: &AppState,
    a: &crate::app::candidates::analysis::Analysis,
    (on_roll, dice): (Side, Dice),
) {
    let _ = writeln!(
        t,
        "\n {on_roll} to play {dice}: {} legal results, ranked by the classic program's BRDVAL",
        a.candidates.len()
    );
    let view = state.candidates_view();
    let judgement = view.candidates.judgement(view.plies);
    let hidden = view.candidates.hidden_words();
    match (view.plies, judgement) {
        _ if hidden.is_some() => {
            let _ = writeln!(t, " gnubg: {}", hidden.as_deref().unwrap_or_default());
        }
        (None, _) => {}
        (Some(_), Some(j)) => {
            // What the figures are, in the panel's words: the match state or cubeless money.
            let (full, rated) = j.at_full_depth();
            let filtered = if full == rated {
                String::new()
            } else {
                format!(" ({})", j.depth_words())
            };
            let _ = writeln!(
                t,
                " gnubg at {}-ply{filtered}, {}; after each move its equity, its rank and the \
                 loss against its best",
                j.plies,
                crate::app::candidates::table::judged_at_words(j.at)
            );
        }
        (Some(p), None) => {
            let _ = writeln!(t, " gnubg at {p}-ply: no verdict (yet) on this position");
        }
    }
    let width = a
        .candidates
        .iter()
        .map(|c| c.play.mv.notation().chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    for (i, c) in a.candidates.iter().enumerate() {
        let delta = match i {
            0 => " ".repeat(10),
            _ => format!(" ({:+.3})", c.delta),
        };
        let gnubg = judgement
            .and_then(|j| j.of(&c.play.result))
            .map(|e| {
                let mwc = e
                    .mwc
                    .map(|m| format!("  MWC {:.2} %", 100.0 * m))
                    .unwrap_or_default();
                // A move gnubg's move filter left at a lower depth says so.
                let depth = match judgement {
                    Some(j) if e.plies != j.plies && e.rollout.is_none() => {
                        format!("  ({})", e.depth())
                    }
                    _ => String::new(),
                };
                format!(
                    "  gnubg {:+.3} #{:<2} loss {:5.1} mEMG{mwc}{depth}",
                    e.equity,
                    e.rank,
                    e.loss * 1000.0
                )
            })
            .unwrap_or_default();
        let classic = if c.classic_choice && hidden.is_none() {
            "  ◀ classic"
        } else {
            ""
        };
        let _ = writeln!(
            t,
            " {:>4}. {:<width$}  BRDVAL {:+9.3}{delta}{gnubg}{classic}",
            i + 1,
            c.play.mv.notation(),
            c.value,
        );
    }
}

/// The breakdown as the screen shows it: the candidate shown against the one it is compared
/// with (#1, #2 for #1 itself, or gnubg's best), or the only legal play alone.
fn breakdown_lines(t: &mut String, state: &AppState) {
    let view = state.candidates_view();
    let Some(a) = &state.candidates.analysis else {
        return;
    };
    let Some((i, r, name)) = crate::app::candidates::breakdown::pair(&view) else {
        return;
    };
    let c = &a.candidates[i];
    let other = r.map(|r| (r, &a.candidates[r]));
    let delta_title = match other {
        Some((r, _)) => format!("Δ vs #{}", r + 1),
        None => String::new(),
    };
    match other {
        Some((r, o)) => {
            let _ = writeln!(
                t,
                "\n Breakdown of #{} {} against {name} (#{} {}):",
                i + 1,
                c.play.mv.notation(),
                r + 1,
                o.play.mv.notation()
            );
        }
        None => {
            let _ = writeln!(
                t,
                "\n Breakdown of #{} {}, the only legal play:",
                i + 1,
                c.play.mv.notation()
            );
        }
    }
    let _ = writeln!(
        t,
        " {:<8} {:<20} {:>6} {:>6} {:>9} {:>9} {:>9}",
        "term", "", "own", "opp", "weight", "addend", delta_title
    );
    let delta = |x: f64| match other {
        Some(_) => format!("{x:>+9.3}"),
        None => String::new(),
    };
    for info in state.weights.current.terms_on().map(Term::info) {
        let k = info.term.index();
        let d = delta(c.addends[k] - other.map_or(0.0, |(_, o)| o.addends[k]));
        let _ = writeln!(
            t,
            " {:<8} {:<20} {:>6} {:>6} {:>+9.4} {:>+9.3} {d}",
            info.seed_name,
            info.label,
            c.features.own[k],
            c.features.opp[k],
            state.weights.current.get(info.term),
            c.addends[k],
        );
    }
    let d = delta(c.value - other.map_or(0.0, |(_, o)| o.value));
    let _ = writeln!(
        t,
        " {:<8} {:<20} {:>6} {:>6} {:>9} {:>+9.3} {d}",
        "BRDVAL", "sum", "", "", "", c.value
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{EditAction, Loc};
    use bgw_engine::core::position::Side;

    #[test]
    fn the_text_has_the_ids_the_dice_and_every_candidate() {
        let mut s = AppState::default();
        s.act(EditAction::Paste(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10".into(),
        ));
        let setup = s.editing.edit.setup().unwrap();
        let t = text(&s).unwrap();
        assert!(t.contains(&setup.position_id()), "{t}");
        assert!(t.contains(&setup.xgid()), "{t}");
        assert!(t.contains("to play 31"), "{t}");
        let a = s.candidates.analysis.as_ref().unwrap();
        assert!(a.candidates.len() > 5);
        for (i, c) in a.candidates.iter().enumerate() {
            let row = format!("{:>4}. {}", i + 1, c.play.mv.notation());
            assert!(t.contains(&row), "{row} missing:\n{t}");
        }
        for t_ in Term::SEED {
            assert!(t.contains(t_.seed_name()), "{t}");
        }
        assert!(t.contains("BRDVAL   sum"), "{t}");
        // An illegal board: refused with the reason.
        s.act(EditAction::Add(Side::White, Loc::Point(1)));
        s.act(EditAction::Add(Side::White, Loc::Point(1)));
        assert!(text(&s).unwrap_err().contains("not a legal position"));
    }

    #[test]
    fn the_text_says_what_the_screen_shows_with_gnubgs_verdict() {
        use crate::app::candidates::CandidatesAction;
        // A stand-in gnubg that prefers fewer pips for the side that moved: a verdict that
        // differs from the classic's order.
        let referee = crate::app::ScriptedReferee::answering(|p| {
            let (me, _) = p.result.pips();
            -(me as f64) / 100.0
        });
        let mut s = AppState::default().with_referee(referee);
        s.act(EditAction::Paste(
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10".into(),
        ));
        let _ = s.poll(|_| true);
        let j = s
            .candidates
            .judgement(Some(0))
            .expect("the stand-in answered")
            .clone();
        let t = text(&s).unwrap();
        // The XGID's money game under Jacoby with beavers is judged at that state, and said.
        let words = crate::app::candidates::table::judged_at_words(j.at);
        assert_eq!(
            words,
            "money, cube 1 centred, Jacoby, beavers: cubeful equity"
        );
        assert!(t.contains(&format!("gnubg at 0-ply, {words};")), "{t}");
        let a = s.candidates.analysis.as_ref().unwrap();
        for (i, c) in a.candidates.iter().enumerate() {
            let e = j.of(&c.play.result).expect("every candidate judged");
            let row = t
                .lines()
                .find(|l| l.starts_with(&format!(" {:>4}. {} ", i + 1, c.play.mv.notation())))
                .unwrap_or_else(|| panic!("row {} missing:\n{t}", i + 1));
            assert!(
                row.contains(&format!("gnubg {:+.3} #{}", e.equity, e.rank)),
                "{row}"
            );
        }
        // Nothing selected: the screen compares #1 with #2, and so does the text, with the
        // differences it shows.
        assert!(t.contains("Breakdown of #1 "), "{t}");
        assert!(t.contains("against #2 (#2 "), "{t}");
        assert!(t.contains("Δ vs #2"), "{t}");
        let (c1, c2) = (&a.candidates[0], &a.candidates[1]);
        let sum = t.lines().find(|l| l.starts_with(" BRDVAL   sum")).unwrap();
        assert!(
            sum.ends_with(&format!("{:+.3}", c1.value - c2.value)),
            "{sum}"
        );
        // Compared with gnubg's best when the screen is.
        // (A candidate that is not gnubg's best, so that the check always runs.)
        let best = a_index(&s, j.best.unwrap());
        let pick = if best == 3 { 4 } else { 3 };
        s.act(CandidatesAction::CompareWithGnubg(true));
        s.act(CandidatesAction::Select(pick));
        let t = text(&s).unwrap();
        let picked = &s.candidates.analysis.as_ref().unwrap().candidates[pick];
        assert!(
            t.contains(&format!(
                "Breakdown of #{} {} against gnubg's best (#{}",
                pick + 1,
                picked.play.mv.notation(),
                best + 1
            )),
            "{t}"
        );
    }

    #[test]
    fn the_text_names_what_gnubgs_figures_are_as_the_panel_does() {
        use crate::app::candidates::CandidatesAction;
        use crate::app::candidates::table::judged_at_words;
        let referee = crate::app::ScriptedReferee::answering(|p| {
            let (me, _) = p.result.pips();
            -(me as f64) / 100.0
        });
        let mut s = AppState::default().with_referee(referee);
        s.act(EditAction::Paste(
            "XGID=-b----E-C---eE---c-e----B-:1:1:1:31:3:2:0:7:10".into(),
        ));
        let _ = s.poll(|_| true);
        let j = s.candidates.judgement(Some(0)).expect("answered").clone();
        assert!(j.at.is_some(), "judged at the match state");
        let t = text(&s).unwrap();
        let words = judged_at_words(j.at);
        assert_eq!(
            words,
            "at 3-2 to 7, cube 2 White: cubeful equity (EMG), MWC"
        );
        assert!(t.contains(&format!("gnubg at 0-ply, {words};")), "{t}");
        assert!(!t.contains("cubeless money"), "{t}");
        // Switched to cubeless money, the text says so.
        s.act(CandidatesAction::SetCubeless(true));
        let _ = s.poll(|_| true);
        let t = text(&s).unwrap();
        assert!(t.contains("gnubg at 0-ply, cubeless money;"), "{t}");
    }

    /// The index of the candidate reaching `result`.
    fn a_index(s: &AppState, result: bgw_engine::Position) -> usize {
        s.candidates
            .analysis
            .as_ref()
            .unwrap()
            .index_of(&result)
            .unwrap()
    }

    #[test]
    fn the_only_legal_play_is_broken_down_alone() {
        let mut s = AppState::default();
        s.act(EditAction::Paste(
            "XGID=-A-----------------o------:0:0:1:21:0:0:0:0:10".into(),
        ));
        let t = text(&s).unwrap();
        assert!(
            t.contains("Breakdown of #1 1/off, the only legal play:"),
            "{t}"
        );
        assert!(!t.contains("Δ vs"), "{t}");
    }
}
