//! The exact solution of a variant: win or loss, and in how many plies, for every position
//! and side to move.
//!
//! Every wolf move takes a wolf one row down, so the game graph has no cycles. Squares are
//! numbered row by row from row 1, and wolf sets (unlabelled) are ranked in colexicographic
//! order: a wolf move replaces a square by a lower one, so it always leads to a lower rank, and
//! one pass over the ranks in increasing order, the wolves' turn before the goat's for each
//! set, solves everything. A table row holds one byte per goat square; the byte is the
//! position's value seen by the player who just moved into it, so that the side to move only
//! has to take the maximum over its moves (see [`Value`]).

use super::board::{Position, Side, Variant, WolfMove};

/// Bytes per table row: one per square (at most 41), a zero pad square, rounded up for SIMD.
const STRIDE: usize = 48;

/// The exact value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (single moves of either side) with best play.
    Win(u8),
    /// The side to move loses in this many plies, however long it resists.
    Loss(u8),
}

impl Value {
    /// Whether the side to move wins.
    pub fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// The distance in plies.
    pub fn plies(self) -> u8 {
        match self {
            Value::Win(n) | Value::Loss(n) => n,
        }
    }

    /// The value for the player who made the move that led here (one ply more).
    pub fn for_mover(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
        }
    }

    /// Orders values from the side to move's view: quick wins first, then slow wins, slow
    /// losses, quick losses. Higher is better.
    pub fn score(self) -> i32 {
        match self {
            Value::Win(n) => 1000 - n as i32,
            Value::Loss(n) => n as i32,
        }
    }

    fn from_byte(b: u8) -> Value {
        // The byte is seen by the player who moved in: 255 − d when the side to move loses in
        // d (d even), d when it wins in d (d odd).
        if b >= 128 {
            Value::Loss(255 - b)
        } else {
            Value::Win(b)
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(n) => write!(f, "wins in {n}"),
            Value::Loss(n) => write!(f, "loses in {n}"),
        }
    }
}

/// A move of either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The goat steps to this square.
    Goat(u8),
    /// A wolf's move.
    Wolf(WolfMove),
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Goat(s) => write!(f, "{s}"),
            Move::Wolf(m) => write!(f, "{m}"),
        }
    }
}

/// A legal move with its exact value for the player making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the mover: `Win(n)` = the mover wins in n plies counting this one.
    pub value: Value,
    /// A winning position thrown away: the mover had a win and this move loses.
    pub blunder: bool,
}

/// The solved table of one variant.
pub struct Solution {
    variant: Variant,
    squares: Vec<u8>,
    index_of: [u8; 100],
    binom: [[u32; 5]; 64],
    sets: usize,
    table: Vec<u8>,
}

/// Squares, neighbours and step tables of a variant, in the solver's numbering.
struct Geometry {
    n: usize,
    goat_nbrs: Vec<[u8; 4]>,
    wolf_steps: Vec<[u8; 2]>,
    goal: Vec<bool>,
}

impl Solution {
    /// Solves `variant` completely.
    pub fn solve(variant: Variant) -> Solution {
        let squares = variant.squares();
        let mut index_of = [u8::MAX; 100];
        for (i, &s) in squares.iter().enumerate() {
            index_of[s as usize] = i as u8;
        }
        let mut binom = [[0u32; 5]; 64];
        for row in binom.iter_mut() {
            row[0] = 1;
        }
        for n in 1..64 {
            for r in 1..5 {
                binom[n][r] = binom[n - 1][r - 1] + binom[n - 1][r];
            }
        }
        let k = variant.wolves as usize;
        let n = squares.len();
        let sets = binom[n][k] as usize;
        let pad = n as u8;
        let step = |i: usize, d: i32| -> u8 {
            let t = squares[i] as i32 + d;
            if variant.on_board(t) {
                index_of[t as usize]
            } else {
                pad
            }
        };
        let geo = Geometry {
            n,
            goat_nbrs: (0..n)
                .map(|i| [step(i, 11), step(i, -9), step(i, -11), step(i, 9)])
                .collect(),
            wolf_steps: (0..n).map(|i| [step(i, -11), step(i, 9)]).collect(),
            goal: squares
                .iter()
                .map(|&s| s % 10 == variant.goal_row())
                .collect(),
        };
        let mut sol = Solution {
            variant,
            squares,
            index_of,
            binom,
            sets,
            table: vec![0u8; sets * 2 * STRIDE],
        };
        sol.fill(&geo, k);
        sol
    }

