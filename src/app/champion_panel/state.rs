//! The «Чемпион» workspace's state: the game (either side against any opponent, undo and
//! redo), the set-up board, the replay of the article's game, and the solved variants (solved
//! in the background, kept for the session). Every change goes through
//! [`ChampionState::apply`].

use std::sync::{Arc, OnceLock};

use crate::app::jobs::{Job, Progress};
use crate::champion::match_play::{ReplayStep, article_start, replay_article};
use crate::champion::solver::{Move, MoveValue};
use crate::champion::{
    Champion, Listing, Outcome, Position, RuleError, Side, Solution, Trace, Variant, WolfMove,
};
use crate::rng::SplitMix64;

/// What the workspace shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A game against an opponent.
    Play,
    /// Setting up a position by hand.
    Setup,
    /// The article's game, step by step.
    Replay,
}

/// Who the person plays against. The person plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// «Чемпион», the 1986 program (plays the goat), with either listing.
    Program(Listing),
    /// The goat playing perfectly (from the solution).
    PerfectGoat,
    /// The wolves playing perfectly (from the solution).
    PerfectWolves,
    /// Wolves picking a legal move at random (seeded).
    RandomWolves,
}

impl Opponent {
    /// Opponents for a person playing the wolves.
    pub const GOATS: [Opponent; 3] = [
        Opponent::Program(Listing::Main),
        Opponent::Program(Listing::Alternative),
        Opponent::PerfectGoat,
    ];
    /// Opponents for a person playing the goat.
    pub const WOLVES: [Opponent; 2] = [Opponent::PerfectWolves, Opponent::RandomWolves];

    /// The side the opponent plays.
    pub fn side(self) -> Side {
        match self {
            Opponent::Program(_) | Opponent::PerfectGoat => Side::Goat,
            Opponent::PerfectWolves | Opponent::RandomWolves => Side::Wolves,
        }
    }

    /// Its name in the UI.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Program(Listing::Main) => "«Чемпион», main listing",
            Opponent::Program(Listing::Alternative) => "«Чемпион», alternative listing",
            Opponent::PerfectGoat => "perfect goat",
            Opponent::PerfectWolves => "perfect wolves",
            Opponent::RandomWolves => "random wolves",
        }
    }

    /// Whether it needs the solved variant to move.
    pub fn needs_solution(self) -> bool {
        matches!(self, Opponent::PerfectGoat | Opponent::PerfectWolves)
    }
}

/// One move just played, for drawing an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who moved.
    pub side: Side,
    /// From this square.
    pub from: u8,
    /// To this square.
    pub to: u8,
}

/// Everything about a game at one moment (undo and redo restore these whole).
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The position.
    pub position: Position,
    /// «Чемпион»'s registers (kept in every game: they give its choice for a goat to move).
    pub program: Champion,
    rng: SplitMix64,
    /// The trace of the program's last decision as the opponent.
    pub trace: Option<Trace>,
    /// The game record in the article's notation: `2/57 (77)` per wolf move, `(55)` for a goat
    /// move that opens the game, `(0)` when the program resigns.
    pub record: Vec<String>,
    /// The last move of each side.
    pub last: Vec<LastMove>,
    /// The program showed 0 (resigned) although the goat could move.
    pub resigned: bool,
}

/// A game: where it started, the opponent, the moment now, and undo/redo.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position the game started from.
    pub start: Position,
    /// The opponent.
    pub opponent: Opponent,
    /// Now.
    pub now: Snapshot,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

/// How a game stands, in words for the headline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The person's turn.
    YourTurn(Side),
    /// The opponent is waiting for the solution.
    OpponentWaits,
    /// Over by the rules.
    Over(Outcome),
    /// «Чемпион» showed 0.
    Resigned,
}

