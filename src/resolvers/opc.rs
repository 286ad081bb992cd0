//! OPC part names (ECMA-376 Part 2, Open Packaging Conventions, Annex A):
//! how Office documents, XPS and other ZIP packages turn a reference inside
//! one part into the name of another.
//!
//! Three arcs (see `other-resolvers.md` section 3): a Unicode string becomes
//! an IRI (arc 1), the IRI a URI (arc 2, RFC 3987 3.1 step 2), and the URI a
//! part name (arc 3, Annex A.3): an absolute URI is resolved the ordinary
//! way; a relative reference goes through nine rewriting steps and is then
//! resolved (step 10) against the source part's name by the
//! [`rfc3986`](super::rfc3986) resolver. The path of the result is the part
//! name, checked against the part-name rules ([`PartNameRule`]).
//!
//! No crate does this, so the steps are here, each recorded like the
//! engine's: a [`Tracer`] whose [`NoTrace`] costs nothing, and one table of
//! step ids ([`StepId`]) from which the trace's citations and explanations
//! come.

use std::borrow::Cow;

use fluent_uri::component::Scheme;
use fluent_uri::pct_enc::{EStr, encoder::Path};
use percent_encoding::{AsciiSet, utf8_percent_encode};
use serde::Serialize;

use super::{Answer, Note, rfc3986};
use crate::engine::{Component, Until};

/// Interpretation: the pack URI of the package itself is not known here and
/// does not change the path of a resolution, so a stand-in authority is used.
const PACKAGE: &str = "pack://package";

macro_rules! opc_steps {
    ($( $variant:ident => $id:literal, $cite:literal, $explain:literal; )*) => {
        /// Every step the OPC resolver records: its one table of step ids.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub enum StepId {
            $( #[doc = $explain] $variant, )*
        }

        impl StepId {
            /// Every id, in the order the steps run.
            pub const ALL: &'static [StepId] = &[$(StepId::$variant),*];

            /// The stable, searchable id (e.g. `opc.a3.6`).
            pub const fn id(self) -> &'static str {
                match self { $(StepId::$variant => $id,)* }
            }

            /// The section and step this implements.
            pub const fn citation(self) -> &'static str {
                match self { $(StepId::$variant => $cite,)* }
            }

            /// What the step does, in a sentence.
            pub const fn explanation(self) -> &'static str {
                match self { $(StepId::$variant => $explain,)* }
            }
        }
    };
}

opc_steps! {
    ToIri => "opc.a1", "Annex A, arc 1 (Unicode string to IRI)",
        "ASCII characters that are neither reserved nor unreserved are percent-encoded; '%' is left for step 2 of arc 3.";
    ToUri => "opc.a2", "Annex A, arc 2 (IRI to URI); RFC 3987 3.1 step 2",
        "Non-ASCII characters are written in UTF-8 and percent-encoded.";
    Absolute => "opc.a3.absolute", "Annex A.3 (absolute URI)",
        "An absolute URI is resolved the ordinary way (RFC 3986 5.2), with nothing specific to packages.";
    Brackets => "opc.a3.1", "Annex A.3, step 1",
        "Every '[' and ']' is percent-encoded.";
    LonePercent => "opc.a3.2", "Annex A.3, step 2",
        "Every '%' not followed by two hexadecimal digits is percent-encoded.";
    DecodeUnreserved => "opc.a3.3", "Annex A.3, step 3",
        "Percent-encoded unreserved characters are decoded.";
    DecodeSlashes => "opc.a3.4", "Annex A.3, step 4",
        "Percent-encoded '/' and '\\' are decoded.";
    Backslashes => "opc.a3.5", "Annex A.3, step 5",
        "Every '\\' becomes '/'.";
    TrailingDots => "opc.a3.6", "Annex A.3, step 6",
        "Trailing dots are removed from every segment that holds something other than dots.";
    SlashRuns => "opc.a3.7", "Annex A.3, step 7",
        "Every run of '/' becomes one '/'.";
    TrailingSlash => "opc.a3.8", "Annex A.3, step 8",
        "One trailing '/' is removed.";
    DotSegments => "opc.a3.9", "Annex A.3, step 9",
        "Segments of three or more dots only are removed.";
    Resolve => "opc.a3.10", "Annex A.3, step 10; RFC 3986 5.2",
        "The reference is resolved against the source part's pack URI; the path of the result is the part name.";
    PartName => "opc.part-name", "Part 2, Part names",
        "The part name is checked against the part-name rules.";
}

