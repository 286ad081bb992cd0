//! The compare resolvers: one input under every resolver that matters, each
//! behind the same small interface, [`Resolve`]: a [`Request`] (input, base,
//! encoding, stage, whether to trace) in, an [`Answer`] out.
//!
//! | name | what | module |
//! |---|---|---|
//! | `this`, `chrome`, `gecko`, `ie` | the spec's four modes (the engine) | [`spec`] |
//! | `whatwg` | the URL Standard: url-inspector's own engine | [`whatwg`] |
//! | `rust-url` | the `url` crate, what Rust programs run, with its known divergences from the Standard named | [`rust_url`] |
//! | `rfc3986` | RFC 3986 resolution (5.2, 5.3) on the IRI-reference as written, then normalization (6.2.2, 6.2.3), through `fluent-uri` | [`rfc3986`] |
//! | `opc` | OPC part names (ECMA-376 Part 2, Annex A) on top of `rfc3986` | [`opc`] |
//!
//! An [`Answer`] has the shape of the engine's result: invalid or not, the
//! canonical string, the components, plus [`Note`]s that only some
//! resolvers give (the URL Standard's validation errors, the part-name rule
//! that fails, ...), the trace when one was asked for (the engine's
//! [`Trace`]: the spec's modes and OPC record one), and the intermediate
//! [`Forms`] a viewer shows beside the result, so that nothing is run twice.
//! When an answer is invalid its first note says why.
//!
//! Adding a resolver is one file (a type that implements [`Resolve`], with
//! a [`code_table!`](crate::engine::code_table) of its note codes) and one
//! row in the `resolvers!` table below; a resolver with notes of its own
//! also adds its code table to [`NoteCode`].
//!
//! ```
//! use url_inspector::resolvers::{Request, Resolver};
//! let request = Request::new("?").with_base(Some("http://foo.example/#bar"));
//! let answers = Resolver::ALL.map(|r| r.resolve(&request));
//! assert_eq!(answers[4].canon.as_deref(), Some("http://foo.example/?")); // whatwg
//! ```

pub mod browsers;
pub mod canon_forms;
pub mod comparison;
pub mod curl;
pub mod go;
pub mod hosts;
pub mod java_uri;
pub mod java_url;
pub mod json;
mod library;
pub mod live;
pub mod node_legacy;
pub mod opc;
pub mod pair;
pub mod perl;
pub mod php;
pub mod python;
pub mod report;
pub mod rfc3986;
pub mod ruby;
pub mod rust_url;
pub mod same;
pub mod setters;
pub mod spec;
pub mod urllib3;
pub mod whatwg;

use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::engine::browsers::Browser;
use crate::engine::url_standard::ValidationError;
use crate::engine::{self, Component, Failure, Mode, NoTrace, QueryEncoding, StepId, Trace, Until};

/// What a resolver is asked: the input, the base, the query encoding, how
/// far to go and whether to record a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// The input, as typed.
    pub input: &'a str,
    /// The base; what an absent or empty one means depends on the
    /// resolver: the spec's modes resolve the input against itself,
    /// `whatwg` and `rfc3986` have no base (a relative reference is then
    /// invalid), `opc` takes the package root `/`.
    pub base: Option<&'a str>,
    /// The query encoding (the resolvers that have one).
    pub encoding: QueryEncoding,
    /// The stage to stop after, where the resolver has stages (the spec's
    /// modes and `rfc3986`; the others have one).
    pub until: Until,
    /// Whether to record the trace, where the resolver records one.
    pub trace: bool,
    /// The switches of the canonical forms (`surt`'s options, w3lib's
    /// `keep_fragments`); the other resolvers have none.
    pub forms: canon_forms::FormOptions,
}

impl<'a> Request<'a> {
    /// `input`, with no base, in UTF-8, to the end, untraced.
    pub fn new(input: &'a str) -> Request<'a> {
        Request {
            input,
            base: None,
            encoding: QueryEncoding::UTF8,
            until: Until::Canonicalize,
            trace: false,
            forms: canon_forms::FormOptions::default(),
        }
    }

    /// The request with the base `base` (an empty one counts as none).
    pub fn with_base(self, base: Option<&'a str>) -> Request<'a> {
        Request {
            base: base.filter(|b| !b.is_empty()),
            ..self
        }
    }

    /// The request with the query encoding `encoding`.
    pub fn with_encoding(self, encoding: QueryEncoding) -> Request<'a> {
        Request { encoding, ..self }
    }

    /// The request stopping after `until`.
    pub fn with_until(self, until: Until) -> Request<'a> {
        Request { until, ..self }
    }

    /// The request with the canonical forms' switches `forms`.
    pub fn with_forms(self, forms: canon_forms::FormOptions) -> Request<'a> {
        Request { forms, ..self }
    }

    /// The request with its trace recorded.
    pub fn traced(self) -> Request<'a> {
        Request {
            trace: true,
            ..self
        }
    }

    /// The base, `None` when absent or empty.
    pub fn base(&self) -> Option<&'a str> {
        self.base.filter(|b| !b.is_empty())
    }
}

