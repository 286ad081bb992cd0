//! Perl's `URI` module 5.17 (Debian's `liburi-perl` 5.17-1 under perl
//! 5.36.0), modelled: `URI->new($input)`, or `URI->new_abs($input, $base)`
//! with a base, then the object's getters.
//!
//! The request is the project's definition (`scripts/servers/perl-runner.pl`
//! states it): the object's class (`ref`), `as_string`, `canonical`,
//! `scheme`, `opaque`, `path`, `query`, `fragment`, and where the class has
//! them `authority`, `userinfo`, `host`, `ihost`, `port`, `default_port`.
//! `new` never dies; `new_abs` dies on a base that is empty or "0"
//! ("Missing base argument") or when the base's class lacks a method the
//! resolution calls; `ihost` dies on a label starting "xn--" that is not a
//! punycode label URI can decode and encode back.
//!
//! Source read: the installed modules themselves (`/usr/share/perl5/URI.pm`
//! and `/usr/share/perl5/URI/*.pm`, `$VERSION` 5.17, the very files the
//! runner loads), and `/usr/share/perl5/Regexp/IPv6.pm` 0.03 (Debian's
//! `libregexp-ipv6-perl`), which `URI::_generic` loads when it is there.
//!
//! | function of URI 5.17 | here |
//! |---|---|
//! | `URI::new`, `implementor`, `_init`, `_uric_escape`, `_fix_uric_escape_for_host_part`; `URI::_server::_uric_escape`, `_host_escape`; `URI::urn::_init` | `new.rs` |
//! | `URI::new_abs`, `URI::_generic::abs`, `URI::abs`, `URI::sip::abs`, `URI::_scheme` as a setter | `resolve.rs` |
//! | `opaque`, `path`, `path_query`, `query`, `fragment`, `authority` (and `URI::sip::authority`), their setters, `_check_path`, `_looks_like_raw_ip6_address` | `object.rs` |
//! | `URI::_server::userinfo`, `host`, `ihost`, `_port`, `port`, `host` and `port` as setters; `URI::file::host` | `server.rs` |
//! | `canonical` of `URI`, `URI::_server`, `URI::http`, `URI::file`, `URI::_ldap`, `URI::urn` | `canonical.rs` |
//! | `URI::_idna`, `URI::_punycode` | `idna.rs` |
//! | `URI::Escape::escape_char`, `uri_unescape`; the character classes; `\s`, `\d`, `lc`; `Regexp::IPv6` | `text.rs`, `tables.rs` |
//! | the class tree and its method resolution | `class.rs` |
//!
//! Perl's regular expressions are written out as the searches they
//! amount to, each checked for Perl's rules: `.` stops at a line feed
//! where the module has no `/s` (so `s/(.*@)//` on a host cuts from the
//! start of the first line holding an '@'), `$` may match before a last
//! line feed, `\d` and `\s` are Unicode's on a string with a character
//! outside ASCII (`:٣` is a port to `_server::_uric_escape`), and `lc` is
//! Unicode's there but ASCII's on the byte strings `uri_unescape` makes.
//! `Regexp::IPv6`'s expression is evaluated as sets of end positions
//! (`text.rs`), so its answer cannot depend on a backtracking order; a
//! test holds it, the `\d` table and the `lc` table to the machine's perl.
//!
//! Nothing depends on the machine beyond which modules are installed: no
//! DNS, no locale (URI uses none). The runner is one process answering
//! every request; URI keeps a cache of classes per scheme and per urn:
//! namespace, which gives the same classes whatever the order.

mod canonical;
mod class;
mod idna;
mod new;
mod object;
mod resolve;
mod server;
mod tables;
mod text;

pub use class::Class;
pub use object::Uri;
pub use resolve::How;
pub use server::CodePoints;
pub use text::lossy;

use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// The call that died.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// `URI->new_abs`.
    NewAbs,
    /// `$u->ihost`.
    Ihost,
}

impl Call {
    /// The name the runner writes.
    pub const fn name(self) -> &'static str {
        match self {
            Call::NewAbs => "new_abs",
            Call::Ihost => "ihost",
        }
    }
}

/// A die: the call and its text, less perl's " at FILE line N." tail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerlError {
    pub call: Call,
    pub text: String,
}

impl std::fmt::Display for PerlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The request: `URI->new($input)`, or `URI->new_abs($input, $base)`;
/// the object, and how `abs` came to it.
pub fn request<T: Tracer>(
    input: &str,
    base: Option<&str>,
    tracer: &mut T,
) -> Result<(Uri, How), PerlError> {
    match base {
        None => Ok((new::new(input, None, tracer), How::NoBase)),
        Some(base) => resolve::new_abs(input, base, tracer).map_err(|text| PerlError {
            call: Call::NewAbs,
            text,
        }),
    }
}

/// What the request reads of the object, getter by getter; `None` where
/// the class has no such method (`can` fails), and an inner `None` where
/// the getter returns undef.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub class: Class,
    pub as_string: String,
    pub canonical: String,
    pub scheme: Option<String>,
    pub opaque: String,
    /// `None`: undef (sip's path).
    pub path: Option<String>,
    pub query: Option<Option<String>>,
    pub fragment: Option<String>,
    pub authority: Option<Option<String>>,
    pub userinfo: Option<Option<String>>,
    /// The host as Perl holds it: percent-decoded into characters U+0000
    /// to U+00FF, one per byte.
    pub host: Option<Option<String>>,
    /// `ihost`, or the text it dies with.
    pub ihost: Option<Result<Option<CodePoints>, String>>,
    pub port: Option<String>,
    pub default_port: Option<u16>,
}

