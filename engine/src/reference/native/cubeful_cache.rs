//! gnubg's cache of cubeful evaluations, kept by the cubeful search (`plied.rs`) and shared
//! by the threads of a [`super::Search`].

use super::evaluator::NetOutput;
use super::inputs::Key;
use super::shared_table::SharedTable;
use std::sync::Arc;

/// An entry's words: the packed board's seven (the generation in the last one's top bits),
/// the context, the five probabilities and the cubeful value.
const WORDS: usize = 14;
/// The key's words: the board's and the context.
const KEY: usize = 8;

/// gnubg's cache of cubeful evaluations (its `cEval` entries with a cubeful equity): per
/// board and per cube position (gnubg's `EvalKey`: the plies, who is on roll, the away
/// scores, the cube and its owner from the side on roll's view, Crawford, Jacoby,
/// beavers), the probabilities and that position's cubeful value. Not kept for the top of
/// a cube decision (gnubg's `fTop`). A direct-mapped table of 2^20 entries (56 MB, taken at
/// the first entry) shared by the threads of a search; a clone shares it.
#[derive(Clone)]
pub struct CubefulCache {
    table: Arc<SharedTable<WORDS>>,
}

impl Default for CubefulCache {
    fn default() -> CubefulCache {
        CubefulCache {
            table: Arc::new(SharedTable::new()),
        }
    }
}

impl CubefulCache {
    /// Forgets every entry (for every thread sharing it; not while one uses it).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn stamped(&self, key: &Key, context: u32) -> [u32; KEY] {
        let mut k = [0u32; KEY];
        k[..7].copy_from_slice(key);
        k[6] |= self.table.generation() << 16;
        k[7] = context;
        k
    }

    pub(super) fn get(&self, key: &Key, context: u32) -> Option<(NetOutput, f32)> {
        let w = self.table.get(&self.stamped(key, context))?;
        let probs = [w[8], w[9], w[10], w[11], w[12]].map(f32::from_bits);
        Some((probs, f32::from_bits(w[13])))
    }

    pub(super) fn put(&mut self, key: Key, context: u32, value: (NetOutput, f32)) {
        let mut w = [0u32; WORDS];
        w[..KEY].copy_from_slice(&self.stamped(&key, context));
        for (i, p) in value.0.iter().enumerate() {
            w[KEY + i] = p.to_bits();
        }
        w[13] = value.1.to_bits();
        self.table.put(&w, KEY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_kept_per_board_and_context_and_forgotten_on_clear() {
        let mut c = CubefulCache::default();
        let key: Key = [1, 2, 3, 4, 5, 6, 7];
        assert_eq!(c.get(&key, 9), None);
        c.put(key, 9, ([0.5, 0.1, 0.0, 0.2, 0.0], 0.25));
        assert_eq!(c.get(&key, 9), Some(([0.5, 0.1, 0.0, 0.2, 0.0], 0.25)));
        assert_eq!(c.get(&key, 10), None);
        let shared = c.clone();
        assert!(shared.get(&key, 9).is_some());
        c.clear();
        assert_eq!(shared.get(&key, 9), None);
    }
}
