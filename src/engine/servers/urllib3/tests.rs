use super::*;
use crate::engine::{NoTrace, Stage, Trace};

/// `u.url`, or the exception as the runner writes it.
fn url(input: &str, base: Option<&str>) -> String {
    answer(input, base, &mut NoTrace)
}

/// The request through a tracer: `u.url` and every field, or the exception.
fn answer<T: Tracer>(input: &str, base: Option<&str>, tracer: &mut T) -> String {
    let joined = match join(input, base, tracer) {
        Ok(j) => j,
        Err(e) => return e.to_string(),
    };
    match parse_url(joined.text(), tracer) {
        Ok(u) => {
            let read = u.read(tracer);
            if T::ON {
                format!("{} {u:?} {read:?}", read.url)
            } else {
                read.url
            }
        }
        Err(e) => e.to_string(),
    }
}

#[test]
fn answers_as_urllib3_does() {
    // Each checked against scripts/servers/urllib3-runner.py.
    let cases: &[(&str, Option<&str>, &str)] = &[
        ("HTTP://EX.com/a/../b", None, "http://ex.com/b"),
        ("example.com:8080/x", None, "example.com:8080/x"),
        ("h:65536", None, "h:///65536"),
        (
            "a.b:99999",
            None,
            "LocationParseError: Failed to parse: //a.b:99999",
        ),
        (
            "http://evil.com\\@good.com/",
            None,
            "http://evil.com/%5C@good.com/",
        ),
        ("http://a:b@c:d@e/", None, "http://a:b%40c:d@e/"),
        (
            "mailto:user@example.org",
            None,
            "mailto:///user@example.org",
        ),
        ("http:foo/../bar", None, "http:///bar"),
        (
            "http://[FE80::1%25En0]:8080/",
            None,
            "http://[fe80::1%En0]:8080/",
        ),
        ("http://[::1%250a]/", None, "http://[::1%0a]/"),
        (
            "http://[::1%%0a]/",
            None,
            "LocationParseError: Failed to parse: Host '[::1%%0a]' contains invalid percent-encoded control character '%0a'",
        ),
        ("http://0X7F.1/", None, "http://0X7F.1/"),
        ("ftp://EX.com/%7e/../a b", None, "ftp://EX.com/%7e/../a b"),
        (
            "http://%41%2f%0a/",
            None,
            "LocationParseError: Failed to parse: Host '%41%2f%0a' contains invalid percent-encoded control character '%0a'",
        ),
        ("http://%41%2fB/", None, "http://a%2Fb/"),
        (
            "http://a b/",
            None,
            "LocationParseError: Failed to parse: Host 'a b' contains invalid character ' '",
        ),
        (
            "http://a b:x/",
            None,
            "LocationParseError: Failed to parse: Host 'a b:x' contains invalid character ' '",
        ),
        (
            "http://h:65536/",
            None,
            "LocationParseError: Failed to parse: http://h:65536/",
        ),
        ("http://h:0000080/", None, "http://h:80/"),
        (
            "http://h:123456/",
            None,
            "LocationParseError: Failed to parse: 'h:123456' is not a valid host or port",
        ),
        (
            "http://é_/",
            None,
            "LocationParseError: Failed to parse: Name 'é_' is not a valid IDNA label",
        ),
        (
            "http://Königsgäßchen.de/straße",
            None,
            "http://xn--knigsgchen-b4a3dun.de/stra%C3%9Fe",
        ),
        ("http://\u{212a}.com/", None, "http://k.com/"),
        ("http://user@/x", None, "http://user@/x"),
        ("http://:80/", None, "http://:80/"),
        ("http://", None, "http://"),
        ("http:", None, "http://"),
        ("http:..", None, "http://"),
        ("?", None, "?"),
        ("#", None, "#"),
        ("", None, ""),
        ("/p?q%zz%41#f#g", None, "/p?q%25zz%2541#f%23g"),
        ("//h/p", None, "h/p"),
        ("../c?q", Some("http://h/a/b/"), "http://h/a/c?q"),
        ("x", Some("http://[::1/"), "ValueError: Invalid IPv6 URL"),
        ("", Some("http://h/p?q#f"), "http://h/p?q#f"),
        ("x", Some(""), "x"),
    ];
    for (input, base, want) in cases {
        assert_eq!(url(input, *base), *want, "{input:?} against {base:?}");
    }
}

#[test]
fn properties_are_urllib3s() {
    let u = parse_url("http://u:p@h:80/p?q#f", &mut NoTrace).unwrap_or_default();
    assert_eq!(u.request_uri(), "/p?q");
    assert_eq!(u.netloc().as_deref(), Some("h:80"));
    assert_eq!(u.authority().as_deref(), Some("u:p@h:80"));
    assert_eq!(u.hostname(), Some("h"));
    let u = parse_url("#f", &mut NoTrace).unwrap_or_default();
    assert_eq!((u.request_uri(), u.netloc()), ("/".to_owned(), None));
}

