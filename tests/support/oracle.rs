//! A model held to a real library's committed answers: the harness the
//! `tests/servers_*.rs` files of the modelled libraries share.
//!
//! `tests/data/servers/requests.jsonl.gz` holds the requests (an input and
//! an optional base, one JSON object a line); `answers-NAME.jsonl.gz` the
//! real library's answer to each, in the same order, written by its runner
//! in `scripts/servers/`: one JSON object a line, `{"ok":true, …}` with the
//! library's getters, or `{"ok":false,"error":…}` in the library's words.
//! A test gives a function that answers a request with the model in the
//! runner's shape, as a [`Value`]; the harness compares the two objects
//! whole (less the keys a [`Library`] says to leave out), so every getter
//! the runner writes is checked, byte for byte.
//!
//! A request the model is known not to answer as the library does may only
//! be listed, with a reason, in `known-failures-NAME.txt`
//! (`known_failures.rs` reads it); a listed request that passes fails the
//! check too, so the list only shrinks.
//!
//! The resolver of such a library is held to the same answers
//! ([`check_resolver`]): on every 10th request it must give what the
//! model's `answer_of_runner` (the live resolver's reader) makes of the
//! library's line.
//!
//! Environment: `SERVERS_REPORT=N` prints N failures (default 20) and the
//! tally per source; `SERVERS_SAMPLE=DIR` points the second-sample check at
//! a folder with `requests.jsonl` and `answers-NAME.jsonl` (either may be
//! `.gz`), made with another seed (`make-requests.js --fresh SEED`), which
//! the model was never fitted to.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use url_inspector::engine::{NoTrace, Trace};
#[cfg(feature = "resolvers")]
use url_inspector::resolvers::{self, Answer, Resolver};

#[path = "data_file.rs"]
pub mod data_file;
#[path = "known_failures.rs"]
mod known_failures;

/// A modelled library's oracle files.
pub struct Library {
    /// The resolver's name, as the files are named: `answers-NAME.jsonl.gz`,
    /// `known-failures-NAME.txt`.
    pub name: &'static str,
    /// The answers file's name part when several resolvers share one
    /// runtime's answers (`java` for `java-uri` and `java-url`); `None`:
    /// the name.
    pub answers: Option<&'static str>,
    /// The key of this library's answer inside each line, when a line holds
    /// several libraries' answers (`uri`, `url`); `None`: the line itself.
    pub key: Option<&'static str>,
    /// Keys of an answer the model does not give (diagnostics a runner
    /// adds, such as the call that raised); left out on both sides.
    pub ignore: &'static [&'static str],
}

/// One request of the oracle's files.
#[derive(Clone, Debug)]
pub struct Request {
    pub input: String,
    pub base: Option<String>,
    pub source: String,
}

/// What one check found.
#[derive(Default)]
pub struct Tally {
    pub passed: usize,
    pub listed: usize,
    pub failures: Vec<String>,
    pub stale: Vec<String>,
    /// Per source: (passed, checked).
    pub by_source: BTreeMap<String, (usize, usize)>,
}

impl Tally {
    /// The share of checked requests that agree, in per cent.
    pub fn share(&self) -> f64 {
        let checked = self.passed + self.listed + self.failures.len();
        100.0 * self.passed as f64 / checked.max(1) as f64
    }
}

/// `tests/data/servers/`.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/servers")
}

/// The requests of a requests file.
pub fn requests(path: &Path) -> Vec<Request> {
    data_file::read_text(path)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            Request {
                input: v["input"].as_str().expect("an input").to_owned(),
                base: v["base"].as_str().map(str::to_owned),
                source: v["source"].as_str().unwrap_or("").to_owned(),
            }
        })
        .collect()
}

/// A model's answer in the runner's shape, from the test's one function
/// generic over the tracer, passed twice (once per tracer, as a function
/// pointer cannot be generic): on a recording tracer when `traced`, else
/// on [`NoTrace`].
pub fn traced_or_not(
    r: &Request,
    traced: bool,
    untraced: fn(&Request, &mut NoTrace) -> Value,
    recording: fn(&Request, &mut Trace) -> Value,
) -> Value {
    if traced {
        recording(r, &mut Trace::default())
    } else {
        untraced(r, &mut NoTrace)
    }
}

