//! The host an attacker wants the fetch to reach, and every spelling of it
//! that a parser may read as that host.
//!
//! Whether a fetch reaches the target is decided on the fetching parser's
//! host, which the models give as the client connects to it, read the way
//! the name resolver and the client's IDNA step read it: IPv4 in any number
//! form (as `inet_aton` reads `0x7f.1`), full-width letters and ideographic
//! dots mapped by UTS #46, case ignored; the URL Standard's host parser
//! does exactly that ([`hosts::normalize`]). A host that still holds a `%`
//! is taken as written: no resolver decodes percent-encoding, so
//! `127%2e0%2e0%2e1` reaches nothing (a parser that decodes it gives
//! `127.0.0.1` itself). Three interpretations, each a decision:
//!
//! - an IPv4 target is also reached through its IPv4-mapped IPv6 address
//!   (`[::ffff:127.0.0.1]`): a dual-stack socket connecting there connects
//!   to the IPv4 address;
//! - an IPv6 address with a zone (`[::1%25eth0]`) is that address (the
//!   zone names the interface, not another host);
//! - a name target is also reached through any name under it
//!   (`good.com.evil.com` for `evil.com`): whoever holds the zone answers
//!   for its subdomains. A trailing dot (the root) is ignored.

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::resolvers::hosts;

/// The target host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// As the person wrote it.
    pub text: String,
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    /// A name, normalized, without a trailing dot.
    Name(String),
}

impl Target {
    /// The target `text` names: an IPv4 address (dotted decimal), an IPv6
    /// address (with or without brackets) or a host name.
    pub fn parse(text: &str) -> Result<Target, String> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err("the target host is empty".into());
        }
        let unbracketed = trimmed
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(trimmed);
        let kind = if let Ok(v4) = trimmed.parse::<Ipv4Addr>() {
            Kind::Ipv4(v4)
        } else if let Ok(v6) = unbracketed.parse::<Ipv6Addr>() {
            Kind::Ipv6(v6)
        } else {
            if trimmed.contains(['/', '?', '#', '@', ' ']) {
                return Err(format!(
                    "the target {trimmed:?} is not a host: give a name or an address, no path or user"
                ));
            }
            Kind::Name(name_key(&hosts::normalize(trimmed)))
        };
        Ok(Target {
            text: trimmed.to_owned(),
            kind,
        })
    }

    /// Whether a fetch to `host` (as the fetching parser writes it)
    /// reaches the target.
    pub fn reached_by(&self, host: &str) -> bool {
        if host.is_empty() {
            return false;
        }
        let normalized = reach_key(host);
        match &self.kind {
            Kind::Ipv4(v4) => {
                normalized.parse::<Ipv4Addr>().ok() == Some(*v4)
                    || ipv6_of(&normalized).and_then(|v6| v6.to_ipv4_mapped()) == Some(*v4)
            }
            Kind::Ipv6(v6) => ipv6_of(&normalized) == Some(*v6),
            Kind::Name(name) => {
                let seen = name_key(&normalized);
                seen == *name
                    || seen
                        .strip_suffix(name.as_str())
                        .is_some_and(|rest| rest.ends_with('.'))
            }
        }
    }

    /// The target's spellings to put in candidates, each with what it is:
    /// the plain form first.
    pub fn spellings(&self) -> Vec<(&'static str, String)> {
        match &self.kind {
            Kind::Ipv4(v4) => ipv4_spellings(*v4),
            Kind::Ipv6(v6) => ipv6_spellings(*v6),
            Kind::Name(name) => name_spellings(name),
        }
    }

    /// Whether the target is an address (IPv4 or IPv6) rather than a name.
    pub fn is_address(&self) -> bool {
        !matches!(self.kind, Kind::Name(_))
    }
}

/// The host as the connection reads it (see the module's doc): an IPv6
/// address without its zone, a host with a `%` as written (lowercased),
/// anything else through the URL Standard's host parser.
fn reach_key(host: &str) -> String {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if bare.contains(':') {
        let address = bare.split('%').next().unwrap_or(bare);
        if let Ok(v6) = address.parse::<Ipv6Addr>() {
            return format!("[{v6}]");
        }
    }
    if host.contains('%') {
        return host.to_lowercase();
    }
    hosts::normalize(host)
}

/// A normalized name without its trailing dot (`evil.com.` is `evil.com`).
fn name_key(normalized: &str) -> String {
    normalized
        .strip_suffix('.')
        .unwrap_or(normalized)
        .to_owned()
}

fn ipv6_of(normalized: &str) -> Option<Ipv6Addr> {
    normalized
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .and_then(|t| t.parse().ok())
}

