//! What a browser derives from a URL beyond its origin: the host's public
//! suffix and registrable domain (URL Standard, "Host miscellaneous": host
//! public suffix, host registrable domain), the site (HTML Standard,
//! "Sites": obtain a site, serialization of a site) and whether two origins
//! are same origin, same site or schemelessly same site (HTML Standard,
//! "Origins" and "Sites").
//!
//! The Public Suffix List is the `psl` crate's, compiled in: both of the
//! list's sections, ICANN's and the private one, as the URL Standard takes
//! it (its own example gives `github.io`, a private-section rule, as a
//! public suffix). [`PSL_LIST`] names the list's date and the crate's
//! version; every view that shows a site shows it too.
//!
//! Opaque origins: a URL's origin (URL Standard, origin) is "a new opaque
//! origin" each time it is opaque, so two opaque origins obtained apart,
//! one of the input and one of the base, are never the same opaque origin.
//! [`Origin::Opaque`] carries no identity, so [`same_origin`] and
//! [`same_site`] answer false whenever either side is opaque.
//!
//! ```
//! use url_inspector::engine::{NoTrace, QueryEncoding};
//! use url_inspector::engine::url_standard::{self, site};
//! let parse = |s| url_standard::parse(s, None, QueryEncoding::UTF8, &mut NoTrace).url.unwrap();
//! let (url, base) = (parse("https://www.example.co.uk/a"), parse("https://example.co.uk/"));
//! assert_eq!(site::site_of(&url).to_string(), "https://example.co.uk");
//! assert!(!site::same_origin(&url.origin(), &base.origin()));
//! assert!(site::same_site(&url.origin(), &base.origin()));
//! ```

use std::fmt;

use psl::Psl as _;

use super::ipv4;
use super::origin::Origin;
use super::record::{Host, HostKind, Url};

/// The version of the `psl` crate compiled in (Cargo.toml pins it; a test
/// checks Cargo.lock agrees).
pub const PSL_CRATE_VERSION: &str = "2.1.247";

/// The day that crate version was published (its `pubtime` in the
/// crates.io index). The crate's publishing job checks the upstream list
/// every day and publishes when it changed, so the list it carries is the
/// upstream list as of that day.
pub const PSL_DATE: &str = "2026-11-05";

/// The list as the views name it, wherever a site is shown.
pub const PSL_LIST: &str = "Public Suffix List as of 2026-11-05 (psl 2.1.247)";

/// Which part of the Public Suffix List decided a public suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// A rule of the ICANN section (`com`, `co.uk`, `*.ck`).
    Icann,
    /// A rule of the private section (`github.io`, `blogspot.com`).
    Private,
    /// No rule matched: the list's default rule `*` (the last label).
    DefaultRule,
}

impl Section {
    /// The name the JSON and the views give it.
    pub const fn name(self) -> &'static str {
        match self {
            Section::Icann => "icann",
            Section::Private => "private",
            Section::DefaultRule => "default-rule",
        }
    }

    /// In words, for people: where the rule is.
    pub const fn describe(self) -> &'static str {
        match self {
            Section::Icann => "ICANN section",
            Section::Private => "private section",
            Section::DefaultRule => "no rule: the default rule *",
        }
    }
}

/// A host's public suffix and the part of the list that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicSuffix<'a> {
    /// A suffix of the host, with the host's trailing dot if it has one.
    pub text: &'a str,
    pub section: Section,
}

