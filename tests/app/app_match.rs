//! The Match tab in the workbench (headless, egui_kittest): a match opened from the File menu,
//! dropped on the window or pasted; its decisions stepped with the arrow keys, each on the
//! board with the move played marked among the candidates; a review by a scripted engine
//! filling the table and the players' figures.

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::match_review::{MatchAction, edit_of};
use bgw::app::referee::EngineFactory;
use bgw::app::{AppState, ScriptedDialogs, Tab, WorkbenchApp};
use bgw_engine::core::task::Task;
use bgw_engine::reference::{CubeDecision, ReferenceEngine, ScriptedEngine};
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

type H = Harness<'static, WorkbenchApp>;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/matches")
        .join(name)
}

/// An engine rating every play by its notation's length and every cube "No double, take".
fn scripted_engine() -> ScriptedEngine {
    ScriptedEngine::new(|_, p| -(p.mv.notation().len() as f64) / 100.0).with_cube(|_, _, plies| {
        CubeDecision {
            plies,
            no_double: 0.1,
            double_take: 0.05,
            double_pass: 1.0,
            action: "No double, take".into(),
            probs: [0.6, 0.1, 0.0, 0.05, 0.0],
            cubeless: 0.1,
            mwc: None,
            points: None,
        }
    })
}

/// Engines as [`scripted_engine`].
fn scripted() -> EngineFactory {
    Arc::new(|_: &Task| Box::new(scripted_engine()) as Box<dyn ReferenceEngine + Send>)
}

fn harness(dialogs: ScriptedDialogs) -> H {
    harness_of(scripted(), dialogs, egui::vec2(1280.0, 720.0))
}

fn harness_of(engines: EngineFactory, dialogs: ScriptedDialogs, size: egui::Vec2) -> H {
    let state = AppState::default().with_review_engines(engines);
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(size)
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(dialogs)),
        );
    h.run();
    h
}

