//! The command line: argument parsing (clap derive) and dispatch.
//!
//! ```text
//! url-inspector [INPUT] [--base URL] [--encoding LABEL] [--mode MODE]   the window
//! url-inspector gui canon|compare INPUT [--base URL] [--encoding LABEL] [--mode MODE]
//!                                                                       the window on that case
//! url-inspector batch                                                   JSON Lines in, JSON Lines out
//! url-inspector canon INPUT [--base URL] [--encoding LABEL] [--mode MODE] [--json] [--trace [--format text|markdown]]
//! url-inspector compare INPUT [--base URL] [--encoding LABEL] [--json]
//! url-inspector same A B [--base URL] [--resolvers NAMES] [--json]   the same URL?
//! url-inspector set INPUT [--base URL] [--hostname H] [--search S] ... [--append-param K=V] [--json] [--trace]
//! url-inspector table [FILE|-] [--resolvers NAMES] [--format csv|tsv|jsonl] ...   one row per line
//! ```
//!
//! One file per concern: [`batch`] serves JSON Lines, [`canon`] is the one-shot
//! command, [`set`] applies the URL API's setters in order, the library's
//! [`json`](crate::resolvers::json) holds the request and response shapes they share, and
//! the library's [`report`](crate::engine::report) writes a trace for
//! people (text or Markdown).
//!
//! Exit codes: 0 success, 1 the URL is invalid (`canon`) or an I/O error,
//! 2 a usage error.

pub mod batch;
pub mod canon;
pub mod compare;
pub mod confuse;
pub mod same;
pub mod set;
pub mod table;

use std::io::Write;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::engine::QueryEncoding;
use crate::engine::canon_forms::surt::SurtOptions;
use crate::engine::report::Format;
use crate::resolvers::Resolver;
use crate::resolvers::canon_forms::FormOptions;
use crate::resolvers::pair::{Pair, Stack};

/// Exit code for a usage error, as clap uses.
pub const EXIT_USAGE: i32 = 2;

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "url-inspector",
    version,
    about = "Shows how a URL is parsed, resolved and canonicalized, step by step.",
    long_about = "Shows how a URL is parsed, resolved and canonicalized, step by step.\n\n\
                  With no subcommand, opens the window (pre-filled with INPUT and the options, if given).",
    // An input is either the window's pre-fill or a subcommand name, never both.
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub window: WindowArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read JSON Lines requests on stdin; answer each with one JSON line on stdout.
    #[command(long_about = batch_help())]
    Batch,
    /// Print the canonical form of one URL.
    ///
    /// Exits 0 and prints the URL when it is valid; exits 1 and says on stderr
    /// which step made it invalid and why.
    Canon(CanonArgs),
    /// Show one input under every resolver, side by side, and whether they would connect to the same host.
    #[command(long_about = compare_help())]
    Compare(compare::CompareArgs),
    /// Find the URLs that pass an allow-list checked with one parser and
    /// reach a target host through the parser that fetches them.
    ///
    /// Tries every known payload family for the allowed host and the target,
    /// then a seeded search around the places where the two parsers take
    /// their hosts, within --max. Each result is proven on the traced models
    /// (and with --live confirmed by the real libraries). Exits 0 when
    /// something gets through, 1 when nothing does.
    Confuse(Box<confuse::ConfuseArgs>),
    /// Parse INPUT as the URL Standard does, apply URL API setters and
    /// searchParams operations in the order given, and print the href.
    ///
    /// A value a setter refuses leaves the URL unchanged; why is said on stderr
    /// (or in the JSON's notes). Exits 1 when INPUT itself does not parse.
    Set(Box<set::SetArgs>),
    /// Whether two URLs come out the same under each resolver: the step of
    /// each trace where they became equal, or the first component that
    /// differs.
    ///
    /// Exits 0 when every resolver asked says the same, 1 when one does not.
    Same(Box<same::SameArgs>),
    /// One row per input line under the chosen resolvers, as CSV, TSV or JSON Lines.
    ///
    /// Reads one URL per line, URL<TAB>BASE, CSV with a header, or JSON Lines of
    /// batch requests (detected unless --input-format is given). Rows come out in
    /// input order, in bounded memory, computed on all cores; an unreadable line is
    /// an error row. On a terminal, stderr shows progress and then a summary.
    Table(table::TableArgs),
    /// Open the window on the case a `canon` or `compare` command line asks:
    /// `url-inspector gui canon INPUT --base B --mode M --encoding E` opens the
    /// Inspector, `gui compare …` the Compare view. The window's "Copy as
    /// command" writes such a line (without `gui`).
    Gui {
        #[command(subcommand)]
        case: GuiCase,
    },
}

