//! The bgw package's tests that call the library in process: the move generator, the classic
//! player, pubeval, duels, «Чемпион», bear-off databases and match files against gnubg's
//! reference data, the property tests and fuzzing of every parser (proptest keeps the failures
//! it found in `tests/proptest-regressions/<module>.txt`), and the links of the docs. One test
//! binary: `cargo test --test library`, or `cargo test --test library fuzz_parsers::` for one
//! module.

#[path = "../common/mod.rs"]
mod common;

mod bearoff_gnubg;
mod bearoff_seed;
mod champion;
mod classic_10k;
mod diagram_seed;
mod doc_links;
mod doc_paths;
mod duel;
mod formats_props;
mod fuzz_parsers;
mod import_circles;
mod match_gnubg;
mod movegen_props;
mod movegen_reference;
mod position_files;
mod pubeval;
