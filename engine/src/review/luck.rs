//! The luck of every roll of a match, as gnubg's own `analyse match` computes it (its luck
//! analysis: 0-ply cubeful, whatever the review's depth), matched to the match's decisions:
//! the engine reads the match as MAT and must read the same rolls (position and dice) as bgw.

use crate::matches::{DecisionKind, Match};
use crate::reference::{GameLuck, ReferenceEngine, Roll, RollLuck};

/// Each roll's luck and each game's actual result.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchLuck {
    /// Per game of the match: each roll's decision index and its luck.
    rolls: Vec<Vec<(usize, RollLuck)>>,
    /// Per game: what each player gained (MWC in a match, points in money play).
    actual: Vec<[f64; 2]>,
}

impl MatchLuck {
    /// Asks `engine` for the luck of every roll of `m`; the reason when it cannot give it or
    /// read other rolls than bgw.
    pub fn of(m: &Match, engine: &mut dyn ReferenceEngine) -> Result<MatchLuck, String> {
        let mat = m
            .try_to_mat()
            .map_err(|e| format!("the match cannot go to gnubg as MAT: {e}"))?;
        let rolls: Vec<Vec<(usize, Roll)>> = m
            .games
            .iter()
            .map(|g| {
                (g.decisions.iter().enumerate())
                    .filter_map(|(i, d)| {
                        let c = d.checkers()?;
                        let roll = Roll {
                            match_id: d.match_id,
                            position: d.position,
                            dice: c.dice,
                        };
                        Some((i, roll))
                    })
                    .collect()
            })
            .collect();
        let ids: Vec<Vec<Roll>> = (rolls.iter())
            .map(|g| g.iter().map(|r| r.1).collect())
            .collect();
        let games: Vec<GameLuck> = engine.match_luck(&mat, &ids).map_err(|e| e.to_string())?;
        if games.len() != m.games.len() {
            return Err(format!(
                "{} read {} games, bgw {}",
                engine.name(),
                games.len(),
                m.games.len()
            ));
        }
        let mut out = MatchLuck {
            rolls: Vec::new(),
            actual: Vec::new(),
        };
        for (k, (game, luck)) in m.games.iter().zip(games).enumerate() {
            if luck.rolls.len() != rolls[k].len() {
                return Err(format!(
                    "{} read {} rolls in game {}, bgw {}",
                    engine.name(),
                    luck.rolls.len(),
                    game.number,
                    rolls[k].len()
                ));
            }
            let mut mine = Vec::new();
            for (&(i, _), r) in rolls[k].iter().zip(luck.rolls) {
                let d = &game.decisions[i];
                let DecisionKind::Move(c) = &d.kind else {
                    continue;
                };
                let dice = [c.dice.high(), c.dice.low()];
                if r.position != d.position_id() || r.dice != dice {
                    return Err(format!(
                        "{} read game {} decision {} as {} {}{}, bgw as {} {}{}",
                        engine.name(),
                        game.number,
                        i + 1,
                        r.position,
                        r.dice[0],
                        r.dice[1],
                        d.position_id(),
                        dice[0],
                        dice[1]
                    ));
                }
                mine.push((i, r));
            }
            out.rolls.push(mine);
            out.actual.push(luck.actual);
        }
        Ok(out)
    }

    /// The luck of decision `decision` of game `game` (index), when it is a roll.
    pub fn roll(&self, game: usize, decision: usize) -> Option<&RollLuck> {
        let rolls = self.rolls.get(game)?;
        let k = rolls.binary_search_by_key(&decision, |r| r.0).ok()?;
        Some(&rolls[k].1)
    }

    /// Game `game`'s actual result: what each player gained in it.
    pub fn actual(&self, game: usize) -> Option<[f64; 2]> {
        self.actual.get(game).copied()
    }

    /// How many games it covers.
    pub fn games(&self) -> usize {
        self.actual.len()
    }
}
