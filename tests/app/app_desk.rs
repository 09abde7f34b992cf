//! The workbench as a desktop program, driven headless through egui_kittest: the file dialog
//! drawn in the window when the desktop has none, refused text kept, status messages that
//! follow the state, the layout at small sizes, the Help window, the theme, the roll grid, the
//! analysis as text, the program's last move in a game.

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::commands::Command;
use bgw::app::layout::Regions;
use bgw::app::settings::Theme;
use bgw::app::{AppState, NativeDialogs, NoPortal, ScriptedDialogs, WorkbenchApp};
use bgw_engine::{ScriptedDice, Side};
use egui::accesskit::Role;
use egui::{Event, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, WorkbenchApp>;

fn harness_sized(app: WorkbenchApp, w: f32, h: f32) -> H {
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(w, h))
        .build_ui_state(|ui, app: &mut WorkbenchApp| app.show(ui), app);
    h.run();
    h
}

/// The app on `state`, with dialogs that answer "cancelled" and no gnubg: these tests look at
/// the status line and count the Log's lines, which gnubg's first answer ("gnubg answers: …")
/// would change at a moment of its own.
fn app(state: AppState) -> WorkbenchApp {
    let state = state.with_referee(bgw::app::ScriptedReferee::missing());
    WorkbenchApp::new(state, Box::new(ScriptedDialogs::default()))
}

/// The mark beside the ID field when what is in it was refused.
fn refused_mark(h: &H) -> bool {
    h.query_all_by_label("not read").next().is_some()
}

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// A contact position with dozens of candidates (White to play 31).
const BUSY: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-desk-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn without_a_desktop_dialog_the_one_drawn_in_the_window_opens_the_file() {
    let dir = temp_dir("fallback");
    let example =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/seed-001-example.ron");
    std::fs::copy(&example, dir.join("picked.ron")).unwrap();
    let mut state = AppState::default();
    state.editing.position_dir = Some(dir.clone());
    // rfd on a bare X server: the dialog returns at once with nothing.
    let dialogs = NativeDialogs::with_desktop(NoPortal);
    let mut h = harness_sized(WorkbenchApp::new(state, Box::new(dialogs)), 1280.0, 720.0);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::O);
    // The desktop's thread answers; the next frames see it and open the fallback.
    for _ in 0..200 {
        h.step();
        if shows(&h, "Open a position or match file") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(
        shows(&h, "Open a position or match file"),
        "the built-in dialog"
    );
    let log = h.state().state.messages.log.join("\n");
    assert!(log.contains("did not open"), "{log}");
    assert_eq!(h.state().state.editing.edit.board.pips(Side::White), 167);
    h.get_by_label("picked.ron").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    // The action that asked was applied again with the path: the file is open.
    assert_eq!(h.state().state.editing.edit.board.pips(Side::White), 100);
    assert!(shows(&h, "opened"), "the status line says what happened");
    assert!(
        !shows(&h, "Open a position or match file"),
        "the dialog closed"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_refused_id_stays_in_its_field_with_the_reason_and_a_read_one_clears_it() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    let field = || Role::TextInput;
    // The field stays where it is when the board stops being a position.
    let at = h.get_by_role(field()).rect();
    let add = bgw::app::EditAction::Add(Side::White, bgw::app::Loc::Point(3));
    h.state_mut().act(add);
    h.run();
    assert!(shows(&h, "not a legal position"));
    assert_eq!(h.get_by_role(field()).rect(), at);
    h.get_by_role(field()).click();
    h.run();
    h.get_by_role(field()).type_text("not an id");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.get_by_role(field()).value().as_deref(), Some("not an id"));
    assert!(refused_mark(&h), "marked beside the field");
    assert!(shows(&h, "cannot read the typed text"));
    // Typed again, right this time: read, the field empties, the message says "typed".
    h.get_by_role(field()).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_role(field()).type_text(BUSY);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().state.editing.edit.dice, [3, 1]);
    assert_eq!(h.get_by_role(field()).value().as_deref(), Some(""));
    assert!(!refused_mark(&h));
    assert!(shows(&h, "typed XGID="));
}