impl Game {
    /// A game from `start` against `opponent`; the opponent moves at once if it is its turn
    /// (and it can: a perfect opponent waits for the solution, see [`Game::opponent_moves`]).
    pub fn new(start: Position, opponent: Opponent, seed: u64, sol: Option<&Solution>) -> Game {
        let listing = match opponent {
            Opponent::Program(l) => l,
            _ => Listing::Main,
        };
        let mut g = Game {
            start,
            opponent,
            now: Snapshot {
                position: start,
                program: Champion::for_position(listing, &start),
                rng: SplitMix64::new(seed),
                trace: None,
                record: Vec::new(),
                last: Vec::new(),
                resigned: false,
            },
            undo: Vec::new(),
            redo: Vec::new(),
        };
        g.opponent_moves(sol);
        g
    }

    /// The side the person plays.
    pub fn person(&self) -> Side {
        self.opponent.side().other()
    }

    /// The game's state now.
    pub fn status(&self) -> Status {
        if self.now.resigned {
            return Status::Resigned;
        }
        if let Some(o) = self.now.position.outcome() {
            return Status::Over(o);
        }
        if self.now.position.to_move == self.person() {
            Status::YourTurn(self.person())
        } else {
            Status::OpponentWaits
        }
    }

    /// Whether a move can be undone / redone.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether a move can be redone.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Back to the person's previous turn (the opponent's reply goes too).
    pub fn undo(&mut self) {
        if let Some(s) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.now, s));
        }
    }

    /// Forward again after an undo.
    pub fn redo(&mut self) {
        if let Some(s) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.now, s));
        }
    }

    /// The person plays `mv`; the opponent answers. Refused (nothing changes) when illegal.
    pub fn person_moves(&mut self, mv: Move, sol: Option<&Solution>) -> Result<(), String> {
        if self.now.resigned {
            return Err("the game is over: «Чемпион» resigned".into());
        }
        let mover = match mv {
            Move::Goat(_) => Side::Goat,
            Move::Wolf(_) => Side::Wolves,
        };
        if mover != self.person() && self.now.position.outcome().is_none() {
            return Err(match mover {
                Side::Goat => "you play the wolves: the goat is the opponent's".into(),
                Side::Wolves => "you play the goat: the wolves are the opponent's".into(),
            });
        }
        let before = self.now.clone();
        self.ply(mv).map_err(|e| e.to_string())?;
        self.undo.push(before);
        self.redo.clear();
        self.opponent_moves(sol);
        Ok(())
    }

    /// Plays one move of either side (checked), updating the program's registers and record.
    fn ply(&mut self, mv: Move) -> Result<(), RuleError> {
        let pos = self.now.position;
        let now = &mut self.now;
        match mv {
            Move::Wolf(m) => {
                let after = pos.after_wolf_move(m)?;
                let from = pos.wolves[m.wolf as usize - 1];
                now.program.observe_move(&pos, m);
                now.record.push(m.to_string());
                set_last(&mut now.last, Side::Wolves, from, m.to);
                now.position = after;
            }
            Move::Goat(sq) => {
                let after = pos.after_goat_move(sq)?;
                reply(&mut now.record, &sq.to_string());
                set_last(&mut now.last, Side::Goat, pos.goat, sq);
                now.position = after;
            }
        }
        Ok(())
    }

    /// The opponent moves while it is its turn. Returns true when it waits for the solution.
    pub fn opponent_moves(&mut self, sol: Option<&Solution>) -> bool {
        while !self.now.resigned
            && self.now.position.outcome().is_none()
            && self.now.position.to_move == self.opponent.side()
        {
            let pos = self.now.position;
            let mv = match self.opponent {
                Opponent::Program(_) => {
                    let trace = self.now.program.decide(&pos);
                    let choice = trace.choice;
                    self.now.trace = Some(trace);
                    match choice {
                        Some(sq) => Move::Goat(sq),
                        None => {
                            self.now.resigned = true;
                            reply(&mut self.now.record, "0");
                            return false;
                        }
                    }
                }
                Opponent::PerfectGoat | Opponent::PerfectWolves => {
                    let Some(sol) = sol.filter(|s| s.variant() == pos.variant) else {
                        return true;
                    };
                    match sol.best_move(&pos) {
                        Some(best) => best.mv,
                        None => return false,
                    }
                }
                Opponent::RandomWolves => {
                    let moves = pos.wolf_moves();
                    Move::Wolf(moves[self.now.rng.below(moves.len() as u32) as usize])
                }
            };
            if self.ply(mv).is_err() {
                // The program's check routine and the rules agree on every board (tested in
                // the engine); should they ever differ, the program resigns rather than cheat.
                self.now.resigned = true;
                reply(&mut self.now.record, "0");
                return false;
            }
        }
        false
    }
}

