//! Replaying recorded games on the board: every move through the move generator, the cube
//! and the score followed, each decision given its position and Match ID.
//!
//! A recorded move that reaches one of the roll's legal results is [`Legality::Legal`]. One
//! the rules refuse but that can be made on the board (each step leaves a point holding a
//! checker of the mover's and lands on a point the opponent does not hold with two or more)
//! is made as recorded, its hits found on the board, and marked
//! [`Legality::IllegalAsRecorded`] with the rules' reason. One that cannot be made at all, or
//! was never recorded, ends the game's decisions with a [`Warning`]; the other games are
//! kept.

use super::analysis::Analysis;
use super::model::{
    Checkers, Decision, DecisionKind, Game, GameResult, HowEnded, Legality, Match, Warning,
};
use super::record::{Act, Action, GameRecord, Header, Recorded, Setup};
use crate::core::dice::Dice;
use crate::core::formats::{GameState, MatchId, Resignation, shorten};
use crate::core::moves::parse::match_segments;
use crate::core::moves::{Move, MoveGenerator, Segment, Step};
use crate::core::played::side_of;
use crate::core::position::{BAR, OPPONENT_BAR, Position};

/// The largest cube a Match ID holds.
const MAX_CUBE: u32 = 1 << 15;

/// The longest excerpt of a recorded line a warning quotes.
const EXCERPT: usize = 80;

/// Replays every game and puts the match together, checking each game's score against the
/// one before.
pub(crate) fn replay_match(mut header: Header, records: Vec<GameRecord>) -> Match {
    let mut warnings = std::mem::take(&mut header.warnings);
    let mut generator = MoveGenerator::new();
    let mut games: Vec<Game> = Vec::with_capacity(records.len());
    let mut crawford_played = false;
    for mut record in records {
        if let Some(previous) = games.last() {
            check_score(previous, &record, header.match_length, &mut warnings);
        }
        let crawford = crawford_game(&header, &record, crawford_played, &mut warnings);
        crawford_played |= crawford;
        let mut replay = Replay::new(&header, &record, crawford, &mut warnings, &mut generator);
        // Each action's analysis moves to its decision, uncopied.
        replay.analyses = record
            .actions
            .iter_mut()
            .map(|a| std::mem::take(&mut a.analysis))
            .collect();
        games.push(replay.run(&record.actions));
    }
    // A warning quotes the file: one line, short, control characters escaped.
    for w in &mut warnings {
        w.text = shorten(&w.text, EXCERPT);
        w.why = shorten(&w.why, 4 * EXCERPT);
    }
    Match {
        players: header.players,
        match_length: header.match_length,
        rules: header.rules,
        games,
        warnings,
        tags: header.tags,
    }
}

/// The first game in which one player (exactly one) is 1 point away is the Crawford game,
/// when the match is played with the rule; a file that marks its Crawford game itself (SGF)
/// is believed when its mark is possible.
fn crawford_game(
    header: &Header,
    record: &GameRecord,
    crawford_played: bool,
    warnings: &mut Vec<Warning>,
) -> bool {
    let length = header.match_length;
    let one_away = |s: u16| length > 0 && s.checked_add(1) == Some(length);
    let possible = one_away(record.score[0]) != one_away(record.score[1]);
    let by_rule = header.rules.crawford && possible && !crawford_played;
    match record.crawford {
        Some(true) if !possible => {
            warnings.push(Warning {
                game: record.number,
                move_number: None,
                line: record.line,
                text: String::new(),
                why: "the file marks the Crawford game, but not exactly one player is 1 point \
                      away: read as not the Crawford game"
                    .into(),
            });
            false
        }
        Some(mark) => mark,
        None => by_rule,
    }
}

