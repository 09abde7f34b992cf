//! `bgw play`: a game at the terminal against the classic program, in the seed's manner.
//!
//! The computer plays White and moves first; the person plays Black. Points are numbered as in
//! the seed and from Black's side: Black moves 24 → 1 with its home on 1–6, White moves 1 → 24
//! with its home on 19–24. Dice are typed (`31`) or rolled (`r` or an empty line); Black's move
//! is typed in gnubg notation (`24/18 13/11`, `bar/22`, `6/off`, `8/5(2)`) and refused with the
//! seed's reasons when illegal; a forced move is played for the person. With learning on, the
//! computer adjusts its weights by GOOD/BAD after every exchange in contact and the weights are
//! written back at the end (the seed's LOADWTS / DUMPWTS).

use super::rank::load_weights;
use super::{CliError, eprint, interrupt, positive_finite, print, shown};
use bgw_engine::core::moves::Move;
use bgw_engine::core::position::{Position, Side};
use bgw_engine::evaluation::classic::{ClassicPlayer, Game, GameError, MoveError, Weights};
use bgw_engine::matches::MatchFormat;
use bgw_engine::{Dice, SeededDice};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `bgw play`.
#[derive(clap::Args)]
pub struct Args {
    /// The program's weights (RON); the built-in defaults when absent.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Seed of rolled dice (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Roll every throw without asking for dice.
    #[arg(long)]
    roll: bool,
    /// Let the program learn (GOOD/BAD) during the game; `learn on|off` switches it later.
    #[arg(long)]
    learn: bool,
    /// The learning step η.
    #[arg(long, default_value_t = 0.01, value_parser = positive_finite)]
    eta: f64,
    /// Where to save the weights at the end when learning was on (default: the --weights file).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Save the game when it ends (or on quit, unfinished) as a match file: gnubg's SGF when
    /// the name ends in .sgf, otherwise MAT. A one-game cubeless money session, you Black
    /// and the program White.
    #[arg(long, value_name = "FILE")]
    save_match: Option<PathBuf>,
}

