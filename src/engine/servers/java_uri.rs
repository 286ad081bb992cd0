//! OpenJDK 17's `java.net.URI`, modelled: `new URI(input)`, or with a base
//! `new URI(base).resolve(new URI(input))`, then the getters a program
//! reads.
//!
//! The request is the project's definition (`scripts/servers/JavaRunner.java`):
//! the URI is built, then `toString()` (which fixes the string of a
//! resolved URI), `toASCIIString()`, `getScheme()`,
//! `getRawSchemeSpecificPart()`, `getRawAuthority()`, `getRawUserInfo()`,
//! `getHost()`, `getPort()`, `getRawPath()`, `getPath()`, `getRawQuery()`,
//! `getRawFragment()`, `isOpaque()` and `isAbsolute()` are read ([`Uri`]'s
//! methods). A refusal is a [`UriError`]: `URISyntaxException` with the
//! library's reason, UTF-16 index and input, or (once, deep in an IPv6
//! address) a `NumberFormatException` that escapes the constructor.
//!
//! Source: `java.base/share/classes/java/net/URI.java` of OpenJDK 17.0.19
//! (Debian's `openjdk-17-source`); the runtime is 17.0.15, and the 17.0.19
//! class patched into it answers every committed request byte for byte as
//! 17.0.15's does (see `java_common`'s module doc).
//!
//! | `java/net/URI.java` | here |
//! |---|---|
//! | `URI(String)`, `Parser.parse` | [`parse`], `Parser::parse` |
//! | `Parser.parseHierarchical`, `parseAuthority`, `parseServer` | `Parser::hierarchical`, `Parser::authority`, `Parser::server` |
//! | `Parser.parseIPv4Address`, `scanIPv4Address`, `takeIPv4Address`, `scanByte` | `Parser::ipv4`, `Parser::scan_ipv4`, `Parser::take_ipv4`, `Parser::scan_byte` |
//! | `Parser.parseHostname` | `Parser::hostname` |
//! | `Parser.parseIPv6Reference`, `scanHexPost`, `scanHexSeq` | `Parser::ipv6`, `Parser::hex_post`, `Parser::hex_seq` |
//! | `Parser.scan`, `scanEscape`, `checkChars`, `match` and the `L_*`/`H_*` masks | `Parser::scan_mask`, `Parser::escape`, `Parser::check`, [`Mask`] |
//! | `resolve(URI, URI)`, `resolvePath` | [`resolve`], `resolve_path` |
//! | `normalize(String)`, `needsNormalization`, `split`, `removeDots`, `maybeAddLeadingDot`, `join` | `normalize` and its helpers |
//! | `defineString` (`toString`), `toASCIIString` (`encode`) | [`Uri::to_java_string`], [`Uri::to_ascii_string`] |
//! | `getRawSchemeSpecificPart`, `getPath` (`decode`) | [`Uri::raw_ssp`], [`Uri::decoded_path`] |
//!
//! Positions are byte offsets into the UTF-8 text; Java's are UTF-16
//! indexes, converted only for a message. Every component of a parsed URI
//! borrows its input; resolution builds a new path only when it merges or
//! normalizes one, as `resolvePath` does. Each decision is a step under
//! [`Stage::JavaUri`](crate::engine::Stage::JavaUri).

use std::borrow::Cow;
use std::fmt;

use unicode_normalization::UnicodeNormalization;

pub use super::java_common::Where;
use super::java_common::{
    NumberFormat, is_iso_control, is_space_char, parse_int, utf8_decode_java, utf16_index,
};
use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// A pair of masks over ASCII, as `URI`'s `L_*` and `H_*` constants: bit
/// `c` of `low` for `c < 64`, bit `c - 64` of `high` for `c < 128`. Bit 0
/// of `low` (`L_ESCAPED`) means escapes and visible non-ASCII characters
/// are allowed as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask {
    low: u64,
    high: u64,
}

impl Mask {
    const fn or(self, o: Mask) -> Mask {
        Mask {
            low: self.low | o.low,
            high: self.high | o.high,
        }
    }

    /// `URI.match`: NUL and every non-ASCII character never match.
    fn has(self, c: char) -> bool {
        let c = c as u32;
        if c == 0 {
            false
        } else if c < 64 {
            (1u64 << c) & self.low != 0
        } else if c < 128 {
            (1u64 << (c - 64)) & self.high != 0
        } else {
            false
        }
    }

    fn escapes(self) -> bool {
        self.low & L_ESCAPED != 0
    }
}

const L_ESCAPED: u64 = 1;
const DIGIT: Mask = Mask {
    low: 0x03FF_0000_0000_0000,
    high: 0,
};
const ALPHA: Mask = Mask {
    low: 0,
    high: 0x07FF_FFFE_07FF_FFFE,
};
const ALPHANUM: Mask = DIGIT.or(ALPHA);
const HEX: Mask = Mask {
    low: 0x03FF_0000_0000_0000,
    high: 0x7E_0000_007E,
};
const MARK: Mask = Mask {
    low: 0x6782_0000_0000,
    high: 0x4000_0000_8000_0000,
};
const UNRESERVED: Mask = ALPHANUM.or(MARK);
const RESERVED: Mask = Mask {
    low: 0xAC00_9850_0000_0000,
    high: 0x2800_0001,
};
const ESCAPED: Mask = Mask {
    low: L_ESCAPED,
    high: 0,
};
const URIC: Mask = RESERVED.or(UNRESERVED).or(ESCAPED);
const PCHAR: Mask = UNRESERVED.or(ESCAPED).or(Mask {
    low: 0x2400_1850_0000_0000,
    high: 1,
});
const PATH: Mask = PCHAR.or(Mask {
    low: 0x0800_8000_0000_0000,
    high: 0,
});
const DASH: Mask = Mask {
    low: 0x2000_0000_0000,
    high: 0,
};
const DOT: Mask = Mask {
    low: 0x4000_0000_0000,
    high: 0,
};
const USERINFO: Mask = UNRESERVED.or(ESCAPED).or(Mask {
    low: 0x2C00_1850_0000_0000,
    high: 0,
});
const REG_NAME: Mask = UNRESERVED.or(ESCAPED).or(Mask {
    low: 0x2C00_1850_0000_0000,
    high: 1,
});
const SERVER: Mask = USERINFO.or(ALPHANUM).or(DASH).or(Mask {
    low: 0x0400_4000_0000_0000,
    high: 0x2800_0001,
});
const SERVER_PERCENT: Mask = SERVER.or(Mask {
    low: 0x20_0000_0000,
    high: 0,
});
const SCHEME: Mask = ALPHA.or(DIGIT).or(Mask {
    low: 0x6800_0000_0000,
    high: 0,
});
const SCOPE_ID: Mask = ALPHANUM.or(Mask {
    low: 0x4000_0000_0000,
    high: 0x8000_0000,
});

