//! The bridge's wire format: a request as one JSON line, a reply line read back into a typed
//! [`Reply`]. Pure functions, no process: everything gnubg writes is input and is checked.

use crate::core::dice::Dice;
use crate::core::formats::position_id;
use crate::core::moves::Play;
use crate::core::position::Position;
use crate::reference::{
    CubeDecision, CubeMwc, CubePoints, GameLuck, LivePoints, MatchContext, RollLuck, RolloutResult,
    RolloutSettings, money_points,
};
use crate::reference::{EngineInfo, Evaluation, MoveEval, ReferenceError};
use serde_json::{Value, json};

/// The oldest gnubg the bridge works with (1.07: the first whose embedded Python is Python 3
/// on the distributions we know, and the version the shipped benchmark was made with).
pub const OLDEST_VERSION: Version = Version {
    major: 1,
    minor: 7,
    patch: 0,
};

/// gnubg's short name in messages.
pub const ENGINE: &str = "gnubg";

/// gnubg's name in [`EngineInfo`].
pub const ENGINE_NAME: &str = "GNU Backgammon";

/// The bridge protocol this module speaks; the script's `hello` must report the same. (The
/// script is ours and written out with every start, so a gnubg answering with another
/// protocol runs another script: `BGW_GNUBG` names a wrapper of its own, or a stand-in.)
pub const PROTOCOL: u32 = 2;

/// The mark that starts every reply line of the bridge; other lines are gnubg's own output.
pub const REPLY_PREFIX: &str = "@bgw ";

/// Which moves gnubg evaluates at the full depth of a [`Request::Moves`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum MoveFilter {
    /// Every legal move at the requested plies.
    #[default]
    All,
    /// gnubg's own move filter: the moves it discards keep the lower ply of the stage that
    /// discarded them (each [`MoveEval::plies`] says which).
    Gnubg,
    /// The move filter of gnubg's `analyse match` (wider than its hint's: by default 16 moves
    /// within 0.32 go on to the next ply instead of 8 within 0.16), as `show analysis` prints it.
    Analysis,
}

/// One request to the bridge. Positions are gnubg Position IDs with the side to move on roll
/// ([`position_id::encode`] of a [`Position`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    /// gnubg's version and the bridge's protocol.
    Hello,
    /// Every legal move of a position and roll, best first: cubeless money, or cubeful at a
    /// match state.
    Moves {
        /// The position, the side to move on roll.
        position: String,
        /// The roll.
        dice: Dice,
        /// Depth: 0 is gnubg's neural net alone.
        plies: u8,
        /// Which moves get the full depth.
        filter: MoveFilter,
        /// The match state to judge at; `None`: cubeless money.
        at: Option<MatchContext>,
    },
    /// The cubeless money evaluation of one position, the side on roll before rolling.
    Evaluate {
        /// The position, the side to move on roll.
        position: String,
        /// Depth: 0 is gnubg's neural net alone.
        plies: u8,
    },
    /// The move gnubg plays (its own move filter) at `plies`.
    Best {
        /// The position, the side to move on roll.
        position: String,
        /// The roll.
        dice: Dice,
        /// Depth: 0 is gnubg's neural net alone.
        plies: u8,
    },
    /// A rollout of chosen moves (gnubg's `rollout`, one move after another); running results
    /// come as partial replies before the final one.
    Rollout {
        /// Each move: gnubg's notation and the Position ID after it, the opponent on roll.
        moves: Vec<(String, String)>,
        /// How it is rolled out.
        settings: RolloutSettings,
        /// For a cubeful rollout: the match state of the side that moves, and the same with
        /// the opponent on roll (after the move).
        at: Option<(MatchContext, MatchContext)>,
    },
    /// The luck of every roll of a match file, as gnubg's `analyse match` computes it (its
    /// luck analysis alone).
    Luck {
        /// The match file (MAT) gnubg imports.
        path: String,
        /// Per game, the Match ID of each roll in order (the roller on roll).
        rolls: Vec<Vec<String>>,
    },
    /// gnubg's cube decision before the roll at a match state.
    Cube {
        /// The position, the side to move on roll.
        position: String,
        /// The match state.
        at: MatchContext,
        /// Depth: 0 is gnubg's neural net alone.
        plies: u8,
    },
}

impl Request {
    /// Every legal move of `dice` in `pos` at `plies`, each evaluated at that depth.
    pub fn moves(pos: &Position, dice: Dice, plies: u8) -> Request {
        Request::moves_filtered(pos, dice, plies, MoveFilter::All)
    }

    /// Every legal move of `dice` in `pos`, cubeless money, those `filter` keeps at `plies`
    /// (the others at the ply that dropped them).
    pub fn moves_filtered(pos: &Position, dice: Dice, plies: u8, filter: MoveFilter) -> Request {
        Request::Moves {
            position: position_id::encode(pos),
            dice,
            plies,
            filter,
            at: None,
        }
    }

    /// Every legal move of `dice` in `pos` at `plies`, cubeful at the match state `at`.
    pub fn moves_at(pos: &Position, dice: Dice, plies: u8, at: &MatchContext) -> Request {
        Request::moves_filtered_at(pos, dice, plies, at, MoveFilter::All)
    }

    /// Every legal move of `dice` in `pos`, cubeful at the match state `at`, those `filter`
    /// keeps at `plies` (the others at the ply that dropped them).
    pub fn moves_filtered_at(
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: &MatchContext,
        filter: MoveFilter,
    ) -> Request {
        Request::Moves {
            position: position_id::encode(pos),
            dice,
            plies,
            filter,
            at: Some(*at),
        }
    }