    fn rank(&self, c: &[u8]) -> usize {
        c.iter()
            .enumerate()
            .map(|(i, &x)| self.binom[x as usize][i + 1] as usize)
            .sum()
    }

    fn fill(&mut self, geo: &Geometry, k: usize) {
        let n = geo.n;
        let pad = n as u8;
        let mut c = [0u8; 4];
        for (i, x) in c.iter_mut().enumerate().take(k) {
            *x = i as u8;
        }
        let conv = |best: u8| -> u8 {
            if best == 0 {
                255
            } else if best >= 128 {
                0u8.wrapping_sub(best)
            } else {
                254 - best
            }
        };
        for rank in 0..self.sets {
            let mut occupied = [false; STRIDE];
            for &x in &c[..k] {
                occupied[x as usize] = true;
            }
            // The wolves to move: the best over every wolf step, goat square by goat square.
            let mut acc = [0u8; STRIDE];
            for j in 0..k {
                for &t in &geo.wolf_steps[c[j] as usize] {
                    if t == pad || occupied[t as usize] {
                        continue;
                    }
                    let mut d = c;
                    d[j] = t;
                    let mut p = j;
                    while p > 0 && d[p - 1] > t {
                        d[p] = d[p - 1];
                        p -= 1;
                    }
                    d[p] = t;
                    let r = self.rank(&d[..k]);
                    let row: &[u8; STRIDE] =
                        self.table[r * 2 * STRIDE..][..STRIDE].try_into().unwrap();
                    for x in 0..STRIDE {
                        acc[x] = acc[x].max(row[x]);
                    }
                }
            }
            let base = rank * 2 * STRIDE;
            let mut wolves_row = [0u8; STRIDE];
            for x in 0..STRIDE {
                wolves_row[x] = conv(acc[x]);
            }
            for x in 0..STRIDE {
                if x >= n || occupied[x] {
                    wolves_row[x] = 0;
                } else if geo.goal[x] {
                    wolves_row[x] = 255;
                }
            }
            self.table[base + STRIDE..base + 2 * STRIDE].copy_from_slice(&wolves_row);
            // The goat to move: the best over its (up to) four steps.
            let goat_row = &mut self.table[base..base + STRIDE];
            for x in 0..n {
                if occupied[x] || geo.goal[x] {
                    continue;
                }
                let nb = geo.goat_nbrs[x];
                let best = wolves_row[nb[0] as usize]
                    .max(wolves_row[nb[1] as usize])
                    .max(wolves_row[nb[2] as usize])
                    .max(wolves_row[nb[3] as usize]);
                goat_row[x] = conv(best);
            }
            // Next set in colexicographic order.
            if rank + 1 < self.sets {
                let mut i = 0;
                while i + 1 < k && c[i] + 1 == c[i + 1] {
                    i += 1;
                }
                c[i] += 1;
                for (j, x) in c.iter_mut().enumerate().take(i) {
                    *x = j as u8;
                }
            }
        }
    }

    /// The variant solved.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Positions in the table: wolf sets × goat squares × side to move.
    pub fn positions(&self) -> usize {
        self.sets * (self.squares.len() - self.variant.wolves as usize) * 2
    }

    /// Bytes of the table.
    pub fn table_bytes(&self) -> usize {
        self.table.len()
    }

    /// The row of `pos` in the table: its wolf set's rank, twice, plus 1 with the wolves to move.
    fn row(&self, pos: &Position) -> usize {
        let mut c: Vec<u8> = pos
            .wolves
            .iter()
            .filter(|&&w| w != 0)
            .map(|&w| self.index_of[w as usize])
            .collect();
        c.sort_unstable();
        self.rank(&c) * 2 + (pos.to_move == Side::Wolves) as usize
    }

    fn byte(&self, pos: &Position) -> u8 {
        self.table[self.row(pos) * STRIDE + self.index_of[pos.goat as usize] as usize]
    }

    /// The exact value of `pos` for the side to move. A game already won by the goat (on the
    /// last row) is `Loss(0)` for the wolves to move, `Win(0)` for the goat to move.
    pub fn value(&self, pos: &Position) -> Value {
        assert_eq!(pos.variant, self.variant, "a position of another variant");
        if pos.goat % 10 == self.variant.goal_row() {
            return match pos.to_move {
                Side::Goat => Value::Win(0),
                Side::Wolves => Value::Loss(0),
            };
        }
        Value::from_byte(self.byte(pos))
    }

