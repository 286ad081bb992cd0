//! Go 1.27.3's `net/url`, modelled: `url.Parse(base)`, then
//! `base.Parse(input)` (`url.Parse(input)`, then `ResolveReference`), then
//! the `URL`'s methods (`String`, `EscapedPath`, `Hostname`, `Port`).
//!
//! `tests/data/servers/ALGORITHMS.md` section 2 describes the library step
//! by step; this file follows `src/net/url/url.go` function by function,
//! in our own code, and names the Go function in each comment and in each
//! step it records (rows `go.*` of [`StepId`], stage
//! [`Go`](crate::engine::Stage::Go)).
//!
//! | Go | here |
//! |---|---|
//! | `Parse`, `parse`, `getScheme` | [`parse`], `parse_rest`, `get_scheme`, `split_query` |
//! | `parseAuthority`, `validUserinfo` | `parse_authority`, `valid_userinfo` |
//! | `parseHost`, `validOptionalPort` | `parse_host`, `ip_literal`, `valid_optional_port` |
//! | `netip.ParseAddr` | `parse_addr`, `ipv4_fields`, `parse_ipv6` |
//! | `unescape`, `escape`, `shouldEscape` | `unescape`, `escape`, `should_escape` (the `KEEP` table) |
//! | `setPath`, `setFragment` | `set_path`, `set_fragment` |
//! | `ResolveReference`, `resolvePath` | [`Url::resolve_reference`], `merge`, `remove_dots` |
//! | `EscapedPath`, `EscapedFragment`, `String` | [`Url::escaped_path`], [`Url::escaped_fragment`], [`Url::string`] |
//! | `Hostname`, `Port` (`splitHostPort`) | [`Url::hostname`], [`Url::port`] |
//! | `Error.Error`, `strconv.Quote` | [`Error`]'s `Display`, `quote` |
//!
//! Go strings are bytes. The input is UTF-8 (a Rust `&str`), and every field
//! Go keeps as written (`Scheme`, `Opaque`, `RawPath`, `RawQuery`,
//! `RawFragment`) is a slice of it, so a `String`; the fields Go
//! percent-decodes (`Host`, `Path`, `Fragment`, the username and password)
//! can hold any byte (`%ff` is the byte 0xFF), so they are `Vec<u8>`, as
//! Go has them. `String()` escapes every byte of 0x80 or more, so the href
//! is always ASCII apart from the query and an opaque part, which are the
//! input's own text.
//!
//! The build the oracle ran (module mode, `go 1.27`) has
//! `urlstrictcolons=1`: in an `http` or `https` host the first `:` starts
//! the port. That is what is modelled; GODEBUG is not.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::ops::Range;

use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// A URL as Go's `url.URL` holds it, field for field (see the module docs
/// for why some fields are bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Url {
    /// `Scheme`, lowercased.
    pub scheme: String,
    /// `Opaque`: what follows `scheme:` when no `/` does, as written.
    pub opaque: String,
    /// `User`: `None` when the authority has no `@`.
    pub user: Option<Userinfo>,
    /// `Host`: host and port, percent-decoded (an IP literal with its
    /// brackets and its zone decoded).
    pub host: Vec<u8>,
    /// `Path`, percent-decoded.
    pub path: Vec<u8>,
    /// `RawPath`: the path as written when escaping `path` does not give
    /// it back, else empty.
    pub raw_path: String,
    /// `ForceQuery`: a `?` ended the URL with nothing after it.
    pub force_query: bool,
    /// `RawQuery`: the query as written, never checked nor decoded.
    pub raw_query: String,
    /// `Fragment`, percent-decoded.
    pub fragment: Vec<u8>,
    /// `RawFragment`: the fragment as written when escaping `fragment`
    /// does not give it back, else empty.
    pub raw_fragment: String,
    /// `OmitHost`: a scheme followed by a single `/`, so no `//` is
    /// written back.
    pub omit_host: bool,
}

/// Go's `url.Userinfo`: a username, always set (perhaps empty), and a
/// password when the userinfo had a `:`. Both percent-decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Userinfo {
    pub username: Vec<u8>,
    /// `None` when no password was set (`Password()`'s `ok` is false).
    pub password: Option<Vec<u8>>,
}

/// What `url.Parse` returns as its error: `&url.Error{"parse", url, why}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The URL the error names: the text before the fragment, or the whole
    /// URL when its fragment failed.
    pub url: String,
    /// The wrapped error.
    pub why: Why,
    /// Whether it was the base (`url.Parse(base)`) that failed.
    pub of_base: bool,
}

/// The errors `parse` and its helpers return, each written as Go writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// `net/url: invalid control character in URL` (parse).
    ControlCharacter,
    /// `missing protocol scheme` (getScheme: a `:` first).
    MissingScheme,
    /// `first path segment in URL cannot contain colon` (parse).
    FirstSegmentColon,
    /// `net/url: invalid userinfo` (parseAuthority).
    InvalidUserinfo,
    /// `invalid URL escape "%zz"` (unescape: `EscapeError`); the bytes from
    /// the `%`, at most three.
    Escape(Vec<u8>),
    /// `invalid character "x" in host name` (unescape: `InvalidHostError`).
    HostCharacter(u8),
    /// `invalid IP-literal` (parseHost).
    IpLiteral,
    /// `missing ']' in host` (parseHost).
    MissingBracket,
    /// `invalid port ":x" after host` (parseHost).
    Port(String),
    /// `invalid host: ParseAddr("…"): …` (parseHost, netip.ParseAddr).
    Addr(AddrError),
}

/// `netip.parseAddrError`: the string given to `ParseAddr`, what is wrong
/// and, when Go says it, where (the text left from there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrError {
    pub input: Vec<u8>,
    pub msg: &'static str,
    pub at: Vec<u8>,
}

impl fmt::Display for Error {
    /// `url.Error.Error`: `parse "<url>": <why>`, the URL quoted as
    /// `strconv.Quote` does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(self.url.len() + 48);
        s.push_str("parse ");
        quote(self.url.as_bytes(), &mut s);
        s.push_str(": ");
        f.write_str(&s)?;
        fmt::Display::fmt(&self.why, f)
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        match self {
            Why::ControlCharacter => s.push_str("net/url: invalid control character in URL"),
            Why::MissingScheme => s.push_str("missing protocol scheme"),
            Why::FirstSegmentColon => {
                s.push_str("first path segment in URL cannot contain colon");
            }
            Why::InvalidUserinfo => s.push_str("net/url: invalid userinfo"),
            Why::Escape(bytes) => {
                s.push_str("invalid URL escape ");
                quote(bytes, &mut s);
            }
            Why::HostCharacter(c) => {
                s.push_str("invalid character ");
                quote(&[*c], &mut s);
                s.push_str(" in host name");
            }
            Why::IpLiteral => s.push_str("invalid IP-literal"),
            Why::MissingBracket => s.push_str("missing ']' in host"),
            Why::Port(colon_port) => {
                s.push_str("invalid port ");
                quote(colon_port.as_bytes(), &mut s);
                s.push_str(" after host");
            }
            Why::Addr(e) => {
                // parseHost wraps it: "invalid host: %w"; parseAddrError.Error
                // adds " (at …)" only when it knows where.
                s.push_str("invalid host: ParseAddr(");
                quote(&e.input, &mut s);
                s.push_str("): ");
                s.push_str(e.msg);
                if !e.at.is_empty() {
                    s.push_str(" (at ");
                    quote(&e.at, &mut s);
                    s.push(')');
                }
            }
        }
        f.write_str(&s)
    }
}

impl Error {
    fn new(url: &str, why: Why) -> Error {
        Error {
            url: url.to_owned(),
            why,
            of_base: false,
        }
    }
}

/// The project's request: `b, err := url.Parse(base)` then `b.Parse(input)`
/// (`url.Parse(input)`, then `b.ResolveReference`); without a base,
/// `url.Parse(input)`. A base that fails is the request's failure (its
/// error has `of_base`); the base's steps are recorded as the base's.
pub fn request<T: Tracer>(input: &str, base: Option<&str>, tr: &mut T) -> Result<Url, Error> {
    let Some(base) = base else {
        return parse(input, tr);
    };
    let b = parse(base, &mut OfBase(&mut *tr)).map_err(|e| Error { of_base: true, ..e })?;
    // (*URL).Parse: the reference is parsed alone, then resolved.
    let r = parse(input, tr)?;
    Ok(b.resolve_reference(&r, tr))
}

/// `url.Parse(raw)`: the fragment is cut off first and read last.
pub fn parse<T: Tracer>(raw: &str, tr: &mut T) -> Result<Url, Error> {
    // Parse: strings.Cut at the first '#'.
    let (before, fragment) = match find(raw, b'#') {
        Some(i) => (&raw[..i], Some(&raw[i + 1..])),
        None => (raw, None),
    };
    tr.record(|| {
        let step = Step::change(StepId::GoFragmentCut, Component::Fragment, None, fragment);
        match fragment {
            Some(f) => step.at(span(raw, f)).decide(format!(
                "'#' at byte {}: {f:?} is the fragment, read after the rest{}",
                before.len(),
                if f.is_empty() {
                    " (empty, so it is dropped)"
                } else {
                    ""
                }
            )),
            None => step.decide("no '#': no fragment"),
        }
    });
    let mut url = parse_rest(before, raw, tr).map_err(|why| Error::new(before, why))?;
    // Parse: an empty fragment sets nothing; a bad one names the whole URL.
    if let Some(f) = fragment.filter(|f| !f.is_empty()) {
        set_fragment(&mut url, f, raw, tr).map_err(|why| Error::new(raw, why))?;
    }
    Ok(url)
}

