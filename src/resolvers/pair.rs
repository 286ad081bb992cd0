//! One URL through a *pair* of parsers: the one an application checks the
//! URL with and the one its HTTP client fetches it with. Server-side request
//! forgery and open redirects live in such pairs: the check reads
//! `good.com`, the client connects to `evil.com`. [`Pair::judge`] gives the
//! pair's [`PairVerdict`]: the verdict (the rules of [`hosts`](super::hosts),
//! for two resolvers), each side's host, a sentence, and for each side the
//! step of its trace where it took the host it ends with, which is where
//! the two part.
//!
//! The stacks people deploy are offered by name ([`Stack`]): Node.js checks
//! with the legacy `url.parse` and fetches with `fetch` (the URL Standard),
//! PHP checks with `parse_url` and fetches with curl, Python checks with
//! `urllib.parse` and fetches with `requests` (urllib3), and so on.
//!
//! ```
//! use url_inspector::resolvers::Resolver;
//! use url_inspector::resolvers::hosts::Verdict;
//! use url_inspector::resolvers::pair::Pair;
//! // An application checks with the URL Standard and fetches with urllib.
//! let pair = Pair { check: Resolver::Whatwg, fetch: Resolver::Python };
//! let verdict = pair.judge("http://good.com\\@evil.com/", None);
//! assert_eq!(verdict.verdict, Verdict::Confusion);
//! assert_eq!(verdict.check_host.as_deref(), Some("good.com"));
//! assert_eq!(verdict.fetch_host.as_deref(), Some("evil.com"));
//! ```

use std::borrow::Cow;

use serde::Serialize;

use super::hosts::{self, Seen, Verdict};
use super::{Answer, Request, Resolver};
use crate::engine::{Component, Step, Trace};

/// The resolver an application checks a URL with, and the one it fetches
/// the URL with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Pair {
    pub check: Resolver,
    pub fetch: Resolver,
}

/// Declares [`Stack`] from one table: per row the variant, its name, the
/// resolver that checks, the one that fetches, and what it stands for.
macro_rules! stacks {
    ($( $variant:ident => $name:literal, $check:ident, $fetch:ident, $description:literal; )*) => {
        /// The pairs of parsers found together in the stacks people deploy.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Stack {
            $( #[doc = $description] $variant, )*
        }

        impl Stack {
            /// Every stack, in the table's order.
            pub const ALL: [Stack; [$(Stack::$variant),*].len()] = [$(Stack::$variant),*];

            /// The name `--stack` takes.
            pub const fn name(self) -> &'static str {
                match self { $( Stack::$variant => $name, )* }
            }

            /// The parser that checks and the one that fetches.
            pub const fn pair(self) -> Pair {
                match self { $( Stack::$variant => Pair { check: Resolver::$check, fetch: Resolver::$fetch }, )* }
            }

            /// What the stack is, in a line.
            pub const fn description(self) -> &'static str {
                match self { $( Stack::$variant => $description, )* }
            }
        }
    };
}

stacks! {
    Node => "node", NodeLegacy, Whatwg,
        "Node.js: the legacy url.parse checks, fetch (the URL Standard) fetches";
    Php => "php", Php, Curl,
        "PHP: parse_url checks, curl fetches";
    Python => "python", Python, Urllib3,
        "Python: urllib.parse checks, requests (urllib3) fetches";
    PythonCurl => "python-curl", Python, Curl,
        "Python with pycurl: urllib.parse checks, libcurl fetches";
    Java => "java", JavaUri, JavaUrl,
        "Java: java.net.URI checks, java.net.URL fetches";
    Ruby => "ruby", Ruby, Curl,
        "Ruby: URI checks, curl fetches";
    Go => "go", Go, Go,
        "Go: net/url checks and net/http fetches with the same parse";
}

impl Stack {
    /// The stack called `name` (ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Stack> {
        Stack::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// Every stack's name, for help texts: "node, php, …".
    pub fn names() -> String {
        Stack::ALL.map(Stack::name).join(", ")
    }
}

