//! The «Чемпион» workspace's state: the mode, the game ([`super::game`]), the set-up board
//! ([`super::setup`]), the replay of the article's game ([`super::replay`]) and the solved
//! variants ([`super::solutions`]). Every change goes through [`ChampionState::apply`].

use super::game::{Game, Opponent, Status};
use super::replay::Replay;
use super::setup::{Setup, SetupTool};
use super::solutions::SolveCache;
use crate::app::jobs::Start;
use bgw_engine::champion::match_play::{article_start, replay_article};
use bgw_engine::champion::solver::{Move, MoveValue};
use bgw_engine::champion::{Listing, Position, Side, Solution, Trace, Variant, WolfMove};

/// What the workspace shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// A game against an opponent.
    Play,
    /// Setting up a position by hand.
    Setup,
    /// The article's game, step by step.
    Replay,
}

/// The workspace: mode, game, set-up board, replay, solutions.
pub struct ChampionState {
    /// What is shown.
    pub mode: Mode,
    /// The game.
    pub game: Game,
    /// The square of the piece picked by a click, waiting for its target.
    pub picked: Option<u8>,
    /// Why the last move was refused (shown next to the board).
    pub refusal: Option<String>,
    /// The set-up board.
    pub setup: Setup,
    /// The replay.
    pub replay: Replay,
    /// Solved variants.
    pub solutions: SolveCache,
    games_started: u64,
}

impl Default for ChampionState {
    fn default() -> ChampionState {
        ChampionState::new(Variant::NINE_FOUR)
    }
}

/// What of the workspace is kept across restarts: the mode, the variant (`9x4` …) and the
/// opponent (by its name in the UI). The game itself starts afresh.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChampionSettings {
    /// The mode shown.
    pub mode: Mode,
    /// The variant of the game, as on the command line.
    pub variant: String,
    /// The opponent, as named in the UI.
    pub opponent: String,
}

impl Default for ChampionSettings {
    /// A first start's: a game of 9×4 against «Чемпион»'s main listing.
    fn default() -> ChampionSettings {
        ChampionState::default().settings()
    }
}

impl crate::app::saved_part::SavedPart for ChampionSettings {
    const WHAT: &'static str = "«Чемпион» settings";

    /// An unknown variant or opponent: the defaults.
    fn check(&mut self, notes: &mut Vec<String>) {
        if let Some(problem) = self.problem() {
            notes.push(format!(
                "the saved «Чемпион» settings were refused ({problem}); the defaults are in use"
            ));
            *self = ChampionSettings::default();
        }
    }
}

impl ChampionSettings {
    /// What keeps these settings from being the workspace's (an unknown variant or opponent,
    /// e.g. from a damaged saved state), in words; `None` when they are.
    pub fn problem(&self) -> Option<String> {
        if let Err(e) = Variant::parse(&self.variant) {
            return Some(e.to_string());
        }
        match Opponent::named(&self.opponent) {
            None => Some(format!("no opponent is called {:?}", self.opponent)),
            Some(_) => None,
        }
    }
}

/// What the person can do in the workspace.
#[derive(Clone, Debug, PartialEq)]
pub enum ChampionAction {
    /// Show another mode.
    SetMode(Mode),
    /// A new game of this variant from its start, same opponent.
    NewGame(Variant),
    /// Play against this opponent (the person takes the other side), from the game's start.
    SetOpponent(Opponent),
    /// A click on a square of the board.
    Click(u8),
    /// A piece dragged from a square and dropped on another (`None`: off the board).
    Drop {
        /// Where the drag began.
        from: u8,
        /// Where it ended.
        to: Option<u8>,
    },
    /// Take back to the person's previous turn.
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Set-up: what a click places.
    SetupTool(SetupTool),
    /// Set-up: the board.
    SetupVariant(Variant),
    /// Set-up: who moves first.
    SetupToMove(Side),
    /// Set-up: pieces from text, wolves `46,48,68,88` and goat `66`.
    SetupText(String, String),
    /// Set-up: take every piece off.
    SetupClear,
    /// Set-up: the game's current position.
    SetupFromGame,
    /// Set-up: the position before the article's first printed move.
    SetupArticle,
    /// Start a game from the set-up position.
    PlayFromHere,
    /// Replay: go to this step.
    ReplayStep(usize),
    /// Replay: the listing whose replies are shown.
    ReplayListing(Listing),
}

