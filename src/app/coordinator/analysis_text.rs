//! The analysis as text in gnubg's manner: the ASCII diagram with the Position ID, Match ID and
//! XGID (the one `bgw show` prints), the dice, every candidate with its BRDVAL and Δ, and the
//! term breakdown of the selected (or best) candidate.

use super::AppState;
use bgw_engine::core::formats::render_diagram;
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
    let _ = writeln!(
        t,
        "\n {on_roll} to play {dice}: {} legal results, ranked by the classic program's BRDVAL",
        a.candidates.len()
    );
    let width = a
        .candidates
        .iter()
        .map(|c| c.play.mv.notation().chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    for (i, c) in a.candidates.iter().enumerate() {
        let delta = match i {
            0 => String::new(),
            _ => format!(" ({:+.3})", c.delta),
        };
        let classic = if c.classic_choice {
            "  ◀ classic"
        } else {
            ""
        };
        let _ = writeln!(
            t,
            " {:>4}. {:<width$}  BRDVAL {:+9.3}{delta}{classic}",
            i + 1,
            c.play.mv.notation(),
            c.value,
        );
    }
    let i = state.candidates.selected.unwrap_or(0);
    let c = &a.candidates[i];
    let best = &a.candidates[0];
    let _ = writeln!(t, "\n Breakdown of #{} {}:", i + 1, c.play.mv.notation());
    let _ = writeln!(
        t,
        " {:<8} {:<20} {:>6} {:>6} {:>9} {:>9} {:>9}",
        "term", "", "own", "opp", "weight", "addend", "Δ vs #1"
    );
    for info in state.weights.current.terms_on().map(Term::info) {
        let k = info.term.index();
        let _ = writeln!(
            t,
            " {:<8} {:<20} {:>6} {:>6} {:>+9.4} {:>+9.3} {:>+9.3}",
            info.seed_name,
            info.label,
            c.features.own[k],
            c.features.opp[k],
            state.weights.current.get(info.term),
            c.addends[k],
            c.addends[k] - best.addends[k],
        );
    }
    let _ = writeln!(
        t,
        " {:<8} {:<20} {:>6} {:>6} {:>9} {:>+9.3} {:>+9.3}",
        "BRDVAL", "sum", "", "", "", c.value, c.delta
    );
    Ok(t)
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
}
