//! `URI->new` (URI 5.17, `URI.pm`): unwrap and trim the string, find the
//! scheme and the class, and `_init` it: the class's `_uric_escape`
//! (`URI/_server.pm`'s IDNA step for the server classes, then `URI.pm`'s
//! percent-encoding and square-bracket repair), the scheme in front for the
//! classes that need one, and the urn: namespace's class.

use std::borrow::Cow;

use super::class::{Class, Family};
use super::idna;
use super::object::Uri;
use super::text::{
    first_line_match, is_digit, is_space, is_uric, is_uric4host, leading_scheme, push_escaped_utf8,
    scheme_run,
};
use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// `/^<(?:URL:)?(.*)>$/` then `/^"(.*)"$/` (no `/s`: `.` stops at a line
/// feed, and `$` may match before a last line feed, which then stays).
fn unwrap(s: &str) -> Cow<'_, str> {
    let once = |s: &str, open: char, close: char, url: bool| -> Option<String> {
        let (body, tail) = match s.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (s, ""),
        };
        let inner = body.strip_prefix(open)?.strip_suffix(close)?;
        if inner.contains('\n') {
            return None;
        }
        let inner = if url {
            inner.strip_prefix("URL:").unwrap_or(inner)
        } else {
            inner
        };
        Some(format!("{inner}{tail}"))
    };
    let angle = once(s, '<', '>', true);
    let current = angle.as_deref().unwrap_or(s);
    match (once(current, '"', '"', false), angle) {
        (Some(q), _) => Cow::Owned(q),
        (None, Some(a)) => Cow::Owned(a),
        (None, None) => Cow::Borrowed(s),
    }
}

/// `s/^\s+//; s/\s+$//` with Unicode's whitespace.
fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// `URI->new($uri, $scheme)`: `scheme` is new's second argument (the base,
/// for `new_abs`), a string or none.
pub(super) fn new<T: Tracer>(uri: &str, scheme: Option<&str>, tracer: &mut T) -> Uri {
    // URI.pm, new: strip <URL:...>, <...>, "..."
    let unwrapped = unwrap(uri);
    if let Cow::Owned(u) = &unwrapped {
        tracer.record(|| Step::new(StepId::PerlNewUnwrap).decide(format!("{uri:?} becomes {u:?}")));
    }
    // URI.pm, new: s/^\s+//; s/\s+$//
    let uri = trim(&unwrapped);
    if uri.len() != unwrapped.len() {
        tracer.record(|| {
            Step::new(StepId::PerlNewTrim).decide(format!(
                "{} whitespace characters stripped from the ends",
                unwrapped.chars().count() - uri.chars().count()
            ))
        });
    }
    // URI.pm, new: the input's scheme, or the one its second argument names
    let own = leading_scheme(uri);
    let scheme: Option<&str> = match (own, scheme) {
        (Some(own), _) => Some(own),
        (None, None) => None,
        // `$scheme && $scheme =~ m/^($scheme_re)(?::|$)/`: the scheme it
        // starts with, else the argument as it is
        (None, Some(arg)) => Some(
            scheme_run(arg)
                .filter(|_| arg != "0")
                .filter(|&n| {
                    let rest = &arg[n..];
                    rest.is_empty() || rest == "\n" || rest.starts_with(':')
                })
                .map_or(arg, |n| &arg[..n]),
        ),
    };
    tracer.record(|| {
        Step::change(StepId::PerlNewScheme, Component::Scheme, None, scheme).decide(match own {
            Some(_) => "the input's own scheme".to_owned(),
            None => match scheme {
                Some(s) => format!("none of its own: new's second argument gives {s:?}"),
                None => "none, and no second argument".to_owned(),
            },
        })
    });
    let class = implementor(scheme);
    tracer.record(|| {
        Step::new(StepId::PerlImplementor).decide(format!(
            "{}{}",
            class.name(),
            match scheme {
                Some(s) if class == Class::Foreign => format!(": URI has no module for {s:?}"),
                None => ": no scheme".to_owned(),
                Some(s) if class == Class::Generic => {
                    format!(": {s:?} is no scheme")
                }
                Some(_) => String::new(),
            }
        ))
    });
    init(class, uri, scheme, tracer)
}

/// `URI::implementor` for a scheme (or whatever new's second argument was).
fn implementor(scheme: Option<&str>) -> Class {
    match scheme {
        // !$scheme || $scheme !~ /\A$scheme_re\z/
        Some(s) if !s.is_empty() && s != "0" && scheme_run(s) == Some(s.len()) => {
            Class::of_scheme(&s.to_ascii_lowercase()).unwrap_or(Class::Foreign)
        }
        _ => Class::Generic,
    }
}

