//! A URI object (a blessed reference to its string) and the accessors of
//! `URI.pm`, `URI/_generic.pm`, `URI/_query.pm` and `URI/sip.pm` that
//! read or write parts of that string with one regular expression each.
//!
//! Every string a URI object holds is ASCII (`_init` and every setter
//! percent-encode the rest), so byte offsets are safe to slice at; the
//! regular expressions are written out as the searches they amount to.
//! A value given to a setter may be a byte string (characters up to
//! U+00FF, from `uri_unescape`): a setter percent-encodes it one byte a
//! character (see `text.rs`).

use super::class::{Class, PathKind};
use super::text::{
    escape_outside, is_achar, is_pchar, is_regexp_ipv6, is_uric, is_uric4user, leading_scheme,
};

/// A URI object: its class and its string (`$$self`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uri {
    pub(super) class: Class,
    pub(super) text: String,
}

/// The position of the first of `set` in `s` from `from`, or the end.
fn find_from(s: &str, from: usize, set: &[char]) -> usize {
    s[from..].find(set).map_or(s.len(), |i| from + i)
}

/// Where the text after `/^(?:$scheme_re:)?/` starts.
fn after_scheme(s: &str) -> usize {
    leading_scheme(s).map_or(0, |scheme| scheme.len() + 1)
}

/// The end of `_generic::path`'s first group,
/// `((?:[^:/?#]+:)?(?://[^/?#]*)?)`: a scheme-like run (anything without
/// `:`, `/`, `?`, `#`, not only `$scheme_re`) and a `//` authority.
fn generic_prefix_end(s: &str) -> usize {
    let mut i = 0;
    if let Some(p) = s.find([':', '/', '?', '#'])
        && p > 0
        && s.as_bytes()[p] == b':'
    {
        i = p + 1;
    }
    if s[i..].starts_with("//") {
        i = find_from(s, i + 2, &['/', '?', '#']);
    }
    i
}

/// The range of the `//` authority after the optional scheme, as
/// `_generic::authority`'s regular expression finds it: (start of the
/// `//`, end of the authority), or `None` without `//`.
fn generic_authority_range(s: &str) -> (usize, Option<usize>) {
    let i = after_scheme(s);
    if s[i..].starts_with("//") {
        (i, Some(find_from(s, i + 2, &['/', '?', '#'])))
    } else {
        (i, None)
    }
}

impl Uri {
    /// The object's class (`ref $u`).
    pub fn class(&self) -> Class {
        self.class
    }

    /// `as_string`: the string itself.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `_scheme`: the scheme as written.
    pub(super) fn raw_scheme(&self) -> Option<&str> {
        leading_scheme(&self.text)
    }

    /// `scheme`: lowercased.
    pub fn scheme(&self) -> Option<String> {
        self.raw_scheme().map(str::to_ascii_lowercase)
    }

    /// `opaque`: `/^(?:$scheme_re:)?([^#]*)/`.
    pub fn opaque(&self) -> &str {
        let s = &self.text;
        let i = after_scheme(s);
        &s[i..find_from(s, i, &['#'])]
    }

    /// `URI::_generic::path`.
    pub(super) fn generic_path(&self) -> &str {
        let s = &self.text;
        let i = generic_prefix_end(s);
        &s[i..find_from(s, i, &['?', '#'])]
    }

    /// `URI::_generic::path_query`.
    pub(super) fn path_query(&self) -> &str {
        let s = &self.text;
        let i = generic_prefix_end(s);
        &s[i..find_from(s, i, &['#'])]
    }

    /// `path`, as the class has it (`None`: sip's empty sub).
    pub fn path(&self) -> Option<&str> {
        match self.class.path_kind() {
            PathKind::Opaque => Some(self.opaque()),
            PathKind::Generic => Some(self.generic_path()),
            PathKind::PathQuery => Some(self.path_query()),
            PathKind::None => None,
        }
    }

