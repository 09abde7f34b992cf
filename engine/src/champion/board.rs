//! The board of seed 002 («Чемпион»): squares in the article's two-digit notation, the four
//! variants, positions, legal moves with the reason a move is refused, and the end of the game.
//!
//! A square `ab` is vertical (column) `a` and row `b`, both counted from 1; only squares with
//! `a + b` even are used. The wolves (the person's pieces, numbered 1–4 as in the program's
//! registers) step diagonally towards row 1; the goat (the program's piece) steps diagonally in
//! any direction. One step onto an empty square, no captures.

use std::fmt;

/// One of the four boards-and-pieces combinations the article describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Columns and rows: 9 (the article's board) or 8 (the "degrees" board, column 9 cut off).
    pub size: u8,
    /// Wolves on the board: 4, or 3 (wolf 4's register set to zero, as the article suggests).
    pub wolves: u8,
}

impl Variant {
    /// 9×9, four wolves: the magazine's game.
    pub const NINE_FOUR: Variant = Variant { size: 9, wolves: 4 };
    /// 9×9, three wolves.
    pub const NINE_THREE: Variant = Variant { size: 9, wolves: 3 };
    /// 8×8, four wolves.
    pub const EIGHT_FOUR: Variant = Variant { size: 8, wolves: 4 };
    /// 8×8, three wolves.
    pub const EIGHT_THREE: Variant = Variant { size: 8, wolves: 3 };
    /// All four, in the order above.
    pub const ALL: [Variant; 4] = [
        Variant::NINE_FOUR,
        Variant::NINE_THREE,
        Variant::EIGHT_FOUR,
        Variant::EIGHT_THREE,
    ];

    /// The short name used on the command line: `9x4`, `9x3`, `8x4`, `8x3`.
    pub fn name(self) -> String {
        format!("{}x{}", self.size, self.wolves)
    }

    /// Parses `9x4`, `9x3`, `8x4` or `8x3`.
    pub fn parse(text: &str) -> Result<Variant, RuleError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == text.trim())
            .ok_or_else(|| RuleError::BadVariant(text.to_string()))
    }

    /// Whether `sq` (two-digit notation) is a playing square of this board.
    pub fn on_board(self, sq: i32) -> bool {
        let (a, b) = (sq / 10, sq % 10);
        (10..100).contains(&sq)
            && (1..=self.size as i32).contains(&a)
            && (1..=self.size as i32).contains(&b)
            && (a + b) % 2 == 0
    }

    /// Every playing square, row by row from row 1, left to right.
    pub fn squares(self) -> Vec<u8> {
        let mut out = Vec::new();
        for b in 1..=self.size {
            for a in 1..=self.size {
                if (a + b) % 2 == 0 {
                    out.push(a * 10 + b);
                }
            }
        }
        out
    }

    /// The goat's goal row: the last row.
    pub fn goal_row(self) -> u8 {
        self.size
    }

    /// The start: 9×9 wolves 19 39 79 99, goat 55; 8×8 wolves 28 48 68 88, goat 51 (the page
    /// gives no 8×8 start; the goat's row-1 square is our choice). Three wolves: wolf 4 removed.
    /// The goat moves first.
    pub fn start(self) -> Position {
        let mut wolves = if self.size == 9 {
            [19, 39, 79, 99]
        } else {
            [28, 48, 68, 88]
        };
        if self.wolves == 3 {
            wolves[3] = 0;
        }
        let goat = if self.size == 9 { 55 } else { 51 };
        Position {
            variant: self,
            wolves,
            goat,
            to_move: Side::Goat,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}×{}, {} wolves",
            self.size,
            self.size,
            if self.wolves == 4 { "four" } else { "three" }
        )
    }
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The goat («козлик»): the program's piece.
    Goat,
    /// The wolves («волки»): the person's pieces.
    Wolves,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Goat => Side::Wolves,
            Side::Wolves => Side::Goat,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Goat => "goat",
            Side::Wolves => "wolves",
        })
    }
}

