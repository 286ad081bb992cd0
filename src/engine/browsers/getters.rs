//! What `new URL(input, base)` gives in a browser: the ten getters, or the
//! `TypeError` it throws. A browser model writes its answer in this shape,
//! and compares with a real browser's in it.
//!
//! [`Parts`] is an href cut at its delimiters (scheme, authority, path,
//! query, fragment); a departure that edits the answer edits the parts and
//! derives the getters again, as the URL Standard's getters derive them
//! from a record ([`Parts::getters`]).

use crate::engine::url_standard::Url;

/// The getters of a parsed URL, as a browser reports them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Getters {
    pub href: String,
    pub protocol: String,
    pub username: String,
    pub password: String,
    pub hostname: String,
    pub host: String,
    pub port: String,
    pub pathname: String,
    pub search: String,
    pub hash: String,
}

/// A browser's answer: the getters, or refused (a `TypeError`).
pub type Answer = Option<Getters>;

impl Getters {
    /// The getters of a URL Standard record.
    pub fn of_url(url: &Url) -> Getters {
        let with = |p: &str, v: Option<&str>| match v {
            None | Some("") => String::new(),
            Some(v) => format!("{p}{v}"),
        };
        let hostname = url.host().map(|h| h.text.to_owned()).unwrap_or_default();
        let port = url.port().map(|p| p.to_string()).unwrap_or_default();
        let host = if port.is_empty() || url.host().is_none() {
            hostname.clone()
        } else {
            format!("{hostname}:{port}")
        };
        Getters {
            href: url.href().to_owned(),
            protocol: format!("{}:", url.scheme()),
            username: url.username().to_owned(),
            password: url.password().to_owned(),
            hostname,
            host,
            port,
            pathname: url.path().to_owned(),
            search: with("?", url.query()),
            hash: with("#", url.fragment()),
        }
    }

    /// The scheme, without its colon.
    pub fn scheme(&self) -> &str {
        self.protocol.strip_suffix(':').unwrap_or(&self.protocol)
    }

    /// Whether the path is opaque (no `/` starts it and there is no host).
    pub fn has_opaque_path(&self) -> bool {
        !self.pathname.starts_with('/') && Parts::of(&self.href).authority.is_none()
    }

    /// The ten getters in the order the browser oracles write them.
    pub fn as_array(&self) -> [&str; 10] {
        [
            &self.href,
            &self.protocol,
            &self.username,
            &self.password,
            &self.hostname,
            &self.host,
            &self.port,
            &self.pathname,
            &self.search,
            &self.hash,
        ]
    }
}

/// An href cut at its delimiters, as the serializer joined them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    pub scheme: String,
    /// What follows `//`, when the URL has a host.
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

impl Parts {
    /// The parts of `href` (a serialized URL).
    pub fn of(href: &str) -> Parts {
        let colon = href.find(':').unwrap_or(href.len());
        let scheme = href[..colon].to_owned();
        let mut rest = href.get(colon + 1..).unwrap_or("");
        let mut authority = None;
        if let Some(after) = rest.strip_prefix("//") {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            authority = Some(after[..end].to_owned());
            rest = &after[end..];
        }
        let (rest, fragment) = match rest.split_once('#') {
            Some((r, f)) => (r, Some(f.to_owned())),
            None => (rest, None),
        };
        let (path, query) = match rest.split_once('?') {
            Some((p, q)) => (p, Some(q.to_owned())),
            None => (rest, None),
        };
        Parts {
            scheme,
            authority,
            path: path.to_owned(),
            query,
            fragment,
        }
    }

    /// The getters of a URL serialized from these parts.
    pub fn getters(&self) -> Getters {
        let (mut username, mut password, mut hostname, mut port) =
            (String::new(), String::new(), String::new(), String::new());
        if let Some(authority) = &self.authority {
            let (userinfo, hostport) = match authority.rfind('@') {
                Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
                None => (None, authority.as_str()),
            };
            if let Some(userinfo) = userinfo {
                let (u, p) = userinfo.split_once(':').unwrap_or((userinfo, ""));
                username = u.to_owned();
                password = p.to_owned();
            }
            let (h, p) = split_host_port(hostport);
            hostname = h.to_owned();
            port = p.to_owned();
        }
        let href = format!(
            "{}:{}{}{}{}",
            self.scheme,
            self.authority
                .as_ref()
                .map_or(String::new(), |a| format!("//{a}")),
            self.path,
            self.query
                .as_ref()
                .map_or(String::new(), |q| format!("?{q}")),
            self.fragment
                .as_ref()
                .map_or(String::new(), |f| format!("#{f}")),
        );
        // The serializer's `/.` before a host-less path starting `//` is
        // no part of the pathname.
        let pathname = match (&self.authority, self.path.strip_prefix("/.")) {
            (None, Some(rest)) if rest.starts_with("//") => rest.to_owned(),
            _ => self.path.clone(),
        };
        let non_empty = |p: &str, v: &Option<String>| match v.as_deref() {
            None | Some("") => String::new(),
            Some(v) => format!("{p}{v}"),
        };
        Getters {
            host: if port.is_empty() {
                hostname.clone()
            } else {
                format!("{hostname}:{port}")
            },
            href,
            protocol: format!("{}:", self.scheme),
            username,
            password,
            hostname,
            port,
            pathname,
            search: non_empty("?", &self.query),
            hash: non_empty("#", &self.fragment),
        }
    }
}

/// A serialized `host[:port]` cut in two (a bracketed IPv6 address keeps
/// its colons).
fn split_host_port(hostport: &str) -> (&str, &str) {
    if hostport.starts_with('[')
        && let Some(end) = hostport.find(']')
    {
        let (h, rest) = hostport.split_at(end + 1);
        return (h, rest.strip_prefix(':').unwrap_or(""));
    }
    hostport.split_once(':').unwrap_or((hostport, ""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::NoTrace;
    use crate::engine::url_standard;

    #[test]
    fn parts_give_the_getters_the_record_gives() {
        for input in [
            "http://u:p@h:81/a/b?q#f",
            "sc://h",
            "sc:opaque?q",
            "web+demo:/.//not-a-host/",
            "http://[::1]:8080/",
            "file:///C:/x",
            "http://h/?#",
        ] {
            let url = url_standard::parse(
                input,
                None,
                crate::engine::QueryEncoding::UTF8,
                &mut NoTrace,
            )
            .url
            .expect("a URL");
            let of_url = Getters::of_url(&url);
            assert_eq!(Parts::of(url.href()).getters(), of_url, "{input}");
        }
    }
}
