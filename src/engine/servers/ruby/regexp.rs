//! The pieces of `RFC3986_URI` and `RFC3986_relative_ref`
//! (`lib/uri/rfc3986_parser.rb`) that need more than a scan: their
//! character classes, and the IPv6 and IPv4 address patterns, matched here
//! by a small backtracking matcher that tries the alternatives and the
//! repeat counts in the order Onigmo (Ruby's regexp engine) tries them.
//!
//! Most of the two regexps needs no backtracking at all, because their
//! classes never overlap where a choice is made (see `split.rs`): a scan
//! finds the only possible match. The address patterns are the exception.
//! In `RFC3986_URI` the IPv6 address sits between `[` and `]`, so only
//! whether the text between them is in the pattern's language matters. In
//! `RFC3986_relative_ref` the IP-literal is written `\[(?<IPv6address>…)|…`
//! without its closing bracket, so the host ends wherever the IPv6 pattern
//! stops, and which of its possible ends comes first decides the host and
//! the port. [`ipv6_ends`] gives the ends in Onigmo's order: alternatives
//! left to right, greedy counts from the most, lazy ones from the fewest.
//!
//! Ruby runs these regexps on the string's characters; the caller has
//! already refused any string with a character outside ASCII, so bytes are
//! characters here. `\h` is `[0-9a-fA-F]` and `\d` is `[0-9]`.

/// A set of ASCII bytes, one bit each.
#[derive(Clone, Copy)]
pub struct Class(u128);

impl Class {
    /// The set of the bytes listed and of the inclusive ranges given.
    const fn of(list: &[u8], ranges: &[(u8, u8)]) -> Class {
        let mut bits = 0u128;
        let mut i = 0;
        while i < list.len() {
            bits |= 1 << list[i];
            i += 1;
        }
        let mut r = 0;
        while r < ranges.len() {
            let mut b = ranges[r].0;
            while b <= ranges[r].1 {
                bits |= 1 << b;
                b += 1;
            }
            r += 1;
        }
        Class(bits)
    }

    /// Whether `b` is in the set.
    pub const fn has(self, b: u8) -> bool {
        b < 128 && self.0 & (1 << b) != 0
    }
}

/// `[+\-.0-9A-Za-z]`: the scheme after its first letter.
pub const SCHEME: Class = Class::of(b"+-.", &[(b'0', b'9'), (b'A', b'Z'), (b'a', b'z')]);
/// `[!$&-.0-;=A-Z_a-z~]`: the userinfo (with `%\h\h`), and IPvFuture's tail.
pub const USERINFO: Class = Class::of(
    b"!$=_~",
    &[(b'&', b'.'), (b'0', b';'), (b'A', b'Z'), (b'a', b'z')],
);
/// `[!$&-.0-9;=A-Z_a-z~]`: a reg-name (with `%\h\h`); no `:`.
pub const REG_NAME: Class = Class::of(
    b"!$;=_~",
    &[(b'&', b'.'), (b'0', b'9'), (b'A', b'Z'), (b'a', b'z')],
);
/// `[!$&-.0-;=@-Z_a-z~]` and `/`: a path's characters (with `%\h\h`).
pub const PATH: Class = Class::of(
    b"!$=_~/",
    &[(b'&', b'.'), (b'0', b';'), (b'@', b'Z'), (b'a', b'z')],
);
/// `[!$&-.0-9;=@-Z_a-z~]`: `segment-nz-nc`, a first segment without `:`.
pub const SEGMENT_NC: Class = Class::of(
    b"!$;=_~",
    &[(b'&', b'.'), (b'0', b'9'), (b'@', b'Z'), (b'a', b'z')],
);
/// `[!$&-.0-;=@-Z_a-z~\/?]`: the fragment (with `%\h\h`).
pub const FRAGMENT: Class = Class::of(
    b"!$=_~/?",
    &[(b'&', b'.'), (b'0', b';'), (b'@', b'Z'), (b'a', b'z')],
);

/// `\h`.
pub const fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// The length of the longest prefix of `s` matching
/// `(?:%\h\h|[class])*`. (`%` is in none of the classes, so an escape and
/// a class byte never compete: the scan is the match.)
pub fn escaped_run(s: &[u8], class: Class) -> usize {
    let mut i = 0;
    while i < s.len() {
        if class.has(s[i]) {
            i += 1;
        } else if s[i] == b'%' && s.len() > i + 2 && is_hex(s[i + 1]) && is_hex(s[i + 2]) {
            i += 3;
        } else {
            break;
        }
    }
    i
}

/// Whether all of `s` matches `(?:%\h\h|[class])*`.
pub fn all_escaped(s: &str, class: Class) -> bool {
    escaped_run(s.as_bytes(), class) == s.len()
}

