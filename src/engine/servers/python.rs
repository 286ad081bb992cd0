//! CPython 3.11.7's `urllib.parse`, modelled: `urljoin(base, input)`, then
//! `urlsplit`, then the `SplitResult`'s properties.
//!
//! The request is the project's definition (`tests/data/servers/README.md`,
//! `ALGORITHMS.md` section 1): `joined = urljoin(base, input)` when there is
//! a base, else the input; `s = urlsplit(joined)`; then `s.geturl()` and
//! `s.scheme`, `s.username`, `s.password`, `s.hostname`, `s.port`, `s.path`,
//! `s.query`, `s.fragment`. Any exception is the answer, in the library's
//! own words ([`PyError`]); a `.port` that raises fails the whole request.
//!
//! | function of `Lib/urllib/parse.py` | here |
//! |---|---|
//! | `urljoin` (with `urlparse`, `_splitparams`, `urlunparse`) | [`urljoin`] |
//! | `urlsplit` (with `_splitnetloc`, `_check_bracketed_host`, `_checknetloc`) | [`urlsplit`] |
//! | `ipaddress.ip_address` (from `Lib/ipaddress.py`), as the bracket check calls it | `ip_address` |
//! | `_userinfo`, `_hostinfo`, `username`, `password`, `hostname`, `port` | [`Split::read`] |
//! | `geturl` = `urlunsplit` | [`Split::geturl`] |
//!
//! Python's strings are code points; every delimiter the library looks for
//! is ASCII, so byte offsets into UTF-8 find the same places. A
//! [`Split`] keeps its parts as ranges of the text it split: nothing is
//! copied unless urljoin built a new string or tabs and newlines had to be
//! removed. Each decision is a step of the shared table under
//! [`Stage::Python`](crate::engine::Stage::Python), recorded only when the
//! tracer is on.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::ops::Range;

use unicode_normalization::UnicodeNormalization;

use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// `uses_relative`: the schemes `urljoin` resolves against a base.
const USES_RELATIVE: [&str; 20] = [
    "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
    "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
];

/// `uses_netloc`: the schemes `urlunsplit` writes with `//`.
const USES_NETLOC: [&str; 26] = [
    "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];

/// `uses_params`: the schemes whose last path segment `urlparse` splits at `;`.
const USES_PARAMS: [&str; 16] = [
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu",
    "sip", "sips", "mms", "sftp", "tel",
];

/// Whether `scheme` (ASCII, any case) is in `list` (lowercase).
fn listed(list: &[&str], scheme: &str) -> bool {
    list.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// `int()` refuses a decimal string longer than this
/// (`sys.get_int_max_str_digits()`, 3.11's default).
const INT_MAX_STR_DIGITS: usize = 4300;

/// Where a request failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// urljoin, splitting the base.
    Base,
    /// urljoin, splitting the input.
    Input,
    /// urlsplit, on urljoin's result (or the input, without a base).
    Split,
    /// Reading `.port`.
    Port,
}

impl Where {
    /// The call that raised, in words.
    pub const fn words(self) -> &'static str {
        match self {
            Where::Base => "urljoin, splitting the base",
            Where::Input => "urljoin, splitting the input",
            Where::Split => "urlsplit",
            Where::Port => "reading .port",
        }
    }
}

/// The `ValueError`s the request can raise. [`fmt::Display`] writes them
/// as the oracle records them, `ValueError: ` and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// urlsplit: a `[` without a `]` in the netloc, or the reverse.
    InvalidIpv6Url,
    /// `_check_bracketed_host`: a bracketed `v…` that is no IPvFuture.
    InvalidIpvFuture,
    /// `ipaddress.ip_address`: the bracketed text is no IP address (the text).
    NotAnAddress(String),
    /// `_check_bracketed_host`: the bracketed text is an IPv4 address.
    Ipv4InBrackets,
    /// `_checknetloc`: NFKC gives the netloc a delimiter (the netloc).
    Nfkc(String),
    /// `.port`: the port text is not ASCII digits (the text).
    PortNotInteger(String),
    /// `.port`: the number is over 65535.
    PortOutOfRange,
    /// `int()`: the port has more digits than `int()` reads (how many).
    PortTooManyDigits(usize),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ValueError: ")?;
        match self {
            ErrorKind::InvalidIpv6Url => f.write_str("Invalid IPv6 URL"),
            ErrorKind::InvalidIpvFuture => f.write_str("IPvFuture address is invalid"),
            ErrorKind::NotAnAddress(text) => write!(
                f,
                "{} does not appear to be an IPv4 or IPv6 address",
                py_repr(text)
            ),
            ErrorKind::Ipv4InBrackets => f.write_str("An IPv4 address cannot be in brackets"),
            ErrorKind::Nfkc(netloc) => write!(
                f,
                "netloc '{netloc}' contains invalid characters under NFKC normalization"
            ),
            ErrorKind::PortNotInteger(port) => write!(
                f,
                "Port could not be cast to integer value as {}",
                py_repr(port)
            ),
            ErrorKind::PortOutOfRange => f.write_str("Port out of range 0-65535"),
            ErrorKind::PortTooManyDigits(n) => write!(
                f,
                "Exceeds the limit ({INT_MAX_STR_DIGITS} digits) for integer string conversion: \
                 value has {n} digits; use sys.set_int_max_str_digits() to increase the limit"
            ),
        }
    }
}

/// A request's failure: the exception and the call that raised it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyError {
    pub at: Where,
    pub kind: ErrorKind,
}

/// Writes the exception as Python prints it: `ValueError: Invalid IPv6 URL`.
impl fmt::Display for PyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

/// How urljoin came to the string urlsplit reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Join {
    /// No base: the input is split as it is.
    #[default]
    NoBase,
    /// An empty base: urljoin gives the input back.
    EmptyBase,
    /// An empty input: urljoin gives the base back, fragment and all.
    EmptyInput,
    /// The input's scheme differs from the base's, or urljoin does not
    /// resolve it: the input back, unchanged.
    InputUnchanged,
    /// The input has a netloc: its own parts, put back together.
    Netloc,
    /// The input has no path: the base's path (and query, unless it has one).
    NoPath,
    /// The paths merged and their dot segments resolved.
    Merged,
}

/// The five parts of a `SplitResult`, as ranges of the split text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Ranges {
    scheme: Range<usize>,
    netloc: Range<usize>,
    path: Range<usize>,
    query: Range<usize>,
    fragment: Range<usize>,
}

/// What `urlsplit` returns, a `SplitResult`, with the string it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split<'a> {
    /// The string urlsplit was given: urljoin's result, or the input.
    joined: Cow<'a, str>,
    /// That string without its tabs, CRs and LFs, when it had any.
    cleaned: Option<String>,
    /// Where the split text starts, after the leading C0 and spaces.
    from: usize,
    parts: Ranges,
    /// How urljoin came to the joined string.
    pub join: Join,
}

/// What the request reads of a [`Split`]: `geturl()` and the properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Properties<'s> {
    /// `geturl()`.
    pub href: String,
    /// `.scheme`, lowercased (empty: none).
    pub scheme: Cow<'s, str>,
    /// `.netloc`.
    pub netloc: &'s str,
    /// `.username` (`None`: no `@` in the netloc).
    pub username: Option<&'s str>,
    /// `.password` (`None`: no `:` in the userinfo).
    pub password: Option<&'s str>,
    /// `.hostname` (`None`: empty).
    pub hostname: Option<Cow<'s, str>>,
    /// `.port`.
    pub port: Option<u16>,
    /// `.path`.
    pub path: &'s str,
    /// `.query` (empty for none, as for `?` alone).
    pub query: &'s str,
    /// `.fragment` (empty for none, as for `#` alone).
    pub fragment: &'s str,
}

/// The request: `urljoin(base, input)` when there is a base, then
/// `urlsplit`. Read the answer with [`Split::read`].
pub fn request<'a, T: Tracer>(
    input: &'a str,
    base: Option<&'a str>,
    tracer: &mut T,
) -> Result<Split<'a>, PyError> {
    let (joined, join) = match base {
        None => (Cow::Borrowed(input), Join::NoBase),
        Some(base) => urljoin(base, input, tracer)?,
    };
    let mut split = urlsplit(joined, tracer).map_err(|kind| PyError {
        at: Where::Split,
        kind,
    })?;
    split.join = join;
    Ok(split)
}

impl<'a> Split<'a> {
    /// The string urlsplit was given (urljoin's result, or the input).
    pub fn joined(&self) -> &str {
        &self.joined
    }

    /// The text the ranges are in.
    fn text(&self) -> &str {
        self.cleaned.as_deref().unwrap_or(&self.joined)
    }

    /// The C0 control or space that ends the split text, which urlsplit
    /// keeps (in the last part: a host, a path, a query or a fragment).
    pub fn trailing_kept(&self) -> Option<char> {
        let text = &self.text()[self.from..];
        text.chars().next_back().filter(|&c| c0_or_space(c))
    }

    /// `.scheme` as written (lowercase it to read it as Python does).
    fn scheme_raw(&self) -> &str {
        &self.text()[self.parts.scheme.clone()]
    }