/// URL Standard, host public suffix: the part of `host` that the Public
/// Suffix List says is public, or `None` when the host is no domain.
pub fn public_suffix(host: Host<'_>) -> Option<PublicSuffix<'_>> {
    // Step 1: only a domain has one (not an IP address, an opaque host or
    // the empty host).
    if host.kind != HostKind::Domain || host.text.is_empty() {
        return None;
    }
    let text = host.text;
    // Step 2: trailingDot.
    let trailing_dot = text.ends_with('.');
    // Step 3: the list's algorithm, on the domain without its trailing dot
    // (the list's rules have none; step 4 puts it back).
    let name = text.strip_suffix('.').unwrap_or(text);
    let (suffix_len, section) = list_algorithm(name);
    // Step 4: the suffix ends with trailingDot, a slice of the host itself.
    let start = name.len() - suffix_len;
    let end = name.len() + usize::from(trailing_dot);
    let suffix = text.get(start..end)?;
    // Step 5.
    Some(PublicSuffix {
        text: suffix,
        section,
    })
}

/// The Public Suffix List's formal algorithm on `name` (no trailing dot):
/// the length in bytes of the public suffix at its end, and the section of
/// the prevailing rule. The `psl` crate matches the rules (exception rules
/// prevail, then the rule with the most labels, an exception losing its
/// leftmost label); where no rule matches, the default rule `*` makes the
/// last label the suffix.
fn list_algorithm(name: &str) -> (usize, Section) {
    let last_label = name.len() - name.rfind('.').map_or(0, |dot| dot + 1);
    let info = psl::List.find(name.as_bytes().rsplit(|&b| b == b'.'));
    let section = match info.typ {
        Some(psl::Type::Icann) => Section::Icann,
        Some(psl::Type::Private) => Section::Private,
        None => Section::DefaultRule,
    };
    // The suffix is whole labels: it starts the name or follows a dot. (A
    // length that does not is no answer of the list; the default rule is.)
    let at_label = name
        .len()
        .checked_sub(info.len)
        .is_some_and(|start| start == 0 || (info.len > 0 && name.as_bytes()[start - 1] == b'.'));
    match (info.typ, at_label) {
        (Some(_), true) => (info.len, section),
        // The crate reports the default rule as the last label already.
        (None, true) if info.len == last_label => (info.len, section),
        _ => (last_label, Section::DefaultRule),
    }
}

/// URL Standard, host registrable domain: the public suffix and the label
/// before it, or `None` when the host is no domain or is a public suffix.
pub fn registrable_domain(host: Host<'_>) -> Option<&str> {
    // Step 1: null when there is no public suffix or the host is one.
    let suffix = public_suffix(host)?;
    if suffix.text == host.text {
        return None;
    }
    // Step 2: trailingDot (the suffix carries it, so the slice below does).
    let text = host.text;
    // Step 3: the list's algorithm: the suffix and one more label. The
    // host is longer than its suffix, so a dot stands before the suffix.
    let before = text.get(..text.len() - suffix.text.len())?;
    let before = before.strip_suffix('.')?;
    let start = before.rfind('.').map_or(0, |dot| dot + 1);
    // Steps 4-5: it ends with trailingDot, being a suffix of the host.
    text.get(start..)
}

/// HTML Standard, site: an opaque origin, or a scheme-and-host whose host
/// is the origin's host's registrable domain (or the host itself when it
/// has none).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    /// The origin was opaque; the site is that origin.
    Opaque,
    /// HTML Standard, scheme-and-host.
    SchemeAndHost { scheme: String, host: String },
}

impl fmt::Display for Site {
    /// HTML Standard, serialization of a site.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Step 1.
            Site::Opaque => f.write_str("null"),
            // Steps 2-5: scheme, "://", the host serialized.
            Site::SchemeAndHost { scheme, host } => write!(f, "{scheme}://{host}"),
        }
    }
}

/// A tuple origin's host with its kind. The origin keeps the host's
/// serialization only; its kind follows from it, since the host of a URL
/// with a tuple origin is special and not `file`'s: never opaque or empty,
/// an IPv6 address in brackets, and an IPv4 address exactly when it ends
/// in a number (URL Standard, host parser: a domain that ends in a number
/// goes to the IPv4 parser).
fn tuple_host(text: &str) -> Host<'_> {
    let kind = if text.is_empty() {
        HostKind::Empty
    } else if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        inner.parse().map_or(HostKind::Opaque, HostKind::Ipv6)
    } else if ipv4::ends_in_a_number(text) {
        text.parse().map_or(HostKind::Opaque, HostKind::Ipv4)
    } else {
        HostKind::Domain
    };
    Host { kind, text }
}

