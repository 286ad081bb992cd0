//! The `go` model against Go 1.27.3's real `net/url`: every request of
//! `tests/data/servers/requests.jsonl.gz` (152,820: the WPT inputs, the
//! shared corpus of real URLs and references cut from them, generated ones,
//! SSRF payload families), answered by `scripts/servers/go-runner.go` into
//! `answers-go.jsonl.gz`. The model must give the library's answer on every
//! request but those listed, with a reason each, in
//! `tests/data/servers/known-failures-go.txt`; a listed request that passes
//! fails the test too, so the list only shrinks.
//!
//! Each request is checked twice:
//!
//! - the engine (`engine::servers::go`): the error text, or every field the
//!   runner writes (`String()`, `Scheme`, `Opaque`, the userinfo, `Host`,
//!   `Hostname()`, `Port()`, `Path`, `RawPath`, `EscapedPath()`,
//!   `RawQuery`, `ForceQuery`, `Fragment`, `RawFragment`, `OmitHost`),
//!   byte for byte (the runner writes a string that is not UTF-8 as
//!   `{"bytes":"<hex>"}`);
//! - the resolver (`go`): `canon`, the first note's text, and each
//!   component with its presence as the resolver's docs map them (a value
//!   that is not UTF-8 shown lossily, its bytes in a `go.not-utf8` note).
//!
//! The default tier checks every 10th request, the slow tier all of them.
//! `SERVERS_REPORT=N` prints N failures. `SERVERS_SAMPLE_GO=answers.jsonl`
//! (with `SERVERS_SAMPLE_REQUESTS=requests.jsonl`, by default the
//! `requests.jsonl` beside it) checks a second sample the real runner
//! answered (an ignored test; it must pass on 99.99 % or more).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[path = "support/oracle.rs"]
mod oracle;

use oracle::data_file::read_text;
use oracle::{Library, Request as Case};
use serde_json::Value;
use url_inspector::engine::NoTrace;
use url_inspector::engine::servers::go::{self, Url};

/// The oracle's files: `answers-go.jsonl.gz`, `known-failures-go.txt`. The
/// runner's answer is compared field by field here, not whole.
const GO: Library = Library {
    name: "go",
    answers: None,
    key: None,
    ignore: &[],
};

/// What the runner wrote: the error text, or the fields.
type Oracle = Result<Fields, String>;

/// The runner's fields, bytes where Go's strings may not be UTF-8.
#[derive(Debug, PartialEq)]
struct Fields {
    href: Vec<u8>,
    scheme: Vec<u8>,
    opaque: Vec<u8>,
    user: Option<(Vec<u8>, Option<Vec<u8>>)>,
    host: Vec<u8>,
    hostname: Vec<u8>,
    port: Vec<u8>,
    path: Vec<u8>,
    raw_path: Vec<u8>,
    escaped_path: Vec<u8>,
    raw_query: Vec<u8>,
    force_query: bool,
    fragment: Vec<u8>,
    raw_fragment: Vec<u8>,
    omit_host: bool,
}

