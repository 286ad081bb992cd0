//! Fuzz target: every resolver of the Compare view ([`Resolver::ALL`]) on
//! the same input, base and query encoding must not panic, and each
//! canonical output, fed back as the input with no base, must give itself
//! again:
//!
//! - `this`: the spec's steps, except the documented non-idempotent
//!   patterns (the rule `known_unstable`, shared with
//!   `tests/properties.rs`);
//! - `chrome`, `gecko`, `ie`: no idempotence check (see
//!   [`BROWSER_MODES_RULE`]), only the answer's shape and agreement with the
//!   engine;
//! - `whatwg`: the URL Standard promises that serializing a parsed URL and
//!   parsing it again gives the same URL (URL Standard, "URL serializing",
//!   the note on idempotence);
//! - `rfc3986`: normalization (RFC 3986 6.2.2) of a normalized URI changes
//!   nothing;
//! - `opc`: a valid part name, resolved from the package root, is itself.
//! - `chromium`, `firefox`, `webkit` and the server libraries (`python`,
//!   `go`, `curl`, `node-legacy`, `urllib3`, `php`, `ruby`, `java-uri`,
//!   `java-url`, `perl`): no idempotence check (see [`LIBRARIES_RULE`]),
//!   only the answer's shape;
//! - the canonical forms (`surt`, `urlcanon-*`, `w3lib`, `safe-browsing`):
//!   no idempotence check either (see [`CANON_FORMS_RULE`]).
//!
//! Where the property fails for a reason of the spec or of a crate rather
//! than a bug, a named rule below leaves exactly that case out.
//!
//! The bytes are read as in the `canonicalize` target (so the two share
//! seeds): byte 0 the settings (bits 4–6 the query encoding, bit 7 whether a
//! base follows; the mode and stage bits are unused, every resolver runs to
//! the end), then the base's length and the base, then the input.
#![no_main]

#[path = "../../tests/support/known_unstable.rs"]
mod known_unstable;

use libfuzzer_sys::fuzz_target;
use url_inspector::engine::{Mode, NoTrace, Options, QueryEncoding, run};
use url_inspector::resolvers::{Answer, Request, Resolver};

use known_unstable::known_unstable;
use url_crate::url_crate_may_abort;

#[path = "../support/url_crate.rs"]
mod url_crate;

/// The query encodings, as in the `canonicalize` target.
const LABELS: [&str; 8] = [
    "utf-8",
    "windows-1252",
    "shift_jis",
    "euc-kr",
    "gb18030",
    "no-such-label",
    "utf-16le",
    "iso-2022-jp",
];

/// Rule for CHROME, GECKO and IE: the spec records what the browsers of
/// 2011 did and promises no idempotence for them, and they are not: the
/// first minute of fuzzing found three causes, each following from a
/// browser marker of CanonicalizeHost (GECKO and IE keep a ':' in a host,
/// so `http://foo::` gives `http://foo:/`, read back as an empty port;
/// GECKO's Nameprep can make a space that step 13 lets through once and
/// rejects when read back; CHROME decodes `%C1` made by NFKC of
/// U+FE6A SMALL PERCENT SIGN into a raw `Á` that is Punycoded next time).
/// Their answers are still checked for shape and against the engine.
const BROWSER_MODES_RULE: &str = "a browser mode (no idempotence promised)";

fuzz_target!(|data: &[u8]| {
    let Some((&settings, rest)) = data.split_first() else {
        return;
    };
    let label = LABELS[usize::from((settings >> 4) & 7)];
    let encoding = QueryEncoding::from_label(label);
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

    for resolver in Resolver::ALL {
        if matches!(resolver, Resolver::Whatwg | Resolver::RustUrl)
            && url_crate_may_abort(&input, base)
        {
            continue;
        }
        check_stable(resolver, &input, base, encoding, false);
    }
});

/// Runs `resolver` and, unless a named rule leaves the case out, checks
/// that its canonical output gives itself again. Where the base is the
/// reason, the check is made again (once) with the base's canonical form.
fn check_stable(
    resolver: Resolver,
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    retried: bool,
) {
    let answer = resolver.resolve(&Request::new(input).with_base(base).with_encoding(encoding));
    check_answer_shape(resolver, &answer);
    let Some(canon) = answer.valid_canon() else {
        return;
    };
    match excluded(resolver, input, base, encoding, canon) {
        None => {}
        Some(Rule::NonCanonicalBase(canonical)) if !retried => {
            return check_stable(resolver, input, Some(&canonical), encoding, true);
        }
        Some(_) => return,
    }
    let again = resolver.resolve(&Request::new(canon).with_encoding(encoding));
    assert_eq!(
        again.valid_canon(),
        Some(canon),
        "{resolver}: the canonical output is not stable \
         (input {input:?}, base {base:?}, encoding {:?}, again {again:?})",
        encoding.named.map(|e| e.name())
    );
}

/// An invalid answer says why (its first note); a valid one has a canonical
/// string, since every resolver here runs to the end.
fn check_answer_shape(resolver: Resolver, answer: &Answer) {
    if answer.invalid {
        assert!(
            answer.why_invalid().is_some(),
            "{resolver}: an invalid answer gives no reason: {answer:?}"
        );
    } else {
        assert!(
            answer.canon.is_some(),
            "{resolver}: a valid answer has no canonical string: {answer:?}"
        );
    }
}

