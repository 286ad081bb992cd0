//! Node.js 20.20.2's legacy `url.parse` and `url.resolve` (`lib/url.js`) as a resolver: the model of
//! [`crate::engine::servers::node_legacy`].
//!
//! It answers what older Node.js code reads of a URL: `url.parse(input)`,
//! or with a base `url.parse(url.resolve(base, input))`, then the `Url`
//! object's fields. The answer:
//!
//! - `canon` is `href`, which `url.parse` writes with `Url.prototype.format`
//!   (`url.format(u)` gives the same string);
//! - the components are the fields: the scheme is `protocol` without its
//!   colon; the user and password are `auth` (percent-decoded, as the
//!   library keeps it) split at its first `:` (http.request sends `auth`
//!   whole as Basic credentials, which a server splits there), the
//!   password present only with a `:`; the host is `hostname`, the host
//!   `http.request` connects to (lowercased, through ada's toASCII, without
//!   brackets), absent when empty; the port is `port`; the path is
//!   `pathname` when not `null`; the query is `query` when `search` is not
//!   `null` (empty for a lone `?`); the fragment is `hash` without its `#`
//!   when not `null`;
//! - a refusal (an exception of `url.resolve` or `url.parse`) is invalid,
//!   its first note the library's own words (`TypeError: Invalid URL`,
//!   `URIError: URI malformed`), then the call that threw;
//! - notes: the hostname stopped at a `:` (or `\`), the rest moved into
//!   the path; the hostname was over 255 code units and became empty;
//!   toASCII's answer was cut at a U+0000; a bracketed hostname, never
//!   checked as an address; the fast path for a bare path, nothing escaped;
//!   `url.resolve` took the input whole (another protocol, not slashed); a
//!   protocol without a hostname, which `http.request` sends to
//!   `localhost` (`hostname || host || 'localhost'`).
//!
//! A traced request records every decision of the library's code (see
//! [`Stage::NodeLegacy`](crate::engine::Stage::NodeLegacy)); `until` and
//! `encoding` are not used.

use serde_json::Value;

use super::{Answer, Note, Request, Resolve, library};
use crate::engine::Component;
use crate::engine::code_table::code_table;
use crate::engine::servers::node_legacy::{self, Call, Resolution, Url, record_answer};
use crate::engine::trace::Tracer;

code_table! {
    /// The `node-legacy` resolver's note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "node-legacy.error", "Node.js 20.20.2, lib/url.js", "url.parse throws: the URL is refused";
    ResolveThrew => "node-legacy.resolve-threw", "Node.js 20.20.2, lib/url.js, urlResolve",
        "url.resolve threw, parsing the base or the input (both with slashesDenoteHost)";
    HostnameCut => "node-legacy.hostname-cut", "Node.js 20.20.2, lib/url.js, getHostname",
        "the hostname stops at a ':' that starts no port: the rest of it moves into the path, and the port (if digits end the host) is kept";
    HostnameEmptied => "node-legacy.hostname-emptied", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (hostnameMaxLen)",
        "the hostname is over 255 UTF-16 code units, so url.parse empties it: no host, and no error";
    CutAtNul => "node-legacy.cut-at-nul", "Node.js 20.20.2, src/encoding_binding.cc, ToASCII",
        "toASCII's answer held a U+0000, and the binding hands V8 a C string: the hostname is cut there";
    Bracketed => "node-legacy.bracketed", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (isIpv6Hostname)",
        "the hostname is bracketed: url.parse never checks it is an IPv6 address, only that it holds no forbidden character";
    SimplePath => "node-legacy.simple-path", "Node.js 20.20.2, lib/url.js, Url.prototype.parse (simplePathPattern)",
        "a bare path: url.parse takes the fast path, and href is the text as written, nothing escaped";
    Localhost => "node-legacy.localhost", "Node.js 20.20.2, lib/_http_client.js, ClientRequest",
        "the URL has a protocol but no hostname: http.request given it connects to localhost (hostname || host || 'localhost')";
    InputWhole => "node-legacy.resolve-input-whole", "Node.js 20.20.2, lib/url.js, Url.prototype.resolveObject",
        "the input's protocol is not the base's nor a slashed one: url.resolve takes the input whole, the base plays no part";
}

/// The `node-legacy` resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLegacy;