    /// gnubg's cube decision in `pos` (the side on roll, before rolling) at `at` and `plies`.
    pub fn cube(pos: &Position, at: &MatchContext, plies: u8) -> Request {
        Request::Cube {
            position: position_id::encode(pos),
            at: *at,
            plies,
        }
    }

    /// A rollout of `plays` (legal plays of a roll in some position) with `settings`, cubeful
    /// at the mover's match state `at` when the settings say so.
    pub fn rollout(plays: &[Play], settings: &RolloutSettings, at: &MatchContext) -> Request {
        let after = {
            let id = at.match_id();
            let opponent = id.on_roll.opponent();
            MatchContext::from_match_id(
                crate::core::formats::MatchId {
                    on_roll: opponent,
                    turn: opponent,
                    ..id
                },
                at.jacoby,
                at.beavers,
            )
        };
        Request::Rollout {
            moves: plays
                .iter()
                .map(|p| (p.mv.notation(), position_id::encode(&p.result.mirror())))
                .collect(),
            settings: *settings,
            at: settings.cubeful.then_some((*at, after)),
        }
    }

    /// The evaluation of `pos` (the side on roll, before rolling) at `plies`.
    pub fn evaluate(pos: &Position, plies: u8) -> Request {
        Request::Evaluate {
            position: position_id::encode(pos),
            plies,
        }
    }

    /// The move gnubg plays with `dice` in `pos` at `plies`.
    pub fn best(pos: &Position, dice: Dice, plies: u8) -> Request {
        Request::Best {
            position: position_id::encode(pos),
            dice,
            plies,
        }
    }

    /// The operation's name on the wire.
    pub fn op(&self) -> &'static str {
        match self {
            Request::Hello => "hello",
            Request::Moves { .. } => "moves",
            Request::Evaluate { .. } => "evaluate",
            Request::Best { .. } => "best",
            Request::Cube { .. } => "cube",
            Request::Rollout { .. } => "rollout",
            Request::Luck { .. } => "luck",
        }
    }

    /// The request as one JSON line (with its newline) carrying `id`.
    pub fn to_line(&self, id: u64) -> String {
        let dice = |d: &Dice| json!([d.high(), d.low()]);
        let mut v = match self {
            Request::Hello => json!({}),
            Request::Moves {
                position,
                dice: d,
                plies,
                filter,
                at,
            } => {
                let mut v = json!({
                    "position": position,
                    "dice": dice(d),
                    "plies": plies,
                    "filter": match filter {
                        MoveFilter::All => "all",
                        MoveFilter::Gnubg => "gnubg",
                        MoveFilter::Analysis => "analysis",
                    },
                });
                if let Some(at) = at {
                    v["match"] = match_json(at);
                }
                v
            }
            Request::Evaluate { position, plies } => {
                json!({ "position": position, "plies": plies })
            }
            Request::Best {
                position,
                dice: d,
                plies,
            } => json!({ "position": position, "dice": dice(d), "plies": plies }),
            Request::Cube {
                position,
                at,
                plies,
            } => json!({ "position": position, "match": match_json(at), "plies": plies }),
            Request::Luck { path, rolls } => json!({ "path": path, "rolls": rolls }),
            Request::Rollout {
                moves,
                settings,
                at,
            } => {
                let mut v = json!({
                    "moves": moves
                        .iter()
                        .map(|(m, after)| json!({ "move": m, "after": after }))
                        .collect::<Vec<_>>(),
                    "trials": settings.trials,
                    "truncate": settings.truncate,
                    "variance_reduction": settings.variance_reduction,
                    "seed": settings.seed,
                    "plies": settings.plies,
                    "cube_plies": settings.cube_plies,
                    "cubeful": settings.cubeful,
                });
                if let Some((mover, after)) = at {
                    v["match"] = match_json(mover);
                    v["match_after"] = match_json(after);
                }
                v
            }
        };
        v["id"] = json!(id);
        v["op"] = json!(self.op());
        format!("{v}\n")
    }
}

/// The `match` object of a request: the Match ID (the side on roll's, not rolled) and the
/// money rules.
fn match_json(at: &MatchContext) -> Value {
    json!({
        "match_id": at.match_id().encode(),
        "jacoby": at.jacoby,
        "beavers": at.beavers,
    })
}

/// gnubg's version and the bridge's protocol, from a `hello`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hello {
    /// gnubg's own words (the first line of `show version`), e.g. `GNU Backgammon 1.07.001
    /// 20230103`.
    pub gnubg: String,
    /// The bridge script's protocol version.
    pub protocol: u32,
    /// What failed when the bridge tried a request of each kind on this gnubg at its start
    /// (empty: nothing; a bridge that does not say is taken as nothing).
    pub problems: Vec<String>,
}

impl Hello {
    /// gnubg's version, when its words are gnubg's banner.
    pub fn version(&self) -> Option<Version> {
        Version::from_banner(&self.gnubg)
    }

    /// gnubg's name and version.
    pub fn info(&self) -> EngineInfo {
        EngineInfo {
            name: ENGINE_NAME.to_string(),
            version: self
                .version()
                .map(|_| version_word(&self.gnubg).to_string()),
            banner: self.gnubg.clone(),
        }
    }

