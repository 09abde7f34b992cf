//! One game of backgammon against the classic program, with the dice passed in.
//!
//! A [`Game`] holds everything one game needs and nothing of a user interface: the board, the
//! side on roll and its dice, the program ([`ClassicPlayer`]) with its GOOD/BAD learning
//! ([`Learner`]), the person's move being made step by step, undo, and the end with its score.
//! The app's Play tab, `bgw play` and `bgw learn` all play through it.
//!
//! # The flow of a game
//! 1. **The start**: [`Game::opening_roll`] (each side throws one die, equal dice are thrown
//!    again, the higher die moves first with both dice), or [`Game::start_at`] — the side on
//!    roll in a given position moves first and throws both dice (the seed's way: White first
//!    from the opening position, doubles included).
//! 2. **The dice** of each turn come from a [`DiceSource`] ([`Game::roll`]) or are typed by the
//!    user ([`Game::set_dice`]); the person may change (or clear: [`Game::clear_dice`]) them
//!    until a first step is made.
//! 3. **The program's turn** ([`Game::program_turn`]): when learning is on, GOOD/BAD judges
//!    the exchange that just ended ([`Learner::after_exchange`]); the program chooses with its
//!    phase and reason ([`ClassicPlayer::choose_explained`]); a move in contact is recorded
//!    for the next judgement. Dice already set (the opening roll, typed dice) are played,
//!    otherwise the source throws. A program without a legal play passes.
//! 4. **The person's turn**: steps one by one ([`Game::step`]: a legal beginning is kept and
//!    shown, a complete legal move is played, anything else refused with the seed's reason,
//!    see [`crate::core::moves::parse`]), a whole move typed in gnubg notation
//!    ([`Game::play_typed`]), a candidate picked ([`Game::play`]), or a pass when no move is
//!    legal ([`Game::pass`]).
//! 5. **Undo** ([`Game::undo`]): the steps of the move being made, else the person's last move
//!    together with everything after it (the program's answer and the learning it did).
//! 6. **The end**: the side that bears off its last checker wins a single game, a gammon or a
//!    backgammon ([`Win`]); [`Game::outcome`].
//!
//! # Who learns
//! The program learns for the side it plays ([`Game::program`]). In self-play
//! ([`Opponent::Program`]) the other side is played with the same, live weights and is not
//! judged, as the seed judged only the computer's exchanges.
//!
//! Positions are from the side on roll's view, as everywhere in the model; the person's steps
//! are numbered from the person's side (24 → 1, 25 the bar, 0 off).

use super::learning::{Learner, Update};
use super::phase::Phase;
use super::player::{Choice, ClassicPlayer, Reason};
use super::weights::Weights;
use crate::core::dice::Dice;
use crate::core::dice_source::DiceSource;
use crate::core::moves::parse::{Refusal, match_play};
use crate::core::moves::{MoveGenerator, Play};
use crate::core::played::{PlayedGame, PlayedTurn, player_of};
use crate::core::position::{CHECKERS, Position, Side};
use crate::matches::Match;
use std::fmt;

/// Who plays the side the program does not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opponent {
    /// A person: moves come through [`Game::step`], [`Game::play_typed`], [`Game::play`].
    Person,
    /// The program itself, with the same weights, not judged by the learning (self-play).
    Program,
}

/// How a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Win {
    /// The loser has borne off at least one checker: 1 point.
    Single,
    /// The loser has borne off none: 2 points.
    Gammon,
    /// A gammon with a losing checker still on the bar or in the winner's home board: 3.
    Backgammon,
}

impl Win {
    /// The win of the side that just bore off its last checker, seen in `after` (its view).
    pub fn of(after: &Position) -> Win {
        if after.opponent_off() > 0 {
            return Win::Single;
        }
        // The loser's checkers in the winner's home (points 1–6) or on the loser's bar (0).
        if after.board()[0..=6].iter().any(|&n| n < 0) {
            Win::Backgammon
        } else {
            Win::Gammon
        }
    }

    /// 1, 2 or 3 points.
    pub fn points(self) -> u8 {
        match self {
            Win::Single => 1,
            Win::Gammon => 2,
            Win::Backgammon => 3,
        }
    }

    /// `a single game`, `a gammon`, `a backgammon`.
    pub fn name(self) -> &'static str {
        match self {
            Win::Single => "a single game",
            Win::Gammon => "a gammon",
            Win::Backgammon => "a backgammon",
        }
    }
}

/// Points won by the side that just bore off its last checker, seen in `after` (its view):
/// 1, 2 when the loser has borne nothing off, 3 when the loser also still has a checker on the
/// bar or in the winner's home board.
pub fn points_won(after: &Position) -> u8 {
    Win::of(after).points()
}

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The side that bore off all its checkers.
    pub winner: Side,
    /// Single game, gammon or backgammon.
    pub win: Win,
}

impl Outcome {
    /// The points won: 1, 2 or 3.
    pub fn points(&self) -> u8 {
        self.win.points()
    }
}

