//! The `rfc3986` resolver: its stages, notes and trace, the three places
//! where resolution as written differs from what a crate gives, and a
//! differential test against `fluent-uri` where that crate follows 5.2.

use super::*;
use crate::engine::{NoTrace, Stage};
use crate::resolvers::Resolver;

fn resolve(input: &str, base: Option<&str>, until: Until) -> Answer {
    resolve_with(input, base, until, &mut NoTrace)
}

/// The answer, traced, and its steps.
fn traced(input: &str, base: Option<&str>) -> (Answer, Vec<Step>) {
    let request = Request::new(input).with_base(base).traced();
    let mut answer = Rfc3986.resolve(&request);
    let steps = answer.trace.take().map(|t| t.steps).unwrap_or_default();
    (answer, steps)
}

fn canon(input: &str, base: Option<&str>, until: Until) -> Option<String> {
    resolve(input, base, until).canon
}

#[test]
fn grammar_errors_name_the_offending_byte() {
    let a = resolve("http://a/b c", None, Until::Canonicalize);
    assert!(a.invalid);
    assert_eq!(a.notes[0].code, Code::UnexpectedChar.into());
    assert_eq!(a.notes[0].range, Some(10..11));
    let a = resolve("a%zz", None, Until::Parse);
    assert_eq!(a.notes[0].code, Code::BadPercent.into());
    assert_eq!(a.notes[0].range, Some(1..2));
}

#[test]
fn parse_stage_gives_the_reference_own_components() {
    let a = resolve("//u:p@h:8/x?q#f", None, Until::Parse);
    assert!(!a.invalid);
    assert_eq!(a.canon, None);
    assert_eq!(a.get(Component::Scheme), None);
    assert_eq!(a.get(Component::User), Some("u"));
    assert_eq!(a.get(Component::Password), Some("p"));
    assert_eq!(a.get(Component::Port), Some("8"));
    assert_eq!(a.get(Component::Fragment), Some("f"));
}

#[test]
fn no_base_means_only_absolute_references_resolve() {
    let a = resolve("g", None, Until::Canonicalize);
    assert_eq!(a.notes[0].code, Code::NoBase.into());
    assert_eq!(
        canon("http://a/b/../c#f", None, Until::Resolve).as_deref(),
        Some("http://a/c#f")
    );
}

#[test]
fn resolve_and_normalize_are_apart() {
    let input = "../%7euser/./X?%2a#F";
    let base = Some("HTTP://Example.COM:80/a/b/c");
    assert_eq!(
        canon(input, base, Until::Resolve).as_deref(),
        Some("HTTP://Example.COM:80/a/%7euser/X?%2a#F")
    );
    let a = resolve(input, base, Until::Canonicalize);
    assert_eq!(
        a.canon.as_deref(),
        Some("http://example.com/a/~user/X?%2A#F")
    );
    assert!(a.notes.iter().any(|n| n.code == Code::Normalized.into()));
    assert_eq!(
        a.forms.resolved.as_deref(),
        Some("HTTP://Example.COM:80/a/%7euser/X?%2a#F")
    );
}

#[test]
fn scheme_based_normalization_is_for_http_and_https_only() {
    let c = |s| canon(s, None, Until::Canonicalize);
    assert_eq!(c("https://h:443").as_deref(), Some("https://h/"));
    assert_eq!(c("http://h:8080?q").as_deref(), Some("http://h:8080/?q"));
    assert_eq!(c("ftp://h:21").as_deref(), Some("ftp://h:21"));
}

#[test]
fn base_ending_in_dot_dot_merges_as_5_2_3_says() {
    // Merge keeps "/b/c/", so the result is /b/c/g (not /b/g).
    assert_eq!(
        canon("g", Some("http://a/b/c/..?q"), Until::Resolve).as_deref(),
        Some("http://a/b/c/g")
    );
    // Only a relative path merges: an empty reference keeps the base path.
    assert_eq!(
        canon("", Some("http://a/b/c/.."), Until::Resolve).as_deref(),
        Some("http://a/b/c/..")
    );
}

#[test]
fn base_problems_are_named() {
    let code = |base| resolve("g", Some(base), Until::Resolve).notes[0].code;
    assert_eq!(code("/relative"), Code::BaseRelative.into());
    assert_eq!(code("http://a b/"), Code::BaseSyntax.into());
    let a = resolve("g", Some("http://a/b#frag"), Until::Resolve);
    assert_eq!(a.canon.as_deref(), Some("http://a/g"));
    assert_eq!(a.notes[0].code, Code::BaseFragment.into());
}

