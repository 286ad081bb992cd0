//! The compare resolvers against their standards' own examples: RFC 3986
//! section 5.4 (every normal and abnormal example, exact) and the cases where
//! libraries depart from 5.2 as written, the fragment case
//! of `other-resolvers.md` under every resolver, the OPC examples and one
//! case per step of Annex A.3, and a differential test of the `whatwg`
//! resolver against the `url` crate over the shared corpus.

use std::borrow::Cow;

use url_inspector::engine::{Component, QueryEncoding, StepId, Until};
use url_inspector::resolvers::opc::{self, first_broken_rule};
use url_inspector::resolvers::{Answer, NoteCode, Request, Resolver, rfc3986, rust_url, whatwg};

/// RFC 3986's answer for `reference` against `base`, stopping after `until`.
fn rfc(reference: &str, base: &str, until: Until) -> Answer {
    Resolver::Rfc3986.resolve(
        &Request::new(reference)
            .with_base(Some(base))
            .with_until(until),
    )
}

/// OPC's answer for `reference` held in the part `base`.
fn opc(reference: &str, base: Option<&str>) -> Answer {
    Resolver::Opc.resolve(&Request::new(reference).with_base(base))
}

/// RFC 3986 section 5.4: the base of every example.
const RFC_BASE: &str = "http://a/b/c/d;p?q";

