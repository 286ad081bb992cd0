//! The one-line summary of who agrees with whom: the shown resolvers
//! grouped by their canonical string (the invalid ones together), as
//! [`crate::resolvers::agreement`] groups them.

use crate::resolvers::{Answer, Resolver, agreement};

/// The shown resolvers' answers, grouped: each group's members and whether
/// they are the invalid ones.
pub fn groups<'a>(
    answers: impl IntoIterator<Item = (Resolver, &'a Answer)>,
) -> Vec<(Vec<Resolver>, bool)> {
    let answers: Vec<(Resolver, &Answer)> = answers.into_iter().collect();
    agreement(answers.iter().map(|(r, a)| (*r, a.valid_canon())))
        .into_iter()
        .map(|members| {
            let invalid = answers
                .iter()
                .find(|(r, _)| Some(r) == members.first())
                .is_some_and(|(_, a)| a.valid_canon().is_none());
            (members, invalid)
        })
        .collect()
}

/// Who agrees with whom, in a line: `3 answers among 7: THIS = CHROME =
/// URL Standard · GECKO = IE = RFC 3986 · invalid: OPC`.
pub fn summary<'a>(answers: impl IntoIterator<Item = (Resolver, &'a Answer)>) -> String {
    let groups = groups(answers);
    let total: usize = groups.iter().map(|(m, _)| m.len()).sum();
    match groups.as_slice() {
        [] => "No resolver is shown.".to_owned(),
        [(_, false)] if total == 1 => "One resolver shown.".to_owned(),
        [(_, true)] if total == 1 => "One resolver shown; it finds the input invalid.".to_owned(),
        [(_, false)] => format!("All {total} agree."),
        [(_, true)] => format!("All {total} find the input invalid."),
        _ => {
            let valid = groups.iter().filter(|(_, invalid)| !invalid).count();
            let parts: Vec<String> = groups
                .iter()
                .map(|(members, invalid)| {
                    let names: Vec<&str> = members.iter().map(|r| r.label()).collect();
                    match (invalid, names.as_slice()) {
                        (true, _) => format!("invalid: {}", names.join(", ")),
                        (false, [one]) => format!("{one} alone"),
                        (false, _) => names.join(" = "),
                    }
                })
                .collect();
            let answers = if valid == 1 { "answer" } else { "answers" };
            format!("{valid} {answers} among {total}: {}", parts.join(" · "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::{Request, resolve_all};

    fn line(input: &str, base: Option<&str>) -> String {
        let all = resolve_all(&Request::new(input).with_base(base));
        summary(all.iter().map(|(r, a)| (*r, a)))
    }

    #[test]
    fn an_idn_splits_the_resolvers_in_two() {
        assert_eq!(
            line("http://B\u{fc}cher.de/", None),
            // OPC maps the IRI to a URI without normalizing it (case kept),
            // as Go writes it; Python's urllib, libcurl, PHP and Java keep
            // the Unicode, Ruby refuses it (the real libraries' answers,
            // `compare --live`); urlcanon and w3lib write Punycode as the
            // Standard does, surt's key is no URL, and Safe Browsing
            // percent-escapes the host (the real packages' answers,
            // scripts/canon/canon-runner.py and safe-browsing-runner.py).
            "6 answers among 27: THIS = CHROME = URL Standard = Chromium 156 = Firefox 153 = WebKit 2.50 = RUST-URL = Node.js 20 url.parse = urllib3 2.8 = Perl URI 5.17 = urlcanon whatwg = urlcanon google = urlcanon semantic = w3lib 2.5 · GECKO = IE = RFC 3986 · OPC = Go 1.27 · Python 3.11 = libcurl = PHP 8.2 = java.net.URI 17 = java.net.URL 17 · invalid: Ruby 3.1 URI · surt 0.3.1 alone · Safe Browsing v4 alone"
        );
    }

    #[test]
    fn invalid_answers_are_named_as_such() {
        let s = line("http://a:99999/", None);
        assert!(s.contains("invalid: "), "{s}");
        assert!(s.contains("THIS"), "{s}");
    }

    #[test]
    fn one_group_says_all() {
        let all = resolve_all(&Request::new("http://example.com/"));
        let shown = all.iter().take(5).map(|(r, a)| (*r, a));
        assert_eq!(summary(shown), "All 5 agree.");
        assert_eq!(summary(std::iter::empty()), "No resolver is shown.");
    }
}
