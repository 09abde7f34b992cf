//! gnubg's cache of cubeful evaluations, kept by the cubeful search (`plied.rs`) in each
//! thread's [`super::Search`].

use super::evaluator::NetOutput;
use super::inputs::Key;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most entries the cubeful cache keeps before it starts again.
const CACHE_ENTRIES: usize = 1 << 20;

/// A multiplicative hash of the packed board and its context (the key is already spread).
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(b as u32);
        }
    }
    fn write_u32(&mut self, w: u32) {
        self.0 = (self.0.rotate_left(5) ^ w as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u32(w as u32);
    }
}

/// gnubg's cache of cubeful evaluations (its `cEval` entries with a cubeful equity): per
/// board and per cube position (gnubg's `EvalKey`: the plies, who is on roll, the away
/// scores, the cube and its owner from the side on roll's view, Crawford, Jacoby,
/// beavers), the probabilities and that position's cubeful value. Not kept for the top of
/// a cube decision (gnubg's `fTop`). One per thread.
#[derive(Default)]
pub struct CubefulCache {
    map: HashMap<(Key, u32), (NetOutput, f32), BuildHasherDefault<KeyHasher>>,
}

impl CubefulCache {
    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    pub(super) fn get(&self, key: &Key, context: u32) -> Option<(NetOutput, f32)> {
        self.map.get(&(*key, context)).copied()
    }

    pub(super) fn put(&mut self, key: Key, context: u32, value: (NetOutput, f32)) {
        if self.map.len() >= CACHE_ENTRIES {
            self.map.clear();
        }
        self.map.insert((key, context), value);
    }
}
