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
//! name, checked against the part-name rules ([`first_broken_rule`]).
//!
//! No crate does this, so the steps are here, each recorded on the engine's
//! tracer ([`Tracer`]; [`NoTrace`] costs nothing) as a row of its one step
//! table under [`Stage::Opc`](crate::engine::Stage::Opc), from which the
//! trace's citations and explanations come. Each step records the whole
//! reference before and after it. The notes' codes, the part-name rules
//! among them, are this file's [`Code`] table.

use std::borrow::Cow;

use fluent_uri::component::Scheme;
use fluent_uri::pct_enc::{EStr, encoder::Path};
use percent_encoding::{AsciiSet, utf8_percent_encode};

use super::rfc3986::Rfc3986;
use super::{Answer, Note, Request, Resolve, with_tracer};
use crate::engine::code_table::code_table;
use crate::engine::{Component, Step, StepId, Tracer, Until};

/// Interpretation: the pack URI of the package itself is not known here and
/// does not change the path of a resolution, so a stand-in authority is used.
const PACKAGE: &str = "pack://package";

code_table! {
    /// The `opc` resolver's note codes: first the part-name rules (Part 2,
    /// "Part Names"), numbered in the order `other-resolvers.md` lists
    /// them, then what the resolver says about the reference and the base.
    pub enum Code;
    fn code, fn citation, fn text;

    Empty => "opc.part-name.empty", "Part 2, Part names, rule 1",
        "a part name must not be empty";
    NoLeadingSlash => "opc.part-name.no-leading-slash", "Part 2, Part names, rule 2",
        "a part name must start with '/'";
    EmptySegment => "opc.part-name.empty-segment", "Part 2, Part names, rule 3",
        "a part name must not have an empty segment ('//')";
    TrailingSlash => "opc.part-name.trailing-slash", "Part 2, Part names, rule 4",
        "a part name must not end with '/'";
    NotPchar => "opc.part-name.not-pchar", "Part 2, Part names, rule 5",
        "a segment holds a character that is not a pchar of RFC 3986";
    EncodedSlash => "opc.part-name.encoded-slash", "Part 2, Part names, rule 6",
        "a part name must not hold %2F or %5C";
    EncodedUnreserved => "opc.part-name.encoded-unreserved", "Part 2, Part names, rule 7",
        "a part name must not percent-encode an unreserved character";
    TrailingDot => "opc.part-name.trailing-dot", "Part 2, Part names, rule 8",
        "a segment must not end with '.'";
    DotsOnly => "opc.part-name.dots-only", "Part 2, Part names, rule 9",
        "a segment must hold a character other than '.'";
    QueryDropped => "opc.query-dropped", "Annex A.3, step 10; Part 2, Part names",
        "the query of the resolved reference is not part of the part name";
    FragmentDropped => "opc.fragment-dropped", "Annex A.3, step 10; Part 2, Part names",
        "the fragment of the resolved reference is not part of the part name";
    BaseUriPath => "opc.base-uri-path", "Annex A.3, step 10 (the source part's pack URI)",
        "the base is a URI, not a part name; its path is taken as the source part's name";
    BaseNotPartName => "opc.base-not-part-name", "Annex A.3, step 10 (the source part's pack URI)",
        "the base is neither a part name (starting with '/') nor an absolute URI";
}

impl Code {
    /// Whether this is one of the part-name rules (a name that breaks it is
    /// no part name), rather than a remark about the reference or the base.
    pub const fn is_part_name_rule(self) -> bool {
        match self {
            Code::Empty
            | Code::NoLeadingSlash
            | Code::EmptySegment
            | Code::TrailingSlash
            | Code::NotPchar
            | Code::EncodedSlash
            | Code::EncodedUnreserved
            | Code::TrailingDot
            | Code::DotsOnly => true,
            Code::QueryDropped
            | Code::FragmentDropped
            | Code::BaseUriPath
            | Code::BaseNotPartName => false,
        }
    }
}

/// The first part-name rule `name` breaks, if any.
pub fn first_broken_rule(name: &str) -> Option<Code> {
    if name.is_empty() {
        return Some(Code::Empty);
    }
    let Some(rest) = name.strip_prefix('/') else {
        return Some(Code::NoLeadingSlash);
    };
    if rest.ends_with('/') || rest.is_empty() {
        return Some(Code::TrailingSlash);
    }
    rest.split('/').find_map(segment_rule)
}

/// The first rule one segment of a part name breaks.
fn segment_rule(seg: &str) -> Option<Code> {
    if seg.is_empty() {
        return Some(Code::EmptySegment);
    }
    // The crate's path table is pchar plus '/', and a segment holds no '/'.
    if EStr::<Path>::new(seg).is_none() {
        return Some(Code::NotPchar);
    }
    let encoded = percent_octets(seg);
    if encoded.clone().any(|b| b == b'/' || b == b'\\') {
        return Some(Code::EncodedSlash);
    }
    if encoded.clone().any(is_unreserved) {
        return Some(Code::EncodedUnreserved);
    }
    if seg.bytes().all(|b| b == b'.') {
        return Some(Code::DotsOnly);
    }
    seg.ends_with('.').then_some(Code::TrailingDot)
}

