//! urllib3 2.8.0's `urllib3.util.parse_url` (`src/urllib3/util/url.py`),
//! modelled, with the `idna` package (3.20) it calls for a host that is not
//! ASCII: what `requests` reads of a URL, and the host it connects to.
//!
//! The request is the project's definition (`scripts/servers/urllib3-runner.py`):
//! with a base, `joined = urllib.parse.urljoin(base, input)` first, as a
//! `requests` user resolving a link does ([`join`], which is CPython
//! 3.11.7's `urljoin` of [`python::urljoin`], not a copy); then `u =
//! parse_url(joined or input)` ([`parse_url`]); then `u.url`, the fields
//! and the properties `hostname`, `request_uri`, `netloc`, `authority`
//! ([`Url`]). A refusal is the library's exception, in its own words
//! ([`Error`]): `ValueError` from `urljoin`, `LocationParseError` from
//! `parse_url`.
//!
//! | function of `src/urllib3/util/url.py` (urllib3 2.8.0) | here |
//! |---|---|
//! | `parse_url` (`_SCHEME_RE`, `_URI_RE`); its authority, port and path stages, and the path's end with `Url.__new__` | [`parse_url`]; `split_authority`, `port_int`, `normalize_path`, `path_field` |
//! | `_HOST_PORT_RE` (`_REG_NAME_PAT`, `_IPV6_ADDRZ_PAT`) | `host::host_port` |
//! | `_normalize_host` (`_IPV6_ADDRZ_RE`, `_ZONE_ID_RE`, `_IPV4_RE`) | `host::normalize_host` |
//! | `_normalize_host_percent_encoding`, `_decode_percent_encoding`, `_normalize_zone_id_percent_encoding` | `host::host_percent`, `host::decode_escape` |
//! | `_idna_encode` | `host::idna_label` and [`idna`] |
//! | `_encode_invalid_chars`, the `_…_CHARS` sets | `chars::encode_invalid_chars` and the `chars` sets |
//! | `_remove_path_dot_segments` | `remove_path_dot_segments` |
//! | `Url.__new__`, `Url.url`, `request_uri`, `netloc`, `authority`, `hostname` | [`Url`] |
//! | `LocationParseError` (`src/urllib3/exceptions.py`) | [`ParseError`] |
//!
//! Python's regular expressions here are read as the code they amount to;
//! each function says why that gives the same answer. Python's strings are
//! code points and every delimiter is ASCII, so byte offsets into UTF-8
//! find the same places. Parts borrow the text parsed where the library
//! only slices it; a copy is made where it builds a new string.
//!
//! Nothing depends on the machine: `parse_url` does no DNS. Note what it
//! does not do either: a host of numbers such as `0x7f.1` is kept as
//! written, and `requests` hands it to `getaddrinfo`, which reads it as
//! `inet_aton` does (here, 127.0.0.1).

mod chars;
mod error;
mod host;
pub mod idna;
mod idna_tables;

use std::borrow::Cow;
use std::fmt;

use crate::engine::Component;
use crate::engine::servers::python::{self, PyError};
use crate::engine::trace::{Step, StepId, Tracer};

use chars::{encode_invalid_chars, is_path, is_query, is_userinfo};
pub use error::ParseError;
pub use idna::IdnaError;

/// A request's failure: urljoin's or parse_url's exception.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// `urllib.parse.urljoin` raised (`ValueError`), on the base or the input.
    Join(PyError),
    /// `parse_url` raised `LocationParseError`.
    Parse(ParseError),
}

impl Error {
    /// The call that raised, as the runner names it.
    pub const fn stage(&self) -> &'static str {
        match self {
            Error::Join(_) => "urljoin",
            Error::Parse(_) => "parse_url",
        }
    }
}

/// Writes the exception as the runner does: `Class: message`.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Join(e) => e.fmt(f),
            Error::Parse(e) => e.fmt(f),
        }
    }
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Parse(e)
    }
}

/// The string `parse_url` is given: the input, or urljoin's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined<'a> {
    /// urljoin's result, when there was a base.
    pub joined: Option<Cow<'a, str>>,
    input: &'a str,
}

impl Joined<'_> {
    /// What parse_url reads.
    pub fn text(&self) -> &str {
        self.joined.as_deref().unwrap_or(self.input)
    }
}