/// Warns when a game's score is not the score before it plus what the game before gave.
fn check_score(previous: &Game, record: &GameRecord, length: u16, warnings: &mut Vec<Warning>) {
    let Some(result) = previous.result else {
        return;
    };
    let mut expected = previous.score;
    let won = u16::try_from(result.points).unwrap_or(u16::MAX);
    expected[result.winner] = expected[result.winner].saturating_add(won);
    if length > 0 && expected.iter().any(|&s| s >= length) {
        warnings.push(Warning {
            game: record.number,
            move_number: None,
            line: record.line,
            text: String::new(),
            why: format!(
                "a game after the match was won ({}-{} after game {}): read all the same",
                expected[0], expected[1], previous.number
            ),
        });
    } else if expected != record.score {
        warnings.push(Warning {
            game: record.number,
            move_number: None,
            line: record.line,
            text: String::new(),
            why: format!(
                "the score {}-{} does not follow game {}, which leaves {}-{}: the file's score \
                 is kept",
                record.score[0], record.score[1], previous.number, expected[0], expected[1]
            ),
        });
    }
}

/// A double on offer: who offered, and the cube's value offered.
#[derive(Clone, Copy)]
struct Offer {
    /// Who doubled: after a beaver, the player who beavered.
    doubler: usize,
    cube: u32,
    /// A beaver (or a beaver of a beaver, a raccoon) waiting for the other's answer: as gnubg
    /// plays money, the one who beavered keeps the cube, and the answer may be left unwritten
    /// (gnubg's MAT export writes no take after a beaver: the next roll takes it).
    beaver: bool,
}

/// One game being replayed.
struct Replay<'a> {
    header: &'a Header,
    game: Game,
    /// The board, its side on roll the last to move or be set up.
    board: Position,
    cube: u32,
    owner: Option<usize>,
    /// Who rolls next, once known.
    turn: Option<usize>,
    offer: Option<Offer>,
    /// Set when the game is over on the board, by a drop or by a resignation.
    over: Option<GameResult>,
    warnings: &'a mut Vec<Warning>,
    generator: &'a mut MoveGenerator,
    /// The analysis of each action, taken by its decision.
    analyses: Vec<Analysis>,
    /// The index of the action being replayed.
    current: usize,
    /// A roll that made no decision (a roll before resigning): who rolled, and the dice.
    rolled: Option<(usize, Dice)>,
}

/// Whether to go on with the game's next action.
enum Next {
    Go,
    Stop,
}

