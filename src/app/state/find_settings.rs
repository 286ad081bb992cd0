//! The Find view's question, saved between runs: the pair, the allowed
//! host, the target, the rule, the base, the budget and whether the real
//! libraries are asked. The rule is kept by name (`"suffix"`), its
//! regular expression apart, so that switching rules loses nothing typed.

use serde::{Deserialize, Serialize};

use crate::resolvers::Resolver;
use crate::resolvers::pair::Stack;

use super::super::by_name;

/// The budget's bounds, in seconds (the slider's).
pub const SECONDS: std::ops::RangeInclusive<u32> = 1..=30;

/// The rules the view offers, by the names `confuse --rule` takes.
pub const RULES: [&str; 4] = ["equals", "suffix", "prefix", "regex"];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FindSettings {
    #[serde(with = "by_name::optional", skip_serializing_if = "Option::is_none")]
    pub check: Option<Resolver>,
    #[serde(with = "by_name::optional", skip_serializing_if = "Option::is_none")]
    pub fetch: Option<Resolver>,
    pub allowed: String,
    pub target: String,
    /// One of [`RULES`].
    pub rule: String,
    /// The regular expression of the `regex` rule.
    pub regex: String,
    pub base: String,
    /// The budget in seconds, within [`SECONDS`].
    pub seconds: u32,
    /// Whether the real libraries installed here confirm each result.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub live: bool,
}

impl Default for FindSettings {
    fn default() -> Self {
        let pair = Stack::Python.pair();
        FindSettings {
            check: Some(pair.check),
            fetch: Some(pair.fetch),
            allowed: "good.com".to_owned(),
            target: "127.0.0.1".to_owned(),
            rule: "equals".to_owned(),
            regex: r"^https?://good\.com(/|$)".to_owned(),
            base: String::new(),
            seconds: 3,
            live: false,
        }
    }
}

impl FindSettings {
    /// The settings with every value in the range the view uses.
    pub fn normalized(mut self) -> FindSettings {
        self.seconds = self.seconds.clamp(*SECONDS.start(), *SECONDS.end());
        if !RULES.contains(&self.rule.as_str()) {
            self.rule = "equals".to_owned();
        }
        self
    }

    /// The rule as `confuse --rule` takes it.
    pub fn rule_text(&self) -> String {
        if self.rule == "regex" {
            format!("regex:{}", self.regex)
        } else {
            self.rule.clone()
        }
    }
}