    /// Why this gnubg does not work with us, in words (`None`: it does): another protocol, a
    /// version older than [`OLDEST_VERSION`], or the bridge's check failed. A banner that is
    /// not gnubg's is no reason: the protocol decides.
    pub fn refusal(&self) -> Option<String> {
        if self.protocol != PROTOCOL {
            return Some(format!(
                "{:?} answers with bridge protocol {}; bgw speaks protocol {PROTOCOL}",
                self.gnubg, self.protocol
            ));
        }
        if let Some(v) = self.version()
            && v < OLDEST_VERSION
        {
            return Some(format!(
                "{:?} is version {v}, older than {OLDEST_VERSION}, the oldest gnubg bgw works \
                 with",
                self.gnubg
            ));
        }
        if !self.problems.is_empty() {
            return Some(format!(
                "{:?} fails the bridge's start-up check: {}",
                self.gnubg,
                shorten(&self.problems.join("; "))
            ));
        }
        None
    }
}

/// A gnubg version, e.g. 1.08.003 (major 1, minor 8, patch 3), ordered as released.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Version {
    /// 1 for every gnubg since 2013.
    pub major: u16,
    /// 7 for 1.07.
    pub minor: u16,
    /// 3 for 1.08.003 (0 when the banner gives none).
    pub patch: u16,
}

impl Version {
    /// The version in gnubg's banner (`GNU Backgammon 1.08.003 20240428`, or `GNU Backgammon
    /// 1.07`); `None` when the words are not gnubg's banner.
    pub fn from_banner(banner: &str) -> Option<Version> {
        let word = banner.trim_start().strip_prefix("GNU Backgammon ")?;
        let word = word.split_whitespace().next()?;
        let mut parts = word.split('.');
        let mut number = |required: bool| match parts.next() {
            Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => p.parse().ok(),
            None if !required => Some(0),
            _ => None,
        };
        let version = Version {
            major: number(true)?,
            minor: number(true)?,
            patch: number(false)?,
        };
        parts.next().is_none().then_some(version)
    }
}

impl std::fmt::Display for Version {
    /// As gnubg writes it: `1.08.003`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02}.{:03}", self.major, self.minor, self.patch)
    }
}

/// The version word of gnubg's banner, as written (`1.08.003`).
fn version_word(banner: &str) -> &str {
    banner
        .trim_start()
        .strip_prefix("GNU Backgammon ")
        .and_then(|w| w.split_whitespace().next())
        .unwrap_or("")
}

/// A typed reply, one kind a request.
#[derive(Clone, PartialEq, Debug)]
pub enum Reply {
    /// To [`Request::Hello`].
    Hello(Hello),
    /// To [`Request::Moves`]: every legal move, best first (empty when none is legal).
    Moves(Vec<MoveEval>),
    /// To [`Request::Evaluate`].
    Evaluation(Evaluation),
    /// To [`Request::Best`]: `None` when no move is legal.
    Best(Option<MoveEval>),
    /// To [`Request::Cube`].
    Cube(CubeDecision),
    /// To [`Request::Rollout`]: each move's result, in the order asked.
    Rollout(Vec<RolloutResult>),
    /// To [`Request::Luck`]: per game, each roll's luck and the game's actual result.
    Luck(Vec<GameLuck>),
}

/// A reply line as the reader thread sees it, before its request is known.
#[derive(Debug)]
pub(crate) enum Line {
    /// Not the bridge's (no prefix): gnubg's own output, skipped.
    Other,
    /// A reply to request `id`: its JSON object.
    Reply { id: u64, body: Value },
    /// The prefix, then something that is not a reply with an id.
    Garbage { why: String },
}

/// Reads one line of the bridge's stdout.
pub(crate) fn read_line(line: &str) -> Line {
    let Some(rest) = line
        .trim_end_matches(['\n', '\r'])
        .strip_prefix(REPLY_PREFIX)
    else {
        return Line::Other;
    };
    let body: Value = match serde_json::from_str(rest) {
        Ok(v) => v,
        Err(e) => {
            return Line::Garbage {
                why: format!("not JSON ({e})"),
            };
        }
    };
    match body.get("id").and_then(Value::as_u64) {
        Some(id) => Line::Reply { id, body },
        None => Line::Garbage {
            why: match body.get("error").and_then(Value::as_str) {
                Some(e) => format!("the bridge answered without an id: {e}"),
                None => "a reply without an id".to_string(),
            },
        },
    }
}

/// Turns the JSON `body` of a reply to a request `op` into a [`Reply`], or the error it
/// reports.
pub(crate) fn decode(op: &str, body: &Value) -> Result<Reply, ReferenceError> {
    // The line was a reply with its id: what is wrong is its shape, an answer of another gnubg.
    let garbage = |why: String| ReferenceError::Incompatible {
        engine: ENGINE,
        what: format!(
            "its answer to {op} differs ({why}): {}",
            shorten(&body.to_string())
        ),
    };
    match body.get("ok").and_then(Value::as_bool) {
        Some(true) => {}
        Some(false) => {
            let why = body.get("error").and_then(Value::as_str).unwrap_or("");
            return Err(ReferenceError::Refused {
                engine: ENGINE,
                why: why.to_string(),
            });
        }
        None => return Err(garbage("no \"ok\" field".into())),
    }
    match op {
        "hello" => hello(body).map(Reply::Hello).map_err(garbage),
        "moves" => {
            let list = body
                .get("moves")
                .and_then(Value::as_array)
                .ok_or_else(|| garbage("no list of moves".into()))?;
            list.iter()
                .map(|m| move_eval(m).map_err(garbage))
                .collect::<Result<_, _>>()
                .map(Reply::Moves)
        }
        "best" => match body.get("move") {
            Some(Value::Null) => Ok(Reply::Best(None)),
            Some(m) => move_eval(m).map(|m| Reply::Best(Some(m))).map_err(garbage),
            None => Err(garbage("no move".into())),
        },
        "evaluate" => evaluation(body).map(Reply::Evaluation).map_err(garbage),
        "cube" => cube_decision(body).map(Reply::Cube).map_err(garbage),
        "rollout" => {
            let list = body
                .get("results")
                .and_then(Value::as_array)
                .ok_or_else(|| garbage("no list of results".into()))?;
            list.iter()
                .map(|r| rollout_result(r).map_err(garbage))
                .collect::<Result<_, _>>()
                .map(Reply::Rollout)
        }
        "luck" => {
            let games = body
                .get("games")
                .and_then(Value::as_array)
                .ok_or_else(|| garbage("no list of games".into()))?;
            games
                .iter()
                .map(|g| game_luck(g).map_err(garbage))
                .collect::<Result<_, _>>()
                .map(Reply::Luck)
        }
        other => Err(garbage(format!("a reply to an unknown request {other:?}"))),
    }
}

