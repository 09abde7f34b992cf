//! The workbench driven headless through egui_kittest: real clicks and keys on the real UI,
//! checked against the app's state. File dialogs are scripted (no window ever opens).

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::{AppState, Loc, ScriptedDialogs, ScriptedReferee, Tab, WorkbenchApp};
use bgw_engine::{ScriptedDice, Side};
use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(app: WorkbenchApp) -> Harness<'static, WorkbenchApp> {
    Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1500.0, 950.0))
        .build_ui_state(|ui, app: &mut WorkbenchApp| app.show(ui), app)
}

fn new_app() -> Harness<'static, WorkbenchApp> {
    let mut h = harness(WorkbenchApp::new(
        AppState::default(),
        Box::new(ScriptedDialogs::default()),
    ));
    h.run();
    h
}

fn click_at(
    h: &mut Harness<'static, WorkbenchApp>,
    pos: Pos2,
    button: PointerButton,
    modifiers: Modifiers,
) {
    h.event(Event::ModifiersChanged(modifiers));
    h.event(Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers,
        });
    }
    h.run();
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

/// True when some widget's label contains `text`.
fn shows(h: &Harness<'static, WorkbenchApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn point_centre(h: &Harness<'static, WorkbenchApp>, white_point: u8) -> Pos2 {
    h.state()
        .board_geometry()
        .expect("the board was drawn")
        .point_rect(white_point)
        .center()
}

#[test]
fn editing_the_board_by_clicks_with_undo() {
    let mut h = new_app();
    let start = h.state().state.editing.edit;
    // Left click on White's 7 point adds a White checker: 16 checkers, named in the status.
    let p1 = point_centre(&h, 7);
    click_at(&mut h, p1, PointerButton::Primary, Modifiers::NONE);
    assert_eq!(
        h.state()
            .state
            .editing
            .edit
            .board
            .count(Side::White, Loc::Point(7)),
        1
    );
    assert!(shows(&h, "White has 16 checkers"));
    // Right click removes it again.
    click_at(&mut h, p1, PointerButton::Secondary, Modifiers::NONE);
    assert_eq!(h.state().state.editing.edit, start);
    assert!(!shows(&h, "White has 16 checkers"));
    // Shift+click on the 6 point, then on the 5 point: one checker moves.
    let p6 = point_centre(&h, 6);
    let p5 = point_centre(&h, 5);
    click_at(&mut h, p6, PointerButton::Primary, Modifiers::SHIFT);
    click_at(&mut h, p5, PointerButton::Primary, Modifiers::SHIFT);
    let b = h.state().state.editing.edit.board;
    assert_eq!(b.count(Side::White, Loc::Point(6)), 4);
    assert_eq!(b.count(Side::White, Loc::Point(5)), 1);
    // Ctrl+Z undoes every edit, Ctrl+Y redoes.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().state.editing.edit, start);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(
        h.state()
            .state
            .editing
            .edit
            .board
            .count(Side::White, Loc::Point(5)),
        1
    );
    // The Empty button, then a drag from the tray to a point puts one checker there.
    h.get_by_label("Empty").click();
    h.run();
    assert_eq!(h.state().state.editing.edit.board.off(Side::White), 15);
}

#[test]
fn pasting_an_id_sets_the_board_and_lists_candidates() {
    let mut h = new_app();
    h.event(Event::Paste("4HPwATDgc/ABMA:cIkWAAAAAAAA".to_string()));
    h.run();
    let s = &h.state().state;
    assert_eq!(s.editing.edit.on_roll, Side::White);
    let a = s
        .candidates
        .analysis
        .as_ref()
        .expect("dice came with the Match ID");
    assert!(!a.candidates.is_empty());
    assert!(shows(&h, "Candidates ("));
    // A bad paste is reported, the board kept.
    let before = h.state().state.editing.edit;
    h.event(Event::Paste("hello".to_string()));
    h.run();
    assert_eq!(h.state().state.editing.edit, before);
    assert!(shows(&h, "cannot read the pasted text"));
}

