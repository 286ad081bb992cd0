//! The URL record (URL Standard, "URL representation"), held as its own
//! serialization plus the offsets of its components.
//!
//! The Standard's record has nine fields: scheme, username, password, host,
//! port, path (a list of segments, or one opaque segment), query, fragment
//! and the blob entry (not kept here). Each component's serialized text is
//! exactly a slice of the URL's serialization, so the record IS the
//! serialization and a few offsets: the parser writes each component in
//! place as it reads it, `href()` is free, and a URL is one allocation.
//!
//! ```text
//! https://user:pass@example.com:8080/a/b?q=1#frag
//!      |  |   |    |          |    |   |   |
//!      |  |   |    host_start |    |   |   fragment_start ('#')
//!      |  |   username_end    |    |   query_start ('?')
//!      |  username (scheme_end + 3)  path_start
//!      scheme_end (':')       host_end (the port follows, with its ':')
//! ```
//!
//! With a null host there is no `//`; a path that would then read as an
//! authority is written after `/.` (URL serializer, step 3), which
//! `path_start` skips.

use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

use crate::engine::record_snapshot::{RecordOffsets, RecordSnapshot};

/// URL Standard, special scheme: its default port, `Some(None)` for `file`.
#[inline]
pub fn special(scheme: &str) -> Option<Option<u16>> {
    match scheme {
        "http" | "ws" => Some(Some(80)),
        "https" | "wss" => Some(Some(443)),
        "ftp" => Some(Some(21)),
        "file" => Some(None),
        _ => None,
    }
}

/// What kind of host a URL has (URL Standard, "Host representation").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// The host is null: no authority at all.
    None,
    /// A domain (ASCII, lowercase, after UTS #46).
    Domain,
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (a non-special URL's host), percent-encoded.
    Opaque,
    /// The empty host (`file:///`, `foo://`).
    Empty,
}

impl HostKind {
    /// The kind's name as the Standard writes it.
    pub const fn name(self) -> &'static str {
        match self {
            HostKind::None => "null",
            HostKind::Domain => "domain",
            HostKind::Ipv4(_) => "IPv4 address",
            HostKind::Ipv6(_) => "IPv6 address",
            HostKind::Opaque => "opaque host",
            HostKind::Empty => "empty host",
        }
    }
}

/// A host and its serialization (URL Standard, host serializer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Host<'a> {
    pub kind: HostKind,
    /// The host serialized (an IPv6 address in brackets).
    pub text: &'a str,
}

/// A URL record. See the module docs for how it is held.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Url {
    pub(super) serialization: String,
    /// The offset of the `:` ending the scheme.
    pub(super) scheme_end: usize,
    /// Where the username ends (a `:` then the password may follow).
    pub(super) username_end: usize,
    pub(super) host_start: usize,
    pub(super) host_end: usize,
    pub(super) host: HostKind,
    pub(super) port: Option<u16>,
    pub(super) path_start: usize,
    /// The offset of the `?` starting the query, if it is non-null.
    pub(super) query_start: Option<usize>,
    /// The offset of the `#` starting the fragment, if it is non-null.
    pub(super) fragment_start: Option<usize>,
    pub(super) opaque_path: bool,
}

impl Url {
    /// An empty record (the parser fills it in).
    pub(super) fn empty(capacity: usize) -> Url {
        Url {
            serialization: String::with_capacity(capacity),
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            host: HostKind::None,
            port: None,
            path_start: 0,
            query_start: None,
            fragment_start: None,
            opaque_path: false,
        }
    }

    /// The URL serializer's output (URL Standard, URL serializing).
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The serialization without the fragment (`exclude fragment` true).
    pub fn href_without_fragment(&self) -> &str {
        &self.serialization[..self.fragment_start.unwrap_or(self.serialization.len())]
    }

    /// The scheme, lowercase, without its colon.
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.serialization[..self.scheme_end]
    }

    /// Whether the scheme is a special scheme.
    pub fn is_special(&self) -> bool {
        special(self.scheme()).is_some()
    }

    fn has_authority(&self) -> bool {
        self.host != HostKind::None
    }

    /// The username (percent-encoded), empty if none.
    pub fn username(&self) -> &str {
        if self.has_authority() && self.username_end > self.scheme_end + 3 {
            &self.serialization[self.scheme_end + 3..self.username_end]
        } else {
            ""
        }
    }

    /// The password (percent-encoded), empty if none.
    pub fn password(&self) -> &str {
        if self.has_authority()
            && self.username_end < self.host_start
            && self.serialization.as_bytes()[self.username_end] == b':'
        {
            &self.serialization[self.username_end + 1..self.host_start - 1]
        } else {
            ""
        }
    }

    /// Whether the URL includes credentials (a non-empty username or password).
    pub fn includes_credentials(&self) -> bool {
        !self.username().is_empty() || !self.password().is_empty()
    }

    /// The host with its kind; `None` when the host is null.
    pub fn host(&self) -> Option<Host<'_>> {
        match self.host {
            HostKind::None => None,
            kind => Some(Host {
                kind,
                text: &self.serialization[self.host_start..self.host_end],
            }),
        }
    }

    /// The host's kind ([`HostKind::None`] when it is null).
    pub fn host_kind(&self) -> HostKind {
        self.host
    }

    /// The port; `None` when null (a scheme's default port is always null).
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// Whether the path is opaque (one string, not a list of segments).
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    fn path_end(&self) -> usize {
        self.query_start
            .or(self.fragment_start)
            .unwrap_or(self.serialization.len())
    }

    /// The path serialized (URL path serializer): each segment after a `/`,
    /// or the opaque path.
    pub fn path(&self) -> &str {
        &self.serialization[self.path_start..self.path_end()]
    }

    /// The path's segments, or `None` for an opaque path.
    pub fn path_segments(&self) -> Option<impl Iterator<Item = &str>> {
        if self.opaque_path {
            return None;
        }
        let path = self.path();
        let rest = path.strip_prefix('/');
        Some(rest.into_iter().flat_map(|r| r.split('/')))
    }

    /// The query without its `?`; `None` when null.
    pub fn query(&self) -> Option<&str> {
        let q = self.query_start?;
        let end = self.fragment_start.unwrap_or(self.serialization.len());
        Some(&self.serialization[q + 1..end])
    }

    /// The fragment without its `#`; `None` when null.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_start.map(|f| &self.serialization[f + 1..])
    }

    /// The record as a trace shows it: a copy of the serialization and
    /// where each component is. Safe on a record being built (offsets not
    /// yet reached read as empty or null).
    pub fn snapshot(&self) -> RecordSnapshot {
        RecordSnapshot::of_serialization(
            Arc::from(self.serialization.as_str()),
            self.snapshot_offsets(),
        )
    }

    /// The record's offsets as a [`RecordSnapshot`] holds them.
    pub fn snapshot_offsets(&self) -> RecordOffsets {
        let at = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
        RecordOffsets {
            len: at(self.serialization.len()),
            scheme_end: at(self.scheme_end),
            username_end: at(self.username_end),
            host_start: at(self.host_start),
            host_end: at(self.host_end),
            has_host: self.has_authority(),
            port: self.port,
            path_start: at(self.path_start),
            opaque_path: self.opaque_path,
            query_start: self.query_start.map(at),
            fragment_start: self.fragment_start.map(at),
        }
    }
}

impl std::fmt::Display for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.serialization)
    }
}
