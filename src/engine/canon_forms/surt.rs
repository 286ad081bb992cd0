//! The `surt` package 0.3.1 (Internet Archive), modelled: `surt.surt(url)`
//! with its defaults, the key the Wayback Machine and pywb index captures
//! by, and the four switches it documents ([`SurtOptions`]). Each decision is a step of stage [`Stage::Surt`](crate::engine::Stage::Surt)
//! citing the file and function it models; `tests/canon_surt.rs` holds
//! the model to the package's answers.
//!
//! The package works on bytes: the URL is encoded as UTF-8 (a lone
//! surrogate raises `UnicodeEncodeError`), then
//! 1. `handyurl.parse` (surt/handyurl.py): strip ASCII whitespace, remove
//!    tab, CR and LF, add `http://` where no scheme is written, fold a
//!    repeated `http://http://`, split with an RFC 2396 regular expression,
//!    and read the host and port as `urllib.parse` does (`.hostname`,
//!    `.port`, which raises on a port that is not digits or is past 65535);
//!    for an `http…` scheme with no host, the first path segment is the host;
//! 2. `GoogleURLCanonicalizer.canonicalize`: drop the fragment, unescape the
//!    query and host repeatedly and escape them once, the host through
//!    Python's IDNA 2003 codec when it is not ASCII, `..` to `.`, dots
//!    stripped, IPv4 number forms read as glibc reads them, the path
//!    unescaped, its dot-segments resolved and escaped once;
//! 3. `IAURLCanonicalizer.canonicalize`: lowercase the host, drop a leading
//!    `www.` (or `www2.`, …), drop the default port, lowercase the path and
//!    query, strip session ids, drop a trailing slash, sort the query;
//! 4. `handyurl.geturl_bytes(surt=True, with_scheme=False)`: the host's
//!    labels reversed and joined by commas, then `)` and the path.

use super::CanonForm;
use super::python_idna::python_idna_encode;
use super::python_strip::strip_and_drop_tabs_newlines;
use super::unquote::unquote_repeatedly;
use crate::engine::{Component, Step, StepId, Tracer};

/// The switches of `surt.surt(url, **options)` that the package documents,
/// each passed on to the IA canonicalizer and to `geturl_bytes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurtOptions {
    /// `with_scheme`: the scheme, `://` and `(` before the host
    /// (`http://(com,example,)/`); `surt()` makes it `False`.
    pub with_scheme: bool,
    /// `trailing_comma`: a `,` after the reversed host.
    pub trailing_comma: bool,
    /// `host_massage`: drop a leading `www.` (`www2.`, ...).
    pub host_massage: bool,
    /// `reverse_ipaddr`: reverse a dotted IPv4 address like any host.
    pub reverse_ipaddr: bool,
}

impl Default for SurtOptions {
    /// `surt.surt(url)`'s own: no scheme, no trailing comma, `www.`
    /// dropped, addresses reversed.
    fn default() -> SurtOptions {
        SurtOptions {
            with_scheme: false,
            trailing_comma: false,
            host_massage: true,
            reverse_ipaddr: true,
        }
    }
}

impl SurtOptions {
    /// The switches' names, as `surt()` takes them as keywords.
    pub const NAMES: [&'static str; 4] = [
        "with_scheme",
        "trailing_comma",
        "host_massage",
        "reverse_ipaddr",
    ];

    /// Sets the switch `name` (one of [`SurtOptions::NAMES`]) to `on`;
    /// `false` for a name that is none of them.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let switch = match name {
            "with_scheme" => &mut self.with_scheme,
            "trailing_comma" => &mut self.trailing_comma,
            "host_massage" => &mut self.host_massage,
            "reverse_ipaddr" => &mut self.reverse_ipaddr,
            _ => return false,
        };
        *switch = on;
        true
    }

    /// Reads `with_scheme,trailing_comma=true,host_massage=false`: each
    /// switch named is set (to `true` unless `=false` or `=0` follows).
    pub fn parse(text: &str) -> Result<SurtOptions, String> {
        let mut options = SurtOptions::default();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (name, value) = item.split_once('=').unwrap_or((item, "true"));
            let on = match value.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                other => {
                    return Err(format!(
                        "surt option {name}: {other:?} is neither true nor false"
                    ));
                }
            };
            if !options.set(name.trim(), on) {
                return Err(format!(
                    "unknown surt option {:?} (the options are {})",
                    name.trim(),
                    SurtOptions::NAMES.join(", ")
                ));
            }
        }
        Ok(options)
    }
}