impl ChampionState {
    /// The workspace with a new game of `variant`: the person plays the wolves against
    /// «Чемпион» (main listing), which makes the first move.
    pub fn new(variant: Variant) -> ChampionState {
        let start = variant.start();
        ChampionState {
            mode: Mode::Play,
            game: Game::new(start, Opponent::Program(Listing::Main), 1, None),
            picked: None,
            refusal: None,
            setup: Setup::from_position(&start),
            replay: Replay {
                listing: Listing::Main,
                step: 0,
                steps: None,
                error: None,
            },
            solutions: SolveCache::default(),
            games_started: 1,
        }
    }

    /// What persistence keeps of the workspace.
    pub fn settings(&self) -> ChampionSettings {
        ChampionSettings {
            mode: self.mode,
            variant: self.game.start.variant.name(),
            opponent: self.game.opponent.name().to_string(),
        }
    }

    /// The workspace as it was left: mode, variant and opponent, a new game. Anything unknown
    /// (a file from another version) falls back to the default.
    pub fn from_settings(settings: &ChampionSettings) -> ChampionState {
        let variant = Variant::parse(&settings.variant).unwrap_or(Variant::NINE_FOUR);
        let mut s = ChampionState::new(variant);
        if let Some(o) = Opponent::named(&settings.opponent) {
            s.apply(ChampionAction::SetOpponent(o));
        }
        s.apply(ChampionAction::SetMode(settings.mode));
        s
    }

    /// The position on the game board.
    pub fn position(&self) -> Position {
        self.game.now.position
    }

    /// The solution of the game's variant, once ready.
    pub fn solution(&self) -> Option<&Solution> {
        self.solutions.get(self.game.now.position.variant)
    }

    /// Once a frame while the workspace is open: asks for the solutions it shows (the starts
    /// of their jobs, for the shell) and, once a background solve has finished, lets a
    /// waiting opponent move and fills the replay.
    pub fn poll(&mut self) -> Vec<Start> {
        let asked = self.solutions.requested(self.position().variant)
            && (self.mode != Mode::Replay || self.solutions.requested(Variant::NINE_FOUR));
        if !asked || self.solved_meanwhile() {
            return self.refresh();
        }
        Vec::new()
    }

    /// Whether a finished background solve has something to update.
    fn solved_meanwhile(&self) -> bool {
        let game_waits = self.game.status() == Status::OpponentWaits
            && self.game.opponent.needs_solution()
            && self.solution().is_some();
        let replay_waits = self.mode == Mode::Replay
            && self.replay.steps.is_none()
            && self.replay.error.is_none()
            && self.solutions.get(Variant::NINE_FOUR).is_some();
        game_waits || replay_waits
    }

    /// Every legal move of the side to move with its exact value (empty until solved).
    pub fn move_values(&self) -> Vec<MoveValue> {
        self.solution()
            .map(|s| s.move_values(&self.position()))
            .unwrap_or_default()
    }

    /// What «Чемпион» would play now (the goat to move), with its trace.
    pub fn program_choice(&self) -> Option<Trace> {
        let pos = self.position();
        (pos.to_move == Side::Goat && pos.outcome().is_none())
            .then(|| self.game.now.program.clone().decide(&pos))
    }

    /// The legal target squares of the piece on `from` (for the side to move).
    pub fn targets(&self, from: u8) -> Vec<u8> {
        let pos = self.position();
        if pos.outcome().is_some() || self.game.now.resigned {
            return Vec::new();
        }
        match (pos.to_move, pos.wolf_at(from)) {
            (Side::Wolves, Some(k)) => pos
                .wolf_moves()
                .into_iter()
                .filter(|m| m.wolf == k)
                .map(|m| m.to)
                .collect(),
            (Side::Goat, None) if from == pos.goat => pos.goat_moves(),
            _ => Vec::new(),
        }
    }