/// `parse(rawURL, viaRequest=false)`: `raw` is the text before the
/// fragment; `whole` the URL it is part of (for the steps' ranges).
fn parse_rest<T: Tracer>(raw: &str, whole: &str, tr: &mut T) -> Result<Url, Why> {
    // parse: stringContainsCTLByte, on every byte; nothing is stripped.
    if let Some(at) = raw.bytes().position(|b| b < 0x20 || b == 0x7f) {
        tr.record(|| {
            Step::new(StepId::GoControl)
                .at(at..at + 1)
                .decide(format!(
                    "byte 0x{:02X} at {at}: {}",
                    raw.as_bytes().get(at).copied().unwrap_or(0),
                    Why::ControlCharacter
                ))
                .fail()
        });
        return Err(Why::ControlCharacter);
    }
    let mut url = Url::default();
    // parse: "*" alone is the path "*".
    if raw == "*" {
        tr.record(|| {
            Step::change(StepId::GoAsterisk, Component::Path, None, Some("*"))
                .decide("the URL is \"*\": the path \"*\", nothing else")
        });
        url.path = b"*".to_vec();
        return Ok(url);
    }
    let (scheme, rest) = get_scheme(raw, whole, tr)?;
    url.scheme = scheme.to_ascii_lowercase();
    let rest = split_query(&mut url, rest, whole, tr);
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            // parse: a rootless path after a scheme is opaque (RFC 3986).
            tr.record(|| {
                Step::change(StepId::GoOpaque, Component::Path, None, Some(rest))
                    .at(span(whole, rest))
                    .decide("a scheme and no '/' after it: the rest is Opaque, as written; no host, no path")
            });
            url.opaque = rest.to_owned();
            return Ok(url);
        }
        // parse: a relative path's first segment may not hold ':'
        // (golang.org/issue/16822).
        let segment = find(rest, b'/').map_or(rest, |i| &rest[..i]);
        if segment.contains(':') {
            tr.record(|| {
                Step::new(StepId::GoFirstSegmentColon)
                    .at(span(whole, segment))
                    .decide(format!(
                        "no scheme, and the first segment {segment:?} holds ':': {}",
                        Why::FirstSegmentColon
                    ))
                    .fail()
            });
            return Err(Why::FirstSegmentColon);
        }
    }
    let path = if (!url.scheme.is_empty() || !rest.starts_with("///")) && rest.starts_with("//") {
        // parse: the authority runs from "//" to the next '/' only.
        let authority = &rest[2..];
        let (authority, path) =
            find(authority, b'/').map_or((authority, ""), |i| authority.split_at(i));
        tr.record(|| {
            Step::new(StepId::GoAuthority)
                .at(span(whole, authority))
                .decide(format!(
                    "'//'{}: the authority is {authority:?}, up to the next '/'",
                    if url.scheme.is_empty() {
                        " without a scheme (and not '///')"
                    } else {
                        " after the scheme"
                    }
                ))
        });
        let (user, host) = parse_authority(&url.scheme, authority, whole, tr)?;
        url.user = user;
        url.host = host;
        path
    } else {
        if !url.scheme.is_empty() && rest.starts_with('/') {
            // parse: OmitHost (golang.org/issue/46059).
            url.omit_host = true;
            tr.record(|| {
                Step::new(StepId::GoOmitHost)
                    .decide("a scheme and a single '/': no authority, OmitHost is set")
            });
        } else {
            tr.record(|| {
                Step::new(StepId::GoAuthority).decide(if rest.starts_with("///") {
                    "no scheme and '///': no authority, the path keeps its slashes"
                } else {
                    "no '//': no authority"
                })
            });
        }
        rest
    };
    set_path(&mut url, path, Some(whole), tr)?;
    Ok(url)
}

/// `getScheme`: the scheme and the rest, or no scheme and all of `raw`.
fn get_scheme<'a, T: Tracer>(
    raw: &'a str,
    whole: &str,
    tr: &mut T,
) -> Result<(&'a str, &'a str), Why> {
    let mut found = ("", raw);
    let mut why = "no ':' after the letters: no scheme";
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => continue,
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => continue,
            b'0'..=b'9' | b'+' | b'-' | b'.' => why = "a digit, '+', '-' or '.' first: no scheme",
            b':' if i == 0 => {
                // getScheme: "missing protocol scheme".
                tr.record(|| {
                    Step::new(StepId::GoScheme)
                        .about(Component::Scheme)
                        .at(span(whole, &raw[..1]))
                        .decide(format!("':' first: {}", Why::MissingScheme))
                        .fail()
                });
                return Err(Why::MissingScheme);
            }
            b':' => {
                found = (&raw[..i], &raw[i + 1..]);
                why = "the scheme, lowercased";
            }
            _ => why = "a byte no scheme holds before any ':': no scheme",
        }
        break;
    }
    tr.record(|| {
        let scheme = Some(found.0.to_ascii_lowercase()).filter(|s| !s.is_empty());
        let step = Step::change(StepId::GoScheme, Component::Scheme, None, scheme.as_deref());
        match scheme {
            Some(_) => step.at(span(whole, found.0)),
            None => step,
        }
        .decide(why)
    });
    Ok(found)
}

/// `parse`: the query, cut at the first `?` (ForceQuery for a lone `?` at
/// the end); returns what is left before it.
fn split_query<'a, T: Tracer>(url: &mut Url, rest: &'a str, whole: &str, tr: &mut T) -> &'a str {
    let left = if rest.ends_with('?') && rest.bytes().filter(|&b| b == b'?').count() == 1 {
        url.force_query = true;
        &rest[..rest.len() - 1]
    } else if let Some(i) = find(rest, b'?') {
        url.raw_query = rest[i + 1..].to_owned();
        &rest[..i]
    } else {
        rest
    };
    tr.record(|| {
        let query = (url.force_query || left.len() < rest.len()).then_some(url.raw_query.as_str());
        let step = Step::change(StepId::GoQuery, Component::Query, None, query);
        if url.force_query {
            step.decide("one '?', at the very end: an empty query, kept (ForceQuery)")
        } else if query.is_some() {
            step.at(span(whole, &rest[left.len() + 1..]))
                .decide("everything after the first '?', as written")
        } else {
            step.decide("no '?': no query")
        }
    });
    left
}

/// `parseAuthority`: the userinfo up to the last `@`, then the host (whose
/// errors come first).
fn parse_authority<T: Tracer>(
    scheme: &str,
    authority: &str,
    whole: &str,
    tr: &mut T,
) -> Result<(Option<Userinfo>, Vec<u8>), Why> {
    let at = rfind(authority, b'@');
    let host = parse_host(
        scheme,
        at.map_or(authority, |i| &authority[i + 1..]),
        whole,
        tr,
    )?;
    let Some(at) = at else {
        return Ok((None, host));
    };
    let userinfo = &authority[..at];
    let user = userinfo_of(userinfo);
    tr.record(|| {
        let step = Step::new(StepId::GoUserinfo)
            .about(Component::User)
            .at(span(whole, userinfo));
        match &user {
            Ok(u) => {
                let password = match &u.password {
                    Some(p) => format!(", password {:?}", lossy(p)),
                    None => String::from(", no password (no ':')"),
                };
                step.decide(format!(
                    "the userinfo {userinfo:?} (up to the last '@'): username {:?}{password}",
                    lossy(&u.username)
                ))
            }
            Err(why) => step
                .decide(format!("the userinfo {userinfo:?}: {why}"))
                .fail(),
        }
    });
    Ok((Some(user?), host))
}

/// `parseAuthority`'s userinfo: `validUserinfo`, then split at the first
/// `:` and each part unescaped (encodeUserPassword).
fn userinfo_of(userinfo: &str) -> Result<Userinfo, Why> {
    if !valid_userinfo(userinfo) {
        return Err(Why::InvalidUserinfo);
    }
    Ok(match userinfo.split_once(':') {
        None => Userinfo {
            username: unescape(userinfo.as_bytes(), Enc::UserPassword)?.into_owned(),
            password: None,
        },
        Some((username, password)) => Userinfo {
            username: unescape(username.as_bytes(), Enc::UserPassword)?.into_owned(),
            password: Some(unescape(password.as_bytes(), Enc::UserPassword)?.into_owned()),
        },
    })
}

/// `validUserinfo`: every rune an ASCII letter or digit or one of
/// `- . _ : ~ ! $ & ' ( ) * + , ; = % @` (so no non-ASCII at all).
fn valid_userinfo(s: &str) -> bool {
    s.bytes().all(|c| {
        c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'.'
                    | b'_'
                    | b':'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'%'
                    | b'@'
            )
    })
}

/// `parseHost`: an IP literal, or a name with an optional port, percent-
/// decoded in host mode.
fn parse_host<T: Tracer>(
    scheme: &str,
    host: &str,
    whole: &str,
    tr: &mut T,
) -> Result<Vec<u8>, Why> {
    match rfind(host, b'[') {
        // parseHost: '[' anywhere but first.
        Some(j) if j > 0 => {
            tr.record(|| {
                Step::new(StepId::GoIpLiteral)
                    .about(Component::Host)
                    .at(span(whole, host))
                    .decide(format!(
                        "'[' at byte {j} of the host, not first: {}",
                        Why::IpLiteral
                    ))
                    .fail()
            });
            return Err(Why::IpLiteral);
        }
        Some(_) => return ip_literal(host, whole, tr),
        None => {}
    }
    if let Some(first) = find(host, b':') {
        let last = rfind(host, b':').unwrap_or(first);
        // parseHost: several colons; urlstrictcolons=1 keeps the first for
        // http and https (go.dev/issue/75223), the others take the last.
        let strict = scheme == "http" || scheme == "https";
        let i = if strict { first } else { last };
        let colon_port = &host[i..];
        let valid = valid_optional_port(colon_port.as_bytes());
        tr.record(|| {
            let which = match (first == last, strict) {
                (true, _) => "its only ':'",
                (false, true) => "its first ':' (http and https, urlstrictcolons)",
                (false, false) => "its last ':' (not http or https)",
            };
            let step = Step::change(
                StepId::GoPort,
                Component::Port,
                None,
                Some(&colon_port[1..]),
            )
            .at(span(whole, colon_port));
            if valid {
                step.decide(format!(
                    "the port starts at {which}: ':' and digits only, no range check"
                ))
            } else {
                step.decide(format!(
                    "the port starts at {which}: {}",
                    Why::Port(colon_port.to_owned())
                ))
                .fail()
            }
        });
        if !valid {
            return Err(Why::Port(colon_port.to_owned()));
        }
    }
    // parseHost: the whole host, port included, unescaped in host mode.
    let decoded = unescape(host.as_bytes(), Enc::Host);
    tr.record(|| {
        let step = Step::change(
            StepId::GoHostUnescape,
            Component::Host,
            Some(host),
            decoded.as_ref().ok().map(|d| lossy(d)).as_deref(),
        )
        .at(span(whole, host));
        match &decoded {
            Ok(d) if **d == *host.as_bytes() => {
                step.decide("nothing to decode, every byte allowed")
            }
            Ok(_) => {
                step.decide("percent-decoded in host mode: only %25 and bytes of 0x80 or more")
            }
            Err(why) => step.decide(why.to_string()).fail(),
        }
    });
    Ok(decoded?.into_owned())
}

/// `parseHost`'s IP literal (RFC 3986, RFC 6874): `[` address `]`, an
/// optional `:` and digits; the zone from `%25` on decoded in zone mode.
fn ip_literal<T: Tracer>(host: &str, whole: &str, tr: &mut T) -> Result<Vec<u8>, Why> {
    let result = ip_literal_of(host);
    tr.record(|| {
        let step = Step::change(
            StepId::GoIpLiteral,
            Component::Host,
            Some(host),
            result.as_ref().ok().map(|h| lossy(h)).as_deref(),
        )
        .at(span(whole, host));
        match &result {
            Ok(_) => step.decide(
                "'[' first: an IPv6 address netip.ParseAddr takes, kept as written but decoded",
            ),
            Err(why) => step.decide(why.to_string()).fail(),
        }
    });
    result
}

