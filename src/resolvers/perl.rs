//! Perl's `URI` module 5.17 (`URI.pm`, `URI/_generic.pm`, `URI/_server.pm`)
//! as a resolver: the model of [`crate::engine::servers::perl`].
//!
//! The request is the project's definition: `URI->new($input)`, or with a
//! base `URI->new_abs($input, $base)` (an empty base counts as none, as for
//! every resolver, though `new_abs` itself would refuse it), then the
//! object's getters. A traced request records every decision of the
//! modules' code (stage [`Perl`](crate::engine::Stage::Perl)), the base's
//! parse marked as the base's. The request's encoding and last stage are
//! not used.
//!
//! The answer, component by component:
//!
//! - `canon` is `as_string`: the string the object holds, which is what
//!   LWP sends (its request line is the object's `path_query`, its Host
//!   header the object's `host_port`). `canonical` (lowercased scheme and
//!   host, default port dropped, escapes normalized, and for a host with
//!   an upper-case letter a second trip through IDNA) is not what a client
//!   uses: a `perl.canonical` note gives it when it differs;
//! - `scheme`: `scheme` (lowercased), when there is one;
//! - `user` and `password`: `userinfo` split at its first `:`, as written
//!   (not decoded), for the server classes (http, https, ftp, ...) when
//!   there is an `@`;
//! - `host`: `host`, the host LWP connects to (`LWP::Protocol::http` opens
//!   its socket to `$url->host` and `$url->port`), for the classes that
//!   have one (the server classes, and file). URI percent-decodes it into
//!   bytes, which is what the socket library is given: they are shown
//!   decoded as UTF-8 (U+FFFD for what is not), and a `perl.host-bytes`
//!   note gives them in hex when one is outside ASCII. A URL whose class
//!   has no host (`URI::_foreign` for a scheme URI does not know,
//!   `URI::_generic` without a scheme) has no host component, and a
//!   `perl.no-host` note says so;
//! - `port`: `port`, the port LWP connects to: the digits as written
//!   (leading zeros and all, no range check), or the class's default;
//! - `path`: `path` as the class gives it (for ftp: `path_query`, the
//!   query included; for mailto:, data:, urn: the opaque part; none for
//!   sip:);
//! - `query`: `query`, where the class has one and the URL a `?`;
//! - `fragment`: `fragment`, when the URL has a `#`;
//! - a die of `new_abs` is invalid, its first note the die's text under
//!   `perl.error`. A die of `ihost` (a label starting "xn--" that URI cannot
//!   decode) is not: nothing a client does calls `ihost`, so the answer
//!   stands and a `perl.ihost-dies` note gives the text.

use std::borrow::Cow;

use serde_json::{Map, Value, json};

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::perl::{self, Reading, lossy, perl_utf8};
use crate::engine::trace::{NoTrace, Trace, Tracer};

code_table! {
    /// The `perl` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "perl.error", "URI 5.17, URI.pm, new_abs; URI/_generic.pm, abs",
        "URI->new_abs dies: the URL is refused";
    HostBytes => "perl.host-bytes", "URI 5.17, URI/_server.pm, host; URI/Escape.pm, uri_unescape",
        "the host percent-decodes to bytes outside ASCII, which URI holds as one character each and LWP passes on as they are; shown decoded as UTF-8";
    NoHost => "perl.no-host", "URI 5.17, URI.pm, implementor",
        "the URL's class has no host method: URI knows no server part for this scheme (or there is no scheme), and LWP will not fetch it";
    Canonical => "perl.canonical", "URI 5.17, URI.pm, canonical",
        "canonical() gives another string than the one the object holds (and sends)";
    Ihost => "perl.ihost", "URI 5.17, URI/_server.pm, ihost",
        "ihost() decodes the host's punycode labels";
    IhostDies => "perl.ihost-dies", "URI 5.17, URI/_server.pm, ihost; URI/_idna.pm, ToUnicode",
        "ihost() dies on this host, though the URL parses and LWP, which never calls ihost, connects to the host";
    BaseUnused => "perl.base-unused", "URI 5.17, URI.pm, abs; URI/sip.pm, abs; URI/_generic.pm, abs",
        "the base plays no part: the input has a scheme of its own, or its class (mailto, data, urn, sip) never resolves";
}

/// The `perl` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perl;

impl Resolve for Perl {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let (uri, how) = match perl::request(input, base, tracer) {
        Ok(done) => done,
        Err(e) => return Answer::invalid(Note::new(Code::Failure, e.text)),
    };
    let reading = uri.read(tracer);
    let mut answer = answer_of_reading(&Shown::of(reading));
    if base.is_some() && !how.base_used() {
        answer.notes.push(Note::of(Code::BaseUnused));
    }
    answer
}

