//! The `python` model against CPython 3.11.7's `urllib.parse`: every
//! request of `tests/data/servers/requests.jsonl.gz` (152,820: the WPT
//! inputs, real URLs, references cut from them, generated ones, SSRF
//! payloads), answered by the real library in `answers-python.jsonl.gz`
//! (`scripts/servers/python-runner.py`). The model must give the library's
//! answer on every request: `urljoin`'s result, `geturl()`, the scheme,
//! netloc, username, password, hostname, port, path, query and fragment,
//! or the exception's text, exactly. A request it does not reproduce may
//! only be listed, with a reason, in
//! `tests/data/servers/known-failures-python.txt`; a listed request that
//! passes fails the test too, so the list only shrinks.
//!
//! The default tier checks every 10th request, the slow tier all of them.
//! `SERVERS_SAMPLE=DIR` (a folder holding `requests.jsonl` and
//! `answers-python.jsonl`, made with another seed by
//! `scripts/servers/make-requests.js` and `python-runner.py`) measures the
//! model on requests it was not fitted to: at least 99.99 % must agree.
//! `SERVERS_REPORT=N` prints N failures and the tally per source.

#[path = "support/oracle.rs"]
mod oracle;

use oracle::{Library, Request};
use serde_json::{Value, json};
use url_inspector::engine::Tracer;
use url_inspector::engine::servers::python;

const PYTHON: Library = Library {
    name: "python",
    answers: None,
    key: None,
    // Which call raised and what the runner had read by then: the model
    // gives only the exception's text.
    ignore: &["stage", "partial"],
};

/// The model's answer, in the runner's shape: `urljoin`'s result,
/// `geturl()` and the properties, or the exception's text.
fn answer<T: Tracer>(r: &Request, tracer: &mut T) -> Value {
    let refused = |e: python::PyError| json!({ "ok": false, "error": e.to_string() });
    let split = match python::request(&r.input, r.base.as_deref(), tracer) {
        Ok(split) => split,
        Err(e) => return refused(e),
    };
    let p = match split.read(tracer) {
        Ok(p) => p,
        Err(e) => return refused(e),
    };
    json!({
        "ok": true,
        "joined": split.joined(),
        "href": p.href,
        "scheme": p.scheme,
        "netloc": p.netloc,
        "username": p.username,
        "password": p.password,
        "hostname": p.hostname,
        "port": p.port,
        "path": p.path,
        "query": p.query,
        "fragment": p.fragment,
    })
}

fn model(r: &Request, traced: bool) -> Value {
    oracle::traced_or_not(r, traced, answer, answer)
}

#[test]
fn the_model_gives_pythons_answers_on_every_tenth_request() {
    oracle::check_committed(&PYTHON, 10, model);
}

#[test]
#[ignore = "slow: 152,820 requests through the model (seconds in release, longer in debug)"]
fn the_model_gives_pythons_answers_on_every_request() {
    oracle::check_committed(&PYTHON, 1, model);
}

/// A second sample, made with another seed: `SERVERS_SAMPLE=DIR` with
/// `requests.jsonl` and `answers-python.jsonl` (either may be `.gz`).
#[test]
#[ignore = "needs SERVERS_SAMPLE=DIR: a second sample answered by the real python3"]
fn the_model_agrees_with_python_on_a_second_sample() {
    oracle::check_second_sample(&PYTHON, 99.99, model);
}