/// The first half of the request: with a base, `urljoin(base, input)`
/// (CPython 3.11.7's, whose steps it records); without one, the input.
/// An empty base is a base: urljoin gives the input back.
pub fn join<'a, T: Tracer>(
    input: &'a str,
    base: Option<&'a str>,
    tracer: &mut T,
) -> Result<Joined<'a>, Error> {
    let Some(base) = base else {
        return Ok(Joined {
            joined: None,
            input,
        });
    };
    match python::urljoin(base, input, tracer) {
        Ok((joined, _)) => {
            tracer.record(|| Step {
                after: Some(joined.to_string()),
                changes: true,
                ..Step::new(StepId::Urllib3Join).decide("urllib.parse.urljoin(base, input)")
            });
            Ok(Joined {
                joined: Some(joined),
                input,
            })
        }
        Err(e) => {
            tracer.record(|| {
                Step::new(StepId::Urllib3Join)
                    .decide(format!("{e}, {}", e.at.words()))
                    .fail()
            });
            Err(Error::Join(e))
        }
    }
}

/// What `parse_url` returns: the `Url` named tuple. A field is `None`
/// where the library gives `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Url<'s> {
    /// Lowercased.
    pub scheme: Option<Cow<'s, str>>,
    /// The userinfo, percent-encoded for http, https and no scheme.
    pub auth: Option<Cow<'s, str>>,
    /// The host `requests` connects to (`hostname` is the same).
    pub host: Option<Cow<'s, str>>,
    pub port: Option<u16>,
    pub path: Option<Cow<'s, str>>,
    pub query: Option<Cow<'s, str>>,
    pub fragment: Option<Cow<'s, str>>,
}

/// The properties the request reads besides the fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// `Url.url`.
    pub url: String,
    /// `Url.request_uri`.
    pub request_uri: String,
    /// `Url.netloc`.
    pub netloc: Option<String>,
    /// `Url.authority`.
    pub authority: Option<String>,
}

impl Url<'_> {
    /// `Url.hostname`: the host, kept for urlparse's users.
    pub fn hostname(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// `Url.url`: each part with its delimiter, where it is not `None`.
    pub fn url(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = &self.scheme {
            out.push_str(scheme);
            out.push_str("://");
        }
        if let Some(auth) = &self.auth {
            out.push_str(auth);
            out.push('@');
        }
        if let Some(host) = &self.host {
            out.push_str(host);
        }
        if let Some(port) = self.port {
            out.push(':');
            out.push_str(&port.to_string());
        }
        if let Some(path) = &self.path {
            out.push_str(path);
        }
        if let Some(query) = &self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }

    /// `Url.request_uri`: the path (`/` when empty or `None`), and `?` and
    /// the query when there is one.
    pub fn request_uri(&self) -> String {
        let mut uri = String::from(
            self.path
                .as_deref()
                .filter(|p| !p.is_empty())
                .unwrap_or("/"),
        );
        if let Some(query) = &self.query {
            uri.push('?');
            uri.push_str(query);
        }
        uri
    }

    /// `Url.netloc`: the host and `:` port; `None` without a host.
    pub fn netloc(&self) -> Option<String> {
        let host = self.host.as_deref()?;
        Some(match self.port {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        })
    }

    /// `Url.authority`: the auth and `@` before the netloc, when both are
    /// there.
    pub fn authority(&self) -> Option<String> {
        let netloc = self.netloc()?;
        Some(match &self.auth {
            Some(auth) => format!("{auth}@{netloc}"),
            None => netloc,
        })
    }

    /// The properties, recorded as the request reads them.
    pub fn read<T: Tracer>(&self, tracer: &mut T) -> Read {
        let url = self.url();
        tracer.record(|| Step {
            after: Some(url.clone()),
            changes: true,
            ..Step::new(StepId::Urllib3Url).decide(if self.scheme.is_some() {
                "the scheme and '://', then the parts that are not None"
            } else {
                "no scheme: the parts that are not None"
            })
        });
        let read = Read {
            url,
            request_uri: self.request_uri(),
            netloc: self.netloc(),
            authority: self.authority(),
        };
        tracer.record(|| {
            Step::new(StepId::Urllib3Properties).decide(format!(
                "request_uri {:?}, netloc {:?}, authority {:?}",
                read.request_uri, read.netloc, read.authority
            ))
        });
        read
    }
}