/// What a constructor threw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Thrown {
    /// `URISyntaxException(input, reason, index)`; `index` in UTF-16 units,
    /// `None` for the `-1` of the two-argument constructor.
    Syntax {
        reason: Cow<'static, str>,
        index: Option<usize>,
    },
    /// `Integer.parseInt` on a decimal run too long for an `int` inside
    /// an IPv6 address's IPv4 tail: `parseAuthority` catches only
    /// `URISyntaxException`, so this escapes `new URI`.
    Number(NumberFormat),
}

/// A failed request: what was thrown, by which constructor, on which text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UriError<'a> {
    pub at: Where,
    pub thrown: Thrown,
    /// The string the constructor was given.
    pub input: &'a str,
}

/// `exception.getClass().getName() + ": " + getMessage()`, as the runner
/// writes it.
impl fmt::Display for UriError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.thrown {
            Thrown::Syntax { reason, index } => {
                write!(f, "java.net.URISyntaxException: {reason}")?;
                if let Some(i) = index {
                    write!(f, " at index {i}")?;
                }
                write!(f, ": {}", self.input)
            }
            Thrown::Number(n) => write!(f, "java.lang.NumberFormatException: {}", n.0),
        }
    }
}

/// A failure inside the parser: a byte offset still, or the number error.
#[derive(Clone, Debug)]
enum Fail {
    Syntax {
        reason: Cow<'static, str>,
        at: Option<usize>,
    },
    Number(NumberFormat),
}

fn fail<T>(reason: impl Into<Cow<'static, str>>, at: usize) -> Result<T, Fail> {
    Err(Fail::Syntax {
        reason: reason.into(),
        at: Some(at),
    })
}

fn expecting<T>(what: &'static str, at: usize) -> Result<T, Fail> {
    fail(format!("Expected {what}"), at)
}

/// A URI's fields, as `URI` keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uri<'a> {
    /// The string it was parsed from; `None` for one `resolve` built,
    /// whose string `defineString` writes.
    pub string: Option<&'a str>,
    pub scheme: Option<&'a str>,
    /// The opaque part (`schemeSpecificPart` as the parser sets it).
    pub opaque_part: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub user_info: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: i32,
    /// `None`: opaque.
    pub path: Option<Cow<'a, str>>,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> Uri<'a> {
    fn empty() -> Uri<'a> {
        Uri {
            string: None,
            scheme: None,
            opaque_part: None,
            authority: None,
            user_info: None,
            host: None,
            port: -1,
            path: None,
            query: None,
            fragment: None,
        }
    }

    /// `isOpaque()`.
    pub fn is_opaque(&self) -> bool {
        self.path.is_none()
    }

    /// `isAbsolute()`.
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }

    /// `getRawPath()`.
    pub fn raw_path(&self) -> Option<&str> {
        self.path.as_deref()
    }

    /// `toString()`: the parsed string, or `defineString`'s.
    pub fn to_java_string<T: Tracer>(&self, tracer: &mut T) -> Cow<'a, str> {
        if let Some(s) = self.string {
            tracer.record(|| {
                Step::new(StepId::JavaUriToString).decide("the string it was parsed from, as it is")
            });
            return Cow::Borrowed(s);
        }
        // URI.defineString
        let mut sb = String::with_capacity(64);
        if let Some(scheme) = self.scheme {
            sb.push_str(scheme);
            sb.push(':');
        }
        match &self.path {
            None => sb.push_str(self.opaque_part.unwrap_or("")),
            Some(path) => {
                if let Some(host) = self.host {
                    sb.push_str("//");
                    if let Some(u) = self.user_info {
                        sb.push_str(u);
                        sb.push('@');
                    }
                    let brackets =
                        host.contains(':') && !host.starts_with('[') && !host.ends_with(']');
                    if brackets {
                        sb.push('[');
                    }
                    sb.push_str(host);
                    if brackets {
                        sb.push(']');
                    }
                    if self.port != -1 {
                        sb.push(':');
                        sb.push_str(&self.port.to_string());
                    }
                } else if let Some(a) = self.authority {
                    sb.push_str("//");
                    sb.push_str(a);
                }
                sb.push_str(path);
                if let Some(q) = self.query {
                    sb.push('?');
                    sb.push_str(q);
                }
            }
        }
        if let Some(f) = self.fragment {
            sb.push('#');
            sb.push_str(f);
        }
        tracer.record(|| {
            Step {
                after: Some(sb.clone()),
                changes: true,
                ..Step::new(StepId::JavaUriToString)
            }
            .decide("built by defineString from the resolved components, nothing quoted")
        });
        Cow::Owned(sb)
    }

    /// `getRawSchemeSpecificPart()` once `toString()` has given `string`:
    /// the opaque part, or the string less the scheme and the fragment.
    pub fn raw_ssp<'s>(&'s self, string: &'s str) -> &'s str {
        if let Some(part) = self.opaque_part {
            return part;
        }
        let start = self.scheme.map_or(0, |s| s.len() + 1);
        let end = string.len() - self.fragment.map_or(0, |f| f.len() + 1);
        match &self.path {
            Some(p) if p.len() == end.saturating_sub(start) => p,
            _ => string.get(start..end).unwrap_or(""),
        }
    }

    /// `getPath()`: the raw path with its escapes decoded.
    pub fn decoded_path(&self) -> Option<Cow<'_, str>> {
        self.path.as_deref().map(|p| decode(p, true))
    }

    /// `toASCIIString()`: `encode(toString())`.
    pub fn to_ascii_string<'s, T: Tracer>(string: &'s str, tracer: &mut T) -> Cow<'s, str> {
        let out = encode(string);
        tracer.record(|| {
            Step::new(StepId::JavaUriToAscii).decide(if matches!(out, Cow::Borrowed(_)) {
                "all ASCII: the string as it is".to_owned()
            } else {
                format!("NFC, then every non-ASCII byte of its UTF-8 escaped: {out}")
            })
        });
        out
    }
}

/// `URI.encode`: a string with no character above U+007F comes back as
/// it is; else it is NFC-normalized and every byte of its UTF-8 at or
/// above 0x80 written `%XX` (upper-case hex).
fn encode(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return Cow::Borrowed(s);
    }
    let nfc: String = s.nfc().collect();
    let mut out = String::with_capacity(nfc.len() * 2);
    for b in nfc.bytes() {
        if b >= 0x80 {
            push_escape(&mut out, b);
        } else {
            out.push(char::from(b));
        }
    }
    Cow::Owned(out)
}