/// What `surt.surt(url, **options)` returns (the canonical form's
/// `canon`; its parts are the canonicalized handyurl's), or the exception
/// it raises as Python prints it (`ValueError: Port out of range 0-65535`).
pub fn surt<T: Tracer>(url: &str, options: &SurtOptions, tr: &mut T) -> Result<CanonForm, String> {
    if url.is_empty() || url.starts_with("filedesc") {
        let out = if url.is_empty() { "-" } else { url };
        tr.record(|| Step::new(StepId::SurtEmpty).decide(format!("the answer is {out:?}")));
        return Ok(CanonForm {
            canon: out.to_owned(),
            ..CanonForm::default()
        });
    }
    let mut h = parse(url.as_bytes(), tr)?;
    google(&mut h, tr);
    ia(&mut h, options, tr);
    let out = String::from_utf8_lossy(&h.surt_bytes(options)).into_owned();
    tr.record(|| Step::new(StepId::SurtForm).decide(format!("the SURT is {out:?}")));
    Ok(CanonForm {
        canon: out,
        components: h.components(),
        ..CanonForm::default()
    })
}

/// Bytes as text for a step (not UTF-8: U+FFFD in their place).
fn shown(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A step that changed `component` from `before` to `after`, recorded only
/// when it did.
fn changed<T: Tracer>(
    tr: &mut T,
    id: StepId,
    component: Component,
    before: Option<&[u8]>,
    after: Option<&[u8]>,
) {
    if before != after {
        tr.record(|| {
            Step::change(
                id,
                component,
                before.map(shown).as_deref(),
                after.map(shown).as_deref(),
            )
        });
    }
}

/// surt/handyurl.py's `handyurl`: the parts, as bytes.
#[derive(Debug, Default)]
struct HandyUrl {
    scheme: Option<Vec<u8>>,
    host: Option<Vec<u8>>,
    port: Option<u32>,
    path: Option<Vec<u8>>,
    query: Option<Vec<u8>>,
    hash: Option<Vec<u8>>,
    last_delimiter: Option<&'static [u8]>,
}

/// `handyurl.parse`'s first lines: the URL stripped, a default scheme
/// added, repeated protocols folded.
fn prepare<T: Tracer>(url: &[u8], tr: &mut T) -> Vec<u8> {
    // url.strip(), then _RE_SPACES.sub(b'', url): tab, CR and LF anywhere.
    let mut u = strip_and_drop_tabs_newlines(url);
    if u.len() != url.len() {
        tr.record(|| {
            Step::new(StepId::SurtStrip).decide(format!("the URL is now {:?}", shown(&u)))
        });
    }
    // addDefaultSchemeIfNeeded.
    if !u.is_empty() && scheme_end(&u).is_none() {
        let mut with = b"http://".to_vec();
        with.extend_from_slice(&u);
        u = with;
        tr.record(|| {
            Step::new(StepId::SurtDefaultScheme).decide(format!("the URL is now {:?}", shown(&u)))
        });
    }
    // _RE_MULTIPLE_PROTOCOLS: ^(https?://)+ becomes its last repetition.
    let mut at = 0;
    let mut last = None;
    while let Some(len) = http_prefix(&u[at..]) {
        last = Some((at, len));
        at += len;
    }
    if let Some((from, _)) = last.filter(|&(from, _)| from > 0) {
        u.drain(..from);
        tr.record(|| {
            Step::new(StepId::SurtProtocols).decide(format!("the URL is now {:?}", shown(&u)))
        });
    }
    u
}

/// `handyurl.parse`.
fn parse<T: Tracer>(url: &[u8], tr: &mut T) -> Result<HandyUrl, String> {
    let u = prepare(url, tr);
    let split = urlsplit(&u);
    tr.record(|| {
        Step::new(StepId::SurtSplit).decide(format!(
            "scheme {:?}, netloc {:?}, path {:?}, query {:?}, fragment {:?}",
            split.scheme.map(shown),
            shown(split.netloc),
            shown(split.path),
            split.query.map(shown),
            split.fragment.map(shown)
        ))
    });
    let scheme = split.scheme.map(<[u8]>::to_vec);
    let query = split.query.filter(|q| !q.is_empty()).map(<[u8]>::to_vec);
    let fragment = split.fragment.filter(|f| !f.is_empty()).map(<[u8]>::to_vec);
    let mut netloc = split.netloc;
    // "Deal with hostnames that end with ':' without being followed by a
    // port number": rstrip every ':'.
    while netloc.last() == Some(&b':') {
        netloc = &netloc[..netloc.len() - 1];
    }
    let (hostname, port) = hostinfo(netloc);
    let port = match port {
        None => None,
        Some(p) => Some(read_port(p, tr)?),
    };
    // `o.port or None`: port 0 is no port.
    let port = port.filter(|&p| p != 0);
    let mut host = hostname.filter(|h| !h.is_empty()).map(lower_before_zone);
    tr.record(|| {
        Step::change(
            StepId::SurtHostPort,
            Component::Host,
            None,
            host.as_deref().map(shown).as_deref(),
        )
        .decide(match port {
            Some(p) => format!("port {p}"),
            None => "no port".to_owned(),
        })
    });
    let mut path = Some(split.path.to_vec()).filter(|p| !p.is_empty());
    let Some(scheme_bytes) = scheme.as_deref() else {
        let why = "AttributeError: 'NoneType' object has no attribute 'startswith'";
        tr.record(|| Step::new(StepId::SurtNoScheme).decide(why).fail());
        return Err(why.to_owned());
    };
    if scheme_bytes.starts_with(b"http")
        && host.is_none()
        && let Some(p) = path.take()
    {
        {
            let trimmed: &[u8] = {
                let i = p.iter().position(|&b| b != b'/').unwrap_or(p.len());
                &p[i..]
            };
            let (first, rest) = match trimmed.iter().position(|&b| b == b'/') {
                Some(i) => (&trimmed[..i], &trimmed[i + 1..]),
                None => (trimmed, &b""[..]),
            };
            host = Some(first.to_vec());
            let mut new_path = b"/".to_vec();
            new_path.extend_from_slice(rest);
            tr.record(|| {
                Step::change(
                    StepId::SurtPathHost,
                    Component::Host,
                    None,
                    Some(&shown(first)),
                )
                .decide(format!("the path is now {:?}", shown(&new_path)))
            });
            path = Some(new_path);
        }
    }
    let last_delimiter = (u.ends_with(b"?") && query.is_none()).then_some(&b"?"[..]);
    if last_delimiter.is_some() {
        tr.record(|| Step::new(StepId::SurtLastDelimiter));
    }
    Ok(HandyUrl {
        scheme,
        host,
        port,
        path,
        query,
        hash: fragment,
        last_delimiter,
    })
}

/// `handyurl.parse`'s port, as `urllib.parse`'s `.port` reads it: digits,
/// at most 65535, or the ValueError it raises.
fn read_port<T: Tracer>(p: &[u8], tr: &mut T) -> Result<u32, String> {
    if p.is_empty() || !p.iter().all(u8::is_ascii_digit) {
        let why = format!(
            "ValueError: Port could not be cast to integer value as {}",
            py_bytes_repr(p)
        );
        tr.record(|| {
            Step::new(StepId::SurtHostPort)
                .about(Component::Port)
                .decide(why.clone())
                .fail()
        });
        return Err(why);
    }
    let value = p.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    });
    match value {
        Some(v) if v <= 65_535 => Ok(v as u32),
        _ => {
            let why = "ValueError: Port out of range 0-65535";
            tr.record(|| {
                Step::new(StepId::SurtHostPort)
                    .about(Component::Port)
                    .decide(why)
                    .fail()
            });
            Err(why.to_owned())
        }
    }
}