fn set_last(last: &mut Vec<LastMove>, side: Side, from: u8, to: u8) {
    last.retain(|m| m.side != side);
    last.push(LastMove { side, from, to });
}

/// Writes a goat move into the record: after the wolf move it answers, else on its own.
fn reply(record: &mut Vec<String>, sq: &str) {
    match record.last_mut() {
        Some(r) if !r.ends_with(')') => r.push_str(&format!(" ({sq})")),
        _ => record.push(format!("({sq})")),
    }
}

/// Which piece a click in the set-up board places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupTool {
    /// A wolf (the lowest free number); a click on a wolf removes it.
    Wolf,
    /// The goat (moved here if it is elsewhere); a click on the goat removes it.
    Goat,
}

/// The set-up board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub variant: Variant,
    /// Wolves 1–4 by number; 0 = not placed.
    pub wolves: [u8; 4],
    /// The goat's square; 0 = not placed.
    pub goat: u8,
    /// Who moves first from the set-up position.
    pub to_move: Side,
    /// What a click places.
    pub tool: SetupTool,
    /// Why the last edit was refused.
    pub error: Option<String>,
}

impl Setup {
    fn from_position(p: &Position) -> Setup {
        Setup {
            variant: p.variant,
            wolves: p.wolves,
            goat: p.goat,
            to_move: p.to_move,
            tool: SetupTool::Wolf,
            error: None,
        }
    }

    /// The set-up position, or why it cannot be played.
    pub fn position(&self) -> Result<Position, String> {
        let n = self.variant.wolves as usize;
        let mut wolves = Vec::new();
        for (k, &w) in self.wolves[..n].iter().enumerate() {
            if w == 0 {
                return Err(format!(
                    "wolf {} is not placed: the variant {} has {n} wolves",
                    k + 1,
                    self.variant
                ));
            }
            wolves.push(w);
        }
        if self.goat == 0 {
            return Err("the goat is not placed".into());
        }
        Position::new(self.variant, &wolves, self.goat, self.to_move).map_err(|e| e.to_string())
    }

    fn click(&mut self, sq: u8) -> Result<(), String> {
        if !self.variant.on_board(sq as i32) {
            return Err(format!("{sq} is not a playing square of this board"));
        }
        let wolf = self.wolves.iter().position(|&w| w == sq);
        match self.tool {
            SetupTool::Wolf => {
                if let Some(k) = wolf {
                    self.wolves[k] = 0;
                    return Ok(());
                }
                let n = self.variant.wolves as usize;
                let Some(k) = self.wolves[..n].iter().position(|&w| w == 0) else {
                    return Err(format!(
                        "all {n} wolves are on the board: click a wolf to take it off first"
                    ));
                };
                if self.goat == sq {
                    self.goat = 0;
                }
                self.wolves[k] = sq;
            }
            SetupTool::Goat => {
                if self.goat == sq {
                    self.goat = 0;
                } else {
                    if let Some(k) = wolf {
                        self.wolves[k] = 0;
                    }
                    self.goat = sq;
                }
            }
        }
        Ok(())
    }

    /// A piece dragged from `from` to `to` (`None`: off the board, taking it off).
    fn drop(&mut self, from: u8, to: Option<u8>) -> Result<(), String> {
        let wolf = self.wolves.iter().position(|&w| w == from && w != 0);
        if wolf.is_none() && self.goat != from {
            return Ok(());
        }
        let Some(to) = to else {
            match wolf {
                Some(k) => self.wolves[k] = 0,
                None => self.goat = 0,
            }
            return Ok(());
        };
        if !self.variant.on_board(to as i32) {
            return Err(format!("{to} is not a playing square of this board"));
        }
        if to != from && (self.goat == to || self.wolves.contains(&to)) {
            return Err(format!("{to} is occupied"));
        }
        match wolf {
            Some(k) => self.wolves[k] = to,
            None => self.goat = to,
        }
        Ok(())
    }

