//! The Archive tab (issue 38), headless with egui_kittest and a scripted engine (gnubg is never
//! started here): a folder added through the dialog and reviewed in the background, the
//! players' table, a player's trend plot and errors (a click puts the decision on the board),
//! and the drill — a card on the board answered with the cube buttons or a candidate, graded
//! and scheduled, all kept in the archive.

use crate::ui_common::SETTLE_STEPS;
use bgw::app::archive::{ArchiveAction, ArchiveState};
use bgw::app::candidates::CandidatesAction;
use bgw::app::edit::Loc;
use bgw::app::editing::EditAction;
use bgw::app::referee::EngineFactory;
use bgw::app::{AppState, ScriptedDialogs, WorkbenchApp};
use bgw_engine::Position;
use bgw_engine::archive::{Archive, ErrorKind};
use bgw_engine::core::moves::Play;
use bgw_engine::core::moves::legal_plays;
use bgw_engine::core::position::Side;
use bgw_engine::core::task::Task;
use bgw_engine::reference::{ReferenceEngine, ScriptedEngine};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

type H = Harness<'static, WorkbenchApp>;

fn equity(_: &Position, p: &Play) -> f64 {
    f64::from(p.result.pips().1) / 100.0
}

use super::ui_common::no_double_take as cube;

fn scripted() -> EngineFactory {
    Arc::new(|_: &Task| {
        Box::new(ScriptedEngine::new(equity).with_cube(cube)) as Box<dyn ReferenceEngine + Send>
    })
}

/// A folder with gnubg's 3- and 5-point self-play matches.
fn folder(dir: &Path) -> PathBuf {
    let folder = dir.join("matches");
    std::fs::create_dir_all(&folder).unwrap();
    for name in ["gnubg_3pt_seed103.mat", "gnubg_5pt_seed101.mat"] {
        let from = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/matches")
            .join(name);
        std::fs::copy(from, folder.join(name)).unwrap();
    }
    folder
}

fn harness(db: &Path, dialogs: ScriptedDialogs) -> H {
    let archive = ArchiveState::with_engines(scripted()).at(db.to_path_buf());
    let state = AppState::default().with_archive(archive);
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

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn until(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what}");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
}

/// Moves the checkers of `best` on the board by hand, as a person drags them: each step, and
/// a blot it hits to the bar.
fn move_by_hand(h: &mut H, best: &str) {
    let edit = h.state().state.editing.edit;
    let position = edit.position().unwrap();
    let dice = edit.roll().unwrap();
    let play = legal_plays(&position, dice)
        .into_iter()
        .find(|p| p.mv.notation() == best)
        .expect("the best is a legal move");
    let mover = position.on_roll();
    // The mover's point `n` in White's numbering (25 the bar, 0 off).
    let loc = |n: u8| match (n, mover) {
        (25, _) => Loc::Bar,
        (0, _) => Loc::Off,
        (n, Side::White) => Loc::Point(n),
        (n, Side::Black) => Loc::Point(25 - n),
    };
    for step in play.mv.steps() {
        h.state_mut()
            .act(EditAction::Move(mover, loc(step.from), loc(step.to)));
        if step.hit {
            h.state_mut()
                .act(EditAction::Move(mover.opponent(), loc(step.to), Loc::Bar));
        }
    }
    h.run();
    assert_eq!(
        h.state().state.drill_inputs().on_board.as_deref(),
        Some(best)
    );
}

