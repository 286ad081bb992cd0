//! The engines, and what they share.
//!
//! url-inspector follows URLs through two specifications, each an engine of
//! its own in a folder of its own:
//!
//! | folder | what it implements |
//! |---|---|
//! | [`spec2012`] | Web::URL::Canonicalize (2011–2012): preprocessing, parsing, resolution, canonicalization and serialization, in the spec's own mode and its three browser modes |
//! | [`url_standard`] | the URL Standard (WHATWG): the basic URL parser state by state, hosts, the setters, `URLSearchParams` |
//! | [`browsers`] | today's browsers as models: the URL Standard with each browser's departures |
//!
//! Beside them are the parts both use, which know nothing of either:
//!
//! | module | what it holds |
//! |---|---|
//! | [`trace`] | the tracer (`NoTrace` costs nothing, `Trace` records) and the one table of step ids |
//! | `code_table` | the macro behind every table of codes, citations and explanations |
//! | [`encoding`] | the query's character encoding, chosen by a WHATWG label |
//! | [`hidden`] | characters a person cannot see, and their `\u{…}` escapes |
//! | [`component`], [`mode`] | the names a step or a note uses: a URL component, a 2012 mode |
//! | [`report`] | a trace written out for people, as text or Markdown |
//!
//! The 2012 engine's names are also re-exported here, and [`run`] is its
//! entry point:
//!
//! ```
//! use url_inspector::engine::{self, NoTrace, Options, QueryEncoding};
//! let options = Options::default()
//!     .base("HTTP://Example.COM:80/a/b/c")
//!     .encoding(QueryEncoding::UTF8);
//! let out = engine::run("../d/./e?q=\u{e9}", &options, &mut NoTrace);
//! assert_eq!(out.canon.as_deref(), Some("http://example.com/a/d/e?q=%C3%A9"));
//! ```
//!
//! No engine knows anything of the GUI, the command line or the resolvers.
//! This file only declares the modules and re-exports their public names.

pub mod browsers;
pub mod canon_forms;
pub(crate) mod code_table;
pub mod component;
pub mod encoding;
pub mod hidden;
pub mod mode;
pub mod record_snapshot;
pub mod report;
pub mod servers;
pub mod spec2012;
pub mod trace;
pub mod url_standard;

pub use component::Component;
pub use encoding::{EncodingVerdict, QueryEncoding};
pub use mode::Mode;
pub use spec2012::{
    Base, Failure, Inspection, Kept, Note, NoteCode, NoteLevel, Options, Outcome, ParsedUrl,
    Reason, Until, run,
};
pub use spec2012::{
    canonicalize, chars, failure, host, inspect, model, notes, options, outcome, parse, percent,
    preprocess, resolve, serialize,
};
pub use trace::{NoTrace, Stage, Step, StepId, Trace, Tracer};
