//! Seed 002 («Чемпион»): the rules, the program against the printed game, its trace, the
//! exact solver against brute force, the article's game with verdicts, the opponents.

use bgw_engine::champion::board::parse_game;
use bgw_engine::champion::match_play::{
    self, ARTICLE_GAME, GameEnd, PerfectGoat, PerfectWolves, ProgramGoat, RandomWolves,
    article_start, play_game,
};
use bgw_engine::champion::program::{Branch, Purpose, Verdict};
use bgw_engine::champion::solver::Move;
use bgw_engine::champion::*;
use bgw_engine::core::rng::SplitMix64;
use std::collections::HashMap;

fn printed_replies(listing: Listing) -> Vec<u8> {
    let mut pos = article_start();
    let mut program = Champion::for_position(listing, &pos);
    let mut got = Vec::new();
    for (m, reply) in parse_game(ARTICLE_GAME).unwrap() {
        program.observe_move(&pos, m);
        pos = pos.after_wolf_move(m).unwrap();
        got.push(program.decide(&pos).choice.unwrap_or(0));
        // The game goes on as printed, whatever the program said.
        pos = pos.after_goat_move(reply.unwrap()).unwrap();
    }
    got
}

#[test]
fn the_program_answers_the_printed_game_exactly() {
    assert_eq!(
        printed_replies(Listing::Main),
        [
            77, 86, 75, 84, 73, 62, 73, 64, 75, 64, 73, 62, 51, 42, 31, 22, 13
        ]
    );
    // The alternative listing plays differently: R7 = −30 after 2/57 forbids the forward move
    // against the dominant, so it steps back to 55.
    assert_eq!(printed_replies(Listing::Alternative)[0], 55);
}

