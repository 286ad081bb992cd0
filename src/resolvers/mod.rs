//! The compare resolvers: one input under every resolver that matters, each
//! behind the same small interface (input, base, encoding → [`Answer`]).
//!
//! | name | what | module |
//! |---|---|---|
//! | `this`, `chrome`, `gecko`, `ie` | the spec's four modes (the engine) | [`spec`] |
//! | `whatwg` | the URL Standard, through the `url` crate | [`whatwg`] |
//! | `rfc3986` | RFC 3986 resolution (5.2, 5.3) on the IRI-reference as written, then normalization (6.2.2, 6.2.3), through `fluent-uri` | [`rfc3986`] |
//! | `opc` | OPC part names (ECMA-376 Part 2, Annex A) on top of `rfc3986` | [`opc`] |
//!
//! An [`Answer`] has the shape of the engine's result: invalid or not, the
//! canonical string, the components, plus [`Note`]s that only some
//! resolvers give (the URL Standard's validation errors, the part-name rule
//! that fails, ...). When an answer is invalid its first note says why.
//!
//! ```
//! use url_inspector::engine::QueryEncoding;
//! use url_inspector::resolvers::Resolver;
//! let answers = Resolver::ALL.map(|r| r.resolve("?", Some("http://foo.example/#bar"), QueryEncoding::UTF8));
//! assert_eq!(answers[4].canon.as_deref(), Some("http://foo.example/?")); // whatwg
//! ```

pub mod opc;
pub mod rfc3986;
pub mod spec;
pub mod whatwg;

use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::engine::{Component, Mode, QueryEncoding, Until};

/// Every resolver, by the name the command line and JSON use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Resolver {
    /// The spec's own steps (the engine, marker THIS).
    #[default]
    This,
    /// The engine emulating Chrome of 2011 (marker CHROME).
    Chrome,
    /// The engine emulating Gecko of 2011 (marker GECKO).
    Gecko,
    /// The engine emulating Internet Explorer of 2011 (marker IE).
    Ie,
    /// The URL Standard (today's browsers), through the `url` crate.
    Whatwg,
    /// RFC 3986 / RFC 3987 resolution and normalization.
    Rfc3986,
    /// OPC part names (ECMA-376 Part 2, Annex A).
    Opc,
}

impl Resolver {
    /// All seven, the spec's modes first (in [`Mode::ALL`] order).
    pub const ALL: [Resolver; 7] = [
        Resolver::This,
        Resolver::Chrome,
        Resolver::Gecko,
        Resolver::Ie,
        Resolver::Whatwg,
        Resolver::Rfc3986,
        Resolver::Opc,
    ];

    /// The lowercase name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Resolver::This => "this",
            Resolver::Chrome => "chrome",
            Resolver::Gecko => "gecko",
            Resolver::Ie => "ie",
            Resolver::Whatwg => "whatwg",
            Resolver::Rfc3986 => "rfc3986",
            Resolver::Opc => "opc",
        }
    }

    /// The name as the window and tables show it, in capitals like the
    /// spec's markers (`THIS`, `WHATWG`, `RFC 3986`).
    pub const fn label(self) -> &'static str {
        match self {
            Resolver::This => "THIS",
            Resolver::Chrome => "CHROME",
            Resolver::Gecko => "GECKO",
            Resolver::Ie => "IE",
            Resolver::Whatwg => "WHATWG",
            Resolver::Rfc3986 => "RFC 3986",
            Resolver::Opc => "OPC",
        }
    }

    /// What the resolver is and whom it stands for, in a line.
    pub const fn description(self) -> &'static str {
        match self {
            Resolver::This => "the 2012 spec's own steps",
            Resolver::Chrome => "the spec emulating Chrome of 2011",
            Resolver::Gecko => "the spec emulating Firefox (Gecko) of 2011",
            Resolver::Ie => "the spec emulating Internet Explorer of 2011",
            Resolver::Whatwg => "the URL Standard: today's browsers, Node.js, most HTTP clients",
            Resolver::Rfc3986 => "RFC 3986/3987: URI libraries, servers, RIF, SSML",
            Resolver::Opc => "OPC part names: Office documents, XPS, other ZIP packages",
        }
    }

    /// Parses a resolver name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<Resolver> {
        Resolver::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// The engine mode, for the spec's four resolvers.
    pub const fn mode(self) -> Option<Mode> {
        match self {
            Resolver::This => Some(Mode::This),
            Resolver::Chrome => Some(Mode::Chrome),
            Resolver::Gecko => Some(Mode::Gecko),
            Resolver::Ie => Some(Mode::Ie),
            Resolver::Whatwg | Resolver::Rfc3986 | Resolver::Opc => None,
        }
    }

    /// Resolves `input` against `base` and canonicalizes it, as this
    /// resolver does. What an absent or empty base means depends on the
    /// resolver: the spec's modes resolve the input against itself,
    /// `whatwg` and `rfc3986` have no base (a relative reference is then
    /// invalid), `opc` takes the package root `/`.
    pub fn resolve(self, input: &str, base: Option<&str>, encoding: QueryEncoding) -> Answer {
        self.resolve_until(input, base, encoding, Until::Canonicalize)
    }

    /// [`Resolver::resolve`], stopping after `until` where the resolver has
    /// stages (the spec's modes and `rfc3986`; the others have one).
    pub fn resolve_until(
        self,
        input: &str,
        base: Option<&str>,
        encoding: QueryEncoding,
        until: Until,
    ) -> Answer {
        let base = base.filter(|b| !b.is_empty());
        match self {
            Resolver::This | Resolver::Chrome | Resolver::Gecko | Resolver::Ie => {
                let mode = self.mode().unwrap_or_default();
                spec::resolve(input, base, encoding, mode, until)
            }
            Resolver::Whatwg => whatwg::resolve(input, base, encoding),
            Resolver::Rfc3986 => rfc3986::resolve(input, base, until),
            Resolver::Opc => opc::resolve(input, base),
        }
    }
}

