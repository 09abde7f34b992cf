//! Opponents and measurements: the program, the perfect goat, perfect and random wolves;
//! seeded games between them; the article's game replayed with the verdict on every move.

use super::board::{Outcome, Position, RuleError, Side, Variant, WolfMove, parse_game};
use super::program::{Champion, Listing, Trace};
use super::solver::{MoveValue, Solution};
use crate::core::rng::SplitMix64;

/// The position before the article's first printed move: wolves 46 48 68 88, goat 66, the
/// wolves to move.
pub fn article_start() -> Position {
    Position::new(Variant::NINE_FOUR, &[46, 48, 68, 88], 66, Side::Wolves)
        .expect("the article's position is legal")
}

/// The article's game as printed: the person's wolf moves and the program's replies.
pub const ARTICLE_GAME: &str = "2/57 (77); 2/66 (86); 1/55 (75); 1/64 (84); 4/77 (73); \
     3/57 (62); 1/53 (73); 3/46 (64); 3/55 (75); 4/86 (64); 4/75 (73); 4/84 (62); 4/73 (51); \
     3/44 (42); 3/33 (31); 2/55 (22); 2/44 (13)";

/// Who plays the goat.
pub trait GoatPlayer {
    /// A short name for reports.
    fn name(&self) -> String;
    /// A new game from `start` begins.
    fn reset(&mut self, start: &Position);
    /// The wolves played `m` in `before`.
    fn observe(&mut self, before: &Position, m: WolfMove);
    /// The goat's move in `pos`, `None` to resign.
    fn choose(&mut self, pos: &Position) -> Option<u8>;
}

/// Who plays the wolves.
pub trait WolfPlayer {
    /// A short name for reports.
    fn name(&self) -> String;
    /// The wolves' move in `pos` (which has at least one).
    fn choose(&mut self, pos: &Position) -> WolfMove;
}

/// «Чемпион» as a goat player.
pub struct ProgramGoat {
    /// The program and its registers.
    pub program: Champion,
    /// The trace of its last decision.
    pub last_trace: Option<Trace>,
}

impl ProgramGoat {
    /// The program with `listing`.
    pub fn new(listing: Listing) -> ProgramGoat {
        ProgramGoat {
            program: Champion::new(listing),
            last_trace: None,
        }
    }
}

impl GoatPlayer for ProgramGoat {
    fn name(&self) -> String {
        match self.program.listing {
            Listing::Main => "Champion (main)".into(),
            Listing::Alternative => "Champion (alternative)".into(),
        }
    }
    fn reset(&mut self, start: &Position) {
        self.program = Champion::for_position(self.program.listing, start);
    }
    fn observe(&mut self, before: &Position, m: WolfMove) {
        self.program.observe_move(before, m);
    }
    fn choose(&mut self, pos: &Position) -> Option<u8> {
        let t = self.program.decide(pos);
        let choice = t.choice;
        self.last_trace = Some(t);
        choice
    }
}

/// The perfect goat: the quickest win, else the longest resistance.
pub struct PerfectGoat<'a>(pub &'a Solution);

impl GoatPlayer for PerfectGoat<'_> {
    fn name(&self) -> String {
        "perfect goat".into()
    }
    fn reset(&mut self, _: &Position) {}
    fn observe(&mut self, _: &Position, _: WolfMove) {}
    fn choose(&mut self, pos: &Position) -> Option<u8> {
        match self.0.best_move(pos)?.mv {
            super::solver::Move::Goat(s) => Some(s),
            super::solver::Move::Wolf(_) => None,
        }
    }
}

/// The perfect wolves: the quickest win, else the longest resistance.
pub struct PerfectWolves<'a>(pub &'a Solution);

impl WolfPlayer for PerfectWolves<'_> {
    fn name(&self) -> String {
        "perfect wolves".into()
    }
    fn choose(&mut self, pos: &Position) -> WolfMove {
        match self.0.best_move(pos).map(|m| m.mv) {
            Some(super::solver::Move::Wolf(m)) => m,
            _ => pos.wolf_moves()[0],
        }
    }
}