/// `_remove_path_dot_segments(path)`.
fn remove_path_dot_segments(path: &str) -> Cow<'_, str> {
    // no '.' or '..' segment: the segments come back as they were
    if !path.split('/').any(|s| s == "." || s == "..") {
        return Cow::Borrowed(path);
    }
    let mut output: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "." => {}
            ".." => {
                output.pop();
            }
            _ => output.push(segment),
        }
    }
    // a path that started with '/' keeps it, unless the output already starts empty
    if path.starts_with('/') && output.first().is_none_or(|s| !s.is_empty()) {
        output.insert(0, "");
    }
    if path.ends_with("/.") || path.ends_with("/..") {
        output.push("");
    }
    Cow::Owned(output.join("/"))
}

/// `_SCHEME_RE.search(url)`: the text starts with `/`, or with an ASCII
/// letter and then letters, digits, `+` or `-` up to a `:`.
fn scheme_re(url: &str) -> bool {
    let b = url.as_bytes();
    match b.first() {
        Some(b'/') => true,
        Some(c) if c.is_ascii_alphabetic() => {
            let run = b[1..]
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'-')
                .count();
            b.get(1 + run) == Some(&b':')
        }
        _ => false,
    }
}

/// The groups of `_URI_RE` on the text, as ranges of `url`; with
/// `prefixed`, on `"//" + url`, whose `//` is not in `url`.
struct Groups {
    scheme: Option<std::ops::Range<usize>>,
    authority: Option<std::ops::Range<usize>>,
    path: std::ops::Range<usize>,
    query: Option<std::ops::Range<usize>>,
    fragment: Option<std::ops::Range<usize>>,
}

/// `_URI_RE.match(url).groups()`. Every group can be empty or absent and
/// the last takes everything, so the match always succeeds, and each
/// greedy group ends at its first delimiter.
fn uri_re(url: &str, prefixed: bool) -> Groups {
    let b = url.as_bytes();
    let mut at = 0;
    let mut scheme = None;
    if !prefixed && b.first().is_some_and(u8::is_ascii_alphabetic) {
        // ([a-zA-Z][a-zA-Z0-9+.-]*): -- with '.', unlike _SCHEME_RE
        let end = 1 + b[1..]
            .iter()
            .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'))
            .count();
        if b.get(end) == Some(&b':') {
            scheme = Some(0..end);
            at = end + 1;
        }
    }
    // (?://([^\\/?#]*))?
    let authority = if prefixed || url[at..].starts_with("//") {
        let start = if prefixed { 0 } else { at + 2 };
        let end = b[start..]
            .iter()
            .position(|&c| matches!(c, b'\\' | b'/' | b'?' | b'#'))
            .map_or(b.len(), |i| start + i);
        at = end;
        Some(start..end)
    } else {
        None
    };
    // ([^?#]*)(?:\?([^#]*))?(?:#(.*))?
    let path_end = memchr::memchr2(b'?', b'#', &b[at..]).map_or(b.len(), |i| at + i);
    let path = at..path_end;
    let mut query = None;
    let mut rest = path_end;
    if b.get(rest) == Some(&b'?') {
        let end = memchr::memchr(b'#', &b[rest + 1..]).map_or(b.len(), |i| rest + 1 + i);
        query = Some(rest + 1..end);
        rest = end;
    }
    let fragment = (b.get(rest) == Some(&b'#')).then(|| rest + 1..b.len());
    Groups {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// Records the encoding of one component and gives it.
fn encode_part<'s, T: Tracer>(
    part: &'s str,
    allowed: fn(u8) -> bool,
    component: Component,
    tracer: &mut T,
) -> Cow<'s, str> {
    let encoded = encode_invalid_chars(part, allowed);
    tracer.record(|| {
        Step::change(StepId::Urllib3Encode, component, Some(part), Some(&encoded)).decide(
            if encoded == part {
                "nothing to encode"
            } else {
                "percent-encoded"
            },
        )
    });
    encoded
}