    /// Applies one action; returns the starts of the solves it asks for, for the shell.
    pub fn apply(&mut self, action: ChampionAction) -> Vec<Start> {
        match action {
            ChampionAction::SetMode(m) => {
                self.mode = m;
                self.picked = None;
                self.refusal = None;
            }
            ChampionAction::NewGame(v) => self.new_game(v.start(), self.game.opponent),
            ChampionAction::SetOpponent(o) => self.new_game(self.game.start, o),
            ChampionAction::Click(sq) => self.click(sq),
            ChampionAction::Drop { from, to } => self.drop(from, to),
            ChampionAction::Undo => {
                self.game.undo();
                self.picked = None;
                self.refusal = None;
            }
            ChampionAction::Redo => {
                self.game.redo();
                self.picked = None;
                self.refusal = None;
            }
            ChampionAction::SetupTool(t) => self.setup.tool = t,
            ChampionAction::SetupVariant(v) => {
                let s = &mut self.setup;
                s.variant = v;
                for (k, w) in s.wolves.iter_mut().enumerate() {
                    if k >= v.wolves as usize || !v.on_board(*w as i32) {
                        *w = 0;
                    }
                }
                if !v.on_board(s.goat as i32) {
                    s.goat = 0;
                }
                s.error = None;
            }
            ChampionAction::SetupToMove(side) => self.setup.to_move = side,
            ChampionAction::SetupText(w, g) => {
                self.setup.error = self.setup.set_text(&w, &g).err();
            }
            ChampionAction::SetupClear => {
                self.setup.wolves = [0; 4];
                self.setup.goat = 0;
                self.setup.error = None;
            }
            ChampionAction::SetupFromGame => {
                let tool = self.setup.tool;
                self.setup = Setup::from_position(&self.position());
                self.setup.tool = tool;
            }
            ChampionAction::SetupArticle => {
                let tool = self.setup.tool;
                self.setup = Setup::from_position(&article_start());
                self.setup.tool = tool;
            }
            ChampionAction::PlayFromHere => match self.setup.position() {
                Ok(pos) => {
                    self.new_game(pos, self.game.opponent);
                    self.mode = Mode::Play;
                }
                Err(e) => self.setup.error = Some(e),
            },
            ChampionAction::ReplayStep(k) => {
                let n = self.replay.steps.as_ref().map_or(0, Vec::len);
                self.replay.step = k.min(n);
            }
            ChampionAction::ReplayListing(l) => {
                self.replay.listing = l;
                self.replay.steps = None;
            }
        }
        self.refresh()
    }

    fn new_game(&mut self, start: Position, opponent: Opponent) {
        self.games_started += 1;
        let sol = self.solutions.get(start.variant);
        self.game = Game::new(start, opponent, self.games_started, sol);
        self.picked = None;
        self.refusal = None;
    }

    /// After every action: ask for the solutions in use (the starts of their jobs), let a
    /// waiting opponent move, fill the replay.
    fn refresh(&mut self) -> Vec<Start> {
        let v = self.position().variant;
        let mut starts: Vec<Start> = self.solutions.request(v).into_iter().collect();
        if self.game.opponent.needs_solution() {
            let sol = self.solutions.get(v);
            self.game.opponent_moves(sol);
        }
        if self.mode == Mode::Replay {
            starts.extend(self.solutions.request(Variant::NINE_FOUR));
            if self.replay.steps.is_none()
                && let Some(sol) = self.solutions.get(Variant::NINE_FOUR)
            {
                match replay_article(sol, self.replay.listing) {
                    Ok(steps) => {
                        self.replay.step = self.replay.step.min(steps.len());
                        self.replay.steps = Some(steps);
                        self.replay.error = None;
                    }
                    Err(e) => self.replay.error = Some(e.to_string()),
                }
            }
        }
        starts
    }

    fn person_moves(&mut self, mv: Move) {
        let sol = self.solutions.get(self.game.now.position.variant);
        match self.game.person_moves(mv, sol) {
            Ok(()) => {
                self.picked = None;
                self.refusal = None;
            }
            Err(e) => self.refusal = Some(format!("{mv} refused: {e}")),
        }
    }

