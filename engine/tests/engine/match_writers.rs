//! The writers: a match read, written and read again is the same match (the decisions, their
//! positions and Match IDs, the results, the analysis SGF keeps), and written again is the
//! same text. That gnubg reads our files to its own decisions is checked in the root's
//! `tests/library/match_gnubg.rs`, where gnubg runs.

use bgw_engine::matches::{Analysis, DecisionKind, Legality, Match, read_mat, read_sgf};
use std::path::PathBuf;

fn text(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// The match without where its file wrote things, how it spelled its legal moves (a writer
/// spells them gnubg's way), and what only one layout keeps.
fn placeless(m: &Match, keep_analysis: bool, keep_tags: bool) -> Match {
    let mut m = m.clone();
    m.warnings.clear();
    if !keep_tags {
        m.tags.clear();
    }
    for g in &mut m.games {
        for d in &mut g.decisions {
            d.line = 0;
            d.move_number = None;
            if let DecisionKind::Move(c) = &mut d.kind
                && c.legality == Legality::Legal
            {
                c.recorded.clear();
            }
            if !keep_analysis {
                d.analysis = Analysis::default();
            }
        }
    }
    m
}

/// Checks two readings are the same match, naming the first difference.
fn same(a: &Match, b: &Match, what: &str) {
    assert_eq!(a.players, b.players, "{what}: players");
    assert_eq!(a.match_length, b.match_length, "{what}: length");
    assert_eq!(a.rules, b.rules, "{what}: rules");
    assert_eq!(a.tags, b.tags, "{what}: tags");
    assert_eq!(a.games.len(), b.games.len(), "{what}: games");
    for (g, h) in a.games.iter().zip(&b.games) {
        let at = format!("{what}: game {}", g.number);
        assert_eq!(
            (g.number, g.score, g.crawford),
            (h.number, h.score, h.crawford),
            "{at}"
        );
        assert_eq!(g.decisions.len(), h.decisions.len(), "{at}: decisions");
        for (i, (d, e)) in g.decisions.iter().zip(&h.decisions).enumerate() {
            assert_eq!(d, e, "{at}: decision {}", i + 1);
        }
        assert_eq!(g.result, h.result, "{at}: result");
    }
    assert_eq!(a, b, "{what}");
}

const MAT_FILES: [&str; 5] = [
    "gnubg_5pt_seed101.mat",
    "gnubg_7pt_seed102.mat",
    "gnubg_3pt_seed103.mat",
    "real/galaxy_match1497590.txt",
    "real/studio_boardlord_llabba_7pt.txt",
];

const SGF_FILES: [&str; 3] = [
    "gnubg_5pt_seed101.sgf",
    "gnubg_7pt_seed102.sgf",
    "gnubg_3pt_seed103.sgf",
];

#[test]
fn mat_files_read_back_from_our_mat_and_sgf() {
    for name in MAT_FILES {
        let m = read_mat(&text(name)).unwrap();
        let mat = m.to_mat();
        let again = read_mat(&mat).unwrap_or_else(|e| panic!("{name}: {e}\n{mat}"));
        assert_eq!(again.warnings, vec![], "{name}\n{mat}");
        same(
            &placeless(&again, true, true),
            &placeless(&m, true, true),
            "{name}",
        );
        assert_eq!(again.to_mat(), mat, "{name}: written twice");
        let sgf = m.to_sgf();
        let from_sgf = read_sgf(&sgf).unwrap_or_else(|e| panic!("{name}: {e}\n{sgf}"));
        assert_eq!(from_sgf.warnings, vec![], "{name}\n{sgf}");
        same(
            &placeless(&from_sgf, true, false),
            &placeless(&m, true, false),
            "{name}",
        );
        assert_eq!(from_sgf.to_sgf(), sgf, "{name}: written twice");
    }
}

#[test]
fn sgf_files_read_back_with_their_analysis() {
    for name in SGF_FILES {
        let m = read_sgf(&text(name)).unwrap();
        let sgf = m.to_sgf();
        let again = read_sgf(&sgf).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.warnings, vec![], "{name}");
        same(
            &placeless(&again, true, true),
            &placeless(&m, true, true),
            "{name}",
        );
        assert_eq!(again.to_sgf(), sgf, "{name}: written twice");
        assert!(again.decisions().any(|(_, d)| !d.analysis.is_empty()));
        let mat = read_mat(&m.to_mat()).unwrap();
        same(
            &placeless(&mat, false, false),
            &placeless(&m, false, false),
            "{name}",
        );
    }
}

