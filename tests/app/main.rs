//! The workbench's UI tests: the whole app driven headless through egui_kittest, real clicks
//! and keys checked against the app's state, one module a feature. One test binary, built only
//! with the `gui` feature: `cargo test --test app`, or `cargo test --test app app_desk::` for
//! one module.

#[path = "../common/mod.rs"]
mod common;
mod ui_common;

mod app_archive;
mod app_bearoff;
mod app_candidates_order;
mod app_champion;
mod app_cube_errors;
mod app_desk;
mod app_drill_hidden;
mod app_drill_why;
mod app_export_match;
mod app_frame_budget;
mod app_judge;
mod app_match;
mod app_match_state;
mod app_rollout;
mod app_two_sided;
mod app_ui;
mod app_yardstick;
