pub mod bearoff;
pub mod benchmark;
pub mod calibrate;
pub mod duel;
pub mod tune;
pub mod two_sided;