/// `parse_url(url)`: the `Url`, or the `LocationParseError` it raises.
pub fn parse_url<'s, T: Tracer>(url: &'s str, tracer: &mut T) -> Result<Url<'s>, ParseError> {
    // parse_url: empty, all None
    if url.is_empty() {
        tracer.record(|| Step::new(StepId::Urllib3Empty).decide("an empty URL: every field None"));
        return Ok(Url::default());
    }
    // parse_url: no scheme and no '/' first: url = "//" + url
    let prefixed = !scheme_re(url);
    tracer.record(|| {
        let step = Step::new(StepId::Urllib3SchemeRe);
        if prefixed {
            Step {
                before: Some(url.to_owned()),
                after: Some(format!("//{url}")),
                changes: true,
                ..step
            }
            .decide("no scheme before a ':' and no '/' first: '//' put in front, so it starts with an authority")
        } else if url.starts_with('/') {
            step.decide("it starts with '/'")
        } else {
            step.decide("a scheme before the first ':'")
        }
    });
    let g = uri_re(url, prefixed);
    let text = |r: &std::ops::Range<usize>| &url[r.clone()];
    let authority = g.authority.as_ref().map(text);
    tracer.record(|| {
        Step::change(StepId::Urllib3UriRe, Component::Host, None, authority).decide(format!(
            "scheme {:?}, authority {:?}, path {:?}, query {:?}, fragment {:?}",
            g.scheme.as_ref().map(text),
            authority,
            text(&g.path),
            g.query.as_ref().map(text),
            g.fragment.as_ref().map(text),
        ))
    });
    let scheme = g.scheme.as_ref().map(|r| {
        let s = text(r);
        if s.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    });
    // _NORMALIZABLE_SCHEMES: http, https and None
    let normalize = scheme
        .as_deref()
        .is_none_or(|s| s == "http" || s == "https");
    tracer.record(|| {
        Step::new(StepId::Urllib3Normalize).decide(match scheme.as_deref() {
            None => "no scheme: normalized as http".to_owned(),
            Some(s) if normalize => format!("{s}: normalized"),
            Some(s) => format!("{s} is not http or https: nothing but the scheme is normalized"),
        })
    });
    let (auth, host, port) = match authority.filter(|a| !a.is_empty()) {
        Some(authority) => {
            let parts = split_authority(authority, normalize, tracer)?;
            (parts.auth, Some(parts.host), parts.port)
        }
        None => (None, None, None),
    };
    let port = match port {
        Some(digits) => Some(port_int(digits, url, prefixed, tracer)?),
        None => None,
    };
    let host = match host {
        Some(h) => Some(host::normalize_host(h, normalize, tracer)?),
        None => None,
    };
    let path = match text(&g.path) {
        p if normalize && !p.is_empty() => normalize_path(p, tracer),
        p => Cow::Borrowed(p),
    };
    let query = g.query.as_ref().map(|r| match text(r) {
        q if normalize && !q.is_empty() => encode_part(q, is_query, Component::Query, tracer),
        q => Cow::Borrowed(q),
    });
    let fragment = g.fragment.as_ref().map(|r| match text(r) {
        f if normalize && !f.is_empty() => encode_part(f, is_query, Component::Fragment, tracer),
        f => Cow::Borrowed(f),
    });
    let path = path_field(path, query.is_some() || fragment.is_some(), tracer);
    Ok(Url {
        scheme,
        auth,
        host,
        port,
        path,
        query,
        fragment,
    })
}

/// What `parse_url` takes from a non-empty authority.
struct Authority<'s> {
    /// The userinfo, encoded where the scheme is normalized.
    auth: Option<Cow<'s, str>>,
    /// The host as `_HOST_PORT_RE` matched it, not yet normalized.
    host: &'s str,
    /// The port's digits, if any.
    port: Option<&'s str>,
}

/// A non-empty authority, as `parse_url` splits it
/// (`src/urllib3/util/url.py`, `parse_url`, `if authority:`):
/// `authority.rpartition("@")`, the userinfo percent-encoded with
/// `_USERINFO_CHARS` when the scheme is normalized, then `_HOST_PORT_RE`
/// on the rest; a `:` with no digits is no port.
fn split_authority<'s, T: Tracer>(
    authority: &'s str,
    normalize: bool,
    tracer: &mut T,
) -> Result<Authority<'s>, ParseError> {
    // authority.rpartition("@"); auth = auth or None
    let (a, host_port) = match authority.rfind('@') {
        Some(at) => (&authority[..at], &authority[at + 1..]),
        None => ("", authority),
    };
    let a = Some(a).filter(|a| !a.is_empty());
    tracer.record(|| {
        Step::change(StepId::Urllib3Auth, Component::User, None, a).decide(match a {
            Some(_) => "before the last '@'",
            None => "no userinfo: None",
        })
    });
    let Some((h, p)) = host::host_port(host_port) else {
        let e = match host::invalid_char(host_port) {
            Some(ch) => ParseError::InvalidChar {
                text: host_port.to_owned(),
                ch,
            },
            None => ParseError::NotHostOrPort(host_port.to_owned()),
        };
        tracer.record(|| {
            Step::change(
                StepId::Urllib3HostPort,
                Component::Host,
                Some(host_port),
                None,
            )
            .decide(e.to_string())
            .fail()
        });
        return Err(e);
    };
    tracer.record(|| {
        Step::change(StepId::Urllib3HostPort, Component::Host, None, Some(h)).decide(match p {
            None => "no port".to_owned(),
            Some("") => "':' and no digits: no port".to_owned(),
            Some(p) => format!("port digits {p:?}"),
        })
    });
    let auth = match a {
        Some(a) if normalize => Some(encode_part(a, is_userinfo, Component::User, tracer)),
        a => a.map(Cow::Borrowed),
    };
    Ok(Authority {
        auth,
        host: h,
        port: p.filter(|p| !p.is_empty()),
    })
}