/// Runs `bgw play` on the terminal.
///
/// Whatever ends the game — its end, `quit`, the end of input, a signal (Ctrl+C, SIGTERM,
/// SIGHUP when the terminal closes), the terminal failing — the game so far is saved to
/// `--save-match` and learnt weights are written, as `quit` does. A match file that cannot be
/// written is printed on stderr instead, so that the game is not lost.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let weights = load_weights(args.weights.as_ref())?;
    if let Some(path) = &args.save_match {
        super::check_writable(path)?;
    }
    let dice = args
        .seed
        .map_or_else(|| SeededDice::new(rand::random()), SeededDice::new);
    let mut session = Session::new(weights, args.eta, dice);
    session.game.set_learning(args.learn);
    session.auto_roll = args.roll;
    // A signal ends a wait for the user's line (and cancels nothing else: the program's turns
    // are short), so that the game is kept below.
    let played = session.play(&mut interrupt::stdin(), &mut super::stdout());
    let interrupted = interrupt::interrupted();
    // What is kept, said on stdout after a normal end; after a signal (the terminal may be
    // gone) in the one line on stderr. A failure to keep something does not stop the rest.
    let mut kept = Vec::new();
    let mut failure = None;
    if let Some(path) = &args.save_match {
        match save_game(&session, path) {
            Ok(()) => kept.push(format!("game saved to {}", shown(path))),
            Err(e) => failure = Some(e),
        }
    }
    if session.learnt() {
        match args.out.as_ref().or(args.weights.as_ref()) {
            Some(path) => match session.game.weights().save(path) {
                Ok(()) => kept.push(format!("weights saved to {}", shown(path))),
                Err(e) => failure = failure.or(Some(e.into())),
            },
            None => kept.push(
                "the learnt weights were not saved: give --out FILE (or --weights FILE)"
                    .to_string(),
            ),
        }
    }
    if interrupted {
        let said: Vec<&str> = (kept.iter().map(String::as_str))
            .chain(failure.iter().map(|e| e.message.as_str()))
            .collect();
        return Err(CliError::interrupted(if said.is_empty() {
            "interrupted".to_string()
        } else {
            format!("interrupted: {}", said.join("; "))
        }));
    }
    if let Some(e) = failure {
        return Err(e);
    }
    played?;
    for line in kept {
        // A sentence of its own: "Game saved to FILE."
        let mut chars = line.chars();
        let first: String = chars
            .next()
            .into_iter()
            .flat_map(char::to_uppercase)
            .collect();
        print(&format!("{first}{}.\n", chars.as_str()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the game so far to `path` as a match file (gnubg's SGF when the name ends in .sgf,
/// otherwise MAT). When it cannot be written, the match text goes to stderr before the error,
/// so that the game is not lost.
fn save_game(session: &Session, path: &Path) -> Result<(), CliError> {
    let format = MatchFormat::of_extension(path).unwrap_or(MatchFormat::Mat);
    let m = session.game.to_match("you", "classic");
    // The game starts from the opening position: MAT holds it.
    let text = m
        .write_as(format)
        .map_err(|e| CliError::failed(e.to_string()))?;
    super::match_files::save(path, &text).inspect_err(|_| {
        eprint(&format!(
            "bgw: the game, which could not be saved to {}:\n{text}",
            shown(path)
        ));
    })
}

/// A game at the terminal: the program plays White, the person Black.
struct Session {
    game: Game,
    dice: SeededDice,
    auto_roll: bool,
}

/// A game's refusal of an action the session's flow never asks for, as an I/O error.
fn flow_error(e: GameError) -> std::io::Error {
    std::io::Error::other(e)
}

/// What a prompt returned.
enum Input {
    Line(String),
    Quit,
}

const HELP: &str = "Commands: dice such as 31 (or r / an empty line to roll); a move such as \
24/18 13/11, bar/22, 6/off, 8/5(2); 'moves' lists your legal moves; 'hint' shows the program's choice for you; 'learn on' / 'learn off'; \
'weights' shows the program's weights; 'quit' ends the game.";

impl Session {
    fn new(weights: Weights, eta: f64, dice: SeededDice) -> Session {
        Session {
            game: Game::against_person(Side::White, ClassicPlayer::new(weights, "classic"), eta),
            dice,
            auto_roll: false,
        }
    }

    /// True when learning changed the weights during the game.
    fn learnt(&self) -> bool {
        !self.game.updates().is_empty()
    }

    fn play(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        self.play_from(Position::opening(Side::White), input, out)
    }

    /// Plays from `start` (the side on roll moves first).
    fn play_from(
        &mut self,
        start: Position,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        writeln!(
            out,
            "The classic program (seed 000). It plays White (W), moving 1 -> 24, home 19-24; you \
             play Black (B), moving 24 -> 1, home 1-6. White goes first. Learning is {}.",
            if self.game.learning() { "on" } else { "off" }
        )?;
        writeln!(out, "{HELP}")?;
        self.game.start_at(start).map_err(flow_error)?;
        loop {
            print_board(out, self.game.position())?;
            let who = self.game.position().on_roll();
            if self.read_dice(input, out, who)?.is_none() {
                return Ok(());
            }
            if self.game.is_program(who) {
                self.white_turn(out)?;
            } else if self.black_turn(input, out)?.is_none() {
                return Ok(());
            }
            if let Some(outcome) = self.game.outcome() {
                print_board(out, self.game.position())?;
                let points = outcome.points();
                let winner = if outcome.winner == self.game.program() {
                    "White (the program)"
                } else {
                    "Black (you)"
                };
                writeln!(
                    out,
                    "{winner} wins {} ({points} point{}).",
                    outcome.win.name(),
                    if points > 1 { "s" } else { "" }
                )?;
                return Ok(());
            }
        }
    }

    /// Reads a line after a prompt; `None` at the end of input or on `quit`. Handles the
    /// commands available at every prompt.
    fn prompt(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        text: &str,
    ) -> std::io::Result<Input> {
        loop {
            write!(out, "{text}")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(Input::Quit);
            }
            let line = line.trim().to_string();
            match line.to_ascii_lowercase().as_str() {
                "quit" | "q" | "exit" => return Ok(Input::Quit),
                "help" | "h" => writeln!(out, "{HELP}")?,
                "learn on" => {
                    self.game.set_learning(true);
                    writeln!(out, "Learning is on (step {}).", self.game.learner().eta)?;
                }
                "learn off" => {
                    self.game.set_learning(false);
                    writeln!(out, "Learning is off.")?;
                }
                "weights" => writeln!(out, "{}", self.game.weights().to_ron().unwrap_or_default())?,
                _ => return Ok(Input::Line(line)),
            }
        }
    }

    /// Reads (or rolls) the dice of `who` and gives them to the game; `None` on `quit`.
    fn read_dice(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        who: Side,
    ) -> std::io::Result<Option<Dice>> {
        if self.auto_roll {
            return self.roll(out, who).map(Some);
        }
        loop {
            let line =
                match self.prompt(input, out, &format!("{who}'s dice (e.g. 31, r to roll): "))? {
                    Input::Quit => return Ok(None),
                    Input::Line(l) => l,
                };
            if line.is_empty()
                || line.eq_ignore_ascii_case("r")
                || line.eq_ignore_ascii_case("roll")
            {
                return self.roll(out, who).map(Some);
            }
            match line.parse::<Dice>() {
                Ok(d) => {
                    self.game.set_dice(d).map_err(flow_error)?;
                    return Ok(Some(d));
                }
                Err(e) => writeln!(out, "{e}")?,
            }
        }
    }

    fn roll(&mut self, out: &mut impl Write, who: Side) -> std::io::Result<Dice> {
        let d = self.game.roll(&mut self.dice).map_err(flow_error)?;
        writeln!(out, "{who} rolls {}-{}.", d.high(), d.low())?;
        Ok(d)
    }

    /// The program's turn with the dice given to the game.
    fn white_turn(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        let turn = self.game.program_turn(&mut self.dice).map_err(flow_error)?;
        if let Some(u) = turn.update {
            writeln!(
                out,
                "Learning: {} (GBRDVAL {:+.2}, COMPVAL {:+.2}).",
                u.verdict.name(),
                u.gbrdval,
                u.compval
            )?;
        }
        match turn.played {
            None => writeln!(out, "White cannot move.")?,
            Some(m) => writeln!(
                out,
                "White plays {}  [{}: {}]",
                white_notation(&m.play.mv),
                m.phase,
                m.reason
            )?,
        }
        Ok(())
    }

    /// The person's turn with the dice given to the game; `None` on `quit`.
    fn black_turn(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> std::io::Result<Option<()>> {
        let Some(dice) = self.game.dice() else {
            return Err(flow_error(GameError::NoDice));
        };
        let plays = self.game.legal_plays();
        if plays.is_empty() {
            writeln!(out, "You cannot move with {}-{}.", dice.high(), dice.low())?;
            self.game.pass().map_err(flow_error)?;
            return Ok(Some(()));
        }
        if plays.len() == 1 {
            writeln!(out, "Your move is forced: {}.", plays[0].mv.notation())?;
            self.game.play(0).map_err(flow_error)?;
            return Ok(Some(()));
        }
        loop {
            let line = match self.prompt(
                input,
                out,
                &format!("Your move ({}-{}): ", dice.high(), dice.low()),
            )? {
                Input::Quit => return Ok(None),
                Input::Line(l) => l,
            };
            if line.eq_ignore_ascii_case("hint") {
                if let Some((play, choice)) = self.game.hint() {
                    writeln!(
                        out,
                        "The program would play {} [{}: {}].",
                        play.mv.notation(),
                        choice.phase,
                        choice.reason
                    )?;
                }
                continue;
            }
            if line.eq_ignore_ascii_case("moves") || line == "?" {
                let mut list: Vec<String> = self
                    .game
                    .legal_plays()
                    .iter()
                    .map(|p| p.mv.notation())
                    .collect();
                list.sort();
                writeln!(out, "Legal moves: {}", list.join(", "))?;
                continue;
            }
            match self.game.play_typed(&line) {
                Ok(m) => {
                    let notation = m.play.map(|p| p.mv.notation()).unwrap_or_default();
                    writeln!(out, "You play {notation}.")?;
                    return Ok(Some(()));
                }
                Err(MoveError::Refused(reason)) => writeln!(out, "Refused: {reason}.")?,
                Err(MoveError::Game(e)) => return Err(flow_error(e)),
            }
        }
    }
}

/// A move of White's in the seed's numbering (White moves 1 → 24): point p is 25 − p.
fn white_notation(mv: &Move) -> String {
    mv.notation()
        .split(' ')
        .map(|path| {
            let (points, count) = match path.find('(') {
                Some(i) => (&path[..i], &path[i..]),
                None => (path, ""),
            };
            let mapped: Vec<String> = points
                .split('/')
                .map(|p| {
                    let star = p.ends_with('*');
                    let p = p.trim_end_matches('*');
                    let name = match p.parse::<u8>() {
                        Ok(n) => (25 - n).to_string(),
                        Err(_) => p.to_string(),
                    };
                    if star { format!("{name}*") } else { name }
                })
                .collect();
            format!("{}{count}", mapped.join("/"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The seed's PRINTSTATE: points numbered from Black's side, at most seven checkers drawn on a
/// point (a larger count is written in the seventh place), bar and borne-off counts below.
fn print_board(out: &mut impl Write, pos: &Position) -> std::io::Result<()> {
    let black = if pos.on_roll() == Side::Black {
        *pos
    } else {
        pos.mirror()
    };
    let b = black.board();
    let cell = |s: usize, row: usize| -> String {
        let n = b[s];
        let (count, c) = if n > 0 {
            (n as usize, 'B')
        } else {
            ((-n) as usize, 'W')
        };
        if count < row {
            "  .".into()
        } else if row == 7 && count > 7 {
            format!("{count:>3}")
        } else {
            format!("  {c}")
        }
    };
    let top: Vec<usize> = (13..=24).collect();
    let bottom: Vec<usize> = (1..=12).rev().collect();
    let numbers = |pts: &[usize]| {
        pts.iter()
            .enumerate()
            .map(|(i, p)| format!("{}{p:>3}", if i == 6 { "  |" } else { "" }))
            .collect::<String>()
    };
    writeln!(out)?;
    writeln!(out, "{}", numbers(&top))?;
    for row in 1..=7 {
        let line: String = top
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{}{}", if i == 6 { "  |" } else { "" }, cell(p, row)))
            .collect();
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;
    for row in (1..=7).rev() {
        let line: String = bottom
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{}{}", if i == 6 { "  |" } else { "" }, cell(p, row)))
            .collect();
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{}", numbers(&bottom))?;
    let (bpips, wpips) = black.pips();
    writeln!(
        out,
        "White (W): bar {}, off {}, pips {wpips}    Black (B): bar {}, off {}, pips {bpips}",
        -b[0],
        black.opponent_off(),
        b[25],
        black.player_off(),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::core::moves::MoveGenerator;

    #[test]
    fn white_moves_in_the_seeds_numbering() {
        let pos = Position::opening(Side::White);
        let plays = MoveGenerator::new()
            .generate(&pos, "31".parse().unwrap())
            .to_vec();
        let p = plays.iter().find(|p| p.mv.notation() == "8/5 6/5").unwrap();
        assert_eq!(white_notation(&p.mv), "17/20 19/20");
    }

    fn session() -> Session {
        Session::new(Weights::builtin_seed(), 0.5, SeededDice::new(3))
    }

    #[test]
    fn the_winner_and_the_points_are_announced() {
        // White (on roll) has one checker left on its 1 point; Black still has all 15, two of
        // them in White's home board: White's 2-1 ends the game with a backgammon.
        let mut b = [0i8; 26];
        b[1] = 1;
        b[3] = -2;
        b[20] = -13;
        let pos = Position::from_board(Side::White, b).unwrap();
        let mut out = Vec::new();
        session()
            .play_from(pos, &mut "21\n".as_bytes(), &mut out)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("White plays 24/off"), "{text}");
        assert!(
            text.contains("White (the program) wins a backgammon (3 points)."),
            "{text}"
        );
    }

    #[test]
    fn black_can_win_and_ask_for_a_hint() {
        // Black on roll with its last two checkers on its 1 and 2 points; White has one left.
        // 2-1 is not forced: 2/off 1/off, or 2/1 and 1/off leaving a checker on 1.
        let mut b = [0i8; 26];
        b[1] = 1;
        b[2] = 1;
        b[19] = -1;
        let pos = Position::from_board(Side::Black, b).unwrap();
        let mut out = Vec::new();
        session()
            .play_from(pos, &mut "21\nhint\n2/off 1/off\n".as_bytes(), &mut out)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("The program would play 2/off 1/off"),
            "{text}"
        );
        assert!(
            text.contains("Black (you) wins a single game (1 point)."),
            "{text}"
        );
    }

    #[test]
    fn weights_unchanged_without_learning() {
        let mut s = session();
        s.auto_roll = true;
        let mut out = Vec::new();
        s.play(&mut "".as_bytes(), &mut out).unwrap();
        assert!(!s.learnt());
        assert_eq!(*s.game.weights(), Weights::builtin_seed());
    }
}