    /// `.scheme`: lowercased ASCII; empty when there is none.
    pub fn scheme(&self) -> Cow<'_, str> {
        ascii_lower(self.scheme_raw())
    }

    /// `.netloc`.
    pub fn netloc(&self) -> &str {
        &self.text()[self.parts.netloc.clone()]
    }

    /// `.path`.
    pub fn path(&self) -> &str {
        &self.text()[self.parts.path.clone()]
    }

    /// `.query`.
    pub fn query(&self) -> &str {
        &self.text()[self.parts.query.clone()]
    }

    /// `.fragment`.
    pub fn fragment(&self) -> &str {
        &self.text()[self.parts.fragment.clone()]
    }

    /// `geturl()`: `urlunsplit` of the five parts.
    pub fn geturl(&self) -> String {
        let mut out = String::with_capacity(self.text().len() + 3);
        let parts = Unsplit {
            scheme: self.scheme_raw(),
            netloc: self.netloc(),
            path: self.path(),
            params: "",
            query: self.query(),
            fragment: self.fragment(),
        };
        parts.write(&mut out);
        out
    }

    /// `.port` alone: the port text read as a number.
    pub fn port(&self) -> Result<Option<u16>, PyError> {
        port_of(hostinfo(self.netloc()).1).map_err(|kind| PyError {
            at: Where::Port,
            kind,
        })
    }

    /// What the request reads, in its order: `geturl()`, then the
    /// properties; a `.port` that raises fails it.
    pub fn read<T: Tracer>(&self, tracer: &mut T) -> Result<Properties<'_>, PyError> {
        let href = self.geturl();
        tracer.record(|| {
            Step {
                after: Some(href.clone()),
                changes: true,
                ..Step::new(StepId::PythonGeturl)
            }
            .decide(geturl_words(self))
        });
        let netloc = self.netloc();
        // _userinfo: the last '@' ends it; its first ':' parts the two
        let (username, password) = userinfo(netloc);
        tracer.record(|| {
            Step::change(StepId::PythonUserinfo, Component::User, None, username).decide(
                match (username, password) {
                    (None, _) => "no '@' in the netloc: username and password are None".into(),
                    (Some(_), None) => "no ':' in the userinfo: password None".into(),
                    (Some(_), Some(p)) => format!("password {p:?}, after the first ':'"),
                },
            )
        });
        let (host, port_text) = hostinfo(netloc);
        tracer.record(|| {
            Step::change(StepId::PythonHostinfo, Component::Host, None, Some(host)).decide(
                match port_text {
                    Some(p) => format!("port text {p:?}"),
                    None => "no port text".to_owned(),
                },
            )
        });
        let hostname = hostname_of(host);
        tracer.record(|| {
            Step::change(
                StepId::PythonHostname,
                Component::Host,
                Some(host),
                hostname.as_deref(),
            )
            .decide(match &hostname {
                None => "empty: None",
                Some(h) if h == host => "as written",
                Some(_) => "lowercased before its first '%'",
            })
        });
        let port = port_of(port_text);
        tracer.record(|| {
            let step = Step::change(
                StepId::PythonPort,
                Component::Port,
                port_text,
                port.as_ref()
                    .ok()
                    .copied()
                    .flatten()
                    .map(|p| p.to_string())
                    .as_deref(),
            );
            match &port {
                Ok(None) => step.decide("no port: None"),
                Ok(Some(_)) => step.decide("ASCII digits, 0 to 65535"),
                Err(e) => step.decide(e.to_string()).fail(),
            }
        });
        let port = port.map_err(|kind| PyError {
            at: Where::Port,
            kind,
        })?;
        Ok(Properties {
            href,
            scheme: self.scheme(),
            netloc,
            username,
            password,
            hostname,
            port,
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(),
        })
    }
}

/// What geturl did, in words, for the trace.
fn geturl_words(split: &Split<'_>) -> String {
    let scheme = split.scheme();
    let slashes = if !split.netloc().is_empty() {
        "'//' and the netloc"
    } else if !scheme.is_empty() && listed(&USES_NETLOC, &scheme) && !split.path().starts_with("//")
    {
        "'//' and an empty netloc, as the scheme uses one"
    } else {
        "no '//'"
    };
    let mut dropped = Vec::new();
    if split.query().is_empty() {
        dropped.push("'?'");
    }
    if split.fragment().is_empty() {
        dropped.push("'#'");
    }
    if dropped.is_empty() {
        slashes.to_owned()
    } else {
        format!("{slashes}; no {} (empty)", dropped.join(" or "))
    }
}

/// ASCII lowercase, copied only when something changes.
fn ascii_lower(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// The C0 controls and the space (`_WHATWG_C0_CONTROL_OR_SPACE`).
fn c0_or_space(c: char) -> bool {
    c <= ' '
}

/// `scheme_chars`: ASCII letters, digits, `+`, `-`, `.`.
fn scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// `urlsplit(url)`, with the default scheme `''` and fragments allowed:
/// the five parts, or the `ValueError` it raises.
pub fn urlsplit<'a, T: Tracer>(url: Cow<'a, str>, tracer: &mut T) -> Result<Split<'a>, ErrorKind> {
    // urlsplit: only the front is stripped (some applications keep trailing spaces)
    let start = url.len() - url.trim_start_matches(c0_or_space).len();
    if start > 0 {
        tracer.record(|| {
            Step {
                before: Some(url.to_string()),
                after: Some(url[start..].to_owned()),
                changes: true,
                ..Step::new(StepId::PythonSplitStrip)
            }
            .decide(format!(
                "{start} leading C0 control or space code point(s) removed"
            ))
        });
    }
    // urlsplit: _UNSAFE_URL_BYTES_TO_REMOVE, anywhere
    let cleaned = memchr::memchr3(b'\t', b'\r', b'\n', url[start..].as_bytes()).map(|_| {
        let kept: String = url[start..]
            .chars()
            .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
            .collect();
        tracer.record(|| {
            Step {
                before: Some(url[start..].to_owned()),
                after: Some(kept.clone()),
                changes: true,
                ..Step::new(StepId::PythonSplitRemove)
            }
            .decide(format!(
                "{} tab, CR or LF code point(s) removed",
                url.len() - start - kept.len()
            ))
        });
        kept
    });
    let (text, from) = match &cleaned {
        Some(kept) => (kept.as_str(), 0),
        None => (&*url, start),
    };
    if T::ON && text.ends_with(c0_or_space) {
        tracer.record(|| {
            Step::new(StepId::PythonSplitTrailing)
                .decide(format!("it ends in {:?}", text.chars().next_back()))
        });
    }
    let parts = split_parts(text, from, tracer)?;
    Ok(Split {
        joined: url,
        cleaned,
        from,
        parts,
        join: Join::NoBase,
    })
}

/// urlsplit after the clean-up: the scheme, the netloc and its checks,
/// the fragment, the query and the path of `text[from..]`.
fn split_parts<T: Tracer>(text: &str, from: usize, tracer: &mut T) -> Result<Ranges, ErrorKind> {
    let bytes = text.as_bytes();
    let mut at = from;
    let mut scheme = from..from;
    // urlsplit: the scheme is the text before the first ':' when it starts
    // with an ASCII letter and holds only scheme_chars
    let colon = memchr::memchr(b':', &bytes[from..]);
    if let Some(i) = colon
        && i > 0
        && bytes[from].is_ascii_alphabetic()
        && bytes[from..from + i].iter().all(|&b| scheme_byte(b))
    {
        scheme = from..from + i;
        at = from + i + 1;
    }
    tracer.record(|| {
        let found = &text[scheme.clone()];
        let step = Step::change(
            StepId::PythonSplitScheme,
            Component::Scheme,
            None,
            Some(&found.to_ascii_lowercase()),
        );
        step.decide(match colon {
            _ if !found.is_empty() => "the text before the first ':', lowercased",
            None => "no ':': no scheme",
            Some(0) => "the text starts with ':': no scheme",
            Some(_) if !bytes[from].is_ascii_alphabetic() => {
                "the text before the first ':' does not start with an ASCII letter: no scheme"
            }
            Some(_) => "the text before the first ':' holds a code point no scheme has: no scheme",
        })
    });
    let mut netloc = at..at;
    if text[at..].starts_with("//") {
        // _splitnetloc: the netloc ends at the first of '/', '?', '#'
        let start = at + 2;
        let end =
            memchr::memchr3(b'/', b'?', b'#', &bytes[start..]).map_or(text.len(), |d| start + d);
        netloc = start..end;
        at = end;
        tracer.record(|| {
            Step {
                after: Some(text[start..end].to_owned()),
                changes: true,
                ..Step::new(StepId::PythonSplitNetloc)
            }
            .decide("after '//', up to the first '/', '?' or '#'")
        });
        check_brackets(&text[start..end], tracer)?;
    } else {
        tracer.record(|| {
            Step::new(StepId::PythonSplitNetloc).decide("no '//' here: the netloc is empty")
        });
    }
    let mut end = text.len();
    let mut fragment = end..end;
    // urlsplit: url.split('#', 1)
    if let Some(h) = memchr::memchr(b'#', &bytes[at..]) {
        fragment = at + h + 1..end;
        end = at + h;
    }
    tracer.record(|| {
        let step = Step::change(
            StepId::PythonSplitFragment,
            Component::Fragment,
            None,
            Some(&text[fragment.clone()]),
        );
        step.decide(if end < text.len() {
            "after the first '#'"
        } else {
            "no '#': empty"
        })
    });
    let mut query = end..end;
    // urlsplit: url.split('?', 1)
    if let Some(q) = memchr::memchr(b'?', &bytes[at..end]) {
        query = at + q + 1..end;
        end = at + q;
    }
    tracer.record(|| {
        let step = Step::change(
            StepId::PythonSplitQuery,
            Component::Query,
            None,
            Some(&text[query.clone()]),
        );
        step.decide(format!(
            "{}; the path is {:?}",
            if query.start > end {
                "after the first '?'"
            } else {
                "no '?': empty"
            },
            &text[at..end]
        ))
    });
    check_nfkc(&text[netloc.clone()], tracer)?;
    Ok(Ranges {
        scheme,
        netloc,
        path: at..end,
        query,
        fragment,
    })
}