/// Where `^[a-zA-Z][a-zA-Z0-9+\-.]*:` ends (the ':' included), if it
/// matches.
fn scheme_end(u: &[u8]) -> Option<usize> {
    let first = *u.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let n = u[1..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    (u.get(1 + n) == Some(&b':')).then_some(n + 2)
}

/// The length of `http://` or `https://` at the start of `u`.
fn http_prefix(u: &[u8]) -> Option<usize> {
    if u.starts_with(b"http://") {
        Some(7)
    } else if u.starts_with(b"https://") {
        Some(8)
    } else {
        None
    }
}

struct Split<'a> {
    scheme: Option<&'a [u8]>,
    netloc: &'a [u8],
    path: &'a [u8],
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

/// `handyurl.urlsplit`: the RFC 2396 regular expression
/// `^(([a-zA-Z][a-zA-Z0-9+.-]*):)?((//([^/?#]*))?([^?#]*)(\?([^#]*))?)?(#(.*))?$`,
/// empty groups read as empty.
fn urlsplit(u: &[u8]) -> Split<'_> {
    let (scheme, rest) = match scheme_end(u) {
        Some(n) => (Some(&u[..n - 1]), &u[n..]),
        None => (None, u),
    };
    let (before_fragment, fragment) = match rest.iter().position(|&b| b == b'#') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (netloc, after) = match before_fragment.strip_prefix(b"//") {
        Some(r) => {
            let end = r
                .iter()
                .position(|b| matches!(b, b'/' | b'?' | b'#'))
                .unwrap_or(r.len());
            (&r[..end], &r[end..])
        }
        None => (&b""[..], before_fragment),
    };
    let (path, query) = match after.iter().position(|&b| b == b'?') {
        Some(i) => (&after[..i], Some(&after[i + 1..])),
        None => (after, None),
    };
    Split {
        scheme: scheme.filter(|s| !s.is_empty()),
        netloc,
        path,
        query,
        fragment,
    }
}

