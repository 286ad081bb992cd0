//! Node.js 20.20.2's legacy `url.parse` and `url.resolve` (`lib/url.js`),
//! modelled: without a base `url.parse(input)`, with one
//! `url.parse(url.resolve(base, input))`, then the `Url` object's fields.
//!
//! `tests/data/servers/algorithms/node-legacy.md` describes the library
//! step by step. The code follows `lib/url.js` of the running node (printed
//! with `process.binding('natives').url`) function by function, in our own
//! Rust, and names the JavaScript function in each comment and in each
//! step it records (rows `node-legacy.*` of [`StepId`], stage
//! [`NodeLegacy`](crate::engine::Stage::NodeLegacy)).
//!
//! | `lib/url.js` (and what it calls) | here |
//! |---|---|
//! | `urlParse`, `Url.prototype.parse` | [`parse`] (`parse.rs`): `trim_and_backslashes`, `simple_path`, `protocol_len`, `host_pattern`, `host_section` |
//! | `Url.prototype.parseHost`, `getHostname`, `isIpv6Hostname` | `parse_host`, `get_hostname`, [`is_ipv6_hostname`] |
//! | `forbiddenHostChars`, `forbiddenHostCharsIpv6`, `autoEscapeStr` | `is_forbidden_host`, `is_forbidden_ipv6`, `auto_escape` |
//! | `toASCII` (`internalBinding('encoding_binding')`: ada 2.9.2's `ada::idna::to_ascii`) | [`idna::binding_to_ascii`] |
//! | `Url.prototype.format`, `encodeStr` (`lib/internal/querystring.js`) | [`Url::format`], [`js::encode_auth`] |
//! | `urlResolve`, `Url.prototype.resolve`, `Url.prototype.resolveObject` | [`resolve`], [`resolve_object`] (`resolve.rs`) |
//! | `slashedProtocol`, `hostlessProtocol`, `unsafeProtocol` (`lib/internal/url.js`) | [`is_slashed`], [`javascript`] |
//! | `decodeURIComponent`, `toLowerCase`, `String#length`, `\s` (V8) | [`js`] |
//!
//! JavaScript strings are UTF-16, Rust's UTF-8: every place the library
//! cuts a string is an ASCII character, so byte offsets find the same
//! places; the one length that counts (`hostnameMaxLen`, 255) is counted in
//! UTF-16 code units, as JavaScript does. The fields are owned strings, as
//! the `Url` object's are; `null` is `None` (and so is the `undefined` that
//! `resolveObject` can leave, which the code only ever tests for truth).
//!
//! The machine plays no part: no DNS, no locale (`toLowerCase` is the
//! locale-free one).

use std::fmt;

use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

pub mod idna;
pub mod js;
mod parse;
mod resolve;

pub use parse::parse;
pub use resolve::{resolve, resolve_object};

/// The exceptions of the request. [`fmt::Display`] writes them as the
/// runner records them, `name: message`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// `ERR_INVALID_URL` (a `TypeError`): a hostname that toASCII empties
    /// or gives a forbidden character, or a bracketed one with one.
    InvalidUrl,
    /// `decodeURIComponent` of the userinfo: `URIError: URI malformed`.
    UriMalformed,
}

impl ErrorKind {
    /// The error's `code` property, when it has one.
    pub const fn code(self) -> Option<&'static str> {
        match self {
            ErrorKind::InvalidUrl => Some("ERR_INVALID_URL"),
            ErrorKind::UriMalformed => None,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::InvalidUrl => "TypeError: Invalid URL",
            ErrorKind::UriMalformed => "URIError: URI malformed",
        })
    }
}

/// The call that threw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `url.resolve(base, input)` (parsing either).
    Resolve,
    /// `url.parse` of the input, or of what `url.resolve` gave.
    Parse,
}

impl Call {
    /// The call, as the runner names it.
    pub const fn name(self) -> &'static str {
        match self {
            Call::Resolve => "url.resolve",
            Call::Parse => "url.parse",
        }
    }
}

/// A request's failure: the exception and the call that threw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeError {
    pub call: Call,
    pub kind: ErrorKind,
}

impl fmt::Display for NodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

