//! The Match tab and the board: the selected decision goes onto the board (as if pasted: a
//! game refuses it), and a match opened shows the Match tab.

use super::{Action, AppState};
use crate::app::editing::EditAction;
use crate::app::match_review::MatchAction;
use crate::app::settings::Tab;

impl AppState {
    /// Applies a Match tab action; when the selected decision changed, its board replaces
    /// the one being edited.
    pub(super) fn apply_match(&mut self, action: MatchAction) {
        let opening = matches!(action, MatchAction::Load(_) | MatchAction::Paste(_));
        let before = (
            self.match_review.selected,
            self.match_review.loaded.as_ref().map(|l| l.game.clone()),
        );
        let fx = self.match_review.update(action);
        self.emit(fx, Action::Match);
        let after = (
            self.match_review.selected,
            self.match_review.loaded.as_ref().map(|l| l.game.clone()),
        );
        let opened = opening && after.1.is_some() && !same(&before.1, &after.1);
        if opened {
            self.settings.tab = Tab::Match;
        }
        if (after.0 != before.0 || opened)
            && let Some(edit) = self.match_review.selected_edit()
            && self.editing.edit != edit
            && let Some(Action::Edit(show)) = self.route_in_game(EditAction::Show(edit).into())
        {
            let fx = self.editing.update(show, &mut *self.dice);
            self.emit(fx, Action::Edit);
        }
    }
}

/// True when both are the same match (the same reading, not an equal one).
fn same<T>(a: &Option<std::sync::Arc<T>>, b: &Option<std::sync::Arc<T>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}