/// Where one side of a pair took the host it ends with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parting {
    /// The side's resolver.
    #[serde(serialize_with = "name")]
    pub resolver: Resolver,
    /// The step's stable id.
    pub step: &'static str,
    /// What the step cites (the library's file and function, the spec's
    /// section).
    pub citation: &'static str,
    /// What the step does, in a sentence.
    pub explanation: &'static str,
    /// The step's place in its trace, from 1 (the base's steps counted).
    pub number: usize,
    /// The host as the step left it (`None`: the step refused the URL or
    /// set no host).
    pub host: Option<String>,
}

/// What a pair of parsers makes of one URL.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairVerdict {
    #[serde(serialize_with = "name")]
    pub check: Resolver,
    #[serde(serialize_with = "name")]
    pub fetch: Resolver,
    /// The verdict of [`hosts`](super::hosts) on the two: `confusion`
    /// when they name different hosts, `spelling` when one host is
    /// written two ways, else `agree` (a side that refuses the URL or
    /// names no host does not make a confusion).
    pub verdict: Verdict,
    /// Whether the URL gets through: both sides accept it, and the host
    /// the fetch goes to is not the one the check saw.
    pub through: bool,
    /// The host the checking parser reports, as it writes it (`None`: it
    /// refuses the URL or finds no host).
    pub check_host: Option<String>,
    /// The host the fetching parser goes to, as it writes it.
    pub fetch_host: Option<String>,
    pub check_refuses: bool,
    pub fetch_refuses: bool,
    /// The verdict in a sentence that names both parsers.
    pub sentence: String,
    /// For each side whose answer was traced, where it took the host it
    /// ends with (or the step that refused the URL); empty when the two
    /// agree.
    pub parting: Vec<Parting>,
}

fn name<S: serde::Serializer>(r: &Resolver, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(r.name())
}

impl Pair {
    /// The pair's verdict on `input` (against `base`): both resolvers are
    /// asked, traced, so the verdict says where they part.
    pub fn judge(self, input: &str, base: Option<&str>) -> PairVerdict {
        self.judge_request(&Request::new(input).with_base(base))
    }

    /// The pair's verdict on `request`, asked traced.
    pub fn judge_request(self, request: &Request<'_>) -> PairVerdict {
        let request = request.traced();
        let check = self.check.resolve(&request);
        let fetch = if self.fetch == self.check {
            check.clone()
        } else {
            self.fetch.resolve(&request)
        };
        self.verdict(&check, &fetch)
    }

    /// The verdict on the two answers the pair's resolvers gave. Where an
    /// answer carries its trace, the verdict says where that side took its
    /// host.
    pub fn verdict(self, check: &Answer, fetch: &Answer) -> PairVerdict {
        let seen = [Seen::of(self.check, check), Seen::of(self.fetch, fetch)];
        let h = hosts::compare_seen(seen);
        let host = |a: &Answer| {
            (!a.invalid)
                .then(|| a.get(Component::Host).filter(|h| !h.is_empty()))
                .flatten()
                .map(str::to_owned)
        };
        let (check_host, fetch_host) = (host(check), host(fetch));
        let through = h.verdict == Verdict::Confusion && check_host.is_some();
        let mut parting = Vec::new();
        if h.verdict != Verdict::Agree || check.invalid != fetch.invalid {
            for (r, a, host) in [
                (self.check, check, &check_host),
                (self.fetch, fetch, &fetch_host),
            ] {
                if let Some(p) = a.trace.as_ref().and_then(|t| parting_of(r, t, host)) {
                    parting.push(p);
                }
            }
        }
        PairVerdict {
            check: self.check,
            fetch: self.fetch,
            verdict: h.verdict,
            through,
            sentence: sentence(self, check, fetch, &check_host, &fetch_host, &h),
            check_host,
            fetch_host,
            check_refuses: check.invalid,
            fetch_refuses: fetch.invalid,
            parting,
        }
    }
}

