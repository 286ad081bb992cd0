//! The `urlcanon` package 0.3.1 (Internet Archive), modelled: the URL
//! canonicalizers Brozzler and warcprox key their crawl and dedup records
//! by. Each decision is a step of stage [`Stage::Urlcanon`](crate::engine::Stage::Urlcanon)
//! citing the file and function it models; `tests/canon_urlcanon.rs`
//! holds the model to the package's answers.
//!
//! The package works on bytes: `urlcanon.parse_url(url)` encodes the URL
//! as UTF-8, then
//! 1. `parse_url` (urlcanon/parse.py, [`parse`]) cuts it with regular
//!    expressions into a `ParsedUrl` whose fields, concatenated, give back
//!    every byte: leading junk (C0 controls and spaces), scheme (everything
//!    before the first `:` when a letter comes first), the colon, the
//!    "pathish" up to `?` or `#`, the query, the fragment, trailing junk;
//! 2. `parse_pathish` cuts the pathish by the scheme's kind (file, special,
//!    other) into slashes, authority and path, and the authority into
//!    username, password, host and port;
//! 3. a canonicalizer (urlcanon/canon.py, [`canon`]) runs its list of
//!    named steps over the fields, in order:
//!    - `whatwg`: junk, tabs and newlines removed, scheme lowercased,
//!      default port dropped, empty userinfo cleaned up, `//`, the host
//!      percent-decoded, read as an IP address and rewritten, run through
//!      IDNA and percent-encoded, backslashes fixed, the path
//!      percent-encoded, given a leading `/`, its dot segments resolved,
//!      userinfo, query and fragment percent-encoded;
//!    - `google`: like it, with `http:` added where no scheme is, the
//!      fragment dropped, everything percent-decoded until it no longer
//!      changes and encoded again with Safe Browsing's set, the host's dots
//!      fixed and runs of slashes collapsed;
//!    - `semantic`: like `whatwg`, with `http:` added, the query decoded
//!      and re-encoded key by key and sorted, the userinfo and fragment
//!      dropped, host dots fixed, slashes collapsed;
//!
//!    the host's IDNA ([`idna`]) is the `idna` package with UTS #46, then
//!    Python's IDNA 2003 codec where that raises; its IP reading ([`ip`])
//!    is WHATWG's number forms through Python's `int()` ([`pyint`]) and
//!    CPython's `ipaddress`, whose `AddressValueError` for a negative
//!    number is the one exception that escapes;
//! 4. `bytes(parsed)` is the canonical URL, and `parsed.ssurt()` the SSURT:
//!    the host reversed (`com,example,`), then slashes, port, scheme,
//!    userinfo and the rest, an order that sorts a host's URLs together.
//!
//! Bytes that are not UTF-8 (percent-decoding makes them) stay bytes:
//! [`canonicalize_bytes`] gives them as they are; [`canonicalize`]'s text
//! shows each such byte as U+FFFD.

mod canon;
mod idna;
mod ip;
mod parse;
mod pyint;
mod schemes;

use crate::engine::canon_forms::CanonForm;
use crate::engine::{Component, Step, StepId, Tracer};

use canon::StepFn;
use parse::ParsedUrl;
use schemes::shown;

/// One of the package's canonicalizers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Canonicalizer {
    /// `urlcanon.whatwg`: the URL Standard's serialization, as the package
    /// reads it.
    Whatwg,
    /// `urlcanon.google`: Safe Browsing's canonicalization (the port kept).
    Google,
    /// `urlcanon.semantic`: `semantic_precise` and the fragment dropped,
    /// for URLs that load the same thing.
    Semantic,
}

/// What `canonicalizer(urlcanon.parse_url(url))` makes, as
/// [`CanonForm`]: `canon` is `bytes(parsed)` and `key` the SSURT (both as
/// text, a byte that is not UTF-8 shown as U+FFFD; [`canonicalize_bytes`]
/// gives the bytes), `components` the canonical URL's fields. A component
/// is present when its field is not empty or its delimiter is there: the
/// scheme's `:`, the username's `@`, the password's `:`, the host's
/// slashes, the port's `:`, the query's `?`, the fragment's `#`; the path
/// when it is not empty. `Err` is the exception that escapes, as Python
/// prints it (`AddressValueError: -1 (< 0) is not permitted as an IPv4
/// address`).
pub fn canonicalize<T: Tracer>(
    url: &str,
    which: Canonicalizer,
    tr: &mut T,
) -> Result<CanonForm, String> {
    let parsed = run(url, which, tr)?;
    let ssurt = parsed.ssurt();
    Ok(CanonForm {
        canon: shown(&parsed.to_bytes()),
        components: components(&parsed)
            .into_iter()
            .filter_map(|(c, v)| Some((c, shown(v?))))
            .collect(),
        key: Some(shown(&ssurt)),
        lookups: Vec::new(),
    })
}

