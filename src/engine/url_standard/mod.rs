//! The URL Standard (url.spec.whatwg.org), followed step by step: the
//! basic URL parser with every state and the state override, the host
//! parser (UTS #46 through `idna`, IPv4, IPv6, opaque hosts), the
//! serializer, the percent-encode sets, the query in a chosen encoding,
//! origin, the host's public suffix and registrable domain with the
//! site they give (HTML), `application/x-www-form-urlencoded` with [`SearchParams`], and
//! the ten URL API setters. Every state is a traced step.
//!
//! # API
//!
//! ```text
//! parse(input: &str, base: Option<&Url>, encoding: QueryEncoding, tracer: &mut impl Tracer) -> Parsed
//!     Parsed { url: Result<Url, Failure>, errors: Vec<Reported> }
//! Url::href() / scheme() / username() / password() / host() -> Option<Host { kind, text }>
//!     / host_kind() / port() / path() / path_segments() / has_opaque_path()
//!     / query() / fragment() / origin() -> Origin (Display: its serialization)
//! Url::set_href / set_protocol / set_username / set_password / set_host / set_hostname
//!     / set_port / set_pathname / set_search / set_hash
//!     (&mut self, value: &str, tracer: &mut impl Tracer) -> Result<(), SetterRefused>
//! Url::set(setter: Setter, value, tracer)           (the same, by name: Setter::from_name("hostname"))
//! urlencoded::parse(bytes) -> Vec<(String, String)>; urlencoded::serialize(pairs, encoding) -> String
//! SearchParams::parse(query) / append / set / delete(name, Option<value>) / get / get_all / has
//!     / sort / serialize (also Display)
//! ValidationError: the table of the Standard's validation error names
//! ```
//!
//! ```
//! use url_inspector::engine::{NoTrace, QueryEncoding};
//! use url_inspector::engine::url_standard::{self, Setter};
//! let base = url_standard::parse("https://example.com/a/b", None, QueryEncoding::UTF8, &mut NoTrace)
//!     .url.unwrap();
//! let mut url = url_standard::parse("../c?x#y", Some(&base), QueryEncoding::UTF8, &mut NoTrace)
//!     .url.unwrap();
//! assert_eq!(url.href(), "https://example.com/c?x#y");
//! url.set(Setter::Port, "8080", &mut NoTrace).unwrap();
//! assert_eq!(url.href(), "https://example.com:8080/c?x#y");
//! ```
//!
//! # The record and the states
//!
//! A [`Url`] is its serialization and the offsets of its components
//! ([`record`]). The parser starts in the scheme start state (or the state
//! a setter overrides with) and moves between states one code point at a
//! time; each state writes its component straight into the serialization:
//!
//! ```text
//! scheme start -> scheme -> file ...................... file slash -> file host -> path start
//!      |            |----> special relative or authority -> relative ...
//!      |            |----> special authority slashes -> ignore slashes -> authority -> host -> port
//!      |            |----> path or authority -> authority | path
//!      |            '----> opaque path
//!      '-> no scheme -> relative | file | fragment (opaque-path base)
//! path start -> path -> query -> fragment
//! ```
//!
//! # Where each section is
//!
//! | URL Standard section | module |
//! |---|---|
//! | Validation errors (the tables in "Writing") | [`errors`] |
//! | Percent-encoded bytes, percent-encode sets, percent-encode after encoding | [`percent_sets`] |
//! | Host parsing, IDNA, forbidden code points, opaque hosts | [`host`] |
//! | IPv4 parser and serializer | [`ipv4`] |
//! | IPv6 parser and serializer | [`ipv6`] |
//! | URL representation, URL miscellaneous | [`record`] |
//! | URL parsing (the basic URL parser, every state) | [`parser`] |
//! | URL serializing (`/.`, exclude fragment) | [`serializer`] |
//! | Origin | [`origin`] |
//! | Host public suffix, host registrable domain (with HTML's sites, same origin, same site) | [`site`] |
//! | application/x-www-form-urlencoded, URLSearchParams | [`urlencoded`] |
//! | API: the URL class's setters | [`setters`] |
//!
//! Validation errors are reported with the byte range of the input as
//! given (before tabs and newlines were removed) and recorded on the step
//! where the Standard reports them.

pub mod errors;
pub mod host;
pub mod ipv4;
pub mod ipv6;
pub mod origin;
pub mod parser;
pub mod percent_sets;
pub mod quirks;
pub mod record;
pub mod serializer;
pub mod setters;
pub mod site;
pub mod urlencoded;

pub use errors::{Reported, ValidationError};
pub use origin::Origin;
pub use parser::Failure;
pub use quirks::Quirks;
pub use record::{Host, HostKind, Url};
pub use setters::{Setter, SetterRefused};
pub use urlencoded::SearchParams;

use crate::engine::encoding::QueryEncoding;
use crate::engine::trace::{StepId, Tracer};

/// What a parse gives: the URL or failure, and every validation error met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub url: Result<Url, Failure>,
    pub errors: Vec<Reported>,
    /// The departures from the Standard the parse made, in order (a
    /// browser model's quirks; none for the Standard's own parse).
    pub departures: Vec<StepId>,
}

/// URL Standard, basic URL parser (without url or state override): `input`
/// against `base`, the query in `encoding`.
pub fn parse<T: Tracer>(
    input: &str,
    base: Option<&Url>,
    encoding: QueryEncoding,
    tracer: &mut T,
) -> Parsed {
    parse_with(input, base, encoding, &Quirks::STANDARD, tracer)
}

/// [`parse`], departing from the Standard where `quirks` say (a browser
/// model's parse); each departure is a step of the trace, where it is made.
pub fn parse_with<T: Tracer>(
    input: &str,
    base: Option<&Url>,
    encoding: QueryEncoding,
    quirks: &Quirks,
    tracer: &mut T,
) -> Parsed {
    let mut errors = Vec::new();
    let mut departures = Vec::new();
    let url = serializer::run_parser(
        input,
        base,
        encoding.used,
        quirks,
        tracer,
        &mut errors,
        &mut departures,
    );
    Parsed {
        url,
        errors,
        departures,
    }
}
