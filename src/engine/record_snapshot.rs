//! A URL record as a state machine's step leaves it ([`RecordSnapshot`]).
//!
//! A traced run takes one at every step, so taking one must be cheap: it is
//! the ranges of the record's components in a text shared among the steps.
//! A record mostly grows at its end, so consecutive steps share one text,
//! the longest of them: each step's ranges lie within it. The machine
//! leaves the text to come ([`RecordSnapshot::pending`]) and gives it to all
//! those steps at once ([`SharedText::share`]) when the record next changes
//! otherwise than by growing, or when it stops.
//! The components are read out of it (and a path split into segments) only
//! when a trace is shown or written; its serialized form is the components
//! themselves.

use std::ops::Range;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// A URL record as a state machine holds it partway: each component as
/// text, `None` where the component is null. Generic on purpose: any
/// engine whose record has these fields can show it.
#[derive(Clone, Debug, Default)]
pub struct RecordSnapshot {
    text: SharedText,
    layout: Layout,
}

/// Where a snapshot's components are: as ranges, or as the offsets of a
/// record laid out as the URL Standard's serialization (what a parser holds,
/// copied as it is: the ranges are worked out only when read).
#[derive(Clone, Debug)]
enum Layout {
    /// Boxed: the larger form, and the rarer (a snapshot read back from
    /// JSON); a step holds a snapshot inline, and a step is kept small.
    Ranges(Box<SnapshotRanges>),
    Offsets(RecordOffsets),
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::Offsets(RecordOffsets::default())
    }
}

/// A URL record's offsets into its serialization, which is laid out as the
/// URL Standard's serializer writes it (`scheme:`, `//` and the authority
/// when there is a host, the path, `?query`, `#fragment`). `None` in a
/// query or fragment start: null.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordOffsets {
    /// The serialization's length when the snapshot was taken: an offset
    /// past it is not reached yet, and reads as empty.
    pub len: u32,
    /// The `:` ending the scheme.
    pub scheme_end: u32,
    /// Where the username ends (a `:` and the password may follow).
    pub username_end: u32,
    pub host_start: u32,
    pub host_end: u32,
    /// Whether the record has a host (an authority).
    pub has_host: bool,
    pub port: Option<u16>,
    /// Where the path starts; no later than `scheme_end` while it has not
    /// begun.
    pub path_start: u32,
    pub opaque_path: bool,
    /// The `?` starting the query.
    pub query_start: Option<u32>,
    /// The `#` starting the fragment.
    pub fragment_start: Option<u32>,
}

impl RecordOffsets {
    /// The components' ranges in `text`, the serialization (or a longer
    /// text that starts with it).
    fn ranges(&self, text: &str) -> SnapshotRanges {
        let len = self.len;
        let span = |a: u32, b: u32| if b.max(a) <= len { a..b.max(a) } else { 0..0 };
        let username = if self.has_host && self.username_end > self.scheme_end.saturating_add(3) {
            span(self.scheme_end.saturating_add(3), self.username_end)
        } else {
            0..0
        };
        let password = if self.has_host
            && self.username_end < self.host_start
            && text.as_bytes().get(self.username_end as usize) == Some(&b':')
        {
            span(
                self.username_end.saturating_add(1),
                self.host_start.saturating_sub(1),
            )
        } else {
            0..0
        };
        let path_end = self.query_start.or(self.fragment_start).unwrap_or(len);
        SnapshotRanges {
            scheme: span(0, self.scheme_end),
            username,
            password,
            host: self.has_host.then(|| span(self.host_start, self.host_end)),
            port: self.port,
            path: if self.path_start > self.scheme_end {
                span(self.path_start, path_end)
            } else {
                0..0
            },
            opaque_path: self.opaque_path,
            query: self
                .query_start
                .map(|q| span(q.saturating_add(1), self.fragment_start.unwrap_or(len))),
            fragment: self.fragment_start.map(|f| span(f.saturating_add(1), len)),
        }
    }
}

/// A text shared among a run's steps, or (`None`) one still to come: it
/// reads as empty until the machine gives it.
#[derive(Clone, Debug, Default)]
pub struct SharedText(Option<Arc<str>>);

impl SharedText {
    /// The text, or an empty one while it is still to come.
    pub fn as_str(&self) -> &str {
        self.0.as_deref().unwrap_or("")
    }

    /// Gives the text if it is still to come.
    pub fn share(&mut self, text: &Arc<str>) {
        if self.0.is_none() {
            self.0 = Some(Arc::clone(text));
        }
    }
}

/// A part of a [`SharedText`]: a state machine's buffer, read out of the
/// input or the record's text without a copy of its own. It reads, compares
/// and serializes as the string it is.
#[derive(Clone, Default)]
pub struct SharedSlice {
    text: SharedText,
    range: Range<u32>,
}

impl SharedSlice {
    /// The part `range` of `text` (a range outside it reads as empty).
    pub fn new(text: SharedText, range: Range<usize>) -> SharedSlice {
        SharedSlice {
            text,
            range: span32(range),
        }
    }

