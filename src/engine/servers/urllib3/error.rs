//! What urllib3 2.8.0's `parse_url` raises: `LocationParseError`
//! (`src/urllib3/exceptions.py`), with the message each check of
//! `src/urllib3/util/url.py` gives it. The host checks and `parse_url`
//! both raise it, so it sits apart from either.

use std::fmt;

use super::idna::IdnaError;
use crate::engine::servers::python::py_repr;

/// What `parse_url` raises: `LocationParseError`, whose message is
/// `Failed to parse: ` and the location text, one variant per text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// `Host {text!r} contains invalid character {ch!r}`: a control,
    /// space or DEL, in the host (or the host and port that did not match).
    InvalidChar { text: String, ch: char },
    /// `{host_port!r} is not a valid host or port`.
    NotHostOrPort(String),
    /// The port is over 65535: the location is the URL parsed (with the
    /// `//` parse_url put in front, if it did).
    PortRange(String),
    /// `Host {host!r} contains invalid percent-encoded control character
    /// {escape!r}`.
    PercentControl { host: String, escape: String },
    /// `{host!r} is not a valid host` (a `%` not starting an escape, which
    /// `_HOST_PORT_RE` already refuses).
    NotValidHost(String),
    /// `Name '{name}' is not a valid IDNA label` (the name as it is, not
    /// its repr); `why` is idna's own reason, which urllib3 drops.
    Idna { name: String, why: IdnaError },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LocationParseError: Failed to parse: ")?;
        match self {
            ParseError::InvalidChar { text, ch } => write!(
                f,
                "Host {} contains invalid character {}",
                py_repr(text),
                py_repr(ch.encode_utf8(&mut [0; 4]))
            ),
            ParseError::NotHostOrPort(hp) => {
                write!(f, "{} is not a valid host or port", py_repr(hp))
            }
            ParseError::PortRange(url) => f.write_str(url),
            ParseError::PercentControl { host, escape } => write!(
                f,
                "Host {} contains invalid percent-encoded control character {}",
                py_repr(host),
                py_repr(escape)
            ),
            ParseError::NotValidHost(host) => write!(f, "{} is not a valid host", py_repr(host)),
            ParseError::Idna { name, .. } => write!(f, "Name '{name}' is not a valid IDNA label"),
        }
    }
}
