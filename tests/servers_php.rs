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
use url_inspector::engine::Tracer;
use url_inspector::engine::servers::php;
use url_inspector::resolvers::{self, Resolver};

const PHP: Library = Library {
    name: "php",
    answers: None,
    key: None,
    ignore: &[],
};

/// The model's answer in the runner's shape.
fn answer<T: Tracer>(r: &Request, tracer: &mut T) -> Value {
    let mut out = Map::new();
    match php::parse_url(&r.input, tracer) {
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

fn model(r: &Request, traced: bool) -> Value {
    oracle::traced_or_not(r, traced, answer, answer)
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
    oracle::check_resolver(
        &PHP,
        Resolver::Php,
        resolvers::php::answer_of_runner,
        oracle::Refusal::AnyReason,
    );
}
