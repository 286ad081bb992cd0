//! The model's own tests: examples checked against the runner, traced =
//! untraced with every step of the stage reached, no panic on odd and huge
//! inputs, and a property test. (Each file has its unit tests too; the
//! whole request set is `tests/servers_perl.rs`.)

use super::*;
use crate::engine::trace::{NoTrace, Trace};

/// The request's answer: the object's string and its reading, or the die.
fn ask<T: Tracer>(
    input: &str,
    base: Option<&str>,
    tracer: &mut T,
) -> Result<(String, Reading), PerlError> {
    let (uri, _) = request(input, base, tracer)?;
    let reading = uri.read(tracer);
    Ok((uri.as_str().to_owned(), reading))
}

fn href(input: &str, base: Option<&str>) -> String {
    match ask(input, base, &mut NoTrace) {
        Ok((s, _)) => s,
        Err(e) => e.text,
    }
}

fn host(input: &str) -> Option<String> {
    ask(input, None, &mut NoTrace).ok()?.1.host.flatten()
}

/// Hosts where Perl's URI reads a URL otherwise than the URL Standard:
/// each checked against perl-runner.
#[test]
fn hosts_as_uri_reads_them() {
    // a backslash is no delimiter: it is percent-encoded into the userinfo
    assert_eq!(
        host("http://good.com\\@evil.com/").as_deref(),
        Some("evil.com")
    );
    assert_eq!(
        href("http://good.com\\@evil.com/", None),
        "http://good.com%5C@evil.com/"
    );
    // a tab or a line feed stays, encoded, in the host
    assert_eq!(
        host("http://evil.com\t.good.com/").as_deref(),
        Some("evil.com\t.good.com")
    );
    // the userinfo is cut on the first line holding an '@', so a line feed
    // before it moves the host
    assert_eq!(href("http://a\nb@c/", None), "http://b@a%0Ac/");
    // percent-decoding gives bytes, no IDNA, no IPv4 parsing
    assert_eq!(host("http://%65vil.com/").as_deref(), Some("evil.com"));
    assert_eq!(host("http://0x7f.1/").as_deref(), Some("0x7f.1"));
    // a port of Unicode digits splits off before IDNA
    assert_eq!(href("http://ex.com:٣/", None), "http://ex.com:%D9%A3/");
    assert_eq!(
        host("http://ex.com:٣/").as_deref(),
        Some("ex.com:\u{d9}\u{a3}")
    );
    // no ':digits' at the end: the colon stays in the host
    assert_eq!(host("http://a:b@h:80x/").as_deref(), Some("h:80x"));
    // brackets are dropped around anything
    assert_eq!(host("http://[evil.com]/").as_deref(), Some("evil.com"));
    // resolving against a base whose host looks like IPv6 brackets it,
    // port and all
    assert_eq!(href("x", Some("http://1::80/")), "http://[1::80]/x");
    // the whole is unwrapped and trimmed of Unicode whitespace first
    assert_eq!(href("<URL:http://h/>", None), "http://h/");
    assert_eq!(href("\u{3000}http://h/\u{a0}", None), "http://h/");
}

#[test]
fn resolution_as_uri_does_it() {
    assert_eq!(
        href("../../../g", Some("http://a/b/c/d;p?q")),
        "http://a/../g"
    );
    assert_eq!(href("x", Some("sc:opaque")), "sc:/x");
    assert_eq!(href("x", Some("mailto:y")), "mailto:x");
    assert_eq!(href("http:x", Some("http://h/a")), "http:x");
    assert_eq!(href("x", Some("0")), "Missing base argument");
    assert_eq!(
        href("x", Some("<URL:mailto:y>")),
        "Can't locate object method \"authority\" via package \"URI::mailto\""
    );
    assert_eq!(href("a@b:c/d", Some("http://h/x/y")), "http://h/x/c/d");
}

#[test]
fn perls_own_utf8() {
    assert_eq!(perl_utf8(&[0x41, 0xe9]), b"A\xc3\xa9");
    assert_eq!(perl_utf8(&[0xd800]), b"\xed\xa0\x80");
    assert_eq!(perl_utf8(&[0x11_0000]), b"\xf4\x90\x80\x80");
    assert_eq!(perl_utf8(&[0x7fff_ffff]), b"\xfd\xbf\xbf\xbf\xbf\xbf");
    assert_eq!(perl_utf8(&[0x8000_0000]), b"\xfe\x82\x80\x80\x80\x80\x80");
    assert_eq!(
        perl_utf8(&[0x10_0000_0000]),
        b"\xff\x80\x80\x80\x80\x80\x81\x80\x80\x80\x80\x80\x80"
    );
    assert_eq!(
        perl_utf8(&[0x7fff_ffff_ffff_ffff]),
        b"\xff\x80\x87\xbf\xbf\xbf\xbf\xbf\xbf\xbf\xbf\xbf\xbf"
    );
}

