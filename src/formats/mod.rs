//! The text formats positions travel in: gnubg's Position ID, XG's XGID, a text diagram and the
//! project's RON position files.

mod base64;
pub mod position_id;