/// A resolver: turns a [`Request`] into an [`Answer`].
pub trait Resolve {
    /// The answer to `request`, computed once with everything a viewer
    /// shows (the trace when asked for, the intermediate forms).
    fn resolve(&self, request: &Request<'_>) -> Answer;
}

/// Declares [`Resolver`], the enum of every resolver's name, from one table:
/// per row the variant, its group, the name the command line and JSON use,
/// the label the window shows, how a sentence names it, a line of
/// description, and the implementation. The rows after `@live` ask real programs installed on
/// the machine; they are in [`Resolver::LIVE`], not in [`Resolver::ALL`].
macro_rules! resolvers {
    ($(
        $(#[$meta:meta])*
        $variant:ident in $group:ident => $name:literal, $label:literal, $phrase:literal, $description:literal, $implementation:expr;
    )*
    @live $(
        $(#[$live_meta:meta])*
        $live:ident in $live_group:ident => $live_name:literal, $live_label:literal, $live_phrase:literal, $live_description:literal, $live_implementation:expr;
    )*) => {
        /// Every resolver, by the name the command line and JSON use.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Resolver {
            $( $(#[$meta])* $variant, )*
            $( $(#[$live_meta])* $live, )*
        }

        impl Resolver {
            /// The resolvers that answer on their own, by group: the spec's
            /// modes first (in [`Mode::ALL`] order), then the standards,
            /// today's browsers and the libraries.
            pub const ALL: [Resolver; [$(Resolver::$variant),*].len()] = [$(Resolver::$variant),*];

            /// The resolvers that ask a real program on the machine (a
            /// browser driven headless, a server library through its
            /// runner), asked for by name only.
            pub const LIVE: [Resolver; [$(Resolver::$live),*].len()] = [$(Resolver::$live),*];

            /// [`Resolver::ALL`], then [`Resolver::LIVE`].
            pub const EVERY: [Resolver; [$(Resolver::$variant),* , $(Resolver::$live),*].len()] =
                [$(Resolver::$variant),* , $(Resolver::$live),*];

            /// The lowercase name used on the command line and in JSON.
            pub const fn name(self) -> &'static str {
                match self {
                    $( Resolver::$variant => $name, )*
                    $( Resolver::$live => $live_name, )*
                }
            }

            /// The name as the window and tables show it, in capitals like
            /// the spec's markers (`THIS`, `RFC 3986`), or by its name
            /// with the version it stands for (`URL Standard`, `Chromium 156`).
            pub const fn label(self) -> &'static str {
                match self {
                    $( Resolver::$variant => $label, )*
                    $( Resolver::$live => $live_label, )*
                }
            }

            /// The resolver as a sentence names it: "the URL Standard",
            /// "Python's urllib", "the Chromium installed here".
            pub const fn phrase(self) -> &'static str {
                match self {
                    $( Resolver::$variant => $phrase, )*
                    $( Resolver::$live => $live_phrase, )*
                }
            }

            /// What the resolver is and whom it stands for, in a line.
            pub const fn description(self) -> &'static str {
                match self {
                    $( Resolver::$variant => $description, )*
                    $( Resolver::$live => $live_description, )*
                }
            }

            /// The group the resolver belongs to.
            pub const fn group(self) -> Group {
                match self {
                    $( Resolver::$variant => Group::$group, )*
                    $( Resolver::$live => Group::$live_group, )*
                }
            }

            /// Whether the resolver asks a real program on the machine.
            pub const fn is_live(self) -> bool {
                match self {
                    $( Resolver::$variant => false, )*
                    $( Resolver::$live => true, )*
                }
            }

            /// Resolves `request` as this resolver does.
            pub fn resolve(self, request: &Request<'_>) -> Answer {
                match self {
                    $( Resolver::$variant => Resolve::resolve(&$implementation, request), )*
                    $( Resolver::$live => Resolve::resolve(&$live_implementation, request), )*
                }
            }
        }
    };
}

/// The kinds of resolver, as Compare groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The 2012 spec's four modes (its 2011 browser markers are history).
    Spec2012,
    /// The standards: the URL Standard, RFC 3986, OPC part names.
    Standards,
    /// Today's browsers: models, and the real ones when asked.
    Browsers,
    /// Libraries programs use.
    Libraries,
    /// The canonical forms crawlers, archives and blocklists key URLs by.
    CanonicalForms,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::Spec2012,
        Group::Standards,
        Group::Browsers,
        Group::Libraries,
        Group::CanonicalForms,
    ];

    /// The group's heading.
    pub const fn label(self) -> &'static str {
        match self {
            Group::Spec2012 => "2012 spec",
            Group::Standards => "Standards",
            Group::Browsers => "Browsers today",
            Group::Libraries => "Libraries",
            Group::CanonicalForms => "Canonical forms",
        }
    }

    /// What the group holds, in a line.
    pub const fn description(self) -> &'static str {
        match self {
            Group::Spec2012 => {
                "the 2012 spec's own steps and its markers for the browsers of 2011 (history)"
            }
            Group::Standards => "the URL Standard, RFC 3986/3987, OPC part names",
            Group::Browsers => "Chromium, Firefox and WebKit as they parse today",
            Group::Libraries => "what programs outside browsers run",
            Group::CanonicalForms => {
                "what crawlers dedupe by, archives index by and blocklists look up"
            }
        }
    }

    /// The group in a phrase: "the 2012 spec's modes".
    pub const fn phrase(self) -> &'static str {
        match self {
            Group::Spec2012 => "the 2012 spec's modes",
            Group::Standards => "the standards",
            Group::Browsers => "today's browsers as modelled",
            Group::Libraries => "the libraries",
            Group::CanonicalForms => "the canonical forms",
        }
    }

    /// The name saved settings use.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Spec2012 => "spec-2012",
            Group::Standards => "standards",
            Group::Browsers => "browsers",
            Group::Libraries => "libraries",
            Group::CanonicalForms => "canonical-forms",
        }
    }

    /// The group called `name` (ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Group> {
        Group::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    }

    /// The resolvers of [`Resolver::ALL`] in the group.
    pub fn members(self) -> impl Iterator<Item = Resolver> {
        Resolver::ALL.into_iter().filter(move |r| r.group() == self)
    }
}

impl Resolver {
    /// The live resolver that asks the real browser this model stands
    /// for, and back: the model a live resolver is checked against.
    pub const fn counterpart(self) -> Option<Resolver> {
        match self {
            Resolver::Chromium => Some(Resolver::ChromiumLive),
            Resolver::Firefox => Some(Resolver::FirefoxLive),
            Resolver::WebKit => Some(Resolver::WebKitLive),
            Resolver::ChromiumLive => Some(Resolver::Chromium),
            Resolver::FirefoxLive => Some(Resolver::Firefox),
            Resolver::WebKitLive => Some(Resolver::WebKit),
            Resolver::Python => Some(Resolver::PythonLive),
            Resolver::PythonLive => Some(Resolver::Python),
            Resolver::Perl => Some(Resolver::PerlLive),
            Resolver::PerlLive => Some(Resolver::Perl),
            Resolver::Php => Some(Resolver::PhpLive),
            Resolver::PhpLive => Some(Resolver::Php),
            Resolver::JavaUri => Some(Resolver::JavaUriLive),
            Resolver::JavaUriLive => Some(Resolver::JavaUri),
            Resolver::JavaUrl => Some(Resolver::JavaUrlLive),
            Resolver::JavaUrlLive => Some(Resolver::JavaUrl),
            Resolver::NodeLegacy => Some(Resolver::NodeLegacyLive),
            Resolver::NodeLegacyLive => Some(Resolver::NodeLegacy),
            Resolver::Ruby => Some(Resolver::RubyLive),
            Resolver::RubyLive => Some(Resolver::Ruby),
            Resolver::Urllib3 => Some(Resolver::Urllib3Live),
            Resolver::Urllib3Live => Some(Resolver::Urllib3),
            _ => None,
        }
    }

