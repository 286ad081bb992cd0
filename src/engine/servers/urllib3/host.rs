//! The host and port of urllib3 2.8.0's `parse_url`: the regular
//! expressions `_HOST_PORT_RE`, `_IPV6_ADDRZ_RE`, `_IPV4_RE`,
//! `_ZONE_ID_RE` read as the code they stand for, and `_normalize_host`
//! with its helpers (`src/urllib3/util/url.py`).
//!
//! Python's `re` backtracks, but these patterns leave it no choice that
//! matters: a reg-name can only end where a `:` or the end follows, an IPv6
//! literal only at its first `]`, and an IPv6 address only at its first
//! `%` (where the zone starts). Each function below says why it gives the
//! regular expression's own answer.

use std::borrow::Cow;

use super::chars::{encode_invalid_chars, is_unreserved};
use super::error::ParseError;
use super::idna;
use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// Whether `b` is an ASCII hex digit (`[a-fA-F0-9]`).
fn hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// Whether `s[at..]` starts with `%` and two hex digits (`_PERCENT_RE`).
fn escape_at(s: &[u8], at: usize) -> bool {
    s.get(at) == Some(&b'%')
        && s.get(at + 1).is_some_and(|&b| hex(b))
        && s.get(at + 2).is_some_and(|&b| hex(b))
}

/// `_HOST_PORT_RE.fullmatch(host_port)`: the host and the port group
/// (`None`: no `:` part; `Some("")`: a `:` alone), or `None` where it
/// does not match.
///
/// The pattern is `(REG_NAME|IPV4|IPV6_ADDRZ)(?::0*?(|0|[1-9][0-9]{0,4}))?`.
/// A reg-name (`(?:[^\[\]%:/?#]|%[a-fA-F0-9]{2})*`) takes every code point
/// but those and `%` only before two hex digits; it cannot stop early, as
/// what would follow is no `:`. The IPv4 alternative only matches what the
/// reg-name matched first. The IPv6 one starts at `[`, which no reg-name
/// holds.
pub(super) fn host_port(hp: &str) -> Option<(&str, Option<&str>)> {
    let b = hp.as_bytes();
    // REG_NAME: as far as it goes
    let mut end = 0;
    while end < b.len() {
        match b[end] {
            b'%' if escape_at(b, end) => end += 3,
            b'[' | b']' | b'%' | b':' | b'/' | b'?' | b'#' => break,
            _ => end += 1,
        }
    }
    if let Some(port) = port_after(&hp[end..]) {
        return Some((&hp[..end], port));
    }
    // IPV6_ADDRZ: '[', an address and maybe a zone, the first ']'
    if b.first() == Some(&b'[') {
        let close = hp.find(']')?;
        let host = &hp[..=close];
        if ipv6_addrz(host) {
            return port_after(&hp[close + 1..]).map(|port| (host, port));
        }
    }
    None
}

/// The optional port group of `_HOST_PORT_RE` on `rest`, all of it:
/// `Some(None)` for nothing, `Some(Some(digits))` for `:` and a port
/// (`""`, `"0"`, or up to five digits after the zeros `0*?` skips).
fn port_after(rest: &str) -> Option<Option<&str>> {
    if rest.is_empty() {
        return Some(None);
    }
    let digits = rest.strip_prefix(':')?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.is_empty() {
        return Some(Some(""));
    }
    // 0*? is lazy: the fewest zeros that let the rest match '0' or [1-9][0-9]{0,4}
    let value = digits.trim_start_matches('0');
    if value.is_empty() {
        Some(Some(&digits[digits.len() - 1..]))
    } else if value.len() <= 5 {
        Some(Some(value))
    } else {
        None
    }
}

/// `_IPV6_ADDRZ_RE`: `[`, an IPv6 address (`_IPV6_PAT`), maybe a zone
/// (`_ZONE_ID_PAT`), `]`.
pub(super) fn ipv6_addrz(host: &str) -> bool {
    let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) else {
        return false;
    };
    // the address holds no '%', the zone starts with one
    match inner.find('%') {
        Some(at) => ipv6(&inner[..at]) && zone(&inner[at..]),
        None => ipv6(inner),
    }
}

/// `_ZONE_ID_PAT`: `%25` or `%`, then one or more unreserved characters
/// or escapes. (`%25…` also reads as `%` and the unreserved `2`, `5`…, so
/// `%` and tokens is the whole language.)
fn zone(s: &str) -> bool {
    let b = s.as_bytes();
    if b.first() != Some(&b'%') || b.len() < 2 {
        return false;
    }
    let mut at = 1;
    while at < b.len() {
        if is_unreserved(b[at]) {
            at += 1;
        } else if escape_at(b, at) {
            at += 3;
        } else {
            return false;
        }
    }
    true
}

