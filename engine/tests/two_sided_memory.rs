//! The memory figures of two-sided requests (`two_sided::bytes_needed`) against the
//! bytes really allocated: an allocator that counts is this test binary's global allocator,
//! and each request's peak must stay within its figure (and the figure near the peak).

use bgw_engine::bearoff::one_sided;
use bgw_engine::bearoff::two_sided::bytes_needed;
use bgw_engine::bearoff::two_sided::{self, Checkpoint, Kind, Request, TwoSidedDb, positions};
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::error_map;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// The system allocator, counting the bytes held and the most held since the last reset.
struct Counting;

static HELD: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);

fn grow(bytes: usize) {
    let now = HELD.fetch_add(bytes as u64, Ordering::SeqCst) + bytes as u64;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

fn shrink(bytes: usize) {
    HELD.fetch_sub(bytes as u64, Ordering::SeqCst);
}

// SAFETY: every call is the system allocator's, with the same arguments.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        shrink(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Counted as the new block beside the old one: a realloc may copy.
            grow(new_size);
            shrink(layout.size());
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes `work` held at once beyond what was held before it; `work`'s result is
/// dropped after the measure.
fn peak<T>(work: impl FnOnce() -> T) -> (u64, T) {
    let before = HELD.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let out = work();
    (PEAK.load(Ordering::SeqCst) - before, out)
}

/// One test for all the requests: the counters are the process's, so nothing may run beside.
#[test]
fn the_figures_bound_what_the_requests_allocate() {
    // Start the thread pool first: its threads' own allocations are no request's.
    rayon::broadcast(|_| ());
    let dir = tempfile::tempdir().unwrap();
    for (points, checkers) in [(3, 3), (6, 4), (6, 6), (6, 8)] {
        let n = positions(points, checkers) as u64;
        for kind in [Kind::Exact, Kind::Cubeless, Kind::Cubeful] {
            let figure = bytes_needed(points, checkers, Request::Build(kind));
            let out = dir.path().join("ts.bd");
            let cp_path = Checkpoint::path_for(&out);
            let (bytes, db) = peak(|| {
                let mut cp = Checkpoint::open(&cp_path, points, checkers, kind, false).unwrap();
                let db =
                    two_sided::build(points, checkers, kind, &Task::new(), Some(&mut cp)).unwrap();
                if kind != Kind::Exact {
                    two_sided::write_atomic(&db, &out).unwrap();
                }
                cp.remove().unwrap();
                db
            });
            let what = format!("{points}x{checkers} {kind:?} build");
            assert!(
                bytes <= figure,
                "{what}: {bytes} allocated, figure {figure}"
            );
            // The table is most of it, the rest within the stated allowances.
            let table = n * n * if kind == Kind::Cubeful { 16 } else { 8 };
            assert!(bytes >= table / 4, "{what}: {bytes}");
            assert!(
                figure - bytes <= 8 * n * 1024 + (8 << 20) + figure / 8,
                "{what}: {bytes} allocated, figure {figure}"
            );
            eprintln!("{what}: {bytes} allocated, figure {figure}");
            if kind == Kind::Exact {
                // The error map of the database, the database held already.
                let figure = bytes_needed(points, checkers, Request::ErrorMap);
                let (bytes, _) = peak(|| {
                    let one = one_sided::build::<f64>(points, &Task::new()).unwrap();
                    error_map(&db, &one, 10, &Task::new()).unwrap()
                });
                eprintln!("{points}x{checkers} error map: {bytes} allocated, figure {figure}");
                assert!(
                    bytes <= figure,
                    "{points}x{checkers} error map: {bytes} > {figure}"
                );
                continue;
            }
            drop(db);
            let figure = bytes_needed(points, checkers, Request::Read(kind));
            let (bytes, db) = peak(|| TwoSidedDb::read(&out).unwrap());
            drop(db);
            eprintln!("{points}x{checkers} {kind:?} read: {bytes} allocated, figure {figure}");
            assert!(
                bytes <= figure,
                "{points}x{checkers} {kind:?} read: {bytes}"
            );
            assert!(
                figure - bytes <= 3 << 20,
                "{points}x{checkers} {kind:?} read: {bytes}"
            );
        }
    }
}
