//! The `ruby` model against Ruby 3.1.2's real `URI` library (uri 0.11.0):
//! every request of `tests/data/servers/requests.jsonl.gz` (the WPT inputs,
//! real URLs and references cut from them, generated ones, SSRF payload
//! families, the inputs of Ruby's own URI tests), answered by
//! `scripts/servers/ruby-runner.rb` into `answers-ruby.jsonl.gz`. The
//! model must give the library's answer on every request but those listed,
//! with a reason each, in `tests/data/servers/known-failures-ruby.txt`; a
//! listed request that passes fails the test too, so the list only shrinks.
//!
//! Each request is checked twice:
//!
//! - the engine (`engine::servers::ruby`), its answer written in the
//!   runner's shape and compared whole: the class, `to_s` and every
//!   getter, or the exception's class and message and the call that
//!   raised it;
//! - the resolver (`ruby`), against `answer_of_runner` of the committed
//!   answer: the same `invalid`, `canon` and components, and for a
//!   refusal the same reason.
//!
//! The default tier checks every 10th request, the slow tier all of them.
//! `SERVERS_SAMPLE=DIR` checks a second sample the model was not fitted to
//! (an ignored test; at least 99.9 % must agree). `SERVERS_REPORT=N`
//! prints N failures and the tally per source.

#[path = "support/oracle.rs"]
mod oracle;

use oracle::{Library, Request};
use serde_json::{Value, json};
use url_inspector::engine::servers::ruby;
use url_inspector::engine::{NoTrace, Trace};
use url_inspector::resolvers::{self, Resolver};

const RUBY: Library = Library {
    name: "ruby",
    answers: None,
    key: None,
    ignore: &[],
};

/// `u.port` as the runner writes it: a number below 2**53, else its
/// digits as a string.
fn port_value(digits: &str) -> Value {
    match digits.parse::<u64>() {
        Ok(n) if n < 1 << 53 => json!(n),
        _ => json!(digits),
    }
}

/// The model's answer, in the runner's shape.
fn model(r: &Request, traced: bool) -> Value {
    let (input, base) = (r.input.as_str(), r.base.as_deref());
    let answer = |u: &ruby::Uri<'_>, g: ruby::Getters<'_>| {
        json!({
            "ok": true,
            "class": u.class.name(),
            "to_s": g.to_s,
            "scheme": g.scheme,
            "userinfo": g.userinfo,
            "user": g.user,
            "password": g.password,
            "host": g.host,
            "hostname": g.hostname,
            "port": g.port.map(port_value),
            "path": g.path,
            "query": g.query,
            "fragment": g.fragment,
            "opaque": g.opaque,
            "registry": null,
        })
    };
    let result = if traced {
        let mut trace = Trace::default();
        ruby::request(input, base, &mut trace).map(|u| answer(&u, u.read(&mut trace)))
    } else {
        ruby::request(input, base, &mut NoTrace).map(|u| answer(&u, u.read(&mut NoTrace)))
    };
    result
        .unwrap_or_else(|e| json!({ "ok": false, "error": e.to_string(), "stage": e.at.as_str() }))
}

#[test]
fn the_model_gives_rubys_answers_on_every_tenth_request() {
    oracle::check_committed(&RUBY, 10, model);
}

#[test]
#[ignore = "slow: every committed request through the model (seconds in release, longer in debug)"]
fn the_model_gives_rubys_answers_on_every_request() {
    oracle::check_committed(&RUBY, 1, model);
}

#[test]
#[ignore = "needs SERVERS_SAMPLE=DIR: a second sample answered by the real ruby"]
fn the_model_agrees_with_ruby_on_a_second_sample() {
    oracle::check_second_sample(&RUBY, 99.9, model);
}

/// The text of a gzipped file (the harness reads the answers itself; the
/// resolver's check needs the lines).
fn gunzip(path: &std::path::Path) -> String {
    use std::io::Read as _;
    let bytes = std::fs::read(path).expect("the committed answers");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .expect("gzipped UTF-8");
    text
}

/// The resolver, against the committed answers read by `answer_of_runner`:
/// the same validity, `canon` and components, and for a refusal the same
/// reason (the first note's text).
#[test]
fn the_resolver_answers_as_the_committed_answers_say() {
    let dir = oracle::data_dir();
    let requests = oracle::requests(&dir.join("requests.jsonl.gz"));
    let text = gunzip(&dir.join("answers-ruby.jsonl.gz"));
    let answers: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(requests.len(), answers.len(), "one answer per request");
    let known = oracle::known_failures(&RUBY);
    let mut failures = Vec::new();
    for (r, line) in requests.iter().zip(&answers).step_by(10) {
        if known.contains_key(&(r.input.clone(), r.base.clone())) {
            continue;
        }
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let want = resolvers::ruby::answer_of_runner(&v);
        let request = resolvers::Request::new(&r.input).with_base(r.base.as_deref());
        let got = Resolver::Ruby.resolve(&request);
        let same = got.invalid == want.invalid
            && got.canon == want.canon
            && got.components == want.components
            && (!want.invalid
                || got.notes.first().map(|n| &n.message) == want.notes.first().map(|n| &n.message));
        if !same {
            failures.push(format!(
                "{:?} against {:?}\n  resolver: {:?} {:?} {:?}\n  runner:   {:?} {:?} {:?}",
                r.input,
                r.base,
                got.canon,
                got.components,
                got.notes.first().map(|n| &n.message),
                want.canon,
                want.components,
                want.notes.first().map(|n| &n.message),
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} requests differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
