//! Play against the classic program (as in the seed): the person moves by dragging checkers (each
//! partial move checked, a refusal given with the seed's reason), by typing a move or by picking a
//! candidate; the program rolls and answers with its phase and reason; learning (GOOD/BAD) can be
//! on, its updates logged. The game is the engine's [`bgw_engine::evaluation::classic::Game`]: this
//! module turns [`PlayAction`]s into its calls, throws its dice from the app's dice source and
//! shows its position on the board.
//!
//! - [`rules`]: the feature's state and rules ([`PlayState`]);
//! - [`game`]: the game in progress ([`PlayGame`]);
//! - [`panel`]: the Play tab.
//!
//! While a game is on, the coordinator (`coordinator::game`) turns board edits into move steps
//! and refuses the edits a game does not allow; the dice set on the board are the person's dice.

pub mod game;
pub mod panel;
pub mod rules;

pub use game::PlayGame;
pub use rules::PlayState;

pub use rules::{ETA_RANGE, Learning, PlayAction};
