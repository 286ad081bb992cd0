//! Which rule of the URL Standard's IPv4 parser a host breaks. The `url`
//! crate reports one kind, `InvalidIpv4Address`, for all of them; the view
//! reads the host again with the standard's steps to name the rule
//! (URL Standard, 3.5 "IPv4 parser" and "IPv4 number parser").
//!
//! Only the host as written is read: percent-decoding of ASCII and ASCII
//! lowercase, not the full domain-to-ASCII mapping, so a host that needs
//! more (full-width digits, say) gets no rule and the view keeps the
//! crate's general message.

/// A rule the host breaks: the standard's name for it and what broke it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ipv4Rule {
    /// The validation error's name in the standard (`IPv4-too-many-parts`).
    pub name: &'static str,
    /// Which part broke it and how, in a sentence.
    pub why: String,
}

/// The host of an absolute URL as written (`None` without `scheme:`).
pub fn host_of(input: &str) -> Option<String> {
    // Basic URL parser: leading and trailing C0 controls and spaces are
    // cut, tabs and newlines removed anywhere.
    let input: String = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    let scheme_ok = scheme.chars().next()?.is_ascii_alphabetic()
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !scheme_ok {
        return None;
    }
    let rest = input[colon + 1..].trim_start_matches(['/', '\\']);
    let authority = rest.split(['/', '\\', '?', '#']).next()?;
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if host_port.starts_with('[') {
        host_port
    } else {
        host_port.rsplit_once(':').map_or(host_port, |(h, _)| h)
    };
    Some(percent_decode_ascii(host).to_ascii_lowercase())
}

/// `%XX` for ASCII bytes decoded; anything else kept as it is.
fn percent_decode_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 1..i + 3);
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) if b.is_ascii() => {
                out.push(char::from(b));
                rest = &rest[i + 3..];
            }
            _ => {
                out.push('%');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A part read by the IPv4 number parser: its value (saturated: any value
/// that big is out of range anyway), or `None` for a failure.
fn number(part: &str) -> Option<u64> {
    // IPv4 number parser, steps 1-7: "0x" means hexadecimal, a leading
    // "0" octal, and "0x" alone is 0.
    if part.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(h) = part.strip_prefix("0x").or(part.strip_prefix("0X")) {
        (h, 16)
    } else if part.len() > 1 && part.starts_with('0') {
        (&part[1..], 8)
    } else {
        (part, 10)
    };
    let mut value: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        value = value
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(d));
    }
    Some(value)
}

/// The rule `host` breaks as an IPv4 address, or `None` when it is a valid
/// one (or the steps above cannot tell).
pub fn ipv4_rule(host: &str) -> Option<Ipv4Rule> {
    // IPv4 parser, steps 1-2: a trailing dot leaves an empty last part,
    // which is dropped.
    let mut parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    // Step 3.
    if parts.len() > 4 {
        return Some(Ipv4Rule {
            name: "IPv4-too-many-parts",
            why: format!(
                "the host {host:?} has {} dot-separated parts; an IPv4 address has at most 4",
                parts.len()
            ),
        });
    }
    // Steps 4-5.
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        match number(part) {
            Some(n) => numbers.push(n),
            None => {
                return Some(Ipv4Rule {
                    name: "IPv4-non-numeric-part",
                    why: format!(
                        "the part {part:?} of {host:?} is not a number (decimal, 0x… hexadecimal or 0… octal)"
                    ),
                });
            }
        }
    }
    // Step 7: every part but the last is one byte.
    let last = numbers.len().checked_sub(1)?;
    if let Some(i) = numbers[..last].iter().position(|&n| n > 255) {
        return Some(Ipv4Rule {
            name: "IPv4-out-of-range-part",
            why: format!(
                "the part {:?} of {host:?} is over 255; only the last part may be",
                parts[i]
            ),
        });
    }
    // Step 8: the last part fills the bytes the others left.
    let limit = 256u64.pow(5 - numbers.len() as u32);
    if numbers[last] >= limit {
        return Some(Ipv4Rule {
            name: "IPv4-out-of-range-part",
            why: format!(
                "the last part {:?} of {host:?} is {} or more; after {} other part{} it must be below {limit}",
                parts[last],
                limit,
                last,
                if last == 1 { "" } else { "s" }
            ),
        });
    }
    None
}

/// The rule the host of `input` breaks, when `input` is an absolute URL.
pub fn rule_of_input(input: &str) -> Option<Ipv4Rule> {
    ipv4_rule(&host_of(input)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(input: &str) -> Option<&'static str> {
        rule_of_input(input).map(|r| r.name)
    }

    #[test]
    fn each_rule_is_named_from_the_host() {
        assert_eq!(name("http://1.2.3.4.5/"), Some("IPv4-too-many-parts"));
        assert_eq!(name("http://1.2.3.999/"), Some("IPv4-out-of-range-part"));
        assert_eq!(name("http://1.300.3.4/"), Some("IPv4-out-of-range-part"));
        assert_eq!(name("http://1.2.x.4/"), Some("IPv4-non-numeric-part"));
        assert_eq!(name("http://1.2.3.09/"), Some("IPv4-non-numeric-part"));
        assert_eq!(
            name("http://u:p@1.2.3.4.5:80/x"),
            Some("IPv4-too-many-parts")
        );
        assert_eq!(
            name("http://1.2.3.%34%30%30/"),
            Some("IPv4-out-of-range-part")
        );
        assert_eq!(name("http://4294967296/"), Some("IPv4-out-of-range-part"));
        // Valid addresses, and inputs with no host to read, name nothing.
        assert_eq!(name("http://4294967295/"), None);
        assert_eq!(name("http://0x7f.1/"), None);
        assert_eq!(name("http://1.2.3.4./"), None);
        assert_eq!(name("../1.2.3.999"), None);
        assert_eq!(name(""), None);
    }

    #[test]
    fn the_reason_quotes_the_part() {
        let r = rule_of_input("http://1.2.3.999/").expect("a rule");
        assert!(
            r.why.contains("\"999\"") && r.why.contains("256"),
            "{}",
            r.why
        );
    }

    #[test]
    fn every_input_the_url_crate_finds_a_bad_ipv4_gets_a_rule() {
        use crate::resolvers::whatwg::Code;
        use crate::resolvers::{NoteCode, Request, Resolver};
        for input in [
            "http://1.2.3.4.5/",
            "http://1.2.3.999/",
            "http://1.256.0.0/",
            "http://1.2.3.0x100/",
            "http://0xfffffffff/",
            "http://1.2.3.08/",
        ] {
            let a = Resolver::Whatwg.resolve(&Request::new(input));
            let bad_ipv4 = a
                .why_invalid()
                .is_some_and(|n| n.code == NoteCode::Whatwg(Code::InvalidIpv4));
            assert!(
                bad_ipv4,
                "{input}: the crate should call it a bad IPv4 address"
            );
            assert!(rule_of_input(input).is_some(), "{input}: no rule named");
        }
    }
}
