//! Games played on the board — against the classic program, or by it against itself — as a
//! match, so that the writers ([`Match::to_mat`], [`Match::to_sgf`]) can keep them.
//!
//! Such games are cubeless money games: the match is a money session (length 0), without
//! the Crawford or Jacoby rule, its games numbered from 1, each game's score the points won
//! in the games before. Every turn is replayed through the move generator as a file's would
//! be ([`super::replay`]), so a played game gets the same decisions, Match IDs and result as
//! the file written from it gives when read back. A game that starts from a set-up position
//! begins with a set-up (which SGF can hold and MAT cannot: [`Match::try_to_mat`]); a game
//! not played out has no result.

use super::analysis::Analysis;
use super::model::{Match, Rules};
use super::record::{Act, Action, GameRecord, Header, Recorded, Setup};
use super::replay::replay_match;
use crate::core::moves::Segment;
use crate::core::played::PlayedGame;
use crate::core::position::{BAR, OPPONENT_BAR, Position};

impl Match {
    /// A money session of played `games` between `players` (player 0 Black, player 1 White;
    /// see the module doc).
    pub fn played(players: [String; 2], games: &[PlayedGame]) -> Match {
        let header = Header {
            players,
            match_length: 0,
            rules: Rules {
                crawford: false,
                jacoby: false,
            },
            tags: Vec::new(),
            warnings: Vec::new(),
        };
        // Each game is replayed on its own first, for its result: the next game's score.
        let mut score = [0u16; 2];
        let mut records = Vec::with_capacity(games.len());
        for (i, game) in games.iter().enumerate() {
            let record = game_record(game, u32::try_from(i + 1).unwrap_or(u32::MAX), score);
            let alone = replay_match(header.clone(), vec![record.clone()]);
            if let Some(r) = alone.games.first().and_then(|g| g.result) {
                let won = u16::try_from(r.points).unwrap_or(u16::MAX);
                score[r.winner] = score[r.winner].saturating_add(won);
            }
            records.push(record);
        }
        replay_match(header, records)
    }
}

/// A played game as a file's record: a set-up first when it did not start from the opening
/// position, then every turn (its line the turn's number).
fn game_record(game: &PlayedGame, number: u32, score: [u16; 2]) -> GameRecord {
    let mut actions = Vec::with_capacity(game.turns.len() + 1);
    let first = super::player_of(game.start.on_roll());
    if !game.from_opening() {
        actions.push(action(first, 0, Act::Setup(setup(&game.start, first))));
    }
    for (i, t) in game.turns.iter().enumerate() {
        let segments: Vec<Segment> =
            t.mv.steps()
                .map(|s| Segment {
                    from: s.from,
                    to: s.to,
                })
                .collect();
        let play = Recorded::Steps {
            text: t.mv.notation(),
            segments,
        };
        let act = Act::Roll { dice: t.dice, play };
        actions.push(action(t.player, i + 1, act));
    }
    GameRecord {
        number,
        score,
        line: 0,
        crawford: Some(false),
        cube: 1,
        actions,
    }
}

fn action(player: usize, line: usize, act: Act) -> Action {
    Action {
        player,
        line,
        move_number: None,
        text: String::new(),
        act,
        analysis: Analysis::default(),
    }
}

/// The set-up of `start` (`first` on roll in it): every point cleared, each checker added in
/// player 0's numbering, the cube centred at 1.
fn setup(start: &Position, first: usize) -> Setup {
    let from_0 = if first == 0 { *start } else { start.mirror() };
    let b = from_0.board();
    let mut add = Vec::new();
    for (p, &n) in (1u8..).zip(&b[1..BAR]) {
        let who = usize::from(n < 0);
        add.extend(std::iter::repeat_n((who, p), n.unsigned_abs().into()));
    }
    add.extend(std::iter::repeat_n((0, 25), b[BAR].unsigned_abs().into()));
    add.extend(std::iter::repeat_n(
        (1, 25),
        b[OPPONENT_BAR].unsigned_abs().into(),
    ));
    Setup {
        clear: (1..=25).collect(),
        add,
        on_roll: Some(first),
        cube: Some(1),
        owner: Some(None),
    }
}