/// One step taken: what the reference was before and after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub id: StepId,
    pub before: String,
    pub after: String,
    /// What was decided, at a branch or a check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
    /// Set on the step that made the result invalid.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub failed: bool,
}

impl Step {
    /// Whether the step changed the string.
    pub fn changed(&self) -> bool {
        self.before != self.after
    }
}

/// Receives the steps of a run (the engine's `Tracer`, for OPC steps).
pub trait Tracer {
    /// Whether steps are recorded at all.
    const ON: bool;
    /// Records the step that `make` builds; `make` runs only when `ON`.
    fn record(&mut self, make: impl FnOnce() -> Step);
}

/// Records nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn record(&mut self, _make: impl FnOnce() -> Step) {}
}

/// The steps taken, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub steps: Vec<Step>,
}

impl Tracer for Trace {
    const ON: bool = true;
    fn record(&mut self, make: impl FnOnce() -> Step) {
        self.steps.push(make());
    }
}

/// The part-name rules (Part 2, "Part Names"), numbered in the order
/// `other-resolvers.md` lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartNameRule {
    /// 1: not empty.
    Empty,
    /// 2: starts with `/`.
    NoLeadingSlash,
    /// 3: no empty segment.
    EmptySegment,
    /// 4: does not end with `/`.
    TrailingSlash,
    /// 5: segments hold only `pchar`.
    NotPchar,
    /// 6: no percent-encoded `/` or `\`.
    EncodedSlash,
    /// 7: no percent-encoded unreserved character.
    EncodedUnreserved,
    /// 8: no segment ends with `.`.
    TrailingDot,
    /// 9: every segment has a character other than `.`.
    DotsOnly,
}

impl PartNameRule {
    /// The stable code of the rule.
    pub const fn code(self) -> &'static str {
        match self {
            PartNameRule::Empty => "opc.part-name.empty",
            PartNameRule::NoLeadingSlash => "opc.part-name.no-leading-slash",
            PartNameRule::EmptySegment => "opc.part-name.empty-segment",
            PartNameRule::TrailingSlash => "opc.part-name.trailing-slash",
            PartNameRule::NotPchar => "opc.part-name.not-pchar",
            PartNameRule::EncodedSlash => "opc.part-name.encoded-slash",
            PartNameRule::EncodedUnreserved => "opc.part-name.encoded-unreserved",
            PartNameRule::TrailingDot => "opc.part-name.trailing-dot",
            PartNameRule::DotsOnly => "opc.part-name.dots-only",
        }
    }

    /// The rule, in a sentence.
    pub const fn message(self) -> &'static str {
        match self {
            PartNameRule::Empty => "a part name must not be empty",
            PartNameRule::NoLeadingSlash => "a part name must start with '/'",
            PartNameRule::EmptySegment => "a part name must not have an empty segment ('//')",
            PartNameRule::TrailingSlash => "a part name must not end with '/'",
            PartNameRule::NotPchar => "a segment holds a character that is not a pchar of RFC 3986",
            PartNameRule::EncodedSlash => "a part name must not hold %2F or %5C",
            PartNameRule::EncodedUnreserved => {
                "a part name must not percent-encode an unreserved character"
            }
            PartNameRule::TrailingDot => "a segment must not end with '.'",
            PartNameRule::DotsOnly => "a segment must hold a character other than '.'",
        }
    }

    /// The first rule `name` breaks, if any.
    pub fn first_broken(name: &str) -> Option<PartNameRule> {
        if name.is_empty() {
            return Some(PartNameRule::Empty);
        }
        let Some(rest) = name.strip_prefix('/') else {
            return Some(PartNameRule::NoLeadingSlash);
        };
        if rest.ends_with('/') || rest.is_empty() {
            return Some(PartNameRule::TrailingSlash);
        }
        rest.split('/').find_map(segment_rule)
    }
}

