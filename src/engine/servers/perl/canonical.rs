//! `canonical` (URI 5.17), class by class: `URI.pm`'s (scheme and
//! escapes), `URI/_server.pm`'s (host case, default port), `URI/http.pm`'s
//! (an empty path is '/'), `URI/file.pm`'s (the empty authority),
//! `URI/_ldap.pm`'s and `URI/urn.pm`'s. Each works on a copy: the object
//! itself never changes.

use super::class::CanonicalKind;
use super::object::Uri;
use super::resolve::set_scheme;
use super::text::{escape_at, is_unreserved, lc_ascii, uri_unescape};
use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// `$u->canonical`.
pub(super) fn canonical<T: Tracer>(uri: &Uri, tracer: &mut T) -> Uri {
    match uri.class.canonical_kind() {
        CanonicalKind::Uri => uri_canonical(uri, tracer),
        CanonicalKind::Server => server_canonical(uri, tracer),
        CanonicalKind::Http => http_canonical(uri, tracer),
        CanonicalKind::File => file_canonical(uri, tracer),
        CanonicalKind::Ldap => {
            let other = server_canonical(uri, tracer);
            ldap_canonical(other, tracer)
        }
        CanonicalKind::Ldapi => {
            let other = uri_canonical(uri, tracer);
            ldap_canonical(other, tracer)
        }
        CanonicalKind::Urn => urn_canonical(uri, tracer),
    }
}

/// Whether the string has a `%` and two hex digits.
fn has_escape(s: &str) -> bool {
    let b = s.as_bytes();
    b.windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// `s{%([0-9a-fA-F]{2})}{...}ge`: an unreserved character decoded, any
/// other escape in upper-case hex.
fn normalize_escapes(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(byte) = escape_at(b, i) {
            let c = char::from(byte);
            if is_unreserved(c) {
                out.push(c);
            } else {
                out.push('%');
                out.push(char::from(b[i + 1].to_ascii_uppercase()));
                out.push(char::from(b[i + 2].to_ascii_uppercase()));
            }
            i += 3;
        } else {
            out.push(char::from(b[i]));
            i += 1;
        }
    }
    out
}

/// `URI::canonical`: the scheme lowercased (through the scheme setter,
/// which parses the URL again) and the escapes normalized.
fn uri_canonical<T: Tracer>(uri: &Uri, tracer: &mut T) -> Uri {
    let scheme = uri.raw_scheme().unwrap_or("");
    let uc_scheme = scheme.bytes().any(|b| b.is_ascii_uppercase());
    let esc = has_escape(&uri.text);
    if !uc_scheme && !esc {
        return uri.clone();
    }
    let mut other = uri.clone();
    if uc_scheme {
        set_scheme(&mut other, Some(&scheme.to_ascii_lowercase()), tracer);
    }
    if esc {
        other.text = normalize_escapes(&other.text);
    }
    tracer.record(|| {
        Step {
            after: Some(other.text.clone()),
            changes: true,
            ..Step::new(StepId::PerlCanonicalEscapes)
        }
        .decide(match (uc_scheme, esc) {
            (true, true) => "scheme lowercased, escapes normalized",
            (true, false) => "scheme lowercased",
            _ => "escapes normalized",
        })
    });
    other
}

/// `$port == $self->default_port`, on a string of ASCII digits.
fn is_default(port: &str, default: Option<u16>) -> bool {
    let digits = port.trim_start_matches('0');
    let value = if digits.is_empty() { "0" } else { digits };
    default.is_some_and(|d| value == d.to_string())
}

/// `URI::_server::canonical`.
fn server_canonical<T: Tracer>(uri: &Uri, tracer: &mut T) -> Uri {
    let mut other = uri_canonical(uri, tracer);
    // my $host = $other->host || "": "0" is false too
    let host = other.host().filter(|h| h != "0").unwrap_or_default();
    let port = other.raw_port().map(str::to_owned);
    let uc_host = host.bytes().any(|b| b.is_ascii_uppercase());
    let def_port = port
        .as_deref()
        .is_some_and(|p| p.is_empty() || is_default(p, uri.class.default_port()));
    if uc_host {
        let before = other.authority().map(str::to_owned);
        other.set_host(&lc_ascii(&host));
        tracer.record(|| {
            Step::change(
                StepId::PerlCanonicalHost,
                Component::Host,
                before.as_deref(),
                other.authority(),
            )
            .decide(format!("the host {host:?} set again in lowercase"))
        });
    }
    if def_port {
        other.remove_port();
        tracer.record(|| {
            Step::change(
                StepId::PerlCanonicalPort,
                Component::Port,
                port.as_deref(),
                None,
            )
            .decide(format!("{:?}", other.text))
        });
    }
    other
}