/// Section 5.4.1, normal examples.
const NORMAL: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// Section 5.4.2, abnormal examples (`http:g` in strict mode).
const ABNORMAL: &[(&str, &str)] = &[
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

fn check_rfc_examples(examples: &[(&str, &str)]) {
    let mut wrong = Vec::new();
    for &(reference, expected) in examples {
        let a = rfc(reference, RFC_BASE, Until::Resolve);
        if a.invalid || a.canon.as_deref() != Some(expected) {
            wrong.push(format!("{reference:?}: {:?} {:?}", a.canon, a.notes));
        }
    }
    assert!(
        wrong.is_empty(),
        "RFC 3986 5.4 examples wrong:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn rfc3986_section_5_4_1_normal_examples() {
    check_rfc_examples(NORMAL);
}

#[test]
fn rfc3986_section_5_4_2_abnormal_examples() {
    check_rfc_examples(ABNORMAL);
}

/// Where resolution as written differs from `fluent-uri`'s: (reference,
/// base, resolved by 5.2 and 5.3, normalized by 6.2).
const AS_WRITTEN: &[(&str, &str, &str, &str)] = &[
    // 5.2.4 sees only the literal "." and ".."; 6.2.2.2 decodes afterwards.
    (
        "%2e%2E/",
        "http://a/b/c/d",
        "http://a/b/c/%2e%2E/",
        "http://a/b/",
    ),
    // 5.2.3: a base path without '/' is replaced whole.
    ("g", "mailto:x", "mailto:g", "mailto:g"),
    // 5.2.2 removes the dot-segments of a rootless path too.
    ("foo:a/b/../c", "http://a/b/c/d;p?q", "foo:a/c", "foo:a/c"),
];

#[test]
fn rfc3986_resolves_as_written_where_libraries_depart() {
    for &(reference, base, resolved, normalized) in AS_WRITTEN {
        let r = rfc(reference, base, Until::Resolve);
        assert_eq!(r.canon.as_deref(), Some(resolved), "{reference} {base}");
        let n = rfc(reference, base, Until::Canonicalize);
        assert_eq!(n.forms.resolved.as_deref(), Some(resolved));
        assert_eq!(n.canon.as_deref(), Some(normalized), "{reference} {base}");
    }
}

#[test]
fn rfc3986_normalization_is_a_stage_after_resolution() {
    // 5.4's "//g" resolves to "http://g"; 6.2.3 then gives the empty path as "/".
    let resolved = rfc("//g", RFC_BASE, Until::Resolve);
    let normalized = rfc("//g", RFC_BASE, Until::Canonicalize);
    assert_eq!(resolved.canon.as_deref(), Some("http://g"));
    assert_eq!(normalized.canon.as_deref(), Some("http://g/"));
    let note = normalized
        .notes
        .iter()
        .find(|n| n.code == NoteCode::Rfc3986(rfc3986::Code::Normalized));
    assert!(
        note.is_some_and(|n| n.message.contains("http://g;")),
        "{normalized:?}"
    );
}

/// `other-resolvers.md` section 4: `?` against a base with a fragment.
#[test]
fn fragment_of_the_base_under_every_resolver() {
    let base = Some("http://foo.example/#bar");
    let answers: Vec<(Resolver, Answer)> = Resolver::ALL
        .map(|r| (r, r.resolve(&Request::new("?").with_base(base))))
        .into();
    for (r, a) in &answers {
        match r {
            // The spec's resolution of a reference with a query and no path
            // takes scheme, authority and path from the base and query and
            // fragment from the reference: the base's fragment goes.
            Resolver::This | Resolver::Chrome | Resolver::Gecko | Resolver::Ie => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/?"), "{r}")
            }
            // The URL Standard (and the url crate and today's browsers,
            // which follow it here): the fragment is the reference's (null).
            Resolver::Whatwg
            | Resolver::RustUrl
            | Resolver::Chromium
            | Resolver::Firefox
            | Resolver::WebKit => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/?"));
                assert_eq!(a.get(Component::Fragment), None);
                assert_eq!(a.get(Component::Query), Some(""));
            }
            // RFC 3986 5.1 and 5.2.2: T.fragment = R.fragment; the note says
            // that the base's fragment was not used.
            Resolver::Rfc3986 => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/?"));
                let fragment = NoteCode::Rfc3986(rfc3986::Code::BaseFragment);
                assert!(a.notes.iter().any(|n| n.code == fragment));
            }
            // OPC: the base's path "/" is the source part; the reference's
            // query is no part of a part name, and "/" is not a part name.
            Resolver::Opc => {
                assert!(a.invalid);
                assert_eq!(a.notes[0].code, NoteCode::Opc(opc::Code::TrailingSlash));
                let dropped = NoteCode::Opc(opc::Code::QueryDropped);
                assert!(a.notes.iter().any(|n| n.code == dropped));
            }
            // The libraries, as the real ones answer (scripts/servers/probe.py):
            // urljoin keeps the base's empty query and urlunsplit drops an
            // empty '?'; Go keeps it (ForceQuery); libcurl keeps the base's
            // fragment in the path it joins to.
            Resolver::Python => assert_eq!(a.canon.as_deref(), Some("http://foo.example/")),
            Resolver::Go => assert_eq!(a.canon.as_deref(), Some("http://foo.example/?")),
            Resolver::Curl => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/#bar?"))
            }
            // Node's url.resolve (the reference's hash, none, always wins),
            // Ruby's URI.join and both Java classes give the reference's
            // empty query and no fragment; urllib3 follows urljoin; PHP
            // resolves nothing and reads `?` alone; Perl's new_abs keeps
            // the base's fragment (the real libraries' answers, `compare
            // --live`).
            Resolver::NodeLegacy | Resolver::Ruby | Resolver::JavaUri | Resolver::JavaUrl => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/?"), "{r}");
                assert_eq!(a.get(Component::Fragment), None, "{r}");
            }
            Resolver::Urllib3 => assert_eq!(a.canon.as_deref(), Some("http://foo.example/")),
            Resolver::Php => {
                assert_eq!(a.canon.as_deref(), Some("?"));
                assert_eq!(a.get(Component::Host), None);
            }
            Resolver::Perl => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/?#bar"))
            }
            // The canonical forms join with urljoin first, which gives
            // "http://foo.example/" (the empty query and the base's
            // fragment gone); then each package's own form of it (the real
            // packages' answers, scripts/canon/canon-runner.py).
            Resolver::Surt => assert_eq!(a.canon.as_deref(), Some("example,foo)/")),
            Resolver::UrlcanonWhatwg
            | Resolver::UrlcanonGoogle
            | Resolver::UrlcanonSemantic
            | Resolver::W3lib
            | Resolver::SafeBrowsing => {
                assert_eq!(a.canon.as_deref(), Some("http://foo.example/"), "{r}")
            }
            Resolver::ChromiumLive
            | Resolver::FirefoxLive
            | Resolver::WebKitLive
            | Resolver::PythonLive
            | Resolver::PerlLive
            | Resolver::PhpLive
            | Resolver::JavaUriLive
            | Resolver::JavaUrlLive
            | Resolver::NodeLegacyLive
            | Resolver::RubyLive
            | Resolver::Urllib3Live => {
                unreachable!("not in Resolver::ALL")
            }
        }
    }
}