    /// `URI::_query::query`: after the first `?` that comes before any
    /// `#`, up to the `#`.
    pub fn query(&self) -> Option<&str> {
        let s = &self.text;
        let p = find_from(s, 0, &['?', '#']);
        (s.as_bytes().get(p) == Some(&b'?')).then(|| &s[p + 1..find_from(s, p + 1, &['#'])])
    }

    /// `fragment`: everything after the first `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.text.find('#').map(|p| &self.text[p + 1..])
    }

    /// `authority`, as the class has it: `URI::_generic`'s (after `//`)
    /// or `URI::sip`'s (after the scheme, up to `;` or `?`).
    pub fn authority(&self) -> Option<&str> {
        let s = &self.text;
        if self.class.is_sip() {
            let i = after_scheme(s);
            return Some(&s[i..find_from(s, i, &[';', '?'])]);
        }
        match generic_authority_range(s) {
            (i, Some(end)) => Some(&s[i + 2..end]),
            _ => None,
        }
    }

    /// The `authority` setter, as the class has it.
    pub(super) fn set_authority(&mut self, auth: Option<&str>) {
        if self.class.is_sip() {
            // URI::sip::authority: the new text, escaped, in place
            let s = &self.text;
            let i = after_scheme(s);
            let end = find_from(s, i, &[';', '?']);
            let new = escape_outside(auth.unwrap_or(""), is_uric);
            self.text = format!("{}{new}{}", &s[..i], &s[end..]);
            return;
        }
        let s = &self.text;
        let (start, end) = generic_authority_range(s);
        let mut rest = s[end.unwrap_or(start)..].to_owned();
        let mut text = s[..start].to_owned();
        if let Some(auth) = auth {
            let auth = authority_escape(auth);
            text.push_str("//");
            text.push_str(&auth);
        }
        check_path(&mut rest, &text);
        text.push_str(&rest);
        self.text = text;
    }

    /// The `path` setter, as the class has it.
    pub(super) fn set_path(&mut self, path: &str) {
        match self.class.path_kind() {
            PathKind::Opaque => self.set_opaque(path),
            PathKind::Generic => self.set_generic_path(path, false),
            PathKind::PathQuery => self.set_generic_path(path, true),
            PathKind::None => {}
        }
    }

    /// `URI::_generic::path` (or `path_query`, with `query`) as a setter:
    /// the part replaced, escaped, `_check_path` on it.
    fn set_generic_path(&mut self, path: &str, query: bool) {
        let s = &self.text;
        let i = generic_prefix_end(s);
        let end = if query {
            find_from(s, i, &['#'])
        } else {
            find_from(s, i, &['?', '#'])
        };
        let rest = &s[end..];
        let mut new = escape_outside(path, if query { is_uric } else { is_pchar });
        let pre = &s[..i];
        check_path(&mut new, pre);
        self.text = format!("{pre}{new}{rest}");
    }

    /// `opaque` as a setter.
    pub(super) fn set_opaque(&mut self, opaque: &str) {
        let s = &self.text;
        let i = after_scheme(s);
        let frag = &s[find_from(s, i, &['#'])..];
        let new = escape_outside(opaque, is_uric);
        self.text = format!("{}{new}{frag}", &s[..i]);
    }

    /// `URI::_query::query` as a setter.
    pub(super) fn set_query(&mut self, query: Option<&str>) {
        let s = &self.text;
        let p = find_from(s, 0, &['?', '#']);
        let after = if s.as_bytes().get(p) == Some(&b'?') {
            find_from(s, p + 1, &['#'])
        } else {
            p
        };
        let mut text = s[..p].to_owned();
        if let Some(q) = query {
            text.push('?');
            text.push_str(&escape_outside(q, is_uric));
        }
        text.push_str(&s[after..]);
        self.text = text;
    }

    /// `fragment` as a setter.
    pub(super) fn set_fragment(&mut self, fragment: Option<&str>) {
        if let Some(p) = self.text.find('#') {
            self.text.truncate(p);
        }
        if let Some(f) = fragment {
            self.text.push('#');
            self.text.push_str(&escape_outside(f, is_uric));
        }
    }
}

