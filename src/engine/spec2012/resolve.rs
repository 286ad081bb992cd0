//! The *steps to resolve a URL* and the *steps to resolve a relative URL*
//! ("Resolution" section), with merge path and remove dot-segments as the spec
//! adapts RFC 3986 (slash characters, `%2E` as `.`).
//!
//! Traced runs record the merge one part at a time and remove dot-segments
//! one turn of its loop at a time ([`dot_steps`]); untraced runs take the
//! fast functions here and never build those steps.

mod dot_steps;

use std::borrow::Cow;

use super::chars::{dot_segment, is_slash, leading_drive_segment, starts_with_slash};
use super::model::{Component, ParsedUrl};
use super::parse::parse_preprocessed;
use super::percent::decode_ascii_where;
use super::preprocess::preprocess;
use crate::engine::trace::{Step, StepId, Tracer};

/// Resolves the string `reference` against the parsed `base`.
pub fn resolve<T: Tracer>(reference: &str, base: &ParsedUrl, tr: &mut T) -> ParsedUrl {
    match read_reference(reference, base, tr) {
        Reference::Settled(url) => url,
        Reference::Parsed(_, parsed) => resolve_parsed(parsed, base, tr),
    }
}

/// What Resolution steps 4–7 make of the string reference.
pub(crate) enum Reference<'a> {
    /// Steps 4 and 6 settled the result without parsing the reference: the
    /// base is invalid, or the reference is empty.
    Settled(ParsedUrl),
    /// Steps 5 and 7: the reference preprocessed, and parsed; steps 8–11
    /// ([`resolve_parsed`]) combine it with the base.
    Parsed(Cow<'a, str>, ParsedUrl),
}

/// Resolution steps 4–7: checks the base, preprocesses and parses the
/// reference (a run keeps both forms when asked to).
pub(crate) fn read_reference<'a, T: Tracer>(
    reference: &'a str,
    base: &ParsedUrl,
    tr: &mut T,
) -> Reference<'a> {
    // Resolution, step 4
    if base.invalid {
        tr.record(|| Step::new(StepId::ResolveBaseInvalid).fail());
        return Reference::Settled(ParsedUrl::invalid());
    }
    // Resolution, step 5
    let s = preprocess(reference, tr);
    // Resolution, step 6
    if s.is_empty() {
        tr.record(|| Step::new(StepId::ResolveEmpty).decide("the reference is empty"));
        let mut url = ParsedUrl {
            hierarchical: base.hierarchical,
            ..ParsedUrl::default()
        };
        take_from_base(&mut url, base, BASE_BUT_FRAGMENT, StepId::ResolveEmpty, tr);
        return Reference::Settled(url);
    }
    // Resolution, step 7
    let parsed = parse_preprocessed(&s, tr);
    Reference::Parsed(s, parsed)
}

/// Every component but the fragment (`Component::ALL` is in URL order:
/// scheme, user, password, host, port, path, query, fragment).
const BASE_BUT_FRAGMENT: &[Component] = Component::ALL.split_at(7).0;
/// Scheme, the parts of the authority, and the path.
const UP_TO_PATH: &[Component] = Component::ALL.split_at(6).0;
/// The parts of the authority: user, password, host, port.
const AUTHORITY: &[Component] = Component::ALL.split_at(5).0.split_at(1).1;

/// Sets the components `which` of `url` to the base's, recording each one
/// that changes; they no longer come from the input, so their spans go.
fn take_from_base<T: Tracer>(
    url: &mut ParsedUrl,
    base: &ParsedUrl,
    which: &[Component],
    id: StepId,
    tr: &mut T,
) {
    for &c in which {
        let (now, from_base) = (url.get(c), base.get(c));
        if now != from_base {
            tr.record(|| Step::change(id, c, now, from_base));
            *url.get_mut(c) = from_base.map(str::to_owned);
        }
        url.spans[c as usize] = None;
    }
}