#[test]
fn a_folder_added_and_reviewed_shows_the_players_their_trend_and_errors_on_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive.sqlite");
    let matches = folder(dir.path());
    let mut h = harness(&db, ScriptedDialogs::answering([matches]));
    h.get_by_label("Archive").click();
    h.run();
    until(&mut h, "the archive was not read", |h| {
        shows(h, "Add folder…") && !h.state().state.archive.busy()
    });
    assert!(shows(&h, "No match in the archive yet"));
    h.get_by_label("Add folder…").click();
    h.run();
    until(&mut h, "the folder was not added and reviewed", |h| {
        h.state().state.archive.adding().is_none() && shows(h, "root")
    });
    let log = h.state().state.messages.log.join("\n");
    // Only what happened (issue 49: not "2 of 2 matches reviewed …, 0 not").
    assert!(
        log.lines()
            .any(|l| l.ends_with("archive: 2 files, 2 added; 2 matches reviewed at 2 plies")),
        "{log}"
    );
    // The players' table is the archive's (`bgw archive players` reads the same).
    let players = Archive::open(&db).unwrap().players(None).unwrap();
    assert_eq!(h.state().state.archive.snapshot.players, players);
    assert_eq!(players.len(), 2);

    h.get_by_label("root").click();
    h.run();
    until(&mut h, "root's errors were not read", |h| {
        !h.state().state.archive.snapshot.errors.is_empty()
    });
    assert!(shows(&h, "error-rate trend of root: 2 matches"));
    let errors = h.state().state.archive.snapshot.errors.clone();
    assert!(shows(
        &h,
        &format!("{} of {} errors", errors.len(), errors.len())
    ));
    // A click on the worst error puts its decision on the board.
    let worst = format!("{:>7.1}", 1000.0 * errors[0].error.loss);
    h.get_by_label(&worst).click();
    h.run();
    let board = h.state().state.archive.board().expect("a board");
    assert_eq!(h.state().state.editing.edit, board);
    // With the review's verdict on it, and the classic program's choice.
    assert!(shows(
        &h,
        &format!(
            "{} ({} mEMG, ",
            errors[0].error.what_and_right(),
            worst.trim()
        )
    ));
    // Issue 49: the whole row opens its error — a click on the words of another row (a cube
    // error, read as what was done and what was right) opens that one.
    let (k, cube) = errors
        .iter()
        .enumerate()
        .find(|(_, e)| e.error.kind != ErrorKind::Move)
        .expect("a cube error");
    let words = cube.error.what_and_right();
    assert!(words.contains("; right: "), "{words}");
    assert!(!words.contains("best No double"), "{words}");
    // The first row with these words is that error's (the list is worst first).
    h.query_all_by_label(&words).next().unwrap().scroll_to_me();
    h.run();
    h.query_all_by_label(&words).next().unwrap().click();
    h.run();
    assert_eq!(h.state().state.archive.opened, Some(k));
    assert_eq!(
        h.state().state.editing.edit,
        h.state().state.archive.board().unwrap()
    );
    // The filters narrow the list.
    h.state_mut()
        .act(ArchiveAction::SetKind(Some(ErrorKind::Move)));
    h.run();
    let moves = errors
        .iter()
        .filter(|e| e.error.kind == ErrorKind::Move)
        .count();
    assert!(shows(&h, &format!("{moves} of {} errors", errors.len())));
}