fn ip_literal_of(host: &str) -> Result<Vec<u8>, Why> {
    let Some(close) = rfind(host, b']') else {
        return Err(Why::MissingBracket);
    };
    let colon_port = &host[close + 1..];
    if !valid_optional_port(colon_port.as_bytes()) {
        return Err(Why::Port(colon_port.to_owned()));
    }
    // parseHost: unescaping ':' and digits in host mode changes nothing.
    let inside = host.get(1..close).unwrap_or("");
    let decoded = match inside.find("%25") {
        Some(zone) => {
            let mut h = unescape(&inside.as_bytes()[..zone], Enc::Host)?.into_owned();
            h.extend_from_slice(&unescape(&inside.as_bytes()[zone..], Enc::Zone)?);
            h
        }
        None => unescape(inside.as_bytes(), Enc::Host)?.into_owned(),
    };
    // parseHost: only an IPv6 address goes in brackets (IPv4-mapped ones too).
    match parse_addr(&decoded) {
        Err(e) => return Err(Why::Addr(e)),
        Ok(Family::V4) => return Err(Why::IpLiteral),
        Ok(Family::V6) => {}
    }
    let mut out = Vec::with_capacity(decoded.len() + 2 + colon_port.len());
    out.push(b'[');
    out.extend_from_slice(&decoded);
    out.push(b']');
    out.extend_from_slice(colon_port.as_bytes());
    Ok(out)
}

/// `validOptionalPort`: empty, or `:` and ASCII digits (any number of them).
fn valid_optional_port(port: &[u8]) -> bool {
    match port.split_first() {
        None => true,
        Some((b':', digits)) => digits.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    }
}

/// `setPath`: Path is `p` decoded; RawPath is `p` when escaping Path does
/// not give `p` back. Nothing changes on an error.
fn set_path<T: Tracer>(url: &mut Url, p: &str, whole: Option<&str>, tr: &mut T) -> Result<(), Why> {
    let decoded = match unescape(p.as_bytes(), Enc::Path) {
        Ok(d) => d,
        Err(why) => {
            tr.record(|| {
                let step = Step::change(StepId::GoSetPath, Component::Path, Some(p), None);
                with_span(step, whole, p).decide(why.to_string()).fail()
            });
            return Err(why);
        }
    };
    let raw = !escapes_to(&decoded, p.as_bytes(), Enc::Path);
    tr.record(|| {
        let step = Step::change(
            StepId::GoSetPath,
            Component::Path,
            Some(p),
            Some(&lossy(&decoded)),
        );
        with_span(step, whole, p).decide(if raw {
            let escaped = escape(&decoded, Enc::Path);
            format!("decoded; escaping it gives {escaped:?}, not the text: RawPath keeps {p:?}")
        } else {
            String::from("decoded; escaping it gives the text back: no RawPath")
        })
    });
    url.raw_path = if raw { p.to_owned() } else { String::new() };
    url.path = decoded.into_owned();
    Ok(())
}

/// `setFragment`: as `setPath`, for the fragment (encodeFragment).
fn set_fragment<T: Tracer>(url: &mut Url, f: &str, whole: &str, tr: &mut T) -> Result<(), Why> {
    let decoded = unescape(f.as_bytes(), Enc::Fragment);
    let raw = match &decoded {
        Ok(d) => !escapes_to(d, f.as_bytes(), Enc::Fragment),
        Err(_) => false,
    };
    tr.record(|| {
        let after = decoded.as_ref().ok().map(|d| lossy(d));
        let step = Step::change(
            StepId::GoSetFragment,
            Component::Fragment,
            Some(f),
            after.as_deref(),
        )
        .at(span(whole, f));
        match &decoded {
            Ok(_) if raw => step.decide(format!(
                "decoded; escaping it does not give the text back: RawFragment keeps {f:?}"
            )),
            Ok(_) => step.decide("decoded; escaping it gives the text back: no RawFragment"),
            Err(why) => step.decide(why.to_string()).fail(),
        }
    });
    url.fragment = decoded?.into_owned();
    url.raw_fragment = if raw { f.to_owned() } else { String::new() };
    Ok(())
}

impl Url {
    /// `(*URL).ResolveReference(r)`, `self` being the base.
    pub fn resolve_reference<T: Tracer>(&self, r: &Url, tr: &mut T) -> Url {
        let mut url = r.clone();
        if r.scheme.is_empty() {
            url.scheme.clone_from(&self.scheme);
        }
        tr.record(|| {
            let scheme = Some(url.scheme.as_str()).filter(|s| !s.is_empty());
            Step::change(StepId::GoResolveScheme, Component::Scheme, None, scheme).decide(
                if r.scheme.is_empty() {
                    "the reference has no scheme: the base's"
                } else {
                    "the reference's own"
                },
            )
        });
        // ResolveReference: a scheme, a host or a userinfo of its own.
        if !r.scheme.is_empty() || !r.host.is_empty() || r.user.is_some() {
            tr.record(|| {
                Step::new(StepId::GoResolveAbsolute).decide(format!(
                    "the reference has {}: all its own parts, its path cleaned of dot segments",
                    if !r.scheme.is_empty() {
                        "a scheme"
                    } else if !r.host.is_empty() {
                        "a host"
                    } else {
                        "a userinfo"
                    }
                ))
            });
            let escaped = r.escaped_path(tr);
            let path = remove_dots(&escaped, tr);
            // ResolveReference ignores setPath's error (there can be none
            // on a path EscapedPath wrote).
            let _ = set_path(&mut url, &path, None, tr);
            return url;
        }
        // ResolveReference: an opaque reference always has a scheme, so it
        // was answered above; Go's branch for it is kept for its shape.
        if !r.opaque.is_empty() {
            url.user = None;
            url.host.clear();
            url.path.clear();
            return url;
        }
        if r.path.is_empty() && !r.force_query && r.raw_query.is_empty() {
            url.raw_query.clone_from(&self.raw_query);
            let fragment = r.fragment.is_empty();
            if fragment {
                url.fragment.clone_from(&self.fragment);
                url.raw_fragment.clone_from(&self.raw_fragment);
            }
            tr.record(|| {
                let query = Some(url.raw_query.as_str()).filter(|q| !q.is_empty());
                Step::change(StepId::GoResolveBaseQuery, Component::Query, None, query).decide(
                    if fragment {
                        "no path, no query, no fragment: the base's query and fragment"
                    } else {
                        "no path, no query: the base's query; the reference's own fragment"
                    },
                )
            });
        }
        if r.path.is_empty() && !self.opaque.is_empty() {
            url.opaque.clone_from(&self.opaque);
            url.user = None;
            url.host.clear();
            url.path.clear();
            tr.record(|| {
                Step::change(
                    StepId::GoResolveOpaqueBase,
                    Component::Path,
                    None,
                    Some(&self.opaque),
                )
                .decide("an opaque base and no path: the base's opaque text")
            });
            return url;
        }
        url.host.clone_from(&self.host);
        url.user.clone_from(&self.user);
        let base_path = self.escaped_path(tr);
        let ref_path = r.escaped_path(tr);
        let full = merge(&base_path, &ref_path, tr);
        let path = remove_dots(&full, tr);
        let _ = set_path(&mut url, &path, None, tr);
        url
    }

    /// `EscapedPath`: RawPath when it is a valid encoding of Path, else
    /// Path escaped (`*` stays `*`).
    pub fn escaped_path<T: Tracer>(&self, tr: &mut T) -> Cow<'_, str> {
        let (form, why) = self.path_form();
        let escaped = form.text();
        tr.record(|| {
            Step::change(
                StepId::GoEscapedPath,
                Component::Path,
                Some(&lossy(&self.path)),
                Some(&escaped),
            )
            .decide(why)
        });
        escaped
    }

    /// `EscapedPath`'s choice, and why.
    fn path_form(&self) -> (PathForm<'_>, &'static str) {
        if !self.raw_path.is_empty() && valid_encoded(self.raw_path.as_bytes(), Enc::Path) {
            match unescape(self.raw_path.as_bytes(), Enc::Path) {
                Ok(p) if *p == *self.path => {
                    return (
                        PathForm::Raw(&self.raw_path),
                        "RawPath, the path as written: a valid encoding of Path",
                    );
                }
                _ => {}
            }
        }
        if self.path == b"*" {
            // EscapedPath: "*" is not escaped (golang/go#11202).
            return (PathForm::Raw("*"), "the path \"*\" is written as it is");
        }
        let why = if self.raw_path.is_empty() {
            "Path escaped (encodePath)"
        } else {
            "RawPath is no valid encoding of Path: Path escaped (encodePath)"
        };
        (PathForm::Escape(&self.path), why)
    }

    /// `EscapedFragment`: RawFragment when it is a valid encoding of
    /// Fragment, else Fragment escaped.
    pub fn escaped_fragment(&self) -> Cow<'_, str> {
        if self.raw_fragment_fits() {
            return Cow::Borrowed(&self.raw_fragment);
        }
        escape(&self.fragment, Enc::Fragment)
    }

    /// Whether RawFragment is a valid encoding of Fragment.
    fn raw_fragment_fits(&self) -> bool {
        !self.raw_fragment.is_empty()
            && valid_encoded(self.raw_fragment.as_bytes(), Enc::Fragment)
            && unescape(self.raw_fragment.as_bytes(), Enc::Fragment)
                .is_ok_and(|f| *f == *self.fragment)
    }

    /// Whether `String()` writes an authority (`//`): what the resolver
    /// calls a present host.
    pub fn has_authority(&self) -> bool {
        self.opaque.is_empty()
            && (!self.scheme.is_empty() || !self.host.is_empty() || self.user.is_some())
            && !(self.omit_host && self.host.is_empty() && self.user.is_none())
            && (!self.host.is_empty() || !self.path.is_empty() || self.user.is_some())
    }

    /// `String()`: the URL written back.
    pub fn string<T: Tracer>(&self, tr: &mut T) -> String {
        let mut buf = String::with_capacity(
            self.scheme.len()
                + self.opaque.len()
                + 3 * (self.host.len() + self.path.len() + self.fragment.len())
                + self.raw_query.len()
                + 16,
        );
        let mut notes: Vec<&'static str> = Vec::new();
        if !self.scheme.is_empty() {
            buf.push_str(&self.scheme);
            buf.push(':');
        }
        if !self.opaque.is_empty() {
            buf.push_str(&self.opaque);
            if T::ON {
                notes.push("the opaque text as it is");
            }
        } else {
            self.write_authority(&mut buf);
            let (form, why) = self.path_form();
            tr.record(|| {
                Step::change(
                    StepId::GoEscapedPath,
                    Component::Path,
                    Some(&lossy(&self.path)),
                    Some(&form.text()),
                )
                .decide(why)
            });
            // What follows reads the escaped path's '/' and ':', which
            // escaping leaves where they are: the decoded path has them in
            // the same places, so it is not escaped twice.
            let mut path = form.bytes();
            let no_authority = self.omit_host && self.host.is_empty() && self.user.is_none();
            let mut skip = 0;
            if no_authority && path.starts_with(b"//") {
                // String: a first '/' as %2F, so the path does not read
                // back as an authority.
                buf.push_str("%2F");
                skip = 1;
                path = &path[1..];
                if T::ON {
                    notes.push("no authority and a path starting '//': its first '/' written %2F");
                }
            }
            if path.first().is_some_and(|&c| c != b'/') && !self.host.is_empty() {
                buf.push('/');
                if T::ON {
                    notes.push("a '/' between the host and a path without one");
                }
            }
            // String: RFC 3986 4.2, a colon in the first segment of a
            // relative path gets "./" in front.
            if buf.is_empty()
                && path
                    .split(|&c| c == b'/')
                    .next()
                    .is_some_and(|s| s.contains(&b':'))
            {
                buf.push_str("./");
                if T::ON {
                    notes.push("a relative path whose first segment holds ':': './' in front");
                }
            }
            form.write_from(skip, &mut buf);
        }
        if self.force_query || !self.raw_query.is_empty() {
            buf.push('?');
            buf.push_str(&self.raw_query);
        }
        if !self.fragment.is_empty() {
            buf.push('#');
            // EscapedFragment, written in place.
            if self.raw_fragment_fits() {
                buf.push_str(&self.raw_fragment);
            } else {
                escape_into(&mut buf, &self.fragment, Enc::Fragment);
            }
        }
        tr.record(|| {
            let mut why = String::from(if self.has_authority() {
                "scheme ':', '//', the userinfo and host escaped, the escaped path"
            } else {
                "no authority written; the escaped path"
            });
            for n in &notes {
                why.push_str("; ");
                why.push_str(n);
            }
            why.push_str("; '?' and the raw query when there is one (or ForceQuery); '#' and the escaped fragment when it is not empty");
            Step {
                after: Some(buf.clone()),
                changes: true,
                ..Step::new(StepId::GoString)
            }
            .decide(why)
        });
        buf
    }

    /// `String()`'s authority: `//`, the escaped userinfo and `@`, the
    /// escaped host, as far as Go writes them.
    fn write_authority(&self, buf: &mut String) {
        if self.scheme.is_empty() && self.host.is_empty() && self.user.is_none() {
            return;
        }
        // String: the empty host of OmitHost is not written.
        if self.omit_host && self.host.is_empty() && self.user.is_none() {
            return;
        }
        if !self.host.is_empty() || !self.path.is_empty() || self.user.is_some() {
            buf.push_str("//");
        }
        if let Some(user) = &self.user {
            // Userinfo.String: both parts escaped (encodeUserPassword).
            escape_into(buf, &user.username, Enc::UserPassword);
            if let Some(password) = &user.password {
                buf.push(':');
                escape_into(buf, password, Enc::UserPassword);
            }
            buf.push('@');
        }
        if !self.host.is_empty() {
            escape_into(buf, &self.host, Enc::Host);
        }
    }

    /// `Hostname()`: the host without its port and brackets.
    pub fn hostname(&self) -> &[u8] {
        split_host_port(&self.host).0
    }

    /// `Port()`: the digits after the host's last `:`, or nothing.
    pub fn port(&self) -> &[u8] {
        split_host_port(&self.host).1
    }

    /// `Hostname()` and `Port()`, with the step that splits them.
    pub fn hostname_port<T: Tracer>(&self, tr: &mut T) -> (&[u8], &[u8]) {
        let (host, port) = split_host_port(&self.host);
        tr.record(|| {
            Step::change(
                StepId::GoHostnamePort,
                Component::Host,
                Some(&lossy(&self.host)),
                Some(&lossy(host)),
            )
            .decide(if port.is_empty() {
                "no port after the last ':' (or no ':')".to_owned()
            } else {
                format!("the port {:?} after the last ':'", lossy(port))
            })
        });
        (host, port)
    }
}