    /// Every legal move of the side to move with its exact value, in the order of
    /// [`Position::goat_moves`] / [`Position::wolf_moves`]; blunders flagged.
    pub fn move_values(&self, pos: &Position) -> Vec<MoveValue> {
        if pos.outcome().is_some() {
            return Vec::new();
        }
        let winning = self.value(pos).is_win();
        let moves: Vec<(Move, Position)> = match pos.to_move {
            Side::Goat => pos
                .goat_moves()
                .into_iter()
                .map(|s| (Move::Goat(s), pos.after_goat_move(s).unwrap()))
                .collect(),
            Side::Wolves => pos
                .wolf_moves()
                .into_iter()
                .map(|m| (Move::Wolf(m), pos.after_wolf_move(m).unwrap()))
                .collect(),
        };
        moves
            .into_iter()
            .map(|(mv, next)| {
                let value = self.value(&next).for_mover();
                MoveValue {
                    mv,
                    value,
                    blunder: winning && !value.is_win(),
                }
            })
            .collect()
    }

    /// The best move: the quickest win, else the longest resistance (the first listed on a
    /// tie). `None` when the game is over.
    pub fn best_move(&self, pos: &Position) -> Option<MoveValue> {
        let mut best: Option<MoveValue> = None;
        for mv in self.move_values(pos) {
            if best.is_none_or(|b| mv.value.score() > b.value.score()) {
                best = Some(mv);
            }
        }
        best
    }

    /// How many positions (side to move included) can arise from `start` in play, counting
    /// the finished ones.
    pub fn reachable_from(&self, start: &Position) -> u64 {
        let n = self.squares.len();
        let k = self.variant.wolves as usize;
        let mut reach = vec![0u64; self.sets * 2];
        let goal: u64 = (0..n)
            .filter(|&i| self.squares[i] % 10 == self.variant.goal_row())
            .fold(0, |m, i| m | 1 << i);
        reach[self.row(start)] |= 1 << self.index_of[start.goat as usize];
        let step = |i: usize, d: i32| -> Option<usize> {
            let t = self.squares[i] as i32 + d;
            self.variant
                .on_board(t)
                .then(|| self.index_of[t as usize] as usize)
        };
        let mut count = 0u64;
        for rank in (0..self.sets).rev() {
            if reach[rank * 2] == 0 && reach[rank * 2 + 1] == 0 {
                continue;
            }
            let c = self.unrank(rank, k);
            let occ: u64 = c.iter().fold(0, |m, &x| m | 1 << x);
            // Goat to move → wolves to move, same set.
            let mut g = reach[rank * 2];
            count += g.count_ones() as u64;
            while g != 0 {
                let x = g.trailing_zeros() as usize;
                g &= g - 1;
                if goal >> x & 1 == 1 {
                    continue;
                }
                for d in [11, -9, -11, 9] {
                    if let Some(t) = step(x, d).filter(|&t| occ >> t & 1 == 0) {
                        reach[rank * 2 + 1] |= 1 << t;
                    }
                }
            }
            let w = reach[rank * 2 + 1] & !goal;
            count += reach[rank * 2 + 1].count_ones() as u64;
            if w == 0 {
                continue;
            }
            for j in 0..k {
                for d in [-11, 9] {
                    let Some(t) = step(c[j] as usize, d) else {
                        continue;
                    };
                    if occ >> t & 1 == 1 {
                        continue;
                    }
                    let mut e = c.clone();
                    e[j] = t as u8;
                    e.sort_unstable();
                    reach[self.rank(&e) * 2] |= w & !(1 << t);
                }
            }
        }
        count
    }

    fn unrank(&self, mut rank: usize, k: usize) -> Vec<u8> {
        let mut c = vec![0u8; k];
        for i in (0..k).rev() {
            let mut x = i;
            while self.binom[x + 1][i + 1] as usize <= rank {
                x += 1;
            }
            rank -= self.binom[x][i + 1] as usize;
            c[i] = x as u8;
        }
        c
    }
}

/// Seconds one complete solution of `variant` takes: the mean over repeated solves lasting at
/// least `at_least` (one solve when zero).
pub fn solve_seconds(variant: Variant, at_least: std::time::Duration) -> f64 {
    let start = std::time::Instant::now();
    let mut runs = 0u32;
    loop {
        std::hint::black_box(Solution::solve(variant));
        runs += 1;
        if start.elapsed() >= at_least {
            return start.elapsed().as_secs_f64() / runs as f64;
        }
    }
}
