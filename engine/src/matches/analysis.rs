//! The analysis gnubg keeps in its SGF files, kept as written: the candidate moves of a roll
//! (`A[…]`) and the cube analysis (`DA[…]`). Nothing is recomputed: the numbers are the
//! file's, and each entry keeps its text whole so that it is written back unchanged.
//!
//! gnubg 1.07 writes a candidate as `<move letters> E ver 3 <5 probabilities> <equity>
//! <plies>[C] 0 <deterministic> <noise> <prune>` and a cube analysis as `E ver 3
//! <plies>[C] <deterministic> <noise> <prune>` followed by 7 outputs for no double and 7 for
//! double/take (the 5 probabilities, the cubeless and the cubeful equity). Rollouts (`R …`,
//! `X …`) are kept as text only.

use super::sgf_points::move_letters;
use crate::core::moves::Segment;

/// The analysis a file keeps with a decision (empty when it keeps none).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Analysis {
    /// The candidate moves of the roll (`A[…]`).
    pub moves: Option<MoveAnalysis>,
    /// The cube analysis before the roll or of the double (`DA[…]`); boxed, as most
    /// decisions have none.
    pub cube: Option<Box<CubeAnalysis>>,
}

impl Analysis {
    /// True when the file kept no analysis.
    pub fn is_empty(&self) -> bool {
        self.moves.is_none() && self.cube.is_none()
    }
}

/// The candidates gnubg looked at for a roll, best first as it wrote them.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// The index in `candidates` of the move played, as written (`A[3]…`).
    pub played: usize,
    /// The candidates.
    pub candidates: Vec<Candidate>,
}

/// One candidate move of gnubg's analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move in gnubg's SGF letters (`aggk`).
    pub letters: String,
    /// The same move as from/to pairs from the mover's view (25 the bar, 0 off).
    pub segments: Vec<Segment>,
    /// Everything after the letters, as written (`E ver 3 0.513076 …`).
    pub text: String,
    /// The evaluation's numbers, when it is an evaluation gnubg's way (`E`).
    pub eval: Option<MoveEval>,
}

/// A candidate's evaluation as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveEval {
    /// Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon.
    pub probabilities: [f64; 5],
    /// The equity gnubg ranked the candidates by.
    pub equity: f64,
    /// The search depth.
    pub plies: u32,
    /// Cubeful (`C` after the plies).
    pub cubeful: bool,
}

/// gnubg's cube analysis as written.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeAnalysis {
    /// The value whole (`E ver 3 0C 1 0.000000 1 0.527989 …`).
    pub text: String,
    /// Its numbers, when it is an evaluation gnubg's way (`E`).
    pub eval: Option<CubeEval>,
}

/// The numbers of a cube evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeEval {
    /// The search depth.
    pub plies: u32,
    /// Cubeful (`C` after the plies).
    pub cubeful: bool,
    /// Without a double: the 5 probabilities, the cubeless and the cubeful equity.
    pub no_double: [f64; 7],
    /// After double/take: the same 7 outputs.
    pub double_take: [f64; 7],
}

/// Reads an `A` property: its values (the index of the move played, then each candidate),
/// for the move's `player` (0 or 1, which decides the letters' numbering). `None` when the
/// first value is not an index.
pub(crate) fn read_move_analysis(values: Vec<String>, player: usize) -> Option<MoveAnalysis> {
    let mut values = values.into_iter();
    let played = values.next()?.trim().parse().ok()?;
    let candidates = values.map(|v| candidate(v, player)).collect();
    Some(MoveAnalysis { played, candidates })
}

/// A candidate from its value: the letters keep the value's text, the rest is copied once.
fn candidate(mut letters: String, player: usize) -> Candidate {
    let text = match letters.find(' ') {
        Some(i) => {
            let text = letters[i + 1..].to_string();
            letters.truncate(i);
            text
        }
        None => String::new(),
    };
    Candidate {
        segments: move_letters(&letters, player).unwrap_or_default(),
        eval: move_eval(&text),
        letters,
        text,
    }
}

