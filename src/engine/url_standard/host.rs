//! The host parser (URL Standard, host parsing), the domain parser with
//! UTS #46 (IDNA), the opaque-host parser, and the forbidden code points.
//! Each parser writes the host serialized (host serializer) straight into
//! the URL's serialization.

use std::borrow::Cow;
use std::net::{Ipv4Addr, Ipv6Addr};

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::errors::ValidationError;
use super::quirks::Quirks;
use super::record::HostKind;
use super::{ipv4, ipv6, percent_sets};
use crate::engine::trace::StepId;

/// URL Standard, forbidden host code point.
#[inline]
pub const fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// URL Standard, forbidden domain code point.
#[inline]
pub const fn is_forbidden_domain(c: char) -> bool {
    is_forbidden_host(c) || c.is_ascii_control() || c == '%'
}

/// URL Standard, host parser: `input` parsed and its serialization
/// appended to `out`. Non-fatal validation errors go to `errors`; failure
/// is the `Err` with the error that caused it.
pub fn parse(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    errors: &mut Vec<ValidationError>,
) -> Result<HostKind, ValidationError> {
    let mut departed = Vec::new();
    parse_with(
        out,
        input,
        is_opaque,
        &Quirks::STANDARD,
        errors,
        &mut departed,
    )
}

/// [`parse`], departing from the Standard where `quirks` say; the steps
/// of the departures made go to `departed`.
pub fn parse_with(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    quirks: &Quirks,
    errors: &mut Vec<ValidationError>,
    departed: &mut Vec<StepId>,
) -> Result<HostKind, ValidationError> {
    // Step 1.
    if let Some(inner) = input.strip_prefix('[') {
        if let Some(id) = quirks.ipv6_percent_decoded_in_brackets
            && !is_opaque
            && inner.contains('%')
        {
            return ipv6_percent_decoded(out, input, quirks, errors, departed, id);
        }
        let Some(inner) = inner.strip_suffix(']') else {
            return Err(ValidationError::Ipv6Unclosed);
        };
        let pieces = ipv6::parse_with(inner, errors, quirks, departed)?;
        ipv6::serialize(out, &pieces);
        return Ok(HostKind::Ipv6(Ipv6Addr::from(pieces)));
    }
    // Steps 4-9 for the common domain, in one pass: one that is its own
    // percent-decoding, that strict domain to ASCII passes and that UTS #46
    // only lowercases, and that does not end in a number (a browser's
    // quirks concern none of these).
    if !is_opaque
        && let Some(domain) = plain_domain_end(input.as_bytes(), 0)
        && domain.end == input.len()
    {
        domain.push(out, input, 0);
        return Ok(HostKind::Domain);
    }
    // Step 2.
    if is_opaque {
        if let Some(id) = quirks.opaque_host_low_byte
            && input.chars().any(low_byte_forbidden)
        {
            departed.push(id);
            return Err(ValidationError::HostInvalidCodePoint);
        }
        return parse_opaque(out, input, errors);
    }
    // Step 4. A host of letters, digits, hyphens and dots (the common one,
    // scanned once for the domain parser too) has no `%`.
    let bytes = input.as_bytes();
    let ldh = scan_ldh(bytes);
    let has_percent = ldh.is_none() && memchr::memchr(b'%', bytes).is_some();
    if has_percent
        && bytes
            .windows(3)
            .any(|w| w[0] == b'%' && percent_sets::starts_with_two_hex(&w[1..]))
    {
        errors.push(ValidationError::DomainPercentEncoded);
    }
    // Step 5: without a `%` the input is its own percent-decoding.
    let domain: Cow<'_, str> = if has_percent {
        Cow::Owned(String::from_utf8_lossy(&percent_sets::decode(bytes)).into_owned())
    } else {
        Cow::Borrowed(input)
    };
    // Steps 6-7: the ASCII result is written in place.
    let start = out.len();
    let ldh = if has_percent {
        scan_ldh(domain.as_bytes())
    } else {
        ldh
    };
    domain_parser(out, &domain, ldh, quirks, errors, departed)?;
    // Step 8: the text written is read again as an IPv4 address.
    if ipv4::ends_in_a_number(&out[start..]) {
        if let Some(id) = quirks.ipv4_empty_hex_refused
            && last_part_is_empty_hex(&out[start..])
        {
            departed.push(id);
            out.truncate(start);
            return Err(ValidationError::Ipv4NonNumericPart);
        }
        let ascii = out.split_off(start);
        let address = ipv4::parse(&ascii, errors)?;
        ipv4::serialize(out, address);
        return Ok(HostKind::Ipv4(Ipv4Addr::from(address)));
    }
    // Step 9.
    Ok(HostKind::Domain)
}

