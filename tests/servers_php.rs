//! The `php` model against PHP 8.2.31's `parse_url`: every request of
//! `tests/data/servers/requests.jsonl.gz`, answered by the real function in
//! `answers-php.jsonl.gz` (`scripts/servers/php-runner.php`). The model
//! must give PHP's answer exactly: `false`, or the array with the same
//! keys (a key PHP leaves out must be absent) and the same values, byte
//! for byte, and `base_ignored` where the request had a base. A request it
//! does not reproduce may only be listed, with a reason, in
//! `tests/data/servers/known-failures-php.txt`.
//!
//! The default tier checks every 10th request, the slow tier all of them;
//! `SERVERS_SAMPLE=DIR` measures the model on a second sample it was not
//! fitted to. The resolver is checked too: on every 10th request,
//! `Resolver::Php` gives the answer `answer_of_runner` builds from PHP's
//! own line (same validity, canon and components).

#[path = "support/oracle.rs"]
mod oracle;

use oracle::{Library, Request};
use serde_json::{Map, Value};
use url_inspector::engine::servers::php;
use url_inspector::engine::{NoTrace, Trace};
use url_inspector::resolvers::{self, Resolver};

const PHP: Library = Library {
    name: "php",
    answers: None,
    key: None,
    ignore: &[],
};

/// The model's answer in the runner's shape.
fn model(r: &Request, traced: bool) -> Value {
    let url = if traced {
        php::parse_url(&r.input, &mut Trace::default())
    } else {
        php::parse_url(&r.input, &mut NoTrace)
    };
    let mut out = Map::new();
    match url {
        Err(_) => {
            out.insert("ok".into(), Value::Bool(false));
            out.insert("error".into(), Value::String("false".into()));
        }
        Ok(url) => {
            out.insert("ok".into(), Value::Bool(true));
            for (key, value) in url.entries() {
                let value = match (key, url.port) {
                    ("port", Some(port)) => Value::from(port),
                    _ => oracle::bytes_value(value.as_bytes()),
                };
                out.insert(key.into(), value);
            }
        }
    }
    if r.base.is_some() {
        out.insert("base_ignored".into(), Value::Bool(true));
    }
    Value::Object(out)
}

#[test]
fn the_model_gives_phps_answers_on_every_tenth_request() {
    oracle::check_committed(&PHP, 10, model);
}

#[test]
#[ignore = "slow: every committed request through the model (seconds in release, longer in debug)"]
fn the_model_gives_phps_answers_on_every_request() {
    oracle::check_committed(&PHP, 1, model);
}

#[test]
#[ignore = "needs SERVERS_SAMPLE=DIR: a second sample answered by the real PHP"]
fn the_model_agrees_with_php_on_a_second_sample() {
    oracle::check_second_sample(&PHP, 99.9, model);
}

/// The resolver against `answer_of_runner` of PHP's own answer, on every
/// 10th request: the same validity, canon and components.
#[test]
fn the_resolver_answers_as_the_runners_line_does() {
    let dir = oracle::data_dir();
    let requests = oracle::requests(&dir.join("requests.jsonl.gz"));
    let text = gunzip(&dir.join("answers-php.jsonl.gz"));
    let answers: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(requests.len(), answers.len(), "one answer per request");
    let known = oracle::known_failures(&PHP);
    let mut failures = Vec::new();
    for (r, line) in requests.iter().zip(&answers).step_by(10) {
        if known.contains_key(&(r.input.clone(), r.base.clone())) {
            continue;
        }
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let want = resolvers::php::answer_of_runner(&v);
        let got =
            Resolver::Php.resolve(&resolvers::Request::new(&r.input).with_base(r.base.as_deref()));
        if (got.invalid, &got.canon, &got.components)
            != (want.invalid, &want.canon, &want.components)
        {
            failures.push(format!(
                "{:?} against {:?}\n  resolver: {:?} {:?} {:?}\n  runner:   {:?} {:?} {:?}",
                r.input,
                r.base,
                got.invalid,
                got.canon,
                got.components,
                want.invalid,
                want.canon,
                want.components
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

/// A gzipped file's text (`oracle` keeps its own reader private).
fn gunzip(path: &std::path::Path) -> String {
    use std::io::Read;
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}