/// The pair's verdict from what a table row keeps of the two answers: the
/// hosts (`None`: no host) and whether each is valid. No sentence, no
/// parting steps: this is the cheap form for many rows.
pub fn row_verdict(check: Option<&str>, fetch: Option<&str>) -> Verdict {
    hosts::verdict([check, fetch])
}

/// The host `resolver`'s answer ends with, and the step of its trace
/// where it took it: the first step (the base's skipped) after which the
/// host is, up to its spelling, the one the answer reports. A step says
/// what host it leaves either as its component's value (a model's step
/// about the host) or in the URL record it carries (a state machine's).
/// A refused URL: the step that failed, else the last. No host at all:
/// the last step that was about the host.
fn parting_of(resolver: Resolver, trace: &Trace, host: &Option<String>) -> Option<Parting> {
    let steps: Vec<(usize, &Step)> = trace
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.of_base)
        .collect();
    let left = |s: &Step| -> Option<String> {
        if s.component == Some(Component::Host) && s.changes {
            return s.after.clone();
        }
        s.record.as_ref().and_then(|r| r.host()).map(str::to_owned)
    };
    let want = host.as_deref().map(hosts::normalize);
    let found = match &want {
        Some(want) => steps
            .iter()
            .find(|(_, s)| left(s).is_some_and(|h| &hosts::normalize(&h) == want)),
        None => steps
            .iter()
            .find(|(_, s)| s.failed)
            .or_else(|| {
                steps
                    .iter()
                    .rev()
                    .find(|(_, s)| s.component == Some(Component::Host))
            })
            .or(steps.last()),
    };
    let &(i, step) = found?;
    Some(Parting {
        resolver,
        step: step.id.id(),
        citation: step.id.citation(),
        explanation: step.id.explanation(),
        number: i + 1,
        host: if step.failed { None } else { left(step) },
    })
}

/// A resolver in the fetching role: urllib3 is what `requests` connects
/// with, the URL Standard what `fetch` follows.
fn as_fetcher(r: Resolver) -> Cow<'static, str> {
    match r {
        Resolver::Urllib3 => Cow::Borrowed("urllib3 (what requests connects to)"),
        Resolver::Whatwg => Cow::Borrowed("the URL Standard (what fetch follows)"),
        Resolver::JavaUrl => Cow::Borrowed("java.net.URL (what its connections open)"),
        _ => Cow::Borrowed(r.phrase()),
    }
}

