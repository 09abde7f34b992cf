//! gnubg at the position's own match state in the workbench (headless, egui_kittest): the
//! candidates judged cubeful at the score and cube a pasted XGID carries, with cubeless money
//! one click away and the header saying which; and the Cube panel before the roll.

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::{
    AppState, CandidatesAction, ScriptedDialogs, ScriptedReferee, Tab, ViewAction, WorkbenchApp,
};
use bgw_engine::reference::{CubeDecision, CubeMwc, Question};
use egui::Event;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, WorkbenchApp>;

/// 3-2 to 7, cube 2 owned by White, White to play 5-2.
const ROLLED: &str = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10";
/// The same before the roll.
const BEFORE_ROLL: &str = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10";

/// A cube decision like gnubg's at that state (its 0-ply figures), whatever it is asked.
fn redouble(
    _: &bgw_engine::Position,
    _: &bgw_engine::reference::MatchContext,
    plies: u8,
) -> CubeDecision {
    CubeDecision {
        plies,
        no_double: 0.212,
        double_take: -0.278,
        double_pass: 1.0,
        action: "No redouble, take".into(),
        probs: [0.522, 0.154, 0.008, 0.130, 0.008],
        cubeless: 0.084,
        mwc: Some(CubeMwc {
            no_double: 0.6195,
            double_take: 0.5422,
            double_pass: 0.7436,
            cubeless: 0.5994,
        }),
        points: None,
    }
}

fn harness(referee: ScriptedReferee) -> H {
    harness_of(AppState::default().with_referee(referee))
}

fn harness_of(state: AppState) -> H {
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

/// The match state of the last question about moves the referee was asked.
fn asked_at(referee: &ScriptedReferee) -> Vec<Option<bgw_engine::reference::MatchContext>> {
    referee
        .pending()
        .into_iter()
        .filter_map(|q| match q {
            Question::RankMoves { at, .. } => Some(at),
            _ => None,
        })
        .collect()
}

#[test]
fn a_pasted_match_position_is_judged_at_its_score_and_cubeless_money_is_one_click_away() {
    let referee = ScriptedReferee::answering(|p| f64::from(p.result.pips().1) / 1000.0);
    let mut h = harness(referee.clone());
    referee.hold(true);
    h.event(Event::Paste(ROLLED.into()));
    h.run();
    let at = asked_at(&referee);
    assert_eq!(at.len(), 1, "{at:?}");
    assert_eq!(
        at[0].map(|a| a.describe()).as_deref(),
        Some("at 3-2 to 7, cube 2 White")
    );
    assert!(shows(
        &h,
        "at 3-2 to 7, cube 2 White: cubeful equity (EMG), MWC"
    ));
    referee.hold(false);
    h.run();
    assert!(h.state().state.candidates.judgement(Some(0)).is_some());

    // One click: cubeless money, asked again and said so.
    referee.hold(true);
    h.get_by_label("cubeless money").click();
    h.run();
    assert_eq!(asked_at(&referee), vec![None]);
    assert!(shows(&h, "cubeless money"));
    assert!(!shows(&h, "cubeful equity (EMG)"));
    // And back: the match state's verdict was kept, not asked again.
    let before = referee.submitted();
    h.get_by_label("at the match state").click();
    h.run();
    assert_eq!(referee.submitted(), before);
    assert!(shows(&h, "cubeful equity (EMG), MWC"));
}

#[test]
fn a_position_alone_is_judged_as_cubeless_money_with_no_switch() {
    let referee = ScriptedReferee::answering(|_| 0.0);
    let mut h = harness(referee.clone());
    referee.hold(true);
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10".into(),
    ));
    h.run();
    assert_eq!(asked_at(&referee), vec![None]);
    assert!(shows(&h, "cubeless money"));
    assert!(h.query_all_by_label("at the match state").next().is_none());
}