/// Inputs that together reach every `perl.*` step.
const EVERY_STEP: &[(&str, Option<&str>)] = &[
    ("<http://u@Bücher.ch:80/a b>", None),
    (" http://%5B::1%5D/ ", None),
    ("x", Some("mailto:y")),
    ("urn:FOO:x", None),
    ("urn:isbn:1", None),
    ("x", Some("0")),
    ("http://x", Some("http://h/")),
    ("//g", Some("http://h/")),
    ("/g", Some("http://h/")),
    ("?q", Some("http://h/")),
    ("../g", Some("http://h/a/b")),
    ("HTTP://EX/%7e", None),
    ("http://h:80", None),
    ("file:/x", None),
    ("ldap://h/x", None),
    ("http://xn--abc-0.com/", None),
];

#[test]
fn traced_and_untraced_runs_agree_and_every_step_is_reached() {
    let mut reached = std::collections::BTreeSet::new();
    for &(input, base) in EVERY_STEP {
        let mut trace = Trace::default();
        let traced = ask(input, base, &mut trace);
        let plain = ask(input, base, &mut NoTrace);
        assert_eq!(traced, plain, "{input:?}");
        reached.extend(trace.steps.iter().map(|s| s.id));
        assert!(
            trace
                .steps
                .iter()
                .all(|s| s.id.stage() == crate::engine::Stage::Perl)
        );
    }
    assert_eq!(
        crate::engine::servers::test_steps::unreached(crate::engine::Stage::Perl, &reached),
        Vec::<&str>::new()
    );
}

#[test]
fn the_base_is_marked_as_the_bases() {
    let mut trace = Trace::default();
    let _ = ask("g", Some("http://h/a"), &mut trace);
    assert!(trace.steps.iter().any(|s| s.of_base));
    assert!(trace.steps.iter().any(|s| !s.of_base));
}

#[test]
fn no_input_panics() {
    let weird = [
        "",
        "%",
        "[",
        "]",
        "//[",
        "http://[",
        "http://@",
        "#",
        "?#?",
        "\u{10ffff}",
        "<",
        "\"",
        "<URL:>",
        "\n",
        "http://xn--/",
        "http://xn--0/",
        "http://xn--a-\n/",
        "ldap://h/?\u{0}?\u{0}?\u{0}?,=",
        "http://\u{0}\u{1f}\u{7f}/",
    ];
    for input in weird {
        for base in [
            None,
            Some("http://h/a/b"),
            Some("mailto:x"),
            Some(""),
            Some(input),
        ] {
            let _ = ask(input, base, &mut NoTrace);
            let _ = ask(input, base, &mut Trace::default());
        }
    }
    // Long inputs stay linear: IDNA's ToASCII does not run the punycode
    // encoder on a long label when it cannot die (see idna.rs), and the
    // decoder places its insertions in O(n log n).
    let big = "a%2".repeat(1 << 20);
    let wide = "é\u{3000}".repeat(1 << 16);
    let long_host = format!("HTTP://{}/", "é".repeat(1 << 17));
    let long_xn = format!("http://xn--{}/", "9a".repeat(1 << 12));
    for input in [big, wide, long_host, long_xn] {
        let _ = ask(&input, None, &mut NoTrace);
        let _ = ask("../x", Some(&input), &mut NoTrace);
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn never_panics_and_traced_equals_untraced(
            input in "[a-zA-Z0-9:/?#\\[\\]@%.!$&'()*+,;= \\\\é٣İ\u{3000}\t\n<>\"-]{0,24}",
            base in proptest::option::of("[a-zA-Z:/?#\\[\\]@%.0-9é -]{0,16}"),
        ) {
            let plain = ask(&input, base.as_deref(), &mut NoTrace);
            let traced = ask(&input, base.as_deref(), &mut Trace::default());
            prop_assert_eq!(plain, traced);
        }

        #[test]
        fn as_string_is_ascii_and_parses_back_to_itself(
            input in "[a-zA-Z0-9:/?#\\[\\]@%.é٣ -]{0,24}",
        ) {
            if let Ok((s, _)) = ask(&input, None, &mut NoTrace) {
                prop_assert!(s.is_ascii());
                let again = ask(&s, None, &mut NoTrace).map(|(t, _)| t);
                prop_assert_eq!(again.ok(), Some(s));
            }
        }
    }
}