/// HTML Standard, obtain a site.
pub fn obtain_site(origin: &Origin) -> Site {
    match origin {
        // Step 1: an opaque origin is its own site.
        Origin::Opaque => Site::Opaque,
        Origin::Tuple { scheme, host, .. } => {
            // Step 2: the host itself when it has no registrable domain;
            // step 3: else its registrable domain.
            let site_host = registrable_domain(tuple_host(host)).unwrap_or(host);
            Site::SchemeAndHost {
                scheme: scheme.clone(),
                host: site_host.to_owned(),
            }
        }
    }
}

/// The site of `url`'s origin (URL Standard, origin; then obtain a site).
pub fn site_of(url: &Url) -> Site {
    obtain_site(&url.origin())
}

/// HTML Standard, same origin.
pub fn same_origin(a: &Origin, b: &Origin) -> bool {
    match (a, b) {
        // Step 2: both tuples, with identical scheme, host and port.
        (Origin::Tuple { .. }, Origin::Tuple { .. }) => a == b,
        // Step 1 needs the same opaque origin; two obtained apart never are
        // (module docs). Step 3.
        _ => false,
    }
}

/// HTML Standard, same site (for sites): true for two scheme-and-hosts
/// with the same scheme and equal hosts.
fn sites_same_site(a: &Site, b: &Site) -> bool {
    match (a, b) {
        // Steps 3-5: the schemes and the hosts (host equals: the same
        // serialization).
        (
            Site::SchemeAndHost { scheme, host },
            Site::SchemeAndHost {
                scheme: scheme_b,
                host: host_b,
            },
        ) => scheme == scheme_b && host == host_b,
        // Step 1 (the same opaque origin) cannot hold for two obtained
        // apart; step 2: an opaque one is same site with nothing else.
        _ => false,
    }
}

/// HTML Standard, same site (for origins): the schemes and the sites'
/// hosts must match, so `http` and `https` are never same site.
pub fn same_site(a: &Origin, b: &Origin) -> bool {
    // Steps 1-2: the sites; steps 3-4: compared.
    sites_same_site(&obtain_site(a), &obtain_site(b))
}

/// HTML Standard, schemelessly same site: as [`same_site`], but the
/// schemes are not compared.
pub fn schemelessly_same_site(a: &Origin, b: &Origin) -> bool {
    match (a, b) {
        // Step 2.
        (Origin::Tuple { host: host_a, .. }, Origin::Tuple { host: host_b, .. }) => {
            // Step 2.1.
            let domain_a = registrable_domain(tuple_host(host_a));
            let domain_b = registrable_domain(tuple_host(host_b));
            // Step 2.2: equal hosts without a registrable domain;
            // step 2.3: equal registrable domains.
            (host_a == host_b && domain_a.is_none()) || (domain_a.is_some() && domain_a == domain_b)
        }
        // Step 1 (module docs); step 3.
        _ => false,
    }
}

/// How a URL's origin stands to its base's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgainstBase {
    /// The base's origin.
    pub origin: Origin,
    /// The base's site.
    pub site: Site,
    pub same_origin: bool,
    pub same_site: bool,
    pub schemelessly_same_site: bool,
}

/// Everything the views show of a URL's site, computed once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFacts {
    /// The URL's origin (for a `blob:` URL, its inner URL's).
    pub origin: Origin,
    pub site: Site,
    /// The public suffix of the origin's host; `None` for an opaque
    /// origin or a host that is no domain.
    pub public_suffix: Option<(String, Section)>,
    /// The registrable domain of the origin's host.
    pub registrable_domain: Option<String>,
    /// Against the base, when there is one.
    pub base: Option<AgainstBase>,
}

impl SiteFacts {
    /// How the site was obtained, in words, to follow the site itself:
    /// "the registrable domain of www.example.co.uk (public suffix co.uk,
    /// ICANN section)", "the host itself: an IP address has no public
    /// suffix", ...
    pub fn how(&self) -> String {
        let Origin::Tuple { host, .. } = &self.origin else {
            return "the origin is opaque, and an opaque origin is its own site".to_owned();
        };
        match (&self.registrable_domain, &self.public_suffix) {
            (Some(_), Some((suffix, section))) => format!(
                "the registrable domain of {host} (public suffix {suffix}, {})",
                section.describe()
            ),
            (_, Some((_, section))) => format!(
                "the host itself: {host} is a public suffix ({}), so it has no registrable domain",
                section.describe()
            ),
            _ => "the host itself: an IP address has no public suffix".to_owned(),
        }
    }
}