/// Clicks Review and waits (bounded) until the review has ended with a summary.
fn review_to_the_end(h: &mut H) {
    h.get_by_label("Review").click();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        h.run();
        let s = &h.state().state.match_review;
        if s.job().is_none() && s.loaded.as_ref().unwrap().summary.is_some() {
            break;
        }
        assert!(Instant::now() < deadline, "the review did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
}

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The board being edited is the selected decision's.
fn board_is_selected_decision(h: &H) -> bool {
    let s = &h.state().state;
    let (g, d) = s.match_review.selected.expect("a decision selected");
    let l = s.match_review.loaded.as_ref().unwrap();
    s.editing.edit == edit_of(l.decision(g, d).unwrap())
}

#[test]
fn a_match_opened_from_the_file_menu_steps_with_the_arrow_keys() {
    // One Open (Ctrl+O) takes a position or a match: a match goes to the Match tab.
    let mut h = harness(ScriptedDialogs::answering([data("gnubg_7pt_seed102.mat")]));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    for _ in 0..50 {
        h.run();
        if h.state().state.match_review.loaded.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run();
    assert_eq!(h.state().state.settings.tab, Tab::Match);
    assert!(shows(
        &h,
        "gnubg_7pt_seed102.mat: gnubg vs root, 7-point match"
    ));
    assert_eq!(h.state().state.match_review.selected, Some((0, 0)));
    assert!(board_is_selected_decision(&h));
    // One numbering: game 1's decisions are 1.1, 1.2, 1.3 (as `bgw match decisions` writes
    // "game 1 #2"), not the file's move numbers, which two decisions share.
    for n in ["1.1", "1.2", "1.3"] {
        assert_eq!(h.query_all_by_label(n).count(), 1, "one row numbered {n}");
    }
    // The first decision is a roll: the board has its dice, the candidates mark the move played.
    assert!(h.state().state.editing.edit.roll().is_some());
    assert!(shows(&h, "◆ played"));
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(h.state().state.match_review.selected, Some((0, 1)));
    assert!(board_is_selected_decision(&h));
    h.key_press(Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().state.match_review.selected, Some((0, 0)));
    // Editing the board leaves the match as it was, and the marks go.
    h.state_mut().act(bgw::app::EditAction::ClearDice);
    h.run();
    assert!(!board_is_selected_decision(&h));
    assert!(!shows(&h, "◆ played"));
    assert_eq!(h.state().state.match_review.selected, Some((0, 0)));
    // Choosing a game in the games list goes to its first decision.
    h.get_by_role(egui::accesskit::Role::ComboBox).click();
    h.run();
    assert!(shows(&h, "Game 1 (0–0)"));
    h.get_by_label_contains("Game 2 (").click();
    h.run();
    assert_eq!(h.state().state.match_review.selected, Some((1, 0)));
    assert!(board_is_selected_decision(&h));
}

#[test]
fn a_review_fills_the_decisions_and_the_players_figures() {
    let mut h = harness(ScriptedDialogs::default());
    h.state_mut()
        .act(MatchAction::Load(data("gnubg_3pt_seed103.mat")));
    h.run();
    assert!(!shows(&h, "explains"));
    review_to_the_end(&mut h);
    let (done, all) = h
        .state()
        .state
        .match_review
        .loaded
        .as_ref()
        .unwrap()
        .reviewed();
    assert_eq!(done, all);
    assert!(shows(&h, "unforced") && shows(&h, "error rate"));
    assert!(shows(&h, "Classic (these weights)") && shows(&h, "explains"));
    assert!(shows(&h, "Review again"));
    // Errors only: the table keeps the marked decisions, stepping goes among them.
    h.get_by_label("errors only").click();
    h.run();
    let shown = h.state().state.match_review.shown();
    assert!(!shown.is_empty() && shown.len() < all);
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(shown.contains(&h.state().state.match_review.selected.unwrap()));
    assert!(board_is_selected_decision(&h));
    // The review's best is marked among the candidates of a marked checker play.
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    let (g, d) = shown
        .iter()
        .copied()
        .find(|&(g, d)| {
            l.decision(g, d).unwrap().checkers().is_some()
                && matches!(
                    l.verdict(g, d),
                    Some(bgw_engine::review::Verdict::Move { play, .. }) if play.loss.unwrap_or(0.0) > 0.03
                )
        })
        .expect("a marked checker play");
    h.state_mut().act(MatchAction::Select(g, d));
    h.run();
    assert!(shows(&h, "◆ played, best") || (shows(&h, "◆ played") && shows(&h, "◆ best")));
}

#[test]
fn a_take_is_shown_from_the_doublers_side_with_the_takers_verdict() {
    use bgw::app::ScriptedReferee;
    use bgw_engine::matches::DecisionKind;
    // gnubg (scripted) says double, pass for any doubler.
    let referee = ScriptedReferee::answering_cube(
        |_| 0.0,
        |_, _, plies| CubeDecision {
            plies,
            no_double: 0.845,
            double_take: 1.031,
            double_pass: 1.0,
            action: "Double, pass".into(),
            probs: [0.657, 0.297, 0.008, 0.090, 0.003],
            cubeless: 0.528,
            mwc: None,
            points: None,
        },
    );
    let state = AppState::default()
        .with_review_engines(scripted())
        .with_referee(referee);
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.state_mut()
        .act(MatchAction::Load(data("real/galaxy_match1497590.txt")));
    h.run();
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    let games = &l.game.games;
    let (g, d) = (0..games.len())
        .flat_map(|g| (0..games[g].decisions.len()).map(move |d| (g, d)))
        .find(|&(g, d)| matches!(games[g].decisions[d].kind, DecisionKind::Take))
        .expect("the match has a take");
    let taken = l.decision(g, d).unwrap().clone();
    h.state_mut().act(MatchAction::Select(g, d));
    for _ in 0..5 {
        h.run();
    }
    assert!(board_is_selected_decision(&h));
    // The board: the doubler on roll, its position, the double on offer.
    let taker = taken.position.on_roll();
    let doubler = taker.opponent();
    let setup = h.state().state.editing.edit.setup().unwrap();
    assert_eq!(setup.position, taken.position.mirror());
    assert_eq!(setup.position.on_roll(), doubler);
    assert!(setup.match_state.unwrap().double_offered());
    // The panel: the doubler's figures, the taker's verdict.
    assert!(
        shows(
            &h,
            &format!("Take decision — {doubler} doubles to 2, {taker} to take or pass")
        ),
        "the panel's title"
    );
    assert!(shows(&h, &format!("Correct response ({taker}): Pass")));
    assert!(shows(&h, "Taking costs 0.031"));
    assert!(!shows(&h, "Doubling costs"));
}

/// A file dropped on the window.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_dropped_match_file_and_a_pasted_match_open_in_the_match_tab() {
    let mut h = harness(ScriptedDialogs::default());
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(data("gnubg_5pt_seed101.sgf"))));
    h.run();
    assert_eq!(h.state().state.settings.tab, Tab::Match);
    assert!(shows(
        &h,
        "gnubg_5pt_seed101.sgf: gnubg vs root, 5-point match"
    ));
    assert!(board_is_selected_decision(&h));
    // A pasted MAT replaces it; a pasted position ID is still a position.
    let text = std::fs::read_to_string(data("real/studio_boardlord_llabba_7pt.txt")).unwrap();
    h.event(Event::Paste(text));
    h.run();
    assert!(shows(&h, "pasted match: "));
    assert!(board_is_selected_decision(&h));
    h.event(Event::Paste("4HPwATDgc/ABMA".into()));
    h.run();
    assert!(!board_is_selected_decision(&h));
    assert!(h.state().state.match_review.loaded.is_some());
    // A file that is not a match: the reason on the status line, the match stays.
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(data("analysis_0ply_summary.json"))));
    h.run();
    assert!(shows(&h, "analysis_0ply_summary.json was not opened"));
    assert!(shows(&h, "pasted match: "));
}

