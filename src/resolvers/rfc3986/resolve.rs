//! RFC 3986 5.2 as written, on components `fluent-uri` has parsed and
//! checked: 5.2.2 transforms the reference (strict: a scheme in the
//! reference always wins), 5.2.3 merges paths, 5.2.4 removes dot-segments
//! ([`super::dots`]); 5.3 joins the target's components back into a string.
//! Each decision is a step on the tracer.

use fluent_uri::IriRef;

use super::dots::remove_dot_segments;
use crate::engine::{Component, Step, StepId, Tracer};

/// The five components of RFC 3986 5.2.1, borrowed from a parsed
/// reference: `None` is undefined, which is not the same as empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    /// The components of a reference that `fluent-uri` parsed.
    pub fn of(r: &'a IriRef<&'a str>) -> Parts<'a> {
        Parts {
            scheme: r.scheme().map(|s| s.as_str()),
            authority: r.authority().map(|a| a.as_str()),
            path: r.path().as_str(),
            query: r.query().map(|q| q.as_str()),
            fragment: r.fragment().map(|f| f.as_str()),
        }
    }
}

/// The target URI of 5.2.2, its components owned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub scheme: String,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Where a component of the target came from, for the steps' decisions.
const FROM_R: &str = "from the reference";

/// RFC 3986 5.2.2 (strict), with `base` the base URI's components (5.2.1:
/// an absolute URI, its fragment already set aside). `base` may be absent
/// only when the reference has a scheme, which needs none.
pub fn transform<T: Tracer>(r: &Parts<'_>, base: Option<&Parts<'_>>, tr: &mut T) -> Option<Target> {
    let owned = |s: Option<&str>| s.map(str::to_owned);
    // RFC 3986 5.2.2, defined(R.scheme): everything from R.
    if let Some(scheme) = r.scheme {
        record_set(
            tr,
            StepId::Rfc3986TargetScheme,
            Component::Scheme,
            Some(scheme),
            FROM_R,
        );
        record_authority(
            tr,
            r.authority,
            "the reference has a scheme: its authority is used",
        );
        let path = traced_dots(r.path, tr, "the reference has a scheme: its own path");
        record_set(
            tr,
            StepId::Rfc3986TargetQuery,
            Component::Query,
            r.query,
            FROM_R,
        );
        let (authority, query) = (owned(r.authority), owned(r.query));
        return Some(with_fragment(scheme, authority, path, query, r, tr));
    }
    let base = base?;
    let scheme = base.scheme?;
    let why = "the reference has none: the base's";
    record_set(
        tr,
        StepId::Rfc3986TargetScheme,
        Component::Scheme,
        Some(scheme),
        why,
    );
    // RFC 3986 5.2.2, defined(R.authority): authority, path and query from R.
    if r.authority.is_some() {
        record_authority(
            tr,
            r.authority,
            "the reference has an authority: it is used",
        );
        let path = traced_dots(r.path, tr, "the reference has an authority: its own path");
        record_set(
            tr,
            StepId::Rfc3986TargetQuery,
            Component::Query,
            r.query,
            FROM_R,
        );
        let (authority, query) = (owned(r.authority), owned(r.query));
        return Some(with_fragment(scheme, authority, path, query, r, tr));
    }
    let why = "the reference has no scheme and no authority: the base's";
    record_authority(tr, base.authority, why);
    let (path, query) = path_and_query(r, base, tr);
    let (authority, query) = (owned(base.authority), owned(query));
    Some(with_fragment(scheme, authority, path, query, r, tr))
}

/// RFC 3986 5.2.2, the branch of a reference with neither scheme nor
/// authority: the target's path and query.
fn path_and_query<'a, T: Tracer>(
    r: &Parts<'a>,
    base: &Parts<'a>,
    tr: &mut T,
) -> (String, Option<&'a str>) {
    if r.path.is_empty() {
        // RFC 3986 5.2.2, R.path == "": the base path as it is.
        tr.record(|| {
            Step::change(
                StepId::Rfc3986TargetPath,
                Component::Path,
                None,
                Some(base.path),
            )
            .decide("the reference's path is empty: the base's path, unchanged")
        });
        // RFC 3986 5.2.2, defined(R.query), else Base.query.
        let (query, why) = match r.query {
            Some(q) => (Some(q), FROM_R),
            None => (
                base.query,
                "the reference has none and an empty path: the base's",
            ),
        };
        record_set(tr, StepId::Rfc3986TargetQuery, Component::Query, query, why);
        return (base.path.to_owned(), query);
    }
    let path = if r.path.starts_with('/') {
        // RFC 3986 5.2.2, R.path starting with "/".
        traced_dots(
            r.path,
            tr,
            "the reference's path starts with '/': it is used",
        )
    } else {
        // RFC 3986 5.2.2: merge (5.2.3), then remove_dot_segments.
        let merged = merge(base, r.path, tr);
        let why = "the reference's path is relative: merged with the base's";
        traced_dots(&merged, tr, why)
    };
    record_set(
        tr,
        StepId::Rfc3986TargetQuery,
        Component::Query,
        r.query,
        FROM_R,
    );
    (path, r.query)
}

