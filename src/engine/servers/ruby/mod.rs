//! Ruby 3.1.2's `URI` library (the default gem uri 0.11.0, as Debian 12's
//! `libruby3.1` 3.1.2-7+deb12u1 installs it in `/usr/lib/ruby/3.1.0/uri/`,
//! unpatched), modelled: `URI.parse(input)` without a base,
//! `URI.join(base, input)` with one, then the object's getters.
//!
//! The request is the project's definition (`scripts/servers/ruby-runner.rb`
//! and `tests/data/servers/algorithms/ruby.md`): `URI.join` is
//! `URI.parse(base).merge(input)`, and the answer is `u.class`, `u.to_s`,
//! `scheme`, `userinfo`, `user`, `password`, `host`, `hostname`, `port`
//! (with the class's default filled in), `path`, `query`, `fragment`,
//! `opaque`, or the exception, class and message ([`RubyError`]).
//!
//! | the library (`lib/uri/`) | here |
//! |---|---|
//! | `common.rb`: `URI.parse`, `URI.join` (`RFC3986_Parser#parse`, `#join`) | [`parse`] (in [`generic`], beside `URI.for`), [`join`], [`request`] |
//! | `common.rb`: the exception classes, and which call raised | [`RubyError`], [`Raise`] (`error`) |
//! | `rfc3986_parser.rb`: `split`, with `RFC3986_URI` and `RFC3986_relative_ref` | `split::split` |
//! | the regexps' IPv6 and IPv4 patterns, in Onigmo's backtracking order | [`regexp`] |
//! | `common.rb`: `URI.for` and the registered schemes | [`Class::of`] |
//! | `generic.rb`: `initialize`, `set_userinfo`/`split_userinfo`, `set_host`, `set_port`, `set_path`, `query=`, `fragment=` | `Uri::for_split` and the setters |
//! | `file.rb`, `ftp.rb`, `ldap.rb`, `mailto.rb`: the classes' `initialize` and setters | the same, by [`Class`] |
//! | `generic.rb`: `merge`, `merge_path`; `ftp.rb`: `merge` and `==` | [`Uri::merge`], [`generic::merge_path`] |
//! | `generic.rb`: `to_s`, `userinfo`, `hostname`; `ftp.rb`: `path`, `to_s`; `mailto.rb`: `to_s` | [`Uri::to_s`], [`Uri::read`] |
//! | `string.c`: `String#inspect`, `String#dump` in the messages | [`text`] |
//!
//! Ruby's regexps run on the string's characters; `split` refuses any
//! string with a character outside ASCII before either regexp runs, so
//! every byte the model reads is a character. Nothing here depends on the
//! machine: the library resolves no name and reads no locale.

mod error;
pub mod generic;
pub mod regexp;
mod split;
pub mod text;

use std::borrow::Cow;

pub use error::{At, ErrorClass, Raise, RubyError};
pub use generic::{Class, Join, Uri, parse};

use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// `URI.join(base, input)`: `RFC3986_Parser#join` parses the base
/// (`convert_to_uri`) and merges the input into it.
pub fn join<'a, T: Tracer>(
    base: &'a str,
    input: &'a str,
    tracer: &mut T,
) -> Result<Uri<'a>, RubyError> {
    let base = parse(base, &mut OfBase(tracer)).map_err(|r| r.at(At::Base))?;
    base.merge(input, tracer)
}

/// The request: `URI.parse(input)`, or `URI.join(base, input)` when there
/// is a base. Read the answer with [`Uri::read`].
pub fn request<'a, T: Tracer>(
    input: &'a str,
    base: Option<&'a str>,
    tracer: &mut T,
) -> Result<Uri<'a>, RubyError> {
    match base {
        None => parse(input, tracer).map_err(|r| r.at(At::Input)),
        Some(base) => join(base, input, tracer),
    }
}

/// What the request reads of the object: its getters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Getters<'u> {
    pub class: Class,
    /// `to_s`.
    pub to_s: String,
    pub scheme: Option<&'u str>,
    pub userinfo: Option<Cow<'u, str>>,
    pub user: Option<&'u str>,
    pub password: Option<&'u str>,
    /// `host`, as written (brackets included).
    pub host: Option<&'u str>,
    /// `hostname`: what a client connects to.
    pub hostname: Option<&'u str>,
    /// `port`: the Integer's decimal digits (of any size).
    pub port: Option<&'u str>,
    pub path: Option<Cow<'u, str>>,
    pub query: Option<&'u str>,
    pub fragment: Option<&'u str>,
    pub opaque: Option<&'u str>,
}