/// Engines as [`scripted`], with each roll's luck: +0.7 EMG (very lucky) for doubles, −0.4
/// (unlucky) for 2-1, 0 otherwise.
fn scripted_with_luck() -> EngineFactory {
    Arc::new(|_: &Task| {
        let e = scripted_engine().with_luck(|_, dice| match (dice.high(), dice.low()) {
            (a, b) if a == b => 0.7,
            (2, 1) => -0.4,
            _ => 0.0,
        });
        Box::new(e) as Box<dyn ReferenceEngine + Send>
    })
}

/// Issue 37 in the app: after a review the players' table has luck, rating and the classic's
/// explained errors; gnubg's statistics block unfolds; the decisions mark lucky and unlucky
/// rolls; the match plot draws the checker plays with the errors and the rolls marked, and a
/// click on it selects a decision; a checker error says why in the classic's terms.
/// The 3-point match opened in a window of `size` and reviewed to the end by
/// [`scripted_with_luck`].
fn reviewed_with_luck(size: egui::Vec2) -> H {
    let mut h = harness_of(scripted_with_luck(), ScriptedDialogs::default(), size);
    h.state_mut()
        .act(MatchAction::Load(data("gnubg_3pt_seed103.mat")));
    h.run();
    review_to_the_end(&mut h);
    h
}