/// Removes the components `which` of `url`, recording each removal.
fn remove<T: Tracer>(url: &mut ParsedUrl, which: &[Component], id: StepId, tr: &mut T) {
    for &c in which {
        if let Some(old) = url.get_mut(c).take() {
            tr.record(|| Step::change(id, c, Some(&old), None));
        }
        url.spans[c as usize] = None;
    }
}

/// Resolution steps 8–11, on a reference that is already parsed.
pub fn resolve_parsed<T: Tracer>(mut url: ParsedUrl, base: &ParsedUrl, tr: &mut T) -> ParsedUrl {
    if base.invalid {
        tr.record(|| Step::new(StepId::ResolveBaseInvalid).fail());
        return ParsedUrl::invalid();
    }
    // Resolution, step 8
    if url.invalid {
        tr.record(|| Step::new(StepId::ResolveRelative).decide("no scheme: relative to the base"));
        resolve_relative(&mut url, base, tr);
        return url;
    }
    // Resolution, step 9
    let same_scheme = match (&url.scheme, &base.scheme) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    };
    if base.hierarchical && same_scheme {
        // Step 9.1
        let only_scheme = !url.has_authority()
            && url.query.is_none()
            && url.fragment.is_none()
            && url.path.as_deref().is_none_or(str::is_empty);
        if only_scheme {
            tr.record(|| {
                Step::new(StepId::ResolveSchemeOnly).decide("only the scheme of the base was given")
            });
            take_from_base(
                &mut url,
                base,
                BASE_BUT_FRAGMENT,
                StepId::ResolveSchemeOnly,
                tr,
            );
            remove(
                &mut url,
                &[Component::Fragment],
                StepId::ResolveSchemeOnly,
                tr,
            );
            url.hierarchical = base.hierarchical;
            return url;
        }
        // Step 9.2
        tr.record(|| {
            Step::new(StepId::ResolveSameScheme)
                .decide("the same scheme as the hierarchical base: resolved as relative")
        });
        resolve_relative(&mut url, base, tr);
        return url;
    }
    // Resolution, step 10
    if url.hierarchical && url.path.is_some() {
        tr.record(|| Step::new(StepId::ResolveAbsolute).decide("an absolute hierarchical URL"));
        let is_file = url.scheme_is("file");
        clean_path(&mut url, is_file, tr);
    } else {
        tr.record(|| Step::new(StepId::ResolveOpaque).decide("an absolute URL taken as it is"));
    }
    url
}

/// Resolves a parsed URL against itself (no base given), as
/// [`resolve_parsed`]`(url.clone(), &url)` would, without copying the URL:
/// resolving against oneself only reads from the base what the URL already
/// has, except the path that a relative path is merged with.
pub fn resolve_self<T: Tracer>(url: ParsedUrl, tr: &mut T) -> ParsedUrl {
    if url.invalid {
        // An invalid URL is an invalid base.
        return resolve_parsed(url, &ParsedUrl::invalid(), tr);
    }
    if !url.hierarchical {
        // A base that is not hierarchical: the URL is taken as it is.
        return resolve_parsed(url, &ParsedUrl::default(), tr);
    }
    // What the base must hold for the steps to read the same values: the
    // scheme (step 9, 2–6), the path for steps 4–6 and the query for step 5.
    // Everything else the steps copy is absent in both.
    let relative_path = !url.has_authority()
        && url
            .path
            .as_deref()
            .is_some_and(|p| !p.is_empty() && !starts_with_slash(p));
    let empty_path = url.path.as_deref().is_none_or(str::is_empty);
    let base = ParsedUrl {
        scheme: url.scheme.clone(),
        path: if relative_path || empty_path {
            url.path.clone()
        } else {
            None
        },
        query: if empty_path && !url.has_authority() {
            url.query.clone()
        } else {
            None
        },
        hierarchical: true,
        ..ParsedUrl::default()
    };
    resolve_parsed(url, &base, tr)
}