#[test]
fn selecting_and_playing_a_candidate() {
    let mut h = new_app();
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10".to_string(),
    ));
    h.run();
    let n = h
        .state()
        .state
        .candidates
        .analysis
        .as_ref()
        .unwrap()
        .candidates
        .len();
    assert!(n > 1);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert_eq!(h.state().state.candidates.selected, Some(1));
    let chosen = h
        .state()
        .state
        .candidates
        .analysis
        .as_ref()
        .unwrap()
        .candidates[1]
        .play;
    h.key_press(egui::Key::Enter);
    h.run();
    let s = &h.state().state;
    assert_eq!(s.editing.edit.on_roll, Side::Black);
    assert_eq!(s.position().unwrap(), chosen.result.mirror());
}

#[test]
fn changing_a_weight_re_ranks_the_candidates() {
    let mut h = new_app();
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10".to_string(),
    ));
    h.run();
    let first = |h: &Harness<'static, WorkbenchApp>| {
        h.state()
            .state
            .candidates
            .analysis
            .as_ref()
            .unwrap()
            .candidates[0]
            .play
            .mv
            .notation()
    };
    assert_eq!(first(&h), "8/5 6/5");
    // Type a new weight for made home points into its number field.
    h.get_by_role_and_label(egui::accesskit::Role::SpinButton, "WPTSHOME")
        .click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_role_and_label(egui::accesskit::Role::SpinButton, "WPTSHOME")
        .type_text("-20");
    h.key_press(egui::Key::Enter);
    h.run();
    let s = &h.state().state;
    assert_eq!(
        s.weights
            .current
            .get(bgw_engine::evaluation::classic::Term::HomePoints),
        -20.0
    );
    assert!(s.weights.dirty());
    assert_ne!(first(&h), "8/5 6/5");
    assert!(shows(&h, "unsaved changes"));
    // The weight editor's Undo brings the ranking back.
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(first(&h), "8/5 6/5");
}

/// Drags a checker from White's point `a` to White's point `b`.
fn drag(h: &mut Harness<'static, WorkbenchApp>, a: u8, b: u8) {
    let (from, to) = (point_centre(h, a), point_centre(h, b));
    drag_to(h, from, to);
}

/// Drags from one screen position to another.
fn drag_to(h: &mut Harness<'static, WorkbenchApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    h.hover_at(from + (to - from) * 0.5);
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    h.run();
}

fn set_die(h: &mut Harness<'static, WorkbenchApp>, i: usize, value: u8) {
    for _ in 0..7 {
        if h.state().state.editing.edit.dice[i] == value {
            return;
        }
        let c = h.state().board_geometry().unwrap().die_rect(i).center();
        click_at(h, c, PointerButton::Primary, Modifiers::NONE);
    }
    panic!("die {i} did not reach {value}");
}

/// A game started as Black through the Play tab. The dice are scripted: White (the program)
/// wins the opening roll 2-1, then throws 4-2.
fn game_as_black() -> Harness<'static, WorkbenchApp> {
    let state = AppState::default().with_dice(ScriptedDice::new([(2, 1), (4, 2)]));
    let mut h = harness(WorkbenchApp::new(
        state,
        Box::new(ScriptedDialogs::default()),
    ));
    h.run();
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label("New game as Black").click();
    h.run();
    h
}