/// What `EscapedPath` returns: RawPath (or `*`) as it is, or Path to be
/// escaped.
#[derive(Clone, Copy, Debug)]
enum PathForm<'a> {
    Raw(&'a str),
    Escape(&'a [u8]),
}

impl<'a> PathForm<'a> {
    /// The escaped path.
    fn text(self) -> Cow<'a, str> {
        match self {
            PathForm::Raw(raw) => Cow::Borrowed(raw),
            PathForm::Escape(path) => escape(path, Enc::Path),
        }
    }

    /// The bytes escaping reads (the raw text, or the decoded path).
    fn bytes(self) -> &'a [u8] {
        match self {
            PathForm::Raw(raw) => raw.as_bytes(),
            PathForm::Escape(path) => path,
        }
    }

    /// Writes the escaped path from its `skip`th byte (an ASCII '/' or 0).
    fn write_from(self, skip: usize, out: &mut String) {
        match self {
            PathForm::Raw(raw) => out.push_str(raw.get(skip..).unwrap_or_default()),
            PathForm::Escape(path) => {
                escape_into(out, path.get(skip..).unwrap_or_default(), Enc::Path)
            }
        }
    }
}

/// `splitHostPort`: split at the last `:` when only digits follow, then
/// drop one pair of brackets.
fn split_host_port(host_port: &[u8]) -> (&[u8], &[u8]) {
    let (mut host, mut port): (&[u8], &[u8]) = (host_port, b"");
    if let Some(colon) = host_port.iter().rposition(|&b| b == b':')
        && valid_optional_port(&host_port[colon..])
    {
        host = &host_port[..colon];
        port = &host_port[colon + 1..];
    }
    if let Some(inner) = host.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")) {
        host = inner;
    }
    (host, port)
}

/// `resolvePath`'s first half: the path the reference names, before its
/// dot segments go.
fn merge<'a, T: Tracer>(base: &'a str, reference: &'a str, tr: &mut T) -> Cow<'a, str> {
    let (full, why): (Cow<'_, str>, &str) = if reference.is_empty() {
        (Cow::Borrowed(base), "the reference has no path: the base's")
    } else if !reference.starts_with('/') {
        // resolvePath: the base's path up to its last '/', then the reference.
        let keep = rfind(base, b'/').map_or(0, |i| i + 1);
        let mut full = String::with_capacity(keep + reference.len());
        full.push_str(&base[..keep]);
        full.push_str(reference);
        (
            Cow::Owned(full),
            "the base's path up to its last '/', then the reference's",
        )
    } else {
        (
            Cow::Borrowed(reference),
            "the reference's path starts with '/': it replaces the base's",
        )
    };
    tr.record(|| {
        Step::change(
            StepId::GoResolveMerge,
            Component::Path,
            Some(base),
            Some(&full),
        )
        .decide(format!("the base's host and userinfo; {why}"))
    });
    full
}

/// `resolvePath`'s second half: the segments of `full` rebuilt without
/// `.` and `..`.
fn remove_dots<T: Tracer>(full: &str, tr: &mut T) -> String {
    let out = remove_dots_of(full);
    tr.record(|| {
        Step::change(
            StepId::GoResolveDots,
            Component::Path,
            Some(full),
            Some(&out),
        )
        .decide(if out == full {
            "no dot segment to remove"
        } else {
            "'.' segments dropped, each '..' with the segment before it"
        })
    });
    out
}

fn remove_dots_of(full: &str) -> String {
    if full.is_empty() {
        return String::new();
    }
    let mut dst = String::with_capacity(full.len() + 1);
    dst.push('/');
    let mut first = true;
    let mut last = "";
    for elem in full.split('/') {
        last = elem;
        match elem {
            "." => first = false,
            ".." => {
                // resolvePath: back to the '/' before the last segment, never
                // above the root.
                let keep = dst[1..].rfind('/').map_or(1, |i| i + 1);
                dst.truncate(keep);
                first = dst.len() == 1;
            }
            _ => {
                if !first {
                    dst.push('/');
                }
                dst.push_str(elem);
                first = false;
            }
        }
    }
    if last == "." || last == ".." {
        dst.push('/');
    }
    // resolvePath: a result starting "//" loses one '/'.
    if dst.as_bytes().get(1) == Some(&b'/') {
        dst.remove(0);
    }
    dst
}

/// Go's escaping modes (`encoding`); `encodePathSegment` and
/// `encodeQueryComponent` play no part in Parse, ResolveReference or String.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Enc {
    Path,
    Host,
    Zone,
    UserPassword,
    Fragment,
}

impl Enc {
    const fn bit(self) -> u8 {
        match self {
            Enc::Path => 1,
            Enc::Host => 2,
            Enc::Zone => 4,
            Enc::UserPassword => 8,
            Enc::Fragment => 16,
        }
    }
}

/// `shouldEscape` as a table: bit `Enc::bit()` of `KEEP[c]` is set when
/// `c` is kept (not escaped) in that mode.
const KEEP: [u8; 256] = {
    let modes = [
        Enc::Path,
        Enc::Host,
        Enc::Zone,
        Enc::UserPassword,
        Enc::Fragment,
    ];
    let mut table = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let mut m = 0;
        while m < modes.len() {
            if kept(c as u8, modes[m]) {
                table[c] |= modes[m].bit();
            }
            m += 1;
        }
        c += 1;
    }
    table
};

/// RFC 3986's sub-delims (`! $ & ' ( ) * + , ; =`), which both
/// `shouldEscape` and `validEncoded` list among the bytes they keep.
const fn is_sub_delim(c: u8) -> bool {
    matches!(
        c,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `shouldEscape(c, mode)`, negated (gen_encoding_table.go).
const fn kept(c: u8, mode: Enc) -> bool {
    // shouldEscape: §2.3 unreserved, letters and digits.
    if c.is_ascii_alphanumeric() {
        return true;
    }
    // shouldEscape: hosts also keep the sub-delims, ':', brackets, '<', '>'
    // and '"'.
    if matches!(mode, Enc::Host | Enc::Zone)
        && (is_sub_delim(c) || matches!(c, b':' | b'[' | b']' | b'<' | b'>' | b'"'))
    {
        return true;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => true,
        // shouldEscape: §2.2 reserved, kept where the mode allows it.
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => match mode {
            Enc::Path => c != b'?',
            Enc::UserPassword => !matches!(c, b'@' | b'/' | b'?' | b':'),
            Enc::Fragment => true,
            Enc::Host | Enc::Zone => false,
        },
        // shouldEscape: the fragment also keeps these sub-delims (golang/go#19917).
        b'!' | b'(' | b')' | b'*' => matches!(mode, Enc::Fragment),
        _ => false,
    }
}

fn should_escape(c: u8, mode: Enc) -> bool {
    KEEP[usize::from(c)] & mode.bit() == 0
}

fn is_hex(c: u8) -> bool {
    c.is_ascii_hexdigit()
}

/// `unhex`, for a byte `is_hex` accepts.
fn unhex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

/// `unescape(s, mode)`: every `%` must start two hex digits; host and zone
/// modes refuse what a host cannot hold. Borrows when there is no `%`.
fn unescape(s: &[u8], mode: Enc) -> Result<Cow<'_, [u8]>, Why> {
    let host = matches!(mode, Enc::Host | Enc::Zone);
    if !host && memchr::memchr(b'%', s).is_none() {
        return Ok(Cow::Borrowed(s));
    }
    let mut escapes = 0;
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        if c != b'%' {
            // unescape: InvalidHostError for an ASCII byte a host escapes.
            if host && c < 0x80 && should_escape(c, mode) {
                return Err(Why::HostCharacter(c));
            }
            i += 1;
            continue;
        }
        escapes += 1;
        let (hi, lo) = match (s.get(i + 1), s.get(i + 2)) {
            (Some(&hi), Some(&lo)) if is_hex(hi) && is_hex(lo) => (hi, lo),
            _ => return Err(Why::Escape(s[i..s.len().min(i + 3)].to_vec())),
        };
        let escape = &s[i..i + 3];
        let byte = unhex(hi) << 4 | unhex(lo);
        // unescape: in a host only non-ASCII bytes may be escaped, and
        // %25 (RFC 6874); in a zone, what a host keeps, a space and %25.
        let refused = match mode {
            Enc::Host => byte < 0x80 && escape != b"%25",
            Enc::Zone => escape != b"%25" && byte != b' ' && should_escape(byte, Enc::Host),
            _ => false,
        };
        if refused {
            return Err(Why::Escape(escape.to_vec()));
        }
        i += 3;
    }
    if escapes == 0 {
        return Ok(Cow::Borrowed(s));
    }
    let mut out = Vec::with_capacity(s.len() - 2 * escapes);
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        match (c, s.get(i + 1), s.get(i + 2)) {
            (b'%', Some(&hi), Some(&lo)) => {
                out.push(unhex(hi) << 4 | unhex(lo));
                i += 3;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(Cow::Owned(out))
}

/// `escape(s, mode)`: every byte the mode does not keep as `%XX`, upper-
/// case hex. Every kept byte is ASCII, so the result is text; it borrows
/// when nothing is escaped.
fn escape(s: &[u8], mode: Enc) -> Cow<'_, str> {
    let count = s.iter().filter(|&&c| should_escape(c, mode)).count();
    if count == 0 {
        // Every kept byte is ASCII: this borrows.
        return match std::str::from_utf8(s) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(s),
        };
    }
    let mut out = String::with_capacity(s.len() + 2 * count);
    escape_into(&mut out, s, mode);
    Cow::Owned(out)
}

