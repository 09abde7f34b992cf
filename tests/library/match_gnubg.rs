//! Our match files as GNU Backgammon reads them: each match read (gnubg's three self-play
//! matches and the two real files), written by `Match::to_mat` and `Match::to_sgf`, then
//! given to gnubg (`import mat`, `load match`) and dumped with `gnubg.match(boards=1)` as
//! `shared/data/matches/decisions_from_gnubg.py` does: gnubg must read every decision we
//! read, with the same position, dice, move, score and result. Skipped, with the reason
//! printed, when gnubg is not installed and `CI` is not set.

use crate::common;
use common::real_gnubg;

use bgw_engine::core::moves::{MoveGenerator, match_play};
use bgw_engine::evaluation::classic::{ClassicPlayer, Game, Weights};
use bgw_engine::matches::{Decision, DecisionKind, HowEnded, Match, read_mat, read_sgf};
use bgw_engine::{Position, SeededDice, Side};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// gnubg's reading of a match file, in the layout of `decisions_from_gnubg.py`.
const SCRIPT: &str = r#"
import gnubg, json, os
f = os.environ["F"]
for c in os.environ.get("BEFORE", "").split(";"):
    if c: gnubg.command(c)
gnubg.command(('load match "%s"' if f.endswith(".sgf") else 'import mat "%s"') % f)
m = gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)
games = []
for g in m["games"]:
    gi = g["info"]
    decs = []
    for r in g["game"]:
        a = r.get("action")
        if a == "move":
            decs.append({"kind": "move", "player": r["player"], "position_id": r["board"],
                         "dice": sorted(r["dice"], reverse=True),
                         "move": " ".join("%s/%s" % f for f in r["move"])})
        elif a in ("double", "take", "drop"):
            d = {"kind": a, "player": r["player"]}
            if "board" in r: d["position_id"] = r["board"]
            decs.append(d)
        elif a == "resign":
            decs.append({"kind": "resign", "player": r["player"], "points": r.get("points")})
    games.append({"score": [gi["score-X"], gi["score-O"]], "winner": gi["winner"],
                  "points": gi["points-won"], "resigned": gi["resigned"], "decisions": decs})
info = m["match-info"]
json.dump({"match_length": info["match-length"],
           "players": [info["X"]["name"], info["O"]["name"]], "games": games},
          open(os.environ["OUT"], "w"))
"#;

/// How long gnubg may take to read one file.
const GNUBG_WAIT: Duration = Duration::from_secs(120);

/// Runs gnubg on `file` and returns its reading.
fn gnubg_reads(gnubg: &Path, dir: &Path, file: &Path) -> Value {
    gnubg_reads_after(gnubg, dir, file, "")
}

/// Runs gnubg on `file`, after its commands `before` (`;` between them), and returns its
/// reading; a gnubg that has not finished within [`GNUBG_WAIT`] is killed and fails the test.
fn gnubg_reads_after(gnubg: &Path, dir: &Path, file: &Path, before: &str) -> Value {
    let script = dir.join("read.py");
    std::fs::write(&script, SCRIPT).unwrap();
    let out = dir.join("out.json");
    let _ = std::fs::remove_file(&out);
    let log = dir.join("gnubg.log");
    let mut child = Command::new(gnubg)
        .args(["-t", "-q", "-p"])
        .arg(&script)
        .env("F", file)
        .env("OUT", &out)
        .env("BEFORE", before)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnubg runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > GNUBG_WAIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "gnubg did not read {} within {GNUBG_WAIT:?}",
                file.display()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| {
        panic!(
            "gnubg wrote no reading of {} ({e}): {}",
            file.display(),
            std::fs::read_to_string(&log).unwrap_or_default()
        )
    });
    serde_json::from_str(&text).unwrap()
}

fn player(v: &Value) -> usize {
    usize::from(v == "O")
}

