//! What every feature of the app is to the coordinator ([`Feature`]): a state that applies its
//! own actions and collects its own background work, given what it may use of the rest
//! ([`Shared`]). The coordinator's table (`coordinator::features`) lists each feature once —
//! its action's variant, its field and its type — and routes, polls and builds it from there;
//! the rules that span features stay in the coordinator.

use super::edit::Edit;
use super::effect::Effect;
use super::settings::Tab;
use bgw_engine::DiceSource;
use bgw_engine::evaluation::classic::Weights;
use std::path::Path;

/// A feature: its state applies its actions and polls its background work.
pub trait Feature {
    /// What a person can do in it.
    type Action: 'static;

    /// Applies one of its actions; returns the effects for the shell (notes go to the
    /// messages). What it changes of [`Shared`] the coordinator carries over.
    fn update(
        &mut self,
        action: Self::Action,
        shared: &mut Shared<'_>,
    ) -> Vec<Effect<Self::Action>>;

    /// Collects the results of its background work (each frame).
    fn poll(&mut self, _shared: &mut Shared<'_>) -> Vec<Effect<Self::Action>> {
        Vec::new()
    }
}

/// What a feature may read and use beyond its own state. The board and the weights are
/// copies: a feature that changes them (a game shows itself on the board and learns) changes
/// the copy, and the coordinator gives the change to the features that own them.
pub struct Shared<'a> {
    /// Where every throw of the dice comes from.
    pub dice: &'a mut dyn DiceSource,
    /// The board as it stands.
    pub board: Edit,
    /// What a feature asks of the board, if anything.
    pub show: Show,
    /// The weights being edited.
    pub weights: Weights,
    /// The weights as last saved.
    pub saved_weights: Weights,
    /// The folder of the last export (file dialogs open there).
    pub export_dir: Option<&'a Path>,
    /// The open tab; a feature may open another (a match just read opens the Match tab).
    pub tab: Tab,
    /// True when the feature's background work goes on now (its tab is open, or its row of
    /// the tab table says it works hidden).
    pub polled: bool,
}

/// What a feature asks of the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Show {
    /// Nothing.
    Nothing,
    /// This board, as if pasted: a game on refuses it.
    Board(Edit),
    /// [`Shared::board`] as the feature changed it (a game's position); `record` makes the
    /// change one step of the board's history.
    Changed {
        /// One undo step.
        record: bool,
    },
}

impl Shared<'_> {
    /// Puts `edit` on the board as the feature's own (a game): `record` makes it one undo step
    /// (a step recorded once in an action stays recorded).
    pub fn change_board(&mut self, edit: Edit, record: bool) {
        self.board = edit;
        let recorded = matches!(self.show, Show::Changed { record: true });
        self.show = Show::Changed {
            record: record || recorded,
        };
    }
}