/// `urllib.parse`'s `_hostinfo` for bytes: the host and the port text
/// (`None` when empty).
fn hostinfo(netloc: &[u8]) -> (Option<&[u8]>, Option<&[u8]>) {
    let info = match netloc.iter().rposition(|&b| b == b'@') {
        Some(i) => &netloc[i + 1..],
        None => netloc,
    };
    let (host, port) = match info.iter().position(|&b| b == b'[') {
        Some(i) => {
            let bracketed = &info[i + 1..];
            match bracketed.iter().position(|&b| b == b']') {
                Some(j) => {
                    let after = &bracketed[j + 1..];
                    let port = after
                        .iter()
                        .position(|&b| b == b':')
                        .map(|k| &after[k + 1..]);
                    (&bracketed[..j], port)
                }
                None => (bracketed, None),
            }
        }
        None => match info.iter().position(|&b| b == b':') {
            Some(i) => (&info[..i], Some(&info[i + 1..])),
            None => (info, None),
        },
    };
    (Some(host), port.filter(|p| !p.is_empty()))
}

/// `.hostname`: lowercased (ASCII) up to a `%` zone.
fn lower_before_zone(h: &[u8]) -> Vec<u8> {
    match h.iter().position(|&b| b == b'%') {
        Some(i) => {
            let mut out = h[..i].to_ascii_lowercase();
            out.extend_from_slice(&h[i..]);
            out
        }
        None => h.to_ascii_lowercase(),
    }
}

/// Python's `repr` of bytes, as the port error quotes it.
fn py_bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = format!("b{quote}");
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            c if c as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote);
    out
}

/// `escapeOnce`: `quote_from_bytes` with the printable ASCII but space,
/// `#` and `%` safe; an empty value as it is.
fn escape_once(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    for &c in b {
        if c.is_ascii_alphanumeric() || b"_.-~!\"$&'()*+,/:;<=>?@[\\]^`{|}".contains(&c) {
            out.push(c);
        } else {
            out.extend_from_slice(format!("%{c:02X}").as_bytes());
        }
    }
    out
}

/// GoogleURLCanonicalizer.canonicalize.
fn google<T: Tracer>(h: &mut HandyUrl, tr: &mut T) {
    if let Some(hash) = h.hash.take() {
        changed(
            tr,
            StepId::SurtGoogleFragment,
            Component::Fragment,
            Some(&hash),
            None,
        );
    }
    if let Some(q) = h.query.as_deref().filter(|q| !q.is_empty()) {
        let escaped = escape_once(&unquote_repeatedly(q));
        changed(
            tr,
            StepId::SurtGoogleQuery,
            Component::Query,
            Some(q),
            Some(&escaped),
        );
        h.query = Some(escaped);
    }
    if let Some(raw) = h.host.clone().filter(|x| !x.is_empty()) {
        let mut host = unquote_repeatedly(&raw);
        changed(
            tr,
            StepId::SurtGoogleHostUnescape,
            Component::Host,
            Some(&raw),
            Some(&host),
        );
        if !host.is_ascii() {
            let text = decode_ignoring_errors(&host);
            match python_idna_encode(&text) {
                Ok(ascii) => {
                    changed(
                        tr,
                        StepId::SurtGoogleIdna,
                        Component::Host,
                        Some(&host),
                        Some(&ascii),
                    );
                    host = ascii;
                }
                Err(()) => tr.record(|| {
                    Step::new(StepId::SurtGoogleIdna)
                        .about(Component::Host)
                        .decide("the codec raises UnicodeError: the host stays as it was")
                }),
            }
        }
        let dotted_host = replace_double_dots(&host);
        let stripped = strip_dots(&dotted_host).to_vec();
        changed(
            tr,
            StepId::SurtGoogleDots,
            Component::Host,
            Some(&host),
            Some(&stripped),
        );
        let host = match ipv4_forms(&stripped) {
            Some(ip) => {
                changed(
                    tr,
                    StepId::SurtGoogleIp,
                    Component::Host,
                    Some(&stripped),
                    Some(ip.as_bytes()),
                );
                ip.into_bytes()
            }
            None => {
                let escaped = escape_once(&stripped.to_ascii_lowercase());
                changed(
                    tr,
                    StepId::SurtGoogleHostEscape,
                    Component::Host,
                    Some(&stripped),
                    Some(&escaped),
                );
                escaped
            }
        };
        h.host = Some(host);
    }
    let before = h.path.clone();
    let path = h.path.as_deref().map(unquote_repeatedly);
    let path = if h.host.as_deref().is_some_and(|x| !x.is_empty()) {
        Some(normalize_path(path.as_deref()))
    } else {
        path
    };
    h.path = path.map(|p| if p.is_empty() { p } else { escape_once(&p) });
    changed(
        tr,
        StepId::SurtGooglePath,
        Component::Path,
        before.as_deref(),
        h.path.as_deref(),
    );
}

