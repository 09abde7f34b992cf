//! The candidates' order and what a gnubg user pastes (issue 49, items 13, 14 and 15): the
//! table keeps the classic program's BRDVAL order, marks gnubg's best in its row (with a
//! hover), goes to gnubg's order in one click (g#), and keeps that choice across a restart; gnubg's
//! own two lines "Position ID: …" / "Match ID : …" paste as the ID pair does; at 1280×720 with
//! the Archive tab open the candidates under the board keep the width their table needs.

use crate::ui_common::SETTLE_STEPS;
use bgw::app::candidates::sort::Sort;
use bgw::app::settings::Tab;
use bgw::app::{AppState, ScriptedDialogs, ScriptedReferee, WorkbenchApp};
use bgw_engine::core::moves::Play;
use egui::Event;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, WorkbenchApp>;

/// A contact position with dozens of candidates (White to play 31).
const BUSY: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10";

/// A scripted gnubg whose order has nothing to do with the classic's: a figure from the
/// move's notation.
fn equity(p: &Play) -> f64 {
    let n = p.mv.notation();
    n.bytes()
        .enumerate()
        .map(|(i, b)| f64::from(b) / (i as f64 + 2.0))
        .sum::<f64>()
        / 1000.0
}

fn harness(state: AppState) -> H {
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.run();
    h
}

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn the_table_keeps_the_classic_order_marks_gnubgs_best_and_sorts_by_gnubg_in_one_click() {
    let state = AppState::default().with_referee(ScriptedReferee::answering(equity));
    let mut h = harness(state);
    h.event(Event::Paste(BUSY.into()));
    h.run();
    for _ in 0..20 {
        if h.state().state.candidates.judgement(Some(0)).is_some() {
            break;
        }
        h.run();
    }
    let s = &h.state().state;
    let c = &s.candidates;
    let j = c.judgement(Some(0)).expect("gnubg's verdict");
    let a = c.analysis.as_ref().unwrap();
    let best = j.best.and_then(|b| a.index_of(&b)).expect("gnubg's best");
    assert_ne!(
        best, 0,
        "the scripted gnubg disagrees with the classic's #1"
    );
    // The classic's order by default, gnubg's best starred in its row.
    assert_eq!(
        c.display_order(Some(0)),
        (0..a.candidates.len()).collect::<Vec<_>>()
    );
    let starred = format!("candidate {}: ", best + 1);
    let row = h
        .query_all_by_label_contains(&starred)
        .next()
        .map(|n| n.accesskit_node().label().unwrap_or_default().to_string());
    // The row may be below the fold: then the order's switch brings it up.
    if let Some(row) = row {
        assert!(row.ends_with(", gnubg's best"), "{row}");
    }
    // One click on gnubg's rank's title: gnubg's order, its best first.
    h.get_by_label("g#").click();
    h.run();
    let c = &h.state().state.candidates;
    assert_eq!(c.sort, Sort::by_gnubg());
    assert_eq!(c.display_order(Some(0))[0], best);
    assert!(
        shows(&h, &format!("●{}", best + 1)),
        "the star in its rank cell"
    );
    let row = h
        .query_all_by_label_contains(&starred)
        .next()
        .expect("gnubg's best row drawn first");
    assert!(
        row.accesskit_node()
            .label()
            .unwrap_or_default()
            .ends_with(", gnubg's best")
    );
    // Kept across a restart.
    let saved = ron::to_string(&h.state().state.persisted()).unwrap();
    let back = AppState::restore(ron::from_str(&saved).unwrap());
    assert_eq!(back.candidates.sort, Sort::by_gnubg());
    assert!(back.candidates.depth.by_gnubg);
    // A click on the classic's rank's title: the classic's order, kept too.
    h.get_by_label("#").click();
    h.run();
    assert_eq!(h.state().state.candidates.sort, Sort::default());
    let saved = ron::to_string(&h.state().state.persisted()).unwrap();
    let back = AppState::restore(ron::from_str(&saved).unwrap());
    assert_eq!(back.candidates.sort, Sort::default());
}

#[test]
fn gnubgs_own_two_lines_paste_as_the_id_pair() {
    let pair = "4HPwATDgc/ABMA:cAkAAAAAAAAA";
    let mut by_pair = harness(AppState::default().with_referee(ScriptedReferee::missing()));
    by_pair.event(Event::Paste(pair.into()));
    by_pair.run();
    let expected = by_pair.state().state.editing.edit;
    for text in [
        "Position ID: 4HPwATDgc/ABMA\nMatch ID   : cAkAAAAAAAAA",
        " GNU Backgammon  Position ID: 4HPwATDgc/ABMA\r\n                  Match ID   : cAkAAAAAAAAA\r\n",
    ] {
        let mut h = harness(AppState::default().with_referee(ScriptedReferee::missing()));
        // Another board first, so that the paste is seen to change it.
        h.event(Event::Paste(BUSY.into()));
        h.run();
        h.event(Event::Paste(text.into()));
        h.run();
        let s = &h.state().state;
        assert_eq!(s.editing.edit, expected, "{text:?}");
        assert!(
            !s.messages.log.iter().any(|l| l.contains("cannot read")),
            "{:?}",
            s.messages.log
        );
    }
}

#[test]
fn at_1280_by_720_the_archive_tab_leaves_the_candidates_their_width() {
    let mut state = AppState::default().with_referee(ScriptedReferee::missing());
    state.settings.tab = Tab::Archive;
    let mut h = harness(state);
    h.event(Event::Paste(BUSY.into()));
    h.run();
    let r = h.state().regions().expect("laid out");
    assert!(r.wide_tab);
    assert!(
        r.candidates.width() >= bgw::app::layout::CANDIDATES_UNDER_BOARD - 1.0,
        "{r:?}"
    );
    assert!(
        shows(&h, "candidate 1: "),
        "the rows are drawn under the board"
    );
}