/// RFC 3986 5.2.2, last line: T.fragment = R.fragment, and the target.
fn with_fragment<T: Tracer>(
    scheme: &str,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    r: &Parts<'_>,
    tr: &mut T,
) -> Target {
    record_set(
        tr,
        StepId::Rfc3986TargetFragment,
        Component::Fragment,
        r.fragment,
        "always the reference's",
    );
    Target {
        scheme: scheme.to_owned(),
        authority,
        path,
        query,
        fragment: r.fragment.map(str::to_owned),
    }
}

/// Records that the target's `component` was set to `value`.
fn record_set<T: Tracer>(
    tr: &mut T,
    id: StepId,
    component: Component,
    value: Option<&str>,
    why: &str,
) {
    tr.record(|| Step::change(id, component, None, value).decide(why));
}

/// Records the target's authority (a whole authority is no one component,
/// so the step names none).
fn record_authority<T: Tracer>(tr: &mut T, authority: Option<&str>, why: &str) {
    tr.record(|| {
        Step {
            after: authority.map(str::to_owned),
            changes: true,
            ..Step::new(StepId::Rfc3986TargetAuthority)
        }
        .decide(match authority {
            Some(_) => why.to_owned(),
            None => format!("{why} (there is none)"),
        })
    });
}

/// Records the target path's branch, then runs 5.2.4 on `path` (its turns
/// recorded after the branch).
fn traced_dots<T: Tracer>(path: &str, tr: &mut T, why: &str) -> String {
    tr.record(|| {
        Step::change(StepId::Rfc3986TargetPath, Component::Path, None, Some(path))
            .decide(format!("{why}, then remove_dot_segments (5.2.4)"))
    });
    remove_dot_segments(path, tr)
}

/// RFC 3986 5.2.3: the reference's relative path merged with the base's.
fn merge<T: Tracer>(base: &Parts<'_>, r_path: &str, tr: &mut T) -> String {
    // 5.2.3, first case: an authority and an empty path.
    if base.authority.is_some() && base.path.is_empty() {
        let merged = format!("/{r_path}");
        tr.record(|| {
            Step::change(
                StepId::Rfc3986MergeEmptyBase,
                Component::Path,
                Some(base.path),
                Some(&merged),
            )
            .decide(format!("'/' and {r_path:?}"))
        });
        return merged;
    }
    // 5.2.3, second case: all but the base path's last segment, or nothing
    // when it has no '/' at all.
    match base.path.rfind('/') {
        Some(slash) => {
            let kept = &base.path[..=slash];
            let merged = format!("{kept}{r_path}");
            tr.record(|| {
                Step::change(
                    StepId::Rfc3986MergeCut,
                    Component::Path,
                    Some(base.path),
                    Some(&merged),
                )
                .decide(format!(
                    "{:?} goes, {r_path:?} takes its place",
                    &base.path[slash + 1..]
                ))
            });
            merged
        }
        None => {
            tr.record(|| {
                Step::change(
                    StepId::Rfc3986MergeNoSlash,
                    Component::Path,
                    Some(base.path),
                    Some(r_path),
                )
                .decide(format!(
                    "the base path {:?} has no '/': all of it goes",
                    base.path
                ))
            });
            r_path.to_owned()
        }
    }
}

/// RFC 3986 5.3: the target as a string. A path that starts with `//`
/// where there is no authority would read back as one (3.3 forbids such a
/// path there), so it is written with `/.` in front, which 5.2.4 and 6.2.2.3
/// take away again: the same target, and a string that means it.
pub fn recompose<T: Tracer>(t: &Target, tr: &mut T) -> String {
    let mut s = String::with_capacity(
        t.scheme.len()
            + t.authority.as_ref().map_or(0, |a| a.len() + 2)
            + t.path.len()
            + 2
            + t.query.as_ref().map_or(0, String::len)
            + t.fragment.as_ref().map_or(0, String::len),
    );
    s.push_str(&t.scheme);
    s.push(':');
    if let Some(authority) = &t.authority {
        s.push_str("//");
        s.push_str(authority);
    }
    let dot_prefix = t.authority.is_none() && t.path.starts_with("//");
    if dot_prefix {
        s.push_str("/.");
    }
    s.push_str(&t.path);
    if let Some(query) = &t.query {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = &t.fragment {
        s.push('#');
        s.push_str(fragment);
    }
    tr.record(|| {
        Step {
            after: Some(s.clone()),
            changes: true,
            ..Step::new(StepId::Rfc3986Recompose)
        }
        .decide("scheme ':', then '//' and the authority if defined, the path, '?' and the query if defined, '#' and the fragment if defined")
    });
    if dot_prefix {
        tr.record(|| {
            Step::change(
                StepId::Rfc3986DotPrefix,
                Component::Path,
                Some(&t.path),
                Some(&format!("/.{}", t.path)),
            )
            .decide("no authority and a path starting with \"//\": \"/.\" is written before it")
        });
    }
    s
}