/// `h16`: one to four hex digits.
fn h16(s: &str) -> bool {
    (1..=4).contains(&s.len()) && s.bytes().all(hex)
}

/// The IPv4 form of `_IPV4_PAT` inside IPv6: four dot-separated runs of
/// one to three ASCII digits (any value).
fn ipv4_pat(s: &str) -> bool {
    let mut n = 0;
    s.split('.').all(|p| {
        n += 1;
        (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())
    }) && n == 4
}

/// `_IPV6_PAT`: RFC 3986's `IPv6address`, its nine forms read as one
/// rule. Without `::`, six `h16` and an `ls32` (two `h16` or an IPv4);
/// with `::`, at most seven pieces around it, an IPv4 counting two and
/// standing last.
fn ipv6(s: &str) -> bool {
    // pieces of a side: h16s joined by ':', the last maybe an IPv4 (right
    // side only); how many 16-bit pieces they make
    fn side(s: &str, ipv4_last: bool) -> Option<usize> {
        if s.is_empty() {
            return Some(0);
        }
        let parts: Vec<&str> = s.split(':').collect();
        let last = parts.len() - 1;
        let mut n = 0;
        for (i, p) in parts.iter().enumerate() {
            if h16(p) {
                n += 1;
            } else if i == last && ipv4_last && ipv4_pat(p) {
                n += 2;
            } else {
                return None;
            }
        }
        Some(n)
    }
    match s.find("::") {
        None => side(s, true) == Some(8),
        Some(at) => {
            let (left, right) = (&s[..at], &s[at + 2..]);
            match (side(left, false), side(right, true)) {
                // the right side's IPv4 makes two pieces, so it needs room for two
                (Some(l), Some(r)) => l + r <= 7,
                _ => false,
            }
        }
    }
}

/// `_IPV4_RE`: one to four dot-separated numbers, each ASCII digits or
/// `0x` and hex digits.
fn ipv4_like(host: &str) -> bool {
    let mut n = 0;
    host.split('.').all(|p| {
        n += 1;
        let hexed = p
            .strip_prefix("0x")
            .or_else(|| p.strip_prefix("0X"))
            .is_some_and(|h| !h.is_empty() && h.bytes().all(hex));
        hexed || (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    }) && n <= 4
}

/// `_HOST_INVALID_CHAR_RE.search`: the first C0 control, space or DEL.
pub(super) fn invalid_char(s: &str) -> Option<char> {
    s.chars().find(|&c| c <= ' ' || c == '\x7f')
}

/// `_decode_percent_encoding`: the byte of the escape at `s[at..at + 3]`,
/// or the error for a control (the escape as written).
fn decode_escape(s: &str, at: usize, error_host: &str) -> Result<u8, ParseError> {
    let text = &s[at..at + 3];
    let byte = u8::from_str_radix(&text[1..], 16).unwrap_or(0);
    if byte < 0x20 || byte == 0x7f {
        return Err(ParseError::PercentControl {
            host: error_host.to_owned(),
            escape: text.to_owned(),
        });
    }
    Ok(byte)
}

/// Records `e` as the failure of step `id` and gives it back.
fn fail<T: Tracer>(tracer: &mut T, id: StepId, e: ParseError) -> ParseError {
    tracer.record(|| Step::new(id).decide(e.to_string()).fail());
    e
}

/// `_normalize_host(host, scheme)`; `normalizable` is `scheme in
/// _NORMALIZABLE_SCHEMES` (http, https or none).
pub(super) fn normalize_host<'s, T: Tracer>(
    host: &'s str,
    normalizable: bool,
    tracer: &mut T,
) -> Result<Cow<'s, str>, ParseError> {
    // _normalize_host: only a host that is not empty
    if host.is_empty() {
        return Ok(Cow::Borrowed(host));
    }
    if let Some(ch) = invalid_char(host) {
        let e = ParseError::InvalidChar {
            text: host.to_owned(),
            ch,
        };
        return Err(fail(tracer, StepId::Urllib3HostControl, e));
    }
    tracer.record(|| {
        Step::new(StepId::Urllib3HostControl).decide("no control, space or DEL in the host")
    });
    if !normalizable {
        tracer.record(|| {
            Step::change(StepId::Urllib3HostKept, Component::Host, None, Some(host))
                .decide("not http or https: the host is kept as written")
        });
        return Ok(Cow::Borrowed(host));
    }
    if host.starts_with('[') && ipv6_addrz(host) {
        return ipv6_host(host, tracer);
    }
    if ipv4_like(host) {
        tracer.record(|| {
            Step::change(StepId::Urllib3HostIpv4, Component::Host, None, Some(host))
                .decide("numbers and dots: kept as written")
        });
        return Ok(Cow::Borrowed(host));
    }
    let decoded = if host.contains('%') {
        let d = host_percent(host).map_err(|e| fail(tracer, StepId::Urllib3HostPercent, e))?;
        tracer.record(|| {
            Step::change(
                StepId::Urllib3HostPercent,
                Component::Host,
                Some(host),
                Some(&d),
            )
            .decide("escapes of unreserved characters decoded, the others uppercased")
        });
        Cow::Owned(d)
    } else {
        Cow::Borrowed(host)
    };
    labels(host, decoded, tracer)
}

