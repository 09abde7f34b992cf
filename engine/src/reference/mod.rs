//! Other programs as reference engines, driven from outside: GNU Backgammon ([`gnubg`]).
//! No user interface: the app and the command line build on these.

pub mod gnubg;
