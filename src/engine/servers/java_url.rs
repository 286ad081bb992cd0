//! OpenJDK 17's `java.net.URL`, modelled: `new URL(input)`, or with a base
//! `new URL(new URL(base), input)`, through `URL(URL, String,
//! URLStreamHandler)`, the handler the protocol names, and its
//! `parseURL`; then the getters a program reads.
//!
//! The request is the project's definition (`scripts/servers/JavaRunner.java`):
//! `toExternalForm()`, `getProtocol()`, `getAuthority()`, `getUserInfo()`,
//! `getHost()`, `getPort()`, `getDefaultPort()`, `getPath()`,
//! `getQuery()`, `getRef()`, `getFile()` ([`Url`]'s fields and methods). A
//! refusal is a `MalformedURLException` ([`UrlError`]): the constructor
//! turns every other exception a handler throws into one carrying its
//! message.
//!
//! Source: OpenJDK 17.0.19's `java/net/URL.java`,
//! `java/net/URLStreamHandler.java`, `sun/net/www/protocol/{file,jar,
//! mailto,http,https,ftp,jrt,jmod}/Handler.java` (Debian's
//! `openjdk-17-source`); the runtime is 17.0.15, and the classes compiled
//! from 17.0.19 and patched into it answer every committed request byte for
//! byte as its own do (see `java_common`).
//!
//! | OpenJDK | here |
//! |---|---|
//! | `URL(URL context, String spec, URLStreamHandler handler)` | [`construct`] (what it takes of its context: `use_context`) |
//! | `URL.isValidProtocol`, `URL.toLowerCase` | `valid_protocol`, [`to_lower_root`] |
//! | `URL.getURLStreamHandler` and `DefaultFactory` | [`Handler::of`] |
//! | `URLStreamHandler.parseURL` (http, https, ftp, file, jrt, jmod) | `parse_url`; its authority part `parse_authority` (host and port: `host_and_port`), its file path part `parse_path` |
//! | `mailto.Handler.parseURL` | `parse_mailto` |
//! | `jar.Handler.parseURL`, `parseAbsoluteSpec`, `parseContextSpec`, `canonicalizeString`, `doCanonicalize` | `parse_jar` and its helpers |
//! | `URLStreamHandler.setURL` (both), `URL.set` | `set_url`, `set_url_file` |
//! | `IPAddressUtil.checkHostString`, `isIPv6LiteralAddress` | [`check_host_string`], [`ipv6_literal`] |
//! | `Integer.parseInt` | [`parse_int`] |
//! | `URLStreamHandler.toExternalForm`, `getDefaultPort` of each handler | [`Url::to_external_form`], [`Url::default_port`] |
//!
//! `ParseUtil` plays no part in building a URL (only `file:` connections
//! and `URL.toURI` use it). Which handlers exist is fixed by the runtime:
//! with no `URLStreamHandlerFactory`, no `java.protocol.handler.pkgs` and no
//! provider on the class path, `new URL` knows http, https, ftp, file, jar,
//! jrt, jmod and mailto, and nothing else. No DNS is asked: the getters
//! never resolve a name.

use std::borrow::Cow;
use std::fmt;

pub use super::java_common::Where;
use super::java_common::{
    check_host_string, equals_ignore_case, ipv6_literal, is_java_whitespace, is_letter,
    is_letter_or_digit, parse_int, to_lower_root, utf16_index,
};
use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// The protocol handlers the runtime installs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handler {
    Http,
    Https,
    Ftp,
    File,
    Jar,
    Jrt,
    Jmod,
    Mailto,
}

impl Handler {
    /// `URL.getURLStreamHandler(protocol)`: the built-in handler of a
    /// lowercased protocol (`DefaultFactory`: `sun.net.www.protocol.
    /// PROTOCOL.Handler`), or none.
    pub fn of(protocol: &str) -> Option<Handler> {
        Some(match protocol {
            "http" => Handler::Http,
            "https" => Handler::Https,
            "ftp" => Handler::Ftp,
            "file" => Handler::File,
            "jar" => Handler::Jar,
            "jrt" => Handler::Jrt,
            "jmod" => Handler::Jmod,
            "mailto" => Handler::Mailto,
            _ => return None,
        })
    }

    /// `getDefaultPort()`: 80, 443 and 21 for http, https and ftp, else -1.
    pub const fn default_port(self) -> i32 {
        match self {
            Handler::Http => 80,
            Handler::Https => 443,
            Handler::Ftp => 21,
            _ => -1,
        }
    }
}

/// A `MalformedURLException`: its message, and which constructor threw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlError {
    pub at: Where,
    pub message: String,
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "java.net.MalformedURLException: {}", self.message)
    }
}

