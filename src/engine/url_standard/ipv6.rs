//! The IPv6 parser (URL Standard, host parsing) and serializer (host
//! serializing, step 2, with the IPv6 compression of step 2.1).

use super::errors::ValidationError;

/// URL Standard, IPv6 parser: the eight pieces. Non-fatal errors go to
/// `errors`; the fatal one is the `Err`.
pub fn parse(input: &str, errors: &mut Vec<ValidationError>) -> Result<[u16; 8], ValidationError> {
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
                parse_ipv4_tail(s, p, &mut address, &mut piece_index)?;
                break;
            }
            // 6.6.
            Some(b':') => {
                p += 1;
                if at(p).is_none() {
                    return Err(Ipv6InvalidCodePoint);
                }
            }
            // 6.7.
            Some(_) => return Err(Ipv6InvalidCodePoint),
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
        return Err(Ipv6TooFewPieces);
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