/// `bytes.decode('utf-8', 'ignore')`.
fn decode_ignoring_errors(b: &[u8]) -> String {
    let mut out = String::new();
    for chunk in b.utf8_chunks() {
        out.push_str(chunk.valid());
    }
    out
}

/// `host.replace(b'..', b'.')`: each non-overlapping pair, left to right.
fn replace_double_dots(h: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(h.len());
    let mut i = 0;
    while i < h.len() {
        if h[i] == b'.' && h.get(i + 1) == Some(&b'.') {
            out.push(b'.');
            i += 2;
        } else {
            out.push(h[i]);
            i += 1;
        }
    }
    out
}

fn strip_dots(h: &[u8]) -> &[u8] {
    let start = h.iter().position(|&b| b != b'.').unwrap_or(h.len());
    let end = h.iter().rposition(|&b| b != b'.').map_or(start, |i| i + 1);
    &h[start..end]
}

/// `attemptIPFormats`: all digits, one 32-bit number (wrapped); a dotted
/// form of the DECIMAL_IP or OCTAL_IP pattern, what glibc's
/// `gethostbyname_ex` makes of it (inet_aton's reading; a form inet_aton
/// refuses goes to the DNS, which answers nothing for it: no address).
fn ipv4_forms(host: &[u8]) -> Option<String> {
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        // int(host) & 0xffffffff.
        return Some(dotted(big_mod_2_32(host)));
    }
    let decimal = matches_ip_pattern(
        host,
        |first| {
            first.first().is_some_and(|c| (b'1'..=b'9').contains(c))
                && first.iter().all(u8::is_ascii_digit)
        },
        u8::is_ascii_digit,
    );
    let octal = matches_ip_pattern(
        host,
        |first| first.first() == Some(&b'0') && first.iter().all(|c| (b'0'..=b'7').contains(c)),
        |c| (b'0'..=b'7').contains(c),
    );
    if decimal || octal {
        return inet_aton(host).map(dotted);
    }
    None
}

/// The value of a decimal string modulo 2^32.
fn big_mod_2_32(digits: &[u8]) -> u32 {
    let mut n: u64 = 0;
    for &d in digits {
        n = (n * 10 + u64::from(d - b'0')) % (1 << 32);
    }
    n as u32
}

/// `^(FIRST)(\.[rest]+)?(\.[rest]+)?(\.[rest]+)?$`.
fn matches_ip_pattern(
    host: &[u8],
    first: impl Fn(&[u8]) -> bool,
    rest: impl Fn(&u8) -> bool,
) -> bool {
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    parts.len() <= 4
        && first(parts[0])
        && parts[1..]
            .iter()
            .all(|p| !p.is_empty() && p.iter().all(&rest))
}