#[test]
fn a_review_shows_the_statistics_block_the_luck_the_plot_and_why() {
    let mut h = reviewed_with_luck(egui::vec2(1920.0, 1080.0));
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    assert!(l.luck.is_some(), "{:?}", l.luck_failure);
    let summary = l.summary.clone().unwrap();
    let marked = summary[0].statistics.rolls_marked.unwrap();
    assert!(marked.very_lucky > 0 && marked.unlucky > 0, "{marked:?}");
    // The players' table.
    assert!(shows(&h, "explains") && shows(&h, "luck") && shows(&h, "rating"));
    // The decisions mark the rolls: ++ for doubles, − for 2-1.
    assert!(
        h.query_all_by_label("++").next().is_some(),
        "a very lucky roll marked"
    );
    // gnubg's block, in a window of its own.
    assert!(!shows(&h, "Rolls marked very lucky"));
    h.get_by_label("Statistics").click();
    h.run();
    assert!(shows(&h, "Rolls marked very lucky") && shows(&h, "Luck rating"));
    h.get_by_label("Statistics").click();
    h.run();
    assert!(!h.state().state.match_review.statistics_open);
    // The plot, in a window of its own.
    h.get_by_label("Plot").click();
    h.run();
    let plot = h
        .query_all_by_label_contains("match plot of ")
        .next()
        .expect("the plot");
    let label = {
        use egui_kittest::kittest::NodeT;
        plot.accesskit_node()
            .label()
            .unwrap_or_default()
            .to_string()
    };
    assert!(label.contains("lucky"), "{label}");
    // A click on the plot selects the decision nearest to it.
    h.state_mut().act(MatchAction::Select(0, 0));
    h.run();
    let plot = h.get_by_label_contains("match plot of ");
    plot.click();
    h.run();
    assert_ne!(h.state().state.match_review.selected, Some((0, 0)));
    // Why: a checker error with the classic's terms.
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    let (g, d) = (0..l.game.games.len())
        .flat_map(|g| (0..l.game.games[g].decisions.len()).map(move |d| (g, d)))
        .find(|&(g, d)| {
            matches!(l.verdict(g, d), Some(bgw_engine::review::Verdict::Move { play, .. }) if play.why.is_some())
        })
        .expect("a checker error");
    h.state_mut().act(MatchAction::Select(g, d));
    h.run();
    assert!(shows(&h, "Why"));
    assert!(shows(&h, "the terms prefer"));
}

#[test]
fn a_reviewed_match_at_1280_by_720_shows_the_whole_players_table_and_a_page_of_decisions() {
    let h = reviewed_with_luck(egui::vec2(1280.0, 720.0));
    // The players' table whole, its last column inside the window; the classic's figures on
    // the line under it.
    let rating = h.get_by_label("rating").rect();
    assert!(rating.max.x <= 1280.0, "the table is cut: {rating:?}");
    let classic = h.get_by_label_contains("Classic (these weights)").rect();
    assert!(
        classic.max.x <= 1280.0,
        "the classic's line is cut: {classic:?}"
    );
    // A page of decisions: the tenth row drawn inside the window (the table draws only the
    // rows in view).
    let tenth = h.get_by_label("1.10").rect();
    assert!(
        tenth.max.y <= 720.0,
        "the tenth decision is out of view: {tenth:?}"
    );
    // The candidates stay on screen, under the board.
    let s = &h.state().state;
    assert_eq!(s.settings.tab, Tab::Match);
    assert!(shows(&h, "Candidates ("));
}

/// Issue 49, item 13: at 1280×720 with the Match tab open, the candidates under the board
/// keep the width their table needs: on the match's longest move, gnubg's probabilities beside
/// the moves, left of the tab (before, they ran under it).
#[test]
fn at_1280_by_720_the_match_tabs_candidates_show_the_moves_and_gnubgs_probabilities_whole() {
    let mut h = reviewed_with_luck(egui::vec2(1280.0, 720.0));
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    let games = &l.game.games;
    let (g, d) = (0..games.len())
        .flat_map(|g| (0..games[g].decisions.len()).map(move |d| (g, d)))
        .filter(|&(g, d)| l.decision(g, d).and_then(|x| x.checkers()).is_some())
        .max_by_key(|&(g, d)| l.decision(g, d).unwrap().checkers().unwrap().recorded.len())
        .expect("a checker play");
    h.state_mut().act(MatchAction::Select(g, d));
    h.run();
    let tab_left = h.get_by_label("Open match…").rect().min.x;
    h.get_by_label("W/WG/WBG LG/LBG").click();
    h.run();
    let probs = h.get_by_label("W WG WBG LG LBG %").rect();
    assert!(
        probs.max.x < tab_left,
        "gnubg's probabilities run under the tab (at {tab_left}): {probs:?}"
    );
    // The decisions beside them keep their last column in the window.
    let last = h.get_by_label("Its loss").rect();
    assert!(last.max.x <= 1280.0, "the decisions are cut: {last:?}");
}