/// One piece of a pattern.
#[derive(Clone, Copy)]
enum Node {
    /// A literal byte.
    Byte(u8),
    /// `\d`.
    Digit,
    /// `[lo-hi]`.
    Range(u8, u8),
    /// `\h{min,max}`, greedy, or reluctant when `lazy` (`\h{1,4}?`).
    Hex { min: usize, max: usize, lazy: bool },
    /// `(?:body){min,max}`, greedy.
    Repeat {
        min: usize,
        max: usize,
        body: &'static [Node],
    },
    /// `(?:a|b|…)`, tried left to right.
    Alt(&'static [&'static [Node]]),
}

use Node::{Alt, Byte, Digit, Hex, Range, Repeat};

/// `\h{1,4}`.
const H16: Node = Hex {
    min: 1,
    max: 4,
    lazy: false,
};
/// `\h{1,4}:`.
const H16_COLON: &[Node] = &[H16, Byte(b':')];
/// `(?<dec-octet>[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d)`: note the order, a
/// two-digit match first, which the caller's continuation may reject.
const DEC_OCTET: Node = Alt(&[
    &[Range(b'1', b'9'), Digit],
    &[Byte(b'1'), Digit, Digit],
    &[Byte(b'2'), Range(b'0', b'4'), Digit],
    &[Byte(b'2'), Byte(b'5'), Range(b'0', b'5')],
    &[Digit],
]);
/// `(?<IPv4address>…)`.
const IPV4: &[Node] = &[
    DEC_OCTET,
    Byte(b'.'),
    DEC_OCTET,
    Byte(b'.'),
    DEC_OCTET,
    Byte(b'.'),
    DEC_OCTET,
];
/// `(?<ls32>\h{1,4}:\h{1,4}|\g<IPv4address>)`.
const LS32: Node = Alt(&[&[H16, Byte(b':'), H16], IPV4]);
/// `(?:\h{1,4}:){,N}\h{1,4}`, the head before `::` (the caller makes it
/// optional), for N = 1 to 6.
const HEADS: [&[Node]; 6] = [
    &[head_colons(1), H16],
    &[head_colons(2), H16],
    &[head_colons(3), H16],
    &[head_colons(4), H16],
    &[head_colons(5), H16],
    &[head_colons(6), H16],
];
/// `(?:\h{1,4}:){,n}`.
const fn head_colons(n: usize) -> Node {
    Repeat {
        min: 0,
        max: n,
        body: H16_COLON,
    }
}
/// `(?:(?:\h{1,4}:){,n}\h{1,4})?`.
const fn head(n: usize) -> Node {
    Repeat {
        min: 0,
        max: 1,
        body: HEADS[n - 1],
    }
}
/// `(?:\h{1,4}:){n}`.
const fn colons(n: usize) -> Node {
    Repeat {
        min: n,
        max: n,
        body: H16_COLON,
    }
}
/// `::`.
const DOUBLE: [Node; 2] = [Byte(b':'), Byte(b':')];

/// `(?<IPv6address>…)`, its nine alternatives as both regexps write them
/// (`RFC3986_relative_ref` spells the fourth head `(?:\h{1,4}:){,1}` where
/// `RFC3986_URI` has `(?:\h{1,4}:)?`: the same repeat). The third takes
/// `\h{1,4}?`, a reluctant repeat of one to four digits, so it needs a
/// digit before its `::`.
const IPV6: &[&[Node]] = &[
    &[colons(6), LS32],
    &[DOUBLE[0], DOUBLE[1], colons(5), LS32],
    &[
        Hex {
            min: 1,
            max: 4,
            lazy: true,
        },
        DOUBLE[0],
        DOUBLE[1],
        colons(4),
        LS32,
    ],
    &[head(1), DOUBLE[0], DOUBLE[1], colons(3), LS32],
    &[head(2), DOUBLE[0], DOUBLE[1], colons(2), LS32],
    &[head(3), DOUBLE[0], DOUBLE[1], colons(1), LS32],
    &[head(4), DOUBLE[0], DOUBLE[1], LS32],
    &[head(5), DOUBLE[0], DOUBLE[1], H16],
    &[head(6), DOUBLE[0], DOUBLE[1]],
];