/// The first rule one segment of a part name breaks.
fn segment_rule(seg: &str) -> Option<PartNameRule> {
    if seg.is_empty() {
        return Some(PartNameRule::EmptySegment);
    }
    // The crate's path table is pchar plus '/', and a segment holds no '/'.
    if EStr::<Path>::new(seg).is_none() {
        return Some(PartNameRule::NotPchar);
    }
    let encoded = percent_octets(seg);
    if encoded.clone().any(|b| b == b'/' || b == b'\\') {
        return Some(PartNameRule::EncodedSlash);
    }
    if encoded.clone().any(is_unreserved) {
        return Some(PartNameRule::EncodedUnreserved);
    }
    if seg.bytes().all(|b| b == b'.') {
        return Some(PartNameRule::DotsOnly);
    }
    seg.ends_with('.').then_some(PartNameRule::TrailingDot)
}

/// Resolves `input` as a reference held in the part `base` (absent or
/// empty: the package root `/`).
pub fn resolve(input: &str, base: Option<&str>) -> Answer {
    resolve_with(input, base, &mut NoTrace)
}

/// [`resolve`] with every step recorded.
pub fn resolve_traced(input: &str, base: Option<&str>) -> (Answer, Trace) {
    let mut trace = Trace::default();
    let answer = resolve_with(input, base, &mut trace);
    (answer, trace)
}

/// The three arcs, reporting each step to `tr`.
pub fn resolve_with<T: Tracer>(input: &str, base: Option<&str>, tr: &mut T) -> Answer {
    let mut notes = Vec::new();
    let source = match source_part(base, &mut notes) {
        Ok(source) => source,
        Err(why) => return Answer::invalid(why),
    };
    let pack_base = format!("{PACKAGE}{source}");

    let iri = step(tr, StepId::ToIri, input, to_iri);
    let uri = step(tr, StepId::ToUri, &iri, |s| {
        utf8_percent_encode(s, &AsciiSet::EMPTY).into()
    });

    if has_scheme(&uri) {
        tr.record(|| Step {
            decision: Some("the reference has a scheme".to_owned()),
            ..unchanged(StepId::Absolute, &uri)
        });
        let mut answer = rfc3986::resolve(&uri, Some(&pack_base), Until::Resolve);
        answer.notes.extend(notes);
        return answer;
    }
    let part_ref = relative_steps(&uri, tr);

    let resolved = rfc3986::resolve(&part_ref, Some(&pack_base), Until::Resolve);
    let Some(target) = resolved.canon.as_deref().filter(|_| !resolved.invalid) else {
        tr.record(|| Step {
            failed: true,
            ..unchanged(StepId::Resolve, &part_ref)
        });
        let mut answer = resolved;
        answer.notes.extend(notes);
        return answer;
    };
    let part = resolved.get(Component::Path).unwrap_or_default().to_owned();
    tr.record(|| Step {
        decision: Some(format!("against {pack_base}: {target}")),
        ..changed(StepId::Resolve, &part_ref, &part)
    });
    for (c, code) in [
        (Component::Query, "opc.query-dropped"),
        (Component::Fragment, "opc.fragment-dropped"),
    ] {
        if let Some(v) = resolved.get(c) {
            notes.push(Note::new(
                code,
                format!("the {c} {v:?} is not part of the part name"),
            ));
        }
    }
    part_name_answer(part, notes, tr)
}

/// The answer for a resolved part name, checked against the rules.
fn part_name_answer<T: Tracer>(part: String, mut notes: Vec<Note>, tr: &mut T) -> Answer {
    let broken = PartNameRule::first_broken(&part);
    tr.record(|| Step {
        decision: Some(match broken {
            Some(rule) => format!("invalid: {}", rule.message()),
            None => "a valid part name".to_owned(),
        }),
        failed: broken.is_some(),
        ..unchanged(StepId::PartName, &part)
    });
    let components = vec![(Component::Path, part.clone())];
    match broken {
        Some(rule) => {
            notes.insert(
                0,
                Note::new(rule.code(), format!("{}: {part:?}", rule.message())),
            );
            Answer {
                invalid: true,
                canon: None,
                components,
                notes,
            }
        }
        None => Answer {
            invalid: false,
            canon: Some(part),
            components,
            notes,
        },
    }
}