/// urlsplit's bracket checks and `_check_bracketed_host`.
fn check_brackets<T: Tracer>(netloc: &str, tracer: &mut T) -> Result<(), ErrorKind> {
    if memchr::memchr2(b'[', b']', netloc.as_bytes()).is_none() {
        return Ok(());
    }
    let (open, close) = (netloc.find('['), netloc.contains(']'));
    let Some(open) = open else {
        if close {
            fail(
                tracer,
                StepId::PythonSplitBrackets,
                ErrorKind::InvalidIpv6Url,
            );
            return Err(ErrorKind::InvalidIpv6Url);
        }
        return Ok(());
    };
    if !close {
        fail(
            tracer,
            StepId::PythonSplitBrackets,
            ErrorKind::InvalidIpv6Url,
        );
        return Err(ErrorKind::InvalidIpv6Url);
    }
    // urlsplit: from the first '[' to the next ']' (or the end)
    let after = &netloc[open + 1..];
    let bracketed = after.find(']').map_or(after, |e| &after[..e]);
    let verdict = if bracketed.starts_with('v') {
        if ipvfuture(bracketed) {
            Ok("an IPvFuture")
        } else {
            Err(ErrorKind::InvalidIpvFuture)
        }
    } else {
        match ip_address(bracketed) {
            Some(Ip::V6) => Ok("an IPv6 address"),
            Some(Ip::V4) => Err(ErrorKind::Ipv4InBrackets),
            None => Err(ErrorKind::NotAnAddress(bracketed.to_owned())),
        }
    };
    match verdict {
        Ok(what) => {
            tracer.record(|| {
                Step::change(
                    StepId::PythonSplitBrackets,
                    Component::Host,
                    None,
                    Some(bracketed),
                )
                .decide(format!("between the brackets: {what}"))
            });
            Ok(())
        }
        Err(e) => {
            fail(tracer, StepId::PythonSplitBrackets, e.clone());
            Err(e)
        }
    }
}

/// Records the step `id` as the one that raised `e`.
fn fail<T: Tracer>(tracer: &mut T, id: StepId, e: ErrorKind) {
    tracer.record(|| Step::new(id).decide(e.to_string()).fail());
}

/// `re.match(r"\Av[a-fA-F0-9]+\..+\Z", text)`.
fn ipvfuture(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('v') else {
        return false;
    };
    let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
    // '.' matches anything but a line feed; \Z is the very end
    hex > 0
        && rest[hex..]
            .strip_prefix('.')
            .is_some_and(|tail| !tail.is_empty() && !tail.contains('\n'))
}

/// What `ipaddress.ip_address` makes of a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ip {
    V4,
    V6,
}

/// `ipaddress.ip_address(text)`: IPv4 first, then IPv6; `None` where it
/// raises. (Which of its messages it would give is never seen: urlsplit
/// replaces them with its own.)
fn ip_address(text: &str) -> Option<Ip> {
    if ipv4(text) {
        Some(Ip::V4)
    } else if ipv6(text) {
        Some(Ip::V6)
    } else {
        None
    }
}

/// `IPv4Address(text)` succeeds: four dot-separated decimal octets, each
/// 1 to 3 ASCII digits, no leading zero, at most 255.
fn ipv4(text: &str) -> bool {
    let mut count = 0;
    let all = text.split('.').all(|octet| {
        count += 1;
        let b = octet.as_bytes();
        !b.is_empty()
            && b.len() <= 3
            && b.iter().all(u8::is_ascii_digit)
            && (b.len() == 1 || b[0] != b'0')
            && b.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0')) <= 255
    });
    all && count == 4
}

/// One hextet of `IPv6Address`: 1 to 4 hex digits.
fn hextet(part: &str) -> bool {
    (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `IPv6Address(text)` succeeds: `_split_scope_id`, then
/// `_ip_int_from_string`.
fn ipv6(text: &str) -> bool {
    if text.contains('/') {
        return false;
    }
    // _split_scope_id: a scope after the first '%', not empty, no second '%'
    let addr = match text.split_once('%') {
        Some((addr, scope)) if !scope.is_empty() && !scope.contains('%') => addr,
        Some(_) => return false,
        None => text,
    };
    if addr.is_empty() {
        return false;
    }
    // _ip_int_from_string: 3 to 9 parts, an IPv4 tail counting as two
    let mut parts = [""; 10];
    let mut n = 0;
    for part in addr.split(':') {
        if n == 9 {
            return false;
        }
        parts[n] = part;
        n += 1;
    }
    if n < 3 {
        return false;
    }
    if parts[n - 1].contains('.') {
        if !ipv4(parts[n - 1]) {
            return false;
        }
        // two hextets stand for it, both valid
        parts[n - 1] = "0";
        parts[n] = "0";
        n += 1;
    }
    if n > 9 {
        return false;
    }
    let parts = &parts[..n];
    // at most one empty part between the ends: the '::'
    let mut empties = (1..n - 1).filter(|&i| parts[i].is_empty());
    let skip = empties.next();
    if empties.next().is_some() {
        return false;
    }
    let (hi, lo) = match skip {
        Some(skip) => {
            let (mut hi, mut lo) = (skip, n - skip - 1);
            if parts[0].is_empty() {
                hi -= 1;
                if hi != 0 {
                    return false;
                }
            }
            if parts[n - 1].is_empty() {
                lo -= 1;
                if lo != 0 {
                    return false;
                }
            }
            if hi + lo >= 8 {
                return false;
            }
            (hi, lo)
        }
        None => {
            if n != 8 {
                return false;
            }
            (n, 0)
        }
    };
    parts[..hi].iter().all(|p| hextet(p)) && parts[n - lo..].iter().all(|p| hextet(p))
}

/// `_checknetloc`: a netloc that is not ASCII must not gain a delimiter
/// under NFKC.
fn check_nfkc<T: Tracer>(netloc: &str, tracer: &mut T) -> Result<(), ErrorKind> {
    if netloc.is_ascii() {
        return Ok(());
    }
    // _checknetloc: '@', ':', '#', '?' already in it are left out
    let n: String = netloc
        .chars()
        .filter(|c| !matches!(c, '@' | ':' | '#' | '?'))
        .collect();
    let normalized: String = n.nfkc().collect();
    if n == normalized {
        tracer.record(|| {
            Step::new(StepId::PythonSplitNfkc).decide("NFKC leaves the netloc as it is")
        });
        return Ok(());
    }
    if normalized.contains(['/', '?', '#', '@', ':']) {
        let e = ErrorKind::Nfkc(netloc.to_owned());
        tracer.record(|| {
            Step {
                before: Some(n.clone()),
                after: Some(normalized.clone()),
                changes: true,
                ..Step::new(StepId::PythonSplitNfkc)
            }
            .decide(e.to_string())
            .fail()
        });
        return Err(e);
    }
    tracer.record(|| {
        Step {
            before: Some(n.clone()),
            after: Some(normalized.clone()),
            changes: true,
            ..Step::new(StepId::PythonSplitNfkc)
        }
        .decide("NFKC changes it, but adds no delimiter")
    });
    Ok(())
}

/// `_userinfo`: username and password, split at the netloc's last `@`
/// and then at the userinfo's first `:`.
fn userinfo(netloc: &str) -> (Option<&str>, Option<&str>) {
    match netloc.rsplit_once('@') {
        Some((info, _)) => match info.split_once(':') {
            Some((user, password)) => (Some(user), Some(password)),
            None => (Some(info), None),
        },
        None => (None, None),
    }
}

/// `_hostinfo`: the host text and the port text (`None`: empty).
fn hostinfo(netloc: &str) -> (&str, Option<&str>) {
    let info = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    let (host, port) = match info.split_once('[') {
        // _hostinfo: the first '[' to the next ']'; the port after the
        // first ':' that follows it, whatever stands between
        Some((_, bracketed)) => {
            let (host, rest) = bracketed.split_once(']').unwrap_or((bracketed, ""));
            (host, rest.split_once(':').map_or("", |(_, p)| p))
        }
        None => info.split_once(':').unwrap_or((info, "")),
    };
    (host, Some(port).filter(|p| !p.is_empty()))
}

/// `.hostname`: `None` when empty, else lowercased before its first `%`.
fn hostname_of(host: &str) -> Option<Cow<'_, str>> {
    if host.is_empty() {
        return None;
    }
    let cut = host.find('%').unwrap_or(host.len());
    let (name, zone) = host.split_at(cut);
    Some(match py_lower(name) {
        Cow::Borrowed(_) => Cow::Borrowed(host),
        Cow::Owned(mut lower) => {
            lower.push_str(zone);
            Cow::Owned(lower)
        }
    })
}

/// `.port`: the port text as a number; `ValueError` unless it is ASCII
/// digits for 0 to 65535.
fn port_of(text: Option<&str>) -> Result<Option<u16>, ErrorKind> {
    let Some(port) = text else {
        return Ok(None);
    };
    // port: isdigit() and isascii(), i.e. ASCII digits only
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ErrorKind::PortNotInteger(port.to_owned()));
    }
    // int(): a string of more than 4300 digits, zeros included, raises
    if port.len() > INT_MAX_STR_DIGITS {
        return Err(ErrorKind::PortTooManyDigits(port.len()));
    }
    let digits = port.trim_start_matches('0');
    if digits.len() > 5 {
        return Err(ErrorKind::PortOutOfRange);
    }
    let n = digits
        .bytes()
        .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    u16::try_from(n)
        .map(Some)
        .map_err(|_| ErrorKind::PortOutOfRange)
}