#[test]
fn encodes_as_encode_invalid_chars_does() {
    assert_eq!(encode_invalid_chars("a b", is_path), "a%20b");
    assert_eq!(encode_invalid_chars("%2f%41", is_path), "%2F%41");
    assert_eq!(encode_invalid_chars("%2f%", is_path), "%252F%25");
    assert_eq!(encode_invalid_chars("é", is_path), "%C3%A9");
    assert_eq!(encode_invalid_chars("a@b", is_userinfo), "a%40b");
}

#[test]
fn removes_dot_segments_as_urllib3_does() {
    for (path, want) in [
        ("/abc/../def", "/def"),
        ("/..", "/"),
        ("/./abc/./def/", "/abc/def/"),
        ("/.", "/"),
        ("/./", "/"),
        ("/abc/./.././d/././e/.././f/./../../ghi", "/ghi"),
        ("a/../b", "b"),
        ("..", ""),
        ("//../a", "/a"),
        ("/a//b", "/a//b"),
    ] {
        assert_eq!(remove_path_dot_segments(path), want, "{path:?}");
    }
}

/// Inputs that together reach every `urllib3.*` step.
const EVERY_STEP: &[(&str, Option<&str>)] = &[
    ("", None),
    ("x", Some("http://h/")),
    ("x", Some("http://[/")),
    ("ex.com:8080/x", None),
    ("HTTP://u@EX.com:80/a/../b c?q r#f g", None),
    ("http:x", None),
    ("ftp://h/", None),
    ("http://h:99999/", None),
    ("http://a b/", None),
    ("http://[::1%25x]/", None),
    ("http://[::1]/", None),
    ("http://0x7f.1/", None),
    ("http://%41.b/", None),
    ("http://é.\u{212a}/", None),
    ("http://xn--\u{212a}gbechtv/", None),
    ("http://\u{5d0}1/", None),
    ("http://e\u{301}/", None),
    ("http://a-é-/", None),
    ("http://\u{301}é/", None),
    ("http://é_/", None),
    ("http://\u{5d0}a/", None),
    ("http:?", None),
];

#[test]
fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
    let mut reached = std::collections::BTreeSet::new();
    for &(input, base) in EVERY_STEP {
        let mut trace = Trace::default();
        let traced = answer(input, base, &mut trace);
        let plain = url(input, base);
        assert!(traced.starts_with(&plain), "{input:?}: {traced} / {plain}");
        reached.extend(trace.steps.iter().map(|s| s.id));
    }
    assert_eq!(
        crate::engine::servers::test_steps::unreached(Stage::Urllib3, &reached),
        Vec::<&str>::new()
    );
}

#[test]
fn the_host_steps_carry_the_host() {
    let mut trace = Trace::default();
    let _ = answer("http://u@EX.com/", None, &mut trace);
    let host_steps: Vec<&str> = trace
        .steps
        .iter()
        .filter(|s| s.component == Some(Component::Host))
        .map(|s| s.id.id())
        .collect();
    assert!(
        host_steps.contains(&"urllib3.parse-url.uri-re"),
        "{host_steps:?}"
    );
    assert!(
        host_steps.contains(&"urllib3.normalize-host.labels"),
        "{host_steps:?}"
    );
    assert!(
        trace
            .steps
            .iter()
            .any(|s| s.component == Some(Component::User) && s.after.as_deref() == Some("u"))
    );
}

#[test]
fn no_input_panics() {
    let big = "a%2".repeat(1 << 20);
    let big_host = format!("http://{}/", "é.".repeat(1 << 16));
    let long_label = format!("http://{}/", "é".repeat(2000));
    let weird = [
        "",
        "%",
        "[",
        "]",
        "[%",
        "//[",
        "http://[::1%25",
        "http://[::1%]",
        "http://@",
        "#",
        "?#?",
        ":",
        "\u{10ffff}",
        "http://\u{0}/",
        "http://xn--/",
        "http://xn--a-/",
        "http://xn--99999999999999a/",
        "http://\u{212a}xn--zz/",
        "http://\u{200c}\u{200d}é/",
        "http://\u{fdd0}é/",
    ];
    for input in weird
        .iter()
        .copied()
        .chain([big.as_str(), big_host.as_str(), long_label.as_str()])
    {
        for base in [None, Some("http://h/a/b"), Some("mailto:x"), Some("")] {
            let _ = url(input, base);
            let _ = answer(input, base, &mut Trace::default());
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn never_panics_and_traced_equals_untraced(
            input in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;= \\\\é\u{ad}\u{212a}\u{5d0}\u{200c}\t-]{0,24}",
            base in proptest::option::of("[a-z:/?#\\[\\]@%.0-9é-]{0,16}"),
        ) {
            let plain = url(&input, base.as_deref());
            let traced = answer(&input, base.as_deref(), &mut Trace::default());
            prop_assert!(traced.starts_with(&plain), "{} / {}", traced, plain);
        }
    }
}
