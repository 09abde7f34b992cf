//! Every quirk of the MAT files written in the wild (`shared/data/README.md`, issue 23), one
//! test each: either gnubg's own 5-point match rewritten the way another writer would write
//! it, which must read to the same decisions, or a small file of its own.

use bgw_engine::core::moves::Refusal;
use bgw_engine::matches::{
    Decision, DecisionKind, HowEnded, Legality, Match, read_mat, read_sgf, side_of,
};
use bgw_engine::{Dice, Position, Side};
use std::path::PathBuf;

/// gnubg's 5-point match as gnubg wrote it.
fn gnubg_5pt() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches/gnubg_5pt_seed101.mat");
    std::fs::read_to_string(path).unwrap()
}

/// What a reading says, without where it says it: each game's score and result, and each
/// decision's player, kind, position and match state, and the position a move reaches.
fn essence(m: &Match) -> Vec<String> {
    let mut out = vec![format!(
        "{:?} {} {:?} {}",
        m.players,
        m.match_length,
        m.rules,
        m.games.len()
    )];
    for g in &m.games {
        out.push(format!(
            "game {} {:?} {} {:?}",
            g.number, g.score, g.crawford, g.result
        ));
        out.extend(g.decisions.iter().map(decision_essence));
    }
    out
}

fn decision_essence(d: &Decision) -> String {
    let what = match &d.kind {
        DecisionKind::Move(c) => format!(
            "{} {} {:?}",
            c.dice,
            bgw_engine::core::formats::encode_position_id(&c.result),
            c.legality
        ),
        k => format!("{k:?}"),
    };
    format!(
        "{} {} {} {} {what}",
        d.player,
        d.kind_name(),
        d.position_id(),
        d.match_id.encode()
    )
}