    /// The runner a live server library's resolver asks; `None` for every
    /// other resolver.
    pub const fn live_server(self) -> Option<live::servers::LiveServer> {
        match self {
            Resolver::PythonLive => Some(live::servers::PYTHON),
            Resolver::PerlLive => Some(live::servers::PERL),
            Resolver::PhpLive => Some(live::servers::PHP),
            Resolver::JavaUriLive => Some(live::servers::JAVA_URI),
            Resolver::JavaUrlLive => Some(live::servers::JAVA_URL),
            Resolver::NodeLegacyLive => Some(live::servers::NODE_LEGACY),
            Resolver::RubyLive => Some(live::servers::RUBY),
            Resolver::Urllib3Live => Some(live::servers::URLLIB3),
            _ => None,
        }
    }

    /// The live browser a live resolver asks; `None` for every other
    /// resolver.
    pub const fn live_browser(self) -> Option<Browser> {
        if self.is_live() { self.browser() } else { None }
    }

    /// `self`'s answers to many requests, in order. A live resolver sends
    /// them to its browser in a few round trips rather than one each;
    /// every other resolver answers them one by one.
    pub fn resolve_many(self, requests: &[Request<'_>]) -> Vec<Answer> {
        if let Some(server) = self.live_server() {
            return server.resolve_many(requests);
        }
        match self.live_browser() {
            Some(browser) => live::resolve_many(browser, requests),
            None => requests.iter().map(|r| self.resolve(r)).collect(),
        }
    }

    /// The browser a model or a live resolver stands for.
    pub const fn browser(self) -> Option<Browser> {
        match self {
            Resolver::Chromium | Resolver::ChromiumLive => Some(Browser::Chromium),
            Resolver::Firefox | Resolver::FirefoxLive => Some(Browser::Firefox),
            Resolver::WebKit | Resolver::WebKitLive => Some(Browser::WebKit),
            _ => None,
        }
    }
}

resolvers! {
    /// The spec's own steps (the engine, marker THIS).
    #[default]
    This in Spec2012 => "this", "THIS", "THIS", "the 2012 spec's own steps", spec::Spec(Mode::This);
    /// The engine emulating Chrome of 2011 (marker CHROME).
    Chrome in Spec2012 => "chrome", "CHROME", "CHROME", "the spec emulating Chrome of 2011", spec::Spec(Mode::Chrome);
    /// The engine emulating Gecko of 2011 (marker GECKO).
    Gecko in Spec2012 => "gecko", "GECKO", "GECKO", "the spec emulating Firefox (Gecko) of 2011", spec::Spec(Mode::Gecko);
    /// The engine emulating Internet Explorer of 2011 (marker IE).
    Ie in Spec2012 => "ie", "IE", "IE", "the spec emulating Internet Explorer of 2011", spec::Spec(Mode::Ie);
    /// The URL Standard: url-inspector's own engine.
    Whatwg in Standards => "whatwg", "URL Standard", "the URL Standard",
        "the URL Standard: what browsers aim for, Node.js, most HTTP clients", whatwg::Whatwg;
    /// RFC 3986 / RFC 3987 resolution and normalization.
    Rfc3986 in Standards => "rfc3986", "RFC 3986", "RFC 3986",
        "RFC 3986/3987: URI libraries, servers, RIF, SSML", rfc3986::Rfc3986;
    /// OPC part names (ECMA-376 Part 2, Annex A).
    Opc in Standards => "opc", "OPC", "OPC",
        "OPC part names: Office documents, XPS, other ZIP packages", opc::Opc;
    /// Chromium today: the URL Standard with Chromium's departures.
    Chromium in Browsers => "chromium", "Chromium 156", "Chromium",
        "Chromium 156 (Chrome, Edge, Opera): the URL Standard with its departures, modelled", browsers::Model(Browser::Chromium);
    /// Firefox today: the URL Standard with Firefox's departures.
    Firefox in Browsers => "firefox", "Firefox 153", "Firefox",
        "Firefox ESR 153: the URL Standard with its departures, modelled", browsers::Model(Browser::Firefox);
    /// WebKit today: the URL Standard with WebKit's departures.
    WebKit in Browsers => "webkit", "WebKit 2.50", "WebKit",
        "WebKitGTK 2.50 (Safari's URL parser): the URL Standard with its departures, modelled", browsers::Model(Browser::WebKit);
    /// The `url` crate (servo/rust-url), with its known divergences named.
    RustUrl in Libraries => "rust-url", "RUST-URL", "the url crate",
        "the url crate: what Rust programs run (the URL Standard, with known divergences)", rust_url::RustUrl;
    /// CPython's urllib.parse, modelled.
    Python in Libraries => "python", "Python 3.11", "Python's urllib",
        "CPython 3.11's urllib.parse (urljoin, then urlsplit): what Python programs read, modelled", python::Python;
    /// Go's net/url, modelled.
    Go in Libraries => "go", "Go 1.27", "Go's net/url",
        "Go 1.27's net/url (Parse, then ResolveReference): what Go programs read, modelled", go::Go;
    /// libcurl's URL API, the library installed here.
    Curl in Libraries => "curl", "libcurl", "libcurl",
        "libcurl's URL API (curl_url_set), the library installed on this machine: what curl and its bindings read", curl::Curl;
    /// Node.js 20.20.2's legacy `url.parse` and `url.resolve`, modelled.
    NodeLegacy in Libraries => "node-legacy", "Node.js 20 url.parse", "Node.js's url.parse",
        "Node.js 20.20.2's legacy url.parse (url.resolve with a base): what older Node.js code checks, modelled", node_legacy::NodeLegacy;
    /// urllib3 2.8.0's `urllib3.util.parse_url`, modelled.
    Urllib3 in Libraries => "urllib3", "urllib3 2.8", "urllib3",
        "urllib3 2.8.0's parse_url (urljoin first with a base): the host requests connects to, modelled", urllib3::Urllib3;
    /// PHP 8.2.31's `parse_url`, modelled.
    Php in Libraries => "php", "PHP 8.2", "PHP's parse_url",
        "PHP 8.2.31's parse_url (no resolution against a base): what PHP code checks, modelled", php::Php;
    /// Ruby 3.1.2's `URI` library, modelled.
    Ruby in Libraries => "ruby", "Ruby 3.1 URI", "Ruby's URI",
        "Ruby 3.1's URI.parse and URI.join (the RFC 3986 parser): what Ruby code reads, modelled", ruby::Ruby;
    /// OpenJDK 17.0.15's `java.net.URI`, modelled.
    JavaUri in Libraries => "java-uri", "java.net.URI 17", "java.net.URI",
        "OpenJDK 17's java.net.URI (resolve with a base): what Java code checks, modelled", java_uri::JavaUri;
    /// OpenJDK 17.0.15's `java.net.URL` and `URLStreamHandler.parseURL`, modelled.
    JavaUrl in Libraries => "java-url", "java.net.URL 17", "java.net.URL",
        "OpenJDK 17's java.net.URL (the two-argument constructor with a base): what Java code fetches, modelled", java_url::JavaUrl;
    /// Perl's `URI` module 5.17, modelled.
    Perl in Libraries => "perl", "Perl URI 5.17", "Perl's URI",
        "Perl's URI module 5.17 (URI->new_abs with a base): what Perl code reads, modelled", perl::Perl;
    /// The `surt` package 0.3.1: the Internet Archive's SURT key.
    Surt in CanonicalForms => "surt", "surt 0.3.1", "surt",
        "surt 0.3.1's surt(): the key the Wayback Machine and pywb index captures by (urljoin first with a base), modelled", canon_forms::Canonical(canon_forms::Form::Surt);
    /// urlcanon 0.3.1's `whatwg` canonicalizer.
    UrlcanonWhatwg in CanonicalForms => "urlcanon-whatwg", "urlcanon whatwg", "urlcanon's whatwg",
        "urlcanon 0.3.1's whatwg canonicalizer, with its SSURT (urljoin first with a base), modelled", canon_forms::Canonical(canon_forms::Form::UrlcanonWhatwg);
    /// urlcanon 0.3.1's `google` canonicalizer.
    UrlcanonGoogle in CanonicalForms => "urlcanon-google", "urlcanon google", "urlcanon's google",
        "urlcanon 0.3.1's google canonicalizer (Safe Browsing's rules, as urlcanon has them), with its SSURT, modelled", canon_forms::Canonical(canon_forms::Form::UrlcanonGoogle);
    /// urlcanon 0.3.1's `semantic` canonicalizer.
    UrlcanonSemantic in CanonicalForms => "urlcanon-semantic", "urlcanon semantic", "urlcanon's semantic",
        "urlcanon 0.3.1's semantic canonicalizer (Brozzler's and warcprox's dedupe key), with its SSURT, modelled", canon_forms::Canonical(canon_forms::Form::UrlcanonSemantic);
    /// w3lib 2.5.0's `canonicalize_url`.
    W3lib in CanonicalForms => "w3lib", "w3lib 2.5", "w3lib's canonicalize_url",
        "w3lib 2.5.0's canonicalize_url: what Scrapy dedupes requests by (urljoin first with a base), modelled", canon_forms::Canonical(canon_forms::Form::W3lib);
    /// Safe Browsing's canonicalization, as Google publishes it.
    SafeBrowsing in CanonicalForms => "safe-browsing", "Safe Browsing v4", "Safe Browsing",
        "Google Safe Browsing v4 and Web Risk: the canonical URL and the expressions a client looks up, as published", canon_forms::Canonical(canon_forms::Form::SafeBrowsing);
    @live
    /// The Chromium installed here, asked headless.
    ChromiumLive in Browsers => "chromium-live", "Chromium (live)", "the Chromium installed here",
        "the Chromium installed on this machine, asked headless", live::Live(Browser::Chromium);
    /// The Firefox installed here, asked headless.
    FirefoxLive in Browsers => "firefox-live", "Firefox (live)", "the Firefox installed here",
        "the Firefox installed on this machine, asked headless", live::Live(Browser::Firefox);
    /// The WebKitGTK installed here, asked headless.
    WebKitLive in Browsers => "webkit-live", "WebKit (live)", "the WebKit installed here",
        "the WebKitGTK installed on this machine, asked headless", live::Live(Browser::WebKit);
    /// The python3 installed here: its real urllib.parse.
    PythonLive in Libraries => "python-live", "Python (live)", "the python3 installed here",
        "the python3 installed on this machine: its own urllib.parse, asked through its runner", live::servers::PYTHON;
    /// The Perl installed here: its real URI module.
    PerlLive in Libraries => "perl-live", "Perl URI (live)", "the Perl URI installed here",
        "the Perl and URI module installed on this machine, asked through its runner", live::servers::PERL;
    /// The PHP installed here: its real parse_url.
    PhpLive in Libraries => "php-live", "PHP (live)", "the PHP installed here",
        "the PHP installed on this machine: its own parse_url, asked through its runner", live::servers::PHP;
    /// The JDK installed here: its real java.net.URI.
    JavaUriLive in Libraries => "java-uri-live", "java.net.URI (live)", "the java.net.URI installed here",
        "the JDK installed on this machine: its own java.net.URI, asked through its runner", live::servers::JAVA_URI;
    /// The JDK installed here: its real java.net.URL.
    JavaUrlLive in Libraries => "java-url-live", "java.net.URL (live)", "the java.net.URL installed here",
        "the JDK installed on this machine: its own java.net.URL, asked through its runner", live::servers::JAVA_URL;
    /// The Node.js installed here: its real legacy url.parse.
    NodeLegacyLive in Libraries => "node-legacy-live", "Node.js url.parse (live)", "the Node.js url.parse installed here",
        "the Node.js installed on this machine: its own legacy url.parse, asked through its runner", live::servers::NODE_LEGACY;
    /// The Ruby installed here: its real URI.
    RubyLive in Libraries => "ruby-live", "Ruby URI (live)", "the Ruby URI installed here",
        "the Ruby installed on this machine: its own URI, asked through its runner", live::servers::RUBY;
    /// The urllib3 installed here: its real parse_url.
    Urllib3Live in Libraries => "urllib3-live", "urllib3 (live)", "the urllib3 installed here",
        "the urllib3 installed in the servers' venv (scripts/setup servers): its own parse_url, asked through its runner", live::servers::URLLIB3;
}

/// Every resolver's name, by group, in a phrase for help texts: "the
/// 2012 spec's modes (this, chrome, gecko, ie); the standards (whatwg, …);
/// …; or a real program installed here (chromium-live, …)". Made from the
/// one table, so the help never falls behind it.
pub fn names_by_group() -> String {
    let names = |rs: &mut dyn Iterator<Item = Resolver>| {
        rs.map(Resolver::name).collect::<Vec<_>>().join(", ")
    };
    let mut parts: Vec<String> = Group::ALL
        .into_iter()
        .map(|g| format!("{} ({})", g.phrase(), names(&mut g.members())))
        .collect();
    parts.push(format!(
        "or a real program installed here ({})",
        names(&mut Resolver::LIVE.into_iter())
    ));
    parts.join("; ")
}

impl Resolver {
    /// Parses a resolver name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<Resolver> {
        Resolver::EVERY
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// Whether the resolver's host is one a client would connect to, and
    /// so takes part in comparing hosts ([`hosts`]): not OPC's part names
    /// (no host), not the canonical forms (keys, whose host is massaged:
    /// `surt` drops a leading `www.`).
    pub fn names_a_host(self) -> bool {
        self != Resolver::Opc && self.group() != Group::CanonicalForms
    }