impl Uri<'_> {
    /// The getters the request reads, with the steps of `to_s` and
    /// `hostname`.
    pub fn read<T: Tracer>(&self, tracer: &mut T) -> Getters<'_> {
        let to_s = self.to_s();
        tracer.record(|| {
            Step {
                after: Some(to_s.clone()),
                changes: true,
                ..Step::new(StepId::RubyToS)
            }
            .decide(format!("{}#to_s", self.class.name()))
        });
        let hostname = self.hostname();
        tracer.record(|| {
            Step::change(StepId::RubyHostname, Component::Host, self.host(), hostname).decide_fixed(
                match (self.host(), hostname) {
                    (None, _) => "no host: nil",
                    (Some(h), Some(n)) if h != n => "the enclosing brackets removed",
                    _ => "the host as it is",
                },
            )
        });
        Getters {
            class: self.class,
            to_s,
            scheme: self.scheme(),
            userinfo: self.userinfo(),
            user: self.user(),
            password: self.password(),
            host: self.host(),
            hostname,
            port: self.port(),
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(),
            opaque: self.opaque(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::{NoTrace, Trace};

    /// `to_s`, or the exception as the runner writes it.
    fn to_s(input: &str, base: Option<&str>) -> String {
        match request(input, base, &mut NoTrace) {
            Ok(u) => u.to_s(),
            Err(e) => e.to_string(),
        }
    }

    fn host(input: &str, base: Option<&str>) -> Option<String> {
        request(input, base, &mut NoTrace)
            .ok()
            .and_then(|u| u.hostname().map(str::to_owned))
    }

    #[test]
    fn answers_as_ruby_does() {
        // Each checked against ruby 3.1.2 (scripts/servers/ruby-runner.rb).
        let cases: &[(&str, Option<&str>, &str)] = &[
            ("Http://H:080/a?b c#d", None, "http://H/a?b%20c#d"),
            ("http://@h/", None, "http://h/"),
            ("http://u@/p", None, "http:u@/p"),
            ("http://:8080/", None, "http::8080/"),
            ("http:///x", None, "http:/x"),
            ("postgres:/x", None, "postgres:///x"),
            // no host, but to_s writes one that parses back as the host
            ("http:////evil.com/x", None, "http://evil.com/x"),
            ("file://localhost/x", None, "file:///x"),
            ("file://u@h:1/x", None, "file://h/x"),
            ("ftp://h//x;type=a", None, "ftp://h/%2Fx;type=a"),
            ("mailto:a@b?x=1&&", None, "mailto:a@b?x=1"),
            (
                "g;x?y#s",
                Some("http://a/b/c/d;p?q"),
                "http://a/b/c/g;x?y#s",
            ),
            ("../../../g", Some("http://a/b/c/d;p?q"), "http://a/g"),
            ("", Some("http://a/b?q#f"), "http://a/b?q#f"),
            ("#g", Some("http://a/b?q#f"), "http://a/b?q#g"),
            ("//evil/", Some("http://u:p@good/"), "http://u:p@evil/"),
            ("//v@x/", Some("http://u:p@h/"), "http://v:p@x/"),
            ("//[::1/x", Some("http://a/"), "http://[::1/x"),
            ("b", Some("ftp://h/a/b"), "ftp://h/a/b"),
            (
                "http://h/?a%zz",
                None,
                "URI::InvalidURIError: invalid percent escape: %zz",
            ),
            (
                "//[::1]/",
                Some("http://a/"),
                "URI::InvalidURIError: bad URI(is not URI?): \"//[::1]/\"",
            ),
            ("ftp:x", None, "URI::InvalidURIError: URI::InvalidURIError"),
            ("ldap://h/#f", None, "URI::InvalidURIError: bad LDAP URL"),
            (
                "mailto:a,b",
                None,
                "URI::InvalidComponentError: unrecognised opaque part for mailtoURL: a,b",
            ),
            ("x", Some("y"), "URI::BadURIError: both URI are relative"),
            (
                "?x",
                Some("mailto:a@b"),
                "URI::InvalidURIError: query conflicts with opaque",
            ),
            (
                "c",
                Some("ftp://h/a/b"),
                "NoMethodError: undefined method `typecode' for \"c\":String",
            ),
        ];
        for (input, base, want) in cases {
            assert_eq!(to_s(input, *base), *want, "{input:?} against {base:?}");
        }
        assert_eq!(host("http://[::1]/", None), Some("::1".into()));
        assert_eq!(host("//v1.x]/", Some("http://a/")), Some("v1.x]".into()));
        assert_eq!(host("wss://h/", None), Some("h".into()));
        let u = request("wss://h/", None, &mut NoTrace).ok();
        assert_eq!(
            u.map(|u| (u.class, u.port().map(str::to_owned))),
            Some((Class::Generic, None))
        );
        let u = request("http://h:000/", None, &mut NoTrace).ok();
        assert_eq!(
            u.and_then(|u| u.port().map(str::to_owned)),
            Some("0".into())
        );
    }

    #[test]
    fn errors_say_which_call_raised() {
        let at = |input, base| request(input, base, &mut NoTrace).err().map(|e| e.at);
        assert_eq!(at("x", Some("http://h/ ")), Some(At::Base));
        assert_eq!(at("x y", Some("http://h/")), Some(At::Input));
        assert_eq!(at("x", Some("y")), Some(At::Join));
        assert_eq!(at("x y", None), Some(At::Input));
    }

    /// Inputs that together reach every `ruby.*` step.
    const EVERY_STEP: &[(&str, Option<&str>)] = &[
        ("http://u:p@h:1/p?q#f", None),
        ("http://h/é", None),
        ("x y", None),
        ("mailto:a@b?x", None),
        ("//[::1/x", Some("http://h/")),
        ("ftp://h/x;type=i", None),
        ("ldap://h/dc", None),
        ("http://x/", Some("http://h/")),
        ("x", Some("y")),
        ("#f", Some("http://h/")),
        ("//x", Some("http://u@h/")),
        ("../g?y", Some("http://a/b/c")),
        ("b", Some("ftp://h/a/b")),
    ];

    #[test]
    fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
        let mut reached = std::collections::BTreeSet::new();
        for &(input, base) in EVERY_STEP {
            let mut trace = Trace::default();
            let traced = request(input, base, &mut trace).map(|u| {
                let g = u.read(&mut trace);
                (g.to_s, u.clone())
            });
            let plain = request(input, base, &mut NoTrace).map(|u| (u.to_s(), u));
            assert_eq!(traced, plain, "{input:?}");
            assert!(
                trace
                    .steps
                    .iter()
                    .all(|s| s.id.stage() == crate::engine::Stage::Ruby)
            );
            reached.extend(trace.steps.iter().map(|s| s.id));
        }
        assert_eq!(
            crate::engine::servers::test_steps::unreached(crate::engine::Stage::Ruby, &reached),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn the_steps_that_part_parsers_name_their_component() {
        let mut trace = Trace::default();
        let _ = request("http://u@h:1/", None, &mut trace).map(|u| u.read(&mut trace).to_s);
        let component = |id| {
            trace
                .steps
                .iter()
                .find(|s| s.id == id)
                .and_then(|s| s.component)
        };
        assert_eq!(component(StepId::RubyAuthority), Some(Component::Host));
        assert_eq!(component(StepId::RubyHost), Some(Component::Host));
        assert_eq!(component(StepId::RubyUserinfo), Some(Component::User));
        assert_eq!(component(StepId::RubyHostname), Some(Component::Host));
    }

    #[test]
    fn no_input_panics() {
        let big = "a%2/..".repeat(1 << 20);
        let slashes = format!("http://h/{}", "x/../".repeat(1 << 19));
        let weird = [
            "",
            "%",
            "[",
            "]",
            "//[",
            "//]",
            "//[::",
            "http://[",
            "http://[::1",
            "?#",
            "#?#",
            ":",
            "::",
            "//@",
            "mailto:",
            "mailto:?",
            "ftp://",
            "ldap:",
            "\u{0}\t\n é",
            "\u{10ffff}",
            "//v1.]",
            "//[1:2:3:4:5:6:7:8:9:0:1:2:3:4:5:6",
        ];
        for input in weird
            .iter()
            .copied()
            .chain([big.as_str(), slashes.as_str()])
        {
            for base in [
                None,
                Some("http://u:p@h/a/b"),
                Some("ftp://h/a"),
                Some("mailto:x@y"),
                Some("file:x"),
                Some(slashes.as_str()),
                Some(input),
            ] {
                let _ = request(input, base, &mut NoTrace).map(|u| u.read(&mut NoTrace).to_s);
                let mut trace = Trace::default();
                let _ = request(input, base, &mut trace).map(|u| u.read(&mut trace).to_s);
            }
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn never_panics_and_traced_equals_untraced(
                input in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;= \\\\é\t-]{0,24}",
                base in proptest::option::of("(http|ftp|mailto|file|foo)?:?[a-z:/?#\\[\\]@%.0-9é-]{0,16}"),
            ) {
                let plain = request(&input, base.as_deref(), &mut NoTrace)
                    .map(|u| u.read(&mut NoTrace).to_s);
                let mut trace = Trace::default();
                let traced = request(&input, base.as_deref(), &mut trace)
                    .map(|u| u.read(&mut trace).to_s);
                prop_assert_eq!(plain, traced);
            }

            #[test]
            fn a_url_ruby_writes_back_parses_to_the_same(
                input in "(http|HTTP|ftp|ws|foo)://[a-z0-9.:@\\[\\]]{0,12}(/[a-z.]{0,4}){0,3}(\\?[a-z =]{0,4})?(#[a-z]{0,4})?",
            ) {
                // to_s of a parsed URL with a host parses again to the
                // same text (the query setter's encoding is idempotent);
                // without a host it need not: see answers_as_ruby_does
                let with_host = request(&input, None, &mut NoTrace)
                    .ok()
                    .filter(|u| u.host().is_some());
                if let Some(u) = with_host {
                    let once = u.to_s();
                    if let Ok(again) = request(&once, None, &mut NoTrace) {
                        prop_assert_eq!(again.to_s(), once);
                    }
                }
            }
        }
    }
}
