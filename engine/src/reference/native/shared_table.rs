//! The table behind the search's caches: 2^20 direct-mapped entries of `W` 32-bit words,
//! shared by the threads of a search without a lock (gnubg keeps one cache, `cEval`, for the
//! threads of its analysis too). An entry is a key (its first words) and a value (the rest);
//! a reader takes it only when the whole key matches, so a cache built on it gives back
//! exactly what was put, or nothing.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering, fence};

/// log2 of the entries.
const BITS: u32 = 20;

/// One entry, guarded by a sequence number (odd while being written): a reader that sees it
/// change, or odd, takes the entry as missing.
struct Slot<const W: usize> {
    version: AtomicU32,
    words: [AtomicU32; W],
}

/// A table of 2^20 entries of `W` words, taken (zeroed) at its first write.
pub(super) struct SharedTable<const W: usize> {
    slots: OnceLock<Box<[Slot<W>]>>,
    /// 1..=0xffff: the caches stamp it into their keys, so that entries of an older
    /// generation no longer match (clearing without touching the memory).
    generation: AtomicU32,
}

/// 2^20 empty slots in zeroed memory, which the system maps as it is first touched.
fn zeroed_slots<const W: usize>() -> Box<[Slot<W>]> {
    let n = 1usize << BITS;
    let layout = std::alloc::Layout::array::<Slot<W>>(n).expect("the table's size fits");
    // SAFETY: the layout is not empty; a slot is atomics of u32 only, for which zeroed memory
    // is a valid value (0), so the n slots are initialised; the box frees it with this layout.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout) as *mut Slot<W>;
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        let slots: Box<[Slot<W>]> = Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n));
        touch_every_page(&slots);
        slots
    }
}

/// Writes a zero into every page of `slots` once, before any read. A page of zeroed memory
/// first read is mapped to the system's shared zero page and copied at its first write; with
/// two threads at work each such copy interrupts the other core to flush its address cache
/// (38 % of a two-thread labelling's time went to the kernel). Written first, a page is
/// taken once, at once (about 26,000 pages for the two tables, some tens of milliseconds).
fn touch_every_page<const W: usize>(slots: &[Slot<W>]) {
    let per_page = (4096 / std::mem::size_of::<Slot<W>>()).max(1);
    for s in slots.iter().step_by(per_page) {
        s.version.store(0, Ordering::Relaxed);
    }
}

impl<const W: usize> SharedTable<W> {
    /// An empty table (no memory taken yet).
    pub(super) fn new() -> SharedTable<W> {
        SharedTable {
            slots: OnceLock::new(),
            generation: AtomicU32::new(1),
        }
    }

    /// The generation to stamp into keys (1 to 0xffff).
    pub(super) fn generation(&self) -> u32 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Forgets every entry (at once: a new generation; the memory is wiped only when the
    /// generations wrap). Not while another thread uses the table.
    pub(super) fn clear(&self) {
        let g = self.generation.fetch_add(1, Ordering::Relaxed) + 1;
        if g > 0xffff {
            if let Some(slots) = self.slots.get() {
                for s in slots.iter() {
                    s.version.store(0, Ordering::Relaxed);
                    for w in &s.words {
                        w.store(0, Ordering::Relaxed);
                    }
                }
            }
            self.generation.store(1, Ordering::Relaxed);
        }
    }

    fn slot(key: &[u32]) -> usize {
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        (h >> (64 - BITS)) as usize
    }

    /// The entry whose first words are `key`, all its words; `None` when another entry holds
    /// the place or a thread is writing it.
    pub(super) fn get(&self, key: &[u32]) -> Option<[u32; W]> {
        let s = &self.slots.get()?[Self::slot(key)];
        let before = s.version.load(Ordering::Acquire);
        if before & 1 == 1 {
            return None;
        }
        let w: [u32; W] = std::array::from_fn(|i| s.words[i].load(Ordering::Relaxed));
        fence(Ordering::Acquire);
        let after = s.version.load(Ordering::Relaxed);
        (before == after && w[..key.len()] == *key).then_some(w)
    }

    /// Puts the entry `words`, whose first `key_len` words are its key, in its place (unless
    /// another thread is writing there: then it keeps theirs).
    pub(super) fn put(&self, words: &[u32; W], key_len: usize) {
        let s = &self.slots.get_or_init(zeroed_slots)[Self::slot(&words[..key_len])];
        let v = s.version.load(Ordering::Relaxed);
        if v & 1 == 1
            || s.version
                .compare_exchange(v, v.wrapping_add(1), Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        for (slot, w) in s.words.iter().zip(words) {
            slot.store(*w, Ordering::Relaxed);
        }
        s.version.store(v.wrapping_add(2), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_only_under_its_whole_key() {
        let t: SharedTable<4> = SharedTable::new();
        assert_eq!(t.get(&[1, 2]), None);
        t.put(&[1, 2, 30, 40], 2);
        assert_eq!(t.get(&[1, 2]), Some([1, 2, 30, 40]));
        assert_eq!(t.get(&[1, 3]), None);
        t.put(&[1, 2, 31, 41], 2);
        assert_eq!(t.get(&[1, 2]), Some([1, 2, 31, 41]));
    }
}