fn push_escape(out: &mut String, b: u8) {
    const HEXU: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEXU[usize::from(b >> 4)]));
    out.push(char::from(HEXU[usize::from(b & 15)]));
}

fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

/// `URI.decode(s, ignorePercentInBrackets)`: each run of `%XX` escapes
/// becomes its bytes read as UTF-8, a malformed sequence as U+FFFD; with
/// the flag, a `%` between `[` and `]` is left alone.
fn decode(s: &str, ignore_in_brackets: bool) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut between = false;
    let mut i = 0;
    let mut plain = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'[' {
            between = true;
        } else if between && c == b']' {
            between = false;
        }
        if c != b'%' || (between && ignore_in_brackets) {
            i += 1;
            continue;
        }
        // (the parser let only well-formed escapes through; a '%' without
        // two characters after it stays as it is)
        if i + 3 > b.len() {
            i += 1;
            continue;
        }
        out.push_str(s.get(plain..i).unwrap_or(""));
        let mut bytes = Vec::new();
        while i + 3 <= b.len() && b[i] == b'%' {
            bytes.push((hex_value(b[i + 1]) << 4) | hex_value(b[i + 2]));
            i += 3;
        }
        out.push_str(&utf8_decode_java(&bytes));
        plain = i;
    }
    out.push_str(s.get(plain..).unwrap_or(""));
    Cow::Owned(out)
}

/// `new URI(input)`.
pub fn parse<'a, T: Tracer>(
    input: &'a str,
    at: Where,
    tracer: &mut T,
) -> Result<Uri<'a>, UriError<'a>> {
    let mut parser = Parser {
        s: input,
        b: input.as_bytes(),
        ipv6_bytes: 0,
        uri: Uri::empty(),
        tracer,
    };
    match parser.parse() {
        Ok(()) => {
            let mut uri = parser.uri;
            uri.string = Some(input);
            Ok(uri)
        }
        Err(f) => {
            let thrown = match f {
                Fail::Syntax { reason, at: pos } => Thrown::Syntax {
                    reason,
                    index: pos.map(|p| utf16_index(input, p)),
                },
                Fail::Number(n) => Thrown::Number(n),
            };
            let error = UriError { at, thrown, input };
            parser.tracer.record(|| {
                Step::new(StepId::JavaUriFail)
                    .decide(error.to_string())
                    .fail()
            });
            Err(error)
        }
    }
}

/// The request: `new URI(input)`, or `new URI(base).resolve(new URI(input))`.
pub fn request<'a, T: Tracer>(
    input: &'a str,
    base: Option<&'a str>,
    tracer: &mut T,
) -> Result<Uri<'a>, UriError<'a>> {
    match base {
        None => parse(input, Where::Input, tracer),
        Some(base) => {
            let b = parse(base, Where::Base, &mut OfBase(tracer))?;
            let child = parse(input, Where::Input, tracer)?;
            Ok(resolve(b, child, tracer))
        }
    }
}

struct Parser<'a, 't, T> {
    s: &'a str,
    b: &'a [u8],
    /// `ipv6byteCount`, kept across the IPv6 scanners.
    ipv6_bytes: u32,
    uri: Uri<'a>,
    tracer: &'t mut T,
}