/// A URL's fields, as `URL` keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url<'a> {
    pub protocol: Cow<'a, str>,
    pub host: Option<Cow<'a, str>>,
    pub port: i32,
    pub authority: Option<Cow<'a, str>>,
    pub user_info: Option<Cow<'a, str>>,
    pub path: Option<Cow<'a, str>>,
    pub query: Option<Cow<'a, str>>,
    /// `getRef()`.
    pub reference: Option<Cow<'a, str>>,
    pub handler: Handler,
}

impl Url<'_> {
    /// `getFile()`: the path, and `?` and the query when there is one (as
    /// `URL.set` writes it; a missing path reads "null", as Java's string
    /// concatenation has it).
    pub fn file(&self) -> Option<Cow<'_, str>> {
        match (&self.path, &self.query) {
            (p, None) => p.as_deref().map(Cow::Borrowed),
            (p, Some(q)) => Some(Cow::Owned(format!(
                "{}?{q}",
                p.as_deref().unwrap_or("null")
            ))),
        }
    }

    /// `getDefaultPort()`.
    pub fn default_port(&self) -> i32 {
        self.handler.default_port()
    }

    /// `URLStreamHandler.toExternalForm`: protocol ':', '//' and the
    /// authority when it is not empty, the path, '?' query, '#' ref.
    pub fn to_external_form<T: Tracer>(&self, tracer: &mut T) -> String {
        let mut s = String::with_capacity(64);
        s.push_str(&self.protocol);
        s.push(':');
        if let Some(a) = self.authority.as_deref().filter(|a| !a.is_empty()) {
            s.push_str("//");
            s.push_str(a);
        }
        if let Some(p) = &self.path {
            s.push_str(p);
        }
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(r) = &self.reference {
            s.push('#');
            s.push_str(r);
        }
        tracer.record(|| Step {
            after: Some(s.clone()),
            changes: true,
            ..Step::new(StepId::JavaUrlExternal)
        });
        s
    }
}

/// The host an `HttpURLConnection` connects to, given `getHost()`: one
/// pair of brackets dropped, as `InetAddress.getAllByName` drops them
/// before it reads an IPv6 literal; `None` when empty (the connection
/// would go to the loopback address).
pub fn connect_host(host: Option<&str>) -> Option<&str> {
    let h = host.filter(|h| !h.is_empty())?;
    if h.len() > 2
        && let Some(inner) = h.strip_prefix('[').and_then(|x| x.strip_suffix(']'))
    {
        return Some(inner);
    }
    Some(h)
}

/// An exception inside the constructor, before it becomes a
/// `MalformedURLException` with the same message.
type Thrown = String;

/// The request: `new URL(input)`, or `new URL(new URL(base), input)`.
pub fn request<'a, T: Tracer>(
    input: &'a str,
    base: Option<&'a str>,
    tracer: &mut T,
) -> Result<Url<'a>, UrlError> {
    let context = match base {
        None => None,
        Some(b) => Some(
            construct(None, b, &mut OfBase(tracer))
                .map_err(|message| fail(Where::Base, message, &mut OfBase(tracer)))?,
        ),
    };
    construct(context.as_ref(), input, tracer)
        .map_err(|message| fail(Where::Input, message, tracer))
}

fn fail<T: Tracer>(at: Where, message: String, tracer: &mut T) -> UrlError {
    let e = UrlError { at, message };
    tracer.record(|| Step::new(StepId::JavaUrlFail).decide(e.to_string()).fail());
    e
}

/// `URL.isValidProtocol`: a letter, then letters, digits, '.', '+', '-'
/// (Unicode letters and digits, one UTF-16 unit each).
fn valid_protocol(p: &str) -> bool {
    let mut chars = p.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    is_letter(first) && chars.all(|c| is_letter_or_digit(c) || matches!(c, '.' | '+' | '-'))
}