/// At 1280×720 a refused ID with a long reason moves nothing: the toolbar keeps one line for
/// the field and the IDs (their Copy buttons on screen), the board keeps its size; another
/// board takes the refusal away.
#[test]
fn a_refused_id_moves_nothing_and_goes_with_the_board() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    let before = h.state().regions().expect("laid out");
    let copies = |h: &H| h.query_all_by_label("Copy").count();
    assert_eq!(copies(&h), 2);
    h.get_by_role(Role::TextInput).click();
    h.run();
    h.get_by_role(Role::TextInput).type_text("//////////////");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(refused_mark(&h));
    let after = h.state().regions().expect("laid out");
    assert_eq!(after.board, before.board, "the board keeps its size");
    assert_eq!(copies(&h), 2);
    for copy in h.query_all_by_label("Copy") {
        let r = copy.rect();
        assert!(
            r.right() <= 1280.0 && r.bottom() < after.board.top(),
            "{r:?}"
        );
    }
    // A new board takes the refusal away: a new game, and a pasted position.
    h.state_mut()
        .act(bgw::app::PlayAction::NewGame(Side::White));
    h.run();
    assert!(!refused_mark(&h));
    h.state_mut().act(bgw::app::PlayAction::EndGame);
    h.state_mut().act(bgw::app::PlayAction::ConfirmEnd(true));
    h.get_by_role(Role::TextInput).click();
    h.run();
    h.get_by_role(Role::TextInput).type_text("x");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(refused_mark(&h));
    h.event(Event::Paste(BUSY.into()));
    h.run();
    assert!(!refused_mark(&h));
}

#[test]
fn a_status_message_goes_when_the_board_it_describes_changes() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste("hello".into()));
    h.run();
    assert!(shows(&h, "cannot read the pasted text"));
    h.get_by_label("Empty").click();
    h.run();
    assert!(!shows(&h, "cannot read the pasted text"));
    // The Log keeps it.
    assert!(
        h.state()
            .state
            .messages
            .log
            .iter()
            .any(|l| l.contains("cannot read the pasted text"))
    );
}

/// A match too long for a Match ID is refused at the paste, saying why, and the board stays
/// as it was (32,768 points used to become a money game).
#[test]
fn a_pasted_match_too_long_for_a_match_id_is_refused() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste(BUSY.into()));
    h.run();
    let before = h.state().state.editing.edit;
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:32768:10".into(),
    ));
    h.run();
    assert!(
        h.state()
            .state
            .messages
            .log
            .iter()
            .any(|l| l.contains("cannot read the pasted text")
                && l.contains("the match length is 32768, above 32767")),
        "{:?}",
        h.state().state.messages.log
    );
    assert_eq!(h.state().state.editing.edit, before);
}

fn check_layout(w: f32, hgt: f32) {
    check_layout_of(AppState::default(), w, hgt);
}

/// The layout checks with every term beyond the seed's on: 21 rows in the breakdown.
fn check_layout_with_all_terms(w: f32, hgt: f32) {
    let mut state = AppState::default();
    for t in bgw_engine::evaluation::classic::Term::EXTRA {
        state.weights.current.set(t, 0.1);
    }
    check_layout_of(state, w, hgt);
}