/// A runner string: a JSON string, or `{"bytes":"<hex>"}`.
fn bytes(v: &Value) -> Vec<u8> {
    if let Some(s) = v.as_str() {
        return s.as_bytes().to_vec();
    }
    let hex = v["bytes"]
        .as_str()
        .unwrap_or_else(|| panic!("a string: {v}"));
    (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

fn runner_answer(line: &str) -> Oracle {
    let v: Value = serde_json::from_str(line).expect("a JSON line");
    if v["ok"] != Value::Bool(true) {
        return Err(v["error"].as_str().expect("an error").to_owned());
    }
    let user = (v["user_set"] == Value::Bool(true)).then(|| {
        let password = (!v["password"].is_null()).then(|| bytes(&v["password"]));
        (bytes(&v["username"]), password)
    });
    Ok(Fields {
        href: bytes(&v["href"]),
        scheme: bytes(&v["scheme"]),
        opaque: bytes(&v["opaque"]),
        user,
        host: bytes(&v["host"]),
        hostname: bytes(&v["hostname"]),
        port: bytes(&v["port"]),
        path: bytes(&v["path"]),
        raw_path: bytes(&v["raw_path"]),
        escaped_path: bytes(&v["escaped_path"]),
        raw_query: bytes(&v["raw_query"]),
        force_query: v["force_query"] == Value::Bool(true),
        fragment: bytes(&v["fragment"]),
        raw_fragment: bytes(&v["raw_fragment"]),
        omit_host: v["omit_host"] == Value::Bool(true),
    })
}

/// The model's fields, as the runner writes them.
fn fields(url: &Url) -> Fields {
    Fields {
        href: url.string(&mut NoTrace).into_bytes(),
        scheme: url.scheme.clone().into_bytes(),
        opaque: url.opaque.clone().into_bytes(),
        user: url
            .user
            .as_ref()
            .map(|u| (u.username.clone(), u.password.clone())),
        host: url.host.clone(),
        hostname: url.hostname().to_vec(),
        port: url.port().to_vec(),
        path: url.path.clone(),
        raw_path: url.raw_path.clone().into_bytes(),
        escaped_path: url.escaped_path(&mut NoTrace).into_owned().into_bytes(),
        raw_query: url.raw_query.clone().into_bytes(),
        force_query: url.force_query,
        fragment: url.fragment.clone(),
        raw_fragment: url.raw_fragment.clone().into_bytes(),
        omit_host: url.omit_host,
    }
}

/// The engine's answer, as the runner would write it.
fn model(case: &Case) -> Oracle {
    go::request(&case.input, case.base.as_deref(), &mut NoTrace)
        .map(|url| fields(&url))
        .map_err(|e| e.to_string())
}

/// Where the resolver's answer differs from what it must make of the
/// runner's (see `resolvers::go`'s docs), if anywhere.
#[cfg(feature = "resolvers")]
fn resolver_differs(case: &Case, want: &Oracle) -> Option<String> {
    use url_inspector::engine::Component;
    use url_inspector::resolvers::{Request, Resolver};
    let request = Request::new(&case.input).with_base(case.base.as_deref());
    let got = Resolver::Go.resolve(&request);
    let want = match want {
        Err(error) => {
            let first = got
                .notes
                .first()
                .map(|n| (n.code.as_str(), n.message.as_str()));
            return (!got.invalid || first != Some(("go.error", error.as_str()))).then(|| {
                format!(
                    "resolver: {:?}, want the error {error:?}",
                    got.notes.first()
                )
            });
        }
        Ok(f) => f,
    };
    let mut components = Vec::new();
    let mut notes = Vec::new();
    let mut put = |c: Component, v: &[u8]| {
        if std::str::from_utf8(v).is_err() {
            let hex: String = v.iter().map(|b| format!("{b:02x}")).collect();
            notes.push(format!(
                "the {c} is not UTF-8 after percent-decoding; its bytes: {hex}"
            ));
        }
        components.push((c, String::from_utf8_lossy(v).into_owned()));
    };
    if !want.scheme.is_empty() {
        put(Component::Scheme, &want.scheme);
    }
    if let Some((username, password)) = &want.user {
        put(Component::User, username);
        if let Some(p) = password {
            put(Component::Password, p);
        }
    }
    // String() writes '//' (Go's own condition, from the runner's fields).
    let user = want.user.is_some();
    let authority = want.opaque.is_empty()
        && (!want.scheme.is_empty() || !want.host.is_empty() || user)
        && !(want.omit_host && want.host.is_empty() && !user)
        && (!want.host.is_empty() || !want.path.is_empty() || user);
    if authority {
        put(Component::Host, &want.hostname);
        if !want.port.is_empty() {
            put(Component::Port, &want.port);
        }
    } else if !want.hostname.is_empty() || !want.port.is_empty() {
        return Some(format!(
            "the runner has a host but String() writes none: {want:?}"
        ));
    }
    put(
        Component::Path,
        if want.opaque.is_empty() {
            &want.path
        } else {
            &want.opaque
        },
    );
    if want.force_query || !want.raw_query.is_empty() {
        put(Component::Query, &want.raw_query);
    }
    if !want.fragment.is_empty() {
        put(Component::Fragment, &want.fragment);
    }
    let got_notes: Vec<&str> = got.notes.iter().map(|n| n.message.as_str()).collect();
    let href = String::from_utf8_lossy(&want.href);
    let ok = !got.invalid
        && got.canon.as_deref() == Some(&*href)
        && got.components == components
        && got_notes == notes;
    (!ok).then(|| {
        format!(
            "resolver: {:?} {:?} {got_notes:?}, want {href:?} {components:?} {notes:?}",
            got.canon, got.components
        )
    })
}

#[cfg(not(feature = "resolvers"))]
fn resolver_differs(_case: &Case, _want: &Oracle) -> Option<String> {
    None
}

/// How the check went.
#[derive(Default)]
struct Tally {
    passed: usize,
    listed: usize,
    problems: Vec<String>,
}

/// Checks every `every`-th request of `requests` against `answers`.
fn check(
    requests: &Path,
    answers: &Path,
    every: usize,
    known: &BTreeMap<(String, Option<String>), String>,
) -> Tally {
    let cases = oracle::requests(requests);
    let answers: Vec<Oracle> = read_text(answers).lines().map(runner_answer).collect();
    assert_eq!(answers.len(), cases.len(), "one answer per request");
    let mut tally = Tally::default();
    let mut seen = BTreeSet::new();
    for (case, want) in cases.iter().zip(&answers).step_by(every) {
        let key = (case.input.clone(), case.base.clone());
        let got = model(case);
        let problem = if got != *want {
            Some(format!("model {got:?}, want {want:?}"))
        } else {
            resolver_differs(case, want)
        };
        let listed = known.contains_key(&key);
        seen.insert(key);
        match (problem, listed) {
            (None, false) => tally.passed += 1,
            (Some(_), true) => tally.listed += 1,
            (None, true) => tally.problems.push(format!(
                "listed as a known failure but passes: {:?} against {:?}",
                case.input, case.base
            )),
            (Some(p), false) => tally.problems.push(format!(
                "{:?} against {:?} [{}]: {p}",
                case.input, case.base, case.source
            )),
        }
    }
    if every == 1 {
        for (input, base) in known.keys().filter(|k| !seen.contains(*k)) {
            tally.problems.push(format!(
                "listed but no such request: {input:?} against {base:?}"
            ));
        }
    }
    tally
}

fn report(tally: &Tally) {
    let shown = std::env::var("SERVERS_REPORT")
        .ok()
        .map_or(0, |v| v.parse::<usize>().unwrap_or(10));
    for p in tally.problems.iter().take(shown) {
        eprintln!("{p}");
    }
}

fn check_committed(every: usize) {
    let dir = oracle::data_dir();
    let tally = check(
        &dir.join("requests.jsonl.gz"),
        &dir.join("answers-go.jsonl.gz"),
        every,
        &oracle::known_failures(&GO),
    );
    report(&tally);
    eprintln!(
        "go: {} pass, {} listed, {} problems",
        tally.passed,
        tally.listed,
        tally.problems.len()
    );
    assert!(
        tally.problems.is_empty(),
        "{} problems:\n{}",
        tally.problems.len(),
        tally
            .problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_model_gives_go_s_answers_on_every_tenth_request() {
    check_committed(10);
}

#[test]
#[ignore = "slow: 152,820 requests through the model and the resolver"]
fn the_model_gives_go_s_answers_on_every_request() {
    check_committed(1);
}

/// A second sample (`SERVERS_SAMPLE_GO`), made with other seeds and
/// answered by the real go-runner: the model must give 99.99 % of its
/// answers. No list of known failures applies.
#[test]
#[ignore = "needs SERVERS_SAMPLE_GO: a second sample answered by the real go-runner"]
fn the_model_gives_go_s_answers_on_a_second_sample() {
    let Ok(answers) = std::env::var("SERVERS_SAMPLE_GO") else {
        eprintln!("SKIPPED: set SERVERS_SAMPLE_GO=answers.jsonl (and SERVERS_SAMPLE_REQUESTS)");
        return;
    };
    let requests = std::env::var("SERVERS_SAMPLE_REQUESTS").unwrap_or_else(|_| {
        let dir = Path::new(&answers)
            .parent()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        format!("{dir}/requests.jsonl")
    });
    let tally = check(
        Path::new(&requests),
        Path::new(&answers),
        1,
        &BTreeMap::new(),
    );
    report(&tally);
    let total = tally.passed + tally.problems.len();
    let share = 100.0 * tally.passed as f64 / total.max(1) as f64;
    eprintln!(
        "go, second sample: {} of {total} pass ({share:.3} %)",
        tally.passed
    );
    assert!(
        share >= 99.99,
        "{share:.3} % pass:\n{}",
        tally
            .problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
