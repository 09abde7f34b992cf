//! Helpers shared by the engine's gnubg tests.
#![allow(dead_code)]

use bgw_engine::reference::gnubg::{Config, Gnubg};

/// A started gnubg, or `None` (the reason printed) when it is not installed and `CI` is unset.
pub fn gnubg() -> Option<Gnubg> {
    let mut g = Gnubg::new(Config::default());
    match g.ask_hello() {
        Ok(_) => Some(g),
        Err(e) if e.is_not_found() && std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {e}");
            None
        }
        Err(e) => panic!("gnubg does not start: {e}"),
    }
}
