//! `URI::RFC3986_Parser#split` (`lib/uri/rfc3986_parser.rb`): the two
//! regexps, `RFC3986_URI` then `RFC3986_relative_ref`, matched by hand.
//!
//! Why a scan gives Onigmo's match: both regexps are anchored (`\A…\z`),
//! and every choice they make is between pieces whose characters do not
//! overlap where the choice falls:
//!
//! - no class of the hier-part holds `?` or `#`, so the hier-part ends at
//!   the first of them; then `(?:\?(?<query>[^#]*))?` takes everything up
//!   to the next `#` (a shorter query would leave a character that is not
//!   `#`), and the fragment, whose class has no `#`, the rest;
//! - of the four hier-part alternatives only one can match a given text:
//!   `//…` only the authority (an absolute path cannot start with two
//!   slashes), `/…` only the absolute path, anything else the rootless (or
//!   no-scheme) path, and the empty text the empty path;
//! - no piece of the authority holds `/`, so the authority ends at the
//!   first `/` and `path-abempty` takes the rest; no piece after the
//!   userinfo holds `@`, so an `@` must end the userinfo (the first one,
//!   since the userinfo has none either), or nothing matches;
//! - a reg-name and an IPv4 address hold no `:`, so such a host ends at
//!   the first `:`, and the port (digits) runs to the end;
//! - the scheme's class has no `:`: one scheme at most.
//!
//! The one real choice is the IPv6 address of a relative reference, whose
//! closing bracket the regexp forgot (see `regexp.rs`). Each part here is
//! a slice of the string split; only an opaque part with its query put
//! back is a new string, as in the library.

use std::borrow::Cow;

use super::error::{ErrorClass, Raise};
use super::regexp::{
    self, FRAGMENT, PATH, REG_NAME, SCHEME, SEGMENT_NC, USERINFO, all_escaped, escaped_run,
};
use super::text::{dump, inspect};
use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// What `split` returns: the nine components of `URI.for`'s arguments
/// (the registry is always nil with this parser).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split<'a> {
    pub scheme: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: Option<&'a str>,
    pub opaque: Option<Cow<'a, str>>,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

/// Which of the two regexps is matching: they differ in the path after no
/// scheme and in the IP-literal.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Regexp {
    /// `RFC3986_URI`.
    Uri,
    /// `RFC3986_relative_ref`.
    Relative,
}

/// The hier-part (or relative-part) a regexp matched.
struct Hier<'a> {
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    /// `path-rootless`: the opaque part of an absolute URI.
    rootless: bool,
}

/// `RFC3986_Parser#split(uri)`.
pub fn split<'a, T: Tracer>(uri: &'a str, tracer: &mut T) -> Result<Split<'a>, Raise> {
    // split: `uri.ascii_only? or raise InvalidURIError`
    if !uri.is_ascii() {
        tracer.record(|| {
            Step::new(StepId::RubyAsciiOnly)
                .decide("a character outside ASCII: refused")
                .fail()
        });
        return Err(Raise::new(
            ErrorClass::InvalidUri,
            format!("URI must be ascii only {}", dump(uri)),
        ));
    }
    tracer.record(|| Step::new(StepId::RubyAsciiOnly).decide_fixed("ASCII only"));
    // RFC3986_URI: `\A(?<scheme>[A-Za-z][+\-.0-9A-Za-z]*):…`
    let bytes = uri.as_bytes();
    let scheme_len = match bytes.first() {
        Some(b) if b.is_ascii_alphabetic() => {
            1 + bytes[1..].iter().take_while(|&&b| SCHEME.has(b)).count()
        }
        _ => 0,
    };
    if scheme_len > 0 && bytes.get(scheme_len) == Some(&b':') {
        let scheme = &uri[..scheme_len];
        tracer.record(|| {
            Step::change(StepId::RubyScheme, Component::Scheme, None, Some(scheme))
                .decide("RFC3986_URI: a scheme and ':'")
        });
        if let Some(split) = absolute(uri, scheme, tracer) {
            return Ok(split);
        }
    } else {
        tracer.record(|| {
            Step::new(StepId::RubyScheme)
                .decide_fixed("no scheme and ':' at the start: RFC3986_URI cannot match")
        });
    }
    // split: `elsif m = RFC3986_relative_ref.match(uri)`
    tracer.record(|| {
        Step::new(StepId::RubyRelativeRef)
            .decide_fixed("RFC3986_URI did not match: RFC3986_relative_ref is tried")
    });
    if let Some((hier, (query, fragment))) = match_rest(uri, Regexp::Relative, tracer) {
        return Ok(Split {
            userinfo: hier.userinfo,
            host: hier.host,
            port: hier.port,
            path: Some(hier.path),
            query,
            fragment,
            ..Split::default()
        });
    }
    // split: `raise InvalidURIError, "bad URI(is not URI?): …"`
    tracer.record(|| {
        Step::new(StepId::RubyBadUri)
            .decide_fixed("neither regexp matched the whole string")
            .fail()
    });
    Err(Raise::new(
        ErrorClass::InvalidUri,
        format!("bad URI(is not URI?): {}", inspect(uri)),
    ))
}

