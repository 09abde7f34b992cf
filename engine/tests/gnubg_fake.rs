//! The gnubg bridge against stand-ins for gnubg: shell scripts that answer the start-up hello
//! (as one gnubg version or another) and then answer or misbehave. No gnubg needed.
//!
//! One test runs every case in turn: a script written and then executed while another test
//! thread forks could fail with "text file busy".
#![cfg(unix)]

use bgw_engine::core::dice::Dice;
use bgw_engine::reference::gnubg::{Config, Gnubg, PROTOCOL, Reply, Request};
use bgw_engine::reference::{ReferenceEngine, ReferenceError as Error};
use bgw_engine::studies::duel::{Contender, DuelConfig, duel_until};
use bgw_engine::{Position, Side};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A stand-in for gnubg: it answers the first request (the hello) with `version` and
/// `protocol`, and runs `rest` (sh, with `$id` the request id) for each later one.
fn fake(dir: &Path, name: &str, version: &str, protocol: u32, rest: &str) -> PathBuf {
    slow_fake(dir, name, version, protocol, "", rest)
}

/// [`fake`] whose hello also names `problems` (a JSON list, escaped for sh's double quotes).
fn fake_with_problems(dir: &Path, name: &str, version: &str, problems: &str) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         while IFS= read -r line; do\n\
         id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n\
         echo \"@bgw {{\\\"id\\\":$id,\\\"ok\\\":true,\\\"gnubg\\\":\\\"{version}\\\",\\\"protocol\\\":2,\\\"problems\\\":{problems}}}\"\n\
         done\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// [`fake`], running `start` (sh) before it answers the hello.
fn slow_fake(
    dir: &Path,
    name: &str,
    version: &str,
    protocol: u32,
    start: &str,
    rest: &str,
) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         n=0\n\
         while IFS= read -r line; do\n\
         id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n\
         n=$((n+1))\n\
         if [ $n = 1 ]; then\n\
         {start}\n\
         echo 'GNU Backgammon  Position ID: 4HPwATDgc/ABMA'\n\
         echo \"@bgw {{\\\"id\\\":$id,\\\"ok\\\":true,\\\"gnubg\\\":\\\"{version}\\\",\\\"protocol\\\":{protocol}}}\"\n\
         continue\n\
         fi\n\
         {rest}\n\
         done\n"
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn engine(program: PathBuf) -> Gnubg {
    Gnubg::new(Config {
        program: Some(program),
        timeout: Duration::from_secs(10),
        ..Config::default()
    })
}

fn opening_moves() -> Request {
    Request::moves(&Position::opening(Side::White), Dice::new(3, 1).unwrap(), 0)
}

const GOOD: &str = "GNU Backgammon 1.07.001 (a stand-in)";
const V108: &str = "GNU Backgammon 1.08.003 20240428";

