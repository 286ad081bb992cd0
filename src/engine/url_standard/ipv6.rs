//! The IPv6 parser (URL Standard, host parsing) and serializer (host
//! serializing, step 2, with the IPv6 compression of step 2.1), with the
//! browsers' departures inside the parser ([`Quirks`]): an IPv4 part read
//! by the IPv4 number parser (octal and hexadecimal parts), and a trailing
//! colon after a compressed address ignored.

use super::errors::ValidationError;
use super::ipv4;
use super::quirks::Quirks;
use crate::engine::trace::StepId;

/// URL Standard, IPv6 parser: the eight pieces. Non-fatal errors go to
/// `errors`; the fatal one is the `Err`.
pub fn parse(input: &str, errors: &mut Vec<ValidationError>) -> Result<[u16; 8], ValidationError> {
    parse_with(input, errors, &Quirks::STANDARD, &mut Vec::new())
}

/// [`parse`], departing from the Standard where `quirks` say; the steps of
/// the departures made go to `departed`.
pub fn parse_with(
    input: &str,
    errors: &mut Vec<ValidationError>,
    quirks: &Quirks,
    departed: &mut Vec<StepId>,
) -> Result<[u16; 8], ValidationError> {
    use ValidationError::*;
    let s = input.as_bytes();
    let at = |p: usize| s.get(p).copied();
    // Steps 1-4.
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    // Step 5.
    if at(p) == Some(b':') {
        if at(p + 1) != Some(b':') {
            return Err(Ipv6InvalidCompression);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    // Whether a trailing colon was let through (a browser's quirk).
    let mut trailing_colon = None;
    // Step 6.
    while at(p).is_some() {
        // 6.1.
        if piece_index == 8 {
            return Err(Ipv6TooManyPieces);
        }
        // 6.2.
        if at(p) == Some(b':') {
            if compress.is_some() {
                return Err(Ipv6MultipleCompression);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // 6.3-6.4.
        let mut value: u32 = 0;
        let mut length = 0u32;
        while length < 4
            && let Some(d) = at(p).and_then(|b| (b as char).to_digit(16))
        {
            value = value * 0x10 + d;
            p += 1;
            length += 1;
        }
        // 6.5.
        match at(p) {
            Some(b'.') => {
                if length == 0 {
                    return Err(Ipv4InIpv6InvalidCodePoint);
                }
                p -= length as usize;
                if piece_index > 6 {
                    return Err(Ipv4InIpv6TooManyPieces);
                }
                // On copies: a failing tail may have written a piece.
                let (mut pieces, mut index) = (address, piece_index);
                match parse_ipv4_tail(s, p, &mut pieces, &mut index) {
                    Ok(()) => (address, piece_index) = (pieces, index),
                    Err(e) => {
                        ipv4_part_as_numbers(
                            s,
                            p,
                            &mut address,
                            &mut piece_index,
                            quirks,
                            departed,
                        )
                        .ok_or(e)?;
                    }
                }
                break;
            }
            // 6.6.
            Some(b':') => {
                p += 1;
                if at(p).is_none() {
                    match quirks.ipv6_trailing_colon_ignored {
                        Some(id) if compress.is_some() => trailing_colon = Some(id),
                        _ => return Err(Ipv6InvalidCodePoint),
                    }
                }
            }
            // 6.7. A browser reading the IPv4 part its own way takes the
            // piece for one when its hex digits, however many, end at a
            // dot or an `x` (`0x7f.1.2.3`, `00000001.2.3.4`).
            Some(_) => {
                let start = p - length as usize;
                ipv4_part_as_numbers(s, start, &mut address, &mut piece_index, quirks, departed)
                    .ok_or(Ipv6InvalidCodePoint)?;
                break;
            }
            None => {}
        }
        // 6.8.
        if length > 1 && value < 0x10u32.pow(length - 1) {
            errors.push(Ipv6PieceLeadingZero);
        }
        // 6.9-6.10.
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    // The trailing colon takes the place of a piece: it passes while the
    // compression still stands for one zero piece at least.
    if let Some(id) = trailing_colon {
        if piece_index > 7 {
            return Err(Ipv6InvalidCodePoint);
        }
        departed.push(id);
    }
    compress_pieces(address, piece_index, compress)
}

/// URL Standard, IPv6 parser, steps 7 and 8: the pieces after a
/// compression moved to the end, or the eight pieces there must be.
fn compress_pieces(
    mut address: [u16; 8],
    mut piece_index: usize,
    compress: Option<usize>,
) -> Result<[u16; 8], ValidationError> {
    // Step 7.
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        // Step 8.
        return Err(ValidationError::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// URL Standard, IPv6 parser, step 6.5: the dotted IPv4 part from `p` to
/// the end, into two pieces.
fn parse_ipv4_tail(
    s: &[u8],
    mut p: usize,
    address: &mut [u16; 8],
    piece_index: &mut usize,
) -> Result<(), ValidationError> {
    use ValidationError::*;
    let mut numbers_seen = 0;
    while p < s.len() {
        let mut piece: Option<u16> = None;
        if numbers_seen > 0 {
            if s[p] == b'.' && numbers_seen < 4 {
                p += 1;
            } else {
                return Err(Ipv4InIpv6InvalidCodePoint);
            }
        }
        if !s.get(p).is_some_and(u8::is_ascii_digit) {
            return Err(Ipv4InIpv6InvalidCodePoint);
        }
        while let Some(&b) = s.get(p).filter(|b| b.is_ascii_digit()) {
            let number = u16::from(b - b'0');
            piece = match piece {
                None => Some(number),
                Some(0) => return Err(Ipv4InIpv6InvalidCodePoint),
                Some(v) => Some(v * 10 + number),
            };
            if piece > Some(255) {
                return Err(Ipv4InIpv6OutOfRangePart);
            }
            p += 1;
        }
        let piece = piece.unwrap_or(0);
        address[*piece_index] = address[*piece_index].wrapping_mul(0x100) + piece;
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            *piece_index += 1;
        }
    }
    if numbers_seen != 4 {
        return Err(Ipv4InIpv6TooFewParts);
    }
    Ok(())
}

/// A browser's IPv4 part of an IPv6 address (Chromium's): the text from
/// `p` to the end is four dot-separated parts, each read by the IPv4
/// number parser (so `011` is octal 9 and `0x7f` is 127) and at most 255,
/// with no empty part and no trailing dot. Written into two pieces, and
/// the quirk recorded, when it parses; `None` when the quirk is off or the
/// text is no such part.
fn ipv4_part_as_numbers(
    s: &[u8],
    p: usize,
    address: &mut [u16; 8],
    piece_index: &mut usize,
    quirks: &Quirks,
    departed: &mut Vec<StepId>,
) -> Option<()> {
    let id = quirks.ipv6_ipv4_part_numbers?;
    let text = std::str::from_utf8(s.get(p..)?).ok()?;
    // Its hex digits end at a dot or an `x`, or it is no IPv4 part.
    text.bytes()
        .find(|b| !b.is_ascii_hexdigit())
        .filter(|b| matches!(b, b'.' | b'x' | b'X'))?;
    let mut value: u32 = 0;
    let mut parts = 0;
    for part in text.split('.') {
        let n = ipv4::parse_number(part).ok()?.0;
        if n > 255 || parts == 4 {
            return None;
        }
        value = value << 8 | n as u32;
        parts += 1;
    }
    if parts != 4 || *piece_index > 6 {
        return None;
    }
    address[*piece_index] = (value >> 16) as u16;
    address[*piece_index + 1] = value as u16;
    *piece_index += 2;
    departed.push(id);
    Some(())
}

/// URL Standard, host serializer, step 2 (the brackets) and the IPv6
/// serializer: lowercase hex, the first longest run of two or more zero
/// pieces compressed to `::`.
pub fn serialize(out: &mut String, address: &[u16; 8]) {
    out.push('[');
    // Step 2: the first longest run of zeros, if longer than 1.
    let mut compress: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if address[i] == 0 {
            let start = i;
            while i < 8 && address[i] == 0 {
                i += 1;
            }
            let len = i - start;
            if len > 1 && compress.is_none_or(|(_, l)| len > l) {
                compress = Some((start, len));
            }
        } else {
            i += 1;
        }
    }
    let mut ignore0 = false;
    for (i, piece) in address.iter().enumerate() {
        if ignore0 && *piece == 0 {
            continue;
        }
        ignore0 = false;
        if let Some((start, _)) = compress
            && start == i
        {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        push_hex(out, *piece);
        if i != 7 {
            out.push(':');
        }
    }
    out.push(']');
}

fn push_hex(out: &mut String, n: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12, 8, 4, 0] {
        let d = (n >> shift) & 15;
        if d != 0 || started || shift == 0 {
            out.push(HEX[d as usize] as char);
            started = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(s: &str) -> Result<String, ValidationError> {
        let mut errors = Vec::new();
        parse(s, &mut errors).map(|a| {
            let mut out = String::new();
            serialize(&mut out, &a);
            out
        })
    }

    #[test]
    fn parse_and_serialize() {
        use ValidationError::*;
        assert_eq!(v6("::1").as_deref(), Ok("[::1]"));
        assert_eq!(v6("1:0:0:2::3:0").as_deref(), Ok("[1::2:0:0:3:0]"));
        assert_eq!(v6("::ffff:127.0.0.1").as_deref(), Ok("[::ffff:7f00:1]"));
        assert_eq!(v6("1:2:3:4:5:6:7:8").as_deref(), Ok("[1:2:3:4:5:6:7:8]"));
        assert_eq!(v6(":1"), Err(Ipv6InvalidCompression));
        assert_eq!(v6("1:2:3:4:5:6:7:8:9"), Err(Ipv6TooManyPieces));
        assert_eq!(v6("1::1::1"), Err(Ipv6MultipleCompression));
        assert_eq!(v6("1:2:3!:4"), Err(Ipv6InvalidCodePoint));
        assert_eq!(v6("1:2:3:"), Err(Ipv6InvalidCodePoint));
        assert_eq!(v6("1:2:3"), Err(Ipv6TooFewPieces));
        assert_eq!(v6("1:1:1:1:1:1:1:127.0.0.1"), Err(Ipv4InIpv6TooManyPieces));
        assert_eq!(v6("ffff::.0.0.1"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(v6("ffff::127.00.0.1"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(v6("ffff::127.0.0.1.2"), Err(Ipv4InIpv6InvalidCodePoint));
        assert_eq!(v6("ffff::127.0.0.4000"), Err(Ipv4InIpv6OutOfRangePart));
        assert_eq!(v6("ffff::127.0.0"), Err(Ipv4InIpv6TooFewParts));
        let mut errors = Vec::new();
        assert!(parse("::01", &mut errors).is_ok());
        assert_eq!(errors, [Ipv6PieceLeadingZero]);
    }
}

#[cfg(test)]
mod quirk_tests {
    use super::*;

    /// The address `s` parses to with `quirks`, and the departures made.
    fn v6_with(s: &str, quirks: &Quirks) -> (Result<String, ValidationError>, Vec<StepId>) {
        let mut departed = Vec::new();
        let result = parse_with(s, &mut Vec::new(), quirks, &mut departed).map(|a| {
            let mut out = String::new();
            serialize(&mut out, &a);
            out
        });
        (result, departed)
    }

    #[test]
    fn chromium_reads_the_ipv4_part_with_the_ipv4_number_parser() {
        let id = StepId::ChromiumIpv6Ipv4Numbers;
        let q = Quirks {
            ipv6_ipv4_part_numbers: Some(id),
            ..Quirks::STANDARD
        };
        for (input, want) in [
            ("::0.00.255.255", "[::ffff]"),
            ("a:b:c:d:e:f:127.0.0.011", "[a:b:c:d:e:f:7f00:9]"),
            ("::ffff:0xC0.0Xa8.0x0.0x1", "[::ffff:c0a8:1]"),
            ("::0x.1.2.3", "[::1:203]"),
            ("::00000001.2.3.4", "[::102:304]"),
            ("1:2:3:4:5:6:0x1.2.3.4", "[1:2:3:4:5:6:102:304]"),
        ] {
            assert_eq!(
                v6_with(input, &q),
                (Ok(want.to_owned()), vec![id]),
                "{input}"
            );
            assert!(v6_with(input, &Quirks::STANDARD).0.is_err(), "{input}");
        }
        // What the Standard takes takes no departure.
        assert_eq!(
            v6_with("::ffff:1.2.3.4", &q),
            (Ok("[::ffff:102:304]".to_owned()), vec![])
        );
        // Four parts still, each at most 255, no empty one, no trailing
        // dot, and room for two pieces.
        for input in [
            "::1.2.0x3",
            "::1.2.3.4.",
            "::08.1.2.3",
            "::1.2.3.0400",
            "::1..3.4",
            "::x1.2.3.4",
            "::12345.1.2.3",
            "1:2:3:4:5:6:7:0x1.2.3.4",
        ] {
            let (result, departed) = v6_with(input, &q);
            assert!(
                result.is_err() && departed.is_empty(),
                "{input}: {result:?}"
            );
        }
    }

    #[test]
    fn webkit_ignores_a_trailing_colon_after_a_compression() {
        let id = StepId::WebkitIpv6TrailingColon;
        let q = Quirks {
            ipv6_trailing_colon_ignored: Some(id),
            ..Quirks::STANDARD
        };
        for (input, want) in [
            ("1::8:", "[1::8]"),
            ("0:0::0:0:8:", "[::8]"),
            ("::0:", "[::]"),
            ("::1:2:3:4:5:6:", "[::1:2:3:4:5:6]"),
        ] {
            assert_eq!(
                v6_with(input, &q),
                (Ok(want.to_owned()), vec![id]),
                "{input}"
            );
            assert_eq!(
                v6_with(input, &Quirks::STANDARD).0,
                Err(ValidationError::Ipv6InvalidCodePoint)
            );
        }
        // Seven pieces leave the compression no zero piece; no compression,
        // no pass.
        for input in [
            "1:2:3:4:5:6::8:",
            "::1:2:3:4:5:6:7:",
            "1:2:3:4:5:6:7:8:",
            "1:8:",
        ] {
            let (result, departed) = v6_with(input, &q);
            assert!(
                result.is_err() && departed.is_empty(),
                "{input}: {result:?}"
            );
        }
    }
}
