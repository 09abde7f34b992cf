//! Shards: the archive's matches split into N parts by their content, so that N machines can
//! each review one part with no coordination — a match's shard is a function of its content
//! digest alone (the SHA-256 of [`super::digest`]), the same on every machine and in every
//! run, and the SHA-256 spreads matches evenly over the shards.

use std::fmt;

/// The most shards a run may be split into: more is surely a typing error.
pub const MAX_SHARDS: u32 = 100_000;

/// Shard `index` of `count` (`0 ≤ index < count`), written `K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K: which shard, from 0.
    pub index: u32,
    /// N: how many shards.
    pub count: u32,
}

impl Shard {
    /// Reads `K/N`: whole numbers, `0 ≤ K < N`, `1 ≤ N ≤` [`MAX_SHARDS`]; else why not.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let shown = crate::core::formats::shorten(text, 40);
        let Some((k, n)) = text.trim().split_once('/') else {
            return Err(format!(
                "a shard is K/N (shard K of N, K from 0), not {shown}"
            ));
        };
        let number = |s: &str| s.trim().parse::<u64>().ok();
        let (Some(k), Some(n)) = (number(k), number(n)) else {
            return Err(format!(
                "a shard is K/N with whole numbers K ≥ 0 and N ≥ 1, not {shown}"
            ));
        };
        if n == 0 {
            return Err(format!("a shard's N is at least 1, not 0 (in {shown})"));
        }
        if n > u64::from(MAX_SHARDS) {
            return Err(format!(
                "a shard's N is at most {MAX_SHARDS}, not {n} (in {shown})"
            ));
        }
        if k >= n {
            return Err(format!(
                "shard {k} of {n} does not exist: K runs from 0 to {} (in {shown})",
                n - 1
            ));
        }
        Ok(Shard {
            index: k as u32,
            count: n as u32,
        })
    }

    /// The shard a content hash (hexadecimal: a match's digest, or a file's SHA-256) falls
    /// in: its leading 64 bits modulo N. A hash that is not hexadecimal falls in shard 0.
    pub fn of(hash: &str, count: u32) -> u32 {
        let lead = hash.get(..16).unwrap_or(hash);
        let bits = u64::from_str_radix(lead, 16).unwrap_or(0);
        (bits % u64::from(count.max(1))) as u32
    }

    /// Whether the content of this hash is this shard's.
    pub fn holds(&self, hash: &str) -> bool {
        Shard::of(hash, self.count) == self.index
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_of_n_reads_and_bad_ones_are_refused() {
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(Shard::parse("0/1"), Ok(Shard { index: 0, count: 1 }));
        for bad in [
            "3/3", "0/0", "-1/3", "1", "a/b", "1/3/4", "0/100001", "", "1/ ",
        ] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_hash_falls_in_exactly_one_shard_and_they_are_balanced() {
        use sha2::{Digest, Sha256};
        let mut sizes = [0u32; 3];
        for i in 0..3000 {
            let h: String = Sha256::digest(format!("{i}").as_bytes())
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            let holding: Vec<u32> = (0..3)
                .filter(|&k| Shard { index: k, count: 3 }.holds(&h))
                .collect();
            assert_eq!(holding.len(), 1);
            sizes[holding[0] as usize] += 1;
        }
        assert!(sizes.iter().all(|&s| (900..1100).contains(&s)), "{sizes:?}");
    }
}