#[test]
fn opc_examples_of_other_resolvers_md() {
    assert_eq!(first_broken_rule("/a/%D1%86.xml"), None);
    assert_eq!(first_broken_rule("/xml/item1.xml"), None);
    assert!(first_broken_rule("//xml/.").is_some());
    // The same names reached as references: arc 2 encodes the Cyrillic letter.
    let a = opc("/a/\u{446}.xml", None);
    assert_eq!(a.canon.as_deref(), Some("/a/%D1%86.xml"));
    assert_eq!(
        opc("item1.xml", Some("/xml/other.xml")).canon.as_deref(),
        Some("/xml/item1.xml")
    );
    // The source part of a Word document.
    assert_eq!(
        opc("media/image1.png", Some("/word/document.xml"))
            .canon
            .as_deref(),
        Some("/word/media/image1.png")
    );
}

/// One reference per step of Annex A.3 (and the first two arcs): the step
/// changes it, and the part name is as expected.
#[test]
fn opc_one_case_per_step() {
    let base = Some("/word/document.xml");
    let cases: &[(StepId, &str, &str)] = &[
        (StepId::OpcToIri, "my file.xml", "/word/my%20file.xml"),
        (
            StepId::OpcToUri,
            "\u{e9}t\u{e9}.xml",
            "/word/%C3%A9t%C3%A9.xml",
        ),
        (StepId::OpcBrackets, "a[1].xml", "/word/a%5B1%5D.xml"),
        (StepId::OpcLonePercent, "100%.xml", "/word/100%25.xml"),
        (StepId::OpcDecodeUnreserved, "%61bc.xml", "/word/abc.xml"),
        (StepId::OpcDecodeSlashes, "dir%2Fa.xml", "/word/dir/a.xml"),
        (StepId::OpcBackslashes, "dir\\a.xml", "/word/dir/a.xml"),
        (StepId::OpcTrailingDots, "dir./a.xml..", "/word/dir/a.xml"),
        (StepId::OpcSlashRuns, "dir//a.xml", "/word/dir/a.xml"),
        (StepId::OpcTrailingSlash, "dir/a.xml/", "/word/dir/a.xml"),
        (StepId::OpcDotSegments, "dir/.../a.xml", "/word/dir/a.xml"),
        (StepId::OpcResolve, "../media/i.png", "/media/i.png"),
    ];
    for &(id, input, expected) in cases {
        let answer = Resolver::Opc.resolve(&Request::new(input).with_base(base).traced());
        assert_eq!(
            answer.canon.as_deref(),
            Some(expected),
            "{input:?}: {answer:?}"
        );
        let trace = answer.trace.unwrap_or_default();
        let step = trace.steps.iter().find(|s| s.id == id);
        assert!(
            step.is_some_and(|s| s.before != s.after),
            "{input:?}: step {} should change it: {trace:?}",
            id.id()
        );
    }
}

#[test]
fn opc_backslashes_and_trailing_dots_together() {
    let a = opc("..\\media.\\image1.png...", Some("/word/document.xml"));
    assert_eq!(a.canon.as_deref(), Some("/media/image1.png"));
}

#[test]
fn opc_invalid_part_names_name_the_rule() {
    // Arc 3 cleans the reference, so what breaks a rule is the resolution
    // climbing to the root, or a source part whose own name breaks one.
    let cases = [
        (
            "../..",
            "/word/document.xml",
            "opc.part-name.trailing-slash",
        ),
        ("a/..", "/word/document.xml", "opc.part-name.trailing-slash"),
        ("c.xml", "/dir./doc.xml", "opc.part-name.trailing-dot"),
        ("c.xml", "/%41/doc.xml", "opc.part-name.encoded-unreserved"),
        ("c.xml", "/a%2Fb/doc.xml", "opc.part-name.encoded-slash"),
        ("c.xml", "/a//doc.xml", "opc.part-name.empty-segment"),
    ];
    // The codes as JSON writes them.
    for (input, base, code) in cases {
        let a = opc(input, Some(base));
        assert!(a.invalid, "{input:?} in {base:?}: {a:?}");
        assert_eq!(a.notes[0].code.as_str(), code, "{input:?} in {base:?}");
    }
}

// ---------------------------------------------------------------------------
// whatwg: differential test against the `url` crate over the corpus.