/// `URI::http::canonical`.
fn http_canonical<T: Tracer>(uri: &Uri, tracer: &mut T) -> Uri {
    let mut other = server_canonical(uri, tracer);
    if other.authority().is_some() && other.path() == Some("") && other.query().is_none() {
        other.set_path("/");
        tracer.record(|| {
            Step::change(
                StepId::PerlCanonicalSlash,
                Component::Path,
                Some(""),
                Some("/"),
            )
        });
    }
    other
}

/// `URI::file::canonical` (with `$URI::file::DEFAULT_AUTHORITY` "").
fn file_canonical<T: Tracer>(uri: &Uri, tracer: &mut T) -> Uri {
    let mut other = uri_canonical(uri, tracer);
    let auth = other.authority().map(str::to_owned);
    if other.scheme().is_none() && auth.is_none() {
        return other;
    }
    let local = auth
        .as_deref()
        .is_none_or(|a| a.is_empty() || a.eq_ignore_ascii_case("localhost"));
    if local && auth.as_deref() != Some("") {
        other.set_authority(Some(""));
        tracer.record(|| {
            Step::change(
                StepId::PerlCanonicalFile,
                Component::Host,
                auth.as_deref(),
                Some(""),
            )
            .decide(format!("{:?}", other.text))
        });
    }
    other
}

/// `URI::urn::canonical`: a namespace with an upper-case letter and no
/// `%` lowercased.
fn urn_canonical<T: Tracer>(uri: &Uri, tracer: &mut T) -> Uri {
    let nid = uri.opaque().split(':').next().unwrap_or("").to_owned();
    let mut new = uri_canonical(uri, tracer);
    if !nid.bytes().any(|b| b.is_ascii_uppercase()) || nid.contains('%') {
        return new;
    }
    // _nid: s/[^:]*/$new/ on the opaque part
    let opaque = new.opaque();
    let rest = &opaque[opaque.find(':').unwrap_or(opaque.len())..];
    let v = format!("{}{rest}", nid.to_ascii_lowercase());
    new.set_opaque(&v);
    tracer
        .record(|| Step::new(StepId::PerlCanonicalUrn).decide(format!("{nid:?}: {:?}", new.text)));
    new
}

/// `split(/X/, $s)`: every field, less the empty ones at the end (and
/// none at all for an empty string).
fn split_dropping_trailing(s: &str, sep: char) -> Vec<&str> {
    let mut v: Vec<&str> = s.split(sep).collect();
    while v.last().is_some_and(|f| f.is_empty()) {
        v.pop();
    }
    v
}

/// `URI::_ldap::_ldap_elem` as a getter: the `elem`th `?`-field of the
/// query ("" past the end).
fn ldap_elem(uri: &Uri, elem: usize) -> String {
    let query = uri.query().unwrap_or("");
    split_dropping_trailing(query, '?')
        .get(elem)
        .map_or_else(String::new, |f| (*f).to_owned())
}

/// `URI::_ldap::_ldap_elem` as a setter.
fn set_ldap_elem(uri: &mut Uri, elem: usize, new: &str) {
    let query = uri.query().unwrap_or("").to_owned();
    let mut bits: Vec<String> = split_dropping_trailing(&query, '?')
        .into_iter()
        .map(str::to_owned)
        .collect();
    bits.extend(std::iter::repeat_n(String::new(), 4));
    bits[elem] = new.replace('?', "%3F");
    let joined = bits.join("?");
    let joined = joined.trim_end_matches('?');
    uri.set_query((!joined.is_empty()).then_some(joined));
}