/// The opening roll as thrown.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OpeningRoll {
    /// White's die.
    pub white: u8,
    /// Black's die.
    pub black: u8,
    /// The equal dice thrown before, in order (each throw gave both sides this number).
    pub rethrown: Vec<u8>,
    /// The side with the higher die: it moves first, with both dice.
    pub starter: Side,
    /// The starter's roll.
    pub dice: Dice,
}

/// Where a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Not started: the opening roll (or [`Game::start_at`]) comes first.
    Opening,
    /// The side is on roll and has no dice yet.
    Roll(Side),
    /// The side is on roll with these dice.
    Move(Side, Dice),
    /// The game is over.
    Over(Outcome),
}

/// The program's move with why it chose it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ProgramMove {
    /// The move and its result (from the program's view).
    pub play: Play,
    /// The phase of the position before the move.
    pub phase: Phase,
    /// Why this move.
    pub reason: Reason,
}

/// One turn of the program's.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ProgramTurn {
    /// The side the program played.
    pub side: Side,
    /// The dice.
    pub dice: Dice,
    /// The GOOD/BAD update made at the start of the turn, if any.
    pub update: Option<Update>,
    /// The move, `None` when no move was legal (the turn passed).
    pub played: Option<ProgramMove>,
    /// The end of the game, when this move won it.
    pub outcome: Option<Outcome>,
}

/// One move of the person's (or a pass).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PersonMove {
    /// The person's side.
    pub side: Side,
    /// The dice.
    pub dice: Dice,
    /// The move, `None` for a pass (no move was legal).
    pub play: Option<Play>,
    /// The end of the game, when this move won it.
    pub outcome: Option<Outcome>,
}

/// What one step of the person's did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PersonStep {
    /// A legal beginning: kept (see [`Game::steps`], [`Game::shown`]); the move goes on.
    Begun,
    /// The steps make a complete legal move, now played.
    Played(PersonMove),
}

/// What [`Game::undo`] took back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Undone {
    /// The steps of the move being made.
    Steps,
    /// The person's last move and everything after it.
    Move,
}

/// Why a game refused an action (not a move's legality: see [`MoveError`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The game has not started.
    NotStarted,
    /// The game has already started.
    Started,
    /// The game is over.
    Over,
    /// The position has a side with every checker off.
    Finished,
    /// It is the program's turn, not the person's.
    ProgramToPlay,
    /// It is the person's turn, not the program's.
    PersonToPlay,
    /// The side on roll has no dice yet.
    NoDice,
    /// The person has begun the move: the dice cannot change.
    MoveBegun,
    /// A move is legal, so the turn cannot be passed.
    CanMove,
    /// No candidate with this index.
    NoSuchPlay {
        /// The index asked for.
        index: usize,
        /// How many legal plays there are.
        count: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotStarted => {
                f.write_str("the game has not started: the opening roll first")
            }
            GameError::Started => f.write_str("the game has already started"),
            GameError::Over => f.write_str("the game is over"),
            GameError::Finished => f.write_str("a side has borne off every checker already"),
            GameError::ProgramToPlay => f.write_str("it is the program's turn"),
            GameError::PersonToPlay => f.write_str("it is your turn, not the program's"),
            GameError::NoDice => f.write_str("roll first, or enter the dice"),
            GameError::MoveBegun => f.write_str("the dice can change only before you move"),
            GameError::CanMove => {
                f.write_str("you can move: the turn passes only without a legal move")
            }
            GameError::NoSuchPlay { index, count } => {
                write!(f, "no candidate #{} (there are {count})", index + 1)
            }
        }
    }
}

impl std::error::Error for GameError {}

/// Why a move of the person's was not played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// Not the time for a move (see [`GameError`]).
    Game(GameError),
    /// The move is not legal: the seed's reason.
    Refused(Refusal),
}

