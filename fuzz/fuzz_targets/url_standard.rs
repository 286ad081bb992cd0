//! Fuzz target, differential: the URL Standard's basic URL parser as our
//! engine (`engine::url_standard`), the `url` crate and `ada-url` (ada 3.x)
//! implement it, on the same input and base. Each library is compared with
//! our engine; every disagreement must be that library's named divergence:
//! the `url` crate's in `src/resolvers/rust_url/divergences.rs` (the one
//! file of them, which the `rust-url` resolver's notes come from), ada's in
//! [`ADA_DIVERGENCES`] here. Any other is a panic, with the answers: a bug
//! of ours to fix, or a divergence to name.
//!
//! Our engine is also checked against itself: a traced run answers as the
//! untraced one, and its href parses back to itself (the Standard's
//! serializer and parser round-trip).
//!
//! The bytes are read as in the `canonicalize` and `resolvers` targets (so
//! the three share seeds): byte 0 the settings (bit 7 whether a base
//! follows; the other bits are unused: ada parses queries in UTF-8 only),
//! then the base's length and the base, then the input.
#![no_main]

#[path = "../support/url_crate.rs"]
mod url_crate;

use libfuzzer_sys::fuzz_target;
use url_inspector::engine::url_standard;
use url_inspector::engine::{NoTrace, QueryEncoding, Trace};
use url_inspector::resolvers::rust_url::{self, divergences};
use url_inspector::resolvers::{Answer, NoteCode};

use url_crate::url_crate_may_abort;

/// One of ada's known departures from the URL Standard at the commit our
/// engine follows: a name, the reason, and a test on the two answers.
struct AdaDivergence {
    /// A name, for a debugger.
    #[allow(dead_code)]
    name: &'static str,
    /// Why ada answers differently.
    #[allow(dead_code)]
    reason: &'static str,
    applies: fn(input: &str, ours: Option<&str>, ada: Option<&str>) -> bool,
}

/// ada's known divergences: changes of the Standard made after the ada
/// release that `ada-url` 4.0.0 ships.
const ADA_DIVERGENCES: &[AdaDivergence] = &[
    AdaDivergence {
        name: "opaque-path-space",
        reason: "a space ending an opaque path before '?' or '#' is written %20 by the Standard; ada keeps the space",
        applies: |_, ours, ada| same_but(ours, ada, |s| s.replace("%20", " ")),
    },
    AdaDivergence {
        name: "idna-nfc",
        reason: "UTS #46 ends its mapping with NFC; ada gives some mapped labels undecomposed (ẛ̣ is xn--1ig, ṩ, by the Standard and IdnaTestV2; ada writes xn--kta160l)",
        applies: |_, ours, ada| {
            let idn = |h: Option<&str>| h.is_some_and(|h| h.contains("xn--"));
            idn(ours) && idn(ada)
        },
    },
    AdaDivergence {
        name: "idna-bidi-joiners",
        reason: "UTS #46 with CheckBidi and CheckJoiners (the Standard's flags) refuses some labels ada accepts (a joiner outside its context, an LTR label in a bidi domain)",
        applies: |_, ours, ada| ours.is_none() && ada.is_some_and(|h| h.contains("xn--")),
    },
    AdaDivergence {
        name: "ascii-domain",
        reason: "the Standard only lowercases an all-ASCII domain; ada still runs UTS #46 on it and fails on an invalid xn-- label",
        applies: |_, ours, ada| {
            ada.is_none() && ours.is_some_and(|h| h.to_ascii_lowercase().contains("xn--"))
        },
    },
    AdaDivergence {
        name: "idna-tables",
        reason: "ada's own UTS #46 carries Unicode 15 tables; a domain with a code point assigned since, which the Standard maps through the idna crate's newer data (to an xn-- label, or to ASCII: U+1DF95 is ss), is refused there",
        applies: |input, ours, ada| {
            ada.is_none()
                && ours.and_then(host_of).is_some_and(|host| {
                    let refused_by_ada = |s: &str| ada_url::Idna::ascii(s).is_empty();
                    (host.contains("xn--") && refused_by_ada(&ada_url::Idna::unicode(host)))
                        || input.chars().any(|c| {
                            let c = c.to_string();
                            !c.is_ascii()
                                && refused_by_ada(&c)
                                && url_standard::host::to_ascii(&c, false).is_some()
                        })
                })
        },
    },
];