#[test]
fn the_drill_puts_a_card_on_the_board_and_grades_the_answer_from_the_buttons_or_a_candidate() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive.sqlite");
    let matches = folder(dir.path());
    let mut h = harness(&db, ScriptedDialogs::default());
    h.state_mut().act(ArchiveAction::Add(matches));
    until(&mut h, "not added", |h| {
        h.state().state.archive.adding().is_none()
    });
    h.get_by_label("Archive").click();
    h.run();
    until(&mut h, "not read", |h| shows(h, "root"));
    h.get_by_label("root").click();
    h.run();
    until(&mut h, "no drill line", |h| shows(h, "Next card"));

    let mut answered_cube = false;
    let mut moves_answered = 0;
    for _ in 0..40 {
        if answered_cube && moves_answered >= 3 {
            break;
        }
        h.get_by_label("Next card").click();
        h.run();
        until(&mut h, "no card came", |h| {
            h.state().state.archive.drill.card.is_some() && !h.state().state.archive.busy()
        });
        let card = h.state().state.archive.drill.card.clone().unwrap();
        // The card is on the board.
        assert_eq!(
            Some(h.state().state.editing.edit),
            h.state().state.archive.board()
        );
        match card.right_answer() {
            Some(right) => {
                if answered_cube {
                    h.state_mut().act(ArchiveAction::Answer(right.clone()));
                } else {
                    h.get_by_role_and_label(egui::accesskit::Role::Button, &right)
                        .click();
                }
                answered_cube = true;
            }
            None => {
                let index = |h: &H| {
                    let a = h
                        .state()
                        .state
                        .candidates
                        .analysis
                        .as_ref()
                        .expect("candidates");
                    a.candidates
                        .iter()
                        .position(|c| c.play.mv.notation() == card.error.best)
                        .expect("the best among the candidates")
                };
                let i = index(&h);
                match moves_answered {
                    // gnubg's best selected in the candidates table, then answered.
                    0 => h.state_mut().act(CandidatesAction::Select(i)),
                    // gnubg's best played on the board (the turn passed), then answered.
                    1 => h.state_mut().act(CandidatesAction::Play(i)),
                    // gnubg's best moved by hand, checker by checker (a blot hit put on
                    // the bar by hand too), then answered.
                    2 => move_by_hand(&mut h, &card.error.best),
                    _ => h
                        .state_mut()
                        .act(ArchiveAction::Answer(card.error.best.clone())),
                }
                h.run();
                if moves_answered < 3 {
                    h.get_by_label(&format!("Answer {}", card.error.best))
                        .click();
                }
                moves_answered += 1;
            }
        }
        h.run();
        until(&mut h, "not graded", |h| {
            h.state().state.archive.drill.graded.is_some() && !h.state().state.archive.busy()
        });
        let g = h.state().state.archive.drill.graded.clone().unwrap();
        assert!(g.correct && g.rating == "good", "{g:?}");
        assert!(shows(&h, "is gnubg's best."));
    }
    assert!(
        answered_cube && moves_answered >= 3,
        "both kinds of card came"
    );
    // Kept in the archive.
    let answers: i64 = Archive::open(&db)
        .unwrap()
        .connection()
        .query_row(
            "SELECT count(*) FROM drill_answers WHERE correct = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(answers >= 2, "{answers}");
}

/// The depth of the archive's reviews (issue 49): 2-ply unless chosen, the choice kept
/// across a restart, and the reviews made at it.
#[test]
fn the_review_depth_is_2_ply_by_default_chosen_in_the_tab_and_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive.sqlite");
    let matches = folder(dir.path());
    let mut h = harness(&db, ScriptedDialogs::default());
    h.get_by_label("Archive").click();
    h.run();
    until(&mut h, "the archive was not read", |h| {
        shows(h, "Add folder…") && !h.state().state.archive.busy()
    });
    assert_eq!(h.state().state.archive.plies, 2);
    h.get_by_role_and_label(Role::ComboBox, "review with gnubg at")
        .click();
    h.run();
    h.query_all_by_label("1-ply")
        .find(|n| n.accesskit_node().role() != Role::ComboBox)
        .expect("1-ply is offered")
        .click();
    h.run();
    assert_eq!(h.state().state.archive.plies, 1);
    assert!(shows(&h, "1-ply"));
    // Kept across a restart.
    let saved = h.state().state.persisted();
    assert_eq!(AppState::restore(saved).archive.plies, 1);
    assert_eq!(AppState::default().archive.plies, 2);

    h.state_mut().act(ArchiveAction::Add(matches));
    until(&mut h, "not added", |h| {
        h.state().state.archive.adding().is_none()
    });
    let log = h.state().state.messages.log.join("\n");
    assert!(log.contains("2 matches reviewed at 1 ply"), "{log}");
    let depths: Vec<i64> = Archive::open(&db)
        .unwrap()
        .connection()
        .prepare("SELECT plies FROM reviews")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(depths, vec![1, 1]);
}

