//! The command table: every action with a menu entry, a toolbar button or a keyboard shortcut,
//! with its label, tooltip and shortcuts in one place (rerun's `UICommand` is the model). The
//! menus, the toolbar, the tooltips and the key handling all read it.

use super::candidates::CandidatesAction;
use super::coordinator::{Action, AppState};
use super::editing::{EditAction, IdFormat};
use super::export::ExportAction;
use super::match_review::MatchAction;
use super::render::ExportSize;
use super::settings::Theme;
use super::view::{HelpWindow, ViewAction};
use super::weights::WeightsAction;
use bgw_engine::reference::Reference;
use egui::{Key, KeyboardShortcut, Modifiers};

/// Declares [`Command`] and [`Command::ALL`] from one list, so that every command is in the
/// list, once, in the enum's order.
macro_rules! commands {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// A command of the menus, the toolbar or the keyboard.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum Command {
            $($(#[$doc])* $name,)*
        }

        impl Command {
            /// How many commands there are.
            const COUNT: usize = {
                let names: &[&str] = &[$(stringify!($name)),*];
                names.len()
            };

            /// Every command, in the order declared.
            pub const ALL: [Command; Command::COUNT] = [$(Command::$name),*];
        }
    };
}

commands! {
    /// File → Open… (a position, or a match into the Match tab).
    Open,
    /// File → Save position…
    SavePosition,
    /// File → Open weights…
    OpenWeights,
    /// File → Save weights.
    SaveWeights,
    /// → in the Match tab: the next decision.
    NextDecision,
    /// ← in the Match tab: the previous decision.
    PreviousDecision,
    /// File → Export the board as PNG, 1600 px…
    ExportBoard,
    /// File → Export the board as PNG for print, 3200 px…
    ExportBoardPrint,
    /// File → Export the analysis as text…
    ExportAnalysis,
    /// File → Export match… (the Match tab's match, MAT or SGF).
    ExportMatch,
    /// File → Export game… (the Play tab's game, MAT or SGF).
    ExportGame,
    /// Edit → Undo (in the open workspace).
    Undo,
    /// Edit → Redo (in the open workspace).
    Redo,
    /// Edit → Copy Position ID.
    CopyPositionId,
    /// Edit → Copy PositionID:MatchID.
    CopyPositionMatchId,
    /// Edit → Copy XGID.
    CopyXgid,
    /// Edit → Copy analysis (gnubg's manner, as text).
    CopyAnalysis,
    /// The opening position.
    Opening,
    /// Every checker off.
    Empty,
    /// Exchanges the colours.
    SwapSides,
    /// Turns the board round.
    FlipBoard,
    /// Rolls the dice.
    Roll,
    /// Clears the dice.
    ClearDice,
    /// View → Theme: light.
    ThemeLight,
    /// View → Theme: dark.
    ThemeDark,
    /// View → Theme: as the system says.
    ThemeSystem,
    /// View → Judge: the gnubg program.
    JudgeProcess,
    /// View → Judge: gnubg's nets evaluated in bgw.
    JudgeNative,
    /// View → Reset layout.
    ResetLayout,
    /// The next candidate.
    SelectNext,
    /// The previous candidate.
    SelectPrevious,
    /// Plays the selected candidate.
    PlaySelected,
    /// Help → Keyboard and mouse.
    KeyboardHelp,
    /// Help → About.
    About,
}

const fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);

