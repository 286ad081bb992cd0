//! PHP 8.2.31's `parse_url` (`ext/standard/url.c`), modelled.
//!
//! The request is the project's definition (the header of
//! `scripts/servers/php-runner.php`): `$r = parse_url($input)`. PHP has no
//! function that resolves a reference against a base, so a base plays no
//! part here: the input is parsed alone, as a PHP program parses a link it
//! reads (the resolver says so in a note). The answer is `false` or an
//! array holding a key for each part the parser found.
//!
//! | `ext/standard/url.c` | here |
//! |---|---|
//! | `php_url_parse_ex2`, from its start to the `parse_port` label | `scheme` (its "validate scheme" failing: `scheme_invalid`; no `/` after the `:`: `no_slash_after_colon`) |
//! | `php_url_parse_ex2`, the `parse_port` label | `parse_port` |
//! | `php_url_parse_ex2`, the `parse_host` label | `parse_host` (its "check for login and password": `login_password`; its "check for port": `authority_port`, with `strtol`, C's `strtol` as the port check calls it) |
//! | `php_url_parse_ex2`, the `just_path` label | `just_path` |
//! | `php_replace_controlchars_ex` | `replace_controls` |
//! | `binary_strcspn`, `memchr`, `zend_memrchr` | `strcspn`, `find`, `rfind` |
//! | `PHP_FUNCTION(parse_url)` (which keys the array gets) | [`parse_url`], [`Url`] |
//!
//! The source read is Debian's source package `php8.2` 8.2.31-1~deb12u1,
//! the version `php8.2-cli` runs: its `.dsc` and tarballs fetched from the
//! `deb.debian.org/debian-security` pool (the archive's index has moved on
//! to later releases, so `apt-get source` cannot name it), checked against
//! the `.dsc`'s SHA-256 sums and unpacked with `dpkg-source -x`; the
//! `.orig.tar.xz` is PHP's 8.2.31 release. None of Debian's 47 patches
//! touches `ext/standard/url.c` or `url.h`.
//!
//! PHP strings are bytes, and `parse_url` reads them byte by byte. Every
//! place it cuts is an ASCII byte (`:`, `/`, `?`, `#`, `@`) or an end, and
//! the control bytes it replaces are ASCII too, so each part of a UTF-8
//! input is UTF-8: a part here is a slice of the input, copied only when a
//! control byte had to become `_`.
//!
//! The machine matters in one place: `isalpha`, `isdigit`, `iscntrl` and
//! `strtol`'s `isspace` follow `LC_CTYPE`, which PHP 8 sets to `C.UTF-8`
//! at start-up (`zend_reset_lc_ctype_locale`) whatever the environment
//! says. In glibc's `C.UTF-8` each of them is true for ASCII bytes only
//! (checked on the runner for all 256 bytes), which is what is modelled.
//!
//! Each decision is a step of the shared table under
//! [`Stage::Php`](crate::engine::Stage::Php), recorded only when the
//! tracer is on.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// What `parse_url` returns as an array: each part present exactly when
/// PHP's array has its key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Url<'a> {
    /// `scheme`, as written (PHP does not lowercase it).
    pub scheme: Option<Cow<'a, str>>,
    /// `host`, as written.
    pub host: Option<Cow<'a, str>>,
    /// `port`: present when the parser set `has_port`.
    pub port: Option<u16>,
    /// `user`.
    pub user: Option<Cow<'a, str>>,
    /// `pass`.
    pub pass: Option<Cow<'a, str>>,
    /// `path`.
    pub path: Option<Cow<'a, str>>,
    /// `query` (empty when a `?` has nothing after it).
    pub query: Option<Cow<'a, str>>,
    /// `fragment` (empty when a `#` ends the URL).
    pub fragment: Option<Cow<'a, str>>,
    /// What the parser did that the array does not show.
    pub facts: Facts,
}

/// What `php_url_parse_ex2` did on its way that PHP's array does not show
/// (for the resolver's notes; nothing PHP returns).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// A part had control bytes, which became `_`.
    pub controls_replaced: bool,
    /// The host was read with no `//` before it: text such as
    /// `example.com:80/x` or `a b:80` taken as host and port.
    pub host_without_slashes: bool,
    /// Where the port text is in the input, when `strtol` read a port from
    /// text that is not only digits (` 80`, `+80`, `80x`).
    pub lenient_port: Option<Range<usize>>,
}