/// `URL(URL context, String spec, URLStreamHandler handler)` with no
/// handler given.
pub fn construct<'a, T: Tracer>(
    context: Option<&Url<'a>>,
    spec: &'a str,
    tracer: &mut T,
) -> Result<Url<'a>, Thrown> {
    let b = spec.as_bytes();
    let mut limit = b.len();
    // URL(URL, String, URLStreamHandler): characters up to ' ' trimmed
    while limit > 0 && b[limit - 1] <= b' ' {
        limit -= 1;
    }
    let mut start = 0;
    while start < limit && b[start] <= b' ' {
        start += 1;
    }
    tracer.record(|| {
        Step::new(StepId::JavaUrlTrim).decide(format!(
            "characters up to U+0020 trimmed: {} from the front, {} from the end",
            start,
            b.len() - limit
        ))
    });
    if b.get(start..start + 4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"url:"))
    {
        start += 4;
        tracer.record(|| Step::new(StepId::JavaUrlPrefix).decide("a leading 'url:' skipped"));
    }
    let a_ref = b.get(start) == Some(&b'#');
    let mut new_protocol: Option<Cow<'a, str>> = None;
    if !a_ref {
        let mut i = start;
        while i < limit && b[i] != b'/' {
            if b[i] == b':' {
                let s = to_lower_root(&spec[start..i]);
                if valid_protocol(&s) {
                    new_protocol = Some(s);
                    start = i + 1;
                }
                break;
            }
            i += 1;
        }
    }
    tracer.record(|| {
        Step::change(
            StepId::JavaUrlProtocol,
            Component::Scheme,
            None,
            new_protocol.as_deref(),
        )
        .decide(if new_protocol.is_some() {
            "the text before the first ':' (before any '/') is a valid protocol, lowercased"
        } else {
            "no valid protocol before the first ':' or '/'"
        })
    });

    let mut url = Url {
        protocol: Cow::Borrowed(""),
        host: None,
        port: -1,
        authority: None,
        user_info: None,
        path: None,
        query: None,
        reference: None,
        handler: Handler::Http,
    };
    let FromContext {
        protocol,
        handler,
        relative,
        file: ctx_file,
    } = use_context(context, new_protocol, &mut url, tracer);
    let Some(protocol) = protocol else {
        return Err(format!("no protocol: {spec}"));
    };
    let handler = match handler.or_else(|| Handler::of(&protocol)) {
        Some(h) => h,
        None => return Err(format!("unknown protocol: {protocol}")),
    };
    tracer.record(|| Step::new(StepId::JavaUrlHandler).decide(format!("the {handler:?} handler")));
    url.protocol = protocol;
    url.handler = handler;
    if let Some(i) = spec[start.min(spec.len())..].find('#').map(|i| i + start) {
        let r = spec.get(i + 1..limit.max(i + 1)).unwrap_or("");
        url.reference = Some(Cow::Borrowed(r));
        limit = i;
        tracer.record(|| {
            Step::change(StepId::JavaUrlRef, Component::Fragment, None, Some(r))
                .decide("everything after the first '#' (trailing spaces trimmed)")
        });
    }
    // a relative spec that is empty keeps the base's query and ref
    if relative
        && start == limit
        && let Some(ctx) = context
    {
        url.query = ctx.query.clone();
        if url.reference.is_none() {
            url.reference = ctx.reference.clone();
        }
    }

    match handler {
        Handler::Mailto => parse_mailto(url, spec, start, limit, tracer),
        Handler::Jar => parse_jar(url, ctx_file, spec, start, limit, tracer),
        _ => parse_url(url, spec, start, limit, tracer),
    }
}

/// What `URL(URL, String, URLStreamHandler)` takes from its context.
struct FromContext<'a> {
    /// The protocol: the spec's, or the base's when read as relative.
    protocol: Option<Cow<'a, str>>,
    /// The base's handler, when the protocols match.
    handler: Option<Handler>,
    /// Read as relative to the base (`isRelative`).
    relative: bool,
    /// URL's own `file` field, copied from the base with the rest.
    file: Option<Cow<'a, str>>,
}

/// `URL(URL context, String spec, URLStreamHandler handler)`
/// (`java/net/URL.java`), the part "Only use our context if the protocols
/// match": with no protocol in the spec or the base's, the base's
/// handler; and unless the spec names the protocol of an opaque base, the
/// base's authority, user info, host, port and path are the starting
/// point (into `url`).
fn use_context<'a, T: Tracer>(
    context: Option<&Url<'a>>,
    mut new_protocol: Option<Cow<'a, str>>,
    url: &mut Url<'a>,
    tracer: &mut T,
) -> FromContext<'a> {
    let mut protocol = new_protocol.clone();
    let mut handler = None;
    let mut relative = false;
    let mut ctx_file: Option<Cow<'a, str>> = None;
    if let Some(ctx) = context
        && new_protocol
            .as_deref()
            .is_none_or(|p| equals_ignore_case(p, &ctx.protocol))
    {
        handler = Some(ctx.handler);
        // a hierarchical context and the same protocol: read as relative
        if ctx.path.as_deref().is_some_and(|p| p.starts_with('/')) {
            new_protocol = None;
        }
        if new_protocol.is_none() {
            protocol = Some(ctx.protocol.clone());
            url.authority = ctx.authority.clone();
            url.user_info = ctx.user_info.clone();
            url.host = ctx.host.clone();
            url.port = ctx.port;
            url.path = ctx.path.clone();
            ctx_file = ctx.file().map(|f| Cow::Owned(f.into_owned()));
            relative = true;
        }
        tracer.record(|| {
            Step::new(StepId::JavaUrlContext).decide(if relative {
                "the base's protocol: the base's authority, host, port and path are the starting point"
            } else {
                "the same protocol as an opaque base: the base's handler, none of its parts"
            })
        });
    } else if context.is_some() {
        tracer.record(|| {
            Step::new(StepId::JavaUrlContext)
                .decide("a protocol other than the base's: the base plays no part")
        });
    }
    FromContext {
        protocol,
        handler,
        relative,
        file: ctx_file,
    }
}