/// Wolves that pick a legal move uniformly at random (seeded, reproducible).
pub struct RandomWolves(pub SplitMix64);

impl WolfPlayer for RandomWolves {
    fn name(&self) -> String {
        "random wolves".into()
    }
    fn choose(&mut self, pos: &Position) -> WolfMove {
        let moves = pos.wolf_moves();
        moves[self.0.below(moves.len() as u32) as usize]
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules.
    Rules(Outcome),
    /// The goat player resigned (the program shows 0) although it had a legal move.
    Resigned,
}

impl GameEnd {
    /// Whether the goat won.
    pub fn goat_won(self) -> bool {
        matches!(self, GameEnd::Rules(o) if o.winner() == Side::Goat)
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Every position in order, the final one included.
    pub positions: Vec<Position>,
    /// How it ended.
    pub end: GameEnd,
}

/// Plays one game from `start` to the end.
pub fn play_game(
    start: &Position,
    goat: &mut dyn GoatPlayer,
    wolves: &mut dyn WolfPlayer,
) -> Result<GameRecord, RuleError> {
    goat.reset(start);
    let mut pos = *start;
    let mut positions = vec![pos];
    loop {
        if let Some(o) = pos.outcome() {
            return Ok(GameRecord {
                positions,
                end: GameEnd::Rules(o),
            });
        }
        pos = match pos.to_move {
            Side::Goat => match goat.choose(&pos) {
                Some(s) => pos.after_goat_move(s)?,
                None => {
                    return Ok(GameRecord {
                        positions,
                        end: GameEnd::Resigned,
                    });
                }
            },
            Side::Wolves => {
                let m = wolves.choose(&pos);
                goat.observe(&pos, m);
                pos.after_wolf_move(m)?
            }
        };
        positions.push(pos);
    }
}

/// Results of many games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games the goat won.
    pub goat_wins: u32,
    /// Games the goat player resigned.
    pub resignations: u32,
    /// Goat decisions in positions won for the goat whose move threw the win away.
    pub goat_blunders: u32,
    /// Goat decisions in positions won for the goat.
    pub goat_winning_decisions: u32,
}

impl Tally {
    /// The goat's share of wins, 0–1.
    pub fn goat_rate(&self) -> f64 {
        self.goat_wins as f64 / self.games.max(1) as f64
    }
}

/// Plays `games` games from `start`; `wolves_for(game)` makes the wolves of each game (seed
/// them from the game number for reproducible runs). Goat blunders are judged by `solution`.
pub fn measure<'w>(
    solution: &Solution,
    start: &Position,
    goat: &mut dyn GoatPlayer,
    wolves_for: &mut dyn FnMut(u32) -> Box<dyn WolfPlayer + 'w>,
    games: u32,
) -> Result<Tally, RuleError> {
    let mut t = Tally::default();
    for game in 0..games {
        let mut wolves = wolves_for(game);
        let record = play_game(start, goat, wolves.as_mut())?;
        t.games += 1;
        t.goat_wins += record.end.goat_won() as u32;
        t.resignations += (record.end == GameEnd::Resigned) as u32;
        for pair in record.positions.windows(2) {
            if pair[0].to_move == Side::Goat && solution.value(&pair[0]).is_win() {
                t.goat_winning_decisions += 1;
                t.goat_blunders += !solution.value(&pair[1]).for_mover().is_win() as u32;
            }
        }
        if record.end == GameEnd::Resigned {
            let last = record.positions.last().unwrap();
            if solution.value(last).is_win() {
                t.goat_winning_decisions += 1;
                t.goat_blunders += 1;
            }
        }
    }
    Ok(t)
}

/// One exchange of the article's game with the verdicts.
#[derive(Clone, Debug)]
pub struct ReplayStep {
    /// The position before the wolf move.
    pub before: Position,
    /// The person's wolf move and its exact value.
    pub wolf: MoveValue,
    /// The reply printed in the article.
    pub printed_reply: u8,
    /// The reply of the reconstructed program (main listing).
    pub program_reply: Option<u8>,
    /// The program's trace.
    pub trace: Trace,
    /// Every goat move after the wolf move, with its value; the printed one included.
    pub goat_moves: Vec<MoveValue>,
}