/// Every resolver's answer for one input, in [`Resolver::ALL`] order.
pub fn resolve_all(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
) -> [(Resolver, Answer); 7] {
    Resolver::ALL.map(|r| (r, r.resolve(input, base, encoding)))
}

/// Who agrees with whom: resolvers grouped by the same canonical string
/// (`None`, an invalid answer, groups with the other invalid ones), groups
/// in order of their first member.
pub fn agreement<'a>(
    canons: impl IntoIterator<Item = (Resolver, Option<&'a str>)>,
) -> Vec<Vec<Resolver>> {
    let mut groups: Vec<(Option<&str>, Vec<Resolver>)> = Vec::new();
    for (r, key) in canons {
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(r),
            None => groups.push((key, vec![r])),
        }
    }
    groups.into_iter().map(|(_, members)| members).collect()
}

impl Answer {
    /// The canonical string of a valid answer (what [`agreement`] compares).
    pub fn valid_canon(&self) -> Option<&str> {
        self.canon.as_deref().filter(|_| !self.invalid)
    }
}

impl From<Mode> for Resolver {
    fn from(mode: Mode) -> Resolver {
        match mode {
            Mode::This => Resolver::This,
            Mode::Chrome => Resolver::Chrome,
            Mode::Gecko => Resolver::Gecko,
            Mode::Ie => Resolver::Ie,
        }
    }
}

/// Reads the name [`Resolver::name`] gives, ignoring ASCII case (how the
/// window's saved settings and the command line's JSON spell it).
impl<'de> Deserialize<'de> for Resolver {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Resolver, D::Error> {
        let name = String::deserialize(d)?;
        Resolver::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown resolver {name:?}")))
    }
}

impl fmt::Display for Resolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one resolver made of an input.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Whether the input could not be turned into a valid result.
    pub invalid: bool,
    /// The canonical string (`None` when invalid, or when a stage before
    /// canonicalization was asked for and the resolver gives none there).
    pub canon: Option<String>,
    /// The present components, in serialization order.
    pub components: Vec<(Component, String)>,
    /// What the resolver has to say besides; when `invalid`, the first
    /// note is why.
    pub notes: Vec<Note>,
}

impl Answer {
    /// An invalid answer whose reason is `why`.
    pub fn invalid(why: Note) -> Answer {
        Answer {
            invalid: true,
            canon: None,
            components: Vec::new(),
            notes: vec![why],
        }
    }

    /// The component `c`, if present.
    pub fn get(&self, c: Component) -> Option<&str> {
        self.components
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, v)| v.as_str())
    }

    /// Why the answer is invalid (the first note), when it is.
    pub fn why_invalid(&self) -> Option<&Note> {
        self.notes.first().filter(|_| self.invalid)
    }
}

/// A resolver-specific remark: a validation error, a failed rule, a
/// stage's intermediate result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// A stable identifier, e.g. `whatwg.backslash` or `opc.part-name.trailing-dot`.
    pub code: &'static str,
    /// What happened, in a sentence.
    pub message: String,
    /// The byte range in the input the note is about, where one applies.
    pub range: Option<Range<usize>>,
}

impl Note {
    /// A note with no range.
    pub fn new(code: &'static str, message: impl Into<String>) -> Note {
        Note {
            code,
            message: message.into(),
            range: None,
        }
    }

    /// Adds the byte range in the input.
    pub fn at(mut self, range: Range<usize>) -> Note {
        self.range = Some(range);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_ignore_case() {
        for r in Resolver::ALL {
            assert_eq!(Resolver::from_name(r.name()), Some(r));
            assert_eq!(Resolver::from_name(&r.name().to_uppercase()), Some(r));
            let json = serde_json::to_string(&r).unwrap_or_default();
            assert_eq!(serde_json::from_str::<Resolver>(&json).ok(), Some(r));
        }
        assert!(serde_json::from_str::<Resolver>("\"netscape\"").is_err());
        assert_eq!(Resolver::from_name("netscape"), None);
    }

    #[test]
    fn modes_map_onto_the_first_four() {
        for (mode, r) in Mode::ALL.into_iter().zip(Resolver::ALL) {
            assert_eq!(Resolver::from(mode), r);
            assert_eq!(r.mode(), Some(mode));
            assert_eq!(r.name(), mode.name());
        }
        assert_eq!(Resolver::Opc.mode(), None);
    }

    #[test]
    fn agreement_groups_by_canonical_string_in_first_member_order() {
        let answers = resolve_all("http://Bücher.de/", None, QueryEncoding::UTF8);
        let groups = agreement(answers.iter().map(|(r, a)| (*r, a.valid_canon())));
        // THIS, CHROME and the URL Standard write the host in Punycode;
        // GECKO and IE keep it in Unicode, as does RFC 3987 normalization.
        assert_eq!(
            groups[0],
            [Resolver::This, Resolver::Chrome, Resolver::Whatwg]
        );
        assert_eq!(
            groups[1],
            [Resolver::Gecko, Resolver::Ie, Resolver::Rfc3986]
        );
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 7);
    }

    #[test]
    fn why_invalid_is_the_first_note_of_an_invalid_answer_only() {
        let bad = Answer::invalid(Note::new("x.y", "because"));
        assert_eq!(bad.why_invalid().map(|n| n.code), Some("x.y"));
        let good = Answer {
            notes: vec![Note::new("x.z", "fine")],
            ..Answer::default()
        };
        assert_eq!(good.why_invalid(), None);
    }
}
