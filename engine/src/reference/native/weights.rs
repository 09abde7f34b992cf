//! gnubg's neural-net weights: the binary `gnubg.wd` and the text `gnubg.weights`, read as
//! gnubg 1.07 reads them, found on the usual paths, with a copy built in.
//!
//! Both files hold six nets in one order: contact, race, crashed, then the three pruning nets
//! (contact, crashed, race) that gnubg's deeper searches use to thin the moves. Each net is a
//! header (inputs, hidden nodes, outputs, a trained flag, the hidden and output layers'
//! betas) and its numbers: the hidden weights input by input, the output weights output by
//! output, the hidden thresholds, the output thresholds.

use crate::io::user_file;
use std::fmt;
use std::path::{Path, PathBuf};

/// The first float of a binary weights file (gnubg's check that it is one).
pub const MAGIC: f32 = 472.3782;
/// The weights' version gnubg 1.07 accepts (the second float of a binary file, the word after
/// `GNU Backgammon` in a text one).
pub const VERSION: f32 = 1.0;
/// The environment variable naming a weights file, tried before the usual paths.
pub const WEIGHTS_ENV: &str = "BGW_GNUBG_WEIGHTS";
/// The folders gnubg's packages install their weights in, tried in this order.
pub const USUAL_FOLDERS: [&str; 3] = [
    "/usr/lib/gnubg",
    "/usr/share/gnubg",
    "/usr/local/share/gnubg",
];
/// The weights built into the library: gnubg 1.07.001's `gnubg.wd` from Debian's package (see
/// `engine/assets/gnubg/README.md`).
pub static BUILT_IN: &[u8] = include_bytes!("../../../assets/gnubg/gnubg.wd");

/// Inputs of the contact and crashed nets (gnubg's `NUM_INPUTS`).
pub const CONTACT_INPUTS: usize = 250;
/// Inputs of the race net.
pub const RACE_INPUTS: usize = 214;
/// Inputs of the pruning nets (the board alone).
pub const PRUNING_INPUTS: usize = 200;
/// Outputs of every net: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const OUTPUTS: usize = 5;
/// The most hidden nodes a net may have here (gnubg's own have 128).
const MAX_HIDDEN: usize = 1024;
/// The largest weights file read (gnubg's is 408 KB, its text twin about 1.5 MB).
const MAX_FILE: u64 = 64 << 20;

/// One feed-forward net: inputs → hidden (sigmoid) → outputs (sigmoid).
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Number of inputs.
    pub inputs: usize,
    /// Number of hidden nodes (a multiple of 4, as gnubg's vector code needs).
    pub hidden: usize,
    /// Number of outputs (5).
    pub outputs: usize,
    /// The hidden layer's beta (0.1 in gnubg's nets).
    pub beta_hidden: f32,
    /// The output layer's beta (1.0).
    pub beta_output: f32,
    /// Hidden weights, input by input: `hidden_weights[i * hidden + j]` joins input `i` to
    /// hidden node `j`.
    pub hidden_weights: Vec<f32>,
    /// Output weights, output by output: `output_weights[o * hidden + j]`.
    pub output_weights: Vec<f32>,
    /// The hidden nodes' thresholds.
    pub hidden_thresholds: Vec<f32>,
    /// The outputs' thresholds.
    pub output_thresholds: Vec<f32>,
}

/// gnubg's six nets.
#[derive(Clone, Debug, PartialEq)]
pub struct GnubgWeights {
    /// Contact positions.
    pub contact: Net,
    /// Races (no contact, not in a bear-off database).
    pub race: Net,
    /// Crashed positions (contact, a side with few checkers left in play).
    pub crashed: Net,
    /// The pruning net for contact positions.
    pub prune_contact: Net,
    /// The pruning net for crashed positions.
    pub prune_crashed: Net,
    /// The pruning net for races.
    pub prune_race: Net,
    /// Where they were read from (a path, or "built in").
    pub source: String,
}