fn check_layout_of(state: AppState, w: f32, hgt: f32) {
    let mut h = harness_sized(app(state), w, hgt);
    h.event(Event::Paste(BUSY.into()));
    h.run();
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, hgt));
    let r: Regions = h.state().regions().expect("laid out");
    let named = r.named();
    for (i, (a, ra)) in named.iter().enumerate() {
        assert!(window.contains_rect(*ra), "{a} {ra:?} outside {window:?}");
        for (b, rb) in &named[i + 1..] {
            assert!(
                !ra.intersect(*rb).is_positive(),
                "{a} {ra:?} overlaps {b} {rb:?} at {w}×{hgt}"
            );
        }
    }
    sum_row_shown(&h, r);
    // Ten candidate rows: the candidates' heading and ten rows fit their region.
    let heading = h.get_by_label_contains("Candidates (").rect();
    assert!(r.candidates.contains_rect(heading));
    let rows_top = heading.top() + 3.0 * heading.height() + 40.0;
    let pitch = bgw::app::candidates::table::ROW_HEIGHT + 3.0;
    let rows = ((r.candidates.bottom() - rows_top) / pitch).floor();
    assert!(rows >= 10.0, "{rows} rows at {w}×{hgt}");
    // And ten rows drawn there, as screen readers see them ("candidate 1: …").
    let shown = h
        .query_all_by_label_contains("candidate ")
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("candidate "))
                && r.candidates.contains_rect(n.rect())
        })
        .count();
    let row = h
        .query_all_by_label_contains("candidate 1:")
        .next()
        .map(|n| n.rect());
    assert!(
        shown >= 10,
        "{shown} candidate rows at {w}×{hgt}: {row:?} in {:?}",
        r.candidates
    );
    // The toolbar and the status line do not run into the regions.
    let status = h.get_by_label_contains("White to play 31:").rect();
    assert!(status.top() >= r.tabs.bottom(), "{status:?}");
    // Every column title of the candidates is whole in their region, the last one too.
    for title in ["loss", "classic"] {
        let t = h.get_by_label(title).rect();
        assert!(r.candidates.contains_rect(t), "{title} {t:?} at {w}×{hgt}");
    }
    // "Test these weights" shows all of its row in the tabs (no scrolling sideways).
    let test = h.get_by_label("Test").rect();
    assert!(r.tabs.contains_rect(test), "{test:?} in {:?}", r.tabs);
    check_chart(&mut h, r);
}

/// The breakdown's chart has room for its bars: beside the table when the breakdown is wide
/// enough, else alone when chosen, the sum row still in view.
fn check_chart(h: &mut H, r: Regions) {
    // The legend's first entry, above the plot's left edge.
    let legend = |h: &H| {
        h.query_all_by_label_contains("favours #")
            .map(|n| n.rect())
            .min_by(|a, b| a.left().total_cmp(&b.left()))
    };
    if h.query_by_label("chart").is_some() {
        // Too narrow for both: the table first, the chart when asked for.
        assert!(
            legend(h).is_none(),
            "the chart is not squeezed beside the table"
        );
        h.get_by_label("chart").click();
        h.run();
    }
    let chart = legend(h).expect("the chart's legend");
    let width = r.breakdown.right() - chart.left();
    assert!(
        width >= bgw::app::candidates::breakdown::MIN_CHART_WIDTH,
        "{width} wide, {r:?}"
    );
    sum_row_shown(h, r);
}

/// The breakdown's sum row is in its region, on screen.
fn sum_row_shown(h: &H, r: Regions) {
    let sum = h.get_by_label("BRDVAL sum").rect();
    assert!(
        r.breakdown.contains_rect(sum),
        "{sum:?} in {:?}",
        r.breakdown
    );
}

#[test]
fn the_regions_do_not_overlap_and_show_the_sum_and_ten_rows_at_1280_by_720() {
    check_layout(1280.0, 720.0);
}

#[test]
fn the_regions_do_not_overlap_and_show_the_sum_and_ten_rows_at_1024_by_640() {
    check_layout(1024.0, 640.0);
}

#[test]
fn the_regions_do_not_overlap_and_show_the_sum_and_ten_rows_at_1920_by_1080() {
    check_layout(1920.0, 1080.0);
}

#[test]
fn with_every_extra_term_on_the_layout_holds_at_1280_by_720() {
    check_layout_with_all_terms(1280.0, 720.0);
}

#[test]
fn with_every_extra_term_on_the_layout_holds_at_1024_by_640() {
    check_layout_with_all_terms(1024.0, 640.0);
}

#[test]
fn reset_layout_forgets_the_sizes_given() {
    let mut state = AppState::default();
    state.settings.splits.right_width = Some(3000.0);
    state.settings.splits.breakdown_height = Some(5.0);
    let mut h = harness_sized(app(state), 1280.0, 720.0);
    // Even so, every region keeps its minimum.
    let r = h.state().regions().unwrap();
    assert!(r.board.width() >= bgw::app::layout::MIN_LEFT_WIDTH);
    assert!(r.breakdown.height() >= bgw::app::layout::MIN_BREAKDOWN_HEIGHT);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label_contains("Reset layout").click();
    h.run();
    assert_eq!(h.state().state.settings.splits, Default::default());
}

