//! The drill a player can trust (issue 49, items 1 and 5), headless with egui_kittest and
//! scripted engines: with a card on the board and not yet answered nothing drawn gives the
//! answer away — not gnubg's figures, ranks or losses in the candidates, not their order, not
//! the Cube panel's proper action or correct response, not the classic program's choice — and
//! after the answer all of it is drawn, with the verdict. A take card asks its question with
//! the doubler, the cube and the score, and the board shows the taker's decision.

use crate::ui_common::SETTLE_STEPS;
use bgw::app::archive::{ArchiveAction, ArchiveState};
use bgw::app::candidates::CandidatesAction;
use bgw::app::candidates::sort::Column;
use bgw::app::referee::EngineFactory;
use bgw::app::{AppState, ScriptedDialogs, ScriptedReferee, WorkbenchApp};
use bgw_engine::archive::ErrorKind;
use bgw_engine::core::moves::Play;
use bgw_engine::core::task::Task;
use bgw_engine::reference::{ReferenceEngine, ScriptedEngine};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) type H = Harness<'static, WorkbenchApp>;

fn equity(p: &Play) -> f64 {
    f64::from(p.result.pips().1) / 100.0
}

use super::ui_common::no_double_take as cube;

fn reviews() -> EngineFactory {
    Arc::new(|_: &Task| {
        Box::new(ScriptedEngine::new(|_, p| equity(p)).with_cube(cube))
            as Box<dyn ReferenceEngine + Send>
    })
}

pub(super) fn harness(db: &Path) -> H {
    let archive = ArchiveState::with_engines(reviews()).at(db.to_path_buf());
    let state = AppState::default()
        .with_archive(archive)
        .with_referee(ScriptedReferee::answering_cube(equity, cube));
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

pub(super) fn until(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what}");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
}

pub(super) fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// What a drawn text or row says that gives gnubg's verdict or the classic's choice away.
const VERDICTS: [&str; 9] = [
    "Proper cube action",
    "Correct response",
    "vs best",
    "gnubg equity",
    "classic's choice",
    "Classic program (",
    ", the classic program's choice",
    "gnubg's best",
    "◀",
];

fn verdicts_shown(h: &H) -> Vec<&'static str> {
    VERDICTS.into_iter().filter(|t| shows(h, t)).collect()
}

/// The app on an archive in `dir` of the shared matches `names`, added and reviewed, the
/// Archive tab open on the player "root" with its drill line shown.
pub(super) fn drill_open(dir: &Path, names: &[&str]) -> H {
    let db = dir.join("archive.sqlite");
    let matches = dir.join("matches");
    std::fs::create_dir_all(&matches).unwrap();
    for name in names {
        let from = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/matches")
            .join(name);
        std::fs::copy(from, matches.join(name)).unwrap();
    }
    let mut h = harness(&db);
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
    h
}

#[test]
fn a_drill_card_hides_every_verdict_until_it_is_answered() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = drill_open(
        dir.path(),
        &["gnubg_3pt_seed103.mat", "gnubg_5pt_seed101.mat"],
    );
    // The player had the table sorted by gnubg's rank: a card must not keep that order.
    h.state_mut()
        .act(CandidatesAction::SortBy(Column::GnubgRank));

    let (mut moves, mut cubes, mut takes) = (0, 0, 0);
    for _ in 0..60 {
        if moves >= 1 && cubes >= 1 && takes >= 1 {
            break;
        }
        h.get_by_label("Next card").click();
        h.run();
        until(&mut h, "no card came", |h| {
            let a = &h.state().state.archive;
            a.drill.card.is_some() && a.drill.graded.is_none() && !a.busy()
        });
        let card = h.state().state.archive.drill.card.clone().unwrap();
        // The scripted referee has answered for this board by now (it answers at once):
        // several frames, so that anything it would show is drawn.
        for _ in 0..5 {
            std::thread::sleep(Duration::from_millis(5));
            h.run();
        }
        let state = &h.state().state;
        let c = &state.candidates;
        assert_eq!(
            verdicts_shown(&h),
            Vec::<&str>::new(),
            "before the answer to card {} ({:?})",
            card.card,
            card.error.kind
        );
        assert!(shows(&h, "hidden until you answer card"), "{card:?}");
        assert!(shows(&h, &card.question()), "{}", card.question());
        if card.error.kind == ErrorKind::Move {
            let n = c.len();
            assert!(n > 0);
            // The classic's order, though the player sorted by gnubg's rank.
            let order = c.display_order(c.depth.gnubg_plies);
            assert_eq!(order, (0..n).collect::<Vec<_>>());
            assert!(shows(&h, "candidate 1: "), "rows are drawn");
        }
        if card.error.kind == ErrorKind::Take {
            // The taker decides, the cube turned to 2 offered: not "to play", not 64.
            let taker = card.question();
            assert!(
                taker.contains(" doubles to ") && taker.ends_with(": take or pass?"),
                "{taker}"
            );
            assert!(shows(&h, "to take or pass: "), "the board's line");
            assert!(!shows(&h, "cube centred"));
            takes += 1;
        }
        // Answered (rightly): everything shows.
        let right = card
            .right_answer()
            .unwrap_or_else(|| card.error.best.clone());
        h.state_mut().act(ArchiveAction::Answer(right));
        until(&mut h, "not graded", |h| {
            let a = &h.state().state.archive;
            a.drill.graded.is_some() && !a.busy()
        });
        match card.error.kind {
            ErrorKind::Move => {
                until(&mut h, "gnubg's column after the answer", |h| {
                    shows(h, "gnubg equity")
                });
                moves += 1;
            }
            ErrorKind::Double | ErrorKind::Take => {
                until(&mut h, "the Cube panel after the answer", |h| {
                    shows(h, "Proper cube action") || shows(h, "Correct response")
                });
                assert!(shows(&h, "vs best"));
                cubes += 1;
            }
        }
        assert!(!shows(&h, "hidden until you answer card"));
        assert!(shows(&h, "is gnubg's best."));
    }
    assert!(
        moves >= 1 && cubes >= 1 && takes >= 1,
        "{moves} move cards, {cubes} cube cards, {takes} take cards"
    );
}
