//! The exceptions of Ruby's `URI` library as a request meets them: the
//! class (`URI::InvalidURIError`, `URI::InvalidComponentError`,
//! `URI::BadURIError` from `lib/uri/common.rb`, and `NoMethodError`), the
//! message, and which call of the request raised. `split`, the setters and
//! `merge` all raise them, so they sit apart from each.

use std::fmt;

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
    pub(super) fn new(class: ErrorClass, message: impl Into<String>) -> Raise {
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
