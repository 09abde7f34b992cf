//! Property tests for every reader of positions: garbage never panics, and random valid
//! positions survive a round trip through Position ID, XGID, Match ID and RON.

use bgw_engine::core::formats::{
    GameState, MatchId, PositionFile, Resignation, Setup, XgDice, Xgid, XgidState,
    decode_position_id, encode_position_id, read_setup,
};
use bgw_engine::{Dice, Position, Side};
use proptest::prelude::*;

/// Random valid positions: each point owned by White, Black or nobody; each side's 15
/// checkers spread over its own points, the bar and borne off (so some are on the bar and
/// some off in most cases).
fn position() -> impl Strategy<Value = Position> {
    (
        any::<bool>(),
        prop::collection::vec(0u8..3, 24),
        prop::collection::vec(0u8..30, 15),
        prop::collection::vec(0u8..30, 15),
    )
        .prop_map(|(white_on_roll, owners, white, black)| {
            let mut board = [0i8; 26];
            for (sign, owner, picks) in [(1i8, 1u8, &white), (-1, 2, &black)] {
                let mine: Vec<usize> = (1..=24).filter(|&p| owners[p - 1] == owner).collect();
                for &v in picks {
                    match v {
                        0..24 if !mine.is_empty() => board[mine[v as usize % mine.len()]] += sign,
                        24..27 => {
                            let bar = if sign > 0 { 25 } else { 0 };
                            board[bar] += sign;
                        }
                        _ => {} // borne off
                    }
                }
            }
            let p = Position::from_board(Side::White, board).expect("valid by construction");
            if white_on_roll { p } else { p.mirror() }
        })
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::White), Just(Side::Black)]
}

fn dice() -> impl Strategy<Value = Option<Dice>> {
    prop_oneof![
        Just(None),
        (1u8..=6, 1u8..=6).prop_map(|(a, b)| Dice::new(a, b))
    ]
}

/// Random valid XGID states.
fn xgid_state() -> impl Strategy<Value = XgidState> {
    (
        0u8..=12,
        prop::option::of(side()),
        prop_oneof![
            Just(XgDice::NotRolled),
            (1u8..=6, 1u8..=6).prop_map(|(a, b)| XgDice::Rolled(a, b)),
            Just(XgDice::DoubleOffered),
            Just(XgDice::Beavered),
            Just(XgDice::Raccooned),
        ],
        0u16..=25,
        0u16..200,
        0u16..200,
        0u8..=3,
        0u8..=15,
    )
        .prop_map(|(cube, owner, dice, length, s1, s2, rules, max)| {
            let score_white = if length > 0 { s1 % length } else { s1 };
            let score_black = if length > 0 { s2 % length } else { s2 };
            // Crawford only when exactly one side is 1 away.
            let crawford_ok = (score_white + 1 == length) != (score_black + 1 == length);
            XgidState {
                cube_log2: cube,
                cube_owner: if cube == 0 { None } else { owner },
                dice,
                score_white,
                score_black,
                rules: match length {
                    0 => rules,
                    _ if crawford_ok => rules & 1,
                    _ => 0,
                },
                match_length: length,
                max_cube_log2: max.max(cube),
            }
        })
}

/// Random valid Match IDs.
/// Any Match ID the format can hold, valid or not under the match rules.
fn any_match_id() -> impl Strategy<Value = MatchId> {
    (
        (0u8..16, prop::option::of(side()), side(), any::<bool>()),
        (0u8..5, side(), any::<bool>(), 0u8..4),
        prop_oneof![Just([0u8, 0]), (1u8..=6, 1u8..=6).prop_map(|(a, b)| [a, b])],
        (0u16..32768, 0u16..32768, 0u16..32768),
    )
        .prop_map(
            |((cube, owner, on_roll, crawford), (state, turn, double, resign), dice, (l, a, b))| {
                let game_state = [
                    GameState::NoGame,
                    GameState::Playing,
                    GameState::Over,
                    GameState::Resigned,
                    GameState::Dropped,
                ][state as usize];
                let fit = |s: u16| if l > 0 { s % l } else { s };
                MatchId {
                    cube_log2: cube,
                    cube_owner: owner,
                    on_roll,
                    crawford,
                    game_state,
                    turn,
                    double_offered: double,
                    resignation: [
                        Resignation::None,
                        Resignation::Single,
                        Resignation::Gammon,
                        Resignation::Backgammon,
                    ][resign as usize],
                    dice,
                    match_length: l,
                    score_white: fit(a),
                    score_black: fit(b),
                }
            },
        )
}

/// A Match ID that obeys the match rules: a cube of 1 centred, the Crawford flag only where it
/// can be.
fn match_id() -> impl Strategy<Value = MatchId> {
    any_match_id().prop_map(|mut m| {
        if m.cube_log2 == 0 {
            m.cube_owner = None;
        }
        if m.facts().check().is_err() {
            m.crawford = false;
        }
        m
    })
}

/// Feeds one text to every reader; none may panic, and read errors print on one line.
fn read_everything(text: &str) {
    if let Err(e) = read_setup(text) {
        let msg = e.to_string();
        assert!(!msg.contains('\n'), "{msg:?}");
    }
    let _ = Xgid::decode(text);
    let _ = MatchId::decode(text);
    let _ = decode_position_id(text, Side::White);
    if let Ok(file) = PositionFile::parse(text) {
        file.to_setup().expect("parse checks the position");
    }
}