#[test]
fn the_keyboard_help_lists_every_shortcut_of_the_command_table() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.key_press(egui::Key::F1);
    h.run();
    assert!(shows(&h, "Keyboard and mouse"));
    let ctx = egui::Context::default();
    let mut listed = 0;
    for c in Command::ALL {
        if c.kbd_shortcuts().is_empty() {
            continue;
        }
        let keys = bgw::app::help::shortcuts(&ctx, c);
        assert!(
            h.query_all_by_label(&keys).next().is_some(),
            "{c:?}: {keys}"
        );
        assert!(shows(&h, c.tooltip()), "{c:?}");
        listed += 1;
    }
    assert!(listed >= 14, "{listed}");
    for (gesture, _) in bgw::app::board::GESTURES {
        assert!(shows(&h, gesture), "{gesture}");
    }
}

#[test]
fn the_theme_chosen_is_applied_and_kept() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Light").click();
    h.run();
    assert_eq!(h.state().state.settings.theme, Theme::Light);
    assert!(!h.ctx.global_style().visuals.dark_mode);
    let kept = ron::to_string(&h.state().state.persisted()).unwrap();
    let back = AppState::restore(ron::from_str(&kept).unwrap());
    assert_eq!(back.settings.theme, Theme::Light);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Dark").click();
    h.run();
    assert!(h.ctx.global_style().visuals.dark_mode);
}

#[test]
fn the_speed_ups_for_software_rendering_are_off_with_no_software_renderer_until_asked_for() {
    // The harness has no OpenGL renderer: the switch is the settings'.
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    assert!(!h.state().software_rendering().is_on());
    assert_eq!(h.state().software_rendering().text_sprites().composed(), 0);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Speed-ups for software rendering").click();
    h.run();
    assert!(h.state().state.settings.software_rendering);
    assert!(h.state().software_rendering().is_on());
    assert!(h.state().software_rendering().text_sprites().composed() > 0);
    let kept = ron::to_string(&h.state().state.persisted()).unwrap();
    let back = AppState::restore(ron::from_str(&kept).unwrap());
    assert!(back.settings.software_rendering);
    // Tests set it either way.
    h.state_mut().force_software_rendering(Some(false));
    h.run();
    assert!(!h.state().software_rendering().is_on());
}

#[test]
fn the_roll_grid_lists_21_rolls_and_a_click_sets_the_dice() {
    // Tall enough for all 21 rows without scrolling.
    let mut h = harness_sized(app(AppState::default()), 1280.0, 1500.0);
    h.get_by_label("Rolls").click();
    h.run();
    let rolls: Vec<_> = bgw_engine::Dice::all().collect();
    assert_eq!(rolls.len(), 21);
    for d in &rolls {
        let label = bgw::app::roll_grid::roll_label(*d);
        assert_eq!(h.query_all_by_label(&label).count(), 1, "{label}");
    }
    h.get_by_label("6-4").click();
    h.run();
    assert_eq!(h.state().state.editing.edit.dice, [6, 4]);
    // The opening 64: the classic program's choice is the top candidate marked classic.
    let a = h.state().state.candidates.analysis.as_ref().unwrap();
    let choice = a.candidates[a.choice.unwrap().index].play.mv.notation();
    assert!(shows(&h, &choice), "{choice}");
}