/// The IPv6 branch of `_normalize_host`: lowercased, the zone normalized.
fn ipv6_host<'s, T: Tracer>(host: &'s str, tracer: &mut T) -> Result<Cow<'s, str>, ParseError> {
    // _ZONE_ID_RE.search: from the first '%' (the address has none) to the ']'
    let Some(start) = host.find('%') else {
        let lower = ascii_lower(host);
        tracer.record(|| {
            Step::change(
                StepId::Urllib3HostIpv6,
                Component::Host,
                Some(host),
                Some(&lower),
            )
            .decide("an IPv6 address, lowercased")
        });
        return Ok(lower);
    };
    let end = host.len() - 1;
    let mut zone_id = &host[start..end];
    // _normalize_host: '%25' is the escaped '%' of RFC 6874, unless it is all there is
    zone_id = if zone_id.starts_with("%25") && zone_id != "%25" {
        &zone_id[3..]
    } else {
        &zone_id[1..]
    };
    // _PERCENT_RE.sub(_normalize_zone_id_percent_encoding): checked and uppercased
    let b = zone_id.as_bytes();
    let mut checked = String::with_capacity(zone_id.len());
    let mut at = 0;
    while at < b.len() {
        if escape_at(b, at) {
            decode_escape(zone_id, at, host)
                .map_err(|e| fail(tracer, StepId::Urllib3HostIpv6, e))?;
            checked.push_str(&zone_id[at..at + 3].to_ascii_uppercase());
            at += 3;
        } else {
            let c = zone_id[at..].chars().next().unwrap_or('\0');
            checked.push(c);
            at += c.len_utf8();
        }
    }
    let zone_id = encode_invalid_chars(&checked, is_unreserved);
    let mut out = String::with_capacity(host.len());
    out.push_str(&host[..start].to_ascii_lowercase());
    out.push('%');
    out.push_str(&zone_id);
    out.push_str(&host[end..]);
    tracer.record(|| {
        Step::change(
            StepId::Urllib3HostIpv6,
            Component::Host,
            Some(host),
            Some(&out),
        )
        .decide(format!(
            "an IPv6 address, lowercased; its zone {zone_id:?} keeps its case"
        ))
    });
    Ok(Cow::Owned(out))
}

/// `_HOST_PERCENT_RE.sub(_normalize_host_percent_encoding, host)`.
fn host_percent(host: &str) -> Result<String, ParseError> {
    let b = host.as_bytes();
    let mut out = String::with_capacity(host.len());
    let mut from = 0;
    let mut at = 0;
    while let Some(i) = memchr::memchr(b'%', &b[at..]) {
        let p = at + i;
        out.push_str(&host[from..p]);
        if !escape_at(b, p) {
            // the regular expression's bare '%' alternative
            return Err(ParseError::NotValidHost(host.to_owned()));
        }
        let byte = decode_escape(host, p, host)?;
        if is_unreserved(byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&host[p..p + 3].to_ascii_uppercase());
        }
        at = p + 3;
        from = at;
    }
    out.push_str(&host[from..]);
    Ok(out)
}

/// ASCII lowercase, copied only when something changes.
fn ascii_lower(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

/// The labels of `_normalize_host`: `host.split(".")`, each through
/// `_idna_encode`, joined with `.`. `written` is the host before its
/// escapes were normalized, for the trace.
fn labels<'s, T: Tracer>(
    written: &'s str,
    host: Cow<'s, str>,
    tracer: &mut T,
) -> Result<Cow<'s, str>, ParseError> {
    // an ASCII host already lowercase comes out as it went in (its escapes
    // are uppercase by now)
    let unchanged = host.is_ascii() && !host.bytes().any(|b| b.is_ascii_uppercase());
    let out = if unchanged {
        host
    } else {
        let mut out = String::with_capacity(host.len() + 8);
        for (i, label) in host.split('.').enumerate() {
            if i > 0 {
                out.push('.');
            }
            if label.is_ascii() {
                // _idna_encode: lowercase, then escapes uppercased again
                push_ascii_label(&mut out, label);
            } else {
                out.push_str(&idna_label(label, tracer)?);
            }
        }
        Cow::Owned(out)
    };
    tracer.record(|| {
        Step::change(
            StepId::Urllib3HostLabels,
            Component::Host,
            Some(written),
            Some(&out),
        )
        .decide(if unchanged {
            "every label ASCII and lowercase already"
        } else {
            "ASCII labels lowercased, the others through idna.encode"
        })
    });
    Ok(out)
}