#[test]
fn before_the_roll_the_cube_panel_shows_gnubgs_decision_at_the_match_state() {
    let referee = ScriptedReferee::answering_cube(|_| 0.0, redouble);
    let mut h = harness(referee.clone());
    h.event(Event::Paste(BEFORE_ROLL.into()));
    h.run();
    assert!(
        shows(&h, "Cube decision — White on roll"),
        "the panel's title"
    );
    assert!(shows(&h, "at 3-2 to 7, cube 2 White"));
    assert!(shows(&h, "Proper cube action: No redouble, take"));
    for cell in ["+0.212", "-0.278", "+1.000", "-0.490", "61.95 %", "74.36 %"] {
        assert!(shows(&h, cell), "{cell}");
    }
    assert!(shows(&h, "Doubling costs 0.490; passing costs 1.278"));

    // Another depth is another question; gnubg off says so.
    h.state_mut().act(CandidatesAction::SetGnubgPlies(Some(2)));
    h.run();
    assert!(shows(&h, "2-ply, cubeful"));
    h.state_mut().act(CandidatesAction::SetGnubgPlies(None));
    h.run();
    assert!(shows(&h, "gnubg is off"));
}

/// The Cube questions gnubg was asked and has not answered (its replies held).
fn cube_questions(referee: &ScriptedReferee) -> Vec<bgw_engine::Position> {
    referee
        .pending()
        .into_iter()
        .filter_map(|q| match q {
            Question::Cube { position, .. } => Some(position),
            _ => None,
        })
        .collect()
}

#[test]
fn who_may_not_double_is_told_why_and_gnubg_is_not_asked() {
    let referee = ScriptedReferee::answering_cube(|_| 0.0, redouble);
    let mut h = harness(referee.clone());
    referee.hold(true);
    for (tail, why) in [
        (
            "0:0:1:00:6:3:1:7:10",
            "White cannot double: the Crawford game.",
        ),
        (
            "1:-1:1:00:3:2:0:7:10",
            "White cannot double: Black owns the cube.",
        ),
        (
            "1:1:1:00:5:2:0:7:10",
            "White cannot double: dead cube (White needs 2 points",
        ),
    ] {
        h.event(Event::Paste(format!(
            "XGID=-b----E-C---eE---c-e----B-:{tail}"
        )));
        h.run();
        assert!(shows(&h, why), "{tail}: {why}");
        for figure in [
            "Double, take",
            "Double, pass",
            "Doubling costs",
            "Proper cube action",
        ] {
            assert!(!shows(&h, figure), "{tail}: {figure} shown");
        }
        assert!(cube_questions(&referee).is_empty(), "{tail}: gnubg asked");
    }
    // A side that may double is asked about as before.
    h.event(Event::Paste(BEFORE_ROLL.into()));
    h.run();
    assert_eq!(cube_questions(&referee).len(), 1);
}

/// gnubg's figures for the doubler of the take decision below (its 0-ply hint).
fn double_pass(
    _: &bgw_engine::Position,
    _: &bgw_engine::reference::MatchContext,
    plies: u8,
) -> CubeDecision {
    CubeDecision {
        plies,
        no_double: 0.845,
        double_take: 1.031,
        double_pass: 1.0,
        action: "Double, pass".into(),
        probs: [0.657, 0.297, 0.008, 0.090, 0.003],
        cubeless: 0.528,
        mwc: None,
        points: None,
    }
}

#[test]
fn a_double_on_offer_shows_the_doublers_figures_and_the_takers_verdict() {
    let referee = ScriptedReferee::answering_cube(|_| 0.0, double_pass);
    let mut h = harness(referee.clone());
    referee.hold(true);
    // Black (on the bar, 0) has doubled White (3) at 0-3 to 7: White takes or passes.
    h.event(Event::Paste(
        "XGID=aA---BC-D-a-cD--a--cbbbA--:0:0:-1:D:3:0:0:7:10".into(),
    ));
    h.run();
    let asked = cube_questions(&referee);
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].on_roll(),
        bgw_engine::Side::Black,
        "gnubg is asked about the doubler's position"
    );
    referee.hold(false);
    h.run();
    assert!(shows(
        &h,
        "Take decision — Black doubles to 2, White to take or pass"
    ));
    assert!(shows(&h, "Correct response (White): Pass"));
    assert!(shows(&h, "Taking costs 0.031"));
    assert!(shows(&h, "proper cube action: Double, pass"));
    assert!(!shows(&h, "Doubling costs") && !shows(&h, "Not doubling costs"));
}