/// The bridge's greeting: gnubg's version, the protocol's and the problems it found (none
/// when it lists none), or what is missing.
fn hello(body: &Value) -> Result<Hello, String> {
    let gnubg = body.get("gnubg").and_then(Value::as_str);
    let protocol = body.get("protocol").and_then(Value::as_u64);
    let problems = match body.get("problems") {
        None => Some(Vec::new()),
        Some(Value::Array(list)) => list
            .iter()
            .map(|p| p.as_str().map(str::to_string))
            .collect(),
        Some(_) => None,
    };
    match (
        gnubg,
        protocol.and_then(|p| u32::try_from(p).ok()),
        problems,
    ) {
        (Some(g), Some(p), Some(problems)) => Ok(Hello {
            gnubg: g.to_string(),
            protocol: p,
            problems,
        }),
        (_, _, None) => Err("its problems are not a list of words".into()),
        _ => Err("a hello without gnubg's version or the protocol".into()),
    }
}

/// One game's luck: each roll's and the game's actual result for both players (within ±100).
fn game_luck(g: &Value) -> Result<GameLuck, String> {
    let rolls = g
        .get("rolls")
        .and_then(Value::as_array)
        .ok_or("a game without its list of rolls")?
        .iter()
        .map(roll_luck)
        .collect::<Result<Vec<_>, _>>()?;
    let actual = g
        .get("actual")
        .and_then(Value::as_array)
        .filter(|a| a.len() == 2)
        .and_then(|a| {
            let x = |v: &Value| v.as_f64().filter(|x| x.abs() <= 100.0);
            Some([x(&a[0])?, x(&a[1])?])
        })
        .ok_or("a game without its actual result")?;
    Ok(GameLuck { rolls, actual })
}

fn roll_luck(v: &Value) -> Result<RollLuck, String> {
    let position = v
        .get("position")
        .and_then(Value::as_str)
        .ok_or("a roll without its position")?
        .to_string();
    let dice = v
        .get("dice")
        .and_then(Value::as_array)
        .filter(|d| d.len() == 2)
        .and_then(|d| {
            let die = |x: &Value| x.as_u64().filter(|n| (1..=6).contains(n)).map(|n| n as u8);
            Some([die(&d[0])?, die(&d[1])?])
        })
        .ok_or("a roll without its two dice")?;
    let number = |key: &str, limit: f64| {
        v.get(key)
            .and_then(Value::as_f64)
            .filter(|x| x.is_finite() && x.abs() <= limit)
            .ok_or(format!("a roll's {key} is not a number within ±{limit}"))
    };
    // In money play the second figure is in points: the luck times the cube, which may be as
    // large as gnubg's cube goes (2^15), a backgammon's three times that.
    let most_points = 3.0 * 32768.0;
    Ok(RollLuck {
        position,
        dice: [dice[0].max(dice[1]), dice[0].min(dice[1])],
        emg: number("luck", 10.0)?,
        mwc: number("luck_mwc", most_points)?,
    })
}

fn move_eval(v: &Value) -> Result<MoveEval, String> {
    let notation = v
        .get("move")
        .and_then(Value::as_str)
        .ok_or("a move without its notation")?;
    let Evaluation { equity, probs } = evaluation(v)?;
    let plies = v
        .get("plies")
        .and_then(Value::as_u64)
        .and_then(|p| u8::try_from(p).ok())
        .ok_or("a move without its plies")?;
    let mwc = match v.get("mwc") {
        None => None,
        Some(m) => Some(chance(m).ok_or("a match-winning chance outside 0..1")?),
    };
    Ok(MoveEval {
        notation: notation.to_string(),
        equity,
        probs,
        plies,
        mwc,
    })
}

/// True when `body` is a partial reply (a running result), not the request's answer.
pub(crate) fn is_partial(body: &Value) -> bool {
    body.get("partial").and_then(Value::as_bool) == Some(true)
}

/// A partial reply to a rollout: the index of the move and its running result.
pub(crate) fn decode_partial(body: &Value) -> Result<(usize, RolloutResult), ReferenceError> {
    let garbage = |why: String| ReferenceError::Incompatible {
        engine: ENGINE,
        what: format!(
            "its running result of a rollout differs ({why}): {}",
            shorten(&body.to_string())
        ),
    };
    let index = body
        .get("index")
        .and_then(Value::as_u64)
        .and_then(|i| usize::try_from(i).ok())
        .ok_or_else(|| garbage("no index".into()))?;
    let result = body
        .get("result")
        .ok_or_else(|| garbage("no result".into()))
        .and_then(|r| rollout_result(r).map_err(garbage))?;
    Ok((index, result))
}