/// `URLStreamHandler.setURL` (the nine-argument one) and `URL.set`: the
/// built-in handlers' host must pass `IPAddressUtil.checkHostString`.
fn set_url<'a, T: Tracer>(url: Url<'a>, tracer: &mut T) -> Result<Url<'a>, Thrown> {
    if let Some(host) = url.host.as_deref() {
        let check = check_host_string(host);
        tracer.record(|| {
            let step = Step::new(StepId::JavaUrlCheckHost).about(Component::Host);
            match &check {
                None => step.decide("no control, '/' or look-alike of a delimiter in the host"),
                Some(m) => step.decide(m.clone()).fail(),
            }
        });
        if let Some(m) = check {
            return Err(m);
        }
    }
    Ok(url)
}

/// The deprecated six-argument `setURL(u, protocol, host, port, file, ref)`
/// that mailto and jar call: no authority unless there is a host, and the
/// file split at its last '?'.
fn set_url_file<'a, T: Tracer>(
    mut url: Url<'a>,
    file: Option<Cow<'a, str>>,
    reference: Option<Cow<'a, str>>,
    tracer: &mut T,
) -> Result<Url<'a>, Thrown> {
    url.host = Some(Cow::Borrowed(""));
    url.port = -1;
    url.authority = None;
    url.user_info = None;
    (url.path, url.query) = match file {
        None => (None, None),
        Some(f) => match f.rfind('?') {
            Some(q) => (
                Some(Cow::Owned(f[..q].to_owned())),
                Some(Cow::Owned(f[q + 1..].to_owned())),
            ),
            None => (Some(f), None),
        },
    };
    url.reference = reference;
    set_url(url, tracer)
}

/// `mailto.Handler.parseURL`: the whole rest is the file; no host, and
/// the ref is dropped.
fn parse_mailto<'a, T: Tracer>(
    url: Url<'a>,
    spec: &'a str,
    start: usize,
    limit: usize,
    tracer: &mut T,
) -> Result<Url<'a>, Thrown> {
    let port = url.port;
    let file = if start < limit {
        &spec[start..limit]
    } else {
        ""
    };
    tracer.record(|| {
        Step::change(StepId::JavaUrlMailto, Component::Path, None, Some(file))
            .decide("mailto: the text after the colon is the file, split at its last '?'; the ref is dropped")
    });
    if file.chars().all(is_java_whitespace) {
        return Err("No email address".to_owned());
    }
    let mut url = set_url_file(url, Some(Cow::Borrowed(file)), None, tracer)?;
    url.port = port;
    Ok(url)
}

/// `jar.Handler.indexOfBangSlash`: the index of the '/' of the last "!/".
fn index_of_bang_slash(s: &str) -> Option<usize> {
    s.rfind("!/").map(|i| i + 1)
}

/// `jar.Handler.parseURL`.
fn parse_jar<'a, T: Tracer>(
    url: Url<'a>,
    ctx_file: Option<Cow<'a, str>>,
    spec: &'a str,
    start: usize,
    limit: usize,
    tracer: &mut T,
) -> Result<Url<'a>, Thrown> {
    let mut file: Option<Cow<'a, str>> = None;
    let mut reference = None;
    // the ref runs to the very end of the spec, trailing spaces and all
    let ref_pos = spec
        .get(limit..)
        .and_then(|t| t.find('#'))
        .map(|i| i + limit);
    let ref_only = ref_pos == Some(start);
    if let Some(r) = ref_pos {
        reference = Some(Cow::Borrowed(&spec[r + 1..]));
        if ref_only {
            file = ctx_file.clone();
        }
    }
    let absolute = spec.len() >= 4 && spec.as_bytes()[..4].eq_ignore_ascii_case(b"jar:");
    let rest = &spec[start..limit];
    if rest.len() >= 4 && rest.as_bytes()[..4].eq_ignore_ascii_case(b"jar:") {
        return Err("Nested JAR URLs are not supported".to_owned());
    }
    if absolute {
        // parseAbsoluteSpec: a "!/" and an inner URL that parses
        let Some(index) = index_of_bang_slash(rest) else {
            return Err("no !/ in spec".to_owned());
        };
        let inner = &rest[..index - 1];
        if let Err(e) = construct(None, inner, &mut crate::engine::NoTrace) {
            return Err(format!(
                "invalid url: {rest} (java.net.MalformedURLException: {e})"
            ));
        }
        file = Some(Cow::Borrowed(rest));
    } else if !ref_only {
        let joined = parse_context_spec(ctx_file.map(Cow::into_owned), rest, &url)?;
        let off = index_of_bang_slash(&joined);
        file = Some(Cow::Owned(canonicalize_string(joined, off)?));
    }
    tracer.record(|| {
        Step::change(StepId::JavaUrlJar, Component::Path, None, file.as_deref()).decide(if absolute {
            "jar: the inner URL before the last '!/' parses: the whole rest is the file; no host"
        } else if ref_only {
            "jar: a lone ref: the base's file"
        } else {
            "jar: the base's file up to its last '/' (or its '!/' for an absolute entry), then the spec, dot segments removed after the '!/'"
        })
    });
    set_url_file(url, file, reference, tracer)
}