/// The origin, site, public suffix and registrable domain of `url`, and
/// how it stands to `base`'s origin.
pub fn facts(url: &Url, base: Option<&Url>) -> SiteFacts {
    let origin = url.origin();
    let (public_suffix, registrable_domain) = match &origin {
        Origin::Tuple { host, .. } => {
            let host = tuple_host(host);
            (
                public_suffix(host).map(|s| (s.text.to_owned(), s.section)),
                registrable_domain(host).map(str::to_owned),
            )
        }
        Origin::Opaque => (None, None),
    };
    let base = base.map(|b| {
        let base_origin = b.origin();
        AgainstBase {
            site: obtain_site(&base_origin),
            same_origin: same_origin(&origin, &base_origin),
            same_site: same_site(&origin, &base_origin),
            schemelessly_same_site: schemelessly_same_site(&origin, &base_origin),
            origin: base_origin,
        }
    });
    SiteFacts {
        site: obtain_site(&origin),
        origin,
        public_suffix,
        registrable_domain,
        base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::encoding::QueryEncoding;
    use crate::engine::trace::NoTrace;

    fn url(s: &str) -> Url {
        super::super::parse(s, None, QueryEncoding::UTF8, &mut NoTrace)
            .url
            .unwrap_or_else(|f| panic!("{s:?} parses: {f:?}"))
    }

    fn domain(text: &str) -> Host<'_> {
        Host {
            kind: HostKind::Domain,
            text,
        }
    }

    /// The URL Standard's own table (host public suffix and registrable
    /// domain), the hosts as the host parser gives them.
    #[test]
    fn the_url_standard_s_examples() {
        for (input, suffix, registrable) in [
            ("com", "com", None),
            ("example.com", "com", Some("example.com")),
            ("www.example.com", "com", Some("example.com")),
            ("sub.www.example.com", "com", Some("example.com")),
            ("EXAMPLE.COM", "com", Some("example.com")),
            ("example.com.", "com.", Some("example.com.")),
            ("github.io", "github.io", None),
            ("whatwg.github.io", "github.io", Some("whatwg.github.io")),
            (
                "\u{625}\u{62e}\u{62a}\u{628}\u{627}\u{631}",
                "xn--kgbechtv",
                None,
            ),
            (
                "example.\u{625}\u{62e}\u{62a}\u{628}\u{627}\u{631}",
                "xn--kgbechtv",
                Some("example.xn--kgbechtv"),
            ),
            (
                "sub.example.\u{625}\u{62e}\u{62a}\u{628}\u{627}\u{631}",
                "xn--kgbechtv",
                Some("example.xn--kgbechtv"),
            ),
        ] {
            let u = url(&format!("https://{input}/"));
            let host = u.host().expect("a host");
            assert_eq!(public_suffix(host).map(|s| s.text), Some(suffix), "{input}");
            assert_eq!(registrable_domain(host), registrable, "{input}");
        }
        let v6 = url("https://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]/");
        let host = v6.host().expect("a host");
        assert_eq!(public_suffix(host), None);
        assert_eq!(registrable_domain(host), None);
    }

    #[test]
    fn sections_of_the_list() {
        let section = |h| public_suffix(domain(h)).map(|s| (s.text, s.section));
        assert_eq!(
            section("www.example.co.uk"),
            Some(("co.uk", Section::Icann))
        );
        assert_eq!(
            section("foo.github.io"),
            Some(("github.io", Section::Private))
        );
        // No rule for the label: the default rule `*`.
        assert_eq!(
            section("host.no-such-tld-here"),
            Some(("no-such-tld-here", Section::DefaultRule))
        );
        assert_eq!(
            section("localhost"),
            Some(("localhost", Section::DefaultRule))
        );
    }

    #[test]
    fn wildcard_and_exception_rules() {
        // `*.ck` and `!www.ck`: the rule with the most labels prevails,
        // an exception over any, and loses its leftmost label.
        let of = |h| {
            (
                public_suffix(domain(h)).map(|s| s.text),
                registrable_domain(domain(h)),
            )
        };
        assert_eq!(of("ck"), (Some("ck"), None));
        assert_eq!(of("test.ck"), (Some("test.ck"), None));
        assert_eq!(of("b.test.ck"), (Some("test.ck"), Some("b.test.ck")));
        assert_eq!(of("www.ck"), (Some("ck"), Some("www.ck")));
        assert_eq!(of("a.www.ck"), (Some("ck"), Some("www.ck")));
    }

    /// The host parser keeps empty labels (`a..com` is a valid host), and
    /// the list's algorithm takes them as labels: the label before `com`
    /// is the empty one.
    #[test]
    fn empty_labels_are_labels() {
        let u = url("https://a..com/");
        let host = u.host().expect("a host");
        assert_eq!(public_suffix(host).map(|s| s.text), Some("com"));
        assert_eq!(registrable_domain(host), Some(".com"));
    }

    #[test]
    fn sites_of_urls() {
        for (input, site) in [
            ("https://www.example.co.uk/a", "https://example.co.uk"),
            ("https://foo.github.io/", "https://foo.github.io"),
            ("https://a.b.foo.github.io/", "https://foo.github.io"),
            ("http://192.168.0.1/", "http://192.168.0.1"),
            ("http://0xC0.168.0.1/", "http://192.168.0.1"),
            ("http://[::1]:8080/", "http://[::1]"),
            ("https://co.uk/", "https://co.uk"),
            ("https://example.com./", "https://example.com."),
            ("https://www.example.com.:8443/", "https://example.com."),
            ("https://m\u{fc}nchen.example.de/", "https://example.de"),
            ("https://www.m\u{fc}nchen.de/", "https://xn--mnchen-3ya.de"),
            ("https://localhost:3000/", "https://localhost"),
            ("ws://chat.example.com/", "ws://example.com"),
            ("file:///etc/hosts", "null"),
            ("file://example.com/share", "null"),
            ("data:text/plain,x", "null"),
            ("mailto:a@example.com", "null"),
            ("foo://example.com/", "null"),
            ("blob:https://a.example.com/x", "https://example.com"),
            ("blob:file:///x", "null"),
            ("blob:foo", "null"),
        ] {
            assert_eq!(site_of(&url(input)).to_string(), site, "{input}");
        }
    }

    #[test]
    fn html_s_same_site_examples() {
        let origin = |scheme: &str, host: &str| Origin::Tuple {
            scheme: scheme.to_owned(),
            host: host.to_owned(),
            port: None,
        };
        let https = |h| origin("https", h);
        // (A, B, schemelessly same site, same site); `museum` is a public
        // suffix, `wildlife.museum` is not on today's list (HTML's table
        // supposes it is), so the rows about it are left out.
        for (a, b, schemeless, same) in [
            (https("example.com"), https("sub.example.com"), true, true),
            (
                https("example.com"),
                https("sub.other.example.com"),
                true,
                true,
            ),
            (
                https("example.com"),
                origin("http", "non-secure.example.com"),
                true,
                false,
            ),
            (https("example.com"), https("example.com."), false, false),
            (https("museum"), https("museum"), true, true),
            (https("a.museum"), https("b.museum"), false, false),
        ] {
            assert_eq!(schemelessly_same_site(&a, &b), schemeless, "{a} {b}");
            assert_eq!(same_site(&a, &b), same, "{a} {b}");
        }
    }

    #[test]
    fn same_origin_and_same_site_of_urls() {
        let both = |a: &str, b: &str| {
            let (a, b) = (url(a).origin(), url(b).origin());
            (same_origin(&a, &b), same_site(&a, &b))
        };
        assert_eq!(
            both("https://www.example.co.uk/a", "https://example.co.uk/"),
            (false, true)
        );
        assert_eq!(
            both("https://example.com:443/a", "https://example.com/b"),
            (true, true)
        );
        assert_eq!(
            both("https://example.com:8443/", "https://example.com/"),
            (false, true)
        );
        assert_eq!(
            both("http://example.com/", "https://example.com/"),
            (false, false)
        );
        assert_eq!(
            both("https://a.github.io/", "https://b.github.io/"),
            (false, false)
        );
        assert_eq!(both("https://co.uk/", "https://a.co.uk/"), (false, false));
        assert_eq!(both("http://10.0.0.1/", "http://10.0.0.2/"), (false, false));
        assert_eq!(
            both("http://10.0.0.1:81/", "http://10.0.0.1/"),
            (false, true)
        );
        // Opaque origins: each is a new one.
        assert_eq!(both("file:///a", "file:///a"), (false, false));
        assert_eq!(both("data:,x", "https://example.com/"), (false, false));
        assert_eq!(
            both("blob:https://example.com/x", "https://example.com/"),
            (true, true)
        );
    }

    #[test]
    fn facts_of_a_url_against_its_base() {
        let base = url("https://example.co.uk/");
        let f = facts(&url("https://www.example.co.uk/a"), Some(&base));
        assert_eq!(f.origin.to_string(), "https://www.example.co.uk");
        assert_eq!(f.site.to_string(), "https://example.co.uk");
        assert_eq!(f.public_suffix, Some(("co.uk".to_owned(), Section::Icann)));
        assert_eq!(f.registrable_domain.as_deref(), Some("example.co.uk"));
        let against = f.base.as_ref().expect("a base");
        assert!(!against.same_origin && against.same_site && against.schemelessly_same_site);
        assert_eq!(
            f.how(),
            "the registrable domain of www.example.co.uk (public suffix co.uk, ICANN section)"
        );
        let how = |u| facts(&url(u), None).how();
        assert_eq!(
            how("https://co.uk/"),
            "the host itself: co.uk is a public suffix (ICANN section), so it has no registrable domain"
        );
        assert_eq!(
            how("http://[::1]/"),
            "the host itself: an IP address has no public suffix"
        );
        let f = facts(&url("file:///x"), None);
        assert_eq!(
            f.how(),
            "the origin is opaque, and an opaque origin is its own site"
        );
        assert_eq!(
            (f.site, f.public_suffix, f.base),
            (Site::Opaque, None, None)
        );
    }

    #[test]
    fn no_host_panics() {
        for h in [
            "",
            ".",
            "..",
            "...",
            "a..",
            "..a",
            "a..com",
            ".com",
            "com..",
            "*.ck",
            "*",
            "!www.ck",
            "a.*.ck",
            "xn--",
            "0x",
            "1.2.3.4.",
            "_a.b",
            "a.b.c.d.e.f.g.h.i.j.k.l.github.io",
        ] {
            let host = domain(h);
            let suffix = public_suffix(host);
            if let Some(s) = suffix {
                assert!(h.ends_with(s.text), "{h:?}: {s:?}");
            }
            if let Some(r) = registrable_domain(host) {
                assert!(h.ends_with(r), "{h:?}: {r:?}");
            }
            let origin = Origin::Tuple {
                scheme: "https".to_owned(),
                host: h.to_owned(),
                port: None,
            };
            let _ = obtain_site(&origin).to_string();
            let _ = schemelessly_same_site(&origin, &origin);
        }
    }

    /// The version named in [`PSL_LIST`] is the one Cargo.lock holds, so
    /// that an update of the crate cannot leave the date behind.
    #[test]
    fn the_named_list_is_the_locked_crate() {
        let lock = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock"));
        let entry = format!("name = \"psl\"\nversion = \"{PSL_CRATE_VERSION}\"\n");
        assert!(
            lock.contains(&entry),
            "Cargo.lock's psl is not {PSL_CRATE_VERSION}"
        );
        assert!(PSL_LIST.contains(PSL_DATE) && PSL_LIST.contains(PSL_CRATE_VERSION));
    }
}
