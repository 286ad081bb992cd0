//! The Compare view's choices that are saved between runs: which resolvers
//! and groups it shows, which row the others are compared with, and
//! whether the real browsers are asked.
//!
//! Saved by name (`"gecko"`), read leniently ([`super::super::by_name`]): a
//! name this version does not know (a state from a newer one, or edited by
//! hand) is dropped rather than making the whole saved state unreadable.

use serde::{Deserialize, Serialize};

use crate::resolvers::pair::Pair;
use crate::resolvers::{Group, Resolver};

use super::super::by_name;

/// Which resolvers the Compare view shows, and which row the others are
/// compared with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CompareSettings {
    /// The resolvers turned off. Kept as the ones hidden, not the ones shown,
    /// so that every resolver shows by default.
    #[serde(with = "by_name::list")]
    pub hidden: Vec<Resolver>,
    /// The row every other is compared with (THIS by default). It is always
    /// shown: a hidden reference would mark differences from nothing on screen.
    #[serde(with = "by_name::one")]
    pub reference: Resolver,
    /// The groups folded away (their rows hidden, but the reference's).
    #[serde(with = "by_name::list", skip_serializing_if = "Vec::is_empty")]
    pub hidden_groups: Vec<Group>,
    /// Whether the real browsers installed here are asked too, each under
    /// its model.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub live: bool,
    /// The pair: the parser an application checks the URL with and the
    /// one it fetches it with; the host matrix highlights it and the view
    /// says whether the URL gets through it.
    #[serde(with = "by_name::optional", skip_serializing_if = "Option::is_none")]
    pub check: Option<Resolver>,
    #[serde(with = "by_name::optional", skip_serializing_if = "Option::is_none")]
    pub fetch: Option<Resolver>,
    /// "Compare with another URL": the second URL (B), when the field is
    /// open; each row then says whether the input and B come out the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<String>,
}

impl CompareSettings {
    /// The second URL to compare with, when the field is open and holds
    /// one.
    pub fn other_url(&self) -> Option<&str> {
        self.other.as_deref().filter(|o| !super::is_blank(o))
    }

    /// Whether `r`'s row is shown.
    pub fn shows(&self, r: Resolver) -> bool {
        r == self.reference
            || (!self.hidden.contains(&r)
                && !self.hidden_groups.contains(&r.group())
                && (self.live || !r.is_live()))
    }

    /// The rows shown, in [`Resolver::ALL`] order, each live browser (when
    /// asked) under its model.
    pub fn shown(&self) -> Vec<Resolver> {
        Resolver::ALL
            .into_iter()
            .flat_map(|r| std::iter::once(r).chain(r.counterpart()))
            .filter(|&r| self.shows(r))
            .collect()
    }

    /// Folds `group` away, or opens it.
    pub fn set_group_shown(&mut self, group: Group, show: bool) {
        self.hidden_groups.retain(|&g| g != group);
        if !show {
            self.hidden_groups.push(group);
            self.hidden_groups.sort();
        }
    }

    /// Shows or hides `r` (the reference row cannot be hidden).
    pub fn set_shown(&mut self, r: Resolver, show: bool) {
        self.hidden.retain(|&h| h != r);
        if !show && r != self.reference {
            self.hidden.push(r);
            self.hidden.sort();
        }
    }

    /// The pair chosen, when both sides are.
    pub fn pair(&self) -> Option<Pair> {
        Some(Pair {
            check: self.check?,
            fetch: self.fetch?,
        })
    }

    /// Chooses the pair (or none); its rows are shown.
    pub fn set_pair(&mut self, pair: Option<Pair>) {
        self.check = pair.map(|p| p.check);
        self.fetch = pair.map(|p| p.fetch);
        if let Some(p) = pair {
            self.set_shown(p.check, true);
            self.set_shown(p.fetch, true);
        }
    }

    /// Makes `r` the reference row (shown, whatever it was).
    pub fn set_reference(&mut self, r: Resolver) {
        self.reference = r;
        self.hidden.retain(|&h| h != r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resolver_shows_by_default_against_this() {
        let s = CompareSettings::default();
        assert_eq!(s.shown(), Resolver::ALL);
        assert_eq!(s.reference, Resolver::This);
    }

    #[test]
    fn the_reference_row_cannot_be_hidden() {
        let mut s = CompareSettings::default();
        s.set_shown(Resolver::This, false);
        assert!(s.shows(Resolver::This));
        s.set_shown(Resolver::Opc, false);
        s.set_reference(Resolver::Opc);
        assert!(s.shows(Resolver::Opc));
        assert!(s.hidden.is_empty());
    }

    #[test]
    fn round_trips_and_reads_unknown_names_leniently() {
        let mut s = CompareSettings::default();
        s.set_shown(Resolver::Ie, false);
        s.set_reference(Resolver::Whatwg);
        let json = serde_json::to_string(&s).unwrap_or_default();
        assert_eq!(json, r#"{"hidden":["ie"],"reference":"whatwg"}"#);
        assert_eq!(serde_json::from_str::<CompareSettings>(&json).ok(), Some(s));
        let odd: CompareSettings =
            serde_json::from_str(r#"{"hidden":["netscape","GECKO"],"reference":"lynx"}"#)
                .unwrap_or_default();
        assert_eq!(odd.hidden, [Resolver::Gecko]);
        assert_eq!(odd.reference, Resolver::This);
    }
}