impl ReplayStep {
    /// The value of the printed reply.
    pub fn reply_value(&self) -> Option<MoveValue> {
        self.goat_moves
            .iter()
            .find(|m| m.mv == super::solver::Move::Goat(self.printed_reply))
            .copied()
    }
}

/// Replays the article's game with `solution` (9×9, four wolves) and the program.
pub fn replay_article(solution: &Solution, listing: Listing) -> Result<Vec<ReplayStep>, RuleError> {
    let mut pos = article_start();
    let mut program = Champion::for_position(listing, &pos);
    let mut out = Vec::new();
    for (m, reply) in parse_game(ARTICLE_GAME)? {
        let printed_reply = reply.expect("every printed move has a reply");
        let wolf = solution
            .move_values(&pos)
            .into_iter()
            .find(|v| v.mv == super::solver::Move::Wolf(m))
            .ok_or(RuleError::BadNotation(m.to_string()))?;
        let before = pos;
        program.observe_move(&pos, m);
        pos = pos.after_wolf_move(m)?;
        let trace = program.decide(&pos);
        let goat_moves = solution.move_values(&pos);
        out.push(ReplayStep {
            before,
            wolf,
            printed_reply,
            program_reply: trace.choice,
            trace,
            goat_moves,
        });
        pos = pos.after_goat_move(printed_reply)?;
    }
    Ok(out)
}

/// The shortest sequence of wolf moves that beats the program from `start` (the program is
/// deterministic, so a winning line is a plain sequence), or `None` when no sequence does:
/// then the program wins against every possible play of the wolves.
pub fn beat_program(
    start: &Position,
    listing: Listing,
) -> Result<Option<Vec<WolfMove>>, RuleError> {
    use std::collections::HashMap;
    use std::collections::hash_map::Entry;
    // A state is the position with the wolves to move and the program's registers (R7 follows
    // from the position; R0 does not).
    let mut program = Champion::for_position(listing, start);
    let mut pos = *start;
    if pos.to_move == Side::Goat {
        if pos.outcome().is_some() {
            return Ok(None);
        }
        match program.decide(&pos).choice {
            Some(s) => pos = pos.after_goat_move(s)?,
            None => return Ok(Some(Vec::new())),
        }
    }
    let mut seen: HashMap<(Position, i32), (usize, Option<WolfMove>)> = HashMap::new();
    let mut queue: Vec<(Position, Champion)> = vec![(pos, program)];
    seen.insert((pos, queue[0].1.r0), (usize::MAX, None));
    let mut keys = vec![(pos, queue[0].1.r0)];
    let mut head = 0;
    while head < queue.len() {
        let (pos, program) = queue[head].clone();
        let here = head;
        head += 1;
        if pos.outcome().is_some() {
            continue;
        }
        for m in pos.wolf_moves() {
            let mut p = program.clone();
            p.observe_move(&pos, m);
            let after = pos.after_wolf_move(m)?;
            let won = match after.outcome() {
                Some(o) => o.winner() == Side::Wolves,
                None => match p.decide(&after).choice {
                    None => true,
                    Some(s) => {
                        let next = after.after_goat_move(s)?;
                        if let Entry::Vacant(e) = seen.entry((next, p.r0)) {
                            e.insert((here, Some(m)));
                            keys.push((next, p.r0));
                            queue.push((next, p));
                        }
                        false
                    }
                },
            };
            if won {
                let mut line = vec![m];
                let mut at = here;
                while at != usize::MAX {
                    let (parent, mv) = seen[&keys[at]];
                    if let Some(mv) = mv {
                        line.push(mv);
                    }
                    at = parent;
                }
                line.reverse();
                return Ok(Some(line));
            }
        }
    }
    Ok(None)
}