impl Reading {
    /// The die of the first getter that died (only `ihost` can).
    pub fn error(&self) -> Option<PerlError> {
        match &self.ihost {
            Some(Err(text)) => Some(PerlError {
                call: Call::Ihost,
                text: text.clone(),
            }),
            _ => None,
        }
    }
}

impl Uri {
    /// `$u->canonical`, a copy.
    pub fn canonical<T: Tracer>(&self, tracer: &mut T) -> Uri {
        canonical::canonical(self, tracer)
    }

    /// Every getter the request reads, in the runner's order.
    pub fn read<T: Tracer>(&self, tracer: &mut T) -> Reading {
        let class = self.class;
        let canonical = self.canonical(tracer).text;
        let scheme = self.scheme();
        tracer.record(|| {
            Step::change(
                StepId::PerlScheme,
                Component::Scheme,
                None,
                scheme.as_deref(),
            )
        });
        let opaque = self.opaque().to_owned();
        tracer.record(|| Step::new(StepId::PerlOpaque).decide(format!("{opaque:?}")));
        let path = self.path().map(str::to_owned);
        tracer.record(|| {
            Step::change(StepId::PerlPath, Component::Path, None, path.as_deref()).decide(
                match class.path_kind() {
                    class::PathKind::Opaque => "the opaque part (URI::path)",
                    class::PathKind::Generic => "URI::_generic::path",
                    class::PathKind::PathQuery => "ftp: path_query, the query included",
                    class::PathKind::None => "sip: no path",
                },
            )
        });
        let query = class.has_query().then(|| self.query().map(str::to_owned));
        if let Some(q) = &query {
            tracer.record(|| Step::change(StepId::PerlQuery, Component::Query, None, q.as_deref()));
        }
        let fragment = self.fragment().map(str::to_owned);
        tracer.record(|| {
            Step::change(
                StepId::PerlFragment,
                Component::Fragment,
                None,
                fragment.as_deref(),
            )
        });
        let authority = class
            .has_authority()
            .then(|| self.authority().map(str::to_owned));
        if let Some(a) = &authority {
            tracer.record(|| {
                Step::change(StepId::PerlAuthority, Component::Host, None, a.as_deref())
            });
        }
        let userinfo = class
            .is_server()
            .then(|| self.userinfo().map(str::to_owned));
        if let Some(u) = &userinfo {
            tracer
                .record(|| Step::change(StepId::PerlUserinfo, Component::User, None, u.as_deref()));
        }
        let host = class.has_host().then(|| self.host());
        if let Some(h) = &host {
            tracer.record(|| {
                Step::change(
                    StepId::PerlHost,
                    Component::Host,
                    authority.clone().flatten().as_deref(),
                    h.as_deref(),
                )
            });
        }
        let ihost = class.is_server().then(|| self.ihost());
        if let Some(i) = &ihost {
            tracer.record(|| {
                let step = Step::new(StepId::PerlIhost).about(Component::Host);
                match i {
                    Ok(Some(cps)) => step.decide(format!("{:?}", lossy(cps))),
                    Ok(None) => step.decide("no host"),
                    Err(e) => step.decide(e.clone()).fail(),
                }
            });
        }
        let port = class.is_server().then(|| self.port()).flatten();
        if class.is_server() {
            tracer.record(|| {
                Step::change(
                    StepId::PerlPort,
                    Component::Port,
                    self.raw_port(),
                    port.as_deref(),
                )
            });
        }
        Reading {
            class,
            as_string: self.text.clone(),
            canonical,
            scheme,
            opaque,
            path,
            query,
            fragment,
            authority,
            userinfo,
            host,
            ihost,
            port,
            default_port: class.default_port(),
        }
    }
}

/// Perl's own encoding of code points (its extended UTF-8: surrogates
/// encoded like any other, code points past U+10FFFF in longer forms),
/// as `utf8::encode` gives it.
pub fn perl_utf8(cps: &[u64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(cps.len());
    for &c in cps {
        // the length, and the marker bits of the first byte
        let (len, first): (usize, u8) = match c {
            0..=0x7f => (1, 0),
            0x80..=0x7ff => (2, 0xc0),
            0x800..=0xffff => (3, 0xe0),
            0x1_0000..=0x1f_ffff => (4, 0xf0),
            0x20_0000..=0x3ff_ffff => (5, 0xf8),
            0x400_0000..=0x7fff_ffff => (6, 0xfc),
            0x8000_0000..=0xf_ffff_ffff => (7, 0xfe),
            _ => (13, 0xff),
        };
        if len == 1 {
            out.push(u8::try_from(c).unwrap_or(0));
            continue;
        }
        let cont = u32::try_from(len - 1).unwrap_or(0);
        let lead = if len == 13 {
            0xff
        } else if len == 7 {
            0xfe
        } else {
            first | u8::try_from(c.checked_shr(6 * cont).unwrap_or(0)).unwrap_or(0)
        };
        out.push(lead);
        for k in (0..cont).rev() {
            out.push(0x80 | u8::try_from(c.checked_shr(6 * k).unwrap_or(0) & 0x3f).unwrap_or(0));
        }
    }
    out
}

#[cfg(test)]
mod tests;