/// glibc's inet_aton: one to four parts, each decimal, octal (leading 0)
/// or hexadecimal (0x), the last filling the remaining bytes.
fn inet_aton(s: &[u8]) -> Option<u32> {
    let parts: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut values = Vec::with_capacity(4);
    for p in &parts {
        let (digits, radix) = if p.len() > 1 && (p.starts_with(b"0x") || p.starts_with(b"0X")) {
            (&p[2..], 16)
        } else if p.len() > 1 && p[0] == b'0' {
            (&p[1..], 8)
        } else {
            (&p[..], 10)
        };
        if p.is_empty() {
            return None;
        }
        let mut v: u64 = 0;
        for &c in digits {
            let d = (c as char).to_digit(radix)?;
            v = v.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
            if v > u64::from(u32::MAX) {
                return None;
            }
        }
        values.push(v);
    }
    let last = *values.last()?;
    let head = &values[..values.len() - 1];
    if head.iter().any(|&v| v > 255) {
        return None;
    }
    let room = 32 - 8 * head.len() as u32;
    if room < 32 && last >> room != 0 {
        return None;
    }
    let mut n: u64 = 0;
    for (i, &v) in head.iter().enumerate() {
        n |= v << (24 - 8 * i as u32);
    }
    Some((n | last) as u32)
}

fn dotted(v: u32) -> String {
    let b = v.to_be_bytes();
    format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])
}

/// `normalizePath`: dot-segments resolved, empty segments but the last
/// dropped; a `..` above the root kept.
fn normalize_path(path: Option<&[u8]>) -> Vec<u8> {
    let Some(path) = path.filter(|p| !p.is_empty()) else {
        return b"/".to_vec();
    };
    let mut kept: Vec<&[u8]> = Vec::new();
    for p in path.split(|&b| b == b'/').skip(1) {
        if p == b"." {
            continue;
        } else if p == b".." {
            if kept.is_empty() {
                kept.push(p);
            } else {
                kept.pop();
            }
        } else {
            kept.push(p);
        }
    }
    let mut out = b"/".to_vec();
    if let Some((last, init)) = kept.split_last() {
        for p in init {
            if !p.is_empty() {
                out.extend_from_slice(p);
                out.push(b'/');
            }
        }
        out.extend_from_slice(last);
    }
    out
}

/// IAURLCanonicalizer.canonicalize with its defaults but `host_massage`.
fn ia<T: Tracer>(h: &mut HandyUrl, options: &SurtOptions, tr: &mut T) {
    let host_before = h.host.clone();
    if let Some(host) = h.host.as_mut().filter(|x| !x.is_empty()) {
        host.make_ascii_lowercase();
    }
    // massageHost: ^www\d*\. (not for a dns: URL).
    if options.host_massage
        && h.scheme.as_deref() != Some(b"dns")
        && let Some(host) = h.host.as_mut().filter(|x| x.starts_with(b"www"))
    {
        let digits = host[3..].iter().take_while(|b| b.is_ascii_digit()).count();
        if host.get(3 + digits) == Some(&b'.') {
            host.drain(..4 + digits);
        }
    }
    changed(
        tr,
        StepId::SurtIaHost,
        Component::Host,
        host_before.as_deref(),
        h.host.as_deref(),
    );
    if let Some(scheme) = h.scheme.as_deref() {
        let default = match scheme.to_ascii_lowercase().as_slice() {
            b"http" => 80,
            b"https" => 443,
            _ => 0,
        };
        if h.port == Some(default) {
            h.port = None;
            tr.record(|| {
                Step::change(
                    StepId::SurtIaPort,
                    Component::Port,
                    Some(&default.to_string()),
                    None,
                )
            });
        }
    }
    let path_before = h.path.clone();
    let mut path = h.path.take();
    if let Some(p) = path.as_mut().filter(|p| !p.is_empty()) {
        p.make_ascii_lowercase();
        *p = strip_path_session_id(p);
    }
    if let Some(p) = path.as_mut().filter(|p| p.len() > 1 && p.ends_with(b"/")) {
        p.pop();
    }
    h.path = path;
    changed(
        tr,
        StepId::SurtIaPath,
        Component::Path,
        path_before.as_deref(),
        h.path.as_deref(),
    );
    match h.query.take() {
        Some(raw) if !raw.is_empty() => {
            let q = strip_query_session_id(&raw);
            let q = q.to_ascii_lowercase();
            let q = alpha_reorder(&q);
            h.query = (!q.is_empty()).then_some(q);
            changed(
                tr,
                StepId::SurtIaQuery,
                Component::Query,
                Some(&raw),
                h.query.as_deref(),
            );
        }
        _ => {
            if h.last_delimiter.take().is_some() {
                tr.record(|| {
                    Step::new(StepId::SurtIaQuery).decide("the '?' kept at the end is dropped")
                });
            }
        }
    }
}

/// URLRegexTransformer.py's `stripPathSessionID`: its two patterns (case
/// ignored), in turn, each `^(.*/)(ID/)([^?]+\.aspx.*)$` with the
/// session id `ID` dropped; the greedy `.*` makes the last `/` that works
/// the one.
fn strip_path_session_id(p: &[u8]) -> Vec<u8> {
    let once = strip_path_pattern(p, aspx_id_list);
    strip_path_pattern(&once, aspx_id_single)
}

