//! Set-up mode: place wolves (numbered in order) and the goat by clicks or drags, or type the
//! squares as on the command line; choose who moves; play from there.

use bgw_engine::champion::Side;
use bgw_engine::champion::{Position, Variant};

/// Which piece a click in the set-up board places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupTool {
    /// A wolf (the lowest free number); a click on a wolf removes it.
    Wolf,
    /// The goat (moved here if it is elsewhere); a click on the goat removes it.
    Goat,
}

/// The set-up board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub variant: Variant,
    /// Wolves 1–4 by number; 0 = not placed.
    pub wolves: [u8; 4],
    /// The goat's square; 0 = not placed.
    pub goat: u8,
    /// Who moves first from the set-up position.
    pub to_move: Side,
    /// What a click places.
    pub tool: SetupTool,
    /// Why the last edit was refused.
    pub error: Option<String>,
}

impl Setup {
    pub(super) fn from_position(p: &Position) -> Setup {
        Setup {
            variant: p.variant,
            wolves: p.wolves,
            goat: p.goat,
            to_move: p.to_move,
            tool: SetupTool::Wolf,
            error: None,
        }
    }

    /// The set-up position, or why it cannot be played.
    pub fn position(&self) -> Result<Position, String> {
        let n = self.variant.wolves as usize;
        let mut wolves = Vec::new();
        for (k, &w) in self.wolves[..n].iter().enumerate() {
            if w == 0 {
                return Err(format!(
                    "wolf {} is not placed: the variant {} has {n} wolves",
                    k + 1,
                    self.variant
                ));
            }
            wolves.push(w);
        }
        if self.goat == 0 {
            return Err("the goat is not placed".into());
        }
        Position::new(self.variant, &wolves, self.goat, self.to_move).map_err(|e| e.to_string())
    }

    pub(super) fn click(&mut self, sq: u8) -> Result<(), String> {
        if !self.variant.on_board(sq as i32) {
            return Err(format!("{sq} is not a playing square of this board"));
        }
        let wolf = self.wolves.iter().position(|&w| w == sq);
        match self.tool {
            SetupTool::Wolf => {
                if let Some(k) = wolf {
                    self.wolves[k] = 0;
                    return Ok(());
                }
                let n = self.variant.wolves as usize;
                let Some(k) = self.wolves[..n].iter().position(|&w| w == 0) else {
                    return Err(format!(
                        "all {n} wolves are on the board: click a wolf to take it off first"
                    ));
                };
                if self.goat == sq {
                    self.goat = 0;
                }
                self.wolves[k] = sq;
            }
            SetupTool::Goat => {
                if self.goat == sq {
                    self.goat = 0;
                } else {
                    if let Some(k) = wolf {
                        self.wolves[k] = 0;
                    }
                    self.goat = sq;
                }
            }
        }
        Ok(())
    }

    /// A piece dragged from `from` to `to` (`None`: off the board, taking it off).
    pub(super) fn drop(&mut self, from: u8, to: Option<u8>) -> Result<(), String> {
        let wolf = self.wolves.iter().position(|&w| w == from && w != 0);
        if wolf.is_none() && self.goat != from {
            return Ok(());
        }
        let Some(to) = to else {
            match wolf {
                Some(k) => self.wolves[k] = 0,
                None => self.goat = 0,
            }
            return Ok(());
        };
        if !self.variant.on_board(to as i32) {
            return Err(format!("{to} is not a playing square of this board"));
        }
        if to != from && (self.goat == to || self.wolves.contains(&to)) {
            return Err(format!("{to} is occupied"));
        }
        match wolf {
            Some(k) => self.wolves[k] = to,
            None => self.goat = to,
        }
        Ok(())
    }

    /// Sets the pieces from text as on the command line: wolves `46,48,68,88`, goat `66`.
    pub(super) fn set_text(&mut self, wolves: &str, goat: &str) -> Result<(), String> {
        let square = |t: &str| -> Result<u8, String> {
            let sq: u8 = t
                .trim()
                .parse()
                .map_err(|_| format!("cannot read square {:?}: write two digits, e.g. 46", t))?;
            if !self.variant.on_board(sq as i32) {
                return Err(format!("{sq} is not a playing square of this board"));
            }
            Ok(sq)
        };
        let list: Vec<&str> = wolves
            .split([',', ' '])
            .filter(|t| !t.trim().is_empty())
            .collect();
        let n = self.variant.wolves as usize;
        if list.len() != n {
            return Err(format!(
                "{} wolf squares given, the variant {} has {n} wolves",
                list.len(),
                self.variant
            ));
        }
        let mut w = [0u8; 4];
        for (k, t) in list.iter().enumerate() {
            w[k] = square(t)?;
        }
        let g = square(goat)?;
        let pos =
            Position::new(self.variant, &w[..n], g, self.to_move).map_err(|e| e.to_string())?;
        self.wolves = pos.wolves;
        self.goat = pos.goat;
        Ok(())
    }
}
