//! Our match files as GNU Backgammon reads them: each match read (gnubg's three self-play
//! matches and the two real files), written by `Match::to_mat` and `Match::to_sgf`, then
//! given to gnubg (`import mat`, `load match`) and dumped with `gnubg.match(boards=1)` as
//! `shared/data/matches/decisions_from_gnubg.py` does: gnubg must read every decision we
//! read, with the same position, dice, move, score and result. Skipped, with the reason
//! printed, when gnubg is not installed and `CI` is not set.

mod common;
use common::real_gnubg;

use bgw_engine::core::moves::{MoveGenerator, match_play};
use bgw_engine::matches::{Decision, DecisionKind, HowEnded, Match, read_mat, read_sgf};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

/// gnubg's reading of a match file, in the layout of `decisions_from_gnubg.py`.
const SCRIPT: &str = r#"
import gnubg, json, os
f = os.environ["F"]
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

/// Runs gnubg on `file` and returns its reading.
fn gnubg_reads(gnubg: &Path, dir: &Path, file: &Path) -> Value {
    let script = dir.join("read.py");
    std::fs::write(&script, SCRIPT).unwrap();
    let out = dir.join("out.json");
    let _ = std::fs::remove_file(&out);
    let o = Command::new(gnubg)
        .args(["-t", "-q", "-p"])
        .arg(&script)
        .env("F", file)
        .env("OUT", &out)
        .stdin(Stdio::null())
        .output()
        .expect("gnubg runs");
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| {
        panic!(
            "gnubg wrote no reading of {} ({e}): {}",
            file.display(),
            String::from_utf8_lossy(&o.stdout)
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