/// What an answer is built from: the getters as the runner writes them
/// (strings of Perl code points; ihost as text or its die).
struct Shown {
    as_string: String,
    canonical: String,
    class: Option<String>,
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<Option<String>>,
    ihost: Option<Result<String, String>>,
    port: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

impl Shown {
    /// The model's reading, its strings moved rather than copied.
    fn of(r: Reading) -> Shown {
        Shown {
            class: Some(r.class.name().to_owned()),
            ihost: r.ihost.map(|i| match i {
                Ok(cps) => Ok(cps.as_deref().map(lossy).unwrap_or_default()),
                Err(e) => Err(e),
            }),
            as_string: r.as_string,
            canonical: r.canonical,
            scheme: r.scheme,
            userinfo: r.userinfo.flatten(),
            host: r.host,
            port: r.port,
            path: r.path,
            query: r.query.flatten(),
            fragment: r.fragment,
        }
    }
}

/// The answer (see the module docs).
fn answer_of_reading(s: &Shown) -> Answer {
    let (user, password) = library::userinfo(s.userinfo.as_deref());
    let mut components = library::present([
        (Component::Scheme, s.scheme.as_deref()),
        (Component::User, user),
        (Component::Password, password),
    ]);
    let mut notes = Vec::new();
    match &s.host {
        Some(Some(host)) => {
            let bytes: Vec<u8> = host
                .chars()
                .map(|c| u8::try_from(c).unwrap_or(b'?'))
                .collect();
            if !bytes.is_ascii() {
                notes.push(Note::new(
                    Code::HostBytes,
                    format!(
                        "{}; its bytes: {}",
                        Code::HostBytes.text(),
                        library::hex(&bytes)
                    ),
                ));
            }
            components.push((
                Component::Host,
                String::from_utf8_lossy(&bytes).into_owned(),
            ));
        }
        Some(None) => {}
        None => notes.push(Note::new(
            Code::NoHost,
            format!(
                "{}: {}",
                s.class.as_deref().unwrap_or("the class"),
                Code::NoHost.text()
            ),
        )),
    }
    components.extend(library::present([
        (Component::Port, s.port.as_deref()),
        (Component::Path, s.path.as_deref()),
        (Component::Query, s.query.as_deref()),
        (Component::Fragment, s.fragment.as_deref()),
    ]));
    if s.canonical != s.as_string {
        notes.push(Note::new(
            Code::Canonical,
            format!("canonical() gives {}", s.canonical),
        ));
    }
    match (&s.ihost, &s.host) {
        (Some(Err(e)), _) => notes.push(Note::new(
            Code::IhostDies,
            format!("{}: {e}", Code::IhostDies.text()),
        )),
        (Some(Ok(ihost)), Some(Some(host))) if ihost != host => {
            notes.push(Note::new(Code::Ihost, format!("ihost() gives {ihost}")));
        }
        _ => {}
    }
    Answer {
        canon: Some(s.as_string.clone()),
        components,
        notes,
        ..Answer::default()
    }
}

/// A Perl string as the runner writes it.
fn string_value(s: &str) -> Value {
    Value::String(s.to_owned())
}

fn opt_value(s: Option<&str>) -> Value {
    s.map_or(Value::Null, string_value)
}

/// The model's answer to a request in the runner's shape
/// (`scripts/servers/perl-runner.pl`): what the real library's answer
/// line must equal. Traced when `traced` (the same answer, the steps
/// dropped).
pub fn runner_answer(input: &str, base: Option<&str>, traced: bool) -> Value {
    if traced {
        runner_answer_with(input, base, &mut Trace::default())
    } else {
        runner_answer_with(input, base, &mut NoTrace)
    }
}

fn runner_answer_with<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Value {
    let uri = match perl::request(input, base, tracer) {
        Ok((uri, _)) => uri,
        Err(e) => return json!({"ok": false, "error": e.text, "call": e.call.name()}),
    };
    let r = uri.read(tracer);
    let mut m = Map::new();
    m.insert("class".into(), string_value(r.class.name()));
    m.insert("as_string".into(), string_value(&r.as_string));
    m.insert("canonical".into(), string_value(&r.canonical));
    m.insert("scheme".into(), opt_value(r.scheme.as_deref()));
    m.insert("opaque".into(), string_value(&r.opaque));
    m.insert("path".into(), opt_value(r.path.as_deref()));
    if let Some(q) = &r.query {
        m.insert("query".into(), opt_value(q.as_deref()));
    }
    m.insert("fragment".into(), opt_value(r.fragment.as_deref()));
    if let Some(a) = &r.authority {
        m.insert("authority".into(), opt_value(a.as_deref()));
    }
    if let Some(u) = &r.userinfo {
        m.insert("userinfo".into(), opt_value(u.as_deref()));
    }
    if let Some(h) = &r.host {
        m.insert("host".into(), opt_value(h.as_deref()));
    }
    if let Some(Ok(i)) = &r.ihost {
        let v = match i {
            None => Value::Null,
            Some(cps) => {
                let scalar = |c: u64| u32::try_from(c).ok().and_then(char::from_u32).is_some();
                if cps.iter().all(|&c| scalar(c)) {
                    Value::String(lossy(cps))
                } else {
                    json!({ "bytes": library::hex(&perl_utf8(cps)) })
                }
            }
        };
        m.insert("ihost".into(), v);
    }
    if let Some(p) = &r.port {
        m.insert("port".into(), string_value(p));
    }
    if let Some(d) = r.default_port {
        m.insert("default_port".into(), string_value(&d.to_string()));
    }
    match r.error() {
        Some(e) => json!({"ok": false, "error": e.text, "call": e.call.name(), "partial": m}),
        None => {
            m.insert("ok".into(), Value::Bool(true));
            Value::Object(m)
        }
    }
}

/// A runner's string value as text: a JSON string, or `{"bytes":…}` (only
/// ihost writes one) shown lossily.
fn text_of(v: &Value) -> Option<String> {
    library::runner_text(v).map(Cow::into_owned)
}

/// The [`Answer`] of one line of the real library's runner (for the live
/// resolver): the same `invalid`, `canon`, components and notes as the
/// model's answer, but for `perl.base-unused`, which needs the model.
pub fn answer_of_runner(v: &Value) -> Answer {
    let ok = v.get("ok").and_then(Value::as_bool) == Some(true);
    let call = v.get("call").and_then(Value::as_str).unwrap_or("");
    let error = v.get("error").and_then(Value::as_str).unwrap_or("");
    let fields = if ok {
        v
    } else if call == "ihost" {
        match v.get("partial") {
            Some(p) => p,
            None => return Answer::invalid(Note::new(Code::Failure, error)),
        }
    } else {
        return Answer::invalid(Note::new(Code::Failure, error));
    };
    let get = |k: &str| fields.get(k);
    let string = |k: &str| get(k).and_then(text_of);
    let shown = Shown {
        as_string: string("as_string").unwrap_or_default(),
        canonical: string("canonical").unwrap_or_default(),
        class: string("class"),
        scheme: string("scheme"),
        userinfo: string("userinfo"),
        host: get("host").map(text_of),
        ihost: if ok {
            get("ihost").map(|i| Ok(text_of(i).unwrap_or_default()))
        } else {
            Some(Err(error.to_owned()))
        },
        port: string("port"),
        path: string("path"),
        query: string("query"),
        fragment: string("fragment"),
    };
    answer_of_reading(&shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::NoteCode;

    fn run(input: &str, base: Option<&str>) -> Answer {
        Perl.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_getters() {
        let a = run("HTTP://u:p@EX.com:0080/a?b#c", None);
        assert_eq!(a.canon.as_deref(), Some("HTTP://u:p@EX.com:0080/a?b#c"));
        assert_eq!(a.get(Component::Scheme), Some("http"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some("p"));
        assert_eq!(a.get(Component::Host), Some("EX.com"));
        assert_eq!(a.get(Component::Port), Some("0080"));
        assert_eq!(a.get(Component::Path), Some("/a"));
        assert_eq!(a.get(Component::Query), Some("b"));
        assert_eq!(a.get(Component::Fragment), Some("c"));
        assert_eq!(a.notes[0].code, NoteCode::Perl(Code::Canonical));
        let a = run("http://h", None);
        assert_eq!(a.get(Component::Port), Some("80"));
        let a = run("foo://evil.com/", None);
        assert_eq!(a.get(Component::Host), None);
        assert_eq!(a.notes[0].code, NoteCode::Perl(Code::NoHost));
    }

    #[test]
    fn hosts_are_bytes() {
        let a = run("http://%C3%A9%2e/", None);
        assert_eq!(a.get(Component::Host), Some("é."));
        assert_eq!(a.notes[0].code, NoteCode::Perl(Code::HostBytes));
        let a = run("http://xn--abc-0.com/", None);
        assert!(!a.invalid);
        assert!(
            a.notes
                .iter()
                .any(|n| n.code == NoteCode::Perl(Code::IhostDies))
        );
    }

    #[test]
    fn the_runner_shape_gives_the_same_answer() {
        for (input, base) in [
            ("HTTP://u:p@EX.com:0080/a?b#c", None),
            ("http://xn--abc-0.com/", None),
            ("http://%C3%A9/", None),
            ("x", Some("mailto:y")),
            ("../x?q", Some("ftp://h/a/b")),
            ("sip:a@b;c", None),
        ] {
            let model = run(input, base);
            let mut runner = answer_of_runner(&runner_answer(input, base, false));
            let mut model_notes = model.notes.clone();
            model_notes.retain(|n| n.code != NoteCode::Perl(Code::BaseUnused));
            runner
                .notes
                .retain(|n| n.code != NoteCode::Perl(Code::BaseUnused));
            assert_eq!(runner.canon, model.canon, "{input}");
            assert_eq!(runner.components, model.components, "{input}");
            assert_eq!(runner.notes, model_notes, "{input}");
        }
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../c?q").with_base(Some("http://h/a/b/"));
        let (plain, _) = library::traced_as_untraced(Perl, request);
        assert_eq!(plain.canon.as_deref(), Some("http://h/a/c?q"));
    }
}
