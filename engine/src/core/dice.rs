//! A roll of two dice.

use std::fmt;
use std::str::FromStr;

/// Two dice, each 1–6, kept larger first (a roll of 1-3 is the roll 31).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dice(u8, u8);

/// Why a text is not a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceError(pub String);

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad dice {}: expected two digits 1-6, such as 31",
            crate::core::quote::quote(&self.0)
        )
    }
}

impl std::error::Error for DiceError {}

impl Dice {
    /// A roll; `None` unless both dice are 1–6.
    pub fn new(a: u8, b: u8) -> Option<Dice> {
        ((1..=6).contains(&a) && (1..=6).contains(&b)).then_some(Dice(a.max(b), a.min(b)))
    }

    /// The larger die.
    pub fn high(self) -> u8 {
        self.0
    }

    /// The smaller die.
    pub fn low(self) -> u8 {
        self.1
    }

    /// True for doubles (four moves).
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// The 21 distinct rolls in the order 11 21 22 31 32 33 … 66 (high die first).
    pub fn all() -> impl Iterator<Item = Dice> {
        (1..=6u8).flat_map(|h| (1..=h).map(move |l| Dice(h, l)))
    }

    /// How many of the 36 throws give this roll: 1 for doubles, 2 otherwise.
    pub fn weight(self) -> u32 {
        if self.is_double() { 1 } else { 2 }
    }
}

impl FromStr for Dice {
    type Err = DiceError;

    /// Two digits 1–6 in either order, optionally separated (`31`, `13`, `3-1`, `3 1`).
    fn from_str(s: &str) -> Result<Dice, DiceError> {
        let digits: Vec<u8> = s
            .trim()
            .bytes()
            .filter(|b| !matches!(b, b'-' | b' ' | b','))
            .collect();
        match digits.as_slice() {
            [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => {
                Dice::new(a - b'0', b - b'0').ok_or_else(|| DiceError(s.to_string()))
            }
            _ => Err(DiceError(s.to_string())),
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high(), self.low())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_either_order_and_refuses_sevens() {
        assert_eq!("31".parse::<Dice>().unwrap(), "13".parse::<Dice>().unwrap());
        assert!("71".parse::<Dice>().is_err());
        assert!("3".parse::<Dice>().is_err());
        assert!("".parse::<Dice>().is_err());
        assert!("ab".parse::<Dice>().is_err());
        assert_eq!(Dice::all().count(), 21);
        assert_eq!(Dice::all().map(|d| d.weight()).sum::<u32>(), 36);
    }
}