/// A standard error: finite, not negative, within [`EQUITY_BOUND`].
fn std_error(v: &Value, name: &str) -> Result<f64, String> {
    v.get(name)
        .and_then(Value::as_f64)
        .filter(|e| (0.0..=EQUITY_BOUND).contains(e))
        .ok_or_else(|| format!("no standard error {name} within 0..{EQUITY_BOUND}"))
}

fn rollout_result(v: &Value) -> Result<RolloutResult, String> {
    let notation = v
        .get("move")
        .and_then(Value::as_str)
        .ok_or("a result without its move")?;
    let Evaluation { equity, probs } = evaluation(v)?;
    let list = v
        .get("probs_se")
        .and_then(Value::as_array)
        .filter(|l| l.len() == 5)
        .ok_or("no five standard errors of the probabilities")?;
    let mut probs_se = [0.0; 5];
    for (p, x) in probs_se.iter_mut().zip(list) {
        *p = x
            .as_f64()
            .filter(|x| (0.0..=1.0).contains(x))
            .ok_or("a standard error of a probability outside 0..1")?;
    }
    let trials = v
        .get("trials")
        .and_then(Value::as_u64)
        .and_then(|t| u32::try_from(t).ok())
        .filter(|&t| t > 0)
        .ok_or("a result without its trials")?;
    let mwc = match v.get("mwc") {
        None | Some(Value::Null) => None,
        Some(m) => Some(chance(m).ok_or("a match-winning chance outside 0..1")?),
    };
    let mwc_se = match v.get("mwc_se") {
        None | Some(Value::Null) => None,
        Some(_) => Some(std_error(v, "mwc_se")?),
    };
    Ok(RolloutResult {
        notation: notation.to_string(),
        equity,
        se: std_error(v, "se")?,
        probs: probs.unwrap_or_default(),
        probs_se,
        cubeless: cube_equity(v, "cubeless")?,
        cubeless_se: std_error(v, "cubeless_se")?,
        mwc,
        mwc_se,
        trials,
    })
}

/// A chance in 0..=1 (give or take [`PROB_SLACK`]), clamped.
fn chance(v: &Value) -> Option<f64> {
    v.as_f64()
        .filter(|x| (-PROB_SLACK..=1.0 + PROB_SLACK).contains(x))
        .map(|x| x.clamp(0.0, 1.0))
}

/// The largest normalised equity taken from gnubg: cubeless money lies within ±3, but a
/// cubeful equity normalised at a match score can go far beyond (seen: +4.6 for a cube
/// that doubles a gammon's worth at 3-away 4-away); anything beyond this is not gnubg's.
const EQUITY_BOUND: f64 = 1000.0;

/// A cubeful equity of a cube decision, normalised: finite, within [`EQUITY_BOUND`].
fn cube_equity(v: &Value, name: &str) -> Result<f64, String> {
    v.get(name)
        .and_then(Value::as_f64)
        .filter(|e| e.abs() <= EQUITY_BOUND)
        .ok_or_else(|| format!("no {name} equity within ±{EQUITY_BOUND}"))
}

fn cube_decision(v: &Value) -> Result<CubeDecision, String> {
    let plies = v
        .get("plies")
        .and_then(Value::as_u64)
        .and_then(|p| u8::try_from(p).ok())
        .ok_or("a cube decision without its plies")?;
    let action = v
        .get("action")
        .and_then(Value::as_str)
        .filter(|a| !a.is_empty() && a.len() < 80)
        .ok_or("a cube decision without gnubg's words for it")?;
    let Evaluation { probs, .. } = evaluation(&json!({
        "equity": 0.0,
        "probs": v.get("probs").cloned().unwrap_or(Value::Null),
    }))?;
    let mwc = match v.get("mwc") {
        None => None,
        Some(m) => {
            let get = |name: &str| {
                m.get(name)
                    .and_then(chance)
                    .ok_or_else(|| format!("no match-winning chance of {name}"))
            };
            Some(CubeMwc {
                no_double: get("no_double")?,
                double_take: get("double_take")?,
                double_pass: get("double_pass")?,
                cubeless: get("cubeless")?,
            })
        }
    };
    let probs = probs.unwrap_or_default();
    let points = match (v.get("market"), &mwc) {
        // Money play: gnubg's formulas with gammons, from the same probabilities.
        (None | Some(Value::Null), None) => Some(money_points(&probs)),
        (None | Some(Value::Null), Some(_)) => None,
        (Some(m), _) => Some(market(m)?),
    };
    Ok(CubeDecision {
        plies,
        points,
        no_double: cube_equity(v, "no_double")?,
        double_take: cube_equity(v, "double_take")?,
        double_pass: cube_equity(v, "double_pass")?,
        action: action.to_string(),
        probs,
        cubeless: cube_equity(v, "cubeless")?,
        mwc,
    })
}

/// gnubg's market window in a match (the bridge reads its `show marketwindow`): the side on
/// roll's cash point, dead cube, and the second window's when gnubg gives one; the take
/// point is the other side's, 1 − the cash point.
fn market(m: &Value) -> Result<CubePoints, String> {
    let cash = |name: &str| match m.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(x) => chance(x)
            .map(Some)
            .ok_or_else(|| format!("a {name} outside 0..1")),
    };
    let dead = cash("cash_point")?.ok_or("a market window without its cash point")?;
    Ok(CubePoints {
        take_point: 1.0 - dead,
        cash_point: dead,
        live: cash("cash_point_live")?.map(|c| LivePoints {
            take_point: 1.0 - c,
            cash_point: c,
        }),
    })
}