impl<'a> Replay<'a> {
    fn new(
        header: &'a Header,
        record: &GameRecord,
        crawford: bool,
        warnings: &'a mut Vec<Warning>,
        generator: &'a mut MoveGenerator,
    ) -> Replay<'a> {
        Replay {
            header,
            game: Game {
                number: record.number,
                score: record.score,
                crawford,
                decisions: Vec::new(),
                result: None,
            },
            board: Position::opening(side_of(0)),
            cube: record.cube.clamp(1, MAX_CUBE),
            owner: None,
            turn: None,
            offer: None,
            over: None,
            warnings,
            generator,
            analyses: Vec::new(),
            current: 0,
            rolled: None,
        }
    }

    fn run(mut self, actions: &[Action]) -> Game {
        for (i, action) in actions.iter().enumerate() {
            self.current = i;
            if let Next::Stop = self.act(action, &actions[i + 1..]) {
                self.game.result = self.over.or_else(|| stated_result(&actions[i + 1..]));
                return self.game;
            }
        }
        self.game.result = self.over;
        self.game
    }

    /// The board from `player`'s view, `player` on roll.
    fn view(&self, player: usize) -> Position {
        if self.board.on_roll() == side_of(player) {
            self.board
        } else {
            self.board.mirror()
        }
    }

    fn warn(&mut self, action: &Action, why: String) {
        self.warnings.push(Warning {
            game: self.game.number,
            move_number: action.move_number,
            line: action.line,
            text: shorten(&action.text, EXCERPT),
            why,
        });
    }

    /// A player's name for a warning: one line, short.
    fn name(&self, player: usize) -> String {
        shorten(&self.header.players[player], 40)
    }

    /// The Match ID before a decision: `on_roll` the player who rolls (or doubled), `turn`
    /// the one deciding.
    fn match_id(&self, on_roll: usize, turn: usize, dice: Option<Dice>) -> MatchId {
        MatchId {
            cube_log2: self.cube.trailing_zeros() as u8,
            cube_owner: self.owner.map(side_of),
            on_roll: side_of(on_roll),
            crawford: self.game.crawford,
            game_state: GameState::Playing,
            turn: side_of(turn),
            double_offered: self.offer.is_some(),
            resignation: Resignation::None,
            dice: dice.map_or([0, 0], |d| [d.high(), d.low()]),
            match_length: self.header.match_length,
            score_white: self.game.score[1],
            score_black: self.game.score[0],
        }
    }

    fn decide(&mut self, action: &Action, kind: DecisionKind, match_id: MatchId) {
        self.game.decisions.push(Decision {
            player: action.player,
            kind,
            position: self.view(action.player),
            match_id,
            line: action.line,
            move_number: action.move_number,
            analysis: self
                .analyses
                .get_mut(self.current)
                .map(std::mem::take)
                .unwrap_or_default(),
        });
    }

    fn act(&mut self, action: &Action, rest: &[Action]) -> Next {
        if let Act::Wins { points, resigned } = action.act {
            return self.wins(action, points, resigned);
        }
        if self.over.is_some() {
            let why = "recorded after the game ended: the rest of the game is left out";
            self.warn(action, why.into());
            return Next::Stop;
        }
        match &action.act {
            Act::Roll { dice, play } => self.roll(action, *dice, play, rest),
            Act::Double { cube } => self.double(action, *cube),
            Act::Take => self.answer(action, Answer::Take),
            Act::Drop => self.answer(action, Answer::Drop),
            Act::Beaver { cube } => self.answer(action, Answer::Beaver(*cube)),
            Act::Resign { points } => self.resign(action, *points, rest),
            Act::Setup(setup) => self.setup(action, setup),
            Act::Wins { .. } => Next::Go,
        }
    }

    /// Checks that it is `player`'s turn to roll or double, warning (and going on) when the
    /// file skipped the other player's turn.
    fn check_turn(&mut self, action: &Action) {
        let p = action.player;
        if self.turn == Some(1 - p) {
            let why = format!(
                "{} plays twice in a row: {}'s turn between is not recorded",
                self.name(p),
                self.name(1 - p)
            );
            self.warn(action, why);
        }
    }

    /// A beaver on offer with no answer written before a roll or the game's end is taken, as
    /// gnubg's MAT export leaves it: the cube at its value, owned by the one who beavered.
    fn take_unanswered_beaver(&mut self) {
        if let Some(offer) = self.offer.filter(|o| o.beaver) {
            self.cube = offer.cube;
            self.owner = Some(offer.doubler);
            self.offer = None;
        }
    }

    fn roll(&mut self, action: &Action, dice: Dice, play: &Recorded, rest: &[Action]) -> Next {
        let p = action.player;
        self.take_unanswered_beaver();
        if let Some(offer) = self.offer {
            if offer.doubler != p {
                let why = "a roll while a double waits for an answer: the rest of the game is \
                           left out";
                self.warn(action, why.into());
                return Next::Stop;
            }
            let why = "the double has no answer before the doubler rolls: read as taken";
            self.warn(action, why.into());
            self.cube = offer.cube;
            self.owner = Some(1 - p);
            self.offer = None;
        }
        self.check_turn(action);
        let before = self.view(p);
        if resignation_follows(rest) && no_move_written(play) {
            return self.roll_before_resigning(action, dice, play, &before);
        }
        let checkers = match self.play(&before, dice, play) {
            Ok(c) => c,
            Err(why) => {
                self.warn(action, why);
                return Next::Stop;
            }
        };
        let match_id = self.match_id(p, p, Some(dice));
        let after = checkers.result;
        self.decide(action, DecisionKind::Move(checkers), match_id);
        self.board = after;
        self.turn = Some(1 - p);
        if after.board()[1..=BAR].iter().all(|&n| n <= 0) {
            self.over = Some(GameResult {
                winner: p,
                points: self.cube * self.level_won(&after),
                how: HowEnded::Normal,
            });
        }
        Next::Go
    }

    /// A roll with no move written just before the game ends by resignation (`32:` or
    /// `32: ????`, then `Wins 1 point`), read as gnubg reads it: with no legal play a dance,
    /// with one the forced play, with more no decision at all (the player rolled, then
    /// resigned): the roll stays in the resignation's Match ID.
    fn roll_before_resigning(
        &mut self,
        action: &Action,
        dice: Dice,
        play: &Recorded,
        before: &Position,
    ) -> Next {
        let p = action.player;
        let (mv, result) = match self.generator.generate(before, dice) {
            [] => (Move::default(), *before),
            [forced] => (forced.mv, forced.result),
            _ => {
                self.rolled = Some((p, dice));
                self.turn = Some(p);
                return Next::Go;
            }
        };
        let recorded = match play {
            Recorded::Steps { text, .. } => text.clone(),
            _ => action
                .text
                .split_once(':')
                .map_or("", |(_, m)| m.trim())
                .to_string(),
        };
        let checkers = Checkers {
            dice,
            recorded,
            mv,
            result,
            legality: Legality::Legal,
        };
        let match_id = self.match_id(p, p, Some(dice));
        self.decide(action, DecisionKind::Move(checkers), match_id);
        self.board = result;
        self.turn = Some(1 - p);
        Next::Go
    }

    /// 1, 2 or 3: what the winner, on roll in `won` with no checker left, wins.
    fn level_won(&self, won: &Position) -> u32 {
        let jacoby = self.header.rules.jacoby && self.header.match_length == 0 && self.cube == 1;
        if won.opponent_off() > 0 || jacoby {
            1
        } else if won.board()[OPPONENT_BAR] < 0 || won.board()[1..=6].iter().any(|&n| n < 0) {
            3
        } else {
            2
        }
    }

    /// The recorded move made on `before`: through the move generator, or as recorded.
    fn play(&mut self, before: &Position, dice: Dice, play: &Recorded) -> Result<Checkers, String> {
        let (text, segments) = match play {
            Recorded::Steps { text, segments } => (text, segments),
            Recorded::Unreadable { why } => {
                return Err(format!(
                    "the move cannot be read ({why}): the rest of the game is left out"
                ));
            }
            Recorded::Unrecorded => {
                return Err("the move was never recorded: the rest of the game is left out".into());
            }
        };
        let plays = self.generator.generate(before, dice);
        let legal = if plays.is_empty() && segments.is_empty() {
            Ok((Move::default(), *before))
        } else {
            match_segments(before, dice, segments, plays).map(|i| (plays[i].mv, plays[i].result))
        };
        let (mv, result, legality) = match legal {
            Ok((mv, result)) => (mv, result, Legality::Legal),
            Err(reason) => match made_as_recorded(before, segments) {
                Some((mv, result)) => (mv, result, Legality::IllegalAsRecorded { reason }),
                None => {
                    return Err(format!(
                        "the move cannot be made on the board ({reason}): the rest of the \
                         game is left out"
                    ));
                }
            },
        };
        Ok(Checkers {
            dice,
            recorded: text.clone(),
            mv,
            result,
            legality,
        })
    }

    fn double(&mut self, action: &Action, written: Option<u32>) -> Next {
        let p = action.player;
        if let Some(offer) = self.offer {
            if offer.doubler != p {
                // Doubled back before answering: a beaver, as gnubg reads it.
                return self.answer(action, Answer::Beaver(written));
            }
            let why = "doubles again before an answer: the rest of the game is left out";
            self.warn(action, why.into());
            return Next::Stop;
        }
        self.check_turn(action);
        if self.cube >= MAX_CUBE {
            let why =
                format!("a double beyond a cube of {MAX_CUBE}: the rest of the game is left out");
            self.warn(action, why);
            return Next::Stop;
        }
        let offered = self.cube * 2;
        self.check_written_cube(action, written, offered);
        if self.owner == Some(1 - p) {
            let why = format!("{} doubles without owning the cube", self.name(p));
            self.warn(action, why);
        }
        if self.game.crawford {
            self.warn(action, "a double in the Crawford game".into());
        }
        let match_id = self.match_id(p, p, None);
        self.decide(action, DecisionKind::Double { cube: offered }, match_id);
        self.offer = Some(Offer {
            doubler: p,
            cube: offered,
            beaver: false,
        });
        self.turn = Some(p);
        Next::Go
    }

    fn check_written_cube(&mut self, action: &Action, written: Option<u32>, value: u32) {
        if let Some(w) = written.filter(|&w| w != value) {
            let why = format!("the file writes a cube of {w} where the cube is {value}");
            self.warn(action, why);
        }
    }

    fn answer(&mut self, action: &Action, answer: Answer) -> Next {
        let p = action.player;
        let Some(offer) = self.offer.filter(|o| o.doubler != p) else {
            let why = "an answer to no double: left out";
            self.warn(action, why.into());
            return Next::Go;
        };
        let match_id = self.match_id(offer.doubler, p, None);
        match answer {
            Answer::Take => {
                self.decide(action, DecisionKind::Take, match_id);
                self.cube = offer.cube;
                // A beaver taken: the one who beavered keeps the cube.
                self.owner = Some(if offer.beaver { offer.doubler } else { p });
            }
            Answer::Drop => {
                self.decide(action, DecisionKind::Drop, match_id);
                self.over = Some(GameResult {
                    winner: offer.doubler,
                    points: self.cube,
                    how: HowEnded::Dropped,
                });
            }
            Answer::Beaver(written) => {
                let cube = offer.cube.saturating_mul(2);
                if cube > MAX_CUBE {
                    let why = format!(
                        "a beaver beyond a cube of {MAX_CUBE}: the rest of the game is left out"
                    );
                    self.warn(action, why);
                    return Next::Stop;
                }
                self.check_written_cube(action, written, cube);
                if self.header.match_length > 0 {
                    self.warn(
                        action,
                        "a beaver in a match (beavers are for money play)".into(),
                    );
                }
                self.decide(action, DecisionKind::Beaver { cube }, match_id);
                // The double is taken (the cube at its value) and doubled back at once: the
                // doubler answers in turn — takes (written or not), drops, or beavers back.
                self.cube = offer.cube;
                self.offer = Some(Offer {
                    doubler: p,
                    cube,
                    beaver: true,
                });
                return Next::Go;
            }
        }
        self.offer = None;
        Next::Go
    }

    /// 1, 2 or 3 for `points` lost with the cube (gnubg's reading of a MAT `Wins` line that
    /// ends a game still in play).
    fn level_of(&self, points: u32) -> u8 {
        if points <= self.cube {
            1
        } else if points <= 2 * self.cube {
            2
        } else {
            3
        }
    }

    fn resign(&mut self, action: &Action, points: Option<u32>, rest: &[Action]) -> Next {
        let p = action.player;
        let lost = points.or_else(|| {
            rest.iter().find_map(|a| match a.act {
                Act::Wins { points, .. } if a.player != p => Some(points),
                _ => None,
            })
        });
        let level = lost.map_or(1, |n| self.level_of(n));
        let on_roll = self.turn.unwrap_or(p);
        let dice = self.rolled.filter(|&(r, _)| r == on_roll).map(|(_, d)| d);
        let match_id = self.match_id(on_roll, p, dice);
        self.decide(action, DecisionKind::Resign { points: level }, match_id);
        self.over = Some(GameResult {
            winner: 1 - p,
            points: lost.unwrap_or(self.cube * u32::from(level)),
            how: HowEnded::Resigned,
        });
        Next::Go
    }

    /// A `Wins` statement: checked against a game already over, or read as the loser's
    /// resignation (as gnubg reads it) when the game is still in play, a double on offer
    /// included.
    fn wins(&mut self, action: &Action, points: u32, resigned: Option<bool>) -> Next {
        let p = action.player;
        self.take_unanswered_beaver();
        if let Some(result) = self.over {
            if result.winner != p || result.points != points {
                let why = format!(
                    "the file says {} wins {points}, the game gives {} {}: the game's result is \
                     kept",
                    self.name(p),
                    self.name(result.winner),
                    result.points
                );
                self.warn(action, why);
            }
            return Next::Go;
        }
        // A double still waiting for its answer changes nothing here: gnubg reads the line as
        // the loser's resignation all the same (its MAT export writes a resignation as this
        // line alone), the points at the cube before the double.
        if resigned == Some(false) {
            let why = format!(
                "the file says {} wins {points}, but the game is not over: the game is left \
                 unfinished",
                self.name(p)
            );
            self.warn(action, why);
            self.over = Some(GameResult {
                winner: p,
                points,
                how: HowEnded::Unfinished,
            });
            return Next::Stop;
        }
        let level = self.level_of(points);
        let resign = Action {
            player: 1 - p,
            act: Act::Resign {
                points: Some(points),
            },
            analysis: Analysis::default(),
            ..action.clone()
        };
        if points != self.cube * u32::from(level) {
            let why = format!(
                "{points} points is no single game, gammon or backgammon with a cube of {}",
                self.cube
            );
            self.warn(action, why);
        }
        self.resign(&resign, Some(points), &[])
    }
}