/// A wolf's move: wolf `wolf` (1–4) steps to `to`. Written `2/57` as in the article.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WolfMove {
    /// The wolf's number, 1–4.
    pub wolf: u8,
    /// The square it steps to.
    pub to: u8,
}

impl fmt::Display for WolfMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.wolf, self.to)
    }
}

impl WolfMove {
    /// Parses `2/57`.
    pub fn parse(text: &str) -> Result<WolfMove, RuleError> {
        let bad = || RuleError::BadNotation(text.to_string());
        let (w, s) = text.trim().split_once('/').ok_or_else(bad)?;
        let wolf: u8 = w.trim().parse().map_err(|_| bad())?;
        let to: u8 = s.trim().parse().map_err(|_| bad())?;
        if s.trim().len() != 2 {
            return Err(bad());
        }
        Ok(WolfMove { wolf, to })
    }
}

/// Parses a list of wolf moves as in the article: `2/57 (77); 2/66 (86)` or `2/28 4/88`. The
/// goat's replies in brackets are returned too (`None` where absent).
pub fn parse_game(text: &str) -> Result<Vec<(WolfMove, Option<u8>)>, RuleError> {
    let cleaned = text.replace([';', ','], " ");
    let mut out: Vec<(WolfMove, Option<u8>)> = Vec::new();
    for token in cleaned.split_whitespace() {
        if let Some(inner) = token.strip_prefix('(') {
            let inner = inner.strip_suffix(')').unwrap_or(inner);
            let sq: u8 = inner
                .parse()
                .map_err(|_| RuleError::BadNotation(token.to_string()))?;
            match out.last_mut() {
                Some((_, reply @ None)) => *reply = Some(sq),
                _ => return Err(RuleError::BadNotation(token.to_string())),
            }
        } else {
            out.push((WolfMove::parse(token)?, None));
        }
    }
    Ok(out)
}

/// Why a move, position or name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// Not `9x4`, `9x3`, `8x4` or `8x3`.
    BadVariant(String),
    /// Not in the article's notation.
    BadNotation(String),
    /// The wolf number does not exist in this variant (or its register is zero).
    NoSuchWolf(u8),
    /// Not a playing square of the board (off the board, or a light square).
    OffBoard(u8),
    /// Not one diagonal step forward (for a wolf) or one diagonal step (for the goat).
    NotAStep {
        /// Where the piece stands.
        from: u8,
        /// Where it was asked to go.
        to: u8,
        /// Whether the piece is a wolf (wolves only step towards row 1).
        wolf: bool,
    },
    /// The square holds the goat.
    OccupiedByGoat(u8),
    /// The square holds wolf `wolf`.
    OccupiedByWolf(u8, u8),
    /// It is the other side's turn.
    NotYourTurn(Side),
    /// The game is over.
    GameOver(Outcome),
    /// A set-up position that cannot be played (two pieces on one square, and so on).
    BadPosition(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::BadVariant(v) => {
                write!(f, "unknown variant {v:?}: expected 9x4, 9x3, 8x4 or 8x3")
            }
            RuleError::BadNotation(t) => write!(
                f,
                "cannot read {t:?}: a wolf move is written wolf/square, e.g. 2/57, a goat reply (77)"
            ),
            RuleError::NoSuchWolf(n) => write!(f, "there is no wolf {n} on the board"),
            RuleError::OffBoard(s) => write!(f, "{s} is not a playing square of this board"),
            RuleError::NotAStep { from, to, wolf } => {
                if *wolf {
                    write!(
                        f,
                        "a wolf on {from} cannot go to {to}: wolves step one square diagonally towards row 1"
                    )
                } else {
                    write!(
                        f,
                        "the goat on {from} cannot go to {to}: it steps one square diagonally"
                    )
                }
            }
            RuleError::OccupiedByGoat(s) => write!(f, "{s} is occupied by the goat"),
            RuleError::OccupiedByWolf(s, w) => write!(f, "{s} is occupied by wolf {w}"),
            RuleError::NotYourTurn(Side::Goat) => {
                f.write_str("it is the wolves' turn, not the goat's")
            }
            RuleError::NotYourTurn(Side::Wolves) => {
                f.write_str("it is the goat's turn, not the wolves'")
            }
            RuleError::GameOver(o) => write!(f, "the game is over: {o}"),
            RuleError::BadPosition(why) => write!(f, "bad position: {why}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The goat reached the last row.
    GoatBrokeThrough,
    /// The wolves cannot move (the page is silent; the usual convention: the goat wins).
    WolvesStuck,
    /// The goat cannot move: the wolves win (the program shows 0).
    GoatTrapped,
}

impl Outcome {
    /// The winner.
    pub fn winner(self) -> Side {
        match self {
            Outcome::GoatTrapped => Side::Wolves,
            _ => Side::Goat,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::GoatBrokeThrough => "the goat reached the last row: the goat wins",
            Outcome::WolvesStuck => {
                "the wolves cannot move: the goat wins (the page is silent; usual convention)"
            }
            Outcome::GoatTrapped => "the goat cannot move: the wolves win",
        })
    }
}

