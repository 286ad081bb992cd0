//! Why a URL is invalid: [`Failure`] names the step that failed, the
//! [`Reason`] and where in the input the failing part is.
//!
//! [`Reason`] is the one table of failure messages, as [`StepId`] is the one
//! table of steps: the trace's decision at the failing step, the command
//! line's error and the app's failure line are all `reason.to_string()`, so
//! they cannot say different things. A reason carries at most the character
//! at fault; the offending text itself is `range` in the input.

use std::fmt;
use std::ops::Range;

use serde::{Serialize, Serializer};

use crate::engine::trace::StepId;

/// Why a URL is invalid: the step that made it so, the reason, and the
/// failing part's byte range in the preprocessed input (when it came from
/// the input).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    pub step: StepId,
    pub reason: Reason,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range<usize>>,
}

/// Every reason a URL can be invalid, with its message (its `Display`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    // Resolution
    /// Resolution with no base: the input has no scheme.
    NoSchemeNoBase,
    /// Resolution, step 4: the base has no scheme.
    BaseInvalid,
    /// Resolving a relative URL, step 1: the base is not hierarchical.
    BaseNotHierarchical,
    /// Canonicalization, first step, on a URL that has a scheme.
    Unresolvable,
    // Port
    /// The port holds something other than digits.
    PortNotNumber,
    /// The port's value is above 65535.
    PortTooLarge,
    // CanonicalizeHost
    /// Step 5: the host starts with `%5B`.
    HostEscapedBracket,
    /// Nameprep step 2 (GECKO): U+0340 or U+0341.
    ToneMark(char),
    /// Nameprep step 10: a prohibited character.
    Prohibited(char),
    /// Nameprep step 11: RFC 3454 section 6.
    Bidi,
    /// Step 12 (CHROME): a `%` is left after decoding.
    HostPercent,
    /// Step 13 (GECKO): NUL or space in the host as written.
    HostNulOrSpace,
    /// Step 13 (GECKO): NUL or space, and a prohibited character too.
    HostNulOrSpaceProhibited,
    /// Step 26: a colon outside brackets.
    HostColon,
    /// Step 28: a character no host may hold.
    HostForbidden(char),
    /// Step 29 (IE): `%00` or a `%` not followed by two hex digits.
    HostBadEscape,
    /// Step 20.2.1.2: a label starting with `xn--` holds non-ASCII.
    XnNotAscii,
    /// Punycode cannot encode the label (it overflows).
    PunycodeOverflow,
    /// Step 20.2.1.2: the encoded label is over 63 characters.
    EncodedLabelTooLong,
    /// Step 20.2.1.3: an empty label.
    EmptyLabel,
    /// Step 20.2.1.3: an ASCII label over 63 characters.
    LabelTooLong,
    /// Step 20.2.2.3 (IE): the `xn--` label does not decode.
    NotPunycode,
    /// Step 20.2.2.4 (IE): ToASCII fails.
    ToAsciiFails,
    /// Step 20.2.2.5 (IE): ToASCII does not give the label back.
    RoundTripDiffers,
    /// Step 20.2.2.6 (IE): the label holds U+3002.
    IdeographicFullStop,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let u = |c: &char| u32::from(*c);
        match self {
            Reason::NoSchemeNoBase => {
                f.write_str("the input has no scheme, and there is no base URL to resolve it against")
            }
            Reason::BaseInvalid => {
                f.write_str("the base URL has no scheme, so nothing can be resolved against it")
            }
            Reason::BaseNotHierarchical => f.write_str(
                "the base URL is not hierarchical (like mailto: or data:), so a relative reference cannot be resolved against it",
            ),
            Reason::Unresolvable => f.write_str("the URL could not be resolved against the base"),
            Reason::PortNotNumber => f.write_str("the port is not a number"),
            Reason::PortTooLarge => f.write_str("the port is larger than 65535"),
            Reason::HostEscapedBracket => f.write_str("the host starts with %5B (an escaped '[')"),
            Reason::ToneMark(c) => write!(f, "U+{:04X} is refused by Gecko", u(c)),
            Reason::Prohibited(c) => write!(f, "U+{:04X} is prohibited in host names", u(c)),
            Reason::Bidi => f.write_str("right-to-left text breaks the bidi rules"),
            Reason::HostPercent => f.write_str("the host holds '%'"),
            Reason::HostNulOrSpace => f.write_str("NUL or space in the host as written"),
            Reason::HostNulOrSpaceProhibited => {
                f.write_str("NUL or space, and a prohibited character, in the host as written")
            }
            Reason::HostColon => f.write_str("a ':' outside an IPv6 literal"),
            Reason::HostForbidden(c) => write!(f, "the host holds {c:?}"),
            Reason::HostBadEscape => f.write_str("%00, or a % without two hex digits"),
            Reason::XnNotAscii => f.write_str("a label starts with xn-- but is not ASCII"),
            Reason::PunycodeOverflow => f.write_str("Punycode cannot encode the label"),
            Reason::EncodedLabelTooLong => {
                f.write_str("the encoded label is longer than 63 characters")
            }
            Reason::EmptyLabel => f.write_str("an empty label"),
            Reason::LabelTooLong => f.write_str("a label longer than 63 characters"),
            Reason::NotPunycode => f.write_str("the xn-- label is not valid Punycode"),
            Reason::ToAsciiFails => f.write_str("ToASCII fails on the label"),
            Reason::RoundTripDiffers => {
                f.write_str("ToASCII of the label's Unicode form does not give the label back")
            }
            Reason::IdeographicFullStop => f.write_str("the label holds U+3002"),
        }
    }
}

/// Serialized as its message: the JSON output shows what the user reads.
impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_character_at_fault() {
        assert_eq!(
            Reason::Prohibited('\u{3000}').to_string(),
            "U+3000 is prohibited in host names"
        );
        assert_eq!(Reason::HostForbidden('%').to_string(), "the host holds '%'");
        assert_eq!(
            serde_json::to_string(&Reason::PortTooLarge).ok().as_deref(),
            Some("\"the port is larger than 65535\"")
        );
    }
}