/// Whether `escape(decoded, mode)` is `text`, where `decoded` is `text`
/// unescaped.
fn escapes_to(decoded: &[u8], text: &[u8], mode: Enc) -> bool {
    if decoded.len() == text.len() {
        // Nothing was decoded (each escape shrinks by two), so the text
        // comes back when no byte of it is escaped.
        text.iter().all(|&c| !should_escape(c, mode))
    } else {
        escape(decoded, mode).as_bytes() == text
    }
}

/// `escape(s, mode)`, written at the end of `out`.
fn escape_into(out: &mut String, s: &[u8], mode: Enc) {
    const UPPER: &[u8; 16] = b"0123456789ABCDEF";
    for &c in s {
        if should_escape(c, mode) {
            out.push('%');
            out.push(char::from(UPPER[usize::from(c >> 4)]));
            out.push(char::from(UPPER[usize::from(c & 15)]));
        } else {
            out.push(char::from(c));
        }
    }
}

/// `validEncoded(s, mode)`: no byte that escaping would change, the
/// sub-delims, ':', '@', brackets and '%' allowed.
fn valid_encoded(s: &[u8], mode: Enc) -> bool {
    s.iter().all(|&c| {
        is_sub_delim(c) || matches!(c, b':' | b'@' | b'[' | b']' | b'%') || !should_escape(c, mode)
    })
}

/// What `netip.ParseAddr` parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    V4,
    V6,
}

fn addr_error(input: &[u8], msg: &'static str, at: &[u8]) -> AddrError {
    AddrError {
        input: input.to_vec(),
        msg,
        at: at.to_vec(),
    }
}

/// `netip.ParseAddr`: IPv4 if a '.' comes first, IPv6 if a ':' does.
fn parse_addr(s: &[u8]) -> Result<Family, AddrError> {
    for &c in s {
        match c {
            b'.' => return ipv4_fields(s, 0, s.len()).map(|()| Family::V4),
            b':' => return parse_ipv6(s).map(|()| Family::V6),
            b'%' => return Err(addr_error(s, "missing IPv6 address", b"")),
            _ => {}
        }
    }
    Err(addr_error(s, "unable to parse IP", b""))
}

/// `netip.parseIPv4Fields(in, off, end)`: four decimal fields 0-255, no
/// leading zeros; errors name all of `input`.
fn ipv4_fields(input: &[u8], off: usize, end: usize) -> Result<(), AddrError> {
    let s = input.get(off..end).unwrap_or_default();
    let (mut val, mut pos, mut digits) = (0u32, 0, 0);
    for (i, &c) in s.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(addr_error(
                    input,
                    "IPv4 field has octet with leading zero",
                    b"",
                ));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(addr_error(input, "IPv4 field has value >255", b""));
            }
        } else if c == b'.' {
            if i == 0 || i == s.len() - 1 || s[i - 1] == b'.' {
                return Err(addr_error(
                    input,
                    "IPv4 field must have at least one digit",
                    &s[i..],
                ));
            }
            if pos == 3 {
                return Err(addr_error(input, "IPv4 address too long", b""));
            }
            pos += 1;
            val = 0;
            digits = 0;
        } else {
            return Err(addr_error(input, "unexpected character", &s[i..]));
        }
    }
    if pos < 3 {
        return Err(addr_error(input, "IPv4 address too short", b""));
    }
    Ok(())
}

/// `netip.parseIPv6`: groups of 1-4 hex digits, one `::`, an IPv4 address
/// only as the last 32 bits, a non-empty zone after the first `%`.
fn parse_ipv6(input: &[u8]) -> Result<(), AddrError> {
    let mut s = input;
    let mut zone_len = 0;
    if let Some(i) = s.iter().position(|&b| b == b'%') {
        zone_len = s.len() - i - 1;
        if zone_len == 0 {
            return Err(addr_error(input, "zone must be a non-empty string", b""));
        }
        s = &s[..i];
    }
    let mut ellipsis: Option<usize> = None;
    if s.starts_with(b"::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok(());
        }
    }
    let mut i = 0;
    while i < 16 {
        let mut off = 0;
        let mut acc = 0u32;
        while let Some(&c) = s.get(off) {
            if !is_hex(c) {
                break;
            }
            acc = (acc << 4) + u32::from(unhex(c));
            if off > 3 {
                return Err(addr_error(
                    input,
                    "each group must have 4 or less digits",
                    s,
                ));
            }
            if acc > 0xffff {
                return Err(addr_error(input, "IPv6 field has value >=2^16", s));
            }
            off += 1;
        }
        if off == 0 {
            return Err(addr_error(
                input,
                "each colon-separated field must have at least one digit",
                s,
            ));
        }
        if s.get(off) == Some(&b'.') {
            // parseIPv6: a trailing IPv4 address, in the last 32 bits only.
            if ellipsis.is_none() && i != 12 {
                return Err(addr_error(
                    input,
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    s,
                ));
            }
            if i + 4 > 16 {
                return Err(addr_error(
                    input,
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    s,
                ));
            }
            let end = input.len() - if zone_len > 0 { zone_len + 1 } else { 0 };
            ipv4_fields(input, end - s.len(), end)?;
            s = b"";
            i += 4;
            break;
        }
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' {
            return Err(addr_error(input, "unexpected character, want colon", s));
        } else if s.len() == 1 {
            return Err(addr_error(
                input,
                "colon must be followed by more characters",
                s,
            ));
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return Err(addr_error(input, "multiple :: in address", s));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(addr_error(input, "trailing garbage after address", s));
    }
    if i < 16 {
        if ellipsis.is_none() {
            return Err(addr_error(input, "address string too short", b""));
        }
    } else if ellipsis.is_some() {
        return Err(addr_error(
            input,
            "the :: must expand to at least one field of zeros",
            b"",
        ));
    }
    Ok(())
}

/// `strconv.Quote` on Go's bytes: `"` and `\` backslashed, printable runes
/// as they are, the rest escaped (`\n`, `\x7f`, `\u00ad`, `\U000e0001`),
/// and each byte that is not UTF-8 as `\xff`.
fn quote(s: &[u8], out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            quote_rune(c, out);
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out.push('"');
}

/// `strconv.appendEscapedRune`, for a double-quoted string.
fn quote_rune(c: char, out: &mut String) {
    if c == '"' || c == '\\' {
        out.push('\\');
        out.push(c);
        return;
    }
    if is_print(c) {
        out.push(c);
        return;
    }
    let _ = match c {
        '\x07' => write!(out, "\\a"),
        '\x08' => write!(out, "\\b"),
        '\x0c' => write!(out, "\\f"),
        '\n' => write!(out, "\\n"),
        '\r' => write!(out, "\\r"),
        '\t' => write!(out, "\\t"),
        '\x0b' => write!(out, "\\v"),
        c if c < ' ' || c == '\x7f' => write!(out, "\\x{:02x}", u32::from(c)),
        c if u32::from(c) < 0x10000 => write!(out, "\\u{:04x}", u32::from(c)),
        c => write!(out, "\\U{:08x}", u32::from(c)),
    };
}

/// `strconv.IsPrint` (Go 1.27, Unicode 17.0.0): letters, marks, numbers,
/// punctuation, symbols and the ASCII space.
fn is_print(c: char) -> bool {
    let c = u32::from(c);
    if c < 0x80 {
        return (0x20..0x7f).contains(&c);
    }
    let (ranges, _) = PRINTABLE.as_chunks::<2>();
    let i = ranges.partition_point(|r| r[1] < c);
    ranges.get(i).is_some_and(|r| r[0] <= c)
}

/// The first `byte` (ASCII) in `s`.
fn find(s: &str, byte: u8) -> Option<usize> {
    memchr::memchr(byte, s.as_bytes())
}

/// The last `byte` (ASCII) in `s`.
fn rfind(s: &str, byte: u8) -> Option<usize> {
    memchr::memrchr(byte, s.as_bytes())
}

/// The bytes `b`, shown: as text when UTF-8, else with U+FFFD for what is
/// not (the trace shows text).
fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Where `part` (a slice of `whole`) lies in it, in bytes; empty when it is
/// no slice of it.
fn span(whole: &str, part: &str) -> Range<usize> {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    match start.checked_add(part.len()) {
        Some(end) if end <= whole.len() => start..end,
        _ => 0..0,
    }
}

fn with_span(step: Step, whole: Option<&str>, part: &str) -> Step {
    match whole {
        Some(w) => step.at(span(w, part)),
        None => step,
    }
}

