//! The `node-legacy` model against Node.js 20.20.2's real legacy `url`
//! module: every request of `tests/data/servers/requests.jsonl.gz` (the
//! WPT inputs, real URLs and references cut from them, generated ones,
//! SSRF payloads, and the inputs of Node's own tests of the legacy API),
//! answered by `scripts/servers/node-legacy-runner.js` into
//! `answers-node-legacy.jsonl.gz`. The model must give the runner's answer
//! whole: `joined` (with a base), `href`, `protocol`, `slashes`, `auth`,
//! `host`, `port`, `hostname`, `hash`, `search`, `query`, `pathname`,
//! `path`, or the exception's `error`, `code` and the call that threw.
//! A request it does not reproduce may only be listed, with a reason, in
//! `tests/data/servers/known-failures-node-legacy.txt`.
//!
//! The default tier checks every 10th request, the slow tier all of them;
//! `SERVERS_SAMPLE=DIR` measures the model on a second sample it was never
//! fitted to (at least 99.9 % must agree); `SERVERS_REPORT=N` prints N
//! failures and the tally per source. The resolver is held to
//! `answer_of_runner` of the same answers.

#[path = "support/oracle.rs"]
mod oracle;

use oracle::{Library, Request};
use serde_json::{Map, Value, json};
use url_inspector::engine::Tracer;
use url_inspector::engine::servers::node_legacy::{self, Url};
use url_inspector::resolvers::{self, Resolver};

const LIBRARY: Library = Library {
    name: "node-legacy",
    answers: None,
    key: None,
    ignore: &[],
};

/// A field as the runner writes it: a string, or null.
fn field(v: &Option<String>) -> Value {
    v.as_deref()
        .map_or(Value::Null, |s| Value::String(s.to_owned()))
}

/// The model's answer to `r`, in the runner's shape.
fn answer<T: Tracer>(r: &Request, tracer: &mut T) -> Value {
    match node_legacy::request(&r.input, r.base.as_deref(), tracer) {
        Err(e) => {
            let mut m = Map::new();
            m.insert("ok".into(), Value::Bool(false));
            m.insert("error".into(), Value::String(e.kind.to_string()));
            if let Some(code) = e.kind.code() {
                m.insert("code".into(), Value::String(code.to_owned()));
            }
            m.insert("call".into(), Value::String(e.call.name().to_owned()));
            Value::Object(m)
        }
        Ok(a) => {
            let u: &Url = &a.url;
            let mut m = Map::new();
            m.insert("ok".into(), Value::Bool(true));
            if let Some(j) = &a.joined {
                m.insert("joined".into(), Value::String(j.clone()));
            }
            m.insert("href".into(), Value::String(u.href.clone()));
            m.insert("protocol".into(), field(&u.protocol));
            m.insert(
                "slashes".into(),
                if u.slashes { json!(true) } else { Value::Null },
            );
            for (k, v) in [
                ("auth", &u.auth),
                ("host", &u.host),
                ("port", &u.port),
                ("hostname", &u.hostname),
                ("hash", &u.hash),
                ("search", &u.search),
                ("query", &u.query),
                ("pathname", &u.pathname),
                ("path", &u.path),
            ] {
                m.insert(k.into(), field(v));
            }
            Value::Object(m)
        }
    }
}

fn model(r: &Request, traced: bool) -> Value {
    oracle::traced_or_not(r, traced, answer, answer)
}

#[test]
fn the_model_gives_nodes_answers_on_every_tenth_request() {
    oracle::check_committed(&LIBRARY, 10, model);
}

#[test]
#[ignore = "slow: every committed request through the model (seconds in release, longer in debug)"]
fn the_model_gives_nodes_answers_on_every_request() {
    oracle::check_committed(&LIBRARY, 1, model);
}

/// A second sample, made with another seed: `SERVERS_SAMPLE=DIR` with
/// `requests.jsonl` and `answers-node-legacy.jsonl` (either may be `.gz`).
#[test]
#[ignore = "needs SERVERS_SAMPLE=DIR: a second sample answered by the real node"]
fn the_model_agrees_with_node_on_a_second_sample() {
    oracle::check_second_sample(&LIBRARY, 99.9, model);
}

/// The resolver, on every 10th committed request, against
/// `answer_of_runner` of the committed answer: same validity, canon and
/// components.
#[test]
fn the_resolver_answers_as_the_runner_does() {
    oracle::check_resolver(
        &LIBRARY,
        Resolver::NodeLegacy,
        resolvers::node_legacy::answer_of_runner,
        oracle::Refusal::AnyReason,
    );
}