#[test]
fn copy_analysis_puts_the_ids_and_every_candidate_on_the_clipboard() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste(BUSY.into()));
    h.run();
    let copied = |h: &mut H| -> Vec<String> {
        h.step();
        let out = &h.output().platform_output.commands;
        out.iter()
            .filter_map(|c| match c {
                egui::OutputCommand::CopyText(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    };
    // Edit → Copy analysis, and its shortcut Ctrl+Shift+C: the same text.
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Copy analysis").click();
    let copied_by_menu = copied(&mut h);
    h.run();
    let copied = copied_by_menu;
    let log = |h: &H| h.state().state.messages.log.len();
    let before = log(&h);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::C);
    h.run();
    assert_eq!(log(&h), before + 1);
    assert!(shows(&h, "copied the analysis as text"));
    assert_eq!(copied.len(), 1, "{copied:?}");
    let text = &copied[0];
    let setup = bgw_engine::core::formats::read_setup(BUSY).unwrap();
    assert!(text.contains(&setup.position_id()) && text.contains(&setup.xgid()));
    let a = h.state().state.candidates.analysis.as_ref().unwrap();
    for c in &a.candidates {
        assert!(
            text.contains(&c.play.mv.notation()),
            "{}",
            c.play.mv.notation()
        );
    }
}

#[test]
fn the_programs_last_move_is_shown_and_goes_with_undo() {
    // The program (White) wins the opening roll 3-1 and plays it; the person (Black) rolls 6-5.
    let state = AppState::default().with_dice(ScriptedDice::new([(3, 1), (6, 5), (2, 1)]));
    let mut h = harness_sized(app(state), 1280.0, 720.0);
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label_contains("as Black").click();
    h.run();
    let game = h.state().state.play.game.as_ref().expect("a game");
    let (side, play) = game.program_move_shown().expect("the program moved");
    assert_eq!(side, Side::White);
    let line = game.last_program().unwrap();
    assert!(shows(&h, &line), "{line}");
    // The person rolls and plays a candidate; undo takes it back with the program's answer.
    h.key_press(egui::Key::R);
    h.run();
    h.key_press(egui::Key::ArrowDown);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let answer = h
        .state()
        .state
        .play
        .game
        .as_ref()
        .unwrap()
        .program_move_shown()
        .map(|(_, p)| p);
    assert!(
        answer.is_some() && answer != Some(play),
        "the program answered"
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    // The answer is gone from the board, the Play tab and the status line: what is shown is
    // the program's move before it, the one that led to the position on the board.
    let game = h.state().state.play.game.as_ref().unwrap();
    assert_eq!(game.program_move_shown(), Some((Side::White, play)));
    assert_eq!(game.last_program().as_deref(), Some(&*line));
    let answer = answer.unwrap().mv.notation();
    assert!(shows(
        &h,
        &format!("and the program's answer {answer} with it")
    ));
}

#[test]
fn loading_weights_over_unsaved_edits_goes_through_the_question_and_the_fallback_dialog() {
    use bgw_engine::evaluation::classic::Weights;
    let dir = temp_dir("weights");
    let file = dir.join("tuned.ron");
    Weights::builtin_default().save(&file).unwrap();
    let mut state = AppState::default();
    let bar = state
        .weights
        .current
        .get(bgw_engine::evaluation::classic::Term::Bar);
    state
        .weights
        .current
        .set(bgw_engine::evaluation::classic::Term::Bar, bar + 1.0);
    state.weights.path = Some(dir.join("elsewhere.ron"));
    let dialogs = NativeDialogs::with_desktop(NoPortal);
    let mut h = harness_sized(WorkbenchApp::new(state, Box::new(dialogs)), 1280.0, 720.0);
    h.get_by_label("Load…").click();
    h.run();
    h.get_by_label("Discard changes").click();
    for _ in 0..200 {
        h.step();
        if shows(&h, "Open a weights file") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.get_by_label("tuned.ron").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    // Applied again after the answer, the confirmed action loads without asking twice.
    let w = &h.state().state.weights;
    assert_eq!(w.path.as_ref(), Some(&file));
    assert_eq!(w.current, Weights::builtin_default());
    assert!(!shows(&h, "Discard changes"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refused_champion_squares_stay_in_their_fields_with_the_reason() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.get_by_label("Чемпион").click();
    h.run();
    h.get_by_label("Set up a position").click();
    h.run();
    let wolves = h.get_by_label("Wolves:");
    wolves.click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Wolves:").type_text("46,48");
    h.run();
    h.get_by_label("Set these squares").click();
    h.run();
    assert_eq!(h.get_by_label("Wolves:").value().as_deref(), Some("46,48"));
    assert!(
        shows(&h, "2 wolf squares given"),
        "the reason beside the fields"
    );
}

/// With one legal play the breakdown does not compare the play with itself ("favours #1 /
/// favours #1", a Δ column of zeros): it says it is the only one and shows its addends.
#[test]
fn the_only_legal_play_is_broken_down_without_a_comparison() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste(
        "XGID=-A-----------------o------:0:0:1:21:0:0:0:0:10".into(),
    ));
    h.run();
    assert_eq!(h.state().state.candidates.len(), 1);
    assert!(shows(&h, "#1 1/off: the only legal play, BRDVAL"));
    assert!(shows(&h, "adds to BRDVAL (W·V > 0)"));
    assert!(!shows(&h, "favours #1"));
    assert!(!shows(&h, "Δ vs #"));
    // Two plays: compared as before.
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10".into(),
    ));
    h.run();
    assert!(shows(&h, "Δ vs #"));
    assert!(shows(&h, "favours #1"));
}

/// A board on which one side has borne off every checker is not analysed: the status line and
/// the candidates say the game is over and who won (both off: no game reaches it).
#[test]
fn a_finished_board_says_the_game_is_over() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste("AAAAAAAAAAAAAA".into()));
    h.run();
    h.state_mut().act(bgw::app::EditAction::SetDice(2, 1));
    h.run();
    assert!(h.state().state.candidates.analysis.is_none());
    assert!(shows(&h, "both sides have borne off all 15 checkers"));
    assert!(!shows(&h, "the turn passes"));
    // White to play 21 with every White checker off: White has won.
    h.event(Event::Paste(
        "XGID=-------------------o------:0:0:1:21:0:0:0:0:10".into(),
    ));
    h.run();
    assert!(h.state().state.candidates.analysis.is_none());
    assert!(shows(
        &h,
        "the game is over: White has borne off all 15 checkers and won"
    ));
    assert!(!shows(&h, "the turn passes"));
}

