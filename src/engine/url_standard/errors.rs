//! The URL Standard's validation errors: one table of their names (as the
//! Standard spells them, in its "Writing" section), and a reported error
//! with the input range it concerns.
//!
//! A validation error is a mismatch between the input and valid input; most
//! do not stop the parser. Where one comes with failure the parser returns
//! it as the reason ([`super::Failure`]).

use std::ops::Range;

use crate::engine::code_table::code_table;

code_table! {
    /// Every validation error the URL Standard names. It serializes as its
    /// name (`"IPv4-non-decimal-part"`).
    pub enum ValidationError;
    fn name, fn citation, fn explanation;

    DomainToAscii => "domain-to-ASCII", "URL Standard, validation errors, IDNA",
        "The domain breaks a rule of strict UTS #46 ToASCII (hyphens, STD3 characters or DNS lengths).";
    DomainPercentEncoded => "domain-percent-encoded", "URL Standard, validation errors, host parsing",
        "A special URL's host holds percent-encoded bytes; they are decoded before IDNA.";
    HostInvalidCodePoint => "host-invalid-code-point", "URL Standard, validation errors, host parsing",
        "An opaque host holds a code point no host may hold.";
    Ipv4EmptyPart => "IPv4-empty-part", "URL Standard, validation errors, host parsing",
        "An IPv4 address ends with a dot.";
    Ipv4TooFewParts => "IPv4-too-few-parts", "URL Standard, validation errors, host parsing",
        "An IPv4 address has fewer than four parts; the last one stands for the rest.";
    Ipv4TooManyParts => "IPv4-too-many-parts", "URL Standard, validation errors, host parsing",
        "An IPv4 address has more than four parts.";
    Ipv4NonNumericPart => "IPv4-non-numeric-part", "URL Standard, validation errors, host parsing",
        "A part of an IPv4 address is not a number.";
    Ipv4NonDecimalPart => "IPv4-non-decimal-part", "URL Standard, validation errors, host parsing",
        "A part of an IPv4 address is written in hexadecimal or octal.";
    Ipv4OutOfRangePart => "IPv4-out-of-range-part", "URL Standard, validation errors, host parsing",
        "A part of an IPv4 address is above 255 (fatal unless it is the last part and fits what is left).";
    Ipv6Unclosed => "IPv6-unclosed", "URL Standard, validation errors, host parsing",
        "An IPv6 address lacks its closing bracket.";
    Ipv6InvalidCompression => "IPv6-invalid-compression", "URL Standard, validation errors, host parsing",
        "An IPv6 address starts with a single colon.";
    Ipv6TooManyPieces => "IPv6-too-many-pieces", "URL Standard, validation errors, host parsing",
        "An IPv6 address has more than eight pieces.";
    Ipv6MultipleCompression => "IPv6-multiple-compression", "URL Standard, validation errors, host parsing",
        "An IPv6 address uses '::' more than once.";
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point", "URL Standard, validation errors, host parsing",
        "An IPv6 address holds something other than hex digits and colons, or ends early.";
    Ipv6TooFewPieces => "IPv6-too-few-pieces", "URL Standard, validation errors, host parsing",
        "An IPv6 address without '::' has fewer than eight pieces.";
    Ipv6PieceLeadingZero => "IPv6-piece-leading-zero", "URL Standard, validation errors, host parsing",
        "A piece of an IPv6 address is written with a leading zero.";
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces", "URL Standard, validation errors, host parsing",
        "An IPv6 address ending in IPv4 form has more than six pieces before it.";
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point", "URL Standard, validation errors, host parsing",
        "The IPv4 part of an IPv6 address has an empty part, a non-digit, a leading zero or too many parts.";
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part", "URL Standard, validation errors, host parsing",
        "A part of the IPv4 part of an IPv6 address is above 255.";
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts", "URL Standard, validation errors, host parsing",
        "The IPv4 part of an IPv6 address has fewer than four parts.";
    InvalidUrlUnit => "invalid-URL-unit", "URL Standard, validation errors, URL parsing",
        "A code point that is not a URL unit (or a '%' not starting a percent-encoded byte); it is removed or encoded.";
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus", "URL Standard, validation errors, URL parsing",
        "A special scheme is not followed by exactly '//'.";
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL", "URL Standard, validation errors, URL parsing",
        "The input has no scheme and no base it could be relative to.";
    InvalidReverseSolidus => "invalid-reverse-solidus", "URL Standard, validation errors, URL parsing",
        "A special URL uses a backslash where a slash belongs.";
    InvalidCredentials => "invalid-credentials", "URL Standard, validation errors, URL parsing",
        "The input holds a username or password.";
    HostMissing => "host-missing", "URL Standard, validation errors, URL parsing",
        "A special URL (or credentials, or a port) without a host.";
    PortOutOfRange => "port-out-of-range", "URL Standard, validation errors, URL parsing",
        "The port is above 65535.";
    PortInvalid => "port-invalid", "URL Standard, validation errors, URL parsing",
        "The port holds something other than digits.";
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter", "URL Standard, validation errors, URL parsing",
        "A relative reference against a file base starts with a Windows drive letter, which replaces the base's path.";
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host", "URL Standard, validation errors, URL parsing",
        "A file URL's host is a Windows drive letter; it is taken as the start of the path.";
}

/// A validation error as reported: which, and the byte range of the input
/// (as the parser read it, after the preprocessing steps) it concerns.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Reported {
    pub error: ValidationError,
    pub range: Range<usize>,
}