/// Arc 3, steps 1 to 9, on a relative reference.
fn relative_steps<T: Tracer>(uri: &str, tr: &mut T) -> String {
    // Steps 1 and 2 make the whole reference a URI reference.
    let s = step(tr, StepId::Brackets, uri, |s| {
        s.replace('[', "%5B").replace(']', "%5D").into()
    });
    let s = step(tr, StepId::LonePercent, &s, encode_lone_percent);
    // Interpretation: steps 3 to 9 rewrite the path only. A part name is a
    // path, and a query or fragment (a relationship target may carry one)
    // must not hide a path's trailing dot or slash from steps 6 and 8.
    let split = s.find(['?', '#']).unwrap_or(s.len());
    let (path, tail) = s.split_at(split);
    let path = step_path(tr, StepId::DecodeUnreserved, path, tail, |p| {
        decode_where(p, is_unreserved)
    });
    let path = step_path(tr, StepId::DecodeSlashes, &path, tail, |p| {
        decode_where(p, |b| b == b'/' || b == b'\\')
    });
    let path = step_path(tr, StepId::Backslashes, &path, tail, |p| {
        p.replace('\\', "/").into()
    });
    let path = step_path(tr, StepId::TrailingDots, &path, tail, strip_trailing_dots);
    let path = step_path(tr, StepId::SlashRuns, &path, tail, collapse_slashes);
    let path = step_path(tr, StepId::TrailingSlash, &path, tail, |p| {
        p.strip_suffix('/').unwrap_or(p).into()
    });
    let path = step_path(tr, StepId::DotSegments, &path, tail, drop_dot_runs);
    format!("{path}{tail}")
}

/// Runs one step on the whole string, recording it.
fn step<T: Tracer>(
    tr: &mut T,
    id: StepId,
    s: &str,
    f: impl FnOnce(&str) -> Cow<'_, str>,
) -> String {
    let out = f(s).into_owned();
    tr.record(|| changed(id, s, &out));
    out
}

/// Runs one step on the path, recording the whole reference (path + `tail`).
fn step_path<T: Tracer>(
    tr: &mut T,
    id: StepId,
    path: &str,
    tail: &str,
    f: impl FnOnce(&str) -> Cow<'_, str>,
) -> String {
    let out = f(path).into_owned();
    tr.record(|| changed(id, &format!("{path}{tail}"), &format!("{out}{tail}")));
    out
}

fn changed(id: StepId, before: &str, after: &str) -> Step {
    Step {
        id,
        before: before.to_owned(),
        after: after.to_owned(),
        decision: None,
        failed: false,
    }
}

fn unchanged(id: StepId, s: &str) -> Step {
    changed(id, s, s)
}

/// The source part's name from the base: absent or empty is the root `/`;
/// a name starting with `/` is taken as it is. Interpretation: a base that
/// is an absolute URI (as `compare` passes one base to every resolver)
/// gives its path, as a pack URI's path is its part name.
fn source_part(base: Option<&str>, notes: &mut Vec<Note>) -> Result<String, Note> {
    let Some(base) = base.filter(|b| !b.is_empty()) else {
        return Ok("/".to_owned());
    };
    if base.starts_with('/') {
        return Ok(base.to_owned());
    }
    match fluent_uri::Iri::parse(base) {
        Ok(uri) => {
            let path = uri.path().as_str();
            let path = if path.starts_with('/') { path } else { "/" };
            notes.push(Note::new(
                "opc.base-uri-path",
                format!("the base is a URI, not a part name; its path {path:?} is taken as the source part's name"),
            ));
            Ok(path.to_owned())
        }
        Err(_) => Err(Note::new(
            "opc.base-not-part-name",
            format!(
                "the base {base:?} is neither a part name (starting with '/') nor an absolute URI"
            ),
        )),
    }
}

/// Arc 3: whether the URI reference is an absolute URI (has a scheme,
/// RFC 3986 section 3.1: the text before the first ':' is a scheme name).
fn has_scheme(uri: &str) -> bool {
    uri.split_once(':')
        .is_some_and(|(name, _)| Scheme::new(name).is_some())
}

/// Arc 1: every ASCII character that is neither reserved nor unreserved
/// (nor '%') is percent-encoded; non-ASCII is left for arc 2.
fn to_iri(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        return utf8_percent_encode(s, ARC1).into();
    }
    // The crate encodes non-ASCII too, so only the ASCII runs go to it.
    let mut out = String::with_capacity(s.len() + 8);
    let mut rest = s;
    while !rest.is_empty() {
        let ascii = rest.find(|c: char| !c.is_ascii()).unwrap_or(rest.len());
        out.extend(utf8_percent_encode(&rest[..ascii], ARC1));
        rest = &rest[ascii..];
        let other = rest.find(|c: char| c.is_ascii()).unwrap_or(rest.len());
        out.push_str(&rest[..other]);
        rest = &rest[other..];
    }
    Cow::Owned(out)
}

