//! What a run of the engine is asked to do: the one value the engine's
//! `run` takes besides the input and the tracer.
//!
//! Near the leaves of the engine: it names the mode, the stage to stop
//! after, the query encoding and the base, and imports nothing but their
//! types.

use serde::{Deserialize, Serialize};

use super::model::{Mode, ParsedUrl};
use crate::engine::encoding::QueryEncoding;

/// How far to take an input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Until {
    /// Parse the input only.
    Parse,
    /// Parse the base and resolve the input against it.
    Resolve,
    /// Resolve, canonicalize and serialize (the default).
    #[default]
    Canonicalize,
}

/// The base URL the input is resolved against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Base<'a> {
    /// No base: the input is resolved against itself, as the reference
    /// implementation's tests do, so dot-segments are removed all the same.
    #[default]
    None,
    /// A base still to be parsed; its steps are recorded first, marked
    /// `of_base`. The empty string means [`Base::None`].
    Text(&'a str),
    /// A base parsed once (with `engine::parse::parse`), for many inputs
    /// against one base.
    Parsed(&'a ParsedUrl),
}

/// What one run is asked to do. The default: the spec's own mode, every
/// stage, UTF-8, no base, nothing kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options<'a> {
    /// The spec's marker to follow.
    pub mode: Mode,
    /// The last stage to run.
    pub until: Until,
    /// The query's encoding (Percent-encoding, step 3).
    pub encoding: QueryEncoding,
    /// What the input is resolved against.
    pub base: Base<'a>,
    /// Whether the outcome carries the intermediate forms
    /// (`Outcome::kept`); untraced runs that do not keep them copy
    /// nothing.
    pub keep: bool,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            mode: Mode::This,
            until: Until::Canonicalize,
            encoding: QueryEncoding::UTF8,
            base: Base::None,
            keep: false,
        }
    }
}

impl<'a> Options<'a> {
    /// Follows `mode`.
    pub fn mode(self, mode: Mode) -> Self {
        Options { mode, ..self }
    }

    /// Stops after the stage `until`.
    pub fn until(self, until: Until) -> Self {
        Options { until, ..self }
    }

    /// Encodes the query in `encoding`.
    pub fn encoding(self, encoding: QueryEncoding) -> Self {
        Options { encoding, ..self }
    }

    /// Resolves against `base`, parsed by the run (empty: no base).
    pub fn base(self, base: &'a str) -> Self {
        Options {
            base: Base::Text(base),
            ..self
        }
    }

    /// Resolves against a base parsed beforehand.
    pub fn parsed_base(self, base: &'a ParsedUrl) -> Self {
        Options {
            base: Base::Parsed(base),
            ..self
        }
    }

    /// Keeps the intermediate forms in the outcome, or not.
    pub fn keep(self, keep: bool) -> Self {
        Options { keep, ..self }
    }
}