#[test]
fn iris_are_accepted_and_kept_as_iris() {
    let a = resolve(
        "r\u{e9}sum\u{e9}",
        Some("http://\u{4f8b}.jp/a/b"),
        Until::Canonicalize,
    );
    assert_eq!(
        a.canon.as_deref(),
        Some("http://\u{4f8b}.jp/a/r\u{e9}sum\u{e9}")
    );
}

/// The three places where `fluent-uri`'s resolution departs from 5.2:
/// (reference, base, resolved by 5.2 and 5.3, normalized by 6.2).
const AS_WRITTEN: &[(&str, Option<&str>, &str, &str)] = &[
    // 5.2.4 removes the literal segments "." and ".." only; 6.2.2.2 then
    // decodes "%2E" and 6.2.2.3 removes the dot-segment that makes.
    (
        "%2e%2E/",
        Some("http://a/b/c/d"),
        "http://a/b/c/%2e%2E/",
        "http://a/b/",
    ),
    (
        "%2E/g",
        Some("http://a/b/c/d"),
        "http://a/b/c/%2E/g",
        "http://a/b/c/g",
    ),
    ("http://a/b/%2e/../c", None, "http://a/b/c", "http://a/b/c"),
    // 5.2.3: a base path with no '/' is dropped whole.
    ("g", Some("mailto:x"), "mailto:g", "mailto:g"),
    (
        "a/b?q",
        Some("urn:isbn:0451450523"),
        "urn:a/b?q",
        "urn:a/b?q",
    ),
    // 5.2.2 with 5.2.4: a rootless path loses its dot-segments too.
    ("foo:a/b/../c", None, "foo:a/c", "foo:a/c"),
    ("foo:a/b/../c", Some("http://x/y"), "foo:a/c", "foo:a/c"),
    ("../g", Some("foo:a/b/c"), "foo:a/g", "foo:a/g"),
    // Normalization on a rootless path: the decoded "%2E%2E" goes too.
    ("foo:a/b/%2E%2E/c", None, "foo:a/b/%2E%2E/c", "foo:a/c"),
];

#[test]
fn resolution_as_written_where_the_crate_departs() {
    for &(input, base, resolved, normalized) in AS_WRITTEN {
        let at_resolve = resolve(input, base, Until::Resolve);
        assert_eq!(
            at_resolve.canon.as_deref(),
            Some(resolved),
            "{input} {base:?}"
        );
        let a = resolve(input, base, Until::Canonicalize);
        assert_eq!(
            a.forms.resolved.as_deref(),
            Some(resolved),
            "{input} {base:?}"
        );
        assert_eq!(a.canon.as_deref(), Some(normalized), "{input} {base:?}");
    }
}

#[test]
fn a_path_like_an_authority_keeps_its_meaning() {
    // 5.2.4 leaves "//b"; written as "foo://b" it would read back with
    // the authority "b".
    let a = resolve("foo:a/..//b", None, Until::Canonicalize);
    assert_eq!(a.forms.resolved.as_deref(), Some("foo:/.//b"));
    assert_eq!(a.canon.as_deref(), Some("foo:/.//b"));
    assert_eq!(a.get(Component::Host), None);
    assert_eq!(a.get(Component::Path), Some("/.//b"));
    assert!(a.notes.iter().any(|n| n.code == Code::DotPrefix.into()));
}

#[test]
fn traced_and_untraced_answers_agree() {
    for &(input, base, _, _) in AS_WRITTEN {
        let (answer, steps) = traced(input, base);
        assert_eq!(answer, resolve(input, base, Until::Canonicalize));
        assert!(steps.iter().all(|s| s.id.stage() == Stage::Rfc3986));
    }
    let request = Request::new("g").with_base(Some("http://a/b"));
    assert!(Rfc3986.resolve(&request).trace.is_none());
}

/// The steps' ids, in order, with their decisions.
fn ids(steps: &[Step]) -> Vec<&'static str> {
    steps.iter().map(|s| s.id.id()).collect()
}

