//! The five probabilities of a cubeless money game, and gnubg's way of printing them.

/// The five probabilities of a cubeless money game, for one side: win, win gammon, win
/// backgammon, lose gammon, lose backgammon (gammons include backgammons).
pub type Probabilities = [f64; 5];

/// The probabilities as gnubg's `hint` prints them: `0.508 0.135 0.007 - 0.492 0.132 0.005`
/// (win, win gammon, win backgammon - lose, lose gammon, lose backgammon; the loss is one
/// minus the win).
pub fn hint_line(p: &Probabilities) -> String {
    format!(
        "{:.3} {:.3} {:.3} - {:.3} {:.3} {:.3}",
        p[0],
        p[1],
        p[2],
        1.0 - p[0],
        p[3],
        p[4]
    )
}