/// A browser's step 1 for a special host in brackets holding a `%`
/// (Chromium's): the host is percent-decoded first, so `[::%31]` is
/// `[::1]` and `[::1%5D` closes; the Standard's IPv6 parser refuses the
/// `%`. The departure is recorded when the decoded address parses.
fn ipv6_percent_decoded(
    out: &mut String,
    input: &str,
    quirks: &Quirks,
    errors: &mut Vec<ValidationError>,
    departed: &mut Vec<StepId>,
    id: StepId,
) -> Result<HostKind, ValidationError> {
    let decoded = String::from_utf8_lossy(&percent_sets::decode(input.as_bytes())).into_owned();
    let Some(inner) = decoded.strip_prefix('[').and_then(|d| d.strip_suffix(']')) else {
        return Err(ValidationError::Ipv6Unclosed);
    };
    let at = departed.len();
    let pieces = ipv6::parse_with(inner, errors, quirks, departed)?;
    departed.insert(at, id);
    ipv6::serialize(out, &pieces);
    Ok(HostKind::Ipv6(Ipv6Addr::from(pieces)))
}

/// URL Standard, domain parser, with beStrict false: the result appended
/// to `out` (nothing is appended on failure). `ldh` is the domain's
/// [`scan_ldh`]: letters, digits, hyphens and dots only, the common domain,
/// are decided without UTS #46 where the rules allow.
fn domain_parser(
    out: &mut String,
    domain: &str,
    ldh: Option<bool>,
    quirks: &Quirks,
    errors: &mut Vec<ValidationError>,
    departed: &mut Vec<StepId>,
) -> Result<(), ValidationError> {
    // Step 2: the strict result only decides the validation error. Steps
    // 6.2, 7 and 8 return failure with no error of their own, so where one
    // does, the failure's error, which the caller reports, is step 2's; it
    // is pushed here only when the parser goes on.
    let strict_failed = !passes_strict(domain, ldh);
    // Steps 4-5: ASCII is only lowercased, whatever UTS #46 says.
    let start = out.len();
    if ldh.is_some() || domain.is_ascii() {
        // A browser may still ask UTS #46 of an ASCII domain, and refuse
        // what it refuses (an `xn--` label that is no Punycode).
        if let Some(id) = quirks.ascii_domain_checked
            && to_ascii(domain, false).is_none()
        {
            departed.push(id);
            return Err(ValidationError::DomainToAscii);
        }
        out.push_str(domain);
        out[start..].make_ascii_lowercase();
    } else {
        // A browser that lets a space through escapes it before UTS #46,
        // whose Punycode then encodes `%20`, not the space.
        let escaped = quirks.host_space_escaped.is_some() && domain.contains(' ');
        let written = if escaped {
            to_ascii(&domain.replace(' ', "%20"), false).map(|r| Cow::Owned(r.replace("%20", " ")))
        } else {
            to_ascii(domain, false)
        };
        match written {
            Some(r) => out.push_str(&r),
            None => return Err(ValidationError::DomainToAscii),
        }
    }
    // Steps 6-7: fail on empty or a forbidden domain code point (the
    // strict run reported these as domain-to-ASCII); letters, digits,
    // hyphens and dots hold none.
    if ldh.is_none() && !quirks.is_standard() {
        domain_quirks(out, start, quirks, departed)?;
    }
    // A browser may percent-decode what UTS #46 wrote (a fullwidth `％41`
    // becomes `%41`) and read the domain again.
    // A `%` that starts no escape decodes to itself: nothing is read
    // again, and the domain fails as the Standard's does.
    if let Some(id) = quirks.host_decoded_again
        && ldh.is_none()
        && out[start..].contains('%')
        && let again =
            String::from_utf8_lossy(&percent_sets::decode(&out.as_bytes()[start..])).into_owned()
        && again != out[start..]
    {
        departed.push(id);
        out.truncate(start);
        let ldh = scan_ldh(again.as_bytes());
        let plain = Quirks {
            host_decoded_again: None,
            ..*quirks
        };
        return domain_parser(out, &again, ldh, &plain, errors, departed);
    }
    let result = &out.as_bytes()[start..];
    if result.is_empty() || (ldh.is_none() && result.iter().any(|&b| is_forbidden_domain_byte(b))) {
        out.truncate(start);
        return Err(ValidationError::DomainToAscii);
    }
    if ldh.is_none() && !quirks.is_standard() {
        unmark(out, start, quirks, departed);
    }
    if strict_failed {
        errors.push(ValidationError::DomainToAscii);
    }
    Ok(())
}