impl Url<'_> {
    /// The keys of PHP's array with their values, in PHP's order (the port
    /// as its decimal text).
    pub fn entries<'s>(&'s self) -> Vec<(&'static str, Cow<'s, str>)> {
        let text = |v: &'s Option<Cow<'_, str>>| v.as_deref().map(Cow::Borrowed);
        [
            ("scheme", text(&self.scheme)),
            ("host", text(&self.host)),
            ("port", self.port.map(|n| Cow::Owned(n.to_string()))),
            ("user", text(&self.user)),
            ("pass", text(&self.pass)),
            ("path", text(&self.path)),
            ("query", text(&self.query)),
            ("fragment", text(&self.fragment)),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
    }
}

/// Why `php_url_parse_ex2` returned `NULL`, which `parse_url` turns into
/// `false` (PHP itself does not say which check refused: its source has a
/// to-do saying so).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `parse_port`: the digits after the first `:` make a number over
    /// 65535.
    LeadingPortRange(u32),
    /// `parse_port`: the string is a `:` and nothing after it.
    ColonAlone,
    /// `parse_host`: the text after the host's `:` is longer than five
    /// bytes (the text).
    PortTooLong(String),
    /// `parse_host`: `strtol` reads no number from 0 to 65535 in the text
    /// after the host's `:` (the text).
    PortNotNumber(String),
    /// `parse_host`: nothing is left for the host.
    EmptyHost,
}

impl fmt::Display for Refusal {
    /// Which check refused the URL, in words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::LeadingPortRange(n) => write!(
                f,
                "the digits after the first ':' make a port of {n}, over 65535"
            ),
            Refusal::ColonAlone => f.write_str("the URL is a ':' alone"),
            Refusal::PortTooLong(text) => write!(
                f,
                "the port after the host's ':' is longer than five bytes ({text:?})"
            ),
            Refusal::PortNotNumber(text) => write!(
                f,
                "the port after the host's ':' is no number from 0 to 65535 ({text:?})"
            ),
            Refusal::EmptyHost => f.write_str("the host is empty"),
        }
    }
}

/// Where `php_url_parse_ex2` goes next (its `goto` labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// `parse_port`, the first `:` at this offset.
    ParsePort(usize),
    /// `parse_host`, the authority starting at this offset.
    ParseHost(usize),
    /// `just_path`, the rest starting at this offset.
    JustPath(usize),
    /// `return ret`: nothing more to read.
    Return,
}

/// The parser's state: the `php_url` it fills, and `ret->port` as the C
/// code has it, apart from `has_port` (a port of 0 reads as "no port yet").
struct Parser<'a> {
    input: &'a str,
    url: Url<'a>,
    /// `ret->port`.
    port: u16,
    /// `*has_port`.
    has_port: bool,
}