#[test]
fn the_quirks_write_back() {
    let cases = [
        // A move made as recorded, and a beaver in money play with the Jacoby rule.
        "; [Jacoby \"On\"]\n0 point match\n\n Game 1\n ann : 0                        bob : 0\n  \
         1) 31: 8/4 6/5                  Doubles => 2\n  \
         2)  Beavers => 4                 62: 24/18 13/11\n  \
         3) 21: 8/5\n",
        // A resignation and a drop, Crawford off by tag.
        "; [Crawford \"Off\"]\n3 point match\n\n Game 1\n ann : 0        bob : 0\n  \
         1) 31: 8/5 6/5                  Resigns\n      Wins 2 points\n\n Game 2\n ann : 2        bob : 0\n  \
         1)                              62: 24/18 13/11\n  \
         2)  Doubles => 2                 Drops\n      Wins 1 point\n",
        // An abandoned game, names with commas.
        "9 point match\n\n Game 1\n Smith, J. : 0        Player 2 : 0\n",
    ];
    for case in cases {
        let m = read_mat(case).unwrap();
        assert_eq!(m.warnings, vec![], "{case}");
        let mat = m.to_mat();
        let again = read_mat(&mat).unwrap_or_else(|e| panic!("{e}\n{mat}"));
        same(
            &placeless(&again, true, true),
            &placeless(&m, true, true),
            "{mat}",
        );
        let sgf = m.to_sgf();
        let from_sgf = read_sgf(&sgf).unwrap_or_else(|e| panic!("{e}\n{sgf}"));
        same(
            &placeless(&from_sgf, true, false),
            &placeless(&m, true, false),
            "{sgf}",
        );
    }
}

#[test]
fn a_game_set_up_away_from_the_opening_writes_back() {
    // gnubg's set-up node: player 1 to roll, a race, the cube at 2 owned by player 0.
    let sgf = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]\n;PL[B]AE[a:y]AW[a][a][b]AB[x][x][w]CV[2]CP[w]\n;B[21wzxz]\n;W[43bzaz])";
    let m = read_sgf(sgf).unwrap();
    assert_eq!(m.warnings, vec![]);
    let first = &m.games[0].decisions[0];
    assert_eq!(first.player, 1);
    assert_eq!(first.match_id.cube_value(), 2);
    assert_eq!(first.position.board()[1], 2);
    let again = read_sgf(&m.to_sgf()).unwrap();
    same(
        &placeless(&again, true, true),
        &placeless(&m, true, true),
        "set-up",
    );
}

/// A set-up's cube that no match can have is refused with its line, not turned into another
/// cube (a Match ID `bgw show` itself would refuse, or a cube the file does not say).
#[test]
fn set_up_cube_values_no_match_has_are_refused_with_their_line() {
    let game = |setup: &str| {
        format!(
            "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]\n\
             ;PL[B]AE[a:y]AW[a][a][b]AB[x][x][w]{setup}\n;B[21wzxz])"
        )
    };
    for (setup, why) in [
        ("CV[0]", "line 2: CV[0]: a cube is 1, 2, 4, … up to 32768"),
        ("CV[-4]", "line 2: CV[-4]: a cube is 1, 2, 4, … up to 32768"),
        ("CV[3]", "line 2: CV[3]: a cube is 1, 2, 4, … up to 32768"),
        (
            "CV[65536]",
            "line 2: CV[65536]: a cube is 1, 2, 4, … up to 32768",
        ),
        (
            "CV[1]CP[w]",
            "line 2: CP[w] with CV[1]: a cube of 1 has no owner",
        ),
        (
            "CV[2]CP[x]",
            "line 2: CP[x]: the cube's owner is c (centred), w or b",
        ),
    ] {
        let e = read_sgf(&game(setup)).unwrap_err();
        assert_eq!(e.to_string(), why, "{setup}");
    }
    // In the root node too.
    let root = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]CV[0]\n;W[31hefe])";
    assert_eq!(
        read_sgf(root).unwrap_err().to_string(),
        "line 1: CV[0]: a cube is 1, 2, 4, … up to 32768"
    );
    // An owner given to the cube of 1 the game has (no CV in the set-up): the game stops
    // there, with a warning on that line.
    let m = read_sgf(&game("CP[b]")).unwrap();
    assert_eq!(m.warnings.len(), 1, "{:?}", m.warnings);
    assert_eq!(m.warnings[0].line, 2);
    assert!(
        m.warnings[0].why.contains("a cube of 1 an owner"),
        "{:?}",
        m.warnings
    );
    assert!(m.games[0].decisions.is_empty());
    // Every cube a match can have is read as itself, with its owner.
    for cube in [1u32, 2, 4, 32768] {
        let owner = if cube == 1 { "CP[c]" } else { "CP[w]" };
        let m = read_sgf(&game(&format!("CV[{cube}]{owner}"))).unwrap();
        assert_eq!(m.warnings, vec![], "{cube}");
        let d = &m.games[0].decisions[0];
        assert_eq!(d.match_id.cube_value(), cube);
        assert_eq!(d.match_id.cube_owner.is_some(), cube > 1);
        d.match_id.check().unwrap();
    }
}

