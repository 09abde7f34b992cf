//! `bgw archive add`: match files stored in the archive, and with `--review` every match not
//! yet reviewed at the depth asked reviewed on several gnubg processes — one match a
//! process, each process kept from match to match — each review stored in one transaction
//! as soon as it is whole, so that a run stopped at any point (Ctrl+C, SIGTERM, SIGKILL)
//! keeps every match it finished and the next `add` goes on with the rest.

use super::archive_db::{Db, failed, plies};
use super::match_review::{gnubg_processes, one_a_core};
use super::progress::Progress;
use super::rank::load_weights;
use super::{CliError, eprint, interrupt, print, shown};
use bgw_engine::archive::{
    Added, Archive, EngineName, MatchFile, Shard, UnreviewedMatch, digest, match_files_under,
};
use bgw_engine::core::task::Task;
use bgw_engine::matches::Match;
use bgw_engine::reference::ReferenceEngine;
use bgw_engine::reference::gnubg;
use bgw_engine::review::{Coverage, MatchLuck, ReviewOptions, Reviewed, review, summarize};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Instant;

/// Arguments of `bgw archive add`.
#[derive(clap::Args)]
pub struct AddArgs {
    #[command(flatten)]
    db: Db,
    /// Match files, or folders searched recursively for .mat, .txt and .sgf files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Review every match of the archive not yet reviewed at --plies.
    #[arg(long)]
    review: bool,
    #[command(flatten)]
    run: RunArgs,
}

/// Arguments of `bgw archive review`.
#[derive(clap::Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    db: Db,
    #[command(flatten)]
    run: RunArgs,
}