    /// The engine mode, for the spec's four resolvers.
    pub const fn mode(self) -> Option<Mode> {
        match self {
            Resolver::This => Some(Mode::This),
            Resolver::Chrome => Some(Mode::Chrome),
            Resolver::Gecko => Some(Mode::Gecko),
            Resolver::Ie => Some(Mode::Ie),
            _ => None,
        }
    }
}

/// Runs `untraced` on [`NoTrace`], or, when `trace` is asked for,
/// `traced` on a [`Trace`] that the answer then keeps. (Two closures, as a
/// closure cannot be generic over the tracer.)
pub(crate) fn with_tracer(
    trace: bool,
    untraced: impl FnOnce(&mut NoTrace) -> Answer,
    traced: impl FnOnce(&mut Trace) -> Answer,
) -> Answer {
    if !trace {
        return untraced(&mut NoTrace);
    }
    let mut steps = Trace::default();
    let mut answer = traced(&mut steps);
    answer.trace = Some(steps);
    answer
}

/// Every resolver's answer to `request`, in [`Resolver::ALL`] order.
pub fn resolve_all(request: &Request<'_>) -> [(Resolver, Answer); Resolver::ALL.len()] {
    Resolver::ALL.map(|r| (r, r.resolve(request)))
}

/// Who agrees with whom: resolvers grouped by the same canonical string
/// (`None`, an invalid answer, groups with the other invalid ones), groups
/// in order of their first member.
pub fn agreement<'a>(
    canons: impl IntoIterator<Item = (Resolver, Option<&'a str>)>,
) -> Vec<Vec<Resolver>> {
    let mut groups: Vec<(Option<&str>, Vec<Resolver>)> = Vec::new();
    for (r, key) in canons {
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(r),
            None => groups.push((key, vec![r])),
        }
    }
    groups.into_iter().map(|(_, members)| members).collect()
}

