//! `url-inspector set INPUT --hostname H --search S ...`: parses INPUT as
//! the URL Standard does, applies the URL API setters and URLSearchParams
//! operations in the order they are given on the command line, and prints
//! the href, like trurl's `--set`.
//!
//! The order is the command line's, whatever the option: clap gives each
//! value its index among the arguments, and the calls are sorted by it.
//! A value a setter refuses leaves the URL as it was; the reason goes to
//! stderr (or into the JSON's notes) and the next calls still run.

use std::io::{self, ErrorKind, Write};

use clap::{ArgAction, ArgMatches, Args};
use serde::Serialize;

use super::{complain, encoding_option};
use crate::resolvers::json::Response;
use crate::resolvers::setters::{self, Setter, SetterCall, Step};
use crate::resolvers::{Note, Request, Resolver};

/// The arguments of `set`. Every setter option may be given more than once.
#[derive(Debug, Args)]
pub struct SetArgs {
    /// The URL to change (put `--` before one that starts with '-').
    #[arg(value_name = "INPUT")]
    pub input: String,
    /// The base URL to parse INPUT against first.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The encoding of the query while parsing INPUT, a WHATWG label (default: utf-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Set `href`: parse VALUE as a whole new URL.
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub href: Vec<String>,
    /// Set `protocol` (the scheme; a trailing ':' is allowed).
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub protocol: Vec<String>,
    /// Set `username`.
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub username: Vec<String>,
    /// Set `password`.
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub password: Vec<String>,
    /// Set `host` (host and an optional ':port').
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub host: Vec<String>,
    /// Set `hostname` (the host alone).
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub hostname: Vec<String>,
    /// Set `port` (empty: the default port).
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub port: Vec<String>,
    /// Set `pathname`.
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub pathname: Vec<String>,
    /// Set `search` (the query; a leading '?' is allowed; empty removes it).
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub search: Vec<String>,
    /// Set `hash` (the fragment; a leading '#' is allowed; empty removes it).
    #[arg(long, value_name = "VALUE", action = ArgAction::Append, allow_hyphen_values = true)]
    pub hash: Vec<String>,
    /// searchParams.append(K, V).
    #[arg(long, value_name = "K=V", action = ArgAction::Append, allow_hyphen_values = true)]
    pub append_param: Vec<String>,
    /// searchParams.set(K, V): the first K gets V, the other K go.
    #[arg(long, value_name = "K=V", action = ArgAction::Append, allow_hyphen_values = true)]
    pub set_param: Vec<String>,
    /// searchParams.delete(K).
    #[arg(long, value_name = "K", action = ArgAction::Append, allow_hyphen_values = true)]
    pub delete_param: Vec<String>,
    /// searchParams.sort(): a stable sort of the pairs by name.
    #[arg(long, action = ArgAction::Count)]
    pub sort_params: u8,
    /// Print the answer as the JSON object `batch` writes.
    #[arg(long)]
    pub json: bool,
    /// Print the href after each call before the result (with --json: a "steps" array).
    #[arg(long)]
    pub trace: bool,
}

/// How to make a call of an option's value.
type MakeCall = fn(&str) -> SetterCall;

/// The options that are calls, by their clap ids, with how to make one.
const CALL_OPTIONS: [(&str, MakeCall); 14] = [
    ("href", |v| SetterCall::Set(Setter::Href, v.to_owned())),
    ("protocol", |v| {
        SetterCall::Set(Setter::Protocol, v.to_owned())
    }),
    ("username", |v| {
        SetterCall::Set(Setter::Username, v.to_owned())
    }),
    ("password", |v| {
        SetterCall::Set(Setter::Password, v.to_owned())
    }),
    ("host", |v| SetterCall::Set(Setter::Host, v.to_owned())),
    ("hostname", |v| {
        SetterCall::Set(Setter::Hostname, v.to_owned())
    }),
    ("port", |v| SetterCall::Set(Setter::Port, v.to_owned())),
    ("pathname", |v| {
        SetterCall::Set(Setter::Pathname, v.to_owned())
    }),
    ("search", |v| SetterCall::Set(Setter::Search, v.to_owned())),
    ("hash", |v| SetterCall::Set(Setter::Hash, v.to_owned())),
    ("append_param", |v| {
        let (k, v) = name_value(v);
        SetterCall::AppendParam(k, v)
    }),
    ("set_param", |v| {
        let (k, v) = name_value(v);
        SetterCall::SetParam(k, v)
    }),
    ("delete_param", |v| SetterCall::DeleteParam(v.to_owned())),
    ("sort_params", |_| SetterCall::SortParams),
];