#[test]
fn nothing_is_left_out_unsaid() {
    // An SGF move value that is no move: a warning, the rest read.
    let sgf = "(;FF[4]GM[6]MI[length:3]PW[a]PB[b]\n;W[31hefe]\n;B[72abcd]\n;B[62agln])";
    let m = read_sgf(sgf).unwrap();
    assert_eq!(m.warnings.len(), 1);
    assert_eq!((m.warnings[0].line, m.warnings[0].game), (3, 1));
    assert_eq!(m.games[0].decisions.len(), 2);
    // A comment among a game's lines is kept with the tags.
    let mat = "3 point match\n\n Game 1\n a : 0        b : 0\n; [Game 1, Move 1: Dice set to Manual Rolls]\n  1) 31: 8/5 6/5\n";
    let m = read_mat(mat).unwrap();
    assert_eq!(m.tags.len(), 1);
    assert!(m.tags[0].1.contains("Dice set to"), "{:?}", m.tags);
}

mod played {
    use super::{placeless, same};
    use bgw_engine::evaluation::classic::{ClassicPlayer, Game, Weights};
    use bgw_engine::matches::{DecisionKind, HowEnded, Match, read_mat, read_sgf, side_of};
    use bgw_engine::{Position, ScriptedDice, SeededDice, Side};
    use proptest::prelude::*;

    fn classic() -> ClassicPlayer {
        ClassicPlayer::new(Weights::builtin_seed(), "classic")
    }

    /// A self-play game from the opening roll, played out with dice of `seed`.
    fn self_play(seed: u64) -> Game {
        let mut game = Game::self_play(classic(), 0.01);
        let mut dice = SeededDice::new(seed);
        game.opening_roll(&mut dice).unwrap();
        while game.outcome().is_none() {
            game.program_turn(&mut dice).unwrap();
        }
        game
    }

