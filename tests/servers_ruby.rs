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
use url_inspector::engine::Tracer;
use url_inspector::engine::servers::ruby;
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
fn answer<T: Tracer>(r: &Request, tracer: &mut T) -> Value {
    let u = match ruby::request(&r.input, r.base.as_deref(), tracer) {
        Ok(u) => u,
        Err(e) => return json!({ "ok": false, "error": e.to_string(), "stage": e.at.as_str() }),
    };
    let g = u.read(tracer);
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
}

fn model(r: &Request, traced: bool) -> Value {
    oracle::traced_or_not(r, traced, answer, answer)
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

/// The resolver, against the committed answers read by `answer_of_runner`:
/// the same validity, `canon` and components, and for a refusal the same
/// reason (the first note's text).
#[test]
fn the_resolver_answers_as_the_committed_answers_say() {
    oracle::check_resolver(
        &RUBY,
        Resolver::Ruby,
        resolvers::ruby::answer_of_runner,
        oracle::Refusal::SameReason,
    );
}