/// The host of an href with an authority, as written there.
fn host_of(href: &str) -> Option<&str> {
    let (_, rest) = href.split_once("://")?;
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    Some(match host.rsplit_once(':') {
        Some((h, _)) if !host.ends_with(']') => h,
        _ => host,
    })
}

/// Whether the two answers are equal once `normal` is applied to both.
fn same_but(ours: Option<&str>, ada: Option<&str>, normal: fn(&str) -> String) -> bool {
    match (ours, ada) {
        (Some(a), Some(b)) => normal(a) == normal(b),
        _ => false,
    }
}

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

    // A base that a library reads otherwise than our engine is the case to
    // name: what the input then gives follows from it. With the bases
    // agreeing, the input is compared.
    let our_base = base.map(|b| our_href(b, None));
    let our_input = our_href(&input, base);

    let crate_base_agrees = match (base, &our_base) {
        (Some(b), Some(ours)) => require_crate_named(b, None, ours.as_deref()),
        _ => true,
    };
    if crate_base_agrees {
        require_crate_named(&input, base, our_input.as_deref());
    }

    let ada_base_agrees = match (base, &our_base) {
        (Some(b), Some(ours)) => require_ada_named(b, None, ours.as_deref()),
        _ => true,
    };
    if ada_base_agrees {
        require_ada_named(&input, base, our_input.as_deref());
    }
});

/// Compares the url crate's answer for `input` against `base` with ours;
/// panics on a disagreement no divergence of the crate names. Whether the
/// two agree.
fn require_crate_named(input: &str, base: Option<&str>, ours: Option<&str>) -> bool {
    let answer = rust_url::resolve(input, base, QueryEncoding::UTF8);
    let theirs = answer.valid_canon();
    if theirs == ours {
        return true;
    }
    let rewritten = match (ours, theirs) {
        (Some(ours), Some(theirs)) => divergences::explaining(ours, theirs).is_some(),
        _ => false,
    };
    if !rewritten && !crate_diverges(&answer) {
        panic!(
            "the url crate and our engine disagree on {input:?} against {base:?}:\n  ours: {ours:?}\n  url:  {theirs:?}\nno divergence of the crate is named"
        );
    }
    false
}

/// Compares ada's answer for `input` against `base` with ours; panics on a
/// disagreement none of [`ADA_DIVERGENCES`] names. Whether the two agree.
fn require_ada_named(input: &str, base: Option<&str>, ours: Option<&str>) -> bool {
    let theirs = ada_url::Url::parse(input, base)
        .ok()
        .map(|u| u.href().to_owned());
    if theirs.as_deref() == ours {
        return true;
    }
    let named = ADA_DIVERGENCES
        .iter()
        .any(|d| (d.applies)(input, ours, theirs.as_deref()));
    if !named {
        panic!(
            "ada and our engine disagree on {input:?} against {base:?}:\n  ours: {ours:?}\n  ada:  {theirs:?}\nno divergence of ada is named"
        );
    }
    false
}

/// Our engine's href for `input` against `base` (`None`: failure, of
/// either), after checking that tracing changes nothing and that the href
/// parses back to itself.
fn our_href(input: &str, base: Option<&str>) -> Option<String> {
    let utf8 = QueryEncoding::UTF8;
    let base = match base {
        Some(b) => Some(url_standard::parse(b, None, utf8, &mut NoTrace).url.ok()?),
        None => None,
    };
    let plain = url_standard::parse(input, base.as_ref(), utf8, &mut NoTrace);
    let mut trace = Trace::default();
    let traced = url_standard::parse(input, base.as_ref(), utf8, &mut trace);
    assert_eq!(plain, traced, "tracing changed the answer for {input:?}");
    let url = plain.url.ok()?;
    let again = url_standard::parse(url.href(), None, utf8, &mut NoTrace);
    assert_eq!(
        again.url.as_ref().map(|u| u.href()).ok(),
        Some(url.href()),
        "the href of {input:?} does not parse back to itself"
    );
    Some(url.href().to_owned())
}

/// Whether the `url` crate's answer carries one of its named divergences.
fn crate_diverges(answer: &Answer) -> bool {
    let named = NoteCode::RustUrl(rust_url::Code::Diverges);
    let diverges = answer.notes.iter().any(|n| n.code == named);
    // The list is the one the resolver's notes come from.
    debug_assert!(!diverges || !divergences::DIVERGENCES.is_empty());
    diverges
}
