//! Would the parsers connect to the same host? Where two parsers read one
//! URL differently, a filter can check one host while the client connects
//! to another: the root of server-side request forgery and open
//! redirects. This module compares the hosts that several resolvers
//! report for one input and gives a [`Verdict`]:
//!
//! - **confusion**: they name different hosts, even after each host's
//!   spelling is normalized;
//! - **spelling**: one host, written differently (`0300.0250.0001.0001`
//!   and `192.168.1.1`, `EXAMPLE.com` and `example.com`): a filter that
//!   compares strings is fooled;
//! - **agree**: one host, one spelling.
//!
//! A host's spelling is normalized by the URL Standard's host parser, as
//! for a special URL ([`normalize`]): percent-decoding, UTS #46 (IDNA)
//! with lowercasing, IPv4 in any number form written dotted-decimal, IPv6
//! written in its shortest form. That is what a resolver of names does
//! with them too (glibc's `inet_aton` reads `0300.0250.0001.0001` as
//! 192.168.1.1). A host the Standard cannot parse keeps its text,
//! lowercased.
//!
//! Userinfo is compared too: a parser that sees a username where another
//! sees none is often the very confusion (`http://good.com\@evil.com/`).
//!
//! OPC part names have no host and take no part; nor do the canonical
//! forms, whose hosts are keys, not where a client connects.

use serde::Serialize;

use super::{Answer, Group, Resolver};
use crate::engine::Component;
use crate::engine::hidden::escape;
use crate::engine::url_standard::{host, percent_sets};

/// Whether the resolvers would connect to the same host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// One host, one spelling (or fewer than two resolvers name a host).
    Agree,
    /// One host, spelled in more than one way.
    Spelling,
    /// Different hosts.
    Confusion,
}

impl Verdict {
    /// The stable name, as JSON and tables write it.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::Spelling => "spelling",
            Verdict::Confusion => "confusion",
        }
    }
}

/// One host after normalizing, and who names it, in which spelling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Destination {
    /// The host, normalized.
    pub host: String,
    /// Every resolver that names it, in resolver order.
    #[serde(serialize_with = "names")]
    pub by: Vec<Resolver>,
    /// Each spelling of it and who writes it so, in order of first use.
    pub spellings: Vec<Spelling>,
}

/// One way of writing a host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spelling {
    #[serde(rename = "as")]
    pub text: String,
    #[serde(serialize_with = "names")]
    pub by: Vec<Resolver>,
}

/// A username one resolver sees (or none) and who sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UserSeen {
    /// `None`: no username.
    pub user: Option<String>,
    #[serde(serialize_with = "names")]
    pub by: Vec<Resolver>,
}

/// The hosts of one input under several resolvers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hosts {
    pub verdict: Verdict,
    /// Each host named, in order of first naming.
    pub hosts: Vec<Destination>,
    /// The resolvers that find the input invalid.
    #[serde(serialize_with = "names")]
    pub refused: Vec<Resolver>,
    /// The resolvers whose valid answer has no host (or an empty one).
    #[serde(serialize_with = "names")]
    pub no_host: Vec<Resolver>,
    /// The usernames seen, when the resolvers naming a host do not all see
    /// the same one; empty when they agree.
    pub userinfo: Vec<UserSeen>,
}

fn names<S: serde::Serializer>(resolvers: &[Resolver], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(resolvers.iter().map(|r| r.name()))
}

/// The host's spelling normalized: what the URL Standard's host parser
/// makes of it as a special URL's host. Where it cannot parse it, the text
/// percent-decoded (as UTF-8, lossily) and lowercased: `ho%7Cst` and
/// `ho|st` are one spelling apart, as one parser decodes a host and
/// another does not. An IPv6 address may come with or without brackets
/// (one parser gives `[::1%zone]`, another `::1%zone`).
pub fn normalize(text: &str) -> String {
    let bracketed;
    let input = if text.contains(':') && !text.starts_with('[') {
        bracketed = format!("[{text}]");
        bracketed.as_str()
    } else {
        text
    };
    let mut out = String::with_capacity(input.len());
    match host::parse(&mut out, input, false, &mut Vec::new()) {
        Ok(_) => out,
        Err(_) => String::from_utf8_lossy(&percent_sets::decode(input.as_bytes())).to_lowercase(),
    }
}

