//! What a drill card asks, in words (issue 49, item 5): a take card names the doubler, the
//! cube and the score, a redouble asks "redouble?", a move card the roll — the text the app
//! and `bgw drill` both show — over gnubg's self-play 5-point match reviewed by a scripted
//! engine (no double and take are right: root's drop in game 1 and its redouble to 4 are
//! errors).

use bgw_engine::archive::{DeckOptions, ErrorKind};

/// Root's cards of the reviewed match (`archive_drill`'s).
fn cards() -> Vec<bgw_engine::archive::Card> {
    let (mut archive, _) = super::archive_drill::reviewed_archive();
    archive
        .build_deck(&DeckOptions::of("root"), bgw_engine::archive::now())
        .unwrap();
    archive.cards(Some("root")).unwrap()
}

#[test]
fn a_card_asks_its_question_with_the_doubler_the_cube_and_the_score() {
    let cards = cards();
    let questions: Vec<(ErrorKind, u32, u32, String)> = cards
        .iter()
        .map(|c| (c.error.kind, c.error.game, c.error.number, c.question()))
        .collect();
    let side = |q: &str| ["White ", "Black "].iter().any(|s| q.starts_with(s));
    // Game 1: root's drop of gnubg's first double at 0-0; the doubler named by the colour
    // the board shows.
    assert!(
        questions.iter().any(|(k, g, _, q)| *k == ErrorKind::Take
            && *g == 1
            && side(q)
            && q.ends_with(" doubles to 2 at 0-0 to 5: take or pass?")),
        "{questions:#?}"
    );
    // A redouble asks "redouble?", with the cube's owner and value.
    assert!(
        questions.iter().any(|(k, _, _, q)| *k == ErrorKind::Double
            && side(q)
            && q.contains(" owns the cube at 4, at ")
            && q.ends_with(" to 5: redouble to 8?")),
        "{questions:#?}"
    );
    // A first double, centred.
    assert!(
        questions
            .iter()
            .any(|(k, _, _, q)| *k == ErrorKind::Double
                && q.ends_with(", cube centred: double to 2?")),
        "{questions:#?}"
    );
    // A move card names the mover and the roll.
    let (_, _, _, moved) = questions
        .iter()
        .find(|(k, ..)| *k == ErrorKind::Move)
        .expect("a move card");
    assert!(
        side(moved) && moved.contains(" to play ") && moved.ends_with(" to 5: your move?"),
        "{moved}"
    );
    // The take card's board: the doubler's position with the double on offer, the taker's
    // decision (gnubg's own way to show it).
    let take = cards
        .iter()
        .find(|c| c.error.kind == ErrorKind::Take)
        .unwrap();
    let setup = take.setup().unwrap();
    let state = setup.match_state.expect("a match state");
    assert!(state.double_offered() && state.cube_value() == 1);
}