/// [`canonicalize`]'s canonical URL and SSURT as the package's bytes
/// (`bytes(parsed)`, `parsed.ssurt()`), for where a byte is not UTF-8.
pub fn canonicalize_bytes<T: Tracer>(
    url: &str,
    which: Canonicalizer,
    tr: &mut T,
) -> Result<(Vec<u8>, Vec<u8>), String> {
    let parsed = run(url, which, tr)?;
    Ok((parsed.to_bytes(), parsed.ssurt()))
}

/// The components of a `ParsedUrl`, `None` where absent (see
/// [`canonicalize`]).
fn components(u: &ParsedUrl) -> [(Component, Option<&[u8]>); 8] {
    fn when(present: bool, v: &[u8]) -> Option<&[u8]> {
        present.then_some(v)
    }
    [
        (
            Component::Scheme,
            when(
                !u.scheme.is_empty() || !u.colon_after_scheme.is_empty(),
                &u.scheme,
            ),
        ),
        (
            Component::User,
            when(!u.username.is_empty() || !u.at_sign.is_empty(), &u.username),
        ),
        (
            Component::Password,
            when(
                !u.password.is_empty() || !u.colon_before_password.is_empty(),
                &u.password,
            ),
        ),
        (
            Component::Host,
            when(!u.host.is_empty() || !u.slashes.is_empty(), &u.host),
        ),
        (
            Component::Port,
            when(
                !u.port.is_empty() || !u.colon_before_port.is_empty(),
                &u.port,
            ),
        ),
        (Component::Path, when(!u.path.is_empty(), &u.path)),
        (
            Component::Query,
            when(!u.query.is_empty() || !u.question_mark.is_empty(), &u.query),
        ),
        (
            Component::Fragment,
            when(
                !u.fragment.is_empty() || !u.hash_sign.is_empty(),
                &u.fragment,
            ),
        ),
    ]
}