/// Decodes `%2F`/`%5C` for `file` URLs, then removes dot-segments, recording
/// both (steps 10.1–10.2, 2.2, 3.3–3.4).
fn clean_path<T: Tracer>(url: &mut ParsedUrl, is_file: bool, tr: &mut T) {
    let Some(path) = url.path.take() else { return };
    let len = path.len();
    let path = if is_file {
        decode_file_slashes(path, tr)
    } else {
        path
    };
    let cleaned = remove_dot_segments_traced(path, tr);
    // Both steps only ever shorten the path: a new length means a new value,
    // which no longer is a slice of the input.
    if cleaned.len() != len {
        url.spans[Component::Path as usize] = None;
    }
    url.path = Some(cleaned);
}

/// The spec's "percent-decode any %2F and %5C" of `file` paths.
fn decode_file_slashes<T: Tracer>(path: String, tr: &mut T) -> String {
    match decode_ascii_where(&path, |b| b == b'/' || b == b'\\') {
        Cow::Borrowed(_) => path,
        Cow::Owned(decoded) => {
            tr.record(|| {
                Step::change(
                    StepId::FileDecodeSlashes,
                    Component::Path,
                    Some(&path),
                    Some(&decoded),
                )
            });
            decoded
        }
    }
}

/// Remove dot-segments, recording a step per turn of the RFC's loop when
/// tracing. The fast version decides whether anything changes; only then,
/// and only when `T::ON`, is the loop run again step by step, and its result
/// is the one kept, so that the suite's "traced equals untraced" check
/// covers the stepping loop too.
fn remove_dot_segments_traced<T: Tracer>(path: String, tr: &mut T) -> String {
    match remove_dot_segments(&path) {
        Cow::Borrowed(_) => path,
        Cow::Owned(cleaned) => {
            if !T::ON {
                return cleaned;
            }
            let (steps, stepped) = dot_steps::dot_segment_steps(&path);
            for step in steps {
                tr.record(|| step);
            }
            stepped
        }
    }
}