    /// The match holds the game's turns and end: every roll and move in order, the result.
    fn holds_the_game(m: &Match, game: &Game) {
        let played = game.played().unwrap();
        let g = &m.games[0];
        assert_eq!(m.warnings, vec![]);
        assert_eq!(g.decisions.len(), played.turns.len());
        for (d, t) in g.decisions.iter().zip(&played.turns) {
            let DecisionKind::Move(c) = &d.kind else {
                panic!("only moves in a cubeless game")
            };
            assert_eq!((d.player, c.dice, c.mv), (t.player, t.dice, t.mv));
        }
        match game.outcome() {
            Some(o) => {
                let r = g.result.unwrap();
                assert_eq!(side_of(r.winner), o.winner);
                assert_eq!(r.points, u32::from(o.points()));
                assert_eq!(r.how, HowEnded::Normal);
            }
            None => assert_eq!(g.result, None),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn self_play_games_read_back_from_mat_and_sgf_to_the_same_decisions(seed in any::<u64>()) {
            let game = self_play(seed);
            let m = game.to_match("classic Black", "classic White");
            holds_the_game(&m, &game);
            assert_eq!(m.match_length, 0);
            let mat = m.try_to_mat().unwrap();
            let back = read_mat(&mat).unwrap();
            same(&placeless(&back, false, false), &placeless(&m, false, false), "mat");
            let back = read_sgf(&m.to_sgf()).unwrap();
            same(&placeless(&back, false, false), &placeless(&m, false, false), "sgf");
        }
    }

    #[test]
    fn undone_turns_leave_the_record_and_an_unfinished_game_has_no_result() {
        let mut game = Game::against_person(Side::White, classic(), 0.1);
        assert!(game.to_match("ann", "classic").games.is_empty());
        // The person (Black) starts with 3-1.
        game.opening_roll(&mut ScriptedDice::new([(1, 3)])).unwrap();
        game.play_typed("8/5 6/5").unwrap();
        game.program_turn(&mut ScriptedDice::new([(6, 4)])).unwrap();
        game.set_dice("55".parse().unwrap()).unwrap();
        game.play(0).unwrap();
        assert_eq!(game.played().unwrap().turns.len(), 3);
        game.undo().unwrap();
        let played = game.played().unwrap();
        assert_eq!(played.turns.len(), 2, "the undone 55 is gone");
        let m = game.to_match("ann", "classic");
        assert_eq!(m.players, ["ann".to_string(), "classic".to_string()]);
        assert_eq!(game.default_names("ann"), m.players);
        holds_the_game(&m, &game);
        let back = read_mat(&m.try_to_mat().unwrap()).unwrap();
        same(
            &placeless(&back, false, false),
            &placeless(&m, false, false),
            "mat",
        );
        assert_eq!(back.games[0].result, None);
        assert!(!m.try_to_mat().unwrap().contains("Wins"));
    }

    #[test]
    fn a_game_from_a_set_up_position_is_sgf_only() {
        // White to roll in a race, checkers on both bars elsewhere.
        let mut b = [0i8; 26];
        b[6] = 5;
        b[5] = 5;
        b[25] = 1;
        b[4] = 4;
        b[19] = -7;
        b[20] = -7;
        b[0] = -1;
        let start = Position::from_board(Side::White, b).unwrap();
        let mut game = Game::self_play(classic(), 0.01);
        game.start_at(start).unwrap();
        let mut dice = SeededDice::new(7);
        while game.outcome().is_none() {
            game.program_turn(&mut dice).unwrap();
        }
        let m = game.to_match("b", "w");
        holds_the_game(&m, &game);
        assert_eq!(m.games[0].decisions[0].position, start);
        let e = m.try_to_mat().unwrap_err();
        assert_eq!(
            e.to_string(),
            "game 1 is played from a set-up position, which a MAT file cannot hold: write SGF instead"
        );
        let sgf = m.to_sgf();
        assert!(sgf.contains(";AE[a:y]AW["), "{sgf}");
        assert!(sgf.contains("[y]PL[B]CV[1]CP[c]"), "{sgf}");
        let back = read_sgf(&sgf).unwrap();
        same(
            &placeless(&back, false, false),
            &placeless(&m, false, false),
            "sgf",
        );
        // The opening position started with the seed's roll (doubles allowed) is no set-up.
        let mut game = Game::self_play(classic(), 0.01);
        game.start_at(Position::opening(Side::White)).unwrap();
        game.program_turn(&mut ScriptedDice::new([(6, 6)])).unwrap();
        assert!(game.to_match("b", "w").try_to_mat().is_ok());
    }
}

/// Names gnubg allows (`set player N name …`: up to 31 bytes, anything but `0`, `1` and
/// `both`) at the scores and game numbers a match can have: each reads back the same from our
/// MAT and SGF. A name gnubg's `import mat` cannot read back is refused in MAT.
#[test]
fn every_name_and_number_reads_back() {
    let base = read_mat(&text("gnubg_5pt_seed101.mat")).unwrap();
    let names = [
        ("GNU Backgammon Grandmaster2", "bob"),
        (
            "a 31-byte name, all of it kept.",
            "Jörg Müller-Lüdenscheidt",
        ),
        (";semicolon first", "#hash first"),
        ("x", "GNU Backgammon Grandmaster2"),
        ("Smith, J. 2nd", "Player 7 (NY)"),
        ("Game 3", "12) Wins 2 points"),
    ];
    for (a, b) in names {
        let mut m = base.clone();
        m.players = [a.to_string(), b.to_string()];
        let mat = m.try_to_mat().unwrap();
        let back = read_mat(&mat).unwrap_or_else(|e| panic!("{a} / {b}: {e}\n{mat}"));
        same(
            &placeless(&back, false, true),
            &placeless(&m, false, true),
            &format!("{a} / {b} as mat"),
        );
        let back = read_sgf(&m.to_sgf()).unwrap();
        assert_eq!(back.players, m.players, "{a} / {b} as sgf");
    }
    // Game numbers and scores at their limits.
    let mut m = base.clone();
    m.match_length = 32767;
    for (i, g) in m.games.iter_mut().enumerate() {
        g.number = 32766 + i as u32;
        g.score = [32765, 32765 - i as u16];
    }
    for (what, written) in [("mat", m.try_to_mat().unwrap()), ("sgf", m.to_sgf())] {
        let back = match what {
            "mat" => read_mat(&written),
            _ => read_sgf(&written).map_err(|e| bgw_engine::matches::MatError {
                line: e.line,
                message: e.message,
            }),
        }
        .unwrap_or_else(|e| panic!("{what}: {e}"));
        let numbers = |m: &Match| {
            m.games
                .iter()
                .map(|g| (g.number, g.score))
                .collect::<Vec<_>>()
        };
        assert_eq!(numbers(&back), numbers(&m), "{what}");
    }
    for (name, why) in [
        ("a:b", "first colon"),
        ("Smith, 1900", "rating"),
        ("Jones,+7", "rating"),
    ] {
        let mut m = base.clone();
        m.players[1] = name.to_string();
        let e = m.try_to_mat().unwrap_err().to_string();
        assert!(e.starts_with("player 1's name"), "{e}");
        assert!(e.contains(why) && e.ends_with("write SGF instead"), "{e}");
        assert_eq!(read_sgf(&m.to_sgf()).unwrap().players[1], name);
    }
}