/// A position: the wolves by number (0 = no such wolf), the goat, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The board.
    pub variant: Variant,
    /// Wolves 1–4 (index 0–3); 0 where a wolf has been taken off.
    pub wolves: [u8; 4],
    /// The goat's square.
    pub goat: u8,
    /// Who moves next.
    pub to_move: Side,
}

const GOAT_STEPS: [i32; 4] = [11, -9, -11, 9];
const WOLF_STEPS: [i32; 2] = [-11, 9];

impl Position {
    /// A set-up position, checked: every piece on a playing square, no two on one square, as
    /// many wolves as the variant has (numbered from 1).
    pub fn new(
        variant: Variant,
        wolves: &[u8],
        goat: u8,
        to_move: Side,
    ) -> Result<Position, RuleError> {
        if wolves.len() != variant.wolves as usize {
            return Err(RuleError::BadPosition(format!(
                "{} wolves given, the variant {} has {}",
                wolves.len(),
                variant.name(),
                variant.wolves
            )));
        }
        let mut w = [0u8; 4];
        for (i, &s) in wolves.iter().enumerate() {
            if !variant.on_board(s as i32) {
                return Err(RuleError::OffBoard(s));
            }
            if wolves[..i].contains(&s) {
                return Err(RuleError::BadPosition(format!("two wolves on {s}")));
            }
            w[i] = s;
        }
        if !variant.on_board(goat as i32) {
            return Err(RuleError::OffBoard(goat));
        }
        if let Some(k) = w.iter().position(|&s| s == goat) {
            return Err(RuleError::OccupiedByWolf(goat, k as u8 + 1));
        }
        Ok(Position {
            variant,
            wolves: w,
            goat,
            to_move,
        })
    }

    /// The number (1–4) of the wolf on `sq`, if any.
    pub fn wolf_at(&self, sq: u8) -> Option<u8> {
        (sq != 0)
            .then(|| self.wolves.iter().position(|&w| w == sq))
            .flatten()
            .map(|i| i as u8 + 1)
    }

    fn free(&self, sq: i32) -> bool {
        self.variant.on_board(sq) && sq != self.goat as i32 && self.wolf_at(sq as u8).is_none()
    }

    /// The goat's legal moves (squares), in the order forward-right, forward-left,
    /// backward-left, backward-right.
    pub fn goat_moves(&self) -> Vec<u8> {
        GOAT_STEPS
            .iter()
            .map(|d| self.goat as i32 + d)
            .filter(|&s| self.free(s))
            .map(|s| s as u8)
            .collect()
    }