/// The *steps to resolve a relative URL*: fills `url` (the parsed reference)
/// from `base`.
pub fn resolve_relative<T: Tracer>(url: &mut ParsedUrl, base: &ParsedUrl, tr: &mut T) {
    // Step 1. Interpretation: the spec returns the URL marked invalid; the
    // suite (resolving.dat) expects it without any component, as the
    // reference implementation returned a fresh invalid URL.
    if !base.hierarchical {
        tr.record(|| Step::new(StepId::RelBaseOpaque).fail());
        remove(url, &Component::ALL, StepId::RelBaseOpaque, tr);
        *url = ParsedUrl::invalid();
        return;
    }
    url.invalid = false;
    url.hierarchical = true;
    let is_file = base.scheme_is("file");

    if url.has_authority() {
        // Step 2
        tr.record(|| Step::new(StepId::RelAuthority).decide("the reference has an authority"));
        take_from_base(url, base, &[Component::Scheme], StepId::RelAuthority, tr);
        clean_path(url, is_file, tr);
        // Step 2.3
        if is_file {
            let host = url.authority_text();
            if host != url.host {
                tr.record(|| {
                    Step::change(
                        StepId::RelFileHost,
                        Component::Host,
                        url.host.as_deref(),
                        host.as_deref(),
                    )
                });
                url.host = host;
                url.spans[Component::Host as usize] = None;
            }
            let others = [Component::User, Component::Password, Component::Port];
            remove(url, &others, StepId::RelFileHost, tr);
        }
    } else if url.path.as_deref().is_some_and(starts_with_slash) {
        // Step 3
        tr.record(|| Step::new(StepId::RelAbsolutePath).decide("the path starts with a slash"));
        take_from_base(url, base, &[Component::Scheme], StepId::RelAbsolutePath, tr);
        take_from_base(url, base, AUTHORITY, StepId::RelAbsolutePath, tr);
        clean_path(url, is_file, tr);
    } else if url.path.as_deref().is_none_or(str::is_empty) && url.query.is_some() {
        // Step 4
        tr.record(|| Step::new(StepId::RelQueryOnly).decide("no path, but a query"));
        take_from_base(url, base, UP_TO_PATH, StepId::RelQueryOnly, tr);
    } else if url.path.as_deref().is_none_or(str::is_empty) && url.fragment.is_some() {
        // Step 5
        tr.record(|| Step::new(StepId::RelFragmentOnly).decide("only a fragment"));
        take_from_base(url, base, BASE_BUT_FRAGMENT, StepId::RelFragmentOnly, tr);
    } else {
        // Step 6
        tr.record(|| Step::new(StepId::RelPath).decide("a relative path"));
        take_from_base(url, base, &[Component::Scheme], StepId::RelPath, tr);
        take_from_base(url, base, AUTHORITY, StepId::RelPath, tr);
        let original = url.path.take();
        let mut r_path = original.clone().unwrap_or_default();
        let mut b_path = base.path.as_deref().unwrap_or("");
        if is_file {
            // Step 6.5.1
            r_path = decode_file_slashes(r_path, tr);
            // Step 6.5.2
            if leading_drive_segment(&r_path, false).is_some() {
                tr.record(|| {
                    Step::new(StepId::RelDrive).decide("the path starts with a drive letter")
                });
                remove(url, AUTHORITY, StepId::RelDrive, tr);
                b_path = "";
            }
        }
        // Step 6.6
        let merged = merge_paths(b_path, &r_path);
        if T::ON {
            let before = if is_file {
                Some(r_path.as_str())
            } else {
                original.as_deref()
            };
            for step in merge_steps(before, b_path, &r_path) {
                tr.record(|| step);
            }
        }
        // Steps 6.7–6.8
        url.path = Some(remove_dot_segments_traced(merged, tr));
        url.spans[Component::Path as usize] = None;
    }
}

/// Merge path (RFC 3986 5.2.3) with slash characters: an empty base path
/// gives `/` + the reference; otherwise the base up to its last slash
/// character, then the reference.
pub fn merge_paths(base_path: &str, reference: &str) -> String {
    if base_path.is_empty() {
        let mut out = String::with_capacity(reference.len() + 1);
        out.push('/');
        out.push_str(reference);
        return out;
    }
    let keep = base_path.bytes().rposition(is_slash).map_or(0, |i| i + 1);
    let mut out = String::with_capacity(keep + reference.len());
    out.push_str(&base_path[..keep]);
    out.push_str(reference);
    out
}

/// The steps of [`merge_paths`] one part at a time, for a path that was
/// `before`: start from the base path (or from "/" when it is empty), drop
/// what follows its last slash, append the reference. The last step's
/// `after` is exactly what [`merge_paths`] returns.
fn merge_steps(before: Option<&str>, base_path: &str, reference: &str) -> Vec<Step> {
    let path = Component::Path;
    let append = |from: &str| {
        Step::change(
            StepId::RelMergeAppend,
            path,
            Some(from),
            Some(&format!("{from}{reference}")),
        )
        .decide(format!("the reference path {reference:?} is appended"))
    };
    if base_path.is_empty() {
        return vec![
            Step::change(StepId::RelMergeEmptyBase, path, before, Some("/")).decide(format!(
                "the base path is empty: the merge starts from \"/\"; the reference path {reference:?} waits"
            )),
            append("/"),
        ];
    }
    let keep = base_path.bytes().rposition(is_slash).map_or(0, |i| i + 1);
    let (dir, last) = base_path.split_at(keep);
    let cut = match (keep, last) {
        (0, _) => format!("the base path has no slash: all of {last:?} is dropped"),
        (_, "") => "the base path ends with a slash: nothing follows it to drop".to_owned(),
        _ => format!("{last:?}, after the base path's last slash, is dropped"),
    };
    vec![
        Step::change(StepId::RelMerge, path, before, Some(base_path)).decide(format!(
            "the merge starts from the base path {base_path:?}; the reference path {reference:?} waits"
        )),
        Step::change(StepId::RelMergeCut, path, Some(base_path), Some(dir)).decide(cut),
        append(dir),
    ]
}