#[test]
fn trace_shows_each_decision_of_5_2_2_and_the_merge() {
    let (answer, steps) = traced("../g?y", Some("http://a/b/c/d;p?q#f"));
    assert_eq!(answer.canon.as_deref(), Some("http://a/b/g?y"));
    assert_eq!(
        ids(&steps),
        [
            "rfc3986.5.2.1.base",
            "rfc3986.5.2.2.target-scheme",
            "rfc3986.5.2.2.target-authority",
            "rfc3986.5.2.3.cut",
            "rfc3986.5.2.2.target-path",
            "rfc3986.5.2.4.start",
            "rfc3986.5.2.4.e",
            "rfc3986.5.2.4.e",
            "rfc3986.5.2.4.c",
            "rfc3986.5.2.4.e",
            "rfc3986.5.2.2.target-query",
            "rfc3986.5.2.2.target-fragment",
            "rfc3986.5.3",
            "rfc3986.6.2.2",
            "rfc3986.6.2.3",
        ]
    );
    let merge = &steps[3];
    assert_eq!(merge.before.as_deref(), Some("/b/c/d;p"));
    assert_eq!(merge.after.as_deref(), Some("/b/c/../g"));
    let c = &steps[8];
    assert_eq!(c.buffers(), Some(("/b", "/g")));
    assert_eq!(steps[12].after.as_deref(), Some("http://a/b/g?y"));
}

#[test]
fn an_encoded_dot_moves_by_rule_e() {
    let (_, steps) = traced("%2e%2E/", Some("http://a/b/c/d"));
    let rules: Vec<&str> = steps
        .iter()
        .filter(|s| s.id.id().starts_with("rfc3986.5.2.4."))
        .map(|s| s.id.id())
        .collect();
    assert_eq!(
        rules,
        [
            "rfc3986.5.2.4.start",
            "rfc3986.5.2.4.e",
            "rfc3986.5.2.4.e",
            "rfc3986.5.2.4.e",
            "rfc3986.5.2.4.e",
        ]
    );
    let decoded = steps
        .iter()
        .find(|s| s.id == StepId::Rfc3986NormalizeSyntax);
    assert_eq!(
        decoded.and_then(|s| s.after.as_deref()),
        Some("http://a/b/")
    );
}

/// Cases that reach every step id of the RFC 3986 stage between them.
const EVERY_STEP: &[(&str, Option<&str>)] = &[
    ("../g", Some("http://a/b/c/d;p?q")),
    ("./g/.", Some("http://a/b/c/d;p?q")),
    ("..", Some("http://a/b/c/d;p?q")),
    ("g", Some("http://a")),
    ("g", Some("mailto:x")),
    ("../g", Some("mailto:x")),
    ("..", Some("mailto:x")),
    ("", Some("http://a/b?q")),
    ("g", None),
    ("g", Some("/relative")),
    ("foo:a/..//b", None),
    ("//h/p", Some("http://a/b")),
    ("/x", Some("http://a/b")),
];

#[test]
fn every_step_id_is_reached() {
    let mut reached: Vec<StepId> = EVERY_STEP
        .iter()
        .flat_map(|(input, base)| traced(input, *base).1)
        .map(|s| s.id)
        .collect();
    let long = "/a".repeat(1 << 19) + "/..";
    reached.extend(traced(&long, Some("http://h/")).1.iter().map(|s| s.id));
    let missing: Vec<&str> = StepId::ALL
        .iter()
        .filter(|id| id.stage() == Stage::Rfc3986 && !reached.contains(id))
        .map(|id| id.id())
        .collect();
    assert!(missing.is_empty(), "never reached: {missing:?}");
}

#[test]
fn failures_mark_their_step() {
    let (answer, steps) = traced("g", None);
    assert!(answer.invalid);
    assert_eq!(ids(&steps), ["rfc3986.5.2.1.no-base"]);
    assert!(steps[0].failed);
    let (_, steps) = traced("g", Some("/relative"));
    assert!(
        steps
            .last()
            .is_some_and(|s| s.failed && s.id == StepId::Rfc3986Base)
    );
}

#[test]
fn the_resolver_table_dispatches_here() {
    let request = Request::new("g").with_base(Some("mailto:x"));
    assert_eq!(
        Resolver::Rfc3986.resolve(&request).canon.as_deref(),
        Some("mailto:g")
    );
}

/// Bases where `fluent-uri` follows 5.2 as written: each has an authority
/// or an absolute path, and no dot-segment in its path.
const CRATE_BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a",
    "http://a/",
    "HTTP://U@A:80/b/c/",
    "https://a:443/b?q#f",
    "foo:/x/y/z",
    "foo://h/x",
    "file:///etc/x",
];