impl From<Mode> for Resolver {
    fn from(mode: Mode) -> Resolver {
        match mode {
            Mode::This => Resolver::This,
            Mode::Chrome => Resolver::Chrome,
            Mode::Gecko => Resolver::Gecko,
            Mode::Ie => Resolver::Ie,
        }
    }
}

/// Writes the name [`Resolver::name`] gives.
impl Serialize for Resolver {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Reads the name [`Resolver::name`] gives, ignoring ASCII case (saved
/// settings and the command line's JSON have always spelled it in
/// lowercase; other spellings are read too rather than lost).
impl<'de> Deserialize<'de> for Resolver {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Resolver, D::Error> {
        let name = String::deserialize(d)?;
        Resolver::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown resolver {name:?}")))
    }
}

impl fmt::Display for Resolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one resolver made of an input.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Answer {
    /// Whether the input could not be turned into a valid result.
    pub invalid: bool,
    /// The canonical string (`None` when invalid, or when a stage before
    /// canonicalization was asked for and the resolver gives none there).
    pub canon: Option<String>,
    /// The present components, in serialization order.
    pub components: Vec<(Component, String)>,
    /// What the resolver has to say besides; when `invalid`, the first
    /// note is why.
    pub notes: Vec<Note>,
    /// The spec's modes: the engine's failure as it names it (the step,
    /// the typed reason, the range), when invalid. Its note is the first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// The steps taken, when the request asked for them and the resolver
    /// records any (the spec's modes, OPC).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Trace>,
    /// The intermediate forms a viewer shows beside the result.
    #[serde(skip_serializing_if = "Forms::is_empty")]
    pub forms: Forms,
}

/// The forms an input went through on its way to the answer, where a
/// resolver has them apart and a viewer shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Forms {
    /// RFC 3986: the target after resolution and recomposition (5.2, 5.3),
    /// before normalization (the answer's `canon` is it normalized).
    /// `None` when resolution was not reached or failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved: Option<String>,
    /// A key the package makes besides its canonical URL: urlcanon's
    /// SSURT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Safe Browsing: the host suffix / path prefix expressions a client
    /// looks up, in the published order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lookups: Vec<String>,
}

impl Forms {
    /// Whether there is no form at all.
    pub fn is_empty(&self) -> bool {
        self.resolved.is_none() && self.key.is_none() && self.lookups.is_empty()
    }
}

impl Answer {
    /// An invalid answer whose reason is `why`.
    pub fn invalid(why: Note) -> Answer {
        Answer {
            invalid: true,
            notes: vec![why],
            ..Answer::default()
        }
    }