#[test]
fn stand_ins_are_judged_by_their_protocol_and_misbehaving_ones_never_hang() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let ask = |g: &mut Gnubg| {
        let start = Instant::now();
        let r = g.call(&opening_moves(), Duration::from_secs(10));
        assert!(start.elapsed() < Duration::from_secs(5), "{r:?}");
        r
    };

    // Not installed.
    let mut g = engine(dir.join("no-such-gnubg"));
    let e = ask(&mut g).unwrap_err();
    assert!(matches!(e, Error::NotFound { .. }), "{e:?}");
    assert!(e.is_not_found());
    assert!(e.to_string().contains("apt-get install gnubg"), "{e}");
    assert!(
        e.to_string().starts_with("GNU Backgammon not found ("),
        "{e}"
    );

    // A gnubg older than 1.07: refused as too old, and not started again for every request.
    for (name, banner) in [
        ("ancient", "GNU Backgammon 0.14"),
        ("old", "GNU Backgammon 1.06.002 20180802"),
    ] {
        let mut g = engine(fake(dir, name, banner, PROTOCOL, "true"));
        let e = ask(&mut g).unwrap_err();
        assert!(matches!(&e, Error::Incompatible { .. }), "{e:?}");
        let text = e.to_string();
        assert!(
            text.contains(banner) && text.contains("older than 1.07"),
            "{text}"
        );
        assert_eq!(g.refusal(), Some(&e));
        assert!(matches!(ask(&mut g), Err(Error::Incompatible { .. })));
        assert_eq!((g.pid(), g.restarts()), (None, 0), "{name}");
    }

    // Another bridge protocol: refused for the protocol, whatever the banner.
    let mut g = engine(fake(dir, "proto", GOOD, 99, "true"));
    let e = ask(&mut g).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::Incompatible { .. }), "{e:?}");
    assert!(
        text.contains("protocol 99") && text.contains("bgw speaks protocol 2"),
        "{text}"
    );
    assert!(!text.contains("older"), "{text}");

    // A later gnubg whose bridge found a request failing: refused for what failed.
    let mut g = engine(fake_with_problems(
        dir,
        "failing",
        "GNU Backgammon 1.09.000",
        "[\\\"moves: KeyError: 'details'\\\"]",
    ));
    let e = ask(&mut g).unwrap_err();
    assert!(matches!(e, Error::Incompatible { .. }), "{e:?}");
    assert!(e.to_string().contains("KeyError: 'details'"), "{e}");
    let mut g = engine(fake_with_problems(
        dir,
        "checked",
        "GNU Backgammon 1.08.003 20240428",
        "[]",
    ));
    assert_eq!(g.ask_hello().unwrap().problems, Vec::<String>::new());

    // gnubg 1.08.003, speaking the protocol: accepted, its version known.
    let reply = "echo \"@bgw {\\\"id\\\":$id,\\\"ok\\\":true,\\\"moves\\\":[]}\"";
    let mut g = engine(fake(dir, "v108", V108, PROTOCOL, reply));
    assert_eq!(ask(&mut g), Ok(Reply::Moves(vec![])));
    let info = g.info().unwrap();
    assert_eq!(info.to_string(), "GNU Backgammon 1.08.003");
    assert_eq!(info.banner, V108);
    assert_eq!(g.refusal(), None);
    // A banner that is not gnubg's is no reason to refuse a bridge that speaks the protocol.
    let mut g = engine(fake(dir, "fork", "Backgammon Fork 2", PROTOCOL, reply));
    assert_eq!(ask(&mut g), Ok(Reply::Moves(vec![])));
    assert_eq!(g.info().unwrap().version, None);

    // A slow start does not count against a request's time limit.
    let mut g = engine(slow_fake(dir, "slow", GOOD, PROTOCOL, "sleep 0.6", reply));
    let r = g.call(&opening_moves(), Duration::from_millis(300));
    assert_eq!(r, Ok(Reply::Moves(vec![])));

    // gnubg's chatter around a reply is skipped.
    let chatty = format!(
        "echo ' +13-14-15-16-17-18------19-20-21-22-23-24-+'; echo '@bgwx'; {reply}; echo 'done'"
    );
    let mut g = engine(fake(dir, "chatty", GOOD, PROTOCOL, &chatty));
    assert_eq!(ask(&mut g).unwrap(), Reply::Moves(vec![]));
    assert_eq!(g.hello().map(|h| h.gnubg.as_str()), Some(GOOD));
    assert_eq!(ask(&mut g).unwrap(), Reply::Moves(vec![]));

    // Garbage after the prefix.
    let mut g = engine(fake(
        dir,
        "garbage",
        GOOD,
        PROTOCOL,
        "echo '@bgw {\"id\": 2, oops'",
    ));
    let e = ask(&mut g).unwrap_err();
    assert!(matches!(e, Error::Garbage { .. }), "{e:?}");
    assert!(e.to_string().contains("oops"), "{e}");

    // A reply of the wrong shape: what differs is said, and the process goes on.
    let wrong = "echo \"@bgw {\\\"id\\\":$id,\\\"ok\\\":true,\\\"moves\\\":[{\\\"move\\\":7}]}\"";
    let mut g = engine(fake(dir, "wrong", V108, PROTOCOL, wrong));
    let e = ask(&mut g).unwrap_err();
    assert!(matches!(e, Error::Incompatible { .. }), "{e:?}");
    assert!(
        e.to_string()
            .contains("its answer to moves differs (a move without its notation)"),
        "{e}"
    );
    let pid = g.pid();
    assert!(pid.is_some());
    assert!(matches!(ask(&mut g), Err(Error::Incompatible { .. })));
    assert_eq!((g.pid(), g.restarts()), (pid, 0));

    // A crash, with its last words; the request is tried once more on a new process.
    let crash = "echo 'Traceback: boom' >&2; exit 3";
    let mut g = engine(fake(dir, "crash", GOOD, PROTOCOL, crash));
    let e = ask(&mut g).unwrap_err();
    let Error::Crashed { status, stderr, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(status, "exited with code 3");
    assert!(stderr.contains("boom"), "{stderr}");
    assert_eq!(g.restarts(), 1);
    assert!(g.take_notices().iter().any(|n| n.contains("restarted")));

    // No answer at all: a time-out.
    let mut g = engine(fake(dir, "silent", GOOD, PROTOCOL, "true"));
    let r = g.call(&opening_moves(), Duration::from_millis(300));
    assert!(matches!(r, Err(Error::Timeout { .. })), "{r:?}");
    let t = g.submit(&opening_moves()).unwrap();
    assert_eq!(g.poll(t), None, "pending, without waiting");

    // gnubg as a duel player: a crash or a move we cannot play ends the duel with the
    // failure kept, long before its games are played.
    let unplayable = "echo \"@bgw {\\\"id\\\":$id,\\\"ok\\\":true,\\\"move\\\":{\\\"move\\\":\\\"25/1\\\",\
                      \\\"equity\\\":0,\\\"probs\\\":[0,0,0,0,0],\\\"plies\\\":0}}\"";
    for (name, rest, words) in [
        ("duel-crash", crash, "exited with code 3"),
        ("duel-unplayable", unplayable, "\"25/1\""),
    ] {
        let config = Config {
            program: Some(fake(dir, name, GOOD, PROTOCOL, rest)),
            timeout: Duration::from_secs(10),
            ..Config::default()
        };
        let gnubg = Contender::gnubg(0, config);
        let pool = gnubg.gnubg_pool().unwrap();
        let pubeval = Contender::Pubeval;
        let r = duel_until(
            &|s| gnubg.player(s),
            &|s| pubeval.player(s),
            &DuelConfig {
                games: 2000,
                seed: 1,
            },
            &bgw_engine::core::task::Task::new(),
            &|| pool.failed(),
        );
        let why = gnubg.failure().expect("the failure is kept");
        assert!(why.contains(words), "{name}: {why}");
        assert!(r.cancelled && r.games < 2000, "{name}: {} games", r.games);
        assert_eq!(pool.requests(), 0, "{name}");
    }

    // A gnubg that never answers its hello: one time-out, said as such, and no second start
    // (the request used to be tried again on a new process, waiting twice as long).
    let pids = dir.join("mute-pids");
    let mute = dir.join("mute");
    std::fs::write(
        &mute,
        format!(
            "#!/bin/sh\necho $$ >> {}\nwhile IFS= read -r line; do :; done\n",
            pids.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&mute, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut g = Gnubg::new(Config {
        program: Some(mute.clone()),
        timeout: Duration::from_millis(300),
        ..Config::default()
    });
    let e = g
        .call(&opening_moves(), Duration::from_secs(10))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "gnubg did not answer its start-up hello within 0.3 s and was ended; it is started \
         again on the next request"
    );
    assert_eq!(g.restarts(), 0);
    let started = |path: &Path| std::fs::read_to_string(path).map_or(0, |t| t.lines().count());
    assert_eq!(started(&pids), 1);
    assert!(
        g.take_notices()
            .iter()
            .any(|n| n.ends_with("ended by bgw: it did not answer its start-up hello within 0.3 s")),
        "the notice says why gnubg was ended"
    );

    // A duel on eight threads against it: one process a thread, not two.
    std::fs::remove_file(&pids).unwrap();
    let gnubg = Contender::gnubg(
        0,
        Config {
            program: Some(mute.clone()),
            timeout: Duration::from_millis(300),
            ..Config::default()
        },
    );
    let pool = gnubg.gnubg_pool().unwrap();
    let threads = rayon::ThreadPoolBuilder::new()
        .num_threads(8)
        .build()
        .unwrap();
    threads.install(|| {
        duel_until(
            &|s| gnubg.player(s),
            &|s| Contender::Pubeval.player(s),
            &DuelConfig { games: 64, seed: 1 },
            &bgw_engine::core::task::Task::new(),
            &|| pool.failed(),
        )
    });
    assert!(gnubg.failure().unwrap().contains("start-up hello"));
    assert!((1..=8).contains(&pool.started()), "{}", pool.started());
    assert_eq!(started(&pids) as u64, pool.started());

    // Stopped while it waits: the call ends at once, with gnubg, whatever gnubg does.
    let task = bgw_engine::core::task::Task::new();
    let mut g = Gnubg::new(
        Config {
            program: Some(fake(dir, "stop-silent", GOOD, PROTOCOL, "true")),
            timeout: Duration::from_secs(60),
            ..Config::default()
        }
        .stopped_by(&task),
    );
    let stopper = {
        let task = task.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            task.cancel();
        })
    };
    let start = Instant::now();
    let e = g
        .call(&opening_moves(), Duration::from_secs(60))
        .unwrap_err();
    stopper.join().unwrap();
    assert_eq!(e, Error::Cancelled { engine: "gnubg" });
    assert!(e.is_cancelled());
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(g.pid(), None, "gnubg was ended");
    // And is not started again for the stopped work.
    assert_eq!(g.call(&opening_moves(), Duration::from_secs(60)), Err(e));
    assert_eq!(g.pid(), None);

    // A gnubg built without Python (gnubg's own words when asked to run a script it cannot):
    // named as such, once, and not started again for every request.
    let pythonless_starts = dir.join("pythonless-starts");
    let pythonless = dir.join("pythonless");
    std::fs::write(
        &pythonless,
        format!(
            "#!/bin/sh\necho $$ >> {}\necho 'GNU Backgammon build without Python.' >&2\nexit 1\n",
            pythonless_starts.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&pythonless, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut g = engine(pythonless);
    let e = ask(&mut g).unwrap_err();
    assert!(matches!(e, Error::Incompatible { .. }), "{e:?}");
    let text = e.to_string();
    assert!(
        text.starts_with("gnubg does not work with bgw: this gnubg was built without Python"),
        "{text}"
    );
    assert!(
        text.contains("GNU Backgammon build without Python."),
        "{text}"
    );
    assert_eq!(g.refusal(), Some(&e));
    assert_eq!(ask(&mut g).unwrap_err(), e);
    assert_eq!(started(&pythonless_starts), 1, "started once");

    // A run about to end without unwinding ends every gnubg it started, even one that ignores
    // the end of its input, and removes the bridge scripts.
    let stubborn = fake(
        dir,
        "stubborn",
        GOOD,
        PROTOCOL,
        "trap '' INT TERM HUP; while :; do sleep 1; done",
    );
    let mut g = engine(stubborn);
    let t = g.submit(&opening_moves()).unwrap();
    assert_eq!(g.poll(t), None);
    let pid = g.pid().unwrap();
    let (processes, _) = bgw_engine::reference::gnubg::end_all_now();
    assert!(processes >= 1, "{processes}");
    let gone = Instant::now();
    while std::path::Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z"))
    {
        assert!(
            gone.elapsed() < Duration::from_secs(10),
            "gnubg {pid} still runs"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // And no gnubg starts after it (one would outlive the run): the engine that saw its gnubg
    // killed, and a new one, fail instead. (This is the last case: nothing starts after it.)
    for mut g in [
        g,
        engine(fake(dir, "after-the-end", GOOD, PROTOCOL, "true")),
    ] {
        let e = g
            .call(&opening_moves(), Duration::from_secs(10))
            .unwrap_err();
        assert!(e.to_string().contains("bgw is ending"), "{e}");
        assert_eq!(g.pid(), None);
    }
}