#[test]
fn play_refuses_an_illegal_move_and_accepts_a_legal_one() {
    let mut h = game_as_black();
    assert!(h.state().state.play.game.is_some());
    assert_eq!(
        h.state()
            .state
            .play
            .game
            .as_ref()
            .unwrap()
            .last_program()
            .as_deref(),
        Some("White rolls 21 and plays 24/21 [contact: highest BRDVAL (-9.86)]"),
        "the program won the opening roll and played it"
    );
    assert_eq!(h.state().state.editing.edit.on_roll, Side::Black);
    assert_eq!(h.state().state.editing.edit.dice, [0, 0]);
    set_die(&mut h, 0, 6);
    set_die(&mut h, 1, 5);
    let before = h.state().state.editing.edit;
    // Black's 6 point (White's 19) to its 5 point: a 1 was not rolled.
    drag(&mut h, 19, 20);
    assert_eq!(h.state().state.editing.edit, before);
    assert!(
        shows(&h, "you did not roll a 1"),
        "the seed's reason is shown"
    );
    // 13/7 is a legal beginning: shown on the board, the move not finished.
    drag(&mut h, 12, 18);
    let s = &h.state().state;
    assert_eq!(
        s.editing.edit.board.count(Side::Black, Loc::Point(12)),
        4,
        "{:?}",
        s.messages.log
    );
    assert_eq!(s.play.game.as_ref().unwrap().partial(), [(13, 7)]);
    // 13/8 completes it; the program answers and it is Black's turn again.
    drag(&mut h, 12, 17);
    let s = &h.state().state;
    assert!(
        s.messages
            .log
            .iter()
            .any(|l| l.starts_with("Black plays 65: ") && l.contains("13/7") && l.contains("13/8")),
        "{:?}",
        s.messages.log
    );
    assert_eq!(
        s.play.game.as_ref().unwrap().last_program().as_deref(),
        Some("White rolls 42 and plays 24/18* [contact: highest BRDVAL (-5.95)]")
    );
    assert_eq!(s.editing.edit.on_roll, Side::Black);
    // Undo my move: back to the board before it, dice included.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().state.editing.edit, before);
}

