use super::decisions::BYTE_ORDER_MARK;
use super::*;
use crate::core::dice::Dice;
use crate::core::formats::position_id;
use crate::core::position::{Position, Side};
use crate::core::rng::SplitMix64;
use crate::evaluation::classic::Phase;
use crate::evaluation::classic::{Term, Weights};
use crate::reference::MatchError;
use crate::studies::duel::Contender;
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::sync::LazyLock;

/// Four decisions taken from the shipped benchmark, equities rounded to three decimals, and a
/// repeat of the first with its dice the other way round (plus a blank line).
const HAND: &[u8] = include_bytes!("../../../../tests/data/benchmark/hand.jsonl");

/// The shipped benchmark, read once for the tests that need it.
static SHIPPED_BENCH: LazyLock<Benchmark> =
    LazyLock::new(|| Benchmark::shipped().expect("the shipped benchmark reads"));

fn hand() -> Benchmark {
    Benchmark::read(HAND).unwrap()
}

fn player(name: &str) -> Contender {
    Contender::parse(name).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn a_repeated_decision_counts_once() {
    let b = hand();
    assert_eq!(b.decisions.len(), 4);
    assert_eq!(b.repeated, 1);
    let lines: Vec<usize> = b.decisions.iter().map(|d| d.line).collect();
    assert_eq!(lines, [1, 2, 3, 6]);
    // The first of the repeated pair is kept: its equities, not the repeat's.
    assert_eq!(b.decisions[0].best_equity(), -0.870);
    assert_eq!(b.decisions[0].notation(b.decisions[0].best), "bar/22 13/8");
}

#[test]
fn moves_are_matched_by_position() {
    let b = hand();
    for d in &b.decisions {
        assert_eq!(d.plays.len(), 3, "line {}", d.line);
        assert_eq!(d.equities.len(), 3);
    }
    // Line 2 lists "3/off 2/1" first: gnubg's best is its first move on the highest equity.
    let d = &b.decisions[1];
    assert_eq!(d.phase, Phase::BearOff);
    assert_eq!(d.notation(d.best), "3/off 2/1");
    let other = (0..3).find(|&i| d.notation(i) == "3/off 1/off").unwrap();
    assert!(d.agrees(other), "an equal equity agrees");
    assert_eq!(d.loss(other), 0.0);
}

#[test]
fn the_classic_program_by_hand() {
    // Line 1 (53, on the bar): the classic plays bar/17 (−1.030) where gnubg plays
    // bar/22 13/8 (−0.870): a loss of 0.160. Lines 2, 3 and 6: gnubg's best equity (line 2 by
    // the tie). Agreement 3/4, mean loss 0.160 / 4; contact 2/3 and 0.160 / 3.
    let r = score(&hand(), &player("classic"));
    assert_eq!(r.player, "classic");
    assert_eq!(r.overall.decisions, 4);
    assert_eq!(r.overall.agreement, 0.75);
    assert!(close(r.overall.mean_loss, 0.040), "{}", r.overall.mean_loss);
    let contact = r.phase(Phase::Contact).unwrap();
    assert_eq!(contact.decisions, 3);
    assert!(close(contact.agreement, 2.0 / 3.0));
    assert!(close(contact.mean_loss, 0.160 / 3.0));
    let bear_off = r.phase(Phase::BearOff).unwrap();
    assert_eq!((bear_off.decisions, bear_off.agreement), (1, 1.0));
    assert_eq!(bear_off.mean_loss, 0.0);
    assert!(r.phase(Phase::Running).is_none());
    assert_eq!(r.by_phase.len(), 2);
    // The worst first, then the losses of 0 in the file's order.
    let w = &r.worst;
    assert_eq!(w.len(), 4);
    assert_eq!(w[0].line, 1);
    assert_eq!(w[0].id, "7+wOAAC3zYABRA");
    assert_eq!(w[0].dice, Dice::new(5, 3).unwrap());
    assert_eq!(w[0].chosen.as_deref(), Some("bar/17"));
    assert_eq!(w[0].best, "bar/22 13/8");
    assert!(close(w[0].loss, 0.160));
    assert_eq!(w[1..].iter().map(|w| w.line).collect::<Vec<_>>(), [2, 3, 6]);
}

#[test]
fn the_random_player_by_hand() {
    // Expected losses: line 1 (0 + 0.155 + 0.160) / 3, line 2 (0 + 0 + 0.017) / 3, line 3
    // (0 + 0.102 + 0.467) / 3, line 6 (0 + 0.054 + 0.059) / 3; together 1.014 / 3 over four
    // decisions. Expected agreement (1/3 + 2/3 + 1/3 + 1/3) / 4 = 5/12.
    let r = score(&hand(), &player("random"));
    assert!(
        close(r.overall.mean_loss, 1.014 / 12.0),
        "{}",
        r.overall.mean_loss
    );
    assert!(close(r.overall.agreement, 5.0 / 12.0));
    let lines: Vec<usize> = r.worst.iter().map(|w| w.line).collect();
    assert_eq!(lines, [3, 1, 6, 2]);
    assert!(close(r.worst[0].loss, 0.569 / 3.0));
    assert_eq!(r.worst[0].chosen, None);
    assert_eq!(r.worst[0].best, "14/8 5/1");
}

#[test]
fn gzip_reads_as_plain_text_does() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(HAND).unwrap();
    let bytes = gz.finish().unwrap();
    assert_eq!(Benchmark::read(&bytes).unwrap(), hand());
    // A cut gzip stream is a read error, not a panic nor a shorter benchmark.
    let e = Benchmark::read(&bytes[..bytes.len() - 12]).unwrap_err();
    assert!(matches!(e, BenchmarkError::Io(_)), "{e}");
}