impl<'a, T: Tracer> Parser<'a, '_, T> {
    fn at(&self, p: usize, n: usize, c: u8) -> bool {
        p < n && self.b.get(p) == Some(&c)
    }

    fn at_str(&self, p: usize, n: usize, s: &[u8]) -> bool {
        s.len() <= n.saturating_sub(p) && self.b.get(p..p + s.len()) == Some(s)
    }

    fn char_at(&self, p: usize) -> char {
        self.s
            .get(p..)
            .and_then(|t| t.chars().next())
            .unwrap_or('\0')
    }

    fn text(&self, from: usize, to: usize) -> &'a str {
        self.s.get(from..to).unwrap_or("")
    }

    /// `scan(start, end, c)`.
    fn scan_char(&self, p: usize, n: usize, c: u8) -> usize {
        if self.at(p, n, c) { p + 1 } else { p }
    }

    /// `scan(start, end, stop)`: the first byte of `stop`, or `n`.
    fn scan_stop(&self, p: usize, n: usize, stop: &[u8]) -> usize {
        self.b
            .get(p..n)
            .and_then(|t| t.iter().position(|c| stop.contains(c)))
            .map_or(n, |i| p + i)
    }

    /// `scan(start, end, err, stop)`: `None` (Java's -1) at a byte of `err`.
    fn scan_err_stop(&self, p: usize, n: usize, err: &[u8], stop: &[u8]) -> Option<usize> {
        let mut q = p;
        while q < n {
            let c = self.b[q];
            if err.contains(&c) {
                return None;
            }
            if stop.contains(&c) {
                break;
            }
            q += 1;
        }
        Some(q)
    }

    /// `scanEscape`: past a valid `%XX`, or past a visible non-ASCII
    /// character (above U+0080, not a space, not a control).
    fn escape(&self, p: usize, n: usize, c: char) -> Result<usize, Fail> {
        if c == '%' {
            if p + 3 <= n
                && self.b.get(p + 1).is_some_and(u8::is_ascii_hexdigit)
                && self.b.get(p + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                return Ok(p + 3);
            }
            return fail("Malformed escape pair", p);
        }
        if (c as u32) > 128 && !is_space_char(c) && !is_iso_control(c) {
            return Ok(p + c.len_utf8());
        }
        Ok(p)
    }

    /// `scan(start, n, lowMask, highMask)`.
    fn scan_mask(&self, start: usize, n: usize, mask: Mask) -> Result<usize, Fail> {
        let mut p = start;
        while p < n {
            let c = self.char_at(p);
            if mask.has(c) {
                p += 1;
                continue;
            }
            if mask.escapes() {
                let q = self.escape(p, n, c)?;
                if q > p {
                    p = q;
                    continue;
                }
            }
            break;
        }
        Ok(p)
    }

    /// `checkChars(start, end, mask, what)`.
    fn check(&self, start: usize, end: usize, mask: Mask, what: &'static str) -> Result<(), Fail> {
        let p = self.scan_mask(start, end, mask)?;
        if p < end {
            return fail(format!("Illegal character in {what}"), p);
        }
        Ok(())
    }

    /// `Parser.parse`: `[scheme:]scheme-specific-part[#fragment]`.
    fn parse(&mut self) -> Result<(), Fail> {
        let n = self.b.len();
        let colon = self.scan_err_stop(0, n, b"/?#", b":");
        let mut p = match colon {
            Some(p) if self.at(p, n, b':') => {
                if p == 0 {
                    return expecting("scheme name", 0);
                }
                self.check(0, 1, ALPHA, "scheme name")?;
                self.check(1, p, SCHEME, "scheme name")?;
                let scheme = self.text(0, p);
                self.uri.scheme = Some(scheme);
                let p = p + 1;
                let hierarchical = self.at(p, n, b'/');
                self.tracer.record(|| {
                    Step::change(StepId::JavaUriScheme, Component::Scheme, None, Some(scheme))
                        .decide(if hierarchical {
                            "a '/' follows the colon: hierarchical"
                        } else {
                            "no '/' after the colon: opaque"
                        })
                });
                if hierarchical {
                    self.hierarchical(p, n)?
                } else {
                    // opaque: everything up to '#' is the scheme-specific part
                    let q = self.scan_stop(p, n, b"#");
                    if q <= p {
                        return expecting("scheme-specific part", p);
                    }
                    self.check(p, q, URIC, "opaque part")?;
                    let part = self.text(p, q);
                    self.uri.opaque_part = Some(part);
                    self.tracer.record(|| {
                        Step::change(StepId::JavaUriOpaque, Component::Path, None, Some(part))
                            .decide("no authority, no path: getHost() is null")
                    });
                    q
                }
            }
            _ => {
                self.tracer.record(|| {
                    Step::new(StepId::JavaUriScheme)
                        .decide("no ':' before the first '/', '?' or '#': a relative reference")
                });
                self.hierarchical(0, n)?
            }
        };
        if self.at(p, n, b'#') {
            self.check(p + 1, n, URIC, "fragment")?;
            let f = self.text(p + 1, n);
            self.uri.fragment = Some(f);
            self.tracer.record(|| {
                Step::change(StepId::JavaUriFragment, Component::Fragment, None, Some(f))
            });
            p = n;
        }
        if p < n {
            return fail("end of URI", p);
        }
        Ok(())
    }

    /// `parseHierarchical`: `[//authority]path[?query]`.
    fn hierarchical(&mut self, start: usize, n: usize) -> Result<usize, Fail> {
        let mut p = start;
        if self.at(p, n, b'/') && self.at(p + 1, n, b'/') {
            p += 2;
            let q = self.scan_stop(p, n, b"/?#");
            let text = self.text(p, q);
            self.tracer.record(|| {
                Step::change(StepId::JavaUriAuthority, Component::Host, None, Some(text)).decide(
                    if q > p {
                        "'//': the authority runs to the next '/', '?' or '#'"
                    } else {
                        "'//' and an empty authority: no host at all"
                    },
                )
            });
            if q > p {
                p = self.authority(p, q)?;
            } else if q >= n {
                return expecting("authority", p);
            }
        }
        let q = self.scan_stop(p, n, b"?#");
        self.check(p, q, PATH, "path")?;
        let path = self.text(p, q);
        self.uri.path = Some(Cow::Borrowed(path));
        self.tracer
            .record(|| Step::change(StepId::JavaUriPath, Component::Path, None, Some(path)));
        p = q;
        if self.at(p, n, b'?') {
            p += 1;
            let q = self.scan_stop(p, n, b"#");
            self.check(p, q, URIC, "query")?;
            let query = self.text(p, q);
            self.uri.query = Some(query);
            self.tracer
                .record(|| Step::change(StepId::JavaUriQuery, Component::Query, None, Some(query)));
            p = q;
        }
        Ok(p)
    }

    /// `parseAuthority`: a server (`[userinfo@]host[:port]`) when the whole
    /// authority parses as one, else a registry name, else the error.
    fn authority(&mut self, start: usize, n: usize) -> Result<usize, Fail> {
        let p = start;
        // the test for ']' passes unless the authority starts with one
        let server_chars = if self.scan_stop(p, n, b"]") > p {
            self.scan_mask(p, n, SERVER_PERCENT)? == n
        } else {
            self.scan_mask(p, n, SERVER)? == n
        };
        let reg_chars = self.scan_mask(p, n, REG_NAME)? == n;
        let text = self.text(p, n);
        if reg_chars && !server_chars {
            self.uri.authority = Some(text);
            self.tracer.record(|| {
                Step::change(StepId::JavaUriServer, Component::Host, Some(text), None).decide(
                    "registry characters only: a registry-based authority, getHost() is null",
                )
            });
            return Ok(n);
        }
        let skip = reg_chars;
        let mut q = p;
        let mut saved: Option<Fail> = None;
        if server_chars {
            match self.server(p, n, skip) {
                Ok(end) if end < n => {
                    if skip {
                        self.uri.user_info = None;
                        self.uri.host = None;
                        self.uri.port = -1;
                        q = p;
                    } else {
                        saved = Some(Fail::Syntax {
                            reason: "Expected end of authority".into(),
                            at: Some(end),
                        });
                        self.uri.user_info = None;
                        self.uri.host = None;
                        self.uri.port = -1;
                        q = p;
                    }
                }
                Ok(_) => {
                    self.uri.authority = Some(text);
                    q = n;
                }
                Err(Fail::Number(e)) => return Err(Fail::Number(e)),
                Err(e) => {
                    self.uri.user_info = None;
                    self.uri.host = None;
                    self.uri.port = -1;
                    saved = Some(e);
                    q = p;
                }
            }
        }
        if q < n {
            if reg_chars {
                self.uri.authority = Some(text);
                self.tracer.record(|| {
                    Step::change(StepId::JavaUriServer, Component::Host, Some(text), None).decide(
                        "it does not parse as a server, but holds only registry characters: a registry-based authority, getHost() is null",
                    )
                });
            } else if let Some(e) = saved {
                return Err(e);
            } else {
                return fail("Illegal character in authority", q);
            }
        } else {
            let host = self.uri.host;
            self.tracer.record(|| {
                Step::change(StepId::JavaUriServer, Component::Host, Some(text), host)
                    .decide("the whole authority parses as a server: getHost() is its host")
            });
        }
        Ok(n)
    }

    /// `parseServer`: `[userinfo@]host[:port]`.
    fn server(&mut self, start: usize, n: usize, skip: bool) -> Result<usize, Fail> {
        let mut p = start;
        // userinfo: up to the first '@'
        if let Some(q) = self.scan_err_stop(p, n, b"/?#", b"@")
            && self.at(q, n, b'@')
        {
            self.check(p, q, USERINFO, "user info")?;
            let user = self.text(p, q);
            self.uri.user_info = Some(user);
            self.tracer.record(|| {
                Step::change(StepId::JavaUriUserInfo, Component::User, None, Some(user))
                    .decide("the text before the first '@'")
            });
            p = q + 1;
        }
        if self.at(p, n, b'[') {
            p += 1;
            let q = self.scan_err_stop(p, n, b"/?#", b"]").unwrap_or(n);
            if q > p && self.at(q, n, b']') {
                let r = self.scan_stop(p, q, b"%");
                if r > p {
                    self.ipv6(p, r)?;
                    if r + 1 == q {
                        return Err(Fail::Syntax {
                            reason: "scope id expected".into(),
                            at: None,
                        });
                    }
                    self.check((r + 1).min(q), q, SCOPE_ID, "scope id")?;
                } else {
                    self.ipv6(p, q)?;
                }
                let host = self.text(p - 1, q + 1);
                self.uri.host = Some(host);
                self.tracer.record(|| {
                    Step::change(StepId::JavaUriHost, Component::Host, None, Some(host))
                        .decide("an IPv6 reference, brackets kept")
                });
                p = q + 1;
            } else {
                return expecting("closing bracket for IPv6 address", q);
            }
        } else {
            let mut q = self.ipv4(p, n);
            if q.is_none_or(|q| q <= p) {
                q = Some(self.hostname(p, n, skip)?);
            } else {
                let host = self.uri.host;
                self.tracer.record(|| {
                    Step::change(StepId::JavaUriHost, Component::Host, None, host)
                        .decide("four dotted decimal bytes: an IPv4 address")
                });
            }
            p = q.unwrap_or(p);
        }
        // port
        if self.at(p, n, b':') {
            p += 1;
            let q = self.scan_stop(p, n, b"/");
            if q > p {
                self.check(p, q, DIGIT, "port number")?;
                let text = self.text(p, q);
                match parse_int(text) {
                    Ok(port) => self.uri.port = port,
                    Err(_) => return fail("Malformed port number", p),
                }
                let port = self.uri.port;
                self.tracer.record(|| {
                    Step::change(
                        StepId::JavaUriPort,
                        Component::Port,
                        Some(text),
                        Some(&port.to_string()),
                    )
                });
                p = q;
            }
        } else if p < n && skip {
            return Ok(p);
        }
        if p < n {
            return expecting("port number", p);
        }
        Ok(p)
    }

    /// `scanByte`: a run of digits whose value fits a byte.
    fn scan_byte(&self, start: usize, n: usize) -> Result<usize, Fail> {
        let q = self.scan_mask(start, n, DIGIT)?;
        if q <= start {
            return Ok(q);
        }
        let v = parse_int(self.text(start, q)).map_err(Fail::Number)?;
        Ok(if v > 255 { start } else { q })
    }

    /// `scanIPv4Address`: `None` when the text does not start with digits
    /// and dots (or, strict, is not only those); an error when it does but
    /// is no address.
    fn scan_ipv4(&self, start: usize, n: usize, strict: bool) -> Result<Option<usize>, Fail> {
        let m = self.scan_mask(start, n, DIGIT.or(DOT))?;
        if m <= start || (strict && m != n) {
            return Ok(None);
        }
        let mut p = start;
        // four bytes and three dots, each step's failure leaving q where
        // Java's message points
        let mut q = self.scan_byte(p, m)?;
        'address: {
            if q <= p {
                break 'address;
            }
            p = q;
            for _ in 0..3 {
                q = self.scan_char(p, m, b'.');
                if q <= p {
                    break 'address;
                }
                p = q;
                q = self.scan_byte(p, m)?;
                if q <= p {
                    break 'address;
                }
                p = q;
            }
            if q >= m {
                return Ok(Some(q));
            }
        }
        fail("Malformed IPv4 address", q)
    }

    /// `takeIPv4Address`: the whole interval must be an IPv4 address.
    fn take_ipv4(&self, start: usize, n: usize, expected: &'static str) -> Result<usize, Fail> {
        match self.scan_ipv4(start, n, true)? {
            Some(p) if p > start => Ok(p),
            _ => expecting(expected, start),
        }
    }

    /// `parseIPv4Address`: an IPv4 address followed by nothing or ':',
    /// as the host; `None` (Java's -1) otherwise, errors swallowed.
    fn ipv4(&mut self, start: usize, n: usize) -> Option<usize> {
        let p = self.scan_ipv4(start, n, false).ok()??;
        if p > start && p < n && self.b[p] != b':' {
            return None;
        }
        if p > start {
            self.uri.host = Some(self.text(start, p));
        }
        Some(p)
    }

    /// `parseHostname`: labels of letters, digits and inner '-', joined by
    /// '.', the last starting with a letter.
    fn hostname(&mut self, start: usize, n: usize, skip: bool) -> Result<usize, Fail> {
        let mut p = start;
        let mut l: Option<usize> = None;
        loop {
            let q = self.scan_mask(p, n, ALPHANUM)?;
            if q <= p {
                break;
            }
            l = Some(p);
            p = q;
            let q = self.scan_mask(p, n, ALPHANUM.or(DASH))?;
            if q > p {
                if self.b[q - 1] == b'-' {
                    return fail("Illegal character in hostname", q - 1);
                }
                p = q;
            }
            let q = self.scan_char(p, n, b'.');
            if q <= p {
                break;
            }
            p = q;
            if p >= n {
                break;
            }
        }
        if p < n && !self.at(p, n, b':') {
            if skip {
                return Ok(p);
            }
            return fail("Illegal character in hostname", p);
        }
        let Some(l) = l else {
            return expecting("hostname", start);
        };
        if l > start && !ALPHA.has(self.char_at(l)) {
            return fail("Illegal character in hostname", l);
        }
        let host = self.text(start, p);
        self.uri.host = Some(host);
        self.tracer.record(|| {
            Step::change(StepId::JavaUriHost, Component::Host, None, Some(host)).decide(
                "a hostname: letters, digits, inner '-', dots; the last label starts with a letter",
            )
        });
        Ok(p)
    }

    /// `parseIPv6Reference`.
    fn ipv6(&mut self, start: usize, n: usize) -> Result<usize, Fail> {
        let mut p = start;
        let mut compressed = false;
        let q = self.hex_seq(p, n)?;
        match q {
            Some(q) if q > p => {
                p = q;
                if self.at_str(p, n, b"::") {
                    compressed = true;
                    p = self.hex_post(p + 2, n)?;
                } else if self.at(p, n, b':') {
                    p = self.take_ipv4(p + 1, n, "IPv4 address")?;
                    self.ipv6_bytes += 4;
                }
            }
            _ => {
                if self.at_str(p, n, b"::") {
                    compressed = true;
                    p = self.hex_post(p + 2, n)?;
                }
            }
        }
        if p < n {
            return fail("Malformed IPv6 address", start);
        }
        if self.ipv6_bytes > 16 {
            return fail("IPv6 address too long", start);
        }
        if !compressed && self.ipv6_bytes < 16 {
            return fail("IPv6 address too short", start);
        }
        if compressed && self.ipv6_bytes == 16 {
            return fail("Malformed IPv6 address", start);
        }
        Ok(p)
    }

    /// `scanHexPost`.
    fn hex_post(&mut self, start: usize, n: usize) -> Result<usize, Fail> {
        let mut p = start;
        if p == n {
            return Ok(p);
        }
        match self.hex_seq(p, n)? {
            Some(q) if q > p => {
                p = q;
                if self.at(p, n, b':') {
                    p += 1;
                    p = self.take_ipv4(p, n, "hex digits or IPv4 address")?;
                    self.ipv6_bytes += 4;
                }
            }
            _ => {
                p = self.take_ipv4(p, n, "hex digits or IPv4 address")?;
                self.ipv6_bytes += 4;
            }
        }
        Ok(p)
    }

    /// `scanHexSeq`: `None` (Java's -1) when no sequence starts here.
    fn hex_seq(&mut self, start: usize, n: usize) -> Result<Option<usize>, Fail> {
        let mut p = start;
        let q = self.scan_mask(p, n, HEX)?;
        if q <= p || self.at(q, n, b'.') {
            return Ok(None);
        }
        if q > p + 4 {
            return fail("IPv6 hexadecimal digit sequence too long", p);
        }
        self.ipv6_bytes += 2;
        p = q;
        while p < n {
            if !self.at(p, n, b':') || self.at(p + 1, n, b':') {
                break;
            }
            p += 1;
            let q = self.scan_mask(p, n, HEX)?;
            if q <= p {
                return expecting("digits for an IPv6 address", p);
            }
            if self.at(q, n, b'.') {
                p -= 1;
                break;
            }
            if q > p + 4 {
                return fail("IPv6 hexadecimal digit sequence too long", p);
            }
            self.ipv6_bytes += 2;
            p = q;
        }
        Ok(Some(p))
    }
}