    /// The component `c`, if present.
    pub fn get(&self, c: Component) -> Option<&str> {
        self.components
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, v)| v.as_str())
    }

    /// Why the answer is invalid (the first note), when it is.
    pub fn why_invalid(&self) -> Option<&Note> {
        self.notes.first().filter(|_| self.invalid)
    }

    /// The canonical string of a valid answer (what [`agreement`] compares).
    pub fn valid_canon(&self) -> Option<&str> {
        self.canon.as_deref().filter(|_| !self.invalid)
    }
}

/// A resolver-specific remark: a validation error, a failed rule, a
/// stage's intermediate result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// What kind of note; serialized as its stable string, e.g.
    /// `whatwg.backslash` or `opc.part-name.trailing-dot`.
    pub code: NoteCode,
    /// What happened, in a sentence.
    pub message: String,
    /// The byte range in the input the note is about, where one applies.
    pub range: Option<Range<usize>>,
}

impl Note {
    /// A note with no range.
    pub fn new(code: impl Into<NoteCode>, message: impl Into<String>) -> Note {
        Note {
            code: code.into(),
            message: message.into(),
            range: None,
        }
    }

    /// A note whose message is its code's own sentence.
    pub fn of(code: impl Into<NoteCode>) -> Note {
        let code = code.into();
        Note::new(code, code.text())
    }

    /// Adds the byte range in the input.
    pub fn at(mut self, range: Range<usize>) -> Note {
        self.range = Some(range);
        self
    }
}

/// Every kind of note a resolver gives: the code tables of its resolvers,
/// side by side. Each serializes as its table's stable string, so a
/// `match` on it is exhaustive where the strings were matched by literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NoteCode {
    /// The spec's modes: the step that made the URL invalid (its step id).
    Step(StepId),
    /// The spec's modes: one of the engine's notes.
    Engine(engine::NoteCode),
    /// The URL Standard's validation errors, under the Standard's names.
    Validation(ValidationError),
    /// The `whatwg` resolver's own notes (a bad base, a failure the
    /// Standard names no error for).
    Whatwg(whatwg::Code),
    /// The `url` crate's failures, validation errors and divergences.
    RustUrl(rust_url::Code),
    /// RFC 3986's grammar errors, base problems and normalization.
    Rfc3986(rfc3986::Code),
    /// OPC's part-name rules and base forms.
    Opc(opc::Code),
    /// A setter run's notes (a refused value).
    Set(setters::Code),
    /// The live browsers' notes (who answered, a TypeError, a browser
    /// that cannot be asked).
    Live(live::Code),
    /// Python's urllib.parse's notes.
    Python(python::Code),
    /// Go's net/url's notes.
    Go(go::Code),
    /// libcurl's notes.
    Curl(curl::Code),
    /// Node.js 20.20.2's legacy `url.parse`'s notes.
    NodeLegacy(node_legacy::Code),
    /// urllib3 2.8.0's `urllib3.util.parse_url`'s notes.
    Urllib3(urllib3::Code),
    /// PHP 8.2.31's `parse_url`'s notes.
    Php(php::Code),
    /// Ruby 3.1.2's `URI` library's notes.
    Ruby(ruby::Code),
    /// OpenJDK 17.0.15's `java.net.URI`'s notes.
    JavaUri(java_uri::Code),
    /// OpenJDK 17.0.15's `java.net.URL`'s notes.
    JavaUrl(java_url::Code),
    /// Perl's `URI` module 5.17's notes.
    Perl(perl::Code),
    /// The canonical forms' notes (an exception, the join).
    CanonForms(canon_forms::Code),
}

impl NoteCode {
    /// The stable string, as JSON, CSV and the command line write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            NoteCode::Step(id) => id.id(),
            NoteCode::Engine(code) => code.code(),
            NoteCode::Validation(error) => error.name(),
            NoteCode::Whatwg(code) => code.code(),
            NoteCode::RustUrl(code) => code.code(),
            NoteCode::Rfc3986(code) => code.code(),
            NoteCode::Opc(code) => code.code(),
            NoteCode::Set(code) => code.code(),
            NoteCode::Live(code) => code.code(),
            NoteCode::Python(code) => code.code(),
            NoteCode::Go(code) => code.code(),
            NoteCode::Curl(code) => code.code(),
            NoteCode::NodeLegacy(code) => code.code(),
            NoteCode::Urllib3(code) => code.code(),
            NoteCode::Php(code) => code.code(),
            NoteCode::Ruby(code) => code.code(),
            NoteCode::JavaUri(code) => code.code(),
            NoteCode::JavaUrl(code) => code.code(),
            NoteCode::Perl(code) => code.code(),
            NoteCode::CanonForms(code) => code.code(),
        }
    }

    /// The spec section (and step) the code cites.
    pub const fn citation(self) -> &'static str {
        match self {
            NoteCode::Step(id) => id.citation(),
            NoteCode::Engine(code) => code.citation(),
            NoteCode::Validation(error) => error.citation(),
            NoteCode::Whatwg(code) => code.citation(),
            NoteCode::RustUrl(code) => code.citation(),
            NoteCode::Rfc3986(code) => code.citation(),
            NoteCode::Opc(code) => code.citation(),
            NoteCode::Set(code) => code.citation(),
            NoteCode::Live(code) => code.citation(),
            NoteCode::Python(code) => code.citation(),
            NoteCode::Go(code) => code.citation(),
            NoteCode::Curl(code) => code.citation(),
            NoteCode::NodeLegacy(code) => code.citation(),
            NoteCode::Urllib3(code) => code.citation(),
            NoteCode::Php(code) => code.citation(),
            NoteCode::Ruby(code) => code.citation(),
            NoteCode::JavaUri(code) => code.citation(),
            NoteCode::JavaUrl(code) => code.citation(),
            NoteCode::Perl(code) => code.citation(),
            NoteCode::CanonForms(code) => code.citation(),
        }
    }

    /// The code whose stable string is `code`, from whichever table has it.
    pub fn from_code(code: &str) -> Option<NoteCode> {
        None.or_else(|| StepId::from_code(code).map(NoteCode::Step))
            .or_else(|| engine::NoteCode::from_code(code).map(NoteCode::Engine))
            .or_else(|| ValidationError::from_code(code).map(NoteCode::Validation))
            .or_else(|| whatwg::Code::from_code(code).map(NoteCode::Whatwg))
            .or_else(|| rust_url::Code::from_code(code).map(NoteCode::RustUrl))
            .or_else(|| rfc3986::Code::from_code(code).map(NoteCode::Rfc3986))
            .or_else(|| opc::Code::from_code(code).map(NoteCode::Opc))
            .or_else(|| setters::Code::from_code(code).map(NoteCode::Set))
            .or_else(|| live::Code::from_code(code).map(NoteCode::Live))
            .or_else(|| python::Code::from_code(code).map(NoteCode::Python))
            .or_else(|| go::Code::from_code(code).map(NoteCode::Go))
            .or_else(|| curl::Code::from_code(code).map(NoteCode::Curl))
            .or_else(|| node_legacy::Code::from_code(code).map(NoteCode::NodeLegacy))
            .or_else(|| urllib3::Code::from_code(code).map(NoteCode::Urllib3))
            .or_else(|| php::Code::from_code(code).map(NoteCode::Php))
            .or_else(|| ruby::Code::from_code(code).map(NoteCode::Ruby))
            .or_else(|| java_uri::Code::from_code(code).map(NoteCode::JavaUri))
            .or_else(|| java_url::Code::from_code(code).map(NoteCode::JavaUrl))
            .or_else(|| perl::Code::from_code(code).map(NoteCode::Perl))
            .or_else(|| canon_forms::Code::from_code(code).map(NoteCode::CanonForms))
    }

    /// What a note of this kind means, in a sentence.
    pub const fn text(self) -> &'static str {
        match self {
            NoteCode::Step(id) => id.explanation(),
            NoteCode::Engine(code) => code.description(),
            NoteCode::Validation(error) => error.explanation(),
            NoteCode::Whatwg(code) => code.text(),
            NoteCode::RustUrl(code) => code.text(),
            NoteCode::Rfc3986(code) => code.text(),
            NoteCode::Opc(code) => code.text(),
            NoteCode::Set(code) => code.text(),
            NoteCode::Live(code) => code.text(),
            NoteCode::Python(code) => code.text(),
            NoteCode::Go(code) => code.text(),
            NoteCode::Curl(code) => code.text(),
            NoteCode::NodeLegacy(code) => code.text(),
            NoteCode::Urllib3(code) => code.text(),
            NoteCode::Php(code) => code.text(),
            NoteCode::Ruby(code) => code.text(),
            NoteCode::JavaUri(code) => code.text(),
            NoteCode::JavaUrl(code) => code.text(),
            NoteCode::Perl(code) => code.text(),
            NoteCode::CanonForms(code) => code.text(),
        }
    }
}

