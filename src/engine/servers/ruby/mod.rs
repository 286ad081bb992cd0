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
//! | `common.rb`: `URI.parse`, `URI.join` (`RFC3986_Parser#parse`, `#join`) | [`parse`], [`join`], [`request`] |
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

pub mod generic;
pub mod regexp;
mod split;
pub mod text;

use std::borrow::Cow;
use std::fmt;

pub use generic::{Class, Uri};

use crate::engine::Component;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};

/// The exception classes a request can raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// `URI::InvalidURIError`.
    InvalidUri,
    /// `URI::InvalidComponentError`.
    InvalidComponent,
    /// `URI::BadURIError`.
    BadUri,
    /// `NoMethodError` (`URI::FTP#merge` calling `typecode` on a String).
    NoMethod,
}

impl ErrorClass {
    /// The class's name, as `e.class` writes it.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorClass::InvalidUri => "URI::InvalidURIError",
            ErrorClass::InvalidComponent => "URI::InvalidComponentError",
            ErrorClass::BadUri => "URI::BadURIError",
            ErrorClass::NoMethod => "NoMethodError",
        }
    }
}

/// Which call of the request raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// `URI.parse(base)`, inside `URI.join`.
    Base,
    /// Parsing the input (`URI.parse`, or inside `merge`).
    Input,
    /// `merge` itself, once both were parsed.
    Join,
}

impl At {
    /// The runner's `stage`.
    pub const fn as_str(self) -> &'static str {
        match self {
            At::Base => "base",
            At::Input => "input",
            At::Join => "join",
        }
    }
}

/// An exception raised inside the library, before the caller says which
/// call it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raise {
    pub class: ErrorClass,
    pub message: String,
}

impl Raise {
    fn new(class: ErrorClass, message: impl Into<String>) -> Raise {
        Raise {
            class,
            message: message.into(),
        }
    }

    /// The exception, raised by the call `at`.
    pub fn at(self, at: At) -> RubyError {
        RubyError {
            class: self.class,
            message: self.message,
            at,
        }
    }
}

/// A request's failure: the exception's class and message
/// (`Exception#to_s`), and the call that raised it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RubyError {
    pub class: ErrorClass,
    pub message: String,
    pub at: At,
}

/// Writes `URI::InvalidURIError: bad URI(is not URI?): "…"`, as the
/// runner records it.
impl fmt::Display for RubyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.class.name(), self.message)
    }
}

/// `URI.parse(uri)`: `RFC3986_Parser#parse`, that is `URI.for(*split(uri))`.
pub fn parse<'a, T: Tracer>(uri: &'a str, tracer: &mut T) -> Result<Uri<'a>, Raise> {
    let split = split::split(uri, tracer)?;
    Uri::for_split(split, tracer)
}

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
