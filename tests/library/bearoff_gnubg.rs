//! The gnubg-compatible builder against gnubg's own database: the 6-point file byte for byte,
//! and the sample of `bearoff/gnubg_os6_sample.tsv` bit for bit (the exact builder within the
//! stated tolerances).

use crate::common;

use bgw_engine::bearoff::one_sided::{self, BdContents, Database, Moments, build};
use bgw_engine::core::task::Task;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

fn gnubg6() -> &'static Database<u16> {
    static DB: OnceLock<Database<u16>> = OnceLock::new();
    DB.get_or_init(|| build::<u16>(6, &Task::new()).unwrap())
}

fn exact6() -> &'static Database<f64> {
    static DB: OnceLock<Database<f64>> = OnceLock::new();
    DB.get_or_init(|| build::<f64>(6, &Task::new()).unwrap())
}

#[test]
fn six_point_compressed_file_is_gnubg_os0_byte_for_byte() {
    let bytes = one_sided::to_bytes(gnubg6(), true);
    let digest = Sha256::digest(&bytes);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex,
        "38089567e87a681682bb4ff53f30d781af215fc04debbdff3f61b6db68547a49"
    );
}

struct Row {
    idx: u32,
    counts: [u8; 16],
    pips: u32,
    dist: Vec<u16>,
    gammon: Vec<u16>,
    moments: [f64; 4],
}

fn sample() -> Vec<Row> {
    common::tsv("bearoff/gnubg_os6_sample.tsv")
        .into_iter()
        .map(|r| {
            let nums = |s: &str| -> Vec<String> { s.split(' ').map(str::to_string).collect() };
            let mut counts = [0u8; 16];
            for (p, c) in nums(&r[1]).iter().enumerate() {
                counts[p + 1] = c.parse().unwrap();
            }
            let m: Vec<f64> = nums(&r[8]).iter().map(|x| x.parse().unwrap()).collect();
            Row {
                idx: r[0].parse().unwrap(),
                counts,
                pips: r[3].parse().unwrap(),
                dist: nums(&r[4]).iter().map(|x| x.parse().unwrap()).collect(),
                gammon: nums(&r[5]).iter().map(|x| x.parse().unwrap()).collect(),
                moments: m.try_into().unwrap(),
            }
        })
        .collect()
}

#[test]
fn sample_rows_bit_for_bit_and_exact_within_tolerance() {
    let rows = sample();
    assert!(rows.len() > 400);
    for row in &rows {
        assert_eq!(one_sided::index(&row.counts, 6), row.idx);
        assert_eq!(one_sided::pips(&row.counts, 6), row.pips);
        assert_eq!(gnubg6().dist(row.idx).to_vec(), row.dist, "idx {}", row.idx);
        assert_eq!(
            gnubg6().gammon(row.idx).to_vec(),
            row.gammon,
            "idx {}",
            row.idx
        );
        let exact = exact6().dist_f64(row.idx);
        let exact_g = exact6().gammon_f64(row.idx);
        for k in 0..32 {
            assert!((exact[k] - row.dist[k] as f64 / 65535.0).abs() < 0.005);
            assert!((exact_g[k] - row.gammon[k] as f64 / 65535.0).abs() < 0.005);
        }
        let m = Moments::of(&exact).with_gammon(&exact_g);
        assert!((m.mean - row.moments[0]).abs() < 5e-4, "idx {}", row.idx);
        assert!(
            (m.gammon_mean - row.moments[2]).abs() < 5e-4,
            "idx {}",
            row.idx
        );
        assert!((m.sd - row.moments[1]).abs() < 5e-3, "idx {}", row.idx);
    }
}

#[test]
fn files_round_trip_in_all_three_forms() {
    let db = gnubg6();
    for compressed in [true, false] {
        let bytes = one_sided::to_bytes(db, compressed);
        let BdContents::Distributions(back) = one_sided::from_bytes(&bytes).unwrap() else {
            panic!("expected distributions");
        };
        for idx in (0..db.len() as u32).step_by(97) {
            assert_eq!(back.dist(idx), db.dist(idx));
            assert_eq!(back.gammon(idx), db.gammon(idx));
        }
        // Truncated and overlong files are refused with the reason.
        let e = one_sided::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(e.to_string().contains("truncated"), "{e}");
        let mut long = bytes.clone();
        long.push(0);
        let e = one_sided::from_bytes(&long).unwrap_err();
        assert!(e.to_string().contains("wrong size"), "{e}");
    }
}