/// `str.lower()`: full Unicode lowercasing. Code points Python's Unicode
/// (14.0) has not assigned yet keep their case, however Rust's newer
/// tables map them; a copy only when something changes.
fn py_lower(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return ascii_lower(s);
    }
    let frozen = |c: char| !printable(c) && c.to_lowercase().ne([c]);
    let lower = if s.chars().any(frozen) {
        // lowercase the runs between them: such a code point is neither
        // cased nor case-ignorable for Python, so it ends a sigma's context
        let mut out = String::with_capacity(s.len());
        for run in s.split_inclusive(frozen) {
            let last = run.chars().next_back().filter(|&c| frozen(c));
            let body = &run[..run.len() - last.map_or(0, char::len_utf8)];
            out.push_str(&body.to_lowercase());
            out.extend(last);
        }
        out
    } else {
        s.to_lowercase()
    };
    if lower == s {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(lower)
    }
}

/// `repr(text)`: in single quotes, or double ones when it holds `'` and
/// no `"`; backslash escapes for the quote, `\`, controls and code points
/// Python does not count as printable.
pub fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        let n = u32::from(c);
        // writing to a String cannot fail
        let _ = match c {
            _ if c == quote || c == '\\' => write!(out, "\\{c}"),
            '\t' => out.write_str("\\t"),
            '\n' => out.write_str("\\n"),
            '\r' => out.write_str("\\r"),
            _ if printable(c) => out.write_char(c),
            _ if n <= 0xff => write!(out, "\\x{n:02x}"),
            _ if n <= 0xffff => write!(out, "\\u{n:04x}"),
            _ => write!(out, "\\U{n:08x}"),
        };
    }
    out.push(quote);
    out
}

/// `str.isprintable()` for one code point, as CPython 3.11 (Unicode 14.0)
/// has it: all but the categories Cc, Cf, Cs, Co, Cn, Zl, Zp and the Zs
/// other than the space.
fn printable(c: char) -> bool {
    let n = u32::from(c);
    if n < 0x80 {
        return (0x20..0x7f).contains(&n);
    }
    let i = NOT_PRINTABLE.partition_point(|&(start, _)| start <= n);
    i == 0 || NOT_PRINTABLE[i - 1].1 < n
}