/// A legacy `Url` object: its fields as `url.parse` (or `resolveObject`)
/// leaves them, `None` for `null`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Url {
    /// `protocol`, lowercased, with its `:`.
    pub protocol: Option<String>,
    /// `slashes`: `true` or `null`.
    pub slashes: bool,
    /// `auth`, percent-decoded.
    pub auth: Option<String>,
    /// `host`: hostname and `:port`.
    pub host: Option<String>,
    /// `port`: digits.
    pub port: Option<String>,
    /// `hostname`: lowercased, through toASCII, without brackets.
    pub hostname: Option<String>,
    /// `hash`, with its `#`.
    pub hash: Option<String>,
    /// `search`, with its `?`.
    pub search: Option<String>,
    /// `query`: the search without its `?`.
    pub query: Option<String>,
    /// `pathname`.
    pub pathname: Option<String>,
    /// `path`: pathname and search.
    pub path: Option<String>,
    /// `href`: [`Url::format`] of the rest (the text itself on the fast path).
    pub href: String,
    /// What `parse` did to the hostname that a user should know.
    pub quirks: Quirks,
}

/// What `parse` did to the hostname that a user should know (none of it
/// is a field of the `Url` object).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quirks {
    /// `getHostname` moved this text (from a `:` or other character on)
    /// out of the hostname into the path.
    pub hostname_cut: Option<String>,
    /// The hostname was over 255 UTF-16 code units and became empty.
    pub hostname_emptied: bool,
    /// toASCII's answer held a U+0000 and was cut there.
    pub cut_at_nul: bool,
    /// The hostname was bracketed, so never checked as an address.
    pub bracketed: bool,
    /// The fast path for a bare path: nothing parsed, nothing escaped.
    pub simple_path: bool,
}

/// Which branch of `resolveObject` made the joined URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// The relative URL was empty: the source, less its hash.
    Empty,
    /// `//` without a protocol: all of the relative URL but the protocol.
    SchemeRelative,
    /// Another protocol, not slashed: the relative URL whole.
    OtherProtocol,
    /// Another slashed protocol: the relative URL's host (or first path
    /// segment) and path.
    OtherSlashedProtocol,
    /// The source's host and protocol, the paths merged (or replaced).
    Merged,
}

/// What a request gives: `url.resolve`'s text (with a base) and the `Url`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `joined`: what `url.resolve` returned; `None` without a base.
    pub joined: Option<String>,
    /// How `resolveObject` came to it; `None` without a base.
    pub resolution: Option<Resolution>,
    /// `url.parse` of the joined text, or of the input.
    pub url: Url,
}

/// The request: `url.parse(input)`, or `url.parse(url.resolve(base, input))`.
pub fn request<T: Tracer>(
    input: &str,
    base: Option<&str>,
    tracer: &mut T,
) -> Result<Answer, NodeError> {
    let (joined, resolution) = match base {
        None => (None, None),
        Some(base) => {
            let (joined, how) = resolve(base, input, tracer).map_err(|kind| NodeError {
                call: Call::Resolve,
                kind,
            })?;
            (Some(joined), Some(how))
        }
    };
    let url =
        parse(joined.as_deref().unwrap_or(input), false, tracer).map_err(|kind| NodeError {
            call: Call::Parse,
            kind,
        })?;
    Ok(Answer {
        joined,
        resolution,
        url,
    })
}

/// `slashedProtocol` (`lib/internal/url.js`): the protocols written with
/// `//`, with or without their colon, compared as written.
pub fn is_slashed(protocol: &str) -> bool {
    matches!(
        protocol,
        "http"
            | "http:"
            | "https"
            | "https:"
            | "ftp"
            | "ftp:"
            | "gopher"
            | "gopher:"
            | "file"
            | "file:"
            | "ws"
            | "ws:"
            | "wss"
            | "wss:"
    )
}

/// `hostlessProtocol` and `unsafeProtocol` (the same two entries):
/// `javascript`, with or without its colon.
pub fn javascript(protocol: Option<&str>) -> bool {
    matches!(protocol, Some("javascript" | "javascript:"))
}

/// `isIpv6Hostname`: `[` first and `]` last.
pub fn is_ipv6_hostname(hostname: &str) -> bool {
    hostname.starts_with('[') && hostname.ends_with(']')
}