/// References built from pieces: an optional scheme or authority, up to
/// three segments (dot-segments among them), a trailing '/', a query and a
/// fragment. No '%': `fluent-uri` reads `%2E` as a dot, 5.2.4 does not.
fn crate_references() -> Vec<String> {
    const HEADS: &[&str] = &["", "/", "//h", "//u@h:1/", "http:", "foo:", "http://g/"];
    const SEGMENTS: &[&str] = &["g", ".", "..", "", "x;y=1", "g.."];
    const TAILS: &[&str] = &["", "/", "?y", "#s", "/?y#s"];
    let mut paths = vec![String::new()];
    for depth in 1..=3 {
        let mut next = Vec::new();
        for p in paths
            .iter()
            .filter(|p| p.split('/').count() == depth - 1 || depth == 1)
        {
            for s in SEGMENTS {
                next.push(if depth == 1 {
                    (*s).to_owned()
                } else {
                    format!("{p}/{s}")
                });
            }
        }
        paths.extend(next);
    }
    let mut out = Vec::new();
    for head in HEADS {
        for path in &paths {
            for tail in TAILS {
                out.push(format!("{head}{path}{tail}"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The crate's normalized form, with 6.2.3's default ports (not its empty
/// path, which the crate does not do).
fn crate_normalized(resolved: &Iri<String>) -> Option<String> {
    let web = |s: &fluent_uri::component::Scheme| match s.as_str().to_ascii_lowercase().as_str() {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    };
    let n = fluent_uri::normalize::Normalizer::new()
        .default_port_with(web)
        .normalize(resolved)
        .ok()?;
    let web_scheme = web(n.scheme()).is_some();
    (!(web_scheme && n.has_authority() && n.path().is_empty())).then(|| n.as_str().to_owned())
}

#[test]
fn differential_against_fluent_uri_where_it_follows_the_rfc() {
    let references = crate_references();
    let (mut compared, mut normalized, mut wrong) = (0, 0, Vec::new());
    for base in CRATE_BASES {
        let crate_base = Iri::parse(*base)
            .expect("a base of the list")
            .strip_fragment()
            .to_owned();
        for reference in &references {
            let Ok(r) = IriRef::parse(reference.as_str()) else {
                continue;
            };
            // The crate leaves the dot-segments of a rootless path
            // (`foo:a/../b`): 5.2.2 removes them; AS_WRITTEN checks that.
            let rootless = r.has_scheme() && !r.has_authority() && !r.path().is_absolute();
            if rootless && !r.path().is_empty() {
                continue;
            }
            let theirs = r
                .resolve_against(&crate_base)
                .map(|t| t.as_str().to_owned());
            let ours = resolve(reference, Some(base), Until::Canonicalize);
            compared += 1;
            if ours.forms.resolved.as_deref() != theirs.as_deref().ok() {
                wrong.push(format!(
                    "{reference:?} against {base}: ours {:?}, fluent-uri {theirs:?}",
                    ours.forms.resolved
                ));
                continue;
            }
            let expected = theirs
                .ok()
                .and_then(|t| Iri::parse(t).ok())
                .and_then(|t| crate_normalized(&t));
            if let Some(expected) = expected {
                normalized += 1;
                if ours.canon.as_deref() != Some(expected.as_str()) {
                    wrong.push(format!("{reference:?} against {base}: normalized ours {:?}, fluent-uri {expected:?}", ours.canon));
                }
            }
        }
    }
    assert!(
        compared > 10_000 && normalized > 10_000,
        "{compared} {normalized}"
    );
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}

/// Rows of `tests/data/rfc3986-python-oracle.tsv`: the PyPI package
/// `rfc3986` (an independent implementation) on percent-encoded and literal
/// dot-segments, where it follows 5.2 strictly (see its generator).
const PYTHON_ORACLE: &str = include_str!("../../../tests/data/rfc3986-python-oracle.tsv");

#[test]
fn differential_against_python_rfc3986() {
    let (mut compared, mut wrong) = (0, Vec::new());
    for line in PYTHON_ORACLE.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let (Some(reference), Some(base), Some(expected), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            panic!("a row of three fields: {line:?}");
        };
        compared += 1;
        let ours = resolve(reference, Some(base), Until::Resolve);
        if ours.canon.as_deref() != Some(expected) {
            wrong.push(format!(
                "{reference:?} against {base}: ours {:?}, python {expected:?}",
                ours.canon
            ));
        }
    }
    assert!(compared > 4_000, "{compared}");
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}
