//! The 2012 engine: the algorithm of `url-parsing-resolution-canonicalization.txt`
//! (Web::URL::Canonicalize, 2011–2012), in the spec's own mode and in the
//! three browser modes its markers describe.
//!
//! | spec section | module |
//! |---|---|
//! | Character classes, drive specifications | [`chars`] |
//! | Parsed URL, the markers | [`model`] |
//! | Preprocessing | [`preprocess`] |
//! | Parsing (UNC, drive, `file:`, `mailto:`, hierarchical, other) | [`parse`] |
//! | Resolution, merge path, remove dot-segments | [`resolve`] |
//! | Percent-encoding | [`percent`], [`encoding`](crate::engine::encoding) |
//! | IPv4, IPv6, Nameprep, CanonicalizeHost | [`host`] |
//! | Port numbers, Canonicalization | [`canonicalize`] |
//! | Serialization | [`serialize`] |
//! | (the URL after each step) | [`url_after`] |
//! | (the run: the stages in order, up to the one asked for) | `run` |
//! | (what a run is asked, what it gives) | [`options`], [`outcome`] |
//! | (what a person must not miss; one run in one value) | [`notes`], [`inspect`] |
//!
//! The one entry point is [`run()`]: it takes the input, the [`Options`] (mode,
//! last stage, query encoding, base, whether to keep the intermediate forms)
//! and a [`Tracer`](crate::engine::Tracer), and gives an [`Outcome`].
//!
//! [`crate::engine`] has an example.
//!
//! [`NoTrace`](crate::engine::NoTrace) costs nothing and
//! [`Trace`](crate::engine::Trace) records each step.
//!
//! ## Which module uses which
//!
//! Each module uses only modules listed before it, so there is no cycle
//! (tests aside, which may run the whole engine):
//!
//! | module | uses |
//! |---|---|
//! | [`chars`], [`model`] | (none, or only the shared modules of [`crate::engine`]) |
//! | [`percent`] | `chars` |
//! | [`serialize`] | `model` |
//! | [`url_after`] | `model`, `serialize` |
//! | [`failure`], [`preprocess`] | (the shared tracer) |
//! | [`options`] | `model` |
//! | [`outcome`] | `failure`, `model` |
//! | [`parse`] | `chars`, `model`, `preprocess`, `trace` |
//! | [`host`] | `chars`, `failure`, `model`, `percent`, `trace` |
//! | [`resolve`] | `chars`, `model`, `parse`, `percent`, `preprocess`, `trace` |
//! | [`canonicalize`] | `chars`, `failure`, `host`, `model`, `percent`, `trace` |
//! | `run` | `options`, `outcome`, `encoding`, `failure`, `model`, `trace` and every stage |
//! | [`notes`] | `run` (for the forms of a run that kept none), `options`, `outcome`, `chars`, `encoding`, `failure`, `model`, `percent`, `preprocess` |
//! | [`inspect`] | `run`, `notes`, `options`, `outcome`, `model`, `trace` |
//!
//! This file only declares the modules and re-exports their public names.

pub mod canonicalize;
pub mod chars;
pub mod failure;
pub mod host;
pub mod inspect;
pub mod model;
pub mod notes;
pub mod options;
pub mod outcome;
pub mod parse;
pub mod percent;
pub mod preprocess;
pub mod resolve;
mod run;
pub mod serialize;
pub mod url_after;

pub use failure::{Failure, Reason};
pub use inspect::Inspection;
pub use model::ParsedUrl;
pub use notes::{Note, NoteCode, NoteLevel};
pub use options::{Base, Options, Until};
pub use outcome::{Kept, Outcome};
pub use run::run;
pub use url_after::{Subject, UrlAfter, UrlsAfter};