/// `K=V` split at its first `=`; with none, `K` names a pair with an empty
/// value.
fn name_value(text: &str) -> (String, String) {
    let (k, v) = text.split_once('=').unwrap_or((text, ""));
    (k.to_owned(), v.to_owned())
}

/// The calls the command line gives, in the order of their arguments.
pub fn calls_in_order(matches: &ArgMatches) -> Vec<SetterCall> {
    let mut calls: Vec<(usize, SetterCall)> = Vec::new();
    for (id, make) in CALL_OPTIONS {
        let Some(indices) = matches.indices_of(id) else {
            continue;
        };
        if id == "sort_params" {
            // A count has a default (0), which clap gives an index too.
            if matches.get_count(id) > 0 {
                calls.extend(indices.map(|i| (i, make(""))));
            }
            continue;
        }
        let values = matches.get_many::<String>(id).into_iter().flatten();
        calls.extend(indices.zip(values).map(|(i, v)| (i, make(v))));
    }
    calls.sort_by_key(|(i, _)| *i);
    calls.into_iter().map(|(_, call)| call).collect()
}

/// The JSON answer with the steps, for `--json --trace`.
#[derive(Serialize)]
struct TracedResponse<'a> {
    #[serde(flatten)]
    response: &'a Response,
    steps: Vec<StepJson<'a>>,
}

/// One call as `--json --trace` writes it.
#[derive(Serialize)]
struct StepJson<'a> {
    call: String,
    href: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<&'a Note>,
}

/// Runs `set` with the calls of `matches`; returns the exit code: 0 when
/// INPUT parses (whatever the setters did), 1 when it does not.
pub fn run(args: &SetArgs, matches: &ArgMatches) -> i32 {
    let calls = calls_in_order(matches);
    let encoding = encoding_option(args.encoding.as_deref());
    let request = Request::new(&args.input)
        .with_base(args.base.as_deref())
        .with_encoding(encoding);
    let (answer, steps) = setters::apply_steps(&request, &calls);
    let invalid = answer.invalid;
    let response = Response::from_answer(Resolver::Whatwg, answer);
    let printed = if args.json {
        json_text(&response, args.trace.then_some(steps.as_slice()))
    } else {
        Ok(text(&response, args.trace.then_some(steps.as_slice())))
    };
    let written = printed.and_then(|out| {
        let mut stdout = io::stdout().lock();
        stdout.write_all(out.as_bytes())?;
        stdout.flush()
    });
    match written {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            complain(&format!("cannot write to stdout: {e}"));
            return 1;
        }
        _ => {}
    }
    if !args.json {
        for note in &response.notes {
            complain(&note.message);
        }
    }
    i32::from(invalid)
}

/// The JSON line, with the steps when asked for.
fn json_text(response: &Response, steps: Option<&[Step]>) -> io::Result<String> {
    let line = match steps {
        None => serde_json::to_string(response),
        Some(steps) => serde_json::to_string(&TracedResponse {
            response,
            steps: steps
                .iter()
                .map(|s| StepJson {
                    call: s.call.to_string(),
                    href: &s.href,
                    refused: s.refused.as_ref(),
                })
                .collect(),
        }),
    };
    line.map(|l| format!("{l}\n")).map_err(io::Error::other)
}

/// The text for people: the steps when asked for, then the href (or,
/// when INPUT does not parse, nothing: the reason goes to stderr).
fn text(response: &Response, steps: Option<&[Step]>) -> String {
    let mut out = String::new();
    for (i, step) in steps.unwrap_or_default().iter().enumerate() {
        let mark = if step.refused.is_some() {
            "  (refused)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{}. {}  ->  {}{mark}\n",
            i + 1,
            step.call,
            step.href
        ));
    }
    if let Some(canon) = response.canon.as_deref().filter(|_| !response.invalid) {
        out.push_str(canon);
        out.push('\n');
    }
    out
}
