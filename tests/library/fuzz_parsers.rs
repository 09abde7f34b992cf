//! Every parser of user input (IDs, XGIDs, position and weights files, gnubg's weights files,
//! dice, typed moves, `.bd` files, benchmark lines, match files in MAT and SGF) fed mutated valid inputs and arbitrary bytes at high case counts:
//! none may panic; an error is one short line; what is accepted reads back the same.
//!
//! Cases per parser: `BGW_FUZZ_CASES` (default 10,000; CI uses the default, about 10 s here; 40,000 each passed).
use bgw_engine::bearoff::one_sided::{self, Header};
use bgw_engine::core::formats::{PositionFile, read_setup};
use bgw_engine::core::moves::{MoveGenerator, match_play, parse};
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::matches::{Match, read_mat, read_sgf};
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

/// MAT files: gnubg's, the two real ones, and one with the quirks of other writers.
fn mat_files() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = [
        "matches/gnubg_5pt_seed101.mat",
        "matches/real/galaxy_match1497590.txt",
        "matches/real/studio_boardlord_llabba_7pt.txt",
    ]
    .iter()
    .map(|f| std::fs::read(common_data(f)).unwrap())
    .collect();
    out.push(
        "; [Jacoby \"On\"]\r\n0 point match\r\n\r\n Game 1\r\n Smith, J. 2 : 0      Ann : 0\r\n  \
         1) 13: 8/4 6/5                  Doubles => 2\r\n  \
         2)  Beavers => 4                 62: Bar/18 13/11(2)\r\n  \
         3) 55: ????                     Resigns\r\n      Wins 4 points and the match\r\n"
            .as_bytes()
            .to_vec(),
    );
    out
}

/// SGF files: one as we write it, and one of gnubg's with its analysis, a set-up and a
/// resignation, cut short.
fn sgf_files() -> Vec<Vec<u8>> {
    let galaxy = std::fs::read_to_string(common_data("matches/real/galaxy_match1497590.txt"));
    let written = read_mat(&galaxy.unwrap()).unwrap().to_sgf();
    let gnubgs = "(;FF[4]GM[6]CA[UTF-8]MI[length:5][game:0][ws:0][bs:0]PW[gnubg]PB[root]\
                  RU[Crawford]RE[W+2R]\n;B[64aggk]A[0][aggk E ver 3 0.513076 0.125833 0.005219 \
                  0.133752 0.004354 0.030658 0C 0 1 0.000000 1][aglp E ver 3 0.505364 0.135446 \
                  0.006875 0.140184 0.006181 0.011303 0C 0 1 0.000000 1]MR[]\n;W[61hgmg]DA[E ver \
                  3 0C 1 0.000000 1 0.5 0.1 0.0 0.1 0.0 0.06 0.5 0.5 0.1 0.0 0.1 0.0 0.06 0.48]\
                  \n;B[double]\n;W[take]\n;PL[B]AE[a:y]AW[a][b][y]AB[x][w]CV[2]CP[w]\n;B[21wvxw])";
    vec![written.into_bytes(), gnubgs.as_bytes().to_vec()]
}

fn common_data(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// A match read: its warnings are one line each, and what it writes reads back to the same
/// text.
fn writes_back(
    m: &Match,
    write: fn(&Match) -> String,
    read: &dyn Fn(&str) -> Option<Match>,
) -> Result<(), TestCaseError> {
    for w in &m.warnings {
        check_message(&w.to_string())?;
    }
    let written = write(m);
    let again = read(&written);
    prop_assert!(again.is_some(), "our own file does not read: {written}");
    prop_assert_eq!(again.map(|a| write(&a)), Some(written));
    Ok(())
}

/// A reader's error: one line that starts with its line number.
fn check_located(message: &str, line: usize) -> Result<(), TestCaseError> {
    check_message(message)?;
    prop_assert!(line >= 1);
    let prefix = format!("line {line}: ");
    prop_assert!(message.starts_with(&prefix), "{message}");
    Ok(())
}

/// A small one-sided database file (4 points, each layout), built once.
fn bd_files() -> Vec<Vec<u8>> {
    let db = bgw_engine::bearoff::one_sided::build::<u16>(4, &Default::default()).unwrap();
    let moments = bgw_engine::bearoff::one_sided::build_moments(4, &Default::default()).unwrap();
    vec![
        one_sided::to_bytes(&db, true),
        one_sided::to_bytes(&db, false),
        one_sided::normal_to_bytes(&moments),
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
    // Match files replay every move: fewer cases.
    #![proptest_config(ProptestConfig { cases: cases() / 5, ..ProptestConfig::default() })]

    #[test]
    fn mat_files_parse(bytes in mutated(mat_files())) {
        match read_mat(&text(&bytes)) {
            Ok(m) => writes_back(&m, Match::to_mat, &|t| read_mat(t).ok())?,
            Err(e) => check_located(&e.to_string(), e.line)?,
        }
    }

    #[test]
    fn sgf_files_parse(bytes in mutated(sgf_files())) {
        match read_sgf(&text(&bytes)) {
            Ok(m) => writes_back(&m, Match::to_sgf, &|t| read_sgf(t).ok())?,
            Err(e) => check_located(&e.to_string(), e.line)?,
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
        if let Err(e) = one_sided::from_bytes(&bytes) {
            check_message(&e.to_string())?;
        }
    }
}

/// gnubg's weights as files: the built-in binary `gnubg.wd`, and the start of the same in the
/// text format (a text file of all six nets is 1.5 MB).
fn gnubg_weight_files() -> Vec<Vec<u8>> {
    use bgw_engine::reference::native::BUILT_IN;
    let mut text = String::from("GNU Backgammon 1.00\n250 128 5 1 0.1 1\n");
    for chunk in BUILT_IN[32..2032].chunks_exact(4) {
        let x = f32::from_le_bytes(chunk.try_into().unwrap());
        text += &format!("{x:?}\n");
    }
    vec![BUILT_IN.to_vec(), text.into_bytes()]
}

proptest! {
    // gnubg's weights (408 KB a binary case): fewer cases, each a full parse.
    #![proptest_config(ProptestConfig { cases: cases() / 10, ..ProptestConfig::default() })]

    #[test]
    fn gnubg_weights_files(bytes in mutated(gnubg_weight_files())) {
        use bgw_engine::reference::native::GnubgWeights;
        match GnubgWeights::from_binary(&bytes, "fuzz.wd") {
            Ok(w) => prop_assert!(w.contact.hidden_weights.iter().all(|x| x.is_finite())),
            Err(e) => check_message(&e.to_string())?,
        }
        if let Ok(t) = std::str::from_utf8(&bytes) {
            match GnubgWeights::from_text(t, "fuzz.weights") {
                Ok(w) => prop_assert!(w.race.output_weights.iter().all(|x| x.is_finite())),
                Err(e) => check_message(&e.to_string())?,
            }
        }
    }
}