impl Command {
    /// The label of its menu entry or button.
    pub fn text(self) -> &'static str {
        match self {
            Command::Open => "Open…",
            Command::SavePosition => "Save position…",
            Command::OpenWeights => "Open weights…",
            Command::SaveWeights => "Save weights",
            Command::NextDecision => "Next decision of the match",
            Command::PreviousDecision => "Previous decision of the match",
            Command::ExportBoard => "Export the board as PNG, 1600 px…",
            Command::ExportBoardPrint => "Export the board for print, 3200 px…",
            Command::ExportAnalysis => "Export the analysis as text…",
            Command::ExportMatch => "Export match…",
            Command::ExportGame => "Export game…",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::CopyPositionId => "Copy Position ID",
            Command::CopyPositionMatchId => "Copy PositionID:MatchID",
            Command::CopyXgid => "Copy XGID",
            Command::CopyAnalysis => "Copy analysis",
            Command::Opening => "Opening",
            Command::Empty => "Empty",
            Command::SwapSides => "Swap sides",
            Command::FlipBoard => "Flip view",
            Command::Roll => "Roll",
            Command::ClearDice => "Clear dice",
            Command::ThemeLight => "Light",
            Command::ThemeDark => "Dark",
            Command::ThemeSystem => "As the system",
            Command::JudgeProcess => "gnubg's program",
            Command::JudgeNative => "gnubg's nets, native",
            Command::ResetLayout => "Reset layout",
            Command::SelectNext => "Next candidate",
            Command::SelectPrevious => "Previous candidate",
            Command::PlaySelected => "Play the selected candidate",
            Command::KeyboardHelp => "Keyboard and mouse",
            Command::About => "About",
        }
    }

    /// What it does, for its tooltip.
    pub fn tooltip(self) -> &'static str {
        match self {
            Command::Open => {
                "Open a position (RON) or a match (MAT, SGF: it opens in the Match tab)"
            }
            Command::SavePosition => "Save the board, the side to play and the dice as a RON file",
            Command::OpenWeights => {
                "Load a weights file (asks first when there are unsaved changes)"
            }
            Command::SaveWeights => {
                "Save the weights to their file (asks for one when there is none)"
            }
            Command::NextDecision => "The match's next decision on the board (Match tab)",
            Command::PreviousDecision => "The match's previous decision on the board (Match tab)",
            Command::Undo => "Undo the last change (in a game: your last move)",
            Command::Redo => "Redo what was undone",
            Command::ExportBoard => {
                "Save the board with its Position ID and dice as a PNG image 1600 pixels wide"
            }
            Command::ExportBoardPrint => {
                "Save the board with its Position ID and dice as a PNG image 3200 pixels wide"
            }
            Command::ExportAnalysis => {
                "Save the diagram, the IDs, the candidates and the breakdown as a text file"
            }
            Command::ExportMatch => {
                "Save the Match tab's match as MAT (.mat) or gnubg's SGF (.sgf), as the name says"
            }
            Command::ExportGame => {
                "Save the Play tab's game (the one on, or the last) as MAT (.mat) or gnubg's SGF (.sgf)"
            }
            Command::CopyAnalysis => {
                "Copy the diagram, the IDs, the candidates and the breakdown as text (gnubg's manner)"
            }
            Command::CopyPositionId => "Copy gnubg's Position ID",
            Command::CopyPositionMatchId => "Copy gnubg's PositionID:MatchID",
            Command::CopyXgid => "Copy eXtreme Gammon's XGID",
            Command::Opening => "The opening position",
            Command::Empty => "Take every checker off",
            Command::SwapSides => "Exchange the colours of all checkers",
            Command::FlipBoard => "Turn the board round",
            Command::Roll => "Roll the dice",
            Command::ClearDice => "Click the dice on the board to set them one by one",
            Command::ThemeLight => "Dark text on light",
            Command::ThemeDark => "Light text on dark",
            Command::ThemeSystem => "Light or dark as the desktop says",
            Command::JudgeProcess => {
                "gnubg's columns, cube, reviews and rollouts from the gnubg program (installed \
                 separately)"
            }
            Command::JudgeNative => {
                "gnubg 1.07's nets evaluated in bgw: no gnubg program needed; 0-ply cubeless \
                 money so far, anything else is refused saying so"
            }
            Command::ResetLayout => {
                "Give the board, the tabs, the candidates and the breakdown their default sizes"
            }
            Command::SelectNext => "Select the next candidate",
            Command::SelectPrevious => "Select the previous candidate",
            Command::PlaySelected => "Play the selected candidate (or double click it)",
            Command::KeyboardHelp => "Every shortcut and mouse gesture",
            Command::About => "Versions of the workbench, egui and gnubg",
        }
    }

    /// Its keyboard shortcuts, the one shown first.
    pub fn kbd_shortcuts(self) -> &'static [KeyboardShortcut] {
        match self {
            Command::Open => const { &[key(CMD, Key::O)] },
            Command::SavePosition => const { &[key(CMD, Key::S)] },
            Command::OpenWeights => const { &[key(CMD_SHIFT, Key::O)] },
            Command::SaveWeights => const { &[key(CMD_SHIFT, Key::S)] },
            Command::NextDecision => const { &[key(Modifiers::NONE, Key::ArrowRight)] },
            Command::PreviousDecision => const { &[key(Modifiers::NONE, Key::ArrowLeft)] },
            Command::Undo => const { &[key(CMD, Key::Z)] },
            Command::Redo => const { &[key(CMD, Key::Y), key(CMD_SHIFT, Key::Z)] },
            // Ctrl+C reaches the app as a copy event (see `pressed`).
            Command::CopyPositionMatchId => const { &[key(CMD, Key::C)] },
            Command::CopyAnalysis => const { &[key(CMD_SHIFT, Key::C)] },
            Command::ExportBoard => const { &[key(CMD, Key::E)] },
            Command::KeyboardHelp => const { &[key(Modifiers::NONE, Key::F1)] },
            Command::Roll => const { &[key(Modifiers::NONE, Key::R)] },
            Command::SelectNext => const { &[key(Modifiers::NONE, Key::ArrowDown)] },
            Command::SelectPrevious => const { &[key(Modifiers::NONE, Key::ArrowUp)] },
            Command::PlaySelected => const { &[key(Modifiers::NONE, Key::Enter)] },
            _ => &[],
        }
    }

    /// The shortcut shown beside it, if any.
    pub fn kbd_shortcut(self) -> Option<KeyboardShortcut> {
        self.kbd_shortcuts().first().copied()
    }

    /// The shortcut as the platform writes it (`Ctrl+Z`, `⌘Z` on a Mac), or "".
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.kbd_shortcut()
            .map(|k| ctx.format_shortcut(&k))
            .unwrap_or_default()
    }

    /// The tooltip with the shortcut: "Roll the dice (R)".
    pub fn tooltip_with_shortcut(self, ctx: &egui::Context) -> String {
        match self.shortcut_text(ctx) {
            s if s.is_empty() => self.tooltip().to_string(),
            s => format!("{} ({s})", self.tooltip()),
        }
    }

    /// What it does now in `workspace`; `None` when there is nothing to do (no candidate
    /// selected).
    pub fn action(self, state: &AppState, workspace: &dyn CommandScope) -> Option<Action> {
        Some(match self {
            Command::Open => EditAction::Open.into(),
            Command::SavePosition => EditAction::SavePosition.into(),
            Command::OpenWeights => WeightsAction::Open.into(),
            Command::SaveWeights => WeightsAction::Save.into(),
            Command::NextDecision if state.match_review.loaded.is_some() => {
                MatchAction::Step(1).into()
            }
            Command::PreviousDecision if state.match_review.loaded.is_some() => {
                MatchAction::Step(-1).into()
            }
            Command::NextDecision | Command::PreviousDecision => return None,
            Command::Undo => workspace.undo(),
            Command::Redo => workspace.redo(),
            Command::CopyPositionId => EditAction::Copy(IdFormat::PositionId).into(),
            Command::CopyPositionMatchId => EditAction::Copy(IdFormat::PositionMatchId).into(),
            Command::CopyXgid => EditAction::Copy(IdFormat::Xgid).into(),
            Command::Opening => EditAction::Opening.into(),
            Command::Empty => EditAction::Empty.into(),
            Command::SwapSides => EditAction::SwapSides.into(),
            Command::FlipBoard => ViewAction::FlipBoard.into(),
            Command::Roll => EditAction::Roll.into(),
            Command::ClearDice => EditAction::ClearDice.into(),
            Command::ThemeLight => ViewAction::SetTheme(Theme::Light).into(),
            Command::ThemeDark => ViewAction::SetTheme(Theme::Dark).into(),
            Command::ThemeSystem => ViewAction::SetTheme(Theme::System).into(),
            Command::JudgeProcess => ViewAction::SetJudge(Reference::Process).into(),
            Command::JudgeNative => ViewAction::SetJudge(Reference::Native).into(),
            Command::ResetLayout => ViewAction::ResetLayout.into(),
            Command::ExportBoard => ExportAction::Board(ExportSize::Screen).into(),
            Command::ExportBoardPrint => ExportAction::Board(ExportSize::Print).into(),
            Command::ExportAnalysis => ExportAction::SaveAnalysis.into(),
            Command::ExportMatch => ExportAction::SaveMatch.into(),
            Command::ExportGame => ExportAction::SaveGame.into(),
            Command::CopyAnalysis => ExportAction::CopyAnalysis.into(),
            Command::KeyboardHelp => ViewAction::ShowWindow(HelpWindow::Keyboard, true).into(),
            Command::About => ViewAction::ShowWindow(HelpWindow::About, true).into(),
            Command::SelectNext => CandidatesAction::SelectStep(1).into(),
            Command::SelectPrevious => CandidatesAction::SelectStep(-1).into(),
            Command::PlaySelected => CandidatesAction::Play(state.candidates.selected?).into(),
        })
    }

    /// Why the command can do nothing now (its menu entry is disabled with this as the
    /// hover text); `None` when it can.
    pub fn unavailable(self, state: &AppState) -> Option<&'static str> {
        match self {
            Command::ExportMatch => state.exportable_match().err(),
            Command::ExportGame => state.exportable_game().err(),
            _ => None,
        }
    }

    /// A button for the command: its label, its tooltip with the shortcut; true when clicked.
    pub fn button(self, ui: &mut egui::Ui) -> bool {
        let tip = self.tooltip_with_shortcut(ui.ctx());
        ui.button(self.text()).on_hover_text(tip).clicked()
    }

    /// A menu entry for the command: its label, the shortcut on the right, the tooltip;
    /// true when clicked.
    pub fn menu_entry(self, ui: &mut egui::Ui, enabled: bool) -> bool {
        self.menu_entry_because(ui, enabled, self.tooltip())
    }

    /// A menu entry as [`Command::menu_entry`], `why` its hover text while disabled.
    fn menu_entry_because(self, ui: &mut egui::Ui, enabled: bool, why: &str) -> bool {
        let button = egui::Button::new(self.text()).shortcut_text(self.shortcut_text(ui.ctx()));
        ui.add_enabled(enabled, button)
            .on_hover_text(self.tooltip())
            .on_disabled_hover_text(why)
            .clicked()
    }
}