/// Remove dot-segments (RFC 3986 5.2.4) as the spec adapts it: backslashes
/// are first replaced by slashes, and `%2E` counts as `.`. Borrows the input
/// when nothing changes.
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    // A backslash, or a segment that starts with '.' or '%' (the only way a
    // dot-segment can start), means there may be work to do.
    let has_backslash = path.as_bytes().contains(&b'\\');
    let may_have_dots =
        has_backslash || path.starts_with(['.', '%']) || path.contains("/.") || path.contains("/%");
    if !has_backslash && !may_have_dots {
        return Cow::Borrowed(path);
    }
    let replaced: Cow<'_, str> = if has_backslash {
        Cow::Owned(path.replace('\\', "/"))
    } else {
        Cow::Borrowed(path)
    };
    let input = replaced.as_ref();
    let mut out = String::with_capacity(input.len());
    let mut i = 0;
    let len = input.len();
    while i < len {
        let rest = &input[i..];
        if let Some(tail) = rest.strip_prefix('/') {
            let seg_len = tail.find('/').unwrap_or(tail.len());
            let seg = &tail[..seg_len];
            let followed_by_slash = seg_len < tail.len();
            match dot_segment(seg) {
                // Rule B: "/./" → "/", "/." at the end → "/".
                1 => {
                    if followed_by_slash {
                        i += 1 + seg_len;
                    } else {
                        out.push('/');
                        break;
                    }
                }
                // Rule C: as B, and the last output segment goes.
                2 => {
                    let cut = out.rfind('/').unwrap_or(0);
                    out.truncate(cut);
                    if followed_by_slash {
                        i += 1 + seg_len;
                    } else {
                        out.push('/');
                        break;
                    }
                }
                // Rule E: move "/segment" to the output.
                _ => {
                    out.push('/');
                    out.push_str(seg);
                    i += 1 + seg_len;
                }
            }
        } else {
            let seg_len = rest.find('/').unwrap_or(rest.len());
            let seg = &rest[..seg_len];
            if dot_segment(seg) != 0 {
                // Rules A and D: a leading "./" or "../", or a lone "." or "..".
                i += (seg_len + 1).min(rest.len());
            } else {
                // Rule E, for a first segment without a slash.
                out.push_str(seg);
                i += seg_len;
            }
        }
    }
    if out == path {
        Cow::Borrowed(path)
    } else {
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse::parse;
    use crate::engine::trace::NoTrace;

    #[test]
    fn dot_segments() {
        for (input, expected) in [
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            ("/a/%2e%2E/b", "/b"),
            ("/a/.%2e", "/"),
            ("/a/b/..", "/a/"),
            ("\\a\\.\\b", "/a/b"),
            ("../x", "x"),
            ("/..", "/"),
            ("/a/...", "/a/..."),
            ("/a/%2ex", "/a/%2ex"),
            ("", ""),
            ("..", ""),
        ] {
            assert_eq!(remove_dot_segments(input), expected, "{input}");
        }
    }

    #[test]
    fn merge() {
        assert_eq!(merge_paths("", "g"), "/g");
        assert_eq!(merge_paths("/b/c/d;p", "g"), "/b/c/g");
        assert_eq!(merge_paths("/b\\c", "g"), "/b\\g");
        assert_eq!(merge_paths("abc", "g"), "g");
    }

    #[test]
    fn rfc3986_examples() {
        let base = parse("http://a/b/c/d;p?q", &mut NoTrace);
        for (r, path, query) in [
            ("g", "/b/c/g", None),
            ("?y", "/b/c/d;p", Some("y")),
            ("#s", "/b/c/d;p", Some("q")),
            ("../../../g", "/g", None),
            ("g;x=1/../y", "/b/c/y", None),
        ] {
            let u = resolve(r, &base, &mut NoTrace);
            assert_eq!(u.path.as_deref(), Some(path), "{r}");
            assert_eq!(u.query.as_deref(), query, "{r}");
            assert_eq!(u.host.as_deref(), Some("a"), "{r}");
        }
    }
}