/// `parse_url`'s port (`src/urllib3/util/url.py`, `parse_url`,
/// `port_int = int(port)`): 0 to 65535, the pattern allowing five
/// digits; over that the location raised is the URL parsed, with the `//`
/// parse_url put in front, if it did.
fn port_int<T: Tracer>(
    digits: &str,
    url: &str,
    prefixed: bool,
    tracer: &mut T,
) -> Result<u16, ParseError> {
    let n: u32 = digits.parse().unwrap_or(u32::MAX);
    let fits = u16::try_from(n).ok();
    tracer.record(|| {
        let step = Step::change(
            StepId::Urllib3Port,
            Component::Port,
            Some(digits),
            fits.map(|n| n.to_string()).as_deref(),
        );
        if fits.is_some() {
            step.decide("0 to 65535")
        } else {
            step.decide("over 65535: the URL is refused").fail()
        }
    });
    fits.ok_or_else(|| {
        ParseError::PortRange(if prefixed {
            format!("//{url}")
        } else {
            url.to_owned()
        })
    })
}

/// `parse_url`'s path when the scheme is normalized and the path is not
/// empty (`src/urllib3/util/url.py`, `parse_url`, `if normalize_uri and
/// path:`): `_remove_path_dot_segments`, then `_encode_invalid_chars`
/// with `_PATH_CHARS`.
fn normalize_path<'s, T: Tracer>(before: &'s str, tracer: &mut T) -> Cow<'s, str> {
    let removed = remove_path_dot_segments(before);
    tracer.record(|| {
        Step::change(
            StepId::Urllib3PathDots,
            Component::Path,
            Some(before),
            Some(&removed),
        )
        .decide(if removed == before {
            "no dot segment"
        } else {
            "dot segments removed"
        })
    });
    let encoded = match &removed {
        Cow::Borrowed(p) => encode_invalid_chars(p, is_path),
        Cow::Owned(p) => Cow::Owned(encode_invalid_chars(p, is_path).into_owned()),
    };
    tracer.record(|| {
        Step::change(
            StepId::Urllib3Encode,
            Component::Path,
            Some(&removed),
            Some(&encoded),
        )
        .decide(if encoded == removed {
            "nothing to encode"
        } else {
            "percent-encoded"
        })
    });
    encoded
}

/// The path field `parse_url` ends with (`src/urllib3/util/url.py`: the
/// end of `parse_url`, then `Url.__new__`): an empty path is `''` when a
/// query or fragment follows (`followed`), else `None`; a path that does
/// not start with `/` gets one in front.
fn path_field<'s, T: Tracer>(
    path: Cow<'s, str>,
    followed: bool,
    tracer: &mut T,
) -> Option<Cow<'s, str>> {
    // parse_url: an empty path is '' before a query or fragment, else None
    if path.is_empty() {
        tracer.record(|| {
            Step::new(StepId::Urllib3EmptyPath).decide(if followed {
                "empty, but a query or fragment follows: ''"
            } else {
                "empty: None"
            })
        });
        followed.then_some(path)
    } else if !path.starts_with('/') {
        // Url.__new__: a path gets a '/' in front
        let slashed = format!("/{path}");
        tracer.record(|| {
            Step::change(
                StepId::Urllib3UrlNew,
                Component::Path,
                Some(&path),
                Some(&slashed),
            )
            .decide("the path does not start with '/': one is put in front")
        });
        Some(Cow::Owned(slashed))
    } else {
        Some(path)
    }
}

#[cfg(test)]
mod tests;