    /// Sets the pieces from text as on the command line: wolves `46,48,68,88`, goat `66`.
    fn set_text(&mut self, wolves: &str, goat: &str) -> Result<(), String> {
        let square = |t: &str| -> Result<u8, String> {
            let sq: u8 = t
                .trim()
                .parse()
                .map_err(|_| format!("cannot read square {:?}: write two digits, e.g. 46", t))?;
            if !self.variant.on_board(sq as i32) {
                return Err(format!("{sq} is not a playing square of this board"));
            }
            Ok(sq)
        };
        let list: Vec<&str> = wolves
            .split([',', ' '])
            .filter(|t| !t.trim().is_empty())
            .collect();
        let n = self.variant.wolves as usize;
        if list.len() != n {
            return Err(format!(
                "{} wolf squares given, the variant {} has {n} wolves",
                list.len(),
                self.variant
            ));
        }
        let mut w = [0u8; 4];
        for (k, t) in list.iter().enumerate() {
            w[k] = square(t)?;
        }
        let g = square(goat)?;
        let pos =
            Position::new(self.variant, &w[..n], g, self.to_move).map_err(|e| e.to_string())?;
        self.wolves = pos.wolves;
        self.goat = pos.goat;
        Ok(())
    }
}

/// The article's game step by step.
pub struct Replay {
    /// The listing whose replies are shown beside the printed ones.
    pub listing: Listing,
    /// 0 = the position before the first printed move; k = after the k-th exchange.
    pub step: usize,
    /// The exchanges with their verdicts (once the 9×9 four-wolf solution is ready).
    pub steps: Option<Vec<ReplayStep>>,
    /// Why the replay could not be computed.
    pub error: Option<String>,
}

impl Replay {
    /// The board at the current step.
    pub fn position(&self) -> Position {
        let mut pos = article_start();
        if let Some(steps) = &self.steps {
            for s in steps.iter().take(self.step) {
                if let Move::Wolf(m) = s.wolf.mv
                    && let Ok(p) = s.before.after_wolf_move(m)
                    && let Ok(q) = p.after_goat_move(s.printed_reply)
                {
                    pos = q;
                }
            }
        }
        pos
    }

    /// The moves of the current step (the wolf move and the printed reply).
    pub fn last_moves(&self) -> Vec<LastMove> {
        let Some(s) = self
            .steps
            .as_ref()
            .and_then(|v| v.get(self.step.wrapping_sub(1)))
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Move::Wolf(m) = s.wolf.mv {
            let from = s.before.wolves[m.wolf as usize - 1];
            out.push(LastMove {
                side: Side::Wolves,
                from,
                to: m.to,
            });
            let mut after = s.before;
            after.wolves[m.wolf as usize - 1] = m.to;
            out.push(LastMove {
                side: Side::Goat,
                from: after.goat,
                to: s.printed_reply,
            });
        }
        out
    }
}

/// A variant solved in the background; the result lands in a cell the UI reads.
struct Solving {
    variant: Variant,
    cell: Arc<OnceLock<Solution>>,
    job: Job<()>,
}

/// The solved variants of the session (four at most: there are four variants).
#[derive(Default)]
pub struct SolveCache {
    entries: Vec<Solving>,
}

impl SolveCache {
    /// Starts solving `v` in the background unless it is solved or being solved.
    pub fn request(&mut self, v: Variant) {
        if self.entries.iter().any(|e| e.variant == v) {
            return;
        }
        let cell = Arc::new(OnceLock::new());
        let c = Arc::clone(&cell);
        let job = Job::spawn(format!("Solving {v}"), move |_: &Progress| {
            let _ = c.set(Solution::solve(v));
        });
        self.entries.push(Solving {
            variant: v,
            cell,
            job,
        });
    }

