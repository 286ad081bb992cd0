//! Origin (URL Standard, Origin; serialization from HTML's "serialization
//! of an origin").

use std::fmt;

use super::record::{HostKind, Url};
use crate::engine::encoding::QueryEncoding;
use crate::engine::trace::NoTrace;

/// A URL's origin: a tuple (scheme, host, port) or opaque.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Tuple {
        scheme: String,
        host: String,
        port: Option<u16>,
    },
    /// A new opaque origin (it serializes as `null`).
    Opaque,
}

impl fmt::Display for Origin {
    /// HTML, serialization of an origin.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                write!(f, "{scheme}://{host}")?;
                match port {
                    Some(p) => write!(f, ":{p}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Url {
    /// URL Standard, origin.
    pub fn origin(&self) -> Origin {
        match self.scheme() {
            // "blob": the origin of the URL its path parses to, if http(s)
            // or file; there is no blob URL store here.
            "blob" => {
                let parsed = super::parse(self.path(), None, QueryEncoding::UTF8, &mut NoTrace);
                match parsed.url {
                    Ok(inner) if matches!(inner.scheme(), "http" | "https") => inner.origin(),
                    _ => Origin::Opaque,
                }
            }
            "ftp" | "http" | "https" | "ws" | "wss" => Origin::Tuple {
                scheme: self.scheme().to_owned(),
                host: self.host().map(|h| h.text.to_owned()).unwrap_or_default(),
                port: self.port(),
            },
            // "file" is "left as an exercise to the reader": opaque, as the
            // Standard advises when in doubt.
            _ => Origin::Opaque,
        }
    }

    /// Whether the host is the empty host or null (cannot have a
    /// username, password or port, with the file scheme).
    pub fn cannot_have_credentials_or_port(&self) -> bool {
        matches!(self.host, HostKind::None | HostKind::Empty) || self.scheme() == "file"
    }
}