/// Two names of one person merged into one row of the players from the tab, and unmerged
/// (issue 49; `bgw archive alias` in the command line).
#[test]
fn a_player_merged_into_another_is_one_row_and_unmerged_is_two_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive.sqlite");
    let folder = dir.path().join("m");
    std::fs::create_dir_all(&folder).unwrap();
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/matches/gnubg_3pt_seed103.mat"),
    )
    .unwrap();
    std::fs::write(folder.join("a.mat"), &text).unwrap();
    // The same player under another name (another match by its content: its players).
    std::fs::write(
        folder.join("b.mat"),
        text.replace(" gnubg : ", " gnubg2 : "),
    )
    .unwrap();
    let mut h = harness(&db, ScriptedDialogs::default());
    h.state_mut().act(ArchiveAction::SetReview(false));
    h.state_mut().act(ArchiveAction::Add(folder));
    until(&mut h, "not added", |h| {
        h.state().state.archive.adding().is_none()
    });
    h.get_by_label("Archive").click();
    h.run();
    let names = |h: &H| -> Vec<String> {
        (h.state().state.archive.snapshot.players.iter())
            .map(|p| p.player.clone())
            .collect()
    };
    until(&mut h, "not read", |h| names(h).len() == 3);
    assert_eq!(names(&h), ["gnubg", "gnubg2", "root"]);
    // gnubg2 chosen, then merged into gnubg.
    h.get_by_label("gnubg2").click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "merge gnubg2 into")
        .click();
    h.run();
    h.query_all_by_label("gnubg")
        .rfind(|n| n.accesskit_node().role() != Role::ComboBox)
        .expect("gnubg is offered")
        .click();
    h.run();
    until(&mut h, "not merged", |h| {
        names(h).len() == 2 && !h.state().state.archive.busy()
    });
    assert_eq!(names(&h), ["gnubg", "root"]);
    assert_eq!(h.state().state.archive.snapshot.players[0].matches, 2);
    assert!(shows(&h, "gnubg2 merged into gnubg"));
    assert_eq!(
        Archive::open(&db).unwrap().aliases().unwrap(),
        vec![("gnubg2".to_string(), "gnubg".to_string())]
    );
    h.get_by_label("Unmerge").click();
    h.run();
    until(&mut h, "not unmerged", |h| {
        names(h).len() == 3 && !h.state().state.archive.busy()
    });
    assert!(Archive::open(&db).unwrap().aliases().unwrap().is_empty());
}

/// Issue 49: the progress of adding and reviewing a folder never runs backwards (it went
/// 81 % → 29 % when the second match's review began): the engine, asked during the review,
/// sees the job's fraction only grow.
#[test]
fn adding_and_reviewing_a_folder_shows_one_bar_that_only_grows() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive.sqlite");
    let matches = folder(dir.path());
    let seen: Arc<std::sync::Mutex<Vec<f64>>> = Arc::default();
    let record = Arc::clone(&seen);
    let engines: EngineFactory = Arc::new(move |task: &Task| {
        let (task, record) = (task.clone(), Arc::clone(&record));
        let engine = ScriptedEngine::new(move |p, play| {
            // Read under the lock: the order kept is the order read, on any thread.
            let mut kept = record.lock().unwrap();
            if let Some(f) = task.snapshot().fraction() {
                kept.push(f);
            }
            equity(p, play)
        })
        .with_cube(cube);
        Box::new(engine) as Box<dyn ReferenceEngine + Send>
    });
    let archive = ArchiveState::with_engines(engines).at(db.clone());
    let state = AppState::default().with_archive(archive);
    let mut h: H = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.state_mut().act(ArchiveAction::Add(matches));
    until(&mut h, "not added", |h| {
        h.state().state.archive.adding().is_none()
    });
    let seen = seen.lock().unwrap().clone();
    assert!(seen.len() > 20, "the engine was asked {} times", seen.len());
    let back = seen.windows(2).find(|w| w[1] < w[0]);
    assert!(back.is_none(), "the bar ran backwards: {back:?}");
    assert!(seen[seen.len() - 1] > 0.5, "{seen:?}");
}