    /// The wolves' legal moves, wolf 1 first, each wolf's left step before its right step.
    pub fn wolf_moves(&self) -> Vec<WolfMove> {
        let mut out = Vec::new();
        for (i, &w) in self.wolves.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for d in WOLF_STEPS {
                let t = w as i32 + d;
                if self.free(t) {
                    out.push(WolfMove {
                        wolf: i as u8 + 1,
                        to: t as u8,
                    });
                }
            }
        }
        out
    }

    /// How the game has ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.goat % 10 == self.variant.goal_row() {
            return Some(Outcome::GoatBrokeThrough);
        }
        match self.to_move {
            Side::Goat if self.goat_moves().is_empty() => Some(Outcome::GoatTrapped),
            Side::Wolves if self.wolf_moves().is_empty() => Some(Outcome::WolvesStuck),
            _ => None,
        }
    }

    fn check_target(&self, from: u8, to: u8, wolf: bool) -> Result<(), RuleError> {
        if !self.variant.on_board(to as i32) {
            return Err(RuleError::OffBoard(to));
        }
        let d = to as i32 - from as i32;
        let steps: &[i32] = if wolf { &WOLF_STEPS } else { &GOAT_STEPS };
        if !steps.contains(&d) {
            return Err(RuleError::NotAStep { from, to, wolf });
        }
        if to == self.goat {
            return Err(RuleError::OccupiedByGoat(to));
        }
        if let Some(k) = self.wolf_at(to) {
            return Err(RuleError::OccupiedByWolf(to, k));
        }
        Ok(())
    }

    /// Whether the wolves may play `m`, and if not, why.
    pub fn check_wolf_move(&self, m: WolfMove) -> Result<(), RuleError> {
        if let Some(o) = self.outcome() {
            return Err(RuleError::GameOver(o));
        }
        if self.to_move != Side::Wolves {
            return Err(RuleError::NotYourTurn(Side::Wolves));
        }
        if m.wolf == 0 || m.wolf > 4 || self.wolves[m.wolf as usize - 1] == 0 {
            return Err(RuleError::NoSuchWolf(m.wolf));
        }
        self.check_target(self.wolves[m.wolf as usize - 1], m.to, true)
    }

    /// Whether the goat may step to `to`, and if not, why.
    pub fn check_goat_move(&self, to: u8) -> Result<(), RuleError> {
        if let Some(o) = self.outcome() {
            return Err(RuleError::GameOver(o));
        }
        if self.to_move != Side::Goat {
            return Err(RuleError::NotYourTurn(Side::Goat));
        }
        self.check_target(self.goat, to, false)
    }

    /// The position after the wolves play `m` (checked).
    pub fn after_wolf_move(&self, m: WolfMove) -> Result<Position, RuleError> {
        self.check_wolf_move(m)?;
        let mut next = *self;
        next.wolves[m.wolf as usize - 1] = m.to;
        next.to_move = Side::Goat;
        Ok(next)
    }

    /// The position after the goat steps to `to` (checked).
    pub fn after_goat_move(&self, to: u8) -> Result<Position, RuleError> {
        self.check_goat_move(to)?;
        let mut next = *self;
        next.goat = to;
        next.to_move = Side::Wolves;
        Ok(next)
    }

    /// The board as text with the article's coordinates on its edges: `G` the goat, `1`–`4`
    /// the wolves, `.` an empty playing square; row 9 (the goat's goal) at the top.
    pub fn diagram(&self) -> String {
        let n = self.variant.size;
        let mut s = String::new();
        for b in (1..=n).rev() {
            s.push_str(&format!("{b} "));
            for a in 1..=n {
                let sq = a * 10 + b;
                let c = if (a + b) % 2 == 1 {
                    ' '
                } else if sq == self.goat {
                    'G'
                } else if let Some(k) = self.wolf_at(sq) {
                    (b'0' + k) as char
                } else {
                    '.'
                };
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("  ");
        for a in 1..=n {
            s.push_str(&format!(" {a}"));
        }
        s.push('\n');
        s
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w: Vec<String> = self
            .wolves
            .iter()
            .filter(|&&w| w != 0)
            .map(|w| w.to_string())
            .collect();
        write!(
            f,
            "wolves {}, goat {}, {} to move",
            w.join(" "),
            self.goat,
            self.to_move
        )
    }
}