#[test]
fn file_menu_opens_and_saves_positions_through_the_dialogs() {
    let dir = std::env::temp_dir().join(format!("bgw-app-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("saved.ron");
    let example =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/seed-001-example.ron");
    let dialogs = ScriptedDialogs::answering([example, saved.clone(), saved.clone()]);
    let mut h = harness(WorkbenchApp::new(AppState::default(), Box::new(dialogs)));
    h.run();
    let open = |h: &mut Harness<'static, WorkbenchApp>, item: &str| {
        h.get_by_label("File").click();
        h.run();
        // A menu entry's label ends with its shortcut ("Open… Ctrl+O").
        h.get_by_label_contains(item).click();
        h.run();
    };
    open(&mut h, "Open…");
    let s = &h.state().state;
    assert_eq!(s.editing.edit.board.pips(Side::White), 100);
    assert_eq!(s.editing.edit.board.pips(Side::Black), 99);
    let opened = s.editing.edit;
    open(&mut h, "Save position…");
    assert!(saved.exists());
    h.get_by_label("Opening").click();
    h.run();
    assert_ne!(h.state().state.editing.edit, opened);
    open(&mut h, "Open…");
    assert_eq!(h.state().state.editing.edit, opened);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn file_export_board_draws_it_off_screen_with_its_title() {
    let dir = tempfile::tempdir().unwrap();
    let (screen, print) = (dir.path().join("board.png"), dir.path().join("print.png"));
    let dialogs = ScriptedDialogs::answering([screen.clone(), print.clone()]);
    let mut h = harness(WorkbenchApp::new(AppState::default(), Box::new(dialogs)));
    h.run();
    let export = |h: &mut Harness<'static, WorkbenchApp>, item: &str| {
        h.get_by_label("File").click();
        h.run();
        h.get_by_label_contains(item).click();
        h.run();
        h.state().shell.last_export().cloned().expect("drawn")
    };
    let e = export(&mut h, "Export the board as PNG, 1600 px");
    assert_eq!(e.name, "board.png");
    assert!(
        e.title.contains("Position ID 4HPwATDgc/ABMA"),
        "{}",
        e.title
    );
    assert!(e.title.contains("XGID="), "{}", e.title);
    let decode = |path: &std::path::Path| {
        let bytes = std::fs::read(path).expect("saved where the dialog said");
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    };
    let (w, hgt, px) = decode(&screen);
    assert_eq!(w, 1600);
    assert!(hgt > 1000 && hgt < w, "{w}×{hgt}");
    // The field's green and the checkers' white are drawn.
    let near = |rgb: [u8; 3]| {
        px.chunks_exact(4)
            .filter(|p| (0..3).all(|i| p[i].abs_diff(rgb[i]) <= 6))
            .count()
    };
    assert!(near([32, 86, 62]) > 100_000, "the field");
    assert!(near([244, 238, 222]) > 10_000, "the white checkers");
    let e = export(&mut h, "Export the board for print, 3200 px");
    assert_eq!(e.name, "board-print.png");
    assert_eq!(decode(&print).0, 3200);
}

#[test]
fn dragging_checkers_to_the_bar_and_the_tray() {
    let mut h = new_app();
    let g = h.state().board_geometry().unwrap();
    // White's 6 point to the bar.
    let bar = g.point_rect(7).center() + egui::vec2(g.u, 0.0);
    let from = point_centre(&h, 6);
    drag_to(&mut h, from, bar);
    let board = h.state().state.editing.edit.board;
    assert_eq!(board.count(Side::White, Loc::Point(6)), 4);
    assert_eq!(board.count(Side::White, Loc::Bar), 1);
    // White's 24 point into White's tray: borne off.
    let from = point_centre(&h, 24);
    drag_to(&mut h, from, g.tray_rect(Side::White).center());
    assert_eq!(h.state().state.editing.edit.board.off(Side::White), 1);
    assert!(h.state().state.position().is_ok());
}

#[test]
fn bear_off_panel_shows_the_seed_example_chances() {
    let mut h = new_app();
    h.event(Event::Paste("qm3bAADMXdsAAA".to_string()));
    h.run();
    h.get_by_label("Bear-off").click();
    h.run();
    // The 10-point database is built in the background; the UI stays responsive meanwhile.
    let started = std::time::Instant::now();
    while h.state().state.bearoff.job.is_some() {
        assert!(
            started.elapsed().as_secs() < 300,
            "the bear-off build took too long"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.run();
    }
    h.run();
    assert!(
        shows(&h, "one-sided") && shows(&h, "56.6 %"),
        "{:?}",
        h.state()
            .state
            .bearoff
            .result
            .as_ref()
            .map(|r| r.as_ref().map(|a| a.win_exact))
    );
    // The chances table: one row per method (name, chance), the seed's normal 56.8 %.
    assert!(shows(&h, "normal") && shows(&h, "56.8 %"));
    // The seed's table: beside the plots in a wide window, else its own section.
    if let Some(tables) = h.query_by_label("Tables") {
        tables.click();
        h.run();
    }
    assert!(shows(&h, "The seed's table"));
    // The race tab shows the pip counts and the formulas.
    h.get_by_label("Race").click();
    h.run();
    assert!(shows(&h, "Pips: White 100, Black 99"));
    assert!(shows(&h, "Keith"));
}

#[test]
fn testing_the_weights_runs_a_duel_in_the_background() {
    let mut h = new_app();
    h.state_mut().state.duel.games = 40;
    h.run();
    h.get_by_label("Test").click();
    h.run();
    wait_for_the_duel(&mut h);
    assert!(shows(&h, "classic (these weights) vs pubeval"));
    assert!(shows(&h, "points per game over 40 games"));
}

/// Runs frames until "Test these weights" has finished.
fn wait_for_the_duel(h: &mut Harness<'_, WorkbenchApp>) {
    let started = std::time::Instant::now();
    while h.state().state.duel.job.is_some() {
        assert!(started.elapsed().as_secs() < 300, "the duel took too long");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.run();
    }
    h.run();
}

/// Against the real gnubg (CI installs it; elsewhere a missing gnubg skips with the reason).
#[test]
fn testing_the_weights_against_gnubg_reports_games_per_second() {
    let mut h = new_app();
    h.state_mut().state.duel.games = 4;
    h.run();
    h.get_by_label("gnubg 0-ply").click();
    h.run();
    h.get_by_label("Test").click();
    h.run();
    wait_for_the_duel(&mut h);
    let result = h.state().state.duel.result.clone().unwrap_or_default();
    // The app looks for gnubg as the engine does; a missing one is the duel's reason.
    if result.contains("apt-get install gnubg") {
        assert!(
            std::env::var_os("CI").is_none(),
            "gnubg is not installed in CI: {result}"
        );
        eprintln!("skipped: {result}");
        return;
    }
    assert!(
        result.starts_with("classic (these weights) vs gnubg:"),
        "{result}"
    );
    assert!(result.contains("points per game over 4 games"), "{result}");
    assert!(result.contains("games/s"), "{result}");
}

#[test]
fn keys_still_work_while_a_button_has_the_focus() {
    // A button given the keyboard focus (Tab, as in keyboard navigation; egui rings it) must
    // not stop the shortcuts.
    let mut h = new_app();
    let roll = h.get_by_label("Roll").rect().center();
    click_at(&mut h, roll, PointerButton::Primary, Modifiers::NONE);
    assert!(
        h.state().state.editing.edit.roll().is_some(),
        "the button rolled"
    );
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(
        h.ctx.memory(|m| m.focused().is_some()),
        "a widget has the focus"
    );
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert_eq!(h.state().state.candidates.selected, Some(0));
    // But typing in a text field is typing, not shortcuts.
    let field = h
        .query_all_by_role(egui::accesskit::Role::TextInput)
        .next()
        .expect("the ID field")
        .rect()
        .center();
    click_at(&mut h, field, PointerButton::Primary, Modifiers::NONE);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert_eq!(h.state().state.candidates.selected, Some(0));
}

#[test]
fn shortcuts_perform_their_commands() {
    let dir = std::env::temp_dir().join(format!("bgw-app-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (position, weights) = (dir.join("position.ron"), dir.join("weights.ron"));
    let example =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/seed-001-example.ron");
    let dialogs =
        ScriptedDialogs::answering([example, position.clone(), weights.clone(), weights.clone()]);
    let state = AppState::default().with_dice(ScriptedDice::new([(3, 1)]));
    let mut h = harness(WorkbenchApp::new(state, Box::new(dialogs)));
    h.run();
    let press = |h: &mut Harness<'static, WorkbenchApp>, m: Modifiers, k: egui::Key| {
        h.key_press_modifiers(m, k);
        h.run();
    };
    // Ctrl+O opens a position, Ctrl+S saves it.
    press(&mut h, Modifiers::COMMAND, egui::Key::O);
    assert_eq!(h.state().state.editing.edit.board.pips(Side::White), 100);
    press(&mut h, Modifiers::COMMAND, egui::Key::S);
    assert!(position.exists());
    // Ctrl+Shift+S saves the weights (asking where: they have no file yet), Ctrl+Shift+O opens.
    press(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::S);
    assert!(weights.exists());
    assert_eq!(h.state().state.weights.path.as_ref(), Some(&weights));
    press(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::O);
    assert!(shows(&h, "weights loaded from"));
    // R rolls the scripted dice.
    press(&mut h, Modifiers::NONE, egui::Key::R);
    assert_eq!(h.state().state.editing.edit.dice, [3, 1]);
    // The menus show the shortcuts as the platform writes them.
    h.get_by_label("File").click();
    h.run();
    assert!(
        shows(&h, "Ctrl+Shift+O"),
        "the shortcut beside Open weights…"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// eframe's storage, in memory.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

#[test]
fn a_damaged_saved_state_is_replaced_and_the_status_line_says_so() {
    use bgw::app::saved::file::FileCheck;
    let saved = ron::to_string(&AppState::default().persisted()).unwrap();
    let crafted = saved.replacen("dice:(0,0)", "dice:(9,200)", 1);
    assert_ne!(crafted, saved);
    let mut storage = MemoryStorage::default();
    storage.0.insert(eframe::APP_KEY.into(), crafted.clone());
    let kept = "the saved state had problems (see the Log); /x/app.ron was kept as /x/app.ron.bad";
    let file = |saving| FileCheck {
        notes: vec![kept.into()],
        saving,
    };
    let mut h = harness(WorkbenchApp::from_storage(Some(&storage), file(true)));
    h.run();
    // The dice are not set, and drawn so; the status line says where the file was kept, the
    // Log what was replaced.
    assert_eq!(h.state().state.editing.edit.dice, [0, 0]);
    assert!(shows(&h, "Dice: not set"));
    assert!(shows(&h, "was kept as /x/app.ron.bad"));
    // gnubg (asked for the cube decision of the board awaiting its roll) may have said which
    // it is by now: its line is not about the saved state.
    let log: Vec<&String> = h
        .state()
        .state
        .messages
        .log
        .iter()
        .filter(|l| !l.contains("gnubg answers"))
        .collect();
    assert_eq!(log.len(), 2, "{log:?}");
    assert!(log[0].contains("the saved dice (9, 200) are not dice 1-6; the dice are not set"));
    h.get_by_label("Log").click();
    h.run();
    assert!(shows(&h, "the saved dice (9, 200)"));
    // Saving writes the repaired state; with saving off (no copy could be kept) nothing is
    // written over the file.
    eframe::App::save(h.state_mut(), &mut storage);
    let written: bgw::app::Persisted = ron::from_str(&storage.0[eframe::APP_KEY]).unwrap();
    assert_eq!(written.editing.board.dice, [0, 0]);
    storage.0.insert(eframe::APP_KEY.into(), crafted.clone());
    let mut off = WorkbenchApp::from_storage(Some(&storage), file(false));
    eframe::App::save(&mut off, &mut storage);
    assert_eq!(storage.0.get(eframe::APP_KEY), Some(&crafted));
    assert!(!eframe::App::persist_egui_memory(&off));
}

/// An `app.ron` written before each feature kept its own saved part opens as it was left, with
/// nothing said, and is saved again in today's layout.
#[test]
fn a_saved_state_of_the_first_layout_opens_as_it_was_left() {
    let first = std::fs::read_to_string("tests/data/app/app-entry-v1.ron").unwrap();
    let mut storage = MemoryStorage::default();
    storage.0.insert(eframe::APP_KEY.into(), first);
    let mut app = WorkbenchApp::from_storage(Some(&storage), Default::default());
    // Its gnubg depth is 2 plies: a scripted gnubg that is not there answers.
    app.state = std::mem::take(&mut app.state).with_referee(ScriptedReferee::missing());
    let mut h = harness(app);
    h.run();
    let s = &h.state().state;
    assert_eq!(s.messages.log, Vec::<String>::new());
    assert_eq!(s.settings.tab, Tab::Bearoff);
    assert_eq!(s.editing.edit.dice, [5, 2]);
    assert_eq!(
        s.editing.position_dir,
        Some("/home/player/positions".into())
    );
    assert_eq!(s.candidates.depth.gnubg_plies, Some(2));
    assert_eq!(s.weights.path, Some("w.ron".into()));
    eframe::App::save(h.state_mut(), &mut storage);
    let written = &storage.0[eframe::APP_KEY];
    assert!(written.starts_with("(version:2,"), "{written}");
    let back: bgw::app::Persisted = ron::from_str(written).unwrap();
    assert_eq!(back.learning.eta, 0.5);
}

/// A change is saved within a few seconds even when the window is left idle: eframe saves only
/// when a frame runs (every 30 s by default), so an idle app killed after a paste lost it.
#[test]
fn a_change_is_saved_within_seconds_even_when_idle() {
    use eframe::App;
    let mut storage = MemoryStorage::default();
    let mut app = WorkbenchApp::from_storage(None, Default::default());
    // No gnubg: its evaluation would ask for frames of its own.
    app.state = std::mem::take(&mut app.state).with_referee(ScriptedReferee::missing());
    // The Log tab: nothing runs in the background (the Weights tab prepares the benchmark).
    app.state.settings.tab = Tab::Log;
    let mut h = harness(app);
    h.run();
    h.state_mut().save(&mut storage);
    assert!(!h.state().unsaved());
    h.run();
    let next_frame = |h: &Harness<'static, WorkbenchApp>| {
        h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
    };
    assert!(
        next_frame(&h) > bgw::app::SAVE_AFTER,
        "saved and idle: no frame asked for, {:?}",
        next_frame(&h)
    );
    assert!(h.state().auto_save_interval() <= bgw::app::SAVE_AFTER);
    assert!(bgw::app::SAVE_AFTER <= std::time::Duration::from_secs(5));
    h.event(Event::Paste("4HPwATDgc/ABMA:cIkWAAAAAAAA".to_string()));
    h.run();
    assert!(h.state().unsaved(), "the paste is not saved yet");
    // The settled frame asks for another within SAVE_AFTER, so eframe's autosave runs although
    // nothing else would draw one.
    assert!(
        next_frame(&h) <= bgw::app::SAVE_AFTER,
        "{:?}",
        next_frame(&h)
    );
    h.state_mut().save(&mut storage);
    assert!(!h.state().unsaved());
    let written: bgw::app::Persisted = ron::from_str(&storage.0[eframe::APP_KEY]).unwrap();
    assert_eq!(written.editing.board, h.state().state.editing.edit);
}

/// What the app copies goes to the platform's clipboard (egui's `CopyText` command, which
/// eframe's `clipboard` feature hands to the system clipboard): Ctrl+C and the toolbar's Copy.
#[test]
fn copies_reach_the_platform_clipboard() {
    let xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10";
    let mut h = new_app();
    h.event(Event::Paste(xgid.to_string()));
    h.run();
    let copied = |h: &Harness<'static, WorkbenchApp>| -> Vec<String> {
        h.output()
            .platform_output
            .commands
            .iter()
            .filter_map(|c| match c {
                egui::OutputCommand::CopyText(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    };
    // Ctrl+C arrives as egui's Copy event: the PositionID:MatchID.
    h.event(Event::Copy);
    h.step();
    let expected = {
        let s = bgw_engine::core::formats::read_setup(xgid).unwrap();
        format!("{}:{}", s.position_id(), s.match_id())
    };
    assert_eq!(copied(&h), [expected]);
    h.run();
    // The toolbar's Copy beside the XGID.
    let buttons = h.query_all_by_label("Copy").count();
    assert_eq!(buttons, 2, "Copy beside the ID and beside the XGID");
    h.query_all_by_label("Copy").last().unwrap().click();
    h.step();
    assert_eq!(copied(&h), [xgid]);
}

/// The candidates' moves in the ranking's order.
fn ranking(h: &Harness<'static, WorkbenchApp>) -> Vec<String> {
    let a = h.state().state.candidates.analysis.as_ref().unwrap();
    a.candidates.iter().map(|c| c.play.mv.notation()).collect()
}

/// True when a widget labelled `text` lies in the term breakdown's region.
fn in_breakdown(h: &Harness<'static, WorkbenchApp>, text: &str) -> bool {
    let region = h.state().regions().unwrap().breakdown;
    h.query_all_by_label(text)
        .any(|n| region.contains_rect(n.rect()))
}

#[test]
fn a_term_beyond_the_seeds_switched_on_shows_in_the_breakdown_and_re_ranks() {
    use bgw_engine::evaluation::classic::Term;
    use egui::accesskit::Role;
    let mut state = AppState::default();
    let w = state.weights.current;
    state.weights.yardstick.prepare_now(&w);
    let mut h = harness(WorkbenchApp::new(
        state,
        Box::new(ScriptedDialogs::default()),
    ));
    h.run();
    // White to play 31 with checkers on 6, 8 and 13: 8/5 6/5 makes a two-point prime.
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10".to_string(),
    ));
    h.run();
    let seed_only = ranking(&h);
    assert_eq!(seed_only[0], "8/5 6/5");
    let loss = |h: &Harness<'static, WorkbenchApp>| {
        let y = &h.state().state.weights.yardstick;
        y.report()
            .expect("the benchmark is prepared")
            .overall
            .mean_loss
    };
    let seed_loss = loss(&h);
    assert!(!in_breakdown(&h, "X_PRIME"));
    // Its box in the weight editor switches the longest prime on, at weight 0.
    h.get_by_role_and_label(Role::CheckBox, "X_PRIME")
        .scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "X_PRIME").click();
    h.run();
    assert!(h.state().state.weights.current.is_on(Term::Prime));
    assert!(in_breakdown(&h, "X_PRIME"), "its row in the breakdown");
    assert_eq!(ranking(&h), seed_only, "weight 0 changes nothing");
    // A weight against primes: the move that makes one is no longer first, and the first is
    // one of those with the shortest prime.
    // (the editor's number fields are typed in by `changing_a_weight_re_ranks_the_candidates`)
    let set = bgw::app::WeightsAction::Set {
        term: Term::Prime,
        value: -5.0,
        gesture: true,
    };
    h.state_mut().act(set);
    h.run();
    assert_eq!(h.state().state.weights.current.get(Term::Prime), -5.0);
    let a = h.state().state.candidates.analysis.as_ref().unwrap();
    let prime = |i: usize| a.candidates[i].features.own[Term::Prime.index()];
    let shortest = (0..a.candidates.len()).map(prime).min().unwrap();
    assert_eq!(prime(0), shortest);
    assert_ne!(ranking(&h)[0], "8/5 6/5");
    // The benchmark's error follows at once.
    h.run();
    assert_ne!(loss(&h), seed_loss);
    // Off again: the row goes, the seed's ranking and error come back.
    h.get_by_role_and_label(Role::CheckBox, "X_PRIME")
        .scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "X_PRIME").click();
    h.run();
    h.run();
    assert!(!h.state().state.weights.current.is_on(Term::Prime));
    assert!(!in_breakdown(&h, "X_PRIME"));
    assert_eq!(ranking(&h), seed_only);
    assert_eq!(loss(&h), seed_loss);
}

#[test]
fn a_weights_file_with_extra_terms_loads_them_on_and_saves_them_back() {
    use bgw::app::WeightsAction;
    use bgw_engine::evaluation::classic::{Term, Weights};
    use egui::accesskit::Role;
    let dir = std::env::temp_dir().join(format!("bgw-ui-extras-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The shipped defaults by hand, with two terms beyond the seed's.
    let text = bgw_engine::evaluation::classic::DEFAULT_RON.replacen(
        "{",
        "{\n    \"X_ANCHORS\": 0.25,\n    \"X_DIRECT\": -0.125,",
        1,
    );
    let file = dir.join("extras.ron");
    std::fs::write(&file, text).unwrap();
    let mut h = new_app();
    h.state_mut().act(WeightsAction::Load(file.clone()));
    h.run();
    let w = h.state().state.weights.current;
    assert!(w.is_on(Term::Anchors) && w.is_on(Term::DirectShots));
    assert!(!w.is_on(Term::Prime));
    assert_eq!(w.get(Term::Anchors), 0.25);
    assert_eq!(w.get(Term::DirectShots), -0.125);
    // The editor has their sliders, the terms off have none.
    assert!(
        h.query_by_role_and_label(Role::Slider, "X_ANCHORS")
            .is_some()
    );
    assert!(h.query_by_role_and_label(Role::Slider, "X_PRIME").is_none());
    // Saved and read back: the same weights, the extras on.
    let saved = dir.join("saved.ron");
    h.state_mut().shell.dialogs = Box::new(ScriptedDialogs::answering([saved.clone()]));
    h.state_mut().act(WeightsAction::SaveAs);
    assert_eq!(Weights::load(&saved).unwrap(), w);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// "End game" on a game in progress asks first; "Keep playing" keeps it (issue 22, item 23).
#[test]
fn ending_a_game_in_progress_asks_first() {
    let mut h = game_as_black();
    h.get_by_label("End game").click();
    h.run();
    assert!(h.state().state.play.game.is_some(), "not ended yet");
    assert!(h.query_by_label("End this game?").is_some());
    h.get_by_label("Keep playing").click();
    h.run();
    assert!(h.state().state.play.game.is_some());
    assert!(h.query_by_label("End this game?").is_none());
    h.get_by_label("End game").click();
    h.run();
    h.get_by_label("End the game").click();
    h.run();
    assert!(h.state().state.play.game.is_none());
}