/// `RFC3986_URI` after its scheme, and the parts `split` makes of it.
fn absolute<'a, T: Tracer>(uri: &'a str, scheme: &'a str, tracer: &mut T) -> Option<Split<'a>> {
    let (hier, (query, fragment)) = match_rest(&uri[scheme.len() + 1..], Regexp::Uri, tracer)?;
    if hier.rootless {
        // split: `opaque = m["path-rootless"]; opaque << "?#{query}" if query`
        let opaque = match query {
            None => Cow::Borrowed(hier.path),
            Some(q) => Cow::Owned(format!("{}?{q}", hier.path)),
        };
        tracer.record(|| {
            Step::change(StepId::RubyOpaque, Component::Path, None, Some(&opaque)).decide(
                if query.is_some() {
                    "a rootless path: the opaque part, its query put back after '?'"
                } else {
                    "a rootless path: the opaque part"
                },
            )
        });
        return Some(Split {
            scheme: Some(scheme),
            opaque: Some(opaque),
            fragment,
            ..Split::default()
        });
    }
    Some(Split {
        scheme: Some(scheme),
        userinfo: hier.userinfo,
        host: hier.host,
        port: hier.port,
        path: Some(hier.path),
        opaque: None,
        query,
        fragment,
    })
}

/// The hier-part (or relative-part), the query and the fragment of `rest`,
/// when all of it matches.
fn match_rest<'a, T: Tracer>(
    rest: &'a str,
    regexp: Regexp,
    tracer: &mut T,
) -> Option<(Hier<'a>, QueryFragment<'a>)> {
    // no class of the hier-part holds '?' or '#': it ends at the first one
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let (text, tail) = rest.split_at(end);
    let hier = hier_part(text, regexp, tracer)?;
    Some((hier, query_fragment(tail, tracer)?))
}

/// `hier-part` of `RFC3986_URI`, or `relative-part` of
/// `RFC3986_relative_ref`: its four alternatives, in order.
fn hier_part<'a, T: Tracer>(text: &'a str, regexp: Regexp, tracer: &mut T) -> Option<Hier<'a>> {
    if let Some(after) = text.strip_prefix("//") {
        tracer.record(|| {
            Step::new(StepId::RubyHierPart).decide_fixed("'//': an authority and a path")
        });
        return authority(after, regexp, tracer);
    }
    let (ok, words) = if text.starts_with('/') {
        (all_escaped(text, PATH), "path-absolute")
    } else if text.is_empty() {
        (true, "path-empty")
    } else if regexp == Regexp::Uri {
        (all_escaped(text, PATH), "path-rootless: an opaque part")
    } else {
        // path-noscheme: a first segment without ':', then segments
        let first = escaped_run(text.as_bytes(), SEGMENT_NC);
        let ok = first > 0 && (first == text.len() || text.as_bytes()[first] == b'/');
        (ok && all_escaped(&text[first..], PATH), "path-noscheme")
    };
    tracer.record(|| Step::new(StepId::RubyHierPart).decide_fixed(words));
    record_path(text, ok, tracer);
    ok.then_some(Hier {
        userinfo: None,
        host: None,
        port: None,
        path: text,
        rootless: regexp == Regexp::Uri && !text.is_empty() && !text.starts_with('/'),
    })
}