/// How far outside 0..1 a probability of gnubg's may stray by rounding.
const PROB_SLACK: f64 = 1e-6;

/// An equity within ±[`EQUITY_BOUND`] (cubeless money: ±3; at a match score normalised
/// equities go further) and five probabilities in 0..=1 (gnubg's range, give or take
/// [`PROB_SLACK`]).
fn evaluation(v: &Value) -> Result<Evaluation, String> {
    let equity = v
        .get("equity")
        .and_then(Value::as_f64)
        .filter(|e| e.abs() <= EQUITY_BOUND)
        .ok_or("no equity within ±1000")?;
    let list = v
        .get("probs")
        .and_then(Value::as_array)
        .filter(|l| l.len() == 5)
        .ok_or("no list of five probabilities")?;
    let mut probs = [0.0; 5];
    for (p, x) in probs.iter_mut().zip(list) {
        // gnubg's single-precision sums stray a few ulps outside 0..1 (−1.2e−7 for a lost
        // bear-off): those are clamped, anything further is garbage.
        *p = x
            .as_f64()
            .filter(|x| (-PROB_SLACK..=1.0 + PROB_SLACK).contains(x))
            .ok_or("a probability outside 0..1")?
            .clamp(0.0, 1.0);
    }
    Ok(Evaluation {
        equity,
        probs: Some(probs),
    })
}