/// The case the window opens on, named as the command line names it.
#[derive(Debug, Subcommand)]
pub enum GuiCase {
    /// The Inspector, on INPUT as `canon` would ask it.
    Canon(CaseArgs),
    /// The Compare view, on INPUT as `compare` would ask it.
    Compare(CaseArgs),
}

/// The inputs of one case.
#[derive(Debug, Args)]
pub struct CaseArgs {
    /// The URL or relative reference (put `--` before one that starts with '-').
    #[arg(value_name = "INPUT")]
    pub input: String,
    #[command(flatten)]
    pub url: UrlArgs,
}

/// The options every way of running the engine shares.
#[derive(Debug, Args)]
pub struct UrlArgs {
    /// The base URL to resolve INPUT against (default: INPUT itself).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The encoding of the query, a WHATWG label such as shift_jis (default: utf-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Whose rules to follow (default: this).
    #[arg(long, value_name = "MODE", ignore_case = true, value_parser = mode_parser(), long_help = mode_help())]
    pub mode: Option<Resolver>,
}

/// The switches of the canonical forms that have any.
#[derive(Clone, Debug, Default, Args)]
pub struct FormArgs {
    /// surt's switches, as surt.surt() takes them: a comma-separated list of
    /// with_scheme, trailing_comma, host_massage, reverse_ipaddr, each
    /// optionally `=false` (default: surt()'s own, host_massage and
    /// reverse_ipaddr on).
    #[arg(long, value_name = "LIST", value_parser = surt_options_parser)]
    pub surt_options: Option<SurtOptions>,
    /// w3lib: keep the fragment (canonicalize_url(url, keep_fragments=True)).
    #[arg(long)]
    pub keep_fragments: bool,
}

impl FormArgs {
    /// The switches as a request carries them.
    pub fn options(&self) -> FormOptions {
        FormOptions {
            surt: self.surt_options.unwrap_or_default(),
            keep_fragments: self.keep_fragments,
        }
    }
}

/// Reads `--surt-options`.
fn surt_options_parser(text: &str) -> Result<SurtOptions, String> {
    SurtOptions::parse(text)
}

/// The arguments of the window, given with no subcommand.
#[derive(Debug, Args)]
pub struct WindowArgs {
    /// The URL or relative reference to open the window with.
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,
    #[command(flatten)]
    pub url: UrlArgs,
    /// Open the Batch view, reading FILE's URLs if one is given (what the
    /// desktop entry runs, with or without a file).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "")]
    pub batch: Option<String>,
}

/// The arguments of `canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    /// The URL or relative reference to canonicalize (put `--` before one that starts with '-').
    #[arg(value_name = "INPUT")]
    pub input: String,
    #[command(flatten)]
    pub url: UrlArgs,
    #[command(flatten)]
    pub forms: FormArgs,
    /// Print the result as the JSON object `batch` writes.
    #[arg(long)]
    pub json: bool,
    /// Print every step taken, grouped by stage, before the result.
    #[arg(long)]
    pub trace: bool,
    /// How --trace writes the steps: `text` (the default), or `markdown`, a
    /// whole document with a table per stage and the result, for handouts
    /// and bug reports.
    #[arg(
        long,
        value_name = "FORMAT",
        requires = "trace",
        conflicts_with = "json",
        ignore_case = true,
        value_parser = format_parser()
    )]
    pub format: Option<Format>,
}

/// A parser for `--format` that lists the format names in help and errors.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::name)).try_map(|name| {
        // PossibleValuesParser has already checked the name.
        Format::from_name(&name).ok_or_else(|| format!("unknown format {name:?}"))
    })
}

/// `--mode`'s long help: every resolver, by group, from the one table.
fn mode_help() -> String {
    format!(
        "Whose rules to follow (default: this): {}.",
        crate::resolvers::names_by_group()
    )
}

/// `compare`'s long help, naming every resolver from the one table.
fn compare_help() -> String {
    format!(
        "Show one input under every resolver, side by side: {}. Then say whether they would \
         connect to the same host, and with --check and --fetch (or --stack) whether the \
         parser that checks a URL and the one that fetches it read the same host.",
        crate::resolvers::names_by_group()
    )
}