/// Where a browser lets a space or a `*` through a domain, these stand for
/// them until the forbidden code points are checked: code points no domain
/// written by UTS #46 holds (noncharacters).
const SPACE_MARK: char = '\u{FDD0}';
const ASTERISK_MARK: char = '\u{FDD1}';

/// A browser's departures in a domain as UTS #46 wrote it (from `start`
/// in `out`): a space let through (marked), `*` written `%2A`, `*` or `"`
/// refused.
fn domain_quirks(
    out: &mut String,
    start: usize,
    quirks: &Quirks,
    departed: &mut Vec<StepId>,
) -> Result<(), ValidationError> {
    let domain = &out[start..];
    if let Some(id) = quirks.host_asterisk_quote_refused
        && domain.contains(['*', '"'])
    {
        departed.push(id);
        out.truncate(start);
        return Err(ValidationError::DomainToAscii);
    }
    // The browser checks its forbidden code points before it escapes, so
    // a `*` or a space it escapes stands as a mark until the Standard's
    // check below has passed (the `%` of `%2A` would fail it).
    let asterisk = quirks.host_asterisk_escaped.is_some() && domain.contains('*');
    let space = quirks.host_space_escaped.is_some() && domain.contains(' ');
    if asterisk || space {
        let mut marked = domain.to_owned();
        if asterisk {
            marked = marked.replace('*', &ASTERISK_MARK.to_string());
        }
        if space {
            marked = marked.replace(' ', &SPACE_MARK.to_string());
        }
        out.truncate(start);
        out.push_str(&marked);
    }
    Ok(())
}

/// The marks [`domain_quirks`] left, written as the browser writes them.
fn unmark(out: &mut String, start: usize, quirks: &Quirks, departed: &mut Vec<StepId>) {
    for (mark, escaped, id) in [
        (ASTERISK_MARK, "%2A", quirks.host_asterisk_escaped),
        (SPACE_MARK, "%20", quirks.host_space_escaped),
    ] {
        if let Some(id) = id
            && out[start..].contains(mark)
        {
            departed.push(id);
            let written = out[start..].replace(mark, escaped);
            out.truncate(start);
            out.push_str(&written);
        }
    }
}

/// Whether `c` is refused by a forbidden-host check that looks at its
/// first UTF-16 code unit cut to one byte (a non-ASCII code point whose
/// low byte is a forbidden host code point).
fn low_byte_forbidden(c: char) -> bool {
    let mut units = [0u16; 2];
    let first = c.encode_utf16(&mut units)[0];
    u32::from(c) >= 0x80 && is_forbidden_host(char::from((first & 0xFF) as u8))
}

/// Whether the last dot-separated part of an ASCII host (a trailing empty
/// part aside) is `0x`: an empty hexadecimal number.
fn last_part_is_empty_hex(host: &str) -> bool {
    let host = host.strip_suffix('.').unwrap_or(host);
    host.rsplit('.')
        .next()
        .is_some_and(|last| last.eq_ignore_ascii_case("0x"))
}

/// ASCII letters, digits, `-` and `.`, as a table: [`LDH_UPPER`] for an
/// uppercase letter (which domain to ASCII lowercases), [`LDH_LOWER`] for
/// the rest, 0 for any other byte.
pub(super) static LDH: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = if c.is_ascii_uppercase() {
            LDH_UPPER
        } else if c.is_ascii_alphanumeric() || c == b'-' || c == b'.' {
            LDH_LOWER
        } else {
            0
        };
        b += 1;
    }
    table
};

/// In [`LDH`]: a byte domain to ASCII keeps as it is.
pub(super) const LDH_LOWER: u8 = 1;
/// In [`LDH`]: an uppercase letter.
pub(super) const LDH_UPPER: u8 = 2;

/// A domain [`plain_domain_end`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PlainDomain {
    /// The offset after it.
    pub end: usize,
    /// Whether it holds an uppercase letter (else it is written as it is).
    pub has_upper: bool,
}

impl PlainDomain {
    /// Writes the domain, `input[at..self.end]`, as domain to ASCII gives
    /// it: lowercased.
    #[inline]
    pub fn push(self, out: &mut String, input: &str, at: usize) {
        let start = out.len();
        out.push_str(&input[at..self.end]);
        if self.has_upper {
            out[start..].make_ascii_lowercase();
        }
    }
}

/// [`is_forbidden_domain`] for a byte of ASCII text, as a table.
#[inline(always)]
fn is_forbidden_domain_byte(b: u8) -> bool {
    FORBIDDEN_DOMAIN[usize::from(b)]
}