pub(crate) use crate::reference::error::shorten;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;

    #[test]
    fn requests_are_one_json_line() {
        let d = Dice::new(1, 3).unwrap();
        let line = Request::moves(&Position::opening(Side::White), d, 2).to_line(7);
        assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["id"], 7);
        assert_eq!(v["op"], "moves");
        assert_eq!(v["position"], "4HPwATDgc/ABMA");
        assert_eq!(v["dice"], json!([3, 1]));
        assert_eq!(v["plies"], 2);
        assert_eq!(v["filter"], "all");
        let v: Value = serde_json::from_str(&Request::Hello.to_line(1)).unwrap();
        assert_eq!(v, json!({"id": 1, "op": "hello"}));
    }

    #[test]
    fn lines_without_the_prefix_are_skipped() {
        for l in [
            "",
            " GNU Backgammon  Position ID: 4HPwATDgc/ABMA",
            "@bgw",
            "bgw {\"id\":1}",
        ] {
            assert!(matches!(read_line(l), Line::Other), "{l:?}");
        }
    }

    #[test]
    fn garbage_after_the_prefix_is_reported() {
        for l in [
            "@bgw ",
            "@bgw {",
            "@bgw [1,2]",
            "@bgw {\"id\":-1,\"ok\":true}",
            "@bgw {\"id\":\"7\"}",
            "@bgw {\"id\":null,\"ok\":false,\"error\":\"not JSON\"}",
            "@bgw \u{fffd}\u{fffd}",
        ] {
            assert!(matches!(read_line(l), Line::Garbage { .. }), "{l:?}");
        }
        assert!(matches!(
            read_line("@bgw {\"id\":3,\"ok\":true}\r\n"),
            Line::Reply { id: 3, .. }
        ));
    }

    fn body(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn replies_are_typed() {
        let r = decode(
            "moves",
            &body(
                r#"{"id":2,"ok":true,"moves":[{"move":"8/5 6/5","equity":0.159,
                "probs":[0.55,0.17,0.01,0.12,0.005],"plies":0}]}"#,
            ),
        )
        .unwrap();
        let Reply::Moves(m) = r else { panic!("{r:?}") };
        assert_eq!(m[0].notation, "8/5 6/5");
        assert_eq!(m[0].equity, 0.159);
        assert_eq!(m[0].probs.map(|p| p[4]), Some(0.005));
        // gnubg's rounding just below 0 (seen in a lost bear-off) is clamped.
        let r = decode(
            "evaluate",
            &body(r#"{"id":3,"ok":true,"equity":-1.0000002,"probs":[-1.2e-7,0,0,0,0]}"#),
        );
        assert!(
            matches!(
                r,
                Ok(Reply::Evaluation(Evaluation {
                    probs: Some([0.0, ..]),
                    ..
                }))
            ),
            "{r:?}"
        );
        let r = decode("best", &body(r#"{"id":2,"ok":true,"move":null}"#)).unwrap();
        assert_eq!(r, Reply::Best(None));
        let r = decode(
            "hello",
            &body(r#"{"id":1,"ok":true,"gnubg":"GNU Backgammon 1.07","protocol":1}"#),
        );
        assert!(matches!(r, Ok(Reply::Hello(Hello { protocol: 1, .. }))));
        let r = decode("evaluate", &body(r#"{"id":1,"ok":false,"error":"bad ID"}"#));
        assert!(
            matches!(r, Err(ReferenceError::Refused { ref why, .. }) if why == "bad ID"),
            "{r:?}"
        );
    }

    #[test]
    fn a_match_state_goes_with_the_request_and_a_cube_decision_comes_back() {
        use crate::core::formats::read_setup;
        let setup = read_setup("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10").unwrap();
        let at = MatchContext::of(&setup);
        let d = Dice::new(5, 2).unwrap();
        let v: Value =
            serde_json::from_str(&Request::moves_at(&setup.position, d, 1, &at).to_line(4))
                .unwrap();
        // The Match ID the setup's, not rolled: gnubg's own pairing with the Position ID.
        let mut unrolled = setup;
        unrolled.dice = None;
        unrolled.match_state = unrolled.match_state.map(|m| m.for_turn(Side::White, None));
        assert_eq!(v["match"]["match_id"], unrolled.match_id());
        assert_eq!(v["match"]["jacoby"], false);
        assert_eq!(v["position"], setup.position_id());
        let v: Value =
            serde_json::from_str(&Request::cube(&setup.position, &at, 2).to_line(5)).unwrap();
        assert_eq!(
            (v["op"].as_str(), v["plies"].as_u64()),
            (Some("cube"), Some(2))
        );
        assert!(v.get("dice").is_none());

        // What gnubg 1.07.001's bridge answered for 4HPwATDgc/ABMA:UQngACAAGAAA at 0 plies.
        let r = decode(
            "cube",
            &body(
                r#"{"plies":0,"no_double":0.2121,"double_take":-0.2781,"double_pass":0.99999982,
                "optimal":0.2121,"decision":9,"action":"No redouble, take",
                "probs":[0.5215,0.1539,0.0076,0.1298,0.0075],"cubeless":0.0845,
                "mwc":{"no_double":0.6195,"double_take":0.5422,"double_pass":0.7436,
                "cubeless":0.5994},"id":2,"ok":true}"#,
            ),
        )
        .unwrap();
        let Reply::Cube(c) = r else { panic!("{r:?}") };
        assert_eq!(c.action, "No redouble, take");
        assert!(!c.doubles() && c.takes());
        assert_eq!(c.mwc.map(|m| m.double_pass), Some(0.7436));
        // A match without gnubg's market window: no points (money ones would be wrong).
        assert_eq!(c.points, None);
        let r = decode(
            "cube",
            &body(
                r#"{"plies":0,"no_double":0.2,"double_take":-0.2,"double_pass":1,
                "action":"No redouble, take","probs":[0.52,0.15,0.01,0.13,0.01],"cubeless":0.08,
                "mwc":{"no_double":0.6,"double_take":0.5,"double_pass":0.7,"cubeless":0.6},
                "market":{"cash_point":0.7035,"cash_point_live":0.7436},"id":2,"ok":true}"#,
            ),
        )
        .unwrap();
        let Reply::Cube(c) = r else { panic!("{r:?}") };
        let p = c.points.unwrap();
        assert!((p.take_point - 0.2965).abs() < 1e-9 && p.cash_point == 0.7035);
        assert_eq!(p.live.map(|l| l.cash_point), Some(0.7436));
        // A cube answer without its words, or an equity out of range, is another gnubg's.
        for text in [
            r#"{"id":1,"ok":true,"plies":0,"no_double":0.1,"double_take":0.1,"double_pass":1,"probs":[0,0,0,0,0],"cubeless":0}"#,
            r#"{"id":1,"ok":true,"plies":0,"no_double":9e9,"double_take":0.1,"double_pass":1,"action":"x","probs":[0,0,0,0,0],"cubeless":0}"#,
            r#"{"id":1,"ok":true,"plies":0,"no_double":0.1,"double_take":0.1,"double_pass":1,"action":"x","probs":[0,0,0,0,0],"cubeless":0,"mwc":{"no_double":2}}"#,
        ] {
            assert!(decode("cube", &body(text)).is_err(), "{text}");
        }
    }

    #[test]
    fn a_rollout_asks_for_the_positions_after_the_moves_and_reads_running_results() {
        use crate::core::formats::read_setup;
        use crate::core::moves::legal_plays;
        let setup = read_setup("XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10").unwrap();
        let at = MatchContext::of(&setup);
        let plays = legal_plays(&setup.position, setup.dice.unwrap());
        let settings = RolloutSettings {
            cubeful: true,
            trials: 36,
            truncate: 5,
            ..RolloutSettings::default()
        };
        let v: Value =
            serde_json::from_str(&Request::rollout(&plays[..2], &settings, &at).to_line(9))
                .unwrap();
        assert_eq!(v["op"], "rollout");
        assert_eq!(v["trials"], 36);
        assert_eq!(v["truncate"], 5);
        assert_eq!(
            v["moves"][0]["after"],
            position_id::encode(&plays[0].result.mirror())
        );
        assert_eq!(v["match"]["match_id"], at.match_id().encode());
        // After the move the opponent is on roll: the same score and cube, the turn passed.
        let after = v["match_after"]["match_id"].as_str().unwrap();
        assert_ne!(after, at.match_id().encode());
        let cubeless = RolloutSettings::default();
        let v: Value =
            serde_json::from_str(&Request::rollout(&plays[..1], &cubeless, &at).to_line(9))
                .unwrap();
        assert!(v.get("match").is_none() && v["cubeful"] == false);

        let result = r#"{"move":"24/22 13/8","equity":0.14,"se":0.006,"probs":[0.5,0.14,0.006,0.13,0.004],
            "probs_se":[0.001,0.001,0,0.001,0],"cubeless":0.05,"cubeless_se":0.005,"trials":72,
            "mwc":0.6086,"mwc_se":0.0009}"#;
        let partial = body(&format!(
            r#"{{"id":9,"ok":true,"partial":true,"index":1,"result":{result}}}"#
        ));
        assert!(is_partial(&partial));
        let (i, r) = decode_partial(&partial).unwrap();
        assert_eq!((i, r.trials, r.mwc), (1, 72, Some(0.6086)));
        let Reply::Rollout(rs) = decode(
            "rollout",
            &body(&format!(r#"{{"id":9,"ok":true,"results":[{result}]}}"#)),
        )
        .unwrap() else {
            panic!("not a rollout")
        };
        assert_eq!(rs, vec![r]);
        // A negative standard error, or no trials, is not gnubg's.
        for bad in [
            result.replace("\"se\":0.006", "\"se\":-1"),
            result.replace("\"trials\":72", "\"trials\":0"),
        ] {
            let b = body(&format!(r#"{{"id":9,"ok":true,"results":[{bad}]}}"#));
            assert!(decode("rollout", &b).is_err(), "{bad}");
        }
    }

    #[test]
    fn malformed_replies_are_errors_not_panics() {
        for text in [
            r#"{"id":1}"#,
            r#"{"id":1,"ok":"yes"}"#,
            r#"{"id":1,"ok":true}"#,
            r#"{"id":1,"ok":true,"moves":{}}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":"8/5 6/5"}]}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":3,"equity":0,"probs":[0,0,0,0,0],"plies":0}]}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":"x","equity":0,"probs":[0,0,0,0],"plies":0}]}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":"x","equity":9e9,"probs":[0,0,0,0,0],"plies":0}]}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":"x","equity":0,"probs":[2,0,0,0,0],"plies":0}]}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":"x","equity":0,"probs":[-0.01,0,0,0,0],"plies":0}]}"#,
            r#"{"id":1,"ok":true,"moves":[{"move":"x","equity":0,"probs":[0,0,0,0,0],"plies":999}]}"#,
            r#"{"id":1,"ok":true,"equity":0.1,"probs":[0.5,0,0,0,"a"]}"#,
            r#"{"id":1,"ok":true,"protocol":1}"#,
        ] {
            for op in ["moves", "evaluate", "hello", "best", "other"] {
                assert!(decode(op, &body(text)).is_err(), "{op} {text}");
            }
        }
    }

    #[test]
    fn a_wrong_shape_says_what_differs() {
        let e = decode(
            "moves",
            &body(r#"{"id":1,"ok":true,"moves":[{"move":"x","equity":0,"probs":[0,0,0,0],"plies":0}]}"#),
        )
        .unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("gnubg does not work with bgw: its answer to moves differs (no list of five probabilities)"),
            "{text}"
        );
        assert!(matches!(e, ReferenceError::Incompatible { .. }));
    }

    #[test]
    fn versions_are_read_from_gnubg_s_banner() {
        let v = |b: &str| Version::from_banner(b);
        let v108 = Version {
            major: 1,
            minor: 8,
            patch: 3,
        };
        assert_eq!(v("GNU Backgammon 1.08.003 20240428"), Some(v108));
        assert_eq!(v108.to_string(), "1.08.003");
        assert_eq!(
            v("GNU Backgammon 1.07"),
            Some(Version {
                major: 1,
                minor: 7,
                patch: 0
            })
        );
        assert!(v("GNU Backgammon 1.06.002").unwrap() < OLDEST_VERSION);
        assert!(v("GNU Backgammon 1.07.001 20230103").unwrap() >= OLDEST_VERSION);
        assert!(v("GNU Backgammon 1.10.000").unwrap() > v108);
        for other in [
            "",
            "unknown",
            "GNU Backgammon",
            "GNU Backgammon x.07",
            "GNU Backgammon 1",
            "GNU Backgammon 1..2",
            "GNU Backgammon 1.07.001.5",
            "GNU Backgammon 1.-7",
            "GNU Backgammon 99999999.1",
            "gnubg 1.08",
        ] {
            assert_eq!(v(other), None, "{other:?}");
        }
    }

    fn hello(gnubg: &str, protocol: u32, problems: &[&str]) -> Hello {
        Hello {
            gnubg: gnubg.into(),
            protocol,
            problems: problems.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn a_hello_is_refused_for_what_differs_not_for_its_banner() {
        let ok = hello("GNU Backgammon 1.08.003 20240428", PROTOCOL, &[]);
        assert_eq!(ok.refusal(), None);
        assert_eq!(ok.info().to_string(), "GNU Backgammon 1.08.003");
        // A banner that is not gnubg's, with the protocol: accepted, its words kept.
        let fork = hello("Backgammon fork 3", PROTOCOL, &[]);
        assert_eq!(fork.refusal(), None);
        assert_eq!(fork.info().version, None);
        assert_eq!(fork.info().banner, "Backgammon fork 3");
        let old = hello("GNU Backgammon 1.06.002", PROTOCOL, &[]);
        let why = old.refusal().unwrap();
        assert!(
            why.contains("1.06.002") && why.contains("older than 1.07.000"),
            "{why}"
        );
        let other = hello("GNU Backgammon 1.08.003", 1, &[]);
        let why = other.refusal().unwrap();
        assert!(
            why.contains("protocol 1") && why.contains("protocol 2"),
            "{why}"
        );
        let failing = hello(
            "GNU Backgammon 1.09.000",
            PROTOCOL,
            &["hint: KeyError: 'details'"],
        );
        let why = failing.refusal().unwrap();
        assert!(why.contains("KeyError: 'details'"), "{why}");
        // The bridge's problems are read; a bridge that names none has none.
        let r = decode(
            "hello",
            &body(
                r#"{"id":1,"ok":true,"gnubg":"GNU Backgammon 1.08.003","protocol":1,"problems":["x"]}"#,
            ),
        );
        assert!(matches!(r, Ok(Reply::Hello(Hello { ref problems, .. })) if problems == &["x"]));
        let r = decode(
            "hello",
            &body(
                r#"{"id":1,"ok":true,"gnubg":"GNU Backgammon 1.08.003","protocol":1,"problems":"x"}"#,
            ),
        );
        assert!(
            matches!(r, Err(ReferenceError::Incompatible { .. })),
            "{r:?}"
        );
    }
}