/// The verdict alone, from the hosts named (`None`: no host, or an
/// invalid answer). Hosts written the same need no normalizing, so the
/// common row (every parser names `example.com`) costs a few comparisons.
pub fn verdict<'a>(hosts: impl IntoIterator<Item = Option<&'a str>>) -> Verdict {
    let named: Vec<&str> = hosts
        .into_iter()
        .flatten()
        .filter(|h| !h.is_empty())
        .collect();
    let Some((first, rest)) = named.split_first() else {
        return Verdict::Agree;
    };
    if rest.iter().all(|h| h == first) {
        return Verdict::Agree;
    }
    let normal = normalize(first);
    if rest.iter().all(|h| normalize(h) == normal) {
        Verdict::Spelling
    } else {
        Verdict::Confusion
    }
}

/// What one resolver's answer says of the host.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    pub resolver: Resolver,
    pub invalid: bool,
    pub host: Option<&'a str>,
    pub user: Option<&'a str>,
}

impl<'a> Seen<'a> {
    /// What `answer` says.
    pub fn of(resolver: Resolver, answer: &'a Answer) -> Seen<'a> {
        Seen {
            resolver,
            invalid: answer.invalid,
            host: answer.get(Component::Host),
            user: answer.get(Component::User),
        }
    }
}

/// Compares the hosts in `answers`.
pub fn compare<'a>(answers: impl IntoIterator<Item = (Resolver, &'a Answer)>) -> Hosts {
    compare_seen(answers.into_iter().map(|(r, a)| Seen::of(r, a)))
}

/// Compares the hosts the resolvers saw.
pub fn compare_seen<'a>(seen: impl IntoIterator<Item = Seen<'a>>) -> Hosts {
    let mut hosts: Vec<Destination> = Vec::new();
    let (mut refused, mut no_host) = (Vec::new(), Vec::new());
    let mut users: Vec<UserSeen> = Vec::new();
    for answer in seen {
        let r = answer.resolver;
        if !r.names_a_host() {
            continue;
        }
        if answer.invalid {
            refused.push(r);
            continue;
        }
        let Some(text) = answer.host.filter(|h| !h.is_empty()) else {
            no_host.push(r);
            continue;
        };
        let normalized = normalize(text);
        let at = match hosts.iter().position(|d| d.host == normalized) {
            Some(at) => at,
            None => {
                hosts.push(Destination {
                    host: normalized,
                    by: Vec::new(),
                    spellings: Vec::new(),
                });
                hosts.len() - 1
            }
        };
        let destination = &mut hosts[at];
        destination.by.push(r);
        match destination.spellings.iter_mut().find(|s| s.text == text) {
            Some(s) => s.by.push(r),
            None => destination.spellings.push(Spelling {
                text: text.to_owned(),
                by: vec![r],
            }),
        }
        let user = answer.user.filter(|u| !u.is_empty()).map(str::to_owned);
        match users.iter_mut().find(|u| u.user == user) {
            Some(u) => u.by.push(r),
            None => users.push(UserSeen { user, by: vec![r] }),
        }
    }
    let verdict = if hosts.len() > 1 {
        Verdict::Confusion
    } else if hosts.iter().any(|d| d.spellings.len() > 1) {
        Verdict::Spelling
    } else {
        Verdict::Agree
    };
    if users.len() < 2 {
        users.clear();
    }
    Hosts {
        verdict,
        hosts,
        refused,
        no_host,
        userinfo: users,
    }
}