#[test]
fn an_engine_without_cube_decisions_is_said_to_have_failed_and_can_be_asked_again() {
    let referee = ScriptedReferee::answering(|_| 0.0);
    let mut h = harness(referee.clone());
    h.event(Event::Paste(BEFORE_ROLL.into()));
    h.run();
    assert!(shows(&h, "has no cube decisions"));
    let before = referee.submitted();
    h.get_by_label("Retry").click();
    h.run();
    assert_eq!(referee.submitted(), before + 1);
}

#[test]
fn with_a_cubeful_database_open_the_cube_panel_adds_its_exact_verdict() {
    use bgw::app::bearoff::two_sided::Loaded;
    use bgw_engine::bearoff::two_sided::{Kind, TwoSidedDb};
    use bgw_engine::core::task::Task;
    use bgw_engine::studies::race::exact_verdict_of;
    let referee = ScriptedReferee::answering_cube(|_| 0.0, redouble);
    let mut state = AppState::default().with_referee(referee);
    let db = TwoSidedDb::build(4, 4, Kind::Cubeful, &Task::new()).unwrap();
    // A race of two checkers a side on points 1 and 2, money, White on roll, not rolled.
    let race = format!("XGID=-AA{}aa-:0:0:1:00:0:0:0:0:10", "-".repeat(20));
    let setup = bgw_engine::core::formats::read_setup(&race).unwrap();
    let exact = exact_verdict_of(&db, &setup.position).unwrap().centred;
    state.bearoff.two_sided.loaded = Some(Loaded::new(db, "4×4 test".into()));
    let mut h = harness_of(state);
    h.event(Event::Paste(race));
    h.run();
    assert!(
        shows(&h, "Proper cube action: No redouble, take"),
        "gnubg's"
    );
    assert!(
        shows(
            &h,
            &format!(
                "Exact (4×4 test, money, cube centred): {}",
                exact.action().name()
            )
        ),
        "the database's"
    );
    assert!(shows(
        &h,
        &format!("Double, take {:+.3}", exact.double_take)
    ));

    // A contact position: the database says why it has nothing.
    h.event(Event::Paste(BEFORE_ROLL.into()));
    h.run();
    assert!(shows(&h, "Exact (4×4 test): none — "));
}

/// A race, White 53 pips, Black 31, White on roll (money, cube centred).
const RACE: &str = "338gAAD7HU4AAA";

/// gnubg's answer for any position: double, take (no double +0.600, double/take +0.800).
fn double_take(
    _: &bgw_engine::Position,
    _: &bgw_engine::reference::MatchContext,
    plies: u8,
) -> CubeDecision {
    CubeDecision {
        plies,
        no_double: 0.6,
        double_take: 0.8,
        double_pass: 1.0,
        action: "Double, take".into(),
        probs: [0.8, 0.0, 0.0, 0.0, 0.0],
        cubeless: 0.6,
        mwc: None,
        points: bgw_engine::reference::money_points(&[0.8, 0.0, 0.0, 0.0, 0.0]).into(),
    }
}