/// The verdict in one sentence, naming the two sides by their roles.
fn sentence(
    pair: Pair,
    check: &Answer,
    fetch: &Answer,
    check_host: &Option<String>,
    fetch_host: &Option<String>,
    h: &hosts::Hosts,
) -> String {
    let checker = pair.check.phrase();
    let fetcher = as_fetcher(pair.fetch);
    let sees = |host: &Option<String>| match host {
        Some(h) => format!("sees {h}"),
        None => "sees no host".to_owned(),
    };
    let goes = |host: &Option<String>| match host {
        Some(h) => format!("goes to {h}"),
        None => "names no host to go to".to_owned(),
    };
    let mut text = if pair.check == pair.fetch {
        match (check.invalid, check_host) {
            (true, _) => format!("{checker} checks and fetches with one parse: it refuses the URL"),
            (false, Some(h)) => {
                format!("{checker} checks and fetches with one parse: both read {h}")
            }
            (false, None) => {
                format!("{checker} checks and fetches with one parse: it sees no host")
            }
        }
    } else {
        match (check.invalid, fetch.invalid) {
            (true, true) => format!("{checker} and {fetcher} both refuse the URL"),
            (true, false) => format!(
                "{checker} refuses the URL, so the check stops it ({fetcher} {})",
                goes(fetch_host)
            ),
            (false, true) => format!(
                "{checker} {}; {fetcher} refuses the URL: nothing is fetched",
                sees(check_host)
            ),
            (false, false) => match h.verdict {
                Verdict::Confusion => {
                    format!(
                        "{checker} {}; {fetcher} {}",
                        sees(check_host),
                        goes(fetch_host)
                    )
                }
                Verdict::Spelling => format!(
                    "{checker} {} and {fetcher} {}: the same host, spelled differently (a \
                     check comparing strings is fooled)",
                    sees(check_host),
                    goes(fetch_host)
                ),
                Verdict::Agree => match (check_host, fetch_host) {
                    (Some(host), Some(_)) => {
                        format!("{checker} and {fetcher} agree: both read {host}")
                    }
                    _ => format!(
                        "{checker} {}; {fetcher} {}",
                        sees(check_host),
                        goes(fetch_host)
                    ),
                },
            },
        }
    };
    if !h.userinfo.is_empty() {
        let seen: Vec<String> = h
            .userinfo
            .iter()
            .map(|u| {
                let who = if u.by.contains(&pair.check) {
                    checker.to_owned()
                } else {
                    fetcher.to_string()
                };
                match &u.user {
                    Some(user) => format!("{who} sees the username {}", hosts::quoted(user)),
                    None => format!("{who} sees none"),
                }
            })
            .collect();
        text.push_str(&format!("; userinfo differs: {}", seen.join(", ")));
    }
    text.push('.');
    hosts::sentence_case(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_are_named_and_found_by_name() {
        for s in Stack::ALL {
            assert_eq!(Stack::from_name(s.name()), Some(s));
            assert_eq!(Stack::from_name(&s.name().to_uppercase()), Some(s));
        }
        assert_eq!(Stack::Php.pair().check, Resolver::Php);
        assert_eq!(Stack::Php.pair().fetch, Resolver::Curl);
        assert_eq!(Stack::from_name("cobol"), None);
    }

    #[test]
    fn a_backslash_parts_python_from_the_url_standard() {
        let pair = Pair {
            check: Resolver::Whatwg,
            fetch: Resolver::Python,
        };
        let v = pair.judge("http://good.com\\@evil.com/", None);
        assert_eq!(v.verdict, Verdict::Confusion);
        assert!(v.through);
        assert_eq!(v.check_host.as_deref(), Some("good.com"));
        assert_eq!(v.fetch_host.as_deref(), Some("evil.com"));
        assert!(
            v.sentence.starts_with(
                "The URL Standard sees good.com; Python's urllib goes to evil.com; userinfo \
                 differs: the URL Standard sees none, Python's urllib sees the username \
                 “good.com\\”"
            ),
            "{}",
            v.sentence
        );
        // Each side names the step where it took its host.
        assert_eq!(v.parting.len(), 2, "{:?}", v.parting);
        assert_eq!(v.parting[0].resolver, Resolver::Whatwg);
        assert_eq!(v.parting[0].host.as_deref(), Some("good.com"));
        assert_eq!(v.parting[1].step, "python.hostinfo");
        assert_eq!(v.parting[1].host.as_deref(), Some("evil.com"));
    }

    #[test]
    fn agreement_refusal_and_spelling_are_said_so() {
        let pair = Pair {
            check: Resolver::Python,
            fetch: Resolver::Whatwg,
        };
        let v = pair.judge("http://example.com/x", None);
        assert_eq!(v.verdict, Verdict::Agree);
        assert!(!v.through && v.parting.is_empty());
        assert_eq!(
            v.sentence,
            "Python's urllib and the URL Standard (what fetch follows) agree: both read \
             example.com."
        );
        let v = pair.judge("http://0x7f.1/", None);
        assert_eq!(v.verdict, Verdict::Spelling);
        assert!(!v.through);
        assert!(v.sentence.contains("spelled differently"), "{}", v.sentence);
        let v = pair.judge("http://[::1/", None);
        assert!(v.check_refuses && v.fetch_refuses && !v.through);
        let go = Pair {
            check: Resolver::Go,
            fetch: Resolver::Go,
        };
        let v = go.judge("http://a b/", None);
        assert_eq!(
            v.sentence,
            "Go's net/url checks and fetches with one parse: it refuses the URL."
        );
    }
}