/// The answer of a line, less the keys left out.
fn oracle(library: &Library, line: &str) -> Value {
    let v: Value = serde_json::from_str(line).expect("a JSON line");
    let v = match library.key {
        Some(key) => v
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("no {key:?} in {line}")),
        None => v,
    };
    strip(library, v)
}

fn strip(library: &Library, mut v: Value) -> Value {
    if let Value::Object(map) = &mut v {
        for key in library.ignore {
            map.remove(*key);
        }
    }
    v
}

/// The listed failures of `library`: (input, base) to the reason.
pub fn known_failures(library: &Library) -> BTreeMap<(String, Option<String>), String> {
    let path = data_dir().join(format!("known-failures-{}.txt", library.name));
    if !path.exists() {
        return BTreeMap::new();
    }
    known_failures::parse(&data_file::read_text(&path))
}

/// Checks every `every`-th request of `requests_file` against
/// `answers_file`; `model(request, traced)` answers in the runner's shape.
/// Every 100th request checked is answered traced too, which must give
/// the same answer. With `listed`, the known failures are read.
pub fn check(
    library: &Library,
    requests_file: &Path,
    answers_file: &Path,
    every: usize,
    listed: bool,
    model: impl Fn(&Request, bool) -> Value,
) -> Tally {
    let requests = requests(requests_file);
    let text = data_file::read_text(answers_file);
    let answers: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        requests.len(),
        answers.len(),
        "{}: one answer per request",
        answers_file.display()
    );
    let known = if listed {
        known_failures(library)
    } else {
        BTreeMap::new()
    };
    let mut tally = Tally::default();
    for (n, (r, line)) in requests.iter().zip(&answers).enumerate().step_by(every) {
        let want = oracle(library, line);
        let got = strip(library, model(r, false));
        if n % (every * 100) == 0 {
            let traced = strip(library, model(r, true));
            assert_eq!(
                traced, got,
                "traced = untraced: {:?} against {:?}",
                r.input, r.base
            );
        }
        let same = got == want;
        let source = tally.by_source.entry(r.source.clone()).or_default();
        source.1 += 1;
        if same {
            source.0 += 1;
        }
        let key = (r.input.clone(), r.base.clone());
        match (same, known.contains_key(&key)) {
            (true, false) => tally.passed += 1,
            (false, true) => tally.listed += 1,
            (true, true) => tally.stale.push(format!(
                "listed as a known failure but passes: {:?} against {:?}",
                r.input, r.base
            )),
            (false, false) => tally.failures.push(format!(
                "request {n} ({}): {:?} against {:?}\n  model:   {got}\n  library: {want}",
                r.source, r.input, r.base
            )),
        }
    }
    report(library, answers_file, &tally);
    tally
}

/// With `SERVERS_REPORT=N`: the tally per source and N failures.
fn report(library: &Library, answers_file: &Path, tally: &Tally) {
    let Ok(n) = std::env::var("SERVERS_REPORT") else {
        return;
    };
    let n = n.parse().unwrap_or(20);
    eprintln!(
        "{} ({}): {} pass, {} listed, {} fail",
        library.name,
        answers_file.display(),
        tally.passed,
        tally.listed,
        tally.failures.len()
    );
    for (source, (passed, checked)) in &tally.by_source {
        eprintln!("  {source:<10} {passed:>7} of {checked:>7}");
    }
    for f in tally.failures.iter().take(n) {
        eprintln!("{f}");
    }
}

/// The answers file of `library` in `dir`, plain or gzipped.
fn answers_in(library: &Library, dir: &Path) -> PathBuf {
    let name = format!("answers-{}.jsonl", library.answers.unwrap_or(library.name));
    let plain = dir.join(&name);
    if plain.exists() {
        plain
    } else {
        dir.join(format!("{name}.gz"))
    }
}

