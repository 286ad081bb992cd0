//! The `java-uri` and `java-url` models against OpenJDK 17.0.15's real
//! `java.net.URI` and `java.net.URL`: every request of
//! `tests/data/servers/requests.jsonl.gz`, answered by
//! `scripts/servers/JavaRunner.java` into `answers-java.jsonl.gz`, one line
//! holding both libraries' answers (`{"uri": …, "url": …}`). Each model's
//! answer, in the runner's exact shape, must equal the library's whole: every
//! getter, or the exception's class and message, and which constructor threw.
//! A request a model does not reproduce may only be listed, with a reason,
//! in `known-failures-java-uri.txt` or `known-failures-java-url.txt`.
//!
//! The default tier checks every 10th request, the slow tier all of them;
//! `SERVERS_SAMPLE=DIR` measures both models on a second sample they were
//! never fitted to. The resolvers are checked too: `Resolver::JavaUri` and
//! `Resolver::JavaUrl` against `answer_of_runner` of the committed answer.

#[path = "support/oracle.rs"]
mod oracle;

use oracle::{Library, Request};
use serde_json::{Map, Value, json};
use url_inspector::engine::servers::{java_uri, java_url};
use url_inspector::engine::{NoTrace, Tracer};
use url_inspector::resolvers::{self, Resolver};

const URI: Library = Library {
    name: "java-uri",
    answers: Some("java"),
    key: Some("uri"),
    ignore: &[],
};

const URL: Library = Library {
    name: "java-url",
    answers: Some("java"),
    key: Some("url"),
    ignore: &[],
};

fn opt(v: Option<&str>) -> Value {
    v.map_or(Value::Null, |s| Value::String(s.to_owned()))
}

fn uri_answer<T: Tracer>(r: &Request, tracer: &mut T) -> Value {
    match java_uri::request(&r.input, r.base.as_deref(), tracer) {
        Err(e) => json!({"ok": false, "error": e.to_string(), "stage": e.at.name()}),
        Ok(u) => {
            let g = u.getters(tracer);
            let mut m = Map::new();
            m.insert("ok".into(), Value::Bool(true));
            m.insert("string".into(), Value::String(g.string.into_owned()));
            m.insert("ascii".into(), Value::String(g.ascii.into_owned()));
            m.insert("scheme".into(), opt(g.scheme));
            m.insert("raw_ssp".into(), Value::String(g.raw_ssp.into_owned()));
            m.insert("raw_authority".into(), opt(g.raw_authority));
            m.insert("raw_user_info".into(), opt(g.raw_user_info));
            m.insert("host".into(), opt(g.host));
            m.insert("port".into(), json!(g.port));
            m.insert("raw_path".into(), opt(g.raw_path));
            m.insert("path".into(), opt(g.path.as_deref()));
            m.insert("raw_query".into(), opt(g.raw_query));
            m.insert("raw_fragment".into(), opt(g.raw_fragment));
            m.insert("opaque".into(), Value::Bool(g.opaque));
            m.insert("absolute".into(), Value::Bool(g.absolute));
            Value::Object(m)
        }
    }
}

fn uri_model(r: &Request, traced: bool) -> Value {
    oracle::traced_or_not(r, traced, uri_answer, uri_answer)
}

fn url_answer<T: Tracer>(r: &Request, tracer: &mut T) -> Value {
    match java_url::request(&r.input, r.base.as_deref(), tracer) {
        Err(e) => json!({"ok": false, "error": e.to_string(), "stage": e.at.name()}),
        Ok(u) => {
            let external = u.to_external_form(tracer);
            json!({
                "ok": true,
                "external": external,
                "protocol": u.protocol,
                "authority": u.authority.as_deref(),
                "user_info": u.user_info.as_deref(),
                "host": u.host.as_deref(),
                "port": u.port,
                "default_port": u.default_port(),
                "path": u.path.as_deref(),
                "query": u.query.as_deref(),
                "ref": u.reference.as_deref(),
                "file": u.file().as_deref(),
            })
        }
    }
}

fn url_model(r: &Request, traced: bool) -> Value {
    oracle::traced_or_not(r, traced, url_answer, url_answer)
}

#[test]
fn the_uri_model_gives_javas_answers_on_every_tenth_request() {
    oracle::check_committed(&URI, 10, uri_model);
}

#[test]
#[ignore = "slow: 151,525 requests through the java-uri model"]
fn the_uri_model_gives_javas_answers_on_every_request() {
    oracle::check_committed(&URI, 1, uri_model);
}

#[test]
#[ignore = "needs SERVERS_SAMPLE=DIR: a second sample answered by the real JDK"]
fn the_uri_model_agrees_with_java_on_a_second_sample() {
    oracle::check_second_sample(&URI, 99.9, uri_model);
}

#[test]
fn the_url_model_gives_javas_answers_on_every_tenth_request() {
    oracle::check_committed(&URL, 10, url_model);
}

#[test]
#[ignore = "slow: 151,525 requests through the java-url model"]
fn the_url_model_gives_javas_answers_on_every_request() {
    oracle::check_committed(&URL, 1, url_model);
}

#[test]
#[ignore = "needs SERVERS_SAMPLE=DIR: a second sample answered by the real JDK"]
fn the_url_model_agrees_with_java_on_a_second_sample() {
    oracle::check_second_sample(&URL, 99.9, url_model);
}

/// The resolvers against `answer_of_runner` of the committed answer, on
/// every 10th request: the same `invalid`, `canon` and components.
#[test]
fn the_uri_resolver_answers_as_the_runner_on_every_tenth_request() {
    oracle::check_resolver(
        &URI,
        Resolver::JavaUri,
        resolvers::java_uri::answer_of_runner,
        oracle::Refusal::AnyReason,
    );
}

#[test]
fn the_url_resolver_answers_as_the_runner_on_every_tenth_request() {
    oracle::check_resolver(
        &URL,
        Resolver::JavaUrl,
        resolvers::java_url::answer_of_runner,
        oracle::Refusal::AnyReason,
    );
}

/// The models' own speed on the committed requests, untraced, without the
/// JSON of the check (`cargo test --release … -- --ignored speed --nocapture`).
#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn speed_of_the_models_on_the_committed_requests() {
    let requests = oracle::requests(&oracle::data_dir().join("requests.jsonl.gz"));
    let start = std::time::Instant::now();
    let mut n = 0usize;
    for r in &requests {
        if let Ok(u) = java_uri::request(&r.input, r.base.as_deref(), &mut NoTrace) {
            n += u.getters(&mut NoTrace).string.len();
        }
    }
    let uri = start.elapsed();
    let start = std::time::Instant::now();
    for r in &requests {
        if let Ok(u) = java_url::request(&r.input, r.base.as_deref(), &mut NoTrace) {
            n += u.to_external_form(&mut NoTrace).len();
        }
    }
    let url = start.elapsed();
    let rate = |d: std::time::Duration| requests.len() as f64 / d.as_secs_f64();
    eprintln!(
        "java-uri: {} requests in {uri:?} ({:.0}/s); java-url: in {url:?} ({:.0}/s) [{n}]",
        requests.len(),
        rate(uri),
        rate(url)
    );
}