/// Matches `nodes` at `at`, then calls `k` with each end in priority
/// order until it returns true; true when one did.
fn seq(nodes: &[Node], s: &[u8], at: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    let Some((first, rest)) = nodes.split_first() else {
        return k(at);
    };
    let byte = s.get(at).copied();
    match *first {
        Byte(b) => byte == Some(b) && seq(rest, s, at + 1, k),
        Digit => byte.is_some_and(|b| b.is_ascii_digit()) && seq(rest, s, at + 1, k),
        Range(lo, hi) => byte.is_some_and(|b| (lo..=hi).contains(&b)) && seq(rest, s, at + 1, k),
        Hex { min, max, lazy } => {
            let run = s
                .get(at..)
                .unwrap_or_default()
                .iter()
                .take(max)
                .take_while(|&&b| is_hex(b))
                .count();
            if run < min {
                return false;
            }
            if lazy {
                (min..=run).any(|n| seq(rest, s, at + n, k))
            } else {
                (min..=run).rev().any(|n| seq(rest, s, at + n, k))
            }
        }
        Alt(alternatives) => alternatives
            .iter()
            .any(|alt| seq(alt, s, at, &mut |end| seq(rest, s, end, k))),
        Repeat { min, max, body } => repeat(body, min, max, 0, rest, s, at, k),
    }
}

/// A greedy `(?:body){min,max}` after `done` turns, then `rest`.
#[allow(clippy::too_many_arguments)]
fn repeat(
    body: &[Node],
    min: usize,
    max: usize,
    done: usize,
    rest: &[Node],
    s: &[u8],
    at: usize,
    k: &mut dyn FnMut(usize) -> bool,
) -> bool {
    // one more turn first (no body here matches the empty string)
    if done < max
        && seq(body, s, at, &mut |end| {
            end > at && repeat(body, min, max, done + 1, rest, s, end, k)
        })
    {
        return true;
    }
    done >= min && seq(rest, s, at, k)
}

/// Calls `k` with each end of an `IPv6address` match of `s` from its
/// start, in Onigmo's order, until `k` returns true; true when one did.
pub fn ipv6_ends(s: &[u8], k: &mut dyn FnMut(usize) -> bool) -> bool {
    seq(&[Alt(IPV6)], s, 0, k)
}

/// Whether all of `s` is an `IPv6address`.
pub fn is_ipv6(s: &[u8]) -> bool {
    ipv6_ends(s, &mut |end| end == s.len())
}

/// Whether all of `s` is an `IPv4address` (dotted decimal, each octet 0 to
/// 255 without a leading zero).
pub fn is_ipv4(s: &[u8]) -> bool {
    seq(IPV4, s, 0, &mut |end| end == s.len())
}

/// Whether all of `s` is an IPvFuture body, `v\h+\.[…]+` (the class of the
/// userinfo, without escapes), as `RFC3986_URI` has it inside brackets.
pub fn is_ipvfuture(s: &[u8]) -> bool {
    ipvfuture_end(s) == Some(s.len())
}

/// The end of `v\h+\.[…]+` at the start of `s`: it takes the class's
/// longest run, the only one a following `]` or end can accept.
pub fn ipvfuture_end(s: &[u8]) -> Option<usize> {
    if s.first() != Some(&b'v') {
        return None;
    }
    let hex = s[1..].iter().take_while(|&&b| is_hex(b)).count();
    if hex == 0 || s.get(1 + hex) != Some(&b'.') {
        return None;
    }
    let from = 2 + hex;
    let tail = s[from..].iter().take_while(|&&b| USERINFO.has(b)).count();
    (tail > 0).then_some(from + tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ends(s: &str) -> Vec<usize> {
        let mut all = Vec::new();
        ipv6_ends(s.as_bytes(), &mut |e| {
            all.push(e);
            false
        });
        all
    }

    #[test]
    fn addresses_are_what_the_regexps_accept() {
        for good in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::ffff:1.2.3.4",
            "1::a:b:c:d:1:2",
            "0::0",
        ] {
            assert!(is_ipv6(good.as_bytes()), "{good}");
        }
        // The third alternative needs a digit before its '::', so seven
        // groups after a leading '::' only fit the second: six do not fit.
        for bad in [
            "::a:b:c:d:1:2",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "::1.2.3.256",
            "",
        ] {
            assert!(!is_ipv6(bad.as_bytes()), "{bad}");
        }
        assert!(is_ipv4(b"255.0.10.100") && !is_ipv4(b"1.2.3.04") && !is_ipv4(b"1.2.3"));
        assert!(is_ipvfuture(b"v1.x:y") && !is_ipvfuture(b"v.x") && !is_ipvfuture(b"v1."));
    }

    #[test]
    fn ends_come_in_onigmo_order() {
        // The seventh alternative (ls32 after '::') comes before the
        // eighth (one group after '::'), so the longer end is first.
        assert_eq!(ends("1::2:3").first(), Some(&6));
        assert!(ends("1::2:3").contains(&4));
        // ls32's greedy \h{1,4} takes four digits before three.
        assert_eq!(ends("1:2:3:4:5:6:7:12345").first(), Some(&18));
        // dec-octet tries two digits before three.
        assert_eq!(ends("::1.2.3.100")[0], 10);
    }
}