/// How `resolve` came to its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// The base or the reference is opaque: the reference, as it is.
    Opaque,
    /// A lone fragment equal to the base's: the base itself.
    SameFragment,
    /// A lone fragment: the base with this fragment.
    Fragment,
    /// The reference has a scheme: itself.
    Absolute,
    /// The reference has an authority: the base's scheme, its own rest.
    Authority,
    /// An absolute path: the base's authority, the reference's path.
    AbsolutePath,
    /// A relative path merged with the base's and normalized.
    Merged,
}

/// `URI.resolve(URI base, URI child)`, RFC 2396 section 5.2 as Java
/// reads it.
pub fn resolve<'a, T: Tracer>(base: Uri<'a>, child: Uri<'a>, tracer: &mut T) -> Uri<'a> {
    let (uri, how) = resolve_inner(base, child, tracer);
    tracer.record(|| {
        Step::new(StepId::JavaUriResolve).decide(match how {
            Resolved::Opaque => "the base or the reference is opaque: the reference, unchanged",
            Resolved::SameFragment => "a lone fragment equal to the base's: the base itself",
            Resolved::Fragment => "a lone fragment: the base with the reference's fragment",
            Resolved::Absolute => "the reference has a scheme: the reference, unchanged (its dot segments stay)",
            Resolved::Authority => "the reference has an authority: the base's scheme with the reference's authority, path, query and fragment; no dot segment removed",
            Resolved::AbsolutePath => "an absolute path: the base's authority and the reference's path, dot segments kept",
            Resolved::Merged => "a relative path: merged with the base's directory and normalized",
        })
    });
    uri
}

