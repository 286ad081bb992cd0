//! The host as an address: urlcanon/parse.py's `parse_ipv4` and
//! `parse_ipv4or6`, and CPython 3.11's `ipaddress` (Lib/ipaddress.py) as
//! `normalize_ip_address` and `parse_ipv4or6` call it.

use super::pyint::PyInt;
use crate::engine::canon_forms::python_ipaddress::ipv6_int;

/// `parse_ipv4`'s `_parse_num`: `0x` or `0X` and hexadecimal (`0` when
/// nothing follows the prefix), a leading `0` and octal, empty as `0`,
/// else decimal, each through Python's `int()` (so signs, whitespace and
/// underscores pass, and `0x0x1f` is 31).
fn parse_num(s: &[u8]) -> Option<PyInt> {
    if s.len() >= 2 && (s.starts_with(b"0x") || s.starts_with(b"0X")) {
        if s.len() >= 3 {
            PyInt::parse(&s[2..], 16)
        } else {
            Some(PyInt::default())
        }
    } else if s.len() >= 2 && s[0] == b'0' {
        PyInt::parse(&s[1..], 8)
    } else if s.is_empty() {
        Some(PyInt::default())
    } else {
        PyInt::parse(s, 10)
    }
}

/// `parse_ipv4(host)`: the host's dot-separated numbers (one trailing
/// empty part dropped) combined as WHATWG's IPv4 parser combines them,
/// with its bounds on the parts after the first; any failure (a part
/// `int()` refuses, a bound passed, more than four parts) is `None`. A
/// negative part passes the bounds, so the number may be negative.
pub(super) fn parse_ipv4(host: &[u8]) -> Option<PyInt> {
    let mut parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    let n = |i: usize| parse_num(parts[i]);
    let ip4 = match parts.len() {
        1 => n(0)?,
        2 => {
            let p1 = n(1)?;
            if p1.ge_pow2(24) {
                return None;
            }
            n(0)?.shl(24).add(&p1)
        }
        3 => {
            let p1 = n(1)?;
            if p1.ge_pow2(8) {
                return None;
            }
            let p2 = n(2)?;
            if p2.ge_pow2(16) {
                return None;
            }
            n(0)?.shl(24).add(&p1.shl(16)).add(&p2)
        }
        4 => {
            let (p1, p2, p3) = (n(1)?, n(2)?, n(3)?);
            if p1.ge_pow2(8) || p2.ge_pow2(8) || p3.ge_pow2(8) {
                return None;
            }
            n(0)?.shl(24).add(&p1.shl(16)).add(&p2.shl(8)).add(&p3)
        }
        _ => return None,
    };
    if ip4.ge_pow2(32) {
        return None;
    }
    Some(ip4)
}

/// What `parse_ipv4or6` read: an IPv4 number, an IPv6 number, or neither.
pub(super) type IpPair = (Option<PyInt>, Option<u128>);

/// `parse_ipv4or6(host)`: a host in brackets is IPv6 or nothing (its
/// inside decoded as UTF-8 and given to `ipaddress.IPv6Address`, any
/// exception meaning nothing); any other is `parse_ipv4`'s.
pub(super) fn parse_ipv4or6(host: &[u8]) -> IpPair {
    if host.first() == Some(&b'[') && host.last() == Some(&b']') {
        let ip6 = std::str::from_utf8(host)
            .ok()
            .and_then(|s| s.get(1..s.len().saturating_sub(1)))
            .and_then(ipv6_address);
        (None, ip6)
    } else {
        (parse_ipv4(host), None)
    }
}

/// `ipaddress.IPv6Address(text)` as a number (the scope after `%` checked
/// and dropped, as `int()` drops it); `None` where it raises.
fn ipv6_address(text: &str) -> Option<u128> {
    // _BaseV6.__init__: no '/'; _split_scope_id: a '%' needs a scope after
    // it, and only one '%'.
    if text.contains('/') {
        return None;
    }
    let addr = match text.split_once('%') {
        Some((_, scope)) if scope.is_empty() || scope.contains('%') => return None,
        Some((addr, _)) => addr,
        None => text,
    };
    ipv6_int(addr)
}

/// `dotted_decimal(num)`: `str(ipaddress.IPv4Address(num))`, which raises
/// `AddressValueError` for a negative number (`parse_ipv4` returns none
/// of 2**32 or more).
pub(super) fn dotted_decimal(num: &PyInt) -> Result<String, String> {
    match num.to_u32() {
        Some(v) => Ok(std::net::Ipv4Addr::from(v).to_string()),
        None if num.is_negative() => {
            let digits = num.to_decimal().map_err(str::to_owned)?;
            Err(format!(
                "AddressValueError: {digits} (< 0) is not permitted as an IPv4 address"
            ))
        }
        None => {
            let digits = num.to_decimal().map_err(str::to_owned)?;
            Err(format!(
                "AddressValueError: {digits} (>= 2**32) is not permitted as an IPv4 address"
            ))
        }
    }
}

/// `str(ipaddress.IPv6Address(num))`: eight hextets in lowercase hex
/// without leading zeros, the longest run of two or more zero hextets
/// (the first of equal runs) written `::`.
pub(super) use crate::engine::canon_forms::python_ipaddress::compress as ipv6_string;