/// The code points above ASCII that `strconv.IsPrint` accepts in Go 1.27
/// (Unicode 17.0.0), as inclusive ranges: first, last, first, last, …
/// (listed by running `strconv.IsPrint` over every code point).
#[rustfmt::skip]
const PRINTABLE: [u32; 1480] = [
    0xA1, 0xAC, 0xAE, 0x377, 0x37A, 0x37F, 0x384, 0x38A, 0x38C, 0x38C, 0x38E, 0x3A1, 0x3A3, 0x52F,
    0x531, 0x556, 0x559, 0x58A, 0x58D, 0x58F, 0x591, 0x5C7, 0x5D0, 0x5EA, 0x5EF, 0x5F4, 0x606,
    0x61B, 0x61D, 0x6DC, 0x6DE, 0x70D, 0x710, 0x74A, 0x74D, 0x7B1, 0x7C0, 0x7FA, 0x7FD, 0x82D,
    0x830, 0x83E, 0x840, 0x85B, 0x85E, 0x85E, 0x860, 0x86A, 0x870, 0x88F, 0x897, 0x8E1, 0x8E3,
    0x983, 0x985, 0x98C, 0x98F, 0x990, 0x993, 0x9A8, 0x9AA, 0x9B0, 0x9B2, 0x9B2, 0x9B6, 0x9B9,
    0x9BC, 0x9C4, 0x9C7, 0x9C8, 0x9CB, 0x9CE, 0x9D7, 0x9D7, 0x9DC, 0x9DD, 0x9DF, 0x9E3, 0x9E6,
    0x9FE, 0xA01, 0xA03, 0xA05, 0xA0A, 0xA0F, 0xA10, 0xA13, 0xA28, 0xA2A, 0xA30, 0xA32, 0xA33,
    0xA35, 0xA36, 0xA38, 0xA39, 0xA3C, 0xA3C, 0xA3E, 0xA42, 0xA47, 0xA48, 0xA4B, 0xA4D, 0xA51,
    0xA51, 0xA59, 0xA5C, 0xA5E, 0xA5E, 0xA66, 0xA76, 0xA81, 0xA83, 0xA85, 0xA8D, 0xA8F, 0xA91,
    0xA93, 0xAA8, 0xAAA, 0xAB0, 0xAB2, 0xAB3, 0xAB5, 0xAB9, 0xABC, 0xAC5, 0xAC7, 0xAC9, 0xACB,
    0xACD, 0xAD0, 0xAD0, 0xAE0, 0xAE3, 0xAE6, 0xAF1, 0xAF9, 0xAFF, 0xB01, 0xB03, 0xB05, 0xB0C,
    0xB0F, 0xB10, 0xB13, 0xB28, 0xB2A, 0xB30, 0xB32, 0xB33, 0xB35, 0xB39, 0xB3C, 0xB44, 0xB47,
    0xB48, 0xB4B, 0xB4D, 0xB55, 0xB57, 0xB5C, 0xB5D, 0xB5F, 0xB63, 0xB66, 0xB77, 0xB82, 0xB83,
    0xB85, 0xB8A, 0xB8E, 0xB90, 0xB92, 0xB95, 0xB99, 0xB9A, 0xB9C, 0xB9C, 0xB9E, 0xB9F, 0xBA3,
    0xBA4, 0xBA8, 0xBAA, 0xBAE, 0xBB9, 0xBBE, 0xBC2, 0xBC6, 0xBC8, 0xBCA, 0xBCD, 0xBD0, 0xBD0,
    0xBD7, 0xBD7, 0xBE6, 0xBFA, 0xC00, 0xC0C, 0xC0E, 0xC10, 0xC12, 0xC28, 0xC2A, 0xC39, 0xC3C,
    0xC44, 0xC46, 0xC48, 0xC4A, 0xC4D, 0xC55, 0xC56, 0xC58, 0xC5A, 0xC5C, 0xC5D, 0xC60, 0xC63,
    0xC66, 0xC6F, 0xC77, 0xC8C, 0xC8E, 0xC90, 0xC92, 0xCA8, 0xCAA, 0xCB3, 0xCB5, 0xCB9, 0xCBC,
    0xCC4, 0xCC6, 0xCC8, 0xCCA, 0xCCD, 0xCD5, 0xCD6, 0xCDC, 0xCDE, 0xCE0, 0xCE3, 0xCE6, 0xCEF,
    0xCF1, 0xCF3, 0xD00, 0xD0C, 0xD0E, 0xD10, 0xD12, 0xD44, 0xD46, 0xD48, 0xD4A, 0xD4F, 0xD54,
    0xD63, 0xD66, 0xD7F, 0xD81, 0xD83, 0xD85, 0xD96, 0xD9A, 0xDB1, 0xDB3, 0xDBB, 0xDBD, 0xDBD,
    0xDC0, 0xDC6, 0xDCA, 0xDCA, 0xDCF, 0xDD4, 0xDD6, 0xDD6, 0xDD8, 0xDDF, 0xDE6, 0xDEF, 0xDF2,
    0xDF4, 0xE01, 0xE3A, 0xE3F, 0xE5B, 0xE81, 0xE82, 0xE84, 0xE84, 0xE86, 0xE8A, 0xE8C, 0xEA3,
    0xEA5, 0xEA5, 0xEA7, 0xEBD, 0xEC0, 0xEC4, 0xEC6, 0xEC6, 0xEC8, 0xECE, 0xED0, 0xED9, 0xEDC,
    0xEDF, 0xF00, 0xF47, 0xF49, 0xF6C, 0xF71, 0xF97, 0xF99, 0xFBC, 0xFBE, 0xFCC, 0xFCE, 0xFDA,
    0x1000, 0x10C5, 0x10C7, 0x10C7, 0x10CD, 0x10CD, 0x10D0, 0x1248, 0x124A, 0x124D, 0x1250, 0x1256,
    0x1258, 0x1258, 0x125A, 0x125D, 0x1260, 0x1288, 0x128A, 0x128D, 0x1290, 0x12B0, 0x12B2, 0x12B5,
    0x12B8, 0x12BE, 0x12C0, 0x12C0, 0x12C2, 0x12C5, 0x12C8, 0x12D6, 0x12D8, 0x1310, 0x1312, 0x1315,
    0x1318, 0x135A, 0x135D, 0x137C, 0x1380, 0x1399, 0x13A0, 0x13F5, 0x13F8, 0x13FD, 0x1400, 0x167F,
    0x1681, 0x169C, 0x16A0, 0x16F8, 0x1700, 0x1715, 0x171F, 0x1736, 0x1740, 0x1753, 0x1760, 0x176C,
    0x176E, 0x1770, 0x1772, 0x1773, 0x1780, 0x17DD, 0x17E0, 0x17E9, 0x17F0, 0x17F9, 0x1800, 0x180D,
    0x180F, 0x1819, 0x1820, 0x1878, 0x1880, 0x18AA, 0x18B0, 0x18F5, 0x1900, 0x191E, 0x1920, 0x192B,
    0x1930, 0x193B, 0x1940, 0x1940, 0x1944, 0x196D, 0x1970, 0x1974, 0x1980, 0x19AB, 0x19B0, 0x19C9,
    0x19D0, 0x19DA, 0x19DE, 0x1A1B, 0x1A1E, 0x1A5E, 0x1A60, 0x1A7C, 0x1A7F, 0x1A89, 0x1A90, 0x1A99,
    0x1AA0, 0x1AAD, 0x1AB0, 0x1ADD, 0x1AE0, 0x1AEB, 0x1B00, 0x1B4C, 0x1B4E, 0x1BF3, 0x1BFC, 0x1C37,
    0x1C3B, 0x1C49, 0x1C4D, 0x1C8A, 0x1C90, 0x1CBA, 0x1CBD, 0x1CC7, 0x1CD0, 0x1CFA, 0x1D00, 0x1F15,
    0x1F18, 0x1F1D, 0x1F20, 0x1F45, 0x1F48, 0x1F4D, 0x1F50, 0x1F57, 0x1F59, 0x1F59, 0x1F5B, 0x1F5B,
    0x1F5D, 0x1F5D, 0x1F5F, 0x1F7D, 0x1F80, 0x1FB4, 0x1FB6, 0x1FC4, 0x1FC6, 0x1FD3, 0x1FD6, 0x1FDB,
    0x1FDD, 0x1FEF, 0x1FF2, 0x1FF4, 0x1FF6, 0x1FFE, 0x2010, 0x2027, 0x2030, 0x205E, 0x2070, 0x2071,
    0x2074, 0x208E, 0x2090, 0x209C, 0x20A0, 0x20C1, 0x20D0, 0x20F0, 0x2100, 0x218B, 0x2190, 0x2429,
    0x2440, 0x244A, 0x2460, 0x2B73, 0x2B76, 0x2CF3, 0x2CF9, 0x2D25, 0x2D27, 0x2D27, 0x2D2D, 0x2D2D,
    0x2D30, 0x2D67, 0x2D6F, 0x2D70, 0x2D7F, 0x2D96, 0x2DA0, 0x2DA6, 0x2DA8, 0x2DAE, 0x2DB0, 0x2DB6,
    0x2DB8, 0x2DBE, 0x2DC0, 0x2DC6, 0x2DC8, 0x2DCE, 0x2DD0, 0x2DD6, 0x2DD8, 0x2DDE, 0x2DE0, 0x2E5D,
    0x2E80, 0x2E99, 0x2E9B, 0x2EF3, 0x2F00, 0x2FD5, 0x2FF0, 0x2FFF, 0x3001, 0x303F, 0x3041, 0x3096,
    0x3099, 0x30FF, 0x3105, 0x312F, 0x3131, 0x318E, 0x3190, 0x31E5, 0x31EF, 0x321E, 0x3220, 0xA48C,
    0xA490, 0xA4C6, 0xA4D0, 0xA62B, 0xA640, 0xA6F7, 0xA700, 0xA7DC, 0xA7F1, 0xA82C, 0xA830, 0xA839,
    0xA840, 0xA877, 0xA880, 0xA8C5, 0xA8CE, 0xA8D9, 0xA8E0, 0xA953, 0xA95F, 0xA97C, 0xA980, 0xA9CD,
    0xA9CF, 0xA9D9, 0xA9DE, 0xA9FE, 0xAA00, 0xAA36, 0xAA40, 0xAA4D, 0xAA50, 0xAA59, 0xAA5C, 0xAAC2,
    0xAADB, 0xAAF6, 0xAB01, 0xAB06, 0xAB09, 0xAB0E, 0xAB11, 0xAB16, 0xAB20, 0xAB26, 0xAB28, 0xAB2E,
    0xAB30, 0xAB6B, 0xAB70, 0xABED, 0xABF0, 0xABF9, 0xAC00, 0xD7A3, 0xD7B0, 0xD7C6, 0xD7CB, 0xD7FB,
    0xF900, 0xFA6D, 0xFA70, 0xFAD9, 0xFB00, 0xFB06, 0xFB13, 0xFB17, 0xFB1D, 0xFB36, 0xFB38, 0xFB3C,
    0xFB3E, 0xFB3E, 0xFB40, 0xFB41, 0xFB43, 0xFB44, 0xFB46, 0xFDCF, 0xFDF0, 0xFE19, 0xFE20, 0xFE52,
    0xFE54, 0xFE66, 0xFE68, 0xFE6B, 0xFE70, 0xFE74, 0xFE76, 0xFEFC, 0xFF01, 0xFFBE, 0xFFC2, 0xFFC7,
    0xFFCA, 0xFFCF, 0xFFD2, 0xFFD7, 0xFFDA, 0xFFDC, 0xFFE0, 0xFFE6, 0xFFE8, 0xFFEE, 0xFFFC, 0xFFFD,
    0x10000, 0x1000B, 0x1000D, 0x10026, 0x10028, 0x1003A, 0x1003C, 0x1003D, 0x1003F, 0x1004D,
    0x10050, 0x1005D, 0x10080, 0x100FA, 0x10100, 0x10102, 0x10107, 0x10133, 0x10137, 0x1018E,
    0x10190, 0x1019C, 0x101A0, 0x101A0, 0x101D0, 0x101FD, 0x10280, 0x1029C, 0x102A0, 0x102D0,
    0x102E0, 0x102FB, 0x10300, 0x10323, 0x1032D, 0x1034A, 0x10350, 0x1037A, 0x10380, 0x1039D,
    0x1039F, 0x103C3, 0x103C8, 0x103D5, 0x10400, 0x1049D, 0x104A0, 0x104A9, 0x104B0, 0x104D3,
    0x104D8, 0x104FB, 0x10500, 0x10527, 0x10530, 0x10563, 0x1056F, 0x1057A, 0x1057C, 0x1058A,
    0x1058C, 0x10592, 0x10594, 0x10595, 0x10597, 0x105A1, 0x105A3, 0x105B1, 0x105B3, 0x105B9,
    0x105BB, 0x105BC, 0x105C0, 0x105F3, 0x10600, 0x10736, 0x10740, 0x10755, 0x10760, 0x10767,
    0x10780, 0x10785, 0x10787, 0x107B0, 0x107B2, 0x107BA, 0x10800, 0x10805, 0x10808, 0x10808,
    0x1080A, 0x10835, 0x10837, 0x10838, 0x1083C, 0x1083C, 0x1083F, 0x10855, 0x10857, 0x1089E,
    0x108A7, 0x108AF, 0x108E0, 0x108F2, 0x108F4, 0x108F5, 0x108FB, 0x1091B, 0x1091F, 0x10939,
    0x1093F, 0x10959, 0x10980, 0x109B7, 0x109BC, 0x109CF, 0x109D2, 0x10A03, 0x10A05, 0x10A06,
    0x10A0C, 0x10A13, 0x10A15, 0x10A17, 0x10A19, 0x10A35, 0x10A38, 0x10A3A, 0x10A3F, 0x10A48,
    0x10A50, 0x10A58, 0x10A60, 0x10A9F, 0x10AC0, 0x10AE6, 0x10AEB, 0x10AF6, 0x10B00, 0x10B35,
    0x10B39, 0x10B55, 0x10B58, 0x10B72, 0x10B78, 0x10B91, 0x10B99, 0x10B9C, 0x10BA9, 0x10BAF,
    0x10C00, 0x10C48, 0x10C80, 0x10CB2, 0x10CC0, 0x10CF2, 0x10CFA, 0x10D27, 0x10D30, 0x10D39,
    0x10D40, 0x10D65, 0x10D69, 0x10D85, 0x10D8E, 0x10D8F, 0x10E60, 0x10E7E, 0x10E80, 0x10EA9,
    0x10EAB, 0x10EAD, 0x10EB0, 0x10EB1, 0x10EC2, 0x10EC7, 0x10ED0, 0x10ED8, 0x10EFA, 0x10F27,
    0x10F30, 0x10F59, 0x10F70, 0x10F89, 0x10FB0, 0x10FCB, 0x10FE0, 0x10FF6, 0x11000, 0x1104D,
    0x11052, 0x11075, 0x1107F, 0x110BC, 0x110BE, 0x110C2, 0x110D0, 0x110E8, 0x110F0, 0x110F9,
    0x11100, 0x11134, 0x11136, 0x11147, 0x11150, 0x11176, 0x11180, 0x111DF, 0x111E1, 0x111F4,
    0x11200, 0x11211, 0x11213, 0x11241, 0x11280, 0x11286, 0x11288, 0x11288, 0x1128A, 0x1128D,
    0x1128F, 0x1129D, 0x1129F, 0x112A9, 0x112B0, 0x112EA, 0x112F0, 0x112F9, 0x11300, 0x11303,
    0x11305, 0x1130C, 0x1130F, 0x11310, 0x11313, 0x11328, 0x1132A, 0x11330, 0x11332, 0x11333,
    0x11335, 0x11339, 0x1133B, 0x11344, 0x11347, 0x11348, 0x1134B, 0x1134D, 0x11350, 0x11350,
    0x11357, 0x11357, 0x1135D, 0x11363, 0x11366, 0x1136C, 0x11370, 0x11374, 0x11380, 0x11389,
    0x1138B, 0x1138B, 0x1138E, 0x1138E, 0x11390, 0x113B5, 0x113B7, 0x113C0, 0x113C2, 0x113C2,
    0x113C5, 0x113C5, 0x113C7, 0x113CA, 0x113CC, 0x113D5, 0x113D7, 0x113D8, 0x113E1, 0x113E2,
    0x11400, 0x1145B, 0x1145D, 0x11461, 0x11480, 0x114C7, 0x114D0, 0x114D9, 0x11580, 0x115B5,
    0x115B8, 0x115DD, 0x11600, 0x11644, 0x11650, 0x11659, 0x11660, 0x1166C, 0x11680, 0x116B9,
    0x116C0, 0x116C9, 0x116D0, 0x116E3, 0x11700, 0x1171A, 0x1171D, 0x1172B, 0x11730, 0x11746,
    0x11800, 0x1183B, 0x118A0, 0x118F2, 0x118FF, 0x11906, 0x11909, 0x11909, 0x1190C, 0x11913,
    0x11915, 0x11916, 0x11918, 0x11935, 0x11937, 0x11938, 0x1193B, 0x11946, 0x11950, 0x11959,
    0x119A0, 0x119A7, 0x119AA, 0x119D7, 0x119DA, 0x119E4, 0x11A00, 0x11A47, 0x11A50, 0x11AA2,
    0x11AB0, 0x11AF8, 0x11B00, 0x11B09, 0x11B60, 0x11B67, 0x11BC0, 0x11BE1, 0x11BF0, 0x11BF9,
    0x11C00, 0x11C08, 0x11C0A, 0x11C36, 0x11C38, 0x11C45, 0x11C50, 0x11C6C, 0x11C70, 0x11C8F,
    0x11C92, 0x11CA7, 0x11CA9, 0x11CB6, 0x11D00, 0x11D06, 0x11D08, 0x11D09, 0x11D0B, 0x11D36,
    0x11D3A, 0x11D3A, 0x11D3C, 0x11D3D, 0x11D3F, 0x11D47, 0x11D50, 0x11D59, 0x11D60, 0x11D65,
    0x11D67, 0x11D68, 0x11D6A, 0x11D8E, 0x11D90, 0x11D91, 0x11D93, 0x11D98, 0x11DA0, 0x11DA9,
    0x11DB0, 0x11DDB, 0x11DE0, 0x11DE9, 0x11EE0, 0x11EF8, 0x11F00, 0x11F10, 0x11F12, 0x11F3A,
    0x11F3E, 0x11F5A, 0x11FB0, 0x11FB0, 0x11FC0, 0x11FF1, 0x11FFF, 0x12399, 0x12400, 0x1246E,
    0x12470, 0x12474, 0x12480, 0x12543, 0x12F90, 0x12FF2, 0x13000, 0x1342F, 0x13440, 0x13455,
    0x13460, 0x143FA, 0x14400, 0x14646, 0x16100, 0x16139, 0x16800, 0x16A38, 0x16A40, 0x16A5E,
    0x16A60, 0x16A69, 0x16A6E, 0x16ABE, 0x16AC0, 0x16AC9, 0x16AD0, 0x16AED, 0x16AF0, 0x16AF5,
    0x16B00, 0x16B45, 0x16B50, 0x16B59, 0x16B5B, 0x16B61, 0x16B63, 0x16B77, 0x16B7D, 0x16B8F,
    0x16D40, 0x16D79, 0x16E40, 0x16E9A, 0x16EA0, 0x16EB8, 0x16EBB, 0x16ED3, 0x16F00, 0x16F4A,
    0x16F4F, 0x16F87, 0x16F8F, 0x16F9F, 0x16FE0, 0x16FE4, 0x16FF0, 0x16FF6, 0x17000, 0x18CD5,
    0x18CFF, 0x18D1E, 0x18D80, 0x18DF2, 0x1AFF0, 0x1AFF3, 0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE,
    0x1B000, 0x1B122, 0x1B132, 0x1B132, 0x1B150, 0x1B152, 0x1B155, 0x1B155, 0x1B164, 0x1B167,
    0x1B170, 0x1B2FB, 0x1BC00, 0x1BC6A, 0x1BC70, 0x1BC7C, 0x1BC80, 0x1BC88, 0x1BC90, 0x1BC99,
    0x1BC9C, 0x1BC9F, 0x1CC00, 0x1CCFC, 0x1CD00, 0x1CEB3, 0x1CEBA, 0x1CED0, 0x1CEE0, 0x1CEF0,
    0x1CF00, 0x1CF2D, 0x1CF30, 0x1CF46, 0x1CF50, 0x1CFC3, 0x1D000, 0x1D0F5, 0x1D100, 0x1D126,
    0x1D129, 0x1D172, 0x1D17B, 0x1D1EA, 0x1D200, 0x1D245, 0x1D2C0, 0x1D2D3, 0x1D2E0, 0x1D2F3,
    0x1D300, 0x1D356, 0x1D360, 0x1D378, 0x1D400, 0x1D454, 0x1D456, 0x1D49C, 0x1D49E, 0x1D49F,
    0x1D4A2, 0x1D4A2, 0x1D4A5, 0x1D4A6, 0x1D4A9, 0x1D4AC, 0x1D4AE, 0x1D4B9, 0x1D4BB, 0x1D4BB,
    0x1D4BD, 0x1D4C3, 0x1D4C5, 0x1D505, 0x1D507, 0x1D50A, 0x1D50D, 0x1D514, 0x1D516, 0x1D51C,
    0x1D51E, 0x1D539, 0x1D53B, 0x1D53E, 0x1D540, 0x1D544, 0x1D546, 0x1D546, 0x1D54A, 0x1D550,
    0x1D552, 0x1D6A5, 0x1D6A8, 0x1D7CB, 0x1D7CE, 0x1DA8B, 0x1DA9B, 0x1DA9F, 0x1DAA1, 0x1DAAF,
    0x1DF00, 0x1DF1E, 0x1DF25, 0x1DF2A, 0x1E000, 0x1E006, 0x1E008, 0x1E018, 0x1E01B, 0x1E021,
    0x1E023, 0x1E024, 0x1E026, 0x1E02A, 0x1E030, 0x1E06D, 0x1E08F, 0x1E08F, 0x1E100, 0x1E12C,
    0x1E130, 0x1E13D, 0x1E140, 0x1E149, 0x1E14E, 0x1E14F, 0x1E290, 0x1E2AE, 0x1E2C0, 0x1E2F9,
    0x1E2FF, 0x1E2FF, 0x1E4D0, 0x1E4F9, 0x1E5D0, 0x1E5FA, 0x1E5FF, 0x1E5FF, 0x1E6C0, 0x1E6DE,
    0x1E6E0, 0x1E6F5, 0x1E6FE, 0x1E6FF, 0x1E7E0, 0x1E7E6, 0x1E7E8, 0x1E7EB, 0x1E7ED, 0x1E7EE,
    0x1E7F0, 0x1E7FE, 0x1E800, 0x1E8C4, 0x1E8C7, 0x1E8D6, 0x1E900, 0x1E94B, 0x1E950, 0x1E959,
    0x1E95E, 0x1E95F, 0x1EC71, 0x1ECB4, 0x1ED01, 0x1ED3D, 0x1EE00, 0x1EE03, 0x1EE05, 0x1EE1F,
    0x1EE21, 0x1EE22, 0x1EE24, 0x1EE24, 0x1EE27, 0x1EE27, 0x1EE29, 0x1EE32, 0x1EE34, 0x1EE37,
    0x1EE39, 0x1EE39, 0x1EE3B, 0x1EE3B, 0x1EE42, 0x1EE42, 0x1EE47, 0x1EE47, 0x1EE49, 0x1EE49,
    0x1EE4B, 0x1EE4B, 0x1EE4D, 0x1EE4F, 0x1EE51, 0x1EE52, 0x1EE54, 0x1EE54, 0x1EE57, 0x1EE57,
    0x1EE59, 0x1EE59, 0x1EE5B, 0x1EE5B, 0x1EE5D, 0x1EE5D, 0x1EE5F, 0x1EE5F, 0x1EE61, 0x1EE62,
    0x1EE64, 0x1EE64, 0x1EE67, 0x1EE6A, 0x1EE6C, 0x1EE72, 0x1EE74, 0x1EE77, 0x1EE79, 0x1EE7C,
    0x1EE7E, 0x1EE7E, 0x1EE80, 0x1EE89, 0x1EE8B, 0x1EE9B, 0x1EEA1, 0x1EEA3, 0x1EEA5, 0x1EEA9,
    0x1EEAB, 0x1EEBB, 0x1EEF0, 0x1EEF1, 0x1F000, 0x1F02B, 0x1F030, 0x1F093, 0x1F0A0, 0x1F0AE,
    0x1F0B1, 0x1F0BF, 0x1F0C1, 0x1F0CF, 0x1F0D1, 0x1F0F5, 0x1F100, 0x1F1AD, 0x1F1E6, 0x1F202,
    0x1F210, 0x1F23B, 0x1F240, 0x1F248, 0x1F250, 0x1F251, 0x1F260, 0x1F265, 0x1F300, 0x1F6D8,
    0x1F6DC, 0x1F6EC, 0x1F6F0, 0x1F6FC, 0x1F700, 0x1F7D9, 0x1F7E0, 0x1F7EB, 0x1F7F0, 0x1F7F0,
    0x1F800, 0x1F80B, 0x1F810, 0x1F847, 0x1F850, 0x1F859, 0x1F860, 0x1F887, 0x1F890, 0x1F8AD,
    0x1F8B0, 0x1F8BB, 0x1F8C0, 0x1F8C1, 0x1F8D0, 0x1F8D8, 0x1F900, 0x1FA57, 0x1FA60, 0x1FA6D,
    0x1FA70, 0x1FA7C, 0x1FA80, 0x1FA8A, 0x1FA8E, 0x1FAC6, 0x1FAC8, 0x1FAC8, 0x1FACD, 0x1FADC,
    0x1FADF, 0x1FAEA, 0x1FAEF, 0x1FAF8, 0x1FB00, 0x1FB92, 0x1FB94, 0x1FBFA, 0x20000, 0x2A6DF,
    0x2A700, 0x2B81D, 0x2B820, 0x2CEAD, 0x2CEB0, 0x2EBE0, 0x2EBF0, 0x2EE5D, 0x2F800, 0x2FA1D,
    0x30000, 0x3134A, 0x31350, 0x33479, 0xE0100, 0xE01EF
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::{NoTrace, Trace};

    fn href(input: &str, base: Option<&str>) -> Result<String, String> {
        request(input, base, &mut NoTrace)
            .map(|u| u.string(&mut NoTrace))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn parses_and_resolves_as_go_does() {
        // Each checked against go-runner (scripts/servers/probe.py).
        let cases: &[(&str, Option<&str>, Result<&str, &str>)] = &[
            ("http://h/a/../b", None, Ok("http://h/a/../b")),
            ("http://h/a/../b", Some("http://x/"), Ok("http://h/b")),
            ("x", Some("mailto:a@b"), Ok("mailto:///x")),
            (
                "?",
                Some("http://foo.example/#bar"),
                Ok("http://foo.example/?"),
            ),
            (
                "///evil.com",
                Some("http://good.com/a"),
                Ok("http://good.com///evil.com"),
            ),
            ("http://a@b@c/", None, Ok("http://a%40b@c/")),
            ("http:evil.com", None, Ok("http:evil.com")),
            ("foo://a:b:80/", None, Ok("foo://a:b:80/")),
            (
                "http://[fe80::1%25en0]:8080/",
                None,
                Ok("http://[fe80::1%25en0]:8080/"),
            ),
            ("a:b", Some("http://h/"), Ok("a:b")),
            ("./a:b", Some("http://h/"), Ok("http://h/a:b")),
            ("http:/%2F/x", None, Ok("http:/%2F/x")),
            (
                "http://a:b:80/",
                None,
                Err("parse \"http://a:b:80/\": invalid port \":b:80\" after host"),
            ),
            (
                "http://good.com\\@evil.com/",
                None,
                Err("parse \"http://good.com\\\\@evil.com/\": net/url: invalid userinfo"),
            ),
            (
                "http://h/#%zz",
                None,
                Err("parse \"http://h/#%zz\": invalid URL escape \"%zz\""),
            ),
            (
                "http://%41/",
                None,
                Err("parse \"http://%41/\": invalid URL escape \"%41\""),
            ),
            (
                "http://[::1.2.3]/",
                None,
                Err(
                    "parse \"http://[::1.2.3]/\": invalid host: ParseAddr(\"::1.2.3\"): IPv4 address too short",
                ),
            ),
            (
                "http://[1::2::3]/",
                None,
                Err(
                    "parse \"http://[1::2::3]/\": invalid host: ParseAddr(\"1::2::3\"): multiple :: in address (at \":3\")",
                ),
            ),
            (
                "http://[1.2.3.4]/",
                None,
                Err("parse \"http://[1.2.3.4]/\": invalid IP-literal"),
            ),
            (":x", None, Err("parse \":x\": missing protocol scheme")),
            (
                " http://x",
                None,
                Err("parse \" http://x\": first path segment in URL cannot contain colon"),
            ),
            (
                "x",
                Some("http://a\tb/"),
                Err("parse \"http://a\\tb/\": net/url: invalid control character in URL"),
            ),
        ];
        for (input, base, want) in cases {
            let want = want.map(str::to_owned).map_err(str::to_owned);
            assert_eq!(href(input, *base), want, "{input:?} against {base:?}");
        }
    }

    #[test]
    fn quotes_as_strconv_does() {
        let q = |b: &[u8]| {
            let mut s = String::new();
            quote(b, &mut s);
            s
        };
        assert_eq!(q(b"a\"\\b"), r#""a\"\\b""#);
        assert_eq!(
            q(b"\x07\x08\x0c\n\r\t\x0b\x01\x7f"),
            r#""\a\b\f\n\r\t\v\x01\x7f""#
        );
        assert_eq!(
            q("é\u{ad}\u{e0001}\u{fffd}".as_bytes()),
            "\"é\\u00ad\\U000e0001\u{fffd}\""
        );
        assert_eq!(q(b"%\xe2\x82"), r#""%\xe2\x82""#);
        assert!(
            is_print('\u{a1}') && !is_print('\u{ad}') && !is_print('\u{378}') && is_print('😀')
        );
    }

    #[test]
    fn hostname_and_port_split_at_the_last_colon_before_digits() {
        let url = request("foo://a:b:80/", None, &mut NoTrace).unwrap_or_default();
        assert_eq!((url.hostname(), url.port()), (&b"a:b"[..], &b"80"[..]));
        let url = request("http://[::1%25lo]:/", None, &mut NoTrace).unwrap_or_default();
        assert_eq!((url.hostname(), url.port()), (&b"::1%lo"[..], &b""[..]));
    }

    #[test]
    fn percent_decoding_keeps_bytes_that_are_not_utf8() {
        let url = request("http://%ff%25/%fe#%fd", None, &mut NoTrace).unwrap_or_default();
        assert_eq!(url.host, b"\xff%");
        assert_eq!(url.path, b"/\xfe");
        assert_eq!(url.fragment, b"\xfd");
        // RawPath and RawFragment keep the lowercase escapes.
        assert_eq!(url.string(&mut NoTrace), "http://%FF%25/%fe#%fd");
    }

    #[test]
    fn dot_segments_go_as_resolve_path_removes_them() {
        for (full, want) in [
            ("", ""),
            ("/a/b/../c", "/a/c"),
            ("/a/./b/.", "/a/b/"),
            ("/../../x", "/x"),
            ("a/..", "/"),
            ("//x/../y", "//y"),
            ("///evil.com", "///evil.com"),
            ("/a//..", "/a/"),
            ("/%2e%2e/x", "/%2e%2e/x"),
        ] {
            assert_eq!(remove_dots_of(full), want, "{full:?}");
        }
    }

    /// Inputs that together reach every `go.*` step.
    const EVERY_STEP: &[(&str, Option<&str>)] = &[
        ("*", None),
        ("http://u:p@[::1]:80/a/%2e?q#%41", None),
        ("foo://a:1/", None),
        ("http://h\x01/", None),
        ("http:/x?", None),
        ("http:x", None),
        ("-a:b/c", None),
        ("http://h/./x", Some("http://b/")),
        ("?q", Some("mailto:a@b")),
        ("", Some("http://h/p?q#f")),
        ("g", Some("mailto:a@b")),
        ("../g", Some("http://h/a/b")),
        ("///x", None),
    ];

    #[test]
    fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
        let mut reached = std::collections::BTreeSet::new();
        for (input, base) in EVERY_STEP.iter().copied() {
            let base = base.filter(|b| !b.is_empty());
            let mut trace = Trace::default();
            let traced = request(input, base, &mut trace).map(|u| {
                let _ = u.hostname_port(&mut trace);
                (u.string(&mut trace), u)
            });
            let plain = request(input, base, &mut NoTrace).map(|u| (u.string(&mut NoTrace), u));
            assert_eq!(traced, plain, "{input:?}");
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
        assert_eq!(
            crate::engine::servers::test_steps::unreached(crate::engine::Stage::Go, &reached),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn no_input_panics() {
        let big = "a%2".repeat(1 << 20);
        let weird = [
            "",
            "%",
            "[",
            "]",
            "[%",
            "//[",
            "http://[::1%25",
            "http://@",
            "#",
            "?#?",
            "\u{10ffff}",
        ];
        for input in weird.iter().copied().chain([big.as_str()]) {
            for base in [None, Some("http://h/a/b"), Some("mailto:x"), Some(input)] {
                let _ = request(input, base, &mut NoTrace).map(|u| u.string(&mut NoTrace));
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
                input in "[a-zA-Z0-9:/?#\\[\\]@%.:!$&'()*+,;= \\\\é\u{ad}\t-]{0,24}",
                base in proptest::option::of("[a-z:/?#\\[\\]@%.0-9é-]{0,16}"),
            ) {
                let plain = request(&input, base.as_deref(), &mut NoTrace).map(|u| u.string(&mut NoTrace));
                let mut trace = Trace::default();
                let traced = request(&input, base.as_deref(), &mut trace).map(|u| u.string(&mut trace));
                prop_assert_eq!(plain, traced);
            }
        }
    }
}