/// OPC part names, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opc;

impl Resolve for Opc {
    /// Resolves the input as a reference held in the part named by the
    /// base (absent or empty: the package root `/`).
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let (input, base) = (request.input, request.base());
        with_tracer(
            request.trace,
            |tr| resolve_with(input, base, tr),
            |tr| resolve_with(input, base, tr),
        )
    }
}

/// RFC 3986 resolution up to recomposition, as arc 3 uses it.
fn resolve_uri(uri: &str, base: &str) -> Answer {
    let request = Request::new(uri)
        .with_base(Some(base))
        .with_until(Until::Resolve);
    Rfc3986.resolve(&request)
}

/// The three arcs, reporting each step to `tr`.
fn resolve_with<T: Tracer>(input: &str, base: Option<&str>, tr: &mut T) -> Answer {
    let mut notes = Vec::new();
    let source = match source_part(base, &mut notes) {
        Ok(source) => source,
        Err(why) => return Answer::invalid(why),
    };
    let pack_base = format!("{PACKAGE}{source}");

    let iri = step(tr, StepId::OpcToIri, input, to_iri);
    let uri = step(tr, StepId::OpcToUri, &iri, |s| {
        utf8_percent_encode(s, &AsciiSet::EMPTY).into()
    });

    if has_scheme(&uri) {
        tr.record(|| unchanged(StepId::OpcAbsolute, &uri).decide("the reference has a scheme"));
        let mut answer = resolve_uri(&uri, &pack_base);
        answer.notes.extend(notes);
        return answer;
    }
    let part_ref = relative_steps(&uri, tr);

    let resolved = resolve_uri(&part_ref, &pack_base);
    let Some(target) = resolved.canon.as_deref().filter(|_| !resolved.invalid) else {
        tr.record(|| unchanged(StepId::OpcResolve, &part_ref).fail());
        let mut answer = resolved;
        answer.notes.extend(notes);
        return answer;
    };
    let part = resolved.get(Component::Path).unwrap_or_default().to_owned();
    tr.record(|| {
        changed(StepId::OpcResolve, &part_ref, &part)
            .decide(format!("against {pack_base}: {target}"))
    });
    for (c, code) in [
        (Component::Query, Code::QueryDropped),
        (Component::Fragment, Code::FragmentDropped),
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
    let broken = first_broken_rule(&part);
    tr.record(|| {
        let step = unchanged(StepId::OpcPartName, &part);
        match broken {
            Some(rule) => step.decide(format!("invalid: {}", rule.text())).fail(),
            None => step.decide("a valid part name"),
        }
    });
    let components = vec![(Component::Path, part.clone())];
    match broken {
        Some(rule) => {
            notes.insert(0, Note::new(rule, format!("{}: {part:?}", rule.text())));
            Answer {
                invalid: true,
                components,
                notes,
                ..Answer::default()
            }
        }
        None => Answer {
            canon: Some(part),
            components,
            notes,
            ..Answer::default()
        },
    }
}

/// Arc 3, steps 1 to 9, on a relative reference.
fn relative_steps<T: Tracer>(uri: &str, tr: &mut T) -> String {
    // Steps 1 and 2 make the whole reference a URI reference.
    let s = step(tr, StepId::OpcBrackets, uri, |s| {
        s.replace('[', "%5B").replace(']', "%5D").into()
    });
    let s = step(tr, StepId::OpcLonePercent, &s, encode_lone_percent);
    // Interpretation: steps 3 to 9 rewrite the path only. A part name is a
    // path, and a query or fragment (a relationship target may carry one)
    // must not hide a path's trailing dot or slash from steps 6 and 8.
    let split = s.find(['?', '#']).unwrap_or(s.len());
    let (path, tail) = s.split_at(split);
    let path = step_path(tr, StepId::OpcDecodeUnreserved, path, tail, |p| {
        decode_where(p, is_unreserved)
    });
    let path = step_path(tr, StepId::OpcDecodeSlashes, &path, tail, |p| {
        decode_where(p, |b| b == b'/' || b == b'\\')
    });
    let path = step_path(tr, StepId::OpcBackslashes, &path, tail, |p| {
        p.replace('\\', "/").into()
    });
    let path = step_path(
        tr,
        StepId::OpcTrailingDots,
        &path,
        tail,
        strip_trailing_dots,
    );
    let path = step_path(tr, StepId::OpcSlashRuns, &path, tail, collapse_slashes);
    let path = step_path(tr, StepId::OpcTrailingSlash, &path, tail, |p| {
        p.strip_suffix('/').unwrap_or(p).into()
    });
    let path = step_path(tr, StepId::OpcDotSegments, &path, tail, drop_dot_runs);
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

/// A step that took the reference from `before` to `after` (the whole
/// reference: an OPC step concerns no one component).
fn changed(id: StepId, before: &str, after: &str) -> Step {
    Step {
        before: Some(before.to_owned()),
        after: Some(after.to_owned()),
        changes: true,
        ..Step::new(id)
    }
}

/// A step that left the reference `s` as it was.
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
                Code::BaseUriPath,
                format!("the base is a URI, not a part name; its path {path:?} is taken as the source part's name"),
            ));
            Ok(path.to_owned())
        }
        Err(_) => Err(Note::new(
            Code::BaseNotPartName,
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
    use crate::engine::Stage;

    #[test]
    fn part_name_rules_in_order() {
        let rule = first_broken_rule;
        assert_eq!(rule(""), Some(Code::Empty));
        assert_eq!(rule("a/b"), Some(Code::NoLeadingSlash));
        assert_eq!(rule("/a//b"), Some(Code::EmptySegment));
        assert_eq!(rule("/a/"), Some(Code::TrailingSlash));
        assert_eq!(rule("/"), Some(Code::TrailingSlash));
        assert_eq!(rule("/a b"), Some(Code::NotPchar));
        assert_eq!(rule("/a%2Fb"), Some(Code::EncodedSlash));
        assert_eq!(rule("/a%5cb"), Some(Code::EncodedSlash));
        assert_eq!(rule("/%41"), Some(Code::EncodedUnreserved));
        assert_eq!(rule("/a."), Some(Code::TrailingDot));
        assert_eq!(rule("/a/.."), Some(Code::DotsOnly));
        assert_eq!(rule("/a/%D1%86.xml"), None);
        assert_eq!(rule("/xml/item1.xml"), None);
        assert_eq!(rule("//xml/."), Some(Code::EmptySegment));
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

    fn resolve(input: &str, base: Option<&str>) -> Answer {
        Opc.resolve(&Request::new(input).with_base(base))
    }

    /// The answer and its steps.
    fn resolve_traced(input: &str, base: Option<&str>) -> (Answer, Vec<Step>) {
        let mut answer = Opc.resolve(&Request::new(input).with_base(base).traced());
        let steps = answer.trace.take().map(|t| t.steps).unwrap_or_default();
        (answer, steps)
    }

    #[test]
    fn trace_cites_every_step_of_a_relative_reference() {
        let (answer, steps) = resolve_traced("media\\image1.png.", Some("/word/document.xml"));
        assert_eq!(answer.canon.as_deref(), Some("/word/media/image1.png"));
        let ids: Vec<StepId> = steps.iter().map(|s| s.id).collect();
        let expected: Vec<StepId> = StepId::ALL
            .iter()
            .copied()
            .filter(|&id| id.stage() == Stage::Opc && id != StepId::OpcAbsolute)
            .collect();
        assert_eq!(ids, expected);
        let changed: Vec<&str> = steps
            .iter()
            .filter(|s| s.before != s.after)
            .map(|s| s.id.id())
            .collect();
        assert_eq!(
            changed,
            ["opc.a1", "opc.a3.4", "opc.a3.5", "opc.a3.6", "opc.a3.10"]
        );
    }

    #[test]
    fn absolute_references_are_resolved_the_ordinary_way() {
        let (answer, steps) = resolve_traced("http://example.com/a/../b", Some("/x.xml"));
        assert_eq!(answer.canon.as_deref(), Some("http://example.com/b"));
        assert_eq!(answer.get(Component::Host), Some("example.com"));
        assert!(steps.iter().any(|s| s.id == StepId::OpcAbsolute));
    }

    #[test]
    fn invalid_part_name_names_the_rule_and_marks_the_step() {
        let (answer, steps) = resolve_traced("..", Some("/a.xml"));
        assert!(answer.invalid);
        assert_eq!(answer.notes[0].code, Code::TrailingSlash.into());
        assert_eq!(answer.get(Component::Path), Some("/"));
        assert!(steps.last().is_some_and(|s| s.failed));
    }

    #[test]
    fn base_forms() {
        assert_eq!(resolve("a.xml", None).canon.as_deref(), Some("/a.xml"));
        let a = resolve("a.xml", Some("http://h/dir/x"));
        assert_eq!(a.canon.as_deref(), Some("/dir/a.xml"));
        assert_eq!(a.notes[0].code, Code::BaseUriPath.into());
        let a = resolve("a.xml", Some("word/x.xml"));
        assert_eq!(a.notes[0].code, Code::BaseNotPartName.into());
    }

    #[test]
    fn part_name_rules_are_the_first_nine_codes() {
        let rules: Vec<Code> = Code::ALL
            .iter()
            .copied()
            .filter(|c| c.is_part_name_rule())
            .collect();
        assert_eq!(rules, Code::ALL[..9]);
        assert!(rules.iter().all(|c| c.code().starts_with("opc.part-name.")));
    }
}
