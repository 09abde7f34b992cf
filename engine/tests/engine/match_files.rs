//! The match readers against GNU Backgammon's own record of the same matches: every decision
//! of gnubg's three self-play matches (`decisions.json`, what gnubg recorded while playing)
//! read back from the MAT and the SGF files gnubg wrote, and the two real files written by
//! play sites against gnubg's own reading of them — where gnubg reads them right.

use bgw_engine::core::moves::{MoveGenerator, match_play, parse};
use bgw_engine::matches::{Decision, DecisionKind, HowEnded, Legality, Match, read_mat, read_sgf};
use bgw_engine::{Dice, Position};
use serde_json::Value;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

fn json(name: &str) -> Vec<Value> {
    serde_json::from_str::<Value>(&text(name))
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// gnubg's `X`/`O` as our player number.
fn player(v: &Value) -> usize {
    match v.as_str().unwrap() {
        "X" => 0,
        "O" => 1,
        other => panic!("player {other}"),
    }
}

/// What a move written as text does, whatever the writing: for each point (25 the bar, 0
/// off), checkers leaving minus checkers arriving. gnubg's `22/16 16/13`, a file's `22/13`
/// and `Bar/19*(2)` against `bar/19 bar/19` come out the same.
fn net_flow(text: &str) -> [i8; 26] {
    let mut flow = [0i8; 26];
    for s in parse(text).unwrap() {
        flow[s.from as usize] += 1;
        flow[s.to as usize] -= 1;
    }
    flow
}

/// The position gnubg's move reaches from `before`.
fn gnubg_result(before: &Position, dice: Dice, text: &str) -> Position {
    let plays = MoveGenerator::new().generate(before, dice).to_vec();
    if plays.is_empty() {
        assert_eq!(text, "", "gnubg moves where no move is legal");
        return *before;
    }
    plays[match_play(before, dice, text, &plays).unwrap()].result
}

/// Checks one of our decisions against gnubg's; `at` names it in failures.
fn same_decision(ours: &Decision, theirs: &Value, at: &str) {
    assert_eq!(ours.kind_name(), theirs["kind"].as_str().unwrap(), "{at}");
    assert_eq!(ours.player, player(&theirs["player"]), "{at}");
    if let Some(id) = theirs.get("position_id") {
        assert_eq!(ours.position_id(), id.as_str().unwrap(), "{at}");
    }
    match &ours.kind {
        DecisionKind::Move(c) => {
            let dice = &theirs["dice"];
            assert_eq!(
                [c.dice.high() as u64, c.dice.low() as u64],
                [dice[0].as_u64().unwrap(), dice[1].as_u64().unwrap()],
                "{at}"
            );
            let their_move = theirs["move"].as_str().unwrap();
            let normalised = if c.recorded.eq_ignore_ascii_case("cannot move") {
                ""
            } else {
                c.recorded.as_str()
            };
            assert_eq!(
                net_flow(normalised),
                net_flow(their_move),
                "{at}: recorded text"
            );
            let reached = gnubg_result(&ours.position, c.dice, their_move);
            assert_eq!(c.result, reached, "{at}: position reached");
            assert_eq!(c.legality, Legality::Legal, "{at}");
        }
        DecisionKind::Resign { points } => {
            assert_eq!(
                u64::from(*points),
                theirs["points"].as_u64().unwrap(),
                "{at}"
            );
        }
        _ => {}
    }
}

/// Checks a whole match against gnubg's record of it.
fn same_match(ours: &Match, theirs: &Value) {
    let file = theirs["file"].as_str().unwrap();
    assert_eq!(
        u64::from(ours.match_length),
        theirs["match_length"].as_u64().unwrap()
    );
    assert_eq!(ours.players[0], theirs["players"][0].as_str().unwrap());
    assert_eq!(ours.players[1], theirs["players"][1].as_str().unwrap());
    let games = theirs["games"].as_array().unwrap();
    assert_eq!(ours.games.len(), games.len(), "{file}");
    for (g, (game, tg)) in ours.games.iter().zip(games).enumerate() {
        let at = format!("{file} game {}", g + 1);
        let score = &tg["score"];
        assert_eq!(
            [u64::from(game.score[0]), u64::from(game.score[1])],
            [score[0].as_u64().unwrap(), score[1].as_u64().unwrap()],
            "{at}"
        );
        let result = game.result.unwrap_or_else(|| panic!("{at}: no result"));
        assert_eq!(result.winner, player(&tg["winner"]), "{at}");
        assert_eq!(
            u64::from(result.points),
            tg["points"].as_u64().unwrap(),
            "{at}"
        );
        let resigned = tg["resigned"].as_bool().unwrap();
        assert_eq!(result.how == HowEnded::Resigned, resigned, "{at}");
        let decisions = tg["decisions"].as_array().unwrap();
        assert_eq!(game.decisions.len(), decisions.len(), "{at}");
        for (i, (d, td)) in game.decisions.iter().zip(decisions).enumerate() {
            same_decision(d, td, &format!("{at} decision {}", i + 1));
        }
    }
}

#[test]
fn gnubgs_mat_files_give_gnubgs_own_decisions() {
    let record = json("decisions.json");
    assert_eq!(record.len(), 3);
    let mut decisions = 0;
    for theirs in &record {
        let file = theirs["file"].as_str().unwrap();
        let ours = read_mat(&text(&format!("{file}.mat"))).unwrap();
        assert_eq!(ours.warnings, vec![], "{file}");
        same_match(&ours, theirs);
        decisions += ours.decisions().count();
    }
    assert_eq!(decisions, 534);
}

/// The two real files written by play sites read as gnubg 1.07 reads them, decision for
/// decision: every move, double, take, drop and resignation with its position, the score,
/// winner and points of every game. gnubg reads both right; the one line it does not
/// understand is Galaxy's `Losses 1 point` (it says "Unrecognised move"), which we read as
/// the loser's resignation on its own line, where gnubg infers the same resignation from the
/// winner's `Wins` line that follows.
#[test]
fn real_files_read_as_gnubg_reads_them() {
    let record = json("real/decisions_as_gnubg_reads_them.json");
    assert_eq!(record.len(), 2);
    for theirs in &record {
        let file = theirs["file"].as_str().unwrap();
        let ours = read_mat(&text(&format!("real/{file}"))).unwrap();
        assert_eq!(ours.warnings, vec![], "{file}");
        same_match(&ours, theirs);
    }
}

#[test]
fn galaxys_losses_line_is_the_losers_resignation() {
    let file = text("real/galaxy_match1497590.txt");
    let m = read_mat(&file).unwrap();
    let last = m.games.last().unwrap();
    let resign = last.decisions.last().unwrap();
    assert_eq!(resign.kind, DecisionKind::Resign { points: 1 });
    assert_eq!(resign.player, 1);
    let line = file.lines().nth(resign.line - 1).unwrap();
    assert!(line.contains("Losses 1 point"), "{line}");
    // The Crawford game is the fifth (lasse 4-away in a 5-point match), not the sixth.
    let crawford: Vec<bool> = m.games.iter().map(|g| g.crawford).collect();
    assert_eq!(crawford, [false, false, false, false, true, false]);
    assert!(m.rules.crawford);
    assert!(
        m.tags
            .contains(&("Site".to_string(), "BackgammonGalaxy".to_string()))
    );
    assert!(
        m.tags
            .contains(&("Player 1 Elo".to_string(), "5,00/0".to_string()))
    );
    assert_eq!(m.final_score(), [5, 2]);
}

/// Each decision of a match without where the file wrote it, for comparing two readings.
fn without_places(m: &Match) -> Vec<(u32, [u16; 2], bool, String)> {
    m.decisions()
        .map(|(g, d)| {
            let what = match &d.kind {
                DecisionKind::Move(c) => format!("{} {:?} {:?}", c.dice, c.result, c.legality),
                k => format!("{k:?}"),
            };
            (
                g.number,
                g.score,
                g.crawford,
                format!(
                    "{} {:?} {} {what}",
                    d.player,
                    d.position,
                    d.match_id.encode()
                ),
            )
        })
        .collect()
}

/// The 25-point match the bench reads: 978 decisions, from its MAT and its SGF file.
#[test]
fn a_25_point_match_gives_gnubgs_978_decisions() {
    let record = json("decisions_25pt.json");
    let theirs = &record[0];
    for name in ["gnubg_25pt_seed1.mat", "gnubg_25pt_seed1.sgf"] {
        let file = text(name);
        let ours = if name.ends_with(".sgf") {
            read_sgf(&file).unwrap()
        } else {
            read_mat(&file).unwrap()
        };
        assert_eq!(ours.warnings, vec![], "{name}");
        same_match(&ours, theirs);
        assert_eq!(ours.decisions().count(), 978, "{name}");
    }
}

#[test]
fn gnubgs_sgf_files_give_the_same_decisions_as_its_mat_files() {
    let record = json("decisions.json");
    for theirs in &record {
        let file = theirs["file"].as_str().unwrap();
        let sgf = read_sgf(&text(&format!("{file}.sgf"))).unwrap();
        assert_eq!(sgf.warnings, vec![], "{file}");
        same_match(&sgf, theirs);
        let mat = read_mat(&text(&format!("{file}.mat"))).unwrap();
        assert_eq!(without_places(&sgf), without_places(&mat), "{file}");
        let results = |m: &Match| m.games.iter().map(|g| g.result).collect::<Vec<_>>();
        assert_eq!(results(&sgf), results(&mat), "{file}");
        assert_eq!(sgf.rules, mat.rules, "{file}");
    }
}

#[test]
fn the_sgf_analysis_is_kept_as_written() {
    let file = text("gnubg_7pt_seed102.sgf");
    let m = read_sgf(&file).unwrap();
    let mut checked = (0, 0);
    for (_, d) in m.decisions() {
        if let Some(a) = &d.analysis.moves {
            // Written back the way gnubg writes it, the property is in the file word for word.
            let mut written = format!("A[{}]", a.played);
            for c in &a.candidates {
                written.push_str(&format!("[{} {}]", c.letters, c.text));
            }
            assert!(file.contains(&written), "line {}: {written}", d.line);
            // The move played is the candidate the index names.
            let played = &a.candidates[a.played];
            if let DecisionKind::Move(c) = &d.kind {
                let named: Vec<String> = played
                    .segments
                    .iter()
                    .map(|s| format!("{}/{}", s.from, s.to))
                    .collect();
                let reached = gnubg_result(&d.position, c.dice, &named.join(" "));
                assert_eq!(reached, c.result, "line {}", d.line);
            }
            checked.0 += 1;
        }
        if let Some(cube) = &d.analysis.cube {
            assert!(
                file.contains(&format!("DA[{}]", cube.text)),
                "line {}",
                d.line
            );
            checked.1 += 1;
        }
    }
    assert!(checked.0 > 250 && checked.1 > 20, "{checked:?}");
    // The first move's candidates, number for number as the file writes them.
    let first = m.games[0].decisions[0].analysis.moves.as_ref().unwrap();
    let line = file
        .lines()
        .find(|l| l.starts_with(";B[") || l.starts_with(";W["))
        .unwrap();
    let best = line.split("][").nth(1).unwrap();
    let words: Vec<&str> = best.split(' ').collect();
    let eval = first.candidates[0].eval.unwrap();
    assert_eq!(words[0], first.candidates[0].letters);
    for (i, p) in eval.probabilities.iter().enumerate() {
        assert_eq!(*p, words[4 + i].parse::<f64>().unwrap());
    }
    assert_eq!(eval.equity, words[9].parse::<f64>().unwrap());
}

/// A cube answer alone on a short line: the Galaxy file with its `Drops` and `Wins` lines
/// split (`  7)  Drops`, no trailing spaces, then the `Wins` line). gnubg 1.07 reads it
/// oddly: it adds a double by kalvatn after lasse's drop, and reads the `Wins` line as
/// lasse's resignation of that double (run `import mat` on it: `double O, drop X, double O,
/// resign X`). We read it as the file says: the same decisions as the original.
#[test]
fn a_drop_alone_on_a_short_line_is_read_as_a_drop() {
    let original = text("real/galaxy_match1497590.txt");
    let split = original.replace(
        "  7)  Drops                       Wins 1 point\n",
        "  7)  Drops\n                                  Wins 1 point\n",
    );
    assert_ne!(split, original);
    let ours = read_mat(&split).unwrap();
    assert_eq!(ours.warnings, vec![]);
    assert_eq!(
        without_places(&ours),
        without_places(&read_mat(&original).unwrap())
    );
    let first = &ours.games[0];
    assert_eq!(first.decisions.last().unwrap().kind, DecisionKind::Drop);
    assert_eq!(first.result.map(|r| r.how), Some(HowEnded::Dropped));
}
