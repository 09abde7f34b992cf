//! The test suite's shared helpers: the reference data in `tests/data/` (see its README for
//! where each file came from) and a runner for the `bgw` binary.
#![allow(dead_code)]

use bgw_engine::core::formats::encode_position_id;
use bgw_engine::{Position, Side};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A file under the test data folder, `tests/data/`.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// Lines of a TSV file without the `#` header lines, split on tabs.
pub fn tsv(path: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(data(path))
        .unwrap_or_else(|e| panic!("reading {}: {e}", data(path).display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The 10,000 positions of `movegen/positions_10k.tsv`: (Position ID, position).
pub fn positions_10k() -> Vec<(String, Position)> {
    tsv("movegen/positions_10k.tsv")
        .into_iter()
        .map(|row| {
            let cells: Vec<i8> = row[2].split(',').map(|c| c.parse().unwrap()).collect();
            let board: [i8; 26] = cells.try_into().unwrap();
            (
                row[1].clone(),
                Position::from_board(Side::White, board).unwrap(),
            )
        })
        .collect()
}

/// Runs the `bgw` binary with `args`, feeding `stdin`, and waits for it.
pub fn bgw(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bgw runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("bgw ends")
}

/// Writes `text` to `path` as a program (a stand-in for gnubg) that can be started at once
/// while other test threads start processes: `cp` writes the file, so no descriptor open to
/// write it is ever in this process, where another thread's fork would inherit it and make
/// starting it fail with "text file busy".
#[cfg(unix)]
pub fn write_program(path: &std::path::Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    let draft = path.with_extension("draft");
    std::fs::write(&draft, text).unwrap();
    let copied = Command::new("cp")
        .arg(&draft)
        .arg(path)
        .status()
        .expect("cp runs");
    assert!(
        copied.success(),
        "cp {} {}",
        draft.display(),
        path.display()
    );
    std::fs::remove_file(&draft).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs the `bgw` binary with `args` and nothing on stdin.
pub fn run(args: &[&str]) -> Output {
    bgw(args, "")
}

/// A run's standard output as text.
pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Where a run's stdout or stderr goes in [`bgw_to`].
pub enum Sink {
    /// Captured, as in [`bgw`].
    Captured,
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
    /// A pipe whose reading end is already closed: every write fails with a broken pipe.
    Closed,
}

impl Sink {
    fn stdio(&self) -> Stdio {
        match self {
            Sink::Captured => Stdio::piped(),
            Sink::Full => Stdio::from(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .expect("/dev/full opens"),
            ),
            Sink::Closed => {
                let (reader, writer) = std::io::pipe().expect("a pipe");
                drop(reader);
                Stdio::from(writer)
            }
        }
    }
}

/// Runs the `bgw` binary with `args`, feeding `stdin`, stdout and stderr sent to the sinks.
/// The program may end before it reads all of stdin: that is not an error here.
pub fn bgw_to(args: &[&str], stdin: &[u8], stdout: Sink, stderr: Sink) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout.stdio())
        .stderr(stderr.stdio())
        .spawn()
        .expect("bgw runs");
    let mut input = child.stdin.take().expect("stdin");
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("bgw ends")
}

/// Decisions `range` of the shipped benchmark written as a benchmark file (our notation of
/// each play, gnubg's equities), at `path`.
pub fn write_part(path: &std::path::Path, range: std::ops::Range<usize>) {
    let shipped = bgw_engine::studies::benchmark::Benchmark::shipped().unwrap();
    let mut out = String::new();
    for d in &shipped.decisions[range] {
        let moves: Vec<(String, f64)> = (0..d.plays.len())
            .map(|i| (d.notation(i), d.equities[i]))
            .collect();
        let line = serde_json::json!({
            "id": d.id,
            "dice": [d.dice.high(), d.dice.low()],
            "moves": moves,
        });
        out.push_str(&format!("{line}\n"));
    }
    std::fs::write(path, out).unwrap();
}

/// The gnubg Position ID of a race: White on roll with `me` (point, checkers) against `opp`,
/// each on its own points counted from its home.
pub fn race_id(me: &[(usize, u8)], opp: &[(usize, u8)]) -> String {
    let side = |c: &[(usize, u8)]| {
        let mut s = [0u8; 25];
        for &(p, n) in c {
            s[p - 1] = n;
        }
        s
    };
    encode_position_id(&Position::from_sides(Side::White, &side(me), &side(opp)).unwrap())
}

/// The real gnubg (`BGW_GNUBG` or `/usr/games/gnubg`), or `None` (the reason printed) when it
/// is missing and `CI` is unset; with `CI` set a missing gnubg fails the test.
pub fn real_gnubg() -> Option<PathBuf> {
    let p = PathBuf::from("/usr/games/gnubg");
    match std::env::var_os("BGW_GNUBG").map(PathBuf::from) {
        Some(p) => Some(p),
        None if p.exists() => Some(p),
        None if std::env::var_os("CI").is_some() => panic!("gnubg is not installed"),
        None => {
            eprintln!("skipped: gnubg is not installed (apt-get install gnubg)");
            None
        }
    }
}

/// `bgw ARGS` with `BGW_GNUBG` set to `program` (the real gnubg or a stand-in), stdin empty.
pub fn with_gnubg(program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_bgw"))
        .args(args)
        .env("BGW_GNUBG", program)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("bgw runs")
}

/// A match's decisions as lines to compare: game, player, Position ID, the roll and move (or
/// the cube action), and each game's result.
pub fn decisions(m: &bgw_engine::matches::Match) -> Vec<String> {
    use bgw_engine::matches::DecisionKind;
    let mut out = Vec::new();
    for g in &m.games {
        for d in &g.decisions {
            let what = match &d.kind {
                DecisionKind::Move(c) => format!("{} {}", c.dice, c.mv.notation()),
                _ => d.kind_name().to_string(),
            };
            out.push(format!(
                "{} {} {} {what}",
                g.number,
                d.player,
                d.position_id()
            ));
        }
        out.push(format!("{} result {:?}", g.number, g.result));
    }
    out
}

/// What `program` (a gnubg) prints, on stdout and stderr, for `commands` typed at its prompt
/// (`gnubg -t -q`): the tests' second opinion, gnubg driven by its own text commands.
pub fn gnubg_typed(program: &std::path::Path, commands: &str) -> Output {
    let mut child = Command::new(program)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(commands.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
