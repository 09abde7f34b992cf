//! Issue 51 in the Archive tab's drill, headless with egui_kittest: after a wrong answer the
//! verdict is followed by gnubg's own reason — a move's sentence and the chart of its parts
//! (gnubg's nets read in process), a cube answer's deciding figure — and before the answer
//! nothing of it is drawn.

use super::app_drill_hidden::{H, drill_open, shows, until};
use bgw::app::archive::ArchiveAction;
use bgw_engine::archive::ErrorKind;
use egui_kittest::kittest::Queryable;

/// Anything of gnubg's reason drawn.
fn why_shown(h: &H) -> bool {
    shows(h, "gnubg's why") || shows(h, "gnubg's parts")
}

#[test]
fn gnubgs_why_shows_after_a_wrong_answer_and_not_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = drill_open(dir.path(), &["gnubg_5pt_seed101.mat"]);

    let (mut moves, mut cubes) = (0, 0);
    for _ in 0..40 {
        if moves >= 1 && cubes >= 1 {
            break;
        }
        h.get_by_label("Next card").click();
        h.run_ok();
        until(&mut h, "no card came", |h| {
            let a = &h.state().state.archive;
            a.drill.card.is_some() && a.drill.graded.is_none() && !a.busy()
        });
        let card = h.state().state.archive.drill.card.clone().unwrap();
        for _ in 0..3 {
            h.run();
        }
        assert!(!why_shown(&h), "before the answer to card {card:?}");
        // Answered wrongly: the move played in the match, or the cube answer not right.
        let wrong = match card.cube_answers() {
            None => card.error.played.clone(),
            Some([a, b]) => {
                let right = card.right_answer().unwrap();
                if right == a { b } else { a }.to_string()
            }
        };
        h.state_mut().act(ArchiveAction::Answer(wrong));
        until(&mut h, "not graded", |h| {
            let a = &h.state().state.archive;
            a.drill.graded.is_some() && !a.busy()
        });
        h.run_ok();
        let graded = h.state().state.archive.drill.graded.clone().unwrap();
        assert!(!graded.correct, "{graded:?}");
        let why = graded.why_gnubg.as_ref().expect("gnubg's reason");
        assert!(
            shows(&h, &format!("gnubg's why: {}", why.sentence())),
            "{why:?}"
        );
        match card.error.kind {
            ErrorKind::Move => {
                let split = why.split().expect("a move's split");
                // The chart, its largest part first.
                assert!(
                    shows(&h, &format!("gnubg's parts: {}", split.concepts[0].name)),
                    "{split:?}"
                );
                moves += 1;
            }
            ErrorKind::Double | ErrorKind::Take => {
                assert!(why.split().is_none() && !shows(&h, "gnubg's parts"));
                cubes += 1;
            }
        }
    }
    assert!(
        moves >= 1 && cubes >= 1,
        "{moves} move cards, {cubes} cube cards"
    );
}
