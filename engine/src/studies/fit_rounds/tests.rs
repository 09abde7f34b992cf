use super::*;
use crate::reference::ScriptedEngine;
use crate::studies::duel::{DuelConfig, duel_pairs};

/// A judge that ranks moves by pubeval's score (clamped into a benchmark's equities): a
/// stand-in for gnubg that is quick, deterministic and stronger than the classic default.
fn judge() -> ScriptedEngine {
    let pubeval = Pubeval::new();
    ScriptedEngine::new(move |pos, p| {
        (pubeval.score(!pos.has_contact(), &p.result) / SCALE).clamp(-3.0, 3.0)
    })
}

const SCALE: f64 = 10.0;

/// A small, quick run.
fn config(rounds: u32) -> IteratedConfig {
    IteratedConfig {
        rounds,
        games: 12,
        duel_games: 400,
        patience: 10,
        hops: 0,
        seed: 7,
        ..IteratedConfig::default()
    }
}

fn run(fit_run: &mut IteratedFit, task: &Task) -> Result<Ended, IteratedError> {
    iterate(fit_run, None, 2, &judge, task, &mut |_| {})
}

/// The weights' points a game against pubeval on the run's duel dice, played afresh.
fn ppg(w: Weights, seed: u64, games: u64) -> f64 {
    let classic = Contender::classic(w, "w");
    let pairs = duel_pairs(
        &|s| classic.player(s),
        &|_| Pubeval::new(),
        &DuelConfig { games, seed },
        &Task::new(),
    )
    .unwrap();
    pairs.iter().map(|&p| f64::from(p)).sum::<f64>() / games as f64
}

#[test]
fn rounds_grow_the_training_set_and_the_best_is_the_best_by_play() {
    // The seed-flavoured weights, which the judge's moves improve on.
    let mut fit_run = IteratedFit::new(Weights::builtin_seed(), config(3));
    let mut seen = Vec::new();
    let ended = iterate(&mut fit_run, None, 2, &judge, &Task::new(), &mut |p| {
        seen.push(match p {
            Progress::Start(f) => (0, f.rounds.len()),
            Progress::Round(f) => (1, f.rounds.len()),
        })
    })
    .unwrap();
    assert_eq!(ended, Ended::Rounds);
    assert!(
        fit_run.rounds.iter().any(|r| r.best),
        "{:?}",
        fit_run.rounds
    );
    assert_eq!(seen, [(0, 0), (1, 1), (1, 2), (1, 3)]);
    assert_eq!(fit_run.rounds.len(), 3);
    let mut total = 0;
    for r in &fit_run.rounds {
        total += r.new_decisions;
        assert!(r.new_decisions > 0, "round {} met nothing new", r.round);
        assert_eq!(r.decisions, total, "round {}", r.round);
        assert!(r.train_loss <= r.train_start_loss + 1e-12, "{r:?}");
        assert_eq!(r.score.games, 400);
        assert_eq!(r.games, 12);
        assert_eq!(r.sprt, None);
    }
    assert_eq!(fit_run.training().decisions.len(), total);
    // Each round's figures are the weights' own play on the duel's dice, measured afresh.
    let start = fit_run.start_score.unwrap();
    assert!((start.ppg - ppg(Weights::builtin_seed(), 7, 400)).abs() < 1e-12);
    let mut best = start.ppg;
    for r in &fit_run.rounds {
        assert!((r.score.ppg - ppg(r.weights, 7, 400)).abs() < 1e-12);
        assert!((r.gain - (r.score.ppg - best)).abs() < 1e-9, "{r:?}");
        assert_eq!(r.best, r.gain > 0.0);
        if r.best {
            best = r.score.ppg;
        }
    }
    let (weights, score, round) = fit_run.best();
    assert_eq!(score.unwrap().ppg, best);
    match round {
        Some(k) => assert_eq!(weights, fit_run.rounds[k as usize - 1].weights),
        None => assert_eq!(weights, Weights::builtin_seed()),
    }
}

