//! `bgw archive`: match files stored once each (`store`), reviewed on several gnubg
//! processes and asked about (`review`); hostile paths and foreign databases (`store`).

mod content;
mod drill;
mod drill_why;
mod messages;
mod review;
mod review_order;
mod shards;
mod store;

use crate::common::{data, run, stdout, text};
use std::path::{Path, PathBuf};
use std::process::Output;

/// `bgw archive <args…> --db DB`.
fn archive(db: &Path, args: &[&str]) -> Output {
    let mut all = vec!["archive"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--db", db.to_str().unwrap()]);
    run(&all)
}

/// Waits (at most 300 s) until `db` holds a review or `child` has ended; true when it ended.
/// The archive is read only: the run being watched writes it.
fn until_a_review(db: &Path, child: &mut std::process::Child) -> bool {
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let reviews = bgw_engine::archive::Archive::open_read_only(db)
            .ok()
            .and_then(|a| a.counts().ok())
            .map_or(0, |c| c.reviews);
        if reviews >= 1 {
            return false;
        }
        if child.try_wait().unwrap().is_some() {
            return true;
        }
        assert!(Instant::now() < deadline, "no match reviewed in 300 s");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The shared self-play matches (3, 5 and 7 points) copied into `folder`; their paths.
fn shared_matches(folder: &Path) -> Vec<PathBuf> {
    [
        "gnubg_3pt_seed103.mat",
        "gnubg_5pt_seed101.mat",
        "gnubg_7pt_seed102.mat",
    ]
    .iter()
    .map(|name| {
        let to = folder.join(name);
        std::fs::copy(data(&format!("matches/{name}")), &to).unwrap();
        to
    })
    .collect()
}

/// `bgw archive players --json`, one value a player.
fn players(db: &Path) -> Vec<serde_json::Value> {
    let o = archive(db, &["players", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
