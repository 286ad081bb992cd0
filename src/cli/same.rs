//! `url-inspector same A B`: whether two URLs come out the same under each
//! resolver, and at which step of each trace they became equal, or the
//! first component that differs ([`crate::resolvers::same`]).
//!
//! Prints one line per resolver (`--json`: one object, `"a"`, `"b"`,
//! `"base"` and `"resolvers"`, a list of verdicts). Exits 0 when every
//! resolver asked says the same, 1 when one does not, 2 on a usage error.

use std::io::{self, ErrorKind, Write};

use clap::Args;
use serde::Serialize;

use super::table::{Resolvers, resolver_parser};
use super::{FormArgs, complain, encoding_option};
use crate::resolvers::same::{Sameness, same};
use crate::resolvers::{Request, Resolver};

/// The arguments of `same`.
#[derive(Debug, Args)]
pub struct SameArgs {
    /// The first URL (put `--` before one that starts with '-').
    #[arg(value_name = "A")]
    pub a: String,
    /// The second URL.
    #[arg(value_name = "B")]
    pub b: String,
    /// The base both are resolved against.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The encoding of the query, a WHATWG label such as shift_jis (default: utf-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The resolvers to ask, separated by commas (default: all, every one
    /// that answers on its own; live ones by name).
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        ignore_case = true,
        value_parser = resolver_parser()
    )]
    pub resolvers: Vec<Resolvers>,
    /// Print one JSON object instead of lines.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub forms: FormArgs,
}

/// `same --json`'s object.
#[derive(Serialize)]
struct SameJson<'a> {
    a: &'a str,
    b: &'a str,
    base: Option<&'a str>,
    resolvers: &'a [Sameness],
}

/// Every asked resolver's verdict on the two inputs.
pub fn verdicts(args: &SameArgs) -> Vec<Sameness> {
    let mut resolvers = Resolvers::expand(&args.resolvers);
    if resolvers.is_empty() {
        resolvers = Resolver::ALL.to_vec();
    }
    let request = |input| {
        Request::new(input)
            .with_base(args.base.as_deref())
            .with_encoding(encoding_option(args.encoding.as_deref()))
            .with_forms(args.forms.options())
    };
    let (a, b) = (request(&args.a), request(&args.b));
    resolvers.into_iter().map(|r| same(r, &a, &b)).collect()
}

/// Runs `same`; returns the exit code.
pub fn run(args: &SameArgs) -> i32 {
    let verdicts = verdicts(args);
    let text = if args.json {
        let object = SameJson {
            a: &args.a,
            b: &args.b,
            base: args.base.as_deref(),
            resolvers: &verdicts,
        };
        match serde_json::to_string(&object) {
            Ok(line) => line + "\n",
            Err(e) => {
                complain(&format!("cannot write JSON: {e}"));
                return 1;
            }
        }
    } else {
        lines(&verdicts)
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {}
        Err(e) => {
            complain(&format!("cannot write to stdout: {e}"));
            return 1;
        }
    }
    i32::from(!verdicts.iter().all(|v| v.verdict.is_same()))
}

/// One line per resolver: its label, padded, `same` or `different`, and
/// the sentence.
fn lines(verdicts: &[Sameness]) -> String {
    let width = verdicts
        .iter()
        .map(|v| v.resolver.label().chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for v in verdicts {
        let label = v.resolver.label();
        let pad = width - label.chars().count();
        out.push_str(&format!("{label}{:pad$}  {}\n", "", v.verdict.sentence()));
    }
    out
}
