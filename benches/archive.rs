//! The archive (issue 38): storing match files — each read, hashed and written with its
//! games and decisions in one transaction — into a database file, and the drill's questions
//! to an archive whose matches are reviewed (the deck built from a player's errors, the next
//! card due). The six shared and real MAT files of `tests/data/matches/`, each stored as a
//! new file (a comment line makes its SHA-256 its own) holding a new match (a number after
//! the first player's name makes its content its own). The target: 1,000 files under 30 s,
//! that is under 30 ms a file.

use bgw_engine::archive::{Archive, DeckOptions, EngineName, MatchFile, parse_time};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::reference::ScriptedEngine;
use bgw_engine::review::{ReviewOptions, review, summarize};
use criterion::{Criterion, criterion_group, criterion_main};

/// The MAT files the benches store, as (name, text).
fn files() -> Vec<(String, String)> {
    let root = format!("{}/tests/data/matches", env!("CARGO_MANIFEST_DIR"));
    [
        "gnubg_3pt_seed103.mat",
        "gnubg_5pt_seed101.mat",
        "gnubg_7pt_seed102.mat",
        "gnubg_25pt_seed1.mat",
        "real/galaxy_match1497590.txt",
        "real/studio_boardlord_llabba_7pt.txt",
    ]
    .iter()
    .map(|name| {
        let text = std::fs::read_to_string(format!("{root}/{name}")).expect("the test data");
        (name.to_string(), text)
    })
    .collect()
}

fn store(c: &mut Criterion) {
    let files = files();
    let dir = tempfile::tempdir().unwrap();
    let mut archive = Archive::open(&dir.path().join("bench.sqlite")).unwrap();
    let mut n = 0u64;
    c.bench_function("archive_store_one_match_file", |b| {
        b.iter(|| {
            let (name, text) = &files[(n % files.len() as u64) as usize];
            n += 1;
            let text = format!("; copy {n}\n{text}");
            let file = MatchFile::from_text(name, &text);
            let mut m = file.parse().unwrap();
            // A match of its own (the archive stores a match once by its content: players,
            // dice and moves), so that each is stored whole rather than linked to the first.
            m.players[0].push_str(&format!(" {n}"));
            assert!(matches!(
                archive.add_match(&file, &m).unwrap(),
                bgw_engine::archive::Added::New(_)
            ));
        })
    });
}

fn drill(c: &mut Criterion) {
    let mut archive = Archive::open_in_memory().unwrap();
    let engine = || ScriptedEngine::new(|_, p| f64::from(p.result.pips().1) / 100.0);
    for (name, text) in files().into_iter().take(3) {
        let file = MatchFile::from_text(&name, &text);
        let m = file.parse().unwrap();
        archive.add_match(&file, &m).unwrap();
        let key = archive.unreviewed(0).unwrap()[0].key;
        let options = ReviewOptions {
            plies: 0,
            weights: Weights::default(),
            threads: 1,
        };
        let reviewed = review(&m, &options, &engine, &Task::new(), &mut |_| {});
        let summary = summarize(&m, &reviewed, None);
        let who = EngineName {
            name: "scripted".into(),
            version: None,
        };
        archive
            .store_review(key, 0, &who, &reviewed, None, &summary)
            .unwrap();
    }
    let now = parse_time("2026-12-05T09:00:00Z").unwrap();
    c.bench_function("archive_drill_build_deck_and_next_card", |b| {
        b.iter(|| {
            archive.build_deck(&DeckOptions::of("root"), now).unwrap();
            archive
                .next_card(Some("root"), now)
                .unwrap()
                .expect("a card")
        })
    });
}

criterion_group!(benches, store, drill);
criterion_main!(benches);