    /// The part `range` of a text still to come.
    pub fn pending(range: Range<usize>) -> SharedSlice {
        SharedSlice::new(SharedText::default(), range)
    }

    /// Gives the text, if it is still to come.
    pub fn share(&mut self, text: &Arc<str>) {
        self.text.share(text);
    }

    pub fn as_str(&self) -> &str {
        let (start, end) = (self.range.start as usize, self.range.end as usize);
        self.text.as_str().get(start..end).unwrap_or("")
    }
}

impl std::ops::Deref for SharedSlice {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Debug for SharedSlice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_str().fmt(f)
    }
}

impl PartialEq for SharedSlice {
    fn eq(&self, other: &SharedSlice) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for SharedSlice {}

impl From<&str> for SharedSlice {
    fn from(s: &str) -> SharedSlice {
        SharedSlice::new(SharedText::from(Arc::<str>::from(s)), 0..s.len())
    }
}

impl Serialize for SharedSlice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SharedSlice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(|s| SharedSlice::from(s.as_str()))
    }
}

impl From<Arc<str>> for SharedText {
    fn from(text: Arc<str>) -> SharedText {
        SharedText(Some(text))
    }
}

/// Where each component of a [`RecordSnapshot`] is in its text (`None`:
/// null), and the two fields that are not text. Offsets are `u32`, to keep
/// a step small (a text past 4 GiB reads as empty from there on).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SnapshotRanges {
    pub scheme: Range<u32>,
    pub username: Range<u32>,
    pub password: Range<u32>,
    pub host: Option<Range<u32>>,
    pub port: Option<u16>,
    /// The path as serialized (segments joined with `/`, or the opaque path).
    pub path: Range<u32>,
    /// Whether the path is opaque (one string, not a list of segments).
    pub opaque_path: bool,
    pub query: Option<Range<u32>>,
    pub fragment: Option<Range<u32>>,
}

/// A range of a text as [`SnapshotRanges`] holds it.
pub fn span32(range: Range<usize>) -> Range<u32> {
    let at = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
    at(range.start)..at(range.end)
}

impl RecordSnapshot {
    /// A snapshot of `text` whose components are at `ranges` (a range
    /// outside the text reads as empty).
    pub fn new(text: Arc<str>, ranges: SnapshotRanges) -> RecordSnapshot {
        RecordSnapshot {
            text: text.into(),
            layout: Layout::Ranges(Box::new(ranges)),
        }
    }

    /// A snapshot of the serialization `text` by its offsets.
    pub fn of_serialization(text: Arc<str>, offsets: RecordOffsets) -> RecordSnapshot {
        RecordSnapshot {
            text: text.into(),
            layout: Layout::Offsets(offsets),
        }
    }

    /// A snapshot by its offsets whose serialization is still to come (see
    /// the module's docs).
    pub fn pending(offsets: RecordOffsets) -> RecordSnapshot {
        RecordSnapshot {
            text: SharedText::default(),
            layout: Layout::Offsets(offsets),
        }
    }

    /// Where the components are.
    fn ranges(&self) -> SnapshotRanges {
        match &self.layout {
            Layout::Ranges(ranges) => SnapshotRanges::clone(ranges),
            Layout::Offsets(offsets) => offsets.ranges(self.text.as_str()),
        }
    }

    /// Gives the text, if it is still to come.
    pub fn share(&mut self, text: &Arc<str>) {
        self.text.share(text);
    }

    fn get(&self, range: &Range<u32>) -> &str {
        let (start, end) = (range.start as usize, range.end as usize);
        self.text.as_str().get(start..end).unwrap_or("")
    }

    pub fn scheme(&self) -> &str {
        self.get(&self.ranges().scheme)
    }

    pub fn username(&self) -> &str {
        self.get(&self.ranges().username)
    }

    pub fn password(&self) -> &str {
        self.get(&self.ranges().password)
    }

    /// The host serialized; `None` when null.
    pub fn host(&self) -> Option<&str> {
        self.ranges().host.map(|r| self.get(&r))
    }

    pub fn port(&self) -> Option<u16> {
        self.ranges().port
    }

    /// The path as serialized (segments joined with `/`, or the opaque path).
    pub fn path(&self) -> &str {
        self.get(&self.ranges().path)
    }

    /// The path's segments; `None` for an opaque path.
    pub fn segments(&self) -> Option<Vec<&str>> {
        self.view().segments.map(|s| s.iter().collect())
    }

    pub fn query(&self) -> Option<&str> {
        self.ranges().query.map(|r| self.get(&r))
    }

    pub fn fragment(&self) -> Option<&str> {
        self.ranges().fragment.map(|r| self.get(&r))
    }