fn resolve_inner<'a, T: Tracer>(
    base: Uri<'a>,
    child: Uri<'a>,
    tracer: &mut T,
) -> (Uri<'a>, Resolved) {
    // URI.resolve: an opaque child or base gives the child
    if child.is_opaque() || base.is_opaque() {
        return (child, Resolved::Opaque);
    }
    // 5.2 (2): a lone fragment
    if child.scheme.is_none()
        && child.authority.is_none()
        && child.path.as_deref() == Some("")
        && child.fragment.is_some()
        && child.query.is_none()
    {
        if base.fragment.is_some() && child.fragment == base.fragment {
            return (base, Resolved::SameFragment);
        }
        let ru = Uri {
            string: None,
            opaque_part: None,
            fragment: child.fragment,
            ..base
        };
        return (ru, Resolved::Fragment);
    }
    // 5.2 (3): the child is absolute
    if child.scheme.is_some() {
        return (child, Resolved::Absolute);
    }
    let mut ru = Uri::empty();
    ru.scheme = base.scheme;
    ru.query = child.query;
    ru.fragment = child.fragment;
    if child.authority.is_none() {
        // 5.2 (4): the base's authority
        ru.authority = base.authority;
        ru.host = base.host;
        ru.user_info = base.user_info;
        ru.port = base.port;
        let cp = child.path.clone().unwrap_or(Cow::Borrowed(""));
        if cp.starts_with('/') {
            // 5.2 (5): an absolute path
            ru.path = Some(cp);
            return (ru, Resolved::AbsolutePath);
        }
        // 5.2 (6)
        let bp = base.path.as_deref().unwrap_or("");
        let merged = resolve_path(bp, &cp, base.is_absolute());
        tracer.record(|| {
            Step::change(
                StepId::JavaUriMerge,
                Component::Path,
                Some(&cp),
                Some(&merged),
            )
            .decide("the base's path up to its last '/', then the reference's; normalized")
        });
        ru.path = Some(Cow::Owned(merged));
        (ru, Resolved::Merged)
    } else {
        ru.authority = child.authority;
        ru.host = child.host;
        ru.user_info = child.user_info;
        ru.port = child.port;
        ru.path = child.path;
        (ru, Resolved::Authority)
    }
}

/// `resolvePath`: RFC 2396 5.2 (6).
fn resolve_path(base: &str, child: &str, absolute: bool) -> String {
    let i = base.rfind('/');
    let path = if child.is_empty() {
        i.map_or(String::new(), |i| base[..=i].to_owned())
    } else {
        let mut sb = String::with_capacity(base.len() + child.len() + 1);
        match i {
            Some(i) => sb.push_str(&base[..=i]),
            None if !absolute => {}
            None => sb.push('/'),
        }
        sb.push_str(child);
        sb
    };
    match normalize(&path) {
        Cow::Borrowed(_) => path,
        Cow::Owned(p) => p,
    }
}