/// Why weights could not be had.
#[derive(Clone, Debug, PartialEq)]
pub enum WeightsError {
    /// The file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        why: String,
    },
    /// The file is not gnubg weights as gnubg 1.07 reads them.
    Bad {
        /// The file (or "built in").
        path: String,
        /// What is wrong.
        why: String,
    },
    /// No weights file on any path tried.
    NotFound {
        /// Every path tried, in order.
        tried: Vec<PathBuf>,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Read { path, why } => {
                write!(f, "cannot read gnubg's weights {}: {why}", path.display())
            }
            WeightsError::Bad { path, why } => {
                write!(f, "{path} is not gnubg 1.07's weights: {why}")
            }
            WeightsError::NotFound { tried } => {
                let list: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "no gnubg weights (gnubg.wd or gnubg.weights) found; tried {} (install gnubg, \
                     set {WEIGHTS_ENV}, or name the file with --gnubg-weights)",
                    list.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// The nets' expected shapes in file order: (name, inputs).
const SHAPES: [(&str, usize); 6] = [
    ("contact", CONTACT_INPUTS),
    ("race", RACE_INPUTS),
    ("crashed", CONTACT_INPUTS),
    ("pruning contact", PRUNING_INPUTS),
    ("pruning crashed", PRUNING_INPUTS),
    ("pruning race", PRUNING_INPUTS),
];

impl GnubgWeights {
    /// The weights built into the library (gnubg 1.07.001's `gnubg.wd`).
    pub fn built_in() -> GnubgWeights {
        Self::from_binary(BUILT_IN, "built in").expect("the built-in weights are gnubg's")
    }

    /// Reads a weights file: binary when it starts with gnubg's magic number, else text.
    pub fn read(path: &Path) -> Result<GnubgWeights, WeightsError> {
        let bytes = user_file::read_capped(path, MAX_FILE).map_err(|e| WeightsError::Read {
            path: path.to_path_buf(),
            why: e.to_string(),
        })?;
        let name = path.display().to_string();
        if bytes.len() >= 4 && f32::from_le_bytes(bytes[..4].try_into().unwrap()) == MAGIC {
            Self::from_binary(&bytes, &name)
        } else {
            let text = std::str::from_utf8(&bytes).map_err(|_| WeightsError::Bad {
                path: name.clone(),
                why: "neither the binary format (magic 472.3782) nor text".into(),
            })?;
            Self::from_text(text, &name)
        }
    }

    /// Reads the binary format (`gnubg.wd`): little-endian 32-bit numbers.
    pub fn from_binary(bytes: &[u8], name: &str) -> Result<GnubgWeights, WeightsError> {
        let bad = |why: String| WeightsError::Bad {
            path: name.to_string(),
            why,
        };
        let mut at = 0usize;
        let mut word = |what: &str| -> Result<[u8; 4], WeightsError> {
            let w = bytes
                .get(at..at + 4)
                .ok_or_else(|| bad(format!("it ends at byte {} in {what}", bytes.len())))?;
            at += 4;
            Ok(w.try_into().unwrap())
        };
        let magic = f32::from_le_bytes(word("the header")?);
        if magic != MAGIC {
            return Err(bad(format!(
                "its first number is {magic}, not the magic 472.3782"
            )));
        }
        let version = f32::from_le_bytes(word("the header")?);
        if version != VERSION {
            return Err(bad(format!(
                "its version is {version:.2}, gnubg 1.07 reads 1.00"
            )));
        }
        let mut nets = Vec::with_capacity(6);
        for (what, inputs) in SHAPES {
            let int = |w: [u8; 4]| i32::from_le_bytes(w);
            let (ci, ch, co) = (int(word(what)?), int(word(what)?), int(word(what)?));
            let _trained = word(what)?;
            let beta_hidden = f32::from_le_bytes(word(what)?);
            let beta_output = f32::from_le_bytes(word(what)?);
            let shape = check_shape(what, inputs, ci as i64, ch as i64, co as i64).map_err(&bad)?;
            let (ci, ch, co) = shape;
            let count = ci * ch + ch * co + ch + co;
            let mut floats = Vec::with_capacity(count);
            for _ in 0..count {
                floats.push(f32::from_le_bytes(word(what)?));
            }
            nets.push(net_of(what, ci, ch, co, beta_hidden, beta_output, floats).map_err(bad)?);
        }
        if at != bytes.len() {
            return Err(bad(format!(
                "{} bytes follow the six nets",
                bytes.len() - at
            )));
        }
        Ok(Self::of(nets, name))
    }

    /// Reads the text format (`gnubg.weights`): a `GNU Backgammon 1.00` line, then each net's
    /// header line and its numbers, one a line.
    pub fn from_text(text: &str, name: &str) -> Result<GnubgWeights, WeightsError> {
        let bad = |why: String| WeightsError::Bad {
            path: name.to_string(),
            why,
        };
        let mut words = text.split_ascii_whitespace();
        let (a, b, v) = (words.next(), words.next(), words.next());
        if a != Some("GNU") || b != Some("Backgammon") {
            return Err(bad("it does not start with \"GNU Backgammon\"".into()));
        }
        if v != Some("1.00") {
            return Err(bad(format!(
                "its version is {}, gnubg 1.07 reads 1.00",
                crate::core::quote::quote(v.unwrap_or("missing"))
            )));
        }
        let mut nets = Vec::with_capacity(6);
        for (what, inputs) in SHAPES {
            let mut next = |thing: &str| {
                words
                    .next()
                    .ok_or_else(|| bad(format!("it ends in the {what} net's {thing}")))
            };
            let int = |w: &str| -> Result<i64, WeightsError> {
                w.parse::<i64>().map_err(|_| {
                    bad(format!(
                        "the {what} net's header has {}",
                        crate::core::quote::quote(w)
                    ))
                })
            };
            let ci = int(next("header")?)?;
            let ch = int(next("header")?)?;
            let co = int(next("header")?)?;
            let _trained = next("header")?;
            let fl = |w: &str| -> Result<f32, WeightsError> {
                w.parse::<f32>().map_err(|_| {
                    bad(format!(
                        "the {what} net has {}",
                        crate::core::quote::quote(w)
                    ))
                })
            };
            let beta_hidden = fl(next("header")?)?;
            let beta_output = fl(next("header")?)?;
            let (ci, ch, co) = check_shape(what, inputs, ci, ch, co).map_err(&bad)?;
            let count = ci * ch + ch * co + ch + co;
            let mut floats = Vec::with_capacity(count);
            for _ in 0..count {
                floats.push(fl(next("numbers")?)?);
            }
            nets.push(net_of(what, ci, ch, co, beta_hidden, beta_output, floats).map_err(bad)?);
        }
        if let Some(extra) = words.next() {
            return Err(bad(format!(
                "{} follows the six nets",
                crate::core::quote::quote(extra)
            )));
        }
        Ok(Self::of(nets, name))
    }

    fn of(nets: Vec<Net>, name: &str) -> GnubgWeights {
        let mut it = nets.into_iter();
        let mut next = || it.next().expect("six nets");
        GnubgWeights {
            contact: next(),
            race: next(),
            crashed: next(),
            prune_contact: next(),
            prune_crashed: next(),
            prune_race: next(),
            source: name.to_string(),
        }
    }

    /// The weights named by `path`, else by `$BGW_GNUBG_WEIGHTS`, else the first found on the
    /// usual paths ([`candidate_paths`]), else the copy built in. A file named (by `path` or
    /// the variable) that cannot be read is an error, never replaced by another.
    pub fn load(path: Option<&Path>) -> Result<GnubgWeights, WeightsError> {
        if let Some(p) = path {
            return Self::read(p);
        }
        if let Some(p) = std::env::var_os(WEIGHTS_ENV).filter(|p| !p.is_empty()) {
            return Self::read(Path::new(&p));
        }
        match find() {
            Ok(found) => Self::read(&found),
            Err(WeightsError::NotFound { .. }) => Ok(Self::built_in()),
            Err(e) => Err(e),
        }
    }
}

/// Every place a weights file is looked for, in order: `$BGW_GNUBG_WEIGHTS`, then `gnubg.wd`
/// and `gnubg.weights` in each of [`USUAL_FOLDERS`], then beside (and in `../share/gnubg`
/// and `../lib/gnubg` of) every `gnubg` on `PATH`.
pub fn candidate_paths() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(p) = std::env::var_os(WEIGHTS_ENV).filter(|p| !p.is_empty()) {
        out.push(PathBuf::from(p));
    }
    let mut folders: Vec<PathBuf> = USUAL_FOLDERS.iter().map(PathBuf::from).collect();
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if dir.join("gnubg").is_file() {
                folders.push(dir.clone());
                if let Some(up) = dir.parent() {
                    folders.push(up.join("share/gnubg"));
                    folders.push(up.join("lib/gnubg"));
                }
            }
        }
    }
    for f in folders {
        for name in ["gnubg.wd", "gnubg.weights"] {
            let p = f.join(name);
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The first weights file that exists among [`candidate_paths`]; the error names every
/// path tried.
pub fn find() -> Result<PathBuf, WeightsError> {
    let tried = candidate_paths();
    tried
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or(WeightsError::NotFound { tried })
}

fn check_shape(
    what: &str,
    inputs: usize,
    ci: i64,
    ch: i64,
    co: i64,
) -> Result<(usize, usize, usize), String> {
    if ci != inputs as i64 {
        return Err(format!(
            "its {what} net has {ci} inputs, gnubg's has {inputs}"
        ));
    }
    if co != OUTPUTS as i64 {
        return Err(format!("its {what} net has {co} outputs, not 5"));
    }
    if ch < 4 || ch > MAX_HIDDEN as i64 || ch % 4 != 0 {
        return Err(format!(
            "its {what} net has {ch} hidden nodes (4 to {MAX_HIDDEN}, a multiple of 4, are read)"
        ));
    }
    Ok((ci as usize, ch as usize, co as usize))
}

fn net_of(
    what: &str,
    ci: usize,
    ch: usize,
    co: usize,
    beta_hidden: f32,
    beta_output: f32,
    floats: Vec<f32>,
) -> Result<Net, String> {
    if !(beta_hidden > 0.0
        && beta_output > 0.0
        && beta_hidden.is_finite()
        && beta_output.is_finite())
    {
        return Err(format!(
            "its {what} net's betas are {beta_hidden} and {beta_output}"
        ));
    }
    if let Some(i) = floats.iter().position(|x| !x.is_finite()) {
        return Err(format!(
            "its {what} net's number {} is {}",
            i + 1,
            floats[i]
        ));
    }
    let (hw, rest) = floats.split_at(ci * ch);
    let (ow, rest) = rest.split_at(ch * co);
    let (ht, ot) = rest.split_at(ch);
    Ok(Net {
        inputs: ci,
        hidden: ch,
        outputs: co,
        beta_hidden,
        beta_output,
        hidden_weights: hw.to_vec(),
        output_weights: ow.to_vec(),
        hidden_thresholds: ht.to_vec(),
        output_thresholds: ot.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in weights written in gnubg's text format.
    fn as_text(w: &GnubgWeights) -> String {
        let mut s = String::from("GNU Backgammon 1.00\n");
        for n in [
            &w.contact,
            &w.race,
            &w.crashed,
            &w.prune_contact,
            &w.prune_crashed,
            &w.prune_race,
        ] {
            s += &format!(
                "{} {} {} 1 {:?} {:?}\n",
                n.inputs, n.hidden, n.outputs, n.beta_hidden, n.beta_output
            );
            for x in n
                .hidden_weights
                .iter()
                .chain(&n.output_weights)
                .chain(&n.hidden_thresholds)
                .chain(&n.output_thresholds)
            {
                s += &format!("{x:?}\n");
            }
        }
        s
    }

    #[test]
    fn the_built_in_weights_are_gnubgs_six_nets() {
        let w = GnubgWeights::built_in();
        assert_eq!((w.contact.inputs, w.contact.hidden), (250, 128));
        assert_eq!((w.race.inputs, w.race.hidden), (214, 128));
        assert_eq!((w.crashed.inputs, w.crashed.hidden), (250, 128));
        assert_eq!((w.prune_contact.inputs, w.prune_contact.hidden), (200, 16));
        assert_eq!((w.prune_race.inputs, w.prune_race.hidden), (200, 8));
        assert_eq!(w.contact.beta_hidden, 0.1);
        assert_eq!(BUILT_IN.len(), 408_016);
    }

    #[test]
    fn the_text_format_reads_the_same_nets() {
        let w = GnubgWeights::built_in();
        let back = GnubgWeights::from_text(&as_text(&w), "t").unwrap();
        assert_eq!(back.contact, w.contact);
        assert_eq!(back.prune_race, w.prune_race);
    }

    #[test]
    fn bad_binary_files_are_refused_with_a_reason() {
        let bad = |bytes: &[u8]| {
            GnubgWeights::from_binary(bytes, "x.wd")
                .unwrap_err()
                .to_string()
        };
        assert!(
            bad(&[0u8; 8]).contains("not the magic 472.3782"),
            "{}",
            bad(&[0u8; 8])
        );
        let mut v = BUILT_IN.to_vec();
        v[4..8].copy_from_slice(&2.0f32.to_le_bytes());
        assert!(bad(&v).contains("version is 2.00"));
        assert!(bad(&BUILT_IN[..1000]).contains("ends at byte 1000 in contact"));
        let mut v = BUILT_IN.to_vec();
        v.push(0);
        assert!(bad(&v).contains("1 bytes follow"));
        let mut v = BUILT_IN.to_vec();
        v[8..12].copy_from_slice(&251i32.to_le_bytes());
        assert!(bad(&v).contains("contact net has 251 inputs"));
        let mut v = BUILT_IN.to_vec();
        v[100..104].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(bad(&v).contains("is NaN"));
        assert!(bad(&v).starts_with("x.wd is not gnubg 1.07's weights"));
    }

    #[test]
    fn bad_text_files_are_refused_with_a_reason() {
        let bad = |t: &str| GnubgWeights::from_text(t, "x").unwrap_err().to_string();
        assert!(bad("hello").contains("does not start with"));
        assert!(bad("GNU Backgammon 0.9").contains("version is \"0.9\""));
        assert!(bad("GNU Backgammon 1.00\n250 128 5 1 0.1").contains("ends in the contact"));
        let text = as_text(&GnubgWeights::built_in()).replacen("\n0.", "\nzero", 1);
        assert!(bad(&text).contains("\"zero"), "{}", bad(&text));
    }

    #[test]
    fn a_missing_file_names_every_path_tried() {
        let e = WeightsError::NotFound {
            tried: vec![
                PathBuf::from("/a/gnubg.wd"),
                PathBuf::from("/b/gnubg.weights"),
            ],
        };
        let s = e.to_string();
        assert!(s.contains("/a/gnubg.wd, /b/gnubg.weights"), "{s}");
        assert!(s.contains("--gnubg-weights"));
        let paths = candidate_paths();
        assert!(paths.contains(&PathBuf::from("/usr/lib/gnubg/gnubg.wd")));
        assert!(paths.contains(&PathBuf::from("/usr/local/share/gnubg/gnubg.weights")));
        let missing = GnubgWeights::read(Path::new("/nonexistent/gnubg.wd")).unwrap_err();
        assert!(missing.to_string().contains("/nonexistent/gnubg.wd"));
    }
}
