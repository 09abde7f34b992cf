//! Bear-off databases: the exact figures of a no-contact race that a judge reads and the
//! studies measure against, in gnubg's numbering and file formats.
//!
//! - [`one_sided`]: seed 001's one-sided databases — for one side alone on its lowest points,
//!   the distribution of the rolls needed to bear off (and to bear the first checker off),
//!   gnubg's numbering and `.bd` files, the moments-only databases, and the winning and gammon
//!   chances of a race from both sides' distributions.
//! - [`two_sided`]: the exact cubeless (and gnubg's cubeful) chance of bearing off first for
//!   both sides at once, gnubg's two-sided files, their build (resumable, measured against the
//!   memory there is) and the on-the-fly solver.
//!
//! Below [`reference`](crate::reference) (gnubg's nets in process read both) and below
//! [`studies`](crate::studies) (the race studies and the one-sided methods against the exact
//! chances read both); they read only [`core`](mod@crate::core) and [`io`](crate::io).

pub mod one_sided;
pub mod two_sided;

pub use one_sided::Database;
pub use two_sided::TwoSidedDb;