/// `needsNormalization`: the number of segments, or `None` when the
/// path is already normal (no `//`, no `.` or `..` segment).
fn needs_normalization(path: &[u8]) -> Option<usize> {
    let len = path.len();
    let mut normal = true;
    let mut ns = 0;
    let mut p = 0;
    while p < len && path[p] == b'/' {
        p += 1;
    }
    if p > 1 {
        normal = false;
    }
    while p < len {
        if path[p] == b'.'
            && (p + 1 == len
                || path[p + 1] == b'/'
                || (path[p + 1] == b'.' && (p + 2 == len || path[p + 2] == b'/')))
        {
            normal = false;
        }
        ns += 1;
        while p < len {
            let c = path[p];
            p += 1;
            if c != b'/' {
                continue;
            }
            while p < len && path[p] == b'/' {
                normal = false;
                p += 1;
            }
            break;
        }
    }
    if normal { None } else { Some(ns) }
}

/// `split`: slashes become NULs; `segs` gets each segment's start.
fn split(path: &mut [u8], segs: &mut Vec<Option<usize>>) {
    let len = path.len();
    let mut p = 0;
    while p < len && path[p] == b'/' {
        path[p] = 0;
        p += 1;
    }
    while p < len {
        segs.push(Some(p));
        p += 1;
        while p < len {
            let c = path[p];
            p += 1;
            if c != b'/' {
                continue;
            }
            path[p - 1] = 0;
            while p < len && path[p] == b'/' {
                path[p] = 0;
                p += 1;
            }
            break;
        }
    }
}

/// `removeDots`: drops `.` segments and each `..` with the segment before
/// it when that one is not `..` itself.
fn remove_dots(path: &[u8], segs: &mut [Option<usize>]) {
    let ns = segs.len();
    let end = path.len().saturating_sub(1);
    let byte = |i: usize| path.get(i).copied().unwrap_or(0);
    let mut i = 0;
    while i < ns {
        let mut dots = 0;
        loop {
            if let Some(p) = segs[i]
                && byte(p) == b'.'
            {
                if p == end || byte(p + 1) == 0 {
                    dots = 1;
                    break;
                } else if byte(p + 1) == b'.' && (p + 1 == end || byte(p + 2) == 0) {
                    dots = 2;
                    break;
                }
            }
            i += 1;
            if i >= ns {
                break;
            }
        }
        if i >= ns || dots == 0 {
            break;
        }
        if dots == 1 {
            segs[i] = None;
        } else if let Some(j) = (0..i).rev().find(|&j| segs[j].is_some())
            && let Some(q) = segs[j]
            && !(byte(q) == b'.' && byte(q + 1) == b'.' && byte(q + 2) == 0)
        {
            segs[i] = None;
            segs[j] = None;
        }
        i += 1;
    }
}

/// `maybeAddLeadingDot`: a relative path whose first surviving segment
/// holds a ':' (and would read as a scheme) gets a `.` segment first.
fn maybe_add_leading_dot(path: &mut [u8], segs: &mut [Option<usize>]) {
    if path.first() == Some(&0) || path.len() < 2 {
        return;
    }
    let Some(f) = segs.iter().position(Option::is_some) else {
        return;
    };
    if f == 0 {
        return;
    }
    let mut p = segs[f].unwrap_or(0);
    while p < path.len() && path[p] != b':' && path[p] != 0 {
        p += 1;
    }
    if p >= path.len() || path[p] == 0 {
        return;
    }
    path[0] = b'.';
    path[1] = 0;
    segs[0] = Some(0);
}

/// `join`: the surviving segments written back with '/', a trailing one
/// kept; returns the length.
fn join(path: &mut [u8], segs: &[Option<usize>]) -> usize {
    let len = path.len();
    let mut p = 0;
    if path.first() == Some(&0) {
        path[0] = b'/';
        p = 1;
    }
    for &seg in segs {
        let Some(mut q) = seg else {
            continue;
        };
        if p == q {
            while p < len && path[p] != 0 {
                p += 1;
            }
            if p < len {
                path[p] = b'/';
                p += 1;
            }
        } else if p < q {
            while q < len && path[q] != 0 {
                path[p] = path[q];
                p += 1;
                q += 1;
            }
            if q < len {
                path[p] = b'/';
                p += 1;
            }
        }
    }
    p
}

/// `normalize(String)`: no `//`, no `.`, no `..` after a segment that is
/// not `..`; a trailing slash kept.
fn normalize(ps: &str) -> Cow<'_, str> {
    let Some(ns) = needs_normalization(ps.as_bytes()) else {
        return Cow::Borrowed(ps);
    };
    let mut path = ps.as_bytes().to_vec();
    let mut segs = Vec::with_capacity(ns);
    split(&mut path, &mut segs);
    remove_dots(&path, &mut segs);
    maybe_add_leading_dot(&mut path, &mut segs);
    let len = join(&mut path, &segs);
    path.truncate(len);
    if path == ps.as_bytes() {
        return Cow::Borrowed(ps);
    }
    Cow::Owned(
        String::from_utf8(path)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

/// What the runner reads of a URI, in its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Getters<'u> {
    pub string: Cow<'u, str>,
    pub ascii: Cow<'u, str>,
    pub scheme: Option<&'u str>,
    pub raw_ssp: Cow<'u, str>,
    pub raw_authority: Option<&'u str>,
    pub raw_user_info: Option<&'u str>,
    pub host: Option<&'u str>,
    pub port: i32,
    pub raw_path: Option<&'u str>,
    pub path: Option<Cow<'u, str>>,
    pub raw_query: Option<&'u str>,
    pub raw_fragment: Option<&'u str>,
    pub opaque: bool,
    pub absolute: bool,
}