/// The verdict in a sentence, naming who goes where: "The URL Standard
/// and the browsers go to good.com; Python's urllib and libcurl go to
/// evil.com; Go's net/url refuses the URL."
pub fn sentence(h: &Hosts) -> String {
    let mut parts: Vec<String> = Vec::new();
    match h.verdict {
        Verdict::Confusion => {
            for d in &h.hosts {
                parts.push(format!("{} to {}", subject(&d.by, "goes", "go"), d.host));
            }
        }
        Verdict::Spelling => {
            let d = &h.hosts[0];
            let spelled: Vec<String> = d
                .spellings
                .iter()
                .map(|s| format!("{} {}", subject(&s.by, "writes", "write"), s.text))
                .collect();
            parts.push(format!(
                "All that name a host go to {}, spelled differently: {} (a filter comparing \
                 strings is fooled)",
                d.host,
                spelled.join(", ")
            ));
        }
        Verdict::Agree => match h.hosts.first() {
            Some(d) => parts.push(format!("All that name a host go to {}", d.host)),
            None => parts.push("None names a host".to_owned()),
        },
    }
    if !h.refused.is_empty() {
        parts.push(format!(
            "{} the URL",
            subject(&h.refused, "refuses", "refuse")
        ));
    }
    if !h.userinfo.is_empty() {
        let seen: Vec<String> = h
            .userinfo
            .iter()
            .map(|u| match &u.user {
                Some(user) => format!(
                    "{} the username {}",
                    subject(&u.by, "sees", "see"),
                    quoted(user)
                ),
                None => format!("{} none", subject(&u.by, "sees", "see")),
            })
            .collect();
        parts.push(format!("userinfo differs: {}", seen.join(", ")));
    }
    let mut text = parts.join("; ");
    text.push('.');
    sentence_case(text)
}

/// `text` with a leading "the" capitalized, as a sentence starts; a name
/// that starts it (`libcurl`, `java.net.URI`, `urllib3`) is left as it is
/// spelled.
pub fn sentence_case(text: String) -> String {
    match text.strip_prefix("the ") {
        Some(rest) => format!("The {rest}"),
        None => text,
    }
}

/// A value as a person reads it in a sentence: between curly quotes, as
/// it is (a backslash is one backslash), only the characters that cannot
/// be seen written as `\u{…}` escapes.
pub fn quoted(text: &str) -> String {
    format!("“{}”", escape(text))
}