/// Where commands run: the open workspace says what undo and redo mean in it and which
/// commands it offers.
pub trait CommandScope {
    /// The action that undoes the last step here.
    fn undo(&self) -> Action;

    /// The action that redoes the last undone step here.
    fn redo(&self) -> Action;

    /// True when there is something to undo here.
    fn can_undo(&self, state: &AppState) -> bool;

    /// True when there is something to redo here.
    fn can_redo(&self, state: &AppState) -> bool;

    /// True when the command's shortcut works here (the menus list every command).
    fn offers(&self, command: Command) -> bool;
}

/// Draws `commands` as menu entries (`menu`) or as buttons, pushing onto `out` the actions of
/// those clicked. In a menu, Undo and Redo are enabled by the workspace.
pub fn draw(
    ui: &mut egui::Ui,
    commands: &[Command],
    menu: bool,
    state: &AppState,
    workspace: &dyn CommandScope,
    out: &mut Vec<Action>,
) {
    for &c in commands {
        let clicked = if menu {
            let enabled = match c {
                Command::Undo => workspace.can_undo(state),
                Command::Redo => workspace.can_redo(state),
                _ => true,
            };
            match c.unavailable(state) {
                Some(why) => c.menu_entry_because(ui, false, why),
                None => c.menu_entry(ui, enabled),
            }
        } else {
            c.button(ui)
        };
        if clicked && let Some(a) = c.action(state, workspace) {
            out.push(a);
        }
    }
}