/// `URI::_ldap::canonical` after the class's other canonical.
fn ldap_canonical<T: Tracer>(mut other: Uri, tracer: &mut T) -> Uri {
    // $other->dn(_normalize_dn($other->dn)): decoded, set again
    let path = other.generic_path();
    let dn = uri_unescape(path.strip_prefix('/').unwrap_or(path));
    other.set_path(&dn);
    // attributes, lowercased
    let attributes: Vec<String> = split_dropping_trailing(&ldap_elem(&other, 0), ',')
        .into_iter()
        .map(|a| lc_ascii(&uri_unescape(a)))
        .collect();
    if !attributes.is_empty() {
        let joined: Vec<String> = attributes.iter().map(|a| a.replace(',', "%2C")).collect();
        set_ldap_elem(&mut other, 0, &joined.join(","));
    }
    // scope: "base" when empty; a "base" one removed
    let scope = uri_unescape(&ldap_elem(&other, 1));
    let old_scope = if scope.is_empty() {
        "base".to_owned()
    } else {
        scope
    };
    let mut new_scope = lc_ascii(&old_scope);
    if new_scope == "base" {
        new_scope.clear();
    }
    if new_scope != old_scope {
        set_ldap_elem(&mut other, 1, &new_scope);
    }
    // filter: "(objectClass=*)" when empty; that one removed
    let filter = uri_unescape(&ldap_elem(&other, 2));
    let filter = if filter.is_empty() {
        "(objectClass=*)".to_owned()
    } else {
        filter
    };
    let lower = lc_ascii(&filter);
    if lower == "(objectclass=*)" || lower == "objectclass=*" {
        set_ldap_elem(&mut other, 2, "");
    }
    // extensions: types lowercased
    let extensions = ldap_elem(&other, 3);
    let pairs: Vec<(String, String)> = split_dropping_trailing(&extensions, ',')
        .into_iter()
        .filter_map(|e| {
            // /^([^=]+)=(.*)$/
            let eq = e.find('=').filter(|&p| p > 0)?;
            Some((
                lc_ascii(&uri_unescape(&e[..eq])),
                uri_unescape(&e[eq + 1..]),
            ))
        })
        .collect();
    if !pairs.is_empty() {
        let ext: Vec<String> = pairs
            .iter()
            .map(|(k, v)| format!("{}={}", k.replace(',', "%2C"), v.replace(',', "%2C")))
            .collect();
        set_ldap_elem(&mut other, 3, &ext.join(","));
    }
    tracer.record(|| Step {
        after: Some(other.text.clone()),
        changes: true,
        ..Step::new(StepId::PerlCanonicalLdap)
    });
    other
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoTrace;
    use crate::engine::servers::perl::new::new;

    fn c(s: &str) -> String {
        canonical(&new(s, None, &mut NoTrace), &mut NoTrace).text
    }

    #[test]
    fn as_uris_tests_have_it() {
        assert_eq!(c("Foo:opaque#frag"), "foo:opaque#frag");
        assert_eq!(
            c("http://%77%77%77%2e%70%65%72%6c%2e%63%6f%6d/%70%75%62/%61"),
            "http://www.perl.com/pub/a"
        );
        assert_eq!(c("http://xyz:080"), "http://xyz/");
        assert_eq!(c("http://xyz:08080"), "http://xyz:08080/");
        assert_eq!(c("ftp://xyz:021"), "ftp://xyz");
        assert_eq!(c("http://[::1]:080/"), "http://[::1]/");
        assert_eq!(c("HTTP://u:p@EX.com:80/a?b#c"), "http://u:p@ex.com/a?b#c");
        assert_eq!(c("HTTP://%C3%A9X/"), "http://xn--x-mca1f/");
        assert_eq!(c("MAILTO:a%5Bb"), "mailto:a[b");
        assert_eq!(c("file:x"), "file:///x");
        assert_eq!(c("file://LocalHost/x"), "file:///x");
        assert_eq!(c("URN:FOO:bar"), "urn:foo:bar");
        assert_eq!(
            c(
                "ldap://LDAP-HOST:389/o=University%20of%20Michigan,c=US?postalAddress?base?ObjectClass=*?FOO=Bar,bindname=CN%3DManager%CO%3dFoo"
            ),
            "ldap://ldap-host/o=University%20of%20Michigan,c=US?postaladdress???foo=Bar,bindname=CN=Manager%CO=Foo"
        );
    }
}