/// What `_generic::authority` makes of a new authority: what is outside
/// `$ACHAR` percent-encoded; then, when it is `(userinfo@)?host` with a
/// host, an `@` inside the userinfo encoded (the last one kept), and a
/// host that `_looks_like_raw_ip6_address` put in brackets.
fn authority_escape(auth: &str) -> String {
    let auth = escape_outside(auth, is_achar);
    // /^(.*@)?([^@]+)$/: a host (no '@') must follow the last '@'
    if auth.is_empty() || auth.ends_with('@') {
        return auth;
    }
    let (user, host) = match auth.rfind('@') {
        Some(p) => (&auth[..=p], &auth[p + 1..]),
        None => ("", &auth[..]),
    };
    let mut user = escape_outside(user, is_uric4user);
    if user.ends_with("%40") {
        user.truncate(user.len() - 3);
        user.push('@');
    }
    if looks_like_raw_ip6_address(host) {
        format!("{user}[{host}]")
    } else {
        format!("{user}{host}")
    }
}

/// `_looks_like_raw_ip6_address` with Regexp::IPv6 installed: a true
/// string with two `:` or more that `$IPv6_re` takes whole.
pub(super) fn looks_like_raw_ip6_address(host: &str) -> bool {
    !host.is_empty()
        && host != "0"
        && host.bytes().filter(|&b| b == b':').count() >= 2
        && is_regexp_ipv6(host)
}

/// `_check_path`: after an authority a path that does not start with
/// `/`, `?` or `#` gets a `/`; with neither authority nor scheme, a path
/// whose first segment has a `:` gets `./`.
pub(super) fn check_path(path: &mut String, pre: &str) {
    let prefix = if pre.contains('/') {
        (!path.is_empty() && !path.starts_with(['/', '?', '#'])).then_some("/")
    } else if path.starts_with("//") {
        None
    } else {
        let looks_like_scheme = path
            .find([':', '/', '?', '#'])
            .is_some_and(|p| p > 0 && path.as_bytes()[p] == b':');
        (pre.is_empty() && looks_like_scheme).then_some("./")
    };
    if let Some(prefix) = prefix {
        path.insert_str(0, prefix);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(class: Class, text: &str) -> Uri {
        Uri {
            class,
            text: text.to_owned(),
        }
    }

    #[test]
    fn getters_as_generic_t_has_them() {
        let u = uri(Class::Foreign, "foo://host:80/path?query#frag");
        assert_eq!(u.authority(), Some("host:80"));
        assert_eq!(u.path(), Some("/path"));
        assert_eq!(u.query(), Some("query"));
        assert_eq!(u.fragment(), Some("frag"));
        assert_eq!(u.opaque(), "//host:80/path?query");
        let u = uri(Class::Generic, "a@b:c/d?x");
        assert_eq!(u.path(), Some("c/d"));
        assert_eq!(u.authority(), None);
        let u = uri(Class::Sip, "sip:a@b;x?y");
        assert_eq!(u.authority(), Some("a@b"));
        assert_eq!(u.path(), None);
    }

    #[test]
    fn setters_as_generic_t_has_them() {
        let mut u = uri(Class::Foreign, "foo://host:80/path?query#frag");
        u.set_authority(Some("/? #;@&"));
        assert_eq!(u.as_str(), "foo://%2F%3F%20%23;@&/path?query#frag");
        u.set_authority(None);
        assert_eq!(u.as_str(), "foo:/path?query#frag");
        u.set_authority(Some("host:80"));
        u.set_path("@;/?#");
        assert_eq!(u.as_str(), "foo://host:80/@;/%3F%23?query#frag");
        u.set_path("");
        assert_eq!(u.as_str(), "foo://host:80?query#frag");
        u.set_query(Some("/?&=# "));
        assert_eq!(u.as_str(), "foo://host:80?/?&=%23%20#frag");
        u.set_fragment(None);
        u.set_query(None);
        assert_eq!(u.as_str(), "foo://host:80");
        let mut u = uri(Class::Http, "http:x");
        u.set_authority(Some("a@b@1::2:3"));
        assert_eq!(u.as_str(), "http://a%40b@[1::2:3]/x");
    }
}