fn strip_path_pattern(p: &[u8], id: fn(&[u8]) -> Option<usize>) -> Vec<u8> {
    for i in (0..p.len()).rev() {
        if p[i] != b'/' {
            continue;
        }
        let after = &p[i + 1..];
        if let Some(n) = id(after)
            && aspx_rest(&after[n..])
        {
            let mut out = p[..=i].to_vec();
            out.extend_from_slice(&after[n..]);
            return out;
        }
    }
    p.to_vec()
}

/// `\((?:[a-z]\([0-9a-z]{24}\))+\)/`: its length at the start of `s`.
fn aspx_id_list(s: &[u8]) -> Option<usize> {
    let mut at = 1;
    if s.first() != Some(&b'(') {
        return None;
    }
    let mut items = 0;
    while s.get(at).is_some_and(u8::is_ascii_alphabetic) && s.get(at + 1) == Some(&b'(') {
        let id = s.get(at + 2..at + 26)?;
        if !id.iter().all(u8::is_ascii_alphanumeric) || s.get(at + 26) != Some(&b')') {
            break;
        }
        at += 27;
        items += 1;
    }
    (items > 0 && s.get(at) == Some(&b')') && s.get(at + 1) == Some(&b'/')).then_some(at + 2)
}

/// `\([0-9a-z]{24}\)/`: its length at the start of `s`.
fn aspx_id_single(s: &[u8]) -> Option<usize> {
    let ok = s.first() == Some(&b'(')
        && s.get(1..25)
            .is_some_and(|id| id.iter().all(u8::is_ascii_alphanumeric))
        && s.get(25) == Some(&b')')
        && s.get(26) == Some(&b'/');
    ok.then_some(27)
}

/// `[^?]+\.aspx.*`: one or more characters other than `?`, then `.aspx`
/// (case ignored).
fn aspx_rest(s: &[u8]) -> bool {
    (1..s.len()).take_while(|&k| s[k - 1] != b'?').any(|k| {
        s.get(k..k + 5)
            .is_some_and(|w| w.eq_ignore_ascii_case(b".aspx"))
    })
}

/// URLRegexTransformer.py's `stripQuerySessionID`: its five patterns (case
/// ignored), in turn, each `^(.*)(?:ID)(?:&(.*))?$`: the last place where
/// the id is followed by the end or by `&`, the id and its `&` dropped.
fn strip_query_session_id(q: &[u8]) -> Vec<u8> {
    let mut q = q.to_vec();
    for id in [
        (|s: &[u8]| named_token(s, b"jsessionid=", 32)) as fn(&[u8]) -> Option<usize>,
        |s| named_token(s, b"phpsessid=", 32),
        |s| named_token(s, b"sid=", 32),
        asp_session,
        cold_fusion,
    ] {
        q = strip_query_pattern(&q, id);
    }
    q
}

fn strip_query_pattern(q: &[u8], id: fn(&[u8]) -> Option<usize>) -> Vec<u8> {
    for i in (0..=q.len()).rev() {
        let Some(n) = id(&q[i..]) else { continue };
        let rest = &q[i + n..];
        if rest.is_empty() {
            return q[..i].to_vec();
        }
        if rest[0] == b'&' {
            let mut out = q[..i].to_vec();
            out.extend_from_slice(&rest[1..]);
            return out;
        }
    }
    q.to_vec()
}

/// `NAME` then exactly `len` letters or digits (a longer run is another
/// token: the pattern needs the end or `&` after them).
fn named_token(s: &[u8], name: &[u8], len: usize) -> Option<usize> {
    let head = s.get(..name.len())?;
    if !head.eq_ignore_ascii_case(name) {
        return None;
    }
    let id = s.get(name.len()..name.len() + len)?;
    id.iter()
        .all(u8::is_ascii_alphanumeric)
        .then_some(name.len() + len)
}

/// `ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24}`.
fn asp_session(s: &[u8]) -> Option<usize> {
    let head = s.get(..12)?;
    let ok = head.eq_ignore_ascii_case(b"ASPSESSIONID")
        && s.get(12..20)?.iter().all(u8::is_ascii_alphabetic)
        && s.get(20) == Some(&b'=')
        && s.get(21..45)?.iter().all(u8::is_ascii_alphabetic);
    ok.then_some(45)
}

