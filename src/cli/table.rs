//! `url-inspector table [FILE|-]`: one row per input line under the chosen
//! resolvers, streamed to stdout as CSV, TSV or JSON Lines, in input order
//! and in bounded memory, computed on all cores (the [`table`](crate::table)
//! library does the work; this file is options, progress and exit codes).
//!
//! With stderr on a terminal a progress bar runs while rows are computed and
//! the summary follows; with stderr redirected only the data is printed (and
//! errors, should any stop the run). Lines that cannot be read are error
//! rows and never stop the run; an unknown resolver, format or encoding
//! label is a usage error (exit 2), as is a CSV header without the input
//! column.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, ErrorKind, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{EXIT_USAGE, complain};
use crate::engine::QueryEncoding;
use crate::resolvers::Resolver;
use crate::resolvers::hosts::Verdict;
use crate::resolvers::pair::Stack;
use crate::table::{
    Control, Grouped, Grouping, InputFormat, OutputFormat, ReadError, ReadOptions, Row, RunError,
    RunOptions, Summary, write_grouped, write_table,
};

/// The arguments of `table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The file to read; `-` or nothing reads stdin.
    #[arg(value_name = "FILE|-")]
    pub file: Option<PathBuf>,
    /// The base URL of lines that give none.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The query encoding of lines that give none, a WHATWG label such as shift_jis (default: utf-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The resolvers, one column each, separated by commas; `all` for every
    /// one (default: this, or with a pair only the pair's two).
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        ignore_case = true,
        value_parser = resolver_parser()
    )]
    pub resolvers: Vec<Resolvers>,
    /// How to read the input (default: detected from the first line).
    #[arg(long, value_name = "FORMAT", ignore_case = true, value_parser = input_format_parser())]
    pub input_format: Option<InputFormat>,
    /// How to write the rows.
    #[arg(
        long,
        value_name = "FORMAT",
        ignore_case = true,
        default_value = "csv",
        value_parser = output_format_parser()
    )]
    pub format: OutputFormat,
    /// CSV input: the column holding the URL, by header name or number from 1
    /// (default: the column named input, url or href).
    #[arg(long, value_name = "NAME|N")]
    pub input_column: Option<String>,
    /// CSV input: the column holding the base, by header name or number from 1
    /// (default: the column named base, if any).
    #[arg(long, value_name = "NAME|N")]
    pub base_column: Option<String>,
    /// Write only rows that some resolver finds invalid, and unreadable lines.
    #[arg(long)]
    pub only_invalid: bool,
    /// Write only rows on which two of the resolvers disagree (needs two or more).
    #[arg(long)]
    pub only_disagreeing: bool,
    /// The parser the application checks URLs with (with --fetch): adds
    /// the `pair` column, the verdict of the check and the fetch.
    #[arg(long, value_name = "RESOLVER", requires = "fetch", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub check: Option<Resolver>,
    /// The parser the application fetches URLs with (with --check).
    #[arg(long, value_name = "RESOLVER", requires = "check", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub fetch: Option<Resolver>,
    /// A known stack's pair, by name (see `compare --help`).
    #[arg(long, value_name = "STACK", conflicts_with_all = ["check", "fetch"],
          ignore_case = true, value_parser = super::stack_parser())]
    pub stack: Option<Stack>,
    /// Write only the rows that get through the pair: both parsers accept
    /// the URL and the fetch goes to another host than the check saw
    /// (needs --check and --fetch, or --stack).
    #[arg(long)]
    pub only_through: bool,
    /// Group the rows by this resolver's canonical form (deduping): largest
    /// group first, each group's rows in input order, led by a `group` and
    /// a `group_size` column; rows it refuses come last, in no group. The
    /// resolver is added to the columns if not among them.
    #[arg(long, value_name = "RESOLVER", ignore_case = true,
          value_parser = super::resolver_parser())]
    pub group_by: Option<Resolver>,
    /// Threads computing rows (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// One `--resolvers` item: a resolver, or `all` of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolvers {
    One(Resolver),
    All,
}

impl Resolvers {
    /// The resolvers `items` name, in order, each once (`all` is
    /// [`Resolver::ALL`]).
    pub fn expand(items: &[Resolvers]) -> Vec<Resolver> {
        let mut resolvers: Vec<Resolver> = Vec::new();
        for item in items {
            let add: &[Resolver] = match item {
                Resolvers::One(r) => std::slice::from_ref(r),
                Resolvers::All => &Resolver::ALL,
            };
            for r in add {
                if !resolvers.contains(r) {
                    resolvers.push(*r);
                }
            }
        }
        resolvers
    }
}