/// The corpus files next to the crate.
fn corpus(name: &str) -> String {
    let path = format!("{}/../shared/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What the `url` crate itself answers, put in the standard's model.
fn url_crate_answer(input: &str, base: Option<&str>, encoding: QueryEncoding) -> Answer {
    let encode = query_encoder(encoding.used);
    let over: url::EncodingOverride<'_> = Some(&encode);
    let base = match base.map(|b| url::Url::options().encoding_override(over).parse(b)) {
        Some(Ok(b)) => Some(b),
        Some(Err(_)) => return Answer::invalid(placeholder()),
        None => None,
    };
    match url::Url::options()
        .base_url(base.as_ref())
        .encoding_override(over)
        .parse(input)
    {
        Err(_) => Answer::invalid(placeholder()),
        Ok(u) => {
            let mut components = vec![(Component::Scheme, u.scheme().to_owned())];
            if !u.username().is_empty() {
                components.push((Component::User, u.username().to_owned()));
            }
            if let Some(p) = u.password().filter(|p| !p.is_empty()) {
                components.push((Component::Password, p.to_owned()));
            }
            // The standard gives every file URL a host, "" when none is
            // written; the crate says None there.
            match u.host_str() {
                Some(h) => components.push((Component::Host, h.to_owned())),
                None if u.scheme() == "file" => components.push((Component::Host, String::new())),
                None => {}
            }
            if let Some(p) = u.port() {
                components.push((Component::Port, p.to_string()));
            }
            components.push((Component::Path, u.path().to_owned()));
            if let Some(q) = u.query() {
                components.push((Component::Query, q.to_owned()));
            }
            if let Some(f) = u.fragment() {
                components.push((Component::Fragment, f.to_owned()));
            }
            Answer {
                canon: Some(u.into()),
                components,
                ..Answer::default()
            }
        }
    }
}

/// The Encoding Standard's encode, as the parser's query encoder (given
/// even for UTF-8, which the resolver leaves to the parser's default).
fn query_encoder(enc: &'static encoding_rs::Encoding) -> impl Fn(&str) -> Cow<'_, [u8]> {
    move |s| enc.encode(s).0
}

fn placeholder() -> url_inspector::resolvers::Note {
    url_inspector::resolvers::Note::of(whatwg::Code::Failure)
}

/// Checks one case; returns a line when `rust-url` is not the crate's own
/// answer (its wiring), or when `whatwg` (our engine) and `rust-url` answer
/// differently and the crate's answer names no known divergence.
fn differ(input: &str, base: Option<&str>, encoding: QueryEncoding) -> Option<String> {
    let request = Request::new(input).with_base(base).with_encoding(encoding);
    let wired = Resolver::RustUrl.resolve(&request);
    let theirs = url_crate_answer(input, base, encoding);
    let same = wired.invalid == theirs.invalid
        && wired.canon == theirs.canon
        && wired.components == theirs.components;
    if !same {
        return Some(format!(
            "rust-url is not the crate: {input:?} against {base:?}: {wired:?} vs {theirs:?}"
        ));
    }
    let standard = Resolver::Whatwg.resolve(&request);
    let named = wired
        .notes
        .iter()
        .any(|n| n.code == NoteCode::RustUrl(rust_url::Code::Diverges));
    (standard.canon != wired.canon && !named).then(|| {
        format!(
            "whatwg {:?} and rust-url {:?} differ on {input:?} against {base:?}, and no divergence is named",
            standard.canon, wired.canon
        )
    })
}

/// The settings cycled through, so every wiring is exercised on a third of
/// the corpus without tripling its cost.
fn settings() -> [(Option<&'static str>, QueryEncoding); 3] {
    [
        (None, QueryEncoding::UTF8),
        (
            Some("http://example.org/a/b/c?q#f"),
            QueryEncoding::from_label("windows-1252"),
        ),
        (
            Some("https://\u{4f8b}.jp/x/y"),
            QueryEncoding::from_label("shift_jis"),
        ),
    ]
}

#[test]
fn rust_url_is_the_crate_and_parts_from_whatwg_only_where_named_on_real_urls() {
    let text = corpus("real-urls.txt");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() >= 100_000,
        "the corpus has {} lines",
        lines.len()
    );
    let settings = settings();
    // 200,000 parses in a debug build: spread over the cores.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = lines.len().div_ceil(threads);
    let wrong: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .enumerate()
            .map(|(k, part)| {
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .filter_map(|(i, input)| {
                            let (base, enc) = settings[(k * chunk + i) % settings.len()];
                            differ(input, base, enc)
                        })
                        .take(10)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker does not panic"))
            .collect()
    });
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn rust_url_is_the_crate_and_parts_from_whatwg_only_where_named_on_tricky_urls() {
    let text = corpus("tricky-urls.txt");
    let unescape = |s: &str| {
        s.replace("\\t", "\t")
            .replace("\\n", "\n")
            .replace("\\\\", "\\")
    };
    let settings = settings();
    let mut invalid = 0;
    let mut count = 0;
    let mut wrong = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let (input, base) = line.split_once('\t').unwrap_or((line, ""));
        let (input, base) = (unescape(input), unescape(base));
        let base = Some(base.as_str()).filter(|b| !b.is_empty());
        let enc = settings[i % settings.len()].1;
        count += 1;
        let request = Request::new(&input).with_base(base).with_encoding(enc);
        invalid += usize::from(Resolver::Whatwg.resolve(&request).invalid);
        wrong.extend(differ(&input, base, enc));
    }
    assert!(count > 800, "the file has {count} lines");
    // The web platform's cases include failures; the wiring must carry them.
    assert!(invalid > 50, "only {invalid} invalid of {count}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn whatwg_encoding_reaches_the_query_like_the_crate() {
    // One case where the encoding matters, checked both ways.
    let enc = QueryEncoding::from_label("windows-1252");
    let a = Resolver::Whatwg.resolve(&Request::new("http://h/?\u{e9}").with_encoding(enc));
    assert_eq!(a.canon.as_deref(), Some("http://h/?%E9"));
    assert_eq!(differ("http://h/?\u{e9}", None, enc), None);
}

// ---------------------------------------------------------------------------
// No input panics, under any resolver, with or without a base.

mod no_panics {
    use proptest::prelude::*;
    use url_inspector::engine::{QueryEncoding, Until};
    use url_inspector::resolvers::{Request, Resolver};

    /// Strings made of URL-ish pieces, so that the interesting branches
    /// (schemes, authorities, dot-segments, percent-escapes, backslashes,
    /// brackets, non-ASCII) are reached often.
    fn urlish() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("http:".to_owned()),
            Just("//".to_owned()),
            Just("/".to_owned()),
            Just("\\".to_owned()),
            Just(".".to_owned()),
            Just("..".to_owned()),
            Just("%".to_owned()),
            Just("%2e".to_owned()),
            Just("%2F".to_owned()),
            Just("?".to_owned()),
            Just("#".to_owned()),
            Just("@".to_owned()),
            Just(":".to_owned()),
            Just("[".to_owned()),
            Just("]".to_owned()),
            Just("\u{e9}".to_owned()),
            Just("\u{4f8b}".to_owned()),
            "[a-z0-9]{1,3}",
            any::<char>().prop_map(String::from),
        ];
        prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
    }

    proptest! {
        // 300 cases keep the run short; a failure is printed, not saved.
        #![proptest_config(ProptestConfig {
            cases: 300,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]
        #[test]
        fn no_resolver_panics(input in urlish(), base in urlish(), stage in 0..3usize) {
            let until = [Until::Parse, Until::Resolve, Until::Canonicalize][stage];
            let enc = QueryEncoding::from_label("shift_jis");
            for r in Resolver::ALL {
                for b in [None, Some(base.as_str())] {
                    let request = Request::new(&input)
                        .with_base(b)
                        .with_encoding(enc)
                        .with_until(until);
                    let a = r.resolve(&request);
                    // An invalid answer always says why.
                    prop_assert!(!a.invalid || a.why_invalid().is_some(), "{r}: {a:?}");
                }
            }
        }
    }
}

/// The web-platform tests' parsing cases (tests/data/wpt/urltestdata.json),
/// each the Standard's hard case of some rule: wherever the crate's answer
/// is not our engine's, the crate's answer names the divergence.
#[test]
fn rust_url_parts_from_whatwg_only_where_named_on_the_web_platform_tests() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/wpt/urltestdata.json"
    );
    let text = std::fs::read_to_string(path).expect("the vendored urltestdata.json");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON");
    let (mut count, mut differing, mut wrong) = (0, 0, Vec::new());
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap_or_default();
        let base = case["base"].as_str();
        let request = Request::new(input).with_base(base);
        let ours = Resolver::Whatwg.resolve(&request);
        differing += usize::from(Resolver::RustUrl.resolve(&request).canon != ours.canon);
        wrong.extend(differ(input, base, QueryEncoding::UTF8));
        count += 1;
    }
    assert_eq!(count, 891, "the file's case count changed");
    eprintln!("rust-url differs from whatwg on {differing} of {count}");
    // The crate's own expected failures are among them, and more.
    assert!(differing > 40, "only {differing} differ");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
