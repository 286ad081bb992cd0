//! CPython's `urllib.parse` as a resolver: the model of [`crate::engine::servers::python`].
//!
//! It answers what a Python 3.11.7 program reads of a URL: `urljoin(base,
//! input)` when there is a base, then `urlsplit` of that, then `geturl()`
//! and the `SplitResult`'s properties. The answer:
//!
//! - `canon` is `geturl()`;
//! - the components are the properties: the scheme (lowercased) when there
//!   is one; `username` and `password` whenever Python gives a string, an
//!   empty one included (`None` means no `@`, or no `:` after it); the
//!   host is `.hostname` (lowercased up to a `%`, never decoded; absent
//!   when `None`); the port is `.port`'s number; the path always; the
//!   query and the fragment when they are not empty (Python returns `''`
//!   both for none and for a `?` or `#` alone, and `geturl()` drops an
//!   empty one);
//! - a refusal (a `ValueError` from `urljoin`, `urlsplit` or `.port`) is
//!   invalid, its first note the library's own text under `python.error`
//!   (`ValueError: Invalid IPv6 URL`); a `.port` that raises fails the
//!   request, and a second note gives the `geturl()` that code which never
//!   reads the port goes on with;
//! - notes: `urljoin` gave the input back unchanged, or the base whole; the
//!   URL ends in a space or control, which Python keeps.
//!
//! A traced request records every decision of the library's code (see
//! [`Stage::Python`](crate::engine::Stage::Python)). There is one stage
//! and one encoding (Python's `str` is Unicode), so `until` and `encoding`
//! are not used.

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::python::{self, Join, Where};
use crate::engine::trace::Tracer;

code_table! {
    /// The `python` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "python.error", "CPython 3.11.7, Lib/urllib/parse.py", "urllib.parse raises an exception: the URL is refused";
    BaseFailed => "python.base-error", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "the exception is the base's: urljoin splits the base before the input";
    PortUnread => "python.port-unread", "CPython 3.11.7, Lib/urllib/parse.py, _NetlocResultMixinBase.port",
        "only reading .port raises: urlsplit and geturl() accept the URL, so code that never reads the port goes on with it";
    InputUnchanged => "python.urljoin-input-unchanged", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "urljoin gives the input back unchanged, its scheme not the base's or not one urljoin resolves: the base plays no part";
    BaseWhole => "python.urljoin-base-whole", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "the input is empty: urljoin gives the base back whole, its fragment included";
    TrailingKept => "python.trailing-kept", "CPython 3.11.7, Lib/urllib/parse.py, urlsplit",
        "the URL ends in a space or a C0 control, which urlsplit keeps in its last part (the URL Standard strips it)";
}

/// The `python` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Python;

impl Resolve for Python {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let split = match python::request(input, base, tracer) {
        Ok(split) => split,
        Err(e) => {
            let of_base = e.at == Where::Base;
            return library::refusal(
                Code::Failure,
                e.to_string(),
                of_base.then_some(Code::BaseFailed),
            );
        }
    };
    let mut notes = Vec::new();
    match split.join {
        Join::InputUnchanged => notes.push(Note::of(Code::InputUnchanged)),
        Join::EmptyInput => notes.push(Note::of(Code::BaseWhole)),
        _ => {}
    }
    if let Some(c) = split.trailing_kept() {
        notes.push(Note::new(
            Code::TrailingKept,
            format!(
                "{}: it ends in U+{:04X}",
                Code::TrailingKept.text(),
                u32::from(c)
            ),
        ));
    }
    match split.read(tracer) {
        Ok(p) => {
            let port = p.port.map(|n| n.to_string());
            Answer {
                components: components([
                    Some(&*p.scheme),
                    p.username,
                    p.password,
                    p.hostname.as_deref(),
                    port.as_deref(),
                    Some(p.path),
                    Some(p.query),
                    Some(p.fragment),
                ]),
                canon: Some(p.href),
                notes,
                ..Answer::default()
            }
        }
        Err(e) => {
            let mut answer = Answer::invalid(Note::new(Code::Failure, e.to_string()));
            answer.notes.push(Note::new(
                Code::PortUnread,
                format!(
                    "{}; geturl() gives {}",
                    Code::PortUnread.text(),
                    split.geturl()
                ),
            ));
            answer.notes.extend(notes);
            answer
        }
    }
}