/// What `archive add` and `archive review` share: the review's depth, engines and judge, the
/// shard and the progress.
#[derive(clap::Args)]
struct RunArgs {
    /// gnubg's depth of the review (with `add`, for --review): 0, 1 or 2 plies (2, gnubg's own
    /// default for analysis).
    #[arg(long, value_name = "N", default_value = "2")]
    plies: String,
    /// Engines at once for the review, 1 to 16 (default: one a core): each reviews a match at
    /// a time.
    #[arg(long)]
    jobs: Option<usize>,
    /// Only the matches of shard K of N (by their content's SHA-256; K from 0): N runs, one a
    /// shard, store and review every match once between them.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true)]
    shard: Option<String>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

impl RunArgs {
    /// The depth, the engines at once and the shard, read or refused (exit 2).
    fn read(&self) -> Result<(u8, usize, Option<Shard>), CliError> {
        let depth = plies(Some(&self.plies))?.unwrap_or(2);
        let jobs = gnubg_processes("--jobs", self.jobs, one_a_core())?;
        Ok((depth, jobs, shard(self.shard.as_deref())?))
    }
}

/// `--shard K/N` read, or refused (exit 2).
fn shard(text: Option<&str>) -> Result<Option<Shard>, CliError> {
    text.map(|t| Shard::parse(t).map_err(|why| CliError::usage(format!("--shard: {why}"))))
        .transpose()
}

/// Runs `bgw archive review`: every stored match (of the shard) without a review at the
/// depth asked reviewed, each stored as soon as it is whole.
pub fn run_review(args: ReviewArgs) -> Result<ExitCode, CliError> {
    let (depth, jobs, shard) = args.run.read()?;
    let mut archive = args.db.open()?;
    let task = interrupt::task();
    let outcome = review_all(
        &mut archive,
        depth,
        jobs,
        shard,
        &args.run.reference.judge(&task)?,
        &task,
        args.run.quiet,
    )?;
    let summary = outcome.line(depth, shard);
    if interrupt::interrupted() {
        eprint(&format!("bgw: {summary}"));
        return Err(CliError::interrupted(
            "interrupted: every match reviewed so far is kept",
        ));
    }
    print(&summary)?;
    Ok(if outcome.failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// How many files are read and parsed at once before they are stored.
const BATCH: usize = 256;

/// Runs `bgw archive add`.
pub fn run(args: AddArgs) -> Result<ExitCode, CliError> {
    let (depth, jobs, shard) = args.run.read()?;
    let mut archive = args.db.open()?;
    let task = interrupt::task();
    let failures = std::cell::Cell::new(0usize);
    let mut report_failure = |path: &Path, why: &str| {
        failures.set(failures.get() + 1);
        eprint(&format!("bgw: {}: {why}\n", shown(path)));
    };
    let mut files = Vec::new();
    for path in &args.paths {
        match_files_under(path, &mut files, &mut report_failure);
    }
    let listed = files.len() + failures.get();
    let stored = store_files(
        &mut archive,
        &files,
        shard,
        &task,
        args.run.quiet,
        &mut report_failure,
    )?;
    let (added, copies, known) = (stored.added, stored.copies, stored.known);
    let mut failures = failures.get();
    // Only what happened (issue 49): no "0 already stored", "0 not read" or "0 failed".
    let mut summary = format!(
        "{listed} file{}: {added} added",
        if listed == 1 { "" } else { "s" }
    );
    if known > 0 {
        summary.push_str(&format!(", {known} already stored"));
    }
    if failures > 0 {
        summary.push_str(&format!(", {failures} not read"));
    }
    if let Some(shard) = shard {
        summary.push_str(&format!(
            ", {} of other shards than {shard}",
            stored.elsewhere
        ));
    }
    summary.push('\n');
    if copies > 0 {
        summary.push_str(&format!(
            "{copies} of the files added hold a match stored already (the same players, dice \
             and moves): kept with it, the match counted once\n"
        ));
    }
    if args.review {
        let outcome = review_all(
            &mut archive,
            depth,
            jobs,
            shard,
            &args.run.reference.judge(&task)?,
            &task,
            args.run.quiet,
        )?;
        failures += outcome.failed;
        summary.push_str(&outcome.line(depth, None));
    }
    if interrupt::interrupted() {
        eprint(&format!("bgw: {summary}"));
        return Err(CliError::interrupted(
            "interrupted: every match stored or reviewed so far is kept",
        ));
    }
    print(&summary)?;
    Ok(if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A file read and parsed (`None`: its bytes are stored already, or its match is another
/// shard's), or why not (`None`: the file is another shard's).
type Read = Result<(MatchFile, Option<Match>), Option<String>>;

/// What storing the files did.
struct Stored {
    /// Files added.
    added: usize,
    /// Of those, files whose match was stored already.
    copies: usize,
    /// Files whose bytes were stored already.
    known: usize,
    /// Files left to another shard.
    elsewhere: usize,
}

/// Stores every file of `files` not stored yet (of `shard`, when given: a file whose match's
/// digest, or when it is no match file its bytes' SHA-256, falls in it), read and parsed in
/// parallel a batch at a time, each stored in a transaction of its own.
fn store_files(
    archive: &mut Archive,
    files: &[PathBuf],
    shard: Option<Shard>,
    task: &Task,
    quiet: bool,
    failure: &mut dyn FnMut(&Path, &str),
) -> Result<Stored, CliError> {
    let reading = task.subtask();
    reading.begin(Some(files.len() as u64));
    let _bar = Progress::new("store (files)", &reading, quiet);
    let (mut added, mut copies, mut known, mut elsewhere) = (0, 0, 0, 0);
    let stored = archive.stored_sha256().map_err(failed)?;
    let ours = |hash: &str| shard.is_none_or(|s| s.holds(hash));
    for batch in files.chunks(BATCH) {
        if interrupt::interrupted() {
            break;
        }
        // Read and parse in parallel; a file whose bytes are stored already is not parsed.
        let parsed: Vec<Read> = batch
            .par_iter()
            .map(|p| {
                let file = MatchFile::read(p).map_err(|e| Some(format!("cannot read: {e}")))?;
                if stored.contains(&file.sha256) {
                    return Ok((file, None));
                }
                let m = match file.parse() {
                    Ok(m) => m,
                    // Said by the one shard its bytes fall in.
                    Err(e) => return Err(ours(&file.sha256).then(|| e.to_string())),
                };
                if !ours(&digest(&m)) {
                    return Err(None);
                }
                Ok((file, Some(m)))
            })
            .collect();
        for (path, r) in batch.iter().zip(parsed) {
            reading.advance(1);
            match r {
                Ok((_, None)) => known += 1,
                Ok((file, Some(m))) => match archive.add_match(&file, &m).map_err(failed)? {
                    Added::New(_) => added += 1,
                    Added::Copy(_) => {
                        added += 1;
                        copies += 1;
                    }
                    Added::Known(_) => known += 1,
                },
                Err(Some(why)) => failure(path, &why),
                Err(None) => elsewhere += 1,
            }
        }
    }
    Ok(Stored {
        added,
        copies,
        known,
        elsewhere,
    })
}

/// What the review of the archive's matches did.
struct Outcome {
    reviewed: usize,
    failed: usize,
    decisions: u64,
    seconds: f64,
}

impl Outcome {
    /// The line that says it: `5 matches reviewed at 0 plies in 6.6 s (1957 decisions)`.
    fn line(&self, depth: u8, shard: Option<Shard>) -> String {
        let mut line = format!(
            "{} match{} {}reviewed at {} in {:.1} s ({} decisions)",
            self.reviewed,
            if self.reviewed == 1 { "" } else { "es" },
            shard.map(|s| format!("of shard {s} ")).unwrap_or_default(),
            match depth {
                1 => "1 ply".to_string(),
                d => format!("{d} plies"),
            },
            self.seconds,
            self.decisions
        );
        if self.failed > 0 {
            line.push_str(&format!(", {} failed", self.failed));
        }
        line.push('\n');
        line
    }
}

/// One match's review, from a worker: which of the work it is, its verdicts, gnubg's luck,
/// the engine.
struct Done {
    work: usize,
    reviewed: Vec<Reviewed>,
    luck: Result<MatchLuck, String>,
    engine: Result<EngineName, String>,
}

/// Reviews every match of the archive (of `shard`, when given) with no review at `plies` on
/// `jobs` engines of `judge` (gnubg processes, or its nets in bgw; one match an engine at a
/// time), storing each as it comes.
fn review_all(
    archive: &mut Archive,
    plies: u8,
    jobs: usize,
    shard: Option<Shard>,
    judge: &bgw_engine::reference::Judge,
    task: &Task,
    quiet: bool,
) -> Result<Outcome, CliError> {
    let started = Instant::now();
    let mut outcome = Outcome {
        reviewed: 0,
        failed: 0,
        decisions: 0,
        seconds: 0.0,
    };
    let work = to_review(archive, plies, shard, &mut outcome)?;
    if work.is_empty() || interrupt::interrupted() {
        return Ok(outcome);
    }
    let total: u64 = work.iter().map(|(u, _)| u.decisions).sum();
    let bar_task = task.subtask();
    bar_task.begin(Some(total));
    let matches = work.len();
    bar_task.set_phase(format!("0/{matches} matches"));
    let mut bar = Progress::new("review (decisions)", &bar_task, quiet);
    let options = ReviewOptions {
        plies,
        weights: load_weights(None)?,
        threads: 1,
    };
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Done>();
    let store_error = std::thread::scope(|s| -> Result<(), CliError> {
        for _ in 0..jobs.min(matches) {
            let tx = tx.clone();
            let (work, next, options, bar_task) = (&work, &next, &options, &bar_task);
            s.spawn(move || review_worker(work, next, options, judge, task, bar_task, &tx));
        }
        drop(tx);
        for done in rx {
            if interrupt::interrupted() {
                continue;
            }
            store(archive, plies, &work[done.work], &done, &mut outcome).inspect_err(|_| {
                // The archive cannot be written: nothing more can be kept.
                task.cancel();
            })?;
            let seconds = started.elapsed().as_secs_f64();
            let done_decisions = bar_task.snapshot().done;
            bar_task.set_phase(format!(
                "{}/{matches} matches, {:.0} decisions/s",
                outcome.reviewed + outcome.failed,
                done_decisions as f64 / seconds.max(1e-9)
            ));
        }
        Ok(())
    });
    bar.finish();
    store_error?;
    outcome.seconds = started.elapsed().as_secs_f64();
    Ok(outcome)
}

/// The matches to review, read: those of the archive (of `shard`) with no review at `plies`
/// that gnubg can review, the longest first (a long match started last would keep one job
/// busy alone at the end). Each one that cannot be read or reviewed is said, and counted as
/// failed in `outcome` when it cannot be read.
fn to_review(
    archive: &Archive,
    plies: u8,
    shard: Option<Shard>,
    outcome: &mut Outcome,
) -> Result<Vec<(UnreviewedMatch, Match)>, CliError> {
    let mut work = Vec::new();
    for u in archive.unreviewed(plies).map_err(failed)? {
        if shard.is_some_and(|s| !s.holds(&u.content)) {
            continue;
        }
        if let Some(why) = gnubg::too_long(u.length) {
            eprint(&format!(
                "bgw: {}: not reviewed: gnubg cannot review {why}\n",
                shown(Path::new(&u.path))
            ));
            continue;
        }
        match archive.read_match(u.key) {
            Ok(m) => work.push((u, m)),
            Err(e) => {
                outcome.failed += 1;
                eprint(&format!("bgw: {}: {e}\n", shown(Path::new(&u.path))));
            }
        }
    }
    work.sort_by_key(|(u, _)| std::cmp::Reverse(u.decisions));
    Ok(work)
}

/// One job: an engine of `judge` kept from match to match, reviewing the next match of
/// `work` not taken yet (`next`) and sending each review on `tx`, until none is left or the
/// task is stopped.
fn review_worker(
    work: &[(UnreviewedMatch, Match)],
    next: &AtomicUsize,
    options: &ReviewOptions,
    judge: &bgw_engine::reference::Judge,
    task: &Task,
    bar_task: &Task,
    tx: &mpsc::Sender<Done>,
) {
    let mut gnubg = judge.engine();
    let engine = gnubg
        .info()
        .map(|i| EngineName {
            name: i.name,
            version: i.version,
        })
        .map_err(|e| e.to_string());
    loop {
        if task.is_cancelled() {
            return;
        }
        let k = next.fetch_add(1, Ordering::Relaxed);
        let Some((_, m)) = work.get(k) else { return };
        let reviewed = {
            // This worker's gnubg lent to the review (a second engine, should the review ask
            // for one, is a gnubg of its own).
            let lent = Mutex::new(Some(&mut gnubg));
            let make = || -> Box<dyn ReferenceEngine + '_> {
                let mine = lent
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .take();
                match mine {
                    Some(g) => Box::new(g),
                    None => judge.engine(),
                }
            };
            review(m, options, &make, &task.subtask(), &mut |_| {
                bar_task.advance(1)
            })
        };
        if task.is_cancelled() {
            return;
        }
        let luck = MatchLuck::of(m, &mut gnubg);
        let done = Done {
            work: k,
            reviewed,
            luck,
            engine: engine.clone(),
        };
        if tx.send(done).is_err() {
            return;
        }
    }
}

/// Stores one match's review when it is whole (every decision judged), in one transaction,
/// counting it in `outcome`; says why not otherwise. Fails only when the archive cannot be
/// written.
fn store(
    archive: &mut Archive,
    plies: u8,
    (u, m): &(UnreviewedMatch, Match),
    done: &Done,
    outcome: &mut Outcome,
) -> Result<(), CliError> {
    let path = shown(Path::new(&u.path));
    let decisions = u.decisions as usize;
    let coverage = Coverage::of(&done.reviewed);
    let whole = done.reviewed.len() == decisions && coverage.not_judged == 0;
    match (&done.engine, whole) {
        (Ok(engine), true) => {
            if let Err(why) = &done.luck {
                eprint(&format!("bgw: {path}: no luck figures: {why}\n"));
            }
            let luck = done.luck.as_ref().ok();
            let summary = summarize(m, &done.reviewed, luck);
            archive
                .store_review(u.key, plies, engine, &done.reviewed, luck, &summary)
                .map_err(failed)?;
            outcome.reviewed += 1;
            outcome.decisions += decisions as u64;
        }
        (Err(why), _) => {
            outcome.failed += 1;
            eprint(&format!("bgw: {path}: not reviewed: gnubg: {why}\n"));
        }
        (Ok(_), false) => {
            outcome.failed += 1;
            let line = coverage.not_judged_line().unwrap_or_else(|| {
                format!("{} of {decisions} decisions judged", done.reviewed.len())
            });
            eprint(&format!("bgw: {path}: not reviewed: {line}\n"));
        }
    }
    Ok(())
}
