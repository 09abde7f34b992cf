//! The «Чемпион» workspace driven headless through egui_kittest: real clicks, drags and
//! buttons on the real UI, checked against the workspace's state and what it shows.

#![cfg(feature = "gui")]

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::champion_panel::{Mode, Opponent, Status};
use bgw::app::{AppState, ScriptedDialogs, WorkbenchApp};
use bgw_engine::champion::{Outcome, Side, Variant};
use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, WorkbenchApp>;

/// The workbench with the «Чемпион» tab open.
fn workspace() -> H {
    workspace_sized(1500.0, 950.0)
}

/// [`workspace`] in a window of `w` × `h` points.
fn workspace_sized(w: f32, h: f32) -> H {
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(w, h))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(AppState::default(), Box::new(ScriptedDialogs::default())),
        );
    h.run();
    h.get_by_label("Чемпион").click();
    h.run();
    h.run();
    h
}

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn click_button(h: &mut H, label: &str) {
    h.get_by_label(label).click();
    h.run();
    h.run();
}

fn centre(h: &H, sq: u8) -> Pos2 {
    h.state().square_centre(sq).expect("the board was drawn")
}

fn click_square(h: &mut H, sq: u8) {
    let pos = centre(h, sq);
    h.event(Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run();
    h.run();
}

fn drag(h: &mut H, from: u8, to: u8) {
    let (a, b) = (centre(h, from), centre(h, to));
    h.event(Event::PointerMoved(a));
    h.event(Event::PointerButton {
        pos: a,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.run();
    for t in [0.25, 0.5, 1.0] {
        h.event(Event::PointerMoved(a + (b - a) * t));
        h.run();
    }
    h.event(Event::PointerButton {
        pos: b,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
    h.run();
}

/// Runs frames until the variant is solved in the background (bounded).
fn wait_solved(h: &mut H, v: Variant) {
    for _ in 0..1000 {
        if h.state().state.champion.solutions.get(v).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.run();
    }
    assert!(
        h.state().state.champion.solutions.get(v).is_some(),
        "solved"
    );
    h.run();
    h.run();
}

#[test]
fn wolves_by_click_and_drag_against_the_program_with_refusals_and_undo() {
    let mut h = workspace();
    click_button(&mut h, "8×8, three wolves");
    let c = &h.state().state.champion;
    // The program (the goat) opened from 51; the wolves are to move.
    let opened = c.position();
    assert_eq!(opened.variant, Variant::EIGHT_THREE);
    assert_eq!(opened.to_move, Side::Wolves);
    assert_ne!(opened.goat, 51);
    wait_solved(&mut h, Variant::EIGHT_THREE);
    assert!(shows(&h, "Exact value (wolves to move)"));
    assert!(shows(&h, "Every legal move of the wolves"));
    // By click: wolf 1 from 28 to 17; the goat answers at once.
    click_square(&mut h, 28);
    assert_eq!(h.state().state.champion.picked, Some(28));
    click_square(&mut h, 17);
    let c = &h.state().state.champion;
    assert_eq!(c.position().wolves[0], 17);
    assert_eq!(c.position().to_move, Side::Wolves, "the goat replied");
    assert!(c.game.now.record[1].starts_with("1/17 ("));
    assert!(shows(&h, "; 1/17 ("));
    assert!(shows(&h, "«Чемпион»'s last decision"));
    let after_click = c.position();
    // An illegal drop: wolf 2 from 48 two rows down. Refused with the rules' reason.
    drag(&mut h, 48, 26);
    let c = &h.state().state.champion;
    assert_eq!(c.position(), after_click, "nothing changed");
    assert!(shows(&h, "2/26 refused"));
    assert!(shows(&h, "wolves step one square diagonally"));
    // A legal drag: wolf 2 from 48 to 37.
    drag(&mut h, 48, 37);
    let c = &h.state().state.champion;
    assert_eq!(c.position().wolves[1], 37, "{:?}", c.refusal);
    assert!(c.refusal.is_none());
    assert_eq!(c.game.now.record.len(), 3);
    // Undo twice: back to the program's opening move; redo once.
    click_button(&mut h, "Undo");
    assert_eq!(h.state().state.champion.position(), after_click);
    click_button(&mut h, "Undo");
    assert_eq!(h.state().state.champion.position(), opened);
    click_button(&mut h, "Redo");
    assert_eq!(h.state().state.champion.position(), after_click);
    // Ctrl+Z / Ctrl+Y work on the workspace's game (not on the hidden backgammon board).
    let backgammon = h.state().state.editing.edit;
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().state.champion.position(), opened);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(h.state().state.champion.position(), after_click);
    assert_eq!(h.state().state.editing.edit, backgammon);
}

#[test]
fn the_goat_against_perfect_wolves() {
    let mut h = workspace();
    click_button(&mut h, "8×8, three wolves");
    click_button(&mut h, "the goat");
    let c = &h.state().state.champion;
    assert_eq!(c.game.opponent, Opponent::PerfectWolves);
    assert_eq!(
        c.position(),
        Variant::EIGHT_THREE.start(),
        "the goat moves first"
    );
    wait_solved(&mut h, Variant::EIGHT_THREE);
    assert!(shows(&h, "Your move (goat)"));
    assert!(shows(&h, "Every legal move of the goat"));
    assert!(shows(&h, "«Чемпион»'s choice"));
    // The goat on 51 goes to 62 or 42; a click on 73 is refused.
    click_square(&mut h, 73);
    assert!(shows(&h, "the goat on 51 cannot go to 73"));
    assert_eq!(
        h.state().state.champion.position(),
        Variant::EIGHT_THREE.start()
    );
    click_square(&mut h, 62);
    let c = &h.state().state.champion;
    assert_eq!(
        c.position().to_move,
        Side::Goat,
        "the perfect wolves answered"
    );
    assert_eq!(c.position().goat, 62);
    let record = c.game.now.record.clone();
    assert_eq!(record.len(), 2, "{record:?}");
    assert_eq!(record[0], "(62)");
    // Play on with the solution's best goat move each turn: the 8×8 three-wolf start is won
    // for the goat, so the perfect wolves must lose.
    assert!(
        c.solution()
            .unwrap()
            .value(&Variant::EIGHT_THREE.start())
            .is_win()
    );
    for _ in 0..40 {
        let c = &h.state().state.champion;
        if !matches!(c.game.status(), Status::YourTurn(_)) {
            break;
        }
        let best = c.solution().unwrap().best_move(&c.position()).unwrap();
        let bgw_engine::champion::solver::Move::Goat(sq) = best.mv else {
            panic!("a goat move")
        };
        click_square(&mut h, sq);
    }
    let c = &h.state().state.champion;
    assert_eq!(
        c.game.status(),
        Status::Over(Outcome::GoatBrokeThrough),
        "{:?}",
        c.game.now.record
    );
    assert!(shows(&h, "The goat reached row 8: the goat wins. You win."));
}

#[test]
fn set_up_a_position_and_play_from_it() {
    let mut h = workspace();
    click_button(&mut h, "Set up a position");
    assert_eq!(h.state().state.champion.mode, Mode::Setup);
    click_button(&mut h, "8×8, three wolves");
    click_button(&mut h, "Clear");
    // Three wolves on row 1 (they cannot move), the goat, wolves to move.
    click_square(&mut h, 11);
    click_square(&mut h, 31);
    assert!(shows(&h, "wolf 3 is not placed"));
    click_square(&mut h, 12);
    assert!(shows(&h, "12 is not a playing square"));
    click_square(&mut h, 51);
    click_button(&mut h, "the goat");
    click_square(&mut h, 44);
    click_button(&mut h, "wolves");
    assert!(shows(&h, "Ready: wolves 11 31 51, goat 44, wolves to move"));
    click_button(&mut h, "Play from here");
    let c = &h.state().state.champion;
    assert_eq!(c.mode, Mode::Play);
    assert_eq!(c.game.status(), Status::Over(Outcome::WolvesStuck));
    assert!(shows(&h, "Wolves cannot move: the goat wins."));

    // The article's position, typed, wolves to move: play 2/57 from it; the program answers 77
    // as printed.
    click_button(&mut h, "Set up a position");
    click_button(&mut h, "9×9, four wolves");
    click_button(&mut h, "Clear");
    for (label, text) in [("Wolves:", "46,48,68,88"), ("Goat:", "66")] {
        h.get_by_role_and_label(egui::accesskit::Role::TextInput, label)
            .focus();
        h.run();
        h.get_by_role_and_label(egui::accesskit::Role::TextInput, label)
            .type_text(text);
        h.run();
    }
    click_button(&mut h, "Set these squares");
    assert!(shows(
        &h,
        "Ready: wolves 46 48 68 88, goat 66, wolves to move"
    ));
    click_button(&mut h, "Play from here");
    click_square(&mut h, 48);
    click_square(&mut h, 57);
    let c = &h.state().state.champion;
    assert_eq!(c.game.now.record, vec!["2/57 (77)".to_string()]);
}

#[test]
fn the_replay_shows_the_verdicts_of_the_article() {
    let mut h = workspace();
    click_button(&mut h, "Replay the article's game");
    wait_solved(&mut h, Variant::NINE_FOUR);
    assert!(shows(&h, "Step 0 of 17"));
    for _ in 0..9 {
        click_button(&mut h, "Next >");
    }
    assert!(shows(&h, "Step 9: 3/55 (75)"));
    assert!(shows(&h, "3/55 (75) was the goat's losing reply; 73 held."));
    assert!(shows(&h, "replies 75, as printed"));
    let p = h.state().state.champion.replay.position();
    assert_eq!((p.wolves[2], p.goat), (55, 75));
    click_button(&mut h, "4/73 (51)");
    assert!(shows(&h, "Step 13: 4/73 (51)"));
    assert!(shows(&h, "4/73 was the person's error"));
    // The arrow keys step too; the other listing's replies are shown beside the printed ones.
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(shows(&h, "Step 14: 3/44 (42)"));
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(shows(&h, "Step 13: 4/73 (51)"));
    click_button(&mut h, "alternative");
    assert!(shows(&h, "The reconstructed program (alternative listing)"));
    assert!(shows(&h, "alternative listing (fragment 14–35)"));
    // Every step draws (a glyph missing from the fonts would panic here), both listings.
    for listing in ["main", "alternative"] {
        click_button(&mut h, listing);
        click_button(&mut h, "<< First");
        for k in 1..=17 {
            click_button(&mut h, "Next >");
            assert!(shows(&h, &format!("Step {k} of 17")));
        }
    }
    click_button(&mut h, "Last >>");
    assert!(shows(&h, "Step 17 of 17"));
    assert_eq!(h.state().state.champion.replay.position().goat, 13);
    click_button(&mut h, "<< First");
    assert!(shows(&h, "Before the first printed move"));
}

/// The board grows with the window: its squares are larger at 1920×1080 than at 1280×720
/// (issue 22, item 23: they stopped at 64 points).
#[test]
fn the_board_grows_with_the_window() {
    let square = |w: f32, hgt: f32| {
        let h = workspace_sized(w, hgt);
        let (a, b) = (centre(&h, 1), centre(&h, 2));
        (a - b).length()
    };
    let (small, large) = (square(1280.0, 720.0), square(1920.0, 1080.0));
    assert!(
        large > 1.25 * small,
        "{small} at 1280×720, {large} at 1920×1080"
    );
}
