//! File → Export match… and Export game… in the workbench (headless, egui_kittest): a game
//! played in the Play tab saved through the scripted save dialog as MAT, then (ended) as
//! SGF, and the Match tab's match as SGF; each file read back holds the same decisions.
//! With nothing to export the entries are disabled.

use crate::common;
use crate::ui_common;
use common::decisions;
use ui_common::SETTLE_STEPS;

use bgw::app::{AppState, CandidatesAction, PlayAction, ScriptedDialogs, WorkbenchApp};
use bgw_engine::matches::read_match_file;
use bgw_engine::{ScriptedDice, Side};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};

type H = Harness<'static, WorkbenchApp>;

fn harness(state: AppState, dialogs: ScriptedDialogs) -> H {
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(dialogs)),
        );
    h.run();
    h
}

/// Clicks File → `entry`; false when the entry is disabled (nothing happens then).
fn file_menu(h: &mut H, entry: &str) -> bool {
    h.get_by_label("File").click();
    h.run();
    let enabled = !h
        .get_by_label_contains(entry)
        .accesskit_node()
        .is_disabled();
    h.get_by_label_contains(entry).click();
    h.run();
    // The menu closes after a click on an entry; a disabled entry leaves it open.
    if !enabled {
        h.key_press(Key::Escape);
        h.run();
    }
    enabled
}

fn last_message(h: &H) -> String {
    h.state()
        .state
        .messages
        .log
        .last()
        .cloned()
        .unwrap_or_default()
}

fn temp(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

#[test]
fn a_game_of_the_play_tab_exported_as_mat_then_as_sgf_reads_back_the_same() {
    let (_d1, mat) = temp("game.mat");
    let (_d2, sgf) = temp("game.sgf");
    // White (the program) wins the opening roll 2-1; Black rolls 4-2, White 6-5, Black 3-3.
    let dice = ScriptedDice::new([(2, 1), (4, 2), (6, 5), (3, 3), (5, 4)]);
    let state = AppState::default().with_dice(dice);
    let mut h = harness(
        state,
        ScriptedDialogs::answering([mat.clone(), sgf.clone()]),
    );
    assert!(!file_menu(&mut h, "Export game…"), "no game yet: disabled");
    assert!(
        !file_menu(&mut h, "Export match…"),
        "no match open: disabled"
    );
    assert!(!mat.exists());

    h.get_by_label("Play").click();
    h.run();
    h.get_by_label("New game as Black").click();
    h.run();
    for _ in 0..2 {
        // Black rolls (R) and plays the first candidate; the program answers.
        h.key_press_modifiers(Modifiers::NONE, Key::R);
        h.run();
        h.state_mut().state.apply(CandidatesAction::Play(0));
        h.run();
    }
    let game = h.state().state.play.game.as_ref().unwrap().to_match();
    assert_eq!(game.games[0].decisions.len(), 5, "{:?}", decisions(&game));
    assert_eq!(game.players, ["you".to_string(), "classic".to_string()]);
    assert_eq!(game.games[0].decisions[0].player, 1, "White started");

    assert!(file_menu(&mut h, "Export game…"));
    assert!(
        last_message(&h).contains("exported the game to"),
        "{}",
        last_message(&h)
    );
    let text = std::fs::read_to_string(&mat).unwrap();
    assert!(text.contains(" 0 point match"), "{text}");
    let back = read_match_file(&mat).unwrap();
    assert_eq!(decisions(&back), decisions(&game));
    assert_eq!(back.games[0].result, None, "a game not over is unfinished");

    // Ended, the game is still there to export: as SGF this time.
    h.state_mut().state.apply(PlayAction::EndGame);
    h.state_mut().state.apply(PlayAction::ConfirmEnd(true));
    h.run();
    assert!(h.state().state.play.game.is_none());
    assert!(file_menu(&mut h, "Export game…"));
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert!(text.starts_with("(;FF[4]GM[6]"), "{text}");
    assert_eq!(decisions(&read_match_file(&sgf).unwrap()), decisions(&game));
    assert_eq!(game.games[0].decisions[1].position.on_roll(), Side::Black);
}

#[test]
fn the_match_tabs_match_exported_as_sgf_reads_back_the_same() {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/matches/gnubg_3pt_seed103.mat");
    let (dir, out) = temp("review.sgf");
    let odd = dir.path().join("review.xyz");
    let dialogs = ScriptedDialogs::answering([file.clone(), out.clone(), odd.clone()]);
    let mut h = harness(AppState::default(), dialogs);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    for _ in 0..50 {
        h.run();
        if h.state().state.match_review.loaded.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let ours = read_match_file(&file).unwrap();
    assert!(file_menu(&mut h, "Export match…"));
    assert!(
        last_message(&h).contains("exported the match to"),
        "{}",
        last_message(&h)
    );
    assert_eq!(decisions(&read_match_file(&out).unwrap()), decisions(&ours));
    // A name that is neither .mat nor .sgf: refused, nothing written.
    assert!(file_menu(&mut h, "Export match…"));
    assert!(
        last_message(&h).contains("name the file .mat or .sgf"),
        "{}",
        last_message(&h)
    );
    assert!(!odd.exists());
}
