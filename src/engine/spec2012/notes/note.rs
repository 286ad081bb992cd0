//! What a note is: its level, the one table of note codes, the note itself,
//! and the forms of a finished run that the checks read. A leaf of
//! [`super`]: the checks in `notes.rs` and `notes/host.rs` both build on it.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::engine::code_table::code_table;
use crate::engine::encoding::QueryEncoding;
use crate::engine::model::{Mode, ParsedUrl};
use crate::engine::options::{Options, Until};
use crate::engine::outcome::{Kept, Outcome};

/// How much a note matters, for a viewer that sorts or colours them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NoteLevel {
    /// The result may not be what it seems (a look-alike host, lost text).
    Warning,
    /// Something changed that users rarely expect.
    Info,
    /// A likely cause of an invalid input, and how to fix it.
    Hint,
}

code_table! {
    /// Every kind of note: the single table of note codes. It serializes
    /// as its stable code (`"host-mixed-script"`).
    pub enum NoteCode;
    fn code, fn citation, fn description;
    column fn level: NoteLevel;

    HostMixedScript => Warning, "host-mixed-script", "UTS #39, section 5.2 (Restriction-Level Detection)",
        "A label of the host mixes scripts (UTS #39 restriction level moderately restrictive or looser); the characters outside the label's main script are named.";
    HostConfusable => Warning, "host-confusable", "UTS #39, section 4 (Confusable Detection)",
        "The host looks like a different, all-ASCII host: their UTS #39 skeletons are the same.";
    HostNonAscii => Info, "host-non-ascii", "CanonicalizeHost; UTS #39, section 5.2",
        "The host holds non-ASCII characters (and neither mixes scripts nor imitates an ASCII host).";
    QueryUnmappable => Warning, "query-unmappable", "Percent-encoding, step 5",
        "Characters of the query that the query encoding cannot represent became '?'.";
    EncodingFallback => Warning, "encoding-fallback", "Percent-encoding, step 3; Encoding Standard, get an encoding",
        "The encoding label names no encoding, or one that does not keep ASCII as ASCII, so the query was encoded in UTF-8.";
    CharPercentEncoded => Info, "char-percent-encoded", "Canonicalization (user-info, path, query, fragment)",
        "ASCII characters that may not appear as they are in a component (a space, '\"', '<', '>', ...) were percent-encoded.";
    WhitespaceRemoved => Info, "whitespace-removed", "Preprocessing, steps 3 and 4",
        "Preprocessing removed tabs and line breaks, or trimmed spaces, vertical tabs and form feeds from the ends.";
    NoncharacterReplaced => Warning, "noncharacter-replaced", "Preprocessing, step 2",
        "Preprocessing replaced noncharacters (U+FDD0-U+FDEF, U+xFFFE, U+xFFFF) by U+FFFD.";
    UnclosedBracket => Hint, "unclosed-bracket", "Finding the user-info, host, and port (url-spec 3.3)",
        "A '[' starts an IPv6 literal in the host, but no ']' closes it.";
    NoScheme => Hint, "no-scheme", "Finding the scheme; Resolution (no base URL given)",
        "The input has no scheme and no base URL was given, but it starts like a host name.";
}

/// One thing a person must not miss about a result. Serializes as
/// `{"code", "message", "range"}`, the shape of the resolvers' notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// What kind of note this is.
    pub code: NoteCode,
    /// What happened, naming the characters, hosts and places concerned.
    pub message: String,
    /// The byte range of the preprocessed input the note is about, where
    /// one applies. An empty range marks a place where something was removed.
    pub range: Option<Range<usize>>,
}

impl Note {
    pub(super) fn new(code: NoteCode, message: String, range: Option<Range<usize>>) -> Note {
        Note {
            code,
            message,
            range,
        }
    }
}

/// One run's forms, as the notes read them.
#[derive(Clone, Copy, Debug)]
pub struct Forms<'a> {
    /// The input as given.
    pub input: &'a str,
    /// The input after preprocessing (the coordinates of every range).
    pub preprocessed: &'a str,
    /// The input alone, parsed, with its spans.
    pub parsed: &'a ParsedUrl,
    /// The URL after resolution, before canonicalization.
    pub resolved: &'a ParsedUrl,
    /// The result of the run.
    pub outcome: &'a Outcome,
    /// The query encoding the run was given.
    pub encoding: QueryEncoding,
    /// The mode the run was in.
    pub mode: Mode,
    /// How far the run went.
    pub until: Until,
}

impl<'a> Forms<'a> {
    /// The forms of the run of `input` with `options` that kept `kept` and
    /// gave `outcome`.
    pub fn new(
        input: &'a str,
        options: &Options<'_>,
        kept: &'a Kept,
        outcome: &'a Outcome,
    ) -> Forms<'a> {
        Forms {
            input,
            preprocessed: &kept.preprocessed,
            parsed: &kept.parsed,
            resolved: &kept.resolved,
            outcome,
            encoding: options.encoding,
            mode: options.mode,
            until: options.until,
        }
    }
}