/// The error of a file whose line 1 is good and line 2 is `bad`.
fn second_line(bad: &str) -> BenchmarkError {
    let good = HAND.split(|&b| b == b'\n').next().unwrap();
    let text = format!("{}\n{bad}\n", std::str::from_utf8(good).unwrap());
    Benchmark::read(text.as_bytes()).unwrap_err()
}

/// Asserts that `e` is about line 2, says `words`, and returns its line error.
fn on_line_2(e: BenchmarkError, words: &str) -> LineError {
    let message = e.to_string();
    assert!(message.starts_with("line 2: "), "{message}");
    assert!(message.contains(words), "{message}");
    match e {
        BenchmarkError::Line { line: 2, error } => error,
        other => panic!("{other}"),
    }
}

/// A bear-off with 63 to play: exactly "6/off 5/2" and "6/off 4/1" are legal.
const BEAR_OFF: &str = r#"{"id": "t20DAAzfbAMAAA", "dice": [6, 3], "moves": "#;

#[test]
fn bad_lines_are_named() {
    let e = second_line(r#"{"id": "t20DAAzfbAMAAA", "dice": [6, 3], "moves": [["6/off 5/2", 0.1"#);
    assert!(matches!(on_line_2(e, "EOF"), LineError::Json(_)));
    let e = second_line(&format!(
        r#"{BEAR_OFF}[["6/of 5/2", 0.1], ["6/off 4/1", 0.0]]}}"#
    ));
    let error = on_line_2(e, "6/of 5/2");
    assert!(
        matches!(
            &error,
            LineError::Moves(MatchError::Unmatched {
                why: crate::core::moves::Refusal::Syntax { .. },
                ..
            })
        ),
        "{error:?}"
    );
    let e = second_line(&format!(
        r#"{BEAR_OFF}[["24/18 5/2", 0.1], ["6/off 4/1", 0.0]]}}"#
    ));
    let error = on_line_2(e, "24/18 5/2");
    assert!(
        matches!(&error, LineError::Moves(MatchError::Unmatched { why, .. }) if !matches!(why, crate::core::moves::Refusal::Syntax { .. })),
        "{error:?}"
    );
    // A legal play missing from gnubg's list, or listed twice.
    let e = second_line(&format!(r#"{BEAR_OFF}[["6/off 5/2", 0.1]]}}"#));
    assert!(matches!(
        on_line_2(e, "6/off 4/1"),
        LineError::Moves(MatchError::Missing { .. })
    ));
    let e = second_line(&format!(
        r#"{BEAR_OFF}[["6/off 5/2", 0.1], ["5/2 6/off", 0.0], ["6/off 4/1", 0.0]]}}"#
    ));
    assert!(matches!(
        on_line_2(e, "5/2 6/off"),
        LineError::Moves(MatchError::Twice { .. })
    ));
}

#[test]
fn impossible_positions_and_wrong_dice_are_named() {
    let line = |id: &str, dice: &str| {
        format!(
            r#"{{"id": "{id}", "dice": {dice}, "moves": [["6/off 5/2", 0.1], ["6/off 4/1", 0.0]]}}"#
        )
    };
    // Every bit set: more than 15 checkers on a point.
    let e = second_line(&line("//////////////", "[6, 3]"));
    assert!(matches!(
        on_line_2(e, "impossible position"),
        LineError::Position(_)
    ));
    let e = second_line(&line("t20DAAzfbAMA", "[6, 3]"));
    assert!(matches!(
        on_line_2(e, "14 characters"),
        LineError::Position(_)
    ));
    // The opponent has borne off all its checkers: the game is over.
    let mut board = [0i8; 26];
    board[6] = 2;
    let finished = position_id::encode(&Position::from_board(Side::White, board).unwrap());
    let e = second_line(&line(&finished, "[6, 3]"));
    assert_eq!(on_line_2(e, "impossible position"), LineError::Finished);
    for dice in ["[7, 3]", "[0, 3]", "[-1, 3]", "[6]", "[6, 3, 1]"] {
        let e = second_line(&line("t20DAAzfbAMAAA", dice));
        assert!(
            matches!(on_line_2(e, "wrong dice"), LineError::Dice(_)),
            "{dice}"
        );
    }
    // Equities outside gnubg's cubeless range (a crafted ±1.7e308 gave "inf mEMG"), and
    // ones that are no number, are refused with the line.
    for (e, words) in [
        ("1.7e308", "outside gnubg's cubeless range"),
        ("-1.7e308", "outside gnubg's cubeless range"),
        ("3.5", "equity 3.5 is outside"),
        ("1e300", "outside gnubg's cubeless range"),
    ] {
        let bad = format!(r#"{BEAR_OFF}[["6/off 5/2", {e}], ["6/off 4/1", 0.0]]}}"#);
        let err = second_line(&bad);
        assert!(matches!(on_line_2(err, words), LineError::Equity(_)), "{e}");
    }
    // The range's ends are equities.
    let ok = format!(r#"{BEAR_OFF}[["6/off 5/2", 3.0], ["6/off 4/1", -3.0]]}}"#);
    let text = format!("{ok}\n");
    assert!(Benchmark::read(text.as_bytes()).is_ok());
    // Dice that do not fit the moves: the moves are illegal for them.
    let e = second_line(&line("t20DAAzfbAMAAA", "[5, 3]"));
    assert!(matches!(on_line_2(e, "6/off 5/2"), LineError::Moves(_)));
}

#[test]
fn nothing_to_decide_is_an_error() {
    assert!(matches!(
        Benchmark::read(b"\n\n"),
        Err(BenchmarkError::Empty)
    ));
    let e = Benchmark::read(b"\xff\n").unwrap_err();
    assert!(
        matches!(
            e,
            BenchmarkError::Line {
                line: 1,
                error: LineError::NotText
            }
        ),
        "{e}"
    );
    // On the bar against a closed board: no legal move.
    let mut board = [0i8; 26];
    board[25] = 1;
    board[6] = 14;
    board[19..=24].fill(-2);
    board[1] = -3;
    let id = position_id::encode(&Position::from_board(Side::White, board).unwrap());
    let text = format!(r#"{{"id": "{id}", "dice": [6, 6], "moves": []}}"#);
    let e = Benchmark::read(text.as_bytes()).unwrap_err();
    assert!(
        matches!(
            e,
            BenchmarkError::Line {
                line: 1,
                error: LineError::NoLegalMove
            }
        ),
        "{e}"
    );
    // Nobody has a checker left.
    let e = Benchmark::read(br#"{"id": "AAAAAAAAAAAAAA", "dice": [6, 6], "moves": []}"#);
    assert!(
        matches!(
            e,
            Err(BenchmarkError::Line {
                line: 1,
                error: LineError::Finished
            })
        ),
        "{e:?}"
    );
}

#[test]
fn the_shipped_figures() {
    let b = &*SHIPPED_BENCH;
    assert_eq!(b.decisions.len(), 11_826);
    assert_eq!(b.repeated, 0);
    let classic = score(b, &player("classic"));
    let pubeval = score(b, &player("pubeval"));
    let random = score(b, &player("random"));
    let memg = |r: &Report| r.overall.mean_loss * 1000.0;
    // The issue quotes about 57, 36 and 258 mEMG.
    assert!(
        (50.0..62.0).contains(&memg(&classic)),
        "{:?}",
        classic.overall
    );
    assert!(
        (32.0..42.0).contains(&memg(&pubeval)),
        "{:?}",
        pubeval.overall
    );
    assert!(
        (240.0..280.0).contains(&memg(&random)),
        "{:?}",
        random.overall
    );
    assert!((0.45..0.58).contains(&classic.overall.agreement));
    assert!(pubeval.overall.agreement > classic.overall.agreement);
    assert!(random.overall.agreement < 0.2);
    // Contact loses most; the race heuristics lose little.
    let contact = classic.phase(Phase::Contact).unwrap();
    assert!(contact.mean_loss > classic.overall.mean_loss);
    assert!(classic.phase(Phase::BearOff).unwrap().mean_loss < 0.02);
    let n: usize = classic.by_phase.iter().map(|(_, f)| f.decisions).sum();
    assert_eq!(n, 11_826);
    assert_eq!(classic.worst.len(), WORST_COUNT);
    assert!(classic.worst.windows(2).all(|w| w[0].loss >= w[1].loss));
    assert!(classic.worst[WORST_COUNT - 1].loss > 0.4);
}

use super::score::WORST as WORST_COUNT;

/// Weights near `w`: each multiplied by a factor in [0.5, 1.5), one set to 0.
fn perturbed(w: &Weights, rng: &mut SplitMix64) -> Weights {
    let mut out = *w;
    let on: Vec<Term> = w.terms_on().collect();
    for &t in &on {
        out.set(t, w.get(t) * (0.5 + rng.below(1000) as f64 / 1000.0));
    }
    out.set(on[rng.below(on.len() as u32) as usize], 0.0);
    out
}

#[test]
fn the_precomputed_rescore_is_the_score() {
    let pre = ClassicRescore::new(SHIPPED_BENCH.clone());
    assert!(pre.candidates() > 150_000, "{}", pre.candidates());
    let mut rng = SplitMix64::new(13);
    let mut weights = vec![Weights::builtin_default(), Weights::builtin_seed()];
    weights.push(perturbed(&weights[0], &mut rng));
    weights.push(perturbed(&weights[1], &mut rng));
    // Only WSINCL counts: many equal values, so the tie order decides often.
    let mut exposure_only = Weights::zero();
    exposure_only.set(Term::Exposure, -1.0);
    weights.push(exposure_only);
    // Every extra term on, as the slow player computes them.
    let mut extended = Weights::builtin_default();
    for (k, t) in Term::EXTRA.into_iter().enumerate() {
        extended.set(t, [0.5, -0.3, 0.8, -0.05, -0.02][k % 5]);
    }
    weights.push(extended);
    weights.push(perturbed(&extended, &mut rng));
    let mut seen = Vec::new();
    for w in &weights {
        let slow = score(pre.benchmark(), &Contender::classic(*w, "w"));
        let fast = pre.rescore(w, "w");
        assert_eq!(fast, slow);
        seen.push(fast.overall.mean_loss);
    }
    // The weights matter.
    seen.sort_by(f64::total_cmp);
    seen.dedup();
    assert_eq!(seen.len(), weights.len());
}

#[test]
fn the_holdout_set_reads_and_is_other_games() {
    let holdout = Benchmark::holdout().unwrap();
    assert_eq!((holdout.decisions.len(), holdout.repeated), (2534, 0));
    // Other games: beyond the opening, few decisions are shared with the training set.
    let shipped: HashSet<(Position, Dice)> = SHIPPED_BENCH
        .decisions
        .iter()
        .map(|d| (d.position, d.dice))
        .collect();
    let shared = holdout
        .decisions
        .iter()
        .filter(|d| shipped.contains(&(d.position, d.dice)))
        .count();
    assert!(shared < holdout.decisions.len() / 20, "{shared} shared");
}

#[test]
fn the_play_benchmark_reads_and_ranks_as_measured() {
    let play = Benchmark::play().unwrap();
    assert_eq!((play.decisions.len(), play.repeated), (7878, 0));
    // The figures of docs/benchmark.md ("Which yardstick agrees with play"): the default
    // weights lose less than the fitted ones here, as they play better against pubeval.
    let classic = score(&play, &player("classic")).overall.mean_loss;
    assert!((classic * 1000.0 - 47.67).abs() < 0.01, "{classic}");
    let fitted = Weights::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/weights/fitted-oneshot.ron"
    )))
    .unwrap();
    let fitted = score(&play, &Contender::classic(fitted, "fitted"))
        .overall
        .mean_loss;
    assert!((fitted * 1000.0 - 50.60).abs() < 0.01, "{fitted}");
}

#[test]
fn a_byte_order_mark_is_read_past() {
    let mut bytes = BYTE_ORDER_MARK.to_vec();
    bytes.extend_from_slice(HAND);
    assert_eq!(Benchmark::read(&bytes).unwrap(), hand());
}

#[test]
fn a_line_longer_than_the_cap_is_refused_without_reading_it_whole() {
    // A gzip bomb of one line: 64 MiB of text that compresses to a few kilobytes.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..64 {
        gz.write_all(&chunk).unwrap();
    }
    let bytes = gz.finish().unwrap();
    assert!(bytes.len() < 1 << 20);
    let e = Benchmark::read(&bytes).unwrap_err();
    assert!(
        matches!(
            e,
            BenchmarkError::Line {
                line: 1,
                error: LineError::TooLong
            }
        ),
        "{e}"
    );
    assert_eq!(
        e.to_string(),
        "line 1: longer than 1.0 MiB, the most a decision's line may have"
    );
    // A line of exactly the cap is read (and judged on what it says).
    let mut text = [b' '; 10];
    text[0] = b'{';
    let e = Benchmark::read_capped(&text[..], TEXT_CAP, 10).unwrap_err();
    assert!(
        matches!(
            e,
            BenchmarkError::Line {
                error: LineError::Json(_),
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn more_text_than_the_cap_is_refused_as_it_is_read() {
    // Blank lines cost nothing but still count: a stream of them past the cap is refused.
    let mut text = HAND.to_vec();
    text.extend(std::iter::repeat_n(b'\n', 4096));
    let e = Benchmark::read_capped(&text[..], HAND.len() as u64 + 100, LINE_CAP).unwrap_err();
    assert!(matches!(e, BenchmarkError::TooMuchText), "{e}");
    assert!(e.to_string().contains("after decompression"), "{e}");
    assert_eq!(
        Benchmark::read_capped(&text[..], text.len() as u64, LINE_CAP).unwrap(),
        hand()
    );
}

#[cfg(unix)]
#[test]
fn only_a_regular_file_is_loaded() {
    let dir = std::env::temp_dir().join(format!("bgw-bench-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let e = Benchmark::load(Path::new("/dev/zero")).unwrap_err();
    assert!(e.to_string().contains("a device"), "{e}");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    // Opening the FIFO would block for ever: it must be refused before.
    let e = Benchmark::load(&fifo).unwrap_err();
    assert!(e.to_string().contains("FIFO"), "{e}");
    assert!(e.to_string().contains("fifo"), "the path is named: {e}");
    let file = dir.join("hand.jsonl");
    std::fs::write(&file, HAND).unwrap();
    assert_eq!(Benchmark::load(&file).unwrap(), hand());
    std::fs::remove_dir_all(&dir).unwrap();
}
