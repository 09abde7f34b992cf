//! [`PlayGame`]: a game against the classic program in progress — the engine's
//! [`Game`] (the position, the dice, the person's steps, the program and its learning, undo,
//! the end) and what the Play tab says about it.

use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Side;
use bgw_engine::evaluation::classic::{
    ClassicPlayer, Game, Outcome, ProgramTurn, Status, Update, Weights,
};
use bgw_engine::matches::Match;

/// A game in progress.
pub struct PlayGame {
    /// The game: the program plays the colour the person does not.
    pub game: Game,
    /// Why the person's last step or move was refused (the seed's reason).
    pub refusal: Option<String>,
    /// True while "End game" waits for the person to confirm (a game not over is lost).
    pub ending: bool,
}

impl PlayGame {
    /// A game, not yet started, in which the person plays `human` and the program the other
    /// colour with `weights`, learning (GOOD/BAD, step `eta`) when `learning` is on.
    pub fn new(human: Side, weights: Weights, eta: f64, learning: bool) -> PlayGame {
        let player = ClassicPlayer::new(weights, "classic");
        let mut game = Game::against_person(human.opponent(), player, eta);
        game.set_learning(learning);
        PlayGame {
            game,
            refusal: None,
            ending: false,
        }
    }

    /// The game so far as a one-game money session: the person "you", the program "classic"
    /// (unfinished while not over; see [`bgw_engine::evaluation::classic::Game::to_match`]).
    pub fn to_match(&self) -> Match {
        let [black, white] = self.game.default_names("you");
        self.game.to_match(&black, &white)
    }

    /// The person's colour.
    pub fn human(&self) -> Side {
        self.game.program().opponent()
    }

    /// True when the person is on roll in a game not over.
    pub fn humans_turn(&self) -> bool {
        match self.game.status() {
            Status::Roll(side) | Status::Move(side, _) => side == self.human(),
            Status::Opening | Status::Over(_) => false,
        }
    }

    /// The person's steps of the move being made (from, to in the person's numbering; 25 the
    /// bar, 0 off).
    pub fn partial(&self) -> &[(u8, u8)] {
        self.game.steps()
    }

    /// The person's partial move in gnubg notation (`13/10 10/8`).
    pub fn partial_text(&self) -> String {
        let name = |p: u8| match p {
            25 => "bar".to_string(),
            0 => "off".to_string(),
            p => p.to_string(),
        };
        self.partial()
            .iter()
            .map(|&(f, t)| format!("{}/{}", name(f), name(t)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The program's last move with its phase and reason (or its pass), one line.
    pub fn last_program(&self) -> Option<String> {
        self.game.last_program_turn().map(program_line)
    }

    /// The program's last move (its side and play) while it is on the board as played: the
    /// person has not begun to move. After "Undo my move" it is the move before the answer
    /// taken back (the one that led to the position on the board).
    pub fn program_move_shown(&self) -> Option<(Side, Play)> {
        let turn = self.game.last_program_turn()?;
        let play = turn.played?.play;
        self.partial().is_empty().then_some((turn.side, play))
    }

    /// The game's end with the score, once over.
    pub fn over(&self) -> Option<String> {
        self.game.outcome().map(|o| self.over_text(o))
    }

    /// `You win a gammon (2 points)!`, `The program (White) wins a single game (1 point).`
    pub fn over_text(&self, o: Outcome) -> String {
        let points = match o.points() {
            1 => "1 point".to_string(),
            n => format!("{n} points"),
        };
        if o.winner == self.human() {
            format!("You win {} ({points})!", o.win.name())
        } else {
            format!(
                "The program ({}) wins {} ({points}).",
                o.winner,
                o.win.name()
            )
        }
    }

    /// The learning updates of this game, one line each.
    pub fn updates(&self) -> Vec<String> {
        self.game.updates().iter().map(update_line).collect()
    }
}

/// `White rolls 21 and plays 24/21 [contact: highest BRDVAL (-9.86)]`, or `… and cannot move`.
pub fn program_line(turn: &ProgramTurn) -> String {
    match &turn.played {
        Some(m) => format!(
            "{} rolls {} and plays {} [{}: {}]",
            turn.side,
            turn.dice,
            m.play.mv.notation(),
            m.phase.name(),
            m.reason
        ),
        None => format!("{} rolls {} and cannot move", turn.side, turn.dice),
    }
}

/// `GOOD: GBRDVAL +1.20 vs COMPVAL -0.40`.
pub fn update_line(u: &Update) -> String {
    format!(
        "{}: GBRDVAL {:+.2} vs COMPVAL {:+.2}",
        u.verdict.name(),
        u.gbrdval,
        u.compval
    )
}