impl<'a> Uri<'a> {
    /// The getters, in the runner's order (`toString()` first).
    pub fn getters<T: Tracer>(&self, tracer: &mut T) -> Getters<'_> {
        let string = self.to_java_string(tracer);
        let ascii = match Uri::to_ascii_string(&string, tracer) {
            Cow::Borrowed(_) => string.clone(),
            Cow::Owned(s) => Cow::Owned(s),
        };
        let raw_ssp = match &string {
            Cow::Borrowed(s) => Cow::Borrowed(self.raw_ssp(s)),
            Cow::Owned(s) => Cow::Owned(self.raw_ssp(s).to_owned()),
        };
        let path = self.decoded_path();
        tracer.record(|| {
            Step::change(
                StepId::JavaUriDecode,
                Component::Path,
                self.raw_path(),
                path.as_deref(),
            )
            .decide("getPath(): each run of %XX escapes read as UTF-8, a bad sequence as U+FFFD")
        });
        Getters {
            string,
            ascii,
            scheme: self.scheme,
            raw_ssp,
            raw_authority: self.authority,
            raw_user_info: self.user_info,
            host: self.host,
            port: self.port,
            raw_path: self.raw_path(),
            path,
            raw_query: self.query,
            raw_fragment: self.fragment,
            opaque: self.is_opaque(),
            absolute: self.is_absolute(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoTrace, Trace};

    fn ask(
        input: &str,
        base: Option<&str>,
    ) -> Result<(String, Option<String>, i32, Option<String>), String> {
        let u = request(input, base, &mut NoTrace).map_err(|e| e.to_string())?;
        let g = u.getters(&mut NoTrace);
        Ok((
            g.string.into_owned(),
            g.host.map(str::to_owned),
            g.port,
            g.raw_path.map(str::to_owned),
        ))
    }

    fn string(input: &str, base: Option<&str>) -> String {
        match ask(input, base) {
            Ok(a) => a.0,
            Err(e) => e,
        }
    }

    #[test]
    fn parses_and_refuses_as_java_does() {
        assert_eq!(
            string("http://a b/", None),
            "java.net.URISyntaxException: Illegal character in authority at index 7: http://a b/"
        );
        assert_eq!(
            ask("http://u@h:80/p", None).map(|a| (a.1, a.2)),
            Ok((Some("h".into()), 80))
        );
        // a registry authority: no host at all
        assert_eq!(ask("http://a_b/", None).map(|a| a.1), Ok(None));
        assert_eq!(
            ask("http://[::1]:8/", None).map(|a| a.1),
            Ok(Some("[::1]".into()))
        );
        assert_eq!(
            string("http://[::1/", None),
            "java.net.URISyntaxException: Expected closing bracket for IPv6 address at index 11: http://[::1/"
        );
        assert_eq!(
            string("http://[1:2:3:4:5:6:7:8%]", None),
            "java.net.URISyntaxException: scope id expected: http://[1:2:3:4:5:6:7:8%]"
        );
        assert_eq!(
            string("é:x", None),
            "java.net.URISyntaxException: Illegal character in scheme name at index 0: é:x"
        );
        assert_eq!(
            string("/a%zz", None),
            "java.net.URISyntaxException: Malformed escape pair at index 2: /a%zz"
        );
        assert_eq!(string("", None), "");
        assert_eq!(
            string(":", None),
            "java.net.URISyntaxException: Expected scheme name at index 0: :"
        );
    }

    #[test]
    fn resolves_as_java_does() {
        let base = Some("http://a/b/c/d;p?q");
        for (input, want) in [
            ("g", "http://a/b/c/g"),
            ("../../../g", "http://a/../g"),
            ("/./g", "http://a/./g"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("?y", "http://a/b/c/?y"),
            ("", "http://a/b/c/"),
            ("g:h", "g:h"),
            ("//g/../x", "http://g/../x"),
        ] {
            assert_eq!(string(input, base), want, "{input}");
        }
        assert_eq!(string("../../../d:e", Some("a/b/c/d")), "./d:e");
        assert_eq!(
            string("test", Some("http://example.com")),
            "http://example.com/test"
        );
        assert_eq!(string("x", Some("mailto:a@b")), "x");
    }

    #[test]
    fn getters_decode_and_encode_as_java_does() {
        let u = request("/%25%20%E2%82%AC%E2%80%80", None, &mut NoTrace).unwrap_or(Uri::empty());
        assert_eq!(u.decoded_path().as_deref(), Some("/% \u{20ac}\u{2000}"));
        let u = request("/\u{CAFE}\u{BABE}", None, &mut NoTrace).unwrap_or(Uri::empty());
        assert_eq!(u.getters(&mut NoTrace).ascii, "/%EC%AB%BE%EB%AA%BE");
        let u = request("p#f", Some("s://h/a/b"), &mut NoTrace).unwrap_or(Uri::empty());
        assert_eq!(u.getters(&mut NoTrace).raw_ssp, "//h/a/p");
    }

    /// Inputs that together reach every `java-uri.*` step.
    const EVERY_STEP: &[(&str, Option<&str>)] = &[
        ("http://u@[::1]:80/p?q#f", None),
        ("mailto:a@b", None),
        ("http://1.2.3.4/", None),
        ("//a_b/x", None),
        ("g", Some("http://h/a/b")),
        ("#f", Some("http://h/a#g")),
        ("x:", None),
        ("/é", None),
    ];

    #[test]
    fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
        let mut reached = std::collections::BTreeSet::new();
        for (input, base) in EVERY_STEP.iter().copied() {
            let mut trace = Trace::default();
            let traced = request(input, base, &mut trace).map(|u| {
                let g = u.getters(&mut trace);
                (g.string.into_owned(), g.ascii.into_owned())
            });
            let plain = request(input, base, &mut NoTrace).map(|u| {
                let g = u.getters(&mut NoTrace);
                (g.string.into_owned(), g.ascii.into_owned())
            });
            assert_eq!(traced, plain, "{input:?}");
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
        assert_eq!(
            crate::engine::servers::test_steps::unreached(crate::engine::Stage::JavaUri, &reached),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn no_input_panics() {
        let big = "a%2".repeat(1 << 20);
        // ten megabytes that parse all the way through, then resolve
        let long = format!("http://h/{}?q#f", "a/./b/../".repeat(1 << 20));
        for base in [None, Some("http://h/a/b")] {
            let u = request(&long, base, &mut NoTrace);
            assert!(u.is_ok_and(|u| u.getters(&mut NoTrace).string.len() > 1 << 20));
        }
        let rel = "a/./b/../".repeat(1 << 20);
        assert!(request(&rel, Some("http://h/x/y"), &mut NoTrace).is_ok());
        let weird = [
            "",
            "%",
            "[",
            "]",
            "[%",
            "//[",
            "//]%zz",
            "http://[::1%25",
            "http://@",
            "#",
            "?#?",
            "\u{10ffff}",
            "http://[::99999999999.1.1.1]/",
            "a:",
            "//",
            "///",
            "..",
            "./.:",
            "http://[::1.2.3.4.5]",
        ];
        for input in weird.iter().copied().chain([big.as_str()]) {
            for base in [
                None,
                Some("http://h/a/b"),
                Some("mailto:x"),
                Some("a/b"),
                Some(input),
            ] {
                let _ = request(input, base, &mut NoTrace)
                    .map(|u| u.getters(&mut NoTrace).string.len());
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
                base in proptest::option::of("[a-z:/?#\\[\\]@%.0-9é_-]{0,16}"),
            ) {
                let plain = request(&input, base.as_deref(), &mut NoTrace)
                    .map(|u| u.getters(&mut NoTrace).string.into_owned())
                    .map_err(|e| e.to_string());
                let mut trace = Trace::default();
                let traced = request(&input, base.as_deref(), &mut trace)
                    .map(|u| u.getters(&mut trace).string.into_owned())
                    .map_err(|e| e.to_string());
                prop_assert_eq!(plain, traced);
            }
        }
    }
}