/// `jar.Handler.parseContextSpec`.
fn parse_context_spec(
    ctx_file: Option<String>,
    spec: &str,
    url: &Url<'_>,
) -> Result<String, Thrown> {
    let Some(mut ctx) = ctx_file else {
        // (only a spec that starts with spaces or "url:" and then "jar:"
        // gets here without a base: a NullPointerException)
        return Err(if spec.starts_with('/') {
            "Cannot invoke \"String.length()\" because \"spec\" is null".to_owned()
        } else {
            "Cannot invoke \"String.lastIndexOf(int)\" because \"ctxFile\" is null".to_owned()
        });
    };
    if spec.starts_with('/') {
        let Some(bang) = index_of_bang_slash(&ctx) else {
            return Err(format!("malformed context url:{}: no !/", external_of(url)));
        };
        ctx.truncate(bang);
    } else {
        match ctx.rfind('/') {
            None => return Err(format!("malformed context url:{}", external_of(url))),
            Some(last) if last < ctx.len() - 1 => ctx.truncate(last + 1),
            Some(_) => {}
        }
    }
    ctx.push_str(spec);
    Ok(ctx)
}

fn external_of(url: &Url<'_>) -> String {
    url.to_external_form(&mut crate::engine::NoTrace)
}

/// `jar.Handler.canonicalizeString`: dot segments removed after `off`.
fn canonicalize_string(file: String, off: Option<usize>) -> Result<String, Thrown> {
    let len = file.len();
    let from = off.unwrap_or(0);
    if off.is_some_and(|o| o >= len) || (!file[from..].contains("./") && !file.ends_with('.')) {
        return Ok(file);
    }
    let Some(off) = off else {
        // file.substring(0, -1)
        return Err(format!(
            "begin 0, end -1, length {}",
            file.encode_utf16().count()
        ));
    };
    let (before, after) = file.split_at(off);
    Ok(format!("{before}{}", do_canonicalize(after.to_owned())))
}

/// `jar.Handler.doCanonicalize`.
fn do_canonicalize(mut file: String) -> String {
    while let Some(i) = file.find("/../") {
        match file[..i].rfind('/') {
            Some(lim) => file = format!("{}{}", &file[..lim], &file[i + 3..]),
            None => file = file[i + 3..].to_owned(),
        }
    }
    while let Some(i) = file.find("/./") {
        file.replace_range(i..i + 2, "");
    }
    while file.ends_with("/..") {
        let Some(i) = file.find("/..") else { break };
        match file[..i].rfind('/') {
            Some(lim) => file.truncate(lim + 1),
            None => file.truncate(i),
        }
    }
    if file.ends_with("/.") {
        file.pop();
    }
    file
}

/// `String.lastIndexOf('/', from)`: the last '/' at or before `from`.
fn last_slash_at_or_before(s: &str, from: isize) -> Option<usize> {
    if from < 0 {
        return None;
    }
    let end = (from as usize + 1).min(s.len());
    s[..end].rfind('/')
}

