//! Seed 002: «Чемпион» («Champion»), a 1986 program for the Б3-34 calculator that plays a goat
//! («козлик») breaking through a line of wolves («волки») moved by the person — the board and
//! its notation ([`board`]), the program as printed with its decision trace ([`program`]), the
//! exact solution of every variant ([`solver`]), and opponents and measurements ([`match_play`]).

pub mod board;
pub mod match_play;
pub mod program;
pub mod solver;

pub use board::{Outcome, Position, RuleError, Side, Variant, WolfMove};
pub use program::{Champion, Listing, Trace};
pub use solver::{Solution, Value};
