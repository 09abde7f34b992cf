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
        // The match read, by address: a new reading is another one.
        let read = |s: &AppState| {
            (s.match_review.loaded.as_ref()).map(|l| std::sync::Arc::as_ptr(&l.game))
        };
        let before = (self.match_review.selected, read(self));
        let fx = self.match_review.update(action);
        self.emit(fx, Action::Match);
        let after = (self.match_review.selected, read(self));
        let opened = opening && after.1.is_some() && after.1 != before.1;
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