#[test]
fn the_race_tab_marks_each_formula_against_gnubgs_cube_and_says_what_the_wrong_ones_cost() {
    let referee = ScriptedReferee::answering_cube(|_| 0.0, double_take);
    let mut state = AppState::default().with_referee(referee);
    state.apply(ViewAction::SetTab(Tab::Race));
    // Tall enough for the tab's two tables whole (their rows out of view are not drawn; at
    // 1280×720 the tab scrolls).
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 2000.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.run();
    h.event(Event::Paste(RACE.into()));
    h.run();
    assert!(shows(
        &h,
        "The formulas' cube verdicts against the exact one and gnubg's"
    ));
    assert!(
        shows(&h, "gnubg 0-ply: Double, take"),
        "gnubg's verdict beside them"
    );
    assert!(
        shows(&h, "open a cubeful two-sided database"),
        "no exact verdict without one"
    );
    for name in ["Keith", "Thorp", "Kleinman", "8-9-12", "Isight"] {
        assert!(shows(&h, name), "{name}");
    }
    // White trails by 22 pips: every formula says no double, gnubg (scripted) doubles.
    let wrong = h.query_all_by_label("wrong: double").count();
    assert_eq!(wrong, 5, "each formula's missed double is marked");
    // Not doubling gives up 0.2 of gnubg's equity.
    assert_eq!(h.query_all_by_label("0.200 (gnubg)").count(), 5);
    // The Cube panel gives the take and cash points (money: gnubg's formulas with gammons).
    assert!(shows(
        &h,
        "Take point 25.0 % (live 20.0 %); cash point 75.0 % (live 80.0 %)"
    ));
}

#[test]
fn the_board_draws_the_cube_of_the_match_state() {
    let referee = ScriptedReferee::answering_cube(|_| 0.0, redouble);
    let mut h = harness(referee);
    assert!(
        shows(&h, "board, cube centred"),
        "a money game: the cube centred"
    );
    h.event(Event::Paste(BEFORE_ROLL.into()));
    h.run();
    assert!(
        shows(&h, "board, cube 2, White's"),
        "owned by White at 3-2 to 7"
    );
}

#[test]
fn gnubgs_probabilities_are_one_click_away_and_the_header_says_what_was_evaluated() {
    let referee = ScriptedReferee::answering(|p| f64::from(p.result.pips().1) / 1000.0);
    let mut h = harness(referee);
    h.event(Event::Paste(ROLLED.into()));
    h.run();
    assert!(shows(&h, "every move at 0-ply"), "the depth and the filter");
    assert!(!shows(&h, "W WG WBG LG LBG %"));
    h.get_by_label("W/WG/WBG LG/LBG").click();
    h.run();
    assert!(shows(&h, "W WG WBG LG LBG %"), "the probabilities' column");
    assert!(h.state().state.candidates.show_probs);
}

#[test]
fn deeper_than_0_ply_the_column_is_gnubgs_hint_and_says_each_moves_depth() {
    // As gnubg's own hint: its move filter sends the best moves on to the chosen depth, the
    // others keep their 0-ply figures; the app asks for that list, and says so.
    let referee =
        ScriptedReferee::answering(|p| f64::from(p.result.pips().1) / 1000.0).with_hint_filter(3);
    let mut h = harness(referee.clone());
    referee.hold(true);
    h.event(Event::Paste(ROLLED.into()));
    h.run();
    h.state_mut().act(CandidatesAction::SetGnubgPlies(Some(2)));
    h.run();
    let asked: Vec<(u8, bool)> = referee
        .pending()
        .into_iter()
        .filter_map(|q| match q {
            Question::RankMoves { plies, hint, .. } => Some((plies, hint)),
            _ => None,
        })
        .collect();
    assert!(
        asked.contains(&(2, true)),
        "gnubg's hint at 2-ply: {asked:?}"
    );
    assert!(asked.iter().all(|&(_, hint)| hint), "{asked:?}");
    referee.hold(false);
    h.run();
    let legal = h
        .state()
        .state
        .candidates
        .judgement(Some(2))
        .map(|j| j.at_full_depth());
    let Some((3, rated)) = legal else {
        panic!("three moves at 2-ply: {legal:?}")
    };
    assert!(rated > 3, "{rated} moves");
    assert!(shows(
        &h,
        &format!("gnubg's move filter: 3 of {rated} moves at 2-ply, the rest lower")
    ));
    // The depth column says which moves got which depth.
    assert_eq!(
        h.query_all_by_label("2-ply").count(),
        3 + 1,
        "three rows and the button"
    );
    assert_eq!(h.query_all_by_label("0-ply").count(), rated - 3 + 1);
}
