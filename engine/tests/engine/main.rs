//! The engine's integration tests, one module a concern: match files and their writers,
//! match review, the cube-error tables, two-sided databases, and the gnubg bridge against the
//! real gnubg (skipped, saying why, when it is missing and `CI` is unset). One test binary:
//! `cargo test -p bgw-engine --test engine`, or `… --test engine match_quirks::` for one module.
//!
//! Two tests stay binaries of their own, because each needs its process to itself:
//! `gnubg_fake.rs` ends every gnubg of the process (`end_all_now`, after which none starts),
//! and `two_sided_memory.rs` counts every allocation of the process in its global allocator.

mod common;
#[path = "../../../tests/common/stored_figures.rs"]
mod stored_figures;

mod archive_drill;
mod archive_drill_why;
mod archive_drill_words;
mod archive_faults;
mod benchmark_sources;
mod cube_errors;
mod gnubg_bridge;
mod gnubg_match_state;
mod gnubg_rollout;
mod match_files;
mod match_quirks;
mod match_review;
mod match_writers;
mod native_cubeful;
mod native_cubeful_plies;
mod native_evaluator;
mod native_plies;
mod two_sided;
mod why_gnubg;