/// Issue 49, item 6: at 1280×720 gnubg's statistics window keeps within the screen and
/// scrolls to its Overall section (ratings, luck-adjusted result, FIBS).
#[test]
fn at_1280_by_720_the_statistics_window_scrolls_to_its_overall_section() {
    let mut h = reviewed_with_luck(egui::vec2(1280.0, 720.0));
    h.get_by_label("Statistics").click();
    h.run();
    for row in [
        "Luck adjusted result",
        "Overall rating",
        "Snowie error rate",
    ] {
        h.get_by_label(row).scroll_to_me();
        h.run();
        let r = h.get_by_label(row).rect();
        assert!(
            r.top() >= 0.0 && r.bottom() <= 720.0,
            "{row} is off the screen: {r:?}"
        );
    }
}

/// Issue 49, item 7: the players' table says each figure's unit — the cube's is a total over
/// the match's cube decisions, not a rate.
#[test]
fn the_players_table_says_each_figures_unit() {
    let h = reviewed_with_luck(egui::vec2(1280.0, 720.0));
    assert!(shows(&h, "mEMG total (n)"), "the cube's unit");
    assert!(shows(&h, "mEMG/move") && shows(&h, "mEMG/roll"));
}

/// Issue 49, item 10: the match plot's legend is under the plot, off the data (the last
/// third, where the match is decided), unlucky rolls another colour and shape than errors.
#[test]
fn the_match_plots_legend_is_under_the_plot() {
    let mut h = reviewed_with_luck(egui::vec2(1280.0, 720.0));
    h.get_by_label("Plot").click();
    h.run();
    let plot = h.get_by_label_contains("match plot of ").rect();
    for entry in ["gnubg's marked errors", "lucky rolls", "unlucky rolls"] {
        let r = h.get_by_label(entry).rect();
        assert!(
            r.top() >= plot.bottom() - 1.0,
            "the legend's {entry} is on the plot: {r:?} in {plot:?}"
        );
    }
}

/// A cube that says every roll should have been doubled, the double taken: a roll made
/// without doubling is a missed double, a drop a wrong pass.
fn doubling_engines() -> EngineFactory {
    Arc::new(|_: &Task| {
        let e = ScriptedEngine::new(|_, p| -(p.mv.notation().len() as f64) / 100.0).with_cube(
            |_, _, plies| CubeDecision {
                plies,
                no_double: 0.0,
                double_take: 0.3,
                double_pass: 1.0,
                action: "Double, take".into(),
                probs: [0.6, 0.1, 0.0, 0.05, 0.0],
                cubeless: 0.1,
                mwc: None,
                points: None,
            },
        );
        Box::new(e) as Box<dyn ReferenceEngine + Send>
    })
}

/// Issue 49, item 8: a missed double before a roll reads as two errors, the cube's and the
/// play's (not "0.0+300.0"), and a wrong cube action says what was right ("right: double").
#[test]
fn a_missed_double_with_a_move_reads_as_two_errors_in_a_players_words() {
    let mut h = harness_of(
        doubling_engines(),
        ScriptedDialogs::default(),
        egui::vec2(1920.0, 1080.0),
    );
    h.state_mut()
        .act(MatchAction::Load(data("gnubg_3pt_seed103.mat")));
    h.run();
    review_to_the_end(&mut h);
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    let (g, d, play_loss, cube) = (0..l.game.games.len())
        .flat_map(|g| (0..l.game.games[g].decisions.len()).map(move |d| (g, d)))
        .find_map(|(g, d)| match l.verdict(g, d) {
            Some(bgw_engine::review::Verdict::Move {
                play,
                no_double: Some(c),
            }) if c.error > 0.0 && play.loss.is_some() => Some((g, d, play.loss.unwrap(), c.error)),
            _ => None,
        })
        .expect("a roll after a missed double");
    h.state_mut().act(MatchAction::Select(g, d));
    h.run();
    let joined = format!("{:.1}+{:.1}", play_loss * 1000.0, cube * 1000.0);
    assert!(!shows(&h, &joined), "{joined} shown");
    assert!(
        h.query_all_by_label(&format!("{:.1}", cube * 1000.0))
            .next()
            .is_some(),
        "the cube's error on a row of its own"
    );
    assert!(h.query_all_by_label("no double").next().is_some());
    assert!(h.query_all_by_label("right: double").next().is_some());
}