impl Url {
    /// `Url.prototype.format`: the URL written back from its fields.
    pub fn format(&self) -> String {
        let auth = nonempty(&self.auth).map(js::encode_auth);
        let protocol = self.protocol.as_deref().unwrap_or("");
        let pathname = self.pathname.as_deref().unwrap_or("");
        let hash = self.hash.as_deref().unwrap_or("");
        let search = self.search.as_deref().unwrap_or("");
        // format: host wins over hostname and port
        let mut host = String::new();
        if let Some(h) = nonempty(&self.host) {
            if let Some(a) = &auth {
                host.push_str(a);
                host.push('@');
            }
            host.push_str(h);
        } else if let Some(h) = nonempty(&self.hostname) {
            if let Some(a) = &auth {
                host.push_str(a);
                host.push('@');
            }
            if h.contains(':') && !is_ipv6_hostname(h) {
                host.push('[');
                host.push_str(h);
                host.push(']');
            } else {
                host.push_str(h);
            }
            if let Some(p) = nonempty(&self.port) {
                host.push(':');
                host.push_str(p);
            }
        }
        let mut out = String::with_capacity(
            protocol.len() + host.len() + pathname.len() + search.len() + hash.len() + 8,
        );
        out.push_str(protocol);
        if !protocol.is_empty() && !protocol.ends_with(':') {
            out.push(':');
        }
        let colon = !protocol.is_empty() && !protocol.ends_with(':');
        let written_protocol_is_slashed = if colon {
            is_slashed(&format!("{protocol}:"))
        } else {
            is_slashed(protocol)
        };
        // format: only slashed protocols get '//', unless slashes was set
        let mut lead_slash = false;
        if self.slashes || written_protocol_is_slashed {
            if self.slashes || !host.is_empty() {
                lead_slash = !pathname.is_empty() && !pathname.starts_with('/');
                out.push_str("//");
            } else if out.starts_with("file") {
                out.push_str("//");
            }
        }
        out.push_str(&host);
        if lead_slash {
            out.push('/');
        }
        // format: '#' and '?' in the pathname are escaped
        for c in pathname.chars() {
            match c {
                '#' => out.push_str("%23"),
                '?' => out.push_str("%3F"),
                _ => out.push(c),
            }
        }
        if !search.is_empty() && !search.starts_with('?') {
            out.push('?');
        }
        // format: '#' in the search is escaped
        for c in search.chars() {
            if c == '#' {
                out.push_str("%23");
            } else {
                out.push(c);
            }
        }
        if !hash.is_empty() && !hash.starts_with('#') {
            out.push('#');
        }
        out.push_str(hash);
        out
    }

    /// The host its client connects to: `hostname` (`http.request` with a
    /// parsed legacy URL takes `hostname || host || 'localhost'`,
    /// `lib/_http_client.js`, `ClientRequest`). `None` when both are empty.
    pub fn connect_host(&self) -> Option<&str> {
        nonempty(&self.hostname).or_else(|| nonempty(&self.host))
    }

    /// Whether `http.request` given this URL falls back to `localhost`: a
    /// protocol, but neither hostname nor host (as `http:///evil.com`).
    pub fn falls_back_to_localhost(&self) -> bool {
        self.protocol.is_some() && self.connect_host().is_none()
    }
}

/// A field that is a non-empty string (truthy, in JavaScript).
fn nonempty(v: &Option<String>) -> Option<&str> {
    v.as_deref().filter(|s| !s.is_empty())
}

