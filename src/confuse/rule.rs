//! The check an application makes on what its checking parser returns:
//! the allow-list rule a URL has to pass before it is fetched.
//!
//! Each rule reads the checking parser's answer as the application's own
//! code would, with no normalizing of its own: `parse_url($u)['host'] ===
//! 'good.com'` compares bytes, so a host the library returns as `GOOD.com`
//! does not pass `equals`. An answer the parser refuses passes no rule (the
//! application would stop there).

use std::fmt;

use regex::Regex;

use crate::engine::Component;
use crate::resolvers::Answer;

/// The check, on the allowed host `H`.
#[derive(Clone, Debug)]
pub enum Rule {
    /// The host the parser reports is `H`, byte for byte.
    Equals,
    /// The host is `H` or ends with `.H` (subdomains allowed).
    Suffix,
    /// The parser's serialization of the URL starts with `http://H` or
    /// `https://H`: the naive prefix test, which `https://H.evil.com` passes.
    Prefix,
    /// A regular expression (Rust's `regex` syntax, unanchored: write `^`
    /// and `$` where they are meant) matches the parser's serialization.
    Regex(Regex),
}

/// Every rule's name, for help texts and error messages.
pub const RULE_NAMES: &str = "equals, suffix, prefix, regex:RE";

impl Rule {
    /// The rule `text` names: `equals`, `suffix`, `prefix` or `regex:RE`.
    pub fn parse(text: &str) -> Result<Rule, String> {
        if let Some(re) = text.strip_prefix("regex:") {
            return Regex::new(re).map(Rule::Regex).map_err(|e| {
                format!("the rule's regular expression {re:?} does not compile: {e}")
            });
        }
        match text.to_ascii_lowercase().as_str() {
            "equals" => Ok(Rule::Equals),
            "suffix" => Ok(Rule::Suffix),
            "prefix" => Ok(Rule::Prefix),
            _ => Err(format!("no rule {text:?}: the rules are {RULE_NAMES}")),
        }
    }

    /// The rule's name as `--rule` takes it.
    pub fn name(&self) -> String {
        match self {
            Rule::Equals => "equals".into(),
            Rule::Suffix => "suffix".into(),
            Rule::Prefix => "prefix".into(),
            Rule::Regex(re) => format!("regex:{}", re.as_str()),
        }
    }

    /// The rule in a sentence, for `allowed`: "the host is good.com".
    pub fn describe(&self, allowed: &str) -> String {
        match self {
            Rule::Equals => format!("the host is {allowed}"),
            Rule::Suffix => format!("the host is {allowed} or ends with .{allowed}"),
            Rule::Prefix => format!("the URL starts with http://{allowed} or https://{allowed}"),
            Rule::Regex(re) => format!("the URL matches /{}/", re.as_str()),
        }
    }

    /// Whether the checking parser's `answer` passes the rule for the
    /// allowed host `allowed`.
    pub fn passes(&self, answer: &Answer, allowed: &str) -> bool {
        if answer.invalid {
            return false;
        }
        let host = answer.get(Component::Host).unwrap_or("");
        let url = answer.canon.as_deref().unwrap_or("");
        match self {
            Rule::Equals => host == allowed,
            Rule::Suffix => {
                host == allowed
                    || host
                        .strip_suffix(allowed)
                        .is_some_and(|rest| rest.ends_with('.'))
            }
            Rule::Prefix => ["http://", "https://"].iter().any(|scheme| {
                url.strip_prefix(scheme)
                    .is_some_and(|rest| rest.starts_with(allowed))
            }),
            Rule::Regex(re) => re.is_match(url),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(host: &str, canon: &str) -> Answer {
        Answer {
            canon: Some(canon.into()),
            components: vec![(Component::Host, host.into())],
            ..Answer::default()
        }
    }

    #[test]
    fn each_rule_reads_the_answer_as_written() {
        let a = answer("good.com", "http://good.com/");
        assert!(Rule::Equals.passes(&a, "good.com"));
        assert!(!Rule::Equals.passes(&answer("GOOD.com", "http://GOOD.com/"), "good.com"));
        assert!(Rule::Suffix.passes(&answer("x.good.com", "http://x.good.com/"), "good.com"));
        assert!(!Rule::Suffix.passes(&answer("evilgood.com", "http://evilgood.com/"), "good.com"));
        assert!(Rule::Prefix.passes(
            &answer("good.com.evil.com", "https://good.com.evil.com/"),
            "good.com"
        ));
        assert!(!Rule::Prefix.passes(&answer("good.com", "ftp://good.com/"), "good.com"));
        let re = Rule::parse(r"regex:^https?://good\.com/").unwrap();
        assert!(re.passes(&a, "good.com"));
        assert!(!re.passes(&answer("good.com", "http://good.com.evil.com/"), "good.com"));
    }

    #[test]
    fn a_refused_url_passes_nothing() {
        let mut a = answer("good.com", "http://good.com/");
        a.invalid = true;
        for rule in [
            Rule::Equals,
            Rule::Suffix,
            Rule::Prefix,
            Rule::parse("regex:.").unwrap(),
        ] {
            assert!(!rule.passes(&a, "good.com"), "{rule}");
        }
    }

    #[test]
    fn a_bad_rule_is_named() {
        assert!(
            Rule::parse("contains")
                .unwrap_err()
                .contains("no rule \"contains\"")
        );
        assert!(
            Rule::parse("regex:(")
                .unwrap_err()
                .contains("does not compile")
        );
        assert_eq!(Rule::parse("SUFFIX").unwrap().name(), "suffix");
    }
}
