//! bgw: the backgammon workbench's command line and desktop app, on top of [`bgw_engine`].
//! The desktop workbench is the [`app`] module (egui, the `gui` feature).

#[cfg(feature = "gui")]
pub mod app;
pub mod text;
