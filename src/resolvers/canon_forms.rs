//! The canonical forms of crawlers, archives and blocklists as resolvers:
//! the models of [`crate::engine::canon_forms`], one per package and
//! canonicalizer ([`Form`]).
//!
//! These packages take an absolute URL; none resolves a reference. With a
//! base, the request is first joined the way their users join links,
//! with CPython 3.11's `urllib.parse.urljoin(base, input)` (Scrapy's
//! `response.urljoin`, pywb's and warcprox's link handling; for Safe
//! Browsing, a client's own join is not specified, and urljoin is used
//! alike): the trace shows urljoin's steps, and a note gives the joined
//! URL. An empty base is none.
//!
//! The answer:
//!
//! - `canon`: the package's return value as it is: a URL, or for `surt`
//!   the SURT (`com,example)/a?a=2&b=1`), which is not a URL;
//! - the components: the package's canonical URL's parts (for `surt` the
//!   canonicalized `handyurl`'s, with the user and password the IA
//!   canonicalizer strips gone);
//! - [`Forms::key`](super::Forms::key): urlcanon's SSURT;
//!   [`Forms::lookups`](super::Forms::lookups): Safe Browsing's host
//!   suffix / path prefix expressions;
//! - an exception of the package is an invalid answer whose first note
//!   (`canon.error`) is the exception as Python prints it.

use super::{Answer, Forms, Note, Request, Resolve, library};
use crate::engine::Tracer;
use crate::engine::canon_forms::surt::{self, SurtOptions};
use crate::engine::canon_forms::{self, CanonForm};
use crate::engine::code_table::code_table;
use crate::engine::servers::python;

code_table! {
    /// The canonical-form resolvers' note codes.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "canon.error", "the package's own code",
        "the package raises an exception: it gives no canonical form";
    Joined => "canon.joined", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "the package resolves no reference: the base and the input were joined with urllib.parse.urljoin first";
    JoinRefused => "canon.join-refused", "CPython 3.11.7, Lib/urllib/parse.py, urljoin",
        "urllib.parse.urljoin raised before the package was reached";
}

/// The switches of the canonical forms that have any, as a request
/// carries them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FormOptions {
    /// `surt.surt(url, **options)`'s switches.
    pub surt: SurtOptions,
    /// w3lib's `canonicalize_url(url, keep_fragments=True)`.
    pub keep_fragments: bool,
}

/// Which package, and which of its canonicalizers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `surt.surt(url)`, surt 0.3.1.
    Surt,
    /// urlcanon 0.3.1's `whatwg` canonicalizer.
    UrlcanonWhatwg,
    /// urlcanon 0.3.1's `google` canonicalizer.
    UrlcanonGoogle,
    /// urlcanon 0.3.1's `semantic` canonicalizer.
    UrlcanonSemantic,
    /// w3lib 2.5.0's `canonicalize_url`.
    W3lib,
    /// Safe Browsing's canonicalization, as Google describes it.
    SafeBrowsing,
}

/// A canonical-form resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical(pub Form);

impl Resolve for Canonical {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let (form, options) = (self.0, request.forms);
        library::resolve(
            request,
            |i, b, t| answer(form, &options, i, b, t),
            |i, b, t| answer(form, &options, i, b, t),
        )
    }
}

/// The model of `form` on one URL.
pub fn canonical_form<T: Tracer>(
    form: Form,
    options: &FormOptions,
    url: &str,
    tracer: &mut T,
) -> Result<CanonForm, String> {
    use canon_forms::{safe_browsing, urlcanon, w3lib};
    match form {
        Form::Surt => surt::surt(url, &options.surt, tracer),
        Form::UrlcanonWhatwg => {
            urlcanon::canonicalize(url, urlcanon::Canonicalizer::Whatwg, tracer)
        }
        Form::UrlcanonGoogle => {
            urlcanon::canonicalize(url, urlcanon::Canonicalizer::Google, tracer)
        }
        Form::UrlcanonSemantic => {
            urlcanon::canonicalize(url, urlcanon::Canonicalizer::Semantic, tracer)
        }
        Form::W3lib => w3lib::canonicalize_url(url, options.keep_fragments, tracer),
        Form::SafeBrowsing => safe_browsing::canonicalize(url, tracer),
    }
}

/// The request through the model, as an [`Answer`].
fn answer<T: Tracer>(
    form: Form,
    options: &FormOptions,
    input: &str,
    base: Option<&str>,
    tracer: &mut T,
) -> Answer {
    let mut notes = Vec::new();
    let joined;
    let url = match base {
        None => input,
        Some(base) => match python::urljoin(base, input, tracer) {
            Ok((j, _)) => {
                joined = j;
                notes.push(Note::new(
                    Code::Joined,
                    format!("urljoin(base, input) gave {:?}", joined.as_ref()),
                ));
                joined.as_ref()
            }
            Err(e) => {
                return library::refusal(Code::JoinRefused, e.to_string(), []);
            }
        },
    };
    match canonical_form(form, options, url, tracer) {
        Err(e) => {
            let mut answer = Answer::invalid(Note::new(Code::Failure, e));
            answer.notes.extend(notes);
            answer
        }
        Ok(f) => Answer {
            canon: Some(f.canon),
            components: f.components,
            notes,
            forms: Forms {
                key: f.key,
                lookups: f.lookups,
                ..Forms::default()
            },
            ..Answer::default()
        },
    }
}