/// The path step: the path's characters checked.
fn record_path<T: Tracer>(path: &str, ok: bool, tracer: &mut T) {
    tracer.record(|| {
        let step = Step::change(StepId::RubyPath, Component::Path, None, Some(path));
        if ok {
            step.decide_fixed("path characters and %XX escapes only")
        } else {
            step.decide_fixed("a character that no path may hold: the regexp fails")
                .fail()
        }
    });
}

/// `//` `authority` `path-abempty`: the authority up to the first `/`.
fn authority<'a, T: Tracer>(after: &'a str, regexp: Regexp, tracer: &mut T) -> Option<Hier<'a>> {
    let (auth, path) = after.split_at(after.find('/').unwrap_or(after.len()));
    tracer.record(|| {
        Step::change(StepId::RubyAuthority, Component::Host, None, Some(auth))
            .decide_fixed("from '//' to the first '/', '?' or '#'")
    });
    // (?:(?<userinfo>(?:%\h\h|[!$&-.0-;=A-Z_a-z~])*)@)?
    let (userinfo, hostport) = match auth.find('@') {
        None => (None, auth),
        Some(at) => (Some(&auth[..at]), &auth[at + 1..]),
    };
    let userinfo_ok = userinfo.is_none_or(|u| all_escaped(u, USERINFO));
    tracer.record(|| {
        let step = Step::change(StepId::RubyUserinfo, Component::User, None, userinfo);
        match (userinfo, userinfo_ok) {
            (None, _) => step.decide_fixed("no '@': no userinfo"),
            (Some(_), true) => step.decide_fixed("up to the first '@'"),
            (Some(_), false) => step
                .decide_fixed(
                    "a character no userinfo may hold (a second '@' among them): the regexp fails",
                )
                .fail(),
        }
    });
    if !userinfo_ok {
        return None;
    }
    let (host, port) = host_port(hostport, regexp, tracer)?;
    let path_ok = all_escaped(path, PATH);
    record_path(path, path_ok, tracer);
    path_ok.then_some(Hier {
        userinfo,
        host,
        port,
        path,
        rootless: false,
    })
}

/// A host and a port, each absent or a slice of the string split.
type HostPort<'a> = (Option<&'a str>, Option<&'a str>);

/// The query and the fragment, each absent or a slice of the string split.
type QueryFragment<'a> = (Option<&'a str>, Option<&'a str>);

/// `port` after the host: `rest` is empty, or `:` and digits.
fn port_of(rest: &str) -> Option<Option<&str>> {
    if rest.is_empty() {
        return Some(None);
    }
    let digits = rest.strip_prefix(':')?;
    digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then_some(Some(digits))
}

/// `(?<host>…)?(?::(?<port>\d*))?` on what follows the userinfo.
fn host_port<'a, T: Tracer>(
    hostport: &'a str,
    regexp: Regexp,
    tracer: &mut T,
) -> Option<HostPort<'a>> {
    let found = if hostport.starts_with('[') {
        ip_literal(hostport, regexp, tracer)
    } else {
        let future = (regexp == Regexp::Relative)
            .then(|| future_bracket(hostport, tracer))
            .flatten();
        match future {
            Some(found) => Some(found),
            None => name(hostport, tracer),
        }
    };
    let Some((host, port)) = found else {
        // (the relative regexp's '[' records its own failure)
        if regexp == Regexp::Uri || !hostport.starts_with('[') {
            tracer.record(|| {
                Step::change(StepId::RubyHost, Component::Host, None, None)
                    .decide_fixed("no host form, nor a port, fits what follows: the regexp fails")
                    .fail()
            });
        }
        return None;
    };
    tracer.record(|| {
        Step::change(StepId::RubyPort, Component::Port, None, port).decide_fixed(
            if port.is_some() {
                "':' and digits after the host"
            } else {
                "no port"
            },
        )
    });
    Some((host, port))
}