    fn click(&mut self, sq: u8) {
        match self.mode {
            Mode::Setup => {
                self.setup.error = self.setup.click(sq).err();
                return;
            }
            Mode::Replay => return,
            Mode::Play => {}
        }
        let pos = self.position();
        let person = self.game.person();
        let own = match person {
            Side::Wolves => pos.wolf_at(sq).is_some(),
            Side::Goat => pos.goat == sq,
        };
        if own {
            self.picked = if self.picked == Some(sq) {
                None
            } else {
                Some(sq)
            };
            self.refusal = None;
            return;
        }
        match (person, self.picked) {
            (Side::Wolves, Some(from)) => match pos.wolf_at(from) {
                Some(wolf) => self.person_moves(Move::Wolf(WolfMove { wolf, to: sq })),
                None => self.picked = None,
            },
            // The goat is the person's only piece: a click on a square moves it there.
            (Side::Goat, _) => self.person_moves(Move::Goat(sq)),
            (Side::Wolves, None) => {
                self.refusal = Some(if pos.goat == sq {
                    "you play the wolves: click a wolf, then the square it goes to".into()
                } else {
                    format!("pick a wolf first (then click {sq})")
                });
            }
        }
    }

    fn drop(&mut self, from: u8, to: Option<u8>) {
        match self.mode {
            Mode::Setup => {
                self.setup.error = self.setup.drop(from, to).err();
                return;
            }
            Mode::Replay => return,
            Mode::Play => {}
        }
        let pos = self.position();
        let mv = if let Some(wolf) = pos.wolf_at(from) {
            match to {
                Some(to) => Move::Wolf(WolfMove { wolf, to }),
                None => {
                    self.refusal = Some(format!("wolf {wolf} dropped off the board: refused"));
                    return;
                }
            }
        } else if from == pos.goat {
            match to {
                Some(to) => Move::Goat(to),
                None => {
                    self.refusal = Some("the goat dropped off the board: refused".into());
                    return;
                }
            }
        } else {
            return;
        };
        if to == Some(from) {
            // Dropped where it was taken: a click.
            return self.click(from);
        }
        self.person_moves(mv);
    }
}

impl crate::app::feature::Feature for ChampionState {
    type Action = ChampionAction;