/// The committed oracle: no unlisted failure, no stale listing.
pub fn check_committed(library: &Library, every: usize, model: impl Fn(&Request, bool) -> Value) {
    let dir = data_dir();
    let tally = check(
        library,
        &dir.join("requests.jsonl.gz"),
        &answers_in(library, &dir),
        every,
        true,
        model,
    );
    eprintln!(
        "{}: {} requests agree, {} listed, {} fail",
        library.name,
        tally.passed,
        tally.listed,
        tally.failures.len()
    );
    let problems: Vec<&String> = tally.failures.iter().chain(&tally.stale).collect();
    assert!(
        problems.is_empty(),
        "{}: {} problems:\n{}",
        library.name,
        problems.len(),
        problems
            .iter()
            .take(40)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The second sample (`SERVERS_SAMPLE=DIR`): at least `min_share` per cent
/// must agree. Without the variable it says so and checks nothing.
pub fn check_second_sample(
    library: &Library,
    min_share: f64,
    model: impl Fn(&Request, bool) -> Value,
) {
    let Ok(dir) = std::env::var("SERVERS_SAMPLE") else {
        eprintln!(
            "SKIPPED: set SERVERS_SAMPLE to a folder with requests.jsonl and answers-{}.jsonl",
            library.answers.unwrap_or(library.name)
        );
        return;
    };
    let dir = PathBuf::from(dir);
    let requests_file = if dir.join("requests.jsonl").exists() {
        dir.join("requests.jsonl")
    } else {
        dir.join("requests.jsonl.gz")
    };
    let tally = check(
        library,
        &requests_file,
        &answers_in(library, &dir),
        1,
        false,
        model,
    );
    let share = tally.share();
    eprintln!(
        "{}: second sample: {} of {} agree ({share:.4} %)",
        library.name,
        tally.passed,
        tally.passed + tally.failures.len()
    );
    for f in tally.failures.iter().take(20) {
        eprintln!("{f}");
    }
    assert!(
        share >= min_share,
        "{share:.4} % agree, under {min_share} %"
    );
}

/// What [`check_resolver`] holds a refusal to, besides its validity.
#[cfg(feature = "resolvers")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Any reason: the resolver may say more than the runner's line tells
    /// (which check of PHP's refused the URL).
    AnyReason,
    /// The same reason: the first note's text.
    SameReason,
}

/// The resolver against the committed answers as `of_runner` (the model's
/// `answer_of_runner`, the live resolver's reader) reads them, on every
/// 10th request but the listed failures: the same validity, `canon` and
/// components, and with [`Refusal::SameReason`] the same first note on a
/// refusal. The base is the one the resolver takes (an empty one is none;
/// urljoin, say, gives the input back for one, so the answers agree).
#[cfg(feature = "resolvers")]
pub fn check_resolver(
    library: &Library,
    resolver: Resolver,
    of_runner: fn(&Value) -> Answer,
    refusal: Refusal,
) {
    let dir = data_dir();
    let requests = requests(&dir.join("requests.jsonl.gz"));
    let text = data_file::read_text(answers_in(library, &dir));
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(
        requests.len(),
        lines.len(),
        "{}: one answer per request",
        library.name
    );
    let known = known_failures(library);
    let reason = |a: &Answer| {
        (a.invalid && refusal == Refusal::SameReason)
            .then(|| a.notes.first().map(|n| n.message.clone()))
    };
    let shown = |a: &Answer| {
        format!(
            "{:?} {:?} {:?} {:?}",
            a.invalid,
            a.canon,
            a.components,
            reason(a).flatten()
        )
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for (n, (r, line)) in requests.iter().zip(&lines).enumerate().step_by(10) {
        if known.contains_key(&(r.input.clone(), r.base.clone())) {
            continue;
        }
        checked += 1;
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let want = of_runner(library.key.map_or(&v, |key| &v[key]));
        let request = resolvers::Request::new(&r.input).with_base(r.base.as_deref());
        let got = resolver.resolve(&request);
        let same = got.invalid == want.invalid
            && got.canon == want.canon
            && got.components == want.components
            && reason(&got) == reason(&want);
        if !same {
            failures.push(format!(
                "request {n} ({}): {:?} against {:?}\n  resolver: {}\n  runner:   {}",
                r.source,
                r.input,
                r.base,
                shown(&got),
                shown(&want)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}: {} of {checked} differ:\n{}",
        library.name,
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A string of an answer as JSON: a JSON string when it is UTF-8, else
/// `{"bytes":"<hex>"}`, as the runners write it.
pub fn bytes_value(bytes: &[u8]) -> Value {
    match std::str::from_utf8(bytes) {
        Ok(s) => Value::String(s.to_owned()),
        Err(_) => {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            serde_json::json!({ "bytes": hex })
        }
    }
}