/// The valid texts of a position in every format.
fn valid_texts(pos: &Position, d: Option<Dice>) -> Vec<String> {
    let setup = Setup {
        position: *pos,
        dice: d,
        match_state: None,
    };
    vec![
        setup.position_id(),
        format!("{}:{}", setup.position_id(), setup.match_id()),
        setup.xgid(),
        setup.match_id(),
        PositionFile::from_setup("random", &setup).to_ron(),
    ]
}

/// Characters that matter to the readers, and a few that do not belong.
const ALPHABET: &[char] = &[
    'A', 'P', 'Q', 'a', 'p', 'q', 'z', '0', '1', '6', '7', '9', '+', '/', '-', ':', '=', '(', ')',
    '{', '}', ',', '"', ' ', '\n', 'é', '\u{0}', 'X', 'G', 'I', 'D',
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_strings_never_panic(text in any::<String>()) {
        read_everything(&text);
    }

    #[test]
    fn id_shaped_strings_never_panic(text in "[A-Za-z0-9+/:=-]{0,60}") {
        read_everything(&text);
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn truncated_valid_texts_never_panic(pos in position(), d in dice(), cut in any::<prop::sample::Index>()) {
        for text in valid_texts(&pos, d) {
            let chars: Vec<char> = text.chars().collect();
            let n = cut.index(chars.len() + 1);
            read_everything(&chars[..n].iter().collect::<String>());
        }
    }

    #[test]
    fn mutated_valid_texts_never_panic(
        pos in position(),
        d in dice(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..ALPHABET.len(), 0u8..3), 1..4),
    ) {
        for text in valid_texts(&pos, d) {
            let mut chars: Vec<char> = text.chars().collect();
            for (at, c, kind) in &edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 if i < chars.len() => chars[i] = ALPHABET[*c],
                    1 if i < chars.len() => { chars.remove(i); }
                    _ => chars.insert(i, ALPHABET[*c]),
                }
            }
            read_everything(&chars.iter().collect::<String>());
        }
    }

    #[test]
    fn positions_round_trip_through_position_id(pos in position()) {
        let id = encode_position_id(&pos);
        prop_assert_eq!(id.len(), 14);
        prop_assert_eq!(decode_position_id(&id, pos.on_roll()).unwrap(), pos);
    }

    #[test]
    fn positions_round_trip_through_xgid(pos in position(), state in xgid_state()) {
        let x = Xgid { position: pos, state };
        let text = x.encode();
        let back = Xgid::decode(&text).unwrap();
        prop_assert_eq!(back, x);
        prop_assert_eq!(back.encode(), text.clone());
        // The XGID and the Position ID say the same thing.
        let setup = read_setup(&text).unwrap();
        prop_assert_eq!(setup.position_id(), encode_position_id(&pos));
        prop_assert_eq!(setup.position, pos);
    }

    #[test]
    fn positions_round_trip_through_ron(pos in position(), d in dice()) {
        let setup = Setup { position: pos, dice: d, match_state: None };
        let file = PositionFile::from_setup("random position", &setup);
        let back = PositionFile::parse(&file.to_ron()).unwrap();
        prop_assert_eq!(&back, &file);
        prop_assert_eq!(back.to_setup().unwrap(), setup);
    }

    #[test]
    fn match_ids_are_read_exactly_when_the_match_rules_hold(m in any_match_id()) {
        prop_assert_eq!(MatchId::decode(&m.encode()).is_ok(), m.facts().check().is_ok());
    }

    #[test]
    fn match_ids_round_trip(m in match_id(), pos in position()) {
        let text = m.encode();
        prop_assert_eq!(text.len(), 12);
        prop_assert_eq!(MatchId::decode(&text).unwrap(), m);
        // PositionID:MatchID: the Match ID names the side on roll and the dice.
        let pos = pos.with_on_roll(m.on_roll);
        let setup = read_setup(&format!("{}:{}", encode_position_id(&pos), text)).unwrap();
        prop_assert_eq!(setup.position, pos);
        prop_assert_eq!(setup.dice, m.rolled());
        prop_assert_eq!(setup.match_id(), text);
        // The XGID written for it reads back, with the same cube, owner, scores and
        // Crawford flag (what an XGID can say of a Match ID).
        let x = read_setup(&setup.xgid()).unwrap();
        prop_assert_eq!(x.position, pos);
        let back = x.match_state.unwrap();
        prop_assert_eq!(back.match_length(), m.match_length);
        prop_assert_eq!(back.cube_value(), m.cube_value());
        prop_assert_eq!(back.cube_owner(), m.cube_owner);
        prop_assert_eq!(back.crawford(), m.crawford);
        for side in [Side::White, Side::Black] {
            let want = if side == Side::White { m.score_white } else { m.score_black };
            prop_assert_eq!(back.score(side), want);
        }
    }
}

/// The position strategy covers what it claims: bars, borne-off checkers, both colours on roll.
#[test]
fn position_strategy_covers_bars_and_borne_off() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = position();
    let sample: Vec<Position> = (0..200)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect();
    assert!(sample.iter().any(|p| p.player_at(25) > 0));
    assert!(sample.iter().any(|p| p.opponent_at(0) > 0));
    assert!(
        sample
            .iter()
            .any(|p| p.player_off() > 0 && p.opponent_off() > 0)
    );
    assert!(sample.iter().any(|p| p.player_off() == 0));
    assert!(sample.iter().any(|p| p.on_roll() == Side::White));
    assert!(sample.iter().any(|p| p.on_roll() == Side::Black));
}
