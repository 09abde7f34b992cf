//! The command line's tests: each module runs the `bgw` binary (`CARGO_BIN_EXE_bgw`) on one
//! command or one concern (exit codes, interrupts, gnubg stand-ins) and checks what it prints
//! and writes. One test binary: `cargo test --test cli`, or `cargo test --test cli cube_cli::`
//! for one module.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/stored_figures.rs"]
mod stored_figures;

mod archive;
mod bearoff_cli;
mod bearoff_study;
mod benchmark_cli;
mod champion_cli;
mod classic_cli;
mod cli_exit;
mod cli_gnubg_leftovers;
mod cli_gnubg_stop;
mod cli_interrupt;
mod cli_moves;
mod cli_show;
mod cube_cli;
mod cube_errors_cli;
mod duel_cli;
mod duel_sprt_cli;
mod eval_cli;
mod fit_cli;
mod gnubg_versions;
mod match_cli;
mod match_convert_cli;
mod match_review_cli;
mod rank_gnubg_cli;
mod reference_cli;
mod review_statistics_cli;
mod rollout_cli;
mod terms_cli;
mod tune_cli;
mod two_sided_cli;
mod why_gnubg_cli;