/// The app at 1280×720 with a stand-in gnubg whose equities and losses are as wide as
/// gnubg's get.
fn with_wide_gnubg_column() -> Harness<'static, WorkbenchApp> {
    let referee = bgw::app::ScriptedReferee::answering(|p| {
        let (me, opp) = p.result.pips();
        (f64::from(opp) - f64::from(me)) / 100.0 - 1.5
    });
    let state = AppState::default().with_referee(referee);
    harness_sized(
        WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        1280.0,
        720.0,
    )
}

/// Numbers are never cut: after weights on a fitted scale (BRDVAL in the thousands, as the
/// issue saw "−5587…"), at 1280×720 with gnubg's columns, every cell's text ends before the
/// next column's title begins, and the sorted column's title keeps its arrow.
#[test]
fn the_candidates_columns_fit_their_numbers_and_the_sort_arrow() {
    use bgw::app::candidates::sort::Column as SortColumn;
    use bgw_engine::evaluation::classic::Term;
    let mut h = with_wide_gnubg_column();
    for (name, value) in [("WPTSHOME", 3235.73), ("WSIN", 76.36)] {
        h.state_mut().act(bgw::app::WeightsAction::Set {
            term: Term::from_seed_name(name).unwrap(),
            value,
            gesture: true,
        });
    }
    h.event(Event::Paste(BUSY.into()));
    h.run();
    h.state_mut()
        .act(bgw::app::CandidatesAction::SortBy(SortColumn::GnubgEquity));
    h.run();
    let a = h.state().state.candidates.analysis.as_ref().unwrap();
    assert!(
        a.candidates.iter().any(|c| c.value.abs() >= 1000.0),
        "a wide BRDVAL"
    );
    // The titles, left to right: each column's cells end before the next title starts.
    let titles = ["#", "move", "BRDVAL", "Δ", "gnubg", "g#", "loss", "classic"];
    let table_top = h.state().regions().unwrap().candidates.top();
    let header: Vec<Rect> = titles
        .iter()
        .map(|t| {
            let is_title =
                |l: &str| l == *t || l.strip_prefix(t).is_some_and(|r| r.starts_with(' '));
            // The sortable titles are buttons; "classic" is a label.
            let role = if *t == "classic" {
                Role::Label
            } else {
                Role::Button
            };
            h.query_all_by_role(role)
                .filter(|n| {
                    let node = n.accesskit_node();
                    let l = node.label().or(node.value()).unwrap_or_default();
                    is_title(&l) && n.rect().top() < table_top + 170.0
                })
                .map(|n| n.rect())
                .min_by(|a, b| a.top().total_cmp(&b.top()))
                .unwrap_or_else(|| panic!("the title {t}"))
        })
        .collect();
    assert!(
        h.query_all_by_label_contains("gnubg ▲").next().is_some()
            || h.query_all_by_label_contains("gnubg ▼").next().is_some(),
        "the sorted title keeps its arrow"
    );
    let number = |s: &str| {
        let s = s.trim_start_matches(['+', '-', '−']);
        !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    // A cut number is elided ("−5587…"): its label is narrower than its text.
    let font = egui::TextStyle::Monospace.resolve(&h.ctx.global_style());
    let digit = h.ctx.fonts_mut(|f| f.glyph_width(&font, '0'));
    let mut checked = 0;
    for cell in h.query_all_by_role(Role::Label) {
        let Some(text) = cell
            .accesskit_node()
            .value()
            .or(cell.accesskit_node().label())
        else {
            continue;
        };
        let r = cell.rect();
        if !number(&text) || r.top() <= header[0].bottom() {
            continue;
        }
        let Some(k) = (0..header.len() - 1)
            .rev()
            .find(|&k| header[k].left() <= r.left() + 1.0)
        else {
            continue;
        };
        assert!(
            r.width() + 0.5 >= digit * text.chars().count() as f32,
            "{text:?} in the {} column is cut ({r:?})",
            titles[k]
        );
        assert!(
            r.right() <= header[k + 1].left() + 0.5,
            "{text:?} in the {} column runs into the {} column ({r:?} vs {:?})",
            titles[k],
            titles[k + 1],
            header[k + 1]
        );
        checked += 1;
    }
    assert!(checked > 20, "{checked} cells checked");
}

/// On the Bear-off tab a contact position (nothing to plot) keeps the usual layout: the tab in
/// its place and ten candidate rows at 1280×720 (issue 35, item 16: the right column stood
/// empty and the candidates were pushed under the board).
#[test]
fn the_bear_off_tab_on_a_contact_position_keeps_ten_candidate_rows_at_1280_by_720() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste(BUSY.into()));
    h.run();
    h.state_mut()
        .act(bgw::app::ViewAction::SetTab(bgw::app::Tab::Bearoff));
    // The bear-off analysis of a contact position is refused on a thread: bounded wait.
    for _ in 0..200 {
        if h.state().state.bearoff.job.is_none() && h.state().state.bearoff.result.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.run();
    let r = h.state().regions().expect("laid out");
    assert!(!r.wide_tab, "nothing to plot: the usual layout, {r:?}");
    let rows = ui_common::candidate_rows_shown(&h);
    assert!(rows >= 10, "{rows} candidate rows on the Bear-off tab");
}

