//! Where a parse may leave the Standard on purpose: the departures of a
//! browser that sit inside the parser's own states (a host the browser
//! escapes or refuses, an apostrophe it encodes, a drive letter it treats
//! as an ordinary segment), each switched on by naming the step id that
//! records it. [`Quirks::STANDARD`] has none, and every parse of the URL
//! Standard runs with it; the browser models of `engine::browsers` fill in
//! their own. The parser asks a quirk only on the rare branch it concerns,
//! so the Standard's parse costs the same with them.
//!
//! A quirk is the step id the trace records where the browser departs, so
//! the engine itself knows nothing of browsers: it knows where a departure
//! may happen and what the departure does.

use crate::engine::trace::StepId;

/// The departures the parser makes, each `None` (the Standard's way) or
/// the step id it records when it departs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quirks {
    /// A space in a special domain (after UTS #46) is written `%20`.
    pub host_space_escaped: Option<StepId>,
    /// A `*` in a special domain is written `%2A`.
    pub host_asterisk_escaped: Option<StepId>,
    /// A `*` or `"` in a special domain makes the host fail.
    pub host_asterisk_quote_refused: Option<StepId>,
    /// An ASCII special domain is run through UTS #46 ToASCII (the
    /// Standard's flags) and refused when that fails.
    pub ascii_domain_checked: Option<StepId>,
    /// An IPv4 address whose last part is `0x` fails.
    pub ipv4_empty_hex_refused: Option<StepId>,
    /// What UTS #46 wrote of a special domain is percent-decoded again,
    /// and read again (a fullwidth `％４１` is `A`).
    pub host_decoded_again: Option<StepId>,
    /// An opaque host fails when a non-ASCII code point's first UTF-16 unit,
    /// cut to its low byte, is a forbidden host code point.
    pub opaque_host_low_byte: Option<StepId>,
    /// An apostrophe in a non-special URL's query is written `%27`.
    pub apostrophe_in_query: Option<StepId>,
    /// An apostrophe in the username or password is written `%27`.
    pub apostrophe_in_userinfo: Option<StepId>,
    /// A space ending an opaque path before `?` or `#` stays a space.
    pub opaque_path_space_kept: Option<StepId>,
    /// `^` in a non-special path stays `^`.
    pub caret_in_path_kept: Option<StepId>,
    /// `file://localhost/` keeps its host (unless a drive letter follows).
    pub file_localhost_kept: Option<StepId>,
    /// A drive letter in a file path is an ordinary segment.
    pub file_drive_ordinary: Option<StepId>,
    /// In a non-special URL, a segment that looks like a drive letter is
    /// never removed by `..`.
    pub drive_survives_dot_dot: Option<StepId>,
    /// `..` removes a drive letter the path state read from the input (not
    /// one from the base, nor one read where the host goes).
    pub file_dot_dot_drive: Option<StepId>,
    /// A drive letter `C|` that ends the path before `?` or `#` keeps `|`.
    pub file_drive_pipe_kept: Option<StepId>,
    /// The IPv4 part of an IPv6 address is read by the IPv4 number parser:
    /// four parts, octal and hexadecimal ones too (`[::0x7f.0.0.011]`).
    pub ipv6_ipv4_part_numbers: Option<StepId>,
    /// A trailing colon after a compressed IPv6 address is ignored while
    /// it fits (`[1::8:]`).
    pub ipv6_trailing_colon_ignored: Option<StepId>,
    /// A special host in brackets is percent-decoded before the IPv6
    /// parser reads it (`[::%31]`).
    pub ipv6_percent_decoded_in_brackets: Option<StepId>,
}

impl Quirks {
    /// The Standard's own way everywhere.
    pub const STANDARD: Quirks = Quirks {
        host_space_escaped: None,
        host_asterisk_escaped: None,
        host_asterisk_quote_refused: None,
        ascii_domain_checked: None,
        ipv4_empty_hex_refused: None,
        host_decoded_again: None,
        opaque_host_low_byte: None,
        apostrophe_in_query: None,
        apostrophe_in_userinfo: None,
        opaque_path_space_kept: None,
        caret_in_path_kept: None,
        file_localhost_kept: None,
        file_drive_ordinary: None,
        drive_survives_dot_dot: None,
        file_dot_dot_drive: None,
        file_drive_pipe_kept: None,
        ipv6_ipv4_part_numbers: None,
        ipv6_trailing_colon_ignored: None,
        ipv6_percent_decoded_in_brackets: None,
    };

    /// Whether `id` is one of the quirks that refuse a URL (a refused host)
    /// rather than write it otherwise: where the parse fails and made one,
    /// that departure is why.
    pub fn refuses(&self, id: StepId) -> bool {
        [
            self.host_asterisk_quote_refused,
            self.ascii_domain_checked,
            self.ipv4_empty_hex_refused,
            self.opaque_host_low_byte,
        ]
        .contains(&Some(id))
    }

    /// Whether no quirk is on.
    pub fn is_standard(&self) -> bool {
        *self == Quirks::STANDARD
    }
}