#[cfg(test)]
mod step_tests {
    use proptest::prelude::*;

    use super::dot_steps::dot_segment_steps;
    use super::*;
    use crate::engine::{self, NoTrace, Options, Outcome, Trace};

    /// The outcome and the trace of one run of `input` against `base`.
    fn traced(input: &str, base: &str) -> (Outcome, Trace) {
        let mut trace = Trace::default();
        let out = engine::run(input, &Options::default().base(base), &mut trace);
        (out, trace)
    }

    /// The issue's teaching example: the merge in three parts, then each
    /// `..` climbs one folder, taking `q`, then `p`.
    #[test]
    fn teaching_example_step_by_step() {
        let (out, trace) = traced("../../a/./b?x#y", "http://example.com/p/q/r");
        assert_eq!(out.canon.as_deref(), Some("http://example.com/a/b?x#y"));
        let path_steps: Vec<(&str, &str, &str)> = trace
            .steps
            .iter()
            .filter(|s| !s.of_base && s.id.stage() == crate::engine::Stage::Resolve)
            .filter(|s| s.component == Some(Component::Path))
            .map(|s| {
                (
                    s.id.id(),
                    s.before.as_deref().unwrap_or("(absent)"),
                    s.after.as_deref().unwrap_or("(absent)"),
                )
            })
            .collect();
        assert_eq!(
            path_steps,
            [
                ("resolve-rel.6.6", "../../a/./b", "/p/q/r"),
                ("resolve-rel.6.6.cut", "/p/q/r", "/p/q/"),
                ("resolve-rel.6.6.append", "/p/q/", "/p/q/../../a/./b"),
                ("resolve.dots", "/p/q/../../a/./b", "/p/q/../../a/./b"),
                ("resolve.dots.e", "/p/q/../../a/./b", "/p/q/../../a/./b"),
                ("resolve.dots.e", "/p/q/../../a/./b", "/p/q/../../a/./b"),
                ("resolve.dots.c", "/p/q/../../a/./b", "/p/../a/./b"),
                ("resolve.dots.c", "/p/../a/./b", "/a/./b"),
                ("resolve.dots.e", "/a/./b", "/a/./b"),
                ("resolve.dots.b", "/a/./b", "/a/b"),
                ("resolve.dots.e", "/a/b", "/a/b"),
            ]
        );
        let dots: Vec<(&str, &str)> = trace.steps.iter().filter_map(|s| s.buffers()).collect();
        assert_eq!(
            dots,
            [
                ("", "/p/q/../../a/./b"),
                ("/p", "/q/../../a/./b"),
                ("/p/q", "/../../a/./b"),
                ("/p", "/../a/./b"),
                ("", "/a/./b"),
                ("/a", "/./b"),
                ("/a", "/b"),
                ("/a/b", ""),
            ]
        );
        let climbs: Vec<&str> = trace
            .steps
            .iter()
            .filter(|s| s.id == StepId::DotsRuleC)
            .filter_map(|s| s.decision.as_deref())
            .collect();
        assert_eq!(
            climbs,
            [
                "\"/../\" becomes \"/\", and \"/q\" leaves the output buffer",
                "\"/../\" becomes \"/\", and \"/p\" leaves the output buffer",
            ]
        );
    }