/// Ten candidate rows at 1280×720 at a match score, where gnubg's column carries the match
/// state's words above the table (issue 35, item 16: 8 rows, gnubg's line wrapped and the
/// table stood wider than its region).
#[test]
fn ten_candidate_rows_at_a_match_score_at_1280_by_720() {
    let mut h = with_wide_gnubg_column();
    // The opening position, 3-1 to play, 3-2 to 7 with the cube at 2.
    h.event(Event::Paste(
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:31:3:2:0:7:10".into(),
    ));
    h.run();
    assert!(h.state().state.candidates.at.is_some(), "a match state");
    let rows = ui_common::candidate_rows_shown(&h);
    assert!(rows >= 10, "{rows} candidate rows at a match score");
}

/// A bear-off position with dice on the Bear-off tab: the plots and ten candidate rows.
#[test]
fn a_bear_off_position_with_dice_on_the_bear_off_tab_keeps_ten_candidate_rows() {
    let mut h = harness_sized(app(AppState::default()), 1280.0, 720.0);
    h.event(Event::Paste(
        "XGID=-BBBCCC------------cccbbb-:0:0:1:31:0:0:0:0:10".into(),
    ));
    h.run();
    h.state_mut()
        .act(bgw::app::ViewAction::SetTab(bgw::app::Tab::Bearoff));
    for _ in 0..500 {
        if h.state().state.bearoff.job.is_none() && h.state().state.bearoff.result.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.run();
    assert!(
        h.state().state.candidates.len() >= 10,
        "a roll with ten moves or more"
    );
    let rows = ui_common::candidate_rows_shown(&h);
    assert!(rows >= 10, "{rows} candidate rows on the Bear-off tab");
}