/// The resolver names (and `all`), listed in help and in errors.
pub fn resolver_parser() -> impl TypedValueParser<Value = Resolvers> {
    let names: Vec<&str> = Resolver::EVERY
        .iter()
        .map(|r| r.name())
        .chain(["all"])
        .collect();
    PossibleValuesParser::new(names).try_map(|name| {
        if name.eq_ignore_ascii_case("all") {
            return Ok(Resolvers::All);
        }
        Resolver::from_name(&name)
            .map(Resolvers::One)
            .ok_or_else(|| format!("unknown resolver {name:?}"))
    })
}

fn input_format_parser() -> impl TypedValueParser<Value = InputFormat> {
    PossibleValuesParser::new(InputFormat::ALL.map(InputFormat::name)).try_map(|name| {
        InputFormat::from_name(&name).ok_or_else(|| format!("unknown input format {name:?}"))
    })
}

fn output_format_parser() -> impl TypedValueParser<Value = OutputFormat> {
    PossibleValuesParser::new(OutputFormat::ALL.map(OutputFormat::name)).try_map(|name| {
        OutputFormat::from_name(&name).ok_or_else(|| format!("unknown format {name:?}"))
    })
}

/// Runs `table`; returns the exit code: 0 whatever the rows hold, 1 when
/// the input cannot be read or the output cannot be written, 2 for a usage
/// error.
pub fn run(args: &TableArgs) -> i32 {
    let options = match run_options(args) {
        Ok(options) => options,
        Err(message) => {
            complain(&message);
            return EXIT_USAGE;
        }
    };
    let (source, size) = match open(args.file.as_ref()) {
        Ok(opened) => opened,
        Err(message) => {
            complain(&message);
            return 1;
        }
    };
    let progress = io::stderr().is_terminal().then(|| Progress::new(size));
    let control = Control::default();
    let result = write_rows(source, args, &options, &control, progress.as_ref());
    if let Some(p) = &progress {
        p.bar.finish_and_clear();
    }
    match result {
        Ok(summary) => {
            if progress.is_some() {
                let _ = write!(io::stderr().lock(), "{summary}");
            }
            0
        }
        // Whoever read our output has gone; nothing more to say.
        Err(RunError::Sink(e)) if e.kind() == ErrorKind::BrokenPipe => 0,
        Err(e @ RunError::Read(ReadError::Columns(_))) => {
            complain(&e.to_string());
            EXIT_USAGE
        }
        Err(e) => {
            complain(&e.to_string());
            1
        }
    }
}

/// Checks the options that clap cannot: the encoding label, the resolver
/// list, the filters.
fn run_options(args: &TableArgs) -> Result<RunOptions, String> {
    let encoding = match args.encoding.as_deref() {
        None => QueryEncoding::UTF8,
        Some(label) => {
            let enc = QueryEncoding::from_label(label);
            if enc.named.is_none() {
                return Err(format!(
                    "unknown encoding label {label:?}; expected a WHATWG label such as utf-8, shift_jis or latin1"
                ));
            }
            enc
        }
    };
    let mut resolvers = Resolvers::expand(&args.resolvers);
    let pair = super::pair_of(args.stack, args.check, args.fetch);
    if let Some(r) = args.group_by
        && !resolvers.contains(&r)
    {
        resolvers.push(r);
    }
    if resolvers.is_empty() && pair.is_none() {
        resolvers.push(Resolver::This);
    }
    if let Some(p) = pair {
        for r in [p.check, p.fetch] {
            if !resolvers.contains(&r) {
                resolvers.push(r);
            }
        }
    } else if args.only_through {
        return Err(
            "--only-through needs a pair: --check and --fetch, or --stack (e.g. --stack php)"
                .to_owned(),
        );
    }
    if args.only_disagreeing && resolvers.len() < 2 {
        return Err(
            "--only-disagreeing needs two or more resolvers (e.g. --resolvers this,whatwg)"
                .to_owned(),
        );
    }
    Ok(RunOptions {
        read: ReadOptions {
            format: args.input_format,
            base: args.base.clone(),
            encoding,
            input_column: args.input_column.clone(),
            base_column: args.base_column.clone(),
            ..ReadOptions::default()
        },
        resolvers,
        pair,
        threads: args.threads.map(usize::from),
    })
}

/// The grouping in a line: "grouped by surt: 61,234 groups of 100,000
/// rows (the largest, 812 rows: com,example)/); 12 rows in no group".
fn grouped_line(by: Resolver, g: &Grouped) -> String {
    let largest = g
        .largest_key
        .as_deref()
        .map(|k| format!(" (the largest, {} rows: {k})", g.largest))
        .unwrap_or_default();
    format!(
        "grouped by {by}: {} groups of {} rows{largest}; {} rows in no group",
        g.groups, g.rows, g.ungrouped
    )
}