    #[test]
    fn merge_in_parts_ends_where_merge_paths_does() {
        for (base, reference) in [
            ("/p/q/r", "g"),
            ("/p/q/", "g"),
            ("", "g"),
            ("abc", "g"),
            ("/b\\c", "g"),
            ("/a", ""),
        ] {
            let steps = merge_steps(Some(reference), base, reference);
            for pair in steps.windows(2) {
                assert_eq!(pair[1].before, pair[0].after, "{base:?} {reference:?}");
            }
            assert_eq!(steps[0].before.as_deref(), Some(reference));
            let last = steps.last().and_then(|s| s.after.clone());
            assert_eq!(last, Some(merge_paths(base, reference)), "{base:?}");
        }
        let empty = merge_steps(None, "", "g");
        assert_eq!(empty[0].id, StepId::RelMergeEmptyBase);
        assert_eq!(empty.len(), 2);
    }

    /// Tracing changes no result, and untraced runs record nothing new:
    /// the stepping loop agrees with the fast one on every path.
    #[test]
    fn traced_dots_agree_on_the_teaching_paths() {
        for (input, base) in [
            ("../../a/./b?x#y", "http://example.com/p/q/r"),
            ("\\..\\%2e/x", "http://h/a/b/c"),
            ("file:///c:/a/../%2E%2e/b", "file:///x"),
        ] {
            let plain = engine::run(input, &Options::default().base(base), &mut NoTrace);
            assert_eq!(plain, traced(input, base).0, "{input}");
        }
    }

    fn segment() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2E", "a", "bc", "...", ".a", "%2ex",
            "%", "%2",
        ])
    }

    fn path() -> impl Strategy<Value = String> {
        (
            prop::collection::vec((segment(), prop::sample::select(vec!["/", "\\"])), 0..10),
            any::<bool>(),
        )
            .prop_map(|(parts, leading)| {
                let mut p = String::new();
                if leading {
                    p.push('/');
                }
                for (seg, sep) in parts {
                    p.push_str(seg);
                    p.push_str(sep);
                }
                p.pop();
                p
            })
    }

    proptest! {
        #[test]
        fn stepping_equals_the_fast_loop(p in path()) {
            let fast = remove_dot_segments(&p);
            let mut tr = crate::engine::Trace::default();
            let traced = remove_dot_segments_traced(p.clone(), &mut tr);
            prop_assert_eq!(&traced, fast.as_ref());
            let (steps, stepped) = dot_segment_steps(&p);
            prop_assert_eq!(stepped.as_str(), fast.as_ref());
            prop_assert_eq!(steps[0].before.as_deref(), Some(p.as_str()));
            for pair in steps.windows(2) {
                prop_assert_eq!(&pair[1].before, &pair[0].after);
            }
            prop_assert_eq!(steps.last().and_then(|s| s.after.as_deref()), Some(stepped.as_str()));
            // Nothing is recorded for a path that does not change.
            prop_assert_eq!(tr.steps.is_empty(), matches!(fast, Cow::Borrowed(_)));
        }
    }
}

#[cfg(test)]
mod self_tests {
    use super::*;
    use crate::engine::parse::parse;
    use crate::engine::trace::NoTrace;

    /// `resolve_self` must agree with resolving against a full copy.
    #[test]
    fn resolving_against_oneself_needs_no_copy() {
        for input in [
            "http://a/b/../c?q#f",
            "http:foo",
            "http:",
            "http:?q",
            "http:#f",
            "file:cd:\\foo\\bar",
            "file:c:/x",
            "file:///c:/../x",
            "mailto:a",
            "foo:bar?x",
            "x/y",
            "",
            "//h/p",
            "\\\\srv\\share",
            "c:\\dir\\f",
            "unknown:/a/..//b",
            "file://h:1/%2e%2E/x",
            "ftp://u:p@h:21/a/./b",
        ] {
            let parsed = parse(input, &mut NoTrace);
            let by_copy = resolve_parsed(parsed.clone(), &parsed, &mut NoTrace);
            assert_eq!(resolve_self(parsed, &mut NoTrace), by_copy, "{input}");
        }
    }
}