/// `parse_url($input)`: the array PHP returns, or the check that made it
/// return `false`.
pub fn parse_url<'a, T: Tracer>(input: &'a str, tracer: &mut T) -> Result<Url<'a>, Refusal> {
    let result = php_url_parse_ex2(input, tracer);
    // PHP_FUNCTION(parse_url): NULL is false; else a key per part set,
    // "port" only when has_port
    tracer.record(|| match &result {
        Err(why) => Step::new(StepId::PhpResult)
            .decide(format!("false: {why}"))
            .fail(),
        Ok(url) => Step::new(StepId::PhpResult).decide(format!(
            "an array of {}",
            url.entries()
                .iter()
                .map(|(k, _)| format!("{k:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    });
    result
}

/// `php_url_parse_ex2`, its labels as functions.
fn php_url_parse_ex2<'a, T: Tracer>(input: &'a str, tracer: &mut T) -> Result<Url<'a>, Refusal> {
    let mut parser = Parser {
        input,
        url: Url::default(),
        port: 0,
        has_port: false,
    };
    let mut next = parser.scheme(tracer);
    if let Next::ParsePort(e) = next {
        next = parser.parse_port(e, tracer)?;
    }
    if let Next::ParseHost(s) = next {
        next = parser.parse_host(s, tracer)?;
    }
    if let Next::JustPath(s) = next {
        parser.just_path(s, tracer);
    }
    let mut url = parser.url;
    if parser.has_port {
        url.port = Some(parser.port);
    }
    Ok(url)
}

/// `isalpha || isdigit || '+' || '.' || '-'` in the C.UTF-8 locale.
fn scheme_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'.' | b'-')
}

/// `iscntrl` in the C.UTF-8 locale.
fn control(b: u8) -> bool {
    b < 0x20 || b == 0x7f
}

/// `memchr`: the first `c` in `b[from..to]`, as an offset into `b`.
fn find(b: &[u8], from: usize, to: usize, c: u8) -> Option<usize> {
    b.get(from..to)?
        .iter()
        .position(|&x| x == c)
        .map(|i| from + i)
}

/// `zend_memrchr`: the last `c` in `b[from..to]`, as an offset into `b`.
fn rfind(b: &[u8], from: usize, to: usize, c: u8) -> Option<usize> {
    b.get(from..to)?
        .iter()
        .rposition(|&x| x == c)
        .map(|i| from + i)
}

/// `binary_strcspn`: the offset of the first of `chars` in `b[from..]`,
/// or the end.
fn strcspn(b: &[u8], from: usize, chars: &[u8]) -> usize {
    b.get(from..)
        .and_then(|rest| rest.iter().position(|x| chars.contains(x)))
        .map_or(b.len(), |i| from + i)
}

/// Whether `b[s..]` starts with `//` (the "relative-scheme URL" test).
fn two_slashes(b: &[u8], s: usize) -> bool {
    b.get(s..s + 2) == Some(b"//")
}

/// `php_replace_controlchars_ex`: each control byte becomes `_`; a copy
/// only when there is one.
fn replace_controls(s: &str) -> Cow<'_, str> {
    if s.bytes().any(control) {
        Cow::Owned(
            s.chars()
                .map(|c| if c < ' ' || c == '\x7f' { '_' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(s)
    }
}

/// C's `strtol(text, &end, 10)` as the port checks call it on a copy of
/// at most five bytes: the number, or `None` when no digit was read
/// (`end == port_buf`). The copy is a C string, so a NUL byte ends it.
fn strtol(text: &[u8]) -> Option<i64> {
    let text = text.split(|&b| b == 0).next().unwrap_or_default();
    // isspace in C.UTF-8: space, \t, \n, \v, \f, \r
    let start = text
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t'..=b'\r'))
        .unwrap_or(text.len());
    let mut rest = &text[start..];
    let negative = rest.first() == Some(&b'-');
    if matches!(rest.first(), Some(b'-' | b'+')) {
        rest = &rest[1..];
    }
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let n = rest[..digits]
        .iter()
        .fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    Some(if negative { -n } else { n })
}

impl<'a> Parser<'a> {
    /// The input's text from `from` to `to` (both at ASCII bytes or ends,
    /// so on character boundaries).
    fn slice(&self, from: usize, to: usize) -> &'a str {
        self.input.get(from..to).unwrap_or_default()
    }

    /// `zend_string_init` then `php_replace_controlchars_ex`: a part of the
    /// URL, its control bytes replaced (a step when there were any).
    fn part<T: Tracer>(
        &mut self,
        component: Component,
        from: usize,
        to: usize,
        tracer: &mut T,
    ) -> Cow<'a, str> {
        let raw = self.slice(from, to);
        let part = replace_controls(raw);
        if let Cow::Owned(changed) = &part {
            self.url.facts.controls_replaced = true;
            tracer.record(|| {
                Step::change(StepId::PhpControls, component, Some(raw), Some(changed))
                    .at(from..to)
                    .decide(format!(
                        "{} control byte(s) became '_'",
                        raw.bytes().filter(|&b| control(b)).count()
                    ))
            });
        }
        part
    }

    /// `php_url_parse_ex2` up to its `parse_port` label: the scheme, and
    /// where to go from there.
    fn scheme<T: Tracer>(&mut self, tracer: &mut T) -> Next {
        let b = self.input.as_bytes();
        let ue = b.len();
        // url.c, php_url_parse_ex2: "parse scheme", the first ':' anywhere
        let e = match find(b, 0, ue, b':') {
            None => {
                let next = if two_slashes(b, 0) {
                    Next::ParseHost(2)
                } else {
                    Next::JustPath(0)
                };
                tracer.record(|| {
                    Step::new(StepId::PhpNoScheme).decide(if next == Next::JustPath(0) {
                        "no ':' and no leading '//': the whole string is a path"
                    } else {
                        "no ':', and a leading '//': an authority follows"
                    })
                });
                return next;
            }
            Some(0) => {
                // url.c: "no scheme; starts with colon: look for port"
                tracer.record(|| {
                    Step::new(StepId::PhpNoScheme)
                        .decide("the string starts with ':': no scheme, a port may follow")
                });
                return Next::ParsePort(0);
            }
            Some(e) => e,
        };
        // url.c: "validate scheme"
        if let Some(bad) = b[..e].iter().position(|&c| !scheme_byte(c)) {
            return self.scheme_invalid(e, bad, tracer);
        }
        tracer.record(|| {
            Step::change(
                StepId::PhpScheme,
                Component::Scheme,
                None,
                Some(self.slice(0, e)),
            )
            .at(0..e)
            .decide("letters, digits, '+', '-' and '.' up to the first ':'")
        });
        if e + 1 == ue {
            // url.c: "only scheme is available"
            self.url.scheme = Some(self.part(Component::Scheme, 0, e, tracer));
            tracer.record(|| Step::new(StepId::PhpSchemeOnly).decide("nothing follows the ':'"));
            return Next::Return;
        }
        if b[e + 1] != b'/' {
            return self.no_slash_after_colon(e, tracer);
        }
        self.url.scheme = Some(self.part(Component::Scheme, 0, e, tracer));
        let (next, why) = if e + 2 < ue && b[e + 2] == b'/' {
            let scheme = self.slice(0, e);
            if scheme.eq_ignore_ascii_case("file") && e + 3 < ue && b[e + 3] == b'/' {
                // url.c: "support windows drive letters" (file:///c:/)
                if e + 5 < ue && b[e + 5] == b':' {
                    (
                        Next::JustPath(e + 4),
                        "'file:///' and a drive letter: the path starts after the third '/'",
                    )
                } else {
                    (
                        Next::JustPath(e + 3),
                        "'file:///': no authority, the path starts at the third '/'",
                    )
                }
            } else {
                (
                    Next::ParseHost(e + 3),
                    "'//' after the ':': an authority follows",
                )
            }
        } else {
            (
                Next::JustPath(e + 1),
                "a single '/' after the ':': the rest is the path",
            )
        };
        tracer.record(|| Step::new(StepId::PhpSlashes).decide(why));
        next
    }

    /// `php_url_parse_ex2` (`ext/standard/url.c`), "validate scheme", when a byte before the
    /// first `:` (at `e`) cannot be in a scheme (the first such at `bad`):
    /// the `parse_port` label if a `:` with something after it comes
    /// before any `?` or `#`, else `parse_host` after a leading `//`, else
    /// `just_path`.
    fn scheme_invalid<T: Tracer>(&self, e: usize, bad: usize, tracer: &mut T) -> Next {
        let b = self.input.as_bytes();
        let ue = b.len();
        let next = if e + 1 < ue && e < strcspn(b, 0, b"?#") {
            Next::ParsePort(e)
        } else if two_slashes(b, 0) {
            Next::ParseHost(2)
        } else {
            Next::JustPath(0)
        };
        tracer.record(|| {
            let c = self.slice(bad, ue).chars().next().unwrap_or_default();
            Step::new(StepId::PhpSchemeInvalid)
                .about(Component::Scheme)
                .at(0..e)
                .decide(format!(
                    "{c:?} at byte {bad} cannot be in a scheme: {}",
                    match next {
                        Next::ParsePort(_) => "the first ':' may start a port",
                        Next::ParseHost(_) => "a leading '//' starts the authority",
                        _ => "the whole string is a path",
                    }
                ))
        });
        next
    }

    /// `php_url_parse_ex2` (`ext/standard/url.c`) when no `/` follows the scheme's `:` (at `e`),
    /// which url.c allows for schemes like `mailto:`: digits up to the end
    /// or a `/` (fewer than seven bytes with the `:`) are a port, as in
    /// `a.com:80` (the `parse_port` label); else the scheme is kept and the
    /// rest is the path (`just_path`).
    fn no_slash_after_colon<T: Tracer>(&mut self, e: usize, tracer: &mut T) -> Next {
        let b = self.input.as_bytes();
        let ue = b.len();
        // url.c: "check if the data we get is a port", for a.com:80
        let p = e + 1 + b[e + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if (p == ue || b[p] == b'/') && p - e < 7 {
            tracer.record(|| {
                Step::change(
                    StepId::PhpPortLookalike,
                    Component::Scheme,
                    Some(self.slice(0, e)),
                    None,
                )
                .decide(format!(
                    "{:?} is digits then {}: no scheme, a host and a port",
                    self.slice(e + 1, p),
                    if p == ue { "the end" } else { "'/'" }
                ))
            });
            return Next::ParsePort(e);
        }
        self.url.scheme = Some(self.part(Component::Scheme, 0, e, tracer));
        tracer.record(|| {
            Step::new(StepId::PhpPortLookalike)
                .about(Component::Path)
                .decide("no '/' after the ':', and not a port: the rest is the path")
        });
        Next::JustPath(e + 1)
    }

    /// The `parse_port` label: the digits after the first `:` (at `e`),
    /// the string starting at 0.
    fn parse_port<T: Tracer>(&mut self, e: usize, tracer: &mut T) -> Result<Next, Refusal> {
        let b = self.input.as_bytes();
        let ue = b.len();
        let p = e + 1;
        // at most six digits are looked at
        let pp = p + b
            .get(p..)
            .unwrap_or_default()
            .iter()
            .take(6)
            .take_while(|c| c.is_ascii_digit())
            .count();
        let next = if pp - p > 0 && pp - p < 6 && (pp == ue || b[pp] == b'/') {
            let port = b[p..pp]
                .iter()
                .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
            let Ok(port) = u16::try_from(port) else {
                tracer.record(|| {
                    Step::change(
                        StepId::PhpParsePort,
                        Component::Port,
                        None,
                        Some(self.slice(p, pp)),
                    )
                    .decide("over 65535: the URL is refused")
                    .fail()
                });
                return Err(Refusal::LeadingPortRange(port));
            };
            self.has_port = true;
            self.port = port;
            let s = if two_slashes(b, 0) { 2 } else { 0 };
            self.url.facts.host_without_slashes = s == 0;
            tracer.record(|| {
                Step::change(
                    StepId::PhpParsePort,
                    Component::Port,
                    None,
                    Some(&port.to_string()),
                )
                .at(p..pp)
                .decide(if s == 2 {
                    "a port; the authority follows the leading '//'"
                } else {
                    "a port; the authority is read from the start of the string"
                })
            });
            Next::ParseHost(s)
        } else if p == pp && pp == ue {
            tracer.record(|| {
                Step::new(StepId::PhpParsePort)
                    .decide("nothing after the ':': the URL is refused")
                    .fail()
            });
            return Err(Refusal::ColonAlone);
        } else if two_slashes(b, 0) {
            tracer.record(|| {
                Step::new(StepId::PhpParsePort)
                    .decide("no port here; a leading '//' starts the authority")
            });
            Next::ParseHost(2)
        } else {
            tracer.record(|| {
                Step::new(StepId::PhpParsePort)
                    .decide("no port here, no leading '//': the whole string is a path")
            });
            Next::JustPath(0)
        };
        Ok(next)
    }

    /// The `parse_host` label: userinfo, host and port of the authority
    /// starting at `s`.
    fn parse_host<T: Tracer>(&mut self, mut s: usize, tracer: &mut T) -> Result<Next, Refusal> {
        let b = self.input.as_bytes();
        let ue = b.len();
        let e = strcspn(b, s, b"/?#");
        tracer.record(|| {
            Step::change(
                StepId::PhpAuthority,
                Component::Host,
                None,
                Some(self.slice(s, e)),
            )
            .at(s..e)
        });
        // url.c: "check for login and password", at the last '@'
        if let Some(at) = rfind(b, s, e, b'@') {
            self.login_password(s, at, tracer);
            s = at + 1;
        }
        // url.c: "check for port"; an IPv6 literal short-circuits the scan
        let bracketed = s < ue && b[s] == b'[' && b[e - 1] == b']';
        let colon = if bracketed {
            None
        } else {
            rfind(b, s, e, b':')
        };
        let host_end = match colon {
            Some(p) => {
                self.authority_port(p, e, tracer)?;
                p
            }
            None => {
                tracer.record(|| {
                    Step::new(StepId::PhpPort)
                        .about(Component::Port)
                        .decide(if bracketed {
                            "an IPv6 literal in brackets: no port is looked for"
                        } else {
                            "no ':' after the userinfo: no port"
                        })
                });
                e
            }
        };
        // url.c: "check if we have a valid host, if we don't reject the
        // string as url"
        if host_end <= s {
            tracer.record(|| {
                Step::change(StepId::PhpHost, Component::Host, None, Some(""))
                    .at(s..s)
                    .decide("the host is empty: the URL is refused")
                    .fail()
            });
            return Err(Refusal::EmptyHost);
        }
        let host = self.part(Component::Host, s, host_end, tracer);
        tracer.record(|| {
            Step::change(StepId::PhpHost, Component::Host, None, Some(&host)).at(s..host_end)
        });
        self.url.host = Some(host);
        Ok(if e == ue {
            Next::Return
        } else {
            Next::JustPath(e)
        })
    }

    /// `php_url_parse_ex2` (`ext/standard/url.c`), the `parse_host` label's
    /// "check for login and password": the userinfo from `s` to the last
    /// `@` (at `at`), the user up to its first `:` and the password after.
    fn login_password<T: Tracer>(&mut self, s: usize, at: usize, tracer: &mut T) {
        let b = self.input.as_bytes();
        let colon = find(b, s, at, b':');
        match colon {
            Some(c) => {
                self.url.user = Some(self.part(Component::User, s, c, tracer));
                self.url.pass = Some(self.part(Component::Password, c + 1, at, tracer));
            }
            None => self.url.user = Some(self.part(Component::User, s, at, tracer)),
        }
        tracer.record(|| {
            Step::change(
                StepId::PhpUserinfo,
                Component::User,
                None,
                Some(self.slice(s, colon.unwrap_or(at))),
            )
            .at(s..at)
            .decide(match colon {
                Some(c) => format!("password {:?}, after the first ':'", self.slice(c + 1, at)),
                None => "no ':': no password".to_owned(),
            })
        });
    }

    /// `php_url_parse_ex2` (`ext/standard/url.c`), the `parse_host` label's
    /// "check for port" when the authority (ending at `e`) has a `:` (the
    /// last, at `p`): unless `parse_port` already read one, the port is
    /// what `strtol` reads of the text after it, at most five bytes, 0 to
    /// 65535; an empty text is no port.
    fn authority_port<T: Tracer>(
        &mut self,
        p: usize,
        e: usize,
        tracer: &mut T,
    ) -> Result<(), Refusal> {
        // a port of 0 from parse_port reads as none: read again
        let read_here = self.port == 0;
        let text = self.slice(p + 1, e);
        let refusal = if !read_here || text.is_empty() {
            None
        } else if text.len() > 5 {
            // url.c: "port cannot be longer then 5 characters"
            Some(Refusal::PortTooLong(text.to_owned()))
        } else {
            match strtol(text.as_bytes()).and_then(|n| u16::try_from(n).ok()) {
                Some(port) => {
                    self.has_port = true;
                    self.port = port;
                    if !text.bytes().all(|c| c.is_ascii_digit()) {
                        self.url.facts.lenient_port = Some(p + 1..e);
                    }
                    None
                }
                None => Some(Refusal::PortNotNumber(text.to_owned())),
            }
        };
        tracer.record(|| {
            let step = Step::change(
                StepId::PhpPort,
                Component::Port,
                Some(text),
                self.has_port.then(|| self.port.to_string()).as_deref(),
            )
            .at(p + 1..e);
            match &refusal {
                Some(why) => step.decide(format!("{why}: the URL is refused")).fail(),
                None if !read_here => step.decide(
                    "the port read after the first ':' stays; this text is not read",
                ),
                None if text.is_empty() => step.decide("an empty port: no port"),
                None if text.parse::<u16>().ok() == Some(self.port) => {
                    step.decide("the last ':' starts the port")
                }
                None => {
                    step.decide("strtol reads the port: spaces, a sign and what follows its digits count for nothing")
                }
            }
        });
        match refusal {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// The `just_path` label: fragment, query and path of the rest
    /// starting at `s`.
    fn just_path<T: Tracer>(&mut self, s: usize, tracer: &mut T) {
        let b = self.input.as_bytes();
        let ue = b.len();
        let mut e = ue;
        if let Some(hash) = find(b, s, e, b'#') {
            let fragment = self.part(Component::Fragment, hash + 1, e, tracer);
            tracer.record(|| {
                Step::change(
                    StepId::PhpFragment,
                    Component::Fragment,
                    None,
                    Some(&fragment),
                )
                .at(hash + 1..e)
            });
            self.url.fragment = Some(fragment);
            e = hash;
        }
        if let Some(q) = find(b, s, e, b'?') {
            let query = self.part(Component::Query, q + 1, e, tracer);
            tracer.record(|| {
                Step::change(StepId::PhpQuery, Component::Query, None, Some(&query)).at(q + 1..e)
            });
            self.url.query = Some(query);
            e = q;
        }
        if s < e || s == ue {
            let path = self.part(Component::Path, s, e, tracer);
            tracer.record(|| {
                Step::change(StepId::PhpPath, Component::Path, None, Some(&path))
                    .at(s..e)
                    .decide(if s == e {
                        "nothing was left: an empty path, present"
                    } else {
                        "the rest"
                    })
            });
            self.url.path = Some(path);
        } else {
            tracer.record(|| {
                Step::new(StepId::PhpPath)
                    .about(Component::Path)
                    .decide("nothing before the '?' or '#': no path")
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoTrace, Trace};

    /// The answer as the runner writes it, in short: `false`, or the keys
    /// and values in PHP's order.
    fn php(input: &str) -> String {
        match parse_url(input, &mut NoTrace) {
            Err(_) => "false".to_owned(),
            Ok(url) => url
                .entries()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    #[test]
    fn parses_as_php_does() {
        // Each checked against php-runner.php.
        let cases = [
            (
                "http://u:p@h:80/p?q#f",
                "scheme=http host=h port=80 user=u pass=p path=/p query=q fragment=f",
            ),
            ("", "path="),
            ("?", "query="),
            ("#", "fragment="),
            (":", "false"),
            ("/x:80", "false"),
            ("/page:1", "false"),
            (
                "http://h\u{0}x/?#",
                "scheme=http host=h_x path=/ query= fragment=",
            ),
            ("http://h: 8/", "scheme=http host=h port=8 path=/"),
            ("http://h:-0/", "scheme=http host=h port=0 path=/"),
            ("http://h:8a/", "scheme=http host=h port=8 path=/"),
            ("http://h:-1/", "false"),
            ("http://h:123456", "false"),
            ("http://h:/", "scheme=http host=h path=/"),
            ("www.php.net:80", "host=www.php.net port=80"),
            ("64.246.30.37:80/", "host=64.246.30.37 port=80 path=/"),
            ("gg:9130731", "scheme=gg path=9130731"),
            (
                "mailto:me@mydomain.com",
                "scheme=mailto path=me@mydomain.com",
            ),
            ("file:///c:/x", "scheme=file path=c:/x"),
            ("file:///path", "scheme=file path=/path"),
            ("http:///blah.com", "false"),
            (
                "http://php.net\\@aliyun.com/aaa.do",
                "scheme=http host=aliyun.com user=php.net\\ path=/aaa.do",
            ),
            (
                "http://example.com:80#@google.com/",
                "scheme=http host=example.com port=80 fragment=@google.com/",
            ),
            ("[::1]:80/foo.php", "path=[::1]:80/foo.php"),
            ("http://[x:80]/", "scheme=http host=[x:80] path=/"),
            ("x://::6.5", "scheme=x host=: port=6"),
            ("//user@host", "host=host user=user"),
            ("a b:c/d", "path=a b:c/d"),
            (":80", "false"),
            ("x:0/p", "host=x port=0 path=/p"),
            // a port of 0 counts as none: the host's own ':' is read again
            ("x:0//h:7/", "host=x port=0 path=//h:7/"),
            ("http://h:0:5/", "scheme=http host=h:0 port=5 path=/"),
            ("1:x", "scheme=1 path=x"),
            ("https://php.net\n", "scheme=https host=php.net_"),
        ];
        let mut wrong = Vec::new();
        for (input, want) in cases {
            let got = php(input);
            if got != want {
                wrong.push(format!("{input:?}: got {got:?}, want {want:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn strtol_reads_as_c_does() {
        assert_eq!(strtol(b" +12x"), Some(12));
        assert_eq!(strtol(b"\x0b-3"), Some(-3));
        assert_eq!(strtol(b"1\x002"), Some(1));
        assert_eq!(strtol(b"- 1"), None);
        assert_eq!(strtol(b"  "), None);
        assert_eq!(strtol(b""), None);
    }

    /// Inputs that together reach every `php.*` step.
    const EVERY_STEP: &[&str] = &[
        "http://u:p@h:80/p?q#f",
        "//u@h\x01/x",
        "x",
        ":",
        ":/",
        "a b:c",
        "a b:c/d",
        "mailto:",
        "example.com:80",
        "mailto:a@b",
        "file:///c:/x",
        "http:/x",
        "http://h:abc/",
        "http://@/",
        "http://[::1]/",
        "a:99999",
        "?q",
    ];

    #[test]
    fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
        let mut reached = std::collections::BTreeSet::new();
        for input in EVERY_STEP {
            let mut trace = Trace::default();
            let traced = parse_url(input, &mut trace);
            assert_eq!(traced, parse_url(input, &mut NoTrace), "{input:?}");
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
        assert_eq!(
            crate::engine::servers::test_steps::unreached(crate::engine::Stage::Php, &reached),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn the_host_and_userinfo_steps_name_their_components() {
        let mut trace = Trace::default();
        let _ = parse_url("http://u@h/", &mut trace);
        let component = |id: StepId| {
            trace
                .steps
                .iter()
                .find(|s| s.id == id)
                .and_then(|s| s.component)
        };
        assert_eq!(component(StepId::PhpAuthority), Some(Component::Host));
        assert_eq!(component(StepId::PhpHost), Some(Component::Host));
        assert_eq!(component(StepId::PhpUserinfo), Some(Component::User));
    }

    #[test]
    fn no_input_panics() {
        let big = "a:1@[".repeat(1 << 20);
        let weird = [
            "",
            "%",
            "[",
            "]",
            "[]",
            "//[",
            "http://[",
            ":",
            "::",
            ":::",
            "//",
            "///",
            "#",
            "?#?",
            "@",
            "//@",
            "a:",
            "a:/",
            "a://",
            "file:",
            "file://",
            "file:///",
            "file:////",
            "file:///a",
            "\u{10ffff}:\u{0}",
            "é:1",
            "//é@é:é",
            "http://h:\u{0}1",
        ];
        for input in weird.iter().copied().chain([big.as_str()]) {
            let _ = parse_url(input, &mut NoTrace);
            let _ = parse_url(input, &mut Trace::default());
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn never_panics_and_traced_equals_untraced(
                input in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;= \\\\é\u{0}\u{1f}\u{7f}\t-]{0,24}",
            ) {
                let plain = parse_url(&input, &mut NoTrace);
                let mut trace = Trace::default();
                let traced = parse_url(&input, &mut trace);
                prop_assert_eq!(plain, traced);
            }

            #[test]
            fn every_part_is_a_piece_of_the_input_or_underscored(
                input in "[a-z0-9:/?#@\\[\\]\u{1}é]{0,16}",
            ) {
                if let Ok(url) = parse_url(&input, &mut NoTrace) {
                    let cleaned = replace_controls(&input);
                    for (key, value) in url.entries() {
                        prop_assert!(key == "port" || cleaned.contains(&*value), "{} {:?}", key, value);
                    }
                }
            }
        }
    }
}