    fn update(
        &mut self,
        action: ChampionAction,
        _shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<crate::app::effect::Effect<ChampionAction>> {
        let starts = self.apply(action);
        starts
            .into_iter()
            .map(crate::app::effect::Effect::Start)
            .collect()
    }

    /// Solutions asked for and opponents' moves, only while the workspace is polled.
    fn poll(
        &mut self,
        shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<crate::app::effect::Effect<ChampionAction>> {
        if !shared.polled {
            return Vec::new();
        }
        let starts = ChampionState::poll(self);
        starts
            .into_iter()
            .map(crate::app::effect::Effect::Start)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::champion::{Champion, Outcome};

    fn wait_for(s: &mut ChampionState, v: Variant) {
        // The starts the actions returned were dropped (no shell here): asked again, run here.
        if let Some(start) = s.solutions.request(v) {
            start.run_here();
        }
        for _ in 0..3000 {
            if s.solutions.get(v).is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(s.solutions.get(v).is_some(), "solved in time");
        s.poll();
    }

    #[test]
    fn wolves_against_the_program_with_undo_and_redo() {
        let mut s = ChampionState::new(Variant::EIGHT_THREE);
        // The program opened: the goat left 51.
        assert_eq!(s.position().to_move, Side::Wolves);
        assert_ne!(s.position().goat, 51);
        assert_eq!(s.game.now.record.len(), 1);
        assert!(s.game.now.record[0].starts_with('('));
        let opened = s.position();
        s.apply(ChampionAction::Click(28));
        assert_eq!(s.picked, Some(28));
        assert_eq!(s.targets(28), vec![17, 37]);
        s.apply(ChampionAction::Click(17));
        assert_eq!(s.position().wolves[0], 17);
        assert_eq!(s.position().to_move, Side::Wolves, "the goat answered");
        let record = s.game.now.record.clone();
        assert!(record[1].starts_with("1/17 ("), "{record:?}");
        let after = s.position();
        s.apply(ChampionAction::Undo);
        assert_eq!(s.position(), opened);
        assert_eq!(s.game.now.record.len(), 1);
        s.apply(ChampionAction::Redo);
        assert_eq!(s.position(), after);
        assert_eq!(s.game.now.record, record);
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_rules_reason_and_changes_nothing() {
        let mut s = ChampionState::new(Variant::EIGHT_THREE);
        let before = s.position();
        // Wolf 1 on 28 two rows down: not a step.
        s.apply(ChampionAction::Drop {
            from: 28,
            to: Some(26),
        });
        assert_eq!(s.position(), before);
        let r = s.refusal.clone().unwrap();
        assert!(r.contains("1/26 refused") && r.contains("step"), "{r}");
        assert!(!s.game.can_undo());
    }

    #[test]
    fn the_goat_against_perfect_wolves_waits_for_the_solution_then_plays() {
        let mut s = ChampionState::new(Variant::EIGHT_THREE);
        s.apply(ChampionAction::SetOpponent(Opponent::PerfectWolves));
        assert_eq!(s.game.person(), Side::Goat);
        assert_eq!(s.position(), Variant::EIGHT_THREE.start());
        wait_for(&mut s, Variant::EIGHT_THREE);
        let targets = s.targets(51);
        assert!(!targets.is_empty());
        s.apply(ChampionAction::Click(targets[0]));
        let p = s.position();
        assert_eq!(
            p.to_move,
            Side::Goat,
            "the wolves answered: {:?}",
            s.refusal
        );
        assert_eq!(s.game.now.record.len(), 2);
        s.apply(ChampionAction::Undo);
        assert_eq!(s.position(), Variant::EIGHT_THREE.start());
    }

    #[test]
    fn stuck_wolves_lose_and_setup_errors_are_reported() {
        let mut s = ChampionState::new(Variant::EIGHT_THREE);
        s.apply(ChampionAction::SetMode(Mode::Setup));
        s.apply(ChampionAction::SetupClear);
        s.apply(ChampionAction::Click(11));
        s.apply(ChampionAction::Click(31));
        s.apply(ChampionAction::PlayFromHere);
        assert_eq!(s.mode, Mode::Setup);
        assert!(
            s.setup
                .error
                .as_ref()
                .unwrap()
                .contains("wolf 3 is not placed")
        );
        s.apply(ChampionAction::Click(12));
        assert!(
            s.setup
                .error
                .as_ref()
                .unwrap()
                .contains("not a playing square")
        );
        s.apply(ChampionAction::Click(51));
        s.apply(ChampionAction::Click(71));
        assert!(s.setup.error.as_ref().unwrap().contains("all 3 wolves"));
        s.apply(ChampionAction::SetupTool(SetupTool::Goat));
        s.apply(ChampionAction::Click(44));
        s.apply(ChampionAction::SetupToMove(Side::Wolves));
        s.apply(ChampionAction::PlayFromHere);
        assert_eq!(s.mode, Mode::Play);
        assert_eq!(s.game.status(), Status::Over(Outcome::WolvesStuck));
        s.apply(ChampionAction::SetupText("46,48,68".into(), "99".into()));
        assert!(s.setup.error.as_ref().unwrap().contains("99"));
        s.apply(ChampionAction::SetupText("46, 48 ,68".into(), "66".into()));
        assert_eq!(s.setup.error, None);
        assert_eq!(s.setup.wolves, [46, 48, 68, 0]);
    }

    #[test]
    fn the_replay_steps_through_the_article() {
        let mut s = ChampionState::default();
        s.apply(ChampionAction::SetMode(Mode::Replay));
        wait_for(&mut s, Variant::NINE_FOUR);
        let n = s.replay.steps.as_ref().unwrap().len();
        assert_eq!(n, 17);
        assert_eq!(s.replay.position(), article_start());
        s.apply(ChampionAction::ReplayStep(1));
        let p = s.replay.position();
        assert_eq!((p.wolves[1], p.goat), (57, 77));
        s.apply(ChampionAction::ReplayStep(99));
        assert_eq!(s.replay.step, n);
        assert_eq!(s.replay.position().goat, 13);
    }

    #[test]
    fn the_goat_against_random_wolves_plays_to_the_end_and_undo_takes_back_both_moves() {
        let mut s = ChampionState::new(Variant::EIGHT_FOUR);
        s.apply(ChampionAction::SetOpponent(Opponent::RandomWolves));
        assert_eq!(s.game.person(), Side::Goat);
        let mut turns = 0;
        while let Status::YourTurn(Side::Goat) = s.game.status() {
            let before = s.position();
            let sq = before.goat_moves()[0];
            s.apply(ChampionAction::Click(sq));
            assert_eq!(s.refusal, None);
            turns += 1;
            assert!(turns < 60, "a game ends: every wolf move goes down a row");
            if s.game.status() == Status::YourTurn(Side::Goat) {
                // The random wolves answered; undo takes back both moves, redo replays them.
                let after = s.position();
                assert_ne!(after.wolves, before.wolves);
                s.apply(ChampionAction::Undo);
                assert_eq!(s.position(), before);
                s.apply(ChampionAction::Redo);
                assert_eq!(s.position(), after);
            }
        }
        assert!(matches!(s.game.status(), Status::Over(_)));
        // A game over refuses further moves with the reason.
        let goat = s.position().goat;
        s.apply(ChampionAction::Click(goat + 11));
        assert!(s.refusal.is_some());
    }

    #[test]
    fn a_resigning_program_ends_the_game_with_zero() {
        // Search the 8×8 three-wolf positions for one where the goat can move but every
        // check of the program fails (the trap test rejects legal squares).
        let v = Variant::EIGHT_THREE;
        let squares = v.squares();
        let mut found = None;
        'search: for (i, &a) in squares.iter().enumerate() {
            for (j, &b) in squares.iter().enumerate().skip(i + 1) {
                for &c in &squares[j + 1..] {
                    for &g in &squares {
                        let Ok(p) = Position::new(v, &[a, b, c], g, Side::Goat) else {
                            continue;
                        };
                        if p.outcome().is_some() {
                            continue;
                        }
                        let mut prog = Champion::for_position(Listing::Main, &p);
                        if prog.decide(&p).choice.is_none() {
                            found = Some(p);
                            break 'search;
                        }
                    }
                }
            }
        }
        let p = found.expect("the program resigns somewhere on the 8×8 board");
        let mut s = ChampionState::new(v);
        s.apply(ChampionAction::SetMode(Mode::Setup));
        s.apply(ChampionAction::SetupText(
            format!("{},{},{}", p.wolves[0], p.wolves[1], p.wolves[2]),
            p.goat.to_string(),
        ));
        s.apply(ChampionAction::SetupToMove(Side::Goat));
        s.apply(ChampionAction::PlayFromHere);
        assert_eq!(s.game.status(), Status::Resigned);
        assert_eq!(s.game.now.record, vec!["(0)".to_string()]);
        assert!(s.game.now.trace.as_ref().unwrap().choice.is_none());
    }

    #[test]
    fn the_workspace_settings_survive_a_restart() {
        let mut s = ChampionState::new(Variant::NINE_FOUR);
        s.apply(ChampionAction::NewGame(Variant::EIGHT_THREE));
        s.apply(ChampionAction::SetOpponent(Opponent::RandomWolves));
        s.apply(ChampionAction::SetMode(Mode::Replay));
        let kept = s.settings();
        let text = ron::to_string(&kept).unwrap();
        let back = ChampionState::from_settings(&ron::from_str(&text).unwrap());
        assert_eq!(back.settings(), kept);
        assert_eq!(back.game.opponent, Opponent::RandomWolves);
        assert_eq!(back.game.start, Variant::EIGHT_THREE.start());
        assert_eq!(back.mode, Mode::Replay);
        // Unknown names fall back to the defaults.
        let odd = ChampionSettings {
            mode: Mode::Play,
            variant: "10x5".into(),
            opponent: "nobody".into(),
        };
        assert!(odd.problem().is_some_and(|p| p.contains("10x5")), "{odd:?}");
        let nobody = ChampionSettings {
            variant: "9x4".into(),
            ..odd.clone()
        };
        assert!(nobody.problem().is_some_and(|p| p.contains("nobody")));
        assert_eq!(kept.problem(), None);
        let d = ChampionState::from_settings(&odd);
        assert_eq!(d.game.start, Variant::NINE_FOUR.start());
        assert_eq!(d.game.opponent, Opponent::Program(Listing::Main));
    }
}