/// `URLStreamHandler.parseURL`, the parser of http, https, ftp, file, jrt
/// and jmod URLs.
fn parse_url<'a, T: Tracer>(
    mut url: Url<'a>,
    spec_in: &'a str,
    mut start: usize,
    mut limit: usize,
    tracer: &mut T,
) -> Result<Url<'a>, Thrown> {
    let mut spec = spec_in;
    let mut query_only = false;
    // the query: after the first '?' of the whole spec, before the ref
    if start < limit {
        let query_start = spec.find('?');
        query_only = query_start == Some(start);
        if let Some(qs) = query_start.filter(|&qs| qs < limit) {
            let q = &spec[qs + 1..limit];
            url.query = Some(Cow::Borrowed(q));
            limit = qs;
            spec = &spec[..qs];
            tracer.record(|| {
                Step::change(StepId::JavaUrlQuery, Component::Query, None, Some(q))
                    .decide("everything after the first '?', before the '#'")
            });
        }
    }
    let b = spec.as_bytes();
    let unc = start + 4 <= limit && &b[start..start + 4] == b"////";
    if !unc && start + 2 <= limit && &b[start..start + 2] == b"//" {
        start = parse_authority(&mut url, spec, start + 2, limit, tracer)?;
    }
    if url.host.is_none() {
        url.host = Some(Cow::Borrowed(""));
    }
    // the path
    let rel_path = parse_path(&mut url, spec, start, limit, query_only);
    if url.path.is_none() {
        url.path = Some(Cow::Borrowed(""));
    }
    let before = url.path.clone();
    tracer.record(|| {
        Step::change(
            StepId::JavaUrlPath,
            Component::Path,
            None,
            before.as_deref(),
        )
        .decide(if rel_path {
            "a relative path: the base's path up to its last '/', then the spec's"
        } else {
            "the spec's path as written"
        })
    });
    if rel_path && let Some(p) = url.path.take() {
        let cleaned = remove_dots(p.into_owned());
        tracer.record(|| {
            Step::change(
                StepId::JavaUrlDots,
                Component::Path,
                before.as_deref(),
                Some(&cleaned),
            )
        });
        url.path = Some(Cow::Owned(cleaned));
    }
    set_url(url, tracer)
}

/// `URLStreamHandler.parseURL` (`java/net/URLStreamHandler.java`), the
/// part "Parse the authority part if any", after a `//` (not four) at
/// `start`: the authority up to the next `/` (or `?`), the user info
/// before a lone `@`, then the host and port. Gives where the path starts.
fn parse_authority<'a, T: Tracer>(
    url: &mut Url<'a>,
    spec: &'a str,
    start: usize,
    limit: usize,
    tracer: &mut T,
) -> Result<usize, Thrown> {
    let i = match spec[start..].find('/').map(|x| x + start) {
        Some(x) if x <= limit => x,
        _ => match spec[start..].find('?').map(|x| x + start) {
            Some(x) if x <= limit => x,
            _ => limit,
        },
    };
    let authority = &spec[start..i];
    tracer.record(|| {
        Step::change(StepId::JavaUrlAuthority, Component::Host, None, Some(authority))
            .decide("'//' (not four): the authority runs to the next '/' (or '?'); a backslash is an ordinary character")
    });
    url.authority = Some(Cow::Borrowed(authority));
    let mut host: Option<&'a str> = Some(authority);
    match authority.find('@') {
        Some(at) if Some(at) != authority.rfind('@') => {
            url.user_info = None;
            host = None;
            tracer.record(|| {
                Step::change(StepId::JavaUrlUserInfo, Component::User, None, None)
                    .decide("more than one '@': not server-based, no user info and an empty host")
            });
        }
        Some(at) => {
            let user = &authority[..at];
            url.user_info = Some(Cow::Borrowed(user));
            host = Some(&authority[at + 1..]);
            tracer.record(|| {
                Step::change(StepId::JavaUrlUserInfo, Component::User, None, Some(user))
                    .decide("the text before the only '@'")
            });
        }
        None => url.user_info = None,
    }
    let (host_text, port) = host_and_port(authority, host, url.port)?;
    tracer.record(|| {
        Step::change(StepId::JavaUrlHost, Component::Host, Some(authority), Some(host_text)).decide(
            if host_text.starts_with('[') {
                "a bracketed IPv6 literal that IPAddressUtil accepts, brackets kept"
            } else {
                "the text after the '@' up to the first ':', as written: no lowercasing, no decoding, no IDNA"
            },
        )
    });
    url.host = Some(Cow::Borrowed(host_text));
    if port < -1 {
        return Err(format!("Invalid port number :{port}"));
    }
    url.port = port;
    tracer.record(|| {
        Step::change(StepId::JavaUrlPort, Component::Port, None, Some(&port.to_string()))
            .decide("Integer.parseInt of the text after ':': a sign and digits of any script are read; -1 is no port")
    });
    if !authority.is_empty() {
        url.path = Some(Cow::Borrowed(""));
    }
    Ok(i)
}

/// `URLStreamHandler.parseURL` (`java/net/URLStreamHandler.java`), the
/// host and port of "Parse the authority part if any": an IPv6 literal in
/// brackets ("If the host is surrounded by [ and ]") and a port after its
/// `]`, or a host up to the first `:` and a port after it; with no host
/// (more than one `@`), an empty one and the port as it was. An empty
/// port is -1.
fn host_and_port<'a>(
    authority: &'a str,
    host: Option<&'a str>,
    mut port: i32,
) -> Result<(&'a str, i32), Thrown> {
    let host_text = match host {
        Some(h) if h.starts_with('[') => {
            let Some(close) = h.find(']').filter(|&c| utf16_index(h, c) > 2) else {
                return Err(format!("Invalid authority field: {authority}"));
            };
            let literal = &h[..=close];
            if !ipv6_literal(&h[1..close]) {
                return Err(format!("Invalid host: {literal}"));
            }
            port = -1;
            if h.len() > close + 1 {
                if h.as_bytes()[close + 1] == b':' {
                    if h.len() > close + 2 {
                        port = parse_int(&h[close + 2..]).map_err(|e| e.0)?;
                    }
                } else {
                    return Err(format!("Invalid authority field: {authority}"));
                }
            }
            literal
        }
        Some(h) => {
            port = -1;
            match h.find(':') {
                Some(c) => {
                    if h.len() > c + 1 {
                        port = parse_int(&h[c + 1..]).map_err(|e| e.0)?;
                    }
                    &h[..c]
                }
                None => h,
            }
        }
        None => "",
    };
    Ok((host_text, port))
}