/// The code points above U+007F that CPython 3.11.7 does not count as
/// printable, as ranges (first, last), in order. Made by the Python that
/// answered the oracle, so it is its Unicode 14.0 database:
///
/// ```text
/// python3 -c 'import sys; [print(hex(c)) for c in range(0x80, 0x110000) if not chr(c).isprintable()]'
/// ```
///
/// then folded into ranges.
#[rustfmt::skip]
const NOT_PRINTABLE: [(u32, u32); 700] = [
    (0x0080, 0x00A0), (0x00AD, 0x00AD), (0x0378, 0x0379), (0x0380, 0x0383), (0x038B, 0x038B), (0x038D, 0x038D),
    (0x03A2, 0x03A2), (0x0530, 0x0530), (0x0557, 0x0558), (0x058B, 0x058C), (0x0590, 0x0590), (0x05C8, 0x05CF),
    (0x05EB, 0x05EE), (0x05F5, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070E, 0x070F), (0x074B, 0x074C),
    (0x07B2, 0x07BF), (0x07FB, 0x07FC), (0x082E, 0x082F), (0x083F, 0x083F), (0x085C, 0x085D), (0x085F, 0x085F),
    (0x086B, 0x086F), (0x088F, 0x0897), (0x08E2, 0x08E2), (0x0984, 0x0984), (0x098D, 0x098E), (0x0991, 0x0992),
    (0x09A9, 0x09A9), (0x09B1, 0x09B1), (0x09B3, 0x09B5), (0x09BA, 0x09BB), (0x09C5, 0x09C6), (0x09C9, 0x09CA),
    (0x09CF, 0x09D6), (0x09D8, 0x09DB), (0x09DE, 0x09DE), (0x09E4, 0x09E5), (0x09FF, 0x0A00), (0x0A04, 0x0A04),
    (0x0A0B, 0x0A0E), (0x0A11, 0x0A12), (0x0A29, 0x0A29), (0x0A31, 0x0A31), (0x0A34, 0x0A34), (0x0A37, 0x0A37),
    (0x0A3A, 0x0A3B), (0x0A3D, 0x0A3D), (0x0A43, 0x0A46), (0x0A49, 0x0A4A), (0x0A4E, 0x0A50), (0x0A52, 0x0A58),
    (0x0A5D, 0x0A5D), (0x0A5F, 0x0A65), (0x0A77, 0x0A80), (0x0A84, 0x0A84), (0x0A8E, 0x0A8E), (0x0A92, 0x0A92),
    (0x0AA9, 0x0AA9), (0x0AB1, 0x0AB1), (0x0AB4, 0x0AB4), (0x0ABA, 0x0ABB), (0x0AC6, 0x0AC6), (0x0ACA, 0x0ACA),
    (0x0ACE, 0x0ACF), (0x0AD1, 0x0ADF), (0x0AE4, 0x0AE5), (0x0AF2, 0x0AF8), (0x0B00, 0x0B00), (0x0B04, 0x0B04),
    (0x0B0D, 0x0B0E), (0x0B11, 0x0B12), (0x0B29, 0x0B29), (0x0B31, 0x0B31), (0x0B34, 0x0B34), (0x0B3A, 0x0B3B),
    (0x0B45, 0x0B46), (0x0B49, 0x0B4A), (0x0B4E, 0x0B54), (0x0B58, 0x0B5B), (0x0B5E, 0x0B5E), (0x0B64, 0x0B65),
    (0x0B78, 0x0B81), (0x0B84, 0x0B84), (0x0B8B, 0x0B8D), (0x0B91, 0x0B91), (0x0B96, 0x0B98), (0x0B9B, 0x0B9B),
    (0x0B9D, 0x0B9D), (0x0BA0, 0x0BA2), (0x0BA5, 0x0BA7), (0x0BAB, 0x0BAD), (0x0BBA, 0x0BBD), (0x0BC3, 0x0BC5),
    (0x0BC9, 0x0BC9), (0x0BCE, 0x0BCF), (0x0BD1, 0x0BD6), (0x0BD8, 0x0BE5), (0x0BFB, 0x0BFF), (0x0C0D, 0x0C0D),
    (0x0C11, 0x0C11), (0x0C29, 0x0C29), (0x0C3A, 0x0C3B), (0x0C45, 0x0C45), (0x0C49, 0x0C49), (0x0C4E, 0x0C54),
    (0x0C57, 0x0C57), (0x0C5B, 0x0C5C), (0x0C5E, 0x0C5F), (0x0C64, 0x0C65), (0x0C70, 0x0C76), (0x0C8D, 0x0C8D),
    (0x0C91, 0x0C91), (0x0CA9, 0x0CA9), (0x0CB4, 0x0CB4), (0x0CBA, 0x0CBB), (0x0CC5, 0x0CC5), (0x0CC9, 0x0CC9),
    (0x0CCE, 0x0CD4), (0x0CD7, 0x0CDC), (0x0CDF, 0x0CDF), (0x0CE4, 0x0CE5), (0x0CF0, 0x0CF0), (0x0CF3, 0x0CFF),
    (0x0D0D, 0x0D0D), (0x0D11, 0x0D11), (0x0D45, 0x0D45), (0x0D49, 0x0D49), (0x0D50, 0x0D53), (0x0D64, 0x0D65),
    (0x0D80, 0x0D80), (0x0D84, 0x0D84), (0x0D97, 0x0D99), (0x0DB2, 0x0DB2), (0x0DBC, 0x0DBC), (0x0DBE, 0x0DBF),
    (0x0DC7, 0x0DC9), (0x0DCB, 0x0DCE), (0x0DD5, 0x0DD5), (0x0DD7, 0x0DD7), (0x0DE0, 0x0DE5), (0x0DF0, 0x0DF1),
    (0x0DF5, 0x0E00), (0x0E3B, 0x0E3E), (0x0E5C, 0x0E80), (0x0E83, 0x0E83), (0x0E85, 0x0E85), (0x0E8B, 0x0E8B),
    (0x0EA4, 0x0EA4), (0x0EA6, 0x0EA6), (0x0EBE, 0x0EBF), (0x0EC5, 0x0EC5), (0x0EC7, 0x0EC7), (0x0ECE, 0x0ECF),
    (0x0EDA, 0x0EDB), (0x0EE0, 0x0EFF), (0x0F48, 0x0F48), (0x0F6D, 0x0F70), (0x0F98, 0x0F98), (0x0FBD, 0x0FBD),
    (0x0FCD, 0x0FCD), (0x0FDB, 0x0FFF), (0x10C6, 0x10C6), (0x10C8, 0x10CC), (0x10CE, 0x10CF), (0x1249, 0x1249),
    (0x124E, 0x124F), (0x1257, 0x1257), (0x1259, 0x1259), (0x125E, 0x125F), (0x1289, 0x1289), (0x128E, 0x128F),
    (0x12B1, 0x12B1), (0x12B6, 0x12B7), (0x12BF, 0x12BF), (0x12C1, 0x12C1), (0x12C6, 0x12C7), (0x12D7, 0x12D7),
    (0x1311, 0x1311), (0x1316, 0x1317), (0x135B, 0x135C), (0x137D, 0x137F), (0x139A, 0x139F), (0x13F6, 0x13F7),
    (0x13FE, 0x13FF), (0x1680, 0x1680), (0x169D, 0x169F), (0x16F9, 0x16FF), (0x1716, 0x171E), (0x1737, 0x173F),
    (0x1754, 0x175F), (0x176D, 0x176D), (0x1771, 0x1771), (0x1774, 0x177F), (0x17DE, 0x17DF), (0x17EA, 0x17EF),
    (0x17FA, 0x17FF), (0x180E, 0x180E), (0x181A, 0x181F), (0x1879, 0x187F), (0x18AB, 0x18AF), (0x18F6, 0x18FF),
    (0x191F, 0x191F), (0x192C, 0x192F), (0x193C, 0x193F), (0x1941, 0x1943), (0x196E, 0x196F), (0x1975, 0x197F),
    (0x19AC, 0x19AF), (0x19CA, 0x19CF), (0x19DB, 0x19DD), (0x1A1C, 0x1A1D), (0x1A5F, 0x1A5F), (0x1A7D, 0x1A7E),
    (0x1A8A, 0x1A8F), (0x1A9A, 0x1A9F), (0x1AAE, 0x1AAF), (0x1ACF, 0x1AFF), (0x1B4D, 0x1B4F), (0x1B7F, 0x1B7F),
    (0x1BF4, 0x1BFB), (0x1C38, 0x1C3A), (0x1C4A, 0x1C4C), (0x1C89, 0x1C8F), (0x1CBB, 0x1CBC), (0x1CC8, 0x1CCF),
    (0x1CFB, 0x1CFF), (0x1F16, 0x1F17), (0x1F1E, 0x1F1F), (0x1F46, 0x1F47), (0x1F4E, 0x1F4F), (0x1F58, 0x1F58),
    (0x1F5A, 0x1F5A), (0x1F5C, 0x1F5C), (0x1F5E, 0x1F5E), (0x1F7E, 0x1F7F), (0x1FB5, 0x1FB5), (0x1FC5, 0x1FC5),
    (0x1FD4, 0x1FD5), (0x1FDC, 0x1FDC), (0x1FF0, 0x1FF1), (0x1FF5, 0x1FF5), (0x1FFF, 0x200F), (0x2028, 0x202F),
    (0x205F, 0x206F), (0x2072, 0x2073), (0x208F, 0x208F), (0x209D, 0x209F), (0x20C1, 0x20CF), (0x20F1, 0x20FF),
    (0x218C, 0x218F), (0x2427, 0x243F), (0x244B, 0x245F), (0x2B74, 0x2B75), (0x2B96, 0x2B96), (0x2CF4, 0x2CF8),
    (0x2D26, 0x2D26), (0x2D28, 0x2D2C), (0x2D2E, 0x2D2F), (0x2D68, 0x2D6E), (0x2D71, 0x2D7E), (0x2D97, 0x2D9F),
    (0x2DA7, 0x2DA7), (0x2DAF, 0x2DAF), (0x2DB7, 0x2DB7), (0x2DBF, 0x2DBF), (0x2DC7, 0x2DC7), (0x2DCF, 0x2DCF),
    (0x2DD7, 0x2DD7), (0x2DDF, 0x2DDF), (0x2E5E, 0x2E7F), (0x2E9A, 0x2E9A), (0x2EF4, 0x2EFF), (0x2FD6, 0x2FEF),
    (0x2FFC, 0x3000), (0x3040, 0x3040), (0x3097, 0x3098), (0x3100, 0x3104), (0x3130, 0x3130), (0x318F, 0x318F),
    (0x31E4, 0x31EF), (0x321F, 0x321F), (0xA48D, 0xA48F), (0xA4C7, 0xA4CF), (0xA62C, 0xA63F), (0xA6F8, 0xA6FF),
    (0xA7CB, 0xA7CF), (0xA7D2, 0xA7D2), (0xA7D4, 0xA7D4), (0xA7DA, 0xA7F1), (0xA82D, 0xA82F), (0xA83A, 0xA83F),
    (0xA878, 0xA87F), (0xA8C6, 0xA8CD), (0xA8DA, 0xA8DF), (0xA954, 0xA95E), (0xA97D, 0xA97F), (0xA9CE, 0xA9CE),
    (0xA9DA, 0xA9DD), (0xA9FF, 0xA9FF), (0xAA37, 0xAA3F), (0xAA4E, 0xAA4F), (0xAA5A, 0xAA5B), (0xAAC3, 0xAADA),
    (0xAAF7, 0xAB00), (0xAB07, 0xAB08), (0xAB0F, 0xAB10), (0xAB17, 0xAB1F), (0xAB27, 0xAB27), (0xAB2F, 0xAB2F),
    (0xAB6C, 0xAB6F), (0xABEE, 0xABEF), (0xABFA, 0xABFF), (0xD7A4, 0xD7AF), (0xD7C7, 0xD7CA), (0xD7FC, 0xF8FF),
    (0xFA6E, 0xFA6F), (0xFADA, 0xFAFF), (0xFB07, 0xFB12), (0xFB18, 0xFB1C), (0xFB37, 0xFB37), (0xFB3D, 0xFB3D),
    (0xFB3F, 0xFB3F), (0xFB42, 0xFB42), (0xFB45, 0xFB45), (0xFBC3, 0xFBD2), (0xFD90, 0xFD91), (0xFDC8, 0xFDCE),
    (0xFDD0, 0xFDEF), (0xFE1A, 0xFE1F), (0xFE53, 0xFE53), (0xFE67, 0xFE67), (0xFE6C, 0xFE6F), (0xFE75, 0xFE75),
    (0xFEFD, 0xFF00), (0xFFBF, 0xFFC1), (0xFFC8, 0xFFC9), (0xFFD0, 0xFFD1), (0xFFD8, 0xFFD9), (0xFFDD, 0xFFDF),
    (0xFFE7, 0xFFE7), (0xFFEF, 0xFFFB), (0xFFFE, 0xFFFF), (0x1000C, 0x1000C), (0x10027, 0x10027), (0x1003B, 0x1003B),
    (0x1003E, 0x1003E), (0x1004E, 0x1004F), (0x1005E, 0x1007F), (0x100FB, 0x100FF), (0x10103, 0x10106), (0x10134, 0x10136),
    (0x1018F, 0x1018F), (0x1019D, 0x1019F), (0x101A1, 0x101CF), (0x101FE, 0x1027F), (0x1029D, 0x1029F), (0x102D1, 0x102DF),
    (0x102FC, 0x102FF), (0x10324, 0x1032C), (0x1034B, 0x1034F), (0x1037B, 0x1037F), (0x1039E, 0x1039E), (0x103C4, 0x103C7),
    (0x103D6, 0x103FF), (0x1049E, 0x1049F), (0x104AA, 0x104AF), (0x104D4, 0x104D7), (0x104FC, 0x104FF), (0x10528, 0x1052F),
    (0x10564, 0x1056E), (0x1057B, 0x1057B), (0x1058B, 0x1058B), (0x10593, 0x10593), (0x10596, 0x10596), (0x105A2, 0x105A2),
    (0x105B2, 0x105B2), (0x105BA, 0x105BA), (0x105BD, 0x105FF), (0x10737, 0x1073F), (0x10756, 0x1075F), (0x10768, 0x1077F),
    (0x10786, 0x10786), (0x107B1, 0x107B1), (0x107BB, 0x107FF), (0x10806, 0x10807), (0x10809, 0x10809), (0x10836, 0x10836),
    (0x10839, 0x1083B), (0x1083D, 0x1083E), (0x10856, 0x10856), (0x1089F, 0x108A6), (0x108B0, 0x108DF), (0x108F3, 0x108F3),
    (0x108F6, 0x108FA), (0x1091C, 0x1091E), (0x1093A, 0x1093E), (0x10940, 0x1097F), (0x109B8, 0x109BB), (0x109D0, 0x109D1),
    (0x10A04, 0x10A04), (0x10A07, 0x10A0B), (0x10A14, 0x10A14), (0x10A18, 0x10A18), (0x10A36, 0x10A37), (0x10A3B, 0x10A3E),
    (0x10A49, 0x10A4F), (0x10A59, 0x10A5F), (0x10AA0, 0x10ABF), (0x10AE7, 0x10AEA), (0x10AF7, 0x10AFF), (0x10B36, 0x10B38),
    (0x10B56, 0x10B57), (0x10B73, 0x10B77), (0x10B92, 0x10B98), (0x10B9D, 0x10BA8), (0x10BB0, 0x10BFF), (0x10C49, 0x10C7F),
    (0x10CB3, 0x10CBF), (0x10CF3, 0x10CF9), (0x10D28, 0x10D2F), (0x10D3A, 0x10E5F), (0x10E7F, 0x10E7F), (0x10EAA, 0x10EAA),
    (0x10EAE, 0x10EAF), (0x10EB2, 0x10EFF), (0x10F28, 0x10F2F), (0x10F5A, 0x10F6F), (0x10F8A, 0x10FAF), (0x10FCC, 0x10FDF),
    (0x10FF7, 0x10FFF), (0x1104E, 0x11051), (0x11076, 0x1107E), (0x110BD, 0x110BD), (0x110C3, 0x110CF), (0x110E9, 0x110EF),
    (0x110FA, 0x110FF), (0x11135, 0x11135), (0x11148, 0x1114F), (0x11177, 0x1117F), (0x111E0, 0x111E0), (0x111F5, 0x111FF),
    (0x11212, 0x11212), (0x1123F, 0x1127F), (0x11287, 0x11287), (0x11289, 0x11289), (0x1128E, 0x1128E), (0x1129E, 0x1129E),
    (0x112AA, 0x112AF), (0x112EB, 0x112EF), (0x112FA, 0x112FF), (0x11304, 0x11304), (0x1130D, 0x1130E), (0x11311, 0x11312),
    (0x11329, 0x11329), (0x11331, 0x11331), (0x11334, 0x11334), (0x1133A, 0x1133A), (0x11345, 0x11346), (0x11349, 0x1134A),
    (0x1134E, 0x1134F), (0x11351, 0x11356), (0x11358, 0x1135C), (0x11364, 0x11365), (0x1136D, 0x1136F), (0x11375, 0x113FF),
    (0x1145C, 0x1145C), (0x11462, 0x1147F), (0x114C8, 0x114CF), (0x114DA, 0x1157F), (0x115B6, 0x115B7), (0x115DE, 0x115FF),
    (0x11645, 0x1164F), (0x1165A, 0x1165F), (0x1166D, 0x1167F), (0x116BA, 0x116BF), (0x116CA, 0x116FF), (0x1171B, 0x1171C),
    (0x1172C, 0x1172F), (0x11747, 0x117FF), (0x1183C, 0x1189F), (0x118F3, 0x118FE), (0x11907, 0x11908), (0x1190A, 0x1190B),
    (0x11914, 0x11914), (0x11917, 0x11917), (0x11936, 0x11936), (0x11939, 0x1193A), (0x11947, 0x1194F), (0x1195A, 0x1199F),
    (0x119A8, 0x119A9), (0x119D8, 0x119D9), (0x119E5, 0x119FF), (0x11A48, 0x11A4F), (0x11AA3, 0x11AAF), (0x11AF9, 0x11BFF),
    (0x11C09, 0x11C09), (0x11C37, 0x11C37), (0x11C46, 0x11C4F), (0x11C6D, 0x11C6F), (0x11C90, 0x11C91), (0x11CA8, 0x11CA8),
    (0x11CB7, 0x11CFF), (0x11D07, 0x11D07), (0x11D0A, 0x11D0A), (0x11D37, 0x11D39), (0x11D3B, 0x11D3B), (0x11D3E, 0x11D3E),
    (0x11D48, 0x11D4F), (0x11D5A, 0x11D5F), (0x11D66, 0x11D66), (0x11D69, 0x11D69), (0x11D8F, 0x11D8F), (0x11D92, 0x11D92),
    (0x11D99, 0x11D9F), (0x11DAA, 0x11EDF), (0x11EF9, 0x11FAF), (0x11FB1, 0x11FBF), (0x11FF2, 0x11FFE), (0x1239A, 0x123FF),
    (0x1246F, 0x1246F), (0x12475, 0x1247F), (0x12544, 0x12F8F), (0x12FF3, 0x12FFF), (0x1342F, 0x143FF), (0x14647, 0x167FF),
    (0x16A39, 0x16A3F), (0x16A5F, 0x16A5F), (0x16A6A, 0x16A6D), (0x16ABF, 0x16ABF), (0x16ACA, 0x16ACF), (0x16AEE, 0x16AEF),
    (0x16AF6, 0x16AFF), (0x16B46, 0x16B4F), (0x16B5A, 0x16B5A), (0x16B62, 0x16B62), (0x16B78, 0x16B7C), (0x16B90, 0x16E3F),
    (0x16E9B, 0x16EFF), (0x16F4B, 0x16F4E), (0x16F88, 0x16F8E), (0x16FA0, 0x16FDF), (0x16FE5, 0x16FEF), (0x16FF2, 0x16FFF),
    (0x187F8, 0x187FF), (0x18CD6, 0x18CFF), (0x18D09, 0x1AFEF), (0x1AFF4, 0x1AFF4), (0x1AFFC, 0x1AFFC), (0x1AFFF, 0x1AFFF),
    (0x1B123, 0x1B14F), (0x1B153, 0x1B163), (0x1B168, 0x1B16F), (0x1B2FC, 0x1BBFF), (0x1BC6B, 0x1BC6F), (0x1BC7D, 0x1BC7F),
    (0x1BC89, 0x1BC8F), (0x1BC9A, 0x1BC9B), (0x1BCA0, 0x1CEFF), (0x1CF2E, 0x1CF2F), (0x1CF47, 0x1CF4F), (0x1CFC4, 0x1CFFF),
    (0x1D0F6, 0x1D0FF), (0x1D127, 0x1D128), (0x1D173, 0x1D17A), (0x1D1EB, 0x1D1FF), (0x1D246, 0x1D2DF), (0x1D2F4, 0x1D2FF),
    (0x1D357, 0x1D35F), (0x1D379, 0x1D3FF), (0x1D455, 0x1D455), (0x1D49D, 0x1D49D), (0x1D4A0, 0x1D4A1), (0x1D4A3, 0x1D4A4),
    (0x1D4A7, 0x1D4A8), (0x1D4AD, 0x1D4AD), (0x1D4BA, 0x1D4BA), (0x1D4BC, 0x1D4BC), (0x1D4C4, 0x1D4C4), (0x1D506, 0x1D506),
    (0x1D50B, 0x1D50C), (0x1D515, 0x1D515), (0x1D51D, 0x1D51D), (0x1D53A, 0x1D53A), (0x1D53F, 0x1D53F), (0x1D545, 0x1D545),
    (0x1D547, 0x1D549), (0x1D551, 0x1D551), (0x1D6A6, 0x1D6A7), (0x1D7CC, 0x1D7CD), (0x1DA8C, 0x1DA9A), (0x1DAA0, 0x1DAA0),
    (0x1DAB0, 0x1DEFF), (0x1DF1F, 0x1DFFF), (0x1E007, 0x1E007), (0x1E019, 0x1E01A), (0x1E022, 0x1E022), (0x1E025, 0x1E025),
    (0x1E02B, 0x1E0FF), (0x1E12D, 0x1E12F), (0x1E13E, 0x1E13F), (0x1E14A, 0x1E14D), (0x1E150, 0x1E28F), (0x1E2AF, 0x1E2BF),
    (0x1E2FA, 0x1E2FE), (0x1E300, 0x1E7DF), (0x1E7E7, 0x1E7E7), (0x1E7EC, 0x1E7EC), (0x1E7EF, 0x1E7EF), (0x1E7FF, 0x1E7FF),
    (0x1E8C5, 0x1E8C6), (0x1E8D7, 0x1E8FF), (0x1E94C, 0x1E94F), (0x1E95A, 0x1E95D), (0x1E960, 0x1EC70), (0x1ECB5, 0x1ED00),
    (0x1ED3E, 0x1EDFF), (0x1EE04, 0x1EE04), (0x1EE20, 0x1EE20), (0x1EE23, 0x1EE23), (0x1EE25, 0x1EE26), (0x1EE28, 0x1EE28),
    (0x1EE33, 0x1EE33), (0x1EE38, 0x1EE38), (0x1EE3A, 0x1EE3A), (0x1EE3C, 0x1EE41), (0x1EE43, 0x1EE46), (0x1EE48, 0x1EE48),
    (0x1EE4A, 0x1EE4A), (0x1EE4C, 0x1EE4C), (0x1EE50, 0x1EE50), (0x1EE53, 0x1EE53), (0x1EE55, 0x1EE56), (0x1EE58, 0x1EE58),
    (0x1EE5A, 0x1EE5A), (0x1EE5C, 0x1EE5C), (0x1EE5E, 0x1EE5E), (0x1EE60, 0x1EE60), (0x1EE63, 0x1EE63), (0x1EE65, 0x1EE66),
    (0x1EE6B, 0x1EE6B), (0x1EE73, 0x1EE73), (0x1EE78, 0x1EE78), (0x1EE7D, 0x1EE7D), (0x1EE7F, 0x1EE7F), (0x1EE8A, 0x1EE8A),
    (0x1EE9C, 0x1EEA0), (0x1EEA4, 0x1EEA4), (0x1EEAA, 0x1EEAA), (0x1EEBC, 0x1EEEF), (0x1EEF2, 0x1EFFF), (0x1F02C, 0x1F02F),
    (0x1F094, 0x1F09F), (0x1F0AF, 0x1F0B0), (0x1F0C0, 0x1F0C0), (0x1F0D0, 0x1F0D0), (0x1F0F6, 0x1F0FF), (0x1F1AE, 0x1F1E5),
    (0x1F203, 0x1F20F), (0x1F23C, 0x1F23F), (0x1F249, 0x1F24F), (0x1F252, 0x1F25F), (0x1F266, 0x1F2FF), (0x1F6D8, 0x1F6DC),
    (0x1F6ED, 0x1F6EF), (0x1F6FD, 0x1F6FF), (0x1F774, 0x1F77F), (0x1F7D9, 0x1F7DF), (0x1F7EC, 0x1F7EF), (0x1F7F1, 0x1F7FF),
    (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F), (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8AF), (0x1F8B2, 0x1F8FF),
    (0x1FA54, 0x1FA5F), (0x1FA6E, 0x1FA6F), (0x1FA75, 0x1FA77), (0x1FA7D, 0x1FA7F), (0x1FA87, 0x1FA8F), (0x1FAAD, 0x1FAAF),
    (0x1FABB, 0x1FABF), (0x1FAC6, 0x1FACF), (0x1FADA, 0x1FADF), (0x1FAE8, 0x1FAEF), (0x1FAF7, 0x1FAFF), (0x1FB93, 0x1FB93),
    (0x1FBCB, 0x1FBEF), (0x1FBFA, 0x1FFFF), (0x2A6E0, 0x2A6FF), (0x2B739, 0x2B73F), (0x2B81E, 0x2B81F), (0x2CEA2, 0x2CEAF),
    (0x2EBE1, 0x2F7FF), (0x2FA1E, 0x2FFFF), (0x3134B, 0xE00FF), (0xE01F0, 0x10FFFF),
];