/// The IPv4 forms that inet_aton and the URL Standard read as one
/// address, and a few that only some parsers do.
fn ipv4_spellings(v4: Ipv4Addr) -> Vec<(&'static str, String)> {
    let [a, b, c, d] = v4.octets();
    let n = u32::from(v4);
    let mut out = vec![
        ("dotted decimal", v4.to_string()),
        ("one decimal number", n.to_string()),
        ("one hexadecimal number", format!("0x{n:x}")),
        ("one octal number", format!("0{n:o}")),
        ("dotted octal", format!("0{a:o}.0{b:o}.0{c:o}.0{d:o}")),
        (
            "dotted hexadecimal",
            format!("0x{a:x}.0x{b:x}.0x{c:x}.0x{d:x}"),
        ),
        ("two parts", format!("{a}.{}", n & 0x00ff_ffff)),
        ("three parts", format!("{a}.{b}.{}", n & 0xffff)),
        ("mixed bases", format!("0x{a:x}.0{b:o}.{}", n & 0xffff)),
        ("trailing dot", format!("{v4}.")),
        ("padded with zeros", format!("{a}.{b}.{c}.{d:03}")),
        ("percent-encoded dots", v4.to_string().replace('.', "%2e")),
        (
            "ideographic full stops",
            v4.to_string().replace('.', "\u{3002}"),
        ),
        (
            "full-width digits",
            v4.to_string().chars().map(full_width).collect(),
        ),
        ("IPv4-mapped IPv6", format!("[::ffff:{v4}]")),
        (
            "IPv4-mapped IPv6, hexadecimal",
            format!("[::ffff:{:x}:{:x}]", n >> 16, n & 0xffff),
        ),
        ("IPv4-compatible IPv6", format!("[::{v4}]")),
    ];
    // A padded last part is octal to inet_aton: only where that is the same
    // number (under 8) is it this address.
    if d >= 8 {
        out.retain(|(what, _)| *what != "padded with zeros");
    }
    out
}

fn ipv6_spellings(v6: Ipv6Addr) -> Vec<(&'static str, String)> {
    let segments = v6.segments();
    let full: Vec<String> = segments.iter().map(|s| format!("{s:04x}")).collect();
    let mut out = vec![
        ("shortest", format!("[{v6}]")),
        ("every group written", format!("[{}]", full.join(":"))),
        ("upper case", format!("[{}]", v6.to_string().to_uppercase())),
        ("zone identifier", format!("[{v6}%25eth0]")),
        ("zone identifier, bare %", format!("[{v6}%eth0]")),
        (
            "percent-encoded colons",
            format!("[{}]", v6.to_string().replace(':', "%3a")),
        ),
    ];
    if let Some(v4) = v6.to_ipv4_mapped() {
        out.push(("IPv4 tail", format!("[::ffff:{v4}]")));
    }
    out
}

fn name_spellings(name: &str) -> Vec<(&'static str, String)> {
    let mut first_encoded = String::new();
    let mut chars = name.chars();
    if let Some(c) = chars.next().filter(char::is_ascii) {
        first_encoded = format!("%{:02X}{}", c as u32, chars.as_str());
    }
    let mut out = vec![
        ("as written", name.to_owned()),
        ("upper case", name.to_uppercase()),
        ("trailing dot", format!("{name}.")),
        ("full-width letters", name.chars().map(full_width).collect()),
        ("ideographic full stops", name.replace('.', "\u{3002}")),
        ("full-width full stops", name.replace('.', "\u{ff0e}")),
        ("percent-encoded dots", name.replace('.', "%2e")),
        ("soft hyphen inside", soft_hyphen(name)),
    ];
    if !first_encoded.is_empty() {
        out.push(("percent-encoded letter", first_encoded));
    }
    out
}

/// The full-width form of an ASCII letter, digit or full stop (U+FF01
/// onwards mirror U+0021 onwards); any other character as it is.
fn full_width(c: char) -> char {
    match c {
        '!'..='~' => char::from_u32(c as u32 - 0x21 + 0xff01).unwrap_or(c),
        _ => c,
    }
}

/// A soft hyphen (which IDNA maps to nothing) after the first character.
fn soft_hyphen(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    for (i, c) in name.chars().enumerate() {
        out.push(c);
        if i == 0 {
            out.push('\u{ad}');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ipv4_spelling_reads_as_the_address_once_normalized() {
        let t = Target::parse("127.0.0.1").unwrap();
        for (what, s) in t.spellings() {
            // ::127.0.0.1 is another address (::7f00:1): it is tried for
            // the parsers that would read it as 127.0.0.1.
            if what == "IPv4-compatible IPv6" {
                assert!(!t.reached_by(&s));
                continue;
            }
            // Percent-encoding is for the parsers to decode.
            let host = s.replace("%2e", ".");
            assert!(t.reached_by(&host), "{what}: {s}");
        }
        assert!(!t.reached_by("127%2e0%2e0%2e1"));
        assert!(!t.reached_by("127.0.0.2"));
        assert!(!t.reached_by("localhost"));
    }

    #[test]
    fn a_name_is_reached_through_its_subdomains_and_its_spellings() {
        let t = Target::parse("evil.com").unwrap();
        assert!(t.reached_by("EVIL.com"));
        assert!(t.reached_by("evil.com."));
        assert!(t.reached_by("good.com.evil.com"));
        assert!(t.reached_by("ｅｖｉｌ.com"));
        assert!(!t.reached_by("notevil.com"));
        assert!(!t.reached_by("evil.com.good.com"));
    }

    #[test]
    fn ipv6_targets_compare_as_addresses() {
        let t = Target::parse("[::1]").unwrap();
        assert!(t.reached_by("[0:0:0:0:0:0:0:1]"));
        assert!(t.reached_by("::1"));
        assert!(t.reached_by("[::1%25eth0]"));
        assert!(!t.reached_by("[::2]"));
        assert!(Target::parse("::1").unwrap().is_address());
    }

    #[test]
    fn a_target_that_is_no_host_is_refused() {
        assert!(Target::parse("").is_err());
        assert!(
            Target::parse("evil.com/x")
                .unwrap_err()
                .contains("not a host")
        );
    }
}