    /// The solution of `v`, once ready.
    pub fn get(&self, v: Variant) -> Option<&Solution> {
        self.entries
            .iter()
            .find(|e| e.variant == v)
            .and_then(|e| e.cell.get())
    }

    /// Seconds spent so far on `v` while it is being solved; `None` when ready or not asked.
    pub fn solving(&self, v: Variant) -> Option<f64> {
        self.entries
            .iter()
            .find(|e| e.variant == v && e.cell.get().is_none())
            .map(|e| e.job.seconds())
    }

    /// Whether `v` has been asked for.
    pub fn requested(&self, v: Variant) -> bool {
        self.entries.iter().any(|e| e.variant == v)
    }
}

/// Where the board was last drawn (tests click at its squares).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// The squares' area (without the coordinates around it).
    pub grid: egui::Rect,
    /// Squares per side.
    pub size: u8,
}

impl BoardGeometry {
    /// The centre of square `sq`.
    pub fn centre(&self, sq: u8) -> egui::Pos2 {
        let cell = self.grid.width() / self.size as f32;
        let (a, b) = ((sq / 10) as f32, (sq % 10) as f32);
        egui::pos2(
            self.grid.left() + (a - 0.5) * cell,
            self.grid.top() + (self.size as f32 - b + 0.5) * cell,
        )
    }

    /// The square under `p` (light squares included), `None` off the grid.
    pub fn square_at(&self, p: egui::Pos2) -> Option<u8> {
        if !self.grid.contains(p) {
            return None;
        }
        let cell = self.grid.width() / self.size as f32;
        let n = self.size as i32;
        let a = (((p.x - self.grid.left()) / cell).floor() as i32 + 1).clamp(1, n);
        let b = (n - ((p.y - self.grid.top()) / cell).floor() as i32).clamp(1, n);
        Some((a * 10 + b) as u8)
    }
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
    /// Where the board was last drawn.
    pub board: std::cell::Cell<Option<BoardGeometry>>,
}

impl Default for ChampionState {
    fn default() -> ChampionState {
        ChampionState::new(Variant::NINE_FOUR)
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
    /// Solve this variant in the background.
    Solve(Variant),
    /// A background solve finished: let a waiting opponent move, fill the replay.
    Poll,
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
            board: std::cell::Cell::new(None),
        }
    }

    /// The position on the game board.
    pub fn position(&self) -> Position {
        self.game.now.position
    }

    /// The solution of the game's variant, once ready.
    pub fn solution(&self) -> Option<&Solution> {
        self.solutions.get(self.game.now.position.variant)
    }

    /// The centre of a square as last drawn.
    pub fn square_centre(&self, sq: u8) -> Option<egui::Pos2> {
        Some(self.board.get()?.centre(sq))
    }

    /// Whether a finished background solve has something to update ([`ChampionAction::Poll`]).
    pub fn needs_poll(&self) -> bool {
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

    /// Applies one action.
    pub fn apply(&mut self, action: ChampionAction) {
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
            ChampionAction::Solve(v) => self.solutions.request(v),
            ChampionAction::Poll => {}
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
        self.refresh();
    }

    fn new_game(&mut self, start: Position, opponent: Opponent) {
        self.games_started += 1;
        let sol = self.solutions.get(start.variant);
        self.game = Game::new(start, opponent, self.games_started, sol);
        self.picked = None;
        self.refusal = None;
    }

    /// After every action: ask for the solutions in use, let a waiting opponent move, fill
    /// the replay.
    fn refresh(&mut self) {
        let v = self.position().variant;
        self.solutions.request(v);
        if self.game.opponent.needs_solution() {
            let sol = self.solutions.get(v);
            self.game.opponent_moves(sol);
        }
        if self.mode == Mode::Replay {
            self.solutions.request(Variant::NINE_FOUR);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn wait_for(s: &mut ChampionState, v: Variant) {
        s.apply(ChampionAction::Solve(v));
        for _ in 0..3000 {
            if s.solutions.get(v).is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(s.solutions.get(v).is_some(), "solved in time");
        s.apply(ChampionAction::Poll);
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
}