/// The input, and its size when it is a file (for the progress bar).
fn open(file: Option<&PathBuf>) -> Result<(Box<dyn BufRead + Send>, Option<u64>), String> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let f = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            let size = f.metadata().ok().map(|m| m.len()).filter(|&n| n > 0);
            Ok((Box::new(BufReader::with_capacity(1 << 16, f)), size))
        }
        _ => Ok((
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            None,
        )),
    }
}

/// Runs the table, writing the rows that pass the filters to stdout.
fn write_rows(
    source: Box<dyn BufRead + Send>,
    args: &TableArgs,
    options: &RunOptions,
    control: &Control,
    progress: Option<&Progress>,
) -> Result<Summary, RunError> {
    let stdout = BufWriter::with_capacity(1 << 16, io::stdout());
    let pair = options
        .pair
        .and_then(|p| crate::table::write::pair_indexes(&options.resolvers, p));
    let through = AtomicU64::new(0);
    let keep = |row: &Row| {
        let gets_through = pair.is_some_and(|(check, fetch)| {
            row.pair_verdict(check, fetch) == Some(Verdict::Confusion)
        });
        if gets_through {
            through.fetch_add(1, Ordering::Relaxed);
        }
        (!args.only_invalid || row.any_invalid() || row.is_error())
            && (!args.only_disagreeing || row.disagrees())
            && (!args.only_through || gets_through)
    };
    let after_chunk = || {
        if let Some(p) = progress {
            p.update(control);
        }
    };
    if let Some(by) = args.group_by {
        let at = options.resolvers.iter().position(|&r| r == by).unwrap_or(0);
        let (summary, grouped, _) = write_grouped(
            source,
            options,
            control,
            Grouping {
                by: at,
                format: args.format,
            },
            &keep,
            stdout,
            after_chunk,
        )?;
        if progress.is_some() {
            let _ = writeln!(io::stderr().lock(), "{}", grouped_line(by, &grouped));
        }
        return Ok(summary);
    }
    let (summary, _) = write_table(
        source,
        options,
        control,
        args.format,
        &keep,
        stdout,
        after_chunk,
    )?;
    if let (Some(p), Some(_)) = (options.pair, progress) {
        let _ = writeln!(
            io::stderr().lock(),
            "pair {} → {}: {} rows get through",
            p.check,
            p.fetch,
            through.load(Ordering::Relaxed)
        );
    }
    Ok(summary)
}

/// The progress bar on stderr: a bar over the file's bytes, or a spinner
/// for a pipe; rows done and rows per second either way.
struct Progress {
    bar: ProgressBar,
    started: Instant,
}

impl Progress {
    fn new(size: Option<u64>) -> Progress {
        let (bar, template) = match size {
            Some(len) => (
                ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
                "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {msg}, {eta} left",
            ),
            None => (
                ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                "{spinner} [{elapsed_precise}] {msg}",
            ),
        };
        // The templates are constants; a bad one would only lose the styling.
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_message("starting");
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress {
            bar,
            started: Instant::now(),
        }
    }

    fn update(&self, control: &Control) {
        let rows = control.rows_done();
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        self.bar.set_position(control.bytes_read());
        self.bar
            .set_message(format!("{rows} rows, {:.0} rows/s", rows as f64 / secs));
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn parse(args: &[&str]) -> Result<TableArgs, clap::Error> {
        let argv = ["url-inspector", "table"].iter().chain(args);
        match Cli::try_parse_from(argv)?.command {
            Some(Command::Table(t)) => Ok(t),
            other => panic!("not the table command: {other:?}"),
        }
    }

    #[test]
    fn resolver_lists_expand_all_and_drop_repeats() {
        let args = parse(&["--resolvers", "whatwg,ALL,this"]).expect("valid");
        let options = run_options(&args).expect("valid");
        assert_eq!(options.resolvers[0], Resolver::Whatwg);
        assert_eq!(options.resolvers.len(), Resolver::ALL.len());
    }

    #[test]
    fn unknown_names_are_usage_errors() {
        let err = parse(&["--resolvers", "this,netscape"]).expect_err("unknown resolver");
        assert_eq!(err.exit_code(), EXIT_USAGE);
        assert!(err.to_string().contains("netscape"), "{err}");
        let args = parse(&["--encoding", "klingon"]).expect("clap accepts any label");
        assert!(run_options(&args).is_err_and(|m| m.contains("\"klingon\"")));
        let args = parse(&["--only-disagreeing"]).expect("clap accepts it");
        assert!(run_options(&args).is_err());
    }
}