/// `cfid=[^&]+&cftoken=[^&]+`: each value runs to the next `&` or the end.
fn cold_fusion(s: &[u8]) -> Option<usize> {
    if !s.get(..5)?.eq_ignore_ascii_case(b"cfid=") {
        return None;
    }
    let v1 = s[5..].iter().take_while(|&&b| b != b'&').count();
    if v1 == 0 {
        return None;
    }
    let at = 5 + v1;
    if !s.get(at..at + 9)?.eq_ignore_ascii_case(b"&cftoken=") {
        return None;
    }
    let v2 = s[at + 9..].iter().take_while(|&&b| b != b'&').count();
    (v2 > 0).then_some(at + 9 + v2)
}

/// `alphaReorderQuery`: the `&`-separated arguments sorted as tuples of
/// (name, value), a name without `=` before the same name with one.
fn alpha_reorder(q: &[u8]) -> Vec<u8> {
    if q.len() <= 1 {
        return q.to_vec();
    }
    let mut args: Vec<(&[u8], Option<&[u8]>)> = q
        .split(|&b| b == b'&')
        .map(|a| match a.iter().position(|&b| b == b'=') {
            Some(i) => (&a[..i], Some(&a[i + 1..])),
            None => (a, None),
        })
        .collect();
    args.sort();
    let mut out = Vec::with_capacity(q.len());
    for (i, (name, value)) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(v) = value {
            out.push(b'=');
            out.extend_from_slice(v);
        }
    }
    out
}

impl HandyUrl {
    /// `geturl_bytes(surt=True, ...)` with the options' switches.
    fn surt_bytes(&self, options: &SurtOptions) -> Vec<u8> {
        let scheme = self.scheme.as_deref().unwrap_or_default();
        let host = self
            .host
            .as_deref()
            .filter(|h| !h.is_empty())
            .map(|h| host_to_surt(h, options.reverse_ipaddr));
        let mut s = Vec::new();
        if options.with_scheme {
            s.extend_from_slice(scheme);
            s.push(b':');
            if host.is_some() {
                if scheme != b"dns" {
                    s.extend_from_slice(b"//");
                }
                s.push(b'(');
            }
        } else if host.is_none() {
            s.extend_from_slice(scheme);
            s.push(b':');
        }
        if let Some(host) = host {
            // The IA canonicalizer has already stripped the user and
            // password (auth_strip_user), so none is written here.
            s.extend_from_slice(&host);
            if let Some(p) = self.port {
                s.extend_from_slice(format!(":{p}").as_bytes());
            }
            if options.trailing_comma {
                s.push(b',');
            }
            s.push(b')');
        }
        match self.path.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => s.extend_from_slice(p),
            None if self.query.is_some() || self.hash.is_some() => s.push(b'/'),
            None => {}
        }
        if let Some(q) = &self.query {
            s.push(b'?');
            s.extend_from_slice(q);
        }
        if let Some(hash) = &self.hash {
            s.push(b'#');
            s.extend_from_slice(hash);
        }
        if let Some(d) = self.last_delimiter {
            s.extend_from_slice(d);
        }
        s
    }

    /// The canonicalized parts, as text (bytes that are not UTF-8 shown
    /// as U+FFFD).
    fn components(&self) -> Vec<(Component, String)> {
        let port = self.port.map(|p| p.to_string().into_bytes());
        [
            (Component::Scheme, self.scheme.as_deref()),
            (
                Component::Host,
                self.host.as_deref().filter(|h| !h.is_empty()),
            ),
            (Component::Port, port.as_deref()),
            (
                Component::Path,
                self.path.as_deref().filter(|p| !p.is_empty()),
            ),
            (Component::Query, self.query.as_deref()),
            (Component::Fragment, self.hash.as_deref()),
        ]
        .into_iter()
        .filter_map(|(c, v)| v.map(|v| (c, shown(v))))
        .collect()
    }
}

/// URLRegexTransformer.py's `hostToSURT`: the labels reversed and joined
/// by commas, unless `reverse_ipaddr` is off and the host is a dotted
/// address (`(?:(?:\d{1,3}\.){3}\d{1,3})$`, from the start).
fn host_to_surt(host: &[u8], reverse_ipaddr: bool) -> Vec<u8> {
    let dotted = || {
        let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
        parts.len() == 4
            && parts
                .iter()
                .all(|p| (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit))
    };
    if !reverse_ipaddr && dotted() {
        return host.to_vec();
    }
    let mut labels: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    labels.reverse();
    labels.join(&b","[..])
}