impl Resolve for NodeLegacy {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        library::resolve(request, answer, answer)
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> Answer {
    let a = match node_legacy::request(input, base, tracer) {
        Ok(a) => a,
        Err(e) => {
            let resolve_threw = e.call == Call::Resolve;
            return library::refusal(
                Code::Failure,
                e.to_string(),
                resolve_threw.then_some(Code::ResolveThrew),
            );
        }
    };
    record_answer(&a, tracer);
    let u = &a.url;
    let mut notes = Vec::new();
    if a.resolution == Some(Resolution::OtherProtocol) {
        notes.push(Note::of(Code::InputWhole));
    }
    if let Some(cut) = &u.quirks.hostname_cut {
        notes.push(Note::new(
            Code::HostnameCut,
            format!("{}: {cut:?} moved", Code::HostnameCut.text()),
        ));
    }
    for (on, code) in [
        (u.quirks.hostname_emptied, Code::HostnameEmptied),
        (u.quirks.cut_at_nul, Code::CutAtNul),
        (u.quirks.bracketed, Code::Bracketed),
        (u.quirks.simple_path, Code::SimplePath),
        (u.falls_back_to_localhost(), Code::Localhost),
    ] {
        if on {
            notes.push(Note::of(code));
        }
    }
    Answer {
        canon: Some(u.href.clone()),
        components: components(u),
        notes,
        ..Answer::default()
    }
}

/// The components, as the module docs map them.
fn components(u: &Url) -> Vec<(Component, String)> {
    parts(
        u.protocol.as_deref(),
        u.auth.as_deref(),
        u.hostname.as_deref(),
        u.port.as_deref(),
        u.pathname.as_deref(),
        u.search
            .as_ref()
            .map(|_| u.query.as_deref().unwrap_or_default()),
        u.hash.as_deref(),
    )
}

/// The components from the fields (see the module docs).
fn parts(
    protocol: Option<&str>,
    auth: Option<&str>,
    hostname: Option<&str>,
    port: Option<&str>,
    pathname: Option<&str>,
    query: Option<&str>,
    hash: Option<&str>,
) -> Vec<(Component, String)> {
    let (user, password) = library::userinfo(auth);
    library::present([
        (
            Component::Scheme,
            protocol.map(|p| p.strip_suffix(':').unwrap_or(p)),
        ),
        (Component::User, user),
        (Component::Password, password),
        (Component::Host, hostname.filter(|h| !h.is_empty())),
        (Component::Port, port),
        (Component::Path, pathname),
        (Component::Query, query),
        (
            Component::Fragment,
            hash.map(|h| h.strip_prefix('#').unwrap_or(h)),
        ),
    ])
}

/// The [`Answer`] of one line of `scripts/servers/node-legacy-runner.js`:
/// the same canon, validity and components as the model's (the notes are
/// only the failure's).
pub fn answer_of_runner(v: &Value) -> Answer {
    if v["ok"] != Value::Bool(true) {
        let error = v["error"].as_str().unwrap_or("the runner gave no answer");
        let resolve_threw = v["call"].as_str() == Some(Call::Resolve.name());
        return library::refusal(
            Code::Failure,
            error,
            resolve_threw.then_some(Code::ResolveThrew),
        );
    }
    let text = |k: &str| v[k].as_str();
    let query = if v["search"].is_string() {
        Some(text("query").unwrap_or_default())
    } else {
        None
    };
    Answer {
        canon: text("href").map(str::to_owned),
        components: parts(
            text("protocol"),
            text("auth"),
            text("hostname"),
            text("port"),
            text("pathname"),
            query,
            text("hash"),
        ),
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::NoteCode;
    use crate::resolvers::library::codes;

    fn run(input: &str, base: Option<&str>) -> Answer {
        NodeLegacy.resolve(&Request::new(input).with_base(base))
    }

    #[test]
    fn components_are_the_fields() {
        let a = run("HTTP://u%40x:p:q@EX.com:0080/p?#", None);
        assert_eq!(a.canon.as_deref(), Some("http://u%40x:p:q@ex.com:0080/p?#"));
        assert_eq!(a.get(Component::Scheme), Some("http"));
        assert_eq!(a.get(Component::User), Some("u@x"));
        assert_eq!(a.get(Component::Password), Some("p:q"));
        assert_eq!(a.get(Component::Host), Some("ex.com"));
        assert_eq!(a.get(Component::Port), Some("0080"));
        assert_eq!(a.get(Component::Path), Some("/p"));
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
        library::assert_in_order(&a);
    }

    #[test]
    fn a_failure_is_the_librarys_own_text() {
        let a = run("http://xn--a.com/", None);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, NoteCode::NodeLegacy(Code::Failure));
        assert_eq!(a.notes[0].message, "TypeError: Invalid URL");
        let b = run("x", Some("http://%zz@h/"));
        assert_eq!(b.notes[0].message, "URIError: URI malformed");
        assert_eq!(b.notes[1].code, NoteCode::NodeLegacy(Code::ResolveThrew));
    }

    #[test]
    fn notes_say_what_the_library_did_to_the_host() {
        let a = run("http://good.com:evil.com/", None);
        assert_eq!(a.get(Component::Host), Some("good.com"));
        assert_eq!(codes(&a), ["node-legacy.hostname-cut"]);
        assert_eq!(
            codes(&run("x:y", Some("http://h/"))),
            ["node-legacy.resolve-input-whole"]
        );
        assert_eq!(codes(&run("/a?b", None)), ["node-legacy.simple-path"]);
        assert_eq!(
            codes(&run("http:///evil.com/", None)),
            ["node-legacy.localhost"]
        );
    }

    #[test]
    fn the_runners_answer_maps_the_same_way() {
        let line = r##"{"ok":true,"href":"http://a:b@h:1/p?q#f","protocol":"http:","slashes":true,"auth":"a:b","host":"h:1","port":"1","hostname":"h","hash":"#f","search":"?q","query":"q","pathname":"/p","path":"/p?q"}"##;
        let v: Value = serde_json::from_str(line).unwrap_or_default();
        let a = answer_of_runner(&v);
        let m = run("http://a:b@h:1/p?q#f", None);
        assert_eq!((a.canon, a.components), (m.canon, m.components));
        let fail: Value =
            serde_json::from_str(r#"{"ok":false,"error":"TypeError: Invalid URL","code":"ERR_INVALID_URL","call":"url.parse"}"#)
                .unwrap_or_default();
        assert!(answer_of_runner(&fail).invalid);
    }

    #[test]
    fn traced_answers_are_the_untraced_ones_with_the_steps() {
        let request = Request::new("../c?q").with_base(Some("http://h/a/b/"));
        let (plain, _) = library::traced_as_untraced(NodeLegacy, request);
        assert_eq!(plain.canon.as_deref(), Some("http://h/a/c?q"));
    }
}
