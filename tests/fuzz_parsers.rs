//! Every parser of user input (IDs, XGIDs, position and weights files, dice, typed moves, `.bd`
//! files, benchmark lines) fed mutated valid inputs and arbitrary bytes at high case counts:
//! none may panic; an error is one short line; what is accepted reads back the same.
//!
//! Cases per parser: `BGW_FUZZ_CASES` (default 10,000; CI uses the default, about 10 s here; 40,000 each passed).

use bgw_engine::core::formats::{PositionFile, read_setup};
use bgw_engine::core::moves::{MoveGenerator, match_play, parse};
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::studies::bearoff::{self, Header};
use bgw_engine::studies::benchmark::Benchmark;
use bgw_engine::{Dice, Position, Side};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("BGW_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// One edit of a byte string: overwrite, insert or delete at a place (taken modulo the length).
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes biased towards the characters the formats use.
    let byte = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"0123456789:-/*()\",{}[] \n\tABCWXabcwx=+.eE".to_vec()),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

/// A valid sample with up to eight edits, or arbitrary bytes.
fn mutated(samples: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => (prop::sample::select(samples), prop::collection::vec(edit(), 0..8)).prop_map(
            |(mut s, edits)| {
                for e in edits {
                    let n = s.len();
                    match e {
                        Edit::Set(i, b) if n > 0 => s[i % n] = b,
                        Edit::Insert(i, b) => s.insert(i % (n + 1), b),
                        Edit::Delete(i) if n > 0 => {
                            s.remove(i % n);
                        }
                        _ => {}
                    }
                }
                s
            }
        ),
        1 => prop::collection::vec(any::<u8>(), 0..64),
    ]
}

fn benchmark_lines() -> Vec<Vec<u8>> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/benchmark/hand.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n").into_bytes())
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An error message a user sees: one line, short, no raw control characters.
fn check_message(msg: &str) -> Result<(), TestCaseError> {
    prop_assert!(!msg.contains('\n'), "{msg:?}");
    prop_assert!(
        msg.chars().count() < 600,
        "{} characters",
        msg.chars().count()
    );
    prop_assert!(!msg.chars().any(|c| c.is_control()), "{msg:?}");
    Ok(())
}

fn ids() -> Vec<Vec<u8>> {
    [
        "4HPwATDgc/ABMA",
        "qm3bAADMXdsAAA:cAkZAAAAAAAA",
        "4HPwATDgc/ABMA:cIkWAAAAAAAA",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:3:0:7:10",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect()
}

fn position_files() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("positions");
    let mut out: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    out.sort();
    out
}

fn weight_files() -> Vec<Vec<u8>> {
    [
        bgw_engine::evaluation::classic::DEFAULT_RON,
        bgw_engine::evaluation::classic::SEED_RON,
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect()
}

fn moves() -> Vec<Vec<u8>> {
    [
        "24/18 13/11",
        "8/5(2) 6/3(2)",
        "bar/22* 13/11",
        "6/off 5/off",
        "13/7*/5",
        "",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect()
}

/// A small one-sided database file (4 points, each layout), built once.
fn bd_files() -> Vec<Vec<u8>> {
    let db = bgw_engine::studies::bearoff::build::<u16>(4, &Default::default()).unwrap();
    let moments = bgw_engine::studies::bearoff::build_moments(4, &Default::default()).unwrap();
    vec![
        bearoff::to_bytes(&db, true),
        bearoff::to_bytes(&db, false),
        bearoff::normal_to_bytes(&moments),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn ids_and_xgids(bytes in mutated(ids())) {
        let t = text(&bytes);
        match read_setup(&t) {
            Ok(setup) => {
                // What is read is written back and reads the same.
                let again = read_setup(&setup.xgid()).unwrap();
                prop_assert_eq!(again.position, setup.position);
                let id = format!("{}:{}", setup.position_id(), setup.match_id());
                prop_assert_eq!(read_setup(&id).unwrap().position, setup.position);
            }
            Err(e) => check_message(&e.to_string())?,
        }
    }

    #[test]
    fn position_files_parse(bytes in mutated(position_files())) {
        match PositionFile::parse(&text(&bytes)) {
            Ok(file) => {
                let back = PositionFile::parse(&file.to_ron()).unwrap();
                prop_assert_eq!(back.to_setup().unwrap(), file.to_setup().unwrap());
            }
            Err(e) => check_message(&e.to_string())?,
        }
    }

    #[test]
    fn weights_files_parse(bytes in mutated(weight_files())) {
        match Weights::from_ron(&text(&bytes)) {
            Ok(w) => {
                prop_assert!(w.values().iter().all(|x| x.is_finite()));
                prop_assert_eq!(Weights::from_ron(&w.to_ron().unwrap()).unwrap(), w);
            }
            Err(e) => check_message(&e.to_string())?,
        }
    }

    #[test]
    fn dice(bytes in mutated(vec![b"31".to_vec(), b"6-6".to_vec()])) {
        match text(&bytes).parse::<Dice>() {
            Ok(d) => prop_assert_eq!(d.to_string().parse::<Dice>().unwrap(), d),
            Err(e) => check_message(&e.to_string())?,
        }
    }

    #[test]
    fn typed_moves(bytes in mutated(moves()), roll in 0usize..21) {
        let t = text(&bytes);
        if let Err(e) = parse(&t) {
            check_message(&e.to_string())?;
        }
        let pos = Position::opening(Side::White);
        let dice = Dice::all().nth(roll).unwrap();
        let mut generator = MoveGenerator::new();
        let plays = generator.generate(&pos, dice);
        match match_play(&pos, dice, &t, plays) {
            Ok(i) => prop_assert!(i < plays.len()),
            Err(e) => check_message(&e.to_string())?,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    // A benchmark file of a few lines, each matched against the move generator.
    #[test]
    fn benchmark_lines_parse(bytes in mutated(benchmark_lines())) {
        match Benchmark::read(&bytes) {
            Ok(b) => {
                for d in &b.decisions {
                    prop_assert!(!d.plays.is_empty());
                }
            }
            Err(e) => check_message(&e.to_string())?,
        }
    }
}

proptest! {
    // Database files are larger: fewer cases, each still a full parse.
    #![proptest_config(ProptestConfig { cases: cases() / 10, ..ProptestConfig::default() })]

    #[test]
    fn bearoff_files(bytes in mutated(bd_files())) {
        if let Err(e) = Header::parse(&bytes) {
            check_message(&e.to_string())?;
        }
        if let Err(e) = bearoff::from_bytes(&bytes) {
            check_message(&e.to_string())?;
        }
    }
}