/// The fields no [`Component`] stands for, named as the package names them.
fn other_fields(u: &ParsedUrl) -> [(&'static str, &[u8]); 9] {
    [
        ("leading_junk", &u.leading_junk),
        ("colon_after_scheme", &u.colon_after_scheme),
        ("slashes", &u.slashes),
        ("colon_before_password", &u.colon_before_password),
        ("at_sign", &u.at_sign),
        ("colon_before_port", &u.colon_before_port),
        ("question_mark", &u.question_mark),
        ("hash_sign", &u.hash_sign),
        ("trailing_junk", &u.trailing_junk),
    ]
}

/// Parse, then the canonicalizer's steps in order, each recorded.
fn run<T: Tracer>(url: &str, which: Canonicalizer, tr: &mut T) -> Result<ParsedUrl, String> {
    let mut parsed = parse::parse_url(url, tr);
    match which {
        Canonicalizer::Whatwg => apply(&mut parsed, &whatwg_steps::<T>(), tr)?,
        Canonicalizer::Google => apply(&mut parsed, &google_steps::<T>(), tr)?,
        Canonicalizer::Semantic => apply(&mut parsed, &semantic_steps::<T>(), tr)?,
    }
    tr.record(|| {
        Step::new(StepId::UrlcanonSsurt)
            .decide(format!("the SSURT is {:?}", shown(&parsed.ssurt())))
    });
    Ok(parsed)
}

/// `Canonicalizer.canonicalize`: each step in turn. When tracing, what a
/// step changed is recorded under its id (one record per component, one
/// for the delimiters and junk), and a step that changed nothing and
/// decided nothing aloud is recorded as such.
fn apply<T: Tracer>(
    url: &mut ParsedUrl,
    steps: &[(StepId, StepFn<T>)],
    tr: &mut T,
) -> Result<(), String> {
    for &(id, step) in steps {
        let before = T::ON.then(|| url.clone());
        let recorded = tr.recorded();
        let result = step(url, id, tr);
        if let Some(before) = before {
            let mut said = tr.recorded() > recorded;
            for ((c, was), (_, now)) in components(&before).into_iter().zip(components(url)) {
                if was != now {
                    tr.record(|| {
                        Step::change(id, c, was.map(shown).as_deref(), now.map(shown).as_deref())
                    });
                    said = true;
                }
            }
            let delimiters: Vec<String> = other_fields(&before)
                .into_iter()
                .zip(other_fields(url))
                .filter(|((_, was), (_, now))| was != now)
                .map(|((name, was), (_, now))| {
                    format!("{name} {:?} becomes {:?}", shown(was), shown(now))
                })
                .collect();
            if !delimiters.is_empty() {
                tr.record(|| Step::new(id).decide(delimiters.join(", ")));
                said = true;
            }
            if !said {
                tr.record(|| Step::new(id).decide("nothing to change"));
            }
        }
        result?;
    }
    Ok(())
}

// whatwg
const WHATWG_LEN: usize = 19;
fn whatwg_steps<T: Tracer>() -> [(StepId, StepFn<T>); WHATWG_LEN] {
    [
        (
            StepId::UrlcanonWhatwgRemoveLeadingTrailingJunk,
            canon::remove_leading_trailing_junk::<T>,
        ),
        (
            StepId::UrlcanonWhatwgRemoveTabsAndNewlines,
            canon::remove_tabs_and_newlines::<T>,
        ),
        (
            StepId::UrlcanonWhatwgLowercaseScheme,
            canon::lowercase_scheme::<T>,
        ),
        (
            StepId::UrlcanonWhatwgElideDefaultPort,
            canon::elide_default_port::<T>,
        ),
        (
            StepId::UrlcanonWhatwgCleanUpUserinfo,
            canon::clean_up_userinfo::<T>,
        ),
        (StepId::UrlcanonWhatwgTwoSlashes, canon::two_slashes::<T>),
        (
            StepId::UrlcanonWhatwgPctDecodeHost,
            canon::pct_decode_host::<T>,
        ),
        (StepId::UrlcanonWhatwgReparseHost, canon::reparse_host::<T>),
        (
            StepId::UrlcanonWhatwgNormalizeIpAddress,
            canon::normalize_ip_address::<T>,
        ),
        (
            StepId::UrlcanonWhatwgPunycodeSpecialHost,
            canon::punycode_special_host::<T>,
        ),
        (
            StepId::UrlcanonWhatwgPctEncodeHost,
            canon::pct_encode_host::<T>,
        ),
        (
            StepId::UrlcanonWhatwgFixBackslashes,
            canon::fix_backslashes::<T>,
        ),
        (
            StepId::UrlcanonWhatwgPctEncodePath,
            canon::pct_encode_path::<T>,
        ),
        (
            StepId::UrlcanonWhatwgLeadingSlash,
            canon::leading_slash::<T>,
        ),
        (
            StepId::UrlcanonWhatwgNormalizePathDots,
            canon::normalize_path_dots::<T>,
        ),
        (
            StepId::UrlcanonWhatwgEmptyPathToSlash,
            canon::empty_path_to_slash::<T>,
        ),
        (
            StepId::UrlcanonWhatwgPctEncodeUserinfo,
            canon::pct_encode_userinfo::<T>,
        ),
        (
            StepId::UrlcanonWhatwgPctEncodeQuery,
            canon::pct_encode_query::<T>,
        ),
        (
            StepId::UrlcanonWhatwgPctEncodeFragment,
            canon::pct_encode_fragment::<T>,
        ),
    ]
}
// google
const GOOGLE_LEN: usize = 20;
fn google_steps<T: Tracer>() -> [(StepId, StepFn<T>); GOOGLE_LEN] {
    [
        (
            StepId::UrlcanonGoogleRemoveLeadingTrailingJunk,
            canon::remove_leading_trailing_junk::<T>,
        ),
        (
            StepId::UrlcanonGoogleDefaultSchemeHttp,
            canon::default_scheme_http::<T>,
        ),
        (
            StepId::UrlcanonGoogleRemoveTabsAndNewlines,
            canon::remove_tabs_and_newlines::<T>,
        ),
        (
            StepId::UrlcanonGoogleLowercaseScheme,
            canon::lowercase_scheme::<T>,
        ),
        (
            StepId::UrlcanonGoogleFixBackslashes,
            canon::fix_backslashes::<T>,
        ),
        (
            StepId::UrlcanonGooglePctEncodePath,
            canon::pct_encode_path::<T>,
        ),
        (
            StepId::UrlcanonGoogleEmptyPathToSlash,
            canon::empty_path_to_slash::<T>,
        ),
        (
            StepId::UrlcanonGoogleElideDefaultPort,
            canon::elide_default_port::<T>,
        ),
        (
            StepId::UrlcanonGoogleCleanUpUserinfo,
            canon::clean_up_userinfo::<T>,
        ),
        (
            StepId::UrlcanonGoogleLeadingSlash,
            canon::leading_slash::<T>,
        ),
        (StepId::UrlcanonGoogleTwoSlashes, canon::two_slashes::<T>),
        (
            StepId::UrlcanonGoogleRemoveFragment,
            canon::remove_fragment::<T>,
        ),
        (
            StepId::UrlcanonGooglePctDecodeRepeatedly,
            canon::pct_decode_repeatedly::<T>,
        ),
        (
            StepId::UrlcanonGoogleNormalizePathDots,
            canon::normalize_path_dots::<T>,
        ),
        (StepId::UrlcanonGoogleFixHostDots, canon::fix_host_dots::<T>),
        (
            StepId::UrlcanonGoogleCollapseConsecutiveSlashes,
            canon::collapse_consecutive_slashes::<T>,
        ),
        (
            StepId::UrlcanonGooglePunycodeSpecialHost,
            canon::punycode_special_host::<T>,
        ),
        (StepId::UrlcanonGoogleReparseHost, canon::reparse_host::<T>),
        (
            StepId::UrlcanonGoogleNormalizeIpAddress,
            canon::normalize_ip_address::<T>,
        ),
        (
            StepId::UrlcanonGoogleGooglePctEncode,
            canon::google_pct_encode::<T>,
        ),
    ]
}
// semantic
const SEMANTIC_LEN: usize = 22;
fn semantic_steps<T: Tracer>() -> [(StepId, StepFn<T>); SEMANTIC_LEN] {
    [
        (
            StepId::UrlcanonSemanticRemoveLeadingTrailingJunk,
            canon::remove_leading_trailing_junk::<T>,
        ),
        (
            StepId::UrlcanonSemanticDefaultSchemeHttp,
            canon::default_scheme_http::<T>,
        ),
        (
            StepId::UrlcanonSemanticRemoveTabsAndNewlines,
            canon::remove_tabs_and_newlines::<T>,
        ),
        (
            StepId::UrlcanonSemanticLowercaseScheme,
            canon::lowercase_scheme::<T>,
        ),
        (
            StepId::UrlcanonSemanticElideDefaultPort,
            canon::elide_default_port::<T>,
        ),
        (
            StepId::UrlcanonSemanticCleanUpUserinfo,
            canon::clean_up_userinfo::<T>,
        ),
        (StepId::UrlcanonSemanticTwoSlashes, canon::two_slashes::<T>),
        (
            StepId::UrlcanonSemanticPctDecodeRepeatedlyExceptQuery,
            canon::pct_decode_repeatedly_except_query::<T>,
        ),
        (
            StepId::UrlcanonSemanticReparseHost,
            canon::reparse_host::<T>,
        ),
        (
            StepId::UrlcanonSemanticNormalizeIpAddress,
            canon::normalize_ip_address::<T>,
        ),
        (
            StepId::UrlcanonSemanticFixHostDots,
            canon::fix_host_dots::<T>,
        ),
        (
            StepId::UrlcanonSemanticPunycodeSpecialHost,
            canon::punycode_special_host::<T>,
        ),
        (
            StepId::UrlcanonSemanticRemoveUserinfo,
            canon::remove_userinfo::<T>,
        ),
        (
            StepId::UrlcanonSemanticLessDumbPctEncode,
            canon::less_dumb_pct_encode::<T>,
        ),
        (
            StepId::UrlcanonSemanticLessDumbPctRecodeQuery,
            canon::less_dumb_pct_recode_query::<T>,
        ),
        (
            StepId::UrlcanonSemanticFixBackslashes,
            canon::fix_backslashes::<T>,
        ),
        (
            StepId::UrlcanonSemanticLeadingSlash,
            canon::leading_slash::<T>,
        ),
        (
            StepId::UrlcanonSemanticNormalizePathDots,
            canon::normalize_path_dots::<T>,
        ),
        (
            StepId::UrlcanonSemanticCollapseConsecutiveSlashes,
            canon::collapse_consecutive_slashes::<T>,
        ),
        (
            StepId::UrlcanonSemanticEmptyPathToSlash,
            canon::empty_path_to_slash::<T>,
        ),
        (
            StepId::UrlcanonSemanticAlphaReorderQuery,
            canon::alpha_reorder_query::<T>,
        ),
        (
            StepId::UrlcanonSemanticRemoveFragment,
            canon::remove_fragment::<T>,
        ),
    ]
}