impl From<StepId> for NoteCode {
    fn from(id: StepId) -> NoteCode {
        NoteCode::Step(id)
    }
}

impl From<engine::NoteCode> for NoteCode {
    fn from(code: engine::NoteCode) -> NoteCode {
        NoteCode::Engine(code)
    }
}

impl From<ValidationError> for NoteCode {
    fn from(error: ValidationError) -> NoteCode {
        NoteCode::Validation(error)
    }
}

impl From<whatwg::Code> for NoteCode {
    fn from(code: whatwg::Code) -> NoteCode {
        NoteCode::Whatwg(code)
    }
}

impl From<rust_url::Code> for NoteCode {
    fn from(code: rust_url::Code) -> NoteCode {
        NoteCode::RustUrl(code)
    }
}

impl From<rfc3986::Code> for NoteCode {
    fn from(code: rfc3986::Code) -> NoteCode {
        NoteCode::Rfc3986(code)
    }
}

impl From<setters::Code> for NoteCode {
    fn from(code: setters::Code) -> NoteCode {
        NoteCode::Set(code)
    }
}

impl From<live::Code> for NoteCode {
    fn from(code: live::Code) -> NoteCode {
        NoteCode::Live(code)
    }
}

impl From<python::Code> for NoteCode {
    fn from(code: python::Code) -> NoteCode {
        NoteCode::Python(code)
    }
}

impl From<go::Code> for NoteCode {
    fn from(code: go::Code) -> NoteCode {
        NoteCode::Go(code)
    }
}

impl From<curl::Code> for NoteCode {
    fn from(code: curl::Code) -> NoteCode {
        NoteCode::Curl(code)
    }
}

impl From<node_legacy::Code> for NoteCode {
    fn from(code: node_legacy::Code) -> NoteCode {
        NoteCode::NodeLegacy(code)
    }
}

impl From<urllib3::Code> for NoteCode {
    fn from(code: urllib3::Code) -> NoteCode {
        NoteCode::Urllib3(code)
    }
}

impl From<php::Code> for NoteCode {
    fn from(code: php::Code) -> NoteCode {
        NoteCode::Php(code)
    }
}

impl From<ruby::Code> for NoteCode {
    fn from(code: ruby::Code) -> NoteCode {
        NoteCode::Ruby(code)
    }
}

impl From<java_uri::Code> for NoteCode {
    fn from(code: java_uri::Code) -> NoteCode {
        NoteCode::JavaUri(code)
    }
}

impl From<java_url::Code> for NoteCode {
    fn from(code: java_url::Code) -> NoteCode {
        NoteCode::JavaUrl(code)
    }
}

impl From<perl::Code> for NoteCode {
    fn from(code: perl::Code) -> NoteCode {
        NoteCode::Perl(code)
    }
}

impl From<canon_forms::Code> for NoteCode {
    fn from(code: canon_forms::Code) -> NoteCode {
        NoteCode::CanonForms(code)
    }
}

impl From<opc::Code> for NoteCode {
    fn from(code: opc::Code) -> NoteCode {
        NoteCode::Opc(code)
    }
}