fn read(text: &str) -> Match {
    read_mat(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Each decision of a game as (player, kind).
fn kinds(game: &bgw_engine::matches::Game) -> Vec<(usize, &'static str)> {
    game.decisions
        .iter()
        .map(|d| (d.player, d.kind_name()))
        .collect()
}

/// Reads `variant` and checks it says what gnubg's own file says, with no warning.
fn same_as_gnubgs(variant: &str) {
    let plain = read(&gnubg_5pt());
    let other = read(variant);
    assert_eq!(other.warnings, vec![]);
    assert_eq!(essence(&other), essence(&plain));
}

fn is_roll(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 3 && b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[2] == b':'
}

fn is_keyword(word: &str) -> bool {
    ["Doubles", "Takes", "Drops", "Wins", "Beavers", "Resigns"].contains(&word)
}

/// Rewrites every roll of a MAT file with `f`, given the roll's two digits and its move (the
/// words after it, up to the next roll or cube word): `f` returns the new `NN: move` text.
fn rewrite_moves(text: &str, f: impl Fn(&str, &str) -> String) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let words: Vec<(usize, &str)> = body
            .split(' ')
            .scan(0, |at, w| {
                let start = *at;
                *at += w.len() + 1;
                Some((start, w))
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        let mut last = 0;
        let mut i = 0;
        while i < words.len() {
            let (start, word) = words[i];
            if !is_roll(word) {
                i += 1;
                continue;
            }
            let mut j = i + 1;
            while j < words.len() && !is_roll(words[j].1) && !is_keyword(words[j].1) {
                j += 1;
            }
            let end = words[j - 1].0 + words[j - 1].1.len();
            let moves: Vec<&str> = words[i + 1..j].iter().map(|(_, w)| *w).collect();
            out.push_str(&body[last..start]);
            out.push_str(&f(&word[..2], &moves.join(" ")));
            last = end;
            i = j;
        }
        out.push_str(&line[last..]);
    }
    out
}

fn opening_game(moves: &str) -> String {
    format!("7 point match\n\n Game 1\n ann : 0                        bob : 0\n{moves}")
}

#[test]
fn rewriting_moves_unchanged_changes_nothing() {
    let text = gnubg_5pt();
    let same = rewrite_moves(&text, |roll, m| format!("{roll}: {m}"));
    let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(words(&same), words(&text));
    same_as_gnubgs(&same);
}

#[test]
fn no_header_tags() {
    let text = gnubg_5pt().replace("; [EventDate \"2026.12.01\"]\n", "");
    assert!(!text.contains(';'));
    same_as_gnubgs(&text);
    assert_eq!(read(&text).tags, vec![]);
    let tagged = read(&gnubg_5pt());
    assert_eq!(
        tagged.tags,
        vec![("EventDate".to_string(), "2026.12.01".to_string())]
    );
}

#[test]
fn crlf_line_ends() {
    same_as_gnubgs(&gnubg_5pt().replace('\n', "\r\n"));
}

/// An old Mac file: a lone CR ends each line (`read_match` reads it as lines; `read_mat` is
/// the MAT text's parser after that).
#[test]
fn old_mac_line_ends() {
    let plain = read(&gnubg_5pt());
    let mac = bgw_engine::matches::read_match(&gnubg_5pt().replace('\n', "\r")).unwrap();
    assert_eq!(essence(&mac), essence(&plain));
    assert_eq!(mac.warnings, plain.warnings);
}

/// A number too large to read is refused with its line, not read as no number (a win of no
/// points).
#[test]
fn a_win_out_of_range_is_refused() {
    let text = opening_game(
        "  1) 31: 8/5 6/5                  62: 24/18 13/11\n                                     Wins 4398046511104 points\n",
    );
    let e = read_mat(&text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 6: Wins \"4398046511104\": out of range (at most 4294967295 points)"
    );
    let e = read_mat(&opening_game("  1)  Doubles => 99999999999\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 5: Doubles \"99999999999\": out of range (a cube of at most 4294967295)"
    );
}

#[test]
fn bar_and_off_written_as_words_in_any_case() {
    let words = |bar: &str, off: &str| {
        rewrite_moves(&gnubg_5pt(), |roll, m| {
            let words: Vec<String> = m
                .split(' ')
                .map(|w| {
                    let w = w
                        .strip_prefix("25/")
                        .map_or(w.to_string(), |r| format!("{bar}/{r}"));
                    w.strip_suffix("/0")
                        .map_or(w.clone(), |r| format!("{r}/{off}"))
                })
                .collect();
            format!("{roll}: {}", words.join(" "))
        })
    };
    let capitalised = words("Bar", "Off");
    assert!(capitalised.contains("Bar/23") && capitalised.contains("4/Off"));
    same_as_gnubgs(&capitalised);
    same_as_gnubgs(&words("bar", "off"));
    same_as_gnubgs(&words("BAR", "OFF"));
}

#[test]
fn hits_are_found_on_the_board_whatever_the_stars_say() {
    let text = gnubg_5pt();
    assert!(text.contains('*'));
    same_as_gnubgs(&text.replace('*', ""));
    // A star on every step, hit or not.
    let starred = rewrite_moves(&text, |roll, m| {
        let words: Vec<String> = m
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(|w| format!("{}*", w.trim_end_matches('*')))
            .collect();
        format!("{roll}: {}", words.join(" "))
    });
    same_as_gnubgs(&starred);
}

#[test]
fn repeat_counts() {
    // 6/1 6/1 → 6/1(2), as XG and Backgammon Studio write.
    let counted = rewrite_moves(&gnubg_5pt(), |roll, m| {
        let mut out: Vec<(String, usize)> = Vec::new();
        for w in m.split(' ').filter(|w| !w.is_empty()) {
            match out.iter_mut().find(|(x, _)| x == w) {
                Some((_, n)) => *n += 1,
                None => out.push((w.to_string(), 1)),
            }
        }
        let words: Vec<String> = out
            .iter()
            .map(|(w, n)| {
                if *n > 1 {
                    format!("{w}({n})")
                } else {
                    w.clone()
                }
            })
            .collect();
        format!("{roll}: {}", words.join(" "))
    });
    assert!(counted.contains("6/1(2)"));
    same_as_gnubgs(&counted);
}

#[test]
fn doubles_written_as_two_moves_or_four() {
    let four = read(&opening_game("  1) 22: 13/11 13/11 6/4 6/4\n"));
    let two = read(&opening_game("  1) 22: 13/11(2) 6/4(2)\n"));
    let joined = read(&opening_game("  1) 44: 24/16 13/5\n"));
    let stepped = read(&opening_game("  1) 44: 24/20 20/16 13/9 9/5\n"));
    assert_eq!(essence(&four), essence(&two));
    assert_eq!(essence(&joined), essence(&stepped));
    for m in [&four, &two, &joined, &stepped] {
        assert_eq!(m.warnings, vec![]);
        let c = m.games[0].decisions[0].checkers().unwrap();
        assert_eq!(c.legality, Legality::Legal);
    }
}

#[test]
fn dice_written_low_high() {
    let fixed = rewrite_moves(&gnubg_5pt(), |roll, m| {
        let b = roll.as_bytes();
        format!("{}{}: {m}", b[1] as char, b[0] as char)
    });
    assert!(fixed.contains("14: 13/9 24/23"), "{fixed}");
    same_as_gnubgs(&fixed);
}

#[test]
fn a_dance_as_an_empty_roll_or_cannot_move() {
    let text = gnubg_5pt();
    // gnubg writes a dance as the roll alone (`62: `).
    assert!(text.contains("62: \n"));
    same_as_gnubgs(&text.replace("62: \n", "62: Cannot Move\n"));
    same_as_gnubgs(&text.replace("62: \n", "62: cannot move\n"));
    let m = read(&text);
    let dance = m.games[0].decisions[8].checkers().unwrap();
    assert_eq!(
        (dance.dice, dance.mv.is_empty()),
        (Dice::new(6, 2).unwrap(), true)
    );
    assert_eq!(dance.legality, Legality::Legal);
}

#[test]
fn move_numbers_that_shift_the_columns() {
    // Backgammon Studio writes `  9)` and `  10)`, one column further for two digits; a long
    // match reaches three.
    let text = gnubg_5pt()
        .lines()
        .map(|l| match l.find(')') {
            Some(i) if i < 5 && l[..i].trim().parse::<u32>().is_ok() => {
                let n: u32 = l[..i].trim().parse().unwrap();
                format!("  {}){}", n + 95, &l[i + 1..])
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains("  147) 61: 1/0 2/0"), "{text}");
    let plain = read(&gnubg_5pt());
    let shifted = read(&text);
    assert_eq!(essence(&shifted), essence(&plain));
    let d = &shifted.games[1].decisions[0];
    assert_eq!(d.move_number, Some(96));
}

#[test]
fn a_long_left_move_running_into_the_right_column() {
    let text = gnubg_5pt();
    // gnubg's own file: the left move fills its column and the right roll follows after one
    // space.
    let line = " 29) 33: 23/20 20/17 17/14 14/11 54: 6/2* 6/1 ";
    assert!(text.contains(line));
    let m = read(&text);
    let at = text.lines().position(|l| l == line).unwrap() + 1;
    let on_line: Vec<&Decision> = m
        .decisions()
        .map(|(_, d)| d)
        .filter(|d| d.line == at)
        .collect();
    assert_eq!(on_line.len(), 2);
    assert_eq!((on_line[0].player, on_line[1].player), (0, 1));
    // A left move running into a right column that holds a double.
    let g = opening_game(
        "  1) 44: 24/20 24/20 13/9 13/9 Doubles => 2\n  2)  Takes                          31: 8/7 6/3\n",
    );
    let m = read(&g);
    assert_eq!(
        kinds(&m.games[0]),
        [(0, "move"), (1, "double"), (0, "take"), (1, "move")]
    );
}

#[test]
fn wins_at_any_column_and_and_the_match() {
    let text = gnubg_5pt();
    let moved = text
        .replace("      Wins 1 point\n", "  7)  Wins 1 point\n")
        .replace(
            "      Wins 8 points\n",
            " 54)  Wins 8 points and the match\n",
        );
    assert_ne!(moved, text);
    same_as_gnubgs(&moved);
    // The second game's winner written in the right column is player 1 winning.
    let swapped = text.replace(
        "      Wins 8 points\n",
        "                                  Wins 8 points\n",
    );
    let m = read(&swapped);
    let g = &m.games[1];
    let resign = g.decisions.last().unwrap();
    assert_eq!(
        (resign.player, &resign.kind),
        (0, &DecisionKind::Resign { points: 1 })
    );
    assert_eq!(
        g.result.map(|r| (r.winner, r.how)),
        Some((1, HowEnded::Resigned))
    );
}

#[test]
fn resigns_line() {
    let g = opening_game(
        "  1) 31: 8/5 6/5                 Resigns\n                                 \
         \n      Wins 2 points\n",
    );
    let m = read(&g);
    assert_eq!(m.warnings, vec![]);
    let game = &m.games[0];
    let last = game.decisions.last().unwrap();
    assert_eq!(
        (last.player, &last.kind),
        (1, &DecisionKind::Resign { points: 2 })
    );
    // The resigner sees the board, the side to play on roll in the Match ID.
    assert_eq!(last.position.on_roll(), side_of(1));
    assert_eq!(last.match_id.turn, side_of(1));
    assert_eq!(
        game.result.map(|r| (r.winner, r.points, r.how)),
        Some((0, 2, HowEnded::Resigned))
    );
}

/// A double with no answer before the `Wins` line: gnubg reads the `Wins` line of a game
/// still in play as the loser's resignation, a double waiting for its answer included (its
/// own MAT export writes a resignation as the `Wins` line alone), so the doubled player
/// resigns when the doubler wins and the doubler resigns when the doubled player wins — no
/// drop is made up. What we write of it reads back the same.
#[test]
fn a_double_with_no_answer_before_wins_is_the_losers_resignation() {
    let cases = [
        // ann doubles, ann wins: bob resigned a single game rather than answer.
        (
            "  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2)  Doubles => 2\n      Wins 1 point\n",
            1,
            1,
            0,
        ),
        // ann doubles, bob wins a gammon: ann resigned it with the double on offer.
        (
            "  1) 31: 8/5 6/5                 64: 24/18 13/9\n  2)  Doubles => 2\n                                 Wins 2 points\n",
            0,
            2,
            1,
        ),
    ];
    for (moves, resigner, level, winner) in cases {
        let m = read(&opening_game(moves));
        assert_eq!(m.warnings, vec![], "{moves}");
        let game = &m.games[0];
        assert_eq!(
            kinds(game),
            [
                (0, "move"),
                (1, "move"),
                (0, "double"),
                (resigner, "resign")
            ],
            "{moves}"
        );
        assert_eq!(
            game.decisions[3].kind,
            DecisionKind::Resign { points: level },
            "{moves}"
        );
        assert_eq!(
            game.result.map(|r| (r.winner, r.points, r.how)),
            Some((winner, u32::from(level), HowEnded::Resigned)),
            "{moves}"
        );
        let again = read(&m.to_mat());
        assert_eq!(again.warnings, vec![], "{moves}");
        assert_eq!(essence(&again), essence(&m), "{moves}");
    }
}

/// A roll with no move just before a resignation (`32:` or XG's `32: ????`, then the
/// winner's `Wins` line): the player rolled, then resigned. gnubg 1.07 records the dice and
/// no decision when the roll has more than one legal play; so do we.
#[test]
fn a_roll_with_no_move_before_a_resignation_is_no_decision() {
    for roll in ["32:", "32: ????", "32: "] {
        let m = read(&opening_game(&format!(
            "  1) 31: 8/5 6/5                 {roll}\n      Wins 1 point\n"
        )));
        assert_eq!(m.warnings, vec![], "{roll}");
        let game = &m.games[0];
        assert_eq!(kinds(game), [(0, "move"), (1, "resign")], "{roll}");
        let resign = &game.decisions[1];
        assert_eq!(resign.kind, DecisionKind::Resign { points: 1 }, "{roll}");
        // bob rolled 3-2 and resigned: on roll with the dice, ann's move made.
        assert_eq!(resign.match_id.dice, [3, 2], "{roll}");
        assert_eq!(resign.match_id.on_roll, side_of(1), "{roll}");
        let ann = game.decisions[0].checkers().unwrap();
        assert_eq!(resign.position, ann.result.mirror(), "{roll}");
        assert_eq!(
            game.result.map(|r| (r.winner, r.points, r.how)),
            Some((0, 1, HowEnded::Resigned)),
            "{roll}"
        );
    }
    // With `Resigns` in the roller's own column, the same.
    let m = read(&opening_game(
        "  1) 31: 8/5 6/5                 32:\n  2)                             Resigns\n      Wins 1 point\n",
    ));
    assert_eq!(m.warnings, vec![]);
    assert_eq!(kinds(&m.games[0]), [(0, "move"), (1, "resign")]);
    // Not before a resignation, an empty roll stays a decision the rules refuse.
    let m = read(&opening_game(
        "  1) 31: 8/5 6/5                 32:\n  2) 31: 6/3 4/3\n",
    ));
    let empty = m.games[0].decisions[1].checkers().unwrap();
    assert!(matches!(empty.legality, Legality::IllegalAsRecorded { .. }));
}

#[test]
fn galaxys_losses_line() {
    let g = opening_game("  1) 31: 8/5 6/5                 Losses 1 point\n\n      Wins 1 point\n");
    let m = read(&g);
    assert_eq!(m.warnings, vec![]);
    let last = m.games[0].decisions.last().unwrap();
    assert_eq!(
        (last.player, &last.kind, last.line),
        (1, &DecisionKind::Resign { points: 1 }, 5)
    );
}

#[test]
fn doubles_takes_drops_and_beavers() {
    let g = "0 point match\n\n Game 1\n ann : 0                        bob : 0\n  \
             1) 31: 8/5 6/5                  Doubles => 2\n  \
             2)  Beavers => 4                 62: 24/18 13/11\n  \
             3)  Doubles => 8                 Takes\n  \
             4) 55: 13/3(2)                   Doubles => 16\n  \
             5)  Drops                        Wins 8 points\n";
    let m = read(g);
    assert_eq!(m.warnings, vec![]);
    assert_eq!(m.match_length, 0);
    let kinds: Vec<(usize, &str, u32)> = m.games[0]
        .decisions
        .iter()
        .map(|d| {
            let cube = match d.kind {
                DecisionKind::Double { cube } | DecisionKind::Beaver { cube } => cube,
                _ => 0,
            };
            (d.player, d.kind_name(), cube)
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (0, "move", 0),
            (1, "double", 2),
            (0, "beaver", 4),
            (1, "move", 0),
            (0, "double", 8),
            (1, "take", 0),
            (0, "move", 0),
            (1, "double", 16),
            (0, "drop", 0),
        ]
    );
    // After the beaver ann owns the cube at 4; bob doubles to 8 from it.
    let ds = &m.games[0].decisions;
    assert_eq!(
        (ds[3].match_id.cube_value(), ds[3].match_id.cube_owner),
        (4, Some(side_of(0)))
    );
    // The take is decided with a double on offer: the doubler still on roll, the taker's turn.
    let take = &ds[5];
    assert!(take.match_id.double_offered);
    assert_eq!(
        (take.match_id.on_roll, take.match_id.turn),
        (side_of(0), side_of(1))
    );
    assert_eq!(
        m.games[0].result.map(|r| (r.winner, r.points, r.how)),
        Some((1, 8, HowEnded::Dropped))
    );
}

#[test]
fn names_with_spaces_digits_and_commas() {
    // A comma not followed by a number is the name's, as gnubg 1.07 reads it.
    let g = "3 point match\n\n Game 1\n Smith, J. 2nd : 0          Player 7 (NY) : 2\n  \
             1) 31: 8/5 6/5                62: 24/18 13/11\n";
    let m = read(g);
    assert_eq!(
        m.players,
        ["Smith, J. 2nd".to_string(), "Player 7 (NY)".to_string()]
    );
    assert_eq!(m.ratings(), [None, None]);
    assert_eq!(m.games[0].score, [0, 2]);
    assert!(m.games[0].crawford);
}

/// GamesGrid's `name,rating` (issue 49): one player whatever their rating in each game, the
/// rating kept, and the match written back as MAT for gnubg (which the review's luck needs).
#[test]
fn a_gamesgrid_name_is_the_player_and_the_rating_apart() {
    let g = "3 point match\n\n Game 1\n NIUSHA,1750 : 0          nori,1723 : 0\n  \
             1) 31: 8/5 6/5                62: 24/18 13/11\n  2) 21: 13/11 6/5\n      Wins 1 point\n\n \
             Game 2\n NIUSHA,1752 : 1          nori,1771,x : 0\n  1) 31: 8/5 6/5\n";
    let m = read(g);
    assert_eq!(m.players, ["NIUSHA".to_string(), "nori".to_string()]);
    assert_eq!(m.ratings(), [Some("1750"), Some("1723")]);
    assert_eq!(m.warnings, vec![], "the same players in both games");
    let mat = m.try_to_mat().unwrap();
    let again = read_mat(&mat).unwrap();
    assert_eq!(
        (again.players.clone(), again.ratings()),
        (m.players.clone(), m.ratings())
    );
    assert!(mat.contains("; [WR \"1750\"]"), "{mat}");
    // Where gnubg 1.07's `import mat` ends a name (each pair run through it on 7 December
    // 2026: its `match()` names): at a comma followed by what C's atoi reads as above 0.
    for (written, player, rating) in [
        ("Smith, 1750", "Smith", Some("1750")),
        ("A B,1750", "A B", Some("1750")),
        ("ab,12x", "ab", Some("12x")),
        ("ab,1,2", "ab", Some("1")),
        ("cd,,1750", "cd,", Some("1750")),
        ("Smith,J", "Smith,J", None),
        ("x,y z", "x,y z", None),
        ("cd,0", "cd,0", None),
        ("cd,-5", "cd,-5", None),
        ("ab,", "ab,", None),
    ] {
        let m = read(&format!(
            "3 point match\n\n Game 1\n {written} : 0     bob : 0\n  1) 31: 8/5 6/5\n"
        ));
        assert_eq!(
            (m.players[0].as_str(), m.ratings()[0]),
            (player, rating),
            "{written}"
        );
    }
    // A name that is nothing before its comma stays whole.
    let odd = read("3 point match\n\n Game 1\n ,1750 : 0     bob : 0\n  1) 31: 8/5 6/5\n");
    assert_eq!((odd.players[0].as_str(), odd.ratings()[0]), (",1750", None));
}

#[test]
fn a_match_of_99_points_and_more() {
    for length in [99u16, 100, 255, 32767] {
        let g = format!(
            "{length} point match\n\n Game 1\n ann : {}           bob : 0\n  1) 31: 8/5 6/5\n",
            length - 1
        );
        let m = read(&g);
        assert_eq!(m.match_length, length);
        let id = m.games[0].decisions[0].match_id;
        assert_eq!((id.match_length, id.score_black), (length, length - 1));
        assert!(m.games[0].crawford);
    }
    let e = read_mat("40000 point match\n").unwrap_err();
    assert_eq!(e.line, 1);
}

#[test]
fn a_money_session_with_its_rules() {
    let g = "; [Jacoby \"On\"]\n0 point match\n\n Game 1\n ann : 0       bob : 0\n  \
             1) 31: 8/5 6/5\n";
    let m = read(g);
    assert_eq!(m.match_length, 0);
    assert!(m.rules.jacoby && !m.rules.crawford);
    assert!(!m.games[0].crawford);
    // A money session that says nothing is played with the Jacoby rule, as gnubg 1.07 imports
    // it (its own `set jacoby`, on by default); a tag that says off is read.
    let plain = read(&g.replace("; [Jacoby \"On\"]\n", ""));
    assert!(plain.rules.jacoby);
    let off = read(&g.replace("\"On\"", "\"Off\""));
    assert!(!off.rules.jacoby);
    // The Crawford tag switches the rule off in a match.
    let off = read("; [Crawford \"Off\"]\n3 point match\n\n Game 1\n a : 2    b : 0\n");
    assert!(!off.rules.crawford && !off.games[0].crawford);
}

/// gnubg 1.07 reads `54: ????` as dice set and no move (XG writes it, gnubg's comment says,
/// when the player resigned after rolling), and goes on with the next line from a board
/// where the turn was skipped; we stop the game there with a warning.
#[test]
fn a_move_nobody_recorded_ends_its_game_only() {
    let text = gnubg_5pt().replace("54: 13/8 24/20 ", "54: ???? ");
    let m = read_mat(&text).unwrap();
    assert_eq!(m.games.len(), 2);
    assert_eq!(m.warnings.len(), 1, "{:?}", m.warnings);
    let w = &m.warnings[0];
    assert_eq!((w.game, w.move_number), (1, Some(3)));
    assert!(w.why.contains("never recorded"), "{w}");
    assert_eq!(
        text.lines().nth(w.line - 1).map(|l| l.contains("????")),
        Some(true)
    );
    // Game 1 stops before the roll; its result is the file's, unfinished; game 2 is whole.
    assert_eq!(m.games[0].decisions.len(), 3);
    assert_eq!(
        m.games[0].result.map(|r| (r.winner, r.points, r.how)),
        Some((0, 1, HowEnded::Unfinished))
    );
    let plain = read(&gnubg_5pt());
    assert_eq!(m.games[1], plain.games[1]);
}

#[test]
fn an_abandoned_match_with_no_moves() {
    let m = read("; [Site \"Somewhere\"]\n7 point match\n\n Game 1\n ann : 0      bob : 0\n\n");
    assert_eq!(m.games.len(), 1);
    assert_eq!(m.games[0].decisions, vec![]);
    assert_eq!(m.games[0].result, None);
    assert_eq!(m.warnings, vec![]);
    let none = read("7 point match\n");
    assert_eq!(none.games, vec![]);
    assert_eq!(none.final_score(), [0, 0]);
}

/// gnubg 1.07's `import mat` reads `31: 8/4 6/5` as `8/5 5/4`: it expands 8/4 into the
/// two dice and leaves the 6/5 out, a legal play nobody made; we make the move as recorded.
#[test]
fn a_move_the_rules_refuse_is_made_as_recorded() {
    // 8/4 with 3-1: a checker moved both numbers, and another the 1 again.
    let m = read(&opening_game(
        "  1) 31: 8/4 6/5                62: 24/18 13/11\n",
    ));
    assert_eq!(m.warnings, vec![]);
    let c = m.games[0].decisions[0].checkers().unwrap();
    let dice = Dice::new(3, 1).unwrap();
    assert_eq!(
        c.legality,
        Legality::IllegalAsRecorded {
            reason: Refusal::TooManySteps { dice }
        }
    );
    let b = c.result.board();
    assert_eq!((b[8], b[4], b[6], b[5]), (2, 1, 4, 1));
    // 8/2 with 3-1: six pips, no number rolled.
    let m2 = read(&opening_game("  1) 31: 8/2 6/5\n"));
    let c2 = m2.games[0].decisions[0].checkers().unwrap();
    assert_eq!(
        c2.legality,
        Legality::IllegalAsRecorded {
            reason: Refusal::NotRolled { pips: 6, dice }
        }
    );
    // The game goes on from the board as recorded.
    let next = &m.games[0].decisions[1];
    assert_eq!(next.position, c.result.mirror());
    assert_eq!(next.checkers().unwrap().legality, Legality::Legal);
    // Half a roll, where the whole roll can be played.
    let m = read(&opening_game("  1) 31: 8/5\n"));
    let c = m.games[0].decisions[0].checkers().unwrap();
    assert_eq!(
        c.legality,
        Legality::IllegalAsRecorded {
            reason: Refusal::MorePlayable {
                played: 1,
                playable: 2
            }
        }
    );
}

#[test]
fn a_move_the_board_cannot_make_ends_its_game() {
    // No checker on 7; and a point the opponent holds.
    for bad in ["31: 7/4 6/5", "51: 6/1 6/5", "31: 8/5 6/5 garbage"] {
        let m = read(&opening_game(&format!(
            "  1) {bad}\n  2) 62: 24/18 13/11\n"
        )));
        assert_eq!(m.games[0].decisions, vec![], "{bad}");
        assert_eq!(m.warnings.len(), 1, "{bad}");
        assert!(m.warnings[0].why.contains("left out"), "{}", m.warnings[0]);
        assert_eq!(m.warnings[0].line, 5);
    }
}

#[test]
fn a_hit_found_on_the_board_sends_the_checker_to_the_bar() {
    // bob's 24/20 lands on ann's blot on her 5 point, no star written.
    let m = read(&opening_game(
        "  1) 62: 13/5                     41: 24/20 6/5\n  2) 52: bar/20 13/11\n",
    ));
    assert_eq!(m.warnings, vec![]);
    let ds = &m.games[0].decisions;
    let hit: Vec<(u8, u8)> = ds[1]
        .checkers()
        .unwrap()
        .mv
        .steps()
        .filter(|s| s.hit)
        .map(|s| (s.from, s.to))
        .collect();
    assert_eq!(hit, [(24, 20)]);
    assert_eq!(ds[2].position.board()[25], 1, "ann is on the bar");
    let entered = ds[2].checkers().unwrap();
    assert_eq!(entered.legality, Legality::Legal);
    assert_eq!(entered.mv.notation(), "bar/20* 13/11");
}

#[test]
fn parse_errors_name_their_line() {
    let cases = [
        ("hello\n", 1),
        ("7 point match\n\nsomething\n", 3),
        ("7 point match\n\n Game 1\n\n no score here\n", 5),
        (
            "7 point match\n\n Game 1\n a : 0   b : 0\n  1) 71: 8/1\n",
            5,
        ),
        (
            "7 point match\n\n Game 1\n a : 0   b : 0\n  1) hello 31: 8/5 6/5\n",
            5,
        ),
        ("7 point match\n\n Game 1\n a : 0   b : 70000\n", 4),
        ("; just a comment\n", 2),
    ];
    for (text, line) in cases {
        let e = read_mat(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        let s = e.to_string();
        assert!(
            s.starts_with(&format!("line {line}: ")) && !s.contains('\n'),
            "{s}"
        );
    }
}

#[test]
fn a_score_that_does_not_follow_is_warned_about() {
    let text = gnubg_5pt().replace(
        " gnubg : 1                      root : 0",
        " gnubg : 2                      root : 0",
    );
    let m = read(&text);
    assert_eq!(m.warnings.len(), 1);
    assert!(
        m.warnings[0].why.contains("does not follow game 1"),
        "{}",
        m.warnings[0]
    );
    assert_eq!(m.games[1].score, [2, 0]);
}

#[test]
fn the_side_convention() {
    assert_eq!(side_of(0), Side::Black);
    let m = read(&opening_game("  1) 31: 8/5 6/5\n"));
    let d = &m.games[0].decisions[0];
    assert_eq!(d.position, Position::opening(Side::Black));
    assert_eq!(d.match_id.on_roll, Side::Black);
}

#[test]
fn numbers_at_their_limits_neither_overflow_nor_panic() {
    let g = opening_game(
        "  1) 31: 8/5 6/5                 Doubles => 4294967295\n  \
         2)  Takes\n      Wins 4294967295 points and the match\n",
    );
    let m = read(&g);
    assert!(
        m.warnings.iter().any(|w| w.why.contains("4294967295")),
        "{:?}",
        m.warnings
    );
    let r = m.games[0].result.unwrap();
    assert_eq!(
        (r.winner, r.points, r.how),
        (0, 4294967295, HowEnded::Resigned)
    );
    assert_eq!(m.final_score(), [u16::MAX, 0]);
    let again = read(&m.to_mat());
    assert_eq!(again.to_mat(), m.to_mat());
    assert!(read_sgf(&m.to_sgf()).is_ok());
}

/// A money session with beavers beavered back (raccoons), as gnubg plays money by default:
/// its MAT (which leaves the take after a beaver unwritten) and its SGF (which writes it) read
/// to the same games, with no warning, each ending as the file says with the cube it reached.
#[test]
fn beavers_beavered_back_read_as_gnubg_plays_them() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/matches");
    let text = std::fs::read_to_string(dir.join("gnubg_money_seed2026.mat")).unwrap();
    let mat = read(&text);
    let sgf =
        read_sgf(&std::fs::read_to_string(dir.join("gnubg_money_seed2026.sgf")).unwrap()).unwrap();
    assert_eq!(mat.warnings, vec![], "the MAT");
    assert_eq!(sgf.warnings, vec![], "the SGF");
    // What the MAT says each game's winner won.
    let wins: Vec<u32> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Wins "))
        .map(|w| w.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    let results = |m: &Match| -> Vec<u32> {
        m.games
            .iter()
            .map(|g| g.result.as_ref().unwrap().points)
            .collect()
    };
    assert_eq!(results(&mat), wins);
    assert_eq!(results(&sgf), wins);
    // Game 2: doubled to 2, beavered to 4, back to 8, back to 16, later doubled to 32 and
    // dropped: 16 points, the cube the beavers reached.
    let beavers: Vec<u32> = mat.games[1]
        .decisions
        .iter()
        .filter_map(|d| match d.kind {
            DecisionKind::Beaver { cube } => Some(cube),
            _ => None,
        })
        .collect();
    assert_eq!(beavers, [4, 8, 16]);
    assert_eq!(wins[1], 16);
    // Each decision in the same state in both files (the SGF's written takes aside).
    let without_takes = |m: &Match| -> Vec<String> {
        m.games
            .iter()
            .flat_map(|g| &g.decisions)
            .filter(|d| !matches!(d.kind, DecisionKind::Take))
            .map(decision_essence)
            .collect()
    };
    assert_eq!(without_takes(&mat), without_takes(&sgf));
    // Written back, MAT and SGF, each reads to the same games (no game taken for a set-up
    // one: the cube after each beaver is where the writers expect it).
    for m in [&mat, &sgf] {
        let again = read(&m.try_to_mat().expect("a MAT"));
        assert_eq!(without_takes(&again), without_takes(m));
        let again = read_sgf(&m.to_sgf()).unwrap();
        assert_eq!(essence(&again), essence(m));
        assert!(!m.to_sgf().contains(";AE["), "a set-up node written");
    }
}

/// gnubg's own reading of a file (`import mat`, then each game's move records): each
/// move's game and dice, `2 54` a line.
fn gnubg_rolls(name: &str) -> Vec<String> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            format!("{} {}", f[0], f[2])
        })
        .collect()
}

/// Each checker play of `m`: its game, dice and Position ID.
fn plays(m: &Match) -> Vec<(String, String)> {
    m.games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| {
            game.decisions.iter().filter_map(move |d| match &d.kind {
                bgw_engine::matches::DecisionKind::Move(c) => Some((
                    format!("{} {}{}", g + 1, c.dice.high(), c.dice.low()),
                    d.position_id(),
                )),
                _ => None,
            })
        })
        .collect()
}

#[test]
fn an_illegal_play_written_as_the_board_after_it_is_read_on_as_gnubg_reads_it() {
    // gnubg's 5-point match with game 2's `54: 25/20* 24/20` (its 9th checker play) written
    // as FIBS transcripts (bglib) write an illegal play: `54: Illegal play (…)`, the board
    // after it in Snowie's 40 fields.
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches/gnubg_5pt_seed101_illegal_play.mat");
    let m = read(&std::fs::read_to_string(path).unwrap());
    let ours = plays(&m);
    // gnubg reads on: every checker play but the illegal one, the same rolls.
    let rolls: Vec<String> = ours.iter().map(|(r, _)| r.clone()).collect();
    assert_eq!(
        rolls,
        gnubg_rolls("gnubg_5pt_seed101_illegal_play.gnubg_moves.txt")
    );
    // The board is the one after the play: the game goes on as in gnubg's own file.
    let mut original = plays(&read(&gnubg_5pt()));
    let at = (original.iter().enumerate())
        .filter(|(_, (r, _))| r == "2 54")
        .nth(1)
        .unwrap()
        .0;
    original.remove(at);
    assert_eq!(ours, original);
    assert!(
        m.warnings.iter().any(|w| w.why.contains("illegal play")),
        "{:?}",
        m.warnings
    );
}