/// Rule for `whatwg` and `rust-url` (the `url` crate, both for now): the `url` crate checks the path state's "url's path
/// is empty" by byte offsets that a run of slashes throws off
/// (servo/rust-url#889, #1126), so for `file://host///C:/` it keeps the host
/// and collapses the slashes (`file://host/C:/`), and on the second read its
/// Windows-drive-letter quirk drops the host (`file:///C:/`). The standard
/// keeps the empty segments, so this is the crate's, not ours: a `file` URL
/// with a host whose path starts with a drive letter is left out.
const FILE_HOST_AND_DRIVE_RULE: &str = "url crate: file host before a drive letter";

/// Rule for today's browsers and for the server libraries: none of them
/// promises that its output, read again, gives itself, and the
/// resolvers answer as the browsers and libraries do, not as they should:
/// they are held to the real ones' answers instead (`tests/browsers.rs`,
/// `tests/servers_*.rs`). Chromium, for one, writes `file:///.///bar` for
/// `/foo/..///bar` against `file:/hoge/` and reads that back as
/// `file:///bar`. Their answers' shape is still checked.
const LIBRARIES_RULE: &str = "a library that promises no idempotence";

/// Rule for the canonical forms: a key, not a URL to read again (surt's
/// `com,example)/` is no URL at all), and a package's key promises no
/// idempotence (w3lib's sorts a query it has just escaped); they are held
/// to their packages' answers instead (`tests/canon_*.rs`). Their answers'
/// shape is still checked.
const CANON_FORMS_RULE: &str = "a canonical form: a key, not a URL to read again";

/// Rule for the spec's modes, with [`Rule::NonCanonicalBase`]: a base that
/// is invalid on its own has no canonical form to check with instead, and
/// its path is still copied as parsed (`""` against `file:a/..///b/c` gives
/// `file:///a/..///b/c`, whose dot-segments, removed when read back, leave
/// `b` as the host: `file://b/c`). Found by the fuzzer with a base whose
/// own host is invalid.
const BASE_NOT_A_URL_RULE: &str = "a base that is invalid on its own";

/// Why a case is left out of the idempotence check.
enum Rule {
    /// One of the named rules above (the name is kept for a debugger; the
    /// check only needs to know that one applies).
    #[allow(dead_code)]
    Named(&'static str),
    /// Rule for the spec's modes: resolution copies a base's path as
    /// parsed for an empty, query-only or fragment-only reference
    /// (`known_counterexamples_behave_as_documented`, its last three cases),
    /// so a base not in canonical form can leave `./` or `..` in the
    /// output, removed when it is read back. As `canonical_form_is_stable`
    /// does, the check is made with the base's canonical form instead.
    NonCanonicalBase(String),
}

/// The rule that leaves this case out of the idempotence check, if one
/// does.
fn excluded(
    resolver: Resolver,
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    canon: &str,
) -> Option<Rule> {
    match resolver {
        Resolver::Whatwg | Resolver::RustUrl => whatwg_rule(canon),
        Resolver::Chromium
        | Resolver::Firefox
        | Resolver::WebKit
        | Resolver::Python
        | Resolver::Go
        | Resolver::Curl
        | Resolver::NodeLegacy
        | Resolver::Urllib3
        | Resolver::Php
        | Resolver::Ruby
        | Resolver::JavaUri
        | Resolver::JavaUrl
        | Resolver::Perl => Some(Rule::Named(LIBRARIES_RULE)),
        Resolver::Surt
        | Resolver::UrlcanonWhatwg
        | Resolver::UrlcanonGoogle
        | Resolver::UrlcanonSemantic
        | Resolver::W3lib
        | Resolver::SafeBrowsing => Some(Rule::Named(CANON_FORMS_RULE)),
        _ => spec_rule(resolver.mode()?, input, base, encoding, canon),
    }
}

/// The rule for `whatwg`: the `url` crate's own deviation.
fn whatwg_rule(canon: &str) -> Option<Rule> {
    let (host, path) = canon.strip_prefix("file://")?.split_once('/')?;
    let drive = path.as_bytes();
    let is_drive = drive.len() >= 2
        && drive[0].is_ascii_alphabetic()
        && matches!(drive[1], b':' | b'|')
        && matches!(drive.get(2), None | Some(b'/' | b'?' | b'#'));
    (!host.is_empty() && is_drive).then_some(Rule::Named(FILE_HOST_AND_DRIVE_RULE))
}

/// The rules for the spec's four modes.
fn spec_rule(
    mode: Mode,
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    canon: &str,
) -> Option<Rule> {
    let options = Options::default().mode(mode).encoding(encoding);
    let out = run(input, &options.base(base.unwrap_or_default()), &mut NoTrace);
    assert_eq!(
        out.canon.as_deref(),
        Some(canon),
        "{mode:?}: the resolver and the engine disagree"
    );
    if mode != Mode::This {
        return Some(Rule::Named(BROWSER_MODES_RULE));
    }
    if let Some(why) = known_unstable(&out) {
        return Some(Rule::Named(why));
    }
    let base = base.filter(|b| !b.is_empty())?;
    // Resolved against itself, a base gives its canonical form.
    match run(base, &options, &mut NoTrace).canon {
        Some(canonical) => (canonical != base).then_some(Rule::NonCanonicalBase(canonical)),
        None => Some(Rule::Named(BASE_NOT_A_URL_RULE)),
    }
}