/// The resolvers as the subject of a sentence, with the verb agreeing:
/// a whole group is named as one ("the browsers", "the 2012 spec").
fn subject(resolvers: &[Resolver], one: &str, many: &str) -> String {
    let position = |r: &Resolver| resolvers.iter().position(|x| x == r).unwrap_or(0);
    // (where it first appears, its name, whether it names several)
    let mut named: Vec<(usize, &str, bool)> = Vec::new();
    let mut left: Vec<Resolver> = resolvers.to_vec();
    for (group, name) in [
        (Group::Spec2012, "the 2012 spec's four modes"),
        (Group::Browsers, "the browsers"),
    ] {
        let members: Vec<Resolver> = group.members().filter(|r| !r.is_live()).collect();
        if members.len() > 1 && members.iter().all(|m| left.contains(m)) {
            left.retain(|r| !members.contains(r));
            let first = members.iter().map(position).min().unwrap_or(0);
            named.push((first, name, true));
        }
    }
    named.extend(left.iter().map(|r| (position(r), r.phrase(), false)));
    named.sort_by_key(|&(at, _, _)| at);
    let plural = named.len() > 1 || named.first().is_some_and(|&(_, _, several)| several);
    let words: Vec<&str> = named.iter().map(|&(_, name, _)| name).collect();
    let listed = match words.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    };
    format!("{listed} {}", if plural { many } else { one })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(host: Option<&str>, user: Option<&str>) -> Answer {
        let mut a = Answer {
            canon: Some("x".to_owned()),
            ..Answer::default()
        };
        if let Some(h) = host {
            a.components.push((Component::Host, h.to_owned()));
        }
        if let Some(u) = user {
            a.components.push((Component::User, u.to_owned()));
        }
        a
    }

    #[test]
    fn spellings_normalize_to_one_host() {
        assert_eq!(normalize("0300.0250.0001.0001"), "192.168.1.1");
        assert_eq!(normalize("0xc0a80101"), "192.168.1.1");
        assert_eq!(normalize("EXAMPLE.com"), "example.com");
        assert_eq!(normalize("ex%61mple.com"), "example.com");
        assert_eq!(normalize("::1"), "[::1]");
        assert_eq!(normalize("[0:0::1]"), "[::1]");
        assert_eq!(normalize("Bücher.de"), "xn--bcher-kva.de");
        assert_eq!(normalize("a b"), "a b");
    }

    #[test]
    fn hosts_no_parser_reads_are_compared_decoded_and_bracketed_alike() {
        assert_eq!(normalize("ho%7Cst"), normalize("ho|st"));
        assert_eq!(normalize("[::%31]"), normalize("::%31"));
        assert_ne!(normalize("evil.com%00.good.com"), normalize("evil.com"));
        assert_eq!(verdict([Some("ho%7Cst"), Some("ho|st")]), Verdict::Spelling);
    }

    #[test]
    fn a_sentence_starts_with_a_capital_the_and_names_as_spelled() {
        assert_eq!(
            sentence_case("the URL Standard goes".into()),
            "The URL Standard goes"
        );
        assert_eq!(sentence_case("libcurl goes".into()), "libcurl goes");
        assert_eq!(
            sentence_case("java.net.URI sees".into()),
            "java.net.URI sees"
        );
    }

    #[test]
    fn a_username_reads_as_written_with_hidden_characters_escaped() {
        assert_eq!(quoted("good.com\\"), "“good.com\\”");
        assert_eq!(quoted("a\tb\u{200b}"), "“a\\u{9}b\\u{200B}”");
    }

    #[test]
    fn different_hosts_are_confusion_and_the_sentence_names_who_goes_where() {
        let good = answer(Some("good.com"), None);
        let evil = answer(Some("evil.com"), Some("good.com\\"));
        let refused = Answer::invalid(super::super::Note::new(
            super::super::go::Code::Failure,
            "invalid userinfo",
        ));
        let h = compare([
            (Resolver::Whatwg, &good),
            (Resolver::Chromium, &good),
            (Resolver::Firefox, &good),
            (Resolver::WebKit, &good),
            (Resolver::Python, &evil),
            (Resolver::Go, &refused),
            (Resolver::Curl, &evil),
        ]);
        assert_eq!(h.verdict, Verdict::Confusion);
        assert_eq!(h.refused, [Resolver::Go]);
        assert_eq!(
            sentence(&h),
            "The URL Standard and the browsers go to good.com; Python's urllib and libcurl go \
             to evil.com; Go's net/url refuses the URL; userinfo differs: the URL Standard and \
             the browsers see none, Python's urllib and libcurl see the username “good.com\\”."
        );
    }

    #[test]
    fn one_host_spelled_two_ways_is_spelling() {
        let dotted = answer(Some("192.168.1.1"), None);
        let octal = answer(Some("0300.0250.0001.0001"), None);
        let h = compare([(Resolver::Whatwg, &dotted), (Resolver::Python, &octal)]);
        assert_eq!(h.verdict, Verdict::Spelling);
        assert_eq!(h.hosts.len(), 1);
        assert_eq!(h.hosts[0].spellings.len(), 2);
        assert!(sentence(&h).contains("Python's urllib writes 0300.0250.0001.0001"));
    }

    #[test]
    fn the_verdict_alone_matches_the_whole_comparison() {
        let cases: [&[Option<&str>]; 5] = [
            &[Some("a.com"), Some("a.com"), None],
            &[Some("A.com"), Some("a.com")],
            &[Some("good.com"), Some("evil.com")],
            &[],
            &[Some("0x7f.1"), Some("127.0.0.1"), Some("")],
        ];
        for hosts in cases {
            let answers: Vec<Answer> = hosts.iter().map(|h| answer(*h, None)).collect();
            let whole = compare(answers.iter().map(|a| (Resolver::Whatwg, a)));
            assert_eq!(verdict(hosts.iter().copied()), whole.verdict, "{hosts:?}");
        }
    }

    #[test]
    fn one_host_one_spelling_agrees_and_opc_takes_no_part() {
        let a = answer(Some("example.com"), None);
        let opc = Answer::default();
        let h = compare([
            (Resolver::Whatwg, &a),
            (Resolver::Opc, &opc),
            (Resolver::Python, &a),
        ]);
        assert_eq!(h.verdict, Verdict::Agree);
        assert!(h.no_host.is_empty() && h.refused.is_empty());
        assert_eq!(sentence(&h), "All that name a host go to example.com.");
    }
}