/// A host and port that start with `[`.
fn ip_literal<'a, T: Tracer>(
    hostport: &'a str,
    regexp: Regexp,
    tracer: &mut T,
) -> Option<HostPort<'a>> {
    let bytes = hostport.as_bytes();
    if regexp == Regexp::Uri {
        // `\[(?:(?<IPv6address>…)|(?<IPvFuture>…))\]`: neither holds ']'
        let close = hostport.find(']')?;
        let inner = &bytes[1..close];
        let v6 = regexp::is_ipv6(inner);
        if !v6 && !regexp::is_ipvfuture(inner) {
            return None;
        }
        let port = port_of(&hostport[close + 1..])?;
        let host = &hostport[..=close];
        tracer.record(|| {
            Step::change(StepId::RubyHost, Component::Host, None, Some(host)).decide_fixed(if v6 {
                "IP-literal: an IPv6 address in brackets"
            } else {
                "IP-literal: an IPvFuture in brackets"
            })
        });
        return Some((Some(host), port));
    }
    // `\[(?<IPv6address>…)` with no ']': the first end that a port and the
    // path can follow
    let mut found = None;
    regexp::ipv6_ends(&bytes[1..], &mut |end| {
        let rest = &hostport[1 + end..];
        match port_of(rest) {
            Some(port) => {
                found = Some((Some(&hostport[..1 + end]), port));
                true
            }
            None => false,
        }
    });
    tracer.record(|| {
        let step = Step::change(
            StepId::RubyRelativeIpLiteral,
            Component::Host,
            None,
            found.and_then(|(host, _)| host),
        );
        match found {
            Some(_) => step.decide_fixed(
                "'[' and an IPv6 address, with no ']', in the relative-reference regexp",
            ),
            None if hostport.contains(']') => step
                .decide_fixed(
                    "the relative-reference regexp wants '[' and an IPv6 address with no ']': \
                     the ']' cannot follow, the regexp fails",
                )
                .fail(),
            None => step
                .decide_fixed("no IPv6 address after '[' that a port and the path can follow")
                .fail(),
        }
    });
    found
}

/// The relative-reference regexp's other half of its IP-literal:
/// `(?<IPvFuture>v\h+\.[…]+)\]`, with no opening bracket.
fn future_bracket<'a, T: Tracer>(hostport: &'a str, tracer: &mut T) -> Option<HostPort<'a>> {
    let end = regexp::ipvfuture_end(hostport.as_bytes())?;
    if hostport.as_bytes().get(end) != Some(&b']') {
        return None;
    }
    let host = &hostport[..=end];
    let port = port_of(&hostport[end + 1..])?;
    tracer.record(|| {
        Step::change(
            StepId::RubyRelativeIpLiteral,
            Component::Host,
            None,
            Some(host),
        )
        .decide_fixed("an IPvFuture and ']' with no '[' in the relative-reference regexp")
    });
    Some((Some(host), port))
}