static FORBIDDEN_DOMAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = is_forbidden_domain(b as u8 as char);
        b += 1;
    }
    table
};

/// URL Standard, domain parser ToASCII: UTS #46 ToASCII with CheckHyphens,
/// UseSTD3ASCIIRules and VerifyDnsLength set to `be_strict`, CheckBidi and
/// CheckJoiners true, nontransitional, invalid Punycode an error.
pub fn to_ascii(domain: &str, be_strict: bool) -> Option<Cow<'_, str>> {
    let (deny, hyphens, dns) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    Uts46::new()
        .to_ascii(domain.as_bytes(), deny, hyphens, dns)
        .ok()
}

/// Whether strict ToASCII succeeds: decided here for letters, digits,
/// hyphens and dots in labels that [`scan_ldh`] passes; anything else asks
/// UTS #46.
fn passes_strict(domain: &str, ldh: Option<bool>) -> bool {
    ldh == Some(true) || to_ascii(domain, true).is_some()
}

/// One pass over a domain: `None` if it holds anything but ASCII letters,
/// digits, hyphens and dots; otherwise whether strict ToASCII passes it on
/// rules that need no UTS #46 table. The domain is 1 to 253 bytes, and
/// each of its labels 1 to 63 bytes that neither start nor end with a
/// hyphen nor have `--` as third and fourth bytes (`xn--`, which only UTS
/// #46 can check). A trailing dot leaves an empty last label, which
/// VerifyDnsLength refuses (IdnaTestV2 marks `a.b.c.d.` A4_2, and so does
/// whatwg-url). `Some(false)` is not a refusal: UTS #46 decides those.
fn scan_ldh(bytes: &[u8]) -> Option<bool> {
    let label_ok = |l: &[u8]| {
        !l.is_empty()
            && l.len() <= 63
            && l[0] != b'-'
            && l[l.len() - 1] != b'-'
            && !(l.len() >= 4 && &l[2..4] == b"--")
    };
    let mut ok = (1..=253).contains(&bytes.len());
    let mut label_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if LDH[usize::from(b)] == 0 {
            return None;
        }
        if b == b'.' {
            ok &= label_ok(&bytes[label_start..i]);
            label_start = i + 1;
        }
    }
    ok &= label_ok(&bytes[label_start..]);
    Some(ok)
}

/// The end of a domain from `at` that the host parser writes lowercased
/// and nothing else: letters, digits, hyphens and dots, 1 to 253 bytes, in
/// labels of 1 to 63 bytes that neither start nor end with a hyphen nor
/// hold `--` as third and fourth bytes (so strict domain to ASCII passes it
/// without a UTS #46 table, as [`scan_ldh`] decides), and whose last
/// label starts with a letter (so it does not end in a number). `None`
/// for any other domain.
pub(super) fn plain_domain_end(bytes: &[u8], at: usize) -> Option<PlainDomain> {
    let label_ok = |l: &[u8]| {
        !l.is_empty()
            && l.len() <= 63
            && l[0] != b'-'
            && l[l.len() - 1] != b'-'
            && !(l.len() >= 4 && l[2] == b'-' && l[3] == b'-')
    };
    let mut label = at;
    let mut end = at;
    let mut seen = 0;
    while let Some(&b) = bytes.get(end) {
        let kind = LDH[usize::from(b)];
        if kind == 0 {
            break;
        }
        seen |= kind;
        if b == b'.' {
            if !label_ok(&bytes[label..end]) {
                return None;
            }
            label = end + 1;
        }
        end += 1;
    }
    let last = &bytes[label..end];
    (end - at <= 253 && label_ok(last) && last[0].is_ascii_alphabetic()).then_some(PlainDomain {
        end,
        has_upper: seen & LDH_UPPER != 0,
    })
}

