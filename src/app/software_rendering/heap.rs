//! The allocator's settings for a frame loop drawn in software.
//!
//! Under Mesa's software renderer (llvmpipe: no GPU), every frame allocates and frees a few
//! megabytes (vertex and index buffers, the image sent to the X server). glibc's allocator
//! gives the freed top of the heap back to the system at once, so the next frame takes every
//! page again with a page fault and the kernel zeroes it: measured under Xvfb while a weight
//! is dragged, a third of the UI thread's time went to the kernel, and frames came a median
//! 20–23 ms apart (14–15 ms with `MALLOC_TOP_PAD_` set in the environment; 12.6–14.7 ms with
//! this module, docs/measurements.md). Keeping 64 MB of freed memory for reuse, and serving blocks
//! up to 32 MB from the heap rather than fresh mappings, removes that.

/// Tells glibc's allocator to keep freed memory for the next frame (see the module's text).
/// Does nothing on other systems and C libraries. Kept for the rest of the run once called.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's tuning parameters, under the main arena's
    // lock; it is called once, on the UI thread. Threads allocating meanwhile (the renderer's)
    // read the old value of a parameter or the new one, either of which is valid.
    unsafe {
        libc::mallopt(libc::M_TOP_PAD, 64 << 20);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
    }
}
