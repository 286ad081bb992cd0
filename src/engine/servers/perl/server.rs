//! `URI/_server.pm` (URI 5.17): userinfo, host, ihost, port and their
//! setters, and `URI/file.pm`'s host. Every one of them reads the
//! authority (the class's own `authority`: sip has its own) and cuts it
//! with a regular expression.

use super::idna;
use super::object::Uri;
use super::text::{is_uric4host, uri_unescape};

/// The position of a `:` that only ASCII digits follow to the end (at
/// least one with `one_digit`): `/:\d*$/` or `/:\d+$/` on an ASCII or
/// byte string, whose `\d` is `[0-9]`.
pub(super) fn port_colon(s: &str, one_digit: bool) -> Option<usize> {
    let p = s.rfind(':')?;
    let digits = &s[p + 1..];
    (digits.bytes().all(|b| b.is_ascii_digit()) && (!one_digit || !digits.is_empty())).then_some(p)
}

/// The decoded ihost, as Perl holds it: code points (a punycode label
/// can decode to any number up to `IV_MAX`).
pub type CodePoints = Vec<u64>;

impl Uri {
    /// `URI::_server::userinfo`: the authority up to its last `@`.
    pub fn userinfo(&self) -> Option<&str> {
        let auth = self.authority()?;
        auth.rfind('@').map(|p| &auth[..p])
    }

    /// `URI::_server::host` (or `URI::file::host`): the host, decoded to
    /// bytes (characters U+0000 to U+00FF).
    pub fn host(&self) -> Option<String> {
        let auth = self.authority()?;
        if self.class == super::Class::File {
            // URI::file::host: uri_unescape of the whole authority
            return Some(uri_unescape(auth));
        }
        Some(uri_unescape(host_text(auth)))
    }

    /// `URI::_server::_port`: the digits after the last `:`, if only
    /// digits follow it (maybe none).
    pub(super) fn raw_port(&self) -> Option<&str> {
        let auth = self.authority()?;
        port_colon(auth, false).map(|p| &auth[p + 1..])
    }

    /// `URI::_server::port`: `_port`, or the default port when that is
    /// undef or empty.
    pub fn port(&self) -> Option<String> {
        match self.raw_port() {
            Some(p) if !p.is_empty() => Some(p.to_owned()),
            _ => self.class.default_port().map(|p| p.to_string()),
        }
    }

    /// `URI::_server::ihost`: the host, punycode-decoded when a label
    /// starts with "xn--"; `Err` with the text of the die.
    pub fn ihost(&self) -> Result<Option<CodePoints>, String> {
        let Some(host) = self.host() else {
            return Ok(None);
        };
        let cps: CodePoints = host.chars().map(u64::from).collect();
        // /(^|\.)xn--/
        if !(host.starts_with("xn--") || host.contains(".xn--")) {
            return Ok(Some(cps));
        }
        idna::decode(&cps).map(Some)
    }

    /// `URI::_server::host` as a setter, with `new` a byte string.
    pub(super) fn set_host(&mut self, new: &str) {
        let old = self.authority().unwrap_or("").to_owned();
        // /(.*@)/ and /(:\d+)$/ on the old authority
        let ui = old.rfind('@').map_or("", |p| &old[..=p]);
        let mut port = port_colon(&old, true).map_or("", |p| &old[p..]).to_owned();
        let mut new = new.to_owned();
        if !new.is_empty() {
            new = new.replace('@', "%40");
            // /^[^:]*:\d*\z/ || /]:\d*\z/: a port given with the host
            let split = port_colon(&new, false)
                .filter(|&p| new.matches(':').count() == 1 || new[..p].ends_with(']'));
            if let Some(p) = split {
                port = new[p..].to_owned();
                new.truncate(p);
            }
            if new.contains(':') && !new.starts_with('[') {
                new = format!("[{new}]");
            }
            new = host_escape_bytes(new);
        }
        self.set_authority(Some(&format!("{ui}{new}{port}")));
    }

    /// `URI::_server::port(undef)`: the port removed from the authority.
    pub(super) fn remove_port(&mut self) {
        let new = self.authority().map(|auth| match port_colon(auth, false) {
            Some(p) => auth[..p].to_owned(),
            None => auth.to_owned(),
        });
        self.set_authority(new.as_deref());
    }
}

/// The host part of an authority, as `host` cuts it: after the last `@`,
/// less a `:digits` port, less one pair of brackets around the whole.
pub(super) fn host_text(auth: &str) -> &str {
    let mut h = auth.rfind('@').map_or(auth, |p| &auth[p + 1..]);
    if let Some(p) = port_colon(h, true) {
        h = &h[..p];
    }
    if h.len() >= 2 && h.starts_with('[') && h.ends_with(']') {
        h = &h[1..h.len() - 1];
    }
    h
}

/// `_host_escape` on a byte string: IDNA (with `lc` on `A`-`Z` only)
/// when a character is outside the URI set; unchanged if IDNA dies.
fn host_escape_bytes(host: String) -> String {
    if host.chars().all(is_uric4host) {
        return host;
    }
    let cps: Vec<u64> = host.chars().map(u64::from).collect();
    match idna::encode(&cps, false) {
        Ok(e) => e
            .into_iter()
            .filter_map(|c| u32::try_from(c).ok().and_then(char::from_u32))
            .collect(),
        Err(_) => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::servers::perl::Class;

    fn uri(class: Class, text: &str) -> Uri {
        Uri {
            class,
            text: text.to_owned(),
        }
    }

    #[test]
    fn rfc2732_t() {
        let mut u = uri(
            Class::Http,
            "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
        );
        assert_eq!(
            u.host().as_deref(),
            Some("FEDC:BA98:7654:3210:FEDC:BA98:7654:3210")
        );
        assert_eq!(u.port().as_deref(), Some("80"));
        u.remove_port();
        assert_eq!(
            u.as_str(),
            "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]/index.html"
        );
        u.set_host("::1:80");
        assert_eq!(u.as_str(), "http://[::1:80]/index.html");
        u.set_host("[::1]:88");
        assert_eq!(u.as_str(), "http://[::1]:88/index.html");
        let u = uri(Class::Ftp, "ftp://ftp:@[3ffe:2a00:100:7031::1]");
        assert_eq!(u.port().as_deref(), Some("21"));
        assert_eq!(u.raw_port(), None);
        assert_eq!(u.userinfo(), Some("ftp:"));
    }

    #[test]
    fn ihost_decodes_xn_labels() {
        let u = uri(Class::Http, "http://xn--bcher-kva.ch/");
        let ihost = u.ihost().ok().flatten().unwrap_or_default();
        let text: String = ihost
            .iter()
            .filter_map(|&c| char::from_u32(u32::try_from(c).unwrap_or(0)))
            .collect();
        assert_eq!(text, "bücher.ch");
        let u = uri(Class::Http, "http://%C3%BC/");
        assert_eq!(u.host().as_deref(), Some("\u{c3}\u{bc}"));
    }
}
