//! w3lib/url.py's `_safe_url_split` (the work of `safe_url_string`): the
//! URL split by `_urlsplit`, then each part percent-encoded with the set
//! of characters that w3lib finds safe in it, and the host made ASCII.

use super::python::{
    FRAGMENT_SAFEST, PATH_SAFEST, QUERY_SAFEST, SPECIAL_QUERY_SAFEST, USERINFO_SAFEST, nfkc, quote,
    unquote,
};
use super::split::{is_special, strip, urlsplit};
use crate::engine::canon_forms::python_idna::python_idna_encode;
use crate::engine::{Component, Step, StepId, Tracer};

/// The five parts `_safe_url_split` returns.
#[derive(Debug)]
pub(super) struct SafeParts {
    pub scheme: String,
    pub netloc: String,
    pub path: String,
    pub query: String,
    pub fragment: String,
}

fn record_change<T: Tracer>(
    tr: &mut T,
    id: StepId,
    component: Component,
    before: &str,
    after: &str,
) {
    if before != after {
        tr.record(|| Step::change(id, component, Some(before), Some(after)));
    }
}

/// The host as `_safe_url_split` writes it into the netloc: an IPv6
/// address back in brackets (ASCII, or UnicodeEncodeError), an ASCII name
/// as it is, any other through NFKC and Python's IDNA codec.
fn safe_host<T: Tracer>(host: &str, tr: &mut T) -> Result<String, String> {
    if host.contains(':') {
        // An IPv6 address (urlsplit took its brackets off), written
        // back as ASCII: hostname.encode("ascii").
        if !host.is_ascii() {
            tr.record(|| {
                Step::new(StepId::W3libHost).decide(format!(
                    "{host:?} holds ':' and is not ASCII: UnicodeEncodeError"
                ))
            });
            return Err(ascii_encode_error(host));
        }
        Ok(format!("[{host}]"))
    } else if host.is_ascii() {
        Ok(host.to_owned())
    } else {
        // _idna: NFKC first (with '@', ':', '#', '?' taken out, none of
        // which a host holds), then Python's IDNA 2003 codec; where the
        // codec raises UnicodeError the host is kept, as UTF-8.
        let normalized = nfkc(host);
        match python_idna_encode(&normalized) {
            Ok(ascii) => {
                let ascii = String::from_utf8_lossy(&ascii).into_owned();
                tr.record(|| {
                    Step::change(StepId::W3libHost, Component::Host, Some(host), Some(&ascii))
                        .decide(format!(
                            "NFKC gives {normalized:?}, the IDNA codec {ascii:?}"
                        ))
                });
                Ok(ascii)
            }
            Err(()) => {
                tr.record(|| {
                    Step::new(StepId::W3libHost)
                        .about(Component::Host)
                        .decide(format!(
                            "the IDNA codec refuses {normalized:?}: the host stays {host:?}"
                        ))
                });
                Ok(host.to_owned())
            }
        }
    }
}

/// `_safe_url_split(url, encoding="utf8")`.
pub(super) fn safe_url_split<T: Tracer>(url: &str, tr: &mut T) -> Result<SafeParts, String> {
    let stripped = strip(url, tr);
    let parts = urlsplit(&stripped, tr)?;
    let mut netloc = String::new();

    if let Some(user) = &parts.username {
        let q = quote(&unquote(user.as_bytes(), false), USERINFO_SAFEST, false);
        record_change(tr, StepId::W3libUserinfo, Component::User, user, &q);
        netloc.push_str(&q);
        if let Some(pass) = &parts.password {
            let q = quote(&unquote(pass.as_bytes(), false), USERINFO_SAFEST, false);
            record_change(tr, StepId::W3libUserinfo, Component::Password, pass, &q);
            netloc.push(':');
            netloc.push_str(&q);
        }
        netloc.push('@');
    }

    if let Some(host) = &parts.hostname {
        netloc.push_str(&safe_host(host, tr)?);
    }
    if let Some(port) = parts.port {
        netloc.push(':');
        netloc.push_str(&port.to_string());
    }
    if netloc != parts.netloc {
        tr.record(|| {
            Step::new(StepId::W3libHost).decide(format!(
                "the netloc is now {netloc:?} (was {:?})",
                parts.netloc
            ))
        });
    }

    let mut path = quote(parts.path.as_bytes(), PATH_SAFEST, false);
    record_change(
        tr,
        StepId::W3libSafePath,
        Component::Path,
        &parts.path,
        &path,
    );

    let set = if is_special(&parts.scheme) {
        SPECIAL_QUERY_SAFEST
    } else {
        QUERY_SAFEST
    };
    let query = quote(parts.query.as_bytes(), set, false);
    record_change(
        tr,
        StepId::W3libSafeQuery,
        Component::Query,
        &parts.query,
        &query,
    );

    let fragment = quote(parts.fragment.as_bytes(), FRAGMENT_SAFEST, false);
    record_change(
        tr,
        StepId::W3libSafeFragment,
        Component::Fragment,
        &parts.fragment,
        &fragment,
    );

    if path.is_empty() && !query.is_empty() && is_special(&parts.scheme) {
        path.push('/');
        tr.record(|| {
            Step::change(StepId::W3libRootPath, Component::Path, Some(""), Some("/"))
                .decide("a special scheme with a query and no path")
        });
    }
    Ok(SafeParts {
        scheme: parts.scheme,
        netloc,
        path,
        query,
        fragment,
    })
}

/// The message of the `UnicodeEncodeError` that `str.encode("ascii")`
/// raises: the first run of characters past ASCII, by code point index.
fn ascii_encode_error(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let start = chars.iter().position(|c| !c.is_ascii()).unwrap_or(0);
    let end = chars[start..]
        .iter()
        .position(char::is_ascii)
        .map_or(chars.len(), |n| start + n);
    let tail = "ordinal not in range(128)";
    if end - start == 1 {
        let c = chars[start] as u32;
        let shown = if c < 0x100 {
            format!("\\x{c:02x}")
        } else if c < 0x10000 {
            format!("\\u{c:04x}")
        } else {
            format!("\\U{c:08x}")
        };
        format!(
            "UnicodeEncodeError: 'ascii' codec can't encode character '{shown}' in position {start}: {tail}"
        )
    } else {
        format!(
            "UnicodeEncodeError: 'ascii' codec can't encode characters in position {start}-{}: {tail}",
            end - 1
        )
    }
}