/// `_init`: the class's `_uric_escape`, the scheme in front where the
/// class needs one, and for urn: the namespace's class.
fn init<T: Tracer>(class: Class, uri: &str, scheme: Option<&str>, tracer: &mut T) -> Uri {
    let mut text = if class.family() == Family::Server {
        server_uric_escape(uri, tracer)
    } else {
        uric_escape(uri, tracer)
    };
    // URI.pm, _init: "$scheme:$str" unless it has one or may do without
    if !class.no_scheme_ok() && leading_scheme(&text).is_none() {
        let s = scheme.unwrap_or("");
        text.insert(0, ':');
        text.insert_str(0, s);
        tracer.record(|| {
            Step::new(StepId::PerlInitScheme).decide(format!(
                "{} needs a scheme: {s:?} goes in front",
                class.name()
            ))
        });
    }
    let mut uri = Uri { class, text };
    if matches!(class, Class::Urn) {
        // URI/urn.pm, _init: the namespace names the class
        let nid = uri
            .opaque()
            .split(':')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        uri.class = match nid.as_str() {
            "isbn" => Class::UrnIsbn,
            "oid" => Class::UrnOid,
            _ => Class::Urn,
        };
        tracer.record(|| {
            Step::new(StepId::PerlUrnClass)
                .decide(format!("namespace {nid:?}: {}", uri.class.name()))
        });
    }
    uri
}

/// `URI::_server::_uric_escape`: the host of a `//` authority goes
/// through IDNA when it holds a character outside the URI set; then
/// `URI::_uric_escape`.
fn server_uric_escape<T: Tracer>(s: &str, tracer: &mut T) -> String {
    // m,^((?:$URI::scheme_re:)?)//([^/?\#]*)(.*)$,s
    let start = leading_scheme(s)
        .map(|sc| sc.len() + 1)
        .filter(|&i| s[i..].starts_with("//"))
        .or_else(|| s.starts_with("//").then_some(0));
    let Some(start) = start else {
        return uric_escape(s, tracer);
    };
    let auth_start = start + 2;
    let auth_end = s[auth_start..]
        .find(['/', '?', '#'])
        .map_or(s.len(), |i| auth_start + i);
    let authority = &s[auth_start..auth_end];
    // $host =~ s/(.*@)//: from the start of the first line holding an '@'
    // to that line's last '@'
    let (ui, host): (&str, Cow<'_, str>) = match first_line_match(authority, '@') {
        Some((from, at)) => (
            &authority[from..=at],
            Cow::Owned(format!("{}{}", &authority[..from], &authority[at + 1..])),
        ),
        None => ("", Cow::Borrowed(authority)),
    };
    // $host =~ s/(:\d+)\z//: Unicode digits, on a character string
    let (host, port) = match host.rfind(':') {
        Some(p) if p + 1 < host.len() && host[p + 1..].chars().all(is_digit) => {
            (Cow::Owned(host[..p].to_owned()), host[p..].to_owned())
        }
        _ => (host, String::new()),
    };
    // _host_escape: only a host with a character outside the set
    if host.chars().all(is_uric4host) {
        tracer.record(|| {
            Step::change(
                StepId::PerlServerAuthority,
                Component::Host,
                None,
                Some(&host),
            )
            .decide(format!(
                "userinfo {ui:?}, port {port:?}; the host needs no IDNA"
            ))
        });
        return uric_escape(s, tracer);
    }
    let cps: Vec<u64> = host.chars().map(u64::from).collect();
    let encoded = idna::encode(&cps, true);
    tracer.record(|| {
        let step = Step::new(StepId::PerlIdnaEncode).about(Component::Host);
        match &encoded {
            Ok(e) => step.decide(format!("{host:?} becomes {:?}", text_of(e))),
            Err(e) => step.decide(format!(
                "{e}: IDNA fails, so the host stays as it is (to be percent-encoded)"
            )),
        }
    });
    match encoded {
        Ok(e) => {
            let new_host = text_of(&e);
            tracer.record(|| {
                Step::change(
                    StepId::PerlServerAuthority,
                    Component::Host,
                    Some(&host),
                    Some(&new_host),
                )
                .decide(format!("userinfo {ui:?}, port {port:?}"))
            });
            let rebuilt = format!("{}{ui}{new_host}{port}{}", &s[..auth_start], &s[auth_end..]);
            uric_escape(&rebuilt, tracer)
        }
        Err(_) => {
            tracer.record(|| {
                Step::change(
                    StepId::PerlServerAuthority,
                    Component::Host,
                    None,
                    Some(&host),
                )
                .decide(format!("userinfo {ui:?}, port {port:?}"))
            });
            uric_escape(s, tracer)
        }
    }
}

/// Code points made by IDNA encoding as text (all ASCII, or the host's
/// own characters).
fn text_of(cps: &[u64]) -> String {
    cps.iter()
        .filter_map(|&c| u32::try_from(c).ok().and_then(char::from_u32))
        .collect()
}

/// `URI::_uric_escape`: every character outside `$URI::uric` and `#`
/// percent-encoded as UTF-8, then `_fix_uric_escape_for_host_part`.
fn uric_escape<T: Tracer>(s: &str, tracer: &mut T) -> String {
    let keep = |c: char| is_uric(c) || c == '#';
    let mut out = String::with_capacity(s.len() + 16);
    let mut escaped = 0usize;
    for c in s.chars() {
        if keep(c) {
            out.push(c);
        } else {
            push_escaped_utf8(&mut out, c);
            escaped += 1;
        }
    }
    if escaped > 0 {
        tracer.record(|| {
            Step {
                after: Some(out.clone()),
                changes: true,
                ..Step::new(StepId::PerlUricEscape)
            }
            .decide(format!("{escaped} characters percent-encoded"))
        });
    }
    fix_host_part(&mut out, tracer);
    out
}