/// Shows the stable string.
impl fmt::Display for NoteCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for NoteCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_ignore_case() {
        for r in Resolver::ALL {
            assert_eq!(Resolver::from_name(r.name()), Some(r));
            assert_eq!(Resolver::from_name(&r.name().to_uppercase()), Some(r));
            let json = serde_json::to_string(&r).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", r.name()));
            assert_eq!(serde_json::from_str::<Resolver>(&json).ok(), Some(r));
        }
        assert!(serde_json::from_str::<Resolver>("\"netscape\"").is_err());
        assert_eq!(Resolver::from_name("netscape"), None);
    }

    /// The shape the window's saved Compare settings have always had: the
    /// hidden resolvers and the reference, by their lowercase names. Any
    /// other case is read too.
    #[test]
    fn saved_settings_of_the_current_release_are_read() {
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        struct Saved {
            hidden: Vec<Resolver>,
            reference: Resolver,
        }
        let saved = r#"{"hidden":["gecko","ie","rfc3986","opc"],"reference":"whatwg"}"#;
        let read: Saved = serde_json::from_str(saved).expect("reads the saved form");
        assert_eq!(
            read,
            Saved {
                hidden: vec![
                    Resolver::Gecko,
                    Resolver::Ie,
                    Resolver::Rfc3986,
                    Resolver::Opc
                ],
                reference: Resolver::Whatwg,
            }
        );
        assert_eq!(serde_json::to_string(&read).ok().as_deref(), Some(saved));
        let shouted: Saved =
            serde_json::from_str(r#"{"hidden":["GECKO","Ie"],"reference":"WhatWG"}"#)
                .expect("reads any case");
        assert_eq!(shouted.hidden, [Resolver::Gecko, Resolver::Ie]);
        assert_eq!(shouted.reference, Resolver::Whatwg);
    }

    #[test]
    fn the_help_names_every_resolver_once() {
        let help = names_by_group();
        for r in Resolver::EVERY {
            let named = help
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .filter(|w| *w == r.name())
                .count();
            assert_eq!(named, 1, "{r} in {help}");
        }
        assert!(help.starts_with("the 2012 spec's modes (this, chrome, gecko, ie); "));
    }

    #[test]
    fn modes_map_onto_the_first_four() {
        for (mode, r) in Mode::ALL.into_iter().zip(Resolver::ALL) {
            assert_eq!(Resolver::from(mode), r);
            assert_eq!(r.mode(), Some(mode));
            assert_eq!(r.name(), mode.name());
        }
        assert_eq!(Resolver::Opc.mode(), None);
    }

    #[test]
    fn agreement_groups_by_canonical_string_in_first_member_order() {
        let answers = resolve_all(&Request::new("http://Bücher.de/"));
        let groups = agreement(answers.iter().map(|(r, a)| (*r, a.valid_canon())));
        // THIS, CHROME, the URL Standard, today's browsers, the url crate,
        // Node.js's url.parse, urllib3 and Perl's URI write the host in
        // Punycode (the real libraries' answers, `compare --live`), and so
        // do urlcanon's three canonicalizers and w3lib (the real packages'
        // answers); GECKO and IE keep it in Unicode, as does RFC 3987
        // normalization.
        assert_eq!(
            groups[0],
            [
                Resolver::This,
                Resolver::Chrome,
                Resolver::Whatwg,
                Resolver::Chromium,
                Resolver::Firefox,
                Resolver::WebKit,
                Resolver::RustUrl,
                Resolver::NodeLegacy,
                Resolver::Urllib3,
                Resolver::Perl,
                Resolver::UrlcanonWhatwg,
                Resolver::UrlcanonGoogle,
                Resolver::UrlcanonSemantic,
                Resolver::W3lib,
            ]
        );
        assert_eq!(
            groups[1],
            [Resolver::Gecko, Resolver::Ie, Resolver::Rfc3986]
        );
        assert_eq!(
            groups.iter().map(Vec::len).sum::<usize>(),
            Resolver::ALL.len()
        );
    }

    #[test]
    fn why_invalid_is_the_first_note_of_an_invalid_answer_only() {
        let bad = Answer::invalid(Note::of(ValidationError::HostMissing));
        assert_eq!(
            bad.why_invalid().map(|n| n.code),
            Some(NoteCode::Validation(ValidationError::HostMissing))
        );
        let good = Answer {
            notes: vec![Note::of(ValidationError::InvalidReverseSolidus)],
            ..Answer::default()
        };
        assert_eq!(good.why_invalid(), None);
    }

    #[test]
    fn a_traced_request_gets_a_trace_from_the_resolvers_that_record_one() {
        let request = Request::new("a/../b").with_base(Some("/x/y.xml"));
        for r in Resolver::ALL {
            let plain = r.resolve(&request);
            let traced = r.resolve(&request.traced());
            assert_eq!(plain.trace, None, "{r}");
            let records = r.mode().is_some()
                || matches!(
                    r,
                    Resolver::Opc
                        | Resolver::Rfc3986
                        | Resolver::Whatwg
                        | Resolver::Python
                        | Resolver::Go
                        | Resolver::NodeLegacy
                        | Resolver::Urllib3
                        | Resolver::Php
                        | Resolver::Ruby
                        | Resolver::JavaUri
                        | Resolver::JavaUrl
                        | Resolver::Perl
                )
                || r.group() == Group::Browsers
                || r.group() == Group::CanonicalForms;
            assert_eq!(traced.trace.is_some(), records, "{r}");
            assert_eq!(
                Answer {
                    trace: None,
                    ..traced
                },
                plain,
                "{r}"
            );
        }
    }

    #[test]
    fn note_codes_write_their_tables_strings() {
        let codes = [
            NoteCode::Step(StepId::CanonPortInvalid),
            NoteCode::Engine(engine::NoteCode::HostConfusable),
            NoteCode::Validation(ValidationError::InvalidReverseSolidus),
            NoteCode::Whatwg(whatwg::Code::BaseInvalid),
            NoteCode::RustUrl(rust_url::Code::Diverges),
            NoteCode::Rfc3986(rfc3986::Code::Normalized),
            NoteCode::Opc(opc::Code::TrailingDot),
        ];
        let strings = codes.map(|c| serde_json::to_string(&c).unwrap_or_default());
        assert_eq!(
            strings,
            [
                "\"canon.port.invalid\"",
                "\"host-confusable\"",
                "\"invalid-reverse-solidus\"",
                "\"whatwg.base-invalid\"",
                "\"rust-url.diverges\"",
                "\"rfc3986.normalized\"",
                "\"opc.part-name.trailing-dot\"",
            ]
        );
        for c in codes {
            assert!(!c.text().is_empty() && !c.citation().is_empty(), "{c}");
            assert_eq!(NoteCode::from_code(c.as_str()), Some(c));
        }
        assert_eq!(NoteCode::from_code("no.such-code"), None);
    }
}