    /// The record written out as the URL serializer writes it: the scheme,
    /// `//` and the authority when the host is not null, `/.` before a path
    /// that would read as an authority without one, the path, the query and
    /// the fragment.
    pub fn href(&self) -> String {
        let mut out = format!("{}:", self.scheme());
        let path = self.path();
        match self.host() {
            Some(host) => {
                out.push_str("//");
                let (user, password) = (self.username(), self.password());
                if !user.is_empty() || !password.is_empty() {
                    out.push_str(user);
                    if !password.is_empty() {
                        out.push(':');
                        out.push_str(password);
                    }
                    out.push('@');
                }
                out.push_str(host);
                if let Some(port) = self.port() {
                    out.push_str(&format!(":{port}"));
                }
            }
            None if !self.ranges().opaque_path && path.starts_with("//") => out.push_str("/."),
            None => {}
        }
        out.push_str(path);
        if let Some(q) = self.query() {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = self.fragment() {
            out.push('#');
            out.push_str(f);
        }
        out
    }

    /// The components, read out of the text at once (each getter above
    /// works out every range again).
    pub fn view(&self) -> RecordView<'_> {
        let ranges = self.ranges();
        let get = |range: &Range<u32>| self.get(range);
        RecordView {
            scheme: get(&ranges.scheme),
            username: get(&ranges.username),
            password: get(&ranges.password),
            host: ranges.host.as_ref().map(get),
            port: ranges.port,
            path: get(&ranges.path),
            segments: (!ranges.opaque_path).then_some(Segments(get(&ranges.path))),
            query: ranges.query.as_ref().map(get),
            fragment: ranges.fragment.as_ref().map(get),
        }
    }
}

/// A [`RecordSnapshot`]'s components as text, borrowed from it; also its
/// serialized form (`segments` is left out for an opaque path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RecordView<'a> {
    pub scheme: &'a str,
    pub username: &'a str,
    pub password: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    pub path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub segments: Option<Segments<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fragment: Option<&'a str>,
}

/// A path that is a list of segments, as serialized (`/a/b`): it iterates
/// and serializes as the segments (none for a path without a leading
/// `/`, which is the empty path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segments<'a>(&'a str);

impl<'a> Segments<'a> {
    pub fn iter(self) -> impl Iterator<Item = &'a str> {
        self.0
            .strip_prefix('/')
            .into_iter()
            .flat_map(|rest| rest.split('/'))
    }
}

impl Serialize for Segments<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Two snapshots are equal when their components are, wherever the text
/// holds them.
impl PartialEq for RecordSnapshot {
    fn eq(&self, other: &RecordSnapshot) -> bool {
        self.view() == other.view()
    }
}

impl Eq for RecordSnapshot {}

/// A [`RecordSnapshot`] read back from its serialized form ([`RecordView`]).
#[derive(Deserialize)]
struct RecordFields {
    scheme: String,
    username: String,
    password: String,
    #[serde(default)]
    host: Option<String>,
    #[serde(default)]
    port: Option<u16>,
    path: String,
    #[serde(default)]
    segments: Option<Vec<String>>,
    #[serde(default)]
    query: Option<String>,
    #[serde(default)]
    fragment: Option<String>,
}

impl From<RecordFields> for RecordSnapshot {
    /// The components written one after the other, each range pointing at
    /// its own.
    fn from(f: RecordFields) -> RecordSnapshot {
        let mut text = String::new();
        let mut put = |s: &str| {
            let start = text.len();
            text.push_str(s);
            span32(start..text.len())
        };
        let ranges = SnapshotRanges {
            scheme: put(&f.scheme),
            username: put(&f.username),
            password: put(&f.password),
            host: f.host.as_deref().map(&mut put),
            port: f.port,
            path: put(&f.path),
            opaque_path: f.segments.is_none(),
            query: f.query.as_deref().map(&mut put),
            fragment: f.fragment.as_deref().map(&mut put),
        };
        RecordSnapshot::new(text.into(), ranges)
    }
}

impl Serialize for RecordSnapshot {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.view().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RecordSnapshot {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RecordFields::deserialize(deserializer).map(RecordSnapshot::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_read_from_ranges_and_round_trip_through_json() {
        let text: Arc<str> = Arc::from("https://u:p@h/a/b?q#f");
        let snapshot = RecordSnapshot::new(
            text,
            SnapshotRanges {
                scheme: 0..5,
                username: 8..9,
                password: 10..11,
                host: Some(12..13),
                port: None,
                path: 13..17,
                opaque_path: false,
                query: Some(18..19),
                fragment: Some(20..21),
            },
        );
        assert_eq!(snapshot.scheme(), "https");
        assert_eq!((snapshot.username(), snapshot.password()), ("u", "p"));
        assert_eq!(snapshot.host(), Some("h"));
        assert_eq!(snapshot.segments(), Some(vec!["a", "b"]));
        assert_eq!(
            (snapshot.query(), snapshot.fragment()),
            (Some("q"), Some("f"))
        );
        let json = serde_json::to_string(&snapshot).expect("serializes");
        assert!(json.contains(r#""segments":["a","b"]"#), "{json}");
        let back: RecordSnapshot = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, snapshot);
        assert_eq!(back.path(), "/a/b");
        // A range beyond the text (a record partway) reads as empty.
        let partial = RecordSnapshot::new(
            Arc::from("ht"),
            SnapshotRanges {
                scheme: 0..4,
                ..SnapshotRanges::default()
            },
        );
        assert_eq!(partial.scheme(), "");
        assert_eq!(partial.segments(), Some(vec![]));
    }
}