/// Replaces each `%5B` and `%5D` (any case) of `s` with `[` and `]`.
fn unescape_brackets(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let mut out: Option<String> = None;
    let mut last = 0;
    let mut i = 0;
    while i + 2 < b.len() {
        let bracket = match (b[i], b[i + 1], b[i + 2].to_ascii_uppercase()) {
            (b'%', b'5', b'B') => Some('['),
            (b'%', b'5', b'D') => Some(']'),
            _ => None,
        };
        if let Some(c) = bracket {
            let o = out.get_or_insert_with(|| String::with_capacity(s.len()));
            o.push_str(&s[last..i]);
            o.push(c);
            i += 3;
            last = i;
        } else {
            i += 1;
        }
    }
    match out {
        Some(mut o) => {
            o.push_str(&s[last..]);
            Cow::Owned(o)
        }
        None => Cow::Borrowed(s),
    }
}

/// `_fix_uric_escape_for_host_part`: `[` and `]` back in the host.
fn fix_host_part<T: Tracer>(s: &mut String, tracer: &mut T) {
    if !s.contains('%') {
        return;
    }
    // case-sensitive scheme names, as the module writes them
    for no_host in ["data:", "ldapi:", "urn:", "sqlite:", "sqlite3:"] {
        if s.starts_with(no_host) {
            return;
        }
    }
    if s.starts_with("mailto:") {
        if let Cow::Owned(fixed) = unescape_brackets(s) {
            tracer.record(|| {
                Step::new(StepId::PerlHostBrackets)
                    .decide("mailto: every %5B and %5D becomes '[' and ']'")
            });
            *s = fixed;
        }
        return;
    }
    // m{^((?:$URI::scheme_re:)?)//([^/?\#]+)(.*)$}s
    let start = leading_scheme(s)
        .map(|sc| sc.len() + 1)
        .filter(|&i| s[i..].starts_with("//"))
        .or_else(|| s.starts_with("//").then_some(0));
    let Some(start) = start else { return };
    let from = start + 2;
    let to = s[from..]
        .find(['/', '?', '#'])
        .map_or(s.len(), |i| from + i);
    if to == from {
        return;
    }
    let orig = &s[from..to];
    // /^(.*@)?([^@]*)$/ then s/(:\d+)$//
    let user_end = orig.rfind('@').map_or(0, |p| p + 1);
    let host_port = &orig[user_end..];
    let port_at = match host_port.rfind(':') {
        Some(p)
            if p + 1 < host_port.len()
                && host_port[p + 1..].bytes().all(|b| b.is_ascii_digit()) =>
        {
            p
        }
        _ => host_port.len(),
    };
    let host = &host_port[..port_at];
    if let Cow::Owned(fixed) = unescape_brackets(host) {
        let new = format!(
            "{}{}{fixed}{}{}",
            &s[..from],
            &orig[..user_end],
            &host_port[port_at..],
            &s[to..]
        );
        tracer.record(|| {
            Step::change(
                StepId::PerlHostBrackets,
                Component::Host,
                Some(host),
                Some(&fixed),
            )
        });
        *s = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoTrace;

    fn n(s: &str) -> (Class, String) {
        let u = new(s, None, &mut NoTrace);
        (u.class, u.text)
    }

    #[test]
    fn news_as_uri_does() {
        assert_eq!(
            n("<http://www.perl.com/path?q=fôo>"),
            (Class::Http, "http://www.perl.com/path?q=f%C3%B4o".into())
        );
        assert_eq!(n(" \u{3000}x y\n"), (Class::Generic, "x%20y".into()));
        assert_eq!(n("\"<URL:a>\""), (Class::Generic, "%3CURL:a%3E".into()));
        assert_eq!(n("<\"a\">\n"), (Class::Generic, "a".into()));
        assert_eq!(n("http://a\nb@c/"), (Class::Http, "http://b@a%0Ac/".into()));
        assert_eq!(
            n("http://Bücher.ch:٣/"),
            (Class::Http, "http://xn--bcher-kva.ch:%D9%A3/".into())
        );
        assert_eq!(n("Foo:opaque#frag").0, Class::Foreign);
        assert_eq!(n("urn:ISBN:1").0, Class::UrnIsbn);
        assert_eq!(
            n("http://[::1]/[x]?[y]"),
            (Class::Http, "http://[::1]/%5Bx%5D?%5By%5D".into())
        );
        assert_eq!(n("mailto:[a]"), (Class::Mailto, "mailto:[a]".into()));
        assert_eq!(new("x", Some("mailto:y"), &mut NoTrace).text, "mailto:x");
        assert_eq!(new("x", Some(" http:"), &mut NoTrace).class, Class::Generic);
    }
}
