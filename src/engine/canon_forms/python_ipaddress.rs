//! Python 3.11's `ipaddress` module (Lib/ipaddress.py), what w3lib and
//! urlcanon read and write addresses with: w3lib calls `ip_address` on a
//! bracketed host twice, to check it while splitting
//! (`_check_bracketed_host`) and to write it back (`_normalize_ipv6_host`);
//! urlcanon reads an IPv6 host with `IPv6Address` and writes both kinds
//! with `str()`.

/// What `ip_address` makes of a string.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Ip {
    V4,
    /// An IPv6 address as `str()` writes it (with `%` and the scope id).
    V6(String),
}

/// `ipaddress.ip_address(text)`: an IPv4 address first, then an IPv6 one;
/// `None` where Python raises ValueError.
pub(crate) fn ip_address(text: &str) -> Option<Ip> {
    if ipv4(text).is_some() {
        return Some(Ip::V4);
    }
    ipv6(text).map(Ip::V6)
}

/// `IPv4Address._ip_int_from_string`: exactly four dot-separated octets,
/// each one to three ASCII digits, no leading zero, at most 255.
pub(crate) fn ipv4(text: &str) -> Option<u32> {
    if text.contains('/') {
        return None;
    }
    let octets: Vec<&str> = text.split('.').collect();
    if octets.len() != 4 {
        return None;
    }
    let mut v = 0u32;
    for o in octets {
        if o.is_empty() || o.len() > 3 || !o.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if o != "0" && o.starts_with('0') {
            return None;
        }
        let n: u32 = o.parse().ok()?;
        if n > 255 {
            return None;
        }
        v = v << 8 | n;
    }
    Some(v)
}

/// `IPv6Address(text)` and its `__str__`.
fn ipv6(text: &str) -> Option<String> {
    if text.contains('/') {
        return None;
    }
    // _split_scope_id: after the first '%', a scope that is not empty and
    // holds no other '%'.
    let (addr, scope) = match text.split_once('%') {
        Some((_, s)) if s.is_empty() || s.contains('%') => return None,
        Some((a, s)) => (a, Some(s)),
        None => (text, None),
    };
    let value = ipv6_int(addr)?;
    let mut out = compress(value);
    if let Some(s) = scope {
        out.push('%');
        out.push_str(s);
    }
    Some(out)
}

/// `_BaseV6._ip_int_from_string`.
pub(crate) fn ipv6_int(addr: &str) -> Option<u128> {
    if addr.is_empty() {
        return None;
    }
    let mut parts: Vec<String> = addr.split(':').map(str::to_owned).collect();
    if parts.len() < 3 {
        return None;
    }
    // An IPv4 form in the last part stands for two hextets.
    if parts.last().is_some_and(|p| p.contains('.')) {
        let v4 = ipv4(&parts.pop()?)?;
        parts.push(format!("{:x}", v4 >> 16));
        parts.push(format!("{:x}", v4 & 0xffff));
    }
    if parts.len() > 9 {
        return None;
    }
    let n = parts.len();
    let mut skip = None;
    for (i, p) in parts.iter().enumerate().take(n - 1).skip(1) {
        if p.is_empty() {
            if skip.is_some() {
                return None;
            }
            skip = Some(i);
        }
    }
    let (hi, lo, skipped) = match skip {
        Some(i) => {
            let (mut hi, mut lo) = (i, n - i - 1);
            if parts[0].is_empty() {
                hi -= 1;
                if hi != 0 {
                    return None;
                }
            }
            if parts[n - 1].is_empty() {
                lo -= 1;
                if lo != 0 {
                    return None;
                }
            }
            let used = hi + lo;
            if used >= 8 {
                return None;
            }
            (hi, lo, 8 - used)
        }
        None => {
            if n != 8 || parts[0].is_empty() || parts[n - 1].is_empty() {
                return None;
            }
            (n, 0, 0)
        }
    };
    let mut v: u128 = 0;
    for p in &parts[..hi] {
        v = v << 16 | u128::from(hextet(p)?);
    }
    // Every group skipped (`::`) shifts the 128 bits out: nothing is left.
    v = v.checked_shl(16 * skipped as u32).unwrap_or(0);
    for p in &parts[n - lo..] {
        v = v << 16 | u128::from(hextet(p)?);
    }
    Some(v)
}

/// `_parse_hextet`: one to four ASCII hex digits.
fn hextet(p: &str) -> Option<u16> {
    if p.is_empty() || p.len() > 4 || !p.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u16::from_str_radix(p, 16).ok()
}

/// `_string_from_ip_int` and `_compress_hextets`: lowercase hex groups,
/// the first longest run of two or more zero groups written as '::'.
pub(crate) fn compress(v: u128) -> String {
    let groups: Vec<u16> = (0..8).rev().map(|i| (v >> (16 * i)) as u16).collect();
    let (mut best_start, mut best_len) = (0, 0);
    let mut run_start = None;
    for (i, &g) in groups.iter().enumerate() {
        if g == 0 {
            let start = *run_start.get_or_insert(i);
            if i + 1 - start > best_len {
                best_len = i + 1 - start;
                best_start = start;
            }
        } else {
            run_start = None;
        }
    }
    let hex = |gs: &[u16]| {
        gs.iter()
            .map(|g| format!("{g:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    if best_len > 1 {
        format!(
            "{}::{}",
            hex(&groups[..best_start]),
            hex(&groups[best_start + best_len..])
        )
    } else {
        hex(&groups)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_as_python() {
        assert_eq!(ip_address("1.2.3.4"), Some(Ip::V4));
        assert_eq!(ip_address("01.2.3.4"), None);
        let v6 = |s| match ip_address(s) {
            Some(Ip::V6(t)) => t,
            other => panic!("{other:?}"),
        };
        assert_eq!(v6("::0:1"), "::1");
        assert_eq!(v6("::ffff:1.2.3.4"), "::ffff:102:304");
        assert_eq!(v6("1:0:0:2:0:0:0:3%Eth"), "1:0:0:2::3%Eth");
        assert_eq!(v6("1:2:3:4:5:6:7::"), "1:2:3:4:5:6:7:0");
        assert_eq!(ip_address("1:2:3:4:5:6:7:8::"), None);
        assert_eq!(ip_address("::%"), None);
    }
}
