//! IPv6 addresses ("IPv6 addresses" section): the RFC 3986 `IPv6address`
//! grammar, with an embedded IPv4 part whose octets may carry leading zeros,
//! written back in the RFC 5952 section 4 form (lowercase, no leading zeros,
//! the longest run of two or more zero groups as `::`, the first on a tie).

/// Reads the IPv4 tail (`octet "." octet "." octet "." octet`), where an octet
/// is a `dec-octet` or has leading zeros up to three digits.
fn ipv4_tail(s: &str) -> Option<[u16; 2]> {
    let mut bytes = [0u8; 4];
    let mut n = 0;
    for part in s.split('.') {
        if n == 4 || part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let v: u16 = part.parse().ok()?;
        bytes[n] = u8::try_from(v).ok()?;
        n += 1;
    }
    (n == 4).then(|| {
        [
            u16::from_be_bytes([bytes[0], bytes[1]]),
            u16::from_be_bytes([bytes[2], bytes[3]]),
        ]
    })
}

/// Reads `h16 *(":" h16)` groups (possibly with an IPv4 tail when `tail_ok`);
/// an empty string is zero groups.
fn groups(s: &str, tail_ok: bool, out: &mut Vec<u16>) -> Option<()> {
    if s.is_empty() {
        return Some(());
    }
    let parts: Vec<&str> = s.split(':').collect();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if last && tail_ok && part.contains('.') {
            out.extend(ipv4_tail(part)?);
        } else {
            if part.is_empty() || part.len() > 4 || !part.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u16::from_str_radix(part, 16).ok()?);
        }
    }
    Some(())
}

/// Parses the textual address into its eight groups.
fn parse(s: &str) -> Option<[u16; 8]> {
    let mut head = Vec::with_capacity(8);
    let mut tail = Vec::with_capacity(8);
    match s.find("::") {
        Some(i) => {
            groups(&s[..i], false, &mut head)?;
            groups(&s[i + 2..], true, &mut tail)?;
            // "::" stands for at least one group of zeros.
            if head.len() + tail.len() > 7 {
                return None;
            }
        }
        None => {
            groups(s, true, &mut head)?;
            if head.len() != 8 {
                return None;
            }
        }
    }
    let mut addr = [0u16; 8];
    addr[..head.len()].copy_from_slice(&head);
    addr[8 - tail.len()..].copy_from_slice(&tail);
    Some(addr)
}

/// The *steps to canonicalize an IPv6 address*: `Some(canonical text)`, or
/// `None` ("fail"). The brackets are not part of `s`.
pub fn canonicalize_ipv6(s: &str) -> Option<String> {
    if s.len() > 64 {
        return None;
    }
    let addr = parse(s)?;
    // RFC 5952 4.2: the longest run of at least two zero groups.
    let (mut best_start, mut best_len) = (0, 0);
    let mut i = 0;
    while i < 8 {
        if addr[i] == 0 {
            let start = i;
            while i < 8 && addr[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                (best_start, best_len) = (start, i - start);
            }
        } else {
            i += 1;
        }
    }
    let mut out = String::with_capacity(39);
    let mut i = 0;
    while i < 8 {
        if best_len >= 2 && i == best_start {
            out.push_str("::");
            i += best_len;
            continue;
        }
        if !out.is_empty() && !out.ends_with(':') {
            out.push(':');
        }
        out.push_str(&format!("{:x}", addr[i]));
        i += 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::canonicalize_ipv6 as v6;

    #[test]
    fn rfc5952_forms() {
        for (input, expected) in [
            ("::", "::"),
            ("::1", "::1"),
            ("0:0:0:0:0:0:0:1", "::1"),
            ("2001:DB8:0:0:0:0:2:1", "2001:db8::2:1"),
            ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),
            ("2001:0:0:1:0:0:0:1", "2001:0:0:1::1"),
            ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("1::", "1::"),
            ("::ffff:1.2.3.4", "::ffff:102:304"),
            ("::001.002.003.004", "::102:304"),
            ("0001:02:003:0004:5:6:7:8", "1:2:3:4:5:6:7:8"),
        ] {
            assert_eq!(v6(input).as_deref(), Some(expected), "{input}");
        }
    }

    #[test]
    fn failures() {
        for s in [
            "",
            ":",
            ":::",
            "1:2",
            "1::2::3",
            "12345::",
            "g::",
            "1:2:3:4:5:6:7:8:9",
            "::1.2.3",
            "::256.1.1.1",
            "1:2:3:4:5:6:7::8",
            "::0001.1.1.1",
            "1.2.3.4",
            "::1:",
        ] {
            assert_eq!(v6(s), None, "{s}");
        }
    }
}
