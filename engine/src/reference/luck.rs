//! The luck of each roll of a match, as gnubg's own analysis computes it (its
//! `LuckAnalysis`: the roller's cubeful 0-ply equity after the best move of the roll, less
//! the mean over all 36 rolls — over the 30 non-doubles with either side to start, for the
//! opening roll), and gnubg's marks for it.

/// One roll whose luck is asked: as bgw read it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roll {
    /// The match before the roll (the roller on roll, the dice rolled).
    pub match_id: crate::core::formats::MatchId,
    /// The position before the roll, the roller on roll.
    pub position: crate::core::position::Position,
    /// The roll.
    pub dice: crate::core::dice::Dice,
}

/// One roll's luck, as gnubg's analysis stores it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RollLuck {
    /// The position before the roll as gnubg read it (Position ID, the roller on roll).
    pub position: String,
    /// The roll, high die first.
    pub dice: [u8; 2],
    /// The luck in normalised equity (EMG), the roller's view: > 0 lucky.
    pub emg: f64,
    /// The same in match-winning chance (a fraction) in a match, in points (cube × EMG) in
    /// money play.
    pub mwc: f64,
}

/// One game's rolls' luck and its actual result, as gnubg's analysis gives them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameLuck {
    /// Each roll's luck, in order.
    pub rolls: Vec<RollLuck>,
    /// What each player (the file's first, then second) gained in the game: match-winning
    /// chance after the game less before it in a match (a fraction), points in money play.
    pub actual: [f64; 2],
}

/// gnubg's marks for a roll's luck (`analysis.c: Luck`), at its default thresholds: more
/// than +0.6 EMG very lucky, more than +0.3 lucky, less than −0.3 unlucky, less than −0.6
/// very unlucky.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LuckMark {
    /// gnubg's "very unlucky".
    VeryUnlucky,
    /// gnubg's "unlucky".
    Unlucky,
    /// Not marked.
    None,
    /// gnubg's "lucky".
    Lucky,
    /// gnubg's "very lucky".
    VeryLucky,
}

impl LuckMark {
    /// The mark of a roll whose luck is `emg`.
    pub fn of(emg: f64) -> LuckMark {
        if emg > 0.6 {
            LuckMark::VeryLucky
        } else if emg > 0.3 {
            LuckMark::Lucky
        } else if emg < -0.6 {
            LuckMark::VeryUnlucky
        } else if emg < -0.3 {
            LuckMark::Unlucky
        } else {
            LuckMark::None
        }
    }

    /// gnubg's words ("" when unmarked).
    pub fn words(self) -> &'static str {
        match self {
            LuckMark::VeryUnlucky => "very unlucky",
            LuckMark::Unlucky => "unlucky",
            LuckMark::None => "",
            LuckMark::Lucky => "lucky",
            LuckMark::VeryLucky => "very lucky",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_at_gnubgs_thresholds_strictly() {
        assert_eq!(LuckMark::of(0.6), LuckMark::Lucky);
        assert_eq!(LuckMark::of(0.6001), LuckMark::VeryLucky);
        assert_eq!(LuckMark::of(0.3), LuckMark::None);
        assert_eq!(LuckMark::of(-0.3), LuckMark::None);
        assert_eq!(LuckMark::of(-0.31), LuckMark::Unlucky);
        assert_eq!(LuckMark::of(-0.61), LuckMark::VeryUnlucky);
    }
}