/// The answer `scripts/servers/python-runner.py` wrote for the real
/// library (one JSON line), as the model's answer is made: the same
/// `canon`, components and refusal, for the live resolver that asks the
/// real urllib. A `.port` that raises is a refusal, as in the model.
pub fn answer_of_runner(v: &serde_json::Value) -> Answer {
    if v["ok"] == serde_json::Value::Bool(false) {
        let error = v["error"].as_str().unwrap_or("an exception");
        return Answer::invalid(Note::new(Code::Failure, error));
    }
    let text = |k: &str| v[k].as_str();
    let port = v["port"].as_u64().map(|n| n.to_string());
    let components = components([
        text("scheme"),
        text("username"),
        text("password"),
        text("hostname"),
        port.as_deref(),
        text("path"),
        text("query"),
        text("fragment"),
    ]);
    Answer {
        canon: text("href").map(str::to_owned),
        components,
        ..Answer::default()
    }
}

/// The components of the properties, whoever read them (the model or the
/// runner's line), in order: the scheme, the query and the fragment only
/// when not empty (see the module docs).
fn components<'a>(values: [Option<&'a str>; 8]) -> Vec<(Component, String)> {
    let [
        scheme,
        username,
        password,
        hostname,
        port,
        path,
        query,
        fragment,
    ] = values;
    let not_empty = |v: Option<&'a str>| v.filter(|v| !v.is_empty());
    library::present([
        (Component::Scheme, not_empty(scheme)),
        (Component::User, username),
        (Component::Password, password),
        (Component::Host, hostname),
        (Component::Port, port),
        (Component::Path, path),
        (Component::Query, not_empty(query)),
        (Component::Fragment, not_empty(fragment)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::NoteCode;
    use crate::resolvers::library::codes;

    fn run(input: &str, base: Option<&str>) -> Answer {
        Python.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_properties() {
        let a = run("HTTP://u:@EX.com:0080/p;x?#", None);
        assert_eq!(a.canon.as_deref(), Some("http://u:@EX.com:0080/p;x"));
        assert_eq!(a.get(Component::Scheme), Some("http"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some(""));
        assert_eq!(a.get(Component::Host), Some("ex.com"));
        assert_eq!(a.get(Component::Port), Some("80"));
        assert_eq!(a.get(Component::Path), Some("/p;x"));
        assert_eq!(a.get(Component::Query), None);
        assert_eq!(a.get(Component::Fragment), None);
        library::assert_in_order(&a);
    }

    #[test]
    fn a_failure_is_the_librarys_own_text() {
        let a = run("http://[::1/", None);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, NoteCode::Python(Code::Failure));
        assert_eq!(a.notes[0].message, "ValueError: Invalid IPv6 URL");
        let port = run("http://h:99999/x", None);
        assert_eq!(
            port.notes[0].message,
            "ValueError: Port out of range 0-65535"
        );
        assert_eq!(port.notes[1].code, NoteCode::Python(Code::PortUnread));
        assert!(
            port.notes[1]
                .message
                .ends_with("geturl() gives http://h:99999/x")
        );
        let base = run("x", Some("http://]/"));
        assert_eq!(base.notes[1].code, NoteCode::Python(Code::BaseFailed));
    }

    #[test]
    fn notes_say_what_urljoin_and_urlsplit_did() {
        assert_eq!(
            codes(&run("x", Some("foo://good/a/b"))),
            ["python.urljoin-input-unchanged"]
        );
        assert_eq!(
            codes(&run("http://evil.com ", None)),
            ["python.trailing-kept"]
        );
        assert_eq!(
            run("http://evil.com ", None).get(Component::Host),
            Some("evil.com ")
        );
    }

    #[test]
    fn a_runner_answer_reads_as_the_models() {
        let line = r#"{"ok":true,"joined":"http://u@h:81/p?q","href":"http://u@h:81/p?q","scheme":"http","netloc":"u@h:81","username":"u","password":null,"hostname":"h","port":81,"path":"/p","query":"q","fragment":""}"#;
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        let model = run("http://u@h:81/p?q", None);
        assert_eq!(
            answer_of_runner(&v),
            Answer {
                notes: vec![],
                ..model
            }
        );
        let refused: serde_json::Value =
            serde_json::from_str(r#"{"ok":false,"error":"ValueError: Invalid IPv6 URL"}"#)
                .unwrap_or_default();
        let a = answer_of_runner(&refused);
        assert!(a.invalid);
        assert_eq!(a.notes[0].message, "ValueError: Invalid IPv6 URL");
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../c?q").with_base(Some("http://h/a/b/"));
        let (plain, _) = library::traced_as_untraced(Python, request);
        assert_eq!(plain.canon.as_deref(), Some("http://h/a/c?q"));
    }
}