impl From<GameError> for MoveError {
    fn from(e: GameError) -> MoveError {
        MoveError::Game(e)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Game(e) => e.fmt(f),
            MoveError::Refused(r) => r.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {}

/// What undo restores: the game at the start of one of the person's moves.
#[derive(Clone, Debug)]
struct Saved {
    position: Position,
    dice: Option<Dice>,
    outcome: Option<Outcome>,
    learner: Learner,
    weights: Weights,
    updates: usize,
    last_program: Option<ProgramTurn>,
    turns: usize,
}

/// One game against the classic program (see the module doc).
pub struct Game {
    program: Side,
    opponent: Opponent,
    player: ClassicPlayer,
    learner: Learner,
    learning: bool,
    started: bool,
    position: Position,
    dice: Option<Dice>,
    outcome: Option<Outcome>,
    turns: usize,
    /// The position the game started in (the first mover on roll), once started.
    start: Option<Position>,
    /// Every turn played, in order (undone turns taken out).
    record: Vec<PlayedTurn>,
    last_program: Option<ProgramTurn>,
    updates: Vec<Update>,
    /// The person's steps of the move being made.
    steps: Vec<(u8, u8)>,
    /// The position with those steps made.
    shown: Position,
    /// The legal plays of the side on roll with its dice.
    plays: Vec<Play>,
    undo: Vec<Saved>,
    generator: MoveGenerator,
}

impl Game {
    /// A game, not yet started, in which `player` plays `program` against `opponent`; the
    /// learning step is `eta` and learning is off.
    pub fn new(program: Side, opponent: Opponent, player: ClassicPlayer, eta: f64) -> Game {
        let position = Position::opening(Side::White);
        Game {
            program,
            opponent,
            player,
            learner: Learner::new(eta),
            learning: false,
            started: false,
            position,
            dice: None,
            outcome: None,
            turns: 0,
            start: None,
            record: Vec::new(),
            last_program: None,
            updates: Vec::new(),
            steps: Vec::new(),
            shown: position,
            plays: Vec::new(),
            undo: Vec::new(),
            generator: MoveGenerator::new(),
        }
    }

    /// The program playing `program` against a person, learning off.
    pub fn against_person(program: Side, player: ClassicPlayer, eta: f64) -> Game {
        Game::new(program, Opponent::Person, player, eta)
    }

    /// The program against itself, learning on for White (`bgw learn`).
    pub fn self_play(player: ClassicPlayer, eta: f64) -> Game {
        let mut game = Game::new(Side::White, Opponent::Program, player, eta);
        game.learning = true;
        game
    }

    // ---- Who plays ----

    /// The side the program plays (and learns for).
    pub fn program(&self) -> Side {
        self.program
    }

    /// Who plays the other side.
    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// The person's side, when a person plays.
    pub fn person(&self) -> Option<Side> {
        (self.opponent == Opponent::Person).then(|| self.program.opponent())
    }

    /// True when the program moves for `side`.
    pub fn is_program(&self, side: Side) -> bool {
        side == self.program || self.opponent == Opponent::Program
    }

    // ---- The state ----

    /// Where the game stands.
    pub fn status(&self) -> Status {
        if let Some(o) = self.outcome {
            return Status::Over(o);
        }
        if !self.started {
            return Status::Opening;
        }
        let side = self.position.on_roll();
        match self.dice {
            Some(d) => Status::Move(side, d),
            None => Status::Roll(side),
        }
    }

    /// The side on roll, once the game has started (the winner once it is over).
    pub fn on_roll(&self) -> Option<Side> {
        self.started.then(|| self.position.on_roll())
    }

    /// The position at the start of the turn, from the view of the side on roll (once over:
    /// the winner's final position).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position with the person's steps so far made (what a board shows).
    pub fn shown(&self) -> &Position {
        &self.shown
    }

    /// The dice of the side on roll, once thrown or set.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The person's steps of the move being made: (from, to) in the person's numbering.
    pub fn steps(&self) -> &[(u8, u8)] {
        &self.steps
    }

    /// Every distinct legal result of the side on roll with its dice (empty without dice, or
    /// when no move is legal).
    pub fn legal_plays(&self) -> &[Play] {
        &self.plays
    }

    /// The end, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Turns played, passes included.
    pub fn turns(&self) -> usize {
        self.turns
    }

    /// The program's last turn: its move with phase and reason, the learning update.
    pub fn last_program_turn(&self) -> Option<&ProgramTurn> {
        self.last_program.as_ref()
    }

    /// Every learning update of this game, oldest first.
    pub fn updates(&self) -> &[Update] {
        &self.updates
    }

    // ---- The program and its learning ----

    /// The program.
    pub fn player(&self) -> &ClassicPlayer {
        &self.player
    }

    /// The program's weights (changed by learning).
    pub fn weights(&self) -> &Weights {
        &self.player.weights
    }

    /// Gives the program other weights (e.g. edited by the user) from its next move on.
    pub fn set_weights(&mut self, weights: Weights) {
        self.player.weights = weights;
    }

    /// The program, with the weights it has learnt.
    pub fn into_player(self) -> ClassicPlayer {
        self.player
    }

    /// True when the program learns (GOOD/BAD) from its exchanges.
    pub fn learning(&self) -> bool {
        self.learning
    }

    /// Turns learning on or off from the program's next turn.
    pub fn set_learning(&mut self, on: bool) {
        self.learning = on;
    }

    /// The learning state: the step η, COMPVAL.
    pub fn learner(&self) -> &Learner {
        &self.learner
    }

    /// Sets the learning step η.
    pub fn set_eta(&mut self, eta: f64) {
        self.learner.eta = eta;
    }

    // ---- The start ----

    /// The opening roll: each side throws one die from `source` (the first die of a throw is
    /// White's), equal dice are thrown again; the higher die moves first, with both dice,
    /// from the opening position. (A source that only ever throws doubles never ends it.)
    pub fn opening_roll(&mut self, source: &mut dyn DiceSource) -> Result<OpeningRoll, GameError> {
        if self.started {
            return Err(GameError::Started);
        }
        let mut rethrown = Vec::new();
        let (white, black) = loop {
            let (w, b) = source.throw();
            if w != b {
                break (w, b);
            }
            rethrown.push(w);
        };
        let starter = if white > black {
            Side::White
        } else {
            Side::Black
        };
        let dice = dice_of((white, black));
        self.begin(Position::opening(starter));
        self.set_turn_dice(dice);
        Ok(OpeningRoll {
            white,
            black,
            rethrown,
            starter,
            dice,
        })
    }

    /// Starts the game at `position`: its side on roll moves first and throws both dice (the
    /// seed's way: White first from the opening position).
    pub fn start_at(&mut self, position: Position) -> Result<(), GameError> {
        if self.started {
            return Err(GameError::Started);
        }
        if position.player_off() == CHECKERS || position.opponent_off() == CHECKERS {
            return Err(GameError::Finished);
        }
        self.begin(position);
        Ok(())
    }

    fn begin(&mut self, position: Position) {
        self.started = true;
        self.start = Some(position);
        self.position = position;
        self.shown = position;
        self.learner.new_game();
    }

    // ---- The dice ----

    /// Throws the dice of the side on roll from `source` (again, if the person has not begun
    /// the move).
    pub fn roll(&mut self, source: &mut dyn DiceSource) -> Result<Dice, GameError> {
        self.may_set_dice()?;
        let dice = dice_of(source.throw());
        self.set_turn_dice(dice);
        Ok(dice)
    }

    /// Sets the dice of the side on roll, as typed by the user (replacing any not yet moved).
    pub fn set_dice(&mut self, dice: Dice) -> Result<(), GameError> {
        self.may_set_dice()?;
        self.set_turn_dice(dice);
        Ok(())
    }

    /// Takes back the dice of the side on roll not yet moved (the user clears a die to type
    /// another): the side is on roll without dice again. `Ok` when there were none.
    pub fn clear_dice(&mut self) -> Result<(), GameError> {
        self.may_set_dice()?;
        self.dice = None;
        self.plays.clear();
        self.shown = self.position;
        Ok(())
    }

    fn may_set_dice(&self) -> Result<Side, GameError> {
        let side = self.to_act()?;
        if !self.steps.is_empty() {
            return Err(GameError::MoveBegun);
        }
        Ok(side)
    }

    fn set_turn_dice(&mut self, dice: Dice) {
        self.dice = Some(dice);
        self.steps.clear();
        self.shown = self.position;
        self.plays.clear();
        self.plays
            .extend_from_slice(self.generator.generate(&self.position, dice));
    }

    /// The side on roll, when the game is on.
    fn to_act(&self) -> Result<Side, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        if !self.started {
            return Err(GameError::NotStarted);
        }
        Ok(self.position.on_roll())
    }

    // ---- The program's turn ----

    /// The program's turn: the dice already set, or thrown from `source`; the learning
    /// judgement when learning is on; the choice with phase and reason; the move (or a pass).
    pub fn program_turn(&mut self, source: &mut dyn DiceSource) -> Result<ProgramTurn, GameError> {
        let side = self.to_act()?;
        if !self.is_program(side) {
            return Err(GameError::PersonToPlay);
        }
        let dice = self.dice.unwrap_or_else(|| dice_of(source.throw()));
        let pos = self.position;
        let learns = side == self.program;
        let update = if learns && self.learning {
            self.learner.after_exchange(&mut self.player.weights, &pos)
        } else {
            None
        };
        if let Some(u) = update {
            self.updates.push(u);
        }
        let plays = self.generator.generate(&pos, dice);
        let played = (!plays.is_empty()).then(|| {
            let choice = self.player.choose_explained(&pos, dice, plays);
            let play = plays[choice.index];
            if learns && choice.phase == Phase::Contact {
                self.learner.record_move(&play.result);
            }
            ProgramMove {
                play,
                phase: choice.phase,
                reason: choice.reason,
            }
        });
        self.keep(side, dice, played.map(|m| m.play));
        let outcome = self.finish_turn(played.map_or(pos, |m| m.play.result));
        let turn = ProgramTurn {
            side,
            dice,
            update,
            played,
            outcome,
        };
        self.last_program = Some(turn);
        Ok(turn)
    }

    // ---- The person's turn ----

    /// The program's choice for the person's roll, with phase and reason (a hint).
    pub fn hint(&self) -> Option<(Play, Choice)> {
        if self.plays.is_empty() {
            return None;
        }
        let choice = self
            .player
            .choose_with_reason(&self.position, self.dice?, &self.plays);
        Some((self.plays[choice.index], choice))
    }

    /// One step of the person's move: a checker from `from` to `to` (25 the bar, 0 off). The
    /// steps so far and this one are checked together: a complete legal move is played, a
    /// legal beginning kept, anything else refused with the seed's reason (the steps so far
    /// stay).
    pub fn step(&mut self, from: u8, to: u8) -> Result<PersonStep, MoveError> {
        let (side, dice) = self.person_to_move()?;
        let mut steps = self.steps.clone();
        steps.push((from, to));
        let text = steps
            .iter()
            .map(|&(f, t)| format!("{f}/{t}"))
            .collect::<Vec<_>>()
            .join(" ");
        match match_play(&self.position, dice, &text, &self.plays) {
            Ok(i) => Ok(PersonStep::Played(self.person_moves(side, dice, Some(i)))),
            Err(Refusal::MorePlayable { played, playable }) if played < playable => {
                self.shown = shown_after(&self.shown, from, to);
                self.steps = steps;
                Ok(PersonStep::Begun)
            }
            Err(r) => Err(MoveError::Refused(r)),
        }
    }

    /// A whole move typed in gnubg notation (`24/18 13/11`, `bar/22`, `8/5(2)`), from the start
    /// of the turn (steps made so far are dropped when it is played).
    pub fn play_typed(&mut self, text: &str) -> Result<PersonMove, MoveError> {
        let (side, dice) = self.person_to_move()?;
        match match_play(&self.position, dice, text, &self.plays) {
            Ok(i) => Ok(self.person_moves(side, dice, Some(i))),
            Err(r) => Err(MoveError::Refused(r)),
        }
    }

    /// Plays legal play `index` of [`Game::legal_plays`] for the person (a candidate picked,
    /// or a forced move).
    pub fn play(&mut self, index: usize) -> Result<PersonMove, GameError> {
        let (side, dice) = self.person_to_move()?;
        if index >= self.plays.len() {
            return Err(GameError::NoSuchPlay {
                index,
                count: self.plays.len(),
            });
        }
        Ok(self.person_moves(side, dice, Some(index)))
    }

    /// Passes the person's turn when no move is legal with the dice.
    pub fn pass(&mut self) -> Result<PersonMove, GameError> {
        let (side, dice) = self.person_to_move()?;
        if !self.plays.is_empty() {
            return Err(GameError::CanMove);
        }
        Ok(self.person_moves(side, dice, None))
    }

    fn person_to_move(&self) -> Result<(Side, Dice), GameError> {
        let side = self.to_act()?;
        if self.is_program(side) {
            return Err(GameError::ProgramToPlay);
        }
        Ok((side, self.dice.ok_or(GameError::NoDice)?))
    }

    /// Plays `index` of the legal plays (`None`: a pass), remembering the game for undo.
    fn person_moves(&mut self, side: Side, dice: Dice, index: Option<usize>) -> PersonMove {
        self.undo.push(Saved {
            position: self.position,
            dice: self.dice,
            outcome: self.outcome,
            learner: self.learner.clone(),
            weights: self.player.weights,
            updates: self.updates.len(),
            last_program: self.last_program,
            turns: self.turns,
        });
        let play = index.map(|i| self.plays[i]);
        self.keep(side, dice, play);
        let outcome = self.finish_turn(play.map_or(self.position, |p| p.result));
        PersonMove {
            side,
            dice,
            play,
            outcome,
        }
    }

    /// Adds a turn to the record.
    fn keep(&mut self, side: Side, dice: Dice, play: Option<Play>) {
        self.record.push(PlayedTurn {
            player: player_of(side),
            dice,
            mv: play.map(|p| p.mv).unwrap_or_default(),
        });
    }

    /// Ends the turn with `result` (the mover's view): the game won, or the other side on
    /// roll without dice.
    fn finish_turn(&mut self, result: Position) -> Option<Outcome> {
        self.turns += 1;
        self.steps.clear();
        self.dice = None;
        self.plays.clear();
        if result.player_off() == CHECKERS {
            self.position = result;
            self.outcome = Some(Outcome {
                winner: result.on_roll(),
                win: Win::of(&result),
            });
        } else {
            self.position = result.mirror();
        }
        self.shown = self.position;
        self.outcome
    }

    // ---- Undo ----

    /// Takes back the steps of the move being made; without any, the person's last move and
    /// everything after it — the program's answer, and the learning it did (the weights go
    /// back to what they were when that move was made, if learning changed them since). The
    /// person is on roll again with the dice of that move. `None` when there is nothing to
    /// undo.
    pub fn undo(&mut self) -> Option<Undone> {
        if !self.steps.is_empty() {
            self.steps.clear();
            self.shown = self.position;
            return Some(Undone::Steps);
        }
        let saved = self.undo.pop()?;
        if self.updates.len() > saved.updates {
            self.player.weights = saved.weights;
        }
        self.updates.truncate(saved.updates);
        self.position = saved.position;
        self.outcome = saved.outcome;
        self.learner = saved.learner;
        self.last_program = saved.last_program;
        self.turns = saved.turns;
        self.record.truncate(saved.turns);
        match saved.dice {
            Some(d) => self.set_turn_dice(d),
            None => {
                self.dice = None;
                self.plays.clear();
                self.shown = self.position;
            }
        }
        Some(Undone::Move)
    }

    /// True when [`Game::undo`] has something to take back.
    pub fn can_undo(&self) -> bool {
        !self.steps.is_empty() || !self.undo.is_empty()
    }

    // ---- The record ----

    /// The game as played so far: where it started and every turn, passes included, undone
    /// turns left out (`None` before the start). Player 0 is Black, 1 White
    /// ([`crate::core::played::side_of`]).
    pub fn played(&self) -> Option<PlayedGame> {
        Some(PlayedGame {
            start: self.start?,
            turns: self.record.clone(),
        })
    }

    /// The game (against the classic program, or its self-play) as a one-game money session
    /// (cubeless, see [`Match::played`]) between `black` and `white` (the players' names): its
    /// result the game's end, none while it is not over — a game ended early is recorded
    /// unfinished. Before the start the session has no game.
    pub fn to_match(&self, black: &str, white: &str) -> Match {
        let games: Vec<PlayedGame> = self.played().into_iter().collect();
        Match::played([black.to_string(), white.to_string()], &games)
    }

    /// The players' names [`Game::to_match`] is given by default, Black's first: `person` for the
    /// person, `classic` for the program (`classic Black`, `classic White` in self-play).
    pub fn default_names(&self, person: &str) -> [String; 2] {
        [Side::Black, Side::White].map(|side| match self.opponent {
            Opponent::Program => format!("classic {side}"),
            Opponent::Person if side == self.program => "classic".to_string(),
            Opponent::Person => person.to_string(),
        })
    }
}

/// A throw as a roll. A [`DiceSource`] throws dice 1–6; anything else is a bug in it.
fn dice_of((a, b): (u8, u8)) -> Dice {
    Dice::new(a, b).expect("a DiceSource throws dice 1-6")
}

/// `pos` after the mover's checker goes from `from` to `to` (0 off), hitting a blot there.
/// The step has been checked as the legal beginning of a move.
fn shown_after(pos: &Position, from: u8, to: u8) -> Position {
    let mut b = *pos.board();
    let (from, to) = (from as usize, to as usize);
    b[from] -= 1;
    if to != 0 {
        if b[to] == -1 {
            b[to] = 0;
            b[0] -= 1;
        }
        b[to] += 1;
    }
    Position::from_board(pos.on_roll(), b).unwrap_or(*pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::dice_source::{ScriptedDice, SeededDice};
    use crate::core::position::test_position;
    use crate::evaluation::classic::Verdict;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    fn seed_player() -> ClassicPlayer {
        ClassicPlayer::new(Weights::builtin_seed(), "classic")
    }

    #[test]
    fn the_opening_roll_rethrows_equal_dice_and_the_higher_die_starts() {
        let mut game = Game::against_person(Side::White, seed_player(), 0.1);
        assert_eq!(game.status(), Status::Opening);
        assert_eq!(
            game.roll(&mut ScriptedDice::new([(3, 1)])),
            Err(GameError::NotStarted)
        );
        let mut d = ScriptedDice::new([(4, 4), (6, 6), (2, 5)]);
        let roll = game.opening_roll(&mut d).unwrap();
        assert_eq!(roll.rethrown, vec![4, 6]);
        assert_eq!((roll.white, roll.black), (2, 5));
        assert_eq!(roll.starter, Side::Black);
        assert_eq!(roll.dice, dice("52"));
        assert_eq!(game.status(), Status::Move(Side::Black, dice("52")));
        assert_eq!(*game.position(), Position::opening(Side::Black));
        assert_eq!(game.legal_plays().len(), legal_count(&game));
        assert_eq!(d.remaining(), 0);
        assert_eq!(game.opening_roll(&mut d), Err(GameError::Started));
        // The person (Black) is on roll: not the program's turn.
        assert_eq!(game.program_turn(&mut d), Err(GameError::PersonToPlay));
    }

    fn legal_count(game: &Game) -> usize {
        MoveGenerator::new()
            .generate(game.position(), game.dice().unwrap())
            .len()
    }

    #[test]
    fn the_program_plays_its_opening_roll_with_phase_and_reason() {
        let mut game = Game::against_person(Side::White, seed_player(), 0.1);
        let mut d = ScriptedDice::new([(3, 1)]);
        assert_eq!(game.opening_roll(&mut d).unwrap().starter, Side::White);
        // The opening dice are played: no throw is needed.
        let turn = game.program_turn(&mut d).unwrap();
        assert_eq!(turn.dice, dice("31"));
        let m = turn.played.unwrap();
        assert_eq!(m.play.mv.notation(), "8/5 6/5");
        assert_eq!(m.phase, Phase::Contact);
        assert!(matches!(m.reason, Reason::HighestValue { .. }));
        assert_eq!(turn.update, None, "learning is off");
        assert_eq!(game.last_program_turn(), Some(&turn));
        assert_eq!(game.status(), Status::Roll(Side::Black));
        assert_eq!(*game.position(), m.play.result.mirror());
        assert_eq!(game.turns(), 1);
        // The person's turn: the program does not play it.
        assert_eq!(game.program_turn(&mut d), Err(GameError::PersonToPlay));
    }

    /// A game in which the person (Black) starts with 3-1.
    fn person_starts() -> Game {
        let mut game = Game::against_person(Side::White, seed_player(), 0.1);
        game.opening_roll(&mut ScriptedDice::new([(1, 3)])).unwrap();
        game
    }

    #[test]
    fn steps_are_checked_one_by_one_with_the_seeds_reasons() {
        let mut game = person_starts();
        assert_eq!(
            game.step(7, 4),
            Err(MoveError::Refused(Refusal::NoChecker { point: 7 }))
        );
        assert_eq!(game.step(8, 5), Ok(PersonStep::Begun));
        assert_eq!(game.steps(), &[(8, 5)]);
        assert_eq!(game.shown().board()[8], 2);
        assert_eq!(game.shown().board()[5], 1);
        assert_eq!(
            *game.position(),
            Position::opening(Side::Black),
            "not yet moved"
        );
        assert_eq!(game.set_dice(dice("21")), Err(GameError::MoveBegun));
        // A refused step keeps the steps before it.
        assert!(matches!(
            game.step(24, 18),
            Err(MoveError::Refused(Refusal::NotRolled { pips: 6, .. }))
        ));
        assert_eq!(game.steps(), &[(8, 5)]);
        let PersonStep::Played(m) = game.step(6, 5).unwrap() else {
            panic!("8/5 6/5 is a whole move");
        };
        assert_eq!(m.play.unwrap().mv.notation(), "8/5 6/5");
        assert_eq!((m.side, m.dice, m.outcome), (Side::Black, dice("31"), None));
        assert!(game.steps().is_empty());
        assert_eq!(game.status(), Status::Roll(Side::White));
        assert_eq!(
            game.step(13, 10),
            Err(MoveError::Game(GameError::ProgramToPlay))
        );
    }

    #[test]
    fn dice_not_yet_moved_can_be_cleared() {
        let mut game = Game::against_person(Side::White, seed_player(), 0.1);
        assert_eq!(game.clear_dice(), Err(GameError::NotStarted));
        game.opening_roll(&mut ScriptedDice::new([(1, 3)])).unwrap();
        game.clear_dice().unwrap();
        assert_eq!(game.status(), Status::Roll(Side::Black));
        assert!(game.legal_plays().is_empty());
        assert_eq!(game.clear_dice(), Ok(()), "no dice: nothing to clear");
        game.set_dice(dice("31")).unwrap();
        game.step(8, 5).unwrap();
        assert_eq!(game.clear_dice(), Err(GameError::MoveBegun));
        assert_eq!(game.dice(), Some(dice("31")));
    }

    #[test]
    fn typed_moves_and_candidates() {
        let mut game = person_starts();
        assert_eq!(
            game.play_typed("6/off 8/7"),
            Err(MoveError::Refused(Refusal::BearOffNotHome))
        );
        assert!(matches!(
            game.play_typed("13/"),
            Err(MoveError::Refused(Refusal::Syntax { .. }))
        ));
        // A typed move replaces the steps so far.
        game.step(24, 21).unwrap();
        let m = game.play_typed("8/5 6/5").unwrap();
        assert_eq!(m.play.unwrap().mv.notation(), "8/5 6/5");
        // The program answers; then a candidate by its index.
        game.program_turn(&mut ScriptedDice::new([(2, 1)])).unwrap();
        assert_eq!(game.play(0), Err(GameError::NoDice));
        game.set_dice(dice("66")).unwrap();
        let n = game.legal_plays().len();
        assert_eq!(
            game.play(n),
            Err(GameError::NoSuchPlay { index: n, count: n })
        );
        assert_eq!(game.pass(), Err(GameError::CanMove));
        let hint = game.hint().unwrap();
        let m = game.play(hint.1.index).unwrap();
        assert_eq!(m.play, Some(hint.0));
    }

    #[test]
    fn a_person_without_a_legal_move_passes() {
        // Black on the bar against White's closed board: no 6-6 enters.
        let mut cells = vec![(25, 1), (6, 14)];
        cells.extend((19..=24).map(|p| (p, -2)));
        let pos = test_position(&cells).with_on_roll(Side::Black);
        let mut game = Game::against_person(Side::White, seed_player(), 0.1);
        game.start_at(pos).unwrap();
        game.set_dice(dice("66")).unwrap();
        assert!(game.legal_plays().is_empty());
        assert!(matches!(
            game.play_typed("25/19"),
            Err(MoveError::Refused(_))
        ));
        let m = game.pass().unwrap();
        assert_eq!(m.play, None);
        assert_eq!(game.status(), Status::Roll(Side::White));
        assert_eq!(*game.position(), pos.mirror());
    }

    #[test]
    fn undo_takes_back_the_steps_then_the_move_and_the_programs_answer() {
        let mut game = person_starts();
        assert!(!game.can_undo());
        assert_eq!(game.undo(), None);
        game.step(8, 5).unwrap();
        assert_eq!(game.undo(), Some(Undone::Steps));
        assert!(game.steps().is_empty());
        assert_eq!(*game.shown(), *game.position());
        game.play_typed("8/5 6/5").unwrap();
        let answer = game.program_turn(&mut ScriptedDice::new([(6, 4)])).unwrap();
        assert!(answer.played.is_some());
        game.set_dice(dice("55")).unwrap();
        assert_eq!(game.undo(), Some(Undone::Move));
        assert_eq!(game.status(), Status::Move(Side::Black, dice("31")));
        assert_eq!(*game.position(), Position::opening(Side::Black));
        assert_eq!(game.last_program_turn(), None);
        assert_eq!(game.turns(), 0);
        assert_eq!(game.legal_plays().len(), legal_count(&game));
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn undo_takes_the_learning_back_too() {
        let mut game = Game::against_person(Side::White, seed_player(), 0.5);
        game.set_learning(true);
        let mut d = ScriptedDice::new([(3, 1), (6, 4)]);
        game.opening_roll(&mut d).unwrap();
        assert_eq!(
            game.program_turn(&mut d).unwrap().update,
            None,
            "no COMPVAL yet"
        );
        game.set_dice(dice("21")).unwrap();
        game.play_typed("13/11 6/5").unwrap();
        let turn = game.program_turn(&mut d).unwrap();
        let u = turn.update.expect("the first exchange is judged");
        assert_eq!(u.before, Weights::builtin_seed());
        assert_eq!(*game.weights(), u.after);
        assert_ne!(u.after, u.before);
        assert_eq!(game.updates(), &[u]);
        assert_eq!(u.verdict == Verdict::Good, u.gbrdval > u.compval);
        game.undo().unwrap();
        assert_eq!(*game.weights(), Weights::builtin_seed());
        assert!(game.updates().is_empty());
        // Played again, the same exchange is judged the same way.
        game.play_typed("13/11 6/5").unwrap();
        let again = game.program_turn(&mut ScriptedDice::new([(6, 4)])).unwrap();
        assert_eq!(again.update, Some(u));
    }

    #[test]
    fn the_winner_and_the_score() {
        // White (the program, on roll) has one checker left; Black has all 15, two of them in
        // White's home board: 2-1 wins a backgammon.
        let pos = test_position(&[(1, 1), (3, -2), (20, -13)]);
        let mut game = Game::against_person(Side::White, seed_player(), 0.1);
        assert_eq!(
            game.start_at(test_position(&[(20, -13)])),
            Err(GameError::Finished)
        );
        game.start_at(pos).unwrap();
        assert_eq!(game.status(), Status::Roll(Side::White));
        let turn = game.program_turn(&mut ScriptedDice::new([(2, 1)])).unwrap();
        let outcome = Outcome {
            winner: Side::White,
            win: Win::Backgammon,
        };
        assert_eq!(turn.outcome, Some(outcome));
        assert_eq!(game.status(), Status::Over(outcome));
        assert_eq!(outcome.points(), 3);
        assert_eq!(game.position().player_off(), CHECKERS);
        assert_eq!(
            game.roll(&mut ScriptedDice::new([(1, 1)])),
            Err(GameError::Over)
        );
        assert_eq!(game.play(0), Err(GameError::Over));
    }

    #[test]
    fn scoring() {
        // The winner (on roll, all off); the loser has all 15 on the board.
        let mut b = [0i8; 26];
        b[3] = -2;
        b[20] = -13;
        let p = |b| Position::from_board(Side::White, b).unwrap();
        assert_eq!(
            Win::of(&p(b)),
            Win::Backgammon,
            "a checker in the winner's home"
        );
        b[3] = 0;
        b[0] = -2;
        assert_eq!(points_won(&p(b)), 3, "a checker on the bar: backgammon");
        b[0] = 0;
        b[19] = -2;
        assert_eq!(Win::of(&p(b)), Win::Gammon);
        assert_eq!(points_won(&p(b)), 2);
        b[19] = -1;
        assert_eq!(Win::of(&p(b)), Win::Single);
        assert_eq!(Win::Single.name(), "a single game");
    }

    #[test]
    fn self_play_learns_for_white_only_and_ends() {
        let mut game = Game::self_play(seed_player(), 0.01);
        game.start_at(Position::opening(Side::White)).unwrap();
        let mut d = SeededDice::new(5);
        let mut judged = Vec::new();
        while game.outcome().is_none() {
            let turn = game.program_turn(&mut d).unwrap();
            if let Some(u) = turn.update {
                assert_eq!(turn.side, Side::White, "only White is judged");
                judged.push(u);
            }
        }
        assert!(!judged.is_empty());
        assert_eq!(game.updates(), judged.as_slice());
        assert_eq!(*game.weights(), judged.last().unwrap().after);
        assert!(game.turns() > 10);
        // The same seed, the same game; learning off leaves the weights alone.
        let mut quiet = Game::self_play(seed_player(), 0.01);
        quiet.set_learning(false);
        quiet.start_at(Position::opening(Side::White)).unwrap();
        let mut d = SeededDice::new(5);
        while quiet.outcome().is_none() {
            assert_eq!(quiet.program_turn(&mut d).unwrap().update, None);
        }
        assert_eq!(*quiet.weights(), Weights::builtin_seed());
    }
}