/// The words of an `E` evaluation after its version (`E ver 3 …`), or `None` for anything
/// else.
fn eval_words(text: &str) -> Option<std::str::SplitAsciiWhitespace<'_>> {
    let mut words = text.split_ascii_whitespace();
    if words.next()? != "E" {
        return None;
    }
    let after_e = words.clone();
    if words.next() == Some("ver") {
        words.next();
        Some(words)
    } else {
        Some(after_e)
    }
}

/// `3C` → (3, true), `0` → (0, false).
fn plies(word: &str) -> Option<(u32, bool)> {
    let (digits, cubeful) = match word.strip_suffix('C') {
        Some(d) => (d, true),
        None => (word, false),
    };
    Some((digits.parse().ok()?, cubeful))
}

/// The next `N` words as finite numbers.
fn numbers<'a, const N: usize>(words: &mut impl Iterator<Item = &'a str>) -> Option<[f64; N]> {
    let mut out = [0.0; N];
    for o in &mut out {
        *o = words.next()?.parse().ok().filter(|x: &f64| x.is_finite())?;
    }
    Some(out)
}

fn move_eval(text: &str) -> Option<MoveEval> {
    let mut words = eval_words(text)?;
    let [p0, p1, p2, p3, p4, equity] = numbers::<6>(&mut words)?;
    let (plies, cubeful) = plies(words.next()?)?;
    Some(MoveEval {
        probabilities: [p0, p1, p2, p3, p4],
        equity,
        plies,
        cubeful,
    })
}

/// Reads a `DA` value.
pub(crate) fn read_cube_analysis(text: String) -> CubeAnalysis {
    CubeAnalysis {
        eval: cube_eval(&text),
        text,
    }
}

fn cube_eval(text: &str) -> Option<CubeEval> {
    let mut words = eval_words(text)?;
    let (plies, cubeful) = plies(words.next()?)?;
    // Deterministic, noise, prune: the 14 outputs follow.
    let mut words = words.skip(3);
    let no_double = numbers::<7>(&mut words)?;
    let double_take = numbers::<7>(&mut words)?;
    Some(CubeEval {
        plies,
        cubeful,
        no_double,
        double_take,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_keeps_its_numbers_and_text() {
        let values = [
            "0".to_string(),
            "aggk E ver 3 0.513076 0.125833 0.005219 0.133752 0.004354 0.030658 0C 0 1 \
             0.000000 1"
                .to_string(),
            "aglp R ver 3 whatever".to_string(),
        ];
        let a = read_move_analysis(values.to_vec(), 1).unwrap();
        assert_eq!(a.played, 0);
        let c = &a.candidates[0];
        assert_eq!(c.letters, "aggk");
        assert_eq!(
            c.segments,
            vec![Segment { from: 24, to: 18 }, Segment { from: 18, to: 14 }]
        );
        let e = c.eval.unwrap();
        assert_eq!(
            e.probabilities,
            [0.513076, 0.125833, 0.005219, 0.133752, 0.004354]
        );
        assert_eq!((e.equity, e.plies, e.cubeful), (0.030658, 0, true));
        assert!(c.text.starts_with("E ver 3 0.513076"));
        assert_eq!(a.candidates[1].eval, None);
        assert_eq!(a.candidates[1].text, "R ver 3 whatever");
        assert_eq!(read_move_analysis(vec!["x".to_string()], 0), None);
    }

    #[test]
    fn a_cube_analysis_is_decoded_and_kept() {
        let text = "E ver 3 0C 1 0.000000 1 0.527989 0.132733 0.005894 0.126285 0.004275 \
                    0.063871 0.507131 0.527989 0.132733 0.005894 0.126285 0.004275 0.063871 \
                    0.484960";
        let c = read_cube_analysis(text.to_string());
        assert_eq!(c.text, text);
        let e = c.eval.unwrap();
        assert_eq!((e.plies, e.cubeful), (0, true));
        assert_eq!(e.no_double[6], 0.507131);
        assert_eq!(e.double_take[6], 0.484960);
        assert_eq!(read_cube_analysis("E ver 3 0C 1".into()).eval, None);
        assert_eq!(read_cube_analysis("E nan".into()).eval, None);
    }
}