/// The six parts `urlunparse` writes (`params` empty for `urlunsplit`).
struct Unsplit<'p> {
    scheme: &'p str,
    netloc: &'p str,
    path: &'p str,
    params: &'p str,
    query: &'p str,
    fragment: &'p str,
}

impl Unsplit<'_> {
    /// `urlunparse`, that is `urlunsplit` with `;params` after the path.
    fn write(&self, out: &mut String) {
        // urlunparse: ';' and the params only when they are not empty
        let has_path = !self.path.is_empty() || !self.params.is_empty();
        // urlunsplit: '//' for a netloc, or for a scheme of uses_netloc
        // whose path does not start with '//'
        if !self.netloc.is_empty()
            || (!self.scheme.is_empty()
                && listed(&USES_NETLOC, self.scheme)
                && !self.path.starts_with("//"))
        {
            if !self.scheme.is_empty() {
                push_lower(out, self.scheme);
                out.push(':');
            }
            out.push_str("//");
            out.push_str(self.netloc);
            if has_path && !self.path.starts_with('/') {
                out.push('/');
            }
        } else if !self.scheme.is_empty() {
            push_lower(out, self.scheme);
            out.push(':');
        }
        out.push_str(self.path);
        if !self.params.is_empty() {
            out.push(';');
            out.push_str(self.params);
        }
        if !self.query.is_empty() {
            out.push('?');
            out.push_str(self.query);
        }
        if !self.fragment.is_empty() {
            out.push('#');
            out.push_str(self.fragment);
        }
    }

    fn string(&self) -> String {
        let mut out = String::with_capacity(
            self.scheme.len()
                + self.netloc.len()
                + self.path.len()
                + self.params.len()
                + self.query.len()
                + self.fragment.len()
                + 8,
        );
        self.write(&mut out);
        out
    }
}