/// URL Standard, opaque-host parser.
fn parse_opaque(
    out: &mut String,
    input: &str,
    errors: &mut Vec<ValidationError>,
) -> Result<HostKind, ValidationError> {
    // Step 1.
    if input.chars().any(is_forbidden_host) {
        return Err(ValidationError::HostInvalidCodePoint);
    }
    // Step 2.
    if input
        .chars()
        .any(|c| c != '%' && !percent_sets::is_url_code_point(c))
    {
        errors.push(ValidationError::InvalidUrlUnit);
    }
    // Step 3: a second invalid-URL-unit where both hold.
    let bytes = input.as_bytes();
    if bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'%' && !percent_sets::starts_with_two_hex(&bytes[i + 1..]))
    {
        errors.push(ValidationError::InvalidUrlUnit);
    }
    // Step 4.
    percent_sets::push_str(out, input, &percent_sets::C0_CONTROL);
    Ok(if input.is_empty() {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(input: &str, opaque: bool) -> Result<String, ValidationError> {
        let mut out = String::new();
        let mut errors = Vec::new();
        parse(&mut out, input, opaque, &mut errors).map(|_| out)
    }

    #[test]
    fn domains_ipv4_ipv6_and_opaque_hosts() {
        assert_eq!(host("EXAMPLE.com", false).as_deref(), Ok("example.com"));
        assert_eq!(host("faß.de", false).as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(host("exam%70le.org", false).as_deref(), Ok("example.org"));
        assert_eq!(host("0x7f.1", false).as_deref(), Ok("127.0.0.1"));
        assert_eq!(host("[::1]", false).as_deref(), Ok("[::1]"));
        assert_eq!(
            host("exa[mple", true),
            Err(ValidationError::HostInvalidCodePoint)
        );
        assert_eq!(host("ex\u{e9}", true).as_deref(), Ok("ex%C3%A9"));
        assert_eq!(
            host("exa%23mple.org", false),
            Err(ValidationError::DomainToAscii)
        );
        assert_eq!(host("[::1", false), Err(ValidationError::Ipv6Unclosed));
        assert_eq!(
            host("test.42", false),
            Err(ValidationError::Ipv4NonNumericPart)
        );
    }

    /// What the one-pass scan decides without UTS #46 is what strict
    /// ToASCII says, on the edges of each of its rules.
    #[test]
    fn the_ldh_scan_agrees_with_strict_to_ascii() {
        let label63 = "a".repeat(63);
        // `n` bytes of short labels.
        let long = |n: usize| {
            let pairs = (n - 1) / 2;
            format!("{}{}", "a.".repeat(pairs), "a".repeat(n - 2 * pairs))
        };
        let cases = [
            "example.com".to_owned(),
            "EXAMPLE.COM.".to_owned(),
            "a.b.c".to_owned(),
            "a..b".to_owned(),
            "a..".to_owned(),
            ".".to_owned(),
            ".a".to_owned(),
            "-a.b".to_owned(),
            "a-.b".to_owned(),
            "a.b-".to_owned(),
            "a-b.c".to_owned(),
            "ab--c.d".to_owned(),
            "abc--d.e".to_owned(),
            "xn--fa-hia.de".to_owned(),
            "xn--a.de".to_owned(),
            "1.2.3".to_owned(),
            format!("{label63}.com"),
            format!("a{label63}.com"),
            long(253),
            format!("{}.", long(253)),
            long(254),
        ];
        for case in &cases {
            let scan = scan_ldh(case.as_bytes());
            assert!(
                scan.is_some(),
                "{case:?} is letters, digits, hyphens and dots"
            );
            let strict = to_ascii(case, true).is_some();
            if scan == Some(true) {
                assert!(strict, "{case:?}: the scan passes what UTS #46 refuses");
            }
            assert_eq!(passes_strict(case, scan), strict, "{case:?}");
            // The one-pass domain takes only what steps 4-9 would write
            // lowercased, with no error.
            if let Some(domain) = plain_domain_end(case.as_bytes(), 0)
                && domain.end == case.len()
            {
                let lower = case.to_ascii_lowercase();
                assert_eq!(domain.has_upper, lower != *case, "{case:?}");
                assert_eq!(scan, Some(true), "{case:?}");
                assert!(!ipv4::ends_in_a_number(&lower), "{case:?}");
                assert_eq!(to_ascii(case, false).as_deref(), Some(&*lower), "{case:?}");
            }
        }
        for taken in ["example.com", "EXAMPLE.COM", "a-b.c", "a.b.c.d.e", "x1.y2"] {
            let domain = plain_domain_end(taken.as_bytes(), 0);
            assert_eq!(domain.map(|d| d.end), Some(taken.len()));
        }
        for left in [
            "1.2.3.4",
            "a.1",
            "a.0x1",
            "a.",
            "xn--a.com",
            "-a.b",
            "",
            "a_b.c",
        ] {
            assert_ne!(
                plain_domain_end(left.as_bytes(), 0).map(|d| d.end),
                Some(left.len()),
                "{left:?}"
            );
        }
        for other in ["a_b.c", "a b", "ex%41.com", "faß.de", ""] {
            let scan = scan_ldh(other.as_bytes());
            assert_eq!(scan.is_none(), !other.is_empty(), "{other:?}");
        }
    }
}