impl Replay<'_> {
    /// A set-up made on the board from player 0's view; one that gives a player more than
    /// 15 checkers ends the game.
    fn setup(&mut self, action: &Action, setup: &Setup) -> Next {
        let mut board = *self.view(0).board();
        for &p in &setup.clear {
            match p {
                25 => (board[BAR], board[OPPONENT_BAR]) = (0, 0),
                p => board[usize::from(p)] = 0,
            }
        }
        for &(player, p) in &setup.add {
            let at = match (player, p) {
                (0, 25) => BAR,
                (_, 25) => OPPONENT_BAR,
                (_, p) => usize::from(p),
            };
            let (mine, sign) = if player == 0 {
                (board[at] >= 0, 1)
            } else {
                (board[at] <= 0, -1)
            };
            if !mine && at != BAR && at != OPPONENT_BAR {
                board[at] = 0;
            }
            board[at] = board[at].saturating_add(sign);
        }
        match Position::from_board(side_of(0), board) {
            Ok(position) => self.board = position,
            Err(e) => {
                self.warn(
                    action,
                    format!("the set-up is no position ({e}): the rest of the game is left out"),
                );
                return Next::Stop;
            }
        }
        if let Some(p) = setup.on_roll {
            self.board = self.view(p);
            self.turn = Some(p);
        }
        if let Some(cube) = setup.cube {
            self.cube = cube.clamp(1, MAX_CUBE).next_power_of_two().min(MAX_CUBE);
        }
        if let Some(owner) = setup.owner {
            self.owner = owner;
        }
        if self.owner.is_some() && self.cube == 1 {
            self.warn(
                action,
                "the set-up gives a cube of 1 an owner (no one has doubled): the rest of the \
                 game is left out"
                    .into(),
            );
            return Next::Stop;
        }
        Next::Go
    }
}