/// Checks gnubg's reading of one decision against ours.
fn same_decision(ours: &Decision, theirs: &Value, at: &str) {
    assert_eq!(ours.kind_name(), theirs["kind"], "{at}");
    assert_eq!(ours.player, player(&theirs["player"]), "{at}");
    if let Some(id) = theirs.get("position_id") {
        assert_eq!(ours.position_id(), id.as_str().unwrap(), "{at}");
    }
    match &ours.kind {
        DecisionKind::Move(c) => {
            let dice = [c.dice.high() as u64, c.dice.low() as u64];
            let d = &theirs["dice"];
            assert_eq!(
                dice,
                [d[0].as_u64().unwrap(), d[1].as_u64().unwrap()],
                "{at}"
            );
            // gnubg's from/to pairs use 25 for the bar and 0 (or -1 printed as 0) for off.
            let text = theirs["move"].as_str().unwrap().replace("/-1", "/0");
            let plays = MoveGenerator::new()
                .generate(&ours.position, c.dice)
                .to_vec();
            let reached = match plays.is_empty() {
                true => ours.position,
                false => {
                    plays[match_play(&ours.position, c.dice, &text, &plays)
                        .unwrap_or_else(|e| panic!("{at}: gnubg's {text}: {e}"))]
                    .result
                }
            };
            assert_eq!(reached, c.result, "{at}: gnubg's {text}");
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

/// Checks gnubg's reading of a whole match against ours.
fn same_match(ours: &Match, theirs: &Value, what: &str) {
    assert_eq!(
        u64::from(ours.match_length),
        theirs["match_length"],
        "{what}"
    );
    assert_eq!(
        ours.players[0],
        theirs["players"][0].as_str().unwrap(),
        "{what}"
    );
    assert_eq!(
        ours.players[1],
        theirs["players"][1].as_str().unwrap(),
        "{what}"
    );
    let games = theirs["games"].as_array().unwrap();
    assert_eq!(ours.games.len(), games.len(), "{what}");
    for (game, tg) in ours.games.iter().zip(games) {
        let at = format!("{what} game {}", game.number);
        assert_eq!(u64::from(game.score[0]), tg["score"][0], "{at}");
        assert_eq!(u64::from(game.score[1]), tg["score"][1], "{at}");
        let r = game.result.unwrap();
        assert_eq!(r.winner, player(&tg["winner"]), "{at}");
        assert_eq!(u64::from(r.points), tg["points"], "{at}");
        assert_eq!(r.how == HowEnded::Resigned, tg["resigned"], "{at}");
        let decisions = tg["decisions"].as_array().unwrap();
        assert_eq!(game.decisions.len(), decisions.len(), "{at}");
        for (i, (d, td)) in game.decisions.iter().zip(decisions).enumerate() {
            same_decision(d, td, &format!("{at} decision {}", i + 1));
        }
    }
}

#[test]
fn gnubg_reads_our_mat_and_sgf_files_to_our_decisions() {
    let Some(gnubg) = real_gnubg() else { return };
    let dir = tempfile::tempdir().unwrap();
    let files = [
        "gnubg_5pt_seed101.mat",
        "gnubg_7pt_seed102.sgf",
        "gnubg_3pt_seed103.mat",
        "real/galaxy_match1497590.txt",
        "real/studio_boardlord_llabba_7pt.txt",
    ];
    for name in files {
        let text = std::fs::read_to_string(common::data(&format!("matches/{name}"))).unwrap();
        let ours = if name.ends_with(".sgf") {
            read_sgf(&text).unwrap()
        } else {
            read_mat(&text).unwrap()
        };
        for (kind, written) in [("mat", ours.to_mat()), ("sgf", ours.to_sgf())] {
            let file = dir.path().join(format!("ours.{kind}"));
            std::fs::write(&file, &written).unwrap();
            let theirs = gnubg_reads(&gnubg, dir.path(), &file);
            same_match(&ours, &theirs, &format!("{name} written as {kind}"));
        }
    }
}

/// A self-play game of the classic program's from the opening roll with dice of `seed`, or
/// from `start` when given.
fn classic_game(seed: u64, start: Option<Position>) -> Game {
    let player = ClassicPlayer::new(Weights::builtin_seed(), "classic");
    let mut game = Game::self_play(player, 0.01);
    let mut dice = SeededDice::new(seed);
    match start {
        Some(p) => game.start_at(p).unwrap(),
        None => drop(game.opening_roll(&mut dice).unwrap()),
    }
    while game.outcome().is_none() {
        game.program_turn(&mut dice).unwrap();
    }
    game
}

#[test]
fn gnubg_reads_played_games_as_we_wrote_them() {
    let Some(gnubg) = real_gnubg() else { return };
    let dir = tempfile::tempdir().unwrap();
    // Games that end in a single game, a gammon and (if any of these seeds gives one) a
    // backgammon; gnubg reads a MAT money game with its own Jacoby setting (on unless set
    // off), which the layout cannot override: it is set off before reading MAT.
    let mut levels = std::collections::BTreeSet::new();
    let mut games = Vec::new();
    for seed in 0..60 {
        let game = classic_game(seed, None);
        if levels.insert(game.outcome().unwrap().points()) {
            games.push((format!("seed {seed}"), game));
        }
    }
    assert!(levels.len() >= 2, "{levels:?}");
    for (what, game) in &games {
        let ours = game.to_match("classic Black", "classic White");
        let mat = dir.path().join("played.mat");
        std::fs::write(&mat, ours.try_to_mat().unwrap()).unwrap();
        let theirs = gnubg_reads_after(&gnubg, dir.path(), &mat, "set jacoby off");
        same_match(&ours, &theirs, &format!("{what} as mat"));
        let sgf = dir.path().join("played.sgf");
        std::fs::write(&sgf, ours.to_sgf()).unwrap();
        let theirs = gnubg_reads(&gnubg, dir.path(), &sgf);
        same_match(&ours, &theirs, &format!("{what} as sgf"));
    }
    // A game from a set-up position (checkers on both bars): SGF only.
    let mut b = [0i8; 26];
    (b[6], b[5], b[4], b[25]) = (5, 5, 4, 1);
    (b[19], b[20], b[0]) = (-7, -7, -1);
    let game = classic_game(7, Some(Position::from_board(Side::White, b).unwrap()));
    let ours = game.to_match("b", "w");
    assert!(ours.try_to_mat().is_err());
    let sgf = dir.path().join("set-up.sgf");
    std::fs::write(&sgf, ours.to_sgf()).unwrap();
    let theirs = gnubg_reads(&gnubg, dir.path(), &sgf);
    same_match(&ours, &theirs, "a set-up game as sgf");
}

/// A roll written with no move just before a resignation (`32:`, XG's `32: ????`): gnubg
/// records the dice and no decision, and so do we; the file we write from it reads the same
/// in gnubg.
#[test]
fn gnubg_reads_a_roll_before_a_resignation_as_we_do() {
    let Some(gnubg) = real_gnubg() else { return };
    let dir = tempfile::tempdir().unwrap();
    for roll in ["32:", "32: ????"] {
        let text = format!(
            "7 point match\n\n Game 1\n ann : 0                        bob : 0\n  \
             1) 31: 8/5 6/5                 64: 24/18 13/9\n  \
             2) 42: 8/4 6/4                 {roll}\n      Wins 1 point\n\n \
             Game 2\n ann : 1                        bob : 0\n  \
             1) 62: 24/18 13/11             {roll}\n                                  Wins 2 points\n"
        );
        let ours = read_mat(&text).unwrap();
        let file = dir.path().join("resigned.mat");
        std::fs::write(&file, &text).unwrap();
        let theirs = gnubg_reads(&gnubg, dir.path(), &file);
        same_match(&ours, &theirs, &format!("{roll} as written"));
        std::fs::write(&file, ours.to_mat()).unwrap();
        let theirs = gnubg_reads(&gnubg, dir.path(), &file);
        same_match(&ours, &theirs, &format!("{roll} written again"));
    }
}

/// A double with no answer before the `Wins` line, the doubler's or the doubled player's:
/// gnubg reads the loser's resignation (no drop), and so do we; the file we write from it
/// reads the same in gnubg.
#[test]
fn gnubg_reads_a_double_with_no_answer_before_wins_as_we_do() {
    let Some(gnubg) = real_gnubg() else { return };
    let dir = tempfile::tempdir().unwrap();
    for wins in [
        "      Wins 1 point",
        "                                 Wins 2 points",
    ] {
        let text = format!(
            "7 point match\n\n Game 1\n ann : 0                        bob : 0\n  \
             1) 31: 8/5 6/5                 64: 24/18 13/9\n  \
             2)  Doubles => 2\n{wins}\n"
        );
        let ours = read_mat(&text).unwrap();
        let file = dir.path().join("resigned.mat");
        std::fs::write(&file, &text).unwrap();
        let theirs = gnubg_reads(&gnubg, dir.path(), &file);
        same_match(&ours, &theirs, &format!("{wins} as written"));
        std::fs::write(&file, ours.to_mat()).unwrap();
        let theirs = gnubg_reads(&gnubg, dir.path(), &file);
        same_match(&ours, &theirs, &format!("{wins} written again"));
    }
}

/// Names gnubg allows (up to 31 bytes; a long first name at a one-digit score, names starting
/// with `;` or `#`, spaces, digits, accents) written in our MAT: gnubg reads them back as
/// written, and every decision with them.
#[test]
fn gnubg_reads_back_every_name_we_write() {
    let Some(gnubg) = real_gnubg() else { return };
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(common::data("matches/gnubg_3pt_seed103.mat")).unwrap();
    let base = read_mat(&text).unwrap();
    let names = [
        ("GNU Backgammon Grandmaster2", "bob"),
        ("a 31-byte name, all of it kept.", "Jörg Müller"),
        (";semicolon first", "#hash first"),
        ("Smith, J. 2nd", "Player 7 (NY)"),
    ];
    for (a, b) in names {
        let mut ours = base.clone();
        ours.players = [a.to_string(), b.to_string()];
        let file = dir.path().join("names.mat");
        std::fs::write(&file, ours.try_to_mat().unwrap()).unwrap();
        let theirs = gnubg_reads(&gnubg, dir.path(), &file);
        same_match(&ours, &theirs, &format!("{a} / {b}"));
    }
}