/// Records the request's result on `tracer`: the `Url`'s `href` and the
/// host a client would connect to.
pub fn record_answer<T: Tracer>(answer: &Answer, tracer: &mut T) {
    tracer.record(|| {
        Step::change(
            StepId::NodeConnectHost,
            Component::Host,
            None,
            answer.url.connect_host(),
        )
        .decide(
            match (nonempty(&answer.url.hostname), answer.url.connect_host()) {
                (Some(_), _) => "http.request connects to the hostname",
                (None, Some(_)) => "no hostname: http.request takes the host, ':' and port",
                (None, None) => "neither hostname nor host: http.request connects to 'localhost'",
            },
        )
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::{NoTrace, Trace};

    /// The href (or the error) and the hostname of a request.
    fn ask(input: &str, base: Option<&str>) -> (String, Option<String>) {
        match request(input, base, &mut NoTrace) {
            Ok(a) => (a.url.href, a.url.hostname),
            Err(e) => (e.to_string(), None),
        }
    }

    #[test]
    fn parses_and_resolves_as_node_does() {
        // Each checked against node-legacy-runner.js (Node.js 20.20.2).
        let cases: &[(&str, Option<&str>, &str, Option<&str>)] = &[
            (
                "http://good.com:evil.com/",
                None,
                "http://good.com/:evil.com/",
                Some("good.com"),
            ),
            ("http://a:b:80/x", None, "http://a:80/:b/x", Some("a")),
            (
                "HTTP:evil.com/x",
                None,
                "http://evil.com/x",
                Some("evil.com"),
            ),
            ("http:evil.com/x", None, "http:evil.com/x", None),
            (
                "http://good.com\\@evil.com/",
                None,
                "http://good.com/@evil.com/",
                Some("good.com"),
            ),
            ("http://a@b@c/", None, "http://a%40b@c/", Some("c")),
            ("http://a\tb.com/", None, "http://ab.com/", Some("ab.com")),
            ("http://[::1]x/", None, "TypeError: Invalid URL", None),
            (
                "http://[evil.com]/",
                None,
                "http://[evil.com]/",
                Some("evil.com"),
            ),
            (
                "http://ex%41mple.com/",
                None,
                "http://ex/%41mple.com/",
                Some("ex"),
            ),
            (
                "http://ＥＸＡＭＰＬＥ．ｃｏｍ/",
                None,
                "http://example.com/",
                Some("example.com"),
            ),
            ("http://a\u{0}b.com/", None, "http://a/", Some("a")),
            (
                "http://evil.com\u{ff0f}good.com/",
                None,
                "TypeError: Invalid URL",
                None,
            ),
            ("http://0x7f.1/", None, "http://0x7f.1/", Some("0x7f.1")),
            (
                "http://evil.com;good.com/",
                None,
                "http://evil.com/;good.com/",
                Some("evil.com"),
            ),
            (" \u{a0}http://h/ \u{feff}", None, "http://h/", Some("h")),
            ("/a b?c d", None, "/a%20b?c%20d", None),
            ("/a?c", None, "/a?c", None),
            ("http://%zz@h/", None, "URIError: URI malformed", None),
            (
                "//evil.com/x",
                Some("http://good.com/a"),
                "http://evil.com/x",
                Some("evil.com"),
            ),
            (
                "///evil.com/x",
                Some("http://good.com/a"),
                "http:///evil.com/x",
                Some(""),
            ),
            (
                "\\\\evil.com/x",
                Some("http://good.com/a"),
                "http://evil.com/x",
                Some("evil.com"),
            ),
            (
                "https:evil.com",
                Some("http://good.com/a"),
                "https://evil.com/",
                Some("evil.com"),
            ),
            (
                "http:evil.com",
                Some("http://good.com/a/b"),
                "http://good.com/a/evil.com",
                Some("good.com"),
            ),
            (
                "javascript:alert(1)",
                Some("http://good.com/"),
                "javascript:alert(1)",
                None,
            ),
            (
                "x@evil.com",
                Some("mailto:a@good.com"),
                "mailto:x@evil.com",
                Some("evil.com"),
            ),
            ("../../x", Some("mailto:u@h/a/b"), "mailto:u@x", Some("x")),
            ("?q", Some("mailto:a@b@c"), "mailto:a%40b@c?q", Some("c")),
            ("", Some("http://h/a?b#c"), "http://h/a?b", Some("h")),
        ];
        for &(input, base, href, host) in cases {
            let got = ask(input, base);
            assert_eq!(
                (got.0.as_str(), got.1.as_deref()),
                (href, host),
                "{input:?} against {base:?}"
            );
        }
    }

    #[test]
    fn a_long_hostname_is_emptied_not_refused() {
        let long = format!("http://{}/x", "a".repeat(256));
        let a = request(&long, None, &mut NoTrace).map(|a| a.url);
        assert_eq!(
            a.as_ref().map(|u| (u.href.as_str(), u.hostname.as_deref())),
            Ok(("http:///x", Some("")))
        );
        assert!(a.is_ok_and(|u| u.quirks.hostname_emptied));
    }

    /// Inputs that together reach every `node-legacy.*` step.
    const EVERY_STEP: &[(&str, Option<&str>)] = &[
        ("/a?b", None),
        ("HTTP://u%41:p@[::1]:80/a b?q#f", None),
        ("http://h:x:1/\\x", None),
        ("http://é.com/", None),
        ("http://xn--a/", None),
        ("x", Some("http://h/a/b")),
        ("", Some("http://h/a")),
        ("//h2/x", Some("http://h/a")),
        ("mailto:x@y", Some("http://h/a")),
        ("https:x/y", Some("http://h/a")),
        ("/../x", Some("http://h/a")),
        ("?q", Some("mailto:a@b")),
        ("#f", Some("foo:")),
        ("../x", Some("mailto:u@h/a")),
    ];

    /// Runs a request, traced or not, and the connect-host step.
    fn run<T: Tracer>(input: &str, base: Option<&str>, t: &mut T) -> Result<Answer, NodeError> {
        let a = request(input, base, t)?;
        record_answer(&a, t);
        Ok(a)
    }

    #[test]
    fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
        let mut reached = std::collections::BTreeSet::new();
        for &(input, base) in EVERY_STEP {
            let mut trace = Trace::default();
            let traced = run(input, base, &mut trace);
            assert_eq!(traced, run(input, base, &mut NoTrace), "{input:?}");
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
        assert_eq!(
            crate::engine::servers::test_steps::unreached(
                crate::engine::Stage::NodeLegacy,
                &reached
            ),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn the_steps_name_the_host_and_the_userinfo() {
        let mut trace = Trace::default();
        let _ = request("http://u:p@a:b:80/", None, &mut trace);
        let of = |id: StepId| trace.steps.iter().find(|s| s.id == id);
        let authority = of(StepId::NodeAuthority).map(|s| (s.component, s.after.clone()));
        assert_eq!(
            authority,
            Some((Some(Component::Host), Some("a:b:80".into())))
        );
        let cut = of(StepId::NodeGetHostname).map(|s| s.after.clone());
        assert_eq!(cut, Some(Some("a".into())));
        let user = of(StepId::NodeAuth).map(|s| s.component);
        assert_eq!(user, Some(Some(Component::User)));
    }

    #[test]
    fn no_input_panics() {
        let huge = [
            "a".repeat(10 << 20),
            format!("http://h/{}", "./../".repeat(2 << 20)),
            format!("http:{}", "/".repeat(10 << 20)),
            format!("http://{}", "é".repeat(5 << 20)),
            format!("http://[{}]/", ":".repeat(10 << 20)),
            "%".repeat(10 << 20) + "@h",
        ];
        for input in &huge {
            let _ = request(input, None, &mut NoTrace);
            let _ = request("../x", Some(input), &mut NoTrace);
        }
        let odd = [
            "",
            " ",
            "%",
            "[",
            "]",
            "//[",
            "http://[",
            "http://]",
            "http://@",
            "#",
            "?#?",
            "\\",
            "\u{0}",
            "\u{10ffff}",
            "http://\u{200d}/",
            "http://xn--/",
            "http://.../",
            "javascript://x",
            "file:",
            "a:",
            "//@",
            "http://a@",
            "http:@",
            "mailto:@",
        ];
        for input in odd {
            for base in [
                None,
                Some("http://h/a/b"),
                Some("mailto:x@y"),
                Some(""),
                Some(input),
            ] {
                let _ = request(input, base, &mut NoTrace);
                let _ = request(input, base, &mut Trace::default());
            }
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn never_panics_and_traced_equals_untraced(
                input in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;= \\\\é\u{ad}\u{a0}\u{feff}\t\n\0-]{0,24}",
                base in proptest::option::of("[a-z:/?#\\[\\]@%.0-9é\\\\-]{0,16}"),
            ) {
                let plain = request(&input, base.as_deref(), &mut NoTrace);
                let mut trace = Trace::default();
                let traced = request(&input, base.as_deref(), &mut trace);
                prop_assert_eq!(plain, traced);
            }

            #[test]
            fn format_of_a_parse_parses_the_same(
                input in "[a-z]{1,5}://[a-z0-9.]{1,8}(:[0-9]{1,3})?(/[a-z.]{0,4}){0,3}(\\?[a-z=&]{0,6})?(#[a-z]{0,4})?",
            ) {
                if let Ok(a) = request(&input, None, &mut NoTrace) {
                    let again = request(&a.url.href, None, &mut NoTrace).map(|b| b.url.href);
                    prop_assert_eq!(again, Ok(a.url.href));
                }
            }
        }
    }
}