/// Whether the game's next action ends it by resignation as a MAT file writes one: the
/// loser's `Resigns` (or `Losses`), or a `Wins` line while the game is in play.
fn resignation_follows(rest: &[Action]) -> bool {
    matches!(
        rest.first().map(|a| &a.act),
        Some(Act::Resign { .. } | Act::Wins { resigned: None, .. })
    )
}

/// A roll written with no move: nothing after the dice (`32:`), or `????`.
fn no_move_written(play: &Recorded) -> bool {
    match play {
        Recorded::Steps { segments, .. } => segments.is_empty(),
        Recorded::Unrecorded => true,
        Recorded::Unreadable { .. } => false,
    }
}

/// How a double is answered.
enum Answer {
    Take,
    Drop,
    Beaver(Option<u32>),
}

/// The result the file states after a warning stopped the replay: the winner and points of
/// its `Wins` line, marked unfinished.
fn stated_result(rest: &[Action]) -> Option<GameResult> {
    rest.iter().find_map(|a| match a.act {
        Act::Wins { points, .. } => Some(GameResult {
            winner: a.player,
            points,
            how: HowEnded::Unfinished,
        }),
        _ => None,
    })
}

/// Makes `segments` on `before` as recorded, in an order in which each step has a checker to
/// move and a point to land on (not held by two or more of the opponent's checkers); a blot
/// landed on is hit. `None` when no such order exists.
fn made_as_recorded(before: &Position, segments: &[Segment]) -> Option<(Move, Position)> {
    let mut board = *before;
    let mut left: Vec<Segment> = segments.to_vec();
    let mut steps: Vec<Step> = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let i = left.iter().position(|s| {
            board.player_at(s.from as usize) > 0
                && (s.to == 0 || board.opponent_at(s.to as usize) < 2)
        })?;
        let s = left.remove(i);
        let hit = s.to != 0 && board.opponent_at(s.to as usize) == 1;
        board.step_unchecked(s.from as usize, s.to as usize, hit);
        steps.push(Step {
            from: s.from,
            to: s.to,
            hit,
        });
    }
    Some((Move::from_steps(&steps), board))
}