/// `URLStreamHandler.parseURL` (`java/net/URLStreamHandler.java`), the
/// part "Parse the file path if any", the spec from `start` to `limit`:
/// an absolute path as it is; a relative one after the path so far (the
/// base's) up to its last `/`; with no path so far, the spec's, with a
/// `/` in front after an authority; nothing but a query keeps the path
/// so far up to its last `/`. Gives whether a relative path was merged
/// (`isRelPath`).
fn parse_path<'a>(
    url: &mut Url<'a>,
    spec: &'a str,
    start: usize,
    limit: usize,
    query_only: bool,
) -> bool {
    if start < limit {
        if spec.as_bytes()[start] == b'/' {
            url.path = Some(Cow::Borrowed(&spec[start..limit]));
        } else if let Some(p) = url.path.as_deref().filter(|p| !p.is_empty()) {
            let ind = p.rfind('/');
            let sep = if ind.is_none() && url.authority.is_some() {
                "/"
            } else {
                ""
            };
            let keep = ind.map_or(0, |i| i + 1);
            url.path = Some(Cow::Owned(format!(
                "{}{sep}{}",
                &p[..keep],
                &spec[start..limit]
            )));
            return true;
        } else {
            let p = &spec[start..limit];
            url.path = Some(if url.authority.is_some() {
                Cow::Owned(format!("/{p}"))
            } else {
                Cow::Borrowed(p)
            });
        }
    } else if query_only && let Some(p) = url.path.as_deref() {
        let ind = p.rfind('/').unwrap_or(0);
        url.path = Some(Cow::Owned(format!("{}/", &p[..ind])));
    }
    false
}