/// Pushes an ASCII scheme lowercased.
fn push_lower(out: &mut String, scheme: &str) {
    out.extend(scheme.chars().map(|c| c.to_ascii_lowercase()));
}

/// `urlparse`'s params: the path and the params (empty for none), split
/// at the first `;` of the last segment for the schemes of `uses_params`.
fn params<'s, T: Tracer>(path: &'s str, scheme: &str, tracer: &mut T) -> (&'s str, &'s str) {
    if !listed(&USES_PARAMS, scheme) || !path.contains(';') {
        return (path, "");
    }
    // _splitparams: the first ';' after the last '/'
    let from = path.rfind('/').unwrap_or(0);
    let Some(semi) = path[from..].find(';').map(|i| from + i) else {
        return (path, "");
    };
    let (kept, params) = (&path[..semi], &path[semi + 1..]);
    tracer.record(|| {
        Step::change(
            StepId::PythonParams,
            Component::Path,
            Some(path),
            Some(kept),
        )
        .decide(format!("params {params:?}"))
    });
    (kept, params)
}

/// `urljoin(base, url)`: the string urlsplit then reads, and how urljoin
/// came to it.
pub fn urljoin<'a, T: Tracer>(
    base: &'a str,
    input: &'a str,
    tracer: &mut T,
) -> Result<(Cow<'a, str>, Join), PyError> {
    // urljoin: an empty base or input gives the other back, untouched
    if base.is_empty() || input.is_empty() {
        tracer.record(|| {
            Step::new(StepId::PythonJoinEmpty).decide(if base.is_empty() {
                "the base is empty: the input, as it is"
            } else {
                "the input is empty: the base, as it is"
            })
        });
        return Ok(if base.is_empty() {
            (Cow::Borrowed(input), Join::EmptyBase)
        } else {
            (Cow::Borrowed(base), Join::EmptyInput)
        });
    }
    let b = urlsplit(Cow::Borrowed(base), &mut OfBase(tracer)).map_err(|kind| PyError {
        at: Where::Base,
        kind,
    })?;
    let bscheme = b.scheme_raw();
    let (bpath, bparams) = params(b.path(), bscheme, &mut OfBase(tracer));
    let r = urlsplit(Cow::Borrowed(input), tracer).map_err(|kind| PyError {
        at: Where::Input,
        kind,
    })?;
    // urlparse(url, bscheme): no scheme of its own means the base's
    let scheme = Some(r.scheme_raw())
        .filter(|s| !s.is_empty())
        .unwrap_or(bscheme);
    let (path, params) = params(r.path(), scheme, tracer);
    if !scheme.eq_ignore_ascii_case(bscheme) || !listed(&USES_RELATIVE, scheme) {
        tracer.record(|| {
            Step::new(StepId::PythonJoinScheme).decide(format!(
                "{:?} {}: the input, unchanged",
                scheme.to_ascii_lowercase(),
                if scheme.eq_ignore_ascii_case(bscheme) {
                    "is not in uses_relative"
                } else {
                    "is not the base's scheme"
                }
            ))
        });
        return Ok((Cow::Borrowed(input), Join::InputUnchanged));
    }
    tracer.record(|| {
        Step::new(StepId::PythonJoinScheme).decide(format!(
            "the base's scheme {:?}, which urljoin resolves",
            scheme.to_ascii_lowercase()
        ))
    });
    // (every scheme of uses_relative is in uses_netloc)
    let (joined, how) = if !r.netloc().is_empty() {
        let own = Unsplit {
            scheme,
            netloc: r.netloc(),
            path,
            params,
            query: r.query(),
            fragment: r.fragment(),
        };
        tracer.record(|| {
            Step::new(StepId::PythonJoinNetloc).decide(format!("its netloc {:?}", r.netloc()))
        });
        (own.string(), Join::Netloc)
    } else if path.is_empty() && params.is_empty() {
        let query = Some(r.query())
            .filter(|q| !q.is_empty())
            .unwrap_or(b.query());
        tracer.record(|| {
            Step::change(StepId::PythonJoinNoPath, Component::Path, None, Some(bpath)).decide(
                if r.query().is_empty() {
                    format!("the base's path, params {bparams:?} and query {query:?}")
                } else {
                    format!("the base's path and params {bparams:?}; its own query")
                },
            )
        });
        let parts = Unsplit {
            scheme,
            netloc: b.netloc(),
            path: bpath,
            params: bparams,
            query,
            fragment: r.fragment(),
        };
        (parts.string(), Join::NoPath)
    } else {
        let resolved = resolve_path(bpath, path, tracer);
        let parts = Unsplit {
            scheme,
            netloc: b.netloc(),
            path: &resolved,
            params,
            query: r.query(),
            fragment: r.fragment(),
        };
        (parts.string(), Join::Merged)
    };
    tracer.record(|| Step {
        after: Some(joined.clone()),
        changes: true,
        ..Step::new(StepId::PythonJoinResult)
    });
    Ok((Cow::Owned(joined), how))
}