/// What arc 1 encodes: everything but unreserved, reserved (RFC 3986 2.2,
/// 2.3) and '%'.
const ARC1: &AsciiSet = &ascii_set(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%",
)
.complement();

/// The set of the bytes in `bytes`.
const fn ascii_set(bytes: &[u8]) -> AsciiSet {
    let mut set = AsciiSet::EMPTY;
    let mut i = 0;
    while i < bytes.len() {
        set = set.add(bytes[i]);
        i += 1;
    }
    set
}

/// Step 2: a '%' not followed by two hex digits becomes `%25`.
fn encode_lone_percent(s: &str) -> Cow<'_, str> {
    let lone = |i: usize| !is_pct_octet(&s.as_bytes()[i..]);
    if !s.match_indices('%').any(|(i, _)| lone(i)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 4);
    let mut last = 0;
    for (i, _) in s.match_indices('%').filter(|&(i, _)| lone(i)) {
        out.push_str(&s[last..i]);
        out.push_str("%25");
        last = i + 1;
    }
    out.push_str(&s[last..]);
    Cow::Owned(out)
}

/// Steps 3 and 4: decodes the percent-encoded octets that `keep` selects.
fn decode_where(s: &str, keep: fn(u8) -> bool) -> Cow<'_, str> {
    if !percent_octets(s).any(keep) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        match octet_at(&rest.as_bytes()[i..]).filter(|&b| keep(b)) {
            Some(b) => {
                out.push(char::from(b));
                rest = &rest[i + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Step 6: in every segment with a character other than '.', the trailing
/// dots go; dot-only segments are left to step 9 and to resolution.
fn strip_trailing_dots(path: &str) -> Cow<'_, str> {
    let strip = |seg: &str| !seg.bytes().all(|b| b == b'.') && seg.ends_with('.');
    if !path.split('/').any(strip) {
        return Cow::Borrowed(path);
    }
    let segments: Vec<&str> = path
        .split('/')
        .map(|seg| {
            if strip(seg) {
                seg.trim_end_matches('.')
            } else {
                seg
            }
        })
        .collect();
    Cow::Owned(segments.join("/"))
}

/// Step 7: runs of '/' become one.
fn collapse_slashes(path: &str) -> Cow<'_, str> {
    if !path.contains("//") {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Step 9: segments of three or more dots only are removed (with the slash
/// that separates them; a leading '/' stays).
fn drop_dot_runs(path: &str) -> Cow<'_, str> {
    let dots = |seg: &str| seg.len() >= 3 && seg.bytes().all(|b| b == b'.');
    if !path.split('/').any(dots) {
        return Cow::Borrowed(path);
    }
    let (root, rest) = match path.strip_prefix('/') {
        Some(rest) => ("/", rest),
        None => ("", path),
    };
    let kept: Vec<&str> = rest.split('/').filter(|s| !dots(s)).collect();
    Cow::Owned(format!("{root}{}", kept.join("/")))
}

/// Whether `b` is an unreserved character (RFC 3986 2.3).
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Whether `s` starts with `%` and two hex digits.
fn is_pct_octet(s: &[u8]) -> bool {
    octet_at(s).is_some()
}

/// The octet `%HH` at the start of `s` encodes.
fn octet_at(s: &[u8]) -> Option<u8> {
    match s {
        [b'%', hi, lo, ..] if hi.is_ascii_hexdigit() && lo.is_ascii_hexdigit() => {
            let hex = |d: u8| (d as char).to_digit(16).unwrap_or(0) as u8;
            Some(hex(*hi) << 4 | hex(*lo))
        }
        _ => None,
    }
}

/// The octets of the percent-encodings in `s`.
fn percent_octets(s: &str) -> impl Iterator<Item = u8> + Clone + '_ {
    s.match_indices('%')
        .filter_map(|(i, _)| octet_at(&s.as_bytes()[i..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_name_rules_in_order() {
        let rule = PartNameRule::first_broken;
        assert_eq!(rule(""), Some(PartNameRule::Empty));
        assert_eq!(rule("a/b"), Some(PartNameRule::NoLeadingSlash));
        assert_eq!(rule("/a//b"), Some(PartNameRule::EmptySegment));
        assert_eq!(rule("/a/"), Some(PartNameRule::TrailingSlash));
        assert_eq!(rule("/"), Some(PartNameRule::TrailingSlash));
        assert_eq!(rule("/a b"), Some(PartNameRule::NotPchar));
        assert_eq!(rule("/a%2Fb"), Some(PartNameRule::EncodedSlash));
        assert_eq!(rule("/a%5cb"), Some(PartNameRule::EncodedSlash));
        assert_eq!(rule("/%41"), Some(PartNameRule::EncodedUnreserved));
        assert_eq!(rule("/a."), Some(PartNameRule::TrailingDot));
        assert_eq!(rule("/a/.."), Some(PartNameRule::DotsOnly));
        assert_eq!(rule("/a/%D1%86.xml"), None);
        assert_eq!(rule("/xml/item1.xml"), None);
        assert_eq!(rule("//xml/."), Some(PartNameRule::EmptySegment));
    }

    #[test]
    fn arc_1_keeps_reserved_unreserved_percent_and_non_ascii() {
        assert_eq!(to_iri("a b\"<>\\^`{|}"), "a%20b%22%3C%3E%5C%5E%60%7B%7C%7D");
        assert_eq!(to_iri("%zz/[x]?#@!"), "%zz/[x]?#@!");
        assert_eq!(to_iri("\u{44}\u{446} x"), "\u{44}\u{446}%20x");
    }

    #[test]
    fn the_helpers_of_arc_3() {
        assert_eq!(encode_lone_percent("%41%4%"), "%41%254%25");
        assert_eq!(decode_where("%41%2f%7E%2520", is_unreserved), "A%2f~%2520");
        assert_eq!(strip_trailing_dots("a./../b../.../c"), "a/../b/.../c");
        assert_eq!(collapse_slashes("//a///b/"), "/a/b/");
        assert_eq!(drop_dot_runs("/.../a/..../b/..."), "/a/b");
        assert_eq!(drop_dot_runs("..."), "");
    }

    #[test]
    fn trace_cites_every_step_of_a_relative_reference() {
        let (answer, trace) = resolve_traced("media\\image1.png.", Some("/word/document.xml"));
        assert_eq!(answer.canon.as_deref(), Some("/word/media/image1.png"));
        let ids: Vec<StepId> = trace.steps.iter().map(|s| s.id).collect();
        let expected: Vec<StepId> = StepId::ALL
            .iter()
            .copied()
            .filter(|&id| id != StepId::Absolute)
            .collect();
        assert_eq!(ids, expected);
        let changed: Vec<&str> = trace
            .steps
            .iter()
            .filter(|s| s.changed())
            .map(|s| s.id.id())
            .collect();
        assert_eq!(
            changed,
            ["opc.a1", "opc.a3.4", "opc.a3.5", "opc.a3.6", "opc.a3.10"]
        );
    }

    #[test]
    fn absolute_references_are_resolved_the_ordinary_way() {
        let (answer, trace) = resolve_traced("http://example.com/a/../b", Some("/x.xml"));
        assert_eq!(answer.canon.as_deref(), Some("http://example.com/b"));
        assert_eq!(answer.get(Component::Host), Some("example.com"));
        assert!(trace.steps.iter().any(|s| s.id == StepId::Absolute));
    }

    #[test]
    fn invalid_part_name_names_the_rule_and_marks_the_step() {
        let (answer, trace) = resolve_traced("..", Some("/a.xml"));
        assert!(answer.invalid);
        assert_eq!(answer.notes[0].code, "opc.part-name.trailing-slash");
        assert_eq!(answer.get(Component::Path), Some("/"));
        assert!(trace.steps.last().is_some_and(|s| s.failed));
    }

    #[test]
    fn base_forms() {
        assert_eq!(resolve("a.xml", None).canon.as_deref(), Some("/a.xml"));
        let a = resolve("a.xml", Some("http://h/dir/x"));
        assert_eq!(a.canon.as_deref(), Some("/dir/a.xml"));
        assert_eq!(a.notes[0].code, "opc.base-uri-path");
        let a = resolve("a.xml", Some("word/x.xml"));
        assert_eq!(a.notes[0].code, "opc.base-not-part-name");
    }
}