/// `URLStreamHandler.parseURL`'s dot removal, for a merged relative path
/// only: "/./" dropped, "/x/../" folded (not at the start), a trailing
/// "/.." folded with the segment before the first "/..", a leading "./"
/// and a trailing "." dropped.
fn remove_dots(mut path: String) -> String {
    while let Some(i) = path.find("/./") {
        path.replace_range(i..i + 2, "");
    }
    let mut i = 0;
    while let Some(found) = path.get(i..).and_then(|t| t.find("/../")).map(|x| x + i) {
        i = found;
        let lim = if i > 0 {
            last_slash_at_or_before(&path, i as isize - 1)
        } else {
            None
        };
        match lim {
            Some(lim)
                if path
                    .get(lim..)
                    .and_then(|t| t.find("/../"))
                    .map(|x| x + lim)
                    != Some(0) =>
            {
                path = format!("{}{}", &path[..lim], &path[i + 3..]);
                i = 0;
            }
            _ => i += 3,
        }
    }
    while path.ends_with("/..") {
        let Some(i) = path.find("/..") else { break };
        match last_slash_at_or_before(&path, i as isize - 1) {
            Some(lim) => path.truncate(lim + 1),
            None => break,
        }
    }
    if path.starts_with("./") && path.len() > 2 {
        path.replace_range(..2, "");
    }
    if path.ends_with("/.") {
        path.pop();
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoTrace, Trace};

    fn external(input: &str, base: Option<&str>) -> String {
        match request(input, base, &mut NoTrace) {
            Ok(u) => u.to_external_form(&mut NoTrace),
            Err(e) => e.to_string(),
        }
    }

    fn host(input: &str) -> Option<String> {
        request(input, None, &mut NoTrace)
            .ok()
            .and_then(|u| u.host.map(Cow::into_owned))
    }

    #[test]
    fn builds_as_java_does() {
        assert_eq!(external("http://a b/", None), "http://a b/");
        assert_eq!(host("http://a b/"), Some("a b".into()));
        assert_eq!(host("http://u@evil.com\\@good.com/"), Some("".into()));
        assert_eq!(host("http://evil.com\\@good.com/"), Some("good.com".into()));
        assert_eq!(
            external("abc", None),
            "java.net.MalformedURLException: no protocol: abc"
        );
        assert_eq!(
            external("foo:bar", None),
            "java.net.MalformedURLException: unknown protocol: foo"
        );
        assert_eq!(
            external("httpſ://evil.com/", Some("https://good/")),
            "https://evil.com/"
        );
        assert_eq!(
            external("http://[::1]:8o/", None),
            "java.net.MalformedURLException: Error at index 1 in: \"8o\""
        );
        assert_eq!(
            request("http://h:٨٠/p", None, &mut NoTrace).map(|u| u.port),
            Ok(80)
        );
        assert_eq!(external("mailto:a@b?x#y", None), "mailto:a@b?x");
        assert_eq!(
            external("foo", Some("jar:file:/x!/a/b")),
            "jar:file:/x!/a/foo"
        );
        assert_eq!(
            external("jar:foo", None),
            "java.net.MalformedURLException: no !/ in spec"
        );
        assert_eq!(
            external("../../../g", Some("http://a/b/c/d;p?q")),
            "http://a/../g"
        );
        assert_eq!(
            external("?y", Some("http://a/b/c/d;p?q")),
            "http://a/b/c/?y"
        );
        assert_eq!(external("", Some("http://a/b?q#f")), "http://a/b?q#f");
        assert_eq!(
            external("http://h:-80/", None),
            "java.net.MalformedURLException: Invalid port number :-80"
        );
        assert_eq!(
            external("http://a\u{ff0f}b/", None),
            "java.net.MalformedURLException: Illegal character found in host: '\u{ff0f}'"
        );
    }

    #[test]
    fn connects_to_the_host_without_brackets() {
        let u = request("http://[::1]:80/", None, &mut NoTrace);
        assert_eq!(
            u.ok()
                .and_then(|u| connect_host(u.host.as_deref()).map(str::to_owned)),
            Some("::1".into())
        );
        assert_eq!(connect_host(Some("")), None);
    }

    /// Inputs that together reach every `java-url.*` step.
    const EVERY_STEP: &[(&str, Option<&str>)] = &[
        (" url:http://u@h:80/p?q#f ", None),
        ("../x/./y/..", Some("http://h/a/b")),
        ("mailto:a@b", None),
        ("x", Some("jar:http://h/a.jar!/b/c")),
        ("foo:x", None),
        ("x", Some("ftp://h/")),
    ];

    #[test]
    fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
        let mut reached = std::collections::BTreeSet::new();
        for (input, base) in EVERY_STEP.iter().copied() {
            let mut trace = Trace::default();
            let traced = request(input, base, &mut trace).map(|u| u.to_external_form(&mut trace));
            let plain =
                request(input, base, &mut NoTrace).map(|u| u.to_external_form(&mut NoTrace));
            assert_eq!(traced, plain, "{input:?}");
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
        assert_eq!(
            crate::engine::servers::test_steps::unreached(crate::engine::Stage::JavaUrl, &reached),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn no_input_panics() {
        // ten megabytes, absolute and relative (the dot removal is
        // quadratic in the count of dot segments, as Java's is: these
        // have none)
        let long = format!("http://h/{}?q#f", "ab/cd/".repeat(10 << 17));
        assert!(request(&long, None, &mut NoTrace).is_ok());
        let rel = "ab/cd/".repeat(10 << 17);
        assert!(request(&rel, Some("http://h/x/y"), &mut NoTrace).is_ok());
        let big = "a%2/..".repeat(1 << 18);
        let weird = [
            "",
            "%",
            "[",
            "]",
            "//[",
            "http://[",
            "http://[]",
            "http://[::1",
            "http://@",
            "#",
            "?#?",
            "\u{10ffff}",
            "http:",
            "jar:",
            "jar:!/",
            "url:",
            " url:jar:x!/",
            "file:////x",
            "http://h:",
            "http://h:+",
            "mailto:",
            "http://[::1]x",
            "http://[::1]:",
            "jar:jar:x!/",
        ];
        for input in weird.iter().copied().chain([big.as_str()]) {
            for base in [
                None,
                Some("http://h/a/b"),
                Some("mailto:x"),
                Some("jar:file:/a!/b"),
                Some(input),
            ] {
                let _ =
                    request(input, base, &mut NoTrace).map(|u| u.to_external_form(&mut NoTrace));
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
                input in "[a-zA-Z0-9:/?#\\[\\]@%.:!$&'()*+,;= \\\\é\u{ad}\u{2000}\t_-]{0,24}",
                base in proptest::option::of("(http|jar|mailto|file):[a-z:/?#\\[\\]@%.0-9é!_-]{0,16}"),
            ) {
                let plain = request(&input, base.as_deref(), &mut NoTrace).map(|u| u.to_external_form(&mut NoTrace));
                let mut trace = Trace::default();
                let traced = request(&input, base.as_deref(), &mut trace).map(|u| u.to_external_form(&mut trace));
                prop_assert_eq!(plain, traced);
            }
        }
    }
}