/// `\g<IPv4address>|(?<reg-name>…)`, or no host: the text up to the first
/// `:` (neither holds one).
fn name<'a, T: Tracer>(hostport: &'a str, tracer: &mut T) -> Option<HostPort<'a>> {
    let colon = hostport.find(':').unwrap_or(hostport.len());
    let host = &hostport[..colon];
    if host.is_empty() {
        let port = port_of(hostport)?;
        tracer.record(|| {
            Step::change(StepId::RubyHost, Component::Host, None, None)
                .decide_fixed("no host (a host is never empty): nil")
        });
        return Some((None, port));
    }
    if !all_escaped(host, REG_NAME) {
        return None;
    }
    let port = port_of(&hostport[colon..])?;
    tracer.record(|| {
        Step::change(StepId::RubyHost, Component::Host, None, Some(host)).decide_fixed(
            if regexp::is_ipv4(host.as_bytes()) {
                "IPv4address"
            } else {
                "reg-name: unreserved and sub-delim characters and %XX escapes"
            },
        )
    });
    Some((Some(host), port))
}

/// `(?:\?(?<query>[^#]*))?(?:\#(?<fragment>…))?\z` on what follows the
/// hier-part.
fn query_fragment<'a, T: Tracer>(tail: &'a str, tracer: &mut T) -> Option<QueryFragment<'a>> {
    let (query, fragment) = match tail.strip_prefix('?') {
        Some(q) => match q.find('#') {
            Some(hash) => (Some(&q[..hash]), Some(&q[hash + 1..])),
            None => (Some(q), None),
        },
        None => (None, tail.strip_prefix('#')),
    };
    if query.is_some() {
        tracer.record(|| {
            Step::change(StepId::RubyQuery, Component::Query, None, query)
                .decide_fixed("everything after the first '?' up to a '#'")
        });
    }
    let Some(fragment) = fragment else {
        return Some((query, None));
    };
    let ok = all_escaped(fragment, FRAGMENT);
    tracer.record(|| {
        let step = Step::change(
            StepId::RubyFragment,
            Component::Fragment,
            None,
            Some(fragment),
        );
        if ok {
            step.decide_fixed("path characters, '/', '?' and %XX escapes only")
        } else {
            step.decide_fixed("a character no fragment may hold: the regexp fails")
                .fail()
        }
    });
    ok.then_some((query, Some(fragment)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoTrace;

    fn parts(uri: &str) -> Result<[Option<String>; 8], String> {
        let s = split(uri, &mut NoTrace).map_err(|e| e.message)?;
        let o = |v: Option<&str>| v.map(str::to_owned);
        Ok([
            o(s.scheme),
            o(s.userinfo),
            o(s.host),
            o(s.port),
            o(s.path),
            s.opaque.map(Cow::into_owned),
            o(s.query),
            o(s.fragment),
        ])
    }

    fn host(uri: &str) -> Option<String> {
        parts(uri).ok().and_then(|p| p[2].clone())
    }

    #[test]
    fn splits_as_ruby_does() {
        // Each checked against ruby 3.1.2's URI.split.
        assert_eq!(
            parts("http://u:p@h:080/a?q b#f").ok(),
            Some(
                [
                    Some("http"),
                    Some("u:p"),
                    Some("h"),
                    Some("080"),
                    Some("/a"),
                    None,
                    Some("q b"),
                    Some("f")
                ]
                .map(|v| v.map(str::to_owned))
            )
        );
        assert_eq!(
            parts("mailto:a@b?x").map(|p| p[5].clone()),
            Ok(Some("a@b?x".into()))
        );
        assert_eq!(host("http://[::1]:80/"), Some("[::1]".into()));
        assert_eq!(host("//[1::2:3/x"), Some("[1::2:3".into()));
        assert_eq!(host("//v1.x]/"), Some("v1.x]".into()));
        assert_eq!(host("http://:80/"), None);
        assert!(parts("//[::1]/").is_err());
        assert!(parts("http://[::a:b:c:d:1:2]/").is_err());
        assert!(parts("http://a@b@c/").is_err());
        assert!(parts("http://h#a#b").is_err());
        assert!(parts("a:b c").is_err());
        assert_eq!(
            parts("http://h/é"),
            Err(r#"URI must be ascii only "http://h/\u00E9""#.into())
        );
        assert_eq!(parts("x y"), Err(r#"bad URI(is not URI?): "x y""#.into()));
    }
}
