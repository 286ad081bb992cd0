//! Fuzz target, differential: the URL Standard's basic URL parser as the
//! `url` crate and `ada-url` (ada 3.x) implement it, on the same input and
//! base. Every disagreement between them must be a named divergence: one
//! of the `url` crate's, listed in `src/resolvers/rust_url/divergences.rs`
//! (the one file of them, which the `rust-url` resolver's notes come
//! from), or one of ada's, listed here in [`ADA_DIVERGENCES`]. Any other
//! is a panic, with both answers.
//!
//! Our own engine's answer joins them where marked below; from then on
//! each library is compared with the engine, and a disagreement is that
//! library's named divergence or a bug of ours.
//!
//! The bytes are read as in the `canonicalize` and `resolvers` targets (so
//! the three share seeds): byte 0 the settings (bit 7 whether a base
//! follows; the other bits are unused: ada parses queries in UTF-8 only),
//! then the base's length and the base, then the input.
#![no_main]

#[path = "../support/url_crate.rs"]
mod url_crate;

use libfuzzer_sys::fuzz_target;
use url_inspector::engine::QueryEncoding;
use url_inspector::resolvers::rust_url::{self, divergences};
use url_inspector::resolvers::{Answer, NoteCode};

use url_crate::url_crate_may_abort;

/// One of ada's known departures from the URL Standard (or from the `url`
/// crate where the two read the Standard differently): a name, the reason,
/// and a test on the input and base.
struct AdaDivergence {
    /// A name, for a debugger.
    #[allow(dead_code)]
    name: &'static str,
    /// Why ada answers differently.
    #[allow(dead_code)]
    reason: &'static str,
    applies: fn(input: &str, base: Option<&str>) -> bool,
}

/// ada's known divergences. None yet: the first run's disagreement
/// (`about://@`, which ada refuses as the Standard does) was the url
/// crate's, and is named in its list.
const ADA_DIVERGENCES: &[AdaDivergence] = &[];

fuzz_target!(|data: &[u8]| {
    let Some((&settings, rest)) = data.split_first() else {
        return;
    };
    let (base, input) = if settings & 0x80 != 0 {
        let Some((&n, rest)) = rest.split_first() else {
            return;
        };
        let n = usize::from(n).min(rest.len());
        let (base, input) = rest.split_at(n);
        (Some(String::from_utf8_lossy(base)), input)
    } else {
        (None, rest)
    };
    let input = String::from_utf8_lossy(input);
    let base = base.as_deref();
    if url_crate_may_abort(&input, base) {
        return;
    }

    let crate_answer = rust_url::resolve(&input, base, QueryEncoding::UTF8);
    let crate_href = crate_answer.valid_canon().map(str::to_owned);
    let ada_href = ada_url::Url::parse(input.as_ref(), base)
        .ok()
        .map(|u| u.href().to_owned());

    // ---- Our URL Standard engine joins here: compute its href and
    // ---- compare each library with it instead of with each other.

    if crate_href == ada_href {
        return;
    }
    if crate_diverges(&crate_answer) {
        return;
    }
    if ADA_DIVERGENCES.iter().any(|d| (d.applies)(&input, base)) {
        return;
    }
    panic!(
        "the url crate and ada disagree on {input:?} against {base:?}:\n  url: {crate_href:?}\n  ada: {ada_href:?}\nneither names a divergence"
    );
});

/// Whether the `url` crate's answer carries one of its named divergences.
fn crate_diverges(answer: &Answer) -> bool {
    let named = NoteCode::RustUrl(rust_url::Code::Diverges);
    let diverges = answer.notes.iter().any(|n| n.code == named);
    // The list is the one the resolver's notes come from.
    debug_assert!(!diverges || !divergences::DIVERGENCES.is_empty());
    diverges
}