/// `batch`'s long help: the request's shape, with every mode by name.
fn batch_help() -> String {
    let modes: Vec<String> = Resolver::EVERY
        .iter()
        .map(|r| format!("\"{}\"", r.name()))
        .collect();
    format!(
        "Read JSON Lines requests on stdin; answer each with one JSON line on stdout.\n\n\
         Each line is an object: {{\"input\": STRING, \"base\": STRING|null, \"encoding\": \
         STRING|null, \"mode\": {}, \"stage\": \"parse\"|\"resolve\"|\"canonicalize\", \
         \"trace\": BOOL, \"set\": {{\"hostname\": STRING, \"search\": STRING, ...}}}}; only \
         \"input\" is required. \"set\" applies URL API setters (href, protocol, username, \
         password, host, hostname, port, pathname, search, hash) in the order written, after \
         parsing with \"mode\": \"whatwg\" (the default then; another mode is an error). Each \
         answer is written and flushed before the next line is read. A malformed line is \
         answered with {{\"error\": \"...\"}}.",
        modes.join("|")
    )
}

/// A parser for a resolver's name (`--check`, `--fetch`), listing the
/// names in help and errors.
fn resolver_parser() -> impl TypedValueParser<Value = Resolver> {
    PossibleValuesParser::new(Resolver::EVERY.map(Resolver::name)).try_map(|name| {
        Resolver::from_name(&name).ok_or_else(|| format!("unknown resolver {name:?}"))
    })
}

/// The pair that `--stack`, or `--check` with `--fetch`, names (a stack
/// wins; clap keeps the two forms apart).
fn pair_of(stack: Option<Stack>, check: Option<Resolver>, fetch: Option<Resolver>) -> Option<Pair> {
    match (stack, check, fetch) {
        (Some(stack), _, _) => Some(stack.pair()),
        (None, Some(check), Some(fetch)) => Some(Pair { check, fetch }),
        _ => None,
    }
}

/// A parser for `--stack`, listing the stacks' names.
fn stack_parser() -> impl TypedValueParser<Value = Stack> {
    PossibleValuesParser::new(Stack::ALL.map(Stack::name))
        .try_map(|name| Stack::from_name(&name).ok_or_else(|| format!("unknown stack {name:?}")))
}

/// `--stack`'s long help: each stack and its pair, from the one table.
fn stack_help() -> String {
    let stacks: Vec<String> = Stack::ALL
        .iter()
        .map(|s| {
            let p = s.pair();
            format!(
                "{} (--check {} --fetch {}: {})",
                s.name(),
                p.check.name(),
                p.fetch.name(),
                s.description()
            )
        })
        .collect();
    format!(
        "A known stack's pair of parsers, by name: {}.",
        stacks.join("; ")
    )
}

/// A parser for `--mode` that lists the resolver names in help and errors.
fn mode_parser() -> impl TypedValueParser<Value = Resolver> {
    PossibleValuesParser::new(Resolver::EVERY.map(Resolver::name)).try_map(|name| {
        // PossibleValuesParser has already checked the name, but a failure
        // here is still reported rather than assumed away.
        Resolver::from_name(&name).ok_or_else(|| format!("unknown mode {name:?}"))
    })
}

/// Runs the command line on the process arguments; returns the exit code.
pub fn main() -> i32 {
    // The matches are kept beside the parsed struct: `set` orders its calls
    // by where each value stands on the command line, which only they know.
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m).map(|cli| (cli, m)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(err) => {
            // Covers --help and --version too (exit code 0 for those).
            let _ = err.print();
            return err.exit_code();
        }
    };
    match cli.command {
        Some(Command::Batch) => batch::run(),
        Some(Command::Canon(args)) => canon::run(&args),
        Some(Command::Compare(args)) => compare::run(&args),
        Some(Command::Confuse(args)) => confuse::run(&args),
        Some(Command::Same(args)) => same::run(&args),
        Some(Command::Set(args)) => set::run(&args, set_matches(&matches)),
        Some(Command::Table(args)) => table::run(&args),
        Some(Command::Gui { case }) => open_case(case),
        None => open_window(cli.window),
    }
}

/// The matches of the `set` subcommand (empty ones if, impossibly, there
/// are none: no calls then).
fn set_matches(matches: &ArgMatches) -> &ArgMatches {
    static NONE: std::sync::OnceLock<ArgMatches> = std::sync::OnceLock::new();
    matches
        .subcommand_matches("set")
        .unwrap_or_else(|| NONE.get_or_init(ArgMatches::default))
}

/// Opens the window on a `canon` or `compare` case.
#[cfg(feature = "gui")]
fn open_case(case: GuiCase) -> i32 {
    let (view, args) = match case {
        GuiCase::Canon(args) => (crate::app::state::View::Inspector, args),
        GuiCase::Compare(args) => (crate::app::state::View::Compare, args),
    };
    let window = WindowArgs {
        input: Some(args.input),
        url: args.url,
        batch: None,
    };
    launch_window(window, Some(view))
}

/// Opens the window, pre-filled with whatever was given.
#[cfg(feature = "gui")]
fn open_window(args: WindowArgs) -> i32 {
    launch_window(args, None)
}