/// The commands whose shortcuts were pressed this frame among those `workspace` offers, when no
/// text field has the keyboard. The more specific shortcuts are tried first (Ctrl+Shift+S
/// before Ctrl+S: egui matches extra Shift logically).
pub fn pressed(ctx: &egui::Context, workspace: &dyn CommandScope) -> Vec<Command> {
    let mut out = Vec::new();
    if !super::shortcuts_free(ctx) {
        return out;
    }
    let mut keys: Vec<(Command, KeyboardShortcut)> = Command::ALL
        .into_iter()
        .filter(|&c| workspace.offers(c))
        .flat_map(|c| c.kbd_shortcuts().iter().map(move |&k| (c, k)))
        .collect();
    keys.sort_by_key(|(_, k)| std::cmp::Reverse(modifier_count(k.modifiers)));
    ctx.input_mut(|i| {
        for (c, k) in keys {
            if i.consume_shortcut(&k) && !out.contains(&c) {
                out.push(c);
            }
        }
        let copy = Command::CopyPositionMatchId;
        if workspace.offers(copy) && i.events.iter().any(|e| matches!(e, egui::Event::Copy)) {
            out.push(copy);
        }
    });
    out
}

fn modifier_count(m: Modifiers) -> usize {
    [m.alt, m.ctrl || m.command || m.mac_cmd, m.shift]
        .into_iter()
        .filter(|&b| b)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shortcut_is_unique_and_every_command_is_listed_once() {
        let mut seen: Vec<(KeyboardShortcut, Command)> = Vec::new();
        for c in Command::ALL {
            assert_eq!(Command::ALL.iter().filter(|&&d| d == c).count(), 1, "{c:?}");
            assert!(!c.text().is_empty() && !c.tooltip().is_empty(), "{c:?}");
            for &k in c.kbd_shortcuts() {
                if let Some((_, other)) = seen.iter().find(|(s, _)| *s == k) {
                    panic!("{c:?} and {other:?} share a shortcut");
                }
                seen.push((k, c));
            }
        }
        assert!(seen.len() >= 11);
    }

    #[test]
    fn shortcut_labels_follow_the_platform() {
        let ctx = egui::Context::default();
        assert_eq!(Command::Undo.shortcut_text(&ctx), "Ctrl+Z");
        assert_eq!(Command::SaveWeights.shortcut_text(&ctx), "Ctrl+Shift+S");
        assert_eq!(
            Command::Roll.tooltip_with_shortcut(&ctx),
            "Roll the dice (R)"
        );
        assert_eq!(Command::CopyXgid.shortcut_text(&ctx), "");
    }
}