/// urljoin's merge of the base's path with the input's and its walk
/// through the segments.
fn resolve_path<T: Tracer>(bpath: &str, path: &str, tracer: &mut T) -> String {
    let segments: Vec<&str> = if path.starts_with('/') {
        // urljoin: an absolute path ignores the base's
        path.split('/').collect()
    } else {
        let mut segments: Vec<&str> = bpath.split('/').collect();
        // urljoin: the base's last segment goes unless it is empty
        if segments.last().is_some_and(|s| !s.is_empty()) {
            segments.pop();
        }
        segments.extend(path.split('/'));
        // urljoin: segments[1:-1] = filter(None, segments[1:-1])
        let last = segments.len().saturating_sub(1);
        let mut i = 0;
        segments.retain(|s| {
            let keep = i == 0 || i >= last || !s.is_empty();
            i += 1;
            keep
        });
        segments
    };
    tracer.record(|| {
        Step::change(
            StepId::PythonJoinMerge,
            Component::Path,
            None,
            Some(&segments.join("/")),
        )
        .decide(format!("segments {segments:?}"))
    });
    let mut resolved: Vec<&str> = Vec::with_capacity(segments.len() + 1);
    for seg in &segments {
        match *seg {
            // urljoin: '..' pops, and nothing happens at the root
            ".." => {
                resolved.pop();
            }
            "." => {}
            _ => resolved.push(seg),
        }
    }
    if matches!(segments.last(), Some(&".." | &".")) {
        resolved.push("");
    }
    let mut out = resolved.join("/");
    if out.is_empty() {
        out.push('/');
    }
    tracer.record(|| {
        Step::change(
            StepId::PythonJoinDots,
            Component::Path,
            Some(&segments.join("/")),
            Some(&out),
        )
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoTrace, Trace};

    /// The request's answer as the oracle writes it: href and the parts,
    /// or the error text.
    fn ask(input: &str, base: Option<&str>) -> Result<(String, Vec<Option<String>>), String> {
        let split = request(input, base, &mut NoTrace).map_err(|e| e.to_string())?;
        let p = split.read(&mut NoTrace).map_err(|e| e.to_string())?;
        Ok((
            p.href,
            vec![
                Some(p.scheme.into_owned()),
                p.username.map(str::to_owned),
                p.password.map(str::to_owned),
                p.hostname.map(Cow::into_owned),
                p.port.map(|n| n.to_string()),
                Some(p.path.to_owned()),
                Some(p.query.to_owned()),
                Some(p.fragment.to_owned()),
            ],
        ))
    }

    fn href(input: &str, base: Option<&str>) -> String {
        match ask(input, base) {
            Ok((href, _)) => href,
            Err(e) => e,
        }
    }

    fn host(input: &str) -> Option<String> {
        ask(input, None).ok().and_then(|(_, p)| p[3].clone())
    }

    #[test]
    fn the_algorithms_examples() {
        assert_eq!(host("http://evil.com "), Some("evil.com ".into()));
        assert_eq!(
            href("http://good.com\t@evil.com", None),
            "http://good.com@evil.com"
        );
        assert_eq!(host("http://good.com\\@evil.com/"), Some("evil.com".into()));
        assert_eq!(host("http://a[::1]:80/"), Some("::1".into()));
        assert_eq!(host("http://[::1]x/"), Some("::1".into()));
        assert_eq!(
            href("foo://a:b:80/", None),
            "ValueError: Port could not be cast to integer value as 'b:80'"
        );
        assert_eq!(host("http://EX%41MPLE.com/"), Some("ex%41MPLE.com".into()));
        assert_eq!(host("http://EVİL.com/"), Some("evi\u{307}l.com".into()));
        assert_eq!(href("http:foo.com", None), "http:///foo.com");
        assert_eq!(href("localhost:8080/x", None), "localhost:8080/x");
        assert_eq!(href("", Some("http://h/a/b?q#f")), "http://h/a/b?q#f");
        assert_eq!(href("x", Some("foo://good/a/b")), "x");
        assert_eq!(
            href("//u:p@evil.com/../x", Some("http://good.com/a")),
            "http://u:p@evil.com/../x"
        );
        assert_eq!(href("a//b", Some("http://h/c/d")), "http://h/c/a/b");
        assert_eq!(
            href("///evil.com", Some("http://good.com/x")),
            "http://good.com/evil.com"
        );
        assert_eq!(
            href("http:evil.com", Some("http://good.com/a/b")),
            "http://good.com/a/evil.com"
        );
        assert_eq!(href("http://h:0080/", None), "http://h:0080/");
        assert_eq!(
            ask("http://h:0080/", None).map(|(_, p)| p[4].clone()),
            Ok(Some("80".into()))
        );
    }

    #[test]
    fn failures_speak_as_python() {
        assert_eq!(href("http://[::1/", None), "ValueError: Invalid IPv6 URL");
        assert_eq!(
            href("http://[v1x]/", None),
            "ValueError: IPvFuture address is invalid"
        );
        assert_eq!(href("http://[v1.x]/", None), "http://[v1.x]/");
        assert_eq!(
            href("http://[1.2.3.4]/", None),
            "ValueError: An IPv4 address cannot be in brackets"
        );
        assert_eq!(
            href("http://[\\]/", None),
            "ValueError: '\\\\' does not appear to be an IPv4 or IPv6 address"
        );
        assert_eq!(
            href("http://h:\u{200d}'/", None),
            "ValueError: Port could not be cast to integer value as \"\\u200d'\""
        );
        assert_eq!(
            href("http://h:65536/", None),
            "ValueError: Port out of range 0-65535"
        );
        assert_eq!(
            href("http://a\u{2100}b/", None),
            "ValueError: netloc 'a\u{2100}b' contains invalid characters under NFKC normalization"
        );
        let long = format!("http://h:{}/", "0".repeat(4301));
        assert!(href(&long, None).starts_with("ValueError: Exceeds the limit (4300 digits)"));
    }

    #[test]
    fn ipaddress_reads_as_python_does() {
        for good in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "::ffff:1.2.3.4",
            "fe80::1%eth0",
            "1:2:3:4:5:6::",
        ] {
            assert!(ipv6(good), "{good}");
        }
        for bad in [
            ":1::",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "::1%",
            "::1%a%b",
            "12345::",
            "::01.2.3.4",
            "1:2:3:4:5:6:7::8",
            "",
        ] {
            assert!(!ipv6(bad), "{bad}");
        }
        assert!(ipv4("0.0.0.0") && !ipv4("01.2.3.4") && !ipv4("1.2.3") && !ipv4("256.1.1.1"));
    }

    #[test]
    fn traced_equals_untraced_and_records_the_decisions() {
        let mut trace = Trace::default();
        let traced = request("../x;p?q", Some("http://h/a/b"), &mut trace)
            .and_then(|s| s.read(&mut trace).map(|p| p.href));
        assert_eq!(traced.as_deref().ok(), Some("http://h/x;p?q"));
        let ids: Vec<&str> = trace.steps.iter().map(|s| s.id.id()).collect();
        for id in [
            "python.urljoin.scheme",
            "python.urljoin.merge",
            "python.urljoin.dots",
            "python.geturl",
            "python.port",
        ] {
            assert!(ids.contains(&id), "{id} in {ids:?}");
        }
        assert!(trace.steps.iter().any(|s| s.of_base));
    }

    #[test]
    fn odd_inputs_do_not_panic() {
        let big = "a".repeat(1 << 20);
        for input in [
            "",
            " ",
            "\t",
            ":",
            "//",
            "[",
            "]",
            "//[",
            "//]",
            "http://[",
            "\u{0}\u{1f} é",
            &big,
        ] {
            for base in [
                None,
                Some(""),
                Some("http://h/"),
                Some("//[::1]/"),
                Some(" "),
            ] {
                let _ = ask(input, base);
            }
        }
    }
}