/// `_idna_encode` of an ASCII label: lowercased, its escapes uppercased.
fn push_ascii_label(out: &mut String, label: &str) {
    let lower = label.to_ascii_lowercase();
    let b = lower.as_bytes();
    let mut at = 0;
    while at < b.len() {
        if escape_at(b, at) {
            out.push('%');
            out.push(char::from(b[at + 1].to_ascii_uppercase()));
            out.push(char::from(b[at + 2].to_ascii_uppercase()));
            at += 3;
        } else {
            out.push(char::from(b[at]));
            at += 1;
        }
    }
}

/// `_idna_encode` of a label that is not ASCII: `idna.encode(name.lower(),
/// strict=True, std3_rules=True)`, any `IDNAError` refusing the URL.
fn idna_label<T: Tracer>(name: &str, tracer: &mut T) -> Result<String, ParseError> {
    // idna.encode: more than 1,024 code points is refused before anything;
    // lowercasing never shortens, so the check can come first
    let lowered = if name.chars().nth(idna::MAX_INPUT_LENGTH).is_some() {
        None
    } else {
        Some(idna::py_lower(name))
    };
    let result = match &lowered {
        Some(lowered) => idna::encode(lowered, tracer),
        None => Err(idna::IdnaError::DomainTooLong),
    };
    match result {
        Ok(alabel) => {
            tracer.record(|| {
                Step::change(
                    StepId::Urllib3IdnaLabel,
                    Component::Host,
                    Some(name),
                    Some(&alabel),
                )
                .decide("idna.encode(name.lower(), strict=True)")
            });
            Ok(alabel)
        }
        Err(why) => {
            let reason = if T::ON {
                why.to_string()
            } else {
                String::new()
            };
            let e = ParseError::Idna {
                name: name.to_owned(),
                why,
            };
            tracer.record(|| {
                Step::change(StepId::Urllib3IdnaLabel, Component::Host, Some(name), None)
                    .decide(format!("{e} (idna: {reason})"))
                    .fail()
            });
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_port_matches_as_the_pattern_does() {
        assert_eq!(host_port("a.b:80"), Some(("a.b", Some("80"))));
        assert_eq!(host_port("a:"), Some(("a", Some(""))));
        assert_eq!(host_port("a:000"), Some(("a", Some("0"))));
        assert_eq!(host_port("a:0000080"), Some(("a", Some("80"))));
        assert_eq!(host_port("a:123456"), None);
        assert_eq!(host_port("a:012345"), Some(("a", Some("12345"))));
        assert_eq!(host_port("a:-1"), None);
        assert_eq!(host_port("a b"), Some(("a b", None)));
        assert_eq!(host_port("%41%zz"), None);
        assert_eq!(host_port("[::1]:8"), Some(("[::1]", Some("8"))));
        assert_eq!(host_port("[::1%25en0]"), Some(("[::1%25en0]", None)));
        assert_eq!(host_port("[::1%]"), None);
        assert_eq!(host_port("[::1]x"), None);
        assert_eq!(host_port("a:b:80"), None);
        assert_eq!(host_port(""), Some(("", None)));
    }

    #[test]
    fn ipv6_is_rfc_3986s() {
        for good in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "::999.0.0.0",
            "1::2:3:4:5:6:7",
            "1:2:3:4:5:6:7::",
            "fe80::1",
        ] {
            assert!(ipv6(good), "{good}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "1:2:3:4:5:6:7:8::",
            "::1.2.3",
            "1.2.3.4::",
            "12345::",
            "1:2:3:4:5:6:7::8",
            "::1:2:3:4:5:6:1.2.3.4",
            ":1::",
        ] {
            assert!(!ipv6(bad), "{bad}");
        }
    }

    #[test]
    fn ipv4_like_is_the_loose_pattern() {
        for yes in ["1", "0x7f.1", "0X1", "999999999999", "1.2.3.4", "00.0x0"] {
            assert!(ipv4_like(yes), "{yes}");
        }
        for no in ["0x", "1.2.3.4.5", "1.", ".1", "a", "1..2"] {
            assert!(!ipv4_like(no), "{no}");
        }
    }
}