#[test]
fn a_resumed_run_gives_the_same_rounds_as_one_never_stopped() {
    let mut whole = IteratedFit::new(Weights::default(), config(3));
    run(&mut whole, &Task::new()).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let mut first = IteratedFit::new(Weights::default(), config(3));
    let task = Task::new();
    // Stopped after the second round, as Ctrl+C would stop it; saved as the CLI saves.
    let stopped = iterate(&mut first, None, 2, &judge, &task, &mut |p| {
        if let Progress::Round(f) = p {
            f.save(dir.path()).unwrap();
            if f.rounds.len() == 2 {
                task.cancel();
            }
        }
    });
    assert!(
        matches!(stopped, Err(IteratedError::Cancelled)),
        "{stopped:?}"
    );
    assert_eq!(first.rounds.len(), 2);

    let mut resumed = IteratedFit::load(dir.path()).unwrap();
    assert_eq!(resumed.rounds, first.rounds);
    assert_eq!(resumed.start_score, first.start_score);
    run(&mut resumed, &Task::new()).unwrap();
    let figures = |f: &IteratedFit| {
        f.rounds
            .iter()
            .map(|r| Round {
                seconds: Seconds::default(),
                ..r.clone()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(figures(&resumed), figures(&whole));
}

#[test]
fn a_cancelled_round_is_dropped_and_the_finished_ones_kept() {
    let task = Task::new();
    let mut fit_run = IteratedFit::new(Weights::default(), config(5));
    // Cancelled as the first round ends: the second stops at its first game.
    let r = iterate(&mut fit_run, None, 1, &judge, &task, &mut |p| {
        if let Progress::Round(f) = p
            && f.rounds.len() == 1
        {
            task.cancel();
        }
    });
    assert!(matches!(r, Err(IteratedError::Cancelled)));
    assert_eq!(fit_run.rounds.len(), 1);
    assert_eq!(
        fit_run.training().decisions.len(),
        fit_run.rounds[0].decisions
    );
}

#[test]
fn a_sequential_duel_stops_early_and_patience_ends_the_run() {
    // A margin no refit reaches: every duel accepts H0 after a batch or a few.
    let mut fit_run = IteratedFit::new(
        Weights::default(),
        IteratedConfig {
            sprt: Some(GainTest {
                ppg0: 0.0,
                ppg1: 2.5,
                alpha: 0.05,
                beta: 0.05,
            }),
            patience: 2,
            duel_games: 4000,
            ..config(10)
        },
    );
    let ended = run(&mut fit_run, &Task::new()).unwrap();
    assert_eq!(ended, Ended::NoBetter);
    assert_eq!(fit_run.rounds.len(), 2);
    for r in &fit_run.rounds {
        assert_eq!(r.sprt, Some(Decision::H0), "{r:?}");
        assert!(!r.best);
        assert!(r.score.games < 4000, "{r:?}");
        assert_eq!(r.score.games % (2 * BATCH_PAIRS), 0);
    }
    assert_eq!(fit_run.best().2, None);
}

#[test]
fn bad_settings_and_damaged_folders_are_refused_with_their_reason() {
    let bad = IteratedFit::new(
        Weights::default(),
        IteratedConfig {
            rounds: 0,
            ..config(1)
        },
    );
    let mut b = bad.clone();
    let e = run(&mut b, &Task::new()).unwrap_err();
    assert!(e.to_string().contains("rounds must be 1"), "{e}");

    let dir = tempfile::tempdir().unwrap();
    let mut fit_run = IteratedFit::new(Weights::default(), config(1));
    run(&mut fit_run, &Task::new()).unwrap();
    fit_run.save(dir.path()).unwrap();
    assert_eq!(
        IteratedFit::load(dir.path()).unwrap().rounds,
        fit_run.rounds
    );
    std::fs::remove_file(dir.path().join(round_file(1))).unwrap();
    let e = IteratedFit::load(dir.path()).unwrap_err();
    assert!(e.to_string().contains("round-001.jsonl.gz"), "{e}");
    std::fs::write(dir.path().join(STATE_FILE), "{\"format\": 1").unwrap();
    let e = IteratedFit::load(dir.path()).unwrap_err();
    assert!(e.to_string().contains("state.json"), "{e}");
}

#[test]
fn a_round_file_cut_short_or_a_state_that_counts_otherwise_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut fit_run = IteratedFit::new(Weights::default(), config(1));
    run(&mut fit_run, &Task::new()).unwrap();
    fit_run.save(dir.path()).unwrap();
    let round = dir.path().join(round_file(1));
    let bytes = std::fs::read(&round).unwrap();
    let mut text = String::new();
    flate2::read::MultiGzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 4, "{} lines", lines.len());
    // The file cut to half its lines (`gzip -dc | head | gzip` over it).
    let cut = lines[..lines.len() / 2].join("\n") + "\n";
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(cut.as_bytes()).unwrap();
    std::fs::write(&round, z.finish().unwrap()).unwrap();
    let e = IteratedFit::load(dir.path()).unwrap_err().to_string();
    assert!(e.contains("round-001.jsonl.gz"), "{e}");
    assert!(e.contains("state.json"), "{e}");
    // The file whole again, the state's count changed (10^12 decisions).
    std::fs::write(&round, &bytes).unwrap();
    assert!(IteratedFit::load(dir.path()).is_ok());
    let state = std::fs::read_to_string(dir.path().join(STATE_FILE)).unwrap();
    let n = fit_run.rounds[0].decisions;
    let changed = state.replace(
        &format!("\"decisions\": {n},"),
        "\"decisions\": 1000000000000,",
    );
    assert_ne!(changed, state);
    std::fs::write(dir.path().join(STATE_FILE), changed).unwrap();
    let e = IteratedFit::load(dir.path()).unwrap_err().to_string();
    assert!(e.contains("round-001.jsonl.gz"), "{e}");
}