/// Opens the window, pre-filled with what was given, on `view` if given.
#[cfg(feature = "gui")]
fn launch_window(args: WindowArgs, view: Option<crate::app::state::View>) -> i32 {
    use crate::app::state::{InspectorEngine, StandardBrowser, View};
    let mut browser = None;
    let (mode, engine) = match args.url.mode {
        None => (None, None),
        Some(Resolver::Whatwg) => {
            browser = Some(StandardBrowser::Standard);
            (None, Some(InspectorEngine::UrlStandard))
        }
        // A browser model is the URL Standard view with that browser on.
        Some(resolver) if !resolver.is_live() && resolver.browser().is_some() => {
            browser = resolver.browser().map(StandardBrowser::of);
            (None, Some(InspectorEngine::UrlStandard))
        }
        Some(resolver) => match resolver.mode() {
            Some(mode) => (Some(mode), None),
            // Compare shows every resolver: the mode names none to open.
            None if view == Some(View::Compare) => (None, None),
            None => {
                complain(&format!(
                    "the window's Inspector runs the 2012 modes, the URL Standard (whatwg) and \
                     today's browsers as modelled (chromium, firefox, webkit); {resolver} is in \
                     its Compare view, or `url-inspector canon --mode {resolver}`"
                ));
                return 2;
            }
        },
    };
    let launch = crate::app::Launch {
        input: args.input,
        base: args.url.base,
        encoding: args.url.encoding,
        mode,
        engine,
        browser,
        batch: args.batch,
        view,
    };
    match crate::app::run(launch) {
        Ok(()) => 0,
        Err(err) => {
            complain(&format!("cannot open the window: {err}"));
            1
        }
    }
}

/// Without the `gui` feature there is no window to open.
#[cfg(not(feature = "gui"))]
fn open_case(_case: GuiCase) -> i32 {
    open_window(WindowArgs {
        input: None,
        url: UrlArgs {
            base: None,
            encoding: None,
            mode: None,
        },
        batch: None,
    })
}

/// Without the `gui` feature there is no window to open.
#[cfg(not(feature = "gui"))]
fn open_window(_args: WindowArgs) -> i32 {
    complain(
        "this build has no window (it was built without the `gui` feature); \
         use `url-inspector canon INPUT` or `url-inspector batch`, or see --help",
    );
    EXIT_USAGE
}

/// Writes `url-inspector: MESSAGE` to stderr. A failing stderr is ignored:
/// there is nowhere left to report it.
pub(crate) fn complain(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "url-inspector: {message}");
}

/// The query encoding an `--encoding` option names (none: UTF-8). A label
/// that names no encoding, or one that is not ASCII-compatible, is said on
/// stderr in the engine's words, and UTF-8 is used.
pub(crate) fn encoding_option(label: Option<&str>) -> QueryEncoding {
    let Some(label) = label else {
        return QueryEncoding::UTF8;
    };
    let enc = QueryEncoding::from_label(label);
    if enc.verdict(label).is_fallback() {
        complain(&format!("warning: {}", enc.message(label)));
    }
    enc
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn mode_names_ignore_case() {
        let cli = Cli::try_parse_from(["url-inspector", "canon", "x", "--mode", "GECKO"]);
        match cli.map(|c| c.command) {
            Ok(Some(Command::Canon(args))) => assert_eq!(args.url.mode, Some(Resolver::Gecko)),
            other => panic!("unexpected parse: {other:?}"),
        }
    }

    #[test]
    fn set_calls_come_in_command_line_order() {
        use crate::resolvers::setters::{Setter, SetterCall};
        let m = Cli::command().try_get_matches_from([
            "url-inspector",
            "set",
            "http://h/",
            "--search",
            "a",
            "--sort-params",
            "--hostname",
            "x",
            "--search",
            "b",
            "--append-param",
            "k=v=w",
            "--delete-param",
            "k",
        ]);
        let m = m.expect("parses");
        let calls = set::calls_in_order(set_matches(&m));
        assert_eq!(
            calls,
            [
                SetterCall::Set(Setter::Search, "a".into()),
                SetterCall::SortParams,
                SetterCall::Set(Setter::Hostname, "x".into()),
                SetterCall::Set(Setter::Search, "b".into()),
                SetterCall::AppendParam("k".into(), "v=w".into()),
                SetterCall::DeleteParam("k".into()),
            ]
        );
    }

    #[test]
    fn unknown_mode_is_a_usage_error() {
        let err = Cli::try_parse_from(["url-inspector", "canon", "x", "--mode", "netscape"]);
        assert_eq!(err.map(|_| ()).map_err(|e| e.exit_code()), Err(EXIT_USAGE));
    }
}
