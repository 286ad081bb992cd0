//! IPv4 addresses ("IPv4 addresses" section): one to four numbers separated
//! by dots, each decimal, octal (leading `0`) or hexadecimal (`0x`), as the
//! POSIX `inet_addr()` function reads them. The canonical form is four
//! decimal numbers.

use std::net::Ipv4Addr;

/// The value of one "number", or `None` if the text is not one. Values too
/// large for a `u64` are `None`: no part of an address can be that large.
fn number(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    let (digits, radix) = match b {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] => (rest, 8),
        _ => (b, 10),
    };
    // "0x" alone is zero; "0" followed by nothing is zero.
    let mut value: u64 = 0;
    for &d in digits {
        let v = char::from(d).to_digit(radix)?;
        value = value
            .checked_mul(u64::from(radix))?
            .checked_add(u64::from(v))?;
    }
    Some(value)
}

/// The *steps to canonicalize an IPv4 address*: `Some(dotted form)` if `s` is
/// an IPv4 address, `None` ("fail") otherwise.
pub fn canonicalize_ipv4(s: &str) -> Option<String> {
    // Fast reject: only digits, hex letters, 'x' and dots can appear.
    if s.is_empty()
        || !s
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b'.' || b == b'x' || b == b'X')
    {
        return None;
    }
    let mut parts = [0u64; 4];
    let mut count = 0;
    for text in s.split('.') {
        if count == 4 {
            return None;
        }
        parts[count] = number(text)?;
        count += 1;
    }
    // Steps 3–6: the last number fills the remaining bytes.
    let last_max: u64 = match count {
        4 => 0xFF,
        3 => 0xFFFF,
        2 => 0xFF_FFFF,
        _ => 0xFFFF_FFFF,
    };
    let (head, last) = parts[..count].split_at(count - 1);
    if head.iter().any(|&n| n > 0xFF) || last[0] > last_max {
        return None;
    }
    let mut addr: u32 = 0;
    for (i, &n) in head.iter().enumerate() {
        addr |= (n as u32) << (24 - 8 * i);
    }
    addr |= last[0] as u32;
    // Step 8: four decimal numbers in their shortest form.
    Some(Ipv4Addr::from(addr).to_string())
}

#[cfg(test)]
mod tests {
    use super::canonicalize_ipv4 as v4;

    #[test]
    fn number_forms() {
        assert_eq!(v4("127.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("017700000001").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("2130706433").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(v4("1.2.65535").as_deref(), Some("1.2.255.255"));
        assert_eq!(v4("1.16777215").as_deref(), Some("1.255.255.255"));
        assert_eq!(v4("4294967295").as_deref(), Some("255.255.255.255"));
        assert_eq!(v4("0X0A.010.0.0").as_deref(), Some("10.8.0.0"));
    }

    #[test]
    fn failures() {
        for s in [
            "",
            "4294967296",
            "1.2.3.256",
            "1.2.65536",
            "1.16777216",
            "1.2.3.4.5",
            "1..2",
            "1.2.3.",
            "08",
            "0x1g",
            "a.b.c.d",
            "99999999999999999999999",
        ] {
            assert_eq!(v4(s), None, "{s}");
        }
    }
}