/// Issue 49, item 16: the open match, its decision and its review come back after a restart,
/// as the position does — the saved state written as eframe writes it (RON), read back and
/// restored; the review asked again at its depth.
#[test]
fn the_open_match_its_decision_and_its_review_come_back_after_a_restart() {
    let mut h = reviewed_with_luck(egui::vec2(1280.0, 720.0));
    h.state_mut().act(MatchAction::Select(1, 3));
    h.run();
    let before = &h.state().state;
    let l = before.match_review.loaded.as_ref().unwrap();
    let (name, summary, verdict) = (l.name.clone(), l.summary.clone(), l.verdict(1, 3).cloned());
    assert!(verdict.is_some());
    let board = before.editing.edit;
    let text = ron::to_string(&before.persisted()).unwrap();

    let restored = bgw::app::saved::parse(&text);
    assert!(restored.notes.is_empty(), "{:?}", restored.notes);
    let state = AppState::restore(restored.persisted).with_review_engines(scripted_with_luck());
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        h.run();
        let s = &h.state().state.match_review;
        if s.job().is_none() && s.loaded.as_ref().is_some_and(|l| l.summary.is_some()) {
            break;
        }
        assert!(Instant::now() < deadline, "the review did not come back");
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run();
    let s = &h.state().state;
    assert_eq!(s.match_review.selected, Some((1, 3)));
    assert_eq!(s.editing.edit, board, "the same decision on the board");
    assert!(board_is_selected_decision(&h));
    let l = s.match_review.loaded.as_ref().unwrap();
    assert_eq!(l.name, name);
    assert_eq!(l.plies, Some(0));
    assert_eq!(l.verdict(1, 3).cloned(), verdict);
    assert_eq!(l.summary, summary);
    assert!(shows(&h, &format!("{name}: ")));
}

/// Issue 51: a reviewed checker error shows gnubg's own reason — its sentence on the Match
/// tab's why line, and the parts of its split as a chart beside the term breakdown — whose
/// parts sum to the net's 0-ply difference.
#[test]
fn a_reviewed_error_shows_gnubgs_own_why_and_its_parts() {
    let mut h = reviewed_with_luck(egui::vec2(1920.0, 1080.0));
    let l = h.state().state.match_review.loaded.as_ref().unwrap();
    let (g, d) = (0..l.game.games.len())
        .flat_map(|g| (0..l.game.games[g].decisions.len()).map(move |d| (g, d)))
        .find(|&(g, d)| {
            matches!(l.verdict(g, d), Some(bgw_engine::review::Verdict::Move { play, .. }) if play.why.is_some())
                && l.why_gnubg(g, d).is_some()
        })
        .expect("a checker error with gnubg's why");
    let why = l.why_gnubg(g, d).unwrap().clone();
    let sum: f64 = why.concepts.iter().map(|p| p.equity).sum();
    assert!((sum - why.total).abs() < 1e-6, "{sum} vs {}", why.total);
    h.state_mut().act(MatchAction::Select(g, d));
    h.run();
    assert!(shows(&h, &why.sentence), "{}", why.sentence);
    assert!(shows(&h, "gnubg's why: the move played against its best"));
}
