//! A game in the «Чемпион» workspace: the person plays either side against an opponent
//! («Чемпион» with either listing, the perfect goat, perfect or random wolves); every moment is
//! a [`Snapshot`], so undo and redo restore whole moments (back to the person's previous turn).

use bgw_engine::champion::solver::Move;
use bgw_engine::champion::{
    Champion, Listing, Outcome, Position, RuleError, Side, Solution, Trace,
};
use bgw_engine::core::rng::SplitMix64;

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

    /// The opponent with this name in the UI, if any.
    pub fn named(name: &str) -> Option<Opponent> {
        Opponent::GOATS
            .into_iter()
            .chain(Opponent::WOLVES)
            .find(|o| o.name() == name)
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