#[test]
fn printed_game_notation_parses_with_replies() {
    let game = parse_game(ARTICLE_GAME).unwrap();
    assert_eq!(game.len(), 17);
    assert_eq!(game[0].0, WolfMove { wolf: 2, to: 57 });
    assert_eq!(game[0].1, Some(77));
    assert_eq!(game[16].0.to_string(), "2/44");
    assert!(
        parse_game("2/28 4/88 2/17")
            .unwrap()
            .iter()
            .all(|(_, r)| r.is_none())
    );
    for bad in ["2-57", "2/5", "x/57", "(77)", "2/57 (7x)"] {
        assert!(parse_game(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn the_first_decision_trace_follows_the_pseudo_code() {
    let mut pos = article_start();
    let mut program = Champion::for_position(Listing::Main, &pos);
    assert_eq!(
        program.r7, -20,
        "wolves 1 and 2 moved three and one columns right"
    );
    let m = WolfMove { wolf: 2, to: 57 };
    program.observe_move(&pos, m);
    pos = pos.after_wolf_move(m).unwrap();
    let t = program.decide(&pos);
    assert_eq!(t.r7, -30);
    assert_eq!(
        t.dominant, 9,
        "large negative asymmetry: forward to the left (G − 9)"
    );
    let seen: Vec<(Purpose, i32, Verdict)> = t
        .checks
        .iter()
        .map(|c| (c.purpose, c.square, c.verdict))
        .collect();
    assert_eq!(
        seen,
        [
            (Purpose::PreSide, 46, Verdict::Blocked { wolf: 1 }),
            (Purpose::PreTwoSteps, 48, Verdict::Passed),
            (Purpose::ForwardAlong, 57, Verdict::Blocked { wolf: 2 }),
            (Purpose::WallProbe, 59, Verdict::Passed),
            (Purpose::ForwardAgainst, 77, Verdict::Passed),
        ]
    );
    assert_eq!(t.checks[2].r0, 2, "R0 names the blocking wolf");
    assert_eq!(t.branch, Branch::ForwardAgainst);
    assert_eq!(t.choice, Some(77));
    let text = t.to_string();
    assert!(text.contains("blocked by wolf 2"), "{text}");
    assert!(text.contains("goat to 77"), "{text}");
}

#[test]
fn trap_test_and_resignation() {
    // Goat 55 between wolves 44 46 64 66 cannot move at all: the program shows 0.
    let pos = Position::new(Variant::NINE_FOUR, &[44, 46, 64, 66], 55, Side::Goat).unwrap();
    let t = Champion::new(Listing::Main).decide(&pos);
    assert_eq!(t.choice, None);
    assert_eq!(t.branch, program::Branch::Resign);
    assert_eq!(pos.outcome(), Some(Outcome::GoatTrapped));
    // The trap test fires in play, and its sum is Σ(c − W[k]) over the four wolves.
    let v = Variant::NINE_FOUR;
    let mut traps = 0;
    for g in 0..200u64 {
        let mut rng = SplitMix64::derive(11, &[g]);
        let mut program = Champion::new(Listing::Main);
        let mut pos = v.start();
        while pos.outcome().is_none() {
            if pos.to_move == Side::Goat {
                let t = program.decide(&pos);
                for c in &t.checks {
                    if let Verdict::Trap { sum } = c.verdict {
                        let direct: i32 = pos.wolves.iter().map(|&w| c.square - w as i32).sum();
                        assert_eq!(sum, direct);
                        assert!(sum == 9 || sum == -11);
                        traps += 1;
                    }
                }
                let Some(sq) = t.choice else { break };
                pos = pos.after_goat_move(sq).unwrap();
            } else {
                let m = pos.wolf_moves();
                let m = m[rng.below(m.len() as u32) as usize];
                program.observe_move(&pos, m);
                pos = pos.after_wolf_move(m).unwrap();
            }
        }
    }
    assert!(traps > 0, "no trap test fired in 200 games");
}

#[test]
fn rules_refuse_illegal_moves_with_the_reason() {
    let pos = Position::new(Variant::NINE_FOUR, &[46, 48, 68, 88], 66, Side::Wolves).unwrap();
    let err = |m: &str| {
        pos.check_wolf_move(WolfMove::parse(m).unwrap())
            .unwrap_err()
    };
    assert_eq!(
        err("1/57"),
        RuleError::NotAStep {
            from: 46,
            to: 57,
            wolf: true
        }
    ); // backwards
    assert!(pos.check_wolf_move(WolfMove { wolf: 2, to: 57 }).is_ok());
    assert_eq!(
        err("3/59"),
        RuleError::NotAStep {
            from: 68,
            to: 59,
            wolf: true
        }
    );
    assert!(pos.check_wolf_move(WolfMove { wolf: 1, to: 35 }).is_ok());
    assert!(pos.check_wolf_move(WolfMove { wolf: 4, to: 97 }).is_ok());
    assert_eq!(
        err("4/99"),
        RuleError::NotAStep {
            from: 88,
            to: 99,
            wolf: true
        }
    );
    assert_eq!(
        err("1/24"),
        RuleError::NotAStep {
            from: 46,
            to: 24,
            wolf: true
        }
    );
    let g2 = pos
        .after_wolf_move(WolfMove { wolf: 2, to: 57 })
        .unwrap()
        .after_goat_move(77)
        .unwrap();
    assert_eq!(
        g2.check_wolf_move(WolfMove { wolf: 4, to: 77 }),
        Err(RuleError::OccupiedByGoat(77))
    );
    assert_eq!(
        g2.check_wolf_move(WolfMove { wolf: 3, to: 57 }),
        Err(RuleError::OccupiedByWolf(57, 2))
    );
    assert_eq!(err("5/57"), RuleError::NoSuchWolf(5));
    assert_eq!(err("1/56"), RuleError::OffBoard(56));
    let three = Variant::NINE_THREE.start();
    let after = three.after_goat_move(66).unwrap();
    assert_eq!(
        after.check_wolf_move(WolfMove { wolf: 4, to: 88 }),
        Err(RuleError::NoSuchWolf(4))
    );
    assert_eq!(
        pos.check_goat_move(77),
        Err(RuleError::NotYourTurn(Side::Goat))
    );
    let g = pos.after_wolf_move(WolfMove { wolf: 3, to: 57 }).unwrap();
    assert_eq!(g.check_goat_move(57), Err(RuleError::OccupiedByWolf(57, 3)));
    assert_eq!(
        g.check_goat_move(68),
        Err(RuleError::NotAStep {
            from: 66,
            to: 68,
            wolf: false
        })
    );
    assert!(g.check_goat_move(55).is_ok(), "the goat may step back");
    // The 8×8 board has no column 9.
    let e = Variant::EIGHT_FOUR.start();
    assert!(!Variant::EIGHT_FOUR.on_board(97));
    assert_eq!(
        e.after_goat_move(62)
            .unwrap()
            .check_wolf_move(WolfMove { wolf: 4, to: 97 }),
        Err(RuleError::OffBoard(97))
    );
    assert!(Position::new(Variant::NINE_FOUR, &[46, 46, 68, 88], 66, Side::Goat).is_err());
    assert!(Position::new(Variant::NINE_FOUR, &[46, 48, 68], 66, Side::Goat).is_err());
    assert!(Position::new(Variant::NINE_FOUR, &[46, 48, 68, 88], 65, Side::Goat).is_err());
}

#[test]
fn terminal_conditions() {
    let v = Variant::NINE_FOUR;
    let top = Position::new(v, &[46, 48, 68, 88], 99, Side::Wolves).unwrap();
    assert_eq!(top.outcome(), Some(Outcome::GoatBrokeThrough));
    let stuck = Position::new(v, &[11, 31, 51, 71], 55, Side::Wolves).unwrap();
    assert_eq!(stuck.outcome(), Some(Outcome::WolvesStuck));
    assert_eq!(Outcome::WolvesStuck.winner(), Side::Goat);
    let corner = Position::new(v, &[22, 46, 68, 88], 11, Side::Goat).unwrap();
    assert_eq!(corner.outcome(), Some(Outcome::GoatTrapped));
    assert_eq!(v.start().outcome(), None);
    assert_eq!(v.squares().len(), 41);
    assert_eq!(Variant::EIGHT_FOUR.squares().len(), 32);
}

/// Brute force: plain recursion over the rules with a memo, best play by the same order
/// (quick win, slow loss).
fn brute(pos: &Position, memo: &mut HashMap<Position, Value>) -> Value {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let v = match pos.outcome() {
        Some(o) if o.winner() == pos.to_move => Value::Win(0),
        Some(_) => Value::Loss(0),
        None => {
            let nexts: Vec<Position> = match pos.to_move {
                Side::Goat => pos
                    .goat_moves()
                    .iter()
                    .map(|&s| pos.after_goat_move(s).unwrap())
                    .collect(),
                Side::Wolves => pos
                    .wolf_moves()
                    .iter()
                    .map(|&m| pos.after_wolf_move(m).unwrap())
                    .collect(),
            };
            let mut best: Option<Value> = None;
            for n in nexts {
                // Unlabel the wolves so the memo is shared.
                let mut key = n;
                key.wolves.sort_unstable_by(|a, b| b.cmp(a));
                let v = brute(&key, memo);
                let mine = match v {
                    Value::Win(d) => Value::Loss(d + 1),
                    Value::Loss(d) => Value::Win(d + 1),
                };
                if best.is_none_or(|b| mine.score() > b.score()) {
                    best = Some(mine);
                }
            }
            best.unwrap()
        }
    };
    memo.insert(*pos, v);
    v
}

#[test]
fn solver_agrees_with_brute_force_on_every_reachable_position() {
    for v in [
        Variant::EIGHT_THREE,
        Variant::NINE_THREE,
        Variant::EIGHT_FOUR,
    ] {
        let s = Solution::solve(v);
        let mut memo = HashMap::new();
        let mut start = v.start();
        start.wolves.sort_unstable_by(|a, b| b.cmp(a));
        let root = brute(&start, &mut memo);
        assert_eq!(s.value(&v.start()), root, "{v}");
        let mut checked = 0;
        for (pos, &value) in &memo {
            // The table has no goat-to-move positions on the last row (they cannot arise).
            if pos.goat % 10 == v.goal_row() && pos.to_move == Side::Goat {
                continue;
            }
            assert_eq!(s.value(pos), value, "{v}: {pos}");
            checked += 1;
        }
        assert_eq!(checked as u64, s.reachable_from(&v.start()), "{v}");
    }
}

#[test]
fn solver_agrees_with_brute_force_on_nine_by_nine_middle_games() {
    let v = Variant::NINE_FOUR;
    let s = Solution::solve(v);
    let mut rng = SplitMix64::new(7);
    let mut memo = HashMap::new();
    for _ in 0..20 {
        let mut pos = v.start();
        for _ in 0..14 {
            if pos.outcome().is_some() {
                break;
            }
            pos = match pos.to_move {
                Side::Goat => {
                    let m = pos.goat_moves();
                    pos.after_goat_move(m[rng.below(m.len() as u32) as usize])
                        .unwrap()
                }
                Side::Wolves => {
                    let m = pos.wolf_moves();
                    pos.after_wolf_move(m[rng.below(m.len() as u32) as usize])
                        .unwrap()
                }
            };
        }
        let mut key = pos;
        key.wolves.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(s.value(&pos), brute(&key, &mut memo), "{pos}");
    }
}

#[test]
fn who_wins_each_variant() {
    let values: Vec<bool> = Variant::ALL
        .iter()
        .map(|&v| Solution::solve(v).value(&v.start()).is_win())
        .collect();
    // The goat moves first: it wins 9×9 (four and three wolves) and 8×8 with three wolves;
    // four wolves hold 8×8 (the Fox-and-Hounds result).
    assert_eq!(values, [true, true, false, true]);
    let s = Solution::solve(Variant::NINE_FOUR);
    assert_eq!(s.positions(), 7_493_980);
    assert_eq!(s.reachable_from(&Variant::NINE_FOUR.start()), 2_927_858);
}

#[test]
fn the_article_game_verdicts_match_the_commentary() {
    let s = Solution::solve(Variant::NINE_FOUR);
    let steps = match_play::replay_article(&s, Listing::Main).unwrap();
    assert_eq!(steps.len(), 17);
    for st in &steps {
        assert_eq!(st.program_reply, Some(st.printed_reply));
    }
    // 3/55 (75): the goat's losing reply; only 73 held.
    let i = steps
        .iter()
        .position(|st| st.wolf.mv.to_string() == "3/55")
        .unwrap();
    let r = steps[i].reply_value().unwrap();
    assert!(r.blunder && !r.value.is_win());
    let winners: Vec<Move> = steps[i]
        .goat_moves
        .iter()
        .filter(|m| m.value.is_win())
        .map(|m| m.mv)
        .collect();
    assert_eq!(winners, [Move::Goat(73)]);
    // 4/73: the person's error that let the goat through.
    let j = steps
        .iter()
        .position(|st| st.wolf.mv.to_string() == "4/73")
        .unwrap();
    assert!(steps[j].wolf.blunder);
    // Between them the wolves were winning; after it, each printed reply was the only win.
    for st in &steps[i + 1..j] {
        assert!(st.wolf.value.is_win());
    }
    for st in &steps[j..] {
        let wins: Vec<Move> = st
            .goat_moves
            .iter()
            .filter(|m| m.value.is_win())
            .map(|m| m.mv)
            .collect();
        assert_eq!(wins, [Move::Goat(st.printed_reply)]);
    }
}

#[test]
fn move_values_are_consistent_with_the_position_value() {
    let s = Solution::solve(Variant::NINE_FOUR);
    let mut pos = article_start();
    for (m, reply) in parse_game(ARTICLE_GAME).unwrap() {
        for p in [pos, pos.after_wolf_move(m).unwrap()] {
            let best = s.best_move(&p).unwrap();
            assert_eq!(best.value, s.value(&p), "{p}");
            for mv in s.move_values(&p) {
                assert!(mv.value.score() <= best.value.score());
                assert_eq!(mv.blunder, s.value(&p).is_win() && !mv.value.is_win());
            }
        }
        pos = pos
            .after_wolf_move(m)
            .unwrap()
            .after_goat_move(reply.unwrap())
            .unwrap();
    }
}

#[test]
fn opponents_play_legal_games() {
    let v = Variant::NINE_FOUR;
    let s = Solution::solve(v);
    // The perfect goat wins from the start against anything.
    for g in 0..50 {
        let mut wolves = RandomWolves(SplitMix64::derive(3, &[g]));
        let r = play_game(&v.start(), &mut PerfectGoat(&s), &mut wolves).unwrap();
        assert!(r.end.goat_won(), "game {g}: {:?}", r.end);
    }
    let r = play_game(&v.start(), &mut PerfectGoat(&s), &mut PerfectWolves(&s)).unwrap();
    assert!(r.end.goat_won());
    assert_eq!(r.positions.len() - 1, s.value(&v.start()).plies() as usize);
    // 8×8 with four wolves: the perfect wolves trap even the perfect goat.
    let e = Solution::solve(Variant::EIGHT_FOUR);
    let r = play_game(
        &Variant::EIGHT_FOUR.start(),
        &mut PerfectGoat(&e),
        &mut PerfectWolves(&e),
    )
    .unwrap();
    assert_eq!(r.end, GameEnd::Rules(Outcome::GoatTrapped));
}

#[test]
fn a_winning_line_against_the_program_really_wins() {
    for v in Variant::ALL {
        for listing in [Listing::Main, Listing::Alternative] {
            let line = match_play::beat_program(&v.start(), listing).unwrap();
            let Some(line) = line else { continue };
            // Play it out with the program: the goat must end trapped or resign.
            let mut goat = ProgramGoat::new(listing);
            let mut moves = line.into_iter();
            struct Scripted<'a>(&'a mut dyn Iterator<Item = WolfMove>);
            impl match_play::WolfPlayer for Scripted<'_> {
                fn name(&self) -> String {
                    "script".into()
                }
                fn choose(&mut self, _: &Position) -> WolfMove {
                    self.0.next().expect("the line is long enough")
                }
            }
            let r = play_game(&v.start(), &mut goat, &mut Scripted(&mut moves)).unwrap();
            assert!(!r.end.goat_won(), "{v} {listing:?}");
            assert!(moves.next().is_none(), "the line ends with the game");
        }
    }
}
